//! `alphabeta-studio tree`: one whole-tree search, reported for people or as JSON.

use super::{CommandError, read_input};
use alphabeta_core::engine::game::{Game, Value};
use alphabeta_core::engine::search::context::StopWhen;
use alphabeta_core::engine::search::observer::{
    Bound, CutKind, NoObserver, Observer, Step, StepEvent, TRACE_HEADER, TraceBuilder, TraceRow, TraceWidths, Window,
    format_value, trace_cells,
};
use alphabeta_core::engine::search::ranges::TREE_SEARCH_NODES;
use alphabeta_core::engine::search::{Algorithm, SearchOptions, SearchResult, search};
use alphabeta_core::tree::file::parse_any;
use alphabeta_core::tree::flat::{FlatTree, TreePosition};
use alphabeta_core::tree::order::levin_minimum;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct TreeArgs {
    /// The search to run.
    #[arg(long, default_value = "alphabeta", value_parser = clap::builder::ValueParser::new(parse_algorithm))]
    pub algo: Algorithm,
    /// Print one JSON object instead of the human report.
    #[arg(long)]
    pub json: bool,
    /// Add the step table (node, type, α, β, value), in the format of the lecture's solution table.
    #[arg(long)]
    pub trace: bool,
    /// The tree: a file in the tree notation or the studio's tree file format, or `-` for standard input.
    pub file: PathBuf,
}

fn parse_algorithm(name: &str) -> Result<Algorithm, String> {
    name.parse()
}

pub fn run(args: &TreeArgs) -> Result<(), CommandError> {
    let text = read_input(&args.file)?;
    let tree = parse_any(&text)?;
    let flat = FlatTree::compile(&tree)?;
    // The first search gives the counts; the leaf list and the trace are written by searching again (the searches
    // are deterministic), straight to the output. Nothing kept grows with the search: MTD(f) may read a leaf once
    // per pass, and on a line of n ascending leaves makes n passes, so a kept list would grow with n².
    let limit = StopWhen { node_limit: Some(TREE_SEARCH_NODES), ..StopWhen::default() };
    let result = search(&mut flat.root(), args.algo, &SearchOptions::default(), limit, &mut NoObserver);
    if !result.complete {
        return Err(CommandError(format!(
            "{} gave up after {} nodes (the Tree lab's limit too) without finishing this tree; try another algorithm",
            args.algo.name(),
            alphabeta_core::messages::thousands(TREE_SEARCH_NODES)
        )));
    }
    let report = Report::new(&flat, &result);
    let mut out = BufWriter::new(std::io::stdout().lock());
    if args.json {
        write_json(&flat, args, &report, &mut out)?;
    } else {
        out.write_all(report.to_text(&flat).as_bytes())?;
        if args.trace {
            let mut widths = TraceWidths::default();
            trace(&flat, args.algo, |row| widths.widen(&trace_cells(&row)));
            writeln!(out)?;
            out.write_all(widths.line(&TRACE_HEADER.map(String::from)).as_bytes())?;
            let mut written = Ok(());
            trace(&flat, args.algo, |row| {
                if written.is_ok() {
                    written = out.write_all(widths.line(&trace_cells(&row)).as_bytes());
                }
            });
            written?;
        }
    }
    out.flush()?;
    Ok(())
}

/// Stands in the JSON for the lists written while searching again: a string no tree can produce at that place.
const EVALUATED_MARK: &str = "\u{1}evaluated";
const TRACE_MARK: &str = "\u{1}trace";

/// Writes the JSON object exactly as `serde_json::to_string_pretty` would write it whole, with the `evaluated`
/// list and the `trace` rows streamed from searches run again rather than collected.
fn write_json(flat: &FlatTree, args: &TreeArgs, report: &Report, out: &mut impl Write) -> Result<(), CommandError> {
    let mut json = report.to_json(flat);
    json["evaluated"] = EVALUATED_MARK.into();
    if args.trace {
        json["trace"] = TRACE_MARK.into();
    }
    let text = serde_json::to_string_pretty(&json)?;
    let mut rest = text.as_str();
    let marks: &[&str] = if args.trace { &[EVALUATED_MARK, TRACE_MARK] } else { &[EVALUATED_MARK] };
    for &mark in marks {
        // Keys are sorted and every list sits at the top level: `  "key": "<mark>"` on a line of its own.
        let quoted = serde_json::to_string(mark)?;
        let at = rest.find(&quoted).ok_or_else(|| CommandError("internal: JSON placeholder missing".into()))?;
        out.write_all(&rest.as_bytes()[..at])?;
        rest = &rest[at + quoted.len()..];
        let mut list = JsonList::new(&mut *out);
        if mark == EVALUATED_MARK {
            let mut leaves = LeafPaths { flat, list: &mut list };
            search(&mut flat.root(), args.algo, &SearchOptions::default(), StopWhen::default(), &mut leaves);
        } else {
            trace(flat, args.algo, |row| match serde_json::to_value(&row) {
                Ok(value) => list.item(&value),
                Err(e) => list.fail(std::io::Error::other(e)),
            });
        }
        list.close()?;
    }
    out.write_all(rest.as_bytes())?;
    out.write_all(b"\n")?;
    Ok(())
}

