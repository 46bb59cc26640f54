//! The visiting: seeded random games from the start, a walk of every move a few plies below each position they
//! pass, the checks at every position (its board's clicks, and every move played and taken back), the fingerprint
//! kept for every key seen, and the sizing of the walk to the game.

use super::plan::{DEEP_GAMES, MOST_GAMES, PROBE_GAMES, SECONDS};
use super::{CheckConfig, CheckReport, Finding, FindingKind, MAX_FINDINGS};
use crate::engine::game::{Turn, Value};
use crate::games::any::{AnyGame, AnyMove};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{HashMap, HashSet};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::Instant;

/// A position reached, as a step from the one before: its parent's index in [`Checker::steps`] and the move that
/// led here. The lines of findings are read back from these, named by playing them again (see [`Checker::line`]):
/// a step is kept for every position walked, millions of them, so it holds no name.
struct Step {
    parent: u32,
    mv: AnyMove,
}

/// The start's index in [`Checker::steps`].
const START: u32 = 0;

/// After how many of a position's moves, at most (and about), the walk lists its moves again to compare them with
/// what they were before the move and its undo (see [`Checker::walk`]).
const MOVES_RECHECKED: usize = 256;

/// What a position shows of itself; two positions with the same key must show the same. (Kept for every key seen,
/// millions of them: 24 bytes.)
#[derive(Clone, Copy, PartialEq)]
struct Fingerprint {
    /// A hash of its moves' names, sorted.
    moves: u64,
    /// The result's bits when it is over, the evaluation's when it is not (and not a chance turn), as `valued` says.
    value: u64,
    valued: Valued,
    turn: Turn,
}

/// What [`Fingerprint::value`] holds.
#[derive(Clone, Copy, PartialEq)]
enum Valued {
    Result,
    Evaluation,
    Neither,
}

impl Fingerprint {
    fn result(&self) -> Option<u64> {
        (self.valued == Valued::Result).then_some(self.value)
    }

    fn evaluation(&self) -> Option<u64> {
        (self.valued == Valued::Evaluation).then_some(self.value)
    }

    /// What differs between two fingerprints, in words.
    fn differences(&self, other: &Fingerprint) -> String {
        let mut what = Vec::new();
        if self.moves != other.moves {
            what.push("moves");
        }
        if self.turn != other.turn {
            what.push("turn");
        }
        if self.result() != other.result() {
            what.push("result");
        }
        if self.evaluation() != other.evaluation() {
            what.push("evaluation");
        }
        what.join(", ")
    }
}

/// What a position is before a move is played from it, for the comparison after the move is taken back.
struct Before {
    key: u64,
    turn: Turn,
    moves: Vec<AnyMove>,
    /// The evaluation's bits (not at a chance turn).
    evaluation: Option<u64>,
}

/// What visiting a position found.
enum Visit {
    /// The game failed there (a script's error): nothing more can be asked of this game.
    Broken,
    /// Over, or with no move: nothing below it.
    Leaf,
    /// Its moves, their names, and what it is.
    Moves(Before, Vec<String>),
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
    /// See [`GameInfo::ends_by_history`](crate::games::any::GameInfo::ends_by_history).
    ends_by_history: bool,
    steps: Vec<Step>,
    /// Every key seen, its first position's fingerprint and step.
    seen: HashMap<u64, (Fingerprint, u32)>,
    /// The keys of the positions already walked below, and how deep, so random games that pass the same position
    /// (the start, to begin with) walk it once.
    walked: HashMap<u64, u32>,
    /// The step of the random game's position being walked below, and the keys of the positions whose board was
    /// clicked (those of the random games: see [`super::script::check_board`]).
    line_step: u32,
    followed: HashSet<u64>,
    report: CheckReport,
    started: Instant,
    rng: ChaCha8Rng,
    /// Random games to play, and plies to walk below their positions: given, the measuring games', or planned.
    games: u32,
    depth: u32,
    /// What the random games measured, for the plan: the positions on their lines, the moves there, their plies.
    line_positions: u64,
    line_moves: u64,
    plies: u64,
    /// True while the first games measure the game, to be played again.
    measuring: bool,
    /// The time spent making the random games' starts, and drawing and clicking their boards.
    start_seconds: f64,
    board_seconds: f64,
}

