//! `alphabeta-studio uci`: the studio's chess AI as a UCI engine, for any chess GUI (Cute Chess, Arena, …) and for
//! `match`. Commands are read from standard input one line at a time ([`command`]); a search runs on its own
//! thread, so `stop`, `isready` and `quit` are answered while it thinks. A line that is not a command, a FEN that
//! is not a position or a move that is not legal is reported as `info string …` and otherwise ignored.
//!
//! Options: `Hash` (the table's MiB), `Skill Level` (the studio's chess levels 1–10: the level's depth limit and
//! deliberate mistakes, with the time the GUI gives), `Move Overhead` (milliseconds kept back from each move for
//! the GUI and the transport).

pub mod command;

use crate::engine::search::clock::{ClockState, move_budget_ms};
use crate::engine::search::deepening::{Engine, EngineConfig, Iteration};
use crate::engine::search::limits::Limits;
use crate::games::chess::ChessFamily;
use crate::games::chess::{Chess, ChessMove, WIN};
use crate::games::family::Family;
use crate::games::levels::{LEVELS, level_config};
use crate::games::registry::{AiDefaults, Registry};
use command::{Command, Go, Start};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// `uci` takes no arguments: everything comes through the protocol.
#[derive(clap::Args, Debug)]
pub struct UciArgs {}

pub fn run(_args: &UciArgs) -> Result<(), super::CommandError> {
    let stdin = std::io::stdin();
    serve(stdin.lock(), std::io::stdout()).map_err(|e| super::CommandError(format!("uci: {e}")))
}

/// The engine's name in `id name`.
pub const ENGINE_NAME: &str = concat!("Alpha-Beta Studio ", env!("CARGO_PKG_VERSION"));

/// The options' ranges: (default, min, max).
const HASH_MIB: (usize, usize, usize) = (64, 1, 4096);
const SKILL_LEVEL: (u8, u8, u8) = (10, 1, 10);
const MOVE_OVERHEAD_MS: (u64, u64, u64) = (30, 0, 5000);

/// Runs the protocol until `quit` or the end of the input, then returns once any search has ended. At the end of
/// the input a search with a limit is let finish (a script's last `go depth 6` still gets its `bestmove`); an
/// infinite one is stopped.
pub fn serve<R: BufRead, W: Write + Send + 'static>(mut input: R, output: W) -> std::io::Result<()> {
    let mut session = Session::new(output);
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            session.finish(false);
            return Ok(());
        }
        if session.handle(&String::from_utf8_lossy(&line)) == Flow::Quit {
            return Ok(());
        }
    }
}

/// Whether to go on reading commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// A search in progress on its own thread.
struct Running {
    stop: Arc<AtomicBool>,
    /// `go infinite` or `go ponder`: the `bestmove` waits for `stop`.
    waits_for_stop: bool,
    /// Set once `bestmove` is written: the GUI may send the next `go` before the thread has quite ended.
    answered: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

/// The engine's state between commands.
pub struct Session<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    position: Chess,
    engine: Arc<Mutex<Engine<ChessMove>>>,
    hash_mib: usize,
    level: u8,
    overhead_ms: u64,
    chess_ai: AiDefaults,
    running: Option<Running>,
}

