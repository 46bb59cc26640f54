//! The iterative-deepening driver against depth-limited minimax on random trees: every iteration's value must be
//! minimax's at that depth (the table carries knowledge between iterations and must never carry a wrong one),
//! whatever the algorithm, ordering or aspiration window.

use crate::common;

use alphabeta_core::engine::features::SearchFeatures;
use alphabeta_core::engine::search::context::StopWhen;
use alphabeta_core::engine::search::deepening::{Engine, EngineConfig};
use alphabeta_core::engine::search::limits::Limits;
use alphabeta_core::engine::search::observer::NoObserver;
use alphabeta_core::engine::search::ordering::OrderingOptions;
use alphabeta_core::engine::search::{Algorithm, SearchOptions, search};
use alphabeta_core::tree::flat::FlatTree;
use alphabeta_core::tree::generate::{UnbalancedSpec, UniformSpec, unbalanced, uniform};
use common::oracle_values;
use std::sync::atomic::AtomicBool;

fn random_tree(seed: u64, chance: bool) -> FlatTree {
    let spec = UnbalancedSpec {
        max_branching: 2 + (seed % 4) as usize,
        max_depth: 3 + (seed / 4 % 4) as usize,
        leaf_probability: 0.2,
        low: -20,
        high: 20,
        chance,
        seed,
    };
    FlatTree::compile(&unbalanced(&spec)).expect("valid")
}

fn minimax_at(flat: &FlatTree, depth: u32) -> f64 {
    let options = SearchOptions { depth: Some(depth), ..SearchOptions::default() };
    search(&mut flat.root(), Algorithm::Minimax, &options, StopWhen::default(), &mut NoObserver).value
}

fn configs() -> Vec<EngineConfig> {
    let mut configs = Vec::new();
    for algorithm in [Algorithm::Negamax, Algorithm::Pvs, Algorithm::Mtdf, Algorithm::Alphabeta] {
        for (ordering, aspiration) in
            [(OrderingOptions::default(), None), (OrderingOptions::NONE, None), (OrderingOptions::default(), Some(3.0))]
        {
            configs.push(EngineConfig {
                algorithm,
                limits: Limits::NONE,
                tt_mib: 1,
                ordering,
                aspiration,
                iterative_deepening: true,
                skill: None,
                features: SearchFeatures::NONE,
                threads: 1,
            });
        }
    }
    configs
}

/// On a uniform tree every line meets the horizon at the same depth, so no subtree is solved before the last
/// iteration and each iteration must give exactly depth-limited minimax's value.
#[test]
fn every_iteration_equals_depth_limited_minimax_on_uniform_trees() {
    for seed in 0..120u64 {
        let spec = UniformSpec {
            branching: 2 + (seed % 4) as usize,
            depth: 2 + (seed / 4 % 4) as usize,
            low: -9,
            high: 9,
            seed,
        };
        let flat = FlatTree::compile(&uniform(&spec)).expect("valid");
        for config in configs() {
            let thought = Engine::new(config.clone()).think(&mut flat.root(), None, |_| {});
            assert_eq!(thought.iterations.len(), spec.depth, "{spec:?} {config:?}");
            for iteration in &thought.iterations {
                let expected = minimax_at(&flat, iteration.depth);
                assert_eq!(iteration.value, expected, "{spec:?} {config:?} depth {}", iteration.depth);
                assert_eq!(iteration.exact, iteration.depth as usize == spec.depth, "{spec:?} {config:?}");
            }
        }
    }
}

/// On uneven trees (with chance nodes too) lines solved early are remembered as final, so an iteration may know
/// more than depth-limited minimax; what must hold is that deepening ends exactly when the tree is solved, with
/// its true value and a move that achieves it.
#[test]
fn deepening_solves_uneven_trees() {
    for seed in 0..300 {
        let flat = random_tree(seed, seed % 3 == 0);
        let truth = oracle_values(&flat)[0];
        for config in configs() {
            let mut engine = Engine::new(config.clone());
            let mut position = flat.root();
            let mut reported = 0;
            let thought = engine.think(&mut position, None, |_| reported += 1);
            assert_eq!(position.node, 0);
            assert_eq!(reported, thought.iterations.len(), "every iteration is reported");
            let last = thought.last().expect("at least one iteration");
            assert!(last.exact, "seed {seed} {config:?}: deepening stops when the tree is solved");
            assert!((last.value - truth).abs() < 1e-9, "seed {seed} {config:?}");
            assert_eq!(thought.iterations.iter().filter(|i| i.exact).count(), 1, "seed {seed} {config:?}");
            assert!(thought.partial.is_none());
            let best = thought.best_move.expect("a move");
            let child = flat.children(0).nth(best as usize).expect("a child");
            assert!((oracle_values(&flat)[child as usize] - truth).abs() < 1e-9, "seed {seed} {config:?}");
        }
    }
}

#[test]
fn a_depth_limit_and_no_deepening_search_once() {
    let flat = random_tree(11, false);
    let config =
        EngineConfig { limits: Limits::depth(2), iterative_deepening: false, tt_mib: 1, ..EngineConfig::default() };
    let thought = Engine::new(config).think(&mut flat.root(), None, |_| {});
    assert_eq!(thought.iterations.len(), 1);
    assert_eq!(thought.iterations[0].depth, 2);
    assert_eq!(thought.iterations[0].value, minimax_at(&flat, 2));
}

#[test]
fn a_stop_request_ends_the_search_and_keeps_the_last_complete_iteration() {
    // Solving needs at least Levin's minimum, 6⁴ + 6⁴ − 1 = 2,591 leaves: a 2,000-node budget must cut it short.
    let spec = UniformSpec { branching: 6, depth: 8, low: -50, high: 50, seed: 5 };
    let flat = FlatTree::compile(&uniform(&spec)).expect("valid");
    let config = EngineConfig { limits: Limits::nodes(2_000), tt_mib: 1, ..EngineConfig::default() };
    let thought = Engine::new(config).think(&mut flat.root(), None, |_| {});
    let partial = thought.partial.as_ref().expect("cut short");
    assert!(!partial.complete && !partial.exact);
    assert!(thought.total_stats().nodes_visited <= 2_000 + 1024);
    assert!(!thought.iterations.is_empty() && thought.best_move == thought.last().and_then(|i| i.best_move));
    // A stop flag already set ends it at the first check, with a legal move still offered.
    let stop = AtomicBool::new(true);
    let config = EngineConfig { limits: Limits::NONE, tt_mib: 1, ..EngineConfig::default() };
    let thought = Engine::new(config).think(&mut flat.root(), Some(&stop), |_| {});
    assert!(thought.best_move.is_some());
    assert!(thought.total_stats().nodes_visited <= 2048);
}
