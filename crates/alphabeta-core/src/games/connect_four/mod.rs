//! Connect Four on bitboards, for any board whose columns fit in one `u64`.
//!
//! Layout (the classic one): column `c` owns bits `c·(H+1) .. c·(H+1)+H`, bottom row first, and the extra bit on top
//! of each column stays empty. That guard bit is what lets one shift test a whole board for four in a row without
//! lines wrapping from the top of one column into the bottom of the next. A position is two words: `mask`, every
//! stone, and `current`, the stones of the player to move; playing a stone flips `current` to the other player.
//!
//! Scores follow Pascal Pons' convention (see `tests/data/connect4/README.md`): a win scores
//! `(W·H + 2 − n) / 2` (integer division), where `n` is the number of stones on the board once the winning stone
//! is in — for 7×6 that is `22 − stones the winner played`. So a faster win scores higher, and the value of a won
//! position for the side to move, who has just lost, is the negative of that.

use crate::engine::game::{Game, IllegalMove, Side, Turn, Value};
use std::fmt;

/// The largest number of cells a board may use, guard bits included.
pub const BOARD_BITS: u32 = 64;

/// How many stones in a line win.
pub const CONNECT: u32 = 4;

/// A board size that does not fit the bitboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSizeError {
    /// The columns asked for.
    pub width: usize,
    /// The rows asked for.
    pub height: usize,
}

impl fmt::Display for BoardSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a {}×{} Connect Four board does not fit: width and height must be at least 1 and width × (height + 1) at most {BOARD_BITS}",
            self.width, self.height
        )
    }
}

impl std::error::Error for BoardSizeError {}

/// A Connect Four position on a `width` × `height` board. Moves are 0-based column indices; the first player is
/// MAX. Cheap to copy (a few words), so a caller may keep snapshots instead of undoing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConnectFour {
    width: u32,
    height: u32,
    /// The stones of the player to move.
    current: u64,
    /// Every stone on the board.
    mask: u64,
    /// Stones on the board.
    moves: u32,
    /// The last move connected four (so the player to move has lost).
    won: bool,
    /// Columns in the order moves are generated: centre first, then outwards, left before right.
    order: [u8; 32],
    /// The bottom cell of every column.
    bottom_row: u64,
    /// Every cell of the board (guard bits excluded).
    cells: u64,
}

impl ConnectFour {
    /// The empty `width` × `height` board. Every size with `width, height ≥ 1` and `width × (height + 1) ≤ 64` fits
    /// (7×6, 8×7, 9×6, …); others are refused.
    pub fn new(width: usize, height: usize) -> Result<Self, BoardSizeError> {
        let fits = width >= 1
            && height >= 1
            && height.checked_add(1).and_then(|rows| width.checked_mul(rows)).is_some_and(|bits| bits <= 64);
        if !fits {
            return Err(BoardSizeError { width, height });
        }
        let mut order = [0u8; 32];
        let mut columns: Vec<u8> = (0..width as u8).collect();
        // Centre columns take part in the most lines, so they are the best first guess for α-β.
        columns.sort_by_key(|&c| (2 * c as i32 - (width as i32 - 1)).abs());
        order[..width].copy_from_slice(&columns);
        let stride = height as u32 + 1;
        let bottom_row = (0..width as u32).fold(0u64, |row, c| row | 1 << (c * stride));
        let cells = bottom_row * ((1u64 << height) - 1);
        Ok(ConnectFour {
            width: width as u32,
            height: height as u32,
            current: 0,
            mask: 0,
            moves: 0,
            won: false,
            order,
            bottom_row,
            cells,
        })
    }

    /// The empty standard board: 7 columns, 6 rows.
    pub fn standard() -> Self {
        match Self::new(7, 6) {
            Ok(game) => game,
            Err(_) => unreachable!("7 × (6 + 1) = 49 bits fit in 64"),
        }
    }

