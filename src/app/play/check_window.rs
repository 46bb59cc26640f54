//! *Check this game…*: the game author's doctor (the core's [`crate::games::check`], as `alphabeta-studio check`
//! runs it) on the chosen game from its start, on a worker thread — never on the window's — and its findings in a
//! small window, each with the moves that lead to it; a clean game is said to be clean.

use super::{Action, Play};
use crate::games::any::AnyGame;
use crate::games::check::{CheckConfig, CheckReport, Finding, check, line_text};
use crate::messages::counted;
use crate::numbers::count;
use eframe::egui;
use std::sync::mpsc;
use std::time::Duration;

/// The button's text, beside *Reload games*.
pub const BUTTON: &str = "Check this game…";
/// The window's title.
pub const TITLE: &str = "Game check";

/// The window's state: open or not, the check under way, and the last one's report.
#[derive(Default)]
pub struct CheckWindow {
    /// Whether the window is shown.
    pub open: bool,
    /// The name of the game being checked, and where its report will come.
    running: Option<(String, mpsc::Receiver<CheckReport>)>,
    /// The name of the game last checked, and what the check found.
    done: Option<(String, CheckReport)>,
    /// Why the last check gave no report.
    error: Option<String>,
}

/// The window's settings: the command line's, sized to the game, with a shorter time cap, so the answer comes in
/// seconds.
pub fn config() -> CheckConfig {
    CheckConfig { max_time: Duration::from_secs(20), ..CheckConfig::default() }
}

impl CheckWindow {
    /// Starts checking `start`, the game called `name`, on a worker thread, and opens the window.
    pub fn start(&mut self, name: String, start: AnyGame) {
        let (report, reports) = mpsc::channel();
        let work = move || {
            // The window may be gone by then: nobody to tell.
            let _ = report.send(check(&start, &config()));
        };
        self.open = true;
        self.done = None;
        self.error = None;
        match std::thread::Builder::new().name("game-check".into()).spawn(work) {
            Ok(_) => self.running = Some((name, reports)),
            Err(e) => self.error = Some(format!("The check could not start: {e}")),
        }
    }

    /// True while a check runs.
    pub fn running(&self) -> bool {
        self.running.is_some()
    }

    /// The last check's game and report, once it has come.
    pub fn report(&self) -> Option<&(String, CheckReport)> {
        self.done.as_ref()
    }

    /// Takes the report if it has come.
    fn poll(&mut self) {
        let Some((name, reports)) = &self.running else { return };
        match reports.try_recv() {
            Ok(report) => self.done = Some((name.clone(), report)),
            Err(mpsc::TryRecvError::Empty) => return,
            Err(mpsc::TryRecvError::Disconnected) => self.error = Some("The check stopped without a report.".into()),
        }
        self.running = None;
    }
}

/// The button, beside *Reload games*.
pub fn button(play: &mut Play, ui: &mut egui::Ui) {
    let tip = "Look for the silent faults of this game's rules (a move listed twice, a key that misses part of the \
               position, a board that does not draw…), as `alphabeta-studio check` does";
    let button = ui.add_enabled(!play.check_window.running(), egui::Button::new(BUTTON));
    if button.on_hover_text(tip).clicked() {
        play.actions.push(Action::CheckGame);
    }
}

/// The window, when open; while the check runs, the window wakes to look for its report.
pub fn window(play: &mut Play, ctx: &egui::Context) {
    let state = &mut play.check_window;
    state.poll();
    if state.running() {
        ctx.request_repaint_after(Duration::from_millis(100));
    }
    if !state.open {
        return;
    }
    let mut open = true;
    let window = egui::Window::new(TITLE).open(&mut open).resizable(true).collapsible(false).default_width(440.0);
    // Beside the side panel, so the game picker stays in reach.
    let window = window.default_pos(egui::pos2(340.0, 60.0));
    crate::app::windows::show(window, ctx, |ui| {
        if let Some((name, _)) = &state.running {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!("Checking {name}…"));
            });
        }
        if let Some(error) = &state.error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
        if let Some((name, report)) = &state.done {
            show_report(ui, name, report);
        }
    });
    if !open || crate::app::windows::escape_pressed(ctx) {
        state.open = false;
    }
}

fn show_report(ui: &mut egui::Ui, name: &str, report: &CheckReport) {
    ui.label(format!(
        "{name}: {}: {} positions ({} {}){} in {:.1} s.",
        report.coverage(),
        count(report.positions),
        count(report.keys),
        if report.keys == 1 { "key" } else { "keys" },
        report.clicks_phrase(" and"),
        report.seconds
    ));
    if let Some(why) = &report.stopped {
        ui.label(egui::RichText::new(format!("Not finished: {why}.")).weak());
    }
    if report.is_clean() {
        let verdict = if report.is_finished() { "Clean: no finding." } else { "No finding in what was walked." };
        ui.label(egui::RichText::new(verdict).strong());
        return;
    }
    let findings = counted(report.findings.len() as u64, "finding", "findings");
    ui.colored_label(ui.visuals().warn_fg_color, format!("{findings}:"));
    egui::ScrollArea::vertical().max_height(320.0).show(ui, |ui| {
        for finding in &report.findings {
            show_finding(ui, finding);
        }
    });
}

fn show_finding(ui: &mut egui::Ui, finding: &Finding) {
    ui.separator();
    let times = if finding.times > 1 { format!(" ({} times)", finding.times) } else { String::new() };
    ui.strong(format!("{}{times}", finding.kind.words()));
    ui.label(&finding.message);
    ui.label(egui::RichText::new(format!("after: {}", line_text(&finding.line))).weak());
    if let Some(other) = &finding.other_line {
        ui.label(egui::RichText::new(format!("and after: {}", line_text(other))).weak());
    }
}
