//! Connect Four's exact solver on the standard 7 × 6 board: the engine's α-β with memory
//! ([`Searcher::alphabeta_memory`]) as `solve` runs it — no depth limit, no selective technique, the moves ordered
//! by the table's move and the threat hints, the game's knowledge (a win with the next stone is a leaf, the value
//! range narrows the window, only moves that do not lose at once are searched) — written out for this one game.
//!
//! It visits the same nodes in the same order, stores the same entries and finds the same values as the general
//! search (the tests compare the two node for node on Pons' sets). What it leaves out is what the general search
//! keeps for every game and every caller: an observer, the principal variation, a dozen statistics, a board of any
//! size (shifts by a height read at run time), the moves and their sort keys on the heap. On Pons' Middle-Medium set
//! that is about 2.7 times fewer instructions a node (docs/benchmarks.md, "The solver written for the board").
//!
//! [`Searcher::alphabeta_memory`]: crate::engine::search::context::Searcher::alphabeta_memory

use super::solver_table::{Place, SolverTable};
use super::{ConnectFour, cells_completing_lines, safe_among, spread, threat_hint};
use crate::engine::game::{Game, Value};
use crate::engine::search::context::StopWhen;
use crate::engine::search::mtdf::{bisect, bisection_bounds, mtdf_passes};
use crate::engine::search::observer::Bound;
use crate::engine::search::ordering::OrderingOptions;
use crate::engine::search::shared_tt::SharedView;
use crate::engine::search::tt::{Entry, FINAL_DEPTH, Table, TranspositionTable};
use std::ops::ControlFlow;
use std::sync::Arc;

const WIDTH: u32 = 7;
const HEIGHT: u32 = 6;
const CELLS: u32 = WIDTH * HEIGHT;
/// The lowest cell of every column (a column is `HEIGHT + 1` bits, the top one a guard).
const BOTTOM_ROW: u64 = bottom_row();
/// Every cell of the board, guard bits excluded.
const BOARD: u64 = BOTTOM_ROW * ((1 << HEIGHT) - 1);
/// The columns in the order [`ConnectFour`] generates them: centre first, then outwards, left before right.
const ORDER: [u8; WIDTH as usize] = [3, 2, 4, 1, 5, 0, 6];
/// The general search looks at its stop conditions every this many nodes; so does this one, at the same nodes.
const STOP_CHECKS: u64 = <ConnectFour as Game>::NODES_BETWEEN_STOP_CHECKS;
/// Marks a move whose [`Board::wins_after`] was not worked out (no set of cells on the board is all ones).
const NOT_COUNTED: u64 = u64::MAX;
/// Beyond every value (which lie within ±21): an infinite end of a window, and the best value before any child.
const BEYOND: i32 = 1 << 10;

const fn bottom_row() -> u64 {
    let mut row = 0;
    let mut column = 0;
    while column < WIDTH {
        row |= 1 << (column * (HEIGHT + 1));
        column += 1;
    }
    row
}

/// Every cell of `column`.
const fn column_cells(column: u8) -> u64 {
    ((1 << HEIGHT) - 1) << (column as u32 * (HEIGHT + 1))
}

/// A position: the stones of the player to move, every stone, how many there are, and the empty cells that would
/// complete a line of four for each player. A node's children inherit the last two from it — the opponent's become
/// the mover's, and the mover's after the move are what ordering the moves counted — so a node need not work them out.
#[derive(Clone, Copy, Debug)]
struct Board {
    current: u64,
    mask: u64,
    stones: u32,
    /// Empty cells that would complete four for the player to move.
    wins: u64,
    /// Empty cells that would complete four for the opponent.
    opponent_wins: u64,
}

impl Board {
    /// The lowest empty cell of every column with room.
    #[inline(always)]
    fn playable(self) -> u64 {
        (self.mask + BOTTOM_ROW) & BOARD
    }

    /// The empty cells that would complete a line of four for `stones`.
    #[inline(always)]
    fn winning_cells(self, stones: u64) -> u64 {
        cells_completing_lines(stones, HEIGHT) & BOARD & !self.mask
    }

    /// The empty cells that would complete four for the player to move after a stone of theirs in `cell`.
    #[inline(always)]
    fn wins_after(self, cell: u64) -> u64 {
        self.winning_cells(self.current | cell)
    }

    /// The position after a stone in `cell` (a playable cell that does not win), where `wins_after` are
    /// [`Board::wins_after`] of it: the opponent is to move.
    #[inline(always)]
    fn play(self, cell: u64, wins_after: u64) -> Board {
        Board {
            current: self.current ^ self.mask,
            mask: self.mask | cell,
            stones: self.stones + 1,
            wins: self.opponent_wins & !cell,
            opponent_wins: wins_after & !cell,
        }
    }

