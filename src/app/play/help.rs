//! The Play view's help (F1): what each part of the view shows and means.

use super::Play;
use eframe::egui;

/// The help's sections: a heading and what it says.
const SECTIONS: [(&str, &str); 7] = [
    (
        "Game and players",
        "Pick a game in the list; the game you leave is kept, moves, searches and review, and comes back when \
         you pick it again (and with the session). Each side is a person or the AI; the AI's level runs from 1 \
         (weakest, with deliberate mistakes) to 10, and the line under it says what the level searches and how \
         strong it was measured.",
    ),
    (
        "The board",
        "Click a piece and then its square, or a cell. A click that plays nothing says why under the heading. \
         ← and → step through the game's earlier positions (read-only); End returns to the game.",
    ),
    (
        "Moves",
        "The move list numbers the moves as the game's records do; a review marks them ?! (inaccuracy), ? \
         (mistake) and ?? (blunder). Click a move to see its position.",
    ),
    (
        "Search panel",
        "The AI's search as it runs: the depth of each completed iteration, the whole search's nodes and time to \
         its last report (Telemetry's figures for it), the speed, and the score — from the side Settings ▸ Values \
         from names — in the game's unit, with the best move and the line the search expects.",
    ),
    (
        "Hint and review",
        "Hint searches the position for the side to move and marks its move. Review judges every move of the \
         game by how much of its winning chances it gave away; Show why opens the move tree in the Tree lab.",
    ),
    (
        "Learn from your mistakes",
        "After a review, the review panel's Learn from your mistakes shows the position before each of a side's \
         mistakes and blunders and asks for a better move: click it on the board. Your move is judged as the review \
         judges, at its strength: Good move!, You can do better, or another mistake. Try again, Show the answer \
         (the better line, played out), Next mistake and Previous (→ and ←); at the end, how many you found. The \
         game itself is not changed: Leave the exercise or Escape returns to it as it was.",
    ),
    (
        "Telemetry",
        "Every search of the game is a point in the Telemetry view: its depth, time, nodes, the share of the \
         minimax tree it visited, and its value.",
    ),
];

/// The help window, when open.
pub fn window(play: &mut Play, ctx: &egui::Context) {
    if !play.help_open {
        return;
    }
    let mut open = true;
    let window = egui::Window::new("Play help").open(&mut open).default_width(520.0);
    crate::app::windows::show(window, ctx, |ui| {
        for (heading, text) in SECTIONS {
            ui.heading(heading);
            ui.add(egui::Label::new(text).wrap());
        }
        ui.label(egui::RichText::new("Help ▸ User guide ▸ Play has the whole guide.").weak());
    });
    play.help_open = open && !crate::app::windows::escape_pressed(ctx);
}
