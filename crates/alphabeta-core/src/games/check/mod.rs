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
//! The work is bounded ([`CheckConfig::max_positions`], [`CheckConfig::max_time`]), and the report says when a
//! bound stopped it. `walk.rs` does the visiting, `script.rs` the checks only a script's board has.

mod script;
mod walk;

use super::any::AnyGame;
use serde::Serialize;
use std::time::Duration;

/// How much checking to do.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckConfig {
    /// Random games to play from the start.
    pub games: u32,
    /// Plies walked below every position of the random games (every move, each position checked).
    pub depth: u32,
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
            games: 200,
            depth: 2,
            seed: 1,
            max_positions: 200_000,
            max_time: Duration::from_secs(60),
            max_plies: 1_000,
        }
    }
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
    /// Playing a move and taking it back did not restore the key or the moves.
    UndoMismatch,
    /// Two positions with the same key differ in their moves, turn, result or evaluation.
    KeyCollision,
    /// A move the position lists is refused when played.
    RefusedMove,
    /// The script's `draw` returned what the window cannot show.
    BadDrawing,
    /// A click on the board gave a move that is not legal there.
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
            FindingKind::UndoMismatch => "undo does not restore",
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
    /// What is wrong, in words (a script's error with its `file:line`).
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
    /// The faults found, one per kind and message, in the order first met.
    pub findings: Vec<Finding>,
    /// Positions checked (a position reached twice counts twice).
    pub positions: u64,
    /// Different keys seen.
    pub keys: u64,
    /// Random games played.
    pub games: u32,
    /// Clicks tried on scripts' boards.
    pub clicks: u64,
    /// Why the check stopped before it was done (a cap on positions or time), or `None` when it did all it was
    /// asked.
    pub stopped: Option<String>,
    /// How long it took, in seconds.
    pub seconds: f64,
}

impl CheckReport {
    /// True when nothing was found.
    pub fn is_clean(&self) -> bool {
        self.findings.is_empty()
    }

    /// The finding of this kind, if any.
    pub fn find(&self, kind: FindingKind) -> Option<&Finding> {
        self.findings.iter().find(|f| f.kind == kind)
    }
}

/// Different findings kept at most: past it, the same faults would only repeat in other words.
pub const MAX_FINDINGS: usize = 50;

/// Checks the game whose start is `start` (see the module's doc). Never panics on a faulty game: each fault is a
/// finding.
pub fn check(start: &AnyGame, config: &CheckConfig) -> CheckReport {
    walk::Checker::new(start, config).run()
}

/// A line of moves as a short text: `a1 b2 c3`, or "the start" for none.
pub fn line_text(line: &[String]) -> String {
    if line.is_empty() { "the start".to_string() } else { line.join(" ") }
}

#[cfg(test)]
mod tests;
