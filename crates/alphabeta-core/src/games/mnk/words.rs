//! The m,n,k games's search scores in words, for the search panel, and how the Telemetry view plots them.

use crate::engine::game::{Side, Value};
use crate::games::score_words::{ScoreAxis, own_moves, signed, win_in};

/// The m,n,k games: open lines inside ± 1; from 1 up, wins.
pub const AXIS: ScoreAxis = ScoreAxis { unit: "open lines", divisor: 1.0, win_from: 1.0 };

/// The m,n,k games on `cells` squares: a win made with n stones on the board scores cells + 1 − n.
pub fn score_in_words(value: Value, plies: usize, cells: usize, to_move: Side, names: [&str; 2]) -> String {
    if value.abs() < 1.0 {
        return signed(value, 3, "open lines");
    }
    let end = cells as i64 + 1 - value.abs().round() as i64;
    win_in(to_move, value > 0.0, own_moves(plies as i64, end), names, "wins")
}
