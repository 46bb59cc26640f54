//! The tree drawn: MAX △, MIN ▽, chance ○, leaves as small squares with their values beneath; the replay's state
//! on top (visited, current, values and windows, pruned edges with the cut marked). Pan by dragging, zoom by
//! scrolling or pinching; only what is in view is drawn.

use super::editing::Edit;
use super::replay::{NodeState, describe_pruned, fmt_bounded, fmt_value, node_name};
use super::{Action, CanvasView, TreeLab};
use crate::tree::flat::FlatTree;
use eframe::egui;
use egui::{Pos2, Rect, Sense, Vec2, vec2};

mod context_menu;
mod legend;
mod paint;
mod quiz_marks;
use context_menu::{MenuFacts, context_menu};
use legend::{RichZoom, legend};
use paint::{Palette, paint_drop, paint_edges, paint_node, paint_nodes, paint_quiz_edges, paint_stale_warning};
use quiz_marks::QuizMarks;

/// The canvas's zoom, as the wheel and pinch may set it (and a session may restore it): low enough that Fit shows
/// the largest tree a file may hold (4,000,000 nodes) whole.
pub const ZOOM: std::ops::RangeInclusive<f32> = 0.000_001..=4.0;

/// The view's `stretch` (levels apart however far it zooms out, in multiples of [`LEVEL`]), as Fit may set it and
/// a session may restore it.
pub const STRETCH: std::ops::RangeInclusive<f32> = *ZOOM.start()..=*ZOOM.end();

/// Screen points between neighbouring leaves, and between levels, at zoom 1.
const SLOT: f32 = 46.0;
const LEVEL: f32 = 80.0;
/// The most points between levels on a small canvas, at any zoom: a node and its children always fit on a canvas
/// together. A tall canvas allows up to half its height (see [`most_level`]).
const MAX_LEVEL: f32 = 160.0;
/// The least zoom at which labels and values are drawn at their text size: below it they would only overlap.
const TEXT_ZOOM: f32 = 0.3;

/// A node's half size at zoom 1.
const RADIUS: f32 = 12.0;

/// The least zoom a tree opened from Play (*Show why*, a move tree) opens at, however large: labels and values at
/// their full 13 px and nodes at their full size; below it Fit may shrink a big tree until its text is a smear.
pub const READABLE_ZOOM: f32 = 1.0;

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
    // A readable opening waits for the new tree's layout: fitted to the old one it would be lost.
    if lab.view.readable && !lab.shape_pending && lab.view.fit_pending && rect.width() > 1.0 {
        open_readable(&mut lab.view, &analysis.flat, &analysis.layout, rect);
    } else if !lab.view.readable {
        fit_and_navigate(&mut lab.view, analysis.layout.extent(), rect, &response, ui);
    }
    lab.view.origin = rect.min + lab.view.offset;
    // Quiz mode hides the replay: the tree is drawn as if unsearched, with the user's marks on it instead.
    let replay = analysis.run.as_ref().map(|run| (run, &lab.snapshot)).filter(|_| !lab.quiz.on);
    let scene = Scene {
        flat: &analysis.flat,
        layout: &analysis.layout,
        origin: lab.view.origin,
        zoom: lab.view.zoom,
        stretch: lab.view.stretch,
        height: rect.height(),
        r: radius(lab.view.zoom),
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
        let field = inside(Rect::from_center_size(below, vec2(130.0, 24.0)), rect.shrink(4.0));
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
    /// The canvas's height, which bounds the levels' distance.
    height: f32,
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
        self.origin + vec2(x * SLOT * self.zoom, y * level_gap(self.zoom, self.stretch, self.height))
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
        self.zoom >= TEXT_ZOOM
    }
}

