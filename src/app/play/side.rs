//! The side panel: the game, the players and their strength, the game's buttons and the move list.

use super::clocks::{self, format_clock};
use super::{Action, Play, Player, PlayerKind, Purpose};
use crate::engine::game::Side;
use crate::engine::search::clock::TimeControl;
use crate::engine::search::skill::Skill;
use crate::engine::search::{Algorithm, ranges};
use crate::engine::telemetry::searches::SearchKind;
use crate::games::ladder::{level_tooltip, method_words, shown, strength_words};
use crate::games::levels::{LEVELS, describe, level_config};
use eframe::egui;

/// Draws the side panel, pushing what the user asks for onto `play.actions`.
pub fn show(play: &mut Play, ui: &mut egui::Ui) {
    // In a short window (800 × 600) the players' settings would push the move list below the panel's fold; there
    // the list comes straight after the game's buttons and the settings, set once a game, follow it.
    let short = ui.available_height() < SHORT_PANEL;
    egui::ScrollArea::vertical().show(ui, |ui| {
        game_picker(play, ui);
        ui.separator();
        if !short {
            players(play, ui);
        }
        buttons(play, ui);
        // Below the buttons, so turning the clock on moves none of them.
        clock_settings(play, ui);
        ui.separator();
        move_list(play, ui);
        if short {
            ui.separator();
            players(play, ui);
        }
    });
}

/// The panel height (points) under which the move list comes before the players' settings.
const SHORT_PANEL: f32 = 680.0;

/// Both players' settings, then a separator.
fn players(play: &mut Play, ui: &mut egui::Ui) {
    for (i, side) in [Side::Max, Side::Min].into_iter().enumerate() {
        player_settings(play, ui, i, side);
    }
    ui.separator();
}

fn game_picker(play: &mut Play, ui: &mut egui::Ui) {
    ui.heading("Game");
    let current = play.entry().variant.name.clone();
    // As tall as the window has room for below the picker: the list scrolls only when the window cannot hold every
    // game. egui measures a new popup within the style's default area size (400 points tall), which hid the last
    // game below the list's fold whatever height the list asked for; that size is raised while the list is shown.
    let list_height = (ui.ctx().content_rect().bottom() - ui.cursor().top() - 48.0).max(120.0);
    let area_size = ui.ctx().global_style().spacing.default_area_size;
    ui.ctx().global_style_mut(|style| style.spacing.default_area_size.y = list_height + 16.0);
    egui::ComboBox::from_label("Game").selected_text(current).height(list_height).show_ui(ui, |ui| {
        for (i, entry) in play.registry.entries.iter().enumerate() {
            if ui
                .selectable_label(i == play.selected, &entry.variant.name)
                .on_hover_text(entry.source.to_string())
                .clicked()
            {
                play.actions.push(Action::SelectGame(i));
            }
        }
    });
    ui.ctx().global_style_mut(|style| style.spacing.default_area_size = area_size);
    ui.horizontal_wrapped(|ui| {
        super::reload::button(play, ui);
        super::check_window::button(play, ui);
    });
    let description = &play.entry().variant.description;
    if !description.is_empty() {
        ui.label(egui::RichText::new(description).weak());
    }
    if !play.registry.errors.is_empty() {
        let files = crate::messages::counted(play.registry.errors.len() as u64, "game file", "game files");
        let title = format!("{files} did not load");
        egui::CollapsingHeader::new(egui::RichText::new(title).color(ui.visuals().error_fg_color)).show(ui, |ui| {
            for error in &play.registry.errors {
                ui.label(egui::RichText::new(error.path.display().to_string()).strong());
                ui.label(&error.message);
            }
        });
    }
}

