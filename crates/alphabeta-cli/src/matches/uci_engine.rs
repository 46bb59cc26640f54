//! An external UCI chess engine as a match player: a child process spoken to over its standard input and output.
//! Its output is read on a thread of its own into a bounded channel, so every wait has a deadline and nothing it
//! prints is held without bound: a line longer than [`MAX_LINE_BYTES`] or more than [`MAX_QUEUED_LINES`] lines
//! waiting to be read (an engine flooding `info` while the other side thinks) end the reading, and the engine's
//! next move is a crash with that reason. It runs in a process group of its own, and the whole group is killed
//! when the player is dropped: a wrapper script's hung child goes with it.

use super::seat::{Failure, MoveTime, Player};

use alphabeta_core::games::any::{AnyGame, AnyMove};
use alphabeta_core::games::chess::{self, Chess};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The longest line read from an engine (a UCI `info` line with a long `pv` is a few KiB).
pub const MAX_LINE_BYTES: usize = 64 << 10;
/// The most lines waiting to be read: an engine that prints more while nobody asked it anything is flooding.
pub const MAX_QUEUED_LINES: usize = 10_000;

/// How long an engine may take to answer `uci` and `isready`.
pub const HANDSHAKE: Duration = Duration::from_secs(10);

pub struct UciEngine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    /// Why the reading stopped early (an over-long line, a flood), once it has.
    misbehaved: Arc<Mutex<Option<String>>>,
    /// The name it gave in its `id name` line, if any.
    name: Option<String>,
}

/// Why an engine did not become ready.
#[derive(Debug)]
pub enum StartFailure {
    /// The program could not be run (the system's words).
    Spawn(String),
    /// It did not answer `asked` (`uci`, `isready`) as the protocol asks.
    Handshake {
        /// The command it did not answer.
        asked: &'static str,
        /// How it failed.
        failure: Failure,
    },
}

impl UciEngine {
    /// Starts the engine, waits for `uciok`, sets the options and waits for `readyok`.
    pub fn start(path: &str, options: &[(String, String)]) -> Result<UciEngine, String> {
        Self::launch(path, options).map_err(|failure| match failure {
            StartFailure::Spawn(why) => format!("uci:{path}: {why}"),
            StartFailure::Handshake { failure, .. } => format!("uci:{path}: {failure}"),
        })
    }

    /// [`UciEngine::start`], telling which step failed.
    pub fn launch(path: &str, options: &[(String, String)]) -> Result<UciEngine, StartFailure> {
        let mut command = Command::new(path);
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command.spawn().map_err(|e| StartFailure::Spawn(e.to_string()))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            kill_group(&mut child);
            return Err(StartFailure::Spawn("no pipes to the engine".into()));
        };
        let (tx, lines) = sync_channel(MAX_QUEUED_LINES);
        let misbehaved = Arc::new(Mutex::new(None));
        let why = Arc::clone(&misbehaved);
        std::thread::spawn(move || read_lines(output, &tx, &why));
        let mut engine = UciEngine { child, input, lines, misbehaved, name: None };
        let failed = |asked| move |failure| StartFailure::Handshake { asked, failure };
        engine.send("uci").map_err(failed("uci"))?;
        let mut name = None;
        let mut note_name = |line: &str| {
            if let Some(given) = line.strip_prefix("id name ") {
                name = Some(readable_name(given));
            }
        };
        engine.wait_until("uciok", Instant::now() + HANDSHAKE, None, &mut note_name).map_err(failed("uci"))?;
        engine.name = name.filter(|n| !n.is_empty());
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}")).map_err(failed("isready"))?;
        }
        engine.send("isready").map_err(failed("isready"))?;
        engine.wait_for("readyok", Instant::now() + HANDSHAKE).map_err(failed("isready"))?;
        Ok(engine)
    }

    /// The name the engine gave (`id name`), if it gave one.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// Sends one line.
    ///
    /// # Errors
    /// [`Failure::Crash`] when the engine's input is closed (it exited).
    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.input, "{line}").and_then(|()| self.input.flush()).map_err(|e| {
            // Its input closed under the write: the engine has exited, as a read would have found.
            let why =
                if e.kind() == std::io::ErrorKind::BrokenPipe { "the engine exited".into() } else { e.to_string() };
            Failure::Crash(why)
        })
    }

    /// Reads lines until one starting with `word`, and returns it.
    fn wait_for(&mut self, word: &str, deadline: Instant) -> Result<String, Failure> {
        self.wait_until(word, deadline, None, &mut |_| {})
    }

    /// Reads lines until one starting with `word`, and returns it, showing each line before it to `seen`; gives up
    /// at `deadline` ([`Failure::Timeout`]) or, within a tenth of a second, once `stop` is set
    /// ([`Failure::NotThePlayers`]: the caller's cancel).
    pub fn wait_until(
        &mut self,
        word: &str,
        deadline: Instant,
        stop: Option<&AtomicBool>,
        seen: &mut dyn FnMut(&str),
    ) -> Result<String, Failure> {
        loop {
            if stop.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                return Err(Failure::NotThePlayers("cancelled".into()));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            let slice = if stop.is_some() { left.min(Duration::from_millis(100)) } else { left };
            match self.lines.recv_timeout(slice) {
                Ok(line) if line.split_whitespace().next() == Some(word) => return Ok(line),
                Ok(line) => seen(&line),
                Err(RecvTimeoutError::Timeout) if Instant::now() >= deadline => return Err(Failure::Timeout),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    let why = self.misbehaved.lock().unwrap_or_else(|p| p.into_inner()).clone();
                    return Err(Failure::Crash(why.unwrap_or_else(|| "the engine exited".into())));
                }
            }
        }
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // A moment to leave by itself, then it is ended.
        let until = Instant::now() + Duration::from_millis(200);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        // The engine may have left, but not what it started (a wrapper script's child): the group goes.
        kill_group(&mut self.child);
    }
}

