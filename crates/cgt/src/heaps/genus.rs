//! The genus of a heap game's position, Conway's record of how it plays
//! misère beside heaps of two: its normal value, then the misère values of
//! the position with none, one, two, … heaps of two stones added.
//!
//! The definition is Conway's (On Numbers and Games, ch. 12; Winning Ways,
//! vol. 2, ch. 13, "Survival in the lost world"): the genus of `G` is
//! `g^(γ0 γ1 γ2 …)` where `g` is the normal Grundy value of `G`, `γ0` its
//! misère Grundy value and `γk` the misère Grundy value of `G` plus `k`
//! Nim heaps of two. A misère Grundy value is found by the mex rule, as the
//! normal one is, except that a position with no move is given `1`. The
//! sequence of `γ`s is eventually periodic with period 2, and is written
//! only up to where it starts alternating: the zero game, whose `γ`s are
//! 1, 2, 0, 2, 0, …, has genus `0^120`, and a Nim heap of two `2^20`.
//!
//! The engine finds each `γk` by solving the sum whole, from the game's
//! moves and the heaps of two and one the added heaps can become. It
//! computes the terms up to [`GENUS_TERMS`] and writes the genus up to
//! where the computed terms alternate; a position whose last four computed
//! terms do not alternate is refused rather than written short.

use std::collections::HashMap;

use crate::error::Measure;
use crate::fault::{self, Lie, Site};
use crate::heaps::{HeapGame, canonical, misere_nim_outcome_by_rule, position_text};
use crate::mex::mex;
use crate::solve::ImpartialGame;
use crate::{CgtError, Outcome, Value};

/// The largest heap a genus is computed for.
pub const MAX_GENUS_HEAP: u64 = 24;
/// The most heaps in a position whose genus is computed.
pub const MAX_GENUS_HEAPS: usize = 6;
/// The most positions (with heaps of two and one beside them) a genus
/// computation holds.
pub const MAX_GENUS_STATES: usize = 400_000;
/// How many misère terms `γ0, γ1, …` are computed.
pub const GENUS_TERMS: usize = 8;

/// A genus: the normal value and the misère terms up to where they
/// alternate (at least two of them).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Genus {
    /// The normal-play Grundy value.
    pub normal: Value,
    /// The misère values `γ0, γ1, …` as written: the terms after the last
    /// one given alternate between the last two.
    pub misere: Vec<Value>,
}

impl Genus {
    /// The misère Grundy value, `γ0`: the position is a misère P-position
    /// exactly when it is 0.
    pub fn misere_value(&self) -> Value {
        self.misere[0]
    }

    /// The term `γk`, read past the written ones by their alternation.
    pub fn term(&self, k: usize) -> Value {
        let n = self.misere.len();
        if k < n {
            self.misere[k]
        } else {
            self.misere[n - 2 + (k - n) % 2]
        }
    }

    /// Whether this is the genus of some misère Nim position: `0^120` (no
    /// heap of two or more, an even number of single stones), `1^031` (an
    /// odd number), or `g^(g g⊕2)` (a heap of two or more, nim-sum `g`).
    /// These are the genera Conway calls tame.
    pub fn is_nim_genus(&self) -> bool {
        match (self.normal, self.misere.as_slice()) {
            (0, [1, 2, 0]) | (1, [0, 3, 1]) => true,
            (g, [a, b]) => *a == g && *b == g ^ 2,
            _ => false,
        }
    }
}

impl Genus {
    /// A misère Nim position with this genus, when there is one: no heap
    /// for `0^120`, a single stone for `1^031`, a heap of `g` for `g^(g g⊕2)`
    /// with `g` two or more, and two heaps of two (or of two and three) for
    /// `0^02` (`1^13`).
    pub fn nim_position(&self) -> Option<Vec<u64>> {
        if !self.is_nim_genus() {
            return None;
        }
        Some(match (self.normal, self.misere[0]) {
            (0, 1) => Vec::new(),
            (1, 0) => vec![1],
            (0, _) => vec![2, 2],
            (1, _) => vec![2, 3],
            (g, _) => vec![g],
        })
    }
}

