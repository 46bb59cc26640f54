//! The painter of every scripted game: draws the board the script's `draw` describes (square cells, round pits or
//! hexagons in offset rows; stones, glyphs, labels, backgrounds) and asks the script's `click` what a click means —
//! a move, the first cell of a two-click move (remembered here until the second click), or why nothing happens.

use super::view::{Marks, cell_size, clickable};
use crate::games::script::ScriptGame;
use crate::games::script::board::{Board, Cell, Click, Colour, Layout, Piece};
use eframe::egui;

/// The painter as the list of families holds it (see `crate::families`).
pub fn paint(ui: &mut egui::Ui, game: &crate::games::any::AnyGame, marks: &Marks) -> Option<crate::app::play::Action> {
    let game = game.downcast_ref::<ScriptGame>()?;
    let board = match game.board() {
        Ok(board) => board,
        Err(error) => {
            ui.colored_label(ui.visuals().error_fg_color, error.message);
            return None;
        }
    };
    show(ui, game, &board, marks)
}

fn colour(c: Colour) -> egui::Color32 {
    egui::Color32::from_rgb(c.0[0], c.0[1], c.0[2])
}

/// Black or white, whichever reads better on `background`.
fn ink_on(background: egui::Color32) -> egui::Color32 {
    let [r, g, b, _] = background.to_array();
    let light = 0.299 * f32::from(r) + 0.587 * f32::from(g) + 0.114 * f32::from(b);
    if light > 140.0 { egui::Color32::BLACK } else { egui::Color32::WHITE }
}

fn show(ui: &mut egui::Ui, game: &ScriptGame, board: &Board, marks: &Marks) -> Option<crate::app::play::Action> {
    let shape = &board.shape;
    let (width, height) = (shape.width, shape.height);
    let span = width as f32 + shape.shift.abs() as f32 * (height.saturating_sub(1)) as f32;
    let area = ui.available_rect_before_wrap();
    let available = area.shrink(12.0);
    let size = cell_size(available.size(), span.ceil() as usize, height + 1);
    let board_size = egui::vec2(size * span, size * height as f32);
    let origin = available.center() - board_size / 2.0 - egui::vec2(0.0, size / 2.0);
    let painter = ui.painter_at(area);
    let visuals = ui.visuals().clone();
    let selected_id = ui.scope_id().with("script board selection");
    let selected: Option<usize> = ui.data(|d| d.get_temp(selected_id));
    let mut action = None;
    for (index, cell) in board.cells.iter().enumerate() {
        let (row, column) = (index / width, index % width);
        let shift = if shape.shift >= 0.0 { row as f32 } else { (height - 1 - row) as f32 } * shape.shift.abs() as f32;
        // A tall cell (a mancala's store) also covers the place below it.
        let rows = if cell.tall && row + 1 < height { 2.0 } else { 1.0 };
        let rect = egui::Rect::from_min_size(
            origin + egui::vec2((column as f32 + shift) * size, row as f32 * size),
            egui::vec2(size, size * rows),
        );
        if cell.hidden {
            continue;
        }
        let background = cell.background.map_or(visuals.extreme_bg_color, colour);
        draw_cell(&painter, shape.layout, rect, background, visuals.weak_text_color());
        if selected == Some(index + 1) {
            ring(&painter, shape.layout, rect, egui::Stroke::new(3.0, visuals.selection.bg_fill));
        }
        if cell.marked {
            ring(&painter, shape.layout, rect, egui::Stroke::new(3.0, MARK_LAST));
        }
        draw_piece(&painter, cell, rect, background);
        let response = clickable(ui, rect, ui.scope_id().with(("script cell", index)), format!("cell {}", index + 1));
        if response.clicked() && marks.interactive {
            action = Some(click(ui, game, index + 1, selected, selected_id));
        }
    }
    if let Some(caption) = &board.caption {
        let at = egui::pos2(origin.x + board_size.x / 2.0, origin.y + board_size.y + size * 0.4);
        let font = egui::FontId::proportional((size * 0.3).clamp(12.0, 18.0));
        painter.text(at, egui::Align2::CENTER_CENTER, caption, font, visuals.text_color());
    }
    action
}

/// What a click on `cell` does, as the script says; a two-click move remembers its first cell in egui's memory.
fn click(
    ui: &egui::Ui,
    game: &ScriptGame,
    cell: usize,
    selected: Option<usize>,
    selected_id: egui::Id,
) -> crate::app::play::Action {
    let answer = game.click(cell, selected);
    ui.data_mut(|d| d.remove::<usize>(selected_id));
    match answer {
        Ok(Click::Move(mv)) => crate::app::play::Action::Play(mv as crate::games::any::AnyMove),
        Ok(Click::Select) => {
            ui.data_mut(|d| d.insert_temp(selected_id, cell));
            crate::app::play::Action::Refuse(String::new())
        }
        Ok(Click::Refused(why)) => crate::app::play::Action::Refuse(why),
        Err(error) => crate::app::play::Action::Refuse(error.message),
    }
}

