//! One game of a match: the opening's moves, then the two players in turn until the game ends, a player fails, or
//! the ply cap adjudicates a draw. Chance moves (EinStein's die) are drawn from the game's seeded generator, so a
//! game replays exactly from its seed.

use super::seat::{Failure, MoveTime, Player};
use alphabeta_core::engine::game::{Side, Turn};
use alphabeta_core::engine::search::clock::{GameClock, TimeControl, move_budget_ms};
use alphabeta_core::engine::search::limits::Limits;
use alphabeta_core::games::any::{AnyGame, AnyMove, Outcome};
use alphabeta_core::games::chess;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// A game longer than this is adjudicated a draw (no family's own rules reach it in practice).
pub const MAX_PLIES: usize = 2_000;

/// When no time is set, a move that takes longer than this is forfeited all the same: a match never hangs.
const NO_TIME_CAP: Duration = Duration::from_secs(300);

/// How the moves are timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timing {
    /// Each player's own limits (its level or settings).
    Own,
    /// A fixed time per move, in milliseconds.
    PerMove(u64),
    /// A fixed depth per move, no time limit.
    Depth(u32),
    /// A fixed number of nodes per move, no time or depth limit.
    Nodes(u64),
    /// A clock of base + increment for each player.
    Clock(TimeControl),
}

/// A player's failure, as counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureKind {
    Illegal,
    Crash,
    Time,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// `None` for a draw.
    pub winner: Option<Side>,
    /// In words: "checkmate", "adjudicated: 2,000 plies", "second player: illegal move e2e5"…
    pub reason: String,
    /// The side whose failure ended the game, and what kind.
    pub failure: Option<(Side, FailureKind)>,
}

/// A finished game: its moves' names from the start (the opening's included), who made each, and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The moves' names, first to last.
    pub names: Vec<String>,
    /// The side to move before each of them (a Kalah extra turn, a dice game's roll and move: the same side twice).
    pub movers: Vec<Side>,
    /// How the game ended.
    pub ending: Ending,
}

/// Plays `opening` (legal moves from `start`) and then the game, `players[0]` moving first. `is_chess`: name the
/// chess rule that ends a game (checkmate, repetition…). An error that is no player's fault (the game's rules
/// failed, or a table cannot be had) ends the game without a result: its message.
pub fn play(
    start: &AnyGame,
    is_chess: bool,
    opening: &[AnyMove],
    players: [&mut dyn Player; 2],
    timing: Timing,
    seed: u64,
) -> Result<Played, String> {
    let mut game = start.clone();
    let mut history = Vec::new();
    let (mut names, mut movers) = (Vec::new(), Vec::new());
    let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    play_opening(&mut game, opening, (&mut names, &mut movers), &mut history);
    let mut clocks = match timing {
        Timing::Clock(control) => Some([GameClock::new(control); 2]),
        _ => None,
    };
    let [first, second] = players;
    let mut players: [&mut dyn Player; 2] = [first, second];
    if let Some(ending) = start_players(&mut players) {
        return Ok(Played { names, movers, ending });
    }
    let ending = loop {
        if let Some(outcome) = game.outcome() {
            break Ending { winner: winner_of(outcome), reason: end_reason(&game, &history, is_chess), failure: None };
        }
        if history.len() >= MAX_PLIES {
            break Ending { winner: None, reason: format!("adjudicated: {MAX_PLIES} plies"), failure: None };
        }
        let legal = game.legal_moves();
        if game.turn() == Turn::Chance {
            // EinStein's die: every face equally likely.
            let mv = legal[dice.random_range(0..legal.len())];
            names.push(game.move_name(mv));
            movers.push(game.side_to_move());
            let _ = game.try_play(mv);
            history.push(mv);
            continue;
        }
        let side = game.side_to_move();
        let index = if side == Side::Max { 0 } else { 1 };
        let time = move_time(timing, clocks.as_ref(), index);
        let started = Instant::now();
        let mv = match players[index].choose(&game, &history, time) {
            Ok(mv) => mv,
            Err(Failure::NotThePlayers(why)) => return Err(why),
            Err(failure) => break failed(side, failure),
        };
        let elapsed = started.elapsed().as_millis().min(u128::from(u64::MAX)) as u64;
        if let Some(clocks) = &mut clocks
            && clocks[index].charge(elapsed).is_err()
        {
            break failed(side, Failure::Timeout);
        }
        if !legal.contains(&mv) {
            break failed(side, Failure::Illegal(format!("move number {mv}")));
        }
        names.push(game.move_name(mv));
        movers.push(side);
        let _ = game.try_play(mv);
        history.push(mv);
    };
    match game.fault() {
        // The rules failed while the game was played on (a script's fault): no result can be trusted.
        Some(fault) => Err(fault),
        None => Ok(Played { names, movers, ending }),
    }
}

