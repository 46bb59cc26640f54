//! The hint: a move shown for the position it was asked for, and for no other. Once the game moves on — a move by
//! either side, an undo, a roll, a session opened — the outlines and the "Hint: …" line go, so the board never
//! shows advice for a position that is gone.

use super::Play;
use crate::games::any::{AnyGame, AnyMove};

/// A hint on view: the move, the position it is a move of, and the line that named it.
#[derive(Clone, Debug)]
pub(super) struct Hint {
    pub(super) mv: AnyMove,
    position: AnyGame,
    text: String,
}

impl Play {
    /// Shows `mv` as the hint for the game's position now.
    pub(super) fn show_hint(&mut self, mv: AnyMove) {
        let position = self.history.position().clone();
        let text = format!("Hint: {}", position.move_name(mv));
        self.say(text.clone(), false);
        self.hint = Some(Hint { mv, position, text });
    }

    /// Forgets the hint (and its line) once the game is no longer at the position it was asked for.
    pub(super) fn forget_stale_hint(&mut self) {
        let Some(hint) = &self.hint else { return };
        if hint.position == *self.history.position() {
            return;
        }
        if self.message.as_ref().is_some_and(|m| m.text == hint.text) {
            self.message = None;
        }
        self.hint = None;
    }
}
