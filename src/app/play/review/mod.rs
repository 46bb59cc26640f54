//! Game review in Play: *Review* judges every move of the game on the board (finished or not, played here or
//! imported) with the core's [`review_game`](crate::review::review_game) on a worker thread, then the move list
//! marks `?!`, `?`, `??`, the review panel draws the win-probability curve with each side's counts and accuracy,
//! and *Show why* opens the move tree before a judged move in the Tree lab, the move played and the best move first.
//!
//! The review's state lives here ([`ReviewState`]); the view's parts push [`Action`]s which [`apply`] carries out,
//! and [`drive`] starts the worker and reads its reports once a frame.

mod curve;
mod dialog;
pub mod learn;
pub mod outside;
pub mod panel;
pub mod saved;
mod worker;

use super::Play;
use crate::games::any::{AnyGame, AnyMove};
use crate::games::move_tree::TreeShape;
use crate::play::history::GameHistory;
use crate::review::{JudgedMove, MoveClass, Review, ReviewPlan, ReviewSettings};
use crate::tree::model::{Body, Node};
use eframe::egui;

pub use dialog::{TITLE, window};

/// What the user asked of the review.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Open the dialog that sets the strength and starts the review.
    OpenDialog,
    /// Review the game on the board with these settings.
    Start(ReviewSettings),
    /// Stop the review under way.
    Cancel,
    /// Open the move tree before the judged move at this ply in the Tree lab.
    ShowWhy(usize),
    /// Write the review as a record with its marks (PGN with NAGs for chess, else the move list).
    Export,
    /// Show or hide the review panel.
    TogglePanel,
    /// Learn from your mistakes: an action of the exercise (see [`learn`]).
    Learn(learn::Action),
}

/// A finished review and what it is of: the game's id and the moves judged, so it is shown only with that game.
#[derive(Clone, Debug, PartialEq)]
pub struct Reviewed {
    /// The game's id.
    pub game: String,
    /// The moves judged, first to last.
    pub moves: Vec<AnyMove>,
    /// Every move's judgement and each side's accuracy.
    pub review: Review,
    /// The outside engine that judged it in this run of the studio: *Learn from your mistakes* judges the tries
    /// with it, whatever the preferences say by then. `None` for the studio's own engine and for a review read back
    /// from a session (whose tries go to the preferences' engine).
    pub judged_with: Option<outside::OutsideEngine>,
}

/// The review's part of the Play view.
pub struct ReviewState {
    /// The dialog is open.
    pub dialog_open: bool,
    /// The strength the dialog shows (the game's level 10 until changed).
    pub settings: ReviewSettings,
    /// The shape of the tree *Show why* opens: its depth and each node's width.
    pub why_shape: TreeShape,
    /// Chess: judged by an outside engine, and which (the person's preference, kept with the interface's scale).
    pub outside: outside::OutsideSettings,
    /// The outside engine's settings changed since they were last saved.
    pub outside_changed: bool,
    /// A start asked for, waiting for the frame that can wake the window (see [`drive`]).
    pending: Option<(ReviewSettings, Option<outside::OutsideEngine>)>,
    job: Option<worker::Job>,
    /// The last finished review.
    pub done: Option<Reviewed>,
    /// The review panel is shown (when there is a review).
    pub panel_open: bool,
    /// Why the last review failed (shown in the dialog and the panel until the next one).
    pub error: Option<String>,
    /// The panel's share of the window, kept when the window grows.
    share: crate::app::panel_share::PanelShare,
    /// Learn from your mistakes: the exercise under way, if any.
    pub learn: learn::Learn,
}

impl Default for ReviewState {
    fn default() -> Self {
        ReviewState {
            dialog_open: false,
            settings: ReviewSettings::default(),
            why_shape: TreeShape { depth: 3, width: 5 },
            outside: outside::OutsideSettings::default(),
            outside_changed: false,
            pending: None,
            job: None,
            done: None,
            panel_open: true,
            error: None,
            share: crate::app::panel_share::PanelShare::new(0.25),
            learn: learn::Learn::default(),
        }
    }
}

impl ReviewState {
    /// True while the worker analyses the game.
    pub fn running(&self) -> bool {
        self.job.is_some() || self.pending.is_some()
    }

    /// Positions analysed and to analyse, the share done and the time left, while a review runs.
    pub fn progress(&self) -> Option<(usize, usize, f32, Option<std::time::Duration>)> {
        self.job.as_ref().map(|job| (job.done, job.total, job.fraction(), job.eta()))
    }
}

