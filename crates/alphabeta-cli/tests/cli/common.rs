//! The headless binary run with its standard input fed.

/// Runs the headless binary with `stdin` fed from another thread (so a command that writes before it has
/// read everything cannot stall the test); (exit status, stdout, stderr).
pub fn studio(args: &[&str], stdin: impl AsRef<[u8]>) -> (i32, String, String) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let input = stdin.as_ref().to_vec();
    let mut pipe = child.stdin.take().expect("stdin");
    // A command that stops reading early closes the pipe; that is not the test's concern.
    let feeder = std::thread::spawn(move || {
        let _ = std::io::Write::write_all(&mut pipe, &input);
    });
    let out = child.wait_with_output().expect("the binary ends");
    let _ = feeder.join();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// A file or folder of the repository (`games`, `tests/data/scripts`), as the core names it (no `..` in it).
pub fn repository(path: &str) -> String {
    alphabeta_core::files::repository_folder(path).display().to_string()
}

/// A fresh folder for one test, removed when the test is over (whether it passed or not).
pub fn temp_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("abs-cli-{name}-")).tempdir().expect("temp dir")
}

/// An executable shell script (UCI engines are started by path, without arguments).
#[cfg(unix)]
pub fn script(dir: &std::path::Path, name: &str, body: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).expect("write");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    path.display().to_string()
}
