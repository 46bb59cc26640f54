//! A review judged by an engine outside the studio ([`OutsideEngine`]): asked every decision the exact oracle
//! does not prove, from the last to the first, with the moves that led there; judged by the review's own classes.

use alphabeta_core::engine::search::compare::Comparison;
use alphabeta_core::games::any::{AnyGame, AnyMove};
use alphabeta_core::games::registry::Registry;
use alphabeta_core::review::outside::{OutsideEngine, Question};
use alphabeta_core::review::{MoveClass, ReviewBudget, ReviewError, ReviewPlan, ReviewSettings, review_game_judged_by};
use std::sync::atomic::AtomicBool;

/// A planted engine: every move is best at +30 for the mover, except one named move, valued `played_value` beside
/// a best move of +30; it notes each question (the moves before it, the move asked about) in order.
struct Planted {
    bad: &'static str,
    played_value: f64,
    asked: Vec<(usize, String)>,
    fail_at: Option<usize>,
}

impl OutsideEngine for Planted {
    fn judged_by(&self) -> String {
        "Planted 1.0, 7 nodes a position".to_string()
    }

    fn compare(&mut self, question: &Question<'_>, _stop: &AtomicBool) -> Result<Comparison<AnyMove>, String> {
        let name = question.position.move_name(question.played);
        self.asked.push((question.before.len(), name.clone()));
        // The position is the start with the moves before it played.
        let mut replayed = question.start.clone();
        for &mv in question.before {
            replayed.try_play(mv).map_err(|e| e.0)?;
        }
        assert_eq!(replayed.position_text(), question.position.position_text());
        if self.fail_at == Some(question.before.len()) {
            return Err("planted: it exited".to_string());
        }
        let legal = question.position.legal_moves();
        let (best, played_value) = if name == self.bad {
            (*legal.iter().find(|&&m| m != question.played).expect("another move"), self.played_value)
        } else {
            (question.played, 30.0)
        };
        Ok(Comparison { depth: 9, best, line: vec![best], best_value: 30.0, played_value, exact: false, nodes: 7 })
    }
}

fn chess(record: &str) -> (AnyGame, Vec<AnyMove>, ReviewPlan) {
    let registry = Registry::standard();
    let entry = registry.find("chess").expect("chess is registered");
    let blank = entry.variant.rules.new_game().expect("starts");
    let (start, moves) = blank.read_record(record).expect("a legal record");
    let settings = ReviewSettings { budget: ReviewBudget::Level(10) };
    let plan = ReviewPlan::new("chess", &entry.variant.ai, settings, &start);
    (start, moves, plan)
}

#[test]
fn an_outside_engine_judges_every_decision_last_first_by_the_review_s_own_classes() {
    let (start, moves, plan) = chess("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 *");
    let mut planted = Planted { bad: "Nf6", played_value: -99_990.0 + 6.0, asked: Vec::new(), fail_at: None };
    let stop = AtomicBool::new(false);
    let review = review_game_judged_by(&start, &moves, &plan, &mut planted, &stop, &mut |_, _| true).expect("judged");
    let asked: Vec<(usize, &str)> = planted.asked.iter().map(|(n, m)| (*n, m.as_str())).collect();
    assert_eq!(asked, [(5, "Nf6"), (4, "Bc4"), (3, "Nc6"), (2, "Qh5"), (1, "e5"), (0, "e4")]);
    let classes: Vec<MoveClass> = review.moves.iter().map(|m| m.class).collect();
    use MoveClass::{Best, Blunder};
    // A mate let in from an even position: a blunder by the found-mate rule.
    assert_eq!(classes, [Best, Best, Best, Best, Best, Blunder]);
    assert_eq!((review.moves[0].loss, review.moves[0].value_before, review.moves[0].depth), (0.0, 30.0, 9));
    assert!(!review.moves[5].proven && review.moves[5].best != "Nf6");
    assert_eq!(review.judged_by.as_deref(), Some("Planted 1.0, 7 nodes a position"));
    assert_eq!(review.judge_words(), "Planted 1.0, 7 nodes a position");
    assert!(review.sides[1].accuracy < review.sides[0].accuracy);
    // The export names who judged, as its annotator.
    let (pgn, _) = alphabeta_core::review::export_record(&start, &moves, &review, &[]).expect("exports");
    assert!(pgn.contains("[Annotator \"Planted 1.0, 7 nodes a position\"]"), "{pgn}");
}

