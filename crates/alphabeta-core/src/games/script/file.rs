//! A script file read and checked once: its metadata (id, name, sides, AI defaults, value bounds, board shape), its
//! text (every game played from it starts a fresh Lua state from this text), and where each of its functions is
//! defined, for error messages.

use super::ScriptError;
use super::board::BoardShape;
use super::game::as_real;
use super::sandbox::{Sandbox, describe};
use crate::engine::game::Value;
use crate::games::family::{AiDefaults, LevelSetting};
use crate::games::levels::LEVELS;
use mlua::{Table, Value as LuaValue};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

/// The longest name a side may have, in bytes: names are shown on the board's caption, in lists and records.
pub const SIDE_NAME_BYTES: usize = 64;

/// The functions every game must define.
pub const REQUIRED: [&str; 5] = ["start", "turn", "moves", "play", "result"];
/// The functions a game may define.
pub const OPTIONAL: [&str; 7] = ["undo", "evaluate", "chances", "key", "move_name", "draw", "click"];

/// A script's text and what it declares.
#[derive(Debug, PartialEq)]
pub struct Script {
    /// The file as messages name it, `games/nim.lua`.
    pub file: String,
    /// The Lua text, as read.
    pub source: String,
    /// Short and stable: the command line and saved sessions name the game by it (the file's name if not declared).
    pub id: String,
    /// What the window shows (the id if not declared).
    pub name: String,
    /// A sentence or two for the game list; empty if not declared.
    pub description: String,
    /// What the first and second player are called.
    pub sides: [String; 2],
    /// The AI's defaults from the script's `ai` table, the usual ones where it says nothing.
    pub ai: AiDefaults,
    /// Bounds on every result and evaluation, from the first player's point of view (infinite if not given).
    pub bounds: (Value, Value),
    /// The board's shape for the window; `None` if the script declares none, and then the window cannot draw it.
    pub board: Option<BoardShape>,
    /// `file:line` where each function the script defines starts.
    pub at: BTreeMap<&'static str, String>,
}

impl Script {
    /// Reads and checks the script at `path`; the messages name the file as `path` is written.
    pub fn load(path: &Path) -> Result<Arc<Script>, ScriptError> {
        let file = path.display().to_string();
        let source = std::fs::read_to_string(path)
            .map_err(|e| ScriptError::new(format!("{file}: cannot read the file: {e}")))?;
        let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        Script::from_source(&file, &stem, source)
    }

    /// Checks the script `source`, named `file` in messages; `default_id` is its id if it declares none. The script
    /// is run once, and a game started from it, so a broken `start` is found here.
    pub fn from_source(file: &str, default_id: &str, source: String) -> Result<Arc<Script>, ScriptError> {
        let sandbox = Sandbox::new(file).map_err(|e| ScriptError::new(format!("{file}: {}", describe(&e))))?;
        run_chunk(&sandbox, file, &source)?;
        let globals = sandbox.lua.globals();
        let fail = |what: String| ScriptError::new(format!("{file}: {what}"));
        let text = |key: &str, default: &str| -> Result<String, ScriptError> {
            match globals.raw_get::<LuaValue>(key) {
                Ok(LuaValue::Nil) => Ok(default.to_owned()),
                Ok(LuaValue::String(s)) => Ok(s.to_string_lossy()),
                Ok(other) => Err(fail(format!("`{key}` is {}, but it must be a string", other.type_name()))),
                Err(e) => Err(fail(describe(&e))),
            }
        };
        let id = text("id", default_id)?;
        if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Err(fail(format!("the id {id:?} must be letters, digits, '-' and '_' only")));
        }
        let name = text("name", &id)?;
        let description = text("description", "")?;
        let sides = read_sides(&globals).map_err(fail)?;
        let ai = read_ai(&globals).map_err(fail)?;
        let bounds = read_bounds(&globals).map_err(fail)?;
        let board = match globals.raw_get::<LuaValue>("board") {
            Ok(LuaValue::Nil) => None,
            Ok(LuaValue::Table(t)) => Some(BoardShape::read(&t).map_err(fail)?),
            Ok(other) => return Err(fail(format!("`board` is {}, but it must be a table", other.type_name()))),
            Err(e) => return Err(fail(describe(&e))),
        };
        let mut at = BTreeMap::new();
        for (required, names) in [(true, &REQUIRED[..]), (false, &OPTIONAL[..])] {
            for &key in names {
                match globals.raw_get::<LuaValue>(key) {
                    Ok(LuaValue::Function(f)) => {
                        let line = f.info().line_defined.map_or_else(String::new, |l| format!(":{l}"));
                        at.insert(key, format!("{file}{line}"));
                    }
                    Ok(LuaValue::Nil) if !required => {}
                    Ok(LuaValue::Nil) => {
                        return Err(fail(format!(
                            "the script defines no function `{key}` (every game needs start, turn, moves, play and \
                             result)"
                        )));
                    }
                    Ok(other) => {
                        return Err(fail(format!("`{key}` is {}, but it must be a function", other.type_name())));
                    }
                    Err(e) => return Err(fail(describe(&e))),
                }
            }
        }
        let script =
            Arc::new(Script { file: file.to_owned(), source, id, name, description, sides, ai, bounds, board, at });
        script.new_game()?;
        Ok(script)
    }

    /// `file:line` of the function `name`, or the file alone if the script does not define it.
    pub fn at(&self, name: &str) -> &str {
        self.at.get(name).map_or(self.file.as_str(), String::as_str)
    }

    /// True when the script defines the function `name` (one of `REQUIRED` or `OPTIONAL`).
    pub fn defines(&self, name: &str) -> bool {
        self.at.contains_key(name)
    }
}

