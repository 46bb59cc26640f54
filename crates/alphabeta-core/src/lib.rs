//! The core of Alpha-Beta Studio, with no window: game-tree search and everything it is measured on.
//!
//! The dependency direction is one way: `engine` (the [`engine::game::Game`] trait, the search algorithms, their
//! statistics, the transposition table and the background worker) knows nothing else; `tree` (explicit trees) and
//! `games` (every rule family, the Lua script adapter, records, levels and ladders) build on `engine`; `play` (a
//! game's history, clocks and dice) builds on `games`; `review` (every move of a game judged) on `play`; `files`, `messages` and `numbers` (figures for people) are shared helpers. The studio's
//! window and command line are other crates on top of this one.
//!
//! # Signals
//!
//! The core installs no signal handler of its own accord. A program that runs Lua game scripts and leaves SIGURG
//! free may call [`games::script::use_signal_for_budgets`] first thing in `main`, as the studio's binaries do: the
//! scripts' watchdog then signals a thread whose script call runs long to arm its budget hook, and every other call
//! runs at the interpreter's full speed. Without it the hook is armed on every call: every budget (instructions,
//! time, memory) holds the same, and scripts run about a third slower.

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
