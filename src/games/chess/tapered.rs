//! The tapered evaluation ([`crate::engine::search::features::SearchFeatures::tapered_eval`]): every term has a
//! middlegame and an endgame weight, blended by the material left on the board (the game phase: knights and
//! bishops 1, rooks 2, queens 4, 24 at the start), as most chess programs since the 1990s do. Written for this
//! project from plain principles, tuned by hand, not copied from any engine:
//! - material, the minor pieces a little weaker and pawns and rooks a little stronger in the endgame;
//! - piece-square terms from formulas: pawns advance (much more in the endgame) and hold the centre, knights and
//!   bishops centralise, rooks seek the seventh rank, the king shelters in the middlegame and centralises later;
//! - pawn structure: passed pawns (by rank, worth far more in the endgame), doubled and isolated pawns;
//! - the bishop pair, rooks on open and half-open files, a pawn shield before the castled king;
//! - mobility: the squares knights, bishops, rooks and queens reach that are not their own side's;
//! - a side with no material but its king is driven to the edge and the winning king brought close, so that
//!   K+Q or K+R against K is won within the 50-move rule at a modest depth.

use cozy_chess::{BitBoard, Board, Color, Piece, Square};
use cozy_chess::{get_bishop_moves, get_king_moves, get_knight_moves, get_rook_moves};

/// A middlegame and an endgame weight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Score(i32, i32);

impl std::ops::AddAssign for Score {
    fn add_assign(&mut self, other: Score) {
        self.0 += other.0;
        self.1 += other.1;
    }
}

impl std::ops::SubAssign for Score {
    fn sub_assign(&mut self, other: Score) {
        self.0 -= other.0;
        self.1 -= other.1;
    }
}

impl std::ops::Mul<i32> for Score {
    type Output = Score;
    fn mul(self, n: i32) -> Score {
        Score(self.0 * n, self.1 * n)
    }
}

/// The phase at the start of a game: all pieces on.
const FULL_PHASE: i32 = 24;

fn material(piece: Piece) -> Score {
    match piece {
        Piece::Pawn => Score(85, 115),
        Piece::Knight => Score(325, 300),
        Piece::Bishop => Score(340, 320),
        Piece::Rook => Score(480, 540),
        Piece::Queen => Score(970, 1000),
        Piece::King => Score(0, 0),
    }
}

fn phase_weight(piece: Piece) -> i32 {
    match piece {
        Piece::Knight | Piece::Bishop => 1,
        Piece::Rook => 2,
        Piece::Queen => 4,
        Piece::Pawn | Piece::King => 0,
    }
}

/// How central a file or rank index (0–7) is: 0 on the edge, 3 in the middle.
const fn central(i: usize) -> i32 {
    let i = i as i32;
    if i < 4 { i } else { 7 - i }
}

/// `piece` on `square` seen from its own side (rank 0 its back rank).
fn placement(piece: Piece, file: usize, rank: usize) -> Score {
    let centre = central(file) + central(rank); // 0 in a corner, 6 in the centre
    match piece {
        Piece::Pawn => {
            let centre_file = match file {
                3 | 4 => 12,
                2 | 5 => 5,
                _ => 0,
            };
            let held = if (3..=4).contains(&rank) { centre_file } else { 0 };
            Score(4 * (rank as i32 - 1) + held, 8 * (rank as i32 - 1))
        }
        Piece::Knight => Score(8 * centre - 24, 5 * centre - 15),
        Piece::Bishop => Score(4 * centre - 10, 3 * centre - 9),
        Piece::Rook => Score(if rank == 6 { 20 } else { 0 }, if rank == 6 { 15 } else { 0 }),
        Piece::Queen => Score(2 * centre - 6, 4 * centre - 12),
        Piece::King => {
            let back_rank = if rank == 0 { 10 } else { -15 * rank as i32 };
            let tucked = if central(file) <= 1 { 20 } else { 0 };
            Score(back_rank + tucked, 8 * centre - 24)
        }
    }
}

