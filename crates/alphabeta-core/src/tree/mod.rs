//! Explicit game trees: the model people draw and write, its notation and file, the compiled form the engine
//! searches, generators, and the Tree lab's logic (analysis, replay, quiz, SVG) without its window.

pub mod edit;
pub mod file;
pub mod flat;
pub mod generate;
pub mod lab;
pub mod model;
pub mod notation;
pub mod order;
