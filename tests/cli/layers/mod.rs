//! The layer rule, in rust-analyzer's manner: each crate's modules stand in
//! an order declared in ARCHITECTURE.md, a module imports only from its own
//! layer or those below it, and no files import each other in a circle.
//!
//! A file imports another when a path in its code (a `use`, or a path written
//! from `crate::`, `super::` or `self::`) leads to something the other file
//! defines, through re-exports. Code under `#[cfg(test)]` is left out: a test
//! may reach anywhere.

mod lex;
mod paths;

use std::collections::BTreeMap;
use std::path::Path;

use paths::{Module, Tree, imports, module_of, modules};

/// A crate's modules, read from its source directory (test modules left out).
fn tree_of(files: &[(String, String)]) -> Tree {
    let mut code = BTreeMap::new();
    let mut test_files = Vec::new();
    for (path, text) in files {
        let (kept, outside) = lex::without_tests(&lex::code_only(text));
        let module = module_of(path);
        for name in outside {
            let mut test = module.clone();
            test.push(name);
            test_files.push(test);
        }
        code.insert(module, kept);
    }
    for test in test_files {
        code.remove(&test);
    }
    Tree::new(code)
}

fn shown(module: &Module) -> String {
    if module.is_empty() {
        "crate root".to_string()
    } else {
        module.join("::")
    }
}

/// Each circle of modules importing each other, as its imports
/// (`a (line 3) imports b`), found with Tarjan's algorithm.
fn circles(tree: &Tree) -> Vec<Vec<String>> {
    let graph: BTreeMap<Module, BTreeMap<Module, usize>> = modules(tree)
        .into_iter()
        .map(|m| {
            let to = imports(tree, &m);
            (m, to)
        })
        .collect();
    let mut search = Tarjan {
        graph: &graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        components: Vec::new(),
    };
    for module in graph.keys() {
        if !search.index.contains_key(module) {
            search.visit(module);
        }
    }
    search
        .components
        .into_iter()
        .map(|component| {
            let mut edges = Vec::new();
            for from in &component {
                for (to, line) in &graph[from] {
                    if component.contains(to) {
                        edges.push(format!(
                            "{} (line {line}) imports {}",
                            shown(from),
                            shown(to)
                        ));
                    }
                }
            }
            edges
        })
        .collect()
}

struct Tarjan<'g> {
    graph: &'g BTreeMap<Module, BTreeMap<Module, usize>>,
    index: BTreeMap<Module, usize>,
    low: BTreeMap<Module, usize>,
    stack: Vec<Module>,
    components: Vec<Vec<Module>>,
}

impl Tarjan<'_> {
    fn visit(&mut self, v: &Module) {
        let n = self.index.len();
        self.index.insert(v.clone(), n);
        self.low.insert(v.clone(), n);
        self.stack.push(v.clone());
        let graph = self.graph;
        for w in graph.get(v).into_iter().flat_map(BTreeMap::keys) {
            if !self.index.contains_key(w) {
                self.visit(w);
                let low = self.low[v].min(self.low[w]);
                self.low.insert(v.clone(), low);
            } else if self.stack.contains(w) {
                let low = self.low[v].min(self.index[w]);
                self.low.insert(v.clone(), low);
            }
        }
        if self.low[v] == self.index[v] {
            let at = self.stack.iter().rposition(|m| m == v).unwrap_or(0);
            let component = self.stack.split_off(at);
            if component.len() > 1 {
                self.components.push(component);
            }
        }
    }
}

/// The layer of `module` in `order`: the longest entry that is the module
/// or one of its ancestors (`coins::row` before `coins`).
fn layer_of(order: &[String], module: &Module) -> Option<usize> {
    order
        .iter()
        .enumerate()
        .filter(|(_, entry)| {
            let parts: Vec<&str> = entry.split("::").collect();
            parts.len() <= module.len() && parts.iter().zip(module).all(|(p, m)| p == m)
        })
        .max_by_key(|(_, entry)| entry.split("::").count())
        .map(|(at, _)| at)
}

/// The imports against `order` (the layers, lowest first, each a top-level
/// module or a module below one): each one importing from a higher layer,
/// and each module whose layer is not declared.
fn against_order(tree: &Tree, order: &[String]) -> Vec<String> {
    let rank = |m: &Module| (!m.is_empty()).then(|| layer_of(order, m));
    let mut found = Vec::new();
    for module in modules(tree) {
        match rank(&module) {
            None => continue,
            Some(None) => found.push(format!("{} is in no declared layer", shown(&module))),
            Some(Some(own)) => {
                for (to, line) in imports(tree, &module) {
                    if let Some(Some(theirs)) = rank(&to)
                        && theirs > own
                    {
                        found.push(format!(
                            "{} (line {line}) imports {}, a higher layer",
                            shown(&module),
                            shown(&to)
                        ));
                    }
                }
            }
        }
    }
    found
}

