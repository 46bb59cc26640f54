//! How much of the minimax tree a search left out.
//!
//! The **minimax tree of depth d** from a position holds the position itself and every position reachable in at
//! most d moves, a finished game being a leaf where it happens — the nodes a plain minimax to depth d enters,
//! counted the way [`SearchStats::nodes_visited`] counts (the root and the leaves included). The **pruning ratio**
//! of an iteration to depth d is 1 − (its nodes visited) / (that tree's nodes): 0 for minimax, near 1 for a
//! well-ordered α-β deep down. It can fall below 0 when re-searches (aspiration, MTD(f)'s passes) enter nodes more
//! than once, and a transposition table lets it exceed what α-β alone could prune.

use crate::engine::search::deepening::Iteration;
use crate::engine::search::stats::SearchStats;
use crate::numbers;
use serde::{Deserialize, Serialize};

/// The minimax tree below one position, counted ply by ply as far as a node budget allowed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TreeProfile {
    /// `per_ply[k]`: the positions exactly k moves down (`per_ply[0]` = 1, the position itself).
    pub per_ply: Vec<u64>,
    /// True when the count reached a ply with no position: the whole game tree is counted, every depth is exact.
    pub complete: bool,
}

/// A minimax tree's node count.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TreeSize {
    /// Every ply counted: the exact number of nodes.
    Exact(u64),
    /// Plies past the counted ones extrapolated with the last counted ply's branching: N_k+1 = N_k · (N_k / N_k−1).
    Estimate(f64),
}

impl TreeSize {
    /// The node count, exact or estimated.
    pub fn nodes(self) -> f64 {
        match self {
            TreeSize::Exact(n) => n as f64,
            TreeSize::Estimate(n) => n,
        }
    }

    /// True when every ply was counted.
    pub fn is_exact(self) -> bool {
        matches!(self, TreeSize::Exact(_))
    }

    /// 1 − visited / nodes.
    pub fn pruning_ratio(self, visited: u64) -> f64 {
        1.0 - visited as f64 / self.nodes()
    }
}

/// Deeper than this, an estimate means nothing (and b^d overflows anyway).
const DEEPEST_ESTIMATE: u32 = 200;

impl TreeProfile {
    /// The nodes of the minimax tree of `depth`: exact when the profile reaches that deep (or the whole tree is
    /// counted), else estimated; `None` when there is nothing to extrapolate from (fewer than two plies counted)
    /// or the depth is absurd.
    pub fn size(&self, depth: u32) -> Option<TreeSize> {
        let counted = self.per_ply.len();
        let depth_plies = depth as usize;
        if depth_plies < counted || self.complete {
            return Some(TreeSize::Exact(self.per_ply.iter().take(depth_plies.saturating_add(1)).sum()));
        }
        if counted < 2 || depth > DEEPEST_ESTIMATE {
            return None;
        }
        let branching = self.last_branching()?;
        let mut level = self.per_ply[counted - 1] as f64;
        let mut total = self.per_ply.iter().sum::<u64>() as f64;
        for _ in counted..=depth_plies {
            level *= branching;
            total += level;
        }
        Some(TreeSize::Estimate(total))
    }

    /// The branching between the last two plies counted: N_k / N_k−1.
    pub fn last_branching(&self) -> Option<f64> {
        match self.per_ply.as_slice() {
            [.., before, last] if *before > 0 => Some(*last as f64 / *before as f64),
            _ => None,
        }
    }
}

/// The average number of legal moves at the nodes a search expanded: (children entered + children pruned) /
/// nodes expanded, where every node but the root was entered as some node's child. Approximate when a node was
/// entered twice (re-searches). `None` when nothing was expanded.
pub fn average_branching(stats: &SearchStats) -> Option<f64> {
    let children = stats.nodes_visited.saturating_sub(1) + stats.branches_pruned;
    (stats.interior_nodes > 0).then(|| children as f64 / stats.interior_nodes as f64)
}

/// Levin's minimum for a branching factor that need not be whole: b^⌈d/2⌉ + b^⌊d/2⌋ − 1, the leaves perfectly
/// ordered α-β evaluates on a uniform tree (see [`crate::tree::order::levin_minimum`] for whole b).
pub fn levin_minimum(branching: f64, depth: u32) -> f64 {
    branching.powi(depth.div_ceil(2) as i32) + branching.powi((depth / 2) as i32) - 1.0
}

