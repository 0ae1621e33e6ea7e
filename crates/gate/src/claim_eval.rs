//! Checking and inserting inline claims: the facts a claim names are bound to
//! variables of a CEL program (the `cel` crate), with the functions essays
//! need (nim-sum, nim product, powers of two, slices of lists), and its value
//! is checked or shown in prose.

use std::sync::Arc;

use cel::extractors::Arguments;
use cel::parser::Expression;
use cel::{Context, ExecutionError, Program, Value};
use serde_json::Value as Json;

use crate::claim::{Claim, FactPath, Form};
use crate::claim_work::{self, MAX_CLAIM_WORK, Meter, fact_weight, metered};
use crate::facts::{EssayFacts, Facts, Found};
use crate::literal::{SHOWN_ITEMS, compare, difference, parse_stated, prose, show_cut};
use crate::provenance::{Notes, Role, Source, claim_note, opener};
use cgt::nimber;
use grundy_load::error::ErrorKind;
use grundy_text::catalogue::Catalogue;
use grundy_text::html::escape;
use grundy_text::list::thousands;

/// The longest list `range(n)` makes.
pub const MAX_RANGE: u64 = 65_536;

#[cfg(test)]
/// A claim's HTML, and whether it checked something; `Err(None)` when a
/// directive it names failed (its error is reported there).
pub(crate) fn evaluate(
    claim: &Claim,
    facts: &Facts,
    here: &str,
) -> Result<(String, bool), Option<ErrorKind>> {
    evaluate_in(claim, facts, here, None, None)
}

#[cfg(test)]
/// As [`evaluate`], with the essay's own facts given, and with the note
/// saying how the number is known when `note` gives its element's id.
pub(crate) fn evaluate_in(
    claim: &Claim,
    facts: &Facts,
    here: &str,
    own: Option<&EssayFacts>,
    note: Option<&str>,
) -> Result<(String, bool), Option<ErrorKind>> {
    let english = grundy_text::catalogue::Catalogue::default();
    let notes = Notes {
        audience: crate::provenance::Audience::Author,
        words: &english,
    };
    let note = note.map(|id| (id, notes));
    evaluate_counted(claim, facts, here, own, note, &mut 0)
}

/// A claim's HTML, and whether it checked something, with the essay's own
/// facts given, and with the note saying how the number is known when
/// `note` gives its element's id and whom it is written for; `Err(None)` when a directive it names
/// failed. Adds to `work` the units the claim spent: the weight of every
/// fact it read and what its quantifiers did.
pub fn evaluate_counted(
    claim: &Claim,
    facts: &Facts,
    here: &str,
    own: Option<&EssayFacts>,
    note: Option<(&str, Notes<'_>)>,
    work: &mut u64,
) -> Result<(String, bool), Option<ErrorKind>> {
    let found = find_all(claim, facts, here, own)?;
    *work += found.iter().map(|f| fact_weight(f.value)).sum::<u64>();
    let sources: Vec<&Source> = found.iter().filter_map(|f| f.source).collect();
    let read = (!claim.paths.is_empty()).then_some(sources.as_slice());
    let words = note.map_or(Catalogue::english(), |(_, notes)| notes.words);
    let noted = |role| note.map(|(id, notes)| (id, claim_note(id, role, &claim.text, read, notes)));
    if let Form::Stated(path, literal) = &claim.form {
        return check_stated(path, literal, &found[0], noted(Role::Checked), words).map_err(Some);
    }
    let program = compile(claim).map_err(Some)?;
    let meter = Meter::new(MAX_CLAIM_WORK);
    let context = context(&found, &meter).map_err(Some)?;
    let value = context.resolve(&program);
    *work += meter.spent();
    if meter.exhausted() {
        return Err(Some(too_much_work(claim, &meter)));
    }
    let value = value.map_err(|e| Some(execution_error(claim, &found, &e)))?;
    match (&claim.form, value) {
        (Form::Insert, value) => {
            let shown = insertable(claim, &value, words).map_err(Some)?;
            Ok((
                span("fact", &claim.text, &shown, noted(Role::Inserted)),
                false,
            ))
        }
        (_, Value::Bool(true)) => {
            let noted = noted(Role::Checked);
            let html = match shown_when_true(claim, &found, &context, words) {
                Some(text) => span("fact checked", &claim.text, &text, noted),
                None => {
                    let (open, note) = opened(noted);
                    format!(
                        "<span class=\"claim checked\" data-claim=\"{}\"{open}>{CHECK_MARK}{note}</span>",
                        escape(&claim.text)
                    )
                }
            };
            Ok((html, true))
        }
        (_, Value::Bool(false)) => Err(Some(ErrorKind::FalseClaim {
            claim: claim.text.clone(),
            values: values_shown(claim, &found, &context),
        })),
        (_, other) => Err(Some(ErrorKind::Claim(format!(
            "a claim must be true or false, and `{}` is {}; to insert a value write `{{={}}}`",
            claim.text,
            described(&other),
            claim.text
        )))),
    }
}

/// Every fact the claim names; `Err(None)` when one belongs to an essay that
/// failed (its own error was reported), `Err(Some(_))` when one is unknown.
fn find_all<'f>(
    claim: &Claim,
    facts: &'f Facts,
    here: &str,
    own: Option<&'f EssayFacts>,
) -> Result<Vec<Found<'f>>, Option<ErrorKind>> {
    let mut found = Vec::with_capacity(claim.paths.len());
    for path in &claim.paths {
        match facts.find_from(here, own, path) {
            Ok(Some(f)) => found.push(f),
            Ok(None) => return Err(None),
            Err(kind) => return Err(Some(kind)),
        }
    }
    Ok(found)
}

