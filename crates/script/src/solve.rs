//! One solve of a script game: a Rhai engine of its own with every limit set
//! and a meter of the work done, the script's moves as the engine's game
//! graph, and the engine's solver over it.

use std::cell::{Cell, RefCell};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use cgt::game::Position;
use cgt::solve::{ImpartialGame, Solver};
use cgt::{CgtError, Value};
use rhai::{AST, CallFnOptions, Dynamic, Engine, EvalAltResult, Module, Scope};

/// The standard library, shared by every engine of a game.
pub(crate) type SharedModule = Arc<Module>;

use super::clock::{Clock, Deadlines, Late};
use super::fault::Fault;
use super::library;
use super::shape::Shape;

/// The most Rhai operations one call of the script may take.
pub(crate) const MAX_CALL_OPERATIONS: u64 = 1_000_000;
/// The most Rhai operations one solve may take, over every call.
pub(crate) const MAX_SOLVE_OPERATIONS: u64 = 50_000_000;
/// The most positions one solve may hold.
pub(crate) const MAX_POSITIONS: usize = 200_000;
/// The deepest the script's functions may call one another.
pub(crate) const MAX_CALL_LEVELS: usize = 32;
/// The deepest an expression may nest (functions' bodies too).
pub(crate) const MAX_EXPR_DEPTH: usize = 64;
/// The longest string the script may make, in bytes.
pub(crate) const MAX_STRING: usize = 4096;
/// The longest array the script may make (nested arrays' items count too).
pub(crate) const MAX_ARRAY: usize = 10_000;
/// The most moves `moves` may list from one position.
pub(crate) const MAX_OPTIONS: usize = 1_000;
/// The most moves one solve may list, over every position (what bounds the
/// options the solver holds).
pub(crate) const MAX_SOLVE_OPTIONS: usize = 1_000_000;

/// What a solve needs of the script it runs: its parts, its meter, and
/// how its faults are placed in its file ([`ScriptGame`](super::ScriptGame)).
pub(crate) trait Script {
    /// The game's name without `site:`.
    fn script_name(&self) -> &str;
    fn ast(&self) -> &AST;
    fn package(&self) -> &SharedModule;
    fn shape(&self) -> Shape;
    fn deadlines(&self) -> Deadlines;
    /// Where every call adds the operations it ran.
    fn operations(&self) -> &AtomicU64;
    /// A fault at `fn moves`, for what its results do wrong.
    fn at_moves(&self, message: String) -> Fault;
    /// A runtime error of the script's `function`, at its place.
    fn runtime_fault(&self, function: &str, error: &EvalAltResult) -> Fault;
    /// The solver's refusal, worded for this game; `cycle` holds the
    /// positions of the cycle it found, if that was why.
    fn solver_error(&self, error: CgtError, cycle: &[Position]) -> CgtError;
}

/// What stops a call past [`MAX_CALL_OPERATIONS`] (stopped from the meter,
/// the error keeps the place where the script was).
const CALL_STOP: &str = "call";
/// What stops a call past its time limit ([`Deadlines::call`]).
const CALL_LATE: &str = "call-time";
/// What stops a solve past its time limit ([`Deadlines::solve`]).
const SOLVE_LATE: &str = "solve-time";

/// Operations and time counted over one solve.
#[derive(Debug)]
struct Meter {
    /// Operations of the calls that ended.
    spent: AtomicU64,
    /// Operations of the call under way.
    now: AtomicU64,
    /// When the solve and its current call began, against their deadlines.
    clock: Clock,
}

/// An engine with the limits above, the script's library and nothing else:
/// no file, no module, no `eval`, no printing, no waiting, no clock.
pub(crate) fn engine(package: &SharedModule) -> Engine {
    let mut engine = Engine::new_raw();
    engine
        .register_global_module(package.clone())
        .set_max_operations(MAX_CALL_OPERATIONS + 1)
        .set_max_call_levels(MAX_CALL_LEVELS)
        .set_max_expr_depths(MAX_EXPR_DEPTH, MAX_EXPR_DEPTH)
        .set_max_string_size(MAX_STRING)
        .set_max_array_size(MAX_ARRAY)
        .set_max_map_size(MAX_ARRAY)
        .disable_symbol("eval")
        .disable_symbol("#{");
    engine
}

