//! The contract every game — and every hand-drawn tree — implements, so that one search serves them all.

use crate::engine::features::SearchFeatures;
use std::fmt::Debug;
use std::hash::Hash;

/// A position's value. Real-valued because hand-drawn trees carry values such as 2.5 and ±∞;
/// games use whole numbers, which `f64` holds exactly.
pub type Value = f64;

/// One of the two players. MAX moves first in every game and sits at the root of every tree by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Side {
    /// The player who moves first and maximizes the value.
    Max,
    /// The player who minimizes the value (maximizes it from its own point of view in negamax form).
    Min,
}

impl Side {
    /// The other player.
    pub fn opponent(self) -> Side {
        match self {
            Side::Max => Side::Min,
            Side::Min => Side::Max,
        }
    }
}

/// Who acts at a position: a player, or chance (a die, a coin).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Turn {
    /// MAX decides.
    Max,
    /// MIN decides.
    Min,
    /// Chance decides: the moves are outcomes, weighted by [`Game::probability`].
    Chance,
}

impl Turn {
    /// The sign that turns a value from this node's point of view into MAX's point of view and back.
    /// A chance node's values are from MAX's point of view (see [`Game::evaluate`]), so its sign is +1.
    #[inline]
    pub fn sign(self) -> Value {
        match self {
            Turn::Min => -1.0,
            Turn::Max | Turn::Chance => 1.0,
        }
    }

    /// The side that decides here; `None` at a chance node.
    #[inline]
    pub fn side(self) -> Option<Side> {
        match self {
            Turn::Max => Some(Side::Max),
            Turn::Min => Some(Side::Min),
            Turn::Chance => None,
        }
    }

    /// The word the lecture's trace table uses.
    pub fn name(self) -> &'static str {
        match self {
            Turn::Max => "Max",
            Turn::Min => "Min",
            Turn::Chance => "Chance",
        }
    }
}

impl From<Side> for Turn {
    fn from(side: Side) -> Turn {
        match side {
            Side::Max => Turn::Max,
            Side::Min => Turn::Min,
        }
    }
}

/// How many distinct moves the history heuristic can tell apart (see [`Game::history_index`]).
pub const HISTORY_SLOTS: usize = 4096;

/// Why a move could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub String);

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for IllegalMove {}

/// A two-player game, possibly with chance, as the search sees it.
///
/// Point of view: every value a game hands the search ([`Game::terminal_value`], [`Game::evaluate`]) is from the
/// point of view of the player to move, and at a chance node from MAX's point of view. Explicit trees, whose leaves
/// are written from MAX's point of view, convert on the way out.
///
/// Positions are changed in place with [`Game::play`] and restored with [`Game::undo`] (make/unmake), so a search
/// never allocates per node; a game whose positions are cheap to copy may implement `undo` by popping a saved copy.
pub trait Game {
    /// A move, or at a chance node an outcome of the dice.
    type Move: Copy + Eq + Hash + Debug;

    /// How often (in nodes, a power of two) a search of this game looks at its stop conditions — a stop request,
    /// the time, the node budget: often enough to stop within a millisecond at a compiled game's speed, rarely
    /// enough to cost nothing. A game whose nodes may each take milliseconds (a script) looks at every node.
    const NODES_BETWEEN_STOP_CHECKS: u64 = 1024;

    /// Who acts now. Meaningful only while the game is not over.
    fn turn(&self) -> Turn;

    /// Appends the legal moves (at a chance node: the possible outcomes) to `moves`, leaving what is already
    /// there untouched, so the search can keep one buffer for every ply. Appends nothing when the game is over.
    fn generate_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays a legal move.
    ///
    /// # Panics
    /// May panic, or leave the position corrupt, if `mv` is not legal here: check with [`Game::try_play`] first
    /// when the move comes from a person or a file.
    fn play(&mut self, mv: Self::Move);

    /// Takes back `mv`, which must be the last move played.
    fn undo(&mut self, mv: Self::Move);

