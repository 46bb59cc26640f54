//! Search scores in words, per family, for the search panel: "+0.62 (pawns)", "White mates in 3", "win in 7
//! moves", "a draw". Every score here is from the side to move's point of view, as the search reports it; `plies`
//! is the number of moves played from the position's start to the position searched (the games score wins by it).

use crate::engine::game::{Side, Value};

/// How a family's scores are plotted (the Telemetry view's Value plot): the unit of the numbers, the divisor that
/// gives them in it, and the size from which a score is a result the search found (a win) rather than an
/// evaluation. The words of [`Playable::score_in_words`](super::any::Playable::score_in_words) say the same
/// scores for the search panel; the plot's numbers must read the same.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreAxis {
    /// The unit of the plotted numbers, for the axis label: "pawns", "threats". Empty: the family's
    /// [`score_unit`](super::any::Playable::score_unit).
    pub unit: &'static str,
    /// A score divided by this is a number in `unit` (centipawns / 100 = pawns).
    pub divisor: f64,
    /// Scores at least this large (before dividing) are wins found by the search.
    pub win_from: f64,
}

impl ScoreAxis {
    /// Scores as they are, none of them a win (a family that says nothing more).
    pub const PLAIN: ScoreAxis = ScoreAxis { unit: "", divisor: 1.0, win_from: f64::INFINITY };

    /// True when `value` (from either side's view) is a win found by the search, not an evaluation.
    pub fn is_win(&self, value: Value) -> bool {
        value.abs() >= self.win_from
    }

    /// `value` as a number in the axis's unit (meaningful for evaluations; a win's size is not a distance).
    pub fn in_unit(&self, value: Value) -> f64 {
        value / self.divisor
    }
}

/// Chess: pawns; a mate score is a win.
pub const CHESS_AXIS: ScoreAxis =
    ScoreAxis { unit: "pawns", divisor: 100.0, win_from: crate::games::chess::WIN - 10_000.0 };
/// English draughts: men; a won game is a win.
pub const DRAUGHTS_AXIS: ScoreAxis =
    ScoreAxis { unit: "men", divisor: 100.0, win_from: crate::games::draughts::WIN - 10_000.0 };
/// Connect Four: the evaluation counts threats inside ± 1; Pons' scores from 1 up are wins.
pub const CONNECT_FOUR_AXIS: ScoreAxis = ScoreAxis { unit: "threats", divisor: 1.0, win_from: 1.0 };
/// The m,n,k games: open lines inside ± 1; from 1 up, wins.
pub const MNK_AXIS: ScoreAxis = ScoreAxis { unit: "open lines", divisor: 1.0, win_from: 1.0 };
/// Othello: evaluation points; a finished game (10,000 and up) is a win by so many discs.
pub const OTHELLO_AXIS: ScoreAxis = ScoreAxis { unit: "evaluation points", divisor: 1.0, win_from: 10_000.0 };
/// EinStein: the expected result; wins are ± (1 − plies / 10,000), beyond any evaluation.
pub const EINSTEIN_AXIS: ScoreAxis = ScoreAxis { unit: "expected result", divisor: 1.0, win_from: 0.5 };

/// How many of the winner's own moves, from a position `plies` deep, reach a win made on ply `end` (the ply count
/// after the winning move): the winner moves on every other ply.
fn own_moves(plies: i64, end: i64) -> i64 {
    ((end - plies) + 1).max(1) / 2
}

fn moves(n: i64) -> String {
    if n == 1 { "1 move".into() } else { format!("{n} moves") }
}

/// A win or loss `n` of the winner's moves away, named by the winner.
fn win_in(to_move: Side, winner_is_to_move: bool, n: i64, names: [&str; 2], verb: &str) -> String {
    let winner = if winner_is_to_move { to_move } else { to_move.opponent() };
    let name = names[usize::from(winner == Side::Min)];
    // "White mates in 3" is how chess says it; other games count moves.
    if verb == "mates" { format!("{name} mates in {n}") } else { format!("{name} {verb} in {}", moves(n)) }
}

/// Chess: centipawns as pawns, a mate as "White mates in 3".
pub fn chess(value: Value, plies: usize, to_move: Side) -> String {
    const WIN: Value = crate::games::chess::WIN;
    if value.abs() > WIN - 10_000.0 {
        let end = (WIN - value.abs()).round() as i64;
        return win_in(to_move, value > 0.0, own_moves(plies as i64, end), ["White", "Black"], "mates");
    }
    signed(value / 100.0, 2, "pawns")
}

/// English draughts: wins as "Black wins in 5 moves", else the evaluation.
pub fn draughts(value: Value, plies: usize, to_move: Side) -> String {
    const WIN: Value = crate::games::draughts::WIN;
    if value.abs() > WIN - 10_000.0 {
        let end = (WIN - value.abs()).round() as i64;
        return win_in(to_move, value > 0.0, own_moves(plies as i64, end), ["Black", "White"], "wins");
    }
    signed(value / 100.0, 2, "men")
}

