//! What a search did, counted exactly. Plain data: the views format it, the session files store it.

use serde::{Deserialize, Serialize};

/// Counts from one search (for MTD(f): all its passes together; for iterative deepening: one iteration).
///
/// Every count is exact and means the same for every algorithm, so counts can be compared across algorithms.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SearchStats {
    /// Every node entered, the root and the leaves included (the 1961 memo's "positions examined"). A node
    /// entered twice (a re-search, another MTD(f) pass) counts twice.
    pub nodes_visited: u64,
    /// Nodes entered that were expanded (their children generated): `nodes_visited` less the leaves, the table
    /// cut-offs and the range cut-offs (and, with the techniques of [`crate::engine::features`] on, the null-move and
    /// mate-distance cut-offs and the quiescence nodes that stood pat).
    pub interior_nodes: u64,
    /// Leaves whose value was read: game-over positions and positions evaluated at the depth limit.
    pub leaves_evaluated: u64,
    /// Leaves evaluated at the depth limit rather than at the end of the game. When 0, the search saw every line
    /// to its end and its value is the game's true value.
    pub horizon_evaluations: u64,
    /// Cut-offs at MIN nodes (value ≤ α), and at chance nodes failing low.
    pub alpha_cutoffs: u64,
    /// Cut-offs at MAX nodes (value ≥ β), and at chance nodes failing high.
    pub beta_cutoffs: u64,
    /// Cut-offs that came from the first child searched.
    pub first_move_cutoffs: u64,
    /// Children never entered because of a cut-off at their parent.
    pub branches_pruned: u64,
    /// Transposition-table look-ups.
    pub tt_probes: u64,
    /// Look-ups that found an entry for the position.
    pub tt_hits: u64,
    /// Look-ups whose entry alone decided the node (a cut-off or an exact value).
    pub tt_cutoffs: u64,
    /// Nodes decided by the game's own bounds on their value ([`crate::engine::game::Game::value_range`]).
    pub range_cutoffs: u64,
    /// Null moves tried ([`crate::engine::features::SearchFeatures::null_move`]); each search below one counts its nodes
    /// as usual.
    pub null_move_tries: u64,
    /// Nodes decided by a null move's search failing high.
    pub null_move_cutoffs: u64,
    /// Moves searched shallower because they came late ([`crate::engine::features::SearchFeatures::late_move_reductions`]).
    pub late_move_reductions: u64,
    /// Reduced moves that failed high and were searched again at full depth.
    pub reduction_researches: u64,
    /// Moves giving check searched one ply deeper ([`crate::engine::features::SearchFeatures::check_extensions`]).
    pub check_extensions: u64,
    /// Nodes of the stand-pat quiescence search ([`crate::engine::features::SearchFeatures::exchange_quiescence`]).
    pub quiescence_nodes: u64,
    /// Captures skipped in quiescence because they lose material by the static exchange count.
    pub losing_captures_skipped: u64,
    /// Nodes decided by mate-distance bounds ([`crate::engine::features::SearchFeatures::mate_distance`]).
    pub mate_distance_cutoffs: u64,
    /// Nodes that failed high on their static evaluation alone ([`crate::engine::features::SearchFeatures::futility`]).
    pub reverse_futility_cutoffs: u64,
    /// Quiet moves not searched because the node's evaluation lay too far below α.
    pub futility_skips: u64,
    /// Nodes scored a draw because their position stood earlier in the searched line (repetition draws).
    pub repetition_draws: u64,
    /// Moves not searched because they lose material by the exchange count near the horizon (exchange pruning).
    pub exchange_prunes: u64,
    /// Null-window passes of MTD(f) ([`super::Algorithm::Mtdf`]) at the root; 0 for the other algorithms.
    pub mtd_passes: u64,
    /// The deepest ply entered (root = 0).
    pub max_ply: u32,
    /// Wall-clock time of the search, in seconds.
    pub elapsed_seconds: f64,
}

impl SearchStats {
    /// All cut-offs, α and β together.
    pub fn cutoffs(&self) -> u64 {
        self.alpha_cutoffs + self.beta_cutoffs
    }

    /// The share of cut-offs made by the first child searched (1 means ordering was perfect wherever a cut-off
    /// was possible). `None` when there was no cut-off.
    pub fn first_move_cutoff_rate(&self) -> Option<f64> {
        let cutoffs = self.cutoffs();
        (cutoffs > 0).then(|| self.first_move_cutoffs as f64 / cutoffs as f64)
    }

