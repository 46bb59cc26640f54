//! Game review against oracles: tic-tac-toe by a minimax written here, Nim by Bouton's xor rule, Connect
//! Four by the solver on Pons' end-game set, a chess queen left hanging and a forced king move, the engine's own
//! moves, games with a side moving twice (Kalah) and with dice (Pig, EinStein), a script's fault, cancelling, the PGN
//! export read back by python-chess, and the scale fit on a generated set.

use alphabeta_core::games::any::{AnyGame, AnyMove};
use alphabeta_core::games::connect_four::ConnectFour;
use alphabeta_core::games::registry::{AiDefaults, Registry};
use alphabeta_core::review::{
    MoveClass, Review, ReviewBudget, ReviewError, ReviewPlan, ReviewSettings, export_record, review_game,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The registered game `id`: its start and its AI's levels.
fn game(id: &str) -> (AnyGame, AiDefaults) {
    let registry = Registry::standard();
    let entry = registry.find(id).unwrap_or_else(|| panic!("{id} is registered"));
    (entry.variant.rules.new_game().expect("starts"), entry.variant.ai.clone())
}

fn plan(id: &str, start: &AnyGame, budget: ReviewBudget) -> ReviewPlan {
    let ai = Registry::standard().find(id).map(|e| e.variant.ai.clone()).unwrap_or_default();
    ReviewPlan::new(id, &ai, ReviewSettings { budget }, start)
}

fn review(id: &str, start: &AnyGame, moves: &[AnyMove], budget: ReviewBudget) -> Review {
    review_game(start, moves, &plan(id, start, budget), &mut |_, _| true).unwrap_or_else(|e| panic!("{id}: {e}"))
}

/// The class of `mv` played in `position`, reviewed alone.
fn class_of(id: &str, position: &AnyGame, mv: AnyMove, budget: ReviewBudget) -> MoveClass {
    let reviewed = review(id, position, &[mv], budget);
    assert_eq!(reviewed.moves.len(), 1);
    reviewed.moves[0].class
}

fn after(position: &AnyGame, mv: AnyMove) -> AnyGame {
    let mut next = position.clone();
    next.try_play(mv).expect("legal");
    next
}

// ---- Tic-tac-toe: minimax written here ---------------------------------------------------------------------------

const LINES: [[usize; 3]; 8] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

/// The outcome for the player to move (+1 win, 0 draw, −1 loss) of a board of 0 (empty), 1 and 2, `to_move` next.
fn minimax(board: &mut [u8; 9], to_move: u8) -> i32 {
    let other = 3 - to_move;
    if LINES.iter().any(|l| l.iter().all(|&c| board[c] == other)) {
        return -1;
    }
    let mut best = None;
    for cell in 0..9 {
        if board[cell] == 0 {
            board[cell] = to_move;
            let value = -minimax(board, other);
            board[cell] = 0;
            best = Some(best.map_or(value, |b: i32| b.max(value)));
        }
    }
    best.unwrap_or(0)
}

/// The cell a tic-tac-toe move name means: `a1` … `c3`, files a–c, ranks 1–3.
fn cell(name: &str) -> usize {
    let bytes = name.as_bytes();
    usize::from(bytes[1] - b'1') * 3 + usize::from(bytes[0] - b'a')
}

#[test]
fn tic_tac_toe_blunders_are_the_moves_minimax_says_throw_the_result_away() {
    let (start, _) = game("tic-tac-toe");
    let mut rng = ChaCha8Rng::seed_from_u64(45);
    let (mut blunders, mut kept) = (0, 0);
    for _ in 0..6 {
        // A seeded random position two to four plies in, with the board kept for the oracle.
        let (mut position, mut board, mut to_move) = (start.clone(), [0u8; 9], 1u8);
        for _ in 0..rng.random_range(2..=4) {
            let legal = position.legal_moves();
            let mv = legal[rng.random_range(0..legal.len())];
            board[cell(&position.move_name(mv))] = to_move;
            position.try_play(mv).expect("legal");
            to_move = 3 - to_move;
        }
        if position.outcome().is_some() {
            continue;
        }
        let best = minimax(&mut board.clone(), to_move);
        for mv in position.legal_moves() {
            let mut child = board;
            child[cell(&position.move_name(mv))] = to_move;
            let value = -minimax(&mut child, 3 - to_move);
            let class = class_of("tic-tac-toe", &position, mv, ReviewBudget::Level(10));
            let name = position.move_name(mv);
            if value < best {
                // A won game drawn is a mistake; a game lost from a win or a draw, a blunder.
                let thrown = if value < 0 { MoveClass::Blunder } else { MoveClass::Mistake };
                assert_eq!(class, thrown, "{name} in {board:?}: {best} -> {value}");
                blunders += 1;
            } else {
                assert_eq!(class, MoveClass::Best, "{name} in {board:?} keeps {best}");
                kept += 1;
            }
        }
    }
    assert!(blunders > 5 && kept > 5, "the sample has both kinds: {blunders} blunders, {kept} kept");
}

// ---- Nim: Bouton's xor rule ----------------------------------------------------------------------------------------

/// The heaps after the named moves (`take 2 from heap 1`), from Nim's 3, 4, 5.
fn heaps_after(names: &[String]) -> [u32; 3] {
    let mut heaps = [3, 4, 5];
    for name in names {
        let words: Vec<&str> = name.split_whitespace().collect();
        let (take, heap): (u32, usize) = (words[1].parse().expect("n"), words[4].parse().expect("h"));
        heaps[heap - 1] -= take;
    }
    heaps
}

#[test]
fn nim_moves_that_leave_a_nonzero_xor_from_a_won_position_are_blunders_and_a_lost_one_has_none() {
    let (start, _) = game("nim");
    let xor = |h: [u32; 3]| h[0] ^ h[1] ^ h[2];
    assert_ne!(xor([3, 4, 5]), 0, "the start is won for the first player");
    let mut losing_position = None;
    for mv in start.legal_moves() {
        let name = start.move_name(mv);
        let class = class_of("nim", &start, mv, ReviewBudget::Level(10));
        if xor(heaps_after(std::slice::from_ref(&name))) == 0 {
            assert_eq!(class, MoveClass::Best, "{name} keeps the win");
            losing_position = Some(after(&start, mv));
        } else {
            assert_eq!(class, MoveClass::Blunder, "{name} gives the win away");
        }
    }
    // The second player, facing xor 0, loses whatever it does: no move of its is a blunder.
    let lost = losing_position.expect("one move leaves xor 0");
    for mv in lost.legal_moves() {
        let class = class_of("nim", &lost, mv, ReviewBudget::Level(10));
        assert_ne!(class, MoveClass::Blunder, "{} in a lost position", lost.move_name(mv));
    }
}

// ---- Connect Four: the solver on Pons' end-game set -----------------------------------------------------------------

#[test]
fn connect_four_moves_that_lose_a_won_game_by_the_solver_are_blunders_or_mistakes() {
    use alphabeta_core::engine::search::alphabeta_memory::Memory;
    use alphabeta_core::games::connect_four::solve::{Driver, Method, parse_ordering, solve};
    let path = format!("{}/../../tests/data/connect4/Test_L3_R1", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the test set");
    let mut memory: Memory<u8> = Memory::new(16, parse_ordering("hash,hints").expect("ordering"));
    let (mut thrown, mut kept, mut lost_checked) = (0, 0, 0);
    for line in text.lines().step_by(37).take(12) {
        let mut parts = line.split_whitespace();
        let (moves, score): (&str, i32) =
            (parts.next().expect("moves"), parts.next().expect("score").parse().expect("n"));
        let position = AnyGame::new(ConnectFour::from_moves(moves).expect("legal"));
        for mv in position.legal_moves() {
            let child = after(&position, mv);
            let mut solved = *child.downcast_ref::<ConnectFour>().expect("Connect Four");
            let value = -solve(&mut solved, &mut memory, Method::exact(Driver::Bisection)).score;
            let class = class_of("connect-four", &position, mv, ReviewBudget::Level(10));
            let name = format!("{moves} + {}", position.move_name(mv));
            if score > 0 && value <= 0 {
                let expected = if value < 0 { MoveClass::Blunder } else { MoveClass::Mistake };
                assert_eq!(class, expected, "{name}: a won game ({score}) thrown to {value}");
                thrown += 1;
            } else if score > 0 {
                assert_ne!(class, MoveClass::Blunder, "{name} keeps the win ({value})");
                kept += 1;
            } else if score < 0 {
                assert_ne!(class, MoveClass::Blunder, "{name}: every move loses here");
                lost_checked += 1;
            }
        }
    }
    assert!(thrown > 0 && kept > 0 && lost_checked > 0, "{thrown} thrown, {kept} kept, {lost_checked} lost");
}

// ---- Connect Four: exact from the first move (the opening book, then the solver) ---------------------------------

/// The review of the Connect Four record `moves` (Pons' move string) at the default budget.
fn connect_four_review(moves: &str) -> Review {
    let (blank, _) = game("connect-four");
    let (start, moves) = alphabeta_core::review::read_game_record(&blank, moves).expect("a legal record");
    review("connect-four", &start, &moves, ReviewBudget::default())
}

/// Allis (1988): only the centre column wins; the columns beside it draw, the other four lose.
#[test]
fn connect_four_s_first_moves_are_judged_by_their_proven_outcome() {
    let mut table = Vec::new();
    for column in 1..=7 {
        let judged = connect_four_review(&column.to_string()).moves[0].clone();
        assert!(judged.proven && judged.value_before > 0.0 && judged.best == "4", "{judged:?}");
        table.push((judged.class, judged.value_after.signum() as i32 * i32::from(judged.value_after != 0.0)));
    }
    use MoveClass::{Best, Blunder, Mistake};
    assert_eq!(
        table,
        [(Blunder, -1), (Blunder, -1), (Mistake, 0), (Best, 1), (Mistake, 0), (Blunder, -1), (Blunder, -1)]
    );
}

/// Yellow has three in column 1; Red, winning, must block it: any other column loses at once.
#[test]
fn a_missed_block_is_a_blunder_and_the_block_is_best() {
    let missed = connect_four_review("4141312");
    let judged = &missed.moves[6];
    assert_eq!((judged.move_name.as_str(), judged.class, judged.best.as_str()), ("2", MoveClass::Blunder, "1"));
    assert_eq!((judged.win_before, judged.win_after, judged.loss), (1.0, 0.0, 2.0), "{judged:?}");
    assert_eq!(connect_four_review("4141311").moves[6].class, MoveClass::Best);
}

/// Red's 11. 7 (ply 20) keeps the win, more slowly than 11. 1: not marked, nothing lost.
#[test]
fn a_slower_win_is_good_not_a_mistake() {
    let reviewed = connect_four_review("466463665743446433557");
    let judged = &reviewed.moves[20];
    assert_eq!((judged.move_name.as_str(), judged.class), ("7", MoveClass::Good), "{judged:?}");
    assert!(judged.proven && judged.value_after > 0.0 && judged.value_after < judged.value_before, "{judged:?}");
    assert_eq!((judged.loss, judged.class.mark()), (0.0, ""));
}

/// After 4311133663 the solver says a draw, saved only by column 6 (every other column loses): the position is not
/// shown as lost, the losing 1 is not called best, and 6 is.
#[test]
fn the_one_saving_column_is_best_and_the_position_is_a_draw() {
    let lost = connect_four_review("43111336631");
    let judged = &lost.moves[10];
    assert_eq!((judged.class, judged.best.as_str(), judged.value_before), (MoveClass::Blunder, "6", 0.0));
    assert!(judged.proven && judged.value_after < 0.0, "{judged:?}");
    let saved = connect_four_review("43111336636");
    assert_eq!((saved.moves[10].class, saved.moves[10].value_after), (MoveClass::Best, 0.0));
}

// ---- Chess --------------------------------------------------------------------------------------------------------

fn chess_game(pgn: &str) -> (AnyGame, Vec<AnyMove>) {
    let (blank, _) = game("chess");
    blank.read_record(pgn).expect("a legal record")
}

/// In `4k2r/1p3p2/6p1/p2p4/1b1Pq3/1P3p1P/P2BbP2/R1Q1K3 b k - 3 25` Black mates by force (Stockfish: mate in 2; after
/// 25…Bb5+, mate in 3). With 25…Ba3 26.Qc2 Bb4 27.Qc1 first, 27.Qc1 would repeat the start once: a twofold
/// repetition before the search's root is not a draw: after 26…Bb4 the search no longer finds 27.Qc1 a draw (it
/// did: `+99993 -> +0`, a blunder), and 27…Bb5+ keeps the win.
#[test]
fn a_mating_line_through_a_twofold_repetition_is_not_a_blunder() {
    let fen = "[SetUp \"1\"]\n[FEN \"4k2r/1p3p2/6p1/p2p4/1b1Pq3/1P3p1P/P2BbP2/R1Q1K3 b k - 3 25\"]\n\n";
    let (start, moves) = chess_game(&format!("{fen}25... Ba3 26. Qc2 Bb4 27. Qc1 Bb5+ *"));
    let reviewed = review("chess", &start, &moves, ReviewBudget::default());
    assert!(reviewed.moves[2].value_after > 300.0, "not a draw by repetition: {:?}", reviewed.moves[2]);
    let judged = &reviewed.moves[4];
    assert!(!matches!(judged.class, MoveClass::Mistake | MoveClass::Blunder), "{judged:?}");
    assert!(judged.value_after > 300.0 && judged.loss < 0.1, "{judged:?}");
    let (start, moves) = chess_game(&format!("{fen}25... Bb5+ *"));
    let judged = &review("chess", &start, &moves, ReviewBudget::default()).moves[0];
    assert!(!matches!(judged.class, MoveClass::Mistake | MoveClass::Blunder), "{judged:?}");
}

/// 5…d6 in the Italian is worth as much as 5…O-O, the search's own best there, at the depth the search reached
/// (the two transpose): one search values both at that depth, so it is best and loses nothing though the moves
/// differ — searched apart, at depths and tables of their own, the two values drifted, and book moves got
/// marks. The same record reviewed twice gives the same review.
#[test]
fn a_move_as_good_as_the_best_at_the_search_s_depth_is_best() {
    let (start, moves) = chess_game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d3 d6 *");
    let reviewed = review("chess", &start, &moves, ReviewBudget::default());
    let judged = &reviewed.moves[9];
    assert_eq!((judged.move_name.as_str(), judged.class, judged.loss), ("d6", MoveClass::Best, 0.0), "{judged:?}");
    assert_ne!(judged.best, judged.move_name, "{judged:?}");
    assert_eq!(judged.value_before, judged.value_after, "{judged:?}");
    assert!(judged.depth >= 6 && !judged.proven, "{judged:?}");
    assert!(reviewed.moves.iter().all(|m| m.depth > 0), "every value from a search of some depth");
    assert_eq!(review("chess", &start, &moves, ReviewBudget::default()), reviewed, "the same twice");
}

/// The main lines of five openings to move 10 (`tests/data/review/openings/`), reviewed at the default setting:
/// no book move is marked, not even as an inaccuracy.
#[test]
fn main_line_openings_to_move_10_have_no_marked_move() {
    for name in ["ruy-lopez", "sicilian-najdorf", "queens-gambit-declined", "nimzo-indian", "italian"] {
        let path = format!("{}/../../tests/data/review/openings/{name}.pgn", env!("CARGO_MANIFEST_DIR"));
        let (start, moves) = chess_game(&std::fs::read_to_string(&path).expect("the record"));
        assert_eq!(moves.len(), 20, "{name}: ten moves each");
        let reviewed = review("chess", &start, &moves, ReviewBudget::default());
        let marked: Vec<String> = reviewed
            .moves
            .iter()
            .filter(|m| !m.class.mark().is_empty())
            .map(|m| format!("{} {} loss {:.3} best {}", m.move_name, m.class.name(), m.loss, m.best))
            .collect();
        assert!(marked.is_empty(), "{name}: {marked:?}");
    }
}

#[test]
fn a_queen_left_hanging_is_a_blunder_and_a_forced_king_move_is_never_marked() {
    let (start, moves) = chess_game("1. e4 e5 2. Nf3 Qg5 3. Nxg5 *");
    let reviewed = review("chess", &start, &moves, ReviewBudget::Nodes(20_000));
    let qg5 = &reviewed.moves[3];
    assert_eq!((qg5.move_name.as_str(), qg5.class), ("Qg5", MoveClass::Blunder), "{qg5:?}");
    assert!(qg5.value_before - qg5.value_after > 500.0, "a queen is lost: {qg5:?}");
    assert_eq!(reviewed.moves[4].class, MoveClass::Best, "taking the queen is the best move");
    assert_eq!(reviewed.sides[1].counts[MoveClass::Blunder.index()], 1);
    // Black's king, in check from the rook, has b8 alone: forced, though the position is lost.
    let (blank, _) = game("chess");
    let rules = Registry::standard().find("chess").expect("chess").variant.rules.clone();
    let position = rules.read_position("k7/8/1K6/8/8/8/8/R7 b - - 0 1").expect("a FEN");
    assert_eq!(position.legal_moves().len(), 1);
    let forced = position.find_move("Kb8").expect("legal");
    let judged = review("chess", &position, &[forced], ReviewBudget::Nodes(20_000));
    assert_eq!(judged.moves[0].class, MoveClass::Forced);
    assert_eq!((judged.moves[0].class.mark(), judged.moves[0].class.nag()), ("", None));
    assert_eq!(judged.sides[1].counts[MoveClass::Forced.index()], 1);
    assert_eq!(judged.sides[1].accuracy, 100.0, "a forced move is no decision");
    drop(blank);
}

/// The PGN export read by python-chess: as Lichess writes a review, a glyph on exactly the errors (none on the best
/// moves), each move's value after it, White's side, in pawns (or a mate), and on each error the better move in
/// words; and the imported record's tags, every one read back with its value. python-chess must be installed (`pip
/// install chess`): the test fails, not skips, without it.
#[test]
fn the_pgn_export_reads_back_in_python_chess_with_every_nag_eval_and_tag() {
    let record = "[Event \"Club \\\"Open\\\" 2026\"]\n[Site \"Lyon\"]\n[Date \"2026.03.14\"]\n[Round \"4\"]\n\
        [White \"Ada\"]\n[Black \"Bo\"]\n[Result \"*\"]\n[ECO \"C40\"]\n[Board \"7\"]\n\n\
        1. e4 e5 2. Nf3 Qg5 3. Nxg5 Nc6 4. Nf3 Nd4 5. Nxd4 *";
    let (start, moves) = chess_game(record);
    let reviewed = review("chess", &start, &moves, ReviewBudget::Nodes(20_000));
    let tags = alphabeta_core::games::records::movetext::header_tags(record);
    let (text, extension) = export_record(&start, &moves, &reviewed, &tags).expect("exports");
    assert_eq!(extension, "pgn");
    let header_script = "import chess.pgn, io, json, sys\n\
        game = chess.pgn.read_game(io.StringIO(sys.stdin.read()))\n\
        print(json.dumps(list(game.headers.items())))\n";
    let headers: Vec<(String, String)> = serde_json::from_str(&python(header_script, &text)).expect("python's JSON");
    // python-chess (1.11) keeps a value's escapes as the PGN writes them: the record's own text.
    let expected: Vec<(String, String)> = [
        ("Event", r#"Club \"Open\" 2026"#),
        ("Site", "Lyon"),
        ("Date", "2026.03.14"),
        ("Round", "4"),
        ("White", "Ada"),
        ("Black", "Bo"),
        ("Result", "*"),
        ("ECO", "C40"),
        ("Board", "7"),
    ]
    .map(|(n, v)| (n.to_string(), v.to_string()))
    .to_vec();
    assert_eq!(headers, expected, "{text}");
    let script = "import chess.pgn, io, json, sys\n\
        game = chess.pgn.read_game(io.StringIO(sys.stdin.read()))\n\
        out = []\n\
        for node in game.mainline():\n\
        \x20   e = node.eval()\n\
        \x20   w = None if e is None else e.white()\n\
        \x20   lines = [[m.san() for m in [v] + list(v.mainline())] for v in node.parent.variations[1:]]\n\
        \x20   out.append([node.san(), sorted(node.nags), None if w is None else (w.score() if not w.is_mate() else 'mate'), node.comment, lines])\n\
        print(json.dumps([out, [str(e) for e in game.errors]]))\n";
    let output = python(script, &text);
    type Read = (String, Vec<u8>, serde_json::Value, String, Vec<Vec<String>>);
    let (read, errors): (Vec<Read>, Vec<String>) = serde_json::from_str(&output).expect("python's JSON");
    assert_eq!(read.len(), moves.len(), "{text}");
    assert!(errors.is_empty(), "python-chess found every move legal, the variations' too: {errors:?} in {text}");
    assert!(read.iter().any(|(_, nags, _, _, _)| nags == &[4]), "the blunder's $4: {text}");
    assert!(!text.contains("$1"), "no glyph on a best move: {text}");
    let mut variations = 0;
    for (judged, (san, nags, eval, comment, lines)) in reviewed.moves.iter().zip(&read) {
        assert_eq!(&judged.move_name, san);
        let flagged = matches!(judged.class, MoveClass::Inaccuracy | MoveClass::Mistake | MoveClass::Blunder);
        let expected: Vec<u8> = match judged.class {
            MoveClass::Inaccuracy => vec![6],
            MoveClass::Mistake => vec![2],
            MoveClass::Blunder => vec![4],
            _ => vec![],
        };
        assert_eq!(nags.clone(), expected, "{san}");
        let better = format!("{} was best.", judged.best);
        assert_eq!(comment.contains(&better), flagged, "{san}: {comment:?}");
        // Lichess's better line: after an error only, one variation in place of the move, the best move first and
        // then its line, legal from the position before the move (python-chess read each move of it).
        if flagged {
            assert_eq!(lines, std::slice::from_ref(&judged.pv), "{san}: {text}");
            assert_eq!(judged.pv.first(), Some(&judged.best), "{san}");
            let number = judged.ply / 2 + 1;
            let dots = if judged.side == 0 { "." } else { "..." };
            assert!(text.contains(&format!("( {number}{dots} {} ", judged.best)), "{san} numbered: {text}");
            variations += 1;
        } else {
            assert!(lines.is_empty(), "{san}: no variation on a move that is not an error: {lines:?}");
        }
        let white = if judged.side == 0 { judged.value_after } else { -judged.value_after };
        assert_eq!(eval.as_i64(), Some(white.round() as i64), "{san}: {eval} against {white}");
    }
    assert!(variations > 0, "{text}");
}

/// Runs `script` in python3 with `input` on its standard input and returns what it prints.
fn python(script: &str, input: &str) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new("python3")
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs (install it, with python-chess: pip install chess)");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("writes");
    let out = child.wait_with_output().expect("python3 finishes");
    assert!(out.status.success(), "python3 failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8")
}

// ---- The engine's own moves; a side moving twice; dice ---------------------------------------------------------

/// A game of `plies` moves (fewer if it ends) from `start`: each decision the engine's best at `plan`'s budget,
/// from an empty table, each chance outcome drawn from `seed`.
fn engine_game(start: &AnyGame, plan: &ReviewPlan, plies: usize, seed: u64) -> Vec<AnyMove> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut game, mut moves) = (start.clone(), Vec::new());
    while moves.len() < plies && game.outcome().is_none() {
        let legal = game.legal_moves();
        let mv = if game.turn() == alphabeta_core::engine::game::Turn::Chance {
            legal[rng.random_range(0..legal.len())]
        } else {
            game.think(plan.config.clone()).expect("no fault").best_move.expect("a move")
        };
        game.try_play(mv).expect("legal");
        moves.push(mv);
    }
    moves
}

