//! Directives' results kept between builds in `ROOT/.grundy-cache/results/`:
//! one file per directive, named by a hash of its key (see
//! [`Directive`](grundy_markdown::Directive)'s cache key: the
//! directive's class and kind, its parameters as TOML read them, the
//! engine's version and the binary's).
//!
//! An entry is checked, never trusted. It is read only when it is a regular
//! file of the store (no link, no pipe, at most [`MAX_ENTRY_BYTES`]), and
//! used only when it starts with this format's line, holds the very key
//! asked for (not only its hash), and its tag matches: a BLAKE3 hash, keyed
//! by a [`Secret`] kept outside the site, of the key, what the kind read of
//! the site's games and the result. An entry edited with its tag made again,
//! or copied from another machine (a store a CI system restored from another
//! branch), fails that check; it is computed again, and the build says how
//! many did ([`Results::rejected`]). What the kind read of the site's games
//! is checked against the scripts of this build before the result is used.
//!
//! An entry that passes is used only when the certificates kept with it
//! pass the independent checker again (`grundy-certify`): the tag says the
//! build wrote it, the checker that its facts hold.
//!
//! What is kept is the kind's whole [`Output`], its [`Evidence`] record
//! among it: what a page says about how a fact is known is written from the
//! record as it was made when the result was computed, never made up again.
//!
//! Every entry is written into a temporary file beside its place and renamed
//! over it, so that a killed build, or two builds at once, leave either no
//! entry or a whole one. After a build the store is pruned, oldest first
//! (an entry read is marked as new), to at most [`MAX_BYTES`]; pruning
//! removes only names the store itself writes. A store whose directory is a
//! link out of the site's root is not used at all ([`Results::open`]).
//!
//! [`Evidence`]: grundy_kinds::Evidence

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};

use crate::directives::secret::Secret;
use grundy_kinds::Output;
use grundy_kinds::certified::still_holds;
use grundy_kinds::context::Reads;
use grundy_load::site_file::{is_inside, read_kept};

/// The first line of every entry: what it is and the format's version.
const FORMAT: &[u8] = b"grundy directive result, format 4\n";

/// The most bytes the entries of one site's store take together, pruned to
/// after each build: 64 MiB.
pub const MAX_BYTES: u64 = 64 << 20;

/// The largest entry kept, in bytes (a larger result is computed every build,
/// and a larger file in the store is not read).
pub const MAX_ENTRY_BYTES: usize = 8 << 20;

/// How old a temporary file must be before a build counts it as left by a
/// killed build and removes it.
const STALE_TEMPORARY: Duration = Duration::from_secs(3600);

/// What an entry's file name ends with.
const EXTENSION: &str = "result";

/// What a temporary entry's file name starts with.
const TEMPORARY: &str = ".tmp-";

/// The store's directory in a site.
pub fn dir(root: &Path) -> PathBuf {
    root.join(".grundy-cache").join("results")
}

/// Why a site's store is not used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotUsed {
    #[error(
        "{0} is, or lies through, a symbolic link out of the site's root: kept results are \
         neither read nor written there (remove the link)"
    )]
    OutsideRoot(String),
}

/// A site's store of directives' results.
#[derive(Debug)]
pub struct Results {
    dir: PathBuf,
    secret: Secret,
    /// Tells this process's temporary files apart.
    written: AtomicU64,
    /// Entries found that failed their check, since the store was opened.
    rejected: AtomicU64,
}

/// What an entry holds besides its key: what the kind read of the site's
/// games, and its result.
#[derive(Serialize, Deserialize)]
struct Kept {
    reads: Reads,
    output: Output,
}

impl Results {
    /// The store in `dir` of the site at `root` (made when the first entry
    /// is written), its entries tagged with `secret`; refused when `dir`
    /// lies outside the root.
    pub fn open(dir: PathBuf, root: &Path, secret: Secret) -> Result<Results, NotUsed> {
        if !is_inside(root, &dir) {
            return Err(NotUsed::OutsideRoot(dir.display().to_string()));
        }
        Ok(Results {
            dir,
            secret,
            written: AtomicU64::new(0),
            rejected: AtomicU64::new(0),
        })
    }

