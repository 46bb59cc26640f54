//! Accuracy as Lichess computes it (<https://lichess.org/page/accuracy>; the method of lila's
//! `AccuracyPercent.scala`): one move's accuracy from the win percentage it gave away, and a side's game accuracy as
//! the average of two means of its moves' accuracies — one weighted by how volatile the game was around each move,
//! one harmonic, so that a single blunder weighs as it does for a player.

/// Lichess's fit of a move's accuracy to the win percentage it lost, `a · e^(−k · lost) + b`, with the constants lila
/// computes with (the accuracy page rounds them to 103.1668, 0.04354 and −3.1669).
const FIT: (f64, f64, f64) = (103.166_810_071_164_9, 0.043_544_153_867_539_51, -3.166_924_740_191_411);

/// Added to every move that loses something: the analysis behind the values is imperfect.
const UNCERTAINTY_BONUS: f64 = 1.0;

/// The bounds of a move's volatility weight: a quiet stretch still counts, a wild one no more than 24 times as much.
const WEIGHT_BOUNDS: (f64, f64) = (0.5, 12.0);

/// The bounds of the volatility window, in positions; within them it is a tenth of the game's moves.
const WINDOW_BOUNDS: (usize, usize) = (2, 8);

/// One move's accuracy, 0–100, from the mover's win probability (0–1) before and after it: on win percentages 0–100,
/// `103.1668 · e^(−0.04354 · (before% − after%)) − 3.1669 + 1` (the 1 for the analysis' uncertainty), clamped to
/// 0–100. A move that loses nothing scores 100.
pub fn accuracy_of(win_before: f64, win_after: f64) -> f64 {
    let lost = 100.0 * (win_before - win_after);
    if lost <= 0.0 {
        return 100.0;
    }
    let (a, k, b) = FIT;
    (a * (-k * lost).exp() + b + UNCERTAINTY_BONUS).clamp(0.0, 100.0)
}

/// One move of a game, for its sides' accuracy: who played it and the mover's win probabilities (0–1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveWin {
    /// The mover: 0 the first side, 1 the second.
    pub side: usize,
    /// The mover's win probability before the move (the best move's).
    pub before: f64,
    /// The mover's win probability after it.
    pub after: f64,
    /// The move counts in its side's accuracy (false for a forced move, which is no decision: it still shapes the
    /// game's volatility).
    pub counted: bool,
}

/// Each side's game accuracy (0–100) over the moves of a game in the order played; `None` for a side with no counted
/// move.
///
/// Lichess's method: the game is the curve of the first side's win percentage, the position before the first move
/// and the one after each move (`n` moves, `n + 1` points). Each move is weighted by the standard deviation (of the
/// population) of that curve over the window of `w = clamp(n / 10, 2, 8)` points ending at the position after it
/// (the first `w − 2` moves, whose windows would start before the game, share its first window), clamped to 0.5…12. A side's accuracy is the average of the
/// weighted mean of its moves' [`accuracy_of`] and their harmonic mean (each accuracy taken as at least 1 there).
pub fn game_accuracy(moves: &[MoveWin]) -> [Option<f64>; 2] {
    let first_side = |m: &MoveWin, p: f64| 100.0 * if m.side == 0 { p } else { 1.0 - p };
    let Some(start) = moves.first() else { return [None, None] };
    let curve: Vec<f64> =
        std::iter::once(first_side(start, start.before)).chain(moves.iter().map(|m| first_side(m, m.after))).collect();
    let window = (moves.len() / 10).clamp(WINDOW_BOUNDS.0, WINDOW_BOUNDS.1);
    // (Σ accuracy · weight, Σ weight, Σ 1 / accuracy, count) of each side.
    let mut sums = [(0.0, 0.0, 0.0, 0usize); 2];
    for (i, m) in moves.iter().enumerate().filter(|(_, m)| m.counted && m.side < 2) {
        let end = (i + 2).max(window).min(curve.len());
        let weight = deviation(&curve[end.saturating_sub(window)..end]).clamp(WEIGHT_BOUNDS.0, WEIGHT_BOUNDS.1);
        let accuracy = accuracy_of(m.before, m.after);
        let side = &mut sums[m.side];
        side.0 += accuracy * weight;
        side.1 += weight;
        side.2 += 1.0 / accuracy.max(1.0);
        side.3 += 1;
    }
    sums.map(|(weighted, weights, reciprocals, count)| {
        (count > 0).then(|| (weighted / weights + count as f64 / reciprocals) / 2.0)
    })
}