    /// The standard board after `moves` in Pons' notation (1-based columns, e.g. `"4453"`); see
    /// [`ConnectFour::with_moves`].
    pub fn from_moves(moves: &str) -> Result<Self, IllegalMove> {
        Self::standard().with_moves(moves)
    }

    /// This position after `moves` in Pons' notation: one digit per move, `1` the leftmost column, surrounding
    /// whitespace ignored. The error names the first bad move (its 1-based place in the string) and why: not a
    /// digit, a column off the board, a full column, or a move after the game ended. Only columns 1–9 can be
    /// written this way.
    pub fn with_moves(mut self, moves: &str) -> Result<Self, IllegalMove> {
        for (index, ch) in moves.trim().chars().enumerate() {
            let place = index + 1;
            let column = match ch.to_digit(10) {
                Some(digit) if digit >= 1 => digit - 1,
                _ => {
                    return Err(IllegalMove(format!(
                        "move {place} '{ch}' is not a column: write columns as the digits 1 to {}",
                        self.width.min(9)
                    )));
                }
            };
            self.try_play(column as u8).map_err(|e| IllegalMove(format!("move {place} '{ch}': {e}")))?;
        }
        Ok(self)
    }

    /// Columns on the board.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Cells in each column.
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// Stones on the board.
    pub fn moves_played(&self) -> usize {
        self.moves as usize
    }

    /// The best score a win can have on this board (a win with the earliest possible stone), which bounds every
    /// value; 0 on boards too small to win on.
    pub fn max_score(&self) -> i32 {
        (self.width * self.height).div_ceil(2).saturating_sub(3) as i32
    }

    /// The player who connected four, if one did.
    pub fn winner(&self) -> Option<Side> {
        // The winner made the last move.
        self.won.then_some(self.side_to_move().opponent())
    }

    /// True when the game is over: four connected, or the board full.
    pub fn is_over(&self) -> bool {
        self.won || self.moves == self.width * self.height
    }

    /// True when `column` is on the board and has room, whether or not the game is over.
    pub fn has_room(&self, column: u8) -> bool {
        (column as u32) < self.width && self.mask & self.top_cell(column as u32) == 0
    }

    /// The stone at `column`, `row` (row 0 at the bottom), or `None` for an empty cell or one off the board.
    pub fn cell(&self, column: usize, row: usize) -> Option<Side> {
        if column >= self.width() || row >= self.height() {
            return None;
        }
        let bit = 1u64 << (column as u32 * (self.height + 1) + row as u32);
        if self.mask & bit == 0 {
            return None;
        }
        let to_move = self.side_to_move();
        Some(if self.current & bit != 0 { to_move } else { to_move.opponent() })
    }

    /// MAX moves first, so MAX is to move whenever an even number of stones is down.
    #[inline]
    fn side_to_move(&self) -> Side {
        if self.moves.is_multiple_of(2) { Side::Max } else { Side::Min }
    }

    /// The bit of the lowest cell of `column`.
    #[inline]
    fn bottom_cell(&self, column: u32) -> u64 {
        1 << (column * (self.height + 1))
    }

    /// The bit of the highest cell of `column` (below its guard bit).
    #[inline]
    fn top_cell(&self, column: u32) -> u64 {
        1 << (column * (self.height + 1) + self.height - 1)
    }

    /// Every cell of `column`.
    #[inline]
    fn column_cells(&self, column: u32) -> u64 {
        ((1u64 << self.height) - 1) << (column * (self.height + 1))
    }

    /// The cells a stone can be dropped into now: the lowest empty cell of every column with room.
    #[inline]
    fn playable(&self) -> u64 {
        (self.mask + self.bottom_row) & self.cells
    }

    /// The empty cells that would complete a line of four for the player owning `stones`.
    #[inline]
    fn winning_cells(&self, stones: u64) -> u64 {
        // The standard height gets its own copy with constant shifts: this runs several times per search node.
        let cells = match self.height {
            6 => cells_completing_lines(stones, 6),
            height => cells_completing_lines(stones, height),
        };
        cells & self.cells & !self.mask
    }

