//! Tries judged against real reviews: Connect Four by its exact oracle (the opening book, then the solver),
//! tic-tac-toe by searches that see every line to the end.

use super::*;
use crate::games::registry::Registry;
use crate::review::{ReviewBudget, ReviewSettings, read_game_record, review_game};

/// A game of `id` read from `record`, reviewed at `budget`: its start, moves, review and the review's plan.
fn reviewed(id: &str, record: &str, budget: ReviewBudget) -> (AnyGame, Vec<AnyMove>, Review, ReviewPlan) {
    let registry = Registry::standard();
    let entry = registry.find(id).unwrap_or_else(|| panic!("{id} is registered"));
    let blank = entry.variant.rules.new_game().expect("starts");
    let (start, moves) = read_game_record(&blank, record).expect("a legal record");
    let plan = ReviewPlan::new(id, &entry.variant.ai, ReviewSettings { budget }, &start);
    let review = review_game(&start, &moves, &plan, &mut |_, _| true).expect("reviewed");
    (start, moves, review, plan)
}

/// The position before the move at `ply`.
fn before(start: &AnyGame, moves: &[AnyMove], ply: usize) -> AnyGame {
    let mut game = start.clone();
    moves[..ply].iter().for_each(|&mv| game.try_play(mv).expect("legal"));
    game
}

/// Each try named in `tries`, judged against the review's judgement of the move at `ply`.
fn judge_all(id: &str, record: &str, budget: ReviewBudget, ply: usize, tries: &[&str]) -> Vec<TryVerdict> {
    let (start, moves, review, plan) = reviewed(id, record, budget);
    let judged = review.judged(ply).expect("judged").clone();
    let position = before(&start, &moves, ply);
    let mut judge = TryJudge::new(&start, plan).expect("a judge");
    let stop = AtomicBool::new(false);
    tries
        .iter()
        .map(|name| {
            let mv = position.find_move(name).unwrap_or_else(|| panic!("{name} is legal"));
            judge.judge(&position, &judged, mv, &stop).unwrap_or_else(|e| panic!("{name}: {e}"))
        })
        .collect()
}

/// The first move 3 is a mistake (it only draws: Allis 1988). Tried again, the oracle decides: 4 is the winning
/// column and best, 5 draws as 3 did (another mistake), 1 loses (a blunder), and 3 itself keeps the review's judgement.
#[test]
fn connect_four_s_oracle_judges_each_try_of_the_first_move() {
    let (_, _, review, _) = reviewed("connect-four", "3", ReviewBudget::default());
    let exercises: Vec<(&str, MoveClass)> =
        mistakes(&review, 0).iter().map(|m| (m.move_name.as_str(), m.class)).collect();
    assert_eq!(exercises, [("3", MoveClass::Mistake)]);
    assert!(mistakes(&review, 1).is_empty(), "Yellow made no move");
    let verdicts = judge_all("connect-four", "3", ReviewBudget::default(), 0, &["4", "5", "1", "3"]);
    let seen: Vec<(&str, MoveClass, bool, bool)> =
        verdicts.iter().map(|v| (v.move_name.as_str(), v.class, v.found(), v.played)).collect();
    assert_eq!(
        seen,
        [
            ("4", MoveClass::Best, true, false),
            ("5", MoveClass::Mistake, false, false),
            ("1", MoveClass::Blunder, false, false),
            ("3", MoveClass::Mistake, false, true),
        ]
    );
    for verdict in &verdicts[..3] {
        assert!(verdict.proven && verdict.value_best > 0.0, "{verdict:?}");
    }
    assert_eq!((verdicts[1].value_try, verdicts[1].win_try, verdicts[1].loss), (0.0, 0.5, 1.0));
    assert!(verdicts[2].value_try < 0.0 && verdicts[2].loss == 2.0, "{:?}", verdicts[2]);
}

/// Yellow has three in column 1: Red must block (1); Red's 2 was a blunder, and so is any other column but 1.
#[test]
fn a_missed_block_is_found_only_by_the_block() {
    let (_, _, review, _) = reviewed("connect-four", "4141312", ReviewBudget::default());
    let red: Vec<(usize, &str)> = mistakes(&review, 0).iter().map(|m| (m.ply, m.move_name.as_str())).collect();
    assert_eq!(red.last(), Some(&(6, "2")), "{red:?}");
    let verdicts = judge_all("connect-four", "4141312", ReviewBudget::default(), 6, &["1", "7"]);
    assert_eq!((verdicts[0].class, verdicts[0].found()), (MoveClass::Best, true));
    assert_eq!((verdicts[1].class, verdicts[1].found(), verdicts[1].loss), (MoveClass::Blunder, false, 2.0));
}

/// Tic-tac-toe has no oracle: the review's searches see every line. After 1. b2, O's edge b1 loses; the corner a1
/// draws (as good as the best), the edge c2 loses too.
#[test]
fn tic_tac_toe_tries_are_judged_by_searches_to_the_end() {
    let (_, _, review, _) = reviewed("tic-tac-toe", "b2 b1", ReviewBudget::default());
    assert!(mistakes(&review, 0).is_empty());
    let blunders: Vec<&str> = mistakes(&review, 1).iter().map(|m| m.move_name.as_str()).collect();
    assert_eq!(blunders, ["b1"]);
    let verdicts = judge_all("tic-tac-toe", "b2 b1", ReviewBudget::default(), 1, &["a1", "c2"]);
    assert!(verdicts[0].found() && verdicts[0].proven && verdicts[0].value_try == 0.0, "{:?}", verdicts[0]);
    assert_eq!((verdicts[1].class, verdicts[1].found()), (MoveClass::Blunder, false), "{:?}", verdicts[1]);
    assert!(verdicts[1].value_try < 0.0 && verdicts[1].win_try == 0.0, "{:?}", verdicts[1]);
}

/// A stop set from another thread cancels a try that needs a search; a move that is not legal is refused.
#[test]
fn a_cancelled_or_illegal_try_is_an_error_not_a_verdict() {
    let (start, moves, review, plan) = reviewed("tic-tac-toe", "b2 b1", ReviewBudget::default());
    let judged = review.judged(1).expect("judged").clone();
    let position = before(&start, &moves, 1);
    let mut judge = TryJudge::new(&start, plan).expect("a judge");
    let corner = position.find_move("c3").expect("legal");
    assert_eq!(judge.judge(&position, &judged, corner, &AtomicBool::new(true)), Err(ReviewError::Cancelled));
    let taken = judge.judge(&position, &judged, moves[0], &AtomicBool::new(false));
    assert!(matches!(&taken, Err(ReviewError::IllegalMove { ply: 1, message }) if message.contains("not legal")));
}
