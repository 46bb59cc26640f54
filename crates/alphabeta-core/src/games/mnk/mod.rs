//! m,n,k games: two players take turns putting a stone on an empty cell of a `width` × `height` board; the first to
//! get `k` in a row — across, down or diagonally — wins. Tic-tac-toe is 3,3,3; gomoku is played with k = 5.
//!
//! Cells are numbered row by row from the top left (`row · width + column`), which is also the move. The board is
//! a small array (at most [`MAX_CELLS`] cells, so a move fits a `u8`). Beside it each run of `k` cells in a line
//! (a "window") keeps how many stones each player has in it, updated for the windows through the stone just played
//! or taken back: a win is a window full of one colour, a threat one a stone short with no stone of the other, and
//! the evaluation reads the counts without looking at the board.
//!
//! The search is told what the threats decide (exactly, so its values stay minimax's): a threat of our own wins at
//! once, two of the opponent's in different cells lose, and one must be blocked — the only move searched, and
//! played out beyond the horizon like a check in chess.
//!
//! Values (from the side to move, like every game): a finished game with a winner is worth
//! `cells + 1 − stones played` to the winner, so a faster win scores higher and every win is at least 1; a full
//! board without a line is a draw, 0. The heuristic [`Game::evaluate`] stays strictly inside (−1, 1), below any win.

use crate::engine::game::{Game, IllegalMove, Side, Turn, Value};
use crate::engine::hash::splitmix64;
use std::fmt;
use std::sync::Arc;

/// The largest board: moves are cell numbers and must fit a `u8`.
pub const MAX_CELLS: usize = 255;

/// Parameters that make no game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MnkError {
    /// The columns asked for.
    pub width: usize,
    /// The rows asked for.
    pub height: usize,
    /// The stones in a row asked for.
    pub k: usize,
}

impl fmt::Display for MnkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a {}×{} board with k = {} is not an m,n,k game this studio plays: width and height must be at least 1, \
             width × height at most {MAX_CELLS}, and k between 1 and the longer side",
            self.width, self.height, self.k
        )
    }
}

impl std::error::Error for MnkError {}

/// How much more the side to move's open lines count than the opponent's: it places the next stone, so its lines
/// are half a stone nearer done. Without it the evaluation swings between even and odd search depths (at 40 games a
/// pair, gomoku's level 4 lost 39 of 40 to level 3 when their budgets ended on depths of the other parity). At
/// 20,000 nodes a move on gomoku 9 × 9, 200 games each, with the threat knowledge on: 1.25, 1.5 and 1.75 all scored
/// 60–62 % against 1.0 (+74 to +81 Elo), 2.0 56 %, 3 and 4 52 %.
const TEMPO: f64 = 1.5;

/// The four line directions as (column step, row step).
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// What every position of one board size shares, behind an `Arc` so a position is cheap to clone.
#[derive(Debug, PartialEq, Eq, Hash)]
struct Shape {
    width: u8,
    height: u8,
    k: u8,
    /// Every run of `k` cells in a line, `k` cell numbers each, one after the other: the evaluation counts them.
    windows: Vec<u8>,
    /// For each cell, the windows (numbered in the order of `windows`) that hold it: at most `4 k`.
    windows_of: Vec<Vec<u16>>,
    /// Cells in the order moves are generated: centre first, since central cells lie on the most lines.
    order: Vec<u8>,
}

/// An m,n,k position. Moves are cell numbers (`row · width + column`, row 0 at the top); the first player is MAX.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mnk {
    shape: Arc<Shape>,
    /// 0 empty, 1 the first player's stone, 2 the second's.
    cells: Vec<u8>,
    /// Per window, the stones each player has in it (first player, second): kept as moves are made and taken
    /// back, so that a win, a threat and the evaluation are read from the windows touched, not from the board.
    stones: Vec<[u8; 2]>,
    /// Per player, how many windows it fills but for one empty cell, the opponent having none there: its threats
    /// to win with the next stone (a "four" in gomoku).
    threats: [u16; 2],
    played: u16,
    /// The last move made `k` in a row (so the player to move has lost).
    won: bool,
    /// Zobrist-style: the xor of a fixed key per (cell, stone), kept as moves are made and taken back.
    hash: u64,
}

