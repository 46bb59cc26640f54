//! `alphabeta-studio uci` and `alphabeta-studio match` through the real binary: the protocol over pipes, matches
//! that finish with the right counts, records written, and players that crash, err or stall counted — never a hang.

use alphabeta_core::games::chess::Chess;

use crate::common;
use common::{script, studio, temp_dir};
use std::path::Path;

const STUDIO: &str = env!("CARGO_BIN_EXE_alphabeta");

fn json_field(json: &serde_json::Value, path: &[&str]) -> u64 {
    let mut value = json;
    for key in path {
        value = &value[key];
    }
    value.as_u64().unwrap_or_else(|| panic!("{path:?} in {json}"))
}

#[test]
fn uci_over_pipes_answers_the_protocol_and_survives_garbage() {
    // A `go` with a word it cannot read is still searched (its `depth nine` ignored, with an `info string`); a bad
    // FEN before a good position leaves the good one to search.
    let script = "uci\nisready\nfoo bar\nposition fen x\nposition startpos moves e2e4 c7c5 g1f3\n\
                  go depth nine depth 2\nisready\nquit\n";
    let (code, out, err) = studio(&["uci"], script);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\nuciok\n") && out.matches("readyok").count() == 2, "{out}");
    assert_eq!(out.lines().filter(|l| l.starts_with("info string")).count(), 3, "{out}");
    let best = out
        .lines()
        .find_map(|l| l.split_whitespace().nth(1).filter(|_| l.starts_with("bestmove ")))
        .expect("a bestmove");
    let position = Chess::new().with_moves("e4 c5 Nf3").expect("legal");
    assert!(position.legal_moves().into_iter().any(|mv| position.uci_name(mv) == best), "{best} is not legal: {out}");
}

#[test]
fn perfect_tic_tac_toe_draws_every_game_and_every_game_is_recorded() {
    let temp = temp_dir("ttt");
    let dir = temp.path();
    let pgn = dir.join("games.pgn");
    let pgn_arg = pgn.display().to_string();
    let args =
        ["match", "tic-tac-toe", "--a", "level:10", "--b", "level:10", "--games", "6", "--pgn", &pgn_arg, "--json"];
    let (code, out, err) = studio(&args, "");
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert_eq!(
        (json_field(&json, &["wins"]), json_field(&json, &["draws"]), json_field(&json, &["losses"])),
        (0, 6, 0),
        "{json}"
    );
    assert_eq!(json["score"], 0.5);
    assert_eq!(json["los"], serde_json::Value::Null, "no decisive game");
    assert!(err.contains("6/6 games: A +0 =6 -0"), "progress on stderr: {err}");
    let records = std::fs::read_to_string(&pgn).expect("records written");
    assert_eq!(records.matches("[Result \"1/2-1/2\"]").count(), 6, "{records}");
    assert_eq!(records.matches("[Variant \"tic-tac-toe\"]").count(), 6);
    assert_eq!(records.matches("[White \"level:10\"]").count(), 6);
    for round in 1..=6 {
        assert!(records.contains(&format!("[Round \"{round}\"]")), "game {round} is recorded: {records}");
    }
    // The records file is made before the first game: a path that cannot be written is refused at once.
    let nowhere = dir.join("no such folder").join("games.pgn").display().to_string();
    let (code, out, err) = studio(&["match", "tic-tac-toe", "--a", "level:1", "--b", "level:1", "--pgn", &nowhere], "");
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("no such folder") && !err.contains("games:"), "one line, before any game: {err}");
}

