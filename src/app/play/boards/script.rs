//! The painter of every scripted game: draws the board the script's `draw` describes — square cells, round pits or
//! hexagons in offset rows, with stones, glyphs, named pieces, labels and owners' colours; the points and lines
//! between them (`points`, `edges`: Dots and Boxes' dots and lines); the coordinates along its edges — and asks
//! the script's `click` what a click on a cell, a line or a point means: a move, the first place of a two-click
//! move (remembered here until the second click), or why nothing happens. When the board says which places the
//! moves are (`board.moves`), the last move is marked and the legal ones dotted, as on the compiled boards.

use super::pieces::{draw_counter, draw_die, draw_man};
use super::view::{Marks, cell_size, clickable, stone_color};
use crate::app::play::Action;
use crate::engine::game::Side;
use crate::games::script::ScriptGame;
use crate::games::script::board::{Board, Cell, ChessMan, Click, Colour, Kind, Layout, Piece, Target};
use eframe::egui;

/// The painter as the list of families holds it (see `crate::families`).
pub fn paint(ui: &mut egui::Ui, game: &crate::games::any::AnyGame, marks: &Marks) -> Option<Action> {
    let game = game.downcast_ref::<ScriptGame>()?;
    let board = match game.board() {
        Ok(board) => board,
        Err(error) => {
            ui.colored_label(ui.visuals().error_fg_color, error.message);
            return None;
        }
    };
    show(ui, game, &board, marks)
}

fn colour(c: Colour) -> egui::Color32 {
    egui::Color32::from_rgb(c.0[0], c.0[1], c.0[2])
}

/// Black or white, whichever reads better on `background`.
fn ink_on(background: egui::Color32) -> egui::Color32 {
    let [r, g, b, _] = background.to_array();
    let light = 0.299 * f32::from(r) + 0.587 * f32::from(g) + 0.114 * f32::from(b);
    if light > 140.0 { egui::Color32::BLACK } else { egui::Color32::WHITE }
}

/// Where the board lies on the screen: its top left corner and the side of a cell, in points.
struct Frame {
    origin: egui::Pos2,
    size: f32,
    width: usize,
    height: usize,
    shift: f32,
}

impl Frame {
    /// The board centred in `available`, with room for its caption and, if it has them, its coordinates.
    fn new(available: egui::Rect, board: &Board) -> Frame {
        let shape = &board.shape;
        let span = shape.span() as f32;
        let margin = if shape.coordinates.is_some() { 2 } else { 1 };
        let size = cell_size(available.size(), span.ceil() as usize, shape.height + margin);
        let board_size = egui::vec2(size * span, size * shape.height as f32);
        let origin = available.center() - board_size / 2.0 - egui::vec2(0.0, size * 0.4);
        Frame { origin, size, width: shape.width, height: shape.height, shift: shape.shift as f32 }
    }

    /// The rectangle of cell `index` (from 0), twice as tall when it is `tall`.
    fn cell_rect(&self, index: usize, tall: bool) -> egui::Rect {
        let (row, column) = (index / self.width, index % self.width);
        let shifted_rows = if self.shift >= 0.0 { row } else { self.height - 1 - row };
        let shift = shifted_rows as f32 * self.shift.abs();
        let rows = if tall && row + 1 < self.height { 2.0 } else { 1.0 };
        egui::Rect::from_min_size(
            self.origin + egui::vec2((column as f32 + shift) * self.size, row as f32 * self.size),
            egui::vec2(self.size, self.size * rows),
        )
    }

    /// A point given in cells from the board's top left corner.
    fn at(&self, x: f64, y: f64) -> egui::Pos2 {
        self.origin + egui::vec2(x as f32, y as f32) * self.size
    }

    /// The bottom of the board.
    fn bottom(&self) -> f32 {
        self.origin.y + self.size * self.height as f32
    }
}

/// What a frame of the board needs besides the board: the painter, the places to mark, and what was clicked.
struct Scene<'a> {
    painter: egui::Painter,
    frame: Frame,
    visuals: egui::Visuals,
    /// The place a previous click selected.
    selected: Option<Target>,
    /// The last move's place, when `board.moves` says which places moves are.
    last: Option<Target>,
    /// The place clicked in this frame, if any.
    clicked: Option<Target>,
    board: &'a Board,
}

