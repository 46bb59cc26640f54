//! Othello (Reversi) on bitboards, on any even square board from 4 × 4 to 8 × 8.
//!
//! Layout: square `row · 8 + column` is bit `row · 8 + column` of a `u64`, row 0 at the top, so `a1` is bit 0 and
//! `h8` bit 63, as Othello notation reads. A smaller board sits in the top-left corner of the 8 × 8 words and a
//! board mask keeps every disc and every generated move inside it. Black (the first player, MAX) and White are one
//! word each.
//!
//! Passes: when the side to move has no legal move but its opponent has, the only move is [`PASS`]; when neither
//! side can move the game is over. A pass is a move like any other (it counts as a ply in perft and in
//! [`Othello::moves_played`]).
//!
//! Values (from the side to move, like every game): a finished game is worth `WIN + 100 · margin + empties` to the
//! winner, where `margin` is the disc difference with the empty squares given to the winner (the World Othello
//! Federation's count) and `empties` the squares still empty — so a bigger win scores higher, and among equal wins
//! a faster one. A draw is 0. [`Game::evaluate`] stays strictly inside (−`WIN`, `WIN`), below any result.

use crate::engine::game::{Game, IllegalMove, Side, Turn, Value};
use crate::engine::hash::mix64;
use std::fmt;

/// The move of a side that has no legal move while its opponent has one.
pub const PASS: u8 = 64;

/// The value every finished, won game exceeds; evaluations stay below it.
pub const WIN: i32 = 10_000;

/// The smallest and largest board sides: even, so the four starting discs sit in the centre.
pub const SIZES: std::ops::RangeInclusive<usize> = 4..=8;

mod bits;
mod eval;
#[cfg(test)]
mod tests;

use bits::{flipped_by, legal_squares};
pub use eval::EvaluationTerms;

/// A board side that is not an even number from 4 to 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSizeError {
    /// The side asked for.
    pub size: usize,
}

impl fmt::Display for BoardSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "an Othello board of side {} is not played here: the side must be 4, 6 or 8", self.size)
    }
}

impl std::error::Error for BoardSizeError {}

/// What changes from move to move: saved before each move so [`Game::undo`] can restore it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct State {
    black: u64,
    white: u64,
    black_to_move: bool,
    /// The legal squares of the side to move (0 when it must pass or the game is over), kept because every
    /// search node asks for them and the end-of-game test needs them anyway.
    legal: u64,
    /// Neither side can move.
    over: bool,
}

/// An Othello position. Moves are square numbers `row · 8 + column` (row 0 at the top: `a1` is 0, `d3` is 19)
/// or [`PASS`]; Black moves first and is MAX.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Othello {
    size: u8,
    /// The squares of the board.
    board: u64,
    state: State,
    /// Moves made since the start, passes included.
    played: u16,
    /// The state before each move made, for undo.
    history: Vec<State>,
}

impl Othello {
    /// The starting position on a `size` × `size` board: four discs in the centre, White on the top-left and
    /// bottom-right of them (d4 and e5 on 8 × 8), Black to move.
    pub fn new(size: usize) -> Result<Self, BoardSizeError> {
        if !SIZES.contains(&size) || !size.is_multiple_of(2) {
            return Err(BoardSizeError { size });
        }
        let half = size / 2;
        let square = |row: usize, column: usize| 1u64 << (row * 8 + column);
        let white = square(half - 1, half - 1) | square(half, half);
        let black = square(half - 1, half) | square(half, half - 1);
        Ok(Self::with_discs(size, black, white, true))
    }

    /// The standard 8 × 8 starting position.
    pub fn standard() -> Self {
        match Self::new(8) {
            Ok(game) => game,
            Err(_) => unreachable!("8 is a board size"),
        }
    }

    /// The standard board after `moves`; see [`Othello::with_moves`].
    pub fn from_moves(moves: &str) -> Result<Self, IllegalMove> {
        Self::standard().with_moves(moves)
    }

