//! A played move and the best move valued together, as a review needs them: both at the same depth, by the same
//! deepening, so that the difference between the two is the difference the search sees and not the noise of two
//! searches of their own (another depth, another table, another parity of the horizon). It is MultiPV cut down to the
//! two moves that matter.

use super::Algorithm;
use super::context::{Searcher, StopWhen};
use super::deepening::{DEEPEST_ITERATION, Engine};
use super::observer::NoObserver;
use super::tt::Table;
use crate::engine::game::{Game, Turn, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What [`Engine::compare`] found: the best move's and the played move's values from one iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison<M> {
    /// The depth of the iteration both values come from, in plies from the root.
    pub depth: u32,
    /// The best move at that depth: the iteration's, or the played move when it scored at least as high.
    pub best: M,
    /// The best move's line, the best move first.
    pub line: Vec<M>,
    /// The best move's value, from the point of view of the player to move at the root.
    pub best_value: Value,
    /// The played move's value, from the same point of view, at the same depth.
    pub played_value: Value,
    /// Both values are the game's true values: every line below both moves was searched to the end of the game.
    pub exact: bool,
    /// Nodes of the whole comparison, every iteration and the one cut short included.
    pub nodes: u64,
}

impl<M: Copy + Eq, T: Table<M>> Engine<M, T> {
    /// The best move of `game` (restored on return) and the value of `played` beside it, from one deepening under
    /// the engine's limits (its node budget for the whole comparison, its depth, its clock if it has one), with
    /// its memory kept.
    ///
    /// Each iteration at depth d first searches the position after `played` with the full window to depth d − 1
    /// (one more when the move gives check and check extensions are on, as the search of the root extends it):
    /// its value is exact, never a bound. Then the root is searched at depth d as [`Engine::think`]'s iteration
    /// does, which gives the best move, its line and its exact value (the full window at the root, or the
    /// configured aspiration widened until it holds). The two values are from the same depth and the same table.
    /// When the played move is the iteration's best, or scored higher (a table entry or a reduced search may leave
    /// the root's value below it), the played move is the best and both values are its own: a best move loses
    /// nothing. A tie keeps the iteration's own best move, with the played move's value equal to it.
    ///
    /// The result is the last iteration both searches finished; deepening stops when the node budget, the depth
    /// or the clock is reached, `stop` is set, or an iteration is exact. Values are from the point of view of the
    /// player to move at the root; a node is one call of the search function, as in every search. The played
    /// move's child is searched by α-β with memory (null-window scouting with [`Algorithm::Pvs`]) whatever the
    /// configured algorithm, which is exact at its depth as any of them is.
    ///
    /// `None` when the game is over, at a chance turn, when `played` is not a legal move here, or when not even
    /// the first iteration finished. One thread, so a node budget gives the same result on any machine.
    pub fn compare<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        played: M,
        stop: Option<&AtomicBool>,
    ) -> Option<Comparison<M>> {
        if game.terminal_value().is_some() || game.turn() == Turn::Chance || !is_legal(game, played) {
            return None;
        }
        let started = Instant::now();
        self.ready(game);
        let limits = self.config.limits;
        let deadline = limits.time_ms.map(|ms| started + Duration::from_millis(ms));
        let last_depth = limits.depth.unwrap_or(u32::MAX).clamp(1, DEEPEST_ITERATION);
        let mut nodes = 0u64;
        let mut found: Option<Comparison<M>> = None;
        for depth in 1..=last_depth {
            let stop_when = |nodes: u64| StopWhen {
                flag: stop,
                deadline,
                node_limit: limits.nodes.map(|n| n.saturating_sub(nodes)),
                stage_reached: None,
            };
            if stop.is_some_and(|flag| flag.load(Ordering::Relaxed)) || stop_when(nodes).node_limit == Some(0) {
                break;
            }
            let scored = self.score_played(game, played, depth, stop_when(nodes));
            nodes += scored.nodes;
            let Some((played_value, played_line, played_final)) = scored.found else { break };
            let previous = found.as_ref().map(|c| c.best_value);
            let iteration = self.iterate(game, depth, previous, stop_when(nodes), None);
            nodes += iteration.stats.nodes_visited;
            if !iteration.complete {
                break;
            }
            // Both values are proven only when the whole root is: no other move can then be better.
            let exact = iteration.exact && played_final;
            let root_best = iteration.best_move.filter(|_| iteration.value >= played_value);
            let comparison = match root_best {
                Some(best) if best != played => Comparison {
                    depth,
                    best,
                    line: iteration.principal_variation,
                    best_value: iteration.value,
                    played_value,
                    exact,
                    nodes,
                },
                _ => Comparison {
                    depth,
                    best: played,
                    line: std::iter::once(played).chain(played_line).collect(),
                    best_value: played_value,
                    played_value,
                    exact,
                    nodes,
                },
            };
            found = Some(comparison);
            if exact || deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
        }
        found.map(|comparison| {
            let line = self.lengthened(game, comparison.line, comparison.depth);
            Comparison { nodes, line, ..comparison }
        })
    }

    /// `line` lengthened to `depth` moves by the moves the table remembers after it, each legal where it is
    /// played: a line cut where the search took a value from the table would otherwise end there.
    fn lengthened<G: Game<Move = M>>(&self, game: &mut G, mut line: Vec<M>, depth: u32) -> Vec<M> {
        for &mv in &line {
            game.play(mv);
        }
        while line.len() < depth as usize && game.terminal_value().is_none() && game.turn() != Turn::Chance {
            let remembered = self.memory.tt.probe(game.position_hash()).and_then(|entry| entry.best_move);
            let Some(mv) = remembered.filter(|&mv| is_legal(game, mv)) else { break };
            game.play(mv);
            line.push(mv);
        }
        for &mv in line.iter().rev() {
            game.undo(mv);
        }
        line
    }

    /// The value of `played` at the root at `depth` (the root's point of view), the line after it and whether the
    /// value is final; `found` is `None` when the search was cut short.
    fn score_played<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        played: M,
        depth: u32,
        stop_when: StopWhen<'_>,
    ) -> Scored<M> {
        let root_sign = game.turn().sign();
        let scout = self.config.algorithm == Algorithm::Pvs;
        game.play(played);
        // A child's value is from its own side to move (MAX's at a chance node): brought to the root's.
        let child_sign = game.turn().sign();
        let extended = self.memory.features.check_extensions && game.in_check();
        let child_depth = depth - 1 + u32::from(extended);
        let mut observer = NoObserver;
        let mut searcher = Searcher::new(game, &mut observer, stop_when);
        let mark = searcher.horizon_mark();
        let (low, high) = (Value::NEG_INFINITY, Value::INFINITY);
        let value = searcher.alphabeta_memory(&mut self.memory, Some(played), low, high, child_depth, scout);
        let found = (!searcher.stopped).then(|| {
            let line = searcher.root_line_or_remembered(&self.memory);
            (root_sign * child_sign * value, line, searcher.is_final_since(mark))
        });
        let nodes = searcher.stats.nodes_visited;
        drop(searcher);
        game.undo(played);
        Scored { found, nodes }
    }
}

