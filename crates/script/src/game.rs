//! A site's game as the engine sees it: the script compiled and its
//! declaration read, valued by the engine's solver over the moves it lists.

use cgt::error::{Measure, Unsupported};
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use cgt::game::{Action, Game, Move, Position, wrong_position};
use cgt::{CgtError, Value};
use rhai::packages::Package;
use rhai::{AST, Dynamic, EvalAltResult, Scope};

use super::clock::Deadlines;
use super::fault::Fault;
use super::library::ScriptLibrary;
use super::shape::Shape;
use super::solve::{self, Run, Script, SharedModule};

/// The prefix of a site's game names.
pub const PREFIX: &str = "site:";

/// A game whose moves a site's script says.
#[derive(Clone)]
pub struct ScriptGame {
    /// The name without `site:`.
    name: String,
    source: Arc<str>,
    ast: Arc<AST>,
    shape: Shape,
    describes: bool,
    tabulates: bool,
    package: SharedModule,
    /// Where every call adds the operations it ran (see [`ScriptGame::metered`]).
    operations: Arc<AtomicU64>,
    /// The time limits of its calls and solves.
    deadlines: Deadlines,
}

impl std::fmt::Debug for ScriptGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScriptGame")
            .field("name", &self.name)
            .field("shape", &self.shape)
            .finish()
    }
}

impl ScriptGame {
    /// Compiles the script `source` of the game `name` (without `site:`) and
    /// reads its declaration; every problem is a fault in its file.
    pub fn compile(name: &str, source: &str) -> Result<ScriptGame, Fault> {
        ScriptGame::compile_with(name, source, Deadlines::default())
    }

    /// [`ScriptGame::compile`], its top level and every solve run under
    /// `deadlines`.
    pub fn compile_with(
        name: &str,
        source: &str,
        deadlines: Deadlines,
    ) -> Result<ScriptGame, Fault> {
        let package = ScriptLibrary::new().as_shared_module();
        let fault = |line, col, message: String| Fault {
            game: name.to_owned(),
            line,
            col,
            message,
        };
        let ast = solve::engine(&package).compile(source).map_err(|e| {
            let (line, col) = place(e.1);
            fault(
                line,
                col,
                format!("the script does not compile: {}{}", e.0, hint(&e.0)),
            )
        })?;
        let has = |f: &str, arity: usize| {
            ast.iter_functions()
                .any(|m| m.name == f && m.params.len() == arity)
        };
        let moves = has("moves", 1);
        let mut game = ScriptGame {
            name: name.to_owned(),
            source: source.into(),
            shape: Shape::Integer,
            describes: has("describe", 2),
            tabulates: has("table", 1),
            ast: Arc::new(ast),
            package,
            operations: Arc::default(),
            deadlines,
        };
        if !moves {
            return Err(fault(
                1,
                1,
                "the script has no `fn moves(p)`: it must say the positions one move from `p`"
                    .into(),
            ));
        }
        game.shape = game.declared_shape()?;
        Ok(game)
    }

    /// This game, adding the operations of its calls to `operations`.
    pub fn metered(&self, operations: Arc<AtomicU64>) -> ScriptGame {
        ScriptGame {
            operations,
            ..self.clone()
        }
    }

    /// This game, its calls and solves stopped at `deadlines`.
    #[cfg(test)]
    pub(crate) fn with_deadlines(&self, deadlines: Deadlines) -> ScriptGame {
        ScriptGame {
            deadlines,
            ..self.clone()
        }
    }

    /// The script's text.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// What its positions are.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The shape `POSITION` declares, by running the script's top level once.
    fn declared_shape(&self) -> Result<Shape, Fault> {
        let mut scope = Scope::new();
        Run::new(self)
            .top_level(&mut scope)
            .map_err(|e| self.runtime_fault("the script's top level", &e))?;
        let Some(declared) = scope.get("POSITION") else {
            return Ok(Shape::Integer);
        };
        let at = self.place_of("POSITION");
        let named = declared.clone().into_string().ok();
        named
            .as_deref()
            .and_then(Shape::named)
            .ok_or_else(|| Fault {
                game: self.name.clone(),
                line: at.0,
                col: at.1,
                message: format!(
                    "`POSITION` is `{declared}`: expected \"integer\", \"list\" or \"text\""
                ),
            })
    }