    /// This position after `moves`, written as move names one after the other (`f5d6c3`, optionally separated
    /// by spaces or commas, any case), a pass as `pass`. The error names the first bad move (its 1-based place)
    /// and why.
    pub fn with_moves(mut self, moves: &str) -> Result<Self, IllegalMove> {
        let text: Vec<char> = moves.chars().filter(|c| !c.is_whitespace() && *c != ',').collect();
        let (mut at, mut place) = (0, 1);
        while at < text.len() {
            let rest: String = text[at..].iter().take(4).collect::<String>().to_ascii_lowercase();
            let (mv, length) = if rest == "pass" {
                (Some(PASS), 4)
            } else {
                let name: String = text[at..(at + 2).min(text.len())].iter().collect();
                (self.parse_square(&name), 2)
            };
            let name: String = text[at..(at + length).min(text.len())].iter().collect();
            let mv = mv.ok_or_else(|| {
                IllegalMove(format!("move {place} '{name}' is not a square of this board nor 'pass'"))
            })?;
            self.try_play(mv).map_err(|e| IllegalMove(format!("move {place} '{name}': {e}")))?;
            at += length;
            place += 1;
        }
        Ok(self)
    }

    /// A position drawn as text, top row first, one row a line: `X` (or `B`) a black disc, `O` (or `W`) a white
    /// one, `.` an empty square — the [`fmt::Display`] form. The board is as large as the number of rows. The
    /// moves played count starts at 0.
    pub fn from_diagram(diagram: &str, to_move: Side) -> Result<Self, String> {
        let rows: Vec<&str> = diagram.lines().map(str::trim).filter(|line| !line.is_empty()).collect();
        let size = rows.len();
        if !SIZES.contains(&size) || !size.is_multiple_of(2) {
            return Err(BoardSizeError { size }.to_string());
        }
        let (mut black, mut white) = (0u64, 0u64);
        for (row, line) in rows.iter().enumerate() {
            let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.len() != size {
                return Err(format!("row {} has {} squares, not {size}", row + 1, cells.len()));
            }
            for (column, cell) in cells.into_iter().enumerate() {
                let bit = 1u64 << (row * 8 + column);
                match cell {
                    'X' | 'x' | 'B' | 'b' => black |= bit,
                    'O' | 'o' | 'W' | 'w' => white |= bit,
                    '.' | '-' => {}
                    other => return Err(format!("row {} has '{other}': write X, O or .", row + 1)),
                }
            }
        }
        Ok(Self::with_discs(size, black, white, to_move == Side::Max))
    }

    fn with_discs(size: usize, black: u64, white: u64, black_to_move: bool) -> Self {
        let row = (1u64 << size) - 1;
        let board = (0..size).fold(0, |board, r| board | row << (8 * r));
        let mut game = Othello {
            size: size as u8,
            board,
            state: State { black, white, black_to_move, legal: 0, over: false },
            played: 0,
            history: Vec::with_capacity(96),
        };
        game.settle();
        game
    }

    /// Works out the legal squares of the side to move and whether the game is over, after the discs changed.
    #[inline]
    fn settle(&mut self) {
        let (own, opp) = self.own_and_opponent();
        let legal = legal_squares(own, opp, self.board);
        self.state.legal = legal;
        self.state.over = legal == 0 && legal_squares(opp, own, self.board) == 0;
    }

    /// The side of the board.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// Moves made since the start, passes included.
    pub fn moves_played(&self) -> usize {
        self.played as usize
    }

    /// The discs of `side` (Black is MAX) as a bitboard.
    pub fn discs(&self, side: Side) -> u64 {
        match side {
            Side::Max => self.state.black,
            Side::Min => self.state.white,
        }
    }

    /// How many discs `side` has.
    pub fn count(&self, side: Side) -> u32 {
        self.discs(side).count_ones()
    }

    /// The legal squares of the side to move as a bitboard: 0 when it must pass or the game is over.
    pub fn legal_squares(&self) -> u64 {
        self.state.legal
    }

    /// True when the side to move has no move but the game goes on: its only move is [`PASS`].
    pub fn must_pass(&self) -> bool {
        self.state.legal == 0 && !self.state.over
    }

