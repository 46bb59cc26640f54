//! Search scores in words, what every family shares: how scores are plotted ([`ScoreAxis`]) and the phrases ("White
//! mates in 3", "+0.62 (pawns)"). Each family's own words and axis are in its folder (`games/<family>/words.rs`).
//! Every score is from the side to move's point of view, as the search reports it; `plies` is the number of moves
//! played from the position's start to the position searched (the games score wins by it).

use crate::engine::game::{Side, Value};

/// How a family's scores are plotted (the Telemetry view's Value plot): the unit of the numbers, the divisor that
/// gives them in it, and the size from which a score is a result the search found (a win) rather than an
/// evaluation. The words of [`GameInfo::score_in_words`](super::any::GameInfo::score_in_words) say the same
/// scores for the search panel; the plot's numbers must read the same.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreAxis {
    /// The unit of the plotted numbers, for the axis label: "pawns", "threats". Empty: the family's
    /// [`score_unit`](super::any::GameInfo::score_unit).
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

/// How many of the winner's own moves, from a position `plies` deep, reach a win made on ply `end` (the ply count
/// after the winning move): the winner moves on every other ply.
pub(crate) fn own_moves(plies: i64, end: i64) -> i64 {
    ((end - plies) + 1).max(1) / 2
}

fn moves(n: i64) -> String {
    if n == 1 { "1 move".into() } else { format!("{n} moves") }
}

/// A win or loss `n` of the winner's moves away, named by the winner.
pub(crate) fn win_in(to_move: Side, winner_is_to_move: bool, n: i64, names: [&str; 2], verb: &str) -> String {
    let winner = if winner_is_to_move { to_move } else { to_move.opponent() };
    let name = names[usize::from(winner == Side::Min)];
    // "White mates in 3" is how chess says it; other games count moves.
    if verb == "mates" { format!("{name} mates in {n}") } else { format!("{name} {verb} in {}", moves(n)) }
}

/// A signed number with its unit: "+0.62 (pawns)"; −0 written as 0.
pub(crate) fn signed(value: Value, decimals: usize, unit: &str) -> String {
    let value = value + 0.0;
    if value == 0.0 { format!("0 ({unit})") } else { format!("{value:+.decimals$} ({unit})") }
}

/// The value a search to `depth` finds for `game`, for the families' tests of their words.
#[cfg(test)]
pub(crate) fn solve<G: crate::engine::game::Game + Clone>(game: &G, depth: u32) -> Value {
    use crate::engine::search::deepening::{Engine, EngineConfig};
    use crate::engine::search::limits::Limits;
    let config = EngineConfig { limits: Limits { depth: Some(depth), ..Limits::NONE }, ..EngineConfig::default() };
    let mut game = game.clone();
    Engine::new(config).think(&mut game, None, |_| {}).iterations.last().expect("an iteration").value
}
