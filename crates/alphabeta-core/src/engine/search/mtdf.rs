//! MTD(f) (Plaat et al.): the value is found by a sequence of null-window α-β searches that remember what they
//! learned in a transposition table, each pass narrowing [lower, upper] until the two meet.

use super::alphabeta_memory::Memory;
use super::context::Searcher;
use super::observer::Observer;
use super::tt::Table;
use crate::engine::game::{Game, Value};
use std::ops::ControlFlow;

/// The least a pass of [`Searcher::mtdf`] must move a bound by to count as progress: one unit, the step of every
/// game whose values are whole numbers. On those a pass always moves a bound by a whole unit or more, so this never
/// changes their passes; a game with fractional values (chess's tapered evaluation, EinStein's averages over the
/// die) may see a pass move a bound by one ulp, and then the next test point is chosen by bisection.
pub const MTDF_STEP: Value = 1.0;

impl<G: Game, O: Observer<G>> Searcher<'_, G, O> {
    /// MTD(f): the value of the current position from the point of view of the player to move, found by
    /// null-window passes of [`Searcher::alphabeta_memory`] starting from `first_guess`. Each pass tests "is the
    /// value at least β?" with the window (β⁻, β), β⁻ being the float just below β: a pass returning g < β
    /// proves value ≤ g, otherwise value ≥ g. Ends when the bounds meet (or a stop condition fires). Returns the
    /// value and the principal variation of the last pass that proved the lower bound (its first move achieves
    /// the value). Each pass is counted in the stats' `mtd_passes`.
    ///
    /// Plain MTD(f) tests next at the last result, which on fractional values may move a bound by one ulp a pass
    /// (billions of passes). So after a pass that moves a bound by less than [`MTDF_STEP`], the next test point
    /// is the midpoint of the bounds (or one step past the finite bound while the other is infinite): the passes
    /// are then bounded by the score range in steps plus the bisection of one step down to the float spacing
    /// (under 64 passes), not by the number of floats between the first guess and the value.
    pub fn mtdf<T: Table<G::Move>>(
        &mut self,
        memory: &mut Memory<G::Move, T>,
        first_guess: Value,
        depth: u32,
    ) -> (Value, Vec<G::Move>) {
        let mut line = Vec::new();
        if self.stopped {
            return (first_guess, line);
        }
        let value = mtdf_passes(first_guess, |beta| {
            self.stats.mtd_passes += 1;
            let value = self.alphabeta_memory(memory, None, beta.next_down(), beta, depth, false);
            if self.stopped {
                return ControlFlow::Break(value);
            }
            if value >= beta {
                line = self.root_line_or_remembered(memory);
            }
            ControlFlow::Continue(value)
        });
        (value, line)
    }
}

/// MTD(f)'s passes from `first_guess` (see [`Searcher::mtdf`]): `pass(β)` searches the null window (β⁻, β) and
/// returns its fail-soft value — `Break` when the search was stopped, which ends the passes. Returns the last
/// pass's value: the value, once the bounds meet.
pub fn mtdf_passes(first_guess: Value, mut pass: impl FnMut(Value) -> ControlFlow<Value, Value>) -> Value {
    let (mut lower, mut upper) = (Value::NEG_INFINITY, Value::INFINITY);
    let mut guess = first_guess;
    let mut crawling = false;
    while lower < upper {
        let beta = if crawling {
            bisection_point(lower, upper)
        } else if guess == lower {
            guess.next_up()
        } else {
            guess
        };
        match pass(beta) {
            ControlFlow::Continue(value) => guess = value,
            ControlFlow::Break(value) => return value,
        }
        let moved = if guess < beta {
            let moved = upper - guess;
            upper = guess;
            moved
        } else {
            let moved = guess - lower;
            lower = guess;
            moved
        };
        // NaN (never from a sound game) counts as progress, so the plain rule, which always ends, applies.
        crawling = moved < MTDF_STEP;
    }
    guess
}

/// The next test point β of [`Searcher::mtdf`] once a pass has crawled, for bounds `lower < upper`: the midpoint
/// when both are finite (never `lower` itself, so a pass failing high moves it), else one step past the finite
/// bound, else 0. Always in (lower, upper], so either outcome of the pass moves a bound.
fn bisection_point(lower: Value, upper: Value) -> Value {
    let point = match (lower.is_finite(), upper.is_finite()) {
        (true, true) => lower + (upper - lower) / 2.0,
        (true, false) => lower + MTDF_STEP,
        (false, true) => upper - MTDF_STEP,
        (false, false) => 0.0,
    };
    point.max(lower.next_up()).min(upper)
}

impl<G: Game, O: Observer<G>> Searcher<'_, G, O> {
    /// MTD by bisection: the value of the current position from the point of view of the player to move, found
    /// like [`Searcher::mtdf`] by null-window passes over the table, but choosing each test point inside the
    /// known bounds [low, high] rather than at the last result. Each pass asks "is the value above m?" with the
    /// window (m, m⁺); Pons' refinement tries m nearer 0 first (half the bound when the midpoint would overshoot),
    /// since short wins and losses are common and cheap to prove. The bounds start at the game's
    /// [`Game::value_range`] widened by one unit each side (or at [`Game::value_bounds`]); both must be finite, or
    /// this falls back to MTD(f) from 0.
    ///
    /// Why widened: the test points follow from the bounds, and Pons chose his for bounds one unit wider than
    /// Connect Four's range (a win with our next stone and a loss to the opponent's next, which his solver rules
    /// out separately, as `value_range` does here). Starting from the exact range instead asks each question a
    /// unit higher and costs 38 % more nodes on his Begin-Easy set (3,734 against 2,711 a position). Only the
    /// questions change: every answer is still proven by a search, so the value is exact either way.
    pub fn mtd_bisection<T: Table<G::Move>>(
        &mut self,
        memory: &mut Memory<G::Move, T>,
        depth: u32,
    ) -> (Value, Vec<G::Move>) {
        let (low, high) =
            bisection_bounds(self.game.immediate_value(), self.game.value_range(), || self.game.value_bounds());
        if !(low.is_finite() && high.is_finite()) {
            return self.mtdf(memory, 0.0, depth);
        }
        let mut line = Vec::new();
        if self.stopped {
            return (low, line);
        }
        let value = bisect(low, high, |test| {
            let value = self.alphabeta_memory(memory, None, test, test.next_up(), depth, false);
            if self.stopped {
                return ControlFlow::Break(value);
            }
            if value > test || line.is_empty() {
                line = self.root_line_or_remembered(memory);
            }
            ControlFlow::Continue(value)
        });
        (value, line)
    }
}

