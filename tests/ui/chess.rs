//! Chess in the Play view, driven headlessly through egui_kittest: a move played by clicking the pawn and then its
//! destination, the AI's reply from its background worker, and a promotion chosen from the row of buttons. Squares
//! are labelled with their names (`e2`).

use egui_kittest::kittest::Queryable;

use crate::support;
use support::*;

#[test]
fn click_e2_then_e4_and_the_ai_replies() {
    let mut harness = play("chess");
    settle(&mut harness);
    // An empty square, or a piece that cannot move, selects nothing.
    harness.get_by_label("e4").click();
    settle(&mut harness);
    harness.get_by_label("a1").click();
    settle(&mut harness);
    assert_eq!(moves(&harness), 0);
    harness.get_by_label("e2").click();
    settle(&mut harness);
    assert_eq!(moves(&harness), 0, "selecting is not moving");
    harness.get_by_label("e4").click();
    settle(&mut harness);
    assert!(moves(&harness) >= 1, "the second click played the move");
    assert_eq!(harness.state().history().move_name(0), "e4");
    run_until(&mut harness, "the AI's reply", |p| p.history().moves().len() == 2 && !p.thinking());
    let reply = harness.state().history().move_name(1);
    assert!(!reply.is_empty() && reply.chars().any(|c| c.is_ascii_digit()), "{reply}");
}

/// Issue 15, Deliver 2: a piece is dragged to its square and dropped; the board can be flipped (Black at the bottom).
#[test]
fn drag_a_piece_and_flip_the_board() {
    use alphabeta_studio::app::play::Action;
    use eframe::egui;
    let mut harness = play("chess");
    settle(&mut harness);
    let (from, to) = (harness.get_by_label("g1").rect().center(), harness.get_by_label("f3").rect().center());
    harness.event(egui::Event::PointerMoved(from));
    harness.step();
    let press = |pressed| egui::Event::PointerButton {
        pos: if pressed { from } else { to },
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    harness.event(press(true));
    harness.step();
    for k in 1..=6 {
        harness.event(egui::Event::PointerMoved(from + (to - from) * (k as f32 / 6.0)));
        harness.step();
    }
    harness.event(press(false));
    settle(&mut harness);
    assert!(moves(&harness) >= 1, "the drop played the move");
    assert_eq!(harness.state().history().move_name(0), "Nf3");
    // The AI's reply comes from its own thread: let it land, so the board is measured before and after the flip
    // in the same state of the game.
    run_until(&mut harness, "the AI's reply", |p| p.history().moves().len() == 2 && !p.thinking());
    // Flipped, a8 lies where h1 was: at the bottom right.
    let h1 = harness.get_by_label("h1").rect().center();
    harness.state_mut().act(Action::Flip);
    settle(&mut harness);
    assert!((harness.get_by_label("a8").rect().center() - h1).length() < 2.0);
}
