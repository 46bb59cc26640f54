//! MTD(f) (Plaat et al.): the value is found by a sequence of null-window α-β searches that remember what they
//! learned in a transposition table, each pass narrowing [lower, upper] until the two meet.

use super::context::Searcher;
use super::negamax::child_window;
use super::observer::{Bound, Observer, Window};
use super::tt::{Entry, TranspositionTable, stored_depth};
use crate::engine::game::{Game, Turn, Value};

impl<G: Game, O: Observer<G>> Searcher<'_, G, O> {
    /// Fail-soft α-β with memory: the contract of [`Searcher::negamax`], plus the table. Before searching a node
    /// it looks the position up: an entry searched at least as deep that is exact, or a bound that already lies
    /// outside (α, β), decides the node without searching it (the node still counts as visited). Otherwise the
    /// entry's move is tried first and the result is stored. Leaves are never stored: reading one costs less.
    pub fn negamax_tt(
        &mut self,
        tt: &mut TranspositionTable<G::Move>,
        via: Option<G::Move>,
        alpha: Value,
        beta: Value,
        depth: u32,
    ) -> Value {
        let turn = self.game.turn();
        let sign = turn.sign();
        let window = Window::from_node_view(sign, alpha, beta);
        self.enter(via, window);
        if let Some(value) = self.try_leaf(depth) {
            return value;
        }
        if turn == Turn::Chance {
            return self.expectation(|s, mv| {
                let child_sign = s.game.turn().sign();
                child_sign * s.negamax_tt(tt, Some(mv), Value::NEG_INFINITY, Value::INFINITY, depth - 1)
            });
        }
        let key = self.game.position_hash();
        self.stats.tt_probes += 1;
        let mut hash_move = None;
        if let Some(entry) = tt.probe(key) {
            self.stats.tt_hits += 1;
            hash_move = entry.best_move;
            let decides = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.value >= beta,
                Bound::Upper => entry.value <= alpha,
            };
            if decides && entry.depth >= stored_depth(depth) {
                self.stats.tt_cutoffs += 1;
                self.observer.leave(self.game, sign * entry.value, entry.bound);
                return entry.value;
            }
        }
        let moves = match self.expand() {
            Ok(moves) => moves,
            Err(value) => return value,
        };
        if let Some(first) = hash_move
            && let Some(at) = self.moves[moves.clone()].iter().position(|&m| m == first)
        {
            // Keep the others in their order: only the remembered move jumps the queue.
            self.moves[moves.start..=moves.start + at].rotate_right(1);
        }
        let mut best = Value::NEG_INFINITY;
        let mut best_move = None;
        let mut a = alpha;
        for i in moves.clone() {
            let mv = self.advance(i);
            let flip = sign * self.game.turn().sign();
            let (child_alpha, child_beta) = child_window(flip, a, beta);
            let value = flip * self.negamax_tt(tt, Some(mv), child_alpha, child_beta, depth - 1);
            self.retreat(mv);
            if self.stopped {
                break;
            }
            if value > best || i == moves.start {
                best = value;
                best_move = Some(mv);
                self.new_best(mv);
            }
            a = a.max(best);
            self.observer.backed_up(self.game, sign * value, Window::from_node_view(sign, a, beta));
            if best >= beta {
                self.cutoff(turn, &moves, i, sign * best);
                break;
            }
        }
        if !self.stopped {
            let bound = Bound::classify(best, Window { alpha, beta });
            tt.store(Entry { key, value: best, bound, depth: stored_depth(depth), best_move });
        }
        self.leave(moves, sign * best, Bound::classify(sign * best, window));
        best
    }

    /// MTD(f): the value of the current position from the point of view of the player to move, found by
    /// null-window passes of [`Searcher::negamax_tt`] starting from `first_guess`. Each pass tests "is the value
    /// at least β?" with the window (β⁻, β), β⁻ being the float just below β; a pass returning g < β proves
    /// value ≤ g, otherwise value ≥ g. Ends when the bounds meet. Returns the value and the principal variation
    /// of the last pass that proved the lower bound (its first move achieves the value).
    pub fn mtdf(
        &mut self,
        tt: &mut TranspositionTable<G::Move>,
        first_guess: Value,
        depth: u32,
    ) -> (Value, Vec<G::Move>) {
        let (mut lower, mut upper) = (Value::NEG_INFINITY, Value::INFINITY);
        let mut guess = first_guess;
        let mut line = Vec::new();
        while lower < upper && !self.stopped {
            let beta = if guess == lower { guess.next_up() } else { guess };
            guess = self.negamax_tt(tt, None, beta.next_down(), beta, depth);
            if guess < beta {
                upper = guess;
            } else {
                lower = guess;
                line = self.pv.root_line().to_vec();
            }
        }
        (guess, line)
    }
}
