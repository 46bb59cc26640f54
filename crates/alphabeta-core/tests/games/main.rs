//! The rule families and scripted games: perft tables, peer test sets, values against oracles, records.
//! (One test binary per area: each links the whole core, so fewer binaries build and link faster.)

mod check;
mod chess;
#[path = "../common/mod.rs"]
mod common;
mod connect_four;
mod connect_four_selfplay;
mod connect_four_solve;
mod draughts;
mod einstein;
mod families;
mod morris;
mod mtdf;
mod othello;
mod review;
mod review_outside;
mod script_faults;
mod script_oracles;
mod scripts;
mod threads;
