//! An essay's Markdown to HTML: directives run and inlined, math to MathML,
//! heading anchors, inline facts, and the links the site checks afterwards.

use pulldown_cmark::{CodeBlockKind, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use std::collections::BTreeMap;
use std::ops::Range;

use crate::error::{Diagnostic, ErrorKind, LineIndex};
use crate::essay::citations::{Bibliography, cite};
use crate::essay::directive::{Cache, Directive, Kinds, Problem, Ran, classify, is_name};
use crate::essay::fence_typo::near_miss;
use crate::essay::math::to_mathml;
use crate::essay::slug::Ids;
use crate::gate::claim::{Inline, recognise};
use crate::gate::claim_eval::evaluate_in;
use crate::gate::facts::{DirectiveFacts, EssayFacts, Facts};
use crate::kinds::Stats;
use crate::load::content::Essay;

/// An essay's body as HTML, with what the site needs to know about it.
#[derive(Debug, Clone, Default)]
pub struct Rendered {
    pub html: String,
    /// Every directive's result, in the order they stand.
    pub directives: Vec<Ran>,
    /// Links as written, with their byte offset in the essay's text.
    pub links: Vec<(String, usize)>,
    /// Claims checked and positions compared, over every directive and inline number.
    pub stats: Stats,
    /// Headings of level 2 and 3: (level, id, text), for a table of contents.
    pub headings: Vec<(u8, String, String)>,
}

/// The Markdown features essays get.
pub fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_SMART_PUNCTUATION
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_MATH
}

/// An essay whose directives have run: what its Markdown is rendered from
/// once the facts of every essay are known.
#[derive(Debug)]
pub struct Prepared<'a> {
    pub essay: &'a Essay,
    events: Vec<(Event<'a>, Range<usize>)>,
    /// Directives by the index of their opening event.
    found: Vec<(usize, Directive)>,
    ran: BTreeMap<usize, Ran>,
    problems: Vec<Problem>,
    ids: Ids,
    stats: Stats,
    /// The facts of this essay's directives, by id.
    pub facts: EssayFacts,
    /// The reference list of the essay's citations, as HTML (empty without any).
    references: String,
}

/// Parses an essay and runs its directives.
pub fn prepare<'a>(
    essay: &'a Essay,
    kinds: &Kinds,
    cache: &Cache,
    bibliography: &Bibliography,
) -> Prepared<'a> {
    let text = &essay.text;
    let base = essay.body_start;
    let body = &text[base..];
    let shift = |r: Range<usize>| r.start + base..r.end + base;
    let events: Vec<(Event, Range<usize>)> = Parser::new_ext(body, options())
        .into_offset_iter()
        .map(|(e, r)| (e, shift(r)))
        .collect();
    let mut problems: Vec<Problem> = Vec::new();
    let (events, references) = cite(events, bibliography, &mut problems);

    // Directives, which may be referred to before they stand.
    let mut found: Vec<(usize, Directive)> = Vec::new();
    let mut i = 0;
    while i < events.len() {
        if let (Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))), range) = &events[i] {
            if !fence_is_closed(text, range.clone()) {
                problems.push(Problem {
                    offset: range.start,
                    kind: ErrorKind::UnclosedFence,
                });
            }
            if let Some(kind) = near_miss(info) {
                problems.push(Problem {
                    offset: range.start,
                    kind,
                });
            }
            if let Some((class, kind)) = classify(info) {
                let mut directive = Directive {
                    class,
                    kind,
                    body: String::new(),
                    fence: range.start,
                    segments: Vec::new(),
                };
                let start = i;
                i += 1;
                while let Some((Event::Text(t), r)) = events.get(i) {
                    directive.segments.push((directive.body.len(), r.start));
                    directive.body.push_str(t);
                    i += 1;
                }
                found.push((start, directive));
                continue;
            }
        }
        i += 1;
    }
    let mut ran: BTreeMap<usize, Ran> = BTreeMap::new();
    let mut facts = EssayFacts::default();
    let mut ids = Ids::default();
    for (start, directive) in &found {
        match directive.run(kinds, cache) {
            Ok(r) => {
                ran.insert(*start, r);
            }
            Err(mut failed) => {
                match failed.ran {
                    Some(r) => {
                        ran.insert(*start, r);
                    }
                    None => {
                        if let Some(id) = lenient_id(&directive.body) {
                            facts.failed.insert(id);
                        }
                    }
                }
                problems.append(&mut failed.problems);
            }
        }
    }
    for (start, r) in &ran {
        if let Some(id) = &r.id {
            if facts.ids.contains_key(id) || facts.failed.contains(id) {
                let fence = found
                    .iter()
                    .find(|(s, _)| s == start)
                    .map_or(0, |(_, d)| d.fence);
                problems.push(Problem {
                    offset: fence,
                    kind: ErrorKind::DirectiveId(format!("two directives have the id `{id}`")),
                });
            } else {
                ids.reserve(id);
                facts.ids.insert(
                    id.clone(),
                    DirectiveFacts {
                        values: r.output.facts.clone(),
                        words: r.output.words.clone(),
                    },
                );
            }
        }
    }
    let mut stats = Stats::default();
    for r in ran.values() {
        stats.claims += r.output.stats.claims;
        stats.positions += r.output.stats.positions;
    }
    // Headings: explicit ids are reserved before any is made from text.
    for (e, _) in &events {
        if let Event::Start(Tag::Heading { id: Some(id), .. }) = e {
            ids.reserve(id);
        }
    }
    Prepared {
        essay,
        events,
        found,
        ran,
        problems,
        ids,
        stats,
        facts,
        references,
    }
}

