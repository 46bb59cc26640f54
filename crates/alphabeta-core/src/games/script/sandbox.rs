//! The Lua state a script runs in, and the fences around it: only the `table`, `string`, `math` and `utf8`
//! libraries and the safe half of the base library; a memory limit; a budget per call from Rust into the script
//! (instructions, the library's work, wall-clock time: `budget.rs`), whose count hook is set only on a call that
//! runs long (`watchdog.rs`). Everything a script can do to escape or hang
//! ends as a Lua error with a message naming the file and line, which the caller turns into a
//! [`ScriptError`](super::ScriptError).
//!
//! Removed from the base library: `dofile` and `loadfile` (they read files), `collectgarbage` (a script has no
//! business tuning the collector or stopping it), `string.dump` (bytecode out). Fenced (`fence.lua`): `load`, for
//! text only (bytecode could corrupt the interpreter); `pcall` and `xpcall`, which cannot catch the error of a
//! spent budget; `setmetatable`, which refuses finalizers (`__gc`: they would run where no budget can stop them,
//! even when the state is closed); and the library functions that can work long in C, out of the hook's sight
//! (`string.rep`, `format`, pattern matching, `table.concat`, `sort`, …), which charge their work to the budget
//! or refuse a call that could not end in time. `print` writes to standard error, prefixed with the script's file
//! name, so a script can be debugged from a terminal. `math.random` is seeded with 0, so a script that uses it
//! behaves the same every run (the position's hash, a cloned game and a replayed game all depend on that).

use super::budget::{Budget, CALL_TIME_LIMIT, CHARGE_FROM, count_hook};
pub use super::budget::{CALL_TIME_MARGIN, INSTRUCTION_BUDGET, MEMORY_LIMIT};
use super::watchdog::Armable;
use mlua::{Lua, LuaOptions, StdLib};
use std::cell::Cell;
use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

/// The most steps a single pattern match may be able to take (see `fence.lua`): a few tens of milliseconds.
pub const PATTERN_STEPS: f64 = 1e7;

/// The longest line `print` writes, in bytes; the rest is cut.
const PRINT_LINE: usize = 1_000;

/// What one `print` costs, in instructions: a line on standard error takes as long as a thousand instructions.
const PRINT_COST: f64 = 1_000.0;

/// Whether a script's `print` could not be written to standard error during this run.
static PRINT_LOST: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether a script's `print` could not be written (standard error full or closed) during this run: a command
/// then ends with an error status.
pub fn print_lost() -> bool {
    PRINT_LOST.load(std::sync::atomic::Ordering::Relaxed)
}

/// A sandboxed Lua state, and the budget its hook and fences charge each call to.
pub struct Sandbox {
    /// The Lua state: the script's globals, and the driver's calls into them.
    pub lua: Lua,
    budget: Arc<Budget>,
    /// `table.unpack` without its fence, for the driver's own lists.
    raw_unpack: mlua::Function,
    /// The count hook, armed only on long calls.
    armable: Arc<Armable>,
    /// How many calls into the script have started.
    calls: Cell<u64>,
    /// The globals as the sandbox made them, before any script ran (the libraries copied too): the studio's driver
    /// runs in these, so a script that overrides `type` or `string.format` breaks only its own code.
    pub pristine: mlua::Table,
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        self.armable.retire();
    }
}

/// A call into the script in progress ([`Sandbox::new_budget`]); it ends when this is dropped.
#[must_use = "the call ends when this is dropped: keep it until the script's answer is read"]
pub struct Call<'a> {
    sandbox: &'a Sandbox,
}

impl Drop for Call<'_> {
    #[inline]
    fn drop(&mut self) {
        self.sandbox.armable.end_call();
    }
}

impl Sandbox {
    /// A fresh state with the safe libraries, the limits set and `print` going to standard error as `label: …`.
    pub fn new(label: &str) -> mlua::Result<Sandbox> {
        Sandbox::with_time_limit(label, CALL_TIME_LIMIT)
    }

