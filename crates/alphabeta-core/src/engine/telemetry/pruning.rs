//! How much of the minimax tree a search left out.
//!
//! The **minimax tree of depth d** from a position holds the position itself and every position reachable in at
//! most d moves, a finished game being a leaf where it happens — the nodes a plain minimax to depth d enters,
//! counted the way [`SearchStats::nodes_visited`] counts (the root and the leaves included). The **pruning ratio**
//! of an iteration to depth d is 1 − (its nodes visited) / (that tree's nodes): 0 for minimax, near 1 for a
//! well-ordered α-β deep down. It can fall below 0 when re-searches (aspiration, MTD(f)'s passes) enter nodes more
//! than once, and a transposition table lets it exceed what α-β alone could prune.

use crate::engine::search::stats::SearchStats;
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
}
