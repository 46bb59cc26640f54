//! The Tree lab's frame time on large trees: a benchmark, not a test (speed is measured, not asserted).
//!
//! `cargo test --release --test ui -- --ignored --nocapture frame_time::` draws the whole lab (panels, canvas, trace
//! table) at 1280 × 800 for 60 frames per tree — fitted to the window, then zoomed in where only part of the tree
//! is visible — and prints the CPU time per frame: egui's layout and painting plus tessellation into triangles,
//! everything but the GPU's own work. A second benchmark edits trees of about 2,000, 20,000 and 100,000 leaves
//! (a leaf's value, the algorithm, best-first reordering, undo) at 60 frames a second and prints the slowest frame
//! and how long every figure took to arrive from the lab's worker. Frames are timed in the window thread's CPU
//! time (Linux's `/proc/thread-self/schedstat`), so other work on a shared machine does not count; the arrival
//! of the figures is wall time.

use alphabeta_studio::app::install_fonts;
use alphabeta_studio::app::tree_lab::editing::{Edit, Field};
use alphabeta_studio::app::tree_lab::{Action, TreeLab, TreeLabSettings};
use alphabeta_studio::engine::search::Algorithm;
use alphabeta_studio::tree::generate::{UniformSpec, uniform};
use alphabeta_studio::tree::notation;
use alphabeta_studio::tree::order::Ordering;
use eframe::egui;
use std::time::Instant;

/// Milliseconds per frame (mean, slowest) over `frames` frames, scrolling by `scroll` points a frame.
/// Also returns the triangles of the last frame, to show the tree was drawn.
fn frame_times(ctx: &egui::Context, lab: &mut TreeLab, frames: usize, scroll: f32) -> (f64, f64, usize) {
    let mut times = Vec::new();
    let mut triangles = 0;
    for frame in 0..frames + 5 {
        let mut input = window_input();
        // Zoom in over the canvas's middle with the scroll wheel.
        input.events.push(egui::Event::PointerMoved(egui::pos2(640.0, 400.0)));
        if scroll != 0.0 {
            input.events.push(egui::Event::MouseWheel {
                unit: egui::MouseWheelUnit::Point,
                delta: egui::vec2(0.0, scroll),
                modifiers: egui::Modifiers::NONE,
                phase: egui::TouchPhase::Move,
                source: egui::MouseWheelSource::Wheel,
            });
        }
        let (ms, drawn) = timed_frame(ctx, input, |ui| lab.ui(ui));
        triangles = drawn;
        // The first frames lay the fonts out and fit the tree: not part of the steady state.
        if frame >= 5 {
            times.push(ms);
        }
    }
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    (mean, times.iter().cloned().fold(0.0, f64::max), triangles)
}

#[test]
#[ignore = "a benchmark: run with --ignored --nocapture, in release"]
fn tree_lab_frame_time_on_large_trees() {
    for (branching, depth) in [(2, 10), (5, 6)] {
        let tree = uniform(&UniformSpec { branching, depth, low: -50, high: 50, seed: 1 });
        let nodes = tree.root.node_count();
        let settings = TreeLabSettings { text: notation::print(&tree), ..TreeLabSettings::default() };
        let ctx = egui::Context::default();
        install_fonts(&ctx);
        let mut lab = TreeLab::new(settings);
        lab.use_native_dialogs = false;
        // The steady state: every figure in, the replay at its end.
        lab.wait_for_analysis();
        lab.apply(Action::Seek(alphabeta_studio::app::tree_lab::Seek::End));
        let (fit_mean, fit_max, fit_triangles) = frame_times(&ctx, &mut lab, 60, 0.0);
        let (zoom_mean, zoom_max, zoom_triangles) = frame_times(&ctx, &mut lab, 60, 40.0);
        println!(
            "{nodes} nodes (b = {branching}, d = {depth}): fitted {fit_mean:.1} ms mean, {fit_max:.1} ms slowest \
             ({fit_triangles} triangles); zooming in {zoom_mean:.1} ms mean, {zoom_max:.1} ms slowest \
             ({zoom_triangles} triangles)"
        );
    }
}

/// A frame's input in a 1280 × 800 window, no event yet.
pub(crate) fn window_input() -> egui::RawInput {
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0));
    egui::RawInput { screen_rect: Some(screen), ..Default::default() }
}

