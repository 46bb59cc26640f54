//! The games type-erased once, for the window: every rule family behind one enum, and a worker that searches
//! whichever game it is given on a background thread of the right type. The search itself stays generic (one
//! monomorphised search per family), so erasing costs nothing per node.

use super::connect_four::ConnectFour;
use super::mnk::Mnk;
use crate::engine::game::{Game, IllegalMove, Side, Turn};
use crate::engine::search::deepening::EngineConfig;
use crate::engine::worker::{Report, RequestId, Worker};
use std::sync::Arc;

/// A move of any game. Every family so far names its moves with a small number (Connect Four: a column; m,n,k: a
/// cell, at most 255), so one `u8` serves all; a family with larger moves would map them here.
pub type AnyMove = u8;

/// A position of any registered rule family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyGame {
    ConnectFour(ConnectFour),
    Mnk(Mnk),
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win(Side),
    Draw,
}

/// Runs `$body` with `$g` bound to the concrete game.
macro_rules! each {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            AnyGame::ConnectFour($g) => $body,
            AnyGame::Mnk($g) => $body,
        }
    };
}

impl AnyGame {
    /// The player to move (meaningful while the game is not over).
    pub fn side_to_move(&self) -> Side {
        match each!(self, g => g.turn()) {
            Turn::Min => Side::Min,
            Turn::Max | Turn::Chance => Side::Max,
        }
    }

    /// The legal moves, in the game's generation order; none once it is over.
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        let mut moves = Vec::new();
        each!(self, g => g.generate_moves(&mut moves));
        moves
    }

    /// Plays `mv` if it is legal, and otherwise says why not.
    pub fn try_play(&mut self, mv: AnyMove) -> Result<(), IllegalMove> {
        each!(self, g => g.try_play(mv))
    }

    /// Takes back `mv`, which must be the last move played.
    pub fn undo(&mut self, mv: AnyMove) {
        each!(self, g => g.undo(mv))
    }

    /// The move in the game's notation.
    pub fn move_name(&self, mv: AnyMove) -> String {
        each!(self, g => g.move_name(mv))
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        let (winner, over) = match self {
            AnyGame::ConnectFour(g) => (g.winner(), g.is_over()),
            AnyGame::Mnk(g) => (g.winner(), g.is_over()),
        };
        match winner {
            Some(side) => Some(Outcome::Win(side)),
            None => over.then_some(Outcome::Draw),
        }
    }

    /// Stones on the board.
    pub fn moves_played(&self) -> usize {
        each!(self, g => g.moves_played())
    }

    /// Board size in cells: (columns, rows).
    pub fn size(&self) -> (usize, usize) {
        each!(self, g => (g.width(), g.height()))
    }

    /// How many stones in a row win.
    pub fn connect(&self) -> usize {
        match self {
            AnyGame::ConnectFour(_) => super::connect_four::CONNECT as usize,
            AnyGame::Mnk(g) => g.k(),
        }
    }
}

/// What a worker of either family looks like.
enum Inner {
    ConnectFour(Worker<ConnectFour>),
    Mnk(Worker<Mnk>),
}

/// A background searcher for any game: it keeps one [`Worker`] for the family of the last position it was asked
/// about and starts another (dropping, and so stopping, the old one) when the family changes.
pub struct AnyWorker {
    inner: Option<Inner>,
    wake: Arc<dyn Fn() + Send + Sync>,
}

impl AnyWorker {
    /// No thread yet: the first [`AnyWorker::think`] starts one. `wake` is called after every report.
    pub fn new(wake: impl Fn() + Send + Sync + 'static) -> Self {
        AnyWorker { inner: None, wake: Arc::new(wake) }
    }

    /// Asks for a search of `game`, stopping any search still running. Reports of earlier requests may still
    /// arrive: compare their id with the one returned here.
    ///
    /// # Errors
    /// When the worker's thread cannot be started.
    pub fn think(&mut self, game: &AnyGame, config: EngineConfig) -> std::io::Result<RequestId> {
        let wake = Arc::clone(&self.wake);
        let wake = move || wake();
        Ok(match (game, &mut self.inner) {
            (AnyGame::ConnectFour(g), Some(Inner::ConnectFour(w))) => w.think(*g, config),
            (AnyGame::Mnk(g), Some(Inner::Mnk(w))) => w.think(g.clone(), config),
            (AnyGame::ConnectFour(g), inner) => {
                let mut w = Worker::spawn(wake)?;
                let id = w.think(*g, config);
                *inner = Some(Inner::ConnectFour(w));
                id
            }
            (AnyGame::Mnk(g), inner) => {
                let mut w = Worker::spawn(wake)?;
                let id = w.think(g.clone(), config);
                *inner = Some(Inner::Mnk(w));
                id
            }
        })
    }

    /// Asks the running search, if any, to stop and report what it has.
    pub fn stop(&self) {
        match &self.inner {
            Some(Inner::ConnectFour(w)) => w.stop(),
            Some(Inner::Mnk(w)) => w.stop(),
            None => {}
        }
    }

    /// The next report, if one is waiting.
    pub fn try_report(&self) -> Option<Report<AnyMove>> {
        match &self.inner {
            Some(Inner::ConnectFour(w)) => w.try_report(),
            Some(Inner::Mnk(w)) => w.try_report(),
            None => None,
        }
    }
}