    /// Line and column of the first `needle` in the script, or 1:1.
    fn place_of(&self, needle: &str) -> (usize, usize) {
        let Some(at) = self.source.find(needle) else {
            return (1, 1);
        };
        grundy_text::lines::line_col(&self.source, at)
    }

    /// The position a table lists at `index`.
    fn table_position(&self, run: &Run<'_>, index: usize) -> Result<Position, CgtError> {
        let fault = |f: Fault| CgtError::Outside(f.to_string());
        if self.tabulates {
            let k = Dynamic::from_int(i64::try_from(index).unwrap_or(i64::MAX));
            let p = run.call("table", vec![k]).map_err(fault)?;
            return self.shape.read_script(p).map_err(|why| {
                let (line, col) = self.place_of("fn table");
                fault(Fault {
                    game: self.name.clone(),
                    line,
                    col,
                    message: format!("`table({index})` returned a bad position: {why}"),
                })
            });
        }
        let k = index as u64;
        match self.shape {
            Shape::Integer | Shape::List => Ok(Position::Heaps(vec![k])),
            Shape::Text => Err(CgtError::Outside(format!(
                "{} has no table: its positions are text, so its script needs a `fn table(k)` \
                 saying which position a table lists at index k",
                self.name()
            ))),
        }
    }

    /// A fault met while tabulating a game of lists with no `fn table`, with
    /// what the table asked: it lists `[0]`, `[1]`, … , which a game of two
    /// or more heaps may not take.
    fn table_fault(&self, error: CgtError) -> CgtError {
        let CgtError::Outside(said) = &error else {
            return error;
        };
        match Fault::find(said) {
            Some(mut fault) if !self.tabulates && self.shape == Shape::List => {
                fault.message.push_str(
                    " (a table lists the positions [0], [1], [2], ... and asks `moves` of each; \
                     a game whose positions are lists of another length needs a `fn table(k)` \
                     saying which position the table lists at index k)",
                );
                CgtError::Outside(fault.to_string())
            }
            _ => error,
        }
    }

    /// The values of several positions by one solve.
    pub fn values(&self, positions: &[Position]) -> Result<Vec<Value>, CgtError> {
        for p in positions {
            self.check(p)?;
        }
        Run::new(self).values(positions)
    }

    /// The positions a table lists at indices `0..n`.
    pub fn table_positions(&self, n: usize) -> Result<Vec<Position>, CgtError> {
        if n > solve::MAX_POSITIONS {
            return Err(CgtError::too_large(
                Measure::ScriptTable {
                    most: solve::MAX_POSITIONS,
                },
                n as u64,
                solve::MAX_POSITIONS as u64,
            ));
        }
        let run = Run::new(self);
        (0..n).map(|i| self.table_position(&run, i)).collect()
    }

    fn check(&self, position: &Position) -> Result<(), CgtError> {
        if self.shape.fits(position) {
            Ok(())
        } else {
            Err(wrong_position(self, position))
        }
    }

    /// The words of the move from `from` to `to`.
    fn describe(&self, run: &Run<'_>, from: &Position, to: &Position) -> Result<String, Fault> {
        if !self.describes {
            return Ok(format!("move to {to}"));
        }
        let args = vec![self.shape.to_script(from), self.shape.to_script(to)];
        let words = run.call("describe", args)?;
        Ok(words.to_string().chars().take(200).collect())
    }
}

/// What a compile error about a part the script's language leaves out adds.
fn hint(error: &rhai::ParseErrorType) -> &'static str {
    match error {
        rhai::ParseErrorType::Reserved(symbol) if symbol == "#{" => {
            " (a game script has no maps: Rhai does not bound one grown by \
             assignment; use arrays)"
        }
        _ => "",
    }
}

/// A Rhai position as 1-based line and column; (0, 0) when it has none.
fn place(at: rhai::Position) -> (usize, usize) {
    (at.line().unwrap_or(0), at.position().unwrap_or(1))
}

impl Script for ScriptGame {
    fn script_name(&self) -> &str {
        &self.name
    }

    fn ast(&self) -> &AST {
        &self.ast
    }

    fn package(&self) -> &SharedModule {
        &self.package
    }

    fn shape(&self) -> Shape {
        self.shape
    }

