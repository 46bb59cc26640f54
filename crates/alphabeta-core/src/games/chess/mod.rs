//! Chess, with the rules — move generation, FEN, the Zobrist hash — from the `cozy-chess` crate (MIT). This file
//! adds what a [`Game`] needs on top: the draw rules, SAN names ([`san`]), an evaluation ([`eval`]) and quiescence.
//!
//! **Sides.** White is the first player (MAX).
//!
//! **Moves** are the crate's [`Move`]: from, to and a promotion piece; castling is written as the king taking its
//! own rook (`e1h1`), which the painter shows as the king's usual destination. The window's `u64` form is
//! [`encode`]: `from | to << 6 | promotion << 12`.
//!
//! **End of the game.** Checkmate loses for the side to move, scored `−(WIN − plies)` so a sooner mate scores
//! higher. Drawn: stalemate, the third occurrence of a position with the same side to move (counted since the last
//! capture or pawn move, from a history of hashes), 100 plies without a capture or pawn move (the 50-move rule,
//! applied automatically; a mate on that ply still counts), and insufficient material (kings alone, a single minor
//! piece, or only bishops all on squares of one colour). As in draughts, the hash does not carry the history, so a
//! transposition table may carry a repetition draw from one path to another.
//!
//! **Quiescence** ([`Game::is_quiet`]). The game search has no stand-pat: below a position that is not quiet it
//! searches every move. Calling every position with a capture available unquiet would therefore search whole
//! plies again and again, without end. Instead a position is unquiet only where the static evaluation is plainly
//! wrong — the side to move is in check, or it can win the piece that just moved (take it with a piece worth no
//! more, or with one the opponent cannot take back) — and only at the start of a line or in an exchange: the
//! position before it was calm, or the last move took back on the square the move before went to. One full ply
//! is then searched, so the side to move may also decline, which does the work of a stand-pat; its children are
//! unquiet again only by retaking on the same square, so every line of unquiet positions is one exchange on one
//! square, and the few pieces that reach a square end it. The price: a move into danger right after a position
//! that was itself tense (say, answering a check) is read statically. This is what stops a one-ply search from
//! putting its queen where a pawn takes it.

pub mod endgame;
pub mod ending;
mod family;
mod fen;
pub mod kpk;
mod open_root;
pub mod words;
pub use family::{ChessRules, FAMILY};
pub mod eval;
pub mod pgn;
pub mod san;
pub mod see;
pub mod tapered;
pub mod why;

use crate::engine::features::SearchFeatures;
use crate::engine::game::{Game, IllegalMove, Side, Turn, Value};
use cozy_chess::{BitBoard, Board, Color, Move, Piece, Square};
use std::fmt;

pub use cozy_chess;

/// A chess move, as the crate writes it.
pub type ChessMove = Move;

/// A win's value for the winner before the plies since the start are taken off: far above any evaluation.
pub const WIN: Value = 100_000.0;

/// The dark squares (a1, c1 … h8): bishops on one colour of square never meet.
const DARK_SQUARES: BitBoard = BitBoard(0xAA55_AA55_AA55_AA55);

/// The Kiwipete position, the usual second perft test (castling, en passant, promotions, pins).
pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The position before a move, with what is needed to take the move back.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Saved {
    board: Board,
    occurred_before: u8,
    last_occurrence: u16,
    mv: Move,
    /// A null move of the search (the side to move passed), not a move of the game.
    null: bool,
}

/// A chess position and the history its draw rules need. White is MAX.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chess {
    board: Board,
    /// How often the position stood before with the same side to move, since the last capture or pawn move (its
    /// third occurrence, 2, draws).
    occurred_before: u8,
    /// How many moves back the position last stood (the same side to move), 0 when it did not since the last
    /// capture or pawn move.
    last_occurrence: u16,
    /// The moves played before the root of an analysis ([`Chess::analyse_from_here`]): a search from there counts a
    /// repetition within its own line as a draw, not a position that stood once before the root.
    analysis_root: Option<usize>,
    history: Vec<Saved>,
    /// Search on past the depth limit where the evaluation would mislead (see the module's doc). On by default.
    quiescence: bool,
    /// The techniques of the search that the game carries out itself: the tapered evaluation ([`tapered`]) and
    /// exchange-aware ordering ([`see`]). Set by [`Game::use_search_features`]; off by default.
    features: SearchFeatures,
    /// A root set up by a protocol, where the game goes on past a draw rule (see [`Chess::play_on_here`]).
    open_root: Option<open_root::OpenRoot>,
}

