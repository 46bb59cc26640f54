//! One `go`, searched on its own thread and answered with `bestmove`: the best line (MultiPV 1), or the best
//! `lines` lines, each a search of the root moves the earlier lines did not start with.
//!
//! Every `info` line's `time` counts from the `go`, and its `nps` is the nodes so far over that time.

use super::{score_text, write_line};
use alphabeta_core::engine::game::Game;
use alphabeta_core::engine::search::deepening::{DEEPEST_ITERATION, Engine, EngineConfig, Iteration};
use alphabeta_core::engine::search::limits::Limits;
use alphabeta_core::games::chess::{Chess, ChessMove};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a search thread needs.
pub struct Job<W> {
    pub engine: Arc<Mutex<Engine<ChessMove>>>,
    pub out: Arc<Mutex<super::Output<W>>>,
    /// The position set up, open at its root (see [`Chess::play_on_here`]).
    pub root: Chess,
    /// `go searchmoves`: the legal moves named (all moves when `None` or empty).
    pub searchmoves: Option<Vec<ChessMove>>,
    /// MultiPV.
    pub lines: usize,
    pub config: EngineConfig,
    pub stop: Arc<AtomicBool>,
    /// `go infinite`, or `go ponder` until `ponderhit`: the `bestmove` waits for `stop`.
    pub waits_for_stop: Arc<AtomicBool>,
    /// Set just before `bestmove` is written.
    pub answered: Arc<AtomicBool>,
    /// Where the time spent outside the search is recorded.
    pub cost: Arc<OutsideCost>,
}

/// What answering a `go` costs besides its search — starting the thread, taking the engine, writing the answer —
/// the worst of the recent moves, forgotten slowly. The time manager holds it back for every coming move, as it
/// does `Move Overhead`.
#[derive(Debug, Default)]
pub struct OutsideCost {
    worst_micros: AtomicU64,
}

impl OutsideCost {
    /// Records one move's cost: the worst so far decays by an eighth a move, so one slow start is not kept for ever.
    pub fn record(&self, spent: Duration) {
        let sample = spent.as_micros().min(u128::from(u64::MAX)) as u64;
        let old = self.worst_micros.load(Ordering::Relaxed);
        self.worst_micros.store(sample.max(old - old / 8), Ordering::Relaxed);
    }

    /// The cost to reserve per move, in whole milliseconds, rounded up.
    pub fn worst_ms(&self) -> u64 {
        self.worst_micros.load(Ordering::Relaxed).div_ceil(1000)
    }
}

