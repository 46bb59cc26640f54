//! Alpha-Beta Studio: play, see and understand game-tree search.
//!
//! The dependency direction is one way: `engine` knows nothing else; `tree` and `games` build on `engine`; `cli`
//! and `app` (the window) use them all. `families` is the one list of rule families, each beside its painter.

pub mod app;
pub mod cli;
pub mod engine;
pub mod families;
pub mod games;
pub mod tree;
