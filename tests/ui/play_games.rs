//! Games from files in the Play view, driven headlessly through egui_kittest: a broken game file is listed with its
//! error while the rest play, a scripted game is played by clicks (Kalah's extra turn, Pig's die), an edited script
//! is read again when the window regains focus, and the games folder is read off the window's thread.

use alphabeta_studio::app::install_fonts;
use alphabeta_studio::app::play::{Action, Play, PlayerKind};
use alphabeta_studio::engine::game::{Side, Turn};
use alphabeta_studio::games::registry::Registry;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::time::Duration;

use crate::support;
use support::*;

#[test]
fn broken_game_files_are_shown_and_the_rest_still_play() {
    use alphabeta_studio::games::registry::LoadError;
    let mut registry = Registry::load(std::path::Path::new("/nonexistent"));
    registry.errors.push(LoadError { path: "games/broken.ron".into(), message: "1:5: Expected a comma".into() });
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_context_setup(install_fonts)
        .build_ui_state(|ui, play: &mut Play| play.ui(ui), Play::new(registry));
    settle(&mut harness);
    harness.get_by_label("1 game file did not load").click();
    settle(&mut harness);
    harness.get_by_label("games/broken.ron");
    harness.get_by_label("1:5: Expected a comma");
    harness.get_by_label("cell b2");
}

/// A game written as a Lua script, played by clicks. Kalah is picked from the game list; a click on a pit
/// sows it (its last seed in the store: South moves again), a click on a store says why it plays nothing, the move
/// list shows South's two moves as one turn, the AI replies, and Reload games carries the game over.
#[test]
fn a_scripted_game_is_played_by_clicks() {
    use egui::accesskit::Role;
    let mut harness = play("tic-tac-toe");
    settle(&mut harness);
    harness.get_by_role_and_label(Role::ComboBox, "Game").click();
    settle(&mut harness);
    harness.get_by_label("Kalah").click();
    settle(&mut harness);
    assert_eq!(harness.state().entry().variant.id, "kalah");
    let mut ai = harness.state().players[1].clone();
    ai.level = 1;
    harness.state_mut().act(Action::SetPlayer(1, Box::new(ai)));
    // South's pits are the lower row, cells 10–15; pit 3 has 4 seeds, the last lands in South's store.
    harness.get_by_label("cell 12").click();
    settle(&mut harness);
    assert_eq!(moves(&harness), 1);
    harness.get_by_label("South to move (your move).");
    harness.get_by_label("cell 1").click();
    settle(&mut harness);
    harness.get_by_label("that is a store: click one of your pits");
    harness.get_by_label("cell 10").click();
    run_until(&mut harness, "the AI's reply", |p| p.history().moves().len() >= 3 && !p.thinking());
    let record = harness.state().history();
    assert!(!record.sides_alternate());
    let turns = record.turns();
    assert_eq!((turns[0].round, turns[0].plies.clone()), (1, 0..2), "South's two moves are one turn");
    assert_eq!(turns[1].side, alphabeta_studio::engine::game::Side::Min);
    // The list: South's turn with its moves 3 and 1, then North's, each row named by its side (the player panel
    // names both sides once more).
    assert!(harness.query_all_by_label("3").count() >= 1 && harness.query_all_by_label("1").count() >= 1);
    assert!(harness.get_all_by_label("South").count() >= 2 && harness.get_all_by_label("North").count() >= 2);
    let played = harness.state().history().moves().len();
    harness.get_by_label("Reload games").click();
    settle(&mut harness);
    let message = harness.state().message().expect("a message").clone();
    assert!(message.text.contains(&format!("Kalah replayed into its new rules ({played} moves)")), "{message:?}");
    assert_eq!(moves(&harness), played);
}

/// A scripted dice game in the window: Pig's person rolls with the Roll button under the board (a click on *roll*
/// sets the die rolling, the button rolls it), and the AI's rolls happen by themselves, because the side whose
/// decision set the die rolling is the one to roll it.
#[test]
fn a_person_rolls_pigs_die_and_the_ai_rolls_its_own() {
    let mut harness = play_with("pig", |play| {
        play.players[0].kind = PlayerKind::Human;
        play.players[1].kind = PlayerKind::Ai;
    });
    settle(&mut harness);
    assert!(harness.query_by_label("Roll").is_none(), "nothing to roll before the first decision");
    harness.get_by_label("cell 3").click();
    settle(&mut harness);
    harness.get_by_label("First rolls the die.");
    harness.get_by_label("Roll").click();
    settle(&mut harness);
    // Roll, then the die (after a 1 the AI may already be playing on).
    let record = harness.state().history();
    assert_eq!((record.move_name(0).as_str(), record.move_name(1).starts_with("die ")), ("roll", true));
    // Roll on until the turn passes (a 1) or bank the points; then the AI plays a whole turn, its rolls with it.
    for _ in 0..20 {
        let game = harness.state().history().position().clone();
        if game.side_to_move() != Side::Max {
            break;
        }
        harness.get_by_label(if game.turn() == Turn::Chance { "Roll" } else { "cell 7" }).click();
        settle(&mut harness);
    }
    run_until(&mut harness, "the AI's turn, rolls and all", |p| {
        let game = p.history().position();
        p.history().moves().len() > 3 && game.side_to_move() == Side::Max && !p.thinking()
    });
    let record = harness.state().history();
    let names: Vec<String> = (0..record.moves().len()).map(|ply| record.move_name(ply)).collect();
    assert!(names.iter().filter(|n| n.starts_with("die ")).count() >= 2, "{names:?}");
}

