//! The review's curve: the first side's winning chances after each judged move, 0 to 100 %, the inaccuracies,
//! mistakes and blunders marked in their colours. Hovering a point names the move, what it lost and the better
//! move; a click shows the position after that move on the board.

use super::{class_color, judged_words};
use crate::app::plot_axes::{whole_number, whole_numbers};
use crate::play::history::GameHistory;
use crate::play::numbering::numbered_move;
use crate::review::{MoveClass, Review};
use eframe::egui;
use egui_plot::{HLine, HoverPosition, Line, LineStyle, MarkerShape, Plot, PlotPoint, Points};
use std::collections::HashMap;

/// One judged move on the curve.
struct Mark {
    ply: usize,
    /// Plies played after the move.
    x: f64,
    /// The first side's winning chances after it, 0 to 1.
    y: f64,
    class: MoveClass,
    text: String,
}

/// The first side's winning chances (0 to 1) from the mover's.
fn for_first(side: usize, win: f64) -> f64 {
    if side == 0 { win } else { 1.0 - win }
}

/// The marks of `review`'s moves, in move order.
fn marks(review: &Review, history: &GameHistory) -> Vec<Mark> {
    review
        .moves
        .iter()
        .map(|m| Mark {
            ply: m.ply,
            x: (m.ply + 1) as f64,
            y: for_first(m.side, m.win_after),
            class: m.class,
            text: format!("{}{}\n{}", numbered_move(history, m.ply), m.class.mark(), judged_words(m)),
        })
        .collect()
}

/// The plot item names, the moves without a mark first so the marked ones are drawn over them.
const GROUPS: [(&str, Option<MoveClass>); 4] = [
    ("Move", None),
    ("Inaccuracy", Some(MoveClass::Inaccuracy)),
    ("Mistake", Some(MoveClass::Mistake)),
    ("Blunder", Some(MoveClass::Blunder)),
];

/// The group a move is drawn in.
fn group_of(class: MoveClass) -> Option<MoveClass> {
    class_color(class).map(|_| class)
}

/// Draws the curve `height` points tall; returns the ply of the move whose point was clicked.
pub fn show(ui: &mut egui::Ui, review: &Review, history: &GameHistory, first: &str, height: f32) -> Option<usize> {
    let marks = marks(review, history);
    // Each item's texts in its points' order: the hover names the point's move, not the item.
    let texts: HashMap<&str, Vec<String>> = GROUPS
        .iter()
        .map(|&(name, class)| {
            (name, marks.iter().filter(|m| group_of(m.class) == class).map(|m| m.text.clone()).collect())
        })
        .collect();
    let last = marks.last().map_or(1.0, |m| m.x);
    let plot = Plot::new("review_curve")
        .height(height)
        .include_x(0.0)
        .include_x(last)
        .include_y(0.0)
        .include_y(1.0)
        .x_axis_label("plies played")
        .x_grid_spacer(whole_numbers)
        .x_axis_formatter(whole_number)
        .y_axis_label(format!("{first}'s chances"))
        .y_axis_formatter(|mark, _| format!("{:.0} %", 100.0 * mark.value))
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .label_formatter(move |position| match position {
            HoverPosition::NearDataPoint { plot_name, index, .. } => texts.get(plot_name)?.get(*index).cloned(),
            HoverPosition::Elsewhere { .. } => None,
        });
    let weak = ui.visuals().weak_text_color();
    let response = plot.show(ui, |plot_ui| {
        plot_ui.hline(
            HLine::new("even", 0.5).color(egui::Color32::GRAY).style(LineStyle::dashed_loose()).allow_hover(false),
        );
        // The line starts at the first judged position, before its move.
        let start = review.moves.first().map(|m| [m.ply as f64, for_first(m.side, m.win_before)]);
        let line: Vec<[f64; 2]> = start.into_iter().chain(marks.iter().map(|m| [m.x, m.y])).collect();
        plot_ui.line(Line::new("chances", line).color(egui::Color32::GRAY).allow_hover(false));
        for (name, class) in GROUPS {
            let xy: Vec<[f64; 2]> = marks.iter().filter(|m| group_of(m.class) == class).map(|m| [m.x, m.y]).collect();
            let (color, radius) = match class.and_then(class_color) {
                Some(color) => (color, 5.5),
                None => (weak, 3.0),
            };
            plot_ui.points(Points::new(name, xy).color(color).shape(MarkerShape::Circle).filled(true).radius(radius));
        }
    });
    let pointer = response.response.clicked().then(|| response.response.interact_pointer_pos()).flatten()?;
    // The nearest point on screen, within a finger's width.
    marks
        .iter()
        .map(|m| (response.transform.position_from_point(&PlotPoint::new(m.x, m.y)).distance(pointer), m.ply))
        .filter(|(distance, _)| *distance < 16.0)
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, ply)| ply)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curve_is_the_first_sides_chances() {
        assert_eq!(for_first(0, 0.8), 0.8);
        assert!((for_first(1, 0.8) - 0.2).abs() < 1e-12);
        assert_eq!(group_of(MoveClass::Best), None);
        assert_eq!(group_of(MoveClass::Forced), None);
        assert_eq!(group_of(MoveClass::Blunder), Some(MoveClass::Blunder));
    }
}
