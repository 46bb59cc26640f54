//! The background search thread. The window never searches: it sends a request, keeps drawing, and reads reports
//! as they come (one per completed iteration, then the result). A stop request is honoured within 1,024 nodes;
//! a panic inside a search is caught and reported, and the worker goes on serving requests.

use super::game::Game;
use super::search::deepening::{Engine, EngineConfig, Iteration, Thought};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

/// Identifies one request, so that reports of a search the caller has moved on from can be told apart.
pub type RequestId = u64;

/// What the worker sends back.
#[derive(Debug)]
pub enum Report<M> {
    /// An iteration finished (or was cut short by a stop).
    Iteration { id: RequestId, iteration: Iteration<M> },
    /// The search is over: its whole result.
    Done { id: RequestId, thought: Thought<M> },
    /// The search panicked; the message says where. The worker is ready for the next request.
    Failed { id: RequestId, message: String },
}

impl<M> Report<M> {
    /// The request this report answers.
    pub fn id(&self) -> RequestId {
        match self {
            Report::Iteration { id, .. } | Report::Done { id, .. } | Report::Failed { id, .. } => *id,
        }
    }

    /// The same report with its moves renamed by `f`.
    pub fn map_moves<N>(self, f: impl Fn(M) -> N) -> Report<N> {
        match self {
            Report::Iteration { id, iteration } => Report::Iteration { id, iteration: iteration.map_moves(f) },
            Report::Done { id, thought } => Report::Done { id, thought: thought.map_moves(f) },
            Report::Failed { id, message } => Report::Failed { id, message },
        }
    }
}

enum Request<G: Game> {
    /// `stop` belongs to this request alone and only ever goes from false to true, so no stop can be lost to a
    /// race with the thread taking the next request.
    Think { id: RequestId, position: G, config: EngineConfig, stop: Arc<AtomicBool> },
}

/// A thread that searches positions of one game on request.
pub struct Worker<G: Game> {
    requests: Option<Sender<Request<G>>>,
    reports: Receiver<Report<G::Move>>,
    /// The stop flag of the newest request.
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    next_id: RequestId,
}

impl<G> Worker<G>
where
    G: Game + Send + 'static,
    G::Move: Send + 'static,
{
    /// Starts the thread. `wake` is called after every report (the window passes its repaint request), so the
    /// receiver does not have to poll.
    pub fn spawn(wake: impl Fn() + Send + 'static) -> std::io::Result<Self> {
        let (request_tx, request_rx) = channel::<Request<G>>();
        let (report_tx, report_rx) = channel();
        let thread = std::thread::Builder::new()
            .name("search worker".into())
            .spawn(move || serve(request_rx, report_tx, wake))?;
        let stop = Arc::new(AtomicBool::new(false));
        Ok(Worker { requests: Some(request_tx), reports: report_rx, stop, thread: Some(thread), next_id: 0 })
    }

    /// Asks for a search of `position`; any search still running is stopped first. Returns the request's id.
    pub fn think(&mut self, position: G, config: EngineConfig) -> RequestId {
        self.stop();
        self.next_id += 1;
        let id = self.next_id;
        self.stop = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&self.stop);
        if let Some(requests) = &self.requests
            && requests.send(Request::Think { id, position, config, stop }).is_err()
        {
            // The thread is gone (it cannot panic, panics are caught), so there is no one to tell: the caller
            // sees no report for this id.
        }
        id
    }

    /// Asks the running search, if any, to stop; it reports what it has.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The next report, if one is waiting.
    pub fn try_report(&self) -> Option<Report<G::Move>> {
        self.reports.try_recv().ok()
    }

    /// Waits for the next report (for tests and the command line).
    pub fn wait_report(&self, timeout: std::time::Duration) -> Option<Report<G::Move>> {
        self.reports.recv_timeout(timeout).ok()
    }
}

impl<G: Game> Drop for Worker<G> {
    /// Stops any search at once and waits for the thread, so closing the window never leaves a search running.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.requests = None; // the thread's loop ends when the channel closes
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn serve<G: Game>(requests: Receiver<Request<G>>, reports: Sender<Report<G::Move>>, wake: impl Fn()) {
    // The engine (its table, killers, history) is kept from one request to the next while the settings match.
    let mut engine: Option<Engine<G::Move>> = None;
    while let Ok(mut request) = requests.recv() {
        // Only the newest request matters: older ones were superseded before they started (and get no report).
        while let Ok(newer) = requests.try_recv() {
            request = newer;
        }
        let Request::Think { id, mut position, config, stop } = request;
        let engine = match &mut engine {
            Some(engine) if engine.config == config => engine,
            slot => slot.insert(Engine::new(config)),
        };
        let send = |report| {
            let _ = reports.send(report);
            wake();
        };
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            engine.think(&mut position, Some(&stop), |iteration| {
                send(Report::Iteration { id, iteration: iteration.clone() });
            })
        }));
        match outcome {
            Ok(_) if position.fault().is_some() => {
                // A search over rules that failed found nothing: what it stored cannot be trusted either.
                engine.memory.clear();
                let message = position.fault().unwrap_or_default();
                send(Report::Failed { id, message });
            }
            Ok(thought) => send(Report::Done { id, thought }),
            Err(panic) => {
                // What a panicking search left in the table cannot be trusted.
                engine.memory.clear();
                let message = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "the search panicked".to_string());
                send(Report::Failed { id, message });
            }
        }
    }
}
