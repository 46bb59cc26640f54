//! The tree editor driven headlessly through egui_kittest: selecting a node by clicking it, editing it with the
//! keyboard and the in-place field, refused edits, copy and paste, undo and redo, and the help panel.

use alphabeta_studio::app::install_fonts;
use alphabeta_studio::app::tree_lab::{TreeLab, TreeLabSettings};
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

const TEXTBOOK: &str = "((3 12 8) (2 4 6) (14 5 2))";

fn lab_with(text: &str) -> Harness<'static, TreeLab> {
    let lab = TreeLab::new(TreeLabSettings { text: text.to_string(), ..Default::default() });
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_context_setup(install_fonts)
        .build_ui_state(|ui, lab: &mut TreeLab| lab.ui(ui), lab);
    harness.run();
    harness
}

/// Clicks the node at `path` on the canvas, as a user would.
fn click_node(harness: &mut Harness<'static, TreeLab>, path: &[usize]) {
    let at = harness.state().node_position(path).expect("the node is drawn");
    harness.hover_at(at);
    harness.drag_at(at);
    harness.drop_at(at);
    harness.run();
    assert_eq!(harness.state().selected(), Some(path), "clicking {path:?} selects it");
}

fn press(harness: &mut Harness<'static, TreeLab>, key: egui::Key) {
    harness.key_press(key);
    harness.run();
}

fn press_command(harness: &mut Harness<'static, TreeLab>, modifiers: egui::Modifiers, key: egui::Key) {
    harness.key_press_modifiers(modifiers, key);
    harness.run();
}

/// Types into the focused widget (the in-place field) and presses Enter.
fn type_and_enter(harness: &mut Harness<'static, TreeLab>, text: &str) {
    harness.event(egui::Event::Text(text.to_string()));
    harness.run();
    press(harness, egui::Key::Enter);
}

fn text(harness: &Harness<'static, TreeLab>) -> String {
    harness.state().settings.text.clone()
}

#[test]
fn click_a_leaf_and_edit_its_value_in_place() {
    let mut harness = lab_with(TEXTBOOK);
    click_node(&mut harness, &[0, 0]);
    press(&mut harness, egui::Key::Enter);
    harness.get_by_label("Edit node");
    type_and_enter(&mut harness, "1");
    assert_eq!(text(&harness), "((1 12 8) (2 4 6) (14 5 2))");
    // Everything is recomputed: MIN 0 is now worth 1, so α-β looks at more of MIN 1.
    assert_eq!(harness.state().leaves_text().as_deref(), Some("9 of 9"));
    harness.get_by_label("9 of 9");
}

#[test]
fn undo_and_redo_every_edit() {
    let mut harness = lab_with(TEXTBOOK);
    click_node(&mut harness, &[1]);
    press(&mut harness, egui::Key::A);
    assert_eq!(text(&harness), "((3 12 8) (2 4 6 0) (14 5 2))");
    assert_eq!(harness.state().selected(), Some(&[1, 3][..]), "the new child is selected");
    press(&mut harness, egui::Key::Delete);
    assert_eq!(harness.state().selected(), Some(&[1, 2][..]), "deleting selects the neighbour");
    press(&mut harness, egui::Key::P);
    assert_eq!(text(&harness), "((3 12 8) (2 4 (6)) (14 5 2))");
    press_command(&mut harness, egui::Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(text(&harness), TEXTBOOK, "undo the insertion");
    press_command(&mut harness, egui::Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(text(&harness), "((3 12 8) (2 4 6 0) (14 5 2))", "undo the deletion");
    press_command(&mut harness, egui::Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(text(&harness), TEXTBOOK, "undo the addition");
    harness.get_by_label("7 of 9");
    press_command(&mut harness, egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::Z);
    assert_eq!(text(&harness), "((3 12 8) (2 4 6 0) (14 5 2))");
    press_command(&mut harness, egui::Modifiers::COMMAND, egui::Key::Y);
    assert_eq!(text(&harness), TEXTBOOK);
    assert!(harness.state().can_redo());
    // The buttons do the same.
    harness.get_by_label("↶ Undo").click();
    harness.run();
    assert_eq!(text(&harness), "((3 12 8) (2 4 6 0) (14 5 2))");
}

#[test]
fn kinds_moves_labels_and_a_min_root() {
    let mut harness = lab_with(TEXTBOOK);
    click_node(&mut harness, &[]);
    press(&mut harness, egui::Key::K);
    assert_eq!(text(&harness), "max((3 12 8) (2 4 6) (14 5 2))");
    press(&mut harness, egui::Key::K);
    assert_eq!(text(&harness), "min((3 12 8) (2 4 6) (14 5 2))");
    press(&mut harness, egui::Key::L);
    type_and_enter(&mut harness, "R");
    assert_eq!(text(&harness), "R:min((3 12 8) (2 4 6) (14 5 2))");
    click_node(&mut harness, &[2]);
    press(&mut harness, egui::Key::OpenBracket);
    assert_eq!(text(&harness), "R:min((3 12 8) (14 5 2) (2 4 6))");
    assert_eq!(harness.state().selected(), Some(&[1][..]));
    press(&mut harness, egui::Key::CloseBracket);
    assert_eq!(text(&harness), "R:min((3 12 8) (2 4 6) (14 5 2))");
}

#[test]
fn an_edit_that_breaks_the_tree_is_refused() {
    let mut harness = lab_with("chance(1 2)");
    click_node(&mut harness, &[]);
    press(&mut harness, egui::Key::O);
    type_and_enter(&mut harness, "0.5 0.6");
    assert_eq!(text(&harness), "chance(1 2)", "nothing changed");
    harness.get_by_label("Edit refused: the chance root: probabilities add up to 1.1, not 1");
    press(&mut harness, egui::Key::O);
    type_and_enter(&mut harness, "0.25 0.75");
    assert_eq!(text(&harness), "chance(0.25: 1 0.75: 2)");
    assert!(harness.state().edit_error().is_none());
    press(&mut harness, egui::Key::Delete);
    harness.get_by_label("Edit refused: the root cannot be deleted");
}

#[test]
fn copy_and_paste_a_subtree() {
    let mut harness = lab_with(TEXTBOOK);
    click_node(&mut harness, &[0]);
    press_command(&mut harness, egui::Modifiers::COMMAND, egui::Key::C);
    click_node(&mut harness, &[2, 1]);
    press_command(&mut harness, egui::Modifiers::COMMAND, egui::Key::V);
    assert_eq!(text(&harness), "((3 12 8) (2 4 6) (14 (3 12 8) 2))");
    // A tree's notation on the system clipboard pastes too (the window sends it as a paste event).
    click_node(&mut harness, &[1, 0]);
    harness.event(egui::Event::Paste("(7 9)".into()));
    harness.run();
    assert_eq!(text(&harness), "((3 12 8) ((7 9) 4 6) (14 (3 12 8) 2))");
}

#[test]
fn the_help_lists_the_shortcuts() {
    let mut harness = lab_with(TEXTBOOK);
    assert!(harness.query_by_label("Keyboard shortcuts").is_none());
    press(&mut harness, egui::Key::F1);
    harness.get_by_label("Keyboard shortcuts");
    harness.get_by_label("insert a parent above the node");
    press(&mut harness, egui::Key::F1);
    assert!(harness.query_by_label("Keyboard shortcuts").is_none());
    harness.get_by_label("?").click();
    harness.run();
    harness.get_by_label("Keyboard shortcuts");
}
