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
        let to_go = (end - plies as i64).max(1) as u64;
        return format!("{name} wins in {}", crate::messages::counted(to_go, "ply", "plies"));
    }
    signed(value, 3, "expected result")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A win is counted in plies to go, "1 ply" for the last; an evaluation in the expected result.
    #[test]
    fn wins_count_the_plies_to_go_and_evaluations_the_expected_result() {
        let names = ["Red", "Blue"];
        // Found at ply 53, ending at ply 54: one ply to go; from Blue's side, Red's win.
        assert_eq!(score_in_words(1.0 - 54.0 / 10_000.0, 53, Side::Max, names), "Red wins in 1 ply");
        assert_eq!(score_in_words(-(1.0 - 57.0 / 10_000.0), 53, Side::Min, names), "Red wins in 4 plies");
        assert_eq!(score_in_words(0.25, 10, Side::Max, names), "+0.250 (expected result)");
    }
}
