//! Othello through its public interface and against outside figures: the published perft table from the start,
//! perft on the small boards against a plain array implementation, passes and the end of the game, the disc-count
//! result, the evaluation's colour symmetry, self-play that ends legally, a deeper search beating a shallow one,
//! and the `perft` and `games` commands run as a user would.

use alphabeta_core::engine::game::{Game, Side, Turn};
use alphabeta_core::engine::search::deepening::{Engine, EngineConfig};
use alphabeta_core::engine::search::limits::Limits;
use alphabeta_core::games::any::{AnyGame, GameInfo, Outcome};
use alphabeta_core::games::levels::level_config;
use alphabeta_core::games::othello::{Othello, PASS, WIN};
use alphabeta_core::games::perft;
use alphabeta_core::games::registry::Registry;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn diagram(text: &str, to_move: Side) -> Othello {
    Othello::from_diagram(text, to_move).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn moves_of(game: &Othello) -> Vec<u8> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves
}

#[test]
fn perft_counts_the_published_table() {
    // The standard table, a pass counting as a ply (the first game ends at ply 9; depths 8–10 are run by
    // `alphabeta-studio perft othello N`: 390216, 3005288, 24571284).
    let expected = [1, 4, 12, 56, 244, 1_396, 8_200, 55_092];
    let mut game = Othello::standard();
    for (depth, &leaves) in expected.iter().enumerate() {
        assert_eq!(perft(&mut game, depth as u32), leaves, "perft({depth})");
    }
    assert_eq!(game, Othello::standard(), "perft restores the position");
}

/// Perft over a plain array board: walk every direction from every empty square; a side with no move passes, and
/// a position where neither side can move is a leaf.
fn naive_perft(board: &mut Vec<i8>, n: i32, player: i8, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = naive_moves(board, n, player);
    if moves.is_empty() {
        return if naive_moves(board, n, -player).is_empty() { 1 } else { naive_perft(board, n, -player, depth - 1) };
    }
    let mut leaves = 0;
    for (square, flips) in moves {
        let saved = board.clone();
        board[square] = player;
        for f in flips {
            board[f] = player;
        }
        leaves += naive_perft(board, n, -player, depth - 1);
        *board = saved;
    }
    leaves
}

fn naive_moves(board: &[i8], n: i32, player: i8) -> Vec<(usize, Vec<usize>)> {
    let mut moves = Vec::new();
    for square in 0..(n * n) as usize {
        if board[square] != 0 {
            continue;
        }
        let (row, column) = (square as i32 / n, square as i32 % n);
        let mut flips = Vec::new();
        for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let (mut r, mut c, mut run) = (row + dr, column + dc, Vec::new());
            while (0..n).contains(&r) && (0..n).contains(&c) && board[(r * n + c) as usize] == -player {
                run.push((r * n + c) as usize);
                r += dr;
                c += dc;
            }
            if !run.is_empty() && (0..n).contains(&r) && (0..n).contains(&c) && board[(r * n + c) as usize] == player {
                flips.extend(run);
            }
        }
        if !flips.is_empty() {
            moves.push((square, flips));
        }
    }
    moves
}

#[test]
fn perft_agrees_with_a_plain_implementation_on_the_small_boards() {
    // 4 × 4 to the end of every game (passes are frequent there), 6 × 6 to depth 7.
    for (n, depth) in [(4usize, 14u32), (6, 7)] {
        let mut board = vec![0i8; n * n];
        let half = n / 2;
        board[(half - 1) * n + half - 1] = -1;
        board[half * n + half] = -1;
        board[(half - 1) * n + half] = 1;
        board[half * n + half - 1] = 1;
        let mut game = Othello::new(n).expect("a size");
        for d in 1..=depth {
            let expected = naive_perft(&mut board, n as i32, 1, d);
            assert_eq!(perft(&mut game, d), expected, "{n}×{n} perft({d})");
        }
    }
}

