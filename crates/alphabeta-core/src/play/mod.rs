//! A game as it is played, with no window: its history (moves, undo and redo, the searches' telemetry), the
//! chess clocks it may be played on, and the dice of the chance games. The studio's Play view draws these; a
//! headless player can drive them alone.

pub mod clocks;
pub mod dice;
pub mod history;
