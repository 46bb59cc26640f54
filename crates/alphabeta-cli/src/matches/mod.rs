//! `alphabeta-studio match`: engine against engine, in the manner of cutechess-cli and fastchess. Games are played
//! in pairs — each opening once from each side — on as many threads as asked; a progress line goes to stderr,
//! the result (W/D/L, score, Elo with its 95 % interval, likelihood of superiority, failures) to stdout, every game
//! to a record file. The game is found by id in the registry, so every game the studio lists can be played.

pub mod elo;
pub mod game;
pub mod player;
pub mod record;
pub mod seat;
pub mod uci_engine;
pub mod uci_judge;

use super::CommandError;
use alphabeta_core::engine::game::Side;
use alphabeta_core::engine::search::clock::TimeControl;
use alphabeta_core::games::any::{AnyGame, AnyMove};
use alphabeta_core::games::registry::{AiDefaults, Registry};
use alphabeta_core::games::script::ALL_STATES_LIMIT;
use elo::{Counts, Sprt, Verdict};
use game::{FailureKind, Played, Timing};
use player::{PlayerSpec, make_player};
use rand::{Rng, SeedableRng};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Sender, channel};

#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// The game's id (see `alphabeta-studio games`): built in, a `games/*.ron` file or a Lua script `games/*.lua`.
    pub game: String,
    /// Player A: `level:N`, settings such as `algo=pvs,depth=8,time=200`, or for chess `uci:PATH[,Name=Value…]`.
    #[arg(long = "a")]
    pub a: String,
    /// Player B, written as player A.
    #[arg(long = "b")]
    pub b: String,
    /// How many games (colours alternate: A plays first in games 1, 3, 5…), 1 to 1,000,000.
    #[arg(long, default_value_t = 10, value_parser = super::whole_in(1..=MOST_GAMES))]
    pub games: usize,
    /// A fixed time per move in milliseconds (else the players' own limits).
    #[arg(long, conflicts_with_all = ["depth", "tc", "nodes"])]
    pub time_ms: Option<u64>,
    /// A fixed depth per move, no time limit.
    #[arg(long, conflicts_with_all = ["tc", "nodes"])]
    pub depth: Option<u32>,
    /// A fixed number of nodes per move, no time or depth limit: results that do not depend on the machine's
    /// speed or load (UCI engines hear `go nodes N`).
    #[arg(long, conflicts_with = "tc")]
    pub nodes: Option<u64>,
    /// A clock for each player: base+increment in seconds, such as `10+0.1`.
    #[arg(long)]
    pub tc: Option<String>,
    /// `random:K` (K random plies from the start, one opening per pair of games, each reaching a position no
    /// earlier pair had while the game has new ones) or a file of openings, one a line, in the game's move names.
    #[arg(long)]
    pub openings: Option<String>,
    /// Seeds the random openings and the dice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once, each on its own threads: 1 to 64.
    #[arg(long, default_value_t = 1, value_parser = super::whole_in(1..=MOST_AT_ONCE))]
    pub concurrency: usize,
    /// Write every game here (PGN for chess; the same tags and each game's own move names otherwise).
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// The result as one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Stop as soon as a sequential probability ratio test decides between elo0 and elo1 (BayesElo, α = β = 5 %).
    #[arg(long)]
    pub sprt: Option<String>,
}

/// The most games a match plays.
pub const MOST_GAMES: usize = 1_000_000;

/// The most games a match plays at once.
pub const MOST_AT_ONCE: usize = 64;

/// One game's result, for the record and the counts.
struct Finished {
    index: usize,
    a_first: bool,
    played: Played,
}

/// Failures of one player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FailureCounts {
    pub illegal: u64,
    pub crash: u64,
    pub time: u64,
}

