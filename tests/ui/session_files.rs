//! Session files: every part survives a round trip, the checked-in files of each format keep loading, and bad
//! files — truncated, mutated, foreign, newer, enormous, naming a lost game or an illegal move — are refused with
//! their own message while the window keeps what it had. The store's safeguards (atomic writes with a backup, the
//! crash marker and recovery) are checked on a real folder.

use alphabeta_studio::app::StudioApp;
use alphabeta_studio::app::play::{Action, PlayerKind};
use alphabeta_studio::app::session::SessionAction;
use alphabeta_studio::app::session::format::{FORMAT, MAX_BYTES, Session, check_settings, parse, to_ron};
use alphabeta_studio::app::session::store::{self, Store, backup_path, write_atomic};
use alphabeta_studio::app::shell::View;
use alphabeta_studio::app::tree_lab::Action as TreeAction;
use alphabeta_studio::engine::search::Algorithm;
use alphabeta_studio::files::{FailAfter, Sink};
use eframe::egui;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use std::path::{Path, PathBuf};

use crate::mutation::{edits, mutate};

/// A fresh folder for one test, removed when the test is over (whether it passed or not).
fn folder(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("abs-sessions-{name}-")).tempdir().expect("temp folder")
}

/// What the first search in `tests/data/session-v2.ron` counted.
const V2_FIRST_SEARCH_NODES: u64 = 145;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

/// A studio with work in every part: a Connect Four game with a move to redo and custom players, a tree with a
/// node selected, another algorithm, the replay half-way, and the Play view on screen.
fn busy_studio() -> StudioApp {
    let mut app = StudioApp::default();
    let play = &mut app.play;
    assert!(play.select("connect-four"));
    let mut players = play.players.clone();
    players[1].kind = PlayerKind::Human;
    players[0].custom = true;
    players[0].config.algorithm = Algorithm::Mtdf;
    players[0].config.tt_mib = 8;
    play.players = players;
    let control = alphabeta_studio::engine::search::clock::TimeControl { base_ms: 300_000, increment_ms: 3_000 };
    play.act(Action::SetClock(Some(control)));
    for column in [3, 3, 2, 4, 1] {
        play.act(Action::Play(column));
    }
    play.act(Action::Undo);
    assert_eq!(play.history().moves().len(), 4);
    let lab = &mut app.tree_lab;
    lab.set_text("max(min(3, 12, 8), min(2, 4, 6), min(14, 5, 2))");
    lab.apply(TreeAction::SetAlgorithm(Algorithm::Pvs));
    lab.apply(TreeAction::Select(Some(vec![1])));
    lab.apply(TreeAction::Seek(alphabeta_studio::app::tree_lab::Seek::To(5)));
    app.view = View::Play;
    app
}

#[test]
fn every_part_survives_a_round_trip() {
    let app = busy_studio();
    let session = app.to_session();
    let text = to_ron(&session);
    let read = parse(&text).expect("its own file reads back");
    assert_eq!(read, session);
    let mut fresh = StudioApp::default();
    fresh.install(&read).expect("installs");
    assert_eq!(fresh.to_session(), session, "the same game, players, tree and view");
    assert_eq!(fresh.play.history().position(), app.play.history().position());
    assert!(fresh.play.history().can_redo(), "the move taken back can be redone");
    assert_eq!(fresh.play.players, app.play.players);
    assert_eq!(fresh.tree_lab.cursor(), 5);
    assert_eq!(fresh.tree_lab.settings.algorithm, Algorithm::Pvs);
    let clock = |app: &StudioApp| (0..2).map(|seat| app.play.clock_reading(seat).map(|(ms, _)| ms)).collect::<Vec<_>>();
    assert_eq!(clock(&fresh), clock(&app), "the clocks show the time they had");
    assert!(clock(&fresh)[0].is_some_and(|ms| ms > 200_000), "on the 5-minute clock: {:?}", clock(&fresh));
    assert_eq!(fresh.view, View::Play);
}

