//! The side panel: one search picked out — its summary (pruning ratio, Levin's minimum), its deepening ladder
//! (depth → nodes on a log scale) against the minimax tree, b^d and b^(d/2), B's ladder overlaid when an A/B
//! run exists, the A/B controls, and the ladders as a table.

use super::dashboard::{HoverTexts, Y_AXIS_WIDTH, decades, marked_points, power_of_ten, side_color};
use super::series::{MoveAxis, ValueScale, fewer_than_minimax, signed};
use super::{Action, TelemetryView, ab};
use crate::app::play::Play;
use crate::app::plot_axes::{area_height, extent, marked_bounds, whole_number, whole_numbers};
use crate::engine::search::deepening::Iteration;
use crate::engine::telemetry::pruning::{below_levin, levin_minimum};
use crate::engine::telemetry::searches::{SearchKind, SearchRecord, depth_of};
use crate::games::any::AnyMove;
use crate::numbers;
use crate::play::figure::{Marker, Shape};
use eframe::egui;
use egui_plot::{Line, LineStyle, Plot};

/// What the ladder plot shows per depth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Rung {
    /// Nodes on a log scale, with the minimax tree, b^d and b^(d/2).
    #[default]
    Nodes,
    /// The iteration's own seconds.
    Time,
    /// The iteration's value, from the side the Settings name, in the game's unit (wins at the edge).
    Value,
}

impl Rung {
    pub(super) const ALL: [Rung; 3] = [Rung::Nodes, Rung::Time, Rung::Value];

    fn name(self) -> &'static str {
        match self {
            Rung::Nodes => "nodes",
            Rung::Time => "time",
            Rung::Value => "value",
        }
    }

    /// The plotted y of an iteration, if it has one (an infinite value has none).
    pub(super) fn y(self, iteration: &Iteration<AnyMove>, scale: &Scale) -> Option<f64> {
        match self {
            Rung::Nodes => (iteration.stats.nodes_visited > 0).then(|| (iteration.stats.nodes_visited as f64).log10()),
            Rung::Time => Some(iteration.stats.elapsed_seconds),
            Rung::Value => iteration.value.is_finite().then(|| scale.values.y(scale.read(iteration.value)) + 0.0),
        }
    }
}

/// B's colour.
pub(super) const B_COLOR: egui::Color32 = egui::Color32::from_rgb(46, 160, 67);
/// B's marker (A's is the plain point), in the plot and the figure.
pub(super) const B_MARKER: Marker = Marker { shape: Shape::Up, filled: true };
/// The minimax tree's marker, in the plot and the figure.
pub(super) const TREE_MARKER: Marker = Marker { shape: Shape::Square, filled: true };

/// Draws the selected search's deepening ladder: its iterations against the minimax tree, or a hint to pick one.
pub fn show(view: &mut TelemetryView, play: &Play, ui: &mut egui::Ui) {
    let Some(record) = view.selected_record(play) else {
        ui.label("The ladder of a search shows here: click a point in a plot.");
        return;
    };
    ui.horizontal(|ui| {
        if ui.button("◀ previous").clicked() {
            view.actions.push(Action::Step(-1));
        }
        if ui.button("next ▶").clicked() {
            view.actions.push(Action::Step(1));
        }
        if view.selected.is_some() && ui.button("latest").clicked() {
            view.actions.push(Action::Select(None));
        }
    });
    summary(record, play, view.selected.is_none(), ui);
    ui.separator();
    ui.horizontal(|ui| {
        ui.label("Ladder of");
        for rung in Rung::ALL {
            ui.selectable_value(&mut view.rung, rung, rung.name());
        }
    });
    let b_ladder = view.ab.ladder_for(record);
    let position = play.position_at(record.ply);
    let scale = Scale::new(play, record, &position);
    plot(record, b_ladder, view.rung, &scale, ui);
    ui.separator();
    ab::controls(view, record, play.history().position().has_chance(), ui);
    ui.separator();
    table(record, view.ab.ladder_for(record), &scale, ui);
}

/// How the ladder reads values: the game's unit from the side the Settings name (the search reports them from the
/// side to move's), a win in the search panel's words.
pub(super) struct Scale {
    pub(super) values: ValueScale,
    position: crate::games::any::AnyGame,
}

