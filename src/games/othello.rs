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

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// The eight directions as bit shifts (positive: towards higher squares) and the mask that drops the squares a
/// shift wrapped round from one edge of the board to the other.
const SHIFTS: [i32; 8] = [1, -1, 8, -8, 9, 7, -7, -9];
const WRAP_MASKS: [u64; 8] = [!FILE_A, !FILE_H, !0, !0, !FILE_A, !FILE_H, !FILE_A, !FILE_H];

/// Every square of `bits` moved one step in direction `d` (an index into [`SHIFTS`]).
#[inline(always)]
fn shift(bits: u64, d: usize) -> u64 {
    let by = SHIFTS[d];
    (if by > 0 { bits << by } else { bits >> -by }) & WRAP_MASKS[d]
}

/// The empty squares of `board` where the owner of `own` may play: each has, in some direction, a run of `opp`'s
/// discs ending in one of `own`'s. Computed for all squares at once by growing runs of opponent discs out of the
/// player's discs, direction by direction (six steps cover the longest run on an 8 × 8 board).
#[inline]
fn legal_squares(own: u64, opp: u64, board: u64) -> u64 {
    let empty = board & !(own | opp);
    let mut legal = 0;
    for d in 0..8 {
        let mut run = shift(own, d) & opp;
        for _ in 0..5 {
            run |= shift(run, d) & opp;
        }
        legal |= shift(run, d) & empty;
    }
    legal
}

/// The discs of `opp` that a disc of `own` on `square` turns over.
#[inline]
fn flipped_by(own: u64, opp: u64, square: u8) -> u64 {
    let start = 1u64 << square;
    let mut flipped = 0;
    for d in 0..8 {
        let mut run = 0;
        let mut next = shift(start, d);
        while next & opp != 0 {
            run |= next;
            next = shift(next, d);
        }
        if next & own != 0 {
            flipped |= run;
        }
    }
    flipped
}

/// The unbroken run of one colour from the first of `squares` (a corner) along an edge, as (the run if it is
/// `own`'s, the run if it is `opp`'s); nothing when the corner is empty.
fn anchored_run<'a>(squares: impl Iterator<Item = &'a u8>, own: u64, opp: u64) -> (u64, u64) {
    let mut squares = squares.peekable();
    let Some(&&corner) = squares.peek() else {
        return (0, 0);
    };
    let owns_corner = own >> corner & 1 != 0;
    let colour = if owns_corner { own } else { opp };
    let run = squares.take_while(|&&s| colour >> s & 1 != 0).fold(0u64, |run, &s| run | 1 << s);
    if owns_corner { (run, 0) } else { (0, run) }
}

/// The squares next to any of `bits` (in the eight directions), wrap-arounds excluded.
fn neighbours(bits: u64) -> u64 {
    (0..8).fold(0, |around, d| around | shift(bits, d))
}

