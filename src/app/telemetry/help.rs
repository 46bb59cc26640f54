//! The view's help: what each plot shows and how the pruning ratio is defined and estimated.

use super::TelemetryView;
use crate::play::tree_count::NODE_BUDGET;
use eframe::egui;

pub fn window(view: &mut TelemetryView, ui: &mut egui::Ui) {
    let mut open = view.help_open;
    let window = egui::Window::new("Telemetry help").open(&mut open).default_width(460.0);
    crate::app::windows::show(window, ui.ctx(), |ui| {
        ui.label(
            "Every search of the game in Play — each AI move and each hint — is one point, at its move as the \
             move list numbers it: the first side's move 12 at 12, the second side's reply (12…) half-way to 13. \
             The CSV names each row's move so too (column move) and its ply, the moves counted one by one \
             (column ply: 12… is ply 24). Blue is the first player, orange the second; a diamond is a hint; a hollow point \
             an estimate. Hover a point for its exact figure; click it to see its deepening ladder on the right.",
        );
        ui.heading("The series");
        ui.label(
            "Depth reached, effective branching factor b* and value are the deepest completed iteration's (the \
             value from the side Settings ▸ Values from names, the first player's unless told otherwise). Time \
             and nodes are the whole search's, every iteration included; nodes are drawn on a log scale (10^k).",
        );
        ui.heading("Share of the minimax tree visited, and the pruning ratio");
        ui.label(format!(
            "The plot shows the share of the minimax tree the deepest iteration visited, on a log scale (1/1000 \
             is ×1000 fewer nodes than minimax): the pruning ratio is its complement, and near 1 for most \
             searches. The pruning ratio is the share of the minimax tree of the same depth from the same position that the deepest iteration \
             did not visit: 1 − nodes visited / minimax tree nodes. The minimax tree holds the position and \
             every position reachable in at most d moves (a finished game is a leaf where it happens) — the nodes \
             a plain minimax enters, root and leaves included, counted as the search counts them. It is counted \
             exactly, ply by ply, in the background, up to {NODE_BUDGET} expanded positions; plies past the \
             budget are estimated by growing the last counted ply by its own branching (N(k+1) = N(k)·N(k)/N(k−1)), \
             and such points are marked as estimates. Re-searches (aspiration windows, MTD(f)'s passes) can make \
             it negative; a transposition table can push it beyond what α-β alone prunes."
        ));
        ui.heading("Ladder");
        ui.label(
            "Nodes per iteration against depth, with the minimax tree's size (squares), b^d and b^(d/2) for b \
             the average number of legal moves at the nodes the search expanded ((children entered + children \
             pruned) / nodes expanded). Leaves are compared with Levin's minimum b^⌈d/2⌉ + b^⌊d/2⌋ − 1, the \
             leaves perfectly ordered α-β evaluates on a uniform tree. A/B searches the same position again with \
             other settings and overlays its ladder (green triangles).",
        );
    });
    view.help_open = open && !crate::app::windows::escape_pressed(ui.ctx());
}
