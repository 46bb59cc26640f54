//! The games type-erased once, for the window and the command line: [`AnyGame`] holds a position of any rule family
//! behind a trait object, and [`AnyWorker`] searches whichever game it is given on a background thread of the right
//! type. A family implements the search's [`Game`], [`GameInfo`] (what it says of itself without naming its moves:
//! side names, units, notation — called directly, never forwarded) and [`Playable`] (what needs its move type:
//! moves as numbers, records). [`ErasedGame`] erases the move type once, generically, for every [`Playable`] game,
//! and [`AnyGame`] dereferences to it (no layer of forwarding methods), so nothing here names a family. The search
//! itself stays generic (one monomorphised search per family), so erasing costs nothing per node.

mod info;
pub mod oracle;

pub use info::GameInfo;

use crate::engine::game::{Game, IllegalMove, Side, Turn};
use crate::engine::search::compare::Comparison;
use crate::engine::search::deepening::{Engine, EngineConfig, Thought};
use crate::engine::worker::{Report, RequestId, Worker};
use std::any::Any;
use std::fmt::Debug;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A move of any game, as the window and session files hold it. Each family encodes its own moves into it
/// ([`Playable::encode`]): a column or a cell fits in a byte, a draughts capture path or a chess move needs more,
/// so 64 bits leave room for every family.
pub type AnyMove = u64;

/// What the window and the command line need of a game that names its moves, besides the search's [`Game`] and what
/// [`GameInfo`] says without them: moves as the numbers the window stores, moves by name, records, the move-tree
/// count. Items with a default suit most families; [`ErasedGame`] turns each into its move-free form once, for
/// every family. `side_to_move` and `perft` name no move, but their defaults ask the rules ([`Game`], which no
/// object-safe trait can require), so they are here rather than in [`GameInfo`].
pub trait Playable: Game + GameInfo + Clone + Debug + PartialEq + Send + 'static
where
    Self::Move: Send + 'static,
{
    /// The move as the window stores it.
    fn encode(mv: Self::Move) -> AnyMove;
    /// The move `encode` made, or `None` for a number that names no move of this family.
    fn decode(mv: AnyMove) -> Option<Self::Move>;

    /// The player to move (meaningful while the game is not over). At a chance node the default says MAX; a dice
    /// game where a player rolls and then moves says who rolls.
    fn side_to_move(&self) -> Side {
        Game::turn(self).side().unwrap_or(Side::Max)
    }
    /// The legal move called `name` (as [`Game::move_name`] names it), if any. The default asks every legal move
    /// its name; a family may accept other spellings too.
    fn find_move(&self, name: &str) -> Option<Self::Move> {
        let name = name.trim();
        let mut moves = Vec::new();
        Game::generate_moves(self, &mut moves);
        moves.into_iter().find(|&mv| Game::move_name(self, mv) == name)
    }
    /// The leaves of the move tree `depth` plies deep (see [`super::perft`]); a family whose published tables count
    /// otherwise (chess) says so here.
    fn perft(&mut self, depth: u32) -> u64 {
        super::perft(self, depth)
    }
    /// The game from this start position with `moves` as a record in the family's standard format, and the
    /// format's file extension (see [`super::records`]). The default: the move names, one a line.
    fn write_record(&self, moves: &[Self::Move]) -> (String, &'static str) {
        (super::records::write_names(self, moves), "txt")
    }
    /// [`Playable::write_record`] with what `notes` add where the family's format has a place for them (PGN's
    /// players, date, termination and per-move evaluations). The default ignores them.
    fn write_noted_record(&self, moves: &[Self::Move], notes: &super::records::RecordNotes) -> (String, &'static str) {
        let _ = notes;
        Playable::write_record(self, moves)
    }
    /// A record read back from this start position (a record may carry its own start, as PGN's `[FEN]` does): the
    /// start and its moves, or the line and reason it is refused.
    fn read_record(&self, text: &str) -> Result<(Self, Vec<Self::Move>), super::records::RecordError> {
        Ok((self.clone(), super::records::read_names(self, text)?))
    }
}

