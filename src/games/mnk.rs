//! m,n,k games: two players take turns putting a stone on an empty cell of a `width` × `height` board; the first to
//! get `k` in a row — across, down or diagonally — wins. Tic-tac-toe is 3,3,3; gomoku is played with k = 5.
//!
//! Cells are numbered row by row from the top left (`row · width + column`), which is also the move. The board is
//! a small array (at most [`MAX_CELLS`] cells, so a move fits a `u8`); a win is looked for only through the stone
//! just played, which is all that can have changed.
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
    pub width: usize,
    pub height: usize,
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
    /// Cells in the order moves are generated: centre first, since central cells lie on the most lines.
    order: Vec<u8>,
}

/// An m,n,k position. Moves are cell numbers (`row · width + column`, row 0 at the top); the first player is MAX.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mnk {
    shape: Arc<Shape>,
    /// 0 empty, 1 the first player's stone, 2 the second's.
    cells: Vec<u8>,
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
        let shape = Shape { width: width as u8, height: height as u8, k: k as u8, windows, order };
        Ok(Mnk { shape: Arc::new(shape), cells: vec![0; width * height], played: 0, won: false, hash: 0 })
    }

    /// Tic-tac-toe: 3 × 3, three in a row.
    pub fn tic_tac_toe() -> Self {
        match Self::new(3, 3, 3) {
            Ok(game) => game,
            Err(_) => unreachable!("3,3,3 is a valid m,n,k game"),
        }
    }

    pub fn width(&self) -> usize {
        self.shape.width as usize
    }

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

    /// True when the stone on `cell` is part of `k` in a row.
    fn line_through(&self, cell: u8) -> bool {
        let (w, h) = (self.width() as i32, self.height() as i32);
        let stone = self.cells[cell as usize];
        let (column, row) = (cell as i32 % w, cell as i32 / w);
        let run = |dc: i32, dr: i32| {
            let (mut c, mut r, mut count) = (column + dc, row + dr, 0);
            while (0..w).contains(&c) && (0..h).contains(&r) && self.cells[(r * w + c) as usize] == stone {
                count += 1;
                c += dc;
                r += dr;
            }
            count
        };
        DIRECTIONS.iter().any(|&(dc, dr)| 1 + run(dc, dr) + run(-dc, -dr) >= self.shape.k as i32)
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
        self.won = self.line_through(cell);
    }

    fn undo(&mut self, cell: u8) {
        let stone = self.cells[cell as usize];
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
    /// fuller it is (weights 1, 4, 16 … per stone). The difference, side to move minus opponent, is squashed into
    /// (−1, 1) so that no heuristic value ever looks as good as a real win.
    fn evaluate(&self) -> Value {
        let k = self.shape.k as usize;
        let mine = if self.side_to_move() == Side::Max { 1 } else { 2 };
        let mut score = 0.0;
        for window in self.shape.windows.chunks_exact(k) {
            let (mut own, mut theirs) = (0, 0);
            for &cell in window {
                match self.cells[cell as usize] {
                    0 => {}
                    s if s == mine => own += 1,
                    _ => theirs += 1,
                }
            }
            match (own, theirs) {
                (0, 0) => {}
                (n, 0) => score += f64::from(4u32.pow(n - 1)),
                (0, n) => score -= f64::from(4u32.pow(n - 1)),
                _ => {}
            }
        }
        (score / 256.0).tanh() * 0.99
    }

    fn position_hash(&self) -> u64 {
        self.hash
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

// The family: what the rest of the studio knows of m,n,k (listed once in `crate::families`).

/// The m,n,k family: `rules: Mnk(width: 3, height: 3, k: 3)` in a game file.
pub struct MnkFamily;

/// The m,n,k rules with their parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MnkRules {
    pub width: usize,
    pub height: usize,
    pub k: usize,
}

impl super::family::Family for MnkFamily {
    fn name(&self) -> &'static str {
        "Mnk"
    }
    fn has_params(&self) -> bool {
        true
    }
    fn rules(&self, params: &super::family::Params) -> Result<super::family::Rules, String> {
        let rules: MnkRules = super::family::read_params(params)?;
        Mnk::new(rules.width, rules.height, rules.k).map_err(|e| e.to_string())?;
        Ok(super::family::Rules::new(rules))
    }
}

impl super::family::RuleSet for MnkRules {
    fn family(&self) -> &'static str {
        "Mnk"
    }
    fn describe(&self) -> String {
        format!("Mnk(width: {}, height: {}, k: {})", self.width, self.height, self.k)
    }
    fn new_game(&self) -> Result<super::any::AnyGame, String> {
        Mnk::new(self.width, self.height, self.k).map(super::any::AnyGame::new).map_err(|e| e.to_string())
    }
}

