//! *Learn from your mistakes*, as Lichess offers it after a review: one side's mistakes and blunders in turn, each
//! a position in which the player looks for a better move, and each try judged by the review's own judgement.
//!
//! [`mistakes`] lists a side's exercises from a [`Review`]; a [`TryJudge`] values a try the way the review valued
//! the moves it judged — by the family's exact oracle where the review's judgement of that move was proven and the
//! oracle proves both the best move's and the try's values, else by the review's engine at the review's budget
//! ([`ReviewPlan`]), the best move and the try searched one after the other by one engine (its table kept, as the
//! review kept it) — and classes it with the review's own rules: [`MoveClass::of_loss`] on the winning chances lost
//! against the best move, or the class of the outcome it keeps when both values are proven. A try is as good as the
//! best when it is [`MoveClass::Best`] or [`MoveClass::Good`] ([`TryVerdict::found`]).

use super::judge::proven_class;
use super::scale::{proven_probability, win_probability, winning_chances};
use super::{JudgedMove, MoveClass, Review, ReviewError, ReviewPlan};
use crate::engine::game::{Side, Turn, Value};
use crate::games::any::oracle::ExactOracle;
use crate::games::any::{AnyEngine, AnyGame, AnyMove};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

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

/// A value found for a position after a move, from the mover's view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Valued {
    /// The value, from the view of the side that made the move.
    pub value: Value,
    /// It is the game's true value (the oracle's, a search that saw every line to its end, or the game's result).
    pub proven: bool,
    /// Proven, and known only as an outcome (win, draw, loss), not by how fast.
    pub outcome_only: bool,
}

/// Judges tries against a review: the review's plan, one engine whose table serves every try, and the family's
/// exact oracle when it has one. Made once for an exercise and kept over its tries.
pub struct TryJudge {
    plan: ReviewPlan,
    engine: AnyEngine,
    oracle: Option<Box<dyn ExactOracle>>,
    has_chance: bool,
    /// Positions already searched, by hash: the best move's position is searched once for all its tries.
    found: HashMap<(u64, Side), Valued>,
}

impl TryJudge {
    /// A judge for tries in games of `start`'s family, by `plan` (the review's own: [`ReviewPlan::new`] with the
    /// review's game and settings).
    ///
    /// # Errors
    /// [`ReviewError::Fault`] when the family's oracle's data does not read.
    pub fn new(start: &AnyGame, plan: ReviewPlan) -> Result<TryJudge, ReviewError> {
        let oracle = start.exact_oracle().map_err(|message| ReviewError::Fault { ply: 0, message })?;
        Ok(TryJudge {
            engine: AnyEngine::new(plan.config.clone()),
            plan,
            oracle,
            has_chance: start.has_chance(),
            found: HashMap::new(),
        })
    }

