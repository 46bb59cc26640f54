//! α-β with memory: the search games use. A transposition table remembers what earlier nodes, passes and
//! iterations learned; a move orderer puts the likely best move first; optionally every child after the first is
//! only scouted with a null window (PVS). MTD(f) and the iterative-deepening driver run on it.

use super::context::{NegamaxNode, Searcher};
use super::negamax::child_window;
use super::observer::{Bound, Observer, Window};
use super::ordering::{MoveOrderer, OrderingOptions};
use super::tt::{Entry, FINAL_DEPTH, TranspositionTable, stored_depth};
use crate::engine::game::{Game, Turn, Value};

/// What a search with memory keeps between nodes, passes and iterations.
#[derive(Clone, Debug)]
pub struct Memory<M> {
    pub tt: TranspositionTable<M>,
    pub orderer: MoveOrderer<M>,
}

impl<M: Copy + Eq> Memory<M> {
    pub fn new(tt_mib: usize, ordering: OrderingOptions) -> Self {
        Memory { tt: TranspositionTable::with_mib(tt_mib), orderer: MoveOrderer::new(ordering) }
    }

    /// Forgets everything learned (the table, killers and history).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.orderer.clear();
    }
}

impl<G: Game, O: Observer<G>> Searcher<'_, G, O> {
    /// The principal variation of the last search from the root — or, when the table decided the root without
    /// searching it (so no line was built), the move the table remembers for it.
    pub fn root_line_or_remembered(&self, memory: &Memory<G::Move>) -> Vec<G::Move> {
        let line = self.pv.root_line();
        if !line.is_empty() {
            return line.to_vec();
        }
        memory.tt.probe(self.game.position_hash()).and_then(|e| e.best_move).into_iter().collect()
    }

    /// The value of the current position from the point of view of the player to move (MAX at a chance node),
    /// searched `depth` plies deep with the window (α, β), fail-soft: a result v inside (α, β) is exact; v ≤ α
    /// means the true value is at most v; v ≥ β means at least v.
    ///
    /// Before expanding a node it probes the table: an entry searched at least as deep that is exact, or a bound
    /// already outside (α, β), decides the node (which still counts as visited, as a table cut-off) — except at
    /// the root (ply 0), which is always expanded, its table move searched first. Otherwise
    /// the children are ordered by `memory.orderer` (the table's move first), searched — with `scout`, every
    /// child after the first with the null window (α, α⁺) and again with (α, β) if it lands inside — and the
    /// result stored — as final (usable at any depth) when no depth limit was met below it. A cut-off teaches the
    /// orderer its killer and history. Leaves are never stored: reading one costs less. Chance nodes are searched
    /// exactly, their outcomes with the full window.
    ///
    /// Quiescence: at depth 0 a position that is not quiet ([`Game::is_quiet`]) is not evaluated but searched on,
    /// its children at depth 0 too, until the lines reach quiet positions; such nodes are stored at depth 0.
    pub fn alphabeta_memory(
        &mut self,
        memory: &mut Memory<G::Move>,
        via: Option<G::Move>,
        alpha: Value,
        beta: Value,
        depth: u32,
        scout: bool,
    ) -> Value {
        let (turn, sign, window) = match self.open_negamax_node(via, alpha, beta, depth, true) {
            Ok(node) => node,
            Err(leaf_value) => return leaf_value,
        };
        // At depth 0 only a position that is not quiet gets here: its children stay at depth 0 (quiescence).
        let child_depth = depth.saturating_sub(1);
        if turn == Turn::Chance {
            return self.expectation(|s, mv| {
                let child_sign = s.game.turn().sign();
                let (full_low, full_high) = (Value::NEG_INFINITY, Value::INFINITY);
                child_sign * s.alphabeta_memory(memory, Some(mv), full_low, full_high, child_depth, scout)
            });
        }
        // What the game knows of this position's value narrows the window, and may settle it.
        let (alpha, beta) = match self.game.value_range() {
            Some((low, high)) => {
                let decided = if high <= alpha {
                    Some((high, Bound::Upper))
                } else if low >= beta {
                    Some((low, Bound::Lower))
                } else if low >= high {
                    Some((low, Bound::Exact))
                } else {
                    None
                };
                if let Some((value, bound)) = decided {
                    self.stats.range_cutoffs += 1;
                    self.observer.leave(self.game, sign * value, bound);
                    return value;
                }
                (alpha.max(low), beta.min(high))
            }
            None => (alpha, beta),
        };
        let key = self.game.position_hash();
        // The children's slots start on their way from memory while this node's own slot is read.
        self.game.for_each_child_hash(|child| memory.tt.prefetch(child));
        self.stats.tt_probes += 1;
        let mut hash_move = None;
        if let Some(entry) = memory.tt.probe(key) {
            self.stats.tt_hits += 1;
            hash_move = entry.best_move;
            let decides = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.value >= beta,
                Bound::Upper => entry.value <= alpha,
            };
            // Never at the root: each search of the root searches its moves, so an iteration's counts are the work
            // that depth took, and its line is the one searched (issue 15, defect 2).
            if decides && entry.depth >= stored_depth(depth) && self.ply > 0 {
                self.stats.tt_cutoffs += 1;
                if entry.depth != FINAL_DEPTH {
                    self.horizon_table_uses += 1;
                }
                self.observer.leave(self.game, sign * entry.value, entry.bound);
                return entry.value;
            }
        }
        let moves = match self.expand_with(G::generate_search_moves) {
            Ok(moves) => moves,
            Err(value) => return value,
        };
        memory.orderer.order(&*self.game, &mut self.moves[moves.clone()], self.ply, hash_move);
        let mark = self.horizon_mark();
        let mut node = NegamaxNode { turn, sign, window, alpha, beta, best: Value::NEG_INFINITY, moves };
        let mut best_move = None;
        for i in node.moves.clone() {
            let mv = self.advance(i);
            let flip = sign * self.game.turn().sign();
            let a = node.alpha;
            let value = if scout && i > node.moves.start {
                let before = (self.stats.nodes_visited, self.stats.leaves_evaluated);
                let (na, nb) = child_window(flip, a, a.next_up());
                let probe = flip * self.alphabeta_memory(memory, Some(mv), na, nb, child_depth, scout);
                // Exact without a re-search: a single leaf read (one node, but not a table hit, which may be only a
                // bound), or a chance node (always searched exactly).
                let single_leaf =
                    (self.stats.nodes_visited, self.stats.leaves_evaluated) == (before.0 + 1, before.1 + 1);
                let exact = single_leaf || self.game.turn() == Turn::Chance;
                if probe > a && probe < beta && !exact && !self.stopped {
                    let (ca, cb) = child_window(flip, a, beta);
                    flip * self.alphabeta_memory(memory, Some(mv), ca, cb, child_depth, scout)
                } else {
                    probe
                }
            } else {
                let (ca, cb) = child_window(flip, a, beta);
                flip * self.alphabeta_memory(memory, Some(mv), ca, cb, child_depth, scout)
            };
            self.retreat(mv);
            if self.stopped {
                break;
            }
            let backed = self.back_up(&mut node, i, mv, value);
            if backed.improved {
                best_move = Some(mv);
            }
            if backed.cutoff {
                memory.orderer.record_cutoff(&*self.game, mv, self.ply, depth);
                break;
            }
        }
        if !self.stopped {
            // Classified against the window narrowed by the game's range: inside it, a bound meets the range.
            let bound = Bound::classify(node.best, Window { alpha, beta });
            // A value that no horizon touched holds at every depth: store it as final.
            let depth = if self.is_final_since(mark) { FINAL_DEPTH } else { stored_depth(depth) };
            memory.tt.store(Entry { key, value: node.best, bound, depth, best_move });
        }
        self.close(node)
    }
}