impl Play {
    /// The finished review of the game on the board: of this game, its moves the first moves of the game (moves
    /// played since are not judged yet; after an undo past them it is hidden until they are redone).
    pub fn review(&self) -> Option<&Review> {
        self.reviewed().map(|done| &done.review)
    }

    /// [`Play::review`] with what it is of and who judged it.
    pub fn reviewed(&self) -> Option<&Reviewed> {
        reviewed_of(&self.review, &self.entry().variant.id, &self.history)
    }

    /// The judged move at `ply` of the game on the board, if the review judged it.
    pub fn judged(&self, ply: usize) -> Option<&JudgedMove> {
        self.review()?.judged(ply)
    }
}

/// [`Play::review`] from the parts of the view it reads, so a caller can hold other parts mutably meanwhile.
pub fn of<'a>(state: &'a ReviewState, game: &str, history: &GameHistory) -> Option<&'a Review> {
    reviewed_of(state, game, history).map(|done| &done.review)
}

/// [`of`] with what the review is of and who judged it.
fn reviewed_of<'a>(state: &'a ReviewState, game: &str, history: &GameHistory) -> Option<&'a Reviewed> {
    let done = state.done.as_ref()?;
    (done.game == game && history.moves().starts_with(&done.moves)).then_some(done)
}

/// The move list's label of the move at `ply` named `name`, with its review's mark in its class's colour
/// ("c3??"), and its judgement in words for the tooltip (empty for a move not judged, a chance outcome).
pub fn marked(review: &Review, ply: usize, name: &str) -> (egui::RichText, String) {
    match review.judged(ply) {
        Some(judged) => {
            let text = egui::RichText::new(format!("{name}{}", judged.class.mark()));
            let text = match class_color(judged.class) {
                Some(color) => text.color(color),
                None => text,
            };
            (text, format!("{}\n", judged_words(judged)))
        }
        None => (egui::RichText::new(name), String::new()),
    }
}

/// Carries out one review action.
pub fn apply(play: &mut Play, action: Action) {
    match action {
        Action::OpenDialog => play.review.dialog_open = true,
        Action::Start(_) if play.history.moves().is_empty() => {
            play.review.error = Some("No moves to review yet: play or import a game first.".into())
        }
        Action::Start(settings) if !play.review.running() => {
            match play.review.outside.engine_for(&play.history.position_at(0)) {
                Ok(engine) => {
                    play.review.error = None;
                    play.review.settings = settings;
                    play.review.pending = Some((settings, engine));
                }
                Err(why) => play.review.error = Some(why),
            }
        }
        Action::Start(_) => {}
        Action::Cancel => {
            let job = play.review.job.take();
            let cancelled = job.is_some() || play.review.pending.take().is_some();
            if let Some(job) = job {
                job.cancel_without_waiting();
            }
            if cancelled {
                play.say("Review cancelled: nothing was changed.".into(), false);
            }
        }
        Action::ShowWhy(ply) => show_why(play, ply),
        Action::Export => export(play),
        Action::TogglePanel => play.review.panel_open = !play.review.panel_open,
        Action::Learn(action) => learn::apply(play, action),
    }
}

/// Starts a review asked for, and reads the worker's reports: called once a frame, with the frame's context so
/// the worker can wake the window after each position.
pub fn drive(play: &mut Play, ctx: &egui::Context) {
    if let Some((settings, engine)) = play.review.pending.take() {
        let (start, moves) = (play.history.position_at(0), play.history.moves().to_vec());
        let wake = {
            let ctx = ctx.clone();
            move || ctx.request_repaint()
        };
        let variant = &play.entry().variant;
        let plan = ReviewPlan::new(&variant.id, &variant.ai, settings, &start);
        match worker::Job::start(start, moves, plan, engine, wake) {
            Ok(job) => play.review.job = Some(job),
            Err(e) => play.review.error = Some(format!("The review could not start: {e}.")),
        }
    }
    let Some(job) = &mut play.review.job else { return };
    let Some(result) = job.poll() else {
        // The time left keeps moving between reports.
        ctx.request_repaint_after(std::time::Duration::from_millis(250));
        return;
    };
    let (game, moves, engine) = (job.game.clone(), job.moves.clone(), job.outside.clone());
    play.review.job = None;
    match result {
        Ok(review) => {
            let summary = summary(&review);
            // Finished after its game was put aside: it joins that game, to be shown when it is picked again.
            let index = play.registry.entries.iter().position(|e| e.variant.id == game);
            if game != play.entry().variant.id
                && let Some(parked) = index.and_then(|i| play.parked.get_mut(&i))
            {
                parked.review = Some(Reviewed { game, moves, review, judged_with: engine });
                return;
            }
            play.review.done = Some(Reviewed { game, moves, review, judged_with: engine });
            play.review.panel_open = true;
            play.review.dialog_open = false;
            play.say(format!("Review done: {summary}."), false);
        }
        // The game and any earlier review are untouched: only the reason is shown.
        Err(e) => {
            play.review.error = Some(format!("The review stopped: {e}. The game and any earlier review are kept."))
        }
    }
}

