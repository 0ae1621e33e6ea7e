//! One figure or check directive run: its TOML parsed with source spans, its
//! kind run within the build's work budget, its `expect` table checked.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, RwLock};

use crate::directives::canonical::canonical;
use crate::directives::param_error;
use crate::directives::results::{self, Results};
use crate::timings::Timings;
use grundy_gate::literal::{compare, difference, show_cut, show_stated};
use grundy_gate::provenance::Source;
use grundy_kinds::context::Reads;
use grundy_kinds::words::class_word;
use grundy_kinds::{self, Authored, Class, Context, Kind, Output, POSITION_WORK, ParamError};
use grundy_load::content::Essay;
use grundy_load::error::ErrorKind;
use grundy_markdown::directive::is_name;
use grundy_markdown::{Directive, Problem};
use grundy_script::Fault;
use grundy_text::list::thousands;
use grundy_text::suggest::did_you_mean;
use serde_json::Value as Json;

/// The versions of the engine and of this crate that results are keyed by.
const ENGINE: &str = concat!(
    "grundy-cgt ",
    env!("CARGO_PKG_VERSION"),
    ", grundy-site ",
    env!("CARGO_PKG_VERSION")
);

/// A directive that ran: its facts, its HTML, its standalone SVGs.
#[derive(Debug, Clone)]
pub struct Ran {
    pub(crate) id: Option<String>,
    pub(crate) class: Class,
    pub output: Output,
}

impl Ran {
    /// Where a directive that ran in `essay` stands, and how its facts are known.
    pub fn source(&self, essay: &Essay, directive: &Directive) -> Source {
        Source {
            class: self.class,
            slug: essay.slug.clone(),
            kind: directive.kind.clone(),
            id: self.id.clone(),
            file: essay.path.to_string_lossy().replace('\\', "/"),
            line: directive.position(&essay.text).0,
            evidence: self.output.evidence.clone(),
            stats: self.output.stats,
        }
    }
}

/// A directive that failed: its problems and, when its kind ran (only claims
/// broke), its result, whose facts prose may still be checked against.
#[derive(Debug, Clone)]
pub struct Failed {
    pub(crate) ran: Option<Box<Ran>>,
    pub problems: Vec<Problem>,
}

impl Failed {
    /// A directive stopped by one problem before its kind ran.
    fn before_running(problem: Problem) -> Self {
        Failed {
            ran: None,
            problems: vec![problem],
        }
    }
}

/// A directive's body read and its kind found: what running it needs.
struct Parsed<'k> {
    table: toml::Table,
    /// Offsets in the body of its keys and values (see [`key_spans`]).
    spans: HashMap<String, Span>,
    kind: &'k dyn Kind,
    id: Option<String>,
    /// The author's words the kind writes into its HTML (`alt`,
    /// `controls`, `caption`).
    authored: Authored,
}

/// The kinds a build can use: the static registry, and kinds of one's own.
#[derive(Default)]
pub struct Kinds {
    /// Kinds added by [`Kinds::with`], looked up before the registry.
    extra: Vec<Box<dyn Kind>>,
}

impl std::fmt::Debug for Kinds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.all().map(|k| k.name()))
            .finish()
    }
}

impl Kinds {
    /// The registry plus kinds of one's own (a site's tests, a plug-in); later ones win.
    pub fn with(mut self, extra: Vec<Box<dyn Kind>>) -> Self {
        self.extra.extend(extra);
        self
    }

    /// Every kind: the registry's, then the extra ones.
    fn all(&self) -> impl Iterator<Item = &dyn Kind> {
        grundy_kinds::registry()
            .iter()
            .copied()
            .chain(self.extra.iter().map(|k| k.as_ref()))
    }

    /// The kind of `class` named `name`: an extra one first.
    pub(crate) fn find(&self, class: Class, name: &str) -> Option<&dyn Kind> {
        self.extra
            .iter()
            .rev()
            .map(|k| k.as_ref())
            .find(|k| k.class() == class && k.name() == name)
            .or_else(|| grundy_kinds::find(class, name))
    }

    /// The names of the kinds of `class`, sorted.
    fn names(&self, class: Class) -> Vec<&str> {
        let mut names: Vec<&str> = self
            .all()
            .filter(|k| k.class() == class)
            .map(|k| k.name())
            .collect();
        names.sort_unstable();
        names.dedup();
        names
    }

