//! Lazy SMP: searches on two threads find the values one thread finds — tic-tac-toe solved by
//! every algorithm, Connect Four positions of Pons' sets solved by the engine and by the solver, chess mates at a
//! fixed depth — and report each helper's counts.

use alphabeta_core::engine::game::{Game, Value};
use alphabeta_core::engine::search::Algorithm;
use alphabeta_core::engine::search::alphabeta_memory::Memory;
use alphabeta_core::engine::search::deepening::{Engine, EngineConfig, Thought};
use alphabeta_core::engine::search::limits::Limits;
use alphabeta_core::engine::search::ordering::MoveOrderer;
use alphabeta_core::engine::search::shared_tt::{MoveBits, SharedTable, SharedView};
use alphabeta_core::games::chess::{Chess, WIN};
use alphabeta_core::games::connect_four::ConnectFour;
use alphabeta_core::games::connect_four::solve::{Driver, Method, parse_ordering, solve, solve_parallel};
use alphabeta_core::games::connect_four::solver_table::SolverTable;
use alphabeta_core::games::draughts::Draughts;
use alphabeta_core::games::mnk::Mnk;
use alphabeta_core::games::othello::Othello;
use std::sync::Arc;

/// `game` searched with `config` on `threads` threads, from a new engine.
fn think<G>(game: &G, config: &EngineConfig, threads: usize) -> Thought<G::Move>
where
    G: Game + Clone + Send + PartialEq + MoveBits<G::Move>,
    G::Move: Send,
{
    let config = EngineConfig { threads, ..config.clone() };
    let mut position = game.clone();
    let thought = Engine::new(config).think_parallel(&mut position, None, |_| {});
    assert!(position == *game, "the position is restored");
    thought
}

/// The last iteration's value and whether it is exact, on one thread and on two; two threads report one helper.
fn values_on_one_and_two_threads<G>(game: &G, config: &EngineConfig) -> [(Value, bool); 2]
where
    G: Game + Clone + Send + PartialEq + MoveBits<G::Move>,
    G::Move: Send,
{
    [1, 2].map(|threads| {
        let thought = think(game, config, threads);
        let shares = threads > 1 && matches!(config.algorithm, Algorithm::Negamax | Algorithm::Pvs | Algorithm::Mtdf);
        assert_eq!(thought.helpers.len(), usize::from(shares), "{:?} on {threads} threads", config.algorithm);
        let last = thought.last().expect("an iteration");
        (last.value, last.exact)
    })
}

#[test]
fn tic_tac_toe_is_a_draw_on_two_threads_by_every_algorithm() {
    for algorithm in Algorithm::ALL {
        let config = EngineConfig { algorithm, limits: Limits::NONE, tt_mib: 2, ..EngineConfig::default() };
        let [one, two] = values_on_one_and_two_threads(&Mnk::tic_tac_toe(), &config);
        assert_eq!(one, (0.0, true), "{algorithm:?} on one thread");
        assert_eq!(two, one, "{algorithm:?} on two threads");
    }
}

