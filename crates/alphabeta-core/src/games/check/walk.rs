//! The visiting: seeded random games from the start, a walk of every move a few plies below each position they
//! pass, the checks at every position, and the fingerprint kept for every key seen.

use super::{CheckConfig, CheckReport, Finding, FindingKind, MAX_FINDINGS};
use crate::engine::game::{Turn, Value};
use crate::games::any::{AnyGame, AnyMove};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{HashMap, HashSet};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::Instant;

/// A position reached, as a step from the one before: its parent's index in [`Checker::steps`] and the name of the
/// move that led here. The lines of findings are read back from these.
struct Step {
    parent: u32,
    name: Box<str>,
}

/// The start's index in [`Checker::steps`].
const START: u32 = 0;

/// What a position shows of itself; two positions with the same key must show the same.
#[derive(Clone, Copy, PartialEq)]
struct Fingerprint {
    /// A hash of its moves' names, sorted.
    moves: u64,
    turn: Turn,
    /// The result's bits, when it is over.
    result: Option<u64>,
    /// The evaluation's bits, when it is not over (and not a chance turn).
    evaluation: Option<u64>,
}

impl Fingerprint {
    /// What differs between two fingerprints, in words.
    fn differences(&self, other: &Fingerprint) -> String {
        let mut what = Vec::new();
        if self.moves != other.moves {
            what.push("moves");
        }
        if self.turn != other.turn {
            what.push("turn");
        }
        if self.result != other.result {
            what.push("result");
        }
        if self.evaluation != other.evaluation {
            what.push("evaluation");
        }
        what.join(", ")
    }
}

/// What visiting a position found.
enum Visit {
    /// The game failed there (a script's error): nothing more can be asked of this game.
    Broken,
    /// Over, or with no move: nothing below it.
    Leaf,
    /// Its moves.
    Moves(Vec<AnyMove>),
}

/// Whether the game can go on being asked after a walk.
#[derive(PartialEq)]
enum Flow {
    Go,
    Broken,
}

/// One check's state: what has been seen and found so far.
pub(super) struct Checker<'a> {
    config: &'a CheckConfig,
    start: AnyGame,
    bounds: (Value, Value),
    /// See [`AnyGame::ends_by_history`].
    ends_by_history: bool,
    steps: Vec<Step>,
    /// Every key seen, its first position's fingerprint and step.
    seen: HashMap<u64, (Fingerprint, u32)>,
    /// The keys of the positions already walked below, so random games that pass the same position (the start, to
    /// begin with) walk it once.
    walked: HashSet<u64>,
    report: CheckReport,
    started: Instant,
    rng: ChaCha8Rng,
}

/// Clicks tried at most, all together: a click walks every cell, and a selection every cell again.
const MAX_CLICKS: u64 = 20_000;

