//! Othello's bitboard geometry: shifting every disc one step in a direction without wrapping round an edge, the
//! legal squares and the discs a move turns over.

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// The eight directions as bit shifts (positive: towards higher squares) and the mask that drops the squares a
/// shift wrapped round from one edge of the board to the other.
const SHIFTS: [i32; 8] = [1, -1, 8, -8, 9, 7, -7, -9];
const WRAP_MASKS: [u64; 8] = [!FILE_A, !FILE_H, !0, !0, !FILE_A, !FILE_H, !FILE_A, !FILE_H];

/// Every square of `bits` moved one step in direction `d` (an index into [`SHIFTS`]).
#[inline(always)]
pub(super) fn shift(bits: u64, d: usize) -> u64 {
    let by = SHIFTS[d];
    (if by > 0 { bits << by } else { bits >> -by }) & WRAP_MASKS[d]
}

/// The empty squares of `board` where the owner of `own` may play: each has, in some direction, a run of `opp`'s
/// discs ending in one of `own`'s. Computed for all squares at once by growing runs of opponent discs out of the
/// player's discs, direction by direction (six steps cover the longest run on an 8 × 8 board).
#[inline]
pub(super) fn legal_squares(own: u64, opp: u64, board: u64) -> u64 {
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
pub(super) fn flipped_by(own: u64, opp: u64, square: u8) -> u64 {
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
pub(super) fn anchored_run<'a>(squares: impl Iterator<Item = &'a u8>, own: u64, opp: u64) -> (u64, u64) {
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
pub(super) fn neighbours(bits: u64) -> u64 {
    (0..8).fold(0, |around, d| around | shift(bits, d))
}
