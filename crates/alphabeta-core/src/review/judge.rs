//! Judging a game's moves: one engine searches every position at the plan's budget, and each decision is
//! classed by the winning chances it lost against the best move, valued the same way.

use super::accuracy::{MoveWin, game_accuracy};
use super::outside::{OutsideEngine, Question};
use super::scale::{Certainty, WinScale, lichess_chances, proven_probability, win_probability, winning_chances};
use super::{JudgedMove, MoveClass, Review, ReviewBudget, ReviewError, ReviewSettings, SideSummary};
use crate::engine::game::{Side, Value};
use crate::engine::search::compare::Comparison;
use crate::engine::search::deepening::EngineConfig;
use crate::engine::search::limits::Limits;
use crate::games::any::oracle::ExactOracle;
use crate::games::any::{AnyEngine, AnyGame, AnyMove};
use crate::games::levels::level_config;
use crate::games::registry::AiDefaults;
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
    /// The nodes the family's exact oracle may search for each position's proven value ([`ExactOracle`]): the
    /// node budget asked for, else [`EXACT_NODES`].
    pub exact_nodes: u64,
}

/// The exact oracle's nodes a position when the budget is not given in nodes: a Connect Four position of 9 stones
/// takes up to some ten million with the solver's table empty (docs/benchmarks.md), fewer once the table holds the
/// game's earlier positions.
pub const EXACT_NODES: u64 = 40_000_000;

impl ReviewPlan {
    /// The plan for reviewing a game of `id` (whose AI levels are `ai`; [`AiDefaults::default`] for a game the
    /// registry does not list) from `start` with `settings`.
    pub fn new(id: &str, ai: &AiDefaults, settings: ReviewSettings, start: &AnyGame) -> ReviewPlan {
        let certainty = Certainty::of(start.value_bounds(), start.score_axis().win_from, start.has_chance());
        ReviewPlan {
            game: id.to_string(),
            settings,
            config: engine_config(ai, settings.budget),
            scale: WinScale::for_game(id, certainty, start.has_chance()),
            certainty,
            exact_nodes: match settings.budget {
                ReviewBudget::Nodes(nodes) => nodes,
                _ => EXACT_NODES,
            },
        }
    }
}

/// The nodes a position's search gets at a level that has no node budget of its own (one held by its depth or its
/// time alone): the review holds every search by nodes, never by the clock.
pub const LEVEL_NODES: u64 = 1_000_000;

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
        // The level's depth and nodes, not its clock: the same record reviews the same on any machine and under any
        // load. A level without a node budget gets [`LEVEL_NODES`].
        ReviewBudget::Level(_) => {
            Limits { time_ms: None, nodes: Some(config.limits.nodes.unwrap_or(LEVEL_NODES)), ..config.limits }
        }
        ReviewBudget::Nodes(nodes) => Limits { nodes: Some(nodes.max(1)), ..Limits::NONE },
        ReviewBudget::Depth(depth) => Limits::depth(depth.max(1)),
        ReviewBudget::TimeMs(ms) => Limits { time_ms: Some(ms.max(1)), ..Limits::NONE },
    };
    config
}

/// Reviews the game of `moves` from `start` on the caller's thread. `progress(done, total)` is called after each
/// ply (chance outcomes included, `total` = `moves.len()`); returning false cancels the review.
///
/// The positions are judged from the last to the first, with one engine whose table is kept from one to the next
/// (as Lichess's analysis does): the position after a move was searched just before the move itself, so the move's
/// own value comes from that deeper search and a combination found near the end of a game is known where it began.
/// The order is fixed, so the review stays the same on any machine.
///
/// # Errors
/// [`ReviewError::Cancelled`]; a move that is not legal where it is played (found before any search); the game's
/// fault (a script's error) during a search, with the script's message.
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
    review(start, moves, plan, None, stop, progress)
}

