//! The UCI session driven over in-memory input and output.

use super::*;

/// An output both the session and the test hold.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("not poisoned").extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().expect("not poisoned")).into_owned()
    }
}

fn run_script(script: &str) -> String {
    let out = Shared::default();
    serve(script.as_bytes(), out.clone()).expect("in-memory input cannot fail");
    out.text()
}

fn lines_starting<'a>(text: &'a str, prefix: &str) -> Vec<&'a str> {
    text.lines().filter(|l| l.starts_with(prefix)).collect()
}

#[test]
fn a_script_with_garbage_is_answered_line_by_line_and_ends_with_a_legal_bestmove() {
    let script = "uci\n\
        isready\n\
        xyzzy plugh\n\
        \n\
        setoption name Hash value 8\n\
        setoption name Skill Level value 11\n\
        setoption name Move Overhead value ten\n\
        setoption name Contempt value 3\n\
        position startpos moves e2e4 e7e5\n\
        position startpos moves e2e4 e5e4\n\
        position fen not/a/position w - - 0 1\n\
        go depth banana\n\
        go depth 3\n\
        isready\n";
    let out = run_script(script);
    assert!(out.starts_with(&format!("id name {ENGINE_NAME}\n")), "{out}");
    for option in ["option name Hash type spin", "option name Skill Level type spin", "option name Move Overhead"] {
        assert!(out.contains(option), "{option}: {out}");
    }
    assert_eq!(lines_starting(&out, "uciok").len(), 1, "{out}");
    assert_eq!(lines_starting(&out, "readyok").len(), 2, "{out}");
    let complaints = lines_starting(&out, "info string");
    assert_eq!(
        complaints,
        [
            "info string unknown command 'xyzzy'",
            "info string setoption Skill Level: 11 is outside 1–10",
            "info string setoption Move Overhead: 'ten' is not a number",
            "info string setoption: no option named 'Contempt'",
            "info string position: move 2 'e5e4' is not legal there; the position is unchanged",
            "info string position: FEN 'not/a/position w - - 0 1': The board is invalid; the position is unchanged",
            "info string go: 'depth' wants a number, not 'banana'",
        ],
        "{out}"
    );
    let depths: Vec<&str> =
        lines_starting(&out, "info depth").iter().map(|l| l.split_whitespace().nth(2).unwrap_or("")).collect();
    assert_eq!(depths, ["1", "2", "3"], "{out}");
    let best = lines_starting(&out, "bestmove");
    assert_eq!(best.len(), 1, "{out}");
    let name = best[0].trim_start_matches("bestmove ");
    let after = Chess::new().with_moves("e4 e5").expect("legal");
    assert!(after.legal_moves().iter().any(|&mv| after.uci_name(mv) == name), "{name} is not legal: {out}");
    // Every info line carries the fields GUIs read, and its pv starts with a legal move.
    for line in lines_starting(&out, "info depth") {
        for field in [" seldepth ", " score cp ", " nodes ", " nps ", " time ", " pv "] {
            assert!(line.contains(field), "{field}: {line}");
        }
    }
}

#[test]
fn a_mate_in_one_is_scored_as_mate_and_played() {
    let out = run_script("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\n");
    assert!(out.contains("score mate 1 "), "{out}");
    assert!(out.trim_end().ends_with("bestmove a1a8"), "{out}");
    // Black to move, mated next move whatever it does (Kg8 is forced, then Ra8#).
    let out = run_script("position fen 7k/R7/6K1/8/8/8/8/8 b - - 0 1\ngo depth 3\n");
    assert!(out.contains("score mate -1 "), "{out}");
    assert!(out.trim_end().ends_with("bestmove h8g8"), "{out}");
}

#[test]
fn the_top_level_with_every_technique_scores_a_mate_in_two_as_mate_2() {
    // The two-rook ladder, 1.Ra7 and 2.Rb8#. Skill Level 10 searches with null moves, reductions, extensions and
    // mate-distance bounds: no iteration may call it a later mate.
    let out =
        run_script("setoption name Skill Level value 10\nposition fen 6k1/8/8/8/8/8/R7/1R4K1 w - - 0 1\ngo depth 6\n");
    let mates: Vec<&str> = out.lines().filter(|l| l.contains(" score mate ")).collect();
    assert!(!mates.is_empty(), "{out}");
    assert!(mates.iter().all(|l| l.contains(" score mate 2 ")), "{out}");
}

