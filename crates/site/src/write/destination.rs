//! Where a build may write: the output resolved to its real path, and refused when it is the site itself or not grundy's.

use std::ffi::OsString;
use std::io;
use std::path::{Component, Path, PathBuf};

use super::OutputError;
use grundy_load::config::MARKER;

/// The directories of a site that no output may be, hold, or lie inside.
const SOURCES: [&str; 4] = ["content", "templates", "static", ".grundy-cache"];

/// An output directory, resolved: symbolic links in its path (itself
/// included) followed once, here, so that nothing later follows one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Destination {
    /// The output as the user named it, for messages.
    pub(crate) given: PathBuf,
    /// Its real path: absolute, no `..`, no symbolic link.
    pub(crate) path: PathBuf,
    /// The real directory that holds it (lock, staging and old copies live there).
    pub(crate) parent: PathBuf,
    /// Its name in `parent`.
    pub(crate) name: OsString,
}

impl Destination {
    /// Resolves `output` for a site at `root` and refuses the root, an
    /// ancestor of it, the site's sources (`content/`, `templates/`,
    /// `static/`, `.grundy-cache/`), anything inside or above those, a dangling
    /// link and anything that exists but is not a directory.
    pub fn resolve(root: &Path, output: &Path) -> Result<Destination, OutputError> {
        let refuse = |reason: String| OutputError::Refused {
            path: output.to_path_buf(),
            reason,
        };
        let root = root.canonicalize().map_err(|e| OutputError::Io {
            path: root.to_path_buf(),
            source: e,
        })?;
        let path = real_path(output).map_err(|e| match e {
            Unresolved::Io(source) => OutputError::Io {
                path: output.to_path_buf(),
                source,
            },
            Unresolved::Refused(reason) => refuse(reason),
        })?;
        if root.starts_with(&path) {
            return Err(refuse(if root == path {
                "it is the site's root; the build writes to a directory of its own, such as ROOT/public".into()
            } else {
                format!("it holds the site's root {}", root.display())
            }));
        }
        for source in SOURCES {
            let dir = root.join(source);
            let dir = dir.canonicalize().unwrap_or(dir);
            if path.starts_with(&dir) || dir.starts_with(&path) {
                let place = if path == dir {
                    "is"
                } else if path.starts_with(&dir) {
                    "is inside"
                } else {
                    "holds"
                };
                return Err(refuse(format!("it {place} the site's {source}/")));
            }
        }
        match std::fs::symlink_metadata(&path) {
            Ok(meta) if !meta.is_dir() => {
                return Err(refuse("it is a file, not a directory".into()));
            }
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(source) => return Err(OutputError::Io { path, source }),
        }
        let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
            return Err(refuse("it is the top of the file system".into()));
        };
        Ok(Destination {
            given: output.to_path_buf(),
            parent: parent.to_path_buf(),
            name: name.to_owned(),
            path,
        })
    }

    /// Refuses an existing output that grundy did not make: one with neither
    /// the marker file nor only entries named in `keep` (an empty directory,
    /// or a fresh deploy clone with `.git` and `CNAME`, is taken).
    pub(crate) fn check_owned(&self, keep: &[String]) -> Result<(), OutputError> {
        let entries = match std::fs::read_dir(&self.path) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(source) => {
                return Err(OutputError::Io {
                    path: self.path.clone(),
                    source,
                });
            }
        };
        if std::fs::symlink_metadata(self.path.join(MARKER)).is_ok_and(|m| m.is_file()) {
            return Ok(());
        }
        let mut foreign: Vec<String> = entries
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|name| !keep.iter().any(|k| k == name))
            .collect();
        if foreign.is_empty() {
            return Ok(());
        }
        foreign.sort();
        let shown = foreign.len().min(3);
        let mut list = foreign[..shown].join(", ");
        if foreign.len() > shown {
            list.push_str(&format!(" and {} more", foreign.len() - shown));
        }
        Err(OutputError::Refused {
            path: self.given.clone(),
            reason: format!(
                "it was not made by grundy (it has no {MARKER} file) and holds {list}; \
                 empty or remove it, or choose another --output"
            ),
        })
    }

    /// A name beside the output: `.NAME.<what>` in its parent.
    pub(crate) fn beside(&self, what: &str) -> PathBuf {
        self.parent.join(self.prefix(what))
    }

    /// `.NAME.<what>`: the start of the names grundy gives the files it keeps beside the output.
    pub(crate) fn prefix(&self, what: &str) -> String {
        format!(".{}.{what}", self.name.to_string_lossy())
    }
}

enum Unresolved {
    Io(io::Error),
    Refused(String),
}