#[test]
fn a_game_of_the_engine_s_own_best_moves_is_all_best_with_accuracy_100() {
    for (id, budget, plies) in [
        // Connect Four is left out: its review is exact from the first move, and a search 7 plies deep is not.
        ("tic-tac-toe", ReviewBudget::Level(10), 9),
        ("nim", ReviewBudget::Level(10), 12),
    ] {
        let (start, _) = game(id);
        let plan = plan(id, &start, budget);
        let moves = engine_game(&start, &plan, plies, 1);
        let reviewed = review_game(&start, &moves, &plan, &mut |_, _| true).expect("reviews");
        for judged in &reviewed.moves {
            assert!(matches!(judged.class, MoveClass::Best | MoveClass::Forced), "{id}: {judged:?}");
        }
        for side in &reviewed.sides {
            assert_eq!(side.accuracy, 100.0, "{id}: {side:?}");
        }
        assert_eq!(
            (reviewed.judged_by.as_deref(), reviewed.judge_words().as_str()),
            (None, "the studio's engine, level 10")
        );
    }
}

#[test]
fn kalah_pig_and_einstein_are_reviewed_with_every_decision_judged_and_chance_skipped() {
    for id in ["kalah", "pig", "einstein"] {
        let (start, _) = game(id);
        let plan = plan(id, &start, ReviewBudget::Nodes(1_500));
        let moves = engine_game(&start, &plan, 40, 7);
        let reviewed = review_game(&start, &moves, &plan, &mut |_, _| true).unwrap_or_else(|e| panic!("{id}: {e}"));
        // Replay: which plies were decisions, and who made them.
        let mut game = start.clone();
        let mut decisions = Vec::new();
        for (ply, &mv) in moves.iter().enumerate() {
            if let Some(side) = game.turn().side() {
                decisions.push((ply, game.side_name(side).to_string()));
            }
            game.try_play(mv).expect("legal");
        }
        let judged: Vec<(usize, String)> = reviewed.moves.iter().map(|m| (m.ply, m.side_name.clone())).collect();
        assert_eq!(judged, decisions, "{id}");
        // Each ply is found by its judgement, a chance outcome by none.
        for ply in 0..moves.len() {
            let decision = decisions.iter().any(|&(p, _)| p == ply);
            assert_eq!(reviewed.judged(ply).map(|m| m.ply), decision.then_some(ply), "{id} ply {ply}");
        }
        for m in &reviewed.moves {
            assert!((0.0..=1.0).contains(&m.win_before) && (0.0..=1.0).contains(&m.win_after), "{id}: {m:?}");
            assert!(m.loss >= 0.0 && m.loss <= 2.0, "{id}: {m:?}");
        }
        if id == "kalah" {
            let twice = decisions.windows(2).any(|w| w[0].1 == w[1].1);
            assert!(twice, "the Kalah game has a side moving twice in a row");
        }
    }
}

