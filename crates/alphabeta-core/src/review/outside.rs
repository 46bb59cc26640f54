//! A review judged by an engine outside the studio (a UCI chess engine such as Stockfish): each decision's one
//! comparison — the best move, its line, its value and the played move's value — comes from [`OutsideEngine`]
//! instead of the studio's search, and everything else is the review's own (the exact oracle first where the game
//! has one, the classes, the scale, the found-mate rule, the accuracy, the order of judging).
//!
//! The core starts no process: the caller owns the engine behind the trait. What every caller of a UCI engine needs
//! to read its answers the studio's way is here, so that its values are the studio's: [`UciScore`] (`score cp N`,
//! `score mate N`) as a chess value, and [`ScoredLine::read`] (the last exact score of an `info` line).

use crate::engine::game::Value;
use crate::engine::search::compare::Comparison;
use crate::games::any::{AnyGame, AnyMove};
use crate::games::chess::WIN;
use std::sync::atomic::AtomicBool;

/// One decision put to an outside engine: the game's start, the moves that led to the position (chance outcomes
/// included), the position itself and the move played there.
pub struct Question<'a> {
    /// The position the game started from (set up or imported).
    pub start: &'a AnyGame,
    /// The moves from `start` to `position`.
    pub before: &'a [AnyMove],
    /// The position the move was played in (not yet played).
    pub position: &'a AnyGame,
    /// The move played, legal in `position`.
    pub played: AnyMove,
}

/// An engine outside the studio that values a review's decisions.
pub trait OutsideEngine {
    /// Who judges, in words a review names it by: "Stockfish 15.1, 250,000 nodes a position".
    fn judged_by(&self) -> String;

    /// The decision of `question` compared as [`Engine::compare`](crate::engine::search::deepening::Engine) compares
    /// it: the best move and its line, the best move's and the played move's values from the side to move's view
    /// in the studio's units (for chess centipawns, a mate as [`UciScore::value`] gives it), both from the same
    /// root at the same budget, the played move as the best when it is the engine's best (then both values are its
    /// own), with `exact` false. `stop` set (the window's *Cancel*) ends the wait early with an error.
    ///
    /// # Errors
    /// What the engine did wrong, in one line (it exited, gave no score, an illegal move, no answer in time).
    fn compare(&mut self, question: &Question<'_>, stop: &AtomicBool) -> Result<Comparison<AnyMove>, String>;
}

/// A UCI engine's score, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UciScore {
    /// `cp N`: centipawns.
    Centipawns(i64),
    /// `mate N`: mate in N moves; negative when the side to move is mated.
    Mate(i64),
}

/// The largest evaluation read as one: beyond it chess's values are found mates ([`WIN`] less the plies), so an
/// engine's enormous `cp` stays an evaluation.
const LARGEST_CENTIPAWNS: i64 = WIN as i64 - 10_001;

impl UciScore {
    /// The studio's chess value of this score in a position `plies_played` plies after the game's start: `cp N` is
    /// N (held within evaluations), a mate the value the studio's search gives the same mate — a mate on ply p of
    /// the game scores `WIN − p` for the side that mates — so that a found mate is one for the review's rule.
    pub fn value(self, plies_played: usize) -> Value {
        let played = plies_played as i64;
        match self {
            UciScore::Centipawns(cp) => cp.clamp(-LARGEST_CENTIPAWNS, LARGEST_CENTIPAWNS) as Value,
            // The mover mates with its Nth move: ply `played + 2N − 1`.
            UciScore::Mate(moves) if moves > 0 => {
                let plies = played.saturating_add(moves.min(5_000) * 2 - 1);
                WIN - plies as Value
            }
            // The mover is mated after N moves of the other side (0: mated already).
            UciScore::Mate(moves) => {
                let plies = played.saturating_add(moves.max(-5_000).saturating_neg() * 2);
                -(WIN - plies as Value)
            }
        }
    }
}

/// An `info` line's exact score of the principal line, with what came with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredLine {
    /// The score.
    pub score: UciScore,
    /// `depth`, when given.
    pub depth: Option<u32>,
    /// `nodes`, when given.
    pub nodes: Option<u64>,
    /// `pv`: the line's moves as the engine names them (UCI's long algebraic), the first being its move.
    pub pv: Vec<String>,
}

/// The words of an `info` line that start a field: a `pv` runs to the next of them (or the end of the line).
const INFO_WORDS: [&str; 16] = [
    "depth",
    "seldepth",
    "time",
    "nodes",
    "pv",
    "multipv",
    "score",
    "currmove",
    "currmovenumber",
    "hashfull",
    "nps",
    "tbhits",
    "sbhits",
    "cpuload",
    "refutation",
    "currline",
];

