//! `figure heaps`: heaps drawn as stacks of stones (Nim by default, or any
//! heap game), the XOR of their values (for Nim, the nim-sum of the sizes)
//! and the winning move, its stones marked; where it can be counted, the
//! size of the game tree below the position. Wythoff's game is drawn as its
//! two piles, its extra move (the same number taken from both) tapped
//! between them.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::json;

use crate::certified::Offer;
use crate::certify_heaps::{self, Stated};
use crate::draw::{self, Drawing};
use crate::evidence::{Evidence, Method};
use crate::figure_html::{Controls, Figure, drawn_label, play_body, summary_or_answer};
use crate::names;
use crate::params::Frame;
use crate::sizes::{MAX_DRAWN_HEAP, MAX_DRAWN_HEAPS};
use crate::{
    Class, Context, Output, ParamError, Shown, Stages, explore, params, pin_rows, playable,
};
use cgt::Outcome;
use cgt::Value;
use cgt::game::{Action, Game, GameSum, Move, Position};
use cgt::heaps::tree::{TreeSize, game_tree_size};
use cgt::heaps::{HeapGame, HeapMove, pins};
use cgt::nimber;
use cgt::wythoff::{Grid, Wythoff};
use grundy_certify::{Certificate, Claim, Entry, Verdict};
use grundy_text::words::moves;

use grundy_script::shape::Shape;
use grundy_script::{PREFIX, ScriptGame};

use crate::doc::{Doc, Fact, HINT, Key, PLAYABLE, REASONING};

/// What `figure heaps` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "Heaps as stacks of stones, with the winning move. Shown with their nim-sum (Nim) or \
        value and the outcome; playable in the page. A game played on rows of pins (Kayles, \
        misère or not) is drawn as rows of pins, its winning move as a knock, unless the page \
        redraws the figure (playable or explorable), which draws stones. An octal game played \
        misère (`misere:kayles`) is played with its misère quotient: the page names the element of each \
        position and whether it is in the P-portion. Wythoff's game (`game = \"wythoff\"`) is \
        two piles, where a move takes from one pile or the same number from both: played in the \
        page, a tap on a stone takes it and every stone above it from its pile, and a tap on a \
        bridge between the piles takes as many from both as that stone of the shorter pile would.",
    keys: &[
        Key {
            name: "heaps",
            ty: "list of integers",
            default: None,
            meaning: "the heap sizes: 1 to 12 heaps of at most 40",
        },
        Key {
            name: "game",
            ty: "string",
            default: Some("\"nim\""),
            meaning: "a heap game: `nim`, `kayles`, `dawsons-kayles`, `grundys-game`, `octal:CODE`, \
                `subtraction:S`... (misère and Greedy Nim too), or `wythoff` (exactly two heaps, \
                normal play only)",
        },
        Key {
            name: "show-move",
            ty: "boolean",
            default: Some("true"),
            meaning: "mark the stones the winning move takes (a playable figure's live drawing \
                marks them at the start only when this is set to `true`); `false` makes the \
                figure ask instead: its summary (the value and the winning move) is folded \
                under \"The answer\", and its text alternative does not name the move",
        },
        PLAYABLE,
        HINT,
        Key {
            name: "random-start",
            ty: "boolean",
            default: Some("false"),
            meaning: "with `playable`: a button that deals a random position (not for a misère \
                game, which takes neither this nor `reasoning`; Greedy Nim and Wythoff's game take \
                this but not `reasoning`)",
        },
        REASONING,
        Key {
            name: "presets",
            ty: "list of tables",
            default: Some("none"),
            meaning: "named starting positions of a playable Nim figure, each `{ name = \"...\", heaps \
                = [...] }` and a button: at most 6, a name of 1 to 32 characters, 1 to 12 \
                heaps of at most 40",
        },
    ],
    facts: &[
        Fact {
            name: "nim-sum",
            meaning: "the nim-sum of the heaps",
            when: Some("the game is `nim`"),
        },
        Fact {
            name: names::VALUE,
            meaning: "the position's value",
            when: Some("the game is not misère: a misère position has an outcome, no value"),
        },
        Fact {
            name: names::OUTCOME,
            meaning: "`P` when the player to move loses, `N` when they win",
            when: None,
        },
        Fact {
            name: names::MOVE,
            meaning: "the winning move, a table: `heap` (from 1), `take`, and `leave` (what stays) \
                or `split` (the heaps it leaves); in Wythoff's game a move from both piles is \
                `heaps = [1, 2]`, `take` (from each) and `leave`, the two piles left",
            when: Some("the position is an N-position"),
        },
        Fact {
            name: names::MOVE_WORDS,
            meaning: "the winning move as a sentence says it: \"take 1 from the first heap\"",
            when: Some("the position is an N-position"),
        },
        Fact {
            name: names::WINNING_MOVES,
            meaning: "every winning move, each a table as `move` is, heap by heap and fewest taken \
                first; empty for a P-position",
            when: Some(
                "the game is not a site's, and the position has at most 1,000,000 moves and 4,096 \
                 winning ones",
            ),
        },
        Fact {
            name: names::WINNING_MOVES_COUNT,
            meaning: "how many winning moves there are, the length of `winning-moves`: 1 when the \
                winning move is the only one",
            when: Some(
                "the game is not a site's, and the position has at most 1,000,000 moves and 4,096 \
                 winning ones",
            ),
        },
        Fact {
            name: "preset-nim-sums",
            meaning: "the presets' nim-sums, a list in their order",
            when: Some("there are `presets`"),
        },
        Fact {
            name: "tree-nodes",
            meaning: "the nodes of the game tree below the position: the start and every sequence of \
                moves from it",
            when: Some(
                "the tree reaches at most 20,000 distinct positions and counts within 64 bits",
            ),
        },
        Fact {
            name: "tree-positions",
            meaning: "the distinct positions those moves reach, heaps told apart by their place",
            when: Some("`tree-nodes` is there"),
        },
    ],
    example: "heaps = [3, 5, 7]\nplayable = true\npresets = [{ name = \"Balanced\", heaps = [1, 2, 3] }]",
    more: &[],
};