/// Passed pawns by rank (from the pawn's side), middlegame and endgame.
const PASSED: [Score; 8] =
    [Score(0, 0), Score(5, 10), Score(8, 15), Score(15, 30), Score(25, 50), Score(45, 85), Score(70, 130), Score(0, 0)];

/// The squares of a file, as bits (A1 is bit 0, H8 bit 63).
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The squares in front of a pawn of the colour `white` on square `index`, on its file and the two beside it.
const fn front_span_bits(white: bool, index: usize) -> u64 {
    let (file, rank) = (index % 8, index / 8);
    let mut files = FILE_A << file;
    if file > 0 {
        files |= FILE_A << (file - 1);
    }
    if file < 7 {
        files |= FILE_A << (file + 1);
    }
    let ahead = match (white, rank) {
        (true, 7) => 0,
        (true, _) => !0u64 << (8 * (rank + 1)),
        (false, _) => (1u64 << (8 * rank)) - 1,
    };
    files & ahead
}

/// [`front_span_bits`] for every square, White's then Black's: the evaluation reads them for every pawn of every
/// position, so they are worked out once, when the program is compiled.
const FRONT_SPANS: [[u64; 64]; 2] = {
    let mut spans = [[0; 64]; 2];
    let mut index = 0;
    while index < 64 {
        spans[0][index] = front_span_bits(true, index);
        spans[1][index] = front_span_bits(false, index);
        index += 1;
    }
    spans
};

fn file_mask(file: usize) -> BitBoard {
    BitBoard(FILE_A << file)
}

/// The squares in front of a pawn of `color` on `square`, on its file and the two beside it.
fn front_span(color: Color, square: Square) -> BitBoard {
    BitBoard(FRONT_SPANS[color as usize][square as usize])
}

/// Rank from `color`'s side (0: its back rank).
fn relative_rank(color: Color, square: Square) -> usize {
    let rank = square.rank() as usize;
    if color == Color::White { rank } else { 7 - rank }
}

/// Everything `color` earns on `board`, middlegame and endgame.
fn side_score(board: &Board, color: Color) -> Score {
    let mut score = Score::default();
    let own = board.colors(color);
    let occupied = board.occupied();
    let own_pawns = board.colored_pieces(color, Piece::Pawn);
    let their_pawns = board.colored_pieces(!color, Piece::Pawn);
    let their_king = board.king(!color);
    let their_king_zone = get_king_moves(their_king) | their_king.bitboard();
    let (mut king_attackers, mut king_attack) = (0, 0);
    for piece in Piece::ALL {
        for square in board.colored_pieces(color, piece) {
            let rank = relative_rank(color, square);
            score += material(piece);
            score += placement(piece, square.file() as usize, rank);
            let reach = match piece {
                Piece::Knight => Some((get_knight_moves(square), Score(4, 4), 4)),
                Piece::Bishop => Some((get_bishop_moves(square, occupied), Score(5, 5), 6)),
                Piece::Rook => Some((get_rook_moves(square, occupied), Score(2, 4), 7)),
                Piece::Queen => {
                    let lines = get_rook_moves(square, occupied) | get_bishop_moves(square, occupied);
                    Some((lines, Score(1, 2), 13))
                }
                _ => None,
            };
            if let Some((moves, weight, typical)) = reach {
                score += weight * ((moves & !own).len() as i32 - typical);
                let reached = (moves & their_king_zone).len() as i32;
                if reached > 0 {
                    king_attackers += 1;
                    king_attack += reached * attack_weight(piece);
                }
            }
            let file = file_mask(square.file() as usize);
            match piece {
                Piece::Pawn => {
                    if (front_span(color, square) & their_pawns).is_empty() {
                        score += PASSED[rank];
                    }
                    if (file & own_pawns).len() > 1 {
                        score -= Score(5, 10); // each of a doubled pair
                    }
                    let beside = front_span(color, square) | front_span(!color, square);
                    if (beside & !file & own_pawns).is_empty() {
                        score -= Score(10, 12);
                    }
                }
                Piece::Rook if (file & own_pawns).is_empty() => {
                    score += if (file & their_pawns).is_empty() { Score(25, 10) } else { Score(12, 5) };
                }
                Piece::King => {
                    let shield = get_king_moves(square) & front_span(color, square) & own_pawns;
                    score += Score(12 * shield.len().min(3) as i32, 0);
                }
                _ => {}
            }
        }
    }
    if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
        score += Score(30, 50);
    }
    score += Score(king_danger(king_attackers, king_attack), 0);
    score
}

