//! Page bundles: the files beside an essay's `index.md`, read to be published
//! beside its page.

use std::path::{Path, PathBuf};

use crate::content::bundle_dir;
use crate::error::{Diagnostic, ErrorKind};
use crate::site_file::slash_path;
use crate::site_file::{self, Refused, Root};

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
    let site = match Root::new(root) {
        Ok(site) => site,
        Err(e) => {
            out.problems = vec![Diagnostic::file(root, ErrorKind::Io(e.to_string()))];
            return out;
        }
    };
    let mut checked: Vec<Checked> = essays
        .filter_map(|(essay, slug)| Some(find(&site, bundle_dir(essay)?, slug)))
        .collect();
    past_site_limit(&mut checked);
    for bundle in checked {
        out.refused.extend(bundle.refused);
        out.problems.extend(bundle.problems);
        for f in bundle.found {
            match site_file::read_bounded(&f.read, MAX_FILE_BYTES, "a bundled file") {
                Ok(bytes) => out.assets.push(Asset {
                    source: f.source,
                    output: f.output,
                    bytes,
                }),
                Err(e) => {
                    out.problems.push(refusal(&f.source, e));
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
fn find(site: &Root, dir: &Path, slug: &str) -> Checked {
    let mut out = Checked {
        dir: dir.to_path_buf(),
        ..Checked::default()
    };
    let files = match site.walk(dir, |name| !skipped(name)) {
        Ok(files) => files,
        Err(e) => {
            out.problems.push(refusal(dir, e));
            return out;
        }
    };
    let mut total = 0u64;
    for file in files
        .into_iter()
        .filter(|f| !f.inside.to_string_lossy().ends_with(".md"))
    {
        let source = dir.join(&file.inside);
        let output = format!("{slug}/{}", slash_path(&file.inside));
        match file.read {
            Ok((read, size)) if size <= MAX_FILE_BYTES => {
                total += size;
                out.found.push(Found {
                    output,
                    source,
                    read,
                });
            }
            Ok((_, size)) => {
                out.problems.push(refusal(&source, too_large(size)));
                out.refused.push(output);
            }
            Err(e) => {
                out.problems.push(refusal(&source, e));
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
    out.problems.extend(over_total(dir, total));
    out.bytes = total;
    if !out.problems.is_empty() {
        out.refused.extend(out.found.drain(..).map(|f| f.output));
    }
    out
}

/// The problem of a bundle whose files hold more than [`MAX_BUNDLE_BYTES`].
fn over_total(dir: &Path, total: u64) -> Option<Diagnostic> {
    (total > MAX_BUNDLE_BYTES).then(|| {
        problem(
            dir,
            format!(
                "its files hold {} MiB together, more than the {} MiB a bundle may hold",
                total / MIB,
                MAX_BUNDLE_BYTES / MIB
            ),
        )
    })
}

/// A bundled file past [`MAX_FILE_BYTES`].
fn too_large(bytes: u64) -> Refused {
    Refused::TooLarge {
        bytes,
        max: MAX_FILE_BYTES,
        what: "a bundled file",
    }
}

fn refusal(source: &Path, refused: Refused) -> Diagnostic {
    Diagnostic::file(source, ErrorKind::NotRead(refused))
}
