//! What every floating window of the studio shares: it fits the window it floats in, title bar and ✕ included,
//! scrolling what does not fit (at 800 × 600 the Tree lab's shortcuts once put their title above the screen), and
//! Escape closes it.

use eframe::egui;

/// The room a window leaves around itself inside the studio's window.
const MARGIN: f32 = 16.0;
/// A title bar's height, which a window's maximum height does not count.
const TITLE_BAR: f32 = 32.0;

/// `window` held inside the studio's window: at most as wide and as tall as the room there is, its contents
/// scrolling when they are taller.
pub fn fitted<'a>(window: egui::Window<'a>, ctx: &egui::Context) -> egui::Window<'a> {
    let room = ctx.content_rect().shrink(MARGIN);
    window
        .constrain_to(room)
        .max_width(room.width().max(120.0))
        .max_height((room.height() - TITLE_BAR).max(80.0))
        .vscroll(true)
}

/// True on the frame Escape was pressed: every window closes on it, as its ✕ does.
pub fn escape_pressed(ctx: &egui::Context) -> bool {
    ctx.input(|i| i.key_pressed(egui::Key::Escape))
}
