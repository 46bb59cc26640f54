//! `alphabeta`: the studio's subcommands without the window (see `docs/cli.md`).

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    alphabeta_cli::quiet_on_closed_pipe();
    // SIGURG is free in this program: the scripts' watchdog may use it (see the core's crate docs).
    alphabeta_core::games::script::use_signal_for_budgets();
    match alphabeta_cli::run(std::env::args_os()) {
        Some(code) => code,
        None => {
            // A failed write to stderr has nowhere else to go.
            let _ = writeln!(
                std::io::stderr(),
                "alphabeta: a subcommand is needed (`alphabeta --help` lists them); the window is `alphabeta-studio`"
            );
            ExitCode::from(2)
        }
    }
}
