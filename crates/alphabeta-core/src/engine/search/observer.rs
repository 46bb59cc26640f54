//! Watching a search: the [`Observer`] trait, its free no-op, and the [`Recorder`] that keeps every step for the
//! tree editor's replay and the lecture's trace table.
//!
//! Searches are generic over the observer, so with [`NoObserver`] every call compiles to nothing.

use crate::engine::game::{Game, Turn, Value};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// The α-β window in force at a node, always from MAX's point of view: α is the value MAX is already assured of
/// along the path, β the value MIN is already assured of. Negamax searches convert before reporting.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Window {
    /// The value MAX is already assured of along the path.
    pub alpha: Value,
    /// The value MIN is already assured of along the path.
    pub beta: Value,
}

impl Window {
    /// The window of a search that knows nothing yet: (−∞, +∞).
    pub const FULL: Window = Window { alpha: Value::NEG_INFINITY, beta: Value::INFINITY };

    /// Converts a window from the point of view of a node with the given sign (+1 MAX, −1 MIN) to MAX's.
    #[inline]
    pub fn from_node_view(sign: Value, alpha: Value, beta: Value) -> Window {
        if sign > 0.0 { Window { alpha, beta } } else { Window { alpha: -beta, beta: -alpha } }
    }
}

/// Which bound caused a cut-off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CutKind {
    /// At a MIN node (or a chance node failing low): its value fell to α or below, so MAX will avoid it.
    Alpha,
    /// At a MAX node (or a chance node failing high): its value rose to β or above, so MIN will avoid it.
    Beta,
}

/// What a node's reported value is, from MAX's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Bound {
    /// The true minimax value.
    Exact,
    /// The true value is at least this (`≥ v`): the node was cut off at a MAX node or failed high.
    Lower,
    /// The true value is at most this (`≤ v`).
    Upper,
}

impl Bound {
    /// What a value returned for a node searched with `window` tells about its true value (fail-soft reading).
    pub fn classify(value: Value, window: Window) -> Bound {
        if value.is_infinite() {
            Bound::Exact // nothing lies beyond ±∞, so even a bound there is exact
        } else if value <= window.alpha {
            Bound::Upper
        } else if value >= window.beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
}

/// Receives a search's events. Every method has an empty default; values and windows are from MAX's point of view.
/// `game` is always at the node the event is about.
pub trait Observer<G: Game> {
    /// A node is entered, reached by `via` from the node entered before it (`None` at the root).
    fn enter(&mut self, _game: &G, _via: Option<G::Move>, _window: Window) {}
    /// A leaf's value was read (game over, or the depth limit).
    fn leaf(&mut self, _game: &G, _value: Value) {}
    /// A child's value was backed up into the current node; `window` is the node's window after the update.
    fn backed_up(&mut self, _game: &G, _child_value: Value, _window: Window) {}
    /// A cut-off at the current node: its remaining `pruned` children will not be entered.
    fn cutoff(&mut self, _game: &G, _kind: CutKind, _value: Value, _pruned: usize) {}
    /// The current node is left with `value`, which is exact or a bound.
    fn leave(&mut self, _game: &G, _value: Value, _bound: Bound) {}
}

/// The observer that does nothing, at no cost.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl<G: Game> Observer<G> for NoObserver {}

/// A node the recorded search reached, identified by its parent and the move from it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VisitedNode<M> {
    /// The index of the node it was reached from; `None` for the root.
    pub parent: Option<usize>,
    /// The move from the parent; `None` for the root.
    pub via: Option<M>,
    /// Who decides at the node.
    pub turn: Turn,
}

/// One event of a recorded search, about `node` (an index into [`Recorder::nodes`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// The node the event is about, an index into [`Recorder::nodes`].
    pub node: usize,
    /// What happened.
    pub event: StepEvent,
    /// The window in force at the node after the event.
    pub window: Window,
}

