//! The data an editable figure embeds for `static/js/edit.js` (the `edit`
//! key of `data-grundy-explore`): the engine's tables the page needs to
//! value any position the reader makes (one-coin values by place, heap
//! values and options by size, where pins may fall) with the bound up to
//! which they were taken. A playable figure's tables are already in its
//! `data-grundy-play`: its `edit` data only says so (`"play": true`) and
//! gives the bound, so nothing is embedded twice.

use serde_json::{Value as Json, json};

use crate::sizes::{MAX_DRAWN_HEAP, MAX_DRAWN_HEAPS, MAX_DRAWN_PLACES};
use crate::{ParamError, explore_link, params, playable};
use cgt::coins::{self, CoinRule};
use cgt::heaps::HeapGame;
use cgt::heaps::pins::{self, PinRow};
use grundy_script::ScriptGame;

/// The places a reader's row of coins may have, at least: a figure of a
/// longer row embeds values up to its own length.
pub(crate) const EDIT_PLACES: u32 = 16;

/// The most coins a row may have to be solved and drawn (`figure coin-row`'s limit).
pub(crate) const MAX_EDIT_PLACES: u32 = 26;

/// The largest heap whose value and options a heap game other than Nim
/// embeds, at least (a figure with a larger heap embeds up to it).
pub(crate) const EDIT_HEAP: u64 = 20;

/// The most heaps a reader's position may have (as `figure heaps` draws).
pub(crate) const EDIT_HEAPS: usize = MAX_DRAWN_HEAPS;

/// The largest number, and the most numbers, a reader may stack in an XOR
/// table of numbers or heaps.
pub(crate) const EDIT_NUMBER: u64 = 65_535;
pub(crate) const EDIT_ROWS: usize = 16;

/// The `data-grundy-explore` object: the game, the position shown, what the
/// drawing is, and the `edit` data when there is one.
pub(crate) fn data(game: &str, position: &str, shows: &str, edit: Option<Json>) -> Json {
    let data = explore_link::identity(game, Some(position), shows);
    match edit {
        Some(edit) => explore_link::with(data, "edit", edit),
        None => data,
    }
}

/// A row of coins: for a playable row, its length (the page's game has the
/// row); otherwise the one-coin values for the longer of the row and
/// [`EDIT_PLACES`], within [`MAX_EDIT_PLACES`], or for the row's own length
/// when the engine refuses the longer table. The page asks the engine for
/// every row edited; the values are the build's, which the browser tests
/// hold its answers to. `None` when the engine refuses even the row's own
/// table: the figure is then not editable.
pub(crate) fn coins(rule: &dyn CoinRule, len: u32, playable: bool, layout: Json) -> Option<Json> {
    if playable {
        return Some(json!({ "play": true, "places": len }));
    }
    let wide = len.clamp(EDIT_PLACES, MAX_EDIT_PLACES).max(len);
    let (places, values) = [wide, len]
        .into_iter()
        .find_map(|n| coins::one_coin_values(rule, n).ok().map(|v| (n, v)))?;
    Some(json!({
        "type": "coins",
        "places": places,
        "values": values,
        "layout": layout,
    }))
}

/// Nim heaps: no table (a heap of n is worth n), heaps up to the largest
/// the figure draws.
pub(crate) fn nim(layout: Json) -> Json {
    json!({
        "type": "nim",
        "bound": MAX_DRAWN_HEAP,
        "heaps": EDIT_HEAPS,
        "layout": layout,
    })
}

/// The largest heap a figure of `heaps` embeds values for (at least [`EDIT_HEAP`]).
pub(crate) fn heap_bound(heaps: &[u64]) -> u64 {
    heaps.iter().copied().max().unwrap_or(0).max(EDIT_HEAP)
}

/// Heaps of a heap game played as a sum: for a playable figure, the bound
/// of the tables its game embeds; otherwise each size's value and options
/// up to [`heap_bound`]. `None` for a game the page cannot value by heaps
/// (misère play, Greedy Nim).
pub(crate) fn heap_game(
    game: &HeapGame,
    heaps: &[u64],
    playable: bool,
    layout: Json,
) -> Option<Json> {
    if game.is_misere() || !game.is_sum() {
        return None;
    }
    if playable {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        return Some(play_heaps(largest.min(playable::MAX_PLAYABLE_HEAP)));
    }
    let tables = playable::heap_data(game, &[heap_bound(heaps)], layout).ok()?;
    Some(heap_tables(tables))
}

