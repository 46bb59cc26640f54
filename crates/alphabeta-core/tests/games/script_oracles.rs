//! Dots and Boxes and Breakthrough (`games/dots-and-boxes.lua`, `games/breakthrough.lua`) against small
//! independent Rust versions of their rules written here: the two trees walked side by side, every position's moves,
//! whose turn it is and whether the game is over compared, and the leaves counted (perft); Dots and Boxes' values at
//! level 10 against an exhaustive minimax, and what a `key` without the boxes won does to them.

use super::scripts::{games_dir, new_game, script};
use alphabeta_core::engine::game::{Game, Turn};
use alphabeta_core::engine::search::deepening::{Engine, EngineConfig};
use alphabeta_core::engine::search::limits::Limits;
use alphabeta_core::games::levels::level_config;
use alphabeta_core::games::perft;
use alphabeta_core::games::registry::Registry;
use alphabeta_core::games::script::board::{Click, Kind, Point, Target};
use alphabeta_core::games::script::{Script, ScriptGame};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::sync::Arc;

/// A game's rules written again in Rust, its moves numbered as the script numbers them.
trait Oracle: Clone {
    /// The legal moves, sorted (empty when the game is over).
    fn moves(&self) -> Vec<i64>;
    fn play(&mut self, mv: i64);
    /// Whether the first player is to move.
    fn first_to_move(&self) -> bool;
    /// The first player's score once the game is over.
    fn result(&self) -> Option<f64>;
    /// The move's name, as people write it.
    fn name(&self, mv: i64) -> String;
}

/// The oracle's own perft: leaves `depth` plies below `position` (a finished game is one leaf).
fn oracle_perft<O: Oracle>(position: &O, depth: u32) -> u64 {
    let moves = position.moves();
    if depth == 0 || moves.is_empty() {
        return 1;
    }
    moves
        .iter()
        .map(|&mv| {
            let mut child = position.clone();
            child.play(mv);
            oracle_perft(&child, depth - 1)
        })
        .sum()
}

/// A square's or a dot's name from its column and row counted from the top (`rows` of them): `a1` at the bottom
/// left.
fn square_name(column: i64, row: i64, rows: i64) -> String {
    format!("{}{}", char::from(b'a' + column as u8), rows - row)
}

/// The script's moves in `game`, sorted.
fn script_moves(game: &ScriptGame) -> Vec<i64> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves.sort_unstable();
    moves
}

/// Walks the script's tree and the oracle's side by side to `depth`, comparing every position on the way, and
/// returns the number of leaves (a finished game counts once where it ends, as `perft` counts).
fn walk<O: Oracle>(game: &mut ScriptGame, oracle: &O, depth: u32) -> u64 {
    let line = || format!("after {:?}", game.history());
    assert_eq!(game.turn() == Turn::Max, oracle.first_to_move(), "whose turn {}", line());
    let over = oracle.result();
    assert_eq!(game.result(), over, "the result {}", line());
    let moves = oracle.moves();
    if over.is_none() {
        assert_eq!(script_moves(game), moves, "the moves {}", line());
        for &mv in &moves {
            assert_eq!(game.move_name(mv), oracle.name(mv), "move {mv}'s name {}", line());
        }
    }
    if depth == 0 || over.is_some() {
        return 1;
    }
    let mut leaves = 0;
    for &mv in &moves {
        let mut child = oracle.clone();
        child.play(mv);
        game.play(mv);
        leaves += walk(game, &child, depth - 1);
        game.undo(mv);
    }
    leaves
}