/// What happened at a step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum StepEvent {
    /// The node was entered.
    Enter,
    /// The node is a leaf and its value was read.
    Leaf {
        /// The leaf's value, from MAX's point of view.
        value: Value,
    },
    /// A child's value was backed up into the node.
    BackedUp {
        /// The child's value, from MAX's point of view.
        child_value: Value,
    },
    /// The node was cut off: its remaining children are pruned.
    Cutoff {
        /// Which bound cut it off.
        kind: CutKind,
        /// The node's value when it was cut off, from MAX's point of view (a bound).
        value: Value,
        /// How many children were left unsearched.
        pruned: usize,
    },
    /// The node was left with its value.
    Leave {
        /// The node's value, from MAX's point of view.
        value: Value,
        /// Whether `value` is exact or a bound.
        bound: Bound,
    },
}

/// Keeps every event of a search. A node reached again by the same moves (a re-search, a later MTD(f) pass) keeps
/// its index, so the steps can be drawn on one tree.
#[derive(Clone, Debug)]
pub struct Recorder<M> {
    /// Every node reached, the root first; a node reached again keeps its index.
    pub nodes: Vec<VisitedNode<M>>,
    /// Every event in the order the search made it (up to `step_limit`).
    pub steps: Vec<Step>,
    /// Stop recording (but keep the search going) after this many steps, so a runaway search cannot fill memory.
    pub step_limit: usize,
    /// True when steps were dropped because of `step_limit`.
    pub truncated: bool,
    path: Vec<(usize, Window)>,
    index: HashMap<(usize, M), usize>,
}

impl<M> Default for Recorder<M> {
    fn default() -> Self {
        Recorder {
            nodes: Vec::new(),
            steps: Vec::new(),
            step_limit: usize::MAX,
            truncated: false,
            path: Vec::new(),
            index: HashMap::new(),
        }
    }
}

impl<M: Copy + Eq + std::hash::Hash> Recorder<M> {
    /// An empty recorder with no step limit.
    pub fn new() -> Self {
        Self::default()
    }

    /// The moves from the root to `node`.
    pub fn path(&self, node: usize) -> Vec<M> {
        let mut moves = Vec::new();
        let mut at = node;
        while let VisitedNode { parent: Some(parent), via: Some(mv), .. } = self.nodes[at] {
            moves.push(mv);
            at = parent;
        }
        moves.reverse();
        moves
    }

    fn node_id(&mut self, via: Option<M>, turn: Turn) -> usize {
        let parent = self.path.last().map(|&(id, _)| id);
        let key = match (parent, via) {
            (Some(parent), Some(mv)) => Some((parent, mv)),
            _ => None,
        };
        if let Some(&id) = key.as_ref().and_then(|k| self.index.get(k)) {
            return id;
        }
        if parent.is_none()
            && let Some(root) = self.nodes.iter().position(|n| n.parent.is_none())
        {
            return root;
        }
        self.nodes.push(VisitedNode { parent, via, turn });
        let id = self.nodes.len() - 1;
        if let Some(key) = key {
            self.index.insert(key, id);
        }
        id
    }

    fn push(&mut self, event: StepEvent, window: Window) {
        if self.steps.len() >= self.step_limit {
            self.truncated = true;
            return;
        }
        if let Some(&(node, _)) = self.path.last() {
            self.steps.push(Step { node, event, window });
        }
    }

    /// The trace in the lecture's table format: a row when a node is entered (its α and β), a row for each leaf
    /// (α = β = value), a row each time a child's value is backed up, and the node's value on the row where it
    /// is left. `name` names a node (its label, or its path).
    pub fn trace_rows(&self, name: impl Fn(usize) -> String) -> Vec<TraceRow> {
        self.trace_rows_and_progress(name).0
    }

    /// [`Recorder::trace_rows`], with how many rows the table has after each step — so a replay can show the
    /// table as far as it has got.
    pub fn trace_rows_and_progress(&self, name: impl Fn(usize) -> String) -> (Vec<TraceRow>, Vec<usize>) {
        let mut rows: Vec<TraceRow> = Vec::new();
        let mut progress = Vec::with_capacity(self.steps.len());
        let mut builder = TraceBuilder::default();
        for step in &self.steps {
            let turn = self.nodes[step.node].turn;
            builder.push(step.clone(), turn, &name, &mut |row| rows.push(row), &mut |n| progress.push(n));
        }
        builder.finish(&name, &mut |row| rows.push(row), &mut |n| progress.push(n));
        (rows, progress)
    }
}

