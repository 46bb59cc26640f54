//! The Tree lab driven headlessly through egui_kittest: typing a tree, stepping with the keyboard, a malformed
//! tree, switching views. Widgets are found the way a screen reader finds them (AccessKit labels).

use crate::support::lab_with;
use alphabeta_studio::app::tree_lab::{TreeLab, TreeLabSettings};
use alphabeta_studio::app::{StudioApp, install_fonts};
use alphabeta_studio::tree::lab::examples::TEXTBOOK;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// A harness the size of the default window, with the studio's fonts (so a missing glyph fails the test).
fn builder<S>() -> egui_kittest::HarnessBuilder<S> {
    Harness::builder().with_size(egui::vec2(1280.0, 800.0)).with_context_setup(install_fonts)
}

/// Replaces the notation by typing, as a user would: focus the field, select all, type.
fn type_tree(harness: &mut Harness<'static, TreeLab>, text: &str) {
    harness.get_by_label("Tree notation").focus();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run();
    harness.get_by_label("Tree notation").type_text(text);
    harness.run();
}

#[test]
fn typing_a_tree_updates_the_counts() {
    let mut harness = lab_with("(1 2)");
    assert!(harness.query_by_label_contains("7 of 9").is_none());
    type_tree(&mut harness, TEXTBOOK);
    assert_eq!(harness.state().settings.text, TEXTBOOK);
    harness.get_by_label("7 of 9");
    harness.get_by_label("11 (minimax 13)");
    harness.get_by_label("5 leaves (b = 3, d = 2)");
}

#[test]
fn the_keyboard_steps_through_the_search() {
    let mut harness = lab_with(TEXTBOOK);
    // A tree loaded stands at step 0, inviting the newcomer to step.
    assert_eq!(harness.state().cursor(), 0);
    let (at, events) = harness.state().events();
    assert_eq!(at, 0);
    // Each leaf read is one event (its recorder's enter and leave are folded in): 27 of the 41 recorded steps (7 leaves read).
    assert_eq!((events, harness.state().step_count()), (27, 41));
    let hint = format!("Event 0 of {events}: nothing read yet. Press → or ▶ to step through α-β, or Play to watch it.");
    harness.get_by_label(&hint);
    harness.key_press(egui::Key::Home);
    harness.run();
    assert_eq!(harness.state().cursor(), 0);
    harness.key_press(egui::Key::ArrowRight);
    harness.run();
    harness.get_by_label("Start at the root (MAX node root) with α = −∞, β = +∞");
    harness.key_press(egui::Key::ArrowRight);
    harness.run();
    harness.get_by_label("Enter MIN node 0 with α = −∞, β = +∞");
    // Reading a leaf is one step (the recorder's enter and leave around it are skipped).
    harness.key_press(egui::Key::ArrowRight);
    harness.run();
    harness.get_by_label("Read leaf 0.0: value 3");
    harness.key_press(egui::Key::ArrowRight);
    harness.run();
    harness.get_by_label("MIN node 0: a child returned 3; now β = 3");
    harness.key_press(egui::Key::ArrowLeft);
    harness.run();
    harness.get_by_label("Read leaf 0.0: value 3");
    harness.key_press(egui::Key::ArrowLeft);
    harness.run();
    harness.get_by_label("Enter MIN node 0 with α = −∞, β = +∞");
    harness.key_press(egui::Key::ArrowLeft);
    harness.run();
    assert_eq!(harness.state().cursor(), 1);
    // Step to the α-cut at MIN node 1 and read it in words.
    let cut = harness.state().step_description().to_string();
    while !harness.state().step_description().contains("pruned") {
        harness.key_press(egui::Key::ArrowRight);
        harness.run();
        assert!(harness.state().cursor() < harness.state().step_count(), "no cut-off found after {cut}");
    }
    harness.get_by_label("MIN node 1: 2 ≤ α = 3, so its remaining 2 children are pruned");
    harness.key_press(egui::Key::End);
    harness.run();
    assert_eq!(harness.state().cursor(), harness.state().step_count());
}

#[test]
fn a_malformed_tree_keeps_the_last_good_one() {
    let mut harness = lab_with(TEXTBOOK);
    type_tree(&mut harness, "((3 12 8) (2 4 6) (14 5 2)");
    let error = harness.state().error().expect("an error").to_string();
    assert!(error.starts_with("line 1, column "), "{error}");
    harness.get_by_label_contains("Error: line 1, column ");
    harness.get_by_label("showing the last valid tree");
    // The counts still describe the last good tree (its replay at event 0: none of its 9 leaves read yet).
    harness.get_by_label("0 of 9");
    assert_eq!(harness.state().leaves_text().as_deref(), Some("7 of 9"));
}

