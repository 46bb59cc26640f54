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
    let names = spaced_names(text);
    if names.is_empty() {
        return Err(first);
    }
    blank.read_record(&names.join("\n")).map_err(|_| first)
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