#[test]
fn scores_in_centipawns_and_mates_in_moves() {
    assert_eq!(score_text(37.4, 0), "cp 37");
    assert_eq!(score_text(-250.0, 10), "cp -250");
    assert_eq!(score_text(WIN - 1.0, 0), "mate 1");
    assert_eq!(score_text(WIN - 13.0, 10), "mate 2", "three plies from a root 10 plies in");
    assert_eq!(score_text(-(WIN - 12.0), 10), "mate -1", "mated two plies after the root");
}

#[test]
fn go_infinite_answers_only_after_stop_and_isready_is_answered_meanwhile() {
    let out = Shared::default();
    let mut session = Session::new(out.clone());
    session.handle("setoption name Hash value 4");
    session.handle("position startpos");
    session.handle("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    session.handle("isready");
    session.handle("go depth 2");
    let before = out.text();
    assert!(before.contains("readyok"), "{before}");
    assert!(before.contains("info string go: a search is already running"), "{before}");
    assert!(!before.contains("bestmove"), "answered before stop: {before}");
    assert_eq!(session.handle("stop"), Flow::Continue);
    let after = out.text();
    assert_eq!(lines_starting(&after, "bestmove").len(), 1, "{after}");
    assert!(lines_starting(&after, "info depth").len() >= 2, "{after}");
    assert_eq!(session.handle("quit"), Flow::Quit);
}

#[test]
fn the_clock_of_the_side_to_move_sets_the_time_and_the_level_the_depth() {
    let mut session = Session::new(Shared::default());
    session.handle("setoption name Move Overhead value 100");
    let go = |line: &str| match command::parse(line) {
        Ok(Command::Go(go)) => go,
        other => panic!("{other:?}"),
    };
    let limits = session.limits(&go("go wtime 60000 btime 10000 winc 1000 binc 0"));
    assert_eq!(limits.time_ms, Some((60_000 - 100) / 25 + 750), "White to move: White's clock");
    assert_eq!(limits.depth, Some(40), "level 10's depth limit");
    assert_eq!(limits.nodes, None, "level 10 is held by the GUI's limits alone");
    session.handle("position startpos moves e2e4");
    let limits = session.limits(&go("go wtime 60000 btime 10000 winc 1000 binc 0 movestogo 9"));
    assert_eq!(limits.time_ms, Some((10_000 - 100) / 9), "Black to move: Black's clock");
    assert_eq!(session.limits(&go("go movetime 500")).time_ms, Some(400));
    assert_eq!(session.limits(&go("go movetime 500 depth 3")).depth, Some(3));
    assert_eq!(session.limits(&go("go nodes 5000")), Limits { depth: Some(40), time_ms: None, nodes: Some(5000) });
    assert_eq!(session.limits(&go("go infinite")), Limits::NONE);
    session.handle("setoption name Skill Level value 1");
    assert_eq!(session.limits(&go("go movetime 500 depth 3")).depth, Some(1), "level 1 looks one ply ahead");
    assert_eq!(session.limits(&go("go movetime 500")).nodes, Some(1_000), "level 1's node budget, as in Play");
    assert_eq!(session.limits(&go("go nodes 500")).nodes, Some(500), "fewer nodes asked: fewer searched");
    assert_eq!(session.limits(&go("go infinite")).nodes, None, "an infinite search waits for stop");
}

/// A GUI sends the next `go` as soon as it reads `bestmove`, maybe before the search thread has ended: that `go`
/// must be searched, not refused (a match once waited forever on the refusal).
#[test]
fn the_next_go_right_after_bestmove_is_searched() {
    let out = Shared::default();
    let mut session = Session::new(out.clone());
    session.handle("setoption name Hash value 1");
    for round in 1..=30 {
        session.handle("position startpos moves e2e4");
        session.handle("go depth 1");
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        while lines_starting(&out.text(), "bestmove").len() < round {
            assert!(std::time::Instant::now() < deadline, "no bestmove in round {round}: {}", out.text());
            std::thread::yield_now();
        }
    }
    assert!(!out.text().contains("info string"), "{}", out.text());
}
