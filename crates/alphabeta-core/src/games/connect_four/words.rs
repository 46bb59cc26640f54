//! Connect Four's search scores in words, for the search panel, and how the Telemetry view plots them.

use crate::engine::game::{Side, Value};
use crate::games::score_words::{ScoreAxis, own_moves, signed, win_in};

/// Connect Four: the evaluation counts threats inside ± 1; Pons' scores from 1 up are wins.
pub const AXIS: ScoreAxis = ScoreAxis { unit: "threats", divisor: 1.0, win_from: 1.0 };

/// Connect Four on `cells` squares: Pons' score s of a win made with n stones on the board, s = (cells + 2 − n) / 2,
/// read back into the winner's moves; scores under 1 in size are the evaluation's guesses.
pub fn score_in_words(value: Value, plies: usize, cells: usize, to_move: Side, names: [&str; 2]) -> String {
    if value.abs() < 1.0 {
        return if value == 0.0 { "0 (no threat either way)".into() } else { signed(value, 3, "threats") };
    }
    let score = value.abs().round() as i64;
    // Of the two stone counts the division allows, the one of the right parity: the winner's own stone.
    let winner_to_move = value > 0.0;
    let mut end = cells as i64 + 2 - 2 * score;
    let parity = if winner_to_move { plies as i64 + 1 } else { plies as i64 };
    if (end - parity).rem_euclid(2) != 0 {
        end -= 1;
    }
    win_in(to_move, winner_to_move, own_moves(plies as i64, end), names, "wins")
}
