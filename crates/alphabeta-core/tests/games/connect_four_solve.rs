//! The Connect Four solver against Pascal Pons' test sets (tests/data/connect4): exact scores for a seeded
//! sample of four sets with both drivers, the right sign with the weak solver, and the game's search hooks
//! (win-in-one, value range, non-losing moves) checked against plain search.

use alphabeta_core::engine::features::SearchFeatures;
use alphabeta_core::engine::game::Game;
use alphabeta_core::engine::search::alphabeta_memory::Memory;
use alphabeta_core::engine::search::context::StopWhen;
use alphabeta_core::engine::search::observer::NoObserver;
use alphabeta_core::engine::search::ordering::MoveOrderer;
use alphabeta_core::engine::search::tt::{Entry, TranspositionTable};
use alphabeta_core::engine::search::{Algorithm, SearchOptions, search};
use alphabeta_core::games::connect_four::ConnectFour;
use alphabeta_core::games::connect_four::solve::{Driver, Method, Solution, parse_ordering, solve};
use alphabeta_core::games::connect_four::solver_table::SolverTable;
use std::sync::Arc;

/// Every `step`-th line of a set, starting at `offset`: (line number, moves, score).
fn sample(set: &str, step: usize, offset: usize) -> Vec<(usize, String, i32)> {
    let path = format!("{}/../../tests/data/connect4/{set}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .enumerate()
        .skip(offset)
        .step_by(step)
        .map(|(i, line)| {
            let mut parts = line.split_whitespace();
            let moves = parts.next().expect("moves").to_string();
            let score = parts.next().and_then(|s| s.parse().ok()).expect("score");
            (i + 1, moves, score)
        })
        .collect()
}

fn memory() -> Memory<u8> {
    Memory::new(16, parse_ordering("hash,hints").expect("valid ordering"))
}

/// The memory `solve` uses by default: the solver's own table, eight entries to a bucket.
fn bucket_memory(buckets: usize) -> Memory<u8, Arc<SolverTable>> {
    Memory {
        tt: Arc::new(SolverTable::with_buckets(buckets)),
        orderer: MoveOrderer::new(parse_ordering("hash,hints").expect("valid ordering")),
        features: SearchFeatures::NONE,
    }
}

#[test]
fn exact_scores_on_a_sample_of_four_sets() {
    let (mut slots, mut buckets) = (memory(), bucket_memory(1 << 18));
    for (set, step) in [("Test_L3_R1", 20), ("Test_L2_R1", 25), ("Test_L2_R2", 50), ("Test_L1_R1", 40)] {
        for (line, moves, score) in sample(set, step, 7) {
            for driver in [Driver::Bisection, Driver::Mtdf] {
                let mut position = ConnectFour::from_moves(&moves).expect("a legal position");
                let solution = solve(&mut position, &mut slots, Method::exact(driver));
                assert_eq!(solution.score, score, "{set} line {line} ({moves}) with {driver:?}");
                assert_eq!(position, ConnectFour::from_moves(&moves).expect("legal"), "the position is restored");
                let solution = solve(&mut position, &mut buckets, Method::exact(driver));
                assert_eq!(solution.score, score, "{set} line {line} ({moves}) with {driver:?}, solver's table");
            }
        }
    }
}

/// The solver written for the 7 × 6 board is the general α-β with memory, node for node: on samples of five of
/// Pons' sets, with both drivers and the weak solver, over the engine's table (which keeps moves, so the table's move
/// orders) and a small solver's table (full, so its replacement decides what is kept), the same score and the same
/// node count.
#[test]
fn the_bitboard_solver_visits_the_nodes_the_general_search_visits() {
    let (mut slots, mut buckets) = (memory(), bucket_memory(1 << 11));
    let methods = [Method::exact(Driver::Bisection), Method::exact(Driver::Mtdf), Method::weak(Driver::Bisection)];
    let mut compared = 0;
    for (set, step) in
        [("Test_L3_R1", 50), ("Test_L2_R1", 50), ("Test_L2_R2", 100), ("Test_L1_R1", 50), ("Test_L1_R2", 500)]
    {
        for (line, moves, _) in sample(set, step, 13) {
            for method in methods {
                let general = Method { general: true, ..method };
                let mut twice = |solve: &mut dyn FnMut(&mut ConnectFour, Method) -> Solution| {
                    let mut position = ConnectFour::from_moves(&moves).expect("legal");
                    let (fast, slow) = (solve(&mut position, method), solve(&mut position, general));
                    assert_eq!(
                        (fast.score, fast.nodes),
                        (slow.score, slow.nodes),
                        "{set} line {line} ({moves}), {method:?}"
                    );
                    compared += fast.nodes;
                };
                twice(&mut |position, method| solve(position, &mut slots, method));
                twice(&mut |position, method| solve(position, &mut buckets, method));
            }
        }
    }
    assert!(compared > 1_000_000, "{compared} nodes compared");
}

/// At equal bytes the solver's table holds four times the positions of the engine's, so when the table
/// is too small for the search it finds the same scores in fewer nodes (here 256 KiB against Middle-Medium
/// positions of some 40,000 nodes).
#[test]
fn the_solvers_table_finds_the_same_scores_in_fewer_nodes() {
    let bytes = 256 << 10;
    let mut slots = Memory { tt: TranspositionTable::with_slots(bytes / size_of::<Option<Entry<u8>>>()), ..memory() };
    let mut buckets = bucket_memory(bytes / 64);
    let (mut slot_nodes, mut bucket_nodes) = (0, 0);
    for (line, moves, score) in sample("Test_L2_R2", 50, 3) {
        let in_slots =
            solve(&mut ConnectFour::from_moves(&moves).expect("legal"), &mut slots, Method::exact(Driver::Bisection));
        let in_buckets =
            solve(&mut ConnectFour::from_moves(&moves).expect("legal"), &mut buckets, Method::exact(Driver::Bisection));
        assert_eq!((in_slots.score, in_buckets.score), (score, score), "line {line} ({moves})");
        slot_nodes += in_slots.nodes;
        bucket_nodes += in_buckets.nodes;
    }
    assert!(bucket_nodes * 10 < slot_nodes * 9, "{bucket_nodes} nodes with buckets, {slot_nodes} with slots");
}

#[test]
fn the_weak_solver_gets_the_sign() {
    let mut memory = memory();
    for (set, step) in [("Test_L2_R1", 20), ("Test_L1_R1", 25)] {
        for (line, moves, score) in sample(set, step, 3) {
            let mut position = ConnectFour::from_moves(&moves).expect("legal");
            let solution = solve(&mut position, &mut memory, Method::weak(Driver::Bisection));
            assert_eq!(solution.score, score.signum(), "{set} line {line} ({moves})");
        }
    }
}

/// The hooks only the game search uses must agree with what plain search proves.
#[test]
fn search_hooks_tell_the_truth() {
    for (line, moves, score) in sample("Test_L3_R1", 10, 0) {
        let position = ConnectFour::from_moves(&moves).expect("legal");
        let value = f64::from(score);
        if let Some(known) = position.immediate_value() {
            assert_eq!(known, value, "line {line}: a win in one is the position's value");
        } else if let Some((low, high)) = position.value_range() {
            assert!(low <= value && value <= high, "line {line}: {value} outside [{low}, {high}]");
        }
        // Dropping moves must keep the value: the best kept move is as good as the best legal one.
        let mut kept = Vec::new();
        position.generate_search_moves(&mut kept);
        let mut legal = Vec::new();
        position.generate_moves(&mut legal);
        assert!(!kept.is_empty() && kept.iter().all(|m| legal.contains(m)), "line {line}");
        let best_kept = kept
            .iter()
            .map(|&mv| {
                let mut child = position;
                child.play(mv);
                let options = SearchOptions::default();
                -search(&mut child, Algorithm::Negamax, &options, StopWhen::default(), &mut NoObserver).value
            })
            .fold(f64::NEG_INFINITY, f64::max);
        if position.immediate_value().is_none() {
            assert_eq!(best_kept, value, "line {line}: the kept moves reach the value");
        }
    }
}

#[test]
fn plain_negamax_agrees_on_end_positions() {
    let mut memory = memory();
    for (line, moves, score) in sample("Test_L3_R1", 50, 11) {
        let mut position = ConnectFour::from_moves(&moves).expect("legal");
        assert_eq!(
            solve(&mut position, &mut memory, Method::exact(Driver::Plain)).score,
            score,
            "line {line} ({moves})"
        );
    }
}

/// The depth-limit guess must never look like a proven score: strictly inside (−1, 1) in every position reached by
/// seeded random play, on three board sizes.
#[test]
fn the_evaluation_stays_inside_one() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for (width, height) in [(7, 6), (8, 7), (9, 6)] {
        for _game in 0..200 {
            let mut position = ConnectFour::new(width, height).expect("fits");
            while position.terminal_value().is_none() {
                let value = position.evaluate();
                assert!(value.abs() < 1.0, "{value} in\n{position}");
                let mut moves = Vec::new();
                position.generate_moves(&mut moves);
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                position.play(moves[(seed % moves.len() as u64) as usize]);
            }
        }
    }
}

/// Pons' protocol clears the table before each position: solving a position again over the same memory must cost
/// exactly what it cost the first time (a table that kept anything would answer at once from the root's entry).
#[test]
fn each_solve_starts_from_an_empty_table() {
    let (mut slots, mut buckets) = (memory(), bucket_memory(1 << 18));
    for (line, moves, score) in sample("Test_L2_R2", 100, 5) {
        let twice = |solve: &mut dyn FnMut(&mut ConnectFour) -> Solution| {
            let first = solve(&mut ConnectFour::from_moves(&moves).expect("legal"));
            let again = solve(&mut ConnectFour::from_moves(&moves).expect("legal"));
            assert_eq!((first.score, again.score), (score, score), "line {line}");
            assert!(first.nodes > 100, "line {line}: a real search, {} nodes", first.nodes);
            assert_eq!(again.nodes, first.nodes, "line {line}: the second solve saw the first one's table");
        };
        twice(&mut |position| solve(position, &mut slots, Method::exact(Driver::Bisection)));
        twice(&mut |position| solve(position, &mut buckets, Method::exact(Driver::Bisection)));
    }
}