/// The id of a directive whose TOML does not parse, read from a line
/// `id = "..."`, so that what names it is not reported a second time.
fn lenient_id(body: &str) -> Option<String> {
    if let Ok(table) = toml::from_str::<toml::Table>(body) {
        return table.get("id").and_then(|v| v.as_str().map(str::to_owned));
    }
    body.lines().find_map(|line| {
        let rest = line
            .trim()
            .strip_prefix("id")?
            .trim_start()
            .strip_prefix('=')?;
        let rest = rest.trim().strip_prefix('"')?;
        let id = &rest[..rest.find('"')?];
        is_name(id).then(|| id.to_owned())
    })
}

/// Renders a prepared essay against the facts of every essay: the result,
/// and every problem found in the essay (the result stands even then, so
/// that links to the essay's page and anchors still resolve).
pub fn render_prepared(prepared: &Prepared<'_>, all: &Facts) -> (Rendered, Vec<Diagnostic>) {
    let essay = prepared.essay;
    let text = &essay.text;
    let events = &prepared.events;
    let found = &prepared.found;
    let ran = &prepared.ran;
    let mut problems = prepared.problems.clone();
    let mut ids = prepared.ids.clone();
    let mut stats = prepared.stats;

    // Second pass: the events the HTML is written from.
    let mut out: Vec<Event> = Vec::with_capacity(events.len());
    let mut links = Vec::new();
    let mut headings = Vec::new();
    let mut skip_to_code_end = false;
    let mut i = 0;
    while i < events.len() {
        let (event, range) = &events[i];
        i += 1;
        if skip_to_code_end {
            if matches!(event, Event::End(TagEnd::CodeBlock)) {
                skip_to_code_end = false;
            }
            continue;
        }
        if let Some(r) = ran.get(&(i - 1)) {
            out.push(Event::Html(CowStr::from(r.output.html.clone())));
            skip_to_code_end = true;
            continue;
        }
        if found.iter().any(|(s, _)| *s == i - 1) {
            skip_to_code_end = true;
            continue;
        }
        match event {
            Event::InlineMath(latex) | Event::DisplayMath(latex) => {
                let display = matches!(event, Event::DisplayMath(_));
                match to_mathml(latex, display) {
                    // Display math sits in a box that scrolls sideways when
                    // the equation is wider than the page (a phone).
                    Ok(mathml) if display => out.push(Event::InlineHtml(CowStr::from(format!(
                        "<span class=\"math-display\">{mathml}</span>"
                    )))),
                    Ok(mathml) => out.push(Event::InlineHtml(CowStr::from(mathml))),
                    Err(e) => {
                        let open = if display { 2 } else { 1 };
                        problems.push(Problem {
                            offset: range.start + open + e.offset,
                            kind: ErrorKind::Math(e.message),
                        })
                    }
                }
            }
            Event::Code(code) => {
                let offset = range.start + code_start(&text[range.clone()]);
                match recognise(code) {
                    Inline::Code => out.push(event.clone()),
                    // The brace as an entity: the page shows `{`, and no
                    // grep of the output mistakes it for a claim left unread.
                    Inline::Escaped(shown) => out.push(Event::InlineHtml(CowStr::from(format!(
                        "<code>{}</code>",
                        crate::render::html::escape(&shown).replacen('{', "&#123;", 1)
                    )))),
                    Inline::Malformed(why) => problems.push(Problem {
                        offset,
                        kind: ErrorKind::Claim(why),
                    }),
                    Inline::Claim(claim) => {
                        match evaluate_in(&claim, all, &essay.slug, Some(&prepared.facts)) {
                            Ok((html, checked)) => {
                                stats.claims += u64::from(checked);
                                out.push(Event::InlineHtml(CowStr::from(html)));
                            }
                            Err(Some(kind)) => problems.push(Problem { offset, kind }),
                            Err(None) => {}
                        }
                    }
                }
            }
            Event::Start(Tag::Heading {
                level,
                id,
                classes,
                attrs,
            }) => {
                let mut title = String::new();
                let mut j = i;
                while let Some((e, _)) = events.get(j) {
                    match e {
                        Event::End(TagEnd::Heading(_)) => break,
                        Event::Text(t) | Event::Code(t) | Event::InlineMath(t) => title.push_str(t),
                        _ => {}
                    }
                    j += 1;
                }
                let id = match id {
                    Some(id) => id.to_string(),
                    None => ids.unique(&title),
                };
                if matches!(level, HeadingLevel::H2 | HeadingLevel::H3) {
                    headings.push((*level as u8, id.clone(), title));
                }
                out.push(Event::Start(Tag::Heading {
                    level: *level,
                    id: Some(CowStr::from(id)),
                    classes: classes.clone(),
                    attrs: attrs.clone(),
                }));
            }
            Event::Start(tag @ (Tag::Link { .. } | Tag::Image { .. })) => {
                // Links and images alike: checked later, made relative now.
                let mut tag = tag.clone();
                if let Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. } = &mut tag {
                    links.push((dest_url.to_string(), range.start));
                    *dest_url = CowStr::from(relative(dest_url));
                }
                out.push(Event::Start(tag));
            }
            other => out.push(other.clone()),
        }
    }
    let diagnostics = if problems.is_empty() {
        Vec::new()
    } else {
        let index = LineIndex::new(text);
        problems
            .into_iter()
            .map(|p| Diagnostic::at_index(&essay.path, &index, p.offset, p.kind))
            .collect()
    };
    let body = &text[essay.body_start..];
    let mut html = String::with_capacity(body.len() * 2);
    pulldown_cmark::html::push_html(&mut html, out.into_iter());
    html.push_str(&prepared.references);
    (
        Rendered {
            html,
            directives: ran.values().cloned().collect(),
            links,
            stats,
            headings,
        },
        diagnostics,
    )
}

