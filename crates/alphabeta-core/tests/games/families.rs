//! The one list of families: every game of the registry counted through it (perft against the published tables),
//! every move's name read back to the move in every family, every family's own names for its boards.

use alphabeta_core::games::any::AnyGame;
use alphabeta_core::games::families::FAMILIES;
use alphabeta_core::games::registry::Registry;
use rand::{Rng, SeedableRng};

/// The start of the game `id` names, as the command line reads a game's name: a registered game, else a family's
/// own name for a board (`connect-four-8x7`).
fn start(id: &str) -> AnyGame {
    let rules = match Registry::standard().find(id) {
        Some(entry) => entry.variant.rules.clone(),
        None => FAMILIES
            .iter()
            .find_map(|family| family.command_line_rules(id))
            .unwrap_or_else(|| panic!("{id}: no such game"))
            .unwrap_or_else(|e| panic!("{id}: {e}")),
    };
    rules.new_game().unwrap_or_else(|e| panic!("{id}: {e}"))
}

#[test]
fn perft_through_the_list_counts_each_familys_table() {
    let tables: &[(&str, &[(u32, u64)])] = &[
        ("tic-tac-toe", &[(1, 9), (2, 72), (3, 504), (4, 3_024), (5, 15_120), (9, 255_168)]),
        ("four-in-a-row-5x5", &[(1, 25), (2, 600), (3, 13_800)]),
        ("gomoku-9x9", &[(1, 81), (2, 6_480)]),
        ("connect-four", &[(1, 7), (4, 2_401), (7, 823_536)]),
        ("connect-four-8x7", &[(2, 64)]),
        ("othello", &[(1, 4), (3, 56), (5, 1_396), (6, 8_200)]),
        ("othello-4x4", &[(1, 4), (2, 12)]),
        ("draughts", &[(1, 7), (3, 302), (6, 36_768)]),
        ("einstein", &[(1, 6), (2, 18)]),
        ("chess", &[(1, 20), (2, 400), (3, 8_902)]),
        ("kiwipete", &[(1, 48), (2, 2_039)]),
    ];
    for &(id, table) in tables {
        let game = start(id);
        for &(depth, leaves) in table {
            assert_eq!(game.perft(depth), Ok(leaves), "{id} perft({depth})");
        }
    }
}

#[test]
fn every_legal_moves_name_reads_back_to_that_move_in_every_family() {
    let registry = Registry::load(&crate::common::repository("games"));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(14);
    for entry in &registry.entries {
        for line in 0..3 {
            let mut game = entry.variant.rules.new_game().expect("a registered game starts");
            let mut checked = 0;
            for ply in 0..40 {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &mv in &moves {
                    let name = game.move_name(mv);
                    assert_eq!(game.find_move(&name), Some(mv), "{} line {line} ply {ply}: '{name}'", entry.variant.id);
                    checked += 1;
                }
                let mv = moves[rng.random_range(0..moves.len())];
                game.try_play(mv).expect("a legal move plays");
            }
            assert!(checked > 0, "{}", entry.variant.id);
            assert_eq!(game.find_move("no such move"), None, "{}", entry.variant.id);
        }
    }
}

#[test]
fn side_names_and_chance_are_the_familys() {
    assert_eq!(start("chess").side_name(alphabeta_core::engine::game::Side::Max), "White");
    assert_eq!(start("othello").side_name(alphabeta_core::engine::game::Side::Min), "White");
    assert_eq!(start("einstein").side_name(alphabeta_core::engine::game::Side::Max), "Red");
    assert!(start("einstein").has_chance());
    assert!(!start("connect-four").has_chance());
}
