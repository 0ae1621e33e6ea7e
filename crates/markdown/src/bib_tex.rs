//! A BibTeX bibliography read through biblatex in steps, each bounded
//! before the next: the raw file (a linear scan), its `@string` macros
//! (how far they expand, and none through itself), its `crossref` and
//! `xdata` links (no cycle, a bounded depth and bytes copied), then
//! biblatex's resolution and hayagriva's entries.

use std::collections::HashMap;

use biblatex::{Bibliography, RawBibliography, RawChunk};
use hayagriva::Library;

use crate::bib_limits::{BibError, Limits, check_entries};

/// The most `@string` macros one may go through to expand (biblatex
/// expands them by recursion).
pub(crate) const MAX_STRING_NESTING: usize = 64;

/// The field names biblatex follows to copy another entry's fields.
const LINKS: [&str; 2] = ["crossref", "xdata"];

/// Reads a BibTeX file's text into hayagriva's entries, within `limits`.
pub(crate) fn parse(text: &str, limits: &Limits) -> Result<Library, BibError> {
    let raw = RawBibliography::parse(text)
        .map_err(|e| BibError::at(e.span.start, format!("biblatex parse error: {e}")))?;
    if let Some(entry) = raw.entries.get(limits.entries) {
        check_entries(limits.entries + 1, entry.span.start, limits)?;
    }
    let sizes = check_macros(&raw, limits)?;
    check_links(&raw, &sizes, limits)?;
    let bibliography = Bibliography::from_raw(raw)
        .map_err(|e| BibError::at(e.span.start, format!("biblatex parse error: {e}")))?;
    hayagriva::io::from_biblatex(&bibliography).map_err(|errors| {
        let offset = errors.first().map_or(0, |e| e.span.start);
        let messages: Vec<String> = errors
            .iter()
            .map(|e| format!("biblatex type error: {e}"))
            .collect();
        BibError::at(offset, messages.join("; "))
    })
}

/// A macro's expansion: its length in bytes (capped past the limit) and
/// how many macros deep it goes.
#[derive(Debug, Clone, Copy)]
struct Expansion {
    bytes: usize,
    depth: usize,
}

/// Every `@string` macro's expansion, and every entry's fields expanded,
/// held to the limits before biblatex expands anything: each entry's bytes.
fn check_macros(raw: &RawBibliography<'_>, limits: &Limits) -> Result<Vec<usize>, BibError> {
    // As biblatex reads them: a later definition replaces an earlier one.
    let macros: HashMap<&str, &biblatex::Pair<'_>> =
        raw.abbreviations.iter().map(|p| (p.key.v, p)).collect();
    let mut done: HashMap<&str, Expansion> = HashMap::new();
    let mut names: Vec<&str> = macros.keys().copied().collect();
    names.sort_unstable_by_key(|n| macros[n].key.span.start);
    for name in names {
        expand(name, &macros, &mut done, limits)?;
    }
    let mut total = 0usize;
    let mut sizes = Vec::with_capacity(raw.entries.len());
    for entry in &raw.entries {
        let mut own = 0usize;
        for field in &entry.v.fields {
            let (bytes, widest) = field_bytes(&field.value.v, &done);
            own = own.saturating_add(bytes);
            total = total.saturating_add(bytes);
            if total > limits.expanded {
                let by = widest
                    .map(|(name, bytes)| format!(" (the macro `{name}` is {bytes} bytes)"))
                    .unwrap_or_default();
                return Err(BibError::at(
                    field.key.span.start,
                    format!(
                        "with its `@string` macros expanded, the bibliography's fields pass \
                         {} bytes, the limit, at this field of `{}`{by}",
                        limits.expanded, entry.v.key.v
                    ),
                ));
            }
        }
        sizes.push(own);
    }
    Ok(sizes)
}

