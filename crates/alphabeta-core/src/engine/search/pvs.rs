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

#[cfg(test)]
mod tests {
    use crate::engine::game::Value;
    use crate::engine::search::context::{Searcher, StopWhen};
    use crate::engine::search::observer::NoObserver;
    use crate::tree::flat::FlatTree;
    use crate::tree::generate::uniform_distinct;
    use crate::tree::notation;

    /// PVS over `tree` (MAX at the root) with the window (α, β).
    fn pvs(tree: &FlatTree, alpha: Value, beta: Value) -> Value {
        let (mut position, mut observer) = (tree.root(), NoObserver);
        Searcher::new(&mut position, &mut observer, StopWhen::default()).pvs(None, alpha, beta, u32::MAX)
    }

    /// A null window (m, m⁺) answers "is the value above m?": fail-soft, the answer is a bound on the correct side.
    #[test]
    fn a_null_window_answers_whether_the_value_is_above_it() {
        let tree = FlatTree::compile(&notation::parse("((3 12 8) (2 4 6) (14 5 2))").expect("valid")).expect("a tree");
        assert_eq!(pvs(&tree, Value::NEG_INFINITY, Value::INFINITY), 3.0);
        for (m, above) in [(2.0, true), (2.9, true), (3.0, false), (7.0, false)] {
            let value = pvs(&tree, m, Value::next_up(m));
            assert_eq!(value > m, above, "is 3 above {m}? the search said {value}");
            assert!(if above { value <= 3.0 } else { value >= 3.0 }, "{value} bounds 3 on the right side of {m}");
        }
    }

    /// The full window gives the minimax value, whatever the order of the moves.
    #[test]
    fn the_full_window_gives_the_minimax_value() {
        for seed in 0..40 {
            let tree = FlatTree::compile(&uniform_distinct(3, 5, seed)).expect("a tree");
            let (mut position, mut observer) = (tree.root(), NoObserver);
            let minimax = Searcher::new(&mut position, &mut observer, StopWhen::default()).minimax(None, u32::MAX);
            assert_eq!(pvs(&tree, Value::NEG_INFINITY, Value::INFINITY), minimax, "seed {seed}");
        }
    }
}