/// Draws one frame of `ui` from `input` as the window does but for the GPU's own work — egui's layout and painting,
/// then tessellation into triangles — and returns its CPU time on this thread in milliseconds and the triangles.
pub(crate) fn timed_frame(ctx: &egui::Context, input: egui::RawInput, ui: impl FnMut(&mut egui::Ui)) -> (f64, usize) {
    let started = cpu_ms();
    let mut output = ctx.run_ui(input, ui);
    // No GPU here: the font atlas's updates are dropped (debug builds check that they were handled).
    output.textures_delta.clear();
    let primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
    let ms = cpu_ms() - started;
    let triangles = primitives
        .iter()
        .map(|p| match &p.primitive {
            egui::epaint::Primitive::Mesh(mesh) => mesh.indices.len() / 3,
            egui::epaint::Primitive::Callback(_) => 0,
        })
        .sum();
    (ms, triangles)
}

/// The CPU time this thread has had, in milliseconds (Linux's scheduler statistics; wall time elsewhere): on a
/// machine shared with other work, a frame's wall time counts the time other processes had the core too.
pub(crate) fn cpu_ms() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or_else(|| START.with(|t| t.elapsed().as_secs_f64() * 1000.0), |ns| ns / 1e6)
}

thread_local! {
    static START: Instant = Instant::now();
}

/// Runs frames until the worker has every figure (or `limit` frames), returning (slowest frame in ms of this
/// thread's CPU time, frames, seconds of wall time from `since` until the figures were complete).
fn frames_until_figures(ctx: &egui::Context, lab: &mut TreeLab, since: Instant, limit: usize) -> (f64, usize, f64) {
    let mut slowest: f64 = 0.0;
    let mut frames = 0;
    let mut done_at = None;
    while frames < limit {
        slowest = slowest.max(timed_frame(ctx, window_input(), |ui| lab.ui(ui)).0);
        frames += 1;
        if !lab.analysing() && done_at.is_none() {
            done_at = Some(since.elapsed().as_secs_f64());
            // A few more frames, to take the frames that lay the new figures out into account.
        } else if done_at.is_some() && frames > 3 {
            break;
        }
        // A window at 60 frames a second.
        std::thread::sleep(std::time::Duration::from_millis(16));
    }
    (slowest, frames, done_at.unwrap_or(f64::NAN))
}

/// The CPU time of one frame in which `action` is applied (an edit applies its action in the frame it was made).
fn frame_with(ctx: &egui::Context, lab: &mut TreeLab, action: Action) -> f64 {
    let started = cpu_ms();
    lab.apply(action);
    let applied = cpu_ms() - started;
    applied + timed_frame(ctx, window_input(), |ui| lab.ui(ui)).0
}

#[test]
#[ignore = "a benchmark: run with --ignored --nocapture, in release"]
fn tree_lab_frames_while_editing_large_trees() {
    // About 2,000, 20,000 and 100,000 leaves.
    for (branching, depth) in [(2, 11), (12, 4), (10, 5)] {
        let tree = uniform(&UniformSpec { branching, depth, low: -50, high: 50, seed: 1 });
        let leaves = tree.root.leaf_count();
        let settings = TreeLabSettings { text: notation::print(&tree), ..TreeLabSettings::default() };
        let ctx = egui::Context::default();
        install_fonts(&ctx);
        let loaded = Instant::now();
        let mut lab = TreeLab::new(settings);
        lab.use_native_dialogs = false;
        let load_ms = loaded.elapsed().as_secs_f64() * 1000.0;
        let (load_slowest, _, load_figures) = frames_until_figures(&ctx, &mut lab, loaded, 100_000);
        println!(
            "{leaves} leaves (b = {branching}, d = {depth}): loading {load_ms:.0} ms (parsing the text, before the \
             first frame); then slowest frame {load_slowest:.1} ms, every figure after {load_figures:.2} s"
        );
        let leaf: Vec<usize> = vec![0; depth];
        let edits: Vec<(&str, Vec<Action>)> = vec![
            (
                "edit a leaf",
                vec![Action::Select(Some(leaf.clone())), Action::Edit(Edit::Commit(Field::Value, "49".into()))],
            ),
            ("edit it again", vec![Action::Edit(Edit::Commit(Field::Value, "-49".into()))]),
            ("switch to MTD(f)", vec![Action::SetAlgorithm(Algorithm::Mtdf)]),
            ("reorder best-first", vec![Action::Reorder(Ordering::BestFirst)]),
            ("undo", vec![Action::Undo]),
            ("switch to α-β", vec![Action::SetAlgorithm(Algorithm::Alphabeta)]),
        ];
        for (what, actions) in edits {
            let since = Instant::now();
            let mut edit_frame: f64 = 0.0;
            for action in actions {
                edit_frame = edit_frame.max(frame_with(&ctx, &mut lab, action));
            }
            let (slowest, frames, figures) = frames_until_figures(&ctx, &mut lab, since, 100_000);
            println!(
                "  {what}: its frame {edit_frame:.1} ms; then slowest of {frames} frames {slowest:.1} ms; every \
                 figure after {figures:.2} s"
            );
        }
    }
}