/// A JSON array written item by item in `to_string_pretty`'s layout, as the value of a top-level key. The first
/// write error is kept (and the rest skipped) so the search writing it need not stop.
struct JsonList<W: Write> {
    out: W,
    items: usize,
    error: Option<std::io::Error>,
}

impl<W: Write> JsonList<W> {
    fn new(out: W) -> Self {
        JsonList { out, items: 0, error: None }
    }

    fn item(&mut self, value: &serde_json::Value) {
        if self.error.is_some() {
            return;
        }
        let text = match serde_json::to_string_pretty(value) {
            Ok(text) => text,
            Err(e) => return self.fail(std::io::Error::other(e)),
        };
        let mut chunk = String::from(if self.items == 0 { "[\n" } else { ",\n" });
        for (i, line) in text.lines().enumerate() {
            if i > 0 {
                chunk.push('\n');
            }
            chunk.push_str("    ");
            chunk.push_str(line);
        }
        self.items += 1;
        if let Err(e) = self.out.write_all(chunk.as_bytes()) {
            self.fail(e);
        }
    }

    fn fail(&mut self, e: std::io::Error) {
        self.error.get_or_insert(e);
    }

    fn close(mut self) -> std::io::Result<()> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        self.out.write_all(if self.items == 0 { b"[]" } else { b"\n  ]" })
    }
}

/// Writes the path of every leaf read, in order (the JSON's `evaluated`), as the search reads it.
struct LeafPaths<'a, 't, W: Write> {
    flat: &'t FlatTree,
    list: &'a mut JsonList<W>,
}

impl<'t, W: Write> Observer<TreePosition<'t>> for LeafPaths<'_, 't, W> {
    fn leaf(&mut self, game: &TreePosition<'t>, _value: Value) {
        self.list.item(&self.flat.path_string(game.node).into());
    }
}

/// Runs `algorithm` again and hands each row of its trace table to `row` as soon as it is final.
fn trace(flat: &FlatTree, algorithm: Algorithm, row: impl FnMut(TraceRow)) {
    let mut stream = TraceStream { flat, path: Vec::new(), builder: TraceBuilder::default(), row };
    search(&mut flat.root(), algorithm, &SearchOptions::default(), StopWhen::default(), &mut stream);
    let TraceStream { builder, mut row, .. } = stream;
    let mut builder = builder;
    builder.finish(&|id| flat.display_name(id as u32), &mut row, &mut |_| {});
}

/// The steps a [`alphabeta_core::engine::search::observer::Recorder`] would keep, turned into trace rows as they happen.
struct TraceStream<'t, F> {
    flat: &'t FlatTree,
    /// The nodes entered and not yet left, with the window in force at each.
    path: Vec<(u32, Window)>,
    builder: TraceBuilder,
    row: F,
}

impl<F: FnMut(TraceRow)> TraceStream<'_, F> {
    fn step(&mut self, event: StepEvent) {
        let Some(&(node, window)) = self.path.last() else { return };
        let flat = self.flat;
        let step = Step { node: node as usize, event, window };
        self.builder.push(step, flat.node(node).turn, &|id| flat.display_name(id as u32), &mut self.row, &mut |_| {});
    }
}

