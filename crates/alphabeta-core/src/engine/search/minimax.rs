//! Plain minimax, with expectation at chance nodes (expectiminimax): the oracle every other search must agree with.

use super::context::Searcher;
use super::observer::{Bound, Observer, Window};
use crate::engine::game::{Game, Turn, Value};

impl<G: Game, O: Observer<G>> Searcher<'_, G, O> {
    /// The minimax value of the current position searched `depth` plies deep (`u32::MAX`: to the end), from
    /// MAX's point of view; the expected value at chance nodes. Visits every node of the tree: nothing is pruned,
    /// so the window reported to the observer is always (−∞, +∞).
    pub fn minimax(&mut self, via: Option<G::Move>, depth: u32) -> Value {
        self.enter(via, Window::FULL);
        let turn = self.game.turn();
        if let Some(value) = self.try_leaf(depth) {
            return turn.sign() * value;
        }
        if turn == Turn::Chance {
            return self.expectation(|s, mv| s.minimax(Some(mv), depth - 1));
        }
        let moves = match self.expand() {
            Ok(moves) => moves,
            Err(value) => return turn.sign() * value,
        };
        let mut best = -turn.sign() * Value::INFINITY;
        for i in moves.clone() {
            let mv = self.advance(i);
            let value = self.minimax(Some(mv), depth - 1);
            self.retreat(mv);
            if self.stopped {
                break;
            }
            let better = if turn == Turn::Max { value > best } else { value < best };
            if better || i == moves.start {
                best = value;
                self.new_best(mv);
            }
            self.observer.backed_up(self.game, value, Window::FULL);
        }
        self.leave(moves, best, Bound::Exact);
        best
    }
}
