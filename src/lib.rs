//! Alpha-Beta Studio: play, see and understand game-tree search.
//!
//! The dependency direction is one way: `engine` knows nothing else; `tree` builds on `engine`; `cli` and `app`
//! (the window) use both.

pub mod app;
pub mod cli;
pub mod engine;
pub mod tree;
