//! Sessions in the real window, driven headlessly through egui_kittest: play a game by clicking, save the session
//! with Ctrl+S through the in-window dialog, start a new session, open the saved one from the dialog's list, and
//! find the same game; and the "save changes?" question before a new session.

use alphabeta_studio::app::StudioApp;
use alphabeta_studio::app::play::{Action, PlayerKind, review};
use alphabeta_studio::app::session::SessionAction;
use alphabeta_studio::app::session::store::Store;
use alphabeta_studio::app::shell::View;
use alphabeta_studio::app::telemetry::deepening::Rung;
use alphabeta_studio::engine::search::limits::Limits;
use alphabeta_studio::review::{ReviewBudget, ReviewSettings};
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::support;
use support::*;

/// The studio over a fresh session folder, removed with the returned guard when the test is over.
fn studio(name: &str) -> (Harness<'static, StudioApp>, tempfile::TempDir) {
    let dir = tempfile::Builder::new().prefix(&format!("abs-ui-session-{name}-")).tempdir().expect("temp folder");
    let mut app = StudioApp::with_store(Some(Store::new(dir.path())));
    // The system's dialog would block a headless test; the in-window one is what CI and Xvfb get anyway.
    app.sessions.use_native_dialogs = false;
    assert!(app.play.select("tic-tac-toe"));
    app.view = View::Play;
    let harness = crate::support::studio(app);
    (harness, dir)
}

fn move_names(app: &StudioApp) -> Vec<String> {
    let record = app.play.history();
    (0..record.moves().len()).map(|i| record.move_name(i)).collect()
}

/// Replaces the dialog's path with `path` and presses the dialog's button `verb`.
fn answer_dialog(harness: &mut Harness<'static, StudioApp>, path: &std::path::Path, verb: &str) {
    harness.get_by_label("Path").focus();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Path").type_text(&path.display().to_string());
    let _ = harness.run_ok();
    harness.get_by_label(verb).click();
    let _ = harness.run_ok();
}

#[test]
fn play_save_start_anew_open_and_find_the_same_game() {
    let (mut harness, dir) = studio("round-trip");
    let _ = harness.run_ok();
    harness.get_by_label("cell b2").click();
    run_until(&mut harness, "the AI's reply", |app| app.play.history().moves().len() == 2 && !app.play.thinking());
    let played = move_names(harness.state());
    assert!(harness.state().unsaved(), "a game played is unsaved work");

    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    let _ = harness.run_ok();
    harness.get_by_label("Save the session");
    let path = dir.path().join("my-game.ron");
    answer_dialog(&mut harness, &path, "Save");
    assert!(path.is_file(), "saved to the typed path");
    assert!(!harness.state().unsaved());
    harness.get_by_label("my-game.ron");

    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    let _ = harness.run_ok();
    assert!(move_names(harness.state()).is_empty(), "a new session starts a new game");

    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    let _ = harness.run_ok();
    harness.get_by_label("Open a session");
    // The dialog lists the saves folder: a click on the file opens it.
    harness.get_by_label(&path.display().to_string()).click();
    let _ = harness.run_ok();
    let app = harness.state();
    assert_eq!(move_names(app), played, "the same moves");
    assert_eq!(app.play.entry().variant.id, "tic-tac-toe");
    assert_eq!(app.view, View::Play);
    assert_eq!(app.sessions.path.as_deref(), Some(path.as_path()));
    assert!(!app.unsaved());
}

#[test]
fn unsaved_work_is_asked_about_and_cancel_keeps_it() {
    let (mut harness, dir) = studio("prompt");
    let _ = harness.run_ok();
    harness.get_by_label("cell a1").click();
    run_until(&mut harness, "the AI's reply", |app| app.play.history().moves().len() == 2 && !app.play.thinking());
    harness.get_by_label("File").click();
    let _ = harness.run_ok();
    harness.get_by_label_contains("New session").click();
    let _ = harness.run_ok();
    harness.get_by_label_contains("changes that are not saved");
    harness.get_by_label("Cancel").click();
    let _ = harness.run_ok();
    assert_eq!(harness.state().play.history().moves().len(), 2, "Cancel keeps the game");

    // Save from the question: the dialog asks where, then the new session starts.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    let _ = harness.run_ok();
    harness.get_by_label("Save").click();
    let _ = harness.run_ok();
    let path = dir.path().join("kept.ron");
    answer_dialog(&mut harness, &path, "Save");
    assert!(path.is_file());
    assert!(harness.state().play.history().moves().is_empty(), "then the new session started");
}

