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
    }
}