pub fn run(args: &MatchArgs) -> Result<(), CommandError> {
    // Before the first engine starts (the check of the players below starts them too).
    uci_engine::adopt_orphans();
    let registry = Registry::standard();
    let entry = registry.find(&args.game).ok_or_else(|| crate::game_arg::not_found(&registry, &args.game))?;
    let variant = &entry.variant;
    let start = variant.rules.new_game().map_err(CommandError)?;
    let is_chess = start.downcast_ref::<alphabeta_core::games::chess::Chess>().is_some();
    let specs = [PlayerSpec::parse(&args.a, &variant.ai)?, PlayerSpec::parse(&args.b, &variant.ai)?];
    if !is_chess && specs.iter().any(|s| matches!(s, PlayerSpec::Uci { .. })) {
        return Err(CommandError("uci: players play chess only".into()));
    }
    if args.games == 0 {
        return Err(CommandError("--games must be at least 1".into()));
    }
    let timing = timing(args)?;
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
    let pairs = args.games.div_ceil(2);
    let openings = openings(&start, args.openings.as_deref(), pairs, args.seed)?;
    tables_fit(&specs, &variant.ai, args.concurrency)?;
    scripts_fit(&start, args.concurrency)?;
    // Every player is made once up front, so a bad engine path is an error before any game starts.
    for spec in &specs {
        drop(make_player(spec, &variant.ai)?);
    }

    let names = [specs[0].name(&args.a), specs[1].name(&args.b)];
    // The records file is made before the first game (a path that cannot be written fails at once) and each game
    // is added as it ends, so a match stopped part-way keeps every game it finished.
    let records = match &args.pgn {
        Some(path) => Some(record::RecordsFile::create(path).map_err(CommandError)?),
        None => None,
    };
    let plan = Plan {
        args,
        specs: &specs,
        openings: &openings,
        ai: &variant.ai,
        is_chess,
        timing,
        next: AtomicUsize::new(0),
        decided: AtomicBool::new(false),
    };
    let mut tally = Tally::new(records);
    play_match(&plan, &start, sprt, &names, &variant.id, &mut tally);
    // Every player is gone with its thread: what their engines left behind goes too.
    uci_engine::end_orphans();
    if tally.counts.games() > 0 {
        // Ends the progress line.
        errln!();
    }
    if let Some(e) = tally.error {
        return Err(CommandError(e));
    }
    let report = Report {
        game: &variant.id,
        names: &names,
        counts: tally.counts,
        failures: tally.failures,
        crash_reasons: tally.crash_reasons,
        sprt,
        planned: args.games,
    };
    let text = if args.json { report.json() } else { report.text() };
    outln!("{text}")
}

/// Plays the match's games on as many threads as asked, counting each as it ends, until all are played or the
/// match is decided.
fn play_match(plan: &Plan, start: &AnyGame, sprt: Option<Sprt>, names: &[String; 2], game_id: &str, tally: &mut Tally) {
    std::thread::scope(|scope| {
        let (tx, rx) = channel::<Result<Finished, String>>();
        for _ in 0..plan.args.concurrency.clamp(1, 64) {
            let tx = tx.clone();
            // A position is `Send` but not `Sync`: each thread plays from its own copy.
            let start = start.clone();
            scope.spawn(move || plan.play_games(&start, &tx));
        }
        drop(tx);
        for message in rx {
            tally.add(message, plan, names, game_id);
            if sprt.is_some_and(|s| s.verdict(&tally.counts) != Verdict::Continue) {
                plan.decided.store(true, Ordering::Relaxed);
            }
        }
    });
}

/// Refuses a match whose players' tables, at `concurrency` games at once, want more memory than the machine says it
/// has, before any game starts (a table that still cannot be had ends the match when its game asks for it).
fn tables_fit(specs: &[PlayerSpec; 2], ai: &AiDefaults, concurrency: usize) -> Result<(), CommandError> {
    let mib = |spec: &PlayerSpec| match spec {
        PlayerSpec::Level(level) => alphabeta_core::games::levels::level_config(ai, *level).tt_mib,
        PlayerSpec::Custom(config) => config.tt_mib,
        PlayerSpec::Uci { .. } => 0,
    };
    let (a, b) = (mib(&specs[0]), mib(&specs[1]));
    let bytes = concurrency.saturating_mul(a.saturating_add(b)).saturating_mul(1 << 20);
    alphabeta_core::engine::search::tt::check_available(bytes).map_err(|why| {
        CommandError(format!("--concurrency {concurrency} with tables of {a} + {b} MiB: {why}; play fewer games at once or smaller tables (tt=)"))
    })
}

/// Lua states a match keeps at once for each game it plays at once: its thread's start, the game, and the player's
/// search's two copies (the one sent to its worker, and the one searched).
const STATES_A_GAME: usize = 4;

