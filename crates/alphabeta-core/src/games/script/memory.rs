//! One memory budget for every script's Lua state together. Each copy of a scripted game is a Lua state of its own,
//! held to [`MEMORY_LIMIT`](super::sandbox::MEMORY_LIMIT) alone; a match plays several games at once, each with its
//! players' copies, so a script holding 60 MiB would take gigabytes at `--concurrency 16`, and mlua's allocator
//! aborts the process when the system refuses it memory. So every state's allocator is wrapped: what all the
//! states hold together is counted, and an allocation that would take it past [`ALL_STATES_LIMIT`] is refused —
//! which Lua raises as the script's "not enough memory" error, after a full collection, in the state that asked.

use mlua::ffi;
use std::ffi::c_void;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// What all the scripts' Lua states of the process may hold together, in bytes: sixteen states at their own
/// limit.
pub const ALL_STATES_LIMIT: usize = 1 << 30;

/// What all the states hold now, in bytes.
static HELD: AtomicUsize = AtomicUsize::new(0);

/// mlua's allocator, which every state's wrapper calls (the same function for every state; each state has its own
/// `ud`, mlua's account of that state).
static INNER: OnceLock<ffi::lua_Alloc> = OnceLock::new();

/// Wraps the allocator of `state` (a main state mlua made, not running) so that it counts against
/// [`ALL_STATES_LIMIT`]; what the state holds already is counted from now. A state with an allocator other than
/// mlua's is left as it is.
///
/// # Safety
/// `state` must be a main Lua state made by mlua, not running, on this thread.
pub unsafe fn share_the_limit(state: *mut ffi::lua_State) {
    let mut ud = std::ptr::null_mut();
    // SAFETY: reading and setting the allocator of a state that is not running; the collector's count is read
    // first, so that every block freed later through the wrapper was counted once.
    unsafe {
        let inner = ffi::lua_getallocf(state, &mut ud);
        if *INNER.get_or_init(|| inner) as usize != inner as usize {
            return;
        }
        let (kib, bytes) = (ffi::lua_gc(state, ffi::LUA_GCCOUNT), ffi::lua_gc(state, ffi::LUA_GCCOUNTB));
        HELD.fetch_add(
            usize::try_from(kib).unwrap_or(0) * 1024 + usize::try_from(bytes).unwrap_or(0),
            Ordering::Relaxed,
        );
        ffi::lua_setallocf(state, shared, ud);
    }
}

/// Whether all the states together are within [`MEMORY_LIMIT`](super::sandbox::MEMORY_LIMIT) of
/// [`ALL_STATES_LIMIT`]: a state refused memory then was most likely refused for the others' sake.
pub fn nearly_full() -> bool {
    HELD.load(Ordering::Relaxed) + super::sandbox::MEMORY_LIMIT > ALL_STATES_LIMIT
}

/// The wrapper: Lua's allocator contract (`ptr` null: a new block, `osize` then names its type; `nsize` 0: free),
/// counting what the block grows or shrinks by.
unsafe extern "C" fn shared(ud: *mut c_void, ptr: *mut c_void, osize: usize, nsize: usize) -> *mut c_void {
    let Some(&inner) = INNER.get() else { return std::ptr::null_mut() };
    let old = if ptr.is_null() { 0 } else { osize };
    if nsize <= old {
        // SAFETY: Lua's own call, passed on to the allocator the block came from.
        let block = unsafe { inner(ud, ptr, osize, nsize) };
        let freed = old - nsize;
        let _ = HELD.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |held| Some(held.saturating_sub(freed)));
        return block;
    }
    let grow = nsize - old;
    if HELD.fetch_add(grow, Ordering::Relaxed).saturating_add(grow) > ALL_STATES_LIMIT {
        HELD.fetch_sub(grow, Ordering::Relaxed);
        return std::ptr::null_mut();
    }
    // SAFETY: as above.
    let block = unsafe { inner(ud, ptr, osize, nsize) };
    if block.is_null() {
        HELD.fetch_sub(grow, Ordering::Relaxed);
    }
    block
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_states_share_one_limit_and_give_back_what_they_free() {
        let before = HELD.load(Ordering::Relaxed);
        let sandbox = super::super::sandbox::Sandbox::new("t").expect("a sandbox");
        assert!(HELD.load(Ordering::Relaxed) > before, "a state's memory is counted");
        drop(sandbox);
        // Other tests' states come and go meanwhile: only a loose check that nothing leaked by megabytes.
        assert!(HELD.load(Ordering::Relaxed) < before + (1 << 20));
    }
}
