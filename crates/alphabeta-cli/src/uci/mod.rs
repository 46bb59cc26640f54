//! `alphabeta-studio uci`: the studio's chess AI as a UCI engine, for any chess GUI (Cute Chess, Arena, …) and for
//! `match`. Commands are read from standard input one line at a time ([`command`]); a search runs on its own
//! thread, so `stop`, `isready` and `quit` are answered while it thinks. A line that is not a command, a FEN that
//! is not a position or a move that is not legal is reported as `info string …` and otherwise ignored.
//!
//! Options: `Hash` (the table's MiB, allocated fallibly: a size the machine cannot give keeps the old table),
//! `Skill Level` (the studio's chess levels 1–10: the level's depth limit and deliberate mistakes, with the time
//! the GUI gives), `Move Overhead` (milliseconds the GUI and the transport lose on every move, held back for each
//! move still to come, see [`clock`](alphabeta_core::engine::search::clock)), `MultiPV` (the best lines to report, each as
//! its own `info … multipv k … pv …`), `Threads` (search threads, Lazy SMP: 1 up to the machine's cores; more is
//! held to the cores with an `info string`; the `info` lines count the main thread's nodes), `Ponder` (whether the
//! GUI may send `go ponder`; the engine ponders only when asked, so the option changes nothing here).
//!
//! Every `go` is answered by one `bestmove`: a `go` that comes while a search runs stops that search, which answers
//! first. A `position` that cannot be set (an impossible FEN, an illegal move in its list) leaves no position: until
//! the next good one, `go` answers `bestmove 0000` with an `info string` saying why, never a move of an earlier
//! position. `bestmove` names a ponder move, the reply the search expects, when its line has one; `go ponder`
//! searches the position after it with no time limit, and `ponderhit` turns that search into the timed search the
//! `go ponder` line's clocks ask for, timed from the `ponderhit`.
//!
//! A draw a player has to claim (threefold repetition, 50 moves) or bare material with moves left does not end
//! the game here: the GUI decides that, and every `go` is searched and answered with a legal move while one exists
//! (`0000` only after checkmate or stalemate). Input lines are read with a cap ([`MAX_LINE_BYTES`]); the end of the
//! input means the GUI has gone: a running search is stopped, answered, and the session ends.

pub mod command;
mod think;

use super::lines::{Line, Lines};
use alphabeta_core::engine::search::clock::{ClockState, move_budget_ms};
use alphabeta_core::engine::search::deepening::{Engine, EngineConfig};
use alphabeta_core::engine::search::limits::Limits;
use alphabeta_core::engine::search::ranges::THREADS;
use alphabeta_core::games::chess::ChessRules;
use alphabeta_core::games::chess::{Chess, ChessMove, WIN};
use alphabeta_core::games::family::CompiledRules;
use alphabeta_core::games::levels::{LEVELS, level_config};
use alphabeta_core::games::registry::{AiDefaults, Registry};
use command::{Command, Go, Start};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

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
const MOVE_OVERHEAD_MS: (u64, u64, u64) = (10, 0, 5000);
const MULTI_PV: (usize, usize, usize) = (1, 1, 256);