/// A board side that is not an even number from 4 to 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSizeError {
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

    /// The four corners, and for each its X-square (diagonally in) and its two C-squares (beside it on the edges).
    fn corner_regions(&self) -> [(u64, u64, u64); 4] {
        let n = self.size() - 1;
        let bit = |column: usize, row: usize| 1u64 << (row * 8 + column);
        let region = |c: usize, r: usize, inward_c: usize, inward_r: usize| {
            (bit(c, r), bit(inward_c, inward_r), bit(inward_c, r) | bit(c, inward_r))
        };
        [region(0, 0, 1, 1), region(n, 0, n - 1, 1), region(0, n, 1, n - 1), region(n, n, n - 1, n - 1)]
    }

    /// The four edges, each as its squares from one corner to the other (the first `size` entries).
    fn edges(&self) -> [[u8; 8]; 4] {
        let last = self.size() - 1;
        let edge = |square: &dyn Fn(usize) -> u8| std::array::from_fn(|i| square(i.min(last)));
        [
            edge(&|i| Self::square(i, 0)),
            edge(&|i| Self::square(i, last)),
            edge(&|i| Self::square(0, i)),
            edge(&|i| Self::square(last, i)),
        ]
    }

    /// Edge discs that can never be turned over, approximately: on an edge (where a disc can be flipped only
    /// along the edge) the discs of a full edge, and the unbroken run of one colour that starts at a corner of
    /// that colour. Returns (the side to move's, the opponent's).
    fn stable_edge_discs(&self, own: u64, opp: u64) -> (u64, u64) {
        let n = self.size();
        let (mut stable_own, mut stable_opp) = (0u64, 0u64);
        for edge in self.edges() {
            let squares = &edge[..n];
            let occupied = own | opp;
            if squares.iter().all(|&s| occupied >> s & 1 != 0) {
                for &s in squares {
                    stable_own |= own & 1 << s;
                    stable_opp |= opp & 1 << s;
                }
                continue;
            }
            for (own_run, opp_run) in
                [anchored_run(squares.iter(), own, opp), anchored_run(squares.iter().rev(), own, opp)]
            {
                stable_own |= own_run;
                stable_opp |= opp_run;
            }
        }
        (stable_own, stable_opp)
    }

    /// The terms of the evaluation for the side to move, each already weighted (see [`Game::evaluate`]).
    pub fn evaluation_terms(&self) -> EvaluationTerms {
        let (own, opp) = self.own_and_opponent();
        let empty = self.board & !(own | opp);
        let empties = empty.count_ones() as i32;
        let own_moves = self.state.legal.count_ones() as i32;
        let opp_moves = legal_squares(opp, own, self.board).count_ones() as i32;
        let mobility = 10 * (own_moves - opp_moves);
        let mut corners = 0;
        let mut danger = 0;
        for (corner, x_square, c_squares) in self.corner_regions() {
            corners += 100 * (((own & corner) != 0) as i32 - ((opp & corner) != 0) as i32);
            if empty & corner != 0 {
                // Next to an empty corner a disc tends to give the corner away.
                danger -= 50 * (((own & x_square) != 0) as i32 - ((opp & x_square) != 0) as i32);
                danger -= 20 * ((own & c_squares).count_ones() as i32 - (opp & c_squares).count_ones() as i32);
            }
        }
        let (stable_own, stable_opp) = self.stable_edge_discs(own, opp);
        let stability = 20 * (stable_own.count_ones() as i32 - stable_opp.count_ones() as i32);
        // Discs next to empty squares give the opponent moves later (potential mobility).
        let around_empty = neighbours(empty) & self.board;
        let frontier = -5 * ((own & around_empty).count_ones() as i32 - (opp & around_empty).count_ones() as i32);
        // Late in the game the discs themselves are what counts.
        let late = (16 - empties).max(0);
        let discs = 4 * late * (own.count_ones() as i32 - opp.count_ones() as i32);
        EvaluationTerms { mobility, corners, danger, stability, frontier, discs }
    }
}

/// The evaluation's terms for the side to move, weighted, so that the window (or a test) can show where a value
/// comes from. Each is the side to move's share minus the opponent's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EvaluationTerms {
    /// 10 per legal move.
    pub mobility: i32,
    /// 100 per corner.
    pub corners: i32,
    /// −50 per X-square and −20 per C-square next to an empty corner.
    pub danger: i32,
    /// 20 per stable edge disc (see `stable_edge_discs`).
    pub stability: i32,
    /// −5 per disc next to an empty square.
    pub frontier: i32,
    /// In the last 15 empty squares, 4 · (16 − empties) per disc.
    pub discs: i32,
}

impl EvaluationTerms {
    /// The sum of the terms.
    pub fn total(&self) -> i32 {
        self.mobility + self.corners + self.danger + self.stability + self.frontier + self.discs
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

// The family: what the rest of the studio knows of Othello (listed once in `crate::families`).

/// The Othello family: `rules: Othello(size: 8)` in a game file.
pub struct OthelloFamily;

/// The Othello rules with their board size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OthelloRules {
    pub size: usize,
}

impl super::family::Family for OthelloFamily {
    fn name(&self) -> &'static str {
        "Othello"
    }
    fn has_params(&self) -> bool {
        true
    }
    fn rules(&self, params: &super::family::Params) -> Result<super::family::Rules, String> {
        let rules: OthelloRules = super::family::read_params(params)?;
        Othello::new(rules.size).map_err(|e| e.to_string())?;
        Ok(super::family::Rules::new(rules))
    }
    /// `othello-NxN` for any even size, e.g. `othello-4x4`.
    fn command_line_rules(&self, id: &str) -> Option<Result<super::family::Rules, String>> {
        let (a, b) = id.strip_prefix("othello-")?.split_once('x')?;
        let size: usize = a.parse().ok().filter(|&s| b.parse() == Ok(s))?;
        Some(Othello::new(size).map(|_| super::family::Rules::new(OthelloRules { size })).map_err(|e| e.to_string()))
    }
    fn command_line_ids(&self) -> &'static [&'static str] {
        &["othello-NxN"]
    }
}