impl Default for Chess {
    fn default() -> Self {
        Chess::new()
    }
}

impl Chess {
    /// The starting position.
    pub fn new() -> Self {
        Chess::from_board(Board::default())
    }

    fn from_board(board: Board) -> Self {
        Chess {
            board,
            occurred_before: 0,
            last_occurrence: 0,
            analysis_root: None,
            history: Vec::new(),
            quiescence: true,
            features: SearchFeatures::NONE,
            open_root: None,
        }
    }

    /// A position from FEN (the halfmove clock and move number may be left out). History starts here.
    ///
    /// A halfmove clock from 101 to 150 is a game played on past a 50-move draw nobody claimed (the 75-move rule
    /// ends it at 150): it is read as 100, which is what every rule here asks of it (the crate counts no further).
    pub fn from_fen(fen: &str) -> Result<Self, IllegalMove> {
        let fen = fen.trim();
        let full = fen::with_counters_for_the_crate(fen).map_err(|why| IllegalMove(format!("FEN '{fen}': {why}")))?;
        let board = Board::from_fen(&full, false).map_err(|e| {
            // The crate's one-line reasons say not where: name the rank, the piece or the castling letter.
            let why = match e {
                cozy_chess::FenParseError::InvalidBoard => fen::board_fault(&full).unwrap_or_else(|| e.to_string()),
                cozy_chess::FenParseError::InvalidCastlingRights => fen::castling_fault(&full),
                _ => e.to_string(),
            };
            IllegalMove(format!("FEN '{fen}': {why}"))
        })?;
        // cozy-chess checks everything else that makes a position impossible, but not this: a king could then be
        // taken, and move generation assumes two kings.
        if cozy_chess::get_king_moves(board.king(Color::White)).has(board.king(Color::Black)) {
            return Err(IllegalMove(format!("FEN '{fen}': the two kings stand next to each other")));
        }
        Ok(Chess::from_board(board))
    }

    /// The position as FEN.
    pub fn to_fen(&self) -> String {
        self.board.to_string()
    }

    /// The crate's board, for painters and tests.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The same position with quiescence switched on or off (for comparisons; on by default).
    pub fn with_quiescence(mut self, on: bool) -> Self {
        self.quiescence = on;
        self
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        side_of(self.board.side_to_move())
    }

    /// Plies played since the position was set up.
    pub fn moves_played(&self) -> usize {
        self.history.len()
    }

    /// Makes this position the root of an analysis (a review's search): below it, a position that stood once
    /// before the root is not scored a draw by repetition (the game goes on after a twofold repetition); one that
    /// repeats within the line searched still is. The AI's play leaves it unset and steers clear of any repetition
    /// the opponent could complete.
    pub fn analyse_from_here(&mut self) {
        self.analysis_root = Some(self.history.len());
    }

