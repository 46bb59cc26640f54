//! EinStein würfelt nicht!: the rules (the die's choice of stone with the next higher / next lower rule, captures
//! of one's own stones, the corner and all-captured wins), perft against an independent brute-force count, and the
//! searches on chance nodes: the game search and Star1 against plain expectiminimax, and seeded self-play.

use alphabeta_core::engine::game::{Game, Side, Turn, Value};
use alphabeta_core::engine::search::context::StopWhen;
use alphabeta_core::engine::search::deepening::{Engine, EngineConfig};
use alphabeta_core::engine::search::limits::Limits;
use alphabeta_core::engine::search::observer::NoObserver;
use alphabeta_core::engine::search::{Algorithm, SearchOptions, search};
use alphabeta_core::games::any::{GameInfo, Outcome};
use alphabeta_core::games::einstein::{EVAL_LIMIT, Einstein, ROLL};
use alphabeta_core::games::levels::level_config;
use alphabeta_core::games::perft;
use alphabeta_core::games::registry::Registry;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn names(game: &Einstein) -> Vec<String> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves.iter().map(|&m| game.move_name(m)).collect()
}

/// Cells by name: `a1` is 0, `e5` is 24.
fn at(name: &str) -> u8 {
    let b = name.as_bytes();
    (b[1] - b'1') * 5 + (b[0] - b'a')
}

#[test]
fn the_die_picks_the_stone_or_the_next_higher_and_lower() {
    let stones = [(Side::Max, 2, at("b1")), (Side::Max, 5, at("c3")), (Side::Min, 1, at("e5"))];
    let with_die = |face| Einstein::from_stones(&stones, Side::Max, Some(face)).expect("a position");
    assert_eq!(with_die(2).movable_numbers(Side::Max, 2), [2]);
    assert_eq!(with_die(3).movable_numbers(Side::Max, 3), [2, 5], "3 is gone: 2 below and 5 above");
    assert_eq!(with_die(4).movable_numbers(Side::Max, 4), [2, 5]);
    assert_eq!(with_die(6).movable_numbers(Side::Max, 6), [5], "nothing above 6: only the next lower");
    assert_eq!(with_die(1).movable_numbers(Side::Max, 1), [2], "nothing below 1: only the next higher");
    assert_eq!(names(&with_die(3)), ["2:b1-c1", "2:b1-b2", "2:b1-c2", "5:c3-d3", "5:c3-c4", "5:c3-d4"]);
    assert_eq!(names(&with_die(6)), ["5:c3-d3", "5:c3-c4", "5:c3-d4"]);
    // Blue steps left, up and up-left; on the top row only left.
    let blue = Einstein::from_stones(&[(Side::Max, 1, at("a3")), (Side::Min, 4, at("d1"))], Side::Min, Some(4))
        .expect("a position");
    assert_eq!(names(&blue), ["4:d1-c1"]);
    assert_eq!(blue.turn(), Turn::Min);
}

#[test]
fn a_stone_captures_whatever_it_lands_on_its_own_side_s_too() {
    let game = Einstein::new().with_moves("die 1, 1:a1-b1").expect("legal");
    assert_eq!(game.stone(at("b1")), Some((Side::Max, 1)));
    assert_eq!(game.stone_cell(Side::Max, 2), None, "Red's own 2 is captured");
    // Now a 2 lets Red move 1 or 3.
    let game = game.with_moves("die 6, 6:e3-d3, die 2").expect("legal");
    assert_eq!(game.movable_numbers(Side::Max, 2), [1, 3]);
    let game = game.with_moves("3:c1-d2, die 5, 5:d4-d3").expect("Blue captures its own 6");
    assert_eq!(game.stone(at("d3")), Some((Side::Min, 5)));
    assert_eq!(game.stone_cell(Side::Min, 6), None);
    assert!(!game.is_over());
}

#[test]
fn reaching_the_far_corner_wins_and_scores_faster_wins_higher() {
    let stones = [(Side::Max, 3, at("d4")), (Side::Min, 1, at("b2")), (Side::Min, 2, at("e2"))];
    let game = Einstein::from_stones(&stones, Side::Max, None).expect("a position");
    let mut won = game.clone().with_moves("die 3, 3:d4-e5").expect("legal");
    assert_eq!(won.outcome(), Some(Outcome::Win(Side::Max)));
    assert_eq!(won.terminal_value(), Some(1.0 - 2.0 / 10_000.0));
    assert!(names(&won).is_empty(), "no move once the game is over");
    won.undo(0);
    assert!(!won.is_over());
    // Blue reaches a1.
    let blue = Einstein::from_stones(&[(Side::Max, 1, at("e4")), (Side::Min, 1, at("b2"))], Side::Min, Some(1));
    let blue = blue.expect("a position").with_moves("1:b2-a1").expect("legal");
    assert_eq!(blue.winner(), Some(Side::Min));
    assert_eq!(blue.terminal_value(), Some(-(1.0 - 1.0 / 10_000.0)), "a chance node: Red's point of view");
    let (low, high) = blue.value_bounds();
    assert!(low <= -1.0 && high >= 1.0);
}

