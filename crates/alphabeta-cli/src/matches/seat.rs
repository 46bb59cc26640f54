//! One seat of a match game: what every kind of player answers to ([`Player`]: the studio's own AI, an external UCI
//! engine), how long it may take for a move ([`MoveTime`]) and how it can fail ([`Failure`]). The players and the
//! game that drives them both use it, so neither names the other.

use alphabeta_core::engine::search::limits::Limits;
use alphabeta_core::games::any::{AnyGame, AnyMove};
use std::time::Duration;

/// Why a player did not produce a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The move it gave is not legal there (the move, or what it sent instead).
    Illegal(String),
    /// It stopped answering (the process exited, its pipe broke, its thread is gone).
    Crash(String),
    /// No answer within the move's time (and the grace after it).
    Timeout,
    /// The game's rules failed (a script's fault, `file:line: …`) or the machine cannot give the player's table:
    /// no player's fault, so it ends the match instead of being counted.
    NotThePlayers(String),
}

/// The failure in words, for a message: never the enum's Debug text.
impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Illegal(what) => write!(f, "an illegal move ({what})"),
            Failure::Crash(what) => write!(f, "it stopped: {what}"),
            Failure::Timeout => write!(f, "no answer in time"),
            Failure::NotThePlayers(what) => write!(f, "{what}"),
        }
    }
}

/// How long a move may take: the search's own budget and, when there is one, the clock's hard limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTime {
    /// The limits the player is asked to search under (`None` fields: the player's own).
    pub limits: Limits,
    /// Past this the move is forfeited: the player's clock (or a generous cap where no time was set).
    pub hard_limit: Duration,
}

/// One side of a match game (made on the thread that plays it: the studio's worker handle stays there).
pub trait Player {
    /// A new game begins (UCI engines hear `ucinewgame`).
    fn new_game(&mut self) -> Result<(), Failure>;
    /// The move to play in `game`, reached by `history` from the start.
    fn choose(&mut self, game: &AnyGame, history: &[AnyMove], time: MoveTime) -> Result<AnyMove, Failure>;
}
