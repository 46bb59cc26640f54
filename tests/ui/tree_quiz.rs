//! Quiz mode and the canvas export, driven headlessly through egui_kittest: turn the quiz on, write a value by
//! typing, mark an edge pruned by clicking it, press Check and read the counts; export the SVG and find the file.

use crate::support::lab_with;
use alphabeta_studio::app::tree_lab::{Action, TreeLab};
use alphabeta_studio::tree::lab::examples::Example;
use alphabeta_studio::tree::lab::examples::TEXTBOOK;
use alphabeta_studio::tree::lab::svg::check_well_formed;
use alphabeta_studio::tree::notation;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn click_at(harness: &mut Harness<'static, TreeLab>, at: egui::Pos2) {
    harness.hover_at(at);
    harness.drag_at(at);
    harness.drop_at(at);
    harness.run();
}

fn click_node(harness: &mut Harness<'static, TreeLab>, path: &[usize]) {
    let at = harness.state().node_position(path).expect("the node is drawn");
    click_at(harness, at);
    assert_eq!(harness.state().selected(), Some(path), "clicking {path:?} selects it");
}

/// Types into the field named `label`, replacing what it held.
fn type_into(harness: &mut Harness<'static, TreeLab>, label: &str, text: &str) {
    harness.get_by_label(label).focus();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run();
    harness.get_by_label(label).type_text(text);
    harness.run();
}

#[test]
fn quiz_a_value_and_a_pruned_edge_then_check() {
    let mut harness = lab_with(TEXTBOOK);
    // The replay's values are on view until the quiz starts.
    harness.get_by_label_contains("Press → or ▶ to step through α-β");
    harness.get_by_label("Quiz").click();
    harness.run();
    assert!(harness.state().quiz_on());
    assert!(harness.query_by_label_contains("Press → or ▶").is_none(), "the replay is hidden");
    harness.get_by_label_contains("Quiz mode: the replay is hidden");

    // MIN node 1 is cut after its first leaf: at most 2.
    click_node(&mut harness, &[1]);
    type_into(&mut harness, "your value", "<=2");
    assert_eq!(harness.state().quiz_marks().nodes[&vec![1]].value, "<=2");
    // The root: a wrong value, on purpose.
    click_node(&mut harness, &[]);
    type_into(&mut harness, "your value", "12");
    // One of the two pruned edges, by clicking it on the canvas.
    let edge = harness.state().edge_position(&[1, 1]).expect("the edge is drawn");
    click_at(&mut harness, edge);
    assert!(harness.state().quiz_marks().pruned.contains(&vec![1, 1]), "clicking the edge marks it");

    harness.get_by_label("Check").click();
    harness.run();
    // Right: MIN node 1's bound, edge 1.1. Wrong: the root's 12. Missing: MIN nodes 0 and 2, edge 1.2.
    harness.get_by_label("2 right, 1 wrong, 3 missing");
    harness.get_by_label_contains("MAX node root: value 12 — wrong, the search gives 3");
    harness.get_by_label_contains("leaf 1.2: edge pruned — not marked");

    // Fix the root and mark the other edge from the node bar: the grade follows at once.
    click_node(&mut harness, &[]);
    type_into(&mut harness, "your value", "3");
    click_node(&mut harness, &[1, 2]);
    harness.get_by_label("mark pruned").click();
    harness.run();
    harness.get_by_label("4 right, 0 wrong, 2 missing");
}

#[test]
fn the_grade_follows_every_edit_and_drops_removed_nodes() {
    let mut harness = lab_with(TEXTBOOK);
    harness.key_press(egui::Key::Q);
    harness.run();
    assert!(harness.state().quiz_on(), "Q turns the quiz on");
    click_node(&mut harness, &[2]);
    type_into(&mut harness, "your value", "<=2");
    harness.get_by_label("Check").click();
    harness.run();
    harness.get_by_label("1 right, 0 wrong, 5 missing");
    // Missing: the values of the root and MIN nodes 0 and 1, and the two edges pruned below MIN node 1.
    // Delete the first subtree: paths shift, so the mark on path 2 goes with it, and the new tree prunes
    // nothing (MIN node 1, now 14 5 2, reads its last leaf before falling to α = 2): three values are missing.
    click_node(&mut harness, &[0]);
    harness.key_press(egui::Key::Delete);
    harness.run();
    assert!(harness.state().quiz_marks().is_empty(), "the mark on the removed path is dropped");
    let grade = harness.state().quiz_grade().expect("still checked").summary();
    assert_eq!(grade, "0 right, 0 wrong, 3 missing");
    harness.get_by_label(&grade);
}

