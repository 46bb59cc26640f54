//! Games written as Lua scripts (`games/*.lua`): the scripted twins of tic-tac-toe and Connect Four against the
//! compiled families (perft, game values), Kalah's perft against a small independent Rust Kalah written here, Hex's
//! perft against the count no win can cut short (49 · 48 · 47 …), Nim against Bouton's xor rule, the dice game's
//! expectiminimax against Star1, and every search against minimax where a side moves twice in a row (scripts that
//! go wrong are `script_faults.rs`). The speed benchmark is at the bottom
//! (`cargo test -p alphabeta-core --release --test games -- --ignored --nocapture scripts::`).

use alphabeta_core::engine::game::{Game, Turn, Value};
use alphabeta_core::engine::hash::mix64;
use alphabeta_core::engine::search::context::StopWhen;
use alphabeta_core::engine::search::deepening::{Engine, EngineConfig};
use alphabeta_core::engine::search::limits::Limits;
use alphabeta_core::engine::search::observer::NoObserver;
use alphabeta_core::engine::search::{Algorithm, SearchOptions, search};
use alphabeta_core::games::connect_four::ConnectFour;
use alphabeta_core::games::mnk::Mnk;
use alphabeta_core::games::perft;
use alphabeta_core::games::script::board::Click;
use alphabeta_core::games::script::{Script, ScriptGame};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::PathBuf;
use std::sync::Arc;

pub(crate) fn games_dir() -> PathBuf {
    crate::common::repository("games")
}

pub(crate) fn script(id: &str) -> Arc<Script> {
    let path = games_dir().join(format!("{id}.lua"));
    Script::load(&path).unwrap_or_else(|e| panic!("{id}: {e}"))
}

pub(crate) fn new_game(id: &str) -> ScriptGame {
    script(id).new_game().unwrap_or_else(|e| panic!("{id}: {e}"))
}

/// A script given as text, named `games/test.lua` in messages.
pub(crate) fn from_text(text: &str) -> Result<Arc<Script>, String> {
    Script::from_source("games/test.lua", "test", text.to_owned()).map_err(|e| e.message)
}

fn value_of<G: Game>(game: &mut G, algorithm: Algorithm, depth: Option<u32>) -> Value {
    let options = SearchOptions { depth, ..SearchOptions::default() };
    search(game, algorithm, &options, StopWhen::default(), &mut NoObserver).value
}

/// Plays `moves` (the compiled game's numbers, which the scripted twin shares) on both.
fn play_both<C: Game<Move = u8>>(compiled: &mut C, scripted: &mut ScriptGame, moves: &[u8]) {
    for &mv in moves {
        compiled.play(mv);
        scripted.try_play(i64::from(mv)).expect("the twin accepts the compiled game's move");
    }
}

/// Random lines of `plies` moves from the start that do not end the game, from a seeded generator.
fn random_lines<C: Game<Move = u8> + Clone>(start: &C, count: usize, plies: usize, seed: u64) -> Vec<Vec<u8>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut lines = Vec::new();
    while lines.len() < count {
        let mut game = start.clone();
        let mut line = Vec::new();
        for _ in 0..plies {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            game.play(mv);
            line.push(mv);
        }
        if line.len() == plies && game.terminal_value().is_none() {
            lines.push(line);
        }
    }
    lines
}

#[test]
fn scripted_tic_tac_toe_has_the_compiled_perft_at_every_depth() {
    let mut compiled = Mnk::new(3, 3, 3).expect("3,3,3 is a game");
    let mut scripted = new_game("tic-tac-toe-script");
    for depth in 0..=9 {
        assert_eq!(perft(&mut scripted, depth), perft(&mut compiled, depth), "depth {depth}");
    }
    assert_eq!(perft(&mut scripted, 9), 255_168);
}

#[test]
fn scripted_connect_four_has_the_compiled_perft_to_depth_7() {
    let mut compiled = ConnectFour::new(7, 6).expect("7 × 6 is a board");
    let mut scripted = new_game("connect-four-script");
    for depth in 0..=7 {
        assert_eq!(perft(&mut scripted, depth), perft(&mut compiled, depth), "depth {depth}");
    }
    // A position with stones down, so wins cut the tree short.
    let line = random_lines(&compiled, 1, 20, 7).remove(0);
    play_both(&mut compiled, &mut scripted, &line);
    for depth in 1..=6 {
        assert_eq!(perft(&mut scripted, depth), perft(&mut compiled, depth), "after {line:?}, depth {depth}");
    }
}