#[test]
fn a_side_with_no_move_must_pass_and_the_game_ends_when_neither_can_move() {
    // Black's only disc is walled in by the corner: Black cannot move, White can (c1).
    let mut game = diagram(
        "OX......
         ........
         ........
         ........
         ........
         ........
         ........
         ........",
        Side::Max,
    );
    assert!(game.must_pass() && !game.is_over());
    assert_eq!(moves_of(&game), [PASS]);
    assert_eq!(game.terminal_value(), None);
    // Perft counts the pass as a ply, and the finished game as a leaf where it happens.
    assert_eq!(perft(&mut game, 1), 1);
    assert_eq!(perft(&mut game, 2), 1);
    assert_eq!(perft(&mut game, 5), 1);
    assert!(game.try_play(Othello::square(2, 0)).is_err(), "Black has no move at c1");
    game.try_play(PASS).expect("the pass is legal");
    assert_eq!(game.turn(), Turn::Min);
    assert_eq!(moves_of(&game), [Othello::square(2, 0)]);
    assert!(game.try_play(PASS).is_err(), "White has a move, so no pass");
    game.try_play(Othello::square(2, 0)).expect("c1 is legal");
    // Black has no disc left: neither side can move, with 61 empty squares.
    assert!(game.is_over());
    assert!(moves_of(&game).is_empty());
    assert_eq!(game.winner(), Some(Side::Min));
    assert_eq!(GameInfo::outcome(&game), Some(Outcome::Win(Side::Min)));
    assert_eq!(GameInfo::moves_played(&game), 2, "the pass is a move");
    // The margin gives the empty squares to the winner, 3 + 61; the faster win adds the 61 empties.
    assert_eq!(game.terminal_value(), Some(-f64::from(WIN + 100 * 64 + 61)));
    assert!(game.try_play(PASS).is_err());
    game.undo(Othello::square(2, 0));
    game.undo(PASS);
    assert!(game.must_pass() && game.turn() == Turn::Max);
}

#[test]
fn the_disc_count_decides_and_a_full_board_can_be_drawn() {
    let full = |top: &str, bottom: &str| {
        let rows: Vec<&str> = [top; 4].into_iter().chain([bottom; 4]).collect();
        diagram(&rows.join("\n"), Side::Max)
    };
    let draw = full("XXXXXXXX", "OOOOOOOO");
    assert!(draw.is_over());
    assert_eq!(draw.winner(), None);
    assert_eq!(GameInfo::outcome(&draw), Some(Outcome::Draw));
    assert_eq!(draw.terminal_value(), Some(0.0));
    let white = full("XXXXXXXO", "OOOOOOOO");
    assert_eq!(white.winner(), Some(Side::Min));
    // Black to move has lost 28–36: margin 8, no empties.
    assert_eq!(white.terminal_value(), Some(-f64::from(WIN + 800)));
    let black = diagram(
        "XXXXXXXX
         XXXXXXXX
         XXXXXXXX
         XXXXXXXX
         XXXXXXXX
         XXXXXXXX
         XXXXXXXX
         XXXXXXX.",
        Side::Min,
    );
    assert!(black.is_over(), "White has no disc, Black no move into the last square");
    assert_eq!(black.winner(), Some(Side::Max));
    assert_eq!(black.terminal_value(), Some(-f64::from(WIN + 100 * 64 + 1)));
}

/// The position with Black and White swapped, the same side to move.
fn colours_swapped(game: &Othello) -> Othello {
    let text: String = game
        .to_string()
        .chars()
        .map(|c| match c {
            'X' => 'O',
            'O' => 'X',
            other => other,
        })
        .collect();
    diagram(&text, if game.turn() == Turn::Max { Side::Max } else { Side::Min })
}

