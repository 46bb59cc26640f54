//! Thin entry point: a subcommand runs headless; no subcommand opens the studio.

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    if let Some(code) = alphabeta_studio::cli::run(std::env::args_os()) {
        return code;
    }
    match alphabeta_studio::app::run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // Nowhere else to say it: a failed write to stderr is no panic either.
            let _ = writeln!(std::io::stderr(), "alphabeta-studio: cannot open the window: {error}");
            ExitCode::from(2)
        }
    }
}

/// A headless command whose output is piped into `head` ends quietly when the pipe closes, as other command-line
/// tools do, instead of panicking in `println!` (Rust ignores SIGPIPE, so every write would fail with an error).
/// Not for `match`, which writes to engines it runs: one of them dying must be an error it counts, not the end of
/// the match; nor for the window.
fn quiet_on_closed_pipe() {
    let command = std::env::args_os().nth(1);
    if command.is_none() || command.is_some_and(|c| c == "match") {
        return;
    }
    #[cfg(target_os = "linux")]
    // SAFETY: called first thing in `main`, before any other thread exists; SIG_DFL is a valid disposition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