/// Where the code of an inline code span starts: after its backticks and one space.
fn code_start(span: &str) -> usize {
    let ticks = span.chars().take_while(|&c| c == '`').count();
    ticks + usize::from(span[ticks..].starts_with(' ') && span.len() > 2 * ticks + 1)
}

/// A root-relative link (`/nim/`) made relative to an essay page (`../nim/`), so pages work on any host and path.
fn relative(url: &str) -> String {
    match url.strip_prefix('/') {
        Some(rest) if !rest.starts_with('/') => format!("../{rest}"),
        _ => url.to_owned(),
    }
}

/// Whether a fenced block that starts at `range.start` has its closing fence.
fn fence_is_closed(text: &str, range: Range<usize>) -> bool {
    let block = &text[range.start..range.end.min(text.len())];
    let open = block.trim_start();
    let Some(fence_char) = open.chars().next() else {
        return true;
    };
    let width = open.chars().take_while(|&c| c == fence_char).count();
    let mut lines = block.trim_end_matches(['\n', '\r']).lines();
    lines.next();
    lines.next_back().is_some_and(|last| {
        let last = last.trim();
        last.chars().count() >= width && last.chars().all(|c| c == fence_char)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn root_relative_links_become_relative() {
        assert_eq!(relative("/nim/#rules"), "../nim/#rules");
        assert_eq!(relative("//example.org/"), "//example.org/");
        assert_eq!(relative("#x"), "#x");
    }

    #[test]
    fn unclosed_fences_are_found() {
        let text = "```figure x\na = 1\n```\n";
        assert!(fence_is_closed(text, 0..text.len()));
        let text = "```figure x\na = 1\n";
        assert!(!fence_is_closed(text, 0..text.len()));
        let text = "````\na\n```\n";
        assert!(!fence_is_closed(text, 0..text.len()));
    }
}
