//! The per-move plots: one plot per series shown, x = the ply (the move list's moves counted one by one), their x
//! axes linked and lined up (one y-axis width for all) so the hover line crosses every plot at the same ply. The
//! two sides are
//! told apart by colour, hints by a hollow diamond, estimates by a hollow circle. Hovering names the exact figure;
//! a click selects the nearest search, whose ladder the side panel shows.

use super::series::{Point, Series};
use super::{Action, TelemetryView};
use crate::app::play::Play;
use crate::engine::game::Side;
use crate::engine::telemetry::records::{SearchKind, SearchRecord};
use eframe::egui;
use egui_plot::{GridInput, GridMark, HoverPosition, Line, MarkerShape, Plot, PlotPoint, Points, VLine};
use std::collections::HashMap;

/// The width of every plot's y axis, so that their x axes line up.
pub const Y_AXIS_WIDTH: f32 = 60.0;

/// The first player's colour in every plot.
pub const FIRST: egui::Color32 = egui::Color32::from_rgb(66, 133, 244);
/// The second player's colour.
pub const SECOND: egui::Color32 = egui::Color32::from_rgb(230, 126, 34);

pub fn side_color(side: Side) -> egui::Color32 {
    match side {
        Side::Max => FIRST,
        Side::Min => SECOND,
    }
}

/// Each plot item's exact figures by name, in the item's point order, for the hover label.
#[derive(Default)]
pub struct HoverTexts(HashMap<String, Vec<String>>);

impl HoverTexts {
    pub fn insert(&mut self, name: &str, texts: Vec<String>) {
        self.0.insert(name.to_string(), texts);
    }

    /// The label for a hover position: the item's name, the x as `x_text` writes it, and the exact figure of the
    /// point under the pointer.
    pub fn label(&self, position: &HoverPosition<'_>, x_text: impl Fn(f64) -> String) -> Option<String> {
        match position {
            HoverPosition::NearDataPoint { plot_name, position, index } => {
                let text = self.0.get(*plot_name).and_then(|t| t.get(*index))?;
                Some(format!("{plot_name}\n{}\n{text}", x_text(position.x)))
            }
            HoverPosition::Elsewhere { .. } => None,
        }
    }
}

/// A ply as the hover names it, with the move list's number for it: ply 3 is move "2." (the first side's second
/// move), ply 4 is "2…".
pub fn ply_text(x: f64) -> String {
    let ply = x.round().max(1.0) as u64;
    let dots = if ply % 2 == 1 { "." } else { "…" };
    format!("ply {ply} (move {}{dots} in the move list)", ply.div_ceil(2))
}

/// Axis ticks at whole numbers only (plies, depths), labelled without decimals.
pub fn whole_number(mark: GridMark, _range: &std::ops::RangeInclusive<f64>) -> String {
    if mark.value.fract().abs() < 1e-9 { format!("{}", mark.value.round()) } else { String::new() }
}

/// Grid lines at whole numbers, every 1, 2, 5, 10, … so that about eight are labelled.
pub fn whole_numbers(input: GridInput) -> Vec<GridMark> {
    let (low, high) = input.bounds;
    let span = (high - low).max(1.0);
    let step = [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0]
        .into_iter()
        .find(|s| span / s <= 8.0)
        .unwrap_or(1000.0);
    let (first, last) = ((low / step).ceil() as i64, (high / step).floor() as i64);
    (first..=last).map(|k| GridMark { value: k as f64 * step, step_size: step }).collect()
}

/// Log-scale ticks of a share (≤ 1) read 1, 1/10, 1/100, 1/1000, then 1/10^k, at whole k only.
pub fn one_in_power_of_ten(mark: GridMark, _range: &std::ops::RangeInclusive<f64>) -> String {
    if mark.value.fract().abs() > 1e-9 {
        return String::new();
    }
    match -mark.value.round() as i64 {
        k if k <= 0 => "1".to_string(),
        k @ 1..=3 => format!("1/{}", 10u64.pow(k as u32)),
        k => format!("1/10^{k}"),
    }
}

/// Log-scale ticks read 10^k at whole k and nothing in between.
pub fn power_of_ten(mark: GridMark, _range: &std::ops::RangeInclusive<f64>) -> String {
    if mark.value.fract().abs() < 1e-9 { format!("10^{}", mark.value.round()) } else { String::new() }
}

