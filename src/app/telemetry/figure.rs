//! The dashboard's plots and a search's deepening ladder as figures for a report: built from the same records as
//! the plots on screen (not a screenshot), written as SVG or PNG at the size asked for, with the title, the game,
//! axes, ticks, units and a legend.

use super::dashboard::{FIRST, Group, SECOND, group_marker, groups, side_color, side_names};
use super::deepening::{B_COLOR, B_MARKER, Rung, Scale, TREE_MARKER, ladder_points, minimax_tree};
use super::export::Part;
use super::series::{Series, value_scale};
use crate::app::play::Play;
use crate::engine::game::Side;
use crate::engine::search::deepening::Iteration;
use crate::engine::telemetry::searches::{SearchRecord, depth_of};
use crate::files::project_folder;
use crate::games::any::AnyMove;
use crate::play::figure::{Figure, Marker, Panel, Ticks, Trace, to_svg};
use eframe::egui;
use std::path::{Path, PathBuf};

/// The figure of the series `shown` (in [`Series::ALL`]'s order) for the game in `play`.
pub fn plots_figure(play: &Play, shown: &[bool]) -> Figure {
    let records = &play.history().telemetry().records;
    let names = side_names(play);
    let values = value_scale(play.history(), &names, play.values_from);
    let moves = super::series::MoveAxis::new(play.history(), records);
    let panels = Series::ALL
        .into_iter()
        .zip(shown)
        .filter(|(_, on)| **on)
        .map(|(series, _)| {
            let traces = groups(series, records, &names, (&values, &moves)).iter().map(group_trace).collect();
            let (ticks, include_y, y_label) = match series {
                Series::Nodes => (Ticks::PowerOfTen, vec![0.0], "nodes".to_string()),
                Series::Visited => (Ticks::OneInPowerOfTen, vec![0.0], "share of the minimax tree".to_string()),
                Series::Value => {
                    let reach = super::dashboard::value_reach(values.edge, 130.0);
                    (Ticks::Linear, vec![reach, -reach], values.unit_label().to_string())
                }
                Series::Depth => (Ticks::Linear, vec![0.0], "depth (plies)".to_string()),
                _ => (Ticks::Linear, Vec::new(), series.axis().to_string()),
            };
            let lines = if series == Series::Value { win_lines(&values) } else { Vec::new() };
            let title = match series {
                Series::Value => format!("{}: {}", series.title(), values.axis_label()),
                _ => series.title().to_string(),
            };
            Panel { title, y_label, ticks, include_y, lines, traces }
        })
        .collect();
    let game = &play.entry().variant.name;
    Figure {
        title: format!("Search telemetry — {game}"),
        subtitle: format!(
            "{} searches over {} moves ({} and {}); wins drawn at the Value plot's edges",
            records.len(),
            crate::play::numbering::moves_in_list(play.history()),
            names[0],
            names[1]
        ),
        x_label: "move (numbered as in the move list)".to_string(),
        panels,
    }
}

/// A group of a plot's points as the figure's trace: its side's colour and the group's marker, as on screen;
/// hints and estimates stand alone, unjoined.
fn group_trace(group: &Group) -> Trace {
    let color = if group.side == Side::Max { FIRST } else { SECOND };
    let points = group.points.iter().map(|(p, _)| [p.x, p.y]).collect();
    let apart = group.hint || group.estimate;
    Trace { marker: group_marker(group.hint, group.estimate), ..trace(&group.name, color, points, !apart) }
}

/// The ladder of `record` as a figure: nodes (log scale, with the minimax tree where it is known), time and value
/// at each depth, for A's iterations and B's when an A/B run exists.
pub fn ladder_figure(play: &Play, record: &SearchRecord, b_ladder: Option<&[Iteration<AnyMove>]>) -> Figure {
    let position = play.position_at(record.ply);
    let scale = Scale::new(play, record, &position);
    let a_name = format!("A: {}", record.algorithm().name());
    let a_color = side_color(record.side);
    let max_depth = record.thought.iterations.iter().chain(b_ladder.into_iter().flatten()).map(depth_of).max();
    let panels = Rung::ALL
        .into_iter()
        .map(|rung| {
            let mut traces = Vec::new();
            if rung == Rung::Nodes {
                let tree = minimax_tree(record, max_depth.unwrap_or(1));
                let points = tree.into_iter().map(|(p, _)| p).collect();
                let tree = trace("minimax tree", egui::Color32::DARK_RED, points, false);
                traces.push(Trace { marker: TREE_MARKER, ..tree });
            }
            let (a_points, _) = ladder_points(&record.thought.iterations, rung, &scale);
            traces.push(trace(&a_name, a_color, a_points, true));
            if let Some(b) = b_ladder {
                traces.push(Trace { marker: B_MARKER, ..trace("B", B_COLOR, ladder_points(b, rung, &scale).0, true) });
            }
            ladder_panel(rung, &scale, traces)
        })
        .collect();
    let names = side_names(play);
    let mover = &names[usize::from(record.side == Side::Min)];
    Figure {
        title: format!("Deepening ladder — {}", play.entry().variant.name),
        subtitle: format!(
            "{mover}'s search before {}: {}, {} iteration{}; values in {}",
            crate::play::numbering::numbered_move(play.history(), record.ply),
            record.algorithm().name(),
            record.thought.iterations.len(),
            if record.thought.iterations.len() == 1 { "" } else { "s" },
            scale.values.axis_label()
        ),
        x_label: "depth (plies)".to_string(),
        panels,
    }
}

