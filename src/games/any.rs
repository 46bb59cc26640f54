//! The games type-erased once, for the window: every rule family behind one enum, and a worker that searches
//! whichever game it is given on a background thread of the right type. The search itself stays generic (one
//! monomorphised search per family), so erasing costs nothing per node.

use super::chess::{Chess, ChessMove};
use super::connect_four::ConnectFour;
use super::draughts::{Draughts, DraughtsMove, is_well_formed};
use super::einstein::{self, Einstein, EinsteinMove};
use super::mnk::Mnk;
use super::othello::Othello;
use crate::engine::game::{Game, IllegalMove, Side, Turn};
use crate::engine::search::deepening::EngineConfig;
use crate::engine::worker::{Report, RequestId, Worker};
use std::sync::Arc;

/// A move of any game, as the window and session files hold it. Each family encodes its own moves into it
/// ([`Playable::encode`]): a column or a cell fits in a byte, a draughts capture path or a chess move needs more,
/// so 64 bits leave room for every family.
pub type AnyMove = u64;

/// What the window needs of a rule family besides the search's [`Game`]: a family implements this, gets a line in
/// [`AnyGame`] and in the `each!` macro, and a painter in `app::play::board` — nothing else changes.
pub trait Playable: Game + Clone + Send + 'static
where
    Self::Move: Send + 'static,
{
    /// The move as the window stores it.
    fn encode(mv: Self::Move) -> AnyMove;
    /// The move `encode` made, or `None` for a number that names no move of this family.
    fn decode(mv: AnyMove) -> Option<Self::Move>;
    /// How the game ended, if it has.
    fn outcome(&self) -> Option<Outcome>;
    /// Moves made since the start (chance moves included).
    fn moves_played(&self) -> usize;
}

/// A position of any registered rule family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyGame {
    ConnectFour(ConnectFour),
    Mnk(Mnk),
    Othello(Othello),
    Draughts(Draughts),
    Einstein(Einstein),
    Chess(Chess),
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
            AnyGame::Othello($g) => $body,
            AnyGame::Draughts($g) => $body,
            AnyGame::Einstein($g) => $body,
            AnyGame::Chess($g) => $body,
        }
    };
}

/// `mv` decoded for the family of `_game`.
fn decode_for<G: Playable>(_game: &G, mv: AnyMove) -> Option<G::Move>
where
    G::Move: Send,
{
    G::decode(mv)
}

/// `mv` of `_game`'s family, encoded.
fn encode_for<G: Playable>(_game: &G, mv: G::Move) -> AnyMove
where
    G::Move: Send,
{
    G::encode(mv)
}

impl AnyGame {
    /// The player to move (meaningful while the game is not over). At a chance node: MAX, except in EinStein,
    /// where it is the player who rolls the die and then moves.
    pub fn side_to_move(&self) -> Side {
        if let AnyGame::Einstein(g) = self {
            return g.to_move();
        }
        match each!(self, g => g.turn()) {
            Turn::Min => Side::Min,
            Turn::Max | Turn::Chance => Side::Max,
        }
    }

    /// Whose turn it is, chance included.
    pub fn turn(&self) -> Turn {
        each!(self, g => g.turn())
    }

    /// The legal moves, in the game's generation order; none once it is over.
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        each!(self, g => {
            let mut moves = Vec::new();
            g.generate_moves(&mut moves);
            moves.into_iter().map(|m| encode_for(g, m)).collect()
        })
    }

    /// Plays `mv` if it is legal, and otherwise says why not.
    pub fn try_play(&mut self, mv: AnyMove) -> Result<(), IllegalMove> {
        each!(self, g => match decode_for(g, mv) {
            Some(m) => g.try_play(m),
            None => Err(IllegalMove(format!("{mv} names no move of this game"))),
        })
    }

    /// Takes back `mv`, which must be the last move played.
    pub fn undo(&mut self, mv: AnyMove) {
        each!(self, g => if let Some(m) = decode_for(g, mv) { g.undo(m) })
    }

    /// The move in the game's notation.
    pub fn move_name(&self, mv: AnyMove) -> String {
        each!(self, g => decode_for(g, mv).map(|m| g.move_name(m)).unwrap_or_else(|| format!("?{mv}")))
    }

    /// The names of a line of moves played one after the other from here (a principal variation): each named in
    /// the position it is played from, as chess's SAN needs. Stops at the first move that is not legal.
    pub fn line_names(&self, line: &[AnyMove]) -> Vec<String> {
        let mut game = self.clone();
        let mut names = Vec::with_capacity(line.len());
        for &mv in line {
            let name = game.move_name(mv);
            if game.try_play(mv).is_err() {
                break;
            }
            names.push(name);
        }
        names
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        each!(self, g => g.outcome())
    }

    /// The real move tree below this position (see [`super::move_tree`]), with its depth.
    pub fn move_tree(&self, max_depth: u32, max_nodes: usize) -> Option<(crate::tree::model::Tree, u32)> {
        let mut game = self.clone();
        each!(&mut game, g => super::move_tree::move_tree(g, max_depth, max_nodes))
    }

    /// Moves made since the start.
    pub fn moves_played(&self) -> usize {
        each!(self, g => Playable::moves_played(g))
    }

    /// A new background searcher for this game's family.
    fn spawn_worker(&self, wake: impl Fn() + Send + 'static) -> std::io::Result<Box<dyn ErasedWorker>> {
        Ok(match self {
            AnyGame::ConnectFour(_) => Box::new(Worker::<ConnectFour>::spawn(wake)?),
            AnyGame::Mnk(_) => Box::new(Worker::<Mnk>::spawn(wake)?),
            AnyGame::Othello(_) => Box::new(Worker::<Othello>::spawn(wake)?),
            AnyGame::Draughts(_) => Box::new(Worker::<Draughts>::spawn(wake)?),
            AnyGame::Einstein(_) => Box::new(Worker::<Einstein>::spawn(wake)?),
            AnyGame::Chess(_) => Box::new(Worker::<Chess>::spawn(wake)?),
        })
    }
}