/// Kalah's extra turn: after a move that lands in the store the mover moves again, so the value after it is the
/// next search's value as it stands, not negated. Checked where the search sees to the end of the game (the value
/// is exact): an extra-turn move that is the best keeps the mover's value, sign and all.
#[test]
fn kalah_s_extra_turn_is_valued_from_the_mover_s_side() {
    let (start, _) = game("kalah");
    // South's pit 3 holds 4 seeds: sown into pits 4, 5, 6 and the store — South moves again.
    let extra =
        start.find_move("3").or_else(|| start.legal_moves().into_iter().find(|&m| start.move_name(m).contains('3')));
    let extra = extra.expect("a move named 3");
    let next = after(&start, extra);
    assert_eq!(next.turn(), start.turn(), "pit 3 gives South another move");
    let reviewed = review("kalah", &start, &[extra], ReviewBudget::Depth(6));
    let judged = &reviewed.moves[0];
    // The opening's best moves keep South ahead: a negated value would put South behind after its best move.
    assert!(judged.value_after > 0.0, "{judged:?}");
    assert_ne!(judged.class, MoveClass::Blunder, "{judged:?}");
}

// ---- Faults and cancelling -------------------------------------------------------------------------------------

#[test]
fn a_script_s_fault_during_the_review_is_an_error_naming_it_and_cancel_stops() {
    let text = "function start() return { n = 0 } end\nfunction turn(s) return s.n % 2 + 1 end\n\
        function play(s, m) return { n = s.n + 1 } end\nfunction moves(s) if s.n >= 5 then error('deep trouble') end \
        return { 1, 2 } end\nfunction result(s) return nil end\n";
    let script =
        alphabeta_core::games::script::Script::from_source("games/test.lua", "test", text.to_owned()).expect("loads");
    let start = AnyGame::new(script.new_game().expect("starts"));
    let moves = start.legal_moves();
    let faulty = plan("test", &start, ReviewBudget::Depth(8));
    match review_game(&start, &moves[..1], &faulty, &mut |_, _| true) {
        Err(ReviewError::Fault { ply: 0, message }) => {
            assert!(message.contains("games/test.lua:4:") && message.contains("deep trouble"), "{message}")
        }
        other => panic!("a script's fault must be reported: {other:?}"),
    }
    // Cancel: the progress callback says stop after the first ply.
    let (ttt, _) = game("tic-tac-toe");
    let tic = plan("tic-tac-toe", &ttt, ReviewBudget::Level(10));
    let moves = engine_game(&ttt, &tic, 5, 1);
    let mut calls = Vec::new();
    let result = review_game(&ttt, &moves, &tic, &mut |done, total| {
        calls.push((done, total));
        false
    });
    assert_eq!(result, Err(ReviewError::Cancelled));
    assert_eq!(calls, [(1, 5)]);
}

