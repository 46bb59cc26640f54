//! The bar above the canvas: what is selected and a button for every edit (each naming its shortcut), undo,
//! redo, help, quiz mode (with the selected node's quiz fields), and the reason an edit was refused.

use super::editing::{Edit, Field, Message};
use super::panels::error_color;
use super::{Action, TreeLab};
use crate::tree::edit::path_text;
use crate::tree::model::{Node, NodeKind};
use eframe::egui;
use egui::RichText;

/// The bar, at a height that does not change with the selection: the canvas below is fitted to the space left, so a
/// bar that grew when a node is selected would move the tree between the two clicks of a double-click. The bar keeps
/// the tallest height it has had at this width (its rows wrap only when the width changes), and always keeps a line
/// for the message.
pub(super) fn show(lab: &mut TreeLab, ui: &mut egui::Ui) {
    let id = ui.scope_id().with("tree_lab_node_bar_height");
    let width = ui.available_width();
    let top = ui.cursor().top();
    let kept = ui.data(|d| d.get_temp::<(f32, f32)>(id)).filter(|(w, _)| *w == width).map_or(0.0, |(_, h)| h);
    rows(lab, ui);
    let used = ui.cursor().top() - top;
    if used < kept {
        ui.add_space(kept - used);
    }
    ui.data_mut(|d| d.insert_temp(id, (width, used.max(kept))));
}

/// The bar's rows: the selection and the edits, the fields, kind and modes, the quiz fields and the message.
fn rows(lab: &mut TreeLab, ui: &mut egui::Ui) {
    let selected = lab.editor.selected.clone();
    let node = selected.as_ref().and_then(|p| lab.tree.as_ref()?.node_at(p));
    let id = selected.as_ref().and_then(|p| lab.analysis.as_ref()?.flat.node_at(p));
    let mut actions = Vec::new();
    ui.horizontal_wrapped(|ui| {
        selection_label(lab, ui, selected.as_deref(), node, id);
        structure_buttons(lab, ui, selected.as_deref(), node, &mut actions);
    });
    // A second row, so neither grows wider than a narrow canvas.
    ui.horizontal_wrapped(|ui| {
        field_buttons(ui, node, &mut actions);
        ui.separator();
        kind_picker(ui, node, &mut actions);
        ui.separator();
        mode_buttons(lab, ui, &mut actions);
    });
    if lab.quiz.on {
        super::quiz_panel::node_fields(lab, ui, &mut actions);
    }
    message(lab, ui);
    lab.actions.extend(actions);
}

/// Names the selected node (its turn or "leaf", label and path), or invites a click when none is. Always as wide as
/// the invitation (a longer name is cut short, whole on hover), so selecting never rewraps the bar.
fn selection_label(lab: &TreeLab, ui: &mut egui::Ui, selected: Option<&[usize]>, node: Option<&Node>, id: Option<u32>) {
    let invitation = "Click a node to edit it";
    let width = egui::WidgetText::from(invitation)
        .into_galley(ui, Some(egui::TextWrapMode::Extend), f32::INFINITY, egui::TextStyle::Body)
        .size()
        .x;
    let size = egui::vec2(width, ui.spacing().interact_size.y);
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.allocate_ui_with_layout(size, layout, |ui| {
        ui.set_min_width(width);
        ui.set_max_width(width);
        selection_text(lab, ui, selected, node, id, invitation);
    });
}

fn selection_text(
    lab: &TreeLab,
    ui: &mut egui::Ui,
    selected: Option<&[usize]>,
    node: Option<&Node>,
    id: Option<u32>,
    invitation: &str,
) {
    match (selected, node) {
        (Some(path), Some(node)) => {
            let turn = id.and_then(|id| Some(lab.analysis.as_ref()?.flat.node(id).turn.name()));
            let what = if node.is_leaf() { "leaf".to_string() } else { turn.unwrap_or("node").to_string() };
            let name = match &node.label {
                Some(label) => format!("{label} ({})", path_text(path)),
                None => path_text(path),
            };
            let text = format!("{what} {name}");
            ui.add(egui::Label::new(RichText::new(&text).strong()).truncate())
                .on_hover_text(format!("the selected node: {text}"));
        }
        _ => {
            ui.label(RichText::new(invitation).weak());
        }
    }
}

