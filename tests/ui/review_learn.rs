//! Learn from your mistakes, after a review: the board goes to each mistake of one side, a wrong try is told it is
//! not good enough and the better move that it is, *Next* goes on, the summary counts what was found, and leaving
//! (Escape) shows the game exactly as it was.

use alphabeta_studio::app::play::review::learn;
use alphabeta_studio::app::play::{Action, Play, PlayerKind};
use alphabeta_studio::engine::search::limits::Limits;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::support::*;

/// Tic-tac-toe, both sides people: X's 3. a3 leaves O's b-file open (b3 blocks), then X's 4. c1 misses the win on
/// the third row (b3 again); O's 3…a2 missed that same win.
const TWO_BLUNDERS: &str = "a1 b2 c3 b1 a3 a2 c1";

/// Imports `record` into `id`'s Play view (set up by `configure`) and reviews it through the window.
fn reviewed(id: &str, record: &str, configure: impl FnOnce(&mut Play)) -> Harness<'static, Play> {
    let mut harness = play_with(id, |play| {
        configure(play);
        play.act(Action::Import(record.to_string()));
    });
    settle(&mut harness);
    harness.get_by_label("Review…").click();
    settle(&mut harness);
    harness.get_by_label("Start review").click();
    run_until(&mut harness, "the review", |play| play.review().is_some());
    harness
}

/// The moves of the game on the board, by name.
fn names(play: &Play) -> Vec<String> {
    (0..play.history().moves().len()).map(|ply| play.history().move_name(ply)).collect()
}

/// Clicks `target` on the exercise's board and waits for the worker's verdict on the try.
fn try_on_board(harness: &mut Harness<'static, Play>, target: &str) {
    harness.get_by_label(target).click();
    run_until(harness, target, judged);
}

/// Clicks the exercise's button `label`.
fn press(harness: &mut Harness<'static, Play>, label: &str) {
    harness.get_by_label(label).click();
    settle(harness);
}

/// True once the exercise has judged the try on its worker.
fn judged(play: &Play) -> bool {
    play.review.learn.exercise.as_ref().is_some_and(|e| matches!(e.phase, learn::Phase::Judged { .. }))
}

#[test]
fn a_wrong_try_is_not_good_enough_the_block_is_and_leaving_keeps_the_game() {
    let mut harness = reviewed("tic-tac-toe", TWO_BLUNDERS, |play| play.players[1].kind = PlayerKind::Human);
    let before = names(harness.state());
    // Both sides were people's: the player chooses whose mistakes (every side has some here).
    press(&mut harness, "Learn from X's mistakes");
    harness.get_by_label("3. a3 was a blunder. Find a better move for X.");
    harness.get_by_label("X · mistake 1 of 2: 3. a3??");
    // The position before the mistake: a3 is empty again, and the game's controls rest.
    assert!(harness.get_by_label("Undo").accesskit_node().is_disabled(), "the game's buttons rest during the exercise");
    try_on_board(&mut harness, "cell c2");
    harness.get_by_label("That's another blunder.");
    harness.get_by_label_contains("c2 loses where b3 draws");
    press(&mut harness, "Try again");
    try_on_board(&mut harness, "cell b3");
    harness.get_by_label("Good move!");
    harness.get_by_label("Good move! b3 is the best move.");
    press(&mut harness, "Next mistake");
    harness.get_by_label("4. c1 was a blunder. Find a better move for X.");
    harness.get_by_label("X · mistake 2 of 2: 4. c1??");
    // Shown rather than found: the line is played out on the board and counted as shown.
    press(&mut harness, "Show the answer");
    harness.get_by_label("Better was b3.");
    press(&mut harness, "Finish");
    harness.get_by_label("You found a better move for 1 of 2.");
    harness.get_by_label("shown: b3");
    harness.key_press(egui::Key::Escape);
    settle(&mut harness);
    let play = harness.state();
    assert!(play.review.learn.exercise.is_none(), "Escape leaves the exercise");
    assert_eq!(names(play), before, "the game's moves are unchanged");
    assert_eq!(play.viewing(), None, "back at the game itself");
    assert_eq!(play.message().map(|m| m.text.as_str()), Some("Back to the game: nothing in it was changed."));
    harness.get_by_label("c1??");
    assert!(!harness.get_by_label("Undo").accesskit_node().is_disabled());
}

