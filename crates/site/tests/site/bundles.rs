//! Page bundles against hostile sites: links out of the root, pipes, huge and
//! numerous files, names the build writes itself, Markdown inside a bundle.

use std::path::Path;

use grundy_site::load::bundle::{MAX_BUNDLE_BYTES, MAX_FILE_BYTES, MAX_FILES, MAX_SITE_BYTES};
use grundy_site::pipeline::{self, Options};
use grundy_site::{Cache, Kinds, Report, Site};

const ESSAY: &str = "+++\ntitle = \"T\"\ndate = 2026-01-01\ndescription = \"D\"\n+++\n\nText.\n";

/// A site in a temporary directory whose `content/essay/` is a bundle.
fn site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("content/essay")).unwrap();
    std::fs::write(dir.path().join("content/essay/index.md"), ESSAY).unwrap();
    std::fs::write(dir.path().join("grundy.toml"), "social_cards = false\n").unwrap();
    dir
}

fn generate(root: &Path) -> Result<Site, Report> {
    pipeline::generate(
        root,
        &Kinds::default(),
        &Cache::default(),
        &Options::default(),
    )
}

fn report(root: &Path) -> String {
    match generate(root) {
        Ok(site) => panic!("should fail, built {:?}", site.files.keys()),
        Err(report) => report.to_string(),
    }
}

#[test]
fn a_bundle_is_named_by_its_directory_and_keeps_its_subdirectories() {
    let dir = site();
    let bundle = dir.path().join("content/essay");
    std::fs::create_dir_all(bundle.join("data/deep")).unwrap();
    std::fs::write(bundle.join("data/deep/x.csv"), "1,2\n").unwrap();
    for skipped in ["_private.txt", "figure.png~", "#index.md#", ".index.md.swp"] {
        std::fs::write(bundle.join(skipped), "no").unwrap();
    }
    std::fs::create_dir_all(bundle.join("inner")).unwrap();
    // A bundle inside a bundle is only files of the outer one: no essay.
    std::fs::write(bundle.join("inner/index.md"), ESSAY).unwrap();
    let site = generate(dir.path()).unwrap();
    assert_eq!(site.files["essay/data/deep/x.csv"], b"1,2\n");
    assert!(site.files.contains_key("essay/index.html"));
    let published: Vec<&String> = site
        .files
        .keys()
        .filter(|k| k.starts_with("essay/"))
        .collect();
    assert_eq!(published, ["essay/data/deep/x.csv", "essay/index.html"]);
    assert!(!site.files.contains_key("inner/index.html"));
    assert!(!site.files.keys().any(|k| k.ends_with(".md")));
    assert_eq!(site.summary.essays, 1);
}

#[test]
fn a_link_to_a_file_inside_the_root_is_followed_and_a_linked_directory_is_refused() {
    let dir = site();
    std::fs::create_dir_all(dir.path().join("shared")).unwrap();
    std::fs::write(dir.path().join("shared/a.txt"), "shared").unwrap();
    let bundle = dir.path().join("content/essay");
    std::os::unix::fs::symlink("../../shared/a.txt", bundle.join("a.txt")).unwrap();
    assert_eq!(
        generate(dir.path()).unwrap().files["essay/a.txt"],
        b"shared"
    );
    std::os::unix::fs::symlink("../../shared", bundle.join("dir")).unwrap();
    let report = report(dir.path());
    assert!(
        report.contains("content/essay/dir") && report.contains("a symbolic link to a directory"),
        "{report}"
    );
}

#[test]
fn a_link_out_of_the_root_is_refused_even_through_a_linked_root() {
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("secret"), "secret").unwrap();
    let dir = site();
    let bundle = dir.path().join("content/essay");
    std::os::unix::fs::symlink(outside.path().join("secret"), bundle.join("s.txt")).unwrap();
    // Reached through a link to the root, the rule is the same.
    let via = outside.path().join("via");
    std::os::unix::fs::symlink(dir.path(), &via).unwrap();
    for root in [dir.path(), via.as_path()] {
        let report = report(root);
        assert!(report.contains("outside the site's root"), "{report}");
        assert!(!report.contains("secret\n"), "{report}");
    }
}

#[test]
fn a_loop_of_links_is_refused() {
    let dir = site();
    let bundle = dir.path().join("content/essay");
    std::os::unix::fs::symlink("b.txt", bundle.join("a.txt")).unwrap();
    std::os::unix::fs::symlink("a.txt", bundle.join("b.txt")).unwrap();
    let report = report(dir.path());
    assert_eq!(report.matches("round in a loop").count(), 2, "{report}");
}

#[test]
fn a_pipe_in_a_bundle_is_refused_without_being_opened() {
    let dir = site();
    let fifo = dir.path().join("content/essay/pipe");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let report = report(dir.path());
    assert!(report.contains("content/essay/pipe"), "{report}");
    assert!(report.contains("not a regular file"), "{report}");
}

#[test]
fn a_file_past_the_size_limit_is_refused() {
    let dir = site();
    let big = std::fs::File::create(dir.path().join("content/essay/big.bin")).unwrap();
    big.set_len(MAX_FILE_BYTES + 1).unwrap();
    let report = report(dir.path());
    assert!(
        report.contains("content/essay/big.bin") && report.contains("more than the 64 MiB"),
        "{report}"
    );
}

