//! The driver's entry points that the search calls at every node — `start`, `play`, `undo`, `moves`, `evaluate` —
//! called through Lua's C API, their answers read off Lua's stack where they lie: mlua's conversions would make a
//! value of each answer first (a registry slot for a string key, a list of values for the moves), which cost as
//! much as the rest of the boundary. The other entry points (a board, a click, chances, a move's name) are called
//! the ordinary way.
//!
//! Each call is one `lua_pcall` of the driver's function, kept in Lua's registry ([`NodeCalls`]): an error the
//! script raises, its budget or the memory limit comes back as the same [`mlua::Error`] an ordinary call gives
//! (mlua reads the error object, see [`NodeCalls::failure`]). mlua's own protected call would wrap each call in a
//! C function of its own, an error handler and a lock, as much work again as Kalah's `play`. What is read after a
//! call can neither raise an error nor run the script's code: numbers and strings are read in place, and a list
//! of moves with a metatable (whose `__len` or `__index` is the script's code) is read inside a protected call.

use mlua::ffi::{self, lua_State};
use mlua::{FromLua, Function, Lua, Table, Value};
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

/// An argument of a call: a whole number, or nothing (`nil`).
type Arg = Option<i64>;

/// The driver's functions the search calls at every node, as places in Lua's registry, and the state they run in.
pub struct NodeCalls {
    state: *mut lua_State,
    start: ffi::lua_Integer,
    play: ffi::lua_Integer,
    undo: ffi::lua_Integer,
    moves: ffi::lua_Integer,
    evaluate: ffi::lua_Integer,
    info: ffi::lua_Integer,
}

// SAFETY: `state` is the main state of the `Lua` the calls belong to, which is `Send` (mlua's `send` feature), and
// the owner (`Vm`) keeps both together and uses them from one thread at a time.
unsafe impl Send for NodeCalls {}

impl NodeCalls {
    /// The calls of the driver's functions in `lua`: `start`, `play`, `undo` (the script's, or any function when
    /// it has none), `moves`, `evaluate` and `info`. The references live as long as `lua`, which must outlive this.
    pub fn new(lua: &Lua, [start, play, undo, moves, evaluate, info]: [&Function; 6]) -> mlua::Result<NodeCalls> {
        let mut state = null_mut();
        // SAFETY: reads the pointer to the state a protected call runs in: the main state, at the top level.
        unsafe { lua.exec_raw::<()>((), |s| state = s)? };
        let keep = |function: &Function| {
            let mut reference = 0;
            // SAFETY: the function is the one argument on the protected call's stack; `luaL_ref` pops it into the
            // registry (an allocation that may fail, inside the protected call).
            unsafe { lua.exec_raw::<()>(function, |s| reference = ffi::luaL_ref(s, ffi::LUA_REGISTRYINDEX))? };
            Ok::<_, mlua::Error>(ffi::lua_Integer::from(reference))
        };
        Ok(NodeCalls {
            state,
            start: keep(start)?,
            play: keep(play)?,
            undo: keep(undo)?,
            moves: keep(moves)?,
            evaluate: keep(evaluate)?,
            info: keep(info)?,
        })
    }

    /// The driver's `start`: whose turn, the result and the key of the starting position.
    pub fn start(&self, lua: &Lua) -> mlua::Result<Answer> {
        self.answer(lua, self.start, &[])
    }

    /// The driver's `play` of move `mv` from position `depth` of its stack, taking `back` back first.
    pub fn play(&self, lua: &Lua, depth: usize, mv: i64, back: Option<i64>) -> mlua::Result<Answer> {
        self.answer(lua, self.play, &[Some(depth as i64), Some(mv), back])
    }

    /// The driver's `info` of position `depth`: whose turn, the result and the key, as the script says now.
    pub fn info(&self, lua: &Lua, depth: usize) -> mlua::Result<Answer> {
        self.answer(lua, self.info, &[Some(depth as i64)])
    }

    /// The driver's `undo` of move `mv` from position `depth`.
    pub fn undo(&self, lua: &Lua, depth: usize, mv: i64) -> mlua::Result<()> {
        self.call(lua, self.undo, &[Some(depth as i64), Some(mv)], 0, |_| ())
    }

    /// The driver's `evaluate` of position `depth`: a number (the driver has checked it).
    pub fn evaluate(&self, lua: &Lua, depth: usize) -> mlua::Result<f64> {
        // SAFETY: the answer is on top of the stack (`call`).
        self.call(lua, self.evaluate, &[Some(depth as i64)], 1, |state| unsafe {
            ffi::lua_tonumberx(state, -1, null_mut())
        })
    }

    /// The driver's `moves` of position `depth`: the list's moves appended to `moves` — all of them, or those
    /// before the first entry that is not a move, whose problem is returned. The list is read as `table.unpack`
    /// reads it (its length by `#`, entries by index, metamethods included).
    pub fn moves(&self, lua: &Lua, depth: usize, moves: &mut Vec<i64>) -> mlua::Result<Option<ListProblem>> {
        // SAFETY: the list is on top of the stack (`call`), with a free slot above it. Read raw, a list without a
        // metatable runs no code of the script's and cannot fail; one with a metatable is handed to mlua as a
        // value (which reads it in place), to be read inside a protected call.
        let read = self.call(lua, self.moves, &[Some(depth as i64)], 1, |state| unsafe {
            if ffi::lua_getmetatable(state, -1) == 0 {
                Ok(read_moves(state, moves, ffi::lua_rawlen(state, -1) as i64, ffi::lua_rawgeti))
            } else {
                ffi::lua_pop(state, 1);
                Err(lua.exec_raw_lua(|raw| Table::from_stack(-1, raw)))
            }
        })?;
        match read {
            Ok(problem) => Ok(problem),
            Err(list) => Self::read_with_metamethods(lua, list?, moves),
        }
    }

