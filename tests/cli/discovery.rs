//! Which site a command finds when no `--root` is given: the nearest one
//! around the current directory that is the user's, named when it is above.

use std::os::unix::fs::{MetadataExt as _, PermissionsExt as _};
use std::path::Path;
use std::process::{Command, Output};

use super::support::stderr;

/// `grundy ARGS` run in `cwd`.
fn grundy_in(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(cwd)
        .env("RUST_BACKTRACE", "0")
        .output()
        .expect("grundy runs")
}

/// A site at `dir`: settings and one essay.
fn site_at(dir: &Path) {
    std::fs::create_dir_all(dir.join("content")).expect("content/");
    std::fs::write(dir.join("grundy.toml"), "social_cards = false\n").expect("settings");
    std::fs::write(
        dir.join("content/a.md"),
        "+++\ntitle = \"A\"\ndate = 2026-01-01\ndescription = \"D\"\n+++\n\nText.\n",
    )
    .expect("an essay");
}

/// Asserts that `grundy check` run in `cwd` finds no site: it names the
/// current directory, exit 2, and leaves nothing beside the site above.
#[track_caller]
fn no_site_found(cwd: &Path, above: &Path) {
    let run = grundy_in(cwd, &["check"]);
    let err = stderr(&run);
    assert_eq!(run.status.code(), Some(2), "{err}");
    assert!(err.contains("the site's root ."), "{err}");
    assert!(!err.contains("checked"), "{err}");
    assert!(!err.contains("using the site"), "{err}");
    assert!(!above.join(".grundy-cache").exists());
}

#[test]
fn a_site_in_a_shared_sticky_directory_is_not_taken_from_below_it() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let shared = dir.path().join("shared");
    std::fs::create_dir(&shared).expect("a directory");
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o1777))
        .expect("made sticky and writable by all");
    site_at(&shared);
    let work = shared.join("mine/work");
    std::fs::create_dir_all(&work).expect("a directory");
    no_site_found(&work, &shared);
}

#[test]
fn a_site_in_another_users_directory_is_not_taken_from_below_it() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let theirs = dir.path().join("theirs");
    site_at(&theirs);
    let work = theirs.join("mine");
    std::fs::create_dir(&work).expect("a directory");
    let me = std::fs::metadata(dir.path()).expect("its owner").uid();
    let other = if me == 12_345 { 12_346 } else { 12_345 };
    if std::os::unix::fs::chown(&theirs, Some(other), None).is_err() {
        eprintln!("cannot give a directory to another user here: not tested");
        return;
    }
    no_site_found(&work, &theirs);
}

#[test]
fn a_site_found_above_the_current_directory_is_named() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let site = dir.path().join("site");
    site_at(&site);
    std::fs::create_dir_all(site.join("games")).expect("games/");
    std::fs::write(
        site.join("games/take.rhai"),
        "const POSITION = \"integer\";\nfn moves(n) { if n > 0 { [n - 1] } else { [] } }\n",
    )
    .expect("a game");
    let inside = site.join("content/notes");
    std::fs::create_dir_all(&inside).expect("a directory");
    let whole = site.canonicalize().expect("the site's path");
    let named = format!(
        "using the site at {} (found above the current directory)\n",
        whole.display()
    );
    for args in [
        &["check"][..],
        &["value", "site:take", "3"],
        &["new", "Second thoughts"],
    ] {
        let run = grundy_in(&inside, args);
        let err = stderr(&run);
        assert!(run.status.success(), "{args:?}: {err}");
        assert!(err.starts_with(&named), "{args:?}: {err}");
        assert_eq!(err.matches("using the site").count(), 1, "{args:?}: {err}");
    }
    // Where the site is not used, or is the current directory, nothing is said.
    for (cwd, args) in [(&inside, &["value", "nim", "3"][..]), (&site, &["check"])] {
        let run = grundy_in(cwd, args);
        let err = stderr(&run);
        assert!(run.status.success(), "{args:?}: {err}");
        assert!(!err.contains("using the site"), "{args:?}: {err}");
    }
}