/// Plays `plies` seeded random moves on both (fewer if the game ends), the same on each.
fn random_line<O: Oracle>(game: &mut ScriptGame, oracle: &mut O, plies: usize, rng: &mut ChaCha8Rng) {
    for _ in 0..plies {
        let moves = oracle.moves();
        if moves.is_empty() {
            return;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        oracle.play(mv);
        game.try_play(mv).unwrap_or_else(|e| panic!("{mv} after {:?}: {e}", game.history()));
    }
}

// ---- Dots and Boxes ------------------------------------------------------------------------------------------------

/// Dots and Boxes on 3 × 3 boxes: 12 lines across (`h[row][column]`, rows 0–3 of dots from the top) and 12 down
/// (`v[row][column]`, columns 0–3), a box closed by its fourth line goes to the mover, who moves again.
#[derive(Clone, Default)]
struct Dots {
    across: [[bool; 3]; 4],
    down: [[bool; 4]; 3],
    boxes: [u8; 2],
    second: bool,
}

impl Dots {
    /// The script's number for a line: its cell on the 7 × 7 grid of dots, lines and boxes, from 1 at the top left.
    fn across_move(row: usize, column: usize) -> i64 {
        (2 * row * 7 + 2 * column + 1 + 1) as i64
    }

    fn down_move(row: usize, column: usize) -> i64 {
        ((2 * row + 1) * 7 + 2 * column + 1) as i64
    }

    fn closed(&self, row: usize, column: usize) -> bool {
        self.across[row][column] && self.across[row + 1][column] && self.down[row][column] && self.down[row][column + 1]
    }

    fn lines_left(&self) -> usize {
        self.across.iter().flatten().chain(self.down.iter().flatten()).filter(|&&drawn| !drawn).count()
    }

    /// The first player's margin so far, and the boxes the side to move could close now (three sides drawn).
    fn margin_and_ready(&self) -> (i32, i32) {
        let sides = |r: usize, c: usize| {
            [self.across[r][c], self.across[r + 1][c], self.down[r][c], self.down[r][c + 1]]
                .iter()
                .filter(|&&d| d)
                .count()
        };
        let ready = (0..3).flat_map(|r| (0..3).map(move |c| (r, c))).filter(|&(r, c)| sides(r, c) == 3).count();
        (i32::from(self.boxes[0]) - i32::from(self.boxes[1]), ready as i32)
    }
}

impl Oracle for Dots {
    fn moves(&self) -> Vec<i64> {
        let mut moves = Vec::new();
        for (row, lines) in self.across.iter().enumerate() {
            moves.extend((0..3).filter(|&c| !lines[c]).map(|c| Dots::across_move(row, c)));
        }
        for (row, lines) in self.down.iter().enumerate() {
            moves.extend((0..4).filter(|&c| !lines[c]).map(|c| Dots::down_move(row, c)));
        }
        moves.sort_unstable();
        moves
    }

    fn play(&mut self, mv: i64) {
        let (row, column) = ((mv - 1) / 7, (mv - 1) % 7);
        let (r, c) = (row as usize / 2, column as usize / 2);
        // The boxes this line borders, closed or not before it.
        let beside: Vec<(usize, usize)> = if row % 2 == 0 {
            self.across[r][c] = true;
            [r.checked_sub(1), (r < 3).then_some(r)].into_iter().flatten().map(|b| (b, c)).collect()
        } else {
            self.down[r][c] = true;
            [c.checked_sub(1), (c < 3).then_some(c)].into_iter().flatten().map(|b| (r, b)).collect()
        };
        let closed = beside.iter().filter(|&&(br, bc)| self.closed(br, bc)).count() as u8;
        self.boxes[usize::from(self.second)] += closed;
        if closed == 0 {
            self.second = !self.second;
        }
    }

    fn first_to_move(&self) -> bool {
        !self.second
    }

    fn result(&self) -> Option<f64> {
        (self.lines_left() == 0).then(|| f64::from(self.margin_and_ready().0))
    }

    /// By its two dots, the lower or the lefter first: `a1-b1`, `a1-a2`.
    fn name(&self, mv: i64) -> String {
        let (row, column) = ((mv - 1) / 7, (mv - 1) % 7);
        let dot = |r: i64, c: i64| square_name(c / 2, r / 2, 4);
        if row % 2 == 0 {
            format!("{}-{}", dot(row, column - 1), dot(row, column + 1))
        } else {
            format!("{}-{}", dot(row + 1, column), dot(row - 1, column))
        }
    }
}

/// What the side to move gains from here on with perfect play, in boxes (its future boxes less the opponent's):
/// exhaustive minimax over the lines left, remembered by the lines drawn (the future does not depend on the score).
fn future_gain(dots: &Dots, memory: &mut HashMap<Vec<i64>, i32>) -> i32 {
    let moves = dots.moves();
    if moves.is_empty() {
        return 0;
    }
    if let Some(&gain) = memory.get(&moves) {
        return gain;
    }
    let best = moves
        .iter()
        .map(|&mv| {
            let mut child = dots.clone();
            child.play(mv);
            let now =
                i32::from(child.boxes[usize::from(dots.second)]) - i32::from(dots.boxes[usize::from(dots.second)]);
            let later = future_gain(&child, memory);
            if child.second == dots.second { now + later } else { now - later }
        })
        .max()
        .unwrap_or(0);
    memory.insert(moves, best);
    best
}

/// The game's value from the first player's side by the minimax above.
fn solved_value(dots: &Dots) -> f64 {
    let gain = future_gain(dots, &mut HashMap::new());
    f64::from(dots.margin_and_ready().0 + if dots.second { -gain } else { gain })
}

/// Every leaf's evaluation (the first player's margin plus the mover's ready boxes, from the first player's side),
/// summed over the script's tree and worked out here: the extra turns put the ready boxes on the right side.
fn evaluation_sum(game: &mut ScriptGame, dots: &Dots, depth: u32) -> (f64, f64) {
    if depth == 0 || dots.result().is_some() {
        let (margin, ready) = dots.margin_and_ready();
        let mine = if dots.second { margin - ready } else { margin + ready };
        let sign = game.turn().sign();
        let script = game.terminal_value().unwrap_or_else(|| game.evaluate()) * sign;
        return (script, f64::from(if dots.result().is_some() { margin } else { mine }));
    }
    let (mut script, mut oracle) = (0.0, 0.0);
    for mv in dots.moves() {
        let mut child = dots.clone();
        child.play(mv);
        game.play(mv);
        let (s, o) = evaluation_sum(game, &child, depth - 1);
        game.undo(mv);
        script += s;
        oracle += o;
    }
    (script, oracle)
}

#[test]
fn dots_and_boxes_perft_and_turns_match_an_independent_implementation() {
    let mut game = new_game("dots-and-boxes");
    let dots = Dots::default();
    // Each line drawn leaves one fewer, whoever draws next: 24, 24 · 23, …
    let mut expected = 1;
    for depth in 0..=4 {
        assert_eq!(perft(&mut game, depth), expected, "depth {depth}");
        expected *= 24 - u64::from(depth);
    }
    assert_eq!(walk(&mut game, &dots, 3), 24 * 23 * 22);
    // Late in random games, where boxes close and turns repeat: walked to the end (every line is drawn, whoever
    // draws it, so the leaves are still (lines left)!).
    let mut rng = ChaCha8Rng::seed_from_u64(44);
    let mut extra_turns = 0;
    for drawn in [16, 17, 17, 18, 18, 19] {
        let mut game = new_game("dots-and-boxes");
        let mut dots = Dots::default();
        random_line(&mut game, &mut dots, drawn, &mut rng);
        let left = 24 - drawn as u64;
        assert_eq!(walk(&mut game, &dots, u32::MAX), (1..=left).product::<u64>(), "after {:?}", game.history());
        let (script, oracle) = evaluation_sum(&mut game, &dots, 3);
        assert_eq!(script, oracle, "evaluations after {:?}", game.history());
        extra_turns += dots
            .moves()
            .into_iter()
            .filter(|&mv| {
                let mut child = dots.clone();
                child.play(mv);
                child.second == dots.second
            })
            .count();
    }
    assert!(extra_turns > 0, "some moves close a box");
}

/// Positions `drawn` lines into seeded random games, not over.
fn late_positions(count: usize, drawn: usize, seed: u64) -> Vec<(Vec<i64>, Dots)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let mut game = new_game("dots-and-boxes");
            let mut dots = Dots::default();
            random_line(&mut game, &mut dots, drawn, &mut rng);
            (game.history().to_vec(), dots)
        })
        .collect()
}

