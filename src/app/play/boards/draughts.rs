//! The draughts board painter: 8 × 8, Black's back row (squares 1–4) at the top, the dark squares numbered faintly
//! as in the move names. Black's pieces are dark, White's light; a king carries a gold crown.
//!
//! Input: click a piece to select it (the squares it can go to are dotted), then click where it should end. A capture
//! path is played as soon as the squares clicked name only one legal move: clicking the final square is enough
//! when only one path ends there; otherwise click the landing squares in turn, the path so far drawn as a line.
//! Escape, or a click anywhere else, cancels the selection. The partial path lives in egui's memory, keyed to the
//! position, so it is dropped when the position changes.

use super::view::{Marks, cell_size, clickable, snapped_board};
use crate::engine::game::{Game, Side};
use crate::games::any::AnyMove;
use crate::games::draughts::{Draughts, coordinates, path};
use eframe::egui;

/// The squares clicked so far (indices 0–31: the piece, then landing squares), and the position they belong to.
#[derive(Clone, Debug, Default)]
struct Selection {
    position: u64,
    squares: Vec<usize>,
}

const LIGHT_SQUARE: egui::Color32 = egui::Color32::from_rgb(238, 221, 190);
const DARK_SQUARE: egui::Color32 = egui::Color32::from_rgb(150, 105, 70);
const MARK_LAST: egui::Color32 = egui::Color32::from_rgb(236, 200, 80);
const MARK_HINT: egui::Color32 = egui::Color32::from_rgb(46, 204, 113);
const MARK_SELECT: egui::Color32 = egui::Color32::from_rgb(80, 160, 255);

/// The painter as the list of families holds it (see `crate::families`).
pub fn paint(ui: &mut egui::Ui, game: &crate::games::any::AnyGame, marks: &Marks) -> Option<crate::app::play::Action> {
    let game = game.downcast_ref::<Draughts>()?;
    let mut refusal = None;
    let played = show(ui, game, marks, &mut refusal);
    played.map(crate::app::play::Action::Play).or(refusal.map(crate::app::play::Action::Refuse))
}

/// Draws `game` and returns the move the clicks complete, if any.
/// A click on a piece that cannot move says why in `refusal` (the other side's piece, or a capture due elsewhere).
pub fn show(ui: &mut egui::Ui, game: &Draughts, marks: &Marks, refusal: &mut Option<String>) -> Option<AnyMove> {
    let area = ui.available_rect_before_wrap();
    let (board, size) =
        snapped_board(area.center(), cell_size(area.shrink(12.0).size(), 8, 8), 8, 8, ui.pixels_per_point());
    let grid = Grid { board, size };
    let painter = ui.painter_at(area);
    paint_board(&painter, &grid);
    paint_last_and_hint(&painter, &grid, marks);

    let legal: Vec<Vec<usize>> =
        if marks.interactive { game.legal_moves().iter().map(|&mv| path(mv)).collect() } else { Vec::new() };
    let memory_id = ui.scope_id().with("draughts selection");
    let key = game.position_hash() ^ game.moves_played() as u64;
    let mut selection: Selection = ui.data(|d| d.get_temp(memory_id)).unwrap_or_default();
    if selection.position != key || !marks.interactive || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
        selection = Selection { position: key, squares: Vec::new() };
    }

    let clicked_square = square_clicks(ui, &grid);
    let clicked_elsewhere = clicked_square.is_none()
        && ui.input(|i| i.pointer.primary_clicked() && i.pointer.interact_pos().is_some_and(|p| area.contains(p)));
    if clicked_elsewhere {
        selection.squares.clear();
    }
    let played = clicked_square
        .filter(|_| marks.interactive)
        .and_then(|square| apply_click(game, &legal, &mut selection.squares, square, refusal));

    paint_pieces_and_selection(&painter, &grid, game, &legal, &selection.squares);
    ui.data_mut(|d| d.insert_temp(memory_id, selection));
    played
}

/// Where the board lies and the side of a square.
struct Grid {
    board: egui::Rect,
    size: f32,
}

impl Grid {
    /// The rectangle of dark square `i` (0–31).
    fn square_rect(&self, i: usize) -> egui::Rect {
        let (row, column) = coordinates(i);
        egui::Rect::from_min_size(
            self.board.min + egui::vec2(column as f32, row as f32) * self.size,
            egui::Vec2::splat(self.size),
        )
    }

