//! Games a site defines (`games/NAME.rhai`): a site made by `grundy init`
//! that follows the guide's example (`docs/content/games.md`), and the calculator's `--root`.

use std::path::Path;
use std::process::{Command, Output};

use super::support::output_of;

fn grundy(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(dir)
        .env("RUST_BACKTRACE", "0")
        .output()
        .expect("grundy runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The indented code blocks of the guide's page "Games of your own" (the
/// script), each with its four spaces taken off.
fn guide_examples() -> Vec<String> {
    let page = std::fs::read_to_string("docs/content/games.md").unwrap();
    let mut blocks: Vec<String> = Vec::new();
    let mut current: Option<String> = None;
    for line in page.lines() {
        match (line.strip_prefix("    "), &mut current) {
            (Some(code), Some(block)) => {
                block.push_str(code);
                block.push('\n');
            }
            (Some(code), None) => current = Some(format!("{code}\n")),
            (None, _) if line.is_empty() => {
                if let Some(block) = &mut current {
                    block.push('\n');
                }
            }
            (None, _) => blocks.extend(current.take()),
        }
    }
    blocks.extend(current);
    blocks
        .iter()
        .map(|b| b.trim_end().to_owned() + "\n")
        .collect()
}

/// The site of `grundy init` with the guide's game and directives added,
/// exactly as the guide says.
fn site_from_the_guide() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let run = grundy(dir.path(), &["init", "site"]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let root = dir.path().join("site");
    let examples = guide_examples();
    let script = examples
        .iter()
        .find(|b| b.contains("fn moves"))
        .expect("the guide's script");
    assert_eq!(
        std::fs::read_to_string("docs/games/take-away.rhai").unwrap(),
        *script,
        "the guide's own copy of the script is the one it shows"
    );
    let page = std::fs::read_to_string("docs/content/games.md").unwrap();
    let directives = page
        .split_once("````markdown\n")
        .and_then(|(_, rest)| rest.split_once("````\n"))
        .map(|(shown, _)| shown)
        .expect("the guide's directives, shown in a markdown block");
    std::fs::create_dir_all(root.join("games")).unwrap();
    std::fs::write(root.join("games/take-away.rhai"), script).unwrap();
    let essay_path = root.join("content/turning-turtles.md");
    let mut essay = std::fs::read_to_string(&essay_path).unwrap();
    essay.push('\n');
    essay.push_str(directives);
    std::fs::write(&essay_path, essay).unwrap();
    dir
}

#[test]
fn a_site_made_by_init_defines_draws_and_plays_the_guides_game() {
    let dir = site_from_the_guide();
    let root = dir.path().join("site");
    let run = grundy(&root, &["build"]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let page = std::fs::read_to_string(root.join("public/turning-turtles/index.html")).unwrap();
    assert!(
        page.contains("values of positions 0 to 11 in take-away: 0, 1, 2, 3, 0, 1, 2, 3"),
        "the value table is drawn"
    );
    assert!(page.contains("data-grundy-play"), "the heaps are playable");
    assert!(
        page.contains("&quot;game&quot;:&quot;site:take-away&quot;")
            || page.contains("\"game\":\"site:take-away\""),
        "the page embeds the game's table"
    );
    assert!(page.contains("js/play.js"), "the page loads the player");
}

#[test]
fn the_calculator_reads_a_sites_games_from_root() {
    let dir = site_from_the_guide();
    let root = dir.path().join("site");
    let at = root.to_str().unwrap();
    let run = grundy(dir.path(), &["table", "site:take-away", "6", "--root", at]);
    assert_eq!(text(&run.stdout), "0 1 2 3 0 1\n", "{}", text(&run.stderr));
    let run = grundy(dir.path(), &["move", "site:take-away", "7", "--root", at]);
    assert_eq!(text(&run.stdout), "take 3, leaving 4\n");
    // `--root` is `.` by default.
    let run = grundy(&root, &["value", "site:take-away", "8"]);
    assert!(
        text(&run.stdout).starts_with("0\nP"),
        "{}",
        text(&run.stdout)
    );
    let run = grundy(&root, &["play", "site:take-away", "5"]);
    assert!(text(&run.stdout).contains("site:take-away from 5"));
    // The example move is a position of this one-heap game, not of Nim.
    assert!(
        text(&run.stdout).contains("Type the position to leave (e.g. `4`)"),
        "{}",
        text(&run.stdout)
    );
    // Elsewhere the site's games are not there.
    let run = grundy(dir.path(), &["value", "site:take-away", "8"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(
        text(&run.stderr)
            .contains("it has none: `site:take-away` would be defined in games/take-away.rhai")
    );
    let run = grundy(&root, &["value", "site:take-awey", "8"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(
        text(&run.stderr).contains("did you mean `site:take-away`?"),
        "{}",
        text(&run.stderr)
    );
}

#[test]
fn an_unknown_game_lists_the_sites_games_and_a_misspelt_prefix_is_put_right() {
    let dir = site_from_the_guide();
    let root = dir.path().join("site");
    let run = grundy(&root, &["value", "chess", "3"]);
    assert_eq!(run.status.code(), Some(2));
    let stderr = text(&run.stderr);
    assert!(
        stderr.contains("misere:GAME (like misere:kayles), site:take-away\n"),
        "{stderr}"
    );
    for misspelt in ["sight:take-away", "sit:take-away"] {
        let run = grundy(&root, &["value", misspelt, "3"]);
        assert_eq!(run.status.code(), Some(2));
        let stderr = text(&run.stderr);
        assert!(
            stderr.contains("did you mean `site:take-away`?"),
            "{stderr}"
        );
    }
    // Without games of its own, the listing shows how a site would name one.
    let run = grundy(dir.path(), &["value", "chess", "3"]);
    let stderr = text(&run.stderr);
    assert!(
        stderr.contains(", site:NAME (defined in games/NAME.rhai)\n"),
        "{stderr}"
    );
}

#[test]
fn the_calculator_shows_a_scripts_fault_in_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join("games")).unwrap();
    let loops = "// Never ends.\nfn moves(n) {\n    loop { n += 1; }\n}\n";
    std::fs::write(root.join("games/loops.rhai"), loops).unwrap();
    std::fs::write(
        root.join("games/broken.rhai"),
        "fn moves(n) {\n  [n +]\n}\n",
    )
    .unwrap();
    let run = grundy(root, &["value", "site:loops", "3"]);
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(
        text(&run.stderr),
        "error: game script: `moves` ran past 1000000 operations in one call (a loop that never ends?)\n \
         --> games/loops.rhai:2:1\n  |\n2 | fn moves(n) {\n  | ^\n"
    );
    let run = grundy(root, &["table", "site:broken", "3"]);
    assert_eq!(run.status.code(), Some(2));
    let err = text(&run.stderr);
    assert!(err.contains("--> games/broken.rhai:2:7"), "{err}");
    assert!(err.contains("2 |   [n +]"), "{err}");
}

/// `grundy check` at `root`, killed if it hangs.
fn check(root: &Path) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["check", "--root", root.to_str().unwrap()])
        .env("RUST_BACKTRACE", "0")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("grundy runs");
    output_of(
        child,
        &format!("grundy check --root {} to end", root.display()),
    )
}

#[test]
fn a_pipe_or_a_device_among_a_sites_files_is_refused_without_being_read() {
    for (dir, file) in [
        ("games", "pipe.rhai"),
        ("static", "pipe.css"),
        ("templates", "pipe.html"),
    ] {
        let site = tempfile::tempdir().unwrap();
        let root = site.path().join("site");
        assert!(grundy(site.path(), &["init", "site"]).status.success());
        std::fs::create_dir_all(root.join(dir)).unwrap();
        let made = Command::new("mkfifo")
            .arg(root.join(dir).join(file))
            .status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo");
        let run = check(&root);
        // Whichever input directory holds it, it is an error at its path.
        assert!(!run.status.success(), "{}", text(&run.stderr));
        let named = text(&run.stderr).contains(&format!("{dir}/{file}"));
        assert!(named, "{}", text(&run.stderr));
        assert!(
            text(&run.stderr).contains("not a regular file"),
            "{}",
            text(&run.stderr)
        );
    }
    let site = tempfile::tempdir().unwrap();
    let root = site.path().join("site");
    assert!(grundy(site.path(), &["init", "site"]).status.success());
    std::fs::create_dir_all(root.join("games")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", root.join("games/zero.rhai")).unwrap();
    let run = check(&root);
    assert_eq!(run.status.code(), Some(1), "{}", text(&run.stderr));
    assert!(
        text(&run.stderr).contains("games/zero.rhai"),
        "{}",
        text(&run.stderr)
    );
}

#[test]
fn a_table_of_a_sites_game_past_the_positions_of_a_solve_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join("games")).unwrap();
    let chain = "fn moves(n) { if n == 0 { [] } else { [n - 1] } }\n";
    std::fs::write(root.join("games/chain.rhai"), chain).unwrap();
    let run = grundy(root, &["table", "site:chain", "200001"]);
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(
        text(&run.stderr),
        "error: the table's length is 200001, past the engine's limit of 200000 \
         (a solve of a site's game holds at most 200000 positions)\n"
    );
    assert!(run.stdout.is_empty());
}

#[test]
fn a_sum_of_many_parts_reads_the_sites_games_once() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join("games")).unwrap();
    let chain = "fn moves(n) { if n == 0 { [] } else { [n - 1] } }\n";
    for i in 0..50 {
        std::fs::write(root.join(format!("games/chain-{i}.rhai")), chain).unwrap();
    }
    let mut args = vec!["sum".to_owned()];
    args.extend((0..3000).map(|i| format!("site:chain-{}:{}", i % 50, usize::from(i == 2999))));
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(&args)
        .current_dir(root)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("grundy runs");
    // Each part compiling all 50 scripts again took many minutes: a hang.
    // That the scripts are read once is counted by `src/cli/site_games.rs`.
    let run = output_of(child, "a sum of 3000 parts of a site's games to end");
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let out = text(&run.stdout);
    assert_eq!(out.lines().next(), Some("1"), "{out}");
    assert!(out.contains("site:chain-49:1 = 1\n"), "{out}");
}
