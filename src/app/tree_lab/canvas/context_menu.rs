//! The node's context menu on the canvas: its operations, as the node bar offers them.

use super::super::editing::{Edit, Field};
use super::super::{Action, TreeLab};
use eframe::egui;

/// What the context menu needs to know of the node it was opened on.
pub(super) struct MenuFacts {
    path: Vec<usize>,
    leaf: bool,
    chance: bool,
    kind: Option<crate::tree::model::NodeKind>,
    collapsed: bool,
}

impl MenuFacts {
    pub(super) fn of(lab: &TreeLab, path: &[usize]) -> Option<MenuFacts> {
        let node = lab.tree.as_ref()?.node_at(path)?;
        let kind = node.marked_kind();
        Some(MenuFacts {
            path: path.to_vec(),
            leaf: node.is_leaf(),
            chance: kind == Some(crate::tree::model::NodeKind::Chance),
            kind,
            collapsed: lab.collapsed.contains(path),
        })
    }
}

/// The node's operations, on a right-click: each pushes the action its button on the node bar would.
pub(super) fn context_menu(ui: &mut egui::Ui, facts: &MenuFacts, chosen: &mut Vec<Action>) {
    use crate::tree::model::NodeKind;
    let root = facts.path.is_empty();
    let item = |ui: &mut egui::Ui, chosen: &mut Vec<Action>, enabled: bool, text: &str, key: &str, action| {
        let button = egui::Button::new(text).shortcut_text(key);
        if ui.add_enabled(enabled, button).clicked() {
            chosen.push(action);
            ui.close();
        }
    };
    item(ui, chosen, true, "Add child", "A", Action::Edit(Edit::AddChild));
    item(ui, chosen, true, "Insert parent", "P", Action::Edit(Edit::InsertParent));
    item(ui, chosen, !root, "Delete", "Del", Action::Edit(Edit::Delete));
    ui.separator();
    item(ui, chosen, facts.leaf, "Value…", "Enter", Action::StartInline(Some(Field::Value)));
    item(ui, chosen, true, "Label…", "L", Action::StartInline(Some(Field::Label)));
    item(ui, chosen, facts.chance, "Odds…", "O", Action::StartInline(Some(Field::Probabilities)));
    ui.add_enabled_ui(!facts.leaf, |ui| {
        ui.menu_button("Kind", |ui| {
            for (kind, name) in [
                (None, "unmarked"),
                (Some(NodeKind::Max), "max"),
                (Some(NodeKind::Min), "min"),
                (Some(NodeKind::Chance), "chance"),
            ] {
                if ui.radio(facts.kind == kind, name).clicked() {
                    if facts.kind != kind {
                        chosen.push(Action::Edit(Edit::SetKind(kind)));
                    }
                    ui.close();
                }
            }
        });
    });
    ui.separator();
    item(ui, chosen, true, "Copy", "Ctrl+C", Action::Copy);
    item(ui, chosen, true, "Paste", "Ctrl+V", Action::Edit(Edit::Paste(None)));
    ui.separator();
    let fold = if facts.collapsed { "Expand" } else { "Collapse" };
    item(ui, chosen, !facts.leaf, fold, "C", Action::ToggleCollapse(facts.path.clone()));
}