/// [`review_game_until`] with each comparison asked of `outside` instead of the studio's search: where the family's
/// exact oracle proves a decision it still judges it, and the classes, the scale, the found-win rule, the accuracy
/// and the order of judging are the same. The review names who judged ([`Review::judged_by`]).
///
/// # Errors
/// As [`review_game`]; what the outside engine did wrong, as a [`ReviewError::Outside`] at the ply it was asked.
pub fn review_game_judged_by(
    start: &AnyGame,
    moves: &[AnyMove],
    plan: &ReviewPlan,
    outside: &mut dyn OutsideEngine,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Review, ReviewError> {
    review(start, moves, plan, Some(outside), stop, progress)
}

/// The review, by the studio's engine or by `outside`.
fn review(
    start: &AnyGame,
    moves: &[AnyMove],
    plan: &ReviewPlan,
    outside: Option<&mut dyn OutsideEngine>,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Review, ReviewError> {
    let decisions = decisions_of(start, moves)?;
    let mut oracle = start.exact_oracle().map_err(|message| ReviewError::Fault { ply: 0, message })?;
    let mut engine = AnyEngine::new(plan.config.clone());
    let judged_by = outside.as_deref().map(OutsideEngine::judged_by);
    let asked = outside.map(|engine| Asked { engine, start, moves });
    let mut judge = Judge {
        engine: &mut engine,
        stop,
        plan,
        has_chance: start.has_chance(),
        oracle: oracle.as_deref_mut(),
        outside: asked,
    };
    let mut judged = Vec::with_capacity(decisions.len());
    let chance_plies = moves.len() - decisions.len();
    for (done, decision) in decisions.iter().rev().enumerate() {
        judged.push(judge.judge(&decision.game, decision.ply, decision.side, decision.mv)?);
        if !progress(chance_plies + done + 1, moves.len()) || stop.load(Ordering::Relaxed) {
            return Err(ReviewError::Cancelled);
        }
    }
    judged.reverse();
    let names = [start.side_name(Side::Max).to_string(), start.side_name(Side::Min).to_string()];
    let sides = summaries(&judged, &names);
    Ok(Review {
        game: plan.game.clone(),
        settings: plan.settings,
        scale: plan.scale.clone(),
        moves: judged,
        sides,
        judged_by,
    })
}

/// An outside engine and the game it is asked about: its start and every move of it.
pub(super) struct Asked<'a> {
    pub(super) engine: &'a mut dyn OutsideEngine,
    pub(super) start: &'a AnyGame,
    pub(super) moves: &'a [AnyMove],
}

/// A player's decision in the game: the position, its ply, who moved and the move.
struct Decision {
    game: AnyGame,
    ply: usize,
    side: Side,
    mv: AnyMove,
}

/// Every player's decision of the game of `moves` from `start` (chance outcomes are played, not judged), or the
/// first move that is not legal where it is played.
fn decisions_of(start: &AnyGame, moves: &[AnyMove]) -> Result<Vec<Decision>, ReviewError> {
    let mut game = start.clone();
    let mut decisions = Vec::new();
    for (ply, &mv) in moves.iter().enumerate() {
        if let Some(side) = game.turn().side() {
            decisions.push(Decision { game: game.clone(), ply, side, mv });
        }
        game.try_play(mv).map_err(|e| ReviewError::IllegalMove { ply, message: e.0 })?;
    }
    Ok(decisions)
}

/// Each side's accuracy ([`game_accuracy`] over every decision, forced moves left out of the side's own; 100 for a
/// side that made none) and counts.
fn summaries(moves: &[JudgedMove], names: &[String; 2]) -> [SideSummary; 2] {
    let wins: Vec<MoveWin> = moves
        .iter()
        .map(|m| MoveWin {
            side: m.side,
            before: m.win_before,
            after: m.win_after,
            counted: m.class != MoveClass::Forced,
        })
        .collect();
    let accuracy = game_accuracy(&wins);
    [0, 1].map(|side| {
        let mut counts = [0; 6];
        for judged in moves.iter().filter(|m| m.side == side) {
            counts[judged.class.index()] += 1;
        }
        SideSummary { name: names[side].clone(), accuracy: accuracy[side].unwrap_or(100.0), counts }
    })
}

/// The decision `mv` of `side` (to move) in `game`, judged exactly as [`review_game`] judges each move it reads, by
/// `plan` with `engine` (its table kept between calls) and the family's `oracle`: *Learn from your mistakes* judges
/// a try with it, so a try and the move it replaces are judged alike; by `outside` instead of `engine` when the
/// review was judged by an outside engine.
///
/// # Errors
/// As [`review_game`], at `ply`.
#[allow(clippy::too_many_arguments)]
pub(super) fn judge_decision<'a>(
    game: &AnyGame,
    ply: usize,
    side: Side,
    mv: AnyMove,
    plan: &'a ReviewPlan,
    engine: &'a mut AnyEngine,
    oracle: Option<&'a mut (dyn ExactOracle + 'static)>,
    outside: Option<Asked<'a>>,
    stop: &'a AtomicBool,
) -> Result<JudgedMove, ReviewError> {
    Judge { engine, stop, plan, has_chance: game.has_chance(), oracle, outside }.judge(game, ply, side, mv)
}

