//! The chess painter: 8 × 8, White at the bottom (Black when the board is flipped), files a–h under the board and
//! ranks 1–8 beside it. Pieces are the Chessnut set (Alexis Luengas, Apache-2.0), rasterised at the square's size
//! by [`super::piece_art`]; if the set cannot be read, lettered discs stand in. The last move's squares are tinted,
//! the hint outlined, and a king in check sits on a red disc.
//!
//! Input: drag a piece to its destination, or click a piece to select it (its legal destinations are dotted,
//! captures ringed), then click a destination. To castle, click the king and then its destination (g- or c-file). A pawn reaching the last rank
//! opens a row of four buttons — queen, rook, bishop, knight — over the board; a click elsewhere cancels. Squares
//! are labelled with their names (`e2`) for screen readers and tests. The selection lives in egui's memory, keyed
//! to the position, so it is dropped when the position changes.

use super::view::{Marks, cell_size, clickable, snapped_board};
use crate::engine::game::Game;
use crate::games::any::{AnyMove, Playable};
use crate::games::chess::cozy_chess::{Board, Color, Move, Piece, Square};
use crate::games::chess::{Chess, san, why};
use eframe::egui;

const LIGHT_SQUARE: egui::Color32 = egui::Color32::from_rgb(240, 217, 181);
const DARK_SQUARE: egui::Color32 = egui::Color32::from_rgb(181, 136, 99);
const MARK_LAST: egui::Color32 = egui::Color32::from_rgba_unmultiplied_const(205, 210, 60, 120);
const MARK_HINT: egui::Color32 = egui::Color32::from_rgb(46, 204, 113);
const MARK_SELECT: egui::Color32 = egui::Color32::from_rgb(80, 160, 255);
const MARK_CHECK: egui::Color32 = egui::Color32::from_rgb(230, 60, 50);

/// The promotion pieces, in the order of the buttons.
const PROMOTIONS: [Piece; 4] = [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight];

/// The square selected, a promotion waiting for its piece, and the position they belong to.
#[derive(Clone, Copy, Debug, Default)]
struct Selection {
    position: u64,
    from: Option<Square>,
    /// From and (displayed) to of a pawn move that promotes, until a piece is chosen.
    promoting: Option<(Square, Square)>,
    /// The selected piece follows the pointer.
    dragging: bool,
}

/// The painter as the list of families holds it (see `crate::families`).
pub fn paint(ui: &mut egui::Ui, game: &crate::games::any::AnyGame, marks: &Marks) -> Option<crate::app::play::Action> {
    Some(match show(ui, game.downcast_ref::<Chess>()?, marks)? {
        Ok(mv) => crate::app::play::Action::Play(mv),
        Err(why) => crate::app::play::Action::Refuse(why),
    })
}

/// Draws `game` and returns the move the clicks complete, or why the square clicked completes none.
pub fn show(ui: &mut egui::Ui, game: &Chess, marks: &Marks) -> Option<Result<AnyMove, String>> {
    let area = ui.available_rect_before_wrap();
    let (rect, size) =
        snapped_board(area.center(), cell_size(area.shrink(12.0).size(), 8, 8), 8, 8, ui.pixels_per_point());
    let board = Geometry { rect, size, flipped: marks.flipped };
    let painter = ui.painter_at(area);
    paint_squares(&painter, &board, game, marks);
    paint_coordinates(&painter, &board, ui.visuals().text_color());
    if let Some(hint) = marks.hint.and_then(Chess::decode) {
        for square in [hint.from, san::displayed_destination(game.board(), hint)] {
            let stroke = egui::Stroke::new(3.0, MARK_HINT);
            painter.rect_stroke(board.square(square).shrink(2.0), 2.0, stroke, egui::StrokeKind::Inside);
        }
    }
    let legal: Vec<Move> = if marks.interactive { game.legal_moves() } else { Vec::new() };
    let memory_id = ui.scope_id().with("chess selection");
    let key = game.position_hash() ^ game.moves_played() as u64;
    let mut selection: Selection = ui.data(|d| d.get_temp(memory_id)).unwrap_or_default();
    if selection.position != key || !marks.interactive || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
        selection = Selection { position: key, ..Selection::default() };
    }
    let played = handle_clicks(ui, &board, game.board(), &legal, marks.interactive, &mut selection);
    paint_pieces(ui, &painter, &board, game.board(), &legal, &selection, memory_id);
    ui.data_mut(|d| d.insert_temp(memory_id, selection));
    played.map(|played| played.map(Chess::encode))
}

