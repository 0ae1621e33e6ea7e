//! The direct solve: every row of n coins solved as one game, no theory used.
//!
//! A row is a bitmask of heads; its options are the row XOR each move whose
//! head shows heads. When every move's rightmost coin is its head, every option
//! is numerically smaller than the row, so rows are solved in increasing order,
//! in chunks of rows sharing their high places: the options reached by moves
//! whose head lies above the chunk land in earlier chunks and are gathered in
//! parallel, a tile of rows at a time whose bitsets stay in cache (move by
//! move, so reads stay within one earlier chunk), and the few moves inside the
//! chunk are done in order. Chunks shrink as the values grow. Any other rule
//! is solved by an iterative memoised search that refuses a rule letting play
//! go on for ever.

use crate::error::{Measure, RuleProblem};
use rayon::prelude::*;

use crate::coins::{CoinRule, Row};
use crate::fault::{self, Site};
use crate::mex::MexSet;
use crate::{CgtError, Value};

/// The longest row a direct solve keeps every value of (2^len values of 4 bytes).
pub const MAX_ROW_SOLVE_PLACES: u32 = 26;
/// The most options a direct solve may visit (estimated before starting).
pub(crate) const MAX_ROW_SOLVE_OPTIONS: u64 = 1 << 35;

const UNSEEN: u32 = u32::MAX;
const ON_PATH: u32 = u32::MAX - 1;

/// The value of every row of `len` coins.
#[derive(Debug, Clone)]
pub struct DirectSolution {
    len: u32,
    values: Values,
}

/// The values of all rows, one byte each while they fit (a quarter of the
/// memory traffic), four bytes otherwise.
#[derive(Debug, Clone)]
pub(crate) enum Values {
    Narrow(Vec<u8>),
    Wide(Vec<u32>),
}

impl Values {
    /// The value of the row with heads bitmask `index`.
    pub(crate) fn get(&self, index: usize) -> u32 {
        match self {
            Values::Narrow(v) => u32::from(v[index]),
            Values::Wide(v) => v[index],
        }
    }
    pub(crate) fn len(&self) -> usize {
        match self {
            Values::Narrow(v) => v.len(),
            Values::Wide(v) => v.len(),
        }
    }

    /// Makes the value of the row `at` names (`HTH`) lie, for a planted fault.
    fn lie_at(&mut self, at: &str, len: u32) {
        let Ok(row) = Row::parse(at) else { return };
        let index = row.heads() as usize;
        if row.len() > len || index >= self.len() {
            return;
        }
        match self {
            Values::Narrow(v) => {
                v[index] = fault::lie(Site::RowSolve, || at.into(), u32::from(v[index])) as u8
            }
            Values::Wide(v) => v[index] = fault::lie(Site::RowSolve, || at.into(), v[index]),
        }
    }
}

/// A stored value: a byte or a word.
pub(crate) trait Cell: Copy + Default + Send + Sync {
    fn get(self) -> u32;
    /// None when `v` does not fit.
    fn put(v: u32) -> Option<Self>;
}

impl Cell for u8 {
    #[inline]
    fn get(self) -> u32 {
        u32::from(self)
    }
    #[inline]
    fn put(v: u32) -> Option<u8> {
        u8::try_from(v).ok()
    }
}

impl Cell for u32 {
    #[inline]
    fn get(self) -> u32 {
        self
    }
    #[inline]
    fn put(v: u32) -> Option<u32> {
        Some(v)
    }
}