/// Tells both players a game starts; how the game ended if one of them failed to start it.
fn start_players(players: &mut [&mut dyn Player; 2]) -> Option<Ending> {
    for (i, player) in players.iter_mut().enumerate() {
        if let Err(failure) = player.new_game() {
            let side = if i == 0 { Side::Max } else { Side::Min };
            return Some(failed(side, failure));
        }
    }
    None
}

/// Plays the moves of `opening` on `game` up to the first illegal one, naming each in `names` (the illegal one
/// included) and keeping each played in `history`.
fn play_opening(
    game: &mut AnyGame,
    opening: &[AnyMove],
    (names, movers): (&mut Vec<String>, &mut Vec<Side>),
    history: &mut Vec<AnyMove>,
) {
    for &mv in opening {
        names.push(game.move_name(mv));
        movers.push(game.side_to_move());
        if game.try_play(mv).is_err() {
            break;
        }
        history.push(mv);
    }
}

/// The limits player `index` (0 moves first) searches its next move under, and how long it is waited for.
fn move_time(timing: Timing, clocks: Option<&[GameClock; 2]>, index: usize) -> MoveTime {
    match (timing, clocks) {
        (Timing::PerMove(ms), _) => MoveTime {
            limits: Limits { time_ms: Some(ms), ..Limits::NONE },
            hard_limit: Duration::from_millis(ms.saturating_mul(2).saturating_add(1_000)),
        },
        (Timing::Depth(depth), _) => MoveTime { limits: Limits::depth(depth), hard_limit: NO_TIME_CAP },
        (Timing::Nodes(nodes), _) => MoveTime { limits: Limits::nodes(nodes), hard_limit: NO_TIME_CAP },
        (Timing::Clock(_), Some(clocks)) => MoveTime {
            limits: Limits { time_ms: Some(move_budget_ms(clocks[index].state(), 0)), ..Limits::NONE },
            // Past the clock the move is lost anyway; a little longer, and the answer is not waited for.
            hard_limit: Duration::from_millis(clocks[index].remaining_ms.saturating_add(100)),
        },
        _ => MoveTime { limits: Limits::NONE, hard_limit: NO_TIME_CAP },
    }
}

fn winner_of(outcome: Outcome) -> Option<Side> {
    match outcome {
        Outcome::Win(side) => Some(side),
        Outcome::Draw => None,
    }
}

/// The side that failed loses; the reason says how.
fn failed(side: Side, failure: Failure) -> Ending {
    let who = side_name(side);
    let (kind, reason) = match failure {
        Failure::Illegal(what) => (FailureKind::Illegal, format!("{who}: illegal move {what}")),
        Failure::Crash(what) => (FailureKind::Crash, format!("{who}: crashed ({what})")),
        Failure::Timeout => (FailureKind::Time, format!("{who}: lost on time")),
        Failure::NotThePlayers(what) => (FailureKind::Crash, format!("{who}: {what}")),
    };
    Ending { winner: Some(side.opponent()), reason, failure: Some((side, kind)) }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Max => "first player",
        Side::Min => "second player",
    }
}

/// Why a finished game ended: the chess rule that ended it, else who won.
fn end_reason(game: &AnyGame, history: &[AnyMove], is_chess: bool) -> String {
    if is_chess
        && let Some(chess) = as_chess(history)
        && chess.is_over()
        && let Some(reason) = chess.end_reason()
    {
        return reason.to_string();
    }
    match game.outcome() {
        Some(Outcome::Win(side)) => format!("{} wins", side_name(side)),
        _ => "drawn".to_string(),
    }
}

/// The moves replayed as chess from the start, if they are a chess game.
fn as_chess(history: &[AnyMove]) -> Option<chess::Chess> {
    let mut position = chess::Chess::new();
    for &mv in history {
        alphabeta_core::engine::game::Game::try_play(&mut position, chess::decode(mv)?).ok()?;
    }
    Some(position)
}