/// The win lines at the value scale's edges, named by their winners, as on screen.
fn win_lines(values: &super::series::ValueScale) -> Vec<(f64, String)> {
    [values.edge, -values.edge].map(|y| (y, format!("{} wins", values.winner_at(y)))).to_vec()
}

/// One trace of points in one colour, plain filled circles.
fn trace(name: &str, color: egui::Color32, points: Vec<[f64; 2]>, joined: bool) -> Trace {
    Trace { name: name.to_string(), color: [color.r(), color.g(), color.b()], points, joined, marker: Marker::POINT }
}

/// The ladder's panel for `rung`: its title, axis and ticks, the win lines on the value's.
fn ladder_panel(rung: Rung, scale: &Scale, traces: Vec<Trace>) -> Panel {
    let values = &scale.values;
    let (title, y_label, ticks, include_y) = match rung {
        Rung::Nodes => ("Nodes (log scale)", "nodes".to_string(), Ticks::PowerOfTen, vec![0.0]),
        Rung::Time => ("Time per iteration", "seconds".to_string(), Ticks::Linear, vec![0.0]),
        Rung::Value => {
            let reach = super::dashboard::value_reach(values.edge, 130.0);
            ("Value", values.unit_label().to_string(), Ticks::Linear, vec![reach, -reach])
        }
    };
    let lines = if rung == Rung::Value { win_lines(values) } else { Vec::new() };
    Panel { title: title.to_string(), y_label, ticks, include_y, lines, traces }
}

/// How a figure is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A picture, for slides and documents that take no vectors.
    Png,
    /// Vectors: scales without loss, edits in any drawing program.
    Svg,
}

impl Format {
    /// Its name on a button.
    pub fn name(self) -> &'static str {
        match self {
            Format::Png => "PNG",
            Format::Svg => "SVG",
        }
    }

    /// Its file extension.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Svg => "svg",
        }
    }
}

/// `saves/telemetry-<game>-<plots|ladder>.<png|svg>`.
pub fn path(play: &Play, part: Part, format: Format) -> PathBuf {
    let part = match part {
        Part::Dashboard => "plots",
        Part::Ladder => "ladder",
    };
    project_folder("saves").join(format!("telemetry-{}-{part}.{}", play.entry().variant.id, format.extension()))
}

/// Writes `figure` to `path` as `format`, `size` pixels, and says where, or why not.
pub fn save(figure: &Figure, path: &Path, format: Format, size: [u32; 2]) -> (String, bool) {
    let svg = to_svg(figure, size[0], size[1]);
    let written = match format {
        Format::Svg => crate::files::write_atomic(path, svg.as_bytes()),
        Format::Png => png_of(&svg).and_then(|png| crate::files::write_atomic(path, &png)),
    };
    match written {
        Ok(()) => (format!("saved {} ({} × {})", path.display(), size[0].max(320), size[1].max(240)), false),
        Err(e) => (e, true),
    }
}

/// An SVG drawn as a PNG image of its own size, its text set with the window's own fonts (no system font is read,
/// so the picture is the same on every machine), or why not.
pub fn png_of(svg: &str) -> Result<Vec<u8>, String> {
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    let fonts = options.fontdb_mut();
    let definitions = egui::FontDefinitions::default();
    let proportional = definitions.families.get(&egui::FontFamily::Proportional).and_then(|f| f.first()).cloned();
    for (name, data) in &definitions.font_data {
        let ids = fonts.load_font_source(usvg::fontdb::Source::Binary(data.font.clone()));
        // The SVG asks for "sans-serif": the window's proportional font; the others fill in missing glyphs.
        if Some(name) == proportional.as_ref() {
            let family = ids.first().and_then(|id| fonts.face(*id)).and_then(|face| face.families.first());
            if let Some((family, _)) = family.cloned() {
                fonts.set_sans_serif_family(family);
            }
        }
    }
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| format!("cannot draw the figure: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("a {} × {} picture is too large to draw", size.width(), size.height()))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| format!("cannot encode the picture: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::series::Point;

    /// Every group a plot draws — each side's moves and hints, counted or estimated — is exported with the marker
    /// the window draws it with, and within a side no two groups share one.
    #[test]
    fn the_figure_marks_each_group_as_the_window_does() {
        for side in [Side::Max, Side::Min] {
            let mut markers = Vec::new();
            for hint in [false, true] {
                for estimate in [false, true] {
                    let point = Point { x: 1.0, y: 2.0, text: String::new(), estimate };
                    let group = Group {
                        name: format!("{side:?} {hint} {estimate}"),
                        side,
                        hint,
                        estimate,
                        points: vec![(point, 1)],
                    };
                    let trace = group_trace(&group);
                    assert_eq!(trace.marker, group_marker(hint, estimate), "{}", group.name);
                    assert!(!markers.contains(&trace.marker), "{}: {:?} is taken", group.name, trace.marker);
                    markers.push(trace.marker);
                }
            }
        }
    }
}
