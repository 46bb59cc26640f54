//! The headless commands and the files they read and write, including hostile input.
//! (One test binary per area: each binary links the whole studio, so fewer binaries build and link faster.)

mod budgets;
mod check;
#[path = "../common/mod.rs"]
mod common;
#[cfg(unix)] // the samples are shell command lines
mod documented_commands;
mod games;
mod hostile_input;
mod protocol;
mod review;
mod sessions;
mod strength;
mod tree;