/// A fixed pseudo-random key per (cell, player) — SplitMix64's outputs, so no table is needed.
fn zobrist(cell: u8, stone: u8) -> u64 {
    splitmix64(cell as u64 * 2 + stone as u64)
}

impl Mnk {
    /// The empty `width` × `height` board where `k` in a row wins.
    pub fn new(width: usize, height: usize, k: usize) -> Result<Self, MnkError> {
        let error = MnkError { width, height, k };
        // `checked_mul`: 2^32 × 2^32 wraps to 0 cells, which would pass as a board (then cast to a 0 × 0 one).
        let cells = width.checked_mul(height);
        if width == 0 || height == 0 || cells.is_none_or(|cells| cells > MAX_CELLS) || k == 0 || k > width.max(height) {
            return Err(error);
        }
        let (w, h) = (width as i32, height as i32);
        let mut windows = Vec::new();
        for row in 0..h {
            for column in 0..w {
                for (dc, dr) in DIRECTIONS {
                    let (end_c, end_r) = (column + dc * (k as i32 - 1), row + dr * (k as i32 - 1));
                    if (0..w).contains(&end_c) && (0..h).contains(&end_r) {
                        windows.extend((0..k as i32).map(|i| ((row + dr * i) * w + column + dc * i) as u8));
                    }
                }
            }
        }
        let mut order: Vec<u8> = (0..(width * height) as u8).collect();
        // Twice the distance from the centre, so even sizes (whose centre is between cells) stay in integers.
        order.sort_by_key(|&cell| {
            let (c, r) = ((cell as i32 % w) * 2 - (w - 1), (cell as i32 / w) * 2 - (h - 1));
            c * c + r * r
        });
        let mut windows_of = vec![Vec::new(); width * height];
        for (index, window) in windows.chunks_exact(k).enumerate() {
            for &cell in window {
                windows_of[cell as usize].push(index as u16);
            }
        }
        let count = windows.len() / k;
        // With k = 1 every empty window is one stone short of a line, for both players.
        let threats = if k == 1 { [count as u16; 2] } else { [0; 2] };
        let shape = Shape { width: width as u8, height: height as u8, k: k as u8, windows, windows_of, order };
        let cells = vec![0; width * height];
        Ok(Mnk { shape: Arc::new(shape), cells, stones: vec![[0; 2]; count], threats, played: 0, won: false, hash: 0 })
    }

    /// Tic-tac-toe: 3 × 3, three in a row.
    pub fn tic_tac_toe() -> Self {
        match Self::new(3, 3, 3) {
            Ok(game) => game,
            Err(_) => unreachable!("3,3,3 is a valid m,n,k game"),
        }
    }

    /// Columns on the board.
    pub fn width(&self) -> usize {
        self.shape.width as usize
    }

    /// Rows on the board.
    pub fn height(&self) -> usize {
        self.shape.height as usize
    }

    /// Stones in a row needed to win.
    pub fn k(&self) -> usize {
        self.shape.k as usize
    }

    /// Stones on the board.
    pub fn moves_played(&self) -> usize {
        self.played as usize
    }

    /// The stone at `column`, `row` (row 0 at the top), or `None` for an empty cell or one off the board.
    pub fn cell(&self, column: usize, row: usize) -> Option<Side> {
        if column >= self.width() || row >= self.height() {
            return None;
        }
        match self.cells[row * self.width() + column] {
            1 => Some(Side::Max),
            2 => Some(Side::Min),
            _ => None,
        }
    }

    /// The player who made `k` in a row, if one did.
    pub fn winner(&self) -> Option<Side> {
        self.won.then_some(self.side_to_move().opponent())
    }

    /// True when the game is over: a line made, or the board full.
    pub fn is_over(&self) -> bool {
        self.won || self.played as usize == self.cells.len()
    }

    fn side_to_move(&self) -> Side {
        if self.played.is_multiple_of(2) { Side::Max } else { Side::Min }
    }

    /// The player to move as an index into a window's stones: 0 the first player, 1 the second.
    fn mover(&self) -> usize {
        usize::from(self.played % 2 == 1)
    }

