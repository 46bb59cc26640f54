//! The checks only a script has: its board as `draw` describes it (read by the board module, whose refusals are the
//! findings), what clicks on it give, its key, turn and result asked afresh after an `undo`, and its faults put in
//! the words of the finding they are.

use super::FindingKind;
use super::walk::Checker;
use crate::engine::game::Turn;
use crate::games::any::{AnyGame, AnyMove, Playable};
use crate::games::script::board::{Click, Kind, Target};
use crate::games::script::{ScriptError, ScriptGame};
use std::collections::HashSet;

/// How a move the position listed and then refused is reported: a script's refusal carries its error.
pub(super) fn refusal_kind(game: &AnyGame) -> FindingKind {
    if game.downcast_ref::<ScriptGame>().is_some() { FindingKind::ScriptError } else { FindingKind::RefusedMove }
}

/// A script's fault as the finding it is: a move list with a move twice is a duplicate move, an empty one in a game
/// that goes on a position with no move — which names `result`'s line as well as `moves`': either may be wrong.
pub(super) fn classify(game: &AnyGame, message: String) -> (FindingKind, String) {
    let Some(script) = game.downcast_ref::<ScriptGame>().map(ScriptGame::script) else {
        return (FindingKind::ScriptError, message);
    };
    if message.contains(": moves returned no move, but result returned nil") {
        let message = format!(
            "{}: result returned nil (the game goes on), but {}: moves returned no move: if the side to move has \
             lost or the game is drawn, result must say so; else the side needs a move (a pass)",
            script.at("result"),
            script.at("moves")
        );
        return (FindingKind::NoMove, message);
    }
    if message.contains(": moves returned the move ") && message.contains(" twice") {
        return (FindingKind::DuplicateMove, message);
    }
    (FindingKind::ScriptError, message)
}

/// `file:line: ` of a script's `undo` (where a position that is not restored is put back), or nothing for a game
/// that is not a script.
pub(super) fn undo_place(game: &AnyGame) -> String {
    match game.downcast_ref::<ScriptGame>() {
        Some(script_game) if script_game.script().defines("undo") => format!("{}: ", script_game.script().at("undo")),
        Some(script_game) => format!("{}: ", script_game.script().at("play")),
        None => String::new(),
    }
}

/// A position as a script says it is now: whose turn, whether it is over, and its key.
pub(super) type Reread = (Turn, bool, u64);

/// For a script: the current position's turn, whether it is over and its key, asked afresh (see
/// [`ScriptGame::reread`]); `None` for another game.
pub(super) fn reread(game: &AnyGame) -> Option<Result<Reread, ScriptError>> {
    let script_game = game.downcast_ref::<ScriptGame>()?;
    Some(script_game.reread().map(|(turn, result, key)| (turn, result.is_some(), key)))
}

/// Every way the window takes a move in this position, each answer checked against `legal` (its moves): at a chance
/// turn the *Roll* button; for a script that draws, its board, and if it has `click`, a click on every cell, point
/// and edge of it, and after a place that selects, a second click on every place of the same kind. (A drawing and
/// its clicks cost more than the rest of a position's checks — Hex's drawing alone twice as much — so the walk asks
/// them in the random games' positions, not in every position below them.)
pub(super) fn check_board(checker: &mut Checker, game: &AnyGame, legal: &[AnyMove], step: u32) {
    if game.turn() == Turn::Chance && game.terminal_value().is_none() {
        checker.count_click();
        match crate::play::dice::roll(checker.seed(), &[], game) {
            Some(mv) if legal.contains(&mv) => {}
            rolled => {
                let message = format!("the Roll button rolled {rolled:?}, which is not a chance outcome here");
                checker.note(FindingKind::IllegalClick, message, step, None);
            }
        }
    }
    let Some(script_game) = game.downcast_ref::<ScriptGame>() else { return };
    let script = script_game.script();
    if script.board.is_none() || !script.defines("draw") || game.fault().is_some() {
        return;
    }
    let board = match script_game.board() {
        Ok(board) => board,
        Err(error) => return checker.note(FindingKind::BadDrawing, error.message, step, None),
    };
    if !script.defines("click") || game.terminal_value().is_some() {
        return;
    }
    // Looked up once per click: a position may have many moves, and a board many places.
    let legal: HashSet<AnyMove> = legal.iter().copied().collect();
    for kind in [Kind::Cell, Kind::Point, Kind::Edge] {
        let places = board.count(kind);
        for index in 1..=places {
            if checker.stopping() {
                return;
            }
            if click(checker, script_game, &legal, Target { kind, index }, None, step) == Some(Click::Select) {
                for to in 1..=places {
                    if checker.stopping() {
                        return;
                    }
                    click(checker, script_game, &legal, Target { kind, index: to }, Some(index), step);
                }
            }
        }
    }
}

/// One click, its move checked; what it gave, or `None` when the script failed.
fn click(
    checker: &mut Checker,
    game: &ScriptGame,
    legal: &HashSet<AnyMove>,
    target: Target,
    from: Option<usize>,
    step: u32,
) -> Option<Click> {
    checker.count_click();
    let word = target.kind.word();
    match game.click_at(target, from) {
        Ok(Click::Move(mv)) if !legal.contains(&ScriptGame::encode(mv)) => {
            let after = from.map(|f| format!(" (after {word} {f} was selected)")).unwrap_or_default();
            let message = format!(
                "{}: a click on {word} {}{after} gives the move {mv}, which is not legal here",
                game.script().at("click"),
                target.index
            );
            checker.note(FindingKind::IllegalClick, message, step, None);
            Some(Click::Move(mv))
        }
        Ok(answer) => Some(answer),
        Err(error) => {
            checker.note(FindingKind::ScriptError, error.message, step, None);
            None
        }
    }
}
