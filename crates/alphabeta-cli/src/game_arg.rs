//! A game named on the command line, and a position in it: every command reads them here, through the registry
//! (`games/*.ron` and the built-in games) and the one list of families (`crate::families`), so every game the studio
//! offers is accepted and no command names a family.

use super::CommandError;
use alphabeta_core::games::any::AnyGame;
use alphabeta_core::games::registry::{AiDefaults, Registry, Rules};

/// The game an id names: its rules, and its AI defaults when it is a registered game.
pub struct NamedGame {
    pub rules: Rules,
    pub ai: Option<AiDefaults>,
}

/// The game called `id`: a registered game's id (`alphabeta-studio games` lists them), or an id a family accepts on
/// the command line (`connect-four-WxH`, `othello-NxN`, `kiwipete`).
///
/// # Errors
/// An unknown id, with the ids known; a game file that does not load, with its error; impossible parameters
/// (`connect-four-9x9`).
pub fn named_game(id: &str) -> Result<NamedGame, CommandError> {
    let registry = Registry::standard();
    if let Some(entry) = registry.find(id) {
        return Ok(NamedGame { rules: entry.variant.rules.clone(), ai: Some(entry.variant.ai.clone()) });
    }
    let families = alphabeta_core::games::families::FAMILIES;
    if let Some(rules) = families.iter().find_map(|family| family.command_line_rules(id)) {
        return Ok(NamedGame { rules: rules.map_err(|e| CommandError(format!("game '{id}': {e}")))?, ai: None });
    }
    Err(not_found(&registry, id))
}

/// Why `id` names no game of `registry`: the error of the game file of that name, when one did not load
/// (`games/x.lua:159: 'then' expected …`), else every id known — the files' games, the built-in ones, and the
/// patterns families accept — and the folder the files were read from: a working folder with a `games/` of its own
/// hides the shipped games' files, and the message says where they are.
pub fn not_found(registry: &Registry, id: &str) -> CommandError {
    if let Some(broken) = registry.errors.iter().find(|e| e.path.file_stem().is_some_and(|stem| stem == id)) {
        return CommandError(broken.line());
    }
    let mut known: Vec<&str> = registry.entries.iter().map(|e| e.variant.id.as_str()).collect();
    let families = alphabeta_core::games::families::FAMILIES;
    known.extend(families.iter().flat_map(|family| family.command_line_ids().iter().copied()));
    CommandError(format!("unknown game '{id}' (known: {}){}", known.join(", "), folder_words(registry.dir.as_deref())))
}

/// Where the game files were read from, and how to reach the shipped ones when that was another folder.
fn folder_words(dir: Option<&std::path::Path>) -> String {
    let Some(dir) = dir else { return String::new() };
    let shipped = alphabeta_core::games::registry::shipped_dir();
    let read = format!("; game files read from {}", dir.display());
    let same = |a: &std::path::Path, b: &std::path::Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    };
    if !shipped.is_dir() || same(dir, &shipped) {
        return read;
    }
    format!(
        "{read}; the shipped games are in {}: copy their files into that folder, or pass --games-dir {} (or set \
         {})",
        shipped.display(),
        shipped.display(),
        alphabeta_core::games::registry::GAMES_DIR_VARIABLE
    )
}

/// The position to start from: the start, or `from` in the family's usual notation, then the moves named in
/// `moves` (separated by commas) played from there.
///
/// # Errors
/// A position the family cannot read, or a move name that is not legal where it is played, each named.
pub fn position(rules: &Rules, from: Option<&str>, moves: Option<&str>) -> Result<AnyGame, CommandError> {
    let mut game = match from {
        Some(text) => rules.read_position(text).map_err(|e| CommandError(format!("position '{text}': {e}")))?,
        None => rules.new_game().map_err(CommandError)?,
    };
    if let Some(line) = moves {
        game.play_names(line).map_err(|e| CommandError(format!("moves '{line}': {e}")))?;
    }
    Ok(game)
}