/// The bytes of a field with its macros expanded, and its largest macro.
fn field_bytes<'s>(
    field: &biblatex::Field<'s>,
    done: &HashMap<&str, Expansion>,
) -> (usize, Option<(&'s str, usize)>) {
    let mut bytes = 0usize;
    let mut widest: Option<(&str, usize)> = None;
    for chunk in field {
        let size = match chunk.v {
            RawChunk::Normal(s) => s.len(),
            RawChunk::Abbreviation(name) => match done.get(name) {
                Some(e) => {
                    if widest.is_none_or(|(_, b)| e.bytes > b) {
                        widest = Some((name, e.bytes));
                    }
                    e.bytes
                }
                // A month (`jan`), or a name biblatex will refuse.
                None => name.len(),
            },
        };
        bytes = bytes.saturating_add(size);
    }
    (bytes, widest)
}

/// Expands the macro `name` (and those it names) into `done`, without
/// recursion: its length and depth, or the limit it passes or the cycle it is in.
fn expand<'s>(
    name: &'s str,
    macros: &HashMap<&'s str, &biblatex::Pair<'s>>,
    done: &mut HashMap<&'s str, Expansion>,
    limits: &Limits,
) -> Result<(), BibError> {
    // Each frame: a macro being expanded, and how many of its chunks are done.
    let mut stack: Vec<(&'s str, usize)> = vec![(name, 0)];
    while let Some(&(current, next)) = stack.last() {
        if done.contains_key(current) {
            stack.pop();
            continue;
        }
        let pair = macros[current];
        let waiting = pair.value.v[next..].iter().find_map(|c| match c.v {
            RawChunk::Abbreviation(n) if macros.contains_key(n) && !done.contains_key(n) => Some(n),
            _ => None,
        });
        if let Some(inner) = waiting {
            if let Some(at) = stack.iter().position(|&(n, _)| n == inner) {
                let path: Vec<&str> = stack[at..].iter().map(|&(n, _)| n).collect();
                return Err(BibError::at(
                    macros[inner].key.span.start,
                    format!(
                        "the `@string` macro `{inner}` expands to itself ({} -> {inner})",
                        path.join(" -> ")
                    ),
                ));
            }
            if stack.len() >= MAX_STRING_NESTING {
                return Err(too_nested(name, macros[name].key.span.start));
            }
            stack.push((inner, 0));
            continue;
        }
        let expansion = expanded(current, pair, done, limits)?;
        done.insert(current, expansion);
        stack.pop();
    }
    Ok(())
}

/// The length and depth of the macro `current`, whose macros are all in
/// `done`, or the limit it passes.
fn expanded<'s>(
    current: &str,
    pair: &biblatex::Pair<'s>,
    done: &HashMap<&'s str, Expansion>,
    limits: &Limits,
) -> Result<Expansion, BibError> {
    let (bytes, _) = field_bytes(&pair.value.v, done);
    let depth = 1 + pair
        .value
        .v
        .iter()
        .filter_map(|c| match c.v {
            RawChunk::Abbreviation(n) => done.get(n).map(|e| e.depth),
            RawChunk::Normal(_) => None,
        })
        .max()
        .unwrap_or(0);
    if depth > MAX_STRING_NESTING {
        return Err(too_nested(current, pair.key.span.start));
    }
    if bytes > limits.expanded {
        return Err(BibError::at(
            pair.key.span.start,
            format!(
                "the `@string` macro `{current}` expands to more than {} bytes, the limit",
                limits.expanded
            ),
        ));
    }
    Ok(Expansion { bytes, depth })
}

/// A macro that goes through more than [`MAX_STRING_NESTING`] macros, at `offset`.
fn too_nested(name: &str, offset: usize) -> BibError {
    BibError::at(
        offset,
        format!(
            "the `@string` macro `{name}` goes through more than {MAX_STRING_NESTING} \
             macros, the limit"
        ),
    )
}

/// The `crossref` and `xdata` links between entries, read by biblatex
/// itself from a copy whose link fields are renamed (so that it follows
/// none), then walked without recursion.
fn check_links(
    raw: &RawBibliography<'_>,
    sizes: &[usize],
    limits: &Limits,
) -> Result<(), BibError> {
    let mut renamed = raw.clone();
    let mut any = false;
    for entry in &mut renamed.entries {
        for field in &mut entry.v.fields {
            let key = field.key.v.to_ascii_lowercase();
            if let Some(i) = LINKS.iter().position(|l| *l == key) {
                field.key.v = ["grundy-link-crossref", "grundy-link-xdata"][i];
                any = true;
            }
        }
    }
    if !any {
        return Ok(());
    }
    let bibliography = Bibliography::from_raw(renamed)
        .map_err(|e| BibError::at(e.span.start, format!("biblatex parse error: {e}")))?;
    let index: HashMap<&str, usize> = bibliography
        .iter()
        .enumerate()
        .map(|(i, e)| (e.key.as_str(), i))
        .collect();
    let target = |key: &str| bibliography.get(key).map(|e| index[e.key.as_str()]);
    let links: Vec<Vec<usize>> = bibliography
        .iter()
        .map(|entry| {
            let crossref = entry.get_as::<String>("grundy-link-crossref").ok();
            let xdata = entry
                .get_as::<Vec<String>>("grundy-link-xdata")
                .unwrap_or_default();
            crossref
                .iter()
                .chain(&xdata)
                .filter_map(|k| target(k))
                .collect()
        })
        .collect();
    let keys: Vec<&str> = bibliography.iter().map(|e| e.key.as_str()).collect();
    let place = |i: usize| raw.entries.get(i).map_or(0, |e| e.span.start);
    let graph = Graph {
        links: &links,
        keys: &keys,
        sizes,
        place: &place,
    };
    graph.walk(limits)
}

