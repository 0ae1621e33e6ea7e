//! What a kind may read besides its parameters: the build's context, where
//! game names are looked up (the engine's, and the site's own `site:NAME`).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use cgt::CgtError;
use cgt::game::{self, Game};

use grundy_load::games::Games;
use grundy_script::{PREFIX, fault};
use grundy_text::catalogue::Catalogue;
use grundy_text::suggest::did_you_mean;

/// What a directive read of the site's games, as the kinds looked them up:
/// each `site:NAME` by name, with a digest of its script (`None`: no such
/// script), and [`ALL_GAMES`] with a digest of every script when the kind
/// listed them. A result kept is used again only while every digest still
/// holds ([`Context::still_holds`]), however its game's name was written.
pub type Reads = BTreeMap<String, Option<String>>;

/// The entry of [`Reads`] for a kind that read the whole list of site games.
const ALL_GAMES: &str = "*";

/// What every kind of a build shares: where game names are looked up, and
/// the words the site's pages are written in.
#[derive(Debug, Clone, Default)]
pub struct Context {
    games: Arc<Games>,
    /// The site's catalogue: every word a kind writes into a page.
    words: Arc<Catalogue>,
    /// Its digest, which keys every result written in its words.
    words_digest: Arc<str>,
    /// Operations the site's game scripts ran for the kinds given this context.
    operations: Arc<AtomicU64>,
    /// What the kinds given this context read of the site's games.
    reads: Arc<Mutex<Reads>>,
}

impl Context {
    /// A context whose `site:NAME` games are `games`.
    pub fn with_games(games: Arc<Games>) -> Self {
        Context {
            games,
            words: Arc::default(),
            words_digest: Arc::from(""),
            operations: Arc::default(),
            reads: Arc::default(),
        }
    }

    /// The same context, its kinds writing in `words`.
    #[must_use]
    pub fn with_words(mut self, words: Arc<Catalogue>) -> Self {
        self.words_digest = Arc::from(words.digest());
        self.words = words;
        self
    }

    /// The same games and words with a meter and a record of its own: for
    /// one directive, whose scripts' operations then count against the
    /// build's work, and whose reads of them key its result.
    pub fn metered(&self) -> Self {
        Context {
            words: self.words.clone(),
            words_digest: self.words_digest.clone(),
            ..Context::with_games(self.games.clone())
        }
    }

    /// The words the site's pages are written in.
    pub fn words(&self) -> &Catalogue {
        &self.words
    }

    /// The digest of [`Context::words`] (empty for the default English
    /// ones): part of the key of every result a kind wrote.
    pub fn words_digest(&self) -> &str {
        &self.words_digest
    }

    /// Operations the site's game scripts ran through this context.
    pub fn operations(&self) -> u64 {
        self.operations.load(Ordering::Relaxed)
    }

    /// The site's games, every one of them read (see [`Reads`]).
    pub fn games(&self) -> &Games {
        self.record(ALL_GAMES, Some(self.games.digest_all()));
        &self.games
    }

    /// What the kinds given this context read of the site's games.
    pub fn reads(&self) -> Reads {
        self.reads.lock().map(|r| r.clone()).unwrap_or_default()
    }

    /// Whether everything `reads` recorded is as it was: each script read
    /// unchanged (or still missing), the list of them unchanged if it was read.
    pub fn still_holds(&self, reads: &Reads) -> bool {
        reads.iter().all(|(name, digest)| {
            let now = if name == ALL_GAMES {
                Some(self.games.digest_all())
            } else {
                self.games.digest(name)
            };
            &now == digest
        })
    }

    fn record(&self, name: &str, digest: Option<String>) {
        if let Ok(mut reads) = self.reads.lock() {
            reads.insert(name.to_owned(), digest);
        }
    }

    /// Reads a game name as the engine does; `site:NAME` is the site's game
    /// from `games/NAME.rhai`.
    pub fn game(&self, name: &str) -> Result<Box<dyn Game>, CgtError> {
        let name = name.trim();
        let Some(short) = name.strip_prefix(PREFIX) else {
            return game::parse(name).map_err(|e| self.listing_site_games(e));
        };
        self.record(short, self.games.digest(short));
        if let Some(found) = self.games.get(short) {
            return Ok(Box::new(found.metered(self.operations.clone())));
        }
        if self.games.is_broken(short) {
            return Err(CgtError::Outside(format!(
                "`{name}` did not load: its problem is reported in {}",
                fault::path_of(short)
            )));
        }
        let known = self.site_names();
        Err(CgtError::UnknownGame {
            name: name.to_owned(),
            expected: if known.is_empty() {
                format!(
                    "the site's games, and it has none: `{name}` would be defined in {}",
                    fault::path_of(short)
                )
            } else {
                let hint = did_you_mean(name, known.iter().map(String::as_str));
                format!("the site's games: {}{hint}", known.join(", "))
            },
        })
    }

    /// Every game of the site as it is named, `site:NAME`.
    fn site_names(&self) -> Vec<String> {
        self.games()
            .names()
            .map(|n| format!("{PREFIX}{n}"))
            .collect()
    }

    /// An unknown game's error with the site's games added to those
    /// expected (a near one offered), or the form a site's game takes when
    /// it has none.
    fn listing_site_games(&self, e: CgtError) -> CgtError {
        let CgtError::UnknownGame { name, expected } = e else {
            return e;
        };
        let known = self.site_names();
        let site = if known.is_empty() {
            format!("{PREFIX}NAME (defined in {})", fault::path_of("NAME"))
        } else {
            known.join(", ")
        };
        let hint = did_you_mean(&name, known.iter().map(String::as_str));
        CgtError::UnknownGame {
            name,
            expected: format!("{expected}, {site}{hint}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::game::{GameSum, Position};
    use grundy_text::words::errors::error as words;

    fn context() -> (Context, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("games")).unwrap();
        let take =
            "fn moves(n) { let o = []; for k in [1, 2] { if k <= n { o.push(n - k); } } o }\n";
        std::fs::write(dir.path().join("games/take-two.rhai"), take).unwrap();
        let (games, problems) = Games::load(dir.path());
        assert!(problems.is_empty(), "{problems:?}");
        (Context::with_games(Arc::new(games)), dir)
    }

    #[test]
    fn site_games_are_looked_up_beside_the_engines_and_sum_with_them() {
        let (cx, _dir) = context();
        let sum = GameSum::new(vec![
            cx.game("site:take-two").unwrap(),
            cx.game("nim").unwrap(),
        ])
        .unwrap();
        let p = Position::Sum(vec![Position::Heaps(vec![5]), Position::Heaps(vec![3])]);
        // 5 in take-two is 2, a Nim heap of 3 is 3: 2 ⊕ 3 = 1.
        assert_eq!(sum.value(&p).unwrap(), Some(1));
        let err = words(&cx.game("site:take-tow").unwrap_err());
        assert!(err.contains("did you mean `site:take-two`?"), "{err}");
        let empty = words(&Context::default().game("site:x").unwrap_err());
        assert!(empty.contains("it has none"), "{empty}");
        let err = words(&cx.game("chess").unwrap_err());
        assert!(
            err.ends_with("(like misere:kayles), site:take-two"),
            "{err}"
        );
        let err = words(&cx.game("sight:take-two").unwrap_err());
        assert!(err.ends_with("; did you mean `site:take-two`?"), "{err}");
        let err = words(&Context::default().game("chess").unwrap_err());
        assert!(
            err.ends_with(", site:NAME (defined in games/NAME.rhai)"),
            "{err}"
        );
    }
}
