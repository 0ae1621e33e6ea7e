//! The calculator's standard output when its reader goes away (a closed
//! pipe: a quiet end) or its disk is full (an error, never a panic).

use std::io::Read;
use std::process::{Command, Stdio};

fn grundy() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    command.env("RUST_BACKTRACE", "0");
    command
}

#[test]
fn a_pipe_closed_after_ten_bytes_ends_the_table_quietly() {
    let mut child = grundy()
        .args(["table", "nim", "1000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 10];
    stdout.read_exact(&mut first).expect("ten bytes");
    assert_eq!(&first, b"0 1 2 3 4 ");
    drop(stdout);
    let out = child.wait_with_output().expect("the binary ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr, "");
}

#[test]
fn a_full_disk_is_an_error_on_stderr() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full opens");
    for args in [
        &["value", "nim", "3"][..],
        &["value", "nim", "3", "--json"],
        &["nim-sum", "1", "2"],
    ] {
        let out = grundy()
            .args(args)
            .stdout(full.try_clone().expect("a second handle"))
            .stderr(Stdio::piped())
            .output()
            .expect("the binary runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert_eq!(
            stderr, "error: cannot write the output: No space left on device (os error 28)\n",
            "{args:?}"
        );
    }
}

#[test]
fn a_pipe_closed_during_a_game_ends_it_quietly() {
    let mut child = grundy()
        .args(["play", "nim", "3,5"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 3];
    stdout.read_exact(&mut first).expect("three bytes");
    assert_eq!(&first, b"nim");
    drop(stdout);
    // Hints until the game notices its reader is gone (a pipe holds 64 KiB).
    let hints = "hint\n".repeat(100_000);
    let mut stdin = child.stdin.take().expect("stdin");
    let _ = std::io::Write::write_all(&mut stdin, hints.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().expect("the binary ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr, "");
}

#[test]
fn a_build_whose_stderr_reader_went_away_still_builds_and_exits_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("content")).unwrap();
    std::fs::write(
        root.join("content/a.md"),
        "+++\ntitle = \"A\"\ndate = 2026-01-01\ndescription = \"D\"\n+++\n\nText.\n",
    )
    .unwrap();
    let mut child = grundy()
        .args(["build"])
        .current_dir(root)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // The reader of its warnings and summary closes before any is written.
    drop(child.stderr.take());
    let status = child.wait().expect("the binary ends");
    assert_eq!(status.code(), Some(0), "a closed stderr is not a crash");
    assert!(root.join("public/a/index.html").is_file());
}