/// Each player gets a fresh engine (and table) for every game, so a game does not depend on which games its thread
/// played before: a node-limited match plays the same games one at a time and two at a time.
#[test]
fn a_node_limited_match_plays_the_same_games_at_any_concurrency() {
    let temp = temp_dir("concurrency");
    let dir = temp.path();
    let games_at = |concurrency: &str| {
        let pgn = dir.join(format!("games-{concurrency}.txt"));
        let pgn_arg = pgn.display().to_string();
        let args = [
            "match",
            "connect-four",
            "--a",
            "level:6",
            "--b",
            "level:5",
            "--games",
            "8",
            "--openings",
            "random:3",
            "--seed",
            "3",
            "--concurrency",
            concurrency,
            "--pgn",
            &pgn_arg,
        ];
        let (code, _, err) = studio(&args, "");
        assert_eq!(code, 0, "{err}");
        let records = std::fs::read_to_string(&pgn).expect("records written");
        // Records are written as games end, in whatever order they end: keyed by their round.
        let mut games: Vec<String> =
            records.split("[Event ").filter(|g| !g.trim().is_empty()).map(str::to_string).collect();
        games.sort_by_key(|game| game.split("[Round \"").nth(1).and_then(|r| r.split('"').next()?.parse::<u32>().ok()));
        assert_eq!(games.len(), 8, "{records}");
        games
    };
    assert_eq!(games_at("1"), games_at("2"));
}

/// Two players held by depth play the same game again from the same opening, so a repeated opening would count one
/// result twice: random openings reach a new position for every pair of games while the game has one.
#[test]
fn random_openings_differ_for_every_pair_while_the_game_has_new_ones() {
    let temp = temp_dir("distinct-openings");
    let dir = temp.path();
    let openings_of = |plies: &str, games: &str| {
        let pgn = dir.join(format!("games-{plies}.txt"));
        let pgn_arg = pgn.display().to_string();
        let args = ["match", "tic-tac-toe", "--a", "depth=1", "--b", "depth=1", "--games", games];
        let (code, _, err) =
            studio(&[&args[..], &["--openings", plies, "--seed", "1", "--pgn", &pgn_arg]].concat(), "");
        assert_eq!(code, 0, "{err}");
        let records = std::fs::read_to_string(&pgn).expect("records written");
        let mut openings = std::collections::BTreeMap::new();
        for record in records.split("[Event ").filter(|g| !g.trim().is_empty()) {
            let round: usize =
                record.split("[Round \"").nth(1).and_then(|r| r.split('"').next()?.parse().ok()).expect("a round");
            let moves =
                record.lines().filter(|l| !l.starts_with('[') && !l.starts_with('"')).collect::<Vec<_>>().join(" ");
            let names: Vec<&str> = moves.split_whitespace().filter(|w| !w.ends_with('.')).collect();
            let plies: usize = plies.trim_start_matches("random:").parse().expect("plies");
            let opening = names[..plies].join(" ");
            // Both games of a pair (rounds 1 and 2, 3 and 4 …) start from its opening.
            let pair = (round - 1) / 2;
            assert_eq!(openings.insert(pair, opening.clone()).unwrap_or(opening.clone()), opening);
        }
        openings.into_values().collect::<Vec<_>>()
    };
    // 72 two-ply openings, 60 pairs: every pair its own.
    let two = openings_of("random:2", "120");
    assert_eq!(two.len(), 60);
    assert_eq!(two.iter().collect::<std::collections::HashSet<_>>().len(), 60, "{two:?}");
    // 9 one-ply openings, 12 pairs: each of the 9 first, then repeats.
    let one = openings_of("random:1", "24");
    assert_eq!(one.iter().collect::<std::collections::HashSet<_>>().len(), 9, "{one:?}");
    assert_eq!(one[..9].iter().collect::<std::collections::HashSet<_>>().len(), 9, "{one:?}");
}

