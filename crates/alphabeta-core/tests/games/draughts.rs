//! English draughts through its public interface: the published perft table, the capture rules (compulsory,
//! completed, crowning ends the move, kings backwards), the draw rules, the loss of a side that cannot move, move
//! names, quiescence over captures at the search horizon, and self-play games that end legally.

use alphabeta_core::engine::features::SearchFeatures;
use alphabeta_core::engine::game::{Game, Side, Value};
use alphabeta_core::engine::search::alphabeta_memory::Memory;
use alphabeta_core::engine::search::context::{Searcher, StopWhen};
use alphabeta_core::engine::search::deepening::{Engine, EngineConfig};
use alphabeta_core::engine::search::limits::Limits;
use alphabeta_core::engine::search::observer::NoObserver;
use alphabeta_core::engine::search::ordering::OrderingOptions;
use alphabeta_core::games::any::{GameInfo, Outcome, Playable};
use alphabeta_core::games::draughts::{Draughts, NO_PROGRESS_PLIES, WIN};
use alphabeta_core::games::perft;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common;

fn position(fen: &str) -> Draughts {
    Draughts::from_fen(fen).unwrap_or_else(|e| panic!("{e}"))
}

fn names(game: &Draughts) -> Vec<String> {
    let mut names: Vec<String> = game.legal_moves().into_iter().map(|mv| game.move_name(mv)).collect();
    names.sort();
    names
}

fn play(game: &mut Draughts, name: &str) {
    let mv = game.parse_move(name).unwrap_or_else(|e| panic!("{e}\n{game}"));
    game.play(mv);
}

#[test]
fn perft_counts_the_published_table() {
    // Each distinct capture sequence counted; depths 8–10 (845931, 3963680, 18391564) are left to
    // `alphabeta-studio perft draughts N`.
    let expected = [1, 7, 49, 302, 1469, 7361, 36768, 179740];
    for (depth, &leaves) in expected.iter().enumerate() {
        assert_eq!(perft(&mut Draughts::new(), depth as u32), leaves, "perft({depth})");
    }
    assert_eq!(names(&Draughts::new()), ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]);
}

#[test]
fn a_capture_is_compulsory_and_a_multi_jump_must_be_completed() {
    // Black's man on 1 could move, but the man on 9 can capture 14 and then 23.
    let game = position("B:W14,23:B1,9");
    assert_eq!(names(&game), ["9x18x27"]);
    assert!(game.parse_move("9x18").is_err(), "stopping half way is not a move");
    let plain = position("B:W32:B1").parse_move("1-5").expect("legal there");
    let error = game.clone().try_play(plain).expect_err("a capture is pending");
    assert!(error.to_string().contains("1-5: a capture is compulsory"), "{error}");
    let mut game = game;
    play(&mut game, "9x18x27");
    assert_eq!(game.to_fen(), "W:W:B1,27");
    // White has nothing left: Black has won.
    assert_eq!(game.winner(), Some(Side::Max));
}

#[test]
fn a_capture_path_can_branch_and_each_branch_is_a_move() {
    // From 9 over 14 to 18, then over 22 to 25 or over 23 to 27.
    let game = position("B:W14,22,23:B9");
    assert_eq!(names(&game), ["9x18x25", "9x18x27"]);
}

#[test]
fn crowning_ends_the_move() {
    // The man jumps 26 and is crowned on 31; as a king it could jump 27 next, but the move ends.
    let mut game = position("B:W26,27:B22");
    assert_eq!(names(&game), ["22x31"]);
    play(&mut game, "22x31");
    assert_eq!(game.piece(30), Some((Side::Max, true)));
    assert_eq!(game.to_fen(), "W:W27:BK31");
    // A plain move to the far row crowns too.
    let mut game = position("W:W6:B20");
    play(&mut game, "6-2");
    assert_eq!(game.piece(1), Some((Side::Min, true)));
}

#[test]
fn a_king_captures_backwards_and_a_man_does_not() {
    // White moves up the board; 18 is behind 14.
    assert_eq!(names(&position("W:WK14:B18")), ["14x23"]);
    assert_eq!(names(&position("W:W14:B18")), ["14-10", "14-9"]);
    // A king's multi-jump may turn back: down over 6 and 15, then up over 16. A man stops after 15.
    assert_eq!(names(&position("B:W6,15,16:BK1")), ["1x10x19x12"]);
    assert_eq!(names(&position("B:W6,15,16:B1")), ["1x10x19"]);
}

