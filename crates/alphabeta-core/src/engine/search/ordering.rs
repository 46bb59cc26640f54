//! Move ordering for game searches — α-β's efficiency is all in the order (Edwards & Hart 1963). Each source can be
//! switched off to measure what it brings:
//! 1. the hash move: the best move the transposition table remembers for this position;
//! 2. killer moves: two moves per ply that recently caused a cut-off at that ply (in a sibling position);
//! 3. the game's static hint ([`Game::move_hint`]);
//! 4. the history heuristic: how often, weighted by depth², a move caused a cut-off anywhere — less, for quiet
//!    moves, how often it was tried in vain before another quiet move cut off;
//! 5. the countermove (Uiterwijk 1992): the quiet move that last refuted the move just played, ranked after the
//!    killers. Only quiet moves ([`Game::is_reducible`]) are remembered, so only games that name them have any.
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
    /// Search the move the transposition table remembers first.
    pub hash_move: bool,
    /// Rank the two killer moves of the ply (and the countermove) early.
    pub killers: bool,
    /// Rank by the game's static hint ([`Game::move_hint`]).
    pub hints: bool,
    /// Rank the remaining moves by the history heuristic.
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
    /// Which sources are used.
    pub options: OrderingOptions,
    killers: Vec<[Option<M>; 2]>,
    history: Vec<u32>,
    /// By the history slot of the move that led to a node: the quiet move that last cut off there.
    countermoves: Vec<Option<M>>,
    scratch: Vec<(Key, M)>,
    /// The ranks of the moves of the nodes being searched, a stack (see [`MoveOrderer::rank`]).
    ranks: Vec<Key>,
}

/// How many moves [`MoveOrderer::pick`] brings forward one by one before it sorts the rest: most cut-offs come
/// from the first move. Measured by the instructions of three depth-10 searches (callgrind): picking 1, 2, 3 or 5
/// before sorting saves 3.9–5.0 %, 3.8–4.6 %, 3.2–4.8 % and 2.5–4.3 % of sorting at once.
pub const LAZY_PICKS: usize = 1;

/// A move's rank, larger first: is it the hash move, then the hint, the killer rank and the history, packed into
/// one number so that sorting compares one integer rather than four fields (see [`key`]).
type Key = u128;

/// The rank of a move: (is the hash move, hint, killer rank, history) compared in that order; the killer rank is
/// 3 for the first killer, 2 for the second, 1 for the countermove.
fn key(is_hash_move: bool, hint: i32, killer: u8, history: u32) -> Key {
    let hint = (i64::from(hint) - i64::from(i32::MIN)) as u128; // 0 for the lowest hint, in 32 bits
    u128::from(is_hash_move) << 72 | hint << 40 | u128::from(killer) << 32 | u128::from(history)
}

impl<M: Copy + Eq> MoveOrderer<M> {
    /// An orderer that has learned nothing yet, using the sources `options` allows.
    pub fn new(options: OrderingOptions) -> Self {
        MoveOrderer {
            options,
            killers: Vec::new(),
            history: Vec::new(),
            countermoves: Vec::new(),
            scratch: Vec::new(),
            ranks: Vec::new(),
        }
    }

