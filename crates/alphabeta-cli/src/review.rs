//! `alphabeta-studio review <GAME> --record FILE [--nodes N | --depth D | --time-ms T | --level L | --engine PATH
//! [--engine-nodes N] [--engine-option NAME=VALUE …]] [--json] [--export OUT]`: every
//! decision of a recorded game judged by the engine (see `alphabeta_core::review`), or in chess by an outside UCI
//! engine: its class, the values before and after it, the best move and the winning chances lost; and each side's
//! accuracy and counts. The record is what the
//! window's *Import game…* reads: PGN, PDN, Pons' move string, an Othello transcript, or move names.

use super::CommandError;
use super::game_arg::named_game;
use super::search::value_json;
use crate::matches::uci_engine::uci_option;
use crate::matches::uci_judge::{DEFAULT_NODES, MAX_NODES, UciJudge};
use alphabeta_core::engine::game::{Side, Value};
use alphabeta_core::games::any::{AnyGame, AnyMove};
use alphabeta_core::games::chess::Chess;
use alphabeta_core::games::values_from::ValuesFrom;
use alphabeta_core::play::history::GameHistory;
use alphabeta_core::play::numbering::numbered_move;
use alphabeta_core::review::review_game_judged_by;
use alphabeta_core::review::{
    JudgedMove, Review, ReviewBudget, ReviewPlan, ReviewSettings, export_record, review_game,
};
use serde_json::{Map, json};
use std::sync::atomic::AtomicBool;

/// A record larger than this is refused before it is read: a game of a few thousand moves fits in a few KiB.
const MAX_RECORD_BYTES: u64 = 1024 * 1024;

/// More plies than this are refused: each one is searched, so such a review would run for days.
const MAX_PLIES: usize = 5_000;

#[derive(clap::Args, Debug)]
pub struct ReviewArgs {
    /// The game, as `search` takes it: any id `alphabeta-studio games` lists, `connect-four-WxH`, `othello-NxN`.
    pub game: String,
    /// The game's record: PGN, PDN, Pons' move string, an Othello transcript, or move names separated by spaces
    /// or lines (`-` for standard input).
    #[arg(long, value_name = "FILE")]
    pub record: std::path::PathBuf,
    /// Search each position this many nodes.
    #[arg(long, group = "budget")]
    pub nodes: Option<u64>,
    /// Search each position this many plies deep.
    #[arg(long, group = "budget")]
    pub depth: Option<u32>,
    /// Search each position this many milliseconds.
    #[arg(long, group = "budget")]
    pub time_ms: Option<u64>,
    /// Search each position as the game's AI level L (1–10) does, without its deliberate mistakes; 10 by default.
    #[arg(long, group = "budget", value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: Option<u8>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Whose side the values are read from: `first-player` (the default: + is the first player ahead, as the
    /// window and `search` show them) or `side-to-move` (+ is the mover ahead). Losses and classes do not change.
    #[arg(long, default_value = "first-player")]
    pub values: String,
    /// Also write the reviewed game to FILE: chess as PGN the way Lichess writes a review, the record's tags kept;
    /// the other games as the marked move list.
    #[arg(long, value_name = "FILE")]
    pub export: Option<std::path::PathBuf>,
    /// Chess: judge with this UCI chess engine (Stockfish, …) instead of the studio's own: its program's path.
    #[arg(long, value_name = "PATH")]
    pub engine: Option<String>,
    /// The nodes the engine searches each position (`go nodes N`); 250,000 by default.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_NODES))]
    pub engine_nodes: Option<u64>,
    /// A UCI option of the engine, `NAME=VALUE` (`setoption`); may be given several times.
    #[arg(long, value_name = "NAME=VALUE")]
    pub engine_option: Vec<String>,
}

impl ReviewArgs {
    fn settings(&self) -> ReviewSettings {
        let budget = match (self.nodes, self.depth, self.time_ms, self.level) {
            (Some(nodes), ..) => ReviewBudget::Nodes(nodes),
            (_, Some(depth), ..) => ReviewBudget::Depth(depth),
            (_, _, Some(ms), _) => ReviewBudget::TimeMs(ms),
            (.., Some(level)) => ReviewBudget::Level(level),
            _ => ReviewBudget::default(),
        };
        ReviewSettings { budget }
    }
}

