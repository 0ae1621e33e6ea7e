//! Directives' results kept between builds in `ROOT/.grundy-cache/results/`:
//! one file per directive, named by a hash of its key (see
//! [`Directive`](crate::essay::directive::Directive)'s cache key: the
//! directive's kind and text, the contents of the site games it names, the
//! engine's version and the binary's).
//!
//! An entry is read back only when it is whole: it starts with this
//! format's line, holds the very key asked for (not only its hash), and its
//! checksum matches the key and the result. Anything else (damaged,
//! truncated, another program's, another version's) is computed again and
//! written over; the store is an optimisation and nothing else, so a store
//! that cannot be read or written only costs the work.
//!
//! What is kept is the kind's whole [`Output`], its [`Evidence`] record
//! among it: what a page says about how a fact is known is written from the
//! record as it was made when the result was computed, never made up again.
//!
//! Every entry is written into a temporary file beside its place and renamed
//! over it, so that a killed build, or two builds at once, leave either no
//! entry or a whole one. After a build the store is pruned, oldest first
//! (an entry read is marked as new), to at most [`MAX_BYTES`].
//!
//! [`Evidence`]: crate::kinds::Evidence

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

use crate::hash::{BASIS, fnv1a};
use crate::kinds::Output;

/// The first line of every entry: what it is and the format's version.
const FORMAT: &[u8] = b"grundy directive result, format 1\n";

/// The most bytes the entries of one site's store take together, pruned to
/// after each build: 64 MiB.
pub const MAX_BYTES: u64 = 64 << 20;

/// The largest entry kept, in bytes (a larger result is computed every build).
pub const MAX_ENTRY_BYTES: usize = 8 << 20;

/// How old a temporary file must be before a build counts it as left by a
/// killed build and removes it.
const STALE_TEMPORARY: Duration = Duration::from_secs(3600);

/// What an entry's file name ends with.
const EXTENSION: &str = "result";

/// The store's directory in a site.
pub fn dir(root: &Path) -> PathBuf {
    root.join(".grundy-cache").join("results")
}

/// A site's store of directives' results.
#[derive(Debug)]
pub struct Results {
    dir: PathBuf,
    /// Tells this process's temporary files apart.
    written: AtomicU64,
}

impl Results {
    /// The store in `dir` (made when the first entry is written).
    pub fn open(dir: PathBuf) -> Results {
        Results {
            dir,
            written: AtomicU64::new(0),
        }
    }

    /// The directory entries are kept in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where the entry for `key` is kept.
    pub fn path(&self, key: &str) -> PathBuf {
        let name = format!("{:016x}.{EXTENSION}", fnv1a(key.as_bytes(), BASIS));
        self.dir.join(name)
    }

    /// The result kept for `key`, when its entry is whole and is for this very key.
    pub(crate) fn get(&self, key: &str) -> Option<Output> {
        let path = self.path(key);
        let bytes = std::fs::read(&path).ok()?;
        let output = decode(&bytes, key)?;
        // Read: newer than what was not, for pruning.
        if let Ok(file) = std::fs::File::options().append(true).open(&path) {
            let _ = file.set_modified(SystemTime::now());
        }
        Some(output)
    }

    /// Keeps `output` as the result for `key`, atomically; nothing when it
    /// cannot be written or is past [`MAX_ENTRY_BYTES`].
    pub(crate) fn put(&self, key: &str, output: &Output) {
        let Some(bytes) = encode(key, output) else {
            return;
        };
        if bytes.len() > MAX_ENTRY_BYTES || std::fs::create_dir_all(&self.dir).is_err() {
            return;
        }
        let path = self.path(key);
        let n = self.written.fetch_add(1, Ordering::Relaxed);
        let temporary = self.dir.join(format!(
            ".tmp-{}-{n}-{}",
            std::process::id(),
            file_name(&path)
        ));
        if std::fs::write(&temporary, &bytes).is_ok() && std::fs::rename(&temporary, &path).is_ok()
        {
            return;
        }
        let _ = std::fs::remove_file(&temporary);
    }

