//! What one search did, kept with the move it was for, and the list of them a game collects.

use super::pruning::{TreeProfile, TreeSize, average_branching};
use crate::engine::game::{Side, Value};
use crate::engine::search::Algorithm;
use crate::engine::search::deepening::{EngineConfig, Iteration, Thought};
use serde::{Deserialize, Serialize};

/// Why a search was run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SearchKind {
    /// The AI chose its move with it (the move was played).
    Move,
    /// A person asked for a hint (nothing was played).
    Hint,
}

/// One search: who ran it, on which position, with which settings, and everything it reported.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchRecord {
    /// Unique within its [`Telemetry`]: the background tree count finds its record by it.
    pub id: u64,
    /// Moves played before the position searched (0: the start). The search was for move number `ply + 1`.
    pub ply: usize,
    /// The side to move in the position searched.
    pub side: Side,
    /// A move the AI played, or a hint.
    pub kind: SearchKind,
    /// The settings searched with (`config.algorithm` is the algorithm).
    pub config: EngineConfig,
    /// Every iteration with its statistics, and the figures of the search as a whole. Moves are the window's
    /// `AnyMove` numbers.
    pub thought: Thought<u64>,
    /// The minimax tree below the position, counted in the background; `None` until the count is done.
    pub tree: Option<TreeProfile>,
}

impl SearchRecord {
    /// The number of the ply this search was for, from 1 (ply 47 is Black's 24th move in chess).
    pub fn ply_number(&self) -> usize {
        self.ply + 1
    }

    /// The algorithm searched with.
    pub fn algorithm(&self) -> Algorithm {
        self.config.algorithm
    }

    /// The deepest completed iteration, or the cut-short one when none completed.
    pub fn deepest(&self) -> Option<&Iteration<u64>> {
        self.thought.last().or(self.thought.partial.as_ref())
    }

    /// The depth reached: the deepest completed iteration's (an iteration "to the end of the game" counts as the
    /// deepest ply it entered).
    pub fn depth_reached(&self) -> Option<u32> {
        self.deepest().map(depth_of)
    }

    /// Nodes of the whole search, every iteration (and the cut-short one) included.
    pub fn nodes(&self) -> u64 {
        self.thought.total_stats().nodes_visited
    }

    /// Wall-clock seconds of the whole search.
    pub fn seconds(&self) -> f64 {
        self.thought.elapsed_seconds
    }

    /// The deepest iteration's value read from `from`'s side (the search reports it from the side to move's);
    /// `None` when it is no finite number.
    pub fn value_from(&self, from: crate::games::values_from::ValuesFrom) -> Option<Value> {
        let value = from.read(self.deepest()?.value, self.side);
        value.is_finite().then_some(value)
    }

    /// The deepest iteration's effective branching factor.
    pub fn effective_branching_factor(&self) -> Option<f64> {
        self.deepest()?.stats.effective_branching_factor()
    }

    /// The average number of legal moves per node the deepest iteration expanded (see [`average_branching`]).
    pub fn branching(&self) -> Option<f64> {
        average_branching(&self.deepest()?.stats)
    }

    /// The minimax tree of the deepest iteration's depth from this position: exact when counted, else estimated.
    pub fn tree_size(&self) -> Option<TreeSize> {
        let depth = self.depth_reached()?;
        self.tree.as_ref()?.size(depth)
    }

    /// The share of that tree the deepest iteration did not visit, and whether it is exact.
    pub fn pruning_ratio(&self) -> Option<(f64, bool)> {
        let iteration = self.deepest()?;
        let size = self.tree.as_ref()?.size(depth_of(iteration))?;
        Some((size.pruning_ratio(iteration.stats.nodes_visited), size.is_exact()))
    }
}

/// A search that its time ceiling stopped before its node budget: the nodes it searched and the budget it had.
/// A level is its node budget ([`crate::engine::search::limits::Limits::nodes`]); on a machine too busy or slow
/// to search it in the time allowed, the level plays weaker than its measured strength, and the window says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shortfall {
    /// Nodes the search visited, every iteration included.
    pub nodes: u64,
    /// The node budget it had.
    pub budget: u64,
}

/// Whether a search with `config` that thought `thought` ran out of time before its node budget: it had a budget,
/// its time limit ended it ([`Thought::time_ran_out`]: not a stop request such as "Move now"), it neither reached
/// its depth limit nor solved the position, and it searched fewer nodes than its budget.
pub fn shortfall<M>(config: &EngineConfig, thought: &Thought<M>) -> Option<Shortfall> {
    let budget = config.limits.nodes?;
    let nodes = thought.total_stats().nodes_visited;
    let deepest = thought.last().or(thought.partial.as_ref())?;
    let reached_depth = thought.partial.is_none() && config.limits.depth.is_some_and(|d| deepest.depth >= d);
    let short = thought.time_ran_out && nodes < budget && !deepest.exact && !reached_depth;
    short.then_some(Shortfall { nodes, budget })
}

