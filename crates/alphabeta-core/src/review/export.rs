//! A review written as a record: for a family whose record format carries per-move notes (chess's PGN), that
//! format as Lichess writes a review — a glyph on the errors only (`$6` inaccuracy, `$2` mistake, `$4` blunder),
//! the value after each move as `[%eval …]`, and on an error the words "Mistake. Nf6 was best." in the same
//! comment and the better line after it as a variation, `( 12... Nf6 13. Bxe4 )` — through the family's own
//! writer; for the others, the move list as the window numbers it, with the same marks and values.

use super::Review;
use crate::games::any::{AnyGame, AnyMove, plain_score};
use crate::games::records::{MoveNote, RecordNotes};
use crate::play::history::GameHistory;
use crate::play::numbering::numbered_move;

/// The review of the game of `moves` from `start` as a record, and its file extension (`pgn` for chess, `txt` for
/// the move list). `tags` are those of the record the game was read from
/// ([`header_tags`](crate::games::records::movetext::header_tags)), kept in the record's header in their order.
///
/// # Errors
/// A move of the review that is not a move of this game (the review was made of another game).
pub fn export_record(
    start: &AnyGame,
    moves: &[AnyMove],
    review: &Review,
    tags: &[(String, String)],
) -> Result<(String, &'static str), String> {
    let mut tags = tags.to_vec();
    // An outside engine's review names it, as a review by another program would, unless the record names its own.
    if let Some(judge) = &review.judged_by
        && !tags.iter().any(|(name, _)| name == "Annotator")
    {
        tags.push(("Annotator".to_string(), judge.clone()));
    }
    let mut notes = RecordNotes {
        players: [review.sides[0].name.clone(), review.sides[1].name.clone()],
        moves: vec![MoveNote::default(); moves.len()],
        tags,
        ..RecordNotes::default()
    };
    let plain = start.write_noted_record(moves, &notes)?;
    for judged in &review.moves {
        if let Some(note) = notes.moves.get_mut(judged.ply) {
            // The value after the move from the mover's view, which is the side to move before it: as the
            // writer's notes are read.
            let glyph = judged.class.nag();
            let words = glyph.map(|_| format!("{}. {} was best.", class_word(judged.class), judged.best));
            // The better move's line after an error, as Lichess writes it: a variation in place of the move.
            let variation = if glyph.is_some() { judged.pv.clone() } else { Vec::new() };
            *note = MoveNote { value: Some(judged.value_after), glyph, words, variation, ..MoveNote::default() };
        }
    }
    let noted = start.write_noted_record(moves, &notes)?;
    // A family whose format has no place for the notes writes the same text with them as without.
    if noted != plain { Ok(noted) } else { Ok((move_list(start, moves, review), "txt")) }
}

/// The move list with each judged move's mark, values and better move, and each side's accuracy.
pub fn move_list(start: &AnyGame, moves: &[AnyMove], review: &Review) -> String {
    let mut history = GameHistory::new(start.clone());
    for &mv in moves {
        if history.try_play(mv).is_err() {
            break;
        }
    }
    let mut text = format!("# {} reviewed ({})\n", review.game, review.judge_words());
    for side in &review.sides {
        text += &format!("# {}: accuracy {:.1}\n", side.name, side.accuracy);
    }
    let mut judged = review.moves.iter().peekable();
    for ply in 0..moves.len() {
        let label = numbered_move(&history, ply);
        match judged.next_if(|m| m.ply == ply) {
            Some(m) => {
                let better = if m.best != m.move_name { format!("; best {}", m.best) } else { String::new() };
                let (before, after) = (plain_score(m.value_before), plain_score(m.value_after));
                text += &format!("{label}{} {{{before} -> {after}{better}}}\n", m.class.mark());
            }
            None => text += &format!("{label}\n"),
        }
    }
    text
}

/// The class as Lichess's comments name it: "Inaccuracy", "Mistake", "Blunder".
fn class_word(class: super::MoveClass) -> String {
    let name = class.name();
    let mut letters = name.chars();
    letters.next().map(|first| first.to_uppercase().collect::<String>() + letters.as_str()).unwrap_or_default()
}
