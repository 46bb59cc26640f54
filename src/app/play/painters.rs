//! The window's list of board painters, one per rule family, keyed by the family's name
//! ([`Family::name`](crate::games::family::Family::name)). The rules live in the GUI-free core
//! (`alphabeta_core::games::families`); a test checks every family listed there has a painter here.

use super::board::Painter;
use super::{chess_board, column_board, draughts_board, einstein_board, grid_board, othello_board, script_board};
use crate::games::family::Family;
use crate::games::{chess, connect_four, draughts, einstein, mnk, othello, script};

/// A family and the painter that draws its positions and turns clicks into moves.
pub struct Listed {
    pub rules: &'static dyn Family,
    pub painter: Painter,
}

/// Every family's painter, in the core's order.
pub static PAINTERS: &[Listed] = &[
    Listed { rules: &mnk::MnkFamily, painter: grid_board::paint },
    Listed { rules: &connect_four::ConnectFourFamily, painter: column_board::paint },
    Listed { rules: &othello::OthelloFamily, painter: othello_board::paint },
    Listed { rules: &draughts::DraughtsFamily, painter: draughts_board::paint },
    Listed { rules: &einstein::EinsteinFamily, painter: einstein_board::paint },
    Listed { rules: &chess::ChessFamily, painter: chess_board::paint },
    Listed { rules: &script::family::ScriptFamily, painter: script_board::paint },
];

/// The painter of the family called `name` ([`Family::name`]).
pub fn painter(name: &str) -> Option<Painter> {
    PAINTERS.iter().find(|listed| listed.rules.name() == name).map(|listed| listed.painter)
}
