//! A direct solve of any position of any [`Game`] by its moves alone: the
//! witness a sum of games is checked against.
//!
//! [`DirectSolver`] asks a game for nothing but its moves (and the
//! [`canonical`](Game::canonical) form it remembers positions by): never a
//! value, a table or a winning move. It walks the positions reachable from
//! the start with the solver's explicit stack (no recursion, so a long game
//! cannot overflow), memoises every position it values, and values each by
//! the mex of its options' values. A [`GameSum`] is solved as one game too:
//! its moves are its parts' moves, each listed once per part position and
//! lifted into every sum position that holds it, which is the definition of
//! a sum and no theorem about it. Parts that are one game share their
//! numbering, and a sum position lists their numbers in increasing order: the
//! same positions of one game in another order are the same sum position,
//! solved once, and of two equal parts only one is moved (the other's moves
//! lead to the same positions). Past [`MAX_DIRECT_POSITIONS`] positions
//! held or [`MAX_GAME_SOLVE_OPTIONS`] options visited it stops with
//! [`CgtError::TooLarge`].

use crate::error::{Measure, Unsupported};
use crate::problem::Problem;
use std::any::Any;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::fault::{self, Site};
use crate::game::{Game, GameSum, Position};
use crate::mex::MexSet;
use crate::solve::walk_by;
use crate::{CgtError, Value};

/// The most positions one direct solve may hold.
pub const MAX_DIRECT_POSITIONS: usize = 4_000_000;
/// The most options one direct solve may visit (each option of each
/// position valued counts once): a second or two of work.
pub const MAX_GAME_SOLVE_OPTIONS: u64 = 1 << 23;

/// A position of the whole game: for each part, the number its position was
/// given when first met (a game that is not a sum is its own one part).
type Key = Vec<u32>;

/// A memoising direct solver of one game's positions; keep it to solve many
/// positions that share sub-positions.
#[derive(Debug)]
pub struct DirectSolver<'g> {
    /// The game's name, for errors.
    name: String,
    /// Whether its positions are [`Position::Sum`]s of the parts'.
    is_sum: bool,
    /// The parts, one game when it is not a sum.
    parts: Vec<&'g dyn Game>,
    /// Which game each part is, and where the games of many parts are.
    layout: Layout,
    /// Each game's positions met so far, numbered, with their options.
    seen: Vec<Seen>,
    /// The value of every whole position valued so far.
    memo: HashMap<Key, Value, BuildHasherDefault<FastHash>>,
    positions_limit: usize,
    options_limit: u64,
    options_visited: u64,
    /// The positions of the last cycle found, each once, in move order.
    cycle: Vec<Position>,
}

/// One part's positions, each numbered once, and the options of those whose
/// moves were asked for.
#[derive(Debug, Default)]
struct Seen {
    numbers: HashMap<Position, u32>,
    positions: Vec<Position>,
    options: Vec<Option<Box<[u32]>>>,
}

impl Seen {
    /// The number of `position` (in canonical form), given on first sight.
    fn number(&mut self, position: Position) -> Result<u32, CgtError> {
        if let Some(&n) = self.numbers.get(&position) {
            return Ok(n);
        }
        let n = u32::try_from(self.positions.len()).map_err(|_| {
            CgtError::too_large(
                Measure::PartPositions,
                self.positions.len() as u64,
                u64::from(u32::MAX),
            )
        })?;
        self.numbers.insert(position.clone(), n);
        self.positions.push(position);
        self.options.push(None);
        Ok(n)
    }

    /// The numbers of the options of position `n`, asked of `game` once.
    fn options(&mut self, game: &dyn Game, n: u32) -> Result<&[u32], CgtError> {
        let i = n as usize;
        if self.options[i].is_none() {
            let moves = game.moves(&self.positions[i])?;
            let found = moves
                .into_iter()
                .map(|m| self.number(game.canonical(&m.after)))
                .collect::<Result<Box<[u32]>, CgtError>>()?;
            self.options[i] = Some(found);
        }
        Ok(self.options[i].as_deref().unwrap_or_default())
    }
}

