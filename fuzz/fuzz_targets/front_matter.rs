//! Front matter and site settings: any text is an essay or an error, never a panic.

#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;

use grundy_site::load::config::Config;
use grundy_site::load::content;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    // The file name feeds the slug when the front matter sets none.
    let (name, essay) = match text.split_once('\0') {
        Some((name, essay)) => (name.to_owned(), essay.to_owned()),
        None => ("essay".to_owned(), text.clone()),
    };
    let rel = Path::new("content").join(format!("{name}.md"));
    match content::parse(&rel, essay) {
        Ok(e) => {
            assert!(e.body_start <= e.text.len());
            assert!(e.text.is_char_boundary(e.body_start));
            assert!(!e.slug.is_empty());
        }
        Err(d) => {
            let _ = d.to_string();
        }
    }
    if let Err(d) = Config::parse(&text) {
        let _ = d.to_string();
    }
});