#[test]
fn a_bundle_past_its_total_size_is_refused() {
    let dir = site();
    let files = MAX_BUNDLE_BYTES / MAX_FILE_BYTES + 1;
    for n in 0..files {
        let f = std::fs::File::create(dir.path().join(format!("content/essay/{n}.bin"))).unwrap();
        f.set_len(MAX_FILE_BYTES).unwrap();
    }
    let report = report(dir.path());
    assert!(
        report.contains("more than the 256 MiB a bundle may hold"),
        "{report}"
    );
}

#[test]
fn bundles_past_the_sites_total_size_are_refused_in_path_order() {
    let dir = site();
    let per_bundle = MAX_SITE_BYTES / MAX_BUNDLE_BYTES + 1;
    for b in 0..per_bundle {
        let bundle = dir.path().join(format!("content/b{b}"));
        std::fs::create_dir_all(&bundle).unwrap();
        std::fs::write(bundle.join("index.md"), ESSAY).unwrap();
        for n in 0..MAX_BUNDLE_BYTES / MAX_FILE_BYTES {
            let f = std::fs::File::create(bundle.join(format!("{n}.bin"))).unwrap();
            f.set_len(MAX_FILE_BYTES).unwrap();
        }
    }
    let report = report(dir.path());
    assert_eq!(report.matches("error:").count(), 1, "{report}");
    let last = format!("content/b{}", per_bundle - 1);
    assert!(
        report.contains(&last) && report.contains("1024 MiB"),
        "{report}"
    );
}

#[test]
fn a_bundle_past_its_file_count_is_refused() {
    let dir = site();
    for n in 0..=MAX_FILES {
        std::fs::write(dir.path().join(format!("content/essay/{n}.txt")), "").unwrap();
    }
    let report = report(dir.path());
    assert!(report.contains("more than 1000 files"), "{report}");
    assert_eq!(report.matches("error:").count(), 1, "{report}");
}

#[test]
fn a_bundle_file_at_an_address_the_build_writes_is_refused() {
    let dir = site();
    std::fs::write(dir.path().join("content/essay/index.html"), "mine").unwrap();
    std::fs::create_dir_all(dir.path().join("static/essay")).unwrap();
    std::fs::write(dir.path().join("static/essay/x.png"), "static").unwrap();
    std::fs::write(dir.path().join("content/essay/x.png"), "bundle").unwrap();
    let report = report(dir.path());
    assert!(
        report.contains("`essay/index.html` is also written"),
        "{report}"
    );
    assert!(report.contains("`essay/x.png` is also written"), "{report}");
}

/// `build` writes an essay's page and card before it reads the bundles'
/// files in: a bundle file at the page's address is refused there too, and
/// nothing is written.
#[test]
fn a_bundle_file_at_a_page_written_early_is_refused() {
    let dir = site();
    std::fs::write(dir.path().join("grundy.toml"), "").unwrap();
    let card = |dir: &Path| {
        let essay = dir.join("essay");
        let names = std::fs::read_dir(essay)
            .unwrap()
            .map(|e| e.unwrap().file_name());
        names
            .map(|n| n.to_string_lossy().into_owned())
            .find(|n| n.starts_with("card-"))
    };
    let out = tempfile::tempdir().unwrap();
    let public = out.path().join("public");
    let build = || {
        pipeline::build(
            dir.path(),
            &public,
            &Kinds::default(),
            &Cache::default(),
            &Options {
                card_cache: Some(out.path().join("cards")),
                ..Options::default()
            },
        )
    };
    build().unwrap();
    let card = card(&public).expect("the essay has a card");
    std::fs::remove_dir_all(&public).unwrap();
    for name in ["index.html", card.as_str()] {
        std::fs::write(dir.path().join("content/essay").join(name), "mine").unwrap();
    }
    let report = build().unwrap_err().to_string();
    for name in ["index.html", card.as_str()] {
        assert!(
            report.contains(&format!("`essay/{name}` is also written")),
            "{report}"
        );
    }
    assert!(!public.exists(), "nothing is written");
}

#[test]
fn a_bundle_and_an_essay_of_the_same_name_share_a_slug_and_are_refused() {
    let dir = site();
    std::fs::write(dir.path().join("content/essay.md"), ESSAY).unwrap();
    let report = report(dir.path());
    assert!(report.contains("duplicate slug: `essay`"), "{report}");
}

#[test]
fn a_draft_bundle_publishes_nothing_unless_drafts_are_asked_for() {
    let dir = site();
    let draft = ESSAY.replace("+++\n\n", "draft = true\n+++\n\n");
    std::fs::write(dir.path().join("content/essay/index.md"), draft).unwrap();
    std::fs::write(dir.path().join("content/essay/a.txt"), "a").unwrap();
    std::fs::write(dir.path().join("content/other.md"), ESSAY).unwrap();
    let site = generate(dir.path()).unwrap();
    assert!(!site.files.contains_key("essay/a.txt"));
    let drafts = Options {
        drafts: true,
        ..Options::default()
    };
    let site =
        pipeline::generate(dir.path(), &Kinds::default(), &Cache::default(), &drafts).unwrap();
    assert_eq!(site.files["essay/a.txt"], b"a");
}