impl<'a> Checker<'a> {
    pub(super) fn new(start: &AnyGame, config: &'a CheckConfig) -> Checker<'a> {
        Checker {
            config,
            start: start.clone(),
            bounds: start.value_bounds(),
            ends_by_history: start.ends_by_history(),
            steps: vec![Step { parent: START, name: "".into() }],
            seen: HashMap::new(),
            walked: HashSet::new(),
            report: CheckReport::default(),
            started: Instant::now(),
            rng: ChaCha8Rng::seed_from_u64(config.seed),
        }
    }

    pub(super) fn run(mut self) -> CheckReport {
        while self.report.games < self.config.games && !self.stopping() {
            self.report.games += 1;
            self.random_game();
        }
        self.report.keys = self.seen.len() as u64;
        self.report.seconds = self.started.elapsed().as_secs_f64();
        self.report
    }

    /// True once a cap is reached (and the report says which).
    fn stopping(&mut self) -> bool {
        if self.report.stopped.is_some() {
            return true;
        }
        let config = self.config;
        let why = if self.report.positions >= config.max_positions {
            format!("stopped at the cap of {} positions", config.max_positions)
        } else if self.started.elapsed() >= config.max_time {
            format!("stopped at the time cap of {} s", config.max_time.as_secs_f64())
        } else if self.report.findings.len() >= MAX_FINDINGS {
            format!("stopped at {MAX_FINDINGS} different findings")
        } else {
            return false;
        };
        self.report.stopped = Some(why);
        true
    }

    /// A new step below `parent`, by the move called `name`.
    fn step(&mut self, parent: u32, name: String) -> u32 {
        let index = u32::try_from(self.steps.len()).unwrap_or(u32::MAX);
        self.steps.push(Step { parent, name: name.into_boxed_str() });
        index
    }

    /// The moves from the start to `step`, by name.
    fn line(&self, mut step: u32) -> Vec<String> {
        let mut line = Vec::new();
        while step != START {
            let Some(s) = self.steps.get(step as usize) else { break };
            line.push(s.name.to_string());
            step = s.parent;
        }
        line.reverse();
        line
    }

    /// Records a fault at `step` (and `other`, for a collision). The same kind is counted once more rather than
    /// listed again — except a script's errors, each message its own finding.
    pub(super) fn note(&mut self, kind: FindingKind, message: String, step: u32, other: Option<u32>) {
        let same = |f: &&mut Finding| f.kind == kind && (kind != FindingKind::ScriptError || f.message == message);
        if let Some(finding) = self.report.findings.iter_mut().find(same) {
            finding.times += 1;
            return;
        }
        let (line, other_line) = (self.line(step), other.map(|o| self.line(o)));
        self.report.findings.push(Finding { kind, message, line, other_line, times: 1 });
    }

    /// Notes the game's fault, if it has one; true when it has.
    pub(super) fn faulted(&mut self, game: &AnyGame, step: u32) -> bool {
        match game.fault() {
            Some(message) => {
                self.note(FindingKind::ScriptError, message, step, None);
                true
            }
            None => false,
        }
    }

    /// Counts `n` clicks, and says how many more may be tried.
    pub(super) fn clicks_left(&mut self, n: u64) -> u64 {
        self.report.clicks += n;
        MAX_CLICKS.saturating_sub(self.report.clicks)
    }

    /// One random game from the start: every position it passes walked [`CheckConfig::depth`] plies deep and its
    /// board checked, then the whole game taken back and played again, each key and move list compared.
    fn random_game(&mut self) {
        let mut game = self.start.clone();
        let mut step = START;
        // Per move played: the move, and the key, moves and step before it.
        let (mut played, mut keys, mut lists, mut steps) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        loop {
            let key = game.position_hash();
            if self.walked.insert(key) && self.walk(&mut game, self.config.depth, step) == Flow::Broken {
                return;
            }
            super::script::check_board(self, &game, step);
            if game.terminal_value().is_some() || played.len() >= self.config.max_plies || self.stopping() {
                break;
            }
            let moves = game.legal_moves();
            if self.faulted(&game, step) {
                return;
            }
            let Some(&mv) = moves.get(self.rng.random_range(0..moves.len().max(1))) else { break };
            let next = self.step(step, game.move_name(mv));
            if let Err(refused) = game.try_play(mv) {
                self.note(super::script::refusal_kind(&game), refused.to_string(), next, None);
                return;
            }
            keys.push(key);
            lists.push(moves);
            steps.push(step);
            played.push(mv);
            step = next;
        }
        keys.push(game.position_hash());
        steps.push(step);
        self.take_back_and_replay(&mut game, &played, &keys, &lists, &steps);
    }

    /// Takes the random game `played` back to the start, checking each key on the way (`keys[i]`: before move
    /// `i`, and the last after the last move), then plays it again, checking each move list and key.
    fn take_back_and_replay(
        &mut self,
        game: &mut AnyGame,
        played: &[AnyMove],
        keys: &[u64],
        lists: &[Vec<AnyMove>],
        steps: &[u32],
    ) {
        for (i, &mv) in played.iter().enumerate().rev() {
            game.undo(mv);
            if self.faulted(game, steps[i]) {
                return;
            }
            if game.position_hash() != keys[i] {
                let message = format!(
                    "after the game's {} moves were taken back to here, the key is {:#x}, not {:#x} as before",
                    played.len(),
                    game.position_hash(),
                    keys[i]
                );
                return self.note(FindingKind::UndoMismatch, message, steps[i], None);
            }
        }
        for (i, &mv) in played.iter().enumerate() {
            if game.legal_moves() != lists[i] {
                let message = "the same moves from the start gave other moves here the second time".to_string();
                return self.note(FindingKind::NotDeterministic, message, steps[i], None);
            }
            let replayed = game.try_play(mv);
            if self.faulted(game, steps[i + 1]) {
                return;
            }
            if let Err(refused) = replayed {
                let message = format!("the move was legal the first time, then refused: {refused}");
                return self.note(FindingKind::NotDeterministic, message, steps[i + 1], None);
            }
            if game.position_hash() != keys[i + 1] {
                let message = format!(
                    "the same moves from the start gave the key {:#x} the first time and {:#x} the second",
                    keys[i + 1],
                    game.position_hash()
                );
                return self.note(FindingKind::NotDeterministic, message, steps[i + 1], None);
            }
        }
    }

    /// Checks the position at `step` and, `depth` plies deep, every position below it; each move is taken back
    /// and the key and moves compared with what they were.
    fn walk(&mut self, game: &mut AnyGame, depth: u32, step: u32) -> Flow {
        let (moves, names) = match self.visit(game, step) {
            (Visit::Broken, _) => return Flow::Broken,
            (Visit::Leaf, _) => return Flow::Go,
            (Visit::Moves(moves), names) => (moves, names),
        };
        if depth == 0 {
            return Flow::Go;
        }
        let key = game.position_hash();
        for (&mv, name) in moves.iter().zip(names) {
            if self.stopping() {
                return Flow::Go;
            }
            let child = self.step(step, name);
            if let Err(refused) = game.try_play(mv) {
                self.note(super::script::refusal_kind(game), refused.to_string(), child, None);
                return Flow::Broken;
            }
            let below = self.walk(game, depth - 1, child);
            game.undo(mv);
            if below == Flow::Broken || self.faulted(game, child) {
                return Flow::Broken;
            }
            if game.position_hash() != key {
                let message = format!(
                    "after this move and its undo the key is {:#x}, not {key:#x} as before",
                    game.position_hash()
                );
                self.note(FindingKind::UndoMismatch, message, child, None);
                return Flow::Broken;
            }
        }
        if game.legal_moves() != moves {
            let message = "after each move was played and taken back, the position's moves differ".to_string();
            self.note(FindingKind::UndoMismatch, message, step, None);
            return Flow::Broken;
        }
        Flow::Go
    }

    /// Checks one position (see the module's doc); its moves and their names when it goes on.
    fn visit(&mut self, game: &AnyGame, step: u32) -> (Visit, Vec<String>) {
        self.report.positions += 1;
        if self.faulted(game, step) {
            return (Visit::Broken, Vec::new());
        }
        let turn = game.turn();
        if let Some(value) = game.terminal_value() {
            self.check_value("result", turn.sign() * value, step);
            let print = Fingerprint { moves: 0, turn, result: Some(value.to_bits()), evaluation: None };
            self.record(game.position_hash(), print, step);
            return (Visit::Leaf, Vec::new());
        }
        let moves = game.legal_moves();
        let names: Vec<String> = moves.iter().map(|&mv| game.move_name(mv)).collect();
        if self.faulted(game, step) {
            return (Visit::Broken, Vec::new());
        }
        self.check_moves(&moves, &names, step);
        let evaluation = if turn == Turn::Chance {
            self.check_chances(game, &moves, step);
            None
        } else {
            let value = game.evaluate();
            if self.faulted(game, step) {
                return (Visit::Broken, Vec::new());
            }
            self.check_value("evaluate", turn.sign() * value, step);
            Some(value.to_bits())
        };
        let mut sorted: Vec<&String> = names.iter().collect();
        sorted.sort();
        let mut hasher = DefaultHasher::new();
        sorted.hash(&mut hasher);
        let print = Fingerprint { moves: hasher.finish(), turn, result: None, evaluation };
        self.record(game.position_hash(), print, step);
        if moves.is_empty() { (Visit::Leaf, names) } else { (Visit::Moves(moves), names) }
    }

    /// A result or evaluation (from the first player's point of view) must be a number inside the game's bounds.
    fn check_value(&mut self, what: &str, value: Value, step: u32) {
        let (low, high) = self.bounds;
        let problem = if !value.is_finite() {
            format!("{what} is {value}, not a number a search can compare")
        } else if value < low || value > high {
            format!("{what} is {value}, outside the game's bounds [{low}, {high}]")
        } else {
            return;
        };
        self.note(FindingKind::BadValue, problem, step, None);
    }

    /// No move in a position that is not over; the same move, or the same name, twice.
    fn check_moves(&mut self, moves: &[AnyMove], names: &[String], step: u32) {
        if moves.is_empty() {
            let message = "the game is not over, but there is no move (a side that cannot move needs a pass, or \
                           the game a result)";
            return self.note(FindingKind::NoMove, message.to_string(), step, None);
        }
        if let Some(twice) = first_repeat(moves) {
            let message = format!("the move {} is listed twice", names[twice]);
            self.note(FindingKind::DuplicateMove, message, step, None);
        }
        if let Some(twice) = first_repeat(names) {
            let message = format!("two different moves are both called {:?}", names[twice]);
            self.note(FindingKind::DuplicateName, message, step, None);
        }
    }

    /// Each outcome's probability a number from 0 to 1, and all of them adding up to 1.
    fn check_chances(&mut self, game: &AnyGame, moves: &[AnyMove], step: u32) {
        let chances: Vec<f64> = moves.iter().map(|&mv| game.probability(mv)).collect();
        let total: f64 = chances.iter().sum();
        let message = if let Some(bad) = chances.iter().find(|p| !(0.0..=1.0).contains(*p)) {
            format!("a chance outcome has the probability {bad}")
        } else if (total - 1.0).abs() > 1e-9 {
            format!("the chance outcomes' probabilities add up to {total}, not 1")
        } else {
            return;
        };
        self.note(FindingKind::BadChances, message, step, None);
    }

    /// Keeps the first fingerprint of every key, and notes a position whose key was seen with another.
    fn record(&mut self, key: u64, print: Fingerprint, step: u32) {
        match self.seen.get(&key) {
            None => {
                self.seen.insert(key, (print, step));
            }
            Some((first, _)) if *first == print => {}
            // The same position, over by its history (a repetition) in one line and not in the other.
            Some((first, _)) if self.ends_by_history && first.result.is_some() != print.result.is_some() => {}
            Some(&(first, first_step)) => {
                let message = format!(
                    "two positions have the same key ({key:#x}) but differ in their {}: the key must include \
                     everything moves, turn, result and evaluate depend on",
                    first.differences(&print)
                );
                self.note(FindingKind::KeyCollision, message, step, Some(first_step));
            }
        }
    }
}

/// The index of the first entry that an earlier one equals.
fn first_repeat<T: PartialEq>(list: &[T]) -> Option<usize> {
    (1..list.len()).find(|&i| list[..i].contains(&list[i]))
}
