//! Move ordering on explicit trees, and what it can achieve: reordering a tree best-first (perfect ordering),
//! worst-first or at random, and Levin's minimum.

use super::model::{Body, Node, Tree, chance_probabilities, next_player, resolve_turn};
use crate::engine::game::{Side, Turn, Value};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// How to reorder the children of every node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ordering {
    /// The best child for the player to move first: MAX's highest, MIN's lowest (ties keep their order).
    BestFirst,
    /// The worst child first.
    WorstFirst,
    /// A seeded random order.
    Shuffled(u64),
}

/// Levin's theorem (Edwards & Hart 1963): with perfect ordering, α-β over a uniform tree of b branches and d plies
/// evaluates b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves. `u64::MAX` when the count does not fit.
pub fn levin_minimum(branching: u64, depth: u32) -> u64 {
    let count = || {
        let up = branching.checked_pow(depth.div_ceil(2))?;
        let down = branching.checked_pow(depth / 2)?;
        up.checked_add(down)?.checked_sub(1)
    };
    count().unwrap_or(u64::MAX)
}

/// Pearl (1982): on uniform trees whose leaf values are independent and continuously distributed — so the order is
/// random — α-β's branching factor is ξ/(1−ξ), ξ being the positive root of xᵇ + x − 1 = 0. For b = 2 that is
/// the golden ratio 1.618…, against √2 with perfect order and 2 with none.
pub fn pearl_branching_factor(branching: u32) -> f64 {
    if branching == 0 {
        return 0.0;
    }
    // f(x) = xᵇ + x − 1 rises from −1 at 0 to 1 at 1: bisection finds its one root there.
    let (mut low, mut high) = (0.0_f64, 1.0_f64);
    for _ in 0..100 {
        let mid = 0.5 * (low + high);
        if mid.powi(branching as i32) + mid - 1.0 < 0.0 { low = mid } else { high = mid }
    }
    let xi = 0.5 * (low + high);
    xi / (1.0 - xi)
}

/// Pearl's estimate of the leaves α-β evaluates on a uniform tree in random order: (ξ/(1−ξ))^d. An asymptotic
/// rate (the true mean differs by a bounded factor), shown beside Levin's exact minimum.
pub fn pearl_estimate(branching: u32, depth: u32) -> f64 {
    pearl_branching_factor(branching).powi(depth as i32)
}

/// The tree with every node's children reordered. Chance nodes keep their order under best- and worst-first
/// (no outcome is "best" for chance); their probabilities travel with their children.
pub fn reorder(tree: &Tree, ordering: Ordering) -> Tree {
    let mut rng = match ordering {
        Ordering::Shuffled(seed) => Some(ChaCha8Rng::seed_from_u64(seed)),
        _ => None,
    };
    let mut root = tree.root.clone();
    let turn = resolve_turn(&root, Side::Max);
    reorder_node(&mut root, turn, Side::Max, ordering, &mut rng);
    Tree::new(root)
}

/// Reorders below `node` and returns its minimax value from MAX's point of view.
fn reorder_node(
    node: &mut Node,
    turn: Turn,
    after_parent: Side,
    ordering: Ordering,
    rng: &mut Option<ChaCha8Rng>,
) -> Value {
    let probabilities = if turn == Turn::Chance { chance_probabilities(node) } else { Vec::new() };
    let after = next_player(turn, after_parent);
    let Body::Inner { children, .. } = &mut node.body else {
        return match node.body {
            Body::Leaf(value) => value,
            Body::Inner { .. } => unreachable!("matched as a leaf above"),
        };
    };
    let mut valued: Vec<(Value, Node)> = children
        .drain(..)
        .map(|mut child| {
            let child_turn = resolve_turn(&child, after);
            (reorder_node(&mut child, child_turn, after, ordering, rng), child)
        })
        .collect();
    let value = match turn {
        Turn::Max => valued.iter().map(|(v, _)| *v).fold(Value::NEG_INFINITY, Value::max),
        Turn::Min => valued.iter().map(|(v, _)| *v).fold(Value::INFINITY, Value::min),
        Turn::Chance => valued.iter().zip(&probabilities).map(|((v, _), p)| if *p == 0.0 { 0.0 } else { p * v }).sum(),
    };
    match (ordering, turn) {
        (Ordering::Shuffled(_), _) => {
            if let Some(rng) = rng {
                valued.shuffle(rng);
            }
        }
        (_, Turn::Chance) => {}
        (Ordering::BestFirst, Turn::Max) | (Ordering::WorstFirst, Turn::Min) => {
            valued.sort_by(|a, b| b.0.total_cmp(&a.0));
        }
        (Ordering::BestFirst, Turn::Min) | (Ordering::WorstFirst, Turn::Max) => {
            valued.sort_by(|a, b| a.0.total_cmp(&b.0));
        }
    }
    children.extend(valued.into_iter().map(|(_, child)| child));
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pearl_branching_factor_is_the_golden_ratio_for_binary_trees() {
        assert!((pearl_branching_factor(2) - (1.0 + 5f64.sqrt()) / 2.0).abs() < 1e-12);
        assert!((pearl_branching_factor(1) - 1.0).abs() < 1e-12, "a chain has nothing to prune");
        for b in 2..=40u32 {
            let r = pearl_branching_factor(b);
            assert!((b as f64).sqrt() < r && r < b as f64, "b = {b}: between perfect order and none, got {r}");
        }
        assert!((pearl_estimate(2, 4) - pearl_branching_factor(2).powi(4)).abs() < 1e-12);
    }

    #[test]
    fn levin_matches_the_memos() {
        assert_eq!(levin_minimum(3, 4), 17, "1963 memo: b = 3, n = 4");
        assert_eq!(levin_minimum(3, 3), 11, "lecture 4: b = 3, d = 3");
        assert_eq!(levin_minimum(2, 1), 2);
        assert_eq!(levin_minimum(10, 0), 1);
        assert_eq!(levin_minimum(u64::MAX, 4), u64::MAX);
    }
}