/// Refuses a scripted match whose Lua states, at `concurrency` games at once, would together hold more than the
/// memory all scripts share ([`ALL_STATES_LIMIT`]), before any game starts: each state holds at least what the
/// start's does (the script's globals, its first position), and a match that reached the limit part-way ended
/// there with a script's "not enough memory".
fn scripts_fit(start: &AnyGame, concurrency: usize) -> Result<(), CommandError> {
    let Some(script) = start.downcast_ref::<alphabeta_core::games::script::ScriptGame>() else { return Ok(()) };
    let held = script.memory_held();
    let states = concurrency.saturating_mul(STATES_A_GAME).saturating_add(1);
    let wanted = states.saturating_mul(held);
    if wanted <= ALL_STATES_LIMIT {
        return Ok(());
    }
    let mib = |bytes: usize| bytes.div_ceil(1 << 20);
    Err(CommandError(format!(
        "--concurrency {concurrency}: the script's Lua state holds {} MiB at its start, and {states} states at once \
         ({STATES_A_GAME} a game and the match's own) would hold {} MiB, more than the {} MiB all scripts share; \
         play fewer games at once",
        mib(held),
        mib(wanted),
        ALL_STATES_LIMIT >> 20
    )))
}

/// How the moves are timed, from the one timing option given (else the players' own limits).
fn timing(args: &MatchArgs) -> Result<Timing, CommandError> {
    Ok(match (args.time_ms, args.depth, &args.tc, args.nodes) {
        (Some(ms), _, _, _) => Timing::PerMove(ms.max(1)),
        (_, Some(depth), _, _) => Timing::Depth(depth.max(1)),
        (_, _, Some(tc), _) => Timing::Clock(TimeControl::parse(tc)?),
        (_, _, _, Some(nodes)) => Timing::Nodes(nodes.max(1)),
        _ => Timing::Own,
    })
}

/// What every game-playing thread reads: the match's settings, and which game is next and whether the match is
/// decided (shared by all of them).
struct Plan<'a> {
    args: &'a MatchArgs,
    specs: &'a [PlayerSpec; 2],
    openings: &'a [Vec<AnyMove>],
    ai: &'a AiDefaults,
    is_chess: bool,
    timing: Timing,
    next: AtomicUsize,
    decided: AtomicBool,
}

impl Plan<'_> {
    /// One thread's work: makes its two players, then plays the next game not yet taken until none is left or the
    /// match is decided, sending each as it ends.
    fn play_games(&self, start: &AnyGame, tx: &Sender<Result<Finished, String>>) {
        let (mut a, mut b) = match (make_player(&self.specs[0], self.ai), make_player(&self.specs[1], self.ai)) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(e), _) | (_, Err(e)) => {
                let _ = tx.send(Err(e));
                return;
            }
        };
        loop {
            let index = self.next.fetch_add(1, Ordering::Relaxed);
            if index >= self.args.games || self.decided.load(Ordering::Relaxed) {
                return;
            }
            let a_first = index.is_multiple_of(2);
            let opening = &self.openings[(index / 2) % self.openings.len()];
            let players: [&mut dyn seat::Player; 2] =
                if a_first { [a.as_mut(), b.as_mut()] } else { [b.as_mut(), a.as_mut()] };
            let seed = self.args.seed ^ (index as u64 / 2).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let finished = game::play(start, self.is_chess, opening, players, self.timing, seed)
                .map(|played| Finished { index, a_first, played })
                .map_err(|why| format!("game {}: {why}", index + 1));
            let over = finished.is_err();
            if tx.send(finished).is_err() || over {
                return;
            }
        }
    }
}

/// What the main thread gathers from the games as they end: the score, the failures, the first error, and the
/// records file each game is added to.
struct Tally<'a> {
    counts: Counts,
    failures: [FailureCounts; 2],
    crash_reasons: std::collections::BTreeMap<String, u64>,
    error: Option<String>,
    records: Option<record::RecordsFile<'a>>,
}

impl<'a> Tally<'a> {
    /// Nothing counted yet; each game to be added to `records`, if given.
    fn new(records: Option<record::RecordsFile<'a>>) -> Self {
        Tally {
            counts: Counts::default(),
            failures: [FailureCounts::default(); 2],
            crash_reasons: std::collections::BTreeMap::new(),
            error: None,
            records,
        }
    }
}

