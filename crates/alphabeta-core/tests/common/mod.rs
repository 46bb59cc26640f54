//! Helpers shared by the integration tests: an independent minimax oracle, a leaf-collecting observer, self-play.
#![allow(dead_code)] // each test file uses a different part of this

use alphabeta_core::engine::game::{Turn, Value};
use alphabeta_core::engine::search::context::StopWhen;
use alphabeta_core::engine::search::observer::Observer;
use alphabeta_core::engine::search::{Algorithm, SearchOptions, SearchResult, search};
use alphabeta_core::tree::flat::{FlatTree, ROOT, TreePosition};
use alphabeta_core::tree::model::Tree;
use alphabeta_core::tree::notation;

/// The minimax (expectiminimax) value of every node, from MAX's point of view, computed bottom-up over the array:
/// no recursion and no engine code, so it can judge the engine.
pub fn oracle_values(flat: &FlatTree) -> Vec<Value> {
    let mut values = vec![0.0; flat.nodes.len()];
    for id in (0..flat.nodes.len()).rev() {
        let node = &flat.nodes[id];
        let children = flat.children(id as u32).map(|c| (values[c as usize], flat.node(c).probability));
        values[id] = match (node.child_count, node.turn) {
            (0, _) => node.value,
            (_, Turn::Max) => children.map(|(v, _)| v).fold(Value::NEG_INFINITY, Value::max),
            (_, Turn::Min) => children.map(|(v, _)| v).fold(Value::INFINITY, Value::min),
            (_, Turn::Chance) => children.map(|(v, p)| if p == 0.0 { 0.0 } else { p * v }).sum(),
        };
    }
    values
}

/// Collects the ids of the leaves read, in order.
#[derive(Default)]
pub struct Leaves(pub Vec<u32>);

impl<'t> Observer<TreePosition<'t>> for Leaves {
    fn leaf(&mut self, game: &TreePosition<'t>, _value: Value) {
        self.0.push(game.node);
    }
}

/// Runs one whole-tree search and returns its result with the leaves it read.
pub fn run(flat: &FlatTree, algorithm: Algorithm) -> (SearchResult<u32>, Vec<u32>) {
    let mut position = flat.root();
    let mut leaves = Leaves::default();
    let result = search(&mut position, algorithm, &SearchOptions::default(), StopWhen::default(), &mut leaves);
    assert_eq!(position.node, ROOT, "{algorithm}: the position must be restored");
    (result, leaves.0)
}

pub fn compile(text: &str) -> FlatTree {
    FlatTree::compile(&parse(text)).expect("a valid tree")
}

pub fn parse(text: &str) -> Tree {
    notation::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The paths of leaves, for readable assertions.
pub fn paths(flat: &FlatTree, ids: &[u32]) -> Vec<String> {
    ids.iter().map(|&id| flat.path_string(id)).collect()
}

/// Plays `game` to its end, every move the choice of a search to `depth` (PVS, a small table), checking that each
/// move is legal and that the game ends within `max_plies`; returns the plies played.
pub fn self_play<G>(game: &mut G, depth: u32, max_plies: usize) -> usize
where
    G: alphabeta_core::engine::game::Game + std::fmt::Display,
{
    use alphabeta_core::engine::search::deepening::{Engine, EngineConfig};
    use alphabeta_core::engine::search::limits::Limits;
    let config = EngineConfig { limits: Limits::depth(depth), tt_mib: 4, ..EngineConfig::default() };
    let mut engine = Engine::new(config);
    let mut plies = 0;
    let mut legal = Vec::new();
    while game.terminal_value().is_none() {
        let best = engine.think(game, None, |_| {}).best_move.expect("a move while the game is on");
        legal.clear();
        game.generate_moves(&mut legal);
        assert!(legal.contains(&best), "{}\n{game}", game.move_name(best));
        game.play(best);
        plies += 1;
        assert!(plies < max_plies, "the draw rules end every game within {max_plies} plies");
    }
    plies
}

/// A file or folder of the repository (`games`, `tests/data/scripts`): the tests of this crate read the
/// repository's shared files, two levels above the crate.
/// Reading one also gives the scripts' watchdog its signal, so the scripts loaded from it run as in the binaries.
pub fn repository(path: &str) -> std::path::PathBuf {
    alphabeta_core::games::script::use_signal_for_budgets();
    alphabeta_core::files::repository_folder(path)
}
