//! `grundy serve` from the outside: it listens on loopback unless told otherwise, and serves only its directory.

use clap::Parser;
use grundy::cli::{Cli, Command};
use grundy::site::serve::resolve::{Refused, resolve};
use std::path::Path;

#[test]
fn serve_binds_loopback_on_port_1111_by_default() {
    let cli = Cli::try_parse_from(["grundy", "serve"]).unwrap();
    match cli.command {
        Command::Serve {
            interface, port, ..
        } => {
            assert_eq!(interface, "127.0.0.1");
            assert_eq!(port, 1111);
        }
        other => panic!("parsed as {other:?}"),
    }
    let cli = Cli::try_parse_from([
        "grundy",
        "serve",
        "--interface",
        "0.0.0.0",
        "--port",
        "8080",
    ])
    .unwrap();
    assert!(
        matches!(cli.command, Command::Serve { ref interface, port: 8080, .. } if interface == "0.0.0.0")
    );
}

#[test]
fn the_preview_listens_where_it_is_told() {
    let dir = tempfile::tempdir().unwrap();
    let preview =
        grundy::site::serve::Preview::bind("127.0.0.1", 0, dir.path().to_path_buf()).unwrap();
    let addr = preview.address().unwrap();
    assert!(addr.ip().is_loopback());
    assert_ne!(addr.port(), 0);
}

#[test]
fn request_paths_never_leave_the_site() {
    let root = Path::new("/site");
    for url in [
        "/../x",
        "/a/../../x",
        "/%2e%2e/x",
        "/%2E%2e/x",
        "/a/%2f..%2f..%2fx",
        "/%2f..",
        "/..%2f..%2fx",
        "/..%5c..%5cx",
        "/a/..\\..\\x",
        "/%252e%252e/x/%2e",
        "/.",
    ] {
        assert_eq!(resolve(root, url), Err(Refused::Traversal), "{url}");
    }
    // A doubly encoded dot is a file named `%2e`, inside the site.
    assert_eq!(resolve(root, "/%252e%252e/x"), Ok(root.join("%2e%2e/x")));
    assert_eq!(resolve(root, "/nim/"), Ok(root.join("nim/index.html")));
}

proptest::proptest! {
    /// Whatever the request, a resolved path stays under the root and never climbs.
    #[test]
    fn no_request_path_resolves_outside_the_root(url in "/[a-z./%2eEfF5cC\\\\:~0-9]{0,24}") {
        let root = Path::new("/site");
        if let Ok(path) = resolve(root, &url) {
            proptest::prop_assert!(path.starts_with(root));
            proptest::prop_assert!(path.components().all(|c| matches!(c, std::path::Component::RootDir | std::path::Component::Normal(_))), "{:?}", path);
        }
    }
}

#[test]
fn ctrl_c_ends_the_preview_and_removes_its_files() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};

    let dir = tempfile::tempdir().unwrap();
    let (site, tmp) = (dir.path().join("site"), dir.path().join("tmp"));
    std::fs::create_dir_all(site.join("content")).unwrap();
    std::fs::create_dir_all(&tmp).unwrap();
    std::fs::write(
        site.join("content/a.md"),
        "+++\ntitle = \"A\"\ndate = 2026-01-01\ndescription = \"One essay.\"\n+++\n\nText.\n",
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["serve", "--port", "0", "--root"])
        .arg(&site)
        .env("TMPDIR", &tmp)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let serving = lines
        .by_ref()
        .map_while(Result::ok)
        .find(|l| l.starts_with("serving on"));
    assert!(serving.is_some(), "the preview never said it was serving");
    let listed = |d: &Path| std::fs::read_dir(d).unwrap().count();
    assert_eq!(listed(&tmp), 1, "the preview keeps its files in TMPDIR");

    // The shell's own kill: no procps needed.
    let killed = Command::new("sh")
        .args(["-c", &format!("kill -INT {}", child.id())])
        .status()
        .unwrap();
    assert!(killed.success());
    // Wait for it to end, for ten seconds at most.
    let mut status = None;
    for _ in 0..200 {
        status = child.try_wait().unwrap();
        if status.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let Some(status) = status else {
        let _ = child.kill();
        panic!("the preview did not stop on Ctrl-C");
    };
    assert_eq!(status.code(), Some(130));
    assert_eq!(listed(&tmp), 0, "Ctrl-C left the preview's files behind");
}