    fn deadlines(&self) -> Deadlines {
        self.deadlines
    }

    fn operations(&self) -> &AtomicU64 {
        &self.operations
    }

    fn at_moves(&self, message: String) -> Fault {
        let (line, col) = self.place_of("fn moves");
        Fault {
            game: self.name.clone(),
            line,
            col,
            message,
        }
    }

    fn runtime_fault(&self, function: &str, error: &EvalAltResult) -> Fault {
        let (line, col) = match place(error.unwrap_inner().position()) {
            (0, _) => self.place_of(&format!("fn {function}")),
            at => at,
        };
        Fault {
            game: self.name.clone(),
            line,
            col,
            message: solve::runtime_words(function, error, &self.deadlines),
        }
    }

    fn solver_error(&self, error: CgtError, cycle: &[Position]) -> CgtError {
        match error {
            CgtError::Unsupported(Unsupported::Cycle) => CgtError::Outside(
                self.at_moves(format!(
                    "the moves go round in a cycle{}, so the game never ends and has no \
                     values: no position may be reachable again from itself",
                    grundy_text::words::moves::cycle(
                        &grundy_text::catalogue::Catalogue::default(),
                        cycle
                    )
                    .map(|round| format!(", {round}"))
                    .unwrap_or_default()
                ))
                .to_string(),
            ),
            other => other,
        }
    }
}

impl Game for ScriptGame {
    fn name(&self) -> String {
        format!("{PREFIX}{}", self.name)
    }

    fn parse_position(&self, text: &str) -> Result<Position, CgtError> {
        self.shape.parse(text)
    }

    fn value(&self, position: &Position) -> Result<Option<Value>, CgtError> {
        let values = self.values(std::slice::from_ref(position))?;
        Ok(values.first().copied())
    }

    fn table(&self, n: usize) -> Result<Vec<Value>, CgtError> {
        let positions = self.table_positions(n)?;
        self.values(&positions).map_err(|e| self.table_fault(e))
    }

    fn moves(&self, position: &Position) -> Result<Vec<Move>, CgtError> {
        self.check(position)?;
        let run = Run::new(self);
        let fault = |f: Fault| CgtError::Outside(f.to_string());
        let options = run.options(position).map_err(fault)?;
        options
            .into_iter()
            .map(|after| {
                let description = self.describe(&run, position, &after).map_err(fault)?;
                Ok(Move {
                    action: Action::Said(description),
                    after,
                })
            })
            .collect()
    }

