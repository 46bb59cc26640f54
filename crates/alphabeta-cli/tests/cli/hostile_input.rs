//! Input as an attacker would write it: each failure of the first hostile-input tour (F1–F13 but F4) as a command or a file, each
//! ending in one clear line and exit status 2 — or the right answer — in bounded time and memory; then property
//! tests (proptest) over the notation, the RON tree file, game files, sessions and `solve` lines.
//!
//! The property tests run a few hundred cases each in `cargo test`. For a longer run, raise proptest's case count:
//! `PROPTEST_CASES=20000 cargo test -p alphabeta-cli --release --test cli hostile_input` (see the README).

use alphabeta_cli::lines::{Line, Lines};
use alphabeta_core::engine::search::context::StopWhen;
use alphabeta_core::engine::search::observer::NoObserver;
use alphabeta_core::engine::search::{Algorithm, SearchOptions, search};
use alphabeta_core::games::connect_four::solve::read_position;
use alphabeta_core::games::registry::{Registry, Source};
use alphabeta_core::tree::file::{TreeFile, from_ron, parse_any, to_ron};
use alphabeta_core::tree::flat::FlatTree;
use alphabeta_core::tree::notation;
use proptest::prelude::*;

use crate::common;
use crate::mutation::{edits, mutate};
use common::studio;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Asserts one line on stderr, status 2, nothing on stdout, no panic, and the line saying `says`.
fn refused(args: &[&str], stdin: &[u8], says: &str) {
    let (code, out, err) = studio(args, stdin);
    assert_eq!(code, 2, "{args:?}: {err}");
    assert!(out.is_empty(), "{args:?}: {out}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: one line: {err}");
    assert!(err.contains(says), "{args:?}: {err}");
    assert!(!err.contains("panicked") && !err.contains('\u{1b}'), "{args:?}: {err}");
}

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("abs-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

fn mkfifo(path: &Path) -> bool {
    Command::new("mkfifo").arg(path).status().is_ok_and(|s| s.success())
}

#[test]
fn f1_f11_f12_hostile_game_files_are_listed_as_errors_and_the_rest_load() {
    let dir = folder("games");
    let mnk = |id: &str, name: &str, extra: &str| {
        format!(r#"(id: "{id}", name: "{name}", rules: Mnk(width: 3, height: 3, k: 3){extra})"#)
    };
    let long = "x".repeat(70_000);
    let files = [
        ("a-long-id.ron", mnk(&long, "Long", "")),
        ("b-long-name.ron", mnk("long-name", &long, "")),
        ("c-ansi.ron", mnk("ansi", "\u{1b}[31mred\\nsecond line", "")),
        ("d-wrap.ron", r#"(id: "wrap", name: "W", rules: Mnk(width: 4294967296, height: 4294967296, k: 3))"#.into()),
        ("e-table.ron", mnk("table", "T", ", ai: (tt_mib: 1000000000000)")),
        ("g-good.ron", mnk("good", "Good", "")),
    ];
    for (name, text) in &files {
        std::fs::write(dir.join(name), text).expect("write");
    }
    #[cfg(unix)]
    std::os::unix::fs::symlink("/dev/zero", dir.join("z.ron")).expect("a link to /dev/zero");
    let fifo = mkfifo(&dir.join("y.ron"));
    let (code, out, err) = studio(&["games", "--dir", dir.to_str().expect("utf-8")], b"");
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains('\u{1b}'), "no escape sequence reaches the terminal: {out}");
    assert!(out.lines().any(|l| l.starts_with("good ")), "{out}");
    let error = |file: &str| out.lines().find(|l| l.starts_with("error") && l.contains(file)).unwrap_or_default();
    assert!(error("a-long-id.ron").contains("id is 70000 characters long"), "{out}");
    assert!(error("b-long-name.ron").contains("name is 70000 characters long"), "{out}");
    assert!(error("c-ansi.ron").contains("name holds a control character"), "{out}");
    assert!(!error("d-wrap.ron").is_empty(), "{out}");
    assert!(error("e-table.ron").contains("ai.tt_mib is 1000000000000, outside 1..=4096"), "{out}");
    assert!(!out.contains("serde_stacker"), "{out}");
    assert!(error("z.ron").contains("a device"), "{out}");
    if fifo {
        assert!(error("y.ron").contains("named pipe"), "{out}");
    }
    assert!(!out.lines().any(|l| l.starts_with("wrap ")), "a board whose size wraps is not playable: {out}");
}

#[test]
fn f2_f3_impossible_sizes_are_refused_by_name() {
    for tt in ["1000000000", "18446744073709551615", "17592186044416", "0"] {
        refused(&["solve", "--tt-mib", tt], b"4453\n", "--tt-mib is");
    }
    refused(&["solve", "--tt-mib", "99999999999999999999"], b"", "--tt-mib");
    refused(&["solve", "--table", "cuckoo"], b"4453\n", "unknown table 'cuckoo' (use buckets or slots)");
    refused(&["bench", "--branching", "1", "--depth", "50000", "--runs", "1"], b"", "--depth 50000");
    refused(&["bench", "--branching", "2", "--depth", "4294967298", "--runs", "1"], b"", "--depth 4294967298");
    refused(&["bench", "--branching", "2", "--depth", "40", "--runs", "1"], b"", "at most 4,000,000 nodes");
}

#[test]
fn f5_an_endless_line_is_skipped_in_bounded_memory() {
    let mut input = vec![b'4'; 20_000_000];
    input.extend_from_slice(b"\n2252576253462244111563365343671351441\n");
    let (code, out, err) = studio(&["solve"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(err.starts_with("line 1: longer than 4096 bytes"), "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.starts_with("2252576253462244111563365343671351441 -1 "), "{out}");
}

#[test]
fn f6_f7_devices_fifos_and_folders_are_refused_at_once() {
    refused(&["tree", "/dev/zero"], b"", "a device");
    let dir = folder("kinds");
    refused(&["tree", dir.to_str().expect("utf-8")], b"", "a folder");
    let fifo = dir.join("tree.fifo");
    if mkfifo(&fifo) {
        refused(&["tree", fifo.to_str().expect("utf-8")], b"", "named pipe");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn f8_a_chance_node_over_both_infinities_is_refused_by_every_algorithm() {
    for algorithm in Algorithm::ALL {
        refused(
            &["tree", "--json", "--algo", algorithm.name(), "-"],
            b"(chance(inf -inf) 1)",
            "chance node 0: its outcomes include both inf and -inf",
        );
    }
    // Below a chance node, a MIN node of value −inf beside a leaf of +inf: the same.
    refused(&["tree", "-"], b"max(chance(0.5: inf 0.5: min(-inf 3)))", "chance node 0");
    // One infinity alone has an expectation.
    let (code, out, err) = studio(&["tree", "--json", "--algo", "expectiminimax", "-"], b"(chance(inf 2) 1)");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"value\": \"inf\""), "{out}");
}

#[test]
fn f9_f10_finished_games_and_legal_moves() {
    let (code, out, err) = studio(&["solve"], b"1212121\n2252576253462244111563365343671351441\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(err.trim_end(), "line 1: the game is already over: move 7 makes four in a row");
    assert_eq!(out.lines().count(), 1, "only the second line is solved: {out}");
    let (code, out, err) = studio(&["perft", "chess", "1", "--from", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"], b"");
    assert_eq!((code, out.trim()), (0, "5"), "{err}");
    refused(&["search", "chess", "--from", "8/8/8/3Kk3/8/8/8/7Q w - - 0 1"], b"", "next to each other");
}

#[test]
fn messages_are_one_line_and_name_what_is_missing() {
    refused(&["perft", "chess"], b"", "<DEPTH>");
    refused(&["games", "--dir", "/nonexistent"], b"", "--dir /nonexistent: no such folder");
    // A label with a newline and an escape sequence, in a RON tree file: one line, escaped.
    let file = "TreeFile(version: 1, tree: Tree(root: Node(label: Some(\"a\\nb\u{1b}[2J\"), body: Leaf(1))))";
    refused(&["tree", "-"], file.as_bytes(), "'a\\nb\\u{1b}[2J' is not a valid label");
    // RON's advice to programmers never reaches the user.
    let deep = format!("TreeFile(version: 1, tree: Tree(root: {}", "Node(body: Inner(children: [".repeat(100_000));
    let (_, _, err) = studio(&["tree", "-"], deep.as_bytes());
    assert!(err.contains("nested too deeply") && !err.contains("serde_stacker"), "{err}");
}

#[test]
fn byte_order_marks_and_old_mac_line_endings_are_read() {
    let (code, out, err) = studio(&["tree", "--json", "-"], "\u{feff}((3 12 8) (2 4 6) (14 5 2))".as_bytes());
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"value\": 3"), "{out}");
    // Three End-Easy positions of Pons' set, the first after a byte-order mark, ended by CR, CRLF and CR.
    let input = "\u{feff}2252576253462244111563365343671351441 -1\r7422341735647741166133573473242566 1\r\n23163416124767223154467471272416755633 0\r";
    let (code, out, err) = studio(&["solve"], input.as_bytes());
    assert_eq!(code, 0, "{err}");
    let answers: Vec<Vec<&str>> = out.lines().map(|l| l.split_whitespace().take(2).collect()).collect();
    assert_eq!(
        answers,
        [
            ["2252576253462244111563365343671351441", "-1"],
            ["7422341735647741166133573473242566", "1"],
            ["23163416124767223154467471272416755633", "0"]
        ],
        "{out}{err}"
    );
}

// ---- Property tests -------------------------------------------------------------------------------------------

/// Trees in the notation with every kind of node, probabilities left implicit, and infinities among the leaves.
fn tree_text() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        (-20i32..20).prop_map(|v| v.to_string()),
        Just("inf".to_string()),
        Just("-inf".to_string()),
        Just("2.5".to_string()),
    ];
    leaf.prop_recursive(4, 40, 4, |inner| {
        (prop_oneof![Just(""), Just("max"), Just("min"), Just("chance")], prop::collection::vec(inner, 1..4))
            .prop_map(|(kind, children)| format!("{kind}({})", children.join(" ")))
    })
}

/// Values equal, infinities included, up to rounding in the expectations.
fn same_value(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() <= 1e-9 * a.abs().max(1.0)
}

proptest! {
    #[test]
    fn any_text_is_parsed_or_refused_in_one_line(text in "\\PC{0,80}") {
        if let Err(e) = parse_any(&text) {
            prop_assert!(!e.contains('\n'), "{}", e);
        }
    }

    #[test]
    fn a_valid_tree_prints_and_reads_back_in_both_formats(text in tree_text()) {
        if let Ok(tree) = notation::parse(&text) {
            prop_assert_eq!(notation::parse(&notation::print(&tree)), Ok(tree.clone()));
            let file = TreeFile::new(tree);
            prop_assert_eq!(from_ron(&to_ron(&file)), Ok(file));
        }
    }

    #[test]
    fn every_algorithm_agrees_on_every_valid_tree_with_infinities(text in tree_text()) {
        // A tree that validates has a value at every node (F8): every algorithm finds the same one.
        let Ok(tree) = notation::parse(&text) else { return Ok(()) };
        let Ok(flat) = FlatTree::compile(&tree) else { return Ok(()) };
        let value = |algorithm| {
            search(&mut flat.root(), algorithm, &SearchOptions::default(), StopWhen::default(), &mut NoObserver)
                .value_for_max
        };
        let exact = value(Algorithm::Expectiminimax);
        prop_assert!(!exact.is_nan(), "{}", text);
        let chance = text.contains("chance");
        for algorithm in Algorithm::ALL {
            // The α-β searches without chance nodes are defined on trees without them.
            if chance && !matches!(algorithm, Algorithm::Minimax | Algorithm::Expectiminimax | Algorithm::Star1) {
                continue;
            }
            let found = value(algorithm);
            prop_assert!(same_value(found, exact), "{}: {} says {}, expectiminimax {}", text, algorithm, found, exact);
        }
    }

    #[test]
    fn a_mutated_tree_file_is_read_or_refused_in_one_line(text in tree_text(), edits in edits()) {
        let Ok(tree) = notation::parse(&text) else { return Ok(()) };
        let mutated = mutate(&to_ron(&TreeFile::new(tree)), &edits);
        if let Err(e) = from_ron(&mutated) {
            prop_assert!(!e.contains('\n') && !e.contains("serde_stacker"), "{}", e);
        }
    }

    #[test]
    fn a_mutated_game_file_loads_only_with_settings_in_range(edits in edits()) {
        let good = r#"(id: "mnk-4", name: "Four on 4×4", rules: Mnk(width: 4, height: 4, k: 4),
            ai: (level: 5, depth: (1, 12), time_ms: (100, 2000), tt_mib: 16, mistakes: 0.5))"#;
        let mut registry = Registry::load(Path::new("/nonexistent"));
        match registry.add(&mutate(good, &edits), Source::File("m.ron".into())) {
            Ok(()) => {
                let variant = &registry.entries.last().expect("added").variant;
                prop_assert!(variant.validate().is_ok());
                prop_assert!(variant.rules.new_game().is_ok());
            }
            Err(e) => prop_assert!(!e.contains("serde_stacker")),
        }
    }

    #[test]
    fn a_solve_line_is_a_position_to_solve_or_an_error(line in "[0-9 ]{0,50}|\\PC{0,20}") {
        if let Ok(position) = read_position(&line) {
            prop_assert!(!position.is_over() || position.moves_played() == 42, "{}", line);
            prop_assert!(position.winner().is_none());
        }
    }

    #[test]
    fn lines_come_back_whatever_their_endings(
        lines in prop::collection::vec("[0-9a-z ]{0,12}", 0..8),
        endings in prop::collection::vec(prop_oneof![Just("\n"), Just("\r\n"), Just("\r")], 8),
    ) {
        let mut input = String::new();
        for (i, (line, ending)) in lines.iter().zip(&endings).enumerate() {
            input.push_str(line);
            // A lone CR followed by an empty line ended by LF would read as one CRLF: write that CRLF instead.
            let merges = *ending == "\r" && lines.get(i + 1).is_some_and(|next| next.is_empty()) && endings[i + 1] == "\n";
            input.push_str(if merges { "\r\n" } else { ending });
        }
        let mut reader = Lines::new(input.as_bytes(), 64);
        let mut read = Vec::new();
        while let Some(line) = reader.next_line().expect("reads") {
            match line {
                Line::Text(text) => read.push(text),
                Line::Unreadable(why) => prop_assert!(false, "{}", why),
            }
        }
        prop_assert_eq!(read, lines);
    }
}

/// Every numeric option of every subcommand, each as a command whose run is short on a small game.
const NUMERIC_OPTIONS: [&str; 17] = [
    "perft tic-tac-toe {}",
    "search tic-tac-toe --depth {}",
    "search tic-tac-toe --time-ms {}",
    "search tic-tac-toe --threads {}",
    "bench --runs {} --depth 4",
    "bench --depth {} --runs 1",
    "bench --branching {} --depth 2 --runs 1",
    "match tic-tac-toe --a level:1 --b level:1 --games {}",
    "match tic-tac-toe --a level:1 --b level:1 --games 2 --concurrency {}",
    "match tic-tac-toe --a level:1 --b level:1 --games 2 --depth {}",
    "match tic-tac-toe --a level:1 --b level:1 --games 2 --nodes {}",
    "match tic-tac-toe --a level:1 --b level:1 --games 2 --seed {}",
    "match tic-tac-toe --a tt={} --b level:1 --games 2",
    "match tic-tac-toe --a level:1,threads={} --b level:1 --games 2",
    "solve --tt-mib {}",
    "solve --threads {}",
    "check tic-tac-toe --max-seconds {}",
];

/// A number as an attacker would type it: the edges of every integer type, signs, NaN, nothing, or any.
fn hostile_number() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "0",
            "1",
            "-1",
            "2",
            "64",
            "65",
            "4096",
            "4097",
            "65535",
            "4294967295",
            "4294967296",
            "9223372036854775807",
            "18446744073709551615",
            "18446744073709551616",
            "NaN",
            "inf",
            "-0",
            "1e9",
            "",
        ])
        .prop_map(str::to_owned),
        (0u64..200).prop_map(|n| n.to_string()),
        any::<u64>().prop_map(|n| n.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Each ends with status 0 or 2 (2 with one line on stderr), never a panic or an abort — or is still at work
    /// after 15 s on a number that asks for much (a million games), which is no failure of the option.
    #[test]
    fn every_numeric_option_takes_any_number_or_refuses_it_in_one_line(
        template in prop::sample::select(NUMERIC_OPTIONS.to_vec()),
        number in hostile_number(),
    ) {
        let command = template.replace("{}", &number);
        let mut args: Vec<&str> = command.split(' ').collect();
        // An empty number is an empty argument, not none.
        if number.is_empty() {
            args = template.split(' ').map(|a| if a == "{}" { "" } else { a }).collect();
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
            .args(&args)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let started = std::time::Instant::now();
        let status = loop {
            if let Ok(Some(status)) = child.try_wait() {
                break Some(status);
            }
            if started.elapsed() > std::time::Duration::from_secs(15) {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        if let Some(status) = status {
            let mut err = String::new();
            if let Some(mut pipe) = child.stderr.take() {
                let _ = std::io::Read::read_to_string(&mut pipe, &mut err);
            }
            let code = status.code();
            prop_assert!(matches!(code, Some(0 | 2)), "{args:?}: status {code:?}: {err}");
            prop_assert!(!err.contains("panicked") && !err.contains("memory allocation"), "{args:?}: {err}");
            if code == Some(2) {
                prop_assert_eq!(err.trim_end().lines().count(), 1, "{:?}: {}", args, err);
            }
        }
    }
}