/// Every `step`-th line of a Connect Four set: (moves, score).
fn sample(set: &str, step: usize) -> Vec<(String, i32)> {
    let path = format!("{}/../../tests/data/connect4/{set}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let line = |l: &str| l.split_once(' ').map(|(m, s)| (m.to_string(), s.trim().parse().expect("a score")));
    text.lines().step_by(step).filter_map(line).collect()
}

#[test]
fn connect_four_positions_are_solved_alike_on_two_threads() {
    for (moves, score) in sample("Test_L3_R1", 125).into_iter().chain(sample("Test_L2_R1", 250)) {
        let game = ConnectFour::from_moves(&moves).expect("legal");
        for algorithm in [Algorithm::Pvs, Algorithm::Negamax, Algorithm::Mtdf] {
            let config = EngineConfig { algorithm, limits: Limits::NONE, tt_mib: 8, ..EngineConfig::default() };
            let [one, two] = values_on_one_and_two_threads(&game, &config);
            assert_eq!(one, (Value::from(score), true), "{moves} by {algorithm:?}");
            assert_eq!(two, one, "{moves} by {algorithm:?} on two threads");
        }
    }
}

#[test]
fn the_solver_on_two_threads_gives_pons_scores() {
    let ordering = parse_ordering("hash,hints").expect("valid");
    let mut slots = SharedView::<u8, ConnectFour>::new(Arc::new(SharedTable::try_with_mib(8).expect("8 MiB")));
    let mut buckets = Arc::new(SolverTable::try_with_mib(8).expect("8 MiB"));
    let mut memory = Memory::new(8, ordering);
    for (moves, score) in sample("Test_L2_R2", 100).into_iter().chain(sample("Test_L1_R1", 200)) {
        for (driver, weak) in [(Driver::Bisection, false), (Driver::Mtdf, false), (Driver::Bisection, true)] {
            let mut position = ConnectFour::from_moves(&moves).expect("legal");
            let one = solve(&mut position, &mut memory, Method { driver, weak, general: false });
            let two = solve_parallel(&mut position, &mut slots, (ordering, 2), Method { driver, weak, general: false });
            let two_in_buckets =
                solve_parallel(&mut position, &mut buckets, (ordering, 2), Method { driver, weak, general: false });
            let expected = if weak { score.signum() } else { score };
            let scores = (one.score, two.score, two_in_buckets.score);
            assert_eq!(scores, (expected, expected, expected), "{moves} with {driver:?}, weak: {weak}");
            assert_eq!(position, ConnectFour::from_moves(&moves).expect("legal"), "the position is restored");
        }
    }
}

#[test]
fn chess_mates_are_scored_alike_on_two_threads_at_a_fixed_depth() {
    // Mates for the side to move (the scholar's, a back-rank mate, Ra6!! bxa6 b7#), searched to
    // depth 4 and 5 by PVS without the selective techniques: each value is a mate's.
    let mates = [
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1",
    ];
    for fen in mates {
        let game = Chess::from_fen(fen).expect("legal");
        for depth in [4, 5] {
            let config = EngineConfig { limits: Limits::depth(depth), tt_mib: 8, ..EngineConfig::default() };
            let [one, two] = values_on_one_and_two_threads(&game, &config);
            assert!(one.0 > WIN - 10.0, "{fen} at depth {depth}: {} is a mate", one.0);
            assert_eq!(two.0, one.0, "{fen} at depth {depth} on two threads");
        }
    }
}

#[test]
fn a_node_limit_is_shared_by_the_threads() {
    let game = Chess::from_fen(alphabeta_core::games::chess::KIWIPETE).expect("legal");
    let config = EngineConfig { limits: Limits::nodes(40_000), tt_mib: 8, ..EngineConfig::default() };
    let thought = think(&game, &config, 2);
    let (main, helper) = (thought.iterations.iter().chain(&thought.partial), &thought.helpers[0]);
    let main_nodes: u64 = main.map(|i| i.stats.nodes_visited).sum();
    assert!(helper.nodes_visited > 0, "the helper searched");
    assert_eq!(thought.total_stats().nodes_visited, main_nodes + helper.nodes_visited, "summed over the threads");
    // Each thread stops within a stop check (1,024 nodes) of its half.
    assert!(main_nodes <= 20_000 + 1024 && helper.nodes_visited <= 20_000 + 1024, "{main_nodes} + {helper:?}");
}

/// Nodes of `plies` consecutive searches to `depth` by one thread through a shared table of `mib` MiB kept from
/// one move to the next (as Play keeps it), each search's best move played: the shared table's replacement policy
/// alone decides the difference between two versions of it, since one thread's search is deterministic.
fn nodes_through_a_shared_table<G>(game: &G, depth: u32, mib: usize, plies: usize) -> u64
where
    G: Game + Clone + MoveBits<G::Move>,
{
    let config = EngineConfig { limits: Limits::depth(depth), tt_mib: mib, ..EngineConfig::default() };
    let table = Arc::new(SharedTable::try_with_mib(mib).expect("the memory is there"));
    let memory = Memory {
        tt: SharedView::<G::Move, G>::new(table),
        orderer: MoveOrderer::new(config.ordering),
        features: config.features,
    };
    let mut engine = Engine { config, memory, shared: None };
    let mut position = game.clone();
    let mut nodes = 0;
    for _ in 0..plies {
        let thought = engine.think(&mut position, None, |_| {});
        nodes += thought.total_stats().nodes_visited;
        match thought.best_move {
            Some(mv) => position.play(mv),
            None => break,
        }
    }
    nodes
}

/// What the shared table's buckets save, in nodes (deterministic at one thread), at a small
/// table where entries compete and at the default size. A measurement for docs/benchmarks.md:
/// `cargo test -p alphabeta-core --test games shared_table_node_counts -- --ignored --nocapture` (the dev profile is optimised).
#[test]
#[ignore = "a measurement: prints node counts"]
fn shared_table_node_counts() {
    let chess = Chess::from_fen(alphabeta_core::games::chess::KIWIPETE).expect("legal");
    let c4 = ConnectFour::from_moves("4444").expect("legal");
    let othello = Othello::new(8).expect("8x8");
    let draughts = Draughts::new();
    for mib in [1, 64] {
        let rows = [
            ("chess, Kiwipete, depth 6, 6 plies", nodes_through_a_shared_table(&chess, 6, mib, 6)),
            ("Othello, start, depth 9, 10 plies", nodes_through_a_shared_table(&othello, 9, mib, 10)),
            ("draughts, start, depth 11, 10 plies", nodes_through_a_shared_table(&draughts, 11, mib, 10)),
            ("Connect Four, 4444, depth 20, 6 plies", nodes_through_a_shared_table(&c4, 20, mib, 6)),
        ];
        for (what, nodes) in rows {
            println!("{mib:>3} MiB  {what:40} {nodes:>12}");
        }
    }
}
