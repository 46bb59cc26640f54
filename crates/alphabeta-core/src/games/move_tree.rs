//! A game's real move tree below a position, as an explicit tree the Tree lab can draw and search: the moves to a
//! chosen depth, at most a chosen number per node (the most promising first), each node labelled with the move that
//! leads to it, the leaves valued by the game's own terminal value or evaluation. Searching it with α-β in the lab
//! shows which real moves a search prunes.

use crate::engine::game::{Game, Turn, Value};
use crate::engine::search::ranges::DEPTH_PLIES;
use crate::tree::model::{Node, NodeKind, Tree};
use std::ops::RangeInclusive;

/// How many moves per node a move tree may keep: more than any game here has in one position.
pub const WIDTH: RangeInclusive<usize> = 1..=256;
/// The most nodes a move tree may have, the root included: the size the Tree lab's frame-time benchmark shows
/// answering every frame (100,000 leaves), so an opened tree never freezes the window.
pub const MAX_NODES: usize = 100_000;

/// The shape of a move tree: `depth` plies below the position, at most `width` moves at each MAX or MIN node, the
/// best-looking first (see `ordered_moves`). A chance node keeps every outcome, so its odds still add up to 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeShape {
    /// Plies below the position.
    pub depth: u32,
    /// The most moves kept at a MAX or MIN node.
    pub width: usize,
}

impl TreeShape {
    /// The shape if both numbers are in range ([`DEPTH_PLIES`], [`WIDTH`]), else the reason.
    pub fn checked(self) -> Result<Self, String> {
        crate::engine::search::ranges::check("depth", self.depth, &DEPTH_PLIES)?;
        crate::engine::search::ranges::check("width", self.width, &WIDTH)?;
        Ok(self)
    }
}

/// The tree below `game`'s position with this shape, or why not: the game is over, a number is out of range, or
/// the tree would have more than [`MAX_NODES`] nodes. The position is restored.
pub fn move_tree<G: Game>(game: &mut G, shape: TreeShape) -> Result<Tree, String> {
    move_tree_led(game, shape, &[])
}

/// [`move_tree`] whose root's first children are the moves of `lead`, in that order, before the root's other moves
/// (the best-looking first, as everywhere in the tree): so a game review can put the move played and the best move
/// first, and stepping α-β shows the refutation of the one against the other. The root keeps `shape.width` moves,
/// or more when `lead` has more; a move of `lead` that is not legal here, or named twice, is left out.
pub fn move_tree_led<G: Game>(game: &mut G, shape: TreeShape, lead: &[G::Move]) -> Result<Tree, String> {
    let shape = shape.checked()?;
    if game.terminal_value().is_some() {
        return Err("the game is over: there is no tree below".into());
    }
    if count_led(game, shape, lead, MAX_NODES).is_none() {
        return Err(format!("more than {MAX_NODES} nodes: lower the depth or the width"));
    }
    Ok(Tree::new(build(game, shape.depth, shape.width, lead)))
}

/// The number of nodes (the root included) of the tree [`move_tree`] makes with `shape`, or `None` once they pass
/// `budget`. The position is restored.
pub fn count_nodes<G: Game>(game: &mut G, shape: TreeShape, budget: usize) -> Option<usize> {
    count_led(game, shape, &[], budget)
}

/// [`count_nodes`] of the tree [`move_tree_led`] makes.
pub fn count_led<G: Game>(game: &mut G, shape: TreeShape, lead: &[G::Move], budget: usize) -> Option<usize> {
    fn walk<G: Game>(game: &mut G, depth: u32, width: usize, lead: &[G::Move], left: &mut usize) -> bool {
        if *left == 0 {
            return false;
        }
        *left -= 1;
        if depth == 0 || game.terminal_value().is_some() {
            return true;
        }
        led_moves(game, width, lead).into_iter().all(|mv| {
            game.play(mv);
            let fits = walk(game, depth - 1, width, &[], left);
            game.undo(mv);
            fits
        })
    }
    let mut left = budget;
    walk(game, shape.depth, shape.width, lead, &mut left).then_some(budget - left)
}

