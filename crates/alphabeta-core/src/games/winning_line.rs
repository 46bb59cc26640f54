//! The winning line of a k-in-a-row game, for the painters to draw: found on the finished board rather than kept by
//! the rules, so the games' search code pays nothing for it. Each family's own reading of it (`winning_line` in
//! `connect_four/family.rs` and `mnk/family.rs`) calls [`find`].

use crate::engine::game::Side;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_the_last_move_made_is_preferred() {
        // X (first) owns a longer run elsewhere in this made-up board; the last move's line is the one drawn.
        let board = ["XXXXX.", "X.....", "X.....", "X....."];
        let cell = |c: usize, r: usize| (board[r].as_bytes()[c] == b'X').then_some(Side::Max);
        assert_eq!(find(6, 4, 4, Side::Max, None, cell).map(|l| l.len()), Some(5));
        assert_eq!(find(6, 4, 4, Side::Max, Some((0, 3)), cell), Some(vec![(0, 0), (0, 1), (0, 2), (0, 3)]));
    }
}
