//! The background search thread: same answers as searching in place, stops on request, survives a panicking game.

use alphabeta_core::engine::game::{Game, Turn, Value};
use alphabeta_core::engine::search::deepening::{Engine, EngineConfig};
use alphabeta_core::engine::search::limits::Limits;
use alphabeta_core::engine::search::shared_tt::MoveBits;
use alphabeta_core::engine::worker::{Report, Worker, reusable, time_left};
use std::time::{Duration, Instant};

/// An endless game of three moves a turn, with a pseudo-random evaluation; `panic_at` makes evaluation panic once
/// the path reaches that depth, standing in for a buggy game.
#[derive(Clone, Debug)]
struct Endless {
    path: Vec<u8>,
    panic_at: Option<usize>,
}

/// Its moves in a shared table (searches on several threads) are the bytes themselves.
impl MoveBits<u8> for Endless {
    fn to_bits(mv: u8) -> u64 {
        u64::from(mv)
    }
    fn from_bits(bits: u64) -> Option<u8> {
        u8::try_from(bits).ok()
    }
}

impl Game for Endless {
    type Move = u8;
    fn turn(&self) -> Turn {
        if self.path.len().is_multiple_of(2) { Turn::Max } else { Turn::Min }
    }
    fn generate_moves(&self, moves: &mut Vec<u8>) {
        moves.extend([0, 1, 2]);
    }
    fn play(&mut self, mv: u8) {
        self.path.push(mv);
    }
    fn undo(&mut self, _mv: u8) {
        self.path.pop();
    }
    fn terminal_value(&self) -> Option<Value> {
        None
    }
    fn evaluate(&self) -> Value {
        if self.panic_at.is_some_and(|d| self.path.len() >= d) {
            panic!("evaluation failed at depth {}", self.path.len());
        }
        (self.position_hash() % 21) as Value - 10.0
    }
    fn position_hash(&self) -> u64 {
        self.path.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &m| (h ^ (m as u64 + 1)).wrapping_mul(0x1000_0000_01b3))
    }
}

fn config(limits: Limits) -> EngineConfig {
    EngineConfig { limits, tt_mib: 4, ..EngineConfig::default() }
}

/// Reads reports until the one that ends request `id`.
fn finish(worker: &Worker<Endless>, id: u64) -> (usize, Report<u8>) {
    let mut iterations = 0;
    loop {
        match worker.wait_report(Duration::from_secs(30)).expect("a report within 30 s") {
            Report::Iteration { id: i, .. } if i == id => iterations += 1,
            Report::Iteration { .. } => {}
            end @ (Report::Done { id: i, .. } | Report::Failed { id: i, .. }) if i == id => return (iterations, end),
            _ => {}
        }
    }
}

#[test]
fn reports_every_iteration_and_the_same_result_as_searching_in_place() {
    let start = Endless { path: vec![], panic_at: None };
    let expected = Engine::new(config(Limits::depth(6))).think(&mut start.clone(), None, |_| {});
    let mut worker = Worker::spawn(|| {}).expect("thread");
    let id = worker.think(start, config(Limits::depth(6)));
    let (iterations, end) = finish(&worker, id);
    assert_eq!(iterations, 6);
    let Report::Done { thought, .. } = end else { panic!("expected a result") };
    assert_eq!(thought.best_move, expected.best_move);
    assert_eq!(thought.last().map(|i| i.value), expected.last().map(|i| i.value));
}

#[test]
fn a_stop_request_ends_an_endless_search_promptly() {
    let mut worker = Worker::spawn(|| {}).expect("thread");
    let id = worker.think(Endless { path: vec![], panic_at: None }, config(Limits::NONE));
    // Let it get going, then stop it.
    let first = worker.wait_report(Duration::from_secs(30)).expect("an iteration");
    assert!(matches!(first, Report::Iteration { .. }));
    let asked = Instant::now();
    worker.stop();
    let (_, end) = finish(&worker, id);
    let Report::Done { thought, .. } = end else { panic!("expected a result") };
    // Whether an iteration was cut short depends on where the stop landed; a move is always offered.
    assert!(thought.partial.as_ref().is_none_or(|p| !p.complete));
    assert!(thought.best_move.is_some() && !thought.iterations.is_empty());
    // Generous, for a loaded machine: the contract is 20 ms; this only catches a search that ignores the flag.
    assert!(asked.elapsed() < Duration::from_secs(2), "stopped after {:?}", asked.elapsed());
}

#[test]
fn a_panicking_search_is_reported_and_the_worker_goes_on() {
    let mut worker = Worker::spawn(|| {}).expect("thread");
    let id = worker.think(Endless { path: vec![], panic_at: Some(3) }, config(Limits::depth(5)));
    let (_, end) = finish(&worker, id);
    let Report::Failed { message, .. } = end else { panic!("expected the panic to be reported") };
    assert!(message.contains("evaluation failed at depth 3"), "{message}");
    let id = worker.think(Endless { path: vec![], panic_at: None }, config(Limits::depth(3)));
    assert!(matches!(finish(&worker, id).1, Report::Done { .. }), "the worker still searches");
}