    /// The error for a directive of `class` naming the kind `name`, which
    /// has none: the nearest kind of that class, or the other class when it
    /// has a kind of that name.
    fn unknown(&self, class: Class, name: &str) -> ErrorKind {
        let names = self.names(class);
        let mut hint = did_you_mean(name, names.iter().copied());
        let other = match class {
            Class::Figure => Class::Check,
            Class::Check => Class::Figure,
        };
        if hint.is_empty() && self.find(other, name).is_some() {
            let word = class_word(other);
            hint = format!("; `{name}` is a {word} kind: write ```{word} {name}");
        }
        ErrorKind::UnknownKind {
            class: class_word(class),
            name: name.to_owned(),
            hint,
            known: if names.is_empty() {
                "none".to_owned()
            } else {
                names.join(", ")
            },
        }
    }
}

/// The most work the directives of one build may do, over every essay, in
/// options visited ([`Output::cost`]): four comparisons at their limit, a few
/// seconds on one core, so no site keeps a build busy for long. Identical
/// directives are counted once.
pub const WORK_BUDGET: u64 = 4 << 30;

/// The work a site's game script's operation counts for: a Rhai operation
/// takes about as long as 32 options visited by a direct solve.
pub(crate) const SCRIPT_OPERATION_WORK: u64 = 32;

/// Results kept across builds (by `serve`): directives' outputs keyed by kind,
/// body and engine version, and drawn PNGs keyed by their SVG; the work
/// the current build has done, against its budget; and, when asked for,
/// where its time went.
#[derive(Debug)]
pub struct Cache {
    /// Each result by key, with what its kind read of the site's games.
    map: Mutex<HashMap<String, Kept>>,
    pngs: Mutex<HashMap<String, Vec<u8>>>,
    budget: u64,
    /// Work done by this build's directives so far.
    spent: AtomicU64,
    /// The directives this build has counted, by cache key.
    counted: Mutex<HashSet<String>>,
    /// How many directives this cache has run its kind for, over every build.
    computed: AtomicU64,
    /// What the kinds read besides their parameters: the current build's.
    context: RwLock<Context>,
    /// The current build's stages and directives, timed (when enabled).
    timings: Timings,
    /// Results kept on disk between builds, and the binary they are keyed by.
    results: Option<(Results, String)>,
    /// The directives this build ran its kind for, by id (or kind when they have none).
    computed_now: Mutex<Vec<String>>,
}

impl Default for Cache {
    fn default() -> Self {
        Cache::with_budget(WORK_BUDGET)
    }
}

/// A result kept in memory: what its kind read of the site's games, and
/// the kind's output or refusal.
type Kept = (Reads, Result<Output, ParamError>);

/// A directive that would take a build past its work budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct OverBudget {
    /// Work the build had done, with this directive's if it ran.
    pub(crate) spent: u64,
    pub(crate) budget: u64,
}

impl Cache {
    /// A cache whose builds may do at most `budget` units of work.
    pub fn with_budget(budget: u64) -> Self {
        Cache {
            map: Mutex::default(),
            pngs: Mutex::default(),
            budget,
            spent: AtomicU64::new(0),
            counted: Mutex::default(),
            computed: AtomicU64::new(0),
            context: RwLock::default(),
            timings: Timings::default(),
            results: None,
            computed_now: Mutex::default(),
        }
    }

    /// The same cache keeping directives' results in `results` between
    /// builds (and processes), keyed also by `binary`: the name and build
    /// of the program, so that another build of it reads none of them.
    pub fn keeping(mut self, results: Results, binary: &str) -> Self {
        self.results = Some((results, binary.to_owned()));
        self
    }

    /// The store of results kept between builds, if any.
    pub fn results(&self) -> Option<&Results> {
        self.results.as_ref().map(|(r, _)| r)
    }

    /// After a build: the store pruned to its bound.
    pub(crate) fn finish_build(&self) {
        if let Some(results) = self.results() {
            results.prune(results::MAX_BYTES);
        }
    }

    /// The directives the current build ran its kind for (not found in
    /// memory or on disk), by `id`, or by kind for those without one, in
    /// the order they ran.
    pub fn computed_this_build(&self) -> Vec<String> {
        self.computed_now
            .lock()
            .map(|c| c.clone())
            .unwrap_or_default()
    }

    /// Where the current build's time went (recorded once enabled).
    pub fn timings(&self) -> &Timings {
        &self.timings
    }

