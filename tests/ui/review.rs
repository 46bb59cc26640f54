//! Game review in Play: the review runs on its worker while the window draws, the move list marks a
//! planted blunder `??`, Cancel stops it, *Show why* opens the Tree lab with the move played and the best move as
//! the first two subtrees, and a session keeps the review.

use alphabeta_studio::app::StudioApp;
use alphabeta_studio::app::play::review::{self, TITLE};
use alphabeta_studio::app::play::{Action, Play};
use alphabeta_studio::app::session::format;
use alphabeta_studio::app::shell::View;
use alphabeta_studio::app::tree_lab::READABLE_ZOOM;
use alphabeta_studio::games::move_tree::label_for;
use alphabeta_studio::review::{MoveClass, ReviewBudget, ReviewSettings};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::support::*;

/// Tic-tac-toe: X takes the centre, O answers on an edge (b1), which loses: X forks next (minimax's verdict).
const BLUNDER: &str = "b2 b1";

/// Imports `record` into `id`'s Play view and reviews it through the window: the button, the dialog, *Start*.
fn reviewed(id: &str, record: &str) -> Harness<'static, Play> {
    let mut harness = play_with(id, |play| play.act(Action::Import(record.to_string())));
    settle(&mut harness);
    harness.get_by_label("Review…").click();
    settle(&mut harness);
    harness.get_by_label(TITLE);
    harness.get_by_label("Start review").click();
    run_until(&mut harness, "the review", |play| play.review().is_some());
    harness
}

#[test]
fn a_review_runs_to_the_end_and_the_move_list_marks_the_planted_blunder() {
    let mut harness = reviewed("tic-tac-toe", BLUNDER);
    let review = harness.state().review().cloned().expect("reviewed");
    assert_eq!(review.moves.len(), 2, "both moves judged");
    assert_eq!(review.moves[1].class, MoveClass::Blunder, "{:?}", review.moves[1]);
    assert!(matches!(review.moves[0].class, MoveClass::Best | MoveClass::Good), "{:?}", review.moves[0]);
    assert!(harness.query_by_label(TITLE).is_none(), "the dialog closes once the review is done");
    // The move list: the blunder marked, the centre not.
    harness.get_by_label("b1??");
    harness.get_by_label("b2");
    // The panel counts it against O and names the better move.
    harness.get_by_label_contains("better was");
    // A move played after the review leaves the judged ones marked.
    harness.state_mut().act(Action::View(None));
    settle(&mut harness);
    harness.get_by_label("b1??");
}

#[test]
fn cancel_stops_the_review_and_keeps_the_game() {
    // Connect Four at a second a position: long enough to be cancelled while it runs.
    let mut harness = play_with("connect-four", |play| {
        play.act(Action::Import("44445353".to_string()));
        play.review.settings = ReviewSettings { budget: ReviewBudget::TimeMs(1_000) };
    });
    settle(&mut harness);
    harness.get_by_label("Review…").click();
    settle(&mut harness);
    harness.get_by_label("Start review").click();
    // The window goes on drawing while the worker analyses.
    for _ in 0..5 {
        harness.step();
        assert!(harness.state().review.running(), "still reviewing");
    }
    harness.get_by_label_contains("positions ·");
    harness.get_by_label("Cancel").click();
    settle(&mut harness);
    let play = harness.state();
    assert!(!play.review.running(), "cancelled");
    assert!(play.review().is_none(), "no review from a cancelled run");
    assert_eq!(play.history().moves().len(), 8, "the game is kept");
    assert_eq!(play.message().map(|m| m.text.as_str()), Some("Review cancelled: nothing was changed."));
}

