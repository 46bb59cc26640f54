//! The Tree lab's left panel: the tree (examples, generator, notation), the algorithm, and the counts.

use super::examples::{Example, RandomTree, Shape};
use super::files::Mode;
use super::replay::fmt_value;
use super::{Action, TreeLab};
use crate::engine::search::Algorithm;
use crate::numbers::count;
use crate::tree::order::pearl_branching_factor;
use eframe::egui;
use egui::{Color32, RichText};

/// The colour of error text, readable on both themes.
pub(super) fn error_color(ui: &egui::Ui) -> Color32 {
    if ui.visuals().dark_mode { Color32::from_rgb(255, 120, 110) } else { Color32::from_rgb(190, 30, 30) }
}

/// Draws the editor panel.
pub(super) fn editor(lab: &mut TreeLab, ui: &mut egui::Ui) {
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.add_space(4.0);
        tree_source(lab, ui);
        ui.separator();
        algorithm_picker(lab, ui);
        ui.separator();
        if lab.quiz_on() {
            // The counts (the value, the leaves read, the cut-offs) would give the quiz's answers away.
            ui.label(RichText::new("Counts are hidden in quiz mode.").weak());
        } else {
            counts(lab, ui);
            ui.separator();
            super::ordering::show(lab, ui);
            ui.separator();
            comparison(lab, ui);
        }
    });
}

/// Draws the tree's sources: the examples, the file buttons, the random generator and the notation.
fn tree_source(lab: &mut TreeLab, ui: &mut egui::Ui) {
    ui.horizontal(|ui| {
        ui.heading("Tree");
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.menu_button("Examples ▾", |ui| examples_menu(lab, ui));
        });
    });
    file_buttons(lab, ui);
    random_line(lab, ui);
    notation(lab, ui);
}

/// The Examples menu: the built-in examples, the files in games/trees/ and the random tree.
fn examples_menu(lab: &mut TreeLab, ui: &mut egui::Ui) {
    for example in Example::ALL {
        if ui.button(example.title()).on_hover_text(example.description()).clicked() {
            lab.actions.push(Action::LoadExample(example));
            ui.close();
        }
    }
    ui.separator();
    ui.label(RichText::new("Files in games/trees/").weak());
    for (i, file) in lab.file_examples.iter().enumerate() {
        match &file.tree {
            Ok(_) => {
                if ui.button(file.name()).on_hover_text(&file.description).clicked() {
                    lab.actions.push(Action::LoadFileExample(i));
                    ui.close();
                }
            }
            Err(error) => {
                ui.add_enabled(false, egui::Button::new(format!("{} (broken)", file.name())))
                    .on_disabled_hover_text(error);
            }
        }
    }
    if lab.file_examples.is_empty() {
        ui.label(RichText::new("(none found)").weak());
    }
    ui.separator();
    let title = lab.settings.random.title();
    if ui.button(title).on_hover_text("set the shape, b, d and the seed on the Random line").clicked() {
        lab.actions.push(Action::GenerateRandom);
        ui.close();
    }
}

/// The buttons that open, save, copy and export the tree.
fn file_buttons(lab: &mut TreeLab, ui: &mut egui::Ui) {
    ui.horizontal_wrapped(|ui| {
        if ui.button("Open…").on_hover_text("Open a tree file (.txt notation or .ron)").clicked() {
            lab.actions.push(Action::FileDialog(Mode::Open));
        }
        if ui.button("Save…").on_hover_text("Save the tree (.ron: the studio's file; else notation)").clicked() {
            lab.actions.push(Action::FileDialog(Mode::Save));
        }
        if ui.button("Copy as notation").on_hover_text("Put the tree's notation on the clipboard").clicked() {
            lab.actions.push(Action::CopyNotation);
        }
        if ui
            .button("Export SVG")
            .on_hover_text("Save the whole tree, as the replay stands, to saves/tree-<n>.svg")
            .clicked()
        {
            lab.actions.push(Action::ExportSvg);
        }
        if ui.button("Export PNG").on_hover_text("Save the canvas as drawn to saves/tree-<n>.png").clicked() {
            lab.actions.push(Action::ExportPng);
        }
        let tip = "A worksheet (leaf values, empty boxes for values, α and β, a line for the answer) and its answer \
                   key for the current algorithm: saves/exercise-<n>.svg and exercise-<n>-key.svg";
        if ui.button("Export exercise").on_hover_text(tip).clicked() {
            lab.actions.push(Action::ExportExercise);
        }
    });
}

