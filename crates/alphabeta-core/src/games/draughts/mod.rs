//! English draughts (checkers) on 32-square bitboards.
//!
//! **Board.** The 32 dark squares are numbered 1–32 as in the standard notation: row by row from Black's side, 1–4
//! on Black's back row and 29–32 on White's. Bit `i` of a bitboard is square `i + 1`; the board is drawn with
//! square 1 at the top (b8) and square 29 at the bottom left (a1). Black (the first player, MAX) starts on 1–12 and
//! moves down the board, White on 21–32 and moves up.
//!
//! **Rules.** Men move and capture diagonally forward only, kings both ways, one square at a time. Capturing is
//! compulsory — any capture, not necessarily the longest — and a capture must be continued while the capturing
//! piece can jump again. Jumped pieces stay on the board until the move ends: none can be jumped twice or landed on.
//! A man reaching the far row is crowned and its move ends there. A side with no legal move loses.
//!
//! **Draws** (the studio's rule, as tournament play has no fixed one): the game is drawn when a position repeats for
//! the third time with the same side to move, or after [`NO_PROGRESS_PLIES`] plies (40 moves by each side;
//! [`Draughts::with_no_progress_limit`] changes it) without a capture or a man's move. Repetition is counted since
//! the last capture or man's move, from a history of hashes. The position's hash does not include that history (nor
//! the count of plies without progress), so a search's transposition table may carry a draw found on one path to
//! another — the usual compromise: with the count in the hash, positions that differ only in how long ago the last
//! capture was would never share an entry, and the repetition history cannot be hashed at all. The game declares
//! it ([`crate::games::any::GameInfo::ends_by_history`]), and the game checker honours the declaration: two
//! positions with one hash may differ when either is over (drawn by its history on one path, lost for want of a move
//! or going on along another); between two positions that go on, nothing is excused.
//!
//! **Moves.** A move is its whole path, in one `u64` ([`moves`] gives the layout), so two captures over different
//! pieces are different moves even when they start and end on the same squares. Names are standard: `11-15`, and
//! every landing square of a capture, `22x15x8`. The geometry and the bitboard tricks are in [`board`].

pub mod board;
pub mod ending;
mod family;
pub mod words;
pub use family::{DraughtsRules, FAMILY};
pub mod moves;
pub mod pdn;

pub use board::{DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT, coordinates, square_at};
pub use moves::{DraughtsMove, destination, is_well_formed, jumped, path};

use crate::engine::game::{Game, IllegalMove, Side, Turn, Value};
use board::{ALL, ALL_WAYS, BLACK_CROWNS, CENTRE, JUMP, NONE, STEP, WHITE_CROWNS, WHITE_TO_MOVE, key, shift, squares};
use moves::{CAPTURE_BIT, DIRS_SHIFT, STEPS_SHIFT, follow};
use std::fmt;

/// Plies without a capture or a man's move after which the game is drawn: 40 moves by each side.
pub const NO_PROGRESS_PLIES: u32 = 80;

/// A win's value for the winner before the distance from the start is taken off: far above any evaluation.
pub const WIN: Value = 100_000.0;

/// What a move changes besides the board: kept to take it back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Saved {
    black: u32,
    white: u32,
    kings: u32,
    hash: u64,
    quiet_plies: u32,
    occurred_before: u32,
}

/// An English draughts position and the history its draw rules need. Black is MAX.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draughts {
    black: u32,
    white: u32,
    kings: u32,
    to_move: Side,
    hash: u64,
    /// Plies played since the start (or since the position was set up).
    plies: u32,
    /// Plies since the last capture or man's move.
    quiet_plies: u32,
    /// How often the position on the board (the same side to move) stood before since the last capture or man's
    /// move: at 2 it has occurred three times, and the game is drawn.
    occurred_before: u32,
    /// The position before each move played, for undo and for counting repetitions.
    history: Vec<Saved>,
    /// Search on past the depth limit while a capture is pending (see [`Game::is_quiet`]). On by default.
    quiescence: bool,
    /// The no-progress limit in plies: [`NO_PROGRESS_PLIES`] unless changed.
    no_progress_plies: u32,
}

impl Default for Draughts {
    fn default() -> Self {
        Draughts::new()
    }
}

impl Draughts {
    /// The starting position: Black on 1–12, White on 21–32, Black to move.
    pub fn new() -> Self {
        Draughts::with_pieces(0x0000_0FFF, 0xFFF0_0000, 0, Side::Max)
    }

