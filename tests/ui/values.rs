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
