//! Lazy SMP: one search on several threads. The main thread runs the usual iterative deepening
//! ([`Engine::think`]); `threads − 1` helper threads search the same root at the same time, each deepening on its
//! own, and all of them share one lock-free table ([`SharedTable`]), so that what one learns the others read. The
//! helpers keep ahead of the main thread — odd ones at least one ply deeper than it is searching, even ones two —
//! so that its next iterations find their entries in the table, and leave a depth as soon as the main thread has
//! searched its first root move there ([`MainProgress`]): after that, two threads at one depth search the same
//! moves in the same order side by side, each repeating the other's work. Only the main thread's result is
//! reported (its iterations, its move); the helpers' counts are kept per thread in
//! [`Thought::helpers`], and [`Thought::total_stats`] adds them up. The helpers stop when the main thread's search
//! ends, for whatever reason.
//!
//! Limits: a time limit or a stop request ends every thread; a depth limit holds each; a node limit is the sum over
//! the threads — each thread gets an equal share of it, so the threads together visit at most the limit.
//!
//! Only the searches with a table (`negamax`, `pvs`, `mtdf`) have anything to share; the others, and every search
//! with `threads = 1`, run on one thread exactly as [`Engine::think`] does — node for node, with the engine's own
//! table. Values: where the threads' searches reach the end of the game (a solved position) they find the same
//! value as one thread; under a depth limit an entry a helper searched deeper may be used, so the value is at least
//! as well informed, not necessarily the same.

use super::alphabeta_memory::Memory;
use super::context::{MainProgress, StopWhen};
use super::deepening::{DEEPEST_ITERATION, Engine, EngineConfig, Iteration, Thought, shared_table_for, shares_table};
use super::ordering::{MoveOrderer, OrderingOptions};
use super::ranges::THREADS;
use super::shared_tt::{MoveBits, SharedTable, SharedView};
use super::stats::SearchStats;
use super::tt::{Table, TranspositionTable};
use crate::engine::features::SearchFeatures;
use crate::engine::game::Game;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

impl<M: Copy + Eq + Send> Engine<M, TranspositionTable<M>> {
    /// [`Engine::think`] on `config.threads` threads (Lazy SMP, see the module's doc). With one thread, or an
    /// algorithm without a table, it is `think` itself; so it is too when the shared table cannot be allocated
    /// (the engine's own table then serves). `game` is copied once per helper thread.
    pub fn think_parallel<G>(
        &mut self,
        game: &mut G,
        stop: Option<&AtomicBool>,
        on_iteration: impl FnMut(&Iteration<M>),
    ) -> Thought<M>
    where
        G: Game<Move = M> + Clone + Send + MoveBits<M>,
    {
        if !shares_table(&self.config) {
            return self.think(game, stop, on_iteration);
        }
        if self.shared.as_ref().is_none_or(|table| table.slot_count() != SharedTable::slots_for_mib(self.config.tt_mib))
        {
            self.shared = shared_table_for(&self.config);
        }
        let Some(table) = self.shared.clone() else {
            return self.think(game, stop, on_iteration);
        };
        table.new_search();
        let threads = self.config.threads.min(*THREADS.end());
        let mut config = self.config.clone();
        config.limits.nodes = config.limits.nodes.map(|n| (n / threads as u64).max(1));
        let orderer = std::mem::replace(&mut self.memory.orderer, MoveOrderer::new(config.ordering));
        let memory = Memory { tt: SharedView::<M, G>::new(Arc::clone(&table)), orderer, features: config.features };
        let mut main = Engine { config, memory, shared: None };
        let started = Instant::now();
        let helper_config = EngineConfig { skill: None, ..main.config.clone() };
        // How far the main thread has come, which the helpers keep ahead of.
        let progress = MainProgress::default();
        let helper = |position: &mut G, memory, stop: &AtomicBool, index| {
            let mut helper = Engine { config: helper_config.clone(), memory, shared: None };
            helper.help(position, (stop, started), &progress, index)
        };
        let helper_memory = (&main.config).into();
        let main_search = |game: &mut G| main.think_telling(game, stop, Some(&progress), on_iteration);
        let view = SharedView::<M, G>::new(table);
        let (mut thought, helpers) = with_helpers(game, &view, threads, helper_memory, helper, main_search);
        self.memory.orderer = main.memory.orderer;
        thought.helpers = helpers;
        thought
    }
}

/// What a helper thread's memory starts with: the ordering sources and the techniques.
#[derive(Clone, Copy, Debug)]
pub struct HelperMemory {
    /// The move-ordering sources (killers and history are each helper's own).
    pub ordering: OrderingOptions,
    /// The selective-search techniques.
    pub features: SearchFeatures,
}

impl From<&EngineConfig> for HelperMemory {
    fn from(config: &EngineConfig) -> Self {
        HelperMemory { ordering: config.ordering, features: config.features }
    }
}