/// The old form `{id.fact = LITERAL}`: compared by `literal.rs`, shown as the fact.
fn check_stated(
    path: &FactPath,
    literal: &str,
    fact: &Found<'_>,
    noted: Option<(&str, String)>,
    words: &Catalogue,
) -> Result<(String, bool), ErrorKind> {
    let stated = parse_stated(literal);
    if !compare(&stated, fact.value) {
        return Err(ErrorKind::BrokenClaim {
            claimed: format!("{path} = {literal}"),
            computed: match difference(&stated, fact.value) {
                Some(d) => format!("{}; {}", show_cut(fact.value), d.words),
                None => show_cut(fact.value),
            },
            counterexample: None,
        });
    }
    let shown = prose(words, fact.value);
    Ok((span("fact checked", &path.to_string(), &shown, noted), true))
}

/// A claim that passed [`MAX_CLAIM_WORK`]: refused, with the limit named.
fn too_much_work(claim: &Claim, meter: &Meter) -> ErrorKind {
    ErrorKind::Claim(format!(
        "`{}` does more than {} units of work, the most a claim may do (each item a quantifier walks or makes is a unit); walk shorter lists, or grow them less at each step",
        claim.text,
        thousands(meter.limit())
    ))
}

/// An inserted value as prose shows it, or an error when prose cannot show it:
/// only numbers, text, truth values and lists of them read as words.
fn insertable(claim: &Claim, value: &Value, words: &Catalogue) -> Result<String, ErrorKind> {
    match unshowable(value) {
        None => Ok(written(words, value)),
        Some(what) => Err(ErrorKind::Claim(format!(
            "`{{={}}}` inserts {what}, which a page cannot show; an insertion must be a number, text, true or false, or a list of them",
            claim.text
        ))),
    }
}

/// What in `value` prose cannot show, if anything: null, bytes, a number
/// that is not finite, or a value of another type.
fn unshowable(value: &Value) -> Option<String> {
    match value {
        Value::Int(_) | Value::UInt(_) | Value::Bool(_) | Value::String(_) => None,
        Value::Map(map) => map.map.values().find_map(unshowable),
        Value::Float(x) if x.is_nan() => Some("a value that is not a number (NaN)".to_owned()),
        Value::Float(x) if x.is_infinite() => Some(format!("an infinite number ({x})")),
        Value::Float(_) => None,
        Value::List(items) => items
            .iter()
            .find_map(|item| unshowable(item).map(|what| format!("a list holding {what}"))),
        Value::Null => Some("null".to_owned()),
        Value::Bytes(b) => Some(format!("bytes ({} of them)", b.len())),
        other => Some(format!("a value of type {}", other.type_of())),
    }
}

/// The claim's CEL program, metered, or an error saying why it does not parse.
fn compile(claim: &Claim) -> Result<Expression, ErrorKind> {
    compile_metered(&claim.expr).map_err(|e| {
        let why = e
            .errors
            .first()
            .map_or_else(|| e.to_string(), |e| e.msg.clone());
        let why = if why.contains("'<EOF>'") {
            "it ends where more was expected".to_owned()
        } else {
            without_tokens(&why)
        };
        ErrorKind::Claim(format!(
            "`{}` does not parse: {}; expected an expression such as `a.x > b.y`",
            claim.text,
            unbind(&why, claim)
        ))
    })
}

/// The parser's message without its list of the grammar's tokens, which
/// name no symbol an author writes (`NUM_INT`, `IDENTIFIER`):
/// `Syntax error: mismatched input ']' expecting {…}` reads `unexpected `]``.
fn without_tokens(message: &str) -> String {
    let message = message.strip_prefix("Syntax error: ").unwrap_or(message);
    let message = message.split(" expecting ").next().unwrap_or(message);
    for lead in [
        "mismatched input ",
        "extraneous input ",
        "no viable alternative at input ",
    ] {
        if let Some(found) = message.strip_prefix(lead) {
            return format!("unexpected `{}`", found.trim_matches('\''));
        }
    }
    message.to_owned()
}

/// A CEL expression compiled and metered: every quantifier charges the
/// claim's meter ([`claim_work`]).
fn compile_metered(source: &str) -> Result<Expression, cel::ParseErrors> {
    Program::compile(source).map(|program| metered(program.expression().clone()))
}

/// The value of a part of a claim, when it has one within the claim's meter.
fn value_of(source: &str, context: &Context<'_, '_>) -> Option<Value> {
    context.resolve(&compile_metered(source).ok()?).ok()
}

