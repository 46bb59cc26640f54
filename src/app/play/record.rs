//! The game being played, as a record: the starting position, the moves made, and the moves taken back (for redo).
//! No egui here, so the rules of undo and redo can be tested on their own. The searches' telemetry is kept here
//! too, with the moves, so that it follows undo and redo (see [`Telemetry`] for the rules).

use crate::engine::game::IllegalMove;
use crate::engine::telemetry::records::{SearchRecord, Telemetry};
use crate::games::any::{AnyGame, AnyMove};

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Record {
    start: AnyGame,
    /// The position after every move in `moves`.
    current: AnyGame,
    moves: Vec<AnyMove>,
    /// Each move's name, given in the position it was played from (chess's SAN depends on the position).
    names: Vec<String>,
    /// Moves taken back, the most recently taken back last.
    redo: Vec<AnyMove>,
    /// One record per search run in this game (AI moves and hints).
    telemetry: Telemetry,
}

impl Record {
    /// A new game from `start`.
    pub fn new(start: AnyGame) -> Self {
        Record {
            current: start.clone(),
            start,
            moves: Vec::new(),
            names: Vec::new(),
            redo: Vec::new(),
            telemetry: Telemetry::default(),
        }
    }

    /// The position now.
    pub fn position(&self) -> &AnyGame {
        &self.current
    }

    /// The moves made, first to last.
    pub fn moves(&self) -> &[AnyMove] {
        &self.moves
    }

    /// Plays `mv` if legal; a new move forgets what could be redone.
    pub fn try_play(&mut self, mv: AnyMove) -> Result<(), IllegalMove> {
        let name = self.current.move_name(mv);
        self.current.try_play(mv)?;
        self.moves.push(mv);
        self.names.push(name);
        self.redo.clear();
        self.telemetry.forget_undone();
        Ok(())
    }

    /// Takes back the last move, if there is one.
    pub fn undo(&mut self) -> Option<AnyMove> {
        let mv = self.moves.pop()?;
        self.names.pop();
        self.current.undo(mv);
        self.redo.push(mv);
        self.telemetry.take_back(self.moves.len());
        Some(mv)
    }

    /// Plays again the last move taken back, if there is one.
    pub fn redo(&mut self) -> Option<AnyMove> {
        let mv = self.redo.pop()?;
        let name = self.current.move_name(mv);
        // The move was legal here when it was taken back, so this cannot fail; if it somehow did, drop it.
        self.current.try_play(mv).ok()?;
        self.moves.push(mv);
        self.names.push(name);
        self.telemetry.bring_back(self.moves.len());
        Some(mv)
    }

    /// The moves that can be redone, the next one last.
    pub fn redo_moves(&self) -> &[AnyMove] {
        &self.redo
    }

    /// The searches' records of this game.
    pub fn telemetry(&self) -> &Telemetry {
        &self.telemetry
    }

    /// Keeps the record of a search (after its move, for an AI's move); returns the id it was given.
    pub fn note(&mut self, record: SearchRecord) -> u64 {
        self.telemetry.push(record)
    }

    /// The records, to fill in what is counted later.
    pub fn telemetry_mut(&mut self) -> &mut Telemetry {
        &mut self.telemetry
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The position after the first `ply` moves (read-only viewing of earlier positions).
    pub fn position_at(&self, ply: usize) -> AnyGame {
        let mut game = self.start.clone();
        for &mv in self.moves.iter().take(ply) {
            // Every recorded move was legal when made.
            let _ = game.try_play(mv);
        }
        game
    }

    /// How many of this record's moves lead to `position` (a position of this game): its own move count less the
    /// start's, so a game set up from a position (which counts the moves before it) numbers from its start too.
    pub fn ply_of(&self, position: &AnyGame) -> usize {
        position.moves_played().saturating_sub(self.start.moves_played())
    }

    /// The name of move number `ply` (0-based), in the notation of the position it was played from.
    pub fn move_name(&self, ply: usize) -> String {
        self.names.get(ply).cloned().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mnk::Mnk;

    #[test]
    fn undo_redo_and_a_new_move_forgets_redo() {
        let mut record = Record::new(AnyGame::new(Mnk::tic_tac_toe()));
        record.try_play(4).expect("legal");
        record.try_play(0).expect("legal");
        assert!(record.try_play(4).is_err(), "taken");
        assert_eq!(record.undo(), Some(0));
        assert_eq!(record.position().moves_played(), 1);
        assert_eq!(record.redo(), Some(0));
        assert_eq!(record.undo(), Some(0));
        record.try_play(8).expect("legal");
        assert!(!record.can_redo());
        assert_eq!(record.position_at(1).moves_played(), 1);
        assert_eq!(record.move_name(1), "c1");
    }

    /// Chess names a move by the position it is played from (SAN): `axb5` cannot be named in the start position,
    /// where a4 is empty — naming it there once took the window down.
    #[test]
    fn each_move_is_named_in_the_position_it_was_played_from() {
        let mut record = Record::new(AnyGame::new(crate::games::chess::Chess::new()));
        for name in ["a4", "b5", "axb5", "a6", "bxa6"] {
            let position = record.position().clone();
            let mv = position.legal_moves().into_iter().find(|&m| position.move_name(m) == name).expect(name);
            record.try_play(mv).expect("legal");
        }
        let names: Vec<String> = (0..5).map(|ply| record.move_name(ply)).collect();
        assert_eq!(names, ["a4", "b5", "axb5", "a6", "bxa6"]);
        record.undo();
        record.undo();
        assert_eq!(record.move_name(3), "");
        record.redo();
        record.redo();
        assert_eq!(record.move_name(4), "bxa6");
        // A line is named move by move too.
        let line = record.moves()[..3].to_vec();
        assert_eq!(record.position_at(0).line_names(&line), ["a4", "b5", "axb5"]);
    }
}
