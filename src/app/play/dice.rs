//! The die of the dice games in Play. Rolled by a seeded ChaCha generator from the seed and the moves so far, so
//! the same seed and the same moves give the same roll: undo and redo, and a reloaded session, roll what they
//! rolled before, while a different move before the roll gives a fresh roll. Or entered by hand, for analysis.
//! No egui here.

use crate::games::any::{AnyGame, AnyMove};
use rand::{Rng, SeedableRng};

/// How the die is rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Dice {
    /// Seeds every roll of the game.
    pub seed: u64,
    /// Analysis: every roll (the AI's too) is entered by hand with the buttons 1–6 instead of rolled.
    pub by_hand: bool,
}

impl Default for Dice {
    fn default() -> Self {
        Dice { seed: 1, by_hand: false }
    }
}

/// The face (1–6) rolled after `moves` with `seed`.
pub fn face(seed: u64, moves: &[AnyMove]) -> u8 {
    // FNV-1a over the moves folds the line played into the seed.
    let line = moves.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &mv| (h ^ mv).wrapping_mul(0x0100_0000_01b3));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ line.rotate_left(29) ^ moves.len() as u64);
    rng.random_range(1..=6)
}

/// The chance move of `game` that shows `face` (the outcome named `die N`), if `game` is at a chance node.
pub fn outcome(game: &AnyGame, face: u8) -> Option<AnyMove> {
    let name = format!("die {face}");
    game.legal_moves().into_iter().find(|&mv| game.move_name(mv) == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_and_moves_roll_the_same_and_every_face_comes_up() {
        let moves = [105, 20, 102];
        assert_eq!(face(7, &moves), face(7, &moves));
        let faces: Vec<u8> = (0..600).map(|seed| face(seed, &moves)).collect();
        for f in 1..=6 {
            let count = faces.iter().filter(|&&x| x == f).count();
            assert!((60..=140).contains(&count), "face {f} came up {count} times in 600");
        }
        let lines: Vec<u8> = (0..60).map(|last| face(7, &[105, last])).collect();
        assert!(lines.iter().any(|&f| f != lines[0]), "the moves change the roll");
    }
}
