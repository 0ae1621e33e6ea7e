//! The command line: argument parsing and dispatch to site and calculator commands.

mod calc;
mod certify;
mod completions;
mod man;
mod out;
pub mod play;
mod quotient;
pub mod reference;
mod root;
mod site;
mod site_games;
mod typed_move;

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Exit code of a build, check or verification that found broken claims.
pub const EXIT_FAILED: u8 = 1;
/// Exit code of bad input: an unknown game, a malformed position, a size past a limit.
pub const EXIT_BAD_INPUT: u8 = 2;

/// Static sites for essays on impartial games, with figures computed and checked at build time.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, about, long_about = None, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Build the site into public/ (exit 1 with every broken claim listed)
    Build {
        #[command(flatten)]
        site: SiteRoot,
        /// Where to write the site (default: ROOT/public)
        #[arg(long)]
        output: Option<PathBuf>,
        /// How many seconds to wait for another build into the same output
        #[arg(long, default_value_t = 120)]
        wait: u64,
        /// Include essays marked `draft = true`, as serve does
        #[arg(long)]
        drafts: bool,
        /// Print on stderr the time of each stage and the slowest directives
        #[arg(long)]
        timings: bool,
        /// Compute every directive, neither reading nor writing the results
        /// kept in ROOT/.grundy-cache/results/
        #[arg(long)]
        no_cache: bool,
    },
    /// Check everything a build checks, writing no site
    Check {
        #[command(flatten)]
        site: SiteRoot,
        /// Include essays marked `draft = true`, as serve does
        #[arg(long)]
        drafts: bool,
        /// Also list every number in prose that nothing backs (no claim,
        /// insertion or marked literal), and fail when there is one
        #[arg(long)]
        strict: bool,
        /// Print on stderr the time of each stage and the slowest directives
        #[arg(long)]
        timings: bool,
        /// Compute every directive, neither reading nor writing the results
        /// kept in ROOT/.grundy-cache/results/
        #[arg(long)]
        no_cache: bool,
    },
    /// Preview the site on 127.0.0.1, rebuilding and reloading on change
    Serve {
        #[command(flatten)]
        site: SiteRoot,
        /// The port to listen on
        #[arg(long, default_value_t = 1111)]
        port: u16,
        /// The interface to bind (only loopback unless told otherwise)
        #[arg(long, default_value = "127.0.0.1")]
        interface: String,
        /// A further host name (or address) requests may name in `Host`, e.g.
        /// the name a reverse proxy or another machine uses; repeatable
        #[arg(long = "allow-host", value_name = "HOST")]
        allow_host: Vec<String>,
    },
    /// Write every figure as a standalone SVG file (and PNG with --png)
    Figures {
        #[command(flatten)]
        site: SiteRoot,
        /// Where to write the figures (default: ROOT/figures)
        #[arg(long)]
        output: Option<PathBuf>,
        /// Also render each figure to PNG
        #[arg(long)]
        png: bool,
        /// How many seconds to wait for another run into the same output
        #[arg(long, default_value_t = 120)]
        wait: u64,
    },
    /// Create a new site with one example essay in DIR; with --templates,
    /// copy the built-in templates into DIR/templates for editing
    Init {
        /// The directory to create (must be empty or absent); with
        /// --templates, a site's root (default: .), made first when empty or absent
        #[arg(required_unless_present = "templates")]
        dir: Option<PathBuf>,
        /// Copy the built-in templates, each headed by its variables, and a
        /// README documenting them into DIR/templates (never over a file)
        #[arg(long)]
        templates: bool,
    },
    /// Write a new essay, content/SLUG.md (SLUG made of its title), with
    /// front matter to fill in; never over a file
    New {
        /// The essay's title, in quotes
        title: String,
        #[command(flatten)]
        site: SiteRoot,
        /// The essay's date, YYYY-MM-DD (default: today, in UTC)
        #[arg(long)]
        date: Option<String>,
    },
    #[command(flatten)]
    Calculate(Calculation),
    /// List the figure and check kinds, or show one: its keys, facts and an example
    Kinds {
        /// A kind (`heaps`), or `figure NAME` or `check NAME` where both exist
        #[arg(num_args = 0..=2, value_name = "KIND")]
        kind: Vec<String>,
        /// Print one JSON array
        #[arg(long)]
        json: bool,
        /// Print the guide's tables of kinds
        #[arg(long, conflicts_with_all = ["json", "kind"])]
        markdown: bool,
        /// Write the guide's page of every kind into DIR (`docs/content`)
        #[arg(long, value_name = "DIR", conflicts_with_all = ["json", "kind", "markdown"])]
        pages: Option<PathBuf>,
    },
    /// List the games and how their positions are written
    Games {
        /// Print one JSON array
        #[arg(long)]
        json: bool,
        /// Print the guide's table of games
        #[arg(long, conflicts_with = "json")]
        markdown: bool,
    },
    /// Play a game in the terminal against a perfect opponent
    Play {
        /// A game name
        game: String,
        /// The starting position (default: one chosen for you)
        position: Option<String>,
        #[command(flatten)]
        games: GamesRoot,
    },
    /// Print a completion script for a shell, e.g. `grundy completions bash`
    Completions {
        /// The shell
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff); with --out, write one page per command
    Man {
        /// Write grundy.1 and a grundy-COMMAND.1 for each command into DIR
        /// (made when absent); never over a file
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
}

