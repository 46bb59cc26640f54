//! What one call from the studio into a script may spend: instructions, library work, wall-clock time and memory.
//!
//! The count hook charges the instructions run since its last look, once a call has run long enough for the watchdog
//! to set it (`watchdog.rs`: 10–20 ms; set from the start, it would cost a third of every call). It looks every
//! [`HOOK_EVERY`] instructions while they are quick, and after every instruction once they are slow: one instruction
//! can make the C library work on a string of tens of megabytes (`tonumber(s)`, `s:sub(2)`, `..`), so a call ends
//! soon past its limit (tens of milliseconds; at most [`CALL_TIME_MARGIN`]). The
//! sandbox's wrappers of the library functions that
//! can do much work in one call (`string.rep`, pattern matching, `table.sort`, …, see `fence.lua`) charge that work
//! before it starts, through [`Budget::charge`]. Both look at the clock and the memory too. Once a call is over
//! its budget, it is *spent*: the hook raises the same error at every later check, and the sandbox's `pcall`,
//! `xpcall` and `load` re-raise it, so nothing in the script can catch it and carry on — the call ends and the
//! error comes back to Rust.

use mlua::ffi;
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

/// How often the hook runs, in instructions, once set while instructions are quick. When it has not looked for a
/// tick (instructions each making C work on long strings), the watchdog makes it look after every instruction, and
/// it goes back to this count after a window quicker than [`HOOK_WINDOW`]. (Lua's price for a count hook is paid
/// on every instruction whatever the count: a coarser count saves nothing, hence the watchdog.)
pub const HOOK_EVERY: u32 = 1_000;

/// A window of instructions quicker than this puts the hook back to [`HOOK_EVERY`] instructions a look.
pub const HOOK_WINDOW: Duration = Duration::from_millis(1);

