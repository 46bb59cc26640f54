//! The top of the window: the menu bar, the view switcher, and the views. Intents the shell itself handles
//! (switching view, quitting) are collected while drawing and applied afterwards.

mod session_window;
mod sessions;

pub use super::View;
use super::help::{HelpAction, HelpWindows};
use super::interface_scale::{InterfaceScale, Preferences};
use super::play::Play;
use super::session::store::Store;
use super::session::{SessionAction, Sessions};
use super::telemetry::TelemetryView;
use super::tree_lab::{self, TreeLab};
use crate::tree::lab::tables::TableFormat;
use eframe::egui;
use tree_lab::files::Mode;

/// What the shell was asked to do.
#[derive(Clone, Debug, PartialEq)]
enum Action {
    Show(View),
    /// A Tree lab command from the File menu (the lab is shown first).
    TreeLab(tree_lab::Action),
    Help(HelpAction),
    Quit,
}

/// The studio: the shell and its views.
pub struct StudioApp {
    /// The view shown.
    pub view: View,
    /// Trees drawn by hand, searched step by step.
    pub tree_lab: TreeLab,
    /// Owns the AI's worker thread: dropping the app (closing the window) stops any search.
    pub play: Play,
    /// Plots of the searches of the game in `play`.
    pub telemetry: TelemetryView,
    /// The session file, its autosave and recovery, and the File menu's dialogs.
    pub sessions: Sessions,
    /// The Help menu's windows: the guide, the shortcuts, About.
    pub help: HelpWindows,
    /// The interface's scale, kept in the store's preferences (not in a session).
    pub interface_scale: InterfaceScale,
}

impl Default for StudioApp {
    /// The studio without a session folder: no autosave, recovery or recent list (what the UI tests use).
    fn default() -> Self {
        StudioApp::with_store(None)
    }
}

impl StudioApp {
    /// The studio keeping its autosave, recent list and crash marker in `store`'s folder.
    pub fn with_store(store: Option<Store>) -> Self {
        StudioApp::with_play(store, Play::default())
    }

    /// The studio as it opens: [`StudioApp::with_store`], its games folder read on a worker thread (the built-in
    /// games offered meanwhile), so a script that hangs at load cannot keep the window from opening.
    pub fn opening(store: Option<Store>) -> Self {
        StudioApp::with_play(store, Play::loading(crate::games::registry::default_dir()))
    }

    fn with_play(store: Option<Store>, mut play: Play) -> Self {
        let (view, tree_lab) = (View::default(), TreeLab::default());
        let current = super::session::format::Session::new(view, play.to_session(), tree_lab.to_session());
        let (preferences, unread) = store.as_ref().map_or_else(|| (Preferences::default(), None), Preferences::load);
        let mut sessions = Sessions::new(store, current);
        if let Some(why) = unread {
            sessions.say(why, true);
        }
        play.review.outside = preferences.review_engine;
        StudioApp {
            view,
            tree_lab,
            play,
            telemetry: TelemetryView::default(),
            sessions,
            help: HelpWindows::default(),
            interface_scale: InterfaceScale::new(preferences.interface_scale),
        }
    }

    /// Keeps the interface's scale and the review's engine for the next start (where there is a store).
    fn save_preferences(&mut self) {
        let Some(store) = &self.sessions.store else { return };
        let review_engine = self.play.review.outside.clone();
        let preferences = Preferences { interface_scale: self.interface_scale.scale, review_engine };
        if let Err(why) = preferences.save(&store.preferences_path()) {
            self.sessions.say(why, true);
        }
    }

