//! Directives: an info string line (`figure coin-row`) then a TOML body. The
//! kind runs with its parameters and answers with output or errors, never a
//! panic or a hang.

#![no_main]

use libfuzzer_sys::fuzz_target;

use grundy_site::Diagnostic;
use grundy_site::directives::directive::{self, Cache, Kinds};
use grundy_site::markdown::Directive;
use grundy_site::markdown::directive::classify;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (info, body) = text.split_once('\n').unwrap_or((text, ""));
    let Some((class, kind)) = classify(info) else {
        return;
    };
    // The body sits after the info line, as it would in an essay.
    let fence = 0;
    let start = info.len() + 1;
    let directive = Directive {
        class,
        kind,
        body: body.to_owned(),
        fence,
        segments: vec![(0, start)],
    };
    let kinds = Kinds::default();
    let cache = Cache::default();
    match directive::run(&directive, &kinds, &cache) {
        Ok(ran) => {
            let _ = ran.output.html.len();
        }
        Err(failed) => {
            assert!(!failed.problems.is_empty());
            for p in failed.problems {
                assert!(
                    p.offset <= text.len(),
                    "problem offset {} past the text ({} bytes)",
                    p.offset,
                    text.len()
                );
                let d = Diagnostic::at("content/essay.md", text, p.offset, p.kind);
                let _ = d.to_string();
            }
        }
    }
});
