//! Heap games: Nim and its misère and greedy forms, subtraction and octal games.
//!
//! [`HeapGame`] is the one entry point: parse a game's name, then ask for its
//! Grundy sequence, the value or outcome of a multi-heap position, its moves
//! and a winning move. A position is a slice of heap sizes (`&[u64]`), zero
//! heaps allowed. Every rule has its own function (`greedy_nim_outcome_by_rule`
//! and friends) and every game can also be solved by brute force
//! ([`HeapGame::outcome_by_solve`]), so checks can pit one against the other.

pub mod all_but;
pub mod bounded;
pub mod brute;
pub mod closure;
mod game;
pub mod genus;
pub mod greedy;
pub mod grundys_game;
pub mod hex;
pub mod laskers;
pub mod leave;
pub mod letters;
pub mod limits;
pub mod misere;
pub mod moves;
pub mod nim;
pub mod octal;
pub mod period;
pub mod pins;
pub mod subtraction;
pub mod tree;
pub mod witness;

pub(crate) use all_but::AllBut;
pub use greedy::{greedy_nim_outcome_by_rule, misere_greedy_nim_outcome_by_rule};
pub use hex::HexCode;
pub use limits::{MAX_HEAPS, MAX_MOVES, MAX_SOLVE_STATES};
pub(crate) use limits::{MAX_SEQUENCE, MAX_SOLVE_HEAP, MAX_SPLIT_SEQUENCE};
pub use moves::HeapMove;
pub use nim::{misere_nim_outcome_by_rule, nim_value};
pub use octal::OctalCode;
pub use period::{Argument, Period, PeriodReport};
pub use subtraction::SubtractionSet;

use crate::error::{Measure, Unsupported};
use crate::fault::{self, Site};
use crate::problem::Problem;
use crate::solve::{ImpartialGame, Solver};
use crate::{CgtError, Outcome, Play, Value};

/// A heap game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum HeapGame {
    /// Take any positive number from one heap; the last to move wins.
    Nim,
    /// Nim where the last to move loses.
    MisereNim,
    /// Take any positive number from a largest heap.
    GreedyNim,
    /// Greedy Nim where the last to move loses.
    MisereGreedyNim,
    /// Take a number in a finite set from one heap.
    Subtraction(SubtractionSet),
    /// Take any positive number but those of a finite set from one heap.
    SubtractionAllBut(AllBut),
    /// An octal game (`0.77` is Kayles, `0.07` Dawson's Kayles).
    Octal(OctalCode),
    /// A hexadecimal game: an octal code whose digits run to F, so that a
    /// move may also leave three heaps.
    Hex(HexCode),
    /// Split one heap into two unequal non-empty heaps.
    GrundysGame,
    /// Take any positive number from one heap, or split a heap into two
    /// non-empty heaps.
    LaskersNim,
    /// Another heap game played misère: the last to move loses. (Misère Nim
    /// and misère Greedy Nim, which follow rules, are their own games.)
    Misere(Box<HeapGame>),
}

impl HeapGame {
    /// Reads a game name: `nim`, `misere-nim`, `greedy-nim`, `misere-greedy-nim`,
    /// `kayles`, `dawsons-kayles`, `grundys-game`, `octal:CODE` or `subtraction:S`.
    pub fn parse(name: &str) -> Result<HeapGame, CgtError> {
        let name = name.trim();
        let octal = |code: &str| OctalCode::parse(code).map(HeapGame::Octal);
        match name {
            "nim" => Ok(HeapGame::Nim),
            "misere-nim" => Ok(HeapGame::MisereNim),
            "greedy-nim" => Ok(HeapGame::GreedyNim),
            "misere-greedy-nim" => Ok(HeapGame::MisereGreedyNim),
            "kayles" => octal("0.77"),
            "dawsons-kayles" => octal("0.07"),
            "grundys-game" => Ok(HeapGame::GrundysGame),
            "laskers-nim" => Ok(HeapGame::LaskersNim),
            _ => {
                if let Some(code) = name.strip_prefix("octal:") {
                    octal(code)
                } else if let Some(game) = name.strip_prefix("misere:") {
                    HeapGame::parse(game)?.misere()
                } else if let Some(code) = name.strip_prefix("hex:") {
                    HexCode::parse(code).map(HeapGame::Hex)
                } else if let Some(set) = name.strip_prefix("subtraction:") {
                    SubtractionSet::parse(set).map(HeapGame::Subtraction)
                } else if let Some(set) = name.strip_prefix("subtraction-all-but:") {
                    AllBut::parse(set).map(HeapGame::SubtractionAllBut)
                } else {
                    Err(CgtError::UnknownGame {
                        name: name.to_string(),
                        expected: crate::catalogue::listed(Some(crate::catalogue::Board::Heaps)),
                    })
                }
            }
        }
    }

