//! Game records of a match in PGN's form: the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result),
//! a `Termination` tag with the reason, then the moves numbered in pairs and the result. For chess the moves are
//! SAN and the file is PGN any chess program reads; other games get the same tags (plus `Variant`, the game's
//! id) and their own move names (Connect Four columns, Othello squares, draughts `22x15`…).

use super::game::Played;
use alphabeta_core::engine::game::Side;
use alphabeta_core::files;
use alphabeta_core::games::records::{movetext, today};
use alphabeta_core::play::history::{TurnRow, turn_rows};
use std::path::Path;

/// What one record needs.
pub struct Game<'a> {
    pub round: usize,
    /// The player who moved first (White in chess) and the other.
    pub first: &'a str,
    pub second: &'a str,
    pub played: &'a Played,
}

/// PGN's result token.
pub fn result_token(winner: Option<Side>) -> &'static str {
    match winner {
        Some(Side::Max) => "1-0",
        Some(Side::Min) => "0-1",
        None => "1/2-1/2",
    }
}

/// One game as PGN text, ending with a blank line: the tags and the wrapping are the core's PGN writer's
/// ([`movetext`]), so a match's records and the window's read and look the same.
pub fn write(game: &Game<'_>, game_id: &str, is_chess: bool) -> String {
    let result = result_token(game.played.ending.winner);
    let round = game.round.to_string();
    let date = today();
    let mut tags = vec![
        ("Event", "alphabeta-studio match"),
        ("Site", "?"),
        ("Date", date.as_str()),
        ("Round", round.as_str()),
        ("White", game.first),
        ("Black", game.second),
        ("Result", result),
    ];
    if !is_chess {
        tags.push(("Variant", game_id));
    }
    tags.push(("Termination", &game.played.ending.reason));
    let mut text: String = tags.iter().map(|(name, value)| movetext::tag_line(name, value) + "\n").collect();
    text.push('\n');
    let mut words = numbered_moves(game.played);
    words.push(result.to_string());
    text.push_str(&movetext::wrap(&words));
    text.push('\n');
    text
}

/// The moves as PGN numbers them, turn by turn as the move list groups them: `1. e4 e5 2. Nf3` where each turn is
/// one move; a turn of several moves (a Kalah extra turn, a dice game's roll and move) keeps its moves together, and
/// the second side's turn after such a turn is numbered `1...` (`1. 6 2 1... 5 1 2. 3`). A move token holds no
/// spaces (EinStein's "die 4" becomes "die4").
fn numbered_moves(played: &Played) -> Vec<String> {
    // A record written without who moved (none in practice) is read as the sides taking turns.
    let movers: Vec<Side> = (0..played.names.len())
        .map(|ply| played.movers.get(ply).copied().unwrap_or(if ply % 2 == 0 { Side::Max } else { Side::Min }))
        .collect();
    let mut words = Vec::new();
    let mut previous: Option<&TurnRow> = None;
    let rows = turn_rows(&movers, 1);
    for row in &rows {
        let after_one_white_move = previous.is_some_and(|p| p.side == Side::Max && p.plies.len() == 1);
        match row.side {
            Side::Max => words.push(format!("{}.", row.round)),
            Side::Min if !after_one_white_move => words.push(format!("{}...", row.round)),
            Side::Min => {}
        }
        words.extend(played.names[row.plies.clone()].iter().map(|name| name.split_whitespace().collect()));
        previous = Some(row);
    }
    words
}

/// The match's records file: every game so far, rewritten atomically after each game (a temporary file renamed
/// over it), so a disk that fills never leaves the old file truncated or a game half written, and a match stopped
/// part-way keeps every game it finished.
pub struct RecordsFile<'a> {
    path: &'a Path,
    text: String,
}

