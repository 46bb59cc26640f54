//! Edits of a [`Tree`] as a person makes them in the editor: add a child, insert a parent, delete, move, set a
//! value, kind, label or probabilities, paste a subtree. No GUI here.
//!
//! Every edit works on a copy and returns it only if [`Tree::validate`] accepts it, so a refused edit leaves the
//! tree exactly as it was. Nodes are named by their path of child indices from the root.

use super::model::{Body, Node, NodeKind, Tree, is_valid_label};
use crate::engine::game::Value;

/// A tree after an edit, and the node to select next (where the edited node now is).
#[derive(Clone, Debug, PartialEq)]
pub struct Edited {
    /// The tree with the edit made.
    pub tree: Tree,
    /// The path of child indices from the root to the node to select.
    pub selection: Vec<usize>,
}

/// Why an edit was refused, in words for the user.
pub type EditError = String;

/// Applies `change` to a copy of `tree`; returns the copy if it is still a valid tree.
fn edit(tree: &Tree, change: impl FnOnce(&mut Tree) -> Result<Vec<usize>, EditError>) -> Result<Edited, EditError> {
    let mut copy = tree.clone();
    let selection = change(&mut copy)?;
    copy.validate().map_err(|e| e.message)?;
    Ok(Edited { tree: copy, selection })
}

fn node_mut<'t>(tree: &'t mut Tree, path: &[usize]) -> Result<&'t mut Node, EditError> {
    tree.node_at_mut(path).ok_or_else(|| format!("there is no node {}", path_text(path)))
}

/// The path in the notation's form: `1.0.2`, or `root`.
pub fn path_text(path: &[usize]) -> String {
    if path.is_empty() {
        return "root".to_string();
    }
    path.iter().map(usize::to_string).collect::<Vec<_>>().join(".")
}

/// Splits a path into its parent's path and its index; `None` for the root.
fn split(path: &[usize]) -> Option<(&[usize], usize)> {
    let (&last, parent) = path.split_last()?;
    Some((parent, last))
}

fn children_vec(node: &mut Node) -> Option<&mut Vec<Node>> {
    match &mut node.body {
        Body::Leaf(_) => None,
        Body::Inner { children, .. } => Some(children),
    }
}

/// Adds a leaf of value 0 as the last child. A leaf becomes an inner node whose only child keeps its value.
/// Under a chance node with written probabilities, the new child gets an equal share and the others shrink in
/// proportion, so they still add up to 1.
pub fn add_child(tree: &Tree, path: &[usize]) -> Result<Edited, EditError> {
    edit(tree, |tree| {
        let node = node_mut(tree, path)?;
        if let Body::Leaf(value) = node.body {
            node.body = Body::Inner { kind: None, children: vec![Node::leaf(value)] };
            return Ok([path, &[0]].concat());
        }
        let children = children_vec(node).ok_or("not an inner node")?;
        let mut child = Node::leaf(0.0);
        if children.iter().all(|c| c.probability.is_some()) {
            let share = 1.0 / (children.len() + 1) as f64;
            for c in children.iter_mut() {
                c.probability = c.probability.map(|p| p * (1.0 - share));
            }
            child.probability = Some(share);
        }
        children.push(child);
        Ok([path, &[children.len() - 1]].concat())
    })
}

/// Puts a new unmarked inner node between the node and its parent (or above the root). The node's probability
/// moves up with it, onto the new parent's edge.
pub fn insert_parent(tree: &Tree, path: &[usize]) -> Result<Edited, EditError> {
    edit(tree, |tree| {
        let node = node_mut(tree, path)?;
        let mut child = std::mem::replace(node, Node::leaf(0.0));
        let probability = child.probability.take();
        *node = Node { label: None, probability, body: Body::Inner { kind: None, children: vec![child] } };
        Ok(path.to_vec())
    })
}