    /// This game played misère: `misere:nim` is misère Nim (and
    /// `misere:greedy-nim` misère Greedy Nim), whose rules the engine knows.
    fn misere(self) -> Result<HeapGame, CgtError> {
        match self {
            HeapGame::Nim => Ok(HeapGame::MisereNim),
            HeapGame::GreedyNim => Ok(HeapGame::MisereGreedyNim),
            game if game.is_misere() => Err(CgtError::Unsupported(Unsupported::AlreadyMisere {
                game: game.name(),
            })),
            game => Ok(HeapGame::Misere(Box::new(game))),
        }
    }

    /// The canonical name, which [`HeapGame::parse`] reads back.
    pub fn name(&self) -> String {
        match self {
            HeapGame::Nim => "nim".into(),
            HeapGame::MisereNim => "misere-nim".into(),
            HeapGame::GreedyNim => "greedy-nim".into(),
            HeapGame::MisereGreedyNim => "misere-greedy-nim".into(),
            HeapGame::GrundysGame => "grundys-game".into(),
            HeapGame::LaskersNim => "laskers-nim".into(),
            HeapGame::Subtraction(s) => format!("subtraction:{s}"),
            HeapGame::SubtractionAllBut(a) => format!("subtraction-all-but:{a}"),
            HeapGame::Hex(code) => format!("hex:{code}"),
            HeapGame::Misere(game) => format!("misere:{}", game.name()),
            HeapGame::Octal(code) => match code.to_string().as_str() {
                "0.77" => "kayles".into(),
                "0.07" => "dawsons-kayles".into(),
                other => format!("octal:{other}"),
            },
        }
    }

    /// The play convention.
    pub fn play(&self) -> Play {
        match self {
            HeapGame::MisereNim | HeapGame::MisereGreedyNim | HeapGame::Misere(_) => Play::Misere,
            _ => Play::Normal,
        }
    }

    /// Whether the last player to move loses (values do not decide it).
    pub fn is_misere(&self) -> bool {
        self.play() == Play::Misere
    }

    /// Whether a position is the disjunctive sum of its heaps, so that its
    /// value is the XOR of the heaps' values (all but the greedy games).
    pub fn is_sum(&self) -> bool {
        match self {
            HeapGame::Misere(game) => game.is_sum(),
            _ => !matches!(self, HeapGame::GreedyNim | HeapGame::MisereGreedyNim),
        }
    }

    /// Whether some move splits a heap in two.
    pub fn splits(&self) -> bool {
        match self {
            HeapGame::Octal(code) => code.splits(),
            HeapGame::Hex(code) => code.splits(),
            HeapGame::GrundysGame | HeapGame::LaskersNim => true,
            HeapGame::Misere(game) => game.splits(),
            _ => false,
        }
    }