#[test]
fn a_tree_text_with_an_error_keeps_the_last_valid_tree() {
    let mut app = StudioApp::default();
    app.tree_lab.set_text("max(1, min(2, 3))");
    app.tree_lab.set_text("max(1, min(2, ");
    let session = app.to_session();
    let mut fresh = StudioApp::default();
    fresh.install(&parse(&to_ron(&session)).expect("reads")).expect("installs");
    assert_eq!(fresh.tree_lab.settings.text, "max(1, min(2, ");
    assert!(fresh.tree_lab.error().is_some(), "the error is shown again");
    assert_eq!(fresh.tree_lab.leaves_text().as_deref(), Some("3 of 3"), "the canvas shows the last valid tree");
}

/// Each format's file, as that format wrote it: they must keep loading, with the same content, as the format grows.
#[test]
fn checked_in_files_of_every_format_still_load() {
    let v2 = store::load(&data("session-v2.ron")).expect("format 2 loads");
    let mut app = StudioApp::default();
    app.install(&v2).expect("installs");
    let telemetry = app.play.history().telemetry();
    assert_eq!(telemetry.records.len(), 9, "one per move of the whole game");
    let first = &telemetry.records[0];
    assert_eq!((first.ply, first.depth_reached()), (0, Some(3)));
    assert_eq!(first.nodes(), V2_FIRST_SEARCH_NODES, "the record's numbers as the search counted them");

    // Format 4, before the records' tags: its games open with none, and nothing is said to be left out.
    let v4 = store::load(&data("session-v4.ron")).expect("format 4 loads");
    let mut app = StudioApp::default();
    app.install(&v4).expect("installs");
    assert_eq!(app.play.message().map(|m| m.text.clone()), None);
    assert_eq!((app.play.entry().variant.id.as_str(), app.play.history().moves().len()), ("connect-four", 2));
    assert!(app.play.history().record_tags().is_empty());
    assert!(app.play.select("chess"));
    assert_eq!(app.play.history().moves().len(), 2, "the kept chess game");
    assert!(app.play.history().record_tags().is_empty());

    let session = store::load(&data("session-v1.ron")).expect("format 1 loads");
    let mut app = StudioApp::default();
    app.install(&session).expect("installs");
    assert_eq!(app.play.entry().variant.id, "connect-four");
    let names: Vec<String> = (0..app.play.history().moves().len()).map(|i| app.play.history().move_name(i)).collect();
    assert_eq!(names, ["4", "4", "3", "5"]);
    assert_eq!(app.tree_lab.settings.text, "max(min(3, 12, 8), min(2, 4, 6), min(14, 5, 2))");
    assert_eq!(app.tree_lab.leaves_text().as_deref(), Some("7 of 9"));
    assert_eq!(app.view, View::Play);
}

