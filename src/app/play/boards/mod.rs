//! The board painters, one file per rule family (named as the family's folder in the core), and the window's list
//! of them keyed by the family's name ([`Family::name`]). The rules live in the GUI-free core
//! (`alphabeta_core::games::families`); a test checks every family listed there has a painter here.
//! [`view`] is what they share: the board area that picks the position and hands it to the family's painter.

pub mod chess;
pub mod connect_four;
pub mod draughts;
pub mod einstein;
pub mod mnk;
pub mod othello;
pub mod piece_art;
pub mod pieces;
pub mod script;
pub mod view;

use crate::games::family::Family;
pub use view::{Marks, Painter, show};

/// A family and the painter that draws its positions and turns clicks into moves.
pub struct Listed {
    /// The family, as the core's list names it.
    pub rules: &'static dyn Family,
    /// The function that draws its positions and reads its clicks.
    pub painter: Painter,
}

/// Every family's painter, in the core's order.
pub static PAINTERS: &[Listed] = &[
    Listed { rules: &crate::games::mnk::FAMILY, painter: mnk::paint },
    Listed { rules: &crate::games::connect_four::FAMILY, painter: connect_four::paint },
    Listed { rules: &crate::games::othello::FAMILY, painter: othello::paint },
    Listed { rules: &crate::games::draughts::FAMILY, painter: draughts::paint },
    Listed { rules: &crate::games::einstein::FAMILY, painter: einstein::paint },
    Listed { rules: &crate::games::chess::FAMILY, painter: chess::paint },
    Listed { rules: &crate::games::script::FAMILY, painter: script::paint },
];

/// The painter of the family called `name` ([`Family::name`]).
pub fn painter(name: &str) -> Option<Painter> {
    PAINTERS.iter().find(|listed| listed.rules.name() == name).map(|listed| listed.painter)
}
