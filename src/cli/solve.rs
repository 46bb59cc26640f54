//! `alphabeta-studio solve`: Pascal Pons' benchmark protocol, so the two programs can be compared line by line.
//! Reads positions (`4453`: 1-based columns from the empty board; anything after the first space ignored) from
//! standard input and writes `<moves> <score> <nodes> <microseconds>` for each, the table cleared before each
//! position. A malformed or illegal line is reported on stderr with its number and skipped.

use super::CommandError;
use super::lines::{Line, Lines};
use crate::engine::game::Value;
use crate::engine::search::alphabeta_memory::Memory;
use crate::engine::search::context::{Searcher, StopWhen};
use crate::engine::search::features::SearchFeatures;
use crate::engine::search::negamax::Reach;
use crate::engine::search::observer::NoObserver;
use crate::engine::search::ordering::MoveOrderer;
use crate::engine::search::ordering::OrderingOptions;
use crate::engine::search::ranges::{TABLE_MIB, THREADS, check};
use crate::engine::search::shared_tt::{SharedTable, SharedView};
use crate::engine::search::smp::{HelperMemory, with_helpers};
use crate::engine::search::stats::SearchStats;
use crate::engine::search::tt::Table;
use crate::games::connect_four::ConnectFour;
use crate::games::connect_four::solver::{BitboardSolver, SolverMemory};
use crate::games::connect_four::solver_table::SolverTable;
use crate::messages::escape_controls;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

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

/// Reads `hash,killers,hints,history` (or `none`) into ordering options.
pub fn parse_ordering(list: &str) -> Result<OrderingOptions, CommandError> {
    if list.split(',').all(|p| p.trim().is_empty()) {
        return Err(CommandError(
            "--ordering names no source: list some of hash, killers, hints, history, or say none".into(),
        ));
    }
    let mut options = OrderingOptions::NONE;
    for part in list.split(',').map(str::trim).filter(|p| !p.is_empty() && *p != "none") {
        match part {
            "hash" => options.hash_move = true,
            "killers" => options.killers = true,
            "hints" => options.hints = true,
            "history" => options.history = true,
            other => {
                return Err(CommandError(format!(
                    "unknown ordering '{other}' (use hash, killers, hints, history or none)"
                )));
            }
        }
    }
    Ok(options)
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

/// The answer for one position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Solution {
    pub score: i32,
    pub nodes: u64,
    pub microseconds: u128,
}

/// How a position is solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Driver {
    Bisection,
    Mtdf,
    Plain,
}

/// How a position is solved: the driver, to its exact score or only to its sign, and by which search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Method {
    pub driver: Driver,
    /// Only win, draw or loss (1 / 0 / −1), as Pons' weak solver tells.
    pub weak: bool,
    /// The engine's general α-β with memory rather than the solver written for the 7 × 6 board
    /// ([`BitboardSolver`]): the same nodes and values. Other boards, and ordering by killers or history, always
    /// take the general search.
    pub general: bool,
}

impl Method {
    /// The exact score by `driver`, with the solver written for the board where it applies.
    pub const fn exact(driver: Driver) -> Self {
        Method { driver, weak: false, general: false }
    }

    /// Win, draw or loss by `driver`'s search, with the solver written for the board where it applies.
    pub const fn weak(driver: Driver) -> Self {
        Method { driver, weak: true, general: false }
    }
}

/// Solves one position exactly (or, weakly, to its sign) over a fresh table, no depth limit — by default MTD by
/// bisection between the bounds the game states, as Pons' solver does.
pub fn solve<T: Table<u8> + SolverMemory>(
    position: &mut ConnectFour,
    memory: &mut Memory<u8, T>,
    method: Method,
) -> Solution {
    memory.clear();
    let started = Instant::now();
    let (value, nodes) = solve_in(position, memory, method, StopWhen::default());
    Solution { score: value_to_score(value), nodes, microseconds: started.elapsed().as_micros() }
}

