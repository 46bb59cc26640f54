//! `uci` driven as a GUI drives it — a child process on pipes, every wait with a timeout so that a hang fails the
//! test instead of hanging the suite —, every command's standard output on a full disk, and
//! `solve`'s protocol.

use crate::common::studio;
use std::io::Write;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// The studio's `uci` on pipes.
struct Uci {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Uci {
    fn start() -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let input = child.stdin.take();
        let output = child.stdout.take().expect("stdout");
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in std::io::BufRead::lines(std::io::BufReader::new(output)).map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Uci { child, input, lines }
    }

    fn send(&mut self, text: &str) {
        let input = self.input.as_mut().expect("input open");
        input.write_all(text.as_bytes()).and_then(|()| input.write_all(b"\n")).expect("uci reads");
        input.flush().expect("uci reads");
    }

    /// The lines up to and including the first that starts with `prefix`; fails the test after `seconds`.
    fn until(&mut self, prefix: &str, seconds: u64) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(seconds);
        let mut seen = Vec::new();
        loop {
            match self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    let _ = self.child.kill();
                    panic!("no '{prefix}' within {seconds} s: {seen:?}");
                }
                Err(RecvTimeoutError::Disconnected) => panic!("uci ended before '{prefix}': {seen:?}"),
            }
        }
    }

    /// The `bestmove` answering the `go` just sent.
    fn best_move(&mut self, seconds: u64) -> String {
        let lines = self.until("bestmove", seconds);
        // `bestmove m` or `bestmove m ponder r`: the move is the second word.
        lines.last().and_then(|l| l.split_whitespace().nth(1)).unwrap_or_default().to_string()
    }

    /// Closes the input and waits for the process to end (the GUI has gone); fails the test after `seconds`.
    fn close(mut self, seconds: u64) -> Vec<String> {
        drop(self.input.take());
        let deadline = Instant::now() + Duration::from_secs(seconds);
        while self.child.try_wait().expect("waits").is_none() {
            if Instant::now() >= deadline {
                let _ = self.child.kill();
                panic!("uci still running {seconds} s after the end of its input");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        self.lines.try_iter().collect()
    }

    /// The peak of the process's resident memory, in MiB (Linux).
    fn peak_mib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse::<u64>().ok().map(|kib| kib / 1024)
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `go depth 6 searchmoves a2a3 h2h3` and `go depth 4 foo` are answered like any `go`.
#[test]
fn uci_answers_every_go_searchmoves_and_unknown_words_included() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    uci.send("go depth 4 searchmoves a2a3 h2h3");
    let best = uci.best_move(60);
    assert!(best == "a2a3" || best == "h2h3", "{best}");
    uci.send("go depth 4 foo");
    let lines = uci.until("bestmove", 60);
    assert!(lines.iter().any(|l| l == "info string go: unknown word 'foo' ignored"), "{lines:?}");
    assert_ne!(lines.last().map(String::as_str), Some("bestmove 0000"), "{lines:?}");
    uci.send("quit");
    uci.close(10);
}

/// A repetition, a 50-move clock of 100 and K+N v K are played on, not answered `bestmove 0000`, and moves after the
/// repetition are taken.
#[test]
fn uci_plays_on_through_claimable_draws_and_bare_material() {
    let mut uci = Uci::start();
    let repeated = "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
    // The rank the answer's move starts from says whose move it is: White's from ranks 1–2 here, Black's 7–8.
    for (position, ranks) in [
        (repeated.to_string(), "12"),
        (format!("{repeated} e2e4"), "78"),
        (format!("{repeated} e2e4 e7e5 g1f3"), "78"),
        ("position fen 4k3/8/8/8/8/8/8/R3K3 w - - 100 80".to_string(), "1"),
        ("position fen 4k3/8/8/8/8/8/8/R3K3 w - - 100 80 moves a1a2 e8d8".to_string(), "12"),
        ("position fen 4k3/8/8/8/8/8/8/1N2K3 w - - 0 1".to_string(), "1"),
        ("position fen 4k3/8/8/8/8/8/8/1N2K3 w - - 0 1 moves b1c3 e8d7".to_string(), "123"),
    ] {
        uci.send(&position);
        uci.send("go depth 3");
        let lines = uci.until("bestmove", 60);
        assert!(!lines.iter().any(|l| l.starts_with("info string")), "{position}: {lines:?}");
        let best = lines.last().and_then(|l| l.split_whitespace().nth(1)).unwrap_or("");
        assert_ne!(best, "0000", "{position}");
        assert!(best.len() == 4 && ranks.contains(&best[1..2]), "{position}: {best}");
    }
    uci.send("quit");
    uci.close(10);
}

/// After the end of the input, `go depth 1000`, `go mate 1000`, `go movetime 3600000` searched on.
#[test]
fn uci_stops_and_exits_at_the_end_of_its_input() {
    for go in ["go depth 1000", "go mate 1000", "go movetime 3600000", "go infinite"] {
        let mut uci = Uci::start();
        uci.send("position startpos");
        uci.send(go);
        std::thread::sleep(Duration::from_millis(300));
        let rest = uci.close(15);
        assert!(rest.iter().any(|l| l.starts_with("bestmove ") && l != "bestmove 0000"), "{go}: {rest:?}");
    }
}

/// A 3 GB line without a newline aborted (`memory allocation of 4294967296 bytes failed`). 256 MiB here,
/// in 1 MiB pieces: the process must stay far below it and answer the next line.
#[test]
fn uci_skips_an_endless_line_in_bounded_memory() {
    let mut uci = Uci::start();
    uci.send("isready");
    uci.until("readyok", 30);
    let chunk = vec![b'x'; 1 << 20];
    {
        let input = uci.input.as_mut().expect("open");
        for _ in 0..256 {
            input.write_all(&chunk).expect("uci reads on");
        }
    }
    uci.send("");
    uci.send("isready");
    let lines = uci.until("readyok", 60);
    assert!(lines.iter().any(|l| l.starts_with("info string a line longer than")), "{lines:?}");
    if let Some(peak) = uci.peak_mib() {
        assert!(peak < 200, "peak {peak} MiB for a 256 MiB line");
    }
    uci.send("quit");
    uci.close(10);
}

/// `setoption name MultiPV value 3` gives three lines a depth, each with a different first move.
#[test]
fn uci_reports_multipv_lines() {
    let mut uci = Uci::start();
    uci.send("setoption name MultiPV value 3");
    uci.send("position startpos");
    uci.send("go depth 2");
    let lines = uci.until("bestmove", 60);
    let firsts: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 2 ") && l.contains(" multipv "))
        .filter_map(|l| l.split(" pv ").nth(1)?.split_whitespace().next())
        .collect();
    assert_eq!(firsts.len(), 3, "{lines:?}");
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{lines:?}");
    uci.send("quit");
    uci.close(10);
}

/// These panicked with "failed printing to stdout: No space left on device" (exit 101).
#[test]
fn every_command_on_a_full_disk_says_so_in_one_line() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for args in [
        &["perft", "tic-tac-toe", "2"][..],
        &["games"],
        &["--help"],
        &["search", "tic-tac-toe", "--json"],
        &["bench", "--branching", "2", "--depth", "3", "--runs", "1"],
        &["bench", "--branching", "2", "--depth", "3", "--runs", "1", "--json"],
        &["tree", "-"],
    ] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
        let mut child = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(full)
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts");
        if let Some(mut input) = child.stdin.take() {
            let _ = input.write_all(b"((3 5) (2 9))\n");
        }
        let out = child.wait_with_output().expect("ends");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("No space left on device") && !err.contains("panicked"), "{args:?}: {err}");
    }
    // And with somewhere to write, the same commands succeed.
    assert_eq!(studio(&["perft", "tic-tac-toe", "2"], b"").0, 0);
}

