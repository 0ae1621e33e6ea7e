//! The one rule for every file a build reads: a path is read only when it is,
//! or links to, a regular file inside the site's root.
//!
//! Content, bundles, `static/`, `templates/`, `games/`, the bibliography and
//! `grundy.toml` are all read through [`Root`]. A path is resolved whole
//! (every link on the way followed, as the kernel would), and refused when
//! where it really is lies outside the root, is not a regular file, or is a
//! link to a directory below one of the site's input directories. A refusal
//! never names nor reads what lies outside: an error about a file quotes its
//! text only when the file was read, and a file is read only inside the root.
//!
//! The input directories themselves (`content/`, `static/`, ...) may be
//! links to a directory inside the root; links below them are followed to
//! files only, so that a walk never loops and each file has one address.

use std::io::Read as _;
use std::path::{Path, PathBuf};

/// Why a path under the root is not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error(
        "a symbolic link (or a path through one) that leads outside the site's root, \
         which a build never reads: copy the file into the site"
    )]
    Outside,
    #[error(
        "a symbolic link that leads to nothing (or round in a loop): remove it, or copy \
         the file it named into the site"
    )]
    Dangling,
    #[error(
        "a symbolic link to a directory: below the site's input directories only links \
         to files are followed"
    )]
    LinkToDirectory,
    #[error("no file there any more (it was removed while the build read the site)")]
    Gone,
    #[error("not a regular file (a pipe, socket or device): remove it")]
    NotRegular,
    #[error("its name is not UTF-8, so it has no address on the site: rename it")]
    NameNotUtf8,
    #[error("{bytes} bytes, more than the {} {what} may hold", amount(*max))]
    TooLarge {
        bytes: u64,
        max: u64,
        what: &'static str,
    },
    #[error("{count} files, more than the {max} {what} may hold")]
    TooMany {
        count: usize,
        max: usize,
        what: &'static str,
    },
    #[error("{0}")]
    Io(String),
}

/// `bytes` as a limit is stated: in MiB or KiB when it is a whole number of them.
fn amount(bytes: u64) -> String {
    const KIB: u64 = 1024;
    match bytes {
        0 => "0 bytes".into(),
        b if b % (KIB * KIB) == 0 => format!("{} MiB", b / (KIB * KIB)),
        b if b % KIB == 0 => format!("{} KiB", b / KIB),
        b => format!("{b} bytes"),
    }
}

/// A site's root, resolved once: where every file a build reads must be.
#[derive(Debug, Clone)]
pub struct Root {
    /// The root as given (`.`, `site`, an absolute path): paths are joined to it.
    given: PathBuf,
    /// The root with every link resolved.
    real: PathBuf,
}

/// A file found by [`Root::walk`]: where it is shown, and where it is read.
#[derive(Debug)]
pub struct Found {
    /// Relative to the walked directory (`css/site.css`).
    pub inside: PathBuf,
    /// The path to read and the file's size, or why it is not read.
    pub(crate) read: Result<(PathBuf, u64), Refused>,
}

impl Root {
    /// The root as it was given.
    #[cfg(test)]
    pub(crate) fn path(&self) -> &Path {
        &self.given
    }

    /// Resolves `root`; an error when it cannot be (it does not exist).
    pub fn new(root: &Path) -> std::io::Result<Root> {
        Ok(Root {
            given: root.to_path_buf(),
            real: root.canonicalize()?,
        })
    }

    /// [`Root::new`], its error as a refusal, for a loader that reports it so.
    pub fn open(root: &Path) -> Result<Root, Refused> {
        Root::new(root).map_err(|e| Refused::Io(e.to_string()))
    }

