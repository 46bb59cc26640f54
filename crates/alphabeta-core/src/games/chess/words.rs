//! Chess's search scores in words, for the search panel, and how the Telemetry view plots them.

use crate::engine::game::{Side, Value};
use crate::games::score_words::{ScoreAxis, own_moves, signed, win_in};

/// Chess: pawns; a mate score is a win.
pub const AXIS: ScoreAxis = ScoreAxis { unit: "pawns", divisor: 100.0, win_from: super::WIN - 10_000.0 };

/// Chess: centipawns as pawns, a mate as "White mates in 3".
pub fn score_in_words(value: Value, plies: usize, to_move: Side) -> String {
    const WIN: Value = super::WIN;
    if value.abs() > WIN - 10_000.0 {
        let end = (WIN - value.abs()).round() as i64;
        return win_in(to_move, value > 0.0, own_moves(plies as i64, end), ["White", "Black"], "mates");
    }
    signed(value / 100.0, 2, "pawns")
}
