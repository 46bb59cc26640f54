//! Why a draughts game ended, in words, for the status line.

use super::Draughts;
use crate::engine::game::Side;

/// The rule that ended a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The loser, to move, has no legal move (no pieces, or all blocked).
    NoMoves {
        /// The side that made the last move.
        winner: Side,
    },
    /// The same position for the third time, same side to move: a draw.
    Repetition,
    /// No capture or man's move for the no-progress limit.
    NoProgress {
        /// Plies played since the last capture or man's move.
        plies: u32,
    },
}

impl Ending {
    /// The reason as the status line gives it.
    pub fn describe(self) -> String {
        match self {
            Ending::NoMoves { winner } => {
                let (winner, loser) = if winner == Side::Max { ("Black", "White") } else { ("White", "Black") };
                format!("{winner} wins: {loser} has no move left.")
            }
            Ending::Repetition => "Draw by threefold repetition.".into(),
            Ending::NoProgress { plies } => {
                format!("Draw: {} moves each without a capture or a man's move.", plies / 2)
            }
        }
    }
}

impl Draughts {
    /// How the game ended, or `None` while it goes on.
    pub fn ending(&self) -> Option<Ending> {
        if let Some(winner) = self.winner() {
            return Some(Ending::NoMoves { winner });
        }
        if self.occurred_three_times() {
            Some(Ending::Repetition)
        } else if self.quiet_plies >= self.no_progress_plies {
            Some(Ending::NoProgress { plies: self.no_progress_plies })
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ending_is_named() {
        let won = Draughts::from_fen("B:W14:B9,10").unwrap().with_moves("10x17").unwrap();
        assert_eq!(won.ending(), Some(Ending::NoMoves { winner: Side::Max }));
        assert_eq!(won.ending().unwrap().describe(), "Black wins: White has no move left.");
        let kings = Draughts::from_fen("B:WK32:BK1").unwrap();
        let shuffled = kings.clone().with_moves("1-5 32-27 5-1 27-32 1-5 32-27 5-1 27-32").unwrap();
        assert_eq!(shuffled.ending(), Some(Ending::Repetition));
        let slow = kings.with_no_progress_limit(4).with_moves("1-5 32-27 5-9 27-23").unwrap();
        assert_eq!(slow.ending(), Some(Ending::NoProgress { plies: 4 }));
        assert_eq!(Draughts::new().ending(), None);
    }
}
