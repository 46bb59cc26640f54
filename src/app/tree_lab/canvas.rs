//! The tree drawn: MAX △, MIN ▽, chance ○, leaves as small squares with their values beneath; the replay's state
//! on top (visited, current, values and windows, pruned edges with the cut marked). Pan by dragging, zoom by
//! scrolling or pinching; only what is in view is drawn.

use super::editing::Edit;
use super::quiz::{self, Verdict};
use super::quiz_panel::{MARK_COLOUR, verdict_colour};
use super::replay::{NodeState, describe_pruned, fmt_bounded, fmt_value, node_name};
use super::{Action, CanvasView, TreeLab};
use crate::engine::game::Turn;
use crate::tree::flat::FlatTree;
use eframe::egui;
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Shape, Stroke, Vec2, pos2, vec2};

mod context_menu;
mod legend;
mod quiz_marks;
use context_menu::{MenuFacts, context_menu};
use legend::{RichZoom, legend};
use quiz_marks::QuizMarks;

/// The canvas's zoom, as the wheel and pinch may set it (and a session may restore it).
pub const ZOOM: std::ops::RangeInclusive<f32> = 0.001..=4.0;

/// Screen points between neighbouring leaves, and between levels, at zoom 1.
const SLOT: f32 = 46.0;
const LEVEL: f32 = 80.0;
/// A node's half size at zoom 1.
const RADIUS: f32 = 12.0;

/// The palette, chosen for the theme in use.
struct Palette {
    max: Color32,
    min: Color32,
    chance: Color32,
    leaf: Color32,
    edge: Color32,
    faded: Color32,
    text: Color32,
    weak_text: Color32,
    current: Color32,
    cut: Color32,
    selected: Color32,
}

