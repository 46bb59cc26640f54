//! The state one search carries down the tree, and the bookkeeping every algorithm shares: counting nodes,
//! reading leaves, recording cut-offs, keeping the principal variation and honouring stop requests.

use super::observer::{Bound, CutKind, Observer, Window};
use super::stats::SearchStats;
use crate::engine::game::{Game, Turn, Value};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Instant;

/// How far Lazy SMP's main thread has come, for its helpers to keep out of its way: a *stage*, 2d while it
/// searches its first root move at depth d, 2d + 1 once that move is searched.
#[derive(Debug)]
pub struct MainProgress {
    pub(super) stage: AtomicU32,
}

impl Default for MainProgress {
    fn default() -> Self {
        MainProgress { stage: AtomicU32::new(2) }
    }
}

impl MainProgress {
    /// The main thread searched its first root move at `depth`.
    pub fn first_move_searched(&self, depth: u32) {
        self.stage.store(depth.saturating_mul(2).saturating_add(1), Ordering::Relaxed);
    }

    /// The main thread finished its iteration at `depth`: it searches one deeper now.
    pub fn iteration_finished(&self, depth: u32) {
        self.stage.store(depth.saturating_add(1).saturating_mul(2), Ordering::Relaxed);
    }

    /// The depth the main thread is searching.
    pub(super) fn main_depth(&self) -> u32 {
        self.stage.load(Ordering::Relaxed) / 2
    }

    /// The stage at which the main thread has searched its first root move at `depth`, with the counter to
    /// watch for it ([`StopWhen::stage_reached`]).
    pub(super) fn first_move_at(&self, depth: u32) -> (&AtomicU32, u32) {
        (&self.stage, depth.saturating_mul(2).saturating_add(1))
    }
}

/// When a search must give up before it is done.
#[derive(Clone, Copy, Debug, Default)]
pub struct StopWhen<'a> {
    /// Set by another thread to ask the search to stop.
    pub flag: Option<&'a AtomicBool>,
    /// Stop when the wall clock passes this instant.
    pub deadline: Option<Instant>,
    /// Stop after visiting this many nodes.
    pub node_limit: Option<u64>,
    /// Stop once the counter reaches the number: a Lazy SMP helper leaves work the main thread has moved past
    /// (its [`MainProgress`] stage).
    pub stage_reached: Option<(&'a AtomicU32, u32)>,
}

impl StopWhen<'_> {
    /// True once a search that has visited `nodes` nodes must stop.
    pub fn fired(&self, nodes: u64) -> bool {
        self.flag.is_some_and(|f| f.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.node_limit.is_some_and(|n| nodes >= n)
            || self.stage_reached.is_some_and(|(stage, reached)| stage.load(Ordering::Relaxed) >= reached)
    }
}

/// Lines of the principal variation, one per ply (the triangular PV table), kept in one flat buffer: the line of
/// ply p starts at p × `stride` and holds `lengths[p]` moves. Flat because it is touched at every node — a store
/// when a node is entered, a short copy when a child becomes the best — and per-ply vectors cost a quarter of a
/// plain Connect Four search in capacity checks and copies.
#[derive(Clone, Debug)]
pub struct PvTable<M> {
    moves: Vec<M>,
    lengths: Vec<usize>,
    /// Room per line; doubled (and the lines moved) when a line would not fit.
    stride: usize,
}

impl<M> Default for PvTable<M> {
    fn default() -> Self {
        PvTable { moves: Vec::new(), lengths: Vec::new(), stride: 0 }
    }
}

impl<M: Copy> PvTable<M> {
    /// Empties the line at `ply` (a node there was entered).
    #[inline(always)]
    fn clear(&mut self, ply: usize) {
        if self.lengths.len() <= ply + 1 {
            self.lengths.resize(ply + 2, 0);
        }
        self.lengths[ply] = 0;
    }