impl<'a> Checker<'a> {
    pub(super) fn new(start: &AnyGame, config: &'a CheckConfig) -> Checker<'a> {
        Checker {
            config,
            start: start.clone(),
            bounds: start.value_bounds(),
            ends_by_history: start.ends_by_history(),
            steps: vec![Step { parent: START, mv: 0 }],
            seen: HashMap::new(),
            walked: HashMap::new(),
            line_step: START,
            followed: HashSet::new(),
            report: CheckReport::default(),
            started: Instant::now(),
            rng: ChaCha8Rng::seed_from_u64(config.seed),
            games: config.games.unwrap_or(PROBE_GAMES),
            depth: config.depth.unwrap_or(0),
            line_positions: 0,
            line_moves: 0,
            plies: 0,
            measuring: false,
            start_seconds: 0.0,
            board_seconds: 0.0,
        }
    }

    pub(super) fn run(mut self) -> CheckReport {
        if self.config.games.is_none() || self.config.depth.is_none() {
            self.games = self.games.min(PROBE_GAMES);
            // Played again below, deeper: the games taken back then, where a walk has already named any move whose
            // undo fails.
            self.measuring = self.config.depth.is_none();
            self.play_games();
            self.measuring = false;
            let measured_depth = self.depth;
            self.plan();
            if self.depth > measured_depth {
                // The measuring games again, now as deep as the rest: every game of the report walked alike.
                self.rng = ChaCha8Rng::seed_from_u64(self.config.seed);
                self.report.games = 0;
                self.report.ended_games = 0;
            }
        }
        self.report.planned_games = self.games;
        self.report.depth = self.depth;
        self.play_games();
        self.report.keys = self.seen.len() as u64;
        self.report.seconds = self.started.elapsed().as_secs_f64();
        self.report
    }

    fn play_games(&mut self) {
        while self.report.games < self.games && !self.stopping() {
            self.report.games += 1;
            self.random_game();
        }
    }

    /// Sizes the rest of the check to the game, from what the games played so far measured (see [`super::check`]).
    fn plan(&mut self) {
        let played = f64::from(self.report.games.max(1));
        let moves = (self.line_moves as f64 / self.line_positions.max(1) as f64).max(1.0);
        let plies = self.plies as f64 / played;
        // A game costs its start (a script's is a new Lua state), its board drawn and clicked at each of its plies,
        // and its positions.
        let per_start = self.start_seconds / played + self.board_seconds / played;
        let elapsed = self.started.elapsed().as_secs_f64() - self.start_seconds - self.board_seconds;
        let per_position = (elapsed / self.report.positions.max(1) as f64).max(1e-9);
        // Half the time cap and 60 % of the positions cap at most, so that games longer or slower than measured
        // still finish.
        let seconds = SECONDS.min(self.config.max_time.as_secs_f64() / 2.0);
        let positions = self.config.max_positions as f64 * 0.6;
        // Every position of a game, and all below it `depth` plies deep (an upper bound: positions met twice are
        // walked once).
        let per_game = |depth: u32| (plies + 1.0) * (0..=depth).map(|d| moves.powi(d as i32)).sum::<f64>();
        let fits = |depth: u32| {
            let by_time = seconds / (per_start + per_game(depth) * per_position);
            (by_time.min(positions / per_game(depth))).clamp(0.0, f64::from(MOST_GAMES)) as u32
        };
        self.report.sized = Some((moves, plies));
        match (self.config.games, self.config.depth) {
            (Some(games), _) => {
                self.games = games;
                self.depth = if fits(2) >= games { 2 } else { 1 };
            }
            (None, Some(depth)) => {
                self.games = fits(depth).max(1);
                self.depth = depth;
            }
            (None, None) if fits(2) >= DEEP_GAMES => {
                self.games = fits(2);
                self.depth = 2;
            }
            (None, None) => {
                self.games = fits(1).max(1);
                self.depth = 1;
            }
        }
    }

    /// The seed of the check (the dice roll with it).
    pub(super) fn seed(&self) -> u64 {
        self.config.seed
    }

    /// True once a cap is reached (and the report says which).
    pub(super) fn stopping(&mut self) -> bool {
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

    /// A new step below `parent`, by the move `mv`.
    fn step(&mut self, parent: u32, mv: AnyMove) -> u32 {
        let index = u32::try_from(self.steps.len()).unwrap_or(u32::MAX);
        self.steps.push(Step { parent, mv });
        index
    }

    /// The moves from the start to `step`, by name: played again from the start, each named in the position it is
    /// played from (a name may depend on it: chess's SAN). Once a move fails, the rest are named where it failed.
    fn line(&self, mut step: u32) -> Vec<String> {
        let mut moves = Vec::new();
        while step != START {
            let Some(s) = self.steps.get(step as usize) else { break };
            moves.push(s.mv);
            step = s.parent;
        }
        moves.reverse();
        let mut game = self.start.clone();
        let mut playing = true;
        let mut names = Vec::with_capacity(moves.len());
        for mv in moves {
            names.push(game.move_name(mv));
            playing = playing && game.play_listed(mv).is_ok();
        }
        names
    }

    /// Records a fault at `step` (and `other`, for a collision). The same fault is counted once more rather than
    /// listed again: the same kind, and for a script's error the same line and words but for the numbers in them
    /// (the move, the count that differ from one position to the next).
    pub(super) fn note(&mut self, kind: FindingKind, message: String, step: u32, other: Option<u32>) {
        let group = |message: &str| if kind == FindingKind::ScriptError { fault_group(message) } else { String::new() };
        let this = group(&message);
        let same = |f: &&mut Finding| f.kind == kind && group(&f.message) == this;
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
                let (kind, message) = super::script::classify(game, message);
                self.note(kind, message, step, None);
                true
            }
            None => false,
        }
    }

