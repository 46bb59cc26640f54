//! The budget's count hook, armed only on a call that runs long.
//!
//! Lua 5.4 pays for a count hook on *every* instruction, whatever the count: with any count hook set, the
//! interpreter leaves its fast path and calls `luaG_traceexec` before each instruction, and the hook on each
//! function's return — measured at 35–40 % of a script's search time, the same with a hook every 1,000 or every
//! 1,000,000 instructions (`docs/benchmarks.md`). So a call from the studio into a script starts with no hook at
//! all, and a watchdog thread looks at the calls in progress every [`TICK`]: a call still running at two looks in a
//! row (so for 10–20 ms; a search's calls take microseconds) gets the count hook, which charges its budget from
//! then on exactly as before — instructions, wall clock from the call's start, memory, and the spent budget that
//! nothing can catch. The next call starts without it again.
//!
//! The hook is armed the way Lua's own interpreter arms its Ctrl-C hook: `lua_sethook` from a signal handler on
//! the thread that runs the script (Lua documents it as safe there, and only there: from another thread it would
//! race the interpreter's call frames). The watchdog sends the signal ([`SIGNAL`], whose default is to be ignored)
//! only to a thread inside a call, and the call's end waits while a signal is on its way, so it never reaches a
//! thread that has moved on or gone. The signal is the program's to give: the watchdog runs only in a program that
//! called [`use_signal_for_budgets`] (the studio's binaries do, first thing); elsewhere — an embedder that did not
//! opt in, no signals (not Unix), or another handler already owning the signal — the hook is armed for good, which
//! holds every budget the same at the cost of the slower interpreter loop.

use mlua::ffi::{self, lua_Hook, lua_State};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// How often the watchdog looks at the calls in progress: a call is armed 1–2 ticks after it started.
pub const TICK: Duration = Duration::from_millis(10);

/// How long an armed hook may go without a look before the watchdog makes it look after every instruction: long
/// enough that a thread the machine merely kept waiting is rarely disturbed (each change of the count walks the
/// script's whole call stack).
pub const STALE: Duration = Duration::from_millis(50);

/// The signal that asks a thread to arm the hook of the script it runs.
#[cfg(unix)]
const SIGNAL: libc::c_int = libc::SIGURG;

/// How long the watchdog waits for a signalled thread to answer before it tries again at the next tick.
#[cfg(unix)]
const ANSWER_WITHIN: Duration = Duration::from_millis(50);

/// One Lua state, as the watchdog sees it: which call it is in, on which thread, and how to arm its hook.
pub struct Armable {
    state: *mut lua_State,
    hook: lua_Hook,
    every: i32,
    /// False where calls cannot be watched: the hook stays armed.
    watched: bool,
    /// Counts the calls started: the watchdog arms a call it has seen running at its previous look.
    calls: AtomicU64,
    /// True from a call's start to its end.
    running: AtomicBool,
    /// The thread running the current call (its `pthread_t`).
    thread: AtomicUsize,
    /// Whether the hook is set now (set by the signal handler, cleared when a call starts).
    armed: AtomicBool,
    /// True while the watchdog is signalling this state's thread: the call's end waits for it.
    signalling: AtomicBool,
    /// The value of `calls` at the watchdog's previous look.
    seen: AtomicU64,
    /// The budget the hook charges: when it last looked.
    budget: Arc<super::budget::Budget>,
}

// SAFETY: the state pointer is only handed to `lua_sethook` on the thread that runs the state (by the owner at a
// call's start and end, or by the signal handler, which checks that its thread runs the call); the rest is atomics.
unsafe impl Send for Armable {}
// SAFETY: as for `Send`: shared access is through atomics only.
unsafe impl Sync for Armable {}