impl ScoredLine {
    /// The score `line` gives, if it is an `info` line with an exact score of the principal line: a `lowerbound` or
    /// `upperbound` score (a search that failed high or low) and any line other than `multipv 1` are not one; nor
    /// is a line whose score does not read (a missing or non-numeric value).
    pub fn read(line: &str) -> Option<ScoredLine> {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() != Some(&"info") || words.contains(&"string") {
            return None;
        }
        let after = |word: &str| words.iter().position(|w| *w == word).and_then(|i| words.get(i + 1));
        if after("multipv").is_some_and(|n| *n != "1") {
            return None;
        }
        let at = words.iter().position(|w| *w == "score")?;
        let number = words.get(at + 2)?.parse::<i64>().ok()?;
        let score = match *words.get(at + 1)? {
            "cp" => UciScore::Centipawns(number),
            "mate" => UciScore::Mate(number),
            _ => return None,
        };
        if words.get(at + 3).is_some_and(|w| *w == "lowerbound" || *w == "upperbound") {
            return None;
        }
        let pv = match words.iter().position(|w| *w == "pv") {
            Some(start) => {
                words[start + 1..].iter().take_while(|w| !INFO_WORDS.contains(w)).map(|w| (*w).to_string()).collect()
            }
            None => Vec::new(),
        };
        Some(ScoredLine {
            score,
            depth: after("depth").and_then(|d| d.parse().ok()),
            nodes: after("nodes").and_then(|n| n.parse().ok()),
            pv,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A UCI score reads as the value the studio's own search gives the same position: centipawns as they are,
    /// a mate as `WIN − ply of the mate`, counted from the game's start.
    #[test]
    fn a_uci_score_is_the_studios_chess_value() {
        for (score, plies, value) in [
            (UciScore::Centipawns(35), 0, 35.0),
            (UciScore::Centipawns(-412), 30, -412.0),
            (UciScore::Centipawns(5_000_000), 0, 89_999.0),
            (UciScore::Centipawns(-5_000_000), 0, -89_999.0),
            // Mate with the mover's first move, at the start: the mate is on ply 1.
            (UciScore::Mate(1), 0, WIN - 1.0),
            // Mate in 3 moves from ply 48: the mate is on ply 48 + 5.
            (UciScore::Mate(3), 48, WIN - 53.0),
            // Mated after 2 moves of the other side, from ply 48: on ply 52.
            (UciScore::Mate(-2), 48, -(WIN - 52.0)),
            (UciScore::Mate(0), 10, -(WIN - 10.0)),
        ] {
            assert_eq!(score.value(plies), value, "{score:?} at ply {plies}");
        }
    }

    /// A found mate, however far, is a found mate for the review (beyond chess's `win_from`), and an evaluation is
    /// never one.
    #[test]
    fn mates_and_evaluations_stay_apart() {
        let win_from = crate::games::chess::words::AXIS.win_from;
        assert!(UciScore::Mate(400).value(300) >= win_from);
        assert!(UciScore::Mate(-400).value(300) <= -win_from);
        assert!(UciScore::Centipawns(i64::MAX).value(0) < win_from);
        assert!(UciScore::Centipawns(i64::MIN).value(0) > -win_from);
    }

    #[test]
    fn an_info_line_gives_its_exact_score_of_the_principal_line() {
        let scored = |score: UciScore, depth: u32, nodes: u64, pv: &[&str]| {
            Some(ScoredLine {
                score,
                depth: Some(depth),
                nodes: Some(nodes),
                pv: pv.iter().map(|m| m.to_string()).collect(),
            })
        };
        for (line, read) in [
            (
                "info depth 12 seldepth 18 multipv 1 score cp 31 nodes 120345 nps 500000 time 240 pv e2e4 e7e5 g1f3",
                scored(UciScore::Centipawns(31), 12, 120_345, &["e2e4", "e7e5", "g1f3"]),
            ),
            ("info depth 9 score mate 3 nodes 800 pv d1h5 g7g6", scored(UciScore::Mate(3), 9, 800, &["d1h5", "g7g6"])),
            ("info depth 9 score mate -2 nodes 10 pv e8d8", scored(UciScore::Mate(-2), 9, 10, &["e8d8"])),
            // A pv followed by another field stops at it.
            (
                "info depth 3 score cp -5 pv a2a3 a7a6 nodes 77 time 1",
                scored(UciScore::Centipawns(-5), 3, 77, &["a2a3", "a7a6"]),
            ),
            // Bounds, other lines of a MultiPV search and lines without a score are not the principal line's.
            ("info depth 14 score cp 40 lowerbound nodes 1000 pv e2e4", None),
            ("info depth 14 score cp 10 upperbound nodes 1000 pv e2e4", None),
            ("info depth 14 multipv 2 score cp 10 nodes 1000 pv d2d4", None),
            ("info depth 14 currmove e2e4 currmovenumber 1", None),
            ("info string NNUE evaluation using nn.nnue score cp 3", None),
            ("info depth 2 score cp lots pv e2e4", None),
            ("info depth 2 score dunno 4 pv e2e4", None),
            ("bestmove e2e4", None),
            ("", None),
        ] {
            assert_eq!(ScoredLine::read(line), read, "{line}");
        }
    }
}
