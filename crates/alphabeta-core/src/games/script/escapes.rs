//! Scripts that try to outlive their budget: catching the budget's error, working inside the library's
//! C functions, finalizers, and output too large to draw. Each must end, quickly, with a message naming the line.

use super::Script;
use super::sandbox::Sandbox;
use crate::engine::game::Game;
use crate::games::perft;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The longest any of these examples may take: a call ends within its budget (a tenth of a second of
/// instructions, three seconds of wall clock), and loading a script makes three calls.
const PATIENCE: Duration = Duration::from_secs(12);

/// Runs `f` on a thread of its own and gives its answer, or fails the test if it has not answered in time (the
/// thread is left behind: the test has failed anyway).
fn within<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> (R, Duration) {
    let (tx, rx) = mpsc::channel();
    let started = Instant::now();
    std::thread::spawn(move || {
        let answer = f();
        // The receiver may have given up: nothing to do then.
        let _ = tx.send(answer);
    });
    match rx.recv_timeout(PATIENCE) {
        Ok(answer) => (answer, started.elapsed()),
        Err(_) => panic!("still running after {PATIENCE:?}"),
    }
}

const GOOD: &str = "function start() return { n = 0 } end\nfunction turn(s) return s.n % 2 + 1 end\n\
function play(s, m) return { n = s.n + 1 } end\nfunction moves(s) return { 1, 2 } end\n\
function result(s) if s.n >= 4 then return 0 end return nil end\n";

/// Loads `text` (named `games/x.lua`): the script or its message.
fn load(text: String) -> Result<std::sync::Arc<Script>, String> {
    Script::from_source("games/x.lua", "x", text).map_err(|e| e.message)
}

/// The message of loading `GOOD` followed by `tail` (which runs at load, from line 6), within [`PATIENCE`].
fn load_error(tail: &str) -> (String, Duration) {
    let text = format!("{GOOD}{tail}\n");
    let (answer, took) = within(move || load(text).map(|_| ()));
    (answer.expect_err("the script must be refused"), took)
}

/// The fault of a game whose `moves` (line 4) runs `body`, counted to depth 2.
fn moves_fault(body: &str) -> (String, Duration) {
    let text = GOOD.replace("function moves(s) return { 1, 2 } end", &format!("function moves(s) {body} end"));
    let (answer, took) = within(move || match load(text) {
        Err(message) => message,
        Ok(script) => {
            let mut game = script.new_game().expect("starts");
            perft(&mut game, 2);
            game.fault().map(|f| f.message).unwrap_or_default()
        }
    });
    (answer, took)
}

#[test]
fn pcall_xpcall_load_and_print_cannot_catch_a_spent_budget() {
    let loops = [
        "while true do pcall(function() while true do end end) end",
        "while true do pcall(pcall, function() while true do end end) end",
        "while true do xpcall(function() while true do end end, function() while true do end end) end",
        "while true do load(function() while true do end end) end",
        "local t = setmetatable({}, {__tostring = function() while true do end end}) while true do pcall(print, t) end",
        "while true do pcall(string.gsub, 'aaa', 'a', function() while true do end end) end",
        "while true do pcall(table.sort, {3, 2, 1}, function() while true do end end) end",
        "error(setmetatable({}, {__tostring = function() while true do end end}))",
        "local t = setmetatable({}, {__close = function() while true do end end}) do local x <close> = t end",
        "do local x <close> = setmetatable({}, {__close = function() while true do end end}) error('x') end",
        // A handler Lua runs as the spent call's error leaves the function.
        "local g <close> = setmetatable({}, {__close = function() while true do end end}); while true do end",
        "local a <close> = setmetatable({}, {__close = function() while true do end end}) \
         local b <close> = setmetatable({}, {__close = function() error({}) end}); while true do end",
    ];
    for body in loops {
        let (message, took) = load_error(body);
        assert!(message.starts_with("games/x.lua:6: stopped after"), "{body}: {message}");
        assert!(took < Duration::from_secs(4), "{body}: {took:?}");
        let (fault, took) = moves_fault(body);
        assert!(fault.starts_with("games/x.lua:4: stopped after"), "{body}: {fault}");
        assert!(took < Duration::from_secs(4), "{body}: {took:?}");
    }
}

#[test]
fn work_inside_the_library_is_bounded() {
    let cases = [
        ("return { ('a'):rep(40):find(('a*'):rep(40) .. 'b') }", "string.find"),
        ("return { ('a'):rep(5000):match('(a*)(a*)(a*)b') }", "string.match"),
        ("return { ('ab'):rep(1000):gsub('.-.-.-.-x', '') }", "string.gsub"),
        ("return { #(''):rep(1e15) }", "stopped after"),
        ("return { ('x'):rep(1e9) }", "string.rep"),
        ("table.move({}, 1, 1e15, 2) return { 1 }", "stopped after"),
        ("table.insert(setmetatable({}, {__len = function() return 1 << 60 end}), 1, 0) return { 1 }", "stopped"),
        ("table.remove(setmetatable({}, {__len = function() return 1 << 60 end}), 1) return { 1 }", "stopped"),
        ("table.concat(setmetatable({}, {__index = type}), '', 1, 1e9) return { 1 }", "stopped"),
        ("table.sort(setmetatable({}, {__len = function() return 1 << 40 end, __index = type})) return {1}", "stopped"),
        ("local t = {} for i = 1, 3000 do t[i] = i end table.sort(t, function() return true end) return {1}", ""),
        ("local s = ('x'):rep(1e6) while true do local _ = string.format('%s%s', s, s) end", "stopped after"),
        ("local s = ('x'):rep(1e6) while true do local _ = s:upper() end", "stopped after"),
        ("local s = ('a'):rep(1000) while true do local _ = s:find('a*b') end", "stopped after"),
        ("while true do local _ = load(('x = 1 '):rep(1e5)) end", "stopped after"),
    ];
    for (body, word) in cases {
        let (fault, took) = moves_fault(body);
        assert!(fault.starts_with("games/x.lua:4:"), "{body}: {fault}");
        assert!(fault.contains(word), "{body}: {fault}");
        assert!(!fault.contains("sandbox"), "{body}: {fault}");
        assert!(took < Duration::from_secs(4), "{body}: {took:?}");
    }
}

#[test]
fn every_call_has_a_wall_clock_deadline() {
    let sandbox = Sandbox::with_time_limit("t", Duration::from_millis(20)).expect("a sandbox");
    let _call = sandbox.new_budget();
    let started = Instant::now();
    let chunk = "local function f() local x = 0 while true do x = x + 1 end end\nf()";
    let error = sandbox.lua.load(chunk).set_name("@games/t.lua").exec().expect_err("stopped");
    let message = sandbox.describe_failure(&error, "games/t.lua");
    assert!(started.elapsed() < Duration::from_secs(1), "{:?}", started.elapsed());
    assert!(message.starts_with("games/t.lua:1: stopped after 0."), "{message}");
    assert!(message.contains(" s in one call, past its limit of 0.02 s"), "{message}");
    assert!(message.contains("call stack: f at line 1, called from the file's main chunk at line 2"), "{message}");
}

/// One instruction can make C work on a string of 30 MB for tens of milliseconds (`tonumber(s)` reads it all): the
/// hook then looks after every instruction, so the call ends within the time of one such instruction past its limit
/// (at 1,000 instructions a look, it ran 1.3–3.5 times its limit), and the message says how long it ran.
#[test]
fn a_call_ends_near_its_limit_whatever_its_instructions_ask_of_c() {
    let limit = Duration::from_secs(1);
    for body in [
        "while true do local _ = tonumber(S) end",
        "while true do local _ = tonumber(S, 2) end",
        // Quick instructions first (the hook looks every 1,000), then slow ones: the watchdog sees no look for a
        // while and makes the hook look after every instruction.
        "for i = 1, 5e6 do end while true do local _ = tonumber(S) end",
    ] {
        let ((message, took), _) = within(move || {
            let sandbox = Sandbox::with_time_limit("t", limit).expect("a sandbox");
            // Each step under a budget of its own: the string is within the memory limit, too long for one call.
            for step in ["A = ('1'):rep(15e6)", "S = A .. A A = nil"] {
                let _call = sandbox.new_budget();
                if let Err(e) = sandbox.lua.load(step).exec() {
                    panic!("{step}: {e}")
                }
            }
            let _call = sandbox.new_budget();
            let started = Instant::now();
            let error = sandbox.lua.load(body).set_name("@games/t.lua").exec().expect_err("stopped");
            (sandbox.describe_failure(&error, "games/t.lua"), started.elapsed())
        });
        assert!(took < limit + super::budget::CALL_TIME_MARGIN, "{body}: {took:?}");
        assert!(message.starts_with("games/t.lua:1: stopped after 1."), "{body}: {message}");
        assert!(message.contains(" s in one call, past its limit of 1 s"), "{body}: {message}");
    }
}

/// The count hook costs a third of a script's time whatever its count, so a call runs without it; one that runs
/// long (a loop waiting for it) gets it from the watchdog within a few ticks, and the next call starts without it.
#[test]
fn only_a_call_that_runs_long_is_hooked() {
    let (answers, _) = within(|| {
        let sandbox = Sandbox::new("t").expect("a sandbox");
        let quick = (0..200)
            .filter(|_| {
                let _call = sandbox.new_budget();
                let sum: i64 =
                    sandbox.lua.load("local x = 0 for i = 1, 100 do x = x + i end return x").eval().unwrap_or(0);
                assert_eq!(sum, 5050);
                sandbox.hooked()
            })
            .count();
        let f = sandbox.lua.create_function(|lua, ()| Ok(super::sandbox::hooked(lua))).expect("a function");
        sandbox.lua.globals().set("hooked", f).expect("set");
        let hooked = {
            let _call = sandbox.new_budget();
            sandbox.lua.load("local n = 0 while not hooked() do n = n + 1 end return n").eval::<i64>().is_ok()
        };
        let after = {
            let _call = sandbox.new_budget();
            sandbox.hooked()
        };
        (quick, hooked, after)
    });
    // A machine busy enough to hold a quick call for a whole tick could get one hooked: a few at most.
    assert!(answers.0 <= 5, "{} of 200 quick calls were hooked", answers.0);
    assert!(answers.1, "the long call was hooked, and ended");
    assert!(!answers.2, "the call after it starts unhooked");
}

#[test]
fn finalizers_are_refused_and_closing_a_state_runs_none() {
    let (message, _) = load_error("setmetatable({}, {__gc = function() while true do end end})");
    assert!(message.starts_with("games/x.lua:6: setmetatable: finalizers (__gc) are not allowed"), "{message}");
    // A `__gc` added after `setmetatable` never marks the table: dropping the state (and the script) ends.
    let late =
        format!("{GOOD}local mt = {{}}\nT = setmetatable({{}}, mt)\nmt.__gc = function() while true do end end\n");
    let (loaded, took) = within(move || load(late).map(|script| drop(script.new_game())));
    assert_eq!(loaded, Ok(()));
    assert!(took < Duration::from_secs(4), "{took:?}");
}

#[test]
fn the_budget_message_names_the_running_line_and_the_call_stack() {
    let text = GOOD.replace(
        "function moves(s) return { 1, 2 } end",
        "local function spin()\n  while true do end\nend\nfunction moves(s) spin() return { 1 } end",
    );
    let (fault, _) = within(move || {
        let mut game = load(text).expect("loads").new_game().expect("starts");
        perft(&mut game, 1);
        game.fault().map(|f| f.message).unwrap_or_default()
    });
    assert!(
        fault.starts_with(
            "games/x.lua:5: stopped after 20 million instructions in one call (an endless loop?); call \
             stack: spin at line 5, called from moves at line 7"
        ),
        "{fault}"
    );
    // Memory: the script's line, never the sandbox's own chunk.
    let (fault, _) = moves_fault("local t = {} for i = 1, math.huge do t[i] = { i, i, i } end");
    assert!(fault.starts_with("games/x.lua:4: stopped"), "{fault}");
    assert!(!fault.contains("sandbox"), "{fault}");
}

#[test]
fn what_draw_returns_is_held_to_what_a_board_can_show() {
    let board = |draw: &str| {
        let text = format!("{GOOD}board = {{ width = 2, height = 1 }}\nfunction draw(s) {draw} end\n");
        within(move || {
            let game = load(text).expect("loads").new_game().expect("starts");
            game.board().map_err(|e| e.message)
        })
    };
    let (drawn, _) = board("return { 'X', 'O', caption = ('c'):rep(16 << 20) }");
    let caption = drawn.expect("drawn").caption.expect("a caption");
    assert_eq!(caption.chars().count(), super::board::CAPTION_CHARS + 1);
    assert!(caption.ends_with('…'));
    let (drawn, _) = board("return { ('g'):rep(20000), 'O' }");
    assert_eq!(
        drawn.expect_err("too long"),
        "games/x.lua:7: draw: cell 1 is a glyph of 20000 bytes: at most 8 characters fit in a cell"
    );
    let (drawn, _) = board("return { { label = ('l'):rep(20000) }, 'O' }");
    assert!(drawn.expect_err("too long").contains("cell 1 has a label of 20000 bytes"));
    let (drawn, took) = board("while true do pcall(function() while true do end end) end");
    assert!(drawn.expect_err("stopped").starts_with("games/x.lua:7: stopped after"));
    assert!(took < Duration::from_secs(4), "{took:?}");
    // The window asks at every frame; the script is asked once per position.
    let text = format!(
        "{GOOD}board = {{ width = 1, height = 1 }}\nCALLS = 0\nfunction draw(s) CALLS = CALLS + 1 return {{ 'X', caption = tostring(CALLS) }} end\n"
    );
    let (captions, _) = within(move || {
        let mut game = load(text).expect("loads").new_game().expect("starts");
        let caption = |game: &super::ScriptGame| game.board().ok().and_then(|b| b.caption);
        let mut seen = vec![caption(&game), caption(&game)];
        game.try_play(1).expect("legal");
        seen.extend([caption(&game), caption(&game)]);
        seen
    });
    let expected = ["1", "1", "2", "2"].map(|c| Some(c.to_owned()));
    assert_eq!(captions, expected);
    // Move names and error messages are held too.
    let (fault, _) = moves_fault("error(('e'):rep(1 << 20))");
    assert!(fault.chars().count() <= super::MESSAGE_CHARS + 1, "{} characters", fault.len());
    let text = format!("{GOOD}function move_name(s, m) return ('m'):rep(1000) end\n");
    let (name, _) = within(move || {
        let game = load(text).expect("loads").new_game().expect("starts");
        let name = game.move_name(1);
        (name, game.fault().map(|f| f.message))
    });
    assert_eq!(name.0, "1", "the number stands in for a name that failed");
    assert!(name.1.expect("a fault").contains("longer than the 64 bytes"));
}

#[test]
fn a_folder_of_hanging_scripts_loads_in_bounded_time() {
    let dir = std::env::temp_dir().join(format!("escapes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    // Four that run until their budget stops them, read side by side.
    let endless = "while true do pcall(function() while true do end end) end";
    let hostile = [
        endless,
        "setmetatable({}, {__gc = function() while true do end end})",
        "local s = ('a'):rep(40) s:find(('a*'):rep(40) .. 'b')",
        endless,
        endless,
        endless,
    ];
    for (i, tail) in hostile.iter().enumerate() {
        std::fs::write(dir.join(format!("h{i}.lua")), format!("{GOOD}{tail}\n")).expect("written");
    }
    let folder = dir.clone();
    let (registry, took) = within(move || crate::games::registry::Registry::load(&folder));
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(registry.errors.len(), hostile.len(), "{:?}", registry.errors);
    for (i, error) in registry.errors.iter().enumerate() {
        assert!(error.line().contains(&format!("h{i}.lua:6:")), "{}", error.line());
    }
    assert!(took < Duration::from_secs(6), "{took:?}");
}
