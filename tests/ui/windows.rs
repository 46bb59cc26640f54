//! Every floating window fits the studio's window, title bar and ✕ included, and closes with Escape — at
//! 800 × 600 the Tree lab's shortcuts once put their title above the screen, and Escape left them open.

use alphabeta_studio::app::install_fonts;
use alphabeta_studio::app::shell::{StudioApp, View};
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn studio(size: egui::Vec2) -> Harness<'static, StudioApp> {
    Harness::builder()
        .with_size(size)
        .with_context_setup(install_fonts)
        .build_ui_state(|ui, app| app.show(ui), StudioApp::default())
}

/// The window titled `title` is on screen whole: its title inside the screen, from its top.
fn title_on_screen(harness: &Harness<'static, StudioApp>, title: &str, size: egui::Vec2) {
    let rect = harness.get_by_label(title).rect();
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, size);
    assert!(screen.contains_rect(rect), "{title} at {rect:?}, outside {screen:?}");
}

#[test]
fn the_tree_labs_shortcuts_fit_a_small_window_and_close_with_escape() {
    for size in [egui::vec2(800.0, 600.0), egui::vec2(720.0, 480.0), egui::vec2(1280.0, 800.0)] {
        let mut harness = studio(size);
        harness.get_by_label("?").click();
        let _ = harness.run_ok();
        title_on_screen(&harness, "Keyboard shortcuts", size);
        harness.key_press(egui::Key::Escape);
        let _ = harness.run_ok();
        assert!(harness.query_by_label("Keyboard shortcuts").is_none(), "{size:?}: Escape closes the shortcuts");
    }
}

#[test]
fn telemetrys_help_fits_and_closes_with_escape() {
    let size = egui::vec2(800.0, 600.0);
    let mut harness = studio(size);
    harness.get_by_label("Telemetry").click();
    let _ = harness.run_ok();
    assert_eq!(harness.state().view, View::Telemetry);
    // The view's own Help button, below the menu bar's Help menu.
    let button = harness.query_all_by_label("Help").max_by(|a, b| a.rect().min.y.total_cmp(&b.rect().min.y));
    button.expect("the view's Help button").click();
    let _ = harness.run_ok();
    title_on_screen(&harness, "Telemetry help", size);
    harness.key_press(egui::Key::Escape);
    let _ = harness.run_ok();
    assert!(harness.query_by_label("Telemetry help").is_none(), "Escape closes Telemetry's help");
}

/// The share of the window's width left of `label`'s left edge.
fn share_left_of(harness: &Harness<'static, StudioApp>, label: &str, width: f32) -> f32 {
    harness.get_by_label(label).rect().min.x / width
}

#[test]
fn side_panels_keep_their_share_when_the_window_grows() {
    let (small, large) = (egui::vec2(800.0, 600.0), egui::vec2(2560.0, 1440.0));
    let mut harness = studio(small);
    harness.get_by_label("Telemetry").click();
    let _ = harness.run_ok();
    // The ladder panel on the right: its hint starts where the panel does.
    let hint = "The ladder of a search shows here: click a point in a plot.";
    let before = share_left_of(&harness, hint, small.x);
    harness.set_size(large);
    let _ = harness.run_ok();
    let after = share_left_of(&harness, hint, large.x);
    assert!((before - after).abs() < 0.03, "the ladder panel began at {before} of the window, then at {after}");
    // Play's side panel on the left: the status line over the board starts where the panel ends.
    harness.get_by_label("Play").click();
    harness.set_size(small);
    let _ = harness.run_ok();
    let status = "(your move).";
    let left =
        |harness: &Harness<'static, StudioApp>, width: f32| harness.get_by_label_contains(status).rect().min.x / width;
    let before = left(&harness, small.x);
    harness.set_size(large);
    let _ = harness.run_ok();
    let after = left(&harness, large.x);
    assert!((before - after).abs() < 0.03, "Play's side panel ended at {before} of the window, then at {after}");
}

/// A message about a game goes when the game does: "the records are on the clipboard" stayed on screen over
/// another game's plots.
#[test]
fn telemetrys_message_goes_with_its_game() {
    let mut harness = studio(egui::vec2(1280.0, 800.0));
    harness.get_by_label("Telemetry").click();
    let _ = harness.run_ok();
    harness.get_by_label("Copy CSV").click();
    let _ = harness.run_ok();
    let said = "the records are on the clipboard as CSV";
    harness.get_by_label(said);
    let other = if harness.state().play.entry().variant.id == "tic-tac-toe" { "connect-four" } else { "tic-tac-toe" };
    assert!(harness.state_mut().play.select(other), "{other} is registered");
    let _ = harness.run_ok();
    assert!(harness.query_by_label(said).is_none(), "the message outlived its game");
}
