//! The small text field opened on a node of the canvas: Enter commits it, Esc or a click elsewhere drops it.

use super::Action;
use super::editing::{Edit, Field, Inline};
use eframe::egui;
use egui::text::{CCursor, CCursorRange};

/// Draws the field in `rect`; returns the action it ended with, if it ended this frame.
pub(super) fn show(ui: &mut egui::Ui, rect: egui::Rect, inline: &mut Inline) -> Option<Action> {
    let hint = match inline.field {
        Field::Value => "value, e.g. 3 or -inf",
        Field::Label => "label, e.g. B",
        Field::Probabilities => "odds, e.g. 0.5 0.5",
    };
    let id = ui.make_persistent_id("tree_lab_inline");
    let mut child = ui.new_child(egui::UiBuilder::new().max_rect(rect));
    let output = egui::TextEdit::singleline(&mut inline.text)
        .id(id)
        .hint_text(hint)
        .desired_width(rect.width())
        .show(&mut child);
    let response = output.response;
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Edit node"));
    if !inline.focused {
        // Opened by a key or a button: take the keyboard, with the old text selected so typing replaces it.
        response.request_focus();
        let mut state = output.state;
        state
            .cursor
            .set_char_range(Some(CCursorRange::two(CCursor::new(0), CCursor::new(inline.text.chars().count()))));
        state.store(ui.ctx(), id);
        inline.focused = true;
        return None;
    }
    if response.lost_focus() {
        let entered = ui.input(|i| i.key_pressed(egui::Key::Enter));
        return Some(if entered {
            Action::Edit(Edit::Commit(inline.field, inline.text.clone()))
        } else {
            Action::CloseInline
        });
    }
    None
}
