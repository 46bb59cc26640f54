//! English draughts games as PDN, the Portable Draughts Notation: PGN's syntax with draughts moves
//! (`11-15`, `22x15x8`), `[GameType "21"]` for English draughts, and the position in draughts FEN
//! (`[FEN "W:W21,22,K30:B1,K5"]`, see [`Draughts::from_fen`]) when a game does not start from the standard one.
//!
//! **Results** are written as the English draughts archives do, `1-0` when Black (the first player) wins, `0-1`
//! when White does, `1/2-1/2` for a draw; PDN 3.0's `2-0`, `0-2` and `1-1` are read too.
//!
//! **Reading** accepts a multiple capture written with every landing square (`22x15x8`) or only its ends
//! (`22x8`) when that names one capture; it refuses, with the line and the reason, a malformed text, a bad FEN,
//! an illegal or ambiguous move, or a result that contradicts the Result tag or a finished game.

use super::{Draughts, DraughtsMove, path};
use crate::engine::game::{Game, Side};
use crate::games::records::movetext::{self, Token, TokenKind};
use crate::games::records::{RecordError, RecordResult};

/// The tags every written game carries first, with the value written when a game has none.
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("Black", "?"),
    ("White", "?"),
    ("Result", "*"),
];

/// One draughts game as a record.
#[derive(Clone, Debug)]
pub struct PdnGame {
    /// Tag pairs other than Result, GameType and FEN, in the order read or set.
    pub tags: Vec<(String, String)>,
    /// The position before the first move (the standard one unless the record carries a FEN).
    pub start: Draughts,
    /// The moves played from `start`, in order.
    pub moves: Vec<DraughtsMove>,
    /// The comment after each move (`comments.len() == moves.len()`).
    pub comments: Vec<Option<String>>,
    /// The result the record gives (its Result tag), not necessarily what the final position shows.
    pub result: RecordResult,
}

impl PdnGame {
    /// A game of `moves` from `start`, its result read from the final position.
    pub fn new(start: Draughts, moves: Vec<DraughtsMove>) -> PdnGame {
        let end = play_all(&start, &moves);
        let result = RecordResult::from_outcome(end.winner(), end.is_over());
        PdnGame { tags: Vec::new(), start, comments: vec![None; moves.len()], moves, result }
    }

    /// The value of tag `name`, if set.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets tag `name`, replacing its value if already set.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The position after every move.
    pub fn end(&self) -> Draughts {
        play_all(&self.start, &self.moves)
    }
}

fn play_all(start: &Draughts, moves: &[DraughtsMove]) -> Draughts {
    let mut end = start.clone();
    for &mv in moves {
        end.play(mv);
    }
    end
}

/// The game as PDN text.
pub fn write(game: &PdnGame) -> String {
    let mut out = String::new();
    for (name, default) in ROSTER {
        let value = if name == "Result" { game.result.token() } else { game.tag(name).unwrap_or(default) };
        out.push_str(&movetext::tag_line(name, value));
        out.push('\n');
    }
    out.push_str(&movetext::tag_line("GameType", "21"));
    out.push('\n');
    let fen = game.start.to_fen();
    if fen != Draughts::new().to_fen() {
        out.push_str(&movetext::tag_line("FEN", &fen));
        out.push('\n');
    }
    for (name, value) in &game.tags {
        if !ROSTER.iter().any(|(r, _)| r == name) && !matches!(name.as_str(), "GameType" | "FEN") {
            out.push_str(&movetext::tag_line(name, value));
            out.push('\n');
        }
    }
    out.push('\n');
    let mut words = Vec::new();
    let mut position = game.start.clone();
    let mut number = 1;
    let mut after_comment = false;
    for (index, &mv) in game.moves.iter().enumerate() {
        let black = position.side_to_move() == Side::Max;
        if black {
            words.push(format!("{number}."));
        } else if index == 0 || after_comment {
            words.push(format!("{number}..."));
        }
        words.push(position.move_name(mv));
        position.play(mv);
        if !black {
            number += 1;
        }
        after_comment = false;
        if let Some(Some(comment)) = game.comments.get(index) {
            words.push(movetext::comment_word(comment));
            after_comment = true;
        }
    }
    words.push(game.result.token().to_string());
    out.push_str(&movetext::wrap(&words));
    out
}

