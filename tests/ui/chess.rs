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

/// A piece is dragged to its square and dropped; the board can be flipped (Black at the bottom).
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

/// Squares painted at fractional positions each faded at their shared edge, and the background showed through as a
/// dark seam down the middle of the board. At any window size the squares lie on whole pixels, edge to edge.
#[test]
fn the_squares_lie_on_whole_pixels_edge_to_edge() {
    use eframe::egui;
    let mut harness = play("chess");
    for (width, height) in [(1281.0, 801.0), (800.0, 600.0), (1001.0, 777.0), (2560.0, 1440.0)] {
        harness.set_size(egui::vec2(width, height));
        harness.run_steps(3);
        let square = |name: &str| harness.get_by_label(name).rect();
        for name in ["a1", "d4", "e4", "h8"] {
            let r = square(name);
            let whole = [r.min.x, r.min.y, r.max.x, r.max.y].iter().all(|v| v.fract() == 0.0);
            assert!(whole, "{width}×{height}: {name} at {r:?}");
        }
        assert_eq!(square("d4").max.x, square("e4").min.x, "{width}×{height}: d4 and e4 share an edge");
        assert_eq!(square("e4").max.y, square("e3").min.y, "{width}×{height}: e4 and e3 share an edge");
    }
}

/// The text the Play view says after the last action.
fn said(harness: &egui_kittest::Harness<'static, alphabeta_studio::app::play::Play>) -> String {
    harness.state().message().map(|m| m.text.clone()).unwrap_or_default()
}

#[test]
fn a_click_that_cannot_be_played_says_why() {
    use alphabeta_studio::app::play::Action;
    let mut harness = play_with("chess", |play| play.act(Action::Import("1. d3 e5".to_string())));
    settle(&mut harness);
    // The bishop, free since d3, asked to go where a bishop cannot.
    harness.get_by_label("c1").click();
    settle(&mut harness);
    harness.get_by_label("f5").click();
    settle(&mut harness);
    assert_eq!(said(&harness), "A bishop moves diagonally: f5 is not on a diagonal from c1.");
    assert_eq!(moves(&harness), 2, "nothing played");
    // The queen through its own pawn.
    harness.get_by_label("d1").click();
    settle(&mut harness);
    harness.get_by_label("h5").click();
    settle(&mut harness);
    assert_eq!(said(&harness), "The queen cannot jump: the pawn on e2 stands between d1 and h5.");
    // A piece that cannot move, and a piece of the other side.
    harness.get_by_label("a1").click();
    settle(&mut harness);
    assert_eq!(said(&harness), "The rook on a1 has no legal move.");
    harness.get_by_label("b8").click();
    settle(&mut harness);
    assert_eq!(said(&harness), "It is White's move: the knight on b8 is Black's.");
    // The message shows in the window.
    harness.get_by_label_contains("the knight on b8 is Black's");
}
