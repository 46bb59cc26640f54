//! Why a move a person tried cannot be played, in words: what the window says when a chess click names no legal
//! move, as the other games' boards do. The reasons are checked from the plainest (no piece, not your piece) to the
//! subtlest (a pinned piece, a king left in check), so the first that applies is the one a player needs.

use cozy_chess::{
    BitBoard, Board, Color, Piece, Square, get_between_rays, get_bishop_rays, get_king_moves, get_knight_moves,
    get_pawn_attacks, get_rook_rays,
};

/// A piece's name in the messages.
pub fn piece_name(piece: Piece) -> &'static str {
    match piece {
        Piece::King => "king",
        Piece::Queen => "queen",
        Piece::Rook => "rook",
        Piece::Bishop => "bishop",
        Piece::Knight => "knight",
        Piece::Pawn => "pawn",
    }
}

fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Why the piece on `from` cannot go to `to` on `board` (a move the board's legal moves do not hold), in one
/// sentence ending with a full stop.
pub fn why_not(board: &Board, from: Square, to: Square) -> String {
    let mover = board.side_to_move();
    let (Some(piece), Some(color)) = (board.piece_on(from), board.color_on(from)) else {
        return format!("There is no piece on {from} to move.");
    };
    let name = piece_name(piece);
    if color != mover {
        return format!("It is {}'s move: the {name} on {from} is {}'s.", side_name(mover), side_name(color));
    }
    if board.color_on(to) == Some(mover) && !(piece == Piece::King && castling_side(board, from, to).is_some()) {
        return format!("The {name} cannot take a piece of its own side on {to}.");
    }
    if let Some(why) = shape(board, piece, from, to) {
        return why;
    }
    if matches!(piece, Piece::Bishop | Piece::Rook | Piece::Queen)
        && let Some(blocker) = first(get_between_rays(from, to) & board.occupied(), from)
    {
        let other = board.piece_on(blocker).map_or("piece", piece_name);
        return format!("The {name} cannot jump: the {other} on {blocker} stands between {from} and {to}.");
    }
    if !board.checkers().is_empty() {
        return format!("Your king is in check: {from}–{to} does not get it out of check.");
    }
    if piece == Piece::King {
        return format!("The king cannot go to {to}: that square is attacked.");
    }
    format!("{from}–{to} would leave your king in check: the {name} is pinned.")
}

/// Why `piece` cannot make the step `from`–`to` at all, or, for a pawn or a castling king, why not here; `None`
/// when the step is the piece's and the reason lies elsewhere (a piece in the way, a king left in check).
fn shape(board: &Board, piece: Piece, from: Square, to: Square) -> Option<String> {
    let reaches = |rays: BitBoard| rays.has(to);
    match piece {
        Piece::Knight if !reaches(get_knight_moves(from)) => {
            Some(format!("A knight jumps in an L, two squares one way and one the other: {from}–{to} is not one."))
        }
        Piece::Bishop if !reaches(get_bishop_rays(from)) => {
            Some(format!("A bishop moves diagonally: {to} is not on a diagonal from {from}."))
        }
        Piece::Rook if !reaches(get_rook_rays(from)) => {
            Some(format!("A rook moves along a rank or a file: {to} is on neither from {from}."))
        }
        Piece::Queen if !reaches(get_rook_rays(from) | get_bishop_rays(from)) => {
            Some(format!("A queen moves along a rank, a file or a diagonal: {to} is on none from {from}."))
        }
        Piece::King if !reaches(get_king_moves(from)) => Some(match castling_side(board, from, to) {
            Some(side) => why_no_castling(board, side),
            None => format!("A king moves one square at a time (or castles): {from}–{to} is too far."),
        }),
        Piece::Pawn => pawn(board, from, to),
        _ => None,
    }
}

/// Castling's two sides.
#[derive(Clone, Copy)]
enum CastlingSide {
    Short,
    Long,
}

/// The side the king's step `from`–`to` castles to, if it is a castling step: two files along its first rank from
/// its own square, or onto its own rook.
fn castling_side(board: &Board, from: Square, to: Square) -> Option<CastlingSide> {
    let color = board.side_to_move();
    let home = match color {
        Color::White => 0,
        Color::Black => 7,
    };
    if from.rank() as usize != home || to.rank() as usize != home {
        return None;
    }
    let (f, t) = (from.file() as i32, to.file() as i32);
    let onto_rook = board.color_on(to) == Some(color) && board.piece_on(to) == Some(Piece::Rook);
    if (t - f).abs() == 2 || onto_rook {
        Some(if t > f { CastlingSide::Short } else { CastlingSide::Long })
    } else {
        None
    }
}

/// Why the side to move cannot castle to `side` now.
fn why_no_castling(board: &Board, side: CastlingSide) -> String {
    let rights = board.castle_rights(board.side_to_move());
    let (word, right) = match side {
        CastlingSide::Short => ("short", rights.short),
        CastlingSide::Long => ("long", rights.long),
    };
    if right.is_none() {
        return format!("The king cannot castle {word}: it or that rook has moved.");
    }
    if !board.checkers().is_empty() {
        return format!("The king cannot castle {word} out of check.");
    }
    format!(
        "The king cannot castle {word} now: a piece stands between it and the rook, or it would cross an attacked square."
    )
}

/// Why a pawn cannot go `from`–`to`, or `None` when the step is a pawn's and only a check forbids it.
fn pawn(board: &Board, from: Square, to: Square) -> Option<String> {
    let color = board.side_to_move();
    let ahead = if color == Color::White { 1 } else { -1 };
    let (df, dr) = (to.file() as i32 - from.file() as i32, to.rank() as i32 - from.rank() as i32);
    let start = if color == Color::White { 1 } else { 6 };
    let occupied = |square: Square| board.piece_on(square).is_some();
    if get_pawn_attacks(from, color).has(to) {
        let en_passant = board.en_passant().is_some_and(|file| file == to.file());
        return (!occupied(to) && !en_passant)
            .then(|| format!("A pawn moves diagonally only to take: there is nothing to take on {to}."));
    }
    if df != 0 || !(dr == ahead || (dr == 2 * ahead && from.rank() as i32 == start)) {
        let how = if dr == 2 * ahead && df == 0 { " (two only from its first square)" } else { "" };
        return Some(format!(
            "A pawn moves straight ahead one square{how}, and takes diagonally: {from}–{to} is not one."
        ));
    }
    if let Some(blocker) = first(get_between_rays(from, to), from).filter(|&s| occupied(s)) {
        return Some(format!("The pawn cannot jump: {blocker} in front of it is occupied."));
    }
    occupied(to).then(|| format!("A pawn cannot take straight ahead: {to} is occupied."))
}

/// The square of `squares` nearest to `from`.
fn first(squares: BitBoard, from: Square) -> Option<Square> {
    let distance =
        |s: &Square| (s.file() as i32 - from.file() as i32).abs().max((s.rank() as i32 - from.rank() as i32).abs());
    squares.into_iter().min_by_key(distance)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        Board::from_fen(fen, false).expect("a legal position")
    }

    fn square(name: &str) -> Square {
        name.parse().expect("a square")
    }

    fn why(fen: &str, from: &str, to: &str) -> String {
        let board = board(fen);
        let (from, to) = (square(from), square(to));
        assert!(!board.is_legal(cozy_chess::Move { from, to, promotion: None }), "{from}{to} is legal");
        why_not(&board, from, to)
    }

    const AFTER_D3: &str = "rnbqkbnr/pppppppp/8/8/8/3P4/PPP1PPPP/RNBQKBNR b KQkq - 0 1";
    const AFTER_D3_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/8/3P4/PPP1PPPP/RNBQKBNR w KQkq - 0 2";

    #[test]
    fn each_kind_of_illegal_move_has_its_reason() {
        let start = Board::default().to_string();
        let cases = [
            (AFTER_D3_E5, "c1", "f5", "A bishop moves diagonally: f5 is not on a diagonal from c1."),
            (start.as_str(), "c1", "f4", "The bishop cannot jump: the pawn on d2 stands between c1 and f4."),
            (start.as_str(), "c1", "c3", "A bishop moves diagonally: c3 is not on a diagonal from c1."),
            (start.as_str(), "e7", "e5", "It is White's move: the pawn on e7 is Black's."),
            (start.as_str(), "e2", "e5", "A pawn moves straight ahead one square"),
            (start.as_str(), "e2", "d3", "A pawn moves diagonally only to take: there is nothing to take on d3."),
            (start.as_str(), "g1", "g3", "A knight jumps in an L"),
            (start.as_str(), "a1", "a2", "The rook cannot take a piece of its own side on a2."),
            (start.as_str(), "e1", "g1", "The king cannot castle short"),
            (AFTER_D3, "d8", "d3", "The queen cannot jump: the pawn on d7"),
            (
                "4k3/8/8/8/8/8/4r3/R3K2R w - - 0 1",
                "e1",
                "g1",
                "The king cannot castle short: it or that rook has moved.",
            ),
            (
                "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",
                "e2",
                "d3",
                "e2–d3 would leave your king in check: the bishop is pinned.",
            ),
            ("3rk3/8/8/8/8/8/8/4K3 w - - 0 1", "e1", "d2", "The king cannot go to d2: that square is attacked."),
            (
                "4k3/8/8/8/8/8/3P4/r3K3 w - - 0 1",
                "d2",
                "d3",
                "Your king is in check: d2–d3 does not get it out of check.",
            ),
            ("4k3/8/8/8/8/3p4/3P4/4K3 w - - 0 1", "d2", "d3", "A pawn cannot take straight ahead: d3 is occupied."),
            ("4k3/8/8/8/8/3p4/3P4/4K3 w - - 0 1", "d2", "d4", "The pawn cannot jump: d3 in front of it is occupied."),
        ];
        for (fen, from, to, expected) in cases {
            let said = why(fen, from, to);
            assert!(said.starts_with(expected), "{fen} {from}–{to}: {said}");
        }
    }
}
