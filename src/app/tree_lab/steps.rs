//! Replaying the recorded search: the step controls with the step said in words, and the lecture's trace table
//! kept in step with them.

use super::{Action, Seek, TreeLab};
use crate::engine::search::observer::TraceRow;
use crate::tree::lab::tables::{self, TableFormat};
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
    description(ui, text);
    ui.add_space(4.0);
}

/// The step's description in two lines whatever its length (a longer one ends in "…", whole on hover), so the
/// canvas above keeps its height from step to step.
fn description(ui: &mut egui::Ui, text: &str) {
    let font = egui::FontId::proportional(15.0);
    let rows = 2;
    let height = rows as f32 * ui.fonts_mut(|f| f.row_height(&font));
    let mut job =
        egui::text::LayoutJob::simple(text.to_owned(), font, ui.visuals().strong_text_color(), ui.available_width());
    job.wrap.max_rows = rows;
    let galley = ui.fonts_mut(|f| f.layout_job(job));
    let cut = galley.elided;
    let response = ui
        .vertical(|ui| {
            ui.set_min_height(height);
            ui.add(egui::Label::new(galley))
        })
        .inner;
    if cut {
        response.on_hover_text(text);
    }
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
    let columns = Columns::fit(ui, run.cell_widths);
    columns.header(ui);
    ui.separator();
    let mut area = egui::ScrollArea::vertical().auto_shrink([false, false]).id_salt("tree_lab_trace_rows");
    let flat = lab.analysis.as_ref().map(|a| &a.flat);
    let selected = lab.editor.selected.as_deref().and_then(|path| flat?.node_at(path));
    let target = if current != lab.scrolled_row {
        // The replay moved: keep its row in view (only then: the user may scroll too).
        lab.scrolled_row = current;
        current
    } else if selected != lab.scrolled_selection {
        // A node clicked on the canvas: bring its first row into view.
        lab.scrolled_selection = selected;
        selected.and_then(|id| run.first_row_of_node(id)).filter(|&row| row < shown)
    } else {
        None
    };
    if let Some(row) = target {
        area = area.vertical_scroll_offset((row as f32 * columns.row_height - 0.4 * ui.available_height()).max(0.0));
    }
    ui.spacing_mut().item_spacing.y = 0.0;
    if shown == 0 {
        ui.label(RichText::new("No rows yet: the table grows as you step (→).").weak());
    }
    let rows = Rows { trace: &run.trace, nodes: &run.row_nodes, shown, current, selected };
    if let Some(row) = rows.show(ui, area, &columns) {
        if let Some(step) = run.first_step_of_row(row) {
            lab.actions.push(Action::Seek(Seek::To(step + 1)));
        }
        if let (Some(flat), Some(&node)) = (flat, run.row_nodes.get(row)) {
            lab.actions.push(Action::Select(Some(flat.path(node))));
        }
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

/// The outline of the selected node's rows: the colour of the canvas's selection ring, so the two read as one.
const SELECTED_ROW: Color32 = Color32::from_rgb(30, 190, 120);

/// The lecture's headings, and the short ones a narrow panel uses (the full one on hover).
const HEADINGS: [&str; 5] = ["NODE", "TYPE", "ALPHA", "BETA", "VALUE"];
const SHORT_HEADINGS: [&str; 5] = ["NODE", "", "α", "β", "VAL"];

/// The gap between two columns: narrower than egui's default, so a narrow panel leaves NODE more room.
const GAP: f32 = 4.0;

/// A TYPE cell where the panel is narrow: the canvas's shape for the node's kind, as its legend shows it.
fn type_symbol(turn: crate::engine::game::Turn) -> &'static str {
    match turn {
        crate::engine::game::Turn::Max => "△",
        crate::engine::game::Turn::Min => "▽",
        crate::engine::game::Turn::Chance => "○",
    }
}

/// The table's column widths, sized to their content, and its row height.
struct Columns {
    widths: [f32; 5],
    headings: [&'static str; 5],
    /// The characters the NODE column has room for: a longer name is shortened in its middle.
    node_chars: usize,
    /// Narrow: TYPE shows the node's shape (△ ▽ ○), not its name.
    narrow: bool,
    row_height: f32,
}

impl Columns {
    /// Widths for cells of `chars` characters (the widest of each column): every column but NODE as wide as its
    /// widest cell and its heading (a short heading where the panel is narrow), NODE the rest.
    fn fit(ui: &egui::Ui, chars: [usize; 5]) -> Self {
        let font = egui::TextStyle::Monospace.resolve(ui.style());
        // Monospace digits and letters; ∞, ≤ and α come from a fallback font and get half a digit more below.
        let glyph = ui.fonts_mut(|f| f.glyph_width(&font, '0'));
        let room = ui.available_width() - 4.0 * GAP - 12.0;
        let need = |headings: [&str; 5], type_chars: usize| {
            let mut widths = [0.0; 5];
            for (i, width) in widths.iter_mut().enumerate().skip(1) {
                let content = if i == 1 { type_chars } else { chars[i] };
                *width = (content.max(headings[i].chars().count()) as f32 + 0.5) * glyph + 2.0;
            }
            widths
        };
        // NODE keeps room for a short name in full ("root", "1.2") or a long one's two ends.
        let node_min = chars[0].clamp(4, 9) as f32 * glyph + 4.0;
        let full = need(HEADINGS, chars[1]);
        let narrow = full.iter().sum::<f32>() + node_min > room;
        let (mut widths, headings) = if narrow { (need(SHORT_HEADINGS, 1), SHORT_HEADINGS) } else { (full, HEADINGS) };
        let node_want = (chars[0].max(4) as f32 * glyph + 4.0).max(node_min);
        widths[0] = (room - widths.iter().sum::<f32>()).max(4.0 * glyph).min(node_want.max(room * 0.5));
        let node_chars = (((widths[0] - 4.0) / glyph).floor() as usize).max(3);
        let row_height = ui.text_style_height(&egui::TextStyle::Monospace) + 4.0;
        Columns { widths, headings, node_chars, narrow, row_height }
    }

    /// The heading row, each short heading naming its column in full on hover.
    fn header(&self, ui: &mut egui::Ui) {
        let cells = self.headings.map(String::from);
        let responses = self.row(ui, cells, true);
        for (response, (short, full)) in responses.into_iter().zip(self.headings.iter().zip(HEADINGS)) {
            if *short != full {
                let tip = if full == "TYPE" { "TYPE: △ MAX, ▽ MIN, ○ chance" } else { full };
                response.on_hover_text(tip);
            }
        }
    }

    /// Lays out one row of `cells`, in bold when `strong`; returns each cell's response.
    fn row(&self, ui: &mut egui::Ui, cells: [String; 5], strong: bool) -> Vec<egui::Response> {
        let row_height = self.row_height;
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = GAP;
            let mut responses = Vec::with_capacity(5);
            for (column, (cell, width)) in cells.into_iter().zip(self.widths).enumerate() {
                let text = RichText::new(cell).monospace();
                let label = egui::Label::new(if strong { text.strong() } else { text }).truncate();
                let size = egui::vec2(width, row_height - 4.0);
                if column == 0 {
                    // Node names read best left-aligned, numbers centred under their headings.
                    let layout = egui::Layout::left_to_right(egui::Align::Center);
                    let inner = ui.allocate_ui_with_layout(size, layout, |ui| {
                        ui.set_min_width(width);
                        ui.add(label)
                    });
                    responses.push(inner.inner);
                } else {
                    responses.push(ui.add_sized(size, label));
                }
            }
            responses
        })
        .inner
    }
}