/// [`solve`] on `threads` threads sharing `table` (cleared first; every thread holds a copy of the handle): Lazy
/// SMP, each helper running the same driver — MTD(f) from 0 where the main thread bisects — until the main thread
/// has the answer. The nodes are every thread's together.
pub fn solve_parallel<T: Table<u8> + SolverMemory + Clone + Send>(
    position: &mut ConnectFour,
    table: &mut T,
    (ordering, threads): (OrderingOptions, usize),
    method: Method,
) -> Solution {
    table.clear();
    let started = Instant::now();
    let own = HelperMemory { ordering, features: SearchFeatures::NONE };
    let orderer = MoveOrderer::new(ordering);
    let mut memory = Memory { tt: table.clone(), orderer, features: own.features };
    let helper = |position: &mut ConnectFour, mut memory, stop: &AtomicBool, _| {
        let stop = StopWhen { flag: Some(stop), ..StopWhen::default() };
        // Bisecting as the main thread does, a helper would mostly search the same windows in the same order;
        // MTD(f) from 0 asks other questions, whose bounds the main thread then finds in the table.
        let driver = if method.driver == Driver::Bisection { Driver::Mtdf } else { method.driver };
        let method = Method { driver, ..method };
        SearchStats { nodes_visited: solve_in(position, &mut memory, method, stop).1, ..SearchStats::default() }
    };
    let main = |position: &mut ConnectFour| solve_in(position, &mut memory, method, StopWhen::default());
    let ((value, nodes), helpers) = with_helpers(position, table, threads, own, helper, main);
    let nodes = nodes + helpers.iter().map(|h| h.nodes_visited).sum::<u64>();
    Solution { score: value_to_score(value), nodes, microseconds: started.elapsed().as_micros() }
}

/// The value of `position` by `method` over `memory`'s table as it is, and the nodes the search visited.
fn solve_in<T: Table<u8> + SolverMemory>(
    position: &mut ConnectFour,
    memory: &mut Memory<u8, T>,
    method: Method,
    stop: StopWhen<'_>,
) -> (Value, u64) {
    let Method { driver, weak, general } = method;
    let ordering = memory.orderer.options;
    if !general
        && driver != Driver::Plain
        && let Some(mut solver) = BitboardSolver::new(position, &mut memory.tt, ordering, stop)
    {
        let value = if weak {
            weak_value(|test| solver.is_above(test))
        } else if driver == Driver::Bisection {
            solver.bisection()
        } else {
            solver.mtdf(0.0)
        };
        return (value, solver.nodes);
    }
    let mut observer = NoObserver;
    let mut searcher = Searcher::new(position, &mut observer, stop);
    let value = if driver == Driver::Plain {
        let (low, high) = if weak { (-1.0, 1.0) } else { (Value::NEG_INFINITY, Value::INFINITY) };
        searcher.negamax(None, low, high, u32::MAX, Reach::Deep).clamp(low, high)
    } else if weak {
        weak_value(|test| searcher.alphabeta_memory(memory, None, test, test.next_up(), u32::MAX, false) > test)
    } else if driver == Driver::Bisection {
        searcher.mtd_bisection(memory, u32::MAX).0
    } else {
        searcher.mtdf(memory, 0.0, u32::MAX).0
    };
    (value, searcher.stats.nodes_visited)
}

/// Win, draw or loss (1, 0, −1) by two null-window questions over one table, as Pons' weak solver asks them: is the
/// value above 0 (a win)? If not, is it above −½, that is at least 0 (a draw, scores being whole numbers)?
/// `above(m)` searches the window (m, m⁺) and says whether the value is above m.
fn weak_value(mut above: impl FnMut(Value) -> bool) -> Value {
    if above(0.0) {
        1.0
    } else if above(-0.5) {
        0.0
    } else {
        -1.0
    }
}

fn value_to_score(value: Value) -> i32 {
    value.round() as i32
}

/// The longest line read: a position has at most 42 moves, then a score; anything far longer is not a position.
pub const MAX_LINE_BYTES: usize = 4096;

/// The position after `moves`, refused, as Pons' solver refuses it, when a move has already won the game: a
/// finished game has nothing left to solve.
pub fn read_position(moves: &str) -> Result<ConnectFour, String> {
    let position = ConnectFour::from_moves(moves).map_err(|e| e.to_string())?;
    if position.winner().is_some() {
        return Err(format!("the game is already over: move {} makes four in a row", position.moves_played()));
    }
    Ok(position)
}

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
    let cap = crate::files::MAX_TEXT_BYTES;
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
