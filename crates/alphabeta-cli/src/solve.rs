//! `alphabeta-studio solve`: Pascal Pons' benchmark protocol, so the two programs can be compared line by line.
//! Reads positions (`4453`: 1-based columns from the empty board; anything after the first space ignored) from
//! standard input and writes `<moves> <score> <nodes> <microseconds>` for each, the table cleared before each
//! position. A malformed or illegal line is reported on stderr with its number and skipped.

use super::CommandError;
use super::lines::{Line, Lines};
use alphabeta_core::engine::features::SearchFeatures;
use alphabeta_core::engine::search::alphabeta_memory::Memory;
use alphabeta_core::engine::search::ordering::{MoveOrderer, OrderingOptions};
use alphabeta_core::engine::search::ranges::{TABLE_MIB, THREADS, check};
use alphabeta_core::engine::search::shared_tt::{SharedTable, SharedView};
use alphabeta_core::games::connect_four::ConnectFour;
use alphabeta_core::games::connect_four::solve::{
    Driver, Method, Solution, parse_ordering, read_position, solve, solve_parallel,
};
use alphabeta_core::games::connect_four::solver_table::SolverTable;
use alphabeta_core::messages::escape_controls;
use std::io::Write;
use std::sync::Arc;

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Only tell win, draw or loss (1 / 0 / −1), as Pons' weak solver does: two null-window searches, around 0 and
    /// around −½.
    #[arg(long)]
    pub weak: bool,
    /// The game; only Connect Four 7×6 has published test sets.
    #[arg(long, default_value = "connect-four")]
    pub game: String,
    /// The transposition table's size in MiB.
    #[arg(long, default_value_t = 64)]
    pub tt_mib: usize,
    /// Move-ordering sources, comma-separated, from: hash, killers, hints, history; `none` for generation order.
    #[arg(long, default_value = "hash,hints")]
    pub ordering: String,
    /// The driver: `bisection` (Pons' null-window bisection between the game's bounds), `mtdf` (from 0), or `plain`
    /// (the engine's fail-soft negamax with the full window: no table, no ordering, no game knowledge).
    #[arg(long, default_value = "bisection")]
    pub driver: String,
    /// After the last position, print a summary on stderr: positions solved, how many scores equal the one written
    /// after the moves (as in Pons' test files), mean nodes, mean time and nodes per second. Standard output is
    /// unchanged.
    #[arg(long)]
    pub summary: bool,
    /// The table: `buckets`, the solver's own (eight entries to a cache line, four times the positions per MiB), or
    /// `slots`, the engine's (one entry a slot, as the AI's searches use it).
    #[arg(long, default_value = "buckets")]
    pub table: String,
    /// Solve with the engine's general α-β with memory, as every game's AI searches, instead of the solver written
    /// for the 7 × 6 board: the same nodes and scores, more time a node.
    #[arg(long)]
    pub general: bool,
    /// Search threads (Lazy SMP: helpers solve the same position over one shared table, by MTD(f) from 0 where the
    /// main thread bisects; the nodes written are all the threads' together). 1, the default, is the one-thread solver node for node; `plain` has no table and always
    /// runs on one thread.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

/// The running totals behind `--summary`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    pub positions: u64,
    /// Positions whose line gave an expected score after the moves.
    pub checked: u64,
    /// Of those, how many were solved to exactly that score (to its sign with `--weak`).
    pub agreeing: u64,
    pub nodes: u64,
    pub microseconds: u128,
}

impl Summary {
    /// Adds one solved position; `expected` is the score written after its moves, if any.
    pub fn add(&mut self, solution: &Solution, expected: Option<i32>, weak: bool) {
        self.positions += 1;
        self.nodes += solution.nodes;
        self.microseconds += solution.microseconds;
        if let Some(expected) = expected {
            self.checked += 1;
            let expected = if weak { expected.signum() } else { expected };
            self.agreeing += u64::from(solution.score == expected);
        }
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.positions.max(1) as f64;
        let seconds = self.microseconds as f64 / 1e6;
        let rate = if seconds > 0.0 { self.nodes as f64 / seconds / 1e6 } else { 0.0 };
        write!(
            f,
            "{} positions, {} of {} scores as expected; mean {:.1} nodes, {:.3} ms; {:.2} M nodes/s",
            self.positions,
            self.agreeing,
            self.checked,
            self.nodes as f64 / n,
            seconds * 1e3 / n,
            rate
        )
    }
}

/// Where the solver keeps what it learns: the solver's table (one thread's, or shared by the threads through its
/// `Arc`), the engine's table for one thread, or the engine's shared table.
enum Solver {
    Buckets(Memory<u8, Arc<SolverTable>>),
    Slots(Memory<u8>),
    SharedSlots(SharedView<u8, ConnectFour>),
}

