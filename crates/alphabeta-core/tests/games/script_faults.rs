//! Scripts that go wrong: every sandbox escape tried is refused with a message naming the file and line, wrong
//! shapes name the function's line, a broken script in a folder is listed with its error while the others load, a
//! script failing mid-search is reported rather than taken as a result, and an edited script is reloaded (its game
//! replayed into the new rules, or kept with the reason).

use crate::scripts::{from_text, games_dir};
use alphabeta_core::engine::game::Game;
use alphabeta_core::engine::search::deepening::EngineConfig;
use alphabeta_core::engine::search::limits::Limits;
use alphabeta_core::games::perft;
use alphabeta_core::games::script::load_dir;

// ---- The sandbox and the messages -------------------------------------------------------------------------------

const GOOD: &str = r#"
function start() return { n = 0 } end
function turn(s) return s.n % 2 + 1 end
function moves(s) return { 1, 2 } end
function play(s, m) return { n = s.n + m } end
function result(s) if s.n >= 6 then return 1 end return nil end
"#;

/// A script whose `moves` runs `body` (line 4 of the script).
fn with_moves(body: &str) -> String {
    format!(
        "function start() return {{ n = 0 }} end\nfunction turn(s) return 1 end\nfunction play(s, m) return {{ n = \
         s.n + 1 }} end\nfunction moves(s) {body} end\nfunction result(s) return nil end\n"
    )
}

/// Loads a script whose `moves` fails, searches it, and returns the fault.
fn fault_of(body: &str) -> String {
    match from_text(&with_moves(body)) {
        Err(message) => message,
        Ok(script) => {
            let mut game = script.new_game().expect("starts");
            let leaves = perft(&mut game, 2);
            assert_eq!(leaves, 1, "a faulted game counts as over");
            game.fault().expect("the script failed").message
        }
    }
}

#[test]
fn escapes_from_the_sandbox_are_refused_naming_file_and_line() {
    let cases = [
        ("io.open('/etc/passwd')", "games/test.lua:4:", "io"),
        ("os.execute('true')", "games/test.lua:4:", "os"),
        ("require('os')", "games/test.lua:4:", "require"),
        ("dofile('/etc/passwd')", "games/test.lua:4:", "dofile"),
        ("debug.sethook()", "games/test.lua:4:", "debug"),
        ("load(string.char(27) .. 'LuaT')()", "games/test.lua:4:", "bytecode"),
        ("return { string.rep('x', 1 << 40) }", "games/test.lua:4:", "string.rep"),
        ("local t = {} for i = 1, math.huge do t[i] = { i, i, i } end", "games/test.lua:4:", "MiB"),
        ("local s = 'x' while true do s = s .. s end", "games/test.lua:4:", ""),
        ("while true do end", "games/test.lua:4:", "endless loop"),
        ("local function f(n) return 1 + f(n + 1) end return { f(1) }", "games/test.lua:4:", "stack overflow"),
        ("error('my own message')", "games/test.lua:4: my own message", ""),
        ("return 'a string'", "games/test.lua:4: moves returned the string \"a string\"", ""),
        ("return { 1, 'two' }", "games/test.lua:4: moves returned a list whose entry 2 is a string", ""),
        // A number that is not whole is named by its value; the same move twice, or no move in a game
        // that goes on, is the script's error with its line (perft used to count 484 for 256, and `match` to blame
        // the player for an illegal move).
        ("return { 57.5 }", "games/test.lua:4: moves returned a list whose entry 1 is 57.5, but every", ""),
        ("return { 1, 2, 1 }", "games/test.lua:4: moves returned the move 1 twice", ""),
        ("return {}", "games/test.lua:4: moves returned no move, but result returned nil", ""),
    ];
    for (body, start, word) in cases {
        let message = fault_of(body);
        assert!(message.starts_with(start), "{body}: {message}");
        assert!(message.contains(word), "{body}: {message}");
        assert!(!message.contains('\n'), "{body}: one line: {message}");
    }
}

