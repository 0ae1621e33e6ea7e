//! The work of a claim, counted: its program is rewritten so that every
//! quantifier charges a meter for the list it walks and for each value its
//! body gives, and the claim stops with an error once [`MAX_CLAIM_WORK`] is
//! spent.
//!
//! CEL has no loops, but quantifiers chained one after another each walk what
//! the one before made (`l.map(x, l + l).map(y, y + y)` grows by the body's
//! factor at every step), so the pre-pass's limits on a claim's text do not
//! bound its work. A value's weight is what it holds: one for a number or a
//! truth value, one more for each character of a text, and a list or map
//! weighs one more than its items (keys and values).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use cel::common::ast::{CallExpr, Expr, IdedExpr, operators};
use cel::common::value::{BuiltinRef, CowVal, Val};
use cel::{Context, DeclarationError, ExecutionError, FunctionContext};

/// Most work one claim may do, in units: every item of a list a quantifier
/// walks and every value its body gives, weighed by what it holds (a number
/// is one, a list of 1,000 numbers 1,001). A quantifier over a value table of
/// 1,000 heaps costs about a thousand units; a claim that would build lists
/// of millions of items stops here.
pub const MAX_CLAIM_WORK: u64 = 1 << 20;

/// Most work the claims of one essay may do together, in the units of
/// [`MAX_CLAIM_WORK`], each fact a claim reads weighed as it is read: a
/// claim's own limit does not bound an essay of many claims (100,000 claims
/// each reading a list of 1,000 values took 10 s). About 1.7 s.
pub const MAX_ESSAY_CLAIM_WORK: u64 = 1 << 24;

/// The function the rewritten program calls on what it charges; `@` keeps
/// it out of reach of anything an author writes.
const CHARGE: &str = "@work";

/// A claim's meter: the units spent, shared with the function that charges it.
#[derive(Debug)]
pub struct Meter {
    spent: AtomicU64,
    limit: u64,
}

impl Meter {
    /// A meter allowing `limit` units.
    pub fn new(limit: u64) -> Arc<Meter> {
        Arc::new(Meter {
            spent: AtomicU64::new(0),
            limit,
        })
    }

    /// The units allowed.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// The units spent so far.
    pub fn spent(&self) -> u64 {
        self.spent.load(Ordering::Relaxed)
    }

    /// Whether the claim tried to do more than the meter allows.
    pub fn exhausted(&self) -> bool {
        self.spent.load(Ordering::Relaxed) > self.limit
    }

    /// Charges the weight of `value`; an error once the limit is passed.
    fn charge(&self, value: &dyn Val) -> Result<(), ExecutionError> {
        let spent = self.spent.load(Ordering::Relaxed);
        let mut left = self.limit.saturating_sub(spent);
        let within = weigh(value, &mut left);
        let used = self.limit.saturating_sub(spent) - left;
        let over = u64::from(!within);
        self.spent.fetch_add(used + over, Ordering::Relaxed);
        if within {
            Ok(())
        } else {
            Err(ExecutionError::function_error(
                "work",
                format!("the claim does more than {} units of work", self.limit),
            ))
        }
    }
}

/// The weight of a fact as a claim reads it: what [`weigh`] would weigh
/// the value it becomes.
pub fn fact_weight(value: &serde_json::Value) -> u64 {
    use serde_json::Value as Json;
    1 + match value {
        Json::String(s) => s.chars().count() as u64,
        Json::Array(items) => items.iter().map(fact_weight).sum(),
        Json::Object(map) => map
            .iter()
            .map(|(k, v)| 1 + k.chars().count() as u64 + fact_weight(v))
            .sum(),
        _ => 0,
    }
}

/// Takes the weight of `value` from `left`; false when it weighs more.
fn weigh(value: &dyn Val, left: &mut u64) -> bool {
    let Some(rest) = left.checked_sub(1) else {
        return false;
    };
    *left = rest;
    match value.as_builtin() {
        BuiltinRef::String(s) => take(left, s.inner().chars().count() as u64),
        BuiltinRef::Bytes(b) => take(left, b.inner().len() as u64),
        BuiltinRef::List(_) | BuiltinRef::Map(_) => {
            let Some(items) = value.as_iterable() else {
                return true;
            };
            let entries = match value.as_builtin() {
                BuiltinRef::Map(_) => value.as_indexer(),
                _ => None,
            };
            let mut items = items.iter();
            while let Some(item) = items.next() {
                if !weigh(item, left) {
                    return false;
                }
                if let Some(Ok(entry)) = entries.map(|i| i.get(item))
                    && !weigh(entry.as_ref(), left)
                {
                    return false;
                }
            }
            true
        }
        _ => true,
    }
}

fn take(left: &mut u64, units: u64) -> bool {
    match left.checked_sub(units) {
        Some(rest) => {
            *left = rest;
            true
        }
        None => false,
    }
}

/// Adds the charging function, bound to `meter`, to a claim's context.
pub fn install(context: &mut Context<'_, '_>, meter: Arc<Meter>) -> Result<(), DeclarationError> {
    type Charge = Box<
        dyn for<'c, 'k> Fn(&mut FunctionContext<'c, 'k>) -> Result<CowVal<'c, 'k>, ExecutionError>
            + Send
            + Sync,
    >;
    let charge: Charge = Box::new(move |ftx| {
        let value = ftx
            .args
            .pop()
            .ok_or_else(|| ExecutionError::invalid_argument_count(1, 0))?;
        meter.charge(value.as_ref())?;
        Ok(value)
    });
    context.add_function(CHARGE, charge)
}