impl SearchRecord {
    /// Whether its time ceiling stopped this search before its node budget (see [`shortfall`]).
    pub fn shortfall(&self) -> Option<Shortfall> {
        shortfall(&self.config, &self.thought)
    }
}

/// The deepest iteration (or ply entered) a record read from a file may claim, and the most iterations and tree
/// levels it may hold: the views draw a rung or a row per depth, so a depth of 10⁹ once asked for a 2.7 GB ladder.
/// Far beyond any search's ([`crate::engine::search::ranges::DEPTH_PLIES`] ends at 64; quiescence and
/// extensions go a little past it).
pub const MAX_RECORDED_DEPTH: u32 = 1_000;

impl SearchRecord {
    /// Checks a record read from a file against what the views will draw from it, before any of it is drawn:
    /// its position must be one of the game's `positions` (moves played and redoable, plus the start), and its
    /// depths, iterations and tree levels within [`MAX_RECORDED_DEPTH`]. `field` names the record in messages
    /// (`play.telemetry.records[3]`); the first value out of range is named with its range.
    pub fn check(&self, field: &str, positions: usize) -> Result<(), String> {
        use crate::engine::search::ranges::check;
        check(&format!("{field}.ply"), self.ply, &(0..=positions.saturating_sub(1)))?;
        let most = MAX_RECORDED_DEPTH as usize;
        check(&format!("{field}.thought.iterations (count)"), self.thought.iterations.len(), &(0..=most))?;
        let iterations = self.thought.iterations.iter().chain(&self.thought.partial);
        for (i, iteration) in iterations.enumerate() {
            let at = format!("{field}.thought.iterations[{i}]");
            if iteration.depth != u32::MAX {
                check(&format!("{at}.depth"), iteration.depth, &(0..=MAX_RECORDED_DEPTH))?;
            }
            check(&format!("{at}.stats.max_ply"), iteration.stats.max_ply, &(0..=MAX_RECORDED_DEPTH))?;
        }
        if let Some(tree) = &self.tree {
            check(&format!("{field}.tree.per_ply (count)"), tree.per_ply.len(), &(0..=most + 1))?;
        }
        Ok(())
    }
}

/// An iteration's depth, "to the end" read as the deepest ply it entered.
pub fn depth_of(iteration: &Iteration<u64>) -> u32 {
    if iteration.depth == u32::MAX { iteration.stats.max_ply } else { iteration.depth }
}

/// The records of one game, in the order the searches ended, and those of moves taken back (for redo).
///
/// Undo and redo follow the game record: taking back a move takes back the AI's record of it and every record of
/// a later position; a hint for a position still on the board stays. Redoing the move brings its records back
/// (the same move from the same position: the same search). A new move forgets what could be redone; a new game
/// starts an empty list.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Telemetry {
    /// The searches of the game so far, in the order they ended.
    pub records: Vec<SearchRecord>,
    /// Records of moves taken back, kept for redo.
    pub undone: Vec<SearchRecord>,
    next_id: u64,
}

impl Telemetry {
    /// Adds a record, giving it the next id, which is returned.
    pub fn push(&mut self, mut record: SearchRecord) -> u64 {
        record.id = self.next_id;
        self.next_id += 1;
        self.records.push(record);
        record_id(self.records.last())
    }

    /// The record with this id, if it is in the game (not taken back).
    pub fn get(&self, id: u64) -> Option<&SearchRecord> {
        self.records.iter().find(|r| r.id == id)
    }

    /// Moves were taken back, `moves` remain: set aside the records of positions no longer reached.
    pub fn take_back(&mut self, moves: usize) {
        let (gone, kept) = std::mem::take(&mut self.records).into_iter().partition(|r| !still_reached(r, moves));
        self.records = kept;
        self.undone.extend::<Vec<_>>(gone);
    }

    /// Moves were redone, `moves` are played: bring back the records of the positions reached again.
    pub fn bring_back(&mut self, moves: usize) {
        let (back, still) = std::mem::take(&mut self.undone).into_iter().partition(|r| still_reached(r, moves));
        self.undone = still;
        self.records.extend::<Vec<_>>(back);
        self.records.sort_by_key(|r| r.id);
    }

    /// A new move was made: what was taken back cannot be redone.
    pub fn forget_undone(&mut self) {
        self.undone.clear();
    }