#[test]
fn no_progress_draws_after_the_limit_and_a_man_move_resets_it() {
    assert_eq!(NO_PROGRESS_PLIES, 80, "40 moves by each side");
    // Kings far apart, a limit of 6 plies for the test: 6 king moves without a repetition.
    let mut game = position("B:WK29,21:BK4,12").with_no_progress_limit(6);
    for name in ["4-8", "29-25", "8-11", "25-22", "11-7"] {
        play(&mut game, name);
        assert!(!game.is_drawn(), "after {name}");
    }
    assert_eq!(game.quiet_plies(), 5);
    let mut man_move = game.clone();
    play(&mut man_move, "21-17");
    assert_eq!(man_move.quiet_plies(), 0, "a man's move is progress");
    play(&mut game, "22-18");
    assert!(game.is_drawn());
    assert_eq!(game.terminal_value(), Some(0.0));
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.outcome(), Some(Outcome::Draw));
}

#[test]
fn a_third_repetition_draws() {
    let mut game = position("B:WK29:BK4");
    let cycle = ["4-8", "29-25", "8-4", "25-29"];
    for (ply, name) in cycle.iter().chain(&cycle).enumerate() {
        assert!(!game.is_drawn(), "drawn too early, before ply {}", ply + 1);
        play(&mut game, name);
    }
    // The start position is on the board for the third time, Black to move.
    assert!(game.is_drawn());
    assert_eq!(game.terminal_value(), Some(0.0));
    // Taking back a move undoes the draw.
    game.undo(0);
    assert!(!game.is_drawn());
}

#[test]
fn a_position_that_stood_before_is_a_repetition_for_the_search_until_a_man_moves() {
    let after = |fen: &str, moves: &[&str]| {
        let mut game = position(fen);
        moves.iter().for_each(|name| play(&mut game, name));
        game
    };
    let kings = ["4-8", "29-25", "8-4", "25-29"];
    assert!(!position("B:WK29:BK4").repeats_a_position());
    assert!(!after("B:WK29:BK4", &kings[..3]).repeats_a_position(), "each position so far is new");
    let again = after("B:WK29:BK4", &kings);
    assert!(again.repeats_a_position(), "the start again, Black to move");
    assert!(!again.is_drawn(), "only the third occurrence draws");
    // A man's move cannot be taken back, so what stood before it cannot come again.
    let mut game = after("B:W32,K29:BK4", &kings);
    assert!(game.repeats_a_position());
    play(&mut game, "4-8");
    play(&mut game, "32-28");
    assert!(!game.repeats_a_position());
    // Taking the man's move back restores what the position before knew: it stood so after the first 4-8.
    game.undo(0);
    assert!(game.repeats_a_position());
}

#[test]
fn with_repetition_draws_a_won_king_ending_stays_won_and_shuffling_is_counted_a_draw() {
    // Two kings against one in the open: a win in 25 plies, which the search must see through its own shuffles.
    let search = |features: SearchFeatures| {
        let config = EngineConfig { limits: Limits::depth(26), tt_mib: 4, features, ..EngineConfig::default() };
        let thought = Engine::new(config).think(&mut position("W:WK22,K23:BK10"), None, |_| {});
        (thought.last().map(|i| i.value), thought.total_stats().repetition_draws)
    };
    let (plain, none) = search(SearchFeatures::NONE);
    let (rep, draws) = search(SearchFeatures::parse("rep").expect("a switch"));
    assert_eq!(none, 0);
    assert!(draws > 0, "lines that shuffle are scored draws");
    assert_eq!(rep, Some(WIN - 25.0), "a win in 25 plies");
    assert_eq!(rep, plain, "the fastest win never repeats a position");
}

#[test]
fn a_side_that_cannot_move_loses() {
    // White's man on 29 is blocked by 25, and 22 behind it stops the jump.
    let game = position("W:W29:B25,22");
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.winner(), Some(Side::Max));
    assert_eq!(game.terminal_value(), Some(-WIN));
    assert_eq!(game.outcome(), Some(Outcome::Win(Side::Max)));
    // With no pieces at all, likewise.
    assert_eq!(position("B:W5:B").outcome(), Some(Outcome::Win(Side::Min)));
}