/// A studio after at least two AI-against-AI moves of tic-tac-toe at a fixed depth (no clock), so the game carries
/// search telemetry.
fn studio_with_telemetry() -> StudioApp {
    let mut app = StudioApp::default();
    assert!(app.play.select("tic-tac-toe"));
    let mut players = app.play.players.clone();
    for player in &mut players {
        player.kind = PlayerKind::Ai;
        player.custom = true;
        player.config.limits = alphabeta_studio::engine::search::limits::Limits::depth(3);
        player.config.skill = None;
    }
    app.play.players = players;
    let ctx = egui::Context::default();
    for _ in 0..2000 {
        app.play.tick(&ctx);
        if app.play.history().moves().len() >= 2 && !app.play.thinking() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    app.play.act(Action::TogglePause);
    assert!(app.play.history().moves().len() >= 2, "the AIs moved");
    app
}

#[test]
fn telemetry_survives_a_round_trip() {
    let app = studio_with_telemetry();
    let records = app.play.history().telemetry().records.clone();
    assert!(records.len() >= 2, "a record per AI move");
    let mut fresh = StudioApp::default();
    fresh.install(&parse(&to_ron(&app.to_session())).expect("reads")).expect("installs");
    assert_eq!(fresh.play.history().telemetry().records, records, "the same records, numbers and all");
}

/// Opens `path` through the File menu's logic, answering "Don't save" to the question about unsaved work, and
/// returns the notice shown.
fn open(app: &mut StudioApp, path: &Path) -> String {
    let ctx = egui::Context::default();
    app.apply_session(SessionAction::Open(Some(path.to_path_buf())), &ctx);
    assert!(app.sessions.prompt.is_some(), "unsaved work is asked about first");
    app.apply_session(SessionAction::Discard, &ctx);
    app.sessions.notice.as_ref().map(|n| n.text.clone()).unwrap_or_default()
}

#[test]
fn bad_files_change_nothing_and_say_why() {
    let temp = folder("bad");
    let dir = temp.path();
    let good = to_ron(&busy_studio().to_session());
    let huge = dir.join("huge.ron");
    std::fs::File::create(&huge).and_then(|f| f.set_len(MAX_BYTES + 1)).expect("sparse file");
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("truncated.ron", good.as_bytes()[..good.len() / 3].to_vec(), "damaged or cut short"),
        ("garbage.ron", b"\x00\x01garbage".to_vec(), "not a session file"),
        ("binary.ron", vec![0xff, 0xfe, 0x00, 0x41], "not a text file"),
        ("foreign.ron", b"(program: \"other\", format: 1)".to_vec(), "written by 'other'"),
        ("newer.ron", good.replace(&format!("format: {FORMAT}"), "format: 7").into_bytes(), "newer Alpha-Beta Studio"),
        ("lost-game.ron", good.replace("\"connect-four\"", "\"chess-960\"").into_bytes(), "'chess-960' is not"),
        ("illegal.ron", good.replacen("\"4\"", "\"z\"", 1).into_bytes(), "move 1 ('z') is not legal"),
        ("clock.ron", good.replace("base_ms: 300000", "base_ms: 99999999999").into_bytes(), "clock's base"),
    ];
    let mut app = StudioApp::default();
    app.tree_lab.set_text("max(7, 8)");
    let before = app.to_session();
    for (name, bytes, expected) in cases {
        let path = dir.join(name);
        std::fs::write(&path, bytes).expect("write");
        let notice = open(&mut app, &path);
        assert!(notice.contains(expected), "{name}: {notice}");
        assert!(notice.starts_with("Nothing was changed"), "{name}: {notice}");
        assert_eq!(app.to_session(), before, "{name} changed the window");
    }
    let notice = open(&mut app, &huge);
    assert!(notice.contains("far too large"), "{notice}");
    // A device reports size 0 and never ends: the cap is checked while reading.
    assert!(open(&mut app, Path::new("/dev/zero")).contains("a device"));
    assert!(open(&mut app, &dir.join("missing.ron")).contains("cannot open"));
    assert_eq!(app.to_session(), before);
}

#[test]
fn truncated_and_mutated_copies_never_panic() {
    let good = to_ron(&busy_studio().to_session());
    let mut app = StudioApp::default();
    let mut installed = 0;
    let mut try_text = |text: &str| {
        if let Ok(session) = parse(text)
            && app.install(&session).is_ok()
        {
            installed += 1;
        }
    };
    for end in (0..good.len()).step_by(7) {
        try_text(&good[..end]);
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
    let alphabet = b"()[]{},:\"0123456789-.eE_aZ \n";
    for _ in 0..1500 {
        let mut bytes = good.clone().into_bytes();
        for _ in 0..rng.random_range(1..4) {
            let at = rng.random_range(0..bytes.len());
            match rng.random_range(0..3) {
                0 => bytes[at] = alphabet[rng.random_range(0..alphabet.len())],
                1 => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, alphabet[rng.random_range(0..alphabet.len())]),
            }
        }
        try_text(&String::from_utf8_lossy(&bytes));
    }
    // Some mutations land in harmless places (a space, a digit of a zoom): those still load.
    assert!(installed > 0);
}

#[test]
fn saves_are_atomic_and_keep_the_previous_version() {
    let temp = folder("atomic");
    let dir = temp.path();
    let path = dir.join("s.ron");
    let first = busy_studio().to_session();
    store::save(&path, &first).expect("first save");
    assert!(!backup_path(&path).exists(), "nothing to back up yet");
    let mut app = busy_studio();
    app.play.act(Action::Redo);
    let second = app.to_session();
    store::save(&path, &second).expect("second save");
    assert_eq!(store::load(&path), Ok(second));
    assert_eq!(store::load(&backup_path(&path)), Ok(first), "the previous version is kept");
    // No temporary file is left behind.
    let names: Vec<String> =
        std::fs::read_dir(dir).expect("list").flatten().map(|e| e.file_name().to_string_lossy().into()).collect();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
    // A folder that cannot be written to is an error, not a panic.
    assert!(write_atomic(&dir.join("s.ron").join("inside-a-file"), "x").is_err());
}

