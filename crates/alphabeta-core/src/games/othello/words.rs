//! Othello's search scores in words, for the search panel, and how the Telemetry view plots them.

use crate::engine::game::{Side, Value};
use crate::games::score_words::{ScoreAxis, signed};

/// Othello: evaluation points; a finished game (10,000 and up) is a win by so many discs.
pub const AXIS: ScoreAxis = ScoreAxis { unit: "evaluation points", divisor: 1.0, win_from: 10_000.0 };

/// Othello: a finished game's score is 10,000 + 100 × (margin + empties) + empties; below that, the evaluation.
pub fn score_in_words(value: Value, to_move: Side) -> String {
    if value.abs() >= 10_000.0 {
        let margin = ((value.abs() - 10_000.0) / 100.0).floor() as i64;
        let winner = if value > 0.0 { to_move } else { to_move.opponent() };
        let name = if winner == Side::Max { "Black" } else { "White" };
        return format!("{name} wins by {margin} discs");
    }
    signed(value, 0, "evaluation points")
}