    /// Nodes visited per second of wall-clock time. `None` for a search too short to time.
    pub fn nodes_per_second(&self) -> Option<f64> {
        (self.elapsed_seconds > 0.0).then(|| self.nodes_visited as f64 / self.elapsed_seconds)
    }

    /// The share of table look-ups that found the position.
    pub fn tt_hit_rate(&self) -> Option<f64> {
        (self.tt_probes > 0).then(|| self.tt_hits as f64 / self.tt_probes as f64)
    }

    /// The effective branching factor b*: the branching of the uniform tree of depth `max_ply` that has as many
    /// nodes as were visited, N = 1 + b* + b*² + … + b*^d (Russell & Norvig's definition). `None` at depth 0.
    pub fn effective_branching_factor(&self) -> Option<f64> {
        effective_branching_factor(self.nodes_visited, self.max_ply)
    }

    /// Adds another search's counts to these (times add; `max_ply` takes the larger).
    pub fn add(&mut self, other: &SearchStats) {
        self.nodes_visited += other.nodes_visited;
        self.interior_nodes += other.interior_nodes;
        self.leaves_evaluated += other.leaves_evaluated;
        self.horizon_evaluations += other.horizon_evaluations;
        self.alpha_cutoffs += other.alpha_cutoffs;
        self.beta_cutoffs += other.beta_cutoffs;
        self.first_move_cutoffs += other.first_move_cutoffs;
        self.branches_pruned += other.branches_pruned;
        self.tt_probes += other.tt_probes;
        self.tt_hits += other.tt_hits;
        self.tt_cutoffs += other.tt_cutoffs;
        self.range_cutoffs += other.range_cutoffs;
        self.null_move_tries += other.null_move_tries;
        self.null_move_cutoffs += other.null_move_cutoffs;
        self.late_move_reductions += other.late_move_reductions;
        self.reduction_researches += other.reduction_researches;
        self.check_extensions += other.check_extensions;
        self.quiescence_nodes += other.quiescence_nodes;
        self.losing_captures_skipped += other.losing_captures_skipped;
        self.mate_distance_cutoffs += other.mate_distance_cutoffs;
        self.reverse_futility_cutoffs += other.reverse_futility_cutoffs;
        self.futility_skips += other.futility_skips;
        self.exchange_prunes += other.exchange_prunes;
        self.mtd_passes += other.mtd_passes;
        self.repetition_draws += other.repetition_draws;
        self.max_ply = self.max_ply.max(other.max_ply);
        self.elapsed_seconds += other.elapsed_seconds;
    }
}

/// Solves N = 1 + b + b² + … + b^d for b ≥ 1 by bisection. `None` when d = 0 (every b fits).
pub fn effective_branching_factor(nodes: u64, depth: u32) -> Option<f64> {
    if depth == 0 || nodes == 0 {
        return None;
    }
    let target = nodes as f64;
    let total = |b: f64| (0..=depth).map(|i| b.powi(i as i32)).sum::<f64>();
    let (mut low, mut high) = (0.0_f64, target.max(1.0));
    for _ in 0..100 {
        let mid = 0.5 * (low + high);
        if total(mid) < target { low = mid } else { high = mid }
    }
    Some(0.5 * (low + high))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn effective_branching_factor_recovers_uniform_trees() {
        // A full binary tree of depth 3 has 1 + 2 + 4 + 8 = 15 nodes.
        let b = effective_branching_factor(15, 3).unwrap();
        assert!((b - 2.0).abs() < 1e-9, "{b}");
        let b = effective_branching_factor(1 + 6 + 36, 2).unwrap();
        assert!((b - 6.0).abs() < 1e-9, "{b}");
        assert_eq!(effective_branching_factor(10, 0), None);
    }

    #[test]
    fn rates_are_none_without_data() {
        let stats = SearchStats::default();
        assert_eq!(stats.first_move_cutoff_rate(), None);
        assert_eq!(stats.nodes_per_second(), None);
        let stats = SearchStats { alpha_cutoffs: 1, beta_cutoffs: 3, first_move_cutoffs: 3, ..Default::default() };
        assert_eq!(stats.first_move_cutoff_rate(), Some(0.75));
    }
}