/// The misère outcome of a sum whose parts have the genera `parts`, read as
/// Conway reads a tame sum (On Numbers and Games, ch. 12): each part played
/// as the misère Nim position of its genus, the whole by misère Nim's rule.
/// `None` when a part's genus is not that of a misère Nim position. The
/// reading is exact for tame games; where it holds is for a check to test.
pub fn outcome_by_genera(parts: &[Genus]) -> Option<Outcome> {
    let mut heaps = Vec::new();
    for part in parts {
        heaps.extend(part.nim_position()?);
    }
    Some(misere_nim_outcome_by_rule(&heaps))
}

/// `g^abc`, the way the genus is printed in the books, with the misère
/// terms run together (commas between them once one has two digits).
impl std::fmt::Display for Genus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let wide = self.misere.iter().any(|&t| t > 9);
        let terms: Vec<String> = self.misere.iter().map(Value::to_string).collect();
        write!(
            f,
            "{}^{}",
            self.normal,
            terms.join(if wide { "," } else { "" })
        )
    }
}

/// A genus that lies has its normal value and every misère term changed
/// (the last bit flipped: a misère Nim genus stays one, of another position).
impl Lie for Genus {
    fn lie(mut self) -> Self {
        self.normal ^= 1;
        for t in &mut self.misere {
            *t ^= 1;
        }
        self
    }
}

/// The genus of `heaps` in `game` (the game's moves; whether the game is
/// named misère does not matter).
pub fn genus(game: &HeapGame, heaps: &[u64]) -> Result<Genus, CgtError> {
    Genera::new(game).genus(heaps)
}

/// A memoised computation of genera in one game, for many positions.
#[derive(Debug)]
pub struct Genera<'g> {
    game: &'g HeapGame,
    /// Normal values of the game's positions.
    normal: HashMap<Vec<u64>, Value>,
    /// Misère values of a position with `twos` heaps of two and `ones`
    /// heaps of one beside it.
    misere: HashMap<(Vec<u64>, u8, u8), Value>,
}

