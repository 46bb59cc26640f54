//! Level-10 self-play in Connect Four, judged by the exact solver of `alphabeta-studio solve`: whenever a search
//! proves the game's value, that value must be the solver's and the move played must keep it, and a side proven to
//! win must go on to win. A fast check plays out positions of Pons' Middle-Easy set at 300 ms per move; the
//! measurement plays a whole game at 5 s per move:
//! `cargo test -p alphabeta-core --release --test games -- --ignored --nocapture connect_four_selfplay::`.

use alphabeta_core::engine::game::{Game, Turn, Value};
use alphabeta_core::engine::search::alphabeta_memory::Memory;
use alphabeta_core::engine::search::deepening::{Engine, EngineConfig};
use alphabeta_core::games::connect_four::ConnectFour;
use alphabeta_core::games::connect_four::solve::{Driver, Method, parse_ordering, solve};
use alphabeta_core::games::levels::level_config;
use alphabeta_core::games::registry::Registry;
use std::time::Instant;

/// Connect Four's level 10 from `games/`, with `time_ms` per move instead of its node budget and no deliberate
/// mistakes.
fn level_ten(time_ms: u64) -> EngineConfig {
    let registry = Registry::load(&crate::common::repository("games"));
    let ai = &registry.find("connect-four").expect("connect-four is registered").variant.ai;
    let mut config = level_config(ai, 10);
    config.limits.time_ms = Some(time_ms);
    config.limits.nodes = None;
    config.skill = None;
    config
}

/// The exact score (Pons' convention, from the side to move) by the independent solver, over a fresh table.
fn oracle(position: &ConnectFour, memory: &mut Memory<u8>) -> i32 {
    if let Some(value) = position.terminal_value() {
        return value.round() as i32;
    }
    let mut copy = *position;
    solve(&mut copy, memory, Method::exact(Driver::Bisection)).score
}

/// One move of a game, as the table prints it.
struct Row {
    number: usize,
    column: u8,
    depth: u32,
    exact: bool,
    value: Option<Value>,
    nodes: u64,
    seconds: f64,
}

/// A finished game.
struct Played {
    rows: Vec<Row>,
    /// The first move number from which every search was exact.
    solved_from: Option<usize>,
    /// The first exact search's move number and score (from its side to move), if any.
    first_exact: Option<(usize, i32)>,
    /// The game's result for the first player in Pons' score (positive: the first player won).
    first_player_score: i32,
    search_seconds: f64,
    wall_seconds: f64,
}

/// Two `config` AIs (each with its own table) play `opening` to the end; every exact search is checked against the
/// solver, and a proven win must be won. Move numbers count stones, the opening's included.
fn self_play(opening: &str, config: &EngineConfig, print: bool) -> Played {
    let started = Instant::now();
    let mut position = ConnectFour::from_moves(opening).expect("a legal opening");
    let mut engines = [Engine::new(config.clone()), Engine::new(config.clone())];
    let mut memory = Memory::new(64, parse_ordering("hash,hints").expect("valid ordering"));
    let mut rows = Vec::new();
    let mut proven_winner: Option<(Turn, usize)> = None;
    let mut first_exact = None;
    if print {
        println!(
            "opening '{opening}'\n{:>4} {:>4} {:>5} {:>5} {:>7} {:>12} {:>7}",
            "move", "col", "depth", "exact", "value", "nodes", "s"
        );
    }
    while position.terminal_value().is_none() {
        let number = position.moves_played() + 1;
        let turn = position.turn();
        let engine = &mut engines[usize::from(turn != Turn::Max)];
        let thought = engine.think(&mut position, None, |_| {});
        let column = thought.best_move.expect("a move while the game is on");
        let last = thought.last();
        let exact = last.is_some_and(|i| i.exact);
        let row = Row {
            number,
            column,
            depth: last.map_or(0, |i| i.depth),
            exact,
            value: last.map(|i| i.value),
            nodes: thought.total_stats().nodes_visited,
            seconds: thought.elapsed_seconds,
        };
        if print {
            let depth = if row.depth == u32::MAX { "end".to_string() } else { row.depth.to_string() };
            let value =
                row.value.map_or("-".to_string(), |v| if exact { format!("{v:+}") } else { format!("{v:+.3}") });
            println!(
                "{:>4} {:>4} {:>5} {:>5} {:>7} {:>12} {:>7.2}",
                row.number,
                row.column + 1,
                depth,
                if exact { "yes" } else { "no" },
                value,
                row.nodes,
                row.seconds
            );
        }
        if let (true, Some(value)) = (exact, row.value) {
            let line = format!("'{opening}' + move {number}: position\n{position}");
            let score = oracle(&position, &mut memory);
            assert_eq!(value, f64::from(score), "an exact value the solver disagrees with, {line}");
            let mut child = position;
            child.play(column);
            let kept = -oracle(&child, &mut memory);
            assert_eq!(kept, score, "column {} does not keep the proven value {score}, {line}", column + 1);
            first_exact.get_or_insert((number, score));
            if score > 0 && proven_winner.is_none() {
                proven_winner = Some((turn, number));
            }
        }
        rows.push(row);
        position.play(column);
    }
    // The side to move at the end has lost (or drawn): its terminal value is minus the winner's score.
    let loser_value = position.terminal_value().expect("over").round() as i32;
    let first_player_score = if position.turn() == Turn::Max { loser_value } else { -loser_value };
    match (proven_winner, position.winner()) {
        (Some((turn, number)), Some(winner)) => {
            assert_eq!(Turn::from(winner), turn, "'{opening}': the win proven at move {number} was lost")
        }
        (Some((_, number)), None) => panic!("'{opening}': the win proven at move {number} was drawn"),
        _ => {}
    }
    let solved_from = rows
        .iter()
        .rposition(|r| !r.exact)
        .map_or(rows.first().map(|r| r.number), |i| rows.get(i + 1).map(|r| r.number));
    // From the move on which every search is exact, each move keeps the value: the game ends at that score.
    if let Some(from) = solved_from {
        let (row, score) = rows
            .iter()
            .find(|r| r.number == from)
            .map(|r| (r, r.value.expect("an exact value").round() as i32))
            .expect("the row");
        let first_moves = row.number % 2 == 1;
        let expected = if first_moves { score } else { -score };
        assert_eq!(first_player_score, expected, "'{opening}': solved from move {from} at {score}, the result differs");
    }
    let search_seconds = rows.iter().map(|r| r.seconds).sum();
    Played {
        rows,
        solved_from,
        first_exact,
        first_player_score,
        search_seconds,
        wall_seconds: started.elapsed().as_secs_f64(),
    }
}