    /// The line at `ply` becomes `mv` followed by the line found below it.
    #[inline(always)]
    fn update(&mut self, ply: usize, mv: M) {
        let below = self.lengths[ply + 1];
        if below >= self.stride || self.moves.len() < (ply + 2) * self.stride {
            self.grow(ply + 2, below + 1, mv);
        }
        let (line, line_below) = (ply * self.stride, (ply + 1) * self.stride);
        self.moves[line] = mv;
        // Lines are short: a plain loop beats a call to memmove.
        for i in 0..below {
            self.moves[line + 1 + i] = self.moves[line_below + i];
        }
        self.lengths[ply] = below + 1;
    }

    /// Makes room for `rows` lines of at least `length` moves each, keeping every line; `filler` fills new room.
    #[cold]
    fn grow(&mut self, rows: usize, length: usize, filler: M) {
        let stride = self.stride.max(length).max(32).next_power_of_two();
        let rows = rows.max(self.lengths.len());
        let mut moves = vec![filler; rows * stride];
        for (row, &len) in self.lengths.iter().enumerate() {
            let old = row * self.stride;
            if len > 0 && old + len <= self.moves.len() {
                moves[row * stride..row * stride + len].copy_from_slice(&self.moves[old..old + len]);
            }
        }
        self.moves = moves;
        self.stride = stride;
    }

    /// The principal variation from the root.
    pub fn root_line(&self) -> &[M] {
        match self.lengths.first() {
            Some(&len) if len > 0 => &self.moves[..len],
            _ => &[],
        }
    }
}

/// One search in progress over a game, with its observer.
pub struct Searcher<'a, G: Game, O: Observer<G>> {
    /// The position being searched; moves are played on it and taken back, so it is the root again when the
    /// search returns.
    pub game: &'a mut G,
    /// Told of every node, bound and cut-off (the trace, the Tree lab, telemetry).
    pub observer: &'a mut O,
    /// The counts of this search so far.
    pub stats: SearchStats,
    /// One buffer for the moves of every ply: each node appends its moves and truncates them when done.
    pub moves: Vec<G::Move>,
    /// The principal variation of each ply of the current line.
    pub pv: PvTable<G::Move>,
    /// The distance from the root of the node being searched.
    pub ply: u32,
    stop_when: StopWhen<'a>,
    /// Set once a stop condition fired; every algorithm then unwinds at once, and its values are meaningless.
    pub stopped: bool,
    /// Table entries used that were searched only to a depth limit. With `stats.horizon_evaluations`, tells
    /// whether a subtree's value is final (the game's true value) or depends on a horizon somewhere below.
    pub horizon_table_uses: u64,
    /// The static evaluation of the node at each ply of the current line, where a pruning step read it (NaN where
    /// none did): whether the side to move's position is improving compares a node's with the one two plies up.
    pub(crate) static_evals: Vec<Value>,
    /// Where Lazy SMP's main thread tells its helpers that it has searched its first root move.
    pub progress: Option<&'a MainProgress>,
}

impl<'a, G: Game, O: Observer<G>> Searcher<'a, G, O> {
    /// A search of `game` from its current position, stopping when `stop_when` says.
    pub fn new(game: &'a mut G, observer: &'a mut O, stop_when: StopWhen<'a>) -> Self {
        Searcher {
            game,
            observer,
            stats: SearchStats::default(),
            moves: Vec::with_capacity(256),
            pv: PvTable::default(),
            ply: 0,
            stop_when,
            stopped: false,
            horizon_table_uses: 0,
            static_evals: Vec::new(),
            progress: None,
        }
    }

    /// Counts a node entered and tells the observer. `window` is in MAX's point of view.
    #[inline(always)]
    pub fn enter(&mut self, via: Option<G::Move>, window: Window) {
        self.stats.nodes_visited += 1;
        self.stats.max_ply = self.stats.max_ply.max(self.ply);
        self.pv.clear(self.ply as usize);
        self.observer.enter(self.game, via, window);
        if self.stats.nodes_visited & (G::NODES_BETWEEN_STOP_CHECKS - 1) == 0 {
            self.check_stop();
        }
    }

