//! The EinStein würfelt nicht! painter: the 5 × 5 board (`a1` top left, as in the move names) with Red's and Blue's
//! numbered stones, each side's target corner tinted in its colour, and the die beside the board, large, with its
//! face's pips.
//!
//! Input: at a roll, the "Roll" button beside the status line, where every dice game has it (the seeded die of
//! [`crate::app::play::dice`]), or, in the analysis mode that enters the die by hand, the buttons "1"–"6" here.
//! Between a move and the next roll the die still shows the roll that moved, faded, so the AI's roll stays in view. After the roll the stones that may move are ringed; click one (it is selected
//! at once when it is the only one), then its destination — or a destination directly when only one move lands
//! there. The selection lives in egui's memory, keyed to the position, so it is dropped when the position changes.

use super::view::{Marks, cell_size, clickable};
use crate::app::play::Action;
use crate::app::play::dice::Dice;
use crate::engine::game::{Game, Side, Turn};
use crate::games::any::AnyMove;
use crate::games::einstein::{Einstein, EinsteinMove, ROLL, square_name, target};
use eframe::egui;

const BOARD: egui::Color32 = egui::Color32::from_rgb(236, 224, 200);
const LINE: egui::Color32 = egui::Color32::from_rgb(120, 100, 80);
const MARK_LAST: egui::Color32 = egui::Color32::from_rgb(236, 190, 60);
const MARK_HINT: egui::Color32 = egui::Color32::from_rgb(46, 204, 113);
const MARK_MOVABLE: egui::Color32 = egui::Color32::from_rgb(255, 215, 0);
const MARK_SELECT: egui::Color32 = egui::Color32::from_rgb(40, 120, 255);

/// A side's stone colour.
pub fn stone_color(side: Side) -> egui::Color32 {
    match side {
        Side::Max => egui::Color32::from_rgb(200, 40, 40),
        Side::Min => egui::Color32::from_rgb(40, 90, 200),
    }
}

/// How the window names an EinStein side.
pub fn colour_name(side: Side) -> &'static str {
    match side {
        Side::Max => "Red",
        Side::Min => "Blue",
    }
}

/// The stone picked, and the position it belongs to.
#[derive(Clone, Copy, Debug, Default)]
struct Selection {
    position: u64,
    from: Option<u8>,
}

/// The painter as the list of families holds it (see `crate::families`).
pub fn paint(ui: &mut egui::Ui, game: &crate::games::any::AnyGame, marks: &Marks) -> Option<Action> {
    show(ui, game.downcast_ref::<Einstein>()?, marks, &marks.dice, marks.live)
}

/// Draws `game` and returns what a click asks for: a move, a roll, or a change of the dice mode.
///
/// `live` is true when the position is the game's own (not an earlier one on view): the die may be entered by hand
/// then, whoever is to roll.
pub fn show(ui: &mut egui::Ui, game: &Einstein, marks: &Marks, dice: &Dice, live: bool) -> Option<Action> {
    let area = ui.available_rect_before_wrap();
    // The board's five columns, a margin column for the coordinates and three for the die beside it.
    let size = cell_size(area.shrink(12.0).size(), 8, 5);
    let block = egui::vec2(size * 9.0, size * 6.0);
    let grid = Grid { origin: area.center() - block / 2.0 + egui::vec2(size, size), size };
    let painter = ui.painter_at(area);
    let font = egui::FontId::proportional((size * 0.25).clamp(10.0, 16.0));
    paint_board(&painter, &grid, ui.visuals().text_color(), &font);

    let deciding = marks.interactive && game.turn() != Turn::Chance;
    let (steps, movable) = playable_steps(game, deciding);

    let memory_id = ui.scope_id().with("einstein selection");
    let key = game.position_hash() ^ game.moves_played() as u64;
    let mut selection: Selection = ui.data(|d| d.get_temp(memory_id)).unwrap_or_default();
    if selection.position != key || !deciding {
        selection = Selection { position: key, from: None };
    }
    if let [only] = movable[..] {
        selection.from = Some(only);
    }

    let action = square_clicks(ui, &grid, &steps, deciding, &mut selection);
    paint_marks(&painter, &grid, game, marks, &steps, &movable, selection.from);
    ui.data_mut(|d| d.insert_temp(memory_id, selection));
    die_panel(ui, &painter, &grid, game, dice, live, &font).or(action)
}

/// Where the board lies: its top-left corner and the side of a square.
struct Grid {
    origin: egui::Pos2,
    size: f32,
}

impl Grid {
    /// The board itself.
    fn board(&self) -> egui::Rect {
        egui::Rect::from_min_size(self.origin, egui::Vec2::splat(self.size * 5.0))
    }

