//! Random trees for teaching, testing and benchmarks. Seeded with ChaCha8, whose output is fixed by its
//! specification: a seed names the same tree on every machine and in every version.

use super::model::{Node, NodeKind, Tree};
use crate::engine::game::Value;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// A uniform tree: every inner node has `branching` children, every leaf is `depth` levels down, and leaf values
/// are whole numbers drawn uniformly from `low..=high`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UniformSpec {
    /// Children of every inner node.
    pub branching: usize,
    /// Levels below the root, where every leaf is.
    pub depth: usize,
    /// The smallest leaf value.
    pub low: i64,
    /// The largest leaf value.
    pub high: i64,
    /// The ChaCha8 seed: the same seed, the same tree.
    pub seed: u64,
}

/// A random tree of uneven shape: each node below the root becomes a leaf with probability `leaf_probability`
/// (always at `max_depth`), otherwise has 1..=`max_branching` children. With `chance`, every other inner level
/// is a chance node with random probabilities.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnbalancedSpec {
    /// The most children an inner node has.
    pub max_branching: usize,
    /// The deepest level; every node there is a leaf.
    pub max_depth: usize,
    /// The probability that a node below the root (and above `max_depth`) is a leaf.
    pub leaf_probability: f64,
    /// The smallest leaf value.
    pub low: i64,
    /// The largest leaf value.
    pub high: i64,
    /// Make every other inner level a chance level, with random probabilities.
    pub chance: bool,
    /// The ChaCha8 seed: the same seed, the same tree.
    pub seed: u64,
}

/// A uniform random tree.
pub fn uniform(spec: &UniformSpec) -> Tree {
    let mut rng = ChaCha8Rng::seed_from_u64(spec.seed);
    let (low, high) = (spec.low.min(spec.high), spec.low.max(spec.high));
    let mut leaf = || Node::leaf(rng.random_range(low..=high) as Value);
    Tree::new(build_uniform(spec.branching.max(1), spec.depth, &mut leaf))
}

/// A uniform tree whose b^d leaves hold the values 1..=b^d in random order, so no two leaves tie.
pub fn uniform_distinct(branching: usize, depth: usize, seed: u64) -> Tree {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let count = branching.max(1).pow(depth as u32);
    let mut values: Vec<usize> = (1..=count).collect();
    values.shuffle(&mut rng);
    let mut next = values.into_iter();
    let mut leaf = || Node::leaf(next.next().unwrap_or(0) as Value);
    Tree::new(build_uniform(branching.max(1), depth, &mut leaf))
}

fn build_uniform(branching: usize, depth: usize, leaf: &mut impl FnMut() -> Node) -> Node {
    if depth == 0 {
        return leaf();
    }
    Node::inner(None, (0..branching).map(|_| build_uniform(branching, depth - 1, leaf)).collect())
}

/// A random tree of uneven shape.
pub fn unbalanced(spec: &UnbalancedSpec) -> Tree {
    let mut rng = ChaCha8Rng::seed_from_u64(spec.seed);
    Tree::new(build_unbalanced(spec, &mut rng, 0, false))
}

fn build_unbalanced(spec: &UnbalancedSpec, rng: &mut ChaCha8Rng, depth: usize, parent_is_chance: bool) -> Node {
    let is_leaf = depth >= spec.max_depth || (depth > 0 && rng.random_bool(spec.leaf_probability.clamp(0.0, 1.0)));
    if is_leaf {
        let (low, high) = (spec.low.min(spec.high), spec.low.max(spec.high));
        return Node::leaf(rng.random_range(low..=high) as Value);
    }
    // Chance levels sit between player levels, never directly under the root or under another chance node.
    let is_chance = spec.chance && depth > 0 && !parent_is_chance && rng.random_bool(0.5);
    let count = rng.random_range(1..=spec.max_branching.max(1));
    let mut children: Vec<Node> = (0..count).map(|_| build_unbalanced(spec, rng, depth + 1, is_chance)).collect();
    if !is_chance {
        return Node::inner(None, children);
    }
    let weights: Vec<f64> = (0..count).map(|_| rng.random_range(1..=9) as f64).collect();
    let total: f64 = weights.iter().sum();
    // Whole hundredths, so the printed notation stays readable: each child gets the floor of its share, the last
    // also what is left. With more than about 100 children a floor can be 0; then the shares stay exact.
    let cents: Vec<u32> = weights.iter().map(|w| (w / total * 100.0).floor() as u32).collect();
    if cents.iter().all(|&c| c > 0) {
        let others: u32 = cents[..count - 1].iter().sum();
        for (i, child) in children.iter_mut().enumerate() {
            let c = if i + 1 == count { 100 - others } else { cents[i] };
            child.probability = Some(f64::from(c) / 100.0);
        }
    } else {
        for (child, w) in children.iter_mut().zip(&weights) {
            child.probability = Some(w / total);
        }
        // Rounding can leave the sum a hair off 1; give the difference to the last child so it stays exact.
        let others: f64 = children[..count - 1].iter().filter_map(|c| c.probability).sum();
        children[count - 1].probability = Some(1.0 - others);
    }
    Node::inner(Some(NodeKind::Chance), children)
}
