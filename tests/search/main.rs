//! The search algorithms and their statistics: minimax oracles, the memos' worked examples, levels, the worker.
//! (One test binary per area: each binary links the whole studio, so fewer binaries build and link faster.)

#[path = "../common/mod.rs"]
mod common;
mod engine_driver;
mod frame_time;
mod notation;
mod oracle;
mod review_frames;
mod seed_examples;
mod skill;
mod worker;