impl<'t, F: FnMut(TraceRow)> Observer<TreePosition<'t>> for TraceStream<'t, F> {
    fn enter(&mut self, game: &TreePosition<'t>, _via: Option<u32>, window: Window) {
        self.path.push((game.node, window));
        self.step(StepEvent::Enter);
    }

    fn leaf(&mut self, _game: &TreePosition<'t>, value: Value) {
        self.step(StepEvent::Leaf { value });
    }

    fn backed_up(&mut self, _game: &TreePosition<'t>, child_value: Value, window: Window) {
        if let Some(last) = self.path.last_mut() {
            last.1 = window;
        }
        self.step(StepEvent::BackedUp { child_value });
    }

    fn cutoff(&mut self, _game: &TreePosition<'t>, kind: CutKind, value: Value, pruned: usize) {
        self.step(StepEvent::Cutoff { kind, value, pruned });
    }

    fn leave(&mut self, _game: &TreePosition<'t>, value: Value, bound: Bound) {
        self.step(StepEvent::Leave { value, bound });
        self.path.pop();
    }
}

/// What the command reports, gathered once for both output forms.
struct Report<'a> {
    result: &'a SearchResult<u32>,
    minimax_leaves: usize,
    minimax_nodes: usize,
    levin: Option<(u32, u32, u64)>,
}

impl<'a> Report<'a> {
    fn new(flat: &FlatTree, result: &'a SearchResult<u32>) -> Self {
        let levin = flat.uniform_shape().map(|(b, d)| (b, d, levin_minimum(b as u64, d)));
        Report { result, minimax_leaves: flat.leaf_count, minimax_nodes: flat.nodes.len(), levin }
    }

    fn best(&self, flat: &FlatTree) -> Option<String> {
        self.result.best_move.map(|mv| flat.root().move_name(mv))
    }

    fn to_text(&self, flat: &FlatTree) -> String {
        let r = self.result;
        let mut out = format!("algorithm: {}\nvalue: {}\n", r.algorithm, format_value(r.value_for_max));
        match self.best(flat) {
            Some(path) => {
                let child = r.best_move.and_then(|mv| flat.node_at(&[mv as usize]));
                let label = child.and_then(|id| flat.labels.get(&id)).map(|l| format!(" ({l})")).unwrap_or_default();
                out += &format!("best move: {path}{label}\n");
            }
            None => out += "best move: none (the root is a leaf)\n",
        }
        out += &format!("leaves evaluated: {} of {}\n", r.stats.leaves_evaluated, self.minimax_leaves);
        out += &format!("nodes visited: {} (minimax visits {})\n", r.stats.nodes_visited, self.minimax_nodes);
        out += &format!(
            "cut-offs: {} (alpha {}, beta {}), branches pruned: {}\n",
            r.stats.cutoffs(),
            r.stats.alpha_cutoffs,
            r.stats.beta_cutoffs,
            r.stats.branches_pruned
        );
        if let Some((b, d, minimum)) = self.levin {
            out += &format!("Levin's minimum for b = {b}, d = {d}: {minimum} leaves\n");
        }
        out += &format!("principal variation: {}\n", pv_nodes(flat, &r.principal_variation).join(" -> "));
        out
    }

    fn to_json(&self, flat: &FlatTree) -> serde_json::Value {
        let r = self.result;
        serde_json::json!({
            "algorithm": r.algorithm.name(),
            "value": json_value(r.value_for_max),
            "best": self.best(flat),
            "leaves_total": self.minimax_leaves,
            "evaluated": [],
            "nodes_visited": r.stats.nodes_visited,
            "nodes_total": self.minimax_nodes,
            "leaves_evaluated": r.stats.leaves_evaluated,
            "interior_nodes": r.stats.interior_nodes,
            "alpha_cutoffs": r.stats.alpha_cutoffs,
            "beta_cutoffs": r.stats.beta_cutoffs,
            "branches_pruned": r.stats.branches_pruned,
            "first_move_cutoff_rate": r.stats.first_move_cutoff_rate(),
            "levin_minimum": self.levin.map(|(_, _, m)| m),
            "principal_variation": pv_nodes(flat, &r.principal_variation),
        })
    }
}

/// The names of the nodes along a line of moves from the root (labels where written, else paths).
fn pv_nodes(flat: &FlatTree, line: &[u32]) -> Vec<String> {
    let mut position = flat.root();
    line.iter()
        .map(|&mv| {
            position.play(mv);
            flat.display_name(position.node)
        })
        .collect()
}

/// A value as JSON: a number, or the strings "inf" / "-inf".
pub fn json_value(value: Value) -> serde_json::Value {
    if value == Value::INFINITY {
        "inf".into()
    } else if value == Value::NEG_INFINITY {
        "-inf".into()
    } else if value.fract() == 0.0 && value.abs() < 9.0e15 {
        (value as i64).into()
    } else {
        value.into()
    }
}