/// The review's search state: one engine for every position, its table kept from one to the next.
struct Judge<'a> {
    engine: &'a mut AnyEngine,
    stop: &'a AtomicBool,
    plan: &'a ReviewPlan,
    has_chance: bool,
    /// The family's own exact values (an opening book, a solver), if it has them.
    oracle: Option<&'a mut (dyn ExactOracle + 'static)>,
    /// The engine outside the studio that compares instead of `engine`, if one does.
    outside: Option<Asked<'a>>,
}

/// A decision's two values, the best move's and the played move's, from the mover's view, and what they are.
struct Compared {
    before: Value,
    after: Value,
    /// Both values are proven: the game's true values.
    proven: bool,
    /// Both are proven, and at least one is known only as an outcome (win, draw, loss), not by how fast.
    outcome_only: bool,
    win_before: f64,
    win_after: f64,
    /// The depth of the search both values come from, in plies (0: the exact oracle's values).
    depth: u32,
}

impl Judge<'_> {
    /// The decision `mv` of `side` in `game` (not yet played), judged: on proven values when the family's oracle
    /// proves every move's, else on the engine's search.
    fn judge(&mut self, game: &AnyGame, ply: usize, side: Side, mv: AnyMove) -> Result<JudgedMove, ReviewError> {
        let legal = game.legal_moves();
        if !legal.contains(&mv) {
            let why = game.clone().try_play(mv).err().map_or_else(|| "not a legal move".to_string(), |e| e.0);
            return Err(ReviewError::IllegalMove { ply, message: why });
        }
        let (compared, best, line) = match self.exact(game, &legal, mv, ply)? {
            Some(exact) => exact,
            None => self.comparison(game, ply, mv)?,
        };
        let class = if legal.len() == 1 {
            MoveClass::Forced
        } else if compared.proven {
            proven_class(compared.before, compared.after, compared.outcome_only)
        } else if best == mv || compared.after >= compared.before || compared.win_after >= compared.win_before {
            MoveClass::Best
        } else if let Some(class) = found_win_class(&compared, self.plan.certainty) {
            class
        } else {
            MoveClass::of_loss(loss_of(&compared))
        };
        Ok(JudgedMove {
            ply,
            move_name: game.move_name(mv),
            side: usize::from(side == Side::Min),
            side_name: game.side_name(side).to_string(),
            class,
            value_before: compared.before,
            value_after: compared.after,
            win_before: compared.win_before,
            win_after: compared.win_after,
            loss: loss_of(&compared),
            best: game.move_name(best),
            pv: game.line_names(&line),
            proven: compared.proven,
            depth: compared.depth,
        })
    }

    /// The decision judged on the oracle's proven values of every legal move, or `None` when the family has no
    /// oracle or one move's value is not proven within the budget (then no proven value is compared with a searched
    /// one: the engine judges the whole decision). The best is the first move (in the game's order) of the highest
    /// value.
    fn exact(
        &mut self,
        game: &AnyGame,
        legal: &[AnyMove],
        mv: AnyMove,
        ply: usize,
    ) -> Result<Option<(Compared, AnyMove, Vec<AnyMove>)>, ReviewError> {
        let Some(oracle) = self.oracle.as_deref_mut() else { return Ok(None) };
        let mut values = Vec::with_capacity(legal.len());
        for &candidate in legal {
            let mut next = game.clone();
            next.try_play(candidate).map_err(|e| ReviewError::IllegalMove { ply, message: e.0 })?;
            let proven = oracle.value(&next, self.plan.exact_nodes, self.stop);
            if self.stop.load(Ordering::Relaxed) {
                return Err(ReviewError::Cancelled);
            }
            let Some(proven) = proven else { return Ok(None) };
            // The child's value is for its player to move; the mover's is its negation unless the mover moves again.
            let sign = if next.turn() == game.turn() { 1.0 } else { -1.0 };
            values.push((candidate, sign * proven.value, proven.outcome_only));
        }
        let Some(&(best, before, best_outcome)) =
            values.iter().fold(None, |top: Option<&(AnyMove, Value, bool)>, entry| match top {
                Some(top) if top.1 >= entry.1 => Some(top),
                _ => Some(entry),
            })
        else {
            return Ok(None);
        };
        let Some(&(_, after, played_outcome)) = values.iter().find(|entry| entry.0 == mv) else {
            return Err(ReviewError::IllegalMove { ply, message: format!("{} is not legal here", game.move_name(mv)) });
        };
        let compared = Compared {
            before,
            after,
            proven: true,
            outcome_only: best_outcome || played_outcome,
            win_before: proven_probability(before),
            win_after: proven_probability(after),
            depth: 0,
        };
        Ok(Some((compared, best, vec![best])))
    }

    /// The decision judged on one comparison by the engine: the played move and the best move valued together, at
    /// the same depth of one deepening ([`AnyGame::compare_with`]), so that two searches' noise cannot make the best
    /// move look lost. Proven values are compared as such only when both are; otherwise both are read on the
    /// game's scale.
    fn searched(
        &mut self,
        game: &AnyGame,
        ply: usize,
        mv: AnyMove,
    ) -> Result<(Compared, AnyMove, Vec<AnyMove>), ReviewError> {
        // The review judges the position, not the AI's caution: a position that stood once before is no draw.
        let mut root = game.clone();
        root.analyse_from_here();
        let found = root
            .compare_with(self.engine, mv, Some(self.stop))
            .map_err(|message| ReviewError::Fault { ply, message })?;
        if self.stop.load(Ordering::Relaxed) {
            return Err(ReviewError::Cancelled);
        }
        // Not even one iteration within the budget: nothing to tell the moves apart by.
        let Some(found) = found else {
            let compared = Compared::equal(0.0, 0.5, 0);
            return Ok((compared, mv, vec![mv]));
        };
        Ok(self.read(found))
    }

    /// A comparison's two values as the review reads them: exact ones as proven outcomes (but with chance turns,
    /// where an exact value is an expected result, not a certain one), the others on the game's scale. The values
    /// are from the side to move at the root: the mover's.
    fn read(&self, found: Comparison<AnyMove>) -> (Compared, AnyMove, Vec<AnyMove>) {
        let proven = found.exact && !self.has_chance;
        let win = |value: Value| {
            if proven {
                proven_probability(value)
            } else {
                win_probability(value, &self.plan.scale, self.plan.certainty)
            }
        };
        let compared = Compared {
            before: found.best_value,
            after: found.played_value,
            proven,
            outcome_only: false,
            win_before: win(found.best_value),
            win_after: win(found.played_value),
            depth: found.depth,
        };
        (compared, found.best, found.line)
    }

    /// The decision judged on the outside engine's comparison when the review has one (its values never exact:
    /// read on the game's scale as the studio's own search's are), else on the studio's search.
    fn comparison(
        &mut self,
        game: &AnyGame,
        ply: usize,
        mv: AnyMove,
    ) -> Result<(Compared, AnyMove, Vec<AnyMove>), ReviewError> {
        let Some(asked) = self.outside.as_mut() else { return self.searched(game, ply, mv) };
        let before = asked.moves.get(..ply).unwrap_or(asked.moves);
        let question = Question { start: asked.start, before, position: game, played: mv };
        let found = asked.engine.compare(&question, self.stop);
        if self.stop.load(Ordering::Relaxed) {
            return Err(ReviewError::Cancelled);
        }
        let found = found.map_err(|message| ReviewError::Outside { ply, message })?;
        Ok(self.read(Comparison { exact: false, ..found }))
    }
}

