//! The per-move plots: one plot per series shown, x = the move as the move list numbers it (see
//! [`super::series::MoveAxis`]), their x axes linked and lined up (one y-axis width for all) so the hover line
//! crosses every plot at the same move. The two sides are told apart by colour, hints by a diamond, estimates by
//! a hollow marker ([`group_marker`], which the exported figures draw too). Hovering names the exact figure; a click selects the nearest search, whose ladder
//! the side panel shows. Values are in the game's unit, wins on a dashed line at the edge ([`ValueScale`]).

use super::series::{MoveAxis, Point, Series, ValueScale};
use super::{Action, TelemetryView};
use crate::app::play::Play;
use crate::app::plot_axes::{area_height, extent, marked_bounds, whole_number, whole_numbers};
use crate::engine::game::Side;
use crate::engine::telemetry::searches::{SearchKind, SearchRecord};
use crate::numbers;
use crate::play::figure::{Marker, Shape};
use eframe::egui;
use egui_plot::{
    GridInput, GridMark, HLine, HoverPosition, Line, LineStyle, MarkerShape, Plot, PlotPoint, Points, Text, VLine,
};
use std::collections::HashMap;

/// The width of every plot's y axis, so that their x axes line up: room for the widest tick label, "1/10^12".
pub const Y_AXIS_WIDTH: f32 = 76.0;

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

/// About `count` grid lines 1, 2 or 5 × 10^k apart (and at least `least` apart) inside `bounds`: few enough that each is
/// labelled on a short plot (egui_plot drops the labels of lines closer than a line of text).
pub fn nice_marks(bounds: (f64, f64), count: f64, least: f64) -> Vec<GridMark> {
    let (low, high) = bounds;
    let raw = ((high - low) / count).max(least).max(1e-12);
    let power = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * power).find(|s| *s >= raw).unwrap_or(10.0 * power);
    let (first, last) = ((low / step).ceil() as i64, (high / step).floor() as i64);
    (first..=last).map(|k| GridMark { value: k as f64 * step, step_size: step }).collect()
}

/// The y grid of a plain (linear) plot: about four labelled lines.
pub fn linear_marks(input: GridInput) -> Vec<GridMark> {
    nice_marks(input.bounds, 4.0, 4.0 * input.base_step_size)
}

/// A tick label with as many decimals as its grid's step needs ("0.25", "10").
pub fn number_tick(mark: GridMark, _range: &std::ops::RangeInclusive<f64>) -> String {
    let decimals = (-mark.step_size.log10().floor()).clamp(0.0, 6.0) as usize;
    format!("{:.decimals$}", mark.value + 0.0)
}

/// Log-scale ticks of a share (≤ 1) read 1, 1/10, 1/100, 1/1000, then 1/10^k, at whole k; within a decade
/// ([`decades`] on a short range) 1/2, 1/5, 1/20 …; nothing above 1, which no share reaches.
pub fn one_in_power_of_ten(mark: GridMark, _range: &std::ops::RangeInclusive<f64>) -> String {
    if mark.value > 1e-9 {
        return String::new();
    }
    if mark.value.fract().abs() > 1e-9 {
        return within_decade(mark).map(|one_in| format!("1/{}", numbers::count(one_in))).unwrap_or_default();
    }
    match -mark.value.round() as i64 {
        0 => "1".to_string(),
        k @ 1..=3 => format!("1/{}", 10u64.pow(k as u32)),
        k => format!("1/10^{k}"),
    }
}

/// Log-scale ticks read 10^k at whole k; within a decade ([`decades`] on a short range) 2, 5, 20, 50 …
pub fn power_of_ten(mark: GridMark, _range: &std::ops::RangeInclusive<f64>) -> String {
    if mark.value.fract().abs() < 1e-9 {
        return format!("10^{}", mark.value.round());
    }
    within_decade(mark).map(numbers::count).unwrap_or_default()
}

/// The whole number a mark inside a decade stands for (10^value, or 10^−value below 1), if [`decades`] made it.
fn within_decade(mark: GridMark) -> Option<u64> {
    let n = 10f64.powf(mark.value.abs());
    (mark.step_size < 1.0 && n < 1e15).then(|| n.round() as u64)
}

