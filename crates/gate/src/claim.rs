//! Inline claims in prose, as written: which inline code is a claim, and the
//! pre-pass that turns a claim's text into an expression for the engine.
//!
//! `` `{EXPR}` `` states a claim the build checks, `` `{=EXPR}` `` inserts a
//! computed value, and `` `{#1927}` `` marks a literal: a number the author
//! means as written (a year, a chapter), shown as plain text. The pre-pass finds fact paths (`id.fact`,
//! `slug/id.fact`) and binds each to a variable, reads a lone `=` as `==`,
//! spells the quantifiers `any` and `count` in the engine's terms, and
//! enforces the limits that keep every claim's work small.

/// Longest claim text accepted, in bytes.
pub(crate) const MAX_CLAIM_LEN: usize = 500;
/// Longest marked literal (`{#...}`) accepted, in bytes.
pub(crate) const MAX_LITERAL_LEN: usize = 100;
/// Most quantifiers (`all`, `any`, `exists`, `count`, `filter`, `map`...) in one claim.
pub(crate) const MAX_QUANTIFIERS: usize = 4;
/// Deepest nesting of brackets in one claim.
pub(crate) const MAX_DEPTH: usize = 24;
/// Most operators in one claim (a run such as `<=` or `!!` is one).
pub(crate) const MAX_OPERATORS: usize = 64;
/// Most `!` or `-` in a row (`!!!!` nests four negations).
const MAX_OPERATOR_RUN: usize = 4;

/// Quantifiers over a list, written as methods: `list.all(x, x > 0)`.
const QUANTIFIERS: [&str; 7] = [
    "all",
    "any",
    "exists",
    "exists_one",
    "count",
    "filter",
    "map",
];

/// A fact named in a claim: `id.fact` in this essay, or `slug/id.fact` in another.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct FactPath {
    pub slug: Option<String>,
    pub(crate) id: String,
    pub(crate) fact: String,
}

impl std::fmt::Display for FactPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(slug) = &self.slug {
            write!(f, "{slug}/")?;
        }
        write!(f, "{}.{}", self.id, self.fact)
    }
}

/// What an inline claim asks for.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Form {
    /// `{EXPR}`: the expression must be true.
    Check,
    /// `{=EXPR}`: the expression's value is shown.
    Insert,
    /// `{id.fact = 14}`, `{pos.outcome = P}`: a fact stated as a literal
    /// (a TOML value or a bare word), compared as `expect` compares.
    Stated(FactPath, String),
}

/// An inline claim, ready for the engine.
#[derive(Debug, Clone, PartialEq)]
pub struct Claim {
    pub(crate) form: Form,
    /// The expression as the author wrote it (without braces or a leading `=`).
    pub(crate) text: String,
    /// The expression the engine reads: fact paths replaced by `_f0`, `_f1`...
    pub(crate) expr: String,
    /// The facts named, in order of their variables.
    pub paths: Vec<FactPath>,
    /// Where the top-level comparison splits `expr`, when there is one: the
    /// two sides (as written and as rewritten), to show each side's value.
    pub(crate) sides: Option<[(String, String); 2]>,
}

/// What a piece of inline code is.
#[derive(Debug, Clone, PartialEq)]
pub enum Inline {
    /// Plain code.
    Code,
    /// `\{...}`: code shown with its braces, the backslash dropped.
    Escaped(String),
    /// A claim or an insertion.
    Claim(Box<Claim>),
    /// `{#TEXT}`, TEXT holding a digit: a literal the author marks as meant
    /// (a year, "Chapter 7"), shown as the plain text TEXT.
    Literal(String),
    /// Shaped like a claim, but not one: why.
    Malformed(String),
}

/// Reads a piece of inline code.
pub fn recognise(code: &str) -> Inline {
    let trimmed = code.trim();
    if let Some(rest) = trimmed.strip_prefix('\\')
        && rest.starts_with('{')
    {
        return Inline::Escaped(code.replacen("\\{", "{", 1));
    }
    let Some(inner) = trimmed.strip_prefix('{').and_then(|s| s.strip_suffix('}')) else {
        return Inline::Code;
    };
    if let Some(text) = inner.strip_prefix('#') {
        return literal(text.trim());
    }
    if !inner.contains('=') && !has_path(inner) {
        return Inline::Code;
    }
    match parse(inner) {
        Ok(claim) => Inline::Claim(Box::new(claim)),
        Err(why) => Inline::Malformed(why),
    }
}

