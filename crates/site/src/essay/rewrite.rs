//! The second pass over an essay's events, once every essay's facts are
//! known: directives become their HTML, math MathML (its closed arithmetic
//! checked), inline claims their values; code blocks are highlighted,
//! headings get ids and links are made relative.

use pulldown_cmark::{CodeBlockKind, CowStr, Event, HeadingLevel, Tag, TagEnd};
use std::ops::Range;

use crate::essay::numbering::shown;
use crate::essay::prepared::{Literal, Prepared};
use crate::essay::xref;
use grundy_gate::claim::{Inline, recognise};
use grundy_gate::claim_eval::evaluate_counted;
use grundy_gate::claim_work::MAX_ESSAY_CLAIM_WORK;
use grundy_gate::facts::Facts;
use grundy_gate::provenance::{Audience, CHECK_BOX, Notes, with_check_note};
use grundy_kinds::{Class, Stats};
use grundy_load::error::ErrorKind;
use grundy_markdown::Problem;
use grundy_markdown::blocks::{BlockKind, Marker, Opening};
use grundy_markdown::highlight;
use grundy_markdown::math::to_mathml;
use grundy_markdown::math_arith::{self, Verdict};
use grundy_text::catalogue::Catalogue;
use grundy_text::href;
use grundy_text::html::escape;
use grundy_text::list::thousands;
use grundy_text::slug::Ids;

use crate::essay::certificates::{self, Published};

/// The pass over one prepared essay, and what it gathers.
#[derive(Debug)]
pub(crate) struct Rewrite<'p, 'a> {
    prepared: &'p Prepared<'a>,
    all: &'p Facts,
    /// Whom the notes are written for.
    audience: Audience,
    /// The site's words.
    words: &'p Catalogue,
    ids: Ids,
    /// The events the HTML is written from.
    pub(crate) out: Vec<Event<'a>>,
    pub(crate) problems: Vec<Problem>,
    pub(crate) stats: Stats,
    /// Links and images as written, with their byte offset in the essay's text.
    pub(crate) links: Vec<(String, usize)>,
    /// Headings of level 2 and 3: (level, id, text).
    pub(crate) headings: Vec<(u8, String, String)>,
    /// Whether a claim read another essay's facts, or failed with words
    /// that may name other essays: what the pass wrote then depends on more
    /// than this essay.
    pub(crate) reads_other_essays: bool,
    /// Marked literals (`{#1927}`), each shown as its plain text.
    pub(crate) literals: Vec<Literal>,
    /// The certificate files its directives' lines link, each once.
    pub(crate) certificates: Vec<Published>,
    /// Notes numbered so far (each number's and check box's `how_N`).
    notes: usize,
    /// Previews of cross-references made so far (each one's `xref_N`).
    previews: usize,
    /// Bytes of text still to leave out: a labelled equation's `{#eq-name}`.
    strip: usize,
    /// The head of the block just opened, waiting for its first paragraph.
    head: Option<String>,
    /// References that named no label so far.
    unknown_references: usize,
    /// Units of work the essay's claims have done so far, within
    /// [`MAX_ESSAY_CLAIM_WORK`]; past it no claim is checked.
    claim_work: u64,
    /// Bytes of code highlighted so far, within [`highlight::MAX_ESSAY_BYTES`].
    highlighted: usize,
}

impl<'p, 'a> Rewrite<'p, 'a> {
    /// Rewrites every event of `prepared`, reading claims from `all`.
    pub(crate) fn run(
        prepared: &'p Prepared<'a>,
        all: &'p Facts,
        audience: Audience,
        words: &'p Catalogue,
    ) -> Self {
        let mut pass = Rewrite {
            prepared,
            all,
            audience,
            words,
            ids: prepared.ids.clone(),
            out: Vec::with_capacity(prepared.events.len()),
            problems: prepared.problems.clone(),
            stats: prepared.stats,
            links: Vec::new(),
            headings: Vec::new(),
            reads_other_essays: false,
            literals: Vec::new(),
            certificates: Vec::new(),
            notes: 0,
            previews: 0,
            strip: 0,
            head: None,
            unknown_references: 0,
            highlighted: 0,
            claim_work: 0,
        };
        let mut i = 0;
        while i < prepared.events.len() {
            i = match pass.directive(i).or_else(|| pass.highlighted(i)) {
                Some(end) => end,
                None => {
                    pass.event(i);
                    i + 1
                }
            };
        }
        pass
    }

