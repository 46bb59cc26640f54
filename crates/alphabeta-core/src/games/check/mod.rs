//! A game author's doctor (`alphabeta-studio check`): plays seeded random games of any game — compiled or scripted,
//! through [`AnyGame`] — walks a few plies below every position they pass, and reports what a game's rules get
//! silently wrong, each finding with the moves from the start that show it.
//!
//! What is looked for: the same move (or move name) twice in a position; a position that is not over with no move;
//! chances that are negative, NaN or do not add up to 1; a result or evaluation outside the game's bounds, NaN or
//! infinite; `play` that does not give the same position for the same moves; `undo` that does not restore the
//! position; two positions with the same key that differ in their moves, turn, result or evaluation (a key that
//! leaves out part of the position: the search's table then mixes them up); for scripts, a `draw` the window
//! cannot show and clicks that give moves that are not legal; and any error the script raises on the way.
//!
//! Every position walked is checked; in the random games' positions a script's board is drawn and clicked at every
//! place (cells, points, edges, a second place after one that selects) and each move a click gives
//! must be legal; every move is played and taken back and the position must then be the same in its key, turn,
//! moves, result and evaluation. The work is sized to the
//! game unless given, bounded ([`CheckConfig::max_positions`], [`CheckConfig::max_time`]), and the report says
//! what it covered and when a bound stopped it. `walk.rs` does the visiting, `script.rs` the checks only a script's board has.

mod script;
mod walk;

use super::any::AnyGame;
use serde::Serialize;
use std::time::Duration;

/// How much checking to do.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckConfig {
    /// Random games to play from the start, each to its end; `None`: sized to the game (see [`plan`]).
    pub games: Option<u32>,
    /// Plies walked below every position of the random games (every move, each position checked); `None`: sized
    /// to the game.
    pub depth: Option<u32>,
    /// The seed of the random games: the same seed plays the same games.
    pub seed: u64,
    /// Positions checked at most, all together.
    pub max_positions: u64,
    /// Time at most, all together.
    pub max_time: Duration,
    /// Moves a random game plays at most.
    pub max_plies: usize,
}

impl Default for CheckConfig {
    fn default() -> Self {
        CheckConfig {
            games: None,
            depth: None,
            seed: 1,
            max_positions: 1_000_000,
            max_time: Duration::from_secs(60),
            max_plies: 1_000,
        }
    }
}

/// How a check sized to the game spends its work: the games and depth it plans (see [`plan`]).
pub mod plan {
    /// The random games played first, each position on them checked but none walked below (unless the depth is
    /// given), to measure the game: its moves per position, its plies per game and what checking a position costs.
    /// They are played again at the planned depth.
    pub const PROBE_GAMES: u32 = 5;
    /// The most random games a sized check plans.
    pub const MOST_GAMES: u32 = 1_000;
    /// Random games a sized check wants at least before it walks two plies deep rather than one: faults that show
    /// in a few positions of a long game (a key without the pieces in hand, a side with no move) are found by many
    /// games more than by a deep walk below few.
    pub const DEEP_GAMES: u32 = 300;
    /// The work a sized check plans, in seconds at the pace the first games measured (the time cap stops it
    /// anyway).
    pub const SECONDS: f64 = 20.0;
    /// The caps of a check whose games are asked for (`--games`) when its own are not given: sized to such a
    /// request — chess's 1,000 games walked 1 ply deep are about 8,000,000 positions — rather than to a sized
    /// check's 20 seconds. Each position checked is remembered (about 150 bytes: its key's fingerprint and its
    /// step from the one before, in tables that grow by doubling), so the positions cap bounds the memory too, to
    /// about 1.5 GB.
    pub const REQUESTED_POSITIONS: u64 = 10_000_000;
    /// See [`REQUESTED_POSITIONS`].
    pub const REQUESTED_SECONDS: u64 = 600;
}

/// What kind of fault a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FindingKind {
    /// The script raised an error, ran out of its budget or returned a bad value (its message names the line).
    ScriptError,
    /// A position lists the same move twice.
    DuplicateMove,
    /// Two moves of a position have the same name.
    DuplicateName,
    /// A position that is not over has no move (or no chance outcome).
    NoMove,
    /// A chance outcome's probability is negative or NaN, or they do not add up to 1.
    BadChances,
    /// A result or evaluation outside the game's bounds, NaN or infinite.
    BadValue,
    /// The same moves from the same position gave a different key or different moves.
    NotDeterministic,
    /// Playing a move and taking it back did not restore the position's key, turn, moves, result or evaluation.
    UndoMismatch,
    /// Two positions with the same key differ in their moves, turn, result or evaluation.
    KeyCollision,
    /// A move the position lists is refused when played.
    RefusedMove,
    /// The script's `draw` returned what the window cannot show.
    BadDrawing,
    /// A click on the board (a cell, a point, an edge) or a roll of the dice gave a move that is not legal there.
    IllegalClick,
}