impl Palette {
    fn new(visuals: &egui::Visuals) -> Palette {
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

    fn of(&self, turn: Turn, leaf: bool) -> Color32 {
        match (turn, leaf) {
            (_, true) => self.leaf,
            (Turn::Max, _) => self.max,
            (Turn::Min, _) => self.min,
            (Turn::Chance, _) => self.chance,
        }
    }
}

/// Draws the canvas with its toolbar.
pub(super) fn show(lab: &mut TreeLab, ui: &mut egui::Ui) {
    toolbar(lab, ui);
    // A fixed id: the bar above changes its widgets with the selection, and the context menu, drags and double
    // clicks are remembered by the canvas's id from one frame to the next.
    let (rect, _) = ui.allocate_exact_size(ui.available_size(), Sense::hover());
    let response = ui.interact(rect, ui.scope_id().with("tree_lab_canvas"), Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Tree canvas"));
    lab.view.rect = rect;
    let Some(analysis) = &lab.analysis else { return };
    fit_and_navigate(&mut lab.view, analysis.layout.extent(), rect, &response, ui);
    lab.view.origin = rect.min + lab.view.offset;
    // Quiz mode hides the replay: the tree is drawn as if unsearched, with the user's marks on it instead.
    let replay = analysis.run.as_ref().map(|run| (run, &lab.snapshot)).filter(|_| !lab.quiz.on);
    let scene = Scene {
        flat: &analysis.flat,
        layout: &analysis.layout,
        origin: lab.view.origin,
        zoom: lab.view.zoom,
        stretch: lab.view.stretch,
        // Nodes shrink with the zoom, so a tree of thousands still shows its shape, not a smear.
        r: (RADIUS * lab.view.zoom.min(1.5)).max(1.2),
        snapshot: replay.map(|(_, s)| s),
        finished: replay.is_some_and(|(run, s)| s.cursor >= run.steps.len()),
    };
    let drop = handle_pointer(&scene, &mut lab.view, &mut lab.actions, lab.quiz.on, &response, ui);
    let palette = Palette::new(ui.visuals());
    let painter = ui.painter_at(rect);
    let quiz = lab.quiz.on.then(|| QuizMarks::by_id(scene.flat, &lab.quiz.marks, lab.quiz.grade.as_ref()));
    let visible = rect.expand(2.0 * scene.r + 30.0 * scene.zoom);
    // Edges first, so the nodes sit on top of them.
    let cut_bars = paint_edges(&scene, &painter, &palette, visible);
    let bar = (7.0 * scene.zoom.min(1.4)).max(2.0);
    if let Some(quiz) = &quiz {
        paint_quiz_edges(&scene, &painter, quiz, visible, bar);
    }
    let selected = lab.editor.selected.as_deref().and_then(|p| scene.flat.node_at(p));
    paint_nodes(&scene, &painter, &palette, visible, selected, quiz.as_ref());
    if let Some(inline) = &mut lab.editor.inline
        && let Some(id) = scene.flat.node_at(&inline.path)
    {
        let below = scene.at(id) + vec2(0.0, scene.r * 1.3 + 34.0);
        let field = Rect::from_center_size(below, vec2(130.0, 24.0));
        if let Some(action) = super::inline::show(ui, field, inline) {
            lab.actions.push(action);
        }
    }
    if lab.error.is_some() {
        paint_stale_warning(&painter, rect, ui.visuals());
    }
    if let Some((pointer, target)) = drop {
        paint_drop(&scene, &painter, &palette, lab.view.dragging.as_deref(), pointer, target.as_ref());
    }
    if let Some(pointer) = response.hover_pos()
        && lab.view.dragging.is_none()
    {
        let at = |id: u32| scene.at(id);
        hover(&response, scene.flat, scene.layout, pointer, scene.r, &at, &cut_bars, bar, scene.snapshot);
    }
    let facts = lab.view.menu.as_ref().and_then(|path| MenuFacts::of(lab, path));
    let mut chosen = Vec::new();
    if let Some(facts) = facts {
        response.context_menu(|ui| context_menu(ui, &facts, &mut chosen));
    }
    lab.actions.extend(chosen);
}

/// The tree as this frame draws it: where each node is on the screen, how big, and what the replay knows.
struct Scene<'a> {
    flat: &'a FlatTree,
    layout: &'a super::layout::Layout,
    origin: Pos2,
    zoom: f32,
    stretch: f32,
    /// A node's radius on the screen.
    r: f32,
    /// The replay's state, `None` before a search or in quiz mode.
    snapshot: Option<&'a super::replay::Snapshot>,
    /// True when the replay has reached its last step.
    finished: bool,
}

impl Scene<'_> {
    /// Where node `id` is drawn.
    fn at(&self, id: u32) -> Pos2 {
        let (x, y) = self.layout.positions[id as usize];
        self.origin + vec2(x * SLOT, y * LEVEL * self.stretch) * self.zoom
    }

    fn state(&self, id: u32) -> Option<NodeState> {
        self.snapshot.map(|s| s.nodes[id as usize])
    }

    /// True when the search has entered the node so far (every node, before a search).
    fn reached(&self, id: u32) -> bool {
        self.state(id).is_none_or(|s| s.entered)
    }

    /// The node under the point `p`.
    fn hit(&self, p: Pos2) -> Option<u32> {
        node_under(self.flat, self.layout, &|id| self.at(id), p, self.r)
    }

    /// True when labels and values are drawn: below this zoom they would only overlap.
    fn shows_text(&self) -> bool {
        self.zoom >= 0.3
    }
}

