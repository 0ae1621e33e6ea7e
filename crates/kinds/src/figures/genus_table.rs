//! `figure genus-table`: the genus of each heap of a game up to a bound (and
//! of any sums asked for), each normal value held to the game's sequence and
//! each misère value to a brute-force misère solve, the genera that are not
//! those of misère Nim positions marked.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::json;

use crate::Shown;
use crate::checks::quotient::misere_game;
use crate::checks::strategy::heaps::format_heaps;
use crate::draw::{self, Drawing};
use crate::evidence::{Evidence, Method, Unit};
use crate::figure_html::{Figure, summary_line};
use crate::params::Frame;
use crate::{Class, Context, Failure, Output, ParamError, Stages, params};
use cgt::heaps::brute::Brute;
use cgt::heaps::genus::{Genera, Genus, MAX_GENUS_HEAP};
use cgt::heaps::{HeapGame, pins};
use cgt::{Outcome, Value};

use crate::doc::{Doc, Fact, Key};

/// The most sums a table shows beside its heaps.
pub(crate) const MAX_SUMS: usize = 8;

/// What `figure genus-table` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "The genus of each heap of a game, and of sums listed. Heaps run from none up to \
        `heaps`. The genus `g^abc…` is the normal value `g`, then the misère values of the \
        position with no, one, two, … heaps of two beside it, written up to where they \
        alternate. Each normal value is held to the game's values (the nim-sum of the heaps' \
        values for a sum), and each misère value to a brute-force misère solve: it must be 0 \
        exactly on the misère P-positions. A genus that is not the genus of any misère Nim \
        position is marked.",
    keys: &[
        crate::checks::quotient::GAME,
        Key {
            name: "heaps",
            ty: "integer",
            default: None,
            meaning: "the largest heap, at most 24",
        },
        Key {
            name: "sums",
            ty: "array of arrays of integers",
            default: Some("[]"),
            meaning: "positions of several heaps to add as rows, at most 8, each of at most 6 \
                heaps of at most 24",
        },
    ],
    facts: &[
        Fact {
            name: "genera",
            meaning: "the genus of each heap from 0, a list of strings written `g` then the misère terms in superscript digits (`4¹⁴⁶`)",
            when: None,
        },
        Fact {
            name: "normal",
            meaning: "the normal value of each heap from 0, a list",
            when: None,
        },
        Fact {
            name: "misere",
            meaning: "the misère value of each heap from 0, a list",
            when: None,
        },
        Fact {
            name: "nim-genus",
            meaning: "for each heap from 0, whether its genus is that of a misère Nim position, a list",
            when: None,
        },
        Fact {
            name: "first-wild",
            meaning: "the smallest heap whose genus is not that of a misère Nim position",
            when: Some("some heap of the table has such a genus"),
        },
        Fact {
            name: "sum-genera",
            meaning: "the genus of each of `sums`, in order, a list of strings",
            when: None,
        },
    ],
    example: "game = \"kayles\"\nheaps = 6",
    more: &["game = \"nim\"\nheaps = 4\nsums = [[1, 1], [2, 2]]"],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    game: String,
    heaps: u64,
    #[serde(default)]
    sums: Vec<Vec<u64>>,
}

/// The body read: the game, the bound and the sums.
#[derive(Debug)]
pub(crate) struct Params {
    frame: Frame,
    game: HeapGame,
    heaps: u64,
    sums: Vec<Vec<u64>>,
}

/// One row: the position, its genus, and what the two other methods said.
#[derive(Debug)]
pub(crate) struct Row {
    position: Vec<u64>,
    genus: Genus,
    /// The normal value by the game's values (the nim-sum of its heaps').
    sequence: Value,
    /// The misère outcome by brute force.
    solve: Outcome,
}

/// Every row, heaps first, then sums.
#[derive(Debug)]
pub(crate) struct Computed {
    heaps: Vec<Row>,
    sums: Vec<Row>,
}

/// The genus figure kind.
#[derive(Debug, Default)]
pub(crate) struct GenusTable;