impl<W: Write + Send + 'static> Session<W> {
    pub fn new(out: W) -> Self {
        // The levels' meaning comes from the chess variant's file, as in the window; these are its values.
        let chess_ai = Registry::standard()
            .entries
            .into_iter()
            .find(|e| e.variant.rules.family() == Family::name(&ChessFamily))
            .map(|e| e.variant.ai)
            .unwrap_or_default();
        let hash_mib = HASH_MIB.0;
        let level = SKILL_LEVEL.0;
        Session {
            out: Arc::new(Mutex::new(out)),
            position: Chess::new(),
            engine: Arc::new(Mutex::new(Engine::new(engine_config(&chess_ai, level, hash_mib)))),
            hash_mib,
            level,
            overhead_ms: MOVE_OVERHEAD_MS.0,
            chess_ai,
            running: None,
        }
    }

    /// Acts on one line from the GUI.
    pub fn handle(&mut self, line: &str) -> Flow {
        let command = match command::parse(line) {
            Ok(command) => command,
            Err(message) => {
                self.say(&format!("info string {message}"));
                return Flow::Continue;
            }
        };
        match command {
            Command::Nothing | Command::Debug => {}
            Command::Uci => {
                let (h, s, o) = (HASH_MIB, SKILL_LEVEL, MOVE_OVERHEAD_MS);
                self.say(
                    &[
                        format!("id name {ENGINE_NAME}"),
                        "id author the Alpha-Beta Studio authors".to_string(),
                        format!("option name Hash type spin default {} min {} max {}", h.0, h.1, h.2),
                        format!("option name Skill Level type spin default {} min {} max {}", s.0, s.1, s.2),
                        format!("option name Move Overhead type spin default {} min {} max {}", o.0, o.1, o.2),
                        "uciok".to_string(),
                    ]
                    .join("\n"),
                );
            }
            Command::IsReady => self.say("readyok"),
            Command::SetOption { name, value } => {
                self.finish(true);
                if let Err(message) = self.set_option(&name, value.as_deref()) {
                    self.say(&format!("info string {message}"));
                }
            }
            Command::UciNewGame => {
                self.finish(true);
                self.lock_engine().memory.clear();
                self.position = Chess::new();
            }
            Command::Position { start, moves } => match set_up(&start, &moves) {
                Ok(position) => self.position = position,
                Err(message) => self.say(&format!("info string {message}; the position is unchanged")),
            },
            Command::Go(go) => {
                if self.running.as_ref().is_some_and(|r| !r.answered.load(Ordering::Acquire)) {
                    self.say("info string go: a search is already running; send stop first");
                } else {
                    self.finish(false);
                    self.start(go);
                }
            }
            Command::Stop | Command::PonderHit => self.finish(true),
            Command::Quit => {
                self.finish(true);
                return Flow::Quit;
            }
        }
        Flow::Continue
    }

    /// Ends the running search, if any, and waits for its `bestmove`: asks it to stop first when `stop`, or when
    /// it is infinite (at the end of the input nobody else will).
    pub fn finish(&mut self, stop: bool) {
        if let Some(running) = self.running.take() {
            if stop || running.waits_for_stop {
                running.stop.store(true, Ordering::Relaxed);
            }
            let _ = running.thread.join();
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let number = |range: (u64, u64, u64)| -> Result<u64, String> {
            let text = value.ok_or_else(|| format!("setoption {name}: a value is needed"))?;
            let n: u64 = text.trim().parse().map_err(|_| format!("setoption {name}: '{text}' is not a number"))?;
            if n < range.1 || n > range.2 {
                return Err(format!("setoption {name}: {n} is outside {}–{}", range.1, range.2));
            }
            Ok(n)
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                let mib = number((HASH_MIB.0 as u64, HASH_MIB.1 as u64, HASH_MIB.2 as u64))? as usize;
                if mib != self.hash_mib {
                    self.hash_mib = mib;
                    // Allocated here, not on the first `go`, so the first move keeps to its time.
                    *self.lock_engine() = Engine::new(engine_config(&self.chess_ai, self.level, mib));
                }
            }
            "skill level" => {
                self.level = number((SKILL_LEVEL.0.into(), SKILL_LEVEL.1.into(), SKILL_LEVEL.2.into()))? as u8;
            }
            "move overhead" => self.overhead_ms = number(MOVE_OVERHEAD_MS)?,
            _ => return Err(format!("setoption: no option named '{name}'")),
        }
        Ok(())
    }

    /// Starts searching the current position on a thread.
    fn start(&mut self, go: Go) {
        let config =
            EngineConfig { limits: self.limits(&go), ..engine_config(&self.chess_ai, self.level, self.hash_mib) };
        let waits_for_stop = go.infinite || go.ponder;
        let stop = Arc::new(AtomicBool::new(false));
        let (engine, out, mut position) = (Arc::clone(&self.engine), Arc::clone(&self.out), self.position.clone());
        let flag = Arc::clone(&stop);
        let answered = Arc::new(AtomicBool::new(false));
        let done = Arc::clone(&answered);
        let thread = std::thread::spawn(move || {
            let mut engine = engine.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            engine.config.limits = config.limits;
            engine.config.skill = config.skill;
            let root = position.clone();
            let mut nodes = 0u64;
            let thought = engine.think(&mut position, Some(&*flag), |iteration| {
                nodes += iteration.stats.nodes_visited;
                if iteration.complete {
                    write_line(&out, &info_line(&root, iteration, nodes));
                }
            });
            drop(engine);
            // The protocol: after `go infinite` (or `ponder`) the answer waits for `stop`, however soon the search ends.
            while waits_for_stop && !flag.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            let best = thought.best_move.map_or("0000".to_string(), |mv| root.uci_name(mv));
            // Marked answered before the line goes out: a GUI that reads it may send the next `go` at once.
            done.store(true, Ordering::Release);
            write_line(&out, &format!("bestmove {best}"));
        });
        self.running = Some(Running { stop, waits_for_stop, answered, thread });
    }

    /// The search's limits for this `go`: the level's depth limit (or `depth`, if shallower), the level's node
    /// budget (or `nodes`, if fewer; Skill Level 10 has none: at full strength only the GUI's limits hold), and the
    /// time from `movetime`, else from the side to move's clock; `infinite` and `ponder` have none but `depth` and
    /// `nodes`.
    fn limits(&self, go: &Go) -> Limits {
        let level = engine_config(&self.chess_ai, self.level, self.hash_mib).limits;
        let level_depth = level.depth;
        let level_nodes = level.nodes.filter(|_| self.level < *LEVELS.end());
        let waits = go.infinite || go.ponder;
        let depth = match (go.depth, level_depth) {
            (Some(d), Some(l)) if !waits => Some(d.min(l)),
            (Some(d), _) => Some(d),
            (None, l) if !waits => l,
            (None, _) => None,
        };
        let white = self.position.side_to_move() == crate::engine::game::Side::Max;
        let (clock, increment) = if white { (go.wtime, go.winc) } else { (go.btime, go.binc) };
        let time_ms = if waits {
            None
        } else if let Some(movetime) = go.movetime {
            Some(movetime.saturating_sub(self.overhead_ms).max(1))
        } else {
            clock.map(|remaining_ms| {
                let state =
                    ClockState { remaining_ms, increment_ms: increment.unwrap_or(0), moves_to_go: go.movestogo };
                move_budget_ms(state, self.overhead_ms)
            })
        };
        let nodes = match (go.nodes, level_nodes) {
            (Some(n), Some(l)) if !waits => Some(n.min(l)),
            (None, l) if !waits => l,
            (n, _) => n,
        };
        Limits { depth, time_ms, nodes }
    }

    fn lock_engine(&self) -> std::sync::MutexGuard<'_, Engine<ChessMove>> {
        self.engine.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn say(&self, text: &str) {
        write_line(&self.out, text);
    }
}

