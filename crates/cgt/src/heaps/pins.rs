//! A row of pins: octal games such as Kayles played on the row they come from.
//!
//! A row is a line of places, each holding a standing pin or a gap. The runs
//! of standing pins (segments) are the heaps of an octal game: knocking down
//! `k` adjacent pins of a segment is the move that removes `k` tokens from
//! its heap, and the digit `d_k` of the code says where in the segment the
//! knock may fall: the whole segment, at one end of it (one run is left) or
//! inside it (two runs are left), as [`Leave`] defines. Codes with a 4 before the
//! point split a heap without removing anything, which no knock does: they
//! are refused. Played misère (`misere:kayles`), a row has no value: its
//! outcome and winning knocks come from a misère solve of its runs.

use crate::error::{Measure, Unsupported};
use crate::heaps::leave::Leave;
use crate::heaps::{HeapGame, HeapMove, OctalCode, canonical, misere};
use crate::problem::Problem;
use crate::solve::ImpartialGame;
use crate::{CgtError, Outcome, Value};

/// The most places a row may have.
pub(crate) const MAX_PLACES: usize = 64;
/// The most adjacent pins one knock may fell (digits after the point).
pub const MAX_KNOCK: usize = 3;

/// A row of standing pins and gaps, leftmost place first.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PinRow {
    standing: Vec<bool>,
}

/// Knocking down `count` adjacent pins starting at place `first` (from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Knock {
    pub(crate) first: usize,
    pub count: usize,
}

impl Knock {
    /// The places this knock fells, from 1, left to right.
    pub fn places(&self) -> Vec<usize> {
        (self.first..self.first + self.count).collect()
    }
}

impl PinRow {
    /// Reads a row: `|` for a standing pin, `.` for a gap (`"|||.||"`).
    /// A bad character is reported with its column, counted from 1.
    pub fn parse(text: &str) -> Result<PinRow, CgtError> {
        let bad = |problem: Problem| CgtError::BadPosition {
            position: text.to_string(),
            problem,
        };
        let mut standing = Vec::new();
        for (i, c) in text.chars().enumerate() {
            match c {
                '|' => standing.push(true),
                '.' => standing.push(false),
                other => {
                    return Err(bad(Problem::NotAPin {
                        column: i + 1,
                        found: other,
                    }));
                }
            }
            if standing.len() > MAX_PLACES {
                return Err(CgtError::too_large(
                    Measure::PinPlaces,
                    text.chars().count() as u64,
                    MAX_PLACES as u64,
                ));
            }
        }
        if standing.is_empty() {
            return Err(bad(Problem::NoPins));
        }
        Ok(PinRow { standing })
    }

    /// The number of places (pins and gaps).
    pub fn len(&self) -> usize {
        self.standing.len()
    }

    /// Whether the row has no place at all (never, for a parsed row).
    pub fn is_empty(&self) -> bool {
        self.standing.is_empty()
    }

    /// Whether the pin at `place` (from 1) stands.
    pub fn stands(&self, place: usize) -> bool {
        place >= 1 && self.standing.get(place - 1).copied().unwrap_or(false)
    }

    /// The number of standing pins.
    pub fn pins(&self) -> usize {
        self.standing.iter().filter(|&&s| s).count()
    }

    /// The runs of standing pins: (first place from 1, length), left to right.
    pub fn segments(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut start = None;
        for (i, &s) in self.standing.iter().chain([&false]).enumerate() {
            match (s, start) {
                (true, None) => start = Some(i + 1),
                (false, Some(first)) => {
                    out.push((first, i + 1 - first));
                    start = None;
                }
                _ => {}
            }
        }
        out
    }

    /// The row as heaps: the lengths of its segments, left to right.
    pub fn heaps(&self) -> Vec<u64> {
        self.segments().iter().map(|&(_, n)| n as u64).collect()
    }

    /// The row after a knock (the knock is not checked).
    pub fn after(&self, knock: Knock) -> PinRow {
        let mut standing = self.standing.clone();
        for p in knock.places() {
            if let Some(s) = standing.get_mut(p - 1) {
                *s = false;
            }
        }
        PinRow { standing }
    }
}

impl std::fmt::Display for PinRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for &s in &self.standing {
            f.write_str(if s { "|" } else { "." })?;
        }
        Ok(())
    }
}

/// The octal code of a game that can be played on a row of pins: an octal
/// game with no 4 before the point and at most [`MAX_KNOCK`] digits after it,
/// in normal or misère play.
pub fn pin_code(game: &HeapGame) -> Result<&OctalCode, CgtError> {
    match game {
        HeapGame::Misere(inner) => pin_code(inner),
        HeapGame::Octal(code)
            if !code.splits_without_removal() && code.max_removal() <= MAX_KNOCK =>
        {
            Ok(code)
        }
        _ => Err(CgtError::Unsupported(Unsupported::NotPins {
            game: game.name(),
            most: MAX_KNOCK,
        })),
    }
}

