//! The live search panel: what the AI's (or the hint's) search has found so far, updated per iteration.

use super::{Play, Purpose, side_name};
use eframe::egui;

/// Draws the panel under the board.
pub fn show(play: &Play, ui: &mut egui::Ui) {
    let Some(search) = &play.search else {
        ui.label(egui::RichText::new("No search yet: the AI's thinking shows here, iteration by iteration.").weak());
        return;
    };
    let what = match search.purpose {
        Purpose::Move(side) => format!("{} (AI)", side_name(side)),
        Purpose::Hint => "Hint".to_string(),
    };
    let state = if search.finished { "done" } else { "thinking…" };
    let elapsed = match (search.took, search.finished) {
        (Some(took), _) => took,
        // Dropped before its report: the time it had when last seen.
        (None, true) => search.latest.as_ref().map_or(0.0, |i| i.elapsed_seconds),
        (None, false) => search.started.elapsed().as_secs_f64(),
    };
    ui.horizontal(|ui| {
        ui.strong(format!("Search: {what}, {state}"));
        ui.label(format!("elapsed {elapsed:.1} s"));
    });
    let Some(iteration) = &search.latest else {
        ui.label("Waiting for the first iteration…");
        return;
    };
    let name = |mv| search.position.move_name(mv);
    let depth = if iteration.depth == u32::MAX { "to the end".to_string() } else { iteration.depth.to_string() };
    let nps = iteration.stats.nodes_per_second().map_or("–".to_string(), |n| format!("{:.0}", n));
    let best = iteration.best_move.map_or("–".to_string(), name);
    let pv = search.position.line_names(&iteration.principal_variation);
    // Adding 0 turns −0 into 0, so a draw does not read "-0".
    let value = iteration.value + 0.0;
    // Heuristic values are fractions (m,n,k games keep them inside ±1); wins and draws are whole numbers.
    let mut score = if value.fract() == 0.0 { format!("{value:+}") } else { format!("{value:+.3}") };
    if iteration.exact {
        score.push_str(" (exact)");
    }
    if !iteration.complete {
        score.push_str(" (cut short)");
    }
    egui::Grid::new("search_panel").num_columns(8).spacing([16.0, 2.0]).show(ui, |ui| {
        ui.label("depth");
        ui.strong(depth);
        ui.label("nodes");
        ui.strong(iteration.stats.nodes_visited.to_string());
        ui.label("nodes/s");
        ui.strong(nps);
        ui.label("score (side to move)");
        ui.strong(score);
        ui.end_row();
        ui.label("best move");
        ui.strong(best);
        ui.label("principal variation");
        ui.strong(if pv.is_empty() { "–".to_string() } else { pv.join(" ") });
        ui.end_row();
    });
}