play_body! {
    /// The directive's TOML body, as serde reads it.
    struct Body {
        heaps: Vec<u64>,
        #[serde(default = "nim")]
        game: String,
        /// Unset means yes in the static drawing; the live one marks the move
        /// only when the author asked for it.
        #[serde(default)]
        show_move: Option<bool>,
    }
    play: [hint, random_start, reasoning]
    then: {
        /// Named starting positions, each a button of the playable figure.
        #[serde(default)]
        presets: Vec<Preset>,
    }
}

/// The body with its game looked up: the engine's heap game, or a site's
/// game whose positions are integers.
#[derive(Debug)]
pub(crate) struct Params {
    body: Body,
    frame: Frame,
    game: Which,
}

/// Whose game the heaps are played in.
#[derive(Debug)]
enum Which {
    Engine(HeapGame),
    Site(ScriptGame),
    /// Wythoff's game: two piles, a move taking from one or the same from both.
    Wythoff,
}

/// The position solved, by the engine's heap game or as a sum of a site's game.
#[derive(Debug)]
pub(crate) enum Computed {
    Engine(Solved),
    Site(SiteSolved),
    Wythoff(WythoffSolved),
}

/// Two piles of Wythoff's game: the position's value, its winning moves
/// (the first of them the move shown) and the page's data.
#[derive(Debug)]
pub(crate) struct WythoffSolved {
    value: Value,
    winning: Vec<Move>,
    play: Option<(serde_json::Value, Controls)>,
}

/// A heap game's position: its value (none under misère play), outcome and
/// winning moves, the values of single heaps, the tree's size, the page's data.
#[derive(Debug)]
pub(crate) struct Solved {
    game: HeapGame,
    value: Option<Value>,
    outcome: Outcome,
    best: Option<HeapMove>,
    all: Option<Vec<HeapMove>>,
    /// The value of each heap size up to the largest, for a sum of heaps.
    values: Vec<Value>,
    tree: Option<TreeSize>,
    play: Option<(serde_json::Value, Controls)>,
    edit: Option<serde_json::Value>,
}

/// A site's game's heaps as a sum: its value, the winning move and the heap
/// it takes from, and the page's data.
#[derive(Debug)]
pub(crate) struct SiteSolved {
    script: ScriptGame,
    value: Value,
    best: Option<Move>,
    taken: Option<(usize, u64)>,
    play: Option<(serde_json::Value, Controls)>,
    edit: Option<serde_json::Value>,
}

/// A named starting position of a playable Nim figure.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Preset {
    name: String,
    heaps: Vec<u64>,
}

/// The most presets a figure offers, and the longest name of one.
pub(crate) const MAX_PRESETS: usize = 6;
pub(crate) const MAX_PRESET_NAME: usize = 32;

fn nim() -> String {
    "nim".into()
}

/// The heaps figure kind.
#[derive(Debug, Default)]
pub(crate) struct Heaps;

/// The width of a heap's column. Stones are stacked [`stone_pitch`] apart:
/// a stone of a playable heap is a tap target of a column by a pitch, so the
/// pitch is as large as a phone needs unless the tallest heap is very tall.
/// `static/js/play.js` draws the playable heaps with the same numbers.
pub(crate) const COLUMN: f64 = 64.0;
/// The height the tallest heap's stones share, and the least and most pitch.
pub(crate) const PITCH_AREA: f64 = 576.0;
pub(crate) const PITCH_MIN: f64 = 16.0;
pub(crate) const PITCH_MAX: f64 = 36.0;
/// The room left of the first column (and, doubled, beside the columns).
pub(crate) const LEFT: f64 = 10.0;
/// The room above the tallest heap.
pub(crate) const TOP: f64 = 20.0;
/// A stone's radius is half the pitch less this gap.
pub(crate) const STONE_GAP: f64 = 3.0;
/// Below the stones' base: the floor line, the heap sizes, the sum line.
pub(crate) const FLOOR_DROP: f64 = 2.0;
pub(crate) const SIZE_DROP: f64 = 20.0;
pub(crate) const SUM_DROP: f64 = 46.0;
/// The floor line stops this far short of the drawing's sides.
pub(crate) const FLOOR_INSET: f64 = 6.0;
/// The drawing's height below the base, and its least width.
pub(crate) const BOTTOM: f64 = 56.0;
pub(crate) const MIN_WIDTH: f64 = 220.0;

/// The distance between stacked stones for heaps of at most `tallest`.
pub(crate) fn stone_pitch(tallest: f64) -> f64 {
    (PITCH_AREA / tallest).clamp(PITCH_MIN, PITCH_MAX)
}

/// The geometry of heaps of stones, for the page's script to draw the same heaps.
pub fn geometry() -> serde_json::Value {
    json!({
        "column": COLUMN,
        "pitchArea": PITCH_AREA,
        "pitchMin": PITCH_MIN,
        "pitchMax": PITCH_MAX,
        "left": LEFT,
        "top": TOP,
        "stoneGap": STONE_GAP,
        "floorDrop": FLOOR_DROP,
        "sizeDrop": SIZE_DROP,
        "sumDrop": SUM_DROP,
        "floorInset": FLOOR_INSET,
        "bottom": BOTTOM,
        "minWidth": MIN_WIDTH,
        "text": draw::TEXT,
        "textSmall": draw::TEXT_SMALL,
    })
}

