//! The iterative-deepening driver games are played with: depth 1, 2, 3 … until a limit, a stop request, or the
//! game is solved, each iteration reported as it completes. The table, killers and history carry over from one
//! iteration to the next, which is what makes the repeated shallow work pay for itself.

use super::alphabeta_memory::Memory;
use super::context::{MainProgress, Searcher, StopWhen};
use super::limits::Limits;
use super::observer::NoObserver;
use super::ordering::OrderingOptions;
use super::ranges::{self, THREADS};
use super::shared_tt::SharedTable;
use super::skill::{self, Skill};
use super::stats::SearchStats;
use super::tt::{Table, TranspositionTable};
use super::{Algorithm, SearchOptions, search};
use crate::engine::features::SearchFeatures;
use crate::engine::game::{Game, Turn, Value};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The deepest iteration of a search held by time or nodes alone. Once a mate is proven, each iteration costs a
/// few dozen nodes, and a budget of a million nodes would otherwise deepen thousands of plies, reporting every
/// iteration. No deeper iteration changes a move: Connect Four ends within 42 plies, Othello within 60, and a
/// chess line within 100 plies of its last capture or pawn move.
pub const DEEPEST_ITERATION: u32 = 256;

/// How the AI searches a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct EngineConfig {
    /// `negamax` and `pvs` run α-β with memory (without and with null-window scouting), `mtdf` its null-window
    /// passes; every other algorithm runs as it does on trees, without table or ordering.
    pub algorithm: Algorithm,
    /// When the search must end: depth, time, nodes (none set: search to the end of the game).
    pub limits: Limits,
    /// The transposition table's size in MiB.
    pub tt_mib: usize,
    /// Which move-ordering sources the memory searches use.
    pub ordering: OrderingOptions,
    /// Half-width of the aspiration window around the previous iteration's value (`None`: the full window).
    pub aspiration: Option<Value>,
    /// Search depth 1, 2, 3 …; off, one search straight to the depth limit (or the end of the game).
    pub iterative_deepening: bool,
    /// Play deliberately weaker than the search (see [`skill`]): every root move is scored after
    /// the search and one close to the best is chosen. `None` (or a zero margin) plays the best.
    pub skill: Option<Skill>,
    /// The selective-search techniques on (see [`features`](crate::engine::features)); none by default, and the memory
    /// searches (`negamax`, `pvs`, `mtdf`) are the only ones they change.
    pub features: SearchFeatures,
    /// Search threads (Lazy SMP, see [`super::smp`]): 1 is the one-thread search, node for node; more share one
    /// table and need [`Engine::think_parallel`]. Held to [`THREADS`].
    pub threads: usize,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            algorithm: Algorithm::Pvs,
            limits: Limits::time(Duration::from_secs(1)),
            tt_mib: 64,
            ordering: OrderingOptions::default(),
            aspiration: None,
            iterative_deepening: true,
            skill: None,
            features: SearchFeatures::NONE,
            threads: 1,
        }
    }
}

/// What one iteration found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Iteration<M> {
    /// The depth searched, in plies (`u32::MAX`: to the end of the game).
    pub depth: u32,
    /// From the point of view of the player to move at the root.
    pub value: Value,
    /// The move this iteration would play; `None` only when the root has no move.
    pub best_move: Option<M>,
    /// The line both players are expected to follow, starting with `best_move`.
    pub principal_variation: Vec<M>,
    /// This iteration's own counts (aspiration re-searches included).
    pub stats: SearchStats,
    /// Time since the search began, at the end of this iteration.
    pub elapsed_seconds: f64,
    /// False for an iteration a limit or stop request cut short: its value and move are only indicative.
    pub complete: bool,
    /// True when every line was searched to the end of the game: the value is the game's true value.
    pub exact: bool,
    /// Searches repeated with a wider window because the aspiration window missed.
    pub aspiration_researches: u32,
}