    /// Where the path at `rel` really is, when that is inside the root, and
    /// whether `rel` itself is a link: `Ok(None)` when nothing is there.
    fn locate(&self, rel: &Path) -> Result<Option<(PathBuf, bool)>, Refused> {
        let path = self.given.join(rel);
        let link = match std::fs::symlink_metadata(&path) {
            Ok(meta) => meta.file_type().is_symlink(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(Refused::Io(e.to_string())),
        };
        let real = path.canonicalize().map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => Refused::Dangling,
            _ if link => Refused::Dangling,
            _ => Refused::Io(e.to_string()),
        })?;
        if !real.starts_with(&self.real) {
            return Err(Refused::Outside);
        }
        Ok(Some((real, link)))
    }

    /// Where the file at `rel` (relative to the root) is read from, with its
    /// metadata: `Ok(None)` when nothing is there.
    pub(crate) fn resolve(
        &self,
        rel: &Path,
    ) -> Result<Option<(PathBuf, std::fs::Metadata)>, Refused> {
        let Some((real, link)) = self.locate(rel)? else {
            return Ok(None);
        };
        let meta = std::fs::metadata(&real).map_err(|e| Refused::Io(e.to_string()))?;
        if meta.is_dir() && link {
            return Err(Refused::LinkToDirectory);
        }
        if !meta.is_file() {
            return Err(Refused::NotRegular);
        }
        Ok(Some((real, meta)))
    }

    /// The bytes of the file at `rel`, at most `max` of them (`what` names
    /// the kind of file in the error: "a static file"); `Ok(None)` when
    /// nothing is there. The size is checked before anything is read, and
    /// again while reading, for a file that grows meanwhile.
    pub fn read(
        &self,
        rel: &Path,
        max: u64,
        what: &'static str,
    ) -> Result<Option<Vec<u8>>, Refused> {
        let Some((real, _)) = self.resolve(rel)? else {
            return Ok(None);
        };
        read_bounded(&real, max, what).map(Some)
    }

    /// Whether the input directory `rel` (`static`) is there to be walked:
    /// `Ok(false)` when it is not, an error when it is a link out of the
    /// root or something other than a directory.
    pub fn has_dir(&self, rel: &Path) -> Result<bool, Refused> {
        Ok(self.locate(rel)?.is_some_and(|(real, _)| real.is_dir()))
    }

    /// Every file below the input directory `rel`, in name order, each with
    /// where it is read or why it is not; `keep` is asked of every name
    /// (a directory's too) and leaves out what it answers `false` for.
    /// Directories below `rel` are walked, links to directories are not.
    pub fn walk(&self, rel: &Path, keep: impl Fn(&str) -> bool) -> Result<Vec<Found>, Refused> {
        if !self.has_dir(rel)? {
            return Ok(Vec::new());
        }
        let base = self.given.join(rel);
        let mut out = Vec::new();
        let mut walk = walkdir::WalkDir::new(&base)
            .min_depth(1)
            .sort_by_file_name()
            .into_iter();
        while let Some(entry) = walk.next() {
            let entry = entry.map_err(|e| Refused::Io(e.to_string()))?;
            let name = entry.file_name().to_string_lossy();
            if !keep(&name) {
                if entry.file_type().is_dir() {
                    walk.skip_current_dir();
                }
                continue;
            }
            if entry.file_type().is_dir() {
                continue;
            }
            let inside = entry
                .path()
                .strip_prefix(&base)
                .unwrap_or(entry.path())
                .to_path_buf();
            let read = if inside.to_str().is_none() {
                Err(Refused::NameNotUtf8)
            } else {
                self.resolve(&rel.join(&inside)).and_then(|found| {
                    found
                        .map(|(real, meta)| (real, meta.len()))
                        .ok_or(Refused::Gone)
                })
            };
            out.push(Found { inside, read });
        }
        Ok(out)
    }
}

impl Found {
    /// The file's bytes, at most `max` of them (see [`Root::read`]).
    pub fn bytes(&self, max: u64, what: &'static str) -> Result<Vec<u8>, Refused> {
        let (real, _) = self.read.as_ref().map_err(Clone::clone)?;
        read_bounded(real, max, what)
    }
}

/// The bytes of the regular file at `real` (a path this rule resolved),
/// refused past `max` before it is read (by its size) and while it is read
/// (a file that grows meanwhile).
pub(crate) fn read_bounded(real: &Path, max: u64, what: &'static str) -> Result<Vec<u8>, Refused> {
    let file = std::fs::File::open(real).map_err(|e| Refused::Io(e.to_string()))?;
    let len = file
        .metadata()
        .map_err(|e| Refused::Io(e.to_string()))?
        .len();
    read_open(file, len, max, what)
}