/// Why a search could read fewer leaves than Levin's minimum — a bound for a full-width α-β search of a uniform
/// tree without memory: the line to show under the comparison and its hover text, or `None` when the iteration
/// read at least that many. The reasons are the ones its counts show (stopped by a limit, answers from the
/// transposition table, forward pruning), else the tree's own shape.
pub fn below_levin<M>(iteration: &Iteration<M>, levin: f64) -> Option<(String, &'static str)> {
    let stats = &iteration.stats;
    if stats.leaves_evaluated as f64 >= levin {
        return None;
    }
    let mut reasons = Vec::new();
    if !iteration.complete {
        reasons.push("it was stopped by its time or node limit before it finished this depth".to_string());
    }
    if stats.tt_cutoffs > 0 {
        reasons.push(format!(
            "its transposition table decided {} positions without searching them again",
            numbers::count(stats.tt_cutoffs)
        ));
    }
    let forward = stats.null_move_cutoffs
        + stats.late_move_reductions
        + stats.reverse_futility_cutoffs
        + stats.futility_skips
        + stats.exchange_prunes;
    if forward > 0 {
        reasons.push(format!(
            "it pruned forward {} times (null move, late-move reductions, futility), which full-width α-β does not",
            numbers::count(forward)
        ));
    }
    if reasons.is_empty() {
        reasons.push("the tree is not uniform: some lines end before this depth, and b is only an average".to_string());
    }
    let tooltip = "Levin's minimum, b^⌈d/2⌉ + b^⌊d/2⌋ − 1, is the fewest leaves a full-width α-β search without \
                   memory reads on a uniform tree of depth d, with perfect move ordering. A search reads fewer when a \
                   time or node limit stops it early, when its transposition table answers positions it has already \
                   searched, when it prunes forward, or when games end before depth d.";
    Some((format!("Fewer than Levin's minimum because {}.", reasons.join("; ")), tooltip))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_exact_where_counted_and_extrapolated_beyond() {
        let profile = TreeProfile { per_ply: vec![1, 9, 72], complete: false };
        assert_eq!(profile.size(2), Some(TreeSize::Exact(82)));
        assert_eq!(profile.size(1), Some(TreeSize::Exact(10)));
        // Ply 3 extrapolated with 72 / 9 = 8 per node: 576 more.
        assert_eq!(profile.size(3), Some(TreeSize::Estimate(82.0 + 576.0)));
        let whole = TreeProfile { per_ply: vec![1, 2, 0], complete: true };
        assert_eq!(whole.size(40), Some(TreeSize::Exact(3)));
        assert_eq!(TreeProfile { per_ply: vec![1], complete: false }.size(3), None);
        assert_eq!(TreeSize::Exact(80).pruning_ratio(20), 0.75);
    }

    #[test]
    fn levin_matches_the_whole_number_version_and_branching_is_counted() {
        assert_eq!(levin_minimum(3.0, 4), 17.0);
        assert_eq!(levin_minimum(3.0, 3), 11.0);
        // A root with 3 moves, one entered and cut off after it: 2 pruned; the child a leaf.
        let stats = SearchStats { nodes_visited: 2, interior_nodes: 1, branches_pruned: 2, ..Default::default() };
        assert_eq!(average_branching(&stats), Some(3.0));
        assert_eq!(average_branching(&SearchStats::default()), None);
    }

    #[test]
    fn beating_levin_says_why_from_the_counts() {
        let iteration = |leaves: u64, complete: bool, tt_cutoffs: u64| Iteration {
            depth: 4,
            value: 0.0,
            best_move: Some(1_u64),
            principal_variation: vec![],
            stats: SearchStats { leaves_evaluated: leaves, tt_cutoffs, ..Default::default() },
            elapsed_seconds: 0.1,
            complete,
            exact: false,
            aspiration_researches: 0,
        };
        assert_eq!(below_levin(&iteration(1_179, true, 0), 1_179.0), None);
        let (words, tooltip) = below_levin(&iteration(95, false, 1_234), 1_179.0).expect("below the minimum");
        assert_eq!(
            words,
            "Fewer than Levin's minimum because it was stopped by its time or node limit before it finished this \
             depth; its transposition table decided 1,234 positions without searching them again."
        );
        assert!(tooltip.contains("full-width α-β search without memory"), "{tooltip}");
        let (words, _) = below_levin(&iteration(95, true, 0), 1_179.0).expect("below the minimum");
        assert_eq!(
            words,
            "Fewer than Levin's minimum because the tree is not uniform: some lines end before this depth, and b is \
             only an average."
        );
    }
}