/// Rows `0..count` of an ordered rule, in bytes while every value fits, then
/// in words: the rows solved in bytes are kept, widened, and the solve goes
/// on from the first chunk that did not fit.
pub(crate) fn solve_ordered_values(
    moves: &Moves,
    len: u32,
    count: u64,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Values {
    solve_ordered_tuned(moves, len, count, Tuning::DEFAULT, progress)
}

/// [`solve_ordered_values`] with the chunks and tiles of `tuning`.
fn solve_ordered_tuned(
    moves: &Moves,
    len: u32,
    count: u64,
    tuning: Tuning,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Values {
    let count = count as usize;
    let mut narrow = vec![0u8; count];
    let mut solve = OrderedSolve::new(moves, len, count, tuning, progress);
    let Err(base) = solve.run(&mut narrow) else {
        return Values::Narrow(narrow);
    };
    let mut wide: Vec<u32> = Vec::with_capacity(count);
    wide.extend(narrow[..base].iter().map(|&v| u32::from(v)));
    drop(narrow);
    wide.resize(count, 0);
    // A word holds any value, so this run goes to the end.
    let _ = solve.run(&mut wide);
    Values::Wide(wide)
}

impl DirectSolution {
    pub(crate) fn len(&self) -> u32 {
        self.len
    }
    /// The value of `row` (its length must be at most the solution's).
    pub fn value(&self, row: &Row) -> Value {
        Value::from(self.values.get(row.heads() as usize))
    }
    /// The values of all rows, indexed by their heads bitmask.
    pub(crate) fn values(&self) -> &Values {
        &self.values
    }
    /// The rows of value 0 (P-positions), as heads bitmasks in increasing order.
    pub fn p_positions(&self) -> Vec<u64> {
        (0..1u64 << self.len)
            .filter(|&heads| self.values.get(heads as usize) == 0)
            .collect()
    }

    /// The value of a single head at each place 1 to `len`, read from the
    /// solved rows: the witness for [`crate::coins::one_coin_values`].
    pub fn one_coin_values(&self) -> Vec<Value> {
        (0..self.len)
            .map(|p| Value::from(self.values.get(1usize << p)))
            .collect()
    }
}

/// The moves of a rule in rows of `len` coins, by head (index `head - 1`).
pub(crate) struct Moves {
    pub(crate) by_head: Vec<Vec<u64>>,
    /// Every move's rightmost coin is its head.
    pub(crate) ordered: bool,
}

fn too_large_len(rule: &dyn CoinRule, len: u32) -> CgtError {
    CgtError::too_large(
        Measure::RowSolvePlaces {
            rule: rule.describe(),
        },
        u64::from(len),
        u64::from(MAX_ROW_SOLVE_PLACES),
    )
}

/// Enumerates and checks the moves of heads 1..=`heads` in rows of `len`
/// coins, after checking the estimated work for solving `rows` rows.
fn moves(rule: &dyn CoinRule, len: u32, heads: u32, rows: u64) -> Result<Moves, CgtError> {
    let total = (1..=heads).fold(0u64, |a, h| a.saturating_add(rule.move_count(h, len)));
    let estimate = total.saturating_mul((rows / 2).max(1));
    if estimate > MAX_ROW_SOLVE_OPTIONS {
        return Err(CgtError::too_large(
            Measure::RowSolveWork {
                rule: rule.describe(),
                coins: len,
            },
            estimate,
            MAX_ROW_SOLVE_OPTIONS,
        ));
    }
    let mut by_head = Vec::with_capacity(heads as usize);
    let mut ordered = true;
    let mut bad = None;
    for head in 1..=heads {
        let head_bit = 1u64 << (head - 1);
        let mut list = Vec::new();
        rule.for_each_move(head, len, &mut |m| {
            if m & head_bit == 0 || (len < 64 && m >> len != 0) {
                bad.get_or_insert(m);
            }
            if m >> (head - 1) != 1 {
                ordered = false;
            }
            list.push(m);
        });
        if let Some(m) = bad {
            let problem = if m & head_bit == 0 {
                RuleProblem::SolveMissesHead {
                    head,
                    len,
                    places: m,
                }
            } else {
                RuleProblem::SolvePastRow {
                    head,
                    len,
                    places: m,
                }
            };
            return Err(CgtError::BadRule {
                rule: rule.describe(),
                problem,
            });
        }
        by_head.push(list);
    }
    Ok(Moves { by_head, ordered })
}

/// The estimated work of solving every row of `len` coins directly: the
/// options to visit, as the solver's own limit counts them.
pub fn direct_work(rule: &dyn CoinRule, len: u32) -> u64 {
    let rows = 1u64.checked_shl(len).unwrap_or(u64::MAX);
    let total = (1..=len).fold(0u64, |a, h| a.saturating_add(rule.move_count(h, len)));
    total.saturating_mul((rows / 2).max(1))
}

/// Solves every row of `len` coins. `progress(done, total)` is called now and then.
pub fn direct_solve(
    rule: &dyn CoinRule,
    len: u32,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<DirectSolution, CgtError> {
    if len > MAX_ROW_SOLVE_PLACES {
        return Err(too_large_len(rule, len));
    }
    let rows = 1u64 << len;
    let moves = moves(rule, len, len, rows)?;
    let values = if moves.ordered {
        solve_ordered_values(&moves, len, rows, progress)
    } else {
        let mut values = vec![UNSEEN; rows as usize];
        let mut solved = 0;
        for root in 0..rows {
            solve_from(rule, &moves, len, root, &mut values, &mut solved, progress)?;
        }
        progress(rows, rows);
        Values::Wide(values)
    };
    let mut values = values;
    if let Some(at) = fault::planted(Site::RowSolve) {
        values.lie_at(&at, len);
    }
    Ok(DirectSolution { len, values })
}

/// The value of a single head at each place 1 to `len`, each row solved
/// directly as a whole game (the witness for
/// [`crate::coins::one_coin_values`]). When every move's rightmost coin is
/// its head, a row reaches only rows numerically below it, so only the rows
/// up to a single head at `len` are solved: under a third of the work of
/// every row of `len` coins for Mogul. Otherwise every row is solved.
pub fn direct_one_coin_values(
    rule: &dyn CoinRule,
    len: u32,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Vec<Value>, CgtError> {
    if len == 0 {
        return Ok(Vec::new());
    }
    if len > MAX_ROW_SOLVE_PLACES {
        return Err(too_large_len(rule, len));
    }
    let rows = (1u64 << (len - 1)) + 1;
    let moves = moves(rule, len, len, rows)?;
    if !moves.ordered {
        return Ok(direct_solve(rule, len, progress)?.one_coin_values());
    }
    let mut values = solve_ordered_values(&moves, len, rows, progress);
    if let Some(at) = fault::planted(Site::RowSolve) {
        values.lie_at(&at, len);
    }
    Ok((0..len)
        .map(|p| Value::from(values.get(1usize << p)))
        .collect())
}

/// The value of one row by direct solve.
pub fn direct_value(rule: &dyn CoinRule, row: &Row) -> Result<Value, CgtError> {
    let (len, heads) = (row.len(), row.heads());
    if heads == 0 {
        return Ok(0);
    }
    let top = 64 - heads.leading_zeros();
    if top > MAX_ROW_SOLVE_PLACES {
        return Err(too_large_len(rule, top));
    }
    let none = |_: u64, _: u64| {};
    // Rows below this one use heads up to `top` only; if those moves are all
    // ordered, only the rows numerically up to this one are needed.
    let first = moves(rule, len, top, heads + 1)?;
    if first.ordered {
        let values = solve_ordered_values(&first, top, heads + 1, &none);
        let value = Value::from(values.get(heads as usize));
        return Ok(fault::lie(Site::RowSolve, || row.to_string(), value));
    }
    if len > MAX_ROW_SOLVE_PLACES {
        return Err(too_large_len(rule, len));
    }
    let all = moves(rule, len, len, 1 << len)?;
    let mut values = vec![UNSEEN; 1 << len];
    solve_from(rule, &all, len, heads, &mut values, &mut 0, &none)?;
    let value = Value::from(values[heads as usize]);
    Ok(fault::lie(Site::RowSolve, || row.to_string(), value))
}

/// A set of option values as a bitset that grows as needed.
fn mex_of_words(words: &[u64]) -> u32 {
    match words.iter().position(|&w| w != u64::MAX) {
        Some(i) => i as u32 * 64 + words[i].trailing_ones(),
        None => words.len() as u32 * 64,
    }
}

/// How an ordered solve cuts its rows: chunks that share their high places,
/// and tiles of a chunk's rows whose option bitsets are gathered together.
#[derive(Debug, Clone, Copy)]
struct Tuning {
    /// The most rows of a chunk, as a power of two.
    chunk_bits: u32,
    /// The fewest rows a chunk shrinks to as the values grow, a power of two.
    min_chunk_bits: u32,
    /// The most bitset words of a chunk: past it the chunk shrinks.
    chunk_words: usize,
    /// The most bitset words of a tile, so that they stay in the first-level
    /// cache while every move of the tile streams through them.
    tile_words: usize,
}

impl Tuning {
    const DEFAULT: Tuning = Tuning {
        chunk_bits: 10,
        min_chunk_bits: 6,
        chunk_words: 1 << 13,
        tile_words: 1 << 11,
    };

    /// The chunk's size, as a power of two, for rows whose bitsets take
    /// `words` words each.
    fn chunk_bits(&self, len: u32, words: usize) -> u32 {
        let mut m = len.min(self.chunk_bits);
        while m > self.min_chunk_bits && (words << m) > self.chunk_words {
            m -= 1;
        }
        m
    }
}

/// A solve of rows `0..count` of a rule whose moves are all ordered (heads
/// 1..=`len`), a chunk of rows at a time: first the options that lie in
/// earlier chunks, gathered a tile of rows at a time on both cores, then the
/// moves inside the chunk, in order. Chunks shrink as the values grow, so
/// that the bitsets of the values seen stay in cache.
struct OrderedSolve<'a> {
    moves: &'a Moves,
    len: u32,
    count: usize,
    tuning: Tuning,
    progress: &'a (dyn Fn(u64, u64) + Sync),
    /// The rows solved so far, and the largest value among them.
    done: usize,
    max_value: u32,
}

impl<'a> OrderedSolve<'a> {
    fn new(
        moves: &'a Moves,
        len: u32,
        count: usize,
        tuning: Tuning,
        progress: &'a (dyn Fn(u64, u64) + Sync),
    ) -> OrderedSolve<'a> {
        OrderedSolve {
            moves,
            len,
            count,
            tuning,
            progress,
            done: 0,
            max_value: 0,
        }
    }

    /// Solves the rows from the first not yet solved into `values` (rows
    /// before it solved already); `Err` with the first row of the chunk
    /// holding a value that does not fit a `T`, every row before it solved.
    fn run<T: Cell>(&mut self, values: &mut [T]) -> Result<(), usize> {
        let count = self.count;
        let mut m = self.tuning.chunk_bits(self.len, self.words());
        let mut by_high = sorted_by_high(self.moves, m);
        let mut seen: Vec<u64> = Vec::new();
        let mut external: Vec<u64> = Vec::new();
        let report = (count / 64).max(1);
        while self.done < count {
            let base = self.done;
            let words = self.words();
            // Chunks only shrink, so each starts on a multiple of its size.
            let want = self.tuning.chunk_bits(self.len, words);
            if want < m {
                m = want;
                by_high = sorted_by_high(self.moves, m);
            }
            let n = (1usize << m).min(count - base);
            seen.clear();
            seen.resize(n * words, 0);
            // Moves whose head lies above the chunk, for heads showing in it.
            external.clear();
            let mut high = base as u64;
            while high != 0 {
                let h = high.trailing_zeros();
                high &= high - 1;
                external.extend_from_slice(&by_high[h as usize]);
            }
            let (done, current) = values.split_at_mut(base);
            let earlier = Earlier {
                done,
                moves: &external,
                base,
                chunk: 1 << m,
                words,
            };
            earlier.gather(&mut seen, self.tuning.tile_words);
            let Some(top) = mex_within_chunk(&mut current[..n], &seen, words, self.moves) else {
                return Err(base);
            };
            self.max_value = self.max_value.max(top);
            self.done = base + n;
            if base / report != self.done / report {
                (self.progress)(self.done as u64, count as u64);
            }
        }
        (self.progress)(count as u64, count as u64);
        Ok(())
    }

    /// Words of the bitset of each row's option values, for values up to
    /// the largest so far.
    fn words(&self) -> usize {
        self.max_value as usize / 64 + 1
    }
}

/// Each head's moves sorted by their part above a chunk of `2^m` rows: moves
/// sharing it read the same earlier chunk one after another, while it is in
/// cache.
fn sorted_by_high(moves: &Moves, m: u32) -> Vec<Vec<u64>> {
    moves
        .by_head
        .iter()
        .map(|list| {
            let mut list = list.clone();
            list.sort_unstable_by_key(|&mv| (mv >> m, mv));
            list
        })
        .collect()
}

/// The options of a chunk's rows that lie in earlier chunks, solved already.
struct Earlier<'a, T> {
    /// The values of the rows before the chunk.
    done: &'a [T],
    /// The moves whose head lies above the chunk.
    moves: &'a [u64],
    /// The chunk's first row, and its number of rows.
    base: usize,
    chunk: usize,
    /// Words of the bitset each row's option values take.
    words: usize,
}

impl<T: Cell> Earlier<'_, T> {
    /// Marks in `seen` (`words` per row) the values of these options, a
    /// tile of rows of at most `tile_words` words at a time, on both cores
    /// when there are many.
    fn gather(&self, seen: &mut [u64], tile_words: usize) {
        if self.moves.is_empty() {
            return;
        }
        let n = seen.len() / self.words;
        let tile = (tile_words / self.words).clamp(1, n);
        if self.moves.len() * n >= 1 << 14 && n >= 2 {
            let per_task = tile.min(n.div_ceil(4));
            seen.par_chunks_mut(per_task * self.words)
                .enumerate()
                .for_each(|(t, part)| self.gather_rows(part, t * per_task, tile));
        } else {
            self.gather_rows(seen, 0, tile);
        }
    }

    /// [`Earlier::gather`] for the rows from `first_lo` of the chunk, a tile
    /// of `tile` rows at a time: every move over the tile, then the next.
    fn gather_rows(&self, seen: &mut [u64], first_lo: usize, tile: usize) {
        let lo_mask = self.chunk as u64 - 1;
        for (t, part) in seen.chunks_mut(tile * self.words).enumerate() {
            let first = first_lo + t * tile;
            for &mv in self.moves {
                let src = &self.done[(self.base ^ (mv & !lo_mask) as usize)..][..self.chunk];
                let mv_lo = (mv & lo_mask) as usize;
                if self.words == 1 {
                    for (i, s) in part.iter_mut().enumerate() {
                        *s |= 1u64 << src[(first + i) ^ mv_lo].get();
                    }
                } else {
                    for (i, row) in part.chunks_exact_mut(self.words).enumerate() {
                        let v = src[(first + i) ^ mv_lo].get() as usize;
                        row[v / 64] |= 1u64 << (v % 64);
                    }
                }
            }
        }
    }
}