/// What resolving an entry's links costs biblatex: the bytes of its
/// fields once resolved, the bytes it copies, and the longest chain it follows.
#[derive(Debug, Clone, Copy, Default)]
struct Cost {
    size: usize,
    copied: usize,
    depth: usize,
}

/// The entries and their links, by index in the file.
struct Graph<'g> {
    /// Entry to the entries it copies.
    links: &'g [Vec<usize>],
    keys: &'g [&'g str],
    /// Each entry's own fields, in bytes with macros expanded.
    sizes: &'g [usize],
    /// Each entry's byte offset in the file.
    place: &'g dyn Fn(usize) -> usize,
}

impl Graph<'_> {
    /// Every entry's cost, by a depth-first walk with its own stack: a
    /// cycle, a chain past the depth limit, or copies past their limit is an
    /// error at the entry that starts it.
    fn walk(&self, limits: &Limits) -> Result<(), BibError> {
        let mut cost: Vec<Option<Cost>> = vec![None; self.links.len()];
        let mut total = 0usize;
        for root in 0..self.links.len() {
            let mut stack: Vec<usize> = vec![root];
            while let Some(&entry) = stack.last() {
                if cost[entry].is_some() {
                    stack.pop();
                    continue;
                }
                if let Some(&next) = self.links[entry].iter().find(|&&n| cost[n].is_none()) {
                    if let Some(at) = stack.iter().position(|&n| n == next) {
                        return Err(self.cycle(&stack[at..], next));
                    }
                    if stack.len() > limits.crossref_depth {
                        return Err(too_long(self.keys[root], (self.place)(root), limits));
                    }
                    stack.push(next);
                    continue;
                }
                let own = self.cost_of(entry, &cost);
                if own.depth > limits.crossref_depth {
                    return Err(too_long(self.keys[entry], (self.place)(entry), limits));
                }
                total = total.saturating_add(own.copied);
                if total > limits.crossref_bytes {
                    return Err(BibError::at(
                        (self.place)(entry),
                        format!(
                            "resolving `crossref` and `xdata` copies more than {} bytes of \
                             fields, the limit, at the entry `{}`",
                            limits.crossref_bytes, self.keys[entry]
                        ),
                    ));
                }
                cost[entry] = Some(own);
                stack.pop();
            }
        }
        Ok(())
    }

    /// An entry's cost from its links' (all known): each link copies its
    /// target, resolves the copy's links, and merges it in.
    fn cost_of(&self, entry: usize, cost: &[Option<Cost>]) -> Cost {
        let mut own = Cost {
            size: self.sizes.get(entry).copied().unwrap_or(0),
            ..Cost::default()
        };
        for &n in &self.links[entry] {
            let c = cost[n].unwrap_or_default();
            own.size = own.size.saturating_add(c.size);
            own.copied = own
                .copied
                .saturating_add(1)
                .saturating_add(c.size)
                .saturating_add(c.copied);
            own.depth = own.depth.max(c.depth + 1);
        }
        own
    }

    /// The error for a cycle: `path` leads back to `next`.
    fn cycle(&self, path: &[usize], next: usize) -> BibError {
        let path: Vec<&str> = path.iter().map(|&n| self.keys[n]).collect();
        BibError::at(
            (self.place)(next),
            format!(
                "the entry `{}` is its own `crossref` or `xdata` ({} -> {})",
                self.keys[next],
                path.join(" -> "),
                self.keys[next]
            ),
        )
    }
}

