//! Help everywhere: F1 opens the help of the view on screen (Play, Telemetry, the Tree lab), and the Help menu
//! opens the user guide's pages, the keyboard shortcuts and About.

use alphabeta_studio::app::StudioApp;
use alphabeta_studio::app::shell::View;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn studio_on(view: View) -> Harness<'static, StudioApp> {
    let mut harness = crate::support::studio(StudioApp { view, ..Default::default() });
    let _ = harness.run_ok();
    harness
}

#[test]
fn f1_opens_the_help_of_play_and_of_telemetry() {
    let mut harness = studio_on(View::Play);
    assert!(harness.query_by_label("Play help").is_none());
    harness.key_press(egui::Key::F1);
    let _ = harness.run_ok();
    assert!(harness.state().play.help_open);
    harness.get_by_label("Play help");
    harness.get_by_label("Search panel");
    harness.key_press(egui::Key::F1);
    let _ = harness.run_ok();
    assert!(!harness.state().play.help_open, "F1 again closes it");

    let mut harness = studio_on(View::Telemetry);
    harness.key_press(egui::Key::F1);
    let _ = harness.run_ok();
    assert!(harness.state().telemetry.help_open());
    harness.get_by_label("Telemetry help");
    harness.get_by_label("Share of the minimax tree visited, and the pruning ratio");
}

#[test]
fn the_help_menu_opens_the_guide_the_shortcuts_and_about() {
    let mut harness = studio_on(View::Play);
    let open = |harness: &mut Harness<'static, StudioApp>, entry: &str| {
        harness.get_by_label("Help").click();
        let _ = harness.run_ok();
        harness.get_by_label_contains(entry).click();
        let _ = harness.run_ok();
    };
    // Help for this view, from the menu, is F1's.
    open(&mut harness, "Help for this view");
    assert!(harness.state().play.help_open);
    open(&mut harness, "About Alpha-Beta Studio");
    harness.get_by_label(&format!("Alpha-Beta Studio {}", env!("CARGO_PKG_VERSION")));
    harness.get_by_label("Licence: MIT OR Apache-2.0 (the studio's own code).");
    harness.get_by_label("Hart & Edwards, 1961");
    harness.get_by_label("Knuth & Moore, 1975");

    open(&mut harness, "Keyboard shortcuts");
    harness.get_by_label("Ctrl+S / Ctrl+Shift+S");
    // The Tree lab's own list joins it.
    harness.get_by_label("mark the edge above the selected node pruned (or click the edge)");

    harness.get_by_label("Help").click();
    let _ = harness.run_ok();
    harness.get_by_label("User guide").hover();
    let _ = harness.run_ok();
    harness.get_by_label("Sessions").click();
    let _ = harness.run_ok();
    harness.get_by_label("User guide: Sessions");
    harness.get_by_label_contains("A session keeps everything the window holds");
}
