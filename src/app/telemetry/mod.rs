//! Telemetry: what the searches of the game in Play did, move after move — depth, time, nodes, pruning ratio,
//! branching factor and value against the move number, each search's deepening ladder, an A/B re-run of any
//! searched position with other settings, and export as CSV and as figures (PNG or SVG).
//!
//! The records live with the game ([`crate::play::history::GameHistory::telemetry`]); this view only reads them,
//! keeps the game going while it is shown ([`Play::tick`]), and owns its own state: the toggles, the selection,
//! the A/B run. Its parts push [`Action`]s while drawing; [`TelemetryView::apply`] carries them out afterwards.

// The plotted quantities need no window: they live in the core, named here as before.
pub use crate::play::series;

pub mod ab;
pub(crate) mod dashboard;
pub mod deepening;
pub mod export;
pub mod figure;
mod help;

use super::play::Play;
use crate::engine::telemetry::searches::SearchRecord;
use eframe::egui;
use export::Part;
use series::Series;

/// What the user asked for while the view was drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Show the ladder of this record (`None`: the latest).
    Select(Option<u64>),
    /// Select the previous (−1) or next (+1) record.
    Step(i32),
    /// Write every search's figures to `saves/telemetry-<game>.csv`.
    SaveCsv,
    /// Put the same CSV on the clipboard.
    CopyCsv,
    /// Write a part of the view as a figure (PNG or SVG) at the size chosen beside the buttons.
    SaveFigure(Part, figure::Format),
    /// Re-run the selected record's position with the A/B settings.
    RunB,
    /// Stop B's search.
    StopB,
    /// Show or hide the view's help.
    ToggleHelp,
}

/// The Telemetry view's state.
pub struct TelemetryView {
    /// Which series are plotted, in [`Series::ALL`]'s order.
    pub shown: [bool; Series::ALL.len()],
    /// The record whose ladder is shown; `None` follows the latest.
    pub selected: Option<u64>,
    /// The A/B run: the selected position searched again with other settings.
    pub ab: ab::AbRun,
    /// What the ladder plot shows.
    pub rung: deepening::Rung,
    /// The last thing said, and whether it is an error.
    pub message: Option<(String, bool)>,
    /// The game the message was about (its id and its first search's), so it goes when that game does.
    said_about: Option<(String, Option<u64>)>,
    /// The ladder panel's share of the window, kept when the window grows.
    ladder_share: crate::app::panel_share::PanelShare,
    help_open: bool,
    /// The figures' width and height in pixels.
    pub figure_size: [u32; 2],
    /// A figure being drawn and written on a worker thread (a large PNG takes a while): what to say once it is.
    drawing: Option<std::sync::mpsc::Receiver<(String, bool)>>,
    actions: Vec<Action>,
}

impl Default for TelemetryView {
    fn default() -> Self {
        TelemetryView {
            shown: [true; Series::ALL.len()],
            selected: None,
            ab: ab::AbRun::default(),
            rung: deepening::Rung::default(),
            message: None,
            said_about: None,
            ladder_share: crate::app::panel_share::PanelShare::new(0.34),
            help_open: false,
            figure_size: [1600, 1000],
            drawing: None,
            actions: Vec::new(),
        }
    }
}

/// What a session keeps of the Telemetry view: which series are plotted, the record whose ladder is shown, what
/// the ladder plots and the figures' size. View, not work: changing it asks no "save changes?".
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TelemetrySession {
    /// One flag a series, in [`Series::ALL`]'s order (a shorter or longer list from another build is cut or filled).
    pub shown: Vec<bool>,
    /// The record whose ladder is shown; `None` follows the latest.
    pub selected: Option<u64>,
    /// What the ladder plot shows.
    pub rung: deepening::Rung,
    /// The size a saved figure is drawn at, in pixels.
    pub figure_size: [u32; 2],
}

impl Default for TelemetrySession {
    fn default() -> Self {
        TelemetryView::default().to_session()
    }
}

/// The figures' width and height the size controls offer, in pixels.
const FIGURE_WIDTH: std::ops::RangeInclusive<u32> = 320..=6000;
const FIGURE_HEIGHT: std::ops::RangeInclusive<u32> = 240..=6000;

impl TelemetryView {
    /// The view's state, for a session file.
    pub fn to_session(&self) -> TelemetrySession {
        TelemetrySession {
            shown: self.shown.to_vec(),
            selected: self.selected,
            rung: self.rung,
            figure_size: self.figure_size,
        }
    }

