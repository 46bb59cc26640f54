//! EinStein würfelt nicht! in the Play view, driven headlessly through egui_kittest: the person rolls with the Roll
//! button (the seeded die), clicks a stone and its destination, the AI rolls and replies; undo takes the rolls back
//! to the person's decision; the same seed rolls the same; in analysis mode the die is entered by hand.

use alphabeta_studio::app::play::dice::face;
use alphabeta_studio::app::play::{Action, Play, PlayerKind};
use alphabeta_studio::engine::game::Game;
use alphabeta_studio::games::einstein::Einstein;
use alphabeta_studio::games::einstein::square_name;
use egui_kittest::kittest::Queryable;

use crate::support;
use support::*;

fn names(play: &Play) -> Vec<String> {
    (0..play.history().moves().len()).map(|ply| play.history().move_name(ply)).collect()
}

/// The first legal step's squares in the current position.
fn first_step(play: &Play) -> (String, String) {
    let Some(game) = play.history().position().downcast_ref::<Einstein>() else { panic!("an EinStein game") };
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let (from, to) = game.step_squares(moves[0]).expect("a step, not a roll");
    (square_name(from), square_name(to))
}

#[test]
fn roll_click_a_stone_and_its_destination_and_the_ai_replies() {
    let mut harness = play("einstein");
    let _ = harness.run_ok();
    harness.get_by_label("Red rolls the die.");
    harness.get_by_label("Red to roll.");
    assert!(harness.state().history().moves().is_empty(), "the person's roll waits for the button");
    harness.get_by_label("Roll").click();
    let _ = harness.run_ok();
    let rolled = face(1, &[]);
    assert_eq!(names(harness.state()), [format!("die {rolled}")]);
    harness.get_by_label(&format!("Red rolled {rolled}."));
    harness.get_by_label("Red to move (your move).");
    // Blue's squares name no move of Red's: refused with the reason.
    harness.get_by_label("square e5").click();
    let _ = harness.run_ok();
    assert_eq!(harness.state().history().moves().len(), 1);
    harness.get_by_label("No stone the die lets move can go to e5.");
    let (from, to) = first_step(harness.state());
    harness.get_by_label(&format!("square {from}")).click();
    let _ = harness.run_ok();
    harness.get_by_label(&format!("square {to}")).click();
    let _ = harness.run_ok();
    assert!(harness.state().history().moves().len() >= 2, "the clicks played");
    assert!(harness.state().history().move_name(1).ends_with(&format!("{from}-{to}")));
    run_until(&mut harness, "the AI's roll and reply", |p| p.history().moves().len() == 4 && !p.thinking());
    let moves = names(harness.state());
    assert!(moves[2].starts_with("die "), "{moves:?}");
    // The move list's names (read in the start position) are the names in the position each move was made in.
    let record = harness.state().history();
    let in_place: Vec<String> =
        record.moves().iter().enumerate().map(|(ply, &mv)| record.position_at(ply).move_name(mv)).collect();
    assert_eq!(moves, in_place);
    assert_eq!(moves[2], format!("die {}", face(1, &harness.state().history().moves()[..2])));
    harness.get_by_label("Red rolls the die.");

    // Roll again, then undo: the roll, the AI's move and its roll are taken back to the person's decision.
    harness.get_by_label("Roll").click();
    let _ = harness.run_ok();
    assert_eq!(harness.state().history().moves().len(), 5);
    harness.state_mut().act(Action::Undo);
    let _ = harness.run_ok();
    assert_eq!(names(harness.state()), moves[..1], "back to Red's first decision, its roll kept");
    harness.get_by_label("Red to move (your move).");
}

#[test]
fn the_same_seed_rolls_the_same_game() {
    let game_with_seed = |seed: u64| {
        let mut harness = play_with("einstein", |play| {
            play.dice.seed = seed;
            for player in &mut play.players {
                player.kind = PlayerKind::Ai;
                player.level = 1;
            }
        });
        run_until(&mut harness, "twelve plies", |p| {
            p.history().moves().len() >= 12 || p.history().position().outcome().is_some()
        });
        harness.state_mut().act(Action::TogglePause);
        let moves = names(harness.state());
        moves[..12.min(moves.len())].to_vec()
    };
    let first = game_with_seed(5);
    assert_eq!(first, game_with_seed(5));
    let rolls = |moves: &[String]| moves.iter().filter(|m| m.starts_with("die ")).cloned().collect::<Vec<_>>();
    assert!(rolls(&first).len() >= 2);
    assert_ne!(rolls(&first), rolls(&game_with_seed(6)), "another seed rolls otherwise");
}

#[test]
fn in_analysis_mode_the_die_is_entered_by_hand_for_either_side() {
    let mut harness = play("einstein");
    let _ = harness.run_ok();
    harness.get_by_label("analysis: enter the die by hand").click();
    let _ = harness.run_ok();
    assert!(harness.state().dice.by_hand);
    assert!(harness.query_by_label("Roll").is_none());
    harness.get_by_label("3").click();
    let _ = harness.run_ok();
    assert_eq!(names(harness.state()), ["die 3"]);
    harness.get_by_label("square c1").click();
    let _ = harness.run_ok();
    harness.get_by_label("square d2").click();
    let _ = harness.run_ok();
    assert_eq!(names(harness.state()), ["die 3", "3:c1-d2"]);
    // Blue is the AI, but waits for its die.
    for _ in 0..5 {
        harness.step();
    }
    assert_eq!(harness.state().history().moves().len(), 2);
    harness.get_by_label("Blue rolls the die.");
    harness.get_by_label("6").click();
    run_until(&mut harness, "the AI's move after the entered roll", |p| {
        p.history().moves().len() == 4 && !p.thinking()
    });
    assert_eq!(harness.state().history().move_name(2), "die 6");
}
