//! Nine Men's Morris (`games/nine-mens-morris.lua`) against a small independent Rust Morris written here from the
//! rules in the script's header: perft from the start and from mid-game positions — sliding, flying, a removal due
//! where the rule about mills decides what may be taken — must agree, and a few counts worked out by hand.
//! The reference shares nothing with the script but the notation (`d7` places, `xd7` takes, `d7-d6` slides): it
//! finds the points, lines and neighbours from the board's geometry, keeps the board as an array, and judges the
//! end from the position afresh at every node.

use alphabeta_core::engine::game::Side;
use alphabeta_core::games::any::{AnyGame, Outcome};
use alphabeta_core::games::registry::Registry;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The board's geometry: the 24 points as (column, row) with row 0 at the bottom, the 16 lines of three, and each
/// point's neighbours along them.
struct Geometry {
    points: Vec<(usize, usize)>,
    lines: Vec<[usize; 3]>,
    neighbours: Vec<Vec<usize>>,
}

impl Geometry {
    fn new() -> Geometry {
        // The three squares around the centre (3, 3), at distances 3, 2 and 1: their corners and midpoints.
        let mut points = Vec::new();
        for row in 0..7usize {
            for column in 0..7usize {
                let (dx, dy) = (column.abs_diff(3), row.abs_diff(3));
                let on_square = (dx == dy && dx > 0) || (dx == 0 && dy > 0) || (dy == 0 && dx > 0);
                if on_square {
                    points.push((column, row));
                }
            }
        }
        assert_eq!(points.len(), 24);
        let index = |c: usize, r: usize| points.iter().position(|&p| p == (c, r));
        // A line is three points of one row (or column) on the same side of the centre, in order.
        let mut lines = Vec::new();
        for fixed in 0..7usize {
            // The middle row and column are cut by the centre into two lines.
            let halves: &[(usize, usize)] = if fixed == 3 { &[(0, 3), (4, 7)] } else { &[(0, 7)] };
            for &(low, high) in halves {
                let in_row: Vec<usize> = (low..high).filter_map(|c| index(c, fixed)).collect();
                let in_column: Vec<usize> = (low..high).filter_map(|r| index(fixed, r)).collect();
                for found in [in_row, in_column] {
                    if let [a, b, c] = found[..] {
                        lines.push([a, b, c]);
                    }
                }
            }
        }
        assert_eq!(lines.len(), 16);
        let mut neighbours = vec![Vec::new(); 24];
        for line in &lines {
            for pair in line.windows(2) {
                neighbours[pair[0]].push(pair[1]);
                neighbours[pair[1]].push(pair[0]);
            }
        }
        assert_eq!(neighbours.iter().map(Vec::len).sum::<usize>(), 64, "32 lines between points");
        Geometry { points, lines, neighbours }
    }

