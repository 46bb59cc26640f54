//! Chess in the Play view, driven headlessly through egui_kittest: a move played by clicking the pawn and then its
//! destination, the AI's reply from its background worker, and a promotion chosen from the row of buttons. Squares
//! are labelled with their names (`e2`).

use egui_kittest::kittest::Queryable;

mod support;
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
    assert_eq!(harness.state().record().move_name(0), "e4");
    run_until(&mut harness, "the AI's reply", |p| p.record().moves().len() == 2 && !p.thinking());
    let reply = harness.state().record().move_name(1);
    assert!(!reply.is_empty() && reply.chars().any(|c| c.is_ascii_digit()), "{reply}");
}
