//! The trees the Examples menu offers: the worked examples of the seed documents, and seeded random trees.

use crate::tree::generate::{UnbalancedSpec, UniformSpec, unbalanced, uniform, uniform_distinct};
use crate::tree::notation;
use crate::tree::order::{Ordering, reorder};
use serde::{Deserialize, Serialize};

/// The textbook tree (b = 3, d = 2): value 3, and α-β never looks at two of its nine leaves. The lab opens on
/// it and most tests start from it.
pub const TEXTBOOK: &str = "((3 12 8) (2 4 6) (14 5 2))";

/// One entry of the Examples menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Example {
    /// The three-move textbook tree: value 3, α-β reads 7 of its 9 leaves.
    Textbook,
    /// The tree of the 1961 Tree Prune memo's worked example: 40 positions, 27 examined.
    Memo1961,
    /// MAX chooses, then a coin decides which position MIN chooses in.
    Chance,
    /// The lecture's perfectly ordered tree, b = 3, d = 3: α-β needs only 11 of the 27 leaves.
    PerfectlyOrdered,
}

impl Example {
    /// Every example, in menu order.
    pub const ALL: [Example; 4] = [Example::Textbook, Example::Memo1961, Example::Chance, Example::PerfectlyOrdered];

    /// The menu entry.
    pub fn title(self) -> &'static str {
        match self {
            Example::Textbook => "Textbook tree (b = 3, d = 2)",
            Example::Memo1961 => "1961 Tree Prune memo",
            Example::Chance => "A game with chance",
            Example::PerfectlyOrdered => "Perfectly ordered, b = 3, d = 3",
        }
    }

    /// What the example shows, for the menu's tooltip.
    pub fn description(self) -> &'static str {
        match self {
            Example::Textbook => "value 3; α-β evaluates 7 of the 9 leaves and never looks at 1.1 and 1.2",
            Example::Memo1961 => "Hart & Edwards' worked example: 40 positions, α-β examines 27 (16 leaves)",
            Example::Chance => "expectiminimax: MAX chooses, a coin decides, then MIN chooses",
            Example::PerfectlyOrdered => "best move always leftmost: α-β needs Levin's minimum, 11 of 27 leaves",
        }
    }

    /// The example in the tree notation.
    pub fn text(self) -> String {
        match self {
            Example::Textbook => TEXTBOOK.to_string(),
            Example::Memo1961 => "A:(B:(E:(8 7 3) F:(9 1 2) G:(4 2 1))\n   C:(H:(5 3 2) I:(1 9 2) J:(6 2 1))\n   \
                                  D:(K:(5 4 3) L:(1 1 1) M:(2 2 2)))"
                .to_string(),
            Example::Chance => {
                "max( chance(0.5: min(2 4) 0.5: min(7 1))\n     chance(0.9: min(3 3) 0.1: min(0 9)) )".to_string()
            }
            // Distinct values 1..=27, then sorted best-first: the best move is always the leftmost.
            Example::PerfectlyOrdered => notation::print(&reorder(&uniform_distinct(3, 3, 4), Ordering::BestFirst)),
        }
    }
}

/// The shape of a random tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Shape {
    /// Every inner node has `branching` children, every leaf is `depth` down.
    #[default]
    Uniform,
    /// Up to `branching` children, leaves at any depth up to `depth`, optionally chance levels.
    Unbalanced,
}

/// The settings of the random tree generator.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RandomTree {
    /// Uniform or unbalanced.
    pub shape: Shape,
    /// Uniform: the branching; unbalanced: the most children a node gets.
    pub branching: usize,
    /// Uniform: the depth; unbalanced: the deepest a leaf can be.
    pub depth: usize,
    /// Unbalanced: the chance that a node below the root is a leaf.
    pub leaf_probability: f64,
    /// Unbalanced: put chance nodes between some player levels.
    pub chance: bool,
    /// The generator's seed: the same seed, the same tree.
    pub seed: u64,
}

impl Default for RandomTree {
    fn default() -> Self {
        RandomTree { shape: Shape::Uniform, branching: 3, depth: 3, leaf_probability: 0.3, chance: false, seed: 1 }
    }
}

