//! `alphabeta-studio review` as docs/cli.md specifies it: one line per move with its mark, class, values, best
//! move and loss, each side's accuracy; `--json`'s object; hostile input refused in one line with status 2.

use crate::common::studio;

/// A record file holding `text`, removed when the returned path is dropped.
fn record(name: &str, text: &[u8]) -> tempfile::TempPath {
    let file = tempfile::Builder::new().prefix(&format!("alphabeta-review-{name}-")).tempfile().expect("a file");
    std::fs::write(file.path(), text).expect("written");
    file.into_temp_path()
}

/// O's edge reply a2 to X's centre loses by force (X forks with c3 or similar): a blunder, the rest best.
#[test]
fn the_text_names_each_move_s_class_and_each_side_s_accuracy() {
    let path = record("text", b"1. b2 a2 2. c3 a1\n");
    let (code, out, err) = studio(&["review", "tic-tac-toe", "--record", path.to_str().expect("utf-8")], b"");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1 + 4 + 2, "{out}");
    assert!(lines[2].starts_with("1…a2??") && lines[2].contains("blunder"), "{out}");
    for line in [lines[1], lines[3], lines[4]] {
        assert!(line.contains(" best "), "{line}");
    }
    assert!(lines[5].starts_with("X: accuracy 100.0; 2 best"), "{out}");
    assert!(lines[6].starts_with("O: accuracy ") && lines[6].contains("1 blunder"), "{out}");
}

#[test]
fn json_is_one_object_with_accuracy_by_side_and_a_move_per_decision() {
    let path = record("json", b"b2\na2\nc3\na1\n");
    let (code, out, err) =
        studio(&["review", "tic-tac-toe", "--record", path.to_str().expect("utf-8"), "--json", "--depth", "9"], b"");
    assert_eq!(code, 0, "{err}");
    let object: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(object["game"], "tic-tac-toe");
    assert_eq!(object["accuracy"]["X"], 100.0);
    assert!(object["accuracy"]["O"].as_f64().expect("a number") < 60.0, "{out}");
    let moves = object["moves"].as_array().expect("moves");
    let classes: Vec<&str> = moves.iter().map(|m| m["class"].as_str().expect("class")).collect();
    assert_eq!(classes, ["best", "blunder", "best", "best"]);
    let blunder = &moves[1];
    assert_eq!(
        (blunder["ply"].as_u64(), blunder["move"].as_str(), blunder["side"].as_str()),
        (Some(1), Some("a2"), Some("O"))
    );
    assert_eq!(blunder["loss"], 1.0, "a draw thrown to a loss: winning chances 0 -> -1");
    assert_eq!(object["values_from"], "first-player");
    assert!(blunder["value_after"].as_f64().expect("a number") > 0.0, "O's blunder puts X, the first player, ahead");
    assert!(blunder["best"].is_string() && blunder["pv"].as_array().is_some_and(|pv| !pv.is_empty()), "{blunder}");
}

/// `--export` writes the reviewed chess game as PGN with the imported record's tags: the Seven Tag Roster first,
/// the start's SetUp and FEN, then the record's other tags in its order, escapes kept — each written once.
#[test]
fn export_keeps_the_record_s_tags_in_the_header() {
    let pgn = b"[Black \"Bo\"]\n[Event \"Club \\\"Open\\\"\"]\n[Site \"Lyon\"]\n[Date \"2026.03.14\"]\n\
        [Round \"4\"]\n[White \"Ada\"]\n[Result \"0-1\"]\n[ECO \"C20\"]\n[Board \"7\"]\n[Annotator \"Cy\"]\n\n\
        1. e4 e5 2. Qh5 Nc6 0-1\n";
    let path = record("export", pgn);
    let dir = tempfile::tempdir().expect("a folder");
    let out_path = dir.path().join("reviewed.pgn");
    let args = [
        "review",
        "chess",
        "--record",
        path.to_str().expect("utf-8"),
        "--nodes",
        "2000",
        "--export",
        out_path.to_str().expect("utf-8"),
    ];
    let (code, _, err) = studio(&args, b"");
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&out_path).expect("the export is written");
    let header: Vec<&str> = text.lines().take_while(|line| !line.is_empty()).collect();
    assert_eq!(
        header,
        [
            r#"[Event "Club \"Open\""]"#,
            r#"[Site "Lyon"]"#,
            r#"[Date "2026.03.14"]"#,
            r#"[Round "4"]"#,
            r#"[White "Ada"]"#,
            r#"[Black "Bo"]"#,
            r#"[Result "0-1"]"#,
            r#"[ECO "C20"]"#,
            r#"[Board "7"]"#,
            r#"[Annotator "Cy"]"#,
        ],
        "{text}"
    );
    assert!(text.contains("[%eval ") && text.trim_end().ends_with("0-1"), "{text}");
    let missing = dir.path().join("no-such-folder").join("x.pgn");
    let (code, _, err) = studio(
        &["review", "chess", "--record", path.to_str().expect("utf-8"), "--export", missing.to_str().expect("utf-8")],
        b"",
    );
    assert_eq!((code, err.trim_end().lines().count()), (2, 1), "{err}");
    assert!(err.contains("export: the folder") && err.contains("does not exist"), "{err}");
}

