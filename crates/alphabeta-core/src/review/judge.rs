//! Judging a game's moves: one engine searches every position at the plan's budget, and each decision is
//! classed by the winning chances it lost against the best move, valued the same way.

use super::scale::{Certainty, WinScale, accuracy_of, proven_probability, win_probability, winning_chances};
use super::{JudgedMove, MoveClass, Review, ReviewBudget, ReviewError, ReviewSettings, SideSummary};
use crate::engine::game::{Side, Turn, Value};
use crate::engine::search::deepening::EngineConfig;
use crate::engine::search::limits::Limits;
use crate::games::any::{AnyEngine, AnyGame, AnyMove};
use crate::games::levels::level_config;
use crate::games::registry::AiDefaults;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

/// A review made ready: the game's id, the settings asked for, the search they make for this game, and the scale
/// its values are read on. Made once by [`ReviewPlan::new`]; [`review_game`] only follows it.
#[derive(Clone, Debug)]
pub struct ReviewPlan {
    /// The game's id (as the registry names it; it picks the fitted [`WinScale`]).
    pub game: String,
    /// The settings asked for.
    pub settings: ReviewSettings,
    /// The search every position gets.
    pub config: EngineConfig,
    /// How values read as win probabilities.
    pub scale: WinScale,
    /// Where values are wins outright.
    pub certainty: Certainty,
}

impl ReviewPlan {
    /// The plan for reviewing a game of `id` (whose AI levels are `ai`; [`AiDefaults::default`] for a game the
    /// registry does not list) from `start` with `settings`.
    pub fn new(id: &str, ai: &AiDefaults, settings: ReviewSettings, start: &AnyGame) -> ReviewPlan {
        let certainty = Certainty::of(start.value_bounds(), start.score_axis().win_from, start.has_chance());
        ReviewPlan {
            game: id.to_string(),
            settings,
            config: engine_config(ai, settings.budget),
            scale: WinScale::for_game(id, certainty),
            certainty,
        }
    }
}

/// The search of `budget`: a level's settings without its deliberate mistakes, or level 10's with one limit
/// replacing its depth, nodes and time.
fn engine_config(ai: &AiDefaults, budget: ReviewBudget) -> EngineConfig {
    let level = match budget {
        ReviewBudget::Level(level) => level,
        _ => 10,
    };
    let mut config = level_config(ai, level);
    config.skill = None;
    config.limits = match budget {
        ReviewBudget::Level(_) => config.limits,
        ReviewBudget::Nodes(nodes) => Limits { nodes: Some(nodes.max(1)), ..Limits::NONE },
        ReviewBudget::Depth(depth) => Limits::depth(depth.max(1)),
        ReviewBudget::TimeMs(ms) => Limits { time_ms: Some(ms.max(1)), ..Limits::NONE },
    };
    config
}

