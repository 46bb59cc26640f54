//! What the window tests share: a Play view, a Tree lab (or the whole studio) in an egui_kittest harness with the
//! studio's fonts, and waiting for the AI, which answers from its own thread.
#![allow(dead_code)] // each test file uses a different part of this

use alphabeta_studio::app::StudioApp;
use alphabeta_studio::app::install_fonts;
use alphabeta_studio::app::play::Play;
use alphabeta_studio::app::tree_lab::{TreeLab, TreeLabSettings};
use alphabeta_studio::games::registry::Registry;
use eframe::egui;
use egui_kittest::Harness;
use std::time::Duration;

/// The registry of the checkout's `games/` folder.
pub fn registry() -> Registry {
    Registry::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games"))
}

/// The Play view on game `id`, set up further by `configure`, in a 1280 × 800 harness.
pub fn play_with(id: &str, configure: impl FnOnce(&mut Play)) -> Harness<'static, Play> {
    play_in(registry(), id, configure)
}

/// [`play_with`] over the games of `registry`.
pub fn play_in(registry: Registry, id: &str, configure: impl FnOnce(&mut Play)) -> Harness<'static, Play> {
    let mut play = Play::new(registry);
    assert!(play.select(id), "{id} is registered");
    configure(&mut play);
    Harness::builder().with_size(egui::vec2(1280.0, 800.0)).with_context_setup(install_fonts).build_ui_state(
        |ui, play: &mut Play| {
            play.ui(ui);
        },
        play,
    )
}

/// The whole studio (menus, views, windows) as `app` stands, in a 1280 × 800 harness.
pub fn studio(app: StudioApp) -> Harness<'static, StudioApp> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_max_steps(64)
        .with_context_setup(install_fonts)
        .build_ui_state(|ui, app: &mut StudioApp| app.show(ui), app)
}

/// The Play view on game `id`.
pub fn play(id: &str) -> Harness<'static, Play> {
    play_with(id, |_| {})
}

/// Runs frames until `done` holds — the worker reports from its own thread, so this waits in small sleeps — and
/// fails after about twenty seconds.
pub fn run_until<S>(harness: &mut Harness<'static, S>, what: &str, done: impl Fn(&S) -> bool) {
    for _ in 0..2000 {
        harness.step();
        if done(harness.state()) {
            settle(harness);
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("timed out waiting for {what}");
}

/// Runs a few frames. Not `Harness::run`: while the AI thinks the view keeps repainting (the spinner, the clock), so
/// it never settles for good.
pub fn settle<S>(harness: &mut Harness<'static, S>) {
    let _ = harness.run_ok();
}

/// Moves played in the Play view.
pub fn moves(harness: &Harness<'static, Play>) -> usize {
    harness.state().history().moves().len()
}

/// The Tree lab on the tree `text`, in a 1280 × 800 harness, after its first frames.
pub fn lab_with(text: &str) -> Harness<'static, TreeLab> {
    lab_stepping(text, 0.25)
}

/// [`lab_with`] in a harness whose clock moves `step_dt` seconds a frame (the harness's default is 0.25 s).
pub fn lab_stepping(text: &str, step_dt: f32) -> Harness<'static, TreeLab> {
    let mut lab = TreeLab::new(TreeLabSettings { text: text.to_string(), ..Default::default() });
    // The system's dialog would block a headless test; the in-window one is what CI and Xvfb get anyway.
    lab.use_native_dialogs = false;
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        // Clicking a button low in the side panel scrolls it into view, which animates over a few frames.
        .with_max_steps(64)
        .with_step_dt(step_dt)
        .with_context_setup(install_fonts)
        .build_ui_state(|ui, lab: &mut TreeLab| lab.ui(ui), lab);
    harness.run();
    harness
}

/// Double-clicks at `at` as a person does: two presses and releases at one place, a frame apart. egui counts a
/// double-click when the second click comes within 0.3 s of the first: the harness must step its clock in less
/// (see [`lab_stepping`]); the pointer stays over the canvas, as a real one does.
pub fn double_click_at(harness: &mut Harness<'static, TreeLab>, at: egui::Pos2) {
    let button = |pressed| egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    harness.hover_at(at);
    harness.step();
    for _ in 0..2 {
        harness.event(button(true));
        harness.event(button(false));
        harness.step();
    }
    harness.run();
}