#[test]
fn move_names_round_trip_through_random_games() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..40 {
        let mut game = Draughts::new();
        let mut played = Vec::new();
        while !game.is_over() && played.len() < 200 {
            let moves = game.legal_moves();
            for &mv in &moves {
                assert_eq!(game.parse_move(&game.move_name(mv)), Ok(mv));
                assert_eq!(Draughts::decode(Draughts::encode(mv)), Some(mv));
            }
            let mv = moves[rng.random_range(0..moves.len())];
            played.push(game.move_name(mv));
            game.play(mv);
        }
        let replayed = Draughts::new().with_moves(&played.join(" ")).expect("the names replay");
        assert_eq!(replayed.to_fen(), game.to_fen());
        assert_eq!(replayed.position_hash(), game.position_hash());
    }
}

/// The value of `game` searched `depth` plies deep by the game search (α-β with memory), from the point of view of
/// the side to move.
fn searched(game: &mut Draughts, depth: u32) -> Value {
    let mut memory = Memory::new(1, OrderingOptions::default());
    let mut observer = NoObserver;
    let mut searcher = Searcher::new(game, &mut observer, StopWhen::default());
    searcher.alphabeta_memory(&mut memory, None, Value::NEG_INFINITY, Value::INFINITY, depth, false)
}

#[test]
fn quiescence_sees_a_capture_pending_at_the_horizon() {
    // White to move must take 8 (12x3, crowning): a static evaluation here would count Black's man on 8.
    let fen = "W:W9,12,14,21:B5,8,17";
    let mut after_capture = position(fen);
    play(&mut after_capture, "12x3");
    let truth = -after_capture.evaluate();
    assert!(searched(&mut after_capture, 0) == after_capture.evaluate(), "a quiet position is read as it is");
    let with = searched(&mut position(fen), 0);
    let without = searched(&mut position(fen).with_quiescence(false), 0);
    assert_eq!(with, truth);
    assert_eq!(without, position(fen).evaluate());
    assert!(with - without >= 100.0, "the man on 8 hangs: {with} vs {without}");

    // At the root: Black's only move 4-8 hangs the man, and then Black cannot move. One ply with quiescence sees the
    // loss two plies away; without, the horizon hides it.
    let fen = "B:W9,12,14,23,27,28:B4,5,K32";
    assert_eq!(names(&position(fen)), ["4-8"]);
    let depth_one = |game: Draughts| {
        let config = EngineConfig { limits: Limits::depth(1), tt_mib: 1, ..EngineConfig::default() };
        Engine::new(config).think(&mut game.clone(), None, |_| {}).last().map(|i| i.value)
    };
    assert_eq!(depth_one(position(fen)), Some(-(WIN - 2.0)));
    assert!(depth_one(position(fen).with_quiescence(false)).is_some_and(|v| v.abs() < 1000.0));
}

#[test]
fn self_play_at_low_depth_ends_legally() {
    for depth in [2, 3] {
        let mut game = Draughts::new();
        let plies = common::self_play(&mut game, depth, 2000);
        assert!(game.outcome().is_some(), "depth {depth}: over after {plies} plies");
        assert!(game.is_drawn() || game.legal_moves().is_empty());
    }
}

/// The search's speed from the start, for the README: `cargo test -p alphabeta-core --release --test games -- --ignored
/// --nocapture draughts::`. Ignored by default because it measures rather than checks.
#[test]
#[ignore = "a measurement: run with --release --ignored --nocapture"]
fn search_speed_from_the_start() {
    for depth in [10, 12, 14] {
        let config = EngineConfig { limits: Limits::depth(depth), tt_mib: 64, ..EngineConfig::default() };
        let thought = Engine::new(config).think(&mut Draughts::new(), None, |_| {});
        let stats = thought.total_stats();
        let best = thought.best_move.map(|mv| Draughts::new().move_name(mv));
        eprintln!(
            "depth {depth}: {} nodes in {:.3} s, {:.2} M nodes/s, best {best:?}, value {:?}",
            stats.nodes_visited,
            thought.elapsed_seconds,
            stats.nodes_visited as f64 / thought.elapsed_seconds / 1e6,
            thought.last().map(|i| i.value)
        );
    }
}

#[test]
fn impossible_fens_are_refused() {
    for (fen, says) in [
        ("W:W:B", "the board is empty"),
        ("W:W1:B32", "the man on square 1 stands on its crowning row"),
        ("B:W5:B30", "the man on square 30 stands on its crowning row"),
        ("B:W6,6:B6", "both sides"),
    ] {
        let e = Draughts::from_fen(fen).expect_err(fen).to_string();
        assert!(e.contains(says), "{fen}: {e}");
    }
    // A king may stand anywhere, and a side without pieces has simply lost.
    assert_eq!(position("W:WK1:BK32").to_fen(), "W:WK1:BK32");
    assert!(Draughts::from_fen("B:W5:B").is_ok());
}