/// Heaps of a site's game whose positions are integers, as [`heap_game`].
/// `None` when its moves cannot be embedded (a move that does not lower the
/// integer).
pub(crate) fn site_heaps(
    game: &ScriptGame,
    heaps: &[u64],
    playable: bool,
    layout: Json,
) -> Option<Json> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if playable {
        return Some(play_heaps(largest));
    }
    let bound = heap_bound(heaps).min(playable::MAX_PLAYABLE_HEAP);
    let tables = playable::site_heap_data(game, &[bound], layout).ok()?;
    Some(heap_tables(tables))
}

fn play_heaps(bound: u64) -> Json {
    json!({ "play": true, "bound": bound, "heaps": EDIT_HEAPS })
}

/// A playable heap game's data as edit data: its values and options, without
/// the position it was computed for.
fn heap_tables(mut tables: Json) -> Json {
    let bound = tables["values"]
        .as_array()
        .map_or(0, |v| v.len().saturating_sub(1));
    if let Some(map) = tables.as_object_mut() {
        map.remove("heaps");
        map.remove("game");
    }
    tables["bound"] = json!(bound);
    tables["heaps"] = json!(EDIT_HEAPS);
    tables
}

/// A row of pins: for a playable row its length (the page's game has the
/// values up to it); otherwise where knocks fall and the values of runs up
/// to `figure pin-row`'s most places. `None` in misère play, which the page
/// cannot value by runs (as [`heap_game`]).
pub(crate) fn pins(
    game: &HeapGame,
    row: &PinRow,
    playable: bool,
    layout: Json,
) -> Result<Option<Json>, ParamError> {
    if game.is_misere() {
        return Ok(None);
    }
    if playable {
        return Ok(Some(json!({ "play": true, "places": row.len() })));
    }
    let places = MAX_DRAWN_PLACES.max(row.len());
    let full = PinRow::parse(&"|".repeat(places)).map_err(|e| params::engine("row", e))?;
    pins::pin_code(game).map_err(|e| params::engine("game", e))?;
    let mut tables = playable::pin_data(game, &full, layout)?;
    if let Some(map) = tables.as_object_mut() {
        map.remove("row");
        map.remove("game");
    }
    tables["places"] = json!(places);
    Ok(Some(tables))
}

/// An XOR table of numbers or heap sizes: what the reader may type.
pub(crate) fn xor_numbers(heaps: bool, layout: Json) -> Json {
    json!({
        "type": if heaps { "heaps" } else { "numbers" },
        "bound": EDIT_NUMBER,
        "rows": EDIT_ROWS,
        "layout": layout,
    })
}

