//! Standard algebraic notation (SAN) for a legal move: the crate gives moves only as from–to squares, and the
//! window finds moves by name, so names must be unique in a position — SAN is, by its disambiguation rule.

use cozy_chess::{Board, File, Move, Piece};

/// The capital letter SAN uses for a piece; pawns have none.
pub fn piece_letter(piece: Piece) -> &'static str {
    match piece {
        Piece::Pawn => "",
        Piece::Knight => "N",
        Piece::Bishop => "B",
        Piece::Rook => "R",
        Piece::Queen => "Q",
        Piece::King => "K",
    }
}

/// True when `mv` castles: the crate writes castling as the king taking its own rook.
pub fn is_castling(board: &Board, mv: Move) -> bool {
    board.piece_on(mv.from) == Some(Piece::King) && board.color_on(mv.to) == Some(board.side_to_move())
}

/// True when `mv` captures, en passant included.
pub fn is_capture(board: &Board, mv: Move) -> bool {
    let them = !board.side_to_move();
    board.color_on(mv.to) == Some(them)
        || (board.piece_on(mv.from) == Some(Piece::Pawn) && mv.from.file() != mv.to.file())
}

/// `mv` (legal on `board`) in SAN: `e4`, `Nbd2`, `R1e7`, `exd5`, `e8=Q+`, `O-O`, `Qxf7#`.
pub fn san(board: &Board, mv: Move) -> String {
    // A move that is not legal here (a caller's mistake) is still named, from–to, rather than taking the window down.
    let Some(piece) = board.piece_on(mv.from) else { return format!("{}{}", mv.from, mv.to) };
    let mut name = String::new();
    if is_castling(board, mv) {
        name.push_str(if mv.to.file() > mv.from.file() { "O-O" } else { "O-O-O" });
    } else {
        let capture = is_capture(board, mv);
        if piece == Piece::Pawn {
            if capture {
                name.push(char::from(mv.from.file()));
            }
        } else {
            name.push_str(piece_letter(piece));
            name.push_str(&disambiguation(board, mv, piece));
        }
        if capture {
            name.push('x');
        }
        name.push_str(&mv.to.to_string());
        if let Some(promotion) = mv.promotion {
            name.push('=');
            name.push_str(piece_letter(promotion));
        }
    }
    let mut after = board.clone();
    after.play_unchecked(mv);
    if !after.checkers().is_empty() {
        name.push(if after.generate_moves(|_| true) { '+' } else { '#' });
    }
    name
}

/// The file, rank or square that tells `mv` apart from other moves of the same kind of piece to the same square.
fn disambiguation(board: &Board, mv: Move, piece: Piece) -> String {
    let mut rivals = Vec::new();
    let others = board.colored_pieces(board.side_to_move(), piece) & !mv.from.bitboard();
    board.generate_moves_for(others, |moves| {
        if moves.to.has(mv.to) {
            rivals.push(moves.from);
        }
        false
    });
    if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|s| s.file() != mv.from.file()) {
        char::from(mv.from.file()).to_string()
    } else if rivals.iter().all(|s| s.rank() != mv.from.rank()) {
        char::from(mv.from.rank()).to_string()
    } else {
        mv.from.to_string()
    }
}

/// The square a person clicks to castle — the king's destination, g- or c-file — and otherwise `mv.to`.
pub fn displayed_destination(board: &Board, mv: Move) -> cozy_chess::Square {
    if is_castling(board, mv) {
        let file = if mv.to.file() > mv.from.file() { File::G } else { File::C };
        cozy_chess::Square::new(file, mv.from.rank())
    } else {
        mv.to
    }
}
