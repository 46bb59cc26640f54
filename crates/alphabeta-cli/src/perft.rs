//! `alphabeta-studio perft <GAME> <DEPTH> [--from POSITION]`: the leaves of the full move tree, the standard check
//! that a game's move generation and its end-of-game rules are right. Every game the studio offers is accepted.

use super::CommandError;
use super::game_arg::{named_game, position};
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// The game: any id `alphabeta-studio games` lists, built in, a `games/*.ron` file or a Lua script
    /// `games/*.lua` (`tic-tac-toe`, `connect-four`, `chess`, `kalah`, `dots-and-boxes`, …), or
    /// `connect-four-WxH` for another board (e.g. `connect-four-8x7`), `othello-NxN` (e.g. `othello-4x4`),
    /// `kiwipete` for chess from the Kiwipete position. EinStein counts rolls and stone moves both as plies.
    pub game: String,
    /// Plies to count to.
    pub depth: u32,
    /// Start from this position in the game's usual notation (Connect Four: 1-based columns, e.g. `4453`;
    /// Othello: the moves' names one after the other, a pass as `pass`, e.g. `f5d6c3`; draughts: FEN, e.g.
    /// `W:W21,22:B1,K5`; chess: FEN; the others, EinStein and m,n,k included: move names separated by commas,
    /// e.g. `die 5, 5:b2-c3` or `b2, a1`).
    #[arg(long)]
    pub from: Option<String>,
    /// Also print the time taken and the leaves per second on standard error.
    #[arg(long)]
    pub time: bool,
}

pub fn run(args: &PerftArgs) -> Result<(), CommandError> {
    let game = named_game(&args.game)?;
    let start = position(&game.rules, args.from.as_deref(), None)?;
    let started = Instant::now();
    let leaves = start.perft(args.depth).map_err(CommandError)?;
    let seconds = started.elapsed().as_secs_f64();
    outln!("{leaves}")?;
    if args.time {
        errln!(
            "perft {}: {leaves} leaves in {seconds:.3} s, {:.1} M leaves/s",
            args.depth,
            leaves as f64 / seconds / 1e6
        );
    }
    Ok(())
}
