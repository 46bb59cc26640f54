//! Game review: every decision of a game judged by the engine, for any game (compiled or scripted, with dice).
//!
//! [`review_game`] searches each position of a game at one budget with one engine (its table kept across the
//! positions), and judges each move by the winning chances it lost: values are read as win probabilities on each
//! game's own logistic scale ([`scale`]), so one set of thresholds — Lichess's (`lila`'s `Advice.scala`: 0.1, 0.2
//! and 0.3 of winning chances on the −1…+1 scale) — serves every game. Chance outcomes are not judged; a move that
//! was the only legal one is [`MoveClass::Forced`], never a mistake. Each side gets Lichess's accuracy
//! (<https://lichess.org/page/accuracy>: the volatility-weighted and harmonic means of its moves', [`game_accuracy`])
//! and its counts per class. [`export`] writes the review as a record.
//!
//! Where the game's true values are known — the family's exact oracle
//! ([`crate::games::any::oracle::ExactOracle`]: Connect Four's opening book and solver) proves every legal move's, or
//! both searches compared saw every line to the end — a move is judged by the outcome it keeps instead (see
//! [`MoveClass`]); a proven value is never compared with a searched one as the same kind.
//!
//! Plain data with serde, so the window keeps a review in its session and the command line prints it as JSON.

mod accuracy;
pub mod export;
mod judge;
pub mod learn;
pub mod outside;
mod record;
pub mod scale;

pub use accuracy::{MoveWin, accuracy_of, game_accuracy};
pub use export::export_record;
pub use judge::{EXACT_NODES, ReviewPlan, review_game, review_game_judged_by, review_game_until};
pub use outside::OutsideEngine;
pub use record::read_game_record;
pub use scale::{Certainty, WinScale, win_probability, winning_chances};

use serde::{Deserialize, Serialize};

/// How hard each position is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReviewBudget {
    /// The game's AI level (1–10): its depth, nodes and time ceiling, without its deliberate mistakes.
    Level(u8),
    /// Nodes per position.
    Nodes(u64),
    /// Plies per position.
    Depth(u32),
    /// Milliseconds per position.
    TimeMs(u64),
}

impl Default for ReviewBudget {
    fn default() -> Self {
        ReviewBudget::Level(10)
    }
}

/// The budget in words, as a review's export names it: "level 10", "20,000 nodes a position".
impl std::fmt::Display for ReviewBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::numbers::count;
        match *self {
            ReviewBudget::Level(level) => write!(f, "level {level}"),
            ReviewBudget::Nodes(nodes) => write!(f, "{} nodes a position", count(nodes)),
            ReviewBudget::Depth(plies) => write!(f, "{plies} plies a position"),
            ReviewBudget::TimeMs(ms) => write!(f, "{} ms a position", count(ms)),
        }
    }
}

/// What the person asked for: the strength of the search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ReviewSettings {
    /// The search budget of each position.
    pub budget: ReviewBudget,
}

/// A move's class, from the winning chances it lost (Lichess's thresholds, `Advice.scala`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveClass {
    /// The best move, or one the search valued as highly (between proven values: the same value, or the same
    /// outcome where only outcomes are known).
    Best,
    /// Lost less than 0.1 of winning chances; between proven values, kept the outcome less well (a slower win).
    Good,
    /// Lost at least 0.1 (5 points of win probability).
    Inaccuracy,
    /// Lost at least 0.2 (10 points); between proven values, turned a win into a draw.
    Mistake,
    /// Lost at least 0.3 (15 points); between proven values, turned a win or a draw into a loss.
    Blunder,
    /// The only legal move: no decision, never marked.
    Forced,
}

impl MoveClass {
    /// Every class, in the order of [`SideSummary::counts`].
    pub const ALL: [MoveClass; 6] = [
        MoveClass::Best,
        MoveClass::Good,
        MoveClass::Inaccuracy,
        MoveClass::Mistake,
        MoveClass::Blunder,
        MoveClass::Forced,
    ];

    /// Loss of winning chances (−1…+1 scale) from which a move is an inaccuracy, a mistake, a blunder.
    pub const THRESHOLDS: [f64; 3] = [0.1, 0.2, 0.3];

    /// The class of a decision that lost `loss` winning chances, not being the best move.
    pub fn of_loss(loss: f64) -> MoveClass {
        let [inaccuracy, mistake, blunder] = Self::THRESHOLDS;
        if loss >= blunder {
            MoveClass::Blunder
        } else if loss >= mistake {
            MoveClass::Mistake
        } else if loss >= inaccuracy {
            MoveClass::Inaccuracy
        } else {
            MoveClass::Good
        }
    }

    /// PGN's numeric annotation glyph, on the errors only as Lichess writes its reviews: `$6` ("?!", dubious) for
    /// an inaccuracy, `$2` ("?", poor) for a mistake, `$4` ("??", very poor) for a blunder; none for the others.
    pub fn nag(self) -> Option<u8> {
        match self {
            MoveClass::Inaccuracy => Some(6),
            MoveClass::Mistake => Some(2),
            MoveClass::Blunder => Some(4),
            MoveClass::Best | MoveClass::Good | MoveClass::Forced => None,
        }
    }

