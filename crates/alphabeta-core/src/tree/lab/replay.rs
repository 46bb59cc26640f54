//! The recorded search as it stood after a number of steps: which nodes were entered, the window at each, the
//! values returned, which children were pruned and by whom — and each step said in words.

use super::analysis::Run;
use crate::engine::game::{Turn, Value};
use crate::engine::search::observer::{Bound, CutKind, Step, StepEvent, Window};
use crate::tree::flat::{FlatTree, ROOT};

/// One node's state at a moment of the replay.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct NodeState {
    /// Entered at least once so far.
    pub entered: bool,
    /// On the path from the root to the current node (entered and not yet left).
    pub active: bool,
    /// The window at the node after its latest event (MAX's point of view).
    pub window: Option<Window>,
    /// The value it returned when last left, exact or a bound.
    pub value: Option<(Value, Bound)>,
    /// The step at which it was last entered.
    last_enter: usize,
}

/// Why a child was never entered: a cut-off at its parent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cut {
    /// The node where the cut-off happened (the pruned child's parent).
    pub at: u32,
    /// An α-cut or a β-cut.
    pub kind: CutKind,
    /// The parent's value (or bound) when it was cut.
    pub value: Value,
    /// The bound that was crossed: α for an α-cut, β for a β-cut.
    pub bound: Value,
    /// The highest ancestor whose own value set that bound, when it is not the parent's parent (a deep cut-off).
    pub deep_origin: Option<u32>,
}

/// The replay after `cursor` steps.
#[derive(Clone, Debug, Default)]
pub struct Snapshot {
    /// The number of steps replayed.
    pub cursor: usize,
    /// Each node's state, by node id.
    pub nodes: Vec<NodeState>,
    /// By node id: set on the children a cut-off pruned (cleared if a later pass enters them).
    pub pruned: Vec<Option<Cut>>,
    /// The node the latest step was about.
    pub current: Option<u32>,
    /// Leaves read so far.
    pub leaves_read: usize,
    /// Nodes entered so far (a node entered again counts again, as the search's statistics count it).
    pub nodes_entered: u64,
    /// α-cuts so far (at MIN nodes).
    pub alpha_cutoffs: u64,
    /// β-cuts so far (at MAX nodes).
    pub beta_cutoffs: u64,
    /// Children the cut-offs so far left unsearched.
    pub branches_pruned: u64,
}

impl Snapshot {
    /// Replays the first `cursor` steps of a run on its tree.
    pub fn at(flat: &FlatTree, run: &Run, cursor: usize) -> Snapshot {
        let cursor = cursor.min(run.steps.len());
        let mut s = Snapshot {
            cursor,
            nodes: vec![NodeState::default(); flat.nodes.len()],
            pruned: vec![None; flat.nodes.len()],
            current: None,
            ..Snapshot::default()
        };
        for (i, step) in run.steps[..cursor].iter().enumerate() {
            s.apply(flat, i, step);
        }
        s
    }

    fn apply(&mut self, flat: &FlatTree, index: usize, step: &Step) {
        let id = step.node as u32;
        self.current = Some(id);
        let node = &mut self.nodes[step.node];
        node.window = Some(step.window);
        match step.event {
            StepEvent::Enter => {
                node.entered = true;
                node.active = true;
                node.last_enter = index;
                node.value = None;
                self.pruned[step.node] = None;
                self.nodes_entered += 1;
            }
            StepEvent::Leaf { value } => {
                node.value = Some((value, Bound::Exact));
                self.leaves_read += 1;
            }
            StepEvent::BackedUp { .. } => {}
            StepEvent::Cutoff { kind, value, pruned } => {
                let started = node.last_enter;
                match kind {
                    CutKind::Alpha => self.alpha_cutoffs += 1,
                    CutKind::Beta => self.beta_cutoffs += 1,
                }
                self.branches_pruned += pruned as u64;
                let bound = match kind {
                    CutKind::Alpha => step.window.alpha,
                    CutKind::Beta => step.window.beta,
                };
                let cut = Cut { at: id, kind, value, bound, deep_origin: self.bound_origin(flat, id, kind, bound) };
                for child in flat.children(id) {
                    let c = &self.nodes[child as usize];
                    if !(c.entered && c.last_enter > started) {
                        self.pruned[child as usize] = Some(cut);
                    }
                }
            }
            StepEvent::Leave { value, bound } => {
                node.active = false;
                node.value = Some((value, bound));
            }
        }
    }

    /// The highest active ancestor of `id` (above its parent) whose own window side equals `bound`: the node whose
    /// value set the bound that caused a deep cut-off. `None` for a shallow cut-off.
    fn bound_origin(&self, flat: &FlatTree, id: u32, kind: CutKind, bound: Value) -> Option<u32> {
        let mut origin = None;
        let mut at = id;
        while at != ROOT {
            at = flat.node(at).parent;
            let setter = match kind {
                CutKind::Alpha => flat.node(at).turn == Turn::Max,
                CutKind::Beta => flat.node(at).turn == Turn::Min,
            };
            let own = self.nodes[at as usize].window.map(|w| match kind {
                CutKind::Alpha => w.alpha,
                CutKind::Beta => w.beta,
            });
            if setter && own == Some(bound) && bound.is_finite() {
                origin = Some(at);
            }
        }
        let parent = flat.node(id).parent;
        origin.filter(|&o| o != parent)
    }
}