/// The row above the canvas: Fit, the zoom, the legend, and how to pan and zoom where it fits.
fn toolbar(lab: &mut TreeLab, ui: &mut egui::Ui) {
    // Wrapped, so a narrow canvas pushes the legend to a second line instead of widening the panel.
    ui.horizontal_wrapped(|ui| {
        if ui.button("Fit").on_hover_text("Show the whole tree").clicked() {
            lab.actions.push(Action::Fit);
        }
        // As wide as the widest figure, so zooming out never wraps the legend onto another line (which would
        // move the canvas below).
        let widest = egui::WidgetText::from(RichZoom(*ZOOM.start()).to_string());
        let width = widest.into_galley(ui, Some(egui::TextWrapMode::Extend), f32::INFINITY, egui::TextStyle::Body);
        let size = vec2(width.size().x, ui.spacing().interact_size.y);
        ui.allocate_ui_with_layout(size, egui::Layout::left_to_right(egui::Align::Center), |ui| {
            ui.set_min_width(size.x);
            ui.label(RichZoom(lab.view.zoom).to_string()).on_hover_text("drag to pan · scroll or pinch to zoom");
        });
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

/// Points between levels on the screen. Zooming scales the tree across, but levels never come closer than the
/// view's `stretch` keeps them (Fit sets it, the most that lets the whole tree's height in), nor further apart
/// than [`most_level`] on a canvas `height` points tall: zoomed out, a wide level is compressed instead of the tree
/// flattened into a line; zoomed in, a node stays in view with its children.
fn level_gap(zoom: f32, stretch: f32, height: f32) -> f32 {
    (LEVEL * zoom.max(stretch)).min(most_level(height))
}

/// The most points between levels on a canvas `height` points tall: half its height, so a node and its children
/// fit on it together, but no less than [`MAX_LEVEL`] and no more than the levels' distance at the zoom range's top
/// (a small tree fitted to a large canvas fills it instead of stopping at 160 points a level).
fn most_level(height: f32) -> f32 {
    (0.5 * height).clamp(MAX_LEVEL, LEVEL * *ZOOM.end())
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
        let zy = ((rect.height() - 2.0 * margin - 24.0) / (height * LEVEL).max(1.0)).max(*ZOOM.start());
        // Up to the zoom range's top: a small tree fills a large canvas (its labels grow with it).
        view.zoom = zx.min(zy).clamp(*ZOOM.start(), *ZOOM.end());
        // The levels as far apart as the canvas's height allows (up to `most_level`), whatever the zoom across:
        // a wide, shallow tree is spread over the canvas, not flattened into a line.
        view.stretch = zy.clamp(*STRETCH.start(), *STRETCH.end());
        let size = vec2(width * SLOT * view.zoom, height * level_gap(view.zoom, view.stretch, rect.height()));
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
            // Across, the tree scales with the zoom; down, with the levels' distance (which may stay as it was).
            let down =
                level_gap(new_zoom, view.stretch, rect.height()) / level_gap(view.zoom, view.stretch, rect.height());
            view.offset = anchor - (anchor - view.offset) * vec2(new_zoom / view.zoom, down);
            view.zoom = new_zoom;
            view.fitted = false;
        }
    }
}

/// The view of a tree opened from Play: zoomed to at least [`READABLE_ZOOM`] and more until every move's label is
/// drawn (see [`paint::label_fits`]), at most to the zoom range's top; the root's first move (the move played) at
/// the top centre, with the line below it, the levels as far apart as the canvas's height allows. The
/// user pans to the rest.
fn open_readable(view: &mut CanvasView, flat: &FlatTree, layout: &super::layout::Layout, rect: Rect) {
    let zoom = readable_zoom(flat, layout);
    let (_, height) = layout.extent();
    let margin = 36.0;
    let zy = ((rect.height() - 2.0 * margin - 24.0) / (height * LEVEL).max(1.0)).max(*ZOOM.start());
    view.zoom = zoom;
    view.stretch = zy.clamp(*STRETCH.start(), *STRETCH.end());
    // The root's first child (the move played, for Show why) in the middle: a large tree's root is far off to
    // the right of it, but its edge leads there.
    let root = flat.node(0);
    let first = if root.child_count > 0 { root.first_child } else { 0 };
    let x = layout.positions.get(first as usize).map_or(0.0, |p| p.0);
    view.offset = vec2(0.5 * rect.width() - x * SLOT * zoom, margin);
    view.size = rect.size();
    view.fit_pending = false;
    view.fitted = false;
    view.readable = false;
}

/// The labels the canvas leaves out at `zoom` for want of room beside their nodes (collapsed nodes' children are
/// not drawn at all and are not counted).
pub(super) fn hidden_labels(flat: &FlatTree, layout: &super::layout::Layout, zoom: f32) -> Vec<String> {
    let gap = radius(zoom) * 1.3;
    let mut hidden: Vec<String> = (flat.labels.iter())
        .filter(|&(&id, label)| {
            !layout.is_hidden(id)
                && !paint::label_fits(label.chars().count(), paint::label_room(flat, layout, id), zoom, gap)
        })
        .map(|(_, label)| label.clone())
        .collect();
    hidden.sort();
    hidden
}

/// The least zoom from [`READABLE_ZOOM`] up at which every labelled node's label fits beside it.
pub(super) fn readable_zoom(flat: &FlatTree, layout: &super::layout::Layout) -> f32 {
    let mut zoom = READABLE_ZOOM;
    while zoom < *ZOOM.end() && !hidden_labels(flat, layout, zoom).is_empty() {
        zoom *= 1.1;
    }
    zoom.min(*ZOOM.end())
}

/// A node's half size at `zoom`: nodes shrink with the zoom, so a tree of thousands still shows its shape.
fn radius(zoom: f32) -> f32 {
    (RADIUS * zoom.min(1.5)).max(1.2)
}

/// `field` moved the least that puts it inside `frame` (a leaf at the canvas's edge would have its field half
/// under the side panel, the text typed into it out of sight).
fn inside(field: Rect, frame: Rect) -> Rect {
    let dx = (frame.left() - field.left()).max(0.0) + (frame.right() - field.right()).min(0.0);
    let dy = (frame.top() - field.top()).max(0.0) + (frame.bottom() - field.bottom()).min(0.0);
    field.translate(vec2(dx, dy))
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
    let view = &lab.view;
    Some(view.origin + vec2(x * SLOT * view.zoom, y * level_gap(view.zoom, view.stretch, view.rect.height())))
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