impl RandomTree {
    /// The widest tree the generator's controls allow.
    pub const MAX_BRANCHING: usize = 8;
    /// The deepest tree the generator's controls allow.
    pub const MAX_DEPTH: usize = 10;
    /// The most leaves a generated tree gets: enough to show the live-search limit, few enough to stay responsive.
    pub const MAX_LEAVES: usize = 1 << 16;

    /// The depth actually used: the one asked for, lowered until the tree has at most [`Self::MAX_LEAVES`] leaves.
    pub fn effective_depth(&self) -> usize {
        let branching = self.branching.clamp(1, Self::MAX_BRANCHING);
        let mut depth = self.depth.clamp(1, Self::MAX_DEPTH);
        while depth > 1 && branching.checked_pow(depth as u32).is_none_or(|n| n > Self::MAX_LEAVES) {
            depth -= 1;
        }
        depth
    }

    /// The random tree in the notation, leaf values whole numbers from 0 to 20. An unbalanced tree is capped like
    /// a uniform one: it has at most `branching^depth` leaves.
    pub fn text(&self) -> String {
        let (branching, depth) = (self.branching.clamp(1, Self::MAX_BRANCHING), self.effective_depth());
        let tree = match self.shape {
            Shape::Uniform => uniform(&UniformSpec { branching, depth, low: 0, high: 20, seed: self.seed }),
            Shape::Unbalanced => unbalanced(&UnbalancedSpec {
                max_branching: branching,
                max_depth: depth,
                leaf_probability: self.leaf_probability.clamp(0.0, 1.0),
                low: 0,
                high: 20,
                chance: self.chance,
                seed: self.seed,
            }),
        };
        notation::print(&tree)
    }

    /// The menu entry, e.g. "Random uniform tree (b = 3, d = 3, seed 1)".
    pub fn title(&self) -> String {
        match self.shape {
            Shape::Uniform => {
                format!("Random uniform tree (b = {}, d = {}, seed {})", self.branching, self.depth, self.seed)
            }
            Shape::Unbalanced => format!(
                "Random unbalanced tree (b ≤ {}, d ≤ {}, leaf p {:.2}{}, seed {})",
                self.branching,
                self.depth,
                self.leaf_probability,
                if self.chance { ", chance" } else { "" },
                self.seed
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::Algorithm;
    use crate::tree::lab::analysis::Analysis;

    fn alphabeta_counts(text: &str) -> (u64, u64) {
        let tree = notation::parse(text).expect("every example parses");
        let analysis = Analysis::new(&tree, Algorithm::Alphabeta).expect("compiles");
        let stats = &analysis.run.as_ref().expect("searched").result.stats;
        (stats.nodes_visited, stats.leaves_evaluated)
    }

    #[test]
    fn the_examples_say_what_the_seeds_say() {
        assert_eq!(alphabeta_counts(&Example::Textbook.text()), (11, 7));
        assert_eq!(alphabeta_counts(&Example::Memo1961.text()), (27, 16), "40 positions, 27 examined");
        assert_eq!(alphabeta_counts(&Example::PerfectlyOrdered.text()).1, 11, "Levin's minimum for b = 3, d = 3");
        alphabeta_counts(&Example::Chance.text());
    }

    #[test]
    fn random_trees_stay_within_the_leaf_cap() {
        let random = RandomTree { branching: 8, depth: 10, seed: 7, ..Default::default() };
        assert_eq!(random.effective_depth(), 5, "8^5 = 32768 ≤ 65536 < 8^6");
        let tree = notation::parse(&RandomTree { branching: 3, depth: 2, seed: 7, ..Default::default() }.text())
            .expect("parses");
        assert_eq!(tree.root.leaf_count(), 9);
        let wild = RandomTree { shape: Shape::Unbalanced, chance: true, ..random };
        let tree = notation::parse(&wild.text()).expect("an unbalanced tree parses");
        assert!(tree.root.leaf_count() <= 8usize.pow(5));
        assert!(tree.validate().is_ok());
        let chancy = (1..50).map(|seed| RandomTree { seed, ..wild.clone() }.text()).find(|t| t.contains("chance("));
        let text = chancy.expect("some seed gives chance nodes");
        assert!(!text.contains("9999") && !text.contains("0000"), "readable probabilities: {text}");
    }
}
