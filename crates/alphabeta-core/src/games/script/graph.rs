//! The points and lines a script's `draw` may add to its cells — Ludii's view of a board as a graph of cells,
//! edges and vertices: the dots and lines of Dots and Boxes, the points and lines of Nine Men's Morris.
//!
//! A point is placed in the board's own units: `{x, y}` with (0, 0) the top left corner of cell 1 and one unit the
//! side of a cell, so on a `grid` of W × H cells the corners of the cells are the points (0..W, 0..H). An edge is
//! a line between two points, named by their numbers in the list.

use super::board::{BoardShape, Colour, LABEL_CHARS, Piece, colour_field, flag, piece_field, text_field};
use mlua::{Table, Value as LuaValue};

/// The most points `draw` may return: the corners of the largest grid, 65 × 65.
pub const MAX_POINTS: usize = 65 * 65;
/// The most edges `draw` may return: the sides of the cells of the largest grid, 2 × 64 × 65.
pub const MAX_EDGES: usize = 2 * 64 * 65;

/// A point of the board: a dot, or a place a piece stands on.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// Across, in cells from the board's left edge.
    pub x: f64,
    /// Down, in cells from the board's top edge.
    pub y: f64,
    /// The dot's colour (`colour`), or the piece's colour when it has a piece.
    pub colour: Option<Colour>,
    /// A piece standing on the point (`glyph`, `stone` or `piece`, as on a cell).
    pub piece: Option<Piece>,
    /// A small text beside the point.
    pub label: Option<String>,
    /// Ringed: where the last move was played.
    pub marked: bool,
}

/// A line between two points.
#[derive(Clone, Debug, PartialEq)]
pub struct Edge {
    /// The numbers of its two points in [`super::board::Board::points`], from 0.
    pub ends: [usize; 2],
    /// Drawn (a line that was played) rather than a faint line that may be (`drawn = true`).
    pub drawn: bool,
    /// Its colour when drawn: the owner's (`colour`).
    pub colour: Option<Colour>,
    /// Marked: the last move's line.
    pub marked: bool,
}

/// The length of the list `value` must be, at most `max` entries; `None` for no list at all.
fn list_of(value: LuaValue, key: &str, max: usize) -> Result<Option<(Table, usize)>, String> {
    match value {
        LuaValue::Nil => Ok(None),
        LuaValue::Table(t) => {
            let len = t.raw_len();
            if len > max {
                return Err(format!("draw: {key} lists {len} entries, but a board shows at most {max}"));
            }
            Ok(Some((t, len)))
        }
        other => Err(format!("draw: {key} is {}, but it must be a list of tables", other.type_name())),
    }
}

/// Entry `i` of `list` as a table, or what it is instead.
fn entry(list: &Table, key: &str, i: usize) -> Result<Table, String> {
    match list.raw_get::<LuaValue>(i) {
        Ok(LuaValue::Table(t)) => Ok(t),
        Ok(other) => Err(format!("draw: {key} {i} is {}, but it must be a table", other.type_name())),
        Err(e) => Err(format!("draw: {key} {i}: {e}")),
    }
}

/// A finite number at `position` of `t`.
fn number(t: &Table, position: usize) -> Option<f64> {
    match t.raw_get::<LuaValue>(position).ok()? {
        LuaValue::Integer(n) => Some(n as f64),
        LuaValue::Number(x) if x.is_finite() => Some(x),
        _ => None,
    }
}

/// Reads `draw`'s `points`: a list of `{x, y, colour = …, glyph | stone | piece = …, label = …, marked = true}`,
/// each on the board (0 ≤ x ≤ its span, 0 ≤ y ≤ its height).
pub(super) fn read_points(shape: &BoardShape, value: LuaValue) -> Result<Vec<Point>, String> {
    let Some((list, len)) = list_of(value, "points", MAX_POINTS)? else { return Ok(Vec::new()) };
    let (span, height) = (shape.span(), shape.height as f64);
    let mut points = Vec::with_capacity(len);
    for i in 1..=len {
        let t = entry(&list, "point", i)?;
        let (x, y) = match (number(&t, 1), number(&t, 2)) {
            (Some(x), Some(y)) if (0.0..=span).contains(&x) && (0.0..=height).contains(&y) => (x, y),
            _ => {
                return Err(format!(
                    "draw: point {i} must be {{x, y}} with finite numbers on the board: 0 ≤ x ≤ {span} and \
                     0 ≤ y ≤ {height} (in cells from the top left corner)"
                ));
            }
        };
        let what = |e: String| format!("draw: point {i} {e}");
        points.push(Point {
            x,
            y,
            colour: colour_field(&t, "colour").map_err(what)?,
            piece: piece_field(&t).map_err(what)?,
            label: text_field(&t, "label", LABEL_CHARS).map_err(what)?,
            marked: flag(&t, "marked"),
        });
    }
    Ok(points)
}

