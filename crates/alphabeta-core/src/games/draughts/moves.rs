//! A draughts move as one `u64`: its whole path. Bits 0–4 the starting square's index, bit 5 set for a capture,
//! bits 6–9 the number of steps (1 for a plain move, the number of pieces jumped for a capture), then two bits per
//! step from bit 10 on, each step's direction. Decoding needs no position: the path follows from the geometry.

use super::board::{JUMP, NONE, STEP};

/// A draughts move: its path, encoded as the module documentation describes.
pub type DraughtsMove = u64;

/// Set for a capture.
pub(super) const CAPTURE_BIT: u64 = 1 << 5;
/// Where the step count starts (4 bits).
pub(super) const STEPS_SHIFT: u32 = 6;
/// Where the first step's direction starts (2 bits a step).
pub(super) const DIRS_SHIFT: u32 = 10;
/// The longest capture: every opposing piece, at most 12.
const MAX_STEPS: u64 = 12;

/// Walks a move's path from its starting square, calling `visit(jumped, landing)` for every step (`jumped` is
/// `None` for a plain move), and returns where it ends. Stops early at the board's edge (only a malformed move
/// goes there).
#[inline]
pub(super) fn follow(mv: DraughtsMove, mut visit: impl FnMut(Option<usize>, usize)) -> usize {
    let mut at = (mv & 31) as usize;
    let capture = mv & CAPTURE_BIT != 0;
    for s in 0..(mv >> STEPS_SHIFT) & 15 {
        let d = ((mv >> (DIRS_SHIFT as u64 + 2 * s)) & 3) as usize;
        let (over, land) = if capture { (Some(STEP[at][d] as usize), JUMP[at][d]) } else { (None, STEP[at][d]) };
        if land == NONE {
            break;
        }
        at = land as usize;
        visit(over, at);
    }
    at
}

/// The squares a move visits, as indices 0–31: where it starts, then every landing square.
pub fn path(mv: DraughtsMove) -> Vec<usize> {
    let mut out = vec![(mv & 31) as usize];
    follow(mv, |_, land| out.push(land));
    out
}

/// The squares a capture jumps over, as indices (none for a plain move).
pub fn jumped(mv: DraughtsMove) -> Vec<usize> {
    let mut out = Vec::new();
    follow(mv, |over, _| out.extend(over));
    out
}

/// True when `mv` is a well-formed path (on the board at every step, no stray bits), legal or not.
pub fn is_well_formed(mv: DraughtsMove) -> bool {
    let steps = (mv >> STEPS_SHIFT) & 15;
    let used = DIRS_SHIFT as u64 + 2 * steps;
    (1..=MAX_STEPS).contains(&steps)
        && (steps == 1 || mv & CAPTURE_BIT != 0)
        && mv >> used == 0
        && path(mv).len() == steps as usize + 1
}

/// The last square of a move's path.
pub fn destination(mv: DraughtsMove) -> usize {
    follow(mv, |_, _| {})
}
