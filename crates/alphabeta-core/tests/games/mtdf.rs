//! MTD(f) on games whose values are fractional (chess's tapered evaluation, Othello's, EinStein's
//! averages over the die). Plain MTD(f) tests next at its last result, and a pass may move a bound by one ulp:
//! `search chess --algo mtdf --depth 5` made hundreds of millions of nodes without finishing depth 5. Each depth
//! must now finish, in a bounded number of passes, with the value the full-window searches find. (From the opening
//! positions of Othello and EinStein plain MTD(f) already ended in 2–4 passes a depth: there the tests guard that
//! the bisection changes no value.)

use alphabeta_core::engine::features::SearchFeatures;
use alphabeta_core::engine::search::Algorithm;
use alphabeta_core::engine::search::deepening::{Iteration, Thought};
use alphabeta_core::engine::search::limits::Limits;
use alphabeta_core::games::any::AnyMove;
use alphabeta_core::games::levels::level_config;
use alphabeta_core::games::registry::Registry;

/// Enough for every depth below with any algorithm that converges; plain MTD(f) on chess passed it within depth 4.
const NODE_LIMIT: u64 = 3_000_000;

/// What is searched: the game's level-10 settings (as `search` uses) with `algorithm`, to `depth`, with the
/// selective techniques either as the level has them or all off but the evaluation's (so every search is exact at
/// its depth and the algorithms must agree).
fn think(id: &str, algorithm: Algorithm, depth: u32, exact: bool) -> Thought<AnyMove> {
    let registry = Registry::load(&crate::common::repository("games"));
    let entry = registry.find(id).expect("a shipped game");
    let mut config = level_config(&entry.variant.ai, 10);
    config.skill = None;
    config.algorithm = algorithm;
    config.limits = Limits { depth: Some(depth), time_ms: None, nodes: Some(NODE_LIMIT) };
    if exact {
        config.features = SearchFeatures { tapered_eval: config.features.tapered_eval, ..SearchFeatures::NONE };
        config.aspiration = None;
    }
    let game = entry.variant.rules.new_game().expect("a new game");
    game.think(config).expect("no fault")
}

fn finished(id: &str, thought: &Thought<AnyMove>, depth: u32) -> Vec<Iteration<AnyMove>> {
    assert_eq!(thought.iterations.len(), depth as usize, "{id}: MTD(f) finished every depth to {depth}");
    thought.iterations.clone()
}

/// Every MTD(f) iteration ends within the passes its bisection allows: a few dozen, where each plain pass from the
/// last result could move a bound one ulp (10¹⁵ passes between two centipawns).
fn assert_few_passes(id: &str, iterations: &[Iteration<AnyMove>]) {
    for iteration in iterations {
        let passes = iteration.stats.mtd_passes;
        assert!((1..=80).contains(&passes), "{id} depth {}: {passes} passes", iteration.depth);
    }
}

fn mtdf_agrees_with_pvs(id: &str, depth: u32) {
    let mtdf = finished(id, &think(id, Algorithm::Mtdf, depth, true), depth);
    let pvs = finished(id, &think(id, Algorithm::Pvs, depth, true), depth);
    assert_few_passes(id, &mtdf);
    for (m, p) in mtdf.iter().zip(&pvs) {
        assert_eq!(m.value, p.value, "{id} depth {}: MTD(f) against PVS", m.depth);
        assert_eq!(p.stats.mtd_passes, 0, "PVS makes no MTD(f) passes");
    }
    // With the level's own techniques (what `search --algo mtdf` runs) it finishes too.
    assert_few_passes(id, &finished(id, &think(id, Algorithm::Mtdf, depth, false), depth));
}

#[test]
fn mtdf_finishes_chess_depth_5_with_the_value_of_pvs() {
    mtdf_agrees_with_pvs("chess", 5);
}

#[test]
fn mtdf_finishes_othello_with_the_value_of_pvs() {
    mtdf_agrees_with_pvs("othello", 8);
}

#[test]
fn mtdf_finishes_einstein_with_the_value_of_pvs() {
    mtdf_agrees_with_pvs("einstein", 6);
}