/// Where the board is on the screen: its rectangle, a square's size, and whether Black is at the bottom.
struct Geometry {
    rect: egui::Rect,
    size: f32,
    flipped: bool,
}

impl Geometry {
    /// The rectangle of `square`.
    fn square(&self, square: Square) -> egui::Rect {
        let (column, row) = (square.file() as usize, 7 - square.rank() as usize);
        let (column, row) = if self.flipped { (7 - column, 7 - row) } else { (column, row) };
        egui::Rect::from_min_size(
            self.rect.min + egui::vec2(column as f32, row as f32) * self.size,
            egui::Vec2::splat(self.size),
        )
    }

    /// The square under `pos`, if any.
    fn square_at(&self, pos: egui::Pos2) -> Option<Square> {
        Square::ALL.into_iter().find(|&s| self.square(s).contains(pos))
    }
}

/// The squares, the last move and a king in check.
fn paint_squares(painter: &egui::Painter, board: &Geometry, game: &Chess, marks: &Marks) {
    let board_state = game.board();
    let last = marks.last.and_then(Chess::decode);
    let last_squares: Vec<Square> = last.map(|mv| vec![mv.from, mv.to]).unwrap_or_default();
    let checked_king = game.in_check().then(|| board_state.king(board_state.side_to_move()));
    for square in Square::ALL {
        let rect = board.square(square);
        let light = (square.file() as usize + square.rank() as usize) % 2 == 1;
        painter.rect_filled(rect, 0.0, if light { LIGHT_SQUARE } else { DARK_SQUARE });
        if last_squares.contains(&square) {
            painter.rect_filled(rect, 0.0, MARK_LAST);
        }
        if checked_king == Some(square) {
            painter.circle_filled(rect.center(), board.size * 0.48, MARK_CHECK.gamma_multiply(0.8));
        }
    }
    painter.rect_stroke(board.rect, 0.0, egui::Stroke::new(2.0, DARK_SQUARE), egui::StrokeKind::Outside);
}

/// The files below the board and the ranks beside it, as the board is turned.
fn paint_coordinates(painter: &egui::Painter, board: &Geometry, text_color: egui::Color32) {
    let size = board.size;
    let coordinate_font = egui::FontId::proportional((size * 0.3).clamp(10.0, 16.0));
    for i in 0..8 {
        let (file_index, rank_index) = if board.flipped { (7 - i, 7 - i) } else { (i, i) };
        let file = ((b'a' + file_index as u8) as char).to_string();
        let below = board.rect.left_bottom() + egui::vec2((i as f32 + 0.5) * size, size * 0.25);
        painter.text(below, egui::Align2::CENTER_CENTER, file, coordinate_font.clone(), text_color);
        let beside = board.rect.left_bottom() - egui::vec2(size * 0.25, (i as f32 + 0.5) * size);
        let rank = (rank_index + 1).to_string();
        painter.text(beside, egui::Align2::CENTER_CENTER, rank, coordinate_font.clone(), text_color);
    }
}

