//! Clocks: a time control of a base time plus an increment per move, and how much of what is left one move may
//! take (time management). Plain arithmetic in milliseconds, so every rule is a test.
//!
//! The rule: a move may take an equal share of what the clock will hold over the moves still to play
//! (`movestogo`, or [`EXPECTED_MOVES_LEFT`] when the control has no such number) — the time left, plus the
//! increments those moves will add, less the per-move cost (what the transport, the GUI and the engine's own
//! reading and answering lose on every move) for each of those moves and this one — but never more than
//! [`MOST_OF_WHAT_IS_LEFT`] of the time left after this move's cost. Holding the per-move cost back for every
//! coming move, not once, is what keeps a sudden-death clock from running out: as the time left falls towards that
//! reserve, the budget falls to 0 — one iteration, a shallow search of a fraction of a millisecond — and each move
//! costs little more than its fixed part, which the reserve was kept for. The search stops at its budget within a
//! thousand nodes.

/// Moves a game is assumed still to last when the time control does not say (`movestogo` absent): a common
/// choice of engines, between a middlegame's and an endgame's remaining length.
pub const EXPECTED_MOVES_LEFT: u64 = 25;

/// The largest part of the time left one move may take, in percent: even the last move before a time control
/// keeps a margin for the search's own overrun and the overhead's variation.
pub const MOST_OF_WHAT_IS_LEFT: u64 = 80;

/// A player's clock before a move, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockState {
    /// Time left on the clock.
    pub remaining_ms: u64,
    /// Added to the clock after each move.
    pub increment_ms: u64,
    /// Moves to play before the next time control adds time, if the control has one.
    pub moves_to_go: Option<u64>,
}

/// How long the coming move's search may take, in milliseconds, when every move also costs `per_move_cost_ms`
/// outside the search (see the module's doc).
pub fn move_budget_ms(clock: ClockState, per_move_cost_ms: u64) -> u64 {
    // In u128: a clock read from a GUI may say anything, and nothing here may overflow.
    let cost = u128::from(per_move_cost_ms);
    let moves = u128::from(clock.moves_to_go.unwrap_or(EXPECTED_MOVES_LEFT).max(1));
    let coming = u128::from(clock.remaining_ms) + u128::from(clock.increment_ms) * (moves - 1);
    let share = coming.saturating_sub(cost * (moves + 1)) / moves;
    let cap = u128::from(clock.remaining_ms).saturating_sub(cost) * u128::from(MOST_OF_WHAT_IS_LEFT) / 100;
    share.min(cap) as u64
}

/// A base + increment time control, as a match plays it: both players start with `base_ms`, and each move adds
/// `increment_ms` to the mover's clock after it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TimeControl {
    /// Each player's time at the start of the game.
    pub base_ms: u64,
    /// Added to the mover's clock after each move.
    pub increment_ms: u64,
}

impl TimeControl {
    /// Reads `base+increment` in seconds, as chess programs write it: `60+0.6`, `10`, `0.5+0.05`.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let seconds = |part: &str| -> Result<u64, String> {
            let value: f64 = part.trim().parse().map_err(|_| format!("'{part}' is not a number of seconds"))?;
            if !(value.is_finite() && value >= 0.0) {
                return Err(format!("'{part}' is not a number of seconds"));
            }
            Ok((value * 1000.0).round() as u64)
        };
        let (base, increment) = match text.split_once('+') {
            Some((base, increment)) => (seconds(base)?, seconds(increment)?),
            None => (seconds(text)?, 0),
        };
        if base == 0 {
            return Err(format!("time control '{text}': the base time must be above 0"));
        }
        Ok(TimeControl { base_ms: base, increment_ms: increment })
    }
}

/// One player's running clock in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameClock {
    /// Time left on the clock.
    pub remaining_ms: u64,
    /// Added to the clock after each move.
    pub increment_ms: u64,
}

/// The clock ran out during a move: the player loses on time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flagged;

impl GameClock {
    /// A clock at the start of a game played at `control`.
    pub fn new(control: TimeControl) -> Self {
        GameClock { remaining_ms: control.base_ms, increment_ms: control.increment_ms }
    }

    /// The clock as [`move_budget_ms`] reads it.
    pub fn state(&self) -> ClockState {
        ClockState { remaining_ms: self.remaining_ms, increment_ms: self.increment_ms, moves_to_go: None }
    }

    /// Takes a move's time off the clock and adds the increment; a move that took more than was left flags.
    pub fn charge(&mut self, elapsed_ms: u64) -> Result<(), Flagged> {
        self.spend(elapsed_ms)?;
        self.remaining_ms = self.remaining_ms.saturating_add(self.increment_ms);
        Ok(())
    }