impl<'g> DirectSolver<'g> {
    /// A solver of `game` within the engine's limits. Refuses a misère game,
    /// whose positions have no Grundy values.
    pub fn new(game: &'g dyn Game) -> Result<DirectSolver<'g>, CgtError> {
        DirectSolver::with_limits(game, MAX_DIRECT_POSITIONS, MAX_GAME_SOLVE_OPTIONS)
    }

    /// A solver holding at most `positions` positions and visiting at most
    /// `options` options.
    pub(crate) fn with_limits(
        game: &'g dyn Game,
        positions: usize,
        options: u64,
    ) -> Result<DirectSolver<'g>, CgtError> {
        let (parts, is_sum): (Vec<&dyn Game>, bool) = match game.downcast_ref::<GameSum>() {
            Some(sum) => (sum.parts().iter().map(|part| part.as_ref()).collect(), true),
            None => (vec![game], false),
        };
        if let Some(misere) = parts.iter().find(|part| part.is_misere()) {
            return Err(CgtError::Unsupported(Unsupported::MisereSolve {
                game: misere.name(),
            }));
        }
        let layout = Layout::of(&parts);
        Ok(DirectSolver {
            name: game.name(),
            is_sum,
            seen: layout.seen(),
            layout,
            parts,
            memo: HashMap::default(),
            positions_limit: positions,
            options_limit: options,
            options_visited: 0,
            cycle: Vec::new(),
        })
    }

    /// A solver of the sum of `parts` (positions are [`Position::Sum`]s),
    /// for a caller that holds the games and no [`GameSum`] of them. Refuses
    /// no parts and misère parts.
    pub fn of_parts(parts: Vec<&'g dyn Game>) -> Result<DirectSolver<'g>, CgtError> {
        if parts.is_empty() {
            return Err(CgtError::Unsupported(Unsupported::EmptySum));
        }
        if let Some(misere) = parts.iter().find(|part| part.is_misere()) {
            return Err(CgtError::Unsupported(Unsupported::MisereSolve {
                game: misere.name(),
            }));
        }
        let names: Vec<String> = parts.iter().map(|part| part.name()).collect();
        let layout = Layout::of(&parts);
        Ok(DirectSolver {
            name: names.join(" + "),
            is_sum: true,
            seen: layout.seen(),
            layout,
            parts,
            memo: HashMap::default(),
            positions_limit: MAX_DIRECT_POSITIONS,
            options_limit: MAX_GAME_SOLVE_OPTIONS,
            options_visited: 0,
            cycle: Vec::new(),
        })
    }

    /// The positions valued so far.
    pub fn positions_solved(&self) -> usize {
        self.memo.len()
    }

    /// The options visited so far: the work done.
    pub fn options_visited(&self) -> u64 {
        self.options_visited
    }

    /// The Grundy value of `position`, found from the game's moves alone.
    pub fn value(&mut self, position: &Position) -> Result<Value, CgtError> {
        let value = self.solved_value(position)?;
        Ok(fault::lie(
            Site::DirectSolver,
            || position.to_string(),
            value,
        ))
    }

    fn solved_value(&mut self, position: &Position) -> Result<Value, CgtError> {
        let start = self.key(position)?;
        let (parts, layout) = (&self.parts, &self.layout);
        let seen = &mut self.seen;
        let (limit, visited) = (self.options_limit, &mut self.options_visited);
        let mut options = |key: &Key| Ok(options_of(parts, layout, seen, key, visited, limit)?);
        let mut mex = MexSet::default();
        let walked = walk_by(
            &mut options,
            self.positions_limit,
            &mut self.memo,
            &start,
            |values| {
                mex.clear();
                for v in values {
                    mex.insert(v);
                }
                mex.mex()
            },
        );
        walked.map_err(|stop| {
            stop.into_error(|keys| self.cycle = keys.iter().map(|k| self.position(k)).collect())
        })
    }

    /// The positions of the cycle the last refused solve found (each once,
    /// in move order, the last moving back to the first), or none.
    pub fn cycle(&self) -> &[Position] {
        &self.cycle
    }

    /// The position a key numbers.
    fn position(&self, key: &Key) -> Position {
        let mut each = key
            .iter()
            .zip(&self.layout.game_of)
            .map(|(&n, &g)| self.seen[g].positions[n as usize].clone());
        match self.is_sum {
            true => Position::Sum(each.collect()),
            false => each.next().expect("a key numbers one part at least"),
        }
    }

    /// The numbers of `position`'s parts, each in its canonical form.
    fn key(&mut self, position: &Position) -> Result<Key, CgtError> {
        let each: &[Position] = match position {
            _ if !self.is_sum => std::slice::from_ref(position),
            Position::Sum(each) if each.len() == self.parts.len() => each,
            _ => {
                return Err(CgtError::BadPosition {
                    position: position.to_string(),
                    problem: Problem::NotAPosition {
                        game: self.name.clone(),
                    },
                });
            }
        };
        let mut key = self
            .parts
            .iter()
            .zip(&self.layout.game_of)
            .zip(each)
            .map(|((game, &g), part)| self.seen[g].number(game.canonical(part)))
            .collect::<Result<Key, CgtError>>()?;
        self.layout.in_order(&mut key);
        Ok(key)
    }
}

/// Which parts of a sum are one game (the same value of the same type):
/// they share a numbering of positions, and a sum position lists their
/// numbers in increasing order.
#[derive(Debug)]
struct Layout {
    /// For each part, the first part that is the same game.
    game_of: Vec<usize>,
    /// The places of each game that is more than one part, in order.
    shared: Vec<Vec<usize>>,
}

impl Layout {
    fn of(parts: &[&dyn Game]) -> Layout {
        let same = |a: &dyn Game, b: &dyn Game| {
            std::ptr::addr_eq(a, b)
                && (a as &dyn Any).type_id() == (b as &dyn Any).type_id()
                && a.name() == b.name()
        };
        let game_of: Vec<usize> = (0..parts.len())
            .map(|i| (0..=i).find(|&j| same(parts[i], parts[j])).unwrap_or(i))
            .collect();
        let shared = (0..parts.len())
            .filter(|&first| game_of[first] == first)
            .map(|first| {
                (first..parts.len())
                    .filter(|&i| game_of[i] == first)
                    .collect()
            })
            .filter(|places: &Vec<usize>| places.len() > 1)
            .collect();
        Layout { game_of, shared }
    }

