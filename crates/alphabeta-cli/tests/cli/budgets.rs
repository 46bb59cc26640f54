//! A script, an option or a full disk can neither hang nor abort a command: each hostile example ends, in bounded
//! time, with exit status 0, 1 or 2 and one line on standard error.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A fresh folder for one test, holding `files` (name, text).
pub fn folder_with(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("abs-budgets-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    for (file, text) in files {
        std::fs::write(dir.join(file), text).expect("written");
    }
    dir
}

/// Runs the studio with `args` and no input, killing it after `limit`: (status, stdout, stderr, time taken); the
/// test fails if it had to be killed.
pub fn within(args: &[&str], limit: Duration) -> (i32, String, String, Duration) {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let (tx, rx) = std::sync::mpsc::channel();
    let id = child.id();
    let stdout = child.stdout.take();
    let stderr = child.stderr.take();
    let reader = std::thread::spawn(move || {
        let read = |pipe: Option<std::process::ChildStdout>| {
            let mut text = String::new();
            if let Some(mut pipe) = pipe {
                let _ = std::io::Read::read_to_string(&mut pipe, &mut text);
            }
            text
        };
        let out = read(stdout);
        let mut err = String::new();
        if let Some(mut pipe) = stderr {
            let _ = std::io::Read::read_to_string(&mut pipe, &mut err);
        }
        let _ = tx.send((out, err));
    });
    let status = loop {
        if let Ok(Some(status)) = child.try_wait() {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?} (pid {id}) still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let took = started.elapsed();
    let (out, err) = rx.recv().unwrap_or_default();
    let _ = reader.join();
    (status.code().unwrap_or(-1), out, err, took)
}

/// A game whose `moves` runs `body` (line 6).
fn game(body: &str) -> String {
    format!(
        "name = \"Bomb\"\nfunction start() return {{ n = 0 }} end\nfunction turn(s) return s.n % 2 + 1 end\n\
         function play(s, m) return {{ n = s.n + 1 }} end\nfunction result(s) if s.n >= 4 then return 0 end end\n\
         function moves(s) {body} end\n"
    )
}

const CLOSE_BOMB: &str =
    "local g <close> = setmetatable({}, {__close = function() while true do end end}); while true do end";

#[test]
fn a_close_handler_cannot_outlive_a_spent_budget_in_any_command() {
    let dir = folder_with("close", &[("bomb.lua", &game(CLOSE_BOMB))]);
    let dir = dir.to_str().expect("a UTF-8 path");
    let commands: [&[&str]; 4] = [
        &["perft", "bomb", "2"],
        &["search", "bomb", "--depth", "3"],
        &["match", "bomb", "--a", "level:1", "--b", "level:1", "--games", "2"],
        // `check` carries on past a fault, to its time cap.
        &["check", "bomb", "--max-seconds", "2"],
    ];
    for command in commands {
        let args: Vec<&str> = ["--games-dir", dir].iter().copied().chain(command.iter().copied()).collect();
        let (code, out, err, took) = within(&args, Duration::from_secs(20));
        assert!(matches!(code, 0..=2), "{command:?}: status {code}: {err}");
        assert!(
            err.contains("bomb.lua:6: stopped after") || out.contains("bomb.lua:6: stopped after"),
            "{command:?}: {err}"
        );
        assert!(took < Duration::from_secs(10), "{command:?}: {took:?}");
    }
    // The same handler at load time: the file is listed as broken within one call's budget.
    let dir = folder_with("close-load", &[("bomb.lua", &format!("{}{CLOSE_BOMB}\n", game("return { 1 }")))]);
    let started = Instant::now();
    let (code, out, _, _) = within(&["--games-dir", dir.to_str().expect("UTF-8"), "games"], Duration::from_secs(20));
    assert_eq!(code, 0);
    assert!(out.contains("bomb.lua:7: stopped after"), "{out}");
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
}

/// Asserts exit status 2 and one line on standard error containing `says`, no panic.
fn one_line_refusal(code: i32, err: &str, says: &str) {
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.contains(says), "{err}");
    assert!(!err.contains("panicked") && !err.contains("memory allocation of"), "{err}");
}

/// Runs the studio under an address-space limit of `kib` KiB (as `ulimit -v` sets it), killed after 60 s.
fn within_address_space(kib: u64, args: &[&str]) -> (i32, String, String, Duration) {
    let script = format!("ulimit -v {kib} && exec \"$0\" \"$@\"");
    let mut all = vec!["-c", script.as_str(), env!("CARGO_BIN_EXE_alphabeta")];
    all.extend_from_slice(args);
    let started = Instant::now();
    let out = Command::new("sh").args(&all).stdin(Stdio::null()).output().expect("sh runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
        started.elapsed(),
    )
}

