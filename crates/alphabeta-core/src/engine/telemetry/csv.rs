//! The records as CSV (RFC 4180): one row per iteration, the cut-short one included, so a spreadsheet can redo
//! every plot; each row names its ply (from 1) and its move as the move list numbers it (White's 24th move and
//! Black's reply are both move 24, plies 47 and 48; the caller numbers them). Rates a search could not measure (no cut-off, no table probe) are left empty, and so is any
//! figure that is not a finite number (an iteration stopped before it had a value, a ratio of nothing): a
//! spreadsheet reads an empty cell as missing, where `-inf` or `NaN` would poison its sums. The value is in the
//! window's unit and from the side the window reads values from, and its heading says both ([`ValueColumn`]).

use super::pruning::average_branching;
use super::searches::{SearchKind, SearchRecord, depth_of};
use crate::engine::game::Side;
use crate::games::score_words::ScoreAxis;
use crate::games::values_from::ValuesFrom;

/// The header line's fields, in order; `value`'s heading is [`ValueColumn::heading`] (`value_pawns_white`).
pub const COLUMNS: [&str; 27] = [
    "ply",
    "move",
    "side",
    "kind",
    "algorithm",
    "depth",
    "complete",
    "exact",
    "value",
    "best_move",
    "nodes",
    "interior_nodes",
    "leaves",
    "horizon_leaves",
    "cutoffs",
    "first_move_cutoff_rate",
    "branches_pruned",
    "tt_probes",
    "tt_hit_rate",
    "iteration_seconds",
    "elapsed_seconds",
    "effective_branching_factor",
    "average_branching",
    "minimax_tree_nodes",
    "minimax_tree",
    "pruning_ratio",
    "search_nodes",
];

/// How the value column reads: in the unit of `axis`, from `from`'s side, under `heading`.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueColumn {
    /// The column's heading, naming the unit and the side: `value_pawns_white` ([`ValuesFrom::column`]).
    pub heading: String,
    /// Whose side the values are read from.
    pub from: ValuesFrom,
    /// The unit the numbers are in (a score divided by its divisor).
    pub axis: ScoreAxis,
}

impl ValueColumn {
    /// The column of a game whose values are in `unit` on `axis`, `first` being the first player's name.
    pub fn new(axis: ScoreAxis, unit: &str, first: &str, from: ValuesFrom) -> Self {
        ValueColumn { heading: from.column(unit, first), from, axis }
    }

    /// A search's `value` (from the side to move, `mover`) as the column writes it.
    fn cell(&self, value: f64, mover: Side) -> String {
        finite(self.axis.in_unit(self.from.read(value, mover)))
    }
}

/// Renders `records`, its values as `values` says, naming each best move with `name(record, move)` (the game's notation) and numbering each
/// record's move with `number(record)`, the move list's number (the list knows the game's turns: Kalah's extra
/// turns and a dice game's roll and move share a number).
pub fn format_records_csv(
    records: &[SearchRecord],
    values: &ValueColumn,
    name: impl Fn(&SearchRecord, u64) -> String,
    number: impl Fn(&SearchRecord) -> usize,
) -> String {
    let headings: Vec<&str> = COLUMNS.iter().map(|&c| if c == "value" { values.heading.as_str() } else { c }).collect();
    let mut out = headings.join(",");
    out.push('\n');
    for record in records {
        let side = match record.side {
            Side::Max => "first",
            Side::Min => "second",
        };
        let kind = match record.kind {
            SearchKind::Move => "move",
            SearchKind::Hint => "hint",
        };
        let search_nodes = record.nodes();
        let tree = record.tree.as_ref();
        for iteration in record.thought.iterations.iter().chain(&record.thought.partial) {
            let stats = &iteration.stats;
            let depth = depth_of(iteration);
            let size = tree.and_then(|t| t.size(depth));
            let optional = |x: Option<f64>| x.map(finite).unwrap_or_default();
            let cells = [
                record.ply_number().to_string(),
                number(record).to_string(),
                side.to_string(),
                kind.to_string(),
                record.algorithm().name().to_string(),
                depth.to_string(),
                iteration.complete.to_string(),
                iteration.exact.to_string(),
                values.cell(iteration.value, record.side),
                iteration.best_move.map(|mv| name(record, mv)).unwrap_or_default(),
                stats.nodes_visited.to_string(),
                stats.interior_nodes.to_string(),
                stats.leaves_evaluated.to_string(),
                stats.horizon_evaluations.to_string(),
                stats.cutoffs().to_string(),
                optional(stats.first_move_cutoff_rate()),
                stats.branches_pruned.to_string(),
                stats.tt_probes.to_string(),
                optional(stats.tt_hit_rate()),
                finite(stats.elapsed_seconds),
                finite(iteration.elapsed_seconds),
                optional(stats.effective_branching_factor()),
                optional(average_branching(stats)),
                optional(size.map(|s| s.nodes().round())),
                size.map_or("", |s| if s.is_exact() { "exact" } else { "estimate" }).to_string(),
                optional(size.map(|s| s.pruning_ratio(stats.nodes_visited))),
                search_nodes.to_string(),
            ];
            let cells: Vec<String> = cells.into_iter().map(field).collect();
            out.push_str(&cells.join(","));
            out.push('\n');
        }
    }
    out
}

