//! The lines above the board: how the game ended or whose turn it is (with the Roll button of dice games and the
//! earlier position on view), and the last message, in a line of its own that is there even when empty.

use super::{Action, Play, PlayerKind, index, name_in};
use crate::engine::game::{Side, Turn};
use crate::games::any::Outcome;
use eframe::egui;

impl Play {
    /// The line above the board: the result, whose turn it is, or the last message.
    pub(super) fn status_line(&mut self, ui: &mut egui::Ui) {
        let game = self.history.position();
        let learning = super::review::learn::active(self);
        let exercise = self.review.learn.exercise.as_ref().filter(|_| learning);
        let status = match (game.outcome(), game.ending()) {
            _ if exercise.is_some() => exercise.map(|e| e.heading()).unwrap_or_default(),
            (None, _) if self.flag_fallen().is_some() => {
                let (loser, winner) =
                    if self.flag_fallen() == Some(0) { (Side::Max, Side::Min) } else { (Side::Min, Side::Max) };
                format!("{} lost on time: {} wins.", name_in(game, loser), name_in(game, winner))
            }
            (Some(_), Some(reason)) => reason,
            (Some(Outcome::Win(side)), None) => format!("{} wins.", name_in(game, side)),
            (Some(Outcome::Draw), None) => "A draw.".to_string(),
            (None, _) if game.turn() == Turn::Chance => {
                format!("{} rolls the die.", name_in(game, game.side_to_move()))
            }
            (None, _) => {
                let side = game.side_to_move();
                let who = match self.players[index(side)].kind {
                    PlayerKind::Human => "your move",
                    PlayerKind::Ai if self.paused => "AI, paused",
                    PlayerKind::Ai => "the AI is thinking",
                };
                format!("{} to move ({who}).", name_in(game, side))
            }
        };
        ui.horizontal(|ui| {
            ui.heading(status);
            if learning {
                return;
            }
            self.roll_button(ui);
            if let Some(ply) = self.viewing {
                // The move as the list names it ("12…Nxd5"): "move 24" was the ply, not the list's move 24.
                let text = match ply.checked_sub(1) {
                    Some(last) => format!(
                        "Viewing the position after {} (read-only)",
                        crate::play::numbering::numbered_move(&self.history, last)
                    ),
                    None => "Viewing the starting position (read-only)".to_string(),
                };
                ui.label(egui::RichText::new(text).strong());
            }
        });
        // The message line is always there, empty or not, so the board never moves when a message comes or goes.
        let (text, color) = match &self.message {
            Some(message) if message.error => (message.text.as_str(), ui.visuals().error_fg_color),
            Some(message) => (message.text.as_str(), ui.visuals().strong_text_color()),
            None => ("", ui.visuals().text_color()),
        };
        // Two lines, wrapped at the view's width: a reason of a sentence or two is read whole even at 800 × 600,
        // and a longer one ends in "…" with the whole of it on hover.
        let height = 2.0 * ui.text_style_height(&egui::TextStyle::Body);
        let width = ui.available_width();
        ui.allocate_ui(egui::vec2(width, height), |ui| {
            let font = egui::TextStyle::Body.resolve(ui.style());
            let mut job = egui::text::LayoutJob::simple(text.to_string(), font, color, width);
            job.wrap.max_rows = 2;
            ui.set_min_height(height);
            ui.add(egui::Label::new(job)).on_hover_text(text);
        });
    }

    /// The Roll button of every dice game, beside the line that says who rolls: shown when a person is to roll the
    /// game's own position (in the analysis mode that enters the die by hand, the game's painter asks for the face).
    fn roll_button(&mut self, ui: &mut egui::Ui) {
        let game = self.history.position();
        let person = self.players[index(game.side_to_move())].kind == PlayerKind::Human;
        let rolling = game.turn() == Turn::Chance && game.outcome().is_none() && self.flag_fallen().is_none();
        if !(rolling && person && self.viewing.is_none() && !self.dice.by_hand) {
            return;
        }
        // At the body's size, no taller than the heading beside it, so the board below never moves when it comes.
        let button = egui::Button::new(egui::RichText::new("Roll").strong());
        if ui.add(button).on_hover_text("Roll the die").clicked() {
            self.actions.push(Action::RollDie);
        }
    }
}
