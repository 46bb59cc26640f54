//! A game's real move tree below a position, as an explicit tree the Tree lab can draw and search: every move
//! to a small depth, each node labelled with the move that leads to it, the leaves valued by the game's own
//! terminal value or evaluation. Searching it with α-β in the lab shows which real moves a search prunes.

use crate::engine::game::{Game, Turn};
use crate::tree::model::{Node, NodeKind, Tree};

/// The tree below `game`'s position to the deepest depth, at most `max_depth`, whose whole tree has at most
/// `max_nodes` nodes (the root included), with that depth; `None` when even one ply is larger, or the game is over.
/// The position is restored.
pub fn move_tree<G: Game>(game: &mut G, max_depth: u32, max_nodes: usize) -> Option<(Tree, u32)> {
    if game.terminal_value().is_some() {
        return None;
    }
    let depth = (1..=max_depth).rev().find(|&d| count_nodes(game, d, max_nodes).is_some())?;
    Some((Tree::new(build(game, depth)), depth))
}

/// The nodes of the tree to `depth`, or `None` once they pass `budget`.
fn count_nodes<G: Game>(game: &mut G, depth: u32, budget: usize) -> Option<usize> {
    fn walk<G: Game>(game: &mut G, depth: u32, left: &mut usize) -> bool {
        if *left == 0 {
            return false;
        }
        *left -= 1;
        if depth == 0 || game.terminal_value().is_some() {
            return true;
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        moves.into_iter().all(|mv| {
            game.play(mv);
            let fits = walk(game, depth - 1, left);
            game.undo(mv);
            fits
        })
    }
    let mut left = budget;
    walk(game, depth, &mut left).then_some(budget - left)
}

/// The node for the position, `depth` plies deep; leaves' values from MAX's point of view, as trees hold them.
fn build<G: Game>(game: &mut G, depth: u32) -> Node {
    let turn = game.turn();
    if let Some(value) = game.terminal_value() {
        return Node::leaf(turn.sign() * value);
    }
    if depth == 0 {
        return Node::leaf(turn.sign() * game.evaluate());
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let children = moves
        .into_iter()
        .map(|mv| {
            let label = label_for(&game.move_name(mv));
            let probability = (turn == Turn::Chance).then(|| game.probability(mv));
            game.play(mv);
            let mut child = build(game, depth - 1);
            game.undo(mv);
            child.label = Some(label);
            child.probability = probability;
            child
        })
        .collect();
    let kind = match turn {
        Turn::Max => NodeKind::Max,
        Turn::Min => NodeKind::Min,
        Turn::Chance => NodeKind::Chance,
    };
    Node::inner(Some(kind), children)
}

/// A move's name as a tree label, which the notation restricts to a letter or `_`, then letters, digits, `_` or
/// `'`, then at most one `+` or `#`: a final check or mate sign is kept (`Nxd4+`, `Qh7#`), other characters
/// become `_`, and a name starting with a digit gets an `m` in front (`4` → `m4`, `11-15` → `m11_15`,
/// `die 4` → `die_4`, `e8=Q+` → `e8_Q+`).
pub fn label_for(name: &str) -> String {
    let (body, sign) = match name.strip_suffix(['+', '#']) {
        Some(body) => (body, &name[body.len()..]),
        None => (name, ""),
    };
    let mut label: String = body.chars().map(|c| if c.is_alphanumeric() || c == '\'' { c } else { '_' }).collect();
    if !label.starts_with(|c: char| c.is_alphabetic() || c == '_') {
        label.insert(0, 'm');
    }
    label.push_str(sign);
    label
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::context::StopWhen;
    use crate::engine::search::observer::NoObserver;
    use crate::engine::search::{Algorithm, SearchOptions, search};
    use crate::games::connect_four::ConnectFour;
    use crate::games::mnk::Mnk;
    use crate::tree::flat::FlatTree;
    use crate::tree::model::is_valid_label;

    #[test]
    fn the_tree_has_the_games_moves_and_minimax_value() {
        let mut game = ConnectFour::from_moves("4453").expect("legal");
        let before = game;
        let (tree, depth) = move_tree(&mut game, 4, 5_000).expect("fits");
        assert_eq!(game, before, "the position is restored");
        assert_eq!(depth, 4, "at most 1 + 7 + 49 + 343 + 2401 nodes: they fit");
        assert!(tree.root.children().iter().all(|c| c.label.as_deref().is_some_and(is_valid_label)));
        // The tree searched as a tree has the value the game search finds at that depth (MAX is to move).
        let flat = FlatTree::compile(&tree).expect("valid");
        let options = SearchOptions { depth: Some(4), ..SearchOptions::default() };
        let on_tree = search(&mut flat.root(), Algorithm::Minimax, &options, StopWhen::default(), &mut NoObserver);
        let on_game = search(&mut game, Algorithm::Minimax, &options, StopWhen::default(), &mut NoObserver);
        assert_eq!(on_tree.value, on_game.value);
        assert_eq!(on_tree.stats.nodes_visited, on_game.stats.nodes_visited);
        assert_eq!(tree.root.node_count() as u64, on_game.stats.nodes_visited, "minimax enters every node");
    }

    #[test]
    fn the_depth_shrinks_to_fit_the_budget() {
        let mut game = Mnk::tic_tac_toe();
        let (tree, depth) = move_tree(&mut game, 5, 1_000).expect("fits");
        assert_eq!((depth, tree.root.node_count()), (3, 1 + 9 + 72 + 504));
        assert_eq!(move_tree(&mut game, 5, 5), None, "not even one ply fits");
    }

    #[test]
    fn move_names_become_labels() {
        let names = [
            ("d3", "d3"),
            ("4", "m4"),
            ("11-15", "m11_15"),
            ("die 4", "die_4"),
            ("O-O", "O_O"),
            ("Nxd4+", "Nxd4+"),
            ("Qh7#", "Qh7#"),
            ("e8=Q+", "e8_Q+"),
            ("O-O-O#", "O_O_O#"),
            ("+", "m+"),
        ];
        for (name, label) in names {
            assert_eq!(label_for(name), label);
            assert!(is_valid_label(label));
        }
    }
}
