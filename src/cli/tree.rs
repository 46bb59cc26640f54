//! `alphabeta-studio tree`: one whole-tree search, reported for people or as JSON.

use super::{CommandError, read_input};
use crate::engine::game::{Game, Value};
use crate::engine::search::context::StopWhen;
use crate::engine::search::observer::{Observer, Recorder, Tee, format_trace_table, format_value};
use crate::engine::search::{Algorithm, SearchOptions, SearchResult, search};
use crate::tree::file::parse_any;
use crate::tree::flat::{FlatTree, TreePosition};
use crate::tree::order::levin_minimum;
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

/// Remembers the leaves read, in order (the JSON's `evaluated`), without the cost of a full recording.
#[derive(Default)]
struct LeafLog(Vec<u32>);

impl<'t> Observer<TreePosition<'t>> for LeafLog {
    fn leaf(&mut self, game: &TreePosition<'t>, _value: Value) {
        self.0.push(game.node);
    }
}

pub fn run(args: &TreeArgs) -> Result<(), CommandError> {
    let text = read_input(&args.file)?;
    let tree = parse_any(&text)?;
    let flat = FlatTree::compile(&tree)?;
    let mut position = flat.root();
    let mut leaves = LeafLog::default();
    let mut recorder = Recorder::new();
    let options = SearchOptions::default();
    let result = if args.trace {
        search(&mut position, args.algo, &options, StopWhen::default(), &mut Tee(&mut leaves, &mut recorder))
    } else {
        search(&mut position, args.algo, &options, StopWhen::default(), &mut leaves)
    };
    let trace = args.trace.then(|| {
        let rows = recorder.trace_rows(|id| {
            let path: Vec<usize> = recorder.path(id).iter().map(|&m| m as usize).collect();
            flat.node_at(&path).map_or_else(|| "?".to_string(), |node| flat.display_name(node))
        });
        (rows.clone(), format_trace_table(&rows))
    });
    let report = Report::new(&flat, &result, &leaves.0);
    if args.json {
        let mut json = report.to_json(&flat);
        if let Some((rows, _)) = &trace {
            json["trace"] = serde_json::to_value(rows)?;
        }
        println!("{}", serde_json::to_string_pretty(&json)?);
    } else {
        print!("{}", report.to_text(&flat));
        if let Some((_, table)) = trace {
            println!();
            print!("{table}");
        }
    }
    Ok(())
}

/// What the command reports, gathered once for both output forms.
struct Report<'a> {
    result: &'a SearchResult<u32>,
    evaluated: &'a [u32],
    minimax_leaves: usize,
    minimax_nodes: usize,
    levin: Option<(u32, u32, u64)>,
}

impl<'a> Report<'a> {
    fn new(flat: &FlatTree, result: &'a SearchResult<u32>, evaluated: &'a [u32]) -> Self {
        let levin = flat.uniform_shape().map(|(b, d)| (b, d, levin_minimum(b as u64, d)));
        Report { result, evaluated, minimax_leaves: flat.leaf_count, minimax_nodes: flat.nodes.len(), levin }
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
        let evaluated: Vec<String> = self.evaluated.iter().map(|&id| flat.path_string(id)).collect();
        serde_json::json!({
            "algorithm": r.algorithm.name(),
            "value": json_value(r.value_for_max),
            "best": self.best(flat),
            "leaves_total": self.minimax_leaves,
            "evaluated": evaluated,
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
