//! The checks a script's move list passes before the search sees it.

use super::ScriptMove;

/// What is wrong with a position's move list: the same move twice (perft and the search would count it twice), or
/// no move at all in a position `result` says is not over (it would be scored as finished, and a player asked to
/// move there blamed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ListFault {
    /// No move, in a game that goes on.
    NoMove,
    /// This move, listed more than once.
    Twice(ScriptMove),
}

impl ListFault {
    /// The fault in words for the script's author (after `file:line: `).
    pub(super) fn words(self) -> String {
        match self {
            ListFault::NoMove => "moves returned no move, but result returned nil (the game goes on): return the \
                                  result of a finished game, or a move (a pass) for a side that cannot move"
                .to_string(),
            ListFault::Twice(mv) => {
                format!("moves returned the move {mv} twice: every move of a position must be different")
            }
        }
    }
}

/// What is wrong with a position's move list, if anything. Cheap: a list of a few dozen moves is compared pair by
/// pair, a longer one through a sorted copy.
pub(super) fn move_list_problem(moves: &[ScriptMove]) -> Option<ListFault> {
    if moves.is_empty() {
        return Some(ListFault::NoMove);
    }
    let twice = if moves.len() <= 64 {
        moves.iter().enumerate().find_map(|(i, mv)| moves[..i].contains(mv).then_some(*mv))
    } else {
        let mut sorted = moves.to_vec();
        sorted.sort_unstable();
        sorted.windows(2).find_map(|pair| (pair[0] == pair[1]).then_some(pair[0]))
    };
    twice.map(ListFault::Twice)
}

#[cfg(test)]
mod tests {
    use super::{ListFault, move_list_problem};

    /// Short lists are compared pair by pair and long ones through a sorted copy: both find the move given twice.
    #[test]
    fn a_move_given_twice_is_found_in_short_and_long_lists() {
        for len in [2, 10, 64, 65, 500] {
            let mut moves: Vec<i64> = (1..=len).collect();
            assert_eq!(move_list_problem(&moves), None, "{len} different moves");
            moves[len as usize - 1] = 1;
            assert_eq!(move_list_problem(&moves), Some(ListFault::Twice(1)), "{len}");
        }
        assert_eq!(move_list_problem(&[]), Some(ListFault::NoMove));
        assert!(ListFault::Twice(7).words().starts_with("moves returned the move 7 twice"));
    }
}
