//! The Othello painter: a green board with black and white discs, letters on top and numbers down the side as in
//! the move names (`a1` is the top left). When a person is to move, the legal squares carry small dots and
//! hovering one shows the disc; a click on a square plays there. With no legal move, a "Pass" button under the
//! board is the only way on. The last move has a red dot, the hint a ring; the disc count is under the board.

use super::view::{Marks, cell_size, clickable};
use crate::engine::game::{Game, Side};
use crate::games::any::AnyMove;
use crate::games::othello::{Othello, PASS};
use eframe::egui;

const FELT: egui::Color32 = egui::Color32::from_rgb(0, 120, 60);
const FELT_EDGE: egui::Color32 = egui::Color32::from_rgb(0, 80, 40);
const LINE: egui::Color32 = egui::Color32::from_rgb(0, 60, 30);

/// A side's disc colour: Black moves first.
pub fn disc_color(side: Side) -> egui::Color32 {
    match side {
        Side::Max => egui::Color32::from_rgb(25, 25, 25),
        Side::Min => egui::Color32::from_rgb(240, 240, 235),
    }
}

/// How the window names an Othello side.
pub fn colour_name(side: Side) -> &'static str {
    match side {
        Side::Max => "Black",
        Side::Min => "White",
    }
}

/// The painter as the list of families holds it (see `crate::families`).
pub fn paint(ui: &mut egui::Ui, game: &crate::games::any::AnyGame, marks: &Marks) -> Option<crate::app::play::Action> {
    show(ui, game.downcast_ref::<Othello>()?, marks).map(crate::app::play::Action::Play)
}

/// Draws `game` and returns the square clicked (or [`PASS`] from the button), if any.
pub fn show(ui: &mut egui::Ui, game: &Othello, marks: &Marks) -> Option<AnyMove> {
    let n = game.size();
    let area = ui.available_rect_before_wrap();
    let available = area.shrink(12.0);
    // One cell's margin above and to the left for the coordinates, and one row below for the count and the
    // pass button.
    let size = cell_size(available.size(), n, n + 1);
    let block = egui::vec2(size * (n as f32 + 1.0), size * (n as f32 + 2.0));
    let grid = Grid { origin: available.center() - block / 2.0 + egui::vec2(size, size), size, n };
    let painter = ui.painter_at(area);
    let font = egui::FontId::proportional((size * 0.3).clamp(10.0, 16.0));
    paint_board(&painter, &grid, ui.visuals().text_color(), &font);
    let to_move = if game.turn() == crate::engine::game::Turn::Max { Side::Max } else { Side::Min };
    let clicked = squares(ui, &painter, &grid, game, marks, to_move);
    below_board(ui, &grid, game, marks, to_move, &font).or(clicked)
}

/// Where the board lies: its top-left corner, the side of a cell and the cells per side.
struct Grid {
    origin: egui::Pos2,
    size: f32,
    n: usize,
}

impl Grid {
    /// The board itself.
    fn board(&self) -> egui::Rect {
        egui::Rect::from_min_size(self.origin, egui::Vec2::splat(self.size * self.n as f32))
    }

    /// The rectangle of the cell at `column`, `row`.
    fn cell_rect(&self, column: usize, row: usize) -> egui::Rect {
        egui::Rect::from_min_size(
            self.origin + egui::vec2(column as f32, row as f32) * self.size,
            egui::Vec2::splat(self.size),
        )
    }
}

/// Paints the felt, the coordinates and the grid lines.
fn paint_board(painter: &egui::Painter, grid: &Grid, text_color: egui::Color32, font: &egui::FontId) {
    let (board, size, n) = (grid.board(), grid.size, grid.n);
    painter.rect_filled(board.expand(size * 0.12), 6.0, FELT_EDGE);
    painter.rect_filled(board, 2.0, FELT);
    for i in 0..n {
        let top = grid.cell_rect(i, 0).center_top() - egui::vec2(0.0, size * 0.35);
        let letter = ((b'a' + i as u8) as char).to_string();
        painter.text(top, egui::Align2::CENTER_CENTER, letter, font.clone(), text_color);
        let left = grid.cell_rect(0, i).left_center() - egui::vec2(size * 0.35, 0.0);
        painter.text(left, egui::Align2::CENTER_CENTER, (i + 1).to_string(), font.clone(), text_color);
    }
    let line = egui::Stroke::new(1.0, LINE);
    for i in 1..n {
        let offset = i as f32 * size;
        painter.line_segment(
            [board.left_top() + egui::vec2(offset, 0.0), board.left_bottom() + egui::vec2(offset, 0.0)],
            line,
        );
        painter.line_segment(
            [board.left_top() + egui::vec2(0.0, offset), board.right_top() + egui::vec2(0.0, offset)],
            line,
        );
    }
}

