//! Thin entry point: a subcommand runs headless; no subcommand opens the studio.

use std::process::ExitCode;

fn main() -> ExitCode {
    match alphabeta_studio::cli::run(std::env::args_os()) {
        Some(code) => code,
        None => {
            eprintln!("the studio window is not built yet; try `alphabeta-studio --help`");
            ExitCode::from(2)
        }
    }
}
