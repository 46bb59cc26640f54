//! Alpha-Beta Studio: play, see and understand game-tree search.
//!
//! This crate is the window (`app`) and the command line (`cli`). Everything that needs no window — the engine,
//! explicit trees, the games, records, levels, ladders, telemetry data and file I/O — is the `alphabeta-core` crate,
//! re-exported here under its own module names so both halves read `crate::engine`, `crate::games`, ….

pub mod app;
pub mod cli;

pub use alphabeta_core::{engine, files, games, messages, numbers, play, review, tree};
