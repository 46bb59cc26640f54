//! A game whose rules made a game when its file was read but fail to make another later — a script's `start` runs
//! again for every game, under a time budget a busy machine can exhaust. The Play view says so in its message line
//! and keeps the game it has; it never stops the window.

use alphabeta_studio::app::play::{Action, Play, PlayerKind};
use alphabeta_studio::games::any::AnyGame;
use alphabeta_studio::games::family::{RuleSet, Rules, Variant};
use alphabeta_studio::games::registry::{Registry, Source};
use egui_kittest::kittest::Queryable;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::support::*;

/// What a script's `start` says when its call runs out of time.
const SPENT: &str = "games/nim.lua:39: stopped after 3.41 s in one call, past its limit of 3 s (an endless loop, or \
                     too much work in one call?)";

/// Nim's script rules, which start their first `starts` games and then fail as [`SPENT`] says.
#[derive(Debug)]
struct StartsOnly {
    nim: Rules,
    starts: AtomicUsize,
}

impl RuleSet for StartsOnly {
    fn family(&self) -> &'static str {
        self.nim.family()
    }
    fn describe(&self) -> String {
        format!("{} starting {:?} more games", self.nim, self.starts)
    }
    fn new_game(&self) -> Result<AnyGame, String> {
        match self.starts.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1)) {
            Ok(_) => self.nim.new_game(),
            Err(_) => Err(SPENT.to_string()),
        }
    }
}

/// A Nim game `id` called `name` whose rules start `starts` games (the registry's check is the first).
fn flaky_nim(id: &str, name: &str, starts: usize) -> Variant {
    let nim = registry().find("nim").expect("games/nim.lua").variant.clone();
    let rules = Rules::new(StartsOnly { nim: nim.rules, starts: AtomicUsize::new(starts) });
    Variant { id: id.into(), name: name.into(), rules, ..nim }
}

/// The built-in games and `variants`.
fn with(variants: Vec<Variant>) -> Registry {
    let mut registry = Registry::load(std::path::Path::new("/nonexistent"));
    for variant in variants {
        registry.add_variant(variant, Source::BuiltIn).expect("its start is checked once");
    }
    registry
}

/// New game, Import and picking the game again when its rules no longer start: each says why in the message line,
/// and the game on the board stays as it was, playable.
#[test]
fn a_game_that_cannot_start_again_is_said_and_the_game_on_the_board_stays() {
    let expected = format!("Could not start Flaky Nim: {SPENT}");
    // The registry's check, then the game picked below: two starts, then none.
    let registry = with(vec![flaky_nim("flaky-nim", "Flaky Nim", 2), flaky_nim("spent-nim", "Spent Nim", 1)]);
    let mut harness = play_in(registry, "flaky-nim", |play| play.players[1].kind = PlayerKind::Human);
    let take = harness.state().history().position().find_move("take 2 from heap 3").expect("a Nim move");
    harness.state_mut().act(Action::Play(take));
    settle(&mut harness);
    assert_eq!(moves(&harness), 1);

    harness.get_by_label("New game").click();
    settle(&mut harness);
    let message = harness.state().message().expect("a message").clone();
    assert!(message.error, "{message:?}");
    assert_eq!(message.text, expected);
    harness.get_by_label(&expected);
    assert_eq!(harness.state().entry().variant.id, "flaky-nim");
    assert_eq!(moves(&harness), 1, "the game in progress stays");

    harness.state_mut().act(Action::Import("take 1 from heap 1".into()));
    let message = harness.state().message().expect("a message").clone();
    assert_eq!(message.text, format!("Not imported — {expected}"));
    assert_eq!(moves(&harness), 1);
    let take = harness.state().history().position().find_move("take 1 from heap 1").expect("still playable");
    harness.state_mut().act(Action::Play(take));
    assert_eq!(moves(&harness), 2, "and it plays on");

    // A game that cannot start is not switched to: the game on the board is not parked, nothing changes.
    assert!(harness.state_mut().select("spent-nim"));
    let message = harness.state().message().expect("a message").clone();
    assert!(message.error, "{message:?}");
    assert_eq!(message.text, format!("Could not start Spent Nim: {SPENT}"));
    assert_eq!(harness.state().entry().variant.id, "flaky-nim");
    assert_eq!(moves(&harness), 2);

    // A game put aside comes back as it was: nothing to start.
    assert!(harness.state_mut().select("tic-tac-toe"));
    assert_eq!(moves(&harness), 0);
    assert!(harness.state_mut().select("flaky-nim"));
    assert_eq!(moves(&harness), 2);
    settle(&mut harness);
}

/// The first game of the list cannot start when the window opens: the next one that can is on the board, and the
/// message says which could not and why.
#[test]
fn the_window_opens_on_the_first_game_that_starts_and_says_which_could_not() {
    // In place of the built-in tic-tac-toe, the first of the list: its check is its one start.
    let play = Play::new(with(vec![flaky_nim("tic-tac-toe", "Flaky Nim", 1)]));
    assert_eq!(play.entry().variant.id, "connect-four");
    assert_eq!(play.history().moves().len(), 0);
    let message = play.message().expect("a message");
    assert!(message.error, "{message:?}");
    assert_eq!(message.text, format!("Could not start Flaky Nim: {SPENT}"));
}
