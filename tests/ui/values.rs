//! Numbers that agree: the search panel's figures are those of one search, Telemetry's record of it; and every
//! value shown (panel, plots, ladder, CSV) reads from the side the Settings menu names, in the unit it names.

use alphabeta_studio::app::install_fonts;
use alphabeta_studio::app::play::{Action, Play, PlayerKind};
use alphabeta_studio::app::shell::{StudioApp, View};
use alphabeta_studio::engine::telemetry::searches::SearchKind;
use alphabeta_studio::numbers;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::support::{registry, run_until, settle};

fn studio(id: &str, configure: impl FnOnce(&mut Play)) -> Harness<'static, StudioApp> {
    let mut play = Play::new(registry());
    assert!(play.select(id), "{id} is registered");
    configure(&mut play);
    let app = StudioApp { play, ..StudioApp::default() };
    Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_context_setup(install_fonts)
        .build_ui_state(|ui, app| app.show(ui), app)
}

/// The hint's panel said "nodes 236,034" (its last iteration's) under "searched 755 k of 1 M nodes" (the whole
/// search's), and "elapsed 3.1 s" (the request's wall clock) where Telemetry said 2.387 s. Now the panel's nodes
/// and time are the whole search's, and equal what Telemetry shows for the same search.
#[test]
fn the_hint_panel_shows_the_figures_telemetry_records_for_its_search() {
    let mut harness = studio("tic-tac-toe", |play| {
        for player in &mut play.players {
            player.kind = PlayerKind::Human;
        }
    });
    harness.state_mut().view = View::Play;
    settle(&mut harness);
    harness.state_mut().play.act(Action::Hint);
    run_until(&mut harness, "the hint", |app| app.play.hint().is_some() && !app.play.thinking());
    let record = harness.state().play.history().telemetry().records.last().cloned().expect("the hint's record");
    assert_eq!(record.kind, SearchKind::Hint);
    let last = record.thought.iterations.last().expect("an iteration");
    assert!(
        record.thought.iterations.len() > 1 && last.stats.nodes_visited < record.nodes(),
        "a search of several iterations, whose last one is not the whole of it: {:?}",
        record.thought.iterations.iter().map(|i| i.stats.nodes_visited).collect::<Vec<_>>()
    );
    let (nodes, seconds) = (numbers::count(record.nodes()), format!("{:.3} s", record.seconds()));
    harness.get_by_label("nodes (all iterations)");
    harness.get_by_label(&nodes);
    harness.get_by_label("search time");
    harness.get_by_label(&seconds);
    assert!(harness.query_by_label(&numbers::count(last.stats.nodes_visited)).is_none(), "no per-iteration count");
    harness.get_by_label("Telemetry").click();
    settle(&mut harness);
    harness.get_by_label_contains(&format!("{nodes} nodes · {seconds}"));
}

/// Black to move, a queen down: Black's own search finds about −9 pawns. Read from White's side (the default) the
/// panel, the deepening ladder, its axis title and the CSV say +9 for White; the Settings menu's "the side to move"
/// flips every one of them to Black's −9, and the session keeps the choice.
#[test]
fn the_settings_choose_whose_side_every_value_is_read_from() {
    use alphabeta_studio::app::telemetry::{export::records_csv, figure::ladder_figure, series::signed};
    use alphabeta_studio::games::values_from::ValuesFrom;
    let mut harness = studio("chess", |play| {
        play.players[0].kind = PlayerKind::Human;
        play.players[1].kind = PlayerKind::Ai;
        play.players[1].level = 1;
    });
    harness.state_mut().view = View::Play;
    harness.state_mut().play.act(Action::SetUp("4k3/8/8/8/8/8/8/3QK3 b - - 0 1".into()));
    // A set-up position waits for Resume.
    harness.state_mut().play.act(Action::TogglePause);
    run_until(&mut harness, "Black's move", |app| app.play.history().moves().len() == 1 && !app.play.thinking());
    let record = harness.state().play.history().telemetry().records.last().cloned().expect("Black's search");
    let value = record.deepest().expect("an iteration").value;
    assert!(value < -500.0, "Black, a queen down, is behind: {value}");
    let pawns = |v: f64| signed(v / 100.0);
    let (white, black) = (pawns(-value), pawns(value));
    assert!(white.starts_with('+') && black.starts_with('−'), "{white} {black}");
    let cells = |harness: &Harness<'static, StudioApp>, text: &str| harness.query_all_by_label(text).count();

    // The default: White's side, on every view.
    assert_eq!(harness.state().play.values_from, ValuesFrom::FirstPlayer);
    let start = harness.state().play.history().position_at(0);
    harness.get_by_label("score (White's side)");
    harness.get_by_label_contains(&start.score_in_words(-value));
    harness.get_by_label("Telemetry").click();
    settle(&mut harness);
    assert!(cells(&harness, &white) > 0 && cells(&harness, &black) == 0, "the ladder's value column");
    harness.get_by_label("Values in pawns (+: White ahead)");
    let ladder = ladder_figure(&harness.state().play, &record, None);
    assert!(ladder.subtitle.ends_with("values in pawns (+: White ahead)"), "{}", ladder.subtitle);
    let csv = records_csv(&harness.state().play);
    let header: Vec<&str> = csv.lines().next().expect("a header").split(',').collect();
    let column = header.iter().position(|h| *h == "value_pawns_white").expect("the value column names White: {csv}");
    let deepest_row = csv.lines().nth(record.thought.iterations.len()).expect("the deepest iteration's row");
    assert_eq!(deepest_row.split(',').nth(column), Some(format!("{}", -value / 100.0).as_str()), "{csv}");

    // Settings ▸ Values from: the side to move.
    harness.get_by_label("Settings").click();
    settle(&mut harness);
    harness.get_by_label("the side to move").click();
    settle(&mut harness);
    assert_eq!(harness.state().play.values_from, ValuesFrom::SideToMove);
    assert!(cells(&harness, &black) > 0 && cells(&harness, &white) == 0, "the ladder's value column flipped");
    harness.get_by_label("Values in pawns (+: Black, to move, ahead)");
    let ladder = ladder_figure(&harness.state().play, &record, None);
    assert!(ladder.subtitle.ends_with("values in pawns (+: Black, to move, ahead)"), "{}", ladder.subtitle);
    let csv = records_csv(&harness.state().play);
    assert!(csv.starts_with("ply,move,side,kind,algorithm,depth,complete,exact,value_pawns_side_to_move,"), "{csv}");
    let deepest_row = csv.lines().nth(record.thought.iterations.len()).expect("the deepest iteration's row");
    assert_eq!(deepest_row.split(',').nth(8), Some(format!("{}", value / 100.0).as_str()), "{csv}");
    harness.state_mut().view = View::Play;
    settle(&mut harness);
    harness.get_by_label("score (Black to move)");
    harness.get_by_label_contains(&start.score_in_words(value));

    // A setting the session keeps (a game of the start position: a set-up one is another matter).
    let mut play = Play::new(registry());
    assert!(play.select("chess"));
    play.values_from = ValuesFrom::SideToMove;
    let session = play.to_session();
    let mut restored = Play::new(registry());
    restored.restore(&session).expect("the session restores");
    assert_eq!(restored.values_from, ValuesFrom::SideToMove);
}
