//! The secret kept results are tagged with: 32 random bytes made once per
//! user and kept outside every site, so that a store copied from elsewhere
//! (another machine, another branch's CI run) or edited by hand, checksum and
//! all, cannot pass for this machine's own.
//!
//! It is read from `GRUNDY_RESULTS_KEY` (64 hexadecimal digits: a CI system
//! that restores a store sets the same secret each run), else from
//! `$XDG_STATE_HOME/grundy/results-key` (by default
//! `~/.local/state/grundy/results-key`), made there on first use, readable by
//! its owner only. A user with no home directory keeps no results.

use std::path::{Path, PathBuf};

use grundy_load::site_file::read_kept;

/// The environment variable a secret may be given in.
pub const ENV: &str = "GRUNDY_RESULTS_KEY";

/// How many hexadecimal digits a secret is written with.
const DIGITS: usize = 64;

/// A key for BLAKE3's keyed hash.
#[derive(Clone)]
pub struct Secret([u8; 32]);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(..)")
    }
}

impl Secret {
    /// A secret of these bytes (tests; a key given by the caller).
    pub fn new(bytes: [u8; 32]) -> Secret {
        Secret(bytes)
    }

    /// The user's secret: from [`ENV`] when set, else from the user's state
    /// directory, made there when missing; `None` for a user with no home
    /// (a sandbox, a service), who keeps no results; why not, when a secret
    /// given or kept cannot be used.
    pub fn load() -> Result<Option<Secret>, String> {
        if let Some(given) = std::env::var_os(ENV) {
            let given = given.to_string_lossy();
            return parse(given.trim())
                .map(Some)
                .ok_or_else(|| format!("{ENV} is not {DIGITS} hexadecimal digits"));
        }
        match default_path() {
            Some(path) => load_or_make(&path).map(Some),
            None => Ok(None),
        }
    }

    /// The tag of an entry: the keyed hash of its key's length, its key and
    /// its payload, as hexadecimal.
    pub(crate) fn tag(&self, key: &[u8], payload: &[u8]) -> String {
        let mut hasher = blake3::Hasher::new_keyed(&self.0);
        hasher.update(&(key.len() as u64).to_le_bytes());
        hasher.update(key);
        hasher.update(payload);
        hasher.finalize().to_hex().to_string()
    }

    /// Whether `tag` (as written in an entry) is this secret's tag of `key`
    /// and `payload`, compared in constant time.
    pub(crate) fn verify(&self, key: &[u8], payload: &[u8], tag: &[u8]) -> bool {
        let Some(tag) = std::str::from_utf8(tag)
            .ok()
            .and_then(|t| blake3::Hash::from_hex(t).ok())
        else {
            return false;
        };
        let mut hasher = blake3::Hasher::new_keyed(&self.0);
        hasher.update(&(key.len() as u64).to_le_bytes());
        hasher.update(key);
        hasher.update(payload);
        // `Hash`'s equality is constant-time.
        hasher.finalize() == tag
    }
}

/// Where the user's secret is kept.
fn default_path() -> Option<PathBuf> {
    let state = match std::env::var_os("XDG_STATE_HOME").filter(|s| !s.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(std::env::var_os("HOME").filter(|h| !h.is_empty())?)
            .join(".local")
            .join("state"),
    };
    Some(state.join("grundy").join("results-key"))
}

/// The secret at `path`, made there first when nothing is.
fn load_or_make(path: &Path) -> Result<Secret, String> {
    let shown = path.display();
    if std::fs::symlink_metadata(path).is_err() {
        make(path).map_err(|e| format!("{shown} cannot be made: {e}"))?;
    }
    let bytes = read_kept(path, DIGITS as u64 + 1, "a secret")
        .map_err(|e| format!("{shown} cannot be read: {e}"))?;
    std::str::from_utf8(&bytes)
        .ok()
        .and_then(|text| parse(text.trim()))
        .ok_or_else(|| format!("{shown} is not {DIGITS} hexadecimal digits"))
}

/// A new secret written at `path`, readable by its owner only; another
/// process's made meanwhile is kept.
fn make(path: &Path) -> std::io::Result<()> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| std::io::Error::other(e.to_string()))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    // A temporary file is made readable by its owner only.
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    std::io::Write::write_all(
        &mut file,
        blake3::Hash::from_bytes(bytes).to_hex().as_bytes(),
    )?;
    match file.persist_noclobber(path) {
        Ok(_) => Ok(()),
        Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e.error),
    }
}

fn parse(text: &str) -> Option<Secret> {
    (text.len() == DIGITS)
        .then(|| blake3::Hash::from_hex(text).ok())
        .flatten()
        .map(|hash| Secret(*hash.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_is_made_once_and_read_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state/grundy/results-key");
        let first = load_or_make(&path).unwrap();
        let again = load_or_make(&path).unwrap();
        assert_eq!(first.tag(b"k", b"p"), again.tag(b"k", b"p"));
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.len(), DIGITS);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o077, 0, "readable by its owner only: {mode:o}");
        }
        let other = dir.path().join("other/results-key");
        let second = load_or_make(&other).unwrap();
        assert_ne!(first.tag(b"k", b"p"), second.tag(b"k", b"p"), "random");
    }

    #[test]
    fn a_tag_holds_for_its_key_and_payload_only() {
        let secret = Secret::new([7; 32]);
        let tag = secret.tag(b"key", b"payload");
        assert!(secret.verify(b"key", b"payload", tag.as_bytes()));
        assert!(!secret.verify(b"key", b"payloaD", tag.as_bytes()));
        assert!(!secret.verify(b"kez", b"payload", tag.as_bytes()));
        assert!(
            !secret.verify(b"ke", b"ypayload", tag.as_bytes()),
            "lengths are part of it"
        );
        assert!(!Secret::new([8; 32]).verify(b"key", b"payload", tag.as_bytes()));
        assert!(!secret.verify(b"key", b"payload", b"not hex"));
        assert_eq!(
            tag, "625add1fa429c3686af3a217bc2f5dc4840c3325b35d653a9eee33ead92b8b2d",
            "pinned: a tag is the same on every machine for the same secret"
        );
    }

    #[test]
    fn a_malformed_secret_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("results-key");
        std::fs::write(&path, "not a secret").unwrap();
        let e = load_or_make(&path).unwrap_err();
        assert!(e.contains("64 hexadecimal digits"), "{e}");
        #[cfg(unix)]
        {
            let linked = dir.path().join("linked");
            std::os::unix::fs::symlink("/dev/zero", &linked).unwrap();
            assert!(load_or_make(&linked).is_err(), "never read through a link");
        }
        assert!(parse(&"g".repeat(64)).is_none());
        assert!(parse(&"a".repeat(63)).is_none());
    }
}