/// How far past its time limit a call may run, as the docs state it: the watchdog's wait before it makes the hook
/// look after every instruction (the watchdog's 50 ms and a tick), the one instruction running then
/// (the C library on the largest string a script can make: tens of milliseconds, a few times that on a busy
/// machine), and the collector's work at the limit.
pub const CALL_TIME_MARGIN: Duration = Duration::from_secs(1);

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
    /// When the hook last looked (or the call started), in nanoseconds since `epoch`.
    last_look: AtomicU64,
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
            last_look: AtomicU64::new(0),
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
        let now = self.epoch.elapsed();
        self.last_look.store(nanos(now), Ordering::Relaxed);
        self.deadline.store(nanos(now + self.time_limit), Ordering::Relaxed);
    }

    /// The error that ended the current call, if it is over its budget.
    pub fn spent_message(&self) -> Option<String> {
        if !self.over.load(Ordering::Relaxed) {
            return None;
        }
        self.message.lock().ok().map(|m| m.clone())
    }

    /// Charges `units` of work (a library call's bytes or steps, a `print`) from a Rust function the script
    /// called, and checks time and memory: an error naming the script's line once the call is over any of them,
    /// and at every check after.
    pub fn charge(&self, lua: &Lua, units: f64) -> mlua::Result<VmState> {
        if let Some(message) = self.spent_message() {
            return Err(mlua::Error::runtime(message));
        }
        let Some(what) = self.over(units, lua.used_memory()) else {
            return Ok(VmState::Continue);
        };
        let mut message = what.clone();
        // SAFETY: reads the call stack of the state the protected call runs in, on this thread.
        let read = unsafe { lua.exec_raw::<()>((), |state| message = where_in_script(state, &what)) };
        if read.is_err() {
            message = what;
        }
        Err(mlua::Error::runtime(self.spend(message)))
    }

    /// Adds `units` to what the call has spent, and says what it is over, if anything: instructions, time (the
    /// real time taken, which work in C between two checks can carry past the limit) or memory.
    fn over(&self, units: f64, memory: usize) -> Option<String> {
        let units = if units.is_finite() && units > 0.0 { units.min(u64::MAX as f64 / 2.0) as u64 } else { 0 };
        let spent = self.spent.fetch_add(units, Ordering::Relaxed).saturating_add(units);
        let now = self.epoch.elapsed();
        let deadline = Duration::from_nanos(self.deadline.load(Ordering::Relaxed));
        if spent > INSTRUCTION_BUDGET {
            Some(format!(
                "stopped after {} million instructions in one call (an endless loop?)",
                INSTRUCTION_BUDGET / 1_000_000
            ))
        } else if now > deadline {
            let took = (now + self.time_limit).saturating_sub(deadline);
            Some(format!(
                "stopped after {:.2} s in one call, past its limit of {} s (an endless loop, or too much work in one \
                 call?)",
                took.as_secs_f64(),
                self.time_limit.as_secs_f64()
            ))
        } else if memory > MEMORY_LIMIT {
            Some(format!("stopped: the script uses more than {} MiB of memory", MEMORY_LIMIT >> 20))
        } else {
            None
        }
    }

    /// Whether the hook has looked (or the call started) within `d`.
    pub fn looked_within(&self, d: Duration) -> bool {
        let now = nanos(self.epoch.elapsed());
        now.saturating_sub(self.last_look.load(Ordering::Relaxed)) <= nanos(d)
    }

    /// Marks the call spent with `message`, raised again at every later check; gives it back.
    fn spend(&self, message: String) -> String {
        if let Ok(mut kept) = self.message.lock() {
            kept.clone_from(&message);
        }
        self.over.store(true, Ordering::Relaxed);
        message
    }

    /// The check the count hook makes on `state`, which has run `count` instructions since the last: the message to
    /// raise, if the call is (or was already) over its budget, copied into `text`; its length.
    ///
    /// # Safety
    /// `state` must be the Lua state this budget belongs to, on the thread that runs it, inside its hook.
    unsafe fn hook_check(&self, state: *mut ffi::lua_State, text: &mut [u8; RAISED_BYTES]) -> Option<usize> {
        // SAFETY: reading the hook's count neither fails nor runs any code.
        let count = u32::try_from(unsafe { ffi::lua_gethookcount(state) }).unwrap_or(1).max(1);
        let now = nanos(self.epoch.elapsed());
        let window = Duration::from_nanos(now.saturating_sub(self.last_look.swap(now, Ordering::Relaxed)));
        // The watchdog sets the count to 1 when the hook has not looked for a tick (`watchdog.rs`); back to
        // the full count once instructions are quick. (Each change walks the whole call stack in Lua: rare.)
        if count < HOOK_EVERY && window < HOOK_WINDOW {
            // SAFETY: Lua allows setting the hook from inside a hook, on the state's thread.
            unsafe { ffi::lua_sethook(state, Some(count_hook), ffi::LUA_MASKCOUNT, HOOK_EVERY as i32) };
        }
        let message = match self.spent_message() {
            Some(message) => message,
            None => {
                // SAFETY: reading the collector's count neither fails nor runs any code.
                let (kib, bytes) =
                    unsafe { (ffi::lua_gc(state, ffi::LUA_GCCOUNT), ffi::lua_gc(state, ffi::LUA_GCCOUNTB)) };
                let memory = usize::try_from(kib).unwrap_or(0) * 1024 + usize::try_from(bytes).unwrap_or(0);
                let what = self.over(f64::from(count), memory)?;
                // SAFETY: the caller's contract.
                self.spend(unsafe { where_in_script(state, &what) })
            }
        };
        let mut length = message.len().min(RAISED_BYTES);
        while !message.is_char_boundary(length) {
            length -= 1;
        }
        text[..length].copy_from_slice(&message.as_bytes()[..length]);
        Some(length)
    }
}