    /// The longest sequence (and largest heap for values and moves) this game accepts.
    pub fn sequence_limit(&self) -> usize {
        match self {
            HeapGame::Subtraction(s) => s.sequence_limit(),
            HeapGame::SubtractionAllBut(a) => a.sequence_limit(),
            HeapGame::Hex(code) => code.sequence_limit(MAX_SEQUENCE, MAX_SPLIT_SEQUENCE),
            HeapGame::Misere(game) => game.sequence_limit(),
            _ if self.splits() => MAX_SPLIT_SEQUENCE,
            _ => MAX_SEQUENCE,
        }
    }

    /// Reads a position: heap sizes separated by commas (`3,5,7`); an empty
    /// text is the position with no heaps.
    pub fn parse_position(text: &str) -> Result<Vec<u64>, CgtError> {
        let bad = |problem: Problem| CgtError::BadPosition {
            position: text.to_string(),
            problem,
        };
        if text.trim().is_empty() {
            return Ok(Vec::new());
        }
        let mut heaps = Vec::new();
        for part in text.split(',') {
            let part = part.trim();
            if part.is_empty() {
                return Err(bad(Problem::EmptyHeap));
            }
            let h = part.parse::<u64>().map_err(|_| {
                bad(Problem::NotAHeap {
                    part: part.to_string(),
                })
            })?;
            heaps.push(h);
            if heaps.len() > MAX_HEAPS {
                return Err(bad(Problem::TooManyHeaps { most: MAX_HEAPS }));
            }
        }
        Ok(heaps)
    }

    /// Checks the number of heaps and, for games valued through their
    /// sequence, the largest heap; returns the largest heap.
    fn check_position(&self, heaps: &[u64]) -> Result<u64, CgtError> {
        if let HeapGame::Misere(game) = self {
            return game.check_position(heaps);
        }
        if heaps.len() > MAX_HEAPS {
            return Err(CgtError::too_large(
                Measure::Heaps,
                heaps.len() as u64,
                MAX_HEAPS as u64,
            ));
        }
        let largest = heaps.iter().copied().max().unwrap_or(0);
        if self.valued_by_sequence() && largest >= self.sequence_limit() as u64 {
            return Err(CgtError::too_large(
                Measure::SequenceHeap { game: self.name() },
                largest,
                self.sequence_limit() as u64 - 1,
            ));
        }
        Ok(largest)
    }

    /// Whether positions are valued through the Grundy sequence of single
    /// heaps (every game but the Nim family, whose rules need none).
    fn valued_by_sequence(&self) -> bool {
        !matches!(
            self,
            HeapGame::Nim | HeapGame::MisereNim | HeapGame::GreedyNim | HeapGame::MisereGreedyNim
        )
    }

    /// The Grundy values of single heaps of sizes `0..n`. For the greedy
    /// games a single heap is a Nim heap; misère games have no values.
    pub fn sequence(&self, n: usize) -> Result<Vec<Value>, CgtError> {
        if self.is_misere() {
            return Err(CgtError::Unsupported(Unsupported::MisereSequence {
                game: self.name(),
            }));
        }
        let limit = self.sequence_limit();
        if n > limit {
            return Err(CgtError::too_large(
                Measure::SequenceLength { game: self.name() },
                n as u64,
                limit as u64,
            ));
        }
        let mut values = match self {
            HeapGame::Subtraction(s) => s.sequence(n),
            HeapGame::SubtractionAllBut(a) => a.sequence(n),
            HeapGame::Octal(code) => code.sequence(n),
            HeapGame::Hex(code) => code.sequence(n),
            HeapGame::GrundysGame => grundys_game::sequence(n),
            HeapGame::LaskersNim => laskers::sequence(n),
            _ => (0..n as Value).collect(),
        };
        for (heap, v) in values.iter_mut().enumerate() {
            *v = fault::lie(Site::HeapSequence, || heap.to_string(), *v);
        }
        Ok(values)
    }

