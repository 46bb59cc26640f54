//! What sessions put on screen: the File menu's entries and shortcuts, the "save changes?" question, the offer to
//! recover a crashed run's autosave, the in-window file dialog, and the line that says what happened. Everything
//! here only pushes [`SessionAction`]s; [`StudioApp::apply_session`] does the work.

use super::StudioApp;
use crate::app::path_dialog::{Chosen, Mode};
use crate::app::session::{SessionAction, Then};
use eframe::egui;

/// The File menu's session entries: (label, shortcut, action).
const MENU: [(&str, &str, SessionAction); 4] = [
    ("New session", "Ctrl+N", SessionAction::New),
    ("Open session…", "Ctrl+O", SessionAction::Open(None)),
    ("Save session", "Ctrl+S", SessionAction::Save),
    ("Save session as…", "Ctrl+Shift+S", SessionAction::SaveAs),
];

impl StudioApp {
    /// The session entries of the File menu, and the recent sessions.
    pub fn session_menu(&mut self, ui: &mut egui::Ui) {
        for (label, shortcut, action) in MENU {
            if ui.add(egui::Button::new(label).shortcut_text(shortcut)).clicked() {
                self.sessions.actions.push(action);
                ui.close();
            }
        }
        let recent = self.sessions.store.as_ref().map(|s| s.recent()).unwrap_or_default();
        ui.add_enabled_ui(!recent.is_empty(), |ui| {
            ui.menu_button("Recent sessions", |ui| {
                for path in recent {
                    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                    if ui.button(name).on_hover_text(path.display().to_string()).clicked() {
                        self.sessions.actions.push(SessionAction::Open(Some(path)));
                        ui.close();
                    }
                }
            });
        });
    }

    /// The session shortcuts, read before the views see the keys.
    pub fn session_keys(&mut self, ctx: &egui::Context) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let shortcuts = [
            // Ctrl+Shift+S first: Ctrl+S would also match it.
            (Modifiers::COMMAND | Modifiers::SHIFT, Key::S, SessionAction::SaveAs),
            (Modifiers::COMMAND, Key::S, SessionAction::Save),
            (Modifiers::COMMAND, Key::O, SessionAction::Open(None)),
            (Modifiers::COMMAND, Key::N, SessionAction::New),
            (Modifiers::COMMAND, Key::Q, SessionAction::Quit),
        ];
        for (modifiers, key, action) in shortcuts {
            if ctx.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(modifiers, key))) {
                self.sessions.actions.push(action);
            }
        }
    }

    /// The windows sessions may open, and the notice line. Call after the views are drawn.
    pub fn session_windows(&mut self, ctx: &egui::Context) {
        let actions = &mut self.sessions.actions;
        if let Some(then) = &self.sessions.prompt {
            let doing = match then {
                Then::Close => "closing",
                Then::New => "starting a new session",
                Then::Open(_) => "opening another session",
            };
            modal(ctx, "Unsaved changes", |ui| {
                ui.label(format!("The session has changes that are not saved. Save them before {doing}?"));
                ui.horizontal(|ui| {
                    if ui.button("Save").clicked() {
                        actions.push(SessionAction::SaveFirst);
                    }
                    if ui
                        .button("Don't save")
                        .on_hover_text("They stay in the autosave file until the next one")
                        .clicked()
                    {
                        actions.push(SessionAction::Discard);
                    }
                    if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                        actions.push(SessionAction::CancelPrompt);
                    }
                });
            });
        } else if let Some(recovery) = &self.sessions.recovery {
            let when = recovery
                .saved
                .and_then(|t| t.elapsed().ok())
                .map_or_else(String::new, |age| format!(" from {} ago", describe_age(age.as_secs())));
            modal(ctx, "Recover your work?", |ui| {
                ui.label("The studio did not close normally last time.");
                ui.label(format!("An autosaved session{when} is in {}.", recovery.path.display()));
                ui.horizontal(|ui| {
                    if ui.button("Recover").clicked() {
                        actions.push(SessionAction::Recover);
                    }
                    if ui.button("Start afresh").on_hover_text("The autosave is kept until the next one").clicked() {
                        actions.push(SessionAction::DismissRecovery);
                    }
                });
            });
        }
        if let Some(dialog) = &mut self.sessions.dialog {
            match dialog.show(ctx) {
                Some(Chosen::Path(path)) => actions.push(match dialog.mode {
                    Mode::Open => SessionAction::Open(Some(path)),
                    Mode::Save => SessionAction::SaveTo(path),
                }),
                Some(Chosen::Cancel) => actions.push(SessionAction::CloseDialog),
                None => {}
            }
        }
    }

    /// The notice about the last session command, if any, with a button to dismiss it. A report of what was done
    /// goes by itself after [`NOTICE_SECONDS`](crate::app::session::NOTICE_SECONDS): it talks of a moment that has passed.
    pub fn session_notice(&mut self, ui: &mut egui::Ui) {
        let now = ui.input(|i| i.time);
        let Some(notice) = &mut self.sessions.notice else { return };
        let shown_at = *notice.shown_at.get_or_insert(now);
        let left = crate::app::session::NOTICE_SECONDS - (now - shown_at);
        if !notice.error && left <= 0.0 {
            self.sessions.notice = None;
            return;
        }
        if !notice.error {
            ui.ctx().request_repaint_after(std::time::Duration::from_secs_f64(left));
        }
        let color = if notice.error { ui.visuals().error_fg_color } else { ui.visuals().weak_text_color() };
        let text = notice.text.clone();
        let label = egui::Label::new(egui::RichText::new(text).color(color)).wrap().sense(egui::Sense::click());
        if ui.add(label).on_hover_text("Click to dismiss").clicked() {
            self.sessions.notice = None;
        }
    }
}

/// A small window in the middle of the screen that stays on top.
fn modal(ctx: &egui::Context, title: &str, contents: impl FnOnce(&mut egui::Ui)) {
    let window = egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .order(egui::Order::Foreground);
    crate::app::windows::show(window, ctx, contents);
}

/// "3 minutes", "2 hours".
fn describe_age(seconds: u64) -> String {
    match seconds {
        1 => "1 second".to_string(),
        0..60 => format!("{seconds} seconds"),
        60..120 => "1 minute".to_string(),
        120..7200 => format!("{} minutes", seconds / 60),
        7200..172_800 => format!("{} hours", seconds / 3600),
        _ => format!("{} days", seconds / 86_400),
    }
}
