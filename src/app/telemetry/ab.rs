//! A/B: the position of a recorded search searched again with other settings (algorithm, ordering switches, table
//! size, limits) on a background [`AnyWorker`] of the view's own, so the two deepening ladders can be overlaid.

use super::{Action, TelemetryView};
use crate::engine::search::deepening::{EngineConfig, Iteration, Thought};
use crate::engine::search::limits::Limits;
use crate::engine::search::ordering::OrderingOptions;
use crate::engine::search::{Algorithm, ranges};
use crate::engine::telemetry::searches::SearchRecord;
use crate::engine::worker::{Report, RequestId};
use crate::games::any::{AnyGame, AnyMove, AnyWorker};
use eframe::egui;

/// What tells one search record from every other, across games: its id, its ply and the search's own time.
pub type RecordKey = (u64, usize, u64);

/// The key of `record` (see [`RecordKey`]).
pub fn record_key(record: &SearchRecord) -> RecordKey {
    (record.id, record.ply, record.thought.elapsed_seconds.to_bits())
}

/// The B side of a comparison: its settings and what its search reported.
pub struct AbRun {
    /// The settings B searches with.
    pub config: EngineConfig,
    /// Search to the depth A reached (so the ladders cover the same depths) rather than `config.limits`.
    pub match_depth: bool,
    /// The record whose position B searched (or is searching), by [`record_key`]: ids start again with each game,
    /// so the id alone would show an old game's B on the new game's record of the same number.
    pub record: Option<RecordKey>,
    /// B's completed iterations so far.
    pub iterations: Vec<Iteration<AnyMove>>,
    /// B's whole search, once done.
    pub thought: Option<Thought<AnyMove>>,
    /// Why B could not be searched, in words.
    pub error: Option<String>,
    worker: Option<AnyWorker>,
    request: Option<RequestId>,
}

impl Default for AbRun {
    /// Plain α-β without table or ordering: what the game's own settings save against the textbook search.
    fn default() -> Self {
        let config = EngineConfig {
            algorithm: Algorithm::Alphabeta,
            limits: Limits::depth(4),
            tt_mib: 16,
            ordering: OrderingOptions::NONE,
            ..EngineConfig::default()
        };
        AbRun {
            config,
            match_depth: true,
            record: None,
            iterations: Vec::new(),
            thought: None,
            error: None,
            worker: None,
            request: None,
        }
    }
}

impl AbRun {
    /// True while B's search runs.
    pub fn running(&self) -> bool {
        self.request.is_some()
    }

    /// Starts B on `position`, the position `record` searched.
    ///
    /// # Errors
    /// When the worker's thread cannot be started.
    pub fn start(&mut self, ctx: &egui::Context, record: &SearchRecord, position: &AnyGame) -> std::io::Result<()> {
        let mut config = self.config.clone();
        if self.match_depth {
            config.limits = Limits { depth: record.depth_reached(), ..Limits::NONE };
        }
        let worker = self.worker.get_or_insert_with(|| {
            let ctx = ctx.clone();
            AnyWorker::new(move || ctx.request_repaint())
        });
        let id = worker.think(position, config)?;
        self.request = Some(id);
        self.record = Some(record_key(record));
        self.iterations.clear();
        self.thought = None;
        self.error = None;
        Ok(())
    }

    /// Asks B's search to stop; what it completed stays.
    pub fn stop(&self) {
        if let Some(worker) = &self.worker {
            worker.stop();
        }
    }

    /// Reads B's reports.
    pub fn poll(&mut self) {
        while let Some(report) = self.worker.as_ref().and_then(|w| w.try_report()) {
            if Some(report.id()) != self.request {
                continue;
            }
            match report {
                Report::Iteration { iteration, .. } => {
                    if iteration.complete {
                        self.iterations.push(iteration);
                    }
                }
                Report::Done { thought, .. } => {
                    self.iterations = thought.iterations.clone();
                    self.thought = Some(thought);
                    self.request = None;
                }
                Report::Failed { message, .. } => {
                    self.error = Some(message);
                    self.request = None;
                }
            }
        }
    }