/// What a whole search found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Thought<M> {
    /// Every completed iteration, shallowest first.
    pub iterations: Vec<Iteration<M>>,
    /// The iteration a limit or stop request cut short, if any.
    pub partial: Option<Iteration<M>>,
    /// The move to play: the searched best (any legal move if none was found), or with a skill
    /// margin the one [`skill::choose`] picked; `None` only when the game is over.
    pub best_move: Option<M>,
    /// The move the search judged best: the last completed iteration's, or the one an iteration cut short found
    /// better than it (see `Engine::partial_best`). Differs from `best_move` when a weaker move was chosen on
    /// purpose.
    #[serde(default)]
    pub searched_best: Option<M>,
    /// With a skill margin: every root move's score from the player to move's point of view, as deep as the move's
    /// time allowed up to the last completed iteration's depth (see [`skill::score_root_moves`]), the searched best
    /// first.
    #[serde(default)]
    pub root_scores: Vec<(M, Value)>,
    /// Wall-clock time of the whole search, in seconds.
    pub elapsed_seconds: f64,
    /// True when the time limit ended the search (not a stop request, the depth, the node limit or a solved
    /// position): on a busy machine a level's time ceiling can come before its node budget.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub time_ran_out: bool,
    /// With several threads: each helper thread's counts, all its iterations together (the main thread's are the
    /// iterations'). Empty for a search on one thread.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub helpers: Vec<SearchStats>,
}

impl<M> Iteration<M> {
    /// The same iteration with its moves renamed by `f` (the window erases each game's move type this way).
    pub fn map_moves<N>(self, f: impl Fn(M) -> N) -> Iteration<N> {
        Iteration {
            depth: self.depth,
            value: self.value,
            best_move: self.best_move.map(&f),
            principal_variation: self.principal_variation.into_iter().map(&f).collect(),
            stats: self.stats,
            elapsed_seconds: self.elapsed_seconds,
            complete: self.complete,
            exact: self.exact,
            aspiration_researches: self.aspiration_researches,
        }
    }
}

impl<M> Default for Thought<M> {
    /// Nothing found yet: where a search starts (not derived, which would ask `M: Default`).
    fn default() -> Self {
        Thought {
            iterations: Vec::new(),
            partial: None,
            best_move: None,
            searched_best: None,
            root_scores: Vec::new(),
            elapsed_seconds: 0.0,
            time_ran_out: false,
            helpers: Vec::new(),
        }
    }
}

impl<M> Thought<M> {
    /// The same search with its moves renamed by `f`.
    pub fn map_moves<N>(self, f: impl Fn(M) -> N) -> Thought<N> {
        Thought {
            iterations: self.iterations.into_iter().map(|i| i.map_moves(&f)).collect(),
            partial: self.partial.map(|i| i.map_moves(&f)),
            best_move: self.best_move.map(&f),
            searched_best: self.searched_best.map(&f),
            root_scores: self.root_scores.into_iter().map(|(m, v)| (f(m), v)).collect(),
            elapsed_seconds: self.elapsed_seconds,
            time_ran_out: self.time_ran_out,
            helpers: self.helpers,
        }
    }

    /// The move the search judged best, when the move played is a deliberate mistake: a weaker level chose
    /// another ([`skill::choose`]) that scored below it. A move that scored as well as the best (a tie the noise
    /// broke otherwise) is no mistake. This one fact is what the move list marks `?!` and the search panel calls
    /// "chosen on purpose".
    pub fn deliberate_mistake(&self) -> Option<M>
    where
        M: Copy + PartialEq,
    {
        let (played, best) = (self.best_move?, self.searched_best?);
        let score = |mv: M| self.root_scores.iter().find(|(m, _)| *m == mv).map(|&(_, v)| v);
        match (score(played), score(best)) {
            (Some(played_score), Some(best_score)) if played != best && played_score < best_score => Some(best),
            _ => None,
        }
    }

    /// The deepest completed iteration.
    pub fn last(&self) -> Option<&Iteration<M>> {
        self.iterations.last()
    }

    /// The counts of all iterations together, the partial one included, and of every helper thread.
    pub fn total_stats(&self) -> SearchStats {
        let mut total = SearchStats::default();
        for iteration in self.iterations.iter().chain(&self.partial) {
            total.add(&iteration.stats);
        }
        for helper in &self.helpers {
            total.add(helper);
        }
        total
    }
}

