//! A game as it is played, with no window: its history (moves, undo and redo, the searches' telemetry), the
//! chess clocks it may be played on, the dice of the chance games, one engine per seat, the minimax tree counted
//! below each searched position, and the quantities the telemetry plots of its searches. The studio's Play and
//! Telemetry views draw these; a headless player can drive them alone.

pub mod clocks;
pub mod dice;
pub mod engines;
pub mod figure;
pub mod history;
pub mod numbering;
pub mod series;
pub mod tree_count;
