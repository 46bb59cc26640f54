//! The canvas's drawing: edges, cuts, nodes and their texts, the quiz's marks, and the overlays of a drag or a
//! stale tree, all from one [`Scene`](super::Scene).

use super::quiz_marks::QuizMarks;
use super::{SLOT, Scene, TEXT_ZOOM};
use crate::app::tree_lab::quiz::{self, NodeMarks, Verdict};
use crate::app::tree_lab::quiz_panel::{MARK_COLOUR, verdict_colour};
use crate::app::tree_lab::replay::{NodeState, fmt_bounded, fmt_value};
use crate::engine::game::Turn;
use crate::tree::flat::FlatTree;
use eframe::egui;
use egui::{Align2, Color32, FontId, Pos2, Rect, Shape, Stroke, Vec2, pos2, vec2};

/// The palette, chosen for the theme in use.
pub(super) struct Palette {
    pub(super) max: Color32,
    pub(super) min: Color32,
    pub(super) chance: Color32,
    pub(super) leaf: Color32,
    pub(super) edge: Color32,
    pub(super) faded: Color32,
    pub(super) text: Color32,
    pub(super) weak_text: Color32,
    pub(super) current: Color32,
    pub(super) cut: Color32,
    pub(super) selected: Color32,
}

impl Palette {
    pub(super) fn new(visuals: &egui::Visuals) -> Palette {
        let dark = visuals.dark_mode;
        Palette {
            max: Color32::from_rgb(74, 144, 226),
            min: Color32::from_rgb(232, 112, 64),
            chance: Color32::from_rgb(160, 112, 220),
            leaf: if dark { Color32::from_gray(200) } else { Color32::from_gray(90) },
            edge: if dark { Color32::from_gray(150) } else { Color32::from_gray(110) },
            faded: if dark { Color32::from_gray(70) } else { Color32::from_gray(200) },
            text: visuals.strong_text_color(),
            weak_text: if dark { Color32::from_gray(95) } else { Color32::from_gray(170) },
            current: Color32::from_rgb(255, 200, 0),
            cut: Color32::from_rgb(230, 50, 50),
            selected: Color32::from_rgb(30, 190, 120),
        }
    }

    pub(super) fn of(&self, turn: Turn, leaf: bool) -> Color32 {
        match (turn, leaf) {
            (_, true) => self.leaf,
            (Turn::Max, _) => self.max,
            (Turn::Min, _) => self.min,
            (Turn::Chance, _) => self.chance,
        }
    }
}

/// Draws every edge, with the odds of a chance node's edges, and crosses out the pruned ones. Returns where each
/// cut is drawn (the point, the direction across the edge, the pruned child), for the tooltips.
pub(super) fn paint_edges(
    scene: &Scene,
    painter: &egui::Painter,
    palette: &Palette,
    visible: Rect,
) -> Vec<(Pos2, Vec2, u32)> {
    let (flat, r, zoom) = (scene.flat, scene.r, scene.zoom);
    let small = FontId::proportional((11.0 * zoom).clamp(10.0, 14.0));
    let mut cut_bars: Vec<(Pos2, Vec2, u32)> = Vec::new();
    // Zoomed out on a large tree, hundreds of edges fall on the same pixels: an edge whose ends round to the
    // pixels of the edge drawn just before it, in the same stroke, would add nothing but triangles. Nodes are in
    // breadth-first order, so such edges come one after another.
    let mut last_edge: Option<([Pixel; 2], Stroke)> = None;
    let cut_off = cut_off(scene);
    for (id, node) in flat.nodes.iter().enumerate().skip(1) {
        let id = id as u32;
        if scene.layout.is_hidden(id) {
            continue;
        }
        let (from, to) = (scene.at(node.parent), scene.at(id));
        if !visible.intersects(Rect::from_two_pos(from, to)) {
            continue;
        }
        let (a, b) = (from + vec2(0.0, r * 0.9), to - vec2(0.0, r * 0.9));
        let active = scene.state(id).is_some_and(|s| s.active) && scene.state(node.parent).is_some_and(|s| s.active);
        let stroke = if active {
            Stroke::new(2.5 * zoom.clamp(0.5, 1.2), palette.current)
        } else if scene.reached(id) {
            Stroke::new(1.5 * zoom.clamp(0.5, 1.2), palette.edge)
        } else {
            Stroke::new(1.0, palette.faded)
        };
        // Dashed from the event that prunes it (or, once the search is over, wherever it never went). Dashes only
        // where they can be seen: on a zoomed-out tree they cost thousands of shapes for nothing.
        let dashed = !scene.reached(id) && (scene.finished || cut_off.get(id as usize).is_some_and(|&c| c));
        if !dashed || !scene.shows_text() {
            let key = ([pixel(a), pixel(b)], stroke);
            if last_edge != Some(key) {
                painter.line_segment([a, b], stroke);
                last_edge = Some(key);
            }
        } else {
            painter.extend(Shape::dashed_line(&[a, b], stroke, 4.0, 4.0));
        }
        // Once the search is over, a cut only marks what it never entered: a node an earlier MTD(f) pass or a
        // PVS re-search did enter is not "pruned" in the final picture, though a later pass skipped it.
        let pruned = scene.snapshot.is_some_and(|s| s.pruned[id as usize].is_some());
        if pruned && (!scene.finished || !scene.reached(id)) {
            cut_bars.push((a + (b - a) * 0.45, (b - a).normalized().rot90(), id));
        }
        if scene.shows_text() && flat.node(node.parent).turn == Turn::Chance {
            let mid = a + (b - a) * 0.5;
            let p = format!("{:.2}", node.probability);
            let p = p.trim_end_matches('0').trim_end_matches('.');
            painter.text(mid + vec2(4.0, 0.0), Align2::LEFT_CENTER, p, small.clone(), palette.chance);
        }
    }
    let bar = (7.0 * zoom.min(1.4)).max(2.0);
    let mut last_bar = None;
    for &(p, across, _) in &cut_bars {
        if last_bar != Some(pixel(p)) {
            painter.line_segment([p - across * bar, p + across * bar], Stroke::new(3.0, palette.cut));
            last_bar = Some(pixel(p));
        }
    }
    cut_bars
}

