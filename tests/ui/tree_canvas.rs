//! The Tree lab's canvas and what frames it: a large tree seen whole and readable at every zoom, the
//! in-place field inside the canvas, pruned edges dashed at the cut-off, the comparison table in view, and a
//! message above the canvas that does not move it.

use crate::support::{double_click_at, lab_stepping, lab_with};
use alphabeta_studio::app::tree_lab::TreeLab;
use alphabeta_studio::app::{StudioApp, install_fonts};
use alphabeta_studio::tree::lab::examples::{RandomTree, TEXTBOOK};
use alphabeta_studio::tree::notation;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// The lab on a uniform tree of 7^5 = 16,807 leaves, searched, after its first frames.
fn large_lab() -> Harness<'static, TreeLab> {
    let text = RandomTree { branching: 7, depth: 5, seed: 1, ..Default::default() }.text();
    let mut harness = lab_with(&text);
    harness.state_mut().wait_for_analysis();
    harness.run();
    harness
}

/// The Tree lab as it opens, in a harness of `size`.
fn blank_lab(size: egui::Vec2) -> Harness<'static, TreeLab> {
    Harness::builder()
        .with_size(size)
        .with_context_setup(install_fonts)
        .build_ui_state(|ui, lab: &mut TreeLab| lab.ui(ui), TreeLab::default())
}

fn canvas(harness: &Harness<'static, TreeLab>) -> egui::Rect {
    harness.get_by_label("Tree canvas").rect()
}

#[test]
fn fit_shows_every_leaf_of_a_large_tree() {
    let mut harness = large_lab();
    harness.get_by_label("Fit").click();
    harness.run();
    let canvas = canvas(&harness);
    let analysis = harness.state().analysis().expect("a tree");
    let flat = analysis.flat.clone();
    let leaves: Vec<u32> = (0..flat.nodes.len() as u32).filter(|&id| flat.is_leaf(id)).collect();
    assert_eq!(leaves.len(), 16_807);
    for id in leaves {
        let path = flat.path(id);
        let at = harness.state().node_position(&path).expect("drawn");
        assert!(canvas.x_range().contains(at.x), "leaf {path:?} at {at:?} is outside the canvas {canvas:?}");
        assert!(canvas.y_range().contains(at.y), "leaf {path:?} at {at:?} is outside the canvas {canvas:?}");
    }
}

/// On a 2560 × 1440 window, Fit spreads a small tree (the textbook's nine leaves) over most of the canvas — at
/// least 80 % of its width or its height — where it used to stop at 160 % zoom, a third of the canvas empty.
#[test]
fn fit_fills_a_large_canvas_with_a_small_tree() {
    let mut lab = TreeLab::new(alphabeta_studio::app::tree_lab::TreeLabSettings {
        text: TEXTBOOK.to_string(),
        ..Default::default()
    });
    lab.use_native_dialogs = false;
    let mut harness = Harness::builder()
        .with_size(egui::vec2(2560.0, 1440.0))
        .with_context_setup(install_fonts)
        .build_ui_state(|ui, lab: &mut TreeLab| lab.ui(ui), lab);
    harness.state_mut().wait_for_analysis();
    harness.run();
    harness.get_by_label("Fit").click();
    harness.run();
    let canvas = canvas(&harness);
    let at = |path: &[usize]| harness.state().node_position(path).expect("drawn");
    let (left, right, root, leaf) = (at(&[0, 0]), at(&[2, 2]), at(&[]), at(&[0, 0]));
    let (across, down) = ((right.x - left.x) / canvas.width(), (leaf.y - root.y) / canvas.height());
    assert!(across >= 0.8 || down >= 0.8, "the tree fills {across:.2} of the canvas's width, {down:.2} of its height");
    for path in [[0, 0], [2, 2]] {
        assert!(canvas.contains(at(&path)), "leaf {path:?} outside the canvas {canvas:?}");
    }
}

#[test]
fn fit_shows_a_hundred_thousand_leaves() {
    let text = format!("({})", vec!["1"; 100_000].join(" "));
    let mut harness = lab_with(&text);
    harness.state_mut().wait_for_analysis();
    harness.run();
    let canvas = canvas(&harness);
    for index in [0, 50_000, 99_999] {
        let at = harness.state().node_position(&[index]).expect("drawn");
        assert!(canvas.contains(at), "leaf {index} at {at:?} is outside the canvas {canvas:?}");
    }
}

#[test]
fn at_every_zoom_a_node_is_seen_with_its_children() {
    let mut harness = large_lab();
    let canvas = canvas(&harness);
    let (parent, child) = ([3, 3, 3, 3].as_slice(), [3, 3, 3, 3, 3].as_slice());
    let gap = |harness: &Harness<'static, TreeLab>| {
        let (a, b) = (harness.state().node_position(parent), harness.state().node_position(child));
        b.expect("drawn").y - a.expect("drawn").y
    };
    // Zoom in from the whole tree to the leaves, about the parent: the levels stay a readable distance apart,
    // and never so far that a node and its children do not fit on the canvas together.
    for step in 0..14 {
        let at = harness.state().node_position(parent).expect("drawn");
        let level = gap(&harness);
        assert!(level >= 40.0, "step {step}: levels only {level} points apart");
        assert!(level <= 0.5 * canvas.height(), "step {step}: levels {level} points apart on a canvas {canvas:?}");
        harness.hover_at(at);
        harness.event(egui::Event::Zoom(1.8));
        harness.run();
    }
    let zoom = harness.state().to_session().zoom;
    assert!(zoom > 1.0, "zoomed in to {zoom}");
}

