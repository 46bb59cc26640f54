//! The tapered evaluation ([`crate::engine::features::SearchFeatures::tapered_eval`]): every term has a
//! middlegame and an endgame weight, blended by the material left on the board (the game phase: knights and
//! bishops 1, rooks 2, queens 4, 24 at the start), as most chess programs since the 1990s do. Written for this
//! project from plain principles, not copied from any engine:
//! - material;
//! - piece-square terms from formulas: pawns advance and hold the centre, knights and bishops centralise, rooks
//!   seek the seventh rank, the king shelters in the middlegame and centralises later;
//! - pawn structure: passed pawns (by rank, and by which king is nearer the square in front), doubled, isolated
//!   and defended pawns;
//! - the bishop pair, rooks on open and half-open files, a pawn shield before the castled king, an attack on the
//!   enemy king, enemy pieces attacked by pawns;
//! - mobility: the squares knights, bishops, rooks and queens reach that are not their own side's;
//! - a side with no material but its king is driven to the edge and the winning king brought close, so that
//!   K+Q or K+R against K is won within the 50-move rule at a modest depth.
//!
//! The weights ([`WEIGHTS`]) are fitted to Stockfish 15.1's scores of 131,835 quiet positions from the engine's
//! own games (`bench/tune_eval.sh`, Texel's method); weights fitted to those games' results instead beat the
//! hand-set ones in self-play and lost to Stockfish (the README, *A fourth* and *A fifth round*).

use cozy_chess::{BitBoard, Board, Color, Piece, Square};
use cozy_chess::{get_bishop_moves, get_king_moves, get_knight_moves, get_rook_moves};

/// A middlegame and an endgame weight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score(pub i32, pub i32);

impl std::ops::Add for Score {
    type Output = Score;
    fn add(self, other: Score) -> Score {
        Score(self.0 + other.0, self.1 + other.1)
    }
}