    /// Takes time off the clock without a move (no increment): a clock stopped by a pause. More than was left
    /// flags.
    pub fn spend(&mut self, elapsed_ms: u64) -> Result<(), Flagged> {
        if elapsed_ms > self.remaining_ms {
            self.remaining_ms = 0;
            return Err(Flagged);
        }
        self.remaining_ms -= elapsed_ms;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(remaining_ms: u64, increment_ms: u64, moves_to_go: Option<u64>) -> ClockState {
        ClockState { remaining_ms, increment_ms, moves_to_go }
    }

    #[test]
    fn a_move_takes_its_share_of_the_time_left_and_the_coming_increments() {
        // (remaining, increment, moves to go, per-move cost) → budget
        let table = [
            ((60_000, 0, None, 0), 2_400),                               // 60 s / 25
            ((60_000, 1_000, None, 0), 3_360),                           // (60 s + 24 × 1 s) / 25
            ((60_000, 0, Some(10), 0), 6_000),                           // 60 s / 10
            ((60_000, 0, Some(1), 0), 48_000),                           // the last move before the control: 80 % of it
            ((60_000, 0, Some(0), 0), 48_000),                           // 0 read as 1
            ((10_000, 0, None, 100), 296),                               // (10 s − 26 × 100 ms) / 25
            ((1_000, 0, None, 10), 29),                                  // 1 s + 0: (1,000 − 260) / 25
            ((300, 0, None, 10), 1),                                     // near the reserve: (300 − 260) / 25
            ((250, 0, None, 10), 0),                                     // below it: one iteration only
            ((100, 5_000, None, 0), 80), // a big increment cannot spend what is not there
            ((0, 0, None, 50), 0),       // nothing left: still a move, at once
            ((u64::MAX, u64::MAX, None, 0), 14_757_395_258_967_641_292), // no overflow on any input
        ];
        for ((remaining, increment, to_go, cost), expected) in table {
            assert_eq!(move_budget_ms(clock(remaining, increment, to_go), cost), expected, "{remaining} {increment}");
        }
    }

    /// A sudden-death game of 300 plies on a simulated clock: each move costs 3 ms outside the search (what a GUI
    /// saw), a search with a budget overruns it by 1 ms, and the time manager is told of 13 ms a move (a 10 ms
    /// `Move Overhead` and 3 ms measured). Over the 150 moves of one side at 1 s + 0 the clock never falls below the
    /// cost of a move still to come, where holding the cost back once flags near move 100.
    #[test]
    fn a_sudden_death_clock_never_runs_out_over_a_300_ply_game() {
        let (cost, overrun) = (3u64, 1u64);
        for (base, increment, per_move_cost) in [(1_000u64, 0u64, 13u64), (10_000, 100, 13), (2_000, 20, 13)] {
            let mut remaining = base;
            let mut lowest = base;
            for played in 0..150 {
                let budget = move_budget_ms(clock(remaining, increment, None), per_move_cost);
                let spent = budget + cost + if budget > 0 { overrun } else { 0 };
                assert!(spent < remaining, "{base}+{increment}: flagged at move {played} ({remaining} ms left)");
                remaining = remaining - spent + increment;
                lowest = lowest.min(remaining);
            }
            assert!(lowest > cost + overrun, "{base}+{increment}: down to {lowest} ms");
        }
        // The old rule, the cost held back once from the total, runs out within 300 moves.
        let mut remaining = 1_000u64;
        let ran_out = (0..150).any(|_| {
            let budget = (remaining.saturating_sub(13) / EXPECTED_MOVES_LEFT).max(1);
            let spent = budget + cost + overrun;
            let out = spent >= remaining;
            remaining = remaining.saturating_sub(spent);
            out
        });
        assert!(ran_out, "the comparison shows the fault");
    }

    #[test]
    fn the_budget_never_exceeds_the_time_left() {
        for remaining in [1u64, 7, 100, 999, 5_000, 60_000, 3_600_000] {
            for increment in [0u64, 10, 1_000, 30_000] {
                for to_go in [None, Some(1), Some(2), Some(40)] {
                    let budget = move_budget_ms(clock(remaining, increment, to_go), 10);
                    assert!(budget <= remaining.max(1), "{remaining} {increment} {to_go:?}: {budget}");
                }
            }
        }
    }

    #[test]
    fn time_controls_parse_in_seconds_and_refuse_nonsense() {
        assert_eq!(TimeControl::parse("60+0.6"), Ok(TimeControl { base_ms: 60_000, increment_ms: 600 }));
        assert_eq!(TimeControl::parse("10"), Ok(TimeControl { base_ms: 10_000, increment_ms: 0 }));
        assert_eq!(TimeControl::parse("0.5+0.05"), Ok(TimeControl { base_ms: 500, increment_ms: 50 }));
        for bad in ["", "+1", "abc", "1+x", "0", "-5+1", "inf", "NaN"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_game_clock_adds_the_increment_and_flags_an_overrun() {
        let mut clock = GameClock::new(TimeControl { base_ms: 1_000, increment_ms: 100 });
        assert_eq!(clock.charge(300), Ok(()));
        assert_eq!(clock.remaining_ms, 800);
        assert_eq!(clock.charge(800), Ok(()), "exactly what is left is still in time");
        assert_eq!(clock.remaining_ms, 100);
        assert_eq!(clock.charge(101), Err(Flagged));
        assert_eq!(clock.remaining_ms, 0);
        let mut paused = GameClock::new(TimeControl { base_ms: 1_000, increment_ms: 100 });
        assert_eq!(paused.spend(250), Ok(()));
        assert_eq!(paused.remaining_ms, 750, "a pause adds no increment");
        assert_eq!(paused.spend(751), Err(Flagged));
        assert_eq!(move_budget_ms(GameClock::new(TimeControl { base_ms: 2_500, increment_ms: 0 }).state(), 0), 100);
    }
}
