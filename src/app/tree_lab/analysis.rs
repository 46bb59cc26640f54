//! Everything the Tree lab shows about one tree, computed once when the tree changes: the compiled tree, its
//! layout, the recorded search of the chosen algorithm (steps re-keyed by node id), and every algorithm's counts.
//! No egui here: the view only reads this.

use super::layout::Layout;
use crate::engine::game::Value;
use crate::engine::search::context::StopWhen;
use crate::engine::search::observer::{NoObserver, Recorder, Step, StepEvent, TraceRow};
use crate::engine::search::{Algorithm, SearchOptions, SearchResult, search};
use crate::tree::flat::{FlatTree, ROOT};
use crate::tree::model::Tree;
use crate::tree::order::levin_minimum;

/// Trees with more nodes than this are drawn but not searched on the UI thread (a search of a few thousand nodes
/// takes milliseconds; every algorithm is run on every edit).
pub const LIVE_SEARCH_LIMIT: usize = 20_000;

/// The most steps recorded for the replay; a search on a tree under [`LIVE_SEARCH_LIMIT`] stays far below it.
const STEP_LIMIT: usize = 2_000_000;

/// One tree, analysed.
pub struct Analysis {
    pub flat: FlatTree,
    pub layout: Layout,
    /// The chosen algorithm's recorded search; `None` when the tree is too large for a live search.
    pub run: Option<Run>,
    /// Every algorithm's counts on this tree, in [`Algorithm::ALL`] order (empty when too large).
    pub comparison: Vec<Comparison>,
    /// `(b, d, leaves)`: Levin's minimum, for uniform trees.
    pub levin: Option<(u32, u32, u64)>,
}

/// A recorded search, ready to replay on the drawn tree.
pub struct Run {
    pub algorithm: Algorithm,
    pub result: SearchResult<u32>,
    /// The recorder's steps, with `node` turned into the node's id in [`Analysis::flat`].
    pub steps: Vec<Step>,
    /// True when the recorder stopped keeping steps (the counts are still complete).
    pub truncated: bool,
    /// The lecture's table.
    pub trace: Vec<TraceRow>,
    /// For each step, the number of trace rows written once it has happened (so the row it belongs to is one
    /// less).
    pub rows_after: Vec<usize>,
}

/// One algorithm's counts on the current tree.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    pub algorithm: Algorithm,
    pub leaves: u64,
    pub nodes: u64,
    pub value: Value,
}

impl Analysis {
    /// Compiles, lays out and (when small enough) searches a tree with every algorithm, recording `algorithm`.
    pub fn new(tree: &Tree, algorithm: Algorithm) -> Result<Analysis, String> {
        let flat = FlatTree::compile(tree).map_err(|e| e.to_string())?;
        let layout = Layout::compute(&flat);
        let levin = flat.uniform_shape().map(|(b, d)| (b, d, levin_minimum(b as u64, d)));
        let live = flat.nodes.len() <= LIVE_SEARCH_LIMIT;
        let comparison = if live { compare(&flat) } else { Vec::new() };
        let mut analysis = Analysis { flat, layout, run: None, comparison, levin };
        if live {
            analysis.run = Some(Run::record(&analysis.flat, algorithm));
        }
        Ok(analysis)
    }

    /// Records another algorithm on the same tree (the layout and comparison stay).
    pub fn rerun(&mut self, algorithm: Algorithm) {
        if self.run.is_some() {
            self.run = Some(Run::record(&self.flat, algorithm));
        }
    }

    /// The number of nodes and leaves (what minimax visits and reads).
    pub fn totals(&self) -> (usize, usize) {
        (self.flat.nodes.len(), self.flat.leaf_count)
    }
}

impl Run {
    fn record(flat: &FlatTree, algorithm: Algorithm) -> Run {
        let mut recorder = Recorder::new();
        recorder.step_limit = STEP_LIMIT;
        let result = search(&mut flat.root(), algorithm, &SearchOptions::default(), StopWhen::default(), &mut recorder);
        // The recorder names a node by its parent and the move from it; a parent is always recorded first.
        let mut ids: Vec<u32> = Vec::with_capacity(recorder.nodes.len());
        for node in &recorder.nodes {
            let id = match (node.parent, node.via) {
                (Some(parent), Some(mv)) => flat.node(ids[parent]).first_child + mv,
                _ => ROOT,
            };
            ids.push(id);
        }
        let (trace, rows_after) = recorder.trace_rows_and_progress(|i| flat.display_name(ids[i]));
        let steps = recorder.steps.iter().map(|s| Step { node: ids[s.node] as usize, ..s.clone() }).collect();
        Run { algorithm, result, steps, truncated: recorder.truncated, trace, rows_after }
    }

