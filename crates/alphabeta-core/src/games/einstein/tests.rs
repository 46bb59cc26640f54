//! EinStein's rules: the setup, rolls and steps, captures, the ends of the game, move names and hashes.

use super::*;

#[test]
fn the_start_setup_is_the_documented_one() {
    let game = Einstein::new();
    assert_eq!(game.to_string(), "123..\n45...\n6...F\n...ED\n..CBA\n");
    assert_eq!(game.turn(), Turn::Chance);
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    assert_eq!(moves, (1..=6).map(|f| ROLL | f).collect::<Vec<u16>>());
    assert!(moves.iter().all(|&m| is_well_formed(m)));
    assert!(!is_well_formed(ROLL | 7) && !is_well_formed(step_move(Side::Max, 1, 0, 24)));
}

#[test]
fn a_roll_then_the_stone_of_that_number() {
    let game = Einstein::new().with_moves("die 5").expect("legal");
    assert_eq!(game.turn(), Turn::Max);
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let names: Vec<String> = moves.iter().map(|&m| game.move_name(m)).collect();
    assert_eq!(names, ["5:b2-c2", "5:b2-b3", "5:b2-c3"]);
    let game = game.with_moves("5:b2-c3").expect("legal");
    assert_eq!((game.turn(), game.to_move(), game.moves_played()), (Turn::Chance, Side::Min, 2));
}

/// After a stone moves, the roll that moved it is still known (the painter keeps it on the
/// die, so the AI's roll does not vanish with its move); the next roll replaces it.
#[test]
fn the_roll_that_moved_is_kept_until_the_next() {
    let game = Einstein::new();
    assert_eq!(game.last_roll(), None);
    let moved = game.with_moves("die 5").and_then(|g| g.with_moves("5:b2-c3")).expect("legal");
    assert_eq!((moved.die(), moved.last_roll()), (None, Some((Side::Max, 5))));
    let mut next = moved.with_moves("die 2").expect("legal");
    assert_eq!(next.last_roll(), Some((Side::Max, 5)), "rolled, not yet moved: the die itself shows the 2");
    let mut moves = Vec::new();
    next.generate_moves(&mut moves);
    next.play(moves[0]);
    assert_eq!(next.last_roll(), Some((Side::Min, 2)));
}

#[test]
fn movable_bits_follow_the_next_higher_and_lower_rule_for_every_set_of_stones() {
    for on_board in (0u8..64).map(|set| set << 1) {
        for face in 1..=6u8 {
            let has = |n: u8| on_board & 1 << n != 0;
            let expected: u8 = if has(face) {
                1 << face
            } else {
                let lower = (1..face).rev().find(|&n| has(n)).map_or(0, |n| 1 << n);
                let higher = (face + 1..=6).find(|&n| has(n)).map_or(0, |n| 1 << n);
                lower | higher
            };
            assert_eq!(movable_bits(on_board, face), expected, "stones {on_board:#b}, face {face}");
        }
    }
}

#[test]
fn the_evaluation_is_the_race_each_side_runs_alone() {
    // Red's lone stone on c3 and Blue's on c2, each two steps from home: whoever rolls first wins.
    let lone = [(Side::Max, 1, cell_of(2, 2)), (Side::Min, 4, cell_of(2, 1))];
    let red = Einstein::from_stones(&lone, Side::Max, None).expect("fits");
    let blue = Einstein::from_stones(&lone, Side::Min, None).expect("fits");
    assert!((red.evaluate_for_red() - EVAL_LIMIT * 0.999).abs() < 1e-9, "{}", red.evaluate_for_red());
    assert!((blue.evaluate_for_red() + EVAL_LIMIT * 0.999).abs() < 1e-9, "{}", blue.evaluate_for_red());
    // Red's stone 1 one step out, moved by a roll of 1 alone (stone 2, four steps out, takes every other roll);
    // Blue's lone stone two steps out arrives on Blue's second turn. So Red wins only by rolling a 1 on one of
    // its two turns: 1/6 + 5/6 · 1/6.
    let split = [(Side::Max, 1, cell_of(3, 3)), (Side::Max, 2, 0), (Side::Min, 4, cell_of(2, 1))];
    let game = Einstein::from_stones(&split, Side::Max, None).expect("fits");
    let red_wins = 1.0 / 6.0 + 5.0 / 6.0 * 1.0 / 6.0;
    assert!((game.evaluate_for_red() - EVAL_LIMIT * 0.999 * (2.0 * red_wins - 1.0)).abs() < 1e-6);
}

#[test]
fn hashes_tell_the_die_and_the_side_apart() {
    let start = Einstein::new();
    let rolled = start.clone().with_moves("die 1").expect("legal");
    let other = start.clone().with_moves("die 2").expect("legal");
    let hashes = [start.position_hash(), rolled.position_hash(), other.position_hash()];
    assert!(hashes[0] != hashes[1] && hashes[1] != hashes[2] && hashes[0] != hashes[2]);
}