    /// The last move played, if any since the position was set up.
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().map(|s| s.mv)
    }

    /// True when the position is on the board for the third time with the same side to move.
    fn repeated(&self) -> bool {
        self.occurred_before >= 2
    }

    /// True when the side to move is in check.
    pub fn in_check(&self) -> bool {
        !self.board.checkers().is_empty()
    }

    fn is_checkmate(&self) -> bool {
        self.in_check() && !self.has_move()
    }

    fn has_move(&self) -> bool {
        self.board.generate_moves(|_| true)
    }

    /// True when a draw rule other than stalemate ends the game: repetition, the 50-move rule (unless the move
    /// that reached it mated) or insufficient material.
    fn drawn_by_rule(&self) -> bool {
        self.repeated() || (self.board.halfmove_clock() >= 100 && !self.is_checkmate()) || self.insufficient_material()
    }

    /// Neither side can mate: kings alone, one knight or bishop, or bishops only, all on one colour of square.
    pub fn insufficient_material(&self) -> bool {
        let b = &self.board;
        let heavy = b.pieces(Piece::Pawn) | b.pieces(Piece::Rook) | b.pieces(Piece::Queen);
        if !heavy.is_empty() {
            return false;
        }
        let (knights, bishops) = (b.pieces(Piece::Knight), b.pieces(Piece::Bishop));
        (knights | bishops).len() <= 1
            || (knights.is_empty() && (bishops.is_subset(DARK_SQUARES) || bishops.is_disjoint(DARK_SQUARES)))
    }

    /// True when the game is drawn (stalemate included).
    pub fn is_drawn(&self) -> bool {
        self.drawn_by_rule() || (!self.in_check() && !self.has_move())
    }

    /// The winner: the opponent of a side checkmated.
    pub fn winner(&self) -> Option<Side> {
        (!self.drawn_by_rule() && self.is_checkmate()).then(|| self.side_to_move().opponent())
    }

    /// True when the game is over.
    pub fn is_over(&self) -> bool {
        self.drawn_by_rule() || !self.has_move()
    }

    /// Why the game is over, in the words of a PGN `Termination`-style comment; `None` while it goes on.
    pub fn end_reason(&self) -> Option<&'static str> {
        if self.repeated() {
            Some("threefold repetition")
        } else if self.is_checkmate() {
            Some("checkmate")
        } else if self.board.halfmove_clock() >= 100 {
            Some("fifty-move rule")
        } else if self.insufficient_material() {
            Some("insufficient material")
        } else if !self.has_move() {
            Some("stalemate")
        } else {
            None
        }
    }

    /// The legal moves (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        moves
    }

    /// The legal move with this name: SAN (the `+`/`#` sign may be left off) or from–to squares as in `e2e4`,
    /// `e7e8q`, `e1g1`.
    pub fn parse_move(&self, name: &str) -> Result<Move, IllegalMove> {
        let wanted = name.trim().trim_end_matches(['+', '#']);
        let legal = self.legal_moves();
        // Squares first: no SAN is a square-to-square name, and a protocol replaying a long game sends only those,
        // so working out every move's SAN (a check test each) would be the whole cost of reading its moves.
        legal
            .iter()
            .find(|&&mv| self.uci_name(mv) == wanted || mv.to_string() == wanted)
            .or_else(|| legal.iter().find(|&&mv| self.move_name(mv).trim_end_matches(['+', '#']) == wanted))
            .copied()
            .ok_or_else(|| IllegalMove(format!("{name} is not a legal move here")))
    }

    /// This position after the moves named, separated by spaces or commas.
    pub fn with_moves(mut self, names: &str) -> Result<Self, IllegalMove> {
        for name in names.split([' ', ',']).filter(|s| !s.is_empty()) {
            let mv = self.parse_move(name)?;
            self.play(mv);
        }
        Ok(self)
    }

    /// `mv` in the UCI protocol's notation: from and to squares and a promotion letter (`e2e4`, `e7e8q`), castling
    /// as the king's two-square move (`e1g1`). [`Chess::parse_move`] reads it back.
    pub fn uci_name(&self, mv: Move) -> String {
        let promotion = mv.promotion.map_or(String::new(), |p| char::from(p).to_string());
        format!("{}{}{promotion}", mv.from, san::displayed_destination(&self.board, mv))
    }

    /// Perft as chess programs count it, through this game's own move generation, play and undo: the positions
    /// exactly `depth` plies away, so a mate or stalemate sooner counts nothing (the studio's generic
    /// [`crate::games::perft`] counts it as a leaf where it happens, which differs from the published tables
    /// wherever a game ends early: Kiwipete has a mate at ply 3). Perft counts legal moves, so the draw rules
    /// (repetition, 50 moves, insufficient material) do not end its tree: bare kings have 5 moves, not 0.
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = Vec::new();
        self.board.generate_moves(|piece_moves| {
            moves.extend(piece_moves);
            false
        });
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|mv| {
                self.play(mv);
                let leaves = self.perft(depth - 1);
                self.undo(mv);
                leaves
            })
            .sum()
    }

    /// True when the side to move can win the opponent's piece on `square`: take it with a piece worth no more,
    /// or with any piece where the opponent cannot take back.
    fn can_win_piece_on(board: &Board, square: Square) -> bool {
        let Some(victim) = board.piece_on(square).filter(|_| board.color_on(square) == Some(!board.side_to_move()))
        else {
            return false;
        };
        let mut attackers = Vec::new();
        board.generate_moves(|moves| {
            if moves.to.has(square) {
                attackers.push((moves.piece, moves.from));
            }
            false
        });
        attackers.into_iter().any(|(piece, from)| {
            if eval::value(victim) >= eval::value(piece) {
                return true;
            }
            let promotion = (piece == Piece::Pawn
                && matches!(square.rank(), cozy_chess::Rank::First | cozy_chess::Rank::Eighth))
            .then_some(Piece::Queen);
            let mut after = board.clone();
            after.play_unchecked(Move { from, to: square, promotion });
            !after.generate_moves(|moves| moves.to.has(square))
        })
    }

    /// The side to move is in check, or can win the piece that `last` (the move that led here) moved.
    fn tense(board: &Board, last: Move) -> bool {
        !board.checkers().is_empty() || Chess::can_win_piece_on(board, last.to)
    }
}

