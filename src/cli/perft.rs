//! `alphabeta-studio perft <GAME> <DEPTH> [--from POSITION]`: the leaves of the full move tree, the standard check
//! that a game's move generation and its end-of-game rules are right.

use super::CommandError;
use crate::games::connect_four::ConnectFour;
use crate::games::perft;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// The game: `connect-four` (7×6), or `connect-four-WxH` for another board, e.g. `connect-four-8x7`.
    pub game: String,
    /// Plies to count to.
    pub depth: u32,
    /// Start from this position in the game's usual notation (Connect Four: 1-based columns, e.g. `4453`).
    #[arg(long)]
    pub from: Option<String>,
    /// Also print the time taken and the leaves per second on standard error.
    #[arg(long)]
    pub time: bool,
}

/// A game the command knows, at its starting position.
enum PerftGame {
    ConnectFour(ConnectFour),
}

/// Reads a game id: `connect-four`, or `connect-four-WxH`.
fn parse_game(id: &str) -> Result<PerftGame, CommandError> {
    if id == "connect-four" {
        return Ok(PerftGame::ConnectFour(ConnectFour::standard()));
    }
    let size = id.strip_prefix("connect-four-").and_then(|size| {
        let (width, height) = size.split_once('x')?;
        Some((width.parse::<usize>().ok()?, height.parse::<usize>().ok()?))
    });
    match size {
        Some((width, height)) => Ok(PerftGame::ConnectFour(ConnectFour::new(width, height)?)),
        None => Err(CommandError(format!("unknown game '{id}' (known: connect-four, connect-four-WxH)"))),
    }
}

pub fn run(args: &PerftArgs) -> Result<(), CommandError> {
    let PerftGame::ConnectFour(game) = parse_game(&args.game)?;
    let mut game = match &args.from {
        Some(position) => game.with_moves(position).map_err(|e| CommandError(format!("position '{position}': {e}")))?,
        None => game,
    };
    let started = Instant::now();
    let leaves = perft(&mut game, args.depth);
    let seconds = started.elapsed().as_secs_f64();
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