#[test]
fn show_why_opens_the_tree_lab_with_the_played_and_the_best_move_first() {
    let mut app = StudioApp::default();
    assert!(app.play.select("tic-tac-toe"));
    app.play.act(Action::Import(BLUNDER.to_string()));
    app.view = View::Play;
    let mut harness = studio(app);
    settle(&mut harness);
    harness.state_mut().play.act(Action::Review(review::Action::Start(ReviewSettings::default())));
    run_until(&mut harness, "the review", |app| app.play.review().is_some());
    let blunder = harness.state().play.judged(1).cloned().expect("judged");
    assert_ne!(blunder.best, blunder.move_name);
    harness.state_mut().play.review.why_shape.depth = 2;
    harness.get_all_by_label("Show why").next().expect("a Show why button").click();
    settle(&mut harness);
    let app = harness.state();
    assert_eq!(app.view, View::TreeLab);
    let tree = alphabeta_studio::tree::notation::parse(&app.tree_lab.settings.text).expect("a valid tree");
    let labels: Vec<String> = tree.root.children().iter().filter_map(|c| c.label.clone()).collect();
    assert_eq!(labels[..2], [label_for("b1"), label_for(&blunder.best)]);
    // The depth chosen, two plies: the played move's replies are leaves.
    let replies = tree.root.children()[0].children();
    assert!(!replies.is_empty() && replies.iter().all(|r| r.is_leaf()), "two plies deep");
    assert!(app.tree_lab.message().is_some_and(|m| m.contains("then the better")), "{:?}", app.tree_lab.message());
}

/// *Show why* on a chess move opens where its moves and values can be read: at a zoom no smaller than the
/// readable one, every move labelled and drawn, the values in pawns and the unit named. It opened fitted at 12 %,
/// the leaves' moves left out and the values in centipawns.
#[test]
fn show_why_on_chess_opens_readable_with_every_move_named_in_pawns() {
    let mut app = StudioApp::default();
    assert!(app.play.select("chess"));
    // Black's queen to h4, where the knight takes it.
    app.play.act(Action::Import("e4 e5 Nf3 Qh4".to_string()));
    app.play.review.settings = ReviewSettings { budget: ReviewBudget::Depth(1) };
    app.play.review.why_shape.depth = 2;
    app.view = View::Play;
    let mut harness = studio(app);
    settle(&mut harness);
    harness.state_mut().play.act(Action::Review(review::Action::Start(ReviewSettings::default())));
    run_until(&mut harness, "the review", |app| app.play.review().is_some());
    harness.get_all_by_label("Show why").next().expect("a Show why button").click();
    settle(&mut harness);
    harness.state_mut().tree_lab.wait_for_analysis();
    settle(&mut harness);
    let lab = &harness.state().tree_lab;
    assert!(lab.zoom() >= READABLE_ZOOM, "zoom {} below the readable {READABLE_ZOOM}", lab.zoom());
    assert_eq!(lab.hidden_labels(), Vec::<String>::new(), "moves left unnamed at zoom {}", lab.zoom());
    let tree = alphabeta_studio::tree::notation::parse(&lab.settings.text).expect("a valid tree");
    fn named(node: &alphabeta_studio::tree::model::Node) -> bool {
        node.children().iter().all(|c| c.label.as_deref().is_some_and(|l| !l.is_empty()) && named(c))
    }
    assert!(named(&tree.root), "every move labelled: {}", lab.settings.text);
    let queen = &tree.root.children()[0];
    assert_eq!(queen.label.as_deref(), Some("Qh4"));
    let taken = queen.children().iter().find(|c| c.label.as_deref() == Some("Nxh4")).expect("the knight takes");
    let alphabeta_studio::tree::model::Body::Leaf(value) = taken.body else { panic!("a leaf: {taken:?}") };
    // A queen up for White: about nine pawns (900 centipawns before).
    assert!((5.0..15.0).contains(&value), "{value} is not in pawns");
    assert_eq!(value, (value * 100.0).round() / 100.0, "two decimals");
    assert!(lab.message().is_some_and(|m| m.contains("Values in pawns, + = White ahead.")), "{:?}", lab.message());
}