/// Level 10 of `script`'s game searching the position after `line` without a clock (its node budget only): its
/// value from the first player's side, if it was exact.
fn level_ten_value(script: &Arc<Script>, line: &[i64]) -> Option<f64> {
    let registry = Registry::load(&games_dir());
    let ai = &registry.find("dots-and-boxes").expect("dots-and-boxes is registered").variant.ai;
    let mut config = level_config(ai, 10);
    config.limits.time_ms = None;
    config.tt_mib = 4;
    let mut game = script.new_game().expect("starts");
    for &mv in line {
        game.try_play(mv).expect("a legal line");
    }
    let thought = Engine::new(config).think(&mut game, None, |_| {});
    let last = thought.iterations.iter().rev().find(|i| i.complete)?;
    last.exact.then(|| last.value * game.turn().sign())
}

/// Level 10 solves late positions, and its values are minimax's.
#[test]
fn dots_and_boxes_level_ten_gives_the_solved_values() {
    let script = script("dots-and-boxes");
    for (line, dots) in late_positions(6, 10, 7) {
        let want = solved_value(&dots);
        let got = level_ten_value(&script, &line).unwrap_or_else(|| panic!("level 10 solves {line:?}"));
        assert_eq!(got, want, "after {line:?}");
    }
}

/// The silent bug: a `key` that leaves out the boxes already won joins positions with the same lines but
/// different scores, and the table hands one's value to the other — exact, and wrong. The shipped key does not.
#[test]
fn a_key_without_the_boxes_won_gives_wrong_exact_values() {
    let path = games_dir().join("dots-and-boxes.lua");
    let text = std::fs::read_to_string(&path).expect("readable");
    let shipped = "return s.lines | (s.player - 1) << 24 | COUNT[s.won[1]] << 25";
    assert!(text.contains(shipped), "the key this test breaks");
    let careless = text.replace(shipped, "return s.lines | (s.player - 1) << 24");
    let careless = Script::from_source(&path.display().to_string(), "dots-and-boxes", careless).expect("loads");
    let wrong = late_positions(6, 10, 7)
        .iter()
        .filter(|(line, dots)| level_ten_value(&careless, line).is_some_and(|v| v != solved_value(dots)))
        .count();
    assert!(wrong > 0, "no wrong value without the boxes in the key");
}