    fn name(&self, point: usize) -> String {
        let (column, row) = self.points[point];
        format!("{}{}", (b'a' + column as u8) as char, row + 1)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Move {
    Place(usize),
    Slide(usize, usize),
    Take(usize),
}

#[derive(Clone)]
struct Morris<'g> {
    geometry: &'g Geometry,
    /// 0 empty, 1 White, 2 Black.
    board: [u8; 24],
    hand: [u32; 2],
    /// 1 or 2.
    mover: u8,
    /// The mover formed a mill and now takes a piece.
    taking: bool,
    /// Slides and flies in a row without a mill.
    quiet: u32,
}

/// The draw rule's count.
const DRAW_MOVES: u32 = 50;

impl<'g> Morris<'g> {
    fn new(geometry: &'g Geometry) -> Morris<'g> {
        Morris { geometry, board: [0; 24], hand: [9, 9], mover: 1, taking: false, quiet: 0 }
    }

    fn on_board(&self, side: u8) -> u32 {
        self.board.iter().filter(|&&c| c == side).count() as u32
    }

    fn in_mill(&self, point: usize) -> bool {
        let side = self.board[point];
        side != 0 && self.geometry.lines.iter().any(|l| l.contains(&point) && l.iter().all(|&p| self.board[p] == side))
    }

    /// The moves, taking no account of the end.
    fn raw_moves(&self) -> Vec<Move> {
        let me = self.mover;
        let empty: Vec<usize> = (0..24).filter(|&p| self.board[p] == 0).collect();
        if self.taking {
            let theirs: Vec<usize> = (0..24).filter(|&p| self.board[p] == 3 - me).collect();
            let free: Vec<usize> = theirs.iter().copied().filter(|&p| !self.in_mill(p)).collect();
            let takeable = if free.is_empty() { theirs } else { free };
            return takeable.into_iter().map(Move::Take).collect();
        }
        if self.hand[usize::from(me - 1)] > 0 {
            return empty.into_iter().map(Move::Place).collect();
        }
        let flying = self.on_board(me) == 3;
        let mut list = Vec::new();
        for from in (0..24).filter(|&p| self.board[p] == me) {
            for &to in &empty {
                if flying || self.geometry.neighbours[from].contains(&to) {
                    list.push(Move::Slide(from, to));
                }
            }
        }
        list
    }

    /// The first player's score once the game is over.
    fn result(&self) -> Option<i32> {
        if self.taking {
            return None;
        }
        let me = self.mover;
        let loss = if me == 1 { -1 } else { 1 };
        if self.on_board(me) + self.hand[usize::from(me - 1)] < 3 || self.raw_moves().is_empty() {
            return Some(loss);
        }
        (self.quiet >= DRAW_MOVES).then_some(0)
    }

    fn moves(&self) -> Vec<Move> {
        if self.result().is_some() { Vec::new() } else { self.raw_moves() }
    }

    fn play(&mut self, mv: Move) {
        let me = self.mover;
        let to = match mv {
            Move::Take(p) => {
                self.board[p] = 0;
                self.taking = false;
                self.mover = 3 - me;
                return;
            }
            Move::Place(p) => {
                self.hand[usize::from(me - 1)] -= 1;
                p
            }
            Move::Slide(from, to) => {
                self.board[from] = 0;
                to
            }
        };
        self.board[to] = me;
        if self.in_mill(to) {
            self.quiet = 0;
            if self.on_board(3 - me) > 0 {
                self.taking = true;
                return;
            }
        } else if matches!(mv, Move::Slide(..)) {
            self.quiet += 1;
        }
        self.mover = 3 - me;
    }

    fn name(&self, mv: Move) -> String {
        match mv {
            Move::Place(p) => self.geometry.name(p),
            Move::Take(p) => format!("x{}", self.geometry.name(p)),
            Move::Slide(a, b) => format!("{}-{}", self.geometry.name(a), self.geometry.name(b)),
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        let moves = self.moves();
        if depth == 0 || moves.is_empty() {
            return 1;
        }
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|mv| {
                let mut child = self.clone();
                child.play(mv);
                child.perft(depth - 1)
            })
            .sum()
    }

    fn play_names(&mut self, line: &str) {
        for name in line.split(',') {
            let mv = self.moves().into_iter().find(|&m| self.name(m) == name);
            self.play(mv.unwrap_or_else(|| panic!("{name} is not legal in the reference after {line}")));
        }
    }
}

fn script_game(line: &str) -> AnyGame {
    let registry = Registry::load(&crate::common::repository("games"));
    let entry = registry.find("nine-mens-morris").expect("the games folder has Nine Men's Morris");
    let mut game = entry.variant.rules.new_game().expect("the script starts");
    game.play_names(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    game
}

/// The moves of a random game in the reference, from a seed, up to the first position `wanted` accepts (with the
/// position), or `None` if the game ends first.
fn random_line<'g>(
    geometry: &'g Geometry,
    seed: u64,
    wanted: impl Fn(&Morris) -> bool,
) -> Option<(String, Morris<'g>)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Morris::new(geometry);
    let mut names = Vec::new();
    loop {
        let moves = game.moves();
        if moves.is_empty() {
            return None;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        names.push(game.name(mv));
        game.play(mv);
        if wanted(&game) && !game.moves().is_empty() {
            return Some((names.join(","), game));
        }
    }
}

/// The first seeded random game reaching a position `wanted` accepts.
fn find_line<'g>(geometry: &'g Geometry, what: &str, wanted: impl Fn(&Morris) -> bool) -> (String, Morris<'g>) {
    (0..2_000).find_map(|seed| random_line(geometry, seed, &wanted)).unwrap_or_else(|| panic!("no game reached {what}"))
}

fn agree(line: &str, reference: &Morris, depths: std::ops::RangeInclusive<u32>) {
    let script = script_game(line);
    for depth in depths {
        assert_eq!(script.perft(depth), Ok(reference.perft(depth)), "after {line}, perft({depth})");
    }
}

#[test]
fn perft_from_the_start_matches_the_reference_and_the_hand_counts() {
    let geometry = Geometry::new();
    let reference = Morris::new(&geometry);
    let script = script_game("");
    // Five placements: no mill can be complete before White's third piece (ply 5), and a removal is a ply of its
    // own, so every empty point is a move: 24, 24 · 23, …
    let hand = [24, 552, 12_144, 255_024, 5_100_480];
    for (depth, &leaves) in (1..=5).zip(&hand) {
        assert_eq!(reference.perft(depth), leaves, "reference perft({depth})");
        assert_eq!(script.perft(depth), Ok(leaves), "script perft({depth})");
    }
}

#[test]
fn perft_in_mid_game_matches_the_reference() {
    let geometry = Geometry::new();
    // White's mill a1-d1-g1 while Black's pieces all stand in the mill a7-d7-g7: any of the three may be taken.
    let all_in_mills = "a1,a7,g1,d7,b2,g7,xb2,d1";
    let mut reference = Morris::new(&geometry);
    reference.play_names(all_in_mills);
    assert_eq!(reference.perft(1), 3);
    assert_eq!(script_game(all_in_mills).perft(1), Ok(3));
    agree(all_in_mills, &reference, 1..=4);
    // The same with one black piece outside the mill: only that one may be taken.
    let one_free = "a1,a7,g1,d7,b2,g7,xb2,c3,d5,d1";
    let mut reference = Morris::new(&geometry);
    reference.play_names(one_free);
    assert_eq!(reference.moves(), vec![Move::Take(geometry.points.iter().position(|&p| p == (3, 4)).unwrap())]);
    assert_eq!(script_game(one_free).perft(1), Ok(1));
    agree(one_free, &reference, 1..=4);

    let (sliding, reference) = find_line(&geometry, "the sliding phase", |g| {
        g.hand == [0, 0] && !g.taking && g.on_board(1) > 3 && g.on_board(2) > 3 && g.moves().len() > 4
    });
    agree(&sliding, &reference, 1..=5);
    let (flying, reference) = find_line(&geometry, "a side flying", |g| {
        g.hand == [0, 0] && !g.taking && g.on_board(g.mover) == 3 && g.on_board(3 - g.mover) > 3
    });
    assert!(reference.moves().len() > 20, "{flying}: three pieces fly to every empty point");
    agree(&flying, &reference, 1..=4);
    let (taking, reference) = find_line(&geometry, "a removal with pieces in mills", |g| {
        g.taking && (0..24).any(|p| g.board[p] == 3 - g.mover && g.in_mill(p))
    });
    agree(&taking, &reference, 1..=4);
}

/// Whole random games in both, move by move: the same moves, the same end, the same result.
#[test]
fn random_games_end_alike_in_the_script_and_the_reference() {
    let geometry = Geometry::new();
    let mut ends = [0; 3];
    for seed in 0..12 {
        let mut rng = ChaCha8Rng::seed_from_u64(100 + seed);
        let mut reference = Morris::new(&geometry);
        let mut script = script_game("");
        loop {
            let mut names: Vec<String> = reference.moves().into_iter().map(|m| reference.name(m)).collect();
            let mut theirs: Vec<String> = script.legal_moves().into_iter().map(|m| script.move_name(m)).collect();
            names.sort();
            theirs.sort();
            assert_eq!(theirs, names, "seed {seed}");
            let Some(score) = reference.result() else {
                let mv = reference.moves()[rng.random_range(0..names.len())];
                script.play_names(&reference.name(mv)).expect("the reference's move is legal in the script");
                reference.play(mv);
                continue;
            };
            let expected = match score {
                1 => Outcome::Win(Side::Max),
                -1 => Outcome::Win(Side::Min),
                _ => Outcome::Draw,
            };
            assert_eq!(script.outcome(), Some(expected), "seed {seed}");
            ends[(score + 1) as usize] += 1;
            break;
        }
    }
    // The twelve games end every way: Black wins, draws by the 50-move rule, White wins (3, 5 and 4 of them).
    assert!(ends.iter().all(|&n| n > 0) && ends.iter().sum::<i32>() == 12, "{ends:?}");
}