// ---- The scale's fit ---------------------------------------------------------------------------------------------

/// `bench/fit_win_scale.py --synthetic S` draws values and results from the logistic with scale S and fits them: it
/// must recover S, and its 95 % interval (a bootstrap of whole games) must cover S and be narrow for 20,000 samples.
/// Needs python3 (the test fails without it).
#[test]
fn the_fit_recovers_a_known_scale_from_a_generated_set() {
    let script = format!("{}/../../bench/fit_win_scale.py", env!("CARGO_MANIFEST_DIR"));
    for (s, seed) in [(250.0, 7), (0.02, 3), (4.8, 11)] {
        let out = std::process::Command::new("python3")
            .args([script.as_str(), "--synthetic", &s.to_string(), "--samples", "20000", "--seed", &seed.to_string()])
            .args(["--resamples", "200"])
            .output()
            .expect("python3 runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8_lossy(&out.stdout);
        // `s = 250.481 (95 %: 244.001 to 256.64)`
        let numbers: Vec<f64> = text
            .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == 'e' || c == '-'))
            .filter_map(|word| word.parse().ok())
            .collect();
        let [fitted, _, lo, hi] = numbers[..] else { panic!("{text}") };
        assert!((fitted / s - 1.0).abs() < 0.05, "fitted {fitted} for {s}");
        assert!(lo < s && s < hi && lo < fitted && fitted < hi, "{text} for {s}");
        assert!(hi / lo < 1.1, "an interval this wide from 20,000 samples: {text}");
    }
}

