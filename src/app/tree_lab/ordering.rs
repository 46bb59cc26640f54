//! The ordering lab: reorder the whole tree best-first, worst-first or shuffled (an undoable edit), and compare
//! what the current algorithm needed before and after.

use super::{Action, TreeLab};
use crate::engine::search::Algorithm;
use crate::tree::order::{Ordering, reorder};
use eframe::egui;
use egui::RichText;

/// What the last reordering did to the current algorithm's counts.
#[derive(Clone, Debug, PartialEq)]
pub struct Reordered {
    /// The order the children were put in.
    pub ordering: Ordering,
    /// The search the counts are of.
    pub algorithm: Algorithm,
    /// (leaves evaluated, nodes visited) before and after; `None` for a tree too large to search live.
    pub before: Option<(u64, u64)>,
    /// The same counts after the reordering.
    pub after: Option<(u64, u64)>,
}

impl Reordered {
    /// "leaves 27 → 11 · nodes 40 → 17 (alphabeta, best-first)".
    pub fn line(&self) -> String {
        let name = match self.ordering {
            Ordering::BestFirst => "best-first".to_string(),
            Ordering::WorstFirst => "worst-first".to_string(),
            Ordering::Shuffled(seed) => format!("shuffled, seed {seed}"),
        };
        match (self.before, self.after) {
            (Some((l0, n0)), Some((l1, n1))) => {
                let [l0, n0, l1, n1] = [l0, n0, l1, n1].map(crate::numbers::count);
                format!("leaves {l0} → {l1} · nodes {n0} → {n1} ({}, {name})", self.algorithm.name())
            }
            _ => format!("reordered {name}; counting…"),
        }
    }
}

impl TreeLab {
    /// The current algorithm's (leaves evaluated, nodes visited), if it was searched.
    fn current_counts(&self) -> Option<(u64, u64)> {
        let stats = &self.analysis.as_ref()?.run.as_ref()?.result.stats;
        Some((stats.leaves_evaluated, stats.nodes_visited))
    }

    /// What the last reordering did, for the before → after line.
    pub fn reordered(&self) -> Option<&Reordered> {
        self.reordered.as_ref()
    }

    /// Reorders the tree on the worker, as an edit (at once when the tree is small).
    pub(super) fn reorder(&mut self, ordering: Ordering) {
        let Some(tree) = self.tree.clone() else { return };
        let before = self.current_counts();
        // The selection names a place, not a node: after reordering it would point at a different one.
        self.editor.selected = None;
        self.submit_change(tree, Box::new(move |tree| Ok((reorder(tree, ordering), None))));
        // A large tree's new counts arrive from the worker later and fill in `after`.
        let after = if self.analysing() { None } else { self.current_counts() };
        self.reordered = Some(Reordered { ordering, algorithm: self.settings.algorithm, before, after });
    }
}

/// The panel section.
pub(super) fn show(lab: &mut TreeLab, ui: &mut egui::Ui) {
    ui.heading("Ordering");
    ui.horizontal_wrapped(|ui| {
        if ui.button("Best-first").on_hover_text("every node's best child first: perfect ordering").clicked() {
            lab.actions.push(Action::Reorder(Ordering::BestFirst));
        }
        if ui.button("Worst-first").on_hover_text("every node's worst child first: α-β prunes nothing").clicked() {
            lab.actions.push(Action::Reorder(Ordering::WorstFirst));
        }
        let seed = lab.settings.shuffle_seed;
        if ui.button("Shuffle").on_hover_text("a random order, the same for the same seed").clicked() {
            lab.actions.push(Action::Reorder(Ordering::Shuffled(seed)));
        }
        ui.add(egui::DragValue::new(&mut lab.settings.shuffle_seed).prefix("seed ")).on_hover_text("shuffle seed");
    });
    match &lab.reordered {
        Some(r) => {
            ui.label(RichText::new(r.line()).strong()).on_hover_text("the last reordering: before → after");
        }
        None => {
            ui.label(RichText::new("Reorder the tree and compare the counts (undo with Ctrl+Z).").weak());
        }
    }
}
