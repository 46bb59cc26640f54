//! The m,n,k games against plain minimax and a recount from the board: window and threat counts through every move
//! and take-back, the threat knowledge's exact values, perft, move names and the board sizes refused.

use super::*;
use crate::engine::search::deepening::{Engine, EngineConfig};
use crate::engine::search::limits::Limits;
use crate::games::perft;

#[test]
fn boards_too_large_are_refused_even_when_their_cell_count_wraps() {
    for (width, height) in [(1 << 32, 1 << 32), (usize::MAX, 2), (256, 1), (16, 16)] {
        assert!(Mnk::new(width, height, 3).is_err(), "{width} × {height}");
    }
    assert!(Mnk::new(255, 1, 3).is_ok());
    assert!(Mnk::new(15, 17, 5).is_ok());
}

/// Plays cells given as (column, row) pairs from the empty board.
fn after(width: usize, height: usize, k: usize, moves: &[(usize, usize)]) -> Mnk {
    let mut game = Mnk::new(width, height, k).expect("valid size");
    for &(c, r) in moves {
        game.try_play((r * width + c) as u8).expect("legal move");
    }
    game
}

#[test]
fn wins_are_found_in_every_direction() {
    // X on the given line, O elsewhere out of the way; X's third stone wins.
    let lines: [(&str, [(usize, usize); 3]); 4] = [
        ("across", [(0, 2), (1, 2), (2, 2)]),
        ("down", [(1, 0), (1, 1), (1, 2)]),
        ("diagonal", [(0, 0), (1, 1), (2, 2)]),
        ("anti-diagonal", [(2, 0), (1, 1), (0, 2)]),
    ];
    for (name, line) in lines {
        let mut game = Mnk::new(5, 5, 3).expect("valid");
        let others = [(4, 4), (4, 0)];
        for i in 0..3 {
            game.try_play((line[i].1 * 5 + line[i].0) as u8).expect("legal");
            if i < 2 {
                assert_eq!(game.winner(), None, "{name}: no win after {} stones", i + 1);
                game.try_play((others[i].1 * 5 + others[i].0) as u8).expect("legal");
            }
        }
        assert_eq!(game.winner(), Some(Side::Max), "{name}\n{game}");
        // 5 stones played on 25 cells: worth 26 − 5 to the winner, so −21 to the side to move.
        assert_eq!(game.terminal_value(), Some(-21.0), "{name}");
    }
}

#[test]
fn lines_do_not_wrap_and_k_counts() {
    // Across the right edge into the next row is no line.
    let game = after(3, 3, 3, &[(1, 0), (0, 0), (2, 0), (0, 2), (0, 1)]);
    assert_eq!(game.winner(), None, "{game}");
    // Four in a row needs four.
    let game = after(5, 5, 4, &[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]);
    assert_eq!(game.winner(), None);
}

#[test]
fn illegal_moves_say_why() {
    let mut game = after(3, 3, 3, &[(1, 1)]);
    let err = game.try_play(4).expect_err("taken");
    assert!(err.0.contains("b2 is already taken"), "{err}");
    assert!(game.try_play(9).is_err());
    assert_eq!(game.moves_played(), 1);
}

/// Move sequences exactly `depth` plies long (a game that ended earlier is not one).
fn sequences(game: &mut Mnk, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            game.play(mv);
            let n = sequences(game, depth - 1);
            game.undo(mv);
            n
        })
        .sum()
}

#[test]
fn tic_tac_toe_perft() {
    let expected = [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872];
    let mut game = Mnk::tic_tac_toe();
    for (depth, &count) in (1..).zip(&expected) {
        assert_eq!(sequences(&mut game, depth), count, "sequences of {depth} plies");
    }
    // Every finished game is a leaf of the full tree.
    assert_eq!(perft(&mut game, 9), 255_168);
    assert_eq!(game, Mnk::tic_tac_toe(), "perft restores the position");
}

