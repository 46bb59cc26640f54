//! The driver's entry points that the search calls at every node — `start`, `play`, `undo`, `moves`, `evaluate` —
//! called through Lua's C API, their answers read off Lua's stack where they lie: mlua's conversions would make a
//! value of each answer first (a registry slot for a string key, a list of values for the moves), which cost as
//! much as the rest of the boundary. The other entry points (a board, a click, chances, a move's name) are called
//! the ordinary way.
//!
//! Each call runs inside [`Lua::exec_raw`], a protected call: an error the script raises, its budget or the memory
//! limit comes back as the same [`mlua::Error`] an ordinary call gives. A Lua error leaves the closures given to it
//! by `longjmp`, so they hold nothing that needs dropping.

use mlua::ffi::{self, lua_State};
use mlua::{IntoLuaMulti, Lua};
use std::ffi::c_int;
use std::ptr::null_mut;

/// The most moves a position may list: `table.unpack`, which read the lists before, stopped near Lua's stack size.
pub const MOST_MOVES: i64 = 1_000_000;

/// What the driver answers for the position a move (or the start) led to.
#[derive(Clone, Copy, Debug)]
pub struct Answer {
    /// 1, 2 or 3 (chance): the driver has checked the script's `turn`.
    pub turn: i64,
    /// The script's result, from the first player's point of view.
    pub result: Option<f64>,
    /// The script's key, hashed; `None` when the script has no `key`.
    pub key: Option<u64>,
}

/// What is wrong with a list of moves the script's `moves` returned (the driver has checked that it is a table).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ListProblem {
    /// Longer than [`MOST_MOVES`]: its length.
    TooLong(i64),
    /// Entry `index` (from 1) is not a whole number: the number, or the name of its type.
    NotAMove { index: usize, number: Option<f64>, type_name: &'static str },
}

/// Calls the function that comes first in `args` with the rest, and hands Lua's state to `read` with the `results`
/// answers on top of its stack.
fn call_raw(lua: &Lua, args: impl IntoLuaMulti, results: c_int, read: impl FnOnce(*mut lua_State)) -> mlua::Result<()> {
    // SAFETY: `exec_raw` pushes the function and its arguments onto the stack of a protected call, which
    // `lua_call` calls; the stack then holds `results` answers (Lua adjusts it) and at least the 20 free slots a C
    // function starts with, within which `read` works. `read` holds nothing that needs dropping (see the module's
    // doc).
    unsafe {
        lua.exec_raw::<()>(args, |state| {
            ffi::lua_call(state, ffi::lua_gettop(state) - 1, results);
            read(state);
        })
    }
}

/// The driver's `start` or `play`: three answers, whose turn, the result and the key.
pub fn answer(lua: &Lua, args: impl IntoLuaMulti) -> mlua::Result<Answer> {
    let mut answer = Answer { turn: 0, result: None, key: None };
    call_raw(lua, args, 3, |state| {
        // SAFETY: the three answers are on top of the stack (`call_raw`).
        answer = unsafe {
            Answer {
                turn: ffi::lua_tointegerx(state, -3, null_mut()),
                result: real_at(state, -2),
                key: key_hash_at(state, -1),
            }
        };
    })?;
    Ok(answer)
}

/// The driver's `undo`, or any call whose answers are not read.
pub fn run(lua: &Lua, args: impl IntoLuaMulti) -> mlua::Result<()> {
    call_raw(lua, args, 0, |_| {})
}

/// The driver's `evaluate`: a number (the driver has checked it).
pub fn number(lua: &Lua, args: impl IntoLuaMulti) -> mlua::Result<f64> {
    let mut value = 0.0;
    // SAFETY: the answer is on top of the stack (`call_raw`).
    call_raw(lua, args, 1, |state| value = unsafe { ffi::lua_tonumberx(state, -1, null_mut()) })?;
    Ok(value)
}

