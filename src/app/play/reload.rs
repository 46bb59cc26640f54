//! *Reload games*: the game files read again while the studio runs, so a script edited in a text editor is played
//! at once. It runs on the command (Play's *Reload games* button, File ▸ Reload games, Ctrl+R or F5) and when the
//! window regains focus after a file of the games folder changed (its names, sizes and modification times are
//! compared: no file watcher).
//!
//! Every game with moves on it — the one on screen and each one put aside — is replayed by its moves' names into
//! its new rules. When that fails (a move no longer exists, the script no longer loads or fails while replaying),
//! that game keeps its old rules and stays on screen and playable, and the message says which move or which
//! `file:line`; the other games take their new rules all the same.

use super::{Parked, Play};
use crate::games::registry::{Entry, Fingerprint, LOAD_DEADLINE, Registry};
use crate::play::history::GameHistory;
use eframe::egui;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::mpsc;

/// The keys that reload the games, in any view.
pub const SHORTCUTS: [egui::KeyboardShortcut; 2] = [
    egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::R),
    egui::KeyboardShortcut::new(egui::Modifiers::NONE, egui::Key::F5),
];

/// What the menu shows for the shortcut.
pub const SHORTCUT_TEXT: &str = "Ctrl+R";

/// A game that has a state to carry over: its id, its history, players, pause and review (a game put aside), and
/// whether it is the one on screen.
struct Kept {
    id: String,
    history: GameHistory,
    players: [super::Player; 2],
    paused: bool,
    review: Option<super::review::Reviewed>,
    on_screen: bool,
}

/// The games folder being read on a worker thread: its registry and the fingerprint the folder had before it.
pub(super) struct Loading(mpsc::Receiver<(Registry, Fingerprint)>);

impl Play {
    /// The view over the built-in games at once and over `dir`'s game files once a worker thread has read them
    /// (within [`LOAD_DEADLINE`]), so the window opens without waiting for a script, even one that hangs at load.
    pub fn loading(dir: PathBuf) -> Play {
        let mut play = Play::new(Registry::built_in_only(Some(dir.clone())));
        let (sender, receiver) = mpsc::channel();
        let read = move || {
            let seen = Fingerprint::of(&dir);
            let _ = sender.send((Registry::load(&dir), seen)); // The window may have closed meanwhile.
        };
        match std::thread::Builder::new().name("games-folder".into()).spawn(read) {
            Ok(_) => play.loading = Some(Loading(receiver)),
            Err(_) => play.act(super::Action::ReloadGames), // No thread to be had: read here, as a reload does.
        }
        play
    }

    /// True while the games folder is still being read.
    pub fn loading_games(&self) -> bool {
        self.loading.is_some()
    }

    /// Takes the games folder's games once the worker has read them.
    fn take_loaded(&mut self, ctx: &egui::Context) {
        let Some(loading) = &self.loading else { return };
        match loading.0.try_recv() {
            Ok((fresh, seen)) => self.adopt(fresh, seen),
            Err(mpsc::TryRecvError::Empty) => ctx.request_repaint_after(std::time::Duration::from_millis(50)),
            Err(mpsc::TryRecvError::Disconnected) => self.loading = None,
        }
    }

    /// Waits for the games folder to be read (at most [`LOAD_DEADLINE`] and a second), before a game is looked up
    /// by its id: a session names games the folder may define.
    pub(super) fn finish_loading(&mut self) {
        let Some(loading) = self.loading.take() else { return };
        if let Ok((fresh, seen)) = loading.0.recv_timeout(LOAD_DEADLINE + std::time::Duration::from_secs(1)) {
            self.adopt(fresh, seen);
        }
    }

    /// The games folder's games join the list; a game begun on a built-in game meanwhile carries over. Silent unless
    /// something went wrong.
    fn adopt(&mut self, fresh: Registry, seen: Fingerprint) {
        self.loading = None;
        self.cancel_search();
        self.games_seen = seen;
        let (problems, _) = self.carry_over(fresh);
        if !problems.is_empty() {
            self.say(problems.join("; ") + ".", true);
        }
    }

    /// Called once a frame, whatever view is shown: the games folder's games taken once read, the shortcuts, and
    /// the folder checked when the window regains focus.
    pub fn watch_games(&mut self, ctx: &egui::Context) {
        self.take_loaded(ctx);
        let asked = ctx.input_mut(|i| SHORTCUTS.iter().any(|s| i.consume_shortcut(s)));
        let focused = ctx.input(|i| i.events.iter().any(|e| matches!(e, egui::Event::WindowFocused(true))));
        // Asked for, the games are read again even when no file changed (a file's time may lie).
        if asked || (focused && self.games_changed()) {
            self.act(super::Action::ReloadGames);
        }
    }

    /// True when a file of the games folder was added, removed or changed since the games were last read.
    pub fn games_changed(&self) -> bool {
        self.registry.dir.as_deref().is_some_and(|dir| Fingerprint::of(dir) != self.games_seen)
    }

