//! The board area: picks the position on view (the game, or an earlier position read-only) and hands it to the
//! painter of its rule family. Painters draw, and turn a click into a move; whether the move may be played is
//! decided in one place ([`crate::app::play::Play::apply`]), which also says why when it may not.

use crate::app::play::{Action, Play, PlayerKind};
use crate::engine::game::Side;
use crate::games::any::{AnyGame, AnyMove};
use eframe::egui;

/// A family's painter (listed beside the family in [`super::PAINTERS`]): draws the position and returns what a
/// click asks for. It gets the position erased and takes its own game back with [`AnyGame::downcast_ref`].
pub type Painter = fn(&mut egui::Ui, &AnyGame, &Marks) -> Option<Action>;

/// What a painter needs besides the position.
pub struct Marks {
    /// The move that led to the position on view.
    pub last: Option<AnyMove>,
    /// A hint to show.
    pub hint: Option<AnyMove>,
    /// True when a click plays: a person is to move in the game itself. Hover previews show only then.
    pub interactive: bool,
    /// True when the position is the game's own, not an earlier one on view.
    pub live: bool,
    /// How the dice games' die is rolled.
    pub dice: crate::app::play::dice::Dice,
    /// The board turned round: the second side at the bottom (chess, draughts).
    pub flipped: bool,
}

/// Draws the board for the position on view and pushes the move a click names.
pub fn show(play: &mut Play, ui: &mut egui::Ui) {
    if crate::app::play::review::learn::active(play) {
        return exercise(play, ui);
    }
    let record = &play.history;
    let ply = play.viewing.unwrap_or(record.moves().len());
    let position = if play.viewing.is_some() { record.position_at(ply) } else { record.position().clone() };
    let human_to_move = play.players[crate::app::play::index(position.side_to_move())].kind == PlayerKind::Human;
    let marks = Marks {
        last: ply.checked_sub(1).and_then(|i| record.moves().get(i).copied()),
        hint: play.hint().filter(|_| play.viewing.is_none()),
        interactive: play.viewing.is_none() && position.outcome().is_none() && human_to_move,
        live: play.viewing.is_none(),
        dice: play.dice,
        flipped: play.flipped,
    };
    let family = play.entry().variant.rules.family();
    match super::painter(family) {
        Some(paint) => {
            if let Some(action) = paint(ui, &position, &marks) {
                play.actions.push(action);
            }
        }
        None => {
            ui.label(format!("No painter is listed for the {family} family."));
        }
    }
}

/// The board of *Learn from your mistakes*: the exercise's own position, a click on it a try (never a move of the
/// game).
fn exercise(play: &mut Play, ui: &mut egui::Ui) {
    use crate::app::play::review::{self, learn};
    let Some(exercise) = play.review.learn.exercise.as_ref() else { return };
    let (position, last, interactive) = exercise.board();
    let marks = Marks { last, hint: None, interactive, live: false, dice: play.dice, flipped: play.flipped };
    let family = play.entry().variant.rules.family();
    let Some(paint) = super::painter(family) else {
        ui.label(format!("No painter is listed for the {family} family."));
        return;
    };
    let action = match paint(ui, &position, &marks) {
        Some(Action::Play(mv)) if interactive => Action::Review(review::Action::Learn(learn::Action::Try(mv))),
        Some(Action::Play(_)) => return,
        Some(other) => other,
        None => return,
    };
    play.actions.push(action);
}

/// A side's stone colour: the first player's red, the second's gold, as on a Connect Four board.
pub fn stone_color(side: Side) -> egui::Color32 {
    match side {
        Side::Max => egui::Color32::from_rgb(214, 48, 49),
        Side::Min => egui::Color32::from_rgb(241, 196, 15),
    }
}

/// The largest cell: a small board (tic-tac-toe) grows with the window up to it, and stays a board, not a wall.
/// At 96 a 3 × 3 board was a third of the height at 1280 × 800 and a fifth at 2560 × 1440.
const LARGEST_CELL: f32 = 160.0;

/// The cell size that fits `columns` × `rows` cells (plus a margin of one cell for coordinates) into `available`.
pub fn cell_size(available: egui::Vec2, columns: usize, rows: usize) -> f32 {
    let by_width = available.x / (columns as f32 + 1.0);
    let by_height = available.y / (rows as f32 + 1.0);
    by_width.min(by_height).clamp(16.0, LARGEST_CELL)
}

/// The rectangle of a board of `columns` × `rows` cells of about `size` centred on `centre`, and its cell size,
/// both on whole pixels: squares painted edge to edge at fractional positions are each faded at the shared edge,
/// and the background showed through as a dark seam down the middle of the chess board.
pub fn snapped_board(
    centre: egui::Pos2,
    size: f32,
    columns: usize,
    rows: usize,
    pixels_per_point: f32,
) -> (egui::Rect, f32) {
    use egui::emath::GuiRounding;
    let size = ((size * pixels_per_point).floor() / pixels_per_point).max(1.0 / pixels_per_point);
    let extent = egui::vec2(columns as f32, rows as f32) * size;
    let min = (centre - extent / 2.0).round_to_pixels(pixels_per_point);
    (egui::Rect::from_min_size(min, extent), size)
}

/// An area of the board that can be clicked, labelled for screen readers and tests (`name`).
pub fn clickable(ui: &mut egui::Ui, rect: egui::Rect, id: egui::Id, name: String) -> egui::Response {
    let response = ui.interact(rect, id, egui::Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name.clone()));
    response
}
