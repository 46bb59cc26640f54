//! The help panel: every shortcut of the Tree lab, opened with F1, `?` or the node bar's "?" button.

use super::{Action, TreeLab};
use eframe::egui;

/// Every shortcut, as (keys, what they do), grouped under headings (entries whose keys are empty).
pub const SHORTCUTS: &[(&str, &str)] = &[
    ("", "Editing (click a node to select it)"),
    ("Alt+↑ ↓ ← →", "select the parent, first child, sibling"),
    ("A", "add a child (a leaf grows one)"),
    ("P", "insert a parent above the node"),
    ("Delete", "delete the node and its subtree"),
    ("[  ]", "move the node left / right among its siblings"),
    ("Enter", "edit in place: a leaf's value, a chance node's odds, else the label"),
    ("L", "edit the label"),
    ("O", "edit a chance node's odds (\"0.5 0.25 0.25\", \"1/3\" works)"),
    ("K", "cycle the kind: unmarked → MAX → MIN → chance"),
    ("Ctrl+C  Ctrl+V", "copy the subtree / paste over the selected node"),
    ("Ctrl+Z", "undo"),
    ("Ctrl+Shift+Z  Ctrl+Y", "redo"),
    ("Esc", "clear the selection (or close the field)"),
    ("double-click", "edit the node in place"),
    ("right-click", "the node's operations"),
    ("drag a node", "move its subtree onto another node, or between two siblings (undoable)"),
    ("", "Replay"),
    ("←  →", "step back / forward"),
    ("Home  End", "jump to the start / end"),
    ("Space", "play / pause"),
    ("", "Quiz"),
    ("Q", "quiz mode on / off: the replay is hidden, your marks are graded"),
    ("X", "mark the edge above the selected node pruned (or click the edge)"),
    ("", "View"),
    ("drag · scroll", "pan · zoom"),
    ("C", "collapse / expand the selected subtree"),
    ("F1  ?", "this help"),
];

/// The help window, when open.
pub(super) fn window(lab: &mut TreeLab, ui: &mut egui::Ui) {
    let mut open = lab.editor.help_open;
    let window = egui::Window::new("Keyboard shortcuts")
        .open(&mut open)
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(ui.ctx().content_rect().center())
        .resizable(false)
        .collapsible(false);
    crate::app::windows::show(window, ui.ctx(), |ui| {
        egui::Grid::new("tree_lab_shortcuts").num_columns(2).spacing([16.0, 4.0]).show(ui, |ui| {
            for (keys, what) in SHORTCUTS {
                if keys.is_empty() {
                    ui.strong(*what);
                    ui.end_row();
                    continue;
                }
                ui.label(egui::RichText::new(*keys).monospace());
                ui.label(*what);
                ui.end_row();
            }
        });
        ui.small("Every edit is checked; one that would break the tree is refused, with the reason shown.");
    });
    if open && crate::app::windows::escape_pressed(ui.ctx()) {
        open = false;
    }
    if open != lab.editor.help_open {
        lab.actions.push(Action::ToggleHelp);
    }
}