/// What a true claim shows in the page besides its mark: the lone fact of
/// an equality (`{a.x = b.y + 1}` shows `a.x`), or a part of one fact stated
/// equal to a literal (`{a.values[12] = 1024}`, `{a.move.split = [1, 5]}`
/// show that part, in words: "1024", "1 and 5"); `None` for any other claim
/// (a count, a comparison), whose result the sentence around it says, and
/// which shows a check mark.
fn shown_when_true(
    claim: &Claim,
    found: &[Found<'_>],
    context: &Context,
    words: &Catalogue,
) -> Option<String> {
    let [l, r] = claim.sides.as_ref()?;
    if !claim.expr.contains("==") {
        return None;
    }
    let lone = [l, r]
        .iter()
        .find_map(|(_, e)| e.strip_prefix("_f")?.parse::<usize>().ok());
    if let Some(n) = lone {
        return Some(prose(words, found[n].value));
    }
    let (_, expr) = match (is_literal(&l.0), is_literal(&r.0)) {
        (false, true) => l,
        (true, false) => r,
        _ => return None,
    };
    if !is_part_of_fact(expr) {
        return None;
    }
    let value = value_of(expr, context)?;
    let shown = unshowable(&value)
        .is_none()
        .then(|| written(words, &value))?;
    (!shown.trim().is_empty()).then_some(shown)
}

/// Whether a bound expression is one fact, indexed by numbers or read by
/// field names (`_f0[12]`, `_f1[2][0]`, `_f0.take`, `_f0.split[1]`).
fn is_part_of_fact(expr: &str) -> bool {
    let Some(rest) = expr.strip_prefix("_f") else {
        return false;
    };
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    let mut rest = &rest[digits..];
    if digits == 0 || rest.is_empty() {
        return false;
    }
    while !rest.is_empty() {
        if let Some(inner) = rest.strip_prefix('[') {
            let Some((index, after)) = inner.split_once(']') else {
                return false;
            };
            if index.trim().is_empty() || !index.trim().chars().all(|c| c.is_ascii_digit()) {
                return false;
            }
            rest = after;
        } else if let Some(field) = rest.strip_prefix('.') {
            let end = field
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(field.len());
            if end == 0 || field[..end].starts_with(|c: char| c.is_ascii_digit()) {
                return false;
            }
            rest = &field[end..];
        } else {
            return false;
        }
    }
    true
}

/// The visible mark of a claim that shows no value: a check mark, which
/// opens the claim's note like a number does.
const CHECK_MARK: &str = "<span class=\"claim-mark\">\u{2713}</span>";

/// A number in prose, with its note (its id and HTML) when it has one.
fn span(class: &str, text: &str, shown: &str, noted: Option<(&str, String)>) -> String {
    let (open, note) = opened(noted);
    format!(
        "<span class=\"{class}\" data-fact=\"{}\"{open}>{}{note}</span>",
        escape(text),
        escape(shown)
    )
}

/// The attributes that open a note, and the note: both empty without one.
fn opened(noted: Option<(&str, String)>) -> (String, String) {
    noted.map_or_else(Default::default, |(id, note)| (opener(id), note))
}

/// The engine's words with the variables it was given named as the author wrote them.
fn unbind(message: &str, claim: &Claim) -> String {
    let mut out = message.to_owned();
    for (n, path) in claim.paths.iter().enumerate().rev() {
        out = out.replace(&format!("_f{n}"), &path.to_string());
    }
    out
}

fn execution_error(claim: &Claim, found: &[Found<'_>], e: &ExecutionError) -> ErrorKind {
    let why = match e {
        ExecutionError::IndexOutOfBounds(index) => past_the_end(claim, found, index),
        ExecutionError::NoSuchKey(key) => no_such_field(key, found),
        ExecutionError::UndeclaredReference(_) => format!(
            "{} (a fact is written `id.fact`, or `slug/id.fact` for another essay's)",
            unbind(&e.to_string(), claim)
        ),
        _ => unbind(&e.to_string(), claim),
    };
    ErrorKind::Claim(format!("`{}` cannot be evaluated: {why}", claim.text))
}

/// A field read that no table of the facts has, with the nearest field
/// that one of them has (`eight.move.splt`: did you mean `split`?).
fn no_such_field(key: &str, found: &[Found<'_>]) -> String {
    fn fields<'v>(value: &'v Json, out: &mut std::collections::BTreeSet<&'v str>) {
        match value {
            Json::Object(map) => {
                for (k, v) in map {
                    out.insert(k.as_str());
                    fields(v, out);
                }
            }
            Json::Array(items) => items.iter().take(SHOWN_ITEMS).for_each(|v| fields(v, out)),
            _ => {}
        }
    }
    let mut known = std::collections::BTreeSet::new();
    for f in found {
        fields(f.value, &mut known);
    }
    format!(
        "no field `{key}`{}",
        grundy_text::suggest::did_you_mean(key, known.iter().copied())
    )
}

/// An index past the end of a list, said with the list's length when the
/// claim names one list fact.
fn past_the_end(claim: &Claim, found: &[Found<'_>], index: &Value) -> String {
    let index = match index {
        Value::Int(i) => i.to_string(),
        Value::UInt(u) => u.to_string(),
        other => in_prose(other),
    };
    let lists: Vec<(String, usize)> = claim
        .paths
        .iter()
        .zip(found)
        .filter_map(|(path, f)| Some((path.to_string(), f.value.as_array()?.len())))
        .collect();
    match lists.as_slice() {
        [(path, 0)] => format!("index {index} is past the end of `{path}`, which is empty"),
        [(path, len)] => format!(
            "index {index} is past the end of `{path}`, a list of {len} (its indices are 0 to {})",
            len - 1
        ),
        _ => format!("index {index} is past the end of the list (a list's indices start at 0)"),
    }
}

/// The values of a false claim's sides and facts: `a.x = 53, b.y = 71`.
fn values_shown(claim: &Claim, found: &[Found<'_>], context: &Context<'_, '_>) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut shown_paths = Vec::new();
    if let Some(sides) = &claim.sides {
        for (written, expr) in sides {
            if let Some(n) = expr
                .strip_prefix("_f")
                .and_then(|n| n.parse::<usize>().ok())
            {
                shown_paths.push(n);
            }
            if is_literal(written) {
                continue;
            }
            if let Some(value) = value_of(expr, context) {
                parts.push(format!("{written} = {}", shown(&value)));
            }
        }
    }
    for (n, (path, f)) in claim.paths.iter().zip(found).enumerate() {
        if !shown_paths.contains(&n) {
            parts.push(format!("{path} = {}", show_cut(f.value)));
        }
    }
    parts.join(", ")
}

/// Whether a side of a claim is written as a value: a number, a truth
/// value, text, or a list of them (`[1, 5]`, `[[1, 2], [3]]`).
fn is_literal(text: &str) -> bool {
    let t = text.trim();
    if t.starts_with('[') && t.ends_with(']') && !t.contains('"') {
        return t
            .split(['[', ']', ','])
            .map(str::trim)
            .filter(|piece| !piece.is_empty())
            .all(is_literal);
    }
    t.parse::<f64>().is_ok() || matches!(t, "true" | "false" | "null") || t.starts_with('"')
}

/// A value in an error message.
fn shown(value: &Value) -> String {
    match value {
        Value::List(items) => {
            let head: Vec<String> = items.iter().take(SHOWN_ITEMS).map(shown).collect();
            if items.len() > SHOWN_ITEMS {
                format!("[{}, ... ({} in all)]", head.join(", "), items.len())
            } else {
                format!("[{}]", head.join(", "))
            }
        }
        Value::String(s) => format!("{:?}", s.as_str()),
        other => in_prose(other),
    }
}

/// What a value is, for "a claim must be true or false, and ... is".
fn described(value: &Value) -> String {
    match value {
        Value::Int(_) | Value::UInt(_) | Value::Float(_) => {
            format!("the number {}", in_prose(value))
        }
        Value::List(_) => format!("the list {}", shown(value)),
        Value::String(_) => format!("the text {}", shown(value)),
        other => format!("the value {}", shown(other)),
    }
}

/// A value as prose shows it in English (an error message): numbers
/// plainly, text bare, a list as "1, 2 and 5" (a list inside it in
/// brackets: "(1, 2) and (3, 4)").
pub fn in_prose(value: &Value) -> String {
    written(Catalogue::english(), value)
}

/// A value as a page shows it, in `words`: an integer of five digits or
/// more grouped by thousands, a list joined as the language joins one.
pub fn written(words: &Catalogue, value: &Value) -> String {
    match value {
        Value::Int(n) => words.number_in_prose(i128::from(*n)),
        Value::UInt(n) => words.number_in_prose(i128::from(*n)),
        Value::Float(x) => x.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::String(s) => s.to_string(),
        Value::List(items) => words.and_list(
            &items
                .iter()
                .map(|item| inner_prose(words, item))
                .collect::<Vec<_>>(),
        ),
        Value::Null => "nothing".to_owned(),
        Value::Map(map) => {
            let mut pairs: Vec<String> = map
                .map
                .iter()
                .map(|(k, v)| format!("{}: {}", key_text(k), written(words, v)))
                .collect();
            pairs.sort();
            pairs.join(", ")
        }
        other => format!("{other:?}"),
    }
}

/// An item of a list in prose: a list inside it bracketed, so that the
/// outer list's "and" reads apart from the inner one's commas.
fn inner_prose(words: &Catalogue, value: &Value) -> String {
    match value {
        Value::List(items) => format!(
            "({})",
            items
                .iter()
                .map(|item| inner_prose(words, item))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => written(words, other),
    }
}

fn key_text(key: &cel::objects::Key) -> String {
    match key {
        cel::objects::Key::String(s) => s.to_string(),
        cel::objects::Key::Int(n) => n.to_string(),
        cel::objects::Key::Uint(n) => n.to_string(),
        cel::objects::Key::Bool(b) => b.to_string(),
    }
}

/// A JSON fact as a CEL value: integers as `int` where they fit.
pub fn to_cel(value: &Json) -> Value {
    match value {
        Json::Null => Value::Null,
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => Value::Int(i),
            (None, Some(u), _) => Value::UInt(u),
            (_, _, Some(x)) => Value::Float(x),
            _ => Value::Null,
        },
        Json::String(s) => Value::String(Arc::new(s.clone())),
        Json::Array(items) => Value::List(Arc::new(items.iter().map(to_cel).collect())),
        Json::Object(map) => {
            let map: std::collections::HashMap<String, Value> =
                map.iter().map(|(k, v)| (k.clone(), to_cel(v))).collect();
            Value::from(map)
        }
    }
}

/// The context a claim runs in: its facts as `_f0`, `_f1`..., the functions,
/// and the meter its quantifiers charge.
fn context<'a>(found: &[Found<'_>], meter: &Arc<Meter>) -> Result<Context<'a, 'a>, ErrorKind> {
    let mut context = Context::default();
    for (n, f) in found.iter().enumerate() {
        context.add_variable_from_value(format!("_f{n}"), to_cel(f.value));
    }
    let setup = |e: cel::DeclarationError| ErrorKind::Claim(format!("the claim language: {e}"));
    claim_work::install(&mut context, Arc::clone(meter)).map_err(setup)?;
    context.add_function("nimsum", nim_sum).map_err(setup)?;
    context.add_function("nimprod", nim_prod).map_err(setup)?;
    context
        .add_function("pow2", |n: i64| n > 0 && n & (n - 1) == 0)
        .map_err(setup)?;
    context.add_function("from", from).map_err(setup)?;
    context.add_function("slice", slice).map_err(setup)?;
    context.add_function("len", len).map_err(setup)?;
    context.add_function("range", range).map_err(setup)?;
    context.add_function("sum", sum).map_err(setup)?;
    context
        .add_function("max", cel::functions::max)
        .map_err(setup)?;
    context
        .add_function("min", cel::functions::min)
        .map_err(setup)?;
    Ok(context)
}

fn fail(function: &str, message: impl ToString) -> ExecutionError {
    ExecutionError::function_error(function, message.to_string())
}

/// The numbers of a call: its arguments, or the items of its one list argument.
fn numbers(function: &str, args: &[Value]) -> Result<Vec<u64>, ExecutionError> {
    let items: &[Value] = match args {
        [Value::List(items)] => items,
        _ => args,
    };
    items
        .iter()
        .map(|v| match v {
            Value::Int(n) if *n >= 0 => Ok(*n as u64),
            Value::UInt(n) => Ok(*n),
            other => Err(fail(
                function,
                format!("expected numbers from 0 up, got {}", shown(other)),
            )),
        })
        .collect()
}

fn number(n: u64) -> Value {
    i64::try_from(n).map_or(Value::UInt(n), Value::Int)
}

fn nim_sum(Arguments(args): Arguments) -> Result<Value, ExecutionError> {
    Ok(number(nimber::nim_sum(&numbers("nimsum", &args)?)))
}

fn nim_prod(Arguments(args): Arguments) -> Result<Value, ExecutionError> {
    match numbers("nimprod", &args)?.as_slice() {
        [a, b] => Ok(number(nimber::nim_product(*a, *b))),
        _ => Err(fail("nimprod", "expected two numbers")),
    }
}

fn list_arg<'a>(function: &str, value: &'a Value) -> Result<&'a Arc<Vec<Value>>, ExecutionError> {
    match value {
        Value::List(items) => Ok(items),
        other => Err(fail(
            function,
            format!("expected a list, got {}", shown(other)),
        )),
    }
}