// ---- Breakthrough --------------------------------------------------------------------------------------------------

/// Breakthrough on 6 × 6, squares numbered from 1 at the top left as the script numbers them; White (1) starts on
/// the bottom two rows and moves up.
#[derive(Clone)]
struct Breakthrough {
    squares: [u8; 36],
    black: bool,
    winner: Option<u8>,
    plies: u32,
}

impl Breakthrough {
    fn new() -> Breakthrough {
        let mut squares = [0; 36];
        squares[..12].fill(2);
        squares[24..].fill(1);
        Breakthrough { squares, black: false, winner: None, plies: 0 }
    }

    fn mover(&self) -> u8 {
        if self.black { 2 } else { 1 }
    }
}

impl Oracle for Breakthrough {
    fn moves(&self) -> Vec<i64> {
        if self.winner.is_some() {
            return Vec::new();
        }
        let (me, step) = if self.black { (2, 1) } else { (1, -1) };
        let mut moves = Vec::new();
        for (i, _) in self.squares.iter().enumerate().filter(|&(_, &s)| s == me) {
            let (row, column) = ((i / 6) as i64, (i % 6) as i64);
            let to_row = row + step;
            for to_column in [column - 1, column, column + 1] {
                if !(0..6).contains(&to_column) || !(0..6).contains(&to_row) {
                    continue;
                }
                let target = self.squares[(to_row * 6 + to_column) as usize];
                let straight = to_column == column;
                if target == 0 || (!straight && target != me) {
                    moves.push((i as i64 + 1) * 100 + to_row * 6 + to_column + 1);
                }
            }
        }
        moves.sort_unstable();
        moves
    }

    fn play(&mut self, mv: i64) {
        let (from, to) = ((mv / 100 - 1) as usize, (mv % 100 - 1) as usize);
        let me = self.mover();
        self.squares[from] = 0;
        self.squares[to] = me;
        let goal = if self.black { 5 } else { 0 };
        if to / 6 == goal || !self.squares.contains(&(3 - me)) {
            self.winner = Some(me);
        }
        self.black = !self.black;
        self.plies += 1;
    }

