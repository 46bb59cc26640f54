//! The quantities the dashboard plots against the move number, each read from a search's record. No egui here:
//! the tests compare these numbers with the searches' own statistics.

use crate::engine::telemetry::records::SearchRecord;

/// One plotted quantity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Series {
    Depth,
    Time,
    Nodes,
    Pruning,
    Branching,
    Value,
}

/// One record's point of a series.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// The move number the search was for.
    pub x: f64,
    /// What is plotted (log10 of the count for [`Series::Nodes`]).
    pub y: f64,
    /// The exact figure, as the hover label shows it.
    pub text: String,
    /// An estimate rather than a count (the pruning ratio of a tree too large to count).
    pub estimate: bool,
}

impl Series {
    /// Every series, in the dashboard's order.
    pub const ALL: [Series; 6] =
        [Series::Depth, Series::Time, Series::Nodes, Series::Pruning, Series::Branching, Series::Value];

    /// The toggle's and the plot's name.
    pub fn title(self) -> &'static str {
        match self {
            Series::Depth => "Depth reached",
            Series::Time => "Time (s)",
            Series::Nodes => "Nodes (log scale)",
            Series::Pruning => "Pruning ratio",
            Series::Branching => "Effective branching factor",
            Series::Value => "Value (first player's view)",
        }
    }

    /// A short name for the plot's y axis.
    pub fn axis(self) -> &'static str {
        match self {
            Series::Depth => "plies",
            Series::Time => "seconds",
            Series::Nodes => "nodes",
            Series::Pruning => "pruned",
            Series::Branching => "b*",
            Series::Value => "value",
        }
    }

    /// Plotted on log10 with ticks labelled 10^k.
    pub fn logarithmic(self) -> bool {
        self == Series::Nodes
    }

    /// The point of `record`, or `None` when the search did not measure it (no iteration, no count yet).
    ///
    /// Depth, branching factor and value are the deepest completed iteration's; time and nodes are the whole
    /// search's (every iteration); the pruning ratio is the deepest iteration's nodes against the minimax tree
    /// of its depth.
    pub fn point(self, record: &SearchRecord) -> Option<Point> {
        let x = record.move_number() as f64;
        let plain = |y: f64, text: String| Some(Point { x, y, text, estimate: false });
        match self {
            Series::Depth => record.depth_reached().and_then(|d| plain(d as f64, format!("depth {d}"))),
            Series::Time => plain(record.seconds(), format!("{:.3} s", record.seconds())),
            Series::Nodes => {
                let nodes = record.nodes();
                (nodes > 0).then(|| Point {
                    x,
                    y: (nodes as f64).log10(),
                    text: format!("{nodes} nodes"),
                    estimate: false,
                })
            }
            Series::Pruning => {
                let (ratio, exact) = record.pruning_ratio()?;
                let size = record.tree_size()?;
                let what = if exact { "counted" } else { "estimated" };
                let text = format!("{:.2}% pruned of {:.0} nodes ({what})", 100.0 * ratio, size.nodes());
                Some(Point { x, y: ratio, text, estimate: !exact })
            }
            Series::Branching => record.effective_branching_factor().and_then(|b| plain(b, format!("b* = {b:.3}"))),
            Series::Value => record.value_for_first_player().and_then(|v| plain(v, format!("value {v}"))),
        }
    }
}
