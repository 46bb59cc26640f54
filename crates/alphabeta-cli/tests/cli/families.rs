//! Each family through the commands: `perft` counts the published tables, `solve` follows Pons' protocol, `search
//! --json` keeps its contract, and a bad game, position or move is one line and exit 2.

use crate::common::studio;

use alphabeta_core::games::chess::KIWIPETE;

/// Runs the binary with no input: its exit status, standard output and standard error.
fn run(args: &[&str]) -> (i32, String, String) {
    studio(args, "")
}

/// `perft` that must succeed: the count it printed.
fn perft(args: &[&str]) -> String {
    let mut all = vec!["perft"];
    all.extend_from_slice(args);
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{args:?}: {err}");
    out.trim().to_string()
}

#[test]
fn the_perft_command_counts_chess_and_kiwipete() {
    assert_eq!(perft(&["chess", "3"]), "8902");
    assert_eq!(perft(&["kiwipete", "2"]), "2039");
    assert_eq!(perft(&["chess", "2", "--from", KIWIPETE]), "2039");
}

#[test]
fn the_perft_command_prints_the_count_alone() {
    assert_eq!(run(&["perft", "connect-four", "4"]), (0, "2401\n".into(), String::new()));
    assert_eq!(perft(&["connect-four-8x7", "2", "--from", "4453"]), "64");
}

#[test]
fn the_perft_command_refuses_bad_arguments_with_one_line_and_status_2() {
    let cases: [&[&str]; 5] = [
        &["perft", "go", "3"],
        &["perft", "connect-four-9x9", "3"],
        &["perft", "connect-four", "3", "--from", "4448"],
        &["perft", "connect-four", "3", "--from", "12121212"],
        &["perft", "connect-four", "-1"],
    ];
    for args in cases {
        let (code, stdout, stderr) = run(args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stdout.is_empty(), "{args:?}");
    }
}

/// `solve` through the real binary, Pons' protocol: a malformed line is reported and skipped, the others solved.
#[test]
fn solve_command_follows_pons_protocol() {
    let input = "2252576253462244111563365343671351441 -1\n4x4\n7422341735647741166133573473242566 1\n";
    let (code, stdout, stderr) = studio(&["solve"], input);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<Vec<&str>> = stdout.lines().map(|l| l.split(' ').collect()).collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_eq!(&lines[0][..2], ["2252576253462244111563365343671351441", "-1"]);
    assert_eq!(&lines[1][..2], ["7422341735647741166133573473242566", "1"]);
    assert!(lines.iter().all(|l| l.len() == 4 && l[2].parse::<u64>().is_ok() && l[3].parse::<u64>().is_ok()));
    assert!(stderr.starts_with("line 2: "), "{stderr}");
}

/// `solve --summary` adds one line on stderr that compares each score with the one written after the moves.
#[test]
fn solve_summary_counts_the_scores_that_agree_with_the_file() {
    // Pons' README examples: 4455 scores 18 and 44455554221 scores −15; the third line claims a wrong score.
    let (code, stdout, stderr) = studio(&["solve", "--summary"], "4455 18\n44455554221 -15\n4455 -3\n");
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.lines().count(), 3);
    assert!(stderr.starts_with("3 positions, 2 of 3 scores as expected; mean "), "{stderr}");
    assert!(stderr.trim_end().ends_with("M nodes/s"), "{stderr}");
}

#[test]
fn the_perft_command_counts_draughts_from_the_start_and_from_a_fen() {
    assert_eq!(perft(&["draughts", "6"]), "36768");
    // The branching capture above: two paths.
    assert_eq!(perft(&["draughts", "1", "--from", "B:W14,22,23:B9"]), "2");
}

