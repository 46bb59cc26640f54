//! Standard output for every command. `println!` panics when the write fails (a full disk: "failed printing to
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
