//! Fits the tapered chess evaluation's weights (Texel's method: Peter Österlund, 2014): every quiet position is
//! scored by the evaluation, the score turned into an expected result by a logistic curve, and each weight moved up
//! or down while that brings the expectations closer (in mean squared error) to the targets. A position's target is
//! either the result its game reached (from a PGN file) or a stronger engine's score of it (from a file of lines
//! `FEN;centipawns`, on the logistic curve of scale 1). Starts from the hand-set weights (`HAND_SET`) and prints
//! the weights found, as Rust, for `WEIGHTS` in `crates/alphabeta-core/src/games/chess/tapered.rs`.
//!
//! ```sh
//! cargo run --release --example tune_chess_eval -- [--keep-material] [--rescale F] games.pgn | labels.txt ...
//! ```
//!
//! `--keep-material` leaves the piece values alone; `--rescale F` multiplies every weight by F at the end (the
//! fitted scale is the targets'; the search's margins were set on the hand-set one). `bench/tune_eval.sh` runs the
//! whole fit that gave `WEIGHTS`: games, Stockfish's scores of their positions (`bench/label_positions.py`), this.
//!
//! A position is kept from the 16th ply on (after the random opening), when the side to move is not in check and
//! has no capture or queen promotion that wins material by the exchange count: the evaluation is meant for quiet
//! positions, which is what the quiescence search hands it.

use alphabeta_studio::engine::game::Game;
use alphabeta_studio::games::chess::cozy_chess::{Board, Color};
use alphabeta_studio::games::chess::tapered::{HAND_SET, Weights, evaluate_with};
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
    let mut rescale = 1.0;
    if let Some(i) = paths.iter().position(|p| p == "--rescale") {
        match paths.get(i + 1).and_then(|f| f.parse::<f64>().ok()) {
            Some(f) if f > 0.0 => rescale = f,
            _ => usage(),
        }
        paths.drain(i..i + 2);
    }
    if paths.is_empty() {
        usage();
    }
    let mut samples = Vec::new();
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        });
        if path.ends_with(".pgn") {
            read_samples(&text, &mut samples);
        } else {
            read_labels(&text, &mut samples);
        }
    }
    eprintln!("{} quiet positions from {}", samples.len(), paths.join(", "));
    let mut weights = HAND_SET.clone();
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
    if rescale != 1.0 {
        let scaled = |n: &mut i32| *n = (f64::from(*n) * rescale).round() as i32;
        weights.tunable(true).into_iter().for_each(scaled);
        for (_, constant) in &mut weights.centralisation {
            scaled(&mut constant.0);
            scaled(&mut constant.1);
        }
    }
    println!("{weights:#?}");
}

fn usage() -> ! {
    eprintln!("usage: tune_chess_eval [--keep-material] [--rescale F] GAMES.pgn|LABELS.txt ...");
    std::process::exit(2);
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

/// The quiet positions of lines `FEN;centipawns`, each scored from the side to move's point of view by a stronger
/// engine: the expected result of that score on the logistic curve of scale 1 stands in for a game's result.
fn read_labels(text: &str, samples: &mut Vec<Sample>) {
    let mut tactical = Vec::new();
    for line in text.lines() {
        let Some((fen, score)) = line.split_once(';') else { continue };
        let (Ok(chess), Ok(score)) = (Chess::from_fen(fen), score.trim().parse::<i32>()) else { continue };
        if is_quiet(&chess, &mut tactical) {
            samples.push(Sample { board: chess.board().clone(), result: expected(score, 1.0) });
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