#[test]
fn a_loss_on_lichess_s_scale_is_classed_as_the_studio_classes_it() {
    let (start, moves, plan) = chess("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 *");
    // From +30 to −300 centipawns: 0.56 of winning chances on Lichess's scale.
    let mut planted = Planted { bad: "Nf6", played_value: -300.0, asked: Vec::new(), fail_at: None };
    let stop = AtomicBool::new(false);
    let review = review_game_judged_by(&start, &moves, &plan, &mut planted, &stop, &mut |_, _| true).expect("judged");
    let judged = &review.moves[5];
    assert_eq!(judged.class, MoveClass::Blunder);
    assert!((judged.loss - 0.557).abs() < 0.01, "{judged:?}");
}

#[test]
fn an_outside_engine_s_failure_ends_the_review_with_its_words_and_ply() {
    let (start, moves, plan) = chess("1. e4 e5 2. Qh5 Nc6 *");
    let mut planted = Planted { bad: "", played_value: 0.0, asked: Vec::new(), fail_at: Some(1) };
    let stop = AtomicBool::new(false);
    let failed = review_game_judged_by(&start, &moves, &plan, &mut planted, &stop, &mut |_, _| true);
    let error = failed.expect_err("the engine failed");
    assert_eq!(error, ReviewError::Outside { ply: 1, message: "planted: it exited".to_string() });
    assert_eq!(error.to_string(), "planted: it exited (judging move 2)");
}

/// Connect Four's exact oracle proves every decision of an opening: the outside engine is never asked.
#[test]
fn the_exact_oracle_still_comes_first() {
    let registry = Registry::standard();
    let entry = registry.find("connect-four").expect("registered");
    let blank = entry.variant.rules.new_game().expect("starts");
    let (start, moves) = alphabeta_core::review::read_game_record(&blank, "4453").expect("legal");
    let plan = ReviewPlan::new("connect-four", &entry.variant.ai, ReviewSettings::default(), &start);
    let mut planted = Planted { bad: "", played_value: 0.0, asked: Vec::new(), fail_at: None };
    let stop = AtomicBool::new(false);
    let review = review_game_judged_by(&start, &moves, &plan, &mut planted, &stop, &mut |_, _| true).expect("judged");
    assert!(planted.asked.is_empty(), "{:?}", planted.asked);
    assert!(review.moves.iter().all(|m| m.proven), "{:?}", review.moves);
}

/// *Learn from your mistakes* judges a try with the outside engine that judged the review, asked about the same
/// position (the moves before it), so a try and the move it replaces are judged alike.
#[test]
fn a_try_is_judged_by_the_outside_engine_that_judged_the_review() {
    let (start, moves, plan) = chess("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 *");
    let stop = AtomicBool::new(false);
    let mut planted = Planted { bad: "Nf6", played_value: -300.0, asked: Vec::new(), fail_at: None };
    let review = review_game_judged_by(&start, &moves, &plan, &mut planted, &stop, &mut |_, _| true).expect("judged");
    let judged = &review.moves[5];
    let mut before = start.clone();
    for &mv in &moves[..5] {
        before.try_play(mv).expect("legal");
    }
    // The planted engine calls g6 as good as its best (it is not Nf6), and h6 bad once it is named the bad move.
    let engine = Planted { bad: "h6", played_value: -300.0, asked: Vec::new(), fail_at: None };
    let mut judge = alphabeta_core::review::learn::TryJudge::new(&start, plan.clone()).expect("a judge").judged_by(
        Box::new(engine),
        start.clone(),
        moves.clone(),
    );
    let g6 = before.find_move("g6").expect("legal");
    let verdict = judge.judge(&before, judged, g6, &stop).expect("judged");
    assert!(verdict.found() && !verdict.played, "{verdict:?}");
    assert_eq!((verdict.value_best, verdict.value_try), (30.0, 30.0));
    let h6 = before.find_move("h6").expect("legal");
    let verdict = judge.judge(&before, judged, h6, &stop).expect("judged");
    assert_eq!((verdict.class, verdict.value_try), (MoveClass::Blunder, -300.0), "{verdict:?}");
}