    /// Counts one click (or roll of the dice).
    pub(super) fn count_click(&mut self) {
        self.report.clicks += 1;
    }

    /// One random game from the start: every position it passes walked [`CheckConfig::depth`] plies deep and its
    /// board checked, then the whole game taken back and played again, each key and move list compared.
    fn random_game(&mut self) {
        let starting = Instant::now();
        let mut game = self.start.clone();
        self.start_seconds += starting.elapsed().as_secs_f64();
        let mut step = START;
        // Per move played: the move, and the key, moves and step before it.
        let (mut played, mut keys, mut lists, mut steps) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        loop {
            let key = game.position_hash();
            let depth = self.depth;
            if self.walked.get(&key).is_none_or(|&walked| walked < depth) {
                self.walked.insert(key, depth);
                self.line_step = step;
                if self.walk(&mut game, depth, step) == Flow::Broken {
                    return;
                }
            }
            if game.terminal_value().is_some() {
                self.report.ended_games += 1;
                break;
            }
            if played.len() >= self.config.max_plies || self.stopping() {
                break;
            }
            let moves = game.legal_moves();
            if self.faulted(&game, step) {
                return;
            }
            self.line_positions += 1;
            self.line_moves += moves.len() as u64;
            let Some(&mv) = moves.get(self.rng.random_range(0..moves.len().max(1))) else { break };
            let next = self.step(step, mv);
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
        self.plies += played.len() as u64;
        if self.measuring {
            return;
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
            let moves = game.legal_moves();
            let key = match super::script::reread(game) {
                None => Ok(game.position_hash()),
                Some(read) => read.map(|(_, _, key)| key),
            };
            if self.faulted(game, steps[i]) {
                return;
            }
            let key = match key {
                Ok(key) => key,
                Err(error) => return self.note(FindingKind::ScriptError, error.message, steps[i], None),
            };
            let what = match (key != keys[i], moves != lists[i]) {
                (false, false) => continue,
                (true, false) => "key differs",
                (false, true) => "moves differ",
                (true, true) => "key and moves differ",
            };
            let message = format!(
                "{}after the game's {} moves were taken back to here, the position's {what} from before: undo must \
                 put back everything play changed",
                super::script::undo_place(game),
                played.len(),
            );
            return self.note(FindingKind::UndoMismatch, message, steps[i], None);
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
    /// and the position compared with what it was.
    fn walk(&mut self, game: &mut AnyGame, depth: u32, step: u32) -> Flow {
        let (before, names) = match self.visit(game, step) {
            Visit::Broken => return Flow::Broken,
            Visit::Leaf => return Flow::Go,
            Visit::Moves(before, names) => (before, names),
        };
        if depth == 0 {
            return Flow::Go;
        }
        let count = before.moves.len();
        // Every child's undo is checked for the key, turn, result and evaluation (a few calls each), but the moves
        // are listed again after at most about [`MOVES_RECHECKED`] of them (spread over the list, the last
        // included): listing them after each of a position's n moves would cost n² (100,000 moves: minutes).
        let stride = count.div_ceil(MOVES_RECHECKED).max(1);
        for (i, (&mv, name)) in before.moves.iter().zip(names).enumerate() {
            if self.stopping() {
                return Flow::Go;
            }
            let child = self.step(step, mv);
            // Listed just now: played as the search plays it, without listing the moves again.
            if let Err(refused) = game.play_listed(mv) {
                self.note(super::script::refusal_kind(game), refused.to_string(), child, None);
                return Flow::Broken;
            }
            let below = self.walk(game, depth - 1, child);
            game.undo(mv);
            let recheck = i % stride == 0 || i + 1 == count;
            if below == Flow::Broken || self.faulted(game, child) || !self.restored(game, &before, &name, step, recheck)
            {
                return Flow::Broken;
            }
        }
        Flow::Go
    }

    /// After the move `name` and its undo: whether the position is what it was (`before`) in its key, turn,
    /// moves, result and evaluation, each asked afresh (a script's key, turn and result are asked again: the ones
    /// kept since the position was reached would hide an `undo` that forgets them); the moves only when `moves`
    /// says so. A difference is noted.
    fn restored(&mut self, game: &AnyGame, before: &Before, name: &str, step: u32, moves: bool) -> bool {
        let moves = if moves { Some(game.legal_moves()) } else { None };
        let (key, turn, over) = match super::script::reread(game) {
            None => (game.position_hash(), game.turn(), game.terminal_value().is_some()),
            Some(Ok((turn, over, key))) => (key, turn, over),
            Some(Err(error)) => {
                self.note(FindingKind::ScriptError, error.message, step, None);
                return false;
            }
        };
        if self.faulted(game, step) {
            return false;
        }
        let evaluation = match before.evaluation {
            Some(_) if !over && turn != Turn::Chance => Some(game.evaluate().to_bits()),
            _ => None,
        };
        if self.faulted(game, step) {
            return false;
        }
        let mut what = Vec::new();
        for (differs, part) in [
            (key != before.key, "key"),
            (turn != before.turn, "turn"),
            (over, "result"),
            (moves.is_some_and(|moves| moves != before.moves), "moves"),
            (!over && turn == before.turn && evaluation != before.evaluation, "evaluation"),
        ] {
            if differs {
                what.push(part);
            }
        }
        if what.is_empty() {
            return true;
        }
        let verb = if what.len() == 1 && what[0] != "moves" { "differs" } else { "differ" };
        let message = format!(
            "{}after the move {name} and its undo, the position's {} {verb} from before: undo must put back \
             everything play changed",
            super::script::undo_place(game),
            words_list(&what)
        );
        self.note(FindingKind::UndoMismatch, message, step, None);
        false
    }

    /// Checks one position (see the module's doc); its moves and their names when it goes on.
    fn visit(&mut self, game: &AnyGame, step: u32) -> Visit {
        self.report.positions += 1;
        if self.faulted(game, step) {
            return Visit::Broken;
        }
        let turn = game.turn();
        if let Some(value) = game.terminal_value() {
            self.check_value("result", turn.sign() * value, step);
            let print = Fingerprint { moves: 0, value: value.to_bits(), valued: Valued::Result, turn };
            self.record(game.position_hash(), print, step);
            self.click_board(game, &[], step);
            return if self.faulted(game, step) { Visit::Broken } else { Visit::Leaf };
        }
        let moves = game.legal_moves();
        let mut names = Vec::with_capacity(moves.len());
        for (i, &mv) in moves.iter().enumerate() {
            // One call into the script a name: the clock is looked at now and then, and a position left half
            // named when a cap is reached is not checked.
            if i % 1024 == 1023 && self.stopping() {
                return Visit::Leaf;
            }
            names.push(game.move_name(mv));
        }
        if self.faulted(game, step) {
            return Visit::Broken;
        }
        self.check_moves(&moves, &names, step);
        let evaluation = if turn == Turn::Chance {
            self.check_chances(game, &moves, step);
            None
        } else {
            let value = game.evaluate();
            if self.faulted(game, step) {
                return Visit::Broken;
            }
            self.check_value("evaluate", turn.sign() * value, step);
            Some(value.to_bits())
        };
        let mut sorted: Vec<&String> = names.iter().collect();
        sorted.sort();
        let mut hasher = DefaultHasher::new();
        sorted.hash(&mut hasher);
        let (value, valued) = evaluation.map_or((0, Valued::Neither), |bits| (bits, Valued::Evaluation));
        let print = Fingerprint { moves: hasher.finish(), value, valued, turn };
        let key = game.position_hash();
        self.record(key, print, step);
        self.click_board(game, &moves, step);
        if self.faulted(game, step) {
            return Visit::Broken;
        }
        if moves.is_empty() {
            return Visit::Leaf;
        }
        Visit::Moves(Before { key, turn, moves, evaluation }, names)
    }

    /// Draws and clicks the board of the position at `step` once, when it is a position of the random games (see
    /// [`super::script::check_board`]).
    fn click_board(&mut self, game: &AnyGame, legal: &[AnyMove], step: u32) {
        if step == self.line_step && self.followed.insert(game.position_hash()) {
            let clicking = Instant::now();
            super::script::check_board(self, game, legal, step);
            self.board_seconds += clicking.elapsed().as_secs_f64();
        }
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

    /// Keeps the first fingerprint of every key, and notes a position whose key was seen with another; true for a
    /// key not seen before.
    fn record(&mut self, key: u64, print: Fingerprint, step: u32) -> bool {
        match self.seen.get(&key) {
            None => {
                self.seen.insert(key, (print, step));
                return true;
            }
            Some((first, _)) if *first == print => {}
            // A game that declares draws by its history (a repetition, a count of moves without progress) which its
            // key leaves out: the same position may be drawn by them in one line, and over otherwise or not over in
            // another.
            Some((first, _)) if self.ends_by_history && (first.result().is_some() || print.result().is_some()) => {}
            Some(&(first, first_step)) => {
                let message = format!(
                    "two positions have the same key ({key:#x}) but differ in their {}: the key must include \
                     everything moves, turn, result and evaluate depend on",
                    first.differences(&print)
                );
                self.note(FindingKind::KeyCollision, message, step, Some(first_step));
            }
        }
        false
    }
}

/// "key", "key and turn", "key, turn and moves".
fn words_list(words: &[&str]) -> String {
    match words.split_last() {
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// What makes two script errors one fault: the `file:line` where it is, and its words with every number left out
/// (the move, the count, which change from one position to the next).
fn fault_group(message: &str) -> String {
    let (place, words) = message.split_once(": ").unwrap_or(("", message));
    let mut group = format!("{place}: ");
    let mut in_number = false;
    for c in words.chars() {
        if c.is_ascii_digit() {
            if !in_number {
                group.push('#');
            }
            in_number = true;
        } else {
            group.push(c);
            in_number = false;
        }
    }
    group
}

/// The index of the first entry that an earlier one equals: pair by pair in a short list, through a set of those
/// seen in a long one (a position may have a million moves).
fn first_repeat<T: Eq + Hash>(list: &[T]) -> Option<usize> {
    if list.len() <= 64 {
        return (1..list.len()).find(|&i| list[..i].contains(&list[i]));
    }
    let mut seen = HashSet::with_capacity(list.len());
    list.iter().position(|entry| !seen.insert(entry))
}