/// The row above the canvas: Fit, the zoom, the legend, and how to pan and zoom where it fits.
fn toolbar(lab: &mut TreeLab, ui: &mut egui::Ui) {
    // Wrapped, so a narrow canvas pushes the legend to a second line instead of widening the panel.
    ui.horizontal_wrapped(|ui| {
        if ui.button("Fit").on_hover_text("Show the whole tree").clicked() {
            lab.actions.push(Action::Fit);
        }
        ui.label(RichZoom(lab.view.zoom).to_string()).on_hover_text("drag to pan · scroll or pinch to zoom");
        ui.separator();
        legend(ui);
        // Only where it fits whole beside the legend (the zoom figure's tooltip says it too).
        let hint = egui::WidgetText::from(egui::RichText::new("drag to pan · scroll to zoom").weak().small());
        let galley =
            hint.clone().into_galley(ui, Some(egui::TextWrapMode::Extend), f32::INFINITY, egui::TextStyle::Small);
        // (A wrapping row's `available_width` is the whole row's: measure from where the legend ended.)
        let room = ui.max_rect().right() - ui.cursor().min.x;
        if room > galley.size().x + 4.0 * ui.spacing().item_spacing.x {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.label(hint);
            });
        }
    });
}

/// Fits the tree to the canvas when asked (or when a fitted canvas changes size), pans on a drag and zooms about
/// the pointer on a scroll or pinch. `extent` is the layout's width and height in slots and levels.
fn fit_and_navigate(view: &mut CanvasView, extent: (f32, f32), rect: Rect, response: &egui::Response, ui: &egui::Ui) {
    let (width, height) = extent;
    if view.fitted && rect.size() != view.size {
        view.fit_pending = true;
    }
    view.size = rect.size();
    if view.fit_pending && rect.width() > 1.0 {
        let margin = 36.0;
        let zx = (rect.width() - 2.0 * margin) / (width * SLOT).max(1.0);
        let zy = (rect.height() - 2.0 * margin - 24.0) / (height * LEVEL).max(1.0);
        view.zoom = zx.min(zy).clamp(*ZOOM.start(), 1.6);
        // A wide, shallow tree would leave the canvas mostly empty: spread its levels out, up to 160 points apart.
        view.stretch = (zy / view.zoom).clamp(1.0, (160.0 / (LEVEL * view.zoom)).max(1.0));
        let size = vec2(width * SLOT, height * LEVEL * view.stretch) * view.zoom;
        view.offset = vec2((rect.width() - size.x) / 2.0, (rect.height() - size.y - 24.0) / 2.0);
        view.fit_pending = false;
        view.fitted = true;
    }
    // Not on the frame a drag starts: it may start on a node (a move, see `handle_pointer`), and panning first
    // would carry the node away from under the pointer before that is checked.
    if response.dragged() && view.dragging.is_none() && !response.drag_started() {
        view.offset += response.drag_delta();
        view.fitted = false;
    }
    if let Some(pointer) = response.hover_pos() {
        let (scroll, pinch) = ui.input(|i| (i.smooth_scroll_delta().y, i.zoom_delta()));
        let factor = pinch * (scroll * 0.003).exp();
        if factor != 1.0 {
            let new_zoom = (view.zoom * factor).clamp(*ZOOM.start(), *ZOOM.end());
            let anchor = pointer - rect.min;
            view.offset = anchor - (anchor - view.offset) * (new_zoom / view.zoom);
            view.zoom = new_zoom;
            view.fitted = false;
        }
    }
}

/// A subtree's drop: where the pointer is, and the (parent's path, index) it would go to there, if anywhere.
type Drop = (Pos2, Option<(Vec<usize>, usize)>);