fn index(function: &str, value: &Value, len: usize) -> Result<usize, ExecutionError> {
    match value {
        Value::Int(i) if *i >= 0 && *i as u64 <= len as u64 => Ok(*i as usize),
        Value::UInt(i) if *i <= len as u64 => Ok(*i as usize),
        other => Err(fail(
            function,
            format!("index {} is outside 0..={len}", shown(other)),
        )),
    }
}

/// `from(list, i)`: the items from index `i` on.
fn from(Arguments(args): Arguments) -> Result<Value, ExecutionError> {
    let [list, i] = args.as_slice() else {
        return Err(fail("from", "expected a list and an index"));
    };
    let items = list_arg("from", list)?;
    let i = index("from", i, items.len())?;
    Ok(Value::List(Arc::new(items[i..].to_vec())))
}

/// `slice(list, i, j)`: the items from index `i` up to, not including, `j`.
fn slice(Arguments(args): Arguments) -> Result<Value, ExecutionError> {
    let [list, i, j] = args.as_slice() else {
        return Err(fail("slice", "expected a list and two indices"));
    };
    let items = list_arg("slice", list)?;
    let (i, j) = (
        index("slice", i, items.len())?,
        index("slice", j, items.len())?,
    );
    if i > j {
        return Err(fail("slice", format!("start {i} is after end {j}")));
    }
    Ok(Value::List(Arc::new(items[i..j].to_vec())))
}

