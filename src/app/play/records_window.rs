//! File ▸ Export game…, Import game…, Copy position and Set up position…: the game records of
//! [`crate::games::records`] in the window. Export writes the record to `saves/` and copies it to the clipboard;
//! Import and Set up take pasted text (or a file's path) in a small window, and a record that is refused leaves
//! the game as it was, with the line and the reason shown.

use super::{Action, Play};
use eframe::egui;

/// Which of the two text windows is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asking {
    Import,
    SetUp,
}

/// The window's state: what it asks for, and the text typed or pasted so far.
#[derive(Default)]
pub struct RecordsWindow {
    pub asking: Option<Asking>,
    pub text: String,
}

/// The menu entries, for the File menu.
pub fn menu(play: &mut Play, ui: &mut egui::Ui) {
    if ui
        .button("Export game…")
        .on_hover_text("The game as PGN, PDN or its move string, to saves/ and the clipboard")
        .clicked()
    {
        export(play, ui.ctx());
        ui.close();
    }
    if ui.button("Import game…").clicked() {
        play.records_window = RecordsWindow { asking: Some(Asking::Import), text: String::new() };
        ui.close();
    }
    if ui.button("Copy position").on_hover_text("FEN for chess and draughts, else the moves that lead here").clicked() {
        let text = play.position_text();
        ui.ctx().copy_text(text.clone());
        play.say(format!("Copied the position: {text}"), false);
        ui.close();
    }
    if ui.button("Set up position…").clicked() {
        play.records_window = RecordsWindow { asking: Some(Asking::SetUp), text: play.position_text() };
        ui.close();
    }
}

/// Writes the game's record to `saves/<game>-<n>.<ext>` and copies it to the clipboard.
fn export(play: &mut Play, ctx: &egui::Context) {
    match play.export_record() {
        Ok((text, extension)) => {
            ctx.copy_text(text.clone());
            let dir = std::path::Path::new("saves");
            let id = play.entry().variant.id.clone();
            let path = (1..10_000)
                .map(|n| dir.join(format!("{id}-{n}.{extension}")))
                .find(|p| !p.exists())
                .unwrap_or_else(|| dir.join(format!("{id}.{extension}")));
            let written = std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, &text));
            match written {
                Ok(()) => play.say(format!("Exported to {} (and copied to the clipboard).", path.display()), false),
                Err(e) => {
                    play.say(format!("Copied to the clipboard; {} could not be written: {e}", path.display()), true)
                }
            }
        }
        Err(e) => play.say(format!("The game could not be exported: {e}"), true),
    }
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
    egui::Window::new(title).open(&mut open).default_width(460.0).show(ctx, |ui| {
        ui.label(match asking {
            Asking::Import => "Paste a record (PGN, PDN, the move string, or move names one a line), or a file's path:",
            Asking::SetUp => "The position: FEN for chess and draughts, else the moves from the start:",
        });
        egui::ScrollArea::vertical().max_height(240.0).show(ui, |ui| {
            ui.add(egui::TextEdit::multiline(&mut play.records_window.text).desired_rows(8).code_editor());
        });
        ui.horizontal(|ui| {
            if ui.button(title).clicked() {
                done = Some(play.records_window.text.clone());
            }
            if ui.button("Cancel").clicked() {
                play.records_window.asking = None;
            }
        });
    });
    if !open {
        play.records_window.asking = None;
    }
    if let Some(text) = done {
        // A single line naming a file that exists is read from the file.
        let text = match std::fs::read_to_string(text.trim()) {
            Ok(contents) if !text.trim().contains('\n') => contents,
            _ => text,
        };
        play.records_window.asking = None;
        play.actions.push(match asking {
            Asking::Import => Action::Import(text),
            Asking::SetUp => Action::SetUp(text),
        });
        play.apply();
    }
}