/// The window each node was first entered with, by node id (`None` for a node never entered): the α and β the
/// trace table's first row for the node shows, and the ones the worksheet and the quiz ask for. A node entered
/// again (a re-search) keeps its first window: one answer per node.
pub fn entered_windows(flat: &FlatTree, run: &Run) -> Vec<Option<Window>> {
    let mut entered = vec![None; flat.nodes.len()];
    for step in &run.steps {
        if step.event == StepEvent::Enter && entered[step.node].is_none() {
            entered[step.node] = Some(step.window);
        }
    }
    entered
}

/// A value for people: whole numbers without a fraction, ±∞ as symbols.
pub fn fmt_value(value: Value) -> String {
    if value == Value::INFINITY {
        "+∞".into()
    } else if value == Value::NEG_INFINITY {
        "−∞".into()
    } else if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else if value.abs() < 1e15 && value != value.round() && (value - value.round()).abs() < 1e-9 {
        // The float just beside a whole number: MTD(f)'s null window (β⁻, β) tests "is the value at least β?".
        let whole = value.round();
        format!("{}{}", whole as i64, if value < whole { "⁻" } else { "⁺" })
    } else {
        // Expectations such as 2/3 would print sixteen digits; three decimals are what a table has room for.
        let text = format!("{value:.3}");
        let text = text.trim_end_matches('0').trim_end_matches('.');
        // A small negative value rounds to "-0", which a table must not show: it is 0 to three decimals.
        if text == "-0" { "0".into() } else { text.to_string() }
    }
}

/// A returned value with its bound: `3`, `≥ 5`, `≤ 2`.
pub fn fmt_bounded(value: Value, bound: Bound) -> String {
    match bound {
        Bound::Exact => fmt_value(value),
        Bound::Lower => format!("≥{}", fmt_value(value)),
        Bound::Upper => format!("≤{}", fmt_value(value)),
    }
}

/// `MAX node 1.0`, `MIN node B`, `leaf 0.2`.
pub fn node_name(flat: &FlatTree, id: u32) -> String {
    let kind = match flat.node(id).turn {
        Turn::Max => "MAX",
        Turn::Min => "MIN",
        Turn::Chance => "chance",
    };
    if flat.is_leaf(id) {
        format!("leaf {}", flat.display_name(id))
    } else {
        format!("{kind} node {}", flat.display_name(id))
    }
}

/// What a cut-off did, in words: "MIN node 1: 2 ≤ α = 3, so its remaining 2 children are pruned".
pub fn describe_cutoff(flat: &FlatTree, cut: &Cut, pruned: Option<usize>) -> String {
    let (relation, symbol) = match cut.kind {
        CutKind::Alpha => ("≤", "α"),
        CutKind::Beta => ("≥", "β"),
    };
    let mut text =
        format!("{}: {} {relation} {symbol} = {}", node_name(flat, cut.at), fmt_value(cut.value), fmt_value(cut.bound));
    if let Some(n) = pruned {
        text += &match n {
            1 => ", so its remaining child is pruned".to_string(),
            n => format!(", so its remaining {n} children are pruned"),
        };
    }
    if let Some(origin) = cut.deep_origin {
        text +=
            &format!(" (a deep cut-off: {symbol} = {} was set by {})", fmt_value(cut.bound), node_name(flat, origin));
    }
    text
}

/// The tooltip of a pruned edge: "pruned by an α-cut at MIN node 1: 2 ≤ α = 3".
pub fn describe_pruned(flat: &FlatTree, cut: &Cut) -> String {
    let kind = match cut.kind {
        CutKind::Alpha => "an α-cut",
        CutKind::Beta => "a β-cut",
    };
    format!("pruned by {kind} at {}", describe_cutoff(flat, cut, None))
}

