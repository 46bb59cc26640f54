//! King and pawn against king, solved: every position's result by retrograde analysis, worked out once (196,608
//! positions, a few milliseconds) the first time an evaluation asks. A search at any depth misjudges these endings
//! by its horizon — the opposition, the rook pawn's corner — where the table knows.
//!
//! Positions are seen from the side with the pawn, "White", pawn moving up the board, on files a–d (the other
//! files mirror onto them). A position is a win when White, playing first or second as given, forces a queen that
//! Black cannot take; everything else is a draw (a queen that Black's king takes, stalemate, a pawn lost).

use cozy_chess::{Square, get_king_moves};
use std::sync::OnceLock;

/// Whether White wins: `strong_king`, `pawn` and `weak_king` as square indices (a1 = 0, h8 = 63) of a board
/// where the pawn moves towards rank 8; `strong_to_move` for White's turn. An impossible position (two pieces on
/// one square, kings side by side, Black in check on White's turn) is a draw.
pub fn white_wins(strong_king: u8, pawn: u8, weak_king: u8, strong_to_move: bool) -> bool {
    let (mut wk, mut p, mut bk) = (strong_king & 63, pawn & 63, weak_king & 63);
    if p % 8 > 3 {
        (wk, p, bk) = (wk ^ 7, p ^ 7, bk ^ 7);
    }
    if !(8..56).contains(&p) {
        return false;
    }
    let table = TABLE.get_or_init(solve);
    let index = index(wk, bk, p, !strong_to_move);
    table[index / 64] >> (index % 64) & 1 == 1
}

static TABLE: OnceLock<Vec<u64>> = OnceLock::new();

/// Entries: side to move × White's king × Black's king × the pawn's 24 squares (files a–d, ranks 2–7).
const ENTRIES: usize = 2 * 64 * 64 * 24;

