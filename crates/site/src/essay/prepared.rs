//! An essay between its two passes: [`Prepared`] once its directives have
//! run, [`Rendered`] once its HTML is written; and the Markdown features
//! essays get.

use pulldown_cmark::Event;
use std::collections::BTreeMap;
use std::ops::Range;

use crate::directives::directive::Ran;
use crate::essay::certificates::Published;
use crate::essay::numbering::Numbers;
use grundy_gate::bare_numbers::BareNumber;
use grundy_gate::claim::{Inline, recognise};
use grundy_gate::facts::EssayFacts;
use grundy_gate::provenance::Source;
use grundy_kinds::Stats;
use grundy_load::content::Essay;
use grundy_markdown::blocks::Marker;
use grundy_markdown::citations::Reference;
use grundy_markdown::{Directive, Problem};
use grundy_text::slug::Ids;

/// An essay's body as HTML, with what the site needs to know about it.
#[derive(Debug, Clone, Default)]
pub struct Rendered {
    pub html: String,
    /// Every directive's result, in the order they stand.
    pub(crate) directives: Vec<Ran>,
    /// Where each directive that ran stands and how its facts are known, in
    /// the same order: what the evidence page lists.
    pub(crate) sources: Vec<Source>,
    /// Links as written, with their byte offset in the essay's text.
    pub(crate) links: Vec<(String, usize)>,
    /// Claims checked and positions compared, over every directive and inline number.
    pub(crate) stats: Stats,
    /// Headings of level 2 and 3: (level, id, text), for a table of contents.
    pub(crate) headings: Vec<(u8, String, String)>,
    /// Whether the HTML depends on other essays' facts (a claim read them,
    /// or failed with words that may name them), not only on this essay.
    pub(crate) reads_other_essays: bool,
    /// Numbers in the prose that nothing backs, in the order they stand:
    /// placed in the essay ([`BareNumber::diagnostic`]) only when listed.
    pub(crate) bare_numbers: Vec<BareNumber>,
    /// Marked literals (`{#1927}`), in the order they stand.
    pub(crate) literals: Vec<Literal>,
    /// The certificate files its figures and checks link, to be written
    /// under `SLUG/certificates/`.
    pub(crate) certificates: Vec<Published>,
    /// The distinct words of its prose, for the search index
    /// ([`prose_words`](crate::essay::prose_words)).
    pub(crate) words: String,
}

/// A marked literal (`` `{#1927}` ``): a number the author means as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Literal {
    /// The text shown (`1927`, `Chapter 7`).
    pub(crate) text: String,
    /// Byte offset of its inline code in the essay's text.
    pub(crate) offset: usize,
}

/// An essay whose directives have run: what its Markdown is rendered from
/// once the facts of every essay are known (or at once, when it reads
/// nothing of another essay: [`Prepared::reads_only_itself`]).
#[derive(Debug)]
pub struct Prepared<'a> {
    pub(crate) essay: &'a Essay,
    pub(super) events: Vec<(Event<'a>, Range<usize>)>,
    /// Directives by the index of their opening event.
    pub(super) found: Vec<(usize, Directive)>,
    pub(super) ran: BTreeMap<usize, Ran>,
    pub(super) problems: Vec<Problem>,
    pub(super) ids: Ids,
    pub(super) stats: Stats,
    /// The facts of this essay's directives, by id.
    pub facts: EssayFacts,
    /// The reference list of the essay's citations, as HTML (empty without any).
    pub(super) references: String,
    /// The lines that open and close theorem-like blocks, by offset.
    pub(super) markers: BTreeMap<usize, Marker>,
    /// The numbers of its figures, tables, checks, blocks and equations.
    pub(super) numbers: Numbers,
    /// Its cross-references, by the offset of the event each stands in.
    pub(super) xrefs: BTreeMap<usize, Reference>,
}

impl Prepared<'_> {
    /// Whether rendering the essay can read nothing of another essay: it
    /// has no inline claim (whose words, even failing, may name another
    /// essay's facts) and no reference to another essay's label. Such an
    /// essay is rendered as soon as it is prepared, and its parse freed,
    /// without waiting for the facts of every essay.
    pub(crate) fn reads_only_itself(&self) -> bool {
        let claim = |(e, _): &(Event<'_>, Range<usize>)| matches!(e, Event::Code(code) if !matches!(recognise(code), Inline::Code | Inline::Literal(_) | Inline::Escaped(_)));
        !self.xrefs.values().any(|r| r.key.contains(':')) && !self.events.iter().any(claim)
    }
}
