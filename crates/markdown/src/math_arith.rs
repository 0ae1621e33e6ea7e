//! Closed arithmetic in an essay's math, checked while the site builds:
//! `$12 \oplus 7 = 11$` holds, `$12 \oplus 7 = 10$` fails the build.
//!
//! Math is *closed arithmetic* when it holds nothing but numerals (`0`,
//! `12`, no leading zeros), the operators `+`, `-`/`−`, `\times`/`×`,
//! `\cdot`/`·`, `\oplus`/`⊕` (nim-sum) and `\otimes`/`⊗` (nim product),
//! parentheses and brackets (also sized: `\left(`, `\bigl(`), braces (which
//! LaTeX does not draw, so they group nothing here either), spaces, and at
//! least one relation: `=`, `<`, `>`, `\le`, `\ge`, `\ne` and their other
//! spellings, chained as `1 + 1 = 2 < 3` may be (each link must hold). One
//! `.`, `,` or `;` may end it, as a displayed equation ends a sentence. Any
//! other thing (a letter, a command not listed, a subscript or power, a
//! comma inside) makes it prose that is not read; so is a fragment that is
//! not a whole chain (`$= 0$`, `$1 +$`, `$2\,(3)$`).
//!
//! Precedence: `×` and `·` bind tighter than `+` and `−`, `⊗` tighter than
//! `⊕`, each left to right. Ordinary and nim arithmetic have no order
//! between them that every reader shares (`1 + 2 ⊕ 3`), so mixing the two
//! without parentheses is refused with an error, never guessed.
//!
//! Values are integers of 128 bits, checked: an overflow is an error at its
//! operator. The nim operations take the engine's nimbers (0 to 2^64 − 1)
//! and are computed by `cgt::nimber`. The work is linear in the math's
//! length (an essay is at most 8 MiB) and the parentheses nest at most
//! [`MAX_ARITHMETIC_NESTING`] deep.

use cgt::nimber::{nim_product, nim_sum};

use crate::math::MAX_MATH_NESTING;

/// The deepest parentheses and brackets closed arithmetic may nest: the
/// limit of math's other nesting, since each level is one call of the reader.
pub const MAX_ARITHMETIC_NESTING: usize = MAX_MATH_NESTING;

/// The largest size of a number the arithmetic holds (integers of 128 bits).
pub const MAX_ARITHMETIC_VALUE: i128 = i128::MAX;

/// The largest nimber the nim operations take: the engine's 64-bit values.
pub const MAX_NIMBER: cgt::Value = cgt::Value::MAX;

/// The most characters of a side shown in a message; a longer one is cut with `…`.
const SHOWN_CHARS: usize = 60;

/// What the arithmetic of one math span came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Not closed arithmetic with a relation: prose the build does not read.
    Skipped,
    /// Closed arithmetic whose every relation holds.
    Holds,
    /// A relation that does not hold: the byte offset of its sign in the
    /// LaTeX, and the relation with the value of each side.
    False { at: usize, message: String },
    /// Closed arithmetic the build will not decide (ordinary and nim
    /// operations mixed, nested too deep, an overflow): the byte offset of
    /// the place at fault in the LaTeX, and why.
    Refused { at: usize, message: String },
}

