//! The quiz's marks and verdicts, looked up by node id while the canvas draws.

use super::super::quiz::{Grade, Item, Marks, NodeMarks, Verdict};
use crate::tree::flat::FlatTree;

/// The quiz's marks and verdicts by node id, for drawing.
pub(super) struct QuizMarks<'m> {
    /// The marks written on a node (if any) and the worst verdict about them (once checked).
    pub(super) nodes: std::collections::HashMap<u32, (Option<&'m NodeMarks>, Option<Verdict>)>,
    /// Edges marked pruned or graded: (marked, verdict).
    pub(super) edges: std::collections::HashMap<u32, (bool, Option<Verdict>)>,
}

impl<'m> QuizMarks<'m> {
    pub(super) fn by_id(flat: &FlatTree, marks: &'m Marks, grade: Option<&Grade>) -> QuizMarks<'m> {
        let mut nodes = std::collections::HashMap::new();
        let mut edges = std::collections::HashMap::new();
        for (path, written) in &marks.nodes {
            if let Some(id) = flat.node_at(path) {
                nodes.insert(id, (Some(written), None));
            }
        }
        for path in &marks.pruned {
            if let Some(id) = flat.node_at(path) {
                edges.insert(id, (true, None));
            }
        }
        for graded in grade.map_or(&[][..], |g| &g.items) {
            let Some(id) = flat.node_at(&graded.path) else { continue };
            if graded.item == Item::Pruned {
                edges.entry(id).or_insert((false, None)).1 = grade.and_then(|g| g.verdict_at(&graded.path, true));
            } else {
                nodes.entry(id).or_insert((None, None)).1 = grade.and_then(|g| g.verdict_at(&graded.path, false));
            }
        }
        QuizMarks { nodes, edges }
    }
}