impl Scale {
    pub(super) fn new(play: &Play, record: &SearchRecord, position: &crate::games::any::AnyGame) -> Self {
        let names = super::dashboard::side_names(play);
        let mut values = super::series::value_scale(play.history(), &names, play.values_from);
        values.mover = Some(record.side);
        let largest = record
            .thought
            .iterations
            .iter()
            .map(|i| i.value)
            .filter(|v| v.is_finite() && !values.axis.is_win(*v))
            .map(|v| values.axis.in_unit(v).abs())
            .fold(0.0, f64::max);
        values.edge = if largest > 0.0 { 1.25 * largest } else { 1.0 };
        Scale { values, position: position.clone() }
    }

    /// A value of this search (from its side to move's view) read from the chosen side.
    fn read(&self, value: crate::engine::game::Value) -> crate::engine::game::Value {
        self.values.read(value, self.values.mover.unwrap_or(crate::engine::game::Side::Max))
    }

    /// An iteration's value as a number in the unit read from the chosen side, or in words (which name the
    /// winner) when it is a win.
    fn cell(&self, value: crate::engine::game::Value) -> String {
        if self.values.axis.is_win(value) {
            self.position.score_in_words(value)
        } else {
            signed(self.values.axis.in_unit(self.read(value)))
        }
    }
}

/// Who searched what, and the search's figures as a whole.
fn summary(record: &SearchRecord, play: &Play, latest: bool, ui: &mut egui::Ui) {
    let who = match record.kind {
        SearchKind::Move => format!("{} (AI)", play.history().position().side_name(record.side)),
        SearchKind::Hint => format!("Hint for {}", play.history().position().side_name(record.side)),
    };
    let latest = if latest { " (latest)" } else { "" };
    let moves = MoveAxis::new(play.history(), &[]);
    ui.colored_label(
        side_color(record.side),
        format!("{}: {who}, {}{latest}", capitalised(&moves.name(record.ply, record.side)), record.algorithm().name()),
    );
    let best = record.thought.best_move.map_or("–".to_string(), |mv| play.position_at(record.ply).move_name(mv));
    ui.label(format!(
        "best {best} · depth {} · {} nodes · {:.3} s",
        record.depth_reached().map_or("–".into(), |d| d.to_string()),
        numbers::count(record.nodes()),
        record.seconds()
    ));
    let Some(deepest) = record.deepest() else { return };
    let depth = depth_of(deepest);
    match (record.pruning_ratio(), record.tree_size(), &record.tree) {
        (Some((ratio, exact)), Some(size), _) => {
            let how = if exact { "counted" } else { "estimated" };
            ui.label(format!(
                "Pruning ratio at depth {depth}: {} — {} of {} minimax nodes visited ({how})",
                numbers::percent(ratio),
                numbers::count(deepest.stats.nodes_visited),
                numbers::count_f64(size.nodes())
            ));
            ui.label(format!("{} at depth {depth}", fewer_than_minimax(deepest.stats.nodes_visited, size.nodes())));
        }
        (_, _, None) => {
            ui.label("Pruning ratio: counting the minimax tree…");
        }
        _ => {
            ui.label("Pruning ratio: too few plies counted to estimate the tree.");
        }
    }
    if let Some(b) = record.branching() {
        let levin = levin_minimum(b, depth);
        ui.label(format!(
            "Leaves {} against Levin's minimum {} (b = {b:.2} moves per node, d = {depth}): {}",
            numbers::count(deepest.stats.leaves_evaluated),
            numbers::count_f64(levin),
            numbers::times(deepest.stats.leaves_evaluated as f64 / levin)
        ));
        if let Some((why, tooltip)) = below_levin(deepest, levin) {
            ui.label(why).on_hover_text(tooltip);
        }
    }
}