/// The window regaining focus after a game file changed reloads the games, the game in progress with
/// them; a focus with nothing changed reloads nothing.
#[test]
fn an_edited_script_is_picked_up_when_the_window_regains_focus() {
    use alphabeta_studio::app::StudioApp;
    use alphabeta_studio::app::shell::View;
    let dir = std::env::temp_dir().join(format!("ui-play-reload-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("nim.lua");
    let nim = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/nim.lua"));
    let nim = nim.expect("nim.lua");
    std::fs::write(&path, &nim).expect("written");
    let mut app = StudioApp { play: Play::new(Registry::load(&dir)), ..StudioApp::default() };
    assert!(app.play.select("nim"));
    app.play.players[1].kind = PlayerKind::Human;
    app.view = View::Play;
    let mut harness = studio(app);
    settle(&mut harness);
    // Heap 1's third stone: take 1 from heap 1.
    harness.get_by_label("cell 3").click();
    settle(&mut harness);
    assert_eq!(harness.state().play.history().move_name(0), "take 1 from heap 1");
    let focus = |harness: &mut Harness<'static, StudioApp>| {
        harness.event(egui::Event::WindowFocused(false));
        harness.step();
        harness.event(egui::Event::WindowFocused(true));
        settle(harness);
    };
    focus(&mut harness);
    assert!(harness.state().play.message().is_none(), "nothing changed, nothing reloaded");
    std::fs::write(&path, nim.replace("name = \"Nim\"", "name = \"Nim, edited\"")).expect("written");
    focus(&mut harness);
    std::fs::remove_dir_all(&dir).ok();
    let play = &harness.state().play;
    assert_eq!(play.entry().variant.name, "Nim, edited");
    assert_eq!(play.history().move_name(0), "take 1 from heap 1");
    harness.get_by_label_contains("Nim, edited replayed into its new rules (1 move)");
}

/// The window opens on the built-in games at once and takes the games folder's once a worker has read
/// it; a script that hangs at load is listed as broken, the others play; a session naming a folder's game, restored
/// while the folder is still being read, waits for it.
#[test]
fn the_games_folder_is_read_off_the_window_thread() {
    use alphabeta_studio::app::StudioApp;
    let dir = std::env::temp_dir().join(format!("ui-play-loading-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let nim = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/nim.lua"));
    std::fs::write(dir.join("nim.lua"), nim.expect("nim.lua")).expect("written");
    std::fs::write(dir.join("hangs.lua"), "while true do pcall(function() while true do end end) end\n").expect("ok");
    let started = std::time::Instant::now();
    let play = Play::loading(dir.clone());
    assert!(started.elapsed() < Duration::from_millis(500), "opened in {:?}", started.elapsed());
    assert!(play.loading_games());
    assert!(play.registry.find("nim").is_none(), "the folder's games come later");
    assert_eq!(play.entry().variant.id, "tic-tac-toe");
    let app = StudioApp { play, ..StudioApp::default() };
    let mut harness = studio(app);
    let deadline = std::time::Instant::now() + Duration::from_secs(12);
    while harness.state().play.loading_games() && std::time::Instant::now() < deadline {
        harness.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    let play = &harness.state().play;
    assert!(play.registry.find("nim").is_some(), "nim joined the list");
    let errors: Vec<String> = play.registry.errors.iter().map(|e| e.line()).collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("hangs.lua:1:"), "{errors:?}");
    // A session naming nim, restored before the worker is done, waits for it.
    let session = play.to_session();
    let mut early = Play::loading(dir.clone());
    let mut nim_session = session.clone();
    nim_session.game = "nim".into();
    let restored = early.restore(&nim_session);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(restored, Ok(()));
    assert_eq!(early.entry().variant.id, "nim");
}
