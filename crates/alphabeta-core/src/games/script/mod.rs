//! Games written as Lua scripts (`games/<id>.lua`): the rules are the script's functions, run in a sandboxed
//! Lua 5.4 state per game (see `docs/writing-a-game.md` for the script's side of the contract).
//!
//! - `sandbox.rs`: the Lua state, its libraries and limits, and the one-line error messages; `memory.rs`: one
//!   memory limit for all the states together; `budget.rs`: what one
//!   call into the script may spend, `watchdog.rs`: its count hook, set only on a call that runs long, and
//!   `fence.lua`: the library functions that charge their work to it;
//! - `file.rs`: a script file read and checked ([`Script`]): its metadata and where its functions are;
//! - `game.rs`: [`ScriptGame`], a position, implementing the engine's [`Game`](crate::engine::game::Game) and the
//!   window's [`GameInfo`](crate::games::any::GameInfo) and [`Playable`](crate::games::any::Playable) like every
//!   compiled family;
//! - `driver.lua`: the Lua side of the adapter, which keeps the searched line's positions inside Lua;
//!   `calls.rs`: its entry points the search calls at every node, called through Lua's C API;
//! - `family.rs`: the family in the one list of families (it reads `games/*.lua` itself);
//! - `board.rs`: the board a script draws and what clicks mean, as plain data for a painter; `graph.rs`: its
//!   points and the lines between them;
//! - `trace.rs`: the line where a move listed twice was added, found by running `moves` again under a line hook;
//! - `speed.rs`: the benchmark, scripted against compiled (`alphabeta-studio bench --scripts`).

pub mod board;
mod budget;
mod calls;
#[cfg(test)]
mod escapes;
pub mod family;
mod file;
mod game;
mod graph;
mod memory;
mod move_list;
pub mod sandbox;
pub mod speed;
mod trace;
mod watchdog;
pub use watchdog::use_signal_for_budgets;

pub use family::FAMILY;
pub use file::Script;
pub use game::{ScriptGame, ScriptMove};
pub use memory::ALL_STATES_LIMIT;

use std::path::Path;
use std::sync::Arc;

/// Why a script cannot be loaded or went wrong while running: one line, starting with `file:line:` wherever the
/// line is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    /// The line as shown, at most [`MESSAGE_CHARS`] characters.
    pub message: String,
}

/// The most characters of a message that are kept: a script's `error` can carry megabytes, which no window or
/// terminal line should show.
pub const MESSAGE_CHARS: usize = 600;

impl ScriptError {
    /// The error with this message, cut to [`MESSAGE_CHARS`] characters (ending in "…" where it was cut).
    pub fn new(message: impl Into<String>) -> ScriptError {
        let mut message = message.into();
        if let Some((cut, _)) = message.char_indices().nth(MESSAGE_CHARS) {
            message.truncate(cut);
            message.push('…');
        }
        ScriptError { message }
    }
}

impl std::fmt::Display for ScriptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ScriptError {}

/// Loads the script at `path` and checks it by starting a game: the script, or its error (`file:line: …`).
pub fn load(path: &Path) -> Result<Arc<Script>, ScriptError> {
    Script::load(path)
}

/// Every `*.lua` file in `dir`, sorted by file name: each loaded, or its error — one broken script does not stop
/// the others. A folder that cannot be read gives nothing.
pub fn load_dir(dir: &Path) -> Vec<Result<Arc<Script>, ScriptError>> {
    let mut paths: Vec<_> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "lua"))
            .collect(),
        Err(_) => Vec::new(),
    };
    paths.sort();
    paths.iter().map(|p| load(p)).collect()
}