/// The driver's `moves`: the list's moves appended to `moves` — all of them, or those before the first entry that
/// is not a move, whose problem is returned. The list is read as `table.unpack` reads it (its length by `#`,
/// entries by index, metamethods included), within the call.
pub fn moves(lua: &Lua, args: impl IntoLuaMulti, moves: &mut Vec<i64>) -> mlua::Result<Option<ListProblem>> {
    let mut problem = None;
    call_raw(lua, args, 1, |state| {
        // SAFETY: the list is on top of the stack (`call_raw`); each entry is pushed above it, read and popped,
        // one free slot at a time.
        unsafe {
            let length = ffi::luaL_len(state, -1);
            if length > MOST_MOVES {
                problem = Some(ListProblem::TooLong(length));
                return;
            }
            for index in 1..=length {
                ffi::lua_geti(state, -1, index);
                let entry = move_at(state, -1);
                ffi::lua_pop(state, 1);
                match entry {
                    Ok(mv) => moves.push(mv),
                    Err((number, type_name)) => {
                        problem = Some(ListProblem::NotAMove { index: index as usize, number, type_name });
                        return;
                    }
                }
            }
        }
    })?;
    Ok(problem)
}

/// The value at `index` as a move (a whole number, or a float with nothing after its point), else what it is: the
/// number, or its type's name.
///
/// # Safety
/// `index` must be a valid index of `state`'s stack.
unsafe fn move_at(state: *mut lua_State, index: c_int) -> Result<i64, (Option<f64>, &'static str)> {
    // SAFETY: `index` is valid (the caller's contract).
    unsafe {
        let kind = ffi::lua_type(state, index);
        if kind != ffi::LUA_TNUMBER {
            return Err((None, type_name(kind)));
        }
        if ffi::lua_isinteger(state, index) != 0 {
            return Ok(ffi::lua_tointegerx(state, index, null_mut()));
        }
        let x = ffi::lua_tonumberx(state, index, null_mut());
        whole_move(x).ok_or((Some(x), "number"))
    }
}

/// A float as a move: only with nothing after its point, and small enough to be exact.
pub fn whole_move(x: f64) -> Option<i64> {
    (x.fract() == 0.0 && x.abs() < 9.0e15).then_some(x as i64)
}

/// The value at `index` as a real number, `None` unless it is a number.
///
/// # Safety
/// `index` must be a valid index of `state`'s stack.
unsafe fn real_at(state: *mut lua_State, index: c_int) -> Option<f64> {
    // SAFETY: `index` is valid (the caller's contract).
    unsafe { (ffi::lua_type(state, index) == ffi::LUA_TNUMBER).then(|| ffi::lua_tonumberx(state, index, null_mut())) }
}

/// The script's key at `index`, hashed: a number by its value (an integer and a float apart), a string by its
/// bytes; `None` for anything else (no `key`).
///
/// # Safety
/// `index` must be a valid index of `state`'s stack.
unsafe fn key_hash_at(state: *mut lua_State, index: c_int) -> Option<u64> {
    use crate::engine::hash::{mix64, splitmix64};
    // SAFETY: `index` is valid (the caller's contract); a string's bytes are read while it is on the stack.
    unsafe {
        match ffi::lua_type(state, index) {
            ffi::LUA_TNUMBER if ffi::lua_isinteger(state, index) != 0 => {
                Some(splitmix64(ffi::lua_tointegerx(state, index, null_mut()) as u64))
            }
            ffi::LUA_TNUMBER => Some(splitmix64(ffi::lua_tonumberx(state, index, null_mut()).to_bits())),
            ffi::LUA_TSTRING => {
                let mut length = 0;
                let bytes = ffi::lua_tolstring(state, index, &mut length).cast::<u8>();
                let bytes = if bytes.is_null() { &[][..] } else { std::slice::from_raw_parts(bytes, length) };
                // FNV-1a, then mixed: keys are short strings built by the script.
                let mut h: u64 = 0xcbf2_9ce4_8422_2325;
                for &b in bytes {
                    h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
                }
                Some(mix64(h))
            }
            _ => None,
        }
    }
}

/// The name of a Lua type, as mlua names the values of the type.
fn type_name(kind: c_int) -> &'static str {
    match kind {
        ffi::LUA_TNIL => "nil",
        ffi::LUA_TBOOLEAN => "boolean",
        ffi::LUA_TLIGHTUSERDATA => "lightuserdata",
        ffi::LUA_TNUMBER => "number",
        ffi::LUA_TSTRING => "string",
        ffi::LUA_TTABLE => "table",
        ffi::LUA_TFUNCTION => "function",
        ffi::LUA_TUSERDATA => "userdata",
        ffi::LUA_TTHREAD => "thread",
        _ => "value",
    }
}
