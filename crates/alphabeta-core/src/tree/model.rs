//! The explicit game tree as a person writes and edits it: nested nodes with optional labels, kinds and
//! probabilities, exactly as written. Searching uses the compiled form in [`super::flat`].

use crate::engine::game::{Side, Turn, Value};
use serde::{Deserialize, Serialize};

/// The deepest tree accepted, in levels. Searches recurse once per level; this keeps every thread's stack safe.
pub const MAX_TREE_DEPTH: usize = 1_000;

/// How far written chance probabilities may be from adding up to 1.
pub const PROBABILITY_TOLERANCE: f64 = 1e-9;

/// The kind a node is marked with in the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NodeKind {
    /// A MAX node: MAX chooses among the children.
    Max,
    /// A MIN node: MIN chooses among the children.
    Min,
    /// A chance node: one child happens, with its probability.
    Chance,
}

impl NodeKind {
    /// The keyword in the notation.
    pub fn keyword(self) -> &'static str {
        match self {
            NodeKind::Max => "max",
            NodeKind::Min => "min",
            NodeKind::Chance => "chance",
        }
    }

    /// Who acts at a node of this kind.
    pub fn turn(self) -> Turn {
        match self {
            NodeKind::Max => Turn::Max,
            NodeKind::Min => Turn::Min,
            NodeKind::Chance => Turn::Chance,
        }
    }
}

/// One node, as written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Node {
    /// The name written before a colon (`A:`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The probability written on the edge from a chance parent (`0.5: ...`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub probability: Option<f64>,
    /// A leaf's value, or the node's kind and children.
    pub body: Body,
}

/// A leaf with its value, or an inner node with its children.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Body {
    /// A leaf; its value is from MAX's point of view.
    Leaf(Value),
    /// An inner node. `kind: None` means unmarked: its kind follows from the levels above it.
    Inner {
        /// The kind written on the node, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kind: Option<NodeKind>,
        /// The children, in the order written (at least one in a valid tree).
        children: Vec<Node>,
    },
}

/// A whole tree: its root node.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tree {
    /// The root node.
    pub root: Node,
}

/// Something wrong with a tree's meaning (its shape or probabilities), naming the node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeError {
    /// The path of the offending node (`1.0`; empty for the root).
    pub path: String,
    /// What is wrong there, in words.
    pub message: String,
}

impl std::fmt::Display for TreeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for TreeError {}

impl Node {
    /// A leaf with no label or probability.
    pub fn leaf(value: Value) -> Node {
        Node { label: None, probability: None, body: Body::Leaf(value) }
    }

    /// An inner node with no label or probability.
    pub fn inner(kind: Option<NodeKind>, children: Vec<Node>) -> Node {
        Node { label: None, probability: None, body: Body::Inner { kind, children } }
    }

    /// The children (none for a leaf).
    pub fn children(&self) -> &[Node] {
        match &self.body {
            Body::Leaf(_) => &[],
            Body::Inner { children, .. } => children,
        }
    }

    /// The children, mutably (none for a leaf).
    pub fn children_mut(&mut self) -> &mut [Node] {
        match &mut self.body {
            Body::Leaf(_) => &mut [],
            Body::Inner { children, .. } => children,
        }
    }

    /// True for a leaf.
    pub fn is_leaf(&self) -> bool {
        matches!(self.body, Body::Leaf(_))
    }

    /// The kind written on this node, if any.
    pub fn marked_kind(&self) -> Option<NodeKind> {
        match &self.body {
            Body::Leaf(_) => None,
            Body::Inner { kind, .. } => *kind,
        }
    }

    /// The number of nodes in this subtree, this one included.
    pub fn node_count(&self) -> usize {
        1 + self.children().iter().map(Node::node_count).sum::<usize>()
    }

    /// The number of leaves in this subtree.
    pub fn leaf_count(&self) -> usize {
        if self.is_leaf() { 1 } else { self.children().iter().map(Node::leaf_count).sum() }
    }

    /// How this node is named in messages: `node A` for a label, `node 1.0` for a path, `the root`.
    pub fn display_name(&self, path: &str) -> String {
        match (&self.label, path) {
            (Some(label), _) => format!("node {label}"),
            (None, "") => "the root".to_string(),
            (None, path) => format!("node {path}"),
        }
    }
}

