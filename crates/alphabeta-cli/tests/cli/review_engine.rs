//! `review chess --engine PATH`: a chess game judged by an outside UCI engine — here the studio's own `uci`, run
//! through a wrapper script as a user's Stockfish would be — and engines that misbehave, each refused in one line
//! naming the engine and what it did, with status 2.

use crate::common::{repository, script, studio, temp_dir};
use std::path::Path;

const STUDIO: &str = env!("CARGO_BIN_EXE_alphabeta");

/// An engine in shell that answers the handshake and runs `on_go` when asked to search.
fn shell_engine(dir: &Path, name: &str, on_go: &str) -> String {
    script(
        dir,
        name,
        &format!(
            "while read line; do case \"$line\" in\n uci) echo 'id name Shell'; echo uciok;;\n \
             isready) echo readyok;;\n go*) {on_go};;\n quit) exit 0;;\n esac; done"
        ),
    )
}

/// The studio's own UCI engine behind a wrapper script.
fn own_engine(dir: &Path) -> String {
    script(dir, "studio-uci", &format!("exec '{STUDIO}' uci"))
}

fn chess_40() -> String {
    repository("tests/data/review/chess-40.txt")
}

#[test]
fn an_outside_engine_judges_every_move_and_the_review_names_it() {
    let temp = temp_dir("own");
    let engine = own_engine(temp.path());
    let export = temp.path().join("reviewed.pgn");
    let export_arg = export.display().to_string();
    let record = chess_40();
    let args = [
        "review",
        "chess",
        "--record",
        &record,
        "--engine",
        &engine,
        "--engine-nodes",
        "3000",
        "--json",
        "--export",
        &export_arg,
    ];
    let (code, out, err) = studio(&args, "");
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    let judge = json["judged_by"].as_str().expect("judged_by");
    assert!(judge.starts_with("Alpha-Beta Studio ") && judge.ends_with(", 3,000 nodes a position"), "{judge}");
    let moves = json["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 80);
    let classes = ["best", "good", "inaccuracy", "mistake", "blunder", "forced"];
    let mut played_best = 0;
    for m in moves {
        assert!(classes.contains(&m["class"].as_str().expect("a class")), "{m}");
        assert_eq!(m["proven"], false, "{m}");
        // A played move that is the engine's best is best and loses nothing.
        if m["move"] == m["best"] {
            played_best += 1;
            assert!(m["class"] == "best" || m["class"] == "forced", "{m}");
            assert_eq!((m["loss"].as_f64(), m["value_before"].as_f64()), (Some(0.0), m["value_after"].as_f64()));
        }
        assert!(m["pv"][0] == m["best"], "the line starts with the best move: {m}");
    }
    assert!(played_best > 20, "{played_best} of 80");
    let pgn = std::fs::read_to_string(&export).expect("the export");
    assert!(pgn.contains(&format!("[Annotator \"{judge}\"]")), "{pgn}");

    // The same record, engine and nodes give the same review; the text names the judge in its heading.
    let (code, again, err) = studio(&args, "");
    assert_eq!((code, again.as_str()), (0, out.as_str()), "{err}");
    let (code, text, err) = studio(&args[..8], "");
    assert_eq!(code, 0, "{err}");
    let heading = text.lines().next().unwrap_or_default();
    assert!(heading.ends_with(&format!("; judged by {judge}")), "{heading}");
}

/// Each engine gets a short record (1. e4 e5, judged from the last move), a small budget (so a deadline is two
/// seconds), and is refused in one line: the engine's path, what it did, the move being judged.
#[test]
fn engines_that_misbehave_are_refused_in_one_line_naming_them() {
    let temp = temp_dir("hostile");
    let dir = temp.path();
    let record = dir.join("game.pgn");
    std::fs::write(&record, "1. e4 e5 *\n").expect("record");
    let record = record.display().to_string();
    let never_uciok = script(dir, "garbage.sh", "while read line; do echo 'garbage \u{7}%s \\\\'; done");
    let no_bestmove = shell_engine(dir, "silent.sh", "echo 'info depth 1 score cp 3 pv e7e5'");
    let illegal = shell_engine(dir, "illegal.sh", "echo 'info depth 1 score cp 3 pv a1a8'; echo 'bestmove a1a8'");
    let no_score = shell_engine(dir, "scoreless.sh", "echo 'info depth 1 nodes 5'; echo 'bestmove e7e5'");
    // Its input closed before it exits: the next line written to it meets a broken pipe, which must be an error
    // (not the signal that ends a process writing to a closed pipe).
    let exits = script(dir, "exits.sh", "read line; echo uciok; exec 0<&-; sleep 0.3; exit 0");
    let endless = shell_engine(dir, "endless.sh", "head -c 200000 /dev/zero | tr '\\0' x; sleep 100");
    let missing = dir.join("no-such-engine").display().to_string();
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    for (engine, message) in [
        (&never_uciok, format!("engine {never_uciok}: it did not answer `uci` within 10 s")),
        (&no_bestmove, format!("engine {no_bestmove}: no `bestmove` within 2 s of `go nodes 1000` (judging move 2)")),
        (&illegal, format!("engine {illegal}: its `bestmove a1a8` is not a legal move in {fen} (judging move 2)")),
        (
            &no_score,
            format!(
                "engine {no_score}: it gave `bestmove e7e5` after `go nodes 1000` without a score (judging move 2)"
            ),
        ),
        (&exits, format!("engine {exits}: it did not answer `isready`: it stopped: the engine exited")),
        (
            &endless,
            format!(
                "engine {endless}: during `go nodes 1000`: it stopped: it printed a line longer than 65536 bytes \
                 (judging move 2)"
            ),
        ),
        (&missing, format!("engine {missing}: it does not start: No such file or directory (os error 2)")),
    ] {
        let started = std::time::Instant::now();
        let args = ["review", "chess", "--record", &record, "--engine", engine, "--engine-nodes", "1000"];
        let (code, out, err) = studio(&args, "");
        assert_eq!((code, out.as_str()), (2, ""), "{engine}: {err}");
        assert_eq!(err, format!("error: {message}\n"), "{engine}");
        assert!(started.elapsed().as_secs() < 20, "{engine}: {:?}", started.elapsed());
    }
}

#[test]
fn an_engine_is_refused_for_another_game_or_beside_another_budget() {
    let temp = temp_dir("refused");
    let engine = own_engine(temp.path());
    let record = temp.path().join("game.txt");
    std::fs::write(&record, "4 4 3\n").expect("record");
    let record = record.display().to_string();
    let chess = temp.path().join("chess.pgn");
    std::fs::write(&chess, "1. e4 e5 *\n").expect("record");
    let chess = chess.display().to_string();
    for (args, message) in [
        (
            vec!["review", "connect-four", "--record", &record, "--engine", &engine],
            "error: --engine: a UCI engine judges chess only, not connect-four",
        ),
        (
            vec!["review", "chess", "--record", &chess, "--engine", &engine, "--nodes", "100"],
            "error: --engine searches by its own budget, --engine-nodes: leave out --nodes, --depth, --time-ms and \
             --level",
        ),
        (
            vec!["review", "chess", "--record", &chess, "--engine", &engine, "--level", "3"],
            "error: --engine searches by its own budget, --engine-nodes: leave out --nodes, --depth, --time-ms and \
             --level",
        ),
        (
            vec!["review", "chess", "--record", &chess, "--engine-nodes", "100"],
            "error: --engine-nodes and --engine-option go with --engine PATH",
        ),
        (
            vec!["review", "chess", "--record", &chess, "--engine", &engine, "--engine-option", "Hash"],
            "error: --engine-option 'Hash': not NAME=VALUE",
        ),
    ] {
        let (code, out, err) = studio(&args, "");
        assert_eq!((code, out.as_str(), err.trim_end()), (2, "", message), "{args:?}");
    }
}