/// A session whose search record claims ply 10¹² once reached the Telemetry view and aborted the
/// window (an 8.8 GB grid). Opened through the window's own dialog, it is refused: the dialog names the field, and
/// the game on the board stays.
#[test]
fn a_session_with_an_impossible_ply_is_refused_in_the_window() {
    let (mut harness, dir) = studio("hostile-ply");
    let _ = harness.run_ok();
    harness.get_by_label("cell b2").click();
    run_until(&mut harness, "the AI's reply", |app| app.play.history().moves().len() == 2 && !app.play.thinking());
    let played = move_names(harness.state());
    let mut session = harness.state().to_session();
    let record = session.play.telemetry.records.first_mut().expect("the AI's move left a record");
    record.ply = 1_000_000_000_000;
    std::fs::create_dir_all(dir.path()).expect("folder");
    let path = dir.path().join("hostile.ron");
    std::fs::write(&path, alphabeta_studio::app::session::format::to_ron(&session)).expect("write");

    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    let _ = harness.run_ok();
    harness.get_by_label_contains("changes that are not saved");
    harness.get_by_label("Don't save").click();
    let _ = harness.run_ok();
    harness.get_by_label("Open a session");
    answer_dialog(&mut harness, &path, "Open");
    // The game is still unsaved work when the file is chosen: asked again, answered the same.
    harness.get_by_label("Don't save").click();
    let _ = harness.run_ok();
    // The dialog stays open with the reason, so another file can be picked.
    harness.get_by_label("Open a session");
    harness.get_by_label_contains("play.telemetry.records[0].ply is 1000000000000, outside 0..=");
    assert_eq!(move_names(harness.state()), played, "the game on the board stays");
}

/// A report of what was done ("Saved …", "Recovered …") goes by itself once it is old news; an
/// error stays until it is dismissed.
#[test]
fn a_report_goes_by_itself_and_an_error_stays() {
    use alphabeta_studio::app::session::{NOTICE_SECONDS, Notice};
    let (mut harness, _dir) = studio("notices");
    let notice = |text: &str, error| Some(Notice { text: text.into(), error, shown_at: None });
    for (text, error) in [("Saved to my-game.ron.", false), ("The session was not saved: disk full", true)] {
        harness.state_mut().sessions.notice = notice(text, error);
        harness.step();
        harness.get_by_label(text);
        // The harness's clock moves a quarter of a second a frame.
        for _ in 0..(NOTICE_SECONDS * 4.0) as usize + 8 {
            harness.step();
        }
        let left = harness.state().sessions.notice.as_ref().map(|n| n.text.clone());
        assert_eq!(left.is_some(), error, "{text}: {left:?}");
    }
}

