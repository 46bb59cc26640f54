//! Move ordering for game searches — α-β's efficiency is all in the order (Edwards & Hart 1963). Each source can be
//! switched off to measure what it brings:
//! 1. the hash move: the best move the transposition table remembers for this position;
//! 2. killer moves: two moves per ply that recently caused a cut-off at that ply (in a sibling position);
//! 3. the game's static hint ([`Game::move_hint`]);
//! 4. the history heuristic: how often, weighted by depth², a move caused a cut-off anywhere.
//!
//! Moves are ranked by the hash move first, then the game's hint, then killers, then history — the hint before the
//! killers because a game's hint is tactical knowledge (a capture, a threat made) while a killer is only a guess
//! from a sibling: in Connect Four, ranking killers above the threat-count hint multiplied the nodes by eight.
//! Ties keep the order the game generated them in.

use crate::engine::game::{Game, HISTORY_SLOTS};
use serde::{Deserialize, Serialize};

/// Which ordering sources are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OrderingOptions {
    pub hash_move: bool,
    pub killers: bool,
    pub hints: bool,
    pub history: bool,
}

impl Default for OrderingOptions {
    fn default() -> Self {
        OrderingOptions { hash_move: true, killers: true, hints: true, history: true }
    }
}

impl OrderingOptions {
    /// Children in the order the game generates them.
    pub const NONE: OrderingOptions =
        OrderingOptions { hash_move: false, killers: false, hints: false, history: false };
}

/// The ordering state a search carries from node to node and iteration to iteration.
#[derive(Clone, Debug)]
pub struct MoveOrderer<M> {
    pub options: OrderingOptions,
    killers: Vec<[Option<M>; 2]>,
    history: Vec<u32>,
    scratch: Vec<(Key, M)>,
}

/// A move's rank, larger first: is it the hash move, then the hint, the killer rank and the history, packed into
/// one number so that sorting compares one integer rather than four fields (see [`key`]).
type Key = u128;

/// The rank of a move: (is the hash move, hint, killer rank, history) compared in that order.
fn key(is_hash_move: bool, hint: i32, killer: u8, history: u32) -> Key {
    let hint = (i64::from(hint) - i64::from(i32::MIN)) as u128; // 0 for the lowest hint, in 32 bits
    u128::from(is_hash_move) << 72 | hint << 40 | u128::from(killer) << 32 | u128::from(history)
}

impl<M: Copy + Eq> MoveOrderer<M> {
    pub fn new(options: OrderingOptions) -> Self {
        MoveOrderer { options, killers: Vec::new(), history: Vec::new(), scratch: Vec::new() }
    }

    /// Forgets killers and history (between games, or before a benchmark position).
    pub fn clear(&mut self) {
        self.killers.clear();
        self.history.clear();
    }

    /// Makes room for a new search from another position: the killers (moves of the old search's plies, which
    /// are other positions now) are forgotten and the history counts are divided by eight, so that what the new
    /// search learns soon outweighs them, and the counts never reach their ceiling over a long game.
    pub fn age(&mut self) {
        self.killers.clear();
        for count in &mut self.history {
            *count /= 8;
        }
    }

    /// Sorts `moves` (the children of a node at `ply`) best-first.
    pub fn order<G: Game<Move = M>>(&mut self, game: &G, moves: &mut [M], ply: u32, hash_move: Option<M>) {
        let o = self.options;
        if moves.len() < 2 || !(o.hash_move || o.killers || o.hints || o.history) {
            return;
        }
        let killers = self.killers.get(ply as usize).copied().unwrap_or([None, None]);
        self.scratch.clear();
        for &mv in moves.iter() {
            let is_hash_move = o.hash_move && hash_move == Some(mv);
            let killer = if o.killers && killers[0] == Some(mv) {
                2
            } else if o.killers && killers[1] == Some(mv) {
                1
            } else {
                0
            };
            let hint = if o.hints { game.move_hint(mv) } else { 0 };
            let history = match (o.history, game.history_index(mv)) {
                (true, Some(i)) => self.history.get(i).copied().unwrap_or(0),
                _ => 0,
            };
            self.scratch.push((key(is_hash_move, hint, killer, history), mv));
        }
        // Stable, so equal keys keep the game's order.
        self.scratch.sort_by_key(|entry| std::cmp::Reverse(entry.0));
        for (slot, &(_, mv)) in moves.iter_mut().zip(&self.scratch) {
            *slot = mv;
        }
    }

    /// Learns from a cut-off by `mv` at `ply` with `depth` plies left.
    pub fn record_cutoff<G: Game<Move = M>>(&mut self, game: &G, mv: M, ply: u32, depth: u32) {
        if self.options.killers {
            let ply = ply as usize;
            if self.killers.len() <= ply {
                self.killers.resize(ply + 1, [None, None]);
            }
            let slot = &mut self.killers[ply];
            if slot[0] != Some(mv) {
                slot[1] = slot[0];
                slot[0] = Some(mv);
            }
        }
        if self.options.history
            && let Some(i) = game.history_index(mv).filter(|&i| i < HISTORY_SLOTS)
        {
            if self.history.is_empty() {
                self.history.resize(HISTORY_SLOTS, 0);
            }
            let bonus = depth.min(1 << 10).pow(2);
            self.history[i] = self.history[i].saturating_add(bonus);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_keys_rank_as_their_fields_do_in_order() {
        let fields = [
            (false, i32::MIN, 0, 0),
            (false, -10_000, 2, u32::MAX),
            (false, -1, 0, 7),
            (false, 0, 0, 0),
            (false, 0, 0, 1),
            (false, 0, 1, 0),
            (false, 0, 2, u32::MAX),
            (false, 1, 0, 0),
            (false, i32::MAX, 2, u32::MAX),
            (true, i32::MIN, 0, 0),
            (true, 0, 0, 0),
        ];
        for a in fields {
            for b in fields {
                assert_eq!(key(a.0, a.1, a.2, a.3).cmp(&key(b.0, b.1, b.2, b.3)), a.cmp(&b), "{a:?} against {b:?}");
            }
        }
    }
}