/// Step `index` of a run, said in words. `before` is the replay just before the step (for deep cut-offs).
pub fn describe_step(flat: &FlatTree, run: &Run, before: &Snapshot, index: usize) -> String {
    let Some(step) = run.steps.get(index) else { return String::new() };
    let id = step.node as u32;
    let name = node_name(flat, id);
    let window = format!("α = {}, β = {}", fmt_value(step.window.alpha), fmt_value(step.window.beta));
    match step.event {
        StepEvent::Enter if id == ROOT => format!("Start at the root ({}) with {window}", node_name(flat, id)),
        StepEvent::Enter => format!("Enter {name} with {window}"),
        StepEvent::Leaf { value } => format!("Read {name}: value {}", fmt_value(value)),
        StepEvent::BackedUp { child_value } => {
            let side = match flat.node(id).turn {
                Turn::Max => format!("α = {}", fmt_value(step.window.alpha)),
                Turn::Min => format!("β = {}", fmt_value(step.window.beta)),
                Turn::Chance => window.clone(),
            };
            format!("{name}: a child returned {}; now {side}", fmt_value(child_value))
        }
        StepEvent::Cutoff { kind, value, pruned } => {
            let bound = match kind {
                CutKind::Alpha => step.window.alpha,
                CutKind::Beta => step.window.beta,
            };
            let deep_origin = before.bound_origin(flat, id, kind, bound);
            let cut = Cut { at: id, kind, value, bound, deep_origin };
            describe_cutoff(flat, &cut, Some(pruned))
        }
        StepEvent::Leave { value, bound } => {
            let meaning = match bound {
                Bound::Exact => String::new(),
                Bound::Lower => " (a lower bound: its true value is at least that)".into(),
                Bound::Upper => " (an upper bound: its true value is at most that)".into(),
            };
            format!("{name} returns {}{meaning}", fmt_bounded(value, bound))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::Algorithm;
    use crate::tree::lab::analysis::Analysis;
    use crate::tree::notation::parse;

    #[test]
    fn values_print_short() {
        assert_eq!(fmt_value(3.0), "3");
        assert_eq!(fmt_value(-7.0), "-7");
        assert_eq!(fmt_value(2.7), "2.7");
        assert_eq!(fmt_value(2.0 / 3.0), "0.667");
        assert_eq!(fmt_value(Value::NEG_INFINITY), "−∞");
        assert_eq!(fmt_value(-0.0), "0");
        assert_eq!(fmt_value(-0.0001), "0", "no \"-0\" in a table");
        assert_eq!(fmt_bounded(5.0, Bound::Lower), "≥5");
    }

    #[test]
    fn textbook_cutoff_is_said_in_words() {
        let a = Analysis::new(&parse("((3 12 8) (2 4 6) (14 5 2))").expect("valid"), Algorithm::Alphabeta)
            .expect("compiles");
        let run = a.run.as_ref().expect("searched");
        let cut = run.steps.iter().position(|s| matches!(s.event, StepEvent::Cutoff { .. })).expect("a cut-off");
        let before = Snapshot::at(&a.flat, run, cut);
        let text = describe_step(&a.flat, run, &before, cut);
        assert_eq!(text, "MIN node 1: 2 ≤ α = 3, so its remaining 2 children are pruned");
        let end = Snapshot::at(&a.flat, run, run.steps.len());
        let pruned: Vec<String> = (0..a.flat.nodes.len())
            .filter(|&i| end.pruned[i].is_some())
            .map(|i| a.flat.path_string(i as u32))
            .collect();
        assert_eq!(pruned, ["1.1", "1.2"]);
        assert_eq!(end.leaves_read, 7);
        let root = end.nodes[ROOT as usize];
        assert_eq!(root.value, Some((3.0, Bound::Exact)));
    }

    #[test]
    fn a_deep_cutoff_names_the_ancestor() {
        // The root's first child gives α = 5; two levels down in the second subtree a MIN node falls to 4 ≤ α = 5.
        let a = Analysis::new(&parse("(5 (((4 9) 8) 1))").expect("valid"), Algorithm::Alphabeta).expect("ok");
        let run = a.run.as_ref().expect("searched");
        let end = Snapshot::at(&a.flat, run, run.steps.len());
        let deep = end.pruned.iter().flatten().find(|c| c.deep_origin.is_some()).expect("a deep cut-off");
        assert_eq!(deep.deep_origin, Some(ROOT));
        assert!(describe_pruned(&a.flat, deep).contains("set by MAX node root"), "{}", describe_pruned(&a.flat, deep));
    }

    #[test]
    fn the_counts_so_far_grow_from_nothing_to_the_searchs_statistics() {
        use crate::tree::lab::examples::Example;
        for example in Example::ALL {
            for algorithm in Algorithm::ALL {
                let Ok(a) = Analysis::new(&parse(&example.text()).expect("valid"), algorithm) else { continue };
                let run = a.run.as_ref().expect("searched");
                let start = Snapshot::at(&a.flat, run, 0);
                let counts = |s: &Snapshot| {
                    (s.leaves_read as u64, s.nodes_entered, s.alpha_cutoffs, s.beta_cutoffs, s.branches_pruned)
                };
                assert_eq!(counts(&start), (0, 0, 0, 0, 0));
                let end = Snapshot::at(&a.flat, run, run.steps.len());
                let stats = &run.result.stats;
                let expected = (
                    stats.leaves_evaluated,
                    stats.nodes_visited,
                    stats.alpha_cutoffs,
                    stats.beta_cutoffs,
                    stats.branches_pruned,
                );
                assert_eq!(counts(&end), expected, "{example:?} {algorithm:?}");
            }
        }
    }
}
