//! Where a script added a move to its list a second time. The list is checked when `moves` returns, so the check
//! alone can only name `moves`' line; the fault is often in a helper it calls. Once a list with a move twice is
//! found, the position's `moves` runs again under a line hook that looks, before each line of the script, at the
//! tables its functions hold (their locals, temporaries and upvalues) and notes the line after which each first held
//! the move twice; the table `moves` returns names the line. It is paid once per fault (a fault ends the game's
//! search), never on the search's path.
//!
//! A script may refill one table at every call (`docs/writing-a-game.md` allows it): the list it returned is
//! emptied before the traced run, so that the run shows when the move comes back, and put back as it was if the run
//! did not refill it (a list the script keeps for later, as a cache does).
//!
//! The traced run is one call into the script like any other: the same count hook charges its budget
//! ([`Sandbox::traced_call`]), and what the line hook reads is bounded ([`MOST_ENTRIES`]).

use super::budget::{HOOK_EVERY, count_hook};
use super::calls::whole_move;
use super::sandbox::Sandbox;
use mlua::ffi::{self, lua_Debug, lua_State};
use mlua::{Function, Table, Value};
use std::cell::RefCell;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::ffi::{CStr, c_int, c_void};

/// The most table entries the line hook reads in one traced run, all lines together: past it, it stops looking and
/// the fault keeps the line of `moves` (a list of many thousands of moves, rebuilt line by line, would cost
/// seconds).
pub const MOST_ENTRIES: u64 = 20_000_000;

/// The longest list traced: a longer one keeps the line of `moves`.
const MOST_MOVES_TRACED: usize = 20_000;

/// The frames of the script's call stack looked at before each line, innermost first.
const MOST_FRAMES: c_int = 64;

/// The locals (or upvalues) of one frame looked at.
const MOST_SLOTS: c_int = 255;

/// What the line hook has seen of the tables in sight.
struct Watch {
    /// The move listed twice.
    twice: i64,
    /// The line of the script run last: what the tables hold before a line is the work of the lines run before
    /// it, the last of them this one (a C function it called included).
    last_line: Option<u32>,
    /// Every table seen, by address (the collector is stopped during the run, so no address is reused).
    tables: HashMap<*const c_void, Seen>,
    /// Table entries read so far.
    entries: u64,
}

/// A table as last seen.
#[derive(Clone, Copy, Debug)]
struct Seen {
    /// Whether it held the move twice.
    twice: bool,
    /// The line after which it came to, if known.
    since: Option<u32>,
}

thread_local! {
    /// The watch of the traced run in progress on this thread (a Lua state runs on one thread at a time).
    static WATCH: RefCell<Option<Watch>> = const { RefCell::new(None) };
}

/// The line of the script where the list `moves` (the driver's) returns at position `depth` came to hold `twice`
/// twice: the innermost line, in whichever function added it. `None` when it cannot be told: the list built and
/// returned in one expression (`return {1, 2, 1}`), a run that does not list the move twice again or runs out of
/// its budget, a list longer than [`MOST_MOVES_TRACED`] or more to read than [`MOST_ENTRIES`].
pub(super) fn line_adding_twice(sandbox: &Sandbox, moves: &Function, depth: usize, twice: i64) -> Option<u32> {
    let lua = &sandbox.lua;
    let returned = {
        let _call = sandbox.new_budget();
        moves.call::<Table>(depth).ok()?
    };
    let kept = entries(&returned)?;
    for index in 1..=kept.len() {
        returned.raw_set(index, Value::Nil).ok()?;
    }
    let collecting = lua.gc_is_running();
    lua.gc_stop();
    WATCH.with(|watch| {
        if let Ok(mut watch) = watch.try_borrow_mut() {
            *watch = Some(Watch { twice, last_line: None, tables: HashMap::new(), entries: 0 });
        }
    });
    let traced = sandbox.traced_call(line_hook, || moves.call::<Table>(depth));
    let watch = WATCH.with(|watch| watch.try_borrow_mut().ok().and_then(|mut watch| watch.take()));
    if collecting {
        lua.gc_restart();
    }
    let line = match (traced, watch) {
        (Ok(list), Some(watch)) => watch.line_of(&list),
        _ => None,
    };
    if returned.raw_len() == 0 {
        for (index, value) in kept.into_iter().enumerate() {
            returned.raw_set(index + 1, value).ok()?;
        }
    }
    line
}

