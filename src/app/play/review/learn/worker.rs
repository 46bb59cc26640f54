//! A try judged on a named background thread: the position, the review's judgement and the try go to the thread
//! with the exercise's [`TryJudge`] (its engine's table and the values it found), and come back with the verdict, so
//! the window keeps drawing whatever the search costs. A flag stops the search from *Cancel*.

use super::super::outside::OutsideEngine;
use crate::games::any::{AnyGame, AnyMove};
use crate::review::learn::{TryJudge, TryVerdict};
use crate::review::{JudgedMove, ReviewPlan};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::{Duration, Instant};

/// What the thread sends back: the judge (to serve the next try) when it could be made, and the verdict or why
/// there is none.
type Done = (Option<TryJudge>, Result<TryVerdict, String>);

/// A try being judged.
pub struct Job {
    stop: Arc<AtomicBool>,
    done: Receiver<Done>,
    started: Instant,
}

/// What a job needs: the game's start (for the family's oracle), the review's plan, the position before the
/// mistake, the review's judgement of it, and the try.
pub struct Request {
    pub start: AnyGame,
    pub plan: ReviewPlan,
    pub before: AnyGame,
    pub judged: JudgedMove,
    pub try_move: AnyMove,
    /// The outside engine that judged the review, with the game's moves, when one did: it judges the tries too.
    pub outside: Option<(OutsideEngine, Vec<AnyMove>)>,
}

/// The exercise's judge, made on its first try: the review's plan, and the outside engine that judged the review
/// (started here, on the worker) when one did.
fn new_judge(
    start: AnyGame,
    plan: ReviewPlan,
    outside: Option<(OutsideEngine, Vec<AnyMove>)>,
) -> Result<TryJudge, String> {
    let judge = TryJudge::new(&start, plan).map_err(|e| e.to_string())?;
    Ok(match outside {
        Some((engine, moves)) => judge.judged_by(Box::new(engine.start()?), start, moves),
        None => judge,
    })
}

impl Job {
    /// Judges `request` on a thread named "learn" with `judge` (a new one, made on the thread, when `None`);
    /// `wake` is called when the verdict is ready.
    pub fn start(request: Request, judge: Option<TryJudge>, wake: impl Fn() + Send + 'static) -> std::io::Result<Job> {
        let stop = Arc::new(AtomicBool::new(false));
        let (sender, done) = channel();
        let flag = stop.clone();
        let work = move || {
            let Request { start, plan, before, judged, try_move, outside } = request;
            // A panic in the search is reported like any failure, not left to kill the thread silently.
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
                let made = match judge {
                    Some(judge) => Ok(judge),
                    None => new_judge(start, plan, outside),
                };
                let mut judge = match made {
                    Ok(judge) => judge,
                    Err(why) => return (None, Err(why)),
                };
                let verdict = judge.judge(&before, &judged, try_move, &flag).map_err(|e| e.to_string());
                (Some(judge), verdict)
            }));
            let done = result.unwrap_or_else(|_| (None, Err("the judgement stopped on an internal error".into())));
            let _ = sender.send(done);
            wake();
        };
        std::thread::Builder::new().name("learn".into()).spawn(work)?;
        Ok(Job { stop, done, started: Instant::now() })
    }

    /// The judge and the verdict, once the thread has finished.
    pub fn poll(&mut self) -> Option<Done> {
        match self.done.try_recv() {
            Ok(done) => Some(done),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some((None, Err("the judgement's thread ended unexpectedly".into()))),
        }
    }

    /// How long it has been judging.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}

impl Drop for Job {
    /// A try no one waits for any more (cancelled, the exercise left, the window closing) stops within its search.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