fn side_of(color: Color) -> Side {
    match color {
        Color::White => Side::Max,
        Color::Black => Side::Min,
    }
}

impl Game for Chess {
    type Move = Move;

    fn turn(&self) -> Turn {
        self.side_to_move().into()
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        if self.ends_by_rule() {
            return;
        }
        let first = moves.len();
        self.board.generate_moves(|piece_moves| {
            moves.extend(piece_moves);
            false
        });
        self.keep_root_moves(moves, first);
    }

    fn play(&mut self, mv: Move) {
        let before = self.board.clone();
        self.board.play_unchecked(mv);
        let saved = Saved {
            board: before,
            occurred_before: self.occurred_before,
            last_occurrence: self.last_occurrence,
            mv,
            null: false,
        };
        self.history.push(saved);
        // The same position with the same side to move: every second one back, since the last capture or pawn move.
        let hash = self.board.hash();
        let len = self.history.len();
        let mut earlier = (2..=self.board.halfmove_clock() as usize)
            .step_by(2)
            .take_while(|&back| back <= len)
            .filter(|&back| self.history[len - back].board.hash() == hash);
        let last = earlier.next();
        self.occurred_before = (usize::from(last.is_some()) + earlier.count()).min(2) as u8;
        self.last_occurrence = last.map_or(0, |back| u16::try_from(back).unwrap_or(u16::MAX));
    }

    fn undo(&mut self, _mv: Move) {
        if let Some(saved) = self.history.pop() {
            self.board = saved.board;
            self.occurred_before = saved.occurred_before;
            self.last_occurrence = saved.last_occurrence;
        }
    }

    /// A draw is 0; checkmate is `−(WIN − plies)` for the side mated, so a sooner mate scores higher.
    fn terminal_value(&self) -> Option<Value> {
        if self.ends_by_rule() {
            Some(0.0)
        } else if self.has_move() {
            None
        } else if self.in_check() {
            Some(-(WIN - self.history.len() as Value))
        } else {
            Some(0.0)
        }
    }

    /// Material and square bonuses (see [`eval`]), the side to move's less the opponent's; with the tapered
    /// evaluation on, [`tapered::evaluate`]; either scaled by what the material allows in known endings
    /// ([`endgame::adjust`]).
    fn evaluate(&self) -> Value {
        let value =
            if self.features.tapered_eval { tapered::evaluate(&self.board) } else { eval::evaluate(&self.board) };
        Value::from(endgame::adjust(&self.board, value))
    }

    fn use_search_features(&mut self, features: &SearchFeatures) {
        self.features = *features;
    }

