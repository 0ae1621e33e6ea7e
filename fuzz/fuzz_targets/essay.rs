//! Whole essays: front matter, Markdown, math and directives rendered
//! together. Any text is a page or a list of diagnostics, never a panic.
//!
//! Each essay renders on a thread with the stack a build's worker has, not on
//! the fuzzer's main thread, so deep nesting fails here as it would in a build.

#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;

use grundy_site::markdown::citations::Bibliography;
use grundy_site::directives::directive::{Cache, Kinds};
use grundy_site::gate::facts::Facts;
use grundy_site::gate::provenance::Audience;
use grundy_site::text::catalogue::Catalogue;
use grundy_site::pipeline::BUILD_STACK;
use grundy_site::essay::markdown;
use grundy_site::pipeline;
use grundy_site::load::content;

fn render(data: &[u8]) {
    let text = String::from_utf8_lossy(data).into_owned();
    let Ok(essay) = content::parse(Path::new("content/essay.md"), text) else {
        return;
    };
    let kinds = Kinds::default();
    let cache = Cache::default();
    let words = Catalogue::default();
    let prepared = pipeline::prepare_essay(&essay, &kinds, &cache, &Bibliography::None, &words);
    let mut facts = Facts::default();
    facts
        .essays
        .insert(essay.slug.clone(), prepared.facts.clone());
    // The reader's page and the author's preview, one or the other by the input.
    let audience = if data.len() % 2 == 0 {
        Audience::Reader
    } else {
        Audience::Author
    };
    let (rendered, diagnostics) = markdown::render_prepared(&prepared, &facts, audience, &words);
    let _ = rendered.html.len();
    for d in diagnostics {
        let _ = d.to_string();
    }
}

fuzz_target!(|data: &[u8]| {
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .stack_size(BUILD_STACK)
            .spawn_scoped(scope, || render(data))
            .expect("a worker thread starts");
        if let Err(panic) = worker.join() {
            std::panic::resume_unwind(panic);
        }
    });
});