/// Reads `latex` and, when it is closed arithmetic, decides it.
pub fn check(latex: &str) -> Verdict {
    let Some(tokens) = tokens(latex) else {
        return Verdict::Skipped;
    };
    match shape(&tokens) {
        Shape::NotAChain => Verdict::Skipped,
        Shape::TooDeep(at) => Verdict::Refused {
            at,
            message: format!(
                "arithmetic nested more than {MAX_ARITHMETIC_NESTING} deep in parentheses and \
                 brackets; the limit is {MAX_ARITHMETIC_NESTING} (MAX_ARITHMETIC_NESTING)"
            ),
        },
        Shape::Chain => {
            let reader = Reader {
                latex,
                tokens: &tokens,
            };
            match reader.decide() {
                Ok(verdict) => verdict,
                Err(Refusal { at, message }) => Verdict::Refused { at, message },
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Plus,
    Minus,
    Times,
    Dot,
    NimSum,
    NimProduct,
}

impl Op {
    fn symbol(self) -> &'static str {
        match self {
            Op::Plus => "+",
            Op::Minus => "−",
            Op::Times => "×",
            Op::Dot => "·",
            Op::NimSum => "⊕",
            Op::NimProduct => "⊗",
        }
    }

    /// Whether it is nim arithmetic rather than ordinary.
    fn is_nim(self) -> bool {
        matches!(self, Op::NimSum | Op::NimProduct)
    }

    /// Whether it binds tighter than the additions of its arithmetic.
    fn is_product(self) -> bool {
        matches!(self, Op::Times | Op::Dot | Op::NimProduct)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rel {
    Eq,
    Lt,
    Gt,
    Le,
    Ge,
    Ne,
}

impl Rel {
    fn symbol(self) -> &'static str {
        match self {
            Rel::Eq => "=",
            Rel::Lt => "<",
            Rel::Gt => ">",
            Rel::Le => "≤",
            Rel::Ge => "≥",
            Rel::Ne => "≠",
        }
    }

    fn holds(self, left: i128, right: i128) -> bool {
        match self {
            Rel::Eq => left == right,
            Rel::Lt => left < right,
            Rel::Gt => left > right,
            Rel::Le => left <= right,
            Rel::Ge => left >= right,
            Rel::Ne => left != right,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok {
    /// A numeral: its digits are the token's text.
    Num,
    Op(Op),
    Rel(Rel),
    /// `(` or `[`, sized or not.
    Open(char),
    /// `)` or `]`, sized or not.
    Close(char),
}

/// A token and its bytes in the LaTeX.
#[derive(Debug, Clone, Copy)]
struct Token {
    tok: Tok,
    at: usize,
    end: usize,
}

/// The commands closed arithmetic may hold, as tokens.
fn command(name: &str) -> Option<Tok> {
    Some(match name {
        "times" => Tok::Op(Op::Times),
        "cdot" => Tok::Op(Op::Dot),
        "oplus" => Tok::Op(Op::NimSum),
        "otimes" => Tok::Op(Op::NimProduct),
        "lt" => Tok::Rel(Rel::Lt),
        "gt" => Tok::Rel(Rel::Gt),
        "le" | "leq" | "leqslant" => Tok::Rel(Rel::Le),
        "ge" | "geq" | "geqslant" => Tok::Rel(Rel::Ge),
        "ne" | "neq" => Tok::Rel(Rel::Ne),
        _ => return None,
    })
}

/// Commands that only space things out.
fn is_space_command(name: &str) -> bool {
    matches!(
        name,
        "," | ";" | ":" | "!" | " " | "quad" | "qquad" | "enspace" | "thinspace"
    )
}

/// Commands that size the parenthesis or bracket after them.
fn is_sizing(name: &str) -> bool {
    matches!(
        name,
        "left"
            | "right"
            | "big"
            | "Big"
            | "bigg"
            | "Bigg"
            | "bigl"
            | "bigr"
            | "Bigl"
            | "Bigr"
            | "biggl"
            | "biggr"
            | "Biggl"
            | "Biggr"
    )
}

/// One character as a token, or `None` for a character closed arithmetic
/// does not hold (spaces and braces are dropped before).
fn symbol(c: char) -> Option<Tok> {
    Some(match c {
        '+' => Tok::Op(Op::Plus),
        '-' | '−' => Tok::Op(Op::Minus),
        '×' => Tok::Op(Op::Times),
        '·' | '⋅' => Tok::Op(Op::Dot),
        '⊕' => Tok::Op(Op::NimSum),
        '⊗' => Tok::Op(Op::NimProduct),
        '=' => Tok::Rel(Rel::Eq),
        '<' => Tok::Rel(Rel::Lt),
        '>' => Tok::Rel(Rel::Gt),
        '≤' | '⩽' => Tok::Rel(Rel::Le),
        '≥' | '⩾' => Tok::Rel(Rel::Ge),
        '≠' => Tok::Rel(Rel::Ne),
        '(' | '[' => Tok::Open(c),
        ')' | ']' => Tok::Close(c),
        _ => return None,
    })
}

/// The characters of a formula still to read, with their byte offsets.
type Chars<'a> = std::iter::Peekable<std::str::CharIndices<'a>>;

/// The tokens of `latex`, or `None` when it holds anything closed
/// arithmetic does not.
fn tokens(latex: &str) -> Option<Vec<Token>> {
    let mut tokens = Vec::new();
    let mut chars = latex.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            c if c.is_whitespace() || matches!(c, '{' | '}' | '~') => {}
            '0'..='9' => tokens.push(number_token(&mut chars, at, c)?),
            '.' | ',' | ';' => {
                // Only as the end of a sentence: nothing but spaces and braces after it.
                let rest = &latex[at + 1..];
                if rest.chars().all(|c| c.is_whitespace() || c == '}') {
                    break;
                }
                return None;
            }
            '\\' => tokens.extend(backslash(latex, &mut chars, at)?),
            c => tokens.push(Token {
                tok: symbol(c)?,
                at,
                end: at + c.len_utf8(),
            }),
        }
    }
    Some(tokens)
}

/// The number whose first digit `c` is at `at`; `None` for a leading zero
/// (`07`, `0{\cdot}07`: a code or a decimal, not a number).
fn number_token(chars: &mut Chars<'_>, at: usize, c: char) -> Option<Token> {
    let mut end = at + 1;
    while let Some(&(i, '0'..='9')) = chars.peek() {
        end = i + 1;
        chars.next();
    }
    (c != '0' || end == at + 1).then_some(Token {
        tok: Tok::Num,
        at,
        end,
    })
}

/// The command whose backslash is at `at`: its token, nothing for a space
/// command, `None` for a command that is not arithmetic.
fn backslash(latex: &str, chars: &mut Chars<'_>, at: usize) -> Option<Option<Token>> {
    let name_start = at + 1;
    let mut end = name_start;
    while let Some(&(i, a)) = chars.peek() {
        if !a.is_ascii_alphabetic() {
            break;
        }
        end = i + 1;
        chars.next();
    }
    if end == name_start {
        // A one-character command: `\,` spaces, anything else (`\{`, `\%`) is not arithmetic.
        let (i, one) = chars.next()?;
        end = i + one.len_utf8();
    }
    let name = &latex[name_start..end];
    if is_space_command(name) {
        return Some(None);
    }
    if !is_sizing(name) {
        return Some(Some(Token {
            tok: command(name)?,
            at,
            end,
        }));
    }
    while chars.peek().is_some_and(|&(_, s)| s.is_whitespace()) {
        chars.next();
    }
    let (i, delimiter) = chars.next()?;
    let tok = match symbol(delimiter)? {
        tok @ (Tok::Open(_) | Tok::Close(_)) => tok,
        _ => return None,
    };
    Some(Some(Token {
        tok,
        at,
        end: i + delimiter.len_utf8(),
    }))
}

/// What a list of tokens is, read once from left to right.
#[derive(Debug, PartialEq, Eq)]
enum Shape {
    /// Sides joined by relations, each side whole: what is decided.
    Chain,
    /// No relation, or a fragment: prose.
    NotAChain,
    /// A chain whose parentheses nest too deep: the offset of the one past the limit.
    TooDeep(usize),
}

fn shape(tokens: &[Token]) -> Shape {
    let mut open: Vec<char> = Vec::new();
    let mut too_deep = None;
    let mut relations = 0usize;
    // Whether a number or an opening parenthesis comes next.
    let mut operand = true;
    for t in tokens {
        match t.tok {
            Tok::Num if operand => operand = false,
            Tok::Open(c) if operand => {
                open.push(c);
                if open.len() > MAX_ARITHMETIC_NESTING && too_deep.is_none() {
                    too_deep = Some(t.at);
                }
            }
            Tok::Close(c) if !operand => {
                let matching = if c == ')' { '(' } else { '[' };
                if open.pop() != Some(matching) {
                    return Shape::NotAChain;
                }
            }
            Tok::Op(_) if !operand => operand = true,
            Tok::Rel(_) if !operand && open.is_empty() => {
                operand = true;
                relations += 1;
            }
            _ => return Shape::NotAChain,
        }
    }
    if operand || !open.is_empty() || relations == 0 {
        return Shape::NotAChain;
    }
    match too_deep {
        Some(at) => Shape::TooDeep(at),
        None => Shape::Chain,
    }
}

/// A place at fault and why the arithmetic is not decided.
#[derive(Debug)]
struct Refusal {
    at: usize,
    message: String,
}

/// Operands joined by the operators of one arithmetic: a side, or what a
/// pair of parentheses holds.
#[derive(Debug)]
struct Group {
    first: Operand,
    /// Each operator (with its token's offset) and the operand after it.
    rest: Vec<(Op, usize, Operand)>,
}

#[derive(Debug)]
enum Operand {
    /// The index of a numeral's token.
    Num(usize),
    Group(Box<Group>),
}

/// Reads and decides a chain whose shape was checked.
struct Reader<'t> {
    latex: &'t str,
    tokens: &'t [Token],
}

impl Reader<'_> {
    fn decide(&self) -> Result<Verdict, Refusal> {
        // Sides (their groups and token ranges) and the relations between them.
        let mut sides = Vec::new();
        let mut relations = Vec::new();
        let mut at = 0;
        loop {
            let (group, end) = self.group(at, 0)?;
            sides.push((group, at..end));
            match self.tokens.get(end) {
                Some(Token {
                    tok: Tok::Rel(rel),
                    at: offset,
                    ..
                }) => {
                    relations.push((*rel, *offset));
                    at = end + 1;
                }
                _ => break,
            }
        }
        let mut values = Vec::with_capacity(sides.len());
        for (group, _) in &sides {
            values.push(self.value(group)?);
        }
        for (i, &(rel, offset)) in relations.iter().enumerate() {
            if !rel.holds(values[i], values[i + 1]) {
                let message = self.falsity(&sides, &values, &relations, i);
                return Ok(Verdict::False {
                    at: offset,
                    message,
                });
            }
        }
        Ok(Verdict::Holds)
    }

    /// The group starting at token `at`, `depth` parentheses in, and the
    /// index of the token after it (a relation, a closing one, or the end).
    fn group(&self, at: usize, depth: usize) -> Result<(Group, usize), Refusal> {
        let (first, mut next) = self.operand(at, depth)?;
        let mut group = Group {
            first,
            rest: Vec::new(),
        };
        let mut arithmetic: Option<Op> = None;
        while let Some(Token {
            tok: Tok::Op(op),
            at: offset,
            ..
        }) = self.tokens.get(next)
        {
            match arithmetic {
                Some(seen) if seen.is_nim() != op.is_nim() => {
                    return Err(Refusal {
                        at: *offset,
                        message: mixed(*op, seen),
                    });
                }
                None => arithmetic = Some(*op),
                Some(_) => {}
            }
            let (operand, after) = self.operand(next + 1, depth)?;
            group.rest.push((*op, *offset, operand));
            next = after;
        }
        Ok((group, next))
    }

    /// The operand at token `at` and the index of the token after it.
    fn operand(&self, at: usize, depth: usize) -> Result<(Operand, usize), Refusal> {
        match self.tokens[at].tok {
            Tok::Open(_) => {
                let (inner, close) = self.group(at + 1, depth + 1)?;
                Ok((Operand::Group(Box::new(inner)), close + 1))
            }
            _ => Ok((Operand::Num(at), at + 1)),
        }
    }

    fn value(&self, group: &Group) -> Result<i128, Refusal> {
        // The additions so far and the one pending, then the product being built.
        let mut sum: Option<(i128, Op, usize)> = None;
        let mut term = self.operand_value(&group.first)?;
        for (op, at, operand) in &group.rest {
            let v = self.operand_value(operand)?;
            if op.is_product() {
                term = apply(*op, term, v, *at)?;
            } else {
                let done = match sum {
                    Some((s, pending, pending_at)) => apply(pending, s, term, pending_at)?,
                    None => term,
                };
                sum = Some((done, *op, *at));
                term = v;
            }
        }
        match sum {
            Some((s, pending, pending_at)) => apply(pending, s, term, pending_at),
            None => Ok(term),
        }
    }

    fn operand_value(&self, operand: &Operand) -> Result<i128, Refusal> {
        match operand {
            Operand::Group(group) => self.value(group),
            Operand::Num(i) => {
                let t = self.tokens[*i];
                let digits = &self.latex[t.at..t.end];
                digits.parse::<i128>().map_err(|_| Refusal {
                    at: t.at,
                    message: format!(
                        "the numeral {} is past 2^127 − 1, the largest number arithmetic is \
                         checked with (MAX_ARITHMETIC_VALUE)",
                        cut(digits)
                    ),
                })
            }
        }
    }

    /// The words of a false relation: the relation, each side's value, and
    /// which link of a longer chain it is.
    fn falsity(
        &self,
        sides: &[(Group, std::ops::Range<usize>)],
        values: &[i128],
        relations: &[(Rel, usize)],
        i: usize,
    ) -> String {
        let (left, right) = (&sides[i].1, &sides[i + 1].1);
        let mut message = format!(
            "{} {} {}",
            self.shown(left.clone()),
            relations[i].0.symbol(),
            self.shown(right.clone())
        );
        // A side that is one numeral needs no value.
        let sides_shown: Vec<String> = [(left, values[i]), (right, values[i + 1])]
            .into_iter()
            .filter(|(range, _)| range.len() > 1)
            .map(|(range, v)| format!("{} is {}", self.shown(range.clone()), number(v)))
            .collect();
        let mut notes = Vec::new();
        if !sides_shown.is_empty() {
            notes.push(sides_shown.join(", "));
        }
        if relations.len() > 1 {
            let whole = self.shown(0..self.tokens.len());
            notes.push(format!("the {} relation of {whole}", ordinal(i + 1)));
        }
        if !notes.is_empty() {
            message.push_str(&format!(" ({})", notes.join("; ")));
        }
        message
    }

    /// Tokens as a reader sees them: `12 ⊕ (3 × 4)`.
    fn shown(&self, range: std::ops::Range<usize>) -> String {
        let mut out = String::new();
        let mut after_open = true;
        for t in &self.tokens[range] {
            let text = match t.tok {
                Tok::Num => &self.latex[t.at..t.end],
                Tok::Op(op) => op.symbol(),
                Tok::Rel(rel) => rel.symbol(),
                Tok::Open('(') => "(",
                Tok::Open(_) => "[",
                Tok::Close(')') => ")",
                Tok::Close(_) => "]",
            };
            if !after_open && !matches!(t.tok, Tok::Close(_)) {
                out.push(' ');
            }
            out.push_str(text);
            after_open = matches!(t.tok, Tok::Open(_));
        }
        cut(&out)
    }
}

/// `a op b`, checked.
fn apply(op: Op, a: i128, b: i128, at: usize) -> Result<i128, Refusal> {
    let overflow = || Refusal {
        at,
        message: format!(
            "{} overflows: arithmetic is checked with integers up to 2^127 − 1 in size \
             (MAX_ARITHMETIC_VALUE), and {} {} {} is past it",
            op.symbol(),
            number(a),
            op.symbol(),
            number(b)
        ),
    };
    match op {
        Op::Plus => a.checked_add(b).ok_or_else(overflow),
        Op::Minus => a.checked_sub(b).ok_or_else(overflow),
        Op::Times | Op::Dot => a.checked_mul(b).ok_or_else(overflow),
        Op::NimSum | Op::NimProduct => {
            let nimber = |v: i128| {
                cgt::Value::try_from(v).map_err(|_| Refusal {
                    at,
                    message: format!(
                        "{} takes nimbers from 0 to 2^64 − 1 (MAX_NIMBER), and {} is not one",
                        op.symbol(),
                        number(v)
                    ),
                })
            };
            let (x, y) = (nimber(a)?, nimber(b)?);
            let v = if op == Op::NimSum {
                nim_sum(&[x, y])
            } else {
                nim_product(x, y)
            };
            Ok(i128::from(v))
        }
    }
}

/// The refusal of ordinary and nim operations side by side.
fn mixed(op: Op, seen: Op) -> String {
    format!(
        "{} and {} mixed without parentheses: nim arithmetic (⊕, ⊗) and ordinary arithmetic \
         (+, −, ×, ·) have no agreed order between them, so this is not checked; write \
         parentheses, as in (1 + 2) ⊕ 3 or 1 + (2 ⊕ 3)",
        op.symbol(),
        seen.symbol()
    )
}

/// A value as a reader writes it, with a true minus sign.
fn number(v: i128) -> String {
    if v < 0 {
        format!("−{}", v.unsigned_abs())
    } else {
        v.to_string()
    }
}

/// At most [`SHOWN_CHARS`] characters of `text`, cut with `…`.
fn cut(text: &str) -> String {
    if text.chars().count() <= SHOWN_CHARS {
        return text.to_owned();
    }
    let mut shown: String = text.chars().take(SHOWN_CHARS - 1).collect();
    shown.push('…');
    shown
}

fn ordinal(n: usize) -> String {
    const WORDS: [&str; 10] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    match WORDS.get(n.wrapping_sub(1)) {
        Some(word) => (*word).to_owned(),
        None => format!("{n}th"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holds(latex: &str) -> bool {
        match check(latex) {
            Verdict::Holds => true,
            Verdict::False { .. } => false,
            other => panic!("{latex}: {other:?}"),
        }
    }

    fn falsity(latex: &str) -> (usize, String) {
        match check(latex) {
            Verdict::False { at, message } => (at, message),
            other => panic!("{latex}: {other:?}"),
        }
    }

    fn refusal(latex: &str) -> (usize, String) {
        match check(latex) {
            Verdict::Refused { at, message } => (at, message),
            other => panic!("{latex}: {other:?}"),
        }
    }

    #[test]
    fn true_arithmetic_holds() {
        for latex in [
            r"12 \oplus 7 = 11",
            "12 ⊕ 7 = 11",
            r"1 + 1 = 2",
            r"24 - 12 = 12",
            "24 − 12 = 12",
            r"16 \times 8 = 128",
            r"4 \cdot 6 \cdot 8 = 192",
            r"2 \otimes 2 = 3",
            "2 ⊗ 3 = 1",
            r"(1 \otimes 2) \oplus (2 \otimes 1) \oplus (1 \otimes 1) = 2 \oplus 2 \oplus 1 = 1",
            r"3 < 4 \le 4 \ne 5 > 2 \geq 2",
            r"3 \lt 4 \gt 1 \leq 1 \ge 0 \neq 1",
            "3 ≤ 3 ≥ 2 ≠ 1",
            r"1 - 2 < 0",
            r"\left( 1 + 2 \right) \times 3 = 9",
            r"\bigl[ (1 + 2) \cdot 3 \bigr] - 1 = 8",
            r"1 + 1 = 2.",
            r"1 + 1 = 2,",
            r"1+1=2",
            r"2\,\times\,3 = 6",
            r"0 = 0",
        ] {
            assert!(holds(latex), "{latex}");
        }
    }

    #[test]
    fn false_arithmetic_is_caught_at_its_relation() {
        let (at, message) = falsity(r"12 \oplus 7 = 10");
        assert_eq!(at, 12);
        assert_eq!(message, "12 ⊕ 7 = 10 (12 ⊕ 7 is 11)");
        let (at, message) = falsity(r"3 + 4 < 2 \times 3");
        assert_eq!(at, 6);
        assert_eq!(message, "3 + 4 < 2 × 3 (3 + 4 is 7, 2 × 3 is 6)");
        let (at, message) = falsity(r"1 + 1 = 2 = 3");
        assert_eq!(at, 10);
        assert_eq!(message, "2 = 3 (the second relation of 1 + 1 = 2 = 3)");
        let (_, message) = falsity(r"(1 + 1) \cdot 2 = 1 - 3");
        assert_eq!(
            message,
            "(1 + 1) · 2 = 1 − 3 ((1 + 1) · 2 is 4, 1 − 3 is −2)"
        );
        for latex in [
            "1 = 2",
            "2 < 1",
            "1 > 1",
            r"2 \le 1",
            r"1 \ge 2",
            r"1 \ne 1",
            r"2 \otimes 2 = 4",
            r"2 \oplus 3 = 5",
            r"8 - 4 - 2 = 6",
        ] {
            assert!(!holds(latex), "{latex}");
        }
    }

    #[test]
    fn what_is_not_closed_arithmetic_is_skipped() {
        for latex in [
            "G(n) = 0",
            r"a \oplus b",
            r"x_1 \oplus x_2 = 0",
            "0",
            "8 - 4",
            r"2^{12} = 4096",
            r"2_3 = 1",
            r"\{0, 1, 2\}",
            "[7, 4, 3]",
            "1, 1, 1",
            r"0{\cdot}77",
            "07 = 7",
            "1.5 = 1",
            r"\frac{1}{2} = 1",
            r"1 = 1 \text{ and }",
            "=",
            "= 0",
            "1 +",
            "1 + = 2",
            "+ 1 = 1",
            "-1 < 0",
            "2 3 = 23",
            r"2\,(3) = 6",
            "(1 = 1)",
            "(1 + 2 = 3",
            "(1 + 2] = 3",
            "() = 0",
            r"1 = 1 \qquad 2 = 2",
            r"\left. 1 = 1 \right|",
            r"1 \approx 1",
            r"1 \% 2 = 1",
            "",
        ] {
            assert_eq!(check(latex), Verdict::Skipped, "{latex}");
        }
    }

    #[test]
    fn braces_group_nothing_because_latex_draws_none() {
        // The reader sees 1 + 2 × 3, which is 7.
        assert!(holds(r"{1 + 2} \times 3 = 7"));
        assert!(!holds(r"{1 + 2} \times 3 = 9"));
    }

    #[test]
    fn products_bind_tighter_and_operations_go_left_to_right() {
        assert!(holds(r"1 + 2 \times 3 = 7"));
        assert!(holds(r"2 \times 3 + 1 = 7"));
        assert!(holds(r"8 - 4 - 2 = 2"));
        assert!(holds(r"10 - 2 \cdot 3 - 1 = 3"));
        // ⊗ before ⊕: 1 ⊕ (2 ⊗ 2) = 1 ⊕ 3 = 2; (1 ⊕ 2) ⊗ 2 would be 3 ⊗ 2 = 1.
        assert!(holds(r"1 \oplus 2 \otimes 2 = 2"));
        assert!(holds(r"2 \otimes 2 \oplus 1 = 2"));
        assert!(holds(r"(1 \oplus 2) \otimes 2 = 1"));
    }

    #[test]
    fn ordinary_and_nim_arithmetic_do_not_mix_without_parentheses() {
        let (at, message) = refusal(r"1 + 2 \oplus 3 = 0");
        assert_eq!(at, 6);
        assert!(
            message.starts_with("⊕ and + mixed without parentheses"),
            "{message}"
        );
        let (at, _) = refusal(r"2 \otimes 3 \times 1 = 1");
        assert_eq!(at, 12);
        refusal("2 × 3 ⊕ 1 = 7");
        refusal(r"(1 + 2 \oplus 3) = 0");
        // With parentheses each reading is checked.
        assert!(holds(r"(1 + 2) \oplus 3 = 0"));
        assert!(holds(r"1 + (2 \oplus 3) = 2"));
        assert!(holds(r"1 + 2 = 3 \oplus 0"));
    }

    #[test]
    fn an_overflow_is_an_error_at_its_operator_not_a_panic() {
        let big = i128::MAX.to_string();
        let (at, message) = refusal(&format!("{big} + 1 > 0"));
        assert_eq!(at, big.len() + 1);
        assert!(message.contains("MAX_ARITHMETIC_VALUE"), "{message}");
        refusal(&format!("0 - {big} - 2 < 0"));
        refusal(&format!("{big} \\times 2 > 0"));
        assert!(holds(&format!("{big} - 1 < {big}")));
        let (at, message) = refusal(&format!("{big}0 = 0"));
        assert_eq!(at, 0);
        assert!(message.contains("past 2^127 − 1"), "{message}");
    }

    #[test]
    fn nim_operations_take_nimbers_only() {
        let max = u64::MAX;
        assert!(holds(&format!("{max} \\oplus {max} = 0")));
        assert!(holds(&format!("{max} \\otimes 1 = {max}")));
        let (at, message) = refusal(&format!("{} \\oplus 1 = 0", u128::from(max) + 1));
        assert_eq!(at, 21);
        assert!(message.contains("MAX_NIMBER"), "{message}");
        let (_, message) = refusal(r"(1 - 2) \oplus 1 = 0");
        assert!(message.contains("−1 is not one"), "{message}");
    }

    #[test]
    fn parentheses_nest_to_the_limit_and_no_further() {
        let n = MAX_ARITHMETIC_NESTING;
        let at_limit = format!("{}1{} = 1", "(".repeat(n), ")".repeat(n));
        assert!(holds(&at_limit));
        let past = format!("{}1{} = 1", "(".repeat(n + 1), ")".repeat(n + 1));
        let (at, message) = refusal(&past);
        assert_eq!(at, n);
        assert!(message.contains("MAX_ARITHMETIC_NESTING"), "{message}");
        // A long flat chain is read without recursion.
        let long = format!("{}1 = 100000", "1 + ".repeat(99_999));
        assert!(holds(&long));
    }

    #[test]
    fn long_sides_are_cut_in_the_message() {
        let long = format!("{}1 = 0", "1 + ".repeat(100));
        let (_, message) = falsity(&long);
        assert!(message.contains('…'), "{message}");
        assert!(message.len() < 400, "{message}");
    }

    /// A flat expression of one arithmetic, written as LaTeX, and its value
    /// worked out the long way: every product first, then the sums from the left.
    fn straightforward(numbers: &[u64], ops: &[Op]) -> Option<i128> {
        let mut terms: Vec<i128> = vec![i128::from(numbers[0])];
        let mut adds: Vec<Op> = Vec::new();
        for (op, &n) in ops.iter().zip(&numbers[1..]) {
            let n = i128::from(n);
            let last = terms.last_mut()?;
            match op {
                Op::Times | Op::Dot => *last = last.checked_mul(n)?,
                Op::NimProduct => {
                    *last = i128::from(nim_product(
                        u64::try_from(*last).ok()?,
                        u64::try_from(n).ok()?,
                    ))
                }
                _ => {
                    adds.push(*op);
                    terms.push(n);
                }
            }
        }
        let mut total = terms[0];
        for (op, t) in adds.iter().zip(&terms[1..]) {
            total = match op {
                Op::Plus => total.checked_add(*t)?,
                Op::Minus => total.checked_sub(*t)?,
                _ => i128::from(u64::try_from(total).ok()? ^ u64::try_from(*t).ok()?),
            };
        }
        Some(total)
    }

    fn is_false(verdict: &Verdict) -> bool {
        matches!(verdict, Verdict::False { .. })
    }

    fn latex_of(numbers: &[u64], ops: &[Op]) -> String {
        let mut out = numbers[0].to_string();
        for (op, n) in ops.iter().zip(&numbers[1..]) {
            let written = match op {
                Op::Plus => "+",
                Op::Minus => "-",
                Op::Times => r"\times",
                Op::Dot => r"\cdot",
                Op::NimSum => r"\oplus",
                Op::NimProduct => r"\otimes",
            };
            out.push_str(&format!(" {written} {n}"));
        }
        out
    }

    proptest::proptest! {
        #[test]
        fn flat_arithmetic_agrees_with_the_long_way(
            nim in proptest::bool::ANY,
            numbers in proptest::collection::vec(0u64..1000, 1..8),
            picks in proptest::collection::vec(0usize..3, 7),
        ) {
            let family: &[Op] = if nim {
                &[Op::NimSum, Op::NimProduct, Op::NimSum]
            } else {
                &[Op::Plus, Op::Minus, Op::Times]
            };
            let ops: Vec<Op> = picks[..numbers.len() - 1].iter().map(|&p| family[p]).collect();
            let latex = latex_of(&numbers, &ops);
            let value = straightforward(&numbers, &ops).expect("small numbers do not overflow");
            let sign = if value < 0 { "0 - " } else { "" };
            let right = format!("{sign}{}", value.unsigned_abs());
            proptest::prop_assert_eq!(check(&format!("{latex} = {right}")), Verdict::Holds);
            let off_by_one = check(&format!("{latex} = {right} + 1"));
            proptest::prop_assert!(is_false(&off_by_one), "{:?}", off_by_one);
            let unequal = check(&format!("{latex} \\ne {right}"));
            proptest::prop_assert!(is_false(&unequal), "{:?}", unequal);
        }
    }
}
