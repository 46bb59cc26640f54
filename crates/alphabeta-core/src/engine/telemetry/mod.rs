//! Search telemetry as plain data: one record per search the window ran (every AI move, every hint), the size of
//! the minimax tree each searched position holds, and the records as CSV. No egui, no threads: the window fills
//! these in and draws them; a saved session stores them as they are (every type here is serde data).

pub mod csv;
pub mod pruning;
pub mod searches;