impl<'a> RecordsFile<'a> {
    /// Checks the path before the first game: its folder must exist, and the path be a regular file or nothing
    /// (a FIFO would block the match, a device or folder cannot hold records); nothing is written yet.
    pub fn create(path: &'a Path) -> Result<RecordsFile<'a>, String> {
        let shown = path.display();
        let folder = match path.parent() {
            Some(folder) if !folder.as_os_str().is_empty() => folder,
            _ => Path::new("."),
        };
        if !folder.is_dir() {
            return Err(format!("{shown}: the folder {} does not exist", folder.display()));
        }
        match std::fs::metadata(path) {
            Ok(meta) if !meta.is_file() => return Err(format!("{shown}: not a regular file")),
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(format!("{shown}: {e}")),
        }
        // The folder must take a file: found out now, not after the first game.
        let probe = files::write_temporary(path, b"", &mut |file| Box::new(file))?;
        files::discard(&probe);
        Ok(RecordsFile { path, text: String::new() })
    }

    /// Adds one game's record and writes the file.
    pub fn add(&mut self, record: &str) -> Result<(), String> {
        self.text.push_str(record);
        files::write_atomic(self.path, self.text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::super::game::Ending;
    use super::*;

    #[test]
    fn a_chess_record_has_the_seven_tags_numbered_moves_and_the_result() {
        let played = Played {
            names: ["f3", "e5", "g4", "Qh4#"].map(String::from).to_vec(),
            movers: Vec::new(),
            ending: Ending { winner: Some(Side::Min), reason: "checkmate".into(), failure: None },
        };
        let text = write(&Game { round: 3, first: "level:1", second: "uci:\"sf\"", played: &played }, "chess", true);
        let tags: Vec<&str> = text.lines().take_while(|l| l.starts_with('[')).collect();
        let names: Vec<&str> = tags.iter().map(|t| t[1..].split(' ').next().unwrap_or("")).collect();
        assert_eq!(names, ["Event", "Site", "Date", "Round", "White", "Black", "Result", "Termination"]);
        assert!(text.contains("[Round \"3\"]\n[White \"level:1\"]\n[Black \"uci:\\\"sf\\\"\"]\n[Result \"0-1\"]"));
        assert!(text.ends_with("\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"), "{text}");
    }

    #[test]
    fn long_games_wrap_and_other_games_name_their_variant() {
        let played = Played {
            names: (0..60).map(|i| format!("{}", i % 7 + 1)).collect(),
            movers: Vec::new(),
            ending: Ending { winner: None, reason: "drawn".into(), failure: None },
        };
        let text = write(&Game { round: 1, first: "a", second: "b", played: &played }, "connect-four", false);
        assert!(text.contains("[Variant \"connect-four\"]"));
        assert!(text.lines().all(|l| l.chars().count() <= 79), "{text}");
        assert!(text.trim_end().ends_with("30. 3 4 1/2-1/2"), "{text}");
    }

    /// A turn of several moves keeps them together, numbered as the move list numbers turns: Kalah's extra turn
    /// (`6` then `2` by South) and a dice game's roll and move.
    #[test]
    fn a_turn_of_several_moves_is_numbered_as_one() {
        let (max, min) = (Side::Max, Side::Min);
        let played = Played {
            names: ["6", "2", "5", "1", "3", "4"].map(String::from).to_vec(),
            movers: vec![max, max, min, min, max, min],
            ending: Ending { winner: None, reason: "drawn".into(), failure: None },
        };
        assert_eq!(numbered_moves(&played).join(" "), "1. 6 2 1... 5 1 2. 3 4");
        let dice = Played {
            names: ["die 4", "b1-c2", "die 2", "e5-d4"].map(String::from).to_vec(),
            movers: vec![max, max, min, min],
            ..played.clone()
        };
        assert_eq!(numbered_moves(&dice).join(" "), "1. die4 b1-c2 1... die2 e5-d4");
        let from_black = Played { names: ["e5", "Nf3"].map(String::from).to_vec(), movers: vec![min, max], ..played };
        assert_eq!(numbered_moves(&from_black).join(" "), "1... e5 2. Nf3");
    }

    /// The match's own wrapping counted bytes, so lines of names with accents broke early.
    #[test]
    fn lines_are_wrapped_by_characters() {
        let played = Played {
            names: (0..40).map(|_| "é5".to_string()).collect(),
            movers: Vec::new(),
            ending: Ending { winner: None, reason: "drawn".into(), failure: None },
        };
        let text = write(&Game { round: 1, first: "a", second: "b", played: &played }, "x", false);
        let movetext: Vec<&str> = text.lines().skip_while(|l| !l.is_empty()).skip(1).collect();
        assert!(movetext[0].chars().count() > 73, "filled by characters: {text}");
        assert!(movetext.iter().all(|l| l.chars().count() <= 79), "{text}");
    }
}

#[cfg(test)]
mod file_tests {
    use super::*;

    /// `--pgn` onto a full disk truncated the file before the first game; a FIFO blocked for ever.
    #[test]
    fn the_records_file_is_replaced_whole_and_only_regular_paths_are_taken() {
        let dir = std::env::temp_dir().join(format!("abs-records-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("games.pgn");
        std::fs::write(&path, "old games\n").expect("write");
        let mut records = RecordsFile::create(&path).expect("a regular file");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "old games\n", "untouched before the first game");
        records.add("game 1\n").expect("written");
        records.add("game 2\n").expect("written");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "game 1\ngame 2\n");
        let leftovers = std::fs::read_dir(&dir).expect("list").count();
        assert_eq!(leftovers, 1, "no temporary file left");
        let fifo = dir.join("fifo");
        if std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success()) {
            let Err(why) = RecordsFile::create(&fifo) else { panic!("a FIFO is refused") };
            assert!(why.ends_with("not a regular file"), "{why}");
        }
        assert!(RecordsFile::create(&dir).is_err(), "a folder");
        let _ = std::fs::remove_dir_all(dir);
    }
}