    /// The square `cell` covers.
    fn rect_of(&self, cell: u8) -> egui::Rect {
        let (column, row) = (cell % 5, cell / 5);
        egui::Rect::from_min_size(
            self.origin + egui::vec2(f32::from(column), f32::from(row)) * self.size,
            egui::Vec2::splat(self.size),
        )
    }
}

/// Paints the board, both goals, the grid lines and the coordinates.
fn paint_board(painter: &egui::Painter, grid: &Grid, text_color: egui::Color32, font: &egui::FontId) {
    let (board, size) = (grid.board(), grid.size);
    painter.rect_filled(board, 4.0, BOARD);
    for side in [Side::Max, Side::Min] {
        // A side's goal, tinted in its colour.
        painter.rect_filled(grid.rect_of(target(side)).shrink(1.0), 0.0, stone_color(side).gamma_multiply(0.25));
    }
    let line = egui::Stroke::new(1.0, LINE);
    for i in 0..=5 {
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
    for i in 0..5u8 {
        let top = grid.rect_of(i).center_top() - egui::vec2(0.0, size * 0.3);
        painter.text(top, egui::Align2::CENTER_CENTER, ((b'a' + i) as char).to_string(), font.clone(), text_color);
        let left = grid.rect_of(i * 5).left_center() - egui::vec2(size * 0.3, 0.0);
        painter.text(left, egui::Align2::CENTER_CENTER, (i + 1).to_string(), font.clone(), text_color);
    }
}

/// The steps the player may click (move, from, to) and the stones that may move, none unless `deciding`.
fn playable_steps(game: &Einstein, deciding: bool) -> (Vec<(EinsteinMove, u8, u8)>, Vec<u8>) {
    let mut legal: Vec<EinsteinMove> = Vec::new();
    if deciding {
        game.generate_moves(&mut legal);
    }
    let steps: Vec<(EinsteinMove, u8, u8)> =
        legal.iter().filter_map(|&mv| game.step_squares(mv).map(|(from, to)| (mv, from, to))).collect();
    let mut movable: Vec<u8> = steps.iter().map(|s| s.1).collect();
    movable.dedup();
    (steps, movable)
}

/// Makes every square clickable and turns a click into a new selection, a move or a refusal.
fn square_clicks(
    ui: &mut egui::Ui,
    grid: &Grid,
    steps: &[(EinsteinMove, u8, u8)],
    deciding: bool,
    selection: &mut Selection,
) -> Option<Action> {
    let mut action = None;
    for cell in 0..25u8 {
        let response = clickable(
            ui,
            grid.rect_of(cell),
            ui.scope_id().with(("einstein square", cell)),
            format!("square {}", square_name(cell)),
        );
        if response.clicked() && deciding {
            let (next, chosen) = click(steps, selection.from, cell);
            selection.from = next;
            action = chosen.map(|mv| Action::Play(AnyMove::from(mv))).or(action);
            if chosen.is_none() && next.is_none() {
                action = Some(Action::Refuse(format!("No stone the die lets move can go to {}.", square_name(cell))));
            }
        }
    }
    action
}

/// Paints the last move, the hint, the stones, the movable stones' rings and the selection with its destinations.
fn paint_marks(
    painter: &egui::Painter,
    grid: &Grid,
    game: &Einstein,
    marks: &Marks,
    steps: &[(EinsteinMove, u8, u8)],
    movable: &[u8],
    selected: Option<u8>,
) {
    let size = grid.size;
    // The last move and the hint: start and end squares outlined.
    for (mv, color) in [(marks.last, MARK_LAST), (marks.hint, MARK_HINT)] {
        if let Some((from, to)) = mv.and_then(|m| u16::try_from(m).ok()).and_then(|m| game.step_squares(m)) {
            for cell in [from, to] {
                painter.rect_stroke(
                    grid.rect_of(cell).shrink(2.0),
                    2.0,
                    egui::Stroke::new(3.0, color),
                    egui::StrokeKind::Inside,
                );
            }
        }
    }
    for cell in 0..25u8 {
        if let Some((side, n)) = game.stone(cell) {
            draw_stone(painter, grid.rect_of(cell), side, n);
        }
    }
    for &cell in movable {
        painter.circle_stroke(grid.rect_of(cell).center(), size * 0.44, egui::Stroke::new(3.0, MARK_MOVABLE));
    }
    if let Some(from) = selected {
        painter.circle_stroke(grid.rect_of(from).center(), size * 0.44, egui::Stroke::new(4.0, MARK_SELECT));
        for &(_, _, to) in steps.iter().filter(|s| s.1 == from) {
            painter.circle_filled(grid.rect_of(to).center(), size * 0.1, MARK_SELECT);
        }
    }
}

/// The die, beside the board, with its caption, the roll buttons and the dice-mode checkbox.
fn die_panel(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    grid: &Grid,
    game: &Einstein,
    dice: &Dice,
    live: bool,
    font: &egui::FontId,
) -> Option<Action> {
    let (board, size) = (grid.board(), grid.size);
    let die_rect =
        egui::Rect::from_min_size(board.right_top() + egui::vec2(size * 0.8, 0.0), egui::Vec2::splat(size * 1.6));
    // Until the next roll, the roll that moved stays on the die, faded: the AI's roll would otherwise vanish as
    // soon as its stone moved.
    let (face, rim) = match (game.die(), game.last_roll()) {
        (None, Some((side, face))) if !game.is_over() => (Some(face), stone_color(side).gamma_multiply(0.45)),
        (face, _) => (face, stone_color(game.to_move())),
    };
    super::pieces::draw_die(painter, die_rect, face, rim);
    let controls = egui::Rect::from_min_max(
        die_rect.left_bottom() + egui::vec2(0.0, size * 0.3),
        egui::pos2(die_rect.left() + size * 2.6, board.bottom()),
    );
    let column = egui::UiBuilder::new().max_rect(controls).layout(egui::Layout::top_down(egui::Align::Min));
    let mut action = None;
    ui.scope_builder(column, |ui| {
        let who = colour_name(game.to_move());
        let caption = match game.die() {
            _ if game.is_over() => "Game over.".to_string(),
            Some(face) => format!("{who} rolled {face}."),
            None => match game.last_roll() {
                Some((side, face)) => format!("{} rolled {face} and moved. {who} to roll.", colour_name(side)),
                None => format!("{who} to roll."),
            },
        };
        ui.label(egui::RichText::new(caption).font(font.clone()));
        let rolling = game.turn() == Turn::Chance && !game.is_over();
        if rolling && dice.by_hand && live {
            ui.horizontal_wrapped(|ui| {
                for face in 1..=6u8 {
                    let button = egui::Button::new(egui::RichText::new(face.to_string()).font(font.clone()).strong());
                    if ui.add(button).on_hover_text(format!("The die shows {face}")).clicked() {
                        action = Some(Action::Play(AnyMove::from(ROLL | u16::from(face))));
                    }
                }
            });
        }
        let mut by_hand = dice.by_hand;
        if ui.checkbox(&mut by_hand, "analysis: enter the die by hand").changed() {
            action = Some(Action::EnterDieByHand(by_hand));
        }
        ui.label(format!("Die seed {}", dice.seed));
    });
    action
}

/// What a click on `cell` does: the new selection and the move to play. A destination of the selected stone plays
/// that step; a stone that may move becomes the selection; a destination only one move reaches plays it; anything
/// else clears the selection.
fn click(steps: &[(EinsteinMove, u8, u8)], selected: Option<u8>, cell: u8) -> (Option<u8>, Option<EinsteinMove>) {
    if let Some(&(mv, _, _)) = steps.iter().find(|s| Some(s.1) == selected && s.2 == cell) {
        return (None, Some(mv));
    }
    if steps.iter().any(|s| s.1 == cell) {
        return (Some(cell), None);
    }
    let landing: Vec<EinsteinMove> = steps.iter().filter(|s| s.2 == cell).map(|s| s.0).collect();
    match landing[..] {
        [only] => (None, Some(only)),
        _ => (selected.filter(|_| !landing.is_empty()), None),
    }
}

/// A rounded square in the side's colour with its number.
fn draw_stone(painter: &egui::Painter, rect: egui::Rect, side: Side, n: u8) {
    let stone = rect.shrink(rect.width() * 0.12);
    painter.rect_filled(
        stone.translate(egui::vec2(0.0, rect.width() * 0.03)),
        8.0,
        egui::Color32::from_black_alpha(60),
    );
    painter.rect(
        stone,
        8.0,
        stone_color(side),
        egui::Stroke::new(1.5, egui::Color32::from_black_alpha(120)),
        egui::StrokeKind::Inside,
    );
    let font = egui::FontId::proportional(rect.width() * 0.45);
    painter.text(stone.center(), egui::Align2::CENTER_CENTER, n.to_string(), font, egui::Color32::WHITE);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_select_a_stone_then_play_or_land_directly() {
        // Stone on 6 with steps to 7, 11, 12; stone on 0 with steps to 1, 5, 6 (6 captures the first).
        let steps = [(18, 6, 7), (19, 6, 11), (20, 6, 12), (0, 0, 1), (1, 0, 5), (2, 0, 6)];
        assert_eq!(click(&steps, None, 6), (Some(6), None), "a movable stone is selected");
        assert_eq!(click(&steps, Some(6), 12), (None, Some(20)));
        assert_eq!(click(&steps, Some(0), 6), (None, Some(2)), "the selected stone captures its own");
        assert_eq!(click(&steps, None, 11), (None, Some(19)), "a destination only one move reaches");
        assert_eq!(click(&steps, Some(6), 5), (None, Some(1)), "a destination only another stone reaches");
        assert_eq!(click(&steps, None, 24), (None, None));
    }
}
