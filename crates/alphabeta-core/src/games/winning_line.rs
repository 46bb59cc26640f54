//! The winning line of a k-in-a-row game (Connect Four, the m,n,k games), for the painters to draw: found on the
//! finished board rather than kept by the rules, so the games' search code pays nothing for it.

use crate::engine::game::Side;
use crate::games::connect_four::ConnectFour;
use crate::games::mnk::Mnk;

/// The four directions a line can run: across, up, and the two diagonals.
const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The longest run of at least `k` stones of `side` on a `width` × `height` board, as its cells from one end to the
/// other; a run through `through` (the last move) is preferred when there is one, since that move made the line.
/// `None` when `side` has no such run.
pub fn find(
    width: usize,
    height: usize,
    k: usize,
    side: Side,
    through: Option<(usize, usize)>,
    cell: impl Fn(usize, usize) -> Option<Side>,
) -> Option<Vec<(usize, usize)>> {
    let at = |c: isize, r: isize| {
        c >= 0 && r >= 0 && (c as usize) < width && (r as usize) < height && cell(c as usize, r as usize) == Some(side)
    };
    let mut best: Option<(bool, Vec<(usize, usize)>)> = None;
    for row in 0..height as isize {
        for column in 0..width as isize {
            for (dc, dr) in DIRECTIONS {
                // Only from the start of a run, so each run is read once.
                if !at(column, row) || at(column - dc, row - dr) {
                    continue;
                }
                let run: Vec<(usize, usize)> = (0..)
                    .map(|i| (column + i * dc, row + i * dr))
                    .take_while(|&(c, r)| at(c, r))
                    .map(|(c, r)| (c as usize, r as usize))
                    .collect();
                if run.len() < k {
                    continue;
                }
                let made_by_last = through.is_some_and(|t| run.contains(&t));
                let better = match &best {
                    None => true,
                    Some((last, cells)) => (made_by_last, run.len()) > (*last, cells.len()),
                };
                if better {
                    best = Some((made_by_last, run));
                }
            }
        }
    }
    best.map(|(_, cells)| cells)
}

/// Connect Four's winning four (or more), cells as (column, row from the bottom); `last` is the column played last.
pub fn connect_four(game: &ConnectFour, last: Option<u8>) -> Option<Vec<(usize, usize)>> {
    let winner = game.winner()?;
    let through = last.map(usize::from).and_then(|column| {
        (0..game.height()).rev().find(|&row| game.cell(column, row).is_some()).map(|row| (column, row))
    });
    find(game.width(), game.height(), 4, winner, through, |c, r| game.cell(c, r))
}

/// The m,n,k game's winning line, cells as (column, row from the top); `last` is the cell played last.
pub fn mnk(game: &Mnk, last: Option<u8>) -> Option<Vec<(usize, usize)>> {
    let winner = game.winner()?;
    let through = last.map(|cell| (usize::from(cell) % game.width(), usize::from(cell) / game.width()));
    find(game.width(), game.height(), game.k(), winner, through, |c, r| game.cell(c, r))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Game;

    #[test]
    fn connect_four_lines_in_every_direction() {
        for (moves, line) in [
            ("1212121", vec![(0, 0), (0, 1), (0, 2), (0, 3)]),
            ("1122334", vec![(0, 0), (1, 0), (2, 0), (3, 0)]),
            ("12233434474", vec![(0, 0), (1, 1), (2, 2), (3, 3)]),
        ] {
            let game = ConnectFour::from_moves(moves).unwrap();
            let last = moves.chars().last().and_then(|c| c.to_digit(10)).map(|d| d as u8 - 1);
            assert_eq!(connect_four(&game, last), Some(line), "{moves}");
        }
        assert_eq!(connect_four(&ConnectFour::from_moves("4455").unwrap(), Some(4)), None, "no winner yet");
    }

    #[test]
    fn the_line_the_last_move_made_is_preferred() {
        // X (first) owns a longer run elsewhere in this made-up board; the last move's line is the one drawn.
        let board = ["XXXXX.", "X.....", "X.....", "X....."];
        let cell = |c: usize, r: usize| (board[r].as_bytes()[c] == b'X').then_some(Side::Max);
        assert_eq!(find(6, 4, 4, Side::Max, None, cell).map(|l| l.len()), Some(5));
        assert_eq!(find(6, 4, 4, Side::Max, Some((0, 3)), cell), Some(vec![(0, 0), (0, 1), (0, 2), (0, 3)]));
    }

    #[test]
    fn tic_tac_toe_anti_diagonal() {
        let mut game = Mnk::tic_tac_toe();
        for cell in [2u8, 0, 4, 1, 6] {
            game.play(cell);
        }
        assert_eq!(mnk(&game, Some(6)), Some(vec![(0, 2), (1, 1), (2, 0)]));
    }
}
