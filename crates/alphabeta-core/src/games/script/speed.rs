//! How fast scripted games run, against the compiled tic-tac-toe and Connect Four in the same run: perft leaves per
//! second and the game search's nodes per second (PVS with table and ordering, iterative deepening, as the AI
//! plays). `alphabeta-studio bench --scripts` prints it; measure on a release build.

use super::Script;
use crate::engine::game::Game;
use crate::engine::search::deepening::{Engine, EngineConfig};
use crate::engine::search::limits::Limits;
use crate::games::connect_four::ConnectFour;
use crate::games::mnk::Mnk;
use crate::games::perft;
use std::path::Path;
use std::time::Instant;

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
}

fn time_perft<G: Game>(game_name: &str, game: &mut G, depth: u32) -> SpeedLine {
    let started = Instant::now();
    let count = perft(game, depth);
    let seconds = started.elapsed().as_secs_f64();
    SpeedLine { game: game_name.into(), kind: "perft", depth, count, seconds, per_second: count as f64 / seconds }
}

fn time_search<G: Game>(game_name: &str, game: &mut G, depth: u32) -> SpeedLine {
    let config = EngineConfig { limits: Limits::depth(depth), tt_mib: 16, ..EngineConfig::default() };
    let thought = Engine::new(config).think(game, None, |_| {});
    let count: u64 = thought.iterations.iter().map(|i| i.stats.nodes_visited).sum();
    let seconds = thought.iterations.last().map_or(0.0, |i| i.elapsed_seconds);
    SpeedLine { game: game_name.into(), kind: "search", depth, count, seconds, per_second: count as f64 / seconds }
}

/// Measures the scripts of `dir` (`tic-tac-toe-script.lua`, `kalah.lua`, `connect-four-script.lua`, `hex.lua`)
/// against the compiled games, or says which script failed.
pub fn measure(dir: &Path) -> Result<Vec<SpeedLine>, String> {
    let start = |id: &str| -> Result<super::ScriptGame, String> {
        let script = Script::load(&dir.join(format!("{id}.lua"))).map_err(|e| e.message)?;
        script.new_game().map_err(|e| e.message)
    };
    let ttt = || Mnk::new(3, 3, 3).map_err(|e| e.to_string());
    let c4 = || ConnectFour::new(7, 6).map_err(|e| e.to_string());
    let mut lines = vec![
        time_perft("tic-tac-toe (compiled)", &mut ttt()?, 9),
        time_perft("tic-tac-toe-script", &mut start("tic-tac-toe-script")?, 9),
        time_perft("kalah (script)", &mut start("kalah")?, 8),
        time_search("tic-tac-toe (compiled)", &mut ttt()?, 9),
        time_search("tic-tac-toe-script", &mut start("tic-tac-toe-script")?, 9),
        time_search("kalah (script)", &mut start("kalah")?, 12),
        time_search("connect four (compiled)", &mut c4()?, 10),
        time_search("connect-four-script", &mut start("connect-four-script")?, 10),
        time_search("hex (script)", &mut start("hex")?, 4),
    ];
    let mut kalah = start("kalah")?;
    if let Some(fault) = kalah.fault() {
        return Err(fault.message);
    }
    lines.push(time_search("kalah (script), deeper", &mut kalah, 14));
    Ok(lines)
}

/// The lines as a table, with the ratios of compiled to scripted speed.
pub fn print(lines: &[SpeedLine]) {
    for l in lines {
        let unit = if l.kind == "perft" { "leaves" } else { "nodes" };
        println!(
            "{:<28} {:<6} depth {:>2}: {:>10} {unit:<6} in {:>7.3} s = {:>11.0} {unit}/s",
            l.game, l.kind, l.depth, l.count, l.seconds, l.per_second
        );
    }
    let rate = |game: &str, kind: &str| {
        lines.iter().find(|l| l.game == game && l.kind == kind).map_or(f64::NAN, |l| l.per_second)
    };
    for kind in ["perft", "search"] {
        let ratio = rate("tic-tac-toe (compiled)", kind) / rate("tic-tac-toe-script", kind);
        println!("{kind}: compiled tic-tac-toe runs {ratio:.1}× as fast as the scripted one");
    }
    let ratio = rate("connect four (compiled)", "search") / rate("connect-four-script", "search");
    println!("search: compiled Connect Four runs {ratio:.1}× as fast as the scripted one");
}
