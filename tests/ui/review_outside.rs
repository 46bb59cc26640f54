//! A chess review judged by an outside UCI engine: offered in the Review dialog for chess only, kept in the
//! preferences, run on the review's worker with the studio's own binary as the engine (`alphabeta-studio uci`
//! behind a wrapper script, as a user's Stockfish would be started), named in the panel; a program that is no
//! engine shows its reason and loses nothing.

use crate::support::*;
use alphabeta_studio::app::StudioApp;
use alphabeta_studio::app::play::review::TITLE;
use alphabeta_studio::app::play::review::outside::OutsideSettings;
use alphabeta_studio::app::play::{Action, Play};
use alphabeta_studio::app::session::store::Store;
use alphabeta_studio::review::MoveClass;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

const GAME: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6";

/// A folder holding an executable wrapper that runs the studio's own UCI engine.
fn own_engine() -> (tempfile::TempDir, String) {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::Builder::new().prefix("abs-review-outside-").tempdir().expect("temp folder");
    let path = dir.path().join("studio-uci");
    let studio = env!("CARGO_BIN_EXE_alphabeta-studio");
    std::fs::write(&path, format!("#!/bin/sh\nexec '{studio}' uci\n")).expect("write");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let path = path.display().to_string();
    (dir, path)
}

/// `id`'s Play view with `record` imported and the Review dialog open.
fn dialog(id: &str, record: &str, configure: impl FnOnce(&mut Play)) -> Harness<'static, Play> {
    let record = record.to_string();
    let mut harness = play_with(id, move |play| {
        play.act(Action::Import(record));
        configure(play);
    });
    settle(&mut harness);
    harness.get_by_label("Review…").click();
    settle(&mut harness);
    harness.get_by_label(TITLE);
    harness
}

#[test]
fn the_outside_engine_is_offered_for_chess_and_not_for_connect_four() {
    let mut harness = dialog("chess", GAME, |_| {});
    harness.get_by_label("the studio's engine");
    assert!(harness.query_by_label("Engine program").is_none(), "no program field before it is chosen");
    harness.get_by_label("an outside UCI engine").click();
    settle(&mut harness);
    assert!(harness.state().review.outside.chosen);
    assert!(harness.state().review.outside_changed, "the choice is to be kept");
    harness.get_by_label("Engine program");
    harness.get_by_label("Engine nodes");
    assert!(harness.query_by_label("Strength per position").is_none(), "the studio's budget is not the engine's");

    let harness = dialog("connect-four", "4453", |_| {});
    harness.get_by_label("Strength per position");
    assert!(harness.query_by_label("an outside UCI engine").is_none());
    assert!(harness.query_by_label("Engine program").is_none());
}

#[test]
fn a_review_by_an_outside_engine_completes_and_names_it() {
    let (_dir, engine) = own_engine();
    let mut harness = dialog("chess", GAME, |play| {
        play.review.outside = OutsideSettings { chosen: true, path: engine, nodes: 3_000 };
    });
    harness.get_by_label("Start review").click();
    run_until(&mut harness, "the outside engine's review", |play| {
        play.review().is_some() || play.review.error.is_some()
    });
    let play = harness.state();
    assert_eq!(play.review.error, None);
    let review = play.review().cloned().expect("reviewed");
    let judge = review.judged_by.clone().expect("named");
    assert!(judge.starts_with("Alpha-Beta Studio ") && judge.ends_with(", 3,000 nodes a position"), "{judge}");
    assert_eq!(review.moves.len(), 6);
    for judged in &review.moves {
        assert!(!judged.proven && judged.depth > 0, "{judged:?}");
        if judged.best == judged.move_name {
            assert_eq!((judged.class, judged.loss), (MoveClass::Best, 0.0), "{judged:?}");
        }
    }
    harness.get_by_label(&format!("Judged by {judge}"));
    // The export names it too.
    let (pgn, _) = alphabeta_studio::app::play::review::export_text(harness.state()).expect("exported");
    assert!(pgn.contains(&format!("[Annotator \"{judge}\"]")), "{pgn}");
}

#[test]
fn a_program_that_is_no_engine_shows_its_reason_and_keeps_the_game() {
    let mut harness = dialog("chess", GAME, |play| {
        play.review.outside = OutsideSettings { chosen: true, path: "/no/such/engine".into(), nodes: 3_000 };
    });
    harness.get_by_label("Start review").click();
    run_until(&mut harness, "the failure", |play| play.review.error.is_some());
    let play = harness.state();
    let error = play.review.error.clone().unwrap_or_default();
    assert_eq!(
        error,
        "The review stopped: engine /no/such/engine: it does not start: No such file or directory (os error 2). The \
         game and any earlier review are kept."
    );
    assert_eq!(play.history().moves().len(), 6);
    assert!(play.review().is_none());
    harness.get_by_label(&error);

    // Chosen without a program: asked for one, nothing started.
    let mut harness = dialog("chess", GAME, |play| {
        play.review.outside = OutsideSettings { chosen: true, path: " ".into(), nodes: 3_000 };
    });
    harness.get_by_label("Start review").click();
    settle(&mut harness);
    assert!(!harness.state().review.running());
    harness.get_by_label_contains("Choose the outside engine's program first");
}