const ROW: f64 = 26.0;
const TOP: f64 = 4.0;
/// Left edges of the columns: position, normal, misère, genus, mark.
const COLUMNS: [f64; 5] = [4.0, 96.0, 156.0, 216.0, 300.0];
/// Narrow enough for a phone to show whole at a legible size.
const WIDTH: f64 = 340.0;
/// The mark of a genus no misère Nim position has.
const WILD_MARK: &str = "*";

impl Stages for GenusTable {
    const NAME: &'static str = "genus-table";
    const CLASS: Class = Class::Figure;
    const DOC: &'static Doc = &DOC;
    const TABLE: bool = true;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, cx: &Context) -> Result<Params, ParamError> {
        let (body, frame) = params::figure::<Body>(Self::NAME, table)?;
        let game = misere_game(cx, "game", &body.game)?;
        if body.heaps > MAX_GENUS_HEAP {
            return Err(params::past_limit(
                "heaps",
                format!(
                    "is {}: the largest heap whose genus is computed is {MAX_GENUS_HEAP}",
                    body.heaps
                ),
                MAX_GENUS_HEAP,
            ));
        }
        if body.sums.len() > MAX_SUMS {
            return Err(params::past_limit(
                "sums",
                format!(
                    "lists {} sums: a table shows at most {MAX_SUMS}",
                    body.sums.len()
                ),
                MAX_SUMS as u64,
            ));
        }
        Ok(Params {
            frame,
            game,
            heaps: body.heaps,
            sums: body.sums,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let normal_game = match &p.game {
            HeapGame::Misere(inner) => inner.as_ref().clone(),
            HeapGame::MisereNim => HeapGame::Nim,
            other => other.clone(),
        };
        let mut genera = Genera::new(&p.game);
        let mut brute = Brute::new(&p.game);
        let mut row = |position: Vec<u64>, key: &str| -> Result<Row, ParamError> {
            let genus = genera
                .genus(&position)
                .map_err(|e| params::engine(key, e))?;
            let solve = brute
                .outcome(&position)
                .map_err(|e| params::engine(key, e))?;
            let sequence = normal_game
                .value(&position)
                .map_err(|e| params::engine(key, e))?
                .unwrap_or_default();
            Ok(Row {
                position,
                genus,
                sequence,
                solve,
            })
        };
        let heaps = (0..=p.heaps)
            .map(|h| row(if h == 0 { Vec::new() } else { vec![h] }, "heaps"))
            .collect::<Result<Vec<_>, _>>()?;
        let sums = p
            .sums
            .iter()
            .map(|s| row(s.clone(), "sums"))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Computed { heaps, sums })
    }

    fn evidence(&self, _p: &Params, c: &Computed, _words: &Catalogue) -> Evidence {
        let rows = c.heaps.iter().chain(&c.sums);
        let count = (c.heaps.len() + c.sums.len()) as u64;
        let normal_bad = rows.clone().filter(|r| normal_differs(r)).count() as u64;
        let misere_bad = rows.filter(|r| misere_differs(r)).count() as u64;
        Evidence::default()
            .compared([Method::Genus, Method::Mex], count, Unit::Value, normal_bad)
            .compared(
                [Method::Genus, Method::BruteForce],
                count,
                Unit::Position,
                misere_bad,
            )
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let genera: Vec<String> = c.heaps.iter().map(|r| written(&r.genus)).collect();
        let mut facts = BTreeMap::new();
        facts.insert("genera".into(), json!(genera));
        facts.insert(
            "normal".into(),
            json!(c.heaps.iter().map(|r| r.genus.normal).collect::<Vec<_>>()),
        );
        facts.insert(
            "misere".into(),
            json!(
                c.heaps
                    .iter()
                    .map(|r| r.genus.misere_value())
                    .collect::<Vec<_>>()
            ),
        );
        facts.insert(
            "nim-genus".into(),
            json!(
                c.heaps
                    .iter()
                    .map(|r| r.genus.is_nim_genus())
                    .collect::<Vec<_>>()
            ),
        );
        if let Some(h) = c.heaps.iter().position(|r| !r.genus.is_nim_genus()) {
            facts.insert("first-wild".into(), json!(h));
        }
        facts.insert(
            "sum-genera".into(),
            json!(c.sums.iter().map(|r| written(&r.genus)).collect::<Vec<_>>()),
        );
        let name = game_names::for_readers(shown.words, game_names::normal_play(&p.game.name()));
        let wild: Vec<String> = c
            .heaps
            .iter()
            .enumerate()
            .filter(|(_, r)| !r.genus.is_nim_genus())
            .map(|(h, _)| h.to_string())
            .collect();
        let words = shown.words;
        // Kayles' heaps are rows of pins, and the table says so.
        let rows = pins::played_on_rows(&p.game);
        let listed: Vec<String> = c
            .heaps
            .iter()
            .chain(&c.sums)
            .map(|r| format!("{} {}", label(words, rows, &r.position), written(&r.genus)))
            .collect();
        let mut failures = Vec::new();
        for r in c.heaps.iter().chain(&c.sums) {
            let key = if r.position.len() > 1 {
                "sums"
            } else {
                "heaps"
            };
            if normal_differs(r) {
                failures.push(Failure {
                    key: Some(key.into()),
                    claimed: format!(
                        "the genus of {} has normal value {}",
                        format_heaps(&r.position),
                        r.genus.normal
                    ),
                    computed: format!("{} by the game's sequence", r.sequence),
                    counterexample: Some(format_heaps(&r.position)),
                });
            }
            if misere_differs(r) {
                failures.push(Failure {
                    key: Some(key.into()),
                    claimed: format!(
                        "the genus of {} has misère value {}",
                        format_heaps(&r.position),
                        r.genus.misere_value()
                    ),
                    computed: format!("{} by brute-force search", r.solve),
                    counterexample: Some(format_heaps(&r.position)),
                });
            }
        }
        let count = (c.heaps.len() + c.sums.len()) as u64;
        let mut out = Figure {
            kind: Self::NAME,
            id: p.frame.id,
            drawing: draw_table(words, rows, c.heaps.iter().chain(&c.sums)),
            title: words.text(
                keyed("title", rows),
                &[("game", &name), ("heaps", &p.heaps.to_string())],
            ),
            desc: words.text(
                "genus-table.desc",
                &[
                    (
                        "listed",
                        &listed.join(&words.text("genus-table.separator", &[])),
                    ),
                    ("wild", &wild_words(words, rows, &wild)),
                ],
            ),
            caption: p.frame.caption,
            extra: summary_line(&words.count("genus-table.summary", count, &[])),
            play: None,
            explore: None,
            facts,
        }
        .into_output(shown);
        out.stats.claims = 2 * count;
        out.stats.positions = count;
        out.failures = failures;
        out
    }
}

