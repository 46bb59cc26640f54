//! The search engine. It knows nothing of windows, files or threads' owners: the GUI and the command line use it,
//! never the other way round.

pub mod features;
pub mod game;
pub mod hash;
pub mod search;
pub mod telemetry;
pub mod worker;