#[test]
fn escapes_at_load_time_are_refused_too() {
    for (text, line) in [
        ("x = 1\nlocal f = io.open('/etc/passwd')\n", "games/test.lua:2:"),
        ("while true do end", "games/test.lua:1:"),
        ("x = 1\ny = = 2", "games/test.lua:2:"),
        ("local s = string.rep('ab', 1e12)", "games/test.lua:1:"),
    ] {
        let message = from_text(text).expect_err("refused");
        assert!(message.starts_with(line), "{text}: {message}");
    }
}

#[test]
fn wrong_shapes_are_reported_with_the_function_s_line() {
    let broken = |from: &str, to: &str| from_text(&GOOD.replace(from, to)).map(|_| ()).expect_err("broken");
    assert_eq!(
        broken("function moves(s) return { 1, 2 } end\n", ""),
        "games/test.lua: the script defines no function `moves` (every game needs start, turn, moves, play and result)"
    );
    assert!(broken("return s.n % 2 + 1", "return 3").starts_with("games/test.lua:3: turn returned number 3"));
    assert!(broken("return { n = 0 }", "return 0").starts_with("games/test.lua:2: start returned number 0"));
    assert!(from_text(&format!("{GOOD}\nbounds = {{1, -1}}")).expect_err("bad bounds").contains("bounds"));
    assert!(from_text(&format!("{GOOD}\nai = {{ level = 12 }}")).expect_err("bad level").contains("ai.level"));
    // Levels listed outright, as in the `.ron` files: all ten, each a table of depth, nodes and mistakes.
    let levels = |entries: &str| from_text(&format!("{GOOD}\nai = {{ levels = {{ {entries} }} }}"));
    let ten = "{depth = 1, mistakes = 2}, ".repeat(9) + "{nodes = 5000}";
    let script = levels(&ten).expect("ten levels");
    let ai = &script.ai;
    assert_eq!((ai.levels.len(), ai.levels[0].depth, ai.levels[0].mistakes), (10, Some(1), Some(2.0)));
    assert_eq!((ai.levels[9].depth, ai.levels[9].nodes), (None, Some(5000)));
    let nine = "{depth = 1}, ".repeat(9);
    assert!(levels(&nine).expect_err("nine").contains("`ai.levels` lists 9 levels"));
    let odd = "{depth = 1}, ".repeat(9) + "{speed = 3}";
    assert!(levels(&odd).expect_err("odd field").contains("`ai.levels[10].speed` is not a setting"));
    let negative = "{depth = 1}, ".repeat(9) + "{depth = -1}";
    assert!(levels(&negative).expect_err("negative").contains("`ai.levels` must be a list of ten tables"));
    // A `play` that returns nothing is found as soon as a move is played.
    let script = from_text(&GOOD.replace("return { n = s.n + m }", "s.n = s.n + m")).expect("loads");
    let mut game = script.new_game().expect("starts");
    let err = game.try_play(1).expect_err("play returned nothing");
    assert!(err.0.starts_with("games/test.lua:5: play returned nothing (nil)"), "{err}");
    assert_eq!(game.history().len(), 0, "the position stays as it was");
    // A result outside the declared bounds.
    let script = from_text(&format!("{GOOD}\nbounds = {{-0.5, 0.5}}")).expect("loads");
    let mut game = script.new_game().expect("starts");
    perft(&mut game, 8);
    assert!(game.fault().expect("out of bounds").message.contains("outside the bounds"));
}