impl Tally<'_> {
    /// Counts a finished game (or keeps a thread's error, which ends the match), records it, and updates the
    /// progress line.
    fn add(&mut self, message: Result<Finished, String>, plan: &Plan, names: &[String; 2], game_id: &str) {
        let done = match message {
            Ok(done) => done,
            Err(e) => {
                self.error.get_or_insert(e);
                plan.decided.store(true, Ordering::Relaxed);
                return;
            }
        };
        let a_side = if done.a_first { Side::Max } else { Side::Min };
        match done.played.ending.winner {
            Some(side) if side == a_side => self.counts.wins += 1,
            Some(_) => self.counts.losses += 1,
            None => self.counts.draws += 1,
        }
        if let Some((side, kind)) = done.played.ending.failure {
            self.count_failure(&done, usize::from(side != a_side), kind);
        }
        if let Some(records) = &mut self.records {
            let (white, black) = if done.a_first { (&names[0], &names[1]) } else { (&names[1], &names[0]) };
            let game = record::Game { round: done.index + 1, first: white, second: black, played: &done.played };
            if let Err(e) = records.add(&record::write(&game, game_id, plan.is_chess)) {
                self.error.get_or_insert(e);
                plan.decided.store(true, Ordering::Relaxed);
            }
        }
        let counts = &self.counts;
        err!(
            "\r{}/{} games: A +{} ={} -{}  score {:.1} %   ",
            counts.games(),
            plan.args.games,
            counts.wins,
            counts.draws,
            counts.losses,
            counts.score().unwrap_or(0.5) * 100.0
        );
    }

    /// Counts a failure of the player at `failing` (0 for A) in game `done`, and says why.
    fn count_failure(&mut self, done: &Finished, failing: usize, kind: FailureKind) {
        let failing = &mut self.failures[failing];
        match kind {
            FailureKind::Illegal => failing.illegal += 1,
            FailureKind::Crash => failing.crash += 1,
            FailureKind::Time => failing.time += 1,
        }
        // Said at once (after the progress line), and kept for the summary.
        let reason = &done.played.ending.reason;
        errln!("\ngame {}: {}", done.index + 1, alphabeta_core::messages::escape_controls(reason));
        if kind == FailureKind::Crash {
            note_reason(&mut self.crash_reasons, reason);
        }
    }
}

/// The most distinct crash reasons a summary lists (an engine that crashes differently every game is not listed
/// without end).
const MAX_CRASH_REASONS: usize = 20;

/// Counts one crash's reason among the distinct ones kept.
fn note_reason(reasons: &mut std::collections::BTreeMap<String, u64>, reason: &str) {
    let reason = alphabeta_core::messages::escape_controls(reason);
    if let Some(count) = reasons.get_mut(&reason) {
        *count += 1;
    } else if reasons.len() < MAX_CRASH_REASONS {
        reasons.insert(reason, 1);
    }
}

/// One opening per pair of games: none, `random:K` plies drawn with the seed ([`distinct_random_openings`]), or
/// the lines of a file.
fn openings(start: &AnyGame, spec: Option<&str>, pairs: usize, seed: u64) -> Result<Vec<Vec<AnyMove>>, CommandError> {
    let Some(spec) = spec else { return Ok(vec![Vec::new()]) };
    if let Some(plies) = spec.strip_prefix("random:") {
        let plies: usize = plies
            .parse()
            .map_err(|_| CommandError(format!("--openings '{spec}': random:K wants a number of plies")))?;
        return Ok(distinct_random_openings(start, plies, pairs, seed));
    }
    let text = super::read_input(std::path::Path::new(spec))?;
    let mut lines = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let moves = opening_line(start, line).map_err(|e| CommandError(format!("{spec}:{}: {e}", number + 1)))?;
        lines.push(moves);
    }
    if lines.is_empty() {
        return Err(CommandError(format!("{spec}: no openings in the file")));
    }
    Ok(lines)
}