/// The real path of `output`, which need not exist: the deepest part that
/// exists is resolved by the system; the rest must be plain names.
fn real_path(output: &Path) -> Result<PathBuf, Unresolved> {
    let output = std::path::absolute(output).map_err(Unresolved::Io)?;
    for existing in output.ancestors() {
        let meta = match std::fs::symlink_metadata(existing) {
            Ok(meta) => meta,
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => return Err(Unresolved::Io(e)),
        };
        let mut real = match existing.canonicalize() {
            Ok(real) => real,
            Err(_) if meta.is_symlink() => {
                let target = std::fs::read_link(existing)
                    .map(|t| t.display().to_string())
                    .unwrap_or_default();
                return Err(Unresolved::Refused(format!(
                    "{} is a symbolic link to {target}, which does not exist",
                    existing.display()
                )));
            }
            Err(e) => return Err(Unresolved::Io(e)),
        };
        let rest = output.strip_prefix(existing).unwrap_or(Path::new(""));
        for part in rest.components() {
            match part {
                Component::Normal(name) => real.push(name),
                _ => {
                    return Err(Unresolved::Refused(format!(
                        "it passes through {}, which does not exist, before a `..`, so it cannot be resolved",
                        existing
                            .join(rest.iter().next().unwrap_or_default())
                            .display()
                    )));
                }
            }
        }
        return Ok(real);
    }
    Err(Unresolved::Io(io::Error::from(io::ErrorKind::NotFound)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("site");
        for sub in ["content", "templates", "static"] {
            std::fs::create_dir_all(root.join(sub)).unwrap();
        }
        (dir, root)
    }

    fn refused(root: &Path, output: &Path) -> String {
        match Destination::resolve(root, output) {
            Err(OutputError::Refused { reason, .. }) => reason,
            other => panic!("{} was not refused: {other:?}", output.display()),
        }
    }

    #[test]
    fn the_site_and_its_sources_are_refused_however_they_are_spelled() {
        let (dir, root) = site();
        assert!(refused(&root, &root).contains("the site's root"));
        assert!(refused(&root, &root.join("static/..")).contains("the site's root"));
        assert!(refused(&root, dir.path()).contains("holds the site's root"));
        assert!(refused(&root, Path::new("/")).contains("holds the site's root"));
        assert!(refused(&root, &root.join("content")).contains("is the site's content/"));
        assert!(refused(&root, &root.join("content/a/b")).contains("inside the site's content/"));
        assert!(refused(&root, &root.join("templates/../static")).contains("static/"));
        assert!(refused(&root, &root.join(".grundy-cache")).contains(".grundy-cache/"));
        std::os::unix::fs::symlink(root.join("content"), dir.path().join("alias")).unwrap();
        assert!(refused(&root, &dir.path().join("alias")).contains("content/"));
        assert!(refused(&root, &dir.path().join("alias/new")).contains("inside"));
        assert!(refused(&root, &root.join("nothing/../x")).contains("cannot be resolved"));
    }

    #[test]
    fn a_source_linked_elsewhere_is_guarded_where_it_really_is() {
        let (dir, root) = site();
        let essays = dir.path().join("essays/all");
        std::fs::create_dir_all(&essays).unwrap();
        std::fs::remove_dir(root.join("content")).unwrap();
        std::os::unix::fs::symlink(&essays, root.join("content")).unwrap();
        assert!(refused(&root, &essays).contains("is the site's content/"));
        assert!(refused(&root, &dir.path().join("essays")).contains("holds the site's content/"));
    }

    #[test]
    fn files_and_dangling_links_are_refused() {
        let (dir, root) = site();
        std::fs::write(root.join("grundy.toml"), "").unwrap();
        assert!(refused(&root, &root.join("grundy.toml")).contains("not a directory"));
        std::os::unix::fs::symlink(dir.path().join("gone"), root.join("public")).unwrap();
        assert!(refused(&root, &root.join("public")).contains("which does not exist"));
    }

    #[test]
    fn an_output_is_resolved_to_its_real_place() {
        let (dir, root) = site();
        let real = dir.path().canonicalize().unwrap();
        let d = Destination::resolve(&root, &root.join("public")).unwrap();
        assert_eq!(d.path, real.join("site/public"));
        assert_eq!(d.parent, real.join("site"));
        assert_eq!(
            d.beside("grundy-lock"),
            real.join("site/.public.grundy-lock")
        );
        std::fs::create_dir_all(dir.path().join("www")).unwrap();
        std::os::unix::fs::symlink(dir.path().join("www"), root.join("public")).unwrap();
        let d = Destination::resolve(&root, &root.join("public")).unwrap();
        assert_eq!(d.path, real.join("www"));
        let d = Destination::resolve(&root, &root.join("public/deep/er")).unwrap();
        assert_eq!(d.path, real.join("www/deep/er"));
    }

    #[test]
    fn only_an_output_grundy_made_or_an_empty_clone_is_taken() {
        let (dir, root) = site();
        let out = dir.path().join("out");
        let d = Destination::resolve(&root, &out).unwrap();
        let keep = vec![".git".to_owned(), "CNAME".to_owned()];
        d.check_owned(&keep).unwrap();
        std::fs::create_dir_all(out.join(".git")).unwrap();
        std::fs::write(out.join("CNAME"), "x").unwrap();
        d.check_owned(&keep).unwrap();
        for name in ["a", "b", "c", "d"] {
            std::fs::write(out.join(name), "x").unwrap();
        }
        let reason = match d.check_owned(&keep) {
            Err(OutputError::Refused { reason, .. }) => reason,
            other => panic!("{other:?}"),
        };
        assert!(reason.contains("holds a, b, c and 1 more"), "{reason}");
        std::fs::create_dir(out.join(MARKER)).unwrap();
        assert!(d.check_owned(&keep).is_err(), "a marker must be a file");
        std::fs::remove_dir(out.join(MARKER)).unwrap();
        std::fs::write(out.join(MARKER), "").unwrap();
        d.check_owned(&keep).unwrap();
    }
}
