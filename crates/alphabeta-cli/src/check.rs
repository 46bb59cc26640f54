//! `alphabeta-studio check <GAME> [--games N] [--depth D] [--seed S] [--max-positions P] [--max-seconds T]
//! [--json]`: a game author's doctor (the core's [`check`](alphabeta_core::games::check)): seeded random games, every
//! position they pass walked a few plies deep (sized to the game unless `--games` or `--depth` say), and what the
//! game's rules get silently wrong, each with the moves that show it. Exit status 0 when no finding (the first line
//! says what was covered; "clean" only when the walk finished), 1 with findings, 2 when the check cannot run.

use super::CommandError;
use super::game_arg::{named_game, position};
use alphabeta_core::games::check::{CheckConfig, CheckReport, check, line_text, plan};
use alphabeta_core::messages::counted;
use alphabeta_core::numbers::count;
use serde_json::json;

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// The game, as `perft` takes it: any id `alphabeta-studio games` lists (a `games/<id>.lua` script by its id,
    /// a compiled game, `connect-four-WxH`, …).
    pub game: String,
    /// Random games to play from the start, each to its end (default: sized to the game, at most 1,000).
    #[arg(long)]
    pub games: Option<u32>,
    /// Plies walked below every position the random games pass, every move played and taken back (default: 2
    /// when that fits 300 games or more in the planned work, else 1).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=8))]
    pub depth: Option<u32>,
    /// The seed of the random games: the same seed checks the same positions.
    #[arg(long, default_value_t = CheckConfig::default().seed)]
    pub seed: u64,
    /// Positions checked at most, all together (up to 10,000,000: each one checked is remembered, about 150 bytes;
    /// default 1,000,000, or 10,000,000 when `--games` is given).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub max_positions: Option<u64>,
    /// Seconds at most, all together (default 60, or 600 when `--games` is given).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub max_seconds: Option<u64>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs the check; `Ok(true)` when it found nothing.
pub fn run(args: &CheckArgs) -> Result<bool, CommandError> {
    let game = named_game(&args.game)?;
    let start = position(&game.rules, None, None)?;
    // Games asked for are a request to finish: the caps are sized to it unless given.
    let (positions, seconds) = match args.games {
        Some(_) => (plan::REQUESTED_POSITIONS, plan::REQUESTED_SECONDS),
        None => (CheckConfig::default().max_positions, CheckConfig::default().max_time.as_secs()),
    };
    let (max_positions, max_seconds) = (args.max_positions.unwrap_or(positions), args.max_seconds.unwrap_or(seconds));
    let config = CheckConfig {
        games: args.games,
        depth: args.depth,
        seed: args.seed,
        max_positions,
        max_time: std::time::Duration::from_secs(max_seconds),
        ..CheckConfig::default()
    };
    let report = check(&start, &config);
    if args.json {
        let mut out = serde_json::to_value(&report)?;
        out["game"] = json!(args.game);
        out["seed"] = json!(args.seed);
        out["max_positions"] = json!(max_positions);
        out["max_seconds"] = json!(max_seconds);
        outln!("{}", serde_json::to_string_pretty(&out)?)?;
    } else {
        write_text(&args.game, &report)?;
    }
    Ok(report.is_clean())
}

/// Moves shown of a long line: its first and last (where the fault is); `--json` lists them all.
const SHOWN_MOVES: (usize, usize) = (6, 24);

/// A line of moves for people: whole when short, else its first and last moves around how many are left out.
fn shown(line: &[String]) -> String {
    let (head, tail) = SHOWN_MOVES;
    if line.len() <= head + tail + 1 {
        return escape(&line_text(line));
    }
    let left_out = line.len() - head - tail;
    escape(&format!(
        "{} … ({left_out} moves; --json lists them all) … {}",
        line[..head].join(" "),
        line[line.len() - tail..].join(" ")
    ))
}

/// A script's text on one terminal line: control characters escaped.
fn escape(text: &str) -> String {
    alphabeta_core::messages::escape_controls(text)
}

/// The report for people: what was covered, then each finding with its line(s), or "clean" when the walk finished
/// with none.
fn write_text(game: &str, report: &CheckReport) -> Result<(), CommandError> {
    outln!(
        "{game}: {}: {} ({} {}){} in {:.1} s",
        report.coverage(),
        format!("{} {}", count(report.positions), if report.positions == 1 { "position" } else { "positions" }),
        count(report.keys),
        if report.keys == 1 { "key" } else { "keys" },
        report.clicks_phrase(","),
        report.seconds
    )?;
    if let Some(why) = &report.stopped {
        outln!("not finished: {why}")?;
    }
    if report.is_clean() {
        return outln!("{}", if report.is_finished() { "clean: no finding" } else { "no finding in what was walked" });
    }
    for finding in &report.findings {
        let times = if finding.times > 1 { format!(" ({} times)", finding.times) } else { String::new() };
        outln!("{}{times}: {}", finding.kind.words(), escape(&finding.message))?;
        outln!("  after: {}", shown(&finding.line))?;
        if let Some(other) = &finding.other_line {
            outln!("  and after: {}", shown(other))?;
        }
    }
    outln!("{}", counted(report.findings.len() as u64, "finding", "findings"))
}
