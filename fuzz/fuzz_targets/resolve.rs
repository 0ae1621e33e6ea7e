//! The preview server's request handling: any bytes are a request head or a
//! refusal, and any request path names a file inside the site or is refused.
//! Never a panic; the time taken stays linear in the input (a timeout catches
//! anything worse).

#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::{Component, Path};
use std::sync::OnceLock;
use std::time::Duration;

use grundy::serve::head::{self, MAX_HEADER_BYTES, MAX_REQUEST_LINE};
use grundy::serve::resolve::{resolve, site_path};

/// The runtime the head reader runs on, made once.
fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .expect("a runtime")
    })
}

fuzz_target!(|data: &[u8]| {
    // The head reader on the raw bytes: a head it takes is within the limits.
    let read = runtime().block_on(head::read(&mut &data[..], Duration::from_secs(1)));
    if let Ok(bytes) = read {
        let line = bytes.iter().position(|&b| b == b'\n').expect("a head has a line");
        assert!(line <= MAX_REQUEST_LINE, "a request line of {line} bytes");
        let end = (line..bytes.len())
            .find_map(|i| {
                let rest = &bytes[i..];
                (rest.starts_with(b"\n\n") || rest.starts_with(b"\n\r\n"))
                    .then(|| i + if rest[1] == b'\n' { 2 } else { 3 })
            })
            .expect("a head has an end");
        assert!(end - (line + 1) <= MAX_HEADER_BYTES, "headers of {} bytes", end - line - 1);
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