impl super::any::Playable for Mnk {
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
        Mnk::moves_played(self)
    }
    fn side_names(&self) -> [&str; 2] {
        ["X", "O"]
    }
    fn score_unit(&self) -> &str {
        "points (a win: 1 + the empty cells left; a position before the end: inside ± 1)"
    }
    fn score_axis(&self) -> super::score_words::ScoreAxis {
        super::score_words::MNK_AXIS
    }
    fn score_in_words(&self, value: crate::engine::game::Value) -> String {
        let names = super::any::Playable::side_names(self);
        let cells = self.width() * self.height();
        super::score_words::mnk(value, self.moves_played(), cells, super::any::Playable::side_to_move(self), names)
    }
    /// Cell names separated by spaces.
    fn write_record(&self, moves: &[u8]) -> (String, &'static str) {
        (super::records::mnk::write(self, moves) + "\n", "txt")
    }
    fn read_record(&self, text: &str) -> Result<(Self, Vec<u8>), super::records::RecordError> {
        Ok((self.clone(), super::records::mnk::read(self, text)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::deepening::{Engine, EngineConfig};
    use crate::engine::search::limits::Limits;
    use crate::games::perft;

    #[test]
    fn boards_too_large_are_refused_even_when_their_cell_count_wraps() {
        for (width, height) in [(1 << 32, 1 << 32), (usize::MAX, 2), (256, 1), (16, 16)] {
            assert!(Mnk::new(width, height, 3).is_err(), "{width} × {height}");
        }
        assert!(Mnk::new(255, 1, 3).is_ok());
        assert!(Mnk::new(15, 17, 5).is_ok());
    }

    /// Plays cells given as (column, row) pairs from the empty board.
    fn after(width: usize, height: usize, k: usize, moves: &[(usize, usize)]) -> Mnk {
        let mut game = Mnk::new(width, height, k).expect("valid size");
        for &(c, r) in moves {
            game.try_play((r * width + c) as u8).expect("legal move");
        }
        game
    }

    #[test]
    fn wins_are_found_in_every_direction() {
        // X on the given line, O elsewhere out of the way; X's third stone wins.
        let lines: [(&str, [(usize, usize); 3]); 4] = [
            ("across", [(0, 2), (1, 2), (2, 2)]),
            ("down", [(1, 0), (1, 1), (1, 2)]),
            ("diagonal", [(0, 0), (1, 1), (2, 2)]),
            ("anti-diagonal", [(2, 0), (1, 1), (0, 2)]),
        ];
        for (name, line) in lines {
            let mut game = Mnk::new(5, 5, 3).expect("valid");
            let others = [(4, 4), (4, 0)];
            for i in 0..3 {
                game.try_play((line[i].1 * 5 + line[i].0) as u8).expect("legal");
                if i < 2 {
                    assert_eq!(game.winner(), None, "{name}: no win after {} stones", i + 1);
                    game.try_play((others[i].1 * 5 + others[i].0) as u8).expect("legal");
                }
            }
            assert_eq!(game.winner(), Some(Side::Max), "{name}\n{game}");
            // 5 stones played on 25 cells: worth 26 − 5 to the winner, so −21 to the side to move.
            assert_eq!(game.terminal_value(), Some(-21.0), "{name}");
        }
    }

    #[test]
    fn lines_do_not_wrap_and_k_counts() {
        // Across the right edge into the next row is no line.
        let game = after(3, 3, 3, &[(1, 0), (0, 0), (2, 0), (0, 2), (0, 1)]);
        assert_eq!(game.winner(), None, "{game}");
        // Four in a row needs four.
        let game = after(5, 5, 4, &[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]);
        assert_eq!(game.winner(), None);
    }

    #[test]
    fn illegal_moves_say_why() {
        let mut game = after(3, 3, 3, &[(1, 1)]);
        let err = game.try_play(4).expect_err("taken");
        assert!(err.0.contains("b2 is already taken"), "{err}");
        assert!(game.try_play(9).is_err());
        assert_eq!(game.moves_played(), 1);
    }

    /// Move sequences exactly `depth` plies long (a game that ended earlier is not one).
    fn sequences(game: &mut Mnk, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| {
                game.play(mv);
                let n = sequences(game, depth - 1);
                game.undo(mv);
                n
            })
            .sum()
    }

    #[test]
    fn tic_tac_toe_perft() {
        let expected = [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872];
        let mut game = Mnk::tic_tac_toe();
        for (depth, &count) in (1..).zip(&expected) {
            assert_eq!(sequences(&mut game, depth), count, "sequences of {depth} plies");
        }
        // Every finished game is a leaf of the full tree.
        assert_eq!(perft(&mut game, 9), 255_168);
        assert_eq!(game, Mnk::tic_tac_toe(), "perft restores the position");
    }

    #[test]
    fn tic_tac_toe_is_a_draw() {
        let mut game = Mnk::tic_tac_toe();
        let config = EngineConfig { limits: Limits::NONE, ..EngineConfig::default() };
        let thought = Engine::new(config).think(&mut game, None, |_| {});
        let last = thought.last().expect("an iteration");
        assert_eq!(last.value, 0.0);
        assert!(last.exact);
    }

    #[test]
    fn a_win_in_one_is_taken_and_scored() {
        // X: a3 b3, O: a2 b2; X to move wins at c3 with its 5th stone: 10 − 5 = 5.
        let mut game = after(3, 3, 3, &[(0, 0), (0, 1), (1, 0), (1, 1)]);
        let config = EngineConfig { limits: Limits::NONE, ..EngineConfig::default() };
        let thought = Engine::new(config).think(&mut game, None, |_| {});
        assert_eq!(thought.best_move, Some(2));
        assert_eq!(thought.last().map(|i| i.value), Some(5.0));
    }

    #[test]
    fn evaluation_stays_below_a_win_and_favours_open_lines() {
        let game = after(9, 9, 5, &[(4, 4), (0, 0), (5, 4), (0, 8), (6, 4), (8, 0)]);
        let value = game.evaluate();
        assert!(value > 0.0 && value < 1.0, "{value}");
        assert!(Mnk::new(0, 3, 3).is_err() && Mnk::new(3, 3, 4).is_err() && Mnk::new(16, 16, 5).is_err());
    }

    #[test]
    fn moves_are_named_like_a_chess_board() {
        let game = Mnk::tic_tac_toe();
        assert_eq!(game.move_name(6), "a1");
        assert_eq!(game.move_name(2), "c3");
    }
}
