//! Game records of a match in PGN's form: the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result),
//! a `Termination` tag with the reason, then the moves numbered in pairs and the result. For chess the moves are
//! SAN and the file is PGN any chess program reads; other games get the same tags (plus `Variant`, the game's
//! id) and their own move names (Connect Four columns, Othello squares, draughts `22x15`…).

use super::game::Played;
use crate::engine::game::Side;

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

/// One game as PGN text, ending with a blank line.
pub fn write(game: &Game<'_>, game_id: &str, is_chess: bool) -> String {
    let result = result_token(game.played.ending.winner);
    let tag = |name: &str, value: &str| format!("[{name} \"{}\"]\n", value.replace('\\', "\\\\").replace('"', "\\\""));
    let mut text = String::new();
    text.push_str(&tag("Event", "alphabeta-studio match"));
    text.push_str(&tag("Site", "?"));
    text.push_str(&tag("Date", &today()));
    text.push_str(&tag("Round", &game.round.to_string()));
    text.push_str(&tag("White", game.first));
    text.push_str(&tag("Black", game.second));
    text.push_str(&tag("Result", result));
    if !is_chess {
        text.push_str(&tag("Variant", game_id));
    }
    text.push_str(&tag("Termination", &game.played.ending.reason));
    text.push('\n');
    let mut tokens = Vec::new();
    for (ply, name) in game.played.names.iter().enumerate() {
        if ply % 2 == 0 {
            tokens.push(format!("{}.", ply / 2 + 1));
        }
        // A move token holds no spaces (EinStein's "die 4" becomes "die4").
        tokens.push(name.split_whitespace().collect());
    }
    tokens.push(result.to_string());
    // Lines of at most 79 characters, as the PGN standard asks of export format.
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > 79 {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    text.push_str(&line);
    text.push_str("\n\n");
    text
}

/// Today's date (UTC) as PGN writes it, `YYYY.MM.DD`.
fn today() -> String {
    let days =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| (d.as_secs() / 86_400) as i64);
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The calendar date of a day count since 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::super::game::Ending;
    use super::*;

    #[test]
    fn dates_from_day_counts() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_415), (2025, 11, 23));
    }

    #[test]
    fn a_chess_record_has_the_seven_tags_numbered_moves_and_the_result() {
        let played = Played {
            names: ["f3", "e5", "g4", "Qh4#"].map(String::from).to_vec(),
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
            ending: Ending { winner: None, reason: "drawn".into(), failure: None },
        };
        let text = write(&Game { round: 1, first: "a", second: "b", played: &played }, "connect-four", false);
        assert!(text.contains("[Variant \"connect-four\"]"));
        assert!(text.lines().all(|l| l.len() <= 79), "{text}");
        assert!(text.trim_end().ends_with("30. 3 4 1/2-1/2"), "{text}");
    }
}