/// Reviews the game of `moves` from `start` on the caller's thread. `progress(done, total)` is called after each
/// ply (chance outcomes included, `total` = `moves.len()`); returning false cancels the review.
///
/// # Errors
/// [`ReviewError::Cancelled`]; a move that is not legal where it is played; the game's fault (a script's error)
/// during a search, with the script's message.
pub fn review_game(
    start: &AnyGame,
    moves: &[AnyMove],
    plan: &ReviewPlan,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Review, ReviewError> {
    review_game_until(start, moves, plan, &AtomicBool::new(false), progress)
}

/// [`review_game`] that also stops, within a search, when `stop` is set (from another thread: the window's
/// *Cancel*), with [`ReviewError::Cancelled`].
///
/// # Errors
/// As [`review_game`].
pub fn review_game_until(
    start: &AnyGame,
    moves: &[AnyMove],
    plan: &ReviewPlan,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Review, ReviewError> {
    let mut judge = Judge {
        engine: AnyEngine::new(plan.config.clone()),
        stop,
        found: HashMap::new(),
        plan,
        has_chance: start.has_chance(),
    };
    let mut game = start.clone();
    let mut judged = Vec::new();
    for (ply, &mv) in moves.iter().enumerate() {
        if let Some(side) = game.turn().side() {
            judged.push(judge.judge(&game, ply, side, mv)?);
        }
        game.try_play(mv).map_err(|e| ReviewError::IllegalMove { ply, message: e.0 })?;
        if !progress(ply + 1, moves.len()) || stop.load(Ordering::Relaxed) {
            return Err(ReviewError::Cancelled);
        }
    }
    let names = [start.side_name(Side::Max).to_string(), start.side_name(Side::Min).to_string()];
    let sides = [0, 1].map(|side| summary(&judged, side, names[side].clone()));
    Ok(Review { game: plan.game.clone(), settings: plan.settings, scale: plan.scale.clone(), moves: judged, sides })
}

/// One side's accuracy (the mean of its decisions', forced moves left out) and counts.
fn summary(moves: &[JudgedMove], side: usize, name: String) -> SideSummary {
    let mut counts = [0; 6];
    let mut accuracies = Vec::new();
    for judged in moves.iter().filter(|m| m.side == side) {
        counts[judged.class.index()] += 1;
        if judged.class != MoveClass::Forced {
            accuracies.push(accuracy_of(judged.win_before, judged.win_after));
        }
    }
    let accuracy = if accuracies.is_empty() { 100.0 } else { accuracies.iter().sum::<f64>() / accuracies.len() as f64 };
    SideSummary { name, accuracy, counts }
}

/// What a search of one position found, from MAX's point of view.
#[derive(Clone)]
struct Found {
    /// The value, MAX's view.
    value: Value,
    /// True when it is the game's true value (every line searched to the end, no chance), or the game is over.
    proven: bool,
    /// The best move and its line; empty when the game is over.
    line: Vec<AnyMove>,
}

/// The review's search state: one engine for every position, and what each position's search found (the
/// position after a move is the one before the next, and is searched once).
struct Judge<'a> {
    engine: AnyEngine,
    stop: &'a AtomicBool,
    found: HashMap<u64, Found>,
    plan: &'a ReviewPlan,
    has_chance: bool,
}

impl Judge<'_> {
    /// The decision `mv` of `side` in `game` (not yet played), judged.
    fn judge(&mut self, game: &AnyGame, ply: usize, side: Side, mv: AnyMove) -> Result<JudgedMove, ReviewError> {
        let legal = game.legal_moves();
        let after = self.after(game, ply, mv)?;
        let (before, best, line) = if legal.len() == 1 {
            (after.clone(), mv, vec![mv])
        } else {
            let searched = self.search(game, ply)?;
            match searched.line.first().copied() {
                Some(best) if best != mv => (self.after(game, ply, best)?, best, searched.line),
                // The played move is the best: its own search is the best's value at the same budget.
                _ => (after.clone(), mv, searched.line),
            }
        };
        let (win_before, win_after) = (self.win(&before, side), self.win(&after, side));
        let loss = (winning_chances(win_before) - winning_chances(win_after)).max(0.0);
        let (value_before, value_after) = (view(before.value, side), view(after.value, side));
        let class = if legal.len() == 1 {
            MoveClass::Forced
        } else if best == mv || value_after >= value_before || win_after >= win_before {
            MoveClass::Best
        } else {
            MoveClass::of_loss(loss)
        };
        let side_index = usize::from(side == Side::Min);
        Ok(JudgedMove {
            ply,
            move_name: game.move_name(mv),
            side: side_index,
            side_name: game.side_name(side).to_string(),
            class,
            value_before,
            value_after,
            win_before,
            win_after,
            loss,
            best: game.move_name(best),
            pv: game.line_names(&line),
        })
    }

    /// What the search finds after `mv` is played in `game`.
    fn after(&mut self, game: &AnyGame, ply: usize, mv: AnyMove) -> Result<Found, ReviewError> {
        let mut next = game.clone();
        next.try_play(mv).map_err(|e| ReviewError::IllegalMove { ply, message: e.0 })?;
        self.search(&next, ply)
    }

    /// The value of `game` (MAX's view) and its best line: the game's result when it is over, else a search at
    /// the plan's budget (once per position).
    fn search(&mut self, game: &AnyGame, ply: usize) -> Result<Found, ReviewError> {
        if let Some(value) = game.terminal_value() {
            return Ok(Found { value: value * game.turn().sign(), proven: true, line: Vec::new() });
        }
        if let Some(found) = self.found.get(&game.position_hash()) {
            return Ok(found.clone());
        }
        let thought = game
            .think_with(&mut self.engine, Some(self.stop))
            .map_err(|message| ReviewError::Fault { ply, message })?;
        if self.stop.load(Ordering::Relaxed) {
            return Err(ReviewError::Cancelled);
        }
        let found = match thought.last().or(thought.partial.as_ref()) {
            Some(iteration) => Found {
                value: iteration.value * game.turn().sign(),
                // With chance turns an exact value is an expected result, not a certain one.
                proven: iteration.exact && !self.has_chance,
                line: iteration.principal_variation.clone(),
            },
            None => Found { value: 0.0, proven: false, line: thought.best_move.into_iter().collect() },
        };
        self.found.insert(game.position_hash(), found.clone());
        Ok(found)
    }

    /// `side`'s probability of winning from a position the search found `found` for.
    fn win(&self, found: &Found, side: Side) -> f64 {
        let value = view(found.value, side);
        if found.proven {
            proven_probability(value)
        } else {
            win_probability(value, &self.plan.scale, self.plan.certainty)
        }
    }
}

/// A value from MAX's view as `side` sees it.
fn view(value: Value, side: Side) -> Value {
    value * Turn::from(side).sign()
}