#[test]
fn the_in_place_field_stays_inside_the_canvas() {
    for path in [[0, 0], [2, 2]] {
        let mut harness = lab_stepping(TEXTBOOK, 0.05);
        let leaf = harness.state().node_position(&path).expect("the leaf is drawn");
        double_click_at(&mut harness, leaf);
        let field = harness.get_by_label("Edit node").rect();
        let canvas = canvas(&harness);
        assert!(canvas.contains_rect(field), "leaf {path:?}: the field {field:?} is clipped by {canvas:?}");
    }
}

/// Short line segments drawn along the edge from `a` to `b`: the dashes of a dashed edge.
fn dashes_between(harness: &Harness<'static, TreeLab>, a: egui::Pos2, b: egui::Pos2) -> usize {
    let along = |p: egui::Pos2| {
        let t = ((p - a).dot(b - a) / (b - a).length_sq()).clamp(0.0, 1.0);
        (a + (b - a) * t).distance(p) < 1.0
    };
    harness
        .output()
        .shapes
        .iter()
        .filter(|clipped| match &clipped.shape {
            egui::Shape::LineSegment { points: [p, q], .. } => p.distance(*q) < 6.0 && along(*p) && along(*q),
            _ => false,
        })
        .count()
}

#[test]
fn pruned_edges_turn_dashed_at_the_cut_off() {
    let mut harness = lab_with(TEXTBOOK);
    // α-β on the textbook tree: MIN 1 reads its first leaf, 2 ≤ α = 3, and prunes its other two children.
    for _ in 0..40 {
        if harness.state().step_description().contains("pruned") {
            break;
        }
        harness.key_press(egui::Key::ArrowRight);
        harness.run();
    }
    let said = harness.state().step_description().to_string();
    assert!(said.contains("pruned"), "{said}");
    assert!(harness.state().cursor() < harness.state().step_count(), "the search is not over");
    let position = |path: &[usize]| harness.state().node_position(path).expect("drawn");
    for pruned in [[1, 1], [1, 2]] {
        let dashes = dashes_between(&harness, position(&[1]), position(&pruned));
        assert!(dashes >= 3, "the edge to {pruned:?} is drawn with {dashes} dashes at '{said}'");
    }
    let read = dashes_between(&harness, position(&[1]), position(&[1, 0]));
    assert_eq!(read, 0, "the edge to the leaf read is solid");
}

#[test]
fn every_algorithm_s_table_is_whole_on_first_start() {
    // The whole window at its first size, menu bar and all.
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_context_setup(install_fonts)
        .build_ui_state(|ui, app: &mut StudioApp| app.show(ui), StudioApp::default());
    harness.run();
    for name in ["minimax", "star1"] {
        let row = harness.get_by_label(name).rect();
        assert!(row.max.y <= 800.0, "the table's row {name} is cut off at {row:?}");
    }
}

#[test]
fn a_message_above_the_canvas_does_not_move_it() {
    let mut harness = blank_lab(egui::vec2(800.0, 600.0));
    harness.run();
    let before = canvas(&harness);
    let tree = notation::parse(TEXTBOOK).expect("valid");
    let note = "The move tree from Play: Connect Four after 4 3 4 3, two plies deep, 49 positions, each leaf \
                valued by the game's evaluation from the side to move";
    harness.state_mut().open_tree(tree, note);
    harness.state_mut().wait_for_analysis();
    harness.run();
    assert_eq!(canvas(&harness), before, "the note moved the canvas");
    harness.get_by_label_contains("The move tree from Play");
}

#[test]
fn selecting_nodes_does_not_move_the_canvas() {
    for size in [egui::vec2(720.0, 480.0), egui::vec2(800.0, 600.0), egui::vec2(1000.0, 700.0)] {
        let mut harness = blank_lab(size);
        harness.run();
        let before = canvas(&harness);
        for path in [vec![0, 0], vec![1], vec![], vec![2, 1]] {
            let at = harness.state().node_position(&path).expect("drawn");
            harness.hover_at(at);
            harness.drag_at(at);
            harness.drop_at(at);
            harness.run();
            assert_eq!(harness.state().selected(), Some(&path[..]));
            assert_eq!(canvas(&harness), before, "{size:?}: selecting {path:?} moved the canvas");
        }
        // Zoomed far out, the zoom figure is wider: the bar above the canvas stays as it was.
        harness.hover_at(before.center());
        for _ in 0..6 {
            harness.event(egui::Event::Zoom(0.1));
            harness.run();
        }
        assert!(harness.state().to_session().zoom < 0.001);
        assert_eq!(canvas(&harness), before, "{size:?}: zooming out moved the canvas");
    }
}

/// The step's description under the canvas keeps two lines whatever the step says, so the
/// canvas keeps its height while the replay runs (a wrap to a third line or back to one used to move its edge).
#[test]
fn stepping_does_not_change_the_canvas() {
    let mut harness = blank_lab(egui::vec2(800.0, 600.0));
    harness.run();
    let before = canvas(&harness);
    let mut lines = std::collections::BTreeSet::new();
    for _ in 0..harness.state().step_count() {
        harness.get_by_label("▶").click();
        harness.run();
        lines.insert(harness.state().step_description().len() / 60);
        assert_eq!(canvas(&harness), before, "at: {}", harness.state().step_description());
    }
    assert!(lines.len() > 1, "descriptions of one length only: the test would prove nothing");
}