/// The standard deviation of the population `values` (0 for none).
fn deviation(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lichess's accuracy page: a move that keeps the win percentage scores 100; one that drops it from 50 % to 40 %
    /// scores 103.1668 · e^(−0.4354) − 3.1669 + 1 = 64.583 on the page's rounded constants, 64.5798 on lila's
    /// (Python: `103.1668100711649 * exp(-0.4354415386753951) - 3.166924740191411 + 1`).
    #[test]
    fn accuracy_matches_the_published_formula() {
        assert_eq!(accuracy_of(0.5, 0.5), 100.0);
        assert_eq!(accuracy_of(0.5, 0.5 - 1e-9), 100.0, "99.9999 + the bonus, clamped");
        let rounded = 103.1668 * (-0.4354f64).exp() - 3.1669 + 1.0;
        assert!((rounded - 64.5826).abs() < 1e-3, "{rounded}");
        assert!((accuracy_of(0.5, 0.4) - 64.57982845372067).abs() < 1e-9, "{}", accuracy_of(0.5, 0.4));
        assert!((accuracy_of(0.5, 0.4) - rounded).abs() < 0.01);
        assert_eq!(accuracy_of(0.3, 0.6), 100.0, "a move that gains is clamped to 100");
        assert_eq!(accuracy_of(1.0, 0.0), 0.0, "losing a sure win: 103.17 · e^(−4.354) − 2.17 < 0, clamped");
    }

    fn mv(side: usize, before: f64, after: f64) -> MoveWin {
        MoveWin { side, before, after, counted: true }
    }

    /// A case: its name, the moves, each side's expected accuracy.
    type Case = (&'static str, Vec<MoveWin>, [Option<f64>; 2]);

    /// Expected values computed once by a separate Python script written from lila's method (its constants; the
    /// windows built as lila builds them — `w − 2` copies of the first window, then every window of `w` points in
    /// turn; `statistics.pstdev`; the two means), not from this code.
    #[test]
    fn game_accuracy_is_lila_s_weighted_and_harmonic_means() {
        let forced = MoveWin { side: 0, before: 0.70, after: 0.70, counted: false };
        let thirty: Vec<MoveWin> = (0..30)
            .map(|i| {
                let before = 0.2 + 0.1 * (i % 7) as f64;
                mv(i % 2, before, before - 0.05 * (i % 3) as f64)
            })
            .collect();
        let cases: [Case; 5] = [
            ("none", vec![], [None, None]),
            // docs/cli.md's tic-tac-toe game: O's blunder (50 % → 0 %) comes in the game's most volatile window, so
            // it weighs 12 against 0.5: 15.27, where the plain mean of 9.53 and 100 is 54.76.
            (
                "tic-tac-toe",
                vec![mv(0, 0.5, 0.5), mv(1, 0.5, 0.0), mv(0, 1.0, 1.0), mv(1, 0.0, 0.0)],
                [Some(100.0), Some(15.272347852690217)],
            ),
            // Sides that do not alternate and a forced move: it is a point of the curve, not one of the side's moves.
            (
                "short",
                vec![
                    mv(0, 0.55, 0.52),
                    mv(1, 0.48, 0.30),
                    forced,
                    mv(0, 0.72, 0.60),
                    mv(1, 0.40, 0.41),
                    mv(1, 0.41, 0.10),
                ],
                [Some(68.2765472502231), Some(37.9978761241309)],
            ),
            // Thirty moves: windows of three points, the first one shared by the first two moves.
            ("thirty", thirty, [Some(80.73790755174915), Some(81.11853734760862)]),
            // A sure win thrown away scores 0, taken as 1 in the harmonic mean: (0 + 1) / 2.
            ("one move", vec![mv(1, 1.0, 0.0)], [None, Some(0.5)]),
        ];
        for (name, moves, expected) in cases {
            let got = game_accuracy(&moves);
            for side in 0..2 {
                match (got[side], expected[side]) {
                    (Some(got), Some(expected)) => assert!((got - expected).abs() < 1e-9, "{name} {side}: {got}"),
                    (got, expected) => assert_eq!(got, expected, "{name} {side}"),
                }
            }
        }
    }
}
