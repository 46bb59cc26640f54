//! The Connect Four painter: a blue frame with round holes, red and gold stones, column numbers on top. Hovering a
//! column shows where a stone would land; a click anywhere in a column drops one there.

use super::view::{Marks, cell_size, clickable, stone_color};
use crate::engine::game::Side;
use crate::games::any::AnyMove;
use crate::games::connect_four::ConnectFour;
use eframe::egui;

/// The painter as the list of families holds it (see `crate::families`).
pub fn paint(ui: &mut egui::Ui, game: &crate::games::any::AnyGame, marks: &Marks) -> Option<crate::app::play::Action> {
    show(ui, game.downcast_ref::<ConnectFour>()?, marks).map(crate::app::play::Action::Play)
}

/// Draws `game` and returns the column clicked, if any.
pub fn show(ui: &mut egui::Ui, game: &ConnectFour, marks: &Marks) -> Option<AnyMove> {
    let (width, height) = (game.width(), game.height());
    // A margin, so the frame is not clipped at the panels' edges.
    let area = ui.available_rect_before_wrap();
    let available = area.shrink(12.0);
    let size = cell_size(available.size(), width, height);
    let board_size = egui::vec2(size * width as f32, size * height as f32);
    // Centred, with one cell's margin on top for the column numbers.
    let origin = available.center() - board_size / 2.0 + egui::vec2(0.0, size / 2.0);
    let board = egui::Rect::from_min_size(origin, board_size);
    let painter = ui.painter_at(area);
    painter.rect_filled(board.expand(6.0), 10.0, egui::Color32::from_rgb(30, 80, 170));
    let hole = ui.visuals().extreme_bg_color;
    let font = egui::FontId::proportional((size * 0.3).clamp(10.0, 16.0));
    // Row 0 is the bottom row; screen rows grow downwards.
    let centre = |column: usize, row: usize| {
        origin + egui::vec2((column as f32 + 0.5) * size, (height - 1 - row) as f32 * size + size * 0.5)
    };
    let radius = size * 0.4;
    let to_move = if game.moves_played().is_multiple_of(2) { Side::Max } else { Side::Min };
    // The row a stone dropped into `column` lands in, if it has room.
    let landing = |column: usize| (0..height).find(|&row| game.cell(column, row).is_none());
    let mut clicked = None;
    for column in 0..width {
        let number = column + 1;
        let top = origin + egui::vec2((column as f32 + 0.5) * size, -size * 0.45);
        painter.text(top, egui::Align2::CENTER_CENTER, number.to_string(), font.clone(), ui.visuals().text_color());
        let strip =
            egui::Rect::from_min_size(origin + egui::vec2(column as f32 * size, 0.0), egui::vec2(size, board_size.y));
        let response = clickable(ui, strip, ui.scope_id().with(("c4 column", column)), format!("column {number}"));
        for row in 0..height {
            let color = game.cell(column, row).map_or(hole, stone_color);
            painter.circle_filled(centre(column, row), radius, color);
        }
        let landing_row = landing(column);
        if response.hovered() && marks.interactive {
            match landing_row {
                Some(row) => {
                    painter.circle_filled(centre(column, row), radius, stone_color(to_move).gamma_multiply(0.4));
                    response.clone().on_hover_text(format!("Drop a stone in column {number}"));
                }
                None => {
                    response.clone().on_hover_text(format!("Column {number} is full"));
                }
            }
        }
        if marks.last == Some(column as AnyMove) {
            // The last stone dropped is the top one of its column.
            let top_row = landing_row.unwrap_or(height).saturating_sub(1);
            painter.circle_stroke(centre(column, top_row), radius * 0.55, egui::Stroke::new(3.0, egui::Color32::WHITE));
        }
        if marks.hint == Some(column as AnyMove)
            && let Some(row) = landing_row
        {
            painter.circle_stroke(
                centre(column, row),
                radius,
                egui::Stroke::new(4.0, egui::Color32::from_rgb(46, 204, 113)),
            );
        }
        if response.clicked() {
            clicked = Some(column as AnyMove);
        }
    }
    // The winning four, joined by a line through their centres.
    let last = marks.last.and_then(|mv| u8::try_from(mv).ok());
    if let Some(line) = crate::games::connect_four::winning_line(game, last)
        && let (Some(&(c0, r0)), Some(&(c1, r1))) = (line.first(), line.last())
    {
        let stroke =
            egui::Stroke::new((size * 0.12).max(3.0), egui::Color32::from_rgba_unmultiplied(255, 255, 255, 220));
        painter.line_segment([centre(c0, r0), centre(c1, r1)], stroke);
        for &(c, r) in &line {
            painter.circle_stroke(centre(c, r), radius * 0.8, egui::Stroke::new(3.0, egui::Color32::WHITE));
        }
    }
    clicked
}