#[test]
fn the_perft_and_games_commands_know_othello() {
    assert_eq!(perft(&["othello", "5"]), "1396");
    // From f5 the tree is a quarter of the start's (the four first moves are symmetric).
    assert_eq!(perft(&["othello", "4", "--from", "f5"]), "349");
    let (code, _, stderr) = run(&["perft", "othello", "2", "--from", "f5 d6 zz"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("move 3 'zz'"), "{stderr}");
    assert_eq!(perft(&["othello-6x6", "3"]), "56");
    let (_, out, _) = run(&["games", "--dir", &crate::common::repository("games")]);
    for id in ["othello", "othello-6x6"] {
        let line = out.lines().find(|l| l.split_whitespace().next() == Some(id)).unwrap_or_else(|| panic!("{out}"));
        assert!(line.contains(&format!("{id}.ron")), "{line}");
    }
}

/// `search … --json`, which must succeed: its JSON.
fn search_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["search"];
    all.extend_from_slice(args);
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}\n{out}"))
}

#[test]
fn search_json_solves_a_tic_tac_toe_position() {
    // X on a1 and b1, O on a2 and b2, X to move: c1 completes the bottom row at once (a win at ply 5 scores
    // 9 + 1 − 5 = 5 for X).
    let json = search_json(&["tic-tac-toe", "--moves", "a1,a2,b1,b2", "--depth", "9", "--json"]);
    assert_eq!(json["game"], "tic-tac-toe");
    assert_eq!(json["best"], "c1");
    assert_eq!(json["value"].as_f64(), Some(5.0), "{json}");
    assert_eq!(json["pv"][0], "c1");
    let iterations = json["iterations"].as_array().expect("iterations");
    assert!(!iterations.is_empty());
    assert_eq!(iterations[0]["depth"], 1);
    for (key, kind) in [("depth", "n"), ("nodes", "n"), ("seconds", "n")] {
        assert!(json[key].is_number(), "{key} {kind}: {json}");
    }
    assert!(json["nodes"].as_u64().is_some_and(|n| n > 0));
    // The empty board is a draw.
    let empty = search_json(&["tic-tac-toe", "--depth", "9", "--json"]);
    assert_eq!(empty["value"].as_f64(), Some(0.0), "{empty}");
    assert_eq!(empty["exact"], true, "{empty}");
}

#[test]
fn search_json_finds_a_connect_four_win() {
    // Red has three in the bottom row (columns 3, 4, 5) with both ends open and is to move: 2 or 6 wins at once.
    let json = search_json(&["connect-four", "--from", "334457", "--depth", "8", "--json"]);
    let best = json["best"].as_str().expect("a best move");
    assert!(best == "2" || best == "6", "{json}");
    assert!(json["value"].as_f64().is_some_and(|v| v > 1.0), "a win scores above 1: {json}");
}

#[test]
fn search_refuses_a_bad_game_position_or_move_with_one_line() {
    for (args, named) in [
        (&["search", "no-such-game"][..], "no-such-game"),
        (&["search", "connect-four", "--from", "4448"][..], "4448"),
        (&["search", "tic-tac-toe", "--moves", "a1,z9"][..], "z9"),
        (&["search", "chess", "--from", "not a fen"][..], "not a fen"),
        (&["search", "tic-tac-toe", "--algo", "magic"][..], "magic"),
        (&["perft", "no-such-game", "2"][..], "no-such-game"),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(named), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
    }
}

/// The headless binary names itself in `--version` and its usage, and with no subcommand says where the window is.
#[test]
fn the_headless_binary_names_itself_and_points_to_the_window() {
    assert_eq!(run(&["--version"]), (0, format!("alphabeta {}\n", env!("CARGO_PKG_VERSION")), String::new()));
    let (code, help, _) = run(&["--help"]);
    assert_eq!(code, 0);
    assert!(help.contains("Usage: alphabeta [OPTIONS] [COMMAND]"), "{help}");
    let (code, out, err) = run(&[]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "alphabeta: a subcommand is needed (`alphabeta --help` lists them); the window is `alphabeta-studio`\n"
    );
}