fn show(ui: &mut egui::Ui, game: &ScriptGame, board: &Board, marks: &Marks) -> Option<Action> {
    let area = ui.available_rect_before_wrap();
    let selected_id = ui.scope_id().with("script board selection");
    let place = |mv: i64| usize::try_from(mv).ok().filter(|&n| n >= 1);
    let last =
        board.shape.moves.zip(marks.last.and_then(|mv| place(mv as i64))).map(|(kind, index)| Target { kind, index });
    let mut scene = Scene {
        painter: ui.painter_at(area),
        frame: Frame::new(area.shrink(12.0), board),
        visuals: ui.visuals().clone(),
        selected: ui.data(|d| d.get_temp(selected_id)),
        last,
        clicked: None,
        board,
    };
    paint_cells(ui, &mut scene);
    paint_coordinates(&scene);
    paint_edges(ui, &mut scene);
    paint_points(ui, &mut scene);
    let side = crate::games::any::Playable::side_to_move(game);
    let picked = scene.selected.filter(|_| marks.interactive && board.shape.dots && game.script().defines("click"));
    if let Some(selected) = picked {
        // A move begun: where the second click can end it, however the script numbers its moves.
        let id = ui.scope_id().with("script board destinations");
        for target in remembered_destinations(ui, id, game, board, selected) {
            dot_legal(&scene, target, side);
        }
    } else if marks.interactive
        && board.shape.dots
        && let Some(kind) = board.shape.moves
    {
        for index in board.legal.iter().filter_map(|&mv| place(mv)).filter(|&n| n <= board.count(kind)) {
            dot_legal(&scene, Target { kind, index }, side);
        }
    }
    paint_caption(&scene);
    let target = scene.clicked.filter(|_| marks.interactive)?;
    Some(click(ui, game, target, scene.selected, selected_id))
}

/// The places where a second click after `selected` gives a legal move: the script's `click` asked for each place
/// of the selected one's kind, as the window asks it on a click, and each answer checked against the legal moves.
/// So a move named by its two places (`100 × from + to`), by the line between two points, or by any number the
/// script's `click` makes of the pair, is dotted alike.
pub fn destinations(game: &ScriptGame, board: &Board, selected: Target) -> Vec<Target> {
    let legal: std::collections::HashSet<i64> = board.legal.iter().copied().collect();
    (1..=board.count(selected.kind))
        .map(|index| Target { kind: selected.kind, index })
        .filter(|&to| matches!(game.click_at(to, Some(selected.index)), Ok(Click::Move(mv)) if legal.contains(&mv)))
        .collect()
}

/// [`destinations`], asked once per position and selection (a board may have thousands of places, each a call
/// into the script) and kept in egui's memory under `id`.
fn remembered_destinations(
    ui: &egui::Ui,
    id: egui::Id,
    game: &ScriptGame,
    board: &Board,
    selected: Target,
) -> Vec<Target> {
    use crate::engine::game::Game;
    let position = (game.position_hash(), game.history().len(), selected);
    if let Some((seen, places)) = ui.data(|d| d.get_temp::<((u64, usize, Target), Vec<Target>)>(id))
        && seen == position
    {
        return places;
    }
    let places = destinations(game, board, selected);
    ui.data_mut(|d| d.insert_temp(id, (position, places.clone())));
    places
}