    /// A mark to compare with [`Searcher::is_final_since`]: how much horizon knowledge has been used so far.
    #[inline]
    pub fn horizon_mark(&self) -> (u64, u64) {
        (self.stats.horizon_evaluations, self.horizon_table_uses)
    }

    /// True when nothing searched since `mark` depended on a depth limit: values found since are final.
    #[inline]
    pub fn is_final_since(&self, mark: (u64, u64)) -> bool {
        self.horizon_mark() == mark
    }

    fn check_stop(&mut self) {
        self.stopped |= self.stop_when.fired(self.stats.nodes_visited);
    }

    /// If the current node is a leaf — the game is over, or `depth` is 0 — reads its value (from the point of
    /// view of the player to move), counts it, tells the observer, and leaves the node.
    #[inline]
    pub fn try_leaf(&mut self, depth: u32) -> Option<Value> {
        self.try_leaf_knowing(depth, false)
    }

    /// [`Searcher::try_leaf`], with the game's knowledge when `knowledge` is set: a position whose value the game
    /// knows without search ([`Game::immediate_value`]) is read as a leaf before the depth limit applies, and one
    /// that is not quiet ([`Game::is_quiet`]) is not a leaf at depth 0 — the caller searches on (quiescence).
    #[inline(always)]
    pub fn try_leaf_knowing(&mut self, depth: u32, knowledge: bool) -> Option<Value> {
        let known = || if knowledge { self.game.immediate_value() } else { None };
        let value = match self.game.terminal_value().or_else(known) {
            Some(value) => value,
            None if depth == 0 && (!knowledge || self.game.is_quiet()) => {
                self.stats.horizon_evaluations += 1;
                self.game.evaluate()
            }
            None => return None,
        };
        Some(self.read_leaf(value))
    }

    pub(crate) fn read_leaf(&mut self, value: Value) -> Value {
        self.stats.leaves_evaluated += 1;
        let sign = self.game.turn().sign();
        self.observer.leaf(self.game, sign * value);
        self.observer.leave(self.game, sign * value, Bound::Exact);
        value
    }

    /// Opens a node of a negamax-form search (values from the point of view of the player to move): counts it,
    /// reports it with its window converted to MAX's view, and reads it if it is a leaf. `Err(value)` for a leaf;
    /// otherwise the node's turn, sign and window (MAX's view), for its own bookkeeping.
    #[inline(always)]
    pub fn open_negamax_node(
        &mut self,
        via: Option<G::Move>,
        alpha: Value,
        beta: Value,
        depth: u32,
        knowledge: bool,
    ) -> Result<(Turn, Value, Window), Value> {
        let turn = self.game.turn();
        let sign = turn.sign();
        let window = Window::from_node_view(sign, alpha, beta);
        self.enter(via, window);
        match self.try_leaf_knowing(depth, knowledge) {
            Some(value) => Err(value),
            None => Ok((turn, sign, window)),
        }
    }

    /// Generates the current node's moves onto the shared buffer and counts the node as interior. Returns the
    /// range of its moves, or `None` — after reading it as a leaf — in the odd case of a game that is not over
    /// but has no move.
    #[inline]
    pub fn expand(&mut self) -> Result<std::ops::Range<usize>, Value> {
        self.expand_with(G::generate_moves)
    }

    /// [`Searcher::expand`] with the moves from `generate` (e.g. [`Game::generate_search_moves`]).
    #[inline(always)]
    pub fn expand_with(&mut self, generate: fn(&G, &mut Vec<G::Move>)) -> Result<std::ops::Range<usize>, Value> {
        let start = self.moves.len();
        generate(self.game, &mut self.moves);
        let end = self.moves.len();
        if start == end {
            let value = self.game.evaluate();
            return Err(self.read_leaf(value));
        }
        self.stats.interior_nodes += 1;
        Ok(start..end)
    }