    /// Sets what the kinds of the next builds read (the site's games).
    pub(crate) fn set_context(&self, context: Context) {
        if let Ok(mut cx) = self.context.write() {
            *cx = context;
        }
    }

    /// What the kinds of this build read.
    pub(crate) fn context(&self) -> Context {
        self.context.read().map(|cx| cx.clone()).unwrap_or_default()
    }

    /// Starts a build: nothing of the budget is spent yet.
    pub(crate) fn start_build(&self) {
        self.spent.store(0, Ordering::SeqCst);
        if let Ok(mut counted) = self.counted.lock() {
            counted.clear();
        }
        if let Ok(mut computed) = self.computed_now.lock() {
            computed.clear();
        }
    }

    /// The work a build may do.
    pub(crate) fn budget(&self) -> u64 {
        self.budget
    }

    /// Work done by the current build's directives so far (see [`Output::cost`]).
    pub fn spent(&self) -> u64 {
        self.spent.load(Ordering::SeqCst)
    }

    fn run(
        &self,
        kind: &dyn Kind,
        table: &toml::Table,
        key: String,
    ) -> Result<Result<Output, ParamError>, OverBudget> {
        let first = self
            .counted
            .lock()
            .map_or(true, |counted| !counted.contains(&key));
        // A result is used again only while what its kind read of the
        // site's games is as it was.
        let now = self.context();
        let hit = self
            .map
            .lock()
            .ok()
            .and_then(|m| m.get(&key).cloned())
            .filter(|(reads, _)| now.still_holds(reads));
        if !first && let Some((_, hit)) = hit {
            return Ok(hit);
        }
        let spent = self.spent();
        if spent > self.budget {
            return Err(OverBudget {
                spent,
                budget: self.budget,
            });
        }
        let stored = self.results().filter(|_| hit.is_none());
        let kept = || {
            let (reads, output) = stored?.get(&key)?;
            now.still_holds(&reads).then_some((reads, Ok(output)))
        };
        let (reads, result) = match hit.or_else(kept) {
            Some(hit) => hit,
            None => {
                self.computed.fetch_add(1, Ordering::SeqCst);
                if let Ok(mut computed) = self.computed_now.lock() {
                    let id = table.get("id").and_then(|v| v.as_str());
                    computed.push(id.unwrap_or(kind.name()).to_owned());
                }
                let cx = now.metered();
                let mut result = kind.run(table, &cx);
                let reads = cx.reads();
                if let Ok(output) = &mut result {
                    let script = cx.operations().saturating_mul(SCRIPT_OPERATION_WORK);
                    output.work = output.work.max(output.cost()).saturating_add(script);
                    // Only a result is kept on disk: a refusal costs little to find again.
                    if let Some(stored) = stored {
                        stored.put(&key, &reads, output);
                    }
                }
                (reads, result)
            }
        };
        if let Ok(mut map) = self.map.lock() {
            map.insert(key.clone(), (reads, result.clone()));
        }
        let newly = self
            .counted
            .lock()
            .map_or(true, |mut counted| counted.insert(key));
        if newly && let Ok(output) = &result {
            let cost = output.cost();
            let spent = self
                .spent
                .fetch_add(cost, Ordering::SeqCst)
                .saturating_add(cost);
            if spent > self.budget {
                return Err(OverBudget {
                    spent,
                    budget: self.budget,
                });
            }
        }
        Ok(result)
    }

    /// A PNG drawn from `svg`, drawn once.
    pub(crate) fn png<E>(
        &self,
        svg: &str,
        draw: impl FnOnce() -> Result<Vec<u8>, E>,
    ) -> Result<Vec<u8>, E> {
        if let Some(hit) = self.pngs.lock().ok().and_then(|m| m.get(svg).cloned()) {
            return Ok(hit);
        }
        let png = draw()?;
        if let Ok(mut map) = self.pngs.lock() {
            map.insert(svg.to_owned(), png.clone());
        }
        Ok(png)
    }

    /// How many directives this cache has computed (run their kind for
    /// rather than found), over every build it has served.
    pub fn computed(&self) -> u64 {
        self.computed.load(Ordering::SeqCst)
    }
}

/// A directive being run: what reading it, running its kind and checking
/// its claims read of it.
struct Running<'d> {
    d: &'d Directive,
}

