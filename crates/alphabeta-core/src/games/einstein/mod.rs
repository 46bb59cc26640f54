//! EinStein würfelt nicht! (Ingo Althöfer, 2004): a 5 × 5 dice game whose chance nodes the search meets in real play.
//!
//! Board: columns `a`–`e` left to right, rows `1`–`5` top to bottom, so `a1` is the top-left corner; cell
//! `row · 5 + column`. Red (the first player, MAX) starts in the top-left triangle and runs for `e5`; Blue (MIN)
//! starts in the bottom-right triangle and runs for `a1`. The fixed start setup (Blue's is Red's turned half round):
//!
//! ```text
//!   a b c d e
//! 1 1 2 3 . .      Red: 1 a1, 2 b1, 3 c1, 4 a2, 5 b2, 6 a3
//! 2 4 5 . . .
//! 3 6 . . . 6      Blue: 1 e5, 2 d5, 3 c5, 4 e4, 5 d4, 6 e3
//! 4 . . . 5 4
//! 5 . . 3 2 1
//! ```
//!
//! A turn is two plies: a chance ply (the die is rolled: six outcomes, 1/6 each), then the player's decision ply:
//! move the stone with the rolled number or, if it is gone, the next higher or the next lower stone still on the
//! board (the player's choice). Red steps right, down or diagonally down-right; Blue left, up or diagonally
//! up-left. A stone landing on any stone, its own side's too, captures it. Reaching the opposite corner, or
//! capturing the opponent's last stone, wins. Every step brings a stone nearer its corner, so a game ends within
//! 96 decision plies; there are no draws. Red rolls first.
//!
//! Moves (one `u16` for both kinds): a roll of face `f` is [`ROLL`] | `f` (named `die 4`); a stone's step holds
//! the cell it lands on in bits 0–4, the cell it leaves in bits 5–9, the stone's number in bits 10–12 and its side
//! in bit 13 (set for Blue), so a move names itself without its position (`3:b2-c3`: stone 3 from b2 to c3).
//!
//! Perft counts chance plies and decision plies alike: from the start, depth 1 is the six rolls.
//!
//! Values (from the side to move, at a chance node from Red's): a finished game is worth ±(1 − plies / 10,000) to
//! its winner, so a faster win scores higher and every result lies in [−1, 1] ([`Game::value_bounds`], as Star1
//! needs). [`Game::evaluate`] stays strictly inside ±[`EVAL_LIMIT`] = ±0.9, below every result.

use crate::engine::game::{Game, IllegalMove, Side, Turn, Value};
use crate::engine::hash::{GOLDEN_GAMMA, mix64};
use std::fmt;

mod race;

/// A roll of face `f` is the move `ROLL | f`; stone steps have this bit clear.
pub const ROLL: EinsteinMove = 1 << 15;

/// The board's side.
pub const SIZE: usize = 5;

/// The cells the start setup puts stones 1–6 of Red on; Blue's stone `n` starts on `24 − RED_START[n − 1]`.
pub const RED_START: [u8; 6] = [0, 1, 2, 5, 6, 10];

/// Every evaluation lies strictly inside (−`EVAL_LIMIT`, `EVAL_LIMIT`); every finished game scores beyond it.
pub const EVAL_LIMIT: Value = 0.9;

/// A stone step or a roll (see the module's documentation for the bits).
pub type EinsteinMove = u16;

/// The step of `side`'s stone `n` from `from` to `to`.
pub fn step_move(side: Side, n: u8, from: u8, to: u8) -> EinsteinMove {
    let blue = u16::from(side == Side::Min);
    blue << 13 | u16::from(n) << 10 | u16::from(from) << 5 | u16::from(to)
}

/// The side, the stone's number and the cells a step moves between; `None` for a roll.
pub fn step_parts(mv: EinsteinMove) -> Option<(Side, u8, u8, u8)> {
    if mv & ROLL != 0 {
        return None;
    }
    let side = if mv >> 13 & 1 != 0 { Side::Min } else { Side::Max };
    Some((side, (mv >> 10 & 7) as u8, (mv >> 5 & 31) as u8, (mv & 31) as u8))
}

