//! Real games as [`Game`]s, one file per rule family with its tests at the bottom, and what is common to all of
//! them.

pub mod any;
pub mod check;
pub mod chess;
pub mod connect_four;
pub mod draughts;
pub mod einstein;
pub mod families;
pub mod family;
pub mod ladder;
pub mod levels;
pub mod mnk;
pub mod move_tree;
pub mod othello;
pub mod records;
pub mod registry;
pub mod score_words;
pub mod script;
pub mod validate;
pub mod values_from;
pub mod winning_line;

use crate::engine::game::Game;

/// The number of leaves of the full move tree `depth` plies deep from the current position (perft), which is the
/// same again when this returns. A finished game is a leaf where it happens (Connect Four stops at a win), and so is
/// a position with no move; `perft(game, 0)` is 1. Leaves one ply away are counted from the move list without
/// playing them, since every child there is a leaf whatever it holds.
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    let mut moves = Vec::with_capacity(256);
    perft_into(game, depth, &mut moves)
}

fn perft_into<G: Game>(game: &mut G, depth: u32, moves: &mut Vec<G::Move>) -> u64 {
    if depth == 0 || game.terminal_value().is_some() {
        return 1;
    }
    let start = moves.len();
    game.generate_moves(moves);
    let end = moves.len();
    let leaves = match end - start {
        0 => 1,
        count if depth == 1 => count as u64,
        _ => (start..end)
            .map(|i| {
                let mv = moves[i];
                game.play(mv);
                let leaves = perft_into(game, depth - 1, moves);
                game.undo(mv);
                leaves
            })
            .sum(),
    };
    moves.truncate(start);
    leaves
}

/// Writes a board as text, one line per row in the order `rows` gives: `X` the first player, `O` the second, `.`
/// empty — the `Display` of every grid game.
pub fn write_board(
    f: &mut std::fmt::Formatter<'_>,
    width: usize,
    rows: impl Iterator<Item = usize>,
    cell: impl Fn(usize, usize) -> Option<crate::engine::game::Side>,
) -> std::fmt::Result {
    use crate::engine::game::Side;
    for row in rows {
        for column in 0..width {
            f.write_str(match cell(column, row) {
                Some(Side::Max) => "X",
                Some(Side::Min) => "O",
                None => ".",
            })?;
        }
        writeln!(f)?;
    }
    Ok(())
}
