//! Connect Four's bitboards against a naive reading of the grid; its hashes, move names and bounds.

use super::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

/// Board sizes the tests sweep: the usual ones and the odd shapes at the edges of what fits.
const SIZES: [(usize, usize); 8] = [(7, 6), (8, 7), (9, 6), (4, 4), (5, 4), (16, 3), (32, 1), (1, 63)];

fn board(width: usize, height: usize) -> ConnectFour {
    ConnectFour::new(width, height).expect("test sizes fit")
}

/// Four in a line for `side`, by looking at every cell in every direction: the slow, obvious reference.
fn naive_four(game: &ConnectFour, side: Side) -> bool {
    let (w, h) = (game.width() as i64, game.height() as i64);
    let at =
        |c: i64, r: i64| (0..w).contains(&c) && (0..h).contains(&r) && game.cell(c as usize, r as usize) == Some(side);
    (0..w).any(|c| {
        (0..h).any(|r| {
            [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| (0..4).all(|i| at(c + i * dc, r + i * dr)))
        })
    })
}

#[test]
fn sizes_that_do_not_fit_are_refused() {
    for (width, height) in [(0, 6), (7, 0), (8, 8), (33, 1), (1, 64), (usize::MAX, usize::MAX)] {
        let error = ConnectFour::new(width, height).expect_err("does not fit");
        assert!(error.to_string().contains("does not fit"), "{error}");
    }
    for (width, height) in SIZES {
        assert_eq!(board(width, height).width(), width);
    }
}

#[test]
fn every_line_of_four_is_found_and_nothing_else() {
    for (width, height) in SIZES {
        let game = board(width, height);
        let bit = |c: usize, r: usize| 1u64 << (c as u32 * (game.height + 1) + r as u32);
        let mut lines = 0;
        for c in 0..width {
            for r in 0..height {
                for (dc, dr) in [(1i64, 0i64), (0, 1), (1, 1), (1, -1)] {
                    let cells: Vec<(i64, i64)> = (0..4).map(|i| (c as i64 + i * dc, r as i64 + i * dr)).collect();
                    if cells.iter().all(|&(x, y)| x < width as i64 && (0..height as i64).contains(&y)) {
                        let stones = cells.iter().fold(0, |b, &(x, y)| b | bit(x as usize, y as usize));
                        assert!(connected(stones, game.height), "{width}×{height}: line {cells:?}");
                        lines += 1;
                    }
                }
            }
        }
        // Random sets of stones against the naive scan, which catches lines that wrap across columns.
        let mut rng = ChaCha8Rng::seed_from_u64(width as u64 * 100 + height as u64);
        let mut cells = game;
        for _ in 0..2000 {
            let stones: u64 = (0..width * height / 3)
                .map(|_| bit(rng.random_range(0..width), rng.random_range(0..height)))
                .fold(0, |b, s| b | s);
            cells.mask = stones;
            cells.current = stones; // with no stone down yet, `current` holds the first player's stones
            cells.moves = 0;
            assert_eq!(connected(stones, game.height), naive_four(&cells, Side::Max), "{width}×{height}: {stones:#x}");
        }
        assert!(lines > 0, "{width}×{height}");
    }
}

#[test]
fn random_games_agree_with_the_naive_rules_and_undo_restores_everything() {
    for (width, height) in SIZES {
        let mut rng = ChaCha8Rng::seed_from_u64(7 * width as u64 + height as u64);
        for _ in 0..50 {
            let mut game = board(width, height);
            let (mut history, mut played, mut moves) = (vec![game], Vec::new(), Vec::new());
            while !game.is_over() {
                moves.clear();
                game.generate_moves(&mut moves);
                let mut sorted = moves.clone();
                sorted.sort_unstable();
                let expected: Vec<u8> = (0..width as u8).filter(|&c| game.has_room(c)).collect();
                assert_eq!(sorted, expected);
                let column = moves[rng.random_range(0..moves.len())];
                let mover = if game.turn() == Turn::Max { Side::Max } else { Side::Min };
                game.play(column);
                history.push(game);
                played.push(column);
                assert_eq!(game.winner().is_some(), naive_four(&game, mover), "{width}×{height}\n{game}");
                assert!(!naive_four(&game, mover.opponent()));
            }
            let mut after = Vec::new();
            game.generate_moves(&mut after);
            assert!(after.is_empty());
            if width <= 9 {
                // Round trip through Pons' notation.
                let names: String = played.iter().map(|&c| game.move_name(c)).collect();
                assert_eq!(board(width, height).with_moves(&names), Ok(game), "{names}");
            }
            // Undo all the way back: each position, and its hash, is the one before.
            for &column in played.iter().rev() {
                history.pop();
                game.undo(column);
                let previous = history.last().expect("one position per move");
                assert_eq!(game, *previous);
                assert_eq!(game.position_hash(), previous.position_hash());
            }
        }
    }
}