/// Whether `game` is played on rows of pins, as Kayles is: a game [`pin_code`]
/// accepts whose knocks can split a row in two, or such a game played misère.
/// Its heaps are rows, best drawn as pins.
pub fn played_on_rows(game: &HeapGame) -> bool {
    pin_code(game).is_ok_and(OctalCode::splits)
}

/// Where a heap move falls on its heap drawn as a row of pins: the first
/// place it knocks (from 1) and how many. A move that leaves one row knocks
/// at the row's end; one that leaves two knocks between them.
pub fn knocked(m: &HeapMove) -> (u64, u64) {
    let first = match m.left.as_slice() {
        [before, _] => before + 1,
        [left] => left + 1,
        _ => 1,
    };
    (first, m.take)
}

/// Whether the digit `d` lets a knock leave `left` pins before it and `right`
/// after it in its segment.
fn allowed(d: u8, left: usize, right: usize) -> bool {
    Leave::of_sides(left as u64, right as u64).allowed_by(d)
}

/// Where a knock of `count` pins may fall in its segment under `code`: the
/// kinds of move digit `d_count` allows.
pub fn knock_falls(code: &OctalCode, count: usize) -> Vec<Leave> {
    Leave::ALL
        .into_iter()
        .filter(|l| l.allowed_by(code.digit(count)))
        .collect()
}

/// Every legal knock on `row` under `code`, left to right, fewest pins first
/// at each place.
pub fn knocks(code: &OctalCode, row: &PinRow) -> Vec<Knock> {
    let mut out = Vec::new();
    for (start, len) in row.segments() {
        for first in start..start + len {
            for count in 1..=code.max_removal() {
                let end = first + count;
                if end > start + len {
                    break;
                }
                if allowed(code.digit(count), first - start, start + len - end) {
                    out.push(Knock { first, count });
                }
            }
        }
    }
    out
}

/// Whether `knock` is a legal move on `row` under `code`.
pub fn is_legal(code: &OctalCode, row: &PinRow, knock: Knock) -> bool {
    knocks(code, row).contains(&knock)
}

/// The Grundy values of segments of `0..=longest` pins under `code`.
fn values(game: &HeapGame, row: &PinRow) -> Result<Vec<Value>, CgtError> {
    let longest = row.heaps().into_iter().max().unwrap_or(0);
    game.sequence(longest as usize + 1)
}

/// The value of a row: the nim-sum of its segments' Grundy values.
pub fn value(game: &HeapGame, row: &PinRow) -> Result<Value, CgtError> {
    pin_code(game)?;
    Ok(nim_sum(&values(game, row)?, row))
}

/// Who wins a row: by its value in normal play, by a misère solve of its
/// runs in misère play.
pub fn outcome(game: &HeapGame, row: &PinRow) -> Result<Outcome, CgtError> {
    Ok(outcomes(game, row, &[])?.0)
}

/// A winning knock (to a P-position), or `None` from a P-position and from
/// a row with no knock left. The leftmost such knock, fewest pins first.
pub fn winning_knock(game: &HeapGame, row: &PinRow) -> Result<Option<Knock>, CgtError> {
    Ok(winning_knocks(game, row)?.into_iter().next())
}

/// Every knock that leaves a P-position, in the order of [`knocks`]; none
/// from a P-position.
pub fn winning_knocks(game: &HeapGame, row: &PinRow) -> Result<Vec<Knock>, CgtError> {
    let all = knocks(pin_code(game)?, row);
    let (now, after) = outcomes(game, row, &all)?;
    if now == Outcome::P {
        return Ok(Vec::new());
    }
    Ok(all
        .into_iter()
        .zip(after)
        .filter_map(|(k, o)| (o == Outcome::P).then_some(k))
        .collect())
}

/// The outcome of `row`, and of the row after each of `knocks`, from one
/// solve: by the nim-sum of the runs' values in normal play, by one misère
/// solve of the runs as heaps in misère play.
fn outcomes(
    game: &HeapGame,
    row: &PinRow,
    knocks: &[Knock],
) -> Result<(Outcome, Vec<Outcome>), CgtError> {
    pin_code(game)?;
    if game.is_misere() {
        let start = game.check_solve(&row.heaps())?;
        let mut positions = vec![start];
        positions.extend(knocks.iter().map(|&k| canonical(&row.after(k).heaps())));
        let mut found = misere::outcomes(game, &positions)?.into_iter();
        let now = found.next().unwrap_or(Outcome::N);
        return Ok((now, found.collect()));
    }
    let g = values(game, row)?;
    let of = |r: &PinRow| Outcome::of_value(nim_sum(&g, r));
    Ok((of(row), knocks.iter().map(|&k| of(&row.after(k))).collect()))
}

/// The nim-sum of the values `g` of a row's segments (`g` reaches its longest).
fn nim_sum(g: &[Value], row: &PinRow) -> Value {
    row.heaps().iter().fold(0, |x, &h| x ^ g[h as usize])
}