    /// `Some(value)` when the game is over (point of view: see the trait). A game that wants faster wins
    /// preferred encodes the distance in the value, as Connect Four's "22 − stones" score does.
    fn terminal_value(&self) -> Option<Value>;

    /// The static evaluation of a position that is not over, used where the depth limit stops the search.
    fn evaluate(&self) -> Value;

    /// A hash of the position, for transposition tables. Equal positions must hash equally.
    fn position_hash(&self) -> u64;

    /// Calls `child` with the [`Game::position_hash`] of positions one move away, for the moves whose hash the game
    /// can tell without playing them (Connect Four: every move, in a few instructions each; moves the search will
    /// skip may be included). The game search calls it before it reads a node's own table slot, so the children's
    /// slots are already on their way from memory when they are needed: on a table larger than the cache, a wait
    /// for memory otherwise costs more than the rest of a Connect Four node. Default: none.
    fn for_each_child_hash(&self, _child: impl FnMut(u64)) {}

    /// A value known without searching, from the point of view of the player to move — for Connect Four, a win
    /// with the next stone. Asked only by the game search ([`crate::engine::search::alphabeta_memory`]), before the depth
    /// limit applies; must be the position's true value. Default: none.
    fn immediate_value(&self) -> Option<Value> {
        None
    }

    /// Bounds `(low, high)` on this position's true value from the point of view of the player to move, tighter
    /// than [`Game::value_bounds`] where the game knows more (Connect Four: no win can come sooner than two
    /// stones from now). Asked by the game search only when [`Game::immediate_value`] is `None`, which the bounds
    /// may assume. `low == high` states the value exactly. Default: none.
    fn value_range(&self) -> Option<(Value, Value)> {
        None
    }

    /// False when the position's static evaluation would mislead because something forced is pending — in
    /// draughts, a capture, which the rules make compulsory. At the depth limit the game search
    /// ([`crate::engine::search::alphabeta_memory`]) reads only quiet positions with [`Game::evaluate`]; below a position that
    /// is not quiet it searches on, with every move of [`Game::generate_search_moves`], until every line reaches a
    /// quiet position or the end of the game (a quiescence search). There is no "stand pat": so a game may answer
    /// false only where every search move deserves the look (the forced captures of draughts), and every line of
    /// positions that are not quiet must end within a bounded number of moves (each capture removes a piece).
    /// Other searches ignore it. Default: always quiet.
    fn is_quiet(&self) -> bool {
        true
    }

    /// The moves the game search tries: the legal moves, less any the game can prove are no better than one it
    /// keeps (Connect Four drops moves that hand the opponent a win at once, unless every move does). Never empty
    /// while a legal move exists. Default: every legal move. Perft and the tree views use [`Game::generate_moves`].
    fn generate_search_moves(&self, moves: &mut Vec<Self::Move>) {
        self.generate_moves(moves);
    }