#[test]
fn tic_tac_toe_is_a_draw() {
    let mut game = Mnk::tic_tac_toe();
    let config = EngineConfig { limits: Limits::NONE, ..EngineConfig::default() };
    let thought = Engine::new(config).think(&mut game, None, |_| {});
    let last = thought.last().expect("an iteration");
    assert_eq!(last.value, 0.0);
    assert!(last.exact);
}

#[test]
fn a_win_in_one_is_taken_and_scored() {
    // X: a3 b3, O: a2 b2; X to move wins at c3 with its 5th stone: 10 − 5 = 5.
    let mut game = after(3, 3, 3, &[(0, 0), (0, 1), (1, 0), (1, 1)]);
    let config = EngineConfig { limits: Limits::NONE, ..EngineConfig::default() };
    let thought = Engine::new(config).think(&mut game, None, |_| {});
    assert_eq!(thought.best_move, Some(2));
    assert_eq!(thought.last().map(|i| i.value), Some(5.0));
}

#[test]
fn evaluation_stays_below_a_win_and_favours_open_lines() {
    let game = after(9, 9, 5, &[(4, 4), (0, 0), (5, 4), (0, 8), (6, 4), (8, 0)]);
    let value = game.evaluate();
    assert!(value > 0.0 && value < 1.0, "{value}");
    assert!(Mnk::new(0, 3, 3).is_err() && Mnk::new(3, 3, 4).is_err() && Mnk::new(16, 16, 5).is_err());
}

/// The window counts and threat counts, recounted from the cells alone.
fn recount(game: &Mnk) -> (Vec<[u8; 2]>, [u16; 2]) {
    let k = game.shape.k;
    let stones: Vec<[u8; 2]> = game
        .shape
        .windows
        .chunks_exact(k as usize)
        .map(|window| {
            let mut stones = [0u8; 2];
            window.iter().filter(|&&c| game.cells[c as usize] != 0).for_each(|&c| {
                stones[game.cells[c as usize] as usize - 1] += 1;
            });
            stones
        })
        .collect();
    let threats = [0, 1].map(|p| stones.iter().filter(|&&s| Mnk::short_of_one(s, p, k)).count() as u16);
    (stones, threats)
}

/// Random lines of play on boards of every shape the game files use (and k = 1, where every empty window is a
/// threat), each move checked against a recount from the board, then taken back to the empty board.
#[test]
fn window_counts_follow_every_move_and_take_back() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for (width, height, k) in [(3, 3, 3), (5, 5, 4), (9, 9, 5), (4, 3, 1), (7, 2, 2)] {
        for _ in 0..20 {
            let mut game = Mnk::new(width, height, k).expect("a board");
            let mut line = Vec::new();
            while !game.is_over() {
                let mut moves = Vec::new();
                game.generate_moves(&mut moves);
                let mv = moves[rng.random_range(0..moves.len())];
                game.play(mv);
                line.push(mv);
                assert_eq!((game.stones.clone(), game.threats), recount(&game), "{width}×{height}, k {k}");
            }
            for &mv in line.iter().rev() {
                game.undo(mv);
                assert_eq!((game.stones.clone(), game.threats), recount(&game));
            }
            assert_eq!(game, Mnk::new(width, height, k).expect("a board"), "back to the empty board");
        }
    }
}

/// The threat knowledge (a win with the next stone, a double threat, the one block) is exact: the game search
/// with it — plain, and with every selective switch as the top levels use them — gives plain minimax's value
/// from random positions of 4 × 4, three in a row, and tic-tac-toe.
#[test]
fn threat_knowledge_keeps_the_minimax_value() {
    use crate::engine::features::SearchFeatures;
    use crate::engine::search::context::{Searcher, StopWhen};
    use crate::engine::search::observer::NoObserver;
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut known = 0;
    for (width, height, k, plies) in [(4, 4, 3, 6), (4, 4, 3, 8), (3, 3, 3, 2), (3, 3, 3, 4)] {
        for _ in 0..25 {
            let mut game = Mnk::new(width, height, k).expect("a board");
            for _ in 0..plies {
                let mut moves = Vec::new();
                game.generate_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                game.play(moves[rng.random_range(0..moves.len())]);
            }
            if game.is_over() {
                continue;
            }
            known += usize::from(game.immediate_value().is_some());
            let sign = game.turn().sign();
            let minimax = sign * Searcher::new(&mut game, &mut NoObserver, StopWhen::default()).minimax(None, u32::MAX);
            for features in [SearchFeatures::NONE, SearchFeatures::ALL] {
                let config = EngineConfig { limits: Limits::NONE, features, ..EngineConfig::default() };
                let thought = Engine::new(config).think(&mut game, None, |_| {});
                let last = thought.last().expect("an iteration");
                assert!(last.exact, "{game}");
                assert_eq!(last.value, minimax, "{game}\nfeatures {}", features.describe());
            }
        }
    }
    assert!(known > 10, "the positions include threats the game knows at once: {known}");
}