/// `solve` in Pons' protocol: `<moves> <score> <nodes> <µs>` a line, every position from a cleared table. The
/// position solved before the first line (so that it is not timed with the process's start) leaves nothing behind:
/// the first line's count is the library solver's on fresh memory, and the same position again counts the same.
#[test]
fn solve_counts_its_first_line_as_a_fresh_solver_does() {
    use alphabeta_core::engine::features::SearchFeatures;
    use alphabeta_core::engine::search::alphabeta_memory::Memory;
    use alphabeta_core::engine::search::ordering::MoveOrderer;
    use alphabeta_core::games::connect_four::ConnectFour;
    use alphabeta_core::games::connect_four::solve::{Driver, Method, parse_ordering, solve};
    use alphabeta_core::games::connect_four::solver_table::SolverTable;

    let moves = "2531276566711153";
    let mut fresh = Memory {
        tt: std::sync::Arc::new(SolverTable::try_with_mib(64).expect("64 MiB")),
        orderer: MoveOrderer::new(parse_ordering("hash,hints").expect("ordering")),
        features: SearchFeatures::NONE,
    };
    let expected =
        solve(&mut ConnectFour::from_moves(moves).expect("legal"), &mut fresh, Method::exact(Driver::Bisection));
    assert!(expected.nodes > 1_000, "a real search: {expected:?}");
    let (code, out, err) = studio(&["solve"], format!("{moves} 2\n{moves}\n").as_bytes());
    assert_eq!(code, 0, "{err}");
    let lines: Vec<Vec<&str>> = out.lines().map(|line| line.split(' ').collect()).collect();
    for fields in &lines {
        assert_eq!(fields[..3], [moves, "2", &expected.nodes.to_string()], "{out}");
        assert!(fields[3].parse::<u64>().is_ok(), "microseconds: {out}");
    }
    assert_eq!(lines.len(), 2, "{out}");
}
