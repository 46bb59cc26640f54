//! Chess's rules as the studio wraps them: moves as numbers, names, repetition and the end of the game.

use super::*;

#[test]
fn encoding_round_trips_every_legal_move_of_kiwipete() {
    let game = Chess::from_fen(KIWIPETE).expect("valid");
    for mv in game.legal_moves() {
        assert_eq!(decode(encode(mv)), Some(mv));
    }
    let promotion = Move { from: Square::E7, to: Square::E8, promotion: Some(Piece::Queen) };
    assert_eq!(decode(encode(promotion)), Some(promotion));
    assert_eq!(decode(5 << 12), None);
    assert_eq!(decode(1 << 15), None);
}

#[test]
fn chess_mates_and_pawns() {
    // White mates in 1 (Qf8#).
    let game = crate::games::chess::Chess::from_fen("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1").unwrap();
    assert_eq!(words::score_in_words(crate::games::score_words::solve(&game, 1), 0, Side::Max), "White mates in 1");
    assert_eq!(words::score_in_words(62.0, 0, Side::Max), "+0.62 (pawns)");
    assert_eq!(words::score_in_words(-0.0, 0, Side::Max), "0 (pawns)");
    // Black to move, being mated in 1 move of White's.
    assert_eq!(words::score_in_words(-(crate::games::chess::WIN - 11.0), 10, Side::Min), "White mates in 1");
}
