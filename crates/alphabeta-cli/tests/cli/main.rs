//! The headless commands and the files they read and write, including hostile input.
//! (One test binary: each links the whole command line, so fewer binaries build and link faster.)

mod budgets;
mod check;
mod common;
#[cfg(unix)] // the samples are shell command lines
mod documented_commands;
mod families;
mod games;
mod hostile_input;
mod mutation;
mod protocol;
mod review;
#[cfg(unix)] // the engines are shell scripts
mod review_engine;
mod strength;
mod tree;
