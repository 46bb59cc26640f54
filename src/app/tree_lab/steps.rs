//! Replaying the recorded search: the step controls with the step said in words, and the lecture's trace table
//! kept in step with them.

use super::replay::fmt_value;
use super::{Action, Seek, TreeLab};
use crate::engine::search::observer::{Bound, TraceRow};
use crate::tree::lab::tables::TableFormat;
use eframe::egui;
use egui::{Color32, RichText};

/// The replay speeds the slider offers, in steps per second (a session's speed is held to them too).
pub const SPEEDS: std::ops::RangeInclusive<f32> = 0.5..=60.0;

/// The bottom bar: ⇤ ◀ ▶ ⇥, Play/Pause, speed, the step slider, and the current step in words.
pub(super) fn controls(lab: &mut TreeLab, ui: &mut egui::Ui) {
    ui.add_space(4.0);
    if lab.quiz_on() {
        // The steps would give the answers away.
        ui.label(RichText::new("Quiz mode: the replay is hidden until you leave it (Q).").size(15.0).strong());
        ui.add_space(4.0);
        return;
    }
    let count = lab.step_count();
    let cursor = lab.cursor();
    // Every row wraps: a panel whose contents overflow would push the canvas under the trace panel.
    ui.horizontal_wrapped(|ui| {
        let buttons = [
            ("⇤", "Jump to the start (Home)", Seek::Start, cursor > 0),
            ("◀", "Step back (←)", Seek::Back, cursor > 0),
            ("▶", "Step forward (→)", Seek::Forward, cursor < count),
            ("⇥", "Jump to the end (End)", Seek::End, cursor < count),
        ];
        for (icon, tip, seek, active) in buttons {
            let button = egui::Button::new(RichText::new(icon).size(16.0)).min_size(egui::vec2(32.0, 24.0));
            if ui.add_enabled(active, button).on_hover_text(tip).clicked() {
                lab.actions.push(Action::Seek(seek));
            }
        }
        let play = if lab.playing { "▮▮ Pause" } else { "▶ Play" };
        let button = egui::Button::new(play).min_size(egui::vec2(76.0, 24.0));
        if ui.add_enabled(count > 0, button).on_hover_text("Play or pause the replay (Space)").clicked() {
            lab.actions.push(Action::TogglePlay);
        }
        // A slider is a group of widgets, which a wrapping row does not break before on its own.
        if ui.cursor().min.x + 190.0 > ui.max_rect().max.x {
            ui.end_row();
        }
        ui.add(egui::Slider::new(&mut lab.settings.speed, SPEEDS).logarithmic(true).suffix(" steps/s"))
            .on_hover_text("replay speed");
    });
    ui.horizontal_wrapped(|ui| {
        let mut target = cursor;
        ui.spacing_mut().slider_width = (ui.available_width() - 220.0).max(60.0);
        let slider = egui::Slider::new(&mut target, 0..=count.max(1)).show_value(false);
        if ui.add_enabled(count > 0, slider).on_hover_text("drag to any step").changed() {
            lab.actions.push(Action::Seek(Seek::To(target)));
        }
        let (event, events) = lab.events();
        ui.label(format!("event {event} of {events}")).on_hover_text(
            "An event is one thing the search does: enter a node, read a leaf, take a child's value back up, \
             cut off the remaining children, or leave a node with its value. Each press of ▶ or → is one event.",
        );
        let read = lab.snapshot.leaves_read;
        ui.label(RichText::new(format!("· {read} {} read", if read == 1 { "leaf" } else { "leaves" })).weak());
    });
    ui.add_space(2.0);
    let text = if lab.description.is_empty() { "Nothing to replay." } else { &lab.description };
    ui.add(egui::Label::new(RichText::new(text).size(15.0).strong()).wrap());
    ui.add_space(4.0);
}

/// The right panel: NODE, TYPE, ALPHA, BETA, VALUE, one row per event, the current one highlighted and scrolled
/// into view whenever the step changes.
pub(super) fn trace_table(lab: &mut TreeLab, ui: &mut egui::Ui) {
    ui.add_space(4.0);
    ui.heading("Trace");
    csv_buttons(lab, ui);
    let Some(run) = lab.analysis.as_ref().and_then(|a| a.run.as_ref()) else {
        ui.label("No search to trace.");
        return;
    };
    let current = lab.snapshot.cursor.checked_sub(1).and_then(|i| run.row_of_step(i));
    // The rows the replay has written so far: the table grows with the steps, unless all are asked for.
    let reached = lab.snapshot.cursor.checked_sub(1).and_then(|i| run.rows_after.get(i)).copied().unwrap_or(0);
    let mut show_all = lab.show_all_rows;
    ui.checkbox(&mut show_all, "Show all rows").on_hover_text("the whole table, rows not yet reached greyed");
    if show_all != lab.show_all_rows {
        lab.show_all_rows = show_all;
    }
    let shown = if lab.show_all_rows { run.trace.len() } else { reached.min(run.trace.len()) };
    let columns = Columns::fit(ui);
    columns.row(ui, ["NODE", "TYPE", "ALPHA", "BETA", "VALUE"].map(String::from), true);
    ui.separator();
    let mut area = egui::ScrollArea::vertical().auto_shrink([false, false]).id_salt("tree_lab_trace_rows");
    if current != lab.scrolled_row {
        // Keep the current row in the middle of the view, only when the step moves (the user may scroll too).
        let row_index = current.unwrap_or(0) as f32;
        area = area.vertical_scroll_offset((row_index * columns.row_height - 0.4 * ui.available_height()).max(0.0));
        lab.scrolled_row = current;
    }
    ui.spacing_mut().item_spacing.y = 0.0;
    if shown == 0 {
        ui.label(RichText::new("No rows yet: the table grows as you step (→).").weak());
    }
    let clicked = trace_rows(ui, area, &run.trace, &columns, shown, current);
    if let Some(step) = clicked.and_then(|row| run.first_step_of_row(row)) {
        lab.actions.push(Action::Seek(Seek::To(step + 1)));
    }
}