impl Compared {
    /// Two equal values, `value` and its win probability `win`, from a search `depth` plies deep.
    fn equal(value: Value, win: f64, depth: u32) -> Compared {
        Compared {
            before: value,
            after: value,
            proven: false,
            outcome_only: false,
            win_before: win,
            win_after: win,
            depth,
        }
    }
}

/// Winning chances lost on the −1…+1 scale.
fn loss_of(compared: &Compared) -> f64 {
    (winning_chances(compared.win_before) - winning_chances(compared.win_after)).max(0.0)
}

/// Lichess's judgement of a move where a win or a loss the search found (chess's mate) comes or goes, one side
/// of the comparison found and the other an evaluation (lila's `MateAdvice`): a found loss let in is a blunder,
/// a mistake when the mover was already as far behind as 7 pawns are in chess (winning chances under −0.859), an
/// inaccuracy beyond 10 (−0.951); a found win given up likewise by how far ahead the mover stays. Any other change
/// of a found value (a slower win, a longer defence) marks nothing. `None` when neither value is a found one.
fn found_win_class(compared: &Compared, certainty: Certainty) -> Option<MoveClass> {
    let won = |value: Value| value >= certainty.win_from;
    let lost = |value: Value| value <= -certainty.win_from;
    let (before, after) = (compared.before, compared.after);
    if !(won(before) || lost(before) || won(after) || lost(after)) {
        return None;
    }
    let class = if !won(before) && !lost(before) && lost(after) {
        by_margin(-winning_chances(compared.win_before))
    } else if won(before) && !won(after) {
        by_margin(if lost(after) { -1.0 } else { winning_chances(compared.win_after) })
    } else {
        MoveClass::Good
    };
    Some(class)
}