    /// [`Sandbox::new`] with another wall-clock limit per call (tests use a short one).
    pub fn with_time_limit(label: &str, time_limit: Duration) -> mlua::Result<Sandbox> {
        let lua = Lua::new_with(StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8, LuaOptions::default())?;
        let globals = lua.globals();
        for name in ["dofile", "loadfile", "collectgarbage", "require", "module", "package", "io", "os", "debug"] {
            globals.raw_set(name, mlua::Nil)?;
        }
        let string: mlua::Table = globals.get("string")?;
        string.raw_set("dump", mlua::Nil)?;
        let budget = Budget::new(time_limit);
        let spent = {
            let budget = Arc::clone(&budget);
            lua.create_function(move |_, ()| Ok(budget.spent_message()))?
        };
        let charge = {
            let budget = Arc::clone(&budget);
            lua.create_function(move |lua, units: f64| budget.charge(lua, units).map(|_| ()))?
        };
        let fence = include_str!("fence.lua")
            .replace("CHARGE_FROM_VALUE", &CHARGE_FROM.to_string())
            .replace("PATTERN_STEPS_VALUE", &format!("{PATTERN_STEPS:e}"));
        let raw_unpack: mlua::Function =
            lua.load(fence).set_name("=sandbox").call((spent, charge, super::budget::MEMORY_LIMIT))?;
        let math: mlua::Table = globals.get("math")?;
        let seed: mlua::Function = math.get("randomseed")?;
        seed.call::<()>(0)?;
        let label = label.to_owned();
        let print = {
            let budget = Arc::clone(&budget);
            lua.create_function(move |lua, args: mlua::Variadic<mlua::Value>| {
                budget.charge(lua, PRINT_COST)?;
                // A `__tostring` that fails (or runs out of budget) fails the print: its error is not swallowed.
                let words = args.iter().map(|v| v.to_string()).collect::<mlua::Result<Vec<String>>>()?;
                let mut line = words.join("\t");
                if line.len() > PRINT_LINE {
                    let cut = (0..=PRINT_LINE).rev().find(|&i| line.is_char_boundary(i)).unwrap_or(0);
                    line.truncate(cut);
                    line.push_str(" …");
                }
                // Standard error full or closed: the line is lost, the script goes on, and the command is told.
                if writeln!(std::io::stderr().lock(), "{label}: {line}").is_err() {
                    PRINT_LOST.store(true, std::sync::atomic::Ordering::Relaxed);
                }
                Ok(())
            })?
        };
        globals.raw_set("print", print)?;
        lua.set_memory_limit(2 * super::budget::MEMORY_LIMIT)?;
        // SAFETY: the main state, not running, on this thread.
        unsafe { lua.exec_raw::<()>((), |state| super::memory::share_the_limit(state))? };
        let pristine = lua.create_table()?;
        for pair in globals.pairs::<mlua::Value, mlua::Value>() {
            let (key, value) = pair?;
            let value = match &value {
                mlua::Value::Table(library) if key != mlua::Value::String(lua.create_string("_G")?) => {
                    let copy = lua.create_table()?;
                    for entry in library.pairs::<mlua::Value, mlua::Value>() {
                        let (k, v) = entry?;
                        copy.raw_set(k, v)?;
                    }
                    mlua::Value::Table(copy)
                }
                _ => value,
            };
            pristine.raw_set(key, value)?;
        }
        // The hook's first look comes after one instruction: its count grows while instructions are quick.
        let armable = Armable::new(&lua, &budget, count_hook, 1)?;
        Ok(Sandbox { lua, budget, raw_unpack, armable, calls: Cell::new(0), pristine })
    }

