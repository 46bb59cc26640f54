//! When a search of a game must end, as data: saved with a player's settings, shown in the window.

use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Any limit that is set ends the search; none set means search to the end of the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Wall-clock time for the whole search, in milliseconds.
    pub time_ms: Option<u64>,
    /// Nodes visited, all iterations together.
    pub nodes: Option<u64>,
}

impl Limits {
    /// No limit at all: solve the game from here.
    pub const NONE: Limits = Limits { depth: None, time_ms: None, nodes: None };

    /// Only a depth limit: iterations up to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::NONE }
    }

    /// Only a time limit (held to `u64::MAX` milliseconds).
    pub fn time(time: Duration) -> Limits {
        Limits { time_ms: Some(time.as_millis().min(u64::MAX as u128) as u64), ..Limits::NONE }
    }

    /// Only a node limit, all iterations together.
    pub fn nodes(nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..Limits::NONE }
    }
}
