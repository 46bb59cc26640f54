//! The window's binary answers every subcommand as the headless one does (the command line's own tests run
//! `alphabeta`): a count, a bad argument, and `--version`.

use std::process::Command;

fn studio(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_alphabeta-studio")).args(args).output().expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_window_binary_runs_a_subcommand_headless() {
    assert_eq!(studio(&["perft", "tic-tac-toe", "3"]), (0, "504\n".into(), String::new()));
    let (code, out, err) = studio(&["tree", "-", "--algo", "magic"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    let (code, out, _) = studio(&["--version"]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), format!("alphabeta-studio {}", env!("CARGO_PKG_VERSION")));
}
