//! Bibliographies: any bytes, read as hayagriva's YAML and as BibTeX
//! through the build's own entry point, are entries within the limits or a
//! diagnostic, never a panic, a stack overflow or minutes of work.
//!
//! Each parse runs on a thread with the stack a build's worker has, as the
//! build reads its bibliography.

#![no_main]

use libfuzzer_sys::fuzz_target;

use grundy_site::markdown::bib_limits::MAX_BIBLIOGRAPHY_ENTRIES;
use grundy_site::markdown::citations::{self, FILES};
use grundy_site::pipeline::BUILD_STACK;

fn parse(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for name in FILES {
        match citations::parse(name, &text) {
            Ok(library) => assert!(library.len() <= MAX_BIBLIOGRAPHY_ENTRIES),
            Err(d) => {
                assert_eq!(d.path.to_str(), Some(name));
                let _ = d.to_string();
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .stack_size(BUILD_STACK)
            .spawn_scoped(scope, || parse(data))
            .expect("a worker thread starts");
        if let Err(panic) = worker.join() {
            std::panic::resume_unwind(panic);
        }
    });
});
