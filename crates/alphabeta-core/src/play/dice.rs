//! The chance turns of the dice games in Play. Rolled by a seeded ChaCha generator from the seed and the moves so
//! far, so the same seed and the same moves give the same roll: undo and redo, and a reloaded session, roll what
//! they rolled before, while a different move before the roll gives a fresh roll. Or entered by hand, for analysis
//! (by the family's painter). Any game's chance outcomes can be rolled: equally likely ones by one uniform draw
//! (a six-sided die rolls exactly as [`face`] says), others by their probabilities.

use crate::engine::game::Turn;
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

/// The generator for the roll after `moves` with `seed`.
fn generator(seed: u64, moves: &[AnyMove]) -> rand_chacha::ChaCha8Rng {
    // FNV-1a over the moves folds the line played into the seed.
    let line = moves.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &mv| (h ^ mv).wrapping_mul(0x0100_0000_01b3));
    rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ line.rotate_left(29) ^ moves.len() as u64)
}

/// The face (1–6) a six-sided die shows after `moves` with `seed`.
pub fn face(seed: u64, moves: &[AnyMove]) -> u8 {
    generator(seed, moves).random_range(1..=6)
}

/// The chance outcome of `game` rolled after `moves` with `seed`, or `None` when `game` is not at a chance turn.
/// Equally likely outcomes are drawn as a die is (the `i`-th outcome in the game's order where a die shows `i + 1`);
/// others by their probabilities.
pub fn roll(seed: u64, moves: &[AnyMove], game: &AnyGame) -> Option<AnyMove> {
    if game.turn() != Turn::Chance || game.outcome().is_some() {
        return None;
    }
    let outcomes = game.legal_moves();
    let probabilities: Vec<f64> = outcomes.iter().map(|&mv| game.probability(mv)).collect();
    let first = *probabilities.first()?;
    let mut rng = generator(seed, moves);
    if probabilities.iter().all(|&p| (p - first).abs() < 1e-12) {
        let count = u32::try_from(outcomes.len()).ok()?;
        // u32, as the die's u8 draw samples in u32: the same number drawn, so a die rolls as `face` says.
        let index = rng.random_range(0..count) as usize;
        return outcomes.get(index).copied();
    }
    let mut left = rng.random::<f64>() * probabilities.iter().sum::<f64>();
    for (&mv, &p) in outcomes.iter().zip(&probabilities) {
        if left < p {
            return Some(mv);
        }
        left -= p;
    }
    outcomes.last().copied()
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

    #[test]
    fn a_dice_game_rolls_the_face_the_die_shows() {
        use crate::games::einstein::Einstein;
        let game = AnyGame::new(Einstein::new());
        for seed in 0..200 {
            let moves = [seed % 7, 3 * seed];
            let rolled = roll(seed, &moves, &game).expect("EinStein starts with a roll");
            assert_eq!(game.move_name(rolled), format!("die {}", face(seed, &moves)), "seed {seed}");
        }
        let mut after = game.clone();
        after.try_play(roll(1, &[], &game).expect("a roll")).expect("legal");
        assert_eq!(roll(1, &[], &after), None, "no roll at a decision");
    }
}
