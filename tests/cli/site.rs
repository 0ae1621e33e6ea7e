//! `grundy build` on every invalid fixture, as an author runs it: exit 1, a
//! report on stderr, no panic, and the previous output left as it was.

use std::path::Path;
use std::process::Command;

#[test]
fn every_invalid_site_exits_1_and_keeps_the_previous_output() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/site/tests/fixtures");
    let out = tempfile::tempdir().expect("a temporary directory");
    let public = out.path().join("public");
    std::fs::create_dir_all(&public).expect("public/ is made");
    std::fs::write(public.join("index.html"), "the previous site").expect("a page is written");
    // The mark of an output grundy made, which a build may replace.
    std::fs::write(public.join(".grundy-output"), "").expect("the marker is written");

    let mut sites: Vec<_> = std::fs::read_dir(fixtures.join("invalid"))
        .expect("the invalid fixtures")
        .map(|e| e.expect("an entry").path())
        .collect();
    sites.sort();
    assert!(
        sites.len() >= 30,
        "at least 30 malformed sites, found {}",
        sites.len()
    );
    for site in sites {
        let run = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["build", "--root"])
            .arg(&site)
            .arg("--output")
            .arg(&public)
            .env("RUST_BACKTRACE", "0")
            .output()
            .expect("grundy runs");
        let stderr = String::from_utf8_lossy(&run.stderr);
        let name = site.display();
        assert_eq!(run.status.code(), Some(1), "{name}: {stderr}");
        assert!(stderr.contains("build failed:"), "{name}: {stderr}");
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
        let kept =
            std::fs::read_to_string(public.join("index.html")).expect("the page is still there");
        assert_eq!(kept, "the previous site", "{name} changed public/");
        assert_eq!(
            std::fs::read_dir(&public).expect("public/").count(),
            2,
            "{name} added files"
        );
    }
}