/// The buttons that save and copy the table as CSV, and the menu that gives it (with the counts) as a Markdown
/// or LaTeX table for a handout, in a row of their own that wraps, so the panel never needs more width than the
/// table does.
fn csv_buttons(lab: &mut TreeLab, ui: &mut egui::Ui) {
    ui.horizontal_wrapped(|ui| {
        if ui.small_button("Save CSV").on_hover_text("Write this table to saves/trace-<algorithm>.csv").clicked() {
            lab.actions.push(Action::SaveTrace(TableFormat::Csv));
        }
        if ui.small_button("Copy CSV").on_hover_text("Put this table on the clipboard as CSV").clicked() {
            lab.actions.push(Action::CopyTrace(TableFormat::Csv));
        }
        ui.menu_button(RichText::new("For a handout ▾").small(), |ui| {
            for format in [TableFormat::Markdown, TableFormat::Latex] {
                let (name, ext) = (format.name(), format.extension());
                let save = ui.button(format!("Save as {name}"));
                if save.on_hover_text(format!("The table and the counts, to saves/trace-<algorithm>.{ext}")).clicked() {
                    lab.actions.push(Action::SaveTrace(format));
                    ui.close();
                }
                if ui
                    .button(format!("Copy as {name}"))
                    .on_hover_text("The table and the counts, to the clipboard")
                    .clicked()
                {
                    lab.actions.push(Action::CopyTrace(format));
                    ui.close();
                }
            }
        })
        .response
        .on_hover_text("The whole trace table and the counts as a Markdown table or a LaTeX tabular");
    });
}

/// The table's column widths and row height.
struct Columns {
    widths: [f32; 5],
    row_height: f32,
}

impl Columns {
    /// Column widths in proportion to the panel, whatever its width.
    fn fit(ui: &egui::Ui) -> Self {
        let spacing = ui.spacing().item_spacing.x;
        let scale = ((ui.available_width() - 4.0 * spacing - 8.0) / 274.0).max(0.5);
        let widths = [80.0, 46.0, 48.0, 48.0, 52.0].map(|w: f32| w * scale);
        let row_height = ui.text_style_height(&egui::TextStyle::Monospace) + 4.0;
        Columns { widths, row_height }
    }

    /// Lays out one row of `cells`, in bold when `strong`.
    fn row(&self, ui: &mut egui::Ui, cells: [String; 5], strong: bool) {
        let row_height = self.row_height;
        ui.horizontal(|ui| {
            for (column, (cell, width)) in cells.into_iter().zip(self.widths).enumerate() {
                let text = RichText::new(cell).monospace();
                let label = egui::Label::new(if strong { text.strong() } else { text }).truncate();
                let size = egui::vec2(width, row_height - 4.0);
                if column == 0 {
                    // Node names read best left-aligned, numbers centred under their headings.
                    let layout = egui::Layout::left_to_right(egui::Align::Center);
                    ui.allocate_ui_with_layout(size, layout, |ui| {
                        ui.set_min_width(width);
                        ui.add(label);
                    });
                } else {
                    ui.add_sized(size, label);
                }
            }
        });
    }
}

/// The first `shown` rows of `trace` in `area`, the `current` one highlighted and those after it greyed; returns
/// the row clicked, if any.
fn trace_rows(
    ui: &mut egui::Ui,
    area: egui::ScrollArea,
    trace: &[TraceRow],
    columns: &Columns,
    shown: usize,
    current: Option<usize>,
) -> Option<usize> {
    let row_height = columns.row_height;
    let highlight = if ui.visuals().dark_mode {
        Color32::from_rgba_unmultiplied(255, 200, 0, 40)
    } else {
        Color32::from_rgba_unmultiplied(255, 190, 0, 90)
    };
    let mut clicked = None;
    area.show_rows(ui, row_height, shown, |ui, range| {
        for i in range {
            let r = &trace[i];
            let cells = [r.node.clone(), r.turn.name().to_string(), fmt_value(r.alpha), fmt_value(r.beta), value(r)];
            let rect = ui.available_rect_before_wrap();
            let rect = egui::Rect::from_min_size(rect.min, egui::vec2(rect.width(), row_height));
            if Some(i) == current {
                ui.painter().rect_filled(rect, 2.0, highlight);
            }
            let future = current.is_none_or(|c| i > c);
            ui.scope(|ui| {
                if future {
                    ui.visuals_mut().override_text_color = Some(ui.visuals().weak_text_color());
                }
                ui.set_height(row_height);
                columns.row(ui, cells, false);
            });
            let click = ui.interact(rect, ui.scope_id().with(("trace_row", i)), egui::Sense::click());
            click.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Row, true, format!("trace row {}", i + 1)));
            if click.on_hover_text("Go to this step").clicked() {
                clicked = Some(i);
            }
        }
    });
    clicked
}

/// A row's VALUE cell: the value, with ≥ or ≤ when it is only a bound.
fn value(r: &TraceRow) -> String {
    match (r.value, r.bound) {
        (None, _) => String::new(),
        (Some(v), Some(Bound::Lower)) => format!("≥{}", fmt_value(v)),
        (Some(v), Some(Bound::Upper)) => format!("≤{}", fmt_value(v)),
        (Some(v), _) => fmt_value(v),
    }
}