/// The bytes of an open file whose size is `len`, refused past `max` before
/// anything is read, and while it is read (a file that grows meanwhile).
fn read_open(
    file: std::fs::File,
    len: u64,
    max: u64,
    what: &'static str,
) -> Result<Vec<u8>, Refused> {
    let too_large = |bytes| Refused::TooLarge { bytes, max, what };
    if len > max {
        return Err(too_large(len));
    }
    // Room for the file as its size says, and a byte more to see it end:
    // read into a buffer grown by doubling, an essay would hold up to
    // twice its size for the whole build.
    let mut bytes = Vec::with_capacity(usize::try_from(len).map_or(0, |l| l.saturating_add(1)));
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Refused::Io(e.to_string()))?;
    if bytes.len() as u64 > max {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// [`Root::read`] of `rel` under the site at `root`, for a loader that reads one file.
pub fn read(
    root: &Path,
    rel: &Path,
    max: u64,
    what: &'static str,
) -> Result<Option<Vec<u8>>, Refused> {
    Root::open(root)?.read(rel, max, what)
}

/// Whether the directory `dir` (which need not exist yet) lies inside the
/// site at `root`: where its nearest existing part really is, every link on
/// the way followed, is at or below the root. A build's own stores under
/// `.grundy-cache/` are used only when this holds, so that a link planted
/// there never has a build write or delete outside the site.
pub fn is_inside(root: &Path, dir: &Path) -> bool {
    let Ok(real_root) = root.canonicalize() else {
        return false;
    };
    let mut at = dir;
    loop {
        match std::fs::symlink_metadata(at) {
            Ok(_) => {
                return at
                    .canonicalize()
                    .is_ok_and(|real| real.starts_with(&real_root) && real.is_dir());
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => match at.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => at = parent,
                _ => return false,
            },
            Err(_) => return false,
        }
    }
}

/// The bytes of a file a build kept for itself (a result, a card) at `path`,
/// a name in a store [`is_inside`] the root: read only when the name itself
/// is a regular file (never through a link, never from a pipe or device,
/// which are not even waited on), at most `max` bytes of it, refused by its
/// size before anything is read.
pub fn read_kept(path: &Path, max: u64, what: &'static str) -> Result<Vec<u8>, Refused> {
    let file = open_no_follow(path)?;
    let meta = file.metadata().map_err(|e| Refused::Io(e.to_string()))?;
    if !meta.is_file() {
        return Err(Refused::NotRegular);
    }
    read_open(file, meta.len(), max, what)
}

/// `path` opened to read when it is no link, without waiting on a pipe
/// (`O_NOFOLLOW | O_NONBLOCK`: the kernel refuses the link, and a pipe is
/// opened at once, to be refused as no regular file).
#[cfg(target_os = "linux")]
fn open_no_follow(path: &Path) -> Result<std::fs::File, Refused> {
    use std::os::unix::fs::OpenOptionsExt as _;
    let flags = rustix::fs::OFlags::NOFOLLOW | rustix::fs::OFlags::NONBLOCK;
    std::fs::File::options()
        .read(true)
        .custom_flags(flags.bits() as i32)
        .open(path)
        .map_err(|e| match std::fs::symlink_metadata(path) {
            Ok(m) if m.file_type().is_symlink() => Refused::NotRegular,
            _ => Refused::Io(e.to_string()),
        })
}

/// `path` opened to read when it is a regular file and no link.
#[cfg(not(target_os = "linux"))]
fn open_no_follow(path: &Path) -> Result<std::fs::File, Refused> {
    if !std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file()) {
        return Err(Refused::NotRegular);
    }
    std::fs::File::open(path).map_err(|e| Refused::Io(e.to_string()))
}

