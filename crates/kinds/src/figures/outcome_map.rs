//! `figure outcome-map`: the outcome (P or N) of every two-heap position
//! (a, b) with a, b ≤ max, optionally with a fixed third heap, as a grid
//! coloured cell by cell from a brute-force solve.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::json;
use svg::Node;
use svg::node::element::Group;

use crate::Shown;
use crate::certified::Offer;
use crate::certify_heaps::{self, Stated};
use crate::draw::{self, Drawing};
use crate::evidence::{Evidence, Method};
use crate::explore_link;
use crate::figure_html::{Figure, summary_line};
use crate::names;
use crate::params::Frame;
use crate::{Class, Context, Output, ParamError, Stages, params};
use cgt::Outcome;
use cgt::game::Position;
use cgt::heaps::HeapGame;
use cgt::heaps::brute::Brute;
use cgt::wythoff::{Grid, Wythoff};
use grundy_certify::{Certificate, Claim, Entry, Verdict};

use grundy_script::shape::Shape;
use grundy_script::{PREFIX, ScriptGame};

use crate::doc::{Doc, Fact, Key};

/// What `figure outcome-map` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "The outcome of every two-heap position, as a grid. Each cell (a, b), with a and b at \
        most `max`, is P or N by brute-force solve; optionally with a fixed third heap.",
    keys: &[
        Key {
            name: "game",
            ty: "string",
            default: None,
            meaning: "a heap game: `nim`, `kayles`, `dawsons-kayles`, `grundys-game`, `octal:CODE`, \
                `subtraction:S`... (misère and Greedy Nim too), `wythoff`, or a site's game whose \
                positions are lists (`site:NAME`)",
        },
        Key {
            name: "max",
            ty: "integer",
            default: None,
            meaning: "the largest heap on each axis, 1 to 40",
        },
        Key {
            name: "slice",
            ty: "integer",
            default: Some("none"),
            meaning: "a third heap of fixed size, at most 40 (not for `wythoff`)",
        },
    ],
    facts: &[
        Fact {
            name: names::P_POSITIONS,
            meaning: "the number of P-cells",
            when: None,
        },
        Fact {
            name: "p-antidiagonals",
            meaning: "the values of a + b over the P-cells, each once, increasing",
            when: None,
        },
        Fact {
            name: "p-diagonals",
            meaning: "the values of b - a over the P-cells, each once, increasing",
            when: None,
        },
        Fact {
            name: "p-per-row",
            meaning: "how many P-cells each row holds, a list: entry a counts the cells (a, b), b from \
                0 to max; only the cells drawn count, so a row's P-cell past `max` is not there",
            when: None,
        },
        Fact {
            name: "p-per-column",
            meaning: "how many P-cells each column holds, a list: entry b counts the cells (a, b), a \
                from 0 to max",
            when: None,
        },
        Fact {
            name: "p-per-diagonal",
            meaning: "how many P-cells each diagonal holds, a list of 2·max + 1: entry i counts the \
                cells with b - a = i - max, so entry max is the main diagonal",
            when: None,
        },
        Fact {
            name: "p-per-antidiagonal",
            meaning: "how many P-cells each anti-diagonal holds, a list of 2·max + 1: entry i counts \
                the cells with a + b = i",
            when: None,
        },
        Fact {
            name: names::VALUES,
            meaning: "the Grundy value of every cell, a list of rows: `values[a][b]` is the value of \
                (a, b), by the mex of its options",
            when: Some("the game is `wythoff`"),
        },
        Fact {
            name: "misere-p-cells",
            meaning: "the cells that are P in misère play, where whoever takes the last token loses, \
                each a list [a, b], row by row; found from the moves alone",
            when: Some("the game is `wythoff`"),
        },
    ],
    example: "game = \"greedy-nim\"\nmax = 5\nslice = 2",
    more: &["game = \"wythoff\"\nmax = 12"],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    game: String,
    max: u64,
    /// A third heap, fixed, whose slice is drawn.
    slice: Option<u64>,
}

/// The body with its game looked up.
#[derive(Debug)]
pub(crate) struct Params {
    body: Body,
    frame: Frame,
    /// The game's name, as the engine gives it.
    name: String,
    game: Which,
}

/// How a game's grid is solved: a site's game by one solve of every cell,
/// Wythoff's game by its grid of Grundy values, a heap game by brute force.
#[derive(Debug)]
enum Which {
    Site(ScriptGame),
    Wythoff,
    Heap(HeapGame),
}

