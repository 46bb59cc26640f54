//! The interface's scale: egui's zoom factor, chosen in *Settings* or with Ctrl+plus, Ctrl+minus and Ctrl+0, and
//! kept for the next start in the store's preferences file. It is the person's preference for their screen, not
//! part of the work, so it is not in a session: a session opened on another screen keeps that screen's scale. The
//! same file keeps the outside engine the review may judge chess with, the person's program.

use super::play::review::outside::OutsideSettings;
use super::session::store::Store;
use crate::files::{self, ReadError};
use eframe::egui;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The scales *Settings* offers; the keyboard sets any tenth between the first and the last.
pub const CHOICES: [f32; 5] = [0.75, 1.0, 1.25, 1.5, 2.0];

/// The smallest and largest scale: below, menus stop being legible; above, a 1280 × 800 window cannot hold Play.
pub const RANGE: std::ops::RangeInclusive<f32> = 0.75..=2.0;

/// The preferences file is a line or two; more than this is not one.
const MAX_BYTES: u64 = 64 * 1024;

/// `scale` held to [`RANGE`]; what is not a number at all is 100 %.
pub fn clamp(scale: f32) -> f32 {
    if scale.is_nan() { 1.0 } else { scale.clamp(*RANGE.start(), *RANGE.end()) }
}

/// "150 %".
pub fn percent(scale: f32) -> String {
    format!("{:.0} %", scale * 100.0)
}

/// What the studio keeps for the person, across sessions (the store's `.preferences`, RON).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Preferences {
    /// The interface's scale, 1.0 for egui's own size.
    pub interface_scale: f32,
    /// The outside engine chess reviews may be judged by (the person's program, like the scale not the session's).
    pub review_engine: OutsideSettings,
}

impl Default for Preferences {
    fn default() -> Self {
        Preferences { interface_scale: 1.0, review_engine: OutsideSettings::default() }
    }
}

impl Preferences {
    /// The preferences in `store`'s folder, each value held to its range; none saved yet is the defaults, a file
    /// that cannot be read is the defaults and a message saying why.
    pub fn load(store: &Store) -> (Preferences, Option<String>) {
        let path = store.preferences_path();
        let read = match files::read_text_raw(&path, MAX_BYTES) {
            Err(ReadError::Open(e)) if e.kind() == std::io::ErrorKind::NotFound => {
                return (Preferences::default(), None);
            }
            Err(e) => Err(files::describe(&path, &e)),
            Ok(text) => ron::from_str::<Preferences>(&text)
                .map_err(|e| format!("{}: {}", path.display(), crate::messages::ron_error(&e))),
        };
        match read {
            Ok(read) => (
                Preferences { interface_scale: clamp(read.interface_scale), review_engine: read.review_engine.held() },
                None,
            ),
            Err(why) => (
                Preferences::default(),
                Some(format!("The preferences were not read ({why}): the interface is at 100 %")),
            ),
        }
    }

    /// Writes them to `path` (atomically).
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::new()).map_err(|e| e.to_string())?;
        files::write_atomic(path, (text + "\n").as_bytes())
            .map_err(|e| format!("The preferences (interface scale, review engine) were not saved: {e}"))
    }
}

/// The scale in force, and the zoom factor last seen, to tell the keyboard's changes from the studio's own.
#[derive(Clone, Debug)]
pub struct InterfaceScale {
    /// The scale chosen (and saved), within [`RANGE`].
    pub scale: f32,
    /// The zoom factor of the last frame; `None` before the first, when the scale is applied.
    seen: Option<f32>,
}

impl Default for InterfaceScale {
    fn default() -> Self {
        InterfaceScale::new(1.0)
    }
}

impl InterfaceScale {
    /// `scale` (held to [`RANGE`]), applied at the first frame.
    pub fn new(scale: f32) -> Self {
        InterfaceScale { scale: clamp(scale), seen: None }
    }

    /// Once a frame, before drawing: applies the scale at the first frame, and takes up a zoom the keyboard set
    /// (held to [`RANGE`]). True when the scale changed, to be saved.
    pub fn follow(&mut self, ctx: &egui::Context) -> bool {
        let shown = ctx.zoom_factor();
        let Some(seen) = self.seen.replace(shown) else {
            ctx.set_zoom_factor(self.scale);
            return false;
        };
        // A zoom factor changes a frame after it is set: the studio's own change arrives equal to the scale.
        if shown == seen || shown == self.scale {
            return false;
        }
        let held = clamp(shown);
        if held != shown {
            ctx.set_zoom_factor(held);
        }
        let changed = held != self.scale;
        self.scale = held;
        changed
    }

    /// The *Settings* menu's entries. True when a scale was chosen, to be saved.
    pub fn menu(&mut self, ui: &mut egui::Ui) -> bool {
        ui.label("Interface scale:").on_hover_text(
            "How large the whole window is drawn. Ctrl+plus, Ctrl+minus and Ctrl+0 change it too. The studio \
             keeps it for the next start.",
        );
        if !CHOICES.contains(&self.scale) {
            let _ = ui.radio(true, format!("{} (set with the keyboard)", percent(self.scale)));
        }
        let mut chosen = None;
        for choice in CHOICES {
            if ui.radio(self.scale == choice, percent(choice)).clicked() {
                chosen = Some(choice);
            }
        }
        let Some(choice) = chosen else { return false };
        self.scale = choice;
        ui.ctx().set_zoom_factor(choice);
        ui.close();
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scales_are_held_to_the_offered_range() {
        assert_eq!(clamp(0.0), 0.75);
        assert_eq!(clamp(1000.0), 2.0);
        assert_eq!(clamp(f32::NAN), 1.0);
        assert_eq!(clamp(f32::NEG_INFINITY), 0.75);
        assert_eq!(clamp(1.1), 1.1);
        assert_eq!(percent(1.1), "110 %");
    }
}
