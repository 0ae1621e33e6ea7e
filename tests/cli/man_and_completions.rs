//! `grundy completions` and `grundy man`: scripts and pages made from the
//! command line's own definitions, which a shell and `man` can read.

use super::support::{grundy, stderr};
use std::path::Path;
use std::process::{Command, Output};

fn stdout(run: &Output) -> String {
    String::from_utf8(run.stdout.clone()).expect("UTF-8 output")
}

/// Whether `bash` can be run here.
fn has_bash() -> bool {
    Command::new("bash")
        .args(["-c", "true"])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn every_shell_gets_a_script_naming_the_commands() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let run = grundy(&["completions", shell]);
        assert!(run.status.success(), "{shell}: {}", stderr(&run));
        let script = stdout(&run);
        assert!(script.contains("grundy"), "{shell}: {script}");
        for command in ["build", "init", "new", "nim-sum"] {
            assert!(script.contains(command), "{shell} misses {command}");
        }
    }
}

#[test]
fn bash_reads_its_script_and_completes_grundy() {
    if !has_bash() {
        eprintln!("no bash here: its script is not read");
        return;
    }
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("grundy.bash");
    let run = grundy(&["completions", "bash"]);
    assert!(run.status.success(), "{}", stderr(&run));
    std::fs::write(&file, &run.stdout).expect("the script is written");
    let file = file.to_str().expect("a UTF-8 path");
    let parsed = Command::new("bash")
        .args(["-n", file])
        .output()
        .expect("bash runs");
    assert!(parsed.status.success(), "{}", stderr(&parsed));
    let sourced = Command::new("bash")
        .args(["-c", &format!("source '{file}' && complete -p grundy")])
        .output()
        .expect("bash runs");
    assert!(sourced.status.success(), "{}", stderr(&sourced));
    assert!(stdout(&sourced).contains("grundy"), "{}", stdout(&sourced));
}

#[test]
fn an_unknown_shell_is_refused_by_the_parser() {
    let run = grundy(&["completions", "tcsh"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("possible values"), "{}", stderr(&run));
    assert!(run.stdout.is_empty());
}

#[test]
fn the_man_page_lists_every_command() {
    let run = grundy(&["man"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let page = stdout(&run);
    assert!(page.contains(".TH grundy 1"), "{page}");
    assert!(page.contains(".SH SUBCOMMANDS"), "{page}");
    for command in [
        "build",
        "check",
        "serve",
        "init",
        "new",
        "completions",
        "nim\\-sum",
    ] {
        assert!(
            page.contains(&format!("grundy\\-{command}(1)")),
            "{command}: {page}"
        );
    }
    assert!(!page.contains("grundy\\-help"), "{page}");
}

#[test]
fn man_out_writes_a_page_per_command() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let out = dir.path().join("man/man1");
    let run = grundy(&["man", "--out", out.to_str().expect("a UTF-8 path")]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(run.stdout.is_empty());
    for name in [
        "grundy.1",
        "grundy-build.1",
        "grundy-init.1",
        "grundy-new.1",
        "grundy-value.1",
    ] {
        let page = std::fs::read_to_string(out.join(name)).expect("the page is written");
        assert!(page.contains(".TH "), "{name}: {page}");
    }
    let page = std::fs::read_to_string(out.join("grundy-init.1")).expect("written");
    assert!(page.contains("\\-\\-templates"), "{page}");
}

#[test]
fn man_out_refuses_a_file() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("pages");
    std::fs::write(&file, "mine").expect("a file");
    let run = grundy(&["man", "--out", file.to_str().expect("a UTF-8 path")]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    assert!(stderr(&run).contains("not a directory"), "{}", stderr(&run));
    assert_eq!(
        std::fs::read_to_string(Path::new(&file)).expect("kept"),
        "mine"
    );
}

#[test]
fn man_out_refuses_a_dangling_symlink_and_makes_nothing_at_its_target() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let link = dir.path().join("pages");
    let target = dir.path().join("nowhere");
    std::os::unix::fs::symlink(&target, &link).expect("a symlink");
    let run = grundy(&["man", "--out", link.to_str().expect("a UTF-8 path")]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    assert!(stderr(&run).contains("not a directory"), "{}", stderr(&run));
    assert!(!target.exists());
}

#[test]
fn man_out_writes_through_no_link_and_over_no_file() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let out = dir.path().join("pages");
    std::fs::create_dir(&out).expect("a directory");
    let outside = dir.path().join("outside");
    std::fs::write(&outside, "theirs").expect("a file");
    std::os::unix::fs::symlink(&outside, out.join("grundy.1")).expect("a symlink");
    std::fs::write(out.join("grundy-build.1"), "mine").expect("a file");
    let run = grundy(&["man", "--out", out.to_str().expect("a UTF-8 path")]);
    let err = stderr(&run);
    assert_eq!(run.status.code(), Some(2), "{err}");
    assert!(err.starts_with("error: "), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    for name in ["grundy.1", "grundy-build.1"] {
        assert!(err.contains(name), "{name}: {err}");
    }
    assert_eq!(std::fs::read_to_string(&outside).expect("kept"), "theirs");
    assert_eq!(
        std::fs::read_to_string(out.join("grundy-build.1")).expect("kept"),
        "mine"
    );
    assert!(!out.join("grundy-init.1").exists(), "nothing is written");
}
