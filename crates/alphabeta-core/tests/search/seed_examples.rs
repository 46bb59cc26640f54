//! The worked examples of the source documents (Hart & Edwards, MIT AI Memo 30, 1961 and its 1963 revision; the lecture
//! notes' examples) and of the notation contract (docs/tree-notation.md), as exact tests.

use crate::common;

use alphabeta_core::engine::search::Algorithm;
use alphabeta_core::engine::search::context::StopWhen;
use alphabeta_core::engine::search::observer::{Recorder, format_trace_table};
use alphabeta_core::engine::search::{SearchOptions, search};
use alphabeta_core::tree::flat::FlatTree;
use alphabeta_core::tree::generate::uniform_distinct;
use alphabeta_core::tree::order::{Ordering, levin_minimum, reorder};
use common::{compile, oracle_values, paths, run};

use alphabeta_core::tree::lab::examples::TEXTBOOK;
const MEMO_1961: &str =
    "A:(B:(E:(8 7 3) F:(9 1 2) G:(4 2 1)) C:(H:(5 3 2) I:(1 9 2) J:(6 2 1)) D:(K:(5 4 3) L:(1 1 1) M:(2 2 2)))";
const CHANCE: &str = "max( chance(0.5: min(2 4) 0.5: min(7 1))  chance(0.9: min(3 3) 0.1: min(0 9)) )";

#[test]
fn textbook_tree_prunes_the_two_leaves_after_the_two() {
    let flat = compile(TEXTBOOK);
    for algorithm in [Algorithm::Alphabeta, Algorithm::Negamax, Algorithm::Star1] {
        let (result, leaves) = run(&flat, algorithm);
        assert_eq!(result.value_for_max, 3.0);
        assert_eq!(paths(&flat, &leaves), ["0.0", "0.1", "0.2", "1.0", "2.0", "2.1", "2.2"], "{algorithm}");
        assert_eq!(result.stats.nodes_visited, 11, "{algorithm}");
        assert_eq!(result.best_move, Some(0));
        assert_eq!((result.stats.alpha_cutoffs, result.stats.beta_cutoffs, result.stats.branches_pruned), (2, 0, 2));
    }
    let (minimax, _) = run(&flat, Algorithm::Minimax);
    assert_eq!((minimax.stats.leaves_evaluated, minimax.stats.nodes_visited), (9, 13));
}

#[test]
fn memo_1961_tree_examines_27_of_40_positions() {
    let flat = compile(MEMO_1961);
    assert_eq!(flat.nodes.len(), 40);
    let (result, leaves) = run(&flat, Algorithm::Alphabeta);
    assert_eq!(result.value_for_max, 5.0);
    assert_eq!(result.stats.nodes_visited, 27, "the memo: 27 positions examined");
    assert_eq!(flat.display_name(flat.node_at(&[result.best_move.unwrap() as usize]).unwrap()), "C");
    // The memo's narrative: F is abandoned at its 9, I at its 9, J at its 6, and D after K (L and M unseen).
    let read = paths(&flat, &leaves);
    assert_eq!(
        read,
        ["0.0.0", "0.0.1", "0.0.2", "0.1.0", "0.2.0", "0.2.1", "0.2.2", "1.0.0", "1.0.1", "1.0.2", "1.1.0", "1.1.1"]
            .into_iter()
            .chain(["1.2.0", "2.0.0", "2.0.1", "2.0.2"])
            .collect::<Vec<_>>()
    );
}

#[test]
fn chance_example_is_worth_2_7() {
    let flat = compile(CHANCE);
    for algorithm in Algorithm::ALL {
        let (result, _) = run(&flat, algorithm);
        assert!((result.value_for_max - 2.7).abs() < 1e-12, "{algorithm}: {}", result.value_for_max);
        assert_eq!(result.best_move, Some(1), "{algorithm}");
    }
}

#[test]
fn perfect_ordering_meets_levins_minimum_exactly() {
    for branching in 2..=5usize {
        for depth in 1..=6usize {
            let tree = uniform_distinct(branching, depth, (branching * 10 + depth) as u64);
            let best_first = FlatTree::compile(&reorder(&tree, Ordering::BestFirst)).unwrap();
            let levin = levin_minimum(branching as u64, depth as u32);
            for algorithm in [Algorithm::Alphabeta, Algorithm::Negamax] {
                let (result, _) = run(&best_first, algorithm);
                assert_eq!(result.stats.leaves_evaluated, levin, "{algorithm} b = {branching}, d = {depth}");
            }
            // Reordering changes the order, never the value.
            assert_eq!(oracle_values(&best_first)[0], oracle_values(&FlatTree::compile(&tree).unwrap())[0]);
        }
    }
}

