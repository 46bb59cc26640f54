//! The interface's scale: chosen in Settings or with the keyboard, it zooms the whole window and comes back at the
//! next start from the store's preferences; a saved value outside the offered range is held to it.

use crate::support::{settle, studio};
use alphabeta_studio::app::StudioApp;
use alphabeta_studio::app::session::store::Store;
use eframe::egui;
use egui_kittest::kittest::Queryable;

fn folder() -> tempfile::TempDir {
    tempfile::Builder::new().prefix("abs-interface-scale-").tempdir().expect("temp folder")
}

/// The studio as it starts with its store in `dir`, a few frames drawn.
fn start(dir: &std::path::Path) -> egui_kittest::Harness<'static, StudioApp> {
    let mut harness = studio(StudioApp::with_store(Some(Store::new(dir))));
    settle(&mut harness);
    harness
}

fn choose(harness: &mut egui_kittest::Harness<'static, StudioApp>, label: &str) {
    harness.get_by_label("Settings").click();
    settle(harness);
    harness.get_by_label(label).click();
    settle(harness);
}

#[test]
fn choosing_150_percent_in_settings_zooms_the_window() {
    let mut harness = studio(StudioApp::default());
    settle(&mut harness);
    assert_eq!(harness.ctx.zoom_factor(), 1.0);
    choose(&mut harness, "150 %");
    assert_eq!(harness.ctx.zoom_factor(), 1.5);
    assert_eq!(harness.state().interface_scale.scale, 1.5);
}

#[test]
fn the_interface_scale_comes_back_at_the_next_start() {
    let dir = folder();
    let mut harness = start(dir.path());
    choose(&mut harness, "150 %");
    drop(harness);
    let text = std::fs::read_to_string(dir.path().join(".preferences")).expect("the preferences were written");
    assert!(text.contains("interface_scale: 1.5"), "{text}");

    let mut harness = start(dir.path());
    assert_eq!(harness.ctx.zoom_factor(), 1.5, "the saved scale is applied at start");

    // Ctrl+plus is a setting too: the menu shows it, and it is saved.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Plus);
    settle(&mut harness);
    assert_eq!(harness.ctx.zoom_factor(), 1.6);
    assert_eq!(harness.state().interface_scale.scale, 1.6);
    harness.get_by_label("Settings").click();
    settle(&mut harness);
    harness.get_by_label("160 % (set with the keyboard)");
    drop(harness);
    let mut harness = start(dir.path());
    assert_eq!(harness.ctx.zoom_factor(), 1.6, "the keyboard's scale is applied at start");

    // Ctrl+0 is 100 %, and Ctrl+minus stops at the smallest scale offered.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num0);
    settle(&mut harness);
    assert_eq!(harness.ctx.zoom_factor(), 1.0);
    for _ in 0..5 {
        harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Minus);
        settle(&mut harness);
    }
    assert_eq!(harness.ctx.zoom_factor(), 0.75);
    let text = std::fs::read_to_string(dir.path().join(".preferences")).expect("the preferences");
    assert!(text.contains("interface_scale: 0.75"), "{text}");
}

#[test]
fn a_saved_scale_out_of_range_is_held_to_the_offered_range() {
    for (saved, applied) in [("0.0", 0.75), ("1000.0", 2.0), ("NaN", 1.0), ("-inf", 0.75), ("1.25", 1.25)] {
        let dir = folder();
        std::fs::write(dir.path().join(".preferences"), format!("(interface_scale: {saved})\n")).expect("written");
        let harness = start(dir.path());
        assert_eq!(harness.ctx.zoom_factor(), applied, "saved {saved}");
        assert_eq!(harness.state().interface_scale.scale, applied, "saved {saved}");
        assert!(harness.state().sessions.notice.is_none(), "saved {saved}: a number is no error");
    }
    // A file that is not preferences: 100 %, and a message saying so.
    let dir = folder();
    std::fs::write(dir.path().join(".preferences"), "interface_scale = huge\n").expect("written");
    let harness = start(dir.path());
    assert_eq!(harness.ctx.zoom_factor(), 1.0);
    let notice = harness.state().sessions.notice.as_ref().map(|n| n.text.clone()).unwrap_or_default();
    assert!(
        notice.starts_with("The preferences were not read (") && notice.ends_with("): the interface is at 100 %"),
        "{notice}"
    );
}
