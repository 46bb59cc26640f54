//! α-β exactly as the seeds write it: MAX-VALUE and MIN-VALUE from MAX's point of view, fail-hard, with the
//! cut-off taken as soon as α ≥ β (Edwards & Hart 1963; the lecture's MAX-VALUE / MIN-VALUE).

use super::context::Searcher;
use super::observer::{Bound, Observer, Window};
use crate::engine::game::{Game, Turn, Value};

impl<G: Game, O: Observer<G>> Searcher<'_, G, O> {
    /// The α-β value of the current position, from MAX's point of view, searched `depth` plies deep.
    ///
    /// Fail-hard, as in the seeds: the result is clamped to [α, β]. If the true value v lies inside (α, β) the
    /// result is v; if v ≤ α the result is α; if v ≥ β the result is β. A MAX node returns β as soon as
    /// α ≥ β (a β-cut), a MIN node returns α as soon as β ≤ α (an α-cut); children are tried in the order the
    /// game generates them. Chance nodes are searched exactly, their children with the full window.
    ///
    /// The observer is told each node's own value when it is left (its α at a MAX node, its β at a MIN node), as
    /// the lecture's trace table shows it, with a bound where the node was cut.
    pub fn alphabeta(&mut self, via: Option<G::Move>, mut alpha: Value, mut beta: Value, depth: u32) -> Value {
        let window = Window { alpha, beta };
        self.enter(via, window);
        let turn = self.game.turn();
        if let Some(value) = self.try_leaf(depth) {
            return turn.sign() * value;
        }
        if turn == Turn::Chance {
            return self.expectation(|s, mv| s.alphabeta(Some(mv), Value::NEG_INFINITY, Value::INFINITY, depth - 1));
        }
        let moves = match self.expand() {
            Ok(moves) => moves,
            Err(value) => return turn.sign() * value,
        };
        let maximizing = turn == Turn::Max;
        let mut best = -turn.sign() * Value::INFINITY;
        for i in moves.clone() {
            let mv = self.advance(i);
            let value = self.alphabeta(Some(mv), alpha, beta, depth - 1);
            self.retreat(mv);
            if self.stopped {
                break;
            }
            if (if maximizing { value > best } else { value < best }) || i == moves.start {
                best = value;
                self.new_best(mv);
            }
            if maximizing {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
            self.observer.backed_up(self.game, value, Window { alpha, beta });
            if alpha >= beta {
                let (own, bound, result) =
                    if maximizing { (alpha, Bound::Lower, beta) } else { (beta, Bound::Upper, alpha) };
                self.cutoff(turn, &moves, i, own);
                self.leave(moves, own, bound);
                return result;
            }
        }
        let own = if maximizing { alpha } else { beta };
        self.leave(moves, own, Bound::classify(own, window));
        own
    }
}