impl Armable {
    /// Sets `hook` as `lua`'s count hook, every `every` instructions, charging `budget` (see
    /// [`budget::attach`](super::budget::attach)): armed only on long calls — or for good where calls cannot be
    /// watched.
    pub fn new(
        lua: &mlua::Lua,
        budget: &Arc<super::budget::Budget>,
        hook: ffi::lua_Hook,
        every: u32,
    ) -> mlua::Result<Arc<Armable>> {
        let mut state = std::ptr::null_mut();
        // SAFETY: reads the pointer to the state a protected call runs in: the main state, at the top level.
        unsafe { lua.exec_raw::<()>((), |s| state = s)? };
        let every = i32::try_from(every).unwrap_or(i32::MAX);
        // SAFETY: the state is the main state, not running, on this thread; the budget stays attached until the
        // state is retired.
        unsafe {
            super::budget::attach(state, budget);
            ffi::lua_sethook(state, Some(hook), ffi::LUA_MASKCOUNT, every);
        }
        let armable = Arc::new(Armable {
            state,
            hook,
            every,
            watched: watching(),
            calls: AtomicU64::new(0),
            running: AtomicBool::new(false),
            thread: AtomicUsize::new(0),
            armed: AtomicBool::new(true),
            signalling: AtomicBool::new(false),
            seen: AtomicU64::new(u64::MAX),
            budget: Arc::clone(budget),
        });
        if armable.watched {
            if let Ok(mut registry) = REGISTRY.lock() {
                registry.push(Arc::clone(&armable));
            }
            armable.disarm();
        }
        Ok(armable)
    }

    /// Starts a call on this thread: unhooked and watched (hooked, where this thread cannot be signalled).
    #[inline]
    pub fn start_call(&self) {
        if !self.watched {
            return;
        }
        if !signals_reach_this_thread() {
            self.arm();
            return;
        }
        self.disarm();
        self.thread.store(this_thread(), Ordering::Relaxed);
        self.calls.fetch_add(1, Ordering::Relaxed);
        self.running.store(true, Ordering::SeqCst);
    }

    /// Ends the call started last: waits while the watchdog is signalling this thread, so that no signal reaches
    /// a thread that has moved on to other work (or ended).
    #[inline]
    pub fn end_call(&self) {
        if !self.watched {
            return;
        }
        self.running.store(false, Ordering::SeqCst);
        while self.signalling.load(Ordering::SeqCst) {
            // The watchdog may itself wait for a turn on a busy machine: give it the core.
            std::thread::yield_now();
        }
    }

    /// Sets `hook` for one call on lines and counts, its count every
    /// [`HOOK_EVERY`](super::budget::HOOK_EVERY) instructions (so the count hook never changes it back to a count
    /// alone), on the owner's thread outside any call. The call is not started as watched: the watchdog signals only
    /// a running call, and never replaces this hook.
    pub fn hook_one_call(&self, hook: lua_Hook) {
        let mask = ffi::LUA_MASKLINE | ffi::LUA_MASKCOUNT;
        // SAFETY: called by the state's owner on its thread, outside any Lua call.
        unsafe { ffi::lua_sethook(self.state, Some(hook), mask, super::budget::HOOK_EVERY as i32) };
        self.armed.store(true, Ordering::Relaxed);
    }

    /// After a call of [`Self::hook_one_call`]: the hook as every call starts with it, unset where calls are
    /// watched, the count hook for good elsewhere.
    pub fn after_hooked_call(&self) {
        if self.watched {
            self.disarm();
        } else {
            self.arm();
        }
    }

    fn armed(&self) -> bool {
        self.armed.load(Ordering::Relaxed)
    }

    /// No longer watched, and the budget detached: called by the state's owner, outside any call, before the
    /// state is closed.
    pub fn retire(&self) {
        if let Ok(mut registry) = REGISTRY.lock() {
            registry.retain(|a| !std::ptr::eq(a.as_ref(), self));
        }
        // SAFETY: the main state, not running, on its owner's thread.
        unsafe { super::budget::detach(self.state) };
    }