impl FindingKind {
    /// A few words for people: "duplicate move", "key collision".
    pub fn words(self) -> &'static str {
        match self {
            FindingKind::ScriptError => "script error",
            FindingKind::DuplicateMove => "duplicate move",
            FindingKind::DuplicateName => "duplicate move name",
            FindingKind::NoMove => "no move but not over",
            FindingKind::BadChances => "bad chances",
            FindingKind::BadValue => "value out of bounds",
            FindingKind::NotDeterministic => "play not deterministic",
            FindingKind::UndoMismatch => "undo does not restore the position",
            FindingKind::KeyCollision => "key collision",
            FindingKind::RefusedMove => "listed move refused",
            FindingKind::BadDrawing => "bad drawing",
            FindingKind::IllegalClick => "illegal click",
        }
    }
}

/// One fault, shown by a line of moves from the start.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Finding {
    /// What kind of fault.
    pub kind: FindingKind,
    /// What is wrong, in words (a script's fault with the `file:line` where it is).
    pub message: String,
    /// The moves from the start to the position that shows it, by name.
    pub line: Vec<String>,
    /// For a key collision: the line to the other position with the same key.
    pub other_line: Option<Vec<String>>,
    /// How many times the check met this fault (the first is shown).
    pub times: u64,
}

/// What a check found, and how much it looked at.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct CheckReport {
    /// The faults found, one per fault (its kind, and for a script's error its line and words), in the order first
    /// met.
    pub findings: Vec<Finding>,
    /// Random games planned: given, or sized to the game.
    pub planned_games: u32,
    /// Plies walked below every position of the random games: given, or sized to the game.
    pub depth: u32,
    /// Random games played to their end (the others stopped at a fault, at a cap, or at
    /// [`CheckConfig::max_plies`]).
    pub ended_games: u32,
    /// When the check was sized to the game: the moves a position had and the plies a random game lasted, on
    /// average, in the games played.
    pub sized: Option<(f64, f64)>,
    /// Positions checked (a position reached twice counts twice).
    pub positions: u64,
    /// Different keys seen.
    pub keys: u64,
    /// Random games played.
    pub games: u32,
    /// Clicks tried on scripts' boards (cells, points, edges) and rolls of the dice.
    pub clicks: u64,
    /// Why the check stopped before it was done (a cap on positions or time), or `None` when it did all it was
    /// asked.
    pub stopped: Option<String>,
    /// How long it took, in seconds.
    pub seconds: f64,
}

impl CheckReport {
    /// True when nothing was found (in what was walked: see [`Self::is_finished`]).
    pub fn is_clean(&self) -> bool {
        self.findings.is_empty()
    }

    /// True when the check did all it planned: no cap stopped it.
    pub fn is_finished(&self) -> bool {
        self.stopped.is_none()
    }

    /// ", 1,234 clicks" after `joint`, or nothing when no click was checked (a compiled game's board is its
    /// painter's, not a script's, and is not clicked here).
    pub fn clicks_phrase(&self, joint: &str) -> String {
        match self.clicks {
            0 => String::new(),
            1 => format!("{joint} 1 click"),
            n => format!("{joint} {} clicks", crate::numbers::count(n)),
        }
    }

    /// What was covered, in one line: "412 random games to their end, every position on them walked 2 plies deep
    /// (sized to the game: 7.1 moves a position, 41 plies a game)".
    pub fn coverage(&self) -> String {
        let games = if self.games == 1 { "1 random game".to_string() } else { format!("{} random games", self.games) };
        let planned =
            if self.games < self.planned_games { format!(" of {}", self.planned_games) } else { String::new() };
        let cut = if self.ended_games == self.games && self.games > 0 {
            " to their end".to_string()
        } else {
            format!(" ({} to their end)", self.ended_games)
        };
        let plies = if self.depth == 1 { "1 ply".to_string() } else { format!("{} plies", self.depth) };
        let sized = self
            .sized
            .map(|(moves, plies)| {
                let plies =
                    if format!("{plies:.0}") == "1" { "1 ply".to_string() } else { format!("{plies:.0} plies") };
                let moves = if moves >= 100.0 { crate::numbers::count_f64(moves) } else { format!("{moves:.1}") };
                format!(" (sized to the game: {moves} moves a position, {plies} a game)")
            })
            .unwrap_or_default();
        format!("{games}{planned}{cut}, every position on them walked {plies} deep{sized}")
    }

    /// The finding of this kind, if any.
    pub fn find(&self, kind: FindingKind) -> Option<&Finding> {
        self.findings.iter().find(|f| f.kind == kind)
    }
}

/// Different findings kept at most: past it, the same faults would only repeat in other words.
pub const MAX_FINDINGS: usize = 50;

/// Checks the game whose start is `start` (see the module's doc). Never panics on a faulty game: each fault is a
/// finding. Without [`CheckConfig::games`] or [`CheckConfig::depth`] the first [`plan::PROBE_GAMES`] games measure
/// the game, and the rest of the check is sized to do about [`plan::SECONDS`] of work: two plies deep below
/// [`plan::DEEP_GAMES`] games or more when that fits, else one ply below as many games as fit, at most
/// [`plan::MOST_GAMES`].
pub fn check(start: &AnyGame, config: &CheckConfig) -> CheckReport {
    walk::Checker::new(start, config).run()
}

/// A line of moves as a short text: `a1 b2 c3`, or "the start" for none.
pub fn line_text(line: &[String]) -> String {
    if line.is_empty() { "the start".to_string() } else { line.join(" ") }
}

#[cfg(test)]
mod tests;