    /// Starts a call into the script with a fresh budget (instructions, time and a clean slate), watched until the
    /// answer is dropped: everything that may run the script's code (metamethods included) must happen before.
    #[inline]
    pub fn new_budget(&self) -> Call<'_> {
        self.calls.set(self.calls.get() + 1);
        self.budget.renew();
        self.armable.start_call();
        Call { sandbox: self }
    }

    /// Runs `f` as one call into the script with a fresh budget, as [`Sandbox::new_budget`] does, but with `hook`
    /// set for the whole call on every line and every [`HOOK_EVERY`](super::budget::HOOK_EVERY) instructions:
    /// `hook` hands the count events to [`count_hook`], which charges the budget as on any call. The watchdog
    /// leaves such a call alone (its hook is set already), and the next call starts as usual.
    pub(super) fn traced_call<R>(&self, hook: mlua::ffi::lua_Hook, f: impl FnOnce() -> R) -> R {
        self.calls.set(self.calls.get() + 1);
        self.budget.renew();
        self.armable.hook_one_call(hook);
        let answer = f();
        self.armable.after_hooked_call();
        answer
    }

    /// How many calls into the script have started ([`Sandbox::new_budget`]) since the state was made.
    pub fn calls(&self) -> u64 {
        self.calls.get()
    }

    /// Whether the budget's count hook is set on the Lua state now: only during a call that has run long (see
    /// `watchdog.rs`), or always where calls cannot be watched.
    pub fn hooked(&self) -> bool {
        hooked(&self.lua)
    }

    /// `table.unpack` without the fence that charges long lists, for the studio's driver.
    pub fn raw_unpack(&self) -> &mlua::Function {
        &self.raw_unpack
    }

    /// The message of a call that failed: the budget's own message when the call ran out of it (whatever error the
    /// script raised while it was being stopped), else [`describe_in`].
    pub fn describe_failure(&self, error: &mlua::Error, at: &str) -> String {
        self.budget.spent_message().unwrap_or_else(|| describe_in(error, at))
    }
}

/// Whether `lua` has a hook set now.
pub fn hooked(lua: &Lua) -> bool {
    let mut mask = 0;
    // SAFETY: reads the hook mask of the state, on the thread that uses it.
    let read = unsafe { lua.exec_raw::<()>((), |state| mask = mlua::ffi::lua_gethookmask(state)) };
    read.is_ok() && mask != 0
}

/// [`describe`], with `at` (`file:line` of the script's function that was running) put in front of a message that
/// names no line of its own: running out of memory at the allocator stops Lua without one.
pub fn describe_in(error: &mlua::Error, at: &str) -> String {
    let text = describe(error);
    if is_memory(error) || !names_a_line(&text) {
        // A value that is no message (`error({})`, `error()`) is said as such, at the function that raised it.
        let text = if text.starts_with("table: 0x") || text.starts_with("userdata: 0x") {
            format!("an error raised with a {}, not a message", text.split(':').next().unwrap_or("value"))
        } else if text == "nil" || text.is_empty() {
            "an error raised with no message".to_owned()
        } else {
            text
        };
        return format!("{at}: {text}");
    }
    text
}

/// Whether `text` starts with `file:line: `, as Lua's messages do.
fn names_a_line(text: &str) -> bool {
    let Some((head, _)) = text.split_once(": ") else { return false };
    let Some((file, line)) = head.rsplit_once(':') else { return false };
    !file.is_empty() && !line.is_empty() && line.bytes().all(|b| b.is_ascii_digit())
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
        mlua::Error::MemoryError(_) if super::memory::nearly_full() => format!(
            "out of memory: all the games' scripts together hold the {} MiB the studio gives them",
            super::memory::ALL_STATES_LIMIT >> 20
        ),
        mlua::Error::MemoryError(_) => format!("out of memory: the script uses more than {} MiB", MEMORY_LIMIT >> 20),
        mlua::Error::CallbackError { cause, .. } => return describe(cause),
        mlua::Error::WithContext { cause, .. } => return describe(cause),
        other => other.to_string(),
    };
    let text = text.split("\nstack traceback:").next().unwrap_or_default();
    let line = text.lines().next().unwrap_or_default().trim();
    // Lua's own words when the allocator refused, raised again at the script's line by the sandbox's fences.
    if line.ends_with("not enough memory") && super::memory::nearly_full() {
        return format!(
            "{line}: all the games' scripts together hold the {} MiB the studio gives them",
            super::memory::ALL_STATES_LIMIT >> 20
        );
    }
    line.to_owned()
}