impl<W: Write + Send + 'static> Job<W> {
    /// Searches, reports, and answers `bestmove` (`0000` only where there is no legal move), with the reply the
    /// line expects as its ponder move. `received`: when the `go` came.
    pub fn run(self, received: Instant) {
        let mut root = self.root.clone();
        root.play_on_here(self.searchmoves.clone());
        let (best, line, searched) = {
            let mut engine = self.engine.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            engine.config.limits = self.config.limits;
            let search_began = Instant::now();
            let (best, line) = if self.lines > 1 {
                // An analysis: every line is scored as searched, so no deliberate mistake.
                engine.config.skill = None;
                self.several_lines(&mut engine, &root, received)
            } else {
                engine.config.skill = self.config.skill;
                self.one_line(&mut engine, &root, received)
            };
            (best, line, search_began.elapsed())
        };
        let waited = self.wait_for_stop();
        let best = best.or_else(|| root.legal_moves().first().copied());
        let answer = match best {
            Some(mv) => match ponder_move(&root, mv, &line) {
                Some(reply) => format!("bestmove {} ponder {reply}", root.uci_name(mv)),
                None => format!("bestmove {}", root.uci_name(mv)),
            },
            None => "bestmove 0000".to_string(),
        };
        // Marked answered before the line goes out: a GUI that reads it may send the next `go` at once.
        self.answered.store(true, Ordering::Release);
        write_line(&self.out, &answer);
        self.cost.record(received.elapsed().saturating_sub(searched + waited));
    }

    /// The protocol: after `go infinite` (or `ponder`, until `ponderhit`) the answer waits for `stop`, however soon
    /// the search ends. Returns how long it waited.
    fn wait_for_stop(&self) -> Duration {
        let began = Instant::now();
        while self.waits_for_stop.load(Ordering::Acquire) && !self.stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
        began.elapsed()
    }

    /// MultiPV 1: one search, an `info` line per completed iteration. Returns the move and the line it heads.
    fn one_line(
        &self,
        engine: &mut Engine<ChessMove>,
        root: &Chess,
        received: Instant,
    ) -> (Option<ChessMove>, Vec<ChessMove>) {
        let mut position = root.clone();
        let mut nodes = 0u64;
        let thought = engine.think_parallel(&mut position, Some(&*self.stop), |iteration| {
            nodes += iteration.stats.nodes_visited;
            if iteration.complete {
                let seconds = received.elapsed().as_secs_f64();
                write_line(&self.out, &info_line(root, iteration, (nodes, seconds), None));
            }
        });
        let line = thought.last().map(|i| i.principal_variation.clone()).unwrap_or_default();
        (thought.best_move, line)
    }

    /// MultiPV k > 1: depth by depth, line 1 searches every root move, line 2 the moves but line 1's first, and so
    /// on (the table keeps each depth's re-search short). A depth's lines are written together once every one of
    /// them is searched to its end, in score order, so the last set a GUI reads is one depth's, with distinct first
    /// moves; a depth cut short writes nothing. The answer is the best line of the deepest complete set.
    fn several_lines(
        &self,
        engine: &mut Engine<ChessMove>,
        root: &Chess,
        received: Instant,
    ) -> (Option<ChessMove>, Vec<ChessMove>) {
        let limits = self.config.limits;
        let deadline = limits.time_ms.map(|ms| received + Duration::from_millis(ms));
        let allowed = root.legal_moves();
        let mut nodes = 0u64;
        let mut best = (None, Vec::new());
        for depth in 1..=limits.depth.unwrap_or(DEEPEST_ITERATION).min(DEEPEST_ITERATION) {
            let mut set: Vec<Iteration<ChessMove>> = Vec::new();
            for _ in 0..self.lines.min(allowed.len()) {
                let time_ms = deadline.map(|d| d.saturating_duration_since(Instant::now()).as_millis() as u64);
                let node_budget = limits.nodes.map(|n| n.saturating_sub(nodes));
                if time_ms == Some(0) || node_budget == Some(0) || self.stop.load(Ordering::Relaxed) {
                    return best;
                }
                engine.config.limits = Limits { depth: Some(depth), time_ms, nodes: node_budget };
                let mut position = root.clone();
                let taken: Vec<ChessMove> = set.iter().filter_map(|line| line.best_move).collect();
                position.play_on_here(Some(allowed.iter().filter(|mv| !taken.contains(mv)).copied().collect()));
                let stop = Some(&*self.stop);
                let thought = engine.think_parallel(&mut position, stop, |i| nodes += i.stats.nodes_visited);
                match thought.last() {
                    Some(last) if thought.partial.is_none() && !self.stop.load(Ordering::Relaxed) => {
                        if last.best_move.is_none() {
                            return best;
                        }
                        set.push(Iteration { depth, ..last.clone() });
                    }
                    _ => return best,
                }
            }
            // Each line was searched apart: a later one may score above an earlier one. Written best first.
            set.sort_by(|a, b| b.value.total_cmp(&a.value));
            let seconds = received.elapsed().as_secs_f64();
            for (k, line) in set.iter().enumerate() {
                write_line(&self.out, &info_line(root, line, (nodes, seconds), Some(k + 1)));
            }
            best = (set[0].best_move, set[0].principal_variation.clone());
            if set.iter().all(|line| line.exact) {
                break;
            }
        }
        best
    }
}

/// The reply `line` expects after `best`, when the line starts with it and the reply is legal there.
fn ponder_move(root: &Chess, best: ChessMove, line: &[ChessMove]) -> Option<String> {
    let (&first, rest) = line.split_first()?;
    let &reply = rest.first()?;
    if first != best {
        return None;
    }
    let mut after = root.clone();
    after.play(best);
    after.legal_moves().contains(&reply).then(|| after.uci_name(reply))
}

/// One `info` line for a completed iteration (with `multipv k` for MultiPV's line k). `nodes` counts every
/// iteration so far, and `seconds` is the time since the `go`.
fn info_line(
    root: &Chess,
    iteration: &Iteration<ChessMove>,
    (nodes, seconds): (u64, f64),
    multipv: Option<usize>,
) -> String {
    let ms = (seconds * 1000.0).round() as u64;
    let nps = (nodes as f64 / seconds.max(1e-3)).round() as u64;
    let seldepth = iteration.stats.max_ply.max(iteration.depth);
    let score = score_text(iteration.value, root.moves_played());
    let line_number = multipv.map_or(String::new(), |k| format!(" multipv {k}"));
    let mut line = format!(
        "info depth {} seldepth {seldepth}{line_number} score {score} nodes {nodes} nps {nps} time {ms}",
        iteration.depth
    );
    let mut position = root.clone();
    let mut pv = Vec::new();
    for &mv in &iteration.principal_variation {
        if !position.legal_moves().contains(&mv) {
            break;
        }
        pv.push(position.uci_name(mv));
        position.play(mv);
    }
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}
