//! [`GameInfo`]: what a game says of itself without naming its moves.

use super::{Outcome, oracle, plain_score};
use crate::engine::game::Value;
use crate::games::score_words::ScoreAxis;

/// What a game tells the window, the command line and the review about itself and its position, none of it in
/// terms of its moves: how it ended, who the sides are, what its scores mean, its notation. A family implements it
/// directly, overriding only what differs from the defaults (a game between "First player" and "Second player"
/// whose scores are plain numbers); [`super::Playable`] adds what needs the move type.
///
/// The trait is object-safe and a supertrait of [`super::ErasedGame`], so every item is called the same way on a
/// family's own type and on an [`super::AnyGame`] (`game.side_names()`), and a new item is one declaration here
/// with its default, nothing to forward.
pub trait GameInfo: Send {
    /// How the game ended, if it has.
    fn outcome(&self) -> Option<Outcome>;
    /// Moves made since the start (chance moves included).
    fn moves_played(&self) -> usize;

    /// How the window names the first (MAX) and the second (MIN) side: "White"/"Black", "Red"/"Yellow", "X"/"O".
    fn side_names(&self) -> [&str; 2] {
        ["First player", "Second player"]
    }
    /// The unit of the evaluation's scores, for people ("pawns", "discs", "± 1 = a win"); empty when scores have none.
    fn score_unit(&self) -> &str {
        ""
    }
    /// True when the game has chance turns (a die), so the chance-node searches (expectiminimax, Star1) apply.
    fn has_chance(&self) -> bool {
        false
    }
    /// True when the game implements the selective-search hooks of [`crate::engine::game::Game`] (null move,
    /// reductions, …), so the switches of `SearchFeatures` change its search; false (the default) hides them.
    fn has_selective_search(&self) -> bool {
        false
    }
    /// A search's score (from the side to move's point of view) in words for people: "+0.62 (pawns)", "White mates
    /// in 3", "Red wins in 7 moves" (see [`crate::games::score_words`]). The default writes the number and its unit.
    fn score_in_words(&self, value: Value) -> String {
        let value = plain_score(value);
        match self.score_unit() {
            "" => value,
            unit => format!("{value} ({unit})"),
        }
    }
    /// How the scores are plotted: their unit, and from what size they are wins (see [`ScoreAxis`]). The default:
    /// the numbers as they are, in [`GameInfo::score_unit`].
    fn score_axis(&self) -> ScoreAxis {
        ScoreAxis::PLAIN
    }
    /// Why a finished game ended, when the family has more to say than who won ("Draw by stalemate.").
    fn ending(&self) -> Option<String> {
        None
    }
    /// True when the rules end a game by its history — a position repeated, too many moves without a capture —
    /// which the position's key leaves out, as transposition tables do (chess, draughts). The game checker
    /// ([`crate::games::check`]) then takes two positions with the same key of which either is over (a draw by the
    /// history on one path, a loss or a game that goes on along another) for one position reached by two histories,
    /// not for a key that misses part of the position.
    fn ends_by_history(&self) -> bool {
        false
    }
    /// The position in the family's position notation (FEN), when it has one.
    fn position_text(&self) -> Option<String> {
        None
    }
    /// The number the move list gives the first move from this position: 1, or where the position notation counts
    /// the moves before it (FEN's full-move number), that count.
    fn first_round(&self) -> usize {
        1
    }
    /// Makes this position the root of an analysis (a review's search), where the game's draw rules judge the line
    /// searched, not what the AI's play steers clear of: a position that stood once before the root is not a draw by
    /// repetition when the line comes back to it. The default does nothing (a game without history rules).
    fn analyse_from_here(&mut self) {}
    /// What proves this family's values beyond its AI's search (an opening book, a solver for the board), for the
    /// review; `Ok(None)` (the default) when nothing does, an error when its data does not read.
    fn exact_oracle(&self) -> Result<Option<Box<dyn oracle::ExactOracle>>, String> {
        Ok(None)
    }
}
