//! Telemetry: plots of what the searches of the game in Play did, move after move.
pub mod tree_count;