    /// Removes the oldest entries until the store holds at most `max_bytes`,
    /// and temporary files left by killed builds.
    pub fn prune(&self, max_bytes: u64) {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return;
        };
        let now = SystemTime::now();
        let mut kept = Vec::new();
        for entry in entries.flatten() {
            let Ok(meta) = entry.metadata() else {
                continue;
            };
            let name = entry.file_name();
            let name = name.to_string_lossy();
            let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
            if name.starts_with(".tmp-") {
                let age = now.duration_since(modified).unwrap_or_default();
                if age > STALE_TEMPORARY {
                    let _ = std::fs::remove_file(entry.path());
                }
            } else if meta.is_file() && name.ends_with(EXTENSION) {
                kept.push((modified, meta.len(), entry.path()));
            }
        }
        let mut total: u64 = kept.iter().map(|(_, len, _)| len).sum();
        // Oldest first, by name among equals.
        kept.sort();
        for (_, len, path) in kept {
            if total <= max_bytes {
                break;
            }
            if std::fs::remove_file(&path).is_ok() {
                total -= len;
            }
        }
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// An entry: the format line, the key's length and the key, the checksum
/// of key and result, then the result as JSON.
pub(crate) fn encode(key: &str, output: &Output) -> Option<Vec<u8>> {
    let payload = serde_json::to_vec(output).ok()?;
    let sum = checksum(key.as_bytes(), &payload);
    let mut bytes = Vec::with_capacity(FORMAT.len() + key.len() + payload.len() + 48);
    bytes.extend_from_slice(FORMAT);
    bytes.extend_from_slice(format!("{}\n", key.len()).as_bytes());
    bytes.extend_from_slice(key.as_bytes());
    bytes.extend_from_slice(format!("\n{sum:016x}\n").as_bytes());
    bytes.extend_from_slice(&payload);
    Some(bytes)
}

/// The result an entry holds, when it is whole and holds `key`.
pub(crate) fn decode(bytes: &[u8], key: &str) -> Option<Output> {
    let rest = bytes.strip_prefix(FORMAT)?;
    let (length, rest) = line(rest)?;
    let length: usize = std::str::from_utf8(length).ok()?.parse().ok()?;
    let stored = rest.get(..length)?;
    if stored != key.as_bytes() {
        return None;
    }
    let rest = rest.get(length..)?.strip_prefix(b"\n")?;
    let (sum, payload) = line(rest)?;
    let sum = u64::from_str_radix(std::str::from_utf8(sum).ok()?, 16).ok()?;
    if sum != checksum(stored, payload) {
        return None;
    }
    serde_json::from_slice(payload).ok()
}

/// The bytes before the first newline, and those after it.
fn line(bytes: &[u8]) -> Option<(&[u8], &[u8])> {
    let at = bytes.iter().position(|&b| b == b'\n')?;
    Some((&bytes[..at], &bytes[at + 1..]))
}

/// The checksum of an entry: FNV-1a over its key's length, its key and its result.
fn checksum(key: &[u8], payload: &[u8]) -> u64 {
    let h = fnv1a(&(key.len() as u64).to_le_bytes(), BASIS);
    fnv1a(payload, fnv1a(key, h))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::Stats;

    fn output() -> Output {
        let mut o = Output {
            html: "<figure>x</figure>".into(),
            work: 12,
            stats: Stats {
                claims: 3,
                positions: 4,
            },
            ..Output::default()
        };
        o.facts.insert("value".into(), serde_json::json!(7));
        o
    }

    #[test]
    fn an_entry_reads_back_only_for_its_key_and_whole() {
        let bytes = encode("k", &output()).unwrap();
        let back = decode(&bytes, "k").expect("whole");
        assert_eq!(back.html, output().html);
        assert_eq!(back.facts, output().facts);
        assert_eq!((back.work, back.stats), (12, output().stats));
        assert!(decode(&bytes, "other").is_none(), "another key");
        for cut in [0, 10, FORMAT.len() + 2, bytes.len() - 1] {
            assert!(decode(&bytes[..cut], "k").is_none(), "truncated at {cut}");
        }
        let mut flipped = bytes.clone();
        let at = flipped.len() - 5;
        flipped[at] ^= 1;
        assert!(decode(&flipped, "k").is_none(), "a byte changed");
        assert!(decode(b"{\"html\":\"\"}", "k").is_none(), "foreign");
    }

    #[test]
    fn pruning_removes_the_oldest_first() {
        let dir = tempfile::tempdir().unwrap();
        let store = Results::open(dir.path().join("results"));
        for k in ["a", "b", "c"] {
            store.put(k, &output());
        }
        let size = std::fs::metadata(store.path("a")).unwrap().len();
        let old = SystemTime::now() - Duration::from_secs(100);
        for (k, age) in [("a", 1), ("b", 3), ("c", 2)] {
            let f = std::fs::File::options()
                .append(true)
                .open(store.path(k))
                .unwrap();
            f.set_modified(old + Duration::from_secs(age)).unwrap();
        }
        store.prune(2 * size);
        assert!(!store.path("a").exists(), "the oldest went");
        assert!(store.path("b").exists() && store.path("c").exists());
        store.prune(0);
        assert_eq!(std::fs::read_dir(store.dir()).unwrap().count(), 0);
    }

    #[test]
    fn a_killed_builds_temporary_file_is_removed_once_stale() {
        let dir = tempfile::tempdir().unwrap();
        let store = Results::open(dir.path().to_path_buf());
        let stale = dir.path().join(".tmp-1-0-a.result");
        let fresh = dir.path().join(".tmp-2-0-b.result");
        for path in [&stale, &fresh] {
            std::fs::write(path, "half an entry").unwrap();
        }
        let long_ago = SystemTime::now() - STALE_TEMPORARY - Duration::from_secs(60);
        let f = std::fs::File::options().append(true).open(&stale).unwrap();
        f.set_modified(long_ago).unwrap();
        store.prune(MAX_BYTES);
        assert!(!stale.exists(), "left by a killed build");
        assert!(fresh.exists(), "another build may still be writing it");
    }
}
