//! `check`, the game author's doctor: each small faulty script of `tests/data/scripts/` is caught with the right
//! finding (each script has one fault), and every shipped game — compiled and scripted — passes.

use alphabeta_core::games::any::AnyGame;
use alphabeta_core::games::check::{CheckConfig, CheckReport, FindingKind, check};
use alphabeta_core::games::registry::Registry;
use alphabeta_core::games::script::Script;

fn faulty(name: &str) -> AnyGame {
    let path = crate::common::repository("tests/data/scripts").join(format!("{name}.lua"));
    let script = Script::load(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    AnyGame::new(script.new_game().unwrap_or_else(|e| panic!("{name}: {e}")))
}

fn small() -> CheckConfig {
    CheckConfig { games: Some(20), depth: Some(2), ..CheckConfig::default() }
}

/// Each script's fault is found, alone, of its kind, with its words: the `file:line` where the fault is (a helper's
/// line, `result`'s as well as `moves`', `undo`'s, `click`'s) and the move or place that shows it.
#[test]
fn each_faulty_script_is_caught_with_the_right_finding() {
    use FindingKind::*;
    let cases = [
        ("duplicate-move", DuplicateMove, "duplicate-move.lua:12: moves returned the move 1 twice"),
        ("duplicate-from-helper", DuplicateMove, "duplicate-from-helper.lua:15: moves returned the move 1 twice"),
        (
            "duplicate-from-nested-helper",
            DuplicateMove,
            "duplicate-from-nested-helper.lua:13: moves returned the move 1 twice",
        ),
        (
            "duplicate-in-refilled-list",
            DuplicateMove,
            "duplicate-in-refilled-list.lua:16: moves returned the move 1 twice",
        ),
        ("no-move", NoMove, "no-move.lua:7: result returned nil (the game goes on), but "),
        ("stuck-side", NoMove, "stuck-side.lua:18: result returned nil (the game goes on), but "),
        (
            "evaluate-out-of-bounds",
            ScriptError,
            "evaluate-out-of-bounds.lua:13: evaluate returned 5, outside the bounds",
        ),
        ("evaluate-nan", ScriptError, "evaluate-nan.lua:13: evaluate returned number -nan"),
        ("bad-chances", ScriptError, "bad-chances.lua:6: the probabilities chances returned add up to 0.899"),
        ("duplicate-name", DuplicateName, "two different moves are both called \"take\""),
        ("key-omits-score", KeyCollision, "differ in their evaluation"),
        ("not-deterministic", NotDeterministic, "the same moves from the start gave the key"),
        ("undo-forgets", UndoMismatch, "undo-forgets.lua:11: after the move 1 and its undo, the position's key, turn"),
        (
            "undo-forgets-counter",
            UndoMismatch,
            "undo-forgets-counter.lua:19: after the move 11 and its undo, the position's key differs from before",
        ),
        (
            "undo-forgets-hand",
            UndoMismatch,
            "undo-forgets-hand.lua:19: after the move 2 and its undo, the position's key differs from before",
        ),
        ("bad-draw-count", BadDrawing, "bad-draw-count.lua:18: draw returned 4 cells, but the board has 3 (3 × 1)"),
        ("bad-draw-colour", BadDrawing, "bad-draw-colour.lua:18: draw: cell 2 has stone = \"mauve\", not a colour"),
        ("illegal-click", IllegalClick, "illegal-click.lua:23: a click on cell 2 gives the move 2, which is not legal"),
        ("wrong-point-click", IllegalClick, "wrong-point-click.lua:24: a click on point 1 gives the move 999, which"),
        ("wrong-edge-click", IllegalClick, "wrong-edge-click.lua:29: a click on edge 1 gives the move 0, which is not"),
    ];
    for (name, kind, words) in cases {
        let report = check(&faulty(name), &small());
        assert_eq!(report.findings.len(), 1, "{name}: {:#?}", report.findings);
        let first = &report.findings[0];
        assert_eq!(first.kind, kind, "{name}: {:?}", report.findings);
        assert!(first.message.contains(words), "{name}: {}", first.message);
    }
}

/// A fault met at many positions (a move listed twice at every pile size, a click wrong on every board) is one
/// finding with its count, not one per position.
#[test]
fn one_fault_is_one_finding_with_its_count() {
    for name in ["duplicate-move", "wrong-point-click", "undo-forgets-hand"] {
        let report = check(&faulty(name), &small());
        assert_eq!(report.findings.len(), 1, "{name}: {:#?}", report.findings);
        assert!(report.findings[0].times > 1, "{name}: {:?}", report.findings[0]);
    }
}

/// A stuck position is shown by the moves that reach it; the wrong click by the position where it was clicked.
#[test]
fn the_lines_of_the_new_findings_lead_to_the_fault() {
    let report = check(&faulty("stuck-side"), &small());
    assert_eq!(report.findings[0].line, ["1"]);
    let message = &report.findings[0].message;
    assert!(message.contains("stuck-side.lua:6: moves returned no move: if the side to move has lost"), "{message}");
    let report = check(&faulty("wrong-point-click"), &small());
    assert_eq!(report.findings[0].line, Vec::<String>::new(), "at the start");
}

/// The lines a finding shows lead to a position with the fault: the move list found empty is after three moves
/// that leave one stone (6 − 5), and the collision's two lines reach the same pile by other moves.
#[test]
fn a_finding_shows_the_moves_that_lead_to_it() {
    let report = check(&faulty("no-move"), &small());
    let line = &report.findings[0].line;
    let taken: u32 = line.iter().map(|m| m.parse::<u32>().expect("a number")).sum();
    assert_eq!(taken, 5, "{line:?}");
    let report = check(&faulty("key-omits-score"), &small());
    let collision = report.find(FindingKind::KeyCollision).expect("a collision");
    let other = collision.other_line.as_ref().expect("the other line");
    assert_ne!(&collision.line, other);
    let sum = |l: &[String]| l.iter().map(|m| m.parse::<u32>().expect("a number")).sum::<u32>();
    assert_eq!((sum(&collision.line), collision.line.len() % 2), (sum(other), other.len() % 2));
}

/// The same seed checks the same positions; another seed other games.
#[test]
fn the_seed_decides_the_games() {
    let config = CheckConfig { games: Some(5), depth: Some(1), ..CheckConfig::default() };
    let start = faulty("key-omits-score");
    let counts = |report: CheckReport| (report.positions, report.keys, report.findings);
    assert_eq!(counts(check(&start, &config)), counts(check(&start, &config)));
}

/// Every game the studio ships passes, sized to the game and at a fixed number of games one ply deep, each held to a
/// budget small enough for a test build (docs/writing-a-game.md has the full runs: the default and 1,000 games).
#[test]
fn every_shipped_game_passes() {
    let registry = Registry::load(&crate::common::repository("games"));
    assert!(registry.errors.is_empty(), "{:?}", registry.errors);
    assert!(registry.entries.len() >= 19, "{}", registry.entries.len());
    for entry in &registry.entries {
        let id = &entry.variant.id;
        let start = entry.variant.rules.new_game().unwrap_or_else(|e| panic!("{id}: {e}"));
        let sized = CheckConfig { max_positions: 30_000, ..CheckConfig::default() };
        let fixed = CheckConfig { games: Some(30), depth: Some(1), ..sized.clone() };
        for config in [sized, fixed] {
            let report = check(&start, &config);
            assert!(report.is_clean(), "{id}: {:#?}", report.findings);
            assert!(report.positions > 10, "{id}: {}", report.positions);
            if config.games.is_none() {
                assert!(report.is_finished(), "{id}: {:?} {}", report.stopped, report.coverage());
            }
        }
    }
}