    /// The centre of dark square `i`.
    fn centre(&self, i: usize) -> egui::Pos2 {
        self.square_rect(i).center()
    }
}

/// Paints the light board, the dark squares with their faint numbers and the frame.
fn paint_board(painter: &egui::Painter, grid: &Grid) {
    let board = grid.board;
    painter.rect_filled(board, 0.0, LIGHT_SQUARE);
    let number_font = egui::FontId::proportional((grid.size * 0.2).clamp(8.0, 13.0));
    for i in 0..32 {
        let rect = grid.square_rect(i);
        painter.rect_filled(rect, 0.0, DARK_SQUARE);
        let faint = egui::Color32::from_white_alpha(90);
        painter.text(
            rect.min + egui::vec2(3.0, 2.0),
            egui::Align2::LEFT_TOP,
            (i + 1).to_string(),
            number_font.clone(),
            faint,
        );
    }
    painter.rect_stroke(board, 0.0, egui::Stroke::new(2.0, DARK_SQUARE), egui::StrokeKind::Outside);
}

/// The last move and the hint: their squares outlined and their paths drawn.
fn paint_last_and_hint(painter: &egui::Painter, grid: &Grid, marks: &Marks) {
    for (mv, color) in [(marks.last, MARK_LAST), (marks.hint, MARK_HINT)] {
        if let Some(mv) = mv {
            let squares = path(mv);
            for &i in [squares.first(), squares.last()].into_iter().flatten() {
                painter.rect_stroke(
                    grid.square_rect(i).shrink(2.0),
                    2.0,
                    egui::Stroke::new(3.0, color),
                    egui::StrokeKind::Inside,
                );
            }
            draw_path(painter, &squares, |i| grid.centre(i), color, grid.size);
        }
    }
}

/// Makes every dark square clickable and returns the one clicked, if any.
fn square_clicks(ui: &mut egui::Ui, grid: &Grid) -> Option<usize> {
    let mut clicked_square = None;
    for i in 0..32 {
        let response =
            clickable(ui, grid.square_rect(i), ui.scope_id().with(("draughts square", i)), format!("square {}", i + 1));
        if response.clicked() {
            clicked_square = Some(i);
        }
    }
    clicked_square
}

/// Applies a click on `square` to the squares chosen so far: returns the move it completes, or updates the choice
/// (saying in `refusal` why a piece that cannot move was not selected).
fn apply_click(
    game: &Draughts,
    legal: &[Vec<usize>],
    chosen: &mut Vec<usize>,
    square: usize,
    refusal: &mut Option<String>,
) -> Option<AnyMove> {
    match click(legal, chosen, square) {
        Click::Play(index) => {
            chosen.clear();
            Some(game.legal_moves()[index])
        }
        Click::Select(squares) => {
            if squares.is_empty()
                && chosen.is_empty()
                && let Some((side, _)) = game.piece(square)
            {
                let [black, white] = ["Black", "White"];
                let (mine, theirs) = if game.side_to_move() == Side::Max { (black, white) } else { (white, black) };
                *refusal = Some(if side != game.side_to_move() {
                    format!("That is a {theirs} piece: you play {mine}.")
                } else if game.must_capture() {
                    "A capture is compulsory: take with a piece that can jump.".to_string()
                } else {
                    "That piece has no move.".to_string()
                });
            }
            *chosen = squares;
            None
        }
    }
}

/// Pieces, the selection and where it can go.
fn paint_pieces_and_selection(
    painter: &egui::Painter,
    grid: &Grid,
    game: &Draughts,
    legal: &[Vec<usize>],
    chosen: &[usize],
) {
    let size = grid.size;
    for i in 0..32 {
        if let Some((side, king)) = game.piece(i) {
            draw_piece(painter, grid.centre(i), size, side, king);
        }
    }
    if !chosen.is_empty() {
        painter.circle_stroke(grid.centre(chosen[0]), size * 0.42, egui::Stroke::new(3.0, MARK_SELECT));
        draw_path(painter, chosen, |i| grid.centre(i), MARK_SELECT, size);
        for candidate in legal.iter().filter(|p| p.starts_with(chosen) && p.len() > chosen.len()) {
            // The next square to click is dotted, the path's end ringed.
            painter.circle_filled(grid.centre(candidate[chosen.len()]), size * 0.12, MARK_SELECT);
            if let Some(&end) = candidate.last() {
                painter.circle_stroke(grid.centre(end), size * 0.2, egui::Stroke::new(2.0, MARK_SELECT));
            }
        }
    }
}