/// The Random line: the generator's shape, b, d, leaf chance, seed and the Generate button.
fn random_line(lab: &mut TreeLab, ui: &mut egui::Ui) {
    ui.horizontal_wrapped(|ui| {
        let random = &mut lab.settings.random;
        ui.label("Random:");
        let uneven = random.shape == Shape::Unbalanced;
        egui::ComboBox::from_id_salt("tree_lab_shape")
            .selected_text(if uneven { "unbalanced" } else { "uniform" })
            .width(90.0)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut random.shape, Shape::Uniform, "uniform");
                ui.selectable_value(&mut random.shape, Shape::Unbalanced, "unbalanced");
            })
            .response
            .on_hover_text("uniform: every node has b children; unbalanced: up to b, leaves at any depth");
        let (b, d) = if uneven { ("b ≤ ", "d ≤ ") } else { ("b ", "d ") };
        let tip = format!(
            "branching: children of every inner node (unbalanced: the most), 1 to {}",
            RandomTree::MAX_BRANCHING
        );
        let held_b = limited_field(ui, &mut random.branching, RandomTree::MAX_BRANCHING, b, &tip);
        let tip = format!("depth: levels below the root (unbalanced: the deepest), 1 to {}", RandomTree::MAX_DEPTH);
        let held_d = limited_field(ui, &mut random.depth, RandomTree::MAX_DEPTH, d, &tip);
        for held in [held_b, held_d].into_iter().flatten() {
            lab.random_note = held;
        }
        if uneven {
            ui.add(egui::DragValue::new(&mut random.leaf_probability).range(0.0..=1.0).speed(0.01).prefix("leaf p "))
                .on_hover_text("the chance that a node below the root is a leaf");
            ui.checkbox(&mut random.chance, "chance nodes").on_hover_text("chance nodes between some player levels");
        }
        ui.add(egui::DragValue::new(&mut random.seed).prefix("seed "))
            .on_hover_text("the same seed gives the same tree");
        if ui.button("Generate").on_hover_text("a random tree with leaf values 0–20").clicked() {
            lab.actions.push(Action::GenerateRandom);
        }
    });
    if let Some(note) = &lab.random_note {
        ui.label(RichText::new(note).small().color(ui.visuals().warn_fg_color));
    }
    let depth = lab.settings.random.effective_depth();
    if depth != lab.settings.random.depth {
        ui.small(format!("(depth {depth} keeps it under {} leaves)", count(RandomTree::MAX_LEAVES as u64)));
    }
}

/// A b or d field that takes any number typed and holds it to 1..=`max` itself, so that it can say so: `None`
/// when the field did not change, else the note to show (`Some(None)` when the value was within its limits).
fn limited_field(ui: &mut egui::Ui, value: &mut usize, max: usize, prefix: &str, tip: &str) -> Option<Option<String>> {
    let mut typed = *value;
    // Wide enough for anything a person types; the limit is applied below, where it can be reported.
    let field = egui::DragValue::new(&mut typed).range(0..=1_000_000).prefix(prefix);
    if !ui.add(field).on_hover_text(tip).changed() {
        return None;
    }
    let used = typed.clamp(1, max);
    *value = used;
    let name = prefix.trim_end_matches([' ', '≤']).trim();
    Some((used != typed).then(|| format!("{name} = {typed} is outside 1 to {max}: using {name} = {used}")))
}

/// The tree notation's text field (or, for a long text, the offer to show it) and the tree's status under it.
fn notation(lab: &mut TreeLab, ui: &mut egui::Ui) {
    ui.add_space(4.0);
    let label = ui.label("Tree notation");
    if lab.settings.text.len() > LONG_TEXT && !lab.edit_long_text {
        // Laying out a text of hundreds of kilobytes takes egui longer than a frame, every time it changes.
        ui.label(
            RichText::new(format!(
                "{} characters: too long to show here at every edit. Edit on the canvas, or:",
                lab.settings.text.len()
            ))
            .weak(),
        );
        if ui.button("Show the text").on_hover_text("each change of the tree will take a moment to show").clicked() {
            lab.edit_long_text = true;
        }
        tree_status(lab, ui);
        return;
    }
    let edit = egui::TextEdit::multiline(&mut lab.settings.text)
        .code_editor()
        // Three rows to start with (it grows with the text): the comparison table at the panel's foot stays in
        // view in a window of the first size.
        .desired_rows(3)
        .desired_width(f32::INFINITY)
        .hint_text("e.g. ((3 12 8) (2 4 6) (14 5 2))");
    // A long tree scrolls inside its own box, so the counts below stay in view.
    let response = egui::ScrollArea::vertical()
        .id_salt("tree_lab_notation")
        .max_height(180.0)
        .show(ui, |ui| ui.add(edit).labelled_by(label.id))
        .inner;
    if response.changed() {
        lab.actions.push(Action::TextEdited);
    }
    if response.lost_focus() {
        lab.actions.push(Action::TextCommitted);
    }
    tree_status(lab, ui);
}