/// The inside of `{#...}` after the `#`: a marked literal when it holds a
/// digit (`{#rules}` stays code, as a heading's id is written).
fn literal(text: &str) -> Inline {
    if !text.chars().any(|c| c.is_ascii_digit()) {
        return Inline::Code;
    }
    if text.len() > MAX_LITERAL_LEN {
        return Inline::Malformed(format!(
            "a marked literal is at most {MAX_LITERAL_LEN} characters (this one has {})",
            text.len()
        ));
    }
    if text.contains(['{', '}']) {
        return Inline::Malformed(format!(
            "a marked literal is plain text without braces: `{{#{text}}}`"
        ));
    }
    Inline::Literal(text.to_owned())
}

/// Reads the inside of `{...}` as a claim.
pub(crate) fn parse(inner: &str) -> Result<Claim, String> {
    if inner.len() > MAX_CLAIM_LEN {
        return Err(format!(
            "a claim is at most {MAX_CLAIM_LEN} characters (this one has {})",
            inner.len()
        ));
    }
    let (insert, text) = match inner.strip_prefix('=') {
        Some(rest) if !rest.starts_with('=') => (true, rest.trim()),
        _ => (false, inner.trim()),
    };
    if !insert && text.starts_with('=') && !text.starts_with("==") {
        return Err(format!(
            "nothing on the left of `=`; to insert a value write `{{={}}}`, with no space after `{{`",
            text[1..].trim()
        ));
    }
    if text.is_empty() {
        return Err(if insert {
            "nothing to insert after `=`: write `{=id.fact}`".to_owned()
        } else {
            "an empty claim".to_owned()
        });
    }
    if !insert && let Some((path, literal)) = stated(text) {
        return Ok(Claim {
            form: Form::Stated(path.clone(), literal),
            text: text.to_owned(),
            expr: "_f0".to_owned(),
            paths: vec![path],
            sides: None,
        });
    }
    operators(text)?;
    let (expr, paths) = prepass(text)?;
    let sides = split_comparison(text).and_then(|(l, r)| {
        let (le, _) = prepass_with(l.trim(), &paths).ok()?;
        let (re, _) = prepass_with(r.trim(), &paths).ok()?;
        Some([(l.trim().to_owned(), le), (r.trim().to_owned(), re)])
    });
    Ok(Claim {
        form: if insert { Form::Insert } else { Form::Check },
        text: text.to_owned(),
        expr,
        paths,
        sides,
    })
}

/// The old form `id.fact = LITERAL`: a lone `=`, a fact path on its left, and
/// on its right a TOML value (`14`, `"P"`, `[1, 2]`) or a bare word (`P`,
/// `THTT/TTTT`).
fn stated(text: &str) -> Option<(FactPath, String)> {
    let at = lone_equals(text)?;
    let (left, right) = (text[..at].trim(), text[at + 1..].trim());
    let path = whole_path(left)?;
    let is_toml = toml::from_str::<toml::Table>(&format!("v = {right}")).is_ok();
    let is_word = !right.is_empty()
        && right.chars().any(|c| c.is_ascii_alphabetic())
        && right
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '-' | '_'))
        && !matches!(right, "true" | "false" | "null");
    (is_toml || is_word).then(|| (path, right.to_owned()))
}

/// The byte offset of the only `=` of `text` that is a lone `=` (not part of
/// `==`, `!=`, `<=`, `>=`), outside string literals; `None` if there is not
/// exactly one.
fn lone_equals(text: &str) -> Option<usize> {
    let mut found = None;
    for (i, c) in unquoted(text) {
        if c == '=' && is_lone(text, i) {
            if found.is_some() {
                return None;
            }
            found = Some(i);
        }
    }
    found
}

fn is_lone(text: &str, i: usize) -> bool {
    let before = text[..i].chars().next_back();
    let after = text[i + 1..].chars().next();
    !matches!(before, Some('=' | '!' | '<' | '>')) && after != Some('=')
}

