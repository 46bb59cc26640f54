//! Thin entry point: a subcommand runs headless; no subcommand opens the studio.

use std::process::ExitCode;

fn main() -> ExitCode {
    if let Some(code) = alphabeta_studio::cli::run(std::env::args_os()) {
        return code;
    }
    match alphabeta_studio::app::run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("alphabeta-studio: cannot open the window: {error}");
            ExitCode::from(2)
        }
    }
}
