//! Connect Four's exact values for the review, on the standard 7 × 6 board: up to [`BOOK_PLIES`] stones by
//! minimax over the opening book's outcomes ([`super::book`]), past them by the crate's own solver
//! ([`BitboardSolver`]) within a node budget. Positions are valued by outcome (win, draw, loss) in the opening, by
//! Pons' exact score after it.

use super::ConnectFour;
use super::book::{BOOK_PLIES, Book};
use super::solver::BitboardSolver;
use super::solver_table::SolverTable;
use crate::engine::game::{Game, Value};
use crate::engine::search::context::StopWhen;
use crate::engine::search::ordering::OrderingOptions;
use crate::games::any::AnyGame;
use crate::games::any::oracle::{ExactOracle, Proven};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The solver's table: kept over the review, so a position's subtree solved once serves its successors.
const TABLE_MIB: usize = 64;

/// The exact values of 7 × 6 positions.
pub struct ConnectFourOracle {
    book: &'static Book,
    table: Arc<SolverTable>,
    /// Outcomes (−1, 0, 1 for the player to move) of positions before the book's plies, by position key.
    outcomes: HashMap<u64, i8>,
}

impl ConnectFourOracle {
    /// The oracle over the shipped book.
    ///
    /// # Errors
    /// The book does not read, or the table cannot be had.
    pub fn new() -> Result<ConnectFourOracle, String> {
        let book = Book::shipped()?;
        let table = Arc::new(SolverTable::try_with_mib(TABLE_MIB)?);
        Ok(ConnectFourOracle { book, table, outcomes: HashMap::new() })
    }

    /// The outcome of `position` (not over, at most [`BOOK_PLIES`] stones) for the player to move, by minimax over
    /// the book: a stone that connects wins at once, a full board is a draw, and the book values every position of
    /// [`BOOK_PLIES`] stones.
    pub fn outcome(&mut self, position: &ConnectFour) -> i8 {
        if position.moves as usize >= BOOK_PLIES {
            return self.book.value(position).map_or(0, |value| value.sign());
        }
        let key = position.current + position.mask;
        if let Some(&known) = self.outcomes.get(&key) {
            return known;
        }
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let mut best = -1;
        for column in moves {
            let mut child = *position;
            child.play(column);
            let value = match child.terminal_value() {
                Some(value) => -(value.signum() as i8),
                None => -self.outcome(&child),
            };
            best = best.max(value);
            if best == 1 {
                break;
            }
        }
        self.outcomes.insert(key, best);
        best
    }

    /// Pons' score of `position` (not over) by the solver, or `None` when it needs more than `nodes` nodes.
    fn solve(&mut self, position: &ConnectFour, nodes: u64, stop: &AtomicBool) -> Option<Value> {
        let ordering = OrderingOptions { hash_move: true, killers: false, hints: true, history: false };
        let stop = StopWhen { flag: Some(stop), node_limit: Some(nodes), ..StopWhen::default() };
        let mut solver = BitboardSolver::new(position, &mut self.table, ordering, stop)?;
        let value = solver.bisection();
        (!solver.stopped).then_some(value)
    }
}

impl ExactOracle for ConnectFourOracle {
    fn value(&mut self, game: &AnyGame, nodes: u64, stop: &AtomicBool) -> Option<Proven> {
        let position = game.downcast_ref::<ConnectFour>()?;
        if position.width != 7 || position.height != 6 {
            return None;
        }
        if let Some(value) = position.terminal_value() {
            return Some(Proven { value, outcome_only: false });
        }
        if position.moves as usize <= BOOK_PLIES {
            return Some(Proven { value: Value::from(self.outcome(position)), outcome_only: true });
        }
        self.solve(position, nodes, stop).map(|value| Proven { value, outcome_only: false })
    }
}