/// Worst-first ordering leaves no cut-off to a node's parent, so the 1961 rules (shallow pruning) evaluate every
/// leaf. Deep α-β does too up to d = 3; from d = 4 a MIN node can still fall to the root's α — a deep cut-off
/// that depends on the values, not on the order — so there it evaluates fewer, though never fewer than shallow
/// would with the best order.
#[test]
fn worst_first_ordering_evaluates_every_leaf_without_deep_cutoffs() {
    let mut deep_cutoffs_under_worst_first = 0;
    for branching in 2..=5usize {
        for depth in 1..=6usize {
            let tree = uniform_distinct(branching, depth, (branching * 10 + depth) as u64);
            let worst_first = FlatTree::compile(&reorder(&tree, Ordering::WorstFirst)).unwrap();
            let all = (branching as u64).pow(depth as u32);
            let (shallow, _) = run(&worst_first, Algorithm::Shallow);
            assert_eq!(shallow.stats.leaves_evaluated, all, "shallow worst-first b = {branching}, d = {depth}");
            let (deep, _) = run(&worst_first, Algorithm::Alphabeta);
            if depth <= 3 {
                assert_eq!(deep.stats.leaves_evaluated, all, "alphabeta worst-first b = {branching}, d = {depth}");
            }
            assert!(deep.stats.leaves_evaluated > levin_minimum(branching as u64, depth as u32) || depth == 1);
            deep_cutoffs_under_worst_first += usize::from(deep.stats.leaves_evaluated < all);
        }
    }
    assert!(deep_cutoffs_under_worst_first > 0, "the deep cut-offs this test's comment speaks of should show");
}

#[test]
fn the_memos_counts_17_of_81_and_11() {
    let tree = uniform_distinct(3, 4, 1963);
    let flat = FlatTree::compile(&reorder(&tree, Ordering::BestFirst)).unwrap();
    let (result, _) = run(&flat, Algorithm::Alphabeta);
    assert_eq!((result.stats.leaves_evaluated, flat.leaf_count), (17, 81));
    let tree = uniform_distinct(3, 3, 4);
    let flat = FlatTree::compile(&reorder(&tree, Ordering::BestFirst)).unwrap();
    assert_eq!(run(&flat, Algorithm::Alphabeta).0.stats.leaves_evaluated, 11);
}

#[test]
fn trace_table_reads_like_the_lecture() {
    let flat = compile(TEXTBOOK);
    let mut position = flat.root();
    let mut recorder = Recorder::new();
    search(&mut position, Algorithm::Alphabeta, &SearchOptions::default(), StopWhen::default(), &mut recorder);
    let rows = recorder.trace_rows(|id| {
        let path: Vec<usize> = recorder.path(id).iter().map(|&m| m as usize).collect();
        flat.display_name(flat.node_at(&path).unwrap())
    });
    let table = format_trace_table(&rows);
    let expected = "\
NODE  TYPE  ALPHA  BETA  VALUE
root  Max   -inf   +inf
0     Min   -inf   +inf
0.0   Max   3      3     3
0     Min   -inf   3
0.1   Max   12     12    12
0     Min   -inf   3
0.2   Max   8      8     8
0     Min   -inf   3     3
root  Max   3      +inf
1     Min   3      +inf
1.0   Max   2      2     2
1     Min   3      2     <=2
root  Max   3      +inf
2     Min   3      +inf
2.0   Max   14     14    14
2     Min   3      14
2.1   Max   5      5     5
2     Min   3      5
2.2   Max   2      2     2
2     Min   3      2     <=2
root  Max   3      +inf  3
";
    assert_eq!(table, expected);
}

/// The example trees shipped in games/trees/, with what alpha-beta must find in each: (file, value, leaves
/// evaluated, leaves in all, nodes visited).
const EXAMPLE_FILES: [(&str, f64, u64, usize, u64); 5] = [
    ("textbook.txt", 3.0, 7, 9, 11),
    ("memo-1961.txt", 5.0, 16, 27, 27),
    ("memo-1963-perfect-b3-n4.txt", 41.0, 17, 81, 37),
    ("perfect-b3-d3.txt", 5.0, 11, 27, 20),
    ("chance-coin.txt", 2.7, 8, 8, 15),
];

#[test]
fn example_tree_files_hold_the_seeds_counts() {
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games/trees");
    for (file, value, leaves, total, nodes) in EXAMPLE_FILES {
        let text = std::fs::read_to_string(format!("{folder}/{file}")).unwrap_or_else(|e| panic!("{file}: {e}"));
        let tree = alphabeta_core::tree::file::parse_any(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        let flat = FlatTree::compile(&tree).expect("valid");
        let (result, _) = run(&flat, Algorithm::Alphabeta);
        assert!((result.value_for_max - value).abs() < 1e-12, "{file}: value {}", result.value_for_max);
        assert_eq!((result.stats.leaves_evaluated, flat.leaf_count), (leaves, total), "{file}");
        assert_eq!(result.stats.nodes_visited, nodes, "{file}");
    }
    let shipped = std::fs::read_dir(folder).expect("games/trees").count();
    assert_eq!(shipped, EXAMPLE_FILES.len(), "every example file is checked here");
}
