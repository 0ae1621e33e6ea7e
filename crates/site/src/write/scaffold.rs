//! `grundy init`: a new site with settings and one example essay that uses a figure and a check.

use std::path::{Path, PathBuf};

use super::new_file::{self, NewFileError};

/// Why a site could not be created.
#[derive(Debug, thiserror::Error)]
pub enum InitError {
    #[error("{0} exists and is not empty: choose a new or empty directory")]
    NotEmpty(PathBuf),
    #[error("{0} exists and is not a directory: choose a new or empty directory")]
    NotADirectory(PathBuf),
    #[error(
        "{} is a symbolic link to {}, which does not exist: choose a new or empty directory",
        .0.display(),
        .1.display()
    )]
    DanglingLink(PathBuf, PathBuf),
    /// A file made there while the site was being made (never written over).
    #[error("{0} exists: grundy init never writes over a file; choose a new or empty directory")]
    Exists(PathBuf),
    #[error("cannot write {0}: {1}")]
    Io(PathBuf, std::io::Error),
}

impl InitError {
    /// Whether the user named a place a site cannot be made in (as opposed
    /// to a failure to write there).
    pub fn is_bad_input(&self) -> bool {
        !matches!(self, InitError::Io(..))
    }
}

const SETTINGS: &str = r#"# Site settings. Every one is optional.
title = "Impartial games"
description = "Essays on impartial games, with every figure computed and checked."
author = ""
# Where the site is published, e.g. "https://example.org/": the feed, the
# sitemap and social cards need it for absolute links (build warns while empty).
base_url = ""
language = "en"

# The index page's text, all optional:
# [index]
# title = "Start here"
# intro = "Read [Turning Turtles](/turning-turtles/) first."  # Markdown
# reading_order = true  # say the essays are meant to be read in order (off by default)
"#;

const ESSAY: &str = r#"+++
title = "Turning Turtles"
date = 2026-01-01
description = "A row of coins, a rule for turning them, and the number that tells who wins."
weight = 1
+++

A row of coins lies on the table. A move turns one coin from heads to tails,
and may also turn one coin to its left, either way. The player who cannot
move loses.

## One row, one number

Number the places from the left: place 1, place 2 and so on. A head at place
$n$ is worth $n$, and a row is worth the nim-sum $\oplus$ of its heads' places.

```figure coin-row
id = "row"
game = "turning-turtles"
row = "TTHTHTTH"
show-move = true
caption = "Heads at 3, 5 and 8."
expect = { value = 14 }
```

The row above is worth `{=row.value}`, and it is not zero, so the player to
move wins: `{row.value = 14}` is checked when the site is built.

## Checked, not trusted

The build compares the sum of one-coin values with a direct solve of every
row of up to ten coins:

```check decomposition
game = "turning-turtles"
coins = 10
```
"#;

/// What a build writes that is not source: the output, and what builds keep
/// in `.grundy-cache/` (social cards, directives' results).
const IGNORE: &str = "/public\n/.grundy-cache\n";

/// Creates a site in `dir` (absent or empty); returns the files written,
/// each new ([`new_file::write`]: never over a file or through a link).
pub fn init(dir: &Path) -> Result<Vec<PathBuf>, InitError> {
    if let Ok(target) = std::fs::read_link(dir)
        && !dir.exists()
    {
        return Err(InitError::DanglingLink(dir.to_path_buf(), target));
    }
    if dir.exists() && !dir.is_dir() {
        return Err(InitError::NotADirectory(dir.to_path_buf()));
    }
    if dir.exists() {
        let mut entries =
            std::fs::read_dir(dir).map_err(|e| InitError::Io(dir.to_path_buf(), e))?;
        if entries.next().is_some() {
            return Err(InitError::NotEmpty(dir.to_path_buf()));
        }
    }
    let files = [
        (PathBuf::from("grundy.toml"), SETTINGS),
        (PathBuf::from(".gitignore"), IGNORE),
        (PathBuf::from("content/turning-turtles.md"), ESSAY),
    ];
    let mut written = Vec::new();
    for (rel, text) in files {
        let path = dir.join(&rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| InitError::Io(parent.to_path_buf(), e))?;
        }
        new_file::write(&path, text.as_bytes()).map_err(|e| match e {
            NewFileError::Exists(path) => InitError::Exists(path),
            NewFileError::Io(path, e) => InitError::Io(path, e),
        })?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn init_refuses_a_directory_with_files() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("x"), "").unwrap();
        assert!(matches!(init(dir.path()), Err(InitError::NotEmpty(_))));
    }

    #[test]
    fn init_writes_settings_and_an_essay() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("new");
        let files = init(&site).unwrap();
        assert_eq!(files.len(), 3);
        assert!(
            std::fs::read_to_string(site.join(".gitignore"))
                .unwrap()
                .contains(".grundy-cache")
        );
        assert!(site.join("grundy.toml").is_file());
        let essay = std::fs::read_to_string(site.join("content/turning-turtles.md")).unwrap();
        assert!(essay.contains("```figure ") && essay.contains("```check "));
    }
}
