//! Principal variation search (NegaScout): the first child with the full window, the others with a null window
//! that only asks "is it better?", and a re-search for the rare child that is.

use super::context::{NegamaxNode, Searcher};
use super::negamax::child_window;
use super::observer::Observer;
use crate::engine::game::{Game, Turn, Value};

impl<G: Game, O: Observer<G>> Searcher<'_, G, O> {
    /// The value of the current position from the point of view of the player to move (MAX at a chance node),
    /// fail-soft with the same contract as [`Searcher::negamax`].
    ///
    /// After the first child, each child is searched with the null window (α, α⁺), where α⁺ is the next float
    /// above α, so no value lies strictly inside it. A child that fails high there (value > α) and below β is
    /// searched again with (α, β) — unless its value is already exact (a single leaf, or a chance node). Leaves read in a
    /// re-search are read (and reported) again.
    pub fn pvs(&mut self, via: Option<G::Move>, alpha: Value, beta: Value, depth: u32) -> Value {
        let (turn, sign, window) = match self.open_negamax_node(via, alpha, beta, depth, false) {
            Ok(node) => node,
            Err(leaf_value) => return leaf_value,
        };
        if turn == Turn::Chance {
            return self.expectation(|s, mv| {
                let child_sign = s.game.turn().sign();
                child_sign * s.pvs(Some(mv), Value::NEG_INFINITY, Value::INFINITY, depth - 1)
            });
        }
        let moves = match self.expand() {
            Ok(moves) => moves,
            Err(value) => return value,
        };
        let mut node = NegamaxNode { turn, sign, window, alpha, beta, best: Value::NEG_INFINITY, moves };
        for i in node.moves.clone() {
            let mv = self.advance(i);
            let flip = sign * self.game.turn().sign();
            let alpha = node.alpha;
            let value = if i == node.moves.start {
                let (a, b) = child_window(flip, alpha, beta);
                flip * self.pvs(Some(mv), a, b, depth - 1)
            } else {
                let nodes_before = self.stats.nodes_visited;
                let (a, b) = child_window(flip, alpha, alpha.next_up());
                let scout = flip * self.pvs(Some(mv), a, b, depth - 1);
                // A single leaf, and a chance node (searched exactly whatever the window), gave an exact value.
                let exact = self.stats.nodes_visited == nodes_before + 1 || self.game.turn() == Turn::Chance;
                if scout > alpha && scout < beta && !exact && !self.stopped {
                    let (a, b) = child_window(flip, alpha, beta);
                    flip * self.pvs(Some(mv), a, b, depth - 1)
                } else {
                    scout
                }
            };
            self.retreat(mv);
            if self.stopped || self.back_up(&mut node, i, mv, value).cutoff {
                break;
            }
        }
        self.close(node)
    }
}
