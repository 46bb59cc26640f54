//! `alphabeta-studio bench`: α-β speed on a generated uniform tree, four ways:
//! - a bare α-β written without the `Game` trait, observer, statistics or move buffer: the yardstick;
//! - the engine with no observer (`NoObserver`: the observer calls compile to nothing — a build without it);
//! - the engine with a step recorder attached but switched off (`None::<Recorder>`: one branch per event);
//! - the engine with the recorder on.
//!
//! Reports the best of several runs, since the fastest run is the one least disturbed by the rest of the machine.

use super::CommandError;
use alphabeta_core::engine::game::Turn;
use alphabeta_core::engine::search::context::StopWhen;
use alphabeta_core::engine::search::observer::{NoObserver, Recorder};
use alphabeta_core::engine::search::{Algorithm, SearchOptions, SearchResult, search};
use alphabeta_core::tree::flat::{FlatTree, ROOT, TreePosition};
use alphabeta_core::tree::generate::{UniformSpec, uniform};
use alphabeta_core::tree::model::{MAX_TREE_DEPTH, MAX_TREE_NODES};
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
    /// Runs of each variant, 1 to 10,000; the fastest is reported.
    #[arg(long, default_value_t = 30, value_parser = super::whole_in(1..=10_000))]
    pub runs: usize,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Instead: games written as Lua scripts (games/*.lua) against the compiled ones, perft and search speed.
    #[arg(long)]
    pub scripts: bool,
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
    if args.scripts {
        let lines = alphabeta_core::games::script::speed::measure(&alphabeta_core::games::registry::default_dir())?;
        if args.json {
            outln!("{}", serde_json::to_string_pretty(&lines)?)?;
        } else {
            super::output::write(&alphabeta_core::games::script::speed::report(&lines))?;
        }
        return Ok(());
    }
    check_size(args)?;
    let spec = UniformSpec { branching: args.branching, depth: args.depth, low: -100, high: 100, seed: args.seed };
    let flat = FlatTree::compile(&uniform(&spec))?;
    let runs = args.runs;
    let lines = measure(&flat, runs);
    if lines[0].nodes != lines[1].nodes {
        return Err(CommandError(format!(
            "the bare and engine searches disagree: {} vs {} nodes",
            lines[0].nodes, lines[1].nodes
        )));
    }
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&lines)?)?;
        return Ok(());
    }
    print_lines(args, &flat, runs, &lines)
}

/// Refuses a tree too deep or too large to build, before anything is built.
fn check_size(args: &BenchArgs) -> Result<(), CommandError> {
    // The searches recurse once per level, so the depth is held to what a tree may have; `try_from` rather than
    // `as`, which would wrap 4294967298 to 2.
    if args.depth > MAX_TREE_DEPTH {
        return Err(CommandError(format!(
            "--depth {} is deeper than a tree may be (at most {MAX_TREE_DEPTH})",
            args.depth
        )));
    }
    // Held to the nodes any tree may have, counted before anything is built: 50 million leaves were once
    // admitted, and 2^25 or 50,000,000 × 1 needed over 4 GB.
    let nodes = uniform_node_count(args.branching, args.depth).filter(|&n| n <= MAX_TREE_NODES);
    if args.branching == 0 || nodes.is_none() {
        return Err(CommandError(format!(
            "choose --branching ≥ 1 and a tree of at most {} nodes, leaves and inner nodes together",
            alphabeta_core::messages::thousands(MAX_TREE_NODES as u64)
        )));
    }
    Ok(())
}

/// The four ways of searching `flat`, each the best of `runs` runs.
fn measure(flat: &FlatTree, runs: usize) -> [BenchLine; 4] {
    let best_of = |variant: &'static str, f: &dyn Fn() -> u64| {
        let (mut nodes, mut seconds) = (0, f64::INFINITY);
        for _ in 0..runs {
            let started = Instant::now();
            nodes = f();
            seconds = seconds.min(started.elapsed().as_secs_f64());
        }
        BenchLine { variant, nodes, seconds, nodes_per_second: nodes as f64 / seconds }
    };
    let run_engine = |observer: &mut dyn FnMut(&mut TreePosition<'_>) -> SearchResult<u32>| {
        let mut position = flat.root();
        observer(&mut position).stats.nodes_visited
    };
    let options = SearchOptions::default();
    let algorithm = Algorithm::Alphabeta;
    [
        best_of("bare alpha-beta (no trait, observer, statistics)", &|| bare_alphabeta(flat)),
        best_of("engine alphabeta, no observer", &|| {
            run_engine(&mut |p| search(p, algorithm, &options, StopWhen::default(), &mut NoObserver))
        }),
        best_of("engine alphabeta, recorder attached but off", &|| {
            let mut off: Option<Recorder<u32>> = None;
            run_engine(&mut |p| search(p, algorithm, &options, StopWhen::default(), &mut off))
        }),
        best_of("engine alphabeta, recorder on", &|| {
            let mut on = Some(Recorder::new());
            run_engine(&mut |p| search(p, algorithm, &options, StopWhen::default(), &mut on))
        }),
    ]
}

/// The measurements as a table, with what the switched-off recorder costs.
fn print_lines(args: &BenchArgs, flat: &FlatTree, runs: usize, lines: &[BenchLine; 4]) -> Result<(), CommandError> {
    outln!(
        "uniform tree b = {}, d = {}, seed {}: {} nodes, {} leaves; best of {runs} runs",
        args.branching,
        args.depth,
        args.seed,
        flat.nodes.len(),
        flat.leaf_count
    )?;
    for line in lines {
        outln!(
            "{:<48} {:>9} nodes {:>8.3} ms {:>8.2} M nodes/s",
            line.variant,
            line.nodes,
            line.seconds * 1e3,
            line.nodes_per_second / 1e6,
        )?;
    }
    let cost = 100.0 * (lines[2].seconds / lines[1].seconds - 1.0);
    outln!("the switched-off recorder costs {cost:+.1} % against no observer")?;
    Ok(())
}

/// The nodes of a uniform tree, 1 + b + … + b^depth, or `None` past `usize`.
fn uniform_node_count(branching: usize, depth: usize) -> Option<usize> {
    let (mut level, mut total) = (1usize, 1usize);
    for _ in 0..depth {
        level = level.checked_mul(branching)?;
        total = total.checked_add(level)?;
    }
    Some(total)
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
