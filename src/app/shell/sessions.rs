//! The File menu's logic on the whole window: saving, opening, autosaving and recovering the session the
//! shell's views make up (the session itself, its file and its disk are `app::session`'s).

use super::StudioApp;
use crate::app::path_dialog::{Mode, Native, PathDialog, native_dialog};
use crate::app::session::format::Session;
use crate::app::session::store::{self, Store};
use crate::app::session::{SessionAction, Then, session_files};
use crate::app::tree_lab::TreeLab;
use std::path::PathBuf;
use std::time::{Duration, Instant};

impl StudioApp {
    /// Everything the window holds, as a session.
    pub fn to_session(&self) -> Session {
        Session {
            telemetry: self.telemetry.to_session(),
            ..Session::new(self.view, self.play.to_session(), self.tree_lab.to_session())
        }
    }

    /// Replaces what the window holds with `session`, or says why it cannot and changes nothing.
    pub fn install(&mut self, session: &Session) -> Result<(), String> {
        // The game is the only part that can be refused (an unknown game, an illegal move): it goes first.
        self.play.restore(&session.play)?;
        self.tree_lab = TreeLab::from_session(&session.tree_lab, self.tree_lab.use_native_dialogs);
        self.telemetry.restore(&session.telemetry);
        self.view = session.view;
        Ok(())
    }

    /// True when the work on screen differs from the last saved.
    pub fn unsaved(&self) -> bool {
        !self.to_session().same_work(&self.sessions.saved)
    }

    /// Keeps the title's unsaved mark current, writes the autosave when the work changed, and lets a confirmed
    /// close through.
    pub fn session_tick(&mut self, ctx: &eframe::egui::Context) {
        // Comparing sessions copies the tree's text: a few times a second is enough.
        if self.sessions.checked.elapsed() >= Duration::from_millis(250).min(self.sessions.autosave_every) {
            self.sessions.checked = Instant::now();
            let now = self.to_session();
            self.sessions.dirty = !now.same_work(&self.sessions.saved);
            let changed = self.sessions.autosaved.as_ref().is_none_or(|a| !a.same_work(&now));
            if self.sessions.dirty && changed && self.sessions.last_autosave.elapsed() >= self.sessions.autosave_every {
                self.autosave();
            }
        }
        ctx.request_repaint_after(Duration::from_secs(1));
        if ctx.input(|i| i.viewport().close_requested()) && !self.sessions.close_confirmed {
            if self.unsaved() {
                ctx.send_viewport_cmd(eframe::egui::ViewportCommand::CancelClose);
                self.sessions.prompt = Some(Then::Close);
            } else {
                self.sessions.close_confirmed = true;
            }
        }
    }

    /// Saves to the autosave file (quietly: a failure is only noted).
    pub fn autosave(&mut self) {
        let Some(store) = &self.sessions.store else { return };
        let mut session = self.to_session();
        // Recovered after a crash, the work goes back to its own file.
        session.saved_as = self.sessions.path.clone();
        self.sessions.last_autosave = Instant::now();
        match store::save(&store.autosave_path(), &session) {
            Ok(()) => self.sessions.autosaved = Some(session),
            Err(e) => self.sessions.say(format!("Autosave failed: {e}"), true),
        }
    }

    /// At exit: the autosave, and the mark of a normal end.
    pub fn session_exit(&mut self) {
        self.autosave();
        if let Some(store) = &self.sessions.store {
            store.finish();
        }
    }

    /// Carries out the session actions pushed while drawing.
    pub fn apply_sessions(&mut self, ctx: &eframe::egui::Context) {
        let actions = std::mem::take(&mut self.sessions.actions);
        if !actions.is_empty() {
            for action in actions {
                self.apply_session(action, ctx);
            }
            self.sessions.dirty = self.unsaved();
        }
    }

    /// Carries out one session action: the one place sessions are read and written.
    pub fn apply_session(&mut self, action: SessionAction, ctx: &eframe::egui::Context) {
        match action {
            SessionAction::New => self.ask_or(Then::New, ctx),
            SessionAction::Open(path) => self.ask_or(Then::Open(path), ctx),
            SessionAction::Quit => self.ask_or(Then::Close, ctx),
            SessionAction::Save => match self.sessions.path.clone() {
                Some(path) => {
                    self.save_to(path);
                }
                None => self.ask_path(Mode::Save),
            },
            SessionAction::SaveAs => self.ask_path(Mode::Save),
            SessionAction::SaveTo(path) => {
                if self.save_to(path)
                    && let Some(then) = self.sessions.after_save.take()
                {
                    self.go_on(then, ctx);
                }
            }
            SessionAction::Recover => {
                if let Some(recovery) = self.sessions.recovery.take()
                    && let Some(session) = self.open_path(recovery.path, false)
                {
                    self.recovered(session.saved_as);
                }
            }
            SessionAction::DismissRecovery => self.sessions.recovery = None,
            SessionAction::SaveFirst => {
                let Some(then) = self.sessions.prompt.take() else { return };
                match self.sessions.path.clone() {
                    Some(path) => {
                        if self.save_to(path) {
                            self.go_on(then, ctx);
                        }
                    }
                    None => {
                        self.sessions.after_save = Some(then);
                        self.ask_path(Mode::Save);
                    }
                }
            }
            SessionAction::Discard => {
                if let Some(then) = self.sessions.prompt.take() {
                    self.go_on(then, ctx);
                }
            }
            SessionAction::CancelPrompt => self.sessions.prompt = None,
            SessionAction::CloseDialog => {
                self.sessions.dialog = None;
                self.sessions.after_save = None;
            }
        }
    }