    /// A directive's code block opening at `i` becomes its HTML (nothing for
    /// one that did not run): the index after the block, or `None` when no
    /// directive opens there.
    fn directive(&mut self, i: usize) -> Option<usize> {
        let ran = self.prepared.ran.get(&i);
        // `found` is in the order of its events: found by halving, not by a
        // walk per event, which an essay of many directives made quadratic.
        let found = &self.prepared.found;
        let directive = found
            .binary_search_by_key(&i, |(s, _)| *s)
            .ok()
            .map(|at| &found[at]);
        if ran.is_none() && directive.is_none() {
            return None;
        }
        if let Some(r) = ran {
            let html = match directive {
                Some((_, d)) if r.class == Class::Check && r.output.html.contains(CHECK_BOX) => {
                    let source = r.source(self.prepared.essay, d);
                    let notes = Notes {
                        audience: self.audience,
                        words: self.words,
                    };
                    with_check_note(&r.output.html, &self.note_id(), &source, notes)
                }
                _ => r.output.html.clone(),
            };
            let html = match certificates::publish(&r.output) {
                Some(published) => {
                    let linked = certificates::with_link(
                        &html,
                        &self.prepared.essay.slug,
                        &published,
                        self.words,
                    );
                    if !self.certificates.iter().any(|c| c.name == published.name) {
                        self.certificates.push(published);
                    }
                    linked
                }
                None => html,
            };
            let html = match self.prepared.numbers.directives.get(&i) {
                Some(&(word, number)) => numbered(&html, &shown(self.words, word), number),
                None => html,
            };
            self.out.push(Event::Html(CowStr::from(html)));
        }
        let events = &self.prepared.events;
        let end = events[i + 1..]
            .iter()
            .position(|(e, _)| matches!(e, Event::End(TagEnd::CodeBlock)))
            .map_or(events.len(), |at| i + at + 2);
        Some(end)
    }

