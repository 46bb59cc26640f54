//! Alpha-Beta Studio: play, see and understand game-tree search.
//!
//! This crate is the window (`app`). Everything that needs no window — the engine, explicit trees, the games,
//! records, levels, ladders, telemetry data and file I/O — is the `alphabeta-core` crate, re-exported here under its
//! own module names so the window reads `crate::engine`, `crate::games`, …; the subcommands are the `alphabeta-cli`
//! crate, whose [`run`](alphabeta_cli::run) the binary calls first.

#![warn(missing_docs)]

pub mod app;

pub use alphabeta_core::{engine, files, games, messages, numbers, play, review, tree};
