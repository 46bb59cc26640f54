//! English draughts' rules: captures, crowning, move names, FEN, repetition and the end of the game.

use super::*;

#[test]
fn jumped_squares_lie_between_landings() {
    // 22x15x8: jumps over 18 and 11.
    let game = Draughts::from_fen("W:W22:B18,11").expect("valid");
    let mv = game.parse_move("22x15x8").expect("legal");
    assert_eq!(jumped(mv), [17, 10]);
    assert!(is_well_formed(mv));
}

#[test]
fn hash_follows_the_position() {
    let mut game = Draughts::new();
    let mut seen = Vec::new();
    for _ in 0..60 {
        let moves = game.legal_moves();
        let Some(&mv) = moves.get(seen.len() * 7 % moves.len().max(1)) else { break };
        seen.push((game.clone(), mv));
        game.play(mv);
        assert_eq!(game.position_hash(), game.full_hash(), "{game}");
    }
    for (before, mv) in seen.into_iter().rev() {
        game.undo(mv);
        assert_eq!(game, before);
    }
}