impl Stages for Heaps {
    const NAME: &'static str = "heaps";
    const CLASS: Class = Class::Figure;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, cx: &Context) -> Result<Params, ParamError> {
        let (body, frame) = params::figure::<Body>(Self::NAME, table)?;
        drawable("heaps", "", &body.heaps)?;
        let game = if body.game.trim().starts_with(PREFIX) {
            check_presets(&body.presets, body.playable, false)?;
            Which::Site(site_game(cx, &body.game)?)
        } else if is_wythoff(&body.game) {
            check_wythoff(&body)?;
            Which::Wythoff
        } else {
            let game = params::heap_game(cx, "game", &body.game)?;
            check_presets(&body.presets, body.playable, game == HeapGame::Nim)?;
            check_misere_controls(&body, &game)?;
            Which::Engine(game)
        };
        Ok(Params { body, frame, game })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        match &p.game {
            Which::Engine(game) => Ok(Computed::Engine(solve(game, &p.body)?)),
            Which::Site(script) => Ok(Computed::Site(solve_site(script, &p.body)?)),
            Which::Wythoff => Ok(Computed::Wythoff(solve_wythoff(&p.body)?)),
        }
    }

    fn evidence(&self, _p: &Params, c: &Computed, _words: &Catalogue) -> Evidence {
        Evidence::by(match c {
            Computed::Engine(s) if s.game.is_misere() || !s.game.is_sum() => &[Method::DirectSolve],
            Computed::Wythoff(_) => &[Method::DirectSolve],
            Computed::Engine(_) => &[Method::NimSum],
            Computed::Site(_) => &[Method::Script],
        })
    }

    fn certificates(&self, p: &Params, c: &Computed) -> Offer {
        // A site's game is solved from its script: the checker would have to
        // run the author's rules, so no certificate is offered for it.
        let s = match c {
            Computed::Engine(s) => s,
            Computed::Wythoff(w) => {
                let covers = self.evidence(p, c, Catalogue::english()).methods;
                return Offer::of(&covers, wythoff_certificate(&p.body.heaps, w));
            }
            Computed::Site(_) => return Offer::none(),
        };
        let stated = Stated {
            heaps: p.body.heaps.clone(),
            value: s.value,
            outcome: s.outcome,
            winning: match (&s.all, &s.best) {
                (Some(all), _) => all.iter().map(|m| m.after.clone()).collect(),
                (None, Some(best)) => vec![best.after.clone()],
                (None, None) => Vec::new(),
            },
            every_winning: s.all.is_some(),
        };
        let covers = self.evidence(p, c, Catalogue::english()).methods;
        Offer::of(
            &covers,
            certify_heaps::certificate(&s.game, &[stated])
                .into_iter()
                .collect(),
        )
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        match c {
            Computed::Engine(s) => draw_engine(&p, s, shown),
            Computed::Site(s) => draw_site(&p, s, shown),
            Computed::Wythoff(s) => draw_wythoff(&p, s, shown),
        }
    }
}

/// A heap game's position solved by the engine.
fn solve(game: &HeapGame, p: &Body) -> Result<Solved, ParamError> {
    let heaps = &p.heaps;
    let value = game.value(heaps).map_err(|e| params::engine("heaps", e))?;
    let outcome = game
        .outcome(heaps)
        .map_err(|e| params::engine("heaps", e))?;
    let best = game
        .winning_move(heaps)
        .map_err(|e| params::engine("heaps", e))?;
    let values: Vec<Value> = if game.is_misere() || !game.is_sum() {
        Vec::new()
    } else {
        let largest = heaps.iter().copied().max().unwrap_or(0) as usize;
        game.sequence(largest + 1)
            .map_err(|e| params::engine("game", e))?
    };
    let is_nim = *game == HeapGame::Nim;
    let controls = p
        .controls(p.show_move == Some(true))
        .asking(p.show_move == Some(false));
    let play = controls.when(p.playable, || {
        if is_nim {
            Ok(nim_data(p))
        } else if *game == HeapGame::MisereNim {
            playable::misere_nim_data(heaps, geometry())
        } else if *game == HeapGame::GreedyNim {
            Ok(playable::greedy_nim_data(heaps, geometry()))
        } else {
            playable::heap_data(game, heaps, geometry())
        }
    })?;
    Ok(Solved {
        game: game.clone(),
        value,
        outcome,
        best,
        all: game.winning_moves(heaps).ok(),
        values,
        // The game tree's size, where it is small enough to count.
        tree: game_tree_size(game, heaps).ok(),
        play,
        edit: if is_nim {
            Some(explore::nim(geometry()))
        } else {
            explore::heap_game(game, heaps, p.playable, geometry())
        },
    })
}

/// The data of a playable Nim figure, with its presets.
fn nim_data(p: &Body) -> serde_json::Value {
    let mut data = playable::nim_data(&p.heaps, geometry());
    if !p.presets.is_empty() {
        data["presets"] = p
            .presets
            .iter()
            .map(|preset| json!({ "name": preset.name.trim(), "heaps": preset.heaps }))
            .collect();
    }
    data
}