    /// A numbering of positions for each part that is the first of its game.
    fn seen(&self) -> Vec<Seen> {
        self.game_of.iter().map(|_| Seen::default()).collect()
    }

    /// Puts the numbers of the parts that are one game in increasing order,
    /// in the places those parts hold: a sum position's one name.
    fn in_order(&self, key: &mut Key) {
        for places in &self.shared {
            for a in 1..places.len() {
                let mut b = a;
                while b > 0 && key[places[b - 1]] > key[places[b]] {
                    key.swap(places[b - 1], places[b]);
                    b -= 1;
                }
            }
        }
    }

    /// Whether part `i` is moved in `key`: not when an earlier part of the
    /// same game holds the same position, whose moves reach the same sums.
    fn moved(&self, key: &Key, i: usize) -> bool {
        let g = self.game_of[i];
        g == i || !(g..i).any(|j| self.game_of[j] == g && key[j] == key[i])
    }
}

/// The options of a whole position: a move of one part, the others left as
/// they are. Each option counts once towards `visited`, or once per part
/// when there are many (it is a list of one number per part); past `limit`
/// they are refused before they are made.
fn options_of(
    parts: &[&dyn Game],
    layout: &Layout,
    seen: &mut [Seen],
    key: &Key,
    visited: &mut u64,
    limit: u64,
) -> Result<Vec<Key>, CgtError> {
    let mut count: u64 = 0;
    for (i, (game, &g)) in parts.iter().zip(&layout.game_of).enumerate() {
        if layout.moved(key, i) {
            count = count.saturating_add(seen[g].options(*game, key[i])?.len() as u64);
        }
    }
    let cost = count.saturating_mul(key.len().div_ceil(4) as u64);
    *visited = visited.saturating_add(cost);
    if *visited > limit {
        return Err(too_much_work(*visited, limit));
    }
    let mut options = Vec::with_capacity(count as usize);
    for (i, &g) in layout.game_of.iter().enumerate() {
        if !layout.moved(key, i) {
            continue;
        }
        for &option in seen[g].options[key[i] as usize]
            .as_deref()
            .unwrap_or_default()
        {
            let mut next = key.clone();
            next[i] = option;
            layout.in_order(&mut next);
            options.push(next);
        }
    }
    Ok(options)
}

fn too_much_work(visited: u64, limit: u64) -> CgtError {
    CgtError::too_large(Measure::SumSolveOptions, visited, limit)
}

/// The Grundy value of `position` in `game`, found from its moves alone
/// within [`MAX_DIRECT_POSITIONS`] and [`MAX_GAME_SOLVE_OPTIONS`].
pub fn direct_value(game: &dyn Game, position: &Position) -> Result<Value, CgtError> {
    DirectSolver::new(game)?.value(position)
}

/// A fast hash of short lists of position numbers (the Fx hash, with a
/// final mix): the memo
/// is hashed once per option visited, and the standard hasher, made to
/// resist adversarial keys, would be most of the work. Keys here are numbers
/// the solver gave out itself.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct FastHash(u64);

impl FastHash {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for FastHash {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        for &b in chunks.remainder() {
            self.add(u64::from(b));
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    /// The state mixed so that every input bit reaches the low bits, which
    /// pick a key's bucket: without it, keys that differ only in a later
    /// part's number (the high half of a word) would share a bucket.
    fn finish(&self) -> u64 {
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^ (h >> 33)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::parse;

    fn sum(names: &[&str]) -> GameSum {
        GameSum::new(names.iter().map(|n| parse(n).unwrap()).collect()).unwrap()
    }

    #[test]
    fn a_sum_is_solved_from_its_moves() {
        let game = sum(&["kayles", "nim", "turning-turtles"]);
        let position = game.parse_position("7 + 3,5 + HTTH").unwrap();
        // Kayles 7 is 2, Nim 3,5 is 6, HTTH is 1 xor 4 = 5: 2 ^ 6 ^ 5 = 1.
        assert_eq!(direct_value(&game, &position), Ok(1));
    }

    #[test]
    fn a_sum_is_solved_as_its_own_moves_say() {
        // The sum's own moves, each position solved with the sum as one game
        // and with no knowledge that it is a sum, give the same values.
        let game = sum(&["kayles", "subtraction:1,3,4", "mock-turtles"]);
        let mut by_parts = DirectSolver::new(&game).unwrap();
        let opaque = Opaque(sum(&["kayles", "subtraction:1,3,4", "mock-turtles"]));
        let mut by_moves = DirectSolver::new(&opaque).unwrap();
        for text in ["4 + 5 + THH", "2,3 + 6 + HTH", "0 + 0 + TTT", "5 + 2 + HH"] {
            let position = game.parse_position(text).unwrap();
            assert_eq!(
                by_parts.value(&position),
                by_moves.value(&position),
                "{text}"
            );
        }
        assert!(by_moves.positions_solved() > 100);
    }

    /// A sum behind a game of another type, so the solver cannot see it is
    /// a sum and asks it for its moves as a whole.
    #[derive(Debug)]
    struct Opaque(GameSum);

    impl Game for Opaque {
        fn name(&self) -> String {
            self.0.name()
        }
        fn parse_position(&self, text: &str) -> Result<Position, CgtError> {
            self.0.parse_position(text)
        }
        fn value(&self, _: &Position) -> Result<Option<Value>, CgtError> {
            Err(CgtError::Outside("a direct solve never asks".into()))
        }
        fn table(&self, n: usize) -> Result<Vec<Value>, CgtError> {
            self.0.table(n)
        }
        fn moves(&self, position: &Position) -> Result<Vec<crate::game::Move>, CgtError> {
            self.0.moves(position)
        }
        fn winning_move(&self, _: &Position) -> Result<Option<crate::game::Move>, CgtError> {
            Err(CgtError::Outside("a direct solve never asks".into()))
        }
        fn canonical(&self, position: &Position) -> Position {
            self.0.canonical(position)
        }
    }

    /// One heap whose moves loop: 3 -> 2 -> 4 -> 3, and 1 -> 0.
    #[derive(Debug)]
    struct Looping;

    impl Game for Looping {
        fn name(&self) -> String {
            "looping".into()
        }
        fn parse_position(&self, text: &str) -> Result<Position, CgtError> {
            Ok(Position::Heaps(vec![text.parse().unwrap_or_default()]))
        }
        fn value(&self, _: &Position) -> Result<Option<Value>, CgtError> {
            Err(CgtError::Outside("a direct solve never asks".into()))
        }
        fn table(&self, _: usize) -> Result<Vec<Value>, CgtError> {
            Err(CgtError::Outside("a direct solve never asks".into()))
        }
        fn moves(&self, position: &Position) -> Result<Vec<crate::game::Move>, CgtError> {
            let Position::Heaps(heap) = position else {
                return Ok(vec![]);
            };
            let after: &[u64] = match heap[0] {
                3 => &[2],
                2 => &[4],
                4 => &[3, 1],
                1 => &[0],
                _ => &[],
            };
            Ok(after
                .iter()
                .map(|&n| crate::game::Move {
                    action: crate::game::Action::Said(format!("to {n}")),
                    after: Position::Heaps(vec![n]),
                })
                .collect())
        }
        fn winning_move(&self, _: &Position) -> Result<Option<crate::game::Move>, CgtError> {
            Err(CgtError::Outside("a direct solve never asks".into()))
        }
        fn canonical(&self, position: &Position) -> Position {
            position.clone()
        }
    }

    #[test]
    fn names_the_positions_of_a_cycle() {
        let mut alone = DirectSolver::new(&Looping).unwrap();
        let err = alone.value(&Position::Heaps(vec![3])).unwrap_err();
        assert!(
            matches!(err, CgtError::Unsupported(Unsupported::Cycle)),
            "{err}"
        );
        let shown: Vec<String> = alone.cycle().iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["3", "2", "4"]);
        let mut summed = DirectSolver::of_parts(vec![&Looping, &Looping]).unwrap();
        let start = Position::Sum(vec![Position::Heaps(vec![0]), Position::Heaps(vec![2])]);
        assert!(summed.value(&start).is_err());
        let shown: Vec<String> = summed.cycle().iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["0 + 2", "0 + 4", "0 + 3"]);
    }