/// The first game of a PDN text, or the first thing wrong with it.
pub fn read(text: &str) -> Result<PdnGame, RecordError> {
    let tokens = movetext::tokenize(text)?;
    let mut tags = Vec::new();
    let (mut start, mut tag_result) = (Draughts::new(), None);
    let mut rest = tokens.as_slice();
    while let Some((Token { line, kind: TokenKind::Tag(name, value) }, more)) = rest.split_first() {
        match name.as_str() {
            "FEN" => start = Draughts::from_fen(value).map_err(|e| RecordError::new(*line, e.to_string()))?,
            "GameType" => {
                if value.split(',').next().is_none_or(|t| t.trim() != "21") {
                    return Err(RecordError::new(*line, format!("GameType {value} is not English draughts (21)")));
                }
            }
            "Result" => {
                let result = RecordResult::from_token(value)
                    .ok_or_else(|| RecordError::new(*line, format!("the Result tag '{value}' is not a result")))?;
                tag_result = Some(result);
            }
            _ => tags.push((name.clone(), value.clone())),
        }
        rest = more;
    }
    let mut position = start.clone();
    let (mut moves, mut comments) = (Vec::new(), Vec::new());
    let mut result = None;
    for token in rest {
        match &token.kind {
            TokenKind::Tag(name, _) => {
                return Err(RecordError::new(token.line, format!("the tag {name} stands among the moves")));
            }
            TokenKind::Move(word) => {
                let mv =
                    find_move(&position, word).map_err(|why| RecordError::new(token.line, format!("{word}: {why}")))?;
                position.play(mv);
                moves.push(mv);
                comments.push(None);
            }
            TokenKind::Comment(text) => {
                if let Some(last) = comments.last_mut() {
                    *last = Some(match last.take() {
                        Some(before) => format!("{before} {text}"),
                        None => text.clone(),
                    });
                }
            }
            TokenKind::Result(r) => result = Some((*r, token.line)),
        }
    }
    let line = result.map_or_else(|| tokens.last().map_or(1, |t| t.line), |(_, line)| line);
    let result = match (result.map(|(r, _)| r), tag_result) {
        (Some(said), Some(tag)) if said != tag => {
            let why = format!("the moves end in {} but the Result tag says {}", said.token(), tag.token());
            return Err(RecordError::new(line, why));
        }
        (Some(r), _) | (None, Some(r)) => r,
        (None, None) => RecordResult::Unknown,
    };
    let finished = RecordResult::from_outcome(position.winner(), position.is_over());
    if finished != RecordResult::Unknown && result != RecordResult::Unknown && finished != result {
        let why = format!("the game ended {} on the board, but the result is {}", finished.token(), result.token());
        return Err(RecordError::new(line, why));
    }
    Ok(PdnGame { tags, start, moves, comments, result })
}

