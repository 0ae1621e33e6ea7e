//! The data a playable figure embeds for `static/js/play.js`: the position,
//! the build's values of it, a site's own game's tables (the engine in the
//! page answers for every other game), and the geometry of the static
//! figure (`layout`), so the page draws the same coins, stones and pins.

use serde_json::{Value as Json, json};

use crate::{ParamError, params};
use cgt::Value;
use cgt::coins::Row;
use cgt::game::{Game, Position};
use cgt::heaps::HeapGame;
use cgt::heaps::brute::Brute;

use cgt::heaps::pins::{self, PinRow};
use grundy_script::ScriptGame;
use grundy_text::words::moves;

/// The data of a playable coin row: the game, the row and the engine's
/// one-coin values (what the build says each head is worth, which the
/// browser tests hold the page's answers to). Which moves are legal, the
/// machine's replies and the values of rows played are the engine's in the
/// page (`static/js/engine.js`), for a row of any rule within its limits.
pub fn coin_data(name: &str, row: &Row, values: &[Value], layout: Json) -> Json {
    json!({
        "type": "coins",
        "game": name,
        "row": row.to_string(),
        "values": values,
        "layout": layout,
    })
}

/// The data of a playable Nim position.
pub(crate) fn nim_data(heaps: &[u64], layout: Json) -> Json {
    json!({ "type": "nim", "heaps": heaps, "layout": layout })
}

/// The data of a playable Greedy Nim position: its heaps only. Greedy Nim
/// is no sum of its heaps, so nothing is embedded by heap size; which moves
/// are legal (from a largest heap only), the machine's replies and the
/// values of positions played are the engine's in the page.
pub(crate) fn greedy_nim_data(heaps: &[u64], layout: Json) -> Json {
    json!({ "type": "heaps", "game": "greedy-nim", "heaps": heaps, "layout": layout })
}

/// The data of a playable position of Wythoff's game: its two piles, and
/// `both`, which tells the page that a move may take the same number from
/// both piles (it draws the bridges that make one). Like Greedy Nim, no
/// sum of its heaps: the legal moves, the machine's replies and the values
/// are the engine's in the page.
pub(crate) fn wythoff_data(heaps: &[u64], layout: Json) -> Json {
    json!({ "type": "heaps", "game": "wythoff", "both": true, "heaps": heaps, "layout": layout })
}

/// The most positions a playable misère Nim figure embeds the outcomes of:
/// every position its heaps can reach, each heap at most its start.
pub(crate) const MAX_MISERE_POSITIONS: u64 = 4096;

/// The data of a playable misère Nim position: the heaps, and the outcome of
/// every position they can reach (each heap at most its starting size),
/// keyed by its sizes above 0 in increasing order (`"1,3"`; `""` the empty
/// position), each found by the brute-force solve, which knows no rule.
pub(crate) fn misere_nim_data(heaps: &[u64], layout: Json) -> Result<Json, ParamError> {
    let count = heaps
        .iter()
        .try_fold(1u64, |n, &h| n.checked_mul(h.saturating_add(1)))
        .unwrap_or(u64::MAX);
    if count > MAX_MISERE_POSITIONS {
        return Err(params::past_limit(
            "heaps",
            format!(
                "reach {count} positions: a playable misère Nim figure embeds the outcomes of at most {MAX_MISERE_POSITIONS}"
            ),
            MAX_MISERE_POSITIONS,
        ));
    }
    let game = HeapGame::MisereNim;
    let mut solver = Brute::new(&game);
    let mut outcomes = serde_json::Map::new();
    let mut position = vec![0u64; heaps.len()];
    loop {
        let mut sizes: Vec<u64> = position.iter().copied().filter(|&h| h > 0).collect();
        sizes.sort_unstable();
        let key = sizes
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",");
        if !outcomes.contains_key(&key) {
            let outcome = solver
                .outcome(&sizes)
                .map_err(|e| params::engine("heaps", e))?;
            outcomes.insert(key, json!(outcome.to_string()));
        }
        // The next position, counting with heap i in base heaps[i] + 1.
        let Some(i) = (0..heaps.len()).find(|&i| position[i] < heaps[i]) else {
            break;
        };
        position[i] += 1;
        position[..i].iter_mut().for_each(|h| *h = 0);
    }
    Ok(json!({
        "type": "nim",
        "misere": true,
        "heaps": heaps,
        "outcomes": outcomes,
        "layout": layout,
    }))
}

/// The largest heap a playable heap game embeds moves for.
pub(crate) const MAX_PLAYABLE_HEAP: u64 = 40;

