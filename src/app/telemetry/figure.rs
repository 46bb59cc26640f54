//! The dashboard's plots as a figure for a report: built from the same records and series as the plots on screen
//! (not a screenshot), written as SVG at the size asked for, with the title, the game, axes, ticks, units and a
//! legend.

use super::dashboard::{FIRST, SECOND, groups, side_names};
use super::series::{Series, value_scale};
use crate::app::play::Play;
use crate::engine::game::Side;
use crate::files::project_folder;
use crate::play::figure::{Figure, Panel, Ticks, Trace, to_svg};
use std::path::PathBuf;

/// The figure of the series `shown` (in [`Series::ALL`]'s order) for the game in `play`.
pub fn plots_figure(play: &Play, shown: &[bool]) -> Figure {
    let records = &play.history().telemetry().records;
    let names = side_names(play);
    let values = value_scale(play.history(), &names);
    let panels = Series::ALL
        .into_iter()
        .zip(shown)
        .filter(|(_, on)| **on)
        .map(|(series, _)| {
            let traces = groups(series, records, &names, &values)
                .into_iter()
                .map(|group| {
                    let color = if group.side == Side::Max { FIRST } else { SECOND };
                    Trace {
                        joined: !group.hint && !group.estimate,
                        hollow: group.hint || group.estimate,
                        name: group.name,
                        color: [color.r(), color.g(), color.b()],
                        points: group.points.iter().map(|(p, _)| [p.x, p.y]).collect(),
                    }
                })
                .collect();
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
            // The win lines, named by their winners, as on screen.
            let lines = if series == Series::Value {
                [values.edge, -values.edge].map(|y| (y, format!("{} wins", values.winner_at(y)))).to_vec()
            } else {
                Vec::new()
            };
            Panel { title: series.title().to_string(), y_label, ticks, include_y, lines, traces }
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

/// `saves/telemetry-<game>-plots.svg`.
pub fn svg_path(play: &Play) -> PathBuf {
    project_folder("saves").join(format!("telemetry-{}-plots.svg", play.entry().variant.id))
}

/// Writes the plots as SVG `size` pixels and says where, or why not.
pub fn save_svg(play: &Play, shown: &[bool], size: [u32; 2]) -> (String, bool) {
    let path = svg_path(play);
    let svg = to_svg(&plots_figure(play, shown), size[0], size[1]);
    match crate::app::tree_lab::files::write_text(&path, &svg) {
        Ok(()) => (format!("saved {} ({} × {})", path.display(), size[0], size[1]), false),
        Err(e) => (e, true),
    }
}