    /// The Grundy value of a position under normal play; `None` for misère
    /// games. Sums: the XOR of heap values. Greedy Nim: a brute-force solve
    /// over sorted heaps, refused past [`MAX_SOLVE_STATES`] positions
    /// or [`MAX_GREEDY_MOVES`] moves.
    pub fn value(&self, heaps: &[u64]) -> Result<Option<Value>, CgtError> {
        let value = self.computed_value(heaps)?;
        Ok(value.map(|v| fault::lie(Site::GameValue, || position_text(heaps), v)))
    }

    /// Whether a position's value is read from the game's sequence (every
    /// heap game but the Nim family and misère play).
    pub(crate) fn valued_from_table(&self) -> bool {
        !matches!(
            self,
            HeapGame::MisereNim
                | HeapGame::MisereGreedyNim
                | HeapGame::Misere(_)
                | HeapGame::Nim
                | HeapGame::GreedyNim
        )
    }

    fn computed_value(&self, heaps: &[u64]) -> Result<Option<Value>, CgtError> {
        let largest = self.check_position(heaps)?;
        match self {
            HeapGame::MisereNim | HeapGame::MisereGreedyNim | HeapGame::Misere(_) => Ok(None),
            HeapGame::Nim => Ok(Some(nim_value(heaps))),
            HeapGame::GreedyNim => {
                check_greedy_solve(heaps)?;
                self.value_by_solve(heaps, MAX_SOLVE_STATES).map(Some)
            }
            _ => {
                let g = self.sequence(largest as usize + 1)?;
                Ok(Some(heaps.iter().fold(0, |x, &h| x ^ g[h as usize])))
            }
        }
    }

    /// Who wins from a position: by rule for the Nim family, by value for sums.
    pub fn outcome(&self, heaps: &[u64]) -> Result<Outcome, CgtError> {
        let outcome = self.computed_outcome(heaps)?;
        Ok(fault::lie(
            Site::HeapOutcome,
            || position_text(heaps),
            outcome,
        ))
    }

    fn computed_outcome(&self, heaps: &[u64]) -> Result<Outcome, CgtError> {
        self.check_position(heaps)?;
        match self {
            HeapGame::Nim => Ok(Outcome::of_value(nim_value(heaps))),
            HeapGame::MisereNim => Ok(misere_nim_outcome_by_rule(heaps)),
            HeapGame::GreedyNim => Ok(greedy_nim_outcome_by_rule(heaps)),
            HeapGame::MisereGreedyNim => Ok(misere_greedy_nim_outcome_by_rule(heaps)),
            HeapGame::Misere(_) => misere::outcome(self, heaps),
            _ => Ok(Outcome::of_value(self.value(heaps)?.unwrap_or(0))),
        }
    }

    /// The moves of one heap of `h`: tokens taken and heaps left (none when
    /// emptied), for every heap game but the greedy ones (where it depends on
    /// the other heaps) and in the Nim case for any single heap.
    fn heap_moves(&self, h: u64) -> Vec<(u64, Vec<u64>)> {
        let leave = |r: u64| if r == 0 { vec![] } else { vec![r] };
        match self {
            HeapGame::Subtraction(s) => s
                .numbers()
                .iter()
                .filter(|&&k| k <= h)
                .map(|&k| (k, leave(h - k)))
                .collect(),
            HeapGame::SubtractionAllBut(a) => (1..=h)
                .filter(|&k| a.allows(k))
                .map(|k| (k, leave(h - k)))
                .collect(),
            HeapGame::Octal(code) => code.heap_moves(h),
            HeapGame::Hex(code) => code.heap_moves(h),
            HeapGame::Misere(game) => game.heap_moves(h),
            HeapGame::GrundysGame => grundys_game::splits(h)
                .map(|(a, b)| (0, vec![a, b]))
                .collect(),
            HeapGame::LaskersNim => (1..=h)
                .map(|k| (k, leave(h - k)))
                .chain(laskers::splits(h).map(|(a, b)| (0, vec![a, b])))
                .collect(),
            _ => (1..=h).map(|k| (k, leave(h - k))).collect(),
        }
    }