/// Runs the script's text in `sandbox`, as a text chunk named after the file (so Lua's messages say `file:line:`).
pub fn run_chunk(sandbox: &Sandbox, file: &str, source: &str) -> Result<(), ScriptError> {
    // A `#!` first line (a script made executable) is a comment, as Lua's own interpreter takes it; the lines keep
    // their numbers.
    let source = match source.strip_prefix('#') {
        Some(rest) => std::borrow::Cow::Owned(format!("-- {rest}")),
        None => std::borrow::Cow::Borrowed(source),
    };
    let _call = sandbox.new_budget();
    sandbox
        .lua
        .load(source.as_ref())
        .set_name(format!("@{file}"))
        .set_mode(mlua::chunk::ChunkMode::Text)
        .exec()
        .map_err(|e| ScriptError::new(sandbox.describe_failure(&e, file)))
}

fn read_sides(globals: &Table) -> Result<[String; 2], String> {
    let default = || ["First".to_owned(), "Second".to_owned()];
    match globals.raw_get::<LuaValue>("sides") {
        Ok(LuaValue::Nil) => Ok(default()),
        Ok(LuaValue::Table(t)) => {
            let first: Option<String> = t.raw_get(1).ok();
            let second: Option<String> = t.raw_get(2).ok();
            match (first, second) {
                (Some(a), Some(b))
                    if a.len().max(b.len()) > SIDE_NAME_BYTES || a.contains('\n') || b.contains('\n') =>
                {
                    Err(format!("`sides` names must be one line of at most {SIDE_NAME_BYTES} bytes each"))
                }
                (Some(a), Some(b)) => Ok([a, b]),
                _ => Err("`sides` must be two names, as in sides = {\"White\", \"Black\"}".into()),
            }
        }
        Ok(other) => Err(format!("`sides` is {}, but it must be a list of two names", other.type_name())),
        Err(e) => Err(describe(&e)),
    }
}

fn read_bounds(globals: &Table) -> Result<(Value, Value), String> {
    match globals.raw_get::<LuaValue>("bounds") {
        Ok(LuaValue::Nil) => Ok((Value::NEG_INFINITY, Value::INFINITY)),
        Ok(LuaValue::Table(t)) => {
            let low: Option<f64> = t.raw_get(1).ok();
            let high: Option<f64> = t.raw_get(2).ok();
            match (low, high) {
                (Some(low), Some(high)) if low < high => Ok((low, high)),
                _ => Err("`bounds` must be two numbers, the lowest and highest score, as in bounds = {-1, 1}".into()),
            }
        }
        Ok(other) => Err(format!("`bounds` is {}, but it must be two numbers such as {{-1, 1}}", other.type_name())),
        Err(e) => Err(describe(&e)),
    }
}