/// A heaps figure's text alternative: its heaps, and their value and the
/// line naming the winning move unless the figure asks (`show-move = false`).
fn heaps_desc(
    words: &Catalogue,
    what: &str,
    sizes: &[String],
    sum_text: &str,
    line: &str,
    show_move: Option<bool>,
    as_rows: bool,
) -> String {
    let heaps = sizes.join(", ");
    let args = [
        ("what", what),
        ("heaps", heaps.as_str()),
        ("sum", sum_text),
        ("line", line),
    ];
    let key = match (show_move.unwrap_or(true), as_rows) {
        (true, false) => "heaps.desc-answer",
        (false, false) => "heaps.desc",
        (true, true) => "heaps.desc-rows-answer",
        (false, true) => "heaps.desc-rows",
    };
    words.text(key, &args)
}

/// The heaps of a heap game: stones, the sum of values, the winning move.
fn draw_engine(p: &Params, s: Solved, shown: Shown<'_>) -> Output {
    let (game, heaps) = (&s.game, &p.body.heaps);
    let words = shown.words;
    let is_nim = *game == HeapGame::Nim;
    let sizes: Vec<String> = heaps.iter().map(u64::to_string).collect();
    // A game played on rows of pins is drawn as pins, and its moves said as
    // knocks, where the page's script does not redraw the figure (its script
    // draws stones).
    let as_rows = pins::played_on_rows(game) && s.play.is_none() && s.edit.is_none();
    let said = |m: &HeapMove| {
        if as_rows {
            moves::row_knock(words, m)
        } else {
            moves::heap_move(words, m)
        }
    };
    let line = engine_line(
        shown.words,
        is_nim,
        s.best.as_ref().map(|m| (m, said(m))),
        s.value,
        s.outcome,
    );
    let shown_move = s.best.as_ref().filter(|_| p.body.show_move.unwrap_or(true));
    let sum_text = match s.value {
        Some(v) if is_nim => words.text(
            "heaps.sum-nim",
            &[
                ("terms", &sizes.join(" \u{2295} ")),
                ("value", &v.to_string()),
            ],
        ),
        // Greedy Nim is not a sum: its value is the whole position's.
        Some(v) if s.values.is_empty() => sum_one(words, v),
        Some(v) => {
            let terms: Vec<String> = heaps
                .iter()
                .map(|&h| s.values[h as usize].to_string())
                .collect();
            words.text(
                "heaps.sum",
                &[
                    ("terms", &terms.join(" \u{2295} ")),
                    ("value", &v.to_string()),
                ],
            )
        }
        None => words.text("heaps.sum-outcome", &[("outcome", &s.outcome.to_string())]),
    };
    let what = if is_nim {
        words.text("heaps.what-nim", &[])
    } else if as_rows {
        words.text(
            "heaps.what-rows",
            &[("game", &game_names::for_readers(words, &game.name()))],
        )
    } else {
        words.text(
            "heaps.what",
            &[("game", &game_names::for_readers(words, &game.name()))],
        )
    };
    let mut out = Figure {
        kind: Heaps::NAME,
        id: p.frame.id.clone(),
        drawing: if as_rows {
            pin_rows::draw_rows(
                heaps,
                &drawn_label(sum_text.clone(), p.body.show_move == Some(false)),
                shown_move.map(|m| {
                    let (first, count) = pins::knocked(m);
                    (m.heap, first, count)
                }),
            )
        } else {
            draw_heaps(
                heaps,
                &drawn_label(sum_text.clone(), p.body.show_move == Some(false)),
                shown_move.map(|m| (m.heap, m.take)),
            )
        },
        title: title(words, &what, &sizes),
        desc: heaps_desc(
            words,
            &what,
            &sizes,
            &sum_text,
            &line,
            p.body.show_move,
            as_rows,
        ),
        caption: p.frame.caption.clone(),
        extra: summary_or_answer(&line, p.body.show_move != Some(false)),
        play: s.play.clone(),
        explore: Some(explore::data(
            &game.name(),
            &sizes.join(","),
            "heaps",
            s.edit.clone(),
        )),
        facts: engine_facts(is_nim, &p.body, &s),
    }
    .into_output(shown);
    if let Some(m) = &s.best {
        out.facts.insert(names::MOVE_WORDS.into(), json!(said(m)));
    }
    out
}

/// The line under a heap game's heaps: the value or nim-sum and the winning
/// move, with the words that say it.
fn engine_line(
    words: &Catalogue,
    is_nim: bool,
    best: Option<(&HeapMove, String)>,
    value: Option<Value>,
    outcome: Outcome,
) -> String {
    match (best, value) {
        (Some((m, _)), Some(v)) if is_nim => nim_line(words, m, v),
        (Some((_, said)), Some(v)) => {
            words.text("heaps.wins", &[("value", &v.to_string()), ("move", &said)])
        }
        (Some((_, said)), None) => words.text("heaps.n-wins", &[("move", &said)]),
        (None, Some(v)) if is_nim => words.text("heaps.nim-loses", &[("value", &v.to_string())]),
        (None, Some(v)) => words.text("heaps.loses", &[("value", &v.to_string())]),
        (None, None) => words.text("heaps.outcome-no-win", &[("outcome", &outcome.to_string())]),
    }
}

/// Nim's line: its nim-sum and the winning move, which takes from one heap.
fn nim_line(words: &Catalogue, m: &HeapMove, v: Value) -> String {
    let (value, take, heap) = (
        v.to_string(),
        m.take.to_string(),
        moves::ordinal(words, m.heap + 1),
    );
    let (key, left) = match m.left.as_slice() {
        [] => ("heaps.nim-wins-all", String::new()),
        left => ("heaps.nim-wins", words.and_list(left)),
    };
    words.text(
        key,
        &[
            ("value", &value),
            ("take", &take),
            ("heap", &heap),
            ("left", &left),
        ],
    )
}

