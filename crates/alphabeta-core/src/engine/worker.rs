//! The background search thread. The window never searches: it sends a request, keeps drawing, and reads reports
//! as they come (one per completed iteration, then the result). A stop request is honoured within 1,024 nodes
//! (at every node in a script); a panic inside a search is caught and reported, and the worker goes on serving
//! requests.
//!
//! One worker is one player's engine: it keeps its [`Engine`] — the transposition table, killers and history —
//! from one search to the next as long as the settings that shape what the table holds (algorithm, table size,
//! ordering sources) stay the same; new limits or a new mistakes margin do not cost the table. Two AIs should
//! each have a worker of their own, or every move would rebuild the other's table.
//!
//! The first move keeps to its time: [`Worker::prepare`] builds the engine (allocating a table of up to a few
//! hundred MiB) before any search is asked for, and whatever a search request still waits for — a preparation
//! not finished, or a table built on the spot — is taken off its time limit (see [`time_left`]).

use super::game::Game;
use super::search::deepening::shares_table;
use super::search::deepening::{Engine, EngineConfig, Iteration, Thought};
use super::search::limits::Limits;
use super::search::shared_tt::MoveBits;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Identifies one request, so that reports of a search the caller has moved on from can be told apart.
pub type RequestId = u64;

/// What the worker sends back.
#[derive(Debug)]
pub enum Report<M> {
    /// An iteration finished (or was cut short by a stop).
    Iteration {
        /// The request searched.
        id: RequestId,
        /// What the iteration found.
        iteration: Iteration<M>,
    },
    /// The search is over: its whole result.
    Done {
        /// The request searched.
        id: RequestId,
        /// Every iteration and the search's totals.
        thought: Thought<M>,
    },
    /// The search panicked, the game's rules failed under it, or its table could not be had; the message says
    /// what. The worker is ready for the next request.
    Failed {
        /// The request whose search failed.
        id: RequestId,
        /// The panic's message and where it happened, the rules' fault (a script's `file:line: …`), or why the
        /// memory is not there.
        message: String,
        /// Whose fault it is.
        blame: Blame,
    },
}

/// Whose fault a failed search is: a match charges only the engine's to the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blame {
    /// The search itself panicked.
    Engine,
    /// The game's rules failed during the search (a script's fault).
    Game,
    /// The memory the search's table needs is not there.
    Memory,
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
            Report::Failed { id, message, blame } => Report::Failed { id, message, blame },
        }
    }
}

enum Request<G: Game> {
    /// `stop` belongs to this request alone and only ever goes from false to true, so no stop can be lost to a
    /// race with the thread taking the next request.
    /// `asked_at`: when the caller asked, so that the time the request waits counts against its limit.
    Think { id: RequestId, position: G, config: EngineConfig, stop: Arc<AtomicBool>, asked_at: Instant },
    /// Build the engine for `config` now, ahead of the first search.
    Prepare { config: EngineConfig },
}

/// True when an engine built for `built` can search with `wanted` and keep what it learned: the table's size, the
/// ordering sources, the algorithm (which decides what the table's entries mean) and whether the table is shared
/// between threads ([`shares_table`]) are the same. Limits, the mistakes margin and a number of threads above one
/// may differ.
pub fn reusable(built: &EngineConfig, wanted: &EngineConfig) -> bool {
    built.tt_mib == wanted.tt_mib
        && built.ordering == wanted.ordering
        && built.algorithm == wanted.algorithm
        && shares_table(built) == shares_table(wanted)
}

/// The limits a search may still use after `waited` went by between the request and the search's start (building
/// the table, finishing a preparation): the time limit less that wait, at least 1 ms. Depth and nodes are kept.
pub fn time_left(limits: Limits, waited: Duration) -> Limits {
    let waited_ms = waited.as_millis().min(u128::from(u64::MAX)) as u64;
    Limits { time_ms: limits.time_ms.map(|ms| ms.saturating_sub(waited_ms).max(1)), ..limits }
}

/// A thread that searches positions of one game on request.
pub struct Worker<G: Game> {
    requests: Option<Sender<Request<G>>>,
    reports: Receiver<Report<G::Move>>,
    /// The stop flag of the newest request.
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    next_id: RequestId,
    /// How many engines (tables) the thread has built.
    built: Arc<AtomicU64>,
}