/// Deletes the node and everything below it. The root cannot be deleted; a parent left without children becomes
/// a leaf of value 0; the remaining written probabilities of a chance parent are scaled to add up to 1 again.
pub fn delete(tree: &Tree, path: &[usize]) -> Result<Edited, EditError> {
    edit(tree, |tree| {
        let (parent_path, index) = split(path).ok_or("the root cannot be deleted")?;
        let parent = node_mut(tree, parent_path)?;
        let children = children_vec(parent).ok_or("no such node")?;
        if index >= children.len() {
            return Err(format!("there is no node {}", path_text(path)));
        }
        children.remove(index);
        if children.is_empty() {
            parent.body = Body::Leaf(0.0);
            return Ok(parent_path.to_vec());
        }
        let total: f64 = children.iter().filter_map(|c| c.probability).sum();
        if total > 0.0 {
            for c in children.iter_mut() {
                c.probability = c.probability.map(|p| p / total);
            }
        }
        Ok([parent_path, &[index.min(children.len() - 1)]].concat())
    })
}

/// Moves the node `by` places among its siblings (negative: left), stopping at either end.
pub fn move_child(tree: &Tree, path: &[usize], by: isize) -> Result<Edited, EditError> {
    edit(tree, |tree| {
        let (parent_path, index) = split(path).ok_or("the root has no siblings")?;
        let children = children_vec(node_mut(tree, parent_path)?).ok_or("no such node")?;
        if index >= children.len() {
            return Err(format!("there is no node {}", path_text(path)));
        }
        let to = index.saturating_add_signed(by).min(children.len() - 1);
        let node = children.remove(index);
        children.insert(to, node);
        Ok([parent_path, &[to]].concat())
    })
}

/// Moves the subtree at `from` to become child number `index` of the inner node at `to_parent` (clamped to its
/// children; `to_parent` and `index` name places in the tree before the move). A subtree cannot move into itself,
/// the root cannot move, and a leaf cannot take children (it would lose its value): drop onto an inner node. The
/// old parent is left as [`delete`] leaves it; the moved node drops its edge probability, and under a chance node
/// that writes them gets an equal share, the others shrinking in proportion (as [`add_child`] does).
pub fn move_subtree(tree: &Tree, from: &[usize], to_parent: &[usize], index: usize) -> Result<Edited, EditError> {
    let (from_parent, from_index) = split(from).ok_or("the root cannot be moved")?;
    if to_parent.starts_with(from) {
        return Err("a subtree cannot be moved into itself".into());
    }
    let target = tree.node_at(to_parent).ok_or_else(|| format!("there is no node {}", path_text(to_parent)))?;
    if target.is_leaf() {
        return Err(format!("{} is a leaf: drop onto an inner node, or between siblings", path_text(to_parent)));
    }
    let moved = tree.node_at(from).ok_or_else(|| format!("there is no node {}", path_text(from)))?.clone();
    if from_parent == to_parent && (index == from_index || index == from_index + 1) {
        return Err("the subtree is already there".into());
    }
    // Where the target is once the subtree has left: a later sibling of `from` (or one of its descendants)
    // moves one place left.
    let mut to_parent = to_parent.to_vec();
    let mut index = index;
    let depth = from_parent.len();
    if to_parent.len() > depth && to_parent[..depth] == *from_parent && to_parent[depth] > from_index {
        to_parent[depth] -= 1;
    }
    if to_parent == from_parent && index > from_index {
        index -= 1;
    }
    let removed = delete(tree, from)?.tree;
    edit(&removed, |tree| {
        let parent = node_mut(tree, &to_parent)?;
        let children = children_vec(parent).ok_or("the old parent became a leaf: drop elsewhere")?;
        let index = index.min(children.len());
        let mut node = Node { probability: None, ..moved };
        if children.iter().all(|c| c.probability.is_some()) {
            let share = 1.0 / (children.len() + 1) as f64;
            for c in children.iter_mut() {
                c.probability = c.probability.map(|p| p * (1.0 - share));
            }
            node.probability = Some(share);
        }
        children.insert(index, node);
        Ok([&to_parent[..], &[index]].concat())
    })
}

/// Sets a leaf's value (from MAX's point of view).
pub fn set_value(tree: &Tree, path: &[usize], value: Value) -> Result<Edited, EditError> {
    edit(tree, |tree| {
        let node = node_mut(tree, path)?;
        match &mut node.body {
            Body::Leaf(v) => *v = value,
            Body::Inner { .. } => return Err("only a leaf has a value".to_string()),
        }
        Ok(path.to_vec())
    })
}