    /// The mark a move list puts after the move: `?!`, `?`, `??` for the errors, nothing for the rest (as Lichess
    /// marks only errors).
    pub fn mark(self) -> &'static str {
        match self {
            MoveClass::Inaccuracy => "?!",
            MoveClass::Mistake => "?",
            MoveClass::Blunder => "??",
            MoveClass::Best | MoveClass::Good | MoveClass::Forced => "",
        }
    }

    /// The class's name in lower case, as JSON writes it: `best`, `good`, `inaccuracy`, `mistake`, `blunder`,
    /// `forced`.
    pub fn name(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
            MoveClass::Forced => "forced",
        }
    }

    /// Its place in [`MoveClass::ALL`] and [`SideSummary::counts`].
    pub fn index(self) -> usize {
        MoveClass::ALL.iter().position(|&c| c == self).unwrap_or(0)
    }
}

/// One decision of the game, judged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JudgedMove {
    /// Its index in the game's move list (0: the first move; chance outcomes have indices but are not judged).
    pub ply: usize,
    /// The move's name in the game's notation.
    pub move_name: String,
    /// Who played it: 0 the first player (MAX), 1 the second.
    pub side: usize,
    /// That side's name ("White", "South").
    pub side_name: String,
    /// Its class.
    pub class: MoveClass,
    /// The position's value before the move, from the mover's view, in the game's unit: the best move's value.
    pub value_before: f64,
    /// The value after the move, from the mover's view.
    pub value_after: f64,
    /// The mover's win probability (0–1) before the move.
    pub win_before: f64,
    /// The mover's win probability after it.
    pub win_after: f64,
    /// Winning chances lost on the −1…+1 scale: `max(0, 2·(win_before − win_after))`.
    pub loss: f64,
    /// The best move's name.
    pub best: String,
    /// The best move's principal variation (names, the best move first).
    pub pv: Vec<String>,
    /// Both values are proven (the game's true values, by its exact oracle or a search that saw every line to its
    /// end): the class says which outcome the move kept ([`MoveClass`]), not a share of winning chances.
    #[serde(default)]
    pub proven: bool,
    /// How deep, in plies, the one search that valued both the best and the played move went (0 when the values
    /// are the family's exact oracle's): the two are always compared at the same depth.
    #[serde(default)]
    pub depth: u32,
}

/// One side's figures over the game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SideSummary {
    /// The side's name.
    pub name: String,
    /// Lichess's accuracy (0–100, [`game_accuracy`]): the average of the volatility-weighted and the harmonic mean
    /// of its decisions' accuracies ([`accuracy_of`]; forced moves left out); 100 when it made none.
    pub accuracy: f64,
    /// How many of its moves fell in each class, in the order of [`MoveClass::ALL`].
    pub counts: [usize; 6],
}

/// A game reviewed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Review {
    /// The game's id (as the registry names it).
    pub game: String,
    /// The settings it was reviewed with.
    pub settings: ReviewSettings,
    /// The scale the values were read on.
    pub scale: WinScale,
    /// Every decision, in the order played (chance outcomes left out).
    pub moves: Vec<JudgedMove>,
    /// The first and the second player's figures.
    pub sides: [SideSummary; 2],
    /// The engine outside the studio that judged it, in words ("Stockfish 15.1, 250,000 nodes a position"); `None`
    /// when the studio's own engine did, at [`ReviewSettings::budget`].
    #[serde(default)]
    pub judged_by: Option<String>,
}

impl Review {
    /// Who judged, in words: the outside engine and its budget ("Stockfish 15.1, 250,000 nodes a position"), or
    /// the studio's engine at its budget ("the studio's engine, level 10").
    pub fn judge_words(&self) -> String {
        self.judged_by.clone().unwrap_or_else(|| format!("the studio's engine, {}", self.settings.budget))
    }

    /// The judgement of the move at `ply`, if it was a decision (a chance outcome is not judged). The moves are in
    /// the order played, so a lookup halves its way there: the move list asks once per move and frame.
    pub fn judged(&self, ply: usize) -> Option<&JudgedMove> {
        self.moves.binary_search_by_key(&ply, |judged| judged.ply).ok().map(|i| &self.moves[i])
    }
}

/// Why a review did not finish.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewError {
    /// The caller cancelled it.
    Cancelled,
    /// The game's rules failed while a position was searched (a script's error, with its `file:line`).
    Fault {
        /// The ply being judged.
        ply: usize,
        /// The game's message.
        message: String,
    },
    /// The outside engine that judges the review failed (it exited, gave no score or an illegal move, did not
    /// answer in time).
    Outside {
        /// The ply being judged.
        ply: usize,
        /// What it did, naming it.
        message: String,
    },
    /// A move of the record is not legal where it is played.
    IllegalMove {
        /// The ply of the move.
        ply: usize,
        /// Why.
        message: String,
    },
}

impl std::fmt::Display for ReviewError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReviewError::Cancelled => f.write_str("the review was cancelled"),
            ReviewError::Fault { ply, message } => {
                write!(f, "the game's rules failed while judging move {}: {message}", ply + 1)
            }
            ReviewError::IllegalMove { ply, message } => write!(f, "move {} cannot be played: {message}", ply + 1),
            ReviewError::Outside { ply, message } => write!(f, "{message} (judging move {})", ply + 1),
        }
    }
}

impl std::error::Error for ReviewError {}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod budget_words {
    use super::ReviewBudget;

    #[test]
    fn a_budget_reads_in_words_not_as_rust() {
        assert_eq!(ReviewBudget::Level(10).to_string(), "level 10");
        assert_eq!(ReviewBudget::Nodes(20_000).to_string(), "20,000 nodes a position");
        assert_eq!(ReviewBudget::Depth(6).to_string(), "6 plies a position");
        assert_eq!(ReviewBudget::TimeMs(1500).to_string(), "1,500 ms a position");
    }
}
