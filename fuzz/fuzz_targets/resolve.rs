//! The preview server's request paths: any request path names a file inside
//! the site or is refused. Never a panic; the time taken stays linear in the
//! input (a timeout catches anything worse). The request head is hyper's to
//! read and bound.

#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::{Component, Path};

use grundy::serve::resolve::{resolve, site_path};

fuzz_target!(|data: &[u8]| {
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
