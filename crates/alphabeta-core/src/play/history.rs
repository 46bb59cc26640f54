//! The history of the game being played: the starting position, the moves made, and the moves taken back (for
//! redo), so the rules of undo and redo can be tested on their own. The searches' telemetry is kept here
//! too, with the moves, so that it follows undo and redo (see [`Telemetry`] for the rules).

use crate::engine::game::{IllegalMove, Side};
use crate::engine::telemetry::searches::{SearchRecord, Telemetry};
use crate::games::any::{AnyGame, AnyMove};
use crate::games::family::Rules;

/// A game in progress.
#[derive(Clone, Debug)]
pub struct GameHistory {
    start: AnyGame,
    /// The position after every move in `moves`.
    current: AnyGame,
    moves: Vec<AnyMove>,
    /// Each move's name, given in the position it was played from (chess's SAN depends on the position).
    names: Vec<String>,
    /// Who made each move: the side to move in the position it was played from (at a chance turn, the side the
    /// roll is for). Kalah's extra turn and a dice game's roll-then-move are two moves of one side in a row.
    movers: Vec<Side>,
    /// Moves taken back, the most recently taken back last.
    redo: Vec<AnyMove>,
    /// One record per search run in this game (AI moves and hints).
    telemetry: Telemetry,
    /// The tag pairs of the record the game was imported from (PGN's Event, White, …), for its exports to keep.
    record_tags: Vec<(String, String)>,
    /// The start as text `read_position` reads back (FEN, or the moves to it where the family has no notation),
    /// when it is not the variant's usual start, so the start can be written down and read again.
    set_up_from: Option<String>,
}

