//! The Othello transcript: square names run together, `f5d6c3`, passes left out (a side that cannot move passes
//! without a word, as in the WTHOR archives).

use crate::engine::game::Game;
use crate::games::othello::{Othello, PASS};
use crate::games::records::RecordError;
use crate::games::records::simple::find_named;

/// The transcript of `moves` played from `start` (passes left out).
pub fn write(start: &Othello, moves: &[u8]) -> String {
    let mut game = start.clone();
    let mut out = String::new();
    for &mv in moves {
        if mv != PASS {
            out.push_str(&game.move_name(mv));
        }
        game.play(mv);
    }
    out
}

/// The moves of a transcript, played from `start`, passes put back where a side has no move. Square names
/// in either case; spaces, commas and line breaks between them ignored; an explicit `pass` accepted.
pub fn read(start: &Othello, text: &str) -> Result<Vec<u8>, RecordError> {
    let mut game = start.clone();
    let mut moves = Vec::new();
    let mut place = 0;
    for (index, line) in text.lines().enumerate() {
        let chars: Vec<char> = line.chars().filter(|c| !c.is_whitespace() && *c != ',').collect();
        let mut at = 0;
        while at < chars.len() {
            place += 1;
            let rest: String = chars[at..].iter().take(4).collect();
            let explicit_pass = rest.eq_ignore_ascii_case("pass");
            let length = if explicit_pass { 4 } else { 2 };
            let name: String = chars[at..(at + length).min(chars.len())].iter().collect();
            let bad = |why: String| RecordError::new(index + 1, format!("move {place} '{name}': {why}"));
            if game.must_pass() && !explicit_pass {
                game.play(PASS);
                moves.push(PASS);
            }
            let mv = find_named(&game, &name).map_err(bad)?;
            game.play(mv);
            moves.push(mv);
            at += length;
        }
    }
    Ok(moves)
}