    /// A position from bitboards (bit `i` is square `i + 1`), no history.
    fn with_pieces(black: u32, white: u32, kings: u32, to_move: Side) -> Self {
        let mut game = Draughts {
            black,
            white,
            kings,
            to_move,
            hash: 0,
            plies: 0,
            quiet_plies: 0,
            occurred_before: 0,
            history: Vec::new(),
            quiescence: true,
            no_progress_plies: NO_PROGRESS_PLIES,
        };
        game.hash = game.full_hash();
        game
    }

    /// The position in the usual FEN of draughts programs: the side to move (`B` or `W`), then each side's squares,
    /// kings marked `K`, e.g. `W:W21,22,K30:B1,K5` — White to move, men on 21 and 22 and a king on 30; Black a man
    /// on 1 and a king on 5. A trailing `.` is allowed. History starts here.
    pub fn from_fen(fen: &str) -> Result<Self, IllegalMove> {
        let bad = |why: String| IllegalMove(format!("FEN '{fen}': {why}"));
        let mut parts = fen.trim().trim_end_matches('.').split(':');
        let to_move = match parts.next().map(str::trim) {
            Some("B") => Side::Max,
            Some("W") => Side::Min,
            other => return Err(bad(format!("starts with {other:?}, not B or W"))),
        };
        let (mut black, mut white, mut kings) = (0u32, 0u32, 0u32);
        for part in parts {
            let part = part.trim();
            let (side, list) = match part.split_at_checked(1) {
                Some(("B", list)) => (&mut black, list),
                Some(("W", list)) => (&mut white, list),
                _ => return Err(bad(format!("'{part}' does not start with B or W"))),
            };
            for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let (king, number) = match item.strip_prefix('K') {
                    Some(number) => (true, number),
                    None => (false, item),
                };
                let square: u32 = number.parse().map_err(|_| bad(format!("'{item}' is not a square")))?;
                if !(1..=32).contains(&square) {
                    return Err(bad(format!("square {square} is not between 1 and 32")));
                }
                *side |= 1 << (square - 1);
                if king {
                    kings |= 1 << (square - 1);
                }
            }
        }
        if black & white != 0 {
            return Err(bad("a square holds pieces of both sides".into()));
        }
        if black.count_ones() > 12 || white.count_ones() > 12 {
            return Err(bad("a side has more than 12 pieces".into()));
        }
        if black | white == 0 {
            return Err(bad("the board is empty".into()));
        }
        // A man on the far row would have been crowned when it got there.
        let uncrowned = (black & BLACK_CROWNS & !kings) | (white & WHITE_CROWNS & !kings);
        if let Some(square) = squares(uncrowned).next() {
            return Err(bad(format!(
                "the man on square {} stands on its crowning row: write it as a king",
                square + 1
            )));
        }
        Ok(Draughts::with_pieces(black, white, kings, to_move))
    }

    /// The position as FEN (see [`Draughts::from_fen`]).
    pub fn to_fen(&self) -> String {
        let list = |bits: u32| {
            let names: Vec<String> = squares(bits)
                .map(|i| format!("{}{}", if self.kings & 1 << i != 0 { "K" } else { "" }, i + 1))
                .collect();
            names.join(",")
        };
        let side = if self.to_move == Side::Max { "B" } else { "W" };
        format!("{side}:W{}:B{}", list(self.white), list(self.black))
    }

    /// The same position with quiescence over captures switched on or off (for comparisons; on by default).
    pub fn with_quiescence(mut self, on: bool) -> Self {
        self.quiescence = on;
        self
    }

    /// The same position with another no-progress limit, in plies (the standard one is [`NO_PROGRESS_PLIES`]).
    pub fn with_no_progress_limit(mut self, plies: u32) -> Self {
        self.no_progress_plies = plies;
        self
    }

    /// The piece on square index `i` (0–31): its side and whether it is a king.
    pub fn piece(&self, i: usize) -> Option<(Side, bool)> {
        let bit = 1u32 << i;
        let king = self.kings & bit != 0;
        if self.black & bit != 0 {
            Some((Side::Max, king))
        } else if self.white & bit != 0 {
            Some((Side::Min, king))
        } else {
            None
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// Plies played since the position was set up.
    pub fn moves_played(&self) -> usize {
        self.plies as usize
    }

    /// Plies since the last capture or man's move (the no-progress count).
    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// True when a draw rule has ended the game.
    pub fn is_drawn(&self) -> bool {
        self.occurred_three_times() || self.quiet_plies >= self.no_progress_plies
    }

    /// The position stands for the third time (the same side to move, since the last capture or man's move): the
    /// rules' draw by repetition.
    fn occurred_three_times(&self) -> bool {
        self.occurred_before >= 2
    }

    /// The winner: the opponent of a side that cannot move.
    pub fn winner(&self) -> Option<Side> {
        (!self.is_drawn() && !self.has_move()).then_some(self.to_move.opponent())
    }

    /// True when the game is over: drawn, or the side to move cannot move.
    pub fn is_over(&self) -> bool {
        self.is_drawn() || !self.has_move()
    }

    /// The legal moves.
    pub fn legal_moves(&self) -> Vec<DraughtsMove> {
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        moves
    }

    /// The legal move with this name (`11-15`, `22x15x8`; `x` and `-` are both accepted between squares).
    pub fn parse_move(&self, name: &str) -> Result<DraughtsMove, IllegalMove> {
        let wanted: Vec<&str> = name.trim().split(['x', '-', 'X']).map(str::trim).collect();
        self.legal_moves()
            .into_iter()
            .find(|&mv| {
                let path = path(mv);
                path.len() == wanted.len() && path.iter().zip(&wanted).all(|(&i, w)| (i + 1).to_string() == *w)
            })
            .ok_or_else(|| IllegalMove(format!("{name} is not a legal move here")))
    }

    /// This position after the moves named, separated by spaces or commas.
    pub fn with_moves(mut self, names: &str) -> Result<Self, IllegalMove> {
        for name in names.split([' ', ',']).filter(|s| !s.is_empty()) {
            let mv = self.parse_move(name)?;
            self.play(mv);
        }
        Ok(self)
    }

    fn mine_theirs(&self) -> (u32, u32) {
        match self.to_move {
            Side::Max => (self.black, self.white),
            Side::Min => (self.white, self.black),
        }
    }

    /// The directions a man of the side to move goes in.
    fn forward(&self) -> &'static [u8] {
        match self.to_move {
            Side::Max => &ALL_WAYS[2..],
            Side::Min => &ALL_WAYS[..2],
        }
    }

    fn crown_row(&self) -> u32 {
        if self.to_move == Side::Max { BLACK_CROWNS } else { WHITE_CROWNS }
    }

    /// The directions the piece on `i` may go in.
    fn directions(&self, i: usize) -> &'static [u8] {
        if self.kings & 1 << i != 0 { &ALL_WAYS } else { self.forward() }
    }

    /// The pieces of the side to move that may go in each direction: all of them forward, kings backwards too.
    #[inline]
    fn goers(&self) -> [u32; 4] {
        let (mine, _) = self.mine_theirs();
        let kings = mine & self.kings;
        match self.to_move {
            Side::Max => [kings, kings, mine, mine],
            Side::Min => [mine, mine, kings, kings],
        }
    }

    /// True when the side to move has a capture: then every legal move captures.
    #[inline]
    pub fn must_capture(&self) -> bool {
        let (_, theirs) = self.mine_theirs();
        let empty = !(self.black | self.white);
        let goers = self.goers();
        (0..4).any(|d| shift(shift(goers[d], d) & theirs, d) & empty != 0)
    }

    /// True when the side to move has a legal move.
    #[inline]
    fn has_move(&self) -> bool {
        let empty = !(self.black | self.white);
        let goers = self.goers();
        (0..4).any(|d| shift(goers[d], d) & empty != 0) || self.must_capture()
    }

    /// Appends every maximal capture path of the piece now on `at` (which started on `from`): `theirs` are the
    /// pieces still to jump, `empty` the squares it may land on.
    #[expect(clippy::too_many_arguments, reason = "the state of one path, carried down the recursion")]
    fn extend_captures(
        &self,
        at: usize,
        king: bool,
        theirs: u32,
        empty: u32,
        mv: DraughtsMove,
        steps: u64,
        moves: &mut Vec<DraughtsMove>,
    ) {
        let mut extended = false;
        let ways: &[u8] = if king { &ALL_WAYS } else { self.forward() };
        // A man crowned by this jump stops here.
        let crowned = !king && steps > 0 && self.crown_row() & 1 << at != 0;
        if !crowned {
            for &d in ways {
                let (over, land) = (STEP[at][d as usize], JUMP[at][d as usize]);
                if land != NONE && theirs & 1 << over != 0 && empty & 1 << land != 0 {
                    extended = true;
                    let next = mv | u64::from(d) << (DIRS_SHIFT as u64 + 2 * steps);
                    let rest = theirs & !(1 << over);
                    self.extend_captures(land as usize, king, rest, empty, next, steps + 1, moves);
                }
            }
        }
        if !extended && steps > 0 {
            moves.push(mv | CAPTURE_BIT | steps << STEPS_SHIFT);
        }
    }

    /// The hash computed from scratch.
    fn full_hash(&self) -> u64 {
        let mut hash = if self.to_move == Side::Min { WHITE_TO_MOVE } else { 0 };
        for (side, bits) in [(Side::Max, self.black), (Side::Min, self.white)] {
            for i in squares(bits) {
                hash ^= key(side, self.kings & 1 << i != 0, i);
            }
        }
        hash
    }

    /// The static score of `side`'s pieces: material, men's advancement, the back row kept, the centre held.
    fn score(&self, side: Side) -> i32 {
        let (pieces, back_row) = match side {
            Side::Max => (self.black, WHITE_CROWNS),
            Side::Min => (self.white, BLACK_CROWNS),
        };
        let men = pieces & !self.kings;
        let kings = pieces & self.kings;
        let mut score = 100 * men.count_ones() as i32 + 140 * kings.count_ones() as i32;
        // Rows advanced towards the crowning row, a man near it being close to becoming a king: a man r rows
        // from home lies in r of the masks "at least 1, 2, … rows from home".
        let advanced: u32 = (1..8)
            .map(|r| {
                let beyond = if side == Side::Max { ALL << (4 * r) } else { ALL >> (4 * r) };
                (men & beyond).count_ones()
            })
            .sum();
        score += 3 * advanced as i32;
        // Men left on the home row keep the opponent from crowning there.
        score += 8 * (men & back_row).count_ones() as i32;
        score += 5 * (pieces & CENTRE).count_ones() as i32;
        score
    }
}

