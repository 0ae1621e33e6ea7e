//! The preview server's request handling: any bytes are a request head or a
//! refusal, and any request path names a file inside the site or is refused.
//! Never a panic; the time taken stays linear in the input (a timeout catches
//! anything worse).

#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::{Component, Path};

use grundy::serve::http::{self, MAX_HEADER_BYTES, MAX_REQUEST_LINE};
use grundy::serve::resolve::{resolve, site_path};

fuzz_target!(|data: &[u8]| {
    // The head reader on the raw bytes.
    if let Ok(head) = http::read_head(&mut &data[..]) {
        assert!(head.target.len() <= MAX_REQUEST_LINE);
        assert!(
            head.host
                .as_ref()
                .is_none_or(|h| h.len() <= MAX_HEADER_BYTES)
        );
    }
    let Ok(url) = std::str::from_utf8(data) else {
        return;
    };
    let root = Path::new("/srv/site");
    match site_path(url) {
        Ok(key) => {
            assert!(!key.is_empty(), "{url:?} names the site itself");
            let path = root.join(&key);
            assert!(path.starts_with(root), "{url:?} resolves to {path:?}");
            let inside = path.strip_prefix(root).expect("under the root");
            assert!(
                inside
                    .components()
                    .all(|c| matches!(c, Component::Normal(_))),
                "{url:?} resolves to {path:?}"
            );
            assert!(!key.contains(['\\', '\0']), "{url:?} resolves to {key:?}");
            assert_eq!(resolve(root, url), Ok(path));
        }
        Err(refused) => assert_eq!(resolve(root, url), Err(refused)),
    }
});
