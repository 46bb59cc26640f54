//! What the evaluation cannot see in a few endings whose result is known: material that counts as an advantage
//! but cannot win, and the one ending, king and pawn against king, that is solved outright ([`kpk`]). Without it
//! the search chases a "+3" in an ending no one can win, and lets a draw by the 75-move rule come, or gives up a
//! won pawn ending for a line that only looks better.
//!
//! [`adjust`] scales an evaluation towards 0 by what the material allows:
//! - **cannot win**: the side ahead has no pawns and is ahead by no more than a minor piece (a rook against a
//!   bishop, two knights against a bare king): an eighth, or nothing with less than a rook;
//! - **opposite-coloured bishops**, with no other pieces: a quarter when the side ahead is up two pawns or fewer
//!   (such endings are drawn far more often than not), a half beyond;
//! - **the wrong bishop**: only rook pawns on one file and a bishop that does not control their queening square,
//!   the defending king on or next to it: nothing;
//! - **king and pawn against king**: the table's result: a draw is 0, a win a rook's worth and more the further
//!   the pawn has come, so the search converts it instead of shuffling.
//!
//! Positions with more than four pieces besides kings and pawns are left as they are (checked first, so the
//! middlegame pays two bitboard counts for this).

use super::{DARK_SQUARES, eval, kpk, tapered};
use cozy_chess::{Board, Color, File, Piece, Square};

/// A won king-and-pawn ending is worth this, in centipawns, from the stronger side's view, plus its progress (at
/// most about 200): a rook's worth, and with the pawn on the seventh still less than the queen it is about to become
/// (about 860 against a bare king), so the search promotes.
pub const KPK_WIN: i32 = 500;

const KNIGHT: i32 = eval::value(Piece::Knight);
const BISHOP: i32 = eval::value(Piece::Bishop);
const ROOK: i32 = eval::value(Piece::Rook);

/// `value` (centipawns, from the side to move's view) scaled by what the material allows (see the module's doc).
pub fn adjust(board: &Board, value: i32) -> i32 {
    let kings_and_pawns = board.pieces(Piece::King) | board.pieces(Piece::Pawn);
    let pieces = board.occupied() & !kings_and_pawns;
    if pieces.len() > 4 {
        return value;
    }
    let me = board.side_to_move();
    if let Some(ending) = king_and_pawn_against_king(board) {
        let sign = if ending.strong == me { 1 } else { -1 };
        return if ending.wins { sign * (KPK_WIN + ending.progress) } else { 0 };
    }
    let strong = if value >= 0 { me } else { !me };
    let eighths = scale_in_eighths(board, strong);
    value * eighths / 8
}

/// A king-and-pawn-against-king position, judged by the table.
struct PawnEnding {
    /// The side with the pawn.
    strong: Color,
    wins: bool,
    /// How far a win has come: the pawn's advance, then its king's nearness to the square in front of it, so the
    /// search prefers the winning move that makes progress (every winning position is otherwise worth the same).
    progress: i32,
}

fn king_and_pawn_against_king(board: &Board) -> Option<PawnEnding> {
    let pawns = board.pieces(Piece::Pawn);
    if board.occupied() != board.pieces(Piece::King) | pawns || pawns.len() != 1 {
        return None;
    }
    let pawn = pawns.next_square()?;
    let strong = board.color_on(pawn)?;
    // The table has the pawn moving up: Black's side is seen with the board turned over.
    let turn = |square: Square| if strong == Color::White { square as u8 } else { square as u8 ^ 56 };
    let (king, pawn, other) = (turn(board.king(strong)), turn(pawn), turn(board.king(!strong)));
    let wins = kpk::white_wins(king, pawn, other, board.side_to_move() == strong);
    let front = Square::index(usize::from(pawn.saturating_add(8).min(63)));
    let apart = tapered::distance(Square::index(usize::from(king)), front);
    let progress = 30 * i32::from(pawn / 8) + 2 * (7 - apart);
    Some(PawnEnding { strong, wins, progress })
}