    /// A fenced code block opening at `i` in a language the highlighter
    /// knows becomes its highlighted HTML, while the essay's code
    /// highlighted is within [`highlight::MAX_ESSAY_BYTES`]: the index after
    /// the block, or `None` when it stays a plain code block.
    fn highlighted(&mut self, i: usize) -> Option<usize> {
        let events = &self.prepared.events;
        let Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) = &events[i].0 else {
            return None;
        };
        let mut code = String::new();
        let mut end = i + 1;
        while let Some((Event::Text(t), _)) = events.get(end) {
            code.push_str(t);
            end += 1;
        }
        if !matches!(events.get(end), Some((Event::End(TagEnd::CodeBlock), _))) {
            return None;
        }
        if self.highlighted + code.len() > highlight::MAX_ESSAY_BYTES {
            return None;
        }
        let html = highlight::block(info, &code)?;
        self.highlighted += code.len();
        self.out.push(Event::Html(CowStr::from(html)));
        Some(end + 1)
    }

    /// Any other event, by what it is.
    fn event(&mut self, i: usize) {
        let (event, range) = &self.prepared.events[i];
        match event {
            Event::InlineMath(latex) => self.math(latex, false, range),
            Event::DisplayMath(latex) => self.math(latex, true, range),
            Event::Text(text) if self.strip > 0 => {
                let cut = self.strip.min(text.len());
                self.strip -= cut;
                if let Some(rest) = text.get(cut..).filter(|r| !r.is_empty()) {
                    self.out.push(Event::Text(CowStr::from(rest.to_owned())));
                }
            }
            Event::Rule if self.prepared.markers.contains_key(&range.start) => {
                self.block(i);
            }
            Event::Start(Tag::Paragraph) if self.head.is_some() => {
                self.out.push(event.clone());
                if let Some(head) = self.head.take() {
                    self.out.push(Event::InlineHtml(CowStr::from(head)));
                }
            }
            Event::InlineHtml(_) if self.prepared.xrefs.contains_key(&range.start) => {
                self.xref(event, range.start);
            }
            Event::Code(code) => self.code(event, code, range.clone()),
            Event::Start(Tag::Heading {
                level,
                id,
                classes,
                attrs,
            }) => {
                let id = self.heading(i, *level, id.as_deref());
                self.out.push(Event::Start(Tag::Heading {
                    level: *level,
                    id: Some(CowStr::from(id)),
                    classes: classes.clone(),
                    attrs: attrs.clone(),
                }));
            }
            Event::Start(tag @ (Tag::Link { .. } | Tag::Image { .. })) => {
                self.link(tag, range.start);
            }
            other => self.out.push(other.clone()),
        }
    }

    /// LaTeX as MathML, or a problem at the place the conversion failed;
    /// closed arithmetic in it checked (`math_arith`).
    fn math(&mut self, latex: &str, display: bool, range: &Range<usize>) {
        let mathml = match to_mathml(latex, display) {
            Ok(mathml) => mathml,
            Err(e) => {
                let offset = self.math_offset(latex, display, range, e.offset);
                self.problems.push(Problem {
                    offset,
                    kind: ErrorKind::Math(e.message),
                });
                return;
            }
        };
        match math_arith::check(latex) {
            Verdict::Skipped => {}
            Verdict::Holds => self.stats.claims += 1,
            Verdict::False { at, message } => self.problems.push(Problem {
                offset: self.math_offset(latex, display, range, at),
                kind: ErrorKind::FalseArithmetic(message),
            }),
            Verdict::Refused { at, message } => self.problems.push(Problem {
                offset: self.math_offset(latex, display, range, at),
                kind: ErrorKind::Math(message),
            }),
        }
        // Display math sits in a box that scrolls sideways when the
        // equation is wider than the page (a phone); a labelled one has its
        // number beside it.
        let equation = display
            .then(|| self.prepared.numbers.equations.get(&range.start))
            .flatten();
        let html = match equation {
            Some(eq) => {
                self.strip = eq.written;
                format!(
                    "<span class=\"math-display math-numbered\" id=\"{}\">{mathml}<span class=\"eq-number\">({})</span></span>",
                    eq.label, eq.number
                )
            }
            None if display => format!("<span class=\"math-display\">{mathml}</span>"),
            None => mathml,
        };
        self.out.push(Event::InlineHtml(CowStr::from(html)));
    }

    /// The offset in the essay's text of byte `at` of a math span's LaTeX
    /// (the span's start when it cannot be found there).
    fn math_offset(&self, latex: &str, display: bool, range: &Range<usize>, at: usize) -> usize {
        let start = range.start + if display { 2 } else { 1 };
        let span = self.prepared.essay.text.get(start..range.end).unwrap_or("");
        place_in_span(span, latex, at).map_or(range.start, |offset| start + offset)
    }

    /// Inline code: kept as code, or an inline claim checked and shown as its value.
    fn code(&mut self, event: &Event<'a>, code: &str, range: Range<usize>) {
        let offset = range.start + code_start(&self.prepared.essay.text[range]);
        match recognise(code) {
            Inline::Code => self.out.push(event.clone()),
            // The brace as an entity: the page shows `{`, and no
            // grep of the output mistakes it for a claim left unread.
            Inline::Escaped(shown) => self.out.push(Event::InlineHtml(CowStr::from(format!(
                "<code>{}</code>",
                grundy_text::html::escape(&shown).replacen('{', "&#123;", 1)
            )))),
            Inline::Literal(text) => {
                self.out.push(Event::Text(CowStr::from(text.clone())));
                self.literals.push(Literal { text, offset });
            }
            Inline::Malformed(why) => self.problems.push(Problem {
                offset,
                kind: ErrorKind::Claim(why),
            }),
            Inline::Claim(_) if self.claim_work > MAX_ESSAY_CLAIM_WORK => {}
            Inline::Claim(claim) => {
                let essay = self.prepared.essay;
                self.reads_other_essays |= claim
                    .paths
                    .iter()
                    .any(|p| p.slug.as_deref().is_some_and(|s| s != essay.slug));
                let note = self.note_id();
                let own = Some(&self.prepared.facts);
                let notes = Notes {
                    audience: self.audience,
                    words: self.words,
                };
                let work = &mut self.claim_work;
                let checked = evaluate_counted(
                    &claim,
                    self.all,
                    &essay.slug,
                    own,
                    Some((&note, notes)),
                    work,
                );
                if self.claim_work > MAX_ESSAY_CLAIM_WORK {
                    let message = format!(
                        "this essay's claims have done more than {} units of work, the most an \
                         essay's claims may do; the claims from here on are not checked: check \
                         fewer or smaller values",
                        thousands(MAX_ESSAY_CLAIM_WORK)
                    );
                    self.problems.push(Problem {
                        offset,
                        kind: ErrorKind::Limit(message),
                    });
                    return;
                }
                match checked {
                    Ok((html, checked)) => {
                        self.stats.claims += u64::from(checked);
                        self.out.push(Event::InlineHtml(CowStr::from(html)));
                    }
                    Err(Some(kind)) => {
                        self.reads_other_essays = true;
                        self.problems.push(Problem { offset, kind });
                    }
                    Err(None) => {}
                }
            }
        }
    }

    /// A theorem-like block's opening or closing line, as the HTML around
    /// its body.
    fn block(&mut self, i: usize) {
        let events = &self.prepared.events;
        let offset = events[i].1.start;
        let html = match &self.prepared.markers[&offset] {
            Marker::Open(opening) => {
                let number = self.prepared.numbers.blocks.get(&offset).copied();
                let (open, head) = block_open(opening, number, self.words);
                // The head starts the block's first paragraph, or stands alone.
                if matches!(events.get(i + 1), Some((Event::Start(Tag::Paragraph), _))) {
                    self.head = Some(head);
                    open
                } else {
                    format!("{open}<p>{head}</p>\n")
                }
            }
            Marker::Close => {
                let proof = self
                    .prepared
                    .markers
                    .range(..offset)
                    .next_back()
                    .is_some_and(
                        |(_, m)| matches!(m, Marker::Open(o) if o.kind == BlockKind::Proof),
                    );
                if !proof {
                    "</div>\n".to_owned()
                } else if matches!(self.out.last(), Some(Event::End(TagEnd::Paragraph))) {
                    // The mark ends the proof's last paragraph, at the right.
                    let at = self.out.len() - 1;
                    self.out
                        .insert(at, Event::InlineHtml(CowStr::from(qed(self.words))));
                    "</div>\n".to_owned()
                } else {
                    format!("<p class=\"qed-line\">{}</p>\n</div>\n", qed(self.words))
                }
            }
            Marker::Broken => String::new(),
        };
        self.out.push(Event::Html(CowStr::from(html)));
    }

    /// A cross-reference, as its link and preview; an unknown one is a
    /// problem, and stays as written.
    fn xref(&mut self, event: &Event<'a>, offset: usize) {
        let reference = &self.prepared.xrefs[&offset];
        let tip = self.unique_id("xref");
        let essay = self.prepared.essay;
        let own = &self.prepared.facts;
        let suggest = self.unknown_references < xref::SUGGESTED;
        match xref::render(
            reference,
            &essay.slug,
            own,
            self.all,
            &tip,
            suggest,
            self.words,
        ) {
            Ok(shown) => {
                self.reads_other_essays |= shown.other_essay;
                self.out.push(Event::InlineHtml(CowStr::from(shown.html)));
            }
            Err(kind) => {
                // Another essay's labels may come to hold it.
                self.reads_other_essays |= reference.key.contains(':');
                self.unknown_references += 1;
                self.problems.push(Problem {
                    offset: reference.offset,
                    kind,
                });
                self.out.push(event.clone());
            }
        }
    }

    /// A new note's element id, `how_N`: no heading's id made from its
    /// text has `_`, and ids written in the essay are not taken.
    fn note_id(&mut self) -> String {
        self.unique_id("how")
    }

    /// A new element id `PREFIX_N`, counted per prefix: no heading's id
    /// made from its text has `_`, and ids written in the essay are not taken.
    fn unique_id(&mut self, prefix: &str) -> String {
        let count = if prefix == "how" {
            &mut self.notes
        } else {
            &mut self.previews
        };
        loop {
            *count += 1;
            let id = format!("{prefix}_{count}");
            if !self.ids.taken(&id) {
                self.ids.reserve(&id);
                return id;
            }
        }
    }

    /// The id of the heading opening at `i` (its own, or one made from its
    /// text), noted for the table of contents when of level 2 or 3.
    fn heading(&mut self, i: usize, level: HeadingLevel, id: Option<&str>) -> String {
        let title = heading_text(&self.prepared.events[i + 1..]);
        let id = match id {
            Some(id) => id.to_owned(),
            None => self.ids.unique(&title),
        };
        if matches!(level, HeadingLevel::H2 | HeadingLevel::H3) {
            self.headings.push((level as u8, id.clone(), title));
        }
        id
    }

    /// Links and images alike: noted to be checked later (a refused scheme
    /// is reported then, `gate/links.rs`), made relative now, and left
    /// empty when their scheme is refused, so no page carries it.
    fn link(&mut self, tag: &Tag<'a>, start: usize) {
        let mut tag = tag.clone();
        if let Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. } = &mut tag {
            self.links.push((dest_url.to_string(), start));
            *dest_url = if href::is_allowed(dest_url) {
                CowStr::from(relative(dest_url))
            } else {
                CowStr::from("")
            };
        }
        self.out.push(Event::Start(tag));
    }
}