    /// The playable cells that do not hand the opponent a win at once (or, if every cell does, none).
    #[inline]
    fn safe_cells(&self) -> u64 {
        safe_among(self.playable(), self.winning_cells(self.current ^ self.mask))
    }

    /// The top cell of every column.
    #[inline]
    fn top_row(&self) -> u64 {
        self.bottom_row << (self.height - 1)
    }

    /// Appends, centre first, every column holding a cell of `cells`.
    #[inline]
    fn push_columns(&self, moves: &mut Vec<u8>, cells: u64) {
        moves.reserve(self.width as usize);
        for &column in &self.order[..self.width as usize] {
            if cells & self.column_cells(column as u32) != 0 {
                moves.push(column);
            }
        }
    }

    /// The column a cell bit lies in.
    #[inline]
    fn column_of(&self, cell: u64) -> u8 {
        (cell.trailing_zeros() / (self.height + 1)) as u8
    }

    /// Pons' score of the win just made: `(W·H + 2 − n) / 2` with `n` stones on the board.
    fn win_score(&self) -> i32 {
        ((self.width * self.height + 2 - self.moves) / 2) as i32
    }
}

/// MurmurHash3's 64-bit finaliser: a bijection that spreads nearby keys over a table's slots.
#[inline]
pub(crate) fn spread(mut key: u64) -> u64 {
    key ^= key >> 33;
    key = key.wrapping_mul(0xff51_afd7_ed55_8ccd);
    key ^= key >> 33;
    key = key.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    key ^ (key >> 33)
}

/// The key `current + mask` a position's hash was made from: the inverse of [`spread`] (each step undone in turn;
/// the multipliers' inverses modulo 2⁶⁴).
#[inline]
pub(crate) fn unspread(mut hash: u64) -> u64 {
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0x9cb4_b2f8_1293_37db);
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0x4f74_430c_22a5_4005);
    hash ^ (hash >> 33)
}

/// Of the `playable` cells, those that do not hand the opponent a win at once, given the empty cells that would
/// complete a line for the opponent (or, if every cell does, none).
#[inline(always)]
fn safe_among(playable: u64, opponent_wins: u64) -> u64 {
    let mut candidates = playable;
    let forced = candidates & opponent_wins;
    if forced != 0 {
        if forced & (forced - 1) != 0 {
            return 0; // two threats to block: the opponent wins next move whatever we do
        }
        candidates = forced;
    }
    // Never play right under a cell that wins for the opponent.
    candidates & !(opponent_wins >> 1)
}

/// A move's hint from the threats it makes: each threat outweighs any distance from the centre, which breaks ties.
#[inline(always)]
fn threat_hint(threats: u32, column: u8, width: u32) -> i32 {
    threats as i32 * 64 - (2 * column as i32 - (width as i32 - 1)).abs()
}

/// `bits` shifted up (towards higher bits) by `by`; 0 once the shift passes the word, which only very tall,
/// narrow boards reach (a plain `<<` would overflow there).
#[inline(always)]
fn up(bits: u64, by: u32) -> u64 {
    if by < 64 { bits << by } else { 0 }
}

/// `bits` shifted down by `by`; 0 once the shift passes the word.
#[inline(always)]
fn down(bits: u64, by: u32) -> u64 {
    if by < 64 { bits >> by } else { 0 }
}

/// The cells (occupied or not, guard bits included) that would complete a line of four with `stones` on a board of
/// the given height. Inlined everywhere, so a constant height turns every shift into a constant.
#[inline(always)]
fn cells_completing_lines(stones: u64, height: u32) -> u64 {
    // Vertical: three stones right below the cell.
    let mut cells = up(stones, 1) & up(stones, 2) & up(stones, 3);
    for stride in [height + 1, height, height + 2] {
        // Two in a row on one side of a cell, plus a third either further along or across the cell.
        let pair = up(stones, stride) & up(stones, 2 * stride);
        cells |= pair & up(stones, 3 * stride);
        cells |= pair & down(stones, stride);
        let pair = down(stones, stride) & down(stones, 2 * stride);
        cells |= pair & up(stones, stride);
        cells |= pair & down(stones, 3 * stride);
    }
    cells
}