/// Makes every square clickable, paints its disc, legal-move dot or hover preview and the last-move and hint marks,
/// and returns the square clicked, if any.
fn squares(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    grid: &Grid,
    game: &Othello,
    marks: &Marks,
    to_move: Side,
) -> Option<AnyMove> {
    let (size, n) = (grid.size, grid.n);
    let legal = game.legal_squares();
    let mut clicked = None;
    for row in 0..n {
        for column in 0..n {
            let square = Othello::square(column, row);
            let mv = AnyMove::from(square);
            let rect = grid.cell_rect(column, row);
            let name = game.move_name(square);
            let response =
                clickable(ui, rect, ui.scope_id().with(("othello square", square)), format!("square {name}"));
            let is_legal = legal >> square & 1 != 0;
            match game.cell(column, row) {
                Some(side) => draw_disc(painter, rect, side, 1.0),
                None if marks.interactive && is_legal && response.hovered() => {
                    draw_disc(painter, rect, to_move, 0.5);
                    response.clone().on_hover_text(format!("Play {name}"));
                }
                None if marks.interactive && is_legal => {
                    painter.circle_filled(rect.center(), size * 0.1, disc_color(to_move).gamma_multiply(0.55));
                }
                None => {}
            }
            if marks.last == Some(mv) {
                painter.circle_filled(rect.center(), size * 0.09, egui::Color32::from_rgb(220, 40, 40));
            }
            if marks.hint == Some(mv) {
                painter.circle_stroke(
                    rect.center(),
                    size * 0.44,
                    egui::Stroke::new(3.0, egui::Color32::from_rgb(255, 210, 60)),
                );
            }
            if response.clicked() {
                clicked = Some(mv);
            }
        }
    }
    clicked
}

/// Under the board: the count, and the pass button when passing is the only move.
fn below_board(
    ui: &mut egui::Ui,
    grid: &Grid,
    game: &Othello,
    marks: &Marks,
    to_move: Side,
    font: &egui::FontId,
) -> Option<AnyMove> {
    let (board, size) = (grid.board(), grid.size);
    let below = egui::Rect::from_min_size(
        board.left_bottom() + egui::vec2(0.0, size * 0.2),
        egui::vec2(board.width(), (size * 0.8).max(28.0)),
    );
    let count = format!(
        "{} {} · {} {}",
        colour_name(Side::Max),
        game.count(Side::Max),
        colour_name(Side::Min),
        game.count(Side::Min)
    );
    let mut clicked = None;
    let row = egui::UiBuilder::new().max_rect(below).layout(egui::Layout::left_to_right(egui::Align::Center));
    ui.scope_builder(row, |ui| {
        ui.label(egui::RichText::new(count).font(font.clone()));
        if marks.interactive && game.must_pass() {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let button = egui::Button::new(egui::RichText::new("Pass").font(font.clone()).strong());
                if ui.add(button).on_hover_text("The only move: let the opponent play again").clicked() {
                    clicked = Some(AnyMove::from(PASS));
                }
                ui.label(egui::RichText::new(format!("{} has no move:", colour_name(to_move))).font(font.clone()));
            });
        }
    });
    clicked
}

/// A disc with a thin rim; `opacity` below 1 for a hover preview.
fn draw_disc(painter: &egui::Painter, rect: egui::Rect, side: Side, opacity: f32) {
    let radius = rect.width() * 0.4;
    let rim = match side {
        Side::Max => egui::Color32::from_gray(90),
        Side::Min => egui::Color32::from_gray(150),
    };
    painter.circle(
        rect.center(),
        radius,
        disc_color(side).gamma_multiply(opacity),
        egui::Stroke::new(1.5, rim.gamma_multiply(opacity)),
    );
}
