//! Exact values a family can give the review beyond what its AI's search finds: an opening book, a solver written
//! for the board. The review asks a game for its oracle once ([`crate::games::any::GameInfo::exact_oracle`]) and
//! keeps it over the whole game, so the oracle's tables serve every position.

use crate::engine::game::Value;
use crate::games::any::AnyGame;
use std::sync::atomic::AtomicBool;

/// A value proven for the player to move: the game's true value, not an evaluation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Proven {
    /// The value for the player to move, in the game's unit: positive a win, 0 a draw, negative a loss.
    pub value: Value,
    /// True when only the outcome is known — 1 a win, 0 a draw, −1 a loss — and not how fast (a book of outcomes).
    pub outcome_only: bool,
}

/// Finds the proven values of a family's positions.
pub trait ExactOracle: Send {
    /// The proven value of `game` (a position of the oracle's family) for the player to move, searching at most
    /// `nodes` nodes; `None` when it is not proven within them, when `stop` is set, or for a position the oracle
    /// does not cover.
    fn value(&mut self, game: &AnyGame, nodes: u64, stop: &AtomicBool) -> Option<Proven>;
}
