//! The record any family can write: its move names one a line, from the standard start. A family's own simple
//! record (Connect Four's move string, the Othello transcript, m,n,k cell names) is in its folder, `record.rs`.

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

/// The most words a move's name has (EinStein's "die 4", Pig's "hold at 20"): the longest run [`read_names`] tries.
const MOST_WORDS_A_NAME: usize = 4;

/// The moves by their names, one a line or several to a line separated by spaces (blank lines and lines starting
/// with `#` skipped), each legal where it is played. Names may have spaces in them, so at each point the longest
/// run of words that names a legal move is played: "die 4 a1-b2" is two moves.
pub fn read_names<G: Game + Clone>(start: &G, text: &str) -> Result<Vec<G::Move>, RecordError> {
    let mut game = start.clone();
    let mut moves = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first().is_none_or(|w| w.starts_with('#')) {
            continue;
        }
        let mut at = 0;
        while at < words.len() {
            let (mv, used) = named_by_words(&game, &words[at..]).map_err(|why| RecordError::new(index + 1, why))?;
            game.play(mv);
            moves.push(mv);
            at += used;
        }
    }
    Ok(moves)
}

/// The legal move named by the longest run of `words` from the first, and how many words its name took; or why
/// none is, naming the words as the reader would have meant them (a whole short line is one name).
fn named_by_words<G: Game>(game: &G, words: &[&str]) -> Result<(G::Move, usize), String> {
    let longest = words.len().min(MOST_WORDS_A_NAME);
    for count in (1..=longest).rev() {
        if let Ok(mv) = find_named(game, &words[..count].join(" ")) {
            return Ok((mv, count));
        }
    }
    let meant = if words.len() <= MOST_WORDS_A_NAME { words.join(" ") } else { words[0].to_string() };
    find_named(game, &meant).map(|mv| (mv, 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::einstein::Einstein;

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
        // The same moves several to a line, names with spaces among them.
        let text = write_names(&start, &played);
        let lines: Vec<&str> = text.lines().collect();
        let joined = format!("{}\n{}", lines[..5].join(" "), lines[5..].join("  "));
        assert_eq!(read_names(&start, &joined).unwrap(), played);
        let error = read_names(&start, &format!("{} nonsense {}", lines[0], lines[1])).expect_err("not a move");
        assert!(error.to_string().contains("'nonsense"), "{error}");
    }
}