/// Grid lines of a log10 axis at whole powers of ten only (every one, or every few on a tall range), so each
/// carries a 10^k label.
pub fn decades(input: GridInput) -> Vec<GridMark> {
    let (low, high) = input.bounds;
    let step = ((high - low) / 6.0).ceil().max(1.0);
    // Marks inside the range only: egui_plot labels every mark it is given, even outside the plot.
    let (first, last) = ((low / step).ceil() as i64, (high / step).floor() as i64);
    (first..=last).map(|k| GridMark { value: k as f64 * step, step_size: step }).collect()
}

/// The points of one side's moves, or of its hints, counted or estimated, in move order: one plot item.
struct Group {
    name: String,
    side: Side,
    hint: bool,
    estimate: bool,
    /// Each point with its record's id.
    points: Vec<(Point, u64)>,
}

fn groups(series: Series, records: &[SearchRecord], names: &[String; 2]) -> Vec<Group> {
    let mut groups = Vec::new();
    for side in [Side::Max, Side::Min] {
        for kind in [SearchKind::Move, SearchKind::Hint] {
            for estimate in [false, true] {
                let points: Vec<(Point, u64)> = records
                    .iter()
                    .filter(|r| r.side == side && r.kind == kind)
                    .filter_map(|r| series.point(r).map(|p| (p, r.id)))
                    .filter(|(p, _)| p.estimate == estimate)
                    .collect();
                if points.is_empty() {
                    continue;
                }
                let mut name = names[usize::from(side == Side::Min)].clone();
                if kind == SearchKind::Hint {
                    name.push_str(" hint");
                }
                if estimate {
                    name.push_str(" (estimate)");
                }
                groups.push(Group { name, side, hint: kind == SearchKind::Hint, estimate, points });
            }
        }
    }
    groups
}

/// The game's names for its two sides ("White", "Black"), as the legend, the hover and the ladder use them.
pub fn side_names(play: &Play) -> [String; 2] {
    let game = play.record().position();
    [Side::Max, Side::Min].map(|side| game.side_name(side).to_string())
}

/// The colour key of every plot (the plots themselves carry no legend: it would cover the points).
pub fn key(ui: &mut egui::Ui, names: &[String; 2]) {
    ui.colored_label(FIRST, format!("● {}", names[0]));
    ui.colored_label(SECOND, format!("● {}", names[1]));
    ui.label("◇ hint · ○ estimate · hover for the figures, click for the ladder");
}

/// The plots of every series shown.
pub fn show(view: &mut TelemetryView, play: &Play, ui: &mut egui::Ui) {
    let records = &play.record().telemetry().records;
    if records.is_empty() {
        ui.vertical_centered(|ui| {
            ui.add_space(ui.available_height() * 0.3);
            ui.heading("No search yet");
            ui.label("Play a game in Play with an AI (or ask for a hint): every search is plotted here, move by move.");
        });
        return;
    }
    let shown: Vec<Series> = Series::ALL.into_iter().zip(view.shown).filter(|(_, on)| *on).map(|(s, _)| s).collect();
    if shown.is_empty() {
        ui.label("Tick a series above to plot it.");
        return;
    }
    let selected = view.selected_record(play).map(|r| r.move_number() as f64);
    let names = side_names(play);
    let top = ui.cursor().min;
    let height = ((ui.available_height() - 4.0 * shown.len() as f32) / shown.len() as f32).max(110.0);
    let mut clicked = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        for series in shown {
            if let Some(id) = plot(series, records, selected, height, &names, ui) {
                clicked = Some(id);
            }
        }
    });
    view.part_rects[super::export::Part::Dashboard as usize] =
        Some(egui::Rect::from_min_max(top, ui.min_rect().max.max(top + egui::vec2(1.0, 1.0))));
    if let Some(id) = clicked {
        view.actions.push(Action::Select(Some(id)));
    }
}