/// Where a claim's string literals are, read one character at a time.
#[derive(Debug, Default)]
struct Quotes {
    quote: Option<char>,
    escaped: bool,
}

impl Quotes {
    /// Whether `c`, the next character, belongs to a string literal (its quotes included).
    fn inside(&mut self, c: char) -> bool {
        match self.quote {
            Some(q) => {
                if self.escaped {
                    self.escaped = false;
                } else if c == '\\' {
                    self.escaped = true;
                } else if c == q {
                    self.quote = None;
                }
                true
            }
            None if c == '"' || c == '\'' => {
                self.quote = Some(c);
                true
            }
            None => false,
        }
    }

    /// Whether a string literal is still open.
    fn open(&self) -> bool {
        self.quote.is_some()
    }
}

/// Characters of `text` with their offsets, leaving out string literals.
fn unquoted(text: &str) -> Vec<(usize, char)> {
    let mut quotes = Quotes::default();
    text.char_indices()
        .filter(|&(_, c)| !quotes.inside(c))
        .collect()
}

/// `text` as a whole is one fact path.
fn whole_path(text: &str) -> Option<FactPath> {
    let (path, end) = path_at(text, 0)?;
    (end == text.len()).then_some(path)
}

/// Whether `text` has a fact path anywhere (outside strings).
fn has_path(text: &str) -> bool {
    unquoted(text)
        .iter()
        .any(|&(i, _)| starts_word(text, i) && path_at(text, i).is_some())
}

/// A character of a name as read: letters and digits of any script, so that
/// a name with one past ASCII is read whole (and refused whole, by the facts
/// it names), never cut where the first such letter stands.
fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '-' || c == '_'
}

/// Whether a word may start at `i`: a letter or `_`, not inside a name or after a `.`.
fn starts_word(text: &str, i: usize) -> bool {
    let c = text[i..].chars().next();
    let before = text[..i].chars().next_back();
    // A `-` just before is a minus sign when nothing of a name precedes it
    // (`-tt.x`), and part of a name otherwise (`a.x-b`).
    let minus = before == Some('-')
        && !matches!(text[..i - 1].chars().next_back(), Some(b) if is_name_char(b) || b == '.');
    matches!(c, Some(c) if c.is_alphabetic() || c == '_')
        && (minus || !matches!(before, Some(b) if is_name_char(b) || b == '.'))
}

/// A name at `i`: name characters, never ending in `-`. Its end offset.
fn name_at(text: &str, i: usize) -> Option<usize> {
    let mut end = i;
    for (j, c) in text[i..].char_indices() {
        if !is_name_char(c) {
            break;
        }
        end = i + j + c.len_utf8();
    }
    while end > i && text[..end].ends_with('-') {
        end -= 1;
    }
    (end > i).then_some(end)
}

/// A fact path starting at `i` (`[slug/]id.fact`, not followed by `(`, which
/// would make it a method call), and the offset after it.
fn path_at(text: &str, i: usize) -> Option<(FactPath, usize)> {
    let first_end = name_at(text, i)?;
    let first = &text[i..first_end];
    let (slug, id_start) = match text[first_end..].strip_prefix('/') {
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_alphanumeric()) => {
            (Some(first.to_owned()), first_end + 1)
        }
        _ => (None, i),
    };
    let id_end = name_at(text, id_start)?;
    let id = &text[id_start..id_end];
    let fact_start = id_end + text[id_end..].strip_prefix('.').map(|_| 1)?;
    let fact_end = name_at(text, fact_start)?;
    let fact = &text[fact_start..fact_end];
    if text[fact_end..].starts_with('(') {
        return None;
    }
    Some((
        FactPath {
            slug,
            id: id.to_owned(),
            fact: fact.to_owned(),
        },
        fact_end,
    ))
}

/// Rewrites a claim for the engine: its fact paths to variables, `=` to `==`,
/// `.any(` to `.exists(`, `.count(x, p)` to `.filter(x, p).size()`.
pub(crate) fn prepass(text: &str) -> Result<(String, Vec<FactPath>), String> {
    prepass_with(text, &[])
}

