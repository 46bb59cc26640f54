//! The exact values of every 7 × 6 position after 8 stones: the 8-ply opening book of the MIT-licensed
//! `bitbully-databases` package (Markus Thill), kept as a data file of this crate
//! (`data/connect-four/book_8ply.dat`, its licence beside it).
//!
//! The format, as the package's `bitbully_databases.py` documents it: entries of 3 bytes, big-endian, in strictly
//! increasing order. The top 22 bits of an entry name a position — the columns left to right, each from the bottom
//! up, a first player's stone written `10`, a second player's `11`, and `0` closing every column (a full one too),
//! then one `0` more — and the low 2 bits are the value for the first player, who is to move after 8 stones, negated:
//! `0` a draw, `1` a loss. A position is listed, or its mirror image is; a position listed neither way is a win for
//! the first player. The book was made by another solver, so a test checks a sample of its entries, and of the
//! positions it leaves out, against this crate's own solver.

use super::ConnectFour;
use crate::engine::game::Game;
use std::sync::OnceLock;

/// The book's bytes.
const BOOK: &[u8] = include_bytes!("../../../data/connect-four/book_8ply.dat");

/// Stones on the board at every position the book values.
pub const BOOK_PLIES: usize = 8;

/// The size of the shipped file: 34,515 entries of 3 bytes.
const BOOK_BYTES: usize = 103_545;

/// What the book says of a position after [`BOOK_PLIES`] stones, for the first player, who is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookValue {
    /// The first player wins.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The second player wins.
    Loss,
}

impl BookValue {
    /// −1, 0 or 1 for the first player.
    pub fn sign(self) -> i8 {
        match self {
            BookValue::Win => 1,
            BookValue::Draw => 0,
            BookValue::Loss => -1,
        }
    }
}

/// The book read: each listed position's code and its value (a draw or a loss).
#[derive(Debug)]
pub struct Book {
    entries: Vec<(u32, BookValue)>,
}

impl Book {
    /// The book shipped with the crate, read once.
    ///
    /// # Errors
    /// Why the shipped file does not read (see [`Book::parse`]).
    pub fn shipped() -> Result<&'static Book, String> {
        static SHIPPED: OnceLock<Result<Book, String>> = OnceLock::new();
        SHIPPED
            .get_or_init(|| Book::parse(BOOK, Some(BOOK_BYTES)))
            .as_ref()
            .map_err(|e| format!("the Connect Four opening book: {e}"))
    }

    /// Reads a book of `bytes`, which must be `expected` long when given.
    ///
    /// # Errors
    /// A size that is not `expected` or not a whole number of entries, a value other than a draw or a loss, or
    /// entries out of order, with the entry's number.
    pub fn parse(bytes: &[u8], expected: Option<usize>) -> Result<Book, String> {
        if let Some(expected) = expected.filter(|&e| e != bytes.len()) {
            return Err(format!("{} bytes where the book has {expected}", bytes.len()));
        }
        if !bytes.len().is_multiple_of(3) {
            return Err(format!("{} bytes, not a whole number of 3-byte entries", bytes.len()));
        }
        let mut entries = Vec::with_capacity(bytes.len() / 3);
        let mut last = None;
        for (index, entry) in bytes.chunks_exact(3).enumerate() {
            let word = u32::from_be_bytes([0, entry[0], entry[1], entry[2]]);
            let value = match word & 3 {
                0 => BookValue::Draw,
                1 => BookValue::Loss,
                other => {
                    return Err(format!("entry {}: value {other} is neither a draw (0) nor a loss (1)", index + 1));
                }
            };
            let code = word & !3;
            if last.is_some_and(|last| code <= last) {
                return Err(format!("entry {}: positions out of order", index + 1));
            }
            last = Some(code);
            entries.push((code, value));
        }
        Ok(Book { entries })
    }

    /// How many positions the book lists.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when it lists none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The value of `position` for the first player (to move), or `None` when it is not a 7 × 6 position of
    /// [`BOOK_PLIES`] stones that is still going on.
    pub fn value(&self, position: &ConnectFour) -> Option<BookValue> {
        let fits = position.width == 7 && position.height == 6 && position.moves as usize == BOOK_PLIES;
        if !fits || position.terminal_value().is_some() {
            return None;
        }
        let listed = |code: u32| self.entries.binary_search_by_key(&code, |&(c, _)| c).ok().map(|i| self.entries[i].1);
        Some(listed(code(position, false)).or_else(|| listed(code(position, true))).unwrap_or(BookValue::Win))
    }
}

