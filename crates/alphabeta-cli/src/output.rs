//! Standard output and standard error for every command. `println!` panics when the write fails (a full disk: "failed printing to
//! stdout", exit 101); here a failed write becomes the command's error: one line on stderr, exit 2. A closed pipe
//! still ends a headless command quietly (`main` restores SIGPIPE's default for them).

use super::CommandError;
use std::io::Write;

/// Writes `text` to standard output and flushes it, or says why it could not.
pub fn write(text: &str) -> Result<(), CommandError> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).and_then(|()| out.flush()).map_err(|e| failed(&e))
}

/// The error of a failed write to standard output.
pub fn failed(e: &std::io::Error) -> CommandError {
    CommandError(format!("cannot write to standard output: {e}"))
}

/// Whether a write to standard error has failed during this run: the command then ends with exit status 2.
static ERROR_OUTPUT_FAILED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Writes `text` to standard error. `eprint!` panics when the write fails (exit 101); here a failure is remembered
/// (see [`error_output_failed`]) and the command goes on, since there is nowhere left to say it.
pub fn note(text: &str) {
    let mut err = std::io::stderr().lock();
    if err.write_all(text.as_bytes()).and_then(|()| err.flush()).is_err() {
        ERROR_OUTPUT_FAILED.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Whether a write to standard error failed during this run (a script's `print` included).
pub fn error_output_failed() -> bool {
    ERROR_OUTPUT_FAILED.load(std::sync::atomic::Ordering::Relaxed)
        || alphabeta_core::games::script::sandbox::print_lost()
}