/// The cells, each clickable (`cell n`): its shape, owner's colour or background, piece, label and marks.
fn paint_cells(ui: &mut egui::Ui, scene: &mut Scene) {
    let layout = scene.board.shape.layout;
    // On a board of lines (Dots and Boxes) the lines are the edges: the cells get no outline of their own.
    let outline =
        if scene.board.edges.is_empty() { scene.visuals.weak_text_color() } else { egui::Color32::TRANSPARENT };
    for (index, cell) in scene.board.cells.iter().enumerate() {
        let rect = scene.frame.cell_rect(index, cell.tall);
        if cell.hidden {
            continue;
        }
        let background = cell_fill(cell, scene.visuals.extreme_bg_color);
        draw_cell(&scene.painter, layout, rect, background, outline);
        let target = Target { kind: Kind::Cell, index: index + 1 };
        if scene.selected == Some(target) {
            ring(&scene.painter, layout, rect, egui::Stroke::new(3.0, scene.visuals.selection.bg_fill));
        }
        if cell.marked || scene.last == Some(target) {
            ring(&scene.painter, layout, rect, egui::Stroke::new(3.0, MARK_LAST));
        }
        draw_cell_contents(&scene.painter, cell, rect, background);
        let response = clickable(ui, rect, ui.scope_id().with(("script cell", index)), format!("cell {}", index + 1));
        if response.clicked() {
            scene.clicked = Some(target);
        }
    }
}

/// A cell's colour: its owner's (a box won), else its background, else the board's.
fn cell_fill(cell: &Cell, board: egui::Color32) -> egui::Color32 {
    match cell.owner {
        Some(owner) => {
            let side = if owner == 1 { Side::Max } else { Side::Min };
            cell.background.map_or(board, colour).lerp_to_gamma(stone_color(side), 0.6)
        }
        None => cell.background.map_or(board, colour),
    }
}

/// The coordinates: each column's label above and below it, each row's to its left and right.
fn paint_coordinates(scene: &Scene) {
    let Some(coordinates) = &scene.board.shape.coordinates else { return };
    let frame = &scene.frame;
    let font = egui::FontId::proportional((frame.size * 0.28).clamp(9.0, 16.0));
    let ink = scene.visuals.weak_text_color();
    let gap = frame.size * 0.3;
    let last_row = (frame.height - 1) * frame.width;
    let text = |at: egui::Pos2, label: &str| {
        scene.painter.text(at, egui::Align2::CENTER_CENTER, label, font.clone(), ink);
    };
    for (column, label) in coordinates.columns.iter().enumerate() {
        text(frame.cell_rect(column, false).center_top() - egui::vec2(0.0, gap), label);
        text(frame.cell_rect(last_row + column, false).center_bottom() + egui::vec2(0.0, gap), label);
    }
    for (row, label) in coordinates.rows.iter().enumerate() {
        text(frame.cell_rect(row * frame.width, false).left_center() - egui::vec2(gap, 0.0), label);
        text(frame.cell_rect(row * frame.width + frame.width - 1, false).right_center() + egui::vec2(gap, 0.0), label);
    }
}

/// The lines, each clickable (`edge n`) near its middle: a played one drawn solid in its colour, one that may be
/// played faint and dashed, the last move's underlined in the mark's blue.
fn paint_edges(ui: &mut egui::Ui, scene: &mut Scene) {
    let size = scene.frame.size;
    let ink = scene.visuals.text_color();
    for (index, edge) in scene.board.edges.iter().enumerate() {
        let [a, b] = edge.ends.map(|end| {
            let point = &scene.board.points[end];
            scene.frame.at(point.x, point.y)
        });
        let target = Target { kind: Kind::Edge, index: index + 1 };
        let width = (size * 0.07).clamp(2.0, 8.0);
        if edge.marked || scene.last == Some(target) || scene.selected == Some(target) {
            let mark = if scene.selected == Some(target) { scene.visuals.selection.bg_fill } else { MARK_LAST };
            scene.painter.line_segment([a, b], egui::Stroke::new(width * 3.0, mark));
        }
        if edge.drawn {
            scene.painter.line_segment([a, b], egui::Stroke::new(width, edge.colour.map_or(ink, colour)));
        } else {
            let faint = egui::Stroke::new(1.5, scene.visuals.weak_text_color().gamma_multiply(0.6));
            scene.painter.extend(egui::Shape::dashed_line(&[a, b], faint, size * 0.08, size * 0.06));
        }
        let response = clickable(
            ui,
            edge_hit(a, b, size),
            ui.scope_id().with(("script edge", index)),
            format!("edge {}", index + 1),
        );
        if response.clicked() {
            scene.clicked = Some(target);
        }
    }
}

