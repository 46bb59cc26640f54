//! `alphabeta-studio games` as docs/cli.md specifies it: one line per game, broken files with their errors.

use std::process::Command;

fn games(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_alphabeta")).arg("games").args(args).output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn lists_the_shipped_games_with_their_files() {
    let dir = crate::common::repository("games");
    let (code, out, err) = games(&["--dir", &dir]);
    assert_eq!(code, 0, "{err}");
    for id in [
        "tic-tac-toe",
        "four-in-a-row-5x5",
        "gomoku-9x9",
        "connect-four",
        "connect-four-8x7",
        "draughts",
        "einstein",
        "chess",
    ] {
        let line =
            out.lines().find(|l| l.split_whitespace().next() == Some(id)).unwrap_or_else(|| panic!("{id}: {out}"));
        assert!(line.contains(&format!("{id}.ron")), "{line}");
    }
    assert!(!out.contains("error"), "{out}");
}

#[test]
fn a_broken_file_is_listed_with_its_error_and_the_rest_still_load() {
    let dir = std::env::temp_dir().join(format!("abs-cli-games-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("broken.ron"), "(id: \"oops\"").expect("write");
    // A script whose `ai` table is wrong on its line 2.
    std::fs::write(dir.join("bad.lua"), "id = \"bad\"\nai = { level = 12 }\n").expect("write");
    std::fs::write(dir.join("mnk.ron"), r#"(id: "m44", name: "Four on 4×4", rules: Mnk(width: 4, height: 4, k: 4))"#)
        .expect("write");
    let (code, out, err) = games(&["--dir", dir.to_str().expect("utf-8 temp dir")]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().any(|l| l.starts_with("tic-tac-toe") && l.ends_with("built in")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("m44") && l.contains("Four on 4×4")), "{out}");
    let error = |file: &str| out.lines().find(|l| l.starts_with("error") && l.contains(file)).expect("an error line");
    assert!(error("broken.ron").starts_with(&format!("error  {}: ", dir.join("broken.ron").display())), "{out}");
    // The script's message names its file once.
    let script = error("bad.lua");
    assert_eq!(script.matches("bad.lua").count(), 1, "{script}");
    assert!(script.contains("ai.level"), "{script}");
    assert_eq!(out.lines().count(), 5, "{out}");
}

/// Output piped into a reader that stops early (`… | head -1`) ends the command quietly, as with other command-line
/// tools, never with a panic on the closed pipe.
#[test]
fn a_closed_pipe_ends_a_command_quietly() {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args(["games", "--dir", &crate::common::repository("games")])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    drop(child.stdout.take()); // the reader is gone before the first line is written
    let out = child.wait_with_output().expect("ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_ne!(out.status.code(), Some(101), "a panic's status: {err}");
}

/// Black to move a queen down: its search finds about −9 pawns for Black. The text says it from White's side by
/// default (+9, in pawns, "+: White ahead"), `--values side-to-move` from Black's (−9); the JSON follows the same
/// choice in full precision and centipawns, and names it; any other choice is one line on stderr and exit 2.
#[test]
fn values_are_read_from_the_side_the_command_names() {
    let run = |values: &[&str]| {
        let mut args = vec!["search", "chess", "--from", "4k3/8/8/8/8/8/8/3QK3 b - - 0 1", "--depth", "2"];
        args.extend(values);
        let out = Command::new(env!("CARGO_BIN_EXE_alphabeta")).args(&args).output().expect("runs");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let value_line = |text: &str| text.lines().find(|l| l.starts_with("value ")).map(str::to_string);
    let (code, white, _) = run(&[]);
    assert_eq!(code, Some(0), "{white}");
    let line = value_line(&white).expect("a value line");
    assert!(line.starts_with("value     +") && line.ends_with("  [pawns, +: White ahead]"), "{white}");
    let (_, black, _) = run(&["--values", "side-to-move"]);
    let flipped = value_line(&black).expect("a value line");
    assert!(flipped.starts_with("value     -") && flipped.ends_with("  [pawns, +: Black, to move, ahead]"), "{black}");
    assert_eq!(line[11..line.find("  [").unwrap_or(0)], flipped[11..flipped.find("  [").unwrap_or(0)], "the same size");
    let json = |values: &str| {
        let (_, out, _) = run(&["--values", values, "--json"]);
        serde_json::from_str::<serde_json::Value>(&out).expect("JSON")
    };
    let (first, mover) = (json("first-player"), json("side-to-move"));
    assert_eq!(first["values_from"], "first-player");
    assert_eq!(mover["values_from"], "side-to-move");
    let value = first["value"].as_f64().expect("a number");
    assert!(value > 500.0, "centipawns, White ahead: {first}");
    assert_eq!(mover["value"].as_f64(), Some(-value), "{mover}");
    let (code, out, err) = run(&["--values", "black"]);
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert_eq!(err, "error: --values: 'black' is not a side to read values from: first-player or side-to-move\n");
}

/// A drawn or balanced value prints as 0, never "-0" (IEEE's negative zero from negating a zero), in JSON and text.
/// What `search <game> --depth 3` prints, as text or (`json`) as JSON.
fn search_at_depth_3(game: &str, json: bool) -> String {
    let mut args = vec!["search", game, "--depth", "3"];
    args.extend(json.then_some("--json"));
    let out = Command::new(env!("CARGO_BIN_EXE_alphabeta")).args(&args).output().expect("runs");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_zero_value_never_prints_as_minus_zero() {
    let search = |json: bool| search_at_depth_3("nim", json);
    let json: serde_json::Value = serde_json::from_str(&search(true)).expect("JSON");
    let iterations = json["iterations"].as_array().expect("iterations");
    let values: Vec<f64> = iterations.iter().map(|i| i["value"].as_f64().expect("a number")).collect();
    assert!(values.contains(&0.0), "{values:?}");
    assert!(values.iter().all(|v| !(*v == 0.0 && v.is_sign_negative())), "{json}");
    let text = search(false);
    let zeros = text.lines().filter(|l| l.contains("value +0 ") || l.ends_with("value     +0")).count();
    assert!(zeros > 0 && !text.contains("value -0"), "{text}");
}

/// `search --json` reports the main search thread's processor time (`bench/smp.py` reads it, for a time to depth
/// that other work on the machine distorts less): a positive time, and the main thread's alone — never more than
/// the whole command's wall-clock time, which two threads' processor time together would exceed.
#[test]
fn search_reports_the_main_threads_processor_time() {
    for threads in ["1", "2"] {
        let started = std::time::Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
            .args(["search", "connect-four", "--moves", "4,4,4,4,3", "--depth", "14", "--threads", threads, "--json"])
            .output()
            .expect("runs");
        let wall = started.elapsed().as_secs_f64();
        assert!(out.status.success(), "{out:?}");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let cpu = json["main_cpu_seconds"].as_f64().expect("main_cpu_seconds");
        assert!(cpu > 0.0 && cpu <= wall, "{threads} threads: {cpu} s of processor time in {wall} s");
    }
}

/// A hostile script in `games/` cannot hang every command: loading it is bounded, it is listed as broken,
/// and the other games run. A game file that does not load is named by its own error when it is asked for (issue
/// 44), not as an unknown game.
#[test]
fn a_hostile_or_broken_script_neither_hangs_the_commands_nor_hides_its_error() {
    let dir = std::env::temp_dir().join(format!("abs-cli-hostile-{}", std::process::id()));
    let games_dir = dir.join("games");
    std::fs::create_dir_all(&games_dir).expect("temp dir");
    std::fs::write(games_dir.join("hang.lua"), "while true do pcall(function() while true do end end) end\n")
        .expect("write");
    std::fs::write(games_dir.join("finalizer.lua"), "setmetatable({}, {__gc = function() while true do end end})\n")
        .expect("write");
    std::fs::write(games_dir.join("bt-syntax.lua"), "function start()\n  if true return {} end\nend\n").expect("write");
    let run = |args: &[&str]| {
        let started = std::time::Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_alphabeta")).args(args).current_dir(&dir).output().expect("runs");
        (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned(), started.elapsed())
    };
    let (code, err, took) = run(&["perft", "tic-tac-toe", "2"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(took < std::time::Duration::from_secs(20), "{took:?}");
    let (code, err, _) = run(&["perft", "bt-syntax", "1"]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("bt-syntax.lua:2: 'then' expected near 'return'"), "{err}");
    assert!(!err.contains("unknown game"), "{err}");
}

/// One way to point at a games folder, for every command (and the window): `--games-dir DIR`,
/// else the environment's ALPHABETA_STUDIO_GAMES; a folder that does not exist is one line and exit 2.
#[test]
fn a_games_folder_is_chosen_for_every_command() {
    let dir = std::env::temp_dir().join(format!("cli-games-dir-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    std::fs::write(
        dir.join("mini.ron"),
        r#"(id: "mini-4", name: "Four on 4 × 4", rules: Mnk(width: 4, height: 4, k: 4))"#,
    )
    .expect("written");
    let studio = |args: &[&str], variable: Option<&std::path::Path>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_alphabeta"));
        command.args(args).env_remove("ALPHABETA_STUDIO_GAMES");
        if let Some(value) = variable {
            command.env("ALPHABETA_STUDIO_GAMES", value);
        }
        let out = command.output().expect("runs");
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).trim().to_string(),
            String::from_utf8_lossy(&out.stderr).trim().to_string(),
        )
    };
    let folder = dir.display().to_string();
    // 16 first moves, 15 replies each.
    assert_eq!(studio(&["perft", "--games-dir", &folder, "mini-4", "2"], None), (0, "240".into(), String::new()));
    assert_eq!(studio(&["--games-dir", &folder, "search", "mini-4", "--depth", "1", "--json"], None).0, 0);
    assert_eq!(studio(&["perft", "mini-4", "2"], Some(&dir)), (0, "240".into(), String::new()));
    let (code, _, error) = studio(&["perft", "mini-4", "2"], None);
    assert_eq!(code, 2);
    assert!(error.contains("unknown game 'mini-4'"), "{error}");
    let (code, _, error) = studio(&["games", "--games-dir", "/no/such/folder"], None);
    assert_eq!((code, error.as_str()), (2, "error: --games-dir /no/such/folder: no such folder"));
    let (code, _, error) = studio(&["games"], Some(std::path::Path::new("/no/such/folder")));
    assert_eq!((code, error.as_str()), (2, "error: ALPHABETA_STUDIO_GAMES=/no/such/folder: no such folder"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn values_print_rounded_for_people_and_in_full_as_json() {
    let search = |json: bool| search_at_depth_3("pig", json);
    let json: serde_json::Value = serde_json::from_str(&search(true)).expect("JSON");
    let value = json["value"].as_f64().expect("a number");
    assert_eq!(value, 2.0 / 36.0, "the JSON keeps every digit");
    let text = search(false);
    let line = text.lines().find(|l| l.starts_with("value ")).expect("a value line");
    assert!(line.starts_with("value     +0.056  [") && line.ends_with(" ahead]"), "{text}");
    for word in text.split_whitespace().filter(|w| w.starts_with(['+', '-'])) {
        let decimals = word.split('.').nth(1).map_or(0, str::len);
        assert!(decimals <= 3, "{word} in {text}");
    }
}