#[test]
fn scripted_tic_tac_toe_has_the_compiled_values() {
    let start = Mnk::new(3, 3, 3).expect("3,3,3 is a game");
    for plies in 0..=6 {
        for line in random_lines(&start, 4, plies, 11 + plies as u64) {
            let mut compiled = start.clone();
            let mut scripted = new_game("tic-tac-toe-script");
            play_both(&mut compiled, &mut scripted, &line);
            for depth in [Some(1), Some(2), Some(3), None] {
                let want = value_of(&mut compiled, Algorithm::Alphabeta, depth);
                let got = value_of(&mut scripted, Algorithm::Alphabeta, depth);
                assert!((want - got).abs() < 1e-9, "after {line:?} at depth {depth:?}: script {got}, compiled {want}");
            }
        }
    }
}

#[test]
fn scripted_connect_four_has_the_compiled_values() {
    let start = ConnectFour::new(7, 6).expect("7 × 6 is a board");
    // Depth-limited values early on (the evaluations agree), exact values late in the game.
    for (plies, depth) in [(6, Some(3)), (12, Some(4)), (30, None)] {
        for line in random_lines(&start, 3, plies, 100 + plies as u64) {
            let mut compiled = start;
            let mut scripted = new_game("connect-four-script");
            play_both(&mut compiled, &mut scripted, &line);
            let want = value_of(&mut compiled, Algorithm::Alphabeta, depth);
            let got = value_of(&mut scripted, Algorithm::Alphabeta, depth);
            assert!((want - got).abs() < 1e-9, "after {line:?} at depth {depth:?}: script {got}, compiled {want}");
            assert_eq!(scripted.history().len(), plies, "the search put the position back");
        }
    }
}

/// Kalah written again, independently, in Rust: pits 0–5 South's, 6 South's store, 7–12 North's, 13 North's store.
#[derive(Clone)]
struct Kalah {
    pits: [u8; 14],
    north: bool,
    over: bool,
}

impl Kalah {
    fn new() -> Kalah {
        let mut pits = [4; 14];
        pits[6] = 0;
        pits[13] = 0;
        Kalah { pits, north: false, over: false }
    }

    fn moves(&self) -> Vec<usize> {
        let base = if self.north { 7 } else { 0 };
        if self.over { Vec::new() } else { (1..=6).filter(|m| self.pits[base + m - 1] > 0).collect() }
    }

    fn play(&mut self, m: usize) {
        let (base, store, other_store) = if self.north { (7, 13, 6) } else { (0, 6, 13) };
        let mut pit = base + m - 1;
        let mut seeds = std::mem::take(&mut self.pits[pit]);
        while seeds > 0 {
            pit = (pit + 1) % 14;
            if pit != other_store {
                self.pits[pit] += 1;
                seeds -= 1;
            }
        }
        let mine = (base..base + 6).contains(&pit);
        if pit != store {
            if mine && self.pits[pit] == 1 && self.pits[12 - pit] > 0 {
                self.pits[store] += 1 + self.pits[12 - pit];
                self.pits[pit] = 0;
                self.pits[12 - pit] = 0;
            }
            self.north = !self.north;
        }
        let south: u8 = self.pits[0..6].iter().sum();
        let north: u8 = self.pits[7..13].iter().sum();
        if south == 0 || north == 0 {
            self.over = true;
            self.pits[6] += south;
            self.pits[13] += north;
            self.pits[0..6].fill(0);
            self.pits[7..13].fill(0);
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        let moves = self.moves();
        if depth == 0 || moves.is_empty() {
            return 1;
        }
        moves
            .iter()
            .map(|&m| {
                let mut child = self.clone();
                child.play(m);
                child.perft(depth - 1)
            })
            .sum()
    }
}

#[test]
fn kalah_perft_matches_an_independent_implementation() {
    let mut scripted = new_game("kalah");
    let reference = Kalah::new();
    for depth in 0..=7 {
        assert_eq!(perft(&mut scripted, depth), reference.perft(depth), "depth {depth}");
    }
    // Deeper into a game, where captures, extra turns and the end occur.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for game_number in 0..4 {
        let mut scripted = new_game("kalah");
        let mut reference = Kalah::new();
        for _ in 0..(10 + 6 * game_number) {
            let moves = reference.moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            reference.play(m);
            scripted.try_play(m as i64).expect("the reference's move is legal in the script");
            assert_eq!(scripted.turn() == Turn::Min, reference.north, "whose turn, game {game_number}");
        }
        for depth in 1..=5 {
            assert_eq!(perft(&mut scripted, depth), reference.perft(depth), "game {game_number}, depth {depth}");
        }
    }
}