/// Builds the lecture's trace table from a stream of steps, one step behind (a step's row depends on the step
/// after it) and one row behind (a node's value is written on the row of its last update): the memory it needs
/// does not grow with the search, so a search of billions of steps can be traced straight to a file.
#[derive(Clone, Debug, Default)]
pub struct TraceBuilder {
    /// The step received last, not yet turned into rows (it needs the next one), with its node's turn.
    waiting: Option<(Step, Turn)>,
    /// The node and event of the step processed last.
    previous: Option<(usize, StepEvent)>,
    /// The last row, held back because a later step may still write its value.
    last: Option<TraceRow>,
    /// Rows written so far, `last` included.
    rows: usize,
}

impl TraceBuilder {
    /// Takes the next step of the search (`turn` is its node's). Rows that can no longer change go to `row`;
    /// `progress` hears, for the step before this one, how many rows the table has once it has happened.
    pub fn push(
        &mut self,
        step: Step,
        turn: Turn,
        name: &impl Fn(usize) -> String,
        row: &mut impl FnMut(TraceRow),
        progress: &mut impl FnMut(usize),
    ) {
        if let Some((waiting, waiting_turn)) = self.waiting.take() {
            self.process(waiting, waiting_turn, Some(&step), name, row);
            progress(self.rows);
        }
        self.waiting = Some((step, turn));
    }

    /// Ends the stream: the last step is processed and the last row let go.
    pub fn finish(
        &mut self,
        name: &impl Fn(usize) -> String,
        row: &mut impl FnMut(TraceRow),
        progress: &mut impl FnMut(usize),
    ) {
        if let Some((waiting, turn)) = self.waiting.take() {
            self.process(waiting, turn, None, name, row);
            progress(self.rows);
        }
        if let Some(last) = self.last.take() {
            row(last);
        }
    }

    fn process(
        &mut self,
        step: Step,
        turn: Turn,
        next: Option<&Step>,
        name: &impl Fn(usize) -> String,
        out: &mut impl FnMut(TraceRow),
    ) {
        let row = |alpha, beta, value| TraceRow { node: name(step.node), turn, alpha, beta, value, bound: None };
        let (alpha, beta) = (step.window.alpha, step.window.beta);
        let previous_leaf = matches!(self.previous, Some((node, StepEvent::Leaf { .. })) if node == step.node);
        let next_leaf = next.is_some_and(|s| s.node == step.node && matches!(s.event, StepEvent::Leaf { .. }));
        let new_row = match step.event {
            // A leaf is one row (α = β = its value), not enter–leaf–leave.
            StepEvent::Enter if next_leaf => None,
            StepEvent::Leave { .. } if previous_leaf => None,
            StepEvent::Enter | StepEvent::BackedUp { .. } => Some(row(alpha, beta, None)),
            StepEvent::Leaf { value } => Some(row(value, value, Some(value))),
            StepEvent::Cutoff { .. } => None,
            StepEvent::Leave { value, bound } => {
                let bound = (bound != Bound::Exact).then_some(bound);
                let updated_here = matches!(self.previous, Some((node, StepEvent::BackedUp { .. } | StepEvent::Cutoff { .. })) if node == step.node);
                match &mut self.last {
                    // The lecture writes a node's value on the row of its last update.
                    Some(last) if updated_here && last.value.is_none() => {
                        last.value = Some(value);
                        last.bound = bound;
                        None
                    }
                    _ => Some(TraceRow { value: Some(value), bound, ..row(alpha, beta, None) }),
                }
            }
        };
        if let Some(new_row) = new_row {
            if let Some(done) = self.last.replace(new_row) {
                out(done);
            }
            self.rows += 1;
        }
        self.previous = Some((step.node, step.event));
    }
}