/// One side's player: person or AI, and the AI's level or custom settings.
fn player_settings(play: &mut Play, ui: &mut egui::Ui, i: usize, side: Side) {
    let mut player = play.players[i].clone();
    let ai = &play.entry().variant.ai;
    // The side by the family's own name: White/Black, Red/Yellow, X/O.
    let name = play.history.position().side_name(side).to_string();
    ui.horizontal(|ui| {
        ui.strong(&name);
        clock_face(play, ui, i);
    });
    ui.horizontal(|ui| {
        ui.selectable_value(&mut player.kind, PlayerKind::Human, "Human").on_hover_text(format!("You play {name}"));
        ui.selectable_value(&mut player.kind, PlayerKind::Ai, "AI").on_hover_text(format!("The AI plays {name}"));
    });
    if player.kind == PlayerKind::Human {
        ui.horizontal(|ui| {
            let label = ui.label("name");
            let edit = egui::TextEdit::singleline(&mut player.name).hint_text("for game records").desired_width(140.0);
            ui.add(edit).labelled_by(label.id).on_hover_text("Your name as exported game records (PGN) give it");
        });
    }
    if player.kind == PlayerKind::Ai {
        ui.add_enabled_ui(!player.custom, |ui| {
            ui.add(egui::Slider::new(&mut player.level, *LEVELS.start()..=*LEVELS.end()).text("level"));
        });
        if !player.custom {
            level_strength(play, ui, player.level);
        }
        let was_custom = player.custom;
        ui.checkbox(&mut player.custom, "Custom settings");
        if player.custom && !was_custom {
            // Start the custom panel from the level's settings, so it is a small step away from them.
            player.config = super::play_level_config(ai, player.level);
        }
        if player.custom {
            let position = play.history().position();
            let (chance, selective) = (position.has_chance(), position.has_selective_search());
            custom_panel(ui, i, &mut player, chance, selective);
        } else {
            let position = play.history().position();
            let mut text = describe(&level_config(ai, player.level), &position.score_axis(), position.value_bounds());
            if play.clock_control.is_some() {
                text.push_str("; on the clock, its time per move comes from its clock");
            }
            ui.label(egui::RichText::new(text).weak());
        }
        let errs =
            if player.custom { player.config.skill.is_some() } else { level_config(ai, player.level).skill.is_some() };
        if errs {
            ui.add(egui::DragValue::new(&mut player.seed).prefix("mistakes seed ")).on_hover_text(
                "A level that errs on purpose plays a move close to its best, chosen by this seed: the same seed \
                 and the same moves give the same game",
            );
        }
    }
    if player != play.players[i] {
        play.actions.push(Action::SetPlayer(i, Box::new(player)));
    }
    ui.add_space(4.0);
}

/// The level's measured strength, when its game was measured: the figure, a tooltip saying what the level is, and
/// a link to how it was measured.
fn level_strength(play: &Play, ui: &mut egui::Ui, level: u8) {
    let measured = play.entry().ladder.as_ref();
    let (Some(words), Some(ladder)) = (strength_words(measured, level), shown(measured)) else { return };
    let position = play.history().position();
    let settings =
        describe(&level_config(&play.entry().variant.ai, level), &position.score_axis(), position.value_bounds());
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("level {level} · {words}")).on_hover_text(level_tooltip(measured, level, &settings));
        let guide = crate::files::repository_folder("docs").join("strength.md");
        ui.hyperlink_to("How was this measured?", format!("file://{}", guide.display()))
            .on_hover_text(method_words(ladder) + "\nOpens docs/strength.md.");
    });
}

/// A clock of base + increment for both sides (off: the levels' fixed time per move). Changing it sets both
/// clocks to the new base.
fn clock_settings(play: &mut Play, ui: &mut egui::Ui) {
    let old = play.clock_control;
    let mut on = old.is_some();
    let control = old.unwrap_or(DEFAULT_CONTROL);
    let mut minutes = control.base_ms as f64 / 60_000.0;
    let mut increment = control.increment_ms as f64 / 1_000.0;
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut on, "Clock").on_hover_text(
            "Both sides play on a clock of base + increment: a side whose clock runs out loses on time, and the AI \
             shares out its clock over the game (as `match --tc` and `uci` do)",
        );
        if on {
            let most_minutes = clocks::MAX_BASE_MS as f64 / 60_000.0;
            ui.add(egui::DragValue::new(&mut minutes).range(0.0..=most_minutes).speed(0.1).suffix(" min"))
                .accessible_name("clock base");
            ui.label("+");
            let most_seconds = clocks::MAX_INCREMENT_MS as f64 / 1_000.0;
            ui.add(egui::DragValue::new(&mut increment).range(0.0..=most_seconds).speed(0.1).suffix(" s"))
                .accessible_name("clock increment");
        }
    });
    let new = on.then(|| TimeControl {
        // At least a second: a clock of nothing would flag before the first frame.
        base_ms: (minutes * 60_000.0).round().max(1_000.0) as u64,
        increment_ms: (increment * 1_000.0).round().max(0.0) as u64,
    });
    if new != old {
        play.actions.push(Action::SetClock(new));
    }
    ui.add_space(4.0);
}