    /// True when a window holding `stones` is one stone short of a line for `player`: `k` − 1 of its stones and
    /// none of the opponent's.
    fn short_of_one(stones: [u8; 2], player: usize, k: u8) -> bool {
        stones[player] + 1 == k && stones[1 - player] == 0
    }

    /// The empty cells where `player` would complete a line: the first one found, and whether there is another.
    fn winning_cells(&self, player: usize) -> (Option<u8>, bool) {
        if self.threats[player] == 0 {
            return (None, false);
        }
        let k = self.shape.k;
        let mut first = None;
        for (window, &stones) in self.shape.windows.chunks_exact(k as usize).zip(&self.stones) {
            if !Self::short_of_one(stones, player, k) {
                continue;
            }
            let empty = window.iter().copied().find(|&cell| self.cells[cell as usize] == 0);
            match (first, empty) {
                (None, Some(cell)) => first = Some(cell),
                (Some(seen), Some(cell)) if cell != seen => return (first, true),
                _ => {}
            }
        }
        (first, false)
    }

    /// Adds `stone` (1 or 2) to the windows through `cell` (`delta` 1), or takes it away (`delta` −1 as a
    /// wrapping 255), keeping the threat counts; true when a window is then full of that stone.
    fn count_stone(&mut self, cell: u8, stone: u8, delta: u8) -> bool {
        let Mnk { shape, stones, threats, .. } = self;
        let (player, k) = (stone as usize - 1, shape.k);
        let mut line = false;
        for &window in &shape.windows_of[cell as usize] {
            let before = stones[window as usize];
            let mut after = before;
            after[player] = after[player].wrapping_add(delta);
            for (side, count) in threats.iter_mut().enumerate() {
                *count = *count + u16::from(Self::short_of_one(after, side, k))
                    - u16::from(Self::short_of_one(before, side, k));
            }
            stones[window as usize] = after;
            line |= after[player] == k;
        }
        line
    }
}

impl Game for Mnk {
    type Move = u8;

    fn turn(&self) -> Turn {
        self.side_to_move().into()
    }

    /// The empty cells, centre first; none once the game is over.
    fn generate_moves(&self, moves: &mut Vec<u8>) {
        if self.is_over() {
            return;
        }
        moves.extend(self.shape.order.iter().copied().filter(|&cell| self.cells[cell as usize] == 0));
    }

    /// Puts the side to move's stone on `cell`.
    ///
    /// # Panics
    /// When `cell` is off the board; a stone on an occupied cell corrupts the position. Use [`Game::try_play`] for
    /// moves from people or files.
    fn play(&mut self, cell: u8) {
        debug_assert!(self.cells[cell as usize] == 0 && !self.is_over(), "illegal m,n,k move {cell}");
        let stone = if self.side_to_move() == Side::Max { 1 } else { 2 };
        self.cells[cell as usize] = stone;
        self.hash ^= zobrist(cell, stone);
        self.played += 1;
        self.won = self.count_stone(cell, stone, 1);
    }

    fn undo(&mut self, cell: u8) {
        let stone = self.cells[cell as usize];
        self.count_stone(cell, stone, u8::MAX);
        self.cells[cell as usize] = 0;
        self.hash ^= zobrist(cell, stone);
        self.played -= 1;
        // A move is only ever played in a position that was not won.
        self.won = false;
    }

    /// After a winning move the player to move has lost: minus `cells + 1 − stones played`. A full board is 0.
    fn terminal_value(&self) -> Option<Value> {
        if self.won {
            Some(-Value::from(self.cells.len() as u16 + 1 - self.played))
        } else if self.played as usize == self.cells.len() {
            Some(0.0)
        } else {
            None
        }
    }

    /// Open lines: every run of `k` cells holding stones of one player only counts for that player, more the
    /// fuller it is (weights 1, 4, 16 … per stone), the side to move's `TEMPO` times more. The difference, side
    /// to move minus opponent, is squashed into (−1, 1) so that no heuristic value ever looks as good as a real
    /// win.
    fn evaluate(&self) -> Value {
        let mine = self.mover();
        let mut score = 0.0;
        for stones in &self.stones {
            let (own, theirs) = (u32::from(stones[mine]), u32::from(stones[1 - mine]));
            match (own, theirs) {
                (0, 0) => {}
                (n, 0) => score += f64::from(4u32.pow(n - 1)) * TEMPO,
                (0, n) => score -= f64::from(4u32.pow(n - 1)),
                _ => {}
            }
        }
        (score / 256.0).tanh() * 0.99
    }

