//! Alpha-Beta Studio's command line: the headless subcommands (see `docs/cli.md`), without the window. Each prints
//! its results on stdout; a bad argument or a bad input prints one line on stderr and exits with status 2.
//!
//! Two binaries answer these subcommands: `alphabeta` (this package's, headless) and `alphabeta-studio` (the window's
//! package, which opens the window when no subcommand is given). Both call [`run`]. Everything a command computes
//! is the `alphabeta-core` crate's; a module here reads arguments, calls the core and writes what it found.

/// `println!` through [`output::write`]: evaluates to a `Result` that a command passes on with `?`.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::output::write(&format!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprintln!` through [`output::note`]: a failed write to standard error is no panic.
macro_rules! errln {
    () => {
        $crate::output::note("\n")
    };
    ($($arg:tt)*) => {
        $crate::output::note(&format!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprint!` through [`output::note`].
macro_rules! err {
    ($($arg:tt)*) => {
        $crate::output::note(&format!($($arg)*))
    };
}

pub mod bench;
pub mod check;
pub mod game_arg;
pub mod games;
pub mod lines;
pub mod matches;
pub mod output;
pub mod perft;
pub mod review;
pub mod search;
pub mod solve;
pub mod tree;
pub mod uci;

use alphabeta_core::files::{MAX_TEXT_BYTES, read_stdin_text, read_text};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::process::ExitCode;

/// Alpha-Beta Studio: with no subcommand, opens the window; with one, runs headless.
#[derive(Parser, Debug)]
#[command(name = "alphabeta-studio", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The folder of game files (`*.ron`, `*.lua`) for every command and the window; without it, the folder
    /// ALPHABETA_STUDIO_GAMES names, else `games/` here, else the repository's own.
    // Not `--games`: `match --games N` counts games.
    #[arg(long = "games-dir", global = true, value_name = "DIR")]
    pub games_dir: Option<std::path::PathBuf>,
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
    /// List every game the studio offers (built in, from `games/*.ron` and Lua scripts `games/*.lua`), and game files
    /// that failed to load.
    Games(games::GamesArgs),
    /// Play engines against each other: W/D/L, Elo with its interval, records of every game.
    Match(matches::MatchArgs),
    /// Review a recorded game: each move's class, values, best move and loss, and each side's accuracy.
    Review(review::ReviewArgs),
    /// Play chess as a UCI engine on standard input and output (for chess GUIs and `match`).
    Uci(uci::UciArgs),
    /// Check a game's rules (a `.lua` script's or a compiled game's) for silent faults: exit 0 clean, 1 findings.
    Check(check::CheckArgs),
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
    let args: Vec<std::ffi::OsString> = args.into_iter().collect();
    let parsed = command_named_for(args.first()).try_get_matches_from(args).and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: clap's own text on stdout, success.
            if let Err(CommandError(message)) = output::write(&e.to_string()) {
                errln!("error: {message}");
                return Some(ExitCode::from(2));
            }
            return Some(ExitCode::SUCCESS);
        }
        Err(e) => {
            errln!("{}", clap_error_line(&e.to_string()));
            return Some(ExitCode::from(2));
        }
    };
    if let Err(message) = choose_games_dir(cli.games_dir.clone()) {
        errln!("error: {}", alphabeta_core::messages::escape_controls(&message));
        return Some(ExitCode::from(2));
    }
    // `check` alone has a status of its own: 1 when it found faults.
    let mut found = false;
    let result = match cli.command? {
        Command::Tree(args) => tree::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Search(args) => search::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Games(args) => games::run(&args),
        Command::Uci(args) => uci::run(&args),
        Command::Match(args) => matches::run(&args),
        Command::Check(args) => check::run(&args).map(|clean| found = !clean),
        Command::Review(args) => review::run(&args),
    };
    Some(match result {
        Err(CommandError(message)) => {
            errln!("error: {}", alphabeta_core::messages::escape_controls(&message));
            ExitCode::from(2)
        }
        // What the command had to say on standard error was lost: the run is not a clean one.
        Ok(()) if output::error_output_failed() => ExitCode::from(2),
        Ok(()) if found => ExitCode::from(1),
        Ok(()) => ExitCode::SUCCESS,
    })
}

/// A headless command whose output is piped into `head` ends quietly when the pipe closes, as other command-line
/// tools do, instead of failing every later write (Rust ignores SIGPIPE). Not for `match`, nor `review --engine`,
/// which write to engines they run: one of them dying must be an error they report, not the end of the process;
/// nor for the window (no subcommand). Call it first thing in `main`, before any other thread exists.
pub fn quiet_on_closed_pipe() {
    let command = std::env::args_os().nth(1);
    let runs_engines = match &command {
        Some(c) if c == "match" => true,
        Some(c) if c == "review" => {
            std::env::args_os().any(|arg| arg.to_str().is_some_and(|arg| arg.starts_with("--engine")))
        }
        _ => false,
    };
    if command.is_none() || runs_engines {
        return;
    }
    #[cfg(target_os = "linux")]
    // SAFETY: the caller calls this before any other thread exists; SIG_DFL is a valid disposition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// The command line as the binary running it is named: `alphabeta` (the headless binary) or `alphabeta-studio`, so
/// that `--help`, `--version` and the usage lines name the program the user typed.
fn command_named_for(program: Option<&std::ffi::OsString>) -> clap::Command {
    let headless = program.and_then(|p| std::path::Path::new(p).file_stem()).is_some_and(|stem| stem == "alphabeta");
    let name = if headless { "alphabeta" } else { "alphabeta-studio" };
    let command = Cli::command().name(name).bin_name(name);
    if headless { command.about("Alpha-Beta Studio's command line, without the window.") } else { command }
}

/// The games folder of this run: `--games-dir DIR`, or the environment's, checked to be a folder before anything is read.
fn choose_games_dir(chosen: Option<std::path::PathBuf>) -> Result<(), String> {
    use alphabeta_core::games::registry::{GAMES_DIR_VARIABLE, choose_dir};
    match (chosen, std::env::var_os(GAMES_DIR_VARIABLE).filter(|value| !value.is_empty())) {
        (Some(dir), _) => choose_dir(dir),
        (None, Some(dir)) if !std::path::Path::new(&dir).is_dir() => {
            Err(format!("{GAMES_DIR_VARIABLE}={}: no such folder", std::path::Path::new(&dir).display()))
        }
        (None, _) => Ok(()),
    }
}

/// Clap's error as one line: its first line, with what the lines after it list up to the usage (a missing
/// argument's name is on the second line: "the following required arguments were not provided:" / "<DEPTH>").
fn clap_error_line(rendered: &str) -> String {
    let mut lines = rendered.lines().map(str::trim).take_while(|line| !line.starts_with("Usage:"));
    let first = lines.next().unwrap_or("error: bad arguments");
    let rest: Vec<&str> = lines.filter(|line| !line.is_empty() && !line.starts_with("tip:")).collect();
    let line = if rest.is_empty() { first.to_string() } else { format!("{first} {}", rest.join(" ")) };
    alphabeta_core::messages::escape_controls(&line)
}

/// A value parser for a count that must lie in `range`: a number outside it is refused with the range, as clap
/// says which option it was (`invalid value '0' for '--concurrency <CONCURRENCY>': 0 is not in 1..=64`).
pub fn whole_in(
    range: std::ops::RangeInclusive<usize>,
) -> impl Fn(&str) -> Result<usize, String> + Clone + Send + Sync + 'static {
    move |text| {
        let (low, high) = (*range.start(), *range.end());
        match text.trim().parse::<u128>() {
            Ok(n) if (low as u128..=high as u128).contains(&n) => Ok(n as usize),
            Ok(_) => Err(format!("{text} is not in {low}..={high}")),
            Err(_) => Err(format!("'{text}' is not a whole number from {low} to {high}")),
        }
    }
}

/// Reads a whole input: a regular file, or standard input for `-`; at most [`MAX_TEXT_BYTES`] either way.
pub fn read_input(path: &std::path::Path) -> Result<String, CommandError> {
    let text = if path.as_os_str() == "-" { read_stdin_text(MAX_TEXT_BYTES) } else { read_text(path, MAX_TEXT_BYTES) };
    text.map_err(CommandError)
}
