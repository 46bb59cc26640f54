//! The quantities the dashboard plots against the move number, each read from a search's record, without a window:
//! the tests compare these numbers with the searches' own statistics and the search panel's words.
//!
//! The x of a search is its move as the move list numbers it ([`MoveAxis`]): the first side's move n at n, the
//! second side's at n + ½ (the move list's "n…"), so the axis's 1, 2, 3 are the move list's 1., 2., 3.

use super::history::{GameHistory, TurnRow};
use super::numbering::list_prefix;
use crate::engine::game::{Side, Value};
use crate::engine::telemetry::searches::SearchRecord;
use crate::games::score_words::ScoreAxis;
use crate::games::values_from::ValuesFrom;
use std::collections::HashMap;

/// The plots' x axis: each search at its move as the move list numbers it ([`GameHistory::turns`]) — the first
/// side's move n at n, the second side's at n + ½. The moves of a turn of several (Kalah's extra turns, a dice
/// game's roll and move) share their half of the round, spread evenly, so a game of 37 plies in 12 rounds is 12
/// moves wide, as its move list is long.
#[derive(Clone, Debug, Default)]
pub struct MoveAxis {
    turns: Vec<TurnRow>,
    /// Each search's x, ply and side, for the name of a point the pointer is on.
    searches: Vec<(f64, usize, Side)>,
}

impl MoveAxis {
    /// The axis of `history`'s moves, knowing where each of `records` sits (to name the one the pointer is on).
    pub fn new(history: &GameHistory, records: &[SearchRecord]) -> MoveAxis {
        let mut axis = MoveAxis { turns: history.turns(), searches: Vec::new() };
        axis.searches = records.iter().map(|r| (axis.x(r.ply, r.side), r.ply, r.side)).collect();
        axis
    }

    /// The x of the move at index `ply`, made by `side`.
    pub fn x(&self, ply: usize, side: Side) -> f64 {
        let (round, side, index, length) = self.place(ply, side);
        let half = if side == Side::Min { 0.5 } else { 0.0 };
        round as f64 + half + 0.5 * index as f64 / length as f64
    }

    /// The move list's number for the move at index `ply`, made by `side`: its round.
    pub fn round(&self, ply: usize, side: Side) -> usize {
        self.place(ply, side).0
    }

    /// The move list's name for the move at index `ply`, made by `side`: "move 12… (ply 24)".
    pub fn name(&self, ply: usize, side: Side) -> String {
        let (round, side, _, _) = self.place(ply, side);
        format!("move {} (ply {})", list_prefix(round, side).trim_end(), ply + 1)
    }

    /// The name of the search nearest to `x` (a point the pointer is on), or the move list's number at `x`.
    pub fn name_at(&self, x: f64) -> String {
        let nearest = self.searches.iter().min_by(|a, b| (a.0 - x).abs().total_cmp(&(b.0 - x).abs()));
        match nearest {
            Some(&(_, ply, side)) => self.name(ply, side),
            None => format!("move {}", x.floor()),
        }
    }

    /// The move at `ply`'s round, side, place in its turn and the turn's length. A move past those played (the
    /// position on the board, searched for a move or a hint) goes on the last turn when its side moves again, else
    /// starts the next.
    fn place(&self, ply: usize, side: Side) -> (usize, Side, usize, usize) {
        // The turns follow one another, ply after ply: the first that ends past `ply` holds it, if any does.
        let holding = self.turns.partition_point(|turn| turn.plies.end <= ply);
        if let Some(turn) = self.turns.get(holding).filter(|turn| turn.plies.contains(&ply)) {
            return (turn.round, turn.side, ply - turn.plies.start, turn.plies.len());
        }
        match self.turns.last() {
            Some(last) if last.side == side && ply >= last.plies.start => {
                let index = ply - last.plies.start;
                (last.round, side, index, index + 1)
            }
            Some(last) => (last.round + usize::from(side == Side::Max), side, 0, 1),
            // No move yet: the sides taking turns from the start.
            None => (ply / 2 + 1, side, 0, 1),
        }
    }
}

