//! The *Review the game* dialog: the strength each position is analysed at (the game's level 10 by default, or a
//! node, depth or time budget), the depth of the trees *Show why* opens, and, once started, the progress with its
//! time left and *Cancel*. Enter starts, Escape closes (a review under way goes on; the panel shows it).

use super::outside::{NODES as ENGINE_NODES, is_chess};
use super::{Action, Play, ReviewState};
use crate::engine::search::ranges::{DEPTH_PLIES, NODES, TIME_MS};
use crate::games::levels::LEVELS;
use crate::games::move_tree::WIDTH;
use crate::review::ReviewBudget;
use eframe::egui;

/// The dialog's title.
pub const TITLE: &str = "Review the game";

/// The dialog, when open.
pub fn window(play: &mut Play, ctx: &egui::Context) {
    if !play.review.dialog_open {
        return;
    }
    let mut open = true;
    let mut start = false;
    let window = egui::Window::new(TITLE).open(&mut open).resizable(false).collapsible(false);
    crate::app::windows::show(window, ctx, |ui| {
        let plies = play.history.moves().len();
        ui.label(format!(
            "Judge every move of this game ({}; a ply is one side's move): how much of its winning chances each \
             gave away.",
            plies_words(plies as u64)
        ));
        let running = play.review.running();
        ui.add_enabled_ui(!running, |ui| settings(play, ui));
        if let Some(error) = &play.review.error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
        if running {
            progress(play, ui);
        } else {
            ui.horizontal(|ui| {
                let can = plies > 0;
                let button = ui.add_enabled(can, egui::Button::new("Start review"));
                start |= button.on_hover_text("Analyse every position on a background thread (Enter)").clicked();
                if ui.button("Close").on_hover_text("Close the dialog (Escape)").clicked() {
                    play.review.dialog_open = false;
                }
                start |= can && ui.input(|i| i.key_pressed(egui::Key::Enter));
            });
        }
    });
    if !open || crate::app::windows::escape_pressed(ctx) {
        play.review.dialog_open = false;
    }
    if start {
        play.actions.push(super::super::Action::Review(Action::Start(play.review.settings)));
    }
}

/// Who judges (chess: the studio's engine or an outside one), the budget per position, and *Show why*'s tree.
fn settings(play: &mut Play, ui: &mut egui::Ui) {
    let outside = is_chess(play.history.position()) && judge_choice(&mut play.review, ui);
    if !outside {
        strength(&mut play.review.settings, ui);
    }
    ui.separator();
    ui.label("Show why: the move tree before a judged move");
    let shape = &mut play.review.why_shape;
    ui.horizontal(|ui| {
        ui.add(plies_value(&mut shape.depth, " deep"))
            .accessible_name("Show why depth")
            .on_hover_text("How many moves deep the tree goes below the position before the judged move");
        ui.add(egui::DragValue::new(&mut shape.width).range(WIDTH).suffix(" moves a node"))
            .accessible_name("Show why width")
            .on_hover_text("The move played and the best move always come first; then the most promising others");
    });
}

/// Chess's choice of judge: the studio's engine or an outside UCI engine, with its program and nodes. True when
/// the outside engine is chosen. A change is noted, to be kept in the preferences.
fn judge_choice(review: &mut ReviewState, ui: &mut egui::Ui) -> bool {
    let outside = &mut review.outside;
    let mut changed = false;
    ui.label("Judge with");
    ui.horizontal_wrapped(|ui| {
        let own = "The studio's own search, at the strength you choose below. Checked against Stockfish on master \
                   games, it catches about 6 in 10 of the mistakes and blunders at level 10";
        changed |= ui.radio_value(&mut outside.chosen, false, "the studio's engine").on_hover_text(own).changed();
        let other = "A chess engine you have installed that speaks UCI, such as Stockfish: far stronger than the \
                     studio's, so its verdicts are closer to a strong player's (Stockfish at 250,000 nodes catches \
                     about 8 in 10 of the mistakes and blunders its deeper search finds)";
        changed |= ui.radio_value(&mut outside.chosen, true, "an outside UCI engine").on_hover_text(other).changed();
    });
    if !outside.chosen {
        review.outside_changed |= changed;
        return false;
    }
    if changed && outside.path.trim().is_empty() {
        // Chosen for the first time: the Stockfish this machine has, if it has one, so most people need type nothing.
        outside.path = super::outside::installed_stockfish().unwrap_or_default();
    }
    ui.horizontal(|ui| {
        ui.label("Program");
        let field =
            egui::TextEdit::singleline(&mut outside.path).hint_text("/usr/games/stockfish").desired_width(240.0);
        let edited = ui
            .add(field)
            .accessible_name("Engine program")
            .on_hover_text("A UCI chess engine such as Stockfish: the path of its program");
        changed |= edited.lost_focus() || (edited.changed() && !edited.has_focus());
    });
    changed |= ui
        .add(nodes_field(&mut outside.nodes, ENGINE_NODES))
        .accessible_name("Engine nodes")
        .on_hover_text(
            "How many positions the engine looks at for each move: Stockfish sees 250,000 in about half a second. \
             More is slower and surer; the same number always gives the same review.",
        )
        .changed();
    review.outside_changed |= changed;
    true
}