impl Game for Draughts {
    type Move = DraughtsMove;

    fn turn(&self) -> Turn {
        self.to_move.into()
    }

    /// Captures if there are any (each maximal path once), else the plain moves; none when the game is over.
    fn generate_moves(&self, moves: &mut Vec<DraughtsMove>) {
        if self.is_drawn() {
            return;
        }
        let (mine, theirs) = self.mine_theirs();
        let empty = !(self.black | self.white);
        let start = moves.len();
        let capturers = if self.must_capture() { mine } else { 0 };
        for i in squares(capturers) {
            // The capturing piece leaves its square, which it may land on again.
            let king = self.kings & 1 << i != 0;
            self.extend_captures(i, king, theirs, empty | 1 << i, i as u64, 0, moves);
        }
        if moves.len() > start {
            return;
        }
        debug_assert!(capturers == 0, "a capture was announced but none generated");
        for i in squares(mine) {
            for &d in self.directions(i) {
                let to = STEP[i][d as usize];
                if to != NONE && empty & 1 << to != 0 {
                    moves.push(i as u64 | 1 << STEPS_SHIFT | u64::from(d) << DIRS_SHIFT);
                }
            }
        }
    }

    /// # Panics
    /// May corrupt the position if `mv` is not legal here; use [`Game::try_play`] for moves from people.
    fn play(&mut self, mv: DraughtsMove) {
        self.history.push(Saved {
            black: self.black,
            white: self.white,
            kings: self.kings,
            hash: self.hash,
            quiet_plies: self.quiet_plies,
            occurred_before: self.occurred_before,
        });
        let side = self.to_move;
        let from = (mv & 31) as usize;
        let mut captured = 0u32;
        let to = follow(mv, |over, _| captured |= over.map_or(0, |i| 1 << i));
        let was_king = self.kings & 1 << from != 0;
        let king = was_king || self.crown_row() & 1 << to != 0;
        let (from_bit, to_bit) = (1u32 << from, 1u32 << to);
        let mut hash = self.hash ^ key(side, was_king, from) ^ key(side, king, to) ^ WHITE_TO_MOVE;
        for i in squares(captured) {
            hash ^= key(side.opponent(), self.kings & 1 << i != 0, i);
        }
        let mine = match side {
            Side::Max => &mut self.black,
            Side::Min => &mut self.white,
        };
        *mine = (*mine & !from_bit) | to_bit;
        match side {
            Side::Max => self.white &= !captured,
            Side::Min => self.black &= !captured,
        }
        self.kings &= !(from_bit | captured);
        if king {
            self.kings |= to_bit;
        }
        self.hash = hash;
        self.to_move = side.opponent();
        self.plies += 1;
        self.quiet_plies = if captured != 0 || !was_king { 0 } else { self.quiet_plies + 1 };
        // Positions since the last capture or man's move with the same side to move: every second one back.
        let len = self.history.len();
        self.occurred_before = (2..=self.quiet_plies as usize)
            .step_by(2)
            .take_while(|&back| back <= len)
            .filter(|&back| self.history[len - back].hash == self.hash)
            .count() as u32;
    }

