//! The board's geometry as bitboards: square numbering, neighbours, whole-board shifts and Zobrist keys.
//!
//! Bit `i` is square `i + 1` of the standard numbering: row by row from Black's side, four dark squares a row. Row
//! 0 is drawn at the top; even rows start with a light square, odd rows with a dark one.

use crate::engine::game::Side;

/// Directions: towards square 1's row (up, as drawn) or away from it, and to the left or right as drawn.
pub const UP_LEFT: u8 = 0;
/// Towards square 1's row and to the right, as drawn.
pub const UP_RIGHT: u8 = 1;
/// Away from square 1's row and to the left, as drawn.
pub const DOWN_LEFT: u8 = 2;
/// Away from square 1's row and to the right, as drawn.
pub const DOWN_RIGHT: u8 = 3;

/// No square: off the board.
pub(super) const NONE: u8 = 32;
/// Every square.
pub(super) const ALL: u32 = u32::MAX;
/// Every direction, the two upward ones first.
pub(super) const ALL_WAYS: [u8; 4] = [UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT];
/// The rows where each side's men are crowned: White's back row for Black, Black's for White.
pub(super) const BLACK_CROWNS: u32 = 0xF000_0000;
pub(super) const WHITE_CROWNS: u32 = 0x0000_000F;
/// Squares 10, 11, 14, 15, 18, 19, 22, 23: the centre, where a piece reaches the most squares.
pub(super) const CENTRE: u32 = (0b11 << 9) | (0b11 << 13) | (0b11 << 17) | (0b11 << 21);

/// The row (0 at the top, Black's back row) and column (0 at the left) of square index `i`.
pub const fn coordinates(i: usize) -> (usize, usize) {
    let row = i / 4;
    // Even rows start on a light square, odd rows on a dark one.
    (row, 2 * (i % 4) + (row + 1) % 2)
}

/// The square index at `row`, `column`, or `None` off the board or on a light square.
pub fn square_at(row: usize, column: usize) -> Option<u8> {
    (row < 8 && column < 8 && (row + column) % 2 == 1).then_some((row * 4 + column / 2) as u8)
}

/// The square `steps` squares from `i` in direction `d`, or [`NONE`].
pub(super) const fn towards(i: usize, d: usize, steps: i32) -> u8 {
    let (row, column) = coordinates(i);
    let (dr, dc) = [(-1, -1), (-1, 1), (1, -1), (1, 1)][d];
    let (r, c) = (row as i32 + dr * steps, column as i32 + dc * steps);
    if r < 0 || r > 7 || c < 0 || c > 7 { NONE } else { (r * 4 + c / 2) as u8 }
}

pub(super) const fn table(steps: i32) -> [[u8; 4]; 32] {
    let mut out = [[NONE; 4]; 32];
    let mut i = 0;
    while i < 32 {
        let mut d = 0;
        while d < 4 {
            out[i][d] = towards(i, d, steps);
            d += 1;
        }
        i += 1;
    }
    out
}

/// The neighbour of each square in each direction.
pub(super) const STEP: [[u8; 4]; 32] = table(1);
/// The square two away in each direction: where a capture lands.
pub(super) const JUMP: [[u8; 4]; 32] = table(2);

/// Zobrist keys: one per (black man, black king, white man, white king) and square, and one for White to move.
pub(super) const ZOBRIST: [[u64; 32]; 4] = {
    let mut keys = [[0; 32]; 4];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut k = 0;
    while k < 128 {
        keys[k / 32][k % 32] = splitmix(&mut state);
        k += 1;
    }
    keys
};
pub(super) const WHITE_TO_MOVE: u64 = 0xD1B5_4A32_D192_ED03;

pub(super) const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The Zobrist key of a piece of `side` (a king or not) on square index `i`.
#[inline]
pub(super) fn key(side: Side, king: bool, i: usize) -> u64 {
    ZOBRIST[(side == Side::Min) as usize * 2 + king as usize][i]
}

/// The squares with a neighbour in each direction.
pub(super) const HAS_NEIGHBOUR: [u32; 4] = {
    let mut masks = [0; 4];
    let mut i = 0;
    while i < 32 {
        let mut d = 0;
        while d < 4 {
            if STEP[i][d] != NONE {
                masks[d] |= 1 << i;
            }
            d += 1;
        }
        i += 1;
    }
    masks
};
/// Rows 0, 2, 4 and 6, whose squares sit one column to the right of those in the odd rows.
pub(super) const EVEN_ROWS: u32 = 0x0F0F_0F0F;
/// How many bits away a square's neighbour is, from an even row and from an odd row, in each direction.
pub(super) const OFFSET: [(i32, i32); 4] = [(-4, -5), (-3, -4), (4, 3), (5, 4)];

/// Every square of `bits` moved one step in direction `d` (those at the edge drop off): one step of every piece at
/// once, so "can any piece move / capture" costs a few shifts.
#[inline]
pub(super) fn shift(bits: u32, d: usize) -> u32 {
    let by = |bits: u32, n: i32| if n >= 0 { bits << n } else { bits >> -n };
    let bits = bits & HAS_NEIGHBOUR[d];
    let (even, odd) = OFFSET[d];
    by(bits & EVEN_ROWS, even) | by(bits & !EVEN_ROWS, odd)
}

/// The squares of `bits`, lowest first.
#[inline]
pub(super) fn squares(mut bits: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_matches_the_standard_numbering() {
        // Square 1 is b8, 4 is h8, 5 is a7, 29 is a1, 32 is g1.
        assert_eq!(coordinates(0), (0, 1));
        assert_eq!(coordinates(3), (0, 7));
        assert_eq!(coordinates(4), (1, 0));
        assert_eq!(coordinates(28), (7, 0));
        assert_eq!(coordinates(31), (7, 6));
        for i in 0..32 {
            let (row, column) = coordinates(i);
            assert_eq!(square_at(row, column), Some(i as u8));
        }
        // Square 9 goes to 13 or 14; square 12 only to 16; 32's jumps up land on 23.
        assert_eq!(STEP[8][DOWN_LEFT as usize], 12);
        assert_eq!(STEP[8][DOWN_RIGHT as usize], 13);
        assert_eq!(STEP[11][DOWN_RIGHT as usize], NONE);
        assert_eq!(JUMP[31][UP_LEFT as usize], 22);
        assert_eq!(CENTRE.count_ones(), 8);
    }

    #[test]
    fn a_shift_moves_every_square_to_its_neighbour() {
        for (i, neighbours) in STEP.iter().enumerate() {
            for (d, &to) in neighbours.iter().enumerate() {
                let expected = if to == NONE { 0 } else { 1 << to };
                assert_eq!(shift(1 << i, d), expected, "square {} direction {d}", i + 1);
            }
        }
    }
}
