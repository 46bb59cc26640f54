//! The headless subcommands (see `shared/guide/cli.md`). Each prints its results on stdout; a bad argument or a bad
//! input prints one line on stderr and exits with status 2.

pub mod bench;
pub mod game_arg;
pub mod games;
pub mod perft;
pub mod search;
pub mod solve;
pub mod tree;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Alpha-Beta Studio: with no subcommand, opens the window; with one, runs headless.
#[derive(Parser, Debug)]
#[command(name = "alphabeta-studio", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Search one explicit game tree (notation or tree file) and report what was evaluated and pruned.
    Tree(tree::TreeArgs),
    /// Measure search speed (nodes per second) on generated trees.
    Bench(bench::BenchArgs),
    /// Count the leaves of a game's full move tree to a depth (perft).
    Perft(perft::PerftArgs),
    /// Search a position of any game with the AI's iterative deepening: value, best move, principal variation.
    Search(search::SearchArgs),
    /// Solve Connect Four positions read from standard input, in Pascal Pons' benchmark protocol.
    Solve(solve::SolveArgs),
    /// List every game the studio offers (built in and from `games/*.ron`), and game files that failed to load.
    Games(games::GamesArgs),
}

/// An error a command reports: one line, exit status 2.
#[derive(Debug)]
pub struct CommandError(pub String);

impl<E: std::fmt::Display> From<E> for CommandError {
    fn from(e: E) -> Self {
        CommandError(e.to_string())
    }
}

/// Parses the arguments and runs a subcommand. `None` means no subcommand was given: the caller opens the window.
pub fn run(args: impl IntoIterator<Item = std::ffi::OsString>) -> Option<ExitCode> {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: clap's own text on stdout, success.
            print!("{e}");
            return Some(ExitCode::SUCCESS);
        }
        Err(e) => {
            let rendered = e.to_string();
            eprintln!("{}", rendered.lines().next().unwrap_or("error: bad arguments"));
            return Some(ExitCode::from(2));
        }
    };
    let result = match cli.command? {
        Command::Tree(args) => tree::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Search(args) => search::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Games(args) => games::run(&args),
    };
    Some(match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CommandError(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    })
}

/// Reads a whole input: a file, or standard input for `-`.
pub fn read_input(path: &std::path::Path) -> Result<String, CommandError> {
    use std::io::Read;
    if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map_err(|e| CommandError(format!("reading standard input: {e}")))?;
        Ok(text)
    } else {
        std::fs::read_to_string(path).map_err(|e| CommandError(format!("{}: {e}", path.display())))
    }
}