/// The legal move `word` names: its full path, or a capture by its first and last squares when only one fits.
fn find_move(position: &Draughts, word: &str) -> Result<DraughtsMove, String> {
    if position.is_over() {
        return Err("the game is already over".into());
    }
    if let Ok(mv) = position.parse_move(word) {
        return Ok(mv);
    }
    let squares: Vec<usize> = word
        .split(['x', 'X', '-'])
        .map(|s| s.trim().parse::<usize>())
        .collect::<Result<_, _>>()
        .map_err(|_| "not a move: write squares 1–32 joined by '-' or 'x'".to_string())?;
    let (Some(&first), Some(&last)) = (squares.first(), squares.last()) else {
        return Err("not a move".into());
    };
    let fitting: Vec<DraughtsMove> = position
        .legal_moves()
        .into_iter()
        .filter(|&mv| {
            let p = path(mv);
            p.first().map(|s| s + 1) == Some(first) && p.last().map(|s| s + 1) == Some(last)
        })
        .collect();
    match fitting.as_slice() {
        [mv] if squares.len() == 2 => Ok(*mv),
        [] | [_] => Err("not a legal move here".into()),
        _ => Err("ambiguous: name every landing square".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play_names(start: &Draughts, names: &str) -> Vec<DraughtsMove> {
        let mut position = start.clone();
        names
            .split_whitespace()
            .map(|name| {
                let mv = position.parse_move(name).expect(name);
                position.play(mv);
                mv
            })
            .collect()
    }

    #[test]
    fn writes_tags_moves_and_result_and_reads_them_back() {
        let start = Draughts::new();
        let mut game = PdnGame::new(start.clone(), play_names(&start, "11-15 23-19 8-11 22-17 4-8 17-13"));
        game.set_tag("Black", "Studio");
        game.comments[2] = Some("the Old Fourteenth".into());
        let text = write(&game);
        assert!(
            text.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[Black \"Studio\"]")
        );
        let expected = "[GameType \"21\"]\n\n1. 11-15 23-19 2. 8-11 { the Old Fourteenth } 2... 22-17 3. 4-8 17-13 *";
        assert!(text.contains(expected), "{text}");
        let back = read(&text).unwrap();
        assert_eq!(back.moves, game.moves);
        assert_eq!(back.comments, game.comments);
        assert_eq!(write(&back), text);
    }

    #[test]
    fn a_game_from_a_position_carries_its_fen() {
        // White to move; a double jump 30x23x14 is the only capture from 30.
        let start = Draughts::from_fen("W:W30:B26,18,1").unwrap();
        let moves = play_names(&start, "30x23x14");
        let game = PdnGame::new(start.clone(), moves.clone());
        let text = write(&game);
        assert!(text.contains("[FEN \"W:W30:B1,18,26\"]"), "{text}");
        assert!(text.contains("1... 30x23x14"), "{text}");
        assert_eq!(read(&text).unwrap().moves, moves);
        // Only its ends named.
        assert_eq!(read("[FEN \"W:W30:B26,18,1\"]\n1... 30x14 *").unwrap().moves, moves);
    }

    #[test]
    fn a_won_game_says_who_won() {
        let start = Draughts::from_fen("B:W14:B9,10").unwrap();
        let moves = play_names(&start, "10x17");
        let game = PdnGame::new(start, moves);
        assert_eq!(game.result, RecordResult::FirstWins);
        assert!(write(&game).trim_end().ends_with("1. 10x17 1-0"), "{}", write(&game));
        let error = read(&write(&game).replace("1-0", "0-1")).expect_err("wrong result");
        assert!(error.reason.contains("ended 1-0"), "{error}");
    }

    #[test]
    fn refuses_bad_records_with_line_and_reason() {
        for (text, line, words) in [
            ("[Event \"x\"]\n1. 11-15 23-19\n2. 15-20", 3, "15-20: not a legal move"),
            ("1. 11-15 eleven", 1, "not a move"),
            ("[FEN \"X:W1\"]", 1, "FEN"),
            ("[GameType \"20\"]", 1, "not English draughts"),
            ("[Result \"1-0\"]\n1. 11-15 0-1", 2, "Result tag says 1-0"),
        ] {
            let error = read(text).expect_err(text);
            assert_eq!(error.line, line, "{text}: {error}");
            assert!(error.reason.contains(words), "{text}: {error}");
        }
    }

    #[test]
    fn fen_round_trips() {
        for fen in ["B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", "W:WK3,30:B1,K27"] {
            assert_eq!(Draughts::from_fen(fen).unwrap().to_fen(), fen);
        }
    }
}
