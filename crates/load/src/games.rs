//! A site's own games: every `games/NAME.rhai` under the root, read and
//! compiled once per build into the [`Games`] the kinds look `site:NAME` up in.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::error::{Diagnostic, ErrorKind};
use crate::site_file::{self, Refused, Root};
use grundy_script::fault::{self, DIR, EXTENSION};
use grundy_script::{Fault, ScriptGame};

/// The largest game script read, in bytes.
pub const MAX_SCRIPT_BYTES: u64 = 64 * 1024;
/// The most games a site may define.
pub(crate) const MAX_GAMES: usize = 100;

/// A site's games by name (without `site:`), and the names of those whose
/// script did not load.
#[derive(Debug, Clone, Default)]
pub struct Games {
    games: BTreeMap<String, Arc<ScriptGame>>,
    broken: BTreeSet<String>,
    /// A digest of each script's text, by name, those that did not load too.
    texts: BTreeMap<String, blake3::Hash>,
}

impl Games {
    /// The game `name` (without `site:`).
    pub fn get(&self, name: &str) -> Option<&Arc<ScriptGame>> {
        self.games.get(name)
    }

    /// Whether the script of `name` exists but did not load.
    pub fn is_broken(&self, name: &str) -> bool {
        self.broken.contains(name)
    }

    /// Every game's name, without `site:`, sorted.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.games.keys().map(String::as_str)
    }

    /// What a directive that looked up `site:NAME` read: a digest of the
    /// script's text (whether or not it loaded), or `None` when the site
    /// has no script of that name.
    pub fn digest(&self, name: &str) -> Option<String> {
        match self.texts.get(name) {
            Some(hash) => Some(hash.to_hex().to_string()),
            // A script that could not even be read.
            None => self.broken.contains(name).then(|| "unread".to_owned()),
        }
    }

    /// A digest of every script, name and text: what a directive read that
    /// listed the site's games (to suggest one, or name them all).
    pub fn digest_all(&self) -> String {
        let mut hasher = blake3::Hasher::new();
        for (name, hash) in &self.texts {
            hasher.update(&(name.len() as u64).to_le_bytes());
            hasher.update(name.as_bytes());
            hasher.update(hash.as_bytes());
        }
        for name in &self.broken {
            hasher.update(b"broken ");
            hasher.update(name.as_bytes());
        }
        hasher.finalize().to_hex().to_string()
    }

    /// Reads and compiles every game under `root/games/`; the problems of
    /// those that do not load, each in its file.
    pub fn load(root: &Path) -> (Games, Vec<Diagnostic>) {
        let mut games = Games::default();
        let mut problems = Vec::new();
        for (name, text) in read_all(root, &mut problems, &mut games.broken) {
            games
                .texts
                .insert(name.clone(), blake3::hash(text.as_bytes()));
            match ScriptGame::compile(&name, &text) {
                Ok(game) => {
                    games.games.insert(name, Arc::new(game));
                }
                Err(fault) => {
                    problems.push(diagnostic(&fault, &text));
                    games.broken.insert(name);
                }
            }
        }
        (games, problems)
    }
}

/// A fault as a problem in its script, with the line shown.
pub fn diagnostic(fault: &Fault, text: &str) -> Diagnostic {
    let kind = ErrorKind::GameScript(fault.message.clone());
    if fault.line == 0 {
        return Diagnostic::file(fault.path(), kind);
    }
    Diagnostic::at_line_col(fault.path(), text, fault.line, fault.col, kind)
}

/// Every `games/*.rhai` file's name and text, in name order; problems for
/// those that cannot be read or named, whose names are added to `broken`.
fn read_all(
    root: &Path,
    problems: &mut Vec<Diagnostic>,
    broken: &mut BTreeSet<String>,
) -> Vec<(String, String)> {
    let mut read = Vec::new();
    for (stem, path) in script_files(root, problems) {
        let text = if read.len() == MAX_GAMES {
            Err(format!(
                "a site defines at most {MAX_GAMES} games; this one is left out"
            ))
        } else if !fault::is_game_name(&stem) {
            Err(
                "a game's file is named with lowercase letters, digits and `-`, \
                 starting with a letter (`games/take-two.rhai` is `site:take-two`)"
                    .into(),
            )
        } else {
            read_one(root, &path)
        };
        match text {
            Ok(text) => read.push((stem, text)),
            Err(message) => {
                let shown = fault::path_of(&stem);
                problems.push(Diagnostic::file(&shown, ErrorKind::GameScript(message)));
                broken.insert(stem);
            }
        }
    }
    read
}

/// The scripts under `games/` (stem, path), sorted by stem; nothing when
/// the site has no such directory.
fn script_files(root: &Path, problems: &mut Vec<Diagnostic>) -> Vec<(String, PathBuf)> {
    let has_dir = Root::open(root).and_then(|site| site.has_dir(Path::new(DIR)));
    match has_dir {
        Ok(true) => {}
        Ok(false) => return Vec::new(),
        Err(e) => {
            problems.push(Diagnostic::file(DIR, ErrorKind::NotRead(e)));
            return Vec::new();
        }
    }
    let Ok(entries) = std::fs::read_dir(root.join(DIR)) else {
        return Vec::new();
    };
    let suffix = format!(".{EXTENSION}");
    let mut found = Vec::new();
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        match name.to_str() {
            Some(name) => {
                if let Some(stem) = name.strip_suffix(&suffix) {
                    found.push((stem.to_owned(), entry.path()));
                }
            }
            None if name.as_encoded_bytes().ends_with(suffix.as_bytes()) => {
                problems.push(Diagnostic::file(
                    Path::new(DIR).join(&name),
                    ErrorKind::GameScript(
                        "the file's name is not UTF-8, so no directive can name the game: \
                         rename it (`games/take-two.rhai` is `site:take-two`)"
                            .into(),
                    ),
                ));
            }
            None => {}
        }
    }
    found.sort();
    found
}

