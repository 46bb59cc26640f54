//! Deliberate, human-like mistakes for the weaker levels. A person who has not seen a refutation plays a move that
//! looks about as good as the best one; so does this model. Every root move gets a score, each score gets seeded
//! noise of up to `margin` added, and the move with the highest noisy score is played. A move worse than the best
//! by more than `margin` can never be chosen — a weak AI still takes a win it sees and avoids a loss it sees — and
//! the closer a move is to the best, the likelier it is. As in Stockfish's skill levels, the margin grows as the
//! level drops.
//!
//! The noise is drawn from ChaCha seeded with the player's seed and the position's hash: the same seed and the same
//! moves give the same game, on any machine.

use crate::engine::game::Value;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// How much weaker than its search an AI plays.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Skill {
    /// The most a chosen move's score may fall short of the best score, in the game's evaluation units.
    pub margin: Value,
    /// Seeds the choice (with the position's hash).
    pub seed: u64,
}

impl Default for Skill {
    fn default() -> Self {
        Skill { margin: 0.0, seed: 1 }
    }
}

/// The index, in `scores`, of the move to play: the best score when `margin` is 0, else the highest score after
/// adding noise uniform in [0, `margin`). `None` for no moves. Scores are from the point of view of the player to
/// move; ties keep the earlier move (the search's order, best first).
pub fn choose(scores: &[Value], skill: &Skill, position_hash: u64) -> Option<usize> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(skill.seed ^ position_hash.rotate_left(17));
    let margin = if skill.margin.is_finite() { skill.margin.max(0.0) } else { 0.0 };
    let mut best: Option<(usize, Value)> = None;
    for (i, &score) in scores.iter().enumerate() {
        let noise = if margin > 0.0 { rng.random::<f64>() * margin } else { 0.0 };
        let noisy = score + noise;
        if best.is_none_or(|(_, b)| noisy > b) {
            best = Some((i, noisy));
        }
    }
    best.map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_margin_plays_the_best() {
        let skill = Skill { margin: 0.0, seed: 7 };
        for hash in 0..100 {
            assert_eq!(choose(&[0.1, 0.5, 0.3], &skill, hash), Some(1));
        }
        assert_eq!(choose(&[], &skill, 0), None);
    }

    #[test]
    fn only_moves_within_the_margin_are_played_and_the_closer_the_likelier() {
        let skill = Skill { margin: 0.3, seed: 7 };
        let scores = [0.5, 0.45, 0.25, 0.1, -100.0];
        let mut counts = [0; 5];
        for hash in 0..10_000u64 {
            counts[choose(&scores, &skill, hash.wrapping_mul(0x9E37_79B9_7F4A_7C15)).expect("a move")] += 1;
        }
        assert_eq!(counts[3] + counts[4], 0, "more than the margin below the best: {counts:?}");
        assert!(counts[0] > counts[1] && counts[1] > counts[2] && counts[2] > 0, "{counts:?}");
    }

    #[test]
    fn the_same_seed_and_position_give_the_same_choice() {
        let scores = [0.0, 0.01, 0.02, 0.03];
        let a = Skill { margin: 1.0, seed: 3 };
        let b = Skill { margin: 1.0, seed: 4 };
        let choices = |s: &Skill| (0..64u64).map(|h| choose(&scores, s, h)).collect::<Vec<_>>();
        assert_eq!(choices(&a), choices(&a));
        assert_ne!(choices(&a), choices(&b), "another seed, another game");
    }
}
