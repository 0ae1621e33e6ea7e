//! What a kind says about itself: a summary, the keys it accepts, the facts it
//! offers prose, and example bodies that run.
//!
//! Every kind returns one [`Doc`] from [`crate::Kind::doc`]; the site
//! crate's tests hold each doc to its kind (the keys serde accepts, the facts
//! the examples produce), so the documentation cannot drift from the code.

/// A kind's documentation.
#[derive(Debug, Clone, Copy)]
pub struct Doc {
    /// What the kind draws or proves: a first sentence short enough for one
    /// line of a list ([`Doc::line`]), then what a reader needs to trust it.
    pub summary: &'static str,
    /// The kind's own keys, in the order a reader needs them. The keys every
    /// directive shares are in [`SHARED_KEYS`].
    pub keys: &'static [Key],
    /// The facts the kind offers prose (`{=id.fact}`) and `expect`.
    pub facts: &'static [Fact],
    /// A complete TOML body that runs without errors or failures and produces
    /// every fact not marked [`Fact::when`].
    pub example: &'static str,
    /// Further bodies that run, together producing every fact marked
    /// [`Fact::when`] that [`Doc::example`] does not.
    pub more: &'static [&'static str],
}

/// The most characters [`Doc::line`] may have.
pub const LINE_WIDTH: usize = 64;

impl Doc {
    /// The summary's first sentence, for a list of kinds.
    pub fn line(&self) -> &'static str {
        match self.summary.find(". ") {
            Some(end) => &self.summary[..=end],
            None => self.summary,
        }
    }
}

/// One key of a directive's TOML body.
#[derive(Debug, Clone, Copy)]
pub struct Key {
    pub name: &'static str,
    /// Its TOML type, in words (`string`, `integer`, `list of integers`).
    pub ty: &'static str,
    /// What it is when left out; `None` when it must be given.
    pub default: Option<&'static str>,
    /// What it means, with its units and limits.
    pub meaning: &'static str,
}

/// One fact a directive offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fact {
    /// Its name; a name ending in `*` stands for a family of facts, the
    /// stem followed by a number (`w*`: `w0`, `w1`, ...).
    pub name: &'static str,
    pub meaning: &'static str,
    /// When the fact is there, if not always: a clause that follows "only
    /// when" (`the game is \`nim\``).
    pub when: Option<&'static str>,
}

impl Fact {
    /// Whether a fact named `name` is this documented fact.
    pub fn matches(&self, name: &str) -> bool {
        match self.name.strip_suffix('*') {
            Some(stem) => name
                .strip_prefix(stem)
                .is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit())),
            None => self.name == name,
        }
    }
}

/// The keys every directive accepts, handled by the site layer.
pub const SHARED_KEYS: &[Key] = &[
    Key {
        name: "id",
        ty: "string",
        default: Some("none"),
        meaning: "names the directive's facts for prose: `{=id.fact}`",
    },
    Key {
        name: "caption",
        ty: "string",
        default: Some("none"),
        meaning: "plain text shown under a figure (a check accepts it and shows nothing)",
    },
    Key {
        name: "alt",
        ty: "string",
        default: Some("none"),
        meaning: "the author's words added to a figure's text alternative, after the \
                  description written from its data (a check takes none)",
    },
    Key {
        name: "controls",
        ty: "string",
        default: Some("none"),
        meaning: "words on a playable figure's buttons, shown with them: only where the reader \
                  can play it, never on a page without JavaScript or WebAssembly (a check takes none)",
    },
    Key {
        name: "expect",
        ty: "table",
        default: Some("none"),
        meaning: "facts stated in advance: each entry is compared with the fact computed, \
                  and a difference fails the build",
    },
];

/// The shared keys a figure (`figure`) or a check takes: `alt` and
/// `controls` are a figure's only.
pub fn shared_keys(figure: bool) -> impl Iterator<Item = &'static Key> {
    SHARED_KEYS
        .iter()
        .filter(move |k| figure || !FIGURE_ONLY.contains(&k.name))
}

/// The shared keys only a figure takes.
pub const FIGURE_ONLY: [&str; 2] = ["alt", "controls"];

/// `playable`, as every playable figure takes it.
pub(crate) const PLAYABLE: Key = Key {
    name: "playable",
    ty: "boolean",
    default: Some("false"),
    meaning: "the reader plays the position in the page against a perfect opponent; the \
        drawing stays for readers without JavaScript",
};

/// `hint`, for playable figures whose move is a move (not a knock).
pub(crate) const HINT: Key = Key {
    name: "hint",
    ty: "boolean",
    default: Some("false"),
    meaning: "with `playable`: a button that shows the winning move",
};

/// `reasoning`, for playable figures that can show the values behind a move.
pub(crate) const REASONING: Key = Key {
    name: "reasoning",
    ty: "boolean",
    default: Some("false"),
    meaning: "with `playable`: a button that shows the values behind the machine's moves",
};

/// `game`, where a kind takes a coin game or a heap game.
pub(crate) const ANY_GAME: Key = Key {
    name: "game",
    ty: "string",
    default: None,
    meaning: "a coin-turning game or a heap game, named as on the command line",
};

/// `game`, where a kind takes a coin-turning game.
pub(crate) const COIN_GAME: Key = Key {
    name: "game",
    ty: "string",
    default: None,
    meaning: "a coin-turning game: `turning-turtles`, `mock-turtles`, `ruler`, `twins`, \
            `moebius`, `mogul` or `turning:CODE`",
};

/// `count-from`, for the kinds that read P-positions as a code.
pub(crate) const COUNT_FROM: Key = Key {
    name: "count-from",
    ty: "integer",
    default: Some("1"),
    meaning: "the first place's number, 0 or 1: only how places are named",
};

/// `heads-change-least`, for the checks over every row of at most `coins` coins.
pub(crate) const ROWS_HEADS_CHANGE_LEAST: Fact = Fact {
    name: "heads-change-least",
    meaning: "the least change in the number of heads a single move makes, over every move from \
        every row of at most `coins` coins (negative: heads lost)",
    when: Some("some row of at most `coins` coins has a move"),
};

/// `heads-change-most`, for the checks over every row of at most `coins` coins.
pub(crate) const ROWS_HEADS_CHANGE_MOST: Fact = Fact {
    name: "heads-change-most",
    meaning: "the most change in the number of heads a single move makes, over every move from \
        every row of at most `coins` coins: above 0 when some move leaves more heads than it found",
    when: Some("some row of at most `coins` coins has a move"),
};
