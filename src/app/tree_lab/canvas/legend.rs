//! The canvas's key: its shapes painted as the tree paints them, and the zoom figure.

use super::{Palette, paint_node};
use crate::engine::game::Turn;
use eframe::egui;
use egui::{Color32, Sense, Stroke, vec2};

/// The zoom as a percentage.
pub(super) struct RichZoom(pub(super) f32);

impl std::fmt::Display for RichZoom {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let percent = self.0 * 100.0;
        if percent >= 10.0 {
            return write!(f, "{percent:.0}%");
        }
        // Two significant digits, so a large tree's fit reads "0.0046%", not "0.0%".
        let decimals = (1.0 - percent.max(1e-6).log10().floor()).clamp(1.0, 6.0) as usize;
        write!(f, "{percent:.decimals$}%")
    }
}

/// The shapes' key, painted with the same shapes as the tree.
pub(super) fn legend(ui: &mut egui::Ui) {
    let palette = Palette::new(ui.visuals());
    let entries = [
        (Some((Turn::Max, false)), palette.max, "MAX"),
        (Some((Turn::Min, false)), palette.min, "MIN"),
        (Some((Turn::Chance, false)), palette.chance, "chance"),
        (Some((Turn::Max, true)), palette.leaf, "leaf"),
        // Before the replay reaches a node the canvas draws it hollow, in the faded colour.
        (Some((Turn::Max, true)), Color32::TRANSPARENT, "not reached yet"),
        (None, palette.cut, "cut-off"),
    ];
    for (shape, colour, name) in entries {
        entry(ui, &palette, shape, colour, name);
    }
}

/// One entry of the key: its shape (or the cut-off's bar) and its name, as one widget, so a wrapping row never
/// parts them.
fn entry(ui: &mut egui::Ui, palette: &Palette, shape: Option<(Turn, bool)>, colour: Color32, name: &str) {
    let text = egui::WidgetText::from(name);
    let galley = text.into_galley(ui, Some(egui::TextWrapMode::Extend), f32::INFINITY, egui::TextStyle::Body);
    let gap = ui.spacing().item_spacing.x;
    let size = vec2(16.0 + gap + galley.size().x, galley.size().y.max(16.0));
    let (whole, response) = ui.allocate_exact_size(size, Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, name));
    let rect = egui::Rect::from_center_size(whole.left_center() + vec2(8.0, 0.0), vec2(16.0, 16.0));
    let painter = ui.painter();
    let at = egui::pos2(rect.right() + gap, whole.center().y - 0.5 * galley.size().y);
    painter.galley(at, galley, ui.visuals().text_color());
    match shape {
        Some((turn, leaf)) => {
            // A leaf's square is drawn at 1.1 r, the triangles at 2.3 r: a larger r keeps it as big as on the
            // canvas, next to the others.
            let r = if leaf { 10.0 } else { 6.5 };
            let stroke =
                if colour == Color32::TRANSPARENT { Stroke::new(1.2, palette.faded) } else { Stroke::new(1.0, colour) };
            paint_node(painter, rect.center(), r, turn, leaf, colour, stroke)
        }
        None => {
            let c = rect.center();
            painter.line_segment([c - vec2(0.0, 7.0), c + vec2(0.0, 7.0)], Stroke::new(1.0, palette.edge));
            painter.line_segment([c - vec2(6.0, 0.0), c + vec2(6.0, 0.0)], Stroke::new(3.0, colour));
        }
    }
}