/// The moves of one line of an openings file, played from `start`: names separated by spaces, where a name may hold
/// spaces itself (Nim's "take 2 from heap 1"): at each point the longest legal move's name that the line continues
/// with, up to a space or the line's end.
fn opening_line(start: &AnyGame, line: &str) -> Result<Vec<AnyMove>, String> {
    let mut game = start.clone();
    let mut moves = Vec::new();
    let mut rest = line.trim_start();
    while !rest.is_empty() {
        let named = game.legal_moves().into_iter().map(|mv| (mv, game.move_name(mv)));
        let whole_name = |name: &String| {
            rest.strip_prefix(name.as_str())
                .is_some_and(|after| after.is_empty() || after.starts_with(char::is_whitespace))
        };
        let Some((mv, name)) =
            named.filter(|(_, name)| !name.is_empty() && whole_name(name)).max_by_key(|(_, name)| name.len())
        else {
            return Err(format!("'{rest}' does not begin with a legal move's name"));
        };
        let _ = game.try_play(mv);
        moves.push(mv);
        rest = rest[name.len()..].trim_start();
    }
    Ok(moves)
}

/// `pairs` random openings of `plies` plies, pair `p` drawn from the seed `seed + p`. An opening whose position an
/// earlier pair reached is drawn again (up to 100 times), because two players held by node budgets or depths play
/// the same game again from the same position: a repeated opening would count one result twice, and a match's
/// interval would claim more than its games show. Only a game with fewer positions `plies` in than there are pairs
/// (Connect Four has 196 three plies in) repeats some.
fn distinct_random_openings(start: &AnyGame, plies: usize, pairs: usize, seed: u64) -> Vec<Vec<AnyMove>> {
    let mut reached = std::collections::HashSet::new();
    let position_after = |line: &[AnyMove]| {
        let mut game = start.clone();
        line.iter().for_each(|&mv| drop(game.try_play(mv)));
        game.position_hash()
    };
    (0..pairs as u64)
        .map(|pair| {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed.wrapping_add(pair));
            let mut line = random_opening(start, plies, &mut rng);
            for _ in 0..100 {
                if reached.insert(position_after(&line)) {
                    break;
                }
                line = random_opening(start, plies, &mut rng);
            }
            line
        })
        .collect()
}

/// `plies` random legal moves from the start; a line that would end the game is drawn again (up to 100 times,
/// then the longest line short of the end is kept).
fn random_opening(start: &AnyGame, plies: usize, rng: &mut rand_chacha::ChaCha8Rng) -> Vec<AnyMove> {
    let mut best = Vec::new();
    for _ in 0..100 {
        let mut game = start.clone();
        let mut line = Vec::new();
        while line.len() < plies && game.outcome().is_none() {
            let moves = game.legal_moves();
            let mv = moves[rng.random_range(0..moves.len())];
            let _ = game.try_play(mv);
            line.push(mv);
        }
        if game.outcome().is_none() {
            return line;
        }
        line.pop();
        if line.len() > best.len() {
            best = line;
        }
    }
    best
}

/// What `match` prints at the end.
struct Report<'a> {
    game: &'a str,
    names: &'a [String; 2],
    counts: Counts,
    failures: [FailureCounts; 2],
    /// Each distinct crash's reason ("B: crashed (the engine exited)") and how often.
    crash_reasons: std::collections::BTreeMap<String, u64>,
    sprt: Option<Sprt>,
    planned: usize,
}

