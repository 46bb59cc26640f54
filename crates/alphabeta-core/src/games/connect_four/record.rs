//! Connect Four as Pons writes it: one digit per move, `1` the leftmost column, e.g. `4453`.

use crate::engine::game::Game;
use crate::games::connect_four::ConnectFour;
use crate::games::records::RecordError;

/// The move string of `moves` (columns, 0-based, as the game plays them). Columns past 9 cannot be written
/// in this notation and are refused.
pub fn write(moves: &[u8]) -> Result<String, String> {
    moves
        .iter()
        .map(|&column| match column {
            0..=8 => Ok(char::from(b'1' + column)),
            _ => Err(format!("column {} cannot be written as one digit", column + 1)),
        })
        .collect()
}

/// The moves of a move string, played from `start`: digits only, spaces and line breaks ignored.
pub fn read(start: &ConnectFour, text: &str) -> Result<Vec<u8>, RecordError> {
    let mut game = *start;
    let mut moves = Vec::new();
    let mut place = 0;
    for (index, line) in text.lines().enumerate() {
        for ch in line.chars().filter(|c| !c.is_whitespace()) {
            place += 1;
            let bad = |why: String| RecordError::new(index + 1, format!("move {place} '{ch}': {why}"));
            let column = match ch.to_digit(10) {
                Some(digit @ 1..=9) => (digit - 1) as u8,
                _ => return Err(bad(format!("not a column; columns are the digits 1 to {}", game.width().min(9)))),
            };
            game.try_play(column).map_err(|e| bad(e.to_string()))?;
            moves.push(column);
        }
    }
    Ok(moves)
}