/// Where a click takes an edge: along a level or upright line, the line less its ends (which belong to the points
/// there), as thick as a third of a cell; a slanting line, a square around its middle.
fn edge_hit(a: egui::Pos2, b: egui::Pos2, size: f32) -> egui::Rect {
    let thickness = (size * 0.34).max(8.0);
    let along = b - a;
    let end_room = (along.length() * 0.2).min(size * 0.2);
    if along.x.abs() < 0.5 || along.y.abs() < 0.5 {
        let inset = along.normalized() * end_room;
        egui::Rect::from_two_pos(a + inset, b - inset).expand(thickness / 2.0)
    } else {
        egui::Rect::from_center_size(a + along / 2.0, egui::Vec2::splat((along.length() * 0.3).max(thickness)))
    }
}

/// The points, each clickable (`point n`): a dot, or the piece standing there, with its label and marks.
fn paint_points(ui: &mut egui::Ui, scene: &mut Scene) {
    let size = scene.frame.size;
    let ink = scene.visuals.text_color();
    for (index, point) in scene.board.points.iter().enumerate() {
        let at = scene.frame.at(point.x, point.y);
        let target = Target { kind: Kind::Point, index: index + 1 };
        let square = egui::Rect::from_center_size(at, egui::Vec2::splat(size * 0.8));
        let background = scene.visuals.extreme_bg_color;
        let dot = (size * 0.07).clamp(3.0, 9.0);
        match &point.piece {
            Some(piece) => {
                draw_piece(&scene.painter, piece, square, background);
            }
            // A dot of the script's colour is ringed, so that a black one shows on a dark board too.
            None => {
                let stroke =
                    point.colour.map_or(egui::Stroke::NONE, |_| egui::Stroke::new(1.0, stone_outline(background)));
                scene.painter.circle(at, dot, point.colour.map_or(ink, colour), stroke);
            }
        }
        for (on, stroke) in [
            (scene.selected == Some(target), scene.visuals.selection.bg_fill),
            (point.marked || scene.last == Some(target), MARK_LAST),
        ] {
            if on {
                scene.painter.circle_stroke(at, size * 0.2, egui::Stroke::new(3.0, stroke));
            }
        }
        if let Some(label) = &point.label {
            let font = egui::FontId::proportional((size * 0.22).clamp(9.0, 14.0));
            let taken = point.piece.as_ref().map_or(dot, |piece| piece_radius(piece, size));
            // Clear of the piece and of the ring a marked or selected point gets, so that a label never moves.
            let clear = taken.max(size * 0.2 + 1.5) + size * 0.04;
            let lines: Vec<egui::Vec2> = scene
                .board
                .edges
                .iter()
                .filter_map(|edge| match edge.ends {
                    [a, b] if a == index => Some(b),
                    [a, b] if b == index => Some(a),
                    _ => None,
                })
                .map(|other| scene.frame.at(scene.board.points[other].x, scene.board.points[other].y) - at)
                .collect();
            let (anchor, align) = label_place(at, clear, &lines);
            scene.painter.text(anchor, align, label, font, ink);
        }
        let hit = egui::Rect::from_center_size(at, egui::Vec2::splat((size * 0.4).max(12.0)));
        let response = clickable(ui, hit, ui.scope_id().with(("script point", index)), format!("point {}", index + 1));
        if response.clicked() {
            scene.clicked = Some(target);
        }
    }
}

/// How far from its point a piece drawn there reaches, for a point of a board whose cells are `size` wide: a stone's
/// circle, or the square any other piece is drawn in (seen as the circle inside it).
pub fn piece_radius(piece: &Piece, size: f32) -> f32 {
    let square = size * 0.8;
    match piece {
        Piece::Stone(_) => square * 0.36,
        _ => square / 2.0,
    }
}