    /// Forgets killers and history (between games, or before a benchmark position).
    pub fn clear(&mut self) {
        self.killers.clear();
        self.history.clear();
        self.countermoves.clear();
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

    /// Sorts `moves` (the children of a node at `ply`, reached by `previous`) best-first.
    pub fn order<G: Game<Move = M>>(
        &mut self,
        game: &G,
        moves: &mut [M],
        ply: u32,
        hash_move: Option<M>,
        previous: Option<M>,
    ) {
        let base = self.rank(game, moves, ply, hash_move, previous);
        // Picking up to `LAZY_PICKS` sorts the rest (stably, so equal keys keep the game's order).
        for next in 0..=LAZY_PICKS.min(moves.len()) {
            self.pick(moves, base, next);
        }
        self.forget_ranks(base);
    }

    /// Ranks `moves` (the children of a node at `ply`, reached by `previous`) for [`MoveOrderer::pick`], which
    /// then brings them forward one at a time, in the order [`MoveOrderer::order`] sorts them into: a node cut
    /// off by its first move never sorts the rest. The ranks go on a stack (children rank their own
    /// moves above them); returns where this node's begin, for `pick` and for [`MoveOrderer::forget_ranks`],
    /// which the node calls when it is done. Nothing is ranked when ordering is off or there is one move.
    pub fn rank<G: Game<Move = M>>(
        &mut self,
        game: &G,
        moves: &[M],
        ply: u32,
        hash_move: Option<M>,
        previous: Option<M>,
    ) -> usize {
        let base = self.ranks.len();
        let o = self.options;
        if moves.len() < 2 || !(o.hash_move || o.killers || o.hints || o.history) {
            return base;
        }
        let killers = self.killers.get(ply as usize).copied().unwrap_or([None, None]);
        let countermove = self.countermove(game, previous);
        for &mv in moves {
            let is_hash_move = o.hash_move && hash_move == Some(mv);
            let killer = if o.killers && killers[0] == Some(mv) {
                3
            } else if o.killers && killers[1] == Some(mv) {
                2
            } else if countermove == Some(mv) {
                1
            } else {
                0
            };
            let hint = if o.hints { game.move_hint(mv) } else { 0 };
            let history = match (o.history, game.history_index(mv)) {
                (true, Some(i)) => self.history.get(i).copied().unwrap_or(0),
                _ => 0,
            };
            self.ranks.push(key(is_hash_move, hint, killer, history));
        }
        base
    }

    /// Brings the best-ranked of `moves[next..]` to `moves[next]`, the first of equals: the rest keep their
    /// order, so the moves come out as a stable sort would put them. `moves` are the ones ranked at `base`, and
    /// `next` counts up from 0 by one. Each of the first [`LAZY_PICKS`] picks scans the rest; the node that needs
    /// more sorts the rest then, so that a node of many moves costs a sort, not a scan per move.
    pub fn pick(&mut self, moves: &mut [M], base: usize, next: usize) {
        let ranks = &mut self.ranks[base..];
        if ranks.len() != moves.len() || next > LAZY_PICKS {
            return; // not ranked (one move, or ordering off), or sorted already
        }
        if next == LAZY_PICKS {
            self.scratch.clear();
            self.scratch.extend(ranks[next..].iter().copied().zip(moves[next..].iter().copied()));
            self.scratch.sort_by_key(|entry| std::cmp::Reverse(entry.0));
            for ((rank, mv), &(sorted_rank, sorted_mv)) in
                ranks[next..].iter_mut().zip(&mut moves[next..]).zip(&self.scratch)
            {
                (*rank, *mv) = (sorted_rank, sorted_mv);
            }
            return;
        }
        let mut best = next;
        for j in next + 1..ranks.len() {
            if ranks[j] > ranks[best] {
                best = j;
            }
        }
        if best > next {
            ranks[next..=best].rotate_right(1);
            moves[next..=best].rotate_right(1);
        }
    }

    /// Drops the ranks from `base` on (see [`MoveOrderer::rank`]).
    pub fn forget_ranks(&mut self, base: usize) {
        self.ranks.truncate(base);
    }

    /// The countermove remembered for `previous` (with killers on).
    fn countermove<G: Game<Move = M>>(&self, game: &G, previous: Option<M>) -> Option<M> {
        if !self.options.killers {
            return None;
        }
        self.countermoves.get(slot(game, previous?)?).copied().flatten()
    }

    /// Learns from a cut-off by `mv` at `ply` with `depth` plies left, at a node reached by `previous`, after the
    /// moves `tried` (ordered before `mv`): `mv` earns its killer slot, its history (depth²) and, a quiet move
    /// ([`Game::is_reducible`]), the countermove slot of `previous`; the quiet moves tried before a quiet
    /// cut-off lose the history it earned (the history "malus"), so that a move that keeps failing sinks below
    /// those that sometimes succeed.
    pub fn record_cutoff<G: Game<Move = M>>(
        &mut self,
        game: &G,
        mv: M,
        ply: u32,
        depth: u32,
        previous: Option<M>,
        tried: &[M],
    ) {
        let quiet = game.is_reducible(mv);
        if self.options.killers
            && quiet
            && let Some(i) = previous.and_then(|p| slot(game, p))
        {
            if self.countermoves.is_empty() {
                self.countermoves.resize(HISTORY_SLOTS, None);
            }
            self.countermoves[i] = Some(mv);
        }
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
            && let Some(i) = slot(game, mv)
        {
            if self.history.is_empty() {
                self.history.resize(HISTORY_SLOTS, 0);
            }
            let bonus = depth.min(1 << 10).pow(2);
            self.history[i] = self.history[i].saturating_add(bonus);
            if quiet {
                for &failed in tried.iter().filter(|&&m| game.is_reducible(m)) {
                    if let Some(j) = slot(game, failed) {
                        self.history[j] = self.history[j].saturating_sub(bonus);
                    }
                }
            }
        }
    }
}

/// `mv`'s slot in the history and countermove tables ([`Game::history_index`]), if the game names one in range.
fn slot<G: Game>(game: &G, mv: G::Move) -> Option<usize> {
    game.history_index(mv).filter(|&i| i < HISTORY_SLOTS)
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

    use crate::games::chess::{Chess, KIWIPETE};

    fn kiwipete() -> Chess {
        Chess::from_fen(KIWIPETE).expect("valid")
    }

    fn named(game: &Chess, name: &str) -> cozy_chess::Move {
        game.parse_move(name).expect("legal")
    }

    #[test]
    fn picking_one_move_at_a_time_gives_the_sorted_order() {
        let game = kiwipete();
        let mut orderer = MoveOrderer::new(OrderingOptions::default());
        // Killers, history and a hash move, so that ranks differ; most quiet moves still tie at 0.
        for (name, depth) in [("e2a6", 3), ("a1b1", 5), ("g2g3", 2), ("d5e6", 4)] {
            orderer.record_cutoff(&game, named(&game, name), 2, depth, None, &[]);
        }
        let hash_move = named(&game, "f3f5");
        let mut picked = game.legal_moves();
        let base = orderer.rank(&game, &picked, 2, Some(hash_move), None);
        // The reference: every move with its rank, sorted at once by a stable sort, best first.
        let mut expected: Vec<(Key, cozy_chess::Move)> =
            orderer.ranks[base..].iter().copied().zip(picked.iter().copied()).collect();
        expected.sort_by_key(|&(rank, _)| std::cmp::Reverse(rank));
        let expected: Vec<_> = expected.into_iter().map(|(_, mv)| mv).collect();
        for next in 0..picked.len() {
            orderer.pick(&mut picked, base, next);
        }
        orderer.forget_ranks(base);
        assert_eq!(picked, expected);
        assert_eq!(picked[0], hash_move);
        assert!(orderer.ranks.is_empty(), "the node's ranks are dropped");
        let mut sorted = game.legal_moves();
        orderer.order(&game, &mut sorted, 2, Some(hash_move), None);
        assert_eq!(sorted, expected, "order() sorts as picking does");
    }

    #[test]
    fn a_quiet_refutation_is_tried_early_after_the_same_move_again() {
        let mut game = kiwipete();
        let previous = named(&game, "a2a3");
        game.play(previous);
        let refutation = named(&game, "a6b7");
        // History off, so that only the countermove can bring the refutation forward.
        let mut orderer = MoveOrderer::new(OrderingOptions { history: false, ..OrderingOptions::default() });
        orderer.record_cutoff(&game, refutation, 7, 3, Some(previous), &[]);
        let first_quiet = |orderer: &mut MoveOrderer<_>, previous| {
            let mut moves = game.legal_moves();
            orderer.order(&game, &mut moves, 1, None, previous);
            moves.into_iter().find(|&mv| game.is_reducible(mv)).expect("a quiet move")
        };
        assert_eq!(first_quiet(&mut orderer, Some(previous)), refutation);
        assert_ne!(first_quiet(&mut orderer, None), refutation, "only after the move it refuted");
    }

    #[test]
    fn a_quiet_move_tried_in_vain_loses_history() {
        let game = kiwipete();
        let (a, b) = (named(&game, "a1b1"), named(&game, "g2g3"));
        let mut orderer = MoveOrderer::new(OrderingOptions { killers: false, ..OrderingOptions::default() });
        orderer.record_cutoff(&game, a, 1, 3, None, &[]); // 9
        orderer.record_cutoff(&game, b, 1, 2, None, &[]); // 4
        let before = |orderer: &mut MoveOrderer<_>| {
            let mut moves = game.legal_moves();
            orderer.order(&game, &mut moves, 1, None, None);
            moves.iter().position(|&m| m == a) < moves.iter().position(|&m| m == b)
        };
        assert!(before(&mut orderer));
        let c = named(&game, "h1g1");
        orderer.record_cutoff(&game, c, 1, 3, None, &[a]); // a: 9 - 9; c: 9
        assert!(!before(&mut orderer));
    }
}