/// An AI player's search state: its settings and what it remembers between moves. `T` is the table's kind: its
/// own (the default), or a view of the table the threads of a Lazy SMP search share.
#[derive(Clone, Debug)]
pub struct Engine<M, T = TranspositionTable<M>> {
    /// The settings every search of this engine runs with.
    pub config: EngineConfig,
    /// The table, killers and history, kept from one search to the next.
    pub memory: Memory<M, T>,
    /// The table the threads of [`Engine::think_parallel`] share, kept from one search to the next like `memory`;
    /// `None` until a search on several threads needs it.
    pub shared: Option<Arc<SharedTable>>,
}

impl<M: Copy + Eq> Engine<M> {
    /// An engine with `config` and an empty memory: a table of `config.tt_mib` MiB — shared, with several threads
    /// and a search that uses a table ([`shares_table`]), and then `memory`'s own is one slot, so the
    /// memory is not taken twice.
    pub fn new(config: EngineConfig) -> Self {
        let shared = shared_table_for(&config);
        let own_mib = if shared.is_some() { 0 } else { config.tt_mib };
        let mut memory = Memory::new(own_mib, config.ordering);
        memory.features = config.features;
        Engine { config, memory, shared }
    }

    /// [`Engine::new`], with its table allocated fallibly ([`TranspositionTable::try_with_mib`],
    /// [`SharedTable::try_with_mib`]): why not, when the memory is not there.
    pub fn try_new(config: EngineConfig) -> Result<Self, String> {
        let (tt, shared) = if shares_table(&config) {
            (TranspositionTable::with_slots(1), Some(Arc::new(SharedTable::try_with_mib(config.tt_mib)?)))
        } else {
            (TranspositionTable::try_with_mib(config.tt_mib)?, None)
        };
        let mut memory = Memory { tt, ..Memory::new(0, config.ordering) };
        memory.features = config.features;
        Ok(Engine { config, memory, shared })
    }

    /// Forgets everything learned, in the shared table too (see [`Memory::clear`]).
    pub fn clear(&mut self) {
        self.memory.clear();
        if let Some(shared) = &self.shared {
            shared.clear();
        }
    }
}

impl<M: Copy + Eq, T: Table<M>> Engine<M, T> {
    /// Readies the memory and `game` for a search with the configured techniques.
    pub(super) fn ready<G: Game<Move = M>>(&mut self, game: &mut G) {
        self.memory.features = self.config.features;
        self.memory.orderer.age();
        game.use_search_features(&self.config.features);
    }