/// Where MTD by bisection starts (see [`Searcher::mtd_bisection`]): the value itself when the side to move wins at
/// once (`immediate`), else the game's `range` widened by one unit each side (as it is when it already pins the
/// value), else the game's `bounds`.
pub fn bisection_bounds(
    immediate: Option<Value>,
    range: Option<(Value, Value)>,
    bounds: impl FnOnce() -> (Value, Value),
) -> (Value, Value) {
    match (immediate, range) {
        (Some(value), _) => (value, value),
        (None, Some((low, high))) if low < high => (low - 1.0, high + 1.0),
        (None, Some(range)) => range,
        (None, None) => bounds(),
    }
}

/// MTD by bisection's passes between the finite bounds `low` and `high` (see [`Searcher::mtd_bisection`]):
/// `pass(m)` searches the null window (m, m⁺) and returns its fail-soft value — `Break` when the search was
/// stopped, which ends the passes. At least one pass is made, even when the bounds already meet. Returns the value
/// (once stopped, the last pass's value held to the bounds).
pub fn bisect(mut low: Value, mut high: Value, mut pass: impl FnMut(Value) -> ControlFlow<Value, Value>) -> Value {
    let mut value = low;
    let mut first = true;
    while low < high || first {
        first = false;
        let mut test = low + (high - low) / 2.0;
        if test <= 0.0 && low / 2.0 < test {
            test = low / 2.0;
        } else if test >= 0.0 && high / 2.0 > test {
            test = high / 2.0;
        }
        let test = test.clamp(low, high);
        value = match pass(test) {
            ControlFlow::Continue(found) => found,
            ControlFlow::Break(found) => {
                value = found;
                break;
            }
        };
        if value <= test {
            high = value.min(high);
        } else {
            low = value.max(low);
        }
    }
    low.max(value.min(high))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pass of a game whose values are whole numbers, answering as weakly as fail-soft allows there: a whole
    /// number on the right side of β.
    fn whole_pass(truth: Value, passes: &mut u32) -> impl FnMut(Value) -> ControlFlow<Value, Value> + '_ {
        move |beta| {
            *passes += 1;
            ControlFlow::Continue(if truth >= beta { beta.ceil() } else { beta.ceil() - 1.0 })
        }
    }

    #[test]
    fn mtdf_finds_a_whole_value_one_step_a_pass_from_any_guess() {
        for (truth, guess) in [(3.0, 0.0), (-7.0, 0.0), (0.0, 0.0), (12.0, 15.0)] {
            let mut passes = 0;
            assert_eq!(mtdf_passes(guess, whole_pass(truth, &mut passes)), truth);
            let distance = (truth - guess).abs() as u32;
            assert!(passes <= distance + 2, "{truth} from {guess}: {passes} passes");
        }
    }

    /// On fractional values the weakest answers move a bound by one float a pass; the bisection guard keeps the
    /// passes to a bisection down to the float spacing, not one pass per float between the guess and the value.
    #[test]
    fn mtdf_on_a_fractional_value_ends_in_few_passes() {
        for truth in [0.3, -2.71, 1e-6] {
            let mut passes = 0;
            let weakest = |beta: Value| {
                passes += 1;
                ControlFlow::Continue(if truth >= beta { beta } else { beta.next_down() })
            };
            assert_eq!(mtdf_passes(0.0, weakest), truth);
            assert!(passes < 300, "{truth}: {passes} passes");
        }
    }

    #[test]
    fn bisection_finds_every_value_between_its_bounds_and_holds_a_stopped_pass_to_them() {
        for truth in -21..=21 {
            let truth = Value::from(truth);
            let mut passes = 0;
            // A null window (m, m⁺) on a game of whole values: the value itself is a fail-soft answer.
            let found = bisect(-22.0, 22.0, |_| {
                passes += 1;
                ControlFlow::Continue(truth)
            });
            assert_eq!(found, truth);
            assert!(passes <= 6, "{truth}: {passes} passes");
        }
        assert_eq!(bisect(-22.0, 22.0, |_| ControlFlow::Break(100.0)), 22.0, "a stopped pass is held to the bounds");
    }

    #[test]
    fn bisection_starts_at_an_immediate_win_else_the_widened_range_else_the_bounds() {
        let bounds = || (-50.0, 50.0);
        assert_eq!(bisection_bounds(Some(18.0), Some((-18.0, 18.0)), bounds), (18.0, 18.0));
        assert_eq!(bisection_bounds(None, Some((-18.0, 18.0)), bounds), (-19.0, 19.0));
        assert_eq!(bisection_bounds(None, Some((4.0, 4.0)), bounds), (4.0, 4.0));
        assert_eq!(bisection_bounds(None, None, bounds), (-50.0, 50.0));
    }
}