/// A script's text: a regular file of at most [`MAX_SCRIPT_BYTES`], in
/// UTF-8, read by the site's one rule for links ([`site_file`]).
fn read_one(root: &Path, path: &Path) -> Result<String, String> {
    let rel = path.strip_prefix(root).unwrap_or(path);
    let bytes = site_file::read(root, rel, MAX_SCRIPT_BYTES, "a game's script")
        .map_err(|e| format!("not read: {e}"))?
        .ok_or_else(|| format!("not read: {}", Refused::Gone))?;
    String::from_utf8(bytes).map_err(|_| "the file is not UTF-8".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(files: &[(&str, &str)]) -> (Games, Vec<String>, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(DIR)).unwrap();
        for (name, text) in files {
            std::fs::write(dir.path().join(DIR).join(name), text).unwrap();
        }
        let (games, problems) = Games::load(dir.path());
        let shown = problems.iter().map(ToString::to_string).collect();
        (games, shown, dir)
    }

    const GAME: &str = "fn moves(n) { [] }\n";

    #[test]
    fn games_load_by_name_and_bad_files_are_reported_in_their_place() {
        let big = format!("// {}\n{GAME}", "x".repeat(MAX_SCRIPT_BYTES as usize));
        let (games, problems, _dir) = load(&[
            ("ok.rhai", GAME),
            ("Bad_Name.rhai", GAME),
            ("big.rhai", &big),
            ("notes.txt", "not a game"),
            (
                "top.rhai",
                "let x = 0;\nloop { x += 1; }\nfn moves(n) { [] }\n",
            ),
        ]);
        assert_eq!(games.names().collect::<Vec<_>>(), ["ok"]);
        assert!(games.is_broken("top"));
        // Those that cannot be read are reported in their file only, too.
        assert!(games.is_broken("big") && games.is_broken("Bad_Name"));
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(
            problems[0].contains("games/Bad_Name.rhai"),
            "{}",
            problems[0]
        );
        assert!(
            problems[1].contains("65559 bytes, more than the 64 KiB a game's script may hold"),
            "{}",
            problems[1]
        );
        assert!(
            problems[2].contains("ran past 1000000 operations"),
            "{}",
            problems[2]
        );
        assert!(
            problems[2].contains("--> games/top.rhai:"),
            "{}",
            problems[2]
        );
        let (other, _, _dir) = load(&[("ok.rhai", "fn moves(n) { [0] }\n")]);
        assert_eq!(games.digest("gone"), None, "no such script");
        assert!(
            games.digest("top").is_some(),
            "a script that did not load counts"
        );
        assert!(games.digest("ok").is_some());
        assert_ne!(games.digest("ok"), other.digest("ok"), "one script changed");
        assert_eq!(
            games.digest("ok").map(|d| d.len()),
            Some(64),
            "a whole BLAKE3 digest"
        );
        assert_ne!(games.digest_all(), other.digest_all());
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_followed_only_inside_the_site() {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("x.rhai"), GAME).unwrap();
        let (_, _, dir) = load(&[("inside.txt", GAME)]);
        let games_dir = dir.path().join(DIR);
        std::os::unix::fs::symlink(outside.path().join("x.rhai"), games_dir.join("out.rhai"))
            .unwrap();
        std::os::unix::fs::symlink(games_dir.join("inside.txt"), games_dir.join("in.rhai"))
            .unwrap();
        std::fs::create_dir(games_dir.join("dir.rhai")).unwrap();
        let (games, problems) = Games::load(dir.path());
        assert_eq!(games.names().collect::<Vec<_>>(), ["in"]);
        let shown: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert!(shown[0].contains("games/dir.rhai") && shown[0].contains("not a regular file"));
        assert!(shown[1].contains("games/out.rhai") && shown[1].contains("outside the site"));
    }

    #[test]
    fn a_name_that_is_not_utf8_is_an_error_not_skipped() {
        use std::os::unix::ffi::OsStrExt as _;
        let (_, _, dir) = load(&[]);
        let name = std::ffi::OsStr::from_bytes(b"take\xff.rhai");
        std::fs::write(dir.path().join(DIR).join(name), GAME).unwrap();
        let (games, problems) = Games::load(dir.path());
        assert_eq!(games.names().count(), 0);
        let shown: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(shown.len(), 1, "{shown:?}");
        assert!(shown[0].contains("name is not UTF-8"), "{shown:?}");
    }

    #[test]
    fn a_games_directory_linked_out_of_the_site_is_refused() {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("x.rhai"), GAME).unwrap();
        let dir = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join(DIR)).unwrap();
        let (games, problems) = Games::load(dir.path());
        assert_eq!(games.names().count(), 0);
        let shown: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert!(shown[0].contains("outside the site"), "{shown:?}");
    }
}
