//! MTD(f) (Plaat et al.): the value is found by a sequence of null-window α-β searches that remember what they
//! learned in a transposition table, each pass narrowing [lower, upper] until the two meet.

use super::context::Searcher;
use super::memory::Memory;
use super::observer::Observer;
use crate::engine::game::{Game, Value};

impl<G: Game, O: Observer<G>> Searcher<'_, G, O> {
    /// MTD(f): the value of the current position from the point of view of the player to move, found by
    /// null-window passes of [`Searcher::alphabeta_memory`] starting from `first_guess`. Each pass tests "is the
    /// value at least β?" with the window (β⁻, β), β⁻ being the float just below β: a pass returning g < β
    /// proves value ≤ g, otherwise value ≥ g. Ends when the bounds meet (or a stop condition fires). Returns the
    /// value and the principal variation of the last pass that proved the lower bound (its first move achieves
    /// the value).
    pub fn mtdf(&mut self, memory: &mut Memory<G::Move>, first_guess: Value, depth: u32) -> (Value, Vec<G::Move>) {
        let (mut lower, mut upper) = (Value::NEG_INFINITY, Value::INFINITY);
        let mut guess = first_guess;
        let mut line = Vec::new();
        while lower < upper && !self.stopped {
            let beta = if guess == lower { guess.next_up() } else { guess };
            guess = self.alphabeta_memory(memory, None, beta.next_down(), beta, depth, false);
            if self.stopped {
                break;
            }
            if guess < beta {
                upper = guess;
            } else {
                lower = guess;
                line = self.root_line_or_remembered(memory);
            }
        }
        (guess, line)
    }
}
