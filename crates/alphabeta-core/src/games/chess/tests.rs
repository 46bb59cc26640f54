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

/// After 25…Ba3 26.Qc2 Bb4 27.Qc1 the position stands for the second time. For the AI's play that is a repetition
/// (it steers clear of it); for an analysis whose root is the position after 27.Qc1, coming back to the position
/// after 25…Ba3 is not (it stood once, before the root), while a repetition within the line is, and so is a third
/// occurrence.
#[test]
fn from_an_analysis_root_only_a_repetition_in_the_line_or_a_third_one_counts() {
    let play = |game: &mut Chess, names: &[&str]| {
        for name in names {
            let mv = crate::games::any::Playable::find_move(game, name).unwrap_or_else(|| panic!("{name}"));
            game.play(mv);
        }
    };
    let start = Chess::from_fen("4k2r/1p3p2/6p1/p2p4/1b1Pq3/1P3p1P/P2BbP2/R1Q1K3 b k - 3 25").expect("valid");
    let mut line = start.clone();
    line.analyse_from_here();
    play(&mut line, &["Ba3", "Qc2", "Bb4", "Qc1"]);
    assert!(line.repeats_a_position(), "both occurrences in the line");
    let mut game = start.clone();
    play(&mut game, &["Ba3", "Qc2", "Bb4", "Qc1"]);
    assert!(game.repeats_a_position(), "the AI's play counts any earlier occurrence");
    game.analyse_from_here();
    play(&mut game, &["Ba3"]);
    assert!(!game.repeats_a_position(), "stood once, before the root");
    play(&mut game, &["Qc2", "Bb4", "Qc1"]);
    assert!(game.repeats_a_position() && game.is_over(), "the third occurrence");
}
