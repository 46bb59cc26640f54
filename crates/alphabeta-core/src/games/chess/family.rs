//! The chess family: what the rest of the studio knows of chess (listed once in `games::families`) — its name in
//! game files, the command line's `kiwipete`, [`GameInfo`]: scores in words, FEN, and [`Playable`]: moves as
//! numbers, records in PGN.

use super::{Chess, ChessMove, KIWIPETE, decode, encode, pgn};
use crate::games::any::{self, AnyGame, AnyMove, GameInfo, Outcome, Playable};
use crate::games::family::{Compiled, CompiledRules};
use crate::games::{records, score_words};

/// Chess takes no parameters in game files; the command line's `kiwipete` starts from another position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChessRules {
    /// The starting position's FEN, when it is not the standard one.
    pub start: Option<&'static str>,
}

/// `rules: Chess` (read as `()`) names the standard start.
impl<'de> serde::Deserialize<'de> for ChessRules {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<ChessRules, D::Error> {
        <()>::deserialize(deserializer)?;
        Ok(ChessRules { start: None })
    }
}

/// The chess family: `rules: Chess` in a game file.
pub static FAMILY: Compiled<ChessRules> = Compiled::new();

impl CompiledRules for ChessRules {
    const NAME: &'static str = "Chess";
    const HAS_PARAMS: bool = false;
    const COMMAND_LINE_IDS: &'static [&'static str] = &["kiwipete"];
    fn new_game(&self) -> Result<AnyGame, String> {
        match self.start {
            Some(fen) => Chess::from_fen(fen).map(AnyGame::new).map_err(|e| e.to_string()),
            None => Ok(AnyGame::new(Chess::new())),
        }
    }
    /// FEN.
    fn read_position(&self, text: &str) -> Result<AnyGame, String> {
        Chess::from_fen(text).map(AnyGame::new).map_err(|e| e.to_string())
    }
    /// `kiwipete`: chess from the Kiwipete position, the usual second perft table.
    fn command_line_rules(id: &str) -> Option<Self> {
        (id == "kiwipete").then_some(ChessRules { start: Some(KIWIPETE) })
    }
}

impl GameInfo for Chess {
    /// A repetition or the move-count rule ends a game; the key, as a transposition table's, leaves the history out.
    fn ends_by_history(&self) -> bool {
        true
    }
    fn has_selective_search(&self) -> bool {
        true
    }
    fn outcome(&self) -> Option<Outcome> {
        any::outcome_of(self.winner(), self.is_over())
    }
    fn moves_played(&self) -> usize {
        Chess::moves_played(self)
    }
    fn side_names(&self) -> [&str; 2] {
        ["White", "Black"]
    }
    fn score_unit(&self) -> &str {
        "centipawns"
    }
    fn score_axis(&self) -> score_words::ScoreAxis {
        super::words::AXIS
    }
    fn score_in_words(&self, value: crate::engine::game::Value) -> String {
        super::words::score_in_words(value, self.moves_played(), self.side_to_move())
    }
    fn ending(&self) -> Option<String> {
        Chess::ending(self).map(|e| e.describe())
    }
    fn analyse_from_here(&mut self) {
        Chess::analyse_from_here(self);
    }
    fn position_text(&self) -> Option<String> {
        Some(self.to_fen())
    }
    /// FEN's full-move number: a game set up at move 25 numbers its first move 25.
    fn first_round(&self) -> usize {
        usize::from(self.board().fullmove_number()).max(1)
    }
}

/// A chess move in 15 bits (see [`encode`]).
impl Playable for Chess {
    fn encode(mv: ChessMove) -> AnyMove {
        encode(mv)
    }
    fn decode(mv: AnyMove) -> Option<ChessMove> {
        decode(mv)
    }
    /// PGN.
    fn write_record(&self, moves: &[ChessMove]) -> (String, &'static str) {
        let mut game = pgn::PgnGame::new(self.clone(), moves.to_vec());
        game.set_tag("Event", "Alpha-Beta Studio game");
        (pgn::write(&game), "pgn")
    }
    /// PGN with the players, the date, the termination, each AI move's evaluation and depth as
    /// `{[%eval 0.35,12]}` and a deliberate mistake's `$6`.
    fn write_noted_record(&self, moves: &[ChessMove], notes: &records::RecordNotes) -> (String, &'static str) {
        (pgn::write(&pgn::noted(self.clone(), moves.to_vec(), notes)), "pgn")
    }
    fn read_record(&self, text: &str) -> Result<(Self, Vec<ChessMove>), records::RecordError> {
        let game = pgn::read(text)?;
        Ok((game.start, game.moves))
    }
    /// As the published tables count: see [`Chess::perft`].
    fn perft(&mut self, depth: u32) -> u64 {
        Chess::perft(self, depth)
    }
}
