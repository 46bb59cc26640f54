//! The one list of families: every game of the registry counted through it (perft against the published tables),
//! every move's name read back to the move in every family, and the `search` command's contract.

use alphabeta_studio::app::play::boards::painter;
use alphabeta_studio::cli::game_arg::{named_game, position};
use alphabeta_studio::games::any::AnyGame;
use alphabeta_studio::games::families::FAMILIES;
use alphabeta_studio::games::registry::Registry;
use rand::{Rng, SeedableRng};
use std::process::Command;

fn start(id: &str) -> AnyGame {
    let named = named_game(id).unwrap_or_else(|e| panic!("{id}: {}", e.0));
    position(&named.rules, None, None).unwrap_or_else(|e| panic!("{id}: {}", e.0))
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
fn every_registered_game_is_of_a_listed_family_and_has_a_painter() {
    let registry = Registry::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games"));
    assert!(registry.errors.is_empty(), "{:?}", registry.errors);
    for entry in &registry.entries {
        let family = entry.variant.rules.family();
        assert!(FAMILIES.iter().any(|f| f.name() == family), "{}: family {family}", entry.variant.id);
    }
    for family in FAMILIES {
        assert!(painter(family.name()).is_some(), "the window lists no painter for the {} family", family.name());
    }
    let mut names: Vec<&str> = FAMILIES.iter().map(|f| f.name()).collect();
    let count = names.len();
    names.dedup();
    assert_eq!(names.len(), count, "family names are unique");
}

/// Issue 41: a compiled family is one folder of one layout and one painter file, named alike (`ConnectFour`:
/// `games/connect_four/` in the core, `boards/connect_four.rs` in the window).
#[test]
fn every_compiled_family_has_one_home_and_a_painter_file() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for family in FAMILIES.iter().filter(|f| f.file_extension().is_none()) {
        let mut folder = String::new();
        for (i, c) in family.name().chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                folder.push('_');
            }
            folder.push(c.to_ascii_lowercase());
        }
        let home = root.join("crates/alphabeta-core/src/games").join(&folder);
        for file in ["mod.rs", "family.rs", "words.rs", "tests.rs"] {
            assert!(home.join(file).is_file(), "{}: no {}", family.name(), home.join(file).display());
        }
        let painter_file = root.join("src/app/play/boards").join(format!("{folder}.rs"));
        assert!(painter_file.is_file(), "{}: no {}", family.name(), painter_file.display());
    }
}

#[test]
fn every_legal_moves_name_reads_back_to_that_move_in_every_family() {
    let registry = Registry::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games"));
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
    assert_eq!(start("chess").side_name(alphabeta_studio::engine::game::Side::Max), "White");
    assert_eq!(start("othello").side_name(alphabeta_studio::engine::game::Side::Min), "White");
    assert_eq!(start("einstein").side_name(alphabeta_studio::engine::game::Side::Max), "Red");
    assert!(start("einstein").has_chance());
    assert!(!start("connect-four").has_chance());
}

fn studio(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_alphabeta-studio")).args(args).output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn search_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["search"];
    all.extend_from_slice(args);
    let (code, out, err) = studio(&all);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}\n{out}"))
}

#[test]
fn search_json_solves_a_tic_tac_toe_position() {
    // X on a1 and b1, O on a2 and b2, X to move: c1 completes the bottom row at once (a win at ply 5 scores
    // 9 + 1 − 5 = 5 for X).
    let json = search_json(&["tic-tac-toe", "--moves", "a1,a2,b1,b2", "--depth", "9", "--json"]);
    assert_eq!(json["game"], "tic-tac-toe");
    assert_eq!(json["best"], "c1");
    assert_eq!(json["value"].as_f64(), Some(5.0), "{json}");
    assert_eq!(json["pv"][0], "c1");
    let iterations = json["iterations"].as_array().expect("iterations");
    assert!(!iterations.is_empty());
    assert_eq!(iterations[0]["depth"], 1);
    for (key, kind) in [("depth", "n"), ("nodes", "n"), ("seconds", "n")] {
        assert!(json[key].is_number(), "{key} {kind}: {json}");
    }
    assert!(json["nodes"].as_u64().is_some_and(|n| n > 0));
    // The empty board is a draw.
    let empty = search_json(&["tic-tac-toe", "--depth", "9", "--json"]);
    assert_eq!(empty["value"].as_f64(), Some(0.0), "{empty}");
    assert_eq!(empty["exact"], true, "{empty}");
}

#[test]
fn search_json_finds_a_connect_four_win() {
    // Red has three in the bottom row (columns 3, 4, 5) with both ends open and is to move: 2 or 6 wins at once.
    let json = search_json(&["connect-four", "--from", "334457", "--depth", "8", "--json"]);
    let best = json["best"].as_str().expect("a best move");
    assert!(best == "2" || best == "6", "{json}");
    assert!(json["value"].as_f64().is_some_and(|v| v > 1.0), "a win scores above 1: {json}");
}

#[test]
fn search_refuses_a_bad_game_position_or_move_with_one_line() {
    for (args, named) in [
        (&["search", "no-such-game"][..], "no-such-game"),
        (&["search", "connect-four", "--from", "4448"][..], "4448"),
        (&["search", "tic-tac-toe", "--moves", "a1,z9"][..], "z9"),
        (&["search", "chess", "--from", "not a fen"][..], "not a fen"),
        (&["search", "tic-tac-toe", "--algo", "magic"][..], "magic"),
        (&["perft", "no-such-game", "2"][..], "no-such-game"),
    ] {
        let (code, out, err) = studio(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(named), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
    }
}
