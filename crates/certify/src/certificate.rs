//! What a certificate is, as data the engine's side writes and the checker
//! reads (and a reader's browser can fetch as JSON).

use serde::{Deserialize, Serialize};

/// A published certificate file: a directive's certificates, as the build
/// writes them beside its page (`SLUG/certificates/HASH.json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Published {
    pub certificates: Vec<Certificate>,
}

/// A certificate: an answer's witness, checkable from the game's rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Certificate {
    /// A heap game played as a sum under normal play: the value of every
    /// single heap from 0 up. A sum's value is then the nim-sum of its
    /// heaps' values (the Sprague–Grundy theorem).
    Sequence {
        game: String,
        values: Vec<u64>,
        claims: Vec<Claim>,
    },
    /// Every position the claims' positions reach, each with its value
    /// (normal play) or its outcome (misère play), for games that are not
    /// sums of single heaps or are played misère.
    Closure {
        game: String,
        table: Vec<Entry>,
        claims: Vec<Claim>,
    },
    /// Rows of numbers and their nim-sums.
    NimSums { rows: Vec<Addition> },
    /// A heap game's values and a period they take on for ever from
    /// `preperiod` on, by the periodicity theorem its rules allow.
    Period {
        game: String,
        values: Vec<u64>,
        preperiod: usize,
        period: usize,
    },
    /// A Green Hackenbush drawing and the value of every position its cuts
    /// reach, each position the set of the drawing's edges still standing
    /// (bit `i` of `standing` for edge `i`), so that both sides name a
    /// position the same way without comparing graphs.
    Hackenbush {
        /// The drawing's edges, each the numbers of its two ends.
        edges: Vec<(u32, u32)>,
        /// The nodes that are the ground.
        ground: Vec<u32>,
        table: Vec<Standing>,
        claims: Vec<CutClaim>,
    },
    /// A coin game's P-positions on `values.len()` places as a binary
    /// linear code: the one-coin values, a basis of the code (each row a
    /// bitmask, bit `i` the coin `i` places from the left), and what is
    /// stated of the code.
    Code {
        game: String,
        values: Vec<u64>,
        basis: Vec<u64>,
        stated: CodeStated,
    },
    /// A sum of parts of different games, its value, and the winning moves
    /// stated from it.
    Sum {
        parts: Vec<Part>,
        value: u64,
        #[serde(default)]
        winning: Vec<SumMove>,
    },
}

/// One part of a sum: its game as the site names it, the values that
/// certify it (single heaps' from 0 up, or lone coins' from the left),
/// and its position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Part {
    pub game: String,
    pub values: Vec<u64>,
    pub position: PartPosition,
}

/// A part's position: heaps, or a row of coins as a bitmask (bit `i` the
/// coin `i` places from the left).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PartPosition {
    Heaps(Vec<u64>),
    Coins(u64),
}

/// A move in one part of a sum (counted from 0), and the position it
/// leaves that part in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SumMove {
    pub part: usize,
    pub after: PartPosition,
}

/// What a page states of a coin game's code; each fact left out is not
/// checked.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CodeStated {
    #[serde(default)]
    pub size: Option<u64>,
    #[serde(default)]
    pub dimension: Option<u64>,
    /// The least weight of a non-zero word (0 when there is none).
    #[serde(default)]
    pub distance: Option<u64>,
    /// How many words have 0, 1, 2... heads.
    #[serde(default)]
    pub weights: Option<Vec<u64>>,
    /// Rows stated to be words of the code.
    #[serde(default)]
    pub words: Vec<u64>,
    #[serde(default)]
    pub nearest: Vec<Nearest>,
}

/// A row, its value, a word of the code nearest it, how far and how many
/// words are that near, and moves stated to win from it (each the coins
/// it turns over, as a bitmask).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nearest {
    pub row: u64,
    pub value: u64,
    pub word: u64,
    pub distance: u64,
    pub ties: u64,
    #[serde(default)]
    pub winning: Vec<u64>,
}

/// A Hackenbush position, as the drawing's edges still standing, and its value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub standing: u64,
    pub value: u64,
}

/// What a page states of one Hackenbush position: its value and the cuts
/// that win from it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CutClaim {
    pub standing: u64,
    pub value: u64,
    /// Winning cuts: the edge cut and how many edges fall with it.
    #[serde(default)]
    pub winning: Vec<Cut>,
    /// Whether `winning` lists every winning cut (one of each group of
    /// edges joining the same two nodes: cutting either is the same move).
    #[serde(default)]
    pub every_winning: bool,
}

/// A cut of one edge, by its index in the drawing, and how many other
/// edges fall with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cut {
    pub edge: usize,
    pub falls: usize,
}

/// A position and what is known of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub position: Vec<u64>,
    pub verdict: Verdict,
}

/// A position's value, or only its outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Its Grundy value (normal play).
    Value(u64),
    /// The player to move loses.
    P,
    /// The player to move wins.
    N,
}

impl Verdict {
    /// Whether the player to move loses.
    pub fn is_p(self) -> bool {
        matches!(self, Verdict::P | Verdict::Value(0))
    }
}

/// What a page states of one position: its value or outcome, and moves
/// that win from it (the positions they leave).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    pub position: Vec<u64>,
    pub verdict: Verdict,
    /// The positions winning moves leave, each a multiset of heaps.
    #[serde(default)]
    pub winning: Vec<Vec<u64>>,
    /// Whether `winning` lists every winning move.
    #[serde(default)]
    pub every_winning: bool,
}

/// Numbers and their stated nim-sum.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Addition {
    pub numbers: Vec<u64>,
    pub sum: u64,
}

impl Certificate {
    /// How many positions it holds, bounded by [`crate::MAX_POSITIONS`].
    pub fn size(&self) -> usize {
        match self {
            Certificate::Sequence { values, claims, .. } => values.len() + claims.len(),
            Certificate::Closure { table, claims, .. } => table.len() + claims.len(),
            Certificate::NimSums { rows } => rows.len(),
            Certificate::Period { values, .. } => values.len(),
            Certificate::Hackenbush { table, claims, .. } => table.len() + claims.len(),
            Certificate::Code {
                values,
                basis,
                stated,
                ..
            } => values.len() + basis.len() + stated.words.len() + stated.nearest.len(),
            Certificate::Sum { parts, winning, .. } => {
                parts.iter().map(|p| p.values.len() + 1).sum::<usize>() + winning.len()
            }
        }
    }
}
