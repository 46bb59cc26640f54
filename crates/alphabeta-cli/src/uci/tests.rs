//! The UCI session driven over in-memory input and output.

use super::*;
use alphabeta_core::engine::search::tt::TranspositionTable;
use std::time::Duration;

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

/// Runs the lines as a GUI would: each `go` with a limit is waited for (the end of the input would stop it).
fn run_script(script: &str) -> String {
    let out = Shared::default();
    let mut session = Session::new(out.clone());
    for line in script.lines() {
        let answers = lines_starting(&out.text(), "bestmove").len();
        if session.handle(line) == Flow::Quit {
            break;
        }
        if line.starts_with("go") && !line.contains("infinite") && !line.contains("ponder") {
            wait_for_bestmoves(&out, answers + 1);
        }
    }
    session.finish(true);
    out.text()
}

fn wait_for_bestmoves(out: &Shared, count: usize) {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while lines_starting(&out.text(), "bestmove").len() < count {
        assert!(std::time::Instant::now() < deadline, "no bestmove {count}: {}", out.text());
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// The moves the `bestmove` lines name, in order (their `ponder` parts left off).
fn answers(text: &str) -> Vec<&str> {
    lines_starting(text, "bestmove ").iter().filter_map(|l| l.split_whitespace().nth(1)).collect()
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
        position startpos moves e2e4 e7e5\n\
        go depth banana depth 3 sideways\n\
        isready\n";
    let out = run_script(script);
    assert!(out.starts_with(&format!("id name {ENGINE_NAME}\n")), "{out}");
    for option in [
        "option name Hash type spin",
        "option name Skill Level type spin",
        "option name Move Overhead",
        "option name MultiPV",
    ] {
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
            "info string position: move 2 'e5e4' is not legal there; no position is set until a legal one comes",
            "info string position: FEN 'not/a/position w - - 0 1': the board has 3 ranks; FEN lists 8, from rank 8 down \
             to rank 1, split by '/'; no position is set until a legal one comes",
            "info string go: 'depth' wants a number, not 'banana'",
            "info string go: unknown word 'sideways' ignored",
        ],
        "{out}"
    );
    let depths: Vec<&str> =
        lines_starting(&out, "info depth").iter().map(|l| l.split_whitespace().nth(2).unwrap_or("")).collect();
    assert_eq!(depths, ["1", "2", "3"], "{out}");
    let best = answers(&out);
    assert_eq!(best.len(), 1, "{out}");
    let name = best[0];
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
    assert_eq!(answers(&out), ["a1a8"], "{out}");
    // Black to move, mated next move whatever it does (Kg8 is forced, then Ra8#).
    let out = run_script("position fen 7k/R7/6K1/8/8/8/8/8 b - - 0 1\ngo depth 3\n");
    assert!(out.contains("score mate -1 "), "{out}");
    assert_eq!(answers(&out), ["h8g8"], "{out}");
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
    let before = out.text();
    assert!(before.contains("readyok"), "{before}");
    assert!(!before.contains("bestmove"), "answered before stop: {before}");
    assert_eq!(session.handle("stop"), Flow::Continue);
    let after = out.text();
    assert_eq!(lines_starting(&after, "bestmove").len(), 1, "{after}");
    assert!(lines_starting(&after, "info depth").len() >= 2, "{after}");
    assert_eq!(session.handle("quit"), Flow::Quit);
}

/// A `go` while a search runs stops it: the running search is answered first, then the new one, so every `go` has
/// its `bestmove`.
#[test]
fn a_go_during_a_search_answers_the_running_one_then_the_new_one() {
    let out = Shared::default();
    let mut session = Session::new(out.clone());
    session.handle("setoption name Hash value 4");
    session.handle("position startpos");
    session.handle("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    session.handle("position startpos moves e2e4");
    session.handle("go depth 3");
    wait_for_bestmoves(&out, 2);
    let text = out.text();
    assert!(text.contains("info string go: a search was running; it is stopped and answered first"), "{text}");
    let answers = lines_starting(&text, "bestmove");
    assert_eq!(answers.len(), 2, "{text}");
    let first = answers[0].split_whitespace().nth(1).unwrap_or("");
    assert!(Chess::new().parse_move(first).is_ok(), "the first answer is for the start: {text}");
    let after_e4 = Chess::new().with_moves("e4").expect("legal");
    let second = answers[1].split_whitespace().nth(1).unwrap_or("");
    assert!(after_e4.parse_move(second).is_ok(), "the second answer is for 1.e4: {text}");
    session.finish(true);
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
    assert_eq!(limits.time_ms, Some((60_000 + 24 * 1_000 - 26 * 100) / 25), "White to move: White's clock");
    assert_eq!(limits.depth, Some(40), "level 10's depth limit");
    assert_eq!(limits.nodes, None, "level 10 is held by the GUI's limits alone");
    session.handle("position startpos moves e2e4");
    let limits = session.limits(&go("go wtime 60000 btime 10000 winc 1000 binc 0 movestogo 9"));
    assert_eq!(limits.time_ms, Some((10_000 - 10 * 100) / 9), "Black to move: Black's clock");
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

/// The legal move named by the last `bestmove` of `out`, in `position`.
fn answered_move_is_legal(out: &str, position: &Chess) -> bool {
    let Some(best) = answers(out).last().map(|name| name.to_string()) else {
        return false;
    };
    let mut open = position.clone();
    open.play_on_here(None);
    open.legal_moves().iter().any(|&mv| open.uci_name(mv) == best)
}

/// A repetition or 50-move draw can only be claimed, and K+N v K still has moves: `go` must not answer `0000`,
/// nor may `position` refuse the moves played on.
#[test]
fn a_claimable_draw_or_bare_material_is_played_on() {
    let repeated = "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
    for (setup, after) in [
        (repeated.to_string(), None),
        (format!("{repeated} e2e4"), Some(Chess::new().with_moves("e4").expect("legal"))),
        ("position fen 4k3/8/8/8/8/8/8/R3K3 w - - 100 80".to_string(), None),
        ("position fen 4k3/8/8/8/8/8/8/R3K3 w - - 100 80 moves a1a2 e8d8".to_string(), None),
        ("position fen 4k3/8/8/8/8/8/8/1N2K3 w - - 0 1".to_string(), None),
        ("position fen 4k3/8/8/8/8/8/8/1N2K3 w - - 0 1 moves b1c3 e8d7".to_string(), None),
    ] {
        let out = run_script(&format!("{setup}\ngo depth 3\n"));
        assert!(!out.contains("info string"), "{setup}: {out}");
        assert!(!out.contains("bestmove 0000"), "{setup}: {out}");
        let command = command::parse(&setup).expect("a position");
        let Command::Position { start, moves } = command else { panic!("{setup}") };
        let position = set_up(&start, &moves).expect("set up");
        assert!(answered_move_is_legal(&out, &position), "{setup}: {out}");
        if let Some(after) = after {
            let placement = |fen: String| fen.split(' ').take(4).collect::<Vec<_>>().join(" ");
            assert_eq!(placement(position.to_fen()), placement(after.to_fen()), "{setup}: played on");
        }
    }
    // Checkmate and stalemate still end it.
    let out = run_script("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo depth 2\n");
    assert!(out.contains("bestmove 0000"), "{out}");
}

#[test]
fn searchmoves_holds_the_root_to_the_moves_named() {
    let out = run_script("position startpos\ngo depth 4 searchmoves a2a3 h2h3\n");
    let best = answers(&out);
    assert!(best == ["a2a3"] || best == ["h2h3"], "{out}");
    for line in lines_starting(&out, "info depth") {
        assert!(line.contains(" pv a2a3") || line.contains(" pv h2h3"), "{line}");
    }
    // Names that are not legal moves are left out; none legal: every move is searched.
    let out = run_script("position startpos\ngo depth 2 searchmoves e2e5 g1f3\n");
    assert_eq!(answers(&out), ["g1f3"], "{out}");
    let out = run_script("position startpos\ngo depth 2 searchmoves xyzzy\n");
    assert!(answered_move_is_legal(&out, &Chess::new()), "{out}");
}

#[test]
fn multipv_reports_each_line_with_a_different_first_move() {
    let out = run_script("setoption name MultiPV value 3\nposition startpos\ngo depth 3\n");
    for depth in 1..=3 {
        let firsts: Vec<String> = (1..=3)
            .map(|k| {
                let prefix = format!("info depth {depth} ");
                let line = lines_starting(&out, &prefix)
                    .into_iter()
                    .find(|l| l.contains(&format!(" multipv {k} ")))
                    .unwrap_or_else(|| panic!("depth {depth} line {k}: {out}"));
                line.split(" pv ").nth(1).and_then(|pv| pv.split_whitespace().next()).unwrap_or("").to_string()
            })
            .collect();
        assert_eq!(firsts.len(), 3);
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{firsts:?}: {out}");
    }
    let line_one = lines_starting(&out, "info depth 3 ").into_iter().find(|l| l.contains(" multipv 1 "));
    let first = line_one.and_then(|l| l.split(" pv ").nth(1)).and_then(|pv| pv.split_whitespace().next());
    assert_eq!(answers(&out), [first.unwrap_or("?")]);
    // A position with fewer moves than lines reports the moves there are.
    let out = run_script("setoption name MultiPV value 5\nposition fen 7k/8/6K1/8/8/8/8/8 b - - 0 1\ngo depth 2\n");
    assert_eq!(lines_starting(&out, "info depth 1 ").len(), 1, "{out}");
}

#[test]
fn a_hash_the_machine_cannot_give_keeps_the_old_table() {
    let out = Shared::default();
    let mut session = Session::new(out.clone());
    session.handle("setoption name Hash value 2");
    let slots = session.lock_engine().memory.tt.slot_count();
    assert_eq!(session.hash_mib, 2);
    // Holding the maximum to the machine is the table's business (tested there); here the refusal's path.
    if let Err(why) = TranspositionTable::<ChessMove>::try_with_mib(HASH_MIB.2) {
        session.handle(&format!("setoption name Hash value {}", HASH_MIB.2));
        assert!(out.text().contains(&format!("info string setoption Hash: {why}")), "{}", out.text());
        assert_eq!(session.lock_engine().memory.tt.slot_count(), slots);
        assert_eq!(session.hash_mib, 2);
    }
}

/// `Threads` is offered up to the cores, more is held to them with a word, 0 is refused, and a search on
/// the threads set still answers a legal, mating move.
#[test]
fn threads_are_held_to_the_cores_and_searched_with() {
    let cores = max_threads();
    let out = run_script("uci\nsetoption name Threads value 0\n");
    assert!(out.contains(&format!("option name Threads type spin default 1 min 1 max {cores}")), "{out}");
    assert!(out.contains("info string setoption Threads: 0 is outside 1–"), "{out}");
    let out = Shared::default();
    let mut session = Session::new(out.clone());
    session.handle("setoption name Threads value 100000");
    assert!(out.text().contains(&format!("100000 is more than the {cores} cores; {cores} used")), "{}", out.text());
    assert_eq!(session.threads, cores);
    assert_eq!(session.lock_engine().config.threads, cores);
    session.handle("setoption name Threads value 2");
    assert_eq!(session.lock_engine().config.threads, 2.min(cores));
    assert_eq!(session.lock_engine().shared.is_some(), cores > 1, "the table is shared between the threads");
    let out =
        run_script("setoption name Threads value 2\nposition fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\ngo depth 3\n");
    assert_eq!(answers(&out), ["d1d8"], "{out}");
}

#[test]
fn the_end_of_the_input_stops_a_long_search_with_an_answer() {
    for go in ["go depth 1000", "go mate 1000", "go movetime 3600000", "go infinite"] {
        let out = Shared::default();
        let started = std::time::Instant::now();
        serve(format!("position startpos\n{go}\n").as_bytes(), out.clone()).expect("in memory");
        assert!(started.elapsed() < Duration::from_secs(20), "{go}");
        assert!(answered_move_is_legal(&out.text(), &Chess::new()), "{go}: {}", out.text());
    }
}

#[test]
fn an_overlong_line_is_skipped_and_the_next_one_read() {
    let mut script = "x".repeat(MAX_LINE_BYTES + 10);
    script.push_str("\nisready\n");
    let out = Shared::default();
    serve(script.as_bytes(), out.clone()).expect("in memory");
    assert_eq!(
        out.text(),
        format!("info string a line longer than {MAX_LINE_BYTES} bytes, so not read: skipped\nreadyok\n")
    );
}

/// A `position` that cannot be set leaves no position: `go` answers `bestmove 0000` and says why, never a move of
/// the position before. A halfmove clock past 100 is a real game's, and is set.
#[test]
fn a_refused_position_is_never_answered_with_a_move_of_another() {
    let refused = [
        ("position startpos moves d2d4 d7d5 e1e3", "move 3 'e1e3' is not legal there"),
        ("position fen 8/8/8/8/8/8/8/8 w - - 0 1", "there is no white king"),
        ("position fen 4k3/8/8/8/8/8/8/4K3 w K - 0 1", "king or rook is not on its starting square"),
        ("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", "Chess960 (Shredder) notation"),
        ("position fen 4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "Black is in check with White to move"),
        ("position fen 4k3/8/8/8/8/8/8/1N2K3 w - - 151 100", "the 75-move rule has ended the game"),
    ];
    for (setup, why) in refused {
        let out = run_script(&format!("position startpos moves e2e4\n{setup}\ngo movetime 100\n"));
        assert_eq!(lines_starting(&out, "bestmove"), ["bestmove 0000"], "{setup}: {out}");
        let told = lines_starting(&out, "info string go: no position to search");
        assert!(told.len() == 1 && told[0].contains(why), "{setup}: {out}");
        assert!(lines_starting(&out, "info depth").is_empty(), "{setup}: searched anyway: {out}");
    }
    // The next legal position is searched again.
    let out = run_script("position fen 8/8/8/8/8/8/8/8 w - - 0 1\nposition startpos\ngo depth 2\n");
    assert!(answered_move_is_legal(&out, &Chess::new()), "{out}");
    // Past the 50-move mark nobody claimed: set and searched, with info lines.
    let fen = "4k3/8/8/8/8/8/8/1N2K3 w - - 101 100";
    let out = run_script(&format!("position fen {fen}\ngo movetime 300\n"));
    assert!(!out.contains("info string"), "{out}");
    assert!(!lines_starting(&out, "info depth").is_empty(), "{out}");
    assert!(answered_move_is_legal(&out, &Chess::from_fen(fen).expect("read as 100")), "{out}");
}

/// At the 50-move mark every `go` is searched as usual: the moves that keep the game going (a pawn move, a
/// capture) are searched to the depth asked, the rest score the draw the opponent may claim.
#[test]
fn a_claimable_fifty_move_draw_is_searched_to_the_depth_asked() {
    let out = run_script("position fen 4k3/4p3/8/8/8/8/3P4/R3K3 w - - 100 80\ngo depth 5\n");
    let depths: Vec<&str> =
        lines_starting(&out, "info depth").iter().map(|l| l.split_whitespace().nth(2).unwrap_or("")).collect();
    assert_eq!(depths, ["1", "2", "3", "4", "5"], "{out}");
    let best = lines_starting(&out, "bestmove").first().and_then(|l| l.split_whitespace().nth(1)).unwrap_or("");
    assert!(best == "d2d3" || best == "d2d4", "a pawn move keeps the win going: {out}");
}

/// Under a time limit, the last MultiPV set a GUI reads is one depth's: distinct first moves, best first, and the
/// `bestmove` is its first line's. `time` counts from the `go`.
#[test]
fn the_last_multipv_set_is_one_consistent_depth_under_a_time_limit() {
    for movetime in [150, 400, 900] {
        let out = run_script(&format!("setoption name MultiPV value 3\nposition startpos\ngo movetime {movetime}\n"));
        let lines = lines_starting(&out, "info depth");
        assert!(lines.len() >= 3 && lines.len().is_multiple_of(3), "whole sets only: {out}");
        let last: Vec<&str> = lines[lines.len() - 3..].to_vec();
        let field = |line: &str, name: &str| -> String {
            let words: Vec<&str> = line.split_whitespace().collect();
            words.iter().position(|&w| w == name).and_then(|i| words.get(i + 1)).unwrap_or(&"").to_string()
        };
        let depths: Vec<String> = last.iter().map(|l| field(l, "depth")).collect();
        assert!(depths.iter().all(|d| *d == depths[0]), "one depth: {last:?}");
        let numbers: Vec<String> = last.iter().map(|l| field(l, "multipv")).collect();
        assert_eq!(numbers, ["1", "2", "3"], "{last:?}");
        let firsts: Vec<String> = last.iter().map(|l| field(l, "pv")).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{last:?}");
        let scores: Vec<i64> = last.iter().map(|l| field(l, "cp").parse().unwrap_or(i64::MIN)).collect();
        assert!(scores[0] >= scores[1] && scores[1] >= scores[2], "best first: {last:?}");
        let best = lines_starting(&out, "bestmove").first().and_then(|l| l.split_whitespace().nth(1)).unwrap_or("");
        assert_eq!(best, firsts[0], "{out}");
        let times: Vec<u64> = lines.iter().map(|l| field(l, "time").parse().unwrap_or(0)).collect();
        assert!(times.windows(2).all(|w| w[0] <= w[1]), "time from the go, never back: {times:?}");
    }
}

/// Pondering as UCI has it: `bestmove … ponder …`, `go ponder` searching without an answer until `ponderhit`, and
/// `ponderhit` making it a timed search that goes on (here a clock worth about a second) rather than answering at
/// once.
#[test]
fn ponderhit_turns_the_ponder_search_into_a_timed_search() {
    let out = run_script("uci\nposition startpos\ngo depth 4\n");
    assert!(out.contains("option name Ponder type check default false"), "{out}");
    let answer = lines_starting(&out, "bestmove")[0].to_string();
    let words: Vec<&str> = answer.split_whitespace().collect();
    assert!(words.len() == 4 && words[2] == "ponder", "{answer}");
    let after = Chess::new().with_moves(words[1]).expect("legal");
    assert!(after.parse_move(words[3]).is_ok(), "the ponder move is legal after the best: {answer}");

    let out = Shared::default();
    let mut session = Session::new(out.clone());
    session.handle("setoption name Ponder value true");
    session.handle(&format!("position startpos moves {} {}", words[1], words[3]));
    session.handle("go ponder wtime 30000 btime 30000");
    std::thread::sleep(Duration::from_millis(300));
    assert!(lines_starting(&out.text(), "bestmove").is_empty(), "answered while pondering: {}", out.text());
    let hit = std::time::Instant::now();
    session.handle("ponderhit");
    wait_for_bestmoves(&out, 1);
    assert!(hit.elapsed() >= Duration::from_millis(200), "stopped at the ponderhit: {:?}", hit.elapsed());
    assert!(!out.text().contains("info string"), "{}", out.text());
    // `stop` while pondering (the opponent played another move) answers at once.
    session.handle("position startpos moves e2e4 e7e5");
    session.handle("go ponder wtime 30000 btime 30000");
    std::thread::sleep(Duration::from_millis(100));
    session.handle("stop");
    assert_eq!(lines_starting(&out.text(), "bestmove").len(), 2, "{}", out.text());
    session.finish(true);
}

/// An output that cannot be written to ends the session with the error, so `uci >/dev/full` exits 2, not 0.
#[test]
fn an_unwritable_output_ends_the_session_with_its_error() {
    struct Full;
    impl Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::new(std::io::ErrorKind::StorageFull, "no space left on device"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let error = serve("uci\nisready\nposition startpos\ngo depth 3\n".as_bytes(), Full).err();
    assert_eq!(error.map(|e| e.kind()), Some(std::io::ErrorKind::StorageFull));
}