/// The most elements of a misère quotient a playable figure embeds.
pub(crate) const MAX_PLAYABLE_QUOTIENT: usize = 64;

/// The data of a playable heap game played as a sum (Kayles, octal and
/// subtraction games): the position, each heap size's value and its options
/// (tokens taken and the heaps left), for sizes up to the largest heap. An
/// octal game played misère has no values: it carries instead the misère
/// quotient of its heaps up to the largest, proved by the engine, so that
/// the page can name the element of each position played and whether it
/// lies in the P-portion (the moves and replies are the engine's in the
/// page, as for every heap game).
pub fn heap_data(game: &HeapGame, heaps: &[u64], layout: Json) -> Result<Json, ParamError> {
    let misere_octal = game.is_misere() && cgt::quotient::computed_for(game).is_ok();
    if !game.is_sum() || (game.is_misere() && !misere_octal) {
        return Err(params::error(
            "playable",
            format!(
                "{} is not a sum of heaps; expected nim, greedy-nim, kayles, an octal or a \
                 subtraction game (or an octal game played misère)",
                game.name()
            ),
        ));
    }
    let largest = heaps
        .iter()
        .copied()
        .max()
        .unwrap_or(0)
        .min(MAX_PLAYABLE_HEAP);
    let values = if misere_octal {
        Vec::new()
    } else {
        game.sequence(largest as usize + 1)
            .map_err(|e| params::engine("game", e))?
    };
    let mut options = Vec::with_capacity(largest as usize + 1);
    for h in 0..=largest {
        let moves = game.moves(&[h]).map_err(|e| params::engine("heaps", e))?;
        let list: Vec<Json> = moves.iter().map(|m| json!([m.take, m.left])).collect();
        options.push(list);
    }
    let mut data = json!({
        "type": "heaps",
        "game": game.name(),
        "heaps": heaps,
        "values": values,
        "options": options,
        "layout": layout,
    });
    if misere_octal {
        data["misere"] = json!(true);
        data["quotient"] = quotient_data(game, largest, "heaps", "")?;
    }
    Ok(data)
}

/// A misère quotient as the page reads it: the elements' words, the
/// multiplication table, which elements are in the P-portion, and each
/// heap's image from 0 up to `heaps`. A refusal names the figure's `key`
/// that set the bound (`heaps`, or a row of pins' `row`), after `because`,
/// the figure's reason for the bound (empty, or ending in a space).
fn quotient_data(
    game: &HeapGame,
    heaps: u64,
    key: &str,
    because: &str,
) -> Result<Json, ParamError> {
    let q = cgt::quotient::misere_quotient(game, heaps)
        .map_err(|e| params::engine_because(key, because, e))?;
    if q.order() > MAX_PLAYABLE_QUOTIENT {
        return Err(params::past_limit(
            key,
            format!(
                "{because}give a misère quotient of {} elements: a playable figure embeds at most {MAX_PLAYABLE_QUOTIENT}",
                q.order()
            ),
            MAX_PLAYABLE_QUOTIENT as u64,
        ));
    }
    let words: Vec<String> = q.elements().iter().map(ToString::to_string).collect();
    let table: Vec<Vec<usize>> = (0..q.order())
        .map(|x| (0..q.order()).map(|y| q.product(x, y)).collect())
        .collect();
    let p: Vec<bool> = (0..q.order()).map(|x| q.is_p(x)).collect();
    Ok(json!({
        "elements": words,
        "table": table,
        "p": p,
        "images": q.heap_images(),
    }))
}

/// The data of a playable site's game on heaps (its positions integers, one
/// per heap, played as a sum): in the shape of [`heap_data`], with every
/// position up to the largest heap (at most [`MAX_PLAYABLE_HEAP`]) valued and
/// its options listed. Every move must lower the integer, so that a position
/// up to the largest heap reaches only positions below it.
pub(crate) fn site_heap_data(
    game: &ScriptGame,
    heaps: &[u64],
    layout: Json,
) -> Result<Json, ParamError> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if largest > MAX_PLAYABLE_HEAP {
        return Err(params::past_limit(
            "heaps",
            format!(
                "has a heap of {largest}: a playable site's game embeds at most heaps of {MAX_PLAYABLE_HEAP}"
            ),
            MAX_PLAYABLE_HEAP,
        ));
    }
    let engine = |e| params::engine("game", e);
    let values = game.table(largest as usize + 1).map_err(engine)?;
    let mut options = Vec::with_capacity(largest as usize + 1);
    for h in 0..=largest {
        let moves = game.moves(&Position::Heaps(vec![h])).map_err(engine)?;
        let mut list = Vec::with_capacity(moves.len());
        for m in moves {
            let left = match m.after {
                Position::Heaps(v) if v.len() == 1 && v[0] < h => v[0],
                after => {
                    return Err(params::error(
                        "playable",
                        format!(
                            "{} moves from {h} to {after}: a playable game on heaps must take stones, \
                             leaving a smaller heap",
                            game.name()
                        ),
                    ));
                }
            };
            let left: Vec<u64> = if left == 0 { Vec::new() } else { vec![left] };
            list.push(json!([h - left.first().copied().unwrap_or(0), left]));
        }
        options.push(list);
    }
    Ok(json!({
        "type": "heaps",
        "game": game.name(),
        "heaps": heaps,
        "values": values,
        "options": options,
        "layout": layout,
    }))
}