/// "Move 2… (ply 4)" from "move 2… (ply 4)".
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// A ladder's points: (depth, the rung's y) with each iteration's figures for the hover label.
pub(super) fn ladder_points(
    iterations: &[Iteration<AnyMove>],
    rung: Rung,
    scale: &Scale,
) -> (Vec<[f64; 2]>, Vec<String>) {
    iterations
        .iter()
        .filter_map(|i| {
            let d = depth_of(i);
            let value = scale.cell(i.value);
            let text =
                format!("{} nodes, {:.4} s, {value}", numbers::count(i.stats.nodes_visited), i.stats.elapsed_seconds);
            Some(([d as f64, rung.y(i, scale)?], text))
        })
        .unzip()
}

/// The ladder plot.
fn plot(record: &SearchRecord, b_ladder: Option<&[Iteration<AnyMove>]>, rung: Rung, scale: &Scale, ui: &mut egui::Ui) {
    let mut texts = HoverTexts::default();
    let (a_points, a_texts) = ladder_points(&record.thought.iterations, rung, scale);
    let a_name = format!("A: {}", record.algorithm().name());
    texts.insert(&a_name, a_texts);
    let max_depth = record
        .thought
        .iterations
        .iter()
        .map(depth_of)
        .chain(b_ladder.into_iter().flatten().map(depth_of))
        .max()
        .unwrap_or(1);
    let nodes = rung == Rung::Nodes;
    let tree = if nodes { minimax_tree(record, max_depth) } else { Vec::new() };
    texts.insert("minimax tree", tree.iter().map(|(_, t)| t.clone()).collect());
    let branching = record.branching().filter(|b| *b > 1.0 && nodes);
    let b_name = "B";
    let (b_points, b_texts) = b_ladder.map(|l| ladder_points(l, rung, scale)).unwrap_or_default();
    texts.insert(b_name, b_texts);
    // Every point and line the plot draws, with the win lines' reach on the value's, and room for the markers.
    let growth = branching.map(|b| [growth_curve(b, 1.0, max_depth), growth_curve(b, 0.5, max_depth)]);
    let mut drawn: Vec<[f64; 2]> =
        a_points.iter().chain(&b_points).chain(tree.iter().map(|(p, _)| p)).copied().collect();
    drawn.extend(growth.iter().flatten().flatten());
    if rung == Rung::Nodes {
        drawn.push([1.0, 0.0]);
    }
    if rung == Rung::Value {
        let reach = super::dashboard::value_reach(scale.values.edge, LADDER_HEIGHT);
        drawn.extend([[0.1, reach], [0.1, -reach]]);
    }
    let area = [f64::from(ui.available_width() - Y_AXIS_WIDTH), area_height(LADDER_HEIGHT)];
    let bounds = marked_bounds(
        extent(drawn.iter().map(|p| p[0])),
        extent(drawn.iter().map(|p| p[1])),
        area,
        LADDER_MARKER_REACH,
    );
    ladder_plot(rung, scale, bounds, texts).show(ui, |plot_ui| {
        if rung == Rung::Value {
            super::dashboard::win_lines(plot_ui, &scale.values, 0.1);
        }
        if let (Some(b), Some(curves)) = (branching, growth) {
            growth_lines(plot_ui, b, curves);
        }
        if !tree.is_empty() {
            let xy: Vec<[f64; 2]> = tree.iter().map(|(p, _)| *p).collect();
            plot_ui.points(marked_points("minimax tree", xy, TREE_MARKER).color(egui::Color32::DARK_RED).radius(3.5));
        }
        let color = side_color(record.side);
        plot_ui.line(Line::new(a_name.clone(), a_points.clone()).color(color).allow_hover(false));
        plot_ui.points(marked_points(a_name, a_points, Marker::POINT).color(color).radius(4.0));
        if !b_points.is_empty() {
            plot_ui.line(Line::new(b_name, b_points.clone()).color(B_COLOR).allow_hover(false));
            plot_ui.points(marked_points(b_name, b_points, B_MARKER).color(B_COLOR).radius(5.0));
        }
    });
}

/// The minimax tree's size at each depth to `max_depth` that is known (log10 of its nodes), with its hover text.
pub(super) fn minimax_tree(record: &SearchRecord, max_depth: u32) -> Vec<([f64; 2], String)> {
    (1..=max_depth)
        .filter_map(|d| {
            let size = record.tree.as_ref()?.size(d)?;
            let how = if size.is_exact() { "counted" } else { "estimated" };
            Some(([d as f64, size.nodes().log10()], format!("{} nodes ({how})", numbers::count_f64(size.nodes()))))
        })
        .collect()
}