/// Games whose record has no place for notes export the move list as the window numbers it, each judged move with
/// its mark, its values before and after and, when it was not the best, the better move.
#[test]
fn other_games_export_the_marked_move_list() {
    let (start, _) = game("tic-tac-toe");
    let (start, moves) = start.read_record("b2\na2\nc3\n").expect("legal");
    let reviewed = review("tic-tac-toe", &start, &moves, ReviewBudget::Level(10));
    let (text, extension) = export_record(&start, &moves, &reviewed, &[]).expect("exports");
    assert_eq!(extension, "txt");
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let best_reply = &reviewed.moves[1].best;
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("1. b2 {+0 -> +0"), "{text}");
    assert_eq!(lines[1], format!("1…a2?? {{+0 -> -3; best {best_reply}}}"), "{text}");
    assert!(text.contains("# X: accuracy 100.0\n") && text.contains("# O: accuracy "), "{text}");
}

// ---- Games of chance: values that are expected results --------------------------------------------------------------

/// A game of `plies` uniformly random moves (decisions and rolls alike), from a seeded generator.
fn random_game(start: &AnyGame, plies: usize, seed: u64) -> Vec<AnyMove> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut game, mut moves) = (start.clone(), Vec::new());
    while moves.len() < plies && game.outcome().is_none() {
        let legal = game.legal_moves();
        let mv = legal[rng.random_range(0..legal.len())];
        game.try_play(mv).expect("legal");
        moves.push(mv);
    }
    moves
}