/// The longest input line read (1 MiB: a `position` of 5,000 moves is 25 KiB); the rest of a longer one is
/// skipped unread, with an `info string`.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// Runs the protocol until `quit` or the end of the input, then returns once any search has ended. The end of the
/// input (the GUI is gone, or a script ended) stops a running search as `quit` does — it still answers its
/// `bestmove` — so that nothing searches on for nobody: pipe a script with its `go` and wait for the `bestmove`
/// before closing the input.
pub fn serve<R: BufRead, W: Write + Send + 'static>(input: R, output: W) -> std::io::Result<()> {
    let mut session = Session::new(output);
    let mut lines = Lines::new(input, MAX_LINE_BYTES);
    loop {
        let line = match lines.next_line() {
            Ok(line) => line,
            Err(e) => {
                session.finish(true);
                return Err(e);
            }
        };
        let flow = match line {
            None => Flow::Quit,
            Some(Line::Text(text)) => session.handle(&text),
            Some(Line::Unreadable(why)) => {
                session.say(&format!("info string a line {why}: skipped"));
                Flow::Continue
            }
        };
        // An output that cannot be written to (a full disk, a GUI gone) ends the session: nobody hears the answers.
        if flow == Flow::Quit || session.write_failed() {
            session.finish(true);
            return session.write_error().map_or(Ok(()), Err);
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
    /// `go infinite`, or `go ponder` until `ponderhit`: the `bestmove` waits for `stop`.
    waits_for_stop: Arc<AtomicBool>,
    /// `go ponder`: how long the search may go on once `ponderhit` makes it a normal search (`None`: the `go` set
    /// no time, only depth or nodes, or this is no ponder search, or `ponderhit` came already).
    ponder: Option<Ponder>,
    /// Set once `bestmove` is written: the GUI may send the next `go` before the thread has quite ended.
    answered: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

/// What `ponderhit` does to a `go ponder` search.
#[derive(Clone, Copy, Debug)]
struct Ponder {
    /// The move's time, from the `go ponder` line's clocks, counted from the `ponderhit`.
    time_ms: Option<u64>,
}

/// The engine's state between commands.
pub struct Session<W: Write + Send + 'static> {
    out: Arc<Mutex<Output<W>>>,
    /// The position the last `position` set, or why it could not be set.
    position: Result<Chess, String>,
    engine: Arc<Mutex<Engine<ChessMove>>>,
    hash_mib: usize,
    threads: usize,
    level: u8,
    overhead_ms: u64,
    multipv: usize,
    chess_ai: AiDefaults,
    running: Option<Running>,
    /// What answering a `go` costs outside its search, as measured.
    cost: Arc<think::OutsideCost>,
}

impl<W: Write + Send + 'static> Session<W> {
    pub fn new(out: W) -> Self {
        // The levels' meaning comes from the chess variant's file, as in the window; these are its values.
        let chess_ai = Registry::standard()
            .entries
            .into_iter()
            .find(|e| e.variant.rules.family() == ChessRules::NAME)
            .map(|e| e.variant.ai)
            .unwrap_or_default();
        let hash_mib = HASH_MIB.0;
        let level = SKILL_LEVEL.0;
        Session {
            out: Arc::new(Mutex::new(Output { writer: out, error: None })),
            position: Ok(Chess::new()),
            engine: Arc::new(Mutex::new(Engine::new(engine_config(&chess_ai, level, (hash_mib, 1))))),
            hash_mib,
            threads: 1,
            level,
            overhead_ms: MOVE_OVERHEAD_MS.0,
            multipv: MULTI_PV.0,
            chess_ai,
            running: None,
            cost: Arc::default(),
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
                let (h, s, o, m) = (HASH_MIB, SKILL_LEVEL, MOVE_OVERHEAD_MS, MULTI_PV);
                self.say(
                    &[
                        format!("id name {ENGINE_NAME}"),
                        "id author the Alpha-Beta Studio authors".to_string(),
                        format!("option name Hash type spin default {} min {} max {}", h.0, h.1, h.2),
                        format!("option name Skill Level type spin default {} min {} max {}", s.0, s.1, s.2),
                        format!("option name Move Overhead type spin default {} min {} max {}", o.0, o.1, o.2),
                        format!("option name MultiPV type spin default {} min {} max {}", m.0, m.1, m.2),
                        format!("option name Threads type spin default 1 min 1 max {}", max_threads()),
                        "option name Ponder type check default false".to_string(),
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
                self.lock_engine().clear();
                self.position = Ok(Chess::new());
            }
            Command::Position { start, moves } => {
                self.position = set_up(&start, &moves);
                if let Err(why) = &self.position {
                    self.say(&format!("info string {why}; no position is set until a legal one comes"));
                }
            }
            Command::Go(go) => self.go(go),
            Command::Stop => self.finish(true),
            Command::PonderHit => self.ponder_hit(),
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
            if stop || running.waits_for_stop.load(Ordering::Acquire) {
                running.stop.store(true, Ordering::Relaxed);
            }
            let _ = running.thread.join();
        }
    }

    /// Answers a `go`: a search still running is stopped and answered first, so that every `go` has its own
    /// `bestmove`; without a position, `bestmove 0000` and why.
    fn go(&mut self, go: Go) {
        for note in &go.ignored {
            self.say(&format!("info string {note}"));
        }
        if self.running.as_ref().is_some_and(|r| !r.answered.load(Ordering::Acquire)) {
            self.say("info string go: a search was running; it is stopped and answered first");
        }
        self.finish(true);
        match &self.position {
            Ok(_) => self.start(go),
            Err(why) => {
                self.say(&format!("info string go: no position to search ({why}); send a legal position"));
                self.say("bestmove 0000");
            }
        }
    }

    /// `ponderhit`: the opponent played the expected move, so the ponder search becomes this move's search, with
    /// the time the `go ponder` line's clocks give, from now. Without a ponder search running it is ignored.
    fn ponder_hit(&mut self) {
        let Some(running) = self.running.as_mut().filter(|r| !r.answered.load(Ordering::Acquire)) else {
            return;
        };
        let Some(ponder) = running.ponder.take() else { return };
        running.waits_for_stop.store(false, Ordering::Release);
        let Some(time_ms) = ponder.time_ms else { return };
        let (stop, answered) = (Arc::clone(&running.stop), Arc::clone(&running.answered));
        let deadline = Instant::now() + Duration::from_millis(time_ms);
        // The search began with no deadline: a clock thread stops it when the move's time is up (or leaves once
        // the search has answered by itself).
        let clock = std::thread::Builder::new().name("uci-ponderhit-clock".into()).spawn(move || {
            while !answered.load(Ordering::Acquire) {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                std::thread::sleep(left.min(Duration::from_millis(2)));
            }
        });
        if clock.is_err() {
            // No thread to time it: play now rather than search without end.
            running.stop.store(true, Ordering::Relaxed);
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
                    self.rebuild(mib, self.threads)
                        .map_err(|why| format!("setoption Hash: {why}; the table stays at {} MiB", self.hash_mib))?;
                }
            }
            "threads" => {
                let asked = number((1, 1, u64::MAX))?;
                let threads = asked.min(max_threads() as u64) as usize;
                if threads != self.threads {
                    self.rebuild(self.hash_mib, threads).map_err(|why| {
                        let kept = alphabeta_core::messages::counted(self.threads as u64, "thread", "threads");
                        format!("setoption Threads: {why}; {kept} kept")
                    })?;
                }
                if asked > threads as u64 {
                    return Err(format!("setoption Threads: {asked} is more than the {threads} cores; {threads} used"));
                }
            }
            "skill level" => {
                self.level = number((SKILL_LEVEL.0.into(), SKILL_LEVEL.1.into(), SKILL_LEVEL.2.into()))? as u8;
            }
            "move overhead" => self.overhead_ms = number(MOVE_OVERHEAD_MS)?,
            "multipv" => {
                self.multipv = number((MULTI_PV.0 as u64, MULTI_PV.1 as u64, MULTI_PV.2 as u64))? as usize;
            }
            // The GUI says whether it will send `go ponder`; the engine ponders only when asked.
            "ponder" => match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
                Some("true" | "false") => {}
                _ => return Err(format!("setoption {name}: the value is true or false")),
            },
            _ => return Err(format!("setoption: no option named '{name}'")),
        }
        Ok(())
    }

    /// A new engine with a table of `mib` MiB searching on `threads` threads. Allocated here, not on the first `go`,
    /// so the first move keeps to its time; fallibly, so that a size the machine cannot give is refused with the
    /// old engine kept.
    fn rebuild(&mut self, mib: usize, threads: usize) -> Result<(), String> {
        let engine = Engine::try_new(engine_config(&self.chess_ai, self.level, (mib, threads)))?;
        *self.lock_engine() = engine;
        (self.hash_mib, self.threads) = (mib, threads);
        Ok(())
    }

    /// Starts searching the current position on a thread.
    fn start(&mut self, go: Go) {
        let Ok(position) = &self.position else { return };
        let root = position.clone();
        let limits = self.limits(&go);
        let config =
            EngineConfig { limits, ..engine_config(&self.chess_ai, self.level, (self.hash_mib, self.threads)) };
        let waits_for_stop = Arc::new(AtomicBool::new(go.infinite || go.ponder));
        let stop = Arc::new(AtomicBool::new(false));
        let answered = Arc::new(AtomicBool::new(false));
        // The legal ones among the moves named; all moves when none is legal, as when none is named.
        let searchmoves = (!go.searchmoves.is_empty())
            .then(|| go.searchmoves.iter().filter_map(|name| root.parse_move(name).ok()).collect::<Vec<_>>());
        let job = think::Job {
            engine: Arc::clone(&self.engine),
            out: Arc::clone(&self.out),
            root,
            searchmoves,
            lines: self.multipv,
            config,
            stop: Arc::clone(&stop),
            waits_for_stop: Arc::clone(&waits_for_stop),
            answered: Arc::clone(&answered),
            cost: Arc::clone(&self.cost),
        };
        let ponder = go.ponder.then(|| Ponder { time_ms: self.move_time_ms(&go, &job.root) });
        let received = Instant::now();
        match std::thread::Builder::new().name("uci-search".into()).spawn(move || job.run(received)) {
            Ok(thread) => self.running = Some(Running { stop, waits_for_stop, ponder, answered, thread }),
            Err(e) => {
                self.say(&format!("info string go: no thread for the search ({e})"));
                self.say("bestmove 0000");
            }
        }
    }

    /// The search's depth and node limits for this `go`: the level's depth limit (or `depth`, if shallower) and the
    /// level's node budget (or `nodes`, if fewer; Skill Level 10 has none: at full strength only the GUI's limits
    /// hold); `infinite` has none but `depth` and `nodes`. The time is [`Session::move_time_ms`]'s; `infinite` has
    /// none, nor has `ponder` until its `ponderhit`.
    fn limits(&self, go: &Go) -> Limits {
        let level = engine_config(&self.chess_ai, self.level, (self.hash_mib, self.threads)).limits;
        let level_depth = level.depth;
        let level_nodes = level.nodes.filter(|_| self.level < *LEVELS.end());
        let waits = go.infinite;
        let depth = match (go.depth, level_depth) {
            (Some(d), Some(l)) if !waits => Some(d.min(l)),
            (Some(d), _) => Some(d),
            (None, l) if !waits => l,
            (None, _) => None,
        };
        let nodes = match (go.nodes, level_nodes) {
            (Some(n), Some(l)) if !waits => Some(n.min(l)),
            (None, l) if !waits => l,
            (n, _) => n,
        };
        let time_ms = match &self.position {
            Ok(position) if !waits && !go.ponder => self.move_time_ms(go, position),
            _ => None,
        };
        Limits { depth, time_ms, nodes }
    }

    /// The move's time: `movetime`, else the side to move's clock through the time manager, each less the
    /// per-move cost (`Move Overhead` and what this engine itself was measured to spend outside its searches).
    fn move_time_ms(&self, go: &Go, position: &Chess) -> Option<u64> {
        let per_move_cost = self.overhead_ms.saturating_add(self.cost.worst_ms());
        if let Some(movetime) = go.movetime {
            return Some(movetime.saturating_sub(per_move_cost).max(1));
        }
        let white = position.side_to_move() == alphabeta_core::engine::game::Side::Max;
        let (clock, increment) = if white { (go.wtime, go.winc) } else { (go.btime, go.binc) };
        clock.map(|remaining_ms| {
            let state = ClockState { remaining_ms, increment_ms: increment.unwrap_or(0), moves_to_go: go.movestogo };
            move_budget_ms(state, per_move_cost)
        })
    }

    /// True once a line could not be written.
    fn write_failed(&self) -> bool {
        self.out.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).error.is_some()
    }

    /// The first error writing to the GUI, taken.
    fn write_error(&self) -> Option<std::io::Error> {
        self.out.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).error.take()
    }

    fn lock_engine(&self) -> std::sync::MutexGuard<'_, Engine<ChessMove>> {
        self.engine.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn say(&self, text: &str) {
        write_line(&self.out, text);
    }
}

