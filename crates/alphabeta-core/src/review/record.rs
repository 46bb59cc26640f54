//! The record a review reads: whatever the game's own reader takes (PGN, PDN, Pons' move string, an Othello
//! transcript, move names one a line), and else the move names separated by spaces — with PGN's tags, move
//! numbers and result left out, so a `match --pgn` record of any game reads too.

use crate::games::any::{AnyGame, AnyMove};
use crate::games::records::RecordError;

/// The start and moves of the record `text` of a game whose start (without a record) is `blank`.
///
/// # Errors
/// The game's own reader's error when the names separated by spaces do not read either.
pub fn read_game_record(blank: &AnyGame, text: &str) -> Result<(AnyGame, Vec<AnyMove>), RecordError> {
    let first = match blank.read_record(text) {
        Ok(read) => return Ok(read),
        Err(e) => e,
    };
    // A record that sets up its own start is the game's own format: read as bare names it would start from the
    // standard position and review another game, so its reader's refusal (a bad FEN) stands.
    let sets_up =
        text.lines().map(str::trim_start).any(|line| line.starts_with("[FEN ") || line.starts_with("[SetUp "));
    if sets_up {
        return Err(first);
    }
    let names = spaced_names(text);
    if names.is_empty() {
        return Err(first);
    }
    if let Ok(read) = blank.read_record(&names.join("\n")) {
        return Ok(read);
    }
    squeezed_names(blank, &names).ok_or(first)
}

/// The moves of `names` played from `blank`, each the legal move whose name, spaces left out, is the word: a
/// `match --pgn` record writes a name with spaces as one word (Nim's `take 4 from heap 3` as `take4fromheap3`,
/// a die's `die 4` as `die4`). `None` when a word names no legal move.
fn squeezed_names(blank: &AnyGame, names: &[&str]) -> Option<(AnyGame, Vec<AnyMove>)> {
    let squeeze = |name: &str| name.split_whitespace().collect::<String>();
    let mut game = blank.clone();
    let mut moves = Vec::with_capacity(names.len());
    for &word in names {
        let mv = game.legal_moves().into_iter().find(|&mv| squeeze(&game.move_name(mv)) == word)?;
        game.try_play(mv).ok()?;
        moves.push(mv);
    }
    Some((blank.clone(), moves))
}

/// The words of `text` that may be moves: outside tag lines (`[White "…"]`) and `{…}` comments, and not move
/// numbers (`12.`, `12...`, `12…`) or results.
fn spaced_names(text: &str) -> Vec<&str> {
    let is_number = |word: &str| {
        let digits = word.trim_end_matches(['.', '…']);
        digits.len() < word.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    };
    let mut in_comment = false;
    let mut names = Vec::new();
    for line in text.lines().map(str::trim).filter(|line| !line.starts_with('[') && !line.starts_with('#')) {
        for word in line.split_whitespace() {
            if in_comment || word.starts_with('{') {
                in_comment = !word.ends_with('}');
                continue;
            }
            if !is_number(word) && !matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
                names.push(word);
            }
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mnk::Mnk;

    #[test]
    fn names_separated_by_spaces_with_numbers_and_tags_read_as_the_lines_do() {
        let blank = AnyGame::new(Mnk::tic_tac_toe());
        let (_, by_lines) = read_game_record(&blank, "b2\na2\nc3\n").expect("one a line");
        for text in ["b2 a2 c3", "[Result \"*\"]\n\n1. b2 a2 2. c3 *\n", "1. b2 {centre} a2 2. c3"] {
            let (_, moves) = read_game_record(&blank, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(moves, by_lines, "{text}");
        }
        let refused = read_game_record(&blank, "b2 b2").expect_err("b2 twice");
        assert_eq!(refused.line, 1, "the game's own reader's error: {refused}");
    }
}