/// The value written under the heaps: `value 3`.
fn sum_one(words: &Catalogue, value: Value) -> String {
    words.text("heaps.sum-one", &[("value", &value.to_string())])
}

/// The figure's title: what the heaps are and their sizes.
fn title(words: &Catalogue, what: &str, sizes: &[String]) -> String {
    words.text(
        "heaps.title",
        &[("what", what), ("sizes", &sizes.join(", "))],
    )
}

/// A heap game's facts: value, outcome, moves, presets' nim-sums, the tree.
fn engine_facts(is_nim: bool, p: &Body, s: &Solved) -> BTreeMap<String, serde_json::Value> {
    let mut facts = BTreeMap::new();
    if is_nim {
        facts.insert("nim-sum".into(), json!(s.value));
    }
    if let Some(v) = s.value {
        facts.insert(names::VALUE.into(), json!(v));
    }
    facts.insert(names::OUTCOME.into(), json!(s.outcome.to_string()));
    if let Some(m) = &s.best {
        facts.insert(names::MOVE.into(), move_fact(m));
    }
    if let Some(all) = &s.all {
        let all: Vec<serde_json::Value> = all.iter().map(move_fact).collect();
        facts.insert(names::WINNING_MOVES_COUNT.into(), json!(all.len()));
        facts.insert(names::WINNING_MOVES.into(), json!(all));
    }
    if !p.presets.is_empty() {
        let sums: Vec<u64> = p
            .presets
            .iter()
            .map(|preset| nimber::nim_sum(&preset.heaps))
            .collect();
        facts.insert("preset-nim-sums".into(), json!(sums));
    }
    if let Some(tree) = &s.tree {
        facts.insert("tree-nodes".into(), json!(tree.nodes));
        facts.insert("tree-positions".into(), json!(tree.positions));
    }
    facts
}

/// A site's game whose positions are integers, one copy per heap.
fn site_game(cx: &Context, name: &str) -> Result<ScriptGame, ParamError> {
    let game = params::game(cx, "game", name)?;
    match game
        .downcast_ref::<ScriptGame>()
        .filter(|s| s.shape() == Shape::Integer)
    {
        Some(script) => Ok(script.clone()),
        None => Err(params::error(
            "game",
            "expected a site's game whose positions are integers (`POSITION = \"integer\"`), one per heap",
        )),
    }
}

/// Heaps of a site's game: the sum of one copy of the game per heap, valued
/// and played by the engine's [`GameSum`].
fn solve_site(script: &ScriptGame, p: &Body) -> Result<SiteSolved, ParamError> {
    let parts: Vec<Box<dyn Game>> = p
        .heaps
        .iter()
        .map(|_| Box::new(script.clone()) as Box<dyn Game>)
        .collect();
    let sum = GameSum::new(parts).map_err(|e| params::engine("game", e))?;
    let position = Position::Sum(p.heaps.iter().map(|&h| Position::Heaps(vec![h])).collect());
    let engine = |e| params::engine("heaps", e);
    let value = sum.value(&position).map_err(engine)?.unwrap_or_default();
    let best = sum.winning_move(&position).map_err(engine)?;
    let controls = p
        .controls(p.show_move == Some(true))
        .asking(p.show_move == Some(false));
    let play = controls.when(p.playable, || {
        playable::site_heap_data(script, &p.heaps, geometry())
    })?;
    Ok(SiteSolved {
        script: script.clone(),
        value,
        taken: best.as_ref().and_then(|m| heap_taken(&p.heaps, &m.after)),
        best,
        play,
        edit: explore::site_heaps(script, &p.heaps, p.playable, geometry()),
    })
}

/// The line under a game's heaps: its value and the winning move, if any.
fn value_line(words: &Catalogue, value: Value, best: Option<&Move>) -> String {
    let value = value.to_string();
    match best {
        Some(m) => words.text(
            "heaps.wins",
            &[
                ("value", &value),
                ("move", &moves::action(words, &m.action)),
            ],
        ),
        None => words.text("heaps.loses", &[("value", &value)]),
    }
}

/// The heaps of a site's game: stones, the value, the winning move.
fn draw_site(p: &Params, s: SiteSolved, shown: Shown<'_>) -> Output {
    let words = shown.words;
    let heaps = &p.body.heaps;
    let value = s.value;
    let line = value_line(shown.words, value, s.best.as_ref());
    let sizes: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let sum_text = sum_one(shown.words, value);
    let mut facts = BTreeMap::new();
    facts.insert(names::VALUE.into(), json!(value));
    facts.insert(
        names::OUTCOME.into(),
        json!(Outcome::of_value(value).to_string()),
    );
    let name = Game::name(&s.script);
    // Readers know a site's game by its own name, without `site:`.
    let own = name.strip_prefix(PREFIX).unwrap_or(&name);
    let what = shown.words.text("heaps.what", &[("game", own)]);
    let mut out = Figure {
        kind: Heaps::NAME,
        id: p.frame.id.clone(),
        drawing: draw_heaps(
            heaps,
            &drawn_label(sum_text.clone(), p.body.show_move == Some(false)),
            s.taken.filter(|_| p.body.show_move.unwrap_or(true)),
        ),
        title: title(words, &what, &sizes),
        desc: heaps_desc(
            words,
            &what,
            &sizes,
            &sum_text,
            &line,
            p.body.show_move,
            false,
        ),
        caption: p.frame.caption.clone(),
        extra: summary_or_answer(&line, p.body.show_move != Some(false)),
        play: s.play,
        explore: Some(explore::data(&name, &sizes.join(","), "heaps", s.edit)),
        facts,
    }
    .into_output(shown);
    if let Some(m) = &s.best {
        out.facts.insert(
            names::MOVE_WORDS.into(),
            json!(moves::action(shown.words, &m.action)),
        );
        if let Some(fact) = site_move_fact(heaps, &m.after) {
            out.facts.insert(names::MOVE.into(), fact);
        }
    }
    out
}