    /// The try `mv` in `before` (the position before the judged move `judged`, the mover to move), judged as the
    /// review judged `judged`: the best move itself is best and the move played keeps the review's judgement,
    /// without a search; another move is valued with the best move (see the module's notes) and classed by the
    /// review's rules. `stop` (set from another thread) cancels.
    ///
    /// # Errors
    /// [`ReviewError::Cancelled`]; [`ReviewError::IllegalMove`] when `mv` (or the review's best move) is not legal in
    /// `before`; the game's fault during a search.
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
            return Ok(TryVerdict {
                move_name,
                class: judged.class,
                value_best: judged.value_before,
                value_try: judged.value_after,
                win_best: judged.win_before,
                win_try: judged.win_after,
                loss: judged.loss,
                proven: judged.proven,
                played: true,
            });
        }
        let best = before.find_move(&judged.best).ok_or_else(|| ReviewError::IllegalMove {
            ply,
            message: format!("the review's best move {} is not legal here", judged.best),
        })?;
        let Some(side) = before.turn().side() else {
            return Err(ReviewError::IllegalMove { ply, message: "the position is at a roll of the die".into() });
        };
        let (best_value, try_value) = match self.exact_pair(before, judged, best, mv, stop)? {
            Some(pair) => pair,
            None => (self.searched(before, best, side, stop)?, self.searched(before, mv, side, stop)?),
        };
        Ok(self.verdict(move_name, mv == best, best_value, try_value))
    }

    /// The best move's and the try's values by the family's oracle, when the review's judgement was proven and the
    /// oracle proves both within the plan's nodes; `None` otherwise (then both are searched).
    fn exact_pair(
        &mut self,
        before: &AnyGame,
        judged: &JudgedMove,
        best: AnyMove,
        mv: AnyMove,
        stop: &AtomicBool,
    ) -> Result<Option<(Valued, Valued)>, ReviewError> {
        if !judged.proven || self.oracle.is_none() {
            return Ok(None);
        }
        let best_value = self.exact(before, best, judged.ply, stop)?;
        let try_value = self.exact(before, mv, judged.ply, stop)?;
        Ok(best_value.zip(try_value))
    }

    /// The oracle's proven value of `before` after `mv`, from the mover's view, if it proves it.
    fn exact(
        &mut self,
        before: &AnyGame,
        mv: AnyMove,
        ply: usize,
        stop: &AtomicBool,
    ) -> Result<Option<Valued>, ReviewError> {
        let Some(oracle) = self.oracle.as_mut() else { return Ok(None) };
        let next = played(before, mv, ply)?;
        let proven = oracle.value(&next, self.plan.exact_nodes, stop);
        if stop.load(Ordering::Relaxed) {
            return Err(ReviewError::Cancelled);
        }
        // The oracle's value is for the player to move after `mv`: the mover's is its negation, unless the mover
        // moves again.
        let sign = if next.turn() == before.turn() { 1.0 } else { -1.0 };
        Ok(proven.map(|p| Valued { value: sign * p.value, proven: true, outcome_only: p.outcome_only }))
    }

    /// The value of `before` after `mv` for `side` (the mover), searched at the plan's budget (see [`value_after`]),
    /// once per position.
    fn searched(
        &mut self,
        before: &AnyGame,
        mv: AnyMove,
        side: Side,
        stop: &AtomicBool,
    ) -> Result<Valued, ReviewError> {
        let next = played(before, mv, before.moves_played())?;
        let key = (next.position_hash(), side);
        if let Some(&known) = self.found.get(&key) {
            return Ok(known);
        }
        let valued = value_after(&next, side, &mut self.engine, self.has_chance, stop)?;
        self.found.insert(key, valued);
        Ok(valued)
    }

    /// The try's class from the two values, by the review's rules: between proven values the outcome it keeps,
    /// else the winning chances it loses on the review's scale (a proven value beside a searched one read on the
    /// scale too, as the review reads it).
    fn verdict(&self, move_name: String, is_best: bool, best: Valued, tried: Valued) -> TryVerdict {
        let proven = best.proven && tried.proven;
        let win = |value: Value| {
            if proven {
                proven_probability(value)
            } else {
                win_probability(value, &self.plan.scale, self.plan.certainty)
            }
        };
        let (win_best, win_try) = (win(best.value), win(tried.value));
        let loss = (winning_chances(win_best) - winning_chances(win_try)).max(0.0);
        let class = if is_best {
            MoveClass::Best
        } else if proven {
            proven_class(best.value, tried.value, best.outcome_only || tried.outcome_only)
        } else if tried.value >= best.value || win_try >= win_best {
            MoveClass::Best
        } else {
            MoveClass::of_loss(loss)
        };
        TryVerdict {
            move_name,
            class,
            value_best: best.value,
            value_try: tried.value,
            win_best,
            win_try,
            loss,
            proven,
            played: false,
        }
    }
}

/// `before` with `mv` played.
fn played(before: &AnyGame, mv: AnyMove, ply: usize) -> Result<AnyGame, ReviewError> {
    let mut next = before.clone();
    next.try_play(mv).map_err(|e| ReviewError::IllegalMove { ply, message: e.0 })?;
    Ok(next)
}

/// The value of the position `after` (reached by a move of `mover`) from the mover's view, as the review finds it:
/// the game's result when it is over, else a search with `engine` (the review's settings, its table kept between
/// calls) from `after` as the root of an analysis, so that a position that stood once before is no draw. The value is
/// proven when the search saw every line to its end and the game has no chance turns.
///
/// # Errors
/// [`ReviewError::Cancelled`] when `stop` is set; the game's fault during the search.
pub fn value_after(
    after: &AnyGame,
    mover: Side,
    engine: &mut AnyEngine,
    has_chance: bool,
    stop: &AtomicBool,
) -> Result<Valued, ReviewError> {
    let ply = after.moves_played();
    let mover_view = |value_for_max: Value| value_for_max * Turn::from(mover).sign();
    if let Some(value) = after.terminal_value() {
        return Ok(Valued { value: mover_view(value * after.turn().sign()), proven: true, outcome_only: false });
    }
    let mut root = after.clone();
    root.analyse_from_here();
    let thought = root.think_with(engine, Some(stop)).map_err(|message| ReviewError::Fault { ply, message })?;
    if stop.load(Ordering::Relaxed) {
        return Err(ReviewError::Cancelled);
    }
    Ok(match thought.last().or(thought.partial.as_ref()) {
        Some(iteration) => Valued {
            value: mover_view(iteration.value * after.turn().sign()),
            // With chance turns an exact value is an expected result, not a certain one.
            proven: iteration.exact && !has_chance,
            outcome_only: false,
        },
        None => Valued { value: 0.0, proven: false, outcome_only: false },
    })
}

#[cfg(test)]
mod tests;