#[test]
fn capturing_the_last_opposing_stone_wins() {
    let stones = [(Side::Max, 4, at("b2")), (Side::Min, 6, at("c3")), (Side::Max, 1, at("a1"))];
    let game = Einstein::from_stones(&stones, Side::Max, Some(5)).expect("a position");
    assert_eq!(names(&game), ["4:b2-c2", "4:b2-b3", "4:b2-c3"]);
    let game = game.with_moves("4:b2-c3").expect("legal");
    assert_eq!(game.outcome(), Some(Outcome::Win(Side::Max)));
}

/// An independent model for the brute-force count: each side's six stones as optional (row, column) pairs.
#[derive(Clone)]
struct Naive {
    stones: [[Option<(i8, i8)>; 6]; 2],
    side: usize,
    die: Option<usize>,
    over: bool,
}

impl Naive {
    fn start() -> Naive {
        let red = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 0)];
        let mut stones = [[None; 6]; 2];
        for (i, &(r, c)) in red.iter().enumerate() {
            stones[0][i] = Some((r, c));
            stones[1][i] = Some((4 - r, 4 - c));
        }
        Naive { stones, side: 0, die: None, over: false }
    }

    fn children(&self) -> Vec<Naive> {
        if self.over {
            return Vec::new();
        }
        let Some(face) = self.die else {
            return (0..6).map(|f| Naive { die: Some(f), ..self.clone() }).collect();
        };
        let own = self.stones[self.side];
        let chosen: Vec<usize> = if own[face].is_some() {
            vec![face]
        } else {
            let lower = (0..face).rev().find(|&n| own[n].is_some());
            let higher = (face + 1..6).find(|&n| own[n].is_some());
            lower.into_iter().chain(higher).collect()
        };
        let forward: i8 = if self.side == 0 { 1 } else { -1 };
        let mut children = Vec::new();
        for n in chosen {
            let (r, c) = own[n].expect("chosen stones are on the board");
            for (dr, dc) in [(0, forward), (forward, 0), (forward, forward)] {
                let to = (r + dr, c + dc);
                if !(0..5).contains(&to.0) || !(0..5).contains(&to.1) {
                    continue;
                }
                let mut next = self.clone();
                for side in 0..2 {
                    for stone in next.stones[side].iter_mut() {
                        if *stone == Some(to) {
                            *stone = None;
                        }
                    }
                }
                next.stones[self.side][n] = Some(to);
                let corner = if self.side == 0 { (4, 4) } else { (0, 0) };
                next.over = to == corner || next.stones[1 - self.side].iter().all(Option::is_none);
                next.side = 1 - self.side;
                next.die = None;
                children.push(next);
            }
        }
        children
    }

    fn perft(&self, depth: u32) -> u64 {
        let children = self.children();
        if depth == 0 || children.is_empty() {
            return 1;
        }
        children.iter().map(|c| c.perft(depth - 1)).sum()
    }
}

#[test]
fn perft_matches_a_brute_force_count() {
    let mut game = Einstein::new();
    let naive = Naive::start();
    let counts: Vec<u64> = (0..=6).map(|d| perft(&mut game, d)).collect();
    let expected: Vec<u64> = (0..=6).map(|d| naive.perft(d)).collect();
    assert_eq!(counts, expected);
    // The start: six rolls, then three steps for each stone.
    assert_eq!(&counts[..3], [1, 6, 18]);
}

/// Positions along a seeded random game, at rolls and at decisions alike.
fn positions(seed: u64, count: usize) -> Vec<Einstein> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Einstein::new();
    let mut found = Vec::new();
    while found.len() < count {
        if game.is_over() {
            game = Einstein::new();
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let mv = moves[rng.random_range(0..moves.len())];
        game.play(mv);
        if !game.is_over() && rng.random_bool(0.3) {
            found.push(game.clone());
        }
    }
    found
}

fn value_of(game: &mut Einstein, algorithm: Algorithm, depth: u32) -> Value {
    let options = SearchOptions { depth: Some(depth), ..SearchOptions::default() };
    search(game, algorithm, &options, StopWhen::default(), &mut NoObserver).value
}

