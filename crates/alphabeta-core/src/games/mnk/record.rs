//! m,n,k games as cell names separated by spaces: columns `a`, `b`, … from the left, rows `1`, `2`, … from the
//! bottom, `b2 a1 c3`.

use crate::engine::game::Game;
use crate::games::mnk::Mnk;
use crate::games::records::RecordError;
use crate::games::records::simple::find_named;

/// The cell names of `moves`, separated by spaces.
pub fn write(start: &Mnk, moves: &[u8]) -> String {
    let names: Vec<String> = moves.iter().map(|&cell| start.move_name(cell)).collect();
    names.join(" ")
}

/// The moves named, played from `start`; names separated by spaces, commas or line breaks, in either case.
pub fn read(start: &Mnk, text: &str) -> Result<Vec<u8>, RecordError> {
    let mut game = start.clone();
    let mut moves = Vec::new();
    let mut place = 0;
    for (index, line) in text.lines().enumerate() {
        for name in line.split([' ', ',', '\t']).filter(|s| !s.is_empty()) {
            place += 1;
            let mv =
                find_named(&game, name).map_err(|why| RecordError::new(index + 1, format!("move {place}: {why}")))?;
            game.play(mv);
            moves.push(mv);
        }
    }
    Ok(moves)
}
