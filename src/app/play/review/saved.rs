//! The review as a session keeps it: the review itself and the moves it judged, by name as the session's moves
//! are, so a session reopens with its review and nothing is analysed again. A saved review that does not fit the
//! saved game (other moves, a ply past the end, a side that is not 0 or 1, chances outside 0 to 1) is left out
//! with a message; the game still opens.

use super::{Play, Reviewed};
use crate::play::history::GameHistory;
use crate::review::Review;
use serde::{Deserialize, Serialize};

/// What a session keeps of a review.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedReview {
    /// The moves judged, first to last, by name: the first moves of the session's game.
    pub moves: Vec<String>,
    /// Every move's judgement and each side's accuracy.
    pub review: Review,
}

impl Play {
    /// The review of the game on the board, for the session.
    pub fn review_to_session(&self) -> Option<SavedReview> {
        let done = self.review.done.as_ref().filter(|_| self.review().is_some())?;
        Some(to_saved(done, &self.history))
    }

    /// Takes `saved` as the review of the game just restored, or says why it does not fit it.
    pub fn restore_review(&mut self, saved: Option<&SavedReview>) -> Result<(), String> {
        self.review = super::ReviewState::default();
        let Some(saved) = saved else { return Ok(()) };
        let done = fit(saved, &self.entry().variant.id, &self.history)?;
        self.review.settings = saved.review.settings;
        self.review.done = Some(done);
        Ok(())
    }
}

/// `done`, a review of `history`'s first moves, as a session keeps it.
pub fn to_saved(done: &Reviewed, history: &GameHistory) -> SavedReview {
    let moves = (0..done.moves.len().min(history.moves().len())).map(|ply| history.move_name(ply)).collect();
    SavedReview { moves, review: done.review.clone() }
}

/// `saved` as the review of `game`'s `history`, or why it does not fit it.
pub fn fit(saved: &SavedReview, game: &str, history: &GameHistory) -> Result<Reviewed, String> {
    let played: Vec<String> = (0..history.moves().len()).map(|ply| history.move_name(ply)).collect();
    if !played.starts_with(&saved.moves) {
        return Err("the saved review is of other moves than the game's: it was left out".into());
    }
    check(&saved.review, saved.moves.len()).map_err(|e| format!("the saved review was left out: {e}"))?;
    let moves = history.moves()[..saved.moves.len()].to_vec();
    Ok(Reviewed { game: game.to_string(), moves, review: saved.review.clone(), judged_with: None })
}

/// Checks that every judged move of `review` is one of the `plies` moves, of side 0 or 1, its chances between 0
/// and 1 and its loss a number: a hand-edited file cannot point the curve or *Show why* past the game.
fn check(review: &Review, plies: usize) -> Result<(), String> {
    for (i, judged) in review.moves.iter().enumerate() {
        let place = format!("review.moves[{i}]");
        if judged.ply >= plies {
            return Err(format!("{place}.ply is {}, past the {plies} moves judged", judged.ply));
        }
        if judged.side > 1 {
            return Err(format!("{place}.side is {}, not 0 or 1", judged.side));
        }
        let chances = [judged.win_before, judged.win_after];
        if chances.iter().any(|p| !(0.0..=1.0).contains(p)) || !judged.loss.is_finite() {
            return Err(format!("{place} has chances outside 0 to 1 or a loss that is not a number"));
        }
    }
    Ok(())
}
