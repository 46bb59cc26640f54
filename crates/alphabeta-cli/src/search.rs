//! `alphabeta-studio search <GAME> [--from POSITION | --moves M1,M2,…] [--depth N] [--time-ms T] [--algo A]
//! [--json]`: the AI's iterative-deepening search (the [`Engine`](alphabeta_core::engine::search::deepening::Engine) Play's
//! worker runs, with the game's level-10 settings unless told otherwise) on a position of any game, and what it
//! found: value, best move, principal variation, depth, nodes and time, and each completed iteration.

use super::CommandError;
use super::game_arg::{named_game, position};
use alphabeta_core::engine::search::Algorithm;
use alphabeta_core::engine::search::deepening::{EngineConfig, Iteration};
use alphabeta_core::engine::search::limits::Limits;
use alphabeta_core::engine::search::ranges::{THREADS, check};
use alphabeta_core::games::any::{AnyGame, AnyMove};
use alphabeta_core::games::levels::level_config;
use alphabeta_core::games::values_from::ValuesFrom;
use serde_json::{Value as Json, json};

#[derive(clap::Args, Debug)]
pub struct SearchArgs {
    /// The game, as `perft` takes it: any id `alphabeta-studio games` lists (a Lua script `games/*.lua` included),
    /// `connect-four-WxH`, `othello-NxN`, `kiwipete`.
    pub game: String,
    /// Search this position, in the game's usual notation (as `perft --from` reads it).
    #[arg(long)]
    pub from: Option<String>,
    /// Then play these moves, by name, separated by commas (`--moves d4,d5` in Connect Four… names as the game
    /// gives them: `4` for a column, `b2` for a cell, `e4` in chess).
    #[arg(long)]
    pub moves: Option<String>,
    /// The deepest iteration, in plies.
    #[arg(long)]
    pub depth: Option<u32>,
    /// The time for the whole search, in milliseconds.
    #[arg(long)]
    pub time_ms: Option<u64>,
    /// The algorithm (`pvs`, `alphabeta`, `mtdf`, `star1`, …; see `alphabeta-studio tree --help`).
    #[arg(long)]
    pub algo: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Search threads (Lazy SMP over one shared table; 1, the default, is the one-thread search node for node). The
    /// nodes printed are all the threads' together.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Whose side the values are read from: `first-player` (the default: + is the first player ahead, as the
    /// window shows them) or `side-to-move` (as the search finds them).
    #[arg(long, default_value = "first-player")]
    pub values: String,
}

/// The settings: the game's level 10 (as Play's hint uses), the limits and algorithm given replacing its own. With
/// `--depth` alone there is no time limit, and with `--time-ms` alone no depth limit, so a run is repeatable.
fn config(
    args: &SearchArgs,
    ai: Option<&alphabeta_core::games::registry::AiDefaults>,
) -> Result<EngineConfig, CommandError> {
    let mut config = match ai {
        Some(ai) => level_config(ai, 10),
        None => {
            EngineConfig { limits: Limits { depth: Some(8), time_ms: Some(5_000), nodes: None }, ..Default::default() }
        }
    };
    config.skill = None;
    if args.depth.is_some() || args.time_ms.is_some() {
        config.limits = Limits { depth: args.depth, time_ms: args.time_ms, nodes: None };
    }
    if let Some(name) = &args.algo {
        config.algorithm = name.parse::<Algorithm>().map_err(CommandError)?;
    }
    config.threads = check("--threads", args.threads, &THREADS).map_err(CommandError)?;
    Ok(config)
}

/// The processor time this thread has used, in seconds (0 where the system does not say). The search's main thread
/// is the caller's, so the difference around a search is its processor time: with several threads, the time to depth
/// the main thread would take with a core of its own, on a machine busy with other work (`bench/smp.py`).
fn thread_cpu_seconds() -> f64 {
    #[cfg(unix)]
    {
        let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `now` is a valid, writable timespec; the call only writes it.
        let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
        if status == 0 {
            return now.tv_sec as f64 + now.tv_nsec as f64 * 1e-9;
        }
    }
    0.0
}

/// A value as JSON: a number, or `"inf"` / `"-inf"` for a forced win or loss in games that score them so.
pub(crate) fn value_json(value: f64) -> Json {
    if value == f64::INFINITY {
        json!("inf")
    } else if value == f64::NEG_INFINITY {
        json!("-inf")
    } else if value.is_nan() {
        json!("nan")
    } else {
        json!(value + 0.0) // −0 + 0 = +0: a draw prints as 0, not -0
    }
}

