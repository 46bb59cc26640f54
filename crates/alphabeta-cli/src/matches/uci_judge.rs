//! A UCI chess engine (Stockfish, …) as the judge of a review ([`OutsideEngine`]): for each decision, `go nodes N`
//! from the position for the best move, its score and line; when the played move is another, `go nodes N
//! searchmoves <played>` from the same position for its value, so that both values come from the same root at the
//! same budget. Scores are read as the studio's chess values ([`UciScore::value`]). Every wait has a deadline from the
//! node budget, and every failure is one line naming the engine's path and what it did.
//!
//! [`UciScore::value`]: alphabeta_core::review::outside::UciScore::value

use super::seat::Failure;
use super::uci_engine::{StartFailure, UciEngine, position_command};
use alphabeta_core::engine::game::Game;
use alphabeta_core::engine::search::compare::Comparison;
use alphabeta_core::games::any::AnyMove;
use alphabeta_core::games::chess::{self, Chess, ChessMove as Move};
use alphabeta_core::review::ReviewBudget;
use alphabeta_core::review::outside::{OutsideEngine, Question, ScoredLine};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The nodes a position by default: Stockfish searches some 500,000 a second on one core, so a 40-move game is
/// judged in about a minute.
pub const DEFAULT_NODES: u64 = 250_000;

/// The most nodes a position may be given (a day of Stockfish's search).
pub const MAX_NODES: u64 = 40_000_000_000;

/// The slowest engine the deadline allows for: a search of N nodes must end within N / this many seconds (past
/// [`DEADLINE_FLOOR`]); Stockfish is some 25 times faster.
const SLOWEST_NODES_PER_SECOND: u64 = 20_000;

/// Every search's deadline is at least this long.
const DEADLINE_FLOOR: Duration = Duration::from_secs(2);

/// A UCI engine judging a review's chess decisions.
pub struct UciJudge {
    engine: UciEngine,
    /// The engine's path, as given: every message names it.
    path: String,
    /// What it calls itself (`id name`), or its file's name.
    name: String,
    nodes: u64,
}

impl UciJudge {
    /// Starts the engine at `path` with `options` (UCI's `setoption`), ready for a new game (`ucinewgame`), to
    /// search `nodes` nodes a position.
    ///
    /// # Errors
    /// One line naming the path: it does not start, or does not answer `uci` or `isready` in time.
    pub fn start(path: &str, options: &[(String, String)], nodes: u64) -> Result<UciJudge, String> {
        let seconds = super::uci_engine::HANDSHAKE.as_secs();
        let mut engine = UciEngine::launch(path, options).map_err(|failure| match failure {
            StartFailure::Spawn(why) => format!("engine {path}: it does not start: {why}"),
            StartFailure::Handshake { asked, failure: Failure::Timeout } => {
                format!("engine {path}: it did not answer `{asked}` within {seconds} s")
            }
            StartFailure::Handshake { asked, failure } => {
                format!("engine {path}: it did not answer `{asked}`: {failure}")
            }
        })?;
        let ready = |engine: &mut UciEngine| -> Result<String, Failure> {
            engine.send("ucinewgame")?;
            engine.send("isready")?;
            engine.wait_until("readyok", Instant::now() + super::uci_engine::HANDSHAKE, None, &mut |_| {})
        };
        ready(&mut engine).map_err(|failure| format!("engine {path}: after `ucinewgame`: {failure}"))?;
        let name = engine.name().map(str::to_string).unwrap_or_else(|| {
            std::path::Path::new(path).file_name().map_or(path.to_string(), |f| f.to_string_lossy().into_owned())
        });
        Ok(UciJudge { engine, path: path.to_string(), name, nodes: nodes.clamp(1, MAX_NODES) })
    }

    /// How long one search of the budget may take.
    fn deadline(&self) -> Duration {
        DEADLINE_FLOOR + Duration::from_millis(self.nodes.saturating_mul(1000) / SLOWEST_NODES_PER_SECOND)
    }

    /// One search of `position` (the UCI command naming it) at the budget, `searchmoves` only these moves: the
    /// engine's best move and the last exact score of its principal line, with that line's moves.
    fn search(
        &mut self,
        command: &str,
        at: &Chess,
        searchmoves: Option<Move>,
        stop: &AtomicBool,
    ) -> Result<(Move, ScoredLine), String> {
        let path = self.path.clone();
        let go = match searchmoves {
            Some(mv) => format!("go nodes {} searchmoves {}", self.nodes, at.uci_name(mv)),
            None => format!("go nodes {}", self.nodes),
        };
        let sent = self.engine.send(command).and_then(|()| self.engine.send(&go));
        sent.map_err(|failure| format!("engine {path}: {failure}"))?;
        let deadline = self.deadline();
        let mut last = None;
        let mut note = |line: &str| {
            if let Some(scored) = ScoredLine::read(line) {
                last = Some(scored);
            }
        };
        let answer = match self.engine.wait_until("bestmove", Instant::now() + deadline, Some(stop), &mut note) {
            Ok(answer) => answer,
            Err(failure) => {
                // A search cut short is stopped, so that the engine is left quiet for whatever comes next.
                let _ = self.engine.send("stop");
                return Err(match failure {
                    Failure::Timeout => {
                        format!("engine {path}: no `bestmove` within {} s of `{go}`", deadline.as_secs())
                    }
                    Failure::NotThePlayers(why) => why,
                    other => format!("engine {path}: during `{go}`: {other}"),
                });
            }
        };
        let name = answer.split_whitespace().nth(1).unwrap_or("");
        let best = at
            .parse_move(name)
            .map_err(|_| format!("engine {path}: its `bestmove {name}` is not a legal move in {}", at.to_fen()))?;
        let Some(scored) = last else {
            return Err(format!("engine {path}: it gave `bestmove {name}` after `{go}` without a score"));
        };
        Ok((best, scored))
    }
}