/// The entries of a list, `None` when it is longer than a list that is traced.
fn entries(list: &Table) -> Option<Vec<Value>> {
    let length = list.raw_len();
    if length > MOST_MOVES_TRACED {
        return None;
    }
    (1..=length).map(|index| list.raw_get::<Value>(index).ok()).collect()
}

/// Whether `list` holds the move `twice` at two of its places.
fn holds_twice(list: &Table, twice: i64) -> bool {
    let mut found = 0;
    for index in 1..=list.raw_len() {
        let is_it = match list.raw_get::<Value>(index) {
            Ok(Value::Integer(mv)) => mv == twice,
            Ok(Value::Number(x)) => whole_move(x) == Some(twice),
            _ => false,
        };
        found += usize::from(is_it);
        if found == 2 {
            return true;
        }
    }
    false
}

/// The traced run's hook: a count event is the budget's look ([`count_hook`], which may raise its error); a line
/// event of the script's own code is a look at the tables in sight. Once [`MOST_ENTRIES`] are read, only the
/// budget's count stays.
///
/// # Safety
/// Called by Lua as a hook, on the thread that runs `state`.
unsafe extern "C-unwind" fn line_hook(state: *mut lua_State, ar: *mut lua_Debug) {
    // SAFETY: Lua hands the hook the record of its event.
    if unsafe { (*ar).event } != ffi::LUA_HOOKLINE {
        // Nothing in this frame needs dropping if the budget's error leaves it by `longjmp`.
        // SAFETY: this is `state`'s hook, on its thread.
        unsafe { count_hook(state, ar) };
        return;
    }
    let enough = WATCH.with(|watch| {
        let Ok(mut watch) = watch.try_borrow_mut() else { return true };
        match watch.as_mut() {
            // SAFETY: inside `state`'s hook, on its thread.
            Some(watch) => unsafe { watch.look(state, ar) },
            None => true,
        }
    });
    if enough {
        // SAFETY: Lua allows setting the hook from inside a hook, on the state's thread.
        unsafe { ffi::lua_sethook(state, Some(line_hook), ffi::LUA_MASKCOUNT, HOOK_EVERY as c_int) };
    }
}

/// Whether a frame runs the script's own code: not C, not the sandbox's wrappers, not the studio's driver.
///
/// # Safety
/// `frame` must have been filled by `lua_getinfo` with `S`, and its frame still be running.
unsafe fn is_script(frame: &lua_Debug) -> bool {
    // SAFETY: the strings `lua_getinfo` set live while the frame runs (the caller's contract).
    unsafe {
        if frame.what.is_null() || frame.source.is_null() || CStr::from_ptr(frame.what).to_bytes() == b"C" {
            return false;
        }
        !matches!(CStr::from_ptr(frame.source).to_bytes(), b"=sandbox" | b"=driver")
    }
}

impl Watch {
    /// After the traced run: the line after which `list`, the one it returned, came to hold the move twice.
    fn line_of(&self, list: &Table) -> Option<u32> {
        if self.entries > MOST_ENTRIES || !holds_twice(list, self.twice) {
            return None;
        }
        match self.tables.get(&list.to_pointer()) {
            // Built and returned in one expression: no line saw it.
            None => None,
            Some(seen) if seen.twice => seen.since,
            // Came to hold it after the last look: on the last line run.
            Some(_) => self.last_line,
        }
    }