/// "White 94 % accuracy, 1 blunder; Black …" for the message line.
fn summary(review: &Review) -> String {
    let side = |s: &crate::review::SideSummary| {
        let bad = [MoveClass::Inaccuracy, MoveClass::Mistake, MoveClass::Blunder];
        let counts: Vec<String> = bad
            .iter()
            .filter_map(|&class| {
                let n = s.counts[class.index()];
                (n > 0).then(|| format!("{n} {}", class_word(class, n)))
            })
            .collect();
        let counts = if counts.is_empty() { "no mistake".to_string() } else { counts.join(", ") };
        format!("{} {:.0} % accuracy, {counts}", s.name, s.accuracy)
    };
    format!("{}; {}", side(&review.sides[0]), side(&review.sides[1]))
}

/// A class's name for a count of `n` ("1 blunder", "2 blunders", "2 inaccuracies").
pub fn class_word(class: MoveClass, n: usize) -> String {
    let name = class.name();
    match name.strip_suffix('y') {
        _ if n == 1 => name.to_string(),
        Some(stem) => format!("{stem}ies"),
        None => format!("{name}s"),
    }
}

/// The colour a class is marked in, as Lichess marks them: inaccuracies light blue, mistakes orange, blunders red;
/// `None` for the moves that get no mark.
pub fn class_color(class: MoveClass) -> Option<egui::Color32> {
    match class {
        MoveClass::Inaccuracy => Some(egui::Color32::from_rgb(0x56, 0xb4, 0xe9)),
        MoveClass::Mistake => Some(egui::Color32::from_rgb(0xe6, 0x9f, 0x00)),
        MoveClass::Blunder => Some(egui::Color32::from_rgb(0xdf, 0x53, 0x53)),
        MoveClass::Best | MoveClass::Good | MoveClass::Forced => None,
    }
}

/// A judged move in words for a tooltip (the move itself is named by the caller): its class, how the mover's
/// winning chances moved, what that lost on Lichess's −1…+1 scale, and the better move with the start of its line.
pub fn judged_words(judged: &JudgedMove) -> String {
    // A no-break space, so a wrapping tooltip never leaves "%" alone at the start of a line.
    let percent = |p: f64| format!("{:.0}\u{a0}%", 100.0 * p);
    let chances = format!(
        "{}'s chances of winning {} → {}",
        judged.side_name,
        percent(judged.win_before),
        percent(judged.win_after)
    );
    match judged.class {
        MoveClass::Forced => "forced: the only move".to_string(),
        MoveClass::Best => format!("the best move ({chances})"),
        class => {
            // The line after the better move, its first few moves: the whole of it would not fit a tooltip.
            let line: Vec<&str> = judged.pv.iter().skip(1).take(PV_SHOWN).map(String::as_str).collect();
            let more = if judged.pv.len() > PV_SHOWN + 1 { " …" } else { "" };
            let line = if line.is_empty() { String::new() } else { format!(", then {}{more}", line.join(" ")) };
            format!(
                "{}: {chances}, a loss of {:.2} on the −1…+1 scale\nbetter was {}{line}",
                class.name(),
                judged.loss,
                judged.best
            )
        }
    }
}

/// How many moves of the better move's line a tooltip shows after it.
const PV_SHOWN: usize = 6;

/// The move tree before the judged move at `ply`, the move played and the best move first, into the Tree lab.
fn show_why(play: &mut Play, ply: usize) {
    let (Some(judged), Some(&played)) = (play.judged(ply).cloned(), play.history.moves().get(ply)) else {
        return play.say("This move was not judged: review the game first.".into(), true);
    };
    let position = play.history.position_at(ply);
    let lead: Vec<AnyMove> = std::iter::once(played).chain(position.find_move(&judged.best)).collect();
    match position.move_tree_led(play.review.why_shape, &lead) {
        Ok(mut tree) => {
            let units = in_units(&mut tree.root, &position);
            let depth = play.review.why_shape.depth;
            let note = if judged.best == judged.move_name {
                format!("Why {}: it was the best move ({depth} plies deep).", judged.move_name)
            } else {
                format!(
                    "Why {}{}: first the move played, then the better {} ({depth} plies deep). Step α-β.",
                    judged.move_name,
                    judged.class.mark(),
                    judged.best,
                )
            };
            play.tree_for_lab = Some((tree, format!("{note} {units}")));
        }
        Err(e) => play.say(format!("No tree for Show why: {e} (in the Review dialog)."), true),
    }
}

