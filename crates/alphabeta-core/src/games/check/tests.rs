use super::*;
use crate::games::registry::Registry;

fn start_of(id: &str) -> AnyGame {
    let registry = Registry::built_in_only(None);
    let entry = registry.find(id).unwrap_or_else(|| panic!("{id} is built in"));
    entry.variant.rules.new_game().expect("it starts")
}

fn small() -> CheckConfig {
    CheckConfig { games: Some(20), depth: Some(2), ..CheckConfig::default() }
}

#[test]
fn tic_tac_toe_is_clean_and_the_work_is_counted() {
    let report = check(&start_of("tic-tac-toe"), &small());
    assert!(report.is_clean(), "{:?}", report.findings);
    assert_eq!(report.games, 20);
    assert_eq!(report.stopped, None);
    // The start and its 9 + 72 positions two plies deep, then more below the random games' positions.
    assert!(report.positions > 82, "{}", report.positions);
    assert!(report.keys > 82 && report.keys <= 5478, "{}", report.keys);
}

#[test]
fn the_caps_stop_the_check_and_say_so() {
    let config = CheckConfig { max_positions: 50, ..small() };
    let report = check(&start_of("connect-four"), &config);
    assert_eq!(report.stopped.as_deref(), Some("stopped at the cap of 50 positions"));
    assert!(report.positions <= 51, "{}", report.positions);
}

/// A key that leaves out the score makes two positions one: the collision names both lines.
#[test]
fn a_key_without_the_score_is_a_collision_shown_by_both_lines() {
    let text = include_str!("../../../../../tests/data/scripts/key-omits-score.lua");
    let script = crate::games::script::Script::from_source("key-omits-score.lua", "k", text.into()).expect("loads");
    let start = AnyGame::new(script.new_game().expect("starts"));
    let report = check(&start, &small());
    let finding = report.find(FindingKind::KeyCollision).expect("a collision");
    let other = finding.other_line.clone().unwrap_or_default();
    assert!(finding.message.contains("evaluation"), "{}", finding.message);
    // Both lines end with the same pile and turn, by other moves.
    let stones = |line: &[String]| line.iter().map(|m| m.parse::<u32>().unwrap_or(99)).sum::<u32>();
    assert_eq!(stones(&finding.line), stones(&other), "{finding:?}");
    assert_eq!(finding.line.len() % 2, other.len() % 2, "{finding:?}");
    assert_ne!(finding.line, other);
}

/// Without games or depth, the check measures the game and plans its walk: two plies deep below many games of a
/// short game, one ply below fewer of a long one with many moves; the report says so in one line.
#[test]
fn an_unsized_check_is_sized_to_the_game_and_says_what_it_covered() {
    let report = check(&start_of("tic-tac-toe"), &CheckConfig::default());
    assert_eq!((report.depth, report.planned_games, report.games), (2, plan::MOST_GAMES, plan::MOST_GAMES));
    assert!(report.is_finished() && report.is_clean());
    let (moves, plies) = report.sized.expect("sized");
    assert!((4.0..=9.0).contains(&moves) && (5.0..=9.0).contains(&plies), "{moves} {plies}");
    assert!(
        report.coverage().starts_with("1000 random games to their end, every position on them walked 2 plies deep")
    );

    let config = CheckConfig { max_positions: 20_000, ..CheckConfig::default() };
    let report = check(&AnyGame::new(crate::games::chess::Chess::new()), &config);
    assert_eq!(report.depth, 1, "{}", report.coverage());
    assert!(report.planned_games < plan::MOST_GAMES, "{}", report.coverage());
    assert!(report.positions <= 20_000, "{}", report.positions);
}

/// Given games and depth are kept as they are.
#[test]
fn a_given_size_is_kept() {
    let report = check(&start_of("tic-tac-toe"), &small());
    assert_eq!((report.games, report.planned_games, report.depth, report.sized), (20, 20, 2, None));
    assert_eq!(report.coverage(), "20 random games to their end, every position on them walked 2 plies deep");
}

/// A compiled game's report says nothing of clicks (its board is not a script's); a script's counts them in words.
#[test]
fn clicks_are_named_only_when_some_were_checked() {
    let with = |clicks| CheckReport { clicks, ..CheckReport::default() }.clicks_phrase(",");
    assert_eq!(with(0), "");
    assert_eq!(with(1), ", 1 click");
    assert_eq!(with(20_000), ", 20,000 clicks");
}