/// Connect Four, Red a person and Yellow the AI: Red's 4. 2 let Yellow drop a fourth stone in column 1. The exact
/// oracle judges the tries: 7 loses, 1 (the block) is best. Leaving returns to the earlier position that was on
/// view.
#[test]
fn connect_four_s_oracle_judges_the_tries_on_the_board() {
    let mut harness = reviewed("connect-four", "41413121", |_| {});
    harness.state_mut().act(Action::View(Some(3)));
    press(&mut harness, "Learn from your mistakes");
    harness.get_by_label("4. 2 was a blunder. Find a better move for Red.");
    try_on_board(&mut harness, "column 7");
    harness.get_by_label_contains("That's another blunder: 7 loses where 1 wins.");
    press(&mut harness, "Try again");
    try_on_board(&mut harness, "column 1");
    harness.get_by_label("Good move! 1 is the best move.");
    press(&mut harness, "Finish");
    harness.get_by_label("You found a better move for 1 of 1.");
    press(&mut harness, "Leave the exercise");
    assert!(!learn::active(harness.state()));
    assert_eq!(names(harness.state()), ["4", "1", "4", "1", "3", "1", "2", "1"]);
    assert_eq!(harness.state().viewing(), Some(3), "the position on view before the exercise");
    harness.get_by_label_contains("Viewing the position after 2. 4");
    assert!(harness.state().history().position().outcome().is_some(), "still won by Yellow");
}

/// A try whose search takes long shows that it is being judged and can be cancelled: the window keeps drawing, Cancel
/// stops the search and asks for a move again, and the game is untouched. (The review's judgement of the blunder is
/// taken as searched rather than proven, and its plan given a long search, so the try has to be searched.)
#[test]
fn a_try_being_judged_can_be_cancelled() {
    let mut harness = reviewed("connect-four", "41413121", |_| {});
    press(&mut harness, "Learn from your mistakes");
    if let Some(exercise) = harness.state_mut().review.learn.exercise.as_mut() {
        exercise.mistakes[0].proven = false;
        exercise.plan.config.limits = Limits { time_ms: Some(60_000), ..Limits::NONE };
    }
    harness.get_by_label("column 7").click();
    for _ in 0..5 {
        harness.step();
    }
    harness.get_by_label_contains("Judging your move at the review's strength (level 10)");
    press(&mut harness, "Cancel");
    let play = harness.state();
    let exercise = play.review.learn.exercise.as_ref().expect("still in the exercise");
    assert!(matches!(exercise.phase, learn::Phase::Asking), "back to asking for a move");
    assert_eq!(play.message().map(|m| m.text.as_str()), Some("Stopped judging: try a move again."));
    harness.get_by_label("4. 2 was a blunder. Find a better move for Red.");
    harness.key_press(egui::Key::Escape);
    settle(&mut harness);
    assert!(!learn::active(harness.state()));
    assert_eq!(names(harness.state()), ["4", "1", "4", "1", "3", "1", "2", "1"]);
}

/// A game replaced from the menus while the exercise runs (File ▸ Import game) ends the exercise: the board is the
/// new game's, not a mistake of the old one.
#[test]
fn a_game_replaced_meanwhile_ends_the_exercise() {
    let mut harness = reviewed("connect-four", "41413121", |_| {});
    press(&mut harness, "Learn from your mistakes");
    assert!(learn::active(harness.state()));
    harness.state_mut().act(Action::Import("44".to_string()));
    settle(&mut harness);
    assert!(harness.state().review.learn.exercise.is_none(), "the exercise ended with its game");
    assert_eq!(names(harness.state()), ["4", "4"]);
    harness.get_by_label_contains("Red to move");
}
