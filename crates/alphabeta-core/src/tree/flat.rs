//! The compiled tree the engine searches: kinds resolved, probabilities filled in, siblings stored side by side
//! in one array. Rebuilt from the model after every edit (it takes microseconds per thousand nodes).

use super::model::{Body, Node, NodeKind, Tree, TreeError, chance_probabilities, next_player, resolve_turn};
use crate::engine::game::{Game, Side, Turn, Value};
use std::collections::HashMap;

/// A node of the compiled tree. Ids are indices into [`FlatTree::nodes`]; a child's id is always larger than its
/// parent's, and the children of a node have consecutive ids.
#[derive(Clone, Debug, PartialEq)]
pub struct FlatNode {
    /// Who acts here; for a leaf, the player whose level it is.
    pub turn: Turn,
    /// A leaf's value from MAX's point of view (NaN for inner nodes).
    pub value: Value,
    /// The id of the first child (0 for a leaf: read `child_count`).
    pub first_child: u32,
    /// How many children the node has (0 for a leaf).
    pub child_count: u32,
    /// The parent's id (`u32::MAX` for the root).
    pub parent: u32,
    /// The probability of reaching this node from a chance parent (1 under a player's node).
    pub probability: f64,
    /// Distance from the root.
    pub depth: u32,
}

/// A tree ready to be searched.
#[derive(Clone, Debug, PartialEq)]
pub struct FlatTree {
    /// Every node, the root first, indexed by id.
    pub nodes: Vec<FlatNode>,
    /// The labels written on nodes, by id.
    pub labels: HashMap<u32, String>,
    /// How many leaves the tree has.
    pub leaf_count: usize,
    /// The smallest and largest leaf value (MAX's point of view): the bounds Star1 uses.
    pub bounds: (Value, Value),
}

/// The id of the root.
pub const ROOT: u32 = 0;

impl FlatTree {
    /// Compiles a tree, checking it first.
    pub fn compile(tree: &Tree) -> Result<FlatTree, TreeError> {
        tree.validate()?;
        let root_turn = resolve_turn(&tree.root, Side::Max);
        // The whole array at once, and fallibly: a tree within the node cap still gets a message, not an abort,
        // where memory is short.
        let count = tree.root.node_count();
        let mut nodes = Vec::new();
        nodes.try_reserve_exact(count).map_err(|_| TreeError {
            path: String::new(),
            message: format!("not enough memory to search a tree of {count} nodes"),
        })?;
        nodes.push(flat_node(&tree.root, root_turn, u32::MAX, 1.0, 0));
        let mut flat =
            FlatTree { nodes, labels: HashMap::new(), leaf_count: 0, bounds: (Value::INFINITY, Value::NEG_INFINITY) };
        // The player that comes after the root's (imaginary) parent is MAX, so that a chance root has MAX children.
        let mut stack: Vec<(&Node, u32, Side)> = vec![(&tree.root, ROOT, Side::Max)];
        while let Some((node, id, after_parent)) = stack.pop() {
            if let Some(label) = &node.label {
                flat.labels.insert(id, label.clone());
            }
            let Body::Inner { kind, children } = &node.body else {
                if let Body::Leaf(value) = node.body {
                    flat.leaf_count += 1;
                    flat.bounds = (flat.bounds.0.min(value), flat.bounds.1.max(value));
                }
                continue;
            };
            let me = &flat.nodes[id as usize];
            let (turn, depth) = (me.turn, me.depth);
            let after = next_player(turn, after_parent);
            let probabilities =
                if *kind == Some(NodeKind::Chance) { chance_probabilities(node) } else { vec![1.0; children.len()] };
            let first = flat.nodes.len() as u32;
            for (child, p) in children.iter().zip(probabilities) {
                flat.nodes.push(flat_node(child, resolve_turn(child, after), id, p, depth + 1));
            }
            let me = &mut flat.nodes[id as usize];
            me.first_child = first;
            me.child_count = children.len() as u32;
            for (i, child) in children.iter().enumerate().rev() {
                stack.push((child, first + i as u32, after));
            }
        }
        Ok(flat)
    }

    /// The node with id `id`.
    pub fn node(&self, id: u32) -> &FlatNode {
        &self.nodes[id as usize]
    }

    /// The ids of a node's children, in order.
    pub fn children(&self, id: u32) -> std::ops::Range<u32> {
        let n = self.node(id);
        n.first_child..n.first_child + n.child_count
    }

    /// True when the node has no children.
    pub fn is_leaf(&self, id: u32) -> bool {
        self.node(id).child_count == 0
    }

