//! The stand-pat quiescence search of [`crate::engine::features::SearchFeatures::exchange_quiescence`]: at the depth limit
//! the side to move may keep the static evaluation ("stand pat") or try the game's tactical moves, skipping those
//! the static exchange count says lose material. It replaces the game's own [`Game::is_quiet`] quiescence where
//! the game offers tactical moves ([`Game::generate_tactical_moves`]).

use super::alphabeta_memory::Memory;
use super::context::Searcher;
use super::negamax::child_window;
use super::observer::{Bound, Observer, Window};
use super::tt::Table;
use crate::engine::game::{Game, Value};

impl<G: Game, O: Observer<G>> Searcher<'_, G, O> {
    /// True when the game offers tactical moves for [`Searcher::quiesce`] (its moves are generated and dropped).
    pub(crate) fn offers_tactical_search(&mut self) -> bool {
        let start = self.moves.len();
        let offers = self.game.generate_tactical_moves(&mut self.moves);
        self.moves.truncate(start);
        offers
    }

    /// The value of the current position from the point of view of the player to move, searched through tactical
    /// moves only, fail-soft in the window (α, β) as [`Searcher::alphabeta_memory`] states it.
    ///
    /// A node that is over is a leaf. In check, every legal move is searched (no standing pat while in check).
    /// Otherwise the static evaluation is read (a horizon evaluation): at or above β it is returned as a lower
    /// bound — not counted as a leaf, since it is not the node's value — else it is the value to beat, and the
    /// game's tactical moves follow, best-ordered, each losing one by [`Game::exchange_value`] skipped (counted in
    /// `losing_captures_skipped`). With no tactical move the evaluation is the node's value, read as a leaf.
    /// Every node counts in `quiescence_nodes` as well as `nodes_visited`; nothing is stored in the table.
    pub fn quiesce<T: Table<G::Move>>(
        &mut self,
        memory: &mut Memory<G::Move, T>,
        via: Option<G::Move>,
        alpha: Value,
        beta: Value,
    ) -> Value {
        let turn = self.game.turn();
        let sign = turn.sign();
        let window = Window::from_node_view(sign, alpha, beta);
        self.enter(via, window);
        self.stats.quiescence_nodes += 1;
        if let Some(value) = self.game.terminal_value() {
            return self.read_leaf(value);
        }
        let in_check = self.game.in_check();
        let stand_pat = if in_check {
            None
        } else {
            self.stats.horizon_evaluations += 1;
            Some(self.game.evaluate())
        };
        if let Some(value) = stand_pat.filter(|&v| v >= beta) {
            self.observer.leaf(self.game, sign * value);
            self.observer.leave(self.game, sign * value, Bound::Lower);
            return value;
        }
        let start = self.moves.len();
        if in_check {
            self.game.generate_search_moves(&mut self.moves);
        } else {
            self.game.generate_tactical_moves(&mut self.moves);
        }
        let moves = start..self.moves.len();
        if moves.is_empty() {
            let value = stand_pat.unwrap_or_else(|| self.game.evaluate());
            return self.read_leaf(value);
        }
        self.stats.interior_nodes += 1;
        memory.orderer.order(&*self.game, &mut self.moves[moves.clone()], self.ply, None, None);
        let mut best = stand_pat.unwrap_or(Value::NEG_INFINITY);
        let mut alpha = alpha.max(best);
        for i in moves.clone() {
            let mv = self.moves[i];
            if !in_check && self.game.exchange_value(mv).is_some_and(|gain| gain < 0.0) {
                self.stats.losing_captures_skipped += 1;
                continue;
            }
            self.advance(i);
            let flip = sign * self.game.turn().sign();
            let (ca, cb) = child_window(flip, alpha, beta);
            let value = flip * self.quiesce(memory, Some(mv), ca, cb);
            self.retreat(mv);
            if self.stopped {
                break;
            }
            if value > best {
                best = value;
                self.new_best(mv);
            }
            alpha = alpha.max(best);
            self.observer.backed_up(self.game, sign * value, Window::from_node_view(sign, alpha, beta));
            if best >= beta {
                self.cutoff(turn, &moves, i, sign * best);
                break;
            }
        }
        let value_for_max = sign * best;
        self.leave(moves, value_for_max, Bound::classify(value_for_max, window));
        best
    }
}