/// As [`prepass`], numbering first the paths already in `known`.
fn prepass_with(text: &str, known: &[FactPath]) -> Result<(String, Vec<FactPath>), String> {
    let mut pass = Prepass {
        text,
        paths: known.to_vec(),
        out: String::with_capacity(text.len() + 16),
        open: Vec::new(),
        quantifiers: 0,
    };
    let mut quotes = Quotes::default();
    let mut i = 0;
    while let Some(c) = text[i..].chars().next() {
        i = if quotes.inside(c) {
            pass.out.push(c);
            i + c.len_utf8()
        } else {
            pass.token(c, i)?
        };
    }
    if quotes.open() {
        return Err("a string is not closed".to_owned());
    }
    if let Some(bracket) = pass.open.last() {
        return Err(format!("`{}` is not closed", bracket.char));
    }
    Ok((pass.out, pass.paths))
}

/// An open bracket of a claim being rewritten.
struct Bracket {
    char: char,
    /// Whether it opened a quantifier (`.all(`).
    quantifier: bool,
    /// Whether it opened `.count(`, which closes as `.filter(...).size()`.
    count: bool,
    /// The variable a quantifier binds (`m` in `.all(m, m.take == 1)`): inside
    /// the quantifier `m.take` is a field of the element, not a fact.
    bound: Option<String>,
}

/// The pre-pass's state as it walks a claim left to right.
struct Prepass<'t> {
    text: &'t str,
    paths: Vec<FactPath>,
    out: String,
    open: Vec<Bracket>,
    quantifiers: usize,
}

impl Prepass<'_> {
    /// Rewrites the token starting with `c` at `i`; returns where the next begins.
    fn token(&mut self, c: char, i: usize) -> Result<usize, String> {
        let text = self.text;
        match c {
            '{' | '}' => Err(format!(
                "`{c}` inside a claim: a claim is one expression between one pair of braces"
            )),
            '(' | '[' => self.open_bracket(c).map(|()| i + 1),
            ')' | ']' => self.close_bracket(c).map(|()| i + 1),
            '=' if is_lone(text, i) => {
                self.out.push_str("==");
                Ok(i + 1)
            }
            '.' => self.dot(i),
            c if c.is_ascii_digit()
                && !matches!(self.out.chars().next_back(), Some(b) if is_name_char(b)) =>
            {
                // A number: digits, a point, an exponent; never a path.
                let end = text[i..]
                    .char_indices()
                    .find(|&(_, d)| !(d.is_ascii_alphanumeric() || d == '.'))
                    .map_or(text.len(), |(j, _)| i + j);
                self.out.push_str(&text[i..end]);
                Ok(end)
            }
            _ if starts_word(text, i) => Ok(self.word(i)),
            _ => {
                self.out.push(c);
                Ok(i + c.len_utf8())
            }
        }
    }

    fn open_bracket(&mut self, c: char) -> Result<(), String> {
        if self.open.len() >= MAX_DEPTH {
            return Err(format!("brackets nest more than {MAX_DEPTH} deep"));
        }
        self.open.push(Bracket {
            char: c,
            quantifier: false,
            count: false,
            bound: None,
        });
        self.out.push(c);
        Ok(())
    }

    fn close_bracket(&mut self, c: char) -> Result<(), String> {
        let want = if c == ')' { '(' } else { '[' };
        match self.open.pop() {
            Some(bracket) if bracket.char == want => {
                self.out.push(c);
                if bracket.count {
                    self.out.push_str(".size()");
                }
                Ok(())
            }
            _ => Err(format!("`{c}` closes no bracket")),
        }
    }

    /// A `.`: a quantifier (`.any(` spelt `.exists(`, `.count(` spelt
    /// `.filter(`, none nested, at most [`MAX_QUANTIFIERS`]) or a plain dot.
    fn dot(&mut self, i: usize) -> Result<usize, String> {
        let text = self.text;
        let name_end = name_at(text, i + 1).unwrap_or(i + 1);
        let name = &text[i + 1..name_end];
        if !(QUANTIFIERS.contains(&name) && text[name_end..].starts_with('(')) {
            self.out.push('.');
            return Ok(i + 1);
        }
        if self.open.iter().any(|b| b.quantifier) {
            return Err(format!(
                "`.{name}(` inside another quantifier: quantifiers cannot be nested"
            ));
        }
        self.quantifiers += 1;
        if self.quantifiers > MAX_QUANTIFIERS {
            return Err(format!(
                "more than {MAX_QUANTIFIERS} quantifiers in one claim"
            ));
        }
        let method = match name {
            "any" => "exists",
            "count" => "filter",
            other => other,
        };
        self.out.push('.');
        self.out.push_str(method);
        self.out.push('(');
        // Not counted against the depth: at most four quantifiers, never nested.
        let after = name_end + 1;
        let start = after + (text[after..].len() - text[after..].trim_start().len());
        let bound = name_at(text, start)
            .filter(|&end| text[end..].trim_start().starts_with(','))
            .map(|end| text[start..end].to_owned());
        self.open.push(Bracket {
            char: '(',
            quantifier: true,
            count: name == "count",
            bound,
        });
        Ok(name_end + 1)
    }

    /// A word: a fact path, bound to its variable `_fN`, or a plain word (a
    /// quantifier's variable, a function, `in`) cut at its first `-`.
    fn word(&mut self, i: usize) -> usize {
        let text = self.text;
        if let Some((path, end)) = path_at(text, i) {
            let bound = path.slug.is_none()
                && self
                    .open
                    .iter()
                    .any(|b| b.bound.as_deref() == Some(path.id.as_str()));
            if bound {
                // `m.take` with `m` a quantifier's variable: the element's field.
                let id_end = i + path.id.len();
                self.out.push_str(&path.id);
                return id_end;
            }
            let n = match self.paths.iter().position(|p| *p == path) {
                Some(n) => n,
                None => {
                    self.paths.push(path);
                    self.paths.len() - 1
                }
            };
            self.out.push_str(&format!("_f{n}"));
            return end;
        }
        let end = name_at(text, i).unwrap_or(i + 1);
        let word = &text[i..end];
        let plain_end = word.find('-').map_or(end, |dash| i + dash);
        self.out.push_str(&text[i..plain_end]);
        plain_end
    }
}