/// A site game's winning move as the engine's heap games state theirs: the
/// heap it is made in (from 1), what it leaves there, and what it takes when
/// it takes.
fn site_move_fact(heaps: &[u64], after: &Position) -> Option<serde_json::Value> {
    let (i, h, l) = changed_heap(heaps, after)?;
    Some(match h.checked_sub(l) {
        Some(take) => json!({ "heap": i + 1, "take": take, "leave": l }),
        None => json!({ "heap": i + 1, "leave": l }),
    })
}

/// The heap a move of a sum changed and how many stones it took, when it
/// took some.
fn heap_taken(heaps: &[u64], after: &Position) -> Option<(usize, u64)> {
    let (i, h, l) = changed_heap(heaps, after)?;
    (l < h).then(|| (i, h - l))
}

/// The first heap a move of a sum changed: its index, and what it held
/// before and after.
fn changed_heap(heaps: &[u64], after: &Position) -> Option<(usize, u64, u64)> {
    let Position::Sum(parts) = after else {
        return None;
    };
    heaps
        .iter()
        .zip(parts)
        .enumerate()
        .find_map(|(i, (&h, part))| match part {
            Position::Heaps(left) => left.first().filter(|&&l| l != h).map(|&l| (i, h, l)),
            _ => None,
        })
}

/// The columns Wythoff's two piles are drawn in: the middle one is where
/// the page's figure puts the bridges that take from both piles.
const WYTHOFF_COLUMNS: [usize; 2] = [0, 2];

/// Whether `name` names Wythoff's game, in normal or misère play.
fn is_wythoff(name: &str) -> bool {
    let name = name.trim();
    let plain = ["misere:", "misere-"]
        .iter()
        .find_map(|prefix| name.strip_prefix(prefix))
        .unwrap_or(name);
    plain == "wythoff"
}

/// Wythoff's game is drawn as exactly two piles, in normal play, with no
/// presets (a playable Nim figure's) and no table of heap values: its
/// value is the whole position's, no XOR of its piles'.
fn check_wythoff(body: &Body) -> Result<(), ParamError> {
    if body.game.trim() != "wythoff" {
        return Err(params::error(
            "game",
            format!(
                "`{}`: a heaps figure draws Wythoff's game in normal play only (whoever takes the \
                 last stone wins); expected game = \"wythoff\" (its misère outcomes are drawn by \
                 `figure outcome-map`)",
                body.game.trim()
            ),
        ));
    }
    if body.heaps.len() != 2 {
        return Err(params::error(
            "heaps",
            format!(
                "{} heap size{}: Wythoff's game is played on exactly two piles; expected two heap \
                 sizes, like [4, 8]",
                body.heaps.len(),
                if body.heaps.len() == 1 { "" } else { "s" }
            ),
        ));
    }
    check_presets(&body.presets, body.playable, false)?;
    if body.playable && body.reasoning {
        return Err(params::error(
            "reasoning",
            "Wythoff's game is no sum of its piles, so a playable Wythoff figure has no heap \
             values to add up: leave it out",
        ));
    }
    Ok(())
}

/// Two piles of Wythoff's game solved by the engine: the value, and every
/// winning move in the order the engine lists moves (from the first pile,
/// the second, then both; fewest taken first).
fn solve_wythoff(p: &Body) -> Result<WythoffSolved, ParamError> {
    let game = Wythoff::default();
    let position = Position::Heaps(p.heaps.clone());
    let engine = |e| params::engine("heaps", e);
    let value = game.value(&position).map_err(engine)?.unwrap_or_default();
    let mut winning = Vec::new();
    for m in game.moves(&position).map_err(engine)? {
        if game.value(&m.after).map_err(engine)? == Some(0) {
            winning.push(m);
        }
    }
    // A figure that asks keeps the value from the live drawing too.
    let play = p
        .controls(p.show_move == Some(true))
        .asking(p.show_move == Some(false))
        .when(p.playable, || {
            Ok::<_, ParamError>(playable::wythoff_data(&p.heaps, geometry()))
        })?;
    Ok(WythoffSolved {
        value,
        winning,
        play,
    })
}

/// The two piles a Wythoff position holds, or what a move left.
fn wythoff_piles(position: &Position) -> Option<[u64; 2]> {
    match position {
        Position::Heaps(h) => <[u64; 2]>::try_from(h.as_slice()).ok(),
        _ => None,
    }
}

/// A move of Wythoff's game as a fact: from one pile as a heap game's move
/// (`heap`, `take`, `leave`), from both as `heaps = [1, 2]`, `take` from
/// each and `leave`, the two piles left.
fn wythoff_move_fact(m: &Move) -> serde_json::Value {
    let left = wythoff_piles(&m.after).unwrap_or_default();
    match &m.action {
        Action::TakeBoth { take, .. } => json!({ "heaps": [1, 2], "take": take, "leave": left }),
        Action::Take { heap, take, .. } => {
            json!({ "heap": heap, "take": take, "leave": left[heap.saturating_sub(1).min(1)] })
        }
        _ => json!({}),
    }
}

