//! Explicit game trees: the model people draw and write, its notation and file, the compiled form the engine
//! searches, and generators.

pub mod edit;
pub mod file;
pub mod flat;
pub mod generate;
pub mod model;
pub mod notation;
pub mod order;
