//! The Play view's engines: one background worker per seat, so two AIs of different levels each keep their own
//! engine — transposition table, killers, history — from one move to the next instead of rebuilding one shared
//! engine on every move. A hint is searched on the worker of the seat it is for (a person's seat, whose worker
//! has nothing else to do). A window passes its repaint request as the wake-up call.

use crate::engine::search::deepening::EngineConfig;
use crate::engine::worker::{Report, RequestId};
use crate::games::any::{AnyGame, AnyMove, AnyWorker};
use std::sync::Arc;

/// A worker per seat (0: first player, 1: second), each started on its first request.
pub struct Engines {
    seats: [Option<AnyWorker>; 2],
    wake: Arc<dyn Fn() + Send + Sync>,
}

impl Engines {
    /// No thread yet. `wake` is called after every report (the window passes its repaint request).
    pub fn new(wake: impl Fn() + Send + Sync + 'static) -> Self {
        Engines { seats: [None, None], wake: Arc::new(wake) }
    }

    fn seat(&mut self, seat: usize) -> &mut AnyWorker {
        let wake = Arc::clone(&self.wake);
        self.seats[seat.min(1)].get_or_insert_with(|| AnyWorker::new(move || wake()))
    }

    /// Asks `seat`'s engine to search `game`, stopping a search it is running.
    ///
    /// # Errors
    /// When the seat's thread cannot be started.
    pub fn think(&mut self, seat: usize, game: &AnyGame, config: EngineConfig) -> std::io::Result<RequestId> {
        self.seat(seat).think(game, config)
    }

    /// Builds `seat`'s engine for `config` in the background, before its first move (see
    /// [`crate::engine::worker::Worker::prepare`]).
    ///
    /// # Errors
    /// When the seat's thread cannot be started.
    pub fn prepare(&mut self, seat: usize, game: &AnyGame, config: EngineConfig) -> std::io::Result<()> {
        self.seat(seat).prepare(game, config)
    }

    /// Asks every running search to stop and report what it has.
    pub fn stop(&self) {
        for worker in self.seats.iter().flatten() {
            worker.stop();
        }
    }

    /// The next waiting report of either seat, with the seat it came from.
    pub fn try_report(&self) -> Option<(usize, Report<AnyMove>)> {
        self.seats.iter().enumerate().find_map(|(seat, worker)| Some((seat, worker.as_ref()?.try_report()?)))
    }

    /// How many engines `seat`'s worker has built (each with a fresh table): one per game family while the
    /// player's settings stay the same.
    pub fn engines_built(&self, seat: usize) -> u64 {
        self.seats.get(seat).and_then(Option::as_ref).map_or(0, AnyWorker::engines_built)
    }
}