    /// The key of the position after a stone in `cell`.
    #[inline(always)]
    fn child_key(self, cell: u64) -> u64 {
        (self.current ^ self.mask) + (self.mask | cell)
    }

    /// The position's key, unique to it: [`ConnectFour::position_hash`] before [`spread`].
    #[inline(always)]
    fn key(self) -> u64 {
        self.current + self.mask
    }
}

/// What a table remembers of a position for the solver: its value, whether that is exact or a bound, and the best
/// move where the table keeps moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Remembered {
    /// The value for the player to move.
    pub value: i32,
    /// What the value is: exact, or a bound.
    pub bound: Bound,
    /// The move that gave the value, where the table keeps moves.
    pub best_move: Option<u8>,
}

/// A table the solver reads and writes by the position's key (`current + mask`), which it has at hand: the
/// solver's own table takes the key as it is; the engine's tables, which the general search reaches through
/// [`Game::position_hash`], take the same hash, so both searches find the same entries. A node works out its
/// position's place once, for reading and writing it.
pub trait SolverMemory {
    /// Where a position is kept, worked out from its key.
    type Place: Copy;
    /// The place of the position with key `key` and `stones` stones.
    fn place(&self, key: u64, stones: u32) -> Self::Place;
    /// What the table holds of the position at `place`, if anything (only final values: searched to the end).
    fn recall(&self, place: Self::Place) -> Option<Remembered>;
    /// Keeps what was found of the position at `place`, a final value.
    fn remember(&mut self, place: Self::Place, remembered: Remembered);
    /// Starts `place` on its way into the cache.
    fn fetch_ahead(&self, place: Self::Place);
}

impl SolverMemory for Arc<SolverTable> {
    type Place = Place;

    #[inline(always)]
    fn place(&self, key: u64, stones: u32) -> Place {
        self.place_of_position(key, stones)
    }

    #[inline(always)]
    fn recall(&self, place: Place) -> Option<Remembered> {
        self.probe_at(place).map(|(value, bound)| Remembered { value, bound, best_move: None })
    }

    #[inline(always)]
    fn remember(&mut self, place: Place, remembered: Remembered) {
        self.store_at(place, remembered.value, remembered.bound);
    }

    #[inline(always)]
    fn fetch_ahead(&self, place: Place) {
        self.prefetch_at(place);
    }
}

/// The engine's tables, by the position's hash.
macro_rules! solver_memory_by_hash {
    ($($table:ty),*) => {$(
        impl SolverMemory for $table {
            type Place = u64;

            #[inline(always)]
            fn place(&self, key: u64, _stones: u32) -> u64 {
                spread(key)
            }

            #[inline(always)]
            fn recall(&self, hash: u64) -> Option<Remembered> {
                let entry = self.probe(hash).filter(|entry| entry.depth == FINAL_DEPTH)?;
                Some(Remembered { value: entry.value as i32, bound: entry.bound, best_move: entry.best_move })
            }

            #[inline(always)]
            fn remember(&mut self, hash: u64, remembered: Remembered) {
                let Remembered { value, bound, best_move } = remembered;
                self.store(Entry { key: hash, value: Value::from(value), bound, depth: FINAL_DEPTH, best_move });
            }

            #[inline(always)]
            fn fetch_ahead(&self, hash: u64) {
                self.prefetch(hash);
            }
        }
    )*};
}

solver_memory_by_hash!(TranspositionTable<u8>, SharedView<u8, ConnectFour>);

/// Solves one position of the standard board over a table (see the module's doc).
pub struct BitboardSolver<'a, T> {
    position: ConnectFour,
    /// The position as the search's nodes see it, each side's winning cells worked out.
    root: Board,
    table: &'a mut T,
    ordering: OrderingOptions,
    stop: StopWhen<'a>,
    /// Nodes visited so far, counted as the general search counts them.
    pub nodes: u64,
    /// Set once `stop` fired; the values found since mean nothing.
    pub stopped: bool,
}

impl<'a, T: SolverMemory> BitboardSolver<'a, T> {
    /// A solver for `position`, or `None` where the general search must serve: a board other than 7 × 6, a game
    /// already over, or moves ordered by killers or history (which this search does not keep).
    pub fn new(
        position: &ConnectFour,
        table: &'a mut T,
        ordering: OrderingOptions,
        stop: StopWhen<'a>,
    ) -> Option<Self> {
        let fits = position.width == WIDTH && position.height == HEIGHT && !position.is_over();
        (fits && !ordering.killers && !ordering.history).then(|| BitboardSolver {
            position: *position,
            root: root_board(position),
            table,
            ordering,
            stop,
            nodes: 0,
            stopped: false,
        })
    }