#[test]
fn a_folder_lists_broken_scripts_with_their_errors_and_loads_the_others() {
    let dir = std::env::temp_dir().join(format!("scripts-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    std::fs::write(dir.join("a-good.lua"), GOOD).expect("written");
    std::fs::write(dir.join("b-broken.lua"), "function start(\n").expect("written");
    std::fs::write(dir.join("c-loops.lua"), format!("{GOOD}\nwhile true do end\n")).expect("written");
    let loaded = load_dir(&dir);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(loaded.len(), 3);
    assert_eq!(loaded[0].as_ref().map(|s| s.id.as_str()), Ok("a-good"));
    let broken = loaded[1].as_ref().expect_err("a syntax error");
    assert!(broken.message.contains("b-broken.lua:2:"), "{broken}");
    let loops = loaded[2].as_ref().expect_err("an endless loop");
    assert!(loops.message.contains("c-loops.lua:8: stopped after"), "{loops}");
    // And the shipped games all load.
    for result in load_dir(&games_dir()) {
        let script = result.unwrap_or_else(|e| panic!("{e}"));
        let game = script.new_game().expect("starts");
        if script.board.is_some() {
            game.board().unwrap_or_else(|e| panic!("{}: {e}", script.id));
        }
    }
}

/// A script that fails only deep in the tree (its `moves` errs once five stones are down).
const FAILS_AT_DEPTH_5: &str = "function start() return { n = 0 } end\nfunction turn(s) return s.n % 2 + 1 end\n\
function play(s, m) return { n = s.n + 1 } end\nfunction moves(s) if s.n >= 5 then error('deep trouble') end \
return { 1, 2 } end\nfunction result(s) return nil end\n";

#[test]
fn a_script_failing_during_a_search_or_a_count_is_reported_not_taken_as_a_result() {
    use alphabeta_core::engine::worker::Report;
    use alphabeta_core::games::any::{AnyGame, AnyWorker};
    let script = from_text(FAILS_AT_DEPTH_5).expect("loads");
    let game = AnyGame::new(script.new_game().expect("starts"));
    assert_eq!(game.perft(3), Ok(8), "shallow counts never reach the failure");
    let counted = game.perft(8).expect_err("the count reaches the failure");
    assert!(counted.starts_with("games/test.lua:4:") && counted.contains("deep trouble"), "{counted}");
    let config = EngineConfig { limits: Limits { depth: Some(8), time_ms: None, nodes: None }, ..Default::default() };
    let searched = game.think(config.clone()).expect_err("the search reaches the failure");
    assert!(searched.contains("deep trouble"), "{searched}");
    // The window's worker says so too, instead of a move.
    let mut worker = AnyWorker::new(|| {});
    let id = worker.think(&game, config).expect("the worker starts");
    let started = std::time::Instant::now();
    loop {
        match worker.try_report() {
            Some(Report::Failed { id: reported, message, blame }) if reported == id => {
                assert!(message.contains("games/test.lua:4:"), "{message}");
                assert_eq!(blame, alphabeta_core::engine::worker::Blame::Game, "the script's fault, not the engine's");
                break;
            }
            Some(Report::Done { .. }) => panic!("a failed script's search was reported as done"),
            _ if started.elapsed().as_secs() > 60 => panic!("no report"),
            _ => std::thread::sleep(std::time::Duration::from_millis(10)),
        }
    }
}

/// A call into a script may take a tenth of a second, so a script's search looks at its limits at every node: a
/// budget of 50 nodes ends within a line's length of 50, where a compiled game's search would first count 1,024
/// (and a move's time would overrun by as many slow calls).
#[test]
fn a_script_s_search_keeps_to_its_node_budget_node_by_node() {
    use alphabeta_core::games::any::AnyGame;
    let endless = GOOD.replace("if s.n >= 6 then return 1 end return nil", "return nil");
    let script = from_text(&endless).expect("loads");
    let game = AnyGame::new(script.new_game().expect("starts"));
    let config = EngineConfig { limits: Limits::nodes(50), ..Default::default() };
    let thought = game.think(config).expect("searches");
    let nodes = thought.total_stats().nodes_visited;
    let deepest = thought.iterations.iter().chain(&thought.partial).map(|i| i.depth).max().unwrap_or(0);
    // Past the budget, the stopped search finishes the line it is on: at most one node a ply.
    assert!((50..=50 + deepest as u64 + 1).contains(&nodes), "{nodes} nodes, {deepest} plies deep");
    assert!(thought.partial.is_some(), "the budget, not the depth, ended it");
}

// ---- Edit and reload ---------------------------------------------------------------------------------------------
