//! *Learn from your mistakes*, after a review: the board goes to each of one side's mistakes and blunders in turn
//! ([`crate::review::learn::mistakes`]), asks for a better move, and judges each try on a worker thread with the
//! review's own judgement ([`crate::review::learn::TryJudge`]); *Show the answer* plays the better line out on the
//! board. The game itself is never touched: the exercise has its own board, and leaving it (Escape, *Back to the
//! game*) shows the game as it was.
//!
//! The exercise's state lives here ([`Learn`]); its panel ([`panel`]) and the board push [`Action`]s that
//! [`apply`] carries out with the Play view's other actions, and [`drive`] reads the worker and plays the answer on.

pub mod panel;
mod worker;

use super::super::{Play, PlayerKind};
use super::Reviewed;
use super::outside::OutsideEngine;
use crate::games::any::{AnyGame, AnyMove};
use crate::play::numbering::numbered_move;
use crate::review::learn::{TryJudge, TryVerdict, mistakes};
use crate::review::{JudgedMove, MoveClass, ReviewPlan};
use eframe::egui;
use std::time::{Duration, Instant};

/// What the player asked of the exercise.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Start with the mistakes of this side (0 the first player, 1 the second).
    Start(usize),
    /// A move clicked on the exercise's board.
    Try(AnyMove),
    /// Stop judging the try under way.
    Cancel,
    /// Back to the position before the mistake, for another try.
    TryAgain,
    /// Play the better move and its line out on the board.
    ShowAnswer,
    /// The next mistake (after the last one, the summary).
    Next,
    /// The mistake before.
    Previous,
    /// The first mistake again, every result cleared.
    Restart,
    /// Leave the exercise: the board shows the game as it was.
    Leave,
}

/// The time between two moves of the answer's line on the board.
pub const ANSWER_STEP: Duration = Duration::from_millis(900);

/// What came of one mistake so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// Not tried yet.
    Untried,
    /// Tried, no try as good as the best yet.
    Missed,
    /// A try as good as the best, before the answer was shown.
    Found,
    /// The answer was shown before a good try.
    Shown,
}

/// Where the exercise is.
pub enum Phase {
    /// Waiting for a try on the position before the mistake.
    Asking,
    /// A try being judged on the worker (started by [`drive`], which can wake the window).
    Judging {
        /// The move tried.
        try_move: AnyMove,
        /// The worker judging it, once started.
        job: Option<worker::Job>,
    },
    /// A try judged.
    Judged {
        /// The move tried.
        try_move: AnyMove,
        /// How it compares with the best move.
        verdict: TryVerdict,
    },
    /// The better move and its line played out, `shown` moves of it on the board so far.
    Answer {
        /// The better move and the line after it.
        line: Vec<AnyMove>,
        /// How many of its moves are on the board.
        shown: usize,
        /// When the next one comes.
        next_at: Instant,
    },
    /// Every mistake seen: how many were found.
    Summary,
}

/// One side's mistakes as an exercise.
pub struct Exercise {
    /// The game's id, so the exercise is only of the game it was started from.
    pub game: String,
    /// The side whose mistakes these are: 0 the first player, 1 the second.
    pub side: usize,
    /// That side's name ("X", "Red").
    pub side_name: String,
    /// Its mistakes and blunders as the review judged them, in the order played.
    pub mistakes: Vec<JudgedMove>,
    /// What came of each.
    pub results: Vec<Attempt>,
    /// The mistake on the board.
    pub index: usize,
    /// Where the exercise is.
    pub phase: Phase,
    /// The last verdict that was not as good as the best, kept on view while the player tries again.
    pub last_miss: Option<TryVerdict>,
    /// The mistake's number as the move list gives it ("1…b1").
    pub numbered: Vec<String>,
    start: AnyGame,
    moves: Vec<AnyMove>,
    /// The position before the mistake on the board.
    before: AnyGame,
    /// The review's plan, which every try is judged by: its budget, scale and the oracle's nodes.
    pub plan: ReviewPlan,
    /// The judge kept between tries (its table and values); on the worker while a try is judged.
    judge: Option<TryJudge>,
    /// The outside engine that judged the review, if one did: it judges the tries (started with the first).
    outside: Option<OutsideEngine>,
}

/// The exercise's part of the Play view: none until the player starts one.
#[derive(Default)]
pub struct Learn {
    /// The exercise under way.
    pub exercise: Option<Exercise>,
}

impl Exercise {
    /// The mistake on the board.
    pub fn current(&self) -> &JudgedMove {
        &self.mistakes[self.index]
    }

