//! The records that are only a list of moves from the standard start: Connect Four's move string (Pons), the
//! Othello transcript, m,n,k cell names, and — for any family — its move names one a line.

use super::RecordError;
use crate::engine::game::Game;

/// The legal move of `game` whose name is `name` (compared ignoring ASCII case), or why there is none.
pub fn find_named<G: Game>(game: &G, name: &str) -> Result<G::Move, String> {
    if game.terminal_value().is_some() {
        return Err(format!("'{name}' comes after the end of the game"));
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves
        .into_iter()
        .find(|&mv| game.move_name(mv).eq_ignore_ascii_case(name))
        .ok_or_else(|| format!("'{name}' is not a legal move here"))
}

/// The moves as their names, one a line, each named in the position it is played from.
pub fn write_names<G: Game + Clone>(start: &G, moves: &[G::Move]) -> String {
    let mut game = start.clone();
    let mut out = String::new();
    for &mv in moves {
        out.push_str(&game.move_name(mv));
        out.push('\n');
        game.play(mv);
    }
    out
}

/// The moves named one a line (blank lines and lines starting with `#` skipped), each legal where it is played.
pub fn read_names<G: Game + Clone>(start: &G, text: &str) -> Result<Vec<G::Move>, RecordError> {
    let mut game = start.clone();
    let mut moves = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let name = line.trim();
        if name.is_empty() || name.starts_with('#') {
            continue;
        }
        let mv = find_named(&game, name).map_err(|why| RecordError::new(index + 1, why))?;
        game.play(mv);
        moves.push(mv);
    }
    Ok(moves)
}

/// Connect Four as Pons writes it: one digit per move, `1` the leftmost column, e.g. `4453`.
pub mod connect_four {
    use super::super::RecordError;
    use crate::engine::game::Game;
    use crate::games::connect_four::ConnectFour;

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
}

/// The Othello transcript: square names run together, `f5d6c3`, passes left out (a side that cannot move passes
/// without a word, as in the WTHOR archives).
pub mod othello {
    use super::super::RecordError;
    use super::find_named;
    use crate::engine::game::Game;
    use crate::games::othello::{Othello, PASS};

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
}

/// m,n,k games as cell names separated by spaces: columns `a`, `b`, … from the left, rows `1`, `2`, … from the
/// bottom, `b2 a1 c3`.
pub mod mnk {
    use super::super::RecordError;
    use super::find_named;
    use crate::engine::game::Game;
    use crate::games::mnk::Mnk;

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
                let mv = find_named(&game, name)
                    .map_err(|why| RecordError::new(index + 1, format!("move {place}: {why}")))?;
                game.play(mv);
                moves.push(mv);
            }
        }
        Ok(moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect_four::ConnectFour;
    use crate::games::einstein::Einstein;
    use crate::games::mnk::Mnk;
    use crate::games::othello::{Othello, PASS};

    #[test]
    fn connect_four_strings_round_trip() {
        let start = ConnectFour::standard();
        let moves = connect_four::read(&start, "4453 3\n2").expect("legal");
        assert_eq!(moves, vec![3, 3, 4, 2, 2, 1]);
        assert_eq!(connect_four::write(&moves).unwrap(), "445332");
        assert_eq!(connect_four::read(&start, &connect_four::write(&moves).unwrap()).unwrap(), moves);
    }

    #[test]
    fn connect_four_refuses_bad_strings_with_line_and_reason() {
        let start = ConnectFour::standard();
        for (text, line, words) in [
            ("44a", 1, "move 3 'a': not a column"),
            ("44\n8", 2, "move 3 '8'"),
            ("1111111", 1, "move 7 '1'"),
            ("1212121 3", 1, "move 8 '3'"),
        ] {
            let error = connect_four::read(&start, text).expect_err(text);
            assert_eq!(error.line, line, "{text}");
            assert!(error.reason.contains(words), "{text}: {error}");
        }
        assert!(connect_four::write(&[9]).is_err());
    }

    #[test]
    fn othello_transcripts_round_trip_with_passes_implied() {
        let start = Othello::standard();
        let moves = othello::read(&start, "f5d6C3\nd3 c4").expect("legal");
        assert_eq!(othello::write(&start, &moves), "f5d6c3d3c4");
        // A game with a pass: the shortest Othello game in which a side must pass is found by playing it out.
        let mut game = Othello::standard();
        let mut played = Vec::new();
        while !game.is_over() {
            let mut legal = Vec::new();
            game.generate_moves(&mut legal);
            let mv = legal[played.len() * 7 % legal.len()];
            game.play(mv);
            played.push(mv);
        }
        let text = othello::write(&start, &played);
        assert_eq!(othello::read(&start, &text).unwrap(), played);
        assert_eq!(text.len(), 2 * played.iter().filter(|&&m| m != PASS).count());
    }

    #[test]
    fn othello_refuses_an_illegal_square() {
        let error = othello::read(&Othello::standard(), "f5\nf5").expect_err("f5 is taken");
        assert_eq!(error.line, 2);
        assert!(error.reason.contains("move 2 'f5'"), "{error}");
        assert!(othello::read(&Othello::standard(), "z9").is_err());
    }

    #[test]
    fn mnk_cell_names_round_trip() {
        let start = Mnk::tic_tac_toe();
        let moves = mnk::read(&start, "b2 A1, c3").expect("legal");
        assert_eq!(mnk::write(&start, &moves), "b2 a1 c3");
        let error = mnk::read(&start, "b2\nb2").expect_err("taken");
        assert_eq!((error.line, error.reason.contains("move 2")), (2, true));
    }

    #[test]
    fn any_family_round_trips_by_move_names() {
        // EinStein: chance moves and steps, each named where it is played.
        let start = Einstein::new();
        let mut game = start.clone();
        let mut played = Vec::new();
        for i in 0..12 {
            if game.terminal_value().is_some() {
                break;
            }
            let mut legal = Vec::new();
            game.generate_moves(&mut legal);
            let mv = legal[i * 5 % legal.len()];
            game.play(mv);
            played.push(mv);
        }
        let text = write_names(&start, &played);
        assert_eq!(read_names(&start, &text).unwrap(), played);
        let error = read_names(&start, "die 4\nnonsense").expect_err("not a move");
        assert_eq!(error.line, 2);
    }
}
