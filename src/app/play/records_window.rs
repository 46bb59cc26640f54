//! File ▸ Export game…, Import game…, Copy position and Set up position…: the game records of
//! [`crate::games::records`] in the window. Export writes the record to `saves/` and copies it to the clipboard;
//! Import and Set up take pasted text (or a file's path) in a small window, and a record that is refused leaves
//! the game as it was, with the line and the reason shown.

use super::{Action, Play, PlayerKind, start_of};
use crate::engine::telemetry::searches::SearchKind;
use crate::games::records::{MoveNote, RecordNotes};
use crate::messages::counted;
use crate::play::history::GameHistory;
use eframe::egui;
use std::path::{Path, PathBuf};

/// Which of the two text windows is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asking {
    /// *Import game…*: a record to play from its start.
    Import,
    /// *Set up position…*: a position in the game's notation.
    SetUp,
}

/// The window's state: what it asks for, and the text typed or pasted so far.
#[derive(Default)]
pub struct RecordsWindow {
    /// The window open, if any.
    pub asking: Option<Asking>,
    /// The text typed or pasted so far.
    pub text: String,
    /// Why the text was refused, shown in the window, which stays open with the text so it can be corrected.
    pub error: Option<String>,
}

/// The menu entries, for the File menu: whether one was chosen (its window, or what it says, is in Play).
pub fn menu(play: &mut Play, ui: &mut egui::Ui) -> bool {
    let chosen = entries(play, ui);
    if chosen {
        ui.close();
    }
    chosen
}

fn entries(play: &mut Play, ui: &mut egui::Ui) -> bool {
    if ui
        .button("Export game…")
        .on_hover_text("The game as PGN, PDN or its move string, to saves/ and the clipboard")
        .clicked()
    {
        export(play, ui.ctx());
        return true;
    }
    if ui.button("Import game…").clicked() {
        play.records_window = RecordsWindow { asking: Some(Asking::Import), text: String::new(), error: None };
        return true;
    }
    let review = ui.add_enabled(!play.history.moves().is_empty(), egui::Button::new("Review game…"));
    if review.on_hover_text("Judge every move of the game in Play, an imported one too (see Play's Review…)").clicked()
    {
        play.review.dialog_open = true;
        return true;
    }
    if ui.button("Copy position").on_hover_text("FEN for chess and draughts, else the moves that lead here").clicked() {
        let text = play.position_text();
        ui.ctx().copy_text(text.clone());
        play.say(format!("Copied the position: {text}"), false);
        return true;
    }
    if ui.button("Set up position…").clicked() {
        play.records_window = RecordsWindow { asking: Some(Asking::SetUp), text: play.position_text(), error: None };
        return true;
    }
    false
}

impl RecordsWindow {
    /// The text was taken: the window closes.
    pub fn accepted(&mut self) {
        *self = RecordsWindow::default();
    }

    /// The text was refused for `why`: an open window keeps it and shows why.
    pub fn refused(&mut self, why: &str) {
        if self.asking.is_some() {
            self.error = Some(why.to_string());
        }
    }
}

/// Writes the game's record to `saves/<game>-<n>.<ext>` and copies it to the clipboard.
fn export(play: &mut Play, ctx: &egui::Context) {
    match play.export_record() {
        Ok((text, extension)) => {
            ctx.copy_text(text.clone());
            let path = export_path(Path::new("saves"), &play.entry().variant.id, extension);
            // Atomic, so a failed write never leaves half a record under a name a later export skips.
            match crate::files::write_atomic(&path, text.as_bytes()) {
                Ok(()) => play.say(format!("Exported to {} (and copied to the clipboard).", path.display()), false),
                Err(e) => play.say(format!("Copied to the clipboard, but {e}"), true),
            }
        }
        Err(e) => play.say(format!("The game could not be exported: {e}"), true),
    }
}