#[test]
fn values_are_read_from_the_side_values_names() {
    let path = record("values", b"b2\na2\nc3\na1\n");
    let path = path.to_str().expect("utf-8");
    let line = |values: &str| {
        let (code, out, err) = studio(&["review", "tic-tac-toe", "--record", path, "--values", values], b"");
        assert_eq!(code, 0, "{err}");
        out.lines().nth(2).expect("O's move").split_whitespace().collect::<Vec<_>>().join(" ")
    };
    // Every corner draws against the centre; which one the search names first is its own business.
    let corner_is_best = |line: String, verdict: &str| {
        let best = line.strip_prefix(verdict).and_then(|rest| rest.strip_suffix(" loss 1.000"));
        assert!(best.is_some_and(|cell| ["a1", "a3", "c1", "c3"].contains(&cell)), "{line}");
    };
    corner_is_best(line("first-player"), "1…a2?? blunder draw -> X wins best ");
    corner_is_best(line("side-to-move"), "1…a2?? blunder draw -> loss best ");
    let (code, _, err) = studio(&["review", "tic-tac-toe", "--record", path, "--values", "black"], b"");
    assert_eq!(code, 2);
    assert_eq!(err.trim(), "error: --values: 'black' is not a side to read values from: first-player or side-to-move");
}

#[test]
fn hostile_input_is_one_line_on_stderr_and_status_2() {
    let good = record("good", b"b2 a2\n");
    let good = good.to_str().expect("utf-8");
    let big = record("big", &vec![b'x'; 2 * 1024 * 1024]);
    let bad = record("bad", b"b2 b2\n");
    let binary = record("binary", &[0xff, 0xfe, 0x00, 0x80]);
    for (args, says) in [
        (vec!["review", "no-such-game", "--record", good], "unknown game"),
        (vec!["review", "tic-tac-toe", "--record", big.to_str().expect("utf-8")], "record"),
        (vec!["review", "tic-tac-toe", "--record", bad.to_str().expect("utf-8")], "record"),
        (vec!["review", "tic-tac-toe", "--record", binary.to_str().expect("utf-8")], "record"),
        (vec!["review", "tic-tac-toe", "--record", "/no/such/file"], "record"),
        (vec!["review", "tic-tac-toe", "--record", good, "--nodes", "5", "--depth", "2"], "cannot be used with"),
        (vec!["review", "tic-tac-toe", "--record", good, "--level", "11"], "11"),
    ] {
        let (code, out, err) = studio(&args, b"");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: one line: {err}");
        assert!(err.contains(says) && !err.contains("panicked"), "{args:?}: {err}");
    }
}

/// A `match --pgn` record writes a move name with spaces as one word (`take1fromheap1`, `die4`): it reads back
/// into `review` for every game, with one judged line per decision.
#[test]
fn every_game_s_match_record_reads_back_into_review() {
    for id in ["nim", "pig", "einstein", "kalah", "tic-tac-toe", "connect-four"] {
        let dir = tempfile::tempdir().expect("a folder");
        let pgn = dir.path().join("games.pgn");
        let pgn = pgn.to_str().expect("utf-8");
        let args = ["match", id, "--a", "level:2", "--b", "level:1", "--games", "1", "--seed", "3", "--pgn", pgn];
        let (code, _, err) = studio(&args, b"");
        assert_eq!(code, 0, "{id}: {err}");
        let (code, out, err) = studio(&["review", id, "--record", pgn, "--nodes", "300", "--json"], b"");
        assert_eq!(code, 0, "{id}: {err}");
        let object: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
        let moves = object["moves"].as_array().expect("moves");
        assert!(!moves.is_empty(), "{id}: {out}");
    }
}

/// A record that sets up its own start with a bad `[FEN]` is refused with the reason, not reviewed from the
/// standard start.
#[test]
fn an_invalid_fen_is_refused_with_its_reason() {
    for text in [
        "[SetUp \"1\"]\n[FEN \"not a fen\"]\n\n1. e4 *\n",
        "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n",
    ] {
        let path = record("fen", text.as_bytes());
        let (code, out, err) = studio(&["review", "chess", "--record", path.to_str().expect("utf-8")], b"");
        assert_eq!(code, 2, "{text}: {out}");
        assert!(out.is_empty(), "{out}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains("FEN") && err.contains("line 2"), "{err}");
    }
}
