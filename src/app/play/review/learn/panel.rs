//! The exercise's panel, where the review panel is while it runs: which mistake of how many, the question, the
//! verdict of the last try, the answer's line, and the buttons; at the end, the summary. And the review panel's
//! *Learn from your mistakes* buttons that start it.

use super::{Action, Attempt, Exercise, Phase, players_side, verdict_words};
use crate::app::play::Play;
use crate::review::Review;
use crate::review::learn::mistakes;
use eframe::egui;

/// The colour of a good try and of a found mistake.
const GOOD: egui::Color32 = egui::Color32::from_rgb(46, 204, 113);

/// Pushes an exercise action.
fn push(play: &mut Play, action: Action) {
    play.actions.push(crate::app::play::Action::Review(crate::app::play::review::Action::Learn(action)));
}

/// The review panel's buttons that start the exercise: one for the side the person played, or one per side when
/// both or neither were people's. A side without a mistake or blunder gets a disabled button saying so.
pub fn start_buttons(play: &mut Play, ui: &mut egui::Ui, review: &Review) {
    let sides: Vec<usize> = players_side(play).map_or_else(|| vec![0, 1], |side| vec![side]);
    ui.horizontal_wrapped(|ui| {
        for side in sides {
            let count = mistakes(review, side).len();
            let name = &review.sides[side].name;
            let label = if players_side(play).is_some() {
                "Learn from your mistakes".to_string()
            } else {
                format!("Learn from {name}'s mistakes")
            };
            let tip = if count == 0 {
                format!("{name} made no mistake or blunder in this game: nothing to learn")
            } else {
                format!(
                    "Go through {name}'s {} one by one and find a better move for each on the board; the game \
                     itself is not changed (Escape returns to it)",
                    crate::messages::counted(count as u64, "mistake or blunder", "mistakes and blunders")
                )
            };
            let button = ui.add_enabled(count > 0, egui::Button::new(label));
            if button.on_hover_text(&tip).on_disabled_hover_text(&tip).clicked() {
                push(play, Action::Start(side));
            }
        }
    });
}

/// The panel on the right of the board while the exercise runs, in a window `width` wide (the review panel's
/// place and share).
pub fn side(play: &mut Play, ui: &mut egui::Ui, width: f32) {
    crate::app::play::review::panel::on_the_right(play, ui, width, "play_learn", show);
}

/// Draws the panel's contents.
fn show(play: &mut Play, ui: &mut egui::Ui) {
    ui.heading("Learn from your mistakes");
    let Some(exercise) = play.review.learn.exercise.as_ref() else { return };
    let mut asked = Vec::new();
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        if matches!(exercise.phase, Phase::Summary) {
            summary(exercise, ui, &mut asked);
        } else {
            question(exercise, ui, &mut asked);
        }
        ui.separator();
        let leave = ui.button("Leave the exercise");
        if leave.on_hover_text("Back to the game, shown as it was: nothing in it changed (Escape)").clicked() {
            asked.push(Action::Leave);
        }
    });
    for action in asked {
        push(play, action);
    }
}