impl<G> Worker<G>
where
    G: Game + Clone + Send + MoveBits<G::Move> + 'static,
    G::Move: Send + 'static,
{
    /// Starts the thread. `wake` is called after every report (the window passes its repaint request), so the
    /// receiver does not have to poll.
    pub fn spawn(wake: impl Fn() + Send + 'static) -> std::io::Result<Self> {
        let (request_tx, request_rx) = channel::<Request<G>>();
        let (report_tx, report_rx) = channel();
        let built = Arc::new(AtomicU64::new(0));
        let counter = Arc::clone(&built);
        let thread = std::thread::Builder::new()
            .name("search worker".into())
            .spawn(move || serve(request_rx, report_tx, wake, &counter))?;
        let stop = Arc::new(AtomicBool::new(false));
        Ok(Worker { requests: Some(request_tx), reports: report_rx, stop, thread: Some(thread), next_id: 0, built })
    }

    /// Builds the engine for `config` in the background, unless the one kept can be reused ([`reusable`]), so the
    /// first search with these settings does not wait for its table. It sends no report. A search requested before
    /// the preparation started builds what it needs itself.
    pub fn prepare(&self, config: EngineConfig) {
        if let Some(requests) = &self.requests {
            let _ = requests.send(Request::Prepare { config });
        }
    }

    /// How many engines (each with a fresh table) this worker has built so far: one per player for a whole game,
    /// unless its settings changed.
    pub fn engines_built(&self) -> u64 {
        self.built.load(Ordering::Relaxed)
    }

    /// Asks for a search of `position`; any search still running is stopped first. Returns the request's id.
    pub fn think(&mut self, position: G, config: EngineConfig) -> RequestId {
        self.stop();
        self.next_id += 1;
        let id = self.next_id;
        self.stop = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&self.stop);
        if let Some(requests) = &self.requests
            && requests.send(Request::Think { id, position, config, stop, asked_at: Instant::now() }).is_err()
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

/// How long dropping a worker waits for its thread to end after the stop request (a search answers one within a
/// thousand nodes, or one node of a script).
const STOP_GRACE: Duration = Duration::from_secs(2);

impl<G: Game> Drop for Worker<G> {
    /// Stops any search at once and waits for the thread, so closing the window never leaves a search running.
    /// A thread that is still busy after `STOP_GRACE` is left to end on its own, and with the process: whatever
    /// holds a worker (the window, a match) never hangs on its search.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.requests = None; // the thread's loop ends when the channel closes
        if let Some(thread) = self.thread.take() {
            let waited = Instant::now();
            while !thread.is_finished() && waited.elapsed() < STOP_GRACE {
                std::thread::sleep(Duration::from_millis(1));
            }
            if thread.is_finished() {
                let _ = thread.join();
            }
        }
    }
}

/// The engine for `config`: the kept one, its settings updated, when it is [`reusable`]; else a new one (counted),
/// its table asked for fallibly: why not, when the memory is not there.
fn engine_for<'a, M: Copy + Eq>(
    slot: &'a mut Option<Engine<M>>,
    config: EngineConfig,
    built: &AtomicU64,
) -> Result<&'a mut Engine<M>, String> {
    if !slot.as_ref().is_some_and(|engine| reusable(&engine.config, &config)) {
        // The old table goes before the new one is allocated: never both at once.
        *slot = None;
        built.fetch_add(1, Ordering::Relaxed);
    }
    let engine = match slot {
        Some(engine) => engine,
        None => slot.insert(
            Engine::try_new(config.clone())
                .map_err(|why| format!("the transposition table of {} MiB: {why}", config.tt_mib))?,
        ),
    };
    engine.config = config;
    Ok(engine)
}

fn serve<G: Game + Clone + Send + MoveBits<G::Move>>(
    requests: Receiver<Request<G>>,
    reports: Sender<Report<G::Move>>,
    wake: impl Fn(),
    built: &AtomicU64,
) where
    G::Move: Send,
{
    // The engine (its table, killers, history) is kept from one request to the next (see `reusable`).
    let mut engine: Option<Engine<G::Move>> = None;
    while let Ok(mut request) = requests.recv() {
        // Only the newest search request matters: older ones were superseded before they started (and get no
        // report). A preparation met on the way is dropped: the search builds what it needs.
        while let Ok(newer) = requests.try_recv() {
            if matches!(newer, Request::Think { .. }) || matches!(request, Request::Prepare { .. }) {
                request = newer;
            }
        }
        let (id, mut position, config, stop, asked_at) = match request {
            Request::Prepare { config } => {
                // A table that cannot be had is said when a search asks for it.
                let _ = engine_for(&mut engine, config, built);
                continue;
            }
            Request::Think { id, position, config, stop, asked_at } => (id, position, config, stop, asked_at),
        };
        let send = |report| {
            let _ = reports.send(report);
            wake();
        };
        let engine = match engine_for(&mut engine, config, built) {
            Ok(engine) => engine,
            Err(message) => {
                send(Report::Failed { id, message, blame: Blame::Memory });
                continue;
            }
        };
        // The table's allocation, and any wait for a preparation, came out of this move's time.
        engine.config.limits = time_left(engine.config.limits, asked_at.elapsed());
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            engine.think_parallel(&mut position, Some(&stop), |iteration| {
                send(Report::Iteration { id, iteration: iteration.clone() });
            })
        }));
        match outcome {
            Ok(_) if position.fault().is_some() => {
                // A search over rules that failed found nothing: what it stored cannot be trusted either.
                engine.clear();
                let message = position.fault().unwrap_or_default();
                send(Report::Failed { id, message, blame: Blame::Game });
            }
            Ok(thought) => send(Report::Done { id, thought }),
            Err(panic) => {
                // What a panicking search left in the table cannot be trusted.
                engine.clear();
                let message = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "the search panicked".to_string());
                send(Report::Failed { id, message, blame: Blame::Engine });
            }
        }
    }
}
