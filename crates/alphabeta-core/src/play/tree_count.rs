//! Counting the minimax tree below a searched position, ply by ply, on a background thread with a node budget.
//! The Play view owns a [`TreeCounter`] and fills the counts into its records as they arrive.

use crate::engine::telemetry::pruning::TreeProfile;
use crate::games::any::AnyGame;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

/// Positions a count may visit before it gives up on deeper plies (a few seconds at most on one core).
pub const NODE_BUDGET: u64 = 3_000_000;

/// Counts the positions 1, 2, … `depth` moves below `game` (the whole tree when it ends sooner), one ply after
/// another, stopping before a ply whose count would take the visits past `budget`, or when `stop` is set. Every
/// position counts, a finished game being a leaf where it happens — the nodes a plain minimax enters.
pub fn count_tree(game: &AnyGame, depth: u32, budget: u64, stop: &AtomicBool) -> TreeProfile {
    let mut game = game.clone();
    let mut per_ply = vec![1];
    let mut left = budget;
    for ply in 1..=depth {
        let Some(count) = positions_at(&mut game, ply, &mut left, stop) else { break };
        per_ply.push(count);
        if count == 0 {
            return TreeProfile { per_ply, complete: true };
        }
    }
    TreeProfile { per_ply, complete: false }
}

/// The positions exactly `ply` moves below `game` (restored on return), each expanded node charged to `left`;
/// `None` when the budget ran out or `stop` was set.
fn positions_at(game: &mut AnyGame, ply: u32, left: &mut u64, stop: &AtomicBool) -> Option<u64> {
    if ply == 0 {
        return Some(1);
    }
    *left = left.checked_sub(1)?;
    if left.is_multiple_of(4096) && stop.load(Ordering::Relaxed) {
        return None;
    }
    let moves = game.legal_moves();
    if ply == 1 {
        return Some(moves.len() as u64);
    }
    let mut total = 0;
    for mv in moves {
        // Legal by construction.
        game.try_play(mv).ok()?;
        let below = positions_at(game, ply - 1, left, stop);
        game.undo(mv);
        total += below?;
    }
    Some(total)
}

struct Job {
    id: u64,
    position: AnyGame,
    depth: u32,
}

/// A thread that counts trees on request, one after another, and reports `(record id, profile)`.
pub struct TreeCounter {
    jobs: Option<Sender<Job>>,
    results: Receiver<(u64, TreeProfile)>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl TreeCounter {
    /// Starts the thread; `wake` is called after every result (the window's repaint request).
    pub fn spawn(wake: impl Fn() + Send + 'static) -> std::io::Result<Self> {
        let (job_tx, job_rx) = channel::<Job>();
        let (result_tx, result_rx) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let thread = std::thread::Builder::new().name("tree counter".into()).spawn(move || {
            for job in job_rx {
                let profile = count_tree(&job.position, job.depth, NODE_BUDGET, &flag);
                if flag.load(Ordering::Relaxed) || result_tx.send((job.id, profile)).is_err() {
                    return;
                }
                wake();
            }
        })?;
        Ok(TreeCounter { jobs: Some(job_tx), results: result_rx, stop, thread: Some(thread) })
    }

    /// Asks for the tree below `position` to `depth` plies, for record `id`.
    pub fn request(&self, id: u64, position: AnyGame, depth: u32) {
        if let Some(jobs) = &self.jobs {
            // A closed channel means the thread is gone: the record keeps no count, which the view shows.
            let _ = jobs.send(Job { id, position, depth });
        }
    }

    /// The next finished count, if one is waiting.
    pub fn try_result(&self) -> Option<(u64, TreeProfile)> {
        self.results.try_recv().ok()
    }
}

impl Drop for TreeCounter {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect_four::ConnectFour;
    use crate::games::mnk::Mnk;

    fn count(game: AnyGame, depth: u32, budget: u64) -> TreeProfile {
        count_tree(&game, depth, budget, &AtomicBool::new(false))
    }

    #[test]
    fn tic_tac_toe_counts_every_position_of_the_game_tree() {
        let start = AnyGame::new(Mnk::tic_tac_toe());
        let profile = count(start.clone(), 2, 1000);
        assert_eq!(profile.per_ply, [1, 9, 72]);
        assert_eq!(profile.size(2).map(|s| s.nodes()), Some(82.0), "1 + 9 + 72");
        // The whole game tree: 549,946 nodes, games won early ending their lines (a well-known count).
        let whole = count(start, 12, 10_000_000);
        assert!(whole.complete);
        assert_eq!(whole.per_ply, [1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872, 0]);
        assert_eq!(whole.per_ply.iter().sum::<u64>(), 549_946);
    }

    #[test]
    fn minimax_enters_exactly_the_counted_tree() {
        use crate::engine::search::Algorithm;
        use crate::engine::search::deepening::{Engine, EngineConfig};
        use crate::engine::search::limits::Limits;
        let config = |depth| EngineConfig {
            algorithm: Algorithm::Minimax,
            limits: Limits::depth(depth),
            iterative_deepening: false,
            ..EngineConfig::default()
        };
        let mut ttt = Mnk::tic_tac_toe();
        let thought = Engine::new(config(3)).think(&mut ttt, None, |_| {});
        assert_eq!(thought.iterations[0].stats.nodes_visited, 1 + 9 + 72 + 504);
        let mut c4 = ConnectFour::standard();
        let thought = Engine::new(config(4)).think(&mut c4, None, |_| {});
        let counted = count(AnyGame::new(c4), 4, 1_000_000).size(4).map(|s| s.nodes());
        assert_eq!(counted, Some((1 + 7 + 49 + 343 + 2401) as f64));
        assert_eq!(thought.iterations[0].stats.nodes_visited, 1 + 7 + 49 + 343 + 2401);
    }

    #[test]
    fn the_budget_stops_before_a_ply_it_cannot_finish() {
        // Plies 1–3 expand 1 + 8 + 57 nodes; ply 4 would take 400 more (Connect Four: 7, 49, 343, 2401).
        let profile = count(AnyGame::new(ConnectFour::standard()), 6, 300);
        assert_eq!(profile.per_ply, [1, 7, 49, 343]);
        assert!(!profile.complete);
    }
}