/// Values the rows of one chunk, in order: each row's mex over the values in
/// `seen` (its options in earlier chunks) and those of its moves inside the
/// chunk. The largest value, or `None` when one does not fit a `T`.
fn mex_within_chunk<T: Cell>(
    current: &mut [T],
    seen: &[u64],
    words: usize,
    moves: &Moves,
) -> Option<u32> {
    let mut scratch: Vec<u64> = Vec::new();
    let mut max_value = 0;
    for lo in 0..current.len() {
        scratch.clear();
        scratch.extend_from_slice(&seen[lo * words..(lo + 1) * words]);
        let mut heads = lo as u64;
        while heads != 0 {
            let h = heads.trailing_zeros() as usize;
            heads &= heads - 1;
            for &mv in &moves.by_head[h] {
                let v = current[lo ^ mv as usize].get() as usize;
                if v / 64 >= scratch.len() {
                    if v / 64 > 1 << 20 {
                        continue; // too large to be the mex
                    }
                    scratch.resize(v / 64 + 1, 0);
                }
                scratch[v / 64] |= 1u64 << (v % 64);
            }
        }
        let v = mex_of_words(&scratch);
        current[lo] = T::put(v)?;
        max_value = max_value.max(v);
    }
    Some(max_value)
}

/// One frame of the iterative search: a row and where its options stand.
struct Frame {
    row: u64,
    heads: u64,
    index: usize,
}

