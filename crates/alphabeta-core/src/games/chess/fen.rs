//! What is wrong with a FEN's board, in a player's words. cozy-chess refuses a bad board with one line, "The board
//! is invalid.", which says not where; a player setting up a position needs the rank and the piece ("rank 3 has 9
//! squares", "two white kings"). Only consulted once the crate has refused the text.

use cozy_chess::Board;

/// The first fault of `fen`'s piece placement (and, when the placement is sound, of who is in check), or `None`
/// when nothing here is wrong (the crate's own message then stands).
pub fn board_fault(fen: &str) -> Option<String> {
    let mut fields = fen.split_whitespace();
    let placement = fields.next()?;
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Some(format!(
            "the board has {} ranks; FEN lists 8, from rank 8 down to rank 1, split by '/'",
            ranks.len()
        ));
    }
    let mut counts = Counts::default();
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 8 - i;
        let mut squares = 0usize;
        for c in rank_text.chars() {
            match c {
                '0'..='9' => squares += c as usize - '0' as usize,
                'P' | 'N' | 'B' | 'R' | 'Q' | 'K' | 'p' | 'n' | 'b' | 'r' | 'q' | 'k' => {
                    squares += 1;
                    if c.eq_ignore_ascii_case(&'p') && (rank == 1 || rank == 8) {
                        let file = (b'a' + squares.min(8) as u8 - 1) as char;
                        return Some(format!("a pawn stands on rank {rank} ({file}{rank}), where no pawn can be"));
                    }
                    counts.add(c);
                }
                other => {
                    return Some(format!(
                        "rank {rank} has '{other}', which is no piece (pieces are KQRBNP for White, kqrbnp for Black; \
                         digits count empty squares)"
                    ));
                }
            }
        }
        if squares != 8 {
            return Some(format!("rank {rank} has {squares} squares; a rank has 8"));
        }
    }
    counts.fault().or_else(|| check_fault(fen))
}

/// `fen` with the fields the crate needs: the counters added when left out, and a halfmove clock past 100 (up to
/// the 75-move rule's 150) read as 100, the most the crate counts and all the 50-move rule asks. `Err` says why a
/// clock cannot be.
pub fn with_counters_for_the_crate(fen: &str) -> Result<String, String> {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    if fields.len() == 4 {
        fields.extend(["0".to_string(), "1".to_string()]);
    }
    if let Some(clock) = fields.get_mut(4)
        && let Ok(plies) = clock.parse::<u64>()
    {
        match plies {
            0..=100 => {}
            101..=150 => *clock = "100".to_string(),
            _ => {
                return Err(format!(
                    "the halfmove clock is {plies}; past 150 plies without a capture or pawn move the 75-move rule \
                     has ended the game"
                ));
            }
        }
    }
    Ok(fields.join(" "))
}

/// Why the crate refused the castling field: a Chess960 (Shredder) letter, or a right whose king or rook is not
/// on its square.
pub fn castling_fault(fen: &str) -> String {
    let rights = fen.split_whitespace().nth(2).unwrap_or("");
    if rights.chars().any(|c| !matches!(c, 'K' | 'Q' | 'k' | 'q' | '-')) {
        return format!(
            "the castling field '{rights}' is Chess960 (Shredder) notation, which is not supported: standard chess \
             writes KQkq"
        );
    }
    format!(
        "the castling field '{rights}' gives a right whose king or rook is not on its starting square \
         (K: king e1 and rook h1; Q: king e1 and rook a1; k and q likewise on rank 8)"
    )
}

/// Pieces counted per side, to name impossible numbers.
#[derive(Default)]
struct Counts {
    kings: [usize; 2],
    pawns: [usize; 2],
    pieces: [usize; 2],
}

impl Counts {
    fn add(&mut self, c: char) {
        let side = usize::from(c.is_ascii_lowercase());
        self.pieces[side] += 1;
        match c.to_ascii_lowercase() {
            'k' => self.kings[side] += 1,
            'p' => self.pawns[side] += 1,
            _ => {}
        }
    }