fn summary(opening: &str, game: &Played) -> String {
    let result = match game.first_player_score {
        0 => "a draw".to_string(),
        s if s > 0 => format!("the first player wins (score {s})"),
        s => format!("the second player wins (score {})", -s),
    };
    let solved = game.solved_from.map_or("never".to_string(), |n| n.to_string());
    let first = game.first_exact.map_or("none".to_string(), |(n, s)| format!("move {n} ({s:+})"));
    format!(
        "opening '{opening}': solved from move {solved}; first exact search at {first}; {} moves searched in {:.1} s \
         ({:.1} s with the solver's checks); {result}",
        game.rows.len(),
        game.search_seconds,
        game.wall_seconds
    )
}

/// Middle-Easy positions 14 to 20 stones in, played out at 300 ms per move: exact from the first search, and every
/// exact search right and kept.
#[test]
fn level_ten_keeps_proven_values_from_the_middle_game() {
    let path = format!("{}/../../tests/data/connect4/Test_L2_R1", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let config = level_ten(300);
    let positions: Vec<(String, i32)> = text
        .lines()
        .filter_map(|line| {
            let mut parts = line.split_whitespace();
            let moves = parts.next()?.to_string();
            let score = parts.next()?.parse().ok()?;
            (14..=20).contains(&moves.len()).then_some((moves, score))
        })
        .step_by(7)
        .take(4)
        .collect();
    assert_eq!(positions.len(), 4, "enough Middle-Easy positions of 14 to 20 stones");
    for (moves, score) in positions {
        let game = self_play(&moves, &config, false);
        let start = moves.len() + 1;
        assert_eq!(game.first_exact, Some((start, score)), "'{moves}': solved at once, at the file's score");
        assert_eq!(game.solved_from, Some(start), "'{moves}': every search exact");
        let expected = if start % 2 == 1 { score } else { -score };
        assert_eq!(game.first_player_score, expected, "'{moves}': the result is the proven one");
    }
}

/// The measurement: level 10 against itself at 5 s per move from the empty board.
#[test]
#[ignore = "a measurement: a whole game at 5 s per move, a few minutes"]
fn level_ten_self_play_from_the_empty_board() {
    let game = self_play("", &level_ten(5000), true);
    println!("{}", summary("", &game));
}

/// Level 10 exactly as the level picker offers it — its node budget, no time given — against itself from the
/// empty board and from 4, 44 and 43: from which move it plays perfectly. A node budget makes the
/// games the same on every machine: `cargo test -p alphabeta-core --release --test games -- --ignored --nocapture
/// connect_four_selfplay::level_ten_at_its_budget`.
#[test]
#[ignore = "a measurement: four games at level 10's 2 million nodes a move"]
fn level_ten_at_its_budget() {
    let registry = Registry::load(&crate::common::repository("games"));
    let ai = &registry.find("connect-four").expect("connect-four is registered").variant.ai;
    let config = level_config(ai, 10);
    assert!(config.limits.nodes.is_some() && config.skill.is_none(), "level 10 is a node budget without mistakes");
    for opening in ["", "4", "44", "43"] {
        println!("{}", summary(opening, &self_play(opening, &config, true)));
    }
}

/// The same from three short openings: `cargo test -p alphabeta-core --release --test games -- --ignored
/// --nocapture connect_four_selfplay::openings`.
#[test]
#[ignore = "a measurement: three games at 5 s per move"]
fn level_ten_self_play_from_openings() {
    let config = level_ten(5000);
    let summaries: Vec<String> = ["4", "44", "43"].iter().map(|o| summary(o, &self_play(o, &config, true))).collect();
    for line in summaries {
        println!("{line}");
    }
}