    /// Reads a list of moves that has a metatable inside a protected call, its length by `#` and its entries by
    /// index, as `table.unpack` reads it: a metamethod's error comes back as the call's.
    #[cold]
    fn read_with_metamethods(lua: &Lua, list: Table, moves: &mut Vec<i64>) -> mlua::Result<Option<ListProblem>> {
        let mut problem = None;
        // SAFETY: the list is the one argument on the protected call's stack, read with a free slot above it (a
        // C function starts with 20); a metamethod's error leaves the closure by `longjmp`, which holds nothing
        // needing a drop.
        unsafe {
            lua.exec_raw::<()>(list, |state| {
                problem = read_moves(state, moves, ffi::luaL_len(state, -1), ffi::lua_geti);
            })?;
        }
        Ok(problem)
    }

    /// The driver's `start` or `play`: three answers, whose turn, the result and the key.
    fn answer(&self, lua: &Lua, function: ffi::lua_Integer, args: &[Arg]) -> mlua::Result<Answer> {
        // SAFETY: the three answers are on top of the stack (`call`); reading a number or a string's bytes in
        // place neither fails nor runs the script's code.
        self.call(lua, function, args, 3, |state| unsafe {
            Answer {
                turn: ffi::lua_tointegerx(state, -3, null_mut()),
                result: real_at(state, -2),
                key: key_hash_at(state, -1),
            }
        })
    }

    /// Calls the driver's function at `function` in the registry with `args` in a protected call, and hands the
    /// state to `read` with `results` answers on top of its stack; the stack is as before afterwards.
    fn call<R>(
        &self,
        lua: &Lua,
        function: ffi::lua_Integer,
        args: &[Arg],
        results: c_int,
        read: impl FnOnce(*mut lua_State) -> R,
    ) -> mlua::Result<R> {
        let state = self.state;
        // SAFETY: the state is alive (the owner keeps the `Lua`), and this thread is the only one using it. Pushing
        // the function from the registry, whole numbers and `nil` allocates nothing once the stack has room, so
        // nothing here can raise an error outside `lua_pcall`, which leaves `results` answers (or the error) above
        // `top`; `read` sees them there.
        unsafe {
            let top = ffi::lua_gettop(state);
            if ffi::lua_checkstack(state, args.len() as c_int + results + 1) == 0 {
                return Err(mlua::Error::StackError);
            }
            ffi::lua_rawgeti(state, ffi::LUA_REGISTRYINDEX, function);
            for arg in args {
                match *arg {
                    Some(n) => ffi::lua_pushinteger(state, n),
                    None => ffi::lua_pushnil(state),
                }
            }
            let status = ffi::lua_pcall(state, args.len() as c_int, results, 0);
            let outcome = if status == ffi::LUA_OK { Ok(read(state)) } else { Err(Self::failure(lua, status)) };
            ffi::lua_settop(state, top);
            outcome
        }
    }

    /// The error of a call that failed with `status`, its error object on top of the stack, as mlua makes it: a
    /// memory error, the error a Rust callback raised (mlua wrapped it), or a message — the object raised again
    /// inside mlua's protected call, which turns it into text as Lua's `tostring` does.
    ///
    /// # Safety
    /// The error object must be on top of the state's stack; it stays there.
    #[cold]
    unsafe fn failure(lua: &Lua, status: c_int) -> mlua::Error {
        if status == ffi::LUA_ERRMEM {
            return mlua::Error::MemoryError("not enough memory".into());
        }
        // SAFETY: the object is on top of the stack (the caller's contract); reading it makes a value of it.
        let object = lua.exec_raw_lua(|raw| unsafe { Value::from_stack(-1, raw) });
        match object {
            Ok(Value::Error(error)) => *error,
            Ok(object) => {
                // SAFETY: the object is the one argument of the protected call, and raising it leaves the
                // closure by `longjmp` with nothing to drop.
                let raised = unsafe { lua.exec_raw::<()>(object, |s| ffi::lua_error(s)) };
                raised.err().unwrap_or_else(|| mlua::Error::runtime("the script failed"))
            }
            Err(error) => error,
        }
    }
}

/// Reads the list on top of the stack: its `length`, then each entry by `get` (pushed, read and popped), into
/// `moves`; the first problem, if any.
///
/// # Safety
/// The list must be on top of `state`'s stack with a free slot above it; `get` must be `lua_rawgeti` or, inside a
/// protected call, `lua_geti`.
unsafe fn read_moves(
    state: *mut lua_State,
    moves: &mut Vec<i64>,
    length: i64,
    get: unsafe extern "C-unwind" fn(*mut lua_State, c_int, ffi::lua_Integer) -> c_int,
) -> Option<ListProblem> {
    if length > MOST_MOVES {
        return Some(ListProblem::TooLong(length));
    }
    for index in 1..=length {
        // SAFETY: the list is on top (the caller's contract); each entry is pushed into the free slot and popped.
        let entry = unsafe {
            get(state, -1, index);
            let entry = move_at(state, -1);
            ffi::lua_pop(state, 1);
            entry
        };
        match entry {
            Ok(mv) => moves.push(mv),
            Err((number, type_name)) => {
                return Some(ListProblem::NotAMove { index: index as usize, number, type_name });
            }
        }
    }
    None
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