/// An entry whose chain of links is longer than the limit, at `offset`.
fn too_long(key: &str, offset: usize, limits: &Limits) -> BibError {
    BibError::at(
        offset,
        format!(
            "the entry `{key}` starts a chain of more than {} `crossref` or `xdata` links, \
             the limit",
            limits.crossref_depth
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits::DEFAULT
    }

    fn error(text: &str, limits: &Limits) -> (String, String) {
        let e = parse(text, limits).unwrap_err();
        let line = text[..e.offset].matches('\n').count() + 1;
        let at = text[e.offset..].lines().next().unwrap_or("").to_owned();
        (format!("line {line}: {at}"), e.message)
    }

    #[test]
    fn a_crossref_to_itself_or_round_two_entries_is_refused() {
        let (at, says) = error("@book{a, title={A}, crossref={a}}\n", &limits());
        assert_eq!(at, "line 1: @book{a, title={A}, crossref={a}}");
        assert!(says.contains("`a` is its own `crossref`"), "{says}");
        let text = "@book{a, title={A}, crossref={b}}\n@book{b, title={B}, crossref={a}}\n";
        let (_, says) = error(text, &limits());
        assert!(says.contains("(a -> b -> a)"), "{says}");
        let text = "@book{a, title={A}, xdata={c, b}}\n@book{b, title={B}, CrossRef={a}}\n@xdata{c, title={C}}\n";
        assert!(error(text, &limits()).1.contains("a -> b -> a"));
    }

    #[test]
    fn a_crossref_to_an_alias_is_followed() {
        let text = "@book{a, ids={alias}, title={A}, crossref={b}}\n@book{b, title={B}, crossref={alias}}\n";
        assert!(error(text, &limits()).1.contains("its own"));
    }

    #[test]
    fn chains_and_copies_are_bounded() {
        let chain: String = (0..12)
            .map(|i| format!("@book{{e{i}, title={{T}}, crossref={{e{}}}}}\n", i + 1))
            .chain(["@book{e12, title={T}}\n".to_owned()])
            .collect();
        let (at, says) = error(&chain, &limits());
        assert!(at.starts_with("line 1: @book{e0,"), "{at}");
        assert!(says.contains("more than 8 `crossref`"), "{says}");
        let few = Limits {
            crossref_bytes: 100,
            ..limits()
        };
        let short: String = chain.lines().skip(6).map(|l| format!("{l}\n")).collect();
        assert_eq!(parse(&short, &limits()).map(|l| l.len()), Ok(7));
        let (_, says) = error(&short, &few);
        assert!(says.contains("more than 100 bytes of fields"), "{says}");
        let fan = "@book{a, title={A}, xdata={b,b,b,b,b}}\n@xdata{b, title={B}, xdata={c,c,c,c,c}}\n@xdata{c, note={C}}\n";
        let (_, says) = error(fan, &few);
        assert!(says.contains("at the entry `a`"), "{says}");
    }

    #[test]
    fn doubling_macros_are_refused_at_the_macro_that_passes_the_limit() {
        let mut text = String::from("@string{a0=\"xx\"}\n");
        for i in 1..30 {
            text.push_str(&format!("@string{{a{i} = a{} # a{}}}\n", i - 1, i - 1));
        }
        text.push_str("@book{k, title=a29}\n");
        let small = Limits {
            expanded: 1000,
            ..limits()
        };
        let (at, says) = error(&text, &small);
        assert_eq!(at, "line 10: a9 = a8 # a8}");
        assert!(
            says.contains("`a9` expands to more than 1000 bytes, the limit"),
            "{says}"
        );
        let (_, says) = error(&text, &limits());
        assert!(
            says.contains("`a23` expands to more than 8388608"),
            "{says}"
        );
    }

    #[test]
    fn many_fields_of_one_macro_add_up() {
        let mut text = String::from("@string{m=\"0123456789\"}\n");
        for i in 0..20 {
            text.push_str(&format!("@book{{k{i}, title=m # m}}\n"));
        }
        let small = Limits {
            expanded: 200,
            ..limits()
        };
        let (at, says) = error(&text, &small);
        assert_eq!(at, "line 12: title=m # m}");
        assert!(says.contains("`k10` (the macro `m` is 10 bytes)"), "{says}");
        assert_eq!(parse(&text, &limits()).map(|l| l.len()), Ok(20));
    }

    #[test]
    fn macros_through_themselves_or_too_many_are_refused() {
        let (at, says) = error(
            "@string{a=b}\n@string{b=\"x\" # a}\n@book{k, title=a}\n",
            &limits(),
        );
        assert_eq!(at, "line 1: a=b}");
        assert!(
            says.contains("`a` expands to itself (a -> b -> a)"),
            "{says}"
        );
        let mut chain = String::from("@string{s0=\"x\"}\n");
        for i in 1..=MAX_STRING_NESTING {
            chain.push_str(&format!("@string{{s{i}=s{}}}\n", i - 1));
        }
        let (_, says) = error(&chain, &limits());
        assert!(says.contains("more than 64 macros"), "{says}");
    }

    #[test]
    fn entries_are_counted_before_biblatex_reads_them() {
        let text: String = (0..4)
            .map(|i| format!("@book{{k{i}, title={{T}}}}\n"))
            .collect();
        let three = Limits {
            entries: 3,
            ..limits()
        };
        let (at, says) = error(&text, &three);
        assert_eq!(at, "line 4: @book{k3, title={T}}");
        assert!(says.contains("more than 3 entries"), "{says}");
    }
}