    /// The first step that wrote trace row `row` (the step to go to when the row is clicked); for a leaf, the
    /// reading of its value rather than the entering.
    pub fn first_step_of_row(&self, row: usize) -> Option<usize> {
        let first = (0..self.steps.len()).find(|&i| self.row_of_step(i) == Some(row))?;
        let leaf_next = self.steps[first].event == StepEvent::Enter
            && matches!(self.steps.get(first + 1), Some(s) if matches!(s.event, StepEvent::Leaf { .. }));
        Some(if leaf_next { first + 1 } else { first })
    }

    /// The trace row that step `index` wrote or last updated.
    pub fn row_of_step(&self, index: usize) -> Option<usize> {
        // Entering a leaf writes no row of its own: it belongs to the leaf's row, written by the next step.
        let leaf_next = matches!(self.steps.get(index), Some(s) if s.event == StepEvent::Enter)
            && matches!(self.steps.get(index + 1), Some(s) if matches!(s.event, StepEvent::Leaf { .. }));
        let index = if leaf_next { index + 1 } else { index };
        self.rows_after.get(index).and_then(|n| n.checked_sub(1))
    }
}

fn compare(flat: &FlatTree) -> Vec<Comparison> {
    Algorithm::ALL
        .iter()
        .map(|&algorithm| {
            let r =
                search(&mut flat.root(), algorithm, &SearchOptions::default(), StopWhen::default(), &mut NoObserver);
            Comparison {
                algorithm,
                leaves: r.stats.leaves_evaluated,
                nodes: r.stats.nodes_visited,
                value: r.value_for_max,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::notation::parse;

    fn analyse(text: &str, algorithm: Algorithm) -> Analysis {
        Analysis::new(&parse(text).expect("valid"), algorithm).expect("compiles")
    }

    #[test]
    fn textbook_counts() {
        let a = analyse("((3 12 8) (2 4 6) (14 5 2))", Algorithm::Alphabeta);
        let run = a.run.as_ref().expect("small tree is searched");
        assert_eq!(run.result.stats.leaves_evaluated, 7);
        assert_eq!(run.result.value_for_max, 3.0);
        assert_eq!(a.levin, Some((3, 2, 5)));
        assert_eq!(a.comparison.len(), Algorithm::ALL.len());
        assert_eq!(a.comparison[0].leaves, 9, "minimax reads every leaf");
    }

    #[test]
    fn row_counts_follow_trace_rows_on_every_prefix() {
        let trees = [
            "((3 12 8) (2 4 6) (14 5 2))",
            "max( chance(0.5: min(2 4) 0.5: min(7 1))  chance(0.9: min(3 3) 0.1: min(0 9)) )",
            "A:(B:(E:(8 7 3) F:(9 1 2) G:(4 2 1)) C:(H:(5 3 2) I:(1 9 2) J:(6 2 1)) D:(K:(5 4 3) L:(1 1 1) M:(2 2 2)))",
        ];
        for text in trees {
            let flat = FlatTree::compile(&parse(text).expect("valid")).expect("compiles");
            for algorithm in Algorithm::ALL {
                let mut recorder = Recorder::new();
                search(&mut flat.root(), algorithm, &SearchOptions::default(), StopWhen::default(), &mut recorder);
                let counts = recorder.trace_rows_and_progress(|i| i.to_string()).1;
                for k in 0..=recorder.steps.len() {
                    // A prefix ending on a leaf's Enter shows a row the whole table folds into the leaf's row.
                    let leaf_next =
                        k > 0 && matches!(recorder.steps.get(k), Some(s) if matches!(s.event, StepEvent::Leaf { .. }));
                    if leaf_next {
                        continue;
                    }
                    let mut prefix = recorder.clone();
                    prefix.steps.truncate(k);
                    let expected = prefix.trace_rows(|i| i.to_string()).len();
                    let got = if k == 0 { 0 } else { counts[k - 1] };
                    assert_eq!(got, expected, "{algorithm} on {text}, after {k} steps");
                }
            }
        }
    }

    #[test]
    fn steps_name_nodes_of_the_drawn_tree() {
        let a = analyse("((3 12 8) (2 4 6) (14 5 2))", Algorithm::Alphabeta);
        let run = a.run.as_ref().expect("searched");
        let never_entered: Vec<String> = (0..a.flat.nodes.len() as u32)
            .filter(|&id| !run.steps.iter().any(|s| s.node == id as usize))
            .map(|id| a.flat.path_string(id))
            .collect();
        assert_eq!(never_entered, ["1.1", "1.2"]);
    }
}