impl std::ops::AddAssign for Score {
    fn add_assign(&mut self, other: Score) {
        *self = *self + other;
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

/// Every weight of the evaluation, in centipawns, middlegame and endgame. The evaluation reads [`WEIGHTS`]; the
/// tuner (`examples/tune_chess_eval.rs`) tries others, starting from [`HAND_SET`], to fit them to games' results
/// or to a stronger engine's scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Pawn, knight, bishop, rook, queen (in the order of `Piece`, which indexes them).
    pub material: [Score; 5],
    /// A pawn, for each rank it stands above its second.
    pub pawn_advance: Score,
    /// A pawn on the fourth or fifth rank of the d or e file, and of the c or f file.
    pub pawn_centre: [Score; 2],
    /// Knight, bishop, queen and king, for each step towards the centre (0 in a corner, 6 in the middle), and a
    /// constant beside it.
    pub centralisation: [(Score, Score); 4],
    /// A rook on the enemy's second rank (its own seventh).
    pub rook_on_seventh: Score,
    /// The king on its back rank.
    pub king_back_rank: Score,
    /// The king, for each rank it stands above its back rank.
    pub king_forward: Score,
    /// The king on the two files nearest either edge.
    pub king_tucked: Score,
    /// A passed pawn, by its rank.
    pub passed: [Score; 8],
    /// Each pawn of a doubled pair (subtracted).
    pub doubled: Score,
    /// A pawn with no pawn of its side on either neighbouring file (subtracted).
    pub isolated: Score,
    /// A rook on a file without pawns.
    pub rook_open: Score,
    /// A rook on a file with only the enemy's pawns.
    pub rook_half_open: Score,
    /// Each pawn (up to three) in front of the king.
    pub king_shield: Score,
    /// Two bishops or more.
    pub bishop_pair: Score,
    /// Knight, bishop, rook, queen: each square reached that is not their own side's, beyond the typical number.
    pub mobility: [Score; 4],
    /// The side to move's due.
    pub tempo: Score,
    /// The attack on the enemy king, in 96ths of its weight: with two or more pieces reaching the king's zone, the
    /// square of their reach, at most 2,400 (the private function `king_danger`).
    pub king_danger: Score,
    /// Each enemy piece other than a pawn (the king too: a check) one of the side's pawns attacks.
    pub pawn_threat: Score,
    /// Each pawn another of the side's pawns defends.
    pub supported_pawn: Score,
    /// A passed pawn, for each step the enemy king stands further than the side's own king from the square in
    /// front of it.
    pub passed_king: Score,
}

/// The weights the evaluation plays with, fitted to Stockfish's scores (`bench/tune_eval.sh`).
pub const WEIGHTS: Weights = Weights {
    material: [Score(96, 78), Score(346, 190), Score(365, 210), Score(479, 367), Score(1128, 592)],
    pawn_advance: Score(3, 1),
    pawn_centre: [Score(28, -12), Score(2, -2)],
    centralisation: [
        (Score(12, 4), Score(-19, -12)),
        (Score(7, 0), Score(-8, -7)),
        (Score(4, 1), Score(-5, -10)),
        (Score(-6, 0), Score(0, -19)),
    ],
    rook_on_seventh: Score(43, -1),
    king_back_rank: Score(6, -3),
    king_forward: Score(-9, 6),
    king_tucked: Score(25, -5),
    passed: [
        Score(0, 0),
        Score(-7, -24),
        Score(-31, 2),
        Score(-10, 25),
        Score(6, 58),
        Score(64, 93),
        Score(144, 110),
        Score(0, 0),
    ],
    doubled: Score(10, 10),
    isolated: Score(-2, 8),
    rook_open: Score(58, -15),
    rook_half_open: Score(29, 5),
    king_shield: Score(19, -6),
    bishop_pair: Score(46, 38),
    mobility: [Score(6, 3), Score(7, 4), Score(5, 4), Score(2, 10)],
    tempo: Score(37, 4),
    king_danger: Score(43, -26),
    pawn_threat: Score(63, 10),
    supported_pawn: Score(11, -3),
    passed_king: Score(0, 14),
};

/// The weights set by hand before any fit, where the tuner starts (`examples/tune_chess_eval.rs`); the terms added
/// for the fit are 0 here, and the king attack is at its hand-set strength.
pub const HAND_SET: Weights = Weights {
    material: [Score(85, 115), Score(325, 300), Score(340, 320), Score(480, 540), Score(970, 1000)],
    pawn_advance: Score(4, 8),
    pawn_centre: [Score(12, 0), Score(5, 0)],
    centralisation: [
        (Score(8, 5), Score(-24, -15)),
        (Score(4, 3), Score(-10, -9)),
        (Score(2, 4), Score(-6, -12)),
        (Score(0, 8), Score(0, -24)),
    ],
    rook_on_seventh: Score(20, 15),
    king_back_rank: Score(10, 0),
    king_forward: Score(-15, 0),
    king_tucked: Score(20, 0),
    passed: [
        Score(0, 0),
        Score(5, 10),
        Score(8, 15),
        Score(15, 30),
        Score(25, 50),
        Score(45, 85),
        Score(70, 130),
        Score(0, 0),
    ],
    doubled: Score(5, 10),
    isolated: Score(10, 12),
    rook_open: Score(25, 10),
    rook_half_open: Score(12, 5),
    king_shield: Score(12, 0),
    bishop_pair: Score(30, 50),
    mobility: [Score(4, 4), Score(5, 5), Score(2, 4), Score(1, 2)],
    tempo: Score(10, 5),
    king_danger: Score(16, 0),
    pawn_threat: Score(0, 0),
    supported_pawn: Score(0, 0),
    passed_king: Score(0, 0),
};

impl Weights {
    /// Every weight a tuner may change, one number at a time, the material's only with `material`: the constants
    /// beside the centralisation and the squares a passed pawn never stands on are left out (the material absorbs
    /// the first, the second are never read).
    pub fn tunable(&mut self, material: bool) -> Vec<&mut i32> {
        let mut scores: Vec<&mut Score> = Vec::new();
        if material {
            scores.extend(self.material.iter_mut());
        }
        scores.push(&mut self.pawn_advance);
        scores.extend(self.pawn_centre.iter_mut());
        scores.extend(self.centralisation.iter_mut().map(|(per_step, _)| per_step));
        scores.extend([&mut self.rook_on_seventh, &mut self.king_back_rank, &mut self.king_forward]);
        scores.push(&mut self.king_tucked);
        scores.extend(self.passed[1..7].iter_mut());
        scores.extend([&mut self.doubled, &mut self.isolated, &mut self.rook_open, &mut self.rook_half_open]);
        scores.extend([&mut self.king_shield, &mut self.bishop_pair]);
        scores.extend(self.mobility.iter_mut());
        scores.push(&mut self.tempo);
        scores.extend([&mut self.king_danger, &mut self.pawn_threat, &mut self.supported_pawn, &mut self.passed_king]);
        scores.into_iter().flat_map(|Score(mg, eg)| [mg, eg]).collect()
    }
}

/// The phase at the start of a game: all pieces on.
const FULL_PHASE: i32 = 24;

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
fn placement(w: &Weights, piece: Piece, file: usize, rank: usize) -> Score {
    let centre = central(file) + central(rank); // 0 in a corner, 6 in the centre
    let centralised = |i: usize| {
        let (per_step, constant) = w.centralisation[i];
        per_step * centre + constant
    };
    match piece {
        Piece::Pawn => {
            let mut score = w.pawn_advance * (rank as i32 - 1);
            if (3..=4).contains(&rank) {
                match file {
                    3 | 4 => score += w.pawn_centre[0],
                    2 | 5 => score += w.pawn_centre[1],
                    _ => {}
                }
            }
            score
        }
        Piece::Knight => centralised(0),
        Piece::Bishop => centralised(1),
        Piece::Rook if rank == 6 => w.rook_on_seventh,
        Piece::Rook => Score(0, 0),
        Piece::Queen => centralised(2),
        Piece::King => {
            let shelter = if rank == 0 { w.king_back_rank } else { w.king_forward * rank as i32 };
            let tucked = if central(file) <= 1 { w.king_tucked } else { Score(0, 0) };
            centralised(3) + shelter + tucked
        }
    }
}

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
fn side_score(w: &Weights, board: &Board, color: Color) -> Score {
    let mut score = Score::default();
    let own = board.colors(color);
    let occupied = board.occupied();
    let own_pawns = board.colored_pieces(color, Piece::Pawn);
    let their_pawns = board.colored_pieces(!color, Piece::Pawn);
    let their_king = board.king(!color);
    let their_king_zone = get_king_moves(their_king) | their_king.bitboard();
    let (mut king_attackers, mut king_attack) = (0, 0);
    let own_pawn_attacks = pawn_attacks(color, own_pawns);
    let their_pieces = board.colors(!color) & !their_pawns;
    score += w.pawn_threat * (own_pawn_attacks & their_pieces).len() as i32;
    score += w.supported_pawn * (own_pawn_attacks & own_pawns).len() as i32;
    let own_king = board.king(color);
    for piece in Piece::ALL {
        for square in board.colored_pieces(color, piece) {
            let rank = relative_rank(color, square);
            if piece != Piece::King {
                score += w.material[piece as usize];
            }
            score += placement(w, piece, square.file() as usize, rank);
            let reach = match piece {
                Piece::Knight => Some((get_knight_moves(square), w.mobility[0], 4)),
                Piece::Bishop => Some((get_bishop_moves(square, occupied), w.mobility[1], 6)),
                Piece::Rook => Some((get_rook_moves(square, occupied), w.mobility[2], 7)),
                Piece::Queen => {
                    let lines = get_rook_moves(square, occupied) | get_bishop_moves(square, occupied);
                    Some((lines, w.mobility[3], 13))
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
                        score += w.passed[rank];
                        if let Some(stop) = square.try_offset(0, if color == Color::White { 1 } else { -1 }) {
                            let closer = distance(their_king, stop) - distance(own_king, stop);
                            score += w.passed_king * closer;
                        }
                    }
                    if (file & own_pawns).len() > 1 {
                        score -= w.doubled;
                    }
                    let beside = front_span(color, square) | front_span(!color, square);
                    if (beside & !file & own_pawns).is_empty() {
                        score -= w.isolated;
                    }
                }
                Piece::Rook if (file & own_pawns).is_empty() => {
                    score += if (file & their_pawns).is_empty() { w.rook_open } else { w.rook_half_open };
                }
                Piece::King => {
                    let shield = get_king_moves(square) & front_span(color, square) & own_pawns;
                    score += w.king_shield * shield.len().min(3) as i32;
                }
                _ => {}
            }
        }
    }
    if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
        score += w.bishop_pair;
    }
    let danger = king_danger(king_attackers, king_attack);
    score += Score(danger * w.king_danger.0 / 96, danger * w.king_danger.1 / 96);
    score
}

