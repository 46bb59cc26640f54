//! Three of the selective techniques of [`super::features`], as steps of the game search
//! ([`Searcher::alphabeta_memory`]): the null move, futility and mate-distance bounds. Each counts what it
//! decides.

use super::context::Searcher;
use super::features::SearchFeatures;
use super::memory::Memory;
use super::negamax::child_window;
use super::observer::{Bound, Observer};
use crate::engine::game::{Game, Value};

impl<G: Game, O: Observer<G>> Searcher<'_, G, O> {
    /// With mate-distance pruning on and the game's [`Game::mate_distance_range`] known: the window (α, β)
    /// (the node's view) narrowed to that range, or `Err(value)` when the range lies outside the window, which
    /// settles the node (fail-soft: the range's near end, an upper bound below α or a lower bound above β;
    /// counted in `mate_distance_cutoffs` and reported to the observer as the node's end).
    pub(crate) fn mate_distance_window(
        &mut self,
        features: SearchFeatures,
        sign: Value,
        alpha: Value,
        beta: Value,
    ) -> Result<(Value, Value), Value> {
        if !features.mate_distance {
            return Ok((alpha, beta));
        }
        let Some((low, high)) = self.game.mate_distance_range() else { return Ok((alpha, beta)) };
        let settled = if high <= alpha {
            Some((high, Bound::Upper))
        } else if low >= beta {
            Some((low, Bound::Lower))
        } else {
            None
        };
        if let Some((value, bound)) = settled {
            self.stats.mate_distance_cutoffs += 1;
            self.observer.leave(self.game, sign * value, bound);
            return Err(value);
        }
        Ok((alpha.max(low), beta.min(high)))
    }

    /// Null-move pruning at a node with `depth` plies left whose window's upper end is `beta` (the node's view):
    /// where the game allows a null move ([`Game::can_null_move`]), `beta` is finite, at least 3 plies are left
    /// and the static evaluation already reaches `beta`, the opponent moves again and the position is searched
    /// 2 plies shallower than usual (3 with more than 6 left) with the null window (β⁻, β). `Some(β)` when that
    /// search reaches β: the node is decided, a lower bound (counted in `null_move_cutoffs`, reported to the
    /// observer). `None` otherwise, and the node is searched as usual. The caller checks that the move leading
    /// here was not itself a null move.
    pub(crate) fn null_move_cutoff(
        &mut self,
        memory: &mut Memory<G::Move>,
        sign: Value,
        beta: Value,
        depth: u32,
        scout: bool,
        static_eval: &mut Option<Value>,
    ) -> Option<Value> {
        // Not after a stop: a search unwinding from a stop plays no more than one move a node, and a null-move
        // search started on the way back would be work thrown away.
        if self.stopped || depth < 3 || !beta.is_finite() || !self.game.can_null_move() {
            return None;
        }
        if self.static_eval(static_eval) < beta {
            return None;
        }
        self.stats.null_move_tries += 1;
        let reduction = if depth > 6 { 3 } else { 2 };
        self.game.play_null_move();
        self.ply += 1;
        let flip = sign * self.game.turn().sign();
        let (na, nb) = child_window(flip, beta.next_down(), beta);
        let value = flip * self.alphabeta_memory(memory, None, na, nb, depth - 1 - reduction, scout);
        self.ply -= 1;
        self.game.undo_null_move();
        if self.stopped || value < beta {
            return None;
        }
        self.stats.null_move_cutoffs += 1;
        // β, not the value found: a mate found after passing is no mate in the real game.
        self.observer.leave(self.game, sign * beta, Bound::Lower);
        Some(beta)
    }

    /// Reverse futility pruning, with futility on: at a null-window node (β = α⁺, so not on the principal
    /// variation) other than the root, not in check, whose static evaluation less the game's
    /// [`Game::futility_margin`] for `depth` still reaches a finite β, `Some(β)`: the node is decided, a lower bound
    /// (counted in `reverse_futility_cutoffs`, and as a horizon evaluation, since a static evaluation decided it;
    /// reported to the observer). `None` otherwise.
    pub(crate) fn reverse_futility_cutoff(
        &mut self,
        features: SearchFeatures,
        sign: Value,
        (alpha, beta): (Value, Value),
        depth: u32,
        static_eval: &mut Option<Value>,
    ) -> Option<Value> {
        if !beta.is_finite() || !self.futility_applies(features, (alpha, beta)) {
            return None;
        }
        let margin = self.game.futility_margin(depth)?;
        if self.static_eval(static_eval) - margin < beta {
            return None;
        }
        self.stats.reverse_futility_cutoffs += 1;
        self.stats.horizon_evaluations += 1;
        self.observer.leave(self.game, sign * beta, Bound::Lower);
        Some(beta)
    }

    /// Futility pruning's other half, with futility on: true when the quiet moves of this null-window node (not the
    /// root, not in check, 1 or 2 plies left) need not be searched, its static evaluation plus the game's
    /// [`Game::futility_margin`] for `depth` lying at or below α. The caller skips each quiet move after the first
    /// that does not give check, and counts it in `futility_skips`.
    pub(crate) fn quiet_moves_are_futile(
        &mut self,
        features: SearchFeatures,
        (alpha, beta): (Value, Value),
        depth: u32,
        static_eval: &mut Option<Value>,
    ) -> bool {
        if !(1..=2).contains(&depth) || !alpha.is_finite() || !self.futility_applies(features, (alpha, beta)) {
            return false;
        }
        let Some(margin) = self.game.futility_margin(depth) else { return false };
        self.static_eval(static_eval) + margin <= alpha
    }

    /// The node's static evaluation, worked out the first time one of the steps above asks (`cached` holds it for
    /// the node): the null move and both halves of futility read it, and it costs as much as a few moves.
    fn static_eval(&self, cached: &mut Option<Value>) -> Value {
        *cached.get_or_insert_with(|| self.game.evaluate())
    }

    /// Where both halves of futility pruning may act: futility on, a null-window node (β = α⁺, not on the principal
    /// variation) other than the root, not in check.
    fn futility_applies(&self, features: SearchFeatures, (alpha, beta): (Value, Value)) -> bool {
        features.futility && self.ply > 0 && beta == alpha.next_up() && !self.game.in_check()
    }
}