/// How the Value plot reads a game's scores: in the family's unit ([`ScoreAxis`]), from the side the user chose
/// ([`ValuesFrom`], the first player's unless told otherwise), each search's score in the words the search panel used, and wins drawn on a line at the plot's edge
/// (a mate score in centipawns would flatten every evaluation to nothing).
#[derive(Clone, Debug)]
pub struct ValueScale {
    /// How the game's scores are shown: its unit and scale.
    pub axis: ScoreAxis,
    /// The unit as the axis names it.
    pub unit: String,
    /// The two sides' names.
    pub names: [String; 2],
    /// Whose side the values are read from.
    pub from: ValuesFrom,
    /// The side to move, when the scale is one search's (its deepening ladder): "+" then names it.
    pub mover: Option<Side>,
    /// Where a win is drawn: a quarter beyond the largest evaluation in the game (1 unit when there is none).
    pub edge: f64,
    /// Each record's score as the search panel said it (side to move's words), by record id.
    pub words: HashMap<u64, String>,
}

impl Default for ValueScale {
    fn default() -> Self {
        ValueScale::new(ScoreAxis::PLAIN, "", ["first".into(), "second".into()], &[], HashMap::new())
    }
}

impl ValueScale {
    /// The scale of `records`' values; `words` holds the panel's words for each record by id.
    pub fn new(
        axis: ScoreAxis,
        unit: &str,
        names: [String; 2],
        records: &[SearchRecord],
        words: HashMap<u64, String>,
    ) -> Self {
        let largest = records
            .iter()
            .filter_map(|r| r.value_from(ValuesFrom::FirstPlayer))
            .filter(|v| !axis.is_win(*v))
            .map(|v| axis.in_unit(v).abs())
            .fold(0.0, f64::max);
        let edge = if largest > 0.0 { 1.25 * largest } else { 1.0 };
        ValueScale { axis, unit: unit.to_string(), names, from: ValuesFrom::default(), mover: None, edge, words }
    }

    /// The same scale reading its values from `from`'s side.
    pub fn reading_from(self, from: ValuesFrom) -> Self {
        ValueScale { from, ..self }
    }

    /// A search's `value`, from the point of view of `mover` as searches report it, read from the chosen side.
    pub fn read(&self, value: Value, mover: Side) -> Value {
        self.from.read(value, mover)
    }

    /// Who "+" favours: the first player's name, the side to move's ("Black, to move") on one search's scale, or
    /// "the side to move".
    pub fn plus(&self) -> String {
        match (self.from, self.mover) {
            (ValuesFrom::SideToMove, Some(side)) => format!("{}, to move,", self.names[usize::from(side == Side::Min)]),
            (from, _) => from.plus_name(&self.names[0]),
        }
    }

    /// The plotted y of a value read from the chosen side ([`ValueScale::read`]): the number in the unit, or a win
    /// at the edge.
    pub fn y(&self, value: Value) -> f64 {
        if self.axis.is_win(value) { self.edge.copysign(value) } else { self.axis.in_unit(value) }
    }

    /// The y axis's label: "pawns (+: White ahead)", "pawns (+: the side to move ahead)".
    pub fn axis_label(&self) -> String {
        format!("{} (+: {} ahead)", self.unit_label(), self.plus())
    }

    /// The y axis's label where a plot is too short for [`ValueScale::axis_label`]: "pawns, +: White",
    /// "pawns, +: mover".
    pub fn short_label(&self) -> String {
        let plus = match self.from {
            ValuesFrom::FirstPlayer => self.names[0].as_str(),
            ValuesFrom::SideToMove => "mover",
        };
        format!("{}, +: {plus}", self.unit_label())
    }

    /// The unit alone ("pawns", or "value" when the game has none): the y title of a plot too short for
    /// [`ValueScale::axis_label`], whose win lines already say which way is whose.
    pub fn unit_label(&self) -> &str {
        if self.unit.is_empty() { "value" } else { &self.unit }
    }

    /// The y ticks between the win lines: 0 and whole multiples of the largest round step (1, 2, 2.5 or 5 × 10^k)
    /// that is at most 0.9 of the edge, so even a game whose evaluations stayed near 0 reads a scale both ways
    /// (a 24-move chess game once showed a single "0").
    pub fn ticks(&self) -> Vec<f64> {
        if !(self.edge.is_finite() && self.edge > 0.0) {
            return vec![0.0];
        }
        let most = 0.9 * self.edge;
        let power = 10f64.powf(most.log10().floor());
        let step =
            [5.0, 2.5, 2.0, 1.0].into_iter().map(|m| m * power).find(|s| *s <= most * (1.0 + 1e-9)).unwrap_or(power);
        let count = (0.95 * self.edge / step).floor() as i64;
        (-count..=count).map(|k| k as f64 * step).collect()
    }