    #[test]
    fn a_sum_of_many_parts_is_refused_before_its_options_are_made() {
        let parts: Vec<Box<dyn Game>> = (0..5000).map(|_| parse("nim").unwrap()).collect();
        let game = GameSum::new(parts).unwrap();
        let position = Position::Sum(vec![Position::Heaps(vec![1]); 5000]);
        let mut solver = DirectSolver::with_limits(&game, usize::MAX, 1_000_000).unwrap();
        assert!(matches!(
            solver.value(&position),
            Err(CgtError::TooLarge {
                limit: 1_000_000,
                ..
            })
        ));
    }

    #[test]
    fn keys_differing_in_a_later_part_spread_over_buckets() {
        use std::collections::HashSet;
        use std::hash::{BuildHasher, BuildHasherDefault};
        let build = BuildHasherDefault::<FastHash>::default();
        let low: HashSet<u64> = (0..256u32)
            .map(|b| build.hash_one(vec![7u32, b]) & 0xffff)
            .collect();
        assert!(low.len() > 200, "{} buckets for 256 keys", low.len());
    }

    #[test]
    fn refuses_past_its_limits() {
        let game = sum(&["kayles", "nim"]);
        let position = game.parse_position("30 + 40,40").unwrap();
        let mut few = DirectSolver::with_limits(&game, 100, u64::MAX).unwrap();
        assert!(matches!(
            few.value(&position),
            Err(CgtError::TooLarge { limit: 100, .. })
        ));
        let mut little = DirectSolver::with_limits(&game, usize::MAX, 1000).unwrap();
        assert!(matches!(
            little.value(&position),
            Err(CgtError::TooLarge { limit: 1000, .. })
        ));
    }

    #[test]
    fn refuses_misere_games_and_foreign_positions() {
        let misere = parse("misere-nim").unwrap();
        assert!(DirectSolver::new(misere.as_ref()).is_err());
        let game = sum(&["nim", "kayles"]);
        let mut solver = DirectSolver::new(&game).unwrap();
        assert!(solver.value(&Position::Heaps(vec![3])).is_err());
        assert!(solver.value(&Position::Sum(vec![])).is_err());
        assert!(
            solver
                .value(&Position::Sum(vec![
                    Position::Heaps(vec![1]),
                    Position::Coins(crate::coins::Row::parse("H").unwrap())
                ]))
                .is_err()
        );
    }
}
