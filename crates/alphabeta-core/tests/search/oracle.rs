//! Every algorithm against an independent minimax oracle on thousands of seeded random trees: uniform trees full of
//! ties, unbalanced trees, and trees with chance nodes.

use crate::common;

use alphabeta_core::engine::search::Algorithm;
use alphabeta_core::tree::flat::FlatTree;
use alphabeta_core::tree::generate::{UnbalancedSpec, UniformSpec, unbalanced, uniform};
use common::{oracle_values, paths, run};

/// Uniform and unbalanced two-player trees: 1,200 of them, ties everywhere (values in −5..=5).
fn two_player_trees() -> impl Iterator<Item = (String, FlatTree)> {
    let uniform_trees = (0..600u64).map(|seed| {
        let spec = UniformSpec {
            branching: 1 + (seed % 5) as usize,
            depth: 1 + (seed / 5 % 5) as usize,
            low: -5,
            high: 5,
            seed,
        };
        (format!("{spec:?}"), FlatTree::compile(&uniform(&spec)).expect("generated trees are valid"))
    });
    let unbalanced_trees = (0..600u64).map(|seed| {
        let spec = UnbalancedSpec {
            max_branching: 2 + (seed % 4) as usize,
            max_depth: 2 + (seed / 4 % 5) as usize,
            leaf_probability: 0.3,
            low: -5,
            high: 5,
            chance: false,
            seed,
        };
        (format!("{spec:?}"), FlatTree::compile(&unbalanced(&spec)).expect("generated trees are valid"))
    });
    uniform_trees.chain(unbalanced_trees)
}

/// 1,000 unbalanced trees with chance levels (bounded values 0..=10).
fn chance_trees() -> impl Iterator<Item = (String, FlatTree)> {
    (0..1000u64).map(|seed| {
        let spec = UnbalancedSpec {
            max_branching: 2 + (seed % 3) as usize,
            max_depth: 2 + (seed / 3 % 5) as usize,
            leaf_probability: 0.25,
            low: 0,
            high: 10,
            chance: true,
            seed,
        };
        (format!("{spec:?}"), FlatTree::compile(&unbalanced(&spec)).expect("generated trees are valid"))
    })
}

#[test]
fn every_algorithm_returns_the_minimax_value_on_two_player_trees() {
    let mut trees = 0;
    for (name, flat) in two_player_trees() {
        let oracle = oracle_values(&flat);
        for algorithm in Algorithm::ALL {
            let (result, leaves) = run(&flat, algorithm);
            assert_eq!(result.value_for_max, oracle[0], "{algorithm} on {name}");
            assert!(result.complete);
            // The move it recommends really achieves the value.
            let best = result.best_move.expect("the root has moves");
            let child = flat.children(0).nth(best as usize).expect("a child of the root");
            assert_eq!(oracle[child as usize], oracle[0], "{algorithm}'s best move on {name}");
            // The counts add up.
            let s = &result.stats;
            assert_eq!(s.nodes_visited, s.interior_nodes + s.leaves_evaluated + s.tt_cutoffs, "{algorithm} {name}");
            assert_eq!(s.leaves_evaluated, leaves.len() as u64, "{algorithm} {name}");
            if !matches!(algorithm, Algorithm::Pvs | Algorithm::Mtdf) {
                // Only searches that may read a leaf twice can exceed minimax.
                assert!(s.leaves_evaluated <= flat.leaf_count as u64, "{algorithm} {name}");
            }
        }
        trees += 1;
    }
    assert_eq!(trees, 1200);
}

#[test]
fn every_algorithm_returns_the_expectiminimax_value_on_chance_trees() {
    let mut star1_saved_somewhere = false;
    for (name, flat) in chance_trees() {
        let oracle = oracle_values(&flat)[0];
        let mut leaves_of = std::collections::HashMap::new();
        for algorithm in Algorithm::ALL {
            let (result, leaves) = run(&flat, algorithm);
            assert!(
                (result.value_for_max - oracle).abs() < 1e-9,
                "{algorithm} on {name}: {} vs {oracle}",
                result.value_for_max
            );
            leaves_of.insert(algorithm, leaves.len());
        }
        assert!(leaves_of[&Algorithm::Star1] <= leaves_of[&Algorithm::Expectiminimax], "{name}");
        star1_saved_somewhere |= leaves_of[&Algorithm::Star1] < leaves_of[&Algorithm::Alphabeta];
    }
    assert!(star1_saved_somewhere, "Star1 should prune at a chance node on some tree");
}

#[test]
fn alphabeta_and_negamax_read_the_same_leaves_in_the_same_order() {
    for (name, flat) in two_player_trees().chain(chance_trees()) {
        let (_, alphabeta) = run(&flat, Algorithm::Alphabeta);
        let (_, negamax) = run(&flat, Algorithm::Negamax);
        assert_eq!(paths(&flat, &alphabeta), paths(&flat, &negamax), "{name}");
    }
}

#[test]
fn shallow_pruning_never_beats_alphabeta_and_loses_somewhere() {
    let mut deep_cutoffs_seen = 0;
    for (name, flat) in two_player_trees() {
        let (shallow, _) = run(&flat, Algorithm::Shallow);
        let (deep, _) = run(&flat, Algorithm::Alphabeta);
        assert!(shallow.stats.leaves_evaluated >= deep.stats.leaves_evaluated, "{name}");
        deep_cutoffs_seen += usize::from(shallow.stats.leaves_evaluated > deep.stats.leaves_evaluated);
    }
    assert!(deep_cutoffs_seen > 10, "deep cut-offs should matter on many trees, saw {deep_cutoffs_seen}");
}

#[test]
fn a_node_limit_stops_the_search_and_says_so() {
    let spec = UniformSpec { branching: 4, depth: 8, low: -9, high: 9, seed: 7 };
    let flat = FlatTree::compile(&uniform(&spec)).expect("valid");
    let mut position = flat.root();
    let stop = alphabeta_core::engine::search::context::StopWhen { node_limit: Some(5000), ..Default::default() };
    let result = alphabeta_core::engine::search::search(
        &mut position,
        Algorithm::Alphabeta,
        &Default::default(),
        stop,
        &mut alphabeta_core::engine::search::observer::NoObserver,
    );
    assert!(!result.complete);
    assert!(result.stats.nodes_visited <= 5000 + 1024, "stopped within one check interval");
    assert_eq!(position.node, 0, "the position is restored even after a stop");
}
