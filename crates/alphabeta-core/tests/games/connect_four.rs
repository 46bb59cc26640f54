//! Connect Four through its public interface and against outside figures: wins, draws and illegal moves on
//! several boards; perft counts; Pons' README examples and a seeded sample of his End-Easy test set, solved by the
//! engine's own searches; and the `perft` command run as a user would.

use alphabeta_core::engine::game::{Game, IllegalMove, Side};
use alphabeta_core::engine::search::context::StopWhen;
use alphabeta_core::engine::search::observer::NoObserver;
use alphabeta_core::engine::search::{Algorithm, SearchOptions, SearchResult, search};
use alphabeta_core::games::connect_four::ConnectFour;
use alphabeta_core::games::perft;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const END_EASY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/connect4/Test_L3_R1");

fn solve(game: &mut ConnectFour, algorithm: Algorithm) -> SearchResult<u8> {
    search(game, algorithm, &SearchOptions::default(), StopWhen::default(), &mut NoObserver)
}

fn position(moves: &str) -> ConnectFour {
    ConnectFour::from_moves(moves).unwrap_or_else(|e| panic!("{moves}: {e}"))
}

#[test]
fn perft_counts_the_standard_table() {
    // 7^n until a column can fill up (ply 7: seven stones in one column is one too many, once per column).
    let expected = [1, 7, 49, 343, 2_401, 16_807, 117_649, 823_536];
    for (depth, &leaves) in expected.iter().enumerate() {
        assert_eq!(perft(&mut ConnectFour::standard(), depth as u32), leaves, "perft({depth})");
    }
}

fn board(width: usize, height: usize) -> ConnectFour {
    ConnectFour::new(width, height).expect("test sizes fit")
}

#[test]
fn wins_are_found_in_all_four_directions_at_the_far_edges() {
    // Games found by a separate naive simulation: each ends with its last stone completing the line given.
    let games = [
        (7, 6, "1212121", Side::Max),                                  // vertical, bottom left
        (7, 6, "1122334", Side::Max),                                  // horizontal, bottom left
        (7, 6, "47277473767", Side::Max),                              // vertical, right column, top
        (7, 6, "5665644734566655474274753277", Side::Min),             // horizontal, top row, right
        (7, 6, "4566565477651771773654", Side::Min),                   // diagonal /, to the top-right corner
        (7, 6, "31146551777544564443566", Side::Max),                  // diagonal \, from the top row
        (8, 7, "8828878775848", Side::Max),                            // vertical, right column, top
        (8, 7, "3765684317577681568258356166782575473188", Side::Min), // horizontal, top row, right
        (8, 7, "786836858778716855612615581677", Side::Min),           // diagonal /, to the top-right corner
        (8, 7, "5858643687636654357787651635527", Side::Max),          // diagonal \, from the top row
        (9, 6, "99969898789", Side::Max),                              // vertical, right column, top
        (9, 6, "76385978988688624725677636292191471299", Side::Min),   // horizontal, top row, right
        (9, 6, "986273189899268169968717687", Side::Max),              // diagonal /, to the top-right corner
        (9, 6, "7695638628966768877853789", Side::Max),                // diagonal \, from the top row
    ];
    for (width, height, moves, winner) in games {
        let before = board(width, height).with_moves(&moves[..moves.len() - 1]).expect("legal");
        assert_eq!(before.winner(), None, "{width}×{height} {moves}: won too early");
        let game = before.with_moves(&moves[moves.len() - 1..]).expect("legal");
        assert_eq!(game.winner(), Some(winner), "{width}×{height} {moves}");
        let score = ((width * height + 2 - moves.len()) / 2) as f64;
        assert_eq!(game.terminal_value(), Some(-score), "{width}×{height} {moves}");
        let mut moves_after = Vec::new();
        game.generate_moves(&mut moves_after);
        assert!(moves_after.is_empty());
    }
    // 7×6: a win with the fourth stone scores 22 − 4 = 18, so the loser to move sees −18.
    assert_eq!(ConnectFour::from_moves("1212121").map(|g| g.terminal_value()), Ok(Some(-18.0)));
}

#[test]
fn a_full_board_without_four_is_a_draw() {
    // Found by a separate naive search: columns filled in an order that never lines up four.
    let games = [
        (7, 6, "111111222222333333544444455555666666777777"),
        (8, 7, "11111112222222333333354444444555555666666677777788888887"),
        (9, 6, "111111222222333333544444455555666666777777988888899999"),
    ];
    for (width, height, moves) in games {
        let mut game = board(width, height).with_moves(moves).expect("legal");
        assert!(game.is_over() && game.winner().is_none(), "{width}×{height}");
        assert_eq!(game.terminal_value(), Some(0.0));
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        assert!(moves.is_empty());
        let error = game.try_play(0).expect_err("full board");
        assert!(error.0.contains("board is full"), "{error}");
    }
}

#[test]
fn illegal_moves_are_refused_with_reasons() {
    let cases = [
        ("8", "move 1 '8': column 8 is off the board (columns 1 to 7)"),
        ("4444444", "move 7 '4': column 4 is full"),
        ("12121212", "move 8 '2': the game is over: the first player has connected four"),
        ("44a", "move 3 'a' is not a column: write columns as the digits 1 to 7"),
        ("0", "move 1 '0' is not a column: write columns as the digits 1 to 7"),
        ("4 4", "move 2 ' ' is not a column: write columns as the digits 1 to 7"),
    ];
    for (moves, message) in cases {
        assert_eq!(ConnectFour::from_moves(moves), Err(IllegalMove(message.into())), "{moves}");
    }
    let mut game = ConnectFour::from_moves("444444").expect("legal");
    let before = game;
    assert!(game.try_play(3).is_err() && game.try_play(7).is_err() && game.try_play(u8::MAX).is_err());
    assert_eq!(game, before, "a refused move changes nothing");
    assert_eq!(ConnectFour::from_moves(" 4453\n").map(|g| g.moves_played()), Ok(4));
    assert_eq!(ConnectFour::from_moves("").map(|g| g.moves_played()), Ok(0));
}

