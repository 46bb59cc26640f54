//! The *Open as a tree* window: it asks how deep and how wide a move tree to make below the position on view, shows
//! the number of nodes that makes as the numbers change, and opens the tree in the Tree lab. Enter opens, Escape
//! cancels; a shape whose tree is too large (see [`crate::games::move_tree`]) cannot be opened.

use super::{Action, Play};
use crate::engine::search::ranges::DEPTH_PLIES;
use crate::games::any::{AnyGame, AnyMove};
use crate::games::move_tree::{MAX_NODES, TreeShape, WIDTH};
use crate::messages::thousands;
use eframe::egui;

/// The window's title (not "Open as a tree", the button's name, so each can be found by its own name).
pub const TITLE: &str = "Move tree";

/// The window's state: whether it is open, the shape asked for, and the count for the last shape and position.
pub struct TreeWindow {
    /// Whether the window is shown.
    pub open: bool,
    /// How deep and wide the tree is asked to be.
    pub shape: TreeShape,
    /// The shape and position (the moves and the ply on view) the count is for, and the count: `None` when the
    /// tree has more than [`MAX_NODES`] nodes. Counting walks the game, so it is done again only when one changes.
    counted: Option<Counted>,
}

/// A count and what it is for: the shape, the game's moves, the ply on view, and the nodes (`None`: too many).
type Counted = (TreeShape, Vec<AnyMove>, Option<usize>, Option<usize>);

impl Default for TreeWindow {
    /// Three plies, five moves a node: 156 nodes at most, a tree that fits the lab's canvas and still prunes.
    fn default() -> Self {
        TreeWindow { open: false, shape: TreeShape { depth: 3, width: 5 }, counted: None }
    }
}

impl TreeWindow {
    /// The nodes the tree of `shape` below `position` has, counted once per shape and position.
    fn count(&mut self, position: &AnyGame, moves: &[AnyMove], viewing: Option<usize>) -> Option<usize> {
        match &self.counted {
            Some((shape, on, ply, count)) if *shape == self.shape && on == moves && *ply == viewing => *count,
            _ => {
                let count = position.move_tree_nodes(self.shape, MAX_NODES);
                self.counted = Some((self.shape, moves.to_vec(), viewing, count));
                count
            }
        }
    }
}

/// The window, when open.
pub fn window(play: &mut Play, ctx: &egui::Context) {
    if !play.tree_window.open {
        return;
    }
    let position = play.viewing.map_or_else(|| play.history.position().clone(), |ply| play.history.position_at(ply));
    let moves = play.history.moves().to_vec();
    let count = play.tree_window.count(&position, &moves, play.viewing);
    let over = position.outcome().is_some();
    let mut open = true;
    let mut confirmed = false;
    let window = egui::Window::new(TITLE).open(&mut open).resizable(false).collapsible(false);
    crate::app::windows::show(window, ctx, |ui| {
        let shape = &mut play.tree_window.shape;
        egui::Grid::new("move_tree_shape").num_columns(2).show(ui, |ui| {
            ui.label("Depth (plies)");
            ui.add(egui::DragValue::new(&mut shape.depth).range(DEPTH_PLIES))
                .on_hover_text("How many moves deep below the position on view; the leaves get the game's evaluation");
            ui.end_row();
            ui.label("Width (moves per node)");
            ui.add(egui::DragValue::new(&mut shape.width).range(WIDTH)).on_hover_text(
                "How many moves each node keeps, the most promising first (one ply of look-ahead); a roll of the \
                 die keeps every outcome",
            );
            ui.end_row();
        });
        let fits = match count {
            _ if over => {
                ui.colored_label(ui.visuals().warn_fg_color, "The game is over: there is no tree below.");
                false
            }
            Some(nodes) => {
                ui.label(format!("{} nodes", thousands(nodes as u64)));
                true
            }
            None => {
                let text = format!("More than {} nodes: lower the depth or the width.", thousands(MAX_NODES as u64));
                ui.colored_label(ui.visuals().warn_fg_color, text);
                false
            }
        };
        ui.horizontal(|ui| {
            let button = ui.add_enabled(fits, egui::Button::new("Open tree"));
            confirmed |= button.on_hover_text("Open it in the Tree lab (Enter)").clicked();
            if ui.button("Cancel").on_hover_text("Close without opening (Escape)").clicked() {
                play.tree_window.open = false;
            }
        });
        confirmed |= fits && ui.input(|i| i.key_pressed(egui::Key::Enter));
    });
    if !open || crate::app::windows::escape_pressed(ctx) {
        play.tree_window.open = false;
    }
    if confirmed && play.tree_window.open {
        play.tree_window.open = false;
        play.actions.push(Action::OpenAsTree(play.tree_window.shape));
        play.apply();
    }
}