    /// The directory entries are kept in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where the entry for `key` is kept.
    pub fn path(&self, key: &str) -> PathBuf {
        let hash = blake3::hash(key.as_bytes()).to_hex();
        self.dir.join(format!("{}.{EXTENSION}", &hash[..32]))
    }

    /// How many entries failed their check (damaged, edited, or tagged
    /// with another secret) and were computed again, since the store was
    /// opened.
    pub fn rejected(&self) -> u64 {
        self.rejected.load(Ordering::Relaxed)
    }

    /// The result kept for `key`, with what its kind read of the site's
    /// games, when its entry passes its check.
    pub(crate) fn get(&self, key: &str) -> Option<(Reads, Output)> {
        let path = self.path(key);
        if std::fs::symlink_metadata(&path).is_err() {
            return None;
        }
        let max = MAX_ENTRY_BYTES as u64;
        let Some(kept) = read_kept(&path, max, "a kept result")
            .ok()
            .and_then(|bytes| decode(&bytes, key, &self.secret))
            // The certificates kept with it are checked again: an entry
            // whose facts no longer pass the independent checker is not used.
            .filter(|kept| still_holds(&kept.output.certificates))
        else {
            self.rejected.fetch_add(1, Ordering::Relaxed);
            return None;
        };
        // Read: newer than what was not, for pruning.
        if let Ok(file) = std::fs::File::options().append(true).open(&path) {
            let _ = file.set_modified(SystemTime::now());
        }
        Some((kept.reads, kept.output))
    }

    /// Keeps `output` as the result for `key`, atomically; nothing when it
    /// cannot be written or is past [`MAX_ENTRY_BYTES`].
    pub(crate) fn put(&self, key: &str, reads: &Reads, output: &Output) {
        let Some(bytes) = encode(key, reads, output, &self.secret) else {
            return;
        };
        if bytes.len() > MAX_ENTRY_BYTES || std::fs::create_dir_all(&self.dir).is_err() {
            return;
        }
        let path = self.path(key);
        let n = self.written.fetch_add(1, Ordering::Relaxed);
        let temporary = self.dir.join(format!(
            "{TEMPORARY}{}-{n}-{}",
            std::process::id(),
            file_name(&path)
        ));
        // A new file (never through a link planted under its name), renamed over the entry.
        let written = std::fs::File::create_new(&temporary)
            .and_then(|mut file| std::io::Write::write_all(&mut file, &bytes));
        if written.is_ok() && std::fs::rename(&temporary, &path).is_ok() {
            return;
        }
        let _ = std::fs::remove_file(&temporary);
    }

