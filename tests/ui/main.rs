//! The window, driven by egui_kittest: Play for every family, sessions, Telemetry and the Tree lab.
//! (One test binary per area: each binary links the whole studio, so fewer binaries build and link faster.)

mod check_window;
mod chess;
mod draughts;
mod einstein;
mod help;
mod othello;
mod play;
mod play_games;
mod play_levels;
mod play_tour;
mod review;
mod script_board;
mod session;
mod support;
mod telemetry;
mod tree_canvas;
mod tree_editor;
mod tree_lab;
mod tree_lab_teacher;
mod tree_quiz;
mod windows;
