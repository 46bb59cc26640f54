//! Deliberate, human-like mistakes for the weaker levels. A person who has not seen a refutation plays a move that
//! looks about as good as the best one; so does this model. Every root move gets a score, each score gets seeded
//! noise of up to `margin` added, and the move with the highest noisy score is played. A move worse than the best
//! by more than `margin` can never be chosen — a weak AI still takes a win it sees and avoids a loss it sees — and
//! the closer a move is to the best, the likelier it is. As in Stockfish's skill levels, the margin grows as the
//! level drops.
//!
//! The noise is drawn from ChaCha seeded with the player's seed and the position's hash: the same seed and the same
//! moves give the same game, on any machine.
//!
//! The scores come from [`score_root_moves`], which deepens like the search does: every root move at 1 ply, then
//! 2, … up to the search's own depth, keeping the deepest round that finished in time. So a level errs at every
//! time limit — a short one scores shallower, never not at all (levels 7 and up used to run out of time
//! before one full-depth scoring round and so almost never erred). A shallower round never overrules the search:
//! no other move scores above the move the search judged best.

use super::alphabeta_memory::Memory;
use super::context::{Searcher, StopWhen};
use super::observer::NoObserver;
use super::tt::Table;
use crate::engine::game::{Game, Turn, Value};
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

/// Root moves scored for a deliberate mistake: each move with its score from the point of view of the player to
/// move, the searched best first, and how deep they were scored (in plies from the root).
#[derive(Clone, Debug, PartialEq)]
pub struct RootScores<M> {
    /// Each root move with its score, the searched best first.
    pub scores: Vec<(M, Value)>,
    /// The depth of the round the scores come from, in plies from the root.
    pub depth: u32,
}

/// Scores every root move of `game` (restored on return), round after round: each move's child searched with the
/// full window to depth `d` − 1 for `d` = 1, 2, … `depth`, with `memory` (the table the search just filled makes
/// the early rounds nearly free). The deepest round that `stop_when` did not cut short is returned, `best` (the
/// searched best) first and every other score capped at its score. `scout`: search the children with null-window
/// scouting (PVS). `None` at a chance node, with fewer than two moves, or when not even the first round finished.
pub fn score_root_moves<G: Game, T: Table<G::Move>>(
    game: &mut G,
    memory: &mut Memory<G::Move, T>,
    depth: u32,
    best: Option<G::Move>,
    scout: bool,
    stop_when: StopWhen<'_>,
) -> Option<RootScores<G::Move>> {
    if game.turn() == Turn::Chance {
        return None;
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    if moves.len() < 2 {
        return None;
    }
    if let Some(at) = best.and_then(|b| moves.iter().position(|&m| m == b)) {
        moves[..=at].rotate_right(1);
    }
    let root_sign = game.turn().sign();
    let mut deepest = None;
    let mut nodes = 0u64;
    'rounds: for round in 1..=depth.max(1) {
        let mut scores = Vec::with_capacity(moves.len());
        for &mv in &moves {
            game.play(mv);
            // A child's value is from its own side to move (MAX's at a chance node): bring it to the root's.
            let child_sign = game.turn().sign();
            let node_limit = stop_when.node_limit.map(|n| n.saturating_sub(nodes).max(1));
            let mut observer = NoObserver;
            let mut searcher = Searcher::new(game, &mut observer, StopWhen { node_limit, ..stop_when });
            let (low, high) = (Value::NEG_INFINITY, Value::INFINITY);
            let value = searcher.alphabeta_memory(memory, None, low, high, round - 1, scout);
            let stopped = searcher.stopped;
            nodes += searcher.stats.nodes_visited;
            game.undo(mv);
            if stopped {
                break 'rounds;
            }
            scores.push((mv, root_sign * child_sign * value));
        }
        deepest = Some(RootScores { scores, depth: round });
    }
    let mut deepest = deepest?;
    if best.is_some() {
        let ceiling = deepest.scores[0].1;
        for (_, score) in &mut deepest.scores[1..] {
            *score = score.min(ceiling);
        }
    }
    Some(deepest)
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
