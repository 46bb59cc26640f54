//! The static evaluation: material (pawn 100, knight 320, bishop 330, rook 500, queen 900) plus small
//! piece-square bonuses, written for this project from plain principles — pawns gain by advancing and holding the
//! centre, knights and bishops by centralising, rooks on the seventh rank, the king sheltered on its back rank
//! while queens are on the board and centralised once they are off.

use cozy_chess::{Board, Color, Piece, Square};

/// A piece's material value in centipawns; the king counts as nothing (it is never captured).
pub const fn value(piece: Piece) -> i32 {
    match piece {
        Piece::Pawn => 100,
        Piece::Knight => 320,
        Piece::Bishop => 330,
        Piece::Rook => 500,
        Piece::Queen => 900,
        Piece::King => 0,
    }
}

/// How central a file or rank index (0–7) is: 0 on the edge, 3 in the middle.
const fn central(i: usize) -> i32 {
    let i = i as i32;
    if i < 4 { i } else { 7 - i }
}

/// The bonus of `piece` on `square`, seen from White (Black's squares are mirrored first). `endgame`: no queens.
fn square_bonus(piece: Piece, square: Square, endgame: bool) -> i32 {
    let (file, rank) = (square.file() as usize, square.rank() as usize);
    let centre = central(file) + central(rank); // 0 in a corner, 6 in the centre
    match piece {
        Piece::Pawn => {
            let advance = 6 * (rank as i32 - 1);
            let held_centre = if central(file) == 3 && (3..=4).contains(&rank) { 15 } else { 0 };
            advance + held_centre
        }
        Piece::Knight => 8 * centre - 20,
        Piece::Bishop => 4 * centre - 8,
        Piece::Rook => {
            if rank == 6 {
                15
            } else {
                0
            }
        }
        Piece::Queen => 2 * centre - 4,
        Piece::King if endgame => 6 * centre - 15,
        Piece::King => {
            let back_rank = if rank == 0 { 10 } else { -10 * rank as i32 };
            // Beside the corners, where castling puts it, rather than in the middle of the back rank.
            let tucked = if central(file) <= 1 { 15 } else { 0 };
            back_rank + tucked
        }
    }
}

/// The position's score for `color`: its material and square bonuses.
fn score(board: &Board, color: Color, endgame: bool) -> i32 {
    let mut total = 0;
    for piece in Piece::ALL {
        for square in board.colored_pieces(color, piece) {
            let seen_from_white = if color == Color::White { square } else { square.flip_rank() };
            total += value(piece) + square_bonus(piece, seen_from_white, endgame);
        }
    }
    total
}

/// The evaluation from the side to move's point of view: its score less the opponent's.
pub fn evaluate(board: &Board) -> i32 {
    let endgame = board.pieces(Piece::Queen).is_empty();
    let me = board.side_to_move();
    score(board, me, endgame) - score(board, !me, endgame)
}