/// Rewrites a compiled claim so that every quantifier (a comprehension, as
/// CEL's macros expand them) charges its list and each value its body gives.
pub fn metered(mut expr: IdedExpr) -> IdedExpr {
    meter_all(&mut expr);
    expr
}

fn meter_all(expr: &mut IdedExpr) {
    match &mut expr.expr {
        Expr::Call(call) => {
            if let Some(target) = call.target.as_deref_mut() {
                meter_all(target);
            }
            call.args.iter_mut().for_each(meter_all);
        }
        Expr::Comprehension(c) => {
            meter_all(&mut c.iter_range);
            meter_all(&mut c.accu_init);
            meter_all(&mut c.loop_cond);
            meter_all(&mut c.loop_step);
            meter_all(&mut c.result);
            wrap(&mut c.iter_range);
            meter_step(&mut c.loop_step, &c.accu_var);
        }
        Expr::List(list) => list.elements.iter_mut().for_each(meter_all),
        Expr::Select(select) => meter_all(&mut select.operand),
        Expr::Map(_) | Expr::Struct(_) | Expr::Ident(_) | Expr::Literal(_) => {}
        Expr::Unspecified => {}
    }
}

/// Charges what a loop step computes each time round, keeping the shapes the
/// interpreter recognises (`@result && p`, `@result + [e]`, `c ? ... : @result`).
fn meter_step(step: &mut IdedExpr, accu: &str) {
    match &mut step.expr {
        Expr::Ident(name) if name == accu => {}
        Expr::Call(CallExpr {
            func_name,
            target: None,
            args,
        }) if [
            operators::LOGICAL_AND,
            operators::LOGICAL_OR,
            operators::CONDITIONAL,
            operators::ADD,
        ]
        .contains(&func_name.as_str()) =>
        {
            args.iter_mut().for_each(|a| meter_step(a, accu));
        }
        Expr::List(list) => list.elements.iter_mut().for_each(wrap),
        _ => wrap(step),
    }
}

/// `e` becomes `@work(e)`, which charges the value of `e` and gives it back.
fn wrap(expr: &mut IdedExpr) {
    let inner = std::mem::take(expr);
    *expr = IdedExpr {
        id: inner.id,
        expr: Expr::Call(CallExpr {
            func_name: CHARGE.to_owned(),
            target: None,
            args: vec![inner],
        }),
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use cel::{Program, Value};

    fn run(source: &str, limit: u64) -> (Result<Value, ExecutionError>, Arc<Meter>) {
        let program = Program::compile(source).unwrap();
        let expr = metered(program.expression().clone());
        let meter = Meter::new(limit);
        let mut context = Context::default();
        install(&mut context, Arc::clone(&meter)).unwrap();
        (context.resolve(&expr), meter)
    }

    #[test]
    fn quantifiers_keep_their_meaning() {
        for (source, want) in [
            ("[1, 2, 3].map(x, x * 2) == [2, 4, 6]", true),
            ("[1, 2, 3].filter(x, x > 1) == [2, 3]", true),
            ("[1, 2, 3].all(x, x > 0)", true),
            ("[1, 2, 3].exists(x, x > 2)", true),
            ("[1, 2, 3].exists_one(x, x > 1)", false),
            ("[1, 2, 3].map(x, x > 1, x * 10) == [20, 30]", true),
            // An error beside a false element is absorbed, as CEL says.
            ("[0, -1].all(x, 1 / x > 0)", false),
        ] {
            let (value, meter) = run(source, 1000);
            assert_eq!(value, Ok(Value::Bool(want)), "{source}");
            assert!(!meter.exhausted(), "{source}");
        }
    }

    #[test]
    fn work_is_what_the_quantifiers_walk_and_make() {
        // The list walked (4 units) and three numbers made.
        let (_, meter) = run("[1, 2, 3].map(x, x)", 1000);
        assert_eq!(meter.spent.load(Ordering::Relaxed), 7);
        // The items of a made list count too.
        let (_, meter) = run("[1, 2, 3].map(x, [x, x])", 1000);
        assert_eq!(meter.spent.load(Ordering::Relaxed), 4 + 3 * 3);
    }

    #[test]
    fn chained_quantifiers_that_grow_lists_stop_at_the_limit() {
        let l = format!("[{}]", vec!["1"; 100].join(", "));
        let source = format!("{l}.map(x, {l} + {l}).map(y, y + y + y + y).size() > 0");
        let (value, meter) = run(&source, 10_000);
        assert!(value.is_err(), "{value:?}");
        assert!(meter.exhausted());
        // The meter stops the work: it is charged only once past the limit.
        assert!(meter.spent.load(Ordering::Relaxed) <= 10_001);
        let (value, meter) = run(&source, 200_000);
        assert_eq!(value, Ok(Value::Bool(true)));
        assert!(!meter.exhausted());
    }

    #[test]
    fn nested_quantifiers_are_charged_each_time_round() {
        let (value, meter) = run("[1, 2, 3].all(x, [1, 2, 3].all(y, y > 0))", 1000);
        assert_eq!(value, Ok(Value::Bool(true)));
        // The outer list (4) and three truths; three inner lists (4) and nine truths.
        assert_eq!(meter.spent.load(Ordering::Relaxed), 4 + 3 + 3 * 4 + 9);
    }
}