    /// How many moves a position has, without listing them (saturating).
    fn count_moves(&self, heaps: &[u64]) -> u64 {
        match self {
            HeapGame::GreedyNim | HeapGame::MisereGreedyNim => {
                let m = heaps.iter().copied().max().unwrap_or(0);
                m.saturating_mul(heaps.iter().filter(|&&h| h == m).count() as u64)
            }
            HeapGame::Nim | HeapGame::MisereNim => {
                heaps.iter().fold(0u64, |s, &h| s.saturating_add(h))
            }
            HeapGame::Subtraction(s) => heaps
                .iter()
                .map(|&h| s.numbers().iter().filter(|&&k| k <= h).count() as u64)
                .sum(),
            HeapGame::SubtractionAllBut(a) => heaps
                .iter()
                .fold(0u64, |s, &h| s.saturating_add(a.count_heap_moves(h))),
            HeapGame::Octal(code) => heaps.iter().map(|&h| code.count_heap_moves(h)).sum(),
            HeapGame::Hex(code) => heaps
                .iter()
                .fold(0u64, |s, &h| s.saturating_add(code.count_heap_moves(h))),
            HeapGame::GrundysGame => heaps.iter().map(|&h| h.saturating_sub(1) / 2).sum(),
            HeapGame::Misere(game) => game.count_moves(heaps),
            HeapGame::LaskersNim => heaps
                .iter()
                .fold(0u64, |s, &h| s.saturating_add(laskers::count_heap_moves(h))),
        }
    }

    /// Every legal move from a position, heap by heap, fewest tokens first.
    /// Refused past [`MAX_MOVES`] moves.
    pub fn moves(&self, heaps: &[u64]) -> Result<Vec<HeapMove>, CgtError> {
        self.check_position(heaps)?;
        let count = self.count_moves(heaps);
        if count > MAX_MOVES {
            return Err(CgtError::too_large(Measure::Moves, count, MAX_MOVES));
        }
        Ok(self.list_moves(heaps))
    }