/// The data of a playable row of pins: the row (`|` a pin, `.` a gap),
/// where a knock may fall (`falls[k]` lists `whole`, `end` or `inside` for a
/// knock of `k` pins, as the engine reads the code) and the value of every
/// segment length up to the whole row. Played misère, a row has no values:
/// it carries instead the misère quotient of runs up to its longest (no
/// knock lengthens a run), as [`heap_data`] does for heaps.
pub fn pin_data(game: &HeapGame, row: &PinRow, layout: Json) -> Result<Json, ParamError> {
    let code = pins::pin_code(game).map_err(|e| params::engine("game", e))?;
    let falls: Vec<Vec<&str>> = (0..=code.max_removal())
        .map(|k| {
            pins::knock_falls(code, k)
                .into_iter()
                .map(moves::knock_place)
                .collect()
        })
        .collect();
    if game.is_misere() {
        let longest = row.heaps().into_iter().max().unwrap_or(0);
        return Ok(json!({
            "type": "pins",
            "game": game.name(),
            "row": row.to_string(),
            "falls": falls,
            "values": [],
            "misere": true,
            "quotient": quotient_data(
                game,
                longest,
                "row",
                &format!(
                    "a playable misère row embeds the misère quotient of rows up to its \
                     longest run, here {longest} pins, and "
                ),
            )?,
            "layout": layout,
        }));
    }
    let values = game
        .sequence(row.len() + 1)
        .map_err(|e| params::engine("game", e))?;
    Ok(json!({
        "type": "pins",
        "game": game.name(),
        "row": row.to_string(),
        "falls": falls,
        "values": values,
        "layout": layout,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misere_nim_embeds_the_outcome_of_every_position_its_heaps_reach() {
        let data = misere_nim_data(&[1, 2], json!({})).unwrap();
        assert_eq!(data["misere"], json!(true));
        let outcomes = data["outcomes"].as_object().unwrap();
        // 0, 1; 2; 1,1; 1,2 and the empty position: each heap at most its start.
        let keys: Vec<&str> = outcomes.keys().map(String::as_str).collect();
        assert_eq!(keys, ["", "1", "1,1", "1,2", "2"]);
        // No move left is a win; one stone must be taken and loses.
        assert_eq!(outcomes[""], json!("N"));
        assert_eq!(outcomes["1"], json!("P"));
        assert_eq!(outcomes["1,1"], json!("N"));
        assert_eq!(outcomes["1,2"], json!("N"));
        assert_eq!(outcomes["2"], json!("N"));
    }

    #[test]
    fn misere_kayles_embeds_its_quotient() {
        let game = HeapGame::parse("misere:kayles").unwrap();
        let data = heap_data(&game, &[2, 5], json!({})).unwrap();
        assert_eq!(data["misere"], json!(true));
        let q = &data["quotient"];
        // Heaps 0 to 5: 0 is the identity, 1 and 4 share an image.
        assert_eq!(q["images"].as_array().unwrap().len(), 6);
        assert_eq!(q["images"][0], json!(0));
        assert_eq!(q["images"][1], q["images"][4]);
        assert_eq!(q["elements"][0], json!("1"));
        // A single pin is a misère P-position: its image is in the P-portion.
        let one = q["images"][1].as_u64().unwrap() as usize;
        assert_eq!(q["p"][one], json!(true));
        let grundys = HeapGame::parse("misere:grundys-game").unwrap();
        assert!(heap_data(&grundys, &[5], json!({})).is_err());
    }

    #[test]
    fn misere_nim_refuses_heaps_reaching_too_many_positions() {
        let err = misere_nim_data(&[16, 16, 16], json!({})).unwrap_err();
        assert!(err.message.contains("4096"), "{}", err.message);
        assert!(misere_nim_data(&[40; 12], json!({})).is_err());
        assert!(misere_nim_data(&[7, 7, 7, 7], json!({})).is_ok());
    }
}