impl<G: Game> Observer<G> for Recorder<G::Move> {
    fn enter(&mut self, game: &G, via: Option<G::Move>, window: Window) {
        let id = self.node_id(via, game.turn());
        self.path.push((id, window));
        self.push(StepEvent::Enter, window);
    }

    fn leaf(&mut self, _game: &G, value: Value) {
        let window = self.path.last().map_or(Window::FULL, |&(_, w)| w);
        self.push(StepEvent::Leaf { value }, window);
    }

    fn backed_up(&mut self, _game: &G, child_value: Value, window: Window) {
        if let Some(last) = self.path.last_mut() {
            last.1 = window;
        }
        self.push(StepEvent::BackedUp { child_value }, window);
    }

    fn cutoff(&mut self, _game: &G, kind: CutKind, value: Value, pruned: usize) {
        let window = self.path.last().map_or(Window::FULL, |&(_, w)| w);
        self.push(StepEvent::Cutoff { kind, value, pruned }, window);
    }

    fn leave(&mut self, _game: &G, value: Value, bound: Bound) {
        let window = self.path.last().map_or(Window::FULL, |&(_, w)| w);
        self.push(StepEvent::Leave { value, bound }, window);
        self.path.pop();
    }
}

/// One row of the lecture's solution table: NODE, TYPE, ALPHA, BETA, VALUE.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TraceRow {
    /// The node's name (its label, or its path).
    pub node: String,
    /// Who decides at the node: the TYPE column.
    pub turn: Turn,
    /// α at the node on this row, from MAX's point of view.
    pub alpha: Value,
    /// β at the node on this row, from MAX's point of view.
    pub beta: Value,
    /// Set on a leaf's row and on the row where a node is left.
    pub value: Option<Value>,
    /// Set when the value is only a bound (the node was cut off).
    pub bound: Option<Bound>,
}

/// A value as the tables print it: whole numbers without a fraction, ±∞ as `+inf` / `-inf`.
pub fn format_value(value: Value) -> String {
    if value == Value::INFINITY {
        "+inf".into()
    } else if value == Value::NEG_INFINITY {
        "-inf".into()
    } else {
        format!("{value}")
    }
}

