//! Lazy SMP: one search on several threads. The main thread runs the usual iterative deepening
//! ([`Engine::think`]); `threads − 1` helper threads search the same root at the same time, each deepening on its
//! own, and all of them share one lock-free table ([`SharedTable`]), so that what one learns the others read. The
//! helpers are told apart by their depths: odd helpers begin one ply deeper than the main thread and stay ahead of
//! it (a helper that finishes an iteration goes on at least one ply deeper than the main thread is searching), so
//! the main thread's next iteration finds their entries in the table; even helpers keep in step with it. Only the
//! main thread's result is reported (its iterations, its move); the helpers' counts are kept per thread in
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
use super::deepening::{Engine, EngineConfig, Iteration, Pace, Thought};
use super::features::SearchFeatures;
use super::ordering::{MoveOrderer, OrderingOptions};
use super::ranges::THREADS;
use super::shared_tt::{MoveBits, SharedTable, SharedView};
use super::stats::SearchStats;
use super::{
    Algorithm,
    tt::{Table, TranspositionTable},
};
use crate::engine::game::Game;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// True when `config` searches on several threads with a shared table: more than one thread, and an algorithm that
/// uses a table.
pub fn shares_table(config: &EngineConfig) -> bool {
    config.threads.clamp(*THREADS.start(), *THREADS.end()) > 1
        && matches!(config.algorithm, Algorithm::Negamax | Algorithm::Pvs | Algorithm::Mtdf)
}

/// The shared table a new engine for `config` starts with, when it [`shares_table`] and the memory is there.
pub(super) fn shared_table_for(config: &EngineConfig) -> Option<Arc<SharedTable>> {
    shares_table(config).then(|| SharedTable::try_with_mib(config.tt_mib).ok().map(Arc::new)).flatten()
}

impl<M: Copy + Eq + Send> Engine<M, TranspositionTable<M>> {
    /// [`Engine::think`] on `config.threads` threads (Lazy SMP, see the module's doc). With one thread, or an
    /// algorithm without a table, it is `think` itself; so it is too when the shared table cannot be allocated
    /// (the engine's own table then serves). `game` is copied once per helper thread.
    pub fn think_parallel<G>(
        &mut self,
        game: &mut G,
        stop: Option<&AtomicBool>,
        mut on_iteration: impl FnMut(&Iteration<M>),
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
        // The depth the main thread is searching now, which the odd helpers keep ahead of.
        let main_depth = AtomicU32::new(1);
        let helper = |position: &mut G, memory, stop: &AtomicBool, index| {
            let mut helper = Engine { config: helper_config.clone(), memory, shared: None };
            helper.help(position, stop, started, helper_pace(index, &main_depth))
        };
        let helper_memory = (&main.config).into();
        let main_search = |game: &mut G| {
            main.think(game, stop, |iteration: &Iteration<M>| {
                if iteration.complete {
                    main_depth.store(iteration.depth.saturating_add(1), Ordering::Relaxed);
                }
                on_iteration(iteration)
            })
        };
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

/// Where helper `index` (1, 2, …) searches: odd helpers from depth 2 and one ply ahead of the main thread
/// (`main_depth`) from then on, so that they fill the table for its next iteration; even helpers from depth 1, in
/// step with it.
fn helper_pace(index: usize, main_depth: &AtomicU32) -> Pace<'_> {
    Pace::Helper { ahead: (index % 2) as u32, behind: main_depth }
}

impl<M: Copy + Eq, G: MoveBits<M>> Engine<M, SharedView<M, G>> {
    /// A helper thread's whole work: iterative deepening at the depths `pace` gives, under the same limits as the
    /// main thread (which began at `started`), until `stop`; its counts, all iterations together.
    fn help<H: Game<Move = M>>(
        &mut self,
        game: &mut H,
        stop: &AtomicBool,
        started: Instant,
        pace: Pace,
    ) -> SearchStats {
        self.ready(game);
        let deadline = self.config.limits.time_ms.map(|ms| started + Duration::from_millis(ms));
        let thought = self.deepen(game, Some(stop), (started, deadline), pace, &mut |_: &Iteration<M>| {});
        thought.total_stats()
    }
}