/// A time since the budget's epoch in nanoseconds (saturating: 584 years).
fn nanos(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

/// The longest message the count hook raises, in bytes (the budget keeps it whole: [`Budget::spent_message`]).
const RAISED_BYTES: usize = 1_024;

/// Makes `budget` the one the count hook of `state` (a main state, which runs every call: the sandbox has no
/// coroutines) charges. The state holds a reference of its own until [`detach`].
///
/// # Safety
/// `state` must be a new main Lua state, not running, on this thread (Lua leaves the space uninitialized: whatever
/// is there is overwritten, not read).
pub unsafe fn attach(state: *mut ffi::lua_State, budget: &Arc<Budget>) {
    // SAFETY: Lua keeps a pointer's worth of space before every state for the host (`LUA_EXTRASPACE`).
    unsafe { *ffi::lua_getextraspace(state).cast::<*const Budget>() = Arc::into_raw(Arc::clone(budget)) };
}

/// Releases the budget [`attach`]ed to `state`: its count hook charges nothing from then on.
///
/// # Safety
/// `state` must be a main Lua state given to [`attach`], not running, on this thread.
pub unsafe fn detach(state: *mut ffi::lua_State) {
    // SAFETY: the slot holds null or the reference `attach` put there.
    unsafe {
        let slot = ffi::lua_getextraspace(state).cast::<*const Budget>();
        let old = std::mem::replace(&mut *slot, std::ptr::null());
        if !old.is_null() {
            drop(Arc::from_raw(old));
        }
    }
}

/// The count hook, set on long calls (`watchdog.rs`): charges the instructions since its last look to the budget
/// [`attach`]ed to the state, and raises its message once the call is over. It raises the error itself, with
/// `lua_error` and nothing else: mlua's own hooks clear the running function's registers before raising, which in
/// Lua 5.4 runs its `__close` handlers there and then, inside the hook, where no hook (and so no budget) can stop
/// them.
///
/// # Safety
/// Called by Lua as a hook, on the thread that runs `state`.
pub unsafe extern "C-unwind" fn count_hook(state: *mut ffi::lua_State, _: *mut ffi::lua_Debug) {
    // Only plain old data lives in this frame when `lua_error` leaves it by `longjmp`.
    let mut text = [0u8; RAISED_BYTES];
    // SAFETY: the slot holds null or a reference `attach` keeps alive while it is there.
    let budget = unsafe { *ffi::lua_getextraspace(state).cast::<*const Budget>() };
    // SAFETY: as above; this is `state`'s hook, on its thread.
    let Some(length) = (unsafe { budget.as_ref() }).and_then(|b| unsafe { b.hook_check(state, &mut text) }) else {
        return;
    };
    // SAFETY: `text` holds `length` bytes; a hook may raise an error (Lua gives it room on the stack).
    unsafe {
        ffi::lua_pushlstring(state, text.as_ptr().cast(), length);
        ffi::lua_error(state);
    }
}

/// `file:line: what; call stack: …`: the line of the script that was running (not of the sandbox's wrappers or the
/// studio's driver, which the script did not write), then each of the script's frames, innermost first.
///
/// # Safety
/// `state` must be a live Lua state, on the thread that runs it.
unsafe fn where_in_script(state: *mut ffi::lua_State, what: &str) -> String {
    let mut frames = Vec::new();
    for level in 0..=200 {
        // SAFETY: `debug` is filled by Lua for a level that exists; its strings live while the frame does, and are
        // copied at once.
        let frame = unsafe {
            let mut debug: ffi::lua_Debug = std::mem::zeroed();
            if ffi::lua_getstack(state, level, &mut debug) == 0 {
                break;
            }
            ffi::lua_getinfo(state, c"Sln".as_ptr(), &mut debug);
            let text = |p: *const std::ffi::c_char| {
                (!p.is_null()).then(|| std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned())
            };
            let source = text(debug.source);
            let kind = text(debug.what).unwrap_or_default();
            let ours = kind == "C" || matches!(source.as_deref(), Some("=sandbox" | "=driver"));
            (!ours).then(|| {
                let file = text(debug.short_src.as_ptr()).unwrap_or_else(|| "?".to_owned());
                let line = (debug.currentline > 0).then_some(debug.currentline);
                let name = text(debug.name).unwrap_or_else(|| {
                    if kind == "main" { "the file's main chunk".to_owned() } else { "a function".to_owned() }
                });
                (file, line, name)
            })
        };
        frames.extend(frame);
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