pub fn run(args: &ReviewArgs) -> Result<(), CommandError> {
    let from = args.values.parse::<ValuesFrom>().map_err(|e| CommandError(format!("--values: {e}")))?;
    let named = named_game(&args.game)?;
    let text = read_record_text(&args.record)?;
    let blank = named.rules.new_game().map_err(CommandError)?;
    let shown = args.record.display();
    let (start, moves) = alphabeta_core::review::read_game_record(&blank, &text)
        .map_err(|e| CommandError(format!("record {shown}: {e}")))?;
    if moves.len() > MAX_PLIES {
        return Err(CommandError(format!(
            "record {shown}: {} plies, more than the {MAX_PLIES} a review takes; cut the record shorter",
            moves.len()
        )));
    }
    // A folder that cannot take the export is found out before the review's searches, not after.
    let parent = args.export.as_deref().and_then(std::path::Path::parent);
    if let Some(parent) = parent.filter(|p| !p.as_os_str().is_empty() && !p.is_dir()) {
        return Err(CommandError(format!("export: the folder {} does not exist", parent.display())));
    }
    let ai = named.ai.unwrap_or_default();
    let plan = ReviewPlan::new(&args.game, &ai, args.settings(), &start);
    let review = match outside_engine(args, &start)? {
        Some(mut judge) => {
            let stop = AtomicBool::new(false);
            review_game_judged_by(&start, &moves, &plan, &mut judge, &stop, &mut |_, _| true)
        }
        None => review_game(&start, &moves, &plan, &mut |_, _| true),
    };
    let review = review.map_err(|e| CommandError(e.to_string()))?;
    if let Some(path) = &args.export {
        let tags = alphabeta_core::games::records::movetext::header_tags(&text);
        let (record, _) = export_record(&start, &moves, &review, &tags).map_err(CommandError)?;
        alphabeta_core::files::write_atomic(path, record.as_bytes())
            .map_err(|e| CommandError(format!("export {}: {e}", path.display())))?;
    }
    let labels = move_labels(&start, &moves);
    if args.json { print_json(&review, &labels, from) } else { print_text(&review, &labels, &start, from) }
}

