//! The library a game script sees: Rhai's standard packages without the
//! functions that wait, read the clock or end the run (`sleep`,
//! `timestamp`, `exit`, ...), so a call's time is its operations' and no
//! two runs of a script differ.

use rhai::def_package;
use rhai::packages::{
    ArithmeticPackage, BasicArrayPackage, BasicBlobPackage, BasicFnPackage, BasicIteratorPackage,
    BasicMapPackage, BasicMathPackage, BasicStringPackage, BitFieldPackage, LogicPackage,
    MoreStringPackage,
};

def_package! {
    /// Rhai's `StandardPackage` less `LanguageCorePackage` (`sleep`, `exit`,
    /// `take`, `tag`, `parse_json`, function metadata) and `BasicTimePackage`
    /// (`timestamp`, `elapsed`).
    pub ScriptLibrary(lib):
        ArithmeticPackage,
        BasicStringPackage,
        BasicIteratorPackage,
        BasicFnPackage,
        BitFieldPackage,
        LogicPackage,
        BasicMathPackage,
        BasicArrayPackage,
        BasicBlobPackage,
        BasicMapPackage,
        MoreStringPackage
    {}
}

/// The functions of Rhai's standard library a script does not have, named in
/// the error of a script that calls one.
pub(crate) const LEFT_OUT: [&str; 6] = [
    "sleep",
    "timestamp",
    "elapsed",
    "exit",
    "parse_json",
    "take",
];

/// Whether the function of a call signature (`sleep (i64)`) is one left out.
pub(crate) fn is_left_out(signature: &str) -> bool {
    let name = signature.split([' ', '(']).next().unwrap_or_default();
    LEFT_OUT.contains(&name)
}
