//! α-β with memory: the search games use. A transposition table remembers what earlier nodes, passes and
//! iterations learned; a move orderer puts the likely best move first; optionally every child after the first is
//! only scouted with a null window (PVS). MTD(f) and the iterative-deepening driver run on it.

use super::context::{NegamaxNode, Searcher};
use super::features::SearchFeatures;
use super::negamax::child_window;
use super::observer::{Bound, Observer, Window};
use super::ordering::{MoveOrderer, OrderingOptions};
use super::tt::{Entry, FINAL_DEPTH, TranspositionTable, stored_depth};
use crate::engine::game::{Game, Turn, Value};

/// What a search with memory keeps between nodes, passes and iterations.
#[derive(Clone, Debug)]
pub struct Memory<M> {
    /// What earlier nodes, passes and iterations learned, by position.
    pub tt: TranspositionTable<M>,
    /// Killers, history and countermoves, and the options that say which are used.
    pub orderer: MoveOrderer<M>,
    /// The selective-search techniques on (all off unless set: the search as the textbooks write it).
    pub features: SearchFeatures,
}

impl<M: Copy + Eq> Memory<M> {
    /// An empty memory: a table of `tt_mib` MiB and an orderer using the sources `ordering` allows.
    pub fn new(tt_mib: usize, ordering: OrderingOptions) -> Self {
        Memory {
            tt: TranspositionTable::with_mib(tt_mib),
            orderer: MoveOrderer::new(ordering),
            features: SearchFeatures::NONE,
        }
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
    /// orderer its killer, history and (a quiet move, after `via`) countermove, and takes history from the quiet
    /// moves ordered before it. Leaves are never stored: reading one costs less. Chance nodes are searched
    /// exactly, their outcomes with the full window. The orderer brings each move forward as it is needed
    /// ([`MoveOrderer::pick`](super::ordering::MoveOrderer::pick)), in the order a stable sort would give.
    ///
    /// Quiescence: at depth 0 a position that is not quiet ([`Game::is_quiet`]) is not evaluated but searched on,
    /// its children at depth 0 too, until the lines reach quiet positions; such nodes are stored at depth 0.
    ///
    /// The techniques of `memory.features` (all off by default, and then none of this happens) change the tree:
    /// at depth 0 the stand-pat [`Searcher::quiesce`] replaces the quiescence above where the game offers it;
    /// mate-distance bounds narrow the window after the game's range; a null move is tried after the table probe
    /// (not at the root, not right after another null move, with at least 3 plies left and a static evaluation at
    /// or above β), and its search failing high decides the node at β; a move that gives check is searched one ply
    /// deeper; and from the fourth move on, with 3 plies left and the node not in check, a reducible move that
    /// does not give check is first searched 1 (2 from the seventh move at 5 plies) plies shallower with the null
    /// window (α, α⁺), and again as usual only if it fails high; with futility pruning, a null-window node near the
    /// horizon fails high on its static evaluation alone, or skips its quiet moves after the first (see
    /// `Searcher::reverse_futility_cutoff`, `Searcher::quiet_moves_are_futile`); with exchange quiescence, such
    /// a node also skips the moves after the first that lose material by the exchange count
    /// (`Searcher::loses_by_exchange`); with repetition draws, a node below the root whose position stood before
    /// is a draw (`Searcher::repetition_draw`). Each is counted in its own statistics field.
    pub fn alphabeta_memory(
        &mut self,
        memory: &mut Memory<G::Move>,
        via: Option<G::Move>,
        alpha: Value,
        beta: Value,
        depth: u32,
        scout: bool,
    ) -> Value {
        let features = memory.features;
        if depth == 0 && features.exchange_quiescence && self.offers_tactical_search() {
            return self.quiesce(memory, via, alpha, beta);
        }
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
        if let Some(value) = self.repetition_draw(features) {
            return value;
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
        let (alpha, beta) = match self.mate_distance_window(features, sign, alpha, beta) {
            Ok(window) => window,
            Err(value) => return value,
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
        // Read at most once for the node, and only if a pruning step needs it.
        let mut static_eval = None;
        if features.futility {
            // Only futility asks whether the position is improving (`Searcher::improving`).
            self.note_static_eval(Value::NAN);
        }
        if let Some(value) = self.reverse_futility_cutoff(features, sign, (alpha, beta), depth, &mut static_eval) {
            return value;
        }
        if features.null_move
            && via.is_some()
            && let Some(value) = self.null_move_cutoff(memory, sign, beta, depth, scout, &mut static_eval)
        {
            return value;
        }
        let moves = match self.expand_with(G::generate_search_moves) {
            Ok(moves) => moves,
            Err(value) => return value,
        };
        let ranks = memory.orderer.rank(&*self.game, &self.moves[moves.clone()], self.ply, hash_move, via);
        let in_check = features.late_move_reductions && self.game.in_check();
        let mark = self.horizon_mark();
        let futile = self.quiet_moves_are_futile(features, (alpha, beta), depth, &mut static_eval);
        let exchange_pruning = self.exchange_pruning_applies(features, (alpha, beta), depth);
        let mut skipped_at_horizon = false;
        let mut node = NegamaxNode { turn, sign, window, alpha, beta, best: Value::NEG_INFINITY, moves };
        let mut best_move = None;
        for i in node.moves.clone() {
            let late = i - node.moves.start;
            memory.orderer.pick(&mut self.moves[node.moves.clone()], ranks, late);
            let mv = self.moves[i];
            let skipped = if futile && late > 0 && self.game.is_reducible(mv) && !self.game.gives_check(mv) {
                Some(&mut self.stats.futility_skips)
            } else if exchange_pruning && late > 0 && self.loses_by_exchange(mv, depth) {
                Some(&mut self.stats.exchange_prunes)
            } else {
                None
            };
            if let Some(count) = skipped {
                *count += 1;
                // The static evaluation or the exchange count, not a search, dropped the move: a horizon judgment,
                // so the node's value is not final.
                if !skipped_at_horizon {
                    self.stats.horizon_evaluations += 1;
                    skipped_at_horizon = true;
                }
                continue;
            }
            let reducible = features.late_move_reductions
                && depth >= 3
                && late >= 3
                && !in_check
                && self.game.is_reducible(self.moves[i]);
            let mv = self.advance(i);
            let flip = sign * self.game.turn().sign();
            let a = node.alpha;
            let gives_check =
                (features.check_extensions || reducible) && depth > 0 && self.ply < 64 && self.game.in_check();
            let mut child_depth = child_depth;
            if features.check_extensions && gives_check {
                self.stats.check_extensions += 1;
                child_depth += 1;
            }
            let mut reduced_value = None;
            if reducible && !gives_check {
                let reduction = if late >= 6 && depth >= 5 { 2 } else { 1 };
                self.stats.late_move_reductions += 1;
                let (na, nb) = child_window(flip, a, a.next_up());
                let shallow = child_depth - reduction;
                let probe = flip * self.alphabeta_memory(memory, Some(mv), na, nb, shallow, scout);
                if probe > a && !self.stopped {
                    self.stats.reduction_researches += 1;
                } else {
                    reduced_value = Some(probe);
                }
            }
            let value = if let Some(value) = reduced_value {
                value
            } else if scout && i > node.moves.start {
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
                let tried = &self.moves[node.moves.start..i];
                memory.orderer.record_cutoff(&*self.game, mv, self.ply, depth, via, tried);
                break;
            }
        }
        memory.orderer.forget_ranks(ranks);
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
