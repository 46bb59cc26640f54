//! The checks a script's move list passes before the search sees it.

use super::ScriptMove;

/// What is wrong with a position's move list, if anything, in words for the script's author: the same move twice
/// (perft and the search would count it twice), or no move at all in a position `result` says is not over (it
/// would be scored as finished, and a player asked to move there blamed). Cheap: a list of a few dozen moves is
/// compared pair by pair, a longer one through a sorted copy.
pub(super) fn move_list_problem(moves: &[ScriptMove]) -> Option<String> {
    if moves.is_empty() {
        return Some(
            "moves returned no move, but result returned nil (the game goes on): return the result of a finished \
             game, or a move (a pass) for a side that cannot move"
                .to_string(),
        );
    }
    let twice = if moves.len() <= 64 {
        moves.iter().enumerate().find_map(|(i, mv)| moves[..i].contains(mv).then_some(*mv))
    } else {
        let mut sorted = moves.to_vec();
        sorted.sort_unstable();
        sorted.windows(2).find_map(|pair| (pair[0] == pair[1]).then_some(pair[0]))
    };
    twice.map(|mv| format!("moves returned the move {mv} twice: every move of a position must be different"))
}

#[cfg(test)]
mod tests {
    use super::move_list_problem;

    /// Short lists are compared pair by pair and long ones through a sorted copy: both find the move given twice.
    #[test]
    fn a_move_given_twice_is_found_in_short_and_long_lists() {
        for len in [2, 10, 64, 65, 500] {
            let mut moves: Vec<i64> = (1..=len).collect();
            assert_eq!(move_list_problem(&moves), None, "{len} different moves");
            moves[len as usize - 1] = 1;
            let problem = move_list_problem(&moves).unwrap_or_default();
            assert!(problem.contains("the move 1 twice"), "{len}: {problem}");
        }
        assert!(move_list_problem(&[]).is_some_and(|p| p.contains("no move")));
    }
}
