//! The games' move rules, written again from their definitions and read
//! from the names the site gives games (`kayles`, `octal:0.137`,
//! `subtraction:1,3,4`, `misere:kayles`, `wythoff`). A position is a
//! multiset of heaps: sorted, empty heaps dropped.

use crate::{Refusal, fault, tally};

/// A game's moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rules {
    /// Take any number of tokens from one heap.
    Nim,
    /// Take any number from a heap no other heap is larger than.
    GreedyNim,
    /// Take `k` tokens from a heap when `k` is in the set (as ranges).
    Subtraction(Vec<(u64, u64)>),
    /// Take any number of tokens but those in the set.
    AllBut(Vec<(u64, u64)>),
    /// Take `k` tokens (`digits[k]`'s bits: 1, leave no heap; 2, one heap;
    /// 4, two heaps; 8, three heaps), digits to 7 for octal codes and to
    /// 15 for hexadecimal ones; `digits[0]` is taking no token.
    Code(Vec<u8>),
    /// Split a heap into two heaps of different sizes.
    Grundys,
    /// Take any number from a heap, or split a heap into two.
    Laskers,
    /// Two heaps: take any number from one, or the same number from both.
    Wythoff,
}

/// A game: its moves and whether the last to move loses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pub rules: Rules,
    pub misere: bool,
}

/// The most options the checker lists from one position.
const MAX_OPTIONS: usize = 1 << 20;

/// The most heaps the options of one position may hold in all (each
/// option is the position copied, with one heap changed).
const MAX_CELLS: usize = 1 << 23;

/// The most options one check may list in all (heaps' options for a
/// sequence, positions' options for a table): a fraction of a second.
pub const MAX_WORK: u64 = 20_000_000;

/// Counts the options a check lists, refusing past [`MAX_WORK`] before
/// listing them.
#[derive(Debug, Default)]
pub struct Budget {
    spent: u64,
}

impl Budget {
    /// Spends `n` options' work, at `position`.
    pub fn spend(&mut self, n: u64, position: &[u64]) -> Result<(), Refusal> {
        self.spent = self.spent.saturating_add(n);
        if self.spent > MAX_WORK {
            return Err(Refusal::at(
                position,
                format!("checking it would list more than {MAX_WORK} options"),
            )
            .past_limit());
        }
        Ok(())
    }
}

impl Budget {
    /// Spends the work of listing `position`'s options in `game`: each
    /// option copies the position, so a position of many heaps costs
    /// that many times its options.
    pub fn spend_options(&mut self, game: &Game, position: &[u64]) -> Result<(), Refusal> {
        let heaps = position.len().max(1) as u64;
        self.spend(game.option_bound(position).saturating_mul(heaps), position)
    }
}

impl Game {
    /// Reads a game's name as the site writes it.
    pub fn parse(name: &str) -> Result<Game, Refusal> {
        let unknown = || Refusal::whole(format!("the checker knows no game `{name}`"));
        let normal = |rules| Game {
            rules,
            misere: false,
        };
        let misere = |rules| Game {
            rules,
            misere: true,
        };
        Ok(match name {
            "nim" => normal(Rules::Nim),
            "misere-nim" => misere(Rules::Nim),
            "greedy-nim" => normal(Rules::GreedyNim),
            "misere-greedy-nim" => misere(Rules::GreedyNim),
            "kayles" => normal(Rules::Code(vec![0, 7, 7])),
            "dawsons-kayles" => normal(Rules::Code(vec![0, 0, 7])),
            "grundys-game" => normal(Rules::Grundys),
            "laskers-nim" => normal(Rules::Laskers),
            "wythoff" => normal(Rules::Wythoff),
            _ => {
                if let Some(inner) = name.strip_prefix("misere:") {
                    // One prefix only: the inner name is read without it,
                    // never by recursion (a hostile name may repeat it).
                    if inner.starts_with("misere") {
                        return Err(unknown());
                    }
                    let inner = Game::parse(inner)?;
                    if inner.misere {
                        return Err(unknown());
                    }
                    misere(inner.rules)
                } else if let Some(code) = name.strip_prefix("octal:") {
                    normal(Rules::Code(digits(code, 8).ok_or_else(unknown)?))
                } else if let Some(code) = name.strip_prefix("hex:") {
                    normal(Rules::Code(digits(code, 16).ok_or_else(unknown)?))
                } else if let Some(set) = name.strip_prefix("subtraction-all-but:") {
                    normal(Rules::AllBut(ranges(set).ok_or_else(unknown)?))
                } else if let Some(set) = name.strip_prefix("subtraction:") {
                    normal(Rules::Subtraction(ranges(set).ok_or_else(unknown)?))
                } else {
                    return Err(unknown());
                }
            }
        })
    }

