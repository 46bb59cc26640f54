//! Othello's rules against a slow, obvious reference; its names and errors, move hints and stable edges.

use super::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The legal squares and their flips, by walking from every empty square in every direction: the slow,
/// obvious reference.
fn naive_moves(game: &Othello) -> Vec<(u8, u64)> {
    let n = game.size() as i32;
    let me = if game.turn() == Turn::Max { Side::Max } else { Side::Min };
    let mut moves = Vec::new();
    for row in 0..n {
        for column in 0..n {
            if game.cell(column as usize, row as usize).is_some() {
                continue;
            }
            let mut flips = 0u64;
            for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let (mut c, mut r, mut run) = (column + dc, row + dr, 0u64);
                while (0..n).contains(&c) && (0..n).contains(&r) {
                    match game.cell(c as usize, r as usize) {
                        Some(side) if side == me => {
                            flips |= run;
                            break;
                        }
                        Some(_) => run |= 1 << (r * 8 + c),
                        None => break,
                    }
                    c += dc;
                    r += dr;
                }
            }
            if flips != 0 {
                moves.push((Othello::square(column as usize, row as usize), flips));
            }
        }
    }
    moves
}

#[test]
fn random_games_agree_with_the_naive_rules_and_undo_restores_everything() {
    for size in [4, 6, 8] {
        let mut rng = ChaCha8Rng::seed_from_u64(size as u64);
        for _ in 0..40 {
            let mut game = Othello::new(size).expect("a size");
            let (mut history, mut played, mut moves) = (vec![game.clone()], Vec::new(), Vec::new());
            while !game.is_over() {
                moves.clear();
                game.generate_moves(&mut moves);
                let naive = naive_moves(&game);
                let expected: Vec<u8> = naive.iter().map(|&(s, _)| s).collect();
                if expected.is_empty() {
                    assert_eq!(moves, [PASS], "{game}");
                } else {
                    assert_eq!(moves, expected, "{game}");
                }
                let mv = moves[rng.random_range(0..moves.len())];
                let before = game.clone();
                game.play(mv);
                if mv != PASS {
                    let flips = naive.iter().find(|&&(s, _)| s == mv).map(|&(_, f)| f).expect("legal");
                    let mover = before.turn();
                    let side = if mover == Turn::Max { Side::Max } else { Side::Min };
                    assert_eq!(game.discs(side), before.discs(side) | flips | 1 << mv);
                    assert_eq!(game.discs(side.opponent()), before.discs(side.opponent()) & !flips);
                }
                history.push(game.clone());
                played.push(mv);
            }
            assert!(naive_moves(&game).is_empty());
            let names: String = played.iter().map(|&mv| game.move_name(mv)).collect();
            let replayed = Othello::new(size).expect("a size").with_moves(&names).expect("legal");
            assert_eq!(replayed.to_string(), game.to_string(), "{names}");
            for &mv in played.iter().rev() {
                history.pop();
                game.undo(mv);
                let previous = history.last().expect("one position per move");
                assert_eq!(game.to_string(), previous.to_string());
                assert_eq!(game.position_hash(), previous.position_hash());
                assert_eq!(game.turn(), previous.turn());
                assert_eq!(game.moves_played(), previous.moves_played());
            }
        }
    }
}

#[test]
fn the_start_names_and_errors() {
    let game = Othello::standard();
    assert_eq!(game.to_string(), "........\n........\n........\n...OX...\n...XO...\n........\n........\n........\n");
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let names: Vec<String> = moves.iter().map(|&m| game.move_name(m)).collect();
    assert_eq!(names, ["d3", "c4", "f5", "e6"]);
    assert_eq!(Othello::new(6).expect("6").to_string(), "......\n......\n..OX..\n..XO..\n......\n......\n");
    for size in [0, 2, 3, 5, 7, 9, 10] {
        assert!(Othello::new(size).is_err(), "{size}");
    }
    let mut game = Othello::standard();
    assert!(game.try_play(PASS).expect_err("moves exist").0.contains("only with no move"));
    assert!(game.try_play(Othello::square(3, 3)).expect_err("taken").0.contains("d4 is already taken"));
    assert!(game.try_play(0).expect_err("no flip").0.contains("a1 turns no disc over"));
    let error = Othello::from_moves("f5 d6 zz").expect_err("bad name");
    assert!(error.0.contains("move 3 'zz'"), "{error}");
    let error = Othello::from_moves("f5f5").expect_err("taken");
    assert!(error.0.contains("move 2 'f5'"), "{error}");
    assert_eq!(Othello::from_moves("F5,d6 C3").expect("legal").moves_played(), 3);
}

#[test]
fn hints_put_corners_first_and_x_squares_last() {
    let game = Othello::standard();
    assert_eq!(game.move_hint(Othello::square(0, 0)), 100);
    assert_eq!(game.move_hint(Othello::square(6, 6)), -100);
    assert_eq!(game.move_hint(Othello::square(1, 0)), -40);
    assert_eq!(game.move_hint(Othello::square(3, 0)), 20);
    assert_eq!(game.move_hint(Othello::square(3, 2)), 0);
}

#[test]
fn stable_edges_are_counted_from_owned_corners_and_full_edges() {
    let game = Othello::from_diagram(
        "XXXO....
         X.......
         O.......
         ........
         ........
         ........
         ........
         OOOOOOXX",
        Side::Max,
    )
    .expect("a diagram");
    let (black, white) = game.stable_edge_discs(game.discs(Side::Max), game.discs(Side::Min));
    // Top edge from a1: a1 b1 c1; left edge from a1: a1 a2. The bottom edge is full: all of it.
    assert_eq!(black.count_ones(), 4 + 2, "{black:#x}");
    assert_eq!(white.count_ones(), 6, "{white:#x}");
}

#[test]
fn othello_margins() {
    assert_eq!(words::score_in_words(10_000.0 + 100.0 * 12.0, Side::Min), "White wins by 12 discs");
    assert_eq!(words::score_in_words(-(10_000.0 + 100.0 * 64.0), Side::Min), "Black wins by 64 discs");
    assert_eq!(words::score_in_words(35.0, Side::Max), "+35 (evaluation points)");
}

#[test]
fn othello_transcripts_round_trip_with_passes_implied() {
    let start = Othello::standard();
    let moves = record::read(&start, "f5d6C3\nd3 c4").expect("legal");
    assert_eq!(record::write(&start, &moves), "f5d6c3d3c4");
    // A game with a pass: the shortest Othello game in which a side must pass is found by playing it out.
    let mut game = Othello::standard();
    let mut played = Vec::new();
    while !game.is_over() {
        let mut legal = Vec::new();
        game.generate_moves(&mut legal);
        let mv = legal[played.len() * 7 % legal.len()];
        game.play(mv);
        played.push(mv);
    }
    let text = record::write(&start, &played);
    assert_eq!(record::read(&start, &text).unwrap(), played);
    assert_eq!(text.len(), 2 * played.iter().filter(|&&m| m != PASS).count());
}

#[test]
fn othello_refuses_an_illegal_square() {
    let error = record::read(&Othello::standard(), "f5\nf5").expect_err("f5 is taken");
    assert_eq!(error.line, 2);
    assert!(error.reason.contains("move 2 'f5'"), "{error}");
    assert!(record::read(&Othello::standard(), "z9").is_err());
}
