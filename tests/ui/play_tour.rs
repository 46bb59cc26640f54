//! A hint lives only for its position, a bad position text keeps the dialog
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

/// Point 11: the search panel said "chosen on purpose by a weaker level" of moves the move list did not mark `?!`
/// (a tie the level's noise broke, or a best found by an iteration cut short). Move by move through weak games, the
/// list gains a `?!` exactly when the panel calls the move played a deliberate mistake.
#[test]
fn every_move_the_panel_calls_a_mistake_is_marked_in_the_list() {
    let mut called = 0;
    for seed in 1..4 {
        // Paused before the harness draws its first frames, which would let the AIs play on.
        let mut harness = play_with("connect-four", |p| {
            for player in &mut p.players {
                player.kind = PlayerKind::Ai;
                player.level = 1;
                player.seed = seed;
            }
            p.act(Action::TogglePause);
        });
        for ply in 0..10 {
            if harness.state().history().position().outcome().is_some() {
                break;
            }
            let marked_before = harness.query_all_by_label_contains("?! (").count();
            harness.state_mut().act(Action::Step);
            run_until(&mut harness, "one AI move", |p| p.history().moves().len() == ply + 1 && !p.thinking());
            let on_purpose = harness.query_by_label_contains("(chosen on purpose by a weaker level)").is_some();
            let marked = harness.query_all_by_label_contains("?! (").count() - marked_before;
            assert_eq!(marked, usize::from(on_purpose), "seed {seed}, move {}: the panel and the list", ply + 1);
            called += usize::from(on_purpose);
        }
    }
    assert!(called > 0, "level 1 made no deliberate mistake in three games");
}

/// Point 10: a bad FEN closed the Set up window, lost the text and said only "The board is invalid". The window
/// stays open with the text, names the fault, and closes once a good position is set up.
#[test]
fn a_bad_position_keeps_the_set_up_window_open_and_names_the_fault() {
    use alphabeta_studio::app::play::records_window::{Asking, RecordsWindow};
    use eframe::egui::accesskit::Role;
    let bad = "rnbqkbnr/pppppppp/8/8/8/9/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut harness = play_with("chess", |p| {
        p.players[1].kind = PlayerKind::Human;
        p.records_window = RecordsWindow { asking: Some(Asking::SetUp), text: bad.to_string(), error: None };
    });
    settle(&mut harness);
    harness.get_by_role_and_label(Role::Button, "Set up position").click();
    settle(&mut harness);
    assert_eq!(harness.state().records_window.asking, Some(Asking::SetUp), "the window stays open");
    assert_eq!(harness.state().records_window.text, bad, "with the text as typed");
    let said = harness.state().records_window.error.clone().unwrap_or_default();
    assert!(said.contains("rank 3 has 9 squares"), "the fault, named: {said}");
    let shown = harness.query_all_by_label_contains("rank 3 has 9 squares").count();
    assert_eq!(shown, 2, "in the window and above the board");
    assert!(harness.query_by_label_contains("The board is invalid").is_none());
    let good = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    harness.state_mut().records_window.text = good.to_string();
    harness.get_by_role_and_label(Role::Button, "Set up position").click();
    settle(&mut harness);
    assert_eq!(harness.state().records_window.asking, None, "set up: the window closes");
    assert_eq!(harness.state().position_text(), good);
}

