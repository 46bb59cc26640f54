//! Solving a Connect Four position exactly, as Pascal Pons' benchmark protocol asks (`solve`, the review's exact
//! values, the tests against his sets): the drivers (MTD by bisection, MTD(f), plain negamax), the weak solver's
//! two questions, Lazy SMP over a shared table, and the position a line of moves names.

use super::ConnectFour;
use super::solver::{BitboardSolver, SolverMemory};
use crate::engine::features::SearchFeatures;
use crate::engine::game::Value;
use crate::engine::search::alphabeta_memory::Memory;
use crate::engine::search::context::{Searcher, StopWhen};
use crate::engine::search::negamax::Reach;
use crate::engine::search::observer::NoObserver;
use crate::engine::search::ordering::{MoveOrderer, OrderingOptions};
use crate::engine::search::smp::{HelperMemory, with_helpers};
use crate::engine::search::stats::SearchStats;
use crate::engine::search::tt::Table;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Reads `hash,killers,hints,history` (or `none`) into ordering options.
pub fn parse_ordering(list: &str) -> Result<OrderingOptions, String> {
    if list.split(',').all(|p| p.trim().is_empty()) {
        return Err("--ordering names no source: list some of hash, killers, hints, history, or say none".into());
    }
    let mut options = OrderingOptions::NONE;
    for part in list.split(',').map(str::trim).filter(|p| !p.is_empty() && *p != "none") {
        match part {
            "hash" => options.hash_move = true,
            "killers" => options.killers = true,
            "hints" => options.hints = true,
            "history" => options.history = true,
            other => {
                return Err(format!("unknown ordering '{other}' (use hash, killers, hints, history or none)"));
            }
        }
    }
    Ok(options)
}

/// The answer for one position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Solution {
    /// Pons' score: positive for a win of the side to move, the sooner the larger; 0 a draw.
    pub score: i32,
    /// The nodes the search visited (every thread's together).
    pub nodes: u64,
    /// The time the solving took.
    pub microseconds: u128,
}

/// How a position is solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Driver {
    /// MTD by bisection between the bounds the game states, as Pons' solver does.
    Bisection,
    /// MTD(f) from a first guess of 0.
    Mtdf,
    /// Plain negamax over the full window, no table.
    Plain,
}

/// How a position is solved: the driver, to its exact score or only to its sign, and by which search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Method {
    /// Which search finds the value.
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

/// The position after `moves`, refused, as Pons' solver refuses it, when a move has already won the game: a
/// finished game has nothing left to solve.
pub fn read_position(moves: &str) -> Result<ConnectFour, String> {
    let position = ConnectFour::from_moves(moves).map_err(|e| e.to_string())?;
    if position.winner().is_some() {
        return Err(format!("the game is already over: move {} makes four in a row", position.moves_played()));
    }
    Ok(position)
}