/// The ring around the cell the script marks as the last move's: a blue that no script's board colour is.
const MARK_LAST: egui::Color32 = egui::Color32::from_rgb(40, 110, 230);

/// A ring just inside a cell's edge: the selection, or the last move's mark.
fn ring(painter: &egui::Painter, layout: Layout, rect: egui::Rect, stroke: egui::Stroke) {
    match layout {
        Layout::Pits if rect.height() > rect.width() * 1.5 => {
            let store = rect.shrink(rect.width() * 0.05);
            painter.rect_stroke(store, rect.width() * 0.45, stroke, egui::StrokeKind::Inside);
        }
        Layout::Grid => {
            painter.rect_stroke(rect.shrink(2.0), 0.0, stroke, egui::StrokeKind::Inside);
        }
        _ => {
            painter.circle_stroke(rect.center(), rect.width() * 0.45, stroke);
        }
    }
}

fn draw_cell(painter: &egui::Painter, layout: Layout, rect: egui::Rect, fill: egui::Color32, edge: egui::Color32) {
    let stroke = egui::Stroke::new(1.0, edge);
    match layout {
        Layout::Grid => {
            painter.rect(rect.shrink(0.5), 0.0, fill, stroke, egui::StrokeKind::Inside);
        }
        // A tall pit is a store: a long rounded trough, as on a mancala board.
        Layout::Pits if rect.height() > rect.width() * 1.5 => {
            let store = rect.shrink(rect.width() * 0.05);
            painter.rect(store, rect.width() * 0.45, fill, stroke, egui::StrokeKind::Inside);
        }
        Layout::Pits => {
            painter.circle(rect.center(), rect.width() * 0.45, fill, stroke);
        }
        Layout::Hex => {
            let c = rect.center();
            let r = rect.width() * 0.56;
            let points = (0..6)
                .map(|k| {
                    let angle = std::f32::consts::PI / 3.0 * k as f32 + std::f32::consts::PI / 6.0;
                    c + egui::vec2(angle.cos(), angle.sin()) * r
                })
                .collect();
            painter.add(egui::Shape::convex_polygon(points, fill, stroke));
        }
    }
}

fn draw_piece(painter: &egui::Painter, cell: &Cell, rect: egui::Rect, background: egui::Color32) {
    let size = rect.width();
    if let Some(note) = &cell.note {
        let foot = egui::Rect::from_center_size(
            rect.center_bottom() - egui::vec2(0.0, size * 0.24),
            egui::vec2(size * 0.7, size * 0.2),
        );
        fitted_text(painter, foot, note, (size * 0.17).clamp(9.0, 14.0), ink_on(background).gamma_multiply(0.7));
    }
    let mut ink = ink_on(background);
    match &cell.piece {
        Some(Piece::Stone(c)) => {
            let fill = colour(*c);
            painter.circle(rect.center(), size * 0.36, fill, egui::Stroke::new(1.0, egui::Color32::from_gray(40)));
            ink = ink_on(fill);
        }
        Some(Piece::Glyph(text)) => fitted_text(painter, rect, text, size * 0.55, ink),
        None => {}
    }
    if let Some(label) = &cell.label {
        fitted_text(painter, rect, label, (size * 0.3).clamp(10.0, 20.0), ink);
    }
}

/// `text` centred in `rect` at `font_size`, or smaller when that would not fit inside the cell (Pig's "hold"
/// at a glyph's size is wider than its cell).
fn fitted_text(painter: &egui::Painter, rect: egui::Rect, text: &str, font_size: f32, ink: egui::Color32) {
    let size = fitted_size(painter, text, font_size, rect.width() * 0.86);
    painter.text(rect.center(), egui::Align2::CENTER_CENTER, text, egui::FontId::proportional(size), ink);
}

/// The font size at which `text` is at most `room` wide: `font_size`, or less for a long text.
fn fitted_size(painter: &egui::Painter, text: &str, font_size: f32, room: f32) -> f32 {
    let width = |size: f32| {
        painter.layout_no_wrap(text.to_string(), egui::FontId::proportional(size), egui::Color32::BLACK).size().x
    };
    let wide = width(font_size);
    if wide > room { (font_size * room / wide).max(6.0) } else { font_size }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 43, point 14: Pig's "hold", drawn at a glyph's size, ran out of its cell; it is drawn smaller now, and a
    /// short glyph keeps its size.
    #[test]
    fn a_long_glyph_is_drawn_small_enough_to_fit_its_cell() {
        let ctx = egui::Context::default();
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            let painter = ui.painter();
            let cell = 80.0;
            let (glyph, room) = (cell * 0.55, cell * 0.86);
            let size = fitted_size(painter, "hold", glyph, room);
            let drawn = painter.layout_no_wrap("hold".into(), egui::FontId::proportional(size), egui::Color32::BLACK);
            assert!(drawn.size().x <= room + 0.5, "{} wide in {room}", drawn.size().x);
            assert!(size < glyph, "\"hold\" at {glyph} would not fit");
            assert_eq!(fitted_size(painter, "X", glyph, room), glyph);
        });
        output.textures_delta.clear(); // No renderer here to take the font atlas.
    }
}
