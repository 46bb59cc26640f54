//! The Telemetry view driven headlessly through egui_kittest: AI against AI on tic-tac-toe, one record per search
//! with the search's own figures, the minimax tree counted in the background, the ladder stepped through, a hint
//! recorded, and an A/B re-run whose counts equal the same search run directly.

use alphabeta_studio::app::install_fonts;
use alphabeta_studio::app::play::{Play, PlayerKind};
use alphabeta_studio::app::shell::{StudioApp, View};
use alphabeta_studio::engine::game::Game;
use alphabeta_studio::engine::search::Algorithm;
use alphabeta_studio::engine::search::deepening::{Engine, EngineConfig};
use alphabeta_studio::engine::search::limits::Limits;
use alphabeta_studio::engine::search::ordering::OrderingOptions;
use alphabeta_studio::engine::telemetry::searches::SearchKind;
use alphabeta_studio::games::any::AnyGame;
use alphabeta_studio::games::mnk::Mnk;
use alphabeta_studio::games::registry::Registry;
use alphabeta_studio::play::series::{MoveAxis, Series, ValueScale};
use alphabeta_studio::play::tree_count::count_tree;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::sync::atomic::AtomicBool;

use crate::support;
use support::*;

fn studio(id: &str, size: egui::Vec2) -> Harness<'static, StudioApp> {
    let mut play = Play::new(Registry::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games")));
    assert!(play.select(id), "{id} is registered");
    let app = StudioApp { play, ..StudioApp::default() };
    Harness::builder().with_size(size).with_context_setup(install_fonts).build_ui_state(|ui, app| app.show(ui), app)
}

fn minimax(depth: u32) -> EngineConfig {
    EngineConfig {
        algorithm: Algorithm::Minimax,
        limits: Limits::depth(depth),
        iterative_deepening: false,
        ..EngineConfig::default()
    }
}

#[test]
fn ai_against_ai_leaves_one_record_per_move_with_the_searches_own_counts() {
    let mut harness = studio("tic-tac-toe", egui::vec2(1280.0, 800.0));
    for player in &mut harness.state_mut().play.players {
        player.kind = PlayerKind::Ai;
        player.custom = true;
        player.config = minimax(2);
    }
    // The game goes on while Telemetry is shown.
    harness.get_by_label("Telemetry").click();
    run_until(&mut harness, "the game's end and every count", |app| {
        let record = app.play.history();
        record.position().outcome().is_some() && record.telemetry().records.iter().all(|r| r.tree.is_some())
    });
    assert_eq!(harness.state().view, View::Telemetry);
    let app = harness.state();
    let moves = app.play.history().moves().len();
    let records = &app.play.history().telemetry().records;
    assert!(moves >= 5, "tic-tac-toe lasts at least five moves");
    assert_eq!(records.len(), moves, "one record per AI move");
    let axis = MoveAxis::new(app.play.history(), records);
    for (ply, record) in records.iter().enumerate() {
        assert_eq!((record.ply, record.kind, record.algorithm()), (ply, SearchKind::Move, Algorithm::Minimax));
        let position = app.play.position_at(ply);
        assert_eq!(record.side, position.side_to_move());
        // Plain minimax enters the whole tree of its depth: the count made apart from the search must agree.
        let tree = count_tree(&position, 2, 1_000_000, &AtomicBool::new(false));
        let full: u64 = tree.per_ply.iter().sum();
        let iteration = &record.thought.iterations[0];
        assert_eq!(iteration.stats.nodes_visited, full, "move {}", ply + 1);
        assert_eq!(record.pruning_ratio(), Some((0.0, true)), "minimax prunes nothing");
        // The plotted points are the search's own figures.
        let nodes = Series::Nodes.point(record, &ValueScale::default(), &axis).expect("a nodes point");
        // At the move list's number: X's moves at 1, 2, 3, O's replies half-way (the list's "1…").
        assert_eq!(nodes.x, 1.0 + ply as f64 / 2.0);
        assert_eq!(nodes.text, format!("{full} nodes"));
        assert_eq!(Series::Depth.point(record, &ValueScale::default(), &axis).map(|p| p.y), Some(2.0));
        assert_eq!(
            Series::Time.point(record, &ValueScale::default(), &axis).map(|p| p.y),
            Some(record.thought.elapsed_seconds)
        );
    }
    harness.get_by_label(&format!("{moves} searches in this game of Tic-tac-toe"));
    let name = |ply: usize| format!("Move {}{} (ply {ply}): ", ply.div_ceil(2), if ply % 2 == 1 { "." } else { "…" });
    harness.get_by_label_contains(&name(moves));
    harness.get_by_label_contains("(latest)");
    harness.get_by_label("◀ previous").click();
    let _ = harness.run_ok();
    harness.get_by_label_contains(&name(moves - 1));
    // The first move's ladder: 1 + 9 + 72 nodes, all of the tree.
    for _ in 0..moves {
        harness.get_by_label("◀ previous").click();
        let _ = harness.run_ok();
    }
    harness.get_by_label("Move 1. (ply 1): X (AI), minimax");
    harness.get_by_label("Pruning ratio at depth 2: 0.00 % — 82 of 82 minimax nodes visited (counted)");
    harness.get_by_label("82");
}

