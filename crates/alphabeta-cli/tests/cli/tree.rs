//! The `tree` command as an outside check calls it (docs/cli.md).

use crate::common;
use common::studio;

#[test]
fn json_has_the_contract_fields() {
    let (code, out, err) = studio(&["tree", "--json", "-"], "((3 12 8) (2 4 6) (14 5 2))");
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(json["algorithm"], "alphabeta");
    assert_eq!(json["value"], 3);
    assert_eq!(json["best"], "0");
    assert_eq!(json["leaves_total"], 9);
    assert_eq!(json["evaluated"], serde_json::json!(["0.0", "0.1", "0.2", "1.0", "2.0", "2.1", "2.2"]));
    assert_eq!(json["nodes_visited"], 11);
}

#[test]
fn every_algorithm_name_is_accepted_and_infinities_are_strings() {
    for algo in ["minimax", "alphabeta", "negamax", "shallow", "pvs", "mtdf", "expectiminimax", "star1"] {
        let (code, out, err) = studio(&["tree", "--algo", algo, "--json", "-"], "(inf (-inf 2))");
        assert_eq!(code, 0, "{algo}: {err}");
        let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        assert_eq!(json["value"], "inf", "{algo}");
        assert_eq!(json["algorithm"], algo);
    }
}

#[test]
fn human_report_and_trace() {
    let (code, out, _) = studio(&["tree", "--trace", "-"], "((3 12 8) (2 4 6) (14 5 2))");
    assert_eq!(code, 0);
    assert!(out.contains("leaves evaluated: 7 of 9"), "{out}");
    assert!(out.contains("nodes visited: 11"), "{out}");
    assert!(out.contains("Levin's minimum for b = 3, d = 2: 5 leaves"), "{out}");
    assert!(out.contains("NODE  TYPE  ALPHA  BETA  VALUE"), "{out}");
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    for (args, input, says) in [
        (
            vec!["tree", "-"],
            "((3 12 8) (2 4 6) (14 5 2)",
            "line 1, column 27: expected a value, '(' or ')', found end of input",
        ),
        (vec!["tree", "-"], "((3 12 8} (2 4 6))", "line 1, column 9: expected a value, '(' or ')', found '}'"),
        (vec!["tree", "-"], "chance(0.5: 1 0.4: 2)", "add up to"),
        (vec!["tree", "/no/such/file"], "", "/no/such/file"),
        (vec!["tree", "--algo", "sss", "-"], "(1 2)", "sss"),
        (vec!["tree", "--frobnicate", "-"], "(1 2)", "frobnicate"),
    ] {
        let (code, out, err) = studio(&args, input);
        assert_eq!(code, 2, "{args:?} {input}");
        assert!(out.is_empty(), "{out}");
        assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn reads_the_ron_tree_file_too() {
    use alphabeta_core::tree::file::{TreeFile, to_ron};
    let tree = alphabeta_core::tree::notation::parse("((3 12 8) (2 4 6) (14 5 2))").expect("valid");
    let (code, out, err) = studio(&["tree", "--json", "-"], to_ron(&TreeFile::new(tree)));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"nodes_visited\": 11"), "{out}");
}

/// MTD(f) makes one pass per value on a line of ascending leaves, n passes of n leaves. On 100,000
/// leaves that is 5·10⁹ node visits: the command gives up at the Tree lab's node limit with one line and status 2,
/// in bounded time and memory, instead of running for a quarter of an hour (or, before, running out of memory).
#[test]
fn mtdf_on_a_long_ascending_line_stops_at_the_node_limit_with_one_line() {
    let line = format!("({})", (0..100_000).map(|v| v.to_string()).collect::<Vec<_>>().join(" "));
    let (code, out, err) = studio(&["tree", "--algo", "mtdf", "-"], &line);
    assert_eq!(code, 2, "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("mtdf gave up after 200,000,000 nodes"), "{err}");
    // α-β needs one pass, so the same tree is answered.
    let (code, out, _) = studio(&["tree", "--algo", "alphabeta", "-"], &line);
    assert_eq!(code, 0);
    assert!(out.contains("value: 99999"), "{out}");
}

/// Runs the studio with its address space held to 2 GB (`ulimit -v`), so a command that would allocate gigabytes
/// fails here at once instead of swapping the machine: what is refused must be refused before the allocation.
fn studio_in_2_gb(args: &[&str], stdin: Vec<u8>) -> (i32, String, String) {
    let mut child = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 2000000; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_alphabeta"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("sh starts");
    let mut pipe = child.stdin.take().expect("stdin");
    let feeder = std::thread::spawn(move || {
        let _ = std::io::Write::write_all(&mut pipe, &stdin);
    });
    let out = child.wait_with_output().expect("the command ends");
    let _ = feeder.join();
    let text = |bytes: Vec<u8>| String::from_utf8_lossy(&bytes).into_owned();
    (out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr))
}

fn refused_in_2_gb(args: &[&str], stdin: Vec<u8>, says: &str) {
    let (code, out, err) = studio_in_2_gb(args, stdin);
    assert_eq!(code, 2, "{args:?}: {err}");
    assert!(out.is_empty(), "{args:?}: {out}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: one line: {err}");
    assert!(err.contains(says), "{args:?}: {err}");
}

/// 64 MiB of '(' (under the input cap) once became 67 million tokens before the depth was
/// checked (a 7.5 GB allocation). Now the parser reads a token at a time and stops at the depth limit.
#[test]
fn sixty_four_mib_of_open_brackets_are_refused_at_the_depth_limit() {
    let input = vec![b'('; (64 << 20) - 16];
    refused_in_2_gb(&["tree", "-"], input, "deeper than 1000 levels");
}

/// A flat tree of 33 million leaves (66 MB, under the 64 MiB cap) once took over 2 GB and
/// aborted. The parser stops at the node cap, before the node past it is made.
#[test]
fn a_flat_tree_of_33_million_leaves_is_refused_at_the_node_cap() {
    let mut input = Vec::with_capacity(66_000_002);
    input.push(b'(');
    for _ in 0..32_999_999 {
        input.extend_from_slice(b"0 ");
    }
    input.extend_from_slice(b"0)");
    assert!(input.len() <= 64 << 20);
    refused_in_2_gb(&["tree", "-"], input, "more than 4,000,000 nodes");
    // A tree of exactly the cap is searched: the root and 3,999,999 leaves.
    let mut at_cap = String::from("(");
    at_cap.push_str(&"1 ".repeat(3_999_998));
    at_cap.push_str("1)");
    let (code, out, err) = studio_in_2_gb(&["tree", "-"], at_cap.into_bytes());
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value: 1"), "{out}");
}

/// `bench` admitted 50 million leaves, but 2^25, 7^9 or 50,000,000 × 1 needed over 4 GB. The
/// node count is now held to the trees' cap and checked before the tree is built.
#[test]
fn bench_refuses_trees_over_the_node_cap_before_building_them() {
    for (b, d) in [("2", "25"), ("7", "9"), ("50000000", "1"), ("2", "21")] {
        let args = ["bench", "--branching", b, "--depth", d, "--runs", "1"];
        refused_in_2_gb(&args, Vec::new(), "at most 4,000,000 nodes");
    }
    // 2^20: 2,097,151 nodes, within the cap.
    let (code, out, err) = studio_in_2_gb(&["bench", "--branching", "2", "--depth", "20", "--runs", "1"], Vec::new());
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("2097151 nodes"), "{out}");
}