/// Turns clicks and drags on the squares and the promotion row into the selection, and into the move they
/// complete, if any: a piece of the side to move selected (clicked or dragged), then a destination; a promotion
/// asks for its piece with a row of four buttons.
fn handle_clicks(
    ui: &mut egui::Ui,
    board: &Geometry,
    board_state: &Board,
    legal: &[Move],
    interactive: bool,
    selection: &mut Selection,
) -> Option<Result<Move, String>> {
    let mut played = None;
    let mut clicked_square = None;
    let mut dragged_to = None;
    for square in Square::ALL {
        let id = ui.scope_id().with(("chess square", square as usize));
        let response = ui.interact(board.square(square), id, egui::Sense::click_and_drag());
        let name = square.to_string();
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name.clone()));
        if response.clicked() {
            clicked_square = Some(square);
        }
        // Dragging a piece of the side to move selects it; letting go over a square plays there.
        if response.drag_started() && interactive && legal.iter().any(|mv| mv.from == square) {
            selection.from = Some(square);
            selection.dragging = true;
        }
        if response.drag_stopped() && selection.dragging {
            selection.dragging = false;
            let released = response.interact_pointer_pos().or(ui.input(|i| i.pointer.latest_pos()));
            dragged_to = released.and_then(|pos| board.square_at(pos));
        }
    }
    if let Some(to) = dragged_to.filter(|&to| Some(to) != selection.from) {
        clicked_square = Some(to);
    }
    // The promotion buttons, registered after the squares so they lie on top and take the click.
    if let Some((from, to)) = selection.promoting {
        for (k, piece) in PROMOTIONS.into_iter().enumerate() {
            let rect = promotion_rect(board.rect, board.size, to, k, board.flipped);
            let id = ui.scope_id().with(("chess promotion", k));
            if clickable(ui, rect, id, format!("promote to {}", why::piece_name(piece))).clicked() {
                played = legal
                    .iter()
                    .copied()
                    .find(|mv| {
                        mv.from == from
                            && san::displayed_destination(board_state, *mv) == to
                            && mv.promotion == Some(piece)
                    })
                    .map(Ok);
                selection.promoting = None;
                selection.from = None;
                clicked_square = None;
            }
        }
    }
    if let Some(square) = clicked_square.filter(|_| interactive) {
        if selection.promoting.take().is_none() {
            let to_here: Vec<Move> = selection
                .from
                .map(|from| {
                    legal
                        .iter()
                        .copied()
                        .filter(|mv| mv.from == from && san::displayed_destination(board_state, *mv) == square)
                        .collect()
                })
                .unwrap_or_default();
            match to_here[..] {
                [only] => {
                    played = Some(Ok(only));
                    selection.from = None;
                }
                [first, ..] => selection.promoting = Some((first.from, square)),
                [] => {
                    let movable = legal.iter().any(|mv| mv.from == square);
                    if !movable && selection.from != Some(square) {
                        played = refusal(board_state, selection.from, square).map(Err);
                    }
                    selection.from = movable.then_some(square);
                }
            }
        } else {
            selection.from = None;
        }
    }
    played
}

/// Why a click on `square` plays nothing, with the piece on `from` selected (or none): `None` for a click that
/// needs no word (an empty square with nothing selected).
fn refusal(board: &Board, from: Option<Square>, square: Square) -> Option<String> {
    let mover = board.side_to_move();
    if board.color_on(square) == Some(mover) {
        // A piece of the side to move that cannot move: the click would otherwise select it, so it says why not.
        let name = board.piece_on(square).map_or("piece", why::piece_name);
        let check = if board.checkers().is_empty() { "" } else { ": your king is in check" };
        return Some(format!("The {name} on {square} has no legal move{check}."));
    }
    match from {
        Some(from) => Some(why::why_not(board, from, square)),
        None => board.color_on(square).map(|_| why::why_not(board, square, square)),
    }
}

/// The pieces (the one being dragged last, under the pointer), then the selection and its destinations, then the
/// promotion row over them.
fn paint_pieces(
    ui: &egui::Ui,
    painter: &egui::Painter,
    board: &Geometry,
    board_state: &Board,
    legal: &[Move],
    selection: &Selection,
    memory_id: egui::Id,
) {
    let size = board.size;
    let pointer = ui.input(|i| i.pointer.latest_pos()).filter(|_| selection.dragging);
    for square in Square::ALL {
        if let (Some(piece), Some(color)) = (board_state.piece_on(square), board_state.color_on(square)) {
            if pointer.is_some() && selection.from == Some(square) {
                continue;
            }
            draw_piece(painter, board.square(square), piece, color);
        }
    }
    if let Some(from) = selection.from.filter(|_| selection.promoting.is_none()) {
        let stroke = egui::Stroke::new(3.0, MARK_SELECT);
        painter.rect_stroke(board.square(from).shrink(1.5), 0.0, stroke, egui::StrokeKind::Inside);
        for mv in legal.iter().filter(|mv| mv.from == from) {
            let to = san::displayed_destination(board_state, *mv);
            let centre = board.square(to).center();
            if san::is_capture(board_state, *mv) {
                painter.circle_stroke(centre, size * 0.42, egui::Stroke::new(3.0, MARK_SELECT.gamma_multiply(0.8)));
            } else {
                painter.circle_filled(centre, size * 0.13, MARK_SELECT.gamma_multiply(0.8));
            }
        }
    }
    if let Some((_, to)) = selection.promoting {
        // Drawn last, over the pieces under the row.
        for (k, piece) in PROMOTIONS.into_iter().enumerate() {
            let rect = promotion_rect(board.rect, size, to, k, board.flipped);
            let stroke = egui::Stroke::new(2.0, MARK_SELECT);
            painter.rect(rect, 4.0, egui::Color32::from_gray(70), stroke, egui::StrokeKind::Inside);
            draw_piece(painter, rect, piece, board_state.side_to_move());
        }
    }
    if let (Some(at), Some(from)) = (pointer, selection.from) {
        if let (Some(piece), Some(color)) = (board_state.piece_on(from), board_state.color_on(from)) {
            let rect = egui::Rect::from_center_size(at, egui::Vec2::splat(size * 1.1));
            // Above everything, unclipped, so the piece stays visible wherever the pointer goes.
            let above = ui.ctx().layer_painter(egui::LayerId::new(egui::Order::Foreground, memory_id));
            draw_piece(&above, rect, piece, color);
        }
        ui.ctx().set_cursor_icon(egui::CursorIcon::Grabbing);
    }
}