/// `range(n)`: the numbers 0 to n - 1, so that "every number below n" can
/// be quantified over; at most [`MAX_RANGE`] of them.
fn range(Arguments(args): Arguments) -> Result<Value, ExecutionError> {
    let [n] = numbers("range", &args)?[..] else {
        return Err(fail("range", "expected one number"));
    };
    if n > MAX_RANGE {
        return Err(fail(
            "range",
            format!("range({n}) is past {MAX_RANGE} numbers, the longest range a claim may make"),
        ));
    }
    Ok(Value::List(Arc::new((0..n).map(number).collect())))
}

fn len(Arguments(args): Arguments) -> Result<Value, ExecutionError> {
    match args.as_slice() {
        [Value::List(items)] => Ok(Value::Int(items.len() as i64)),
        [Value::String(s)] => Ok(Value::Int(s.chars().count() as i64)),
        _ => Err(fail("len", "expected one list or text")),
    }
}

fn sum(Arguments(args): Arguments) -> Result<Value, ExecutionError> {
    let items: &[Value] = match args.as_slice() {
        [Value::List(items)] => items,
        other => other,
    };
    let mut total: i64 = 0;
    for v in items {
        let n = match v {
            Value::Int(n) => *n,
            Value::UInt(n) => i64::try_from(*n).map_err(|_| fail("sum", "too large"))?,
            other => {
                return Err(fail(
                    "sum",
                    format!("expected numbers, got {}", shown(other)),
                ));
            }
        };
        total = total
            .checked_add(n)
            .ok_or_else(|| fail("sum", "too large"))?;
    }
    Ok(Value::Int(total))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claim::{Inline, recognise};
    use crate::facts::{DirectiveFacts, EssayFacts};
    use crate::provenance::Source;
    use serde_json::json;

    fn site() -> Facts {
        let mut facts = Facts::default();
        let mut essay = EssayFacts::default();
        for (id, pre, per) in [("kayles", 71, 12), ("dawsons", 53, 34)] {
            let mut d = DirectiveFacts::default();
            d.values.insert("preperiod".into(), json!(pre));
            d.values.insert("period".into(), json!(per));
            essay.ids.insert(id.into(), d);
        }
        let mut mogul = DirectiveFacts::default();
        let values: Vec<u64> = (1..=20u64)
            .map(|p| match p {
                13 => 1024,
                17 => 2048,
                p => p * 3 + 100,
            })
            .collect();
        mogul.values.insert("values".into(), json!(values));
        essay.ids.insert("mogul".into(), mogul);
        let mut heaps = DirectiveFacts::default();
        heaps.values.insert(
            "move".into(),
            json!({"heap": 1, "take": 3, "leave": 0, "split": [1, 5]}),
        );
        heaps.values.insert("rows".into(), json!([1, 5]));
        heaps
            .values
            .insert("move-words".into(), json!("take 3 from heap 1"));
        essay.ids.insert("pos".into(), heaps);
        facts.essays.insert("periodicity".into(), essay);
        facts
    }

    fn run(code: &str) -> Result<String, String> {
        let Inline::Claim(claim) = recognise(code) else {
            return Err(format!("not a claim: {code}"));
        };
        evaluate(&claim, &site(), "periodicity")
            .map(|(html, _)| html)
            .map_err(|e| e.map_or("silent".into(), |k| k.to_string()))
    }

    #[test]
    fn comparisons_hold_or_fail_with_both_sides() {
        assert!(run("{kayles.preperiod > dawsons.preperiod}").is_ok());
        assert_eq!(
            run("{dawsons.preperiod > kayles.preperiod}").unwrap_err(),
            "claim is false: dawsons.preperiod > kayles.preperiod (dawsons.preperiod = 53, kayles.preperiod = 71)"
        );
        assert_eq!(
            run("{kayles.preperiod - dawsons.preperiod <= 10}").unwrap_err(),
            "claim is false: kayles.preperiod - dawsons.preperiod <= 10 (kayles.preperiod - dawsons.preperiod = 18, kayles.preperiod = 71, dawsons.preperiod = 53)"
        );
        assert_eq!(
            run("{periodicity/kayles.period == 12}").unwrap(),
            "<span class=\"fact checked\" data-fact=\"periodicity/kayles.period == 12\">12</span>"
        );
    }

    #[test]
    fn an_equality_with_a_literal_shows_the_computed_side() {
        assert_eq!(
            run("{mogul.values[12] = 1024}").unwrap(),
            "<span class=\"fact checked\" data-fact=\"mogul.values[12] = 1024\">1024</span>"
        );
        assert_eq!(
            run("{2048 == mogul.values[16]}").unwrap(),
            "<span class=\"fact checked\" data-fact=\"2048 == mogul.values[16]\">2048</span>"
        );
        // A count, or a comparison, says its result in the sentence around
        // it, and shows a check mark.
        assert_eq!(
            run("{from(mogul.values, 12).count(x, pow2(x)) = 2}").unwrap(),
            "<span class=\"claim checked\" data-claim=\"from(mogul.values, 12).count(x, pow2(x)) = 2\"><span class=\"claim-mark\">\u{2713}</span></span>"
        );
        assert_eq!(
            run("{mogul.values[12] > 1000}").unwrap(),
            "<span class=\"claim checked\" data-claim=\"mogul.values[12] &gt; 1000\"><span class=\"claim-mark\">\u{2713}</span></span>"
        );
        // A part of a fact read by field names shows, a list in words.
        assert_eq!(
            run("{pos.move.take = 3}").unwrap(),
            "<span class=\"fact checked\" data-fact=\"pos.move.take = 3\">3</span>"
        );
        assert_eq!(
            run("{pos.rows = [1, 5]}").unwrap(),
            "<span class=\"fact checked\" data-fact=\"pos.rows\">1 and 5</span>"
        );
        assert_eq!(
            run("{pos.move.split = [1, 5]}").unwrap(),
            "<span class=\"fact checked\" data-fact=\"pos.move.split = [1, 5]\">1 and 5</span>"
        );
    }

    #[test]
    fn quantifiers_walk_lists() {
        assert!(run("{from(mogul.values, 12).any(x, pow2(x))}").is_ok());
        assert!(run("{from(mogul.values, 12).count(x, pow2(x)) = 2}").is_ok());
        assert!(run("{mogul.values.all(x, x > 0)}").is_ok());
        let err = run("{from(mogul.values, 12).all(x, !pow2(x))}").unwrap_err();
        assert!(
            err.starts_with(
                "claim is false: from(mogul.values, 12).all(x, !pow2(x)) (mogul.values = [103, 106,"
            ),
            "{err}"
        );
    }

    #[test]
    fn nim_arithmetic_and_slices() {
        assert!(run("{nimsum(1, 2, 3) = 0}").is_ok());
        assert!(run("{nimsum([5, 3]) = 6}").is_ok());
        assert!(run("{nimprod(2, 2) = 3}").is_ok());
        assert!(run("{slice(mogul.values, 12, 13) = [1024]}").is_ok());
        assert!(run("{len(mogul.values) = 20 && mogul.values[16] = 2048}").is_ok());
        assert!(run("{sum([1, 2]) = max([3, 1]) && min(4, 2) = 2}").is_ok());
        let err = run("{from(mogul.values, 40) = []}").unwrap_err();
        assert!(err.contains("outside 0..=20"), "{err}");
    }

    #[test]
    fn a_range_is_every_number_below() {
        assert!(run("{range(3) = [0, 1, 2]}").is_ok());
        assert!(run("{range(0) = []}").is_ok());
        assert!(run("{range(4).all(k, k in [0, 1, 2, 3, 9]) = true}").is_ok());
        assert!(run("{range(5).all(k, k in [0, 1, 2, 3]) = true}").is_err());
        let err = run("{range(65537) = []}").unwrap_err();
        assert!(err.contains("past 65536 numbers"), "{err}");
        assert!(
            run("{range(1, 2) = []}")
                .unwrap_err()
                .contains("expected one number")
        );
    }

    #[test]
    fn numbers_and_claims_open_their_notes() {
        let Inline::Claim(claim) = recognise("{=kayles.period}") else {
            panic!("a claim");
        };
        let mut facts = site();
        let essay = facts.essays.get_mut("periodicity").unwrap();
        essay.ids.get_mut("kayles").unwrap().source = Some(Source {
            class: grundy_kinds::Class::Check,
            slug: "periodicity".into(),
            kind: "periodicity".into(),
            id: Some("kayles".into()),
            file: "content/periodicity.md".into(),
            line: 7,
            evidence: grundy_kinds::Evidence::by(&[grundy_kinds::Method::OctalPeriodicity]),
            stats: Default::default(),
        });
        let (html, _) = evaluate_in(&claim, &facts, "periodicity", None, Some("how_9")).unwrap();
        insta::assert_snapshot!(html, @r#"<span class="fact" data-fact="kayles.period" tabindex="0" aria-describedby="how_9">12<span class="how" id="how_9" aria-hidden="true"><span class="how-head">Inserted from <code>kayles.period</code></span><span class="how-src"><a href="../claims/#periodicity.kayles" tabindex="-1"><code>check periodicity</code> <code>kayles</code></a>, content/periodicity.md line 7</span><span class="how-method" data-evidence="one">By the octal periodicity theorem; no second method.</span></span></span>"#);
        let Inline::Claim(claim) = recognise("{kayles.preperiod > dawsons.preperiod}") else {
            panic!("a claim");
        };
        let (html, checked) =
            evaluate_in(&claim, &facts, "periodicity", None, Some("how_10")).unwrap();
        assert!(checked);
        assert!(
            html.starts_with("<span class=\"claim checked\" data-claim=\"kayles.preperiod &gt; dawsons.preperiod\" tabindex=\"0\" aria-describedby=\"how_10\"><span class=\"claim-mark\">\u{2713}</span><span class=\"how\" id=\"how_10\""),
            "{html}"
        );
        assert!(
            html.contains("<code>check periodicity</code> <code>kayles</code>"),
            "{html}"
        );
    }

    #[test]
    fn insertions_read_as_prose() {
        assert_eq!(
            run("{=pos.move-words}").unwrap(),
            "<span class=\"fact\" data-fact=\"pos.move-words\">take 3 from heap 1</span>"
        );
        assert_eq!(
            run("{=pos.move.split}").unwrap(),
            "<span class=\"fact\" data-fact=\"pos.move.split\">1 and 5</span>"
        );
    }

    #[test]
    fn numbers_of_five_digits_or_more_are_grouped_in_prose() {
        // 1024 stays as it is; a count of tens of thousands is grouped,
        // inserted, computed and shown by a true claim alike.
        assert!(run("{=mogul.values[12]}").unwrap().contains(">1024<"));
        assert!(
            run("{=mogul.values[12] * 40000}")
                .unwrap()
                .contains(">40,960,000<")
        );
        assert!(
            run("{=[mogul.values[12] * 10, 3]}")
                .unwrap()
                .contains(">10,240 and 3<")
        );
        assert!(
            run("{mogul.values[12] * 10 == 10240}")
                .unwrap()
                .contains("\u{2713}")
        );
    }

    /// A fact inserted whole reads as its type does, never as other words
    /// its kind might give it: a table as its entries.
    #[test]
    fn an_inserted_table_reads_as_its_entries() {
        assert_eq!(
            run("{=pos.move}").unwrap(),
            "<span class=\"fact\" data-fact=\"pos.move\">heap: 1, leave: 0, split: 1 and 5, take: 3</span>"
        );
        assert_eq!(
            run("{pos.move.take == 3}").unwrap(),
            "<span class=\"fact checked\" data-fact=\"pos.move.take == 3\">3</span>"
        );
        assert!(
            run("{=slice(mogul.values, 0, 3)}")
                .unwrap()
                .contains(">103, 106 and 109<")
        );
        assert!(
            run("{=kayles.preperiod - dawsons.preperiod}")
                .unwrap()
                .contains(">18<")
        );
    }

    /// The largest claims the limits allow, on a thread with a small stack
    /// (as the build's worker threads have): an answer, never a crash.
    #[test]
    fn the_largest_claims_allowed_run_on_a_small_stack() {
        let deep = format!(
            "{{{}1{} = 1}}",
            "(".repeat(crate::claim::MAX_DEPTH),
            ")".repeat(crate::claim::MAX_DEPTH)
        );
        let long = format!("{{kayles.period{} > 0}}", " + 1".repeat(62));
        let negated = "{!!!!(kayles.period > 0)}".to_owned();
        let lists =
            "{mogul.values.map(x, mogul.values).filter(y, y.size() > 0).size() = 20}".to_owned();
        let handle = std::thread::Builder::new()
            .stack_size(1 << 20)
            .spawn(move || [deep, long, negated, lists].map(|c| run(&c)))
            .unwrap();
        let [deep, long, negated, lists] = handle.join().unwrap();
        assert!(deep.is_ok(), "{deep:?}");
        assert!(long.is_ok(), "{long:?}");
        assert!(negated.is_ok(), "{negated:?}");
        assert!(lists.is_ok(), "{lists:?}");
    }

    /// Quantifiers chained one after another, each growing the lists the
    /// one before made: refused at the limit, with the limit named.
    #[test]
    fn chained_quantifiers_stop_at_the_work_limit() {
        let mut facts = site();
        let essay = facts.essays.get_mut("periodicity").unwrap();
        let mut big = DirectiveFacts::default();
        big.values
            .insert("values".into(), json!((0..200).collect::<Vec<u64>>()));
        essay.ids.insert("big".into(), big);
        let claim = "{big.values.map(x, big.values + big.values + big.values + big.values + big.values).map(y, y + y + y + y + y).size() > 0}";
        let Inline::Claim(claim) = recognise(claim) else {
            panic!("a claim");
        };
        let err = evaluate(&claim, &facts, "periodicity")
            .map(|(html, _)| html)
            .unwrap_err()
            .expect("an error")
            .to_string();
        assert!(err.contains("more than 1,048,576 units of work"), "{err}");
        assert!(err.starts_with("claim: `big.values.map("), "{err}");
        // The same shape on short lists is well within it.
        assert!(
            run("{mogul.values.map(x, mogul.values + mogul.values).map(y, y + y).size() = 20}")
                .is_ok()
        );
    }

    /// An insertion shows a number, text, a truth value or a list of them;
    /// anything else is an error saying what it is.
    #[test]
    fn insertions_of_what_prose_cannot_show_are_errors() {
        for (code, what) in [
            ("{=null}", "null"),
            ("{=b'abc'}", "bytes"),
            ("{=0.0 / 0.0}", "not a number (NaN)"),
            ("{=1.0 / 0.0}", "infinite"),
            ("{=[1, null]}", "null"),
        ] {
            let err = run(code).unwrap_err();
            assert!(err.contains(what), "{code}: {err}");
            assert!(
                err.contains("a number, text, true or false, or a list of them"),
                "{code}: {err}"
            );
        }
        assert!(
            run("{=[1, \"P\", true, 0.5]}")
                .unwrap()
                .contains(">1, P, true and 0.5<")
        );
    }

    #[test]
    fn a_field_misspelt_is_named_with_the_nearest() {
        let err = run("{pos.move.splt = [1, 5]}").unwrap_err();
        assert!(
            err.ends_with("no field `splt`; did you mean `split`?"),
            "{err}"
        );
    }

    #[test]
    fn an_index_past_the_end_says_the_lists_length() {
        assert_eq!(
            run("{mogul.values[200] = 3}").unwrap_err(),
            "claim: `mogul.values[200] = 3` cannot be evaluated: index 200 is past the end of \
             `mogul.values`, a list of 20 (its indices are 0 to 19)"
        );
    }

    #[test]
    fn a_claim_that_does_not_parse_names_no_grammar_token() {
        for (code, unexpected) in [
            ("{mogul.values[1 + ] = 3}", "unexpected `]`"),
            ("{mogul.values[1] 3}", "unexpected `3`"),
        ] {
            let err = run(code).unwrap_err();
            assert!(err.contains(unexpected), "{code}: {err}");
            assert!(
                !err.contains("IDENTIFIER") && !err.contains("expecting"),
                "{code}: {err}"
            );
        }
    }

    #[test]
    fn a_long_list_stated_wrong_is_cut_short_and_its_first_difference_named_with_both_values() {
        let err = run("{mogul.values = [103, 106, 1]}").unwrap_err();
        assert!(err.contains("... (20 in all)]"), "{err}");
        assert!(err.ends_with("; value 2: stated 1, computed 109"), "{err}");
        let err = run("{mogul.values = [103, 106]}").unwrap_err();
        assert!(
            err.ends_with("; stated 2 values, computed 20; the first 2 agree"),
            "{err}"
        );
    }

    /// A fact name with letters past ASCII is named whole in its error.
    #[test]
    fn non_ascii_fact_names_are_shown_whole() {
        for code in [
            "{=kayles.périod}",
            "{kayles.périod = 12}",
            "{kayles.périod > 1}",
        ] {
            let err = run(code).unwrap_err();
            assert!(err.contains("`périod`"), "{code}: {err}");
        }
        let err = run("{=käyles.period}").unwrap_err();
        assert!(err.contains("`käyles`"), "{err}");
        let err = run("{=ärger.period}").unwrap_err();
        assert!(err.contains("`ärger`"), "{err}");
    }

    #[test]
    fn errors_name_what_was_expected() {
        let err = run("{kayles.preperiod + 1}").unwrap_err();
        assert_eq!(
            err,
            "claim: a claim must be true or false, and `kayles.preperiod + 1` is the number 72; to insert a value write `{=kayles.preperiod + 1}`"
        );
        let err = run("{kayles.preperiod > }").unwrap_err();
        assert!(
            err.starts_with("claim: `kayles.preperiod >` does not parse"),
            "{err}"
        );
        let err = run("{kayles.preperiod > dawson}").unwrap_err();
        assert!(err.contains("a fact is written `id.fact`"), "{err}");
        let err = run("{kayles.preperiod * 9223372036854775807 > 0}").unwrap_err();
        assert!(
            err.starts_with(
                "claim: `kayles.preperiod * 9223372036854775807 > 0` cannot be evaluated"
            ),
            "{err}"
        );
    }
}
