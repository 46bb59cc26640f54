//! The one list of rule families: each family's rules (GUI-free, in `games/`) beside its painter (in
//! `app/play/`). This is the composition root of the families — the only module besides a family's own file and its
//! painter that names one. The window, sessions, telemetry and every headless command reach families through it
//! (the registry reads game files with [`rule_families`]; the board finds a painter with [`painter`]).
//!
//! Adding a family is one line here; see ARCHITECTURE.md for the whole recipe.

use crate::app::play::board::Painter;
use crate::app::play::{chess_board, column_board, draughts_board, einstein_board, grid_board, othello_board};
use crate::games::family::Family;
use crate::games::{chess, connect_four, draughts, einstein, mnk, othello};

/// A rule family and the painter that draws its positions and turns clicks into moves.
pub struct Listed {
    pub rules: &'static dyn Family,
    pub painter: Painter,
}

/// Every family the studio knows, compiled in or read at run time. Game files name a family by its
/// [`Family::name`]; the order is the order of lists and of error messages.
pub static FAMILIES: &[Listed] = &[
    Listed { rules: &mnk::MnkFamily, painter: grid_board::paint },
    Listed { rules: &connect_four::ConnectFourFamily, painter: column_board::paint },
    Listed { rules: &othello::OthelloFamily, painter: othello_board::paint },
    Listed { rules: &draughts::DraughtsFamily, painter: draughts_board::paint },
    Listed { rules: &einstein::EinsteinFamily, painter: einstein_board::paint },
    Listed { rules: &chess::ChessFamily, painter: chess_board::paint },
];

/// The families' rules, GUI-free: what the registry and the command line need.
pub fn rule_families() -> Vec<&'static dyn Family> {
    FAMILIES.iter().map(|listed| listed.rules).collect()
}

/// The painter of the family called `name` ([`Family::name`]).
pub fn painter(name: &str) -> Option<Painter> {
    FAMILIES.iter().find(|listed| listed.rules.name() == name).map(|listed| listed.painter)
}