#[test]
fn a_hint_is_recorded_and_b_reruns_its_position() {
    let mut harness = studio("tic-tac-toe", egui::vec2(1280.0, 800.0));
    harness.state_mut().play.players[1].kind = PlayerKind::Human;
    harness.get_by_label("Play").click();
    let _ = harness.run_ok();
    harness.get_by_label("cell b2").click();
    let _ = harness.run_ok();
    harness.get_by_label("Hint").click();
    run_until(&mut harness, "the hint", |app| !app.play.history().telemetry().records.is_empty());
    harness.get_by_label("Telemetry").click();
    let _ = harness.run_ok();
    let record = harness.state().play.history().telemetry().records[0].clone();
    assert_eq!((record.ply, record.kind), (1, SearchKind::Hint));
    harness.get_by_label_contains("Move 1… (ply 2): Hint for O");
    // B: plain α-β to A's depth, no table, no ordering — as the same search run here.
    // The summary grows by a line when the tree count arrives: wait for it, so the button stays where it was found.
    run_until(&mut harness, "the tree count", |app| app.play.history().telemetry().records[0].tree.is_some());
    harness.get_by_label("Run B").click_accesskit();
    run_until(&mut harness, "B's search", |app| app.telemetry.ab.thought.is_some());
    let b = harness.state().telemetry.ab.thought.clone().expect("B done");
    let mut position = Mnk::tic_tac_toe();
    position.try_play(4).expect("b2 is legal");
    let config = EngineConfig {
        algorithm: Algorithm::Alphabeta,
        limits: Limits { depth: record.depth_reached(), ..Limits::NONE },
        tt_mib: 16,
        ordering: OrderingOptions::NONE,
        ..EngineConfig::default()
    };
    let direct = Engine::new(config).think(&mut position, None, |_| {});
    let counts = |t: &alphabeta_studio::engine::search::deepening::Thought<_>| {
        t.iterations.iter().map(|i| i.stats.nodes_visited).collect::<Vec<u64>>()
    };
    assert_eq!(counts(&b), counts(&direct.map_moves(u64::from)));
    let nodes = alphabeta_studio::numbers::count(b.total_stats().nodes_visited);
    harness.get_by_label(&format!("B done: {nodes} nodes in {:.3} s", b.elapsed_seconds));
    assert_eq!(AnyGame::new(position).moves_played(), 1);
}