    /// The position's value by MTD by bisection: the passes, nodes and value of
    /// [`Searcher::mtd_bisection`](crate::engine::search::context::Searcher::mtd_bisection) with no depth limit.
    pub fn bisection(&mut self) -> Value {
        let game = &self.position;
        let (low, high) = bisection_bounds(game.immediate_value(), game.value_range(), || game.value_bounds());
        // The window (m, m⁺) on whole values.
        bisect(low, high, |test| self.pass(whole(test.floor())))
    }

    /// The position's value by MTD(f) from `first_guess`: the passes, nodes and value of
    /// [`Searcher::mtdf`](crate::engine::search::context::Searcher::mtdf) with no depth limit.
    pub fn mtdf(&mut self, first_guess: Value) -> Value {
        // The window (β⁻, β) on whole values.
        mtdf_passes(first_guess, |beta| self.pass(whole(beta.ceil()) - 1))
    }

    /// Whether the position's value is above `test`, by one null-window search (`test`, `test`⁺), as Pons' weak
    /// solver asks.
    pub fn is_above(&mut self, test: Value) -> bool {
        self.search(whole(test.floor())) > test
    }

    /// The value of the position for the player to move, searched with the null window (a, a + 1), fail-soft: what
    /// `Searcher::alphabeta_memory(memory, None, α, β, u32::MAX, false)` returns over the same table, node for node,
    /// for any window (α, β) with ⌊α⌋ = a and ⌈β⌉ = a + 1 — every window the drivers use.
    ///
    /// Values are whole numbers, so the search runs on integers: against whole numbers, α compares as ⌊α⌋ and β as
    /// ⌈β⌉, and every comparison the general search makes comes out the same. The window stays null all the way
    /// down: the value range never narrows a null window without deciding the node, and a child's value above a
    /// cuts the node off.
    fn search(&mut self, a: i32) -> Value {
        Value::from(self.node(self.root, a, true))
    }

    /// One pass of an MTD driver: [`BitboardSolver::search`], ending the passes once stopped.
    fn pass(&mut self, a: i32) -> ControlFlow<Value, Value> {
        let value = self.search(a);
        if self.stopped { ControlFlow::Break(value) } else { ControlFlow::Continue(value) }
    }

    /// A node of the search with the null window (α, α + 1): the steps of `Searcher::alphabeta_memory` in its order,
    /// for Connect Four. The node's parent had no win with its next stone, so no line of four is on the board (the
    /// root is not over either).
    fn node(&mut self, board: Board, alpha: i32, root: bool) -> i32 {
        self.nodes += 1;
        if self.nodes & (STOP_CHECKS - 1) == 0 && self.stop.fired(self.nodes) {
            self.stopped = true;
        }
        let safe = match settle(board, alpha) {
            Ok(safe) => safe,
            Err(value) => return value,
        };
        // The children's entries start on their way from memory while this node's own is read and its moves are
        // ordered (as the general search does, but only for the moves it will search).
        let mut children = safe;
        while children != 0 {
            let cell = children & children.wrapping_neg();
            children ^= cell;
            self.table.fetch_ahead(self.table.place(board.child_key(cell), board.stones + 1));
        }
        let place = self.table.place(board.key(), board.stones);
        let hash_move = match self.table.recall(place) {
            Some(entry) if !root && decides(entry, alpha) => return entry.value,
            Some(entry) => entry.best_move,
            None => None,
        };
        let mut moves = [(0, NOT_COUNTED); WIDTH as usize];
        let count = self.order_moves(board, safe, hash_move, &mut moves);
        let (best, best_cell) = self.search_moves(board, &moves[..count], alpha);
        if !self.stopped {
            // `Bound::classify` of the value against the null window: at most α, or at least α + 1.
            let bound = if best <= alpha { Bound::Upper } else { Bound::Lower };
            let best_move = Some(column_of(best_cell));
            self.table.remember(place, Remembered { value: best, bound, best_move });
        }
        best
    }