/// What a click on a square does, given the legal paths and the squares chosen so far.
#[derive(Debug, PartialEq, Eq)]
enum Click {
    /// Play the legal move at this index.
    Play(usize),
    /// The new selection (empty: nothing selected).
    Select(Vec<usize>),
}

/// Decides a click: a square that ends exactly one path through the selection plays it, and one that ends several
/// changes nothing; a square that is the next landing of paths through the selection extends it (and plays if that
/// completes one); a piece that can move starts a new selection; anything else cancels.
fn click(legal: &[Vec<usize>], chosen: &[usize], square: usize) -> Click {
    if !chosen.is_empty() {
        let through = |p: &&Vec<usize>| p.starts_with(chosen) && p.len() > chosen.len();
        let ending_here: Vec<usize> =
            (0..legal.len()).filter(|&k| through(&&legal[k]) && legal[k].last() == Some(&square)).collect();
        match ending_here[..] {
            [only] => return Click::Play(only),
            // Several paths end here: the selection stays, waiting for a landing square that tells them apart.
            [_, _, ..] => return Click::Select(chosen.to_vec()),
            [] => {}
        }
        let mut longer = chosen.to_vec();
        longer.push(square);
        if legal.iter().any(|p| p.starts_with(&longer)) {
            // A complete path is maximal, so no other path goes on from it.
            return match legal.iter().position(|p| *p == longer) {
                Some(index) => Click::Play(index),
                None => Click::Select(longer),
            };
        }
    }
    if legal.iter().any(|p| p[0] == square) { Click::Select(vec![square]) } else { Click::Select(Vec::new()) }
}

/// A line through the centres of `squares`.
fn draw_path(
    painter: &egui::Painter,
    squares: &[usize],
    centre: impl Fn(usize) -> egui::Pos2,
    color: egui::Color32,
    size: f32,
) {
    let points: Vec<egui::Pos2> = squares.iter().map(|&i| centre(i)).collect();
    if points.len() >= 2 {
        painter.add(egui::Shape::line(points, egui::Stroke::new((size * 0.06).max(2.0), color.gamma_multiply(0.8))));
    }
}

/// A man is a disc with a rim; a king also carries a gold crown.
fn draw_piece(painter: &egui::Painter, at: egui::Pos2, size: f32, side: Side, king: bool) {
    let (fill, rim) = match side {
        Side::Max => (egui::Color32::from_rgb(40, 36, 34), egui::Color32::from_rgb(110, 100, 95)),
        Side::Min => (egui::Color32::from_rgb(246, 240, 226), egui::Color32::from_rgb(150, 140, 120)),
    };
    super::pieces::draw_man(painter, at, size, fill, rim, king);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_select_extend_play_and_cancel() {
        // Two captures from square index 0 that share their first landing, and a plain move of index 5.
        let legal = vec![vec![0, 9, 18], vec![0, 9, 16], vec![5, 9]];
        // Two paths from 3 to 21 by different ways: the end alone is not enough, the landing decides.
        let ambiguous = vec![vec![3, 12, 21], vec![3, 14, 21]];
        assert_eq!(click(&ambiguous, &[3], 21), Click::Select(vec![3]));
        assert_eq!(click(&ambiguous, &[3], 14), Click::Select(vec![3, 14]));
        assert_eq!(click(&ambiguous, &[3, 14], 21), Click::Play(1));
        assert_eq!(click(&legal, &[], 0), Click::Select(vec![0]));
        assert_eq!(click(&legal, &[], 30), Click::Select(vec![]));
        // The final square alone is enough when one path ends there.
        assert_eq!(click(&legal, &[0], 18), Click::Play(0));
        // The shared landing extends the selection; then the end plays.
        assert_eq!(click(&legal, &[0], 9), Click::Select(vec![0, 9]));
        assert_eq!(click(&legal, &[0, 9], 16), Click::Play(1));
        // Another movable piece reselects; an empty square cancels.
        assert_eq!(click(&legal, &[0], 5), Click::Select(vec![5]));
        assert_eq!(click(&legal, &[0], 27), Click::Select(vec![]));
        assert_eq!(click(&legal, &[5], 9), Click::Play(2));
    }
}
