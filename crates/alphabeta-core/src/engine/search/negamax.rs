//! Negamax with fail-soft returns, and the 1961 memo's shallow pruning, which is the same loop with a narrower
//! idea of what a node may know.

use super::context::{NegamaxNode, Searcher};
use super::observer::Observer;
use crate::engine::game::{Game, Turn, Value};

/// Which bounds a node passes down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Full α-β: every ancestor's bound reaches every descendant, so deep cut-offs happen.
    Deep,
    /// Hart & Edwards 1961, rules 2–3 only: a node knows only its parent's current value, and is abandoned when
    /// its own value passes it. No bound from higher up reaches it, so there are no deep cut-offs.
    Shallow,
}

/// A child's window from its parent's (α, β): `flip` is +1 when parent and child are the same player, −1 when
/// they are opponents (chance nodes count as MAX).
#[inline]
pub(crate) fn child_window(flip: Value, alpha: Value, beta: Value) -> (Value, Value) {
    if flip > 0.0 { (alpha, beta) } else { (-beta, -alpha) }
}

impl<G: Game, O: Observer<G>> Searcher<'_, G, O> {
    /// The value of the current position from the point of view of the player to move (MAX at a chance node),
    /// searched `depth` plies deep with the window (α, β), fail-soft: if the result v lies inside (α, β) it is
    /// exact; if v ≤ α the true value is at most v; if v ≥ β it is at least v. Children are tried in the
    /// order the game generates them; a node stops at the first child whose value reaches β. With
    /// [`Reach::Deep`] this evaluates exactly the leaves [`Searcher::alphabeta`] does, in the same order.
    /// Chance nodes are searched exactly, their children with the full window.
    pub fn negamax(&mut self, via: Option<G::Move>, alpha: Value, beta: Value, depth: u32, reach: Reach) -> Value {
        let (turn, sign, window) = match self.open_negamax_node(via, alpha, beta, depth, false) {
            Ok(node) => node,
            Err(leaf_value) => return leaf_value,
        };
        if turn == Turn::Chance {
            return self.expectation(|s, mv| {
                let child_sign = s.game.turn().sign();
                child_sign * s.negamax(Some(mv), Value::NEG_INFINITY, Value::INFINITY, depth - 1, reach)
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
            let (child_alpha, child_beta) = match reach {
                Reach::Deep => child_window(flip, node.alpha, beta),
                // An opponent child is abandoned once it is worse for us than what we already have; a child of our
                // own side answers to the same bound we do.
                Reach::Shallow if flip < 0.0 => (Value::NEG_INFINITY, -node.best),
                Reach::Shallow => (Value::NEG_INFINITY, beta),
            };
            let value = flip * self.negamax(Some(mv), child_alpha, child_beta, depth - 1, reach);
            self.retreat(mv);
            if self.stopped || self.back_up(&mut node, i, mv, value).cutoff {
                break;
            }
        }
        self.close(node)
    }
}