/// Point 13: in a long game the newest moves fell below the side panel's fold, and ← → did nothing. The list keeps
/// the newest move in sight, and ← → Home End step through the game.
#[test]
fn the_move_list_follows_the_game_and_the_arrow_keys_step_through_it() {
    use eframe::egui;
    let mut harness = play_with("chess", |p| {
        p.players[1].kind = PlayerKind::Human;
        // 48 plies, both sides by hand: a game of 24 moves.
        for ply in 0..48 {
            let moves = p.history().position().legal_moves();
            if p.history().position().outcome().is_some() || moves.is_empty() {
                break;
            }
            p.act(Action::Play(moves[(ply * 7) % moves.len()]));
        }
    });
    settle(&mut harness);
    let count = harness.state().history().moves().len();
    assert!(count >= 40, "a long game: {count} plies");
    for (width, height) in [(800.0, 600.0), (1280.0, 800.0), (2560.0, 1440.0)] {
        harness.set_size(egui::vec2(width, height));
        // A resized window draws a few frames; the list settles at its new height in the second.
        harness.run_steps(4);
        let last = harness.state().history().move_name(count - 1);
        let newest = harness.get_all_by_label(&last).map(|n| n.rect().max.y).fold(0.0_f32, f32::max);
        assert!(newest > 0.0 && newest <= height, "{width}×{height}: the newest move {last} at y {newest}");
    }
    harness.set_size(egui::vec2(800.0, 600.0));
    harness.run_steps(4);
    harness.key_press(egui::Key::ArrowLeft);
    settle(&mut harness);
    assert_eq!(viewing(&harness), Some(count - 1), "← one move back");
    harness.key_press(egui::Key::Home);
    settle(&mut harness);
    assert_eq!(viewing(&harness), Some(0), "Home: the start");
    harness.key_press(egui::Key::ArrowRight);
    settle(&mut harness);
    assert_eq!(viewing(&harness), Some(1), "→ one move on");
    let first = harness.state().history().move_name(0);
    let first_y = harness.get_all_by_label(&first).map(|n| n.rect().min.y).fold(f32::MAX, f32::min);
    assert!((0.0..=600.0).contains(&first_y), "the list scrolled back to the first move: y {first_y}");
    harness.key_press(egui::Key::End);
    settle(&mut harness);
    assert_eq!(viewing(&harness), None, "End: the game");
}

/// The position on view, as the status line reads it ("Viewing the position after move n"), or `None` for the game.
fn viewing(harness: &egui_kittest::Harness<'static, alphabeta_studio::app::play::Play>) -> Option<usize> {
    let viewing = harness.state().viewing();
    let said = match viewing {
        Some(0) => Some("Viewing the starting position (read-only)".to_string()),
        Some(n) => {
            let after = alphabeta_studio::play::numbering::numbered_move(harness.state().history(), n - 1);
            Some(format!("Viewing the position after {after} (read-only)"))
        }
        None => None,
    };
    if let Some(said) = said {
        harness.get_by_label(&said);
    }
    viewing
}