/// Rewrites the leaves of a move tree of `position`'s game, which hold the evaluation's raw scores (centipawns in
/// chess), in the unit people read them in (pawns, to two decimals: the search panel's and the Value plot's
/// numbers), and says so: "Values in pawns, + = White ahead." Dividing by a positive number keeps every
/// comparison, so α-β in the lab prunes as it would have.
fn in_units(root: &mut Node, position: &AnyGame) -> String {
    fn divide(node: &mut Node, divisor: f64) {
        match &mut node.body {
            Body::Leaf(value) => *value = (*value / divisor * 100.0).round() / 100.0,
            Body::Inner { children, .. } => children.iter_mut().for_each(|c| divide(c, divisor)),
        }
    }
    let axis = position.score_axis();
    if axis.divisor > 0.0 && axis.divisor != 1.0 {
        divide(root, axis.divisor);
    }
    let unit = if axis.unit.is_empty() { position.score_unit() } else { axis.unit };
    let first = position.side_names()[0];
    if unit.is_empty() {
        format!("Values: + = {first} ahead.")
    } else {
        format!("Values in {unit}, + = {first} ahead.")
    }
}

/// The reviewed game with its marks as a record (PGN with NAGs and evaluations for chess, the marked move list for
/// the others) and its file extension, or why there is none.
pub fn export_text(play: &Play) -> Result<(String, &'static str), String> {
    let done = play.review.done.as_ref().filter(|_| play.review().is_some()).ok_or("review the game first")?;
    crate::review::export_record(&play.history.position_at(0), &done.moves, &done.review, play.history.record_tags())
}

/// Writes the reviewed game with its marks to `saves/<game>-review-<n>.<ext>`.
fn export(play: &mut Play) {
    match export_text(play) {
        Ok((text, extension)) => {
            let id = format!("{}-review", play.entry().variant.id);
            let path = super::records_window::export_path(std::path::Path::new("saves"), &id, extension);
            // Atomic, so a failed write never leaves half a record under a name a later export skips.
            match crate::files::write_atomic(&path, text.as_bytes()) {
                Ok(()) => play.say(format!("Exported the review to {}.", path.display()), false),
                Err(e) => play.say(format!("The review could not be exported: {e}"), true),
            }
        }
        Err(e) => play.say(format!("The review could not be exported: {e}."), true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The message line and the panel's tooltips count classes in words: "inaccuracy" becomes "inaccuracies" (the
    /// window had written "2 inaccuracys" after a review of a chess game).
    #[test]
    fn counted_classes_are_plural_in_english() {
        assert_eq!(class_word(MoveClass::Inaccuracy, 2), "inaccuracies");
        assert_eq!(class_word(MoveClass::Inaccuracy, 1), "inaccuracy");
        assert_eq!(class_word(MoveClass::Mistake, 0), "mistakes");
        assert_eq!(class_word(MoveClass::Blunder, 3), "blunders");
        assert_eq!(class_word(MoveClass::Blunder, 1), "blunder");
    }

    /// The tooltip of 1…b3?? in tic-tac-toe, as the review judged it: the percentages keep their sign on their line
    /// (the review panel at 1280 × 800 had wrapped "0 %" into "0" and "%"), the loss in two decimals, the better move's
    /// line cut after six moves.
    #[test]
    fn a_blunders_words_name_the_chances_the_loss_and_the_better_line() {
        let judged = JudgedMove {
            ply: 1,
            move_name: "b3".into(),
            side: 1,
            side_name: "O".into(),
            class: MoveClass::Blunder,
            value_before: 0.0,
            value_after: -1.0,
            win_before: 0.5,
            win_after: 0.0,
            loss: 1.0,
            best: "a3".into(),
            pv: ["a3", "b3", "b1", "a2", "c2", "c1", "c3", "a1"].map(String::from).to_vec(),
            proven: true,
            depth: 9,
        };
        assert_eq!(
            judged_words(&judged),
            "blunder: O's chances of winning 50\u{a0}% → 0\u{a0}%, a loss of 1.00 on the −1…+1 scale\nbetter was a3, \
             then b3 b1 a2 c2 c1 c3 …"
        );
    }
}