    fn position_hash(&self) -> u64 {
        self.hash
    }

    /// A line the side to move can complete with its next stone is a win now (`cells − played`); two or more the
    /// opponent can complete in different cells, with none of our own, a loss with the opponent's next stone
    /// (one block cannot stop both).
    fn immediate_value(&self) -> Option<Value> {
        if self.is_over() {
            return None;
        }
        let me = self.mover();
        let left = (self.cells.len() - self.played as usize) as Value;
        if self.threats[me] > 0 {
            return Some(left);
        }
        match self.winning_cells(1 - me) {
            (Some(_), true) => Some(-(left - 1.0)),
            _ => None,
        }
    }

    /// Our winning cell alone when there is one; else the one cell that blocks the opponent's only threat (every
    /// other move loses at once); else every empty cell.
    fn generate_search_moves(&self, moves: &mut Vec<u8>) {
        if !self.is_over() {
            let me = self.mover();
            if let (Some(cell), _) = self.winning_cells(me) {
                moves.push(cell);
                return;
            }
            if let (Some(cell), false) = self.winning_cells(1 - me) {
                moves.push(cell);
                return;
            }
        }
        self.generate_moves(moves)
    }

    /// The opponent threatens to complete a line (a "four" in gomoku): the move that made the threat is searched a
    /// ply deeper with check extensions, so a block costs no depth, and the search does not stop here at its
    /// horizon ([`Game::is_quiet`]) but plays the block out.
    fn in_check(&self) -> bool {
        !self.is_over() && self.threats[1 - self.mover()] > 0
    }

    fn is_quiet(&self) -> bool {
        !self.in_check()
    }

    /// Centre first, and next to stones already down, where the play is.
    fn move_hint(&self, cell: u8) -> i32 {
        let (w, h) = (self.width() as i32, self.height() as i32);
        let (column, row) = (cell as i32 % w, cell as i32 / w);
        let mut neighbours = 0;
        for dr in -1..=1 {
            for dc in -1..=1 {
                let (c, r) = (column + dc, row + dr);
                if (0..w).contains(&c) && (0..h).contains(&r) && self.cells[(r * w + c) as usize] != 0 {
                    neighbours += 1;
                }
            }
        }
        let centre = -((2 * column - (w - 1)).abs() + (2 * row - (h - 1)).abs());
        neighbours * 4 + centre
    }

    fn history_index(&self, cell: u8) -> Option<usize> {
        Some(cell as usize)
    }

    fn value_bounds(&self) -> (Value, Value) {
        let max = self.cells.len() as Value;
        (-max, max)
    }

    /// Column letter and row number counted from the bottom, as on a chess board: `a1` is the bottom left.
    fn move_name(&self, cell: u8) -> String {
        let w = self.width();
        let (column, row) = (cell as usize % w, cell as usize / w);
        let letter = (b'a' + (column as u8).min(25)) as char;
        format!("{letter}{}", self.height() - row)
    }

    fn try_play(&mut self, cell: u8) -> Result<(), IllegalMove> {
        if let Some(winner) = self.winner() {
            let who = if winner == Side::Max { "first" } else { "second" };
            return Err(IllegalMove(format!("the game is over: the {who} player has {} in a row", self.k())));
        }
        if self.is_over() {
            return Err(IllegalMove("the game is over: the board is full".into()));
        }
        if cell as usize >= self.cells.len() {
            return Err(IllegalMove(format!("cell {cell} is off the board")));
        }
        if self.cells[cell as usize] != 0 {
            return Err(IllegalMove(format!("{} is already taken", self.move_name(cell))));
        }
        self.play(cell);
        Ok(())
    }
}

/// The board as text, top row first: `X` the first player, `O` the second, `.` empty.
impl fmt::Display for Mnk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::write_board(f, self.width(), 0..self.height(), |column, row| self.cell(column, row))
    }
}

// The family: its name and parameters in game files, and its `GameInfo` and `Playable` sides.
mod family;
pub mod record;
pub mod words;
pub use family::{FAMILY, MnkRules, winning_line};

#[cfg(test)]
mod tests;
