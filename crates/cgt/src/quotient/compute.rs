//! The misère quotient computed (candidates built with more and more test
//! sums until one is proved) and read: elements, table, P-portion, heaps'
//! images and the verdict on a sum.

use crate::error::Measure;
use crate::fault::{self, Site};
use crate::heaps::{HeapGame, position_text};
use crate::quotient::candidate::{self, build, sums_up_to};
use crate::quotient::limits::{MAX_QUOTIENT_HEAPS, MAX_TEST_HEAPS};
use crate::quotient::outcomes::{Counts, Outcomes};
use crate::quotient::rules::Rules;
use crate::quotient::verify;
use crate::quotient::words::{self, Word};
use crate::{CgtError, Outcome};

/// The misère quotient of the sums of heaps `1..=heaps` of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quotient {
    game: String,
    heaps: u64,
    generators: Vec<u64>,
    words: Vec<Word>,
    table: Vec<Vec<usize>>,
    p: Vec<bool>,
    images: Vec<usize>,
    states: usize,
    solved: usize,
}

/// The misère quotient of the sums of heaps `1..=heaps` of `game` (Nim or
/// an octal game, read as played misère whichever way it is named).
pub fn misere_quotient(game: &HeapGame, heaps: u64) -> Result<Quotient, CgtError> {
    if heaps > MAX_QUOTIENT_HEAPS {
        return Err(CgtError::too_large(
            Measure::QuotientHeaps,
            heaps,
            MAX_QUOTIENT_HEAPS,
        ));
    }
    let rules = Rules::of(game)?;
    let n = heaps as usize;
    let mut outcomes = Outcomes::new(&rules, heaps);
    let mut earlier: Vec<Counts> = Vec::new();
    for most in 0..=MAX_TEST_HEAPS {
        let mut tests = sums_up_to(n, most)?;
        for sum in earlier.drain(..) {
            if !tests.contains(&sum) {
                tests.push(sum);
            }
        }
        let candidate = build(&mut outcomes, n, &tests)?;
        match verify::verify(&rules, n, &candidate)? {
            Ok(states) => {
                return Ok(Quotient::named(
                    rules.name(),
                    heaps,
                    &candidate,
                    states,
                    outcomes.solved(),
                ));
            }
            Err(_) => earlier = candidate.representatives,
        }
    }
    Err(CgtError::too_large(
        Measure::QuotientTestHeaps,
        MAX_TEST_HEAPS as u64 + 1,
        MAX_TEST_HEAPS as u64,
    ))
}

/// Whether the engine computes quotients of `game` (Nim and octal games):
/// the refusal `misere_quotient` would give otherwise, before any work.
pub fn computed_for(game: &HeapGame) -> Result<(), CgtError> {
    Rules::of(game).map(|_| ())
}

impl Quotient {
    /// The quotient of a proved candidate, its elements put in the order of
    /// their words (fewest letters first).
    fn named(
        game: String,
        heaps: u64,
        candidate: &candidate::Candidate,
        states: usize,
        solved: usize,
    ) -> Quotient {
        let (generators, words) = words::words(&candidate.table, &candidate.images);
        let order = words.len();
        let mut by_word: Vec<usize> = (0..order).collect();
        by_word.sort_by(|&x, &y| {
            let key = |w: &Word| (w.powers().iter().sum::<u32>(), std::cmp::Reverse(w.clone()));
            key(&words[x]).cmp(&key(&words[y]))
        });
        let mut place = vec![0; order];
        for (i, &x) in by_word.iter().enumerate() {
            place[x] = i;
        }
        let table = by_word
            .iter()
            .map(|&x| {
                by_word
                    .iter()
                    .map(|&y| place[candidate.table.product(x, y)])
                    .collect()
            })
            .collect();
        Quotient {
            game,
            heaps,
            generators,
            words: by_word.iter().map(|&x| words[x].clone()).collect(),
            table,
            p: by_word.iter().map(|&x| candidate.p[x]).collect(),
            images: candidate.images.iter().map(|&x| place[x]).collect(),
            states,
            solved,
        }
    }

    /// The game's canonical name (`nim`, `octal:0.77`).
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The heap bound: the quotient is of the sums of heaps `1..=heaps`.
    pub fn heaps(&self) -> u64 {
        self.heaps
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.words.len()
    }

    /// Each element's word, element 0 the identity.
    pub fn elements(&self) -> &[Word] {
        &self.words
    }

    /// For each generator (lettered a, b, … in order), the heap it is the image of.
    pub fn generators(&self) -> &[u64] {
        &self.generators
    }

    /// `x·y`.
    pub fn product(&self, x: usize, y: usize) -> usize {
        self.table[x][y]
    }

    /// The multiplication table, `table()[x][y]` being `x·y`.
    pub fn table(&self) -> &[Vec<usize>] {
        &self.table
    }

    /// Whether element `x` is in the P-portion.
    pub fn is_p(&self, x: usize) -> bool {
        self.p[x]
    }

    /// The elements of the P-portion, in order.
    pub fn p_portion(&self) -> Vec<usize> {
        (0..self.order()).filter(|&x| self.p[x]).collect()
    }

    /// The image of each heap `0..=heaps`.
    pub fn heap_images(&self) -> &[usize] {
        &self.images
    }

    /// The states the proof visited.
    pub fn states_checked(&self) -> usize {
        self.states
    }

    /// The sums solved to build the candidates.
    pub fn sums_solved(&self) -> usize {
        self.solved
    }

    /// The element a sum of heaps maps to; a heap past the bound is refused.
    pub fn image(&self, heaps: &[u64]) -> Result<usize, CgtError> {
        let mut x = 0;
        for &h in heaps {
            if h > self.heaps {
                return Err(CgtError::too_large(Measure::QuotientSumHeap, h, self.heaps));
            }
            x = self.table[x][self.images[h as usize]];
        }
        Ok(x)
    }

    /// The misère outcome of a sum of heaps, read from the quotient: P
    /// exactly when its image is in the P-portion.
    pub fn outcome(&self, heaps: &[u64]) -> Result<Outcome, CgtError> {
        let outcome = if self.p[self.image(heaps)?] {
            Outcome::P
        } else {
            Outcome::N
        };
        Ok(fault::lie(Site::Quotient, || position_text(heaps), outcome))
    }
}