/// The mark that ends a proof, and its words for a screen reader.
fn qed(words: &Catalogue) -> String {
    format!(
        "<span class=\"qed\"><span aria-hidden=\"true\">∎</span><span class=\"sr-only\">{}</span></span>",
        escape(&words.text("number.end-of-proof", &[]))
    )
}

/// A figure's, table's or check's HTML with its word and number (`Figure 3`)
/// at the head of its caption or title, or as a caption of its own.
fn numbered(html: &str, word: &str, number: u32) -> String {
    let label = format!("<span class=\"caption-number\">{word} {number}.</span> ");
    for open in [
        "<figcaption>",
        "<p class=\"caption\">",
        "<p class=\"grundy-check-title\">",
    ] {
        if let Some(at) = html.find(open) {
            let at = at + open.len();
            return format!("{}{label}{}", &html[..at], &html[at..]);
        }
    }
    let caption =
        format!("<figcaption><span class=\"caption-number\">{word} {number}</span></figcaption>\n");
    match html.rfind("</figure>") {
        Some(at) => format!("{}{caption}{}", &html[..at], &html[at..]),
        None => html.to_owned(),
    }
}

/// The HTML that opens a theorem-like block, its element with the label as
/// its id; and its head (`Theorem 2 (Title).`, or `Proof.`).
fn block_open(opening: &Opening, number: Option<u32>, words: &Catalogue) -> (String, String) {
    let kind = opening.kind;
    let id = opening
        .label
        .as_deref()
        .map(|l| format!(" id=\"{l}\""))
        .unwrap_or_default();
    let word = shown(words, kind.word());
    let name = match number {
        Some(n) => format!("{word} {n}"),
        None => word,
    };
    let title = opening
        .title
        .as_deref()
        .map(|t| format!(" <span class=\"block-title\">({})</span>", escape(t)))
        .unwrap_or_default();
    (
        format!("<div class=\"block block-{}\"{id}>\n", kind.name()),
        format!(
            "<span class=\"block-head\"><span class=\"block-name\">{name}</span>{title}.</span> "
        ),
    )
}