/// Grid lines of a log10 axis at whole powers of ten only (every one, or every few on a tall range), so each
/// carries a 10^k label; a range that holds at most one of them (searches that all counted a few nodes) gets 1, 2
/// and 5 times each power of ten instead, so the axis still reads.
pub fn decades(input: GridInput) -> Vec<GridMark> {
    let (low, high) = input.bounds;
    // About three labelled lines: a short plot drops the labels of lines closer than a line of text.
    let step = ((high - low) / 3.0).max(4.0 * input.base_step_size).ceil().max(1.0);
    // Marks inside the range only: egui_plot labels every mark it is given, even outside the plot.
    let (first, last) = ((low / step).ceil() as i64, (high / step).floor() as i64);
    if last > first {
        return (first..=last).map(|k| GridMark { value: k as f64 * step, step_size: step }).collect();
    }
    // Below 1 (a share) the steps read 1/2 and 1/5: the same marks mirrored.
    let share = high <= 1e-9;
    let times = if share { [1.0, 0.5, 0.2] } else { [1.0, 2.0, 5.0] };
    let marks: Vec<GridMark> = (low.floor() as i64..=high.ceil() as i64)
        .flat_map(|k| times.map(|m: f64| k as f64 + m.log10()))
        .filter(|value| (low..=high).contains(value))
        .map(|value| GridMark { value, step_size: 0.5 })
        .collect();
    if marks.len() >= 2 {
        return marks;
    }
    // Narrower still (searches held to one node budget: 29,269 to 29,466 nodes): round counts (or one-in counts of
    // a share), whole numbers, at their logarithms.
    let sign = if share { -1.0 } else { 1.0 };
    let (from, to) = (10f64.powf(sign * low), 10f64.powf(sign * high));
    nice_marks((from.min(to), from.max(to)), 4.0, 1.0)
        .into_iter()
        .filter(|mark| mark.value >= 1.0)
        .map(|mark| GridMark { value: sign * mark.value.log10(), step_size: 0.5 })
        .collect()
}

/// The points of one side's moves, or of its hints, counted or estimated, in move order: one plot item.
pub(super) struct Group {
    pub name: String,
    pub side: Side,
    pub hint: bool,
    pub estimate: bool,
    /// Each point with its record's id.
    pub points: Vec<(Point, u64)>,
}