    /// How promising `mv` looks before searching it: higher is tried first when hint ordering is on.
    fn move_hint(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// A small number (below [`HISTORY_SLOTS`]) naming `mv` for the history heuristic — the same for the "same"
    /// move in different positions (a column, a from–to pair). `None` (the default) leaves history ordering off.
    fn history_index(&self, _mv: Self::Move) -> Option<usize> {
        None
    }

    /// Tells the game which selective-search techniques the coming search uses, for those the game implements
    /// itself (chess: the tapered evaluation, exchange-aware ordering). Default: nothing changes.
    fn use_search_features(&mut self, _features: &SearchFeatures) {}

    /// True when passing the move (a "null move") is a fair test here: the rules allow the position to be played
    /// on with the other side to move, and zugzwang is unlikely (chess: not in check, a piece besides pawns).
    /// Default: never, so null-move pruning leaves the game alone.
    fn can_null_move(&self) -> bool {
        false
    }

    /// True when this position (the same side to move) stood before, in the game or in the line searched, and
    /// the rules draw a position that repeats (at its third occurrence, say): a search may then score it a draw
    /// (0) at once, since either side that wants the draw can repeat again. Default: never, so the repetition
    /// switch leaves the game alone.
    fn repeats_a_position(&self) -> bool {
        false
    }

    /// Passes the move (only where [`Game::can_null_move`]); [`Game::undo_null_move`] takes it back.
    fn play_null_move(&mut self) {}

    /// Takes back the null move just played.
    fn undo_null_move(&mut self) {}

    /// How far a quiet move or two can move the static evaluation ([`Game::evaluate`]) in `depth` plies, for
    /// futility pruning: a position whose evaluation stands this far above β is taken to fail high, and at one or
    /// two plies from the horizon a quiet move from a position this far below α is not searched. `None` where the
    /// game cannot say (then nothing is pruned). Default: `None`.
    fn futility_margin(&self, _depth: u32) -> Option<Value> {
        None
    }

    /// True when the side to move is in check (a move that leads here "gives check"). Default: never.
    fn in_check(&self) -> bool {
        false
    }

    /// True when `mv`, played here, would put the opponent in check ([`Game::in_check`] after it). Futility pruning
    /// asks this of every quiet move it would skip. Default: play, look, undo; a game may answer
    /// without the bookkeeping of a real move.
    fn gives_check(&mut self, mv: Self::Move) -> bool {
        self.play(mv);
        let check = self.in_check();
        self.undo(mv);
        check
    }

    /// True when `mv` (about to be played here) may be searched less deeply when ordered late: a quiet move.
    /// Default: never, so late-move reductions leave the game alone.
    fn is_reducible(&self, _mv: Self::Move) -> bool {
        false
    }

    /// Appends the moves a stand-pat quiescence search tries (chess: captures and promotions) and returns true;
    /// false (the default, appending nothing) when the game has no such search, which then keeps its
    /// [`Game::is_quiet`] quiescence.
    fn generate_tactical_moves(&self, _moves: &mut Vec<Self::Move>) -> bool {
        false
    }

    /// What `mv` wins or loses by the static exchange count on its square, in evaluation units (negative: it loses
    /// material). `None` when the game cannot tell. Default: `None`.
    fn exchange_value(&self, _mv: Self::Move) -> Option<Value> {
        None
    }

    /// Bounds `(low, high)` on the value of any line through this position from the point of view of the player
    /// to move, from the distance to the nearest possible mate (chess: no better than mating with the next move,
    /// no worse than being mated on the move after). Default: none.
    fn mate_distance_range(&self) -> Option<(Value, Value)> {
        None
    }

    /// The probability of `outcome` at a chance node. Games without chance never get asked.
    fn probability(&self, _outcome: Self::Move) -> f64 {
        f64::NAN
    }

    /// Bounds on every value the game can produce, from MAX's point of view. Star1 prunes at chance nodes only
    /// when both are finite.
    fn value_bounds(&self) -> (Value, Value) {
        (Value::NEG_INFINITY, Value::INFINITY)
    }

    /// Why the game's rules failed, if they did: a scripted game whose script raised an error, ran out of its
    /// budget or returned a bad value during a search. Such a game ends every line where it failed, so a search
    /// over it finishes, but its result means nothing: whoever ran the search reports this message instead.
    /// Compiled games never fail. Default: `None`.
    fn fault(&self) -> Option<String> {
        None
    }

    /// The move in the game's usual notation, for move lists and principal variations.
    fn move_name(&self, mv: Self::Move) -> String {
        format!("{mv:?}")
    }

    /// Plays `mv` if it is legal here, and otherwise says why not without changing anything.
    fn try_play(&mut self, mv: Self::Move) -> Result<(), IllegalMove> {
        if self.terminal_value().is_some() {
            return Err(IllegalMove("the game is over".into()));
        }
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        if moves.contains(&mv) {
            self.play(mv);
            Ok(())
        } else {
            Err(IllegalMove(format!("{} is not a legal move here", self.move_name(mv))))
        }
    }
}