/// What one square of the enemy king's zone (the king's square and those around it) reached by `piece` counts
/// towards an attack on the king.
fn attack_weight(piece: Piece) -> i32 {
    match piece {
        Piece::Knight | Piece::Bishop => 2,
        Piece::Rook => 3,
        Piece::Queen => 5,
        Piece::Pawn | Piece::King => 0,
    }
}

/// The middlegame bonus of an attack on the king by `attackers` pieces reaching zone squares worth `attack` in
/// all: nothing from a single piece, which the king's side can meet, and growing with the square of the attack
/// beyond that — pieces joining an attack are worth more together than apart — up to 400 centipawns.
fn king_danger(attackers: i32, attack: i32) -> i32 {
    if attackers < 2 { 0 } else { (attack * attack / 6).min(400) }
}

/// Centre distance of a square: 0 in the four central squares, 6 in a corner.
fn edge_closeness(square: Square) -> i32 {
    6 - central(square.file() as usize) - central(square.rank() as usize)
}

/// The mating drive of `strong` against a `weak` side with nothing but its king: its king to the edge, the
/// kings close together. 0 otherwise.
fn mating_drive(board: &Board, strong: Color) -> i32 {
    let weak = !strong;
    if board.colors(weak) != board.colored_pieces(weak, Piece::King) {
        return 0;
    }
    let heavy = board.colored_pieces(strong, Piece::Queen) | board.colored_pieces(strong, Piece::Rook);
    if heavy.is_empty() && board.colored_pieces(strong, Piece::Pawn).is_empty() {
        return 0;
    }
    let (theirs, mine) = (board.king(weak), board.king(strong));
    let apart = (theirs.file() as i32 - mine.file() as i32).abs() + (theirs.rank() as i32 - mine.rank() as i32).abs();
    // Pushing the king out counts for more than walking towards it, and both dwarf the placement terms.
    200 + 20 * edge_closeness(theirs) + 8 * (14 - apart)
}

/// The evaluation from the side to move's point of view, in centipawns.
pub fn evaluate(board: &Board) -> i32 {
    let me = board.side_to_move();
    let mut score = side_score(board, me);
    score -= side_score(board, !me);
    score += Score(10, 5); // the move itself is worth something
    let phase: i32 = Piece::ALL.iter().map(|&p| phase_weight(p) * board.pieces(p).len() as i32).sum();
    let phase = phase.min(FULL_PHASE);
    let blended = (score.0 * phase + score.1 * (FULL_PHASE - phase)) / FULL_PHASE;
    blended + mating_drive(board, me) - mating_drive(board, !me)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        evaluate(&Board::from_fen(fen, false).expect("valid FEN"))
    }

    #[test]
    fn the_start_is_even_and_the_sides_mirror() {
        let start = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(start, 10, "only the move's worth");
        let white = eval("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let black = eval("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
        assert_eq!(white, black, "the same position seen from either side");
    }

    #[test]
    fn endgame_knowledge_points_the_right_way() {
        // A passed pawn on the seventh is worth more than one on the second.
        assert!(eval("4k3/P7/8/8/8/8/8/4K3 w - - 0 1") > eval("4k3/8/8/8/8/8/P7/4K3 w - - 0 1") + 50);
        // Against a bare king: its king in the corner is better for the queen's side than in the centre.
        let cornered = eval("k7/8/2K5/8/8/8/7Q/8 w - - 0 1");
        let central = eval("8/8/8/3k4/8/8/7Q/K7 w - - 0 1");
        assert!(cornered > central + 100, "{cornered} vs {central}");
        // And the side with the bare king sees it the other way round.
        assert!(eval("k7/8/2K5/8/8/8/7Q/8 b - - 0 1") < -1000);
    }
}
