//! How fast scripted games run, against the compiled tic-tac-toe and Connect Four in the same run: perft leaves per
//! second and the game search's nodes per second (PVS with table and ordering, iterative deepening, as the AI
//! plays), and what the run-time checks of every move list (a move given twice, no move in a game that goes on)
//! cost each script. `alphabeta-studio bench --scripts` prints it; measure on a release build.
//!
//! The checks' cost is the difference between runs with them and runs without ([`ScriptGame`]'s switch, which only
//! this benchmark turns off), not a clock read around each check: checking a list of a few moves takes nanoseconds,
//! less than the two clock reads around it, so the sum of those intervals would mostly measure the clock. A run
//! with the checks and one without are interleaved, each going first in every other pair, so that the load of the
//! rest of the machine falls on both alike; the cost is the median over the pairs, their lowest and highest the
//! spread, and only the ratio within one run of the benchmark means anything on a loaded machine.

use super::{Script, ScriptGame};
use crate::engine::game::Game;
use crate::engine::search::deepening::{Engine, EngineConfig};
use crate::engine::search::limits::Limits;
use crate::games::connect_four::ConnectFour;
use crate::games::mnk::Mnk;
use crate::games::perft;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// Pairs of runs, one with the move-list checks and one without, behind every scripted measurement.
pub const CHECK_RUNS: usize = 5;

/// One measurement.
#[derive(Clone, Debug, serde::Serialize)]
pub struct SpeedLine {
    /// The game measured, with whether it is compiled or scripted: `"kalah (script)"`.
    pub game: String,
    /// `"perft"` (leaves) or `"search"` (nodes visited).
    pub kind: &'static str,
    /// How deep, in plies: perft's depth or the search's last iteration.
    pub depth: u32,
    /// Leaves (perft) or nodes visited over every iteration (search).
    pub count: u64,
    /// Wall-clock time the measurement took.
    pub seconds: f64,
    /// `count / seconds`.
    pub per_second: f64,
    /// For a script: what the run-time move-list checks cost this measurement (`count`, `seconds` and
    /// `per_second` are then those of the median run with the checks). `None`, and left out of JSON, for a
    /// compiled game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checks: Option<CheckCost>,
}

/// What the run-time checks of every move list cost one scripted measurement, from runs with them and as many
/// without, interleaved.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CheckCost {
    /// Pairs of runs, one with the checks and one without.
    pub runs: usize,
    /// The median rate with the checks, leaves or nodes per second.
    pub with_checks_per_second: f64,
    /// The median rate without them.
    pub without_checks_per_second: f64,
    /// How much longer a run with the checks took than the run without them in its pair, in percent: the median
    /// over the pairs.
    pub cost_percent: f64,
    /// The lowest of the pairs' costs, percent (below zero when the run with the checks was the faster one).
    pub cost_percent_low: f64,
    /// The highest of the pairs' costs, percent.
    pub cost_percent_high: f64,
}

/// Times one measurement of a game: [`time_perft`] or [`time_search`].
type Timer<G> = fn(&str, &mut G, u32) -> SpeedLine;

fn time_perft<G: Game>(game_name: &str, game: &mut G, depth: u32) -> SpeedLine {
    let started = Instant::now();
    let count = perft(game, depth);
    let seconds = started.elapsed().as_secs_f64();
    let per_second = count as f64 / seconds;
    SpeedLine { game: game_name.into(), kind: "perft", depth, count, seconds, per_second, checks: None }
}

fn time_search<G: Game>(game_name: &str, game: &mut G, depth: u32) -> SpeedLine {
    let config = EngineConfig { limits: Limits::depth(depth), tt_mib: 16, ..EngineConfig::default() };
    let thought = Engine::new(config).think(game, None, |_| {});
    let count: u64 = thought.iterations.iter().map(|i| i.stats.nodes_visited).sum();
    let seconds = thought.iterations.last().map_or(0.0, |i| i.elapsed_seconds);
    let per_second = count as f64 / seconds;
    SpeedLine { game: game_name.into(), kind: "search", depth, count, seconds, per_second, checks: None }
}

