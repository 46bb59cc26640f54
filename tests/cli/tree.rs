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
    use alphabeta_studio::tree::file::{TreeFile, to_ron};
    let tree = alphabeta_studio::tree::notation::parse("((3 12 8) (2 4 6) (14 5 2))").expect("valid");
    let (code, out, err) = studio(&["tree", "--json", "-"], to_ron(&TreeFile::new(tree)));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"nodes_visited\": 11"), "{out}");
}

/// Issue 17, F4: MTD(f) makes one pass per value on a line of ascending leaves, n passes of n leaves. On 100,000
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