/// Makes this process the one that inherits every orphan among its descendants (Linux's child subreaper), so that
/// a process an engine started in a session of its own (`setsid`), out of its process group's reach, comes back to
/// the match when the engine ends and is ended by [`end_orphans`]. Called once, before any engine starts.
pub fn adopt_orphans() {
    #[cfg(target_os = "linux")]
    // SAFETY: prctl(2) with PR_SET_CHILD_SUBREAPER only sets a flag of this process.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
}

/// Ends every child process this process still has — the engines' orphans it adopted ([`adopt_orphans`]), once the
/// engines are gone — and theirs as each is ended (they come back in turn), up to a bound.
pub fn end_orphans() {
    #[cfg(target_os = "linux")]
    for _ in 0..64 {
        let me = std::process::id().to_string();
        let Ok(entries) = std::fs::read_dir("/proc") else { return };
        let children: Vec<libc::pid_t> = entries
            .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<libc::pid_t>().ok())
            .filter(|pid| {
                let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
                // The fields after the command's name (which may hold spaces, inside parentheses): state, ppid.
                stat.rsplit_once(')').and_then(|(_, rest)| rest.split_whitespace().nth(1)) == Some(me.as_str())
            })
            .collect();
        if children.is_empty() {
            return;
        }
        for pid in children {
            // SAFETY: kill(2) and waitpid(2) on a child of this process (no engine is left to own it).
            unsafe {
                libc::kill(pid, libc::SIGKILL);
                libc::waitpid(pid, std::ptr::null_mut(), 0);
            }
        }
    }
}