    /// Not in check, and the side to move has a piece besides its king and pawns (with pawns alone, zugzwang is
    /// common and passing would mislead).
    fn can_null_move(&self) -> bool {
        let b = &self.board;
        let own = b.colors(b.side_to_move());
        let pawns_and_king = b.pieces(Piece::Pawn) | b.pieces(Piece::King);
        !Chess::in_check(self) && !(own & !pawns_and_king).is_empty() && !self.drawn_by_rule()
    }

    /// The position occurred before, since the last capture or pawn move (its third occurrence draws). From an
    /// analysis root ([`Chess::analyse_from_here`]) only an occurrence in the line since the root counts, or a third
    /// one: a position that stood once before the root is not drawn by coming back to it.
    fn repeats_a_position(&self) -> bool {
        match self.analysis_root {
            None => self.occurred_before > 0,
            Some(root) => {
                let earlier = self.history.len().checked_sub(usize::from(self.last_occurrence));
                self.occurred_before >= 2 || (self.last_occurrence > 0 && earlier.is_some_and(|at| at >= root))
            }
        }
    }

    fn play_null_move(&mut self) {
        let Some(after) = self.board.null_move() else { return };
        let before = std::mem::replace(&mut self.board, after);
        let mv = Move { from: Square::A1, to: Square::A1, promotion: None };
        let saved = Saved {
            board: before,
            occurred_before: self.occurred_before,
            last_occurrence: self.last_occurrence,
            mv,
            null: true,
        };
        self.history.push(saved);
        self.occurred_before = 0;
        self.last_occurrence = 0;
    }

    fn undo_null_move(&mut self) {
        if self.history.last().is_some_and(|saved| saved.null) {
            self.undo(Move { from: Square::A1, to: Square::A1, promotion: None });
        }
    }

    fn in_check(&self) -> bool {
        Chess::in_check(self)
    }

    /// On a copy of the board alone: no history entry, no repetition count (the pruning steps ask this of many
    /// moves they then skip).
    fn gives_check(&mut self, mv: Move) -> bool {
        let mut board = self.board.clone();
        board.play_unchecked(mv);
        !board.checkers().is_empty()
    }

    /// 160, 260 and 360 centipawns at 1, 2 and 3 plies: about what quiet moves can gain in position without
    /// taking material (a knight is 320). Wider margins prune less; reverse futility to 5 plies measured worse
    /// (47 % in 263 games).
    fn futility_margin(&self, depth: u32) -> Option<Value> {
        (1..=3).contains(&depth).then(|| Value::from(60 + 100 * depth as i32))
    }

    /// Neither a capture nor a promotion.
    fn is_reducible(&self, mv: Move) -> bool {
        mv.promotion.is_none() && !san::is_capture(&self.board, mv)
    }

    /// Captures (en passant included) and promotions to a queen; nothing once a draw rule ends the game.
    fn generate_tactical_moves(&self, moves: &mut Vec<Move>) -> bool {
        if self.ends_by_rule() {
            return true;
        }
        let theirs = self.board.colors(!self.board.side_to_move());
        let en_passant = self.board.en_passant().map_or(BitBoard::EMPTY, |file| {
            let rank = if self.board.side_to_move() == Color::White {
                cozy_chess::Rank::Sixth
            } else {
                cozy_chess::Rank::Third
            };
            Square::new(file, rank).bitboard()
        });
        let last_ranks = cozy_chess::Rank::First.bitboard() | cozy_chess::Rank::Eighth.bitboard();
        self.board.generate_moves(|mut piece_moves| {
            let targets = if piece_moves.piece == Piece::Pawn { theirs | en_passant | last_ranks } else { theirs };
            piece_moves.to &= targets;
            moves.extend(piece_moves.into_iter().filter(|mv| mv.promotion.is_none_or(|p| p == Piece::Queen)));
            false
        });
        true
    }

    /// [`see::exchange_value`].
    fn exchange_value(&self, mv: Move) -> Option<Value> {
        Some(Value::from(see::exchange_value(&self.board, mv)))
    }

