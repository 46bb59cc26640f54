//! *Learn from your mistakes*, as Lichess offers it after a review: one side's mistakes and blunders in turn, each
//! a position in which the player looks for a better move, and each try judged by the review's own judgement.
//!
//! [`mistakes`] lists a side's exercises from a [`Review`]; a [`TryJudge`] judges a try with the very function the
//! review judges each played move with (the family's exact oracle where it proves every legal move, else one
//! comparison of the best move and the try at the same depth, at the review's budget — [`ReviewPlan`]), as if the
//! try had been played. A try is as good as the best when it is [`MoveClass::Best`] or [`MoveClass::Good`]
//! ([`TryVerdict::found`]).

use super::judge::{Asked, judge_decision};
use super::outside::OutsideEngine;
use super::{JudgedMove, MoveClass, Review, ReviewError, ReviewPlan};
use crate::engine::game::Value;
use crate::games::any::oracle::ExactOracle;
use crate::games::any::{AnyEngine, AnyGame, AnyMove};
use std::sync::atomic::AtomicBool;

/// The decisions of `side` (0 the first player, 1 the second) that the review calls mistakes or blunders, in the
/// order played: the exercises of *Learn from your mistakes*.
pub fn mistakes(review: &Review, side: usize) -> Vec<&JudgedMove> {
    review.moves.iter().filter(|m| m.side == side && is_exercise(m.class)).collect()
}

/// True for the classes *Learn from your mistakes* asks the player to improve on: mistakes and blunders (as on
/// Lichess; an inaccuracy is left alone).
pub fn is_exercise(class: MoveClass) -> bool {
    matches!(class, MoveClass::Mistake | MoveClass::Blunder)
}

/// A try judged against the best move of its position, on the review's scale.
#[derive(Clone, Debug, PartialEq)]
pub struct TryVerdict {
    /// The try's name in the game's notation.
    pub move_name: String,
    /// Its class, as the review would have classed it had it been played.
    pub class: MoveClass,
    /// The best move's value, from the mover's view, in the game's unit.
    pub value_best: Value,
    /// The try's value, from the mover's view.
    pub value_try: Value,
    /// The mover's win probability (0–1) after the best move.
    pub win_best: f64,
    /// The mover's win probability after the try.
    pub win_try: f64,
    /// Winning chances lost against the best move on the −1…+1 scale.
    pub loss: f64,
    /// Both values are proven (the game's true values): the class says which outcome the try keeps.
    pub proven: bool,
    /// The try is the move played in the game: the review's own judgement, nothing searched.
    pub played: bool,
}

impl TryVerdict {
    /// The try is as good as the best: it is the best, or it loses less than the review's threshold for an
    /// inaccuracy (between proven values: it keeps the best move's outcome).
    pub fn found(&self) -> bool {
        matches!(self.class, MoveClass::Best | MoveClass::Good)
    }
}

/// Judges tries against a review: the review's plan, one engine whose table serves every try, and the family's
/// exact oracle when it has one. Made once for an exercise and kept over its tries.
pub struct TryJudge {
    plan: ReviewPlan,
    engine: AnyEngine,
    oracle: Option<Box<dyn ExactOracle>>,
    /// The outside engine that judged the review, with the game's start and moves, when one did.
    outside: Option<OutsideGame>,
}

/// An outside engine and the game whose tries it judges.
struct OutsideGame {
    engine: Box<dyn OutsideEngine + Send>,
    start: AnyGame,
    moves: Vec<AnyMove>,
}

impl TryJudge {
    /// A judge for tries in games of `start`'s family, by `plan` (the review's own: [`ReviewPlan::new`] with the
    /// review's game and settings).
    ///
    /// # Errors
    /// [`ReviewError::Fault`] when the family's oracle's data does not read.
    pub fn new(start: &AnyGame, plan: ReviewPlan) -> Result<TryJudge, ReviewError> {
        let oracle = start.exact_oracle().map_err(|message| ReviewError::Fault { ply: 0, message })?;
        Ok(TryJudge { engine: AnyEngine::new(plan.config.clone()), plan, oracle, outside: None })
    }

    /// This judge with every comparison asked of `engine` instead of the studio's search, for a review that an
    /// outside engine judged ([`super::review_game_judged_by`]) of the game of `moves` from `start`.
    pub fn judged_by(self, engine: Box<dyn OutsideEngine + Send>, start: AnyGame, moves: Vec<AnyMove>) -> TryJudge {
        TryJudge { outside: Some(OutsideGame { engine, start, moves }), ..self }
    }

    /// The try `mv` in `before` (the position before the judged move `judged`, the mover to move), judged as the
    /// review judged `judged`: the move played keeps the review's judgement, without a search; the review's best
    /// move is best; any other move is judged as the review would have judged it had it been played. `stop` (set
    /// from another thread) cancels.
    ///
    /// # Errors
    /// [`ReviewError::Cancelled`]; [`ReviewError::IllegalMove`] when `mv` is not legal in `before` or `before` is
    /// at a roll of the die; the game's fault during a search.
    pub fn judge(
        &mut self,
        before: &AnyGame,
        judged: &JudgedMove,
        mv: AnyMove,
        stop: &AtomicBool,
    ) -> Result<TryVerdict, ReviewError> {
        let ply = judged.ply;
        let move_name = before.move_name(mv);
        if !before.legal_moves().contains(&mv) {
            return Err(ReviewError::IllegalMove { ply, message: format!("{move_name} is not legal here") });
        }
        if move_name == judged.move_name {
            return Ok(verdict(judged, judged.class, true));
        }
        let Some(side) = before.turn().side() else {
            return Err(ReviewError::IllegalMove { ply, message: "the position is at a roll of the die".into() });
        };
        let oracle = self.oracle.as_deref_mut();
        let outside =
            self.outside.as_mut().map(|o| Asked { engine: o.engine.as_mut(), start: &o.start, moves: &o.moves });
        let tried = judge_decision(before, ply, side, mv, &self.plan, &mut self.engine, oracle, outside, stop)?;
        // The review's best move is best whatever this later search, with another table, makes of it.
        let class = if move_name == judged.best { MoveClass::Best } else { tried.class };
        Ok(verdict(&tried, class, false))
    }
}

/// A try's verdict from its judgement as a played move (`played`: the one the review judged) and its `class`.
fn verdict(judged: &JudgedMove, class: MoveClass, played: bool) -> TryVerdict {
    TryVerdict {
        move_name: judged.move_name.clone(),
        class,
        value_best: judged.value_before,
        value_try: judged.value_after,
        win_best: judged.win_before,
        win_try: judged.win_after,
        loss: judged.loss,
        proven: judged.proven,
        played,
    }
}

#[cfg(test)]
mod tests;