/// The root of the site a command builds: `--root`.
#[derive(Debug, Args)]
pub struct SiteRoot {
    /// The site's root directory (default: the nearest directory, this
    /// one or one above it, that has a grundy.toml or a content/)
    #[arg(long)]
    root: Option<PathBuf>,
}

impl SiteRoot {
    /// The root given, or the nearest site's.
    fn path(self) -> PathBuf {
        root::site(self.root)
    }
}

/// The site whose games a command may name: `--root`.
#[derive(Debug, Args)]
pub struct GamesRoot {
    /// The site whose games `site:NAME` names (its `games/NAME.rhai`;
    /// default: the nearest site, this directory or one above it)
    #[arg(long)]
    root: Option<PathBuf>,
}

impl GamesRoot {
    /// The root given, or the nearest site's when `games` name a site game.
    fn path<'g>(self, games: impl IntoIterator<Item = &'g str>) -> PathBuf {
        root::for_games(self.root, games)
    }
}

/// What every calculation on games takes besides them: the site whose games
/// they may name, and whether to answer in JSON.
#[derive(Debug, Args)]
pub struct Calculated {
    #[command(flatten)]
    games: GamesRoot,
    /// Print one JSON object
    #[arg(long)]
    json: bool,
}

/// The calculator's commands: the engine on one game, one sum or numbers.
#[derive(Debug, Subcommand)]
pub enum Calculation {
    /// The Grundy value of a position (misère games: its outcome, P or N)
    Value {
        /// A game name: nim, turning-turtles, octal:0.137, turning:1-3, site:NAME, ...
        game: String,
        /// A row of H and T (coin games) or heap sizes like 3,5,7 (heap games)
        position: String,
        #[command(flatten)]
        with: Calculated,
    },
    /// The first N values of a game: one-coin values for places 1..N, or heap values for 0..N-1
    Table {
        /// A game name
        game: String,
        /// How many values
        #[arg(allow_negative_numbers = true)]
        n: String,
        #[command(flatten)]
        with: Calculated,
    },
    /// A winning move and the position it leaves, or a statement that none exists
    Move {
        /// A game name
        game: String,
        /// A position of the game
        position: String,
        #[command(flatten)]
        with: Calculated,
    },
    /// The value of a sum of games: the nim-sum of its parts' values, checked
    /// by solving the whole sum as one game (exit 1 if they disagree)
    Sum {
        /// One part each: a game and a position of it, split at the last
        /// colon (kayles:7, nim:3,5, turning-turtles:HTTH, octal:0.137:5)
        #[arg(required = true, value_name = "GAME:POSITION")]
        parts: Vec<String>,
        #[command(flatten)]
        with: Calculated,
    },
    /// The nim-sum (XOR) of numbers
    #[command(name = "nim-sum")]
    NimSum {
        /// The numbers
        #[arg(required = true, allow_negative_numbers = true)]
        numbers: Vec<String>,
    },
    /// The nim product of two numbers
    #[command(name = "nim-product")]
    NimProduct { a: String, b: String },
    /// Compare decomposition and direct solve on every row of at most N coins
    Verify {
        /// A coin game name
        game: String,
        /// The most coins in a row
        #[arg(long)]
        coins: String,
    },
    /// The misère quotient of Nim or an octal game over the sums of heaps
    /// up to N: its elements, P-portion, heaps' images and multiplication
    /// table, proved before it is printed
    Quotient {
        /// Nim or an octal game: nim, kayles, dawsons-kayles, octal:0.75
        game: String,
        /// The largest heap
        #[arg(long)]
        heaps: String,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
    },
    /// Check certificates a site published (SLUG/certificates/HASH.json)
    /// with the independent checker, as a reader would without a browser
    Certify {
        /// Certificate files
        #[arg(required = true)]
        files: Vec<String>,
    },
}