    #[inline]
    fn disarm(&self) {
        if self.armed.swap(false, Ordering::Relaxed) {
            // SAFETY: called by the state's owner on its thread, outside any Lua call.
            unsafe { ffi::lua_sethook(self.state, None, 0, 0) };
        }
    }

    /// Arms the hook: on the state's thread, by its owner or in the signal handler.
    fn arm(&self) {
        // SAFETY: on the thread running the state; Lua documents `lua_sethook` as callable from a signal handler
        // that interrupts the state's thread anywhere.
        unsafe { ffi::lua_sethook(self.state, Some(self.hook), ffi::LUA_MASKCOUNT, self.every) };
        self.armed.store(true, Ordering::Relaxed);
    }

    /// True when this state has been in the same call since the watchdog's previous look.
    fn long_call(&self) -> bool {
        let calls = self.calls.load(Ordering::Relaxed);
        let same = self.seen.swap(calls, Ordering::Relaxed) == calls;
        same && self.running.load(Ordering::Relaxed) && !self.armed()
    }

    /// True when the hook is armed but has not looked for [`STALE`]: its instructions are slow (each making C work
    /// on long strings), and the next look must come after the next instruction, not a thousand later.
    fn stale(&self) -> bool {
        self.running.load(Ordering::Relaxed) && self.armed() && !self.budget.looked_within(STALE)
    }
}

/// The Lua states the watchdog watches.
static REGISTRY: Mutex<Vec<Arc<Armable>>> = Mutex::new(Vec::new());

/// Whether the program gave the watchdog its signal ([`use_signal_for_budgets`]). The core's own unit tests run
/// as the studio's binaries do.
static SIGNAL_GIVEN: AtomicBool = AtomicBool::new(cfg!(test));

/// Lets the scripts' watchdog take SIGURG (on Unix) to arm a long call's budget hook, so that a script's calls run
/// at the interpreter's full speed until they run long (35–40 % of a script's search time otherwise). Call it once,
/// early, in a program that uses SIGURG for nothing else (Go's runtime, for one, does); before the first script is
/// loaded, or scripts loaded earlier keep the always-armed hook. Without it every budget holds the same, slower.
pub fn use_signal_for_budgets() {
    SIGNAL_GIVEN.store(true, Ordering::SeqCst);
}

/// Whether the watchdog runs (decided at the first call to this): the program gave it the signal, the handler is
/// installed and the thread started.
fn watching() -> bool {
    static STARTED: OnceLock<bool> = OnceLock::new();
    *STARTED.get_or_init(|| {
        SIGNAL_GIVEN.load(Ordering::SeqCst)
            && install_handler()
            && std::thread::Builder::new().name("script watchdog".into()).spawn(watch).is_ok()
    })
}

/// The watchdog's loop: every tick, signal each state that has been in one call since the previous tick.
fn watch() {
    loop {
        std::thread::sleep(TICK);
        let Ok(registry) = REGISTRY.lock() else { return };
        for armable in registry.iter().filter(|a| a.long_call() || a.stale()) {
            signal(armable);
        }
    }
}

#[cfg(unix)]
mod signals {
    use super::{ANSWER_WITHIN, Armable, SIGNAL};
    use std::cell::Cell;
    use std::ptr::null_mut;
    use std::sync::atomic::{AtomicPtr, Ordering};
    use std::time::Instant;

    /// The state the watchdog asks the signalled thread to arm, and the handler's answer.
    static PENDING: AtomicPtr<Armable> = AtomicPtr::new(null_mut());
    static ANSWERED: AtomicPtr<Armable> = AtomicPtr::new(null_mut());

    thread_local! {
        /// Whether `SIGNAL` is blocked on this thread: 0 not yet looked at, 1 it reaches it, 2 blocked.
        static REACHES: Cell<u8> = const { Cell::new(0) };
    }

    pub(super) fn this_thread() -> usize {
        // SAFETY: `pthread_self` has no preconditions.
        unsafe { libc::pthread_self() as usize }
    }