/// The next option of `frame` not yet solved, its place kept in the frame;
/// `None` when every option is solved; the option as `Err` when it is a row
/// on the search's own path, so play can come back to it.
fn next_unsolved(frame: &mut Frame, moves: &Moves, values: &[u32]) -> Result<Option<u64>, u64> {
    while frame.heads != 0 {
        let list = &moves.by_head[frame.heads.trailing_zeros() as usize];
        while frame.index < list.len() {
            let next = frame.row ^ list[frame.index];
            frame.index += 1;
            match values[next as usize] {
                UNSEEN => return Ok(Some(next)),
                ON_PATH => return Err(next),
                _ => {}
            }
        }
        frame.heads &= frame.heads - 1;
        frame.index = 0;
    }
    Ok(None)
}

/// The mex of the values of `row`'s options, every one of them solved.
fn mex_of_options(row: u64, moves: &Moves, values: &[u32], set: &mut MexSet) -> u32 {
    set.clear();
    let mut heads = row;
    while heads != 0 {
        let h = heads.trailing_zeros() as usize;
        heads &= heads - 1;
        for &mv in &moves.by_head[h] {
            set.insert(Value::from(values[(row ^ mv) as usize]));
        }
    }
    set.mex() as u32
}

/// Solves `root` and every row it reaches, by an iterative depth-first search;
/// refuses a rule under which play from `root` can go on for ever.
fn solve_from(
    rule: &dyn CoinRule,
    moves: &Moves,
    len: u32,
    root: u64,
    values: &mut [u32],
    solved: &mut u64,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<(), CgtError> {
    if values[root as usize] != UNSEEN {
        return Ok(());
    }
    let total = values.len() as u64;
    let mut stack = vec![Frame {
        row: root,
        heads: root,
        index: 0,
    }];
    values[root as usize] = ON_PATH;
    let mut set = MexSet::default();
    while let Some(frame) = stack.last_mut() {
        let child = next_unsolved(frame, moves, values).map_err(|on_path| {
            let row = Row::new(len, on_path)
                .map(|r| r.to_string())
                .unwrap_or_default();
            CgtError::BadRule {
                rule: rule.describe(),
                problem: RuleProblem::NeverEnds { row },
            }
        })?;
        if let Some(next) = child {
            values[next as usize] = ON_PATH;
            stack.push(Frame {
                row: next,
                heads: next,
                index: 0,
            });
            continue;
        }
        // Every option is solved: take the mex.
        let row = frame.row;
        values[row as usize] = mex_of_options(row, moves, values, &mut set);
        stack.pop();
        *solved += 1;
        if (*solved).is_multiple_of(1 << 16) {
            progress(*solved, total);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coins::{Rule, one_coin_values};
    use proptest::prelude::*;

    #[test]
    fn the_direct_one_coin_values_are_the_mex_recursion_s() {
        for name in ["mock-turtles", "ruler", "turning-turtles"] {
            let rule = Rule::by_name(name).unwrap();
            let solution = direct_solve(&rule, 10, &|_, _| {}).unwrap();
            assert_eq!(
                solution.one_coin_values(),
                one_coin_values(&rule, 10).unwrap(),
                "{name}"
            );
        }
    }

    /// Every row of `count` by the memoised search, move by move, one row at a time.
    fn searched(rule: &Rule, len: u32, count: u64) -> Vec<u32> {
        let all = moves(rule, len, len, 1 << len).unwrap();
        let mut values = vec![UNSEEN; 1 << len];
        for root in 0..count {
            solve_from(rule, &all, len, root, &mut values, &mut 0, &|_, _| {}).unwrap();
        }
        values.truncate(count as usize);
        values
    }

    fn tuning() -> impl Strategy<Value = Tuning> {
        (0u32..=10, 0u32..=10, 0u32..=13, 0u32..=11).prop_map(|(chunk, min, words, tile)| Tuning {
            chunk_bits: chunk,
            min_chunk_bits: min.min(chunk),
            chunk_words: 1 << words,
            tile_words: 1 << tile,
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// The chunked, tiled, parallel solve, however it cuts the rows,
        /// against the plain search: mogul's values pass a byte at ten
        /// coins and need many bitset words at eleven, so chunks shrink.
        #[test]
        fn the_ordered_solve_is_the_plain_search_however_it_is_cut(
            which in 0usize..6,
            len in 1u32..=12,
            part in 0.0f64..=1.0,
            tuning in tuning(),
        ) {
            let rule = match which {
                0 => Rule::by_name("mogul").unwrap(),
                1 => Rule::by_name("mock-turtles").unwrap(),
                2 => Rule::by_name("ruler").unwrap(),
                3 => Rule::by_name("turning-turtles").unwrap(),
                4 => Rule::parse("1-3C(7)").unwrap(),
                _ => Rule::by_name("moebius").unwrap(),
            };
            let rows = 1u64 << len;
            let count = ((rows as f64 * part) as u64).clamp(1, rows);
            let ordered = moves(&rule, len, len, rows).unwrap();
            prop_assume!(ordered.ordered);
            let fast = solve_ordered_tuned(&ordered, len, count, tuning, &|_, _| {});
            let fast: Vec<u32> = (0..count as usize).map(|i| fast.get(i)).collect();
            prop_assert_eq!(fast, searched(&rule, len, count));
        }
    }

    /// The single heads solved alone are the single heads of every row
    /// solved, for ordered rules and others.
    #[test]
    fn one_coin_values_of_the_rows_they_reach_are_those_of_every_row() {
        for code in ["1-2", "1-7", "1+C", "2", "1,3C(4)", "2-4"] {
            let rule = Rule::parse(code).unwrap();
            for len in 0..=12 {
                let all = direct_solve(&rule, len, &|_, _| {}).unwrap();
                let alone = direct_one_coin_values(&rule, len, &|_, _| {}).unwrap();
                assert_eq!(alone, all.one_coin_values(), "{code} on {len}");
            }
        }
    }

    #[test]
    fn the_p_positions_of_turning_turtles_have_heads_at_places_xoring_to_0() {
        let rule = Rule::by_name("turning-turtles").unwrap();
        let solution = direct_solve(&rule, 4, &|_, _| {}).unwrap();
        // Turning Turtles: place p has value p; 0 and {1, 2, 3} XOR to 0.
        assert_eq!(solution.p_positions(), [0, 0b0111]);
    }
}