#[test]
fn a_save_that_fails_at_any_byte_keeps_the_file_and_its_backup() {
    // A full disk, simulated: the writer fails once `budget` bytes are written, at every offset of the save (the
    // new file's bytes, then the backup's). The old file and the old backup stay byte for byte as they were.
    let temp = folder("full-disk");
    let dir = temp.path();
    let path = dir.join("s.ron");
    let first = StudioApp::default().to_session();
    let mut app = StudioApp::default();
    app.tree_lab.set_text("max(1, 2)");
    let second = app.to_session();
    store::save(&path, &first).expect("first");
    store::save(&path, &second).expect("second: the first becomes the backup");
    let (file, backup) = (std::fs::read(&path).expect("read"), std::fs::read(backup_path(&path)).expect("read"));
    let mut third = busy_studio().to_session();
    third.play.paused = true;
    let total = to_ron(&third).len() + file.len();
    for budget in 0..total {
        let left = std::rc::Rc::new(std::cell::Cell::new(budget));
        let mut failing = |file| Box::new(FailAfter { file, budget: left.clone() }) as Box<dyn Sink>;
        let e = store::save_with(&path, &third, &mut failing).expect_err("the disk is full");
        assert!(e.contains("no space left"), "{e}");
        assert_eq!(std::fs::read(&path).expect("read"), file, "the file, failing at byte {budget}");
        assert_eq!(std::fs::read(backup_path(&path)).expect("read"), backup, "the backup, failing at byte {budget}");
    }
    let names: Vec<String> =
        std::fs::read_dir(dir).expect("list").flatten().map(|e| e.file_name().to_string_lossy().into()).collect();
    assert_eq!(names.len(), 2, "no temporary file is left: {names:?}");
    // With room on the disk, the same save goes through and the backup is the file as it was.
    store::save(&path, &third).expect("saves");
    assert_eq!(std::fs::read(backup_path(&path)).expect("read"), file);
    // A path that is a folder is refused.
    assert!(store::save(dir, &third).is_err());
}

#[test]
fn a_crash_leaves_a_marker_and_the_autosave_is_offered() {
    let temp = folder("crash");
    let dir = temp.path();
    let store = Store::new(dir);
    assert_eq!(store.start(), None, "a first start has nothing to recover");
    store.finish();
    // A run that ended normally: its autosave is not offered.
    store::save(&store.autosave_path(), &busy_studio().to_session()).expect("autosave");
    assert_eq!(store.start(), None);
    // A run whose process is gone without finishing: a dead pid in the marker.
    std::fs::write(dir.join(".studio-running"), "4000000000").expect("marker");
    let recovery = store.start().expect("recovery offered");
    assert_eq!(recovery.path, store.autosave_path());
    // Recovering installs the autosave, which is not yet saved anywhere of the user's.
    let second = folder("crash-2");
    let mut app = StudioApp::with_store(Some(Store::new(second.path())));
    app.sessions.recovery = Some(recovery);
    app.apply_session(SessionAction::Recover, &egui::Context::default());
    assert_eq!(app.play.entry().variant.id, "connect-four");
    assert_eq!(app.play.history().moves().len(), 4);
    assert!(app.unsaved(), "recovered work counts as unsaved");
    assert_eq!(app.sessions.path, None);
}

#[test]
fn saving_remembers_recent_sessions_and_clears_unsaved() {
    let temp = folder("recent");
    let dir = temp.path();
    let mut app = StudioApp::with_store(Some(Store::new(dir)));
    let ctx = egui::Context::default();
    assert!(!app.unsaved());
    app.tree_lab.set_text("min(4, 9)");
    assert!(app.unsaved());
    for name in ["a.ron", "b.ron"] {
        app.apply_session(SessionAction::SaveTo(dir.join(name)), &ctx);
    }
    assert!(!app.unsaved());
    assert_eq!(app.sessions.name(), "b.ron");
    let recent = Store::new(dir).recent();
    let names: Vec<_> = recent.iter().filter_map(|p| p.file_name()).collect();
    assert_eq!(names, ["b.ron", "a.ron"]);
    // New asks first when there is unsaved work, and Cancel keeps it.
    app.tree_lab.set_text("min(4, 10)");
    app.apply_session(SessionAction::New, &ctx);
    assert!(app.sessions.prompt.is_some());
    app.apply_session(SessionAction::CancelPrompt, &ctx);
    assert_eq!(app.tree_lab.settings.text, "min(4, 10)");
    app.apply_session(SessionAction::New, &ctx);
    app.apply_session(SessionAction::Discard, &ctx);
    assert_ne!(app.tree_lab.settings.text, "min(4, 10)");
    assert_eq!(app.sessions.path, None);
    assert!(!app.unsaved());
    // View changes alone are not unsaved work.
    app.view = View::Telemetry;
    assert!(!app.unsaved());
}

