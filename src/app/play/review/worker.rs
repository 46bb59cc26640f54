//! The review's analysis on a named background thread: the window sends the game once and reads progress reports
//! and the result from a channel, and a flag stops the analysis at its next position. The window's thread never
//! searches, so it keeps drawing at full speed however long the review takes.

use super::outside::OutsideEngine;
use crate::games::any::{AnyGame, AnyMove};
use crate::review::{Review, ReviewPlan, review_game_judged_by, review_game_until};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::{Duration, Instant};

/// What the thread tells the window.
enum Report {
    /// Positions analysed so far, of how many.
    Progress(usize, usize),
    /// The review, or why there is none (a script's fault, the search failing, a cancel).
    Done(Result<Box<Review>, String>),
}

/// A review under way.
pub struct Job {
    stop: Arc<AtomicBool>,
    reports: Receiver<Report>,
    started: Instant,
    /// Positions analysed so far.
    pub done: usize,
    /// Positions to analyse.
    pub total: usize,
    /// The game's id and the moves under review, so the result is shown only with that game.
    pub game: String,
    pub moves: Vec<AnyMove>,
    /// The outside engine that judges, if one does: its process is ended with the thread's review, which a drop
    /// waits for (briefly).
    pub outside: Option<OutsideEngine>,
}

impl Job {
    /// Starts reviewing `moves` from `start` as `plan` says on a thread named "review", judged by `outside` (started
    /// on the thread) when it is given; `wake` is called after every report, so the window draws it.
    pub fn start(
        start: AnyGame,
        moves: Vec<AnyMove>,
        plan: ReviewPlan,
        outside: Option<OutsideEngine>,
        wake: impl Fn() + Send + 'static,
    ) -> std::io::Result<Job> {
        let judge = outside.clone();
        let game = plan.game.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let (sender, reports) = channel();
        let (flag, line) = (stop.clone(), moves.clone());
        let work = move || {
            let mut progress = |done, total| {
                let _ = sender.send(Report::Progress(done, total));
                wake();
                !flag.load(Ordering::Relaxed)
            };
            // A panic in the analysis is reported like any failure, not left to kill the thread silently.
            // The outside engine lives within the closure: it is ended before the window hears the review is done.
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match &outside {
                Some(engine) => {
                    let mut judge = engine.start()?;
                    review_game_judged_by(&start, &line, &plan, &mut judge, &flag, &mut progress)
                        .map_err(|e| e.to_string())
                }
                None => review_game_until(&start, &line, &plan, &flag, &mut progress).map_err(|e| e.to_string()),
            }));
            let result = match result {
                Ok(Ok(review)) => Ok(Box::new(review)),
                Ok(Err(e)) => Err(e),
                Err(_) => Err("the analysis stopped on an internal error".to_string()),
            };
            let _ = sender.send(Report::Done(result));
            wake();
        };
        std::thread::Builder::new().name("review".into()).spawn(work)?;
        let total = moves.len();
        Ok(Job { stop, reports, started: Instant::now(), done: 0, total, game, moves, outside: judge })
    }

    /// Reads the reports that came; the result once the thread has finished.
    pub fn poll(&mut self) -> Option<Result<Review, String>> {
        loop {
            match self.reports.try_recv() {
                Ok(Report::Progress(done, total)) => (self.done, self.total) = (done, total),
                Ok(Report::Done(result)) => return Some(result.map(|review| *review)),
                Err(TryRecvError::Empty) => return None,
                Err(TryRecvError::Disconnected) => return Some(Err("the review's thread ended unexpectedly".into())),
            }
        }
    }

    /// Asks the thread to stop, within the search under way.
    pub fn cancel(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Stops the review without waiting for it: the thread ends an outside engine's process by itself a moment
    /// later, while the window goes on drawing. (Dropping a job instead waits for that, for when the window closes.)
    pub fn cancel_without_waiting(mut self) {
        self.cancel();
        self.outside = None;
    }

    /// The share done, 0 to 1.
    pub fn fraction(&self) -> f32 {
        if self.total == 0 { 0.0 } else { self.done as f32 / self.total as f32 }
    }

    /// The time left at the pace so far, once a position is done.
    pub fn eta(&self) -> Option<Duration> {
        remaining(self.started.elapsed(), self.done, self.total)
    }
}

impl Drop for Job {
    /// A review no one waits for any more (cancelled, the window closing) stops within its search; an outside
    /// engine's is waited for a moment, so that its process is ended before the window closes.
    fn drop(&mut self) {
        self.cancel();
        if self.outside.is_some() {
            let until = Instant::now() + ENGINE_ENDS;
            while let Ok(report) = self.reports.recv_timeout(until.saturating_duration_since(Instant::now())) {
                if matches!(report, Report::Done(_)) {
                    break;
                }
            }
        }
    }
}

/// How long a drop waits for the outside engine's review to stop (it looks at the flag every tenth of a second,
/// and the engine is asked to quit, then ended, within a fifth).
const ENGINE_ENDS: Duration = Duration::from_secs(1);

/// The time left when `done` of `total` positions took `elapsed`, at the same pace; `None` before the first.
pub fn remaining(elapsed: Duration, done: usize, total: usize) -> Option<Duration> {
    (done > 0).then(|| elapsed.mul_f64(total.saturating_sub(done) as f64 / done as f64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_left_is_the_pace_so_far() {
        assert_eq!(remaining(Duration::from_secs(10), 0, 8), None);
        assert_eq!(remaining(Duration::from_secs(10), 2, 8), Some(Duration::from_secs(30)));
        assert_eq!(remaining(Duration::from_secs(10), 8, 8), Some(Duration::ZERO));
    }
}
