//! Helpers shared by the integration tests: an independent minimax oracle, a leaf-collecting observer, and the
//! studio's binary run headless with its standard input fed.
#![allow(dead_code)] // each test file uses a different part of this

use alphabeta_studio::engine::game::{Turn, Value};
use alphabeta_studio::engine::search::context::StopWhen;
use alphabeta_studio::engine::search::observer::Observer;
use alphabeta_studio::engine::search::{Algorithm, SearchOptions, SearchResult, search};
use alphabeta_studio::tree::flat::{FlatTree, ROOT, TreePosition};
use alphabeta_studio::tree::model::Tree;
use alphabeta_studio::tree::notation;

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
    G: alphabeta_studio::engine::game::Game + std::fmt::Display,
{
    use alphabeta_studio::engine::search::deepening::{Engine, EngineConfig};
    use alphabeta_studio::engine::search::limits::Limits;
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

/// Runs the studio's binary headless with `stdin` fed from another thread (so a command that writes before it has
/// read everything cannot stall the test); (exit status, stdout, stderr).
pub fn studio(args: &[&str], stdin: impl AsRef<[u8]>) -> (i32, String, String) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_alphabeta-studio"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let input = stdin.as_ref().to_vec();
    let mut pipe = child.stdin.take().expect("stdin");
    // A command that stops reading early closes the pipe; that is not the test's concern.
    let feeder = std::thread::spawn(move || {
        let _ = std::io::Write::write_all(&mut pipe, &input);
    });
    let out = child.wait_with_output().expect("the binary ends");
    let _ = feeder.join();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}