/// The stones a move of Wythoff's game takes, as (pile index, count).
fn wythoff_taken(m: &Move) -> Vec<(usize, u64)> {
    match &m.action {
        Action::TakeBoth { take, .. } => vec![(0, *take), (1, *take)],
        Action::Take { heap, take, .. } => vec![(heap.saturating_sub(1), *take)],
        _ => Vec::new(),
    }
}

/// The certificate of a Wythoff position: the engine's value of every pair
/// of piles the position reaches (each pair once, smaller pile first), the
/// position's value and every winning move's result claimed of it.
fn wythoff_certificate(heaps: &[u64], s: &WythoffSolved) -> Vec<Certificate> {
    let [a, b] = <[u64; 2]>::try_from(heaps).unwrap_or_default();
    let Ok(grid) = Grid::solve(a.max(b)) else {
        return Vec::new();
    };
    let mut table = Vec::new();
    for x in 0..=a.max(b) {
        for y in x..=a.max(b) {
            // (x, y) is reached when it fits under the piles either way round.
            let fits = (x <= a && y <= b) || (x <= b && y <= a);
            if let (true, Some(v)) = (fits, grid.value(x, y)) {
                table.push(Entry {
                    position: vec![x, y],
                    verdict: Verdict::Value(v),
                });
            }
        }
    }
    let claim = Claim {
        position: heaps.to_vec(),
        verdict: Verdict::Value(s.value),
        winning: s
            .winning
            .iter()
            .filter_map(|m| wythoff_piles(&m.after).map(Vec::from))
            .collect(),
        every_winning: true,
    };
    vec![Certificate::Closure {
        game: "wythoff".to_owned(),
        table,
        claims: vec![claim],
    }]
}

/// Wythoff's two piles: stones in the first and third columns (the page's
/// figure taps the middle one to take from both), the value, the winning move.
fn draw_wythoff(p: &Params, s: WythoffSolved, shown: Shown<'_>) -> Output {
    let heaps = &p.body.heaps;
    let value = s.value;
    let best = s.winning.first();
    let line = value_line(shown.words, value, best);
    let sizes: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let sum_text = sum_one(shown.words, value);
    let marked = match best {
        Some(m) if p.body.show_move.unwrap_or(true) => wythoff_taken(m),
        _ => Vec::new(),
    };
    let mut facts = BTreeMap::new();
    facts.insert(names::VALUE.into(), json!(value));
    facts.insert(
        names::OUTCOME.into(),
        json!(Outcome::of_value(value).to_string()),
    );
    let all: Vec<serde_json::Value> = s.winning.iter().map(wythoff_move_fact).collect();
    facts.insert(names::WINNING_MOVES_COUNT.into(), json!(all.len()));
    facts.insert(names::WINNING_MOVES.into(), json!(all));
    if let Some(m) = best {
        facts.insert(names::MOVE.into(), wythoff_move_fact(m));
        facts.insert(
            names::MOVE_WORDS.into(),
            json!(moves::action(shown.words, &m.action)),
        );
    }
    let what = shown.words.text("heaps.what-wythoff", &[]);
    Figure {
        kind: Heaps::NAME,
        id: p.frame.id.clone(),
        drawing: draw_heaps_in(
            heaps,
            &WYTHOFF_COLUMNS,
            &drawn_label(sum_text.clone(), p.body.show_move == Some(false)),
            &marked,
        ),
        title: title(shown.words, &what, &sizes),
        desc: heaps_desc(
            shown.words,
            &what,
            &sizes,
            &sum_text,
            &line,
            p.body.show_move,
            false,
        ),
        caption: p.frame.caption.clone(),
        extra: summary_or_answer(&line, p.body.show_move != Some(false)),
        play: s.play,
        explore: Some(explore::data("wythoff", &sizes.join(","), "heaps", None)),
        facts,
    }
    .into_output(shown)
}

/// A playable misère figure (misère Nim, or an octal game played misère)
/// plays from its own heaps and has no values: it deals no random start and
/// shows no table of values. A playable Greedy Nim figure shows no table
/// either: its value is not the XOR of values of its heaps.
fn check_misere_controls(body: &Body, game: &HeapGame) -> Result<(), ParamError> {
    if body.playable && *game == HeapGame::GreedyNim && body.reasoning {
        return Err(params::error(
            "reasoning",
            "Greedy Nim is no sum of its heaps, so a playable Greedy Nim figure has no heap \
             values to add up: leave it out",
        ));
    }
    if !body.playable || !game.is_misere() {
        return Ok(());
    }
    for (key, on) in [
        ("random-start", body.random_start),
        ("reasoning", body.reasoning),
    ] {
        if on {
            return Err(params::error(
                key,
                "a playable misère figure plays from its own heaps and has no values to show: \
                 leave it out",
            ));
        }
    }
    Ok(())
}

/// Presets are buttons of a playable Nim figure: at most [`MAX_PRESETS`],
/// each with a short name and heaps the figure could draw.
fn check_presets(presets: &[Preset], playable: bool, is_nim: bool) -> Result<(), ParamError> {
    if presets.is_empty() {
        return Ok(());
    }
    if !playable || !is_nim {
        return Err(params::error(
            "presets",
            "a preset is a starting position of a playable Nim figure: expected playable = true and game = \"nim\"",
        ));
    }
    if presets.len() > MAX_PRESETS {
        return Err(params::error(
            "presets",
            format!("{} presets: expected at most {MAX_PRESETS}", presets.len()),
        ));
    }
    for (i, preset) in presets.iter().enumerate() {
        let name = preset.name.trim();
        if name.is_empty() || name.chars().count() > MAX_PRESET_NAME {
            return Err(params::error(
                "presets",
                format!(
                    "preset {}: expected a name of 1 to {MAX_PRESET_NAME} characters",
                    i + 1
                ),
            ));
        }
        drawable("presets", &format!("preset `{name}`: "), &preset.heaps)?;
    }
    Ok(())
}

