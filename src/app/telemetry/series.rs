//! The quantities the dashboard plots against the move number, each read from a search's record. No egui here:
//! the tests compare these numbers with the searches' own statistics.

use crate::engine::telemetry::records::SearchRecord;

/// One plotted quantity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Series {
    Depth,
    Time,
    Nodes,
    /// The share of the minimax tree the search visited, on a log scale: the pruning ratio is near 1 for most
    /// searches, so its complement is what varies.
    Visited,
    Branching,
    Value,
}

/// One record's point of a series.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// The move number the search was for.
    pub x: f64,
    /// What is plotted (log10 of the count for [`Series::Nodes`], of the share for [`Series::Visited`]).
    pub y: f64,
    /// The exact figure, as the hover label shows it.
    pub text: String,
    /// An estimate rather than a count (the pruning ratio of a tree too large to count).
    pub estimate: bool,
}

/// How much smaller a search was than the minimax tree, in words: "×830 fewer nodes", or "all of it".
pub fn fewer_nodes(visited: u64, tree: f64) -> String {
    let factor = tree / visited as f64;
    if factor < 1.005 {
        "all of it visited".to_string()
    } else if factor < 10.0 {
        format!("×{factor:.2} fewer nodes")
    } else {
        format!("×{factor:.0} fewer nodes")
    }
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
            Series::Value => "Value (first player's view)",
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
    /// of its depth (1 − the pruning ratio).
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
            Series::Visited => {
                let (_, exact) = record.pruning_ratio()?;
                let size = record.tree_size()?;
                let visited = record.deepest()?.stats.nodes_visited;
                let share = visited as f64 / size.nodes();
                (visited > 0 && share.is_finite()).then(|| {
                    let what = if exact { "counted" } else { "estimated" };
                    let text = format!(
                        "{visited} of {:.0} minimax nodes ({what}): {}",
                        size.nodes(),
                        fewer_nodes(visited, size.nodes())
                    );
                    Point { x, y: share.log10(), text, estimate: !exact }
                })
            }
            Series::Branching => record.effective_branching_factor().and_then(|b| plain(b, format!("b* = {b:.3}"))),
            Series::Value => record.value_for_first_player().and_then(|v| plain(v, format!("value {v}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fewer_nodes_in_words() {
        assert_eq!(fewer_nodes(82, 82.0), "all of it visited");
        assert_eq!(fewer_nodes(40, 100.0), "×2.50 fewer nodes");
        assert_eq!(fewer_nodes(1447, 1_200_000.0), "×829 fewer nodes");
    }

    #[test]
    fn only_nodes_and_the_share_visited_are_logarithmic() {
        let log: Vec<Series> = Series::ALL.into_iter().filter(|s| s.logarithmic()).collect();
        assert_eq!(log, [Series::Nodes, Series::Visited]);
    }
}