/// The settings of the chess `level` with a `hash_mib` table on `threads` threads (time and depth are set per
/// `go`).
fn engine_config(chess_ai: &AiDefaults, level: u8, (hash_mib, threads): (usize, usize)) -> EngineConfig {
    EngineConfig { tt_mib: hash_mib, threads, ..level_config(chess_ai, level) }
}

/// The most `Threads` offered: the machine's cores.
fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from).min(*THREADS.end())
}

/// The position a `position` command describes, or why there is none.
fn set_up(start: &Start, moves: &[String]) -> Result<Chess, String> {
    let mut position = match start {
        Start::StartPos => Chess::new(),
        Start::Fen(fen) => Chess::from_fen(fen).map_err(|e| format!("position: {}", e.0.trim_end_matches('.')))?,
    };
    // Only the rules of moving refuse a move: the GUI, not the engine, ends a game on a claimable draw.
    for (i, name) in moves.iter().enumerate() {
        position.play_on_here(None);
        let mv =
            position.parse_move(name).map_err(|_| format!("position: move {} '{name}' is not legal there", i + 1))?;
        alphabeta_core::engine::game::Game::play(&mut position, mv);
    }
    position.play_on_here(None);
    Ok(position)
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

/// The GUI's end of the conversation, and the first error writing to it.
pub struct Output<W> {
    writer: W,
    error: Option<std::io::Error>,
}

fn write_line<W: Write>(out: &Mutex<Output<W>>, text: &str) {
    let mut out = out.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if out.error.is_some() {
        return;
    }
    let written = writeln!(out.writer, "{text}").and_then(|()| out.writer.flush());
    if let Err(e) = written {
        out.error = Some(e);
    }
}

#[cfg(test)]
mod tests;
