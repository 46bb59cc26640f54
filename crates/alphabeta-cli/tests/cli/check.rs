//! `alphabeta-studio check` as docs/cli.md specifies it: exit 0 clean, 1 with findings (each with its line of
//! moves), 2 when it cannot run; and a game file that does not load is named by its own error in every command that
//! takes a game.

use std::process::Command;

/// Runs the studio on the faulty scripts' folder: status, stdout, stderr.
fn studio(args: &[&str]) -> (i32, String, String) {
    let dir = crate::common::repository("tests/data/scripts");
    let out = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args(["--games-dir", &dir])
        .args(args)
        .env_remove("ALPHABETA_STUDIO_GAMES")
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn findings_exit_1_with_the_moves_that_show_them() {
    let (code, out, err) = studio(&["check", "key-omits-score", "--games", "20"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("key collision"), "{out}");
    assert!(out.contains("differ in their evaluation"), "{out}");
    let after = out.lines().find(|l| l.trim_start().starts_with("after:")).expect("a line");
    let and_after = out.lines().find(|l| l.trim_start().starts_with("and after:")).expect("the other line");
    assert_ne!(
        after.trim_start().trim_start_matches("after:"),
        and_after.trim_start().trim_start_matches("and after:")
    );
    assert!(out.trim_end().ends_with("\n1 finding"), "{out}");

    let (code, out, _) = studio(&["check", "duplicate-move", "--games", "3", "--json"]);
    assert_eq!(code, 1);
    let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(json["game"], "duplicate-move");
    let finding = &json["findings"][0];
    assert_eq!(finding["kind"], "duplicate_move");
    let message = finding["message"].as_str().unwrap_or_default();
    assert!(message.contains("duplicate-move.lua:12: moves returned the move 1 twice"), "{message}");
    assert_eq!(finding["line"], serde_json::json!([]), "found at the start");
}

#[test]
fn a_clean_game_exits_0_and_says_so() {
    let (code, out, err) = studio(&["check", "tic-tac-toe", "--games", "5", "--depth", "1"]);
    assert_eq!(code, 0, "{err}");
    let first = "tic-tac-toe: 5 random games to their end, every position on them walked 1 ply deep: ";
    assert!(out.starts_with(first), "{out}");
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(out.trim_end().ends_with("\nclean: no finding"), "{out}");
    let (code, out, _) = studio(&["check", "tic-tac-toe", "--games", "5", "--json", "--max-positions", "20"]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(json["findings"], serde_json::json!([]));
    assert_eq!(json["stopped"], "stopped at the cap of 20 positions");
}

/// A walk a cap cut short is not called clean: it found nothing in what it walked, and says how far it got.
#[test]
fn a_partial_walk_is_not_called_clean() {
    let (code, out, err) = studio(&["check", "tic-tac-toe", "--games", "50", "--depth", "2", "--max-positions", "300"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("tic-tac-toe: "), "{out}");
    assert!(lines[0].contains(" random games of 50 ("), "{out}");
    assert!(lines[0].contains(" to their end), every position on them walked 2 plies deep: "), "{out}");
    assert_eq!(lines[1..], ["not finished: stopped at the cap of 300 positions", "no finding in what was walked"]);
}

/// Sized to the game, the first line says how: the moves a position has and the plies a game lasts.
#[test]
fn a_sized_check_says_what_it_measured() {
    let (code, out, err) = studio(&["check", "undo-forgets-hand"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.starts_with("undo-forgets-hand: "), "{out}");
    assert!(out.contains(" to their end), every position on them walked "), "{out}");
    assert!(out.contains(" deep (sized to the game: 3.5 moves a position, 4 plies a game): "), "{out}");
    assert!(out.contains("undo does not restore the position ("), "{out}");
    assert!(out.contains("undo-forgets-hand.lua:19: after the move "), "{out}");
    assert!(out.contains(" and its undo, the position's key differs from before: undo must put back"), "{out}");
    assert!(out.trim_end().ends_with("\n1 finding"), "{out}");
}

/// A game file that fails to load is named by its own error in `perft`, `search`, `match` and
/// `check` (exit 2); an unknown id lists every game, the files' included.
#[test]
fn a_broken_file_is_named_by_its_own_error_in_every_command() {
    let dir = std::env::temp_dir().join(format!("abs-cli-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("bt-syntax.lua"), "function start()\n  if true return {} end\nend\n").expect("write");
    std::fs::copy(crate::common::repository("games/nim.lua"), dir.join("nim.lua")).expect("copied");
    let folder = dir.display().to_string();
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
            .args(["--games-dir", &folder])
            .args(args)
            .output()
            .expect("runs");
        (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    for args in [
        &["perft", "bt-syntax", "1"][..],
        &["search", "bt-syntax", "--depth", "1"],
        &["match", "bt-syntax", "--a", "level:1", "--b", "level:2", "--games", "1"],
        &["check", "bt-syntax"],
    ] {
        let (code, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("bt-syntax.lua:2: 'then' expected near 'return'"), "{args:?}: {err}");
    }
    let (code, err) = run(&["check", "no-such-game"]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 2);
    assert!(err.contains("unknown game 'no-such-game' (known: tic-tac-toe, connect-four, nim, "), "{err}");
    // The folder read is named, and where the shipped games are.
    let shipped = crate::common::repository("games");
    assert!(err.contains(&format!("; game files read from {folder}; the shipped games are in {shipped}: ")), "{err}");
    assert!(err.contains(&format!("or pass --games-dir {shipped} (or set ALPHABETA_STUDIO_GAMES)")), "{err}");
}

/// The time cap holds on a position of 100,000 moves (it ran 30 to 44 s past a cap of 1 s, the walk's work being
/// quadratic in a position's moves), and the walk below it is linear: all its moves walked in seconds, clean.
#[test]
fn the_time_cap_holds_on_a_position_of_100000_moves() {
    let started = std::time::Instant::now();
    let (code, out, err) = studio(&["check", "wide-position", "--max-seconds", "1"]);
    let elapsed = started.elapsed().as_secs_f64();
    assert_eq!(code, 0, "{out}{err}");
    assert!(elapsed < 10.0, "{elapsed:.1} s: {out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[1..], ["not finished: stopped at the time cap of 1 s", "no finding in what was walked"], "{out}");
    // The report's own time is the time it took (written to a tenth of a second, so up to 0.05 s above it).
    let seconds: f64 = lines[0]
        .rsplit_once(" in ")
        .and_then(|(_, s)| s.strip_suffix(" s"))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("a time: {out}"));
    assert!((1.0..=elapsed + 0.05).contains(&seconds), "{seconds} s, {elapsed:.3} s: {out}");

    let (code, out, err) = studio(&["check", "wide-position", "--games", "1", "--depth", "1"]);
    assert_eq!(code, 0, "{out}{err}");
    let first = "wide-position: 1 random game to their end, every position on them walked 1 ply deep: \
                 100,002 positions (100,001 keys) in ";
    assert!(out.starts_with(first), "{out}");
    assert!(out.trim_end().ends_with("\nclean: no finding"), "{out}");
}

/// Games asked for are a request to finish: the caps are sized to it (chess's 1,000 games walked 1 ply deep are about
/// 8,000,000 positions, past the 1,000,000 of a sized check), unless given; the JSON states the caps used.
#[test]
fn the_caps_are_sized_to_the_games_asked_for_and_stated() {
    let caps = |args: &[&str]| {
        let (code, out, err) = studio(&[&["check", "tic-tac-toe", "--json"], args].concat());
        assert_eq!(code, 0, "{err}");
        let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        (json["max_positions"].as_u64(), json["max_seconds"].as_u64())
    };
    assert_eq!(caps(&["--games", "2", "--depth", "1"]), (Some(10_000_000), Some(600)));
    assert_eq!(caps(&["--depth", "1"]), (Some(1_000_000), Some(60)));
    assert_eq!(caps(&["--games", "2", "--max-positions", "20", "--max-seconds", "9"]), (Some(20), Some(9)));
    let (code, _, err) = studio(&["check", "tic-tac-toe", "--max-positions", "10000001"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("10000001 is not in 1..=10000000"), "{err}");
}