/// The player whose turn comes after a node of `turn`, given the player that came after its parent.
/// Levels alternate; a chance node does not change whose turn comes next.
pub fn next_player(turn: Turn, after_parent: Side) -> Side {
    match turn {
        Turn::Max => Side::Min,
        Turn::Min => Side::Max,
        Turn::Chance => after_parent,
    }
}

/// The turn at a node: its written kind, or for unmarked nodes and leaves the player whose level it is.
pub fn resolve_turn(node: &Node, level_player: Side) -> Turn {
    node.marked_kind().map_or(Turn::from(level_player), NodeKind::turn)
}

/// Joins a parent's path and a child index into the child's path (`""` + 1 → `"1"`, `"1"` + 0 → `"1.0"`).
pub fn child_path(parent: &str, index: usize) -> String {
    if parent.is_empty() { index.to_string() } else { format!("{parent}.{index}") }
}

impl Tree {
    /// The tree with `root` as its root.
    pub fn new(root: Node) -> Tree {
        Tree { root }
    }

    /// The node at `path` (child indices from the root), if there is one.
    pub fn node_at(&self, path: &[usize]) -> Option<&Node> {
        path.iter().try_fold(&self.root, |node, &i| node.children().get(i))
    }

    /// The node at `path`, mutably.
    pub fn node_at_mut(&mut self, path: &[usize]) -> Option<&mut Node> {
        path.iter().try_fold(&mut self.root, |node, &i| node.children_mut().get_mut(i))
    }

    /// Checks what the notation's grammar cannot: every inner node has a child, probabilities appear only under
    /// chance nodes, on all children or none, are positive and add up to 1, and the tree is not too deep.
    pub fn validate(&self) -> Result<(), TreeError> {
        // Each node visited, as (its parent's place in this list, its index among the siblings): a node's path is
        // written out only for a message, not for every node (a 100,000-node tree is checked at every edit).
        let mut visited: Vec<(usize, usize)> = Vec::new();
        let path_of = |visited: &[(usize, usize)], mut place: usize| {
            let mut indices = Vec::new();
            while place != usize::MAX {
                let (parent, index) = visited[place];
                if parent != usize::MAX {
                    indices.push(index);
                }
                place = parent;
            }
            indices.iter().rev().fold(String::new(), |path, &i| child_path(&path, i))
        };
        let mut stack = vec![(&self.root, usize::MAX, 0, false, 0usize)];
        while let Some((node, parent, index, parent_is_chance, depth)) = stack.pop() {
            let place = visited.len();
            visited.push((parent, index));
            let path = || path_of(&visited, place);
            let fail = |message: String| Err(TreeError { path: path(), message });
            if depth > MAX_TREE_DEPTH {
                return fail(format!("the tree is deeper than {MAX_TREE_DEPTH} levels"));
            }
            if node.probability.is_some() && !parent_is_chance {
                return fail(format!(
                    "{} has a probability, but only children of a chance node may",
                    node.display_name(&path())
                ));
            }
            if let Some(label) = &node.label
                && !is_valid_label(label)
            {
                return fail(format!(
                    "'{}' is not a valid label: start with a letter or '_', then letters, digits, '_' or '\'', \
                 ending in at most one '+' or '#'",
                    crate::messages::escape_controls(label)
                ));
            }
            if let Body::Leaf(value) = node.body
                && value.is_nan()
            {
                return fail(format!("{} has no numeric value", node.display_name(&path())));
            }
            let Body::Inner { kind, children } = &node.body else { continue };
            if children.is_empty() {
                let name = node.display_name(&path());
                return fail(format!("{name} has no children: an inner node needs at least one"));
            }
            let is_chance = *kind == Some(NodeKind::Chance);
            if is_chance {
                check_probabilities(node, &path())?;
            }
            // Reversed, so the first problem in reading order is the one reported.
            for (i, child) in children.iter().enumerate().rev() {
                stack.push((child, place, i, is_chance, depth + 1));
            }
        }
        // The shape is sound and at most MAX_TREE_DEPTH deep, so the values can be computed by recursion.
        let root_turn = resolve_turn(&self.root, Side::Max);
        exact_value(&self.root, root_turn, Side::Max).map(|_| ()).map_err(|(mut path, message)| {
            path.reverse();
            let path = path.iter().map(usize::to_string).collect::<Vec<_>>().join(".");
            let name = self.node_at(&path_indices(&path)).map_or_else(|| path.clone(), |n| chance_name(n, &path));
            TreeError { message: format!("{name}: {message}"), path }
        })
    }
}