    /// The child indices from the root to `id`.
    pub fn path(&self, id: u32) -> Vec<usize> {
        let mut path = Vec::new();
        let mut at = id;
        while at != ROOT {
            let parent = self.node(at).parent;
            path.push((at - self.node(parent).first_child) as usize);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The path written the notation's way: indices joined by dots, empty for the root.
    pub fn path_string(&self, id: u32) -> String {
        self.path(id).iter().map(usize::to_string).collect::<Vec<_>>().join(".")
    }

    /// The node at a path of child indices.
    pub fn node_at(&self, path: &[usize]) -> Option<u32> {
        path.iter().try_fold(ROOT, |at, &i| {
            let n = self.node(at);
            (i < n.child_count as usize).then_some(n.first_child + i as u32)
        })
    }

    /// How a node is named in tables: its label, else its path (`root` for an unlabelled root).
    pub fn display_name(&self, id: u32) -> String {
        match self.labels.get(&id) {
            Some(label) => label.clone(),
            None if id == ROOT => "root".to_string(),
            None => self.path_string(id),
        }
    }

    /// `(b, d)` when every inner node has b children, every leaf is d levels down, and MAX and MIN alternate with
    /// no chance node: the trees Levin's theorem speaks of.
    pub fn uniform_shape(&self) -> Option<(u32, u32)> {
        let root = self.node(ROOT);
        let branching = root.child_count;
        let depth = self.nodes.iter().filter(|n| n.child_count == 0).map(|n| n.depth).max()?;
        let uniform = self.nodes.iter().all(|n| {
            let alternates = n.parent == u32::MAX || self.node(n.parent).turn != n.turn;
            let shape_ok = if n.child_count == 0 { n.depth == depth } else { n.child_count == branching };
            n.turn != Turn::Chance && alternates && shape_ok
        });
        uniform.then_some((branching, depth))
    }

    /// A searchable position at the root.
    pub fn root(&self) -> TreePosition<'_> {
        TreePosition { tree: self, node: ROOT }
    }
}

fn flat_node(node: &Node, turn: Turn, parent: u32, probability: f64, depth: u32) -> FlatNode {
    let value = match node.body {
        Body::Leaf(value) => value,
        Body::Inner { .. } => Value::NAN,
    };
    FlatNode { turn, value, first_child: 0, child_count: 0, parent, probability, depth }
}

/// A place in a compiled tree, searched like a game position. A move is a child index (0-based, as written).
#[derive(Clone, Copy, Debug)]
pub struct TreePosition<'t> {
    /// The compiled tree.
    pub tree: &'t FlatTree,
    /// The id of the node this position stands at.
    pub node: u32,
}

impl Game for TreePosition<'_> {
    type Move = u32;

    #[inline]
    fn turn(&self) -> Turn {
        self.tree.nodes[self.node as usize].turn
    }

    #[inline]
    fn generate_moves(&self, moves: &mut Vec<u32>) {
        moves.extend(0..self.tree.nodes[self.node as usize].child_count);
    }

    #[inline]
    fn play(&mut self, mv: u32) {
        let n = &self.tree.nodes[self.node as usize];
        debug_assert!(mv < n.child_count, "child {mv} of a node with {} children", n.child_count);
        self.node = n.first_child + mv;
    }

    #[inline]
    fn undo(&mut self, _mv: u32) {
        self.node = self.tree.nodes[self.node as usize].parent;
    }

    #[inline]
    fn terminal_value(&self) -> Option<Value> {
        let n = &self.tree.nodes[self.node as usize];
        (n.child_count == 0).then(|| n.turn.sign() * n.value)
    }

    /// An explicit tree has no evaluation of inner positions: a depth-limited search over one sees 0 there.
    fn evaluate(&self) -> Value {
        0.0
    }

    #[inline]
    fn position_hash(&self) -> u64 {
        splitmix64(self.node as u64)
    }

    #[inline]
    fn probability(&self, outcome: u32) -> f64 {
        let n = &self.tree.nodes[self.node as usize];
        self.tree.nodes[(n.first_child + outcome) as usize].probability
    }

    fn value_bounds(&self) -> (Value, Value) {
        self.tree.bounds
    }

    /// The child's path, the notation's name for a node.
    fn move_name(&self, mv: u32) -> String {
        self.tree.path_string(self.tree.nodes[self.node as usize].first_child + mv)
    }
}

/// SplitMix64's finaliser: spreads consecutive ids over all 64 bits, as the table's index needs.
pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
