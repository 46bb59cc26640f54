//! `alphabeta-studio bench`: search speed on a generated uniform tree, with the observer compiled out, with the
//! step recorder on, and against a bare α-β written without observer, statistics or move buffer — the yardstick
//! for what the engine's hooks cost. Reports the best of several runs, since the fastest run is the least
//! disturbed by the rest of the machine.

use super::CommandError;
use crate::engine::game::Turn;
use crate::engine::search::context::StopWhen;
use crate::engine::search::observer::{NoObserver, Recorder};
use crate::engine::search::{Algorithm, SearchOptions, search};
use crate::tree::flat::{FlatTree, ROOT};
use crate::tree::generate::{UniformSpec, uniform};
use serde::Serialize;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Children of every inner node.
    #[arg(long, default_value_t = 6)]
    pub branching: usize,
    /// Plies from the root to the leaves.
    #[arg(long, default_value_t = 8)]
    pub depth: usize,
    /// The tree's seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Runs of each variant; the fastest is reported.
    #[arg(long, default_value_t = 5)]
    pub runs: usize,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// One measured variant.
#[derive(Debug, Serialize)]
pub struct BenchLine {
    pub variant: &'static str,
    pub nodes: u64,
    pub seconds: f64,
    pub nodes_per_second: f64,
}

pub fn run(args: &BenchArgs) -> Result<(), CommandError> {
    if args.branching == 0 || args.branching.checked_pow(args.depth as u32).is_none_or(|n| n > 50_000_000) {
        return Err(CommandError("choose --branching ≥ 1 and a tree of at most 50 million leaves".into()));
    }
    let spec = UniformSpec { branching: args.branching, depth: args.depth, low: -100, high: 100, seed: args.seed };
    let flat = FlatTree::compile(&uniform(&spec))?;
    let runs = args.runs.max(1);
    let best_of = |variant: &'static str, f: &dyn Fn() -> u64| {
        let (mut nodes, mut seconds) = (0, f64::INFINITY);
        for _ in 0..runs {
            let started = Instant::now();
            nodes = f();
            seconds = seconds.min(started.elapsed().as_secs_f64());
        }
        BenchLine { variant, nodes, seconds, nodes_per_second: nodes as f64 / seconds }
    };
    let engine = |recording: bool| {
        let mut position = flat.root();
        let options = SearchOptions::default();
        if recording {
            let mut recorder = Recorder::new();
            search(&mut position, Algorithm::Alphabeta, &options, StopWhen::default(), &mut recorder)
                .stats
                .nodes_visited
        } else {
            search(&mut position, Algorithm::Alphabeta, &options, StopWhen::default(), &mut NoObserver)
                .stats
                .nodes_visited
        }
    };
    let lines = [
        best_of("bare alpha-beta (no observer, no statistics)", &|| bare_alphabeta(&flat)),
        best_of("engine alphabeta, recorder off", &|| engine(false)),
        best_of("engine alphabeta, recorder on", &|| engine(true)),
    ];
    if lines[0].nodes != lines[1].nodes {
        return Err(CommandError(format!(
            "the bare and engine searches disagree: {} vs {} nodes",
            lines[0].nodes, lines[1].nodes
        )));
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&lines)?);
        return Ok(());
    }
    println!(
        "uniform tree b = {}, d = {}, seed {}: {} nodes, {} leaves; best of {runs} runs",
        args.branching,
        args.depth,
        args.seed,
        flat.nodes.len(),
        flat.leaf_count
    );
    for line in &lines {
        println!(
            "{:<46} {:>10} nodes  {:>9.2} ms  {:>7.2} M nodes/s  {:>6.1} % of bare",
            line.variant,
            line.nodes,
            line.seconds * 1e3,
            line.nodes_per_second / 1e6,
            100.0 * line.nodes_per_second / lines[0].nodes_per_second
        );
    }
    Ok(())
}

/// α-β on the compiled tree with nothing but the recursion: the same leaves as the engine's `alphabeta`.
fn bare_alphabeta(flat: &FlatTree) -> u64 {
    fn value(flat: &FlatTree, id: u32, mut alpha: f64, mut beta: f64, nodes: &mut u64) -> f64 {
        *nodes += 1;
        let node = &flat.nodes[id as usize];
        if node.child_count == 0 {
            return node.value;
        }
        let children = node.first_child..node.first_child + node.child_count;
        if node.turn == Turn::Max {
            for child in children {
                alpha = alpha.max(value(flat, child, alpha, beta, nodes));
                if alpha >= beta {
                    return beta;
                }
            }
            alpha
        } else {
            for child in children {
                beta = beta.min(value(flat, child, alpha, beta, nodes));
                if beta <= alpha {
                    return alpha;
                }
            }
            beta
        }
    }
    let mut nodes = 0;
    std::hint::black_box(value(flat, ROOT, f64::NEG_INFINITY, f64::INFINITY, &mut nodes));
    nodes
}
