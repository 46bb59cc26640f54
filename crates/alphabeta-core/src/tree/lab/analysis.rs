//! Everything the Tree lab shows about one tree: the compiled tree and its layout (the *shape*, drawn at once), the
//! recorded search of the chosen algorithm (steps re-keyed by node id), and every algorithm's counts. Each part is
//! a plain function of the tree, so the studio's background worker can compute them off the window's thread and
//! the tests can call them directly. The window only reads this.

use super::layout::Layout;
use crate::engine::game::Value;
use crate::engine::search::context::StopWhen;
use crate::engine::search::observer::{NoObserver, Recorder, Step, StepEvent, TraceRow};
use crate::engine::search::{Algorithm, SearchOptions, SearchResult, search};
use crate::tree::flat::{FlatTree, ROOT};
use crate::tree::model::Tree;
use crate::tree::order::levin_minimum;
use std::sync::Arc;

/// The most steps recorded for the replay. Nobody steps through more; what lies beyond is still counted, and
/// the memory a recording takes stays bounded (about 100 bytes a step with its trace row) whatever the search.
pub const STEP_LIMIT: usize = 500_000;

/// The most nodes one search in the lab may visit before it gives up. MTD(f) on a line of n ascending leaves
/// makes n passes (n²/2 nodes): without a limit, 100,000 leaves would keep the worker busy for minutes.
pub const NODE_LIMIT: u64 = crate::engine::search::ranges::TREE_SEARCH_NODES;

/// One tree, analysed.
pub struct Analysis {
    /// Shared with the worker, which searches it again when the algorithm changes.
    pub flat: Arc<FlatTree>,
    /// Where each node is drawn.
    pub layout: Layout,
    /// The chosen algorithm's recorded search; `None` until it has arrived (or when it gave up).
    pub run: Option<Run>,
    /// Every algorithm's counts on this tree, in [`Algorithm::ALL`] order, as far as they have arrived.
    pub comparison: Vec<Comparison>,
    /// `(b, d, leaves)`: Levin's minimum, for uniform trees.
    pub levin: Option<(u32, u32, u64)>,
}

/// A recorded search, ready to replay on the drawn tree.
pub struct Run {
    /// The algorithm recorded.
    pub algorithm: Algorithm,
    /// Its result: value, best move, statistics.
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
    /// The node each trace row is about, by row.
    pub row_nodes: Vec<u32>,
    /// The widest cell of each trace column, in characters ([`super::tables::cell_widths`]).
    pub cell_widths: [usize; 5],
    /// The replay positions one press of ▶ moves between, ascending, ending with `steps.len()`: after every event
    /// but the recorder's entering and leaving around a leaf's value, which say nothing the value does not.
    pub stops: Vec<usize>,
}

/// One algorithm's counts on the current tree.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// The algorithm counted.
    pub algorithm: Algorithm,
    /// The leaves it read.
    pub leaves: u64,
    /// The nodes it visited.
    pub nodes: u64,
    /// The root's value it found.
    pub value: Value,
    /// False when the search gave up at [`NODE_LIMIT`] nodes: the counts are then lower bounds, the value nothing.
    pub complete: bool,
}

impl Analysis {
    /// Compiles, lays out and searches a tree with every algorithm, recording `algorithm`, all at once — what the
    /// worker does in parts.
    pub fn new(tree: &Tree, algorithm: Algorithm) -> Result<Analysis, String> {
        let mut analysis = Analysis::shape(tree)?;
        analysis.run = Run::record(&analysis.flat, algorithm, StopWhen::default());
        analysis.comparison =
            Algorithm::ALL.iter().filter_map(|&a| compare(&analysis.flat, a, StopWhen::default())).collect();
        Ok(analysis)
    }

    /// The compiled tree and its layout, with no search yet: what the canvas needs to draw it.
    pub fn shape(tree: &Tree) -> Result<Analysis, String> {
        let flat = FlatTree::compile(tree).map_err(|e| e.to_string())?;
        let layout = Layout::compute(&flat);
        let levin = flat.uniform_shape().map(|(b, d)| (b, d, levin_minimum(b as u64, d)));
        Ok(Analysis { flat: Arc::new(flat), layout, run: None, comparison: Vec::new(), levin })
    }