/// The outcome of every cell, and the page's scrub data.
#[derive(Debug)]
pub(crate) struct Computed {
    /// The outcome of every cell (a, b), row by row.
    grid: Vec<Outcome>,
    scrub: serde_json::Value,
    /// Wythoff's game only: the Grundy value of every cell, row by row, and
    /// the misère outcome of every cell.
    wythoff: Option<(Vec<Vec<u64>>, Vec<Outcome>)>,
}

/// The largest grid drawn.
pub(crate) const MAX: u64 = 40;

/// The outcome map figure kind.
#[derive(Debug, Default)]
pub(crate) struct OutcomeMap;

/// Room for the axes' labels above and left of the grid.
const AXIS: f64 = 50.0;

impl Stages for OutcomeMap {
    const NAME: &'static str = "outcome-map";
    const CLASS: Class = Class::Figure;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, cx: &Context) -> Result<Params, ParamError> {
        let (body, frame) = params::figure::<Body>(Self::NAME, table)?;
        params::one_to("max", body.max, MAX)?;
        if body.slice.is_some_and(|s| s > MAX) {
            return Err(params::error(
                "slice",
                format!("expected a third heap of at most {MAX}"),
            ));
        }
        let (name, game) = which(cx, &body)?;
        Ok(Params {
            body,
            frame,
            name,
            game,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let grid = outcomes(p, p.body.slice)?;
        let wythoff = match p.game {
            Which::Wythoff => {
                let max = p.body.max;
                let solved = Grid::solve(max).map_err(|e| params::engine("max", e))?;
                let values = (0..=max)
                    .map(|a| {
                        (0..=max)
                            .map(|b| solved.value(a, b).unwrap_or_default())
                            .collect()
                    })
                    .collect();
                Some((values, wythoff_misere(max)))
            }
            _ => None,
        };
        Ok(Computed {
            scrub: scrub(p, &grid)?,
            grid,
            wythoff,
        })
    }

    fn evidence(&self, p: &Params, _c: &Computed, _words: &Catalogue) -> Evidence {
        Evidence::by(&[match p.game {
            Which::Site(_) => Method::Script,
            Which::Wythoff => return Evidence::by(&[Method::Mex, Method::BruteForce]),
            Which::Heap(_) => Method::BruteForce,
        }])
    }

    fn certificates(&self, p: &Params, c: &Computed) -> Offer {
        let covers = self.evidence(p, c, Catalogue::english()).methods;
        let certificates = match (&p.game, &c.wythoff) {
            (Which::Heap(game), _) => {
                let stated: Vec<Stated> = cells(p.body.max, p.body.slice)
                    .zip(&c.grid)
                    .map(|(heaps, &outcome)| Stated {
                        heaps,
                        value: None,
                        outcome,
                        winning: Vec::new(),
                        every_winning: false,
                    })
                    .collect();
                certify_heaps::certificate(game, &stated)
                    .into_iter()
                    .collect()
            }
            (Which::Wythoff, Some((values, misere))) => {
                wythoff_certificates(p.body.max, values, misere, &c.grid)
            }
            _ => Vec::new(),
        };
        Offer::of(&covers, certificates)
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let (max, grid) = (p.body.max, &c.grid);
        let name = game_names::for_readers(shown.words, &p.name);
        let n = max + 1;
        let p_count = grid.iter().filter(|&&o| o == Outcome::P).count();
        let words = shown.words;
        let slice = p
            .body
            .slice
            .map(|s| words.text("outcome-map.slice", &[("heap", &s.to_string())]))
            .unwrap_or_default();
        let p_list: Vec<String> = (0..n * n)
            .filter(|&i| grid[i as usize] == Outcome::P)
            .map(|i| format!("({}, {})", i / n, i % n))
            .take(60)
            .collect();
        let cells = (n * n).to_string();
        let (max_text, count_text) = (max.to_string(), p_count.to_string());
        let named = [
            ("game", name.as_str()),
            ("slice", slice.as_str()),
            ("max", max_text.as_str()),
            ("count", count_text.as_str()),
            ("cells", cells.as_str()),
            ("list", &p_list.join(", ")),
        ];
        let desc_key = if p_count > p_list.len() {
            "outcome-map.desc-first-sixty"
        } else {
            "outcome-map.desc"
        };
        Figure {
            kind: Self::NAME,
            id: p.frame.id,
            drawing: draw_map(grid, n, words),
            title: words.text("outcome-map.title", &named),
            desc: words.text(desc_key, &named),
            caption: p.frame.caption,
            extra: summary_line(&words.text("outcome-map.summary", &named)),
            play: None,
            explore: Some(explore_link::with(
                explore_link::identity(&p.body.game, None, "outcomes"),
                "scrub",
                c.scrub.clone(),
            )),
            facts: {
                let mut facts = facts(grid, max);
                if let Some((values, misere)) = &c.wythoff {
                    let n = max + 1;
                    let cells: Vec<[u64; 2]> = (0..n * n)
                        .filter(|&i| misere[i as usize] == Outcome::P)
                        .map(|i| [i / n, i % n])
                        .collect();
                    facts.insert(names::VALUES.into(), json!(values));
                    facts.insert("misere-p-cells".into(), json!(cells));
                }
                facts
            },
        }
        .into_output(shown)
    }
}

/// The grid's facts: its P-positions, and where they lie.
fn facts(grid: &[Outcome], max: u64) -> BTreeMap<String, serde_json::Value> {
    let n = max + 1;
    let p_count = grid.iter().filter(|&&o| o == Outcome::P).count();
    let mut facts = BTreeMap::new();
    facts.insert(names::P_POSITIONS.into(), json!(p_count));
    // Where the P-cells lie: the anti-diagonals a + b and the diagonals
    // b - a that hold one, each listed once in increasing order.
    let p_cells: Vec<(u64, u64)> = (0..n * n)
        .filter(|&i| grid[i as usize] == Outcome::P)
        .map(|i| (i / n, i % n))
        .collect();
    let mut sums: Vec<u64> = p_cells.iter().map(|&(a, b)| a + b).collect();
    sums.sort_unstable();
    sums.dedup();
    let mut differences: Vec<i64> = p_cells.iter().map(|&(a, b)| b as i64 - a as i64).collect();
    differences.sort_unstable();
    differences.dedup();
    facts.insert("p-antidiagonals".into(), json!(sums));
    facts.insert("p-diagonals".into(), json!(differences));
    let lines = Lines::of(&p_cells, max);
    facts.insert("p-per-row".into(), json!(lines.rows));
    facts.insert("p-per-column".into(), json!(lines.columns));
    facts.insert("p-per-diagonal".into(), json!(lines.diagonals));
    facts.insert("p-per-antidiagonal".into(), json!(lines.antidiagonals));
    facts
}

/// How many P-cells each line of the grid holds: rows (first heap),
/// columns (second heap), diagonals (b - a, from -max) and anti-diagonals
/// (a + b, from 0).
struct Lines {
    rows: Vec<u64>,
    columns: Vec<u64>,
    diagonals: Vec<u64>,
    antidiagonals: Vec<u64>,
}

impl Lines {
    fn of(p_cells: &[(u64, u64)], max: u64) -> Lines {
        let side = max as usize + 1;
        let mut lines = Lines {
            rows: vec![0; side],
            columns: vec![0; side],
            diagonals: vec![0; 2 * side - 1],
            antidiagonals: vec![0; 2 * side - 1],
        };
        for &(a, b) in p_cells {
            let (a, b) = (a as usize, b as usize);
            lines.rows[a] += 1;
            lines.columns[b] += 1;
            lines.diagonals[b + max as usize - a] += 1;
            lines.antidiagonals[a + b] += 1;
        }
        lines
    }
}

/// The most cells the slices a reader may scrub through hold together.
pub(crate) const SLICE_CELLS: u64 = 4096;

/// What the page's scrub.js reads to show the grid up to any `max` from 1,
/// and, with a third heap, the grid for other third heaps: the outcome of
/// every cell as a string of `P` and `N`, row by row, for each third heap
/// from `slices.from` to the figure's own (as many as [`SLICE_CELLS`] allow),
/// or the one grid without a third heap; and the grid's geometry.
fn scrub(p: &Params, grid: &[Outcome]) -> Result<serde_json::Value, ParamError> {
    let letters = |g: &[Outcome]| -> String {
        g.iter()
            .map(|&o| if o == Outcome::P { 'P' } else { 'N' })
            .collect()
    };
    let max = p.body.max;
    let (slices, grids) = match p.body.slice {
        None => (serde_json::Value::Null, vec![letters(grid)]),
        Some(third) => {
            let cells = (max + 1) * (max + 1);
            let from = third.saturating_sub((SLICE_CELLS / cells).max(1) - 1);
            let mut grids = Vec::new();
            for s in from..third {
                grids.push(letters(&outcomes(p, Some(s))?));
            }
            grids.push(letters(grid));
            (json!({ "from": from, "to": third }), grids)
        }
    };
    Ok(json!({
        "key": "max",
        "min": 1,
        "max": max,
        "slices": slices,
        "grids": grids,
        "layout": { "axis": AXIS, "cell": cell_size(max + 1) },
    }))
}

/// The side of a cell of a grid of `n` by `n`.
fn cell_size(n: u64) -> f64 {
    ((draw::COLUMN_WIDTH - AXIS - 8.0) / n as f64).clamp(12.0, 28.0)
}

/// The game's name and how its grid is solved: a site's game's positions
/// must be lists of integers, and Wythoff's game has no third heap.
fn which(cx: &Context, p: &Body) -> Result<(String, Which), ParamError> {
    let game = params::game(cx, "game", &p.game)?;
    if p.game.trim().starts_with(PREFIX) {
        let script = game
            .downcast_ref::<ScriptGame>()
            .filter(|s| s.shape() == Shape::List)
            .ok_or_else(|| {
                params::error(
                    "game",
                    "expected a game whose positions are lists of integers (`POSITION = \"list\"`)",
                )
            })?;
        return Ok((game.name(), Which::Site(script.clone())));
    }
    if game.downcast_ref::<Wythoff>().is_some() {
        if p.slice.is_some() {
            return Err(params::error(
                "slice",
                "Wythoff's game is played on exactly two heaps: there is no third to fix",
            ));
        }
        return Ok((game.name(), Which::Wythoff));
    }
    let game = params::heap_game(cx, "game", &p.game)?;
    Ok((game.name(), Which::Heap(game)))
}

/// The outcome of every cell (a, b) row by row, with `slice` the third heap.
fn outcomes(p: &Params, slice: Option<u64>) -> Result<Vec<Outcome>, ParamError> {
    let max = p.body.max;
    match &p.game {
        Which::Site(script) => {
            let positions: Vec<Position> = cells(max, slice).map(Position::Heaps).collect();
            let values = script
                .values(&positions)
                .map_err(|e| params::engine("game", e))?;
            Ok(values.into_iter().map(Outcome::of_value).collect())
        }
        Which::Wythoff => {
            let solved = Grid::solve(max).map_err(|e| params::engine("max", e))?;
            let n = max + 1;
            Ok((0..n)
                .flat_map(|a| (0..n).map(move |b| (a, b)))
                .map(|(a, b)| Outcome::of_value(solved.value(a, b).unwrap_or_default()))
                .collect())
        }
        Which::Heap(game) => {
            let mut solver = Brute::new(game);
            cells(max, slice)
                .map(|heaps| solver.outcome(&heaps))
                .collect::<Result<_, _>>()
                .map_err(|e| params::engine("max", e))
        }
    }
}

/// The certificates of Wythoff's grid: its values (every cell's options
/// lie in the grid), each drawn cell's outcome read from them, and its
/// misère outcomes.
fn wythoff_certificates(
    max: u64,
    values: &[Vec<u64>],
    misere: &[Outcome],
    grid: &[Outcome],
) -> Vec<Certificate> {
    let verdict = |o: Outcome| match o {
        Outcome::P => Verdict::P,
        Outcome::N => Verdict::N,
    };
    let mut normal = Vec::new();
    let mut after_misere = Vec::new();
    let mut claims = Vec::new();
    for (i, heaps) in cells(max, None).enumerate() {
        let (a, b) = (heaps[0] as usize, heaps[1] as usize);
        claims.push(Claim {
            position: heaps.clone(),
            verdict: verdict(grid[i]),
            winning: Vec::new(),
            every_winning: false,
        });
        // Each cell once: (a, b) and (b, a) are one position.
        if a <= b {
            normal.push(Entry {
                position: heaps.clone(),
                verdict: Verdict::Value(values[a][b]),
            });
            after_misere.push(Entry {
                position: heaps,
                verdict: verdict(misere[i]),
            });
        }
    }
    vec![
        Certificate::Closure {
            game: "wythoff".to_owned(),
            table: normal,
            claims,
        },
        Certificate::Closure {
            game: "misere:wythoff".to_owned(),
            table: after_misere,
            claims: Vec::new(),
        },
    ]
}

/// The outcome of every cell (a, b) of Wythoff's game with a, b ≤ `max`,
/// row by row, in misère play: found from the moves alone (take from one
/// heap, or the same from both), a cell being P when it has a move and every
/// move leads to an N-cell; the empty board, where the player to move has
/// won, is N.
fn wythoff_misere(max: u64) -> Vec<Outcome> {
    let n = max as usize + 1;
    let mut grid = vec![Outcome::N; n * n];
    for a in 0..n {
        for b in 0..n {
            let left = (0..b).map(|c| (a, c));
            let up = (0..a).map(|r| (r, b));
            let diagonal = (1..=a.min(b)).map(|k| (a - k, b - k));
            let mut options = left.chain(up).chain(diagonal).peekable();
            let has_move = options.peek().is_some();
            let all_n = options.all(|(r, c)| grid[r * n + c] == Outcome::N);
            grid[a * n + b] = if has_move && all_n {
                Outcome::P
            } else {
                Outcome::N
            };
        }
    }
    grid
}

/// The positions of the grid, row by row: `[a, b]`, with the slice's third heap.
fn cells(max: u64, slice: Option<u64>) -> impl Iterator<Item = Vec<u64>> {
    let n = max + 1;
    (0..n * n).map(move |i| {
        let mut heaps = vec![i / n, i % n];
        heaps.extend(slice);
        heaps
    })
}

/// The grid: first heap down the side, second across the top; P cells filled;
/// the key underneath.
fn draw_map(grid: &[Outcome], n: u64, words: &Catalogue) -> Drawing {
    let cell = cell_size(n);
    let end = AXIS + cell * n as f64;
    let key_y = end + 14.0;
    let key_w = KEY
        .iter()
        .map(|(_, words)| 20.0 + draw::text_width(words, draw::TEXT_SMALL))
        .fold(0.0, f64::max);
    let mut d = Drawing::new((end + 8.0).max(AXIS + key_w), key_y + 42.0);
    ticks(&mut d, n, cell);
    d.add(cell_group(grid, n, cell));
    for i in 0..=n {
        let c = AXIS + cell * i as f64;
        d.add(
            draw::line(AXIS, c, end, c, "g-grid")
                .set("stroke-width", 0.5)
                .set("data-line", i),
        );
        d.add(
            draw::line(c, AXIS, c, end, "g-grid")
                .set("stroke-width", 0.5)
                .set("data-line", i),
        );
    }
    axis_names(&mut d, end, words);
    for (i, (class, words)) in KEY.into_iter().enumerate() {
        let y = key_y + 20.0 * i as f64;
        d.add(draw::rect(AXIS, y, 14.0, 14.0, class));
        d.add(draw::rect(AXIS, y, 14.0, 14.0, "g-grid"));
        d.add(draw::sized_text(
            AXIS + 20.0,
            y + 12.0,
            words,
            "g-ink",
            "start",
            draw::TEXT_SMALL,
        ));
    }
    d
}

/// The key under the grid: each cell's class and what it means.
const KEY: [(&str, &str); 2] = [("g-p", "P: the mover loses"), ("g-n", "N: the mover wins")];

/// The heap sizes along both axes, as many as fit.
fn ticks(d: &mut Drawing, n: u64, cell: f64) {
    let room = draw::text_width(&(n - 1).to_string(), draw::TEXT_SMALL) + 6.0;
    let step = [1, 2, 5, 10]
        .into_iter()
        .find(|&s| cell * s as f64 >= room)
        .unwrap_or(10);
    for i in (0..n).step_by(step) {
        let c = AXIS + cell * (i as f64 + 0.5);
        let mut across = draw::sized_text(
            c,
            AXIS - 8.0,
            i.to_string(),
            "g-muted",
            "middle",
            draw::TEXT_SMALL,
        );
        across.assign("data-tick", i);
        d.add(across);
        let mut down = draw::sized_text(
            AXIS - 6.0,
            c + draw::TEXT_SMALL * 0.36,
            i.to_string(),
            "g-muted",
            "end",
            draw::TEXT_SMALL,
        );
        down.assign("data-tick", i);
        d.add(down);
    }
}

/// The cells, row by row, in one group for scrub.js (cell i is (i / n, i % n)).
fn cell_group(grid: &[Outcome], n: u64, cell: f64) -> Group {
    let mut cells = Group::new().set("data-scrub", "cells");
    for a in 0..n {
        for b in 0..n {
            let p = grid[(a * n + b) as usize] == Outcome::P;
            let (x, y) = (AXIS + cell * b as f64, AXIS + cell * a as f64);
            let mut rect = draw::rect(x, y, cell, cell, if p { "g-p" } else { "g-n" });
            if p {
                rect = rect.set("data-p", "");
            }
            cells.append(rect);
        }
    }
    cells
}

/// What each axis counts: the second heap across, the first down the side.
fn axis_names(d: &mut Drawing, end: f64, words: &Catalogue) {
    d.add(draw::sized_text(
        end,
        14.0,
        words.text("outcome-map.across", &[]),
        "g-muted",
        "end",
        draw::TEXT_SMALL,
    ));
    let mut side = draw::sized_text(
        0.0,
        0.0,
        words.text("outcome-map.down", &[]),
        "g-muted",
        "start",
        draw::TEXT_SMALL,
    );
    side.assign(
        "transform",
        format!("translate(4 {}) rotate(90)", draw::num(AXIS)),
    );
    d.add(side);
}
