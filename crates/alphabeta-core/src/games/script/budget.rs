//! What one call from the studio into a script may spend: instructions, library work, wall-clock time and memory.
//!
//! The count hook charges every [`HOOK_EVERY`] instructions, once a call has run long enough for the watchdog to
//! set it (`watchdog.rs`: 10–20 ms; set from the start, it would cost a third of every call); the sandbox's wrappers of the library functions that
//! can do much work in one call (`string.rep`, pattern matching, `table.sort`, …, see `fence.lua`) charge that work
//! before it starts, through [`Budget::charge`]. Both look at the clock and the memory too. Once a call is over
//! its budget, it is *spent*: the hook raises the same error at every later check, and the sandbox's `pcall`,
//! `xpcall` and `load` re-raise it, so nothing in the script can catch it and carry on — the call ends and the
//! error comes back to Rust.

use mlua::{Lua, VmState};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How many Lua instructions (or units of library work) one call from the studio into the script (one move
/// played, one list of moves, one evaluation) may run before it is stopped: about a tenth of a second. Loading
/// the file gets the same budget.
pub const INSTRUCTION_BUDGET: u64 = 20_000_000;

/// The wall-clock time one call may take, whatever it spends its time on: a backstop to the instruction budget for
/// work no counter sees (the collector, a slow machine). Generous, so that a busy machine does not stop a call
/// that keeps to its instructions: filling the 64 MiB with small tables takes 0.7 s of collector work on a machine
/// with five threads per core.
pub const CALL_TIME_LIMIT: Duration = Duration::from_secs(3);

/// The memory a script may use, in bytes. The hook stops a script that grows past it between two checks with a
/// message naming the line; the allocator refuses outright at twice this (a single huge allocation).
pub const MEMORY_LIMIT: usize = 64 << 20;

/// How often the hook runs, in instructions, once set: often enough that even instructions that each copy a long
/// string cannot run for long between two looks at the clock. (Lua's price for a count hook is paid on every
/// instruction whatever the count: a coarser count saves nothing, hence the watchdog.)
pub const HOOK_EVERY: u32 = 1_000;

/// Library work below this many units is not charged: the call costs less than charging it would.
pub const CHARGE_FROM: u64 = 4_096;

/// The frames of the script's call stack a message lists.
const FRAMES_SHOWN: usize = 6;

/// One call's account, shared by the hook and the charging function of one Lua state.
#[derive(Debug)]
pub struct Budget {
    spent: AtomicU64,
    epoch: Instant,
    /// When the current call must end, in nanoseconds since `epoch`.
    deadline: AtomicU64,
    time_limit: Duration,
    over: AtomicBool,
    /// The error that ended the call, raised again at every check until the call returns.
    message: Mutex<String>,
}

impl Budget {
    /// A budget whose calls may each take `time_limit`.
    pub fn new(time_limit: Duration) -> Arc<Budget> {
        Arc::new(Budget {
            spent: AtomicU64::new(0),
            epoch: Instant::now(),
            deadline: AtomicU64::new(u64::MAX),
            time_limit,
            over: AtomicBool::new(false),
            message: Mutex::new(String::new()),
        })
    }

    /// Starts a call: nothing spent, the clock from now.
    #[inline]
    pub fn renew(&self) {
        self.spent.store(0, Ordering::Relaxed);
        self.over.store(false, Ordering::Relaxed);
        let deadline = self.epoch.elapsed() + self.time_limit;
        self.deadline.store(u64::try_from(deadline.as_nanos()).unwrap_or(u64::MAX), Ordering::Relaxed);
    }

    /// The error that ended the current call, if it is over its budget.
    pub fn spent_message(&self) -> Option<String> {
        if !self.over.load(Ordering::Relaxed) {
            return None;
        }
        self.message.lock().ok().map(|m| m.clone())
    }

    /// Charges `units` of work (instructions, or a library call's bytes or steps) and checks time and memory: an
    /// error naming the script's line once the call is over any of them, and at every check after.
    pub fn charge(&self, lua: &Lua, units: f64) -> mlua::Result<VmState> {
        if let Some(message) = self.spent_message() {
            return Err(mlua::Error::runtime(message));
        }
        let units = if units.is_finite() && units > 0.0 { units.min(u64::MAX as f64 / 2.0) as u64 } else { 0 };
        let spent = self.spent.fetch_add(units, Ordering::Relaxed).saturating_add(units);
        let what = if spent > INSTRUCTION_BUDGET {
            format!(
                "stopped after {} million instructions in one call (an endless loop?)",
                INSTRUCTION_BUDGET / 1_000_000
            )
        } else if self.epoch.elapsed().as_nanos() > u128::from(self.deadline.load(Ordering::Relaxed)) {
            format!(
                "stopped after {} s in one call (an endless loop, or too much work in one call?)",
                self.time_limit.as_secs_f64()
            )
        } else if lua.used_memory() > MEMORY_LIMIT {
            format!("stopped: the script uses more than {} MiB of memory", MEMORY_LIMIT >> 20)
        } else {
            return Ok(VmState::Continue);
        };
        let message = where_in_script(lua, &what);
        if let Ok(mut kept) = self.message.lock() {
            kept.clone_from(&message);
        }
        self.over.store(true, Ordering::Relaxed);
        Err(mlua::Error::runtime(message))
    }
}

/// `file:line: what; call stack: …`: the line of the script that was running (not of the sandbox's wrappers or the
/// studio's driver, which the script did not write), then each of the script's frames, innermost first.
fn where_in_script(lua: &Lua, what: &str) -> String {
    let mut frames = Vec::new();
    let mut level = 0;
    while let Some(frame) = lua.inspect_stack(level, |debug| {
        let source = debug.source();
        let ours = source.what == "C" || matches!(source.source.as_deref(), Some("=sandbox" | "=driver"));
        (!ours).then(|| {
            let file = source.short_src.as_deref().unwrap_or("?").to_owned();
            let line = debug.current_line();
            let name = debug.names().name.map_or_else(
                || if source.what == "main" { "the file's main chunk".to_owned() } else { "a function".to_owned() },
                |n| n.into_owned(),
            );
            (file, line, name)
        })
    }) {
        frames.extend(frame);
        level += 1;
        if level > 200 {
            break;
        }
    }
    let Some((file, line, _)) = frames.first() else {
        return what.to_owned();
    };
    let line = line.map_or_else(|| "?".to_owned(), |l| l.to_string());
    let shown: Vec<String> = frames
        .iter()
        .take(FRAMES_SHOWN)
        .map(|(_, line, name)| match line {
            Some(line) => format!("{name} at line {line}"),
            None => name.clone(),
        })
        .collect();
    let more = if frames.len() > FRAMES_SHOWN { ", …" } else { "" };
    format!("{file}:{line}: {what}; call stack: {}{more}", shown.join(", called from "))
}