/// True for a number that could be a move of the game: a roll of 1–6, or a one-cell step forward of stone 1–6.
pub fn is_well_formed(mv: EinsteinMove) -> bool {
    match step_parts(mv) {
        None => mv & !ROLL >= 1 && mv & !ROLL <= 6,
        Some((side, n, from, to)) => {
            mv >> 14 == 0 && (1..=6).contains(&n) && from < 25 && (0..3).any(|d| step(side, from, d) == Some(to))
        }
    }
}

/// The position without its history: small enough to copy on every move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct State {
    /// Per cell: 0 empty, 1–6 Red's stone of that number, 7–12 Blue's stone number − 6.
    cells: [u8; 25],
    to_move: Side,
    /// The face rolled for the side to move; `None` while the die is still to be rolled (a chance node).
    die: Option<u8>,
    winner: Option<Side>,
}

/// A game of EinStein würfelt nicht!, with the states before each move for undo.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Einstein {
    state: State,
    history: Vec<State>,
}

impl Default for Einstein {
    fn default() -> Self {
        Einstein::new()
    }
}

/// The cell `row · 5 + column`.
pub fn cell_of(column: usize, row: usize) -> u8 {
    (row * SIZE + column) as u8
}

/// The square's name, `a1` the top left.
pub fn square_name(cell: u8) -> String {
    format!("{}{}", (b'a' + cell % 5) as char, cell / 5 + 1)
}

/// The corner `side` runs for.
pub fn target(side: Side) -> u8 {
    match side {
        Side::Max => 24,
        Side::Min => 0,
    }
}

/// Where a step from `from` in `direction` (0 row, 1 column, 2 diagonal) lands for `side`, if on the board.
pub fn step(side: Side, from: u8, direction: u8) -> Option<u8> {
    let (column, row) = ((from % 5) as i32, (from / 5) as i32);
    let forward = if side == Side::Max { 1 } else { -1 };
    let (dc, dr) = match direction {
        0 => (forward, 0),
        1 => (0, forward),
        _ => (forward, forward),
    };
    let (c, r) = (column + dc, row + dr);
    ((0..5).contains(&c) && (0..5).contains(&r)).then(|| (r * 5 + c) as u8)
}

/// How many steps a stone of `side` on `cell` is from its corner (diagonal steps make this the larger of the row
/// and column distances).
pub fn distance(side: Side, cell: u8) -> u8 {
    let (column, row) = (cell % 5, cell / 5);
    match side {
        Side::Max => (4 - column).max(4 - row),
        Side::Min => column.max(row),
    }
}

/// A captured stone's cell in [`Einstein::stone_cells`].
const GONE: u8 = u8::MAX;

/// Bit `n` set for each stone `n` that may move after rolling `face`, given bit `n` of `on_board` set for each stone
/// `n` on the board: `face` itself if there, else the nearest below and the nearest above.
fn movable_bits(on_board: u8, face: u8) -> u8 {
    let own = 1u8 << face;
    if on_board & own != 0 {
        return own;
    }
    let below = on_board & (own - 1);
    let above = on_board & !(own | (own - 1));
    let highest_below = if below == 0 { 0 } else { 1 << (7 - below.leading_zeros()) };
    let lowest_above = above & above.wrapping_neg();
    highest_below | lowest_above
}

fn owner(code: u8) -> Option<Side> {
    match code {
        0 => None,
        1..=6 => Some(Side::Max),
        _ => Some(Side::Min),
    }
}

fn number(code: u8) -> u8 {
    if code > 6 { code - 6 } else { code }
}

fn code(side: Side, number: u8) -> u8 {
    if side == Side::Max { number } else { number + 6 }
}