/// The value of the position from MAX's point of view, as trees hold leaf values: the game's result if it is over,
/// else its evaluation.
fn value_for_max<G: Game>(game: &G) -> Value {
    game.turn().sign() * game.terminal_value().unwrap_or_else(|| game.evaluate())
}

/// The moves a node of the tree keeps: at a MAX or MIN node the `width` best by the value of the position each
/// leads to (one ply of look-ahead: best for the side to move first, ties in the game's own order); at a chance
/// node every outcome, in the game's order.
fn ordered_moves<G: Game>(game: &mut G, width: usize) -> Vec<G::Move> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let turn = game.turn();
    if turn == Turn::Chance {
        return moves;
    }
    let mut scored: Vec<(Value, G::Move)> = moves
        .into_iter()
        .map(|mv| {
            game.play(mv);
            let value = value_for_max(game);
            game.undo(mv);
            (turn.sign() * value, mv)
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored.into_iter().take(width).map(|(_, mv)| mv).collect()
}

/// The moves a node keeps with the legal moves of `lead` first, in its order: at a MAX or MIN node the others of
/// [`ordered_moves`] follow, `width` in all or as many as `lead` gives; a chance node keeps every outcome.
fn led_moves<G: Game>(game: &mut G, width: usize, lead: &[G::Move]) -> Vec<G::Move> {
    if lead.is_empty() || game.turn() == Turn::Chance {
        return ordered_moves(game, width);
    }
    let mut legal = Vec::new();
    game.generate_moves(&mut legal);
    let mut moves: Vec<G::Move> = Vec::with_capacity(width.max(lead.len()).min(legal.len()));
    for &mv in lead {
        if legal.contains(&mv) && !moves.contains(&mv) {
            moves.push(mv);
        }
    }
    let room = width.saturating_sub(moves.len());
    let rest: Vec<G::Move> = ordered_moves(game, legal.len()).into_iter().filter(|mv| !moves.contains(mv)).collect();
    moves.extend(rest.into_iter().take(room));
    moves
}

/// The node for the position, `depth` plies deep, the moves of `lead` first at this node (see [`led_moves`]);
/// leaves' values from MAX's point of view, as trees hold them.
fn build<G: Game>(game: &mut G, depth: u32, width: usize, lead: &[G::Move]) -> Node {
    let turn = game.turn();
    if depth == 0 || game.terminal_value().is_some() {
        return Node::leaf(value_for_max(game));
    }
    let children = led_moves(game, width, lead)
        .into_iter()
        .map(|mv| {
            let label = label_for(&game.move_name(mv));
            let probability = (turn == Turn::Chance).then(|| game.probability(mv));
            game.play(mv);
            let mut child = build(game, depth - 1, width, &[]);
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
        let shape = TreeShape { depth: 4, width: 7 };
        let tree = move_tree(&mut game, shape).expect("fits");
        assert_eq!(game, before, "the position is restored");
        assert!(tree.root.children().iter().all(|c| c.label.as_deref().is_some_and(is_valid_label)));
        assert_eq!(count_nodes(&mut game, shape, MAX_NODES), Some(tree.root.node_count()));
        // Every move kept: the tree searched as a tree has the value the game search finds at that depth.
        let flat = FlatTree::compile(&tree).expect("valid");
        let options = SearchOptions { depth: Some(4), ..SearchOptions::default() };
        let on_tree = search(&mut flat.root(), Algorithm::Minimax, &options, StopWhen::default(), &mut NoObserver);
        let on_game = search(&mut game, Algorithm::Minimax, &options, StopWhen::default(), &mut NoObserver);
        assert_eq!(on_tree.value, on_game.value);
        assert_eq!(on_tree.stats.nodes_visited, on_game.stats.nodes_visited);
        assert_eq!(tree.root.node_count() as u64, on_game.stats.nodes_visited, "minimax enters every node");
    }

    #[test]
    fn depth_and_width_give_the_shape() {
        let mut game = Mnk::tic_tac_toe();
        let cases = [((1, 9), 1 + 9), ((2, 3), 1 + 3 + 9), ((3, 2), 1 + 2 + 4 + 8), ((2, 256), 1 + 9 + 72)];
        for ((depth, width), nodes) in cases {
            let shape = TreeShape { depth, width };
            assert_eq!(count_nodes(&mut game, shape, MAX_NODES), Some(nodes), "{shape:?}");
            let tree = move_tree(&mut game, shape).expect("fits");
            assert_eq!(tree.root.node_count(), nodes, "{shape:?}");
            assert!(tree.root.children().len() <= width);
        }
        assert_eq!(count_nodes(&mut game, TreeShape { depth: 3, width: 9 }, 100), None, "586 nodes pass 100");
    }

    #[test]
    fn the_best_looking_moves_come_first() {
        // X (MAX) to move can win at once on c1 (a1, b1 are X's): one ply of look-ahead puts that move first.
        let mut game = Mnk::tic_tac_toe();
        for name in ["a1", "a2", "b1", "b2"] {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            let mv = moves.into_iter().find(|&m| game.move_name(m) == name).expect("legal");
            game.play(mv);
        }
        let tree = move_tree(&mut game, TreeShape { depth: 1, width: 1 }).expect("fits");
        assert_eq!(tree.root.children()[0].label.as_deref(), Some("c1"));
    }

    #[test]
    fn the_lead_moves_come_first_then_the_rest_best_first() {
        // X (a1, b1) to move, O on a2, b2: c1 wins at once and one ply of look-ahead puts it first.
        let mut game = Mnk::tic_tac_toe();
        let named = |game: &Mnk, name: &str| {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            moves.into_iter().find(|&m| game.move_name(m) == name).expect("legal")
        };
        for name in ["a1", "a2", "b1", "b2"] {
            let mv = named(&game, name);
            game.play(mv);
        }
        let before = game.clone();
        let (played, best) = (named(&game, "c3"), named(&game, "c1"));
        let shape = TreeShape { depth: 2, width: 3 };
        let plain = move_tree(&mut game, shape).expect("fits");
        let labels = |tree: &Tree| tree.root.children().iter().map(|c| c.label.clone().unwrap_or_default()).collect();
        let plain_labels: Vec<String> = labels(&plain);
        assert_eq!(plain_labels[0], "c1");
        // The lead first in its order; a repeated lead move once; the rest as the plain tree orders them.
        let led = move_tree_led(&mut game, shape, &[played, best, played]).expect("fits");
        assert_eq!(game, before, "the position is restored");
        let led_labels: Vec<String> = labels(&led);
        let rest: Vec<String> = plain_labels.iter().filter(|l| *l != "c3" && *l != "c1").take(1).cloned().collect();
        assert_eq!(led_labels, [vec!["c3".to_string(), "c1".to_string()], rest].concat());
        assert_eq!(count_led(&mut game, shape, &[played, best], MAX_NODES), Some(led.root.node_count()));
        // Below the root the shape is the plain one: each child keeps `width` replies (or all there are).
        assert!(led.root.children().iter().all(|c| c.children().len() <= 3));
        // A lead wider than the shape's width is kept whole; the root's width then is the lead's.
        let narrow = move_tree_led(&mut game, TreeShape { depth: 1, width: 1 }, &[played, best]).expect("fits");
        assert_eq!(labels(&narrow), ["c3", "c1"]);
    }

    #[test]
    fn a_shape_out_of_range_or_too_large_is_refused_with_the_reason() {
        let mut game = Mnk::tic_tac_toe();
        assert!(move_tree(&mut game, TreeShape { depth: 0, width: 3 }).is_err_and(|e| e.starts_with("depth is 0")));
        assert!(move_tree(&mut game, TreeShape { depth: 2, width: 0 }).is_err_and(|e| e.starts_with("width is 0")));
        let huge = move_tree(&mut game, TreeShape { depth: 9, width: 9 });
        assert!(huge.is_err_and(|e| e.starts_with("more than 100000 nodes")));
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
