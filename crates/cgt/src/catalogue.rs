//! Every game [`parse`](crate::game::parse) knows, as data: its name as written, the board it is played on, its rules in words and an example.
//!
//! [`parse`](crate::game::parse) reads a name only when an entry here accepts it,
//! and its "unknown game" error lists these entries, so the catalogue is the
//! list of games: the command line's `grundy games` and the README's table
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

    /// How a position is written.
    pub fn notation(self) -> &'static str {
        match self {
            Board::Coins => {
                "a row of `H` (heads) and `T` (tails), the leftmost coin first: it is place 1"
            }
            Board::Heaps => "heap sizes separated by commas",
            Board::TwoHeaps => "two heap sizes separated by a comma, `a,b`",
            Board::Rows => {
                "the squares left in each row, separated by commas, from the row of the poisoned \
                 square up; rows never grow going up"
            }
            Board::Graph => {
                "edges `a-b` between numbered nodes separated by commas, node 0 the ground, every \
                 edge reaching it; loops (`1-1`) and repeated edges allowed, `0` the bare ground; or \
                 a tree in brackets, each `[...]` an edge with what stands on it (`[[][]]`)"
            }
        }
    }

    /// A position, written as [`Board::notation`] says.
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
    /// The rules, in a sentence a reader can play by.
    pub rules: &'static str,
    /// A name this entry accepts: the name itself, or the family with its
    /// parameter filled in (`octal:0.137`).
    pub example: &'static str,
    /// A position of [`Entry::example`], written as [`Board::notation`] says.
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
    pub fn accepts(&self, name: &str) -> bool {
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
    rules: &'static str,
    example: &'static str,
    position: &'static str,
) -> Entry {
    Entry {
        name,
        board,
        rules,
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
        "turn one or two coins, the rightmost from heads to tails (turning code `1-2`)",
        "turning-turtles",
        "TTHTHTTH",
    ),
    entry(
        "mock-turtles",
        Board::Coins,
        "turn one to three coins (`1-3`)",
        "mock-turtles",
        "THHT",
    ),
    entry(
        "ruler",
        Board::Coins,
        "turn any run of consecutive coins (`1+C`)",
        "ruler",
        "HTTH",
    ),
    entry(
        "mogul",
        Board::Coins,
        "turn one to seven coins (`1-7`)",
        "mogul",
        "TTTTTTTTH",
    ),
    entry(
        "moebius",
        Board::Coins,
        "turn one to five coins (`1-5`)",
        "moebius",
        "TTTTH",
    ),
    entry(
        "twins",
        Board::Coins,
        "turn exactly two coins (`2`)",
        "twins",
        "THTH",
    ),
    entry(
        "turning:CODE",
        Board::Coins,
        "any rule in CGSuite's turning code: counts (`1-3`, `2,4`, `1+`), then `C` for a \
         consecutive run or `C(w)` for a window of w places (`turning:1-3C(7)`)",
        "turning:1-3",
        "THHT",
    ),
    entry(
        "green-hackenbush",
        Board::Graph,
        "cut one edge; whatever no longer reaches the ground falls; the last to cut wins",
        "green-hackenbush",
        "0-1,1-2,1-3",
    ),
    entry(
        "wythoff",
        Board::TwoHeaps,
        "take any number of tokens from one of two heaps, or the same number from both",
        "wythoff",
        "4,7",
    ),
    entry(
        "chomp",
        Board::Rows,
        "bite a square of a chocolate bar, taking every square above it and to its right; the \
         bottom-left square is poisoned, and whoever must take it loses",
        "chomp",
        "4,4,3",
    ),
    entry(
        "nim",
        Board::Heaps,
        "take any number of tokens from one heap; the last to move wins",
        "nim",
        "3,5,7",
    ),
    entry(
        "misere-nim",
        Board::Heaps,
        "Nim where the last to move loses (positions have an outcome, not a value)",
        "misere-nim",
        "1,1,1",
    ),
    entry(
        "greedy-nim",
        Board::Heaps,
        "Nim taking only from a largest heap",
        "greedy-nim",
        "3,3,2",
    ),
    entry(
        "misere-greedy-nim",
        Board::Heaps,
        "Greedy Nim where the last to move loses",
        "misere-greedy-nim",
        "3,3,2",
    ),
    entry(
        "kayles",
        Board::Heaps,
        "take one or two tokens from a heap, possibly splitting what is left in two (the octal \
         game `0.77`)",
        "kayles",
        "3,5",
    ),
    entry(
        "dawsons-kayles",
        Board::Heaps,
        "take two tokens from a heap, possibly splitting what is left in two (`0.07`)",
        "dawsons-kayles",
        "4,6",
    ),
    entry(
        "grundys-game",
        Board::Heaps,
        "split a heap into two unequal heaps",
        "grundys-game",
        "7",
    ),
    entry(
        "laskers-nim",
        Board::Heaps,
        "take any number of tokens from one heap, or split one heap into two non-empty heaps",
        "laskers-nim",
        "2,3,7",
    ),
    entry(
        "octal:CODE",
        Board::Heaps,
        "any octal game: digit k after the point says when k tokens may be taken (1: the whole \
         heap, 2: leaving one heap, 4: leaving two; added up)",
        "octal:0.137",
        "9",
    ),
    entry(
        "hex:CODE",
        Board::Heaps,
        "any hexadecimal game: an octal code with digits up to F, where 8 added to digit k \
         allows taking k tokens and leaving three heaps",
        "hex:0.8F",
        "9",
    ),
    entry(
        "subtraction:S",
        Board::Heaps,
        "take a number in the set S from one heap; S lists numbers and ranges (`1-3,7` is \
         {1, 2, 3, 7})",
        "subtraction:1,3,4",
        "7,10",
    ),
    entry(
        "subtraction-all-but:S",
        Board::Heaps,
        "take any positive number of tokens from one heap except a number in the finite set S \
         (`1,2` or `2-4,9`)",
        "subtraction-all-but:1,2",
        "9",
    ),
    entry(
        "misere:GAME",
        Board::Heaps,
        "any heap game of normal play played misère, the last to move losing (positions have an \
         outcome, found by solving them whole; `misere:nim` is misere-nim)",
        "misere:kayles",
        "3,4",
    ),
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
pub fn listed(board: Option<Board>) -> String {
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