/// Turns clicks on the canvas into actions: select (or, in quiz mode, mark an edge pruned), edit in place,
/// open the context menu, drag a subtree to a new place. Returns the drop under way, to be drawn.
fn handle_pointer(
    scene: &Scene,
    view: &mut CanvasView,
    actions: &mut Vec<Action>,
    quiz_on: bool,
    response: &egui::Response,
    ui: &egui::Ui,
) -> Option<Drop> {
    let flat = scene.flat;
    if response.clicked() {
        // A click on the canvas hands the keyboard back to the shortcuts, and selects the node under it.
        ui.memory_mut(|m| m.surrender_focus(m.focused().unwrap_or(egui::Id::NULL)));
        let pointer = response.interact_pointer_pos();
        let hit = pointer.and_then(|p| scene.hit(p));
        // In quiz mode a click on an edge (not on a node) marks it pruned, or unmarks it.
        let at = |id: u32| scene.at(id);
        let edge = pointer.filter(|_| quiz_on && hit.is_none()).and_then(|p| edge_under(flat, &at, p, scene.r));
        match edge {
            Some(id) => actions.push(Action::QuizTogglePruned(flat.path(id))),
            None => actions.push(Action::Select(hit.map(|id| flat.path(id)))),
        }
    }
    if response.double_clicked()
        && !quiz_on
        && let Some(id) = response.interact_pointer_pos().and_then(|p| scene.hit(p))
    {
        // Double-click edits in place what Enter would: a leaf's value, a chance node's odds, else the label.
        actions.push(Action::Select(Some(flat.path(id))));
        actions.push(Action::StartInline(None));
    }
    if response.secondary_clicked() {
        let hit = response.interact_pointer_pos().and_then(|p| scene.hit(p));
        view.menu = hit.map(|id| flat.path(id));
        if let Some(path) = &view.menu {
            actions.push(Action::Select(Some(path.clone())));
        }
    }
    // A drag that starts on a node (not the root) moves its subtree; anywhere else it pans.
    if response.drag_started() && !quiz_on {
        let origin = ui.input(|i| i.pointer.press_origin());
        view.dragging = origin.and_then(|p| scene.hit(p)).filter(|&id| id != 0).map(|id| flat.path(id));
    }
    let Some(from) = &view.dragging else {
        if response.drag_stopped() {
            view.dragging = None;
        }
        return None;
    };
    let mut drop = None;
    let pointer = response.interact_pointer_pos().or(response.hover_pos()).or(ui.input(|i| i.pointer.latest_pos()));
    if let Some(p) = pointer {
        let at = |id: u32| scene.at(id);
        let target = drop_target(flat, scene.layout, &at, p, scene.r, scene.zoom, from);
        view.drop_target = target.clone();
        drop = Some((p, target));
    }
    if response.drag_stopped() {
        // Where the pointer last was over the canvas (it may be gone by the release).
        if let Some((parent, index)) = view.drop_target.take() {
            actions.push(Action::Select(Some(from.clone())));
            actions.push(Action::Edit(Edit::MoveTo { parent, index }));
        }
        view.dragging = None;
    }
    drop
}