/// True when `stones` hold four in a line on a board of the given height. A line in one direction is a run of
/// bits spaced by one stride: 1 (vertical), H+1 (horizontal), H (one diagonal), H+2 (the other). Shifting the
/// board by the stride and and-ing finds pairs, by twice the stride finds fours.
#[inline]
fn connected(stones: u64, height: u32) -> bool {
    match height {
        6 => connected_at(stones, 6),
        height => connected_at(stones, height),
    }
}

#[inline(always)]
fn connected_at(stones: u64, height: u32) -> bool {
    let pairs = |stride: u32| stones & down(stones, stride);
    let four = |stride: u32| pairs(stride) & down(pairs(stride), 2 * stride) != 0;
    four(1) || four(height + 1) || four(height) || four(height + 2)
}

impl Game for ConnectFour {
    type Move = u8;

    /// MAX, the first player, when an even number of stones is down; MIN otherwise.
    #[inline]
    fn turn(&self) -> Turn {
        self.side_to_move().into()
    }

    /// The columns with room, centre first (see [`ConnectFour::move_hint`]); none once the game is over.
    #[inline]
    fn generate_moves(&self, moves: &mut Vec<u8>) {
        if self.is_over() {
            return;
        }
        self.push_columns(moves, !self.mask & self.top_row());
    }

    /// Drops a stone in `column`.
    ///
    /// # Panics
    /// In debug builds, when the column is off the board or full; in release builds such a move corrupts the
    /// position. Use [`Game::try_play`] for moves from people or files.
    #[inline(always)]
    fn play(&mut self, column: u8) {
        debug_assert!(self.has_room(column) && !self.is_over(), "illegal Connect Four move {column}");
        self.current ^= self.mask;
        // Adding the column's bottom bit to the mask carries up through its stones into the first empty cell.
        self.mask |= self.mask + self.bottom_cell(column as u32);
        self.moves += 1;
        self.won = connected(self.current ^ self.mask, self.height);
    }

    #[inline(always)]
    fn undo(&mut self, column: u8) {
        let column = column as u32;
        // The stones of a column are a run from the bottom, so the run plus its bottom bit, halved, is its top stone.
        let top = ((self.mask & self.column_cells(column)) + self.bottom_cell(column)) >> 1;
        self.mask ^= top;
        self.current ^= self.mask;
        self.moves -= 1;
        // A move is only ever played in a position that was not won.
        self.won = false;
    }

    /// After a connecting move the player to move has lost: minus the winner's score. A full board is a draw (0).
    #[inline]
    fn terminal_value(&self) -> Option<Value> {
        if self.won {
            Some(-Value::from(self.win_score()))
        } else if self.moves == self.width * self.height {
            Some(0.0)
        } else {
            None
        }
    }

    /// A guess for a position cut off by the depth limit: the cells that would complete four for the player to
    /// move, less the opponent's, over 64 — always strictly between −1 and 1, so it never outranks a proven score
    /// (whose size is at least 1): a depth-limited value of size 1 or more is exact.
    fn evaluate(&self) -> Value {
        let mine = self.winning_cells(self.current).count_ones() as i32;
        let theirs = self.winning_cells(self.current ^ self.mask).count_ones() as i32;
        Value::from(mine - theirs) / 64.0
    }

    /// The side to move wins with its next stone: the score of that win.
    #[inline]
    fn immediate_value(&self) -> Option<Value> {
        let wins_now = !self.is_over() && self.winning_cells(self.current) & self.playable() != 0;
        wins_now.then(|| Value::from(((self.width * self.height + 1 - self.moves) / 2) as i32))
    }