#[test]
fn a_session_keeps_the_review_and_reopens_it_without_analysing() {
    let harness = reviewed("tic-tac-toe", BLUNDER);
    let before = harness.state().review().cloned().expect("reviewed");
    let text = format::to_ron(&format::Session::new(View::Play, harness.state().to_session(), Default::default()));
    let session = format::parse(&text).expect("reads back");
    let mut play = Play::new(registry());
    play.restore(&session.play).expect("restores");
    assert_eq!(play.review(), Some(&before), "the same review");
    assert!(!play.review.running(), "nothing analysed again");
    // A review that points past the game (a hand-edited file) is left out; the game still opens.
    let mut bad = session.play.clone();
    if let Some(saved) = &mut bad.review {
        saved.review.moves[0].ply = 99;
    }
    let mut play = Play::new(registry());
    play.restore(&bad).expect("the game still opens");
    assert_eq!(play.history().moves().len(), 2);
    assert!(play.review().is_none());
    assert!(play.message().is_some_and(|m| m.error && m.text.contains("left out")), "{:?}", play.message());
}

/// The dialog counts in plies and says "1 ply", not "1 plies": a 74-move chess game was announced as "148 moves".
#[test]
fn the_dialog_counts_plies_in_words_that_agree() {
    let mut harness = play_with("tic-tac-toe", |play| {
        play.act(Action::Import("b2".to_string()));
        play.review.settings = ReviewSettings { budget: ReviewBudget::Depth(1) };
        play.review.why_shape.depth = 1;
    });
    settle(&mut harness);
    harness.get_by_label("Review…").click();
    settle(&mut harness);
    harness.get_by_label_contains("Judge every move of this game (1 ply;");
    let said: Vec<String> = harness.query_all_by_label_contains("1 plies").map(|n| format!("{n:?}")).collect();
    assert!(said.is_empty(), "no '1 plies' anywhere: {said:?}");
    let depth: Vec<Option<String>> = harness.get_all_by_label("depth").map(|n| n.value()).collect();
    assert!(depth.contains(&Some("1 ply".to_string())), "{depth:?}");
    assert_eq!(harness.get_by_label("Show why depth").value().as_deref(), Some("1 ply deep"));
}

/// At 800 × 600 the search panel keeps to its own space beside the review panel: its heading row wraps instead of
/// widening the panel under the review's list (whose rows its edge line crossed).
#[test]
fn the_search_panel_stays_beside_the_review_panel_in_a_small_window() {
    let mut harness = reviewed("tic-tac-toe", BLUNDER);
    harness.set_size(eframe::egui::vec2(800.0, 600.0));
    harness.state_mut().act(Action::Hint);
    run_until(&mut harness, "the hint", |play| !play.thinking() && play.hint().is_some());
    let review_left = harness.get_by_label("Review").rect().left();
    for label in ["Search: Hint, done", "nodes (all iterations)", "search time", "nodes/s"] {
        let rect = harness.get_by_label(label).rect();
        assert!(
            rect.right() <= review_left,
            "{label} ends at {} under the review panel at {review_left}",
            rect.right()
        );
    }
}

/// An imported chess game's PGN tags stay with the game in Play and come through *Export review*: the roster
/// first, then the record's own tags in its order, its players kept over the studio's names.
#[test]
fn the_review_export_keeps_the_imported_game_s_tags() {
    let record = "[Event \"Club\"]\n[White \"Ada\"]\n[Black \"Bo\"]\n[ECO \"C20\"]\n[Board \"7\"]\n\n1. e4 e5 *";
    let mut harness = play_with("chess", |play| {
        play.act(Action::Import(record.to_string()));
        play.review.settings = ReviewSettings { budget: ReviewBudget::Depth(1) };
    });
    settle(&mut harness);
    harness.get_by_label("Review…").click();
    settle(&mut harness);
    harness.get_by_label("Start review").click();
    run_until(&mut harness, "the review", |play| play.review().is_some());
    let (text, extension) = review::export_text(harness.state()).expect("an export");
    assert_eq!(extension, "pgn");
    let header: Vec<&str> = text.lines().take_while(|line| !line.is_empty()).collect();
    assert_eq!(
        header,
        [
            r#"[Event "Club"]"#,
            r#"[Site "Alpha-Beta Studio"]"#,
            r#"[Date "????.??.??"]"#,
            r#"[Round "?"]"#,
            r#"[White "Ada"]"#,
            r#"[Black "Bo"]"#,
            r#"[Result "*"]"#,
            r#"[ECO "C20"]"#,
            r#"[Board "7"]"#,
        ],
        "{text}"
    );
}