/// Where a point's label goes: at `clear` from the point, on the side of it away from the point — up and to the
/// right, unless a line leaves the point within 30° of that way, then the first of the other diagonals (up left,
/// down right, down left) clear of every line, else, of those and the four ways 22.5° off the level (a point with
/// lines on every diagonal, the middle of a board with diagonals), the one farthest from any line. `lines` are the
/// lines leaving the point, as vectors. The label's corner nearest the point is the anchor and the label lies away
/// from it in both directions, so the whole label lies at `clear` or more from the point: beside its piece, never
/// over it.
pub fn label_place(at: egui::Pos2, clear: f32, lines: &[egui::Vec2]) -> (egui::Pos2, egui::Align2) {
    // The slopes of a diagonal and of a way 22.5° off the level (tan 22.5°).
    let (steep, shallow) = (1.0, 0.4142);
    let ways = [
        (egui::vec2(1.0, -steep), egui::Align2::LEFT_BOTTOM),
        (egui::vec2(-1.0, -steep), egui::Align2::RIGHT_BOTTOM),
        (egui::vec2(1.0, steep), egui::Align2::LEFT_TOP),
        (egui::vec2(-1.0, steep), egui::Align2::RIGHT_TOP),
        (egui::vec2(1.0, -shallow), egui::Align2::LEFT_BOTTOM),
        (egui::vec2(-1.0, -shallow), egui::Align2::RIGHT_BOTTOM),
        (egui::vec2(1.0, shallow), egui::Align2::LEFT_TOP),
        (egui::vec2(-1.0, shallow), egui::Align2::RIGHT_TOP),
    ];
    // The cosine of the angle to the nearest line: lower is clearer.
    let nearest = |way: egui::Vec2| {
        let way = way.normalized();
        lines.iter().filter(|line| line.length() > 0.0).map(|line| line.normalized().dot(way)).fold(-1.0, f32::max)
    };
    let clear_of_lines = (30.0_f32).to_radians().cos();
    let (way, align) = ways[..4].iter().copied().find(|&(way, _)| nearest(way) < clear_of_lines).unwrap_or_else(|| {
        ways.iter().copied().min_by(|a, b| nearest(a.0).total_cmp(&nearest(b.0))).unwrap_or(ways[0])
    });
    (at + way.normalized() * clear, align)
}

/// The outline of a stone (or a coloured dot) on `background`: black on a light board, white on a dark one, so that
/// a stone of the board's own shade still shows its edge.
pub fn stone_outline(background: egui::Color32) -> egui::Color32 {
    ink_on(background)
}