    /// Whether a position is a sum of single heaps each played alone
    /// (every game but Greedy Nim's and Wythoff's).
    pub fn is_sum(&self) -> bool {
        !matches!(self.rules, Rules::GreedyNim | Rules::Wythoff)
    }

    /// At least as many options as one heap of `h` has, without listing them.
    pub fn heap_option_bound(&self, h: u64) -> u64 {
        match &self.rules {
            Rules::Code(digits) => digits.iter().fold(0u64, |sum, &d| {
                let per = 2
                    + if d & 4 != 0 { h / 2 } else { 0 }
                    + if d & 8 != 0 {
                        h.saturating_mul(h) / 6
                    } else {
                        0
                    };
                sum.saturating_add(per)
            }),
            // Each range lists at most its width's moves, and at most `h`.
            Rules::Subtraction(set) => set.iter().fold(set.len() as u64, |sum, &(a, b)| {
                sum.saturating_add(h.min(b.saturating_sub(a).saturating_add(1)))
            }),
            // Each of the `h` takes is looked for in every range.
            Rules::AllBut(set) => h.saturating_mul(set.len() as u64 + 2),
            _ => h.saturating_mul(2),
        }
    }

    /// At least as many options as `position` has, without listing them.
    pub fn option_bound(&self, position: &[u64]) -> u64 {
        let largest = position.iter().copied().max().unwrap_or(0);
        match &self.rules {
            Rules::Wythoff | Rules::GreedyNim => largest.saturating_mul(3),
            _ => position.iter().fold(0u64, |sum, &h| {
                sum.saturating_add(self.heap_option_bound(h))
            }),
        }
    }

    /// What one heap of `h` may become: the heaps each move leaves.
    /// Only for games that are sums.
    pub fn heap_options(&self, h: u64) -> Vec<Vec<u64>> {
        let options = self.listed(h);
        tally::add(options.len() as u64);
        options
    }

    fn listed(&self, h: u64) -> Vec<Vec<u64>> {
        let leave = |r: u64| if r == 0 { vec![] } else { vec![r] };
        match &self.rules {
            Rules::Nim => (0..h).map(leave).collect(),
            Rules::Subtraction(set) => {
                // Range by range, not take by take: a heap's moves cost
                // the set's size and its moves, not `h` times the set.
                let mut takes: Vec<u64> = set
                    .iter()
                    .flat_map(|&(low, high)| low.max(1)..=high.min(h))
                    .collect();
                takes.sort_unstable();
                takes.dedup();
                takes.into_iter().map(|k| leave(h - k)).collect()
            }
            Rules::AllBut(set) => (1..=h)
                .filter(|&k| !within(set, k))
                .map(|k| leave(h - k))
                .collect(),
            Rules::Code(digits) => code_options(digits, h),
            Rules::Grundys => (1..h)
                .filter(|&a| a < h - a)
                .map(|a| vec![a, h - a])
                .collect(),
            Rules::Laskers => (0..h)
                .map(leave)
                .chain((1..h).filter(|&a| a <= h - a).map(|a| vec![a, h - a]))
                .collect(),
            Rules::GreedyNim | Rules::Wythoff => Vec::new(),
        }
    }

    /// Every position one move leaves, each as a sorted multiset; refused
    /// past [`MAX_OPTIONS`].
    pub fn options(&self, position: &[u64]) -> Result<Vec<Vec<u64>>, Refusal> {
        let mut out: Vec<Vec<u64>> = Vec::new();
        match &self.rules {
            Rules::Wythoff => {
                let [a, b] = two(position)?;
                for k in 1..=a.max(b) {
                    if k <= a {
                        out.push(vec![a - k, b]);
                    }
                    if k <= b {
                        out.push(vec![a, b - k]);
                    }
                    if k <= a && k <= b {
                        out.push(vec![a - k, b - k]);
                    }
                }
            }
            Rules::GreedyNim => {
                let largest = position.iter().copied().max().unwrap_or(0);
                if let Some(i) = position.iter().position(|&h| h == largest && h > 0) {
                    for r in 0..largest {
                        let mut after = position.to_vec();
                        after[i] = r;
                        out.push(after);
                    }
                }
            }
            _ => {
                let mut cells = 0usize;
                for (i, &h) in position.iter().enumerate() {
                    // Equal heaps give the same options: the first does.
                    if i > 0 && position[i - 1] == h {
                        continue;
                    }
                    for left in self.heap_options(h) {
                        let mut after = position.to_vec();
                        after.remove(i);
                        after.extend(left);
                        cells += position.len();
                        out.push(after);
                        if out.len() > MAX_OPTIONS || cells > MAX_CELLS {
                            return Err(Refusal::at(
                                position,
                                format!("more than {MAX_OPTIONS} options"),
                            )
                            .past_limit());
                        }
                    }
                }
            }
        }
        for after in &mut out {
            tally::add(after.len() as u64 + 1);
            *after = canonical(after);
        }
        if fault::planted(fault::Site::Options) {
            let mut more = position.to_vec();
            more.push(1);
            out.push(canonical(&more));
        }
        Ok(out)
    }
}