/// A number as text, empty when it is not finite; `+ 0.0` turns −0 into 0.
fn finite(x: f64) -> String {
    if x.is_finite() { (x + 0.0).to_string() } else { String::new() }
}

/// A field quoted when it holds a comma, a quote or a line break.
fn field(text: String) -> String {
    if text.contains([',', '"', '\n']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::deepening::{EngineConfig, Iteration, Thought};
    use crate::engine::search::stats::SearchStats;
    use crate::engine::telemetry::pruning::TreeProfile;

    /// Plain scores from the first player's side, whose name is "first".
    fn plain() -> ValueColumn {
        ValueColumn::new(ScoreAxis::PLAIN, "", "first", ValuesFrom::FirstPlayer)
    }

    /// Chess's centipawns are written in pawns, from the side the heading names: a search of Black's that found
    /// +1.25 for Black reads −1.25 under `value_pawns_white` and +1.25 under `value_pawns_side_to_move`.
    #[test]
    fn the_value_column_names_its_unit_and_side() {
        let iteration = Iteration {
            depth: 1,
            value: 125.0,
            best_move: None,
            principal_variation: vec![],
            stats: SearchStats::default(),
            elapsed_seconds: 0.1,
            complete: true,
            exact: false,
            aspiration_researches: 0,
        };
        let record = SearchRecord {
            id: 0,
            ply: 1,
            side: Side::Min,
            kind: SearchKind::Move,
            config: EngineConfig::default(),
            thought: Thought { iterations: vec![iteration], ..Thought::default() },
            tree: None,
        };
        let axis = crate::games::chess::words::AXIS;
        for (from, heading, value) in [
            (ValuesFrom::FirstPlayer, "value_pawns_white", "-1.25"),
            (ValuesFrom::SideToMove, "value_pawns_side_to_move", "1.25"),
        ] {
            let csv = format_records_csv(
                std::slice::from_ref(&record),
                &ValueColumn::new(axis, "pawns", "White", from),
                |_, mv| mv.to_string(),
                |r| r.ply,
            );
            let lines: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
            assert_eq!(lines[0][8], heading, "{csv}");
            assert_eq!(lines[1][8], value, "{csv}");
        }
    }

    #[test]
    fn one_row_per_iteration_with_the_counts_and_the_ratio() {
        let iteration = |depth: u32, nodes: u64, complete: bool| Iteration {
            depth,
            value: -0.0,
            best_move: Some(4),
            principal_variation: vec![4],
            stats: SearchStats { nodes_visited: nodes, interior_nodes: 1, ..Default::default() },
            elapsed_seconds: 0.5,
            complete,
            exact: false,
            aspiration_researches: 0,
        };
        let thought = Thought {
            iterations: vec![iteration(1, 10, true)],
            partial: Some(iteration(2, 41, false)),
            best_move: Some(4),
            searched_best: Some(4),
            elapsed_seconds: 0.5,
            ..Thought::default()
        };
        let record = SearchRecord {
            id: 0,
            ply: 2,
            side: Side::Min,
            kind: SearchKind::Hint,
            config: EngineConfig::default(),
            thought,
            tree: Some(TreeProfile { per_ply: vec![1, 9, 72], complete: false }),
        };
        let csv = format_records_csv(&[record], &plain(), |_, mv| format!("x,{mv}"), |record| record.ply);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 3, "{csv}");
        assert_eq!(lines[0].split(',').count(), COLUMNS.len());
        assert_eq!(lines[1], "3,2,second,hint,pvs,1,true,false,0,\"x,4\",10,1,0,0,0,,0,0,,0,0.5,,9,10,exact,0,51");
        assert!(lines[2].starts_with("3,2,second,hint,pvs,2,false,"), "{}", lines[2]);
        assert!(lines[2].ends_with(",82,exact,0.5,51"), "{}", lines[2]);
    }

    #[test]
    fn an_unfinished_iteration_leaves_its_value_empty_never_infinite() {
        let stats = SearchStats { nodes_visited: 7, ..Default::default() };
        let unfinished = Iteration {
            depth: 3,
            value: f64::NEG_INFINITY,
            best_move: None,
            principal_variation: vec![],
            stats,
            elapsed_seconds: f64::NAN,
            complete: false,
            exact: false,
            aspiration_researches: 0,
        };
        let thought = Thought { partial: Some(unfinished), ..Thought::default() };
        let record = SearchRecord {
            id: 0,
            ply: 0,
            side: Side::Max,
            kind: SearchKind::Move,
            config: EngineConfig::default(),
            thought,
            tree: None,
        };
        let csv = format_records_csv(&[record], &plain(), |_, mv| mv.to_string(), |record| record.ply);
        assert!(!csv.contains("inf") && !csv.contains("NaN"), "{csv}");
        let row: Vec<&str> = csv.lines().nth(1).expect("one row").split(',').collect();
        let column = |name: &str| row[COLUMNS.iter().position(|c| *c == name).expect("a column")];
        assert_eq!(csv.lines().next().map(|h| h.split(',').nth(8)), Some(Some("value_first")));
        assert_eq!(column("complete"), "false");
        assert_eq!(column("value"), "");
        assert_eq!(column("elapsed_seconds"), "");
        assert_eq!(column("nodes"), "7");
    }
}