/// The `ai` table, every field optional, as in the `.ron` files: `ai = { level = 5, depth = {1, 12},
/// time_ms = {100, 2000}, nodes = {1000, 1000000}, tt_mib = 16, mistakes = 0.5 }`, and `levels` ([`read_levels`]).
fn read_ai(globals: &Table) -> Result<AiDefaults, String> {
    let mut ai = AiDefaults::default();
    let table = match globals.raw_get::<LuaValue>("ai") {
        Ok(LuaValue::Nil) => return Ok(ai),
        Ok(LuaValue::Table(t)) => t,
        Ok(other) => return Err(format!("`ai` is {}, but it must be a table", other.type_name())),
        Err(e) => return Err(describe(&e)),
    };
    let bad = |field: &str, what: &str| format!("`ai.{field}` must be {what}");
    for pair in table.pairs::<String, LuaValue>() {
        let (field, value) = pair.map_err(|e| describe(&e))?;
        let pair_of = |value: &LuaValue| -> Option<(i64, i64)> {
            let t = value.as_table()?;
            Some((t.raw_get::<i64>(1).ok()?, t.raw_get::<i64>(2).ok()?))
        };
        match field.as_str() {
            "level" => match value.as_integer() {
                Some(level @ 1..=10) => ai.level = level as u8,
                _ => return Err(bad("level", "a whole number from 1 to 10")),
            },
            "depth" => match pair_of(&value) {
                Some((a, b)) if 1 <= a && a <= b && b <= 1000 => ai.depth = (a as u32, b as u32),
                _ => return Err(bad("depth", "two depths in plies, as in {1, 12}")),
            },
            "time_ms" => match pair_of(&value) {
                Some((a, b)) if 1 <= a && a <= b => ai.time_ms = (a as u64, b as u64),
                _ => return Err(bad("time_ms", "two times in milliseconds, as in {100, 2000}")),
            },
            "nodes" => match pair_of(&value) {
                Some((a, b)) if 1_000 <= a && a <= b => ai.nodes = Some((a as u64, b as u64)),
                _ => return Err(bad("nodes", "two node budgets, 1000 or more, as in {1000, 1000000}")),
            },
            "tt_mib" => match value.as_integer() {
                Some(mib @ 1..=4096) => ai.tt_mib = mib as usize,
                _ => return Err(bad("tt_mib", "a size in MiB from 1 to 4096")),
            },
            "mistakes" => match as_real(&value) {
                Some(m) if m >= 0.0 && m.is_finite() => ai.mistakes = m,
                _ => return Err(bad("mistakes", "a number, 0 or more")),
            },
            "levels" => ai.levels = read_levels(&value)?,
            other => {
                return Err(format!(
                    "`ai.{other}` is not a setting (level, depth, time_ms, nodes, tt_mib, mistakes, levels)"
                ));
            }
        }
    }
    Ok(ai)
}

/// `ai.levels`: the ten levels listed outright, as in the `.ron` files — `{ {depth = 1, mistakes = 4}, …,
/// {nodes = 100000} }`, each field optional. The ranges are checked with the rest of the settings
/// ([`AiDefaults::validate`]); here only the shape.
fn read_levels(value: &LuaValue) -> Result<Vec<LevelSetting>, String> {
    let bad =
        || "`ai.levels` must be a list of ten tables such as {depth = 1, nodes = 5000, mistakes = 0.5}".to_string();
    let list = value.as_table().ok_or_else(bad)?;
    let count = list.raw_len();
    if count != LEVELS.len() {
        return Err(format!("`ai.levels` lists {count} levels: list all ten, level 1 first"));
    }
    let mut levels = Vec::with_capacity(count);
    for i in 1..=count {
        let entry: Table = list.raw_get(i).map_err(|_| bad())?;
        let mut level = LevelSetting::default();
        for pair in entry.pairs::<String, LuaValue>() {
            let (field, value) = pair.map_err(|e| describe(&e))?;
            let whole = || value.as_integer().filter(|&n| n >= 0);
            match field.as_str() {
                "depth" => level.depth = Some(whole().and_then(|n| u32::try_from(n).ok()).ok_or_else(bad)?),
                "nodes" => level.nodes = Some(whole().map(|n| n as u64).ok_or_else(bad)?),
                "mistakes" => level.mistakes = Some(as_real(&value).ok_or_else(bad)?),
                other => return Err(format!("`ai.levels[{i}].{other}` is not a setting (depth, nodes, mistakes)")),
            }
        }
        levels.push(level);
    }
    Ok(levels)
}