/// The clock a new time control starts from: 5 minutes + 3 seconds, a common blitz control.
const DEFAULT_CONTROL: TimeControl = TimeControl { base_ms: 300_000, increment_ms: 3_000 };

/// `seat`'s clock beside its name, when the game is on clocks: bright while it runs, red once its flag fell.
fn clock_face(play: &Play, ui: &mut egui::Ui, seat: usize) {
    let Some((ms, running)) = play.clock_reading(seat) else { return };
    let mut text = egui::RichText::new(format_clock(ms)).monospace().size(18.0);
    text = if play.flag_fallen() == Some(seat) {
        text.color(ui.visuals().error_fg_color)
    } else if running {
        text.strong().color(ui.visuals().strong_text_color())
    } else {
        text.weak()
    };
    let what = if running { "running" } else { "stopped" };
    ui.label(text).on_hover_text(format!("Time left on this side's clock ({what})"));
}

/// Algorithm, depth limit, time per move, node limit, table size and ordering sources. The chance-node searches
/// (expectiminimax, Star1) are offered only for a game with `chance` nodes.
fn custom_panel(ui: &mut egui::Ui, i: usize, player: &mut Player, chance: bool, selective: bool) {
    let config = &mut player.config;
    egui::Grid::new(("custom", i)).num_columns(2).show(ui, |ui| {
        let label = ui.label("Algorithm");
        let combo = egui::ComboBox::from_id_salt(("algorithm", i)).selected_text(config.algorithm.name());
        let combo = combo.show_ui(ui, |ui| {
            // Chance-node searches have nothing to do in games without chance.
            for algorithm in Algorithm::ALL
                .into_iter()
                .filter(|a| chance || !matches!(a, Algorithm::Expectiminimax | Algorithm::Star1))
            {
                ui.selectable_value(&mut config.algorithm, algorithm, algorithm.name())
                    .on_hover_text(algorithm.description());
            }
        });
        combo.response.labelled_by(label.id);
        ui.end_row();
        optional(ui, "Depth", &mut config.limits.depth, ranges::DEPTH_PLIES, 6, " plies");
        optional(ui, "Time", &mut config.limits.time_ms, ranges::TIME_MS, 1000, " ms");
        optional(ui, "Nodes", &mut config.limits.nodes, ranges::NODES, 1_000_000, "");
        ui.label("Table");
        ui.add(egui::DragValue::new(&mut config.tt_mib).range(ranges::TABLE_MIB).suffix(" MiB"));
        ui.end_row();
        let label = ui.label("Threads");
        let cores = std::thread::available_parallelism().map_or(1, usize::from).min(*ranges::THREADS.end());
        let most = cores.max(config.threads);
        ui.add(egui::DragValue::new(&mut config.threads).range(1..=most))
            .labelled_by(label.id)
            .on_hover_text("Search threads sharing one table (Lazy SMP); 1 is the one-thread search, node for node");
        ui.end_row();
        let mut margin = config.skill.map(|s| s.margin);
        optional(ui, "Mistakes", &mut margin, ranges::MISTAKE_MARGIN, 0.2, "");
        config.skill = margin.map(|margin| Skill { margin, ..config.skill.unwrap_or_default() });
    });
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut config.ordering.hash_move, "hash move");
        ui.checkbox(&mut config.ordering.killers, "killers");
        ui.checkbox(&mut config.ordering.hints, "hints");
        ui.checkbox(&mut config.ordering.history, "history");
        ui.checkbox(&mut config.iterative_deepening, "iterative deepening");
    });
    if selective {
        selective_switches(ui, &mut config.features);
    }
    if config.limits == Default::default() {
        ui.colored_label(ui.visuals().warn_fg_color, "No limit: the AI searches to the end of the game.");
    }
}