impl<'g> Genera<'g> {
    /// An empty memo for `game`.
    pub fn new(game: &'g HeapGame) -> Genera<'g> {
        Genera {
            game,
            normal: HashMap::new(),
            misere: HashMap::new(),
        }
    }

    /// The genus of `heaps`, within the named limits.
    pub fn genus(&mut self, heaps: &[u64]) -> Result<Genus, CgtError> {
        let position = canonical(heaps);
        if position.len() > MAX_GENUS_HEAPS {
            return Err(CgtError::too_large(
                Measure::GenusHeaps,
                position.len() as u64,
                MAX_GENUS_HEAPS as u64,
            ));
        }
        if let Some(&big) = position.iter().max()
            && big > MAX_GENUS_HEAP
        {
            return Err(CgtError::too_large(Measure::GenusHeap, big, MAX_GENUS_HEAP));
        }
        let normal = self.normal_value(&position)?;
        let mut terms = Vec::with_capacity(GENUS_TERMS);
        for k in 0..GENUS_TERMS {
            terms.push(self.misere_value(&position, k as u8, 0)?);
        }
        let genus = abbreviate(normal, &terms).ok_or_else(|| {
            CgtError::too_large(
                Measure::GenusTerms,
                GENUS_TERMS as u64 + 1,
                GENUS_TERMS as u64,
            )
        })?;
        Ok(fault::lie(Site::Genus, || position_text(heaps), genus))
    }

    fn room(&self) -> Result<(), CgtError> {
        let held = self.normal.len() + self.misere.len();
        if held >= MAX_GENUS_STATES {
            return Err(CgtError::too_large(
                Measure::GenusStates,
                held as u64 + 1,
                MAX_GENUS_STATES as u64,
            ));
        }
        Ok(())
    }

    /// The normal Grundy value of a position, by the mex rule.
    fn normal_value(&mut self, position: &Vec<u64>) -> Result<Value, CgtError> {
        if let Some(&v) = self.normal.get(position) {
            return Ok(v);
        }
        self.room()?;
        let mut seen = Vec::new();
        for option in self.game.options(position) {
            seen.push(self.normal_value(&option)?);
        }
        let v = mex(seen.iter().copied());
        self.normal.insert(position.clone(), v);
        Ok(v)
    }

    /// The misère Grundy value of a position beside `twos` heaps of two and
    /// `ones` heaps of one: the mex of its options' values, or 1 when it
    /// has no option.
    fn misere_value(&mut self, position: &Vec<u64>, twos: u8, ones: u8) -> Result<Value, CgtError> {
        let key = (position.clone(), twos, ones);
        if let Some(&v) = self.misere.get(&key) {
            return Ok(v);
        }
        self.room()?;
        let mut seen = Vec::new();
        for option in self.game.options(position) {
            seen.push(self.misere_value(&option, twos, ones)?);
        }
        if twos > 0 {
            // A heap of two taken down to one, or taken away.
            seen.push(self.misere_value(position, twos - 1, ones + 1)?);
            seen.push(self.misere_value(position, twos - 1, ones)?);
        }
        if ones > 0 {
            seen.push(self.misere_value(position, twos, ones - 1)?);
        }
        let v = if seen.is_empty() {
            1
        } else {
            mex(seen.iter().copied())
        };
        self.misere.insert(key, v);
        Ok(v)
    }
}

/// The genus written from its computed terms: cut where the terms start to
/// alternate, or `None` when the last four computed do not alternate.
fn abbreviate(normal: Value, terms: &[Value]) -> Option<Genus> {
    let n = terms.len();
    if n < 4 || terms[n - 1] != terms[n - 3] || terms[n - 2] != terms[n - 4] {
        return None;
    }
    // The first index from which every term equals the one two before it.
    let mut start = n;
    while start > 2 && terms[start - 1] == terms[start - 3] {
        start -= 1;
    }
    Some(Genus {
        normal,
        misere: terms[..start].to_vec(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(game: &str, heaps: &[u64]) -> String {
        genus(&HeapGame::parse(game).unwrap(), heaps)
            .unwrap()
            .to_string()
    }

    /// The genera of small Nim positions, as Conway gives them (On Numbers
    /// and Games, ch. 12): the empty position `0^120`, a single stone
    /// `1^031`, and a heap of `g` two or more `g^(g g⊕2)`. The first two,
    /// with the definition, are also worked on the World Game of Sprouts
    /// Association's page on genus sequences (wgosa.org/genusseq.htm).
    #[test]
    fn nim_heaps_have_the_books_genera() {
        assert_eq!(written("nim", &[]), "0^120");
        assert_eq!(written("nim", &[1]), "1^031");
        assert_eq!(written("nim", &[2]), "2^20");
        assert_eq!(written("nim", &[3]), "3^31");
        assert_eq!(written("nim", &[1, 1]), "0^120");
        assert_eq!(written("nim", &[2, 2]), "0^02");
        assert_eq!(written("nim", &[2, 3]), "1^13");
        for g in 2..12 {
            let genus = genus(&HeapGame::Nim, &[g]).unwrap();
            assert_eq!(genus.normal, g);
            assert_eq!(genus.misere, vec![g, g ^ 2]);
        }
    }

    /// Every Nim position has a Nim genus (brute force over small ones).
    #[test]
    fn every_small_nim_position_has_a_nim_genus() {
        let mut g = Genera::new(&HeapGame::Nim);
        for a in 0..6 {
            for b in a..6 {
                for c in b..6 {
                    let genus = g.genus(&[a, b, c]).unwrap();
                    assert!(genus.is_nim_genus(), "{a},{b},{c}: {genus}");
                    assert_eq!(genus.normal, a ^ b ^ c);
                }
            }
        }
    }

    /// Misère Kayles' genera for rows of 0 to 12 pins: their normal values
    /// are Kayles' sequence (0 1 2 3 1 4 3 2 1 4 2 6 4), and their misère
    /// values are held to the brute-force solve below. Rows of five, nine,
    /// eleven and twelve are the ones whose genera are not those of misère
    /// Nim positions.
    #[test]
    fn kayles_rows_have_their_genera() {
        let kayles = HeapGame::parse("kayles").unwrap();
        let mut g = Genera::new(&kayles);
        let written: Vec<String> = (0..=12)
            .map(|n| g.genus(&[n]).unwrap().to_string())
            .collect();
        assert_eq!(
            written,
            [
                "0^120", "1^031", "2^20", "3^31", "1^031", "4^146", "3^31", "2^20", "1^13",
                "4^046", "2^20", "6^46", "4^046"
            ]
        );
        let wild: Vec<u64> = (0..=12)
            .filter(|&n| !g.genus(&[n]).unwrap().is_nim_genus())
            .collect();
        assert_eq!(wild, [5, 9, 11, 12]);
        // Two rows of five have the genus of the empty table.
        assert_eq!(g.genus(&[5, 5]).unwrap().to_string(), "0^120");
    }

    /// The misère value is 0 exactly on misère P-positions (held to the
    /// brute-force solve of misère Kayles).
    #[test]
    fn the_misere_value_is_zero_on_p_positions() {
        let kayles = HeapGame::parse("kayles").unwrap();
        let misere = HeapGame::parse("misere:kayles").unwrap();
        let mut g = Genera::new(&kayles);
        let mut brute = crate::heaps::brute::Brute::new(&misere);
        for a in 0..8 {
            for b in a..8 {
                let p = brute.outcome(&[a, b]).unwrap() == crate::Outcome::P;
                assert_eq!(g.genus(&[a, b]).unwrap().misere_value() == 0, p, "{a},{b}");
            }
        }
    }

    /// Each Nim genus is read back as a Nim position with that genus.
    #[test]
    fn nim_genera_read_back_as_nim_positions() {
        let mut g = Genera::new(&HeapGame::Nim);
        for a in 0..5 {
            for b in a..5 {
                let genus = g.genus(&[a, b]).unwrap();
                let back = genus.nim_position().unwrap();
                assert_eq!(g.genus(&back).unwrap(), genus, "{a},{b}");
            }
        }
        let kayles = HeapGame::parse("kayles").unwrap();
        assert_eq!(genus(&kayles, &[5]).unwrap().nim_position(), None);
    }

    /// Rows of at most four pins of Kayles have Nim genera, and read through
    /// them every sum of up to four rows gets its brute-force outcome.
    #[test]
    fn small_kayles_sums_are_decided_by_their_genera() {
        let kayles = HeapGame::parse("kayles").unwrap();
        let misere = HeapGame::parse("misere:kayles").unwrap();
        let mut g = Genera::new(&kayles);
        let mut brute = crate::heaps::brute::Brute::new(&misere);
        let rows: Vec<Genus> = (0..=4).map(|n| g.genus(&[n]).unwrap()).collect();
        for sum in crate::heaps::bounded::positions(4, 4) {
            let parts: Vec<Genus> = sum.iter().map(|&h| rows[h as usize].clone()).collect();
            assert_eq!(
                outcome_by_genera(&parts),
                Some(brute.outcome(&sum).unwrap()),
                "{sum:?}"
            );
        }
        // Beside a row of nine, two rows of five and no rows differ, though
        // their genera agree.
        let five_five = g.genus(&[5, 5]).unwrap();
        assert_eq!(five_five, g.genus(&[]).unwrap());
        assert_ne!(
            brute.outcome(&[5, 5, 9]).unwrap(),
            brute.outcome(&[9]).unwrap()
        );
    }

    #[test]
    fn terms_read_past_the_written_ones_alternate() {
        let genus = genus(&HeapGame::Nim, &[]).unwrap();
        let terms: Vec<Value> = (0..7).map(|k| genus.term(k)).collect();
        assert_eq!(terms, [1, 2, 0, 2, 0, 2, 0]);
    }

    #[test]
    fn limits_are_refusals() {
        let kayles = HeapGame::parse("kayles").unwrap();
        assert!(matches!(
            genus(&kayles, &[MAX_GENUS_HEAP + 1]),
            Err(CgtError::TooLarge {
                measure: Measure::GenusHeap,
                ..
            })
        ));
        assert!(matches!(
            genus(&kayles, &[1; MAX_GENUS_HEAPS + 1]),
            Err(CgtError::TooLarge {
                measure: Measure::GenusHeaps,
                ..
            })
        ));
        assert!(matches!(
            genus(&kayles, &[24, 24, 24, 24]),
            Err(CgtError::TooLarge {
                measure: Measure::GenusStates,
                ..
            })
        ));
        assert_eq!(abbreviate(0, &[1, 2, 0, 2, 0, 3]), None);
    }
}