    /// Plays the `index`-th move of the buffer and returns it; [`Searcher::retreat`] takes it back.
    #[inline(always)]
    pub fn advance(&mut self, index: usize) -> G::Move {
        let mv = self.moves[index];
        self.game.play(mv);
        self.ply += 1;
        mv
    }

    #[inline(always)]
    /// Takes back `mv`, played by [`Searcher::advance`], and returns to the parent.
    pub fn retreat(&mut self, mv: G::Move) {
        self.ply -= 1;
        self.game.undo(mv);
    }

    /// Records a cut-off at the current node of `turn` after searching the child at `index` of `moves`.
    #[inline]
    pub fn cutoff(&mut self, turn: Turn, moves: &std::ops::Range<usize>, index: usize, value_for_max: Value) {
        let kind = match turn {
            Turn::Min => CutKind::Alpha,
            Turn::Max | Turn::Chance => CutKind::Beta,
        };
        self.cutoff_of(kind, moves, index, value_for_max);
    }

    /// Records a cut-off of a known kind (chance nodes fail either way).
    #[inline]
    pub fn cutoff_of(&mut self, kind: CutKind, moves: &std::ops::Range<usize>, index: usize, value_for_max: Value) {
        match kind {
            CutKind::Alpha => self.stats.alpha_cutoffs += 1,
            CutKind::Beta => self.stats.beta_cutoffs += 1,
        }
        if index == moves.start {
            self.stats.first_move_cutoffs += 1;
        }
        let pruned = moves.end - index - 1;
        self.stats.branches_pruned += pruned as u64;
        self.observer.cutoff(self.game, kind, value_for_max, pruned);
    }

    /// The child `mv` became the best so far: the principal variation here is `mv` and the child's line.
    #[inline]
    pub fn new_best(&mut self, mv: G::Move) {
        self.pv.update(self.ply as usize, mv);
    }

    /// Leaves an interior node: drops its moves from the buffer and tells the observer.
    #[inline(always)]
    pub fn leave(&mut self, moves: std::ops::Range<usize>, value_for_max: Value, bound: Bound) {
        self.moves.truncate(moves.start);
        self.observer.leave(self.game, value_for_max, bound);
    }

    /// Takes a child's value (in the node's view) into a negamax-form node: the best so far, α, the observer, and
    /// the cut-off when the best reaches β.
    #[inline(always)]
    pub fn back_up(&mut self, node: &mut NegamaxNode, index: usize, mv: G::Move, value: Value) -> BackedUp {
        let improved = value > node.best || index == node.moves.start;
        if improved {
            node.best = value;
            self.new_best(mv);
        }
        node.alpha = node.alpha.max(node.best);
        let window = Window::from_node_view(node.sign, node.alpha, node.beta);
        self.observer.backed_up(self.game, node.sign * value, window);
        let cutoff = node.best >= node.beta;
        if cutoff {
            self.cutoff(node.turn, &node.moves, index, node.sign * node.best);
        }
        BackedUp { improved, cutoff }
    }

    /// Leaves a negamax-form node with its best value, reported as exact or a bound of its entry window.
    #[inline(always)]
    pub fn close(&mut self, node: NegamaxNode) -> Value {
        let value_for_max = node.sign * node.best;
        self.leave(node.moves, value_for_max, Bound::classify(value_for_max, node.window));
        node.best
    }

    /// The expected value of the current chance node, from MAX's point of view, with every outcome searched by
    /// `child_value` (which returns MAX's point of view too). No pruning: every α-β variant but Star1 searches
    /// chance nodes exactly.
    pub fn expectation(&mut self, mut child_value: impl FnMut(&mut Self, G::Move) -> Value) -> Value {
        let moves = match self.expand() {
            Ok(moves) => moves,
            Err(value) => return value, // a chance node's values are already from MAX's point of view
        };
        let mut sum = 0.0;
        for i in moves.clone() {
            let p = self.game.probability(self.moves[i]);
            let mv = self.advance(i);
            let v = child_value(self, mv);
            self.retreat(mv);
            if self.stopped {
                break;
            }
            sum += weighted(p, v);
            self.observer.backed_up(self.game, v, Window::FULL);
        }
        self.leave(moves, sum, Bound::Exact);
        sum
    }
}