    /// Draws the whole window into `ui`.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let mut actions = Vec::new();
        let mut rescaled = self.interface_scale.follow(ui.ctx());
        self.session_keys(ui.ctx());
        self.play.watch_games(ui.ctx());
        egui::Panel::top("studio_menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.menu_button("File", |ui| {
                    self.session_menu(ui);
                    ui.separator();
                    // The game's records open their windows, and say what they did, in Play.
                    if crate::app::play::records_window::menu(&mut self.play, ui) {
                        actions.push(Action::Show(View::Play));
                    }
                    crate::app::play::reload::menu(&mut self.play, ui);
                    ui.separator();
                    let tree_commands = [
                        ("Open tree…", tree_lab::Action::FileDialog(Mode::Open)),
                        ("Save tree…", tree_lab::Action::FileDialog(Mode::Save)),
                        ("Copy tree as notation", tree_lab::Action::CopyNotation),
                        ("Export canvas as SVG", tree_lab::Action::ExportSvg),
                        ("Export canvas as PNG", tree_lab::Action::ExportPng),
                        ("Export trace as Markdown", tree_lab::Action::SaveTrace(TableFormat::Markdown)),
                        ("Export trace as LaTeX", tree_lab::Action::SaveTrace(TableFormat::Latex)),
                    ];
                    for (title, action) in tree_commands {
                        if ui.button(title).clicked() {
                            actions.push(Action::TreeLab(action));
                            ui.close();
                        }
                    }
                    ui.separator();
                    if ui.add(egui::Button::new("Quit").shortcut_text("Ctrl+Q")).clicked() {
                        actions.push(Action::Quit);
                    }
                });
                ui.menu_button("View", |ui| {
                    for view in View::ALL {
                        if ui.selectable_label(self.view == view, view.title()).clicked() {
                            actions.push(Action::Show(view));
                            ui.close();
                        }
                    }
                });
                ui.menu_button("Settings", |ui| {
                    settings_menu(&mut self.play, ui);
                    ui.separator();
                    rescaled |= self.interface_scale.menu(ui);
                });
                ui.menu_button("Help", |ui| actions.extend(super::help::menu(ui).map(Action::Help)));
                ui.separator();
                for view in View::ALL {
                    if ui.selectable_label(self.view == view, view.title()).clicked() {
                        actions.push(Action::Show(view));
                    }
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let dirty = if self.sessions.dirty { " •" } else { "" };
                    ui.label(egui::RichText::new(format!("{}{dirty}", self.sessions.name())).weak())
                        .on_hover_text("The session (• when it has unsaved changes). File ▸ Save session: Ctrl+S");
                });
            });
        });
        // Under the menu, not in it: a long message wraps across the window instead of running over the tabs.
        if self.sessions.notice.is_some() {
            egui::Panel::top("studio_notice").show(ui, |ui| self.session_notice(ui));
        }
        // The Tree lab reads F1 with its other keys (and not while a field has the keyboard); the others here.
        if self.view != View::TreeLab && ui.input(|i| i.key_pressed(egui::Key::F1)) {
            actions.push(Action::Help(HelpAction::ThisView));
        }
        match self.view {
            View::TreeLab => self.tree_lab.ui(ui),
            View::Play => self.play.ui(ui),
            View::Telemetry => self.telemetry.ui(ui, &mut self.play),
        }
        if let Some((tree, note)) = self.play.tree_for_lab.take() {
            self.tree_lab.open_tree_readable(tree, &note);
            self.view = View::TreeLab;
        }
        for action in actions {
            match action {
                Action::Show(view) => self.view = view,
                Action::TreeLab(action) => {
                    self.view = View::TreeLab;
                    self.tree_lab.apply(action);
                }
                Action::Help(HelpAction::ThisView) => match self.view {
                    View::TreeLab => self.tree_lab.apply(tree_lab::Action::ToggleHelp),
                    View::Play => self.play.help_open = !self.play.help_open,
                    View::Telemetry => self.telemetry.toggle_help(),
                },
                Action::Help(HelpAction::Page(index)) => self.help.open_page(index),
                Action::Help(HelpAction::Shortcuts) => self.help.shortcuts = true,
                Action::Help(HelpAction::About) => self.help.about = true,
                Action::Quit => self.sessions.actions.push(SessionAction::Quit),
            }
        }
        if rescaled | std::mem::take(&mut self.play.review.outside_changed) {
            self.save_preferences();
        }
        self.help.show(ui.ctx());
        self.session_windows(ui.ctx());
        self.apply_sessions(ui.ctx());
        self.session_tick(ui.ctx());
    }
}

/// The Settings menu's first part: whose side every value in the window is read from (saved with the session).
fn settings_menu(play: &mut Play, ui: &mut egui::Ui) {
    use crate::games::values_from::ValuesFrom;
    let game = play.history().position();
    let first = game.side_name(crate::engine::game::Side::Max).to_string();
    ui.label("Values from:").on_hover_text(
        "The side whose advantage is + in the search panel, Telemetry's Value plot, deepening ladder and CSV. A \
         search finds its values from the side to move; read from the first player, one curve reads the same for \
         both sides, as chess sites show it.",
    );
    for from in ValuesFrom::ALL {
        if ui.radio_value(&mut play.values_from, from, from.choice(&first)).clicked() {
            ui.close();
        }
    }
}

impl eframe::App for StudioApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.session_exit();
    }
}