    /// Does `then`, asking first when there is unsaved work.
    fn ask_or(&mut self, then: Then, ctx: &eframe::egui::Context) {
        if self.unsaved() {
            self.sessions.prompt = Some(then);
        } else {
            self.go_on(then, ctx);
        }
    }

    /// Does `then`; unsaved work was saved or given up.
    fn go_on(&mut self, then: Then, ctx: &eframe::egui::Context) {
        match then {
            Then::Close => {
                self.sessions.close_confirmed = true;
                ctx.send_viewport_cmd(eframe::egui::ViewportCommand::Close);
            }
            Then::New => {
                // Anything unsaved is still in the autosave file until the next one.
                let fresh = Session::new(Default::default(), Default::default(), Default::default());
                match self.install(&fresh) {
                    Ok(()) => {
                        self.sessions.path = None;
                        self.sessions.saved = self.to_session();
                        self.sessions.say("A new session.".into(), false);
                    }
                    Err(e) => self.sessions.say(format!("Cannot start a new session: {e}"), true),
                }
            }
            Then::Open(Some(path)) => {
                self.open_path(path, true);
            }
            Then::Open(None) => self.ask_path(Mode::Open),
        }
    }

    /// Asks where to save or what to open: the system's dialog, else the in-window one.
    fn ask_path(&mut self, mode: Mode) {
        let kind = session_files(self.sessions.store.as_ref());
        let native = if self.sessions.use_native_dialogs { native_dialog(mode, &kind) } else { Native::Unavailable };
        match native {
            Native::Picked(path) if mode == Mode::Open => {
                self.open_path(path, true);
            }
            Native::Picked(path) => {
                self.sessions.actions.push(SessionAction::SaveTo(path));
            }
            Native::Cancelled => self.sessions.after_save = None,
            Native::Unavailable => {
                let title = if mode == Mode::Open { "Open a session" } else { "Save the session" };
                let listing = self.sessions.store.as_ref().map(Store::listing).unwrap_or_default();
                self.sessions.dialog =
                    Some(PathDialog::new(mode, title, &kind, self.sessions.path.as_deref(), listing));
            }
        }
    }

    /// Saves the session to `path`; true on success. A failure is shown (in the dialog if it is open).
    fn save_to(&mut self, path: PathBuf) -> bool {
        let session = self.to_session();
        match store::save(&path, &session) {
            Ok(()) => {
                if let Some(store) = &self.sessions.store {
                    store.remember(&path);
                }
                // Work still running cannot go in the file: say so now, not when it is missed.
                let running = if self.play.review.running() {
                    ": the review under way is not in it, save again once it is done"
                } else {
                    ""
                };
                self.sessions.say(format!("Saved {}{running}", path.display()), false);
                self.sessions.path = Some(path);
                self.sessions.saved = session;
                self.sessions.dialog = None;
                true
            }
            Err(e) => {
                self.session_error(format!("The session was not saved: {e}"));
                false
            }
        }
    }

    /// After a crash, the autosave was opened: the session is again the file it was saved as (Save writes there,
    /// and unsaved changes are told from that file), or, never saved, untitled (Save asks for a name).
    fn recovered(&mut self, saved_as: Option<PathBuf>) {
        self.sessions.path = saved_as.clone();
        let text = match saved_as {
            Some(path) => {
                if let Ok(saved) = store::load(&path) {
                    self.sessions.saved = saved;
                }
                format!("Recovered the autosaved session of {}: save it to keep it (Ctrl+S).", path.display())
            }
            None => "Recovered the autosaved session: save it to keep it (Ctrl+S).".to_string(),
        };
        self.sessions.say(text, false);
    }

    /// Opens the session at `path` and returns it; on any problem, says so and changes nothing. `adopt` makes it
    /// the current file (a recovered autosave is not: see [`StudioApp::recovered`]).
    fn open_path(&mut self, path: PathBuf, adopt: bool) -> Option<Session> {
        let opened = store::load(&path).and_then(|session| self.install(&session).map(|()| session));
        match opened {
            Ok(session) => {
                self.sessions.dialog = None;
                if adopt {
                    if let Some(store) = &self.sessions.store {
                        store.remember(&path);
                    }
                    self.sessions.saved = session.clone();
                    self.sessions.path = Some(path.clone());
                } else {
                    self.sessions.path = None;
                }
                self.sessions.say(format!("Opened {}", path.display()), false);
                Some(session)
            }
            Err(e) => {
                self.session_error(format!("Nothing was changed: {e}"));
                None
            }
        }
    }

    /// Shows an error in the dialog if it is open, else under the menu bar.
    fn session_error(&mut self, text: String) {
        match &mut self.sessions.dialog {
            Some(dialog) => dialog.error = Some(text),
            None => self.sessions.say(text, true),
        }
    }
}