/// The selective-search techniques (each acts only in games that offer it: today, chess).
fn selective_switches(ui: &mut egui::Ui, features: &mut crate::engine::features::SearchFeatures) {
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut features.null_move, "null move").on_hover_text("null-move pruning (Beal, 1989)");
        ui.checkbox(&mut features.late_move_reductions, "late-move reductions");
        ui.checkbox(&mut features.check_extensions, "check extensions");
        ui.checkbox(&mut features.exchange_quiescence, "exchange quiescence").on_hover_text(
            "stand-pat quiescence, captures that lose by the static exchange count skipped; near the horizon, moves \
             that lose material by that count are not searched",
        );
        ui.checkbox(&mut features.tapered_eval, "tapered evaluation");
        ui.checkbox(&mut features.mate_distance, "mate distance");
        ui.checkbox(&mut features.futility, "futility pruning").on_hover_text(
            "near the horizon: a node far above β fails high at once; quiet moves far below α are skipped",
        );
        ui.checkbox(&mut features.repetition, "repetition draws")
            .on_hover_text("a position that stood before, in the game or the line searched, is scored a draw at once");
    });
}

/// A limit that may be off: a checkbox and, when on, its value.
fn optional<T: egui::emath::Numeric>(
    ui: &mut egui::Ui,
    name: &str,
    value: &mut Option<T>,
    range: std::ops::RangeInclusive<T>,
    default: T,
    suffix: &str,
) {
    let mut on = value.is_some();
    ui.checkbox(&mut on, name);
    match (on, value.as_mut()) {
        (true, Some(v)) => {
            ui.add(egui::DragValue::new(v).range(range).suffix(suffix)).accessible_name(name);
        }
        (true, None) => *value = Some(default),
        (false, _) => *value = None,
    }
    ui.end_row();
}

fn buttons(play: &mut Play, ui: &mut egui::Ui) {
    let game = play.history.position();
    let over = game.outcome().is_some();
    let human_to_move = !over && play.players[super::index(game.side_to_move())].kind == PlayerKind::Human;
    let ai_thinking = play.search.as_ref().is_some_and(|s| !s.finished && matches!(s.purpose, Purpose::Move(_)));
    ui.horizontal_wrapped(|ui| {
        if ui.button("New game").clicked() {
            play.actions.push(Action::NewGame);
        }
        let undo = ui.add_enabled(can_undo(play), egui::Button::new("Undo"));
        if undo.on_hover_text("Take the last move back (Ctrl+Z)").clicked() {
            play.actions.push(Action::Undo);
        }
        let redo = ui.add_enabled(play.history.can_redo(), egui::Button::new("Redo"));
        if redo.on_hover_text("Play the move taken back again (Ctrl+Y)").clicked() {
            play.actions.push(Action::Redo);
        }
    });
    ui.horizontal_wrapped(|ui| {
        let hint = ui.add_enabled(human_to_move && !play.thinking(), egui::Button::new("Hint"));
        if hint.on_hover_text("Ask the AI (at this game's strongest level) for a move").clicked() {
            play.actions.push(Action::Hint);
        }
        let tree = ui.add_enabled(!over || play.viewing.is_some(), egui::Button::new("Open as a tree"));
        let tip = "The real move tree below the position on view in the Tree lab, moves as labels: choose its depth \
                   and width, then see which real moves α-β prunes";
        if tree.on_hover_text(tip).clicked() {
            play.tree_window.open = true;
        }
        review_buttons(play, ui);
        let move_now = ui.add_enabled(play.thinking(), egui::Button::new("Move now"));
        if move_now.on_hover_text("Stop the search and use the best move found so far").clicked() {
            play.actions.push(Action::MoveNow);
        }
        if can_pause(play) {
            let (label, tip) = if play.paused {
                ("Resume", "Let the AI play on (Space)")
            } else {
                ("Pause", "Stop the AI until you resume: a search under way is dropped (Space)")
            };
            if ui.button(label).on_hover_text(tip).clicked() {
                play.actions.push(Action::TogglePause);
            }
            let step = ui.add_enabled(play.paused && !play.thinking(), egui::Button::new("Step"));
            if step.on_hover_text("Let the AI make one move, then pause again").clicked() {
                play.actions.push(Action::Step);
            }
        }
        if ui.button("Flip board").on_hover_text("Turn the board round").clicked() {
            play.actions.push(Action::Flip);
        }
    });
    if play.players.iter().all(|p| p.kind == PlayerKind::Ai) {
        let mut delay = play.move_delay;
        let slider = egui::Slider::new(&mut delay, 0.0..=5.0).step_by(0.1).suffix(" s").text("delay per move");
        if ui.add(slider).on_hover_text("Wait between the AIs' moves, so the game can be watched").changed() {
            play.actions.push(Action::SetDelay(delay));
        }
    }
    if ai_thinking {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label("The AI is thinking…");
        });
    }
}

