//! The Othello family: what the rest of the studio knows of it (listed once in `games::families`) — its
//! name and parameters in game files, [`GameInfo`]: side names, scores in words, and [`Playable`]: moves as
//! numbers, records.

use super::*;
use crate::games::any::{AnyGame, AnyMove, GameInfo, Outcome, Playable, outcome_of};
use crate::games::family::{Compiled, CompiledRules};

/// The Othello rules with their board size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OthelloRules {
    /// Squares along each side of the (square) board.
    pub size: usize,
}

/// The Othello family: `rules: Othello(size: 8)` in a game file.
pub static FAMILY: Compiled<OthelloRules> = Compiled::new();

impl CompiledRules for OthelloRules {
    const NAME: &'static str = "Othello";
    const COMMAND_LINE_IDS: &'static [&'static str] = &["othello-NxN"];
    fn describe(&self) -> String {
        format!("Othello(size: {})", self.size)
    }
    fn new_game(&self) -> Result<AnyGame, String> {
        Othello::new(self.size).map(AnyGame::new).map_err(|e| e.to_string())
    }
    /// The moves' names one after the other, a pass as `pass`, e.g. `f5d6c3`.
    fn read_position(&self, text: &str) -> Result<AnyGame, String> {
        let game = Othello::new(self.size).map_err(|e| e.to_string())?;
        game.with_moves(text).map(AnyGame::new).map_err(|e| e.to_string())
    }
    /// `othello-NxN` for any even size, e.g. `othello-4x4`.
    fn command_line_rules(id: &str) -> Option<Self> {
        let (a, b) = id.strip_prefix("othello-")?.split_once('x')?;
        let size: usize = a.parse().ok().filter(|&s| b.parse() == Ok(s))?;
        Some(OthelloRules { size })
    }
}

impl GameInfo for Othello {
    fn outcome(&self) -> Option<Outcome> {
        outcome_of(self.winner(), self.is_over())
    }
    fn moves_played(&self) -> usize {
        Othello::moves_played(self)
    }
    fn side_names(&self) -> [&str; 2] {
        ["Black", "White"]
    }
    fn score_unit(&self) -> &str {
        "hundredths of a corner (a finished game: 10,000 + 100 × the disc margin)"
    }
    fn score_axis(&self) -> crate::games::score_words::ScoreAxis {
        super::words::AXIS
    }
    fn score_in_words(&self, value: crate::engine::game::Value) -> String {
        super::words::score_in_words(value, Playable::side_to_move(self))
    }
}

impl Playable for Othello {
    fn encode(mv: u8) -> AnyMove {
        AnyMove::from(mv)
    }
    fn decode(mv: AnyMove) -> Option<u8> {
        u8::try_from(mv).ok()
    }
    /// The transcript, `f5d6c3…`.
    fn write_record(&self, moves: &[u8]) -> (String, &'static str) {
        (super::record::write(self, moves) + "\n", "txt")
    }
    fn read_record(&self, text: &str) -> Result<(Self, Vec<u8>), crate::games::records::RecordError> {
        Ok((self.clone(), super::record::read(self, text)?))
    }
}