/// A genus as prose shows it: the normal value with the misère terms in
/// superscript digits (`4¹⁴⁶`), commas between terms past 9.
pub(crate) fn written(genus: &Genus) -> String {
    const SUPERSCRIPT: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let raised = |v: &Value| -> String {
        v.to_string()
            .chars()
            .map(|c| c.to_digit(10).map_or(c, |d| SUPERSCRIPT[d as usize]))
            .collect()
    };
    let wide = genus.misere.iter().any(|&v| v > 9);
    let terms: Vec<String> = genus.misere.iter().map(raised).collect();
    format!(
        "{}{}",
        genus.normal,
        terms.join(if wide { "˒" } else { "" })
    )
}

fn normal_differs(r: &Row) -> bool {
    r.genus.normal != r.sequence
}

fn misere_differs(r: &Row) -> bool {
    (r.genus.misere_value() == 0) != (r.solve == Outcome::P)
}

/// The sentence on the heaps whose genera no misère Nim position has, or
/// that there are none.
fn wild_words(words: &Catalogue, rows: bool, wild: &[String]) -> String {
    if wild.is_empty() {
        words.text("genus-table.all-nim", &[])
    } else {
        words.count(
            keyed("wild", rows),
            wild.len() as u64,
            &[("heaps", &wild.join(", "))],
        )
    }
}

/// The key of `what` in the table's words, for heaps or for rows of pins.
fn keyed(what: &str, rows: bool) -> &'static str {
    match (what, rows) {
        ("title", false) => "genus-table.title",
        ("title", true) => "genus-table.title-rows",
        ("wild", false) => "genus-table.wild",
        ("wild", true) => "genus-table.wild-rows",
        ("no-heap", false) => "genus-table.no-heap",
        ("no-heap", true) => "genus-table.no-row",
        (_, false) => "genus-table.heap",
        (_, true) => "genus-table.row",
    }
}