/// Runs `main` on `game` while `threads − 1` helper threads each run `helper` on a copy of it, with a memory of
/// their own over a copy of `table` (a handle on the table they share), a stop flag set when `main` returns, and
/// their index (1, 2, …); returns what `main` found and each helper's counts. A panic in any thread is passed on
/// once every thread has ended.
pub fn with_helpers<G, T, R>(
    game: &mut G,
    table: &T,
    threads: usize,
    memory: HelperMemory,
    helper: impl Fn(&mut G, Memory<G::Move, T>, &AtomicBool, usize) -> SearchStats + Sync,
    main: impl FnOnce(&mut G) -> R,
) -> (R, Vec<SearchStats>)
where
    G: Game + Clone + Send,
    G::Move: Send,
    T: Table<G::Move> + Clone + Send,
{
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads.min(*THREADS.end()))
            .map(|index| {
                let mut position = game.clone();
                let orderer = MoveOrderer::new(memory.ordering);
                let own = Memory { tt: table.clone(), orderer, features: memory.features };
                let (stop, helper) = (&stop, &helper);
                scope.spawn(move || helper(&mut position, own, stop, index))
            })
            .collect();
        // The helpers stop when the main thread is done, even if it panicked (the panic is then passed on).
        let found = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| main(game)));
        stop.store(true, Ordering::Relaxed);
        let stats: Vec<SearchStats> =
            helpers.into_iter().map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p))).collect();
        (found.unwrap_or_else(|p| std::panic::resume_unwind(p)), stats)
    })
}

impl<M: Copy + Eq, G: MoveBits<M>> Engine<M, SharedView<M, G>> {
    /// Helper `index`'s whole work (1, 2, …), until `stop`, under the same limits as the main thread (which began
    /// at `started`); its counts. It deepens ahead of the main thread (`progress`), filling the table for the main
    /// thread's next iterations: each iteration at least `1 + (index − 1) mod 2` plies deeper than the main thread
    /// is searching, and given up once the main thread has searched its first root move at that depth — from there
    /// on the two would search the same moves side by side in the same order, each doing the other's work, so the
    /// helper goes deeper instead. At the depth limit there is nowhere deeper to go: the helper searches that depth
    /// beside the main thread to its end.
    fn help<H: Game<Move = M>>(
        &mut self,
        game: &mut H,
        (stop, started): (&AtomicBool, Instant),
        progress: &MainProgress,
        index: usize,
    ) -> SearchStats {
        self.ready(game);
        let limits = self.config.limits;
        let deadline = limits.time_ms.map(|ms| started + Duration::from_millis(ms));
        let last_depth = limits.depth.unwrap_or(u32::MAX).min(DEEPEST_ITERATION);
        let ahead = 1 + (index.saturating_sub(1) % 2) as u32;
        // The deepest iteration the helper finished, and its value.
        let (mut finished, mut previous) = (0, None);
        let mut total = SearchStats::default();
        while game.terminal_value().is_none() && !stop.load(Ordering::Relaxed) {
            let node_limit = limits.nodes.map(|n| n.saturating_sub(total.nodes_visited));
            let depth = (finished + 1).max(progress.main_depth().saturating_add(ahead)).min(last_depth);
            if depth <= finished || node_limit == Some(0) || deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            let stage_reached = (depth < last_depth).then(|| progress.first_move_at(depth));
            let stop_when = StopWhen { flag: Some(stop), deadline, node_limit, stage_reached };
            let iteration = self.iterate(game, depth, previous, stop_when, None);
            total.add(&iteration.stats);
            if iteration.complete {
                (finished, previous) = (depth, Some(iteration.value));
                if iteration.exact {
                    break;
                }
            }
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Value;
    use crate::engine::search::context::Searcher;
    use crate::engine::search::limits::Limits;
    use crate::engine::search::observer::NoObserver;
    use crate::games::connect_four::ConnectFour;
    use std::sync::atomic::AtomicU32;

    /// The main thread tells its helpers where it is — stage 2d + 1 once its first root move at
    /// depth d is searched, 2d + 2 once the iteration is done — and a search told to stop at the first of these
    /// stops there: right after that first move, not before it and not at another depth's.
    #[test]
    fn a_helper_hears_when_the_main_thread_has_searched_its_first_root_move() {
        let mut game = ConnectFour::from_moves("4453").expect("legal");
        let progress = MainProgress::default();
        let mut engine = Engine::new(EngineConfig { limits: Limits::depth(6), tt_mib: 1, ..EngineConfig::default() });
        let mut stages = Vec::new();
        engine.think_telling(&mut game, None, Some(&progress), |i| {
            stages.push((i.depth, progress.stage.load(Ordering::Relaxed)))
        });
        assert_eq!(stages, (1..=6).map(|d| (d, 2 * d + 2)).collect::<Vec<_>>());

        // One search at depth 10 that tells `progress`, held to the stage given.
        let search = |stop_at: fn(&MainProgress) -> (&AtomicU32, u32)| {
            let (mut game, progress) = (game, MainProgress::default());
            let mut memory = Memory::new(1, OrderingOptions::default());
            let mut observer = NoObserver;
            let stop_when = StopWhen { stage_reached: Some(stop_at(&progress)), ..StopWhen::default() };
            let mut searcher = Searcher::new(&mut game, &mut observer, stop_when);
            searcher.progress = Some(&progress);
            searcher.alphabeta_memory(&mut memory, None, Value::NEG_INFINITY, Value::INFINITY, 10, true);
            (searcher.stopped, searcher.stats.nodes_visited, progress.main_depth())
        };
        let (stopped, whole, depth) = search(|p| p.first_move_at(11));
        assert_eq!((stopped, depth), (false, 10), "another depth's stage never comes");
        let (stopped, cut_short, depth) = search(|p| p.first_move_at(10));
        assert_eq!((stopped, depth), (true, 10));
        assert!(cut_short < whole, "stopped after the first move: {cut_short} of {whole} nodes");
    }
}