/// Reads `draw`'s `edges`: a list of `{a, b, drawn = true, colour = …, marked = true}`, `a` and `b` the numbers
/// of two different points of the `points` (there are `points` of them).
pub(super) fn read_edges(points: usize, value: LuaValue) -> Result<Vec<Edge>, String> {
    let Some((list, len)) = list_of(value, "edges", MAX_EDGES)? else { return Ok(Vec::new()) };
    let mut edges = Vec::with_capacity(len);
    for i in 1..=len {
        let t = entry(&list, "edge", i)?;
        let end = |position: usize| match t.raw_get::<LuaValue>(position) {
            Ok(LuaValue::Integer(n)) if n >= 1 && (n as u64) <= points as u64 => Some(n as usize - 1),
            _ => None,
        };
        let ends = match (end(1), end(2)) {
            (Some(a), Some(b)) if a != b => [a, b],
            _ => {
                return Err(format!(
                    "draw: edge {i} must be {{a, b}}, the numbers of two different points of the {points} in \
                     `points`"
                ));
            }
        };
        edges.push(Edge {
            ends,
            drawn: flag(&t, "drawn"),
            colour: colour_field(&t, "colour").map_err(|e| format!("draw: edge {i} {e}"))?,
            marked: flag(&t, "marked"),
        });
    }
    Ok(edges)
}

#[cfg(test)]
mod tests {
    use super::super::board::{Board, Kind, Piece};
    use super::super::{Script, ScriptGame};

    /// A game of two moves a turn, drawn on a 2 × 1 grid by `draw`'s `body` (line 7 of the script).
    fn game(body: &str) -> ScriptGame {
        let text = format!(
            "function start() return {{ n = 0 }} end\nfunction turn(s) return s.n % 2 + 1 end\n\
             function play(s, m) return {{ n = s.n + 1 }} end\nfunction moves(s) return {{ 1, 2 }} end\n\
             function result(s) if s.n >= 4 then return 0 end return nil end\n\
             board = {{ width = 2, height = 1, moves = 'edges' }}\nfunction draw(s) {body} end\n"
        );
        Script::from_source("games/x.lua", "x", text).expect("loads").new_game().expect("starts")
    }

    fn drawn(body: &str) -> Result<Board, String> {
        game(body).board().map_err(|e| e.message)
    }

    const THREE_POINTS: &str = "{ {0, 0}, {1, 0, colour = 'red', label = 'a'}, {2, 1, piece = 'n', marked = true} }";

    #[test]
    fn points_and_edges_are_read_with_their_state() {
        let board = drawn(&format!(
            "return {{ {{}}, {{ owner = 2, piece = 'die5' }}, points = {THREE_POINTS}, \
             edges = {{ {{1, 2, drawn = true, colour = 'blue'}}, {{2, 3, marked = true}} }} }}"
        ))
        .expect("drawn");
        assert_eq!(board.points.len(), 3);
        assert_eq!((board.points[2].x, board.points[2].y), (2.0, 1.0));
        assert_eq!(board.points[1].label.as_deref(), Some("a"));
        assert_eq!(
            board.points[2].piece,
            Some(Piece::Chess { white: false, man: super::super::board::ChessMan::Knight })
        );
        assert!(board.points[2].marked && !board.points[0].marked);
        assert_eq!(board.edges.len(), 2);
        assert_eq!(board.edges[0].ends, [0, 1]);
        assert!(board.edges[0].drawn && !board.edges[1].drawn && board.edges[1].marked);
        assert_eq!(board.edges[0].colour, super::super::board::Colour::parse("blue"));
        assert_eq!(board.cells[1].owner, Some(2));
        assert_eq!(board.cells[1].piece, Some(Piece::Die(5)));
        assert_eq!(board.count(Kind::Edge), 2);
        // `moves = "edges"`: the legal moves are kept for the window to dot.
        assert_eq!(board.legal, [1, 2]);
        // A script of cells only draws as before: no points, no edges.
        let board = drawn("return { 'X', {} }").expect("drawn");
        assert!(board.points.is_empty() && board.edges.is_empty());
    }

