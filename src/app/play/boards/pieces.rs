//! Pieces more than one board draws: the draughts man and king, the die with its pips, a counter. The compiled
//! boards and the scripts' named pieces (`piece = "man"`, `"die4"`, `"counter"`) share them, so a scripted game's
//! pieces look like the compiled games' ones.

use eframe::egui;

/// A draughts man: a disc of `fill` with a rim of `rim` and a shadow, `size` the side of its square; a king also
/// carries a gold crown. The draughts board and scripts' `piece = "man" | "king"` draw it.
pub fn draw_man(
    painter: &egui::Painter,
    at: egui::Pos2,
    size: f32,
    fill: egui::Color32,
    rim: egui::Color32,
    king: bool,
) {
    let radius = size * 0.36;
    painter.circle_filled(at + egui::vec2(0.0, size * 0.04), radius, egui::Color32::from_black_alpha(70));
    painter.circle(at, radius, fill, egui::Stroke::new((size * 0.04).max(1.5), rim));
    painter.circle_stroke(at, radius * 0.7, egui::Stroke::new(1.0, rim));
    if king {
        let (w, h) = (radius * 0.9, radius * 0.55);
        let base = at.y + h * 0.5;
        let top = at.y - h * 0.5;
        let crown = vec![
            egui::pos2(at.x - w / 2.0, base),
            egui::pos2(at.x - w / 2.0, top),
            egui::pos2(at.x - w / 4.0, at.y),
            egui::pos2(at.x, top - h * 0.2),
            egui::pos2(at.x + w / 4.0, at.y),
            egui::pos2(at.x + w / 2.0, top),
            egui::pos2(at.x + w / 2.0, base),
        ];
        let gold = egui::Color32::from_rgb(230, 180, 40);
        painter.add(egui::Shape::closed_line(crown, egui::Stroke::new((size * 0.05).max(2.0), gold)));
    }
}

/// The die with the pips of `face`, rimmed in the colour of the side it was rolled for; a question mark before the
/// roll. EinStein's die beside its board, and scripts' `piece = "die1"` … `"die6"`.
pub fn draw_die(painter: &egui::Painter, rect: egui::Rect, face: Option<u8>, rim: egui::Color32) {
    painter.rect(
        rect,
        rect.width() * 0.15,
        egui::Color32::from_rgb(250, 250, 245),
        egui::Stroke::new(4.0, rim),
        egui::StrokeKind::Inside,
    );
    let Some(face) = face else {
        let font = egui::FontId::proportional(rect.width() * 0.5);
        painter.text(rect.center(), egui::Align2::CENTER_CENTER, "?", font, egui::Color32::GRAY);
        return;
    };
    // Pip positions on a 3 × 3 grid, (column, row) from the top left.
    let pips: &[(u8, u8)] = match face {
        1 => &[(1, 1)],
        2 => &[(0, 0), (2, 2)],
        3 => &[(0, 0), (1, 1), (2, 2)],
        4 => &[(0, 0), (2, 0), (0, 2), (2, 2)],
        5 => &[(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        _ => &[(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    };
    let step = rect.width() * 0.28;
    for &(c, r) in pips {
        let at = rect.center() + egui::vec2((f32::from(c) - 1.0) * step, (f32::from(r) - 1.0) * step);
        painter.circle_filled(at, rect.width() * 0.08, egui::Color32::from_rgb(30, 30, 30));
    }
}

/// A flat counter of `fill`, `size` the side of its square: a disc with a raised rim, for a number to be written on.
pub fn draw_counter(painter: &egui::Painter, at: egui::Pos2, size: f32, fill: egui::Color32) {
    let radius = size * 0.38;
    let rim = fill.lerp_to_gamma(egui::Color32::BLACK, 0.35);
    painter.circle_filled(at + egui::vec2(0.0, size * 0.03), radius, egui::Color32::from_black_alpha(60));
    painter.circle(at, radius, fill, egui::Stroke::new((size * 0.03).max(1.0), rim));
    painter.circle_stroke(at, radius * 0.8, egui::Stroke::new((size * 0.02).max(1.0), rim));
}
