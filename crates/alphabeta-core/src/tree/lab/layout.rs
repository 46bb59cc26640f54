//! A tidy top-down layout of a compiled tree, computed once per tree: leaves take consecutive slots from left to
//! right, every inner node sits centred over its first and last child, and each level is one row. Subtrees never
//! overlap because each owns a contiguous run of leaf slots.

use crate::tree::flat::{FlatTree, ROOT};

/// Where every node goes, in layout units: `x` in leaf slots, `y` in levels (the root at 0).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layout {
    /// `(x, y)` by node id.
    pub positions: Vec<(f32, f32)>,
    /// The number of leaf slots (the layout spans `0..slots - 1` horizontally).
    pub slots: usize,
    /// The deepest level.
    pub depth: u32,
    /// Collapsed nodes, by id, with how many nodes they hide (empty when nothing is collapsed).
    pub folded: std::collections::HashMap<u32, usize>,
    /// By id: true for a node inside a collapsed subtree, not drawn (empty when nothing is collapsed).
    pub hidden: Vec<bool>,
}

impl Layout {
    /// Lays out a tree. Linear in the number of nodes, with an explicit stack so no tree can overflow it.
    pub fn compute(flat: &FlatTree) -> Layout {
        Layout::compute_folded(flat, &std::collections::HashSet::new())
    }

    /// Lays out a tree with the subtrees below `folded` collapsed: each collapsed node takes one leaf slot, like a
    /// leaf, and the nodes below it are hidden. Linear in the number of nodes.
    pub fn compute_folded(flat: &FlatTree, folded: &std::collections::HashSet<u32>) -> Layout {
        let mut positions = vec![(0.0_f32, 0.0_f32); flat.nodes.len()];
        if flat.nodes.is_empty() {
            return Layout::default();
        }
        // Leaves in left-to-right (depth-first) order take the next slot.
        let mut slot = 0usize;
        let mut stack = vec![ROOT];
        let mut hidden = if folded.is_empty() { Vec::new() } else { vec![false; flat.nodes.len()] };
        let mut counts = std::collections::HashMap::new();
        while let Some(id) = stack.pop() {
            let node = flat.node(id);
            positions[id as usize].1 = node.depth as f32;
            if node.child_count > 0 && folded.contains(&id) {
                positions[id as usize].0 = slot as f32;
                slot += 1;
                // Hide the subtree: every node below, found with a stack of its own.
                let mut below: Vec<u32> = flat.children(id).collect();
                let mut count = 0;
                while let Some(child) = below.pop() {
                    hidden[child as usize] = true;
                    count += 1;
                    below.extend(flat.children(child));
                }
                counts.insert(id, count);
            } else if node.child_count == 0 {
                positions[id as usize].0 = slot as f32;
                slot += 1;
            } else {
                stack.extend(flat.children(id).rev());
            }
        }
        // A child's id is larger than its parent's, so going down the ids places children before their parent.
        for id in (0..flat.nodes.len() as u32).rev() {
            let node = flat.node(id);
            if node.child_count > 0 && !counts.contains_key(&id) {
                let first = positions[node.first_child as usize].0;
                let last = positions[(node.first_child + node.child_count - 1) as usize].0;
                positions[id as usize].0 = 0.5 * (first + last);
            }
        }
        let depth = (0..flat.nodes.len())
            .filter(|&i| !hidden.get(i).copied().unwrap_or(false))
            .map(|i| flat.nodes[i].depth)
            .max()
            .unwrap_or(0);
        Layout { positions, slots: slot, depth, folded: counts, hidden }
    }

    /// True when the node is inside a collapsed subtree (not drawn).
    pub fn is_hidden(&self, id: u32) -> bool {
        self.hidden.get(id as usize).copied().unwrap_or(false)
    }

    /// The layout's extent: `(width, height)` in slots and levels, at least one of each.
    pub fn extent(&self) -> (f32, f32) {
        ((self.slots.max(1) - 1) as f32, self.depth as f32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::notation::parse;

    fn layout(text: &str) -> (FlatTree, Layout) {
        let flat = FlatTree::compile(&parse(text).expect("a valid tree")).expect("compiles");
        let layout = Layout::compute(&flat);
        (flat, layout)
    }

    #[test]
    fn parents_are_centred_and_levels_are_rows() {
        let (flat, layout) = layout("((3 12 8) (2 4 6) (14 5 2))");
        assert_eq!(layout.slots, 9);
        assert_eq!(layout.positions[0], (4.0, 0.0));
        let first = flat.node_at(&[0]).expect("child 0");
        assert_eq!(layout.positions[first as usize], (1.0, 1.0));
        let leaf = flat.node_at(&[2, 2]).expect("leaf 2.2");
        assert_eq!(layout.positions[leaf as usize], (8.0, 2.0));
    }

    #[test]
    fn uneven_subtrees_do_not_overlap() {
        let (flat, layout) = layout("(1 (2 (3 4 5) 6) (7 8))");
        // On every level, nodes appear left to right in depth-first order, strictly increasing.
        for level in 0..=layout.depth {
            let mut xs: Vec<f32> = (0..flat.nodes.len())
                .filter(|&i| flat.nodes[i].depth == level)
                .map(|i| layout.positions[i].0)
                .collect();
            let sorted = xs.windows(2).all(|w| w[0] < w[1]);
            xs.dedup();
            assert!(sorted, "level {level}: {xs:?}");
        }
    }

    #[test]
    fn a_collapsed_subtree_takes_one_slot_and_hides_its_nodes() {
        let flat = FlatTree::compile(&parse("((1 2 3) (4 (5 6)))").expect("valid")).expect("compiles");
        let folded: std::collections::HashSet<u32> = [flat.node_at(&[1]).expect("node 1")].into();
        let layout = Layout::compute_folded(&flat, &folded);
        assert_eq!(layout.slots, 4, "three leaves and the collapsed node");
        let one = flat.node_at(&[1]).expect("node 1");
        assert_eq!(layout.folded.get(&one), Some(&4), "4, (5 6), 5 and 6");
        assert_eq!(layout.positions[one as usize].0, 3.0);
        let hidden: Vec<String> =
            (0..flat.nodes.len() as u32).filter(|&id| layout.is_hidden(id)).map(|id| flat.path_string(id)).collect();
        assert_eq!(hidden, ["1.0", "1.1", "1.1.0", "1.1.1"]);
        assert_eq!(layout.depth, 2, "the hidden level 3 does not count");
    }
}