    fn winning_move(&self, position: &Position) -> Result<Option<Move>, CgtError> {
        let moves = self.moves(position)?;
        let afters: Vec<Position> = moves.iter().map(|m| m.after.clone()).collect();
        let values = self.values(&afters)?;
        Ok(moves
            .into_iter()
            .zip(values)
            .find(|(_, v)| *v == 0)
            .map(|(m, _)| m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_text::words::errors::error as words;
    use std::time::Duration;

    const SUBTRACTION: &str = "// Take 1, 2 or 3.\nfn moves(n) {\n    let out = [];\n    for k in [1, 2, 3] {\n        if k <= n { out.push(n - k); }\n    }\n    out\n}\nfn describe(n, m) { `take ${n - m}` }\n";

    /// No time limits: the tests of the operation limits must not race the clock.
    const ROOMY: Deadlines = Deadlines {
        call: Duration::MAX,
        solve: Duration::MAX,
    };

    fn game(source: &str) -> ScriptGame {
        ScriptGame::compile("g", source)
            .unwrap()
            .with_deadlines(ROOMY)
    }

    fn fault(source: &str, position: &str) -> Fault {
        let g = game(source);
        let p = g.parse_position(position).unwrap();
        let err = words(&g.value(&p).unwrap_err());
        Fault::find(&err).unwrap_or_else(|| panic!("no fault in {err}"))
    }

    #[test]
    fn a_subtraction_game_is_valued_by_the_engine() {
        let g = game(SUBTRACTION);
        assert_eq!(g.name(), "site:g");
        assert_eq!(g.table(9).unwrap(), vec![0, 1, 2, 3, 0, 1, 2, 3, 0]);
        let p = g.parse_position("6").unwrap();
        let m = g.winning_move(&p).unwrap().unwrap();
        assert_eq!(
            (m.action, m.after.to_string()),
            (Action::Said("take 2".into()), "4".into())
        );
        assert_eq!(g.moves(&p).unwrap().len(), 3);
    }

    #[test]
    fn list_and_text_positions() {
        let nim = "const POSITION = \"list\";\nfn moves(p) {\n  let out = [];\n  for i in 0..p.len() {\n    for k in 0..p[i] { let q = p; q[i] = k; out.push(q); }\n  }\n  out\n}\n";
        let g = game(nim);
        let p = g.parse_position("1,2,3").unwrap();
        assert_eq!(g.value(&p).unwrap(), Some(0));
        let p = g.parse_position("2,3").unwrap();
        assert_eq!(g.value(&p).unwrap(), Some(1));
        let text = "const POSITION = \"text\";\nfn moves(s) { if s.len() == 0 { [] } else { [s.sub_string(1)] } }\nfn table(k) { \"x\".pad(k, \"x\"); let s = \"\"; for i in 0..k { s += \"x\"; } s }\n";
        let g = game(text);
        assert_eq!(g.table(4).unwrap(), vec![0, 1, 0, 1]);
    }

    #[test]
    fn every_way_a_script_goes_wrong_is_a_fault_at_its_place() {
        // Rhai keeps no place for a call stopped by a limit: its function's is shown.
        let runaway = fault(
            "// Never ends.\nfn moves(n) {\n    loop { n += 1; }\n}\n",
            "3",
        );
        assert_eq!((runaway.line, runaway.col), (2, 1), "{runaway}");
        assert!(runaway.message.contains("1000000 operations"), "{runaway}");
        let deep = fault("fn f(n) { f(n + 1) }\nfn moves(n) { f(n) }\n", "1");
        assert!(deep.message.contains("32 deep"), "{deep}");
        let huge = fault(
            "fn moves(n) {\n  let a = [];\n  for i in 0..100000 { a.push(i); }\n  a\n}\n",
            "1",
        );
        assert!(
            huge.message
                .contains("string past its limit (10000 items an array"),
            "{huge}"
        );
        let bad = fault("fn moves(n) { [n - 1] }\n", "0");
        assert!(
            bad.message.contains("`-1` (i64) is not a position"),
            "{bad}"
        );
        assert_eq!((bad.line, bad.col), (1, 1));
        let cycle = fault("\nfn moves(n) { if n == 0 { [1] } else { [0] } }\n", "1");
        assert!(cycle.message.contains("cycle"), "{cycle}");
        assert_eq!(cycle.line, 2);
        let error = fault("fn moves(n) {\n  n.nope()\n}\n", "1");
        assert!(
            error.message.contains("Function not found: nope"),
            "{error}"
        );
        assert_eq!(error.line, 2);
    }

    #[test]
    fn a_table_of_a_game_of_two_heaps_says_what_it_asked() {
        let two = "const POSITION = \"list\";\nfn moves(p) {\n  let a = p[1];\n  []\n}\n";
        let err = words(&game(two).table(3).unwrap_err());
        assert!(err.contains("out of bounds"), "{err}");
        assert!(
            err.contains("a table lists the positions [0], [1], [2], ... and asks `moves` of each"),
            "{err}"
        );
    }

    #[test]
    fn the_whole_solve_is_bounded() {
        let slow = "fn moves(n) {\n  let s = 0;\n  for i in 0..20000 { s += i; }\n  if n == 0 { [] } else { [n - 1] }\n}\n";
        let f = fault(slow, "100000");
        assert!(f.message.contains("50000000 operations in all"), "{f}");
        let g = game("fn moves(n) { if n == 0 { [] } else { [n - 1] } }\n");
        let err = g.value(&Position::Heaps(vec![300_000])).unwrap_err();
        assert!(
            matches!(err, CgtError::TooLarge { limit: 200_000, .. }),
            "{err:?}"
        );
    }

    #[test]
    fn a_script_cannot_wait_read_the_clock_or_exit() {
        for (call, name) in [
            ("sleep(0)", "sleep"),
            ("sleep(0.0)", "sleep"),
            ("timestamp()", "timestamp"),
            ("exit()", "exit"),
        ] {
            let f = fault(&format!("fn moves(n) {{\n  {call};\n  []\n}}\n"), "1");
            assert_eq!((f.line, f.col), (2, 3), "{f}");
            assert!(
                f.message.contains(&format!("Function not found: {name}"))
                    && f.message.contains("no `sleep`"),
                "{f}"
            );
        }
    }

    #[test]
    fn a_call_and_a_solve_stop_at_their_time_limits() {
        // Natives on a long array: each is one operation, the clock stops them.
        let spin = "fn moves(n) {\n  let a = [];\n  for i in 0..9999 { a.push(i); }\n  loop { if -1 in a { break; } }\n}\n";
        let call = game(spin).with_deadlines(Deadlines {
            call: Duration::ZERO,
            solve: Duration::MAX,
        });
        let err = words(&call.value(&Position::Heaps(vec![1])).unwrap_err());
        let f = Fault::find(&err).unwrap();
        assert_eq!(f.line, 1, "{f}");
        assert!(f.message.contains("time limit of 0ns a call"), "{f}");
        let chain = "fn moves(n) {\n  let s = 0;\n  for i in 0..100 { s += i; }\n  if n == 0 { [] } else { [n - 1] }\n}\n";
        let solve = game(chain).with_deadlines(Deadlines {
            call: Duration::MAX,
            solve: Duration::ZERO,
        });
        let err = words(&solve.value(&Position::Heaps(vec![5])).unwrap_err());
        let f = Fault::find(&err).unwrap();
        assert!(f.message.contains("time limit of 0ns a solve"), "{f}");
        assert_eq!(
            game(chain).value(&Position::Heaps(vec![5])).unwrap(),
            Some(1)
        );
    }

    #[test]
    fn the_top_level_stops_at_the_time_limit_of_a_call() {
        let zero = Deadlines {
            call: Duration::ZERO,
            solve: Duration::MAX,
        };
        let e = ScriptGame::compile_with("g", "loop { }\nfn moves(n) { [] }\n", zero).unwrap_err();
        assert!(
            e.message
                .contains("`the script's top level` ran past the time limit of 0ns a call"),
            "{e}"
        );
    }

    #[test]
    fn a_script_has_no_maps() {
        // Rhai does not bound a map grown by assignment (`m[k] = v`).
        let map =
            "fn moves(n) {\n  let m = #{};\n  for i in 0..10001 { m[`k${i}`] = i; }\n  []\n}\n";
        let e = ScriptGame::compile("g", map).unwrap_err();
        assert_eq!((e.line, e.col), (2, 11), "{e}");
        assert!(
            e.message
                .contains("'#{' is a reserved symbol (a game script has no maps"),
            "{e}"
        );
    }

    #[test]
    fn moves_are_bounded_a_position_and_a_solve() {
        let wide = "fn moves(n) {\n  let a = [];\n  for i in 0..1001 { a.push(0); }\n  if n == 0 { [] } else { a }\n}\n";
        let f = fault(wide, "7");
        assert_eq!(f.line, 1, "{f}");
        assert!(
            f.message
                .contains("`moves(7)` returned 1001 moves, past the limit of 1000 a position"),
            "{f}"
        );
        let many = "fn moves(n) {\n  let a = [];\n  if n > 0 { for i in 0..1000 { a.push(n - 1); } }\n  a\n}\n";
        assert_eq!(
            game(many).value(&Position::Heaps(vec![1000])).unwrap(),
            Some(0)
        );
        let f = fault(many, "1001");
        assert!(
            f.message
                .contains("listed more than 1000000 moves in all (at `moves(1)`)"),
            "{f}"
        );
    }

    #[test]
    fn scripts_that_do_not_load_say_where() {
        let e = ScriptGame::compile("g", "fn moves(n) {\n  [n +]\n}\n").unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(e.message.starts_with("the script does not compile"), "{e}");
        let e = ScriptGame::compile("g", "fn move(n) { [] }\n").unwrap_err();
        assert!(e.message.contains("no `fn moves(p)`"), "{e}");
        let e = ScriptGame::compile("g", "\nconst POSITION = \"heap\";\nfn moves(n) { [] }\n")
            .unwrap_err();
        assert_eq!((e.line, e.col), (2, 7), "{e}");
        let e = ScriptGame::compile("g", "import \"x\" as x;\nfn moves(n) { [] }\n").unwrap_err();
        assert!(e.message.contains("Module not found"), "{e}");
    }
}