#[test]
fn a_newer_request_supersedes_an_older_one() {
    let mut worker = Worker::spawn(|| {}).expect("thread");
    let old = worker.think(Endless { path: vec![], panic_at: None }, config(Limits::NONE));
    let new = worker.think(Endless { path: vec![1], panic_at: None }, config(Limits::depth(2)));
    assert!(new > old);
    let (_, end) = finish(&worker, new);
    assert!(matches!(end, Report::Done { .. }));
    // Dropping the worker stops and joins its thread at once.
    let dropped = Instant::now();
    let id = worker.think(Endless { path: vec![], panic_at: None }, config(Limits::NONE));
    assert!(id > new);
    drop(worker);
    assert!(dropped.elapsed() < Duration::from_secs(2));
}

/// The nodes and table hits, all iterations together, of the search that ends request `id`.
fn nodes_and_hits(worker: &Worker<Endless>, id: u64) -> (u64, u64) {
    let Report::Done { thought, .. } = finish(worker, id).1 else { panic!("expected a result") };
    let total = thought.total_stats();
    (total.nodes_visited, total.tt_hits)
}

/// A player's engine — its table — is kept across moves. New limits or a new mistakes margin keep it (a
/// clock gives every move another time limit); a new table size, ordering or algorithm builds a new one.
#[test]
fn a_worker_keeps_its_engine_and_warm_table_across_new_limits() {
    let start = Endless { path: vec![], panic_at: None };
    let mut worker = Worker::spawn(|| {}).expect("thread");
    assert_eq!(worker.engines_built(), 0);
    let id = worker.think(start.clone(), config(Limits::depth(5)));
    let fresh = nodes_and_hits(&worker, id);
    let mut erring = config(Limits { depth: Some(5), time_ms: Some(60_000), nodes: None });
    erring.skill = Some(alphabeta_core::engine::search::skill::Skill { margin: 1.0, seed: 9 });
    let id = worker.think(start.clone(), erring);
    // The same position again: the table kept from the first search answers much of the second (the searches
    // are deterministic: no time limit is reached).
    let warm = nodes_and_hits(&worker, id);
    assert!(warm.0 < fresh.0 && warm.1 > fresh.1, "the second search found its table warm: {warm:?} vs {fresh:?}");
    assert_eq!(worker.engines_built(), 1, "limits and mistakes do not cost the table");
    let id = worker.think(start.clone(), EngineConfig { tt_mib: 2, ..config(Limits::depth(5)) });
    let cold = nodes_and_hits(&worker, id);
    assert!(cold.0 > warm.0 && cold.1 < warm.1, "another table size: a new, empty table: {cold:?} vs {warm:?}");
    assert_eq!(worker.engines_built(), 2);
}

/// The first move keeps to its time. `prepare` builds the engine before the first search is asked for,
/// and a search that still waits for its table has that wait taken off its time limit.
#[test]
fn an_engine_prepared_ahead_is_the_one_the_first_search_uses() {
    let mut worker = Worker::spawn(|| {}).expect("thread");
    worker.prepare(config(Limits::depth(3)));
    let built = Instant::now();
    while worker.engines_built() == 0 {
        assert!(built.elapsed() < Duration::from_secs(30), "the preparation never ran");
        std::thread::sleep(Duration::from_millis(1));
    }
    // Another time limit, the same table: the prepared engine serves the search.
    let id = worker.think(Endless { path: vec![], panic_at: None }, config(Limits::time(Duration::from_secs(5))));
    worker.stop();
    assert!(matches!(finish(&worker, id).1, Report::Done { .. }));
    assert_eq!(worker.engines_built(), 1, "the search did not build a table of its own");
    // The wait before a search is taken off its time, never below 1 ms; depth and nodes are kept.
    let limits = Limits { depth: Some(7), time_ms: Some(500), nodes: Some(10) };
    let later = time_left(limits, Duration::from_millis(120));
    assert_eq!(later, Limits { time_ms: Some(380), ..limits });
    assert_eq!(time_left(limits, Duration::from_secs(9)).time_ms, Some(1));
    assert_eq!(time_left(Limits::depth(4), Duration::from_secs(9)), Limits::depth(4));
    assert!(reusable(&config(Limits::depth(3)), &config(Limits::NONE)));
    let other = EngineConfig { algorithm: alphabeta_core::engine::search::Algorithm::Mtdf, ..config(Limits::NONE) };
    assert!(!reusable(&config(Limits::NONE), &other), "another algorithm reads the table otherwise");
}

/// Benchmark: how far the first move of a game overruns its time with a fresh 64 MiB table, built at the
/// request (as before) or prepared ahead. Run with
/// `cargo test -p alphabeta-core --release --test search -- --ignored --nocapture worker::first_move`.
#[test]
#[ignore]
fn first_move_overrun_with_a_fresh_table() {
    let limit = Duration::from_millis(100);
    let big = EngineConfig { limits: Limits::time(limit), tt_mib: 64, ..EngineConfig::default() };
    for prepared in [false, true] {
        let mut overruns = Vec::new();
        for _ in 0..5 {
            let mut worker = Worker::spawn(|| {}).expect("thread");
            if prepared {
                worker.prepare(big.clone());
                while worker.engines_built() == 0 {
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            let asked = Instant::now();
            let id = worker.think(Endless { path: vec![], panic_at: None }, big.clone());
            let _ = finish(&worker, id);
            overruns.push(asked.elapsed().as_secs_f64() * 1000.0 - limit.as_secs_f64() * 1000.0);
        }
        let worst = overruns.iter().copied().fold(f64::MIN, f64::max);
        let how = if prepared { "prepared ahead" } else { "built at the request" };
        println!("64 MiB table {how}: overrun per first move (ms) {overruns:.1?}, worst {worst:.1}");
    }
}