    /// Searches `game` from its current position (restored when this returns) under the configured limits,
    /// calling `on_iteration` after each iteration, the cut-short one included. `stop` may be set from another
    /// thread; the search notices within [`Game::NODES_BETWEEN_STOP_CHECKS`] nodes.
    pub fn think<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        stop: Option<&AtomicBool>,
        on_iteration: impl FnMut(&Iteration<M>),
    ) -> Thought<M> {
        self.think_telling(game, stop, None, on_iteration)
    }

    /// [`Engine::think`], telling Lazy SMP's helpers how far it has come through `progress`.
    pub(super) fn think_telling<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        stop: Option<&AtomicBool>,
        progress: Option<&MainProgress>,
        mut on_iteration: impl FnMut(&Iteration<M>),
    ) -> Thought<M> {
        let started = Instant::now();
        self.ready(game);
        // Scoring the root moves for a deliberate mistake needs part of the move's time: the search gets 60 % of it.
        let erring = self.config.skill.is_some_and(|s| s.margin > 0.0);
        let search_share = if erring { 0.6 } else { 1.0 };
        let deadline = self.config.limits.time_ms.map(|ms| started + Duration::from_millis(ms).mul_f64(search_share));
        let mut thought = self.deepen(game, stop, (started, deadline), progress, &mut on_iteration);
        thought.searched_best = self.partial_best(&thought).or_else(|| thought.last().and_then(|i| i.best_move));
        thought.best_move = thought.searched_best.or_else(|| {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            moves.first().copied()
        });
        // A stop request means "play now": no time for second thoughts.
        let stopped = stop.is_some_and(|flag| flag.load(Ordering::Relaxed));
        if !stopped {
            self.second_thoughts(game, stop, started, &mut thought);
        }
        thought.elapsed_seconds = started.elapsed().as_secs_f64();
        thought
    }

    /// The iterations at depths 1, 2, 3 … until one is cut short, the value is exact, or a limit is reached, each
    /// told to `progress` (Lazy SMP's main thread). `(started, deadline)`: when the search began and must end.
    pub(super) fn deepen<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        stop: Option<&AtomicBool>,
        (started, deadline): (Instant, Option<Instant>),
        progress: Option<&MainProgress>,
        on_iteration: &mut impl FnMut(&Iteration<M>),
    ) -> Thought<M> {
        let limits = self.config.limits;
        let final_depth = limits.depth.unwrap_or(u32::MAX);
        let last_depth = final_depth.min(DEEPEST_ITERATION);
        let mut depth = if self.config.iterative_deepening { 1.min(final_depth) } else { final_depth };
        let mut thought = Thought::default();
        let mut nodes_so_far = 0u64;
        while game.terminal_value().is_none() {
            // Iterations too short to reach a stop check (`Game::NODES_BETWEEN_STOP_CHECKS`) still end at a stop
            // request.
            if stop.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                break;
            }
            let node_limit = limits.nodes.map(|n| n.saturating_sub(nodes_so_far));
            let stop_when = StopWhen { flag: stop, deadline, node_limit, stage_reached: None };
            let previous = thought.iterations.last().map(|i| i.value);
            let mut iteration = self.iterate(game, depth, previous, stop_when, progress);
            iteration.elapsed_seconds = started.elapsed().as_secs_f64();
            if let Some(progress) = progress.filter(|_| iteration.complete) {
                progress.iteration_finished(depth);
            }
            nodes_so_far += iteration.stats.nodes_visited;
            on_iteration(&iteration);
            let (complete, exact) = (iteration.complete, iteration.exact);
            if complete {
                thought.iterations.push(iteration);
            } else {
                thought.partial = Some(iteration);
            }
            // An iteration shorter than a stop check (1,024 nodes in a compiled game) never notices the node limit
            // itself: one that began with the budget already spent ends the search.
            let out_of_nodes = node_limit == Some(0);
            if !complete
                || exact
                || out_of_nodes
                || depth >= last_depth
                || deadline.is_some_and(|d| Instant::now() >= d)
            {
                break;
            }
            depth += 1;
        }
        let stopped = stop.is_some_and(|flag| flag.load(Ordering::Relaxed));
        thought.time_ran_out = !stopped && deadline.is_some_and(|d| Instant::now() >= d);
        thought
    }

    /// With a skill that errs, scores the root moves and picks the move to play among them (the searched best
    /// stays in `searched_best`).
    fn second_thoughts<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        stop: Option<&AtomicBool>,
        started: Instant,
        thought: &mut Thought<M>,
    ) {
        let limits = self.config.limits;
        if let (Some(skill), Some(last)) = (self.config.skill, thought.last())
            && skill.margin > 0.0
        {
            // The scoring has the rest of the move's time, and at least a fifth of it; cut short, the searched
            // best is played.
            let deadline = limits.time_ms.map(|ms| {
                let budget = Duration::from_millis(ms);
                (started + budget).max(Instant::now() + budget / 5)
            });
            // As many nodes again as the search had, when it was held to a number of nodes.
            let stop_when = StopWhen { flag: stop, deadline, node_limit: limits.nodes, stage_reached: None };
            let scout = self.config.algorithm == Algorithm::Pvs;
            let best = thought.searched_best;
            if let Some(root) = skill::score_root_moves(game, &mut self.memory, last.depth, best, scout, stop_when) {
                let values: Vec<Value> = root.scores.iter().map(|&(_, v)| v).collect();
                if let Some(i) = skill::choose(&values, &skill, game.position_hash()) {
                    thought.best_move = Some(root.scores[i].0);
                }
                thought.root_scores = root.scores;
            }
        }
    }

    /// The move of an iteration cut short, where it can be trusted: with PVS or negamax over the full window, the
    /// root's best move once one of its children has been searched to the end. The first child searched is the
    /// last iteration's best move, so a different move here beat it at the deeper depth. MTD(f)'s null-window
    /// passes and an aspiration window's bounds say nothing of which move is best, so those are not trusted.
    fn partial_best(&self, thought: &Thought<M>) -> Option<M> {
        let trusted =
            matches!(self.config.algorithm, Algorithm::Negamax | Algorithm::Pvs) && self.config.aspiration.is_none();
        thought.partial.as_ref().filter(|_| trusted).and_then(|partial| partial.best_move)
    }

    /// One iteration at `depth`, with an aspiration window around `previous` where configured; its root tells
    /// `progress` when its first move is searched.
    pub(super) fn iterate<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        depth: u32,
        previous: Option<Value>,
        stop_when: StopWhen<'_>,
        progress: Option<&MainProgress>,
    ) -> Iteration<M> {
        let iteration_started = Instant::now();
        let algorithm = self.config.algorithm;
        if !matches!(algorithm, Algorithm::Negamax | Algorithm::Pvs | Algorithm::Mtdf) {
            let options = SearchOptions { depth: Some(depth), ..SearchOptions::default() };
            let result = search(game, algorithm, &options, stop_when, &mut NoObserver);
            let exact = result.stats.horizon_evaluations == 0;
            return Iteration {
                depth,
                value: result.value,
                best_move: result.best_move,
                principal_variation: result.principal_variation,
                stats: result.stats,
                elapsed_seconds: 0.0,
                complete: result.complete,
                exact,
                aspiration_researches: 0,
            };
        }
        let mut observer = NoObserver;
        let mut searcher = Searcher::new(game, &mut observer, stop_when);
        searcher.progress = progress;
        let memory = &mut self.memory;
        let mark = searcher.horizon_mark();
        let mut researches = 0;
        let (value, line) = if algorithm == Algorithm::Mtdf {
            searcher.mtdf(memory, previous.unwrap_or(0.0), depth)
        } else {
            let scout = algorithm == Algorithm::Pvs;
            let (mut low, mut high) = match (self.config.aspiration, previous) {
                (Some(half), Some(v)) if v.is_finite() && half > 0.0 => (v - half, v + half),
                _ => (Value::NEG_INFINITY, Value::INFINITY),
            };
            loop {
                let value = searcher.alphabeta_memory(memory, None, low, high, depth, scout);
                // A miss says only on which side the value lies: open that side fully and search again.
                if !searcher.stopped && value <= low && low > Value::NEG_INFINITY {
                    low = Value::NEG_INFINITY;
                } else if !searcher.stopped && value >= high && high < Value::INFINITY {
                    high = Value::INFINITY;
                } else if searcher.stopped {
                    // Cut short: only a root move searched to the end at this depth counts (none, if the first
                    // was not), so that a partial iteration's move is one it actually found.
                    break (value, searcher.pv.root_line().to_vec());
                } else {
                    break (value, searcher.root_line_or_remembered(memory));
                }
                researches += 1;
            }
        };
        let exact = searcher.is_final_since(mark);
        let complete = !searcher.stopped;
        let mut stats = std::mem::take(&mut searcher.stats);
        drop(searcher);
        // A root whose value the game knows without search (a win with the next move) is read as a leaf: it leaves
        // no line of its own, and a move remembered in the table may not be the one that wins.
        let line = if game.immediate_value() == Some(value) {
            winning_move(game, value).map_or(line, |mv| vec![mv])
        } else {
            line
        };
        stats.elapsed_seconds = iteration_started.elapsed().as_secs_f64();
        Iteration {
            depth,
            value,
            best_move: line.first().copied(),
            principal_variation: line,
            stats,
            elapsed_seconds: 0.0,
            complete,
            exact,
            aspiration_researches: researches,
        }
    }
}