/// A script game during one solve: its engine, its meter, and the first
/// fault met (after which every position has no moves, so the solve ends).
pub(crate) struct Run<'g> {
    pub(crate) game: &'g dyn Script,
    engine: Engine,
    meter: Arc<Meter>,
    /// Moves listed so far, over every position.
    listed: Cell<usize>,
    fault: RefCell<Option<Fault>>,
}

impl std::fmt::Debug for Run<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Run")
            .field("game", &self.game.script_name())
            .finish()
    }
}

impl<'g> Run<'g> {
    pub(crate) fn new(game: &'g dyn Script) -> Self {
        let meter = Arc::new(Meter {
            spent: AtomicU64::default(),
            now: AtomicU64::default(),
            clock: Clock::start(game.deadlines()),
        });
        let mut engine = engine(game.package());
        let watch = meter.clone();
        engine.on_progress(move |ops| {
            watch.now.store(ops, Ordering::Relaxed);
            let spent = watch.spent.load(Ordering::Relaxed);
            if ops > MAX_CALL_OPERATIONS {
                return Some(Dynamic::from(CALL_STOP));
            }
            if spent.saturating_add(ops) > MAX_SOLVE_OPERATIONS {
                return Some(Dynamic::UNIT);
            }
            watch.clock.late(ops).map(|late| match late {
                Late::Call => Dynamic::from(CALL_LATE),
                Late::Solve => Dynamic::from(SOLVE_LATE),
            })
        });
        Run {
            game,
            engine,
            meter,
            listed: Cell::new(0),
            fault: RefCell::new(None),
        }
    }

    /// Runs the script's top level (its declarations) into `scope`, as a call.
    pub(crate) fn top_level(&self, scope: &mut Scope) -> Result<(), Box<EvalAltResult>> {
        self.meter.clock.begin_call();
        self.engine.run_ast_with_scope(scope, self.game.ast())
    }

    /// Calls the script's function `name` with `args`.
    pub(crate) fn call(&self, name: &str, args: Vec<Dynamic>) -> Result<Dynamic, Fault> {
        let options = CallFnOptions::new().eval_ast(false);
        let mut scope = Scope::new();
        self.meter.now.store(0, Ordering::Relaxed);
        self.meter.clock.begin_call();
        let result = self.engine.call_fn_with_options::<Dynamic>(
            options,
            &mut scope,
            self.game.ast(),
            name,
            args,
        );
        let now = self.meter.now.swap(0, Ordering::Relaxed);
        self.meter.spent.fetch_add(now, Ordering::Relaxed);
        self.game.operations().fetch_add(now, Ordering::Relaxed);
        result.map_err(|e| self.game.runtime_fault(name, &e))
    }

    /// The positions the script's `moves` lists from `position`.
    pub(crate) fn options(&self, position: &Position) -> Result<Vec<Position>, Fault> {
        let shape = self.game.shape();
        let returned = self.call("moves", vec![shape.to_script(position)])?;
        let list = returned.clone().into_array().map_err(|_| {
            self.game.at_moves(format!(
                "`moves({position})` returned {} where an array of positions was expected",
                returned.type_name()
            ))
        })?;
        self.count(position, list.len())?;
        list.into_iter()
            .map(|after| {
                shape.read_script(after).map_err(|why| {
                    self.game
                        .at_moves(format!("`moves({position})` returned a bad move: {why}"))
                })
            })
            .collect()
    }

