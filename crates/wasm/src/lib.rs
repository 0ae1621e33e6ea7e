//! The engine in the page: `grundy-cgt` compiled to WebAssembly, asked in
//! JSON over linear memory by the explorable and playable figures
//! (`static/js/engine.js`). A request names a game and a position as the
//! calculator reads them (`grundy value GAME POSITION`); the answer is the
//! engine's value, outcome, winning moves or options, or its refusal as
//! data. `answer` is the whole interface and is plain safe Rust; `exports`
//! is the three functions the page calls.

pub mod action;
pub mod answer;
mod exports;
pub mod memo;

pub use answer::answer;