    /// Removes the oldest entries until the store holds at most `max_bytes`,
    /// and temporary files left by killed builds: only names the store
    /// writes, and never through a link.
    pub fn prune(&self, max_bytes: u64) {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return;
        };
        let now = SystemTime::now();
        let mut kept = Vec::new();
        for entry in entries.flatten() {
            // The entry itself, not what a link there names.
            let Ok(meta) = std::fs::symlink_metadata(entry.path()) else {
                continue;
            };
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if !meta.is_file() {
                continue;
            }
            let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
            if is_temporary(&name) {
                let age = now.duration_since(modified).unwrap_or_default();
                if age > STALE_TEMPORARY {
                    let _ = std::fs::remove_file(entry.path());
                }
            } else if is_entry(&name) {
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

/// Whether `name` is an entry's: 32 lowercase hex digits and the extension.
fn is_entry(name: &str) -> bool {
    name.strip_suffix(EXTENSION)
        .and_then(|stem| stem.strip_suffix('.'))
        .is_some_and(|hash| {
            hash.len() == 32 && hash.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        })
}

/// Whether `name` is a temporary entry's: `.tmp-PID-N-` and an entry's name.
fn is_temporary(name: &str) -> bool {
    let Some(rest) = name.strip_prefix(TEMPORARY) else {
        return false;
    };
    let mut parts = rest.splitn(3, '-');
    let number =
        |p: Option<&str>| p.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    number(parts.next()) && number(parts.next()) && parts.next().is_some_and(is_entry)
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// An entry: the format line, the key's length and the key, the tag of key
/// and payload, then the payload (what was read, and the result) as JSON.
fn encode(key: &str, reads: &Reads, output: &Output, secret: &Secret) -> Option<Vec<u8>> {
    let payload = serde_json::to_vec(&Kept {
        reads: reads.clone(),
        output: output.clone(),
    })
    .ok()?;
    let tag = secret.tag(key.as_bytes(), &payload);
    let mut bytes = Vec::with_capacity(FORMAT.len() + key.len() + payload.len() + 96);
    bytes.extend_from_slice(FORMAT);
    bytes.extend_from_slice(format!("{}\n", key.len()).as_bytes());
    bytes.extend_from_slice(key.as_bytes());
    bytes.extend_from_slice(format!("\n{tag}\n").as_bytes());
    bytes.extend_from_slice(&payload);
    Some(bytes)
}

/// What an entry holds, when it is whole, holds `key` and its tag is `secret`'s.
fn decode(bytes: &[u8], key: &str, secret: &Secret) -> Option<Kept> {
    let rest = bytes.strip_prefix(FORMAT)?;
    let (length, rest) = line(rest)?;
    let length: usize = std::str::from_utf8(length).ok()?.parse().ok()?;
    let stored = rest.get(..length)?;
    if stored != key.as_bytes() {
        return None;
    }
    let rest = rest.get(length..)?.strip_prefix(b"\n")?;
    let (tag, payload) = line(rest)?;
    if !secret.verify(stored, payload, tag) {
        return None;
    }
    serde_json::from_slice(payload).ok()
}

/// The bytes before the first newline, and those after it.
fn line(bytes: &[u8]) -> Option<(&[u8], &[u8])> {
    let at = bytes.iter().position(|&b| b == b'\n')?;
    Some((&bytes[..at], &bytes[at + 1..]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_kinds::Stats;

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

    fn secret() -> Secret {
        Secret::new([1; 32])
    }

    fn reads() -> Reads {
        Reads::from([("g".to_owned(), Some("d".to_owned()))])
    }

    fn store(dir: &Path) -> Results {
        Results::open(dir.join("results"), dir, secret()).unwrap()
    }

    #[test]
    fn an_entry_reads_back_only_for_its_key_and_whole() {
        let bytes = encode("k", &reads(), &output(), &secret()).unwrap();
        let back = decode(&bytes, "k", &secret()).expect("whole");
        assert_eq!(back.output.html, output().html);
        assert_eq!(back.output.facts, output().facts);
        assert_eq!(back.reads, reads());
        assert_eq!((back.output.work, back.output.stats), (12, output().stats));
        assert!(decode(&bytes, "other", &secret()).is_none(), "another key");
        for cut in [0, 10, FORMAT.len() + 2, bytes.len() - 1] {
            assert!(
                decode(&bytes[..cut], "k", &secret()).is_none(),
                "truncated at {cut}"
            );
        }
        let mut flipped = bytes.clone();
        let at = flipped.len() - 5;
        flipped[at] ^= 1;
        assert!(decode(&flipped, "k", &secret()).is_none(), "a byte changed");
        assert!(
            decode(b"{\"html\":\"\"}", "k", &secret()).is_none(),
            "foreign"
        );
    }

    /// An entry edited, its tag made again without the secret (as a
    /// checksum would be), or tagged with another machine's secret, fails.
    #[test]
    fn an_entry_edited_or_from_another_secret_fails_its_check() {
        let bytes = encode("k", &reads(), &output(), &secret()).unwrap();
        let text = String::from_utf8(bytes.clone()).unwrap();
        let lied = text.replace("\"value\":7", "\"value\":8");
        assert_ne!(lied, text);
        assert!(
            decode(lied.as_bytes(), "k", &secret()).is_none(),
            "the payload edited"
        );
        let (head, payload) = lied.split_at(lied.find('{').unwrap());
        let retagged_by_anyone = format!(
            "{}{}\n{payload}",
            &head[..head.len() - 65],
            blake3::hash(payload.as_bytes()).to_hex()
        );
        assert!(decode(retagged_by_anyone.as_bytes(), "k", &secret()).is_none());
        let other = Secret::new([2; 32]);
        let theirs = encode("k", &reads(), &output(), &other).unwrap();
        assert!(decode(&theirs, "k", &secret()).is_none(), "another secret");
        assert!(decode(&theirs, "k", &other).is_some());
    }

    #[test]
    fn a_failed_entry_is_counted_and_a_missing_one_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let store = store(dir.path());
        assert!(store.get("k").is_none());
        assert_eq!(store.rejected(), 0, "nothing kept is nothing failed");
        store.put("k", &reads(), &output());
        assert!(store.get("k").is_some());
        let theirs =
            Results::open(dir.path().join("results"), dir.path(), Secret::new([9; 32])).unwrap();
        assert!(theirs.get("k").is_none());
        assert_eq!(theirs.rejected(), 1);
    }

    /// Entries that are a pipe, a link to a device, or larger than an entry
    /// may be are not read: the build neither waits nor reads gigabytes.
    #[cfg(unix)]
    #[test]
    fn entries_that_are_no_regular_file_or_too_large_are_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let store = store(dir.path());
        std::fs::create_dir_all(store.dir()).unwrap();
        let fifo = store.path("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        assert!(store.get("fifo").is_none(), "a pipe is never waited on");
        std::os::unix::fs::symlink("/dev/zero", store.path("zero")).unwrap();
        assert!(store.get("zero").is_none());
        let sparse = std::fs::File::create(store.path("sparse")).unwrap();
        sparse.set_len(300 << 20).unwrap();
        assert!(store.get("sparse").is_none(), "refused by its size");
        assert_eq!(store.rejected(), 3);
    }

    #[cfg(unix)]
    #[test]
    fn a_store_linked_out_of_the_root_is_not_used() {
        let dir = tempfile::tempdir().unwrap();
        let (root, outside) = (dir.path().join("site"), dir.path().join("outside"));
        std::fs::create_dir_all(root.join(".grundy-cache")).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::os::unix::fs::symlink(&outside, root.join(".grundy-cache/results")).unwrap();
        let e = Results::open(super::dir(&root), &root, secret()).unwrap_err();
        assert!(e.to_string().contains("link out of the site's root"), "{e}");
        std::fs::remove_file(root.join(".grundy-cache/results")).unwrap();
        std::fs::remove_dir(root.join(".grundy-cache")).unwrap();
        std::os::unix::fs::symlink(&outside, root.join(".grundy-cache")).unwrap();
        assert!(
            Results::open(super::dir(&root), &root, secret()).is_err(),
            "a link higher up"
        );
        assert!(Results::open(super::dir(&outside), &root, secret()).is_err());
        let fresh = dir.path().join("fresh");
        std::fs::create_dir(&fresh).unwrap();
        assert!(
            Results::open(super::dir(&fresh), &fresh, secret()).is_ok(),
            "a store not made yet is inside"
        );
    }

    #[test]
    fn pruning_removes_the_oldest_first() {
        let dir = tempfile::tempdir().unwrap();
        let store = store(dir.path());
        for k in ["a", "b", "c"] {
            store.put(k, &reads(), &output());
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

    /// Pruning removes only the names the store writes: another file that
    /// ends in "result", or an old `.tmp-` file of another program, stays.
    #[test]
    fn pruning_removes_only_the_stores_own_names() {
        let dir = tempfile::tempdir().unwrap();
        let store = store(dir.path());
        store.put("a", &reads(), &output());
        let theirs = [
            "notes.result",
            "my-result",
            ".tmp-report",
            ".tmp-1-2-notes.result",
            "0123456789abcdef.result",
        ];
        let long_ago = SystemTime::now() - STALE_TEMPORARY - Duration::from_secs(60);
        for name in theirs {
            let path = store.dir().join(name);
            std::fs::write(&path, "someone else's").unwrap();
            let f = std::fs::File::options().append(true).open(&path).unwrap();
            f.set_modified(long_ago).unwrap();
        }
        store.prune(0);
        assert!(!store.path("a").exists(), "its own entry went");
        for name in theirs {
            assert!(store.dir().join(name).exists(), "{name} is not the store's");
        }
    }

    #[test]
    fn a_killed_builds_temporary_file_is_removed_once_stale() {
        let dir = tempfile::tempdir().unwrap();
        let store = Results::open(dir.path().to_path_buf(), dir.path(), secret()).unwrap();
        let entry = file_name(&store.path("a"));
        let stale = dir.path().join(format!(".tmp-1-0-{entry}"));
        let fresh = dir.path().join(format!(".tmp-2-0-{entry}"));
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