#[test]
fn the_buttons_step_too() {
    let mut harness = lab_with(TEXTBOOK);
    harness.get_by_label("⇤").click();
    harness.run();
    assert_eq!(harness.state().cursor(), 0);
    harness.get_by_label("▶").click();
    harness.run();
    assert_eq!(harness.state().cursor(), 1);
    harness.get_by_label("⇥").click();
    harness.run();
    assert_eq!(harness.state().cursor(), harness.state().step_count());
}

#[test]
fn the_shell_switches_views() {
    let mut harness = builder().build_ui_state(|ui, app: &mut StudioApp| app.show(ui), StudioApp::default());
    harness.get_by_label("0 of 9");
    harness.get_by_label("Play").click();
    harness.run();
    harness.get_by_label("New game");
    harness.get_by_label("Telemetry").click();
    harness.run();
    harness.get_by_label("No search yet");
    harness.get_by_label("Tree lab").click();
    harness.run();
    harness.get_by_label("0 of 9");
}

#[test]
fn a_small_window_keeps_the_canvas_clear_of_the_panels() {
    for size in [egui::vec2(720.0, 480.0), egui::vec2(800.0, 600.0), egui::vec2(1920.0, 1080.0)] {
        let mut harness = Harness::builder()
            .with_size(size)
            .with_context_setup(install_fonts)
            .build_ui_state(|ui, lab: &mut TreeLab| lab.ui(ui), TreeLab::default());
        harness.run();
        let canvas = harness.get_by_label("Tree canvas").rect();
        let notation = harness.get_by_label("Tree notation").rect();
        let trace = harness.get_by_label("Trace").rect();
        assert!(notation.max.x <= canvas.min.x, "{size:?}: the editor overlaps the canvas");
        assert!(canvas.max.x <= trace.min.x, "{size:?}: the canvas runs under the trace ({canvas:?}, {trace:?})");
        assert!(canvas.width() >= 0.35 * size.x, "{size:?}: the canvas is only {} wide", canvas.width());
        let speed = harness.get_by_label("replay speed").rect();
        assert!(speed.max.x <= trace.min.x, "{size:?}: the step controls run under the trace ({speed:?})");
    }
}