fn index(wk: u8, bk: u8, pawn: u8, black_to_move: bool) -> usize {
    let pawn_slot = (pawn / 8 - 1) as usize * 4 + (pawn % 8) as usize;
    ((usize::from(black_to_move) * 64 + wk as usize) * 64 + bk as usize) * 24 + pawn_slot
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Result {
    Unknown,
    Draw,
    Win,
}

fn solve() -> Vec<u64> {
    let mut results = vec![Result::Unknown; ENTRIES];
    let positions: Vec<(u8, u8, u8, bool)> = (0..2)
        .flat_map(|side| (0..64u8).flat_map(move |wk| (0..64u8).map(move |bk| (wk, bk, side == 1))))
        .flat_map(|(wk, bk, black)| {
            (1..7u8).flat_map(move |rank| (0..4u8).map(move |file| (wk, bk, rank * 8 + file, black)))
        })
        .collect();
    for &(wk, bk, p, black) in &positions {
        results[index(wk, bk, p, black)] = first_look(wk, bk, p, black);
    }
    loop {
        let mut changed = false;
        for &(wk, bk, p, black) in &positions {
            let at = index(wk, bk, p, black);
            if results[at] == Result::Unknown {
                let found = if black { black_moves(&results, wk, bk, p) } else { white_moves(&results, wk, bk, p) };
                if found != Result::Unknown {
                    results[at] = found;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let mut bits = vec![0u64; ENTRIES.div_ceil(64)];
    for (i, &result) in results.iter().enumerate() {
        if result == Result::Win {
            bits[i / 64] |= 1 << (i % 64);
        }
    }
    bits
}

/// What a position is before any move is looked at: impossible ones and Black's captures are draws, a safe
/// promotion wins.
fn first_look(wk: u8, bk: u8, p: u8, black: bool) -> Result {
    if wk == bk || wk == p || bk == p || adjacent(wk, bk) {
        return Result::Draw;
    }
    if !black && pawn_attacks(p, bk) {
        return Result::Draw; // Black in check with White to move: cannot be.
    }
    if !black && p / 8 == 6 {
        let queen = p + 8;
        if queen != wk && queen != bk && (!adjacent(bk, queen) || adjacent(wk, queen)) {
            return Result::Win;
        }
    }
    if black && adjacent(bk, p) && !adjacent(wk, p) {
        return Result::Draw; // Black takes the pawn.
    }
    Result::Unknown
}

/// White to move: a win if some move wins, a draw once every move draws.
fn white_moves(results: &[Result], wk: u8, bk: u8, p: u8) -> Result {
    let mut all_draw = true;
    let mut consider = |result: Result| match result {
        Result::Win => true,
        Result::Unknown => {
            all_draw = false;
            false
        }
        Result::Draw => false,
    };
    for to in king_steps(wk) {
        if to != p && !adjacent(to, bk) && consider(results[index(to, bk, p, true)]) {
            return Result::Win;
        }
    }
    // A push to rank 8 was judged by `first_look`: a queen Black takes is a draw.
    let one = p + 8;
    if one / 8 < 7 && one != wk && one != bk {
        if consider(results[index(wk, bk, one, true)]) {
            return Result::Win;
        }
        let two = one + 8;
        if p / 8 == 1 && two != wk && two != bk && consider(results[index(wk, bk, two, true)]) {
            return Result::Win;
        }
    }
    if all_draw { Result::Draw } else { Result::Unknown }
}

/// Black to move: a draw if some move draws (or there is none: stalemate), a win once every move loses.
fn black_moves(results: &[Result], wk: u8, bk: u8, p: u8) -> Result {
    let mut any_move = false;
    let mut all_win = true;
    for to in king_steps(bk) {
        if to == p || adjacent(to, wk) || pawn_attacks(p, to) {
            continue;
        }
        any_move = true;
        match results[index(wk, to, p, false)] {
            Result::Draw => return Result::Draw,
            Result::Unknown => all_win = false,
            Result::Win => {}
        }
    }
    if !any_move {
        // Stalemate, or mate where the pawn gives check.
        return if pawn_attacks(p, bk) { Result::Win } else { Result::Draw };
    }
    if all_win { Result::Win } else { Result::Unknown }
}

fn king_steps(from: u8) -> impl Iterator<Item = u8> {
    get_king_moves(Square::index(usize::from(from))).into_iter().map(|square| square as u8)
}

fn adjacent(a: u8, b: u8) -> bool {
    get_king_moves(Square::index(usize::from(a))).has(Square::index(usize::from(b)))
}

/// The pawn on `p` (moving up) attacks `square`.
fn pawn_attacks(p: u8, square: u8) -> bool {
    let (pf, pr, sf, sr) = ((p % 8) as i8, (p / 8) as i8, (square % 8) as i8, (square / 8) as i8);
    sr == pr + 1 && (sf - pf).abs() == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> u8 {
        let bytes = name.as_bytes();
        (bytes[1] - b'1') * 8 + (bytes[0] - b'a')
    }

    fn wins(wk: &str, p: &str, bk: &str, white_to_move: bool) -> bool {
        white_wins(square(wk), square(p), square(bk), white_to_move)
    }

    /// Textbook positions (the opposition, key squares, the rook pawn, the square of the pawn), each the way every
    /// endgame manual gives it.
    #[test]
    fn the_textbook_positions_come_out_as_the_books_say() {
        let cases = [
            // King in front of its pawn with the opposition: won with Black to move, drawn with White to move.
            // The king on a key square of its pawn (e6 for a pawn on e5) wins whoever is to move.
            ("e6", "e5", "e8", false, true),
            ("e6", "e5", "e8", true, true),
            // A king in front of its pawn on the third rank, kings in opposition: whoever must move gives way.
            ("e4", "e3", "e6", true, false),
            ("e4", "e3", "e6", false, true),
            // The rook pawn: Black's king in the corner draws (a7 now is stalemate).
            ("b6", "a6", "a8", true, false),
            ("b7", "a6", "h1", true, true), // Black's king far away: the pawn queens
            // The square of the pawn: a pawn on a5, Black's king outside its square, White to move.
            ("h1", "a5", "f5", true, true),
            ("h1", "a5", "e5", false, false), // Black steps into the square, catches it
            // The pawn on the seventh, Black's king guarding the queening square, White's king too far: a draw.
            ("a1", "d7", "d8", true, false),
        ];
        for (wk, p, bk, white_to_move, expected) in cases {
            assert_eq!(wins(wk, p, bk, white_to_move), expected, "K{wk} P{p} v K{bk}, White to move: {white_to_move}");
        }
    }

    /// Mirroring the files changes nothing.
    #[test]
    fn the_h_file_mirrors_the_a_file() {
        for (wk, p, bk) in [("b6", "a6", "a8"), ("e6", "e5", "e8"), ("h1", "a5", "f5")] {
            let mirror = |s: &str| ((b'a' + (b'h' - s.as_bytes()[0])) as char).to_string() + &s[1..];
            for white_to_move in [true, false] {
                assert_eq!(wins(wk, p, bk, white_to_move), wins(&mirror(wk), &mirror(p), &mirror(bk), white_to_move));
            }
        }
    }
}
