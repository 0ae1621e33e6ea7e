//! The preview's rebuild: the time from a saved edit of one essay to the new
//! build being ready, beside a full build, on a synthetic site of 1000 essays.
//!
//! The site comes from the generator of synthetic sites (`GEN_SITE`, by
//! default `../shared/bench/gen-site` beside the repository; `--flavor
//! grundy`, `BENCH_PAGES` essays, 1000 by default), with the built-in
//! templates and static files copied in as a site's own, as
//! `benches/site-vs-hugo.sh` does. Run with `cargo bench -p grundy-bench
//! --bench incremental` (with `GEN_SITE=PATH` from a worktree elsewhere).

use criterion::{Criterion, criterion_group, criterion_main};
use grundy_site::pipeline::{self, Options, Session};
use grundy_site::render::card_cache;
use grundy_site::{Cache, Kinds};
use std::path::{Path, PathBuf};
use std::process::Command;

/// What `serve` builds with (but the reload script, which changes nothing of the work).
fn options(root: &Path) -> Options {
    Options {
        drafts: true,
        inject: Some("<script></script>".to_owned()),
        card_cache: Some(card_cache::dir(root)),
        ..Options::default()
    }
}

/// A synthetic site of `BENCH_PAGES` essays, with its own templates and static files.
fn site() -> tempfile::TempDir {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let generator = std::env::var_os("GEN_SITE")
        .map_or_else(|| repo.join("../shared/bench/gen-site"), PathBuf::from);
    let pages = std::env::var("BENCH_PAGES").unwrap_or_else(|_| "1000".to_owned());
    let dir = tempfile::tempdir().expect("a temporary directory");
    let generated = Command::new(&generator)
        .arg(dir.path())
        .args(["--pages", &pages, "--flavor", "grundy"])
        .output()
        .unwrap_or_else(|e| panic!("cannot run {} (set GEN_SITE): {e}", generator.display()));
    assert!(generated.status.success(), "{generated:?}");
    for own in ["templates", "static"] {
        copy_dir(&repo.join(own), &dir.path().join(own));
    }
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.expect("a readable directory");
        let target = to.join(entry.path().strip_prefix(from).expect("under its root"));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).expect("a directory");
        } else {
            std::fs::copy(entry.path(), &target).expect("a copy");
        }
    }
}

/// Saves `path` with `from` replaced by `to`, or the other way round when it has `to`.
fn toggle(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).expect("the essay");
    let text = if text.contains(from) {
        text.replacen(from, to, 1)
    } else {
        text.replacen(to, from, 1)
    };
    std::fs::write(path, text).expect("the essay saved");
}

fn rebuild(c: &mut Criterion) {
    let dir = site();
    let root = dir.path();
    let kinds = Kinds::default();
    let essay = root.join("content/essay-00500.md");
    let mut group = c.benchmark_group("serve");
    group.sample_size(10);
    // What `serve` did on every change before it kept a session: a full
    // build, its social cards and directives already in the cache.
    let cache = Cache::default();
    group.bench_function("full build", |b| {
        b.iter(|| pipeline::generate_partial(root, &kinds, &cache, &options(root)))
    });
    let mut session = Session::new(root, &kinds, &cache, options(root));
    let (_, report) = session.build();
    assert!(report.is_empty(), "{report}");
    group.sample_size(50);
    group.bench_function("saved body edit", |b| {
        b.iter(|| {
            toggle(&essay, "## Section 1", "## Section one");
            session.build()
        })
    });
    group.bench_function("saved front-matter edit", |b| {
        b.iter(|| {
            toggle(
                &essay,
                "title = \"Essay 500",
                "title = \"Essay five hundred",
            );
            session.build()
        })
    });
    group.finish();
}

criterion_group!(benches, rebuild);
criterion_main!(benches);