impl Solver {
    /// [`solve`], or [`solve_parallel`] when `threads` asks for more than one and the driver has a table.
    fn solve(&mut self, position: &mut ConnectFour, threads: (OrderingOptions, usize), method: Method) -> Solution {
        let parallel = threads.1 > 1 && method.driver != Driver::Plain;
        match self {
            Solver::Buckets(memory) if parallel => solve_parallel(position, &mut memory.tt, threads, method),
            Solver::Buckets(memory) => solve(position, memory, method),
            Solver::Slots(memory) => solve(position, memory, method),
            Solver::SharedSlots(table) => solve_parallel(position, table, threads, method),
        }
    }
}

/// A position solved once before the first line is read and not reported, so that the first line is timed like
/// every other rather than with the process's start: the solver's code paged in, its first allocations — some 10 µs,
/// twice an End-Easy position. (Every position starts from a cleared table, so no count changes.)
const WARM_UP: &str = "2252576253462244111563365343671351441";

/// The longest line read: a position has at most 42 moves, then a score; anything far longer is not a position.
pub const MAX_LINE_BYTES: usize = 4096;

pub fn run(args: &SolveArgs) -> Result<(), CommandError> {
    if args.game != "connect-four" {
        return Err(CommandError(format!("solve knows only connect-four, not '{}'", args.game)));
    }
    let driver = match args.driver.as_str() {
        "bisection" => Driver::Bisection,
        "mtdf" => Driver::Mtdf,
        "plain" => Driver::Plain,
        other => return Err(CommandError(format!("unknown driver '{other}' (use bisection, mtdf or plain)"))),
    };
    let tt_mib = check("--tt-mib", args.tt_mib, &TABLE_MIB)?;
    let threads = check("--threads", args.threads, &THREADS)?;
    let ordering = parse_ordering(&args.ordering)?;
    let too_big = |e: String| CommandError(format!("--tt-mib: {e}"));
    let parallel = threads > 1 && driver != Driver::Plain;
    let mut solver = match (parallel, args.table.as_str()) {
        (_, "buckets") => Solver::Buckets(Memory {
            tt: Arc::new(SolverTable::try_with_mib(tt_mib).map_err(too_big)?),
            orderer: MoveOrderer::new(ordering),
            features: SearchFeatures::NONE,
        }),
        (false, "slots") => Solver::Slots(Memory::new(tt_mib, ordering)),
        (true, "slots") => {
            Solver::SharedSlots(SharedView::new(Arc::new(SharedTable::try_with_mib(tt_mib).map_err(too_big)?)))
        }
        (_, other) => return Err(CommandError(format!("unknown table '{other}' (use buckets or slots)"))),
    };
    let method = Method { driver, weak: args.weak, general: args.general };
    solver.solve(&mut read_position(WARM_UP).expect("a legal position"), (ordering, threads), method);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut summary = Summary::default();
    // Standard input is read up to the cap all inputs share, and one byte more to tell that it went past it.
    let cap = alphabeta_core::files::MAX_TEXT_BYTES;
    let mut lines = Lines::new(std::io::Read::take(std::io::stdin().lock(), cap + 1), MAX_LINE_BYTES);
    let mut number = 0;
    while let Some(line) = lines.next_line().map_err(|e| CommandError(format!("reading standard input: {e}")))? {
        number += 1;
        let line = match line {
            Line::Text(line) => line,
            Line::Unreadable(why) => {
                errln!("line {number}: {why}");
                continue;
            }
        };
        // A byte-order mark may open the first line.
        let line = line.strip_prefix('\u{feff}').unwrap_or(&line);
        let mut fields = line.split_whitespace();
        let moves = fields.next().unwrap_or("");
        let expected = fields.next().and_then(|score| score.parse().ok());
        if moves.is_empty() && line.trim().is_empty() {
            continue;
        }
        let mut position = match read_position(moves) {
            Ok(position) => position,
            Err(e) => {
                errln!("line {number}: {}", escape_controls(&e));
                continue;
            }
        };
        let s = solver.solve(&mut position, (ordering, threads), method);
        writeln!(out, "{moves} {} {} {}", s.score, s.nodes, s.microseconds)?;
        summary.add(&s, expected, args.weak);
    }
    if lines.input().limit() == 0 {
        return Err(CommandError(format!(
            "standard input is longer than the {} MiB an input may have: the rest was not read",
            cap >> 20
        )));
    }
    if args.summary {
        out.flush()?;
        errln!("{summary}");
    }
    Ok(())
}