    /// B's ladder, when it belongs to `record`.
    pub fn ladder_for(&self, record: &SearchRecord) -> Option<&[Iteration<AnyMove>]> {
        (self.record == Some(record_key(record)) && !self.iterations.is_empty()).then_some(self.iterations.as_slice())
    }
}

/// B's settings and its Run / Stop buttons. The chance-node searches (expectiminimax, Star1) are offered only for a
/// game with `chance` turns.
pub fn controls(view: &mut TelemetryView, record: &SearchRecord, chance: bool, ui: &mut egui::Ui) {
    let ab = &mut view.ab;
    ui.strong("A/B: search this position again");
    egui::Grid::new("telemetry_ab").num_columns(2).show(ui, |ui| {
        let label = ui.label("B algorithm");
        let combo = egui::ComboBox::from_id_salt("telemetry_ab_algorithm")
            .selected_text(ab.config.algorithm.name())
            .show_ui(ui, |ui| {
                // Chance-node searches have nothing to do in games without chance.
                for algorithm in Algorithm::ALL
                    .into_iter()
                    .filter(|a| chance || !matches!(a, Algorithm::Expectiminimax | Algorithm::Star1))
                {
                    ui.selectable_value(&mut ab.config.algorithm, algorithm, algorithm.name());
                }
            });
        combo.response.labelled_by(label.id);
        ui.end_row();
        ui.label("B ordering");
        ui.horizontal_wrapped(|ui| {
            let ordering = &mut ab.config.ordering;
            ui.checkbox(&mut ordering.hash_move, "hash move");
            ui.checkbox(&mut ordering.killers, "killers");
            ui.checkbox(&mut ordering.hints, "hints");
            ui.checkbox(&mut ordering.history, "history");
        });
        ui.end_row();
        ui.label("B table");
        ui.add(egui::DragValue::new(&mut ab.config.tt_mib).range(ranges::TABLE_MIB).suffix(" MiB"));
        ui.end_row();
        ui.label("B limit");
        ui.horizontal(|ui| {
            ui.checkbox(&mut ab.match_depth, "A's depth");
            if !ab.match_depth {
                let mut depth = ab.config.limits.depth.unwrap_or(4);
                ui.add(egui::DragValue::new(&mut depth).range(ranges::DEPTH_PLIES).suffix(" plies"));
                ab.config.limits = Limits { depth: Some(depth), ..ab.config.limits };
            }
        });
        ui.end_row();
    });
    let running = ab.running();
    ui.horizontal(|ui| {
        if ui.add_enabled(!running, egui::Button::new("Run B")).clicked() {
            view.actions.push(Action::RunB);
        }
        if ui.add_enabled(running, egui::Button::new("Stop B")).clicked() {
            view.actions.push(Action::StopB);
        }
        if ui.button("B = A's settings").on_hover_text("Copy this search's settings into B").clicked() {
            view.ab.config = record.config.clone();
        }
    });
    // On a line of its own, so a long status does not widen the panel.
    ui.horizontal_wrapped(|ui| {
        let ab = &view.ab;
        if ab.running() {
            ui.spinner();
            ui.label(format!(
                "B: {}…",
                crate::messages::counted(ab.iterations.len() as u64, "iteration", "iterations")
            ));
        } else if let Some(error) = &ab.error {
            ui.colored_label(ui.visuals().error_fg_color, format!("B failed: {error}"));
        } else if let Some(thought) = ab.thought.as_ref().filter(|_| ab.record == Some(record_key(record))) {
            ui.label(format!(
                "B done: {} nodes in {:.3} s",
                crate::numbers::count(thought.total_stats().nodes_visited),
                thought.elapsed_seconds
            ));
        }
    });
}
