//! The Tree lab as a class meets it: the counts that grow with the replay, the generator saying when it held a
//! typed number to its limit, the quiz's prompt, the trace table's rows and its exports for a handout.

use crate::support::lab_with;
use alphabeta_studio::tree::lab::examples::TEXTBOOK;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// Clicks the drag value named `label`, types `text` over its value and presses Enter.
fn type_into_drag_value(
    harness: &mut Harness<'static, alphabeta_studio::app::tree_lab::TreeLab>,
    label: &str,
    text: &str,
) {
    harness.get_by_label(label).click();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label(label).type_text(text);
    harness.key_press(egui::Key::Enter);
    harness.run();
}

#[test]
fn the_counts_grow_with_the_replay_and_give_the_totals_at_the_end() {
    let mut harness = lab_with(TEXTBOOK);
    // Event 0: nothing read, nothing known; not the answer the replay works towards.
    assert_eq!(harness.state().cursor(), 0);
    harness.get_by_label("0 of 9");
    harness.get_by_label("0 (minimax 13)");
    harness.get_by_label("not yet known");
    harness.get_by_label_contains("so far (event 0 of 27)");
    assert!(harness.query_by_label("7 of 9").is_none(), "the final count is not shown at event 0");
    // Three events: the root, MIN node 0, leaf 0.0 read.
    for _ in 0..3 {
        harness.key_press(egui::Key::ArrowRight);
        harness.run();
    }
    harness.get_by_label("1 of 9");
    harness.get_by_label("3 (minimax 13)");
    harness.key_press(egui::Key::End);
    harness.run();
    harness.get_by_label("7 of 9");
    harness.get_by_label("11 (minimax 13)");
    harness.get_by_label_contains(", 2 pruned");
    assert!(harness.query_by_label_contains("so far").is_none());
}

#[test]
fn a_typed_b_over_the_limit_says_what_was_used() {
    let mut harness = lab_with(TEXTBOOK);
    type_into_drag_value(&mut harness, "b", "12");
    assert_eq!(harness.state().settings.random.branching, 8);
    harness.get_by_label("b = 12 is outside 1 to 8: using b = 8");
    // A value within the limit clears the note.
    type_into_drag_value(&mut harness, "b", "3");
    assert_eq!(harness.state().settings.random.branching, 3);
    assert!(harness.query_by_label_contains("is outside").is_none());
    type_into_drag_value(&mut harness, "d", "0");
    assert_eq!(harness.state().settings.random.depth, 1);
    harness.get_by_label("d = 0 is outside 1 to 10: using d = 1");
}

#[test]
fn the_trace_and_counts_save_as_markdown_and_latex_for_a_handout() {
    let mut harness = lab_with(TEXTBOOK);
    let saves = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("saves");
    for (item, file, expected) in [
        ("Save as Markdown", "trace-alphabeta.md", "| Leaves evaluated | 7 of 9 |"),
        ("Save as LaTeX", "trace-alphabeta.tex", "\\begin{tabular}{llrrr}"),
    ] {
        harness.get_by_label("For a handout ▾").click();
        harness.run();
        harness.get_by_label(item).click();
        harness.run();
        let path = saves.join(file);
        let text = std::fs::read_to_string(&path).expect("the trace was written");
        assert!(text.contains(expected), "{text}");
        // The table has the whole trace, whatever the replay shows: one line per row of the table.
        let rows = harness.state().analysis().and_then(|a| a.run.as_ref()).map(|r| r.trace.len()).expect("a search");
        let lines = text.lines().filter(|l| l.starts_with("| ") || l.ends_with("\\\\")).count();
        // A heading line, the rows, and the four counts (Markdown gives the counts a heading line too).
        let headings = if file.ends_with(".md") { 2 } else { 1 };
        assert_eq!(lines, headings + rows + 4, "{text}");
        harness.get_by_label_contains("trace saved as");
        assert!(harness.state().message().is_some_and(|m| m.ends_with(file)), "{:?}", harness.state().message());
        std::fs::remove_file(&path).expect("the trace file can be removed");
    }
}

#[test]
fn a_deep_path_is_shortened_in_its_middle_and_a_row_click_selects_its_node() {
    // Eleven levels down the first child: the paths differ only in their last steps.
    let deep = format!("({}1 2{} 3)", "(".repeat(10), ")".repeat(10));
    let mut harness = lab_with(&deep);
    harness.get_by_label("Show all rows").click();
    harness.run();
    assert!(harness.state().show_all_rows);
    // Each path keeps its start and its end, "0.0…0.1" (the whole path on hover).
    let long = "0.0.0.0.0.0.0.0.0.0.1";
    let ends: Vec<String> = harness
        .query_all_by_label_contains("…")
        .filter_map(|n| n.accesskit_node().value())
        .filter(|l| l.starts_with("0.0"))
        .collect();
    assert!(ends.iter().any(|l| l.ends_with("…0.1")) && ends.iter().any(|l| l.ends_with("…0.0")), "{ends:?}");
    assert!(harness.query_by_label(long).is_none(), "the long path does not fit whole");
    // Clicking a row goes to its step and selects its node, which the canvas rings.
    harness.get_by_label("trace row 2").click();
    harness.run();
    assert_eq!(harness.state().selected(), Some(&[0usize][..]));
}