/// The structure edits (add, insert, delete, move), undo and redo.
fn structure_buttons(
    lab: &TreeLab,
    ui: &mut egui::Ui,
    selected: Option<&[usize]>,
    node: Option<&Node>,
    actions: &mut Vec<Action>,
) {
    let some = node.is_some();
    let not_root = selected.is_some_and(|p| !p.is_empty());
    let structure = [
        ("+ child", "Add a child (A)", some, Action::Edit(Edit::AddChild)),
        ("+ parent", "Insert a parent above (P)", some, Action::Edit(Edit::InsertParent)),
        ("delete", "Delete the subtree (Delete)", not_root, Action::Edit(Edit::Delete)),
        ("◀ move", "Move left among the siblings ([)", not_root, Action::Edit(Edit::Move(-1))),
        ("move ▶", "Move right among the siblings (])", not_root, Action::Edit(Edit::Move(1))),
    ];
    for (text, tip, enabled, action) in structure {
        if ui.add_enabled(enabled, egui::Button::new(text)).on_hover_text(tip).clicked() {
            actions.push(action);
        }
    }
    ui.separator();
    if ui.add_enabled(lab.can_undo(), egui::Button::new("↶ Undo")).on_hover_text("Undo (Ctrl+Z)").clicked() {
        actions.push(Action::Undo);
    }
    if ui
        .add_enabled(lab.can_redo(), egui::Button::new("↷ Redo"))
        .on_hover_text("Redo (Ctrl+Shift+Z, Ctrl+Y)")
        .clicked()
    {
        actions.push(Action::Redo);
    }
}

/// The field edits (value, label, odds), copy and paste.
fn field_buttons(ui: &mut egui::Ui, node: Option<&Node>, actions: &mut Vec<Action>) {
    let some = node.is_some();
    let chance = node.is_some_and(|n| n.marked_kind() == Some(NodeKind::Chance));
    let buttons = [
        (
            "value",
            "Edit the leaf's value (Enter)",
            node.is_some_and(|n| n.is_leaf()),
            Action::StartInline(Some(Field::Value)),
        ),
        ("label", "Edit the label (L)", some, Action::StartInline(Some(Field::Label))),
        ("odds", "Edit the chance node's probabilities (O)", chance, Action::StartInline(Some(Field::Probabilities))),
        ("copy", "Copy the subtree (Ctrl+C)", some, Action::Copy),
        ("paste", "Paste over the selected node (Ctrl+V)", some, Action::Edit(Edit::Paste(None))),
    ];
    for (text, tip, enabled, action) in buttons {
        if ui.add_enabled(enabled, egui::Button::new(text)).on_hover_text(tip).clicked() {
            actions.push(action);
        }
    }
}

/// The node kind's picker, disabled (the same size, so the bar does not rewrap) on a leaf or without a selection.
fn kind_picker(ui: &mut egui::Ui, node: Option<&Node>, actions: &mut Vec<Action>) {
    let inner = node.is_some_and(|n| !n.is_leaf());
    let kind = node.and_then(|n| n.marked_kind());
    let kind_name = |k: Option<NodeKind>| k.map_or("unmarked", NodeKind::keyword);
    let tip = "the node's kind (K cycles); unmarked follows the levels above. A MIN root: select the root, pick min";
    if inner {
        let label = ui.label("kind");
        egui::ComboBox::from_id_salt("tree_lab_kind")
            .width(80.0)
            .selected_text(kind_name(kind))
            .show_ui(ui, |ui| {
                for k in [None, Some(NodeKind::Max), Some(NodeKind::Min), Some(NodeKind::Chance)] {
                    if ui.selectable_label(k == kind, kind_name(k)).clicked() && k != kind {
                        actions.push(Action::Edit(Edit::SetKind(k)));
                    }
                }
            })
            .response
            .on_hover_text(tip)
            .labelled_by(label.id);
    } else {
        ui.add_enabled(false, egui::Label::new("kind"));
        let off = egui::Button::new("—").min_size(egui::vec2(80.0, ui.spacing().interact_size.y));
        ui.add_enabled(false, off).on_disabled_hover_text(tip);
    }
}

/// The quiz mode's checkbox and the help button.
fn mode_buttons(lab: &TreeLab, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let mut quiz = lab.quiz.on;
    let tip = "Quiz mode (Q): the replay is hidden; write the values, α, β and the pruned edges yourself, then Check";
    if ui.checkbox(&mut quiz, "Quiz").on_hover_text(tip).changed() {
        actions.push(Action::ToggleQuiz);
    }
    if ui.button("?").on_hover_text("Keyboard shortcuts (F1)").clicked() {
        actions.push(Action::ToggleHelp);
    }
}

/// The reason an edit was refused or a note, else an empty line kept for it. Always one line: a long message that
/// wrapped would push the canvas down as it came and leave a gap when it went; cut short, it shows whole on hover.
fn message(lab: &TreeLab, ui: &mut egui::Ui) {
    match &lab.editor.message {
        Some(Message::Error(e)) => {
            ui.add(egui::Label::new(RichText::new(e).color(error_color(ui))).truncate());
        }
        Some(Message::Note(note)) => {
            ui.add(egui::Label::new(RichText::new(note).weak()).truncate());
        }
        None => {
            // The message's line, kept empty.
            ui.label(" ");
        }
    }
}