#[test]
fn the_perfect_player_never_loses_to_level_1_from_random_openings() {
    let args = ["match", "tic-tac-toe", "--a", "level:1", "--b", "level:10", "--games", "10", "--openings", "random:1"];
    let (code, out, err) = studio(&args, "");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("tic-tac-toe: A = level:1 vs B = level:10, 10 of 10 games\n"), "{out}");
    let line = out.lines().nth(1).expect("counts");
    let counts: Vec<u64> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .take(3)
        .map(|w| w.parse().unwrap_or(99))
        .collect();
    assert_eq!(counts.len(), 3, "{line}");
    assert_eq!(counts[0], 0, "level 1 never beats perfect play: {out}");
    assert_eq!(counts[0] + counts[1] + counts[2], 10, "{out}");
    assert!(out.contains("Elo difference: ") && out.contains("Likelihood of superiority"), "{out}");
}

#[test]
fn a_chess_match_against_the_studio_as_a_uci_engine_finishes_cleanly() {
    let temp = temp_dir("uci");
    let dir = temp.path();
    let engine = script(dir, "studio-uci", &format!("exec '{STUDIO}' uci"));
    let a = format!("uci:{engine},Skill Level=1");
    let pgn = dir.join("chess.pgn");
    let pgn_arg = pgn.display().to_string();
    let args =
        ["match", "chess", "--a", &a, "--b", "level:1", "--games", "2", "--depth", "1", "--pgn", &pgn_arg, "--json"];
    let (code, out, err) = studio(&args, "");
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert_eq!(json_field(&json, &["games"]), 2, "{json}");
    for side in ["a", "b"] {
        for kind in ["illegal", "crash", "time"] {
            assert_eq!(json_field(&json, &["failures", side, kind]), 0, "{side} {kind}: {json}");
        }
    }
    let records = std::fs::read_to_string(&pgn).expect("records");
    assert_eq!(records.matches("[Event ").count(), 2);
    assert!(records.contains("1. ") && !records.contains("[Variant"), "{records}");
}

#[test]
fn engines_that_crash_err_or_stall_lose_and_are_counted() {
    let temp = temp_dir("bad");
    let dir = temp.path();
    let handshake = "while read line; do case \"$line\" in uci) echo uciok;; isready) echo readyok;;";
    let crasher = script(dir, "crasher", &format!("{handshake} go*) exit 1;; esac; done"));
    let cheater = script(dir, "cheater", &format!("{handshake} go*) echo bestmove a1a8;; esac; done"));
    let staller = script(dir, "staller", &format!("{handshake} go*) sleep 5;; esac; done"));
    for (engine, kind) in [(crasher, "crash"), (cheater, "illegal"), (staller, "time")] {
        let a = format!("uci:{engine}");
        let args = ["match", "chess", "--a", &a, "--b", "level:1", "--games", "2", "--time-ms", "50", "--json"];
        let (code, out, err) = studio(&args, "");
        assert_eq!(code, 0, "{kind}: {err}");
        let json: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
        assert_eq!(json_field(&json, &["losses"]), 2, "{kind}: {json}");
        assert_eq!(json_field(&json, &["failures", "a", kind]), 2, "{kind}: {json}");
    }
    let (code, _, err) = studio(&["match", "chess", "--a", "uci:/no/such/engine", "--b", "level:1"], "");
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("/no/such/engine"), "{err}");
}