/// By node id: true for a node a cut-off has pruned so far in the replay, or one below it (it is never entered).
/// Empty without a replay.
fn cut_off(scene: &Scene) -> Vec<bool> {
    let Some(snapshot) = scene.snapshot else { return Vec::new() };
    let mut below = vec![false; scene.flat.nodes.len()];
    // A parent's id is smaller than its children's: going up the ids sees the parent first.
    for (id, node) in scene.flat.nodes.iter().enumerate().skip(1) {
        let pruned = snapshot.pruned[id].is_some() || below[node.parent as usize];
        below[id] = pruned && !snapshot.nodes[id].entered;
    }
    below
}

/// The user's pruned marks in quiz mode, and after Check the pruned edges they missed, crossed out like cuts.
pub(super) fn paint_quiz_edges(scene: &Scene, painter: &egui::Painter, quiz: &QuizMarks, visible: Rect, bar: f32) {
    for (&id, &(marked, verdict)) in &quiz.edges {
        let node = scene.flat.node(id);
        let (a, b) = (scene.at(node.parent) + vec2(0.0, scene.r * 0.9), scene.at(id) - vec2(0.0, scene.r * 0.9));
        if !visible.intersects(Rect::from_two_pos(a, b)) {
            continue;
        }
        let colour = verdict.map_or(MARK_COLOUR, verdict_colour);
        let (p, across) = (a + (b - a) * 0.45, (b - a).normalized().rot90());
        let stroke = Stroke::new(3.0, colour);
        if marked {
            painter.line_segment([p - across * bar, p + across * bar], stroke);
        } else {
            painter.extend(Shape::dashed_line(&[p - across * bar, p + across * bar], stroke, 2.0, 2.0));
        }
        if verdict.is_some_and(|v| v != Verdict::Right) {
            painter.circle_stroke(p, bar + 3.0, Stroke::new(1.5, colour));
        }
    }
}

