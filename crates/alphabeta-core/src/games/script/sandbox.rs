//! The Lua state a script runs in, and the fences around it: only the `table`, `string`, `math` and `utf8`
//! libraries and the safe half of the base library; a memory limit; an instruction budget per call from Rust into
//! the script. Everything a script can do to escape or hang ends as a Lua error with a message naming the file and
//! line, which the caller turns into a [`ScriptError`](super::ScriptError).
//!
//! Removed from the base library: `dofile` and `loadfile` (they read files), `collectgarbage` (a script has no
//! business tuning the collector or stopping it), `string.dump` (bytecode out). Kept: `load`, but only for text —
//! a wrapper forces mode `"t"` and raises an error naming the caller's line for a string of bytecode, which could
//! corrupt the interpreter. `print`
//! writes to standard error, prefixed with the script's file name, so a script can be debugged from a terminal.
//! `math.random` is seeded with 0, so a script that uses it behaves the same every run (the position's hash, a
//! cloned game and a replayed game all depend on that).

use mlua::{HookTriggers, Lua, LuaOptions, StdLib, VmState};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

/// The memory a script may use, in bytes. The hook stops a script that grows past it between two checks with a
/// message naming the line; the allocator refuses outright at twice this (a single huge allocation).
pub const MEMORY_LIMIT: usize = 64 << 20;

/// How many Lua instructions one call from the studio into the script (one move played, one list of moves, one
/// evaluation) may run before it is stopped: about a tenth of a second. Loading the file gets the same budget.
pub const INSTRUCTION_BUDGET: u32 = 20_000_000;

/// How often the hook runs, in instructions: rarely enough to cost little, often enough to stop a loop at once.
const HOOK_EVERY: u32 = 10_000;

/// A sandboxed Lua state, and the counter its hook charges each call's instructions to.
pub struct Sandbox {
    pub lua: Lua,
    spent: Arc<AtomicU32>,
}

impl Sandbox {
    /// A fresh state with the safe libraries, the limits set and `print` going to standard error as `label: …`.
    pub fn new(label: &str) -> mlua::Result<Sandbox> {
        let lua = Lua::new_with(StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8, LuaOptions::default())?;
        let globals = lua.globals();
        for name in ["dofile", "loadfile", "collectgarbage", "require", "module", "package", "io", "os", "debug"] {
            globals.raw_set(name, mlua::Nil)?;
        }
        let string: mlua::Table = globals.get("string")?;
        string.raw_set("dump", mlua::Nil)?;
        lua.load(TEXT_ONLY_LOAD.replace("LIMIT", &MEMORY_LIMIT.to_string())).set_name("=sandbox").exec()?;
        let math: mlua::Table = globals.get("math")?;
        let seed: mlua::Function = math.get("randomseed")?;
        seed.call::<()>(0)?;
        let label = label.to_owned();
        let print = lua.create_function(move |_, args: mlua::Variadic<mlua::Value>| {
            let words: Vec<String> = args.iter().map(|v| v.to_string().unwrap_or_else(|_| "?".into())).collect();
            eprintln!("{label}: {}", words.join("\t"));
            Ok(())
        })?;
        globals.raw_set("print", print)?;
        lua.set_memory_limit(2 * MEMORY_LIMIT)?;
        let spent = Arc::new(AtomicU32::new(0));
        let counter = Arc::clone(&spent);
        lua.set_hook(HookTriggers::new().every_nth_instruction(HOOK_EVERY), move |lua, debug| {
            let over_budget = counter.fetch_add(1, Ordering::Relaxed) >= INSTRUCTION_BUDGET / HOOK_EVERY;
            let over_memory = lua.used_memory() > MEMORY_LIMIT;
            if !over_budget && !over_memory {
                return Ok(VmState::Continue);
            }
            let source = debug.source();
            let file = source.short_src.as_deref().unwrap_or("?").to_owned();
            let line = debug.current_line().map_or_else(|| "?".to_owned(), |l| l.to_string());
            let what = if over_budget {
                format!(
                    "stopped after {} million instructions in one call (an endless loop?)",
                    INSTRUCTION_BUDGET / 1_000_000
                )
            } else {
                format!("stopped: the script uses more than {} MiB of memory", MEMORY_LIMIT >> 20)
            };
            Err(mlua::Error::runtime(format!("{file}:{line}: {what}")))
        })?;
        Ok(Sandbox { lua, spent })
    }

    /// Gives the next call a fresh instruction budget.
    #[inline]
    pub fn new_budget(&self) {
        self.spent.store(0, Ordering::Relaxed);
    }
}

/// `load` for text only: bytecode could corrupt the interpreter, so mode `"t"` is forced whatever the caller asks.
/// `string.rep` is fenced too: one call could otherwise ask for gigabytes at once, past any check between
/// instructions, and the message would not say where.
const TEXT_ONLY_LOAD: &str = r#"
local raw_load, raw_rep, limit = load, string.rep, LIMIT
load = function(chunk, name, mode, env)
  if type(chunk) == "string" and chunk:byte(1) == 27 then
    error("load refuses bytecode: a script may load only Lua text", 2)
  end
  if env == nil then env = _ENV end
  return raw_load(chunk, name, "t", env)
end
string.rep = function(s, n, sep)
  local size = #tostring(s) * math.max(tonumber(n) or 0, 0) + #tostring(sep or "") * math.max((tonumber(n) or 0) - 1, 0)
  if size > limit then
    error(string.format("string.rep would make a string of %.0f bytes, more than the %d MiB a script may use",
      size, limit // (1024 * 1024)), 2)
  end
  return raw_rep(s, n, sep)
end
"#;

/// [`describe`], with `at` (`file:line` of the script's function that was running) put in front of a message that
/// names no line of its own: running out of memory at the allocator stops Lua without one.
pub fn describe_in(error: &mlua::Error, at: &str) -> String {
    if is_memory(error) { format!("{at}: {}", describe(error)) } else { describe(error) }
}

fn is_memory(error: &mlua::Error) -> bool {
    match error {
        mlua::Error::MemoryError(_) => true,
        mlua::Error::CallbackError { cause, .. } | mlua::Error::WithContext { cause, .. } => is_memory(cause),
        _ => false,
    }
}

/// The one-line message of a Lua error: the script's own `file:line: message`, without mlua's wrapping and the
/// stack traceback.
pub fn describe(error: &mlua::Error) -> String {
    let text = match error {
        mlua::Error::RuntimeError(message) => message.clone(),
        mlua::Error::SyntaxError { message, .. } => message.clone(),
        mlua::Error::MemoryError(_) => format!("out of memory: the script uses more than {} MiB", MEMORY_LIMIT >> 20),
        mlua::Error::CallbackError { cause, .. } => return describe(cause),
        mlua::Error::WithContext { cause, .. } => return describe(cause),
        other => other.to_string(),
    };
    let text = text.split("\nstack traceback:").next().unwrap_or_default();
    text.lines().next().unwrap_or_default().trim().to_owned()
}