/// The ladder plot's height in points.
const LADDER_HEIGHT: f32 = 240.0;

/// How far the ladder's largest marker reaches from its centre, in points: B's triangle (radius 5) enlarged under
/// the pointer.
const LADDER_MARKER_REACH: f32 = 7.0;

/// The empty plot for `rung` within `bounds` (x, then y): its axes, legend and hover `texts`.
fn ladder_plot<'a>(rung: Rung, scale: &Scale, [xs, ys]: [(f64, f64); 2], texts: HoverTexts) -> Plot<'a> {
    let mut plot = Plot::new(("telemetry_ladder_plot", rung.name()))
        .default_x_bounds(xs.0, xs.1)
        .default_y_bounds(ys.0, ys.1)
        .height(LADDER_HEIGHT)
        .legend(egui_plot::Legend::default().position(egui_plot::Corner::LeftTop))
        .x_axis_label("depth (plies)")
        .x_grid_spacer(whole_numbers)
        .x_axis_formatter(whole_number)
        .y_axis_label(match rung {
            Rung::Value => scale.values.axis_label(),
            _ => rung.name().to_string(),
        })
        .y_axis_min_width(Y_AXIS_WIDTH)
        .allow_scroll(false)
        .label_formatter(move |position| texts.label(position, |d| format!("depth {d}")));
    if rung == Rung::Nodes {
        plot = plot.y_axis_formatter(power_of_ten).y_grid_spacer(decades);
    }
    plot
}

/// The curve b^(power · d) for branching factor `b`, depth 0 to `max_depth`, on the log scale.
fn growth_curve(b: f64, power: f64, max_depth: u32) -> Vec<[f64; 2]> {
    (0..=max_depth * 4).map(|i| i as f64 / 4.0).map(|d| [d, d * power * b.log10()]).collect()
}

/// The grey b^d and b^(d/2) curves (`[full, half]`) for branching factor `b`.
fn growth_lines(plot_ui: &mut egui_plot::PlotUi<'_>, b: f64, [full, half]: [Vec<[f64; 2]>; 2]) {
    plot_ui.line(
        Line::new(format!("b^d (b = {b:.2})"), full)
            .style(LineStyle::dashed_loose())
            .color(egui::Color32::GRAY)
            .allow_hover(false),
    );
    plot_ui.line(
        Line::new("b^(d/2)", half).style(LineStyle::dotted_dense()).color(egui::Color32::GRAY).allow_hover(false),
    );
}

/// The ladder as numbers: A's iterations, and B's beside them.
fn table(record: &SearchRecord, b_ladder: Option<&[Iteration<AnyMove>]>, scale: &Scale, ui: &mut egui::Ui) {
    let b_at = |d: u32| b_ladder.and_then(|l| l.iter().find(|i| depth_of(i) == d));
    // The value columns' unit and side, as the plot's axis says them.
    ui.label(format!("Values in {}", scale.values.axis_label()));
    egui::Grid::new("telemetry_ladder_table").striped(true).num_columns(7).show(ui, |ui| {
        for head in ["depth", "A nodes", "A time", "A value", "B nodes", "B time", "B value"] {
            ui.strong(head);
        }
        ui.end_row();
        let mut depths: Vec<u32> = record.thought.iterations.iter().map(depth_of).collect();
        depths.extend(b_ladder.into_iter().flatten().map(depth_of));
        depths.sort_unstable();
        depths.dedup();
        for d in depths {
            ui.label(d.to_string());
            let a = record.thought.iterations.iter().find(|i| depth_of(i) == d);
            for iteration in [a, b_at(d)] {
                match iteration {
                    Some(i) => {
                        ui.label(numbers::count(i.stats.nodes_visited));
                        ui.label(format!("{:.4} s", i.stats.elapsed_seconds));
                        ui.label(scale.cell(i.value));
                    }
                    None => {
                        for _ in 0..3 {
                            ui.label("–");
                        }
                    }
                }
            }
            ui.end_row();
        }
    });
}