#[test]
fn the_engine_chosen_comes_back_at_the_next_start() {
    let dir = tempfile::Builder::new().prefix("abs-review-outside-prefs-").tempdir().expect("temp folder");
    let chosen = OutsideSettings { chosen: true, path: "/usr/games/stockfish".into(), nodes: 500_000 };
    let mut harness = studio(StudioApp::with_store(Some(Store::new(dir.path()))));
    settle(&mut harness);
    harness.state_mut().play.review.outside = chosen.clone();
    harness.state_mut().play.review.outside_changed = true;
    settle(&mut harness);
    drop(harness);
    let text = std::fs::read_to_string(dir.path().join(".preferences")).expect("written");
    assert!(text.contains("/usr/games/stockfish") && text.contains("interface_scale"), "{text}");
    let harness = studio(StudioApp::with_store(Some(Store::new(dir.path()))));
    assert_eq!(harness.state().play.review.outside, chosen);

    // A hand-edited file's nodes are held to the dialog's range.
    std::fs::write(
        dir.path().join(".preferences"),
        "(interface_scale: 1.0, review_engine: (chosen: true, path: \"sf\", nodes: 0))\n",
    )
    .expect("write");
    let harness = studio(StudioApp::with_store(Some(Store::new(dir.path()))));
    assert_eq!(harness.state().play.review.outside.nodes, 1_000);
}

/// *Cancel* while the engine thinks (this one never answers `go`) ends its process, not only the review.
#[test]
fn cancel_ends_the_engine_s_process() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::Builder::new().prefix("abs-review-outside-cancel-").tempdir().expect("temp folder");
    let (engine, pid_file) = (dir.path().join("mute"), dir.path().join("pid"));
    let script = format!(
        "#!/bin/sh\necho $$ > '{}'\nwhile read line; do case \"$line\" in uci) echo uciok;; isready) echo readyok;; \
         esac; done\n",
        pid_file.display()
    );
    std::fs::write(&engine, script).expect("write");
    std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let path = engine.display().to_string();
    let mut harness = dialog("chess", GAME, |play| {
        play.review.outside = OutsideSettings { chosen: true, path, nodes: 100_000 };
    });
    harness.get_by_label("Start review").click();
    run_until(&mut harness, "the engine to start", |_| pid_file.exists());
    let pid = std::fs::read_to_string(&pid_file).expect("pid").trim().to_string();
    assert!(std::path::Path::new(&format!("/proc/{pid}")).exists(), "the engine runs");
    std::thread::sleep(std::time::Duration::from_millis(300));
    harness.step();
    assert!(harness.state().review.running(), "still waiting for the engine");
    harness.get_by_label("Cancel").click();
    settle(&mut harness);
    assert!(!harness.state().review.running());
    assert_eq!(harness.state().message().map(|m| m.text.as_str()), Some("Review cancelled: nothing was changed."));
    // The window did not wait for it: the review's thread ends the engine's process a moment later.
    let until = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while std::path::Path::new(&format!("/proc/{pid}")).exists() && std::time::Instant::now() < until {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(!std::path::Path::new(&format!("/proc/{pid}")).exists(), "the engine's process is ended");
}

/// *Learn from your mistakes* after an outside engine's review: a try is judged by the outside engine (here one in
/// shell that values every move it is asked about alone at −2.50 and its own best, g6, at +0.40), not by the studio.
#[test]
fn a_try_after_an_outside_review_is_judged_by_the_outside_engine() {
    use alphabeta_studio::app::play::review::{self, learn};
    use std::os::unix::fs::PermissionsExt;
    let (dir, own) = own_engine();
    // The review's engine: the studio's own `uci` until a flag file appears, then canned answers (a try's value
    // known in advance), so the verdict shows which engine judged the try.
    let (judge, canned) = (dir.path().join("judge"), dir.path().join("canned"));
    let script = format!(
        "#!/bin/sh\n[ -e '{canned}' ] || exec '{own}'\nwhile read line; do case \"$line\" in\n uci) echo uciok;;\n \
         isready) echo readyok;;\n *searchmoves*) echo \"info depth 3 score cp -250 pv ${{line##* }}\"; \
         echo \"bestmove ${{line##* }}\";;\n go*) echo 'info depth 3 score cp 40 pv g7g6'; echo 'bestmove g7g6';;\n \
         esac; done\n",
        canned = canned.display()
    );
    std::fs::write(&judge, script).expect("write");
    std::fs::set_permissions(&judge, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let judge = judge.display().to_string();
    let mut harness = dialog("chess", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6", |play| {
        play.review.outside = OutsideSettings { chosen: true, path: judge, nodes: 3_000 };
    });
    harness.get_by_label("Start review").click();
    run_until(&mut harness, "the review", |play| play.review().is_some() || play.review.error.is_some());
    let blunder = harness.state().review().expect("reviewed").moves[5].clone();
    assert_eq!((blunder.move_name.as_str(), blunder.class), ("Nf6", MoveClass::Blunder), "{blunder:?}");
    std::fs::write(&canned, "").expect("the flag");
    // The preferences changed since: the tries are still the review's engine's to judge.
    harness.state_mut().review.outside.path = "/no/such/engine".into();
    harness.state_mut().act(Action::Review(review::Action::Learn(learn::Action::Start(1))));
    settle(&mut harness);
    let before = harness.state().history().position_at(5);
    let h6 = before.find_move("h6").expect("legal");
    harness.state_mut().act(Action::Review(review::Action::Learn(learn::Action::Try(h6))));
    run_until(&mut harness, "the try's verdict", |play| {
        play.review.learn.exercise.as_ref().is_some_and(|e| !matches!(e.phase, learn::Phase::Judging { .. }))
    });
    let exercise = harness.state().review.learn.exercise.as_ref().expect("the exercise");
    let learn::Phase::Judged { verdict, .. } = &exercise.phase else {
        panic!("not judged: {:?}", harness.state().message())
    };
    assert_eq!(
        (verdict.value_best, verdict.value_try, verdict.class),
        (40.0, -250.0, MoveClass::Blunder),
        "{verdict:?}"
    );
}
