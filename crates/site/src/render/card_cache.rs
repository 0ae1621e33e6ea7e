//! Social cards kept between builds, in `ROOT/.grundy-cache/cards/`, named by
//! a hash of what they show: a full build draws only the cards that changed.
//!
//! The cache is an optimisation and nothing else: a card missing, unreadable
//! or not a PNG is drawn again, and a cache that cannot be written is left as
//! it is, without failing the build.

use grundy_load::site_file::read_kept;
use grundy_text::hash::{BASIS, fnv1a};
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The largest card read back, in bytes (a card is 19 to 30 KiB).
const MAX_CARD_BYTES: u64 = 1 << 20;

/// The cache directory of a site.
pub fn dir(root: &Path) -> PathBuf {
    root.join(".grundy-cache").join("cards")
}

/// A card's file name: `card-<hash>.png`, the hash covering its drawing and
/// this release of grundy (so that a change in how cards are drawn or encoded
/// does not serve an old picture).
pub(crate) fn name(svg: &str) -> String {
    let hash = fnv1a(
        svg.as_bytes(),
        fnv1a(env!("CARGO_PKG_VERSION").as_bytes(), BASIS),
    );
    format!("card-{hash:016x}.png")
}

/// A cached card, if there is one that is a regular file (no link, no
/// pipe), at most [`MAX_CARD_BYTES`], and a whole PNG (every chunk's
/// checksum and the end chunk). One that is not is removed, so that the
/// build keeps the card it draws instead.
pub(crate) fn get(dir: &Path, name: &str) -> Option<Vec<u8>> {
    let path = dir.join(name);
    std::fs::symlink_metadata(&path).ok()?;
    let bytes = read_kept(&path, MAX_CARD_BYTES, "a kept card").unwrap_or_default();
    if is_whole_png(&bytes) {
        Some(bytes)
    } else {
        let _ = std::fs::remove_file(path);
        None
    }
}

/// After a build has written `written` (paths in it) to `output`: keeps
/// each of its cards in `dir` (a hard link to the written file where the
/// file system allows, a copy where not), and removes the cards no page
/// uses any more.
pub(crate) fn keep<'a>(dir: &Path, output: &Path, written: impl IntoIterator<Item = &'a str>) {
    let cards: BTreeMap<&str, &str> = written
        .into_iter()
        .filter_map(|rel| {
            let name = rel.rsplit('/').next()?;
            is_card(name).then_some((name, rel))
        })
        .collect();
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut present = BTreeSet::new();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if cards.contains_key(name.as_str()) {
            present.insert(name);
        } else if is_card(&name) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
    // Each new card linked on any thread (no two cards have one name).
    let new: Vec<(&str, &str)> = cards
        .into_iter()
        .filter(|(name, _)| !present.contains(*name))
        .collect();
    new.par_iter().for_each(|(name, rel)| {
        let (source, target) = (output.join(rel), dir.join(name));
        if std::fs::hard_link(&source, &target).is_err()
            && let Ok(bytes) = std::fs::read(&source)
        {
            let _ = write_whole(&target, &bytes);
        }
    });
}

/// The eight bytes every PNG starts with.
const SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";

/// Whether `bytes` are a whole PNG: the signature, then chunks each whole
/// and matching its CRC-32, the first a header, image data among them (as
/// the png crate writes a card: header, palette, data, end), the last the
/// end chunk with nothing after it. Every byte is covered by a checksum, so a card cut short
/// or damaged anywhere is refused, without inflating its image data (which
/// cost more than the rest of a build's work on a card).
fn is_whole_png(bytes: &[u8]) -> bool {
    let Some(mut rest) = bytes.strip_prefix(SIGNATURE) else {
        return false;
    };
    let (mut first, mut data_seen) = (true, false);
    loop {
        let Some((head, after)) = rest.split_first_chunk::<8>() else {
            return false;
        };
        let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let kind = &head[4..8];
        let Some((data, after)) = after.split_at_checked(len) else {
            return false;
        };
        let Some((crc, after)) = after.split_first_chunk::<4>() else {
            return false;
        };
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(kind);
        hasher.update(data);
        if hasher.finalize() != u32::from_be_bytes(*crc) || (first && kind != b"IHDR") {
            return false;
        }
        if kind == b"IEND" {
            return data_seen && after.is_empty();
        }
        data_seen |= kind == b"IDAT";
        first = false;
        rest = after;
    }
}

