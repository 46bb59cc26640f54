//! Why a chess game ended, in words, for the status line and the PGN's `Termination`.

use super::Chess;
use crate::engine::game::Side;

/// The rule that ended a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The side to move is in check with no legal move; the side named is the winner.
    Checkmate(Side),
    /// The side to move has no legal move and is not in check: a draw.
    Stalemate,
    /// The same position for the third time, same side to move: a draw.
    Repetition,
    /// 100 plies without a capture or a pawn move: a draw.
    FiftyMoves,
    /// Neither side has the pieces left to mate: a draw.
    InsufficientMaterial,
}

impl Ending {
    /// The reason as the status line gives it: "White wins by checkmate.", "Draw by stalemate.".
    pub fn describe(self) -> String {
        match self {
            Ending::Checkmate(Side::Max) => "White wins by checkmate.".into(),
            Ending::Checkmate(Side::Min) => "Black wins by checkmate.".into(),
            Ending::Stalemate => "Draw by stalemate.".into(),
            Ending::Repetition => "Draw by threefold repetition.".into(),
            Ending::FiftyMoves => "Draw by the 50-move rule.".into(),
            Ending::InsufficientMaterial => "Draw: neither side has the material to mate.".into(),
        }
    }
}

impl Chess {
    /// How the game ended, or `None` while it goes on. When two rules hold at once the one that the game's
    /// result follows is named: a mate on the 100th quiet ply is a mate, repetition comes before the others.
    pub fn ending(&self) -> Option<Ending> {
        if !self.is_over() {
            return None;
        }
        if let Some(winner) = self.winner() {
            return Some(Ending::Checkmate(winner));
        }
        Some(if self.repeated() {
            Ending::Repetition
        } else if self.insufficient_material() {
            Ending::InsufficientMaterial
        } else if self.board.halfmove_clock() >= 100 {
            Ending::FiftyMoves
        } else {
            Ending::Stalemate
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ending_is_named() {
        for (fen, moves, ending) in [
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "f3 e5 g4 Qh4", Ending::Checkmate(Side::Min)),
            ("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", "Qf8", Ending::Checkmate(Side::Max)),
            ("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "Qf7", Ending::Stalemate),
            ("4k3/8/8/8/8/8/8/4KB2 w - - 0 1", "", Ending::InsufficientMaterial),
            ("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "Ra2", Ending::FiftyMoves),
            ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra2 Kd8 Ra1 Ke8 Ra2 Kd8 Ra1 Ke8", Ending::Repetition),
        ] {
            let game = Chess::from_fen(fen).unwrap().with_moves(moves).expect(moves);
            assert_eq!(game.ending(), Some(ending), "{fen} {moves}");
        }
        assert_eq!(Chess::new().ending(), None);
        assert_eq!(Ending::Stalemate.describe(), "Draw by stalemate.");
    }
}