/// A path relative to the site, with `/` between its parts on every platform.
pub fn slash_path(rel: &Path) -> String {
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn site() -> (tempfile::TempDir, Root) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("site");
        std::fs::create_dir_all(root.join("static")).unwrap();
        std::fs::write(dir.path().join("secret"), "password").unwrap();
        std::fs::create_dir(dir.path().join("home")).unwrap();
        std::fs::write(dir.path().join("home/key"), "private").unwrap();
        let r = Root::new(&root).unwrap();
        (dir, r)
    }

    #[test]
    fn a_link_out_of_the_root_is_refused_and_never_read() {
        let (dir, root) = site();
        symlink(
            dir.path().join("secret"),
            root.path().join("bibliography.yaml"),
        )
        .unwrap();
        let e = root
            .read(Path::new("bibliography.yaml"), 100, "a bibliography")
            .unwrap_err();
        assert_eq!(e, Refused::Outside);
        assert!(!e.to_string().contains("password"));
    }

    #[test]
    fn a_link_to_a_file_inside_the_root_is_followed() {
        let (_dir, root) = site();
        std::fs::write(root.path().join("real.toml"), "title = 'x'").unwrap();
        symlink("real.toml", root.path().join("grundy.toml")).unwrap();
        let bytes = root
            .read(Path::new("grundy.toml"), 100, "settings")
            .unwrap();
        assert_eq!(bytes.as_deref(), Some(&b"title = 'x'"[..]));
    }

    #[test]
    fn a_missing_file_is_none_and_a_dangling_link_an_error() {
        let (_dir, root) = site();
        assert_eq!(
            root.read(Path::new("grundy.toml"), 100, "settings"),
            Ok(None)
        );
        symlink("nowhere", root.path().join("grundy.toml")).unwrap();
        assert_eq!(
            root.read(Path::new("grundy.toml"), 100, "settings"),
            Err(Refused::Dangling)
        );
    }

    #[test]
    fn an_input_directory_linked_out_of_the_root_is_refused() {
        let (dir, root) = site();
        std::fs::remove_dir(root.path().join("static")).unwrap();
        symlink(dir.path().join("home"), root.path().join("static")).unwrap();
        assert_eq!(
            root.walk(Path::new("static"), |_| true).unwrap_err(),
            Refused::Outside
        );
        // A file reached through the linked directory is refused as well.
        assert_eq!(
            root.read(Path::new("static/key"), 100, "a static file"),
            Err(Refused::Outside)
        );
    }

    #[test]
    fn an_input_directory_linked_inside_the_root_is_walked() {
        let (_dir, root) = site();
        std::fs::create_dir(root.path().join("assets")).unwrap();
        std::fs::write(root.path().join("assets/a.css"), "a").unwrap();
        std::fs::remove_dir(root.path().join("static")).unwrap();
        symlink("assets", root.path().join("static")).unwrap();
        let found = root.walk(Path::new("static"), |_| true).unwrap();
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].inside, Path::new("a.css"));
        assert!(found[0].read.is_ok());
    }

    #[test]
    fn links_below_an_input_directory_reach_files_inside_the_root_only() {
        let (dir, root) = site();
        let s = root.path().join("static");
        std::fs::write(root.path().join("logo.svg"), "<svg/>").unwrap();
        symlink("../logo.svg", s.join("in.svg")).unwrap();
        symlink(dir.path().join("secret"), s.join("out.txt")).unwrap();
        symlink(dir.path().join("home"), s.join("home")).unwrap();
        std::fs::create_dir(root.path().join("fonts")).unwrap();
        symlink("../fonts", s.join("fonts")).unwrap();
        symlink("gone", s.join("gone.css")).unwrap();
        let found = root.walk(Path::new("static"), |_| true).unwrap();
        let by_name = |n: &str| {
            found
                .iter()
                .find(|f| f.inside == Path::new(n))
                .map(|f| f.read.as_ref().map(|_| ()).map_err(Clone::clone))
                .unwrap()
        };
        assert_eq!(by_name("in.svg"), Ok(()));
        assert_eq!(by_name("out.txt"), Err(Refused::Outside));
        assert_eq!(by_name("home"), Err(Refused::Outside));
        assert_eq!(by_name("fonts"), Err(Refused::LinkToDirectory));
        assert_eq!(by_name("gone.css"), Err(Refused::Dangling));
    }

    #[test]
    fn a_pipe_is_refused_without_being_opened() {
        let (_dir, root) = site();
        let fifo = root.path().join("static/pipe");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let found = root.walk(Path::new("static"), |_| true).unwrap();
        assert_eq!(found[0].read, Err(Refused::NotRegular));
    }

    #[test]
    fn a_file_that_grew_past_the_limit_after_its_walk_is_refused_when_read() {
        let (_dir, root) = site();
        let path = root.path().join("static/grew.bin");
        std::fs::write(&path, "abc").unwrap();
        let found = root.walk(Path::new("static"), |_| true).unwrap();
        std::fs::File::create(&path).unwrap().set_len(5).unwrap();
        let e = found[0].bytes(4, "a static file").unwrap_err();
        assert_eq!(
            e.to_string(),
            "5 bytes, more than the 4 bytes a static file may hold"
        );
        std::fs::File::create(&path).unwrap().set_len(3).unwrap();
        assert_eq!(found[0].bytes(4, "a static file").unwrap(), [0, 0, 0]);
    }

    #[test]
    fn a_name_that_is_not_utf8_is_refused() {
        use std::os::unix::ffi::OsStrExt as _;
        let (_dir, root) = site();
        let name = std::ffi::OsStr::from_bytes(b"fig\xff.png");
        std::fs::write(root.path().join("static").join(name), "x").unwrap();
        let found = root.walk(Path::new("static"), |_| true).unwrap();
        assert_eq!(found[0].read, Err(Refused::NameNotUtf8));
    }

    #[test]
    fn a_file_past_its_limit_is_refused_before_it_is_read() {
        let (_dir, root) = site();
        std::fs::write(root.path().join("grundy.toml"), "0123456789").unwrap();
        let e = root
            .read(Path::new("grundy.toml"), 4, "settings")
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "10 bytes, more than the 4 bytes settings may hold"
        );
    }
}
