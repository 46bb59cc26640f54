//! Fits the tapered chess evaluation's weights to the results of games (Texel's method: Peter Österlund, 2014):
//! every quiet position of the games is scored by the evaluation, the score turned into an expected result by a
//! logistic curve, and each weight moved up or down while that brings the expectations closer (in mean squared
//! error) to the results the games reached. Prints the weights found, as Rust, for `WEIGHTS` in
//! `src/games/chess/tapered.rs`.
//!
//! ```sh
//! alphabeta-studio match chess --a nodes=6000 --b nodes=9000 --games 6000 --openings random:8 --seed 1000 \
//!     --concurrency 2 --pgn games.pgn
//! cargo run --release --example tune_chess_eval -- games.pgn
//! ```
//!
//! A position is kept from the 16th ply on (after the random opening), when the side to move is not in check and
//! has no capture or queen promotion that wins material by the exchange count: the evaluation is meant for quiet positions, which is
//! what the quiescence search hands it.

use alphabeta_studio::engine::game::Game;
use alphabeta_studio::games::chess::cozy_chess::{Board, Color};
use alphabeta_studio::games::chess::tapered::{WEIGHTS, Weights, evaluate_with};
use alphabeta_studio::games::chess::{Chess, pgn};
use alphabeta_studio::games::records::RecordResult;

/// A quiet position and the result its game reached, from the side to move's point of view (1, ½ or 0).
struct Sample {
    board: Board,
    result: f64,
}

fn main() {
    let mut paths: Vec<String> = std::env::args().skip(1).collect();
    let keep_material = paths.iter().any(|p| p == "--keep-material");
    paths.retain(|p| p != "--keep-material");
    if paths.is_empty() {
        eprintln!("usage: tune_chess_eval [--keep-material] GAMES.pgn ...");
        std::process::exit(2);
    }
    let mut samples = Vec::new();
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        });
        read_samples(&text, &mut samples);
    }
    eprintln!("{} quiet positions from {}", samples.len(), paths.join(", "));
    let mut weights = WEIGHTS.clone();
    let k = fit_scale(&weights, &samples);
    let mut best = loss(&weights, &samples, k);
    eprintln!("scale K = {k:.3}, error {best:.6}");
    for step in [8, 4, 2, 1] {
        loop {
            let before = best;
            for i in 0..weights.tunable(!keep_material).len() {
                for delta in [step, -step] {
                    *weights.tunable(!keep_material)[i] += delta;
                    let error = loss(&weights, &samples, k);
                    if error < best {
                        best = error;
                        break;
                    }
                    *weights.tunable(!keep_material)[i] -= delta;
                }
            }
            eprintln!("step {step}: error {best:.6}");
            if best >= before - 1e-7 {
                break;
            }
        }
    }
    println!("{weights:#?}");
}

/// The quiet positions of every game in `text` (games that fail to read are skipped).
fn read_samples(text: &str, samples: &mut Vec<Sample>) {
    for record in text.split("[Event ").filter(|r| !r.trim().is_empty()) {
        let Ok(game) = pgn::read(&format!("[Event {record}")) else { continue };
        let white_score = match game.result {
            RecordResult::FirstWins => 1.0,
            RecordResult::SecondWins => 0.0,
            RecordResult::Draw => 0.5,
            RecordResult::Unknown => continue,
        };
        let mut chess = game.start.clone();
        let mut tactical = Vec::new();
        for (ply, &mv) in game.moves.iter().enumerate() {
            if ply >= 16 && is_quiet(&chess, &mut tactical) {
                let board = chess.board().clone();
                let white = board.side_to_move() == Color::White;
                samples.push(Sample { board, result: if white { white_score } else { 1.0 - white_score } });
            }
            chess.play(mv);
        }
    }
}

/// Not in check, and none of the moves the quiescence search would try (captures, queen promotions) wins material
/// by the exchange count. `tactical` is a buffer to reuse.
fn is_quiet(chess: &Chess, tactical: &mut Vec<<Chess as Game>::Move>) -> bool {
    tactical.clear();
    chess.generate_tactical_moves(tactical);
    !chess.in_check() && tactical.iter().all(|&mv| chess.exchange_value(mv).is_none_or(|gain| gain <= 0.0))
}

/// The expected result of a position the evaluation scores `centipawns`, on the logistic curve of scale `k`.
fn expected(centipawns: i32, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * f64::from(centipawns) / 400.0))
}

/// The mean squared error of the expectations against the results, over both cores.
fn loss(weights: &Weights, samples: &[Sample], k: f64) -> f64 {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = samples.len().div_ceil(threads).max(1);
    let total: f64 = std::thread::scope(|scope| {
        let parts: Vec<_> = samples
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter().map(|s| (s.result - expected(evaluate_with(weights, &s.board), k)).powi(2)).sum::<f64>()
                })
            })
            .collect();
        parts.into_iter().map(|p| p.join().expect("no panic")).sum()
    });
    total / samples.len().max(1) as f64
}

/// The scale that fits the present weights best, by golden-section search.
fn fit_scale(weights: &Weights, samples: &[Sample]) -> f64 {
    let (mut low, mut high) = (0.2, 3.0);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..30 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if loss(weights, samples, a) < loss(weights, samples, b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}