    /// Fills in the tree count of record `id`, wherever it is; false when no record has that id.
    pub fn fill_tree(&mut self, id: u64, tree: TreeProfile) -> bool {
        match self.records.iter_mut().chain(&mut self.undone).find(|r| r.id == id) {
            Some(record) => {
                record.tree = Some(tree);
                true
            }
            None => false,
        }
    }
}

fn record_id(record: Option<&SearchRecord>) -> u64 {
    record.map_or(0, |r| r.id)
}

/// With `moves` played, is the record's position on the way, and its move (if an AI's) still played?
fn still_reached(record: &SearchRecord, moves: usize) -> bool {
    match record.kind {
        SearchKind::Move => record.ply < moves,
        SearchKind::Hint => record.ply <= moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(ply: usize, kind: SearchKind) -> SearchRecord {
        let thought = Thought::default();
        let side = if ply.is_multiple_of(2) { Side::Max } else { Side::Min };
        SearchRecord { id: 0, ply, side, kind, config: EngineConfig::default(), thought, tree: None }
    }

    /// Chess level 10 under load: its 3 s ceiling stopped it at 300,000 of its million nodes. That is a shortfall;
    /// a search that spent its budget, reached its depth, or was told to move at once is not.
    #[test]
    fn a_search_stopped_by_its_time_before_its_budget_is_a_shortfall() {
        use crate::engine::search::limits::Limits;
        let mut record = record(0, SearchKind::Move);
        record.config.limits = Limits { depth: Some(30), time_ms: Some(3_000), nodes: Some(1_000_000) };
        let stats = crate::engine::search::stats::SearchStats { nodes_visited: 300_000, ..Default::default() };
        let iteration = Iteration {
            depth: 9,
            value: 0.0,
            best_move: Some(1),
            principal_variation: vec![1],
            stats,
            elapsed_seconds: 3.0,
            complete: true,
            exact: false,
            aspiration_researches: 0,
        };
        record.thought.iterations.push(iteration);
        record.thought.elapsed_seconds = 3.01;
        record.thought.time_ran_out = true;
        assert_eq!(record.shortfall(), Some(Shortfall { nodes: 300_000, budget: 1_000_000 }));
        let mut moved_now = record.clone();
        moved_now.thought.time_ran_out = false;
        assert_eq!(moved_now.shortfall(), None, "stopped on request");
        let mut at_depth = record.clone();
        at_depth.config.limits.depth = Some(9);
        assert_eq!(at_depth.shortfall(), None, "its depth limit ended it");
        let mut spent = record.clone();
        spent.config.limits.nodes = Some(200_000);
        assert_eq!(spent.shortfall(), None, "its budget ended it");
    }

    #[test]
    fn undo_sets_records_aside_and_redo_brings_them_back() {
        let mut telemetry = Telemetry::default();
        telemetry.push(record(0, SearchKind::Move));
        telemetry.push(record(1, SearchKind::Hint));
        telemetry.push(record(1, SearchKind::Move));
        telemetry.push(record(2, SearchKind::Move));
        let plies = |t: &Telemetry| t.records.iter().map(|r| (r.ply, r.kind)).collect::<Vec<_>>();
        // One move left: the AI's moves 2 and 3 are gone, the hint for the position after move 1 stays.
        telemetry.take_back(1);
        assert_eq!(plies(&telemetry), [(0, SearchKind::Move), (1, SearchKind::Hint)]);
        telemetry.bring_back(2);
        assert_eq!(plies(&telemetry), [(0, SearchKind::Move), (1, SearchKind::Hint), (1, SearchKind::Move)]);
        assert_eq!(telemetry.undone.len(), 1);
        telemetry.forget_undone();
        telemetry.bring_back(3);
        assert_eq!(telemetry.records.len(), 3, "a new move forgot the record of the old move 3");
        assert!(telemetry.fill_tree(1, TreeProfile { per_ply: vec![1], complete: true }));
        assert!(!telemetry.fill_tree(9, TreeProfile { per_ply: vec![1], complete: true }));
        assert_eq!(telemetry.push(record(3, SearchKind::Move)), 4, "ids keep counting");
    }

    #[test]
    fn a_game_s_records_survive_a_round_trip_through_ron() {
        let mut telemetry = Telemetry::default();
        let mut hint = record(1, SearchKind::Hint);
        hint.tree = Some(TreeProfile { per_ply: vec![1, 8, 56], complete: false });
        telemetry.push(hint);
        telemetry.push(record(0, SearchKind::Move));
        telemetry.take_back(0);
        let text = ron::to_string(&telemetry).expect("serialises");
        let back: Telemetry = ron::from_str(&text).expect("reads back");
        assert_eq!(back, telemetry);
    }
}