    /// Who wins at the edge `y` (the top: the side "+" favours).
    pub fn winner_at(&self, y: f64) -> String {
        let top = match (self.from, self.mover) {
            (ValuesFrom::FirstPlayer, _) => Side::Max,
            (ValuesFrom::SideToMove, Some(mover)) => mover,
            (ValuesFrom::SideToMove, None) if y < 0.0 => return "the side not to move".to_string(),
            (ValuesFrom::SideToMove, None) => return "the side to move".to_string(),
        };
        let winner = if y < 0.0 { top.opponent() } else { top };
        self.names[usize::from(winner == Side::Min)].clone()
    }

    /// A record's hover text: its score as the search panel said it, and the plotted number (`value`, read from
    /// the chosen side).
    fn text(&self, record: &SearchRecord, value: Value) -> String {
        let side = &self.names[usize::from(record.side == Side::Min)];
        let said = match self.words.get(&record.id) {
            Some(words) => format!("score ({side} to move): {words}"),
            None => format!("score ({side} to move): {}", record.deepest().map_or(0.0, |i| i.value) + 0.0),
        };
        if self.axis.is_win(value) {
            // Named by the winner, whichever side the values are read from.
            let plus = self.from.plus_side(record.side);
            let winner = if value < 0.0 { plus.opponent() } else { plus };
            format!("{said}\n{} wins: drawn on the dashed line", self.names[usize::from(winner == Side::Min)])
        } else {
            let unit = if self.unit.is_empty() { String::new() } else { format!(" {}", self.unit) };
            let plus = match self.from {
                ValuesFrom::FirstPlayer => self.names[0].clone(),
                ValuesFrom::SideToMove => side.clone(),
            };
            format!("{said}\n{}{unit} (+: {plus} ahead)", signed(self.axis.in_unit(value)))
        }
    }
}

/// The Value plot's scale for the game of `history`, its values read from `from`'s side: the family's unit, and each
/// search's score in the words of the search panel, read in the position it searched (one walk along the game for
/// all records).
pub fn value_scale(history: &super::history::GameHistory, names: &[String; 2], from: ValuesFrom) -> ValueScale {
    let records = &history.telemetry().records;
    let start = history.position_at(0);
    let axis = start.score_axis();
    let unit = if axis.unit.is_empty() { start.score_unit().to_string() } else { axis.unit.to_string() };
    let mut words = HashMap::new();
    let mut position = start;
    let moves = history.moves();
    for ply in 0..=moves.len() {
        for record in records.iter().filter(|r| r.ply == ply) {
            if let Some(iteration) = record.deepest() {
                let mut said = position.score_in_words(iteration.value);
                // As the search panel says it.
                if iteration.exact {
                    said.push_str(", exact");
                }
                if !iteration.complete {
                    said.push_str(" (cut short)");
                }
                words.insert(record.id, said);
            }
        }
        match moves.get(ply) {
            Some(&mv) if position.try_play(mv).is_ok() => {}
            _ => break,
        }
    }
    ValueScale::new(axis, &unit, names.clone(), records, words).reading_from(from)
}

/// A number with its sign and at most three decimals, trailing zeros dropped: "+0.62", "−3", "0".
pub fn signed(value: f64) -> String {
    let text = format!("{:+.3}", value + 0.0);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    match text {
        "+" | "-" | "+0" | "-0" => "0".to_string(),
        _ => text.replace('-', "−"),
    }
}

/// One plotted quantity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Series {
    /// The depth the search reached.
    Depth,
    /// The seconds the search took.
    Time,
    /// The nodes the search visited.
    Nodes,
    /// The share of the minimax tree the search visited, on a log scale: the pruning ratio is near 1 for most
    /// searches, so its complement is what varies.
    Visited,
    /// The effective branching factor b*.
    Branching,
    /// The value found, from the side the Settings name.
    Value,
}

/// One record's point of a series.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// The move the search was for, as [`MoveAxis`] places it.
    pub x: f64,
    /// What is plotted (log10 of the count for [`Series::Nodes`], of the share for [`Series::Visited`]).
    pub y: f64,
    /// The exact figure, as the hover label shows it.
    pub text: String,
    /// An estimate rather than a count (the pruning ratio of a tree too large to count).
    pub estimate: bool,
}