/// *Review…*, which asks for the strength and judges every move, and, once the game has a review, the toggle of
/// its panel.
fn review_buttons(play: &mut Play, ui: &mut egui::Ui) {
    let review = ui.add_enabled(!play.history.moves().is_empty(), egui::Button::new("Review…"));
    let tip = "Judge every move of this game (finished or not): where each side lost its winning chances, the \
               better move, and each side's accuracy";
    if review.on_hover_text(tip).clicked() {
        play.actions.push(Action::Review(super::review::Action::OpenDialog));
    }
    if play.review().is_some() {
        let panel = ui.selectable_label(play.review.panel_open, "Review panel");
        if panel.on_hover_text("Show or hide the review's curve and figures").clicked() {
            play.actions.push(Action::Review(super::review::Action::TogglePanel));
        }
    }
}

/// When the AI played move `ply` on purpose below its best (a weaker level's seeded choice): the move it judged
/// best, and the two scores in words.
fn deliberate_mistake(history: &crate::play::history::GameHistory, ply: usize) -> Option<(String, String)> {
    let search = history.telemetry().records.iter().find(|r| r.kind == SearchKind::Move && r.ply == ply)?;
    let thought = &search.thought;
    let (played, best) = (thought.best_move?, thought.deliberate_mistake()?);
    let score = |mv| thought.root_scores.iter().find(|(m, _)| *m == mv).map_or(f64::NAN, |&(_, v)| v);
    let best_name = history.position_at(ply).move_name(best);
    let why = format!(
        "A deliberately weaker move (the level's seeded mistakes): the AI judged {best_name} best ({:+.2}); this \
         scored {:+.2}",
        score(best),
        score(played)
    );
    Some((best_name, why))
}

/// The game's keys, not while a text field has them (there they edit the text): Ctrl+Z takes a move back and
/// Ctrl+Y or Ctrl+Shift+Z plays it again, as *Undo* and *Redo* do; Space pauses or resumes AI against AI, as it
/// plays and pauses the Tree lab; ← and → step through the game a move at a time, Home goes to the start and End
/// back to the game, as on Lichess.
pub(super) fn keys(play: &mut Play, ctx: &egui::Context) {
    if ctx.egui_wants_keyboard_input() {
        return;
    }
    if let Some(action) = game_key(play, ctx) {
        play.actions.push(action);
        return;
    }
    step_keys(play, ctx);
}

/// Undo, redo and pause by their keys, when the button they stand for is enabled.
fn game_key(play: &Play, ctx: &egui::Context) -> Option<Action> {
    use egui::{Key, KeyboardShortcut, Modifiers};
    let pressed = |modifiers, key| ctx.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(modifiers, key)));
    // Ctrl+Shift+Z before Ctrl+Z: egui matches Ctrl+Z whatever Shift does.
    let redo = pressed(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z) || pressed(Modifiers::COMMAND, Key::Y);
    if redo {
        return play.history.can_redo().then_some(Action::Redo);
    }
    if pressed(Modifiers::COMMAND, Key::Z) {
        return can_undo(play).then_some(Action::Undo);
    }
    if pressed(Modifiers::NONE, Key::Space) {
        return can_pause(play).then_some(Action::TogglePause);
    }
    None
}

/// Whether there is a move to take back: *Undo* and Ctrl+Z.
fn can_undo(play: &Play) -> bool {
    !play.history.moves().is_empty()
}

/// Whether an AI plays in a game still going on: *Pause* and Space.
fn can_pause(play: &Play) -> bool {
    play.history.position().outcome().is_none() && play.players.iter().any(|p| p.kind == PlayerKind::Ai)
}

/// ← and → step through the game a move at a time, Home goes to the start and End back to the game.
fn step_keys(play: &mut Play, ctx: &egui::Context) {
    let count = play.history.moves().len();
    let shown = play.viewing.unwrap_or(count);
    let key = |key| ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, key));
    let target = if key(egui::Key::ArrowLeft) {
        shown.saturating_sub(1)
    } else if key(egui::Key::ArrowRight) {
        (shown + 1).min(count)
    } else if key(egui::Key::Home) {
        0
    } else if key(egui::Key::End) {
        count
    } else {
        return;
    };
    if target != shown {
        // The last move is the game itself, not an earlier position.
        play.actions.push(Action::View((target < count).then_some(target)));
    }
}

