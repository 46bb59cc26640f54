//! `alphabeta-studio perft <GAME> <DEPTH> [--from POSITION]`: the leaves of the full move tree, the standard check
//! that a game's move generation and its end-of-game rules are right.

use super::CommandError;
use crate::engine::game::IllegalMove;
use crate::games::connect_four::ConnectFour;
use crate::games::draughts::Draughts;
use crate::games::perft;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// The game: `connect-four` (7×6), or `connect-four-WxH` for another board, e.g. `connect-four-8x7`;
    /// `draughts`.
    pub game: String,
    /// Plies to count to.
    pub depth: u32,
    /// Start from this position in the game's usual notation (Connect Four: 1-based columns, e.g. `4453`;
    /// draughts: FEN, e.g. `W:W21,22:B1,K5`).
    #[arg(long)]
    pub from: Option<String>,
    /// Also print the time taken and the leaves per second on standard error.
    #[arg(long)]
    pub time: bool,
}

/// A game the command knows, at its starting position.
enum PerftGame {
    ConnectFour(ConnectFour),
    Draughts(Draughts),
}

/// Reads a game id: `connect-four`, or `connect-four-WxH`.
fn parse_game(id: &str) -> Result<PerftGame, CommandError> {
    if id == "draughts" {
        return Ok(PerftGame::Draughts(Draughts::new()));
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
        None => Err(CommandError(format!("unknown game '{id}' (known: connect-four, connect-four-WxH, draughts)"))),
    }
}

pub fn run(args: &PerftArgs) -> Result<(), CommandError> {
    let bad_position = |position: &str, e: IllegalMove| CommandError(format!("position '{position}': {e}"));
    let started = Instant::now();
    let leaves = match (parse_game(&args.game)?, &args.from) {
        (PerftGame::ConnectFour(game), Some(position)) => {
            perft(&mut game.with_moves(position).map_err(|e| bad_position(position, e))?, args.depth)
        }
        (PerftGame::ConnectFour(mut game), None) => perft(&mut game, args.depth),
        (PerftGame::Draughts(_), Some(position)) => {
            perft(&mut Draughts::from_fen(position).map_err(|e| bad_position(position, e))?, args.depth)
        }
        (PerftGame::Draughts(mut game), None) => perft(&mut game, args.depth),
    };
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