/// Parses, runs and checks `directive`: its result, or every problem found.
pub fn run(directive: &Directive, kinds: &Kinds, cache: &Cache) -> Result<Ran, Failed> {
    Running { d: directive }.run(kinds, cache)
}

impl Running<'_> {
    /// Parses, runs and checks the directive: its result, or every problem found.
    fn run(&self, kinds: &Kinds, cache: &Cache) -> Result<Ran, Failed> {
        let parsed = self.parse(kinds).map_err(Failed::before_running)?;
        let mut output = self.execute(&parsed, cache).map_err(|problems| Failed {
            ran: None,
            problems,
        })?;
        let problems = self.check(&parsed, &mut output);
        let ran = self.finish(parsed, output);
        if problems.is_empty() {
            Ok(ran)
        } else {
            Err(Failed {
                ran: Some(Box::new(ran)),
                problems,
            })
        }
    }

    /// The word a directive's class is written with: `figure` or `check`.
    fn class_name(&self) -> &'static str {
        class_word(self.d.class)
    }

    /// Reads the TOML body, finds the kind and reads the `id`: the first problem stops it.
    fn parse<'k>(&self, kinds: &'k Kinds) -> Result<Parsed<'k>, Problem> {
        let table: toml::Table = toml::from_str(&self.d.body).map_err(|e| Problem {
            offset: e
                .span()
                .map_or(self.d.fence, |s| self.d.source_offset(s.start)),
            kind: ErrorKind::Toml(grundy_text::toml::message(&e, &self.d.body)),
        })?;
        let spans = key_spans(&self.d.body);
        let Some(kind) = kinds.find(self.d.class, &self.d.kind) else {
            return Err(Problem {
                offset: self.d.fence,
                kind: kinds.unknown(self.d.class, &self.d.kind),
            });
        };
        let id = match table.get("id") {
            None => None,
            Some(toml::Value::String(id)) if is_name(id) => Some(id.clone()),
            Some(_) => {
                return Err(Problem {
                    offset: self.key_offset(&spans, "id"),
                    kind: ErrorKind::DirectiveId(
                        "`id` is a name of letters, digits, `-` and `_`".into(),
                    ),
                });
            }
        };
        let authored = Authored::read(&table, self.d.class).map_err(|e| Problem {
            offset: e
                .key
                .as_deref()
                .map_or(self.d.fence, |key| self.key_offset(&spans, key)),
            kind: ErrorKind::Param(e.message),
        })?;
        Ok(Parsed {
            table,
            spans,
            kind,
            id,
            authored,
        })
    }

    /// Where a key of the body (`expect.value`) stands in the essay's text;
    /// the fence when unknown.
    fn key_offset(&self, spans: &HashMap<String, Span>, key: &str) -> usize {
        find_span(spans, key).map_or(self.d.fence, |s| self.d.source_offset(s.key))
    }

    /// Where the value of a key of the body stands in the essay's text: where
    /// the caret goes when the value is at fault; the fence when unknown.
    fn value_offset(&self, spans: &HashMap<String, Span>, key: &str) -> usize {
        find_span(spans, key).map_or(self.d.fence, |s| self.d.source_offset(s.value))
    }

    /// Runs the kind through the cache, within the build's budget: its
    /// output, or its refusal (with every other unknown key when it refused
    /// one, in the order they stand).
    fn execute(&self, parsed: &Parsed<'_>, cache: &Cache) -> Result<Output, Vec<Problem>> {
        let class_name = self.class_name();
        let key = self.key(&parsed.table, cache);
        let ran = cache
            .run(parsed.kind, &parsed.table, key)
            .map_err(|over| Problem {
                offset: self.d.fence,
                kind: ErrorKind::Budget(format!(
                    "this {class_name} takes the build past its budget of {} units of work \
                     ({} so far, counting this {class_name} when it ran; a unit is an option \
                     visited, and a position compared counts {POSITION_WORK}): lower its bounds, \
                     or check fewer or smaller cases",
                    thousands(over.budget),
                    thousands(over.spent)
                )),
            })
            .map_err(|problem| vec![problem])?;
        ran.map_err(|e| {
            if let Some(problem) = self.script_fault(&e, cache) {
                return vec![problem];
            }
            let offset = match e.key.as_deref() {
                None => self.d.fence,
                Some(key) if e.at_key => self.key_offset(&parsed.spans, key),
                Some(key) => self.value_offset(&parsed.spans, key),
            };
            let message = param_error::explain(parsed.kind, &parsed.table, &e);
            let others = param_error::other_unknown_keys(parsed.kind, &parsed.table, &e);
            let kind = match e.unloaded_game {
                Some(game) => ErrorKind::UnloadedGame { game, message },
                None => ErrorKind::Param(message),
            };
            let mut problems = vec![Problem { offset, kind }];
            problems.extend(others.into_iter().map(|(key, message)| Problem {
                offset: self.key_offset(&parsed.spans, &key),
                kind: ErrorKind::Param(message),
            }));
            problems.sort_by_key(|p| p.offset);
            problems
        })
    }

    /// What the directive's result is kept under, in memory and on disk: its
    /// class and kind, its parameters as TOML read them (never their text,
    /// so that no way of writing a name leaves out what it names), the
    /// engine's version and the binary's, and the digest of the words the
    /// site's pages are written in. What the kind reads of the site's games
    /// is kept beside the result and checked before it is used again (see
    /// [`Reads`]).
    fn key(&self, table: &toml::Table, cache: &Cache) -> String {
        let binary = cache.results.as_ref().map_or("", |(_, b)| b.as_str());
        let words = cache.context().words_digest().to_owned();
        format!(
            "{}\0{}\0{ENGINE}\0{binary}\0{words}\0{}",
            self.class_name(),
            self.d.kind,
            canonical(table)
        )
    }

    /// A site game's script that failed while the kind ran: a problem to be
    /// placed in the script, with its line.
    fn script_fault(&self, e: &ParamError, cache: &Cache) -> Option<Problem> {
        let fault = Fault::find(&e.message)?;
        let cx = cache.context();
        let game = cx.games().get(&fault.game)?;
        let source_line = game
            .source()
            .lines()
            .nth(fault.line.saturating_sub(1))?
            .to_owned();
        Some(Problem {
            offset: self.d.fence,
            kind: ErrorKind::ScriptRun { fault, source_line },
        })
    }

    /// The claims the kind found false, then the `expect` table compared
    /// with the output's facts (each counted as a claim checked).
    fn check(&self, parsed: &Parsed<'_>, output: &mut Output) -> Vec<Problem> {
        let key_offset = |key: &str| self.key_offset(&parsed.spans, key);
        let value_offset = |key: &str| self.value_offset(&parsed.spans, key);
        let mut problems: Vec<Problem> = output
            .failures
            .iter()
            .map(|f| Problem {
                offset: f.key.as_deref().map_or(self.d.fence, value_offset),
                kind: ErrorKind::BrokenClaim {
                    claimed: f.claimed.clone(),
                    computed: f.computed.clone(),
                    counterexample: f.counterexample.clone(),
                },
            })
            .collect();
        if parsed.authored.controls.is_some() && !output.playable {
            problems.push(Problem {
                offset: key_offset("controls"),
                kind: ErrorKind::Param(
                    "`controls` is for a playable figure's buttons: this figure has none \
                     (expected `playable = true`)"
                        .into(),
                ),
            });
        }
        match parsed.table.get("expect") {
            None => {}
            Some(toml::Value::Table(expect)) => {
                for (name, claimed) in expect {
                    output.stats.claims += 1;
                    problems.extend(self.expected(name, claimed, output, &parsed.spans));
                }
            }
            Some(_) => problems.push(Problem {
                offset: value_offset("expect"),
                kind: ErrorKind::Toml("`expect` is a table: expect = { value = 14 }".into()),
            }),
        }
        problems
    }

    /// One entry of `expect` against the fact it names: a problem when the
    /// fact is missing (at its name) or differs (at the value claimed).
    fn expected(
        &self,
        name: &str,
        claimed: &toml::Value,
        output: &Output,
        spans: &HashMap<String, Span>,
    ) -> Option<Problem> {
        let path = format!("expect.{name}");
        let (key, value) = (
            self.key_offset(spans, &path),
            self.value_offset(spans, &path),
        );
        let (offset, kind) = match output.facts.get(name) {
            None => (
                key,
                ErrorKind::UnknownFact(format!(
                    "this {} has no fact `{name}`{} (it has: {})",
                    self.d.kind,
                    did_you_mean(name, output.facts.keys().map(String::as_str)),
                    fact_names(&output.facts)
                )),
            ),
            Some(computed) if !compare(claimed, computed) => {
                let (item, kind) = mismatch(name, claimed, computed);
                let at = item.and_then(|i| spans.get(&format!("expect.{name}[{i}]")));
                (at.map_or(value, |s| self.d.source_offset(s.value)), kind)
            }
            Some(_) => return None,
        };
        Some(Problem { offset, kind })
    }

    /// The result: the output's HTML wrapped with the directive's id and caption.
    fn finish(&self, parsed: Parsed<'_>, mut output: Output) -> Ran {
        output.html = wrap(
            &output.html,
            self.class_name(),
            &self.d.kind,
            parsed.id.as_deref(),
        );
        Ran {
            id: parsed.id,
            class: self.d.class,
            output,
        }
    }
}

