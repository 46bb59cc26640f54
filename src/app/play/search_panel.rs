//! The live search panel: what the AI's (or the hint's) search has found so far, updated per iteration.
//!
//! It only ever speaks of the game on screen: a search of a position that is no longer the game's (taken back, or
//! from before a session was opened) is not shown, and once the AI's move is played the panel names the move the
//! move list shows — with the search's own best beside it when a weaker level chose another on purpose.

use super::{Play, Purpose};
use crate::engine::game::{Side, Value};
use crate::games::any::AnyGame;
use crate::games::values_from::ValuesFrom;
use eframe::egui;

/// Draws the panel under the board.
pub fn show(play: &mut Play, ui: &mut egui::Ui) {
    let Some(search) = play.search.as_ref().filter(|s| belongs_to_game(play, s)) else {
        ui.label(egui::RichText::new("No search yet: the AI's thinking shows here, iteration by iteration.").weak());
        return;
    };
    let what = match search.purpose {
        Purpose::Move(side) => format!("{} (AI)", search.position.side_name(side)),
        Purpose::Hint => "Hint".to_string(),
    };
    // Every figure below is of the whole search as of its last report, the figures Telemetry's record of it shows
    // once it is done: while it runs they stand still between iterations rather than mixing a live clock with the
    // last iteration's counts.
    let state = if search.finished { "done" } else { "thinking… (figures as of its last iteration)" };
    // Wrapped: one row that does not fit would widen the panel past the review panel beside it.
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("Search: {what}, {state}"));
    });
    let play = &*play;
    // A level is its node budget: when the time ceiling came first, the promise of its figure was not kept. Said
    // above the figures, where the panel's few lines never hide it.
    if let Some(shortfall) = &search.shortfall {
        let text = format!("This search {}.", crate::games::levels::shortfall_words(shortfall));
        ui.colored_label(ui.visuals().warn_fg_color, text);
    }
    let Some(iteration) = &search.latest else {
        ui.label("Waiting for the first iteration…");
        return;
    };
    let name = |mv| search.position.move_name(mv);
    let depth = if iteration.depth == u32::MAX { "to the end".to_string() } else { iteration.depth.to_string() };
    let figures = search.figures;
    let nps = figures.rate().map_or("–".to_string(), crate::numbers::rate);
    // Once done, the search's own verdict: an iteration cut short may have found a better move than the last
    // complete one.
    let found = search.searched_best.or(iteration.best_move);
    let best = found.map_or("–".to_string(), name);
    let played_move = played_move(play, search);
    let best = match (played_move, found) {
        (Some(played), Some(found)) if played != found => format!("{best} (deepest iteration)"),
        _ => best,
    };
    let pv = search.position.line_names(&iteration.principal_variation);
    // In the game's own words: "+0.62 (pawns)", "White mates in 3", "Red wins in 7 moves".
    let (value, whose) = perspective(&search.position, iteration.value, play.values_from);
    let mut score = search.position.score_in_words(value);
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
        ui.label("nodes (all iterations)").on_hover_text(WHOLE_SEARCH);
        ui.strong(crate::numbers::count(figures.nodes));
        ui.label("search time").on_hover_text(WHOLE_SEARCH);
        ui.strong(format!("{:.3} s", figures.seconds));
        ui.label("nodes/s");
        ui.strong(nps);
        ui.label(whose);
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

/// What the panel's nodes and time count.
const WHOLE_SEARCH: &str = "The whole search to its last report: every iteration's nodes (the one cut short and other \
                            threads' included) and the search's own clock, from its start, without the time the \
                            request waited. Telemetry shows the same figures for this search.";

/// A search's score (from the side to move in `position`) as the panel shows it, with its label: read from the side
/// the Settings name (`from`), as Telemetry shows it. A win found by the search keeps its sign, since its words
/// name the winner ("White mates in 3") whichever side is reading.
fn perspective(position: &AnyGame, value: Value, from: ValuesFrom) -> (Value, String) {
    let mover = position.side_to_move();
    let label = match from {
        ValuesFrom::SideToMove => format!("score ({} to move)", position.side_name(mover)),
        ValuesFrom::FirstPlayer => format!("score ({}'s side)", position.side_name(Side::Max)),
    };
    if position.score_axis().is_win(value) {
        return (value, label);
    }
    (from.read(value, mover), label)
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

/// The played move's name, when it is not the search's best: a deliberate mistake exactly when the move list marks
/// it `?!` (the same fact, `Thought::deliberate_mistake`), so the panel never contradicts the list.
fn played_instead(play: &Play, search: &super::SearchInfo) -> Option<String> {
    let played = played_move(play, search)?;
    let best = search.searched_best.or_else(|| search.latest.as_ref().and_then(|i| i.best_move));
    let name = search.position.move_name(played);
    match best {
        Some(best) if best == played => None,
        _ if search.mistake_of.is_some() => Some(format!("{name} (chosen on purpose by a weaker level)")),
        // The level's noise picked another move that scored as well: a choice, not a mistake.
        Some(_) => Some(format!("{name} (scored as well as the best)")),
        // No iteration named a best move: a forced move is played without a search, which is no mistake.
        None if search.position.legal_moves().len() == 1 => Some(format!("{name} (the only move)")),
        None => Some(name),
    }
}