#[test]
fn a_four_is_answered_by_its_block_taken_when_it_is_ours_and_two_lose() {
    // 5 × 5, four in a row. X: a5 b5 c5; O: a1 b1, to move. X threatens d5 alone: O's one search move is the
    // block, and O is "in check" (a position the search does not stop in at its horizon).
    let mut game = after(5, 5, 4, &[(0, 0), (0, 4), (1, 0), (1, 4), (2, 0)]);
    let mut moves = Vec::new();
    game.generate_search_moves(&mut moves);
    assert_eq!(moves, vec![3], "d5 blocks");
    assert!(game.in_check() && !game.is_quiet() && game.immediate_value().is_none());
    // O plays e1 instead: X wins with its next stone, the 7th of 25 cells: 19 left.
    game.play(24);
    assert_eq!(game.immediate_value(), Some(19.0));
    moves.clear();
    game.generate_search_moves(&mut moves);
    assert_eq!(moves, vec![3], "d5 wins");
    // X: a5 b5 c5 a4 a3 (fours with holes at d5 and a2); O: e1 c1 e3 c3, to move with 16 cells left. Whatever
    // O plays, X's 11th stone wins: −(26 − 11).
    let two = after(5, 5, 4, &[(0, 0), (4, 4), (1, 0), (2, 4), (0, 1), (4, 2), (2, 0), (2, 2), (0, 2)]);
    assert_eq!(two.winning_cells(0), (Some(3), true));
    assert_eq!(two.immediate_value(), Some(-15.0));
    // Without a threat the search tries every empty cell.
    let quiet = after(5, 5, 4, &[(2, 2), (1, 1)]);
    moves.clear();
    quiet.generate_search_moves(&mut moves);
    assert_eq!(moves.len(), 23);
    assert!(quiet.is_quiet() && !quiet.in_check() && quiet.immediate_value().is_none());
}

#[test]
fn moves_are_named_like_a_chess_board() {
    let game = Mnk::tic_tac_toe();
    assert_eq!(game.move_name(6), "a1");
    assert_eq!(game.move_name(2), "c3");
}

#[test]
fn mnk_wins() {
    use crate::games::mnk::Mnk;
    let mut game = Mnk::tic_tac_toe();
    for cell in [0u8, 3, 1, 4] {
        game.play(cell);
    }
    assert_eq!(
        words::score_in_words(crate::games::score_words::solve(&game, 2), 4, 9, Side::Max, ["X", "O"]),
        "X wins in 1 move"
    );
}

#[test]
fn mnk_cell_names_round_trip() {
    let start = Mnk::tic_tac_toe();
    let moves = record::read(&start, "b2 A1, c3").expect("legal");
    assert_eq!(record::write(&start, &moves), "b2 a1 c3");
    let error = record::read(&start, "b2\nb2").expect_err("taken");
    assert_eq!((error.line, error.reason.contains("move 2")), (2, true));
}

#[test]
fn tic_tac_toe_anti_diagonal() {
    let mut game = Mnk::tic_tac_toe();
    for cell in [2u8, 0, 4, 1, 6] {
        game.play(cell);
    }
    assert_eq!(winning_line(&game, Some(6)), Some(vec![(0, 2), (1, 1), (2, 0)]));
}
