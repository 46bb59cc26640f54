//! Othello in the Play view, driven headlessly through egui_kittest: a click on a legal square plays it (squares
//! are labelled "square d3"), the AI replies from its background worker, an illegal square is refused with the
//! reason, and the Pass button is shown only when passing is the only move.

use alphabeta_studio::app::install_fonts;
use alphabeta_studio::app::play::Play;
use alphabeta_studio::games::registry::Registry;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::support;
use support::*;

#[test]
fn click_a_legal_square_and_the_ai_replies() {
    for id in ["othello", "othello-6x6"] {
        let mut harness = play(id);
        let _ = harness.run_ok();
        harness.get_by_label("Black 2 · White 2");
        assert!(harness.query_by_label("Pass").is_none(), "{id}: no pass while there are moves");
        // a1 turns nothing over: refused, with the reason.
        harness.get_by_label("square a1").click();
        let _ = harness.run_ok();
        assert_eq!(harness.state().history().moves().len(), 0);
        harness.get_by_label("a1 turns no disc over.");
        let first = if id == "othello" { "square d3" } else { "square c2" };
        harness.get_by_label(first).click();
        let _ = harness.run_ok();
        assert!(!harness.state().history().moves().is_empty(), "{id}: the click played");
        assert_eq!(harness.state().history().move_name(0), first.trim_start_matches("square "));
        run_until(&mut harness, "the AI's reply", |p| p.history().moves().len() == 2 && !p.thinking());
        // 4–1 after the first move; every reply of White's places one disc and turns one over.
        harness.get_by_label("Black 3 · White 3");
    }
}

#[test]
fn the_pass_button_appears_only_when_passing_is_the_only_move() {
    use alphabeta_studio::app::play::PlayerKind;
    use alphabeta_studio::games::registry::Source;
    let mut registry = Registry::load(std::path::Path::new("/nonexistent"));
    let four = r#"(id: "othello-4x4", name: "Othello 4 × 4", rules: Othello(size: 4))"#;
    registry.add(four, Source::File("othello-4x4.ron".into())).expect("a 4 × 4 board is a game");
    let mut play = Play::new(registry);
    assert!(play.select("othello-4x4"));
    for player in &mut play.players {
        player.kind = PlayerKind::Human;
    }
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_context_setup(install_fonts)
        .build_ui_state(|ui, play: &mut Play| play.ui(ui), play);
    let _ = harness.run_ok();
    // After these four moves Black has no move and White has.
    for square in ["b1", "c1", "d3", "a1"] {
        assert!(harness.query_by_label("Pass").is_none(), "no pass before {square}");
        harness.get_by_label(&format!("square {square}")).click();
        let _ = harness.run_ok();
    }
    assert_eq!(harness.state().history().moves().len(), 4);
    harness.get_by_label("Black has no move:");
    // A square is refused, and says to pass.
    harness.get_by_label("square a4").click();
    let _ = harness.run_ok();
    assert_eq!(harness.state().history().moves().len(), 4);
    harness.get_by_label_contains("there is no move, so pass");
    harness.get_by_label("Pass").click();
    let _ = harness.run_ok();
    assert_eq!(harness.state().history().moves().len(), 5);
    assert_eq!(harness.state().history().move_name(4), "pass");
    assert!(harness.query_by_label("Pass").is_none(), "White has moves");
}
