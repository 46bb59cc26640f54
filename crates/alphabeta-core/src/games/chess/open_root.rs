//! A root set up by a protocol (UCI's `position`), where the game goes on past a draw rule a player has to claim,
//! and may be held to some of its moves (`go searchmoves`, MultiPV's remaining moves).

use super::Chess;
use cozy_chess::Move;

/// Where [`Chess::play_on_here`] was called, and the root moves it allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct OpenRoot {
    /// The history's length there: the root is the position after this many plies.
    pub(super) plies: usize,
    /// The root moves to search (`go searchmoves`, or MultiPV's remaining moves); all of them when `None`.
    pub(super) only: Option<Vec<Move>>,
}

impl Chess {
    /// Lets the game go on from the current position although a draw rule would end it here — a repetition or
    /// 50-move draw a player has to claim, or bare material with moves left — and, with `only`, allows just those
    /// root moves (the legal ones among them; all legal moves if none is). A UCI GUI decides when such a draw ends
    /// the game, and asks for a move meanwhile; below this position the rules end the game as before, so the
    /// search still scores a repetition or a 50th quiet move as a draw. Checkmate and stalemate still end it.
    pub fn play_on_here(&mut self, only: Option<Vec<Move>>) {
        self.open_root = Some(OpenRoot { plies: self.history.len(), only: None });
        let legal = self.legal_moves();
        let only = only.map(|moves| moves.into_iter().filter(|mv| legal.contains(mv)).collect::<Vec<_>>());
        if let Some(root) = &mut self.open_root {
            root.only = only.filter(|moves| !moves.is_empty());
        }
    }

    /// True at the position [`Chess::play_on_here`] was called for.
    pub(super) fn at_open_root(&self) -> bool {
        self.open_root.as_ref().is_some_and(|root| root.plies == self.history.len())
    }

    /// True when a draw rule ends the game here for the search and the move list (not at an open root).
    pub(super) fn ends_by_rule(&self) -> bool {
        self.drawn_by_rule() && !self.at_open_root()
    }

    /// Keeps, of the moves generated from index `first` on, only the root moves allowed here.
    pub(super) fn keep_root_moves(&self, moves: &mut Vec<Move>, first: usize) {
        let Some(only) = self.open_root.as_ref().filter(|_| self.at_open_root()).and_then(|r| r.only.as_ref()) else {
            return;
        };
        let mut kept = first;
        for i in first..moves.len() {
            if only.contains(&moves[i]) {
                moves.swap(kept, i);
                kept += 1;
            }
        }
        moves.truncate(kept);
    }

    /// Mixed into the position's hash: a root held to some of its moves is another node than the same position
    /// with all of them, and what the table learns of one must not decide the other. 0 everywhere else.
    pub(super) fn root_key(&self) -> u64 {
        let restricted = self.open_root.as_ref().is_some_and(|r| r.only.is_some()) && self.at_open_root();
        if restricted { 0x9e37_79b9_7f4a_7c15 } else { 0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Game;

    /// A claimable draw must leave the root its moves, or UCI would answer `bestmove 0000`.
    #[test]
    fn an_open_root_has_its_moves_and_the_draws_below_it_still_count() {
        let mut repeated = Chess::new().with_moves("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8").expect("legal");
        assert!(repeated.legal_moves().is_empty() && repeated.terminal_value() == Some(0.0), "drawn by rule");
        repeated.play_on_here(None);
        assert_eq!(repeated.legal_moves().len(), 20);
        assert_eq!(repeated.terminal_value(), None);
        // Nf3 again repeats a position a third time: a draw below the root.
        let knight = repeated.parse_move("Nf3").expect("legal");
        repeated.play(knight);
        assert_eq!(repeated.terminal_value(), Some(0.0));
        repeated.undo(knight);
        let mut bare = Chess::from_fen("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1").expect("FEN");
        let hash = bare.position_hash();
        assert!(bare.legal_moves().is_empty(), "bare material ends the game for the search");
        bare.play_on_here(None);
        let to_c3 = bare.parse_move("Nc3").expect("legal at an open root");
        bare.play_on_here(Some(vec![knight, to_c3]));
        let only: Vec<String> = bare.legal_moves().into_iter().map(|mv| bare.uci_name(mv)).collect();
        assert_eq!(only, ["b1c3"], "held to the legal one of the moves named");
        assert_ne!(bare.position_hash(), hash, "a held root is another node for the table");
        let mut mated = Chess::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").expect("FEN").with_moves("").expect("none");
        mated.play_on_here(None);
        assert!(mated.legal_moves().is_empty(), "stalemate still ends it");
    }
}
