//! One solve of a script game: a Rhai engine of its own with every limit set
//! and a meter of the work done, the script's moves as the engine's game
//! graph, and the engine's solver over it.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use cgt::game::Position;
use cgt::solve::{ImpartialGame, Solver};
use cgt::{CgtError, Value};
use rhai::{CallFnOptions, Dynamic, Engine, EvalAltResult, Module, Scope};

/// The standard library, shared by every engine of a game.
pub type SharedModule = Arc<Module>;

use super::ScriptGame;
use super::fault::Fault;

/// The most Rhai operations one call of the script may take.
pub const MAX_CALL_OPERATIONS: u64 = 1_000_000;
/// The most Rhai operations one solve may take, over every call.
pub const MAX_SOLVE_OPERATIONS: u64 = 50_000_000;
/// The most positions one solve may hold.
pub const MAX_POSITIONS: usize = 200_000;
/// The deepest the script's functions may call one another.
pub const MAX_CALL_LEVELS: usize = 32;
/// The deepest an expression may nest (functions' bodies too).
pub const MAX_EXPR_DEPTH: usize = 64;
/// The longest string the script may make, in bytes.
pub const MAX_STRING: usize = 4096;
/// The longest array (and the largest map) the script may make.
pub const MAX_ARRAY: usize = 10_000;

/// What stops a call past [`MAX_CALL_OPERATIONS`] (stopped from the meter,
/// the error keeps the place where the script was).
const CALL_STOP: &str = "call";

/// Operations counted over one solve.
#[derive(Debug, Default)]
struct Meter {
    /// Operations of the calls that ended.
    spent: AtomicU64,
    /// Operations of the call under way.
    now: AtomicU64,
}

/// An engine with the limits above, the standard library and nothing else:
/// no file, no module, no `eval`, no printing.
pub fn engine(package: &SharedModule) -> Engine {
    let mut engine = Engine::new_raw();
    engine
        .register_global_module(package.clone())
        .set_max_operations(MAX_CALL_OPERATIONS + 1)
        .set_max_call_levels(MAX_CALL_LEVELS)
        .set_max_expr_depths(MAX_EXPR_DEPTH, MAX_EXPR_DEPTH)
        .set_max_string_size(MAX_STRING)
        .set_max_array_size(MAX_ARRAY)
        .set_max_map_size(MAX_ARRAY)
        .disable_symbol("eval");
    engine
}

/// A script game during one solve: its engine, its meter, and the first
/// fault met (after which every position has no moves, so the solve ends).
pub struct Run<'g> {
    pub game: &'g ScriptGame,
    engine: Engine,
    meter: Arc<Meter>,
    fault: RefCell<Option<Fault>>,
}

impl std::fmt::Debug for Run<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Run")
            .field("game", &self.game.name)
            .finish()
    }
}

impl<'g> Run<'g> {
    pub fn new(game: &'g ScriptGame) -> Self {
        let meter = Arc::new(Meter::default());
        let mut engine = engine(&game.package);
        let watch = meter.clone();
        engine.on_progress(move |ops| {
            watch.now.store(ops, Ordering::Relaxed);
            let spent = watch.spent.load(Ordering::Relaxed);
            if ops > MAX_CALL_OPERATIONS {
                Some(Dynamic::from(CALL_STOP))
            } else {
                (spent.saturating_add(ops) > MAX_SOLVE_OPERATIONS).then_some(Dynamic::UNIT)
            }
        });
        Run {
            game,
            engine,
            meter,
            fault: RefCell::new(None),
        }
    }

    /// Calls the script's function `name` with `args`.
    pub fn call(&self, name: &str, args: Vec<Dynamic>) -> Result<Dynamic, Fault> {
        let options = CallFnOptions::new().eval_ast(false);
        let mut scope = Scope::new();
        self.meter.now.store(0, Ordering::Relaxed);
        let result = self.engine.call_fn_with_options::<Dynamic>(
            options,
            &mut scope,
            &self.game.ast,
            name,
            args,
        );
        let now = self.meter.now.swap(0, Ordering::Relaxed);
        self.meter.spent.fetch_add(now, Ordering::Relaxed);
        self.game.operations.fetch_add(now, Ordering::Relaxed);
        result.map_err(|e| self.game.runtime_fault(name, &e))
    }

    /// The positions the script's `moves` lists from `position`.
    pub fn options(&self, position: &Position) -> Result<Vec<Position>, Fault> {
        let shape = self.game.shape;
        let returned = self.call("moves", vec![shape.to_script(position)])?;
        let list = returned.clone().into_array().map_err(|_| {
            self.game.at_moves(format!(
                "`moves({position})` returned {} where an array of positions was expected",
                returned.type_name()
            ))
        })?;
        list.into_iter()
            .map(|after| {
                shape.from_script(after).map_err(|why| {
                    self.game
                        .at_moves(format!("`moves({position})` returned a bad move: {why}"))
                })
            })
            .collect()
    }

    /// The values of `positions`, by one solver sharing what it learns.
    pub fn values(&self, positions: &[Position]) -> Result<Vec<Value>, CgtError> {
        let mut solver = Solver::new(self, MAX_POSITIONS);
        let mut values = Vec::with_capacity(positions.len());
        for position in positions {
            let value = solver.value(position);
            if let Some(fault) = self.fault.borrow_mut().take() {
                return Err(CgtError::Unsupported(fault.to_string()));
            }
            values.push(value.map_err(|e| self.game.solver_error(e))?);
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

/// What a runtime error of the script says, in the report's words.
pub fn runtime_words(function: &str, error: &EvalAltResult) -> String {
    let inner = error.unwrap_inner();
    match inner {
        EvalAltResult::ErrorTooManyOperations(_) => format!(
            "{function} ran past {MAX_CALL_OPERATIONS} operations (a loop that never ends?)"
        ),
        EvalAltResult::ErrorTerminated(token, _) if token.to_string() == CALL_STOP => format!(
            "`{function}` ran past {MAX_CALL_OPERATIONS} operations in one call \
             (a loop that never ends?)"
        ),
        EvalAltResult::ErrorTerminated(..) => format!(
            "solving the game took the script past {MAX_SOLVE_OPERATIONS} operations in all"
        ),
        EvalAltResult::ErrorStackOverflow(_) => format!(
            "`{function}` called functions more than {MAX_CALL_LEVELS} deep \
             (a recursion that never ends?)"
        ),
        EvalAltResult::ErrorDataTooLarge(..) => format!(
            "`{function}` made an array, map or string past its limit ({MAX_ARRAY} items, \
             {MAX_STRING} bytes of text)"
        ),
        EvalAltResult::ErrorFunctionNotFound(sig, _) if sig.starts_with(function) => {
            format!("`{function}` cannot be called as `{sig}`: it takes one position")
        }
        other => {
            let shown = other.to_string();
            let place = format!(" ({})", other.position());
            let shown = shown.strip_suffix(&place).unwrap_or(&shown);
            format!("in `{function}`: {shown}")
        }
    }
}