/// Renders rows as CSV (RFC 4180): `node,type,alpha,beta,value,bound`, values as the table prints them, the bound
/// `lower` / `upper` where a value is one, fields quoted when they hold a comma or a quote.
pub fn format_trace_csv(rows: &[TraceRow]) -> String {
    let field = |text: String| {
        if text.contains([',', '"', '\n']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text }
    };
    let mut out = String::from("node,type,alpha,beta,value,bound\n");
    for r in rows {
        let bound = match r.bound {
            Some(Bound::Lower) => "lower",
            Some(Bound::Upper) => "upper",
            Some(Bound::Exact) | None => "",
        };
        let cells = [
            field(r.node.clone()),
            r.turn.name().to_string(),
            format_value(r.alpha),
            format_value(r.beta),
            r.value.map(format_value).unwrap_or_default(),
            bound.to_string(),
        ];
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}

/// Renders rows as the lecture's table, tab-free and aligned, with a header line.
pub fn format_trace_table(rows: &[TraceRow]) -> String {
    let cells: Vec<[String; 5]> = rows.iter().map(trace_cells).collect();
    let mut widths = TraceWidths::default();
    for row in &cells {
        widths.widen(row);
    }
    let mut out = widths.line(&TRACE_HEADER.map(String::from));
    for row in &cells {
        out.push_str(&widths.line(row));
    }
    out
}

/// The table's header: NODE, TYPE, ALPHA, BETA, VALUE.
pub const TRACE_HEADER: [&str; 5] = ["NODE", "TYPE", "ALPHA", "BETA", "VALUE"];

/// A row's five cells as the table prints them (a bound as `>=v` / `<=v`).
pub fn trace_cells(r: &TraceRow) -> [String; 5] {
    let value = match (r.value, r.bound) {
        (None, _) => String::new(),
        (Some(v), Some(Bound::Lower)) => format!(">={}", format_value(v)),
        (Some(v), Some(Bound::Upper)) => format!("<={}", format_value(v)),
        (Some(v), _) => format_value(v),
    };
    [r.node.clone(), r.turn.name().to_string(), format_value(r.alpha), format_value(r.beta), value]
}

/// The table's column widths, in characters: the header's, widened by every row seen — so a table too long to
/// keep can be measured in one pass over its rows and printed in a second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceWidths(pub [usize; 5]);

impl Default for TraceWidths {
    fn default() -> Self {
        TraceWidths(TRACE_HEADER.map(str::len))
    }
}

impl TraceWidths {
    /// Widens each column to fit its cell of `cells`.
    pub fn widen(&mut self, cells: &[String; 5]) {
        for (w, c) in self.0.iter_mut().zip(cells) {
            *w = (*w).max(c.chars().count());
        }
    }

    /// One line of the table, cells padded to the widths, trailing spaces trimmed, ending in a newline.
    pub fn line(&self, cells: &[String; 5]) -> String {
        let line: Vec<String> = cells.iter().zip(self.0).map(|(c, w)| format!("{c:<w$}")).collect();
        let mut out = line.join("  ").trim_end().to_string();
        out.push('\n');
        out
    }
}

/// A borrowed observer observes too, so one can be lent to a search and read afterwards.
impl<G: Game, O: Observer<G>> Observer<G> for &mut O {
    fn enter(&mut self, game: &G, via: Option<G::Move>, window: Window) {
        (**self).enter(game, via, window);
    }
    fn leaf(&mut self, game: &G, value: Value) {
        (**self).leaf(game, value);
    }
    fn backed_up(&mut self, game: &G, child_value: Value, window: Window) {
        (**self).backed_up(game, child_value, window);
    }
    fn cutoff(&mut self, game: &G, kind: CutKind, value: Value, pruned: usize) {
        (**self).cutoff(game, kind, value, pruned);
    }
    fn leave(&mut self, game: &G, value: Value, bound: Bound) {
        (**self).leave(game, value, bound);
    }
}

/// Two observers watching one search.
pub struct Tee<A, B>(pub A, pub B);

impl<G: Game, A: Observer<G>, B: Observer<G>> Observer<G> for Tee<A, B> {
    fn enter(&mut self, game: &G, via: Option<G::Move>, window: Window) {
        self.0.enter(game, via, window);
        self.1.enter(game, via, window);
    }
    fn leaf(&mut self, game: &G, value: Value) {
        self.0.leaf(game, value);
        self.1.leaf(game, value);
    }
    fn backed_up(&mut self, game: &G, child_value: Value, window: Window) {
        self.0.backed_up(game, child_value, window);
        self.1.backed_up(game, child_value, window);
    }
    fn cutoff(&mut self, game: &G, kind: CutKind, value: Value, pruned: usize) {
        self.0.cutoff(game, kind, value, pruned);
        self.1.cutoff(game, kind, value, pruned);
    }
    fn leave(&mut self, game: &G, value: Value, bound: Bound) {
        self.0.leave(game, value, bound);
        self.1.leave(game, value, bound);
    }
}

/// An observer that can be switched off at run time: `None` ignores every event (at the cost of one branch each).
impl<G: Game, O: Observer<G>> Observer<G> for Option<O> {
    fn enter(&mut self, game: &G, via: Option<G::Move>, window: Window) {
        if let Some(o) = self {
            o.enter(game, via, window);
        }
    }
    fn leaf(&mut self, game: &G, value: Value) {
        if let Some(o) = self {
            o.leaf(game, value);
        }
    }
    fn backed_up(&mut self, game: &G, child_value: Value, window: Window) {
        if let Some(o) = self {
            o.backed_up(game, child_value, window);
        }
    }
    fn cutoff(&mut self, game: &G, kind: CutKind, value: Value, pruned: usize) {
        if let Some(o) = self {
            o.cutoff(game, kind, value, pruned);
        }
    }
    fn leave(&mut self, game: &G, value: Value, bound: Bound) {
        if let Some(o) = self {
            o.leave(game, value, bound);
        }
    }
}
