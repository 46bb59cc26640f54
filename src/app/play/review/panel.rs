//! The review panel, on the right of Play's board: the review's progress while it runs, then each side's accuracy
//! and counts, the curve, the move on view judged with *Show why*, and the list of inaccuracies, mistakes and
//! blunders (a click shows the position after one).

use super::{Action, Play, class_color, class_word, curve, judged_words};
use crate::engine::game::Side;
use crate::play::numbering::numbered_move;
use crate::review::{JudgedMove, MoveClass, Review};
use eframe::egui;

/// The classes counted in the panel's table, with their marks.
const COUNTED: [MoveClass; 3] = [MoveClass::Inaccuracy, MoveClass::Mistake, MoveClass::Blunder];

/// True when the panel has something to show: the game's review, or a review under way or its error while the
/// dialog that shows them is closed.
pub fn wanted(play: &Play) -> bool {
    let under_way = !play.review.dialog_open && (play.review.running() || play.review.error.is_some());
    play.review.panel_open && (under_way || play.review().is_some())
}

/// The panel on the right of the board in a window `width` wide: a quarter of it to begin with, between 200
/// points and 40 % of the window, keeping the share it is dragged to when the window changes size.
pub fn side(play: &mut Play, ui: &mut egui::Ui, width: f32) {
    on_the_right(play, ui, width, "play_review", show);
}

/// A panel on the right of the board in a window `width` wide, drawn by `contents`, at the review's share of the
/// window (the review panel's and, in its place, *Learn from your mistakes*'s).
pub fn on_the_right(play: &mut Play, ui: &mut egui::Ui, width: f32, id: &str, contents: fn(&mut Play, &mut egui::Ui)) {
    let widest = (width * 0.4).max(200.0);
    let narrowest = (width * 0.2).clamp(200.0, 360.0).min(widest);
    let panel = play.review.share.panel(egui::Panel::right(id.to_string()), width, narrowest..=widest);
    let shown = panel.show(ui, |ui| contents(play, ui)).response.rect.width();
    play.review.share.shown(shown, width);
}

/// Draws the panel's contents.
fn show(play: &mut Play, ui: &mut egui::Ui) {
    ui.horizontal(|ui| {
        ui.heading("Review");
        if ui.small_button("Hide").on_hover_text("Hide the review panel (the move list keeps its marks)").clicked() {
            play.actions.push(super::super::Action::Review(Action::TogglePanel));
        }
    });
    // The dialog shows the progress and the error while it is open; the panel once it is closed.
    if play.review.running() && !play.review.dialog_open {
        super::dialog::progress(play, ui);
    }
    if let Some(error) = play.review.error.clone().filter(|_| !play.review.dialog_open) {
        ui.colored_label(ui.visuals().error_fg_color, error);
    }
    let Some(review) = play.review().cloned() else { return };
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.weak(format!("Judged by {}", review.judge_words()))
            .on_hover_text("Who valued the moves, and how hard each position was searched");
        sides(ui, &review);
        let first = play.history.position().side_name(Side::Max).to_string();
        let height = (ui.available_height() * 0.4).clamp(140.0, 260.0);
        if let Some(ply) = curve::show(ui, &review, &play.history, &first, height) {
            play.actions.push(view_after(play, ply));
        }
        on_view(play, ui, &review);
        ui.separator();
        flagged(play, ui, &review);
        ui.separator();
        super::learn::panel::start_buttons(play, ui, &review);
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            let tip = "The game with its marks and values to saves/: PGN with NAGs ($6 inaccuracy, $2 mistake, $4 \
                       blunder) and [%eval] comments for chess, the move list with marks and values for the others";
            if ui.button("Export review").on_hover_text(tip).clicked() {
                play.actions.push(super::super::Action::Review(Action::Export));
            }
            let again = "Review again with other settings";
            if ui.button("Review again…").on_hover_text(again).clicked() {
                play.actions.push(super::super::Action::Review(Action::OpenDialog));
            }
        });
    });
}

/// Each side's accuracy and its inaccuracies, mistakes and blunders.
fn sides(ui: &mut egui::Ui, review: &Review) {
    egui::Grid::new("review_sides").num_columns(5).striped(true).show(ui, |ui| {
        ui.label("");
        ui.label("accuracy").on_hover_text(
            "Lichess's accuracy from 0 to 100, the mean over the side's moves (forced ones left out) of \
             103.1668 × e^(−0.04354 × win % lost) − 3.1669 (lichess.org/page/accuracy)",
        );
        for class in COUNTED {
            let color = class_color(class).unwrap_or(ui.visuals().text_color());
            ui.colored_label(color, class.mark()).on_hover_text(class_word(class, 2));
        }
        ui.end_row();
        for side in &review.sides {
            ui.strong(&side.name);
            ui.label(format!("{:.0} %", side.accuracy));
            for class in COUNTED {
                let n = side.counts[class.index()];
                ui.label(n.to_string()).on_hover_text(format!("{n} {}", class_word(class, n)));
            }
            ui.end_row();
        }
    });
}

/// The move on view (the last one when the game itself is), judged, with *Show why*.
fn on_view(play: &mut Play, ui: &mut egui::Ui, review: &Review) {
    let count = play.history.moves().len();
    let shown = play.viewing.unwrap_or(count);
    // The move that led to the position on view; before a chance outcome, the last decision before it.
    let judged = review.moves.iter().rev().find(|m| m.ply < shown);
    let Some(judged) = judged else {
        ui.label(egui::RichText::new("Click a point or a move to see it judged.").weak());
        return;
    };
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("{}{}", numbered_move(&play.history, judged.ply), judged.class.mark()));
        ui.label(judged_words(judged));
    });
    why_button(play, ui, judged);
}

/// The inaccuracies, mistakes and blunders in move order: a click shows the position after one.
fn flagged(play: &mut Play, ui: &mut egui::Ui, review: &Review) {
    let bad: Vec<&JudgedMove> = review.moves.iter().filter(|m| class_color(m.class).is_some()).collect();
    if bad.is_empty() {
        ui.label("No inaccuracy, mistake or blunder: every move kept its side's chances.");
        return;
    }
    egui::Grid::new("review_flagged").num_columns(3).striped(true).show(ui, |ui| {
        for judged in bad {
            let color = class_color(judged.class).unwrap_or(ui.visuals().text_color());
            let name = format!("{}{}", numbered_move(&play.history, judged.ply), judged.class.mark());
            let text = egui::RichText::new(name).color(color);
            if ui.selectable_label(false, text).on_hover_text(judged_words(judged)).clicked() {
                play.actions.push(view_after(play, judged.ply));
            }
            ui.label(format!("better {}", judged.best));
            why_button(play, ui, judged);
            ui.end_row();
        }
    });
}

/// *Show why* for one judged move.
fn why_button(play: &mut Play, ui: &mut egui::Ui, judged: &JudgedMove) {
    let tip = format!(
        "Open the move tree before {} in the Tree lab ({} plies deep): the move played first, the best move {} \
         second, the others best first — step α-β to see the refutation",
        judged.move_name, play.review.why_shape.depth, judged.best
    );
    if ui.button("Show why").on_hover_text(tip).clicked() {
        play.actions.push(super::super::Action::Review(Action::ShowWhy(judged.ply)));
    }
}

/// The action that shows the position after the move at `ply` (the game itself after its last move).
fn view_after(play: &Play, ply: usize) -> super::super::Action {
    let count = play.history.moves().len();
    super::super::Action::View((ply + 1 < count).then_some(ply + 1))
}