/// The played move's search: its value, line and finality unless it was cut short, and the nodes it took.
struct Scored<M> {
    found: Option<(Value, Vec<M>, bool)>,
    nodes: u64,
}

/// True when `mv` is one of the legal moves of `game`.
fn is_legal<G: Game>(game: &G, mv: G::Move) -> bool {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves.contains(&mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::deepening::EngineConfig;
    use crate::engine::search::limits::Limits;
    use crate::tree::flat::{FlatTree, TreePosition};
    use crate::tree::generate::uniform_distinct;
    use crate::tree::notation;

    /// Plain minimax of `position` `depth` plies deep, MAX's view (MAX is at the root of these trees).
    fn minimax(mut position: TreePosition<'_>, depth: u32) -> Value {
        let mut observer = NoObserver;
        Searcher::new(&mut position, &mut observer, StopWhen::default()).minimax(None, depth)
    }

    fn engine(limits: Limits) -> Engine<u32> {
        Engine::new(EngineConfig { limits, tt_mib: 1, ..EngineConfig::default() })
    }

    /// The oracle: at the depth the comparison reached, the best value is the root's minimax value at that depth
    /// and the played value its child's one ply less deep, whichever move was played; the best move is worth its
    /// value there.
    #[test]
    fn both_values_are_minimax_s_at_one_depth() {
        for seed in 0..24 {
            let tree = FlatTree::compile(&uniform_distinct(3, 6, seed)).expect("a tree");
            for depth in 1..=5 {
                for played in 0..3 {
                    let found = engine(Limits::depth(depth)).compare(&mut tree.root(), played, None);
                    let found = found.expect("a comparison");
                    let child = |mv| {
                        let mut child = tree.root();
                        child.play(mv);
                        minimax(child, depth - 1)
                    };
                    let case = format!("seed {seed}, depth {depth}, played {played}: {found:?}");
                    assert_eq!(found.depth, depth, "{case}");
                    assert_eq!(found.best_value, minimax(tree.root(), depth), "{case}");
                    assert_eq!(found.played_value, child(played), "{case}");
                    assert_eq!(child(found.best), found.best_value, "{case}");
                    assert_eq!(found.line.first(), Some(&found.best), "{case}");
                    assert!(!found.exact, "{case}: the tree is deeper");
                }
            }
        }
    }

    /// A move worth as much as the iteration's best at its depth is valued as highly, and the best named stays the
    /// search's own; a worse move is valued at what it is worth; the whole tree seen is exact.
    #[test]
    fn a_move_as_good_as_the_best_is_valued_as_highly() {
        let tree = FlatTree::compile(&notation::parse("((3 5) (3 4) (1 9))").expect("valid")).expect("a tree");
        let tie = engine(Limits::NONE).compare(&mut tree.root(), 1, None).expect("a comparison");
        assert_eq!((tie.best, tie.best_value, tie.played_value, tie.exact), (0, 3.0, 3.0, true), "{tie:?}");
        let worse = engine(Limits::NONE).compare(&mut tree.root(), 2, None).expect("a comparison");
        assert_eq!((worse.best, worse.best_value, worse.played_value), (0, 3.0, 1.0), "{worse:?}");
        let best = engine(Limits::NONE).compare(&mut tree.root(), 0, None).expect("a comparison");
        assert_eq!((best.best, best.line.clone(), best.played_value), (0, vec![0, 0], 3.0), "{best:?}");
        assert_eq!(engine(Limits::NONE).compare(&mut tree.root(), 3, None), None, "no such move");
    }

    /// The memory kept is what a review judging a game from its last position to its first relies on: once the
    /// position a move leads to was searched deeper (here to the leaves, where a fresh depth-3 comparison sees only
    /// the 0 of inner positions), the move is valued at that deeper value, whatever the comparison's own depth.
    /// (The table decides the positions below the one played into, never a search's own root.)
    #[test]
    fn a_move_into_a_position_searched_before_is_valued_at_that_search_s_depth() {
        for seed in 0..24 {
            let tree = FlatTree::compile(&uniform_distinct(3, 7, seed)).expect("a tree");
            for played in 0..3 {
                let mut child = tree.root();
                child.play(played);
                let mut engine = engine(Limits::depth(6));
                engine.think(&mut child.clone(), None, |_| {});
                engine.config.limits = Limits::depth(3);
                let found = engine.compare(&mut tree.root(), played, None).expect("a comparison");
                let case = format!("seed {seed}, played {played}: {found:?}");
                assert_eq!(found.played_value, minimax(child, 6), "{case}");
                assert_eq!(found.depth, 3, "{case}");
            }
        }
    }

    /// Held by a node budget, the comparison is the one of the depth it reached (the deeper iteration cut short
    /// leaves no trace), and the same twice.
    #[test]
    fn a_node_budget_gives_the_comparison_of_the_depth_it_reached() {
        use crate::games::connect_four::ConnectFour;
        let game = ConnectFour::from_moves("4453").expect("legal");
        for (nodes, played) in [(3_000, 1u8), (20_000, 6), (60_000, 3)] {
            let mut budget =
                Engine::new(EngineConfig { limits: Limits::nodes(nodes), tt_mib: 4, ..EngineConfig::default() });
            let found = budget.compare(&mut game.clone(), played, None).expect("a comparison");
            let again = Engine::new(budget.config.clone()).compare(&mut game.clone(), played, None);
            assert_eq!(again.as_ref(), Some(&found), "{nodes} nodes: the same twice");
            assert!(found.nodes >= nodes && !found.exact && found.depth > 2, "{nodes}: {found:?}");
            let config = EngineConfig { limits: Limits::depth(found.depth), tt_mib: 4, ..EngineConfig::default() };
            let deep = Engine::new(config).compare(&mut game.clone(), played, None).expect("a comparison");
            assert!(found.best_value >= found.played_value, "{found:?}");
            assert_eq!(Comparison { nodes: 0, ..deep }, Comparison { nodes: 0, ..found }, "{nodes} nodes");
        }
    }
}
