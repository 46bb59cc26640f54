//! The Tree lab's frame time on large trees: a benchmark, not a test (speed is measured, not asserted).
//!
//! `cargo test --release --test frame_time -- --ignored --nocapture` draws the whole lab (panels, canvas, trace
//! table) at 1280 × 800 for 60 frames per tree — fitted to the window, then zoomed in where only part of the tree
//! is visible — and prints the CPU time per frame: egui's layout and painting plus tessellation into triangles,
//! everything but the GPU's own work.

use alphabeta_studio::app::install_fonts;
use alphabeta_studio::app::tree_lab::{TreeLab, TreeLabSettings};
use alphabeta_studio::tree::generate::{UniformSpec, uniform};
use alphabeta_studio::tree::notation;
use eframe::egui;
use std::time::Instant;

/// Milliseconds per frame (mean, slowest) over `frames` frames, scrolling by `scroll` points a frame.
/// Also returns the triangles of the last frame, to show the tree was drawn.
fn frame_times(ctx: &egui::Context, lab: &mut TreeLab, frames: usize, scroll: f32) -> (f64, f64, usize) {
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0));
    let mut times = Vec::new();
    let mut triangles = 0;
    for frame in 0..frames + 5 {
        let mut input = egui::RawInput { screen_rect: Some(screen), ..Default::default() };
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
        let started = Instant::now();
        let output = ctx.run_ui(input, |ui| lab.ui(ui));
        let primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
        triangles = primitives
            .iter()
            .map(|p| match &p.primitive {
                egui::epaint::Primitive::Mesh(mesh) => mesh.indices.len() / 3,
                egui::epaint::Primitive::Callback(_) => 0,
            })
            .sum();
        // The first frames lay the fonts out and fit the tree: not part of the steady state.
        if frame >= 5 {
            times.push(started.elapsed().as_secs_f64() * 1000.0);
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
        let (fit_mean, fit_max, fit_triangles) = frame_times(&ctx, &mut lab, 60, 0.0);
        let (zoom_mean, zoom_max, zoom_triangles) = frame_times(&ctx, &mut lab, 60, 40.0);
        println!(
            "{nodes} nodes (b = {branching}, d = {depth}): fitted {fit_mean:.1} ms mean, {fit_max:.1} ms slowest \
             ({fit_triangles} triangles); zooming in {zoom_mean:.1} ms mean, {zoom_max:.1} ms slowest \
             ({zoom_triangles} triangles)"
        );
    }
}
