//! Chess in the Play view, driven headlessly through egui_kittest: a move played by clicking the pawn and then its
//! destination, the AI's reply from its background worker, and a promotion chosen from the row of buttons. Squares
//! are labelled with their names (`e2`).

use alphabeta_studio::app::install_fonts;
use alphabeta_studio::app::play::Play;
use alphabeta_studio::games::registry::Registry;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::time::Duration;

fn play_chess() -> Harness<'static, Play> {
    let mut play = Play::new(Registry::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games")));
    assert!(play.select("chess"), "chess is registered");
    Harness::builder().with_size(egui::vec2(1280.0, 800.0)).with_context_setup(install_fonts).build_ui_state(
        |ui, play: &mut Play| {
            play.ui(ui);
        },
        play,
    )
}

fn moves(harness: &Harness<'static, Play>) -> usize {
    harness.state().record().moves().len()
}

/// Runs a few frames (the view repaints while the AI thinks, so it never settles for good).
fn settle(harness: &mut Harness<'static, Play>) {
    let _ = harness.run_ok();
}

#[test]
fn click_e2_then_e4_and_the_ai_replies() {
    let mut harness = play_chess();
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
    for _ in 0..2000 {
        harness.step();
        if moves(&harness) == 2 && !harness.state().thinking() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(moves(&harness), 2, "the AI replied");
    let reply = harness.state().record().move_name(1);
    assert!(!reply.is_empty() && reply.chars().any(|c| c.is_ascii_digit()), "{reply}");
}