impl Einstein {
    /// The start setup of the module's documentation, Red to roll.
    pub fn new() -> Self {
        let mut cells = [0; 25];
        for (i, &cell) in RED_START.iter().enumerate() {
            cells[cell as usize] = i as u8 + 1;
            cells[24 - cell as usize] = i as u8 + 7;
        }
        Einstein { state: State { cells, to_move: Side::Max, die: None, winner: None }, history: Vec::new() }
    }

    /// A position from its stones (`(side, number, cell)`), `to_move` to roll, or `die` already rolled for it.
    /// Used by tests and analysis; the position is not checked to be reachable.
    pub fn from_stones(stones: &[(Side, u8, u8)], to_move: Side, die: Option<u8>) -> Result<Self, String> {
        let mut cells = [0; 25];
        for &(side, n, cell) in stones {
            if !(1..=6).contains(&n) || cell >= 25 || cells[cell as usize] != 0 {
                return Err(format!("stone {n} on cell {cell} does not fit"));
            }
            if stones.iter().filter(|s| s.0 == side && s.1 == n).count() > 1 {
                return Err(format!("stone {n} appears twice"));
            }
            cells[cell as usize] = code(side, n);
        }
        if die.is_some_and(|d| !(1..=6).contains(&d)) {
            return Err("a die shows 1 to 6".into());
        }
        let mut game = Einstein { state: State { cells, to_move, die, winner: None }, history: Vec::new() };
        game.state.winner = game.decided();
        Ok(game)
    }

    /// This game after the moves `names` lists by name, separated by commas (`die 4, 4:a2-b3`).
    pub fn with_moves(mut self, names: &str) -> Result<Self, IllegalMove> {
        for name in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let mut moves = Vec::new();
            self.generate_moves(&mut moves);
            let mv = moves
                .into_iter()
                .find(|&m| self.move_name(m) == name)
                .ok_or_else(|| IllegalMove(format!("'{name}' is not a legal move here")))?;
            self.play(mv);
        }
        Ok(self)
    }

    /// The player to roll or to move (the one who rolls is the one who moves next).
    pub fn to_move(&self) -> Side {
        self.state.to_move
    }

    /// The face rolled for the side to move, or `None` while the die is still to be rolled.
    pub fn die(&self) -> Option<u8> {
        self.state.die
    }

    /// The last roll that a stone was moved by, and whose it was: what the die showed before it was picked up.
    /// `None` before the first move.
    pub fn last_roll(&self) -> Option<(Side, u8)> {
        self.history.iter().rev().find_map(|s| s.die.map(|face| (s.to_move, face)))
    }

    /// Moves made since the start, rolls included.
    pub fn moves_played(&self) -> usize {
        self.history.len()
    }

    /// The winner, once there is one.
    pub fn winner(&self) -> Option<Side> {
        self.state.winner
    }

    /// True once a side has won.
    pub fn is_over(&self) -> bool {
        self.state.winner.is_some()
    }

    /// The stone on `cell`: its side and number.
    pub fn stone(&self, cell: u8) -> Option<(Side, u8)> {
        let code = self.state.cells[cell as usize];
        owner(code).map(|side| (side, number(code)))
    }

    /// Where `side`'s stone `n` stands, if it is still on the board.
    pub fn stone_cell(&self, side: Side, n: u8) -> Option<u8> {
        let wanted = code(side, n);
        self.state.cells.iter().position(|&c| c == wanted).map(|i| i as u8)
    }

    /// The numbers of the stones `side` may move after rolling `face`: the stone `face` if it is on the board,
    /// else the next lower and the next higher that are (one or two), lower first.
    pub fn movable_numbers(&self, side: Side, face: u8) -> Vec<u8> {
        let movable = movable_bits(self.numbers_on_board(side), face);
        (1..=6).filter(|&n| movable & 1 << n != 0).collect()
    }

    /// Where each of `side`'s stones stands (index = number, [`GONE`] when captured; index 0 unused).
    fn stone_cells(&self, side: Side) -> [u8; 7] {
        let mut cells = [GONE; 7];
        for (i, &c) in self.state.cells.iter().enumerate() {
            if owner(c) == Some(side) {
                cells[number(c) as usize] = i as u8;
            }
        }
        cells
    }

    /// Bit `n` set for each stone `n` of `side` on the board.
    fn numbers_on_board(&self, side: Side) -> u8 {
        self.state.cells.iter().filter(|&&c| owner(c) == Some(side)).fold(0, |bits, &c| bits | 1 << number(c))
    }

    /// The winner the board shows: a stone on its target corner, or a side with no stone left.
    fn decided(&self) -> Option<Side> {
        [Side::Max, Side::Min].into_iter().find(|&side| {
            owner(self.state.cells[target(side) as usize]) == Some(side) || self.numbers_on_board(side.opponent()) == 0
        })
    }

    /// The cells a step moves between: where it starts and where it lands (`None` for a roll).
    pub fn step_squares(&self, mv: EinsteinMove) -> Option<(u8, u8)> {
        step_parts(mv).map(|(_, _, from, to)| (from, to))
    }

    /// The evaluation from Red's point of view, strictly inside ±[`EVAL_LIMIT`]: Red's chance of winning the race to
    /// the corners (`race`: each side's stones run alone, every roll moving the stone that finishes soonest, the
    /// side to move first) as a value, `EVAL_LIMIT · (2p − 1)` shrunk a hair so that a certain race still scores
    /// below a finished game.
    pub fn evaluate_for_red(&self) -> Value {
        let race_of = |side: Side| {
            self.stone_cells(side).map(|cell| if cell == GONE { race::NO_STONE } else { distance(side, cell) })
        };
        let mover = self.state.to_move;
        let mover_wins = race::mover_wins(&race_of(mover), &race_of(mover.opponent()));
        let red_wins = if mover == Side::Max { mover_wins } else { 1.0 - mover_wins };
        EVAL_LIMIT * 0.999 * (2.0 * red_wins - 1.0)
    }
}