/// An XOR table of a row's heads: the one-coin values by place, for the
/// longer of the row and [`EDIT_PLACES`] (within [`MAX_EDIT_PLACES`] unless
/// the row is longer).
pub(crate) fn xor_row(rule: &dyn CoinRule, len: u32, layout: Json) -> Result<Json, ParamError> {
    let places = len.max(EDIT_PLACES.min(MAX_EDIT_PLACES));
    let values = coins::one_coin_values(rule, places).map_err(|e| params::engine("game", e))?;
    Ok(json!({
        "type": "row",
        "places": places,
        "values": values,
        "layout": layout,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Context;
    use crate::params;

    fn rule(name: &str) -> cgt::coins::Rule {
        params::coin_game("game", name).expect("a coin game").1
    }

    fn edit(name: &str, len: u32) -> Option<Json> {
        coins(
            &rule(name),
            len,
            false,
            crate::figures::coin_row::geometry(),
        )
    }

    #[test]
    fn a_coin_row_embeds_the_engines_values_to_its_bound_and_no_moves() {
        let edit = edit("turning-turtles", 8).expect("editable");
        assert_eq!(edit["places"], json!(EDIT_PLACES));
        let values: Vec<u64> = (1..=16).collect();
        assert_eq!(edit["values"], json!(values));
        // The page asks the engine which moves are legal.
        assert_eq!(edit.get("moves"), None);
        assert_eq!(edit.get("upTo"), None);
    }

    #[test]
    fn a_long_row_embeds_up_to_its_own_length() {
        let edit = edit("mogul", 24).expect("editable");
        assert_eq!(edit["places"], json!(24));
        assert_eq!(edit["values"][11], json!(911));
    }

    /// A rule with millions of moves is editable as far as the engine values
    /// its heads: `1+` (any coins left of a head) to place 22.
    #[test]
    fn a_row_is_editable_as_far_as_the_engine_values_it() {
        let short = edit("turning:1+", 4).expect("editable");
        assert_eq!(short["places"], json!(EDIT_PLACES));
        let twenty = edit("turning:1+", 20).expect("editable");
        assert_eq!(twenty["places"], json!(20));
        assert_eq!(twenty["values"][19], json!(1 << 19));
        assert_eq!(edit("turning:1+", 24), None);
    }

    #[test]
    fn a_playable_figure_points_at_its_game_tables() {
        let edit = coins(
            &rule("turning-turtles"),
            6,
            true,
            crate::figures::coin_row::geometry(),
        )
        .expect("editable");
        assert_eq!(edit, json!({ "play": true, "places": 6 }));
        let game = params::heap_game(&Context::default(), "game", "kayles").expect("kayles");
        let edit =
            heap_game(&game, &[3, 6], true, crate::figures::heaps::geometry()).expect("data");
        assert_eq!(
            edit,
            json!({ "play": true, "bound": 6, "heaps": EDIT_HEAPS })
        );
    }

    #[test]
    fn a_heap_game_embeds_values_and_options_to_the_bound() {
        let game = params::heap_game(&Context::default(), "game", "kayles").expect("kayles");
        let edit =
            heap_game(&game, &[3, 6], false, crate::figures::heaps::geometry()).expect("data");
        assert_eq!(edit["bound"], json!(EDIT_HEAP));
        let values = game.sequence(EDIT_HEAP as usize + 1).expect("values");
        assert_eq!(edit["values"], json!(values));
        assert_eq!(edit["options"].as_array().map(Vec::len), Some(21));
        // A heap of 2: take one (leaving 1) or both.
        assert_eq!(edit["options"][2], json!([[1, [1]], [2, []]]));
        let larger =
            heap_game(&game, &[30], false, crate::figures::heaps::geometry()).expect("data");
        assert_eq!(larger["bound"], json!(30));
    }

    #[test]
    fn misere_and_greedy_heaps_are_not_editable() {
        for name in ["misere:nim", "greedy-nim"] {
            let game = params::heap_game(&Context::default(), "game", name).expect(name);
            assert_eq!(
                heap_game(&game, &[3, 4], false, crate::figures::heaps::geometry()),
                None,
                "{name}"
            );
        }
    }

    #[test]
    fn a_pin_row_embeds_falls_and_values_to_thirty_places() {
        let game = params::heap_game(&Context::default(), "game", "kayles").expect("kayles");
        let row = PinRow::parse("|||.|||").expect("row");
        let edit = pins(&game, &row, false, crate::figures::pin_row::geometry())
            .expect("data")
            .expect("kayles is editable");
        assert_eq!(edit["places"], json!(MAX_DRAWN_PLACES));
        let values = game.sequence(MAX_DRAWN_PLACES + 1).expect("values");
        assert_eq!(edit["values"], json!(values));
        assert_eq!(edit["falls"].as_array().map(Vec::len), Some(3));
        assert_eq!(edit.get("row"), None);
        // Misère play has no values to edit a row with: no editor, as for heaps.
        let misere =
            params::heap_game(&Context::default(), "game", "misere:kayles").expect("misère");
        let none = pins(&misere, &row, false, crate::figures::pin_row::geometry()).expect("data");
        assert_eq!(none, None);
    }

    #[test]
    fn an_xor_table_of_a_row_embeds_one_coin_values() {
        let edit = xor_row(
            &rule("mock-turtles"),
            4,
            crate::figures::xor_table::geometry(),
        )
        .expect("data");
        assert_eq!(edit["places"], json!(EDIT_PLACES));
        assert_eq!(
            edit["values"].as_array().map(|v| v[..4].to_vec()),
            Some(vec![json!(1), json!(2), json!(4), json!(7)])
        );
        assert_eq!(
            xor_numbers(true, crate::figures::xor_table::geometry())["type"],
            json!("heaps")
        );
        assert_eq!(
            xor_numbers(false, crate::figures::xor_table::geometry())["bound"],
            json!(EDIT_NUMBER)
        );
    }
}