/// Draws the nodes, ringing the current and the selected one, each with its label and what the replay (or the
/// user, in quiz mode) says of it.
pub(super) fn paint_nodes(
    scene: &Scene,
    painter: &egui::Painter,
    palette: &Palette,
    visible: Rect,
    selected: Option<u32>,
    quiz: Option<&QuizMarks>,
) {
    let r = scene.r;
    let current = scene.snapshot.and_then(|s| s.current);
    // As with the edges: a dot on the pixel of the dot just drawn, in the same colour, is not drawn again.
    let mut last_dot: Option<(Pixel, Color32)> = None;
    for (id, node) in scene.flat.nodes.iter().enumerate() {
        let id = id as u32;
        let c = scene.at(id);
        if !visible.contains(c) || scene.layout.is_hidden(id) {
            continue;
        }
        let leaf = node.child_count == 0;
        let seen = scene.reached(id);
        let colour = palette.of(node.turn, leaf);
        let (fill, stroke) = if seen {
            (colour, Stroke::new(1.0, colour))
        } else {
            (Color32::TRANSPARENT, Stroke::new(1.2, palette.faded))
        };
        if r < 3.0 {
            // Too small for a shape to be told apart: a dot for a node the search reached, nothing for the rest.
            if seen && last_dot != Some((pixel(c), colour)) {
                painter.rect_filled(Rect::from_center_size(c, Vec2::splat(2.0 * r)), 0.0, colour);
                last_dot = Some((pixel(c), colour));
            }
        } else {
            paint_node(painter, c, r, node.turn, leaf, fill, stroke);
        }
        if current == Some(id) {
            painter.circle_stroke(c, r * 1.7, Stroke::new(3.0, palette.current));
        }
        if selected == Some(id) {
            let ring = Rect::from_center_size(c, Vec2::splat((r * 2.6).max(10.0)));
            painter.rect_stroke(ring, 4.0, Stroke::new(2.5, palette.selected), egui::StrokeKind::Outside);
        }
        let marks = quiz.and_then(|q| q.nodes.get(&id));
        if let Some(&(_, Some(verdict))) = marks {
            painter.circle_stroke(c, r * 1.75, Stroke::new(3.0, verdict_colour(verdict)));
        }
        // Beside the node, clear of the ring that marks the current one.
        let gap = if current == Some(id) { r * 1.7 + 6.0 } else { r * 1.3 };
        paint_node_text(scene, painter, palette, id, gap, marks);
    }
}

/// A node's texts: how much a collapsed node hides, its label where it fits, the user's quiz marks, a leaf's
/// value, and an inner node's value or window as the replay has it.
pub(super) fn paint_node_text(
    scene: &Scene,
    painter: &egui::Painter,
    palette: &Palette,
    id: u32,
    gap: f32,
    marks: Option<&(Option<&NodeMarks>, Option<Verdict>)>,
) {
    let (flat, r, zoom) = (scene.flat, scene.r, scene.zoom);
    let node = flat.node(id);
    let c = scene.at(id);
    let leaf = node.child_count == 0;
    let font = FontId::proportional((13.0 * zoom).clamp(11.0, 17.0));
    let small = FontId::proportional((11.0 * zoom).clamp(10.0, 14.0));
    let text_colour = if scene.reached(id) { palette.text } else { palette.weak_text };
    if let Some(&count) = scene.layout.folded.get(&id) {
        // A collapsed node shows how much it hides.
        let text = format!("+{count}");
        painter.text(c + vec2(0.0, r * 1.1), Align2::CENTER_TOP, text, small.clone(), palette.weak_text);
    }
    if let Some(label) = flat.labels.get(&id) {
        // Level of detail: a label is drawn when it fits in the room its subtree has on the canvas (so the
        // upper moves of a large tree stay named when zoomed out); the tooltip names any node.
        if label_fits(label.chars().count(), label_room(flat, scene.layout, id), zoom, gap) {
            painter.text(c - vec2(gap, 0.0), Align2::RIGHT_CENTER, label, label_font(zoom), text_colour);
        }
    }
    if !scene.shows_text() {
        return;
    }
    let gap = if marks.is_some_and(|m| m.1.is_some()) { r * 1.75 + 5.0 } else { gap };
    if let Some((Some(written), verdict)) = marks {
        // The user's marks: the value beside the node (as the replay shows it), α and β above it.
        let colour = verdict.map_or(MARK_COLOUR, verdict_colour);
        if !written.value.trim().is_empty() {
            let side = if leaf { c + vec2(gap, -r * 0.4) } else { c + vec2(gap, 0.0) };
            painter.text(side, Align2::LEFT_CENTER, quiz::tidy(&written.value), font.clone(), colour);
        }
        let window: Vec<String> = [("α", &written.alpha), ("β", &written.beta)]
            .iter()
            .filter(|(_, t)| !t.trim().is_empty())
            .map(|(name, t)| format!("{name} {}", quiz::tidy_plain(t)))
            .collect();
        if !window.is_empty() {
            let above = c + vec2(gap, -r * 1.2);
            painter.text(above, Align2::LEFT_BOTTOM, window.join("  "), small.clone(), colour);
        }
    }
    if leaf {
        painter.text(c + vec2(0.0, r * 1.1), Align2::CENTER_TOP, fmt_value(node.value), font, text_colour);
        return;
    }
    let beside = c + vec2(gap, 0.0);
    match scene.state(id) {
        Some(NodeState { value: Some((v, bound)), active: false, .. }) => {
            painter.text(beside, Align2::LEFT_CENTER, fmt_bounded(v, bound), font, palette.text);
        }
        Some(NodeState { active: true, window: Some(w), .. }) => {
            let text = format!("α {}  β {}", fmt_value(w.alpha), fmt_value(w.beta));
            painter.text(beside, Align2::LEFT_CENTER, text, small, palette.current);
        }
        _ => {}
    }
}