    /// Every hostile value is the script's error naming what is wrong, never a panic or a large allocation.
    #[test]
    fn hostile_points_and_edges_are_refused_with_a_message() {
        let refused = |body: &str, expected: &str| {
            let message = drawn(body).expect_err(body);
            assert!(message.starts_with("games/x.lua:7: draw: "), "{message}");
            assert!(message.contains(expected), "{body}: {message}");
        };
        let nan = "return { points = { {0/0, 0} } }";
        refused(nan, "point 1 must be {x, y} with finite numbers on the board");
        refused("return { points = { {1/0, 0} } }", "point 1 must be");
        refused("return { points = { {3, 0} } }", "0 ≤ x ≤ 2");
        refused("return { points = { {0, -1} } }", "0 ≤ y ≤ 1");
        refused("return { points = { {'a', 0} } }", "point 1 must be");
        refused("return { points = { 7 } }", "point 1 is integer, but it must be a table");
        refused("return { points = 'many' }", "points is string, but it must be a list of tables");
        // A huge list is refused by its length, before anything is read or allocated.
        refused("local p = {} for i = 1, 5000 do p[i] = {0, 0} end return { points = p }", "lists 5000 entries");
        refused(&format!("return {{ points = {THREE_POINTS}, edges = {{ {{1, 4}} }} }}"), "edge 1 must be {a, b}");
        refused(&format!("return {{ points = {THREE_POINTS}, edges = {{ {{2, 2}} }} }}"), "two different points");
        refused(&format!("return {{ points = {THREE_POINTS}, edges = {{ {{1, 2.5}} }} }}"), "edge 1 must be");
        refused("return { edges = { {1, 2} } }", "of the 0 in `points`");
        let many = "local e = {} for i = 1, 9000 do e[i] = {1, 2} end return { points = { {0,0}, {1,0} }, edges = e }";
        refused(many, "lists 9000 entries, but a board shows at most 8320");
        refused("return { points = { {0, 0, label = ('l'):rep(100000)} } }", "point 1 has a label of 100000 bytes");
        refused("return { points = { {0, 0, colour = 'mauve'} } }", "point 1 has colour = \"mauve\", not a colour");
        refused("return { { piece = 'dragon' } }", "cell 1 has piece = \"dragon\", which is not one of");
        refused("return { { piece = 'die7' } }", "not one of");
        refused("return { { owner = 3 } }", "cell 1 has an owner that is not 1 or 2");
        refused(&format!("return {{ points = {THREE_POINTS}, edges = {{ {{1, 2, colour = 7}} }} }}"), "not a colour");
    }

    /// The guide's picture is drawn from `tests/data/scripts/board-tour.lua`: every kind of place and piece reads.
    #[test]
    fn the_guides_board_tour_reads() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/scripts/board-tour.lua");
        let board = Script::load(&path).expect("loads").new_game().expect("starts").board().expect("draws");
        assert_eq!((board.points.len(), board.edges.len()), (16, 24));
        assert_eq!(board.edges.iter().filter(|e| e.drawn).count(), 9);
        assert_eq!(board.legal.len(), 15, "the lines not drawn are the moves");
        assert_eq!((board.cells[0].owner, board.cells[1].owner), (Some(1), Some(2)));
        assert_eq!(board.cells[4].piece, Some(Piece::Die(5)));
        assert!(matches!(board.cells[3].piece, Some(Piece::Man { king: true, .. })));
        let coordinates = board.shape.coordinates.expect("coordinates");
        assert_eq!(coordinates.columns, ["a", "b", "c"]);
    }
}
