//! Exporting the canvas: the whole tree as SVG (written at once by [`super::svg`]), or the canvas as drawn as
//! PNG (a screenshot of the next frame cropped to the canvas, through [`PngSaver`]). Both go
//! to the next free `saves/tree-<n>.<ext>`, and the node bar says where.

use super::editing::Message;
use super::files::write_text;
use super::{Action, TreeLab};
use crate::files::project_folder;
use eframe::egui;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};

/// The first `tree-<n>.<extension>` (n = 1, 2, …) not yet in `folder`.
pub fn next_free(folder: &Path, extension: &str) -> PathBuf {
    next_free_named(folder, "tree", extension)
}

/// The first `<stem>-<n>.<extension>` (n = 1, 2, …) not yet in `folder`.
pub fn next_free_named(folder: &Path, stem: &str, extension: &str) -> PathBuf {
    (1..)
        .map(|n| folder.join(format!("{stem}-{n}.{extension}")))
        .find(|path| !path.exists())
        .unwrap_or_else(|| folder.join(format!("{stem}.{extension}")))
}

impl TreeLab {
    /// Carries out [`Action::ExportSvg`] and [`Action::ExportPng`].
    pub(super) fn export(&mut self, action: Action) {
        let folder = project_folder("saves");
        match action {
            Action::ExportSvg => {
                let Some(analysis) = &self.analysis else {
                    self.editor.message = Some(Message::Error("There is no tree to export.".into()));
                    return;
                };
                let snapshot = analysis.run.as_ref().map(|_| &self.snapshot);
                let svg = super::svg::tree_svg(analysis, snapshot);
                let path = next_free(&folder, "svg");
                self.editor.message = Some(match write_text(&path, &svg) {
                    Ok(()) => Message::Note(format!("saved {}", path.display())),
                    Err(e) => Message::Error(format!("could not save the SVG: {e}")),
                });
            }
            Action::ExportExercise => {
                let Some(analysis) = &self.analysis else {
                    self.editor.message = Some(Message::Error("There is no tree to export.".into()));
                    return;
                };
                if analysis.run.is_none() {
                    self.editor.message = Some(Message::Error("The search is not finished yet: try again.".into()));
                    return;
                }
                let sheet = next_free_named(&folder, "exercise", "svg");
                let key = sheet.with_file_name(format!(
                    "{}-key.svg",
                    sheet.file_stem().and_then(|s| s.to_str()).unwrap_or("exercise")
                ));
                let written = write_text(&sheet, &super::worksheet::exercise_svg(analysis, false))
                    .and_then(|()| write_text(&key, &super::worksheet::exercise_svg(analysis, true)));
                self.editor.message = Some(match written {
                    Ok(()) => Message::Note(format!("saved {} and {}", sheet.display(), key.display())),
                    Err(e) => Message::Error(format!("could not save the exercise: {e}")),
                });
            }
            Action::ExportPng => {
                self.png_pending = Some(next_free(&folder, "png"));
                self.editor.message = Some(Message::Note("taking the picture…".into()));
            }
            _ => {}
        }
    }

    /// Asks for the screenshot of a pending PNG export, now that the window's context is at hand.
    pub(super) fn request_png(&mut self, ctx: &egui::Context) {
        let Some(path) = self.png_pending.take() else { return };
        if !self.view.rect.is_positive() {
            self.editor.message = Some(Message::Error("The canvas is not drawn: nothing to save.".into()));
            return;
        }
        let (said, failed) = self.png.request(ctx, self.view.rect, path);
        self.editor.message = Some(if failed { Message::Error(said) } else { Message::Note(said) });
    }

    /// What the node bar says now: the last edit's refusal, a saved file, ….
    pub fn message(&self) -> Option<&str> {
        match &self.editor.message {
            Some(Message::Error(text) | Message::Note(text)) => Some(text),
            None => None,
        }
    }
}

/// Screenshots asked for and not yet written.
pub struct PngSaver {
    done_tx: Sender<(String, bool)>,
    done_rx: Receiver<(String, bool)>,
}

impl Default for PngSaver {
    fn default() -> Self {
        let (done_tx, done_rx) = channel();
        PngSaver { done_tx, done_rx }
    }
}

impl PngSaver {
    /// Asks for a screenshot of the next frame, to crop to `rect` and write to `path`; returns what to say now.
    pub fn request(&self, ctx: &egui::Context, rect: egui::Rect, path: PathBuf) -> (String, bool) {
        let done = self.done_tx.clone();
        let pixels_per_point = ctx.pixels_per_point();
        let wake = ctx.clone();
        ctx.request_screenshot(move |image| {
            let part = image.region(&rect, Some(pixels_per_point));
            let said = match write_png(&path, &part) {
                Ok(()) => (format!("saved {}", path.display()), false),
                Err(e) => (e, true),
            };
            let _ = done.send(said);
            wake.request_repaint();
        });
        ctx.request_repaint();
        ("taking the picture…".into(), false)
    }

    /// What a finished save said, if one finished.
    pub fn poll(&self) -> Option<(String, bool)> {
        self.done_rx.try_recv().ok()
    }
}

/// Writes an image as an 8-bit RGBA PNG, atomically (encoded in memory, then written as [`crate::files`] writes:
/// a failed write leaves the old file whole), making its folder first.
pub fn write_png(path: &Path, image: &egui::ColorImage) -> Result<(), String> {
    let [width, height] = image.size.map(|n| n as u32);
    let mut png_bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut png_bytes, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let bytes: Vec<u8> = image.pixels.iter().flat_map(|p| p.to_srgba_unmultiplied()).collect();
    let encoded = encoder.write_header().and_then(|mut writer| {
        writer.write_image_data(&bytes)?;
        writer.finish()
    });
    encoded.map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    crate::files::write_atomic(path, &png_bytes)
}
