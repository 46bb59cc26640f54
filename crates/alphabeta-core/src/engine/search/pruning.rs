//! Three of the selective techniques of [`crate::engine::features`], as steps of the game search
//! ([`Searcher::alphabeta_memory`]): the null move, futility and mate-distance bounds. Each counts what it
//! decides.

use super::alphabeta_memory::Memory;
use super::context::Searcher;
use super::negamax::child_window;
use super::observer::{Bound, Observer};
use super::tt::Table;
use crate::engine::features::SearchFeatures;
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
    pub(crate) fn null_move_cutoff<T: Table<G::Move>>(
        &mut self,
        memory: &mut Memory<G::Move, T>,
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
        let eval = self.static_eval(static_eval);
        // A position better than the side to move's two plies up is likelier to hold: a quarter less margin.
        let margin = if self.improving() { margin * 0.75 } else { margin };
        if eval - margin < beta {
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

    /// Repetition draws, with the switch on: below the root, where the game says the position stood before
    /// ([`Game::repeats_a_position`]), `Some(0)`: the node is a draw, read as a leaf (counted in
    /// `repetition_draws`, and as a horizon evaluation: the draw belongs to the path, not to the position, so the
    /// value is never stored as final). `None` otherwise.
    pub(crate) fn repetition_draw(&mut self, features: SearchFeatures) -> Option<Value> {
        if !features.repetition || self.ply == 0 || !self.game.repeats_a_position() {
            return None;
        }
        self.stats.repetition_draws += 1;
        self.stats.horizon_evaluations += 1;
        Some(self.read_leaf(0.0))
    }

    /// Exchange pruning, with exchange quiescence on: true at a null-window node (β = α⁺, not on the principal
    /// variation) other than the root, not in check, with 1 to 3 plies left — where the caller skips each move
    /// after the first that [`Searcher::loses_by_exchange`] and counts it in `exchange_prunes`.
    pub(crate) fn exchange_pruning_applies(
        &self,
        features: SearchFeatures,
        (alpha, beta): (Value, Value),
        depth: u32,
    ) -> bool {
        features.exchange_quiescence && (1..=3).contains(&depth) && self.prunable((alpha, beta))
    }

    /// True when `mv`, with `depth` plies left, loses more by the game's exchange count ([`Game::exchange_value`])
    /// than a shallow search could win back — a quiet move more than 50 centipawns a ply (a piece left where a pawn
    /// takes it), a capture more than 100 — and does not give check.
    pub(crate) fn loses_by_exchange(&mut self, mv: G::Move, depth: u32) -> bool {
        let per_ply = if self.game.is_reducible(mv) { 50.0 } else { 100.0 };
        let threshold = -per_ply * Value::from(depth);
        self.game.exchange_value(mv).is_some_and(|gain| gain < threshold) && !self.game.gives_check(mv)
    }

    /// The node's static evaluation, worked out the first time one of the steps above asks (`cached` holds it for
    /// the node): the null move and both halves of futility read it, and it costs as much as a few moves. Noted
    /// for [`Searcher::improving`] further down the line.
    fn static_eval(&mut self, cached: &mut Option<Value>) -> Value {
        let value = *cached.get_or_insert_with(|| self.game.evaluate());
        self.note_static_eval(value);
        value
    }

    /// Notes `value` as the static evaluation of the node at the current ply (NaN: none read yet). Each node
    /// starts by noting NaN, so that an evaluation left by an earlier sibling is never taken for its own.
    pub(crate) fn note_static_eval(&mut self, value: Value) {
        let ply = self.ply as usize;
        if self.static_evals.len() <= ply {
            self.static_evals.resize(ply + 1, Value::NAN);
        }
        self.static_evals[ply] = value;
    }

    /// True when the static evaluations of this node and of the node two plies up (the same side to move) are
    /// both known and this one is higher.
    fn improving(&self) -> bool {
        let ply = self.ply as usize;
        ply >= 2
            && self.static_evals.get(ply).zip(self.static_evals.get(ply - 2)).is_some_and(|(now, before)| now > before)
    }

    /// Where both halves of futility pruning may act: futility on, at a node [`Searcher::prunable`].
    fn futility_applies(&self, features: SearchFeatures, window: (Value, Value)) -> bool {
        features.futility && self.prunable(window)
    }

    /// Where a pruning step may judge moves without searching them: a null-window node (β = α⁺, not on the
    /// principal variation) other than the root, not in check.
    fn prunable(&self, (alpha, beta): (Value, Value)) -> bool {
        self.ply > 0 && beta == alpha.next_up() && !self.game.in_check()
    }
}