/// Reads a value as the notation writes it: a number, `inf`, `+inf` or `-inf`.
pub fn parse_value(text: &str) -> Result<Value, EditError> {
    let text = text.trim();
    let value = match text {
        "inf" | "+inf" | "∞" | "+∞" => Value::INFINITY,
        "-inf" | "−inf" | "-∞" | "−∞" => Value::NEG_INFINITY,
        _ => text.replace('−', "-").parse::<Value>().map_err(|_| format!("'{text}' is not a number"))?,
    };
    if value.is_nan() { Err(format!("'{text}' is not a number")) } else { Ok(value) }
}

/// Marks an inner node MAX, MIN or chance, or unmarks it (`None`: its kind follows from the levels above).
/// A node that becomes a chance node keeps its children equally likely; one that stops being a chance node
/// drops its children's probabilities.
pub fn set_kind(tree: &Tree, path: &[usize], kind: Option<NodeKind>) -> Result<Edited, EditError> {
    edit(tree, |tree| {
        let node = node_mut(tree, path)?;
        let Body::Inner { kind: written, children } = &mut node.body else {
            return Err("a leaf has no kind: add a child first".to_string());
        };
        if kind != Some(NodeKind::Chance) {
            for child in children.iter_mut() {
                child.probability = None;
            }
        }
        *written = kind;
        Ok(path.to_vec())
    })
}

/// The next kind in the cycle unmarked → MAX → MIN → chance → unmarked.
pub fn next_kind(kind: Option<NodeKind>) -> Option<NodeKind> {
    match kind {
        None => Some(NodeKind::Max),
        Some(NodeKind::Max) => Some(NodeKind::Min),
        Some(NodeKind::Min) => Some(NodeKind::Chance),
        Some(NodeKind::Chance) => None,
    }
}

/// Sets the probabilities of a chance node's children, in order; an empty list makes them equally likely again.
/// Refused unless there is one per child, each positive, adding up to 1.
pub fn set_probabilities(tree: &Tree, path: &[usize], probabilities: &[f64]) -> Result<Edited, EditError> {
    edit(tree, |tree| {
        let node = node_mut(tree, path)?;
        if node.marked_kind() != Some(NodeKind::Chance) {
            return Err("only a chance node's children have probabilities".to_string());
        }
        let children = children_vec(node).ok_or("not an inner node")?;
        if !probabilities.is_empty() && probabilities.len() != children.len() {
            return Err(format!("{} probabilities for {} children", probabilities.len(), children.len()));
        }
        for (i, child) in children.iter_mut().enumerate() {
            child.probability = probabilities.get(i).copied();
        }
        Ok(path.to_vec())
    })
}

/// Reads probabilities written as numbers separated by spaces or commas (`0.5 0.25 0.25`; fractions like
/// `1/3` too).
pub fn parse_probabilities(text: &str) -> Result<Vec<f64>, EditError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .map(|s| {
            let bad = || format!("'{s}' is not a probability");
            match s.split_once('/') {
                Some((a, b)) => {
                    let (a, b) = (a.parse::<f64>().map_err(|_| bad())?, b.parse::<f64>().map_err(|_| bad())?);
                    if b == 0.0 { Err(bad()) } else { Ok(a / b) }
                }
                None => s.parse::<f64>().map_err(|_| bad()),
            }
        })
        .collect()
}

/// Labels the node, or removes its label (`None` or an empty label).
pub fn set_label(tree: &Tree, path: &[usize], label: Option<&str>) -> Result<Edited, EditError> {
    edit(tree, |tree| {
        let label = label.map(str::trim).filter(|l| !l.is_empty());
        if let Some(label) = label
            && !is_valid_label(label)
        {
            return Err(format!(
                "'{label}' is not a valid label: start with a letter or '_', then letters, digits, '_' or '\'', \
                 ending in at most one '+' or '#'"
            ));
        }
        node_mut(tree, path)?.label = label.map(str::to_string);
        Ok(path.to_vec())
    })
}

/// Replaces the node with a copy of `subtree`. The node's place keeps its probability (a pasted node has none
/// of its own unless it lands under a chance node that writes them).
pub fn paste(tree: &Tree, path: &[usize], subtree: &Node) -> Result<Edited, EditError> {
    edit(tree, |tree| {
        let node = node_mut(tree, path)?;
        let probability = node.probability;
        *node = Node { probability, ..subtree.clone() };
        Ok(path.to_vec())
    })
}

