//! The live search panel: what the AI's (or the hint's) search has found so far, updated per iteration.
//!
//! It only ever speaks of the game on screen: a search of a position that is no longer the game's (taken back, or
//! from before a session was opened) is not shown, and once the AI's move is played the panel names the move the
//! move list shows — with the search's own best beside it when a weaker level chose another on purpose.

use super::{Play, Purpose};
use eframe::egui;

/// Draws the panel under the board.
pub fn show(play: &Play, ui: &mut egui::Ui) {
    let Some(search) = play.search.as_ref().filter(|s| belongs_to_game(play, s)) else {
        ui.label(egui::RichText::new("No search yet: the AI's thinking shows here, iteration by iteration.").weak());
        return;
    };
    let what = match search.purpose {
        Purpose::Move(side) => format!("{} (AI)", search.position.side_name(side)),
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
    let nps = iteration.stats.nodes_per_second().map_or("–".to_string(), crate::numbers::rate);
    let best = iteration.best_move.map_or("–".to_string(), name);
    let played_move = played_move(play, search);
    let best = match (played_move, iteration.best_move) {
        (Some(played), Some(found)) if played != found => format!("{best} (deepest iteration)"),
        _ => best,
    };
    let pv = search.position.line_names(&iteration.principal_variation);
    // In the game's own words: "+0.62 (pawns)", "White mates in 3", "Red wins in 7 moves".
    let mut score = search.position.score_in_words(iteration.value);
    if iteration.exact {
        score.push_str(", exact");
    }
    if !iteration.complete {
        score.push_str(" (cut short)");
    }
    // Wrapped, not a grid: in a narrow window the figures move to the next line instead of being cut off.
    ui.horizontal_wrapped(|ui| {
        ui.label("depth");
        ui.strong(depth);
        ui.label("nodes");
        ui.strong(crate::numbers::count(iteration.stats.nodes_visited));
        ui.label("nodes/s");
        ui.strong(nps);
        ui.label(format!("score ({} to move)", search.position.side_name(search.position.side_to_move())));
        ui.strong(score);
        ui.end_row();
        ui.label("best move");
        ui.strong(best);
        if let Some(played) = played_instead(play, search) {
            ui.label("played");
            ui.strong(played);
        }
        ui.label("principal variation");
        ui.strong(if pv.is_empty() { "–".to_string() } else { pv.join(" ") });
        ui.end_row();
    });
}

/// True when `search` was of a position of the game on screen: the game now (still searching, or a hint), or the
/// position its move was played from — with that very move played.
fn belongs_to_game(play: &Play, search: &super::SearchInfo) -> bool {
    let ply = play.history.ply_of(&search.position);
    let at = ply.min(play.history.moves().len());
    if play.history.position_at(at) != search.position || ply > play.history.moves().len() {
        return false;
    }
    match search.played {
        Some(played) => play.history.moves().get(ply) == Some(&played),
        None => ply == play.history.moves().len(),
    }
}

/// The move the game played from the searched position, when the search was the AI's and its move is in the game.
fn played_move(play: &Play, search: &super::SearchInfo) -> Option<crate::games::any::AnyMove> {
    search.played.filter(|&mv| play.history.moves().get(play.history.ply_of(&search.position)) == Some(&mv))
}

/// The played move's name, when it is not the deepest iteration's best (a weaker level's deliberate choice), so
/// the panel never contradicts the move list.
fn played_instead(play: &Play, search: &super::SearchInfo) -> Option<String> {
    let played = played_move(play, search)?;
    let best = search.latest.as_ref().and_then(|i| i.best_move);
    let name = search.position.move_name(played);
    match best {
        Some(best) if best == played => None,
        Some(_) => Some(format!("{name} (chosen on purpose by a weaker level)")),
        // No iteration named a best move: a forced move is played without a search, which is no mistake.
        None if search.position.legal_moves().len() == 1 => Some(format!("{name} (the only move)")),
        None => Some(name),
    }
}