    /// Given no win with the next stone: our earliest win is with our stone after next; the opponent's earliest
    /// is with their next stone — unless every move stops that, when it is one stone later. If no move stops it,
    /// the value is exactly that loss.
    #[inline]
    fn value_range(&self) -> Option<(Value, Value)> {
        let cells = self.width * self.height;
        let high = Value::from((cells.saturating_sub(self.moves + 1) / 2) as i32);
        if self.safe_cells() == 0 {
            let loss = -Value::from(((cells - self.moves) / 2) as i32);
            return Some((loss, loss));
        }
        let low = -Value::from((cells.saturating_sub(self.moves + 2) / 2) as i32);
        Some((low, high))
    }

    /// The columns whose move does not hand the opponent a win at once, centre first; if every move does, just one
    /// (they all lose equally fast).
    #[inline]
    fn generate_search_moves(&self, moves: &mut Vec<u8>) {
        if self.is_over() {
            return;
        }
        let safe = self.safe_cells();
        if safe == 0 {
            let playable = self.playable();
            if playable != 0 {
                moves.push(self.column_of(playable & playable.wrapping_neg()));
            }
            return;
        }
        self.push_columns(moves, safe);
    }

    /// The key `current + mask`, which is unique per position (in each column, the stones of the player to move
    /// plus a run of ones as tall as the column gives a distinct number), passed through the bijective finaliser of
    /// MurmurHash3 so nearby positions spread over a table's slots. Distinct positions never share a hash.
    #[inline]
    fn position_hash(&self) -> u64 {
        spread(self.current + self.mask)
    }

    /// After a stone in any playable cell: the opponent's stones are to move, and the mask gains the stone.
    #[inline]
    fn for_each_child_hash(&self, mut child: impl FnMut(u64)) {
        let next_to_move = self.current ^ self.mask;
        let mut playable = self.playable();
        while playable != 0 {
            let cell = playable & playable.wrapping_neg();
            playable ^= cell;
            child(spread(next_to_move + (self.mask | cell)));
        }
    }

    /// How many cells would then win for us (threats made), ties going to the centre: the more threats, the
    /// likelier the move is good.
    fn move_hint(&self, column: u8) -> i32 {
        let cell = self.playable() & self.column_cells(column as u32);
        threat_hint(self.winning_cells(self.current | cell).count_ones(), column, self.width)
    }

    fn value_bounds(&self) -> (Value, Value) {
        let max = Value::from(self.max_score());
        (-max, max)
    }

    /// The 1-based column, as in Pons' notation.
    fn move_name(&self, column: u8) -> String {
        (column as u32 + 1).to_string()
    }

    fn try_play(&mut self, column: u8) -> Result<(), IllegalMove> {
        let name = self.move_name(column);
        if let Some(winner) = self.winner() {
            let who = if winner == Side::Max { "first" } else { "second" };
            return Err(IllegalMove(format!("the game is over: the {who} player has connected four")));
        }
        if self.moves == self.width * self.height {
            return Err(IllegalMove("the game is over: the board is full".into()));
        }
        if column as u32 >= self.width {
            return Err(IllegalMove(format!("column {name} is off the board (columns 1 to {})", self.width)));
        }
        if !self.has_room(column) {
            return Err(IllegalMove(format!("column {name} is full")));
        }
        self.play(column);
        Ok(())
    }
}

/// The board as text, top row first: `X` the first player, `O` the second, `.` empty.
impl fmt::Display for ConnectFour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::write_board(f, self.width(), (0..self.height()).rev(), |column, row| self.cell(column, row))
    }
}

// The family: its name and parameters in game files, and its `GameInfo` and `Playable` sides.
pub mod book;
mod family;
pub mod oracle;
pub mod record;
pub mod solve;
pub mod solver;
pub mod solver_table;
pub mod words;
pub use family::{ConnectFourRules, FAMILY, winning_line};

#[cfg(test)]
mod tests;
