//! The English draughts family: what the rest of the studio knows of draughts (listed once in `games::families`)
//! — its name in game files, [`GameInfo`]: scores in words, FEN, and [`Playable`]: moves as numbers, records in
//! PDN.

use super::{Draughts, DraughtsMove, is_well_formed, pdn};
use crate::games::any::{self, AnyGame, AnyMove, GameInfo, Outcome, Playable};
use crate::games::family::{Compiled, CompiledRules};
use crate::games::{records, score_words};

/// English draughts takes no parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
pub struct DraughtsRules;

/// The English draughts family: `rules: Draughts` in a game file.
pub static FAMILY: Compiled<DraughtsRules> = Compiled::new();

impl CompiledRules for DraughtsRules {
    const NAME: &'static str = "Draughts";
    const HAS_PARAMS: bool = false;
    fn new_game(&self) -> Result<AnyGame, String> {
        Ok(AnyGame::new(Draughts::new()))
    }
    /// FEN, e.g. `W:W21,22:B1,K5`.
    fn read_position(&self, text: &str) -> Result<AnyGame, String> {
        Draughts::from_fen(text).map(AnyGame::new).map_err(|e| e.to_string())
    }
}

impl GameInfo for Draughts {
    /// A repetition or the move-count rule ends a game; the key, as a transposition table's, leaves the history out.
    fn ends_by_history(&self) -> bool {
        true
    }
    fn outcome(&self) -> Option<Outcome> {
        any::outcome_of(self.winner(), self.is_over())
    }
    fn moves_played(&self) -> usize {
        Draughts::moves_played(self)
    }
    fn side_names(&self) -> [&str; 2] {
        ["Black", "White"]
    }
    fn score_unit(&self) -> &str {
        "hundredths of a man"
    }
    fn score_axis(&self) -> score_words::ScoreAxis {
        super::words::AXIS
    }
    fn score_in_words(&self, value: crate::engine::game::Value) -> String {
        super::words::score_in_words(value, self.moves_played(), self.side_to_move())
    }
    fn ending(&self) -> Option<String> {
        Draughts::ending(self).map(|e| e.describe())
    }
    fn position_text(&self) -> Option<String> {
        Some(self.to_fen())
    }
}

/// A draughts move is already a `u64` (its whole path): encoding is the identity, decoding checks its shape.
impl Playable for Draughts {
    fn encode(mv: DraughtsMove) -> AnyMove {
        mv
    }
    fn decode(mv: AnyMove) -> Option<DraughtsMove> {
        is_well_formed(mv).then_some(mv)
    }
    /// PDN.
    fn write_record(&self, moves: &[DraughtsMove]) -> (String, &'static str) {
        (pdn::write(&pdn::PdnGame::new(self.clone(), moves.to_vec())), "pdn")
    }
    fn read_record(&self, text: &str) -> Result<(Self, Vec<DraughtsMove>), records::RecordError> {
        let game = pdn::read(text)?;
        Ok((game.start, game.moves))
    }
}
