//! The m,n,k family: what the rest of the studio knows of it (listed once in `games::families`) — its
//! name and parameters in game files, [`GameInfo`]: side names, scores in words, and [`Playable`]: moves as
//! numbers, records.

use super::*;
use crate::games::any::{AnyGame, AnyMove, GameInfo, Outcome, Playable, outcome_of};
use crate::games::family::{Compiled, CompiledRules};

/// The m,n,k rules with their parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MnkRules {
    /// Columns of the board (m).
    pub width: usize,
    /// Rows of the board (n).
    pub height: usize,
    /// Stones in a row needed to win.
    pub k: usize,
}

/// The m,n,k family: `rules: Mnk(width: 3, height: 3, k: 3)` in a game file.
pub static FAMILY: Compiled<MnkRules> = Compiled::new();

impl CompiledRules for MnkRules {
    const NAME: &'static str = "Mnk";
    fn describe(&self) -> String {
        format!("Mnk(width: {}, height: {}, k: {})", self.width, self.height, self.k)
    }
    fn new_game(&self) -> Result<AnyGame, String> {
        Mnk::new(self.width, self.height, self.k).map(AnyGame::new).map_err(|e| e.to_string())
    }
}

impl GameInfo for Mnk {
    fn outcome(&self) -> Option<Outcome> {
        outcome_of(self.winner(), self.is_over())
    }
    fn moves_played(&self) -> usize {
        Mnk::moves_played(self)
    }
    fn side_names(&self) -> [&str; 2] {
        ["X", "O"]
    }
    fn score_unit(&self) -> &str {
        "points (a win: 1 + the empty cells left; a position before the end: inside ± 1)"
    }
    fn score_axis(&self) -> crate::games::score_words::ScoreAxis {
        super::words::AXIS
    }
    fn score_in_words(&self, value: crate::engine::game::Value) -> String {
        let names = self.side_names();
        let cells = self.width() * self.height();
        super::words::score_in_words(value, self.moves_played(), cells, Playable::side_to_move(self), names)
    }
}

impl Playable for Mnk {
    fn encode(mv: u8) -> AnyMove {
        AnyMove::from(mv)
    }
    fn decode(mv: AnyMove) -> Option<u8> {
        u8::try_from(mv).ok()
    }
    /// Cell names separated by spaces.
    fn write_record(&self, moves: &[u8]) -> (String, &'static str) {
        (super::record::write(self, moves) + "\n", "txt")
    }
    fn read_record(&self, text: &str) -> Result<(Self, Vec<u8>), crate::games::records::RecordError> {
        Ok((self.clone(), super::record::read(self, text)?))
    }
}

/// The m,n,k game's winning line, cells as (column, row from the top); `last` is the cell played last.
pub fn winning_line(game: &Mnk, last: Option<u8>) -> Option<Vec<(usize, usize)>> {
    let winner = game.winner()?;
    let through = last.map(|cell| (usize::from(cell) % game.width(), usize::from(cell) / game.width()));
    crate::games::winning_line::find(game.width(), game.height(), game.k(), winner, through, |c, r| game.cell(c, r))
}
