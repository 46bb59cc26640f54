//! The window, driven by egui_kittest: Play for every family, sessions, Telemetry and the Tree lab.
//! (One test binary per area: each binary links the whole studio, so fewer binaries build and link faster.)

mod binary;
mod check_window;
mod chess;
mod draughts;
mod einstein;
mod families;
mod frame_time;
mod help;
mod interface_scale;
mod othello;
mod play;
mod play_games;
mod play_levels;
mod play_tour;
// The same random edits the command line's readers are tested with.
#[path = "../../crates/alphabeta-cli/tests/cli/mutation.rs"]
mod mutation;
mod review;
mod review_frames;
mod review_learn;
#[cfg(unix)] // the engine is a shell script
mod review_outside;
mod script_board;
mod script_reload;
mod session;
mod session_files;
mod session_records;
mod start_fails;
mod support;
mod telemetry;
mod tree_canvas;
mod tree_editor;
mod tree_lab;
mod tree_lab_teacher;
mod tree_quiz;
mod values;
mod windows;