/// The window recovering a session whose custom AI asks for a table the machine cannot give — 4096 MiB under a
/// 3 GB address space; such a session once aborted the window before its first frame — opens, says why the AI
/// cannot search, and has the rest of the session: the game's moves and the Tree lab's tree. Run in a child of
/// this test binary, which the address-space limit holds.
#[test]
fn a_recovered_session_whose_table_cannot_be_had_opens_with_a_message() {
    let exe = std::env::current_exe().expect("the test binary");
    let inner = "session::recovering_a_table_that_cannot_be_had";
    let out = std::process::Command::new("sh")
        .args(["-c", "ulimit -v 3000000 && exec \"$0\" \"$@\""])
        .arg(&exe)
        .args(["--exact", inner, "--ignored", "--test-threads", "1"])
        .env("ABS_UNDER_AN_ADDRESS_SPACE_LIMIT", "1")
        .output()
        .expect("sh runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("test result: ok. 1 passed"), "{stdout}{stderr}");
}

/// The body of the test above, under its address-space limit (it does nothing without it: a 4 GiB table would then
/// be given).
#[test]
#[ignore = "run by a_recovered_session_whose_table_cannot_be_had_opens_with_a_message, under an address-space limit"]
fn recovering_a_table_that_cannot_be_had() {
    use alphabeta_studio::app::play::{Action, PlayerKind};
    if std::env::var_os("ABS_UNDER_AN_ADDRESS_SPACE_LIMIT").is_none() {
        return;
    }
    let dir = tempfile::Builder::new().prefix("abs-ui-session-table-").tempdir().expect("temp folder");
    let store = Store::new(dir.path());
    // The session: tic-tac-toe, b2 played by hand, a custom AI with a 4096 MiB table to reply; a tree in the lab.
    let mut app = StudioApp::with_store(None);
    assert!(app.play.select("tic-tac-toe"));
    let mut players = app.play.players.clone();
    players[0].kind = PlayerKind::Human;
    players[1].kind = PlayerKind::Ai;
    players[1].custom = true;
    players[1].config.tt_mib = 4096;
    app.play.players = players;
    let b2 = app.play.position_at(0).find_move("b2").expect("b2");
    app.play.act(Action::Play(b2));
    app.tree_lab.set_text("max(min(3, 12), min(2, 4))");
    app.view = View::Play;
    let session = app.to_session();
    std::fs::write(store.autosave_path(), alphabeta_studio::app::session::format::to_ron(&session)).expect("write");
    // A run that did not end: its marker names a process that is gone.
    std::fs::write(dir.path().join(".studio-running"), "4000000000").expect("write");

    let mut app = StudioApp::with_store(Some(store));
    app.sessions.use_native_dialogs = false;
    let mut harness = support::studio(app);
    let _ = harness.run_ok();
    harness.get_by_label("Recover").click();
    run_until(&mut harness, "the AI's search to fail", |app| app.play.message().is_some_and(|m| m.error));
    let message = harness.state().play.message().map(|m| m.text.clone()).unwrap_or_default();
    assert!(
        message
            .starts_with("The AI's search failed (press Resume to try again): the transposition table of 4096 MiB: "),
        "{message}"
    );
    harness.get_by_label_contains("the transposition table of 4096 MiB");
    assert_eq!(move_names(harness.state()), ["b2"]);
    assert_eq!(harness.state().play.players[1].config.tt_mib, 4096);
    assert_eq!(harness.state().tree_lab.settings.text, "max(min(3, 12), min(2, 4))");
}

/// Plays `record` in the game on screen, then lets the AI (the second player, two plies deep) answer once, so the
/// game has moves and a search's telemetry.
fn played_with_a_search(harness: &mut Harness<'static, StudioApp>, record: &str) {
    let play = &mut harness.state_mut().play;
    play.players[0].kind = PlayerKind::Human;
    let ai = &mut play.players[1];
    (ai.kind, ai.custom, ai.config.skill) = (PlayerKind::Ai, true, None);
    ai.config.limits = Limits::depth(2);
    play.act(Action::Import(record.to_string()));
    let plies = play.history().moves().len();
    play.act(Action::TogglePause);
    run_until(harness, "the AI's answer", |app| app.play.history().moves().len() > plies && !app.play.thinking());
}

/// What a kept game must bring back: its moves, its searches and its review.
fn game_state(app: &StudioApp) -> (String, Vec<String>, usize, Option<alphabeta_studio::review::Review>) {
    let records = app.play.history().telemetry().records.len();
    (app.play.entry().variant.id.clone(), move_names(app), records, app.play.review().cloned())
}

#[test]
fn every_kept_game_comes_back_with_its_review_and_searches() {
    let (mut harness, dir) = studio("kept");
    let _ = harness.run_ok();
    // Chess with a review, then Connect Four, then Hex on screen.
    assert!(harness.state_mut().play.select("chess"));
    played_with_a_search(&mut harness, "1. e4");
    let settings = ReviewSettings { budget: ReviewBudget::Depth(1) };
    harness.state_mut().play.act(Action::Review(review::Action::Start(settings)));
    run_until(&mut harness, "the review", |app| app.play.review().is_some());
    let chess = game_state(harness.state());
    assert!(harness.state_mut().play.select("connect-four"));
    played_with_a_search(&mut harness, "4");
    let connect_four = game_state(harness.state());
    assert!(harness.state_mut().play.select("hex"));
    played_with_a_search(&mut harness, "d4");
    let hex = game_state(harness.state());
    for (id, moves, records, _) in [&chess, &connect_four, &hex] {
        assert!(moves.len() >= 2 && *records >= 1, "{id}: {moves:?} with {records} searches");
    }
    assert!(chess.3.is_some(), "chess was reviewed");

    // The Telemetry view's state goes with them.
    harness.state_mut().telemetry.rung = Rung::Time;
    harness.state_mut().telemetry.shown[1] = false;
    harness.state_mut().telemetry.figure_size = [800, 600];

    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    let _ = harness.run_ok();
    let path = dir.path().join("three-games.ron");
    answer_dialog(&mut harness, &path, "Save");
    assert!(path.is_file(), "saved");
    // A new studio, as after quitting: only the file holds the games now.
    let mut app = StudioApp::with_store(Some(Store::new(dir.path())));
    app.sessions.use_native_dialogs = false;
    let mut harness = crate::support::studio(app);
    harness.state_mut().apply_session(SessionAction::Open(Some(path.clone())), &egui::Context::default());
    let _ = harness.run_ok();
    assert_eq!(game_state(harness.state()), hex, "Hex on screen as it was");
    let telemetry = &harness.state().telemetry;
    assert_eq!((telemetry.rung, telemetry.shown[1], telemetry.figure_size), (Rung::Time, false, [800, 600]));
    for expected in [connect_four, chess] {
        assert!(harness.state_mut().play.select(&expected.0));
        let _ = harness.run_ok();
        assert_eq!(
            game_state(harness.state()),
            expected,
            "{} comes back with its moves, searches and review",
            expected.0
        );
    }
    // Chess, on screen last, shows its review in the panel again.
    assert!(harness.query_all_by_label_contains("accuracy").next().is_some(), "the review panel");
    assert!(!harness.state().unsaved(), "picking the kept games again changes no work");
}

#[test]
fn a_long_message_wraps_below_the_menu_and_never_covers_the_tabs() {
    let mut app = StudioApp { view: View::Play, ..Default::default() };
    let long = "Nothing was changed: the session file is damaged (line 12, column 40: expected a closing bracket) \
                and this sentence goes on long enough to need three lines at eight hundred pixels wide, so it must \
                wrap rather than run over the menu's tabs or out of the window.";
    app.sessions.notice =
        Some(alphabeta_studio::app::session::Notice { text: long.into(), error: true, shown_at: None });
    let mut harness = Harness::builder()
        .with_size(egui::vec2(800.0, 600.0))
        .build_ui_state(|ui, app: &mut StudioApp| app.show(ui), app);
    let _ = harness.run_ok();
    let notice = harness.get_by_label(long).rect();
    for tab in ["Tree lab", "Play", "Telemetry", "File", "View"] {
        let tab = harness.query_all_by_label(tab).map(|n| n.rect()).find(|r| r.min.y < 40.0).expect("a menu entry");
        assert!(!notice.intersects(tab), "{tab:?} covered by the notice at {notice:?}");
        assert!(notice.min.y >= tab.max.y, "the notice is below the menu");
    }
    assert!(notice.max.x <= 800.0 && notice.height() > 25.0, "wrapped inside the window: {notice:?}");
}

/// A chess game imported with its PGN tags, as *Import game* reads them, and reviewed.
const TAGGED: &str = "[Event \"Club \\\"Open\\\" C:\\\\games\"]\n[Site \"Lyon\"]\n[Date \"2026.03.14\"]\n\
    [Round \"4\"]\n[White \"Ada\"]\n[Black \"Bo\"]\n[Result \"*\"]\n[ECO \"C20\"]\n[Board \"7\"]\n\n1. e4 e5 *";

/// The header of the review export of the chess game on screen, one tag a line.
fn exported_header(app: &StudioApp) -> Vec<String> {
    let (text, extension) = review::export_text(&app.play).expect("an export of the review");
    assert_eq!(extension, "pgn");
    text.lines().take_while(|line| !line.is_empty()).map(str::to_string).collect()
}

/// The studio of a new run opening `path`, as after quitting and starting again.
fn reopened(dir: &std::path::Path, path: &std::path::Path) -> Harness<'static, StudioApp> {
    let mut app = StudioApp::with_store(Some(Store::new(dir)));
    app.sessions.use_native_dialogs = false;
    let mut harness = crate::support::studio(app);
    harness.state_mut().apply_session(SessionAction::Open(Some(path.to_path_buf())), &egui::Context::default());
    let _ = harness.run_ok();
    assert_eq!(harness.state().sessions.notice.as_ref().map(|n| n.error), Some(false), "opened");
    harness
}