#[test]
fn hex_perft_is_the_falling_factorial_and_games_end_with_one_winner() {
    let mut hex = new_game("hex");
    // No side can join its edges with fewer than 7 stones, so no game ends before ply 13: perft is 49 · 48 · …
    let mut expected = 1;
    for depth in 0..=3 {
        assert_eq!(perft(&mut hex, depth), expected, "depth {depth}");
        expected *= 49 - u64::from(depth);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..20 {
        let mut game = new_game("hex");
        loop {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            game.play(moves[rng.random_range(0..moves.len())]);
        }
        let plies = game.history().len();
        let result = game.result().expect("a finished game has a result");
        assert!((13..=49).contains(&plies), "a game of {plies} plies");
        // The player who made the last move won.
        assert_eq!(result > 0.0, plies % 2 == 1, "after {plies} plies the result is {result}");
    }
    // Red's straight line down column a, Blue's stones elsewhere: Red wins with the 13th stone.
    let mut game = new_game("hex");
    for row in 0..7 {
        game.try_play(row * 7 + 1).expect("a free cell");
        if row < 6 {
            game.try_play(row * 7 + 4).expect("a free cell");
        }
    }
    assert_eq!(game.result(), Some(1.0 - 13.0 / 100.0));
}

/// Hex's distance to a win, computed here independently of the script: the fewest empty cells on a chain of cells
/// from one of `colour`'s edges to the other (its own stones free, the opponent's blocking), by relaxing every cell
/// until nothing changes. Red (1) joins the top and bottom rows, Blue (2) the left and right columns.
fn hex_distance(cells: &[u8; 49], colour: u8) -> u32 {
    const INF: u32 = 1000;
    let along = |i: usize| if colour == 1 { i / 7 } else { i % 7 };
    let mut dist = [INF; 49];
    loop {
        let mut changed = false;
        for i in 0..49 {
            let cost = match cells[i] {
                0 => 1,
                c if c == colour => 0,
                _ => continue,
            };
            let (row, column) = ((i / 7) as i32, (i % 7) as i32);
            let mut best = if along(i) == 0 { 0 } else { INF };
            for (dr, dc) in [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)] {
                let (r, c) = (row + dr, column + dc);
                if (0..7).contains(&r) && (0..7).contains(&c) {
                    best = best.min(dist[(r * 7 + c) as usize]);
                }
            }
            if best < INF && best + cost < dist[i] {
                dist[i] = best + cost;
                changed = true;
            }
        }
        if !changed {
            return (0..49).filter(|&i| along(i) == 6).map(|i| dist[i]).min().unwrap_or(INF);
        }
    }
}

/// The Hex script's evaluation (a search in Lua made fast: in place, working tables reused) against the distance
/// computed above, on every position of seeded random games; and α-β against minimax on its positions, which
/// exercises `undo`.
#[test]
fn hex_evaluation_is_the_difference_of_the_distances_to_a_win() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut compared = 0;
    for game_number in 0..12 {
        let mut game = new_game("hex");
        let mut cells = [0u8; 49];
        while game.terminal_value().is_none() {
            let (red, blue) = (hex_distance(&cells, 1), hex_distance(&cells, 2));
            let expected = ((f64::from(blue) - f64::from(red)) / 20.0).clamp(-0.5, 0.5);
            let sign = if game.turn() == Turn::Max { 1.0 } else { -1.0 };
            assert_eq!(game.evaluate(), sign * expected, "game {game_number} after {:?}", game.history());
            compared += 1;
            if game_number < 2 && game.history().len() == 20 {
                let mut copy = game.clone();
                let by_minimax = value_of(&mut copy, Algorithm::Minimax, Some(2));
                assert_eq!(value_of(&mut game, Algorithm::Alphabeta, Some(2)), by_minimax);
                assert_eq!(game.history().len(), 20, "the search took back every move it played");
            }
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            cells[(mv - 1) as usize] = if game.turn() == Turn::Max { 1 } else { 2 };
            game.try_play(mv).expect("a listed move");
        }
    }
    assert!(compared > 12 * 13, "{compared} positions compared");
}

