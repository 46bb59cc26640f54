//! The Play view's chess clocks: one base + increment time control for both sides, a clock per seat that runs
//! while that side is to move, and the AI's time per move drawn from its clock by the same time manager `match`
//! and `uci` use ([`move_budget_ms`]). Every rule is a test with explicit instants.
//!
//! A clock runs while its side is to move, the game is not over and not paused; a roll of the die stops it
//! without an increment. A move played adds the increment. A side whose clock reaches zero loses on time (the
//! flag falls), person or AI. Undo and redo do not turn the clocks back: they go on from where they are, as a
//! casual game on a real clock would.
//!
//! A session keeps the clocks as [`SavedClocks`]: the control and the time each side had left when it was saved.
//! Reopened, they stand still until the side to move is on the clock again — time away from the studio is not
//! charged to anyone.

use crate::engine::search::clock::{GameClock, TimeControl, move_budget_ms};
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// The longest base time the window's control offers (180 minutes), and so the most a saved clock may hold.
pub const MAX_BASE_MS: u64 = 180 * 60_000;
/// The largest increment the window's control offers (60 s).
pub const MAX_INCREMENT_MS: u64 = 60_000;
/// The most time a saved clock may show: the longest base and a thousand moves' largest increments.
const MAX_SAVED_MS: u64 = MAX_BASE_MS + 1_000 * MAX_INCREMENT_MS;

/// The clocks as a session keeps them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedClocks {
    /// The time control both sides play on.
    pub control: TimeControl,
    /// Each seat's time left when the session was saved, in milliseconds.
    pub remaining_ms: [u64; 2],
    /// The seat whose flag fell, if one did.
    pub flagged: Option<usize>,
}

/// What the AI keeps back from each move's budget for what the window loses between the search's end and the
/// clock's press (a frame or two, the report's trip), so a move timed to the budget does not flag.
pub const MOVE_OVERHEAD_MS: u64 = 50;

/// Both sides' clocks in a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Clocks {
    /// The time control both sides play on.
    pub control: TimeControl,
    clocks: [GameClock; 2],
    /// The seat whose clock runs, since when, and how many moves the game had then.
    running: Option<Running>,
    /// The seat whose flag fell.
    flagged: Option<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Running {
    seat: usize,
    since: Instant,
    ply: usize,
}

impl Clocks {
    /// Both clocks at the control's base time, stopped.
    pub fn new(control: TimeControl) -> Self {
        Clocks { control, clocks: [GameClock::new(control); 2], running: None, flagged: None }
    }

    /// Brings the clocks in line with the game at `now`: `to_move` is the seat that should be on the clock (`None`
    /// when none should run: the game is over, paused, or at a roll of the die) and `ply` the number of moves
    /// played. The clock that ran is stopped — with the increment when moves were played since it started — and
    /// `to_move`'s is started. Returns the seat whose flag fell, now or before.
    pub fn sync(&mut self, to_move: Option<usize>, ply: usize, now: Instant) -> Option<usize> {
        if self.flagged.is_some() {
            self.running = None;
            return self.flagged;
        }
        if let Some(running) = self.running {
            if self.out_of_time(running, now) {
                return self.flag(running.seat);
            }
            if to_move == Some(running.seat) && ply == running.ply {
                return None;
            }
            let elapsed = elapsed_ms(running.since, now);
            let clock = &mut self.clocks[running.seat];
            // A move was made: the increment. Anything else (a pause, a roll, an undo) only stops the clock.
            let flagged = if ply > running.ply { clock.charge(elapsed) } else { clock.spend(elapsed) };
            self.running = None;
            if flagged.is_err() {
                return self.flag(running.seat);
            }
        }
        if let Some(seat) = to_move {
            self.running = Some(Running { seat: seat.min(1), since: now, ply });
        }
        None
    }

    fn out_of_time(&self, running: Running, now: Instant) -> bool {
        elapsed_ms(running.since, now) > self.clocks[running.seat].remaining_ms
    }

    fn flag(&mut self, seat: usize) -> Option<usize> {
        self.clocks[seat].remaining_ms = 0;
        self.running = None;
        self.flagged = Some(seat);
        self.flagged
    }

    /// The clocks as they stand at `now`, for a session.
    pub fn to_saved(&self, now: Instant) -> SavedClocks {
        SavedClocks {
            control: self.control,
            remaining_ms: [self.remaining_ms(0, now), self.remaining_ms(1, now)],
            flagged: self.flagged,
        }
    }

