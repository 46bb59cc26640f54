//! The tree editor driven headlessly through egui_kittest: selecting a node by clicking it, editing it with the
//! keyboard and the in-place field, refused edits, copy and paste, undo and redo, the help panel, and files.

use crate::support::{double_click_at, lab_stepping, lab_with};
use alphabeta_studio::app::tree_lab::TreeLab;
use alphabeta_studio::tree::lab::examples::TEXTBOOK;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

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
fn double_click_a_node_to_edit_it_in_place() {
    let mut harness = lab_stepping(TEXTBOOK, 0.05);
    // A leaf: its value, in the in-place field.
    let leaf = harness.state().node_position(&[1, 2]).expect("the leaf is drawn");
    double_click_at(&mut harness, leaf);
    assert_eq!(harness.state().selected(), Some(&[1, 2][..]));
    harness.get_by_label("Edit node");
    type_and_enter(&mut harness, "7");
    assert_eq!(text(&harness), "((3 12 8) (2 4 7) (14 5 2))");
    // An inner node: its label. The node did not move between the two clicks, though selecting changed the bar.
    let inner = harness.state().node_position(&[2]).expect("the node is drawn");
    double_click_at(&mut harness, inner);
    assert_eq!(harness.state().node_position(&[2]), Some(inner), "the canvas keeps its place");
    assert_eq!(harness.state().selected(), Some(&[2][..]));
    type_and_enter(&mut harness, "right");
    assert_eq!(text(&harness), "((3 12 8) (2 4 7) right:(14 5 2))");
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

/// Replaces the text of the field labelled `label` by typing.
fn type_into(harness: &mut Harness<'static, TreeLab>, label: &str, text: &str) {
    harness.get_by_label(label).focus();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run();
    harness.get_by_label(label).type_text(text);
    harness.run();
}

#[test]
fn the_example_files_are_all_listed_and_valid() {
    let harness = lab_with(TEXTBOOK);
    let names: Vec<String> = harness.state().file_examples().iter().map(|e| e.name()).collect();
    assert!(names.contains(&"memo-1961.txt".to_string()), "{names:?}");
    assert!(names.len() >= 5, "{names:?}");
    for example in harness.state().file_examples() {
        assert!(example.tree.is_ok(), "{}: {:?}", example.name(), example.tree);
    }
}

#[test]
fn open_a_file_from_the_in_window_dialog_and_undo_it() {
    let mut harness = lab_with(TEXTBOOK);
    harness.get_by_label("Open…").click();
    harness.run();
    assert!(harness.state().dialog_open());
    harness.get_by_label_contains("memo-1961.txt").click();
    harness.run();
    assert!(!harness.state().dialog_open());
    // The memo's tree, opened at event 0 of its replay: none of its 27 leaves read yet, 16 by the end.
    harness.get_by_label("0 of 27");
    assert_eq!(harness.state().leaves_text().as_deref(), Some("16 of 27"));
    press_command(&mut harness, egui::Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(text(&harness), TEXTBOOK);
    // A missing file is an error in the dialog, never a panic, and the tree stays.
    harness.get_by_label("Open…").click();
    harness.run();
    type_into(&mut harness, "Path", "no/such/file.txt");
    harness.get_by_label("Open").click();
    harness.run();
    harness.get_by_label_contains("cannot read no/such/file.txt");
    assert_eq!(text(&harness), TEXTBOOK);
}

#[test]
fn save_as_notation_and_as_ron_and_read_back() {
    let dir = std::env::temp_dir().join(format!("alphabeta-editor-test-{}", std::process::id()));
    for name in ["tree.txt", "tree.ron"] {
        let mut harness = lab_with("max(A:(3 12 8) chance(0.25: 2 0.75: 4))");
        let path = dir.join(name);
        harness.get_by_label("Save…").click();
        harness.run();
        type_into(&mut harness, "Path", &path.display().to_string());
        harness.get_by_label("Save").click();
        harness.run();
        assert!(!harness.state().dialog_open(), "saved and closed");
        let read = alphabeta_studio::app::tree_lab::files::read_tree(&path).expect("reads back");
        assert_eq!(Some(&read), harness.state().tree(), "{name}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn best_first_ordering_brings_alphabeta_down_to_levins_minimum() {
    let lecture = include_str!("../../games/trees/perfect-b3-d3.txt");
    let mut harness = lab_with(lecture);
    harness.get_by_label("11 leaves (b = 3, d = 3)");
    harness.get_by_label("Shuffle").click();
    harness.run();
    let shuffled = harness.state().leaves_text().expect("searched");
    harness.get_by_label("Worst-first").click();
    harness.run();
    harness.get_by_label("27 of 27");
    harness.get_by_label_contains(&format!("leaves {} → 27", shuffled.trim_end_matches(" of 27")));
    harness.get_by_label("Best-first").click();
    harness.run();
    harness.get_by_label("11 of 27");
    harness.get_by_label("leaves 27 → 11 · nodes 40 → 20 (alphabeta, best-first)");
    let reordered = harness.state().reordered().expect("a reordering");
    assert_eq!(reordered.after.map(|(leaves, _)| leaves), Some(11), "Levin's minimum for b = 3, d = 3");
    // Each reordering is one undoable edit.
    press_command(&mut harness, egui::Modifiers::COMMAND, egui::Key::Z);
    harness.get_by_label("27 of 27");
}

#[test]
fn the_unbalanced_generator_sits_beside_the_uniform_one() {
    use alphabeta_studio::tree::lab::examples::Shape;
    let mut harness = lab_with(TEXTBOOK);
    harness.state_mut().settings.random.shape = Shape::Unbalanced;
    harness.run();
    harness.get_by_label("chance nodes").click();
    harness.run();
    assert!(harness.state().settings.random.chance, "the chance box shows for unbalanced trees");
    harness.state_mut().settings.random.seed = 5;
    harness.get_by_label("Generate").click();
    harness.run();
    let tree = harness.state().tree().expect("a tree").clone();
    assert!(tree.validate().is_ok());
    assert_ne!(text(&harness), TEXTBOOK);
    assert!(harness.state().error().is_none());
    // Generating is undoable like any other change of the tree.
    press_command(&mut harness, egui::Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(text(&harness), TEXTBOOK);
}

#[test]
fn a_burst_of_typing_is_one_undo_step() {
    let mut harness = lab_with(TEXTBOOK);
    type_into(&mut harness, "Tree notation", "(1 2)");
    assert_eq!(harness.state().tree().map(|t| t.root.leaf_count()), Some(2));
    press(&mut harness, egui::Key::Backspace);
    harness.get_by_label("Tree notation").type_text(" 5)");
    harness.run();
    assert_eq!(text(&harness), "(1 2 5)");
    // Click the canvas: the field lets go of the keyboard, and the shortcuts act on the tree again.
    let canvas = harness.get_by_label("Tree canvas").rect();
    harness.hover_at(canvas.center() + egui::vec2(0.0, canvas.height() * 0.45));
    harness.drag_at(canvas.center() + egui::vec2(0.0, canvas.height() * 0.45));
    harness.drop_at(canvas.center() + egui::vec2(0.0, canvas.height() * 0.45));
    harness.run();
    press_command(&mut harness, egui::Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(text(&harness), TEXTBOOK, "one undo goes back to before the typing");
    assert!(!harness.state().can_undo());
    press_command(&mut harness, egui::Modifiers::COMMAND, egui::Key::Y);
    assert_eq!(text(&harness), "(1 2 5)");
}

#[test]
fn the_file_menu_opens_and_saves_trees_too() {
    use alphabeta_studio::app::StudioApp;
    let mut app = StudioApp::default();
    app.tree_lab.use_native_dialogs = false;
    let mut harness = crate::support::studio(app);
    harness.run();
    harness.get_by_label("File").click();
    harness.run();
    harness.get_by_label("Open tree…").click();
    harness.run();
    assert!(harness.state().tree_lab.dialog_open());
    harness.get_by_label("Open a tree");
}

#[test]
fn alt_arrows_move_the_selection() {
    let mut harness = lab_with(TEXTBOOK);
    let steps = harness.state().cursor();
    press_command(&mut harness, egui::Modifiers::ALT, egui::Key::ArrowDown);
    assert_eq!(harness.state().selected(), Some(&[][..]), "nothing selected: the root");
    press_command(&mut harness, egui::Modifiers::ALT, egui::Key::ArrowDown);
    press_command(&mut harness, egui::Modifiers::ALT, egui::Key::ArrowRight);
    press_command(&mut harness, egui::Modifiers::ALT, egui::Key::ArrowDown);
    assert_eq!(harness.state().selected(), Some(&[1, 0][..]));
    press_command(&mut harness, egui::Modifiers::ALT, egui::Key::ArrowLeft);
    assert_eq!(harness.state().selected(), Some(&[1, 0][..]), "no sibling to the left");
    press_command(&mut harness, egui::Modifiers::ALT, egui::Key::ArrowUp);
    assert_eq!(harness.state().selected(), Some(&[1][..]));
    assert_eq!(harness.state().cursor(), steps, "the replay did not move");
}

/// Right-clicks the node at `path` on the canvas.
fn right_click_node(harness: &mut Harness<'static, TreeLab>, path: &[usize]) {
    let pos = harness.state().node_position(path).expect("the node is drawn");
    harness.hover_at(pos);
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Secondary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
    }
    harness.run();
}

#[test]
fn a_right_click_offers_the_node_s_operations() {
    let mut harness = lab_with(TEXTBOOK);
    right_click_node(&mut harness, &[1]);
    assert_eq!(harness.state().selected(), Some(&[1][..]), "the right-clicked node is selected");
    harness.get_by_label_contains("Add child").click();
    harness.run();
    assert_eq!(text(&harness), "((3 12 8) (2 4 6 0) (14 5 2))");
    // A leaf has a value to edit, no kind and nothing to collapse.
    right_click_node(&mut harness, &[2, 0]);
    harness.get_by_label_contains("Delete").click();
    harness.run();
    assert_eq!(text(&harness), "((3 12 8) (2 4 6 0) (5 2))");
    // Collapse hides the subtree behind one node with its count; the same entry expands it.
    right_click_node(&mut harness, &[0]);
    harness.get_by_label_contains("Collapse").click();
    harness.run();
    assert!(harness.state().is_collapsed(&[0]));
    harness.get_by_label("Tree canvas");
    right_click_node(&mut harness, &[0]);
    harness.get_by_label_contains("Expand").click();
    harness.run();
    assert!(!harness.state().is_collapsed(&[0]));
    // Undo takes back the two edits; collapsing was not one.
    press_command(&mut harness, egui::Modifiers::COMMAND, egui::Key::Z);
    press_command(&mut harness, egui::Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(text(&harness), TEXTBOOK);
}

/// Drags from `from` to `to` with the primary button, through a few points on the way, as a hand does.
fn drag(harness: &mut Harness<'static, TreeLab>, from: egui::Pos2, to: egui::Pos2) {
    harness.hover_at(from);
    harness.step();
    harness.drag_at(from);
    harness.step();
    for t in [0.1, 0.3, 0.6, 0.9, 1.0] {
        harness.hover_at(from + (to - from) * t);
        harness.step();
    }
    harness.drop_at(to);
    harness.run();
}

#[test]
fn dragging_a_subtree_moves_it_onto_a_node_or_between_siblings() {
    let mut harness = lab_with(TEXTBOOK);
    // Onto a node: the subtree becomes its last child.
    let (from, onto) = (harness.state().node_position(&[2]), harness.state().node_position(&[0]));
    drag(&mut harness, from.expect("drawn"), onto.expect("drawn"));
    assert_eq!(text(&harness), "((3 12 8 (14 5 2)) (2 4 6))");
    assert_eq!(harness.state().selected(), Some(&[0, 3][..]), "the moved subtree is selected where it went");
    press_command(&mut harness, egui::Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(text(&harness), TEXTBOOK, "undone in one step");
    // Between two siblings: the leaf 8 dropped between 2 and 4 goes there.
    let (two, four) = (harness.state().node_position(&[1, 0]), harness.state().node_position(&[1, 1]));
    let (two, four) = (two.expect("drawn"), four.expect("drawn"));
    let from = harness.state().node_position(&[0, 2]).expect("drawn");
    drag(&mut harness, from, two + (four - two) * 0.5);
    assert_eq!(text(&harness), "((3 12) (2 8 4 6) (14 5 2))");
    press_command(&mut harness, egui::Modifiers::COMMAND, egui::Key::Z);
    assert_eq!(text(&harness), TEXTBOOK);
    // A drop that would break the tree is refused with the reason, and the tree stays as it was: a leaf cannot
    // take children (it would lose its value).
    let (from, onto) = (harness.state().node_position(&[2]), harness.state().node_position(&[0, 1]));
    drag(&mut harness, from.expect("drawn"), onto.expect("drawn"));
    assert_eq!(text(&harness), TEXTBOOK);
    let error = harness.state().edit_error().map(str::to_string);
    assert_eq!(error.as_deref(), Some("Edit refused: 0.1 is a leaf: drop onto an inner node, or between siblings"));
}