/// The moves in the game's notation, a click showing the position after a move. While the sides take turns one
/// move each, two to a row ("1. e4 e5"); once a side has moved twice in a row (Kalah's extra turn, a dice game's
/// roll and move), one turn to a row with the side's name ("2. South 3 6"), so no pair reads as one of each side;
/// a turn of more than two moves goes on in the rows below.
fn move_list(play: &mut Play, ui: &mut egui::Ui) {
    ui.heading("Moves");
    let history = &play.history;
    let count = history.moves().len();
    if count == 0 {
        ui.label(egui::RichText::new("No moves yet.").weak());
        return;
    }
    // The move on view: the chosen earlier one, or the last.
    let shown = play.viewing.unwrap_or(count);
    // Scrolled to once each time the move on view changes (a new move, a click, a key), so the list follows the
    // game but can still be scrolled back by hand.
    let followed = egui::Id::unique("move_list_followed");
    let follow = ui.data(|d| d.get_temp::<usize>(followed)) != Some(shown);
    ui.data_mut(|d| d.insert_temp(followed, shown));
    let review = super::review::of(&play.review, &play.registry.entries[play.selected].variant.id, history);
    let actions = &mut play.actions;
    let mut entry = |ui: &mut egui::Ui, ply: usize| {
        let name = history.move_name(ply);
        let (label, why) = match review {
            // A review judges every move: its marks replace the deliberate mistakes' own.
            Some(review) => super::review::marked(review, ply, &name),
            // "c1?! (b2)": played c1 on purpose, judged b2 best.
            None => match deliberate_mistake(history, ply) {
                Some((best, why)) => (format!("{name}?! ({best})").into(), format!("{why}\n")),
                None => (name.clone().into(), String::new()),
            },
        };
        let response = ui.selectable_label(ply + 1 == shown, label);
        if follow && ply + 1 == shown {
            response.scroll_to_me(None);
        }
        if response.on_hover_text(format!("{why}Show the position after {name}")).clicked() {
            // The last move is the game itself, not an earlier position.
            actions.push(Action::View((ply + 1 < count).then_some(ply + 1)));
        }
    };
    // The list has its own scroll area, filling what is left of the panel (and six rows at least): it follows the
    // game while the settings above keep their place.
    let row = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
    let back_button = if play.viewing.is_some() { row } else { 0.0 };
    let room = (ui.clip_rect().bottom() - ui.cursor().top() - back_button - 4.0).max(6.0 * row);
    let scroll = egui::ScrollArea::vertical().id_salt("move_list_scroll").max_height(room).auto_shrink([false, true]);
    // At the newest move it stays there when the window or the list changes size.
    let scroll = scroll.stick_to_bottom(true);
    scroll.show(ui, |ui| moves_grid(history, ui, &mut entry));
    if play.viewing.is_some() && ui.button("Back to the game").clicked() {
        play.actions.push(Action::View(None));
    }
}

/// The rows of the move list: see [`move_list`].
fn moves_grid(
    history: &crate::play::history::GameHistory,
    ui: &mut egui::Ui,
    entry: &mut impl FnMut(&mut egui::Ui, usize),
) {
    let turns = history.turns();
    if history.sides_alternate() {
        egui::Grid::new("move_list").num_columns(3).striped(true).show(ui, |ui| {
            for (i, turn) in turns.iter().enumerate() {
                if turn.side == Side::Max || i == 0 {
                    ui.label(format!("{}.", turn.round));
                }
                if turn.side == Side::Min && i == 0 {
                    ui.label("…");
                }
                entry(ui, turn.plies.start);
                if turn.side == Side::Min || i + 1 == turns.len() {
                    ui.end_row();
                }
            }
        });
    } else {
        let position = history.position();
        // Two moves to a row, a long turn going on in rows of its own: a wrapped cell grew taller than the row
        // the grid had measured and its last move sat on the next turn's row.
        egui::Grid::new("move_list_turns").num_columns(3).striped(true).show(ui, |ui| {
            for turn in &turns {
                let plies: Vec<usize> = turn.plies.clone().collect();
                for (row, pair) in plies.chunks(2).enumerate() {
                    if row == 0 {
                        ui.label(format!("{}.", turn.round));
                        ui.label(position.side_name(turn.side));
                    } else {
                        ui.label("");
                        ui.label("");
                    }
                    ui.horizontal(|ui| pair.iter().for_each(|&ply| entry(ui, ply)));
                    ui.end_row();
                }
            }
        });
    }
}
