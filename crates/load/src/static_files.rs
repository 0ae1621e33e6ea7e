//! The site's static files: the built-in ones, with `ROOT/static` copied over them.

use std::collections::BTreeMap;
use std::path::Path;

use crate::error::{Diagnostic, ErrorKind};
use crate::sink::Sink;
use crate::site_file::slash_path;
use crate::site_file::{Refused, Root};
use crate::{bundle, embedded};

/// The site's directory of static files, at its root.
pub const DIR: &str = "static";
/// A mebibyte, the unit limits are stated in.
const MIB: u64 = 1024 * 1024;
/// The largest file `static/` may hold: as large as a page bundle's (64 MiB).
pub const MAX_FILE_BYTES: u64 = bundle::MAX_FILE_BYTES;
/// The most files `static/` may hold.
pub const MAX_FILES: usize = 10_000;
/// The most bytes `static/` may hold together (256 MiB): a build holds the
/// site in memory.
pub const MAX_BYTES: u64 = 256 * MIB;

/// The built-in static files, with `ROOT/static` copied over them. Every
/// file of `static/` that is not read (a link out of the root, to a
/// directory or to nothing, a pipe, a name that is not UTF-8, a limit
/// passed) is a problem of its own; hidden names are left out.
pub fn read(root: &Path, sink: &mut Sink) -> BTreeMap<String, Vec<u8>> {
    let mut files: BTreeMap<String, Vec<u8>> = embedded::STATIC
        .iter()
        .map(|(path, bytes)| ((*path).to_owned(), bytes.to_vec()))
        .collect();
    let found = match Root::open(root)
        .and_then(|site| site.walk(Path::new(DIR), |name| !name.starts_with('.')))
    {
        Ok(found) => found,
        Err(e) => {
            sink.push(Diagnostic::file(DIR, ErrorKind::NotRead(e)));
            return files;
        }
    };
    if found.len() > MAX_FILES {
        let many = Refused::TooMany {
            count: found.len(),
            max: MAX_FILES,
            what: "static/",
        };
        sink.push(Diagnostic::file(DIR, ErrorKind::NotRead(many)));
        return files;
    }
    let mut total = 0u64;
    for file in found {
        let shown = Path::new(DIR).join(&file.inside);
        match file.bytes(MAX_FILE_BYTES, "a static file") {
            Ok(bytes) => {
                total += bytes.len() as u64;
                if total > MAX_BYTES {
                    let large = Refused::TooLarge {
                        bytes: total,
                        max: MAX_BYTES,
                        what: "static/ together",
                    };
                    sink.push(Diagnostic::file(shown, ErrorKind::NotRead(large)));
                    break;
                }
                files.insert(slash_path(&file.inside), bytes);
            }
            Err(e) => sink.push(Diagnostic::file(shown, ErrorKind::NotRead(e))),
        }
    }
    files
}
