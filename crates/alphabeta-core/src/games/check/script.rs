//! The checks only a script has: its board as `draw` describes it (read by the board module, whose refusals are the
//! findings) and what clicks on it give.

use super::FindingKind;
use super::walk::Checker;
use crate::games::any::{AnyGame, Playable};
use crate::games::script::ScriptGame;
use crate::games::script::board::Click;

/// How a move the position listed and then refused is reported: a script's refusal carries its error.
pub(super) fn refusal_kind(game: &AnyGame) -> FindingKind {
    if game.downcast_ref::<ScriptGame>().is_some() { FindingKind::ScriptError } else { FindingKind::RefusedMove }
}

/// For a script that draws: the board of this position, and, while clicks are left, a click on every cell (and
/// after a cell that selects, a second click on every cell), each move a click gives checked to be legal here.
pub(super) fn check_board(checker: &mut Checker, game: &AnyGame, step: u32) {
    let Some(script_game) = game.downcast_ref::<ScriptGame>() else { return };
    let script = script_game.script();
    let Some(cells) = script.board.as_ref().map(|shape| shape.cells()) else { return };
    if !script.defines("draw") || game.fault().is_some() {
        return;
    }
    if let Err(error) = script_game.board() {
        checker.note(FindingKind::BadDrawing, error.message, step, None);
    }
    if !script.defines("click") || game.terminal_value().is_some() || checker.clicks_left(0) == 0 {
        return;
    }
    let legal = game.legal_moves();
    for cell in 1..=cells {
        let first = click(checker, script_game, &legal, cell, None, step);
        if first == Some(Click::Select) {
            for to in 1..=cells {
                click(checker, script_game, &legal, to, Some(cell), step);
            }
        }
        if checker.clicks_left(0) == 0 {
            return;
        }
    }
}

/// One click, its move checked; what it gave, or `None` when the script failed.
fn click(
    checker: &mut Checker,
    game: &ScriptGame,
    legal: &[u64],
    cell: usize,
    from: Option<usize>,
    step: u32,
) -> Option<Click> {
    checker.clicks_left(1);
    match game.click(cell, from) {
        Ok(Click::Move(mv)) if !legal.contains(&ScriptGame::encode(mv)) => {
            let after = from.map(|f| format!(" (after cell {f} was selected)")).unwrap_or_default();
            let message = format!("a click on cell {cell}{after} gives the move {mv}, which is not legal here");
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