/// The game of knocking pins, for the brute-force solver: a witness that
/// knows segments only as places, not as heaps.
#[derive(Debug, Clone)]
pub struct PinGame {
    pub code: OctalCode,
}

impl ImpartialGame for PinGame {
    type Position = PinRow;
    fn options(&self, row: &PinRow) -> Vec<PinRow> {
        knocks(&self.code, row)
            .into_iter()
            .map(|k| row.after(k))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kayles() -> HeapGame {
        HeapGame::parse("kayles").unwrap()
    }

    #[test]
    fn the_games_played_on_rows_are_those_whose_knocks_split() {
        for (name, rows) in [
            ("kayles", true),
            ("dawsons-kayles", true),
            ("misere:kayles", true),
            ("octal:0.137", true),
            ("octal:0.3", false),
            ("nim", false),
            ("misere-nim", false),
            ("subtraction:1,3,4", false),
        ] {
            let game = HeapGame::parse(name).unwrap();
            assert_eq!(played_on_rows(&game), rows, "{name}");
        }
    }

    #[test]
    fn a_heap_move_knocks_where_it_leaves_its_rows() {
        let game = kayles();
        for m in game.moves(&[8]).unwrap() {
            let (first, count) = knocked(&m);
            let row = PinRow::parse(&"|".repeat(8)).unwrap();
            let knock = Knock {
                first: first as usize,
                count: count as usize,
            };
            let mut left = row.after(knock).heaps();
            left.retain(|&h| h > 0);
            let mut expected = m.left.clone();
            expected.retain(|&h| h > 0);
            assert_eq!(left, expected, "{m:?}");
        }
    }

    #[test]
    fn where_knocks_fall() {
        let code = OctalCode::parse("0.137").unwrap();
        assert_eq!(knock_falls(&code, 1), [Leave::Nothing]);
        assert_eq!(knock_falls(&code, 2), [Leave::Nothing, Leave::One]);
        assert_eq!(knock_falls(&code, 3), Leave::ALL);
        assert_eq!(knock_falls(&code, 4), []);
    }

    #[test]
    fn parses_and_prints() {
        let row = PinRow::parse("|||.||.|").unwrap();
        assert_eq!(row.to_string(), "|||.||.|");
        assert_eq!(row.segments(), [(1, 3), (5, 2), (8, 1)]);
        assert_eq!(row.heaps(), [3, 2, 1]);
        assert_eq!(row.pins(), 6);
        assert!(row.stands(1) && !row.stands(4) && !row.stands(0) && !row.stands(9));
        assert_eq!(PinRow::parse("...").unwrap().heaps(), Vec::<u64>::new());
    }

    #[test]
    fn names_the_column_of_a_bad_character() {
        assert_eq!(
            PinRow::parse("||x|"),
            Err(CgtError::BadPosition {
                position: "||x|".into(),
                problem: Problem::NotAPin {
                    column: 3,
                    found: 'x'
                }
            })
        );
        assert!(PinRow::parse("").is_err());
        let long = "|".repeat(MAX_PLACES + 1);
        assert!(matches!(
            PinRow::parse(&long),
            Err(CgtError::TooLarge { .. })
        ));
    }

    #[test]
    fn kayles_knocks() {
        let code = pin_code(&kayles()).unwrap().clone();
        let row = PinRow::parse("|||").unwrap();
        let all: Vec<(usize, usize)> = knocks(&code, &row)
            .iter()
            .map(|k| (k.first, k.count))
            .collect();
        assert_eq!(all, [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1)]);
        // A row of 3 has value 3; knocking the middle pin leaves 1 + 1.
        assert_eq!(value(&kayles(), &row).unwrap(), 3);
        assert_eq!(
            winning_knock(&kayles(), &row).unwrap(),
            Some(Knock { first: 2, count: 1 })
        );
    }

    #[test]
    fn dawsons_kayles_fells_two_pins() {
        let game = HeapGame::parse("dawsons-kayles").unwrap();
        let code = pin_code(&game).unwrap().clone();
        let row = PinRow::parse("|.|||").unwrap();
        let all: Vec<(usize, usize)> = knocks(&code, &row)
            .iter()
            .map(|k| (k.first, k.count))
            .collect();
        assert_eq!(all, [(3, 2), (4, 2)]);
    }

    #[test]
    fn refuses_games_not_played_on_pins() {
        for name in [
            "nim",
            "grundys-game",
            "octal:4.07",
            "octal:0.1337",
            "subtraction:1,2",
        ] {
            let e = pin_code(&HeapGame::parse(name).unwrap()).unwrap_err();
            assert!(
                matches!(
                    &e,
                    CgtError::Unsupported(Unsupported::NotPins { game, most: MAX_KNOCK })
                        if *game == HeapGame::parse(name).unwrap().name()
                ),
                "{name}: {e}"
            );
        }
    }
}