    /// Stopped clocks showing what `saved` kept, or what is wrong with it: every time is held to what the window's
    /// controls can set ([`MAX_BASE_MS`], [`MAX_INCREMENT_MS`]), and a fallen flag to a seat of the two.
    pub fn from_saved(saved: &SavedClocks) -> Result<Clocks, String> {
        let SavedClocks { control, remaining_ms, flagged } = *saved;
        if !(1_000..=MAX_BASE_MS).contains(&control.base_ms) {
            return Err(format!("the clock's base is {} ms; it must be 1 s to 180 min", control.base_ms));
        }
        if control.increment_ms > MAX_INCREMENT_MS {
            return Err(format!("the clock's increment is {} ms; it must be at most 60 s", control.increment_ms));
        }
        if let Some(ms) = remaining_ms.iter().find(|&&ms| ms > MAX_SAVED_MS) {
            return Err(format!("a clock shows {ms} ms, more than a game on this control can have"));
        }
        if flagged.is_some_and(|seat| seat > 1) {
            return Err("the clocks name a third player whose flag fell".into());
        }
        let mut clocks = Clocks::new(control);
        for (clock, ms) in clocks.clocks.iter_mut().zip(remaining_ms) {
            clock.remaining_ms = ms;
        }
        clocks.flagged = flagged;
        Ok(clocks)
    }

    /// The seat whose flag fell, if one did.
    pub fn flagged(&self) -> Option<usize> {
        self.flagged
    }

    /// The seat whose clock runs.
    pub fn running(&self) -> Option<usize> {
        self.running.map(|r| r.seat)
    }

    /// Milliseconds left on `seat`'s clock at `now` (the running clock counts down).
    pub fn remaining_ms(&self, seat: usize, now: Instant) -> u64 {
        let seat = seat.min(1);
        let left = self.clocks[seat].remaining_ms;
        match self.running {
            Some(running) if running.seat == seat => left.saturating_sub(elapsed_ms(running.since, now)),
            _ => left,
        }
    }

    /// How long `seat`'s coming move may take, by the time manager ([`move_budget_ms`]) over what its clock shows
    /// at `now`, less [`MOVE_OVERHEAD_MS`].
    pub fn budget_ms(&self, seat: usize, now: Instant) -> u64 {
        let state = GameClock { remaining_ms: self.remaining_ms(seat, now), ..self.clocks[seat.min(1)] }.state();
        move_budget_ms(state, MOVE_OVERHEAD_MS)
    }
}

fn elapsed_ms(since: Instant, now: Instant) -> u64 {
    now.saturating_duration_since(since).as_millis().min(u128::from(u64::MAX)) as u64
}

