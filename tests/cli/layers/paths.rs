//! Which module each path in a crate's code leads to: the module tree read
//! from the files, `use` trees taken apart, and paths followed through
//! re-exports to the file that defines what they name.

use std::collections::{BTreeMap, BTreeSet};

/// A module by its path below the crate root (`["kinds", "figures", "heaps"]`;
/// the root is empty).
pub type Module = Vec<String>;

/// A crate's modules, each with its code (tests removed).
#[derive(Debug, Default)]
pub struct Tree {
    pub code: BTreeMap<Module, String>,
    /// Each module's re-exports: a name it makes public, and the path it names.
    exports: BTreeMap<Module, BTreeMap<String, Vec<String>>>,
}

/// One path in a file's code, starting at the line it is on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Use {
    pub line: usize,
    pub path: Vec<String>,
    /// Whether it is a `pub use` (a re-export).
    pub export: bool,
}

/// The module a file under `src` holds: `kinds/mod.rs` and `kinds.rs` are
/// `kinds`, `lib.rs` and `main.rs` the root.
pub fn module_of(path: &str) -> Module {
    let mut parts: Vec<String> = path
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

impl Tree {
    pub fn new(code: BTreeMap<Module, String>) -> Tree {
        let exports = code
            .iter()
            .map(|(module, text)| {
                let names = uses(text)
                    .into_iter()
                    .filter(|u| u.export)
                    .filter_map(|u| Some((u.path.last()?.clone(), u.path)))
                    .collect();
                (module.clone(), names)
            })
            .collect();
        Tree { code, exports }
    }

    /// The file that `path`, written in `from`, leads to, if it is in this crate.
    pub fn resolve(&self, from: &Module, path: &[String]) -> Option<Module> {
        let (mut at, rest) = self.start(from, path)?;
        self.follow(&mut at, rest, 0)?;
        Some(at)
    }

    /// Where a path starts: `crate`, `super`, `self`, or a child of `from`.
    fn start<'p>(&self, from: &Module, path: &'p [String]) -> Option<(Module, &'p [String])> {
        let mut at = from.clone();
        let mut rest = path;
        match rest.first()?.as_str() {
            "crate" => {
                at.clear();
                rest = &rest[1..];
            }
            "self" => rest = &rest[1..],
            "super" => {
                while rest.first().is_some_and(|s| s == "super") {
                    at.pop()?;
                    rest = &rest[1..];
                }
            }
            first if self.is_child(from, first) => {}
            _ => return None,
        }
        Some((at, rest))
    }

    fn is_child(&self, of: &Module, name: &str) -> bool {
        let mut child = of.clone();
        child.push(name.to_string());
        self.code.contains_key(&child)
    }

    /// Walks down from `at` through child modules and re-exports.
    fn follow(&self, at: &mut Module, rest: &[String], depth: usize) -> Option<()> {
        if depth > 16 {
            return None;
        }
        for (k, segment) in rest.iter().enumerate() {
            if self.is_child(at, segment) {
                at.push(segment.clone());
                continue;
            }
            if let Some(target) = self.exports.get(at).and_then(|e| e.get(segment)) {
                let (mut next, tail) = self.start(at, target)?;
                self.follow(&mut next, tail, depth + 1)?;
                *at = next;
                return self.follow(at, &rest[k + 1..], depth + 1);
            }
            return Some(());
        }
        Some(())
    }
}

/// Every path a file's code names: each leaf of each `use` tree, and each
/// path written out from `crate::`, `super::` or `self::`.
pub fn uses(code: &str) -> Vec<Use> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let mut i = 0;
    while let Some(at) = next_word(code, i) {
        let (word, end) = at;
        i = end;
        let start = end - word.len();
        if word == "use" {
            let stop = code[end..].find(';').map_or(code.len(), |k| end + k);
            let export = is_pub(&code[..start]);
            let line = line_of(code, start);
            for path in tree_paths(&code[end..stop]) {
                found.push(Use { line, path, export });
            }
            i = stop;
        } else if matches!(word, "crate" | "super" | "self") && bytes.get(end) == Some(&b':') {
            let (path, stop) = written_path(code, start);
            if path.len() > 1 {
                found.push(Use {
                    line: line_of(code, start),
                    path,
                    export: false,
                });
            }
            i = stop;
        }
    }
    found
}

/// Whether the code before a `use` ends in `pub` or `pub(…)`.
fn is_pub(before: &str) -> bool {
    let before = before.trim_end();
    let before = match before.strip_suffix(')') {
        Some(open) => open.rfind('(').map_or(open, |k| open[..k].trim_end()),
        None => before,
    };
    before.ends_with("pub")
}

/// The next identifier at or after `i`, and where it ends.
fn next_word(code: &str, mut i: usize) -> Option<(&str, usize)> {
    let bytes = code.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    while i < bytes.len() && !is_ident(bytes[i]) {
        i += 1;
    }
    if i >= bytes.len() {
        return None;
    }
    let start = i;
    while i < bytes.len() && is_ident(bytes[i]) {
        i += 1;
    }
    Some((&code[start..i], i))
}

fn line_of(code: &str, at: usize) -> usize {
    code[..at].matches('\n').count() + 1
}

/// A path such as `crate::a::b` written at `start`, and where it ends.
fn written_path(code: &str, start: usize) -> (Vec<String>, usize) {
    let mut path = Vec::new();
    let mut i = start;
    while let Some((word, end)) = next_word(code, i) {
        if end - word.len() != i {
            break;
        }
        path.push(word.to_string());
        i = end;
        if !code[i..].starts_with("::") {
            break;
        }
        i += 2;
    }
    (path, i)
}

/// The leaves of a `use` tree (`a::{b, c::{d as e, self}, *}`), as paths.
pub fn tree_paths(tree: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    expand(&mut Vec::new(), tree, &mut out);
    out
}

fn expand(prefix: &mut Vec<String>, tree: &str, out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if tree.is_empty() {
        // What a trailing comma leaves: nothing is named.
        return;
    }
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = segments(&tree[..open]);
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let depth = prefix.len();
        prefix.extend(head);
        for part in split_top(inner) {
            expand(prefix, part, out);
        }
        prefix.truncate(depth);
        return;
    }
    let mut path = prefix.clone();
    let leaf = tree.split(" as ").next().unwrap_or(tree);
    for segment in segments(leaf) {
        if segment != "self" || path.is_empty() {
            path.push(segment);
        }
    }
    if !path.is_empty() {
        out.push(path);
    }
}

fn segments(path: &str) -> Vec<String> {
    path.split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty() && *s != "*")
        .map(String::from)
        .collect()
}

/// `a, b::{c, d}, e` split at its top-level commas.
fn split_top(inner: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut from) = (0usize, 0);
    for (k, ch) in inner.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(&inner[from..k]);
                from = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[from..]);
    parts
}

/// The distinct modules a module's paths lead to, other than itself, each
/// with the first line that leads there.
pub fn imports(tree: &Tree, module: &Module) -> BTreeMap<Module, usize> {
    let mut to = BTreeMap::new();
    let Some(code) = tree.code.get(module) else {
        return to;
    };
    for u in uses(code) {
        if let Some(target) = tree.resolve(module, &u.path)
            && target != *module
        {
            to.entry(target).or_insert(u.line);
        }
    }
    to
}

/// Every module, for iteration in a stable order.
pub fn modules(tree: &Tree) -> BTreeSet<Module> {
    tree.code.keys().cloned().collect()
}