/// The squares `color`'s `pawns` attack.
fn pawn_attacks(color: Color, pawns: BitBoard) -> BitBoard {
    let (west, east) = (pawns.0 & !FILE_A, pawns.0 & !(FILE_A << 7));
    BitBoard(match color {
        Color::White => (west << 7) | (east << 9),
        Color::Black => (west >> 9) | (east >> 7),
    })
}

/// King steps between two squares.
pub(super) fn distance(a: Square, b: Square) -> i32 {
    let files = (a.file() as i32 - b.file() as i32).abs();
    let ranks = (a.rank() as i32 - b.rank() as i32).abs();
    files.max(ranks)
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

/// The weight of an attack on the king by `attackers` pieces reaching zone squares worth `attack` in all: nothing
/// from a single piece, which the king's side can meet, and growing with the square of the attack beyond that —
/// pieces joining an attack are worth more together than apart — up to 2,400, of which [`Weights::king_danger`]
/// counts so many 96ths (the hand-set 16 made that at most 400 centipawns).
fn king_danger(attackers: i32, attack: i32) -> i32 {
    if attackers < 2 { 0 } else { (attack * attack).min(2_400) }
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
    evaluate_with(&WEIGHTS, board)
}

/// [`evaluate`] with other weights.
pub fn evaluate_with(w: &Weights, board: &Board) -> i32 {
    let me = board.side_to_move();
    let mut score = side_score(w, board, me);
    score -= side_score(w, board, !me);
    score += w.tempo;
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
        assert_eq!(start, WEIGHTS.tempo.0, "only the move's worth");
        let white = eval("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let black = eval("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
        assert_eq!(white, black, "the same position seen from either side");
    }

    /// The tuner moves each of [`Weights::tunable`]'s numbers: every one must be one the evaluation reads, or the
    /// tuner would chase a weight that changes nothing. Positions from random games, at every phase, show each one
    /// changing some evaluation.
    #[test]
    fn every_tunable_weight_is_read_by_the_evaluation() {
        let mut boards = Vec::new();
        let mut seed = 7u64;
        for _ in 0..40 {
            let mut board = Board::default();
            for _ in 0..120 {
                let mut moves = Vec::new();
                board.generate_moves(|set| {
                    moves.extend(set);
                    false
                });
                if moves.is_empty() {
                    break;
                }
                seed = crate::engine::hash::splitmix64(seed);
                board.play(moves[(seed % moves.len() as u64) as usize]);
                boards.push(board.clone());
            }
        }
        let count = WEIGHTS.clone().tunable(true).len();
        assert_eq!(count, 2 * 37, "two numbers (middlegame, endgame) for each tuned score");
        for i in 0..count {
            let mut changed = WEIGHTS.clone();
            *changed.tunable(true)[i] += 50;
            let read = boards.iter().any(|b| evaluate_with(&changed, b) != evaluate_with(&WEIGHTS, b));
            assert!(read, "tunable weight {i} changes no evaluation");
        }
        let without_material = WEIGHTS.clone().tunable(false).len();
        assert_eq!(without_material, count - 10, "the five pieces' material left out");
    }

    #[test]
    fn pawns_attack_diagonally_forward_and_not_across_the_board_edge() {
        let squares = |color, names: &[Square]| {
            let pawns = names.iter().fold(BitBoard::EMPTY, |b, &s| b | s.bitboard());
            let mut attacked: Vec<Square> = pawn_attacks(color, pawns).into_iter().collect();
            attacked.sort();
            attacked
        };
        assert_eq!(squares(Color::White, &[Square::H2]), [Square::G3]);
        assert_eq!(squares(Color::White, &[Square::A2, Square::D4]), [Square::B3, Square::C5, Square::E5]);
        assert_eq!(squares(Color::Black, &[Square::A7]), [Square::B6]);
        assert_eq!(squares(Color::Black, &[Square::H7, Square::E5]), [Square::D4, Square::F4, Square::G6]);
        assert_eq!(distance(Square::A1, Square::H8), 7);
        assert_eq!(distance(Square::E4, Square::F6), 2);
    }

    #[test]
    fn endgame_knowledge_points_the_right_way() {
        // A passed pawn on the seventh is worth more than one on the second.
        assert!(eval("4k3/P7/8/8/8/8/8/4K3 w - - 0 1") > eval("4k3/8/8/8/8/8/P7/4K3 w - - 0 1") + 50);
        // A passed pawn is worth more with its own king before it than with the enemy's.
        assert!(eval("8/8/1K6/8/P7/8/8/6k1 w - - 0 1") > eval("8/8/1k6/8/P7/8/8/6K1 w - - 0 1") + 100);
        // Against a bare king: its king in the corner is better for the queen's side than in the centre.
        let cornered = eval("k7/8/2K5/8/8/8/7Q/8 w - - 0 1");
        let central = eval("8/8/8/3k4/8/8/7Q/K7 w - - 0 1");
        assert!(cornered > central + 100, "{cornered} vs {central}");
        // And the side with the bare king sees it the other way round.
        assert!(eval("k7/8/2K5/8/8/8/7Q/8 b - - 0 1") < -1000);
    }
}