impl Report<'_> {
    fn text(&self) -> String {
        let c = &self.counts;
        let mut lines = vec![
            format!(
                "{}: A = {} vs B = {}, {} of {} games",
                self.game,
                self.names[0],
                self.names[1],
                c.games(),
                self.planned
            ),
            format!(
                "A: {} wins, {} draws, {} losses; score {:.1}/{} ({:.1} %)",
                c.wins,
                c.draws,
                c.losses,
                c.wins as f64 + c.draws as f64 / 2.0,
                c.games(),
                c.score().unwrap_or(0.5) * 100.0
            ),
        ];
        lines.push(match (c.elo(), c.elo_interval()) {
            (Some(elo), Some((low, high))) => {
                format!("Elo difference: {} (95 %: {} to {})", signed(elo), signed(low), signed(high))
            }
            (Some(elo), None) => format!("Elo difference: {}", signed(elo)),
            _ => "Elo difference: no games".to_string(),
        });
        lines.push(match c.los() {
            Some(los) => format!("Likelihood of superiority: {:.1} %", los * 100.0),
            None => "Likelihood of superiority: no decisive game".to_string(),
        });
        for (name, f) in ["A", "B"].iter().zip(self.failures) {
            lines.push(format!(
                "{name} failures: {} illegal moves, {} crashes, {} time forfeits",
                f.illegal, f.crash, f.time
            ));
        }
        for (reason, count) in &self.crash_reasons {
            lines.push(format!("crash ×{count}: {reason}"));
        }
        if let Some(sprt) = self.sprt {
            let (lower, upper) = sprt.bounds();
            let verdict = match sprt.verdict(c) {
                Verdict::H1 => "H1 accepted (A is stronger by elo1 or more)",
                Verdict::H0 => "H0 accepted (A is not stronger by more than elo0)",
                Verdict::Continue => "not decided",
            };
            lines.push(format!(
                "SPRT [{}, {}]: LLR {:.2} ({:.2}, {:.2}): {verdict}",
                sprt.elo0,
                sprt.elo1,
                sprt.llr(c),
                lower,
                upper
            ));
        }
        lines.join("\n")
    }

    fn json(&self) -> String {
        let c = &self.counts;
        let failures = |f: FailureCounts| serde_json::json!({"illegal": f.illegal, "crash": f.crash, "time": f.time});
        let interval = c.elo_interval();
        let sprt = self.sprt.map(|s| {
            let (lower, upper) = s.bounds();
            let verdict = match s.verdict(c) {
                Verdict::H1 => "H1",
                Verdict::H0 => "H0",
                Verdict::Continue => "continue",
            };
            serde_json::json!({"elo0": s.elo0, "elo1": s.elo1, "llr": s.llr(c), "lower": lower, "upper": upper, "verdict": verdict})
        });
        serde_json::json!({
            "game": self.game,
            "a": self.names[0],
            "b": self.names[1],
            "planned": self.planned,
            "games": c.games(),
            "wins": c.wins,
            "draws": c.draws,
            "losses": c.losses,
            "score": c.score(),
            "elo": c.elo().filter(|e| e.is_finite()),
            "elo_low": interval.map(|i| i.0).filter(|e| e.is_finite()),
            "elo_high": interval.map(|i| i.1).filter(|e| e.is_finite()),
            "los": c.los(),
            "failures": {"a": failures(self.failures[0]), "b": failures(self.failures[1])},
            "crash_reasons": self.crash_reasons,
            "sprt": sprt,
        })
        .to_string()
    }
}

/// `+12.3`, `-4.0`, `+inf`.
fn signed(elo: f64) -> String {
    if elo.is_infinite() {
        return if elo > 0.0 { "+inf".into() } else { "-inf".into() };
    }
    // −0.0 (an even score) reads +0.0.
    format!("{:+.1}", elo + 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game_arg::{named_game, position};

    fn start_of(id: &str) -> AnyGame {
        let named = named_game(id).expect("a registered game");
        position(&named.rules, None, None).expect("its start")
    }

    #[test]
    fn an_opening_line_reads_move_names_that_hold_spaces() {
        let nim = start_of("nim");
        let line = "take 1 from heap 3  take 2 from heap 1 take 3 from heap 2";
        let moves = opening_line(&nim, line).expect("three legal moves");
        let mut game = nim.clone();
        let names: Vec<String> = moves
            .iter()
            .map(|&mv| {
                let name = game.move_name(mv);
                let _ = game.try_play(mv);
                name
            })
            .collect();
        assert_eq!(names, ["take 1 from heap 3", "take 2 from heap 1", "take 3 from heap 2"]);
        let error = opening_line(&nim, "take 1 from heap 3 take 9 from heap 1").expect_err("no heap holds nine");
        assert_eq!(error, "'take 9 from heap 1' does not begin with a legal move's name");
    }

    #[test]
    fn an_opening_line_of_short_names_is_read_word_by_word() {
        let connect_four = start_of("connect-four");
        assert_eq!(opening_line(&connect_four, "4 4 3").map(|moves| moves.len()), Ok(3));
        assert_eq!(opening_line(&connect_four, " 4\t4 ").map(|moves| moves.len()), Ok(2));
        assert_eq!(
            opening_line(&connect_four, "4 44"),
            Err("'44' does not begin with a legal move's name".to_string())
        );
    }
}