/// The running state of an interior node of a negamax-form search, values from its player's point of view.
pub struct NegamaxNode {
    /// Who decides at the node.
    pub turn: Turn,
    /// +1 for MAX (and chance), −1 for MIN: turns this node's values into MAX's.
    pub sign: Value,
    /// The node's window as it was entered, in MAX's view (to classify its result).
    pub window: Window,
    /// The lower end of the node's window, from its player's point of view; rises as children improve.
    pub alpha: Value,
    /// The upper end of the node's window, from its player's point of view: a child value here cuts off.
    pub beta: Value,
    /// The best child value so far (−∞ before the first).
    pub best: Value,
    /// The node's moves on the shared buffer.
    pub moves: std::ops::Range<usize>,
}

/// What taking in one child's value did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BackedUp {
    /// The child is the best so far.
    pub improved: bool,
    /// Its value reached β: the node's remaining children are pruned (already recorded).
    pub cutoff: bool,
}

/// `p · v`, with a probability of 0 contributing nothing even when `v` is infinite (where IEEE gives NaN).
#[inline]
pub fn weighted(p: f64, v: Value) -> Value {
    if p == 0.0 { 0.0 } else { p * v }
}

#[cfg(test)]
mod tests {
    use super::PvTable;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The obvious triangular table, one vector per ply: the reference the flat one must match.
    #[derive(Default)]
    struct Reference(Vec<Vec<u32>>);

    impl Reference {
        fn clear(&mut self, ply: usize) {
            if self.0.len() <= ply + 1 {
                self.0.resize(ply + 2, Vec::new());
            }
            self.0[ply].clear();
        }

        fn update(&mut self, ply: usize, mv: u32) {
            let below = self.0[ply + 1].clone();
            self.0[ply] = std::iter::once(mv).chain(below).collect();
        }
    }

    /// A random depth-first walk, as a search makes one: every node clears its line when entered, and some children
    /// become the best. Deep enough (up to 120 plies) that the flat table has to grow several times mid-search.
    fn walk(ply: usize, rng: &mut ChaCha8Rng, flat: &mut PvTable<u32>, reference: &mut Reference) {
        flat.clear(ply);
        reference.clear(ply);
        // One child mostly, sometimes none or two: lines run deep and the tree stays small.
        let children = match (ply, rng.random_range(0..20)) {
            (120.., _) | (_, 0) => 0,
            (_, 1) => 2,
            _ => 1,
        };
        for child in 0..children {
            walk(ply + 1, rng, flat, reference);
            if child == 0 || rng.random_bool(0.4) {
                let mv = rng.random_range(0..1000);
                flat.update(ply, mv);
                reference.update(ply, mv);
            }
        }
        assert_eq!(flat.root_line(), reference.0[0].as_slice());
    }

    #[test]
    fn the_flat_table_keeps_the_same_lines_as_one_vector_per_ply() {
        let mut longest = 0;
        for seed in 0..40 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let (mut flat, mut reference) = (PvTable::default(), Reference::default());
            walk(0, &mut rng, &mut flat, &mut reference);
            for (ply, line) in reference.0.iter().enumerate().take(flat.lengths.len()) {
                let start = ply * flat.stride;
                assert_eq!(&flat.moves[start..start + flat.lengths[ply]], line.as_slice(), "seed {seed}, ply {ply}");
            }
            longest = longest.max(flat.root_line().len());
        }
        assert!(longest > 64, "the table grew past its first two sizes: longest line {longest}");
    }
}