    /// True when neither side can move (the board may still have empty squares).
    pub fn is_over(&self) -> bool {
        self.state.over
    }

    /// The side with more discs once the game is over; `None` before, or for a draw.
    pub fn winner(&self) -> Option<Side> {
        if !self.state.over {
            return None;
        }
        let (black, white) = (self.count(Side::Max), self.count(Side::Min));
        match black.cmp(&white) {
            std::cmp::Ordering::Greater => Some(Side::Max),
            std::cmp::Ordering::Less => Some(Side::Min),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The disc at `column`, `row` (row 0 at the top), or `None` for an empty square or one off the board.
    pub fn cell(&self, column: usize, row: usize) -> Option<Side> {
        if column >= self.size() || row >= self.size() {
            return None;
        }
        let bit = 1u64 << (row * 8 + column);
        if self.state.black & bit != 0 {
            Some(Side::Max)
        } else if self.state.white & bit != 0 {
            Some(Side::Min)
        } else {
            None
        }
    }

    /// The square number of `column`, `row` (row 0 at the top).
    pub fn square(column: usize, row: usize) -> u8 {
        (row * 8 + column) as u8
    }

    fn side_to_move(&self) -> Side {
        if self.state.black_to_move { Side::Max } else { Side::Min }
    }

    #[inline]
    fn own_and_opponent(&self) -> (u64, u64) {
        if self.state.black_to_move {
            (self.state.black, self.state.white)
        } else {
            (self.state.white, self.state.black)
        }
    }

    /// A square name (`d3`) on this board, or `None`.
    fn parse_square(&self, name: &str) -> Option<u8> {
        let mut chars = name.chars();
        let column = (chars.next()?.to_ascii_lowercase() as u32).checked_sub('a' as u32)? as usize;
        let row = (chars.next()?.to_digit(10)? as usize).checked_sub(1)?;
        (chars.next().is_none() && column < self.size() && row < self.size()).then(|| Self::square(column, row))
    }
}

impl Game for Othello {
    type Move = u8;

    /// MAX when Black is to move.
    #[inline]
    fn turn(&self) -> Turn {
        self.side_to_move().into()
    }

    /// The legal squares in square order, or just [`PASS`] when there is none but the game goes on; nothing once
    /// the game is over.
    #[inline]
    fn generate_moves(&self, moves: &mut Vec<u8>) {
        let mut legal = self.state.legal;
        if legal == 0 {
            if !self.state.over {
                moves.push(PASS);
            }
            return;
        }
        while legal != 0 {
            moves.push(legal.trailing_zeros() as u8);
            legal &= legal - 1;
        }
    }

    /// Places a disc on `square` and turns over what it brackets, or passes.
    ///
    /// # Panics
    /// In debug builds, when the move is not legal; in release builds such a move corrupts the position. Use
    /// [`Game::try_play`] for moves from people or files.
    #[inline]
    fn play(&mut self, mv: u8) {
        debug_assert!(
            if mv == PASS { self.must_pass() } else { mv < 64 && self.state.legal >> mv & 1 != 0 },
            "illegal Othello move {mv}"
        );
        self.history.push(self.state);
        if mv != PASS {
            let (own, opp) = self.own_and_opponent();
            let flipped = flipped_by(own, opp, mv);
            let (own, opp) = (own | flipped | 1 << mv, opp & !flipped);
            (self.state.black, self.state.white) = if self.state.black_to_move { (own, opp) } else { (opp, own) };
        }
        self.state.black_to_move = !self.state.black_to_move;
        self.played += 1;
        self.settle();
    }

    #[inline]
    fn undo(&mut self, _mv: u8) {
        if let Some(state) = self.history.pop() {
            self.state = state;
            self.played -= 1;
        }
    }

    /// Once neither side can move: `WIN + 100 · margin + empties` for the side to move if it has more discs (the
    /// empty squares counting for the winner in the margin), its negative if fewer, 0 for a draw.
    #[inline]
    fn terminal_value(&self) -> Option<Value> {
        if !self.state.over {
            return None;
        }
        let (own, opp) = self.own_and_opponent();
        let empties = (self.board & !(own | opp)).count_ones() as i32;
        let difference = own.count_ones() as i32 - opp.count_ones() as i32;
        let score = WIN + 100 * (difference.abs() + empties) + empties;
        Some(Value::from(difference.signum() * score))
    }

    /// Mobility, corners, X- and C-squares next to empty corners, stable edge discs, frontier discs and, late,
    /// the disc count — the side to move's share less the opponent's in each, so swapping the colours negates
    /// the value (see [`EvaluationTerms`]). Clamped strictly inside (−`WIN`, `WIN`), below every finished game.
    fn evaluate(&self) -> Value {
        Value::from(self.evaluation_terms().total().clamp(1 - WIN, WIN - 1))
    }

    /// The two bitboards, the side to move and the board size, mixed; equal positions hash equally.
    #[inline]
    fn position_hash(&self) -> u64 {
        let side = if self.state.black_to_move { 0 } else { 0x9e37_79b9_7f4a_7c15 };
        mix64(self.state.black ^ side)
            ^ mix64(self.state.white ^ 0xd6e8_feb8_6659_fd93).rotate_left(17)
            ^ self.size as u64
    }

    /// Corners first, then edges, plain squares, C-squares, and X-squares last (the latter two only while their
    /// corner is empty).
    fn move_hint(&self, mv: u8) -> i32 {
        if mv == PASS {
            return 0;
        }
        let bit = 1u64 << mv;
        let empty = self.board & !(self.state.black | self.state.white);
        for (corner, x_square, c_squares) in self.corner_regions() {
            if bit & corner != 0 {
                return 100;
            }
            if empty & corner != 0 && bit & x_square != 0 {
                return -100;
            }
            if empty & corner != 0 && bit & c_squares != 0 {
                return -40;
            }
        }
        let (column, row) = (mv as usize % 8, mv as usize / 8);
        let last = self.size() - 1;
        if column == 0 || row == 0 || column == last || row == last { 20 } else { 0 }
    }

    fn history_index(&self, mv: u8) -> Option<usize> {
        Some(mv as usize)
    }

    fn value_bounds(&self) -> (Value, Value) {
        let squares = self.board.count_ones() as i32;
        let best = Value::from(WIN + 101 * squares);
        (-best, best)
    }

    /// Column letter and row number, row 1 at the top (`d3`); a pass is `pass`.
    fn move_name(&self, mv: u8) -> String {
        if mv == PASS {
            return "pass".into();
        }
        let (column, row) = (mv % 8, mv / 8);
        format!("{}{}", (b'a' + column) as char, row + 1)
    }

    fn try_play(&mut self, mv: u8) -> Result<(), IllegalMove> {
        if self.state.over {
            return Err(IllegalMove("the game is over: neither side can move".into()));
        }
        if mv == PASS {
            if !self.must_pass() {
                return Err(IllegalMove("a pass is allowed only with no move to make".into()));
            }
        } else {
            let on_board = mv < 64 && self.board >> mv & 1 != 0;
            if !on_board {
                return Err(IllegalMove(format!("square {mv} is off the board")));
            }
            let name = self.move_name(mv);
            if (self.state.black | self.state.white) >> mv & 1 != 0 {
                return Err(IllegalMove(format!("{name} is already taken")));
            }
            if self.state.legal >> mv & 1 == 0 {
                return Err(IllegalMove(if self.must_pass() {
                    format!("{name} turns no disc over: there is no move, so pass")
                } else {
                    format!("{name} turns no disc over")
                }));
            }
        }
        self.play(mv);
        Ok(())
    }
}

/// The board as text, top row first: `X` Black, `O` White, `.` empty.
impl fmt::Display for Othello {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::write_board(f, self.size(), 0..self.size(), |column, row| self.cell(column, row))
    }
}

// The family: its name and parameters in game files, and its `GameInfo` and `Playable` sides.
mod family;
pub mod record;
pub mod words;
pub use family::{FAMILY, OthelloRules};