#[test]
fn bad_match_arguments_are_one_line_and_status_2() {
    for args in [
        vec!["match", "no-such-game", "--a", "level:1", "--b", "level:2"],
        vec!["match", "tic-tac-toe", "--a", "level:0", "--b", "level:2"],
        vec!["match", "tic-tac-toe", "--a", "level:1", "--b", "uci:/bin/true"],
        vec!["match", "tic-tac-toe", "--a", "level:1", "--b", "level:2", "--openings", "random:x"],
        vec!["match", "tic-tac-toe", "--a", "level:1", "--b", "level:2", "--sprt", "5"],
        vec!["match", "tic-tac-toe", "--a", "level:1", "--b", "level:2", "--tc", "fast"],
        vec!["match", "tic-tac-toe", "--a", "level:1", "--b", "level:2", "--games", "0"],
    ] {
        let (code, out, err) = studio(&args, "");
        assert_eq!(code, 2, "{args:?}: {out}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}

/// A UCI engine in shell that answers the handshake; `on_go` runs when asked to move, `on_ready` after each
/// `readyok` but the first.
fn shell_engine(dir: &Path, name: &str, on_go: &str, on_ready: &str) -> String {
    script(
        dir,
        name,
        &format!(
            "first=1\nwhile read line; do case \"$line\" in\n uci) echo uciok;;\n isready) echo readyok; \
             if [ -z \"$first\" ]; then {on_ready}\n fi; first=;;\n go*) {on_go};;\n quit) exit 0;;\n esac; done"
        ),
    )
}

/// An endless line after the handshake, or a flood of `info` while the other side thinks, made `match`
/// buffer without bound; now each is a crash, counted, its reason on stderr and in the summary.
#[test]
fn match_counts_an_engine_that_floods_or_prints_an_endless_line_as_a_crash() {
    let temp = temp_dir("flood");
    let dir = temp.path();
    let endless = shell_engine(dir, "endless.sh", "head -c 50000000 /dev/zero | tr '\\0' x; sleep 100", ":");
    let flood = shell_engine(dir, "flood.sh", "sleep 100", "yes 'info string flood' &");
    for (engine, reason) in [(endless, "it printed a line longer than"), (flood, "it flooded its output")] {
        // A searches a full second as White, B (the engine) floods meanwhile.
        let a = "algo=pvs,time=1000,depth=none,nodes=none";
        let b = format!("uci:{engine}");
        let (code, out, err) = studio(&["match", "chess", "--a", a, "--b", &b, "--games", "1"], "");
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("B failures: 0 illegal moves, 1 crashes, 0 time forfeits"), "{out}");
        assert!(out.contains(reason) && err.contains(reason), "{reason}: {out} / {err}");
    }
}

/// A wrapper script's hung child outlived the match; the engine's whole process group goes.
#[test]
fn match_kills_the_engines_whole_process_group() {
    let temp = temp_dir("group");
    let dir = temp.path();
    let pid_file = dir.join("child.pid");
    let engine = script(
        dir,
        "wrapper.sh",
        &format!(
            "sleep 1000 </dev/null >/dev/null 2>&1 &\necho $! > '{}'\nwhile read line; do case \"$line\" in\n \
             uci) echo uciok;;\n isready) echo readyok;;\n esac; done",
            pid_file.display()
        ),
    );
    let b = format!("uci:{engine}");
    let (code, out, err) =
        studio(&["match", "chess", "--a", "level:1", "--b", &b, "--games", "1", "--time-ms", "50"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("B failures: 0 illegal moves, 0 crashes, 1 time forfeits"), "{out}");
    let pid = std::fs::read_to_string(&pid_file).expect("the wrapper started its child");
    let alive = |pid: &str| {
        std::fs::read_to_string(format!("/proc/{}/stat", pid.trim()))
            .is_ok_and(|stat| stat.split_whitespace().nth(2).is_none_or(|state| state != "Z"))
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while alive(&pid) && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(!alive(&pid), "the wrapper's child {pid} still runs");
}

/// `--pgn` to a FIFO blocked for ever; it is refused in one line before any game.
#[test]
fn match_refuses_a_records_path_that_is_not_a_regular_file() {
    let temp = temp_dir("pgn-fifo");
    let dir = temp.path();
    let fifo = dir.join("games.pgn");
    if !std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success()) {
        return;
    }
    let path = fifo.display().to_string();
    let (code, out, err) = studio(&["match", "tic-tac-toe", "--a", "level:1", "--b", "level:1", "--pgn", &path], "");
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("not a regular file"), "{err}");
}

#[test]
fn an_engine_that_fails_its_handshake_is_named_in_words() {
    let (code, _, err) = studio(&["match", "chess", "--a", "level:1", "--b", "uci:/bin/true"], "");
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.trim_end(), "error: uci:/bin/true: it stopped: the engine exited", "{err}");
}