/// What the studio reads of a script — whose turn, the result, the key (as the position's hash), the moves and the
/// evaluation — at every position of `games` seeded random games and at every child of those positions (played and
/// taken back, as a search does), folded into one number; and how many positions were evaluated.
fn fingerprint(id: &str, games: usize, seed: u64) -> (u64, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut folded, mut evaluated) = (0u64, 0);
    let mut fold = |x: u64| folded = mix64(folded ^ x);
    for _ in 0..games {
        let mut game = new_game(id);
        loop {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            fold(moves.len() as u64);
            if moves.is_empty() {
                fold(game.terminal_value().expect("no moves: over").to_bits());
                break;
            }
            for &mv in &moves {
                game.play(mv);
                fold(mv as u64 ^ (u64::from(game.turn() == Turn::Max) << 32));
                fold(game.position_hash());
                match game.terminal_value() {
                    Some(value) => fold(value.to_bits()),
                    None => {
                        fold(game.evaluate().to_bits());
                        evaluated += 1;
                    }
                }
                game.undo(mv);
            }
            game.play(moves[rng.random_range(0..moves.len())]);
        }
        assert!(game.fault().is_none(), "{id}: {:?}", game.fault());
    }
    (folded, evaluated)
}

/// What a search found: the nodes it visited (every iteration's), its value and its best move.
type Searched = (u64, Value, Option<i64>);

/// Hex's and Kalah's scripts were made faster (Hex's evaluation grows its shortest paths as bit sets, Kalah sows
/// runs of pits) without changing what they answer: the numbers below were taken from the scripts before that
/// change. A changed evaluation, key or move list changes the fingerprint; a search that visits other nodes (its
/// table hashes the keys) changes the node counts, which the ladders (`games/*.ladder.ron`) replay on.
#[test]
fn hex_and_kalah_answer_what_their_scripts_answered_before_they_were_made_faster() {
    let fingerprints =
        [("hex", 40, 3, (14_776_242_995_626_307_373, 47_094)), ("kalah", 120, 4, (13_280_095_981_519_502_115, 21_977))];
    for (id, games, seed, expected) in fingerprints {
        assert_eq!(fingerprint(id, games, seed), expected, "{id}: the fingerprint and the positions evaluated");
    }
    let searches: [(&str, &[i64], u32, Searched); 6] = [
        ("hex", &[], 3, (3055, 0.05, Some(2))),
        ("hex", &[25, 18, 32], 3, (2605, 0.05, Some(19))),
        ("hex", &[1, 49, 7, 43, 24, 26, 17, 33, 10, 40], 3, (1991, 0.1, Some(3))),
        ("kalah", &[], 10, (20_671, 5.0, Some(6))),
        ("kalah", &[3, 6, 2], 10, (22_412, -7.0, Some(1))),
        ("kalah", &[6, 2, 5, 1, 4, 3, 6], 10, (23_269, 3.0, Some(4))),
    ];
    for (id, line, depth, expected) in searches {
        let mut game = new_game(id);
        for &mv in line {
            game.try_play(mv).expect("a legal move");
        }
        let config = EngineConfig { limits: Limits::depth(depth), tt_mib: 16, ..EngineConfig::default() };
        let thought = Engine::new(config).think(&mut game, None, |_| {});
        let nodes: u64 = thought.iterations.iter().map(|i| i.stats.nodes_visited).sum();
        let last = thought.iterations.last().expect("a complete iteration");
        assert_eq!((nodes, last.value, last.best_move), expected, "{id} after {line:?}, depth {depth}");
    }
}