#[test]
fn star1_and_the_game_search_agree_with_expectiminimax() {
    for (k, mut game) in positions(7, 12).into_iter().enumerate() {
        for depth in 1..=3 {
            let exact = value_of(&mut game, Algorithm::Expectiminimax, depth);
            let star1 = value_of(&mut game, Algorithm::Star1, depth);
            assert!((star1 - exact).abs() < 1e-9, "position {k} depth {depth}: star1 {star1} vs {exact}\n{game}");
            for algorithm in [Algorithm::Pvs, Algorithm::Negamax] {
                let config = EngineConfig {
                    algorithm,
                    limits: Limits { depth: Some(depth), time_ms: None, nodes: None },
                    tt_mib: 1,
                    ..EngineConfig::default()
                };
                let thought = Engine::new(config).think(&mut game, None, |_| {});
                let value = thought.last().expect("a complete iteration").value;
                assert!((value - exact).abs() < 1e-9, "position {k} depth {depth} {algorithm:?}: {value} vs {exact}");
            }
        }
    }
}

#[test]
fn star1_prunes_at_chance_nodes() {
    let mut game = positions(3, 1).remove(0);
    let options = SearchOptions { depth: Some(5), ..SearchOptions::default() };
    let exact = search(&mut game, Algorithm::Expectiminimax, &options, StopWhen::default(), &mut NoObserver);
    let star1 = search(&mut game, Algorithm::Star1, &options, StopWhen::default(), &mut NoObserver);
    assert!((exact.value - star1.value).abs() < 1e-9);
    assert!(
        star1.stats.nodes_visited < exact.stats.nodes_visited,
        "{} vs {}",
        star1.stats.nodes_visited,
        exact.stats.nodes_visited
    );
}

#[test]
fn evaluations_stay_inside_their_limit() {
    for game in positions(11, 300) {
        let value = game.evaluate();
        assert!(value.abs() < EVAL_LIMIT, "{value}\n{game}");
        assert_eq!(value, game.turn().sign() * game.evaluate_for_red());
    }
}

#[test]
fn seeded_self_play_at_the_registry_s_levels_ends_legally() {
    let registry = Registry::load(&crate::common::repository("games"));
    let entry = registry.find("einstein").expect("einstein is registered");
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut wins = [0, 0];
    for game_number in 0..4 {
        let mut engines = [2u8, 5].map(|level| {
            let mut config = level_config(&entry.variant.ai, level);
            config.limits = Limits { depth: config.limits.depth, time_ms: None, nodes: Some(20_000) };
            Engine::new(config)
        });
        let mut game = Einstein::new();
        while !game.is_over() {
            assert!(game.moves_played() <= 2 * 96, "game {game_number} runs too long");
            let mv = if game.turn() == Turn::Chance {
                ROLL | rng.random_range(1..=6u16)
            } else {
                let side = usize::from(game.to_move() == Side::Min);
                engines[side].think(&mut game.clone(), None, |_| {}).best_move.expect("a move while not over")
            };
            game.try_play(mv).expect("a legal move");
        }
        let winner = game.winner().expect("a winner, no draws");
        wins[usize::from(winner == Side::Min)] += 1;
        assert!(game.terminal_value().is_some_and(|v| v.abs() > EVAL_LIMIT));
    }
    assert_eq!(wins[0] + wins[1], 4);
}

/// Search speed: `cargo test -p alphabeta-core --release --test games -- --ignored --nocapture einstein::search_speed`. The game search
/// (PVS with the table, which searches chance nodes exactly) to depth 8 (four turns: roll, move, roll, move …),
/// and Star1 and expectiminimax to depth 6, from three positions.
#[test]
#[ignore = "a measurement, not a check"]
fn search_speed() {
    let starts = ["die 5", "die 3, 3:c1-d2, die 4, 4:e4-d3, die 1", "die 6, 6:a3-b4, die 6, 6:e3-d2, die 2"];
    let mut totals = [(0u64, 0.0f64); 3];
    for start in starts {
        let mut game = Einstein::new().with_moves(start).expect("legal");
        let config = EngineConfig { limits: Limits::depth(8), tt_mib: 64, ..EngineConfig::default() };
        let thought = Engine::new(config).think(&mut game, None, |_| {});
        totals[0].0 += thought.total_stats().nodes_visited;
        totals[0].1 += thought.elapsed_seconds;
        for (slot, algorithm) in [(1, Algorithm::Star1), (2, Algorithm::Expectiminimax)] {
            let options = SearchOptions { depth: Some(6), ..SearchOptions::default() };
            let started = std::time::Instant::now();
            let result = search(&mut game, algorithm, &options, StopWhen::default(), &mut NoObserver);
            totals[slot].0 += result.stats.nodes_visited;
            totals[slot].1 += started.elapsed().as_secs_f64();
        }
    }
    for ((nodes, seconds), what) in
        totals.into_iter().zip(["pvs+table depth 8", "star1 depth 6", "expectiminimax depth 6"])
    {
        println!("einstein {what}: {nodes} nodes in {seconds:.3} s, {:.2} M nodes/s", nodes as f64 / seconds / 1e6);
    }
}
