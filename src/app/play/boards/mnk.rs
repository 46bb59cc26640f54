//! The m,n,k board painter: a grid of cells, stones placed anywhere, coordinates as in the move names (`a1` is
//! the bottom left). The first player's stones are crosses, the second's rings, in the sides' colours.

use super::view::{Marks, cell_size, clickable, stone_color};
use crate::engine::game::{Game, Side};
use crate::games::any::AnyMove;
use crate::games::mnk::Mnk;
use eframe::egui;

/// The painter as the list of families holds it (see `crate::families`).
pub fn paint(ui: &mut egui::Ui, game: &crate::games::any::AnyGame, marks: &Marks) -> Option<crate::app::play::Action> {
    show(ui, game.downcast_ref::<Mnk>()?, marks).map(crate::app::play::Action::Play)
}

/// Draws `game` and returns the cell clicked, if any.
pub fn show(ui: &mut egui::Ui, game: &Mnk, marks: &Marks) -> Option<AnyMove> {
    let (width, height) = (game.width(), game.height());
    // A margin, so the frame is not clipped at the panels' edges.
    let area = ui.available_rect_before_wrap();
    let available = area.shrink(12.0);
    let size = cell_size(available.size(), width, height);
    let board_size = egui::vec2(size * width as f32, size * height as f32);
    // Centred, with one cell's margin on the left and below for the coordinates.
    let origin = available.center() - board_size / 2.0 + egui::vec2(size / 2.0, -size / 2.0);
    let board = egui::Rect::from_min_size(origin, board_size);
    let painter = ui.painter_at(area);
    let visuals = ui.visuals().clone();
    painter.rect_filled(board, 4.0, visuals.extreme_bg_color);
    let line = egui::Stroke::new(1.5, visuals.weak_text_color());
    let text_color = visuals.text_color();
    let cell_rect = |column: usize, row: usize| {
        egui::Rect::from_min_size(origin + egui::vec2(column as f32, row as f32) * size, egui::Vec2::splat(size))
    };
    let font = egui::FontId::proportional((size * 0.3).clamp(10.0, 16.0));
    for column in 0..width {
        let at = cell_rect(column, height - 1).center_bottom() + egui::vec2(0.0, size * 0.3);
        let letter = ((b'a' + column as u8) as char).to_string();
        painter.text(at, egui::Align2::CENTER_CENTER, letter, font.clone(), text_color);
    }
    for row in 0..height {
        let at = cell_rect(0, row).left_center() - egui::vec2(size * 0.3, 0.0);
        painter.text(at, egui::Align2::CENTER_CENTER, (height - row).to_string(), font.clone(), text_color);
    }
    let mut clicked = None;
    for row in 0..height {
        for column in 0..width {
            let cell = (row * width + column) as AnyMove;
            let rect = cell_rect(column, row);
            let name = game.move_name((row * width + column) as u8);
            let response = clickable(ui, rect, ui.scope_id().with(("mnk cell", cell)), format!("cell {name}"));
            if marks.last == Some(cell) {
                painter.rect_filled(rect.shrink(2.0), 2.0, visuals.selection.bg_fill.gamma_multiply(0.6));
            }
            match game.cell(column, row) {
                Some(side) => draw_stone(&painter, rect, side, 1.0),
                None if response.hovered() && marks.interactive => {
                    let to_move = if game.moves_played().is_multiple_of(2) { Side::Max } else { Side::Min };
                    draw_stone(&painter, rect, to_move, 0.35);
                    response.clone().on_hover_text(format!("Play {name}"));
                }
                None => {}
            }
            if marks.hint == Some(cell) {
                painter.rect_stroke(
                    rect.shrink(3.0),
                    3.0,
                    egui::Stroke::new(3.0, egui::Color32::from_rgb(46, 204, 113)),
                    egui::StrokeKind::Inside,
                );
            }
            if response.clicked() {
                clicked = Some(cell);
            }
        }
    }
    for i in 1..width {
        let x = origin.x + i as f32 * size;
        painter.line_segment([egui::pos2(x, board.top()), egui::pos2(x, board.bottom())], line);
    }
    for i in 1..height {
        let y = origin.y + i as f32 * size;
        painter.line_segment([egui::pos2(board.left(), y), egui::pos2(board.right(), y)], line);
    }
    // The winning line, struck through from its first stone to its last.
    let last = marks.last.and_then(|mv| u8::try_from(mv).ok());
    if let Some(cells) = crate::games::mnk::winning_line(game, last)
        && let (Some(&(c0, r0)), Some(&(c1, r1))) = (cells.first(), cells.last())
    {
        let stroke = egui::Stroke::new((size * 0.1).max(3.0), egui::Color32::from_rgb(230, 60, 50));
        painter.line_segment([cell_rect(c0, r0).center(), cell_rect(c1, r1).center()], stroke);
    }
    clicked
}

/// A cross for the first player, a ring for the second; `opacity` below 1 for a hover preview.
fn draw_stone(painter: &egui::Painter, rect: egui::Rect, side: Side, opacity: f32) {
    let color = stone_color(side).gamma_multiply(opacity);
    let r = rect.width() * 0.3;
    let stroke = egui::Stroke::new((rect.width() * 0.09).max(2.0), color);
    let c = rect.center();
    match side {
        Side::Max => {
            painter.line_segment([c + egui::vec2(-r, -r), c + egui::vec2(r, r)], stroke);
            painter.line_segment([c + egui::vec2(-r, r), c + egui::vec2(r, -r)], stroke);
        }
        Side::Min => {
            painter.circle_stroke(c, r, stroke);
        }
    }
}