    /// The number of nodes and leaves (what minimax visits and reads).
    pub fn totals(&self) -> (usize, usize) {
        (self.flat.nodes.len(), self.flat.leaf_count)
    }

    /// True when every algorithm's counts have arrived.
    pub fn compared(&self) -> bool {
        self.comparison.len() == Algorithm::ALL.len()
    }
}

/// The search options for `flat`: MTD(f)'s table sized to the tree, about 256 bytes a node between 1 and 16 MiB
/// (the default). The studio searches a small tree on the window's thread, and clearing 16 MiB there would take
/// longer than the search.
fn options(flat: &FlatTree) -> SearchOptions {
    let tt_mib = ((flat.nodes.len() * 256) >> 20).clamp(1, SearchOptions::default().tt_mib);
    SearchOptions { tt_mib, ..SearchOptions::default() }
}

/// `stop` with the lab's node limit added.
fn limited(stop: StopWhen<'_>) -> StopWhen<'_> {
    StopWhen { node_limit: Some(stop.node_limit.unwrap_or(NODE_LIMIT).min(NODE_LIMIT)), ..stop }
}

impl Run {
    /// Searches `flat` with `algorithm`, keeping the first [`STEP_LIMIT`] steps; `None` when `stop` (a cancel
    /// flag) or the node limit ended the search first.
    pub fn record(flat: &FlatTree, algorithm: Algorithm, stop: StopWhen<'_>) -> Option<Run> {
        let mut recorder = Recorder::new();
        recorder.step_limit = STEP_LIMIT;
        let result = search(&mut flat.root(), algorithm, &options(flat), limited(stop), &mut recorder);
        if !result.complete {
            return None;
        }
        // The recorder names a node by its parent and the move from it; a parent is always recorded first.
        let mut ids: Vec<u32> = Vec::with_capacity(recorder.nodes.len());
        for node in &recorder.nodes {
            let id = match (node.parent, node.via) {
                (Some(parent), Some(mv)) => flat.node(ids[parent]).first_child + mv,
                _ => ROOT,
            };
            ids.push(id);
        }
        let names = RowNames::of(flat);
        let (trace, rows_after) = recorder.trace_rows_and_progress(|i| names.name(flat, ids[i]));
        let steps: Vec<Step> =
            recorder.steps.iter().map(|s| Step { node: ids[s.node] as usize, ..s.clone() }).collect();
        let stops = stops(&steps);
        let mut run = Run {
            algorithm,
            result,
            steps,
            truncated: recorder.truncated,
            trace,
            rows_after,
            row_nodes: Vec::new(),
            cell_widths: [0; 5],
            stops,
        };
        run.cell_widths = super::tables::cell_widths(&run.trace);
        run.row_nodes = run.nodes_of_rows();
        Some(run)
    }

    /// By trace row, the node of the first step that wrote it.
    fn nodes_of_rows(&self) -> Vec<u32> {
        let mut nodes: Vec<Option<u32>> = vec![None; self.trace.len()];
        for (i, step) in self.steps.iter().enumerate() {
            if let Some(slot) = self.row_of_step(i).and_then(|row| nodes.get_mut(row)) {
                slot.get_or_insert(step.node as u32);
            }
        }
        nodes.into_iter().map(|n| n.unwrap_or(ROOT)).collect()
    }

    /// The first trace row about node `id`, if the search wrote one.
    pub fn first_row_of_node(&self, id: u32) -> Option<usize> {
        self.row_nodes.iter().position(|&n| n == id)
    }

    /// The replay position one event forward (`direction` 1) or back (−1) from `cursor`.
    pub fn stride(&self, cursor: usize, direction: isize) -> usize {
        if direction > 0 {
            let i = self.stops.partition_point(|&s| s <= cursor);
            self.stops.get(i).copied().unwrap_or(cursor)
        } else {
            let i = self.stops.partition_point(|&s| s < cursor);
            i.checked_sub(1).map_or(0, |i| self.stops[i])
        }
    }

    /// How many events have happened at replay position `cursor`, and how many there are.
    pub fn events(&self, cursor: usize) -> (usize, usize) {
        (self.stops.partition_point(|&s| s <= cursor), self.stops.len())
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

/// How the trace table names a node: its label where the label is the tree's only one of that name (the memo's
/// `E`), else the line of labels from the root down (`e4 e5 d5`: a move tree repeats `d5` under many lines), else
/// its path.
struct RowNames {
    repeated: std::collections::HashSet<String>,
}

impl RowNames {
    fn of(flat: &FlatTree) -> RowNames {
        let mut seen = std::collections::HashSet::new();
        let repeated = flat.labels.values().filter(|label| !seen.insert(label.as_str())).cloned().collect();
        RowNames { repeated }
    }

    fn name(&self, flat: &FlatTree, id: u32) -> String {
        match flat.labels.get(&id) {
            Some(label) if self.repeated.contains(label) => {
                let mut line = vec![label.as_str()];
                let mut at = id;
                while at != ROOT {
                    at = flat.node(at).parent;
                    if let Some(label) = flat.labels.get(&at).filter(|_| at != ROOT) {
                        line.push(label);
                    }
                }
                line.reverse();
                line.join(" ")
            }
            _ => flat.display_name(id),
        }
    }
}

/// The positions after each event of `steps`, the leaf's enter and leave folded into its reading.
fn stops(steps: &[Step]) -> Vec<usize> {
    let leaf_of = |step: &Step, other: Option<&Step>| {
        other.is_some_and(|s| s.node == step.node && matches!(s.event, StepEvent::Leaf { .. }))
    };
    let mut stops: Vec<usize> = (1..=steps.len())
        .filter(|&n| {
            // The step that brings the replay to position n is steps[n - 1].
            let step = &steps[n - 1];
            match step.event {
                StepEvent::Enter => !leaf_of(step, steps.get(n)),
                StepEvent::Leave { .. } => !leaf_of(step, n.checked_sub(2).and_then(|i| steps.get(i))),
                _ => true,
            }
        })
        .collect();
    if stops.last() != Some(&steps.len()) && !steps.is_empty() {
        stops.push(steps.len());
    }
    stops
}

/// One algorithm's counts on `flat`; `None` when `stop` ended it (a newer tree), incomplete at the node limit.
pub fn compare(flat: &FlatTree, algorithm: Algorithm, stop: StopWhen<'_>) -> Option<Comparison> {
    let cancelled = stop.flag.is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed));
    let r = search(&mut flat.root(), algorithm, &options(flat), limited(stop), &mut NoObserver);
    let cancelled = cancelled || stop.flag.is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed));
    (!cancelled).then_some(Comparison {
        algorithm,
        leaves: r.stats.leaves_evaluated,
        nodes: r.stats.nodes_visited,
        value: r.value_for_max,
        complete: r.complete,
    })
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
    fn a_move_trees_rows_name_the_line_and_unique_labels_stay_short() {
        // d5 answers both e4 and d4: a row saying "d5" could be either.
        let a = analyse("(e4:(e5:1 d5:2) d4:(d5:3 Nf6:4))", Algorithm::Minimax);
        let run = a.run.as_ref().expect("searched");
        let names: Vec<&str> = run.trace.iter().map(|r| r.node.as_str()).collect();
        assert!(names.contains(&"e4 d5") && names.contains(&"d4 d5"), "{names:?}");
        assert!(names.contains(&"e5") && names.contains(&"Nf6"), "a label found once is enough: {names:?}");
        // The memo's letters are each used once: E stays E.
        let memo = analyse(&crate::tree::lab::examples::Example::Memo1961.text(), Algorithm::Alphabeta);
        assert!(memo.run.as_ref().expect("searched").trace.iter().any(|r| r.node == "E"));
    }

    #[test]
    fn every_row_knows_its_node() {
        let a = analyse("((3 12 8) (2 4 6) (14 5 2))", Algorithm::Alphabeta);
        let run = a.run.as_ref().expect("searched");
        assert_eq!(run.row_nodes.len(), run.trace.len());
        for (row, &node) in run.row_nodes.iter().enumerate() {
            assert_eq!(run.trace[row].node, a.flat.display_name(node), "row {row}");
        }
        assert_eq!(run.first_row_of_node(a.flat.node_at(&[1]).expect("node 1")), Some(9));
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
