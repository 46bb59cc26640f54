//! The levels say what they are and when they fall short, the search panel's scores read from
//! one side, and an exported PGN names the players, the day, the ending and what each AI move's search found.

use alphabeta_studio::app::play::{Action, PlayerKind};
use alphabeta_studio::engine::search::limits::Limits;
use egui_kittest::kittest::Queryable;

use crate::support;
use support::*;

/// Point 17: the level's tooltip says what the level is and how strong it plays, in a player's words (no
/// `match`, no `bench/…sh`, and at level 3 nothing of level 10's Stockfish match); the method is behind a link.
#[test]
fn the_level_tooltip_speaks_a_players_words_and_links_the_method() {
    let mut harness = play_with("chess", |play| play.players[1].level = 3);
    settle(&mut harness);
    harness.get_by_label_contains("level 3 ·").hover();
    for _ in 0..8 {
        harness.step();
    }
    let tooltip = harness.get_by_label_contains("Level 3: depth");
    let text = format!("{tooltip:?}");
    assert!(text.contains("Measured strength: ≈ 746"), "{text}");
    for jargon in ["bench/", "`match`", "strength.sh", "played at"] {
        assert!(!text.contains(jargon), "{jargon} in {text}");
    }
    harness.get_by_label("How was this measured?");
}

/// Point 14: Pig's level 5 errs by more than its scores span: it reads "plays at random", not "errs by up to
/// 1000.00".
#[test]
fn a_random_mover_says_it_plays_at_random() {
    let mut harness = play_with("pig", |play| play.players[1].level = 5);
    settle(&mut harness);
    harness.get_by_label_contains("plays at random");
    assert!(harness.query_by_label_contains("1000.00").is_none());
}

/// Point 19: the search panel scores from the first player's side by default, as Telemetry does (Black's search
/// of −0.40 for Black reads +0.40), and from the side to move when the Settings say so.
#[test]
fn the_search_panel_scores_from_the_first_players_side() {
    let mut harness = play_with("chess", |play| play.players[1].level = 1);
    settle(&mut harness);
    let e4 = harness.state().history().position().find_move("e4").expect("e4 is legal");
    harness.state_mut().act(Action::Play(e4));
    run_until(&mut harness, "the AI's reply", |p| p.history().moves().len() == 2 && !p.thinking());
    let record = harness.state().history().telemetry().records.last().cloned().expect("Black's search");
    let value = record.deepest().expect("an iteration").value;
    let position = harness.state().history().position_at(1);
    harness.get_by_label("score (White's side)");
    harness.get_by_label_contains(&position.score_in_words(-value));
    assert!(harness.query_by_label("score (Black to move)").is_none());
    harness.state_mut().values_from = alphabeta_studio::games::values_from::ValuesFrom::SideToMove;
    settle(&mut harness);
    harness.get_by_label("score (Black to move)");
    harness.get_by_label_contains(&position.score_in_words(value));
}

/// Point 16: a level whose time ceiling stops it before its node budget says so under the search.
#[test]
fn a_search_stopped_by_its_time_before_its_budget_says_so() {
    let mut harness = play_with("chess", |play| {
        play.players[0].kind = PlayerKind::Ai;
        play.players[0].custom = true;
        play.players[0].config.limits = Limits { depth: Some(60), time_ms: Some(150), nodes: Some(500_000_000) };
        play.players[0].config.skill = None;
        play.players[1].kind = PlayerKind::Human;
    });
    run_until(&mut harness, "the AI's move", |p| p.history().moves().len() == 1 && !p.thinking());
    let record = harness.state().history().telemetry().records.last().cloned().expect("the search's record");
    let (nodes, seconds) = (record.nodes(), record.seconds());
    assert!(record.shortfall().is_some(), "Telemetry marks the search: {nodes} nodes in {seconds} s");
    let label = harness.get_by_label_contains("This search searched");
    let text = format!("{label:?}");
    assert!(text.contains("of 500,000,000 nodes: its time ran out first"), "{text}");
}

/// Point 18: the exported PGN names both players, the date and how the game ended, and carries each AI move's
/// evaluation and depth.
#[test]
fn an_exported_pgn_names_the_players_the_date_and_the_ending() {
    let mut harness = play_with("chess", |play| {
        play.players[0].kind = PlayerKind::Human;
        play.players[0].name = "Ada Lovelace".into();
        play.players[1].level = 7;
    });
    settle(&mut harness);
    let e4 = harness.state().history().position().find_move("e4").expect("e4 is legal");
    harness.state_mut().act(Action::Play(e4));
    run_until(&mut harness, "the AI's reply", |p| p.history().moves().len() == 2 && !p.thinking());
    let (pgn, extension) = harness.state().export_record().expect("a record");
    assert_eq!(extension, "pgn");
    assert!(pgn.contains("[White \"Ada Lovelace\"]"), "{pgn}");
    assert!(pgn.contains("[Black \"Alpha-Beta Studio level 7\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"unterminated\"]"), "{pgn}");
    assert!(!pgn.contains("[Date \"????.??.??\"]"), "{pgn}");
    let date = pgn.lines().find(|l| l.starts_with("[Date")).expect("a Date tag");
    assert_eq!(date.len(), "[Date \"2026.11.26\"]".len(), "{date}");
    assert!(pgn.contains("[%eval "), "Black's move carries its evaluation: {pgn}");
}

/// Point 20: every dice game's Roll button is in one place, beside the line above the board that says who rolls:
/// Pig's was under its board, EinStein's beside its die.
#[test]
fn every_dice_game_has_its_roll_button_in_one_place() {
    let mut pig = play_with("pig", |play| play.players[0].kind = PlayerKind::Human);
    settle(&mut pig);
    pig.get_by_label("cell 3").click();
    settle(&mut pig);
    let (pig_roll, pig_board) = (pig.get_by_label("Roll").rect(), pig.get_by_label("cell 1").rect());
    assert!(pig_roll.bottom() < pig_board.top(), "above the board: {pig_roll:?}, board from {pig_board:?}");
    let mut einstein = play_with("einstein", |play| play.players[0].kind = PlayerKind::Human);
    settle(&mut einstein);
    let einstein_roll = einstein.get_by_label("Roll").rect();
    assert!(einstein_roll.bottom() < einstein.get_by_label("square a1").rect().top());
    assert!((pig_roll.center().y - einstein_roll.center().y).abs() < 2.0, "{pig_roll:?} {einstein_roll:?}");
    assert!((pig_roll.left() - einstein_roll.left()).abs() < 80.0, "beside the same status line");
}
