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

#[cfg(test)]
mod tests {
    use crate::engine::game::Value;
    use crate::engine::search::context::{Searcher, StopWhen};
    use crate::engine::search::observer::NoObserver;
    use crate::tree::flat::FlatTree;
    use crate::tree::generate::uniform_distinct;
    use crate::tree::notation;

    const INF: Value = Value::INFINITY;

    /// The lecture's tree: MAX over three MIN nodes, minimax value 3.
    const LECTURE: &str = "((3 12 8) (2 4 6) (14 5 2))";

    /// α-β over `tree` with the window (α, β): its value and the leaves it read.
    fn alphabeta(tree: &FlatTree, alpha: Value, beta: Value) -> (Value, u64) {
        let (mut position, mut observer) = (tree.root(), NoObserver);
        let mut searcher = Searcher::new(&mut position, &mut observer, StopWhen::default());
        let value = searcher.alphabeta(None, alpha, beta, u32::MAX);
        (value, searcher.stats.leaves_evaluated)
    }

    fn compile(text: &str) -> FlatTree {
        FlatTree::compile(&notation::parse(text).expect("valid notation")).expect("a tree")
    }

    /// Inside the window the value is exact; a value at or below α comes back as α, at or above β as β.
    #[test]
    fn the_result_is_the_value_held_to_the_window() {
        let tree = compile(LECTURE);
        assert_eq!(alphabeta(&tree, -INF, INF), (3.0, 7), "the second MIN node is cut after its 2");
        assert_eq!(alphabeta(&tree, 4.0, 10.0).0, 4.0, "fail-hard: v = 3 ≤ α returns α");
        assert_eq!(alphabeta(&tree, -INF, 2.0), (2.0, 3), "v = 3 ≥ β returns β after the first MIN node");
        assert_eq!(alphabeta(&tree, 2.5, 3.5).0, 3.0);
    }

    /// Knuth and Moore's best case: on a uniform tree whose best moves come first, α-β reads Levin's minimum,
    /// b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves; on any order it agrees with minimax.
    #[test]
    fn best_first_order_reads_levins_minimum_and_any_order_the_minimax_value() {
        let sorted = compile("((9 10 11) (6 12 13) (3 14 15))");
        assert_eq!(alphabeta(&sorted, -INF, INF), (9.0, 3 + 3 - 1), "b = 3, d = 2: 3¹ + 3¹ − 1 leaves");
        for seed in 0..40 {
            let tree = FlatTree::compile(&uniform_distinct(3, 4, seed)).expect("a tree");
            let (mut position, mut observer) = (tree.root(), NoObserver);
            let minimax = Searcher::new(&mut position, &mut observer, StopWhen::default()).minimax(None, u32::MAX);
            let (value, leaves) = alphabeta(&tree, -INF, INF);
            assert_eq!(value, minimax, "seed {seed}");
            assert!((17..=81).contains(&leaves), "seed {seed}: {leaves} leaves, between Levin's 17 and all 81");
        }
    }
}
