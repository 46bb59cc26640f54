//! An external UCI chess engine as a match player: a child process spoken to over its standard input and output.
//! Its output is read on a thread of its own into a channel, so every wait has a deadline; the process is killed
//! when the player is dropped.

use super::player::{Failure, MoveTime, Player};
use crate::games::any::{AnyGame, AnyMove};
use crate::games::chess::{self, Chess};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long an engine may take to answer `uci` and `isready`.
const HANDSHAKE: Duration = Duration::from_secs(10);

pub struct UciEngine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl UciEngine {
    /// Starts the engine, waits for `uciok`, sets the options and waits for `readyok`.
    pub fn start(path: &str, options: &[(String, String)]) -> Result<UciEngine, String> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("uci:{path}: {e}"))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(format!("uci:{path}: no pipes to the engine"));
        };
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UciEngine { child, input, lines };
        let handshake = |engine: &mut UciEngine| -> Result<(), Failure> {
            engine.send("uci")?;
            engine.wait_for("uciok", Instant::now() + HANDSHAKE)?;
            for (name, value) in options {
                engine.send(&format!("setoption name {name} value {value}"))?;
            }
            engine.send("isready")?;
            engine.wait_for("readyok", Instant::now() + HANDSHAKE).map(|_| ())
        };
        handshake(&mut engine).map_err(|f| format!("uci:{path}: {f:?}"))?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.input, "{line}").and_then(|()| self.input.flush()).map_err(|e| Failure::Crash(e.to_string()))
    }

    /// Reads lines until one starting with `word`, and returns it.
    fn wait_for(&mut self, word: &str, deadline: Instant) -> Result<String, Failure> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.split_whitespace().next() == Some(word) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => return Err(Failure::Timeout),
                Err(RecvTimeoutError::Disconnected) => return Err(Failure::Crash("the engine exited".into())),
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
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Player for UciEngine {
    fn new_game(&mut self) -> Result<(), Failure> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for("readyok", Instant::now() + HANDSHAKE).map(|_| ())
    }

    fn choose(&mut self, game: &AnyGame, history: &[AnyMove], time: MoveTime) -> Result<AnyMove, Failure> {
        // The moves so far, replayed to name them as UCI does.
        let mut position = Chess::new();
        let mut names = Vec::with_capacity(history.len());
        for &encoded in history {
            let mv = chess::decode(encoded).ok_or_else(|| Failure::Illegal("not a chess game".into()))?;
            names.push(position.uci_name(mv));
            crate::engine::game::Game::try_play(&mut position, mv).map_err(|e| Failure::Illegal(e.0))?;
        }
        let moves = if names.is_empty() { String::new() } else { format!(" moves {}", names.join(" ")) };
        self.send(&format!("position startpos{moves}"))?;
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