/// A copy of the node and its subtree, for pasting elsewhere; its own edge probability is dropped.
pub fn copy(tree: &Tree, path: &[usize]) -> Option<Node> {
    tree.node_at(path).map(|node| Node { probability: None, ..node.clone() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::notation::{parse, print};

    fn tree(text: &str) -> Tree {
        parse(text).expect("test trees parse")
    }

    fn text(edited: Result<Edited, EditError>) -> String {
        print(&edited.expect("the edit is accepted").tree)
    }

    use crate::tree::lab::examples::TEXTBOOK;

    #[test]
    fn add_child_appends_a_leaf_or_grows_one() {
        let t = tree(TEXTBOOK);
        let edited = add_child(&t, &[1]).expect("accepted");
        assert_eq!(edited.selection, vec![1, 3]);
        assert_eq!(print(&edited.tree), "((3 12 8) (2 4 6 0) (14 5 2))");
        assert_eq!(text(add_child(&t, &[0, 1])), "((3 (12) 8) (2 4 6) (14 5 2))");
    }

    #[test]
    fn add_child_under_chance_keeps_probabilities_summing_to_one() {
        let t = tree("chance(0.5: 1 0.5: 2)");
        let edited = add_child(&t, &[]).expect("accepted");
        let p: Vec<f64> = edited.tree.root.children().iter().filter_map(|c| c.probability).collect();
        assert_eq!(p.len(), 3);
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn insert_parent_wraps_the_node() {
        let t = tree(TEXTBOOK);
        assert_eq!(text(insert_parent(&t, &[2])), "((3 12 8) (2 4 6) ((14 5 2)))");
        assert_eq!(text(insert_parent(&t, &[])), "(((3 12 8) (2 4 6) (14 5 2)))");
    }

    #[test]
    fn delete_removes_a_subtree_and_never_the_root() {
        let t = tree(TEXTBOOK);
        let edited = delete(&t, &[1]).expect("accepted");
        assert_eq!(print(&edited.tree), "((3 12 8) (14 5 2))");
        assert_eq!(edited.selection, vec![1]);
        assert_eq!(text(delete(&tree("((1) 2)"), &[0, 0])), "(0 2)");
        assert!(delete(&t, &[]).is_err());
        assert!(delete(&t, &[5]).is_err());
        let chance = delete(&tree("chance(0.5: 1 0.25: 2 0.25: 3)"), &[0]).expect("accepted");
        assert_eq!(print(&chance.tree), "chance(0.5: 2 0.5: 3)");
    }

    #[test]
    fn move_child_reorders_and_stops_at_the_ends() {
        let t = tree(TEXTBOOK);
        let edited = move_child(&t, &[0], 1).expect("accepted");
        assert_eq!(print(&edited.tree), "((2 4 6) (3 12 8) (14 5 2))");
        assert_eq!(edited.selection, vec![1]);
        assert_eq!(text(move_child(&t, &[0, 0], -1)), TEXTBOOK);
        assert_eq!(text(move_child(&t, &[0, 0], 9)), "((12 8 3) (2 4 6) (14 5 2))");
        assert!(move_child(&t, &[], 1).is_err());
    }

    #[test]
    fn values_kinds_and_labels() {
        let t = tree(TEXTBOOK);
        assert_eq!(text(set_value(&t, &[0, 0], -7.5)), "((-7.5 12 8) (2 4 6) (14 5 2))");
        assert!(set_value(&t, &[0], 1.0).is_err());
        assert_eq!(text(set_kind(&t, &[], Some(NodeKind::Min))), "min((3 12 8) (2 4 6) (14 5 2))");
        assert_eq!(text(set_label(&t, &[1], Some("B"))), "((3 12 8) B:(2 4 6) (14 5 2))");
        assert_eq!(text(set_label(&tree("A:(1 2)"), &[], None)), "(1 2)");
        assert!(set_kind(&t, &[0, 0], Some(NodeKind::Max)).is_err());
        assert_eq!(parse_value("-inf"), Ok(Value::NEG_INFINITY));
        assert_eq!(parse_value(" 2.5 "), Ok(2.5));
        assert!(parse_value("x").is_err());
        assert_eq!(next_kind(None), Some(NodeKind::Max));
        assert_eq!(next_kind(Some(NodeKind::Chance)), None);
    }

    #[test]
    fn chance_kind_and_probabilities() {
        let t = tree("(1 2)");
        let chance = set_kind(&t, &[], Some(NodeKind::Chance)).expect("accepted").tree;
        assert_eq!(print(&chance), "chance(1 2)");
        let weighted = set_probabilities(&chance, &[], &[0.25, 0.75]).expect("accepted").tree;
        assert_eq!(print(&weighted), "chance(0.25: 1 0.75: 2)");
        assert_eq!(print(&set_kind(&weighted, &[], Some(NodeKind::Max)).expect("accepted").tree), "max(1 2)");
        assert_eq!(print(&set_probabilities(&weighted, &[], &[]).expect("accepted").tree), "chance(1 2)");
        assert_eq!(parse_probabilities("1/4, 0.75"), Ok(vec![0.25, 0.75]));
        assert!(parse_probabilities("a").is_err());
    }

    #[test]
    fn invalid_edits_are_refused_and_change_nothing() {
        let chance = tree("chance(0.5: 1 0.5: 2)");
        let before = chance.clone();
        let error = set_probabilities(&chance, &[], &[0.5, 0.6]).expect_err("refused");
        assert!(error.contains("add up to"), "{error}");
        assert!(set_probabilities(&chance, &[], &[0.5]).is_err());
        assert!(set_probabilities(&chance, &[], &[1.5, -0.5]).is_err());
        assert!(set_probabilities(&tree("(1 2)"), &[], &[0.5, 0.5]).is_err());
        assert!(set_label(&chance, &[0], Some("1abc")).is_err());
        assert!(add_child(&chance, &[7]).is_err());
        assert_eq!(chance, before, "a refused edit leaves the tree as it was");
    }

    #[test]
    fn copy_and_paste_a_subtree() {
        let t = tree("(A:(3 12 8) (2 4 6))");
        let copied = copy(&t, &[0]).expect("exists");
        assert_eq!(text(paste(&t, &[1, 2], &copied)), "(A:(3 12 8) (2 4 A:(3 12 8)))");
        let chance = tree("chance(0.5: 1 0.5: 2)");
        assert_eq!(text(paste(&chance, &[1], &copied)), "chance(0.5: 1 0.5: A:(3 12 8))");
        assert!(copy(&t, &[9]).is_none());
    }

    #[test]
    fn move_subtree_to_another_parent_and_between_siblings() {
        let t = tree("((1 2) (3 4) 5)");
        // 0.1 (the 2) becomes the last child of 1.
        let moved = move_subtree(&t, &[0, 1], &[1], 2).expect("accepted");
        assert_eq!(print(&moved.tree), "((1) (3 4 2) 5)");
        assert_eq!(moved.selection, vec![1, 2], "where it now is");
        // Subtree 1 moves before subtree 0: the indices after it shift.
        let moved = move_subtree(&t, &[1], &[], 0).expect("accepted");
        assert_eq!(print(&moved.tree), "((3 4) (1 2) 5)");
        // Subtree 0 moves into 1: 1 becomes 0 once 0 has left.
        let moved = move_subtree(&t, &[0], &[1], 0).expect("accepted");
        assert_eq!(print(&moved.tree), "(((1 2) 3 4) 5)");
        assert_eq!(moved.selection, vec![0, 0]);
    }

    #[test]
    fn move_subtree_refuses_what_cannot_be() {
        let t = tree("((1 2) (3 4) 5)");
        assert!(move_subtree(&t, &[], &[0], 0).is_err(), "the root");
        assert!(move_subtree(&t, &[0], &[0, 1], 0).is_err(), "into itself");
        assert!(move_subtree(&t, &[0], &[0], 0).is_err(), "into itself");
        assert!(move_subtree(&t, &[0], &[2], 0).is_err(), "onto a leaf");
        assert!(move_subtree(&t, &[0], &[], 1).is_err(), "already there");
        assert!(move_subtree(&t, &[7], &[], 1).is_err(), "no such node");
    }
}