/// The drawing is of the last tree that parsed, not of the text as it is now: say so on the drawing itself.
pub(super) fn paint_stale_warning(painter: &egui::Painter, rect: Rect, visuals: &egui::Visuals) {
    let warning = "showing the last valid tree: the text has an error";
    let font = FontId::proportional(14.0);
    let at = rect.left_top() + vec2(10.0, 8.0);
    let galley = painter.layout_no_wrap(warning.to_string(), font, visuals.warn_fg_color);
    painter.rect_filled(Rect::from_min_size(at, galley.size()).expand(5.0), 4.0, visuals.extreme_bg_color);
    painter.galley(at, galley, visuals.warn_fg_color);
}

/// The subtree being dragged: a line from it to the pointer, the place it would go ringed.
pub(super) fn paint_drop(
    scene: &Scene,
    painter: &egui::Painter,
    palette: &Palette,
    dragging: Option<&[usize]>,
    pointer: Pos2,
    target: Option<&(Vec<usize>, usize)>,
) {
    if let Some(from) = dragging.and_then(|p| scene.flat.node_at(p)) {
        let colour = if target.is_some() { palette.selected } else { palette.cut };
        painter.line_segment([scene.at(from), pointer], Stroke::new(2.0, colour));
        painter.circle_stroke(pointer, scene.r.max(6.0), Stroke::new(2.0, colour));
    }
    if let Some(parent) = target.and_then(|(p, _)| scene.flat.node_at(p)) {
        painter.circle_stroke(scene.at(parent), scene.r * 1.9, Stroke::new(2.5, palette.selected));
    }
}

pub(super) fn paint_node(
    painter: &egui::Painter,
    c: Pos2,
    r: f32,
    turn: Turn,
    leaf: bool,
    fill: Color32,
    stroke: Stroke,
) {
    if leaf {
        let rect = Rect::from_center_size(c, Vec2::splat(r * 1.1));
        painter.rect(rect, 2.0, fill, stroke, egui::StrokeKind::Middle);
        return;
    }
    let (w, h) = (r * 1.15, r * 0.95);
    let points = match turn {
        Turn::Max => vec![pos2(c.x, c.y - h), pos2(c.x + w, c.y + h), pos2(c.x - w, c.y + h)],
        Turn::Min => vec![pos2(c.x - w, c.y - h), pos2(c.x + w, c.y - h), pos2(c.x, c.y + h)],
        Turn::Chance => {
            painter.circle(c, r, fill, stroke);
            return;
        }
    };
    painter.add(Shape::convex_polygon(points, fill, stroke));
}

/// The font of node labels at `zoom`: their text size when values are drawn too, else a small fixed size.
fn label_font(zoom: f32) -> FontId {
    if zoom >= TEXT_ZOOM { FontId::proportional((13.0 * zoom).clamp(11.0, 17.0)) } else { FontId::proportional(11.0) }
}

/// True when a label of `chars` characters, `gap` points left of its node, fits in half the `room` (in leaf
/// slots) its node has at `zoom`, plus the node's own half size: the other half is for its left neighbour's
/// value. So the canvas draws it, and a tree opened from Play zooms until it does (`readable_zoom`).
pub(super) fn label_fits(chars: usize, room: f32, zoom: f32, gap: f32) -> bool {
    let r = super::radius(zoom);
    let wide = chars as f32 * label_font(zoom).size * 0.55;
    wide + gap <= 0.5 * room * SLOT * zoom + r
}

/// How many leaf slots of room a node's label has: its subtree's span (one for a leaf or a collapsed node).
pub(super) fn label_room(flat: &FlatTree, layout: &crate::app::tree_lab::layout::Layout, id: u32) -> f32 {
    let node = flat.node(id);
    if node.child_count == 0 || layout.folded.contains_key(&id) {
        return 1.0;
    }
    let first = layout.positions[node.first_child as usize].0;
    let last = layout.positions[(node.first_child + node.child_count - 1) as usize].0;
    last - first + 1.0
}

/// A point rounded to the pixel grid, to tell when two shapes would cover the same pixels.
pub(super) type Pixel = (i32, i32);

pub(super) fn pixel(p: Pos2) -> Pixel {
    (p.x.round() as i32, p.y.round() as i32)
}