/// Refuses claims with more operators than [`MAX_OPERATORS`], or more than
/// four `!` or `-` in a row (`!!!!!x`): each nests the parse one level deeper.
fn operators(text: &str) -> Result<(), String> {
    let mut count = 0;
    let mut unary_run = 0;
    let mut after_operator = false;
    for (_, c) in unquoted(text) {
        if c.is_whitespace() {
            continue;
        }
        if "+-*/%<>=!&|?:".contains(c) {
            if !after_operator {
                count += 1;
            }
            after_operator = true;
            if c == '!' || c == '-' {
                unary_run += 1;
                if unary_run > MAX_OPERATOR_RUN {
                    return Err(format!("more than {MAX_OPERATOR_RUN} `!` or `-` in a row"));
                }
            } else {
                unary_run = 0;
            }
        } else {
            after_operator = false;
            unary_run = 0;
        }
    }
    if count > MAX_OPERATORS {
        return Err(format!(
            "a claim has at most {MAX_OPERATORS} operators (this one has {count})"
        ));
    }
    Ok(())
}

/// The two sides of a claim whose top level is one comparison (`a < b`), as written.
fn split_comparison(text: &str) -> Option<(&str, &str)> {
    let chars = unquoted(text);
    let mut depth = 0i32;
    let mut found: Option<(usize, usize)> = None;
    let mut k = 0;
    while k < chars.len() {
        let (i, c) = chars[k];
        let next = chars.get(k + 1).map(|&(_, n)| n);
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            '&' | '|' | '?' if depth == 0 => return None,
            '=' | '!' | '<' | '>' if depth == 0 => {
                let width = if next == Some('=') { 2 } else { 1 };
                if c == '!' && width == 1 {
                    k += 1;
                    continue;
                }
                if found.is_some() {
                    return None;
                }
                found = Some((i, i + width));
                k += width;
                continue;
            }
            _ => {}
        }
        k += 1;
    }
    let (start, end) = found?;
    let (left, right) = (&text[..start], &text[end..]);
    (!left.trim().is_empty() && !right.trim().is_empty()).then_some((left, right))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(slug: Option<&str>, id: &str, fact: &str) -> FactPath {
        FactPath {
            slug: slug.map(str::to_owned),
            id: id.to_owned(),
            fact: fact.to_owned(),
        }
    }

    #[test]
    fn paths_become_variables_and_a_lone_equals_becomes_two() {
        let (expr, paths) = prepass("kayles.preperiod > dawsons.preperiod").unwrap();
        assert_eq!(expr, "_f0 > _f1");
        assert_eq!(
            paths,
            [
                path(None, "kayles", "preperiod"),
                path(None, "dawsons", "preperiod")
            ]
        );
        let (expr, paths) = prepass("periodicity/kayles.period = 12").unwrap();
        assert_eq!(expr, "_f0 == 12");
        assert_eq!(paths, [path(Some("periodicity"), "kayles", "period")]);
        assert_eq!(prepass("a.x == 3").unwrap().0, "_f0 == 3");
        assert_eq!(
            prepass("a.x != 3 && a.x <= 4").unwrap().0,
            "_f0 != 3 && _f0 <= 4"
        );
    }

    #[test]
    fn names_may_hold_dashes_and_minus_needs_spaces() {
        let (expr, paths) = prepass("golay-weights.w8 - golay-weights.w12").unwrap();
        assert_eq!(expr, "_f0 - _f1");
        assert_eq!(paths.len(), 2);
        let (_, paths) = prepass("a.x-b.y").unwrap();
        assert_eq!(paths, [path(None, "a", "x-b")]);
        assert_eq!(prepass("a.p-positions - 1").unwrap().0, "_f0 - 1");
    }

    #[test]
    fn quantifiers_are_spelled_for_the_engine() {
        let (expr, _) = prepass("from(m.values, 12).any(x, pow2(x))").unwrap();
        assert_eq!(expr, "from(_f0, 12).exists(x, pow2(x))");
        let (expr, _) = prepass("m.values.count(x, x == 0) = 3").unwrap();
        assert_eq!(expr, "_f0.filter(x, x == 0).size() == 3");
        assert_eq!(
            prepass("m.values.all(x, x.size() > 0)").unwrap().0,
            "_f0.all(x, x.size() > 0)"
        );
        assert!(prepass("a.v.all(x, a.v.any(y, y == x))").is_err());
        assert!(prepass("a.v.map(x, x).map(x, x).map(x, x).map(x, x).map(x, x)").is_err());
    }

    #[test]
    fn a_quantifier_s_variable_reads_fields_of_its_element() {
        let (expr, paths) = prepass("p.moves.all(m, m.take == 1)").unwrap();
        assert_eq!(expr, "_f0.all(m, m.take == 1)");
        assert_eq!(paths, [path(None, "p", "moves")]);
        // Outside the quantifier the same text is a fact again.
        let (expr, paths) = prepass("p.moves.any(m, m.heap > 1) && m.take == 2").unwrap();
        assert_eq!(expr, "_f0.exists(m, m.heap > 1) && _f1 == 2");
        assert_eq!(paths[1], path(None, "m", "take"));
        // Another essay's fact is a fact whatever the variable's name.
        let (expr, _) = prepass("p.moves.all(m, m.take <= e/m.take)").unwrap();
        assert_eq!(expr, "_f0.all(m, m.take <= _f1)");
    }

    #[test]
    fn a_minus_sign_before_a_fact_negates_it() {
        let (expr, paths) = prepass("-tt.heads-change-least").unwrap();
        assert_eq!(expr, "-_f0");
        assert_eq!(paths, [path(None, "tt", "heads-change-least")]);
        assert_eq!(prepass("1 + -a.x < (-b.y)").unwrap().0, "1 + -_f0 < (-_f1)");
    }

    #[test]
    fn numbers_and_strings_are_left_alone() {
        assert_eq!(prepass("a.x == 0.5").unwrap().0, "_f0 == 0.5");
        assert_eq!(
            prepass("a.o == \"b.c = d\"").unwrap().0,
            "_f0 == \"b.c = d\""
        );
        assert!(prepass("a.o == \"open").is_err());
        assert!(prepass("(a.x").is_err());
        assert!(prepass("a.x)").is_err());
        assert!(prepass(&"(".repeat(100)).is_err());
    }

    #[test]
    fn claims_are_recognised_and_old_forms_kept() {
        assert_eq!(recognise("x = 1"), Inline::Code);
        assert_eq!(recognise("{1, 3, 4}"), Inline::Code);
        assert_eq!(
            recognise("\\{a.b = 1}"),
            Inline::Escaped("{a.b = 1}".to_owned())
        );
        let Inline::Claim(c) = recognise("{pos.outcome = P}") else {
            panic!("a claim")
        };
        assert_eq!(
            c.form,
            Form::Stated(path(None, "pos", "outcome"), "P".into())
        );
        let Inline::Claim(c) = recognise("{t.fails-on = THTT/TTTT}") else {
            panic!("a claim")
        };
        assert_eq!(
            c.form,
            Form::Stated(path(None, "t", "fails-on"), "THTT/TTTT".into())
        );
        let Inline::Claim(c) = recognise("{=a.x}") else {
            panic!("a claim")
        };
        assert_eq!((c.form, c.expr), (Form::Insert, "_f0".to_owned()));
        let Inline::Claim(c) = recognise("{a.x == 3}") else {
            panic!("a claim")
        };
        assert_eq!(c.form, Form::Check);
        assert!(matches!(recognise("{ =pos.value }"), Inline::Malformed(_)));
        assert!(matches!(recognise("{=}"), Inline::Malformed(_)));
        assert!(matches!(recognise("{a.x = {b}}"), Inline::Malformed(_)));
    }

    #[test]
    fn a_literal_is_marked_with_a_hash_and_holds_a_digit() {
        assert_eq!(recognise("{#1927}"), Inline::Literal("1927".into()));
        assert_eq!(
            recognise("{# Chapter 7 }"),
            Inline::Literal("Chapter 7".into())
        );
        assert_eq!(recognise("{#a.x = 3}"), Inline::Literal("a.x = 3".into()));
        // A heading's id as code, and an empty mark, stay code.
        assert_eq!(recognise("{#rules}"), Inline::Code);
        assert_eq!(recognise("{#}"), Inline::Code);
        assert_eq!(
            recognise("\\{#1927}"),
            Inline::Escaped("{#1927}".to_owned())
        );
        assert!(matches!(recognise("{#a{7}}"), Inline::Malformed(_)));
        let long = format!("{{#{}}}", "7".repeat(MAX_LITERAL_LEN + 1));
        let Inline::Malformed(why) = recognise(&long) else {
            panic!("too long")
        };
        assert!(why.contains("at most 100 characters"), "{why}");
        let longest = format!("{{#{}}}", "7".repeat(MAX_LITERAL_LEN));
        assert!(matches!(recognise(&longest), Inline::Literal(_)));
    }

    #[test]
    fn operators_are_limited() {
        assert!(parse("a.x = !!!!true").is_ok());
        assert!(parse("a.x = ! ! ! ! !true").is_err());
        assert!(parse("a.x = - - - - - 1").is_err());
        assert!(parse(&format!("a.x = 1{}", " + 1".repeat(63))).is_ok());
        assert!(parse(&format!("a.x = 1{}", " + 1".repeat(64))).is_err());
        assert!(parse(&format!("a.x > \"{}\"", "!".repeat(100))).is_ok());
    }

    #[test]
    fn a_top_level_comparison_has_two_sides() {
        assert_eq!(split_comparison("a.x > b.y"), Some(("a.x ", " b.y")));
        assert_eq!(
            split_comparison("f(a <= b) != 2"),
            Some(("f(a <= b) ", " 2"))
        );
        assert_eq!(split_comparison("a < b && c"), None);
        assert_eq!(split_comparison("!a"), None);
        let Inline::Claim(c) = recognise("{a.x >= b.y + 1}") else {
            panic!("a claim")
        };
        assert_eq!(
            c.sides,
            Some([
                ("a.x".to_owned(), "_f0".to_owned()),
                ("b.y + 1".to_owned(), "_f1 + 1".to_owned())
            ])
        );
    }
}