impl GameHistory {
    /// A new game from `start`.
    pub fn new(start: AnyGame) -> Self {
        GameHistory {
            current: start.clone(),
            start,
            moves: Vec::new(),
            names: Vec::new(),
            movers: Vec::new(),
            redo: Vec::new(),
            telemetry: Telemetry::default(),
            record_tags: Vec::new(),
            set_up_from: None,
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
        let (name, mover) = (self.current.move_name(mv), self.current.side_to_move());
        self.current.try_play(mv)?;
        self.moves.push(mv);
        self.names.push(name);
        self.movers.push(mover);
        self.redo.clear();
        self.telemetry.forget_undone();
        Ok(())
    }

    /// Takes back the last move, if there is one.
    pub fn undo(&mut self) -> Option<AnyMove> {
        let mv = self.moves.pop()?;
        self.names.pop();
        self.movers.pop();
        self.current.undo(mv);
        self.redo.push(mv);
        self.telemetry.take_back(self.moves.len());
        Some(mv)
    }

    /// Plays again the last move taken back, if there is one.
    pub fn redo(&mut self) -> Option<AnyMove> {
        let mv = self.redo.pop()?;
        let (name, mover) = (self.current.move_name(mv), self.current.side_to_move());
        // The move was legal here when it was taken back, so this cannot fail; if it somehow did, drop it.
        self.current.try_play(mv).ok()?;
        self.moves.push(mv);
        self.names.push(name);
        self.movers.push(mover);
        self.telemetry.bring_back(self.moves.len());
        Some(mv)
    }

    /// The moves that can be redone, the next one last.
    pub fn redo_moves(&self) -> &[AnyMove] {
        &self.redo
    }

    /// The tags of the record the game was imported from, in the record's order; empty for a game played here.
    pub fn record_tags(&self) -> &[(String, String)] {
        &self.record_tags
    }

    /// Keeps the tags of the record the game was imported from
    /// ([`header_tags`](crate::games::records::movetext::header_tags), which bounds them).
    pub fn set_record_tags(&mut self, tags: Vec<(String, String)>) {
        self.record_tags = tags;
    }

    /// The start position as text its rules' `read_position` reads back (FEN, or the moves it was set up from), when
    /// the game did not start from its variant's usual start; `None` when it did.
    pub fn start_text(&self) -> Option<&str> {
        self.set_up_from.as_deref()
    }

    /// Notes that the game started from a position other than the usual start, which its rules' `read_position`
    /// reads back from `text`, so that [`GameHistory::start_text`] can give it back.
    pub fn set_up_from(&mut self, text: &str) {
        self.set_up_from = Some(text.to_string());
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

    /// True when a move taken back can be played again.
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

    /// How many of this history's moves lead to `position` (a position of this game): its own move count less the
    /// start's, so a game set up from a position (which counts the moves before it) numbers from its start too.
    pub fn ply_of(&self, position: &AnyGame) -> usize {
        position.moves_played().saturating_sub(self.start.moves_played())
    }

    /// The name of move number `ply` (0-based), in the notation of the position it was played from.
    pub fn move_name(&self, ply: usize) -> String {
        self.names.get(ply).cloned().unwrap_or_default()
    }

    /// The moves grouped into turns, as the move list shows them: a turn is one side's moves in a row (one move in
    /// most games; Kalah's extra turns, a dice game's roll and move, make longer ones). Turns are numbered by round,
    /// a round starting with each turn of the first player, as chess numbers its moves; the first round is the
    /// start position's ([`crate::games::any::GameInfo::first_round`]: a FEN's move number).
    pub fn turns(&self) -> Vec<TurnRow> {
        turn_rows(&self.movers, self.start.first_round())
    }

    /// True while every turn has been a single move, the sides taking turns: the move list pairs them, "1. e4 e5".
    pub fn sides_alternate(&self) -> bool {
        self.movers.windows(2).all(|pair| pair[0] != pair[1])
    }

    /// This game replayed into `rules` (the same game's rules read again from its file) move by move, by the
    /// moves' names; the moves that could be redone come along as far as they still play. The searches' records
    /// come along when every move is the same move in the new rules; when the new rules number the moves
    /// otherwise, they are dropped (the second value is then `false`).
    ///
    /// # Errors
    /// The first move that is no longer legal (`move 5 ('3') …`), or the rules' own failure — a script's
    /// `file:line: …` — when they cannot start a game or fail while replaying.
    pub fn replayed_into(&self, rules: &Rules) -> Result<(GameHistory, bool), String> {
        let start = match self.start.position_text() {
            Some(text) => rules.read_position(&text)?,
            None if self.start.moves_played() == 0 => rules.new_game()?,
            None => return Err("the game started from a set-up position that cannot be carried over".into()),
        };
        let mut history = GameHistory::new(start);
        history.record_tags = self.record_tags.clone();
        history.set_up_from = self.set_up_from.clone();
        for (ply, name) in self.names.iter().enumerate() {
            let failed = |history: &GameHistory, why: String| match history.current.fault() {
                Some(fault) => format!("move {} ('{name}'): {fault}", ply + 1),
                None => format!("move {} ('{name}') {why}", ply + 1),
            };
            let mv =
                history.current.find_move(name).ok_or_else(|| failed(&history, "is not a legal move there".into()))?;
            history.try_play(mv).map_err(|e| failed(&history, format!("cannot be played: {e}")))?;
        }
        // The moves to redo, named in the positions they would be played in, replayed on the new rules and taken
        // back again, which leaves them on the redo stack.
        let mut old = self.current.clone();
        let mut redone = 0;
        for &mv in self.redo.iter().rev() {
            let name = old.move_name(mv);
            if old.try_play(mv).is_err() {
                break;
            }
            match history.current.find_move(&name) {
                Some(new) if history.try_play(new).is_ok() => redone += 1,
                _ => break,
            }
        }
        for _ in 0..redone {
            history.undo();
        }
        let same_moves = history.moves == self.moves;
        if same_moves {
            history.telemetry = self.telemetry.clone();
        }
        Ok((history, same_moves))
    }
}

/// Moves made by `movers` (the side to move before each) grouped into turns, numbered by round from
/// `first_round` (see [`GameHistory::turns`]): what the move list and a match's PGN record both number.
pub fn turn_rows(movers: &[Side], first_round: usize) -> Vec<TurnRow> {
    let mut rows: Vec<TurnRow> = Vec::new();
    for (ply, &side) in movers.iter().enumerate() {
        match rows.last_mut() {
            Some(row) if row.side == side => row.plies.end = ply + 1,
            last => {
                let round = match last {
                    None => first_round,
                    Some(row) if side == Side::Max => row.round + 1,
                    Some(row) => row.round,
                };
                rows.push(TurnRow { round, side, plies: ply..ply + 1 });
            }
        }
    }
    rows
}

/// One turn in the move list (see [`GameHistory::turns`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnRow {
    /// The round, from 1: it goes up with each turn of the first player.
    pub round: usize,
    /// Who moved.
    pub side: Side,
    /// The turn's moves, as indices into [`GameHistory::moves`].
    pub plies: std::ops::Range<usize>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mnk::Mnk;

    #[test]
    fn undo_redo_and_a_new_move_forgets_redo() {
        let mut history = GameHistory::new(AnyGame::new(Mnk::tic_tac_toe()));
        history.try_play(4).expect("legal");
        history.try_play(0).expect("legal");
        assert!(history.try_play(4).is_err(), "taken");
        assert_eq!(history.undo(), Some(0));
        assert_eq!(history.position().moves_played(), 1);
        assert_eq!(history.redo(), Some(0));
        assert_eq!(history.undo(), Some(0));
        history.try_play(8).expect("legal");
        assert!(!history.can_redo());
        assert_eq!(history.position_at(1).moves_played(), 1);
        assert_eq!(history.move_name(1), "c1");
    }

    /// Kalah's extra turn: South moves twice in a row, so the list shows turns, not pairs of moves.
    #[test]
    fn a_side_moving_twice_makes_one_turn_and_rounds_follow_the_first_player() {
        let path = crate::games::registry::shipped_dir().join("kalah.lua");
        let script = crate::games::script::Script::load(&path).expect("kalah.lua loads");
        let mut history = GameHistory::new(AnyGame::new(script.new_game().expect("starts")));
        // South's pit 3 sows its 4 seeds into pits 4, 5, 6 and the store: South again; then pit 1, North, South.
        for name in ["3", "1", "2", "2"] {
            let mv = history.position().find_move(name).expect(name);
            history.try_play(mv).expect(name);
        }
        assert!(!history.sides_alternate());
        let row = |round, side, plies| TurnRow { round, side, plies };
        assert_eq!(
            history.turns(),
            [row(1, Side::Max, 0..2), row(1, Side::Min, 2..3), row(2, Side::Max, 3..4)],
            "{:?}",
            (0..4).map(|ply| history.position_at(ply).side_to_move()).collect::<Vec<_>>()
        );
        // Taking back and redoing keeps who moved.
        history.undo();
        history.undo();
        assert_eq!(history.turns(), [row(1, Side::Max, 0..2)]);
        history.redo();
        assert_eq!(history.turns(), [row(1, Side::Max, 0..2), row(1, Side::Min, 2..3)]);
        // Tic-tac-toe alternates: one move a turn, two turns a round.
        let mut ttt = GameHistory::new(AnyGame::new(Mnk::tic_tac_toe()));
        for mv in [4, 0, 8] {
            ttt.try_play(mv).expect("legal");
        }
        assert!(ttt.sides_alternate());
        assert_eq!(ttt.turns(), [row(1, Side::Max, 0..1), row(1, Side::Min, 1..2), row(2, Side::Max, 2..3)]);
    }

    /// Chess names a move by the position it is played from (SAN): `axb5` cannot be named in the start position,
    /// where a4 is empty — naming it there once took the window down.
    #[test]
    fn each_move_is_named_in_the_position_it_was_played_from() {
        let mut history = GameHistory::new(AnyGame::new(crate::games::chess::Chess::new()));
        for name in ["a4", "b5", "axb5", "a6", "bxa6"] {
            let position = history.position().clone();
            let mv = position.legal_moves().into_iter().find(|&m| position.move_name(m) == name).expect(name);
            history.try_play(mv).expect("legal");
        }
        let names: Vec<String> = (0..5).map(|ply| history.move_name(ply)).collect();
        assert_eq!(names, ["a4", "b5", "axb5", "a6", "bxa6"]);
        history.undo();
        history.undo();
        assert_eq!(history.move_name(3), "");
        history.redo();
        history.redo();
        assert_eq!(history.move_name(4), "bxa6");
        // A line is named move by move too.
        let line = history.moves()[..3].to_vec();
        assert_eq!(history.position_at(0).line_names(&line), ["a4", "b5", "axb5"]);
    }
}
