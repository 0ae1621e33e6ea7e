//! Coin-turning games, written again from their definitions: a row of
//! coins, each heads or tails; a move turns over one coin showing heads
//! (the head of the move, which goes to tails) and some coins to its left,
//! how many and where as the game says. A row's value is the nim-sum of the
//! values of its heads, each valued as if it were alone (the coin-turning
//! theorem: a row is the sum of its heads). A row is a bitmask, bit `i` the
//! coin `i` places from the left.

use crate::arith::{mex, nim_sum};
use crate::rules::Budget;
use crate::{Refusal, fault};

/// The most coins in a row (a row is a `u64`).
pub const MAX_COINS: usize = 64;

/// The largest one-coin value the checker takes: its check lists, for each
/// head, which nim-sums of earlier coins' values a move reaches, a table
/// this wide.
const MAX_VALUE: u64 = 1 << 12;

/// Which coins to the left of the head a move may turn over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Where {
    /// Any of them.
    Anywhere,
    /// The run of coins just left of the head (`C`).
    Run,
    /// Any within the `w` places ending at the head (`C(w)`).
    Within(usize),
}

/// A coin-turning game's moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoinGame {
    /// `turns[k]`: a move may turn over `k` coins, the head included.
    turns: [bool; MAX_COINS + 1],
    place: Where,
}

impl CoinGame {
    /// Reads a coin game's name as the site writes it: a named game
    /// (`turning-turtles`: one or two coins; `mock-turtles`: one to three;
    /// `ruler`: any run ending at the head; `twins`: exactly two;
    /// `moebius`: one to five; `mogul`: one to seven) or `turning:CODE`,
    /// CODE a list of counts (`2`, `1-3`, `1+`) and where (`C` for a run,
    /// `C(w)` for a window of `w` places).
    pub fn parse(name: &str) -> Result<CoinGame, Refusal> {
        let code = match name {
            "turning-turtles" => "1-2",
            "mock-turtles" => "1-3",
            "ruler" => "1+C",
            "twins" => "2",
            "moebius" => "1-5",
            "mogul" => "1-7",
            _ => name.strip_prefix("turning:").ok_or_else(|| {
                Refusal::whole(format!("the checker knows no coin game `{name}`"))
            })?,
        };
        read_code(code).ok_or_else(|| {
            Refusal::whole(format!("`{name}` is not a turning code the checker reads"))
        })
    }

    /// Whether turning over `turned` (head included) from `row` is a move:
    /// its rightmost coin shows heads, and the others are as many and where
    /// the game allows.
    pub fn is_move(&self, row: u64, turned: u64) -> bool {
        if turned == 0 {
            return false;
        }
        let head = 63 - turned.leading_zeros() as usize;
        let count = turned.count_ones() as usize;
        let lowest = turned.trailing_zeros() as usize;
        let placed = match self.place {
            Where::Anywhere => true,
            Where::Run => head + 1 - lowest == count,
            Where::Within(w) => head - lowest < w,
        };
        row >> head & 1 == 1 && self.turns[count] && placed
    }

    /// Checks that `values[i]` is the value of a row whose only head is coin
    /// `i`: the mex of the values of the rows its moves leave.
    pub fn check_values(&self, values: &[u64], budget: &mut Budget) -> Result<(), Refusal> {
        if values.len() > MAX_COINS {
            return Err(Refusal::whole(format!(
                "{} coins, past the checker's {MAX_COINS}",
                values.len()
            ))
            .past_limit());
        }
        for (head, &stated) in values.iter().enumerate() {
            let found = mex(self.option_values(values, head, budget)?);
            if found != stated {
                return Err(Refusal::whole(format!(
                    "coin {} from the left is stated worth {stated}, but the mex of its options' \
                     values is {found}",
                    head + 1
                )));
            }
        }
        Ok(())
    }

    /// The values of the rows a move from a lone head at `head` leaves: the
    /// nim-sums of the earlier coins it may turn over (each comes up heads).
    fn option_values(
        &self,
        values: &[u64],
        head: usize,
        budget: &mut Budget,
    ) -> Result<Vec<u64>, Refusal> {
        let earlier = &values[..head];
        let mut found = Vec::new();
        if fault::planted(fault::Site::Options) {
            // The lie: the coin may also stay as it is.
            found.push(values[head]);
        }
        if self.place == Where::Run {
            for count in 1..=head + 1 {
                if self.turns[count] {
                    budget.spend(count as u64, &[head as u64])?;
                    found.push(nim_sum(&earlier[head + 1 - count..]));
                }
            }
            return Ok(found);
        }
        let from = match self.place {
            Where::Within(w) => head.saturating_sub(w - 1),
            _ => 0,
        };
        let choosable = &earlier[from..];
        let width = choosable.iter().fold(1u64, |w, &v| w.max(v + 1));
        let width = width
            .checked_next_power_of_two()
            .filter(|&w| w <= MAX_VALUE);
        let Some(width) = width else {
            return Err(Refusal::at(
                &[head as u64],
                format!("a value past the checker's {MAX_VALUE}"),
            )
            .past_limit());
        };
        let most = (1..=head + 1).rev().find(|&k| self.turns[k]).unwrap_or(0);
        let extra = most.saturating_sub(1).min(choosable.len());
        // reach[k][v]: some k of the coins seen so far have nim-sum v.
        let mut reach = vec![vec![false; width as usize]; extra + 1];
        reach[0][0] = true;
        for &value in choosable {
            budget.spend(width * extra as u64, &[head as u64])?;
            for k in (0..extra).rev() {
                for v in 0..width {
                    if reach[k][v as usize] {
                        reach[k + 1][nim_sum(&[v, value]) as usize] = true;
                    }
                }
            }
        }
        for (k, sums) in reach.iter().enumerate() {
            if self.turns[k + 1] {
                found.extend((0..width).filter(|&v| sums[v as usize]));
            }
        }
        Ok(found)
    }
}