    /// Whether the watchdog's signal can reach this thread (a thread may block it): looked at once per thread.
    pub(super) fn signals_reach_this_thread() -> bool {
        REACHES.with(|reaches| {
            if reaches.get() == 0 {
                // SAFETY: `set` is a valid signal set for `pthread_sigmask` to fill; nothing is changed.
                let blocked = unsafe {
                    let mut set: libc::sigset_t = std::mem::zeroed();
                    libc::pthread_sigmask(libc::SIG_BLOCK, std::ptr::null(), &mut set) != 0
                        || libc::sigismember(&set, SIGNAL) == 1
                };
                reaches.set(if blocked { 2 } else { 1 });
            }
            reaches.get() == 1
        })
    }

    /// Takes the request, arms the state if this thread runs its call, and answers. A signal with no request (one
    /// that arrived late, after the watchdog took its request back) answers nothing: it must not overwrite the
    /// answer the watchdog waits for.
    extern "C" fn on_signal(_: libc::c_int) {
        let pending = PENDING.swap(null_mut(), Ordering::SeqCst);
        // SAFETY: the watchdog keeps the `Armable` alive (it holds the registry) until this answers or it takes the
        // request back.
        let Some(armable) = (unsafe { pending.as_ref() }) else { return };
        if armable.running.load(Ordering::SeqCst) && armable.thread.load(Ordering::Relaxed) == this_thread() {
            armable.arm();
        }
        ANSWERED.store(pending, Ordering::SeqCst);
    }

    /// Installs the handler, unless another handler already owns the signal.
    pub(super) fn install_handler() -> bool {
        // SAFETY: `sigaction` is given valid structures; the handler only uses atomics, `pthread_self` and
        // `lua_sethook` (which Lua allows in signal handlers).
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(SIGNAL, std::ptr::null(), &mut old) != 0
                || (old.sa_sigaction != libc::SIG_DFL && old.sa_sigaction != libc::SIG_IGN)
            {
                return false;
            }
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as usize;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(SIGNAL, &action, std::ptr::null_mut()) == 0
        }
    }

    /// Asks the thread running `armable`'s call to arm its hook, and waits for the answer. The call cannot end
    /// meanwhile (`end_call` waits while `signalling` is set), so the thread is still there.
    pub(super) fn signal(armable: &Armable) {
        armable.signalling.store(true, Ordering::SeqCst);
        if armable.running.load(Ordering::SeqCst) {
            let ptr = std::ptr::from_ref(armable).cast_mut();
            ANSWERED.store(null_mut(), Ordering::SeqCst);
            PENDING.store(ptr, Ordering::SeqCst);
            let thread = armable.thread.load(Ordering::Relaxed) as libc::pthread_t;
            // SAFETY: the thread is inside the call (see above), so `thread` names a live thread.
            let sent = unsafe { libc::pthread_kill(thread, SIGNAL) } == 0;
            let started = Instant::now();
            while ANSWERED.load(Ordering::SeqCst) != ptr {
                // Not answered in time (or not sent): take the request back, unless the handler has it already.
                if (!sent || started.elapsed() > ANSWER_WITHIN)
                    && PENDING.compare_exchange(ptr, null_mut(), Ordering::SeqCst, Ordering::SeqCst).is_ok()
                {
                    break;
                }
                std::thread::yield_now();
            }
        }
        armable.signalling.store(false, Ordering::SeqCst);
    }
}

#[cfg(unix)]
use signals::{install_handler, signal, signals_reach_this_thread, this_thread};

#[cfg(not(unix))]
fn install_handler() -> bool {
    false
}

#[cfg(not(unix))]
fn signal(_: &Armable) {}

#[cfg(not(unix))]
fn signals_reach_this_thread() -> bool {
    false
}

#[cfg(not(unix))]
fn this_thread() -> usize {
    0
}