/// The move that ends the game at once with `value` (from the point of view of the player to move), if any.
fn winning_move<G: Game>(game: &mut G, value: Value) -> Option<G::Move> {
    if game.turn() == Turn::Chance {
        return None;
    }
    let root_sign = game.turn().sign();
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves.into_iter().find(|&mv| {
        game.play(mv);
        let ends = game.terminal_value().map(|v| root_sign * game.turn().sign() * v);
        game.undo(mv);
        ends == Some(value)
    })
}

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

/// Checks every setting of a search configuration read from a file; `field` names where it was found (e.g.
/// `players[0].config`).
pub fn check_engine_config(field: &str, config: &EngineConfig) -> Result<(), String> {
    let limits = &config.limits;
    if let Some(depth) = limits.depth {
        ranges::check(&format!("{field}.limits.depth"), depth, &ranges::DEPTH_PLIES)?;
    }
    if let Some(time_ms) = limits.time_ms {
        ranges::check(&format!("{field}.limits.time_ms"), time_ms, &ranges::TIME_MS)?;
    }
    if let Some(nodes) = limits.nodes {
        ranges::check(&format!("{field}.limits.nodes"), nodes, &ranges::NODES)?;
    }
    ranges::check(&format!("{field}.tt_mib"), config.tt_mib, &ranges::TABLE_MIB)?;
    ranges::check(&format!("{field}.threads"), config.threads, &ranges::THREADS)?;
    if let Some(skill) = &config.skill {
        ranges::check(&format!("{field}.skill.margin"), skill.margin, &ranges::MISTAKE_MARGIN)?;
    }
    if let Some(aspiration) = config.aspiration {
        ranges::check(&format!("{field}.aspiration"), aspiration, &ranges::ASPIRATION)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect_four::ConnectFour;

    #[test]
    fn a_setting_out_of_range_is_refused_by_name() {
        assert_eq!(check_engine_config("player", &EngineConfig::default()), Ok(()));
        let huge = EngineConfig { tt_mib: 1_000_000_000_000, ..EngineConfig::default() };
        assert_eq!(
            check_engine_config("players[1].config", &huge),
            Err("players[1].config.tt_mib is 1000000000000, outside 1..=4096".into())
        );
        let deep = EngineConfig { limits: crate::engine::search::limits::Limits::depth(65), ..EngineConfig::default() };
        assert!(check_engine_config("c", &deep).is_err_and(|e| e.starts_with("c.limits.depth is 65")));
        let nan = EngineConfig {
            skill: Some(crate::engine::search::skill::Skill { margin: f64::NAN, seed: 1 }),
            ..EngineConfig::default()
        };
        assert!(check_engine_config("c", &nan).is_err_and(|e| e.starts_with("c.skill.margin is NaN")));
        let none = EngineConfig { limits: crate::engine::search::limits::Limits::NONE, ..EngineConfig::default() };
        assert_eq!(check_engine_config("c", &none), Ok(()), "no limit at all is a setting the window offers");
    }

    /// A move the noise picked over an equal score is no mistake; one that scored below the
    /// searched best is, and names that best; without scores (no skill) nothing is.
    #[test]
    fn a_deliberate_mistake_is_a_move_scored_below_the_searched_best() {
        let thought = |played: u8, best: u8, scores: Vec<(u8, Value)>| Thought {
            best_move: Some(played),
            searched_best: Some(best),
            root_scores: scores,
            ..Thought::default()
        };
        assert_eq!(thought(2, 1, vec![(1, 0.5), (2, 0.25)]).deliberate_mistake(), Some(1));
        assert_eq!(thought(2, 1, vec![(1, 0.5), (2, 0.5)]).deliberate_mistake(), None, "a tie");
        assert_eq!(thought(1, 1, vec![(1, 0.5), (2, 0.25)]).deliberate_mistake(), None, "the best played");
        assert_eq!(thought(2, 1, Vec::new()).deliberate_mistake(), None, "no scores, no skill");
    }

    /// With the table kept from one search to the next, the root's own entry used to decide
    /// the first iterations of the second search at once (1 node each). The root is always expanded now, so each
    /// iteration visits the root and every one of its children at least.
    #[test]
    fn every_iteration_searches_the_root_moves_even_with_the_table_kept() {
        let mut game = ConnectFour::from_moves("4453").expect("legal");
        let mut root_moves = Vec::new();
        game.generate_moves(&mut root_moves);
        for algorithm in [Algorithm::Pvs, Algorithm::Negamax, Algorithm::Mtdf] {
            let config = EngineConfig { algorithm, limits: Limits::depth(8), tt_mib: 4, ..EngineConfig::default() };
            let mut engine = Engine::new(config);
            let first = engine.think(&mut game, None, |_| {});
            let again = engine.think(&mut game, None, |_| {});
            assert_eq!(again.iterations.len(), 8, "{algorithm:?}");
            for iteration in &again.iterations {
                assert!(
                    iteration.stats.nodes_visited > root_moves.len() as u64,
                    "{algorithm:?} depth {}: {} nodes",
                    iteration.depth,
                    iteration.stats.nodes_visited
                );
                assert!(!iteration.principal_variation.is_empty(), "{algorithm:?} depth {}", iteration.depth);
            }
            assert_eq!(first.iterations.len(), 8, "{algorithm:?}");
        }
    }

    /// A proven mate leaves each further iteration a few dozen nodes, and with the table kept from earlier moves an
    /// iteration need not be exact: held by nodes alone, the search used to deepen thousands of plies (10,928
    /// iterations for 220,000 nodes in this ending). It stops at [`DEEPEST_ITERATION`].
    #[test]
    fn a_node_budget_after_a_proven_mate_deepens_no_further_than_the_deepest_iteration() {
        use crate::engine::features::SearchFeatures;
        use crate::games::chess::Chess;
        // Queen and bishop against the bare king, both sides played by one engine that keeps its table.
        let mut game = Chess::from_fen("8/8/8/8/3k4/8/1Q6/2B1K3 b - - 10 80").expect("legal");
        let limits = Limits::nodes(220_000);
        let config = EngineConfig { limits, features: SearchFeatures::ALL, tt_mib: 4, ..EngineConfig::default() };
        let mut engine = Engine::new(config);
        let mut deepest = 0;
        // Up to the mate, which takes a dozen moves or so.
        for _ in 0..30 {
            if game.is_over() {
                break;
            }
            let thought = engine.think(&mut game, None, |_| {});
            let last = thought.last().expect("an iteration");
            assert!(last.depth <= DEEPEST_ITERATION && thought.iterations.len() <= DEEPEST_ITERATION as usize);
            deepest = deepest.max(last.depth);
            game.play(thought.best_move.expect("a move"));
        }
        assert_eq!(deepest, DEEPEST_ITERATION, "some search is held by the deepest iteration, not by its budget");
    }

    /// A search cut short plays the move its unfinished iteration found, once one has been searched to the end at
    /// that depth: searched alone by plain α-β at that depth, it is worth at least the last completed iteration's
    /// move. Before one has, it plays the last completed iteration's move.
    #[test]
    fn a_search_cut_short_plays_a_better_move_its_last_iteration_found() {
        let mut game = ConnectFour::from_moves("4453").expect("legal");
        let (mut unfinished, mut improved) = (0, 0);
        for nodes in (1_000..40_000).step_by(500) {
            let config = EngineConfig { limits: Limits::nodes(nodes), tt_mib: 4, ..EngineConfig::default() };
            let thought = Engine::new(config).think(&mut game, None, |_| {});
            let (Some(partial), Some(last)) = (&thought.partial, thought.last()) else { continue };
            match partial.best_move {
                None => {
                    unfinished += 1;
                    assert_eq!(thought.searched_best, last.best_move, "{nodes} nodes");
                }
                Some(found) if Some(found) != last.best_move => {
                    improved += 1;
                    assert_eq!(thought.searched_best, Some(found), "{nodes} nodes");
                    let worth = |game: &mut ConnectFour, mv| {
                        game.play(mv);
                        let options = SearchOptions { depth: Some(partial.depth - 1), ..SearchOptions::default() };
                        let result = search(game, Algorithm::Negamax, &options, StopWhen::default(), &mut NoObserver);
                        game.undo(mv);
                        -result.value
                    };
                    let previous = last.best_move.expect("a move");
                    assert!(worth(&mut game, found) >= worth(&mut game, previous), "{nodes} nodes");
                }
                Some(_) => {}
            }
        }
        assert!(unfinished > 0 && improved > 0, "{unfinished} searches with no move yet, {improved} improved");
    }
}