/// The directive's HTML in a wrapper that carries its id.
fn wrap(html: &str, class: &str, kind: &str, id: Option<&str>) -> String {
    let id_attr = id.map(|id| format!(" id=\"{id}\"")).unwrap_or_default();
    format!("<div class=\"directive {class} kind-{kind}\"{id_attr}>\n{html}</div>\n")
}

fn fact_names(facts: &BTreeMap<String, serde_json::Value>) -> String {
    if facts.is_empty() {
        "no facts".to_owned()
    } else {
        facts.keys().cloned().collect::<Vec<_>>().join(", ")
    }
}

/// Where a key and its value start, as byte offsets in a directive's body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    key: usize,
    value: usize,
}

/// Byte offsets in a TOML body of each top-level key and value and of each
/// key and value one table down (`expect.NAME`, `presets.name`).
fn key_spans(body: &str) -> HashMap<String, Span> {
    let mut spans = HashMap::new();
    let Ok(doc) = toml::de::DeTable::parse(body) else {
        return spans;
    };
    fn span<K, V>(key: &toml::Spanned<K>, value: &toml::Spanned<V>) -> Span {
        Span {
            key: key.span().start,
            value: value.span().start,
        }
    }
    for (key, value) in doc.get_ref().iter() {
        spans.insert(key.get_ref().to_string(), span(key, value));
        if let toml::de::DeValue::Table(inner) = value.get_ref() {
            for (k, v) in inner.iter() {
                let path = format!("{}.{}", key.get_ref(), k.get_ref());
                if let toml::de::DeValue::Array(items) = v.get_ref() {
                    for (i, item) in items.iter().enumerate() {
                        spans.insert(format!("{path}[{i}]"), span(item, item));
                    }
                }
                spans.insert(path, span(k, v));
            }
        }
    }
    spans
}