    /// How many mistakes were found (a good try before the answer was shown).
    pub fn found(&self) -> usize {
        self.results.iter().filter(|&&r| r == Attempt::Found).count()
    }

    /// The position on the exercise's board, the move that led there (marked), and whether a click tries a move.
    /// The answer's moves are marked as played, not as a hint: a painter marks a hint where it would land in the
    /// position shown, which after the answer is played is another cell (the row above, in Connect Four).
    pub fn board(&self) -> (AnyGame, Option<AnyMove>, bool) {
        let last_of_game = self.current().ply.checked_sub(1).and_then(|i| self.moves.get(i).copied());
        match &self.phase {
            Phase::Asking => (self.before.clone(), last_of_game, self.before.outcome().is_none()),
            Phase::Judging { try_move, .. } | Phase::Judged { try_move, .. } => {
                (after(&self.before, &[*try_move]), Some(*try_move), false)
            }
            Phase::Answer { line, shown, .. } => {
                let shown = &line[..(*shown).min(line.len())];
                (after(&self.before, shown), shown.last().copied(), false)
            }
            Phase::Summary => (self.before.clone(), last_of_game, false),
        }
    }

    /// "1…b1 was a blunder. Find a better move for O."
    pub fn prompt(&self) -> String {
        let judged = self.current();
        format!(
            "{} was a {}. Find a better move for {}.",
            self.numbered[self.index],
            judged.class.name(),
            self.side_name
        )
    }

    /// The line above the board: the question, then what the last try earned, the answer or the score.
    pub fn heading(&self) -> String {
        match &self.phase {
            Phase::Asking | Phase::Judging { .. } => self.prompt(),
            Phase::Judged { verdict, .. } if verdict.played => "That's the move played in the game.".to_string(),
            Phase::Judged { verdict, .. } => match verdict.class {
                MoveClass::Best | MoveClass::Good | MoveClass::Forced => "Good move!".to_string(),
                MoveClass::Inaccuracy => "You can do better.".to_string(),
                class => format!("That's another {}.", class.name()),
            },
            Phase::Answer { .. } => format!("Better was {}.", self.current().best),
            Phase::Summary => format!("You found a better move for {} of {}.", self.found(), self.mistakes.len()),
        }
    }

    /// Goes to the mistake at `index`, waiting for a try.
    fn go_to(&mut self, index: usize) {
        self.index = index.min(self.mistakes.len().saturating_sub(1));
        self.before = after(&self.start, &self.moves[..self.current().ply]);
        self.phase = Phase::Asking;
        self.last_miss = None;
    }
}

/// `position` with `line` played on it (moves the exercise took from the game or the review, legal there).
fn after(position: &AnyGame, line: &[AnyMove]) -> AnyGame {
    let mut game = position.clone();
    for &mv in line {
        if game.try_play(mv).is_err() {
            break;
        }
    }
    game
}

/// True while an exercise is under way for the game on the board, as it was when the exercise started (a game
/// replaced from the menus meanwhile, by an import or a session, ends it: see [`drive`]).
pub fn active(play: &Play) -> bool {
    play.review.learn.exercise.as_ref().is_some_and(|e| {
        // The moves alone tell: an exercise has a mistake, so a game set up or imported afresh has other moves.
        e.game == play.entry().variant.id && play.history.moves() == e.moves
    })
}

/// The side whose mistakes the exercise offers: the one a person played, when exactly one side was a person's;
/// `None` when both or neither were (the player chooses).
pub fn players_side(play: &Play) -> Option<usize> {
    let human: Vec<usize> = (0..2).filter(|&i| play.players[i].kind == PlayerKind::Human).collect();
    (human.len() == 1).then(|| human[0])
}

/// Carries out one action of the exercise.
pub fn apply(play: &mut Play, action: Action) {
    if let Action::Start(side) = action {
        return start(play, side);
    }
    if !active(play) {
        return;
    }
    let Some(exercise) = play.review.learn.exercise.as_mut() else { return };
    match action {
        Action::Start(_) => {}
        Action::Try(mv) => try_move(play, mv),
        Action::Cancel => {
            if matches!(exercise.phase, Phase::Judging { .. }) {
                // Dropping the job stops its search; the judge went with it, and a new one serves the next try.
                exercise.phase = Phase::Asking;
                play.say("Stopped judging: try a move again.".into(), false);
            }
        }
        Action::TryAgain => exercise.phase = Phase::Asking,
        Action::ShowAnswer => show_answer(exercise),
        Action::Next if exercise.index + 1 < exercise.mistakes.len() => {
            let next = exercise.index + 1;
            exercise.go_to(next);
        }
        Action::Next => exercise.phase = Phase::Summary,
        Action::Previous => {
            let previous = exercise.index.saturating_sub(1);
            exercise.go_to(previous);
        }
        Action::Restart => {
            exercise.results.iter_mut().for_each(|r| *r = Attempt::Untried);
            exercise.go_to(0);
        }
        Action::Leave => leave(play),
    }
}