/// Runs the command line; exit 0 on success, 1 on a failed build or check, 2 on bad input.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Build {
            site,
            output,
            wait,
            drafts,
            timings,
            no_cache,
        } => site::build(
            &site.path(),
            output.as_deref(),
            Duration::from_secs(wait),
            site::How {
                drafts,
                timings,
                cache: !no_cache,
            },
        ),
        Command::Check {
            site,
            drafts,
            strict,
            timings,
            no_cache,
        } => site::check(
            &site.path(),
            site::How {
                drafts,
                timings,
                cache: !no_cache,
            },
            strict,
        ),
        Command::Serve {
            site,
            port,
            interface,
            allow_host,
        } => site::serve(&site.path(), port, &interface, &allow_host),
        Command::Figures {
            site,
            output,
            png,
            wait,
        } => site::figures(
            &site.path(),
            output.as_deref(),
            png,
            Duration::from_secs(wait),
        ),
        Command::Init { dir, templates } => site::init(dir.as_deref(), templates),
        Command::New { title, site, date } => site::new(&site.path(), &title, date.as_deref()),
        Command::Calculate(calculation) => calculate(calculation),
        Command::Play {
            game,
            position,
            games,
        } => {
            let root = games.path([game.as_str()]);
            play::play(&game, position.as_deref(), &root)
        }
        Command::Kinds {
            pages: Some(dir), ..
        } => reference::write_pages(&dir),
        Command::Kinds {
            kind,
            json,
            markdown,
            pages: None,
        } => reference::kinds(&kind, reference::Format::of(json, markdown)),
        Command::Games { json, markdown } => {
            reference::games(reference::Format::of(json, markdown))
        }
        Command::Completions { shell } => completions::print(shell),
        Command::Man { out } => man::man(out.as_deref()),
    }
}

/// Runs a calculator command.
fn calculate(calculation: Calculation) -> ExitCode {
    match calculation {
        Calculation::Value {
            game,
            position,
            with,
        } => calc::value(
            &game,
            &position,
            with.json,
            &with.games.path([game.as_str()]),
        ),
        Calculation::Table { game, n, with } => {
            calc::table(&game, &n, with.json, &with.games.path([game.as_str()]))
        }
        Calculation::Move {
            game,
            position,
            with,
        } => calc::best_move(
            &game,
            &position,
            with.json,
            &with.games.path([game.as_str()]),
        ),
        Calculation::Sum { parts, with } => {
            let root = with.games.path(parts.iter().map(String::as_str));
            calc::sum(&parts, with.json, &root)
        }
        Calculation::NimSum { numbers } => calc::nim_sum(&numbers),
        Calculation::NimProduct { a, b } => calc::nim_product(&a, &b),
        Calculation::Verify { game, coins } => calc::verify(&game, &coins),
        Calculation::Quotient { game, heaps, json } => quotient::quotient(&game, &heaps, json),
        Calculation::Certify { files } => certify::certify(&files),
    }
}