    fn first_to_move(&self) -> bool {
        !self.black
    }

    /// ±1, a little less for a later win (a thousandth a ply): a quick win is worth more.
    fn result(&self) -> Option<f64> {
        let value = 1.0 - f64::from(self.plies) / 1000.0;
        self.winner.map(|w| if w == 1 { value } else { -value })
    }

    /// Chess's way: `b2-b3`, `b2xc3` for a capture.
    fn name(&self, mv: i64) -> String {
        let (from, to) = (mv / 100 - 1, mv % 100 - 1);
        let capture = if self.squares[to as usize] == 0 { '-' } else { 'x' };
        format!("{}{capture}{}", square_name(from % 6, from / 6, 6), square_name(to % 6, to / 6, 6))
    }
}

#[test]
fn breakthrough_perft_matches_an_independent_implementation() {
    let mut game = new_game("breakthrough");
    let start = Breakthrough::new();
    for depth in 0..=4 {
        assert_eq!(perft(&mut game, depth), oracle_perft(&start, depth), "depth {depth}");
    }
    assert_eq!(perft(&mut game, 1), 16, "two moves for each pawn on the edge, three for the four between");
    assert_eq!(walk(&mut game, &start, 2), 256);
    // Deeper into random games, where pawns capture and games are won: walked side by side.
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut finished = 0;
    for plies in [6, 10, 14, 18, 22, 26] {
        let mut game = new_game("breakthrough");
        let mut oracle = Breakthrough::new();
        random_line(&mut game, &mut oracle, plies, &mut rng);
        let leaves = walk(&mut game, &oracle, 3);
        assert_eq!(leaves, oracle_perft(&oracle, 3), "after {:?}", game.history());
        let mut ends = game.clone();
        let mut to_the_end = oracle.clone();
        random_line(&mut ends, &mut to_the_end, 100, &mut rng);
        assert!(to_the_end.result().is_some(), "a game ends without a draw");
        walk(&mut ends, &to_the_end, 0);
        finished += 1;
    }
    assert_eq!(finished, 6);
}

/// Wherever the side to move can reach the far row, a one-ply search takes a winning move and values it as a win
/// on the next ply (a quick win is worth more than a slow one).
#[test]
fn breakthrough_takes_a_win_in_one() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut seen = 0;
    while seen < 8 {
        let mut game = new_game("breakthrough");
        let mut oracle = Breakthrough::new();
        random_line(&mut game, &mut oracle, rng.random_range(8..30), &mut rng);
        let winning: Vec<i64> = oracle
            .moves()
            .into_iter()
            .filter(|&mv| {
                let mut child = oracle.clone();
                child.play(mv);
                child.result().is_some()
            })
            .collect();
        if winning.is_empty() {
            continue;
        }
        let thought = Engine::new(EngineConfig { limits: Limits::depth(1), tt_mib: 1, ..EngineConfig::default() })
            .think(&mut game, None, |_| {});
        let best = thought.best_move.expect("a move");
        assert!(winning.contains(&best), "after {:?}: {best} does not win", game.history());
        let value = thought.iterations.last().expect("an iteration").value;
        assert_eq!(value, 1.0 - f64::from(oracle.plies + 1) / 1000.0, "after {:?}", game.history());
        seen += 1;
    }
}

// ---- Clicks --------------------------------------------------------------------------------------------------------