/// Connect Four on `cells` squares: Pons' score s of a win made with n stones on the board, s = (cells + 2 − n) / 2,
/// read back into the winner's moves; scores under 1 in size are the evaluation's guesses.
pub fn connect_four(value: Value, plies: usize, cells: usize, to_move: Side, names: [&str; 2]) -> String {
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

/// The m,n,k games on `cells` squares: a win made with n stones on the board scores cells + 1 − n.
pub fn mnk(value: Value, plies: usize, cells: usize, to_move: Side, names: [&str; 2]) -> String {
    if value.abs() < 1.0 {
        return signed(value, 3, "open lines");
    }
    let end = cells as i64 + 1 - value.abs().round() as i64;
    win_in(to_move, value > 0.0, own_moves(plies as i64, end), names, "wins")
}

/// Othello: a finished game's score is 10,000 + 100 × (margin + empties) + empties; below that, the evaluation.
pub fn othello(value: Value, to_move: Side) -> String {
    if value.abs() >= 10_000.0 {
        let margin = ((value.abs() - 10_000.0) / 100.0).floor() as i64;
        let winner = if value > 0.0 { to_move } else { to_move.opponent() };
        let name = if winner == Side::Max { "Black" } else { "White" };
        return format!("{name} wins by {margin} discs");
    }
    signed(value, 0, "evaluation points")
}

/// EinStein: a win is ±(1 − plies/10,000); below that, the evaluation (the chance-weighted race to the corner).
pub fn einstein(value: Value, plies: usize, to_move: Side, names: [&str; 2]) -> String {
    if value.abs() > 0.5 && (1.0 - value.abs()) * 10_000.0 < 5_000.0 {
        let end = ((1.0 - value.abs()) * 10_000.0).round() as i64;
        // Rolls are plies too: the winner's moves are every fourth ply or so; say plies here.
        let winner = if value > 0.0 { to_move } else { to_move.opponent() };
        let name = names[usize::from(winner == Side::Min)];
        return format!("{name} wins in {} plies", (end - plies as i64).max(1));
    }
    signed(value, 3, "expected result")
}

/// A signed number with its unit: "+0.62 (pawns)"; −0 written as 0.
fn signed(value: Value, decimals: usize, unit: &str) -> String {
    let value = value + 0.0;
    if value == 0.0 { format!("0 ({unit})") } else { format!("{value:+.decimals$} ({unit})") }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Game;
    use crate::engine::search::deepening::{Engine, EngineConfig};
    use crate::engine::search::limits::Limits;

    fn solve<G: Game + Clone>(game: &G, depth: u32) -> Value {
        let config = EngineConfig { limits: Limits { depth: Some(depth), ..Limits::NONE }, ..EngineConfig::default() };
        let mut game = game.clone();
        Engine::new(config).think(&mut game, None, |_| {}).iterations.last().expect("an iteration").value
    }

    #[test]
    fn chess_mates_and_pawns() {
        // White mates in 1 (Qf8#).
        let game = crate::games::chess::Chess::from_fen("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1").unwrap();
        assert_eq!(chess(solve(&game, 1), 0, Side::Max), "White mates in 1");
        assert_eq!(chess(62.0, 0, Side::Max), "+0.62 (pawns)");
        assert_eq!(chess(-0.0, 0, Side::Max), "0 (pawns)");
        // Black to move, being mated in 1 move of White's.
        assert_eq!(chess(-(crate::games::chess::WIN - 11.0), 10, Side::Min), "White mates in 1");
    }

    #[test]
    fn connect_four_wins_in_moves() {
        use crate::games::connect_four::ConnectFour;
        let names = ["Red", "Yellow"];
        // First player to move with three in column 1: wins with this move.
        let game = ConnectFour::from_moves("121212").unwrap();
        assert_eq!(connect_four(solve(&game, 2), 6, 42, Side::Max, names), "Red wins in 1 move");
        // Second player to move after 5 plies, losing to a four made with the 7th stone: Pons' score 18.
        assert_eq!(connect_four(-18.0, 5, 42, Side::Min, names), "Red wins in 1 move");
        // First player to move after 4 plies, winning with the 9th stone (its 3rd move from here): score 17.
        assert_eq!(connect_four(17.0, 4, 42, Side::Max, names), "Red wins in 3 moves");
        assert_eq!(connect_four(0.25, 0, 42, Side::Max, names), "+0.250 (threats)");
    }

    #[test]
    fn mnk_wins() {
        use crate::games::mnk::Mnk;
        let mut game = Mnk::tic_tac_toe();
        for cell in [0u8, 3, 1, 4] {
            game.play(cell);
        }
        assert_eq!(mnk(solve(&game, 2), 4, 9, Side::Max, ["X", "O"]), "X wins in 1 move");
    }

    #[test]
    fn othello_margins() {
        assert_eq!(othello(10_000.0 + 100.0 * 12.0, Side::Min), "White wins by 12 discs");
        assert_eq!(othello(-(10_000.0 + 100.0 * 64.0), Side::Min), "Black wins by 64 discs");
        assert_eq!(othello(35.0, Side::Max), "+35 (evaluation points)");
    }
}
