//! *Check this game…* beside the game picker: the check runs on a worker thread, and its window says a clean game
//! is clean and lists a faulty script's findings with their moves.

use crate::support::{play, play_in, run_until, settle};
use alphabeta_studio::app::play::check_window::{BUTTON, TITLE};
use alphabeta_studio::games::check::FindingKind;
use alphabeta_studio::games::registry::Registry;
use egui_kittest::kittest::Queryable;

#[test]
fn tic_tac_toe_is_checked_off_the_window_thread_and_found_clean() {
    let mut harness = play("tic-tac-toe");
    settle(&mut harness);
    harness.get_by_label(BUTTON).click();
    harness.step();
    // The window is up at once, while the check runs on its own thread.
    assert!(harness.state().check_window.open);
    run_until(&mut harness, "the check's report", |p| p.check_window.report().is_some());
    harness.get_by_label(TITLE);
    let (name, report) = harness.state().check_window.report().cloned().expect("a report");
    assert_eq!(name, "Tic-tac-toe");
    assert!(report.is_clean(), "{:?}", report.findings);
    // Sized to the game: tic-tac-toe is small enough for the most games a sized check plays (1,000 on an idle
    // machine; the plan follows the pace its first games measured). A test machine busy with the other suites may
    // plan fewer or reach the time cap first: then it says so, and nothing walked is faulty.
    assert_eq!(report.depth, 2);
    assert!((1..=1000).contains(&report.planned_games), "{}", report.planned_games);
    if report.is_finished() {
        assert_eq!(report.games, report.planned_games);
        harness.get_by_label("Clean: no finding.");
    } else {
        assert!(report.stopped.as_deref().is_some_and(|why| why.contains(" cap ")), "{:?}", report.stopped);
    }
}

#[test]
fn a_script_whose_key_omits_the_score_is_shown_with_its_collision() {
    let registry = Registry::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/scripts"));
    let mut harness = play_in(registry, "key-omits-score", |_| {});
    settle(&mut harness);
    harness.get_by_label(BUTTON).click();
    run_until(&mut harness, "the check's report", |p| p.check_window.report().is_some());
    let (_, report) = harness.state().check_window.report().cloned().expect("a report");
    let finding = report.findings.first().expect("a finding");
    assert_eq!(finding.kind, FindingKind::KeyCollision);
    harness.get_by_label("1 finding:");
    let times = if finding.times > 1 { format!(" ({} times)", finding.times) } else { String::new() };
    harness.get_by_label(&format!("key collision{times}"));
    harness.get_by_label(&format!("after: {}", finding.line.join(" ")));
    let other = finding.other_line.clone().expect("the other line");
    harness.get_by_label(&format!("and after: {}", other.join(" ")));
}
