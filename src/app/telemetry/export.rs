//! Export: the records as CSV (saved to `saves/` through the Tree lab's writer, or copied); the parts of the view
//! that are saved as figures ([`super::figure`]); and the screenshot PNG the Tree lab's canvas is saved through —
//! the next frame, cropped to a rectangle and written on the callback.

use crate::app::play::Play;
use crate::app::tree_lab::files::write_text;
use crate::engine::telemetry::csv::format_records_csv;
use crate::files::project_folder;
use eframe::egui;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};

/// The parts of the view that can be saved as a figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Dashboard = 0,
    Ladder = 1,
}

/// The game's records as CSV, best moves in the game's notation.
pub fn records_csv(play: &Play) -> String {
    let records = &play.history().telemetry().records;
    let moves = super::series::MoveAxis::new(play.history(), records);
    format_records_csv(
        records,
        |record, mv| play.position_at(record.ply).move_name(mv),
        |record| moves.round(record.ply, record.side),
    )
}

/// `saves/telemetry-<game>.csv`.
pub fn csv_path(play: &Play) -> PathBuf {
    project_folder("saves").join(format!("telemetry-{}.csv", play.entry().variant.id))
}

/// Saves the CSV and says where, or why not.
pub fn save_csv(play: &Play) -> (String, bool) {
    let path = csv_path(play);
    match write_text(&path, &records_csv(play)) {
        Ok(()) => (format!("saved {}", path.display()), false),
        Err(e) => (e, true),
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
