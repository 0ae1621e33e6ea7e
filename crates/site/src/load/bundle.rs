//! Page bundles: the files beside an essay's `index.md`, read to be published
//! beside its page.

use std::io::Read as _;
use std::path::{Path, PathBuf};

use crate::error::{Diagnostic, ErrorKind};
use crate::load::content::bundle_dir;
use crate::render::templates::slash_path;

/// A mebibyte, the unit limits are stated in.
const MIB: u64 = 1024 * 1024;
/// The largest file a bundle may hold (64 MiB).
pub const MAX_FILE_BYTES: u64 = 64 * MIB;
/// The most files a bundle may hold.
pub const MAX_FILES: usize = 1000;
/// The most bytes a bundle's files may hold together (256 MiB).
pub const MAX_BUNDLE_BYTES: u64 = 256 * MIB;
/// The most bytes every bundle of a site may hold together (1 GiB): a
/// build holds the site in memory.
pub const MAX_SITE_BYTES: u64 = 1024 * MIB;

/// A file of a bundle, read.
#[derive(Debug, Clone)]
pub struct Asset {
    /// Where it is read from, relative to the site's root (`content/nim/figure.png`).
    pub source: PathBuf,
    /// Where the site has it (`nim/figure.png`).
    pub output: String,
    pub bytes: Vec<u8>,
}

/// A file found in a bundle, checked but not read yet.
struct Found {
    source: PathBuf,
    output: String,
    /// The path to read: the file itself, or where its link leads.
    read: PathBuf,
}

/// What a bundle publishes, and what it cannot.
#[derive(Debug, Default)]
pub struct Bundle {
    /// The files read, when every one could be.
    pub assets: Vec<Asset>,
    /// The addresses of files that are not published because of a problem:
    /// still link targets, so that a link to one is not reported again.
    pub refused: Vec<String>,
    pub problems: Vec<Diagnostic>,
}

/// The files of every bundle among `essays` (each a path relative to `root`
/// and a slug), each published under its essay's slug; essays that are not
/// bundles have none.
///
/// Every file but Markdown (which is neither an essay nor published),
/// names starting with `.` or `_` and editors' backups is taken, in subdirectories too. A symbolic
/// link is followed only to a file inside the site's root. Every problem (a
/// link out of the root or to nothing, a file that is not a regular one, a
/// name that is not UTF-8, a limit passed) is reported, and then none of that
/// bundle's files is read; when the bundles together pass
/// [`MAX_SITE_BYTES`], none is read at all. Every limit is checked on the
/// files' sizes before anything is read.
pub fn read_all<'a>(root: &Path, essays: impl Iterator<Item = (&'a Path, &'a str)>) -> Bundle {
    let mut out = Bundle::default();
    let real_root = match root.canonicalize() {
        Ok(real) => real,
        Err(e) => {
            out.problems = vec![Diagnostic::file(root, ErrorKind::Io(e.to_string()))];
            return out;
        }
    };
    let mut checked: Vec<Checked> = essays
        .filter_map(|(essay, slug)| Some(find(root, bundle_dir(essay)?, slug, &real_root)))
        .collect();
    past_site_limit(&mut checked);
    for bundle in checked {
        out.refused.extend(bundle.refused);
        out.problems.extend(bundle.problems);
        for f in bundle.found {
            match read_bounded(&f.read) {
                Ok(bytes) => out.assets.push(Asset {
                    source: f.source,
                    output: f.output,
                    bytes,
                }),
                Err(message) => {
                    out.problems.push(problem(&f.source, message));
                    out.refused.push(f.output);
                }
            }
        }
    }
    out
}

/// When the bundles together pass [`MAX_SITE_BYTES`], a problem at the
/// first (in path order) that takes them past it, and every file refused.
fn past_site_limit(checked: &mut [Checked]) {
    let mut total = 0u64;
    let Some(at) = checked.iter().position(|c| {
        total += c.bytes;
        total > MAX_SITE_BYTES
    }) else {
        return;
    };
    let dir = checked[at].dir.clone();
    checked[at].problems.push(problem(
        &dir,
        format!(
            "with this bundle the site's bundles hold more than the {} MiB they may hold \
             together (a build holds the site in memory)",
            MAX_SITE_BYTES / MIB
        ),
    ));
    for c in checked.iter_mut() {
        c.refused.extend(c.found.drain(..).map(|f| f.output));
    }
}

/// A bundle's files found and checked, before they are read.
#[derive(Default)]
struct Checked {
    /// The bundle's directory, relative to the site's root.
    dir: PathBuf,
    found: Vec<Found>,
    /// The size of the files found.
    bytes: u64,
    refused: Vec<String>,
    problems: Vec<Diagnostic>,
}

/// Names a bundle never publishes: hidden and `_` names, and editors'
/// backups (`index.md~`, Emacs' `#index.md#`; swap files are hidden).
fn skipped(name: &str) -> bool {
    name.starts_with(['.', '_'])
        || name.ends_with('~')
        || (name.len() > 1 && name.starts_with('#') && name.ends_with('#'))
}