/// Measures the scripts of `dir` (`tic-tac-toe-script.lua`, `kalah.lua`, `connect-four-script.lua`, `hex.lua`)
/// against the compiled games, each script with and without its move-list checks, or says which script failed.
pub fn measure(dir: &Path) -> Result<Vec<SpeedLine>, String> {
    let load = |id: &str| Script::load(&dir.join(format!("{id}.lua"))).map_err(|e| e.message);
    let (ttt_script, kalah, c4_script, hex) =
        (load("tic-tac-toe-script")?, load("kalah")?, load("connect-four-script")?, load("hex")?);
    let ttt = || Mnk::new(3, 3, 3).map_err(|e| e.to_string());
    let c4 = || ConnectFour::new(7, 6).map_err(|e| e.to_string());
    let (perft, search): (Timer<ScriptGame>, Timer<ScriptGame>) = (time_perft, time_search);
    let scripted = |name: &str, script: &Arc<Script>, time, depth| scripted(name, script, time, depth, CHECK_RUNS);
    Ok(vec![
        time_perft("tic-tac-toe (compiled)", &mut ttt()?, 9),
        scripted("tic-tac-toe-script", &ttt_script, perft, 9)?,
        scripted("kalah (script)", &kalah, perft, 8)?,
        time_search("tic-tac-toe (compiled)", &mut ttt()?, 9),
        scripted("tic-tac-toe-script", &ttt_script, search, 9)?,
        scripted("kalah (script)", &kalah, search, 12)?,
        time_search("connect four (compiled)", &mut c4()?, 10),
        scripted("connect-four-script", &c4_script, search, 10)?,
        scripted("hex (script)", &hex, search, 4)?,
        scripted("kalah (script), deeper", &kalah, search, 14)?,
    ])
}

/// One scripted measurement, `runs` times with the move-list checks and as many without, interleaved (see the
/// module's doc): the median run with them, carrying what they cost. Every run must count the same leaves or nodes.
fn scripted(
    name: &str,
    script: &Arc<Script>,
    time: Timer<ScriptGame>,
    depth: u32,
    runs: usize,
) -> Result<SpeedLine, String> {
    let runs = runs.max(1);
    let (mut with, mut without) = (Vec::with_capacity(runs), Vec::with_capacity(runs));
    for pair in 0..runs {
        let order = if pair % 2 == 0 { [true, false] } else { [false, true] };
        for checks in order {
            let line = run_once(name, script, checks, time, depth)?;
            if checks { with.push(line) } else { without.push(line) }
        }
    }
    if let Some(odd) = with.iter().chain(&without).find(|l| l.count != with[0].count) {
        return Err(format!(
            "{name}: runs with and without the move-list checks counted {} and {}: the checks changed the search",
            with[0].count, odd.count
        ));
    }
    let mut costs: Vec<f64> =
        with.iter().zip(&without).map(|(w, o)| 100.0 * (o.per_second / w.per_second - 1.0)).collect();
    let rates = |lines: &[SpeedLine]| median(&mut lines.iter().map(|l| l.per_second).collect::<Vec<_>>());
    let cost = CheckCost {
        runs,
        with_checks_per_second: rates(&with),
        without_checks_per_second: rates(&without),
        cost_percent: median(&mut costs),
        cost_percent_low: costs.iter().copied().fold(f64::INFINITY, f64::min),
        cost_percent_high: costs.iter().copied().fold(f64::NEG_INFINITY, f64::max),
    };
    with.sort_by(|a, b| a.per_second.total_cmp(&b.per_second));
    let mut line = with.swap_remove(runs / 2);
    line.checks = Some(cost);
    Ok(line)
}

/// One timed run of `script` from its start, with or without the move-list checks; the script's error if it
/// failed, since the figures of a failed (so finished) game mean nothing.
fn run_once(
    name: &str,
    script: &Arc<Script>,
    checks: bool,
    time: Timer<ScriptGame>,
    depth: u32,
) -> Result<SpeedLine, String> {
    let mut game = script.new_game().map_err(|e| e.message)?;
    if !checks {
        game = game.without_move_list_checks();
    }
    let line = time(name, &mut game, depth);
    game.fault().map_or(Ok(line), |fault| Err(fault.message))
}

/// The median of `values` (the mean of the middle two when their number is even); NaN when there are none.
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => f64::NAN,
        _ if n % 2 == 1 => values[n / 2],
        _ => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