#[test]
fn csv_has_a_row_per_iteration_and_a_small_window_still_draws() {
    let mut harness = studio("tic-tac-toe", egui::vec2(800.0, 600.0));
    for player in &mut harness.state_mut().play.players {
        player.kind = PlayerKind::Ai;
        player.custom = true;
        player.config = EngineConfig { limits: Limits::depth(3), ..minimax(3) };
        player.config.iterative_deepening = true;
        player.config.algorithm = Algorithm::Pvs;
    }
    harness.get_by_label("Telemetry").click();
    run_until(&mut harness, "three moves", |app| app.play.history().telemetry().records.len() >= 3);
    harness.state_mut().play.players[0].kind = PlayerKind::Human;
    harness.state_mut().play.players[1].kind = PlayerKind::Human;
    let _ = harness.run_ok();
    let app = harness.state();
    let csv = alphabeta_studio::app::telemetry::export::records_csv(&app.play);
    let records = &app.play.history().telemetry().records;
    let rows: usize =
        records.iter().map(|r| r.thought.iterations.len() + usize::from(r.thought.partial.is_some())).sum();
    assert_eq!(csv.lines().count(), 1 + rows);
    assert!(csv.starts_with("ply,move,side,kind,algorithm,depth,"));
    // The first search's first iteration: move 1, the first player, depth 1, 1 + 9 nodes.
    let first = csv.lines().nth(1).expect("a row");
    assert!(first.starts_with("1,1,first,move,pvs,1,true,false,"), "{first}");
    // Ply 2 is the second player's reply, move 1 of the move list; ply 3 is move 2 (the column once held the ply).
    let starts: Vec<&str> = csv.lines().skip(1).map(|row| &row[..row.find(",move,").unwrap_or(0)]).collect();
    assert!(starts.contains(&"2,1,second") && starts.contains(&"3,2,first"), "{starts:?}");
    assert!(first.contains(",10,"), "{first}");
    // The plots as SVG, drawn from the records: the title names the game, each series shown is a panel with its
    // axes, and the size is the one asked for (the PNG was a crop of the screen without them).
    let shown = harness.state().telemetry.shown;
    let figure = alphabeta_studio::app::telemetry::figure::plots_figure(&harness.state().play, &shown);
    assert_eq!(figure.panels.len(), Series::ALL.len());
    let svg = alphabeta_studio::play::figure::to_svg(&figure, 1400, 900);
    for text in
        ["Search telemetry — Tic-tac-toe", ">Nodes (log scale)</text>", ">move (numbered as in the move list)</text>"]
    {
        assert!(svg.contains(text), "{text} missing");
    }
    assert!(svg.contains(r#"width="1400" height="900""#));
    figures_are_drawn_whole(app);
    harness.get_by_label("Save plots as SVG");
    harness.get_by_label("Save ladder as PNG");
    assert_eq!(harness.state().view, View::Telemetry);
    harness.get_by_label("Save CSV");
    harness.get_by_label("Nodes (log scale)");
}

#[test]
fn undo_takes_the_ai_s_record_back_and_redo_brings_it_back() {
    let mut harness = studio("tic-tac-toe", egui::vec2(1280.0, 800.0));
    harness.state_mut().play.players[1].config = minimax(2);
    harness.state_mut().play.players[1].custom = true;
    harness.get_by_label("Play").click();
    let _ = harness.run_ok();
    harness.get_by_label("cell b2").click();
    run_until(&mut harness, "the AI's reply", |app| app.play.history().moves().len() == 2 && !app.play.thinking());
    let records = |h: &Harness<'static, StudioApp>| h.state().play.history().telemetry().records.len();
    assert_eq!(records(&harness), 1, "the person's move has no search, the AI's has one");
    harness.get_by_label("Undo").click();
    let _ = harness.run_ok();
    assert_eq!((harness.state().play.history().moves().len(), records(&harness)), (0, 0));
    harness.get_by_label("Redo").click();
    let _ = harness.run_ok();
    assert_eq!((harness.state().play.history().moves().len(), records(&harness)), (2, 1));
    // The ladder switches to times and values.
    harness.get_by_label("Telemetry").click();
    let _ = harness.run_ok();
    harness.get_by_label("Move 1… (ply 2): O (AI), minimax (latest)");
    harness.get_by_label("time").click();
    let _ = harness.run_ok();
    assert_eq!(harness.state().telemetry.rung, alphabeta_studio::app::telemetry::deepening::Rung::Time);
}

/// After a small window the ladder panel stayed squeezed (or was pushed off the left edge by
/// its table). At every size from 800 × 600 to 2560 × 1440, after 640 × 480, the panel takes a fifth to a half of the
/// window and its first button lies inside it.
#[test]
fn the_ladder_panel_holds_its_shape_at_three_sizes() {
    let mut harness = studio("tic-tac-toe", egui::vec2(1400.0, 900.0));
    for player in &mut harness.state_mut().play.players {
        player.kind = PlayerKind::Ai;
        player.custom = true;
        player.config = minimax(2);
    }
    harness.get_by_label("Telemetry").click();
    run_until(&mut harness, "the game's end", |app| app.play.history().position().outcome().is_some());
    for (width, height) in [(640.0, 480.0), (800.0, 600.0), (1400.0, 900.0), (2560.0, 1440.0), (800.0, 600.0)] {
        harness.set_size(egui::vec2(width, height));
        settle(&mut harness);
        settle(&mut harness);
        let button = harness.get_by_label("◀ previous").rect();
        assert!(button.min.x >= 0.0, "{width}×{height}: the panel is cut off on the left ({button:?})");
        if width >= 800.0 {
            let panel = width - button.min.x;
            assert!(
                panel >= (0.2 * width).min(420.0) - 20.0 && panel <= 0.5 * width + 20.0,
                "{width}×{height}: panel {panel} wide"
            );
        }
    }
}

/// The Value plot says a score in the search panel's own words, read in the position that was
/// searched (a win is counted in the winner's moves from there), and draws the win on the edge named by its winner.
#[test]
fn the_value_plot_says_what_the_search_panel_said() {
    use alphabeta_studio::app::play::Action;
    use alphabeta_studio::play::series::value_scale;
    let mut harness = studio("connect-four", egui::vec2(1280.0, 800.0));
    harness.state_mut().view = View::Play;
    harness.state_mut().play.players[0].kind = PlayerKind::Ai;
    harness.state_mut().play.players[1].kind = PlayerKind::Human;
    // Red to move with three stones in column 1: the win is one move away.
    harness.state_mut().play.act(Action::SetUp("121212".into()));
    // A set-up position waits for Resume.
    harness.state_mut().play.act(Action::TogglePause);
    run_until(&mut harness, "Red's winning move", |app| app.play.history().position().outcome().is_some());
    let app = harness.state();
    let records = &app.play.history().telemetry().records;
    assert_eq!(records.len(), 1);
    let names = ["Red".to_string(), "Yellow".to_string()];
    let scale = value_scale(app.play.history(), &names, app.play.values_from);
    let words = scale.words.get(&records[0].id).cloned().expect("the search's words");
    assert!(words.starts_with("Red wins in 1 move"), "{words}");
    let point = Series::Value.point(&records[0], &scale, &MoveAxis::new(app.play.history(), records)).expect("a point");
    assert_eq!((point.x, point.y), (1.0, scale.edge));
    assert_eq!(point.text, format!("score (Red to move): {words}\nRed wins: drawn on the dashed line"));
    assert_eq!(scale.axis_label(), "threats (+: Red ahead)");
    // The search panel said it in the same words.
    harness.get_by_label(&words);
}

/// The ladder is a figure too (its three quantities by depth, titled and with the game), and
/// a figure's PNG is drawn from its SVG at the size asked for, its text set (the PNG was once a 313 × 206 crop of
/// the screen without axes, ticks or title).
fn figures_are_drawn_whole(app: &alphabeta_studio::app::StudioApp) {
    use alphabeta_studio::app::telemetry::figure::{ladder_figure, png_of};
    let record = app.play.history().telemetry().records.last().expect("a search");
    let ladder = ladder_figure(&app.play, record, None);
    let titles: Vec<&str> = ladder.panels.iter().map(|p| p.title.as_str()).collect();
    assert_eq!(titles, ["Nodes (log scale)", "Time per iteration", "Value"]);
    assert_eq!(ladder.title, "Deepening ladder — Tic-tac-toe");
    assert_eq!(ladder.x_label, "depth (plies)");
    let depths: Vec<f64> = ladder.panels[0]
        .traces
        .iter()
        .find(|t| t.name.starts_with("A: "))
        .expect("A")
        .points
        .iter()
        .map(|p| p[0])
        .collect();
    assert_eq!(depths, (1..=record.thought.iterations.len()).map(|d| d as f64).collect::<Vec<_>>());
    let png = png_of(&alphabeta_studio::play::figure::to_svg(&ladder, 900, 600)).expect("drawn");
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut pixels).expect("its pixels");
    assert_eq!((info.width, info.height), (900, 600));
    // The title's band (its baseline at y = 24, 18 px type) holds dark pixels: the text was set with a font.
    let channels = info.line_size / info.width as usize;
    let dark = (8..28)
        .flat_map(|y| (0..450).map(move |x| (y, x)))
        .filter(|(y, x)| pixels[y * info.line_size + x * channels] < 100)
        .count();
    assert!(dark > 200, "{dark} dark pixels where the title is");
}

/// A game's entries in the File menu open their windows in Play, whichever view the menu was opened from: from
/// Telemetry, *Set up position…* shows Play with its window, and the heading counts its searches in words.
#[test]
fn the_file_menu_s_game_entries_show_play_with_their_window() {
    use alphabeta_studio::app::play::records_window::Asking;
    let mut harness = studio("tic-tac-toe", egui::vec2(800.0, 600.0));
    harness.get_by_label("Telemetry").click();
    harness.run();
    harness.get_by_label("0 searches in this game of Tic-tac-toe");
    harness.get_by_label("File").click();
    harness.run();
    harness.get_by_label("Set up position…").click();
    harness.run();
    assert_eq!(harness.state().view, View::Play);
    assert_eq!(harness.state().play.records_window.asking, Some(Asking::SetUp));
    harness.get_by_role_and_label(egui::accesskit::Role::Button, "Set up position");
}
