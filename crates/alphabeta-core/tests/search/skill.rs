//! Deliberate mistakes (the weaker levels): the root moves' scores are the true values of the children, the move
//! played is never more than the margin below the best, a win in sight is never missed, and the same seed and
//! position give the same move.

use crate::common;

use alphabeta_core::engine::game::Game;
use alphabeta_core::engine::search::deepening::{Engine, EngineConfig};
use alphabeta_core::engine::search::limits::Limits;
use alphabeta_core::engine::search::skill::Skill;
use alphabeta_core::games::connect_four::ConnectFour;
use alphabeta_core::tree::flat::{FlatTree, ROOT};
use alphabeta_core::tree::generate::{UniformSpec, uniform};
use common::oracle_values;

fn config(margin: f64, seed: u64, depth: u32) -> EngineConfig {
    EngineConfig {
        limits: Limits { depth: Some(depth), time_ms: None, nodes: None },
        tt_mib: 1,
        skill: Some(Skill { margin, seed }),
        ..EngineConfig::default()
    }
}

#[test]
fn root_scores_are_the_childrens_values_and_the_choice_stays_within_the_margin() {
    let margin = 4.0;
    let mut weaker = 0;
    for seed in 0..200u64 {
        let spec = UniformSpec {
            branching: 2 + (seed % 4) as usize,
            depth: 2 + (seed / 4 % 3) as usize,
            low: -20,
            high: 20,
            seed,
        };
        let flat = FlatTree::compile(&uniform(&spec)).expect("valid");
        let oracle = oracle_values(&flat);
        let mut engine = Engine::new(config(margin, seed, spec.depth as u32));
        let thought = engine.think(&mut flat.root(), None, |_| {});
        let children: Vec<u32> = flat.children(ROOT).collect();
        assert_eq!(thought.root_scores.len(), children.len(), "tree {seed}");
        let best = oracle[ROOT as usize];
        // A tree position's move is the child's index; its value is the oracle's at that child.
        let value_of = |mv: u32| oracle[children[mv as usize] as usize];
        for &(mv, score) in &thought.root_scores {
            assert_eq!(score, value_of(mv), "tree {seed}: the score of child {mv}");
        }
        assert_eq!(thought.root_scores[0].0, thought.searched_best.expect("a best move"), "the best comes first");
        let played = thought.best_move.expect("a move");
        assert!(value_of(played) >= best - margin, "tree {seed}: played {played} worth {}", value_of(played));
        weaker += usize::from(value_of(played) < best);
        let again = Engine::new(config(margin, seed, spec.depth as u32)).think(&mut flat.root(), None, |_| {});
        assert_eq!(again.best_move, thought.best_move, "tree {seed}: the same seed, the same move");
    }
    assert!(weaker > 10, "a margin of {margin} makes some weaker choices: {weaker} of 200");
}

#[test]
fn a_win_in_sight_is_never_missed() {
    // First player (x) has three in column 1 ("1" thrice, the opponent elsewhere): column 1 wins at once.
    let position = ConnectFour::from_moves("121213").expect("legal");
    for seed in 0..50 {
        let mut game = position;
        let thought = Engine::new(config(0.9, seed, 4)).think(&mut game, None, |_| {});
        assert_eq!(thought.best_move, Some(0), "seed {seed}: {:?}", thought.root_scores);
        assert!(thought.root_scores.len() == 7 && game == position);
    }
}

#[test]
fn without_a_margin_the_searched_best_is_played_and_no_scores_are_spent() {
    let mut game = ConnectFour::from_moves("4453").expect("legal");
    let thought = Engine::new(EngineConfig { skill: None, ..config(0.0, 1, 6) }).think(&mut game, None, |_| {});
    assert_eq!(thought.best_move, thought.searched_best);
    assert!(thought.root_scores.is_empty());
    let _ = game.position_hash();
}

/// A level's deliberate mistakes happen as its description says ("errs by up to m") at every time limit.
/// Levels 7 and up used to run out of time before their one full-depth scoring round and so almost never erred at
/// longer limits. Othello's level 2 (a margin of half the game's `mistakes`) with its time only, from positions
/// a seeded random walk reaches: at a short and a long limit, every move's root moves are scored, every move played
/// is within the margin of the best score, and some are deliberately weaker — at both limits alike.
#[test]
fn a_level_errs_as_described_at_a_short_and_a_long_time_limit() {
    use alphabeta_core::games::levels::level_config;
    use alphabeta_core::games::othello::Othello;
    use rand::{Rng, SeedableRng};
    let registry = alphabeta_core::games::registry::Registry::load(&crate::common::repository("games"));
    let ai = registry.find("othello").expect("othello is registered").variant.ai.clone();
    let level = level_config(&ai, 2);
    let margin = level.skill.expect("level 2 errs").margin;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(18);
    let mut positions = Vec::new();
    while positions.len() < 32 {
        let mut game = Othello::standard();
        for _ in 0..rng.random_range(4..30) {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            if game.terminal_value().is_some() {
                break;
            }
            game.play(moves[rng.random_range(0..moves.len())]);
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        if game.terminal_value().is_none() && moves.len() >= 3 {
            positions.push(game);
        }
    }
    let mut rates = Vec::new();
    for time_ms in [20, 400] {
        let mut mistakes = 0;
        for (i, position) in positions.iter().enumerate() {
            let mut config = level.clone();
            config.limits = Limits { depth: None, time_ms: Some(time_ms), nodes: None };
            let mut game = position.clone();
            let thought = Engine::new(config).think(&mut game, None, |_| {});
            assert!(thought.root_scores.len() >= 3, "{time_ms} ms, position {i}: the root moves were not scored");
            let score = |mv| thought.root_scores.iter().find(|(m, _)| *m == mv).map(|&(_, v)| v);
            let best = score(thought.searched_best.expect("a best move")).expect("the best is scored");
            let played = score(thought.best_move.expect("a move")).expect("the move played is scored");
            assert!(played >= best - margin, "{time_ms} ms, position {i}: {played} vs {best}, margin {margin}");
            mistakes += usize::from(played < best);
        }
        rates.push(mistakes as f64 / positions.len() as f64);
    }
    println!("deliberately weaker moves at 20 ms and 400 ms: {rates:?} (margin {margin:.1})");
    // Seen on a loaded 2-core machine: 59 % at 20 ms and 56 % at 400 ms (margin 200; at 30, before Othello's
    // `mistakes` went from 60 to 400, 6–19 % and 16–25 %). Before the scoring deepened, 0 % at 400 ms.
    assert!(rates.iter().all(|&r| r > 0.0), "a level errs at every time limit: {rates:?}");
    assert!((rates[0] - rates[1]).abs() <= 0.5, "alike at both limits: {rates:?}");
}