/// Whether `name` is a card's, as [`name`] makes them: `card-`, 16
/// lowercase hex digits, `.png`.
fn is_card(name: &str) -> bool {
    name.strip_prefix("card-")
        .and_then(|rest| rest.strip_suffix(".png"))
        .is_some_and(|hash| {
            hash.len() == 16 && hash.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        })
}

/// Writes a file under a temporary name, then renames it: a reader never sees half a card.
fn write_whole(target: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = target.parent().unwrap_or(Path::new("."));
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    std::io::Write::write_all(&mut file, bytes)?;
    file.persist(target).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::write::{Destination, write};

    fn write_atomically(files: &BTreeMap<String, Vec<u8>>, output: &Path) {
        let root = output.parent().unwrap();
        let dest = Destination::resolve(root, output).unwrap();
        write(
            files,
            &BTreeMap::new(),
            &dest,
            &[],
            std::time::Duration::ZERO,
        )
        .unwrap();
    }

    /// A whole PNG of 3 by 2 grey pixels.
    fn tiny_png() -> Vec<u8> {
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, 3, 2);
        encoder.set_color(png::ColorType::Grayscale);
        let mut writer = encoder.write_header().unwrap();
        writer.write_image_data(&[0, 64, 128, 192, 255, 7]).unwrap();
        writer.finish().unwrap();
        bytes
    }

    #[test]
    fn names_follow_the_drawing() {
        // Pinned: FNV-1a of `<svg/>` after the package version 0.1.0, so a
        // change in how cards are named fails here (a new version renames
        // every card, as it should, and this value with it).
        assert_eq!(
            name("<svg/>"),
            "card-8165707b050e0c3b.png",
            "cards keep their names"
        );
        assert_ne!(name("<svg/>"), name("<svg />"));
        assert!(is_card(&name("<svg/>")));
    }

    #[test]
    fn cards_are_kept_reused_and_pruned() {
        let png = tiny_png();
        let root = tempfile::tempdir().unwrap();
        let (cache, output) = (dir(root.path()), root.path().join("public"));
        let files = |names: &[&str]| -> BTreeMap<String, Vec<u8>> {
            names
                .iter()
                .map(|n| (format!("essay/{n}"), png.clone()))
                .chain([("essay/index.html".to_owned(), b"<p>".to_vec())])
                .collect()
        };
        let first = files(&["card-0000000000000001.png", "card-0000000000000002.png"]);
        write_atomically(&first, &output);
        keep(&cache, &output, first.keys().map(String::as_str));
        assert_eq!(
            get(&cache, "card-0000000000000001.png").as_deref(),
            Some(png.as_slice())
        );
        assert_eq!(get(&cache, "index.html"), None, "only cards are kept");

        // The output goes, the cache stays; a card no page uses any more is pruned.
        std::fs::remove_dir_all(&output).unwrap();
        assert_eq!(
            get(&cache, "card-0000000000000002.png").as_deref(),
            Some(png.as_slice())
        );
        let second = files(&["card-0000000000000002.png", "card-0000000000000003.png"]);
        write_atomically(&second, &output);
        keep(&cache, &output, second.keys().map(String::as_str));
        assert_eq!(get(&cache, "card-0000000000000001.png"), None);
        assert_eq!(
            get(&cache, "card-0000000000000003.png").as_deref(),
            Some(png.as_slice())
        );

        // Something that is not a PNG is not served, and goes.
        std::fs::write(cache.join("card-0000000000000002.png"), b"garbage").unwrap();
        assert_eq!(get(&cache, "card-0000000000000002.png"), None);
        assert!(!cache.join("card-0000000000000002.png").exists());
    }

    /// A card that is a link (to a picture outside the site, or to a
    /// device), a pipe, or larger than a card is never read, nor linked into
    /// the output; a file of another name is never pruned.
    #[cfg(unix)]
    #[test]
    fn a_card_that_is_no_regular_file_is_not_served() {
        let root = tempfile::tempdir().unwrap();
        let cache = dir(root.path());
        std::fs::create_dir_all(&cache).unwrap();
        let outside = root.path().join("outside.png");
        std::fs::write(&outside, tiny_png()).unwrap();
        let linked = "card-00000000000000aa.png";
        std::os::unix::fs::symlink(&outside, cache.join(linked)).unwrap();
        assert_eq!(get(&cache, linked), None, "a link to a whole PNG");
        assert!(outside.exists(), "what the link named is left alone");
        std::os::unix::fs::symlink("/dev/zero", cache.join("card-00000000000000bb.png")).unwrap();
        assert_eq!(get(&cache, "card-00000000000000bb.png"), None);
        let fifo = cache.join("card-00000000000000cc.png");
        assert!(
            std::process::Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .unwrap()
                .success()
        );
        assert_eq!(
            get(&cache, "card-00000000000000cc.png"),
            None,
            "never waited on"
        );
        let big = std::fs::File::create(cache.join("card-00000000000000dd.png")).unwrap();
        big.set_len(300 << 20).unwrap();
        assert_eq!(get(&cache, "card-00000000000000dd.png"), None);
        std::fs::write(cache.join("card-notes.png"), b"mine").unwrap();
        keep(&cache, &root.path().join("public"), std::iter::empty());
        assert!(
            cache.join("card-notes.png").exists(),
            "not a name the cache writes"
        );
    }

    #[test]
    fn a_truncated_or_damaged_card_is_not_served_and_goes() {
        let root = tempfile::tempdir().unwrap();
        let cache = dir(root.path());
        std::fs::create_dir_all(&cache).unwrap();
        let png = tiny_png();
        std::fs::write(cache.join("card-0000000000000001.png"), &png).unwrap();
        assert_eq!(get(&cache, "card-0000000000000001.png"), Some(png.clone()));
        // Cut short: the signature is there, the end is not.
        for cut in [png.len() - 1, png.len() - 12, png.len() / 2, 9] {
            std::fs::write(cache.join("card-0000000000000001.png"), &png[..cut]).unwrap();
            assert_eq!(
                get(&cache, "card-0000000000000001.png"),
                None,
                "cut to {cut} bytes"
            );
            assert!(!cache.join("card-0000000000000001.png").exists());
        }
        // One byte of the image data changed: its checksum no longer holds.
        let mut damaged = png.clone();
        let idat = damaged.windows(4).position(|w| w == b"IDAT").unwrap();
        damaged[idat + 6] ^= 0x40;
        std::fs::write(cache.join("card-0000000000000001.png"), &damaged).unwrap();
        assert_eq!(get(&cache, "card-0000000000000001.png"), None);
        // Anything after the end chunk: not the card that was written.
        let mut longer = png.clone();
        longer.push(0);
        assert!(!is_whole_png(&longer));
        // A chunk's length pointing past the end of the file.
        let mut stretched = png.clone();
        stretched[8..12].copy_from_slice(&u32::MAX.to_be_bytes());
        assert!(!is_whole_png(&stretched));
        assert!(!is_whole_png(SIGNATURE));
        // A header and the end, every checksum right, but no image data.
        let idat_start = idat - 4;
        let idat_len = u32::from_be_bytes(png[idat_start..idat].try_into().unwrap()) as usize;
        let mut no_data = png.clone();
        no_data.drain(idat_start..idat + 4 + idat_len + 4);
        assert!(!is_whole_png(&no_data));
        assert!(is_whole_png(&png));
    }
}