fn problem(source: &Path, message: String) -> Diagnostic {
    Diagnostic::file(source, ErrorKind::Bundle(message))
}

/// Every file of the bundle `dir`, checked against the rules and limits; when
/// one is not, every file is refused.
fn find(root: &Path, dir: &Path, slug: &str, real_root: &Path) -> Checked {
    let base = root.join(dir);
    let mut out = Checked {
        dir: dir.to_path_buf(),
        ..Checked::default()
    };
    let mut total = 0u64;
    let mut walk = walkdir::WalkDir::new(&base)
        .min_depth(1)
        .sort_by_file_name()
        .into_iter();
    while let Some(entry) = walk.next() {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                out.problems.push(problem(dir, e.to_string()));
                break;
            }
        };
        let name = entry.file_name().to_string_lossy();
        if skipped(&name) {
            if entry.file_type().is_dir() {
                walk.skip_current_dir();
            }
            continue;
        }
        if entry.file_type().is_dir() || name.ends_with(".md") {
            continue;
        }
        let inside = entry.path().strip_prefix(&base).unwrap_or(entry.path());
        let source = dir.join(inside);
        let output = format!("{slug}/{}", slash_path(inside));
        match check(entry.path(), inside, real_root) {
            Ok((read, size)) => {
                total += size;
                out.found.push(Found {
                    output,
                    source,
                    read,
                });
            }
            Err(message) => {
                out.problems.push(problem(&source, message));
                out.refused.push(output);
            }
        }
        if out.found.len() + out.refused.len() > MAX_FILES {
            out.problems.push(problem(
                dir,
                format!(
                    "more than {MAX_FILES} files: a bundle holds at most {MAX_FILES}; \
                     put files several essays share in static/"
                ),
            ));
            break;
        }
    }
    if total > MAX_BUNDLE_BYTES {
        out.problems.push(problem(
            dir,
            format!(
                "its files hold {} MiB together, more than the {} MiB a bundle may hold",
                total / MIB,
                MAX_BUNDLE_BYTES / MIB
            ),
        ));
    }
    out.bytes = total;
    if !out.problems.is_empty() {
        out.refused.extend(out.found.drain(..).map(|f| f.output));
    }
    out
}

/// Where to read the bundle file at `path` from, and its size; or why it
/// cannot be published.
fn check(path: &Path, inside: &Path, real_root: &Path) -> Result<(PathBuf, u64), String> {
    if inside.to_str().is_none() {
        return Err("its name is not UTF-8, so it has no address on the site: rename it".into());
    }
    let meta = std::fs::symlink_metadata(path).map_err(|e| e.to_string())?;
    let (read, meta) = if meta.file_type().is_symlink() {
        let target = path.canonicalize().map_err(|_| {
            "a symbolic link that leads to nothing (or round in a loop): remove it, or \
             copy the file it named into the bundle"
                .to_owned()
        })?;
        if !target.starts_with(real_root) {
            return Err(
                "a symbolic link to a file outside the site's root, which a build never \
                        publishes: copy the file into the bundle"
                    .into(),
            );
        }
        let meta = std::fs::metadata(&target).map_err(|e| e.to_string())?;
        if meta.is_dir() {
            return Err("a symbolic link to a directory: only links to files are followed".into());
        }
        (target, meta)
    } else {
        (path.to_path_buf(), meta)
    };
    if !meta.is_file() {
        return Err("not a regular file (a pipe, socket or device): remove it".into());
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_large(meta.len()));
    }
    Ok((read, meta.len()))
}

fn too_large(len: u64) -> String {
    format!(
        "{} MiB, more than the {} MiB a bundled file may hold",
        len / MIB,
        MAX_FILE_BYTES / MIB
    )
}

/// The file's bytes, refusing one that grew past the limit since it was checked.
fn read_bounded(path: &Path) -> Result<Vec<u8>, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_grew_past_the_limit_after_its_check_is_refused_when_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("grew.bin");
        std::fs::File::create(&path)
            .unwrap()
            .set_len(MAX_FILE_BYTES + 1)
            .unwrap();
        let e = read_bounded(&path).unwrap_err();
        assert!(e.contains("more than the 64 MiB"), "{e}");
        std::fs::File::create(&path).unwrap().set_len(3).unwrap();
        assert_eq!(read_bounded(&path).unwrap(), [0, 0, 0]);
    }

    #[test]
    fn a_name_that_is_not_utf8_is_refused() {
        use std::os::unix::ffi::OsStrExt as _;
        let dir = tempfile::tempdir().unwrap();
        let name = std::ffi::OsStr::from_bytes(b"fig\xff.png");
        std::fs::write(dir.path().join(name), "x").unwrap();
        let e = check(&dir.path().join(name), Path::new(name), dir.path()).unwrap_err();
        assert!(e.contains("not UTF-8"), "{e}");
    }
}