    /// Before the line of `ar` runs: if it is the script's, looks at every table the script's frames hold and notes
    /// the line run last against each that has just come to hold the move twice. True once it has read enough.
    ///
    /// # Safety
    /// Inside `state`'s line hook, `ar` its record.
    unsafe fn look(&mut self, state: *mut lua_State, ar: *mut lua_Debug) -> bool {
        // SAFETY: the hook's record, filled for its own frame; `S` allocates nothing.
        let ours = unsafe {
            ffi::lua_getinfo(state, c"S".as_ptr(), ar);
            is_script(&*ar)
        };
        if !ours {
            return false;
        }
        // SAFETY: as above.
        let line = u32::try_from(unsafe { (*ar).currentline }).ok();
        for level in 0..MOST_FRAMES {
            // SAFETY: a zeroed record is what `lua_getstack` fills; the values pushed are popped at once; the hook
            // has LUA_MINSTACK free slots, of which this uses at most three.
            unsafe {
                let mut frame: lua_Debug = std::mem::zeroed();
                if ffi::lua_getstack(state, level, &mut frame) == 0 {
                    break;
                }
                ffi::lua_getinfo(state, c"S".as_ptr(), &mut frame);
                if !is_script(&frame) {
                    continue;
                }
                for n in 1..=MOST_SLOTS {
                    if ffi::lua_getlocal(state, &frame, n).is_null() {
                        break;
                    }
                    self.see(state);
                    ffi::lua_pop(state, 1);
                }
                ffi::lua_getinfo(state, c"f".as_ptr(), &mut frame);
                for n in 1..=MOST_SLOTS {
                    if ffi::lua_getupvalue(state, -1, n).is_null() {
                        break;
                    }
                    self.see(state);
                    ffi::lua_pop(state, 1);
                }
                ffi::lua_pop(state, 1);
            }
            if self.entries > MOST_ENTRIES {
                return true;
            }
        }
        self.last_line = line;
        false
    }

    /// Looks at the value on top of the stack, if it is a table.
    ///
    /// # Safety
    /// Inside the line hook, a value on top of the stack and a free slot above it.
    unsafe fn see(&mut self, state: *mut lua_State) {
        // SAFETY: the caller's contract.
        let (address, twice) = unsafe {
            if ffi::lua_type(state, -1) != ffi::LUA_TTABLE {
                return;
            }
            (ffi::lua_topointer(state, -1), self.holds_twice(state))
        };
        let since = if twice { self.last_line } else { None };
        match self.tables.entry(address) {
            Entry::Vacant(entry) => {
                entry.insert(Seen { twice, since });
            }
            Entry::Occupied(mut entry) => {
                let seen = entry.get_mut();
                if twice && !seen.twice {
                    seen.since = since;
                }
                seen.twice = twice;
            }
        }
    }