    /// Every move, unchecked (callers bound the position first).
    fn list_moves(&self, heaps: &[u64]) -> Vec<HeapMove> {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let mut moves = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if !self.is_sum() && (h != largest || h == 0) {
                continue;
            }
            for (take, left) in self.heap_moves(h) {
                moves.push(HeapMove::new(heaps, i, take, left));
            }
        }
        moves
    }

    /// A winning move, or `None` when no move wins: from P-positions, and
    /// from positions won by having no move at all (misère, no heaps).
    pub fn winning_move(&self, heaps: &[u64]) -> Result<Option<HeapMove>, CgtError> {
        let largest = self.check_position(heaps)?;
        let by_size = |found: Option<(usize, u64)>| {
            found.map(|(i, r)| {
                let left = if r == 0 { vec![] } else { vec![r] };
                HeapMove::new(heaps, i, heaps[i] - r, left)
            })
        };
        Ok(match self {
            HeapGame::Nim => by_size(nim::nim_winning_move(heaps)),
            HeapGame::MisereNim => by_size(nim::misere_nim_winning_move(heaps)),
            HeapGame::GreedyNim => by_size(greedy::greedy_winning_move(
                heaps,
                greedy_nim_outcome_by_rule,
            )),
            HeapGame::MisereGreedyNim => by_size(greedy::greedy_winning_move(
                heaps,
                misere_greedy_nim_outcome_by_rule,
            )),
            HeapGame::Misere(_) => misere::winning_move(self, heaps)?,
            _ => {
                let g = self.sequence(largest as usize + 1)?;
                let total = heaps.iter().fold(0, |x, &h| x ^ g[h as usize]);
                heaps.iter().enumerate().find_map(|(i, &h)| {
                    let target = total ^ g[h as usize];
                    if target >= g[h as usize] {
                        return None;
                    }
                    self.heap_moves(h)
                        .into_iter()
                        .find(|(_, left)| left.iter().fold(0, |x, &r| x ^ g[r as usize]) == target)
                        .map(|(take, left)| HeapMove::new(heaps, i, take, left))
                })
            }
        })
    }

    /// Every winning move, in the order of [`HeapGame::moves`]: each move
    /// that leaves a P-position (by the game's values, its rule, or in misère
    /// play a solve of the whole position). Refused past [`MAX_MOVES`] moves
    /// (Nim's, one a heap at most, are found whatever the heaps) and past
    /// [`crate::game::MAX_WINNING_MOVES`] winning ones.
    pub fn winning_moves(&self, heaps: &[u64]) -> Result<Vec<HeapMove>, CgtError> {
        let largest = self.check_position(heaps)?;
        if let HeapGame::Misere(_) = self {
            return misere::winning_moves(self, heaps);
        }
        if let HeapGame::Nim = self {
            // One move per heap at most: to the size that zeroes the nim-sum.
            let sum = nim_value(heaps);
            let winning: Vec<HeapMove> = heaps
                .iter()
                .enumerate()
                .filter(|&(_, &h)| h ^ sum < h)
                .map(|(i, &h)| {
                    let r = h ^ sum;
                    let left = if r == 0 { vec![] } else { vec![r] };
                    HeapMove::new(heaps, i, h - r, left)
                })
                .collect();
            crate::impartial::within_winning_limit(winning.len())?;
            return Ok(winning);
        }
        let moves = self.moves(heaps)?;
        let mut winning = Vec::new();
        if self.is_sum() && !self.is_misere() {
            let g = self.sequence(largest as usize + 1)?;
            for m in moves {
                if m.after.iter().fold(0, |x, &h| x ^ g[h as usize]) == 0 {
                    winning.push(m);
                    crate::impartial::within_winning_limit(winning.len())?;
                }
            }
            return Ok(winning);
        }
        for m in moves {
            if self.outcome(&m.after)? == Outcome::P {
                winning.push(m);
                crate::impartial::within_winning_limit(winning.len())?;
            }
        }
        Ok(winning)
    }

    /// The Grundy value by brute force: the game solved over sorted heap
    /// multisets, knowing no rule. Refused past `limit` positions.
    pub(crate) fn value_by_solve(&self, heaps: &[u64], limit: usize) -> Result<Value, CgtError> {
        let start = self.check_solve(heaps)?;
        Solver::new(self, limit).value(&start)
    }

    /// The outcome under this game's convention by brute force, knowing no rule.
    pub fn outcome_by_solve(&self, heaps: &[u64], limit: usize) -> Result<Outcome, CgtError> {
        let start = self.check_solve(heaps)?;
        Solver::new(self, limit).outcome(&start, self.play())
    }

    fn check_solve(&self, heaps: &[u64]) -> Result<Vec<u64>, CgtError> {
        let largest = self.check_position(heaps)?;
        if largest > MAX_SOLVE_HEAP {
            return Err(CgtError::too_large(
                Measure::SolveHeap,
                largest,
                MAX_SOLVE_HEAP,
            ));
        }
        Ok(canonical(heaps))
    }

    /// Finds the least period and pre-period of the Grundy sequence,
    /// computing at most `max_len` values (doubling from 64 until a period is
    /// proved). Octal games (no 4 before the point) are proved by the octal
    /// periodicity theorem and subtraction games by the pigeonhole argument,
    /// and for them only proved periods are reported; for other games the
    /// report gives a period merely consistent with all `max_len` values.
    pub fn periodicity(&self, max_len: usize) -> Result<PeriodReport, CgtError> {
        let proof = match self {
            HeapGame::Octal(code) if !code.splits_without_removal() => {
                Some((code.max_removal(), Argument::OctalTheorem))
            }
            HeapGame::Subtraction(s) => Some((s.max() as usize, Argument::Pigeonhole)),
            _ => None,
        };
        let Some((t, argument)) = proof else {
            let g = self.sequence(max_len)?;
            return Ok(PeriodReport {
                found: period::apparent_period(&g),
                checked: g.len(),
                proved: false,
                argument: Argument::Unproved,
            });
        };
        if max_len > self.sequence_limit() {
            return Err(CgtError::too_large(
                Measure::SequenceLength { game: self.name() },
                max_len as u64,
                self.sequence_limit() as u64,
            ));
        }
        let mut len = max_len.min(64);
        loop {
            let g = self.sequence(len)?;
            let found = match self {
                HeapGame::Subtraction(_) => period::window_proved_period(&g, t),
                _ => period::octal_proved_period(&g, t),
            };
            if found.is_some() || len >= max_len {
                return Ok(PeriodReport {
                    found,
                    checked: len,
                    proved: found.is_some(),
                    argument,
                });
            }
            len = len.saturating_mul(2).min(max_len);
        }
    }
}

