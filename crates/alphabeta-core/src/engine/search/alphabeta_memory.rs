//! α-β with memory: the search games use. A transposition table remembers what earlier nodes, passes and
//! iterations learned; a move orderer puts the likely best move first; optionally every child after the first is
//! only scouted with a null window (PVS). MTD(f) and the iterative-deepening driver run on it.

use super::context::{NegamaxNode, Searcher};
use super::negamax::child_window;
use super::observer::{Bound, Observer, Window};
use super::ordering::{MoveOrderer, OrderingOptions};
use super::tt::{Entry, FINAL_DEPTH, Table, TranspositionTable, stored_depth};
use crate::engine::features::SearchFeatures;
use crate::engine::game::{Game, Turn, Value};

/// What a search with memory keeps between nodes, passes and iterations.
///
/// `T` is the table: a [`TranspositionTable`] of its own, or a view of one several threads share
/// ([`SharedView`](super::shared_tt::SharedView), see [`super::smp`]).
#[derive(Clone, Debug)]
pub struct Memory<M, T = TranspositionTable<M>> {
    /// What earlier nodes, passes and iterations learned, by position.
    pub tt: T,
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
}

impl<M: Copy + Eq, T: Table<M>> Memory<M, T> {
    /// Forgets everything learned (the table, killers and history).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.orderer.clear();
    }
}