    fn undo(&mut self, _mv: DraughtsMove) {
        if let Some(saved) = self.history.pop() {
            self.black = saved.black;
            self.white = saved.white;
            self.kings = saved.kings;
            self.hash = saved.hash;
            self.quiet_plies = saved.quiet_plies;
            self.occurred_before = saved.occurred_before;
            self.to_move = self.to_move.opponent();
            self.plies -= 1;
        }
    }

    /// A draw is 0. A side that cannot move has lost: `−(WIN − plies)`, so a win sooner scores higher.
    fn terminal_value(&self) -> Option<Value> {
        if self.is_drawn() {
            Some(0.0)
        } else if !self.has_move() {
            Some(-(WIN - Value::from(self.plies)))
        } else {
            None
        }
    }

    /// Material (men 100, kings 140), men's advancement (3 a row), men on the home row (8), pieces in the centre (5),
    /// the side to move's less the opponent's: at most a few thousand, far from any win's value.
    fn evaluate(&self) -> Value {
        let me = self.to_move;
        Value::from(self.score(me) - self.score(me.opponent()))
    }

    fn position_hash(&self) -> u64 {
        self.hash
    }

    /// A pending capture makes the position unquiet: the rules force it, so its outcome belongs in the value.
    fn is_quiet(&self) -> bool {
        !self.quiescence || self.is_drawn() || !self.must_capture()
    }