fn iteration_json(game: &AnyGame, iteration: &Iteration<AnyMove>, from: ValuesFrom) -> Json {
    json!({
        "depth": iteration.depth,
        "value": value_json(from.read(iteration.value, game.side_to_move())),
        "best": iteration.best_move.map(|mv| game.move_name(mv)),
        "nodes": iteration.stats.nodes_visited,
        "seconds": iteration.elapsed_seconds,
    })
}

pub fn run(args: &SearchArgs) -> Result<(), CommandError> {
    let named = named_game(&args.game)?;
    let from = args.values.parse::<ValuesFrom>().map_err(|e| CommandError(format!("--values: {e}")))?;
    let game = position(&named.rules, args.from.as_deref(), args.moves.as_deref())?;
    if game.outcome().is_some() {
        return Err(CommandError(format!("the game is over in this position of '{}': nothing to search", args.game)));
    }
    let mut config = config(args, named.ai.as_ref())?;
    if game.downcast_ref::<alphabeta_core::games::script::ScriptGame>().is_some() {
        // Each thread searches its own copy of a scripted game, a Lua state that runs the script's file again:
        // threads past the machine's cores only add copies.
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
        config.threads = config.threads.min(cores);
    }
    let cpu_before = thread_cpu_seconds();
    let thought = game.think(config.clone()).map_err(CommandError)?;
    let main_cpu_seconds = thread_cpu_seconds() - cpu_before;
    let last = thought.iterations.last().or(thought.partial.as_ref());
    let mover = game.side_to_move();
    let value = from.read(last.map_or(0.0, |i| i.value), mover);
    let best = thought.best_move.or(last.and_then(|i| i.best_move));
    let best_name = best.map(|mv| game.move_name(mv));
    let pv = last.map(|i| game.line_names(&i.principal_variation)).unwrap_or_default();
    let depth = thought.iterations.last().map_or(0, |i| i.depth);
    let nodes = thought.total_stats().nodes_visited;
    let seconds = thought.elapsed_seconds;
    if args.json {
        let object = json!({
            "game": args.game,
            "algorithm": config.algorithm.name(),
            "side_to_move": game.side_name(game.side_to_move()),
            "value": value_json(value),
            "unit": game.score_unit(),
            "values_from": from.name(),
            "exact": thought.iterations.last().is_some_and(|i| i.exact),
            "best": best_name,
            "pv": pv,
            "depth": depth,
            "nodes": nodes,
            "seconds": seconds,
            "main_cpu_seconds": main_cpu_seconds,
            "iterations": thought.iterations.iter().map(|i| iteration_json(&game, i, from)).collect::<Vec<_>>(),
        });
        outln!("{object}")?;
    } else {
        let side = game.side_name(game.side_to_move());
        outln!("game      {} ({} to move), {}", args.game, side, config.algorithm.name())?;
        // In the window's unit (pawns, not centipawns), and saying whose side "+" favours.
        let axis = game.score_axis();
        let unit = if axis.unit.is_empty() { game.score_unit() } else { axis.unit };
        let unit = if unit.is_empty() { String::new() } else { format!("{unit}, ") };
        let plus = match from {
            ValuesFrom::FirstPlayer => game.side_name(alphabeta_core::engine::game::Side::Max).to_string(),
            ValuesFrom::SideToMove => format!("{side}, to move,"),
        };
        let shown = |v: f64| alphabeta_core::numbers::value(axis.in_unit(v));
        outln!("value     {}  [{unit}+: {plus} ahead]", shown(value))?;
        outln!("best      {}", best_name.as_deref().unwrap_or("-"))?;
        outln!("pv        {}", pv.join(" "))?;
        outln!("depth     {depth}")?;
        outln!("nodes     {nodes}")?;
        outln!("seconds   {seconds:.3}")?;
        for i in &thought.iterations {
            let best = i.best_move.map(|mv| game.move_name(mv)).unwrap_or_else(|| "-".into());
            outln!(
                "  depth {:>3}  value {}  best {best}  nodes {}  {:.3} s",
                i.depth,
                shown(from.read(i.value, mover)),
                i.stats.nodes_visited,
                i.elapsed_seconds
            )?;
        }
    }
    Ok(())
}