#[test]
fn a_session_file_is_readable_ron() {
    let text = to_ron(&busy_studio().to_session());
    assert!(text.contains("program: \"alphabeta-studio\""));
    assert!(text.contains("moves: [\"4\", \"4\", \"3\", \"5\"]"), "{text}");
    let _: Session = parse(&text).expect("reads");
}

#[test]
fn changed_work_is_autosaved_and_a_clean_exit_leaves_no_marker() {
    let temp = folder("autosave");
    let dir = temp.path();
    let mut app = StudioApp::with_store(Some(Store::new(dir)));
    app.sessions.autosave_every = std::time::Duration::ZERO;
    let ctx = egui::Context::default();
    let autosave = Store::new(dir).autosave_path();
    app.session_tick(&ctx);
    assert!(!autosave.exists(), "nothing to save yet");
    app.tree_lab.set_text("max(1, 2, 3)");
    app.session_tick(&ctx);
    let saved = store::load(&autosave).expect("autosaved");
    assert_eq!(saved.tree_lab.settings.text, "max(1, 2, 3)");
    assert!(app.sessions.dirty, "still unsaved: the autosave is not the user's file");
    assert!(dir.join(".studio-running").exists());
    app.session_exit();
    assert!(!dir.join(".studio-running").exists());
    assert_eq!(Store::new(dir).start(), None, "a clean exit offers no recovery");
}

#[test]
fn quiz_marks_and_their_grade_come_back() {
    use alphabeta_studio::tree::lab::quiz::MarkField;
    let mut app = StudioApp::default();
    app.tree_lab.set_text("max(min(3, 12, 8), min(2, 4, 6), min(14, 5, 2))");
    for action in [
        TreeAction::ToggleQuiz,
        TreeAction::QuizMark(vec![], MarkField::Value, "3".into()),
        TreeAction::QuizMark(vec![1], MarkField::Value, "≤2".into()),
        TreeAction::QuizTogglePruned(vec![1, 1]),
        TreeAction::QuizCheck,
    ] {
        app.tree_lab.apply(action);
    }
    let grade = app.tree_lab.quiz_grade().cloned().expect("checked");
    let mut fresh = StudioApp::default();
    fresh.install(&parse(&to_ron(&app.to_session())).expect("reads")).expect("installs");
    assert!(fresh.tree_lab.quiz_on());
    assert_eq!(fresh.tree_lab.quiz_marks(), app.tree_lab.quiz_marks());
    assert_eq!(fresh.tree_lab.quiz_grade(), Some(&grade), "graded again on load, the same way");
    // Marks are work: a new mark is unsaved.
    let saved = fresh.to_session();
    fresh.tree_lab.apply(TreeAction::QuizTogglePruned(vec![1, 2]));
    assert!(!fresh.to_session().same_work(&saved));
}

#[test]
fn a_dice_game_keeps_its_rolls_and_its_seed() {
    let mut app = StudioApp::default();
    assert!(app.play.select("einstein"));
    app.play.players[1].kind = PlayerKind::Human;
    app.play.dice.seed = 7;
    app.play.act(Action::RollDie);
    let rolled = app.play.history().move_name(0);
    assert!(rolled.starts_with("die "), "{rolled}");
    let mut fresh = StudioApp::default();
    fresh.install(&parse(&to_ron(&app.to_session())).expect("reads")).expect("installs");
    assert_eq!(fresh.play.history().move_name(0), rolled);
    assert_eq!(fresh.play.dice.seed, 7, "the rolls to come are the ones that would have come");
    assert_eq!(fresh.play.history().position(), app.play.history().position());
}