/// The book's code of a 7 × 6 position of 8 stones (see the module's doc), read from the columns right to left
/// when `mirrored`.
fn code(position: &ConnectFour, mirrored: bool) -> u32 {
    let first = if position.moves.is_multiple_of(2) { position.current } else { position.current ^ position.mask };
    let stride = position.height + 1;
    let mut bits: u32 = 0;
    for column in 0..position.width {
        let column = if mirrored { position.width - 1 - column } else { column };
        for row in 0..position.height {
            let cell = 1u64 << (column * stride + row);
            if position.mask & cell == 0 {
                break;
            }
            bits = (bits << 2) | if first & cell != 0 { 0b10 } else { 0b11 };
        }
        bits <<= 1;
    }
    bits << 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(moves: &str) -> ConnectFour {
        ConnectFour::standard().with_moves(moves).expect("legal")
    }

    #[test]
    fn the_shipped_book_reads_with_every_entry_in_order() {
        let book = Book::shipped().expect("the shipped book reads");
        assert_eq!(book.len(), BOOK_BYTES / 3);
    }

    /// The package's own examples (its `get_book_value` docs), boards turned into Pons' move strings: a first
    /// player's win, and a draw.
    #[test]
    fn the_package_s_examples_read_as_it_documents_them() {
        let book = Book::shipped().expect("reads");
        // Column 4 holds (from the bottom) 1 2 1 2 1, column 2 holds 2 1 2 (1: the first player).
        assert_eq!(book.value(&position("44424422")), Some(BookValue::Win));
        // Column 3 holds 1, column 4 holds 2 1 2 1 2, column 6 holds 1 2.
        assert_eq!(book.value(&position("34444466")), Some(BookValue::Draw));
        assert_eq!(book.value(&position("4444")), None, "not 8 stones");
    }

    /// The position a book code names (the first player to move after 8 stones).
    fn decoded(code: u32) -> ConnectFour {
        let (mut current, mut mask) = (0u64, 0u64);
        let mut bit = 23;
        let mut next = || {
            bit -= 1;
            (code >> (bit + 1)) & 1 == 1
        };
        for column in 0..7u32 {
            let mut row = 0;
            while next() {
                let cell = 1u64 << (column * 7 + row);
                mask |= cell;
                if !next() {
                    current |= cell;
                }
                row += 1;
            }
        }
        ConnectFour { current, mask, moves: mask.count_ones(), ..ConnectFour::standard() }
    }

    /// Win, draw or loss for the player to move, by this crate's solver: Pons' weak solver's two questions.
    fn solved(position: &ConnectFour, table: &mut std::sync::Arc<super::super::solver_table::SolverTable>) -> i8 {
        use crate::engine::search::context::StopWhen;
        use crate::engine::search::ordering::OrderingOptions;
        let ordering = OrderingOptions { hash_move: true, killers: false, hints: true, history: false };
        let mut solver =
            super::super::solver::BitboardSolver::new(position, table, ordering, StopWhen::default()).expect("7 × 6");
        if solver.is_above(0.0) {
            1
        } else if solver.is_above(-0.5) {
            0
        } else {
            -1
        }
    }

    /// The book was made by another program: a sample of its draws and losses (every 7,000th entry, decoded back
    /// into positions) and of the positions it leaves out as wins (seeded random games of 8 stones) agrees with
    /// this crate's solver.
    #[test]
    fn a_sample_of_the_book_agrees_with_the_solver() {
        use rand::{Rng, SeedableRng};
        let book = Book::shipped().expect("reads");
        let mut table = std::sync::Arc::new(super::super::solver_table::SolverTable::with_buckets(1 << 18));
        let mut checked = [0; 3];
        for &(code, value) in book.entries.iter().step_by(7_000) {
            let position = decoded(code);
            assert_eq!(book.value(&position), Some(value), "{code:#x} reads back");
            assert_eq!(solved(&position, &mut table), value.sign(), "{code:#x}: {position:?}");
            checked[usize::try_from(value.sign() + 1).expect("0..3")] += 1;
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        while checked[2] < 3 {
            let mut position = ConnectFour::standard();
            while position.moves < 8 && position.terminal_value().is_none() {
                let mut moves = Vec::new();
                position.generate_moves(&mut moves);
                position.play(moves[rng.random_range(0..moves.len())]);
            }
            if position.terminal_value().is_some() || book.value(&position) != Some(BookValue::Win) {
                continue;
            }
            assert_eq!(solved(&position, &mut table), 1, "{position:?}: left out, so a win");
            checked[2] += 1;
        }
        assert!(checked[0] >= 2 && checked[1] >= 2, "losses, draws, wins checked: {checked:?}");
    }

    #[test]
    fn a_damaged_book_is_an_error_not_a_panic() {
        assert!(Book::parse(&[0, 0, 4, 0, 0, 8], None).is_ok());
        assert_eq!(Book::parse(&[0, 0, 4, 0], None).unwrap_err(), "4 bytes, not a whole number of 3-byte entries");
        assert_eq!(Book::parse(&[0, 0, 4], Some(6)).unwrap_err(), "3 bytes where the book has 6");
        assert_eq!(Book::parse(&[0, 0, 8, 0, 0, 4], None).unwrap_err(), "entry 2: positions out of order");
        assert_eq!(Book::parse(&[0, 0, 2], None).unwrap_err(), "entry 1: value 2 is neither a draw (0) nor a loss (1)");
    }
}