/// The layers ARCHITECTURE.md declares for `krate`: the backticked names on
/// its line ``Layers of `krate/`, lowest first: `a` → `b` → ….``
fn declared_order(architecture: &str, krate: &str) -> Vec<String> {
    let opening = format!("Layers of `{krate}/`, lowest first:");
    let line = architecture
        .lines()
        .find(|l| l.starts_with(&opening))
        .unwrap_or_else(|| panic!("ARCHITECTURE.md has no line starting {opening}"));
    line[opening.len()..]
        .split('`')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect()
}

fn files(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect()
}

fn order(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| n.to_string()).collect()
}

#[test]
fn a_planted_upward_import_is_found() {
    let tree = tree_of(&files(&[
        ("lib.rs", "mod low;\nmod high;\n"),
        ("low.rs", "//! Low.\nuse crate::high::Thing;\n"),
        ("high.rs", "//! High.\npub struct Thing;\n"),
    ]));
    assert_eq!(
        against_order(&tree, &order(&["low", "high"])),
        ["low (line 2) imports high, a higher layer"]
    );
    assert!(against_order(&tree, &order(&["high", "low"])).is_empty());
    assert_eq!(
        against_order(&tree, &order(&["low"])),
        ["high is in no declared layer"]
    );
}

#[test]
fn a_layer_may_be_a_module_below_the_top() {
    let tree = tree_of(&files(&[
        ("lib.rs", "mod coins;\nmod game;\n"),
        ("coins/mod.rs", "mod row;\nmod play;\n"),
        ("coins/row.rs", "pub struct Row;\n"),
        ("coins/play.rs", "use crate::game::Game;\n"),
        (
            "game.rs",
            "use crate::coins::row::Row;\npub trait Game {}\n",
        ),
    ]));
    assert!(against_order(&tree, &order(&["coins::row", "game", "coins"])).is_empty());
    assert_eq!(
        against_order(&tree, &order(&["coins", "game"])),
        ["coins::play (line 1) imports game, a higher layer"]
    );
}

#[test]
fn a_planted_circle_is_found_through_super_and_re_exports() {
    let tree = tree_of(&files(&[
        ("lib.rs", "mod kinds;\n"),
        ("kinds/mod.rs", "mod a;\nmod b;\npub use a::Shape;\n"),
        (
            "kinds/a.rs",
            "pub struct Shape;\nfn f() { super::b::g(); }\n",
        ),
        ("kinds/b.rs", "use crate::kinds::Shape;\npub fn g() {}\n"),
    ]));
    assert_eq!(
        circles(&tree),
        [vec![
            "kinds::a (line 2) imports kinds::b",
            "kinds::b (line 1) imports kinds::a"
        ]]
    );
}

#[test]
fn strings_comments_and_tests_import_nothing() {
    let tree = tree_of(&files(&[
        ("lib.rs", "mod low;\nmod high;\n"),
        (
            "low.rs",
            "//! Low: see crate::high::Thing.\nconst S: &str = \"use crate::high::Thing;\";\n\
             const R: &str = r#\"crate::high::X\"#;\n/* use crate::high::*; */\n\
             #[cfg(test)]\nmod tests {\n    use crate::high::Thing;\n}\n",
        ),
        (
            "high.rs",
            "//! High.\nuse crate::low::S;\npub struct Thing;\n",
        ),
    ]));
    assert!(against_order(&tree, &order(&["low", "high"])).is_empty());
    assert!(circles(&tree).is_empty());
}

#[test]
fn use_trees_are_taken_apart() {
    assert_eq!(
        paths::tree_paths(" crate::a::{b, c::{d as e, self}, f::*,\n}"),
        [
            vec!["crate", "a", "b"],
            vec!["crate", "a", "c", "d"],
            vec!["crate", "a", "c"],
            vec!["crate", "a", "f"],
        ]
    );
}

#[test]
fn every_crate_imports_down_its_declared_layers_without_circles() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let architecture =
        std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let mut broken = Vec::new();
    for krate in super::tidy::CRATES {
        let tree = tree_of(&super::tidy::sources(&root.join(krate)));
        let layers = declared_order(&architecture, krate);
        for line in against_order(&tree, &layers) {
            broken.push(format!("{krate}: {line}"));
        }
        for circle in circles(&tree) {
            broken.push(format!("{krate}: a circle: {}", circle.join("; ")));
        }
    }
    assert!(
        broken.is_empty(),
        "{} broken:\n{}",
        broken.len(),
        broken.join("\n")
    );
}
