//! What every floating window of the studio shares: it fits the window it floats in, title bar and ✕ included,
//! scrolling what does not fit (at 800 × 600 the Tree lab's shortcuts once put their title above the screen), and
//! Escape closes it.

use eframe::egui;

/// The room a window leaves around itself inside the studio's window.
const MARGIN: f32 = 16.0;
/// A title bar's height, which a window's maximum height does not count.
const TITLE_BAR: f32 = 32.0;

/// Shows `window` held inside the studio's window: at most as wide as the room there is, its contents scrolling
/// when they are taller than it (not the window's own scrolling, which would stretch every small dialog to the
/// full height). Returns what `add_contents` returned, when the window is open and not collapsed.
pub fn show<R>(
    window: egui::Window<'_>,
    ctx: &egui::Context,
    add_contents: impl FnOnce(&mut egui::Ui) -> R,
) -> Option<R> {
    let room = ctx.content_rect().shrink(MARGIN);
    let tallest = (room.height() - TITLE_BAR).max(80.0);
    let window = window.constrain_to(room).max_width(room.width().max(120.0));
    let shown = window.show(ctx, |ui| egui::ScrollArea::vertical().max_height(tallest).show(ui, add_contents).inner);
    shown.and_then(|response| response.inner)
}

/// True on the frame Escape was pressed: every window closes on it, as its ✕ does.
pub fn escape_pressed(ctx: &egui::Context) -> bool {
    ctx.input(|i| i.key_pressed(egui::Key::Escape))
}