/// A position as a multiset: sorted, empty heaps dropped. (Wythoff's two
/// heaps are kept as two, sorted: its rules do not tell them apart.)
pub fn canonical(position: &[u64]) -> Vec<u64> {
    let mut c: Vec<u64> = position.to_vec();
    c.sort_unstable();
    c.retain(|&h| h > 0);
    c
}

/// Wythoff's position as two heaps (an empty heap dropped by [`canonical`]).
fn two(position: &[u64]) -> Result<[u64; 2], Refusal> {
    match *position {
        [] => Ok([0, 0]),
        [b] => Ok([0, b]),
        [a, b] => Ok([a, b]),
        _ => Err(Refusal::at(position, "Wythoff's game has two heaps")),
    }
}

/// The options of one heap of `h` in an octal or hexadecimal game.
fn code_options(digits: &[u8], h: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (k, &d) in digits.iter().enumerate() {
        let k = k as u64;
        if k > h {
            break;
        }
        let r = h - k;
        if d & 1 != 0 && r == 0 && k > 0 {
            out.push(vec![]);
        }
        if d & 2 != 0 && r >= 1 && k > 0 {
            out.push(vec![r]);
        }
        if d & 4 != 0 && r >= 2 {
            out.extend((1..=r / 2).map(|a| vec![a, r - a]));
        }
        if d & 8 != 0 && r >= 3 {
            for a in 1..=r / 3 {
                for b in a..=(r - a) / 2 {
                    out.push(vec![a, b, r - a - b]);
                }
            }
        }
    }
    out
}

/// A code's digits: an optional 0 or 4, a point, then digits in `radix`.
fn digits(code: &str, radix: u32) -> Option<Vec<u8>> {
    let (before, after) = code.split_once('.')?;
    let d0 = match before {
        "" | "0" => 0,
        "4" => 4,
        _ => return None,
    };
    let mut digits = vec![d0];
    for c in after.chars() {
        digits.push(c.to_digit(radix)? as u8);
    }
    Some(digits)
}

/// A set of numbers written `1,3,4` or with ranges `2-5`.
fn ranges(set: &str) -> Option<Vec<(u64, u64)>> {
    set.split(',')
        .map(|part| {
            let part = part.trim();
            match part.split_once('-') {
                Some((a, b)) => {
                    let (a, b): (u64, u64) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
                    (a <= b).then_some((a, b))
                }
                None => part.parse().ok().map(|n| (n, n)),
            }
        })
        .collect()
}

fn within(set: &[(u64, u64)], k: u64) -> bool {
    tally::add(set.len() as u64);
    set.iter().any(|&(low, high)| low <= k && k <= high)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(name: &str, position: &[u64]) -> Vec<Vec<u64>> {
        let mut o = Game::parse(name).unwrap().options(position).unwrap();
        o.sort();
        o
    }

    #[test]
    fn kayles_knocks_one_or_two_pins_from_a_row() {
        // A row of 4: one pin from an end or the middle, or two.
        assert_eq!(
            options("kayles", &[4]),
            vec![vec![1, 1], vec![1, 2], vec![2], vec![3]]
        );
        assert_eq!(options("kayles", &[1]), vec![Vec::<u64>::new()]);
    }

    #[test]
    fn the_other_games_move_as_their_definitions_say() {
        assert_eq!(options("nim", &[2]), vec![vec![], vec![1]]);
        assert_eq!(options("subtraction:1,3", &[3]), vec![vec![], vec![2]]);
        assert_eq!(
            options("subtraction-all-but:1", &[3]),
            vec![vec![], vec![1]]
        );
        assert_eq!(options("grundys-game", &[6]), vec![vec![1, 5], vec![2, 4]]);
        assert_eq!(options("greedy-nim", &[1, 2]), vec![vec![1], vec![1, 1]]);
        assert_eq!(
            options("wythoff", &[1, 2]),
            vec![vec![1], vec![1], vec![1, 1], vec![2]]
        );
        assert_eq!(options("octal:0.07", &[3]), vec![vec![1]]);
        assert_eq!(options("hex:0.8", &[4]), vec![vec![1, 1, 1]]);
        assert_eq!(
            options("laskers-nim", &[2]),
            vec![vec![], vec![1], vec![1, 1]]
        );
    }

    #[test]
    fn names_it_does_not_know_are_refused() {
        for name in ["kayls", "octal:9.1", "subtraction:a", "misere:misere-nim"] {
            assert!(Game::parse(name).is_err(), "{name}");
        }
        assert!(Game::parse("misere:kayles").unwrap().misere);
    }
}
