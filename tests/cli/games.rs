//! `alphabeta-studio games` as docs/cli.md specifies it: one line per game, broken files with their errors.

use std::process::Command;

fn games(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_alphabeta-studio")).arg("games").args(args).output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn lists_the_shipped_games_with_their_files() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/games");
    let (code, out, err) = games(&["--dir", dir]);
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
    std::fs::write(dir.join("mnk.ron"), r#"(id: "m44", name: "Four on 4×4", rules: Mnk(width: 4, height: 4, k: 4))"#)
        .expect("write");
    let (code, out, err) = games(&["--dir", dir.to_str().expect("utf-8 temp dir")]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().any(|l| l.starts_with("tic-tac-toe") && l.ends_with("built in")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("m44") && l.contains("Four on 4×4")), "{out}");
    let error = out.lines().find(|l| l.starts_with("error")).expect("an error line");
    assert!(error.contains("broken.ron"), "{error}");
    assert_eq!(out.lines().count(), 4, "{out}");
}