#[test]
fn a_table_the_machine_cannot_give_ends_the_match_in_one_line() {
    // Under a 3 GB address space a 4 GiB table cannot be had: said when the first game asks for it.
    let (code, _, err, _) =
        within_address_space(3_000_000, &["match", "nim", "--a", "tt=4096", "--b", "level:1", "--games", "2"]);
    one_line_refusal(code, &err, "error: game 1: the transposition table of 4096 MiB: 4095 MiB cannot be allocated");
    // Tables that could never fit at once are refused before any game.
    let (code, _, err, took) = within(
        &["match", "nim", "--a", "tt=4096", "--b", "tt=4096", "--concurrency", "64", "--games", "2"],
        Duration::from_secs(30),
    );
    one_line_refusal(code, &err, "error: --concurrency 64 with tables of 4096 + 4096 MiB: 524288 MiB are wanted");
    assert!(took < Duration::from_secs(5), "{took:?}");
}

#[test]
fn a_game_scripts_fault_ends_the_match_with_its_line_not_a_players_crash() {
    let dir = folder_with("fault", &[("bomb.lua", &game("error('the rules broke')"))]);
    let dir = dir.to_str().expect("a UTF-8 path");
    let (code, out, err, _) = within(
        &["--games-dir", dir, "match", "bomb", "--a", "level:1", "--b", "level:1", "--games", "4"],
        Duration::from_secs(30),
    );
    one_line_refusal(code, &err, "bomb.lua:6: the rules broke");
    assert!(err.starts_with("error: game "), "{err}");
    assert!(!out.contains("Elo"), "{out}");
}