fn path_indices(path: &str) -> Vec<usize> {
    path.split('.').filter_map(|i| i.parse().ok()).collect()
}

/// The expectiminimax value of a subtree whose node has `turn`, the player after its parent being `after_parent`
/// (the same rules as the compiled tree's). A chance node whose outcomes include both +∞ and −∞ has no expected
/// value (∞ − ∞): that is an error, with the node's path from this subtree's root (innermost index first).
fn exact_value(node: &Node, turn: Turn, after_parent: Side) -> Result<Value, (Vec<usize>, String)> {
    let Body::Inner { children, .. } = &node.body else {
        return Ok(match node.body {
            Body::Leaf(value) => value,
            Body::Inner { .. } => Value::NAN,
        });
    };
    let after = next_player(turn, after_parent);
    let mut values = Vec::with_capacity(children.len());
    for (i, child) in children.iter().enumerate() {
        let value = exact_value(child, resolve_turn(child, after), after).map_err(|(mut path, message)| {
            path.push(i);
            (path, message)
        })?;
        values.push(value);
    }
    Ok(match turn {
        Turn::Max => values.iter().copied().fold(Value::NEG_INFINITY, Value::max),
        Turn::Min => values.iter().copied().fold(Value::INFINITY, Value::min),
        Turn::Chance => {
            if values.contains(&Value::INFINITY) && values.contains(&Value::NEG_INFINITY) {
                let message = "its outcomes include both inf and -inf, so it has no expected value".to_string();
                return Err((Vec::new(), message));
            }
            chance_probabilities(node).iter().zip(&values).map(|(p, v)| p * v).sum()
        }
    })
}

/// True for a label the notation can write: a letter or `_`, then letters, digits, `_` or `'`, and at the end at
/// most one `+` or `#` (a chess move's check or mate: `Nxd4+`, `Qh7#`).
pub fn is_valid_label(label: &str) -> bool {
    let body = label.strip_suffix(['+', '#']).unwrap_or(label);
    let mut chars = body.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '\'')
}

/// The probabilities of a chance node's children: as written, or equal where none are written.
pub fn chance_probabilities(node: &Node) -> Vec<f64> {
    let children = node.children();
    if children.iter().all(|c| c.probability.is_some()) {
        children.iter().map(|c| c.probability.unwrap_or(0.0)).collect()
    } else {
        vec![1.0 / children.len() as f64; children.len()]
    }
}

/// How a chance node is named in messages: `chance node A`, `chance node 1.0`, `the chance root`.
fn chance_name(node: &Node, path: &str) -> String {
    match node.display_name(path).as_str() {
        "the root" => "the chance root".to_string(),
        name => format!("chance {name}"),
    }
}

fn check_probabilities(node: &Node, path: &str) -> Result<(), TreeError> {
    let name = chance_name(node, path);
    let fail = |message: String| Err(TreeError { path: path.to_string(), message });
    let children = node.children();
    let written = children.iter().filter(|c| c.probability.is_some()).count();
    if written == 0 {
        return Ok(());
    }
    if written != children.len() {
        return fail(format!(
            "{name}: probabilities are written on {written} of its {} children; write them on all or none",
            children.len()
        ));
    }
    if let Some(bad) = children.iter().filter_map(|c| c.probability).find(|p| !(*p > 0.0 && p.is_finite())) {
        return fail(format!("{name}: probability {bad} is not positive"));
    }
    let sum: f64 = children.iter().filter_map(|c| c.probability).sum();
    if (sum - 1.0).abs() > PROBABILITY_TOLERANCE {
        return fail(format!("{name}: probabilities add up to {sum}, not 1"));
    }
    Ok(())
}