/// How a found win or loss that came or went is marked when the mover is `ahead` (winning chances, −1…+1) on the
/// other side of it: Lichess's 700 and 999 centipawns, as winning chances on its scale.
fn by_margin(ahead: f64) -> MoveClass {
    if ahead > lichess_chances(999.0) {
        MoveClass::Inaccuracy
    } else if ahead > lichess_chances(700.0) {
        MoveClass::Mistake
    } else {
        MoveClass::Blunder
    }
}

/// The class of a move between proven values (the mover's view), by the outcome it keeps: one that keeps the best
/// move's outcome is never marked (the best's own value, or a value only known as its outcome: best; a slower win or
/// a longer defence: good); one that turns a win into a draw is a mistake; one that turns a win or a draw into a loss
/// is a blunder.
pub(super) fn proven_class(before: Value, after: Value, outcome_only: bool) -> MoveClass {
    let outcome = |value: Value| {
        if value > 0.0 {
            1
        } else if value < 0.0 {
            -1
        } else {
            0
        }
    };
    match (outcome(before), outcome(after)) {
        (b, a) if a > b || (a == b && (after >= before || outcome_only)) => MoveClass::Best,
        (b, a) if a == b => MoveClass::Good,
        (_, -1) => MoveClass::Blunder,
        _ => MoveClass::Mistake,
    }
}

#[cfg(test)]
mod tests {
    use super::super::scale::LICHESS_S;
    use super::*;

    /// lila's `MateAdvice`, as `bench/review_quality.py` transcribes it for the oracle's side: a mate let in is a
    /// blunder unless the mover was already over 7 pawns (a mistake) or 9.99 (an inaccuracy) behind; a mate given
    /// up likewise by what is left; a slower mate or a longer defence is no error. On Lichess's own scale, so that
    /// pawns are Stockfish's.
    #[test]
    fn a_found_win_that_comes_or_goes_is_judged_as_lichess_judges_a_mate() {
        let scale = WinScale { s: LICHESS_S, games: 0, source: String::new(), expected: false, ceiling: Some(1000.0) };
        let certainty = Certainty::of((-1e6, 1e6), 990_000.0, false);
        let judged = |before: Value, after: Value| {
            let win = |value| win_probability(value, &scale, certainty);
            let compared = Compared {
                before,
                after,
                proven: false,
                outcome_only: false,
                win_before: win(before),
                win_after: win(after),
                depth: 12,
            };
            found_win_class(&compared, certainty)
        };
        use MoveClass::*;
        let mate = 999_990.0;
        for (before, after, class) in [
            (300.0, -mate, Some(Blunder)),
            (-650.0, -mate, Some(Blunder)),
            (-800.0, -mate, Some(Mistake)),
            (-1200.0, -mate, Some(Inaccuracy)),
            (mate, 500.0, Some(Blunder)),
            (mate, 800.0, Some(Mistake)),
            (mate, 1500.0, Some(Inaccuracy)),
            (mate, -mate, Some(Blunder)),
            (mate, mate - 10.0, Some(Good)),
            (-mate + 10.0, -mate, Some(Good)),
            (300.0, 200.0, None),
        ] {
            assert_eq!(judged(before, after), class, "{before} -> {after}");
        }
    }
}