/// The studio's search budget per position.
fn strength(settings: &mut crate::review::ReviewSettings, ui: &mut egui::Ui) {
    ui.label("Strength per position");
    ui.horizontal_wrapped(|ui| {
        let kinds = [
            (ReviewBudget::Level(10), "level", "The search a level plays with (10: the strongest)"),
            (ReviewBudget::Nodes(1_000_000), "nodes", "A fixed number of positions searched per move"),
            (ReviewBudget::Depth(8), "depth", "A fixed depth in plies per move"),
            (ReviewBudget::TimeMs(1_000), "time", "A fixed time per move"),
        ];
        for (budget, name, tip) in kinds {
            let same = std::mem::discriminant(&budget) == std::mem::discriminant(&settings.budget);
            if ui.selectable_label(same, name).on_hover_text(tip).clicked() && !same {
                settings.budget = budget;
            }
        }
    });
    match &mut settings.budget {
        ReviewBudget::Level(level) => {
            ui.add(egui::Slider::new(level, *LEVELS.start()..=*LEVELS.end()).text("level"));
        }
        ReviewBudget::Nodes(nodes) => {
            ui.add(nodes_field(nodes, NODES)).accessible_name("nodes");
        }
        ReviewBudget::Depth(depth) => {
            ui.add(plies_value(depth, "")).accessible_name("depth");
        }
        ReviewBudget::TimeMs(ms) => {
            ui.add(egui::DragValue::new(ms).range(TIME_MS).speed(10).suffix(" ms per move")).accessible_name("time");
        }
    }
}

/// The progress bar with the positions done and the time left, and *Cancel*.
pub fn progress(play: &mut Play, ui: &mut egui::Ui) {
    let (done, total, fraction, eta) = play.review.progress().unwrap_or((0, 0, 0.0, None));
    let left = eta.map_or_else(|| "estimating the time left…".to_string(), |eta| format!("about {} left", clock(eta)));
    let text = format!("{done} of {total} positions · {left}");
    // The spinner beside the bar, not in it: the bar's own spinner covered the first digit of the count.
    ui.horizontal(|ui| {
        ui.spinner();
        ui.add(egui::ProgressBar::new(fraction).text(text));
    });
    if ui.button("Cancel").on_hover_text("Stop the review; the game and any earlier review are kept").clicked() {
        play.actions.push(super::super::Action::Review(Action::Cancel));
    }
}

/// "1 ply", "148 plies".
fn plies_words(plies: u64) -> String {
    crate::messages::counted(plies, "ply", "plies")
}

/// A field for a depth in plies, read "1 ply" or "8 plies" and then `after`; typing a number alone sets it.
fn plies_value<'a, N: egui::emath::Numeric>(depth: &'a mut N, after: &'static str) -> egui::DragValue<'a> {
    egui::DragValue::new(depth)
        .range(DEPTH_PLIES)
        .custom_formatter(move |value, _| format!("{}{after}", plies_words(value.max(0.0) as u64)))
        .custom_parser(|text| text.split_whitespace().next()?.parse().ok())
}

/// "1:05", "0:07".
fn clock(duration: std::time::Duration) -> String {
    let seconds = duration.as_secs();
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// A field of nodes that reads as a person writes them, "250,000 nodes", and takes them typed with or without the
/// commas.
fn nodes_field(nodes: &mut u64, range: std::ops::RangeInclusive<u64>) -> egui::DragValue<'_> {
    egui::DragValue::new(nodes)
        .range(range)
        .speed(10_000)
        .custom_formatter(|value, _| nodes_text(value))
        .custom_parser(read_nodes)
}

/// "250,000 nodes".
fn nodes_text(value: f64) -> String {
    format!("{} nodes", crate::numbers::thousands(value.max(0.0) as u64))
}

/// Nodes as typed: "1,500,000", "1500000 nodes", "1_500_000"; `None` for anything else.
fn read_nodes(text: &str) -> Option<f64> {
    let digits = text.trim().trim_end_matches("nodes").trim().replace([',', '_', ' '], "");
    digits.parse::<u64>().ok().map(|n| n as f64)
}

#[cfg(test)]
mod tests {
    use super::{nodes_text, read_nodes};

    #[test]
    fn nodes_read_as_they_are_written() {
        assert_eq!(nodes_text(250_000.0), "250,000 nodes");
        for (typed, read) in [("1,500,000", Some(1_500_000.0)), ("2000 nodes", Some(2_000.0)), ("1_000", Some(1_000.0))]
        {
            assert_eq!(read_nodes(typed), read, "{typed}");
        }
        for junk in ["", "nodes", "-5", "1.5e6", "lots"] {
            assert_eq!(read_nodes(junk), None, "{junk}");
        }
        assert_eq!(read_nodes(&nodes_text(123_456.0)), Some(123_456.0), "what it writes it reads");
    }
}