#[test]
fn export_svg_writes_the_file_and_says_where() {
    let mut harness = lab_with(TEXTBOOK);
    // The SVG shows the replay as it stands: at its end, the pruned edges and the bounds.
    harness.key_press(egui::Key::End);
    harness.run();
    harness.get_by_label("Export SVG").click();
    harness.run();
    let message = harness.state().message().expect("a message").to_string();
    let path = message.strip_prefix("saved ").expect("it says where").to_string();
    harness.get_by_label(&message);
    let svg = std::fs::read_to_string(&path).expect("the file exists");
    std::fs::remove_file(&path).expect("clean up");
    assert!(path.ends_with(".svg") && path.contains("tree-"), "{path}");
    assert!(check_well_formed(&svg).is_ok(), "{:?}", check_well_formed(&svg));
    assert_eq!(svg.matches(r#"class="node "#).count(), 13);
    assert_eq!(svg.matches(r#"class="edge pruned""#).count(), 2);
    assert!(svg.contains(">≤2</text>"));
}

#[test]
fn export_exercise_writes_a_worksheet_and_its_key() {
    let mut harness = lab_with(TEXTBOOK);
    harness.get_by_label("Export exercise").click();
    harness.run();
    let message = harness.state().message().expect("a message").to_string();
    let paths: Vec<String> =
        message.strip_prefix("saved ").expect("it says where").split(" and ").map(String::from).collect();
    assert_eq!(paths.len(), 2, "{message}");
    let sheet = std::fs::read_to_string(&paths[0]).expect("the worksheet exists");
    let key = std::fs::read_to_string(&paths[1]).expect("the key exists");
    for path in &paths {
        std::fs::remove_file(path).expect("clean up");
    }
    assert!(paths[1].ends_with("-key.svg"), "{paths:?}");
    assert!(check_well_formed(&sheet).is_ok() && check_well_formed(&key).is_ok());
    assert_eq!(sheet.matches(r#"class="pruned""#).count(), 0, "the worksheet gives nothing away");
    assert_eq!(key.matches(r#"class="pruned""#).count(), 2, "the key marks α-β's two pruned edges");
}

/// Marks one value on the textbook tree and checks, so the quiz has a mark and a grade.
fn marked_and_checked() -> Harness<'static, TreeLab> {
    let mut harness = lab_with(TEXTBOOK);
    harness.key_press(egui::Key::Q);
    harness.run();
    click_node(&mut harness, &[1]);
    type_into(&mut harness, "your value", "<=2");
    harness.get_by_label("Check").click();
    harness.run();
    harness.get_by_label("1 right, 0 wrong, 5 missing");
    harness
}

#[test]
fn a_new_tree_starts_an_empty_quiz() {
    type NewTree = fn(&mut TreeLab);
    let new_trees: [(&str, NewTree); 4] = [
        ("Generate", |lab| lab.apply(Action::GenerateRandom)),
        ("an example", |lab| lab.apply(Action::LoadExample(Example::Memo1961))),
        ("a file's tree", |lab| lab.apply(Action::LoadFileExample(0))),
        ("Show why", |lab| lab.open_tree(notation::parse("max(min(1, 2), min(3, 4))").expect("tree"), "from Play")),
    ];
    for (what, new_tree) in new_trees {
        let mut harness = marked_and_checked();
        new_tree(harness.state_mut());
        harness.run();
        let lab = harness.state();
        assert_ne!(lab.settings.text, TEXTBOOK, "{what} shows another tree");
        assert!(lab.quiz_marks().is_empty(), "{what}: the old tree's marks are gone");
        assert!(lab.quiz_grade().is_none(), "{what}: nothing graded against the new tree");
        assert!(harness.query_by_label_contains("right,").is_none(), "{what}: no grade shown");
    }
    // Typing on the same tree keeps the marks: it is still the tree they were written on.
    let mut harness = marked_and_checked();
    harness.state_mut().set_text(TEXTBOOK.replace("12", "13"));
    harness.run();
    assert!(!harness.state().quiz_marks().is_empty(), "an edit keeps the marks");
}
