//! The α-β family. One file per algorithm; [`search`] runs any of them by name on any [`Game`].
//!
//! Conventions shared by every algorithm (each states its own contract in its doc comment):
//! - a *node* is one call of the search function, the root and the leaves included;
//! - children are searched in the order the game generates them, unless the algorithm says otherwise;
//! - values handed to the observer are from MAX's point of view.

pub mod alphabeta;
pub mod alphabeta_memory;
pub mod clock;
pub mod compare;
pub mod context;
pub mod deepening;
pub mod limits;
pub mod minimax;
pub mod mtdf;
pub mod negamax;
pub mod observer;
pub mod ordering;
pub mod pruning;
pub mod pvs;
pub mod quiescence;
pub mod ranges;
pub mod shared_tt;
pub mod skill;
pub mod smp;
pub mod star1;
pub mod stats;
pub mod tt;

use crate::engine::game::{Game, Value};
use context::{Searcher, StopWhen};
use negamax::Reach;
use observer::Observer;
use serde::{Deserialize, Serialize};
use stats::SearchStats;
use std::time::Instant;

/// Every search the engine offers, by the names the command line and the window use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Algorithm {
    /// Plain minimax (expectation at chance nodes): every node visited, the oracle the others must agree with.
    Minimax,
    /// α-β as the lecture writes it: MAX-VALUE / MIN-VALUE from MAX's point of view, fail-hard.
    Alphabeta,
    /// α-β in negamax form with fail-soft returns: the same leaves as `Alphabeta`.
    Negamax,
    /// Hart & Edwards' 1961 shallow pruning: only the parent's value prunes, so no deep cut-offs.
    Shallow,
    /// Principal-variation search (NegaScout): a full window for the first move, null windows after it.
    Pvs,
    /// Plaat's MTD(f): a sequence of null-window α-β searches with a transposition table, closing in on the value.
    Mtdf,
    /// Exact expectiminimax: minimax with expectation at chance nodes, nothing pruned.
    Expectiminimax,
    /// Ballard's *-1 (Star1): α-β that also prunes at chance nodes, using the game's value bounds.
    Star1,
}

impl Algorithm {
    /// All algorithms, in the order menus list them.
    pub const ALL: [Algorithm; 8] = [
        Algorithm::Minimax,
        Algorithm::Alphabeta,
        Algorithm::Negamax,
        Algorithm::Shallow,
        Algorithm::Pvs,
        Algorithm::Mtdf,
        Algorithm::Expectiminimax,
        Algorithm::Star1,
    ];

    /// The name used on the command line and in files.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::Alphabeta => "alphabeta",
            Algorithm::Negamax => "negamax",
            Algorithm::Shallow => "shallow",
            Algorithm::Pvs => "pvs",
            Algorithm::Mtdf => "mtdf",
            Algorithm::Expectiminimax => "expectiminimax",
            Algorithm::Star1 => "star1",
        }
    }

    /// One line on what the algorithm is.
    pub fn description(self) -> &'static str {
        match self {
            Algorithm::Minimax => "plain minimax (expectation at chance nodes): visits everything",
            Algorithm::Alphabeta => "α-β as Russell & Norvig write it: MAX-VALUE / MIN-VALUE, cut-off when α ≥ β",
            Algorithm::Negamax => "negamax form of α-β with fail-soft returns; same leaves as alphabeta",
            Algorithm::Shallow => "Hart & Edwards 1961, rules 2–3: only the parent's value prunes, no deep cut-offs",
            Algorithm::Pvs => "principal variation search (NegaScout): null windows after the first child",
            Algorithm::Mtdf => "MTD(f): null-window α-β passes with a transposition table",
            Algorithm::Expectiminimax => "exact expectiminimax, no pruning (minimax with chance nodes)",
            Algorithm::Star1 => "Ballard's Star1: α-β that also prunes at chance nodes, using the value bounds",
        }
    }

    /// True for the algorithms that prune nothing.
    pub fn is_exhaustive(self) -> bool {
        matches!(self, Algorithm::Minimax | Algorithm::Expectiminimax)
    }
}