    /// Whether the table on top of the stack holds the move twice, read raw (no metamethod runs inside a hook).
    ///
    /// # Safety
    /// Inside the line hook, the table on top of the stack and a free slot above it.
    unsafe fn holds_twice(&mut self, state: *mut lua_State) -> bool {
        let mut found = 0;
        // SAFETY: the caller's contract; each entry is pushed into the free slot and popped.
        unsafe {
            let length = ffi::lua_rawlen(state, -1) as ffi::lua_Integer;
            for index in 1..=length {
                self.entries += 1;
                if self.entries > MOST_ENTRIES {
                    return false;
                }
                ffi::lua_rawgeti(state, -1, index);
                let is_it = ffi::lua_type(state, -1) == ffi::LUA_TNUMBER
                    && if ffi::lua_isinteger(state, -1) != 0 {
                        ffi::lua_tointegerx(state, -1, std::ptr::null_mut()) == self.twice
                    } else {
                        whole_move(ffi::lua_tonumberx(state, -1, std::ptr::null_mut())) == Some(self.twice)
                    };
                ffi::lua_pop(state, 1);
                found += usize::from(is_it);
                if found == 2 {
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::{WATCH, Watch, line_adding_twice, line_hook};
    use crate::games::script::budget::{CALL_TIME_LIMIT, CALL_TIME_MARGIN};
    use crate::games::script::file::run_chunk;
    use crate::games::script::sandbox::Sandbox;
    use mlua::{Function, Table};
    use std::collections::HashMap;
    use std::time::Instant;

    /// A sandbox that has run `text` as `games/t.lua`, and its global function `moves_of`.
    fn sandbox(text: &str) -> (Sandbox, Function) {
        let sandbox = Sandbox::new("games/t.lua").expect("a sandbox");
        run_chunk(&sandbox, "games/t.lua", text).expect("runs");
        let moves = sandbox.lua.globals().get("moves_of").expect("moves_of");
        (sandbox, moves)
    }

    /// The line is the innermost line after which the returned list held the move twice: a helper's helper's line
    /// for a list built in place, the line that returned a list already built, and none for a list written out in
    /// the `return` itself (no line ever held it).
    #[test]
    fn the_line_is_the_innermost_one_after_which_the_list_held_the_move_twice() {
        let cases = [
            (
                "local function add(list, m)\n  list[#list + 1] = m\nend\n\
                 local function add_all(list) add(list, 1) add(list, 2) add(list, 1) end\n\
                 function moves_of(n) local list = {} add_all(list) return list end",
                Some(2),
            ),
            (
                "local function make()\n  return {1, 2, 1}\nend\nfunction moves_of(n)\n  local list = make()\n  \
                 return list\nend",
                Some(2),
            ),
            ("function moves_of(n)\n  return {1, 2, 1}\nend", None),
        ];
        for (text, line) in cases {
            let (sandbox, moves) = sandbox(text);
            assert_eq!(line_adding_twice(&sandbox, &moves, 1, 1), line, "{text}");
        }
    }

    /// A list the script keeps (a cache of lists by position) is emptied for the traced run, which does not refill
    /// it: it is put back as it was, and the line is not told.
    #[test]
    fn a_list_the_script_keeps_is_put_back_after_the_traced_run() {
        let text = "CACHE = {}\nfunction moves_of(n)\n  CACHE[n] = CACHE[n] or {1, 2, 1}\n  return CACHE[n]\nend";
        let (sandbox, moves) = sandbox(text);
        assert_eq!(line_adding_twice(&sandbox, &moves, 6, 1), None);
        let cache: Table = sandbox.lua.globals().get("CACHE").expect("CACHE");
        let kept: Table = cache.get(6).expect("the list of 6");
        let entries: Vec<i64> = kept.sequence_values().collect::<mlua::Result<_>>().expect("numbers");
        assert_eq!(entries, [1, 2, 1]);
    }

    /// The traced run keeps the budget of any call: a helper that loops is stopped, at its line, within the time
    /// limit; afterwards the hook is as every call starts with it, and the next call's budget still holds.
    #[test]
    fn a_traced_run_that_loops_in_a_helper_is_stopped_by_its_budget() {
        let text = "local function spin()\n  while true do end\nend\nfunction moves_of(n) spin() end";
        let (sandbox, moves) = sandbox(text);
        WATCH.with(|w| *w.borrow_mut() = Some(Watch { twice: 1, last_line: None, tables: HashMap::new(), entries: 0 }));
        let started = Instant::now();
        let error = sandbox.traced_call(line_hook, || moves.call::<()>(1)).expect_err("stopped");
        WATCH.with(|w| w.borrow_mut().take());
        assert!(started.elapsed() < CALL_TIME_LIMIT + CALL_TIME_MARGIN, "{:?}", started.elapsed());
        let message = sandbox.describe_failure(&error, "games/t.lua:4");
        assert!(message.starts_with("games/t.lua:2: stopped after"), "{message}");
        assert!(!sandbox.hooked(), "the line hook is gone");
        let call = sandbox.new_budget();
        let again = moves.call::<()>(1).expect_err("stopped again");
        drop(call);
        assert!(sandbox.describe_failure(&again, "").contains("stopped after"), "{again}");
        // And through the whole tracing, which falls back on `moves`' line.
        assert_eq!(line_adding_twice(&sandbox, &moves, 1, 1), None);
    }
}
