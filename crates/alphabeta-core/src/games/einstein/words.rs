//! EinStein's search scores in words, for the search panel, and how the Telemetry view plots them.

use crate::engine::game::{Side, Value};
use crate::games::score_words::{ScoreAxis, signed};

/// EinStein: the expected result; wins are ± (1 − plies / 10,000), beyond any evaluation.
pub const AXIS: ScoreAxis = ScoreAxis { unit: "expected result", divisor: 1.0, win_from: 0.5 };

/// EinStein: a win is ±(1 − plies/10,000); below that, the evaluation (the chance-weighted race to the corner).
pub fn score_in_words(value: Value, plies: usize, to_move: Side, names: [&str; 2]) -> String {
    if value.abs() > 0.5 && (1.0 - value.abs()) * 10_000.0 < 5_000.0 {
        let end = ((1.0 - value.abs()) * 10_000.0).round() as i64;
        // Rolls are plies too: the winner's moves are every fourth ply or so; say plies here.
        let winner = if value > 0.0 { to_move } else { to_move.opponent() };
        let name = names[usize::from(winner == Side::Min)];
        return format!("{name} wins in {} plies", (end - plies as i64).max(1));
    }
    signed(value, 3, "expected result")
}
