//! Certificates of a sum of parts of different games: each part heaps of a
//! heap game (its single heaps' values) or a row of a coin game (its lone
//! coins' values), with the sum's value and the winning moves stated. A
//! part of any other game (a site's script, a drawing) has no rules the
//! checker knows, and the sum then offers none.

use grundy_certify::{Certificate, Part, PartPosition, SumMove};

use cgt::coins::{self, CoinGame};
use cgt::game::{Game, Move, Position};
use cgt::heaps::HeapGame;

/// The certificate of a sum of `games` at `positions`, worth `value`, with
/// its winning `moves`; none when a part is of a game the checker cannot
/// read or past the engine's limits.
pub(crate) fn certificate(
    games: &[Box<dyn Game>],
    positions: &[Position],
    value: u64,
    moves: &[Move],
) -> Option<Certificate> {
    let parts = games
        .iter()
        .zip(positions)
        .map(|(game, position)| part(game.as_ref(), position))
        .collect::<Option<Vec<Part>>>()?;
    let winning = moves
        .iter()
        .map(|m| sum_move(positions, m))
        .collect::<Option<Vec<SumMove>>>()?;
    Some(Certificate::Sum {
        parts,
        value,
        winning,
    })
}

/// One part with the values that certify it.
fn part(game: &dyn Game, position: &Position) -> Option<Part> {
    let values = match position {
        Position::Heaps(heaps) => {
            let heap_game = game.downcast_ref::<HeapGame>()?;
            if !heap_game.is_sum() || heap_game.is_misere() {
                return None;
            }
            let largest = heaps.iter().copied().max().unwrap_or(0);
            heap_game
                .sequence(usize::try_from(largest).ok()?.checked_add(1)?)
                .ok()?
        }
        Position::Coins(row) => {
            let coin_game = game.downcast_ref::<CoinGame>()?;
            coins::one_coin_values(coin_game.rule(), row.len()).ok()?
        }
        Position::Sum(_) | Position::Text(_) => return None,
    };
    Some(Part {
        game: game.name(),
        values,
        position: part_position(position)?,
    })
}

/// A part's position as the certificate writes it.
fn part_position(position: &Position) -> Option<PartPosition> {
    match position {
        Position::Heaps(heaps) => Some(PartPosition::Heaps(heaps.clone())),
        Position::Coins(row) => Some(PartPosition::Coins(row.heads())),
        Position::Sum(_) | Position::Text(_) => None,
    }
}

/// A winning move of the sum: the one part it changes, and what it leaves
/// there.
fn sum_move(positions: &[Position], m: &Move) -> Option<SumMove> {
    let Position::Sum(after) = &m.after else {
        return None;
    };
    let part = positions.iter().zip(after).position(|(a, b)| a != b)?;
    Some(SumMove {
        part,
        after: part_position(&after[part])?,
    })
}