/// Kills the engine's process group (the engine and whatever it started), and the engine itself where there are
/// no groups, then reaps it.
fn kill_group(child: &mut Child) {
    #[cfg(target_os = "linux")]
    if let Ok(pid) = libc::pid_t::try_from(child.id()) {
        // SAFETY: kill(2) with a negative pid signals the process group the engine leads (made by
        // `process_group(0)` at spawn, so it holds no process of ours); it touches no memory of this process.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}

impl Player for UciEngine {
    fn new_game(&mut self) -> Result<(), Failure> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for("readyok", Instant::now() + HANDSHAKE).map(|_| ())
    }

    fn choose(&mut self, game: &AnyGame, history: &[AnyMove], time: MoveTime) -> Result<AnyMove, Failure> {
        let not_chess = || Failure::Illegal("not a chess game".into());
        let position = game.downcast_ref::<Chess>().ok_or_else(not_chess)?;
        self.send(&position_command(&Chess::new(), history).map_err(Failure::Illegal)?)?;
        let mut go = String::from("go");
        if let Some(ms) = time.limits.time_ms {
            go.push_str(&format!(" movetime {ms}"));
        }
        if let Some(depth) = time.limits.depth {
            go.push_str(&format!(" depth {depth}"));
        }
        if let Some(nodes) = time.limits.nodes {
            go.push_str(&format!(" nodes {nodes}"));
        }
        self.send(&go)?;
        let started = Instant::now();
        let answer = match self.wait_for("bestmove", started + time.hard_limit) {
            Err(Failure::Timeout) => {
                // Out of time: ask for the move now; still none within a second is a forfeit either way.
                self.send("stop")?;
                let _ = self.wait_for("bestmove", Instant::now() + Duration::from_secs(1));
                return Err(Failure::Timeout);
            }
            other => other?,
        };
        let name = answer.split_whitespace().nth(1).unwrap_or("");
        let mv = position.parse_move(name).map_err(|_| Failure::Illegal(format!("bestmove '{name}'")))?;
        let encoded = chess::encode(mv);
        if game.legal_moves().contains(&encoded) { Ok(encoded) } else { Err(Failure::Illegal(name.to_string())) }
    }
}

/// A UCI option as a person writes it, `Name=Value` (for `setoption name Name value Value`), trimmed; `None`
/// without the `=` or with no name.
pub fn uci_option(pair: &str) -> Option<(String, String)> {
    let (name, value) = pair.split_once('=')?;
    let name = name.trim();
    (!name.is_empty()).then(|| (name.to_string(), value.trim().to_string()))
}

/// `position startpos|fen … moves …` for the position after `before` from `start`.
pub(super) fn position_command(start: &Chess, before: &[AnyMove]) -> Result<String, String> {
    let mut game = start.clone();
    let mut names = Vec::with_capacity(before.len());
    for &encoded in before {
        let mv = chess::decode(encoded).ok_or_else(|| "a move of the record is not a chess move".to_string())?;
        names.push(game.uci_name(mv));
        alphabeta_core::engine::game::Game::try_play(&mut game, mv).map_err(|e| e.0)?;
    }
    let fen = start.to_fen();
    let from = if fen == Chess::new().to_fen() { "startpos".to_string() } else { format!("fen {fen}") };
    let moves = if names.is_empty() { String::new() } else { format!(" moves {}", names.join(" ")) };
    Ok(format!("position {from}{moves}"))
}

/// Reads the engine's lines into `tx` until its output ends, a line is longer than [`MAX_LINE_BYTES`] (found out
/// as soon as that many bytes came without a newline, not at the line's end, which may never come) or
/// [`MAX_QUEUED_LINES`] wait unread; the two last leave their reason in `why`. Dropping `tx` then tells the reader.
fn read_lines(output: std::process::ChildStdout, tx: &SyncSender<String>, why: &Mutex<Option<String>>) {
    let mut reader = BufReader::new(output);
    let mut bytes = Vec::new();
    let stop = |reason: String| *why.lock().unwrap_or_else(|p| p.into_inner()) = Some(reason);
    loop {
        bytes.clear();
        match (&mut reader).take(MAX_LINE_BYTES as u64 + 1).read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if bytes.last() != Some(&b'\n') && bytes.len() > MAX_LINE_BYTES {
            return stop(format!("it printed a line longer than {MAX_LINE_BYTES} bytes"));
        }
        let line = String::from_utf8_lossy(&bytes).trim_end_matches(['\n', '\r']).to_string();
        match tx.try_send(line) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => {
                return stop(format!("it flooded its output: more than {MAX_QUEUED_LINES} lines unread"));
            }
            Err(TrySendError::Disconnected(_)) => return,
        }
    }
}

/// The longest engine name kept: it is shown in the review's heading, panel and export.
const MAX_NAME_CHARS: usize = 80;

/// An engine's `id name` as the studio shows it: control characters (a terminal's escape sequences) left out, at
/// most [`MAX_NAME_CHARS`] characters.
fn readable_name(given: &str) -> String {
    let shown: String = given.chars().filter(|c| !c.is_control()).take(MAX_NAME_CHARS).collect();
    shown.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::{MAX_NAME_CHARS, readable_name, uci_option};

    #[test]
    fn an_engine_s_name_is_shown_without_control_characters_and_held_short() {
        assert_eq!(readable_name(" Stockfish 15.1 "), "Stockfish 15.1");
        assert_eq!(readable_name("Evil\u{1b}[2J\u{7}Engine"), "Evil[2JEngine");
        assert_eq!(readable_name(&"x".repeat(10_000)).chars().count(), MAX_NAME_CHARS);
        assert_eq!(readable_name("\u{1b}\u{0}"), "");
    }

    #[test]
    fn an_option_is_a_name_and_a_value() {
        let pair = |name: &str, value: &str| Some((name.to_string(), value.to_string()));
        assert_eq!(uci_option("Hash=64"), pair("Hash", "64"));
        assert_eq!(uci_option(" Skill Level = 5 "), pair("Skill Level", "5"));
        assert_eq!(uci_option("SyzygyPath="), pair("SyzygyPath", ""));
        assert_eq!(uci_option("EvalFile=a=b.nnue"), pair("EvalFile", "a=b.nnue"));
        for bad in ["Hash", "=64", " =64", ""] {
            assert_eq!(uci_option(bad), None, "{bad}");
        }
    }
}