/// A stated fact that differs from the computed one, in words: both values
/// (long lists cut short) and, for lists and tables, the first place they
/// part with both values there, or both lengths; with the top-level item
/// that place lies in (for the caret).
fn mismatch(name: &str, claimed: &toml::Value, computed: &Json) -> (Option<usize>, ErrorKind) {
    let diff = difference(claimed, computed);
    let kind = ErrorKind::BrokenClaim {
        claimed: format!("{name} = {}", show_stated(claimed)),
        computed: match &diff {
            Some(d) => format!("{}; {}", show_cut(computed), d.words),
            None => show_cut(computed),
        },
        counterexample: None,
    };
    (diff.and_then(|d| d.item), kind)
}

/// The span of a key path, or of the nearest key above it that has one
/// (`presets.heaps` inside a list of tables falls back to `presets`).
fn find_span(spans: &HashMap<String, Span>, path: &str) -> Option<Span> {
    let mut path = path;
    loop {
        if let Some(span) = spans.get(path) {
            return Some(*span);
        }
        path = path.rsplit_once('.')?.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_spans_cover_inline_and_header_tables() {
        let spans = key_spans("a = 1\nexpect = { value = 3 }\n[b]\nc = 2\n");
        assert_eq!(spans["a"], Span { key: 0, value: 4 });
        assert_eq!(spans["expect.value"], Span { key: 17, value: 25 });
        assert_eq!(spans["b"].key, 30);
        assert_eq!(spans["b.c"], Span { key: 33, value: 37 });
        assert_eq!(find_span(&spans, "b.c.d"), Some(spans["b.c"]));
        assert_eq!(find_span(&spans, "z.c"), None);
    }

    #[test]
    fn the_wrapper_carries_the_id() {
        let html = wrap("<svg/>", "figure", "k", Some("t"));
        assert_eq!(
            html,
            "<div class=\"directive figure kind-k\" id=\"t\">\n<svg/></div>\n"
        );
    }
}
