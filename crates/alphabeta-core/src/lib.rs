//! The core of Alpha-Beta Studio, with no window: game-tree search and everything it is measured on.
//!
//! The dependency direction is one way: `engine` (the [`engine::game::Game`] trait, the search algorithms, their
//! statistics, the transposition table and the background worker) knows nothing else; `tree` (explicit trees) and
//! `games` (every rule family, the Lua script adapter, records, levels and ladders) build on `engine`; `play` (a
//! game's history, clocks and dice) builds on `games`; `review` (every move of a game judged) on `play`; `files`, `messages` and `numbers` (figures for people) are shared helpers. The studio's
//! window and command line are another crate on top of this one.

// Anyone using the core (the studio, a tuner, another front end) knows it only by its docs: every public item has one.
#![warn(missing_docs)]

pub mod engine;
pub mod files;
pub mod games;
pub mod messages;
pub mod numbers;
pub mod play;
pub mod review;
pub mod tree;