    /// Counts the `listed` moves of `position` against [`MAX_OPTIONS`] and
    /// [`MAX_SOLVE_OPTIONS`], before they are read.
    fn count(&self, position: &Position, listed: usize) -> Result<(), Fault> {
        if listed > MAX_OPTIONS {
            return Err(self.game.at_moves(format!(
                "`moves({position})` returned {listed} moves, past the limit of \
                 {MAX_OPTIONS} a position"
            )));
        }
        let total = self.listed.get().saturating_add(listed);
        if total > MAX_SOLVE_OPTIONS {
            return Err(self.game.at_moves(format!(
                "solving the game listed more than {MAX_SOLVE_OPTIONS} moves in all \
                 (at `moves({position})`): value fewer or smaller positions"
            )));
        }
        self.listed.set(total);
        Ok(())
    }

    /// The values of `positions`, by one solver sharing what it learns.
    pub(crate) fn values(&self, positions: &[Position]) -> Result<Vec<Value>, CgtError> {
        let mut solver = Solver::new(self, MAX_POSITIONS);
        let mut values = Vec::with_capacity(positions.len());
        for position in positions {
            let value = solver.value(position);
            if let Some(fault) = self.fault.borrow_mut().take() {
                return Err(CgtError::Outside(fault.to_string()));
            }
            values.push(value.map_err(|e| self.game.solver_error(e, solver.cycle()))?);
        }
        Ok(values)
    }
}

impl ImpartialGame for Run<'_> {
    type Position = Position;

    fn options(&self, position: &Position) -> Vec<Position> {
        if self.fault.borrow().is_some() {
            return Vec::new();
        }
        Run::options(self, position).unwrap_or_else(|fault| {
            *self.fault.borrow_mut() = Some(fault);
            Vec::new()
        })
    }
}

/// What a runtime error of the script says, in the report's words, for a
/// game whose solves run under `deadlines`.
pub(crate) fn runtime_words(
    function: &str,
    error: &EvalAltResult,
    deadlines: &Deadlines,
) -> String {
    let inner = error.unwrap_inner();
    match inner {
        EvalAltResult::ErrorTooManyOperations(_) => format!(
            "{function} ran past {MAX_CALL_OPERATIONS} operations (a loop that never ends?)"
        ),
        EvalAltResult::ErrorTerminated(token, _) if token.to_string() == CALL_STOP => format!(
            "`{function}` ran past {MAX_CALL_OPERATIONS} operations in one call \
             (a loop that never ends?)"
        ),
        EvalAltResult::ErrorTerminated(token, _) if token.to_string() == CALL_LATE => format!(
            "`{function}` ran past the time limit of {:?} a call \
             (native calls on long arrays or strings in a loop?)",
            deadlines.call
        ),
        EvalAltResult::ErrorTerminated(token, _) if token.to_string() == SOLVE_LATE => format!(
            "solving the game ran past the time limit of {:?} a solve, \
             over all the script's calls",
            deadlines.solve
        ),
        EvalAltResult::ErrorTerminated(..) => format!(
            "solving the game took the script past {MAX_SOLVE_OPERATIONS} operations in all"
        ),
        EvalAltResult::ErrorStackOverflow(_) => format!(
            "`{function}` called functions more than {MAX_CALL_LEVELS} deep \
             (a recursion that never ends?)"
        ),
        EvalAltResult::ErrorDataTooLarge(..) => format!(
            "`{function}` made an array, map or string past its limit ({MAX_ARRAY} items \
             an array, {MAX_STRING} bytes of text)"
        ),
        EvalAltResult::ErrorFunctionNotFound(sig, _) if sig.starts_with(function) => {
            format!("`{function}` cannot be called as `{sig}`: it takes one position")
        }
        EvalAltResult::ErrorFunctionNotFound(sig, _) if library::is_left_out(sig) => format!(
            "in `{function}`: Function not found: {sig} (a game script has no `sleep`, \
             no clock and no `exit`: it only says moves)"
        ),
        other => {
            let shown = other.to_string();
            let place = format!(" ({})", other.position());
            let shown = shown.strip_suffix(&place).unwrap_or(&shown);
            format!("in `{function}`: {shown}")
        }
    }
}
