//! The Connect Four family: what the rest of the studio knows of it (listed once in `games::families`) — its
//! name and parameters in game files, [`GameInfo`]: side names, scores in words, and [`Playable`]: moves as
//! numbers, records.

use super::*;
use crate::games::any::{AnyGame, AnyMove, GameInfo, Outcome, Playable, outcome_of};
use crate::games::family::{Compiled, CompiledRules};

/// The Connect Four rules with their board size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConnectFourRules {
    /// Columns, each a possible move.
    pub width: usize,
    /// Cells in each column, bottom to top.
    pub height: usize,
}

/// The Connect Four family: `rules: ConnectFour(width: 7, height: 6)` in a game file.
pub static FAMILY: Compiled<ConnectFourRules> = Compiled::new();

impl CompiledRules for ConnectFourRules {
    const NAME: &'static str = "ConnectFour";
    const COMMAND_LINE_IDS: &'static [&'static str] = &["connect-four-WxH"];
    fn describe(&self) -> String {
        format!("ConnectFour(width: {}, height: {})", self.width, self.height)
    }
    fn new_game(&self) -> Result<AnyGame, String> {
        ConnectFour::new(self.width, self.height).map(AnyGame::new).map_err(|e| e.to_string())
    }
    /// The 1-based columns played, e.g. `4453` (Pons' notation).
    fn read_position(&self, text: &str) -> Result<AnyGame, String> {
        let game = ConnectFour::new(self.width, self.height).map_err(|e| e.to_string())?;
        game.with_moves(text).map(AnyGame::new).map_err(|e| e.to_string())
    }
    /// `connect-four-WxH`: any board size, e.g. `connect-four-8x7`.
    fn command_line_rules(id: &str) -> Option<Self> {
        let (width, height) = id.strip_prefix("connect-four-")?.split_once('x')?;
        Some(ConnectFourRules { width: width.parse().ok()?, height: height.parse().ok()? })
    }
}

impl GameInfo for ConnectFour {
    fn outcome(&self) -> Option<Outcome> {
        outcome_of(self.winner(), self.is_over())
    }
    fn moves_played(&self) -> usize {
        ConnectFour::moves_played(self)
    }
    fn side_names(&self) -> [&str; 2] {
        ["Red", "Yellow"]
    }
    fn score_unit(&self) -> &str {
        "Pons' score (a win: the stones the winner has left; before the end: inside ± 1)"
    }
    fn score_axis(&self) -> crate::games::score_words::ScoreAxis {
        super::words::AXIS
    }
    fn score_in_words(&self, value: crate::engine::game::Value) -> String {
        let names = self.side_names();
        let cells = self.width() * self.height();
        super::words::score_in_words(value, self.moves_played(), cells, Playable::side_to_move(self), names)
    }
    /// On the 7 × 6 board: the opening book, then the solver.
    fn exact_oracle(&self) -> Result<Option<Box<dyn crate::games::any::oracle::ExactOracle>>, String> {
        if self.width() != 7 || self.height() != 6 {
            return Ok(None);
        }
        let oracle = super::oracle::ConnectFourOracle::new()?;
        Ok(Some(Box::new(oracle)))
    }
}

impl Playable for ConnectFour {
    fn encode(mv: u8) -> AnyMove {
        AnyMove::from(mv)
    }
    fn decode(mv: AnyMove) -> Option<u8> {
        u8::try_from(mv).ok()
    }
    /// Pons' move string, `4453…`.
    fn write_record(&self, moves: &[u8]) -> (String, &'static str) {
        match super::record::write(moves) {
            Ok(text) => (text + "\n", "txt"),
            Err(_) => (crate::games::records::write_names(self, moves), "txt"),
        }
    }
    fn read_record(&self, text: &str) -> Result<(Self, Vec<u8>), crate::games::records::RecordError> {
        Ok((*self, super::record::read(self, text)?))
    }
}

/// Connect Four's winning four (or more), cells as (column, row from the bottom); `last` is the column played last.
pub fn winning_line(game: &ConnectFour, last: Option<u8>) -> Option<Vec<(usize, usize)>> {
    let winner = game.winner()?;
    let through = last.map(usize::from).and_then(|column| {
        (0..game.height()).rev().find(|&row| game.cell(column, row).is_some()).map(|row| (column, row))
    });
    crate::games::winning_line::find(game.width(), game.height(), 4, winner, through, |c, r| game.cell(c, r))
}
