//! Every game [`parse`](crate::game::parse) knows, as data: its name as written, the board it is played on and an example (the site words its rules).
//!
//! [`parse`](crate::game::parse) reads a name only when an entry here accepts it,
//! and its "unknown game" error lists these entries, so the catalogue is the
//! list of games: the command line's `grundy games` and the guide's table
//! of games are printed from it.

/// What a game is played on, and so how its positions are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Board {
    /// A row of coins.
    Coins,
    /// Heaps of tokens.
    Heaps,
    /// Exactly two heaps, a move possibly taking from both (Wythoff's game).
    TwoHeaps,
    /// Rows of squares, as left by bites of a chocolate bar (Chomp).
    Rows,
    /// A graph of edges standing on the ground.
    Graph,
}

impl Board {
    /// The board in one word (`coins`, `heaps`).
    pub fn word(self) -> &'static str {
        match self {
            Board::Coins => "coins",
            Board::Heaps => "heaps",
            Board::TwoHeaps => "pair",
            Board::Rows => "rows",
            Board::Graph => "graph",
        }
    }

    /// A position of this board (the site words how one is written).
    pub fn example(self) -> &'static str {
        match self {
            Board::Coins => "TTHTHTTH",
            Board::Heaps => "3,5,7",
            Board::TwoHeaps => "3,5",
            Board::Rows => "4,4,3",
            Board::Graph => "0-1,1-2,1-3",
        }
    }
}

/// One game, or one family of games named by a prefix and a parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// As written on the command line: a name (`nim`), or a prefix ending in
    /// `:` and what follows it in capitals (`octal:CODE`).
    pub name: &'static str,
    pub board: Board,
    /// A name this entry accepts: the name itself, or the family with its
    /// parameter filled in (`octal:0.137`).
    pub example: &'static str,
    /// A position of [`Entry::example`].
    pub position: &'static str,
}

impl Entry {
    /// The prefix of a family (`octal:`), or `None` for a single game.
    pub fn prefix(&self) -> Option<&'static str> {
        self.name.find(':').map(|i| &self.name[..=i])
    }

    /// Whether `name` (trimmed) is this game or one of this family. The
    /// names of coin games are read regardless of case, with `_` or a space
    /// for `-` (`Mock Turtles`), as [`crate::coins::Rule::by_name`] reads them.
    pub(crate) fn accepts(&self, name: &str) -> bool {
        match self.prefix() {
            Some(prefix) => name.starts_with(prefix),
            None if self.board == Board::Coins => {
                name.to_ascii_lowercase().replace(['_', ' '], "-") == self.name
            }
            None => name == self.name,
        }
    }

    /// The entry as an error message lists it: `octal:CODE (like octal:0.137)`.
    fn listed(&self) -> String {
        match self.prefix() {
            Some(_) => format!("{} (like {})", self.name, self.example),
            None => self.name.to_string(),
        }
    }
}

const fn entry(
    name: &'static str,
    board: Board,
    example: &'static str,
    position: &'static str,
) -> Entry {
    Entry {
        name,
        board,
        example,
        position,
    }
}

/// A move turns coins, the rightmost of them from heads to tails: every coin
/// rule below says only which coins.
static CATALOGUE: &[Entry] = &[
    entry(
        "turning-turtles",
        Board::Coins,
        "turning-turtles",
        "TTHTHTTH",
    ),
    entry("mock-turtles", Board::Coins, "mock-turtles", "THHT"),
    entry("ruler", Board::Coins, "ruler", "HTTH"),
    entry("mogul", Board::Coins, "mogul", "TTTTTTTTH"),
    entry("moebius", Board::Coins, "moebius", "TTTTH"),
    entry("twins", Board::Coins, "twins", "THTH"),
    entry("turning:CODE", Board::Coins, "turning:1-3", "THHT"),
    entry(
        "green-hackenbush",
        Board::Graph,
        "green-hackenbush",
        "0-1,1-2,1-3",
    ),
    entry("wythoff", Board::TwoHeaps, "wythoff", "4,7"),
    entry("chomp", Board::Rows, "chomp", "4,4,3"),
    entry("nim", Board::Heaps, "nim", "3,5,7"),
    entry("misere-nim", Board::Heaps, "misere-nim", "1,1,1"),
    entry("greedy-nim", Board::Heaps, "greedy-nim", "3,3,2"),
    entry(
        "misere-greedy-nim",
        Board::Heaps,
        "misere-greedy-nim",
        "3,3,2",
    ),
    entry("kayles", Board::Heaps, "kayles", "3,5"),
    entry("dawsons-kayles", Board::Heaps, "dawsons-kayles", "4,6"),
    entry("grundys-game", Board::Heaps, "grundys-game", "7"),
    entry("laskers-nim", Board::Heaps, "laskers-nim", "2,3,7"),
    entry("octal:CODE", Board::Heaps, "octal:0.137", "9"),
    entry("hex:CODE", Board::Heaps, "hex:0.8F", "9"),
    entry("subtraction:S", Board::Heaps, "subtraction:1,3,4", "7,10"),
    entry(
        "subtraction-all-but:S",
        Board::Heaps,
        "subtraction-all-but:1,2",
        "9",
    ),
    entry("misere:GAME", Board::Heaps, "misere:kayles", "3,4"),
];

/// Every game and family of games, coin games first, heap games last.
pub fn catalogue() -> &'static [Entry] {
    CATALOGUE
}

/// The entry that accepts `name` (trimmed), if any.
pub fn lookup(name: &str) -> Option<&'static Entry> {
    let name = name.trim();
    CATALOGUE.iter().find(|e| e.accepts(name))
}

/// The games of `board` (or of every board) as an "unknown game" error lists
/// them: `nim, misere-nim, ..., octal:CODE (like octal:0.137)`.
pub(crate) fn listed(board: Option<Board>) -> String {
    CATALOGUE
        .iter()
        .filter(|e| board.is_none_or(|b| e.board == b))
        .map(Entry::listed)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_accept_their_prefix_and_games_their_name() {
        let nim = lookup("nim").unwrap();
        assert_eq!(nim.prefix(), None);
        assert!(lookup("Nim").is_none());
        assert_eq!(lookup(" Mock_Turtles ").unwrap().name, "mock-turtles");
        assert_eq!(lookup("octal:9").unwrap().prefix(), Some("octal:"));
        assert!(lookup("octal").is_none());
        assert!(lookup("chess").is_none());
    }

    #[test]
    fn the_listing_names_a_family_by_an_example() {
        assert_eq!(
            listed(Some(Board::Coins)),
            "turning-turtles, mock-turtles, ruler, mogul, moebius, twins, turning:CODE (like \
             turning:1-3)"
        );
        assert!(listed(None).contains("subtraction:S (like subtraction:1,3,4)"));
    }
}