/// The lines as a table, with the ratios of compiled to scripted speed: the text to print.
pub fn report(lines: &[SpeedLine]) -> String {
    use std::fmt::Write;
    let mut text = String::new();
    for l in lines {
        let unit = if l.kind == "perft" { "leaves" } else { "nodes" };
        let _ = writeln!(
            text,
            "{:<28} {:<6} depth {:>2}: {:>10} {unit:<6} in {:>7.3} s = {:>11.0} {unit}/s",
            l.game, l.kind, l.depth, l.count, l.seconds, l.per_second
        );
    }
    let rate = |game: &str, kind: &str| {
        lines.iter().find(|l| l.game == game && l.kind == kind).map_or(f64::NAN, |l| l.per_second)
    };
    for kind in ["perft", "search"] {
        let ratio = rate("tic-tac-toe (compiled)", kind) / rate("tic-tac-toe-script", kind);
        let _ = writeln!(text, "{kind}: compiled tic-tac-toe runs {ratio:.1}× as fast as the scripted one");
    }
    let ratio = rate("connect four (compiled)", "search") / rate("connect-four-script", "search");
    let _ = writeln!(text, "search: compiled Connect Four runs {ratio:.1}× as fast as the scripted one");
    check_costs(lines, &mut text);
    text
}

/// What the move-list checks cost each scripted measurement, added to `text`.
fn check_costs(lines: &[SpeedLine], text: &mut String) {
    use std::fmt::Write;
    let runs = lines.iter().find_map(|l| l.checks.as_ref()).map_or(0, |c| c.runs);
    let _ = writeln!(
        text,
        "the run-time move-list checks (a move given twice, no move), {runs} runs with and {runs} without, \
         interleaved; medians, and the cost's lowest to highest pair:"
    );
    for l in lines {
        let Some(c) = &l.checks else { continue };
        let unit = if l.kind == "perft" { "leaves" } else { "nodes" };
        let _ = writeln!(
            text,
            "{:<28} {:<6} depth {:>2}: {:>11.0} {unit}/s with, {:>11.0} without: cost {:+.1} % ({:+.1} to {:+.1} %)",
            l.game,
            l.kind,
            l.depth,
            c.with_checks_per_second,
            c.without_checks_per_second,
            c.cost_percent,
            c.cost_percent_low,
            c.cost_percent_high
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{Timer, run_once, time_perft};
    use crate::games::perft;
    use crate::games::script::{Script, ScriptGame};

    /// A game that never ends, whose `moves` (line 4) returns `list` in every position.
    fn always(list: &str) -> std::sync::Arc<Script> {
        let source = format!(
            "function start() return {{ n = 0 }} end\nfunction turn(s) return 1 end\nfunction play(s, m) return {{ \
             n = s.n + 1 }} end\nfunction moves(s) return {list} end\nfunction result(s) return nil end\n"
        );
        Script::from_source("games/faulty.lua", "faulty", source).expect("loads")
    }

    /// The benchmark's runs without the checks really lack them (perft counts the move given
    /// twice, and a position without moves as a leaf, with no error), its runs with them report the script's
    /// error at the line of `moves`, and every game started from a script has them on, its copies too.
    #[test]
    fn only_the_benchmark_runs_without_the_move_list_checks() {
        let timer: Timer<ScriptGame> = time_perft;
        for (list, unchecked_leaves, problem) in
            [("{ 1, 2, 1 }", 9, "moves returned the move 1 twice"), ("{}", 1, "moves returned no move")]
        {
            let script = always(list);
            let off = run_once("faulty", &script, false, timer, 2).expect("nothing checked, nothing wrong");
            assert_eq!(off.count, unchecked_leaves, "{list}");
            let mut copy = script.new_game().expect("starts").without_move_list_checks().clone();
            assert_eq!((perft(&mut copy, 2), copy.fault()), (unchecked_leaves, None), "{list}: a copy stays unchecked");

            let on = run_once("faulty", &script, true, timer, 2).expect_err("checked");
            assert!(on.starts_with("games/faulty.lua:4: ") && on.contains(problem), "{list}: {on}");
            let mut game = script.new_game().expect("starts");
            let mut copy = game.clone();
            for game in [&mut game, &mut copy] {
                perft(game, 2);
                let fault = game.fault().map(|f| f.message).unwrap_or_default();
                assert!(fault.contains(problem), "{list}: the default must check: {fault:?}");
            }
        }
    }
}