/// Starts the exercise on `side`'s mistakes of the game's review.
fn start(play: &mut Play, side: usize) {
    let Some(Reviewed { review, judged_with, .. }) = play.reviewed().cloned() else {
        return play.say("Review the game first: the exercise is made of the review's mistakes.".into(), true);
    };
    let found: Vec<JudgedMove> = mistakes(&review, side).into_iter().cloned().collect();
    let start = play.history.position_at(0);
    let side_name = review.sides.get(side).map_or_else(String::new, |s| s.name.clone());
    if found.is_empty() {
        return play.say(format!("{side_name} made no mistake or blunder in this game: nothing to learn."), false);
    }
    // The exercise's board is its own: the AI waits, and the game stays as it is until the player leaves.
    play.cancel_search();
    play.review.dialog_open = false;
    let variant = &play.entry().variant;
    let plan = ReviewPlan::new(&variant.id, &variant.ai, review.settings, &start);
    // The engine that judged this very review; for a review read back from a session, the preferences' one.
    let outside = judged_with.or_else(|| play.review.outside.engine_of_review(&review, &start));
    let numbered = found.iter().map(|m| numbered_move(&play.history, m.ply)).collect();
    let mut exercise = Exercise {
        game: variant.id.clone(),
        side,
        side_name,
        results: vec![Attempt::Untried; found.len()],
        mistakes: found,
        index: 0,
        phase: Phase::Asking,
        last_miss: None,
        numbered,
        before: start.clone(),
        start,
        moves: play.history.moves().to_vec(),
        plan,
        judge: None,
        outside,
    };
    exercise.go_to(0);
    play.review.learn.exercise = Some(exercise);
    play.message = None;
}

/// Judges a move clicked on the exercise's board, on the worker.
fn try_move(play: &mut Play, mv: AnyMove) {
    let Some(exercise) = play.review.learn.exercise.as_mut() else { return };
    if !matches!(exercise.phase, Phase::Asking) {
        return play.say("Press Try again to try another move on this position.".into(), false);
    }
    if let Err(e) = exercise.before.clone().try_play(mv) {
        return play.say(format!("{e}."), false);
    }
    exercise.phase = Phase::Judging { try_move: mv, job: None };
}

/// Starts the worker on the try waiting in `exercise`, with the window's context to wake it with the verdict.
fn start_job(exercise: &mut Exercise, try_move: AnyMove, ctx: &egui::Context) -> std::io::Result<worker::Job> {
    let request = worker::Request {
        start: exercise.start.clone(),
        plan: exercise.plan.clone(),
        before: exercise.before.clone(),
        judged: exercise.current().clone(),
        try_move,
        outside: exercise.outside.clone().map(|engine| (engine, exercise.moves.clone())),
    };
    let ctx = ctx.clone();
    worker::Job::start(request, exercise.judge.take(), move || ctx.request_repaint())
}

/// Plays the better move and its line out on the board, the first move at once.
fn show_answer(exercise: &mut Exercise) {
    let judged = exercise.current().clone();
    // The review names the line from the position before the mistake, the better move first.
    let mut position = exercise.before.clone();
    let mut line = Vec::new();
    for name in &judged.pv {
        let Some(mv) = position.find_move(name) else { break };
        if position.try_play(mv).is_err() {
            break;
        }
        line.push(mv);
    }
    if line.is_empty()
        && let Some(best) = exercise.before.find_move(&judged.best)
    {
        line.push(best);
    }
    if exercise.results[exercise.index] != Attempt::Found {
        exercise.results[exercise.index] = Attempt::Shown;
    }
    exercise.phase = Phase::Answer { line, shown: 1, next_at: Instant::now() + ANSWER_STEP };
}

/// Leaves the exercise: the board shows the game as it was (and the position on view, if one was).
fn leave(play: &mut Play) {
    play.review.learn.exercise = None;
    play.say("Back to the game: nothing in it was changed.".into(), false);
}