/// Numbers no control could show, in the search records a session carries, once reached the
/// Telemetry view as they were (a ply of 10¹² asked for an 8.8 GB grid, an iteration depth of 10⁹ for a 2.7 GB
/// ladder). Each is refused by name when the file is opened, and the window keeps what it had.
#[test]
fn search_records_beyond_the_views_ranges_are_refused_by_name() {
    let temp = folder("records");
    let dir = temp.path();
    let good = studio_with_telemetry().to_session();
    type Edit = fn(&mut Session);
    let cases: [(&str, Edit, &str); 4] = [
        (
            "ply.ron",
            |s| s.play.telemetry.records[0].ply = 1_000_000_000_000,
            "play.telemetry.records[0].ply is 1000000000000, outside 0..=",
        ),
        (
            "depth.ron",
            |s| s.play.telemetry.records[0].thought.iterations[0].depth = 1_000_000_000,
            "play.telemetry.records[0].thought.iterations[0].depth is 1000000000, outside 0..=1000",
        ),
        (
            "to-the-end.ron",
            |s| {
                let iteration = &mut s.play.telemetry.records[0].thought.iterations[0];
                iteration.depth = u32::MAX;
                iteration.stats.max_ply = 1_000_000_000;
            },
            "iterations[0].stats.max_ply is 1000000000",
        ),
        (
            "undone.ron",
            |s| {
                let mut record = s.play.telemetry.records[0].clone();
                record.ply = 5_000;
                s.play.telemetry.undone.push(record);
            },
            "play.telemetry.undone[0].ply is 5000",
        ),
    ];
    let mut app = StudioApp::default();
    app.tree_lab.set_text("max(7, 8)");
    let before = app.to_session();
    for (name, edit, expected) in cases {
        let mut session = good.clone();
        edit(&mut session);
        let path = dir.join(name);
        std::fs::write(&path, to_ron(&session)).expect("write");
        let notice = open(&mut app, &path);
        assert!(notice.contains(expected), "{name}: {notice}");
        assert!(notice.starts_with("Nothing was changed"), "{name}: {notice}");
        assert_eq!(app.to_session(), before, "{name} changed the window");
    }
}

/// A Tree-lab zoom of 3e38 was taken as it was ("inf %", an empty canvas). A saved view is held
/// to what the controls can set: zoom 0.000001–4, a finite pan within a million points, levels at most 320 points
/// apart (Fit zooms out further, to show a tree of 100,000 leaves whole, and keeps the levels apart).
#[test]
fn a_saved_view_is_held_to_the_canvas_s_ranges() {
    let temp = folder("view");
    let dir = temp.path();
    let mut session = busy_studio().to_session();
    let lab = &mut session.tree_lab;
    (lab.fitted, lab.zoom, lab.offset, lab.stretch) = (false, 3e38, [3e38, -3e38], 1e30);
    let path = dir.join("zoom.ron");
    std::fs::write(&path, to_ron(&session)).expect("write");
    let mut app = StudioApp::default();
    app.tree_lab.set_text("max(7, 8)");
    let notice = open(&mut app, &path);
    assert!(!notice.starts_with("Nothing was changed"), "{notice}");
    let restored = app.to_session().tree_lab;
    assert_eq!(restored.zoom, 4.0);
    assert_eq!(restored.offset, [1.0e6, -1.0e6]);
    assert_eq!(restored.stretch, 4.0);
    // The smallest zoom the wheel allows is kept too, not mistaken for nothing.
    let mut small = session.clone();
    small.tree_lab.zoom = 1e-30;
    std::fs::write(&path, to_ron(&small)).expect("write");
    app.tree_lab.set_text("max(7, 9)");
    open(&mut app, &path);
    assert_eq!(app.to_session().tree_lab.zoom, 0.000_001);
}

