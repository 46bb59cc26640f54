//! The search algorithms and their statistics: minimax oracles, the memos' worked examples, levels, the worker.
//! (One test binary per area: each links the whole core, so fewer binaries build and link faster.)

#[path = "../common/mod.rs"]
mod common;
mod engine_driver;
mod notation;
mod oracle;
mod seed_examples;
mod skill;
mod worker;