/// The `k`th promotion button: a row of four on the promotion square's rank, starting at its file (or earlier,
/// to stay on the board).
fn promotion_rect(board: egui::Rect, size: f32, to: Square, k: usize, flipped: bool) -> egui::Rect {
    let file = if flipped { 7 - to.file() as usize } else { to.file() as usize };
    let column = file.min(4) + k;
    let row = if flipped { to.rank() as usize } else { 7 - to.rank() as usize };
    egui::Rect::from_min_size(board.min + egui::vec2(column as f32, row as f32) * size, egui::Vec2::splat(size))
}

/// A piece filling the square `rect`: the Chessnut piece, or, should the set not load, a lettered disc.
fn draw_piece(painter: &egui::Painter, rect: egui::Rect, piece: Piece, color: Color) {
    if !super::piece_art::paint(painter, rect, color == Color::White, piece) {
        draw_disc(painter, rect.center(), rect.width(), piece, color);
    }
}

/// A piece as a disc with its SAN letter (egui's bundled fonts have no chess glyphs), light for White and dark for
/// Black; a pawn is a smaller plain disc.
fn draw_disc(painter: &egui::Painter, at: egui::Pos2, size: f32, piece: Piece, color: Color) {
    let (fill, edge) = match color {
        Color::White => (egui::Color32::from_rgb(250, 248, 240), egui::Color32::from_rgb(40, 40, 40)),
        Color::Black => (egui::Color32::from_rgb(35, 35, 35), egui::Color32::from_rgb(210, 210, 210)),
    };
    let radius = if piece == Piece::Pawn { size * 0.24 } else { size * 0.36 };
    painter.circle_filled(at + egui::vec2(0.0, size * 0.04), radius, egui::Color32::from_black_alpha(70));
    painter.circle(at, radius, fill, egui::Stroke::new((size * 0.04).max(1.5), edge));
    if piece == Piece::King {
        painter.circle_stroke(at, radius * 0.78, egui::Stroke::new(1.0, edge));
    }
    let letter = san::piece_letter(piece);
    if !letter.is_empty() {
        painter.text(at, egui::Align2::CENTER_CENTER, letter, egui::FontId::proportional(size * 0.42), edge);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    /// The painter alone on `game`, keeping the last move it returned.
    fn painter(game: Chess) -> Harness<'static, Option<AnyMove>> {
        Harness::builder().with_size(egui::vec2(640.0, 640.0)).build_ui_state(
            move |ui, played: &mut Option<AnyMove>| {
                let marks = Marks {
                    last: None,
                    hint: None,
                    interactive: true,
                    live: true,
                    dice: Default::default(),
                    flipped: false,
                };
                if let Some(Ok(mv)) = show(ui, &game, &marks) {
                    *played = Some(mv);
                }
            },
            None,
        )
    }

    #[test]
    fn a_promotion_waits_for_the_piece_chosen() {
        let game = Chess::from_fen("8/4P2k/8/8/8/8/8/K7 w - - 0 1").expect("valid");
        let mut harness = painter(game.clone());
        harness.run();
        harness.get_by_label("e7").click();
        harness.run();
        harness.get_by_label("e8").click();
        harness.run();
        assert_eq!(*harness.state(), None, "no piece chosen yet");
        harness.get_by_label("promote to knight").click();
        harness.run();
        let played = harness.state().and_then(Chess::decode).expect("a move");
        assert_eq!(game.move_name(played), "e8=N");
    }

    #[test]
    fn castling_is_clicked_as_the_king_going_two_squares() {
        let game = Chess::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("valid");
        let mut harness = painter(game.clone());
        harness.run();
        harness.get_by_label("e1").click();
        harness.run();
        harness.get_by_label("c1").click();
        harness.run();
        let played = harness.state().and_then(Chess::decode).expect("a move");
        assert_eq!(game.move_name(played), "O-O-O");
    }
}