/// Bouton's rule: in normal play the player to move loses exactly when the xor of the heaps is 0; in misère play
/// the same, except when no heap holds two or more: then the player to move loses with an odd number of heaps.
fn nim_mover_wins(heaps: &[i64], misere: bool) -> bool {
    let xor = heaps.iter().fold(0, |x, &h| x ^ h);
    if misere && heaps.iter().all(|&h| h <= 1) { xor == 0 } else { xor != 0 }
}

fn nim_heaps(game: &ScriptGame) -> Vec<i64> {
    // The heaps are what the start's were, less what the moves took.
    let mut heaps = vec![3, 4, 5];
    for &mv in game.history() {
        heaps[(mv / 100 - 1) as usize] -= mv % 100;
    }
    heaps
}

#[test]
fn nim_values_follow_the_xor_rule() {
    let misere_text = std::fs::read_to_string(games_dir().join("nim.lua"))
        .expect("nim.lua is readable")
        .replace("misere = false", "misere = true");
    let misere = Script::from_source("games/nim.lua", "nim", misere_text).expect("misère Nim loads");
    for (script, is_misere) in [(script("nim"), false), (misere, true)] {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        for _ in 0..25 {
            let mut game = script.new_game().expect("Nim starts");
            for _ in 0..rng.random_range(0..6) {
                let mut moves = Vec::new();
                game.generate_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                game.play(moves[rng.random_range(0..moves.len())]);
            }
            let heaps = nim_heaps(&game);
            let value = if game.result().is_some() {
                game.terminal_value().expect("over")
            } else {
                let config = EngineConfig { limits: Limits::depth(40), tt_mib: 4, ..EngineConfig::default() };
                Engine::new(config).think(&mut game, None, |_| {}).iterations.last().expect("an iteration").value
            };
            assert_eq!(value > 0.0, nim_mover_wins(&heaps, is_misere), "heaps {heaps:?}, misère {is_misere}");
            assert_eq!(value.abs(), 1.0, "heaps {heaps:?}: a solved game");
        }
    }
}

/// `id`'s script without its `key` function: positions are then hashed by the moves that led to them, so the
/// table never joins transpositions reached at different depths — which legitimately changes a depth-limited value
/// (a deeper result is reused) and would hide what these tests compare.
fn without_key(id: &str) -> Arc<Script> {
    let path = games_dir().join(format!("{id}.lua"));
    let text = std::fs::read_to_string(&path).expect("readable").replace("function key(", "local function unused_key(");
    Script::from_source(&path.display().to_string(), id, text).expect("loads without its key")
}

/// Positions of `id` (without its key) reached by `count` seeded random lines, not over.
fn positions(id: &str, count: usize, max_plies: usize, seed: u64) -> Vec<ScriptGame> {
    let script = without_key(id);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let mut game = script.new_game().expect("starts");
        for _ in 0..rng.random_range(0..=max_plies) {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            game.play(moves[rng.random_range(0..moves.len())]);
        }
        if game.terminal_value().is_none() {
            found.push(game);
        }
    }
    found
}

#[test]
fn pig_expectiminimax_equals_star1_and_the_game_search() {
    for (k, mut game) in positions("pig", 8, 14, 21).into_iter().enumerate() {
        for depth in 1..=5 {
            let exact = value_of(&mut game, Algorithm::Expectiminimax, Some(depth));
            let star1 = value_of(&mut game, Algorithm::Star1, Some(depth));
            assert!((star1 - exact).abs() < 1e-9, "position {k} depth {depth}: star1 {star1}, expectiminimax {exact}");
            for algorithm in [Algorithm::Alphabeta, Algorithm::Negamax, Algorithm::Pvs] {
                let value = value_of(&mut game, algorithm, Some(depth));
                assert!((value - exact).abs() < 1e-9, "position {k} depth {depth} {algorithm:?}: {value} vs {exact}");
            }
            for algorithm in [Algorithm::Pvs, Algorithm::Negamax, Algorithm::Mtdf] {
                let config =
                    EngineConfig { algorithm, limits: Limits::depth(depth), tt_mib: 1, ..EngineConfig::default() };
                let thought = Engine::new(config).think(&mut game, None, |_| {});
                let value = thought.iterations.last().expect("a complete iteration").value;
                assert!((value - exact).abs() < 1e-9, "position {k} depth {depth} {algorithm:?}: {value} vs {exact}");
            }
        }
        assert!(game.fault().is_none(), "{:?}", game.fault());
    }
}