/// Which mistake, the question, what came of the last try, and the buttons.
fn question(exercise: &Exercise, ui: &mut egui::Ui, asked: &mut Vec<Action>) {
    let count = exercise.mistakes.len();
    // The question itself is the line above the board; here, which mistake of how many.
    let judged = exercise.current();
    let number = exercise.index + 1;
    let mistake = format!("{}{}", exercise.numbered[exercise.index], judged.class.mark());
    ui.label(egui::RichText::new(format!("{} · mistake {number} of {count}: {mistake}", exercise.side_name)).strong());
    match &exercise.phase {
        Phase::Asking => {
            let text = match &exercise.last_miss {
                Some(miss) => {
                    format!("{} Click another move on the board.", verdict_words(miss, judged, &exercise.side_name))
                }
                None => "Click your move on the board.".to_string(),
            };
            ui.add(egui::Label::new(text).wrap());
        }
        Phase::Judging { try_move: _, job } => {
            let seconds = job.as_ref().map_or(0, |job| job.elapsed().as_secs());
            ui.horizontal_wrapped(|ui| {
                ui.spinner();
                ui.label(format!(
                    "Judging your move at the review's strength ({}) · {seconds} s",
                    exercise.plan.settings.budget
                ));
            });
            if ui.button("Cancel").on_hover_text("Stop judging this move and try another").clicked() {
                asked.push(Action::Cancel);
            }
        }
        Phase::Judged { verdict, .. } => {
            let words = verdict_words(verdict, judged, &exercise.side_name);
            let text = egui::RichText::new(words).strong();
            let text = if verdict.found() { text.color(GOOD) } else { text.color(ui.visuals().warn_fg_color) };
            ui.add(egui::Label::new(text).wrap());
        }
        Phase::Answer { line, shown, .. } => {
            let names = exercise.before.line_names(line);
            let mut words = format!("Better was {}", judged.best);
            if names.len() > 1 {
                words.push_str(&format!(", then {}", names[1..].join(" ")));
            }
            ui.add(egui::Label::new(egui::RichText::new(words).color(GOOD)).wrap());
            let on_board = names[..(*shown).min(names.len())].join(" ");
            ui.label(egui::RichText::new(format!("On the board: {on_board}")).weak());
        }
        Phase::Summary => {}
    }
    buttons(exercise, ui, asked);
}

/// Try again, Show the answer, Previous and Next, as the phase allows.
fn buttons(exercise: &Exercise, ui: &mut egui::Ui, asked: &mut Vec<Action>) {
    let judging = matches!(exercise.phase, Phase::Judging { .. });
    ui.horizontal_wrapped(|ui| {
        let again = matches!(exercise.phase, Phase::Judged { .. } | Phase::Answer { .. });
        if again && ui.button("Try again").on_hover_text("Back to the position before the mistake").clicked() {
            asked.push(Action::TryAgain);
        }
        let answer = ui.add_enabled(
            !judging && !matches!(exercise.phase, Phase::Answer { .. }),
            egui::Button::new("Show the answer"),
        );
        if answer.on_hover_text("Play the better move and the line after it on the board").clicked() {
            asked.push(Action::ShowAnswer);
        }
    });
    ui.horizontal_wrapped(|ui| {
        let previous = ui.add_enabled(exercise.index > 0 && !judging, egui::Button::new("Previous"));
        if previous.on_hover_text("The mistake before this one (←)").clicked() {
            asked.push(Action::Previous);
        }
        let last = exercise.index + 1 == exercise.mistakes.len();
        let (label, tip) = if last {
            ("Finish", "See how many you found (→)")
        } else {
            ("Next mistake", "On to the next mistake (→)")
        };
        if ui.add_enabled(!judging, egui::Button::new(label)).on_hover_text(tip).clicked() {
            asked.push(Action::Next);
        }
    });
}

/// How many were found, each mistake with what came of it, and *Start again*.
fn summary(exercise: &Exercise, ui: &mut egui::Ui, asked: &mut Vec<Action>) {
    let count = exercise.mistakes.len();
    // The line above the board says how many were found; here, each mistake with what came of it.
    let found = exercise.found();
    ui.label(egui::RichText::new(format!("{} · {found} of {count} found", exercise.side_name)).strong());
    egui::Grid::new("learn_summary").num_columns(2).striped(true).show(ui, |ui| {
        for (i, judged) in exercise.mistakes.iter().enumerate() {
            ui.label(format!("{}{}", exercise.numbered[i], judged.class.mark()));
            let (words, color) = match exercise.results[i] {
                Attempt::Found => ("found".to_string(), GOOD),
                Attempt::Shown => (format!("shown: {}", judged.best), ui.visuals().warn_fg_color),
                Attempt::Missed => (format!("missed: {}", judged.best), ui.visuals().warn_fg_color),
                Attempt::Untried => ("skipped".to_string(), ui.visuals().weak_text_color()),
            };
            ui.colored_label(color, words);
            ui.end_row();
        }
    });
    if ui.button("Start again").on_hover_text("Go through the same mistakes again from the first").clicked() {
        asked.push(Action::Restart);
    }
}
