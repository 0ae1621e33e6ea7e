//! Zola's section files (`_index.md`) under `content/`, which grundy does
//! not read (a name starting with `_` is skipped): each is an error saying
//! what grundy does instead, never a file dropped without a word.

use std::path::{Path, PathBuf};

use crate::content;
use crate::error::{Diagnostic, ErrorKind};

/// The name of Zola's section file.
pub const SECTION_FILE: &str = "_index.md";

/// What grundy does instead of Zola's sections.
pub const INSTEAD: &str = "grundy has no sections: the index page lists every essay (by \
    `weight`, then newest first), its heading and text are `[index]` in grundy.toml (`title`, \
    `intro`, `reading_order`), and a directory below content/ only groups essays; move what \
    this file says there and delete it";

/// Every `_index.md` under `ROOT/content`, as an error at its first line:
/// those in directories skipped for their name (`.` or `_`) included.
pub fn find(root: &Path) -> Vec<Diagnostic> {
    let walk = walkdir::WalkDir::new(root.join("content")).sort_by_file_name();
    walk.into_iter()
        .filter_map(Result::ok)
        .filter(|entry| entry.file_name() == SECTION_FILE && !entry.file_type().is_dir())
        .map(|entry| {
            let rel = entry
                .path()
                .strip_prefix(root)
                .map_or_else(|_| entry.path().to_path_buf(), Path::to_path_buf);
            problem(root, rel)
        })
        .collect()
}

/// The error for the section file at `rel`, placed at its first line when
/// it can be read by the site's rule for files.
fn problem(root: &Path, rel: PathBuf) -> Diagnostic {
    let kind = ErrorKind::SectionFile(format!(
        "`{SECTION_FILE}` is a Zola section file: {INSTEAD}"
    ));
    match content::read(root, &rel).map(String::from_utf8) {
        Ok(Ok(text)) => Diagnostic::at(rel, &text, 0, kind),
        _ => Diagnostic::file(rel, kind),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_section_file_is_found_at_its_first_line_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let content = dir.path().join("content");
        std::fs::create_dir_all(content.join("games/_drafts")).unwrap();
        std::fs::write(content.join("_index.md"), "+++\ntitle = \"Home\"\n+++\n").unwrap();
        std::fs::write(content.join("games/_drafts/_index.md"), "+++\n+++\n").unwrap();
        std::fs::write(content.join("games/nim.md"), "+++\n+++\n").unwrap();
        std::fs::write(content.join("games/index.md"), "+++\n+++\n").unwrap();
        let found: Vec<(String, usize)> = find(dir.path())
            .iter()
            .map(|d| (d.path.display().to_string(), d.line))
            .collect();
        assert_eq!(
            found,
            [
                ("content/_index.md".to_owned(), 1),
                ("content/games/_drafts/_index.md".to_owned(), 1)
            ]
        );
    }
}
