//! Othello's evaluation: mobility, corners and the squares next to them, stable edge discs, frontier discs and,
//! late in the game, the discs themselves.

use super::Othello;
use super::bits::{anchored_run, legal_squares, neighbours};

impl Othello {
    /// The four corners, and for each its X-square (diagonally in) and its two C-squares (beside it on the edges).
    pub(super) fn corner_regions(&self) -> [(u64, u64, u64); 4] {
        let n = self.size() - 1;
        let bit = |column: usize, row: usize| 1u64 << (row * 8 + column);
        let region = |c: usize, r: usize, inward_c: usize, inward_r: usize| {
            (bit(c, r), bit(inward_c, inward_r), bit(inward_c, r) | bit(c, inward_r))
        };
        [region(0, 0, 1, 1), region(n, 0, n - 1, 1), region(0, n, 1, n - 1), region(n, n, n - 1, n - 1)]
    }

    /// The four edges, each as its squares from one corner to the other (the first `size` entries).
    pub(super) fn edges(&self) -> [[u8; 8]; 4] {
        let last = self.size() - 1;
        let edge = |square: &dyn Fn(usize) -> u8| std::array::from_fn(|i| square(i.min(last)));
        [
            edge(&|i| Self::square(i, 0)),
            edge(&|i| Self::square(i, last)),
            edge(&|i| Self::square(0, i)),
            edge(&|i| Self::square(last, i)),
        ]
    }

    /// Edge discs that can never be turned over, approximately: on an edge (where a disc can be flipped only
    /// along the edge) the discs of a full edge, and the unbroken run of one colour that starts at a corner of
    /// that colour. Returns (the side to move's, the opponent's).
    pub(super) fn stable_edge_discs(&self, own: u64, opp: u64) -> (u64, u64) {
        let n = self.size();
        let (mut stable_own, mut stable_opp) = (0u64, 0u64);
        for edge in self.edges() {
            let squares = &edge[..n];
            let occupied = own | opp;
            if squares.iter().all(|&s| occupied >> s & 1 != 0) {
                for &s in squares {
                    stable_own |= own & 1 << s;
                    stable_opp |= opp & 1 << s;
                }
                continue;
            }
            for (own_run, opp_run) in
                [anchored_run(squares.iter(), own, opp), anchored_run(squares.iter().rev(), own, opp)]
            {
                stable_own |= own_run;
                stable_opp |= opp_run;
            }
        }
        (stable_own, stable_opp)
    }

    /// The terms of the evaluation for the side to move, each already weighted (see
    /// [`Game::evaluate`](crate::engine::game::Game::evaluate)).
    pub fn evaluation_terms(&self) -> EvaluationTerms {
        let (own, opp) = self.own_and_opponent();
        let empty = self.board & !(own | opp);
        let empties = empty.count_ones() as i32;
        let own_moves = self.state.legal.count_ones() as i32;
        let opp_moves = legal_squares(opp, own, self.board).count_ones() as i32;
        let mobility = 10 * (own_moves - opp_moves);
        let mut corners = 0;
        let mut danger = 0;
        for (corner, x_square, c_squares) in self.corner_regions() {
            corners += 100 * (((own & corner) != 0) as i32 - ((opp & corner) != 0) as i32);
            if empty & corner != 0 {
                // Next to an empty corner a disc tends to give the corner away.
                danger -= 50 * (((own & x_square) != 0) as i32 - ((opp & x_square) != 0) as i32);
                danger -= 20 * ((own & c_squares).count_ones() as i32 - (opp & c_squares).count_ones() as i32);
            }
        }
        let (stable_own, stable_opp) = self.stable_edge_discs(own, opp);
        let stability = 20 * (stable_own.count_ones() as i32 - stable_opp.count_ones() as i32);
        // Discs next to empty squares give the opponent moves later (potential mobility).
        let around_empty = neighbours(empty) & self.board;
        let frontier = -5 * ((own & around_empty).count_ones() as i32 - (opp & around_empty).count_ones() as i32);
        // Late in the game the discs themselves are what counts.
        let late = (16 - empties).max(0);
        let discs = 4 * late * (own.count_ones() as i32 - opp.count_ones() as i32);
        EvaluationTerms { mobility, corners, danger, stability, frontier, discs }
    }
}

/// The evaluation's terms for the side to move, weighted, so that the window (or a test) can show where a value
/// comes from. Each is the side to move's share minus the opponent's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EvaluationTerms {
    /// 10 per legal move.
    pub mobility: i32,
    /// 100 per corner.
    pub corners: i32,
    /// −50 per X-square and −20 per C-square next to an empty corner.
    pub danger: i32,
    /// 20 per stable edge disc (see `stable_edge_discs`).
    pub stability: i32,
    /// −5 per disc next to an empty square.
    pub frontier: i32,
    /// In the last 15 empty squares, 4 · (16 − empties) per disc.
    pub discs: i32,
}

impl EvaluationTerms {
    /// The sum of the terms.
    pub fn total(&self) -> i32 {
        self.mobility + self.corners + self.danger + self.stability + self.frontier + self.discs
    }
}
