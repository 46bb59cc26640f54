//! Issue 43, a new user's tour of Play: a hint lives only for its position, a bad position text keeps the dialog
//! open and names the fault, every deliberate mistake is marked, a game is not dropped when another is picked, the
//! move list follows the game and the arrow keys step through it, and the clock waits for the first move.

use alphabeta_studio::app::play::{Action, PlayerKind};
use egui_kittest::kittest::Queryable;

use crate::support;
use support::*;

/// Point 3: a hint asked for, then the person's side handed to the AI: once the AI has moved, the hint (its marks
/// and its line) is gone — it was advice for a position that is no more.
#[test]
fn a_hint_goes_when_the_position_it_was_for_does() {
    let mut harness = play_with("tic-tac-toe", |p| p.players[1].kind = PlayerKind::Human);
    settle(&mut harness);
    harness.state_mut().act(Action::Hint);
    run_until(&mut harness, "the hint", |p| p.hint().is_some() && !p.thinking());
    harness.get_by_label_contains("Hint: ");
    let mut ai = harness.state().players[0].clone();
    ai.kind = PlayerKind::Ai;
    harness.state_mut().act(Action::SetPlayer(0, Box::new(ai)));
    run_until(&mut harness, "the AI's move", |p| p.history().moves().len() == 1 && !p.thinking());
    assert_eq!(harness.state().hint(), None, "no hint for a position it was not asked for");
    assert!(harness.query_by_label_contains("Hint: ").is_none(), "the hint's line went with it");
}