/// The outcome from a family's winner and game-over tests.
pub fn outcome_of(winner: Option<Side>, over: bool) -> Option<Outcome> {
    match winner {
        Some(side) => Some(Outcome::Win(side)),
        None => over.then_some(Outcome::Draw),
    }
}

/// The families whose moves are already small numbers.
macro_rules! playable_with_byte_moves {
    ($($family:ty),*) => {$(
        impl Playable for $family {
            fn encode(mv: u8) -> AnyMove {
                AnyMove::from(mv)
            }
            fn decode(mv: AnyMove) -> Option<u8> {
                u8::try_from(mv).ok()
            }
            fn outcome(&self) -> Option<Outcome> {
                outcome_of(self.winner(), self.is_over())
            }
            fn moves_played(&self) -> usize {
                <$family>::moves_played(self)
            }
        }
    )*};
}

playable_with_byte_moves!(ConnectFour, Mnk, Othello);

/// A draughts move is already a `u64` (its whole path): encoding is the identity, decoding checks its shape.
impl Playable for Draughts {
    fn encode(mv: DraughtsMove) -> AnyMove {
        mv
    }
    fn decode(mv: AnyMove) -> Option<DraughtsMove> {
        is_well_formed(mv).then_some(mv)
    }
    fn outcome(&self) -> Option<Outcome> {
        outcome_of(self.winner(), self.is_over())
    }
    fn moves_played(&self) -> usize {
        Draughts::moves_played(self)
    }
}

/// An EinStein move is a `u16` that names itself (see [`super::einstein`]); decoding checks its shape.
impl Playable for Einstein {
    fn encode(mv: EinsteinMove) -> AnyMove {
        AnyMove::from(mv)
    }
    fn decode(mv: AnyMove) -> Option<EinsteinMove> {
        u16::try_from(mv).ok().filter(|&m| einstein::is_well_formed(m))
    }
    fn outcome(&self) -> Option<Outcome> {
        outcome_of(self.winner(), self.is_over())
    }
    fn moves_played(&self) -> usize {
        Einstein::moves_played(self)
    }
}

/// A chess move in 15 bits (see [`super::chess::encode`]).
impl Playable for Chess {
    fn encode(mv: ChessMove) -> AnyMove {
        super::chess::encode(mv)
    }
    fn decode(mv: AnyMove) -> Option<ChessMove> {
        super::chess::decode(mv)
    }
    fn outcome(&self) -> Option<Outcome> {
        outcome_of(self.winner(), self.is_over())
    }
    fn moves_played(&self) -> usize {
        Chess::moves_played(self)
    }
}

/// A [`Worker`] of some family, its moves erased.
trait ErasedWorker {
    /// Starts a search of `game`, or returns `None` when `game` is of another family than this worker's.
    fn think(&mut self, game: &AnyGame, config: EngineConfig) -> Option<RequestId>;
    fn stop(&self);
    fn try_report(&self) -> Option<Report<AnyMove>>;
}

/// Implements [`ErasedWorker`] for the worker of one family (`$variant` of [`AnyGame`]).
macro_rules! erased_worker {
    ($family:ty, $variant:ident) => {
        impl ErasedWorker for Worker<$family> {
            fn think(&mut self, game: &AnyGame, config: EngineConfig) -> Option<RequestId> {
                match game {
                    AnyGame::$variant(g) => Some(Worker::think(self, g.clone(), config)),
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
            fn stop(&self) {
                Worker::stop(self)
            }
            fn try_report(&self) -> Option<Report<AnyMove>> {
                Worker::try_report(self).map(|r| r.map_moves(<$family as Playable>::encode))
            }
        }
    };
}

erased_worker!(ConnectFour, ConnectFour);
erased_worker!(Mnk, Mnk);
erased_worker!(Othello, Othello);
erased_worker!(Draughts, Draughts);
erased_worker!(Einstein, Einstein);
erased_worker!(Chess, Chess);

/// A background searcher for any game: it keeps one [`Worker`] for the family of the last position it was asked
/// about and starts another (dropping, and so stopping, the old one) when the family changes.
pub struct AnyWorker {
    inner: Option<Box<dyn ErasedWorker>>,
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
        if let Some(id) = self.inner.as_mut().and_then(|w| w.think(game, config.clone())) {
            return Ok(id);
        }
        let wake = Arc::clone(&self.wake);
        let worker = self.inner.insert(game.spawn_worker(move || wake())?);
        worker.think(game, config).ok_or_else(|| std::io::Error::other("the new worker is of another game family"))
    }

    /// Asks the running search, if any, to stop and report what it has.
    pub fn stop(&self) {
        if let Some(worker) = &self.inner {
            worker.stop();
        }
    }

    /// The next report, if one is waiting.
    pub fn try_report(&self) -> Option<Report<AnyMove>> {
        self.inner.as_ref().and_then(|w| w.try_report())
    }
}