    /// Captures first, longer ones before shorter; then moves that crown a man.
    fn move_hint(&self, mv: DraughtsMove) -> i32 {
        if mv & CAPTURE_BIT != 0 {
            return 1000 + 100 * ((mv >> STEPS_SHIFT) & 15) as i32;
        }
        let from = (mv & 31) as usize;
        let crowns = self.kings & 1 << from == 0 && self.crown_row() & 1 << destination(mv) != 0;
        if crowns { 500 } else { 0 }
    }

    /// Since the last capture or man's move: the rules draw the third occurrence, so a search that scores the
    /// second a draw (the repetition switch) lets a side that is ahead see that shuffling its kings wins nothing.
    fn repeats_a_position(&self) -> bool {
        self.occurred_before > 0
    }

    /// From and to squares.
    fn history_index(&self, mv: DraughtsMove) -> Option<usize> {
        Some((mv & 31) as usize * 32 + destination(mv))
    }

    fn value_bounds(&self) -> (Value, Value) {
        (-WIN, WIN)
    }

    /// `11-15` for a plain move, `22x15x8` for a capture (every landing square).
    fn move_name(&self, mv: DraughtsMove) -> String {
        let separator = if mv & CAPTURE_BIT != 0 { "x" } else { "-" };
        let names: Vec<String> = path(mv).iter().map(|i| (i + 1).to_string()).collect();
        names.join(separator)
    }

    fn try_play(&mut self, mv: DraughtsMove) -> Result<(), IllegalMove> {
        if self.is_drawn() {
            return Err(IllegalMove("the game is over: it is drawn".into()));
        }
        let moves = self.legal_moves();
        if moves.is_empty() {
            return Err(IllegalMove("the game is over: the side to move cannot move".into()));
        }
        if moves.contains(&mv) {
            self.play(mv);
            return Ok(());
        }
        let name = if is_well_formed(mv) { self.move_name(mv) } else { format!("move {mv}") };
        if self.must_capture() && mv & CAPTURE_BIT == 0 {
            return Err(IllegalMove(format!("{name}: a capture is compulsory")));
        }
        Err(IllegalMove(format!("{name} is not a legal move here")))
    }
}

/// The board as text, Black's back row first: `b`/`w` men, `B`/`W` kings, `.` an empty dark square, and a space for
/// a light square.
impl fmt::Display for Draughts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..8 {
            for column in 0..8 {
                let ch = match square_at(row, column).map(|i| self.piece(i as usize)) {
                    None => ' ',
                    Some(None) => '.',
                    Some(Some((Side::Max, false))) => 'b',
                    Some(Some((Side::Max, true))) => 'B',
                    Some(Some((Side::Min, false))) => 'w',
                    Some(Some((Side::Min, true))) => 'W',
                };
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