/// A 30 MB session (under the 32 MiB cap) holding a flat tree of 15 million leaves once took
/// 2.9 GB and aborted. A tree from a session obeys the cap a typed tree does: the lab shows why it was refused.
#[test]
fn a_session_tree_over_the_node_cap_is_refused_in_the_lab() {
    let temp = folder("huge-tree");
    let dir = temp.path();
    let mut session = busy_studio().to_session();
    let mut text = String::with_capacity(30_000_002);
    text.push('(');
    text.push_str(&"0 ".repeat(14_999_999));
    text.push_str("0)");
    session.tree_lab.settings.text = text;
    session.tree_lab.valid_tree = None;
    let ron = to_ron(&session);
    assert!(ron.len() as u64 <= MAX_BYTES, "{} bytes", ron.len());
    let path = dir.join("huge-tree.ron");
    std::fs::write(&path, ron).expect("write");
    let mut app = StudioApp::default();
    app.tree_lab.set_text("max(7, 8)");
    open(&mut app, &path);
    let error = app.tree_lab.error().unwrap_or_default().to_string();
    assert!(error.contains("the tree has more than 4,000,000 nodes"), "{error}");
}

/// After a crash, the recovered session was untitled, so Save asked for a name (or went to the
/// autosave) instead of writing back to the file the work was saved as. The autosave remembers that file.
#[test]
fn a_recovered_autosave_keeps_its_file_name() {
    let temp = folder("recovered-name");
    let dir = temp.path();
    let ctx = egui::Context::default();
    let mut app = StudioApp::with_store(Some(Store::new(dir)));
    assert!(app.play.select("tic-tac-toe"));
    app.play.players[1].kind = PlayerKind::Human;
    let work = dir.join("work.ron");
    app.apply_session(SessionAction::SaveTo(work.clone()), &ctx);
    app.play.act(Action::Play(4));
    app.autosave();
    // The run dies here; the next one recovers the autosave.
    let mut next = StudioApp::with_store(Some(Store::new(dir)));
    next.sessions.recovery = Some(store::Recovery { path: Store::new(dir).autosave_path(), saved: None });
    next.apply_session(SessionAction::Recover, &ctx);
    assert_eq!(next.play.history().moves().len(), 1, "the work after the last save");
    assert_eq!(next.sessions.path.as_deref(), Some(work.as_path()), "the session is its file again");
    assert!(next.unsaved(), "the move played after the last save is unsaved");
    next.apply_session(SessionAction::Save, &ctx);
    let saved = store::load(&work).expect("saved back to its own file");
    assert_eq!(saved.play.moves, ["b2"]);
    assert_eq!(saved.saved_as, None, "only the autosave names its file");
}

/// The delay between two AIs' moves is part of the session; an older file reads with none, and
/// a delay no control could set is refused.
#[test]
fn the_ai_delay_is_saved_with_the_session() {
    let mut app = StudioApp::default();
    app.play.act(Action::SetDelay(2.5));
    let text = to_ron(&app.to_session());
    let mut back = StudioApp::default();
    back.install(&parse(&text).expect("reads")).expect("installs");
    assert_eq!(back.play.move_delay, 2.5);
    let v2 = store::load(&data("session-v2.ron")).expect("format 2 loads");
    assert_eq!(v2.play.move_delay, 0.0, "format 2 had no delay");
    let wild = text.replace("move_delay: 2.5", "move_delay: 99.0");
    assert!(parse(&wild).expect_err("out of range").contains("play.move_delay"), "{wild}");
}

#[test]
fn a_session_asking_for_an_impossible_table_is_refused_by_name() {
    let good = to_ron(&StudioApp::default().to_session());
    let tt = good.find("tt_mib: ").expect("a player's table size") + "tt_mib: ".len();
    let end = tt + good[tt..].find(|c: char| !c.is_ascii_digit()).expect("digits end");
    let bad = format!("{}1000000000000{}", &good[..tt], &good[end..]);
    let e = parse(&bad).expect_err("out of range");
    assert!(e.contains("play.players[0].config.tt_mib is 1000000000000, outside 1..=4096"), "{e}");
    let with_bom = format!("\u{feff}{good}");
    let dir = folder("bom");
    std::fs::write(dir.path().join("s.ron"), with_bom).expect("write");
    assert!(store::load(&dir.path().join("s.ron")).is_ok(), "a byte-order mark is accepted");
}

#[test]
fn a_device_or_a_named_pipe_is_no_session() {
    let e = store::load(Path::new("/dev/zero")).expect_err("a device is no session");
    assert!(e.contains("a device"), "{e}");
    let dir = folder("fifo");
    let fifo = dir.path().join("session.fifo");
    if std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success()) {
        let e = store::load(&fifo).expect_err("a FIFO is no session");
        assert!(e.contains("named pipe"), "{e}");
    }
}

