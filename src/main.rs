//! Thin entry point: a subcommand runs headless (the command line's package); no subcommand opens the studio.

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    alphabeta_cli::quiet_on_closed_pipe();
    // SIGURG is free in this program: the scripts' watchdog may use it (see the core's crate docs).
    alphabeta_core::games::script::use_signal_for_budgets();
    if let Some(code) = alphabeta_cli::run(std::env::args_os()) {
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
