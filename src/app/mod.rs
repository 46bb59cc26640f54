//! The studio window (eframe/egui). Everything here reads the engine; nothing in the engine knows about it.

use eframe::egui;
pub mod help;
pub mod interface_scale;
use serde::{Deserialize, Serialize};
pub mod panel_share;
pub mod path_dialog;
pub mod play;
pub mod plot_axes;
pub mod session;
pub mod shell;
pub mod telemetry;
pub mod tree_lab;
pub mod windows;

pub use shell::StudioApp;

/// The views the studio has (the shell switches between them; a session remembers which was shown).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum View {
    /// Trees drawn by hand, searched step by step.
    #[default]
    TreeLab,
    /// Board games against the AI, and their review.
    Play,
    /// The searches of the game in Play, plotted move by move.
    Telemetry,
}

impl View {
    /// Every view, in the switcher's order.
    pub const ALL: [View; 3] = [View::TreeLab, View::Play, View::Telemetry];

    /// The switcher's name.
    pub fn title(self) -> &'static str {
        match self {
            View::TreeLab => "Tree lab",
            View::Play => "Play",
            View::Telemetry => "Telemetry",
        }
    }
}

/// The window's title.
pub const TITLE: &str = "Alpha-Beta Studio";

/// Opens the studio window and runs it until it is closed.
///
/// # Errors
/// When the window cannot be opened (no display, no OpenGL): the error says why.
pub fn run() -> Result<(), eframe::Error> {
    let options = eframe::NativeOptions {
        renderer: eframe::Renderer::Glow,
        viewport: egui::ViewportBuilder::default()
            .with_title(TITLE)
            .with_app_id("alphabeta-studio")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([720.0, 480.0]),
        ..Default::default()
    };
    eframe::run_native(
        TITLE,
        options,
        Box::new(|cc| {
            install_fonts(&cc.egui_ctx);
            let saves = crate::files::project_folder("saves");
            Ok(Box::new(StudioApp::opening(Some(session::store::Store::new(saves)))))
        }),
    )
}

/// Adds the bundled monospace font (Hack) as a fallback of the proportional one: it has the geometric shapes and
/// arrows the studio uses (▶ ◀ △ ▽ ⇤ ⇥), which the proportional font lacks, without shipping an emoji font.
pub fn install_fonts(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    let hack = fonts.families.get(&egui::FontFamily::Monospace).and_then(|family| family.first()).cloned();
    if let (Some(hack), Some(proportional)) = (hack, fonts.families.get_mut(&egui::FontFamily::Proportional)) {
        proportional.push(hack);
    }
    ctx.set_fonts(fonts);
}