#[test]
fn child_hashes_are_the_hashes_after_each_move() {
    for (width, height) in SIZES {
        let mut rng = ChaCha8Rng::seed_from_u64(31 * width as u64 + height as u64);
        let mut game = board(width, height);
        while !game.is_over() {
            let mut told = Vec::new();
            game.for_each_child_hash(|hash| told.push(hash));
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            let mut expected: Vec<u64> = moves
                .iter()
                .map(|&column| {
                    let mut child = game;
                    child.play(column);
                    child.position_hash()
                })
                .collect();
            told.sort_unstable();
            expected.sort_unstable();
            assert_eq!(told, expected, "{width}×{height}\n{game}");
            game.play(moves[rng.random_range(0..moves.len())]);
        }
    }
}

#[test]
fn distinct_positions_hash_apart() {
    let mut seen: HashMap<u64, (u64, u64)> = HashMap::new();
    fn walk(game: &mut ConnectFour, depth: u32, seen: &mut HashMap<u64, (u64, u64)>) {
        let key = (game.current, game.mask);
        assert_eq!(*seen.entry(game.position_hash()).or_insert(key), key, "hash collision");
        if depth == 0 {
            return;
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        for column in moves {
            game.play(column);
            walk(game, depth - 1, seen);
            game.undo(column);
        }
    }
    walk(&mut ConnectFour::standard(), 6, &mut seen);
    assert!(seen.len() > 10_000, "{}", seen.len());
}

#[test]
fn names_hints_and_bounds() {
    let game = ConnectFour::standard();
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    assert_eq!(moves, [3, 2, 4, 1, 5, 0, 6], "centre first");
    assert!(moves.windows(2).all(|pair| game.move_hint(pair[0]) >= game.move_hint(pair[1])));
    assert_eq!(game.move_name(0), "1");
    assert_eq!(game.value_bounds(), (-18.0, 18.0));
    assert_eq!(board(8, 7).max_score(), 25);
    let game = ConnectFour::from_moves("4453").expect("legal");
    assert_eq!(game.turn(), Turn::Max);
    assert_eq!(game.to_string(), ".......\n.......\n.......\n.......\n...O...\n..OXX..\n");
}

#[test]
fn connect_four_wins_in_moves() {
    use crate::games::connect_four::ConnectFour;
    let names = ["Red", "Yellow"];
    // First player to move with three in column 1: wins with this move.
    let game = ConnectFour::from_moves("121212").unwrap();
    assert_eq!(
        words::score_in_words(crate::games::score_words::solve(&game, 2), 6, 42, Side::Max, names),
        "Red wins in 1 move"
    );
    // Second player to move after 5 plies, losing to a four made with the 7th stone: Pons' score 18.
    assert_eq!(words::score_in_words(-18.0, 5, 42, Side::Min, names), "Red wins in 1 move");
    // First player to move after 4 plies, winning with the 9th stone (its 3rd move from here): score 17.
    assert_eq!(words::score_in_words(17.0, 4, 42, Side::Max, names), "Red wins in 3 moves");
    assert_eq!(words::score_in_words(0.25, 0, 42, Side::Max, names), "+0.250 (threats)");
}

#[test]
fn connect_four_strings_round_trip() {
    let start = ConnectFour::standard();
    let moves = record::read(&start, "4453 3\n2").expect("legal");
    assert_eq!(moves, vec![3, 3, 4, 2, 2, 1]);
    assert_eq!(record::write(&moves).unwrap(), "445332");
    assert_eq!(record::read(&start, &record::write(&moves).unwrap()).unwrap(), moves);
}

#[test]
fn connect_four_refuses_bad_strings_with_line_and_reason() {
    let start = ConnectFour::standard();
    for (text, line, words) in [
        ("44a", 1, "move 3 'a': not a column"),
        ("44\n8", 2, "move 3 '8'"),
        ("1111111", 1, "move 7 '1'"),
        ("1212121 3", 1, "move 8 '3'"),
    ] {
        let error = record::read(&start, text).expect_err(text);
        assert_eq!(error.line, line, "{text}");
        assert!(error.reason.contains(words), "{text}: {error}");
    }
    assert!(record::write(&[9]).is_err());
}

#[test]
fn connect_four_lines_in_every_direction() {
    for (moves, line) in [
        ("1212121", vec![(0, 0), (0, 1), (0, 2), (0, 3)]),
        ("1122334", vec![(0, 0), (1, 0), (2, 0), (3, 0)]),
        ("12233434474", vec![(0, 0), (1, 1), (2, 2), (3, 3)]),
    ] {
        let game = ConnectFour::from_moves(moves).unwrap();
        let last = moves.chars().last().and_then(|c| c.to_digit(10)).map(|d| d as u8 - 1);
        assert_eq!(winning_line(&game, last), Some(line), "{moves}");
    }
    assert_eq!(winning_line(&ConnectFour::from_moves("4455").unwrap(), Some(4)), None, "no winner yet");
}