impl<G: Game, O: Observer<G>> Searcher<'_, G, O> {
    /// The principal variation of the last search from the root — or, when the table decided the root without
    /// searching it (so no line was built), the move the table remembers for it.
    pub fn root_line_or_remembered<T: Table<G::Move>>(&self, memory: &Memory<G::Move, T>) -> Vec<G::Move> {
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
    /// ([`MoveOrderer::pick`](super::ordering::MoveOrderer::pick)), in the order a stable sort would give. The root
    /// tells `self.progress`, if any, once its first move is searched (Lazy SMP's main thread, [`super::smp`]).
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
    pub fn alphabeta_memory<T: Table<G::Move>>(
        &mut self,
        memory: &mut Memory<G::Move, T>,
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
        let Settled { alpha, beta, key, hash_move, mut static_eval } =
            match self.settle_before_expanding(memory, via, sign, (alpha, beta), depth, scout) {
                Ok(settled) => settled,
                Err(value) => return value,
            };
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
            if late > 0 && self.skips_at_horizon(mv, depth, futile, exchange_pruning) {
                // The static evaluation or the exchange count, not a search, dropped the move: a horizon judgment,
                // so the node's value is not final.
                if !skipped_at_horizon {
                    self.stats.horizon_evaluations += 1;
                    skipped_at_horizon = true;
                }
                continue;
            }
            let child = self.enter_child(i, late, depth, in_check, features, sign, scout);
            let mv = child.mv;
            let value = self.search_child(memory, child, (node.alpha, beta), scout);
            self.retreat(mv);
            if self.stopped {
                break;
            }
            let backed = self.back_up(&mut node, i, mv, value);
            if late == 0
                && self.ply == 0
                && let Some(progress) = self.progress
            {
                progress.first_move_searched(depth);
            }
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
            let depth = if self.is_final_since(mark) { FINAL_DEPTH } else { stored_depth(depth) };
            store(memory, Entry { key, value: node.best, bound: Bound::Exact, depth, best_move }, (alpha, beta));
        }
        self.close(node)
    }

    /// Everything that may decide a node before its moves are generated — a repetition draw, the game's value
    /// range, mate distance, the table, reverse futility, a null move — in that order: `Err(value)` when one does,
    /// else the narrowed window, the position's key, the table's move and the static evaluation if one was read.
    fn settle_before_expanding<T: Table<G::Move>>(
        &mut self,
        memory: &mut Memory<G::Move, T>,
        via: Option<G::Move>,
        sign: Value,
        (alpha, beta): (Value, Value),
        depth: u32,
        scout: bool,
    ) -> Result<Settled<G::Move>, Value> {
        let features = memory.features;
        if let Some(value) = self.repetition_draw(features) {
            return Err(value);
        }
        let (alpha, beta) = self.narrow_to_value_range(sign, alpha, beta)?;
        let (alpha, beta) = self.mate_distance_window(features, sign, alpha, beta)?;
        let key = self.game.position_hash();
        // The children's slots start on their way from memory while this node's own slot is read.
        self.game.for_each_child_hash(|child| memory.tt.prefetch(child));
        let hash_move = self.probe_table(memory, key, sign, (alpha, beta), depth)?;
        // Read at most once for the node, and only if a pruning step needs it.
        let mut static_eval = None;
        if features.futility {
            // Only futility asks whether the position is improving (`Searcher::improving`).
            self.note_static_eval(Value::NAN);
        }
        if let Some(value) = self.reverse_futility_cutoff(features, sign, (alpha, beta), depth, &mut static_eval) {
            return Err(value);
        }
        if features.null_move
            && via.is_some()
            && let Some(value) = self.null_move_cutoff(memory, sign, beta, depth, scout, &mut static_eval)
        {
            return Err(value);
        }
        Ok(Settled { alpha, beta, key, hash_move, static_eval })
    }

    /// Plays the `late`-th move in order (at index `i`) and says how to search the child: one ply less deep, one
    /// more if the move gives check (check extensions), and with a late-move reduction for a late reducible quiet
    /// move far enough from the horizon; scouted with a null window after the first move when `scout` (PVS).
    #[expect(
        clippy::too_many_arguments,
        reason = "the node's facts the child's plan reads; a struct would only rename them"
    )]
    fn enter_child(
        &mut self,
        i: usize,
        late: usize,
        depth: u32,
        in_check: bool,
        features: SearchFeatures,
        sign: Value,
        scout: bool,
    ) -> Child<G::Move> {
        let reducible = features.late_move_reductions
            && depth >= 3
            && late >= 3
            && !in_check
            && self.game.is_reducible(self.moves[i]);
        let mv = self.advance(i);
        let flip = sign * self.game.turn().sign();
        let gives_check =
            (features.check_extensions || reducible) && depth > 0 && self.ply < 64 && self.game.in_check();
        // At depth 0 only a position that is not quiet gets here: its children stay at depth 0 (quiescence).
        let mut child_depth = depth.saturating_sub(1);
        if features.check_extensions && gives_check {
            self.stats.check_extensions += 1;
            child_depth += 1;
        }
        let reduction = match reducible && !gives_check {
            true if late >= 6 && depth >= 5 => 2,
            true => 1,
            false => 0,
        };
        Child { mv, flip, depth: child_depth, reduction, scouted: scout && late > 0 }
    }

    /// What the game knows of this position's value ([`Game::value_range`]) narrows the window (α, β), and may
    /// settle the node: `Err(value)` when the range alone decides it (counted as a range cut-off).
    fn narrow_to_value_range(&mut self, sign: Value, alpha: Value, beta: Value) -> Result<(Value, Value), Value> {
        let Some((low, high)) = self.game.value_range() else {
            return Ok((alpha, beta));
        };
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
            return Err(value);
        }
        Ok((alpha.max(low), beta.min(high)))
    }

    /// Reads the table for the position `key`: `Err(value)` when an entry searched deep enough decides the node
    /// within (α, β) (a table cut-off), else `Ok` with the move the entry remembers, to be searched first.
    fn probe_table<T: Table<G::Move>>(
        &mut self,
        memory: &Memory<G::Move, T>,
        key: u64,
        sign: Value,
        (alpha, beta): (Value, Value),
        depth: u32,
    ) -> Result<Option<G::Move>, Value> {
        self.stats.tt_probes += 1;
        let Some(entry) = memory.tt.probe(key) else {
            return Ok(None);
        };
        self.stats.tt_hits += 1;
        let decides = match entry.bound {
            Bound::Exact => true,
            Bound::Lower => entry.value >= beta,
            Bound::Upper => entry.value <= alpha,
        };
        // Never at the root: each search of the root searches its moves, so an iteration's counts are the work
        // that depth took, and its line is the one searched.
        if decides && entry.depth >= stored_depth(depth) && self.ply > 0 {
            self.stats.tt_cutoffs += 1;
            if entry.depth != FINAL_DEPTH {
                self.horizon_table_uses += 1;
            }
            self.observer.leave(self.game, sign * entry.value, entry.bound);
            return Err(entry.value);
        }
        Ok(entry.best_move)
    }

    /// True when a move after the first is dropped without a search: a quiet reducible move of a futile node, or
    /// one that loses material by the exchange count; each counted in its own statistic.
    fn skips_at_horizon(&mut self, mv: G::Move, depth: u32, futile: bool, exchange_pruning: bool) -> bool {
        if futile && self.game.is_reducible(mv) && !self.game.gives_check(mv) {
            self.stats.futility_skips += 1;
            true
        } else if exchange_pruning && self.loses_by_exchange(mv, depth) {
            self.stats.exchange_prunes += 1;
            true
        } else {
            false
        }
    }

    /// The value of the child just entered, for the parent (`flip` turns it to the parent's point of view), with
    /// the parent's window (α, β): a late reducible move is first searched `reduction` plies shallower with the
    /// null window (α, α⁺) and kept if it fails low; a scouted child is searched with the null window and again
    /// with (α, β) only when it lands inside; any other child with (α, β).
    fn search_child<T: Table<G::Move>>(
        &mut self,
        memory: &mut Memory<G::Move, T>,
        child: Child<G::Move>,
        window: (Value, Value),
        scout: bool,
    ) -> Value {
        let Child { mv, flip, depth, reduction, scouted } = child;
        let (a, beta) = window;
        if reduction > 0 {
            self.stats.late_move_reductions += 1;
            let (na, nb) = child_window(flip, a, a.next_up());
            let probe = flip * self.alphabeta_memory(memory, Some(mv), na, nb, depth - reduction, scout);
            let fails_high = probe > a && !self.stopped;
            if !fails_high {
                return probe;
            }
            self.stats.reduction_researches += 1;
        }
        if scouted {
            let before = (self.stats.nodes_visited, self.stats.leaves_evaluated);
            let (na, nb) = child_window(flip, a, a.next_up());
            let probe = flip * self.alphabeta_memory(memory, Some(mv), na, nb, depth, scout);
            // Exact without a re-search: a single leaf read (one node, but not a table hit, which may be only a
            // bound), or a chance node (always searched exactly).
            let single_leaf = (self.stats.nodes_visited, self.stats.leaves_evaluated) == (before.0 + 1, before.1 + 1);
            let exact = single_leaf || self.game.turn() == Turn::Chance;
            let lands_inside = probe > a && probe < beta && !exact && !self.stopped;
            if !lands_inside {
                return probe;
            }
        }
        let (ca, cb) = child_window(flip, a, beta);
        flip * self.alphabeta_memory(memory, Some(mv), ca, cb, depth, scout)
    }
}

/// A child about to be searched from its parent: the move that led to it, the sign that turns its value to the
/// parent's point of view, its depth, how many plies a late-move reduction takes off (0: none) and whether it is
/// scouted with a null window first (PVS).
#[derive(Clone, Copy)]
struct Child<M> {
    mv: M,
    flip: Value,
    depth: u32,
    reduction: u32,
    scouted: bool,
}

/// What [`Searcher::settle_before_expanding`] leaves to the search of a node's moves.
struct Settled<M> {
    alpha: Value,
    beta: Value,
    key: u64,
    hash_move: Option<M>,
    static_eval: Option<Value>,
}

/// Stores a searched node's value, its bound classified against the window (α, β) it was searched with — the
/// window narrowed by the game's range, so inside it a bound meets the range. `entry.depth` is `FINAL_DEPTH` for a
/// value no horizon touched, which holds at every depth.
fn store<M: Copy, T: Table<M>>(memory: &mut Memory<M, T>, entry: Entry<M>, (alpha, beta): (Value, Value)) {
    let bound = Bound::classify(entry.value, Window { alpha, beta });
    memory.tt.store(Entry { bound, ..entry });
}