/// EinStein and Pig score expected results (−1…+1), winning chances already: a move's loss is the drop of its
/// value, so its class grows with the drop (never a mistake for a small drop and good for a larger one), and a move
/// classed best loses nothing.
#[test]
fn classes_of_dice_games_are_monotone_in_the_drop_of_the_expected_result() {
    let rank = |class: MoveClass| match class {
        MoveClass::Best | MoveClass::Good | MoveClass::Forced => 0,
        MoveClass::Inaccuracy => 1,
        MoveClass::Mistake => 2,
        MoveClass::Blunder => 3,
    };
    for id in ["einstein", "pig"] {
        let (start, _) = game(id);
        let mut judged = Vec::new();
        for seed in 1..=3 {
            let moves = random_game(&start, 40, seed);
            judged.extend(review(id, &start, &moves, ReviewBudget::Nodes(2_000)).moves);
        }
        let decided: Vec<_> = judged.iter().filter(|m| m.class != MoveClass::Forced && !m.proven).collect();
        for m in &decided {
            let drop = (m.value_before - m.value_after).max(0.0);
            if m.class == MoveClass::Best {
                assert_eq!(m.loss, 0.0, "{id}: a best move loses nothing: {m:?}");
            } else {
                assert!((m.loss - drop).abs() < 1e-9, "{id}: the loss is the drop of the expected result: {m:?}");
            }
            for other in &decided {
                let other_drop = (other.value_before - other.value_after).max(0.0);
                if drop < other_drop && m.class != MoveClass::Best && other.class != MoveClass::Best {
                    assert!(rank(m.class) <= rank(other.class), "{id}: {m:?} is classed worse than {other:?}");
                }
            }
        }
        let marked = decided.iter().filter(|m| rank(m.class) > 0).count();
        assert!(decided.len() > 20 && marked > 0, "{id}: {} decisions, {marked} marked", decided.len());
    }
}

// ---- Determinism ------------------------------------------------------------------------------------------------

/// The default review is held by nodes, not by the clock: the same record reviewed twice gives the same review,
/// the second time with a thread spinning beside it (a busy machine once cut a time-limited search short).
#[test]
fn the_default_review_is_the_same_on_a_busy_machine() {
    let (blank, _) = game("kalah");
    let (start, moves) = alphabeta_core::review::read_game_record(&blank, "6 2 1 5 4 6 2 6").expect("a legal record");
    let quiet = review("kalah", &start, &moves, ReviewBudget::default());
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let hogs: Vec<_> = (0..2)
        .map(|_| {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let mut spins = 0u64;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    spins = std::hint::black_box(spins.wrapping_add(1));
                }
            })
        })
        .collect();
    let busy = review("kalah", &start, &moves, ReviewBudget::default());
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for hog in hogs {
        hog.join().expect("the hog stops");
    }
    assert_eq!(quiet, busy);
    assert!(quiet.moves.len() >= 6, "{}", quiet.moves.len());
}
