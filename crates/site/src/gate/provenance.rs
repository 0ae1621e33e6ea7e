//! Where a number on a page comes from, and the note that says so: the
//! directive that computed it (class, kind, id, file and line), by what
//! method, with what counts. Every inserted or checked number and every
//! check box carries its note, shown by CSS on hover, focus or tap (no
//! script), described to screen readers through `aria-describedby`, and
//! hidden from the reading of the paragraph.

use crate::essay::directive::{Directive, Ran, class_word, thousands};
use crate::kinds::{Class, Stats};
use crate::load::content::Essay;
use crate::render::html::escape;

/// The directive behind a fact or a check box, as its note names it.
#[derive(Debug, Clone, PartialEq)]
pub struct Source {
    pub class: Class,
    /// The kind's name (`value-table`).
    pub kind: String,
    pub id: Option<String>,
    /// The essay's file, relative to the site's root (`content/nim.md`).
    pub file: String,
    /// The line of the directive's opening fence in that file, from 1.
    pub line: usize,
    /// How the kind computed ([`crate::kinds::Output::method`]).
    pub method: String,
    pub stats: Stats,
}

impl Source {
    /// The source of a directive that ran in `essay`.
    pub fn of(directive: &Directive, ran: &Ran, essay: &Essay) -> Self {
        Source {
            class: ran.class,
            kind: directive.kind.clone(),
            id: ran.id.clone(),
            file: essay.path.to_string_lossy().replace('\\', "/"),
            line: directive.position(&essay.text).0,
            method: ran.output.method.clone(),
            stats: ran.output.stats,
        }
    }

    /// The note's lines about this source: which directive, how, the counts.
    fn lines(&self) -> String {
        let id = self
            .id
            .as_ref()
            .map(|id| format!(" <code>{}</code>", escape(id)))
            .unwrap_or_default();
        let mut html = format!(
            "<span class=\"how-src\">{} {}{id}, {} line {}</span>",
            class_word(self.class),
            escape(&self.kind),
            escape(&self.file),
            self.line
        );
        if !self.method.is_empty() {
            html.push_str(&format!(
                "<span class=\"how-method\">{}</span>",
                escape(&sentence(&self.method))
            ));
        }
        if let Some(counts) = counts(self.stats) {
            html.push_str(&format!("<span class=\"how-count\">{counts}</span>"));
        }
        html
    }
}

/// What a number is: read from facts, or a claim the build checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Inserted,
    Checked,
}

/// The note of an inline number or claim: what it is, then each directive it
/// reads (none when it reads only numbers written in the claim).
pub fn claim_note(id: &str, role: Role, claim: &str, sources: &[&Source]) -> String {
    let head = match role {
        Role::Inserted => "Inserted from",
        Role::Checked => "Checked by the build:",
    };
    let mut body = format!(
        "<span class=\"how-head\">{head} <code>{}</code></span>",
        escape(claim)
    );
    let mut seen: Vec<&Source> = Vec::new();
    for source in sources {
        if !seen.contains(source) {
            seen.push(source);
            body.push_str(&source.lines());
        }
    }
    if seen.is_empty() {
        body.push_str(
            "<span class=\"how-method\">Evaluated from the numbers written in the claim, \
             with the engine's arithmetic.</span>",
        );
    }
    note(id, &body)
}

/// The attributes that open a note: focusable, described by it.
pub fn opener(id: &str) -> String {
    format!(" tabindex=\"0\" aria-describedby=\"{id}\"")
}

/// A check box's HTML (its `<aside class="grundy-check">`) with its note:
/// the aside opens it, and it stands last inside the aside.
pub fn with_check_note(html: &str, id: &str, source: &Source) -> String {
    const OPEN: &str = "<aside class=\"grundy-check";
    const CLOSE: &str = "</aside>";
    let (Some(open), Some(close)) = (html.find(OPEN), html.rfind(CLOSE)) else {
        return html.to_owned();
    };
    let mut out = String::with_capacity(html.len() + 512);
    out.push_str(&html[..open]);
    out.push_str(&format!("<aside{}", opener(id)));
    out.push_str(&html[open + "<aside".len()..close]);
    out.push_str(&note(id, &source.lines()));
    out.push_str(&html[close..]);
    out
}

/// The note element: hidden until its opener is pointed at or focused, read
/// to screen readers only as the opener's description.
fn note(id: &str, body: &str) -> String {
    format!("<span class=\"how\" id=\"{id}\" aria-hidden=\"true\">{body}</span>")
}

/// "12 positions compared, 3 claims checked", or nothing when both are 0.
fn counts(stats: Stats) -> Option<String> {
    let mut parts = Vec::new();
    let mut count = |n: u64, one: &str, many: &str| {
        if n > 0 {
            parts.push(format!(
                "{} {}",
                thousands(n),
                if n == 1 { one } else { many }
            ));
        }
    };
    count(stats.positions, "position compared", "positions compared");
    count(stats.claims, "claim checked", "claims checked");
    (!parts.is_empty()).then(|| format!("{}.", parts.join(", ")))
}

/// A method as a sentence: a capital first letter and a full stop.
fn sentence(method: &str) -> String {
    let method = method.trim();
    let mut chars = method.chars();
    let mut out: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    };
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}