/// Notation longer than this (in bytes) is not shown in the text field unless asked for: egui lays the whole text
/// out again whenever it changes, about a millisecond per 1,500 bytes (a 20,000-leaf tree's 70 KB took 50 ms).
const LONG_TEXT: usize = 20_000;

/// The text's error, or the tree's size.
fn tree_status(lab: &TreeLab, ui: &mut egui::Ui) {
    match (&lab.error, &lab.analysis) {
        (Some(error), _) => {
            ui.label(RichText::new(format!("Error: {error}")).color(error_color(ui)));
            if lab.analysis.is_some() {
                ui.label(RichText::new("showing the last valid tree").italics().color(ui.visuals().warn_fg_color));
            }
        }
        (None, Some(analysis)) => {
            let (nodes, leaves) = analysis.totals();
            ui.label(RichText::new(format!("{} nodes, {} leaves", count(nodes as u64), count(leaves as u64))).weak());
        }
        (None, None) => {}
    }
}

fn algorithm_picker(lab: &mut TreeLab, ui: &mut egui::Ui) {
    ui.horizontal(|ui| {
        let label = ui.label("Algorithm");
        let current = lab.settings.algorithm;
        let combo = egui::ComboBox::from_id_salt("tree_lab_algorithm").selected_text(current.name());
        let picked = combo.show_ui(ui, |ui| {
            for algorithm in Algorithm::ALL {
                let item = ui.selectable_label(algorithm == current, algorithm.name());
                if item.on_hover_text(algorithm.description()).clicked() && algorithm != current {
                    lab.actions.push(Action::SetAlgorithm(algorithm));
                }
            }
        });
        picked.response.labelled_by(label.id);
    });
    ui.label(RichText::new(lab.settings.algorithm.description()).small().weak());
}

fn counts(lab: &TreeLab, ui: &mut egui::Ui) {
    let Some(analysis) = &lab.analysis else {
        ui.label("No tree yet.");
        return;
    };
    ui.horizontal(|ui| {
        ui.heading("Counts");
        let (event, events) = lab.events();
        if event < events && !lab.quiz_on() {
            ui.label(RichText::new(format!("so far (event {event} of {events})")).weak())
                .on_hover_text("The counts grow with the replay; End shows the whole search's.");
        }
        if lab.error.is_some() {
            ui.label(RichText::new("(last valid tree)").italics().color(ui.visuals().warn_fg_color));
        }
    });
    let (nodes, leaves) = analysis.totals();
    let Some(run) = &analysis.run else {
        if lab.analysing() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(RichText::new(format!("searching {} nodes…", count(nodes as u64))).weak());
            });
        } else {
            ui.label(RichText::new("the search gave up").color(ui.visuals().warn_fg_color)).on_hover_text(format!(
                "it needed more than {} nodes; the lab stops there",
                crate::messages::thousands(super::analysis::NODE_LIMIT)
            ));
        }
        return;
    };
    // The counts grow with the replay, as the trace does: at event 0 nothing is read yet, and the totals are the
    // answer the replay is working towards.
    let tally = Tally::of(lab, run);
    egui::Grid::new("tree_lab_counts").num_columns(2).spacing([12.0, 3.0]).show(ui, |ui| {
        ui.label("Value");
        match tally.value {
            Some(value) => ui.label(RichText::new(fmt_value(value)).strong()),
            None => ui
                .label(RichText::new("not yet known").weak())
                .on_hover_text("The root's value is known when the search returns to it, at the last event (End)."),
        };
        ui.end_row();
        ui.label("Leaves evaluated");
        ui.label(RichText::new(format!("{} of {}", count(tally.leaves), count(leaves as u64))).strong());
        ui.end_row();
        ui.label("Nodes visited");
        ui.label(format!("{} (minimax {})", count(tally.nodes), count(nodes as u64)));
        ui.end_row();
        ui.label("Cut-offs");
        ui.label(format!(
            "{} (α {}, β {}), {} pruned",
            tally.alpha + tally.beta,
            tally.alpha,
            tally.beta,
            tally.pruned
        ))
        .on_hover_text("α-cuts at MIN nodes, β-cuts at MAX nodes; children never entered because of them");
        ui.end_row();
        if let Some((b, d, minimum)) = analysis.levin {
            ui.label("Levin's minimum").on_hover_text("b^⌈d/2⌉ + b^⌊d/2⌋ − 1: α-β's leaves with perfect ordering");
            ui.label(format!("{} leaves (b = {b}, d = {d})", count(minimum)));
            ui.end_row();
            ui.label("Pearl's rate").on_hover_text(
                "With random order, α-β's branching factor is ξ/(1−ξ), ξ the root of x^b + x − 1 = 0 (Pearl 1982): \
                 leaves grow as (ξ/(1−ξ))^d — a rate, not a count for small trees. Perfect order gives √b per ply.",
            );
            let perfect = f64::from(b).sqrt();
            // Two short lines: one long line ran under the panel's scrollbar.
            ui.label(format!("{:.3} a ply at random\n√b = {perfect:.3} at best", pearl_branching_factor(b)));
            ui.end_row();
        }
    });
    if run.truncated {
        ui.label(RichText::new("the replay keeps only the first steps").small().color(ui.visuals().warn_fg_color));
    }
}