/// Runs the studio with standard error (and, if `stdout_full`, standard output) going to `/dev/full`: (status,
/// stdout).
fn to_a_full_disk(args: &[&str], stdout_full: bool) -> (i32, String) {
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let mut command = Command::new(env!("CARGO_BIN_EXE_alphabeta"));
    command.args(args).stdin(Stdio::null()).stderr(full());
    command.stdout(if stdout_full { Stdio::from(full()) } else { Stdio::piped() });
    let out = command.output().expect("the binary runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into())
}

#[test]
fn a_full_or_closed_standard_error_ends_every_command_with_status_2_not_a_panic() {
    let printer = game("print('moves asked') return { 1, 2 }");
    let dir = folder_with("print", &[("printer.lua", printer.as_str())]);
    let dir = dir.to_str().expect("a UTF-8 path");
    let cases: [&[&str]; 5] = [
        &["match", "tic-tac-toe", "--a", "level:1", "--b", "level:2", "--games", "2"],
        &["perft", "tic-tac-toe", "3", "--time"],
        &["perft", "no-such-game", "2"],
        &["--no-such-option"],
        &["--games-dir", dir, "perft", "printer", "2"],
    ];
    for args in cases {
        let (code, _) = to_a_full_disk(args, false);
        assert_eq!(code, 2, "{args:?}");
    }
    // Standard output full too: the result cannot be written either.
    let (code, _) = to_a_full_disk(&["perft", "tic-tac-toe", "3"], true);
    assert_eq!(code, 2);
    // Standard error into a pipe that closes after ten bytes, as `2>&1 | head -c 10` makes it.
    let script = "set -o pipefail; \"$0\" match tic-tac-toe --a level:1 --b level:2 --games 4 2>&1 | head -c 10";
    let out = Command::new("bash").args(["-c", script, env!("CARGO_BIN_EXE_alphabeta")]).output().expect("bash runs");
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn options_out_of_their_range_are_refused_with_the_range() {
    let cases: [(&[&str], &str); 12] = [
        (&["match", "nim", "--a", "level:1", "--b", "level:1", "--concurrency", "0"], "0 is not in 1..=64"),
        (&["match", "nim", "--a", "level:1", "--b", "level:1", "--concurrency", "65"], "65 is not in 1..=64"),
        (
            &["match", "nim", "--a", "level:1", "--b", "level:1", "--concurrency", "18446744073709551615"],
            "18446744073709551615 is not in 1..=64",
        ),
        (
            &["match", "nim", "--a", "level:1", "--b", "level:1", "--games", "18446744073709551615"],
            "18446744073709551615 is not in 1..=1000000",
        ),
        (&["match", "nim", "--a", "aspiration=NaN", "--b", "level:1"], "aspiration=NaN must be a half-window above 0"),
        (&["match", "nim", "--a", "aspiration=-5", "--b", "level:1"], "aspiration=-5 must be a half-window above 0"),
        (&["match", "nim", "--a", "", "--b", "level:1"], "found none"),
        (&["match", "nim", "--a", ",,,", "--b", "level:1"], "found none"),
        (&["match", "nim", "--a", "tt=18446744073709551615", "--b", "level:1"], "is outside 1..=4096 (MiB)"),
        (&["solve", "--ordering", ""], "--ordering names no source"),
        (&["bench", "--runs", "0"], "0 is not in 1..=10000"),
        (&["bench", "--runs", "18446744073709551615"], "18446744073709551615 is not in 1..=10000"),
    ];
    for (args, says) in cases {
        let (code, out, err, took) = within(args, Duration::from_secs(20));
        one_line_refusal(code, &err, says);
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(took < Duration::from_secs(5), "{args:?}: {took:?}");
    }
}

#[test]
fn standard_input_past_its_cap_is_refused_in_bounded_time() {
    // 64 MiB and more of one endless line, as `solve < /dev/zero` gives.
    let started = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .arg("solve")
        .stdin(std::fs::File::open("/dev/zero").expect("/dev/zero"))
        .output()
        .expect("the binary runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("standard input is longer than the 64 MiB an input may have"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(30), "{:?}", started.elapsed());
}

#[test]
fn a_scripts_faults_are_blamed_on_its_own_lines() {
    let files = [
        ("table.lua", game("error({})")),
        ("nothing.lua", game("error()")),
        ("typeless.lua", format!("type = nil tostring = nil string.format = nil\n{}", game("return { 'a' }"))),
        ("shebang.lua", format!("#!/usr/bin/env lua\n{}", game("return { 1, 2 }"))),
        ("sides.lua", format!("sides = {{ ('x'):rep(1000), 'b' }}\n{}", game("return { 1, 2 }"))),
    ];
    let borrowed: Vec<(&str, &str)> = files.iter().map(|(n, t)| (*n, t.as_str())).collect();
    let dir = folder_with("blame", &borrowed);
    let dir = dir.to_str().expect("a UTF-8 path");
    let perft = |id: &str| within(&["--games-dir", dir, "perft", id, "2"], Duration::from_secs(20));
    let (code, _, err, _) = perft("table");
    one_line_refusal(code, &err, "table.lua:6: an error raised with a table, not a message");
    let (code, _, err, _) = perft("nothing");
    one_line_refusal(code, &err, "nothing.lua:6: an error raised with no message");
    let (code, _, err, _) = perft("typeless");
    one_line_refusal(code, &err, "typeless.lua:7: moves returned a list whose entry 1 is a string");
    let (code, out, err, _) = perft("shebang");
    assert_eq!((code, out.trim()), (0, "4"), "{err}");
    let (code, out, _, _) = within(&["--games-dir", dir, "games"], Duration::from_secs(20));
    assert_eq!(code, 0);
    assert!(out.contains("sides.lua: `sides` names must be one line of at most 64 bytes each"), "{out}");
}

#[test]
fn an_engines_whole_process_tree_ends_with_the_match_even_in_a_session_of_its_own() {
    let dir = folder_with("engine", &[]);
    let marker = format!("{}", 900_000 + std::process::id() % 90_000);
    let engine = dir.join("engine.sh");
    std::fs::write(
        &engine,
        format!(
            "#!/bin/sh\nsetsid sleep {marker} </dev/null >/dev/null 2>&1 &\nexec \"{}\" uci\n",
            env!("CARGO_BIN_EXE_alphabeta")
        ),
    )
    .expect("written");
    let _ = Command::new("chmod").arg("+x").arg(&engine).status();
    let player = format!("uci:{}", engine.display());
    let (code, _, err, _) = within(
        &["match", "chess", "--a", &player, "--b", "level:1", "--games", "1", "--nodes", "200"],
        Duration::from_secs(60),
    );
    assert_eq!(code, 0, "{err}");
    let left = Command::new("pgrep").args(["-f", &format!("sleep {marker}")]).output().expect("pgrep runs");
    assert!(left.stdout.is_empty(), "left running: {}", String::from_utf8_lossy(&left.stdout));
}

/// A match whose scripts' Lua states would hold more than the memory they share is refused before its first game (it
/// ran 50 s and 51 games, then ended on a script's "not enough memory"); at a concurrency that fits it plays.
#[test]
fn a_match_past_the_scripts_shared_memory_is_refused_up_front() {
    // 18 MiB held from the file's load on, in every state of the game.
    let heavy = format!("local hold = string.rep('x', 18 << 20)\n{}", game("return { 1, 2 }"));
    let dir = folder_with("heavy", &[("heavy.lua", heavy.as_str())]);
    let dir = dir.to_str().expect("a UTF-8 path");
    let args = ["--games-dir", dir, "match", "heavy", "--a", "level:1", "--b", "level:1"];
    let (code, out, err, took) =
        within(&[&args[..], &["--games", "64", "--concurrency", "64"]].concat(), Duration::from_secs(120));
    one_line_refusal(
        code,
        &err,
        "error: --concurrency 64: the script's Lua state holds 19 MiB at its start, and 257 states at once (4 a game \
         and the match's own) would hold 4641 MiB, more than the 1024 MiB all scripts share; play fewer games at once",
    );
    assert!(out.is_empty(), "{out}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    let (code, out, err, _) =
        within(&[&args[..], &["--games", "4", "--concurrency", "2"]].concat(), Duration::from_secs(120));
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("heavy: A = level:1 vs B = level:1, 4 of 4 games\n"), "{out}");
}