/// Reads the worker's verdict and plays the answer on: called once a frame.
pub fn drive(play: &mut Play, ctx: &egui::Context) {
    if play.review.learn.exercise.is_some() && !active(play) {
        play.review.learn.exercise = None;
        return;
    }
    let Some(exercise) = play.review.learn.exercise.as_mut() else { return };
    match &mut exercise.phase {
        Phase::Judging { try_move, job: None } => {
            let try_move = *try_move;
            match start_job(exercise, try_move, ctx) {
                Ok(job) => exercise.phase = Phase::Judging { try_move, job: Some(job) },
                Err(e) => {
                    exercise.phase = Phase::Asking;
                    play.say(format!("The move could not be judged: {e}."), true);
                }
            }
        }
        Phase::Judging { try_move, job: Some(job) } => {
            let try_move = *try_move;
            match job.poll() {
                None => ctx.request_repaint_after(Duration::from_millis(250)),
                Some((judge, result)) => {
                    exercise.judge = judge;
                    match result {
                        Ok(verdict) => judged(exercise, try_move, verdict),
                        Err(e) => {
                            exercise.phase = Phase::Asking;
                            play.say(format!("The move could not be judged: {e}."), true);
                        }
                    }
                }
            }
        }
        Phase::Answer { line, shown, next_at } if *shown < line.len() => {
            let now = Instant::now();
            if now >= *next_at {
                *shown += 1;
                *next_at = now + ANSWER_STEP;
            }
            ctx.request_repaint_after(next_at.saturating_duration_since(now));
        }
        _ => {}
    }
}

/// Records a verdict: a good try counts the mistake as found (unless its answer was shown first).
fn judged(exercise: &mut Exercise, try_move: AnyMove, verdict: TryVerdict) {
    let result = &mut exercise.results[exercise.index];
    if verdict.found() {
        if *result != Attempt::Shown {
            *result = Attempt::Found;
        }
    } else {
        if *result == Attempt::Untried {
            *result = Attempt::Missed;
        }
        exercise.last_miss = Some(verdict.clone());
    }
    exercise.phase = Phase::Judged { try_move, verdict };
}

/// A verdict in words: "Good move!", "You can do better: …", "That's another mistake: …".
pub fn verdict_words(verdict: &TryVerdict, judged: &JudgedMove, side: &str) -> String {
    let name = &verdict.move_name;
    if verdict.played {
        return format!("{name} is the move played in the game, the {} itself. Try another move.", judged.class.name());
    }
    match verdict.class {
        MoveClass::Best if name == &judged.best => format!("Good move! {name} is the best move."),
        MoveClass::Best => format!("Good move! {name} is as good as {}.", judged.best),
        MoveClass::Good => format!("Good move! {name} is nearly as good as {}.", judged.best),
        MoveClass::Inaccuracy => format!("You can do better: {}.", consequence(verdict, judged, side)),
        MoveClass::Mistake | MoveClass::Blunder => {
            format!("That's another {}: {}.", verdict.class.name(), consequence(verdict, judged, side))
        }
        MoveClass::Forced => format!("{name} is the only move."),
    }
}

/// What a try gives away against the better move: the outcome between proven values ("5 only draws where 4
/// wins"), else the side's chances of winning.
fn consequence(verdict: &TryVerdict, judged: &JudgedMove, side: &str) -> String {
    let outcome = |value: f64| {
        if value > 0.0 {
            "wins"
        } else if value < 0.0 {
            "loses"
        } else {
            "draws"
        }
    };
    let (name, best) = (&verdict.move_name, &judged.best);
    if verdict.proven {
        let only = if verdict.value_try == 0.0 { "only " } else { "" };
        return format!("{name} {only}{} where {best} {}", outcome(verdict.value_try), outcome(verdict.value_best));
    }
    let percent = |p: f64| format!("{:.0}\u{a0}%", 100.0 * p);
    format!(
        "after {name} {side}'s chances of winning are {}, after {best} {}",
        percent(verdict.win_try),
        percent(verdict.win_best)
    )
}

/// The exercise's keys, not while a text field has them: Escape leaves, ← and → go to the mistake before and
/// after. Escape is left to the view's help window or the review's dialog while one is open.
pub fn keys(play: &mut Play, ctx: &egui::Context) {
    if ctx.egui_wants_keyboard_input() {
        return;
    }
    let key = |key| ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, key));
    let action = if !play.help_open && !play.review.dialog_open && key(egui::Key::Escape) {
        Action::Leave
    } else if key(egui::Key::ArrowRight) {
        Action::Next
    } else if key(egui::Key::ArrowLeft) {
        Action::Previous
    } else {
        return;
    };
    play.actions.push(super::super::Action::Review(super::Action::Learn(action)));
}