/// The plot items of `series`: each side's moves and hints, counted or estimated.
pub(super) fn groups(
    series: Series,
    records: &[SearchRecord],
    names: &[String; 2],
    (values, moves): (&ValueScale, &MoveAxis),
) -> Vec<Group> {
    let mut groups = Vec::new();
    for side in [Side::Max, Side::Min] {
        for kind in [SearchKind::Move, SearchKind::Hint] {
            for estimate in [false, true] {
                let points: Vec<(Point, u64)> = records
                    .iter()
                    .filter(|r| r.side == side && r.kind == kind)
                    .filter_map(|r| series.point(r, values, moves).map(|p| (p, r.id)))
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
    let game = play.history().position();
    [Side::Max, Side::Min].map(|side| game.side_name(side).to_string())
}

/// The dashed lines at the Value plot's edges where wins are drawn, each named by its winner from `left` on.
pub fn win_lines(plot_ui: &mut egui_plot::PlotUi<'_>, values: &ValueScale, left: f64) {
    for y in [values.edge, -values.edge] {
        let name = format!("{} wins", values.winner_at(y));
        let color = egui::Color32::GRAY;
        plot_ui.hline(HLine::new(name.clone(), y).color(color).style(LineStyle::dashed_loose()).allow_hover(false));
        let anchor = if y > 0.0 { egui::Align2::LEFT_BOTTOM } else { egui::Align2::LEFT_TOP };
        plot_ui.text(
            Text::new(name.clone(), PlotPoint::new(left, y), name).anchor(anchor).color(color).allow_hover(false),
        );
    }
}

/// The colour key of every plot (the plots themselves carry no legend: it would cover the points).
pub fn key(ui: &mut egui::Ui, names: &[String; 2]) {
    ui.colored_label(FIRST, format!("● {}", names[0]));
    ui.colored_label(SECOND, format!("● {}", names[1]));
    ui.label(
        "● move · ◆ hint · ○ ◇ estimated · □ short of its node budget · hover for the figures, click for the ladder",
    );
}

/// The plots of every series shown.
pub fn show(view: &mut TelemetryView, play: &Play, ui: &mut egui::Ui) {
    let records = &play.history().telemetry().records;
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
    let moves = MoveAxis::new(play.history(), records);
    let selected = view.selected_record(play).map(|r| moves.x(r.ply, r.side));
    let names = side_names(play);
    let values = super::series::value_scale(play.history(), &names, play.values_from);
    // At least tall enough for the Value plot's two win lines, their names and a tick between them.
    let height = ((ui.available_height() - 4.0 * shown.len() as f32) / shown.len() as f32).max(130.0);
    let mut clicked = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        for series in shown {
            if let Some(id) = plot(series, records, selected, height, &names, (&values, &moves), ui) {
                clicked = Some(id);
            }
        }
    });
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
    (values, moves): (&ValueScale, &MoveAxis),
    ui: &mut egui::Ui,
) -> Option<u64> {
    let groups = groups(series, records, names, (values, moves));
    let mut texts = HoverTexts::default();
    for group in &groups {
        texts.insert(&group.name, group.points.iter().map(|(p, _)| p.text.clone()).collect());
    }
    let short = shortfalls(series, records, (values, moves));
    texts.insert(SHORT, short.iter().map(|(_, text)| text.clone()).collect());
    // The same x range in every plot, whichever plies a series has points for.
    let last_move = records.iter().map(|r| moves.x(r.ply, r.side)).fold(1.0, f64::max);
    let ys = groups.iter().flat_map(|g| g.points.iter().map(|(p, _)| p.y));
    let xs = (0.5, last_move + 0.5);
    // The plot area: the width less the y axis (and a scroll bar), the height less the x axis.
    let area = [f64::from(ui.available_width() - Y_AXIS_WIDTH - 16.0), area_height(height)];
    let ys = extent(ys.chain(series_includes(series, values, height)));
    let bounds = marked_bounds(xs, ys, area, MARKER_REACH);
    let plot = series_plot(series, bounds, height, (values, moves), texts);
    let clickable: Vec<(PlotPoint, u64)> =
        groups.iter().flat_map(|g| g.points.iter().map(|(p, id)| (PlotPoint::new(p.x, p.y), *id))).collect();
    let response = plot.show(ui, |plot_ui| {
        if let Some(x) = selected {
            plot_ui.vline(VLine::new("selected", x).color(egui::Color32::GRAY));
        }
        if series == Series::Value {
            win_lines(plot_ui, values, 0.55);
        }
        for group in groups {
            draw_group(plot_ui, group);
        }
        draw_shortfalls(plot_ui, &short);
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

/// How far the largest marker reaches from its centre, in points: the short search's square (radius 7), or a point
/// enlarged under the pointer.
const MARKER_REACH: f32 = 7.0;

/// The values the y range of `series` holds besides its points, in a plot `height` points tall.
fn series_includes(series: Series, values: &ValueScale, height: f32) -> Vec<f64> {
    match series {
        // The whole tree (1) stays in view: how far below it a search stays is the point, and at least a decade
        // below it, so a game whose searches saw their whole trees still has an axis.
        Series::Visited => vec![0.0, -1.0],
        // Both edges in view with room for their names, so a win is drawn where its line is named.
        Series::Value => {
            let reach = value_reach(values.edge, height);
            vec![reach, -reach]
        }
        // From 0: a depth is a count of plies, and a game whose searches all reached one depth still gets a
        // scale (its plot once showed a single tick at 800 × 600).
        Series::Depth => vec![0.0],
        Series::Nodes | Series::Time | Series::Branching => Vec::new(),
    }
}

/// The empty plot for `series` within `bounds` (x, then y: every point and its marker whole inside): its axes
/// (linked with the other plots'), hover `texts`, and the y ticks its values need.
fn series_plot<'a>(
    series: Series,
    [xs, ys]: [(f64, f64); 2],
    height: f32,
    (values, moves): (&ValueScale, &'a MoveAxis),
    texts: HoverTexts,
) -> Plot<'a> {
    let plot = Plot::new(("telemetry_series", series.title()))
        .default_x_bounds(xs.0, xs.1)
        .default_y_bounds(ys.0, ys.1)
        .height(height)
        .link_axis(egui::Id::unique("telemetry_moves"), [true, false])
        .link_cursor(egui::Id::unique("telemetry_moves"), [true, false])
        .x_axis_label("move (numbered as in the move list)")
        .x_grid_spacer(whole_numbers)
        .x_axis_formatter(whole_number)
        // "pawns, +: White": a short plot cut "pawns (+: White ahead)" off.
        .y_axis_label(if series == Series::Value { values.short_label() } else { series.axis().to_string() })
        // One width for every y axis, wide enough for "1/10^12", so the plots' x axes line up.
        .y_axis_min_width(Y_AXIS_WIDTH)
        .allow_scroll(false)
        .label_formatter(move |position| texts.label(position, |x| moves.name_at(x)));
    match series {
        Series::Nodes => plot.y_axis_formatter(power_of_ten).y_grid_spacer(decades),
        Series::Visited => plot.y_axis_formatter(one_in_power_of_ten).y_grid_spacer(decades),
        // Ticks only inside the win lines (the lines are named).
        Series::Value => {
            let ticks = values.ticks();
            let step = ticks.get(1).zip(ticks.first()).map_or(values.edge, |(b, a)| b - a);
            // Told a step as large as the edge: there are at most five ticks, and egui_plot would otherwise hide
            // their labels on a short plot.
            let marks: Vec<GridMark> =
                ticks.into_iter().map(|value| GridMark { value, step_size: step.max(values.edge) }).collect();
            plot.y_axis_formatter(move |mark, range| number_tick(GridMark { step_size: step, ..mark }, range))
                .y_grid_spacer(move |_| marks.clone())
        }
        Series::Depth => plot
            .y_axis_formatter(number_tick)
            .y_grid_spacer(|input| nice_marks(input.bounds, 4.0, (4.0 * input.base_step_size).max(1.0))),
        Series::Time | Series::Branching => plot.y_axis_formatter(number_tick).y_grid_spacer(linear_marks),
    }
}

/// How far the Value plot reaches above and below 0 in a plot `height` points tall, so that a line of text fits
/// between each win line at ±`edge` and the plot's border (the names "White wins", "Black wins" were cut in half).
pub fn value_reach(edge: f64, height: f32) -> f64 {
    let area = area_height(height);
    let text = 18.0;
    edge * area / (area - 2.0 * text)
}

/// The marker of a group's points, in the window's plots and the exported figures alike: a circle for a move's
/// search, a diamond for a hint's, hollow when its figure is an estimate — each of the four its own.
pub fn group_marker(hint: bool, estimate: bool) -> Marker {
    Marker { shape: if hint { Shape::Diamond } else { Shape::Circle }, filled: !estimate }
}

/// The mark around a search that fell short of its node budget.
pub const SHORT_MARKER: Marker = Marker { shape: Shape::Square, filled: false };

/// egui_plot's points drawn with `marker`.
pub fn marked_points<'a>(name: impl Into<String>, xy: Vec<[f64; 2]>, marker: Marker) -> Points<'a> {
    let shape = match marker.shape {
        Shape::Circle => MarkerShape::Circle,
        Shape::Diamond => MarkerShape::Diamond,
        Shape::Square => MarkerShape::Square,
        Shape::Up => MarkerShape::Up,
    };
    Points::new(name, xy).shape(shape).filled(marker.filled)
}

/// One group's points in its side's colour with the group's marker, joined by a line unless they are a hint's or
/// an estimate's.
fn draw_group(plot_ui: &mut egui_plot::PlotUi<'_>, Group { name, side, hint, estimate, points }: Group) {
    let xy: Vec<[f64; 2]> = points.iter().map(|(p, _)| [p.x, p.y]).collect();
    let color = side_color(side);
    if !hint && !estimate {
        // Only the points answer the hover: a line would name its nearest vertex, not the point under the pointer.
        plot_ui.line(Line::new(name.clone(), xy.clone()).color(color.gamma_multiply(0.6)).allow_hover(false));
    }
    plot_ui.points(marked_points(name, xy, group_marker(hint, estimate)).color(color).radius(4.0));
}

/// The name of the marks on searches whose time ceiling stopped them before their node budget.
const SHORT: &str = "short of its node budget";

/// The points of the searches stopped by their time before their node budget, with their hover text: the point's
/// figures, then what fell short (see `SearchRecord::shortfall`).
fn shortfalls(
    series: Series,
    records: &[SearchRecord],
    (values, moves): (&ValueScale, &MoveAxis),
) -> Vec<([f64; 2], String)> {
    records
        .iter()
        .filter_map(|r| {
            let words = crate::games::levels::shortfall_words(&r.shortfall()?);
            let point = series.point(r, values, moves)?;
            Some(([point.x, point.y], format!("{}\nThis search {words}.", point.text)))
        })
        .collect()
}

/// A red square around each point that fell short of its node budget, drawn over the side's point.
fn draw_shortfalls(plot_ui: &mut egui_plot::PlotUi<'_>, short: &[([f64; 2], String)]) {
    if short.is_empty() {
        return;
    }
    let xy: Vec<[f64; 2]> = short.iter().map(|(xy, _)| *xy).collect();
    // Red: neither side's colour (blue, orange), and what a warning looks like in both themes.
    let warn = egui::Color32::from_rgb(220, 40, 40);
    plot_ui.points(marked_points(SHORT, xy, SHORT_MARKER).color(warn).radius(7.0));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of point a plot draws has its own marker, and the short search's square is none of them.
    #[test]
    fn each_kind_of_point_has_its_own_marker() {
        let mut seen = vec![SHORT_MARKER];
        for hint in [false, true] {
            for estimate in [false, true] {
                let marker = group_marker(hint, estimate);
                assert!(!seen.contains(&marker), "hint {hint}, estimate {estimate}: {marker:?} is taken");
                seen.push(marker);
            }
        }
    }

    fn mark(value: f64) -> GridMark {
        GridMark { value, step_size: 1.0 }
    }

    #[test]
    fn tick_labels() {
        let range = -10.0..=10.0;
        let labels: Vec<String> =
            [0.0, -1.0, -2.0, -3.0, -5.0, -0.5].map(|v| one_in_power_of_ten(mark(v), &range)).into();
        assert_eq!(labels, ["1", "1/10", "1/100", "1/1000", "1/10^5", ""]);
        assert_eq!(power_of_ten(mark(6.0), &range), "10^6");
        assert_eq!(one_in_power_of_ten(mark(1.0), &range), "", "no share is above 1");
    }

    /// A range within one decade (every search counted 2 to 7 nodes) is marked at 2 and 5, a share's at 1/2 and
    /// 1/5; a range of several decades at whole powers of ten only.
    #[test]
    fn a_short_log_range_is_marked_within_its_decade() {
        let labels = |bounds: (f64, f64), format: fn(GridMark, &std::ops::RangeInclusive<f64>) -> String| {
            let input = GridInput { bounds, base_step_size: 0.01 };
            decades(input).into_iter().map(|m| format(m, &(bounds.0..=bounds.1))).collect::<Vec<_>>()
        };
        assert_eq!(labels((0.2, 0.9), power_of_ten), ["2", "5"]);
        assert_eq!(labels((0.2, 1.5), power_of_ten), ["2", "5", "10^1", "20"]);
        assert_eq!(labels((-0.9, -0.1), one_in_power_of_ten), ["1/2", "1/5"]);
        assert_eq!(labels((0.0, 6.0), power_of_ten), ["10^0", "10^2", "10^4", "10^6"]);
        // One node budget's searches: 29,269 to 29,466 nodes.
        let (low, high) = (29_250f64.log10(), 29_480f64.log10());
        assert_eq!(labels((low, high), power_of_ten), ["29,300", "29,400"]);
        // A share of one in 4,450 to 4,850.
        let (low, high) = (-(4_850f64.log10()), -(4_450f64.log10()));
        assert_eq!(labels((low, high), one_in_power_of_ten), ["1/4,500", "1/4,600", "1/4,700", "1/4,800"]);
    }

    #[test]
    fn the_win_lines_names_fit_inside_the_value_plot() {
        for (edge, height) in [(1.0, 130.0), (0.04, 130.0), (250.0, 400.0), (1.5, 60.0)] {
            let reach = value_reach(edge, height);
            let area = f64::from((height - 40.0).max(60.0));
            let room = (reach - edge) / (2.0 * reach) * area;
            assert!(room >= 17.9, "{edge} in {height}: {room} points above the win line");
        }
    }

    #[test]
    fn nice_marks_are_few_round_and_inside() {
        let values = |bounds, least| nice_marks(bounds, 4.0, least).iter().map(|m| m.value).collect::<Vec<f64>>();
        assert_eq!(values((1.0, 6.2), 0.0), [2.0, 4.0, 6.0]);
        let small = values((-0.07, 0.07), 0.0);
        assert_eq!(small.len(), 3, "{small:?}");
        assert!(small.iter().zip([-0.05, 0.0, 0.05]).all(|(a, b)| (a - b).abs() < 1e-12), "{small:?}");
        assert_eq!(values((0.0, 2.0), 1.0), [0.0, 1.0, 2.0]);
        assert_eq!(number_tick(GridMark { value: 0.25, step_size: 0.05 }, &(0.0..=1.0)), "0.25");
        assert_eq!(number_tick(GridMark { value: 20.0, step_size: 10.0 }, &(0.0..=1.0)), "20");
    }
}
