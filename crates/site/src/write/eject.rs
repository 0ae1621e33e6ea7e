//! `grundy init --templates`: the built-in templates copied into a site's
//! `templates/` for editing, each headed by what it is given, with a README
//! documenting every template's variables. Nothing is ever written over.

use std::path::{Path, PathBuf};

use super::new_file::{self, NewFileError};
use crate::render::template_vars;
use grundy_load::embedded;
use grundy_load::site_file::Root;

/// Why the templates could not be copied.
#[derive(Debug, thiserror::Error)]
pub enum EjectError {
    #[error(
        "{} already {}: grundy init --templates never writes over a file; move {} away and run it again (nothing was written)",
        list(.0),
        if .0.len() == 1 { "exists" } else { "exist" },
        if .0.len() == 1 { "it" } else { "them" }
    )]
    Exists(Vec<PathBuf>),
    /// `templates/` is there but is no directory of the site to write in.
    #[error("{0} is not a directory of the site: {1} (nothing was written)")]
    NotADirectory(PathBuf, String),
    #[error("cannot write {0}: {1}")]
    Io(PathBuf, std::io::Error),
}

impl EjectError {
    /// Whether the user asked for what cannot be done there (files in the
    /// way), as opposed to a failure to write.
    pub fn is_bad_input(&self) -> bool {
        matches!(self, EjectError::Exists(_) | EjectError::NotADirectory(..))
    }
}

fn list(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The name of the documentation written beside the templates.
pub const README: &str = "README.md";

/// The files `--templates` writes: each built-in template with its header, then the README.
pub(crate) fn files() -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = embedded::TEMPLATES
        .iter()
        .map(|(name, bytes)| {
            let text = String::from_utf8_lossy(bytes);
            let header = template_vars::doc(name)
                .map(template_vars::header)
                .unwrap_or_default();
            ((*name).to_owned(), format!("{header}{text}"))
        })
        .collect();
    files.push((README.to_owned(), template_vars::readme()));
    files
}

/// Writes [`files`] into `ROOT/templates/` (made when missing); returns the
/// paths written. When any of them exists (a file, a directory or a link,
/// even a broken one), nothing is written and every one in the way is named.
pub fn templates(root: &Path) -> Result<Vec<PathBuf>, EjectError> {
    let dir = root.join("templates");
    usable(root, &dir)?;
    let files = files();
    let taken: Vec<PathBuf> = files
        .iter()
        .map(|(name, _)| dir.join(name))
        .filter(|path| new_file::taken(path))
        .collect();
    if !taken.is_empty() {
        return Err(EjectError::Exists(taken));
    }
    std::fs::create_dir_all(&dir).map_err(|e| EjectError::Io(dir.clone(), e))?;
    let mut written = Vec::new();
    for (name, text) in files {
        let path = dir.join(name);
        // A file made since the check above is not written over either.
        new_file::write(&path, text.as_bytes()).map_err(|e| match e {
            NewFileError::Exists(path) => EjectError::Exists(vec![path]),
            NewFileError::Io(path, e) => EjectError::Io(path, e),
        })?;
        written.push(path);
    }
    Ok(written)
}

/// Refuses a `templates/` that is there but cannot be written in as the
/// site's own: a file, a link to nothing, or a link out of the site's root
/// (which a build would not read).
fn usable(root: &Path, dir: &Path) -> Result<(), EjectError> {
    if std::fs::symlink_metadata(dir).is_err() {
        return Ok(());
    }
    let refused = |why: String| EjectError::NotADirectory(dir.to_path_buf(), why);
    let site = Root::new(root).map_err(|e| EjectError::Io(root.to_path_buf(), e))?;
    match site.has_dir(Path::new("templates")) {
        Ok(true) => Ok(()),
        Ok(false) => Err(refused("it is a file; move it away".into())),
        Err(e) => Err(refused(e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_is_written_with_its_header_and_the_readme() {
        let dir = tempfile::tempdir().unwrap();
        let written = templates(dir.path()).unwrap();
        assert_eq!(written.len(), embedded::TEMPLATES.len() + 1);
        let essay = std::fs::read_to_string(dir.path().join("templates/essay.html")).unwrap();
        assert!(essay.starts_with("{#-\n  essay.html: "), "{essay}");
        assert!(essay.contains("page.headings[].id"), "{essay}");
        let readme = std::fs::read_to_string(dir.path().join("templates/README.md")).unwrap();
        assert!(readme.contains("## index.html") && readme.contains("`index.intro`"));
    }

    #[test]
    fn nothing_is_written_when_a_file_is_in_the_way() {
        let dir = tempfile::tempdir().unwrap();
        let templates_dir = dir.path().join("templates");
        std::fs::create_dir_all(&templates_dir).unwrap();
        std::fs::write(templates_dir.join("essay.html"), "mine").unwrap();
        std::os::unix::fs::symlink("nowhere", templates_dir.join("README.md")).unwrap();
        let e = templates(dir.path()).unwrap_err();
        let message = e.to_string();
        assert!(message.contains("templates/essay.html, "), "{message}");
        assert!(
            message.contains("templates/README.md already exist"),
            "{message}"
        );
        assert_eq!(
            std::fs::read_to_string(templates_dir.join("essay.html")).unwrap(),
            "mine"
        );
        assert!(!templates_dir.join("base.html").exists());
    }

    #[test]
    fn a_templates_link_to_nothing_or_out_of_the_site_is_refused_in_words() {
        let outside = tempfile::tempdir().unwrap();
        for target in [Path::new("nowhere"), outside.path()] {
            let dir = tempfile::tempdir().unwrap();
            std::os::unix::fs::symlink(target, dir.path().join("templates")).unwrap();
            let e = templates(dir.path()).unwrap_err();
            assert!(e.is_bad_input(), "{e}");
            let message = e.to_string();
            assert!(
                message.contains("templates is not a directory of the site"),
                "{message}"
            );
            assert!(message.contains("symbolic link"), "{message}");
            assert!(!message.contains("os error"), "{message}");
            assert_eq!(std::fs::read_dir(outside.path()).unwrap().count(), 0);
        }
    }
}