impl OutsideEngine for UciJudge {
    fn judged_by(&self) -> String {
        format!("{}, {}", self.name, ReviewBudget::Nodes(self.nodes))
    }

    fn compare(&mut self, question: &Question<'_>, stop: &AtomicBool) -> Result<Comparison<AnyMove>, String> {
        let not_chess = || "an outside engine judges chess only".to_string();
        let start = question.start.downcast_ref::<Chess>().ok_or_else(not_chess)?;
        let position = question.position.downcast_ref::<Chess>().ok_or_else(not_chess)?;
        let played = chess::decode(question.played).ok_or_else(not_chess)?;
        let command = position_command(start, question.before)?;
        let (best, scored) = self.search(&command, position, None, stop)?;
        let plies = position.moves_played();
        let mut nodes = scored.nodes.unwrap_or(0);
        let mut found = (best, legal_line(position, best, &scored.pv), scored.score.value(plies));
        let played_value = if best == played {
            found.2
        } else {
            let (answered, alone) = self.search(&command, position, Some(played), stop)?;
            if answered != played {
                let (path, asked, gave) = (&self.path, position.uci_name(played), position.uci_name(answered));
                return Err(format!(
                    "engine {path}: asked to search only {asked} (`searchmoves`), it gave `bestmove {gave}`"
                ));
            }
            nodes = nodes.saturating_add(alone.nodes.unwrap_or(0));
            let value = alone.score.value(plies);
            // The played move scored higher searched alone: it is the best, and both values are its own, as the
            // studio's comparison gives a best move that loses nothing.
            if value > found.2 {
                found = (played, legal_line(position, played, &alone.pv), value);
            }
            value
        };
        let (best, line, best_value) = found;
        Ok(Comparison {
            depth: scored.depth.unwrap_or(0),
            best: chess::encode(best),
            line: line.into_iter().map(chess::encode).collect(),
            best_value,
            played_value,
            exact: false,
            nodes,
        })
    }
}

/// The line `best` then the rest of `pv` (UCI names), as far as its moves are legal: a line that does not begin
/// with `best`, or breaks off at an illegal move, is cut there.
fn legal_line(position: &Chess, best: Move, pv: &[String]) -> Vec<Move> {
    let mut line = vec![best];
    let mut game = position.clone();
    game.play(best);
    if pv.first().is_none_or(|first| position.parse_move(first).ok() != Some(best)) {
        return line;
    }
    for name in &pv[1..] {
        let Ok(mv) = game.parse_move(name) else { break };
        if game.try_play(mv).is_err() {
            break;
        }
        line.push(mv);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(at: &Chess, line: &[Move]) -> Vec<String> {
        let mut game = at.clone();
        line.iter()
            .map(|&mv| {
                let name = game.uci_name(mv);
                game.play(mv);
                name
            })
            .collect()
    }

    /// An engine's line is kept as far as it is legal, and only when it starts with its best move.
    #[test]
    fn a_line_is_cut_at_its_first_illegal_move() {
        let start = Chess::new();
        let e4 = start.parse_move("e2e4").expect("legal");
        let pv = |moves: &[&str]| moves.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        for (given, kept) in [
            (pv(&["e2e4", "e7e5", "g1f3"]), vec!["e2e4", "e7e5", "g1f3"]),
            (pv(&["e2e4", "e7e5", "z9z9", "g1f3"]), vec!["e2e4", "e7e5"]),
            (pv(&["e2e4", "e2e4"]), vec!["e2e4"]),
            (pv(&["d2d4", "d7d5"]), vec!["e2e4"]),
            (pv(&[]), vec!["e2e4"]),
        ] {
            assert_eq!(names(&start, &legal_line(&start, e4, &given)), kept, "{given:?}");
        }
    }

    #[test]
    fn the_position_is_named_from_the_start_or_its_fen_with_the_moves_before_it() {
        let start = Chess::new();
        let e4 = chess::encode(start.parse_move("e2e4").expect("legal"));
        assert_eq!(position_command(&start, &[]), Ok("position startpos".to_string()));
        assert_eq!(position_command(&start, &[e4]), Ok("position startpos moves e2e4".to_string()));
        let fen = "4k2r/8/8/8/8/8/8/4K2R w Kk - 0 30";
        let set_up = Chess::from_fen(fen).expect("a FEN");
        let castle = chess::encode(set_up.parse_move("O-O").expect("legal"));
        assert_eq!(position_command(&set_up, &[castle]), Ok(format!("position fen {fen} moves e1g1")));
    }
}
