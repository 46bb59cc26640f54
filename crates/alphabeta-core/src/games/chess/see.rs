//! Static exchange evaluation: what a capture wins or loses once both sides have taken back on its square as
//! long as it pays them, each with its least valuable piece first. Sliders behind a piece that has taken join in
//! (x-rays); pins are ignored. Written for this project from the textbook swap-list method.

use super::eval::value;
use cozy_chess::{BitBoard, Board, Color, Move, Piece, Square, get_bishop_moves, get_king_moves, get_knight_moves};
use cozy_chess::{get_pawn_attacks, get_rook_moves};

/// What a king "is worth" to the exchange: more than anything it could win, so it takes last.
const KING: i32 = 20_000;

fn worth(piece: Piece) -> i32 {
    if piece == Piece::King { KING } else { value(piece) }
}

/// Every piece of either colour in `occupied` that attacks `square` when only `occupied` is on the board.
fn attackers(board: &Board, square: Square, occupied: BitBoard) -> BitBoard {
    let rooks = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let bishops = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    let pawns = (get_pawn_attacks(square, Color::White) & board.colored_pieces(Color::Black, Piece::Pawn))
        | (get_pawn_attacks(square, Color::Black) & board.colored_pieces(Color::White, Piece::Pawn));
    let all = pawns
        | (get_knight_moves(square) & board.pieces(Piece::Knight))
        | (get_bishop_moves(square, occupied) & bishops)
        | (get_rook_moves(square, occupied) & rooks)
        | (get_king_moves(square) & board.pieces(Piece::King));
    all & occupied
}

/// The least valuable of `candidates` (pawn first, king last), with its square.
fn least_valuable(board: &Board, candidates: BitBoard) -> Option<(Piece, Square)> {
    Piece::ALL.into_iter().find_map(|piece| (candidates & board.pieces(piece)).next_square().map(|sq| (piece, sq)))
}

/// The material, in centipawns, that `mv` (legal on `board`) wins for the side to move by the exchange on its
/// destination: the piece taken (a pawn for en passant) and a promotion's gain, less what the best sequence of
/// recaptures takes back, either side free to stop taking whenever it pays. 0 for castling; for a quiet move,
/// minus what the opponent wins by taking the moved piece.
pub fn exchange_value(board: &Board, mv: Move) -> i32 {
    let us = board.side_to_move();
    let Some(mover) = board.piece_on(mv.from) else { return 0 };
    if board.color_on(mv.to) == Some(us) {
        return 0; // castling: the king "takes" its own rook
    }
    let mut occupied = board.occupied() ^ mv.from.bitboard();
    let mut gain = [0i32; 34];
    gain[0] = match board.piece_on(mv.to) {
        Some(victim) => value(victim),
        None if mover == Piece::Pawn && mv.from.file() != mv.to.file() => {
            // En passant: the pawn taken stands beside the square moved to.
            let taken = Square::new(mv.to.file(), mv.from.rank());
            occupied ^= taken.bitboard();
            value(Piece::Pawn)
        }
        None => 0,
    };
    let mut on_square = match mv.promotion {
        Some(promoted) => {
            gain[0] += value(promoted) - value(Piece::Pawn);
            worth(promoted)
        }
        None => worth(mover),
    };
    let mut side = !us;
    let mut depth = 0;
    while depth + 1 < gain.len() {
        let candidates = attackers(board, mv.to, occupied) & board.colors(side);
        let Some((piece, from)) = least_valuable(board, candidates) else { break };
        if piece == Piece::King && !(attackers(board, mv.to, occupied) & board.colors(!side)).is_empty() {
            break; // the king may not take a defended piece
        }
        depth += 1;
        gain[depth] = on_square - gain[depth - 1];
        occupied ^= from.bitboard();
        on_square = worth(piece);
        side = !side;
    }
    while depth > 0 {
        gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
        depth -= 1;
    }
    gain[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see(fen: &str, mv: &str) -> i32 {
        let board = Board::from_fen(fen, false).expect("valid FEN");
        exchange_value(&board, mv.parse().expect("a move"))
    }

    #[test]
    fn exchanges_count_as_a_player_would() {
        // A free pawn.
        assert_eq!(see("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"), 100);
        // A pawn defended by a pawn, taken by the queen: the queen is lost for a pawn.
        assert_eq!(see("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"), 100 - 900);
        // Knight takes a pawn defended by a knight, recaptured, the rook behind retakes: a pawn and a knight
        // for a knight.
        assert_eq!(see("4k3/8/5n2/3p4/8/4N3/8/3RK3 w - - 0 1", "e3d5"), 100);
        // Rook takes a rook defended by a rook, with a second white rook behind (x-ray): wins a rook.
        assert_eq!(see("3rk3/8/8/3r4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 500);
        // The same without the second rook: rook for rook.
        assert_eq!(see("3rk3/8/8/3r4/8/8/3R4/4K3 w - - 0 1", "d2d5"), 0);
        // En passant with nothing to take back.
        assert_eq!(see("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
        // A bishop takes a pawn a rook guards: bishop for pawn.
        assert_eq!(see("3rk3/8/8/3p4/8/1B6/8/4K3 w - - 0 1", "b3d5"), 100 - 330);
        // A king may not take a defended piece: the rook takes a pawn beside the black king, guarded by a knight.
        assert_eq!(see("8/8/2k5/2p5/4n3/8/8/2R1K3 w - - 0 1", "c1c5"), 100 - 500);
        // ... but takes an undefended one back: rook takes a pawn the king alone guards.
        assert_eq!(see("8/8/2k5/2p5/8/8/8/2R1K3 w - - 0 1", "c1c5"), 100 - 500);
        assert_eq!(see("8/8/2k5/2p5/8/8/2R5/2R1K3 w - - 0 1", "c2c5"), 100);
        // Castling wins nothing.
        assert_eq!(see("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1h1"), 0);
    }
}
