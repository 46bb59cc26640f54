//! Unit tests of the review's classes; the oracles (solved positions, games played by the engine) are in
//! `crates/alphabeta-core/tests/games/review.rs`.

use super::*;

#[test]
fn losses_fall_in_lichess_s_classes() {
    let classes: Vec<MoveClass> = [0.0, 0.099, 0.1, 0.19, 0.2, 0.299, 0.3, 2.0].map(MoveClass::of_loss).to_vec();
    use MoveClass::*;
    assert_eq!(classes, [Good, Good, Inaccuracy, Inaccuracy, Mistake, Mistake, Blunder, Blunder]);
    let marks: Vec<(&str, Option<u8>)> = MoveClass::ALL.iter().map(|c| (c.mark(), c.nag())).collect();
    // Glyphs on the errors only, as Lichess writes a review: none on a best move.
    assert_eq!(marks, [("", None), ("", None), ("?!", Some(6)), ("?", Some(2)), ("??", Some(4)), ("", None)]);
    for (i, class) in MoveClass::ALL.iter().enumerate() {
        assert_eq!(class.index(), i);
    }
}