#[test]
fn a_large_tree_is_drawn_at_once_and_its_figures_arrive_from_the_worker() {
    use alphabeta_studio::tree::lab::examples::RandomTree;
    // 4^7 = 16,384 leaves and 21,845 nodes: too many to search in a frame.
    let text = RandomTree { branching: 4, depth: 7, seed: 3, ..Default::default() }.text();
    let mut harness = lab_with(&text);
    // Frames go on while the worker searches; within twenty seconds every figure is in.
    for _ in 0..2000 {
        harness.step();
        if !harness.state().analysing() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(!harness.state().analysing(), "the worker finished");
    harness.run();
    assert_eq!(harness.state().analysis().map(|a| a.totals()), Some((21_845, 16_384)));
    assert!(harness.state().step_count() > 0, "the search was recorded");
    assert_eq!(harness.state().cursor(), 0, "a loaded tree stands at its first step");
    let compared = harness.state().analysis().map(|a| a.comparison.len());
    assert_eq!(compared, Some(8), "every algorithm's counts");
    // Back to a small tree, everything is there at once. The long notation is hidden until asked for.
    harness.get_by_label("Show the text").click();
    harness.run();
    type_tree(&mut harness, TEXTBOOK);
    harness.get_by_label("7 of 9");
}

#[test]
fn the_trace_grows_with_each_step_and_can_show_all() {
    let mut harness = lab_with(TEXTBOOK);
    assert_eq!(harness.state().trace_rows_shown(), 0, "no row before the first step");
    harness.get_by_label("No rows yet: the table grows as you step (→).");
    assert!(harness.query_by_label("trace row 1").is_none());
    harness.get_by_label("event 0 of 27");
    let mut shown = Vec::new();
    for _ in 0..4 {
        harness.key_press(egui::Key::ArrowRight);
        harness.run();
        shown.push(harness.state().trace_rows_shown());
    }
    // The root, MIN node 0, leaf 0.0, then 0.0's value backed up into node 0.
    assert_eq!(shown, [1, 2, 3, 4]);
    harness.get_by_label("event 4 of 27");
    harness.get_by_label("trace row 4");
    assert!(harness.query_by_label("trace row 5").is_none(), "rows not reached are not shown");
    harness.get_by_label("Show all rows").click();
    harness.run();
    let all = harness.state().analysis().and_then(|a| a.run.as_ref()).map(|r| r.trace.len());
    assert_eq!(Some(harness.state().trace_rows_shown()), all);
    harness.get_by_label("trace row 5");
}

#[test]
fn play_advances_and_space_pauses() {
    let lab = TreeLab::new(TreeLabSettings { text: TEXTBOOK.to_string(), speed: 4.0, ..Default::default() });
    // 20 frames a second, so a number of frames is a known time.
    let mut harness = builder().with_step_dt(0.05).build_ui_state(|ui, lab: &mut TreeLab| lab.ui(ui), lab);
    harness.key_press(egui::Key::Home);
    harness.run();
    harness.key_press(egui::Key::Space);
    // Playing asks for frames without end, so step a fixed number of frames instead of running to rest: 1 s.
    harness.run_steps(20);
    let played = harness.state().cursor();
    assert!((2..=10).contains(&played), "4 steps a second for a second, but the cursor is at {played}");
    harness.key_press(egui::Key::Space);
    harness.run_steps(2);
    let paused = harness.state().cursor();
    harness.run_steps(60);
    assert_eq!(harness.state().cursor(), paused, "the replay moved while paused");
    assert!(paused < harness.state().step_count());
}

#[test]
fn clicking_a_trace_row_goes_to_its_step() {
    let mut harness = lab_with(TEXTBOOK);
    harness.get_by_label("Show all rows").click();
    harness.run();
    // Row 3 of the textbook trace is leaf 0.0 (root, 0, 0.0).
    harness.get_by_label("trace row 3").click();
    harness.run();
    harness.get_by_label("Read leaf 0.0: value 3");
}

#[test]
fn the_trace_saves_as_csv_and_pearls_rate_is_shown() {
    let mut harness = lab_with(TEXTBOOK);
    // Uniform tree: Levin's minimum, and Pearl's branching factor for random order against √b.
    harness.get_by_label("2.148 a ply at random\n√b = 1.732 at best");
    harness.get_by_label("Save CSV").click();
    harness.run();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/trace-alphabeta.csv");
    let csv = std::fs::read_to_string(&path).expect("the trace was written");
    let rows = harness.state().analysis().and_then(|a| a.run.as_ref()).map(|r| r.trace.len()).expect("a search");
    assert_eq!(csv.lines().count(), rows + 1, "a header and one line per table row");
    assert!(csv.starts_with("node,type,alpha,beta,value,bound\nroot,Max,-inf,+inf,,\n"), "{csv}");
    assert!(csv.contains("\n1,Min,3,2,2,upper\n"), "the cut MIN node's bound: {csv}");
    harness.get_by_label_contains("trace saved as");
    // The studio writes where a user would find it, in the project's saves/; the test leaves nothing behind there.
    std::fs::remove_file(&path).expect("the trace file can be removed");
}

/// The trace table's VALUE heading: "VALUE", or "VAL" where the panel is narrow.
fn value_heading(harness: &Harness<'static, TreeLab>) -> egui::Rect {
    harness.query_by_label("VALUE").unwrap_or_else(|| harness.get_by_label("VAL")).rect()
}

/// The trace table's width: from its NODE heading's left edge to its VALUE heading's right edge.
fn trace_width(harness: &Harness<'static, TreeLab>) -> f32 {
    value_heading(harness).right() - harness.get_by_label("NODE").rect().left()
}

#[test]
fn the_panels_take_their_share_at_every_size_and_recover_after_a_small_window() {
    let mut harness = lab_with(TEXTBOOK);
    for (width, height) in [(800.0, 600.0), (1400.0, 900.0), (2560.0, 1440.0)] {
        harness.set_size(egui::vec2(width, height));
        harness.run();
        let canvas = harness.get_by_label("Tree canvas").rect();
        assert!(canvas.width() >= 0.38 * width, "{width}: the canvas keeps its room ({})", canvas.width());
        let value = value_heading(&harness);
        assert!(value.right() <= width, "{width}: the trace table is not cut off");
        // Five columns sized to their content (NODE takes the rest) need about 150 points; on a large window the
        // panel is wider still.
        assert!(trace_width(&harness) >= 145.0, "{width}: the trace table has room ({})", trace_width(&harness));
        // The legend and the hint stay on their own parts of the toolbar.
        let legend = harness.get_by_label("cut-off").rect();
        if let Some(hint) = harness.query_by_label("drag to pan · scroll to zoom") {
            assert!(!hint.rect().intersects(legend), "{width}: the legend does not run into the hint");
        }
    }
    harness.set_size(egui::vec2(1400.0, 900.0));
    harness.run();
    let (wide, canvas) = (trace_width(&harness), harness.get_by_label("Tree canvas").rect().width());
    // Squeezed to 640 × 480 and back: the panels come back to the widths they had, not their minimum.
    harness.set_size(egui::vec2(640.0, 480.0));
    harness.run();
    assert!(trace_width(&harness) < wide, "the panel gave way on the small window");
    harness.set_size(egui::vec2(1400.0, 900.0));
    harness.run();
    assert!((trace_width(&harness) - wide).abs() <= 1.0, "{} after, {wide} before", trace_width(&harness));
    assert!((harness.get_by_label("Tree canvas").rect().width() - canvas).abs() <= 1.0);
}