/// Heaps a figure can draw: 1 to `MAX_DRAWN_HEAPS` of them, none past `MAX_DRAWN_HEAP`;
/// an error at `key`, its message after `what` (`preset `A`: `).
fn drawable(key: &str, what: &str, heaps: &[u64]) -> Result<(), ParamError> {
    if heaps.is_empty() || heaps.len() > MAX_DRAWN_HEAPS {
        return Err(params::error(
            key,
            format!("{what}expected 1 to {MAX_DRAWN_HEAPS} heap sizes"),
        ));
    }
    if let Some(big) = heaps.iter().find(|&&h| h > MAX_DRAWN_HEAP) {
        return Err(params::error(
            key,
            format!("{what}a heap of {big}: expected heaps of at most {MAX_DRAWN_HEAP} to draw"),
        ));
    }
    Ok(())
}

/// A move as a fact: heap (from 1), stones taken, and what is left of the
/// heap (a size, or the two heaps it was split into).
pub(crate) fn move_fact(m: &HeapMove) -> serde_json::Value {
    match m.left.as_slice() {
        [] => json!({ "heap": m.heap + 1, "take": m.take, "leave": 0 }),
        [r] => json!({ "heap": m.heap + 1, "take": m.take, "leave": r }),
        more => json!({ "heap": m.heap + 1, "take": m.take, "split": more }),
    }
}

/// Heaps as columns of stones, the taken stones (heap index, count) marked.
pub(crate) fn draw_heaps(heaps: &[u64], sum_text: &str, taken: Option<(usize, u64)>) -> Drawing {
    let columns: Vec<usize> = (0..heaps.len()).collect();
    draw_heaps_in(heaps, &columns, sum_text, taken.as_slice())
}

/// Heaps as columns of stones, heap `i` in column `columns[i]`, the top
/// stones of each `(heap index, count)` in `taken` marked.
fn draw_heaps_in(
    heaps: &[u64],
    columns: &[usize],
    sum_text: &str,
    taken: &[(usize, u64)],
) -> Drawing {
    let tallest = heaps.iter().copied().max().unwrap_or(0).max(1) as f64;
    let pitch = stone_pitch(tallest);
    let base = TOP + tallest * pitch;
    let width_columns = columns.iter().max().map_or(0, |&c| c + 1);
    let width = (COLUMN * width_columns as f64 + 2.0 * LEFT).max(MIN_WIDTH);
    let mut d = Drawing::new(width, base + BOTTOM);
    for (i, &h) in heaps.iter().enumerate() {
        let cx = LEFT + COLUMN * (columns[i] as f64 + 0.5);
        let mut g = svg::node::element::Group::new()
            .set("class", "g-heap")
            .set("data-heap", i)
            .set("data-size", h);
        let top_stones = taken.iter().find(|&&(j, _)| j == i).map_or(0, |&(_, k)| k);
        for s in 0..h {
            let class = if s >= h - top_stones {
                "g-take"
            } else {
                "g-stone"
            };
            let cy = base - pitch / 2.0 - pitch * s as f64;
            g = g
                .add(draw::circle(cx, cy, pitch / 2.0 - STONE_GAP, class).set("stroke-width", 1.5));
        }
        g = g.add(draw::sized_text(
            cx,
            base + SIZE_DROP,
            h.to_string(),
            "g-ink",
            "middle",
            draw::TEXT,
        ));
        d.add(g);
    }
    d.add(draw::line(
        FLOOR_INSET,
        base + FLOOR_DROP,
        width - FLOOR_INSET,
        base + FLOOR_DROP,
        "g-line",
    ));
    draw::line_under(&mut d, LEFT, base + SUM_DROP, sum_text);
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    fn french(body: &str) -> Output {
        let table: toml::Table = body.parse().unwrap();
        Heaps.run(&table, &crate::words::in_french()).unwrap()
    }

    #[test]
    fn a_wythoff_figure_that_asks_does_not_draw_its_value() {
        let table: toml::Table = "game = \"wythoff\"\nheaps = [4, 8]\nshow-move = false"
            .parse()
            .unwrap();
        let asks = Heaps.run(&table, &Context::default()).unwrap();
        assert!(!asks.html.contains(">value 1<"), "{}", asks.html);
        let table: toml::Table = "game = \"wythoff\"\nheaps = [4, 8]".parse().unwrap();
        let tells = Heaps.run(&table, &Context::default()).unwrap();
        assert!(tells.html.contains(">value 1<"), "{}", tells.html);
    }

    #[test]
    fn heaps_are_described_in_french() {
        let out = french("heaps = [3, 4, 5]");
        assert!(
            out.html.contains("Tas de Nim\u{a0}: 3, 4, 5 jetons"),
            "{}",
            out.html
        );
        assert!(
            out.html.contains("le joueur au trait gagne en retirant"),
            "{}",
            out.html
        );
        assert!(!out.html.contains("stones"), "{}", out.html);
        let said = out.facts[names::MOVE_WORDS].as_str().unwrap().to_owned();
        assert!(said.starts_with("retirer"), "{said}");
        let out = french("heaps = [3, 4]\ngame = \"kayles\"");
        assert!(out.html.contains("Tas de Kayles"), "{}", out.html);
        assert!(!out.html.contains("player to move"), "{}", out.html);
    }
}