/// A clock's time as players read it: `4:05.3` (minutes, seconds, tenths), `1:02:03` from an hour up.
pub fn format_clock(ms: u64) -> String {
    let tenths = ms / 100;
    let (hours, minutes, seconds) = (tenths / 36_000, tenths / 600 % 60, tenths / 10 % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}.{}", tenths % 10)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn saved_clocks_come_back_stopped_with_the_time_they_had_and_bad_ones_are_refused() {
        let start = Instant::now();
        let control = TimeControl { base_ms: 60_000, increment_ms: 2_000 };
        let mut clocks = Clocks::new(control);
        clocks.sync(Some(0), 0, start);
        clocks.sync(Some(1), 1, at(start, 4_000));
        let saved = clocks.to_saved(at(start, 7_500));
        assert_eq!(saved, SavedClocks { control, remaining_ms: [58_000, 56_500], flagged: None });
        let back = Clocks::from_saved(&saved).expect("a good clock");
        assert_eq!(back.running(), None, "stopped until the side to move is on the clock");
        assert_eq!(back.remaining_ms(1, at(start, 60_000)), 56_500, "time away is charged to nobody");
        assert_eq!(back.to_saved(start), saved, "a round trip");
        let flagged = SavedClocks { remaining_ms: [0, 10], flagged: Some(0), ..saved };
        assert_eq!(Clocks::from_saved(&flagged).map(|c| c.flagged()), Ok(Some(0)));
        let bad = [
            SavedClocks { control: TimeControl { base_ms: 0, increment_ms: 0 }, ..saved },
            SavedClocks { control: TimeControl { base_ms: u64::MAX, increment_ms: 0 }, ..saved },
            SavedClocks { control: TimeControl { base_ms: 60_000, increment_ms: 61_000 }, ..saved },
            SavedClocks { remaining_ms: [u64::MAX, 0], ..saved },
            SavedClocks { flagged: Some(2), ..saved },
        ];
        for clock in bad {
            assert!(Clocks::from_saved(&clock).is_err(), "{clock:?}");
        }
    }

    fn at(start: Instant, ms: u64) -> Instant {
        start + Duration::from_millis(ms)
    }

    #[test]
    fn the_side_to_move_runs_a_move_adds_the_increment_a_pause_does_not() {
        let start = Instant::now();
        let mut clocks = Clocks::new(TimeControl { base_ms: 10_000, increment_ms: 1_000 });
        assert_eq!(clocks.sync(Some(0), 0, start), None);
        assert_eq!(clocks.running(), Some(0));
        assert_eq!(clocks.remaining_ms(0, at(start, 3_000)), 7_000, "counts down while running");
        assert_eq!(clocks.remaining_ms(1, at(start, 3_000)), 10_000, "the other stands");
        // The first player moves after 3 s: 10 − 3 + 1.
        assert_eq!(clocks.sync(Some(1), 1, at(start, 3_000)), None);
        assert_eq!(clocks.remaining_ms(0, at(start, 9_000)), 8_000);
        assert_eq!(clocks.running(), Some(1));
        // Paused after 2 s: no increment, nothing runs.
        assert_eq!(clocks.sync(None, 1, at(start, 5_000)), None);
        assert_eq!(clocks.remaining_ms(1, at(start, 60_000)), 8_000);
        assert_eq!(clocks.running(), None);
        // Resumed, then a move 500 ms later: 8 − 0.5 + 1.
        clocks.sync(Some(1), 1, at(start, 60_000));
        clocks.sync(Some(0), 2, at(start, 60_500));
        assert_eq!(clocks.remaining_ms(1, at(start, 61_000)), 8_500);
        // The same state again changes nothing.
        clocks.sync(Some(0), 2, at(start, 61_000));
        assert_eq!(clocks.remaining_ms(0, at(start, 61_000)), 7_500);
    }

    #[test]
    fn a_flag_falls_when_a_clock_runs_out_and_stays_fallen() {
        let start = Instant::now();
        let mut clocks = Clocks::new(TimeControl { base_ms: 1_000, increment_ms: 0 });
        clocks.sync(Some(0), 0, start);
        assert_eq!(clocks.sync(Some(0), 0, at(start, 1_000)), None, "exactly the time left is still in time");
        assert_eq!(clocks.sync(Some(0), 0, at(start, 1_001)), Some(0));
        assert_eq!(clocks.remaining_ms(0, at(start, 2_000)), 0);
        assert_eq!(clocks.sync(Some(1), 1, at(start, 2_000)), Some(0), "a move after the flag does not undo it");
        assert_eq!(clocks.running(), None);
        // A move that took longer than the clock had flags too.
        let mut late = Clocks::new(TimeControl { base_ms: 1_000, increment_ms: 5_000 });
        late.sync(Some(1), 0, start);
        assert_eq!(late.sync(Some(0), 1, at(start, 1_200)), Some(1), "the increment comes only in time");
    }

    #[test]
    fn the_ai_budget_is_the_time_managers_share_of_what_its_clock_shows() {
        let start = Instant::now();
        let mut clocks = Clocks::new(TimeControl { base_ms: 60_000, increment_ms: 1_000 });
        // (60 s + 24 increments − 26 × 50 ms) / 25: the time left and the coming increments, less the overhead of
        // this move and the 25 to come.
        assert_eq!(clocks.budget_ms(0, start), (60_000 + 24_000 - 1_300) / 25);
        clocks.sync(Some(0), 0, start);
        assert_eq!(
            clocks.budget_ms(0, at(start, 10_000)),
            (50_000 + 24_000 - 1_300) / 25,
            "read off the running clock"
        );
        assert_eq!(clocks.budget_ms(1, at(start, 10_000)), (60_000 + 24_000 - 1_300) / 25);
    }

    #[test]
    fn clocks_read_as_players_read_them() {
        let table =
            [(0, "0:00.0"), (9_950, "0:09.9"), (65_300, "1:05.3"), (600_000, "10:00.0"), (3_723_000, "1:02:03")];
        for (ms, text) in table {
            assert_eq!(format_clock(ms), text, "{ms} ms");
        }
    }
}