    /// Takes the view's state from a session: sizes are held to the controls' ranges, so a file cannot ask for a
    /// figure of a billion pixels.
    pub fn restore(&mut self, session: &TelemetrySession) {
        for (shown, &saved) in self.shown.iter_mut().zip(&session.shown) {
            *shown = saved;
        }
        self.selected = session.selected;
        self.rung = session.rung;
        let [w, h] = session.figure_size;
        self.figure_size = [
            w.clamp(*FIGURE_WIDTH.start(), *FIGURE_WIDTH.end()),
            h.clamp(*FIGURE_HEIGHT.start(), *FIGURE_HEIGHT.end()),
        ];
    }

    /// Opens or closes the view's help (F1, Help ▸ Help for this view).
    pub fn toggle_help(&mut self) {
        self.help_open = !self.help_open;
    }

    /// Whether the view's help is open.
    pub fn help_open(&self) -> bool {
        self.help_open
    }

    /// The record whose ladder is shown: the selected one, or the latest.
    pub fn selected_record<'a>(&self, play: &'a Play) -> Option<&'a SearchRecord> {
        let records = &play.history().telemetry().records;
        match self.selected {
            Some(id) => records.iter().find(|r| r.id == id),
            None => records.last(),
        }
    }

    /// Draws the view (and keeps the game in Play going) and runs what it asked for.
    pub fn ui(&mut self, ui: &mut egui::Ui, play: &mut Play) {
        play.tick(ui.ctx());
        self.ab.poll();
        self.take_drawn(ui.ctx(), play);
        self.forget_stale_message(play);
        egui::Panel::top("telemetry_controls").show(ui, |ui| self.controls(ui, play));
        let width = ui.available_width();
        let (narrowest, widest) = ladder_width_range(width);
        let panel = self.ladder_share.panel(egui::Panel::right("telemetry_ladder"), width, narrowest..=widest);
        // Both ways: the ladder's table is wider than a narrow panel, and must scroll rather than push the panel
        // past the window's edge.
        let shown = panel
            .show(ui, |ui| {
                egui::ScrollArea::both().auto_shrink([false, false]).show(ui, |ui| deepening::show(self, play, ui))
            })
            .response
            .rect
            .width();
        self.ladder_share.shown(shown, width);
        egui::CentralPanel::default().show(ui, |ui| dashboard::show(self, play, ui));
        help::window(self, ui);
        for action in std::mem::take(&mut self.actions) {
            self.apply(action, play, ui.ctx());
        }
        if self.ab.running() {
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
        }
    }

    /// The game a message is about: its id and its first search's id (a new game has other searches).
    fn game_key(play: &Play) -> (String, Option<u64>) {
        (play.entry().variant.id.clone(), play.history().telemetry().records.first().map(|r| r.id))
    }

    /// Says `said` about the game on view.
    fn say(&mut self, said: (String, bool), play: &Play) {
        self.message = Some(said);
        self.said_about = Some(Self::game_key(play));
    }

    /// Forgets the message once the game it was about is gone (another game chosen, a new one started).
    fn forget_stale_message(&mut self, play: &Play) {
        if self.message.is_some() && self.said_about.as_ref() != Some(&Self::game_key(play)) {
            self.message = None;
            self.said_about = None;
        }
    }

    /// The series toggles, the export buttons and the last message.
    fn controls(&mut self, ui: &mut egui::Ui, play: &Play) {
        ui.horizontal_wrapped(|ui| {
            let count = play.history().telemetry().records.len();
            let searches = crate::messages::counted(count as u64, "search", "searches");
            ui.strong(format!("{searches} in this game of {}", play.entry().variant.name));
            ui.separator();
            for (series, shown) in Series::ALL.iter().zip(&mut self.shown) {
                ui.checkbox(shown, series.title());
            }
        });
        ui.horizontal_wrapped(|ui| {
            if ui.button("Save CSV").on_hover_text("One row per iteration, to saves/telemetry-<game>.csv").clicked() {
                self.actions.push(Action::SaveCsv);
            }
            if ui.button("Copy CSV").on_hover_text("The same rows on the clipboard").clicked() {
                self.actions.push(Action::CopyCsv);
            }
            self.figure_buttons(ui);
            if ui.selectable_label(self.help_open, "Help").clicked() {
                self.actions.push(Action::ToggleHelp);
            }
            ui.separator();
            dashboard::key(ui, &dashboard::side_names(play));
            if let Some((text, error)) = &self.message {
                let color = if *error { ui.visuals().error_fg_color } else { ui.visuals().strong_text_color() };
                ui.colored_label(color, text);
            }
        });
    }

    /// The figure exports: the plots and the ladder, each as PNG or SVG, at the size in the two fields.
    fn figure_buttons(&mut self, ui: &mut egui::Ui) {
        let parts = [(Part::Dashboard, "plots"), (Part::Ladder, "ladder")];
        for (part, name) in parts {
            for format in [figure::Format::Png, figure::Format::Svg] {
                let title = format!("Save {name} as {}", format.name());
                let tip = format!(
                    "The {name} drawn from the records — a title, the game, axes, ticks, units and a legend — at the \
                     size beside the buttons, to saves/telemetry-<game>-{name}.{}",
                    format.extension()
                );
                if ui.button(title).on_hover_text(tip).clicked() {
                    self.actions.push(Action::SaveFigure(part, format));
                }
            }
        }
        let size_tip = "The saved figure's size in pixels (an SVG scales without loss)";
        ui.add(egui::DragValue::new(&mut self.figure_size[0]).range(FIGURE_WIDTH).suffix(" px wide"))
            .on_hover_text(size_tip);
        ui.add(egui::DragValue::new(&mut self.figure_size[1]).range(FIGURE_HEIGHT).suffix(" px high"))
            .on_hover_text(size_tip);
    }

    /// Draws and writes `made` on a worker thread, so the window keeps its frames while a large PNG is drawn.
    fn draw_figure(
        &mut self,
        made: crate::play::figure::Figure,
        path: std::path::PathBuf,
        format: figure::Format,
        play: &Play,
    ) {
        let size = self.figure_size;
        let (done, said) = std::sync::mpsc::channel();
        let work = move || {
            let _ = done.send(figure::save(&made, &path, format, size));
        };
        match std::thread::Builder::new().name("figure".into()).spawn(work) {
            Ok(_) => {
                self.drawing = Some(said);
                self.say(("drawing the figure…".into(), false), play);
            }
            Err(e) => self.say((format!("cannot draw the figure: {e}"), true), play),
        }
    }

    /// Says what the figure's worker did, once it has.
    fn take_drawn(&mut self, ctx: &egui::Context, play: &Play) {
        let Some(drawing) = &self.drawing else { return };
        match drawing.try_recv() {
            Ok(said) => {
                self.drawing = None;
                self.say(said, play);
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => {
                ctx.request_repaint_after(std::time::Duration::from_millis(50))
            }
            Err(std::sync::mpsc::TryRecvError::Disconnected) => self.drawing = None,
        }
    }

    /// Carries out one action.
    pub fn apply(&mut self, action: Action, play: &Play, ctx: &egui::Context) {
        match action {
            Action::Select(id) => self.selected = id,
            Action::Step(by) => {
                let records = &play.history().telemetry().records;
                let here = self.selected_record(play).and_then(|r| records.iter().position(|x| x.id == r.id));
                if let Some(here) = here {
                    let next = here.saturating_add_signed(by as isize).min(records.len().saturating_sub(1));
                    self.selected = records.get(next).map(|r| r.id);
                }
            }
            Action::SaveCsv => self.say(export::save_csv(play), play),
            Action::CopyCsv => {
                ctx.copy_text(export::records_csv(play));
                self.say(("the records are on the clipboard as CSV".into(), false), play);
            }
            Action::SaveFigure(part, format) => {
                let made = match part {
                    Part::Dashboard => Some(figure::plots_figure(play, &self.shown)),
                    Part::Ladder => self
                        .selected_record(play)
                        .map(|record| figure::ladder_figure(play, record, self.ab.ladder_for(record))),
                };
                match made {
                    Some(made) => self.draw_figure(made, figure::path(play, part, format), format, play),
                    None => self.say(("no search to draw yet: play a move against the AI first".into(), true), play),
                }
            }
            Action::RunB => match self.selected_record(play) {
                Some(record) => {
                    let position = play.position_at(record.ply);
                    if let Err(e) = self.ab.start(ctx, record, &position) {
                        self.say((format!("cannot start the A/B search: {e}"), true), play);
                    }
                }
                None => self.say(("no search to compare with yet".into(), true), play),
            },
            Action::StopB => self.ab.stop(),
            Action::ToggleHelp => self.help_open = !self.help_open,
        }
    }
}

/// The ladder panel's narrowest and widest sizes in a window `width` wide: at least a fifth of the window (so a panel
/// squeezed in a small window grows back with it), at most half (so the plots keep room), never under 240 points.
pub fn ladder_width_range(width: f32) -> (f32, f32) {
    let widest = (width * 0.5).max(240.0);
    ((width * 0.2).clamp(240.0, 420.0).min(widest), widest)
}