impl super::family::RuleSet for OthelloRules {
    fn family(&self) -> &'static str {
        "Othello"
    }
    fn describe(&self) -> String {
        format!("Othello(size: {})", self.size)
    }
    fn new_game(&self) -> Result<super::any::AnyGame, String> {
        Othello::new(self.size).map(super::any::AnyGame::new).map_err(|e| e.to_string())
    }
    /// The moves' names one after the other, a pass as `pass`, e.g. `f5d6c3`.
    fn read_position(&self, text: &str) -> Result<super::any::AnyGame, String> {
        let game = Othello::new(self.size).map_err(|e| e.to_string())?;
        game.with_moves(text).map(super::any::AnyGame::new).map_err(|e| e.to_string())
    }
}

impl super::any::Playable for Othello {
    fn encode(mv: u8) -> super::any::AnyMove {
        super::any::AnyMove::from(mv)
    }
    fn decode(mv: super::any::AnyMove) -> Option<u8> {
        u8::try_from(mv).ok()
    }
    fn outcome(&self) -> Option<super::any::Outcome> {
        super::any::outcome_of(self.winner(), self.is_over())
    }
    fn moves_played(&self) -> usize {
        Othello::moves_played(self)
    }
    fn side_names(&self) -> [&str; 2] {
        ["Black", "White"]
    }
    fn score_unit(&self) -> &str {
        "hundredths of a corner (a finished game: 10,000 + 100 × the disc margin)"
    }
    fn score_axis(&self) -> super::score_words::ScoreAxis {
        super::score_words::OTHELLO_AXIS
    }
    fn score_in_words(&self, value: crate::engine::game::Value) -> String {
        super::score_words::othello(value, super::any::Playable::side_to_move(self))
    }
    /// The transcript, `f5d6c3…`.
    fn write_record(&self, moves: &[u8]) -> (String, &'static str) {
        (super::records::othello::write(self, moves) + "\n", "txt")
    }
    fn read_record(&self, text: &str) -> Result<(Self, Vec<u8>), super::records::RecordError> {
        Ok((self.clone(), super::records::othello::read(self, text)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The legal squares and their flips, by walking from every empty square in every direction: the slow,
    /// obvious reference.
    fn naive_moves(game: &Othello) -> Vec<(u8, u64)> {
        let n = game.size() as i32;
        let me = if game.turn() == Turn::Max { Side::Max } else { Side::Min };
        let mut moves = Vec::new();
        for row in 0..n {
            for column in 0..n {
                if game.cell(column as usize, row as usize).is_some() {
                    continue;
                }
                let mut flips = 0u64;
                for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    let (mut c, mut r, mut run) = (column + dc, row + dr, 0u64);
                    while (0..n).contains(&c) && (0..n).contains(&r) {
                        match game.cell(c as usize, r as usize) {
                            Some(side) if side == me => {
                                flips |= run;
                                break;
                            }
                            Some(_) => run |= 1 << (r * 8 + c),
                            None => break,
                        }
                        c += dc;
                        r += dr;
                    }
                }
                if flips != 0 {
                    moves.push((Othello::square(column as usize, row as usize), flips));
                }
            }
        }
        moves
    }

    #[test]
    fn random_games_agree_with_the_naive_rules_and_undo_restores_everything() {
        for size in [4, 6, 8] {
            let mut rng = ChaCha8Rng::seed_from_u64(size as u64);
            for _ in 0..40 {
                let mut game = Othello::new(size).expect("a size");
                let (mut history, mut played, mut moves) = (vec![game.clone()], Vec::new(), Vec::new());
                while !game.is_over() {
                    moves.clear();
                    game.generate_moves(&mut moves);
                    let naive = naive_moves(&game);
                    let expected: Vec<u8> = naive.iter().map(|&(s, _)| s).collect();
                    if expected.is_empty() {
                        assert_eq!(moves, [PASS], "{game}");
                    } else {
                        assert_eq!(moves, expected, "{game}");
                    }
                    let mv = moves[rng.random_range(0..moves.len())];
                    let before = game.clone();
                    game.play(mv);
                    if mv != PASS {
                        let flips = naive.iter().find(|&&(s, _)| s == mv).map(|&(_, f)| f).expect("legal");
                        let mover = before.turn();
                        let side = if mover == Turn::Max { Side::Max } else { Side::Min };
                        assert_eq!(game.discs(side), before.discs(side) | flips | 1 << mv);
                        assert_eq!(game.discs(side.opponent()), before.discs(side.opponent()) & !flips);
                    }
                    history.push(game.clone());
                    played.push(mv);
                }
                assert!(naive_moves(&game).is_empty());
                let names: String = played.iter().map(|&mv| game.move_name(mv)).collect();
                let replayed = Othello::new(size).expect("a size").with_moves(&names).expect("legal");
                assert_eq!(replayed.to_string(), game.to_string(), "{names}");
                for &mv in played.iter().rev() {
                    history.pop();
                    game.undo(mv);
                    let previous = history.last().expect("one position per move");
                    assert_eq!(game.to_string(), previous.to_string());
                    assert_eq!(game.position_hash(), previous.position_hash());
                    assert_eq!(game.turn(), previous.turn());
                    assert_eq!(game.moves_played(), previous.moves_played());
                }
            }
        }
    }

    #[test]
    fn the_start_names_and_errors() {
        let game = Othello::standard();
        assert_eq!(
            game.to_string(),
            "........\n........\n........\n...OX...\n...XO...\n........\n........\n........\n"
        );
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let names: Vec<String> = moves.iter().map(|&m| game.move_name(m)).collect();
        assert_eq!(names, ["d3", "c4", "f5", "e6"]);
        assert_eq!(Othello::new(6).expect("6").to_string(), "......\n......\n..OX..\n..XO..\n......\n......\n");
        for size in [0, 2, 3, 5, 7, 9, 10] {
            assert!(Othello::new(size).is_err(), "{size}");
        }
        let mut game = Othello::standard();
        assert!(game.try_play(PASS).expect_err("moves exist").0.contains("only with no move"));
        assert!(game.try_play(Othello::square(3, 3)).expect_err("taken").0.contains("d4 is already taken"));
        assert!(game.try_play(0).expect_err("no flip").0.contains("a1 turns no disc over"));
        let error = Othello::from_moves("f5 d6 zz").expect_err("bad name");
        assert!(error.0.contains("move 3 'zz'"), "{error}");
        let error = Othello::from_moves("f5f5").expect_err("taken");
        assert!(error.0.contains("move 2 'f5'"), "{error}");
        assert_eq!(Othello::from_moves("F5,d6 C3").expect("legal").moves_played(), 3);
    }

    #[test]
    fn hints_put_corners_first_and_x_squares_last() {
        let game = Othello::standard();
        assert_eq!(game.move_hint(Othello::square(0, 0)), 100);
        assert_eq!(game.move_hint(Othello::square(6, 6)), -100);
        assert_eq!(game.move_hint(Othello::square(1, 0)), -40);
        assert_eq!(game.move_hint(Othello::square(3, 0)), 20);
        assert_eq!(game.move_hint(Othello::square(3, 2)), 0);
    }

    #[test]
    fn stable_edges_are_counted_from_owned_corners_and_full_edges() {
        let game = Othello::from_diagram(
            "XXXO....
             X.......
             O.......
             ........
             ........
             ........
             ........
             OOOOOOXX",
            Side::Max,
        )
        .expect("a diagram");
        let (black, white) = game.stable_edge_discs(game.discs(Side::Max), game.discs(Side::Min));
        // Top edge from a1: a1 b1 c1; left edge from a1: a1 a2. The bottom edge is full: all of it.
        assert_eq!(black.count_ones(), 4 + 2, "{black:#x}");
        assert_eq!(white.count_ones(), 6, "{white:#x}");
    }
}