/// Point 12: picking another game dropped an imported chess game without a word and started Connect Four between
/// two AIs at once. The game left is kept and the view says so; two AIs wait for Resume; the game comes back.
#[test]
fn picking_another_game_keeps_this_one_and_says_so() {
    let mut harness = play_with("chess", |p| {
        p.act(Action::Import("1. e4 e5 2. Nf3 Nc6 *".into()));
        for player in &mut p.players {
            player.kind = PlayerKind::Ai;
        }
    });
    settle(&mut harness);
    assert_eq!(moves(&harness), 4, "the imported game");
    assert!(harness.state_mut().select("connect-four"));
    for _ in 0..20 {
        harness.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    harness.get_by_label_contains("The Chess game (at move 2) is kept");
    harness.get_by_label_contains("press Resume");
    assert_eq!(moves(&harness), 0, "two AIs wait for Resume");
    assert!(!harness.state().thinking());
    assert!(harness.state_mut().select("chess"));
    settle(&mut harness);
    assert_eq!(moves(&harness), 4, "the chess game came back");
    harness.get_by_label_contains("Back to the Chess game");
}

/// Point 21: the clock ran from the moment it was ticked, before anyone had moved. Now no clock runs until the first
/// move; then the side to move's does.
#[test]
fn the_clock_starts_with_the_first_move() {
    use alphabeta_studio::engine::search::clock::TimeControl;
    let mut harness = play_with("connect-four", |p| p.players[1].kind = PlayerKind::Human);
    harness.state_mut().act(Action::SetClock(Some(TimeControl { base_ms: 60_000, increment_ms: 0 })));
    for _ in 0..30 {
        harness.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(harness.state().clock_reading(0), Some((60_000, false)), "no move yet: White's clock stands");
    harness.state_mut().act(Action::Play(3));
    for _ in 0..30 {
        harness.step();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let (left, running) = harness.state().clock_reading(1).expect("a clock");
    assert!(running && left < 60_000, "after the first move the second player's clock runs: {left} ms");
    assert_eq!(harness.state().clock_reading(0), Some((60_000, false)), "the first move was not timed");
}

/// A side's turn of several moves (Dots and Boxes: two boxes closed, then a line) that did not fit the side panel
/// wrapped its last move onto the next turn's row at 800 × 600. Every move of the list has a place of its own.
#[test]
fn a_turn_of_several_moves_keeps_to_its_own_rows() {
    use eframe::egui;
    let mut harness = play_with("dots-and-boxes", |p| {
        p.players[0].kind = PlayerKind::Human;
        p.players[1].kind = PlayerKind::Human;
        // Blue closes a box with b3-b4, another with a2-b2, then draws d1-d2; Red replies c1-d1.
        p.act(Action::Import("a4-b4 a3-a4 a2-a3 b2-b3 a3-b3 b3-b4 a2-b2 d1-d2 c1-d1".to_string()));
    });
    let said = harness.state().message().map(|m| m.text.clone());
    assert_eq!(harness.state().history().moves().len(), 9, "{said:?}");
    for (width, height) in [(800.0, 600.0), (1280.0, 800.0)] {
        harness.set_size(egui::vec2(width, height));
        harness.run_steps(4);
        let names = ["b3-b4", "a2-b2", "d1-d2", "c1-d1"];
        let rects: Vec<egui::Rect> = names.iter().map(|name| harness.get_by_label(name).rect()).collect();
        for (i, a) in rects.iter().enumerate() {
            for (j, b) in rects.iter().enumerate().skip(i + 1) {
                assert!(!a.intersects(*b), "{width}×{height}: {} at {a:?} overlaps {} at {b:?}", names[i], names[j]);
            }
        }
        assert!(rects[3].min.y >= rects[2].max.y, "{width}×{height}: Red's reply is below Blue's turn");
    }
}

/// The game picker's list held 17 of the 18 games at 1280 × 800: egui measured the new popup within its default
/// area size, and the last game (Tic-tac-toe's script) sat below the list's fold. Every game is in sight.
#[test]
fn the_game_list_shows_every_game_when_the_window_has_room() {
    use eframe::egui;
    let mut harness = play("tic-tac-toe");
    settle(&mut harness);
    harness.get_by_role_and_label(egui::accesskit::Role::ComboBox, "Game").click();
    harness.run_steps(3);
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0));
    let popup = harness.ctx.memory(|m| {
        let rects: Vec<egui::Rect> =
            m.areas().visible_layer_ids().into_iter().filter_map(|layer| m.area_rect(layer.id)).collect();
        rects.into_iter().find(|r| *r != screen).expect("the list is open")
    });
    let last = harness.state().registry.entries.last().expect("games").variant.name.clone();
    let at = harness.get_by_label(&last).rect();
    assert!(popup.contains_rect(at), "{last} at {at:?} lies within the list {popup:?}");
}

/// At 800 × 600 the move list sat below the side panel's fold, under the players' settings (an AI's level, its
/// strength, its settings): a short window puts it straight after the game's buttons, in sight with the game picker
/// above it, before and after moves.
#[test]
fn the_move_list_is_in_sight_in_an_800_by_600_window() {
    use alphabeta_studio::engine::search::deepening::EngineConfig;
    use alphabeta_studio::engine::search::limits::Limits;
    use eframe::egui;
    let mut harness = play_with("tic-tac-toe", |p| {
        p.players[1].kind = PlayerKind::Ai;
        // Its own settings, which make no deliberate mistakes: the list names the moves plainly.
        p.players[1].custom = true;
        p.players[1].config = EngineConfig { limits: Limits::depth(2), ..EngineConfig::default() };
    });
    harness.set_size(egui::vec2(800.0, 600.0));
    harness.run_steps(4);
    let empty = harness.get_by_label("No moves yet.").rect();
    assert!(empty.max.y <= 600.0, "the empty list at {empty:?}");
    let first = harness.state().history().position().legal_moves()[0];
    harness.state_mut().act(Action::Play(first));
    run_until(&mut harness, "the AI's reply", |p| p.history().moves().len() == 2 && !p.thinking());
    harness.run_steps(4);
    for ply in 0..2 {
        let name = harness.state().history().move_name(ply);
        // The board's square of the same name lies right of the side panel.
        let rects: Vec<egui::Rect> =
            harness.get_all_by_label(&name).map(|n| n.rect()).filter(|r| r.max.x < 320.0).collect();
        assert_eq!(rects.len(), 1, "move {name} in the list: {rects:?}");
        assert!(rects[0].min.y >= 0.0 && rects[0].max.y <= 600.0, "move {name} at {:?}", rects[0]);
    }
    // The heading and the picker's own label: neither scrolled away above the panel.
    let top = harness.get_all_by_label("Game").map(|n| n.rect().min.y).fold(f32::MAX, f32::min);
    assert!((0.0..=600.0).contains(&top), "the game picker scrolled away: y {top}");
}
