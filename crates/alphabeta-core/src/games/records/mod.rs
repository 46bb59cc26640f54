//! Game records in the standard formats, GUI-free: what a game's moves look like written down for other programs
//! and people, and how such text becomes a start position and a list of legal moves again.
//!
//! - chess: PGN and FEN ([`crate::games::chess::pgn`]; FEN through `cozy-chess`),
//! - English draughts: PDN and its FEN ([`crate::games::draughts::pdn`]),
//! - Connect Four: Pons' move string, one digit per move, `4453…` ([`crate::games::connect_four::record`]),
//! - Othello: the transcript, square names run together, `f5d6c3…` ([`crate::games::othello::record`]),
//! - m,n,k: cell names separated by spaces, `b2 a1 c3` ([`crate::games::mnk::record`]),
//! - any family: its move names one a line ([`write_names`], [`read_names`]).
//!
//! **Contract of every reader.** It returns the moves only if the whole record is well formed and every move is
//! legal where it is played; otherwise a [`RecordError`] naming the line (1-based) and the reason. A reader never
//! panics on any text.

pub mod movetext;
pub mod simple;

pub use simple::{read_names, write_names};

use std::fmt;

/// What a record may say besides the moves: who played, when, how the game ended, and what the AI's search found
/// at each move. Families whose format has a place for them (PGN) write them; the others ignore them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RecordNotes {
    /// The first and the second player's names ("Alpha-Beta Studio level 7", a person's name).
    pub players: [String; 2],
    /// The day the game was played, `2026.11.26` (PGN's Date); `None`: unknown.
    pub date: Option<String>,
    /// Why the game ended, in PGN's Termination words ("normal", "time forfeit", "unterminated").
    pub termination: Option<String>,
    /// One note per move, in order (shorter than the moves when the later ones have none).
    pub moves: Vec<MoveNote>,
    /// The tag pairs of the record the game was imported from ([`movetext::header_tags`]), kept in their order;
    /// they win over what the fields above would write (an imported game's players stay its players).
    pub tags: Vec<(String, String)>,
}

/// What the AI's search found for one move it played.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveNote {
    /// The search's score from the side to move's point of view, before the move.
    pub value: Option<crate::engine::game::Value>,
    /// The depth the search reached.
    pub depth: Option<u32>,
    /// A weaker level chose this move on purpose instead of its search's best (PGN's `$6`, "?!").
    pub dubious: bool,
    /// The move's numeric annotation glyph (a review's class: `$6`, `$2`, `$4`); written instead of `dubious`'s
    /// when both are set.
    pub glyph: Option<u8>,
    /// Words for people after the move (a review's "Mistake. Nf6 was best."), in the same comment as its value.
    pub words: Option<String>,
    /// A line to play instead of this move, from the position before it (move names in the family's notation, the
    /// better move first; a review's best line), written after the move as a variation where the format has them.
    pub variation: Vec<String>,
}

/// Why a record was refused: the line of the text (1-based) where the problem is, and what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line of the text where the problem is, 1-based.
    pub line: usize,
    /// What is wrong there, in words.
    pub reason: String,
}

impl RecordError {
    /// The error at `line` (1-based) for `reason`.
    pub fn new(line: usize, reason: impl Into<String>) -> Self {
        RecordError { line, reason: reason.into() }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for RecordError {}

/// How a recorded game ended, as PGN and PDN write it. The first player is White in chess and Black in English
/// draughts: `1-0` is a win for the side that moved first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordResult {
    /// `1-0`: the side that moved first won.
    FirstWins,
    /// `0-1`: the side that moved second won.
    SecondWins,
    /// `1/2-1/2`: a draw.
    Draw,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl RecordResult {
    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn token(self) -> &'static str {
        match self {
            RecordResult::FirstWins => "1-0",
            RecordResult::SecondWins => "0-1",
            RecordResult::Draw => "1/2-1/2",
            RecordResult::Unknown => "*",
        }
    }

    /// The result a token names, PDN's `2-0`, `0-2` and `1-1` included; `None` for anything else.
    pub fn from_token(token: &str) -> Option<RecordResult> {
        match token {
            "1-0" | "2-0" => Some(RecordResult::FirstWins),
            "0-1" | "0-2" => Some(RecordResult::SecondWins),
            "1/2-1/2" | "½-½" | "1-1" => Some(RecordResult::Draw),
            "*" => Some(RecordResult::Unknown),
            _ => None,
        }
    }

    /// The result of a finished game from its winner (`None` with `over` for a draw); `Unknown` while it goes on.
    pub fn from_outcome(winner: Option<crate::engine::game::Side>, over: bool) -> RecordResult {
        use crate::engine::game::Side;
        match winner {
            Some(Side::Max) => RecordResult::FirstWins,
            Some(Side::Min) => RecordResult::SecondWins,
            None if over => RecordResult::Draw,
            None => RecordResult::Unknown,
        }
    }
}

/// Today's date (UTC) as PGN writes it, `YYYY.MM.DD` (match records and the Play view's exports).
pub fn today() -> String {
    let days =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| (d.as_secs() / 86_400) as i64);
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The calendar date of a day count since 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_day_counts() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_415), (2025, 11, 23));
    }
}