/// `text` in at most `room` characters: a longer one keeps its start and its end, with … between (a deep path's
/// last steps are what tells its rows apart).
fn shorten_middle(text: &str, room: usize) -> String {
    let count = text.chars().count();
    if count <= room {
        return text.to_string();
    }
    let tail = (room.saturating_sub(1)) / 2;
    let head = room.saturating_sub(1) - tail;
    let start: String = text.chars().take(head).collect();
    let end: String = text.chars().skip(count - tail).collect();
    // "6.6…0.3", not "6.6.….0.3": a separator beside the ellipsis says nothing.
    format!("{}…{}", start.trim_end_matches(['.', ' ']), end.trim_start_matches(['.', ' ']))
}

/// The rows the table shows, and which of them are the replay's and the canvas's.
struct Rows<'a> {
    trace: &'a [TraceRow],
    /// The node of each row.
    nodes: &'a [u32],
    /// How many rows are shown.
    shown: usize,
    /// The replay's current row, highlighted.
    current: Option<usize>,
    /// The node selected on the canvas: its rows are outlined in the canvas's selection colour.
    selected: Option<u32>,
}

impl Rows<'_> {
    /// The first `shown` rows in `area`, those after the current one greyed; returns the row clicked, if any.
    fn show(&self, ui: &mut egui::Ui, area: egui::ScrollArea, columns: &Columns) -> Option<usize> {
        let row_height = columns.row_height;
        let highlight = if ui.visuals().dark_mode {
            Color32::from_rgba_unmultiplied(255, 200, 0, 40)
        } else {
            Color32::from_rgba_unmultiplied(255, 190, 0, 90)
        };
        let mut clicked = None;
        area.show_rows(ui, row_height, self.shown, |ui, range| {
            for i in range {
                let r = &self.trace[i];
                let mut cells = tables::cells(r);
                cells[0] = shorten_middle(&r.node, columns.node_chars);
                if columns.narrow {
                    cells[1] = type_symbol(r.turn).to_string();
                }
                let rect = ui.available_rect_before_wrap();
                let rect = egui::Rect::from_min_size(rect.min, egui::vec2(rect.width(), row_height));
                if Some(i) == self.current {
                    ui.painter().rect_filled(rect, 2.0, highlight);
                }
                if self.selected.is_some() && self.nodes.get(i).copied() == self.selected {
                    let stroke = egui::Stroke::new(1.5, SELECTED_ROW);
                    ui.painter().rect_stroke(rect.shrink(1.0), 2.0, stroke, egui::StrokeKind::Inside);
                }
                let future = self.current.is_none_or(|c| i > c);
                ui.scope(|ui| {
                    if future {
                        ui.visuals_mut().override_text_color = Some(ui.visuals().weak_text_color());
                    }
                    ui.set_height(row_height);
                    columns.row(ui, cells, false);
                });
                let click = ui.interact(rect, ui.scope_id().with(("trace_row", i)), egui::Sense::click());
                click.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Row, true, format!("trace row {}", i + 1)));
                let tip = format!("{}: go to this step and select the node", r.node);
                if click.on_hover_text(tip).clicked() {
                    clicked = Some(i);
                }
            }
        });
        clicked
    }
}

#[cfg(test)]
mod tests {
    use super::shorten_middle;

    #[test]
    fn a_long_name_keeps_its_two_ends() {
        assert_eq!(shorten_middle("6.6.1.4.2.0.3", 9), "6.6…0.3");
        assert_eq!(shorten_middle("6.6.1.4.2.0.4", 9), "6.6…0.4");
        assert_eq!(shorten_middle("e4 e5 d5", 9), "e4 e5 d5", "a name that fits is whole");
        assert_eq!(shorten_middle("abcdef", 1), "…");
    }
}