/// SplitMix64's step: spreads the packed position over all 64 bits.
fn mix(z: u64) -> u64 {
    mix64(z.wrapping_add(GOLDEN_GAMMA))
}

impl Game for Einstein {
    type Move = EinsteinMove;

    /// Chance while the die is still to be rolled, else the side to move.
    #[inline]
    fn turn(&self) -> Turn {
        if self.state.die.is_none() { Turn::Chance } else { self.state.to_move.into() }
    }

    /// At a chance node the six rolls, 1 to 6; else the steps of each movable stone (lower number first), each
    /// stone's along the row, the column, the diagonal. Nothing once the game is over.
    fn generate_moves(&self, moves: &mut Vec<EinsteinMove>) {
        if self.state.winner.is_some() {
            return;
        }
        let Some(face) = self.state.die else {
            moves.extend((1..=6).map(|f| ROLL | f));
            return;
        };
        let side = self.state.to_move;
        let cells = self.stone_cells(side);
        let movable = movable_bits(self.numbers_on_board(side), face);
        for n in (1..=6).filter(|&n| movable & 1 << n != 0) {
            let from = cells[n as usize];
            for direction in 0..3 {
                if let Some(to) = step(side, from, direction) {
                    moves.push(step_move(side, n, from, to));
                }
            }
        }
    }

    /// Rolls the die, or steps a stone (capturing whatever stands where it lands) and hands the die to the
    /// opponent.
    ///
    /// # Panics
    /// May panic on a move that is not legal here; use [`Game::try_play`] for moves from people or files.
    fn play(&mut self, mv: EinsteinMove) {
        self.history.push(self.state);
        let Some((from, to)) = self.step_squares(mv) else {
            self.state.die = Some((mv & !ROLL) as u8);
            return;
        };
        let side = self.state.to_move;
        let cells = &mut self.state.cells;
        cells[to as usize] = cells[from as usize];
        cells[from as usize] = 0;
        if to == target(side) || self.numbers_on_board(side.opponent()) == 0 {
            self.state.winner = Some(side);
        }
        self.state.to_move = side.opponent();
        self.state.die = None;
    }