/// Where byte `at` of a math span's LaTeX stands in `span`, the source from
/// just after its opening `$` or `$$`: the same place when the LaTeX is the
/// source as written; in a quote or a list item, where Markdown gave the
/// lines after the first without their prefixes (`> `, indentation), the
/// place in the line of `at` found after its prefix.
fn place_in_span(span: &str, latex: &str, at: usize) -> Option<usize> {
    if span.starts_with(latex) {
        return Some(at);
    }
    let before = latex.get(..at)?;
    let line = before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line_end = latex[at..].find('\n').map_or(latex.len(), |i| at + i);
    let piece = &latex[line_start..line_end];
    let source_start = match line {
        0 => 0,
        n => span.match_indices('\n').nth(n - 1)?.0 + 1,
    };
    let source_line = &span[source_start..];
    let source_line = &source_line[..source_line.find('\n').unwrap_or(source_line.len())];
    let found = if line == 0 {
        source_line.starts_with(piece).then_some(0)?
    } else {
        source_line.find(piece)?
    };
    Some(source_start + found + (at - line_start))
}

/// The text of a heading, from the events after its start to its end.
fn heading_text(events: &[(Event<'_>, Range<usize>)]) -> String {
    let mut title = String::new();
    for (e, _) in events {
        match e {
            Event::End(TagEnd::Heading(_)) => break,
            Event::Code(t) => match recognise(t) {
                Inline::Literal(shown) => title.push_str(&shown),
                _ => title.push_str(t),
            },
            Event::Text(t) | Event::InlineMath(t) => title.push_str(t),
            _ => {}
        }
    }
    title
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn math_is_placed_in_its_source_past_the_prefixes_markdown_took_out() {
        // As written: the same place.
        assert_eq!(place_in_span("1 + 1 = 3$ and", "1 + 1 = 3", 6), Some(6));
        // In a quote, the second line lost its `> `.
        let span = "1 + 1\n> = 3$$";
        assert_eq!(place_in_span(span, "1 + 1\n= 3", 6), Some(8));
        assert_eq!(place_in_span(span, "1 + 1\n= 3", 2), Some(2));
        // In a list item, its indentation.
        let span = "2 \\times 2\n  = 5$";
        assert_eq!(place_in_span(span, "2 \\times 2\n= 5", 11), Some(13));
        // Text that is not there is not placed.
        assert_eq!(place_in_span("x\ny", "x\nz", 2), None);
    }

    #[test]
    fn root_relative_links_become_relative() {
        assert_eq!(relative("/nim/#rules"), "../nim/#rules");
        assert_eq!(relative("//example.org/"), "//example.org/");
        assert_eq!(relative("#x"), "#x");
    }
}