/// How much smaller a search was than the minimax tree, in words: "×830 fewer nodes", "×8.71 × 10¹³ fewer
/// nodes", or "all of it".
pub fn fewer_nodes(visited: u64, tree: f64) -> String {
    let factor = tree / visited as f64;
    if factor < 1.005 {
        "all of it visited".to_string()
    } else {
        format!("{} fewer nodes", crate::numbers::times(factor))
    }
}

/// [`fewer_nodes`] as a sentence about minimax: "×2.5 fewer nodes than minimax", or "as many nodes as minimax"
/// when nothing was saved ("all of it visited than minimax" read as nonsense).
pub fn fewer_than_minimax(visited: u64, tree: f64) -> String {
    let fewer = fewer_nodes(visited, tree);
    if fewer.starts_with('×') { format!("{fewer} than minimax") } else { "as many nodes as minimax".to_string() }
}

impl Series {
    /// Every series, in the dashboard's order.
    pub const ALL: [Series; 6] =
        [Series::Depth, Series::Time, Series::Nodes, Series::Visited, Series::Branching, Series::Value];

    /// The toggle's and the plot's name.
    pub fn title(self) -> &'static str {
        match self {
            Series::Depth => "Depth reached",
            Series::Time => "Time (s)",
            Series::Nodes => "Nodes (log scale)",
            Series::Visited => "Share of the minimax tree visited (log scale)",
            Series::Branching => "Effective branching factor",
            // The side and unit are the plot's own axis title's (they follow the Settings).
            Series::Value => "Value",
        }
    }

    /// A short name for the plot's y axis.
    pub fn axis(self) -> &'static str {
        match self {
            Series::Depth => "plies",
            Series::Time => "seconds",
            Series::Nodes => "nodes",
            Series::Visited => "visited",
            Series::Branching => "b*",
            Series::Value => "value",
        }
    }

    /// Plotted on log10 with ticks labelled 10^k ([`Series::Nodes`]) or 1/10^k ([`Series::Visited`]).
    pub fn logarithmic(self) -> bool {
        matches!(self, Series::Nodes | Series::Visited)
    }

    /// The point of `record`, or `None` when the search did not measure it (no iteration, no count yet).
    ///
    /// Depth, branching factor and value are the deepest completed iteration's; time and nodes are the whole
    /// search's (every iteration); the share visited is the deepest iteration's nodes against the minimax tree
    /// of its depth (1 − the pruning ratio). The value is read through `values` (its unit, wins at the edge).
    pub fn point(self, record: &SearchRecord, values: &ValueScale, moves: &MoveAxis) -> Option<Point> {
        let x = moves.x(record.ply, record.side);
        let plain = |y: f64, text: String| Some(Point { x, y, text, estimate: false });
        match self {
            Series::Depth => record.depth_reached().and_then(|d| plain(d as f64, format!("depth {d}"))),
            Series::Time => plain(record.seconds(), format!("{:.3} s", record.seconds())),
            Series::Nodes => {
                let nodes = record.nodes();
                (nodes > 0).then(|| Point {
                    x,
                    y: (nodes as f64).log10(),
                    text: format!("{} nodes", crate::numbers::count(nodes)),
                    estimate: false,
                })
            }
            Series::Visited => {
                let (_, exact) = record.pruning_ratio()?;
                let size = record.tree_size()?;
                let visited = record.deepest()?.stats.nodes_visited;
                let share = visited as f64 / size.nodes();
                (visited > 0 && share.is_finite()).then(|| {
                    let what = if exact { "counted" } else { "estimated" };
                    let text = format!(
                        "{} of {} minimax nodes ({what}): {}",
                        crate::numbers::count(visited),
                        crate::numbers::count_f64(size.nodes()),
                        fewer_nodes(visited, size.nodes())
                    );
                    Point { x, y: share.log10(), text, estimate: !exact }
                })
            }
            Series::Branching => record.effective_branching_factor().and_then(|b| plain(b, format!("b* = {b:.3}"))),
            Series::Value => record.value_from(values.from).and_then(|v| plain(values.y(v), values.text(record, v))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::deepening::{EngineConfig, Iteration, Thought};
    use crate::engine::telemetry::searches::SearchKind;
    use crate::games::chess::words::{AXIS as CHESS_AXIS, score_in_words as chess};

    /// A search at `ply` whose one iteration scored `value` from the side to move's view.
    fn searched(id: u64, ply: usize, value: Value) -> SearchRecord {
        let iteration = Iteration {
            depth: 3,
            value,
            best_move: None,
            principal_variation: Vec::new(),
            stats: Default::default(),
            elapsed_seconds: 0.1,
            complete: true,
            exact: false,
            aspiration_researches: 0,
        };
        let thought = Thought { iterations: vec![iteration], elapsed_seconds: 0.1, ..Thought::default() };
        let side = if ply.is_multiple_of(2) { Side::Max } else { Side::Min };
        SearchRecord { id, ply, side, kind: SearchKind::Move, config: EngineConfig::default(), thought, tree: None }
    }

    /// Where the sides take turns, move n at n and the reply at n + ½; where a side moves again (Kalah's extra
    /// turns), its moves share their half of the round, and the rounds are the move list's.
    #[test]
    fn moves_sit_where_the_move_list_numbers_them() {
        use crate::games::any::{AnyGame, AnyMove};
        let mut history = GameHistory::new(AnyGame::new(crate::games::mnk::Mnk::tic_tac_toe()));
        for cell in [4, 0, 8] {
            history.try_play(cell).expect("legal");
        }
        let axis = MoveAxis::new(&history, &[]);
        let alternating = [(0, Side::Max), (1, Side::Min), (2, Side::Max), (3, Side::Min)];
        assert_eq!(alternating.map(|(ply, side)| axis.x(ply, side)), [1.0, 1.5, 2.0, 2.5], "ply 3: the board's");
        assert_eq!(axis.name(0, Side::Max), "move 1. (ply 1)");
        assert_eq!(axis.name(3, Side::Min), "move 2… (ply 4)");
        // Kalah: South's 3 ends in its store (an extra turn), then 6; North's 2 and 1 the same; South's 5.
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../games/kalah.lua");
        let kalah = crate::games::script::load(&file).expect("loads");
        let mut history = GameHistory::new(AnyGame::new(kalah.new_game().expect("starts")));
        let pits: [AnyMove; 5] = [3, 6, 2, 1, 5];
        for pit in pits {
            history.try_play(pit).expect("legal");
        }
        let axis = MoveAxis::new(&history, &[]);
        let sides = [Side::Max, Side::Max, Side::Min, Side::Min, Side::Max, Side::Min];
        let xs: Vec<f64> = sides.iter().enumerate().map(|(ply, &side)| axis.x(ply, side)).collect();
        assert_eq!(xs, [1.0, 1.25, 1.5, 1.75, 2.0, 2.5], "ply 5: North's move on the board");
        assert_eq!(axis.name(3, Side::Min), "move 1… (ply 4)");
        assert_eq!(axis.name(5, Side::Min), "move 2… (ply 6)");
        assert_eq!(
            sides.iter().enumerate().map(|(ply, &side)| axis.round(ply, side)).collect::<Vec<_>>(),
            [1, 1, 1, 1, 2, 2]
        );
        assert_eq!(axis.x(5, Side::Max), 2.25, "South's extra turn, had it had one");
        // The pointer near a search's point is told that search's move.
        let axis = MoveAxis::new(&history, &[searched(1, 3, 0.0), searched(2, 4, 0.0)]);
        assert_eq!([axis.name_at(1.7), axis.name_at(2.1)], ["move 1… (ply 4)", "move 2. (ply 5)"]);
    }

    #[test]
    fn signed_numbers() {
        assert_eq!([0.62, -3.0, 0.0, -0.0, 1.0 / 3.0, -0.0004].map(signed), ["+0.62", "−3", "0", "0", "+0.333", "0"]);
    }

    /// Chess values in pawns from White's side; a mate on the dashed line at the edge, a quarter beyond the largest
    /// evaluation; the hover repeats the search panel's words.
    #[test]
    fn chess_values_are_pawns_and_mates_sit_at_the_edge() {
        // White +0.40; Black to move sees +1.20 for itself (White −1.20); White mates.
        let records = [searched(1, 0, 40.0), searched(2, 1, 120.0), searched(3, 2, crate::games::chess::WIN - 3.0)];
        let words: HashMap<u64, String> =
            records.iter().map(|r| (r.id, chess(r.thought.iterations[0].value, r.ply, r.side))).collect();
        let names = ["White".to_string(), "Black".to_string()];
        let scale = ValueScale::new(CHESS_AXIS, "pawns", names, &records, words);
        assert!((scale.edge - 1.5).abs() < 1e-12, "{}", scale.edge);
        assert_eq!(scale.axis_label(), "pawns (+: White ahead)");
        let points: Vec<Point> =
            records.iter().filter_map(|r| Series::Value.point(r, &scale, &MoveAxis::default())).collect();
        assert_eq!(points.iter().map(|p| (p.x, p.y)).collect::<Vec<_>>(), [(1.0, 0.4), (1.5, -1.2), (2.0, scale.edge)]);
        assert_eq!(points[1].text, "score (Black to move): +1.20 (pawns)\n−1.2 pawns (+: White ahead)");
        assert_eq!(points[2].text, "score (White to move): White mates in 1\nWhite wins: drawn on the dashed line");
        assert_eq!(scale.winner_at(-scale.edge), "Black");
        // From the side to move: Black's +1.20 reads as it was searched, and the axis says so.
        let mover = scale.reading_from(ValuesFrom::SideToMove);
        let points: Vec<Point> =
            records.iter().filter_map(|r| Series::Value.point(r, &mover, &MoveAxis::default())).collect();
        assert_eq!(points.iter().map(|p| p.y).collect::<Vec<_>>(), [0.4, 1.2, mover.edge]);
        assert_eq!(points[1].text, "score (Black to move): +1.20 (pawns)\n+1.2 pawns (+: Black ahead)");
        assert_eq!(points[2].text, "score (White to move): White mates in 1\nWhite wins: drawn on the dashed line");
        assert_eq!(mover.axis_label(), "pawns (+: the side to move ahead)");
        assert_eq!(mover.short_label(), "pawns, +: mover");
        assert_eq!(mover.winner_at(-mover.edge), "the side not to move");
    }

    #[test]
    fn the_value_scale_has_ticks_both_ways_whatever_its_edge() {
        let ticks = |edge: f64| ValueScale { edge, ..ValueScale::default() }.ticks();
        assert_eq!(ticks(1.5), [-1.0, 0.0, 1.0]);
        assert_eq!(ticks(1.0), [-0.5, 0.0, 0.5]);
        assert_eq!(ticks(0.0375), [-0.025, 0.0, 0.025]);
        assert_eq!(ticks(250.0), [-200.0, 0.0, 200.0]);
        assert_eq!(ticks(4.4), [-2.5, 0.0, 2.5]);
        for edge in [0.013, 0.7, 3.3, 9.9, 41.0, 1234.5] {
            let ticks = ticks(edge);
            assert!(ticks.len() >= 3, "{edge}: {ticks:?}");
            assert!(ticks.iter().all(|t| t.abs() < 0.95 * edge), "{edge}: {ticks:?}");
        }
        assert_eq!(ValueScale::default().unit_label(), "value");
    }

    #[test]
    fn a_game_of_wins_and_draws_only_has_a_unit_edge() {
        let records = [searched(1, 0, 0.0), searched(2, 1, -(crate::games::chess::WIN - 1.0))];
        let scale = ValueScale::new(CHESS_AXIS, "pawns", ["W".into(), "B".into()], &records, HashMap::new());
        assert_eq!(scale.edge, 1.0);
        // Black to move and lost: White's win, at the top.
        assert_eq!(Series::Value.point(&records[1], &scale, &MoveAxis::default()).map(|p| p.y), Some(1.0));
    }

    #[test]
    fn fewer_nodes_in_words() {
        assert_eq!(fewer_nodes(82, 82.0), "all of it visited");
        assert_eq!(fewer_nodes(40, 100.0), "×2.5 fewer nodes");
        assert_eq!(fewer_nodes(1447, 1_200_000.0), "×829 fewer nodes");
        // A chess game's deep search against its estimated tree: a power of ten, not fourteen digits.
        assert_eq!(fewer_nodes(139_227, 1.2119920714306873e19), "×8.71 × 10¹³ fewer nodes");
        assert_eq!(fewer_than_minimax(40, 100.0), "×2.5 fewer nodes than minimax");
        assert_eq!(fewer_than_minimax(9, 9.0), "as many nodes as minimax");
    }

    #[test]
    fn only_nodes_and_the_share_visited_are_logarithmic() {
        let log: Vec<Series> = Series::ALL.into_iter().filter(|s| s.logarithmic()).collect();
        assert_eq!(log, [Series::Nodes, Series::Visited]);
    }
}