#[test]
fn the_evaluation_is_symmetric_in_the_colours_and_below_every_result() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut checked = 0;
    for size in [6, 8] {
        for _ in 0..30 {
            let mut game = Othello::new(size).expect("a size");
            while !game.is_over() {
                let value = game.evaluate();
                let swapped = colours_swapped(&game);
                assert_ne!(swapped.to_string(), game.to_string());
                assert_eq!(swapped.evaluate(), -value, "{game}\n{swapped}");
                assert_eq!(swapped.evaluation_terms().total(), -game.evaluation_terms().total());
                assert!(value.abs() < f64::from(WIN), "{value}");
                checked += 1;
                let moves = moves_of(&game);
                game.play(moves[rng.random_range(0..moves.len())]);
            }
            let value = game.terminal_value().expect("over");
            assert_eq!(colours_swapped(&game).terminal_value(), Some(-value));
            assert!(value == 0.0 || value.abs() > f64::from(WIN));
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn the_evaluation_likes_corners_and_mobility() {
    // Black to move holds a1; White the X-square g7 next to the empty h8.
    let game = diagram(
        "X.......
         ........
         ........
         ...OX...
         ...XO...
         ........
         ......O.
         ........",
        Side::Max,
    );
    let terms = game.evaluation_terms();
    assert_eq!(terms.corners, 100);
    assert_eq!(terms.danger, 50);
    assert!(game.evaluate() > 0.0);
}

/// Plays a game between two engines from `game`, checking every move; returns the finished game.
fn self_play(mut game: Othello, black: EngineConfig, white: EngineConfig) -> Othello {
    let mut engines = [Engine::new(black), Engine::new(white)];
    let mut last_was_pass = false;
    while !game.is_over() {
        let side = if game.turn() == Turn::Max { 0 } else { 1 };
        let thought = engines[side].think(&mut game, None, |_| {});
        let mv = thought.best_move.expect("a move while the game goes on");
        assert!(!(last_was_pass && mv == PASS), "two passes in a row end the game before the second");
        last_was_pass = mv == PASS;
        game.try_play(mv).unwrap_or_else(|e| panic!("{}: {e}\n{game}", game.move_name(mv)));
        assert!(game.moves_played() <= 2 * 64, "too long");
    }
    game
}

fn depth_config(depth: u32) -> EngineConfig {
    EngineConfig { limits: Limits::depth(depth), tt_mib: 4, ..EngineConfig::default() }
}

#[test]
fn self_play_ends_legally() {
    for size in [6, 8] {
        let game = self_play(Othello::new(size).expect("a size"), depth_config(2), depth_config(3));
        let discs = game.count(Side::Max) + game.count(Side::Min);
        let squares = (size * size) as u32;
        // Over means a full board or no move for either side, whoever is to move.
        let stuck = |side| diagram(&game.to_string(), side).legal_squares() == 0;
        assert!(discs == squares || (stuck(Side::Max) && stuck(Side::Min)), "{game}");
        assert!(game.terminal_value().is_some());
        assert_eq!(AnyGame::new(game.clone()).legal_moves(), Vec::<u64>::new());
        assert!(AnyGame::new(game).outcome().is_some());
    }
}

#[test]
fn a_deeper_search_beats_level_one_with_either_colour() {
    let registry = Registry::load(&crate::common::repository("games"));
    let ai = &registry.find("othello").expect("othello is registered").variant.ai;
    let weak = level_config(ai, 1);
    assert_eq!(weak.limits.depth, Some(1), "level 1 looks one ply ahead");
    // Level 10's settings with a depth limit instead of its clock, so the games replay exactly.
    let strong = EngineConfig { limits: Limits::depth(4), ..level_config(ai, 10) };
    for opening in ["f5d6", "f5f6"] {
        let start = Othello::from_moves(opening).expect("legal");
        let game = self_play(start.clone(), strong.clone(), weak.clone());
        assert_eq!(game.winner(), Some(Side::Max), "strong as Black after {opening}\n{game}");
        let game = self_play(start, weak.clone(), strong.clone());
        assert_eq!(game.winner(), Some(Side::Min), "strong as White after {opening}\n{game}");
    }
}

/// The ladders' books of openings (`bench/openings/`, from `examples/balanced_openings.rs`) keep their promise:
/// every line is six legal moves to a different position with the game still on, there are enough for the games
/// `bench/ladder.sh` plays (one a pair of games), and the first lines searched to the book's depth are within 40 of
/// even, the margin the book was cut at.
#[test]
fn the_opening_books_are_legal_distinct_and_balanced() {
    let root = &crate::common::repository("");
    let registry = Registry::load(&root.join("games"));
    // Game, board size, the book's search depth, and the openings the largest ladder run needs.
    for (id, size, depth, needed) in [("othello-6x6", 6, 10, 200), ("othello", 8, 8, 600)] {
        let text = std::fs::read_to_string(root.join(format!("bench/openings/{id}.txt"))).expect("the book");
        let ai = &registry.find(id).expect("registered").variant.ai;
        let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).collect();
        assert!(lines.len() >= needed, "{id}: {} openings, {needed} needed", lines.len());
        let mut seen = std::collections::HashSet::new();
        for (i, line) in lines.iter().enumerate() {
            let mut game = AnyGame::new(Othello::new(size).expect("a board"));
            for name in line.split_whitespace() {
                let mv = game.legal_moves().into_iter().find(|&m| game.move_name(m) == name);
                let mv = mv.unwrap_or_else(|| panic!("{id} line {i} '{line}': {name} is not legal"));
                game.try_play(mv).expect("legal");
            }
            assert_eq!(line.split_whitespace().count(), 6, "{id}: {line}");
            assert!(game.outcome().is_none(), "{id}: {line}");
            let board = game.downcast_ref::<Othello>().expect("Othello").to_string();
            assert!(seen.insert((board, game.side_to_move())), "{id} line {i} repeats a position: {line}");
            if i < 20 {
                let config = EngineConfig { limits: Limits::depth(depth), skill: None, ..level_config(ai, 10) };
                let thought = game.think(config).expect("a search");
                let value = thought.iterations.last().expect("the book's depth").value;
                assert!(value.abs() <= 40.0, "{id} line {i} '{line}' is worth {value} at depth {depth}");
            }
        }
    }
}

/// Search speed: `cargo test -p alphabeta-core --release --test games -- --ignored --nocapture othello::search_speed`.
#[test]
#[ignore = "a measurement, not a check"]
fn search_speed() {
    let mut nodes = 0u64;
    let mut seconds = 0.0;
    for opening in ["", "f5d6c3d3c4", "f5f6e6f4e3c5c4"] {
        let mut game = Othello::from_moves(opening).expect("legal");
        let mut engine = Engine::new(EngineConfig { limits: Limits::depth(12), tt_mib: 64, ..EngineConfig::default() });
        let thought = engine.think(&mut game, None, |_| {});
        nodes += thought.total_stats().nodes_visited;
        seconds += thought.elapsed_seconds;
    }
    println!("othello search: {nodes} nodes in {seconds:.3} s, {:.2} M nodes/s", nodes as f64 / seconds / 1e6);
}

/// Level 10 against level 1 with their real clocks: `cargo test -p alphabeta-core --release --test games -- --ignored
/// --nocapture othello::level_ten`.
#[test]
#[ignore = "a measurement: four games at level 10's 1.5 s per move"]
fn level_ten_against_level_one() {
    let registry = Registry::load(&crate::common::repository("games"));
    let ai = &registry.find("othello").expect("othello is registered").variant.ai;
    let (weak, strong) = (level_config(ai, 1), level_config(ai, 10));
    for opening in ["f5d6", "f5f6"] {
        let start = Othello::from_moves(opening).expect("legal");
        for strong_is_black in [true, false] {
            let (black, white) =
                if strong_is_black { (strong.clone(), weak.clone()) } else { (weak.clone(), strong.clone()) };
            let game = self_play(start.clone(), black, white);
            println!(
                "{opening}: level 10 as {}: Black {} – White {}",
                if strong_is_black { "Black" } else { "White" },
                game.count(Side::Max),
                game.count(Side::Min)
            );
        }
    }
}