/// Every family's moves go into a shared table's 64 bits as the window stores them (see
/// [`shared_tt`](crate::engine::search::shared_tt)), so every game searches on several threads.
impl<G: Playable> crate::engine::search::shared_tt::MoveBits<G::Move> for G
where
    G::Move: Send + 'static,
{
    fn to_bits(mv: G::Move) -> u64 {
        G::encode(mv)
    }
    fn from_bits(bits: u64) -> Option<G::Move> {
        G::decode(bits)
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side won.
    Win(Side),
    /// Neither side won.
    Draw,
}

/// The outcome from a family's winner and game-over tests.
pub fn outcome_of(winner: Option<Side>, over: bool) -> Option<Outcome> {
    match winner {
        Some(side) => Some(Outcome::Win(side)),
        None => over.then_some(Outcome::Draw),
    }
}

/// A position of some [`Playable`] game with its moves erased to [`AnyMove`]: what the window and the commands ask
/// of any game besides [`GameInfo`], which it extends. Implemented once, below, for every `Playable`; [`AnyGame`]
/// owns one and lends its methods (it dereferences to it), adding only what needs the handle itself (a fault check,
/// a copy to search).
pub trait ErasedGame: GameInfo {
    /// The position as `Any`, for [`AnyGame::downcast_ref`] and [`ErasedGame::equals`].
    fn as_any(&self) -> &dyn Any;
    /// A boxed copy of the position.
    fn clone_box(&self) -> Box<dyn ErasedGame>;
    /// True when `other` is of the same family and the same position.
    fn equals(&self, other: &dyn ErasedGame) -> bool;
    /// The position's `Debug` output.
    fn debug(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result;
    /// Whose turn it is, chance included.
    fn turn(&self) -> Turn;
    /// The player to move (meaningful while the game is not over); at a chance node, see
    /// [`Playable::side_to_move`].
    fn side_to_move(&self) -> Side;
    /// Bounds on every value the game can produce, from MAX's point of view ([`Game::value_bounds`]): infinite
    /// where the game states none.
    fn value_bounds(&self) -> (crate::engine::game::Value, crate::engine::game::Value);
    /// The legal moves, in the game's generation order; none once it is over.
    fn legal_moves(&self) -> Vec<AnyMove>;
    /// The game's value when it is over ([`Game::terminal_value`]: from the side to move's point of view), `None`
    /// while it goes on.
    fn terminal_value(&self) -> Option<crate::engine::game::Value>;
    /// The static evaluation of a position that is not over ([`Game::evaluate`]: from the side to move's point of
    /// view, at a chance node from MAX's).
    fn evaluate(&self) -> crate::engine::game::Value;
    /// The probability of the chance outcome `mv` (at a chance node); 0 for a move of another game.
    fn probability(&self, mv: AnyMove) -> f64;
    /// Plays `mv` if it is legal, and otherwise says why not (a move of another game is illegal).
    fn try_play(&mut self, mv: AnyMove) -> Result<(), IllegalMove>;
    /// Plays `mv`, which the position has just listed among its legal moves, without listing them again (as the
    /// search plays): [`ErasedGame::try_play`]'s check costs a move list, which in a position of many moves makes
    /// playing each of them quadratic. A script's failure while playing it is the error, and the game is then
    /// broken: take the move back or ask nothing more of it. A move of another game is illegal.
    fn play_listed(&mut self, mv: AnyMove) -> Result<(), IllegalMove>;
    /// Takes back `mv`, which must be the last move played; a move of another game is ignored.
    fn undo(&mut self, mv: AnyMove);
    /// The move in the game's notation; a move of another game is `?` and its number.
    fn move_name(&self, mv: AnyMove) -> String;
    /// The legal move called `name` (the inverse of [`ErasedGame::move_name`]), if any.
    fn find_move(&self, name: &str) -> Option<AnyMove>;
    /// The leaves `depth` plies deep (see [`AnyGame::perft`], which also reports a fault).
    fn perft(&mut self, depth: u32) -> u64;
    /// This start position and `moves` as a record (see [`Playable::write_record`]); refused when a move is of
    /// another game.
    fn write_record(&self, moves: &[AnyMove]) -> Result<(String, &'static str), String>;
    /// See [`AnyGame::write_noted_record`]; refused when a move is of another game.
    fn write_noted_record(
        &self,
        moves: &[AnyMove],
        notes: &super::records::RecordNotes,
    ) -> Result<(String, &'static str), String>;
    /// A record read from this start position (see [`Playable::read_record`]).
    fn read_record(&self, text: &str) -> Result<(AnyGame, Vec<AnyMove>), super::records::RecordError>;
    /// The position's hash ([`Game::position_hash`]): equal for the same position reached by other move orders.
    fn position_hash(&self) -> u64;
    /// The move tree below this position, `lead` first at the root (played on and taken back; see
    /// [`AnyGame::move_tree_led`]).
    fn move_tree(
        &mut self,
        shape: super::move_tree::TreeShape,
        lead: &[AnyMove],
    ) -> Result<crate::tree::model::Tree, String>;
    /// See [`AnyGame::move_tree_nodes`].
    fn move_tree_nodes(&mut self, shape: super::move_tree::TreeShape, budget: usize) -> Option<usize>;
    /// An iterative-deepening search from an empty table (see [`AnyGame::think`], which also reports a fault).
    fn think(&mut self, config: EngineConfig) -> Result<Thought<AnyMove>, String>;
    /// A search with `engine`'s settings and the memory it kept from earlier searches (see
    /// [`AnyGame::think_with`]).
    fn think_with(&mut self, engine: &mut AnyEngine, stop: Option<&AtomicBool>) -> Result<Thought<AnyMove>, String>;
    /// The best move and `played` valued together by `engine` (see [`AnyGame::compare_with`]).
    fn compare_with(
        &mut self,
        engine: &mut AnyEngine,
        played: AnyMove,
        stop: Option<&AtomicBool>,
    ) -> Result<Option<Comparison<AnyMove>>, String>;
    /// Why the game's rules failed, if they did (a script's `file:line: …`; see [`Game::fault`]).
    fn fault(&self) -> Option<String>;
    /// Starts a search thread for this family; `wake` is called after every report it sends.
    fn spawn_worker(&self, wake: Box<dyn Fn() + Send>) -> std::io::Result<Box<dyn ErasedWorker>>;
}

impl<G: Playable> ErasedGame for G
where
    G::Move: Send + 'static,
{
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn clone_box(&self) -> Box<dyn ErasedGame> {
        Box::new(self.clone())
    }
    fn equals(&self, other: &dyn ErasedGame) -> bool {
        other.as_any().downcast_ref::<G>() == Some(self)
    }
    fn debug(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Debug::fmt(self, f)
    }
    fn turn(&self) -> Turn {
        Game::turn(self)
    }
    fn side_to_move(&self) -> Side {
        Playable::side_to_move(self)
    }
    fn value_bounds(&self) -> (crate::engine::game::Value, crate::engine::game::Value) {
        Game::value_bounds(self)
    }
    fn legal_moves(&self) -> Vec<AnyMove> {
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        moves.into_iter().map(G::encode).collect()
    }
    fn terminal_value(&self) -> Option<crate::engine::game::Value> {
        Game::terminal_value(self)
    }
    fn evaluate(&self) -> crate::engine::game::Value {
        Game::evaluate(self)
    }
    fn probability(&self, mv: AnyMove) -> f64 {
        G::decode(mv).map_or(0.0, |m| Game::probability(self, m))
    }
    fn try_play(&mut self, mv: AnyMove) -> Result<(), IllegalMove> {
        match G::decode(mv) {
            Some(m) => Game::try_play(self, m),
            None => Err(IllegalMove(format!("{mv} names no move of this game"))),
        }
    }
    fn play_listed(&mut self, mv: AnyMove) -> Result<(), IllegalMove> {
        let Some(m) = G::decode(mv) else { return Err(IllegalMove(format!("{mv} names no move of this game"))) };
        Game::play(self, m);
        match Game::fault(self) {
            Some(fault) => Err(IllegalMove(fault)),
            None => Ok(()),
        }
    }
    fn undo(&mut self, mv: AnyMove) {
        if let Some(m) = G::decode(mv) {
            Game::undo(self, m)
        }
    }
    fn move_name(&self, mv: AnyMove) -> String {
        G::decode(mv).map(|m| Game::move_name(self, m)).unwrap_or_else(|| format!("?{mv}"))
    }
    fn find_move(&self, name: &str) -> Option<AnyMove> {
        Playable::find_move(self, name).map(G::encode)
    }
    fn perft(&mut self, depth: u32) -> u64 {
        Playable::perft(self, depth)
    }
    fn write_record(&self, moves: &[AnyMove]) -> Result<(String, &'static str), String> {
        let moves: Option<Vec<G::Move>> = moves.iter().map(|&m| G::decode(m)).collect();
        moves.map(|m| Playable::write_record(self, &m)).ok_or_else(|| "a move of another game".to_string())
    }
    fn write_noted_record(
        &self,
        moves: &[AnyMove],
        notes: &super::records::RecordNotes,
    ) -> Result<(String, &'static str), String> {
        let moves: Option<Vec<G::Move>> = moves.iter().map(|&m| G::decode(m)).collect();
        moves.map(|m| Playable::write_noted_record(self, &m, notes)).ok_or_else(|| "a move of another game".to_string())
    }
    fn read_record(&self, text: &str) -> Result<(AnyGame, Vec<AnyMove>), super::records::RecordError> {
        let (start, moves) = Playable::read_record(self, text)?;
        Ok((AnyGame::new(start), moves.into_iter().map(G::encode).collect()))
    }
    fn position_hash(&self) -> u64 {
        Game::position_hash(self)
    }
    fn move_tree(
        &mut self,
        shape: super::move_tree::TreeShape,
        lead: &[AnyMove],
    ) -> Result<crate::tree::model::Tree, String> {
        let lead: Vec<G::Move> = lead.iter().filter_map(|&mv| G::decode(mv)).collect();
        super::move_tree::move_tree_led(self, shape, &lead)
    }
    fn move_tree_nodes(&mut self, shape: super::move_tree::TreeShape, budget: usize) -> Option<usize> {
        super::move_tree::count_nodes(self, shape, budget)
    }
    fn think(&mut self, config: EngineConfig) -> Result<Thought<AnyMove>, String> {
        let mut engine = Engine::<G::Move>::try_new(config).map_err(table_refused)?;
        Ok(engine.think_parallel(self, None, |_| {}).map_moves(G::encode))
    }
    fn think_with(&mut self, engine: &mut AnyEngine, stop: Option<&AtomicBool>) -> Result<Thought<AnyMove>, String> {
        let mut inner = engine.take_kept::<G::Move>()?;
        let thought = inner.think(self, stop, |_| {}).map_moves(G::encode);
        engine.kept = Some(Box::new(inner));
        Ok(thought)
    }
    fn compare_with(
        &mut self,
        engine: &mut AnyEngine,
        played: AnyMove,
        stop: Option<&AtomicBool>,
    ) -> Result<Option<Comparison<AnyMove>>, String> {
        let Some(played) = G::decode(played) else { return Ok(None) };
        let mut inner = engine.take_kept::<G::Move>()?;
        let compared = inner.compare(self, played, stop);
        engine.kept = Some(Box::new(inner));
        Ok(compared.map(|c| Comparison {
            depth: c.depth,
            best: G::encode(c.best),
            line: c.line.into_iter().map(G::encode).collect(),
            best_value: c.best_value,
            played_value: c.played_value,
            exact: c.exact,
            nodes: c.nodes,
        }))
    }
    fn fault(&self) -> Option<String> {
        Game::fault(self)
    }
    fn spawn_worker(&self, wake: Box<dyn Fn() + Send>) -> std::io::Result<Box<dyn ErasedWorker>> {
        Ok(Box::new(Worker::<G>::spawn(wake)?))
    }
}

/// Why a search could not start: its table is not there ([`Engine::try_new`]'s reason).
fn table_refused(why: String) -> String {
    format!("the transposition table: {why}")
}

/// A position of any registered rule family. Cloning copies the position; two positions are equal when they are of
/// the same family and equal there.
pub struct AnyGame(Box<dyn ErasedGame>);

/// Every capability of [`ErasedGame`] is [`AnyGame`]'s: `game.legal_moves()`, `game.try_play(mv)`, ….
impl std::ops::Deref for AnyGame {
    type Target = dyn ErasedGame;
    fn deref(&self) -> &Self::Target {
        self.0.as_ref()
    }
}

impl std::ops::DerefMut for AnyGame {
    fn deref_mut(&mut self) -> &mut Self::Target {
        self.0.as_mut()
    }
}

impl Clone for AnyGame {
    fn clone(&self) -> Self {
        AnyGame(self.0.clone_box())
    }
}

impl PartialEq for AnyGame {
    fn eq(&self, other: &Self) -> bool {
        self.0.equals(other.0.as_ref())
    }
}

impl Eq for AnyGame {}

impl Debug for AnyGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.debug(f)
    }
}

impl AnyGame {
    /// `game`, erased.
    pub fn new<G: Playable>(game: G) -> AnyGame
    where
        G::Move: Send + 'static,
    {
        AnyGame(Box::new(game))
    }

    /// The position as its own type, when it is a `G`: how a family's painter gets its game back.
    pub fn downcast_ref<G: Playable>(&self) -> Option<&G>
    where
        G::Move: Send + 'static,
    {
        self.0.as_any().downcast_ref::<G>()
    }

    /// How the window names `side` in this game ("White", "Red", "First player", …).
    pub fn side_name(&self, side: Side) -> &str {
        let [first, second] = self.0.side_names();
        match side {
            Side::Max => first,
            Side::Min => second,
        }
    }

    /// This start position and `moves` as a record with `notes` (see [`Playable::write_noted_record`]).
    pub fn write_noted_record(
        &self,
        moves: &[AnyMove],
        notes: &super::records::RecordNotes,
    ) -> Result<(String, &'static str), String> {
        self.0.write_noted_record(moves, notes)
    }

    /// Plays the moves named in `line` (separated by commas), one after the other.
    ///
    /// # Errors
    /// The first name that is not a legal move there, with its number: `move 3 'zz' is not legal here`.
    pub fn play_names(&mut self, line: &str) -> Result<(), IllegalMove> {
        for (i, name) in line.split(',').map(str::trim).filter(|n| !n.is_empty()).enumerate() {
            let mv = self
                .find_move(name)
                .ok_or_else(|| IllegalMove(format!("move {} '{name}' is not a legal move here", i + 1)))?;
            self.try_play(mv)?;
        }
        Ok(())
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

    /// The real move tree below this position with this shape, or why not (see [`super::move_tree`]).
    pub fn move_tree(&self, shape: super::move_tree::TreeShape) -> Result<crate::tree::model::Tree, String> {
        self.move_tree_led(shape, &[])
    }

    /// [`AnyGame::move_tree`] with the moves of `lead` as the root's first children, in that order (see
    /// [`super::move_tree::move_tree_led`]): a review's move played and best move.
    pub fn move_tree_led(
        &self,
        shape: super::move_tree::TreeShape,
        lead: &[AnyMove],
    ) -> Result<crate::tree::model::Tree, String> {
        self.clone().0.move_tree(shape, lead)
    }

    /// The nodes [`AnyGame::move_tree`] would make with `shape`, or `None` once they pass `budget`.
    pub fn move_tree_nodes(&self, shape: super::move_tree::TreeShape, budget: usize) -> Option<usize> {
        self.clone().0.move_tree_nodes(shape, budget)
    }

    /// The leaves of the move tree `depth` plies deep, counted as the family's published tables count them.
    ///
    /// # Errors
    /// The game's fault ([`Game::fault`]) when its rules failed during the count (a script's error).
    pub fn perft(&self, depth: u32) -> Result<u64, String> {
        let mut game = self.clone();
        let leaves = game.0.perft(depth);
        game.0.fault().map_or(Ok(leaves), Err)
    }

    /// Searches this position on this thread with the AI's iterative-deepening [`Engine`] (the one Play's worker
    /// runs), from an empty table.
    ///
    /// # Errors
    /// The game's fault ([`Game::fault`]) when its rules failed during the search (a script's error), or why its
    /// table cannot be had.
    pub fn think(&self, config: EngineConfig) -> Result<Thought<AnyMove>, String> {
        let mut game = self.clone();
        let thought = game.0.think(config)?;
        game.0.fault().map_or(Ok(thought), Err)
    }

    /// Searches this position on this thread with `engine`, whose table, killers and history carry over from its
    /// earlier searches (a review searches every position of a game with one engine). `stop` may be set from
    /// another thread: the search then returns what it has.
    ///
    /// # Errors
    /// The game's fault ([`Game::fault`]) when its rules failed during the search (a script's error).
    pub fn think_with(&self, engine: &mut AnyEngine, stop: Option<&AtomicBool>) -> Result<Thought<AnyMove>, String> {
        let mut game = self.clone();
        let thought = game.0.think_with(engine, stop)?;
        game.0.fault().map_or(Ok(thought), Err)
    }

    /// The best move of this position and `played` valued together by `engine`, at the same depth of one deepening
    /// ([`Engine::compare`]), its table, killers and history kept from its earlier searches. `None` when the game is
    /// over, at a chance turn, when `played` is no legal move here or no iteration finished.
    ///
    /// # Errors
    /// The game's fault ([`Game::fault`]) when its rules failed during the search (a script's error), or why its
    /// table cannot be had.
    pub fn compare_with(
        &self,
        engine: &mut AnyEngine,
        played: AnyMove,
        stop: Option<&AtomicBool>,
    ) -> Result<Option<Comparison<AnyMove>>, String> {
        let mut game = self.clone();
        let compared = game.0.compare_with(engine, played, stop)?;
        game.0.fault().map_or(Ok(compared), Err)
    }
}

/// An AI's search state kept from one search to the next, for any game: the settings and, once it has searched,
/// the family's [`Engine`] with its table. A search of another family's position starts a new engine.
pub struct AnyEngine {
    config: EngineConfig,
    kept: Option<Box<dyn Any + Send>>,
}

impl AnyEngine {
    /// An engine with `config` and no table yet (the first search makes it, of `config.tt_mib` MiB).
    pub fn new(config: EngineConfig) -> Self {
        AnyEngine { config, kept: None }
    }

    /// The settings every search of this engine runs with.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// The engine kept, if it is of this family's moves (taken out; put it back after the search), else a new one
    /// (a new table): the last search was of another family, or there was none.
    fn take_kept<M: Copy + Eq + 'static>(&mut self) -> Result<Engine<M>, String> {
        match self.kept.take().and_then(|kept| kept.downcast::<Engine<M>>().ok()) {
            Some(boxed) => Ok(*boxed),
            None => Engine::try_new(self.config.clone()).map_err(table_refused),
        }
    }
}

/// A [`Worker`] of some family, its moves erased.
pub trait ErasedWorker {
    /// Starts a search of `game`, or returns `None` when `game` is of another family than this worker's.
    fn think(&mut self, game: &AnyGame, config: EngineConfig) -> Option<RequestId>;
    /// Asks the running search, if any, to stop; it reports what it has (see [`Worker::stop`]).
    fn stop(&self);
    /// The next report, if one is waiting, its moves erased.
    fn try_report(&self) -> Option<Report<AnyMove>>;
    /// Builds the engine for `config` ahead of the first search (see [`Worker::prepare`]); false when `game` is of
    /// another family than this worker's.
    fn prepare(&self, game: &AnyGame, config: EngineConfig) -> bool;
    /// Engines built so far (see [`Worker::engines_built`]).
    fn engines_built(&self) -> u64;
}

impl<G: Playable> ErasedWorker for Worker<G>
where
    G::Move: Send + 'static,
{
    fn think(&mut self, game: &AnyGame, config: EngineConfig) -> Option<RequestId> {
        game.downcast_ref::<G>().map(|g| Worker::think(self, g.clone(), config))
    }
    fn stop(&self) {
        Worker::stop(self)
    }
    fn try_report(&self) -> Option<Report<AnyMove>> {
        Worker::try_report(self).map(|r| r.map_moves(G::encode))
    }
    fn prepare(&self, game: &AnyGame, config: EngineConfig) -> bool {
        let ours = game.downcast_ref::<G>().is_some();
        if ours {
            Worker::prepare(self, config);
        }
        ours
    }
    fn engines_built(&self) -> u64 {
        Worker::engines_built(self)
    }
}

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
        let worker = self.inner.insert(game.0.spawn_worker(Box::new(move || wake()))?);
        worker.think(game, config).ok_or_else(|| std::io::Error::other("the new worker is of another game family"))
    }

    /// Builds the engine for `config` in the background, so the first search of `game`'s family with these
    /// settings does not wait for its table (see [`Worker::prepare`]).
    ///
    /// # Errors
    /// When the worker's thread cannot be started.
    pub fn prepare(&mut self, game: &AnyGame, config: EngineConfig) -> std::io::Result<()> {
        if self.inner.as_ref().is_some_and(|w| w.prepare(game, config.clone())) {
            return Ok(());
        }
        let wake = Arc::clone(&self.wake);
        let worker = self.inner.insert(game.0.spawn_worker(Box::new(move || wake()))?);
        worker.prepare(game, config);
        Ok(())
    }

    /// Engines built by the current family's worker (see [`Worker::engines_built`]); 0 before the first request.
    pub fn engines_built(&self) -> u64 {
        self.inner.as_ref().map_or(0, |w| w.engines_built())
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

/// A score as a signed number of three decimals at most (Pig's 1/15 reads +0.067), none where it is whole (Kalah's
/// seeds: +3), and never −0.
pub fn plain_score(value: crate::engine::game::Value) -> String {
    let rounded = format!("{:+.3}", value);
    let trimmed = rounded.trim_end_matches('0').trim_end_matches('.');
    if trimmed == "-0" { "+0".to_string() } else { trimmed.to_string() }
}

#[cfg(test)]
mod tests {
    #[test]
    fn plain_scores_keep_three_decimals_at_most_and_no_negative_zero() {
        let shown: Vec<String> = [1.0 / 15.0, -0.5, 3.0, 0.0, -0.0001, 100.0].map(super::plain_score).to_vec();
        assert_eq!(shown, ["+0.067", "-0.5", "+3", "+0", "+0", "+100"]);
    }
}