    /// Reads the games folder again and carries every game in progress over to its new rules (see the module's
    /// comment); says what happened.
    pub(super) fn reload_games(&mut self) {
        let Some(dir) = self.registry.dir.clone() else {
            return self.say("There is no games folder to reload: only the built-in games are offered.".into(), false);
        };
        self.cancel_search();
        self.loading = None; // Read again here: what the worker was reading is older.
        self.games_seen = Fingerprint::of(&dir);
        let fresh = Registry::load(&dir);
        let (problems, notes) = self.carry_over(fresh);
        let files = self.registry.errors.len();
        let mut text = format!("Reloaded {} games", self.registry.entries.len());
        if files > 0 {
            text += &format!(" ({} did not load)", crate::messages::counted(files as u64, "game file", "game files"));
        }
        let error = !problems.is_empty();
        for part in problems.iter().chain(&notes) {
            text += &format!("; {part}");
        }
        self.say(text + ".", error);
    }

    /// Makes `fresh` the list of games, every game in progress replayed into its new rules; gives what went wrong
    /// and what a person may want to know (a game replayed, records dropped).
    fn carry_over(&mut self, mut fresh: Registry) -> (Vec<String>, Vec<String>) {
        let mut kept = vec![Kept {
            id: self.entry().variant.id.clone(),
            history: self.history.clone(),
            players: self.players.clone(),
            paused: self.paused,
            review: None,
            on_screen: true,
        }];
        for (&index, parked) in &self.parked {
            if let Some(entry) = self.registry.entries.get(index) {
                let (history, players) = (parked.history.clone(), parked.players.clone());
                let (paused, review) = (parked.paused, parked.review.clone());
                kept.push(Kept { id: entry.variant.id.clone(), history, players, paused, review, on_screen: false });
            }
        }
        let mut problems = Vec::new();
        let mut notes = Vec::new();
        for game in &mut kept {
            let Some(old) = self.registry.find(&game.id).cloned() else { continue };
            let name = old.variant.name.clone();
            let replayed = match fresh.entries.iter().position(|e| e.variant.id == game.id) {
                Some(index) => game.history.replayed_into(&fresh.entries[index].variant.rules).map(|r| (index, r)),
                None => Err(match fresh.errors.iter().find(|e| Some(&e.path) == source_path(&old)) {
                    Some(error) => error.message.clone(),
                    None => format!("no game file defines the id '{}' any more", game.id),
                }),
            };
            match replayed {
                Ok((index, (history, same_moves))) => {
                    // Named as the new file names it (the edit may have renamed it).
                    let name = &fresh.entries[index].variant.name;
                    if game.on_screen && !history.moves().is_empty() {
                        let count = history.moves().len();
                        let plural = if count == 1 { "" } else { "s" };
                        notes.push(format!("{name} replayed into its new rules ({count} move{plural})"));
                    }
                    if !same_moves {
                        notes.push(format!("{name}'s search records dropped: its moves are numbered otherwise now"));
                        if game.review.take().is_some() {
                            notes.push(format!("{name}'s review dropped: its moves are numbered otherwise now"));
                        }
                    }
                    game.history = history;
                }
                Err(why) => {
                    problems.push(format!("{name} keeps its old rules: {why}"));
                    keep_old(&mut fresh, old);
                }
            }
        }
        self.install(fresh, kept);
        (problems, notes)
    }

    /// Makes `registry` the view's, with the games in `kept` on it.
    fn install(&mut self, registry: Registry, kept: Vec<Kept>) {
        let index_of = |id: &str| registry.entries.iter().position(|e| e.variant.id == id);
        let mut parked = HashMap::new();
        for game in kept {
            let Some(index) = index_of(&game.id) else { continue };
            if game.on_screen {
                self.selected = index;
                self.viewing = self.viewing.filter(|&ply| ply < game.history.moves().len());
                self.history = game.history;
                self.players = game.players;
            } else {
                let (history, players, paused, review) = (game.history, game.players, game.paused, game.review);
                parked.insert(index, Parked { history, players, paused, review });
            }
        }
        self.registry = registry;
        self.parked = parked;
        self.search = None;
        self.hint = None;
        self.uncounted = true;
    }
}

/// The file an entry was read from.
fn source_path(entry: &Entry) -> Option<&std::path::PathBuf> {
    match &entry.source {
        crate::games::registry::Source::File(path) => Some(path),
        crate::games::registry::Source::BuiltIn => None,
    }
}

/// Puts `old` back in `registry` in place of the entry with its id (or at the end, if its file no longer loads).
fn keep_old(registry: &mut Registry, old: Entry) {
    match registry.entries.iter_mut().find(|e| e.variant.id == old.variant.id) {
        Some(slot) => *slot = old,
        None => registry.entries.push(old),
    }
}

/// File ▸ Reload games.
pub fn menu(play: &mut Play, ui: &mut egui::Ui) {
    let button = egui::Button::new("Reload games").shortcut_text(SHORTCUT_TEXT);
    if ui.add(button).on_hover_text(TIP).clicked() {
        play.act(super::Action::ReloadGames);
        ui.close();
    }
}

/// The button beside the game picker.
pub fn button(play: &mut Play, ui: &mut egui::Ui) {
    if ui.button("Reload games").on_hover_text(format!("{TIP} ({SHORTCUT_TEXT} or F5)")).clicked() {
        play.actions.push(super::Action::ReloadGames);
    }
}

const TIP: &str = "Read the games folder again (an edited script, a new game file); a game in progress is replayed \
                   into its new rules. Also done when the window regains focus after a file changed.";