/// A row's value: the nim-sum of its heads' values.
pub fn row_value(values: &[u64], row: u64) -> u64 {
    let heads: Vec<u64> = (0..values.len())
        .filter(|&i| row >> i & 1 == 1)
        .map(|i| values[i])
        .collect();
    nim_sum(&heads)
}

/// Reads a turning code: counts (`k`, `k-m`, `k+`, joined by commas), then
/// `C` or `C(w)` or nothing.
fn read_code(code: &str) -> Option<CoinGame> {
    let (counts, place) = match code.find('C') {
        None => (code, Where::Anywhere),
        Some(i) => {
            let rest = &code[i + 1..];
            let place = if rest.is_empty() {
                Where::Run
            } else {
                let w: usize = rest.strip_prefix('(')?.strip_suffix(')')?.parse().ok()?;
                (1..MAX_COINS).contains(&w).then_some(Where::Within(w))?
            };
            (&code[..i], place)
        }
    };
    let mut turns = [false; MAX_COINS + 1];
    for item in counts.split(',') {
        let (low, high) = if let Some(low) = item.strip_suffix('+') {
            (low.parse().ok()?, MAX_COINS)
        } else if let Some((low, high)) = item.split_once('-') {
            (low.parse().ok()?, high.parse().ok()?)
        } else {
            let k = item.parse().ok()?;
            (k, k)
        };
        if low == 0 || low > high || high > MAX_COINS {
            return None;
        }
        turns[low..=high].iter_mut().for_each(|t| *t = true);
    }
    Some(CoinGame { turns, place })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(name: &str, n: usize) -> Vec<u64> {
        // Build the values by trying each candidate until the check passes:
        // the checker alone, with no engine.
        let game = CoinGame::parse(name).unwrap();
        let mut values = Vec::new();
        for _ in 0..n {
            let v = (0..64)
                .find(|&v| {
                    let mut trial = values.clone();
                    trial.push(v);
                    game.check_values(&trial, &mut Budget::default()).is_ok()
                })
                .unwrap();
            values.push(v);
        }
        values
    }

    #[test]
    fn the_named_games_values_are_the_published_ones() {
        // Winning Ways, chapter 14: Turning Turtles' coin n is worth n;
        // Mock Turtles' are the odious numbers; the ruler function.
        assert_eq!(values("turning-turtles", 6), [1, 2, 3, 4, 5, 6]);
        assert_eq!(values("mock-turtles", 8), [1, 2, 4, 7, 8, 11, 13, 14]);
        assert_eq!(values("ruler", 8), [1, 2, 1, 4, 1, 2, 1, 8]);
        assert_eq!(values("twins", 4), [0, 1, 2, 3]);
    }

    #[test]
    fn a_wrong_value_is_refused_at_its_coin() {
        let game = CoinGame::parse("mock-turtles").unwrap();
        let refusal = game
            .check_values(&[1, 2, 4, 6], &mut Budget::default())
            .unwrap_err();
        assert_eq!(
            refusal.to_string(),
            "coin 4 from the left is stated worth 6, but the mex of its options' values is 7"
        );
    }

    #[test]
    fn moves_keep_to_the_rules() {
        let turtles = CoinGame::parse("turning-turtles").unwrap();
        assert!(turtles.is_move(0b1000, 0b1001));
        assert!(!turtles.is_move(0b1000, 0b1011), "three coins");
        assert!(!turtles.is_move(0b0001, 0b1001), "the head shows tails");
        let ruler = CoinGame::parse("ruler").unwrap();
        assert!(ruler.is_move(0b1000, 0b1100));
        assert!(!ruler.is_move(0b1000, 0b1010), "not a run");
        let window = CoinGame::parse("turning:1-3C(3)").unwrap();
        assert!(window.is_move(0b1000, 0b1010));
        assert!(!window.is_move(0b1000, 0b1001), "outside the window");
        assert!(CoinGame::parse("turning:0-3").is_err());
        assert!(CoinGame::parse("checkers").is_err());
    }
}