impl Play {
    /// What the exported record says besides the moves: the players by name, today's date, how the game ended,
    /// and for each AI move its search's score, depth and whether a weaker level chose it on purpose.
    pub(super) fn record_notes(&self) -> RecordNotes {
        let players = [0, 1].map(|seat| self.player_name(seat));
        let termination = if self.flag_fallen().is_some() {
            "time forfeit"
        } else if self.history.position().outcome().is_some() {
            "normal"
        } else {
            "unterminated"
        };
        let mut moves = vec![MoveNote::default(); self.history.moves().len()];
        let records = &self.history.telemetry().records;
        for record in records.iter().filter(|r| r.kind == SearchKind::Move) {
            let Some(note) = moves.get_mut(record.ply) else { continue };
            let thought = &record.thought;
            note.value = record.deepest().map(|i| i.value).filter(|v| v.is_finite());
            note.depth = record.depth_reached();
            note.dubious = thought.searched_best.is_some() && thought.best_move != thought.searched_best;
        }
        RecordNotes {
            players,
            date: Some(crate::games::records::today()),
            termination: Some(termination.to_string()),
            moves,
            tags: Vec::new(),
        }
    }

    /// How a record names the player of `seat`: the AI by its level, a person by the name they gave (or the
    /// computer's login name).
    fn player_name(&self, seat: usize) -> String {
        let player = &self.players[seat];
        match player.kind {
            PlayerKind::Ai if player.custom => "Alpha-Beta Studio (custom settings)".to_string(),
            PlayerKind::Ai => format!("Alpha-Beta Studio level {}", player.level),
            PlayerKind::Human if !player.name.trim().is_empty() => player.name.trim().to_string(),
            PlayerKind::Human => {
                std::env::var("USER").or_else(|_| std::env::var("USERNAME")).unwrap_or_else(|_| "Player".into())
            }
        }
    }
}

/// The first free `<id>-<n>.<extension>` in `dir`.
pub(super) fn export_path(dir: &Path, id: &str, extension: &str) -> PathBuf {
    (1..10_000)
        .map(|n| dir.join(format!("{id}-{n}.{extension}")))
        .find(|p| !p.exists())
        .unwrap_or_else(|| dir.join(format!("{id}.{extension}")))
}

/// What was pasted, or the file it names: a single line naming something that exists is read through
/// [`crate::files`] (capped, regular files only), so a path to a FIFO, a device or a huge file is refused with its
/// reason instead of hanging the window or filling its memory.
fn pasted_or_file(pasted: &str) -> Result<String, String> {
    let line = pasted.trim();
    if line.is_empty() || line.contains('\n') || !Path::new(line).exists() {
        return Ok(pasted.to_string());
    }
    crate::files::read_text(Path::new(line), crate::files::MAX_TEXT_BYTES)
}

/// The Import / Set up window, when open.
pub fn window(play: &mut Play, ctx: &egui::Context) {
    let Some(asking) = play.records_window.asking else { return };
    let title = match asking {
        Asking::Import => "Import game",
        Asking::SetUp => "Set up position",
    };
    let mut open = true;
    let mut done = None;
    let window = egui::Window::new(title).open(&mut open).default_width(460.0);
    crate::app::windows::show(window, ctx, |ui| {
        let prompt = ui.label(match asking {
            Asking::Import => "Paste a record (PGN, PDN, the move string, or move names one a line), or a file's path:",
            Asking::SetUp => "The position: FEN for chess and draughts, else the moves from the start:",
        });
        egui::ScrollArea::vertical().max_height(240.0).show(ui, |ui| {
            let edit = egui::TextEdit::multiline(&mut play.records_window.text).desired_rows(8).code_editor();
            ui.add(edit).labelled_by(prompt.id);
        });
        if let Some(error) = &play.records_window.error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
        ui.horizontal(|ui| {
            if ui.button(title).clicked() {
                done = Some(play.records_window.text.clone());
            }
            if ui.button("Cancel").clicked() {
                play.records_window.asking = None;
            }
        });
    });
    if !open || crate::app::windows::escape_pressed(ctx) {
        play.records_window.asking = None;
        return;
    }
    if let Some(text) = done {
        let text = match pasted_or_file(&text) {
            Ok(text) => text,
            // The window stays open with the text, so the path can be corrected.
            Err(e) => {
                play.records_window.error = Some(format!("The file was not read: {e}"));
                return;
            }
        };
        // The window closes once the game takes the text; refused, it stays open with the reason (see `refused`).
        play.actions.push(match asking {
            Asking::Import => Action::Import(text),
            Asking::SetUp => Action::SetUp(text),
        });
        play.apply();
    }
}