/// How much of its advantage `strong` keeps, in eighths (8: all of it).
fn scale_in_eighths(board: &Board, strong: Color) -> i32 {
    let weak = !strong;
    let own_pawns = board.colored_pieces(strong, Piece::Pawn);
    let (own, theirs) = (piece_material(board, strong), piece_material(board, weak));
    if own_pawns.is_empty() {
        if own - theirs <= BISHOP {
            return if own < ROOK { 0 } else { 1 };
        }
        let two_knights = own == 2 * KNIGHT && board.colored_pieces(strong, Piece::Knight).len() == 2;
        if two_knights && board.colors(weak) == board.colored_pieces(weak, Piece::King) {
            return 0;
        }
    }
    if wrong_bishop(board, strong) {
        return 0;
    }
    if let Some(pawn_lead) = opposite_bishops_only(board, strong) {
        return if pawn_lead <= 2 { 2 } else { 4 };
    }
    8
}

fn piece_material(board: &Board, color: Color) -> i32 {
    [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
        .into_iter()
        .map(|piece| board.colored_pieces(color, piece).len() as i32 * eval::value(piece))
        .sum()
}

/// Each side has one bishop, on squares of opposite colours, and nothing else but pawns: `strong`'s lead in
/// pawns.
fn opposite_bishops_only(board: &Board, strong: Color) -> Option<i32> {
    let bishops = board.pieces(Piece::Bishop);
    let others = board.pieces(Piece::Knight) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    if !others.is_empty() || bishops.len() != 2 {
        return None;
    }
    let (mine, theirs) = (board.colored_pieces(strong, Piece::Bishop), board.colored_pieces(!strong, Piece::Bishop));
    let (Some(a), Some(b)) = (mine.next_square(), theirs.next_square()) else { return None };
    if is_dark(a) == is_dark(b) {
        return None;
    }
    let pawns = |color| board.colored_pieces(color, Piece::Pawn).len() as i32;
    Some(pawns(strong) - pawns(!strong))
}

/// `strong` has a king, bishops and pawns on one rook file only, none of its bishops controls the queening
/// square, and the other side, with nothing but its king (and pawns), has that king on or next to the square.
fn wrong_bishop(board: &Board, strong: Color) -> bool {
    let weak = !strong;
    let own_pawns = board.colored_pieces(strong, Piece::Pawn);
    let heavy_or_knights = board.pieces(Piece::Knight) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let bishops = board.colored_pieces(strong, Piece::Bishop);
    if own_pawns.is_empty() || bishops.is_empty() || !heavy_or_knights.is_empty() {
        return false;
    }
    if !board.colored_pieces(weak, Piece::Bishop).is_empty() {
        return false;
    }
    let file = if own_pawns.is_subset(File::A.bitboard()) {
        File::A
    } else if own_pawns.is_subset(File::H.bitboard()) {
        File::H
    } else {
        return false;
    };
    let rank = if strong == Color::White { cozy_chess::Rank::Eighth } else { cozy_chess::Rank::First };
    let corner = Square::new(file, rank);
    if bishops.iter().any(|b| is_dark(b) == is_dark(corner)) {
        return false;
    }
    let king = board.king(weak);
    king == corner || cozy_chess::get_king_moves(corner).has(king)
}

fn is_dark(square: Square) -> bool {
    DARK_SQUARES.has(square)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn adjusted(fen: &str, value: i32) -> i32 {
        adjust(&Board::from_fen(fen, false).expect("a FEN"), value)
    }

    /// Each signature, with the value the evaluation would have given and what is left of it.
    #[test]
    fn each_known_ending_keeps_what_its_material_allows() {
        let table = [
            // Opposite-coloured bishops, two pawns up: a quarter (the +3.9 of a drawn K+B+2P v K+B).
            ("8/8/4k3/8/3b4/8/3PP3/3BK3 w - - 0 1", 390, 97),
            // The same bishops on one colour: nothing changes.
            ("8/8/4k3/8/2b5/8/3PP3/3BK3 w - - 0 1", 390, 390),
            // Opposite bishops, four pawns up: a half.
            ("8/8/4k3/8/3b4/8/PPPP4/3BK3 w - - 0 1", 600, 300),
            // A rook against a bishop, no pawns: an eighth.
            ("4k3/8/8/8/2b5/8/8/R3K3 w - - 0 1", 200, 25),
            // Two knights against a bare king cannot mate by force.
            ("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", 640, 0),
            // The wrong bishop: an h-pawn queens on dark h8, a light-squared bishop, Black's king on h8.
            ("7k/8/8/7P/8/8/8/3BK3 w - - 0 1", 400, 0),
            // The right bishop wins: a dark-squared bishop controls h8.
            ("7k/8/8/7P/8/8/8/2B1K3 w - - 0 1", 400, 400),
            // Black to move, Black ahead: the scale follows whoever is ahead.
            ("3bk3/3pp3/8/1B6/8/4K3/8/8 b - - 0 1", 390, 97),
            // A middlegame: untouched.
            ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 35, 35),
        ];
        for (fen, value, expected) in table {
            assert_eq!(adjusted(fen, value), expected, "{fen}");
        }
    }

    /// The engine at a modest depth, playing both sides from `fen` for `plies` plies (or to the end).
    fn played_out(fen: &str, depth: u32, plies: usize) -> crate::games::chess::Chess {
        use crate::engine::game::Game;
        use crate::engine::search::deepening::{Engine, EngineConfig};
        use crate::engine::search::limits::Limits;
        let mut game = crate::games::chess::Chess::from_fen(fen).expect("a FEN");
        let mut engine =
            Engine::new(EngineConfig { limits: Limits::depth(depth), tt_mib: 8, ..EngineConfig::default() });
        for _ in 0..plies {
            let Some(mv) = engine.think(&mut game.clone(), None, |_| {}).best_move else { break };
            game.play(mv);
        }
        game
    }

    /// Scored by the table, a won pawn ending is converted: the pawn queens against the best defence a depth-6
    /// search finds (without the table the search, seeing only a pawn's worth either way, shuffles).
    #[test]
    fn a_won_pawn_ending_is_converted() {
        let game = played_out("4k3/8/8/8/8/4K3/4P3/8 w - - 0 1", 6, 40);
        let board = game.board();
        let queened = !board.pieces(Piece::Queen).is_empty();
        assert!(queened || game.winner().is_some(), "no queen after 40 plies: {}", game.to_fen());
    }

    /// A search of the drawn opposite-coloured bishop ending two pawns up scores well below a pawn, where the
    /// evaluation alone gives about two.
    #[test]
    fn a_drawn_opposite_bishop_ending_is_searched_as_nearly_drawn() {
        use crate::engine::search::deepening::{Engine, EngineConfig};
        use crate::engine::search::limits::Limits;
        let fen = "8/8/4k3/8/3b4/8/3PP3/3BK3 w - - 0 1";
        let mut game = crate::games::chess::Chess::from_fen(fen).expect("a FEN");
        let mut engine = Engine::new(EngineConfig { limits: Limits::depth(6), tt_mib: 8, ..EngineConfig::default() });
        let value = engine.think(&mut game, None, |_| {}).last().map(|i| i.value).unwrap_or(f64::NAN);
        assert!((0.0..100.0).contains(&value), "{value}");
    }

    /// King and pawn against king follows the table: a draw is 0 from either side's view, a win more than a rook,
    /// and the side with the bare king sees the same from its side.
    #[test]
    fn king_and_pawn_against_king_is_scored_by_the_table() {
        // The rook pawn with the defending king in the corner: a draw, however many pawns' worth the eval says.
        assert_eq!(adjusted("k7/8/PK6/8/8/8/8/8 w - - 0 1", 250), 0);
        // The king on a key square: a win, worth more than a rook, and more the further the pawn has come.
        let won = adjusted("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", 150);
        assert!(won > KPK_WIN, "{won}");
        assert_eq!(adjusted("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1", -150), -won, "the same from the other side");
        assert!(adjusted("8/4P1k1/4K3/8/8/8/8/8 b - - 0 1", 0) < -won, "the pawn on the seventh has come further");
        // Black's pawn, Black to move, Black's king before it with the opposition turned: the board turned over.
        assert_eq!(adjusted("8/8/8/8/4p3/4k3/8/4K3 w - - 0 1", -150), -won);
        assert_eq!(adjusted("8/8/4k3/8/8/4p3/4K3/8 w - - 0 1", -100), 0, "White holds the opposition");
    }
}