    fn undo(&mut self, _mv: EinsteinMove) {
        if let Some(state) = self.history.pop() {
            self.state = state;
        }
    }

    /// ±(1 − plies / 10,000) for Red's win or loss — a finished game is a chance node (the next roll never
    /// comes), whose values are Red's.
    fn terminal_value(&self) -> Option<Value> {
        let winner = self.state.winner?;
        let score = 1.0 - self.history.len() as Value / 10_000.0;
        let for_red = if winner == Side::Max { score } else { -score };
        Some(self.turn().sign() * for_red)
    }

    /// [`Einstein::evaluate_for_red`] from the side to move's point of view (Red's at a chance node).
    fn evaluate(&self) -> Value {
        self.turn().sign() * self.evaluate_for_red()
    }

    /// The board, the side to move and the die, packed and mixed.
    fn position_hash(&self) -> u64 {
        let mut low = 0u64;
        let mut high = 0u64;
        for (i, &c) in self.state.cells.iter().enumerate() {
            if i < 16 {
                low |= u64::from(c) << (4 * i);
            } else {
                high |= u64::from(c) << (4 * (i - 16));
            }
        }
        let side = u64::from(self.state.to_move == Side::Min);
        high |= (side | u64::from(self.state.die.unwrap_or(0)) << 1) << 40;
        mix(low) ^ mix(high).rotate_left(23)
    }

    /// Winning steps first, then captures of the opponent's stones, then diagonals (two steps of progress).
    fn move_hint(&self, mv: EinsteinMove) -> i32 {
        let Some((_, to)) = self.step_squares(mv) else { return 0 };
        let side = self.state.to_move;
        if to == target(side) {
            return 1000;
        }
        let capture = match self.stone(to) {
            Some((s, _)) if s != side => 100,
            Some(_) => -50,
            None => 0,
        };
        let diagonal = self.step_squares(mv).is_some_and(|(from, to)| to.abs_diff(from) == 6);
        capture + if diagonal { 10 } else { 0 } - i32::from(distance(side, to))
    }

    /// The side and the two cells: 2 · 25 · 25 slots.
    fn history_index(&self, mv: EinsteinMove) -> Option<usize> {
        step_parts(mv)
            .map(|(side, _, from, to)| usize::from(side == Side::Min) * 625 + usize::from(from) * 25 + usize::from(to))
    }

    /// Each face 1/6.
    fn probability(&self, _outcome: EinsteinMove) -> f64 {
        1.0 / 6.0
    }

    /// Every result and evaluation lies in [−1, 1].
    fn value_bounds(&self) -> (Value, Value) {
        (-1.0, 1.0)
    }

    /// `die 4` for a roll, `3:b2-c3` for stone 3's step from b2 to c3.
    fn move_name(&self, mv: EinsteinMove) -> String {
        match step_parts(mv) {
            Some((_, n, from, to)) => format!("{n}:{}-{}", square_name(from), square_name(to)),
            None => format!("die {}", mv & !ROLL),
        }
    }
}

/// The board as text, top row first: Red's stones as `1`–`6`, Blue's as `A`–`F`, `.` empty.
impl fmt::Display for Einstein {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..SIZE {
            for column in 0..SIZE {
                let c = match self.stone(cell_of(column, row)) {
                    Some((Side::Max, n)) => (b'0' + n) as char,
                    Some((Side::Min, n)) => (b'A' + n - 1) as char,
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

// The family: its name and parameters in game files, and its `GameInfo` and `Playable` sides.
mod family;
pub mod words;
pub use family::{EinsteinRules, FAMILY};

#[cfg(test)]
mod tests;