    fn fault(&self) -> Option<String> {
        for (side, name) in ["white", "black"].into_iter().enumerate() {
            match self.kings[side] {
                1 => {}
                0 => return Some(format!("there is no {name} king")),
                n => return Some(format!("{} {name} kings; each side has one", number(n))),
            }
            if self.pawns[side] > 8 {
                return Some(format!("{} {name} pawns; a side has at most 8", self.pawns[side]));
            }
            if self.pieces[side] > 16 {
                return Some(format!("{} {name} pieces; a side has at most 16", self.pieces[side]));
            }
        }
        None
    }
}

fn number(n: usize) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        n => n.to_string(),
    }
}

/// With the pieces sound, the board can still be impossible by its checks: the side that just moved left its king
/// in check, or three pieces check at once.
fn check_fault(fen: &str) -> Option<String> {
    let mut fields = fen.split_whitespace();
    let (placement, side) = (fields.next()?, fields.next()?);
    let (to_move, other, flipped) = match side {
        "w" => ("White", "Black", 'b'),
        "b" => ("Black", "White", 'w'),
        _ => return None,
    };
    match Board::from_fen(&format!("{placement} {flipped} - - 0 1"), false) {
        Ok(board) if !board.checkers().is_empty() => {
            Some(format!("{other} is in check with {to_move} to move: the side that just moved cannot be in check"))
        }
        _ => {
            let plain = Board::from_fen(&format!("{placement} {side} - - 0 1"), false);
            plain.is_err().then(|| format!("{to_move}'s king is checked by more pieces than one move can give"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_fault_is_named_where_it_is() {
        let cases = [
            ("rnbqkbnr/pppppppp/8/8/8/9/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 3 has 9 squares"),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "rank 1 has 7 squares"),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "the board has 7 ranks"),
            ("4k3/8/8/8/8/8/8/K3K3 w - - 0 1", "two white kings"),
            ("8/8/8/8/8/8/8/4K3 w - - 0 1", "no black king"),
            ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "a pawn stands on rank 1 (a1)"),
            ("4k3/8/8/8/8/8/8/4K2x w - - 0 1", "rank 1 has 'x'"),
            ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "Black is in check with White to move"),
        ];
        for (fen, expected) in cases {
            let fault = board_fault(fen).unwrap_or_default();
            assert!(fault.contains(expected), "{fen}: {fault:?}");
            // And the chess game says the same when it refuses the text.
            let refused = super::super::Chess::from_fen(fen).err().map(|e| e.0).unwrap_or_default();
            assert!(refused.contains(expected), "{fen}: {refused:?}");
        }
        assert_eq!(board_fault("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), None);
    }

    #[test]
    fn a_game_played_on_past_fifty_moves_is_read_and_past_the_75_move_rule_refused() {
        use crate::engine::game::Game;
        for clock in [100, 101, 123, 150] {
            let game = super::super::Chess::from_fen(&format!("4k3/8/8/8/8/8/8/1N2K3 w - - {clock} 100"))
                .unwrap_or_else(|e| panic!("clock {clock}: {}", e.0));
            assert_eq!(game.board().halfmove_clock(), 100, "clock {clock}");
            assert_eq!(game.terminal_value(), Some(0.0), "a claimable draw ends the game for the search");
        }
        let refused = super::super::Chess::from_fen("4k3/8/8/8/8/8/8/1N2K3 w - - 151 100").err().map(|e| e.0);
        assert!(refused.as_deref().is_some_and(|why| why.contains("the 75-move rule")), "{refused:?}");
    }

    #[test]
    fn castling_rights_that_cannot_be_are_refused_with_their_reason() {
        let reason = |fen: &str| super::super::Chess::from_fen(fen).err().map(|e| e.0).unwrap_or_default();
        let shredder = reason("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
        assert!(shredder.contains("Chess960 (Shredder) notation, which is not supported"), "{shredder}");
        let no_rook = reason("4k3/8/8/8/8/8/8/4K3 w K - 0 1");
        assert!(no_rook.contains("king or rook is not on its starting square"), "{no_rook}");
    }
}