/// Perft by the obvious rules on a plain grid: an independent check of the bitboard's counts where wins and full
/// columns start to matter.
fn naive_perft(grid: &mut Vec<Vec<u8>>, height: usize, player: u8, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let width = grid.len();
    let mut leaves = 0;
    for column in 0..width {
        if grid[column].len() == height {
            continue;
        }
        grid[column].push(player);
        let (c, r) = (column as i64, grid[column].len() as i64 - 1);
        let at = |grid: &Vec<Vec<u8>>, x: i64, y: i64| {
            x >= 0 && y >= 0 && grid.get(x as usize).and_then(|col| col.get(y as usize)) == Some(&player)
        };
        let won = [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
            let run = |sign: i64| (1..4).take_while(|&i| at(grid, c + sign * i * dx, r + sign * i * dy)).count();
            1 + run(1) + run(-1) >= 4
        });
        leaves += if won { 1 } else { naive_perft(grid, height, 1 - player, depth - 1) };
        grid[column].pop();
    }
    leaves.max(1)
}

#[test]
fn perft_agrees_with_the_plain_rules_on_several_boards() {
    for (width, height, depth) in [(7, 6, 8), (8, 7, 7), (9, 6, 6), (4, 4, 12), (5, 4, 9), (16, 3, 5)] {
        let mut game = ConnectFour::new(width, height).expect("fits");
        let expected = naive_perft(&mut vec![Vec::new(); width], height, 0, depth);
        assert_eq!(perft(&mut game, depth), expected, "{width}×{height} to depth {depth}");
    }
    assert_eq!(perft(&mut position("4453"), 2), 49);
    // A won position is a leaf, whatever the depth.
    assert_eq!(perft(&mut position("1212121"), 5), 1);
}

/// The exact value by deepening: depth-limited searches of 1, 2, 3 … plies until one proves a win or a loss, or
/// reaches the end of the game. Sound because a position cut off at the depth limit scores strictly between −1 and
/// 1 ([`ConnectFour`]'s `evaluate`) while a proven win or loss scores at least 1 in size, and a win inside the
/// horizon always outscores one beyond it, so a value of size 1 or more at any depth is the exact one. Needed for the README's openings, which plain α-β cannot search to the end.
fn solve_by_deepening(game: &mut ConnectFour, algorithm: Algorithm) -> (f64, u64) {
    let left = (game.width() * game.height() - game.moves_played()) as u32;
    let mut nodes = 0;
    for depth in 1..=left {
        let options = SearchOptions { depth: Some(depth), ..SearchOptions::default() };
        let result = search(game, algorithm, &options, StopWhen::default(), &mut NoObserver);
        nodes += result.stats.nodes_visited;
        if result.value.abs() >= 1.0 || depth == left {
            return (result.value, nodes);
        }
    }
    (0.0, nodes) // no move left: the caller asked about a finished game
}

#[test]
fn the_readme_examples_score_as_pons_says() {
    for (moves, score) in [("4455", 18.0), ("44455554221", -15.0)] {
        for algorithm in [Algorithm::Negamax, Algorithm::Pvs] {
            let mut game = position(moves);
            let (value, nodes) = solve_by_deepening(&mut game, algorithm);
            assert_eq!(value, score, "{moves} with {algorithm}: {nodes} nodes");
            assert_eq!(game, position(moves), "the search leaves the position as it found it");
        }
    }
}

/// `(line number, moves, score)` of a seeded sample of `count` lines of one of Pons' test files.
fn sample_of(path: &str, count: usize, seed: u64) -> Vec<(usize, String, f64)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let lines: Vec<&str> = text.lines().collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut chosen = rand::seq::index::sample(&mut rng, lines.len(), count.min(lines.len())).into_vec();
    chosen.sort_unstable();
    chosen
        .into_iter()
        .map(|i| {
            let (moves, score) = lines[i].split_once(' ').unwrap_or_else(|| panic!("{path}:{}: no score", i + 1));
            let score = score.trim().parse().unwrap_or_else(|e| panic!("{path}:{}: {e}", i + 1));
            (i + 1, moves.to_string(), score)
        })
        .collect()
}

#[test]
fn end_easy_sample_is_solved_exactly_by_negamax() {
    let (mut nodes, mut seconds) = (0, 0.0);
    let sample = sample_of(END_EASY, 100, 3);
    for (line, moves, score) in &sample {
        let mut game = position(moves);
        let result = solve(&mut game, Algorithm::Negamax);
        assert!(result.complete);
        assert_eq!(result.value, *score, "Test_L3_R1 line {line}: {moves}");
        nodes += result.stats.nodes_visited;
        seconds += result.stats.elapsed_seconds;
    }
    let n = sample.len() as f64;
    eprintln!(
        "Test_L3_R1 sample, negamax: {:.1} mean nodes, {:.1} µs mean, {:.1} M nodes/s",
        nodes as f64 / n,
        seconds / n * 1e6,
        nodes as f64 / seconds / 1e6
    );
}

#[test]
fn pvs_and_mtdf_agree_with_the_file_too() {
    for (line, moves, score) in sample_of(END_EASY, 20, 4) {
        for algorithm in [Algorithm::Pvs, Algorithm::Mtdf] {
            let result = solve(&mut position(&moves), algorithm);
            assert_eq!(result.value, score, "Test_L3_R1 line {line}: {moves} with {algorithm}");
        }
    }
}
