//! The EinStein family: what the rest of the studio knows of it (listed once in `games::families`) — its
//! name and parameters in game files, [`GameInfo`]: side names, scores in words, and [`Playable`]: moves as
//! numbers, records.

use super::*;
use crate::games::any::{AnyGame, AnyMove, GameInfo, Outcome, Playable, outcome_of};
use crate::games::family::{Compiled, CompiledRules};

/// EinStein takes no parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
pub struct EinsteinRules;

/// The EinStein würfelt nicht! family: `rules: Einstein` in a game file.
pub static FAMILY: Compiled<EinsteinRules> = Compiled::new();

impl CompiledRules for EinsteinRules {
    const NAME: &'static str = "Einstein";
    const HAS_PARAMS: bool = false;
    fn new_game(&self) -> Result<AnyGame, String> {
        Ok(AnyGame::new(Einstein::new()))
    }
    /// Move names separated by commas, e.g. `die 5, 5:b2-c3`.
    fn read_position(&self, text: &str) -> Result<AnyGame, String> {
        Einstein::new().with_moves(text).map(AnyGame::new).map_err(|e| e.to_string())
    }
}

impl GameInfo for Einstein {
    fn outcome(&self) -> Option<Outcome> {
        outcome_of(self.winner(), self.is_over())
    }
    fn moves_played(&self) -> usize {
        Einstein::moves_played(self)
    }
    fn side_names(&self) -> [&str; 2] {
        ["Red", "Blue"]
    }
    fn score_unit(&self) -> &str {
        "the expected result (a win 1, a loss −1)"
    }
    fn score_axis(&self) -> crate::games::score_words::ScoreAxis {
        super::words::AXIS
    }
    fn score_in_words(&self, value: crate::engine::game::Value) -> String {
        let names = self.side_names();
        super::words::score_in_words(value, self.moves_played(), Playable::side_to_move(self), names)
    }
    fn has_chance(&self) -> bool {
        true
    }
}

/// An EinStein move is a `u16` that names itself; decoding checks its shape.
impl Playable for Einstein {
    fn encode(mv: EinsteinMove) -> AnyMove {
        AnyMove::from(mv)
    }
    fn decode(mv: AnyMove) -> Option<EinsteinMove> {
        u16::try_from(mv).ok().filter(|&m| is_well_formed(m))
    }
    /// At a roll: the player who rolls the die and then moves.
    fn side_to_move(&self) -> Side {
        self.to_move()
    }
}