/// The settings of the chess `level` with a `hash_mib` table (time and depth are set per `go`).
fn engine_config(chess_ai: &AiDefaults, level: u8, hash_mib: usize) -> EngineConfig {
    EngineConfig { tt_mib: hash_mib, ..level_config(chess_ai, level) }
}

/// The position a `position` command describes, or why there is none.
fn set_up(start: &Start, moves: &[String]) -> Result<Chess, String> {
    let mut position = match start {
        Start::StartPos => Chess::new(),
        Start::Fen(fen) => Chess::from_fen(fen).map_err(|e| format!("position: {}", e.0.trim_end_matches('.')))?,
    };
    for (i, name) in moves.iter().enumerate() {
        let mv =
            position.parse_move(name).map_err(|_| format!("position: move {} '{name}' is not legal there", i + 1))?;
        crate::engine::game::Game::play(&mut position, mv);
    }
    Ok(position)
}

/// One `info` line for a completed iteration. `nodes` counts every iteration so far.
fn info_line(root: &Chess, iteration: &Iteration<ChessMove>, nodes: u64) -> String {
    let ms = (iteration.elapsed_seconds * 1000.0).round() as u64;
    let nps = (nodes as f64 / iteration.elapsed_seconds.max(1e-6)).round() as u64;
    let seldepth = iteration.stats.max_ply.max(iteration.depth);
    let score = score_text(iteration.value, root.moves_played());
    let mut line =
        format!("info depth {} seldepth {seldepth} score {score} nodes {nodes} nps {nps} time {ms}", iteration.depth);
    let mut position = root.clone();
    let mut pv = Vec::new();
    for &mv in &iteration.principal_variation {
        if !position.legal_moves().contains(&mv) {
            break;
        }
        pv.push(position.uci_name(mv));
        crate::engine::game::Game::play(&mut position, mv);
    }
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

/// `cp N`, or `mate N` (moves, negative when the side to move is mated) for a value that is a mate: the game
/// scores a mate `WIN − plies since the position was set up`, and `root_plies` of those were played before the
/// root.
pub fn score_text(value: f64, root_plies: usize) -> String {
    let distance = WIN - value.abs();
    if distance < 10_000.0 {
        let plies = (distance.round() as i64 - root_plies as i64).max(0);
        let moves = (plies + 1) / 2;
        if value > 0.0 { format!("mate {moves}") } else { format!("mate -{moves}") }
    } else {
        format!("cp {}", value.round() as i64)
    }
}

fn write_line<W: Write>(out: &Mutex<W>, text: &str) {
    let mut out = out.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    // A GUI that has gone away cannot be told anything: the next read ends the session.
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

#[cfg(test)]
mod tests;