/// What the Counts panel shows: the replay's counts so far, or the search's own statistics once the replay is at
/// its end (which also covers the steps a long search did not record).
struct Tally {
    value: Option<f64>,
    leaves: u64,
    nodes: u64,
    alpha: u64,
    beta: u64,
    pruned: u64,
}

impl Tally {
    fn of(lab: &TreeLab, run: &super::analysis::Run) -> Tally {
        let s = &lab.snapshot;
        if s.cursor >= run.steps.len() {
            let stats = &run.result.stats;
            return Tally {
                value: Some(run.result.value_for_max),
                leaves: stats.leaves_evaluated,
                nodes: stats.nodes_visited,
                alpha: stats.alpha_cutoffs,
                beta: stats.beta_cutoffs,
                pruned: stats.branches_pruned,
            };
        }
        // Before the last event the root has at most a pass's bound (MTD(f)), not its value.
        Tally {
            value: None,
            leaves: s.leaves_read as u64,
            nodes: s.nodes_entered,
            alpha: s.alpha_cutoffs,
            beta: s.beta_cutoffs,
            pruned: s.branches_pruned,
        }
    }
}

fn comparison(lab: &mut TreeLab, ui: &mut egui::Ui) {
    let Some(analysis) = &lab.analysis else { return };
    if analysis.comparison.is_empty() && !lab.analysing() {
        return;
    }
    ui.horizontal(|ui| {
        ui.heading("Every algorithm");
        if !analysis.compared() && lab.analysing() {
            ui.spinner().on_hover_text("the counts fill in as each search finishes");
        }
    });
    let current = lab.settings.algorithm;
    let mut chosen = None;
    egui::Grid::new("tree_lab_comparison").num_columns(4).striped(true).spacing([14.0, 2.0]).show(ui, |ui| {
        for title in ["algorithm", "leaves", "nodes", "value"] {
            ui.label(RichText::new(title).weak());
        }
        ui.end_row();
        for row in &analysis.comparison {
            let name = ui.selectable_label(row.algorithm == current, row.algorithm.name());
            if name.on_hover_text(row.algorithm.description()).clicked() && row.algorithm != current {
                chosen = Some(row.algorithm);
            }
            if row.complete {
                ui.label(count(row.leaves));
                ui.label(count(row.nodes));
                ui.label(fmt_value(row.value));
            } else {
                let why = format!("gave up after {} nodes", crate::messages::thousands(row.nodes));
                ui.label(format!("> {}", count(row.leaves))).on_hover_text(&why);
                ui.label(format!("> {}", count(row.nodes))).on_hover_text(&why);
                ui.label("?").on_hover_text(why);
            }
            ui.end_row();
        }
    });
    if let Some(algorithm) = chosen {
        lab.actions.push(Action::SetAlgorithm(algorithm));
    }
}
