//! Draughts in the Play view, driven headlessly through egui_kittest: a move played by clicking the piece and then
//! its destination, and the AI's reply from its background worker. The dark squares are labelled "square 1" …
//! "square 32" as in the move names.

use egui_kittest::kittest::Queryable;

use crate::support;
use support::*;

#[test]
fn click_a_piece_then_its_square_and_the_ai_replies() {
    let mut harness = play("draughts");
    settle(&mut harness);
    // An empty square or a piece that cannot move selects nothing, and nothing is played.
    harness.get_by_label("square 15").click();
    settle(&mut harness);
    harness.get_by_label("square 1").click();
    settle(&mut harness);
    assert_eq!(moves(&harness), 0);
    harness.get_by_label("square 11").click();
    settle(&mut harness);
    assert_eq!(moves(&harness), 0, "selecting is not moving");
    harness.get_by_label("square 15").click();
    settle(&mut harness);
    assert!(moves(&harness) >= 1, "the second click played the move");
    assert_eq!(harness.state().history().move_name(0), "11-15");
    run_until(&mut harness, "the AI's reply", |p| p.history().moves().len() == 2 && !p.thinking());
    let reply = harness.state().history().move_name(1);
    let white_openings = ["21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"];
    assert!(white_openings.contains(&reply.as_str()), "{reply}");
}

/// A click on the other side's piece did nothing, without a word; the side is named.
#[test]
fn a_click_on_the_other_sides_piece_says_which_side_you_play() {
    let mut harness = play("draughts");
    settle(&mut harness);
    harness.get_by_label("square 22").click();
    settle(&mut harness);
    harness.get_by_label("That is a White piece: you play Black.");
    assert_eq!(moves(&harness), 0);
}
