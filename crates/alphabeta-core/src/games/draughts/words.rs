//! English draughts's search scores in words, for the search panel, and how the Telemetry view plots them.

use crate::engine::game::{Side, Value};
use crate::games::score_words::{ScoreAxis, own_moves, signed, win_in};

/// English draughts: men; a won game is a win.
pub const AXIS: ScoreAxis = ScoreAxis { unit: "men", divisor: 100.0, win_from: super::WIN - 10_000.0 };

/// English draughts: wins as "Black wins in 5 moves", else the evaluation.
pub fn score_in_words(value: Value, plies: usize, to_move: Side) -> String {
    const WIN: Value = super::WIN;
    if value.abs() > WIN - 10_000.0 {
        let end = (WIN - value.abs()).round() as i64;
        return win_in(to_move, value > 0.0, own_moves(plies as i64, end), ["Black", "White"], "wins");
    }
    signed(value / 100.0, 2, "men")
}