/// A position as a multiset: heaps sorted, empty heaps dropped.
/// A position as the engine and the site print it: `3,5,7`.
pub(crate) fn position_text(heaps: &[u64]) -> String {
    let parts: Vec<String> = heaps.iter().map(u64::to_string).collect();
    parts.join(",")
}

pub fn canonical(heaps: &[u64]) -> Vec<u64> {
    let mut c: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    c.sort_unstable();
    c
}

/// The most (non-empty heaps × largest heap) of a Greedy Nim value solve,
/// bounding the cost of counting the positions below it.
pub(crate) const MAX_GREEDY_WORK: u64 = 10_000_000;

/// The most (positions below × largest heap) of a Greedy Nim value solve,
/// bounding the moves it visits.
pub const MAX_GREEDY_MOVES: u64 = 10_000_000;

/// Refuses a Greedy Nim value solve that could need more than
/// [`MAX_SOLVE_STATES`] positions or [`MAX_GREEDY_MOVES`] moves: counts the
/// sorted heap tuples below the position, which bound the positions a greedy
/// move sequence can reach.
fn check_greedy_solve(heaps: &[u64]) -> Result<(), CgtError> {
    let c = canonical(heaps);
    let largest = c.last().copied().unwrap_or(0);
    let work = (c.len() as u64).saturating_mul(largest.saturating_add(1));
    if largest > MAX_SOLVE_HEAP {
        return Err(CgtError::too_large(
            Measure::GreedyHeap,
            largest,
            MAX_SOLVE_HEAP,
        ));
    }
    if work > MAX_GREEDY_WORK {
        return Err(CgtError::too_large(
            Measure::GreedyWork,
            work,
            MAX_GREEDY_WORK,
        ));
    }
    // ways[v]: non-decreasing tuples of the heaps so far ending in v.
    let mut ways = vec![1u64; 1];
    for &h in &c {
        let mut next = vec![0u64; h as usize + 1];
        let mut prefix = 0u64;
        for (v, slot) in next.iter_mut().enumerate() {
            prefix = prefix.saturating_add(ways.get(v).copied().unwrap_or(0));
            *slot = prefix;
        }
        ways = next;
    }
    let count = ways.iter().fold(0u64, |s, &w| s.saturating_add(w));
    if count > MAX_SOLVE_STATES as u64 {
        return Err(CgtError::too_large(
            Measure::GreedyPositions,
            count,
            MAX_SOLVE_STATES as u64,
        ));
    }
    // Each position below has up to `largest` moves per largest heap: a
    // single heap of 10000, or two of 1990, pass the count of positions but
    // take from seconds to many minutes to solve.
    let moves = count.saturating_mul(largest);
    if moves > MAX_GREEDY_MOVES {
        return Err(CgtError::too_large(
            Measure::GreedyMoves,
            moves,
            MAX_GREEDY_MOVES,
        ));
    }
    Ok(())
}