/// One series' plot; returns the id of the record whose point was clicked, if any.
fn plot(
    series: Series,
    records: &[SearchRecord],
    selected: Option<f64>,
    height: f32,
    names: &[String; 2],
    ui: &mut egui::Ui,
) -> Option<u64> {
    let groups = groups(series, records, names);
    let mut texts = HoverTexts::default();
    for group in &groups {
        texts.insert(&group.name, group.points.iter().map(|(p, _)| p.text.clone()).collect());
    }
    // The same x range in every plot, whichever plies a series has points for.
    let last_move = records.iter().map(|r| r.move_number()).max().unwrap_or(1) as f64;
    let mut plot = Plot::new(("telemetry_series", series.title()))
        .include_x(0.5)
        .include_x(last_move + 0.5)
        .height(height)
        .link_axis(egui::Id::unique("telemetry_moves"), [true, false])
        .link_cursor(egui::Id::unique("telemetry_moves"), [true, false])
        .x_axis_label("ply")
        .x_grid_spacer(whole_numbers)
        .x_axis_formatter(whole_number)
        .y_axis_label(series.axis())
        // One width for every y axis, wide enough for "1/10^12", so the plots' x axes line up.
        .y_axis_min_width(Y_AXIS_WIDTH)
        .allow_scroll(false)
        .label_formatter(move |position| texts.label(position, ply_text));
    match series {
        Series::Nodes => plot = plot.y_axis_formatter(power_of_ten).y_grid_spacer(decades),
        // The whole tree (1) stays in view: how far below it a search stays is the point.
        Series::Visited => plot = plot.y_axis_formatter(one_in_power_of_ten).y_grid_spacer(decades).include_y(0.0),
        _ => {}
    }
    let clickable: Vec<(PlotPoint, u64)> =
        groups.iter().flat_map(|g| g.points.iter().map(|(p, id)| (PlotPoint::new(p.x, p.y), *id))).collect();
    let response = plot.show(ui, |plot_ui| {
        if let Some(x) = selected {
            plot_ui.vline(VLine::new("selected", x).color(egui::Color32::GRAY));
        }
        for Group { name, side, hint, estimate, points } in groups {
            let xy: Vec<[f64; 2]> = points.iter().map(|(p, _)| [p.x, p.y]).collect();
            let color = side_color(side);
            if !hint && !estimate {
                // Only the points answer the hover: a line would name its nearest vertex, not the point under the pointer.
                plot_ui.line(Line::new(name.clone(), xy.clone()).color(color.gamma_multiply(0.6)).allow_hover(false));
            }
            let shape = if hint { MarkerShape::Diamond } else { MarkerShape::Circle };
            plot_ui.points(Points::new(name, xy).color(color).shape(shape).filled(!hint && !estimate).radius(4.0));
        }
    });
    let pointer = response.response.clicked().then(|| response.response.interact_pointer_pos()).flatten()?;
    // The nearest point on screen, within a finger's width.
    clickable
        .iter()
        .map(|(point, id)| (response.transform.position_from_point(point).distance(pointer), *id))
        .filter(|(distance, _)| *distance < 16.0)
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, id)| id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mark(value: f64) -> GridMark {
        GridMark { value, step_size: 1.0 }
    }

    #[test]
    fn tick_labels() {
        let range = -10.0..=10.0;
        let labels: Vec<String> =
            [0.0, -1.0, -2.0, -3.0, -5.0, -0.5].map(|v| one_in_power_of_ten(mark(v), &range)).into();
        assert_eq!(labels, ["1", "1/10", "1/100", "1/1000", "1/10^5", ""]);
        assert_eq!(whole_number(mark(12.0), &range), "12");
        assert_eq!(whole_number(mark(2.5), &range), "");
        assert_eq!(power_of_ten(mark(6.0), &range), "10^6");
    }

    #[test]
    fn plies_are_named_as_the_move_list_numbers_them() {
        assert_eq!(ply_text(1.0), "ply 1 (move 1. in the move list)");
        assert_eq!(ply_text(4.0), "ply 4 (move 2… in the move list)");
    }

    #[test]
    fn whole_number_grid_labels_about_eight_ticks_inside_the_range() {
        for (low, high) in [(0.5, 3.5), (0.5, 40.5), (0.5, 170.5)] {
            let input = GridInput { bounds: (low, high), base_step_size: 0.1 };
            let marks = whole_numbers(input);
            assert!((2..=9).contains(&marks.len()), "{low}..{high}: {}", marks.len());
            assert!(marks.iter().all(|m| m.value >= low && m.value <= high && m.value.fract() == 0.0));
        }
    }
}