/// The outside engine `--engine` names, started; `None` without `--engine`. Refused: another game than chess, a
/// budget of the studio's search beside it, its options without it, an option not `NAME=VALUE`, an engine that
/// does not start.
fn outside_engine(args: &ReviewArgs, start: &AnyGame) -> Result<Option<UciJudge>, CommandError> {
    let Some(path) = &args.engine else {
        if args.engine_nodes.is_some() || !args.engine_option.is_empty() {
            return Err(CommandError("--engine-nodes and --engine-option go with --engine PATH".into()));
        }
        return Ok(None);
    };
    if start.downcast_ref::<Chess>().is_none() {
        return Err(CommandError(format!("--engine: a UCI engine judges chess only, not {}", args.game)));
    }
    if args.nodes.is_some() || args.depth.is_some() || args.time_ms.is_some() || args.level.is_some() {
        return Err(CommandError(
            "--engine searches by its own budget, --engine-nodes: leave out --nodes, --depth, --time-ms and --level"
                .into(),
        ));
    }
    let options = args
        .engine_option
        .iter()
        .map(|option| {
            uci_option(option).ok_or_else(|| CommandError(format!("--engine-option '{option}': not NAME=VALUE")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let nodes = args.engine_nodes.unwrap_or(DEFAULT_NODES);
    UciJudge::start(path, &options, nodes).map(Some).map_err(CommandError)
}

/// The record's text, refused when it is larger than [`MAX_RECORD_BYTES`].
fn read_record_text(path: &std::path::Path) -> Result<String, CommandError> {
    let text = if path.as_os_str() == "-" {
        alphabeta_core::files::read_stdin_text(MAX_RECORD_BYTES)
    } else {
        alphabeta_core::files::read_text(path, MAX_RECORD_BYTES)
    };
    text.map_err(|e| CommandError(format!("record: {e}")))
}

/// Each ply's move as the move list numbers it ("12…Nxd5").
fn move_labels(start: &AnyGame, moves: &[AnyMove]) -> Vec<String> {
    let mut history = GameHistory::new(start.clone());
    for &mv in moves {
        if history.try_play(mv).is_err() {
            break;
        }
    }
    (0..moves.len()).map(|ply| numbered_move(&history, ply)).collect()
}

/// The side that made the judged move.
fn mover(m: &JudgedMove) -> Side {
    if m.side == 0 { Side::Max } else { Side::Min }
}

/// A judged move's value (the mover's view, as the review keeps it) read from `from`'s side.
fn read(m: &JudgedMove, value: Value, from: ValuesFrom) -> Value {
    from.read(value, mover(m))
}

fn print_json(review: &Review, labels: &[String], from: ValuesFrom) -> Result<(), CommandError> {
    let accuracy: Map<String, serde_json::Value> =
        review.sides.iter().map(|side| (side.name.clone(), json!(side.accuracy))).collect();
    let moves: Vec<serde_json::Value> = review
        .moves
        .iter()
        .map(|m| {
            json!({
                "ply": m.ply,
                "label": labels.get(m.ply),
                "move": m.move_name,
                "side": m.side_name,
                "class": m.class.name(),
                "value_before": value_json(read(m, m.value_before, from)),
                "value_after": value_json(read(m, m.value_after, from)),
                "win_before": m.win_before,
                "win_after": m.win_after,
                "loss": m.loss,
                "best": m.best,
                "pv": m.pv,
                "proven": m.proven,
                "depth": m.depth,
            })
        })
        .collect();
    let counts: Map<String, serde_json::Value> = review
        .sides
        .iter()
        .map(|side| {
            let per_class = alphabeta_core::review::MoveClass::ALL
                .iter()
                .zip(side.counts)
                .map(|(c, n)| (c.name().to_string(), json!(n)));
            (side.name.clone(), serde_json::Value::Object(per_class.collect()))
        })
        .collect();
    let sides: Vec<&str> = review.sides.iter().map(|side| side.name.as_str()).collect();
    let mut object = json!({
        "game": review.game,
        "values_from": from.name(),
        "sides": sides,
        "accuracy": accuracy,
        "counts": counts,
        "scale": review.scale,
        "moves": moves,
    });
    if let (Some(judge), Some(fields)) = (&review.judged_by, object.as_object_mut()) {
        fields.insert("judged_by".into(), json!(judge));
    }
    outln!("{object}")
}

fn print_text(review: &Review, labels: &[String], start: &AnyGame, from: ValuesFrom) -> Result<(), CommandError> {
    let unit = start.score_unit();
    let unit = if unit.is_empty() { String::new() } else { format!(" ({unit})") };
    let side = match from {
        ValuesFrom::FirstPlayer => format!("{}'s side", start.side_name(Side::Max)),
        ValuesFrom::SideToMove => "the mover's side".to_string(),
    };
    let judged = review.judged_by.as_ref().map_or(String::new(), |judge| format!("; judged by {judge}"));
    outln!("game {}: values from {side}{unit}; loss in winning chances (-1..+1){judged}", review.game)?;
    let names = [start.side_name(Side::Max), start.side_name(Side::Min)];
    for m in &review.moves {
        let label = labels.get(m.ply).map_or(m.move_name.as_str(), String::as_str);
        outln!("{}", move_line(m, label, from, names))?;
    }
    for side in &review.sides {
        let counts: Vec<String> = alphabeta_core::review::MoveClass::ALL
            .iter()
            .zip(side.counts)
            .map(|(class, n)| format!("{n} {}", class.name()))
            .collect();
        outln!("{}: accuracy {:.1}; {}", side.name, side.accuracy, counts.join(", "))?;
    }
    Ok(())
}

/// `12…Nxd5??  blunder     -0.35 -> +3.10  best Nf6  loss 0.612` (values from `from`'s side); proven values as
/// their outcome, `1. 3?  mistake  Red wins -> draw  best 4  loss 1.000` (from the mover's side: `win -> draw`).
fn move_line(m: &JudgedMove, label: &str, from: ValuesFrom, names: [&str; 2]) -> String {
    let plain = |value: f64| {
        let value = read(m, value, from);
        let winner = |side: Side| match from {
            ValuesFrom::FirstPlayer => format!("{} wins", names[usize::from(side == Side::Min)]),
            ValuesFrom::SideToMove => (if side == mover(m) { "win" } else { "loss" }).to_string(),
        };
        if !m.proven {
            alphabeta_core::games::any::plain_score(value)
        } else if value == 0.0 {
            "draw".to_string()
        } else {
            let plus = from.plus_side(mover(m));
            winner(if value > 0.0 { plus } else { plus.opponent() })
        }
    };
    format!(
        "{:<16} {:<10} {:>9} -> {:<9} best {:<8} loss {:.3}",
        format!("{label}{}", m.class.mark()),
        m.class.name(),
        plain(m.value_before),
        plain(m.value_after),
        m.best,
        m.loss
    )
}