    /// Searches the ordered `moves` (each its cell and, if counted, [`Board::wins_after`] it) with the null window
    /// (α, α + 1) until one is above α: the best value and the cell of the move that first gave it.
    #[inline(always)]
    fn search_moves(&mut self, board: Board, moves: &[(u64, u64)], alpha: i32) -> (i32, u64) {
        let (mut best, mut best_cell) = (-BEYOND, 0);
        for (i, &(cell, wins_after)) in moves.iter().enumerate() {
            let wins_after = if wins_after == NOT_COUNTED { board.wins_after(cell) } else { wins_after };
            let value = -self.node(board.play(cell, wins_after), -alpha - 1, false);
            if self.stopped {
                break;
            }
            if value > best || i == 0 {
                (best, best_cell) = (value, cell);
            }
            if best > alpha {
                break;
            }
        }
        (best, best_cell)
    }

    /// The `safe` moves in the general search's order: generated centre first, then — when there are two or more
    /// — the table's move first (if ordering by it) and the rest by the threat hint ([`ConnectFour::move_hint`],
    /// if ordering by hints), stably. Each move is its cell and, where counting the threats worked it out,
    /// [`Board::wins_after`] it (else [`NOT_COUNTED`]); written into `moves`, their number returned.
    #[inline(always)]
    fn order_moves(
        &self,
        board: Board,
        safe: u64,
        hash_move: Option<u8>,
        moves: &mut [(u64, u64); WIDTH as usize],
    ) -> usize {
        let mut ranks = [0; WIDTH as usize];
        let mut count = 0;
        let ranked = safe.count_ones() > 1 && self.ordering.hints;
        for column in ORDER {
            let cell = safe & column_cells(column);
            if cell == 0 {
                continue;
            }
            let (wins_after, rank) = if ranked {
                let wins = board.wins_after(cell);
                (wins, threat_hint(wins.count_ones(), column, WIDTH))
            } else {
                (NOT_COUNTED, 0)
            };
            // Insertion after every move ranked at least as high: a stable sort, highest first.
            let mut place = count;
            while place > 0 && ranks[place - 1] < rank {
                (moves[place], ranks[place]) = (moves[place - 1], ranks[place - 1]);
                place -= 1;
            }
            (moves[place], ranks[place]) = ((cell, wins_after), rank);
            count += 1;
        }
        if let Some(column) = hash_move.filter(|_| self.ordering.hash_move && count > 1)
            && let Some(place) = moves[..count].iter().position(|&(cell, _)| column_of(cell) == column)
        {
            moves[..=place].rotate_right(1);
        }
        count
    }
}

/// The leaves and the value range ([`ConnectFour::value_range`]) of a node searched with the null window
/// (α, α + 1): `Err(value)` when they decide it, else its safe cells (the moves that do not lose at once). A range
/// that does not decide the node holds the window whole.
#[inline(always)]
fn settle(board: Board, alpha: i32) -> Result<u64, i32> {
    // Leaves: a full board, or a win with the next stone.
    if board.stones == CELLS {
        return Err(0);
    }
    if board.wins & board.playable() != 0 {
        return Err(((CELLS + 1 - board.stones) / 2) as i32);
    }
    let safe = safe_among(board.playable(), board.opponent_wins);
    if safe == 0 {
        return Err(-(((CELLS - board.stones) / 2) as i32));
    }
    let high = ((CELLS - board.stones - 1) / 2) as i32;
    let low = -((CELLS.saturating_sub(board.stones + 2) / 2) as i32);
    if high <= alpha {
        return Err(high);
    }
    if low > alpha || low >= high {
        return Err(low);
    }
    Ok(safe)
}

/// Whether a remembered value decides a node searched with the null window (α, α + 1): it is exact, or a bound
/// outside the window.
#[inline(always)]
fn decides(entry: Remembered, alpha: i32) -> bool {
    match entry.bound {
        Bound::Exact => true,
        Bound::Lower => entry.value > alpha,
        Bound::Upper => entry.value <= alpha,
    }
}

/// The 7 × 6 `position` as the search's nodes see it, each side's winning cells worked out.
fn root_board(position: &ConnectFour) -> Board {
    let (current, mask, stones) = (position.current, position.mask, position.moves);
    let board = Board { current, mask, stones, wins: 0, opponent_wins: 0 };
    Board { wins: board.winning_cells(current), opponent_wins: board.winning_cells(current ^ mask), ..board }
}

/// A bound of a window as a whole number, infinite ones held just beyond every value.
fn whole(bound: Value) -> i32 {
    bound.clamp(-BEYOND as Value, BEYOND as Value) as i32
}

/// The column of a cell.
#[inline(always)]
fn column_of(cell: u64) -> u8 {
    (cell.trailing_zeros() / (HEIGHT + 1)) as u8
}