#[test]
fn every_search_follows_whose_turn_it_is_when_a_side_moves_twice() {
    // Kalah's extra turns put a side to move twice in a row; every search must agree with minimax there.
    let mut twice = 0;
    for (k, mut game) in positions("kalah", 10, 12, 31).into_iter().enumerate() {
        for depth in 1..=4 {
            let exact = value_of(&mut game, Algorithm::Minimax, Some(depth));
            for algorithm in [Algorithm::Alphabeta, Algorithm::Negamax, Algorithm::Shallow, Algorithm::Pvs] {
                let value = value_of(&mut game, algorithm, Some(depth));
                assert_eq!(value, exact, "position {k} depth {depth} {algorithm:?}");
            }
            for algorithm in [Algorithm::Pvs, Algorithm::Negamax, Algorithm::Mtdf] {
                let config =
                    EngineConfig { algorithm, limits: Limits::depth(depth), tt_mib: 1, ..EngineConfig::default() };
                let value = Engine::new(config).think(&mut game, None, |_| {}).iterations.last().expect("done").value;
                assert_eq!(value, exact, "position {k} depth {depth} engine {algorithm:?}");
            }
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        for mv in moves {
            let before = game.turn();
            game.play(mv);
            twice += usize::from(game.turn() == before);
            game.undo(mv);
        }
    }
    assert!(twice > 0, "the positions include extra turns");
}

#[test]
fn clicks_map_to_moves_and_illegal_clicks_say_why() {
    let mut game = new_game("kalah");
    let board = game.board().expect("Kalah draws");
    assert_eq!(board.cells.len(), 16);
    assert_eq!(board.cells[9].label.as_deref(), Some("4"));
    assert_eq!(game.click(10, None), Ok(Click::Move(1)));
    assert!(matches!(game.click(3, None), Ok(Click::Refused(why)) if why.contains("opponent")));
    game.try_play(3).expect("pit 3 ends in the store");
    assert_eq!(game.turn(), Turn::Max, "an extra turn");
    let mut ttt = new_game("tic-tac-toe-script");
    assert_eq!(ttt.click(5, None), Ok(Click::Move(4)));
    ttt.try_play(4).expect("the centre");
    assert!(matches!(ttt.click(5, None), Ok(Click::Refused(why)) if why.contains("taken")));
    assert_eq!(
        ttt.board().expect("draws").cells[4].piece,
        Some(alphabeta_core::games::script::board::Piece::Glyph("X".into()))
    );
    let err = ttt.try_play(4).expect_err("taken");
    assert!(err.0.contains("b2"), "{err}");
    assert_eq!(new_game("hex").board().expect("draws").shape.shift, 0.5);
}

#[test]
fn a_clone_is_the_same_position_in_a_state_of_its_own() {
    let mut game = new_game("connect-four-script");
    for mv in [3, 3, 2, 4] {
        game.try_play(mv).expect("legal");
    }
    let mut copy = game.clone();
    assert_eq!(copy, game);
    assert_eq!(copy.position_hash(), game.position_hash());
    copy.try_play(0).expect("legal");
    assert_ne!(copy.position_hash(), game.position_hash());
    assert_eq!(
        perft(&mut game, 3),
        perft(
            &mut ConnectFour::new(7, 6)
                .map(|mut c| {
                    for mv in [3, 3, 2, 4] {
                        c.play(mv);
                    }
                    c
                })
                .expect("a board"),
            3
        )
    );
}

// ---- Speed ---------------------------------------------------------------------------------------------------------

/// Perft leaves and search nodes per second, scripted against compiled (the same as `bench --scripts`).
/// `cargo test -p alphabeta-core --release --test games -- --ignored --nocapture scripts::speed`
#[test]
#[ignore = "a benchmark: run with --release --ignored --nocapture"]
fn speed_of_scripted_games_against_compiled() {
    let lines = alphabeta_core::games::script::speed::measure(&games_dir()).expect("the scripts load");
    print!("{}", alphabeta_core::games::script::speed::report(&lines));
}
