//! Writes a book of balanced openings for `match --openings FILE`: every line of PLIES moves from the start of GAME
//! (one line per position reached, the first in move-generation order where move orders transpose), searched to
//! DEPTH plies by the AI's engine, kept when its value lies within MARGIN of even (in the game's evaluation units),
//! and printed one line a row in the game's move names, in an order shuffled by SEED (so that the first N of the
//! book are not N neighbours).
//!
//! ```sh
//! cargo run --release --example balanced_openings -- othello-6x6 6 10 40 1 > bench/openings/othello-6x6.txt
//! ```
//!
//! Why: random opening plies (what `--openings random:K` plays) often hand one side a game that any player of
//! some strength then wins from either side. On Othello's 6 × 6 board, four random plies decided every one of the
//! ten openings that level 10 and level 9 played from both sides, so the pair scored 50 % whatever their strengths
//! (`bench/ladder.sh`). From a balanced position the better player wins.

use alphabeta_cli::game_arg::{named_game, position};
use alphabeta_studio::engine::search::limits::Limits;
use alphabeta_studio::games::any::AnyGame;
use alphabeta_studio::games::levels::level_config;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use std::collections::HashSet;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [id, plies, depth, margin, seed] = args.as_slice() else { usage() };
    let (Ok(plies), Ok(depth), Ok(margin), Ok(seed)) =
        (plies.parse::<usize>(), depth.parse::<u32>(), margin.parse::<f64>(), seed.parse::<u64>())
    else {
        usage()
    };
    let named = named_game(id).unwrap_or_else(|e| fail(&e.0));
    let Some(ai) = named.ai.as_ref() else { fail(&format!("{id} has no AI settings")) };
    let start = position(&named.rules, None, None).unwrap_or_else(|e| fail(&e.0));
    let mut config = level_config(ai, 10);
    config.limits = Limits { depth: Some(depth), time_ms: None, nodes: None };
    config.skill = None;
    config.tt_mib = 4;

    let mut lines = Vec::new();
    let mut seen = HashSet::new();
    let mut game = start.clone();
    collect(&mut game, plies, &mut Vec::new(), &mut seen, &mut lines);
    let positions = lines.len();
    let mut balanced: Vec<String> = lines
        .into_iter()
        .filter_map(|(line, game)| {
            let thought = game.think(config.clone()).unwrap_or_else(|e| fail(&e));
            let value = thought.iterations.last()?.value;
            (value.abs() <= margin).then_some(line)
        })
        .collect();
    balanced.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
    println!(
        "# {id}: the {} of {positions} positions after {plies} plies within {margin} of even at depth {depth},",
        balanced.len()
    );
    println!("# shuffled with seed {seed}. Written by (examples/balanced_openings.rs):");
    println!("# cargo run --release --example balanced_openings -- {id} {plies} {depth} {margin} {seed}");
    for line in balanced {
        println!("{line}");
    }
}

/// Every line of `plies` more moves from `game` to a position not seen before and not over: its space-separated
/// names (what `match --openings FILE` reads) and the position.
fn collect(
    game: &mut AnyGame,
    plies: usize,
    line: &mut Vec<String>,
    seen: &mut HashSet<u64>,
    out: &mut Vec<(String, AnyGame)>,
) {
    if game.outcome().is_some() {
        return;
    }
    if plies == 0 {
        if seen.insert(game.position_hash()) {
            out.push((line.join(" "), game.clone()));
        }
        return;
    }
    for mv in game.legal_moves() {
        line.push(game.move_name(mv));
        if game.try_play(mv).is_ok() {
            collect(game, plies - 1, line, seen, out);
            game.undo(mv);
        }
        line.pop();
    }
}

fn usage() -> ! {
    fail("usage: balanced_openings GAME PLIES DEPTH MARGIN SEED (e.g. othello-6x6 6 10 40 1)")
}

fn fail(message: &str) -> ! {
    eprintln!("balanced_openings: {message}");
    std::process::exit(2)
}
