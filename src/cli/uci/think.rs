//! One `go`, searched on its own thread and answered with `bestmove`: the best line (MultiPV 1), or the best
//! `lines` lines, each a search of the root moves the earlier lines did not start with.

use super::{score_text, write_line};
use crate::engine::game::Game;
use crate::engine::search::deepening::{DEEPEST_ITERATION, Engine, EngineConfig, Iteration};
use crate::engine::search::limits::Limits;
use crate::games::chess::{Chess, ChessMove};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a search thread needs.
pub struct Job<W> {
    pub engine: Arc<Mutex<Engine<ChessMove>>>,
    pub out: Arc<Mutex<W>>,
    /// The position set up, open at its root (see [`Chess::play_on_here`]).
    pub root: Chess,
    /// `go searchmoves`: the legal moves named (all moves when `None` or empty).
    pub searchmoves: Option<Vec<ChessMove>>,
    /// MultiPV.
    pub lines: usize,
    pub config: EngineConfig,
    pub stop: Arc<AtomicBool>,
    /// `go infinite` or `go ponder`: the `bestmove` waits for `stop`.
    pub waits_for_stop: bool,
    /// Set just before `bestmove` is written.
    pub answered: Arc<AtomicBool>,
}

impl<W: Write + Send + 'static> Job<W> {
    /// Searches, reports, and answers `bestmove` (`0000` only where there is no legal move).
    pub fn run(self) {
        let mut root = self.root.clone();
        root.play_on_here(self.searchmoves.clone());
        let best = {
            let mut engine = self.engine.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            engine.config.limits = self.config.limits;
            if self.lines > 1 {
                // An analysis: every line is scored as searched, so no deliberate mistake.
                engine.config.skill = None;
                self.several_lines(&mut engine, &root)
            } else {
                engine.config.skill = self.config.skill;
                self.one_line(&mut engine, &root)
            }
        };
        // The protocol: after `go infinite` (or `ponder`) the answer waits for `stop`, however soon the search ends.
        while self.waits_for_stop && !self.stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
        let best = best.or_else(|| root.legal_moves().first().copied());
        let name = best.map_or("0000".to_string(), |mv| root.uci_name(mv));
        // Marked answered before the line goes out: a GUI that reads it may send the next `go` at once.
        self.answered.store(true, Ordering::Release);
        write_line(&self.out, &format!("bestmove {name}"));
    }

    /// MultiPV 1: one search, an `info` line per completed iteration.
    fn one_line(&self, engine: &mut Engine<ChessMove>, root: &Chess) -> Option<ChessMove> {
        let mut position = root.clone();
        let mut nodes = 0u64;
        let thought = engine.think_parallel(&mut position, Some(&*self.stop), |iteration| {
            nodes += iteration.stats.nodes_visited;
            if iteration.complete {
                write_line(&self.out, &info_line(root, iteration, nodes, None));
            }
        });
        thought.best_move
    }

    /// MultiPV k > 1: depth by depth, line 1 searches every root move, line 2 the moves but line 1's first, and so
    /// on (the table keeps each depth's re-search short). The answer is line 1's move at the deepest depth every
    /// line of which was searched to its end; a search cut short reports nothing more.
    fn several_lines(&self, engine: &mut Engine<ChessMove>, root: &Chess) -> Option<ChessMove> {
        let limits = self.config.limits;
        let started = Instant::now();
        let deadline = limits.time_ms.map(|ms| started + Duration::from_millis(ms));
        let allowed = root.legal_moves();
        let mut nodes = 0u64;
        let mut best = None;
        for depth in 1..=limits.depth.unwrap_or(DEEPEST_ITERATION).min(DEEPEST_ITERATION) {
            let mut taken: Vec<ChessMove> = Vec::new();
            let mut all_exact = true;
            for k in 1..=self.lines.min(allowed.len()) {
                let time_ms = deadline.map(|d| d.saturating_duration_since(Instant::now()).as_millis() as u64);
                let node_budget = limits.nodes.map(|n| n.saturating_sub(nodes));
                if time_ms == Some(0) || node_budget == Some(0) || self.stop.load(Ordering::Relaxed) {
                    return best;
                }
                engine.config.limits = Limits { depth: Some(depth), time_ms, nodes: node_budget };
                let mut position = root.clone();
                position.play_on_here(Some(allowed.iter().filter(|mv| !taken.contains(mv)).copied().collect()));
                let stop = Some(&*self.stop);
                let thought = engine.think_parallel(&mut position, stop, |i| nodes += i.stats.nodes_visited);
                let last = match thought.last() {
                    Some(last) if thought.partial.is_none() && !self.stop.load(Ordering::Relaxed) => last,
                    _ => return best,
                };
                let Some(first) = last.best_move else { return best };
                write_line(&self.out, &info_line(root, &Iteration { depth, ..last.clone() }, nodes, Some(k)));
                if k == 1 {
                    best = Some(first);
                }
                all_exact &= last.exact;
                taken.push(first);
            }
            if all_exact {
                break;
            }
        }
        best
    }
}

/// One `info` line for a completed iteration (with `multipv k` for MultiPV's line k). `nodes` counts every
/// iteration so far.
fn info_line(root: &Chess, iteration: &Iteration<ChessMove>, nodes: u64, multipv: Option<usize>) -> String {
    let ms = (iteration.elapsed_seconds * 1000.0).round() as u64;
    let nps = (nodes as f64 / iteration.elapsed_seconds.max(1e-6)).round() as u64;
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