/// Draws every edge, with the odds of a chance node's edges, and crosses out the pruned ones. Returns where each
/// cut is drawn (the point, the direction across the edge, the pruned child), for the tooltips.
fn paint_edges(scene: &Scene, painter: &egui::Painter, palette: &Palette, visible: Rect) -> Vec<(Pos2, Vec2, u32)> {
    let (flat, r, zoom) = (scene.flat, scene.r, scene.zoom);
    let small = FontId::proportional((11.0 * zoom).clamp(10.0, 14.0));
    let mut cut_bars: Vec<(Pos2, Vec2, u32)> = Vec::new();
    // Zoomed out on a large tree, hundreds of edges fall on the same pixels: an edge whose ends round to the
    // pixels of the edge drawn just before it, in the same stroke, would add nothing but triangles. Nodes are in
    // breadth-first order, so such edges come one after another.
    let mut last_edge: Option<([Pixel; 2], Stroke)> = None;
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
        // Dashes only where they can be seen: on a zoomed-out tree they cost thousands of shapes for nothing.
        if scene.reached(id) || !scene.finished || !scene.shows_text() {
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

/// The user's pruned marks in quiz mode, and after Check the pruned edges they missed, crossed out like cuts.
fn paint_quiz_edges(scene: &Scene, painter: &egui::Painter, quiz: &QuizMarks, visible: Rect, bar: f32) {
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
fn paint_nodes(
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
fn paint_node_text(
    scene: &Scene,
    painter: &egui::Painter,
    palette: &Palette,
    id: u32,
    gap: f32,
    marks: Option<&(Option<&super::quiz::NodeMarks>, Option<Verdict>)>,
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
        let room = label_room(flat, scene.layout, id) * SLOT * zoom;
        let label_font = if scene.shows_text() { font.clone() } else { FontId::proportional(11.0) };
        let wide = label.chars().count() as f32 * label_font.size * 0.55;
        if wide + gap <= 0.5 * room + r {
            painter.text(c - vec2(gap, 0.0), Align2::RIGHT_CENTER, label, label_font, text_colour);
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
fn paint_stale_warning(painter: &egui::Painter, rect: Rect, visuals: &egui::Visuals) {
    let warning = "showing the last valid tree: the text has an error";
    let font = FontId::proportional(14.0);
    let at = rect.left_top() + vec2(10.0, 8.0);
    let galley = painter.layout_no_wrap(warning.to_string(), font, visuals.warn_fg_color);
    painter.rect_filled(Rect::from_min_size(at, galley.size()).expand(5.0), 4.0, visuals.extreme_bg_color);
    painter.galley(at, galley, visuals.warn_fg_color);
}

/// The subtree being dragged: a line from it to the pointer, the place it would go ringed.
fn paint_drop(
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

/// A point rounded to the pixel grid, to tell when two shapes would cover the same pixels.
type Pixel = (i32, i32);

fn pixel(p: Pos2) -> Pixel {
    (p.x.round() as i32, p.y.round() as i32)
}

/// How many leaf slots of room a node's label has: its subtree's span (one for a leaf or a collapsed node).
fn label_room(flat: &FlatTree, layout: &super::layout::Layout, id: u32) -> f32 {
    let node = flat.node(id);
    if node.child_count == 0 || layout.folded.contains_key(&id) {
        return 1.0;
    }
    let first = layout.positions[node.first_child as usize].0;
    let last = layout.positions[(node.first_child + node.child_count - 1) as usize].0;
    last - first + 1.0
}

/// Where a subtree dropped at `pointer` would go: onto a node (its last child), or between two nodes of a level
/// (after the one on the left, or before the one on the right). `None` when the pointer is on nothing.
fn drop_target(
    flat: &FlatTree,
    layout: &super::layout::Layout,
    at: &dyn Fn(u32) -> Pos2,
    pointer: Pos2,
    r: f32,
    zoom: f32,
    from: &[usize],
) -> Option<(Vec<usize>, usize)> {
    let dragged = flat.node_at(from)?;
    if let Some(id) = node_under(flat, layout, at, pointer, r).filter(|&id| id != dragged) {
        return Some((flat.path(id), flat.node(id).child_count as usize));
    }
    // Between siblings: the nearest node of the level under the pointer, on either side.
    let reach = SLOT * zoom * 1.5;
    let mut left: Option<(u32, f32)> = None;
    let mut right: Option<(u32, f32)> = None;
    for id in 1..flat.nodes.len() as u32 {
        if layout.is_hidden(id) || id == dragged {
            continue;
        }
        let c = at(id);
        if (c.y - pointer.y).abs() > r.max(8.0) * 1.5 {
            continue;
        }
        let dx = pointer.x - c.x;
        if dx > 0.0 && dx <= reach && left.is_none_or(|(_, d)| dx < d) {
            left = Some((id, dx));
        } else if dx <= 0.0 && -dx <= reach && right.is_none_or(|(_, d)| -dx < d) {
            right = Some((id, -dx));
        }
    }
    let place = |id: u32, after: usize| {
        let node = flat.node(id);
        let index = (id - flat.node(node.parent).first_child) as usize + after;
        (flat.path(node.parent), index)
    };
    left.map(|(id, _)| place(id, 1)).or_else(|| right.map(|(id, _)| place(id, 0)))
}

/// The edge whose line passes within a few points of `pointer`: the id of the child below it.
fn edge_under(flat: &FlatTree, at: &dyn Fn(u32) -> Pos2, pointer: Pos2, r: f32) -> Option<u32> {
    let reach = (r * 0.5).max(5.0);
    (1..flat.nodes.len() as u32)
        .map(|id| {
            let (a, b) = (at(flat.node(id).parent), at(id));
            let t = ((pointer - a).dot(b - a) / (b - a).length_sq().max(1e-6)).clamp(0.0, 1.0);
            (id, (a + (b - a) * t).distance(pointer))
        })
        .filter(|&(_, d)| d <= reach)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(id, _)| id)
}

/// Where the edge above the node at `path` is crossed out, in the last frame (for tests that click it).
pub(super) fn edge_position(lab: &super::TreeLab, path: &[usize]) -> Option<Pos2> {
    let (parent, child) = (position(lab, path.split_last()?.1)?, position(lab, path)?);
    Some(parent + (child - parent) * 0.5)
}

/// Where the node at `path` was drawn in the last frame (for tests that click it).
pub(super) fn position(lab: &super::TreeLab, path: &[usize]) -> Option<Pos2> {
    let analysis = lab.analysis.as_ref()?;
    let (x, y) = analysis.layout.positions[analysis.flat.node_at(path)? as usize];
    Some(lab.view.origin + vec2(x * SLOT, y * LEVEL * lab.view.stretch) * lab.view.zoom)
}

/// The node drawn at `pointer`, if any (the nearest within a little more than its size).
fn node_under(
    flat: &FlatTree,
    layout: &super::layout::Layout,
    at: &dyn Fn(u32) -> Pos2,
    pointer: Pos2,
    r: f32,
) -> Option<u32> {
    let reach = (r * 1.4).max(6.0);
    (0..flat.nodes.len() as u32)
        .filter(|&id| !layout.is_hidden(id))
        .map(|id| (id, at(id).distance(pointer)))
        .filter(|&(_, d)| d <= reach)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(id, _)| id)
}

fn paint_node(painter: &egui::Painter, c: Pos2, r: f32, turn: Turn, leaf: bool, fill: Color32, stroke: Stroke) {
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

/// Tooltips: a node's state, or why an edge was pruned.
#[expect(clippy::too_many_arguments, reason = "one call site; the pieces come from different borrows")]
fn hover(
    response: &egui::Response,
    flat: &FlatTree,
    layout: &super::layout::Layout,
    pointer: Pos2,
    r: f32,
    at: &dyn Fn(u32) -> Pos2,
    cut_bars: &[(Pos2, Vec2, u32)],
    bar: f32,
    snapshot: Option<&super::replay::Snapshot>,
) {
    if let Some(&(_, _, id)) = cut_bars.iter().find(|(p, _, _)| p.distance(pointer) <= bar + 3.0) {
        if let Some(cut) = snapshot.and_then(|s| s.pruned[id as usize]) {
            tooltip(response, describe_pruned(flat, &cut));
        }
        return;
    }
    let Some(id) = node_under(flat, layout, at, pointer, r) else { return };
    let mut lines = vec![node_name(flat, id)];
    if id != 0 && flat.labels.contains_key(&id) {
        // A labelled node is named by its label; its path says where it is.
        lines.push(format!("path {}", flat.path_string(id)));
    }
    if let Some(state) = snapshot.map(|s| s.nodes[id as usize]) {
        if !state.entered {
            lines.push("not entered".into());
        }
        if let Some(w) = state.window {
            lines.push(format!("α = {}, β = {}", fmt_value(w.alpha), fmt_value(w.beta)));
        }
        if let Some((v, bound)) = state.value {
            lines.push(format!("value {}", fmt_bounded(v, bound)));
        }
    }
    tooltip(response, lines.join("\n"));
}

/// A tooltip beside the pointer (the canvas is one big widget, so one beside the widget would be far away).
fn tooltip(response: &egui::Response, text: String) {
    egui::Tooltip::for_enabled(response).at_pointer().gap(12.0).show(|ui| ui.label(text));
}