impl Play {
    /// Replaces the game with the record in `text`, read by the family's format; nothing changes when it is refused.
    pub(super) fn import(&mut self, text: &str) {
        if text.trim().is_empty() {
            return self
                .refuse_text("Nothing to import: the record is empty. The game on the board is unchanged.".into());
        }
        let start = match start_of(self.entry()) {
            Ok(start) => start,
            Err(why) => return self.refuse_text(format!("Not imported — {why}")),
        };
        let usual_start = start.position_hash();
        match start.read_record(text) {
            // A record of no moves from the usual start would only throw the game away.
            Ok((start, moves)) if moves.is_empty() && start.position_hash() == usual_start => self.refuse_text(
                "Nothing to import: the record holds no moves. The game on the board is unchanged.".into(),
            ),
            Ok((start, moves)) => {
                let mut history = GameHistory::new(start);
                for mv in moves {
                    if let Err(e) = history.try_play(mv) {
                        return self.refuse_text(format!("The record could not be replayed: {e}"));
                    }
                }
                // A record from a set-up position (PGN's `[FEN]`) is kept by the session as that position.
                if history.position_at(0).position_hash() != usual_start
                    && let Some(fen) = history.position_at(0).position_text()
                {
                    history.set_up_from(&fen);
                }
                history.set_record_tags(crate::games::records::movetext::header_tags(text));
                self.records_window.accepted();
                self.begin(history);
                self.paused = true;
                // Moves as the move list numbers them; the plies too, named so.
                let (moves, plies) = (crate::play::numbering::moves_in_list(&self.history), self.history.moves().len());
                let (moves, plies) = (counted(moves as u64, "move", "moves"), counted(plies as u64, "ply", "plies"));
                self.say(format!("Imported a game of {moves} ({plies}; paused: press Resume for the AI)."), false);
            }
            Err(e) => self.refuse_text(format!("Not imported — {e}")),
        }
    }

    /// Starts a game from the position in `text` (FEN for chess and draughts, moves from the start for the others).
    pub(super) fn set_up(&mut self, text: &str) {
        match self.entry().variant.rules.read_position(text.trim()) {
            Ok(position) => {
                self.records_window.accepted();
                let mut history = GameHistory::new(position);
                history.set_up_from(text.trim());
                self.begin(history);
                self.paused = true;
                self.say("Set up the position (paused: press Resume for the AI).".into(), false);
            }
            Err(e) => self.refuse_text(format!("Not set up — {e}")),
        }
    }

    /// A record or position refused: said above the board, and in the window that asked for it, which stays open.
    fn refuse_text(&mut self, why: String) {
        self.records_window.refused(&why);
        self.say(why, true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pasted_text_is_kept_and_a_named_file_is_read() {
        assert_eq!(pasted_or_file("1. e4 e5\n2. Nf3").as_deref(), Ok("1. e4 e5\n2. Nf3"));
        assert_eq!(pasted_or_file("d3 c1 not-a-file").as_deref(), Ok("d3 c1 not-a-file"));
        let dir = std::env::temp_dir().join(format!("abs-records-window-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let file = dir.join("game.pgn");
        std::fs::write(&file, "1. e4 *\n").expect("write");
        assert_eq!(pasted_or_file(&format!("  {}  ", file.display())).as_deref(), Ok("1. e4 *\n"));
        // A folder (like a FIFO or a device) is refused with its reason; it used to be taken for pasted text.
        let refused = pasted_or_file(&dir.display().to_string()).expect_err("a folder is not a record");
        assert!(refused.contains("a folder, not a regular file"), "{refused}");
        std::fs::remove_dir_all(&dir).expect("clean up");
    }

    #[test]
    fn an_export_takes_the_first_free_number() {
        let dir = std::env::temp_dir().join(format!("abs-records-export-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        std::fs::write(dir.join("chess-1.pgn"), "").expect("write");
        assert_eq!(export_path(&dir, "chess", "pgn"), dir.join("chess-2.pgn"));
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
