//! Moves named as the move list numbers them: "12…Nxd5" for the second side's twelfth move, "12. Nf3" for the
//! first side's, and a game's length in the list's moves, not its plies (a 24-move chess game is 47 or 48 plies).
//! Plies are named only where a text says "ply".

use super::history::GameHistory;
use crate::engine::game::Side;

/// The move at index `ply` of `history` as the move list shows it: "12. Nf3" (the first side's), "12…Nxd5" (the
/// second side's); the bare move name when `ply` is past the game's end.
pub fn numbered_move(history: &GameHistory, ply: usize) -> String {
    if ply >= history.moves().len() {
        return format!("ply {}", ply + 1);
    }
    let name = history.move_name(ply);
    match history.turns().into_iter().find(|turn| turn.plies.contains(&ply)) {
        Some(turn) => list_prefix(turn.round, turn.side) + &name,
        None => name,
    }
}

/// "12. " for the first side's move 12, "12…" for the second side's.
pub fn list_prefix(round: usize, side: Side) -> String {
    match side {
        Side::Max => format!("{round}. "),
        Side::Min => format!("{round}…"),
    }
}

/// How many moves long the game is as the move list numbers them: its last move's number (a chess game of 47
/// plies is 24 moves long).
pub fn moves_in_list(history: &GameHistory) -> usize {
    history.turns().last().map_or(0, |turn| turn.round)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::any::AnyGame;
    use crate::games::mnk::Mnk;

    #[test]
    fn moves_are_numbered_as_the_move_list_numbers_them() {
        let mut history = GameHistory::new(AnyGame::new(Mnk::tic_tac_toe()));
        for cell in [4, 0, 8] {
            history.try_play(cell).expect("legal");
        }
        let names: Vec<String> = (0..4).map(|ply| numbered_move(&history, ply)).collect();
        let (a, b, c) = (history.move_name(0), history.move_name(1), history.move_name(2));
        assert_eq!(names, [format!("1. {a}"), format!("1…{b}"), format!("2. {c}"), "ply 4".to_string()]);
        assert_eq!(moves_in_list(&history), 2, "three plies are two moves");
        assert_eq!(moves_in_list(&GameHistory::new(AnyGame::new(Mnk::tic_tac_toe()))), 0);
    }

    /// A game set up from a FEN numbers its moves from the FEN's move number, Black's first as `25…`.
    #[test]
    fn a_set_up_position_numbers_from_its_own_move_number() {
        let fen = "4k2r/1p3p2/6p1/p2p4/1b1Pq3/1P3p1P/P2BbP2/R1Q1K3 b k - 3 25";
        let start = crate::games::chess::Chess::from_fen(fen).expect("a legal position");
        let mut history = GameHistory::new(AnyGame::new(start));
        for name in ["Ba3", "Qc2", "Bb4"] {
            let mv = history.position().find_move(name).expect(name);
            history.try_play(mv).expect("legal");
        }
        let names: Vec<String> = (0..3).map(|ply| numbered_move(&history, ply)).collect();
        assert_eq!(names, ["25…Ba3", "26. Qc2", "26…Bb4"]);
        assert_eq!(moves_in_list(&history), 26);
    }
}
