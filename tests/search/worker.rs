//! The background search thread: same answers as searching in place, stops on request, survives a panicking game.

use alphabeta_studio::engine::game::{Game, Turn, Value};
use alphabeta_studio::engine::search::deepening::{Engine, EngineConfig};
use alphabeta_studio::engine::search::limits::Limits;
use alphabeta_studio::engine::worker::{Report, Worker};
use std::time::{Duration, Instant};

/// An endless game of three moves a turn, with a pseudo-random evaluation; `panic_at` makes evaluation panic once
/// the path reaches that depth, standing in for a buggy game.
#[derive(Clone, Debug)]
struct Endless {
    path: Vec<u8>,
    panic_at: Option<usize>,
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