/// An imported game's tags outlive the window: saved with the game on screen and with a game kept aside, they come
/// back, and the review export after the restart writes them with their values, escapes and all.
#[test]
fn an_imported_game_s_tags_come_back_with_the_session_and_reach_the_review_export() {
    let (mut harness, dir) = studio("tags");
    let _ = harness.run_ok();
    assert!(harness.state_mut().play.select("chess"));
    harness.state_mut().play.act(Action::Import(TAGGED.to_string()));
    let settings = ReviewSettings { budget: ReviewBudget::Depth(1) };
    harness.state_mut().play.act(Action::Review(review::Action::Start(settings)));
    run_until(&mut harness, "the review", |app| app.play.review().is_some());
    let expected = [
        r#"[Event "Club \"Open\" C:\\games"]"#,
        r#"[Site "Lyon"]"#,
        r#"[Date "2026.03.14"]"#,
        r#"[Round "4"]"#,
        r#"[White "Ada"]"#,
        r#"[Black "Bo"]"#,
        r#"[Result "*"]"#,
        r#"[ECO "C20"]"#,
        r#"[Board "7"]"#,
    ];
    assert_eq!(exported_header(harness.state()), expected, "before saving");
    let on_screen = dir.path().join("chess-on-screen.ron");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    let _ = harness.run_ok();
    answer_dialog(&mut harness, &on_screen, "Save");
    // Chess kept aside while a draughts game imported from PDN, with its own tags, is on screen.
    assert!(harness.state_mut().play.select("draughts"));
    harness
        .state_mut()
        .play
        .act(Action::Import("[Event \"Draughts club\"]\n[White \"Cy\"]\n\n1. 11-15 23-19 *".into()));
    assert_eq!(harness.state().play.history().moves().len(), 2, "the draughts record is imported");
    let kept = dir.path().join("chess-kept.ron");
    harness.state_mut().apply_session(SessionAction::SaveTo(kept.clone()), &egui::Context::default());
    assert!(on_screen.is_file() && kept.is_file(), "both saved");

    let harness = reopened(dir.path(), &on_screen);
    assert_eq!(exported_header(harness.state()), expected, "the game on screen, after a restart");
    let mut harness = reopened(dir.path(), &kept);
    let draughts_tags = harness.state().play.history().record_tags().to_vec();
    let tag = |name: &str, value: &str| (name.to_string(), value.to_string());
    assert_eq!(draughts_tags, [tag("Event", "Draughts club"), tag("White", "Cy")]);
    assert!(harness.state_mut().play.select("chess"));
    let _ = harness.run_ok();
    assert_eq!(exported_header(harness.state()), expected, "the game kept aside, after a restart");
    assert!(!harness.state().unsaved(), "picking the kept game again changes no work");
}