/// A position as a line's label: `heap 5`, `no heap`, `5 + 5` (for rows
/// of pins, `row of 5`, `no pins`).
fn label(words: &Catalogue, rows: bool, position: &[u64]) -> String {
    match position {
        [] => words.text(keyed("no-heap", rows), &[]),
        [h] => words.text(keyed("heap", rows), &[("heap", &h.to_string())]),
        _ => position
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" + "),
    }
}

/// The genus as two texts, the misère terms raised and smaller.
fn genus_text(d: &mut Drawing, x: f64, y: f64, genus: &Genus) {
    let base = genus.normal.to_string();
    let wide = genus.misere.iter().any(|&v| v > 9);
    let terms: Vec<String> = genus.misere.iter().map(Value::to_string).collect();
    let after = x + draw::text_width(&base, draw::TEXT) + 1.0;
    d.add(draw::text(x, y, base, "g-ink", "start"));
    d.add(draw::sized_text(
        after,
        y - 7.0,
        terms.join(if wide { "," } else { "" }),
        "g-ink",
        "start",
        draw::TEXT_SMALL,
    ));
}

/// The table: a header, then a line for each position.
fn draw_table<'r>(
    words: &Catalogue,
    of_pins: bool,
    rows: impl Iterator<Item = &'r Row>,
) -> Drawing {
    let rows: Vec<&Row> = rows.collect();
    let any_wild = rows.iter().any(|r| !r.genus.is_nim_genus());
    let legend = if any_wild { ROW } else { 0.0 };
    let height = TOP + ROW * (rows.len() as f64 + 1.0) + 6.0 + legend;
    let mut d = Drawing::new(WIDTH, height);
    let baseline = |i: usize| TOP + ROW * i as f64 + ROW / 2.0 + 5.0;
    for (x, head) in COLUMNS
        .iter()
        .zip(["position", "normal", "misere", "genus"])
    {
        d.add(draw::sized_text(
            *x,
            baseline(0),
            words.text(&format!("genus-table.{head}"), &[]),
            "g-muted",
            "start",
            draw::TEXT_SMALL,
        ));
    }
    for (i, r) in rows.iter().enumerate() {
        let y = TOP + ROW * (i as f64 + 1.0);
        let wild = !r.genus.is_nim_genus();
        d.add(draw::rect(
            0.0,
            y,
            WIDTH,
            ROW,
            if wild { "g-mex" } else { "g-cell" },
        ));
        let b = baseline(i + 1);
        d.add(draw::text(
            COLUMNS[0],
            b,
            label(words, of_pins, &r.position),
            "g-ink",
            "start",
        ));
        d.add(draw::text(
            COLUMNS[1],
            b,
            r.genus.normal.to_string(),
            "g-ink",
            "start",
        ));
        d.add(draw::text(
            COLUMNS[2],
            b,
            r.genus.misere_value().to_string(),
            "g-ink",
            "start",
        ));
        genus_text(&mut d, COLUMNS[3], b, &r.genus);
        if wild {
            d.add(draw::text(COLUMNS[4], b, WILD_MARK, "g-ink", "start"));
        }
    }
    if any_wild {
        d.add(draw::sized_text(
            COLUMNS[0],
            baseline(rows.len() + 1) + 4.0,
            words.text("genus-table.legend", &[("mark", WILD_MARK)]),
            "g-muted",
            "start",
            draw::TEXT_SMALL,
        ));
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    use crate::words::in_french as french;

    #[test]
    fn a_french_site_reads_the_genus_table_in_french() {
        let table: toml::Table = "game = \"kayles\"\nheaps = 6".parse().unwrap();
        let out = GenusTable.run(&table, &french()).unwrap();
        assert!(out.html.contains("Les genres de Kayles"), "{}", out.html);
        assert!(out.html.contains(">aucune quille<"), "{}", out.html);
        assert!(out.html.contains(">genre<"), "{}", out.html);
        assert!(!out.html.contains("The genera"), "{}", out.html);
        assert!(!out.html.contains(">no pins<"), "{}", out.html);
    }
}
