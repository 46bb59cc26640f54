//! Ballard's Star1 (1983): α-β extended to chance nodes. Knowing that every value lies in [L, U], a chance node
//! can stop once its outcomes seen so far force its average outside (α, β), whatever the unseen ones hold.

use super::context::{Searcher, weighted};
use super::observer::{Bound, CutKind, Observer, Window};
use crate::engine::game::{Game, Turn, Value};

impl<G: Game, O: Observer<G>> Searcher<'_, G, O> {
    /// The expectiminimax value of the current position from MAX's point of view, fail-soft (the contract of
    /// [`Searcher::negamax`], read from MAX's side), pruning at player nodes as α-β does and at chance nodes as
    /// Star1 does, using the game's [`Game::value_bounds`] [L, U].
    ///
    /// At a chance node with outcomes of probability p₁…pₙ, before searching outcome i with the values v₁…vᵢ₋₁
    /// known and R = 1 − (p₁ + … + pᵢ) still unseen, the node's value can only fall inside (α, β) if vᵢ lies in
    /// (αᵢ, βᵢ) with αᵢ = (α − Σⱼ₍ⱼ₍ᵢ₎ pⱼvⱼ − R·U) / pᵢ and βᵢ = (β − Σ pⱼvⱼ − R·L) / pᵢ. The outcome is searched
    /// with the window (max(αᵢ, L), min(βᵢ, U)); if its value reaches βᵢ the node returns the lower bound
    /// Σ pⱼvⱼ + R·L ≥ β, if it falls to αᵢ the upper bound Σ pⱼvⱼ + R·U ≤ α. With an infinite L or U no such
    /// bound exists, and the chance node is searched exactly.
    pub fn star1(&mut self, via: Option<G::Move>, alpha: Value, beta: Value, depth: u32) -> Value {
        let window = Window { alpha, beta };
        self.enter(via, window);
        let turn = self.game.turn();
        if let Some(value) = self.try_leaf(depth) {
            return turn.sign() * value;
        }
        let (low, high) = self.game.value_bounds();
        if turn == Turn::Chance && !(low.is_finite() && high.is_finite()) {
            return self.expectation(|s, mv| s.star1(Some(mv), Value::NEG_INFINITY, Value::INFINITY, depth - 1));
        }
        let moves = match self.expand() {
            Ok(moves) => moves,
            Err(value) => return turn.sign() * value,
        };
        if turn == Turn::Chance {
            return self.star1_chance(moves, window, (low, high), depth);
        }
        let maximizing = turn == Turn::Max;
        let (mut alpha, mut beta) = (alpha, beta);
        let mut best = -turn.sign() * Value::INFINITY;
        for i in moves.clone() {
            let mv = self.advance(i);
            let value = self.star1(Some(mv), alpha, beta, depth - 1);
            self.retreat(mv);
            if self.stopped {
                break;
            }
            if (if maximizing { value > best } else { value < best }) || i == moves.start {
                best = value;
                self.new_best(mv);
            }
            if maximizing {
                alpha = alpha.max(best);
            } else {
                beta = beta.min(best);
            }
            self.observer.backed_up(self.game, value, Window { alpha, beta });
            if alpha >= beta {
                self.cutoff(turn, &moves, i, best);
                break;
            }
        }
        self.leave(moves, best, Bound::classify(best, window));
        best
    }

    fn star1_chance(
        &mut self,
        moves: std::ops::Range<usize>,
        window: Window,
        (low, high): (Value, Value),
        depth: u32,
    ) -> Value {
        let mut known_sum = 0.0;
        let mut seen_probability = 0.0;
        for i in moves.clone() {
            let p = self.game.probability(self.moves[i]);
            let unseen_after = (1.0 - seen_probability - p).max(0.0);
            let child_alpha = (window.alpha - known_sum - weighted(unseen_after, high)) / p;
            let child_beta = (window.beta - known_sum - weighted(unseen_after, low)) / p;
            let mv = self.advance(i);
            let value = self.star1(Some(mv), child_alpha.max(low), child_beta.min(high), depth - 1);
            self.retreat(mv);
            if self.stopped {
                break;
            }
            known_sum += weighted(p, value);
            seen_probability += p;
            self.observer.backed_up(self.game, value, window);
            let unseen = (1.0 - seen_probability).max(0.0);
            let cut = if value <= child_alpha {
                Some((CutKind::Alpha, known_sum + weighted(unseen, high), Bound::Upper))
            } else if value >= child_beta {
                Some((CutKind::Beta, known_sum + weighted(unseen, low), Bound::Lower))
            } else {
                None
            };
            if let Some((kind, bound_value, bound)) = cut {
                // The last outcome can always "cut" by arithmetic; only a real saving is a cut-off.
                if i + 1 < moves.end {
                    self.cutoff_of(kind, &moves, i, bound_value);
                    self.leave(moves, bound_value, bound);
                    return bound_value;
                }
                self.leave(moves, known_sum, Bound::classify(known_sum, window));
                return known_sum;
            }
        }
        self.leave(moves, known_sum, Bound::classify(known_sum, window));
        known_sum
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::game::Value;
    use crate::engine::search::context::{Searcher, StopWhen};
    use crate::engine::search::observer::NoObserver;
    use crate::tree::flat::FlatTree;
    use crate::tree::notation;

    /// Star1 and expectiminimax over the tree `text` (every leaf read by the latter): their values and the leaves
    /// each read.
    fn both(text: &str) -> ((Value, u64), (Value, u64)) {
        let tree = FlatTree::compile(&notation::parse(text).expect("valid notation")).expect("a tree");
        let run = |star1: bool| {
            let (mut position, mut observer) = (tree.root(), NoObserver);
            let mut searcher = Searcher::new(&mut position, &mut observer, StopWhen::default());
            let value = if star1 {
                searcher.star1(None, Value::NEG_INFINITY, Value::INFINITY, u32::MAX)
            } else {
                searcher.minimax(None, u32::MAX)
            };
            (value, searcher.stats.leaves_evaluated)
        };
        (run(true), run(false))
    }

    /// With every leaf in [0, 10], the second chance node's first outcome, 0, caps its average at ½·0 + ½·10 = 5:
    /// no better than the 5 already in hand, so its second outcome is never read.
    #[test]
    fn a_chance_node_stops_once_its_seen_outcomes_cap_its_average() {
        let ((value, leaves), (exact, all)) = both("max(chance(0.5: 6 0.5: 4) chance(0.5: 0 0.5: 10))");
        assert_eq!((value, exact), (5.0, 5.0));
        assert_eq!((leaves, all), (3, 4));
    }

    /// Where the value can be found, Star1 finds expectiminimax's: below MIN nodes, with unequal chances, and with
    /// an infinite leaf (no finite bounds: the chance nodes are searched exactly).
    #[test]
    fn star1_agrees_with_expectiminimax() {
        for text in [
            "max(chance(0.5: min(3 8) 0.5: min(7 2)) chance(0.25: 9 0.75: min(1 6)) 4)",
            "min(chance(0.1: 10 0.9: 0) chance(0.5: max(2 9) 0.5: 5) chance(0.3: 8 0.7: 1))",
            "max(chance(0.5: inf 0.5: 2) 3)",
        ] {
            let ((value, leaves), (exact, all)) = both(text);
            assert_eq!(value, exact, "{text}");
            assert!(leaves <= all, "{text}: {leaves} leaves, minimax read {all}");
        }
    }
}