/// A small dot in the colour of the side to move on a legal move's place, as the compiled boards dot theirs.
fn dot_legal(scene: &Scene, target: Target, side: Side) {
    let board = scene.board;
    let at = match target.kind {
        Kind::Cell => scene.frame.cell_rect(target.index - 1, board.cells[target.index - 1].tall).center(),
        Kind::Edge => {
            let [a, b] = board.edges[target.index - 1].ends.map(|end| &board.points[end]);
            scene.frame.at((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)
        }
        Kind::Point => {
            let point = &board.points[target.index - 1];
            scene.frame.at(point.x, point.y)
        }
    };
    scene.painter.circle_filled(at, (scene.frame.size * 0.06).max(3.0), stone_color(side).gamma_multiply(0.7));
}

fn paint_caption(scene: &Scene) {
    let Some(caption) = &scene.board.caption else { return };
    let frame = &scene.frame;
    let below = if scene.board.shape.coordinates.is_some() { 0.9 } else { 0.45 };
    let board_width = frame.size * scene.board.shape.span() as f32;
    let at = egui::pos2(frame.origin.x + board_width / 2.0, frame.bottom() + frame.size * below);
    let font = egui::FontId::proportional((frame.size * 0.3).clamp(12.0, 18.0));
    scene.painter.text(at, egui::Align2::CENTER_CENTER, caption, font, scene.visuals.text_color());
}

/// What a click on `target` does, as the script says; a two-click move remembers its first place in egui's memory
/// (and a click on a place of another kind gets no `from`).
fn click(ui: &egui::Ui, game: &ScriptGame, target: Target, selected: Option<Target>, selected_id: egui::Id) -> Action {
    let from = selected.filter(|s| s.kind == target.kind).map(|s| s.index);
    let answer = game.click_at(target, from);
    ui.data_mut(|d| d.remove::<Target>(selected_id));
    match answer {
        Ok(Click::Move(mv)) => Action::Play(mv as crate::games::any::AnyMove),
        Ok(Click::Select) => {
            ui.data_mut(|d| d.insert_temp(selected_id, target));
            Action::Refuse(String::new())
        }
        Ok(Click::Refused(why)) => Action::Refuse(why),
        Err(error) => Action::Refuse(error.message),
    }
}

/// The ring around the cell the script marks as the last move's: a blue that no script's board colour is.
const MARK_LAST: egui::Color32 = egui::Color32::from_rgb(40, 110, 230);

/// A ring just inside a cell's edge: the selection, or the last move's mark.
fn ring(painter: &egui::Painter, layout: Layout, rect: egui::Rect, stroke: egui::Stroke) {
    match layout {
        Layout::Pits if rect.height() > rect.width() * 1.5 => {
            let store = rect.shrink(rect.width() * 0.05);
            painter.rect_stroke(store, rect.width() * 0.45, stroke, egui::StrokeKind::Inside);
        }
        Layout::Grid => {
            painter.rect_stroke(rect.shrink(2.0), 0.0, stroke, egui::StrokeKind::Inside);
        }
        _ => {
            painter.circle_stroke(rect.center(), rect.width() * 0.45, stroke);
        }
    }
}

fn draw_cell(painter: &egui::Painter, layout: Layout, rect: egui::Rect, fill: egui::Color32, edge: egui::Color32) {
    let stroke = egui::Stroke::new(1.0, edge);
    match layout {
        // Without an outline (a board of lines) cells meet edge to edge: a gap between them would draw a seam.
        Layout::Grid if edge == egui::Color32::TRANSPARENT => {
            painter.rect_filled(rect.expand(0.5), 0.0, fill);
        }
        Layout::Grid => {
            painter.rect(rect.shrink(0.5), 0.0, fill, stroke, egui::StrokeKind::Inside);
        }
        // A tall pit is a store: a long rounded trough, as on a mancala board.
        Layout::Pits if rect.height() > rect.width() * 1.5 => {
            let store = rect.shrink(rect.width() * 0.05);
            painter.rect(store, rect.width() * 0.45, fill, stroke, egui::StrokeKind::Inside);
        }
        Layout::Pits => {
            painter.circle(rect.center(), rect.width() * 0.45, fill, stroke);
        }
        Layout::Hex => {
            let c = rect.center();
            let r = rect.width() * 0.56;
            let points = (0..6)
                .map(|k| {
                    let angle = std::f32::consts::PI / 3.0 * k as f32 + std::f32::consts::PI / 6.0;
                    c + egui::vec2(angle.cos(), angle.sin()) * r
                })
                .collect();
            painter.add(egui::Shape::convex_polygon(points, fill, stroke));
        }
    }
}

/// A cell's note at its foot, its piece, and its label (on the piece, or on the cell).
fn draw_cell_contents(painter: &egui::Painter, cell: &Cell, rect: egui::Rect, background: egui::Color32) {
    let size = rect.width();
    // A note takes the cell's foot: the piece moves up and shrinks to leave it room.
    let square = match cell.note {
        Some(_) => {
            egui::Rect::from_center_size(rect.center() - egui::vec2(0.0, size * 0.1), egui::Vec2::splat(size * 0.75))
        }
        None => egui::Rect::from_center_size(rect.center(), egui::Vec2::splat(size)),
    };
    let ink = match &cell.piece {
        Some(piece) => draw_piece(painter, piece, square, background),
        None => ink_on(background),
    };
    if let Some(note) = &cell.note {
        let foot = egui::Rect::from_center_size(
            rect.center_bottom() - egui::vec2(0.0, size * 0.22),
            egui::vec2(size * 0.7, size * 0.2),
        );
        fitted_text(painter, foot, note, (size * 0.17).clamp(9.0, 14.0), ink_on(background).gamma_multiply(0.7));
    }
    if let Some(label) = &cell.label {
        fitted_text(painter, square, label, (size * 0.3).clamp(10.0, 20.0), ink);
    }
}

/// Draws `piece` filling the square `rect`; returns the ink a label on it reads in.
fn draw_piece(painter: &egui::Painter, piece: &Piece, rect: egui::Rect, background: egui::Color32) -> egui::Color32 {
    let (at, size) = (rect.center(), rect.width());
    match piece {
        Piece::Glyph(text) => {
            fitted_text(painter, rect, text, size * 0.55, ink_on(background));
            ink_on(background)
        }
        Piece::Stone(c) => {
            let fill = colour(*c);
            let outline = egui::Stroke::new((size * 0.03).clamp(1.0, 2.5), stone_outline(background));
            painter.circle(at, size * 0.36, fill, outline);
            ink_on(fill)
        }
        Piece::Counter(c) => {
            draw_counter(painter, at, size, colour(*c));
            ink_on(colour(*c))
        }
        Piece::Man { colour: c, king } => {
            let fill = colour(*c);
            draw_man(painter, at, size, fill, fill.lerp_to_gamma(ink_on(fill), 0.45), *king);
            ink_on(fill)
        }
        Piece::Die(face) => {
            let die = egui::Rect::from_center_size(at, egui::Vec2::splat(size * 0.6));
            draw_die(painter, die, Some(*face), egui::Color32::from_gray(60));
            egui::Color32::BLACK
        }
        Piece::Chess { white, man } => {
            let square = rect.shrink(size * 0.05);
            if !super::piece_art::paint(painter, square, *white, chess_piece(*man)) {
                let letter = format!("{man:?}").chars().next().unwrap_or('?');
                fitted_text(painter, rect, &letter.to_string(), size * 0.55, ink_on(background));
            }
            ink_on(background)
        }
    }
}

fn chess_piece(man: ChessMan) -> cozy_chess::Piece {
    match man {
        ChessMan::King => cozy_chess::Piece::King,
        ChessMan::Queen => cozy_chess::Piece::Queen,
        ChessMan::Rook => cozy_chess::Piece::Rook,
        ChessMan::Bishop => cozy_chess::Piece::Bishop,
        ChessMan::Knight => cozy_chess::Piece::Knight,
        ChessMan::Pawn => cozy_chess::Piece::Pawn,
    }
}

/// `text` centred in `rect` at `font_size`, or smaller when that would not fit inside the cell (Pig's "hold"
/// at a glyph's size is wider than its cell).
fn fitted_text(painter: &egui::Painter, rect: egui::Rect, text: &str, font_size: f32, ink: egui::Color32) {
    let size = fitted_size(painter, text, font_size, rect.width() * 0.86);
    painter.text(rect.center(), egui::Align2::CENTER_CENTER, text, egui::FontId::proportional(size), ink);
}

/// The font size at which `text` is at most `room` wide: `font_size`, or less for a long text.
fn fitted_size(painter: &egui::Painter, text: &str, font_size: f32, room: f32) -> f32 {
    let width = |size: f32| {
        painter.layout_no_wrap(text.to_string(), egui::FontId::proportional(size), egui::Color32::BLACK).size().x
    };
    let wide = width(font_size);
    if wide > room { (font_size * room / wide).max(6.0) } else { font_size }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pig's "hold", drawn at a glyph's size, ran out of its cell; it is drawn smaller now, and a
    /// short glyph keeps its size.
    #[test]
    fn a_long_glyph_is_drawn_small_enough_to_fit_its_cell() {
        let ctx = egui::Context::default();
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            let painter = ui.painter();
            let cell = 80.0;
            let (glyph, room) = (cell * 0.55, cell * 0.86);
            let size = fitted_size(painter, "hold", glyph, room);
            let drawn = painter.layout_no_wrap("hold".into(), egui::FontId::proportional(size), egui::Color32::BLACK);
            assert!(drawn.size().x <= room + 0.5, "{} wide in {room}", drawn.size().x);
            assert!(size < glyph, "\"hold\" at {glyph} would not fit");
            assert_eq!(fitted_size(painter, "X", glyph, room), glyph);
        });
        output.textures_delta.clear(); // No renderer here to take the font atlas.
    }
}
