//! Whole essays: front matter, Markdown, math and directives rendered
//! together. Any text is a page or a list of diagnostics, never a panic.

#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;

use grundy::site::directive::{Cache, Kinds};
use grundy::site::{content, markdown};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    let Ok(essay) = content::parse(Path::new("content/essay.md"), text) else {
        return;
    };
    let kinds = Kinds::default();
    let cache = Cache::default();
    match markdown::render(&essay, &kinds, &cache) {
        Ok(rendered) => {
            let _ = rendered.html.len();
        }
        Err(diagnostics) => {
            assert!(!diagnostics.is_empty());
            for d in diagnostics {
                let _ = d.to_string();
            }
        }
    }
});