proptest! {
    #[test]
    fn a_mutated_session_loads_only_with_settings_in_range(edits in edits()) {
        static GOOD: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
            to_ron(&Session::new(Default::default(), Default::default(), Default::default()))
        });
        if let Ok(session) = parse(&mutate(&GOOD, &edits)) {
            prop_assert_eq!(check_settings(&session), Ok(()));
        }
    }
}

/// A session whose Connect Four game (of `busy_studio`) is kept aside while a game of tic-tac-toe is on screen.
fn with_a_kept_game() -> Session {
    let mut app = busy_studio();
    assert!(app.play.select("tic-tac-toe"));
    app.play.act(Action::Play(4));
    let session = app.to_session();
    assert_eq!(session.play.kept.len(), 1, "Connect Four is kept");
    assert_eq!(session.play.kept[0].moves, ["4", "4", "3", "5"]);
    session
}

#[test]
fn kept_games_are_checked_field_by_field() {
    let good = with_a_kept_game();
    // Settings no control could set are refused, naming the field.
    let mut huge_table = good.clone();
    huge_table.play.kept[0].players[0].config.tt_mib = 1 << 40;
    let error = parse(&to_ron(&huge_table)).expect_err("a table of a terabyte");
    assert!(error.contains("play.kept[0].players[0].config.tt_mib"), "{error}");
    let mut many = good.clone();
    many.play.kept = vec![good.play.kept[0].clone(); 1001];
    let error = parse(&to_ron(&many)).expect_err("more kept games than any list holds");
    assert!(error.contains("play.kept holds 1001 games, more than the 1000"), "{error}");
    // A kept game that no longer fits is left out with the reason; the rest opens.
    let cases = [
        ("gone", "\"connect-four\"", "\"chess-960\"", "the kept chess-960 game was left out: the game 'chess-960'"),
        ("illegal", "\"5\"]", "\"z\"]", "the kept connect-four game was left out: move 4 ('z') is not legal"),
    ];
    for (name, from, to, expected) in cases {
        let text = to_ron(&good);
        let kept_at = text.find("kept:").expect("the kept games are written");
        let bad = format!("{}{}", &text[..kept_at], text[kept_at..].replacen(from, to, 1));
        let mut app = StudioApp::default();
        app.install(&parse(&bad).expect(name)).expect(name);
        let said = app.play.message().map(|m| m.text.clone()).unwrap_or_default();
        assert!(said.contains(expected), "{name}: {said}");
        assert!(said.contains("Saving now would save it without them"), "{name}: {said}");
        assert!(app.to_session().play.kept.is_empty(), "{name}");
        assert_eq!(app.play.entry().variant.id, "tic-tac-toe", "{name}: the game on screen opens");
    }
    let mut twice = good.clone();
    twice.play.kept.push(good.play.kept[0].clone());
    let mut app = StudioApp::default();
    app.install(&parse(&to_ron(&twice)).expect("reads")).expect("installs");
    let said = app.play.message().map(|m| m.text.clone()).unwrap_or_default();
    assert!(said.contains("the connect-four game was kept twice"), "{said}");
    assert_eq!(app.to_session().play.kept, good.play.kept, "the first is kept");
}

#[test]
fn a_save_says_when_a_review_under_way_is_not_in_it() {
    let temp = folder("review-running");
    let path = temp.path().join("s.ron");
    let mut app = busy_studio();
    let ctx = egui::Context::default();
    app.apply_session(SessionAction::SaveTo(path.clone()), &ctx);
    let said = app.sessions.notice.as_ref().map(|n| n.text.clone()).unwrap_or_default();
    assert_eq!(said, format!("Saved {}", path.display()));
    let settings = alphabeta_studio::review::ReviewSettings::default();
    app.play.act(Action::Review(alphabeta_studio::app::play::review::Action::Start(settings)));
    assert!(app.play.review.running(), "asked for, not yet done");
    app.apply_session(SessionAction::SaveTo(path.clone()), &ctx);
    let said = app.sessions.notice.as_ref().map(|n| n.text.clone()).unwrap_or_default();
    assert!(said.ends_with("the review under way is not in it, save again once it is done"), "{said}");
}