/// Dots and Boxes is drawn as 3 × 3 boxes, 16 dots and 24 lines: the dots along the top and the right carry their
/// names, each line joins two neighbouring dots, and a click on it (or on its two dots, either way round) is the move those dots name.
/// Every line is a move once; a drawn line, a box, a dot clicked twice and two dots apart say why not.
#[test]
fn dots_and_boxes_clicks_draw_lines() {
    let mut game = new_game("dots-and-boxes");
    let board = game.board().expect("draws");
    assert_eq!((board.cells.len(), board.points.len(), board.edges.len()), (9, 16, 24));
    // A dot's name from where it stands; those along the top and the right carry it.
    let name = |point: &Point| square_name(point.x as i64, point.y as i64, 4);
    let named: Vec<_> = board.points.iter().filter_map(|p| Some((p.label.clone()?, name(p)))).collect();
    assert_eq!(named.len(), 7, "{named:?}");
    assert!(named.iter().all(|(label, name)| label == name && (name.starts_with('d') || name.ends_with('4'))));
    let click = |game: &ScriptGame, kind, index, from| game.click_at(Target { kind, index }, from);
    let mut lines = Vec::new();
    for (i, edge) in board.edges.iter().enumerate() {
        let [a, b] = edge.ends.map(|end| &board.points[end]);
        assert_eq!((a.x - b.x).abs() + (a.y - b.y).abs(), 1.0, "edge {} joins neighbours", i + 1);
        let Ok(Click::Move(mv)) = click(&game, Kind::Edge, i + 1, None) else { panic!("edge {} is no move", i + 1) };
        let [a, b] = [a, b].map(name);
        let name = game.move_name(mv);
        assert!(name == format!("{a}-{b}") || name == format!("{b}-{a}"), "edge {}: {name}, not {a}-{b}", i + 1);
        for [first, second] in [edge.ends, [edge.ends[1], edge.ends[0]]] {
            assert_eq!(click(&game, Kind::Point, first + 1, None), Ok(Click::Select));
            assert_eq!(click(&game, Kind::Point, second + 1, Some(first + 1)), Ok(Click::Move(mv)), "{name}");
        }
        lines.push(mv);
    }
    lines.sort_unstable();
    assert_eq!(lines, script_moves(&game), "each line once, and every move a line");
    let refused = |answer: Result<Click, _>, why: &str| {
        assert!(matches!(&answer, Ok(Click::Refused(said)) if said.contains(why)), "{answer:?}, not {why:?}");
    };
    refused(click(&game, Kind::Cell, 5, None), "box");
    refused(click(&game, Kind::Point, 1, Some(1)), "that dot again");
    refused(click(&game, Kind::Point, 3, Some(1)), "not joined");
    // a4-b4 is the top left line, across, points 1 and 2: drawn, it is refused by its line and by its dots.
    let across = Dots::across_move(0, 0);
    assert_eq!(game.move_name(across), "a4-b4");
    let edge = board.edges.iter().position(|e| e.ends == [0, 1]).expect("a4-b4 is an edge") + 1;
    assert_eq!(click(&game, Kind::Edge, edge, None), Ok(Click::Move(across)));
    game.try_play(across).expect("a line");
    refused(click(&game, Kind::Edge, edge, None), "drawn already");
    refused(click(&game, Kind::Point, 2, Some(1)), "drawn already");
}

/// Breakthrough: a pawn is picked up, another pawn of the mover picks that one up instead, and a click on a square
/// the pawn can reach moves it; a square it cannot reach says why, and nothing stays selected.
#[test]
fn breakthrough_clicks_select_reselect_and_move() {
    let game = new_game("breakthrough");
    let square = |name: &str| {
        let (column, row) = (i64::from(name.as_bytes()[0] - b'a'), i64::from(name.as_bytes()[1] - b'0'));
        ((6 - row) * 6 + column + 1) as usize
    };
    assert_eq!(game.click(square("b2"), None), Ok(Click::Select));
    assert_eq!(game.click(square("c2"), Some(square("b2"))), Ok(Click::Select), "re-selection");
    let mv = game.click(square("c3"), Some(square("c2")));
    assert_eq!(mv, Ok(Click::Move(100 * square("c2") as i64 + square("c3") as i64)));
    if let Ok(Click::Move(mv)) = mv {
        assert_eq!(game.move_name(mv), "c2-c3");
    }
    assert!(matches!(game.click(square("c4"), Some(square("c2"))), Ok(Click::Refused(why)) if why.contains("one row")));
    assert!(matches!(game.click(square("c5"), None), Ok(Click::Refused(why)) if why.contains("your pawns")));
}