    /// No better than mating with the next move, no worse than being mated right after it (mates score
    /// `WIN − plies`).
    fn mate_distance_range(&self) -> Option<(Value, Value)> {
        let plies = self.history.len() as Value;
        Some((-(WIN - plies - 2.0), WIN - plies - 1.0))
    }

    /// The crate's Zobrist hash (pieces, side to move, castling rights, en passant).
    fn position_hash(&self) -> u64 {
        self.board.hash() ^ self.root_key()
    }

    /// See the module's doc: in check, or the piece just moved can be won — where the position before was calm,
    /// or the last move took back on the square the move before went to.
    fn is_quiet(&self) -> bool {
        let Some(last) = self.history.last() else { return true };
        if !self.quiescence || last.null || !Chess::tense(&self.board, last.mv) {
            return true;
        }
        let Some(before) = self.history.len().checked_sub(2).map(|i| &self.history[i]) else { return false };
        let recapture = last.mv.to == before.mv.to && san::is_capture(&last.board, last.mv);
        !recapture && Chess::tense(&last.board, before.mv)
    }

    /// Captures first, most valuable victim then least valuable attacker (MVV-LVA); then promotions. With
    /// exchange quiescence on, a capture that loses material by the exchange count ([`see`]) comes after the
    /// quiet moves instead.
    fn move_hint(&self, mv: Move) -> i32 {
        if self.features.exchange_quiescence && san::is_capture(&self.board, mv) {
            let gain = see::exchange_value(&self.board, mv);
            if gain < 0 {
                return -10_000 + gain;
            }
        }
        let attacker = self.board.piece_on(mv.from).map_or(0, eval::value);
        let promotion = mv.promotion.map_or(0, eval::value);
        if san::is_capture(&self.board, mv) {
            let victim = match self.board.piece_on(mv.to) {
                Some(piece) if self.board.color_on(mv.to) != Some(self.board.side_to_move()) => eval::value(piece),
                _ => eval::value(Piece::Pawn), // en passant
            };
            10_000 + 10 * victim - attacker / 10 + promotion
        } else if promotion > 0 {
            5_000 + promotion
        } else {
            0
        }
    }

    /// From and to squares: 64 × 64 slots.
    fn history_index(&self, mv: Move) -> Option<usize> {
        Some(mv.from as usize * 64 + mv.to as usize)
    }

    fn value_bounds(&self) -> (Value, Value) {
        (-WIN, WIN)
    }

    /// SAN: `e4`, `Nbd2`, `exd5`, `e8=Q+`, `O-O`, `Qxf7#`.
    fn move_name(&self, mv: Move) -> String {
        san::san(&self.board, mv)
    }

    fn try_play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove("the game is over".into()));
        }
        if self.board.is_legal(mv) {
            self.play(mv);
            Ok(())
        } else {
            Err(IllegalMove(format!("{mv} is not a legal move here")))
        }
    }
}

/// The window's number for a move: `from | to << 6 | promotion << 12`, the promotion piece's index (knight 1 …
/// queen 4) or 0 for none.
pub fn encode(mv: Move) -> u64 {
    mv.from as u64 | (mv.to as u64) << 6 | mv.promotion.map_or(0, |p| p as u64) << 12
}

/// The move [`encode`] made, or `None` for a number that names no move.
pub fn decode(mv: u64) -> Option<Move> {
    if mv >> 15 != 0 {
        return None;
    }
    let promotion = match mv >> 12 {
        0 => None,
        index @ 1..=4 => Some(Piece::index(index as usize)),
        _ => return None,
    };
    Some(Move { from: Square::index((mv & 63) as usize), to: Square::index((mv >> 6 & 63) as usize), promotion })
}

/// The board as text, rank 8 first: FEN letters, `.` for an empty square.
impl fmt::Display for Chess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                let square = Square::index(rank * 8 + file);
                let ch = match (self.board.piece_on(square), self.board.color_on(square)) {
                    (Some(piece), Some(Color::White)) => char::from(piece).to_ascii_uppercase(),
                    (Some(piece), _) => char::from(piece),
                    _ => '.',
                };
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