impl std::fmt::Display for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Algorithm {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, String> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name).ok_or_else(|| {
            let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
            format!("unknown algorithm '{name}' (one of: {})", names.join(", "))
        })
    }
}

/// How deep and with what memory one search runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SearchOptions {
    /// Plies to search; `None` searches to the end of the game (the whole of an explicit tree).
    pub depth: Option<u32>,
    /// The transposition table's size for MTD(f), in MiB.
    pub tt_mib: usize,
    /// MTD(f)'s first guess, from the point of view of the player to move.
    pub first_guess: Value,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions { depth: None, tt_mib: 16, first_guess: 0.0 }
    }
}

/// What one search found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchResult<M> {
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// The value from the point of view of the player to move at the root (MAX at a chance root).
    pub value: Value,
    /// The value from MAX's point of view.
    pub value_for_max: Value,
    /// The move to play; `None` only when the root has no move.
    pub best_move: Option<M>,
    /// The principal variation, starting with `best_move`.
    pub principal_variation: Vec<M>,
    /// What the search counted (nodes, cut-offs, time).
    pub stats: SearchStats,
    /// False when a stop condition ended the search early; then the value and moves are not to be trusted.
    pub complete: bool,
}

/// Runs `algorithm` on `game` from its current position, which is the same again when this returns.
pub fn search<G: Game, O: Observer<G>>(
    game: &mut G,
    algorithm: Algorithm,
    options: &SearchOptions,
    stop_when: StopWhen<'_>,
    observer: &mut O,
) -> SearchResult<G::Move> {
    let started = Instant::now();
    let depth = options.depth.unwrap_or(u32::MAX);
    let root_sign = game.turn().sign();
    let (inf, neg_inf) = (Value::INFINITY, Value::NEG_INFINITY);
    let mut searcher = Searcher::new(game, observer, stop_when);
    let (value, mtdf_line) = match algorithm {
        Algorithm::Minimax | Algorithm::Expectiminimax => (root_sign * searcher.minimax(None, depth), None),
        Algorithm::Alphabeta => (root_sign * searcher.alphabeta(None, neg_inf, inf, depth), None),
        Algorithm::Star1 => (root_sign * searcher.star1(None, neg_inf, inf, depth), None),
        Algorithm::Negamax => (searcher.negamax(None, neg_inf, inf, depth, Reach::Deep), None),
        Algorithm::Shallow => (searcher.negamax(None, neg_inf, inf, depth, Reach::Shallow), None),
        Algorithm::Pvs => (searcher.pvs(None, neg_inf, inf, depth), None),
        Algorithm::Mtdf => {
            // On an explicit tree only the table's move is worth ordering by: children have no hints, and killers
            // and history name child indices, which mean nothing across positions.
            let ordering = ordering::OrderingOptions { hash_move: true, ..ordering::OrderingOptions::NONE };
            let mut memory = alphabeta_memory::Memory::new(options.tt_mib, ordering);
            let (value, line) = searcher.mtdf(&mut memory, options.first_guess, depth);
            (value, Some(line))
        }
    };
    let mut stats = std::mem::take(&mut searcher.stats);
    let complete = !searcher.stopped;
    let mut line = mtdf_line.unwrap_or_else(|| searcher.pv.root_line().to_vec());
    drop(searcher);
    if line.is_empty() {
        // Every move loses equally (or the search stopped at once): any legal move is as good as another.
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        line.extend(moves.first());
    }
    stats.elapsed_seconds = started.elapsed().as_secs_f64();
    SearchResult {
        algorithm,
        value,
        value_for_max: root_sign * value,
        best_move: line.first().copied(),
        principal_variation: line,
        stats,
        complete,
    }
}
