//! `alphabeta-studio perft <GAME> <DEPTH> [--from POSITION]`: the leaves of the full move tree, the standard check
//! that a game's move generation and its end-of-game rules are right.

use super::CommandError;
use crate::engine::game::{Game, IllegalMove};
use crate::games::chess::{Chess, KIWIPETE};
use crate::games::connect_four::ConnectFour;
use crate::games::draughts::Draughts;
use crate::games::einstein::Einstein;
use crate::games::othello::Othello;
use crate::games::perft;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// The game: `connect-four` (7×6), or `connect-four-WxH` for another board, e.g. `connect-four-8x7`;
    /// `othello` (8×8), `othello-6x6` or `othello-4x4`; `draughts`; `einstein` (rolls and stone moves both
    /// count as plies); `chess`, or `kiwipete` for chess from the Kiwipete position.
    pub game: String,
    /// Plies to count to.
    pub depth: u32,
    /// Start from this position in the game's usual notation (Connect Four: 1-based columns, e.g. `4453`;
    /// Othello: the moves' names one after the other, a pass as `pass`, e.g. `f5d6c3`; draughts: FEN, e.g.
    /// `W:W21,22:B1,K5`; EinStein: move names separated by commas, e.g. `die 5, 5:b2-c3`; chess: FEN).
    #[arg(long)]
    pub from: Option<String>,
    /// Also print the time taken and the leaves per second on standard error.
    #[arg(long)]
    pub time: bool,
}

/// Perft of `game`, or of the position `from` names (read by `read`), with the seconds it took (the reading not
/// included).
fn count<G: Game>(
    game: G,
    from: Option<&str>,
    depth: u32,
    read: impl FnOnce(G, &str) -> Result<G, IllegalMove>,
) -> Result<(u64, f64), CommandError> {
    let mut game = match from {
        Some(position) => read(game, position).map_err(|e| CommandError(format!("position '{position}': {e}")))?,
        None => game,
    };
    let started = Instant::now();
    let leaves = perft(&mut game, depth);
    Ok((leaves, started.elapsed().as_secs_f64()))
}

/// Chess counts as the published tables do, a game ended early counting nothing: see [`Chess::perft`].
fn count_chess(game: Chess, from: Option<&str>, depth: u32) -> Result<(u64, f64), CommandError> {
    let mut game = match from {
        Some(fen) => Chess::from_fen(fen).map_err(|e| CommandError(format!("position '{fen}': {e}")))?,
        None => game,
    };
    let started = Instant::now();
    let leaves = game.perft(depth);
    Ok((leaves, started.elapsed().as_secs_f64()))
}

/// A game the command knows, at its starting position.
enum PerftGame {
    ConnectFour(ConnectFour),
    Othello(Othello),
    Draughts(Draughts),
    Einstein(Einstein),
    Chess(Chess),
}

/// Reads a game id: `connect-four`, `connect-four-WxH`, `othello`, `othello-6x6` or `othello-4x4`.
fn parse_game(id: &str) -> Result<PerftGame, CommandError> {
    if let Some(size) = match id {
        "othello" => Some(8),
        "othello-6x6" => Some(6),
        "othello-4x4" => Some(4),
        _ => None,
    } {
        return Ok(PerftGame::Othello(Othello::new(size)?));
    }
    if id == "einstein" {
        return Ok(PerftGame::Einstein(Einstein::new()));
    }
    if id == "draughts" {
        return Ok(PerftGame::Draughts(Draughts::new()));
    }
    if id == "chess" {
        return Ok(PerftGame::Chess(Chess::new()));
    }
    if id == "kiwipete" {
        return Ok(PerftGame::Chess(Chess::from_fen(KIWIPETE)?));
    }
    if id == "connect-four" {
        return Ok(PerftGame::ConnectFour(ConnectFour::standard()));
    }
    let size = id.strip_prefix("connect-four-").and_then(|size| {
        let (width, height) = size.split_once('x')?;
        Some((width.parse::<usize>().ok()?, height.parse::<usize>().ok()?))
    });
    match size {
        Some((width, height)) => Ok(PerftGame::ConnectFour(ConnectFour::new(width, height)?)),
        None => Err(CommandError(format!(
            "unknown game '{id}' (known: connect-four, connect-four-WxH, othello, othello-6x6, othello-4x4, draughts, einstein, chess, kiwipete)"
        ))),
    }
}

pub fn run(args: &PerftArgs) -> Result<(), CommandError> {
    let from = args.from.as_deref();
    let (leaves, seconds) = match parse_game(&args.game)? {
        PerftGame::ConnectFour(game) => count(game, from, args.depth, |g, p| g.with_moves(p))?,
        PerftGame::Othello(game) => count(game, from, args.depth, |g, p| g.with_moves(p))?,
        PerftGame::Draughts(game) => count(game, from, args.depth, |_, p| Draughts::from_fen(p))?,
        PerftGame::Einstein(game) => count(game, from, args.depth, |g, p| g.with_moves(p))?,
        PerftGame::Chess(game) => count_chess(game, from, args.depth)?,
    };
    println!("{leaves}");
    if args.time {
        eprintln!(
            "perft {}: {leaves} leaves in {seconds:.3} s, {:.1} M leaves/s",
            args.depth,
            leaves as f64 / seconds / 1e6
        );
    }
    Ok(())
}