/// Heap games as positions for the brute-force solver: sorted multisets of
/// non-empty heaps, with the options the rules allow (nothing else known).
impl ImpartialGame for HeapGame {
    type Position = Vec<u64>;
    fn options(&self, position: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut options: Vec<Vec<u64>> = self
            .list_moves(position)
            .into_iter()
            .map(|m| canonical(&m.after))
            .collect();
        options.sort_unstable();
        options.dedup();
        options
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for name in [
            "nim",
            "misere-nim",
            "greedy-nim",
            "misere-greedy-nim",
            "kayles",
            "dawsons-kayles",
            "grundys-game",
            "laskers-nim",
            "octal:0.137",
            "hex:0.F",
            "hex:C.08F",
            "misere:kayles",
            "misere:octal:0.137",
            "misere:subtraction:1-3",
            "misere:laskers-nim",
            "subtraction:1,3,4",
            "subtraction:1-3,7",
            "subtraction-all-but:1,2",
            "subtraction-all-but:2-4,9",
        ] {
            let entry = crate::game::catalogue::lookup(name).unwrap();
            assert_eq!(entry.board, crate::game::Board::Heaps);
            assert_eq!(HeapGame::parse(name).unwrap().name(), name);
        }
        assert_eq!(HeapGame::parse("octal:0.77").unwrap().name(), "kayles");
        assert!(matches!(
            HeapGame::parse("chess"),
            Err(CgtError::UnknownGame { .. })
        ));
        assert!(matches!(
            HeapGame::parse("octal:9"),
            Err(CgtError::BadOctalCode { .. })
        ));
    }

    #[test]
    fn positions() {
        assert_eq!(HeapGame::parse_position("3, 5,7").unwrap(), [3, 5, 7]);
        assert_eq!(HeapGame::parse_position("").unwrap(), Vec::<u64>::new());
        for bad in ["3,,5", "-1", "x", "3;5", "1,"] {
            assert!(matches!(
                HeapGame::parse_position(bad),
                Err(CgtError::BadPosition { .. })
            ));
        }
    }

    #[test]
    fn values_outcomes_and_moves() {
        let nim = HeapGame::Nim;
        assert_eq!(nim.value(&[3, 5, 7]).unwrap(), Some(1));
        assert_eq!(
            nim.winning_move(&[3, 5, 7]).unwrap().unwrap().after,
            [2, 5, 7]
        );
        assert_eq!(nim.moves(&[2, 1]).unwrap().len(), 3);
        assert!(nim.moves(&[u64::MAX, 5]).is_err());
        let kayles = HeapGame::parse("kayles").unwrap();
        assert_eq!(kayles.value(&[4, 5]).unwrap(), Some(1 ^ 4));
        let m = kayles.winning_move(&[4, 5]).unwrap().unwrap();
        assert_eq!(kayles.value(&m.after).unwrap(), Some(0));
        assert!(matches!(
            kayles.value(&[1_000_000]),
            Err(CgtError::TooLarge { .. })
        ));
        assert_eq!(HeapGame::MisereNim.value(&[1]).unwrap(), None);
        assert_eq!(HeapGame::GreedyNim.value(&[2, 2]).unwrap(), Some(0));
        assert!(HeapGame::GreedyNim.value(&[5000, 5000, 5000]).is_err());
        assert!(HeapGame::MisereNim.sequence(3).is_err());
        assert!(kayles.periodicity(MAX_SPLIT_SEQUENCE + 1).is_err());
        assert!(kayles.moves(&vec![19_999; 1000]).is_err());
        for heaps in [&[0u64, 1, 7, 12][..], &[9, 9]] {
            for game in [
                "kayles",
                "grundys-game",
                "subtraction:2,5",
                "subtraction-all-but:1,3",
                "laskers-nim",
                "hex:0.8F",
                "nim",
                "greedy-nim",
            ] {
                let game = HeapGame::parse(game).unwrap();
                let listed = game.moves(heaps).unwrap().len() as u64;
                assert_eq!(game.count_moves(heaps), listed, "{} {heaps:?}", game.name());
            }
        }
    }
}
