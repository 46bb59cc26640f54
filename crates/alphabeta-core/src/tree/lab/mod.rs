//! The Tree lab's logic, with no window: a tree analysed (compiled, laid out, searched by every algorithm), the
//! recorded search replayed step by step, the quiz graded, the tree written as SVG or as a worksheet, the example
//! trees, and the worker that analyses and edits a tree on a thread of its own. The studio's Tree lab view draws
//! what these compute; a notebook or a server can use them alone.

pub mod analysis;
pub mod examples;
pub mod layout;
pub mod quiz;
pub mod replay;
pub mod svg;
pub mod tables;
pub mod worker;
pub mod worksheet;

use crate::engine::search::Algorithm;

/// An algorithm's name as a sentence says it: "α-β", "MTD(f)".
pub fn algorithm_title(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Minimax => "minimax",
        Algorithm::Alphabeta => "α-β",
        Algorithm::Negamax => "negamax α-β",
        Algorithm::Shallow => "Hart & Edwards' shallow α-β (1961)",
        Algorithm::Pvs => "principal variation search",
        Algorithm::Mtdf => "MTD(f)",
        Algorithm::Expectiminimax => "expectiminimax",
        Algorithm::Star1 => "Ballard's Star1",
    }
}
