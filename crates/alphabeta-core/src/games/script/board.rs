//! How a scripted game looks, as plain data for a painter: the board's shape (declared once, `board = {…}`), and
//! for each position what the script's `draw` returns — its cells, and the points and lines between them
//! (`script/graph.rs`: Ludii's graph of a board, cells, edges and vertices). Also what a click means (the script's
//! `click`).
//!
//! Cells, points and edges are numbered from 1, cells row by row from the top left, as a Lua list is. Everything a
//! script returns is held to sizes a window can show: a longer text, a larger list or a position off the board is
//! the script's error, found before anything of that size is allocated.

use mlua::{Table, Value as LuaValue};

pub use super::graph::{Edge, MAX_EDGES, MAX_POINTS, Point};

/// The most characters a glyph may have: it is drawn large, to fill its cell.
pub const GLYPH_CHARS: usize = 8;
/// The most characters a cell's label may have.
pub const LABEL_CHARS: usize = 24;
/// The most characters of a caption that are shown: a longer one is cut, ending in "…".
pub const CAPTION_CHARS: usize = 200;
/// The most characters of one coordinate on the board's edge (`"a"`, `"10"`, `"IV"`).
pub const COORDINATE_CHARS: usize = 6;

/// A string from the script, at most `max` characters, read without copying more than that: `Err` with its length
/// in bytes when it is longer (a script can return megabytes, which no cell can show).
fn short_text(s: &mlua::LuaString, max: usize) -> Result<String, usize> {
    let bytes = s.as_bytes();
    // A character takes at most 4 bytes in UTF-8 (and one replacement character per bad byte).
    let head = &bytes[..bytes.len().min(4 * max + 4)];
    let text = String::from_utf8_lossy(head);
    if bytes.len() > head.len() || text.chars().count() > max {
        return Err(bytes.len());
    }
    Ok(text.into_owned())
}

/// A text from the script cut to `max` characters and one line, with "…" where it was cut.
pub(super) fn cut_text(s: &mlua::LuaString, max: usize) -> String {
    let bytes = s.as_bytes();
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(4 * max)]);
    let first_line = head.lines().next().unwrap_or_default();
    let mut text: String = first_line.chars().take(max).collect();
    if text.len() < bytes.len() {
        text.push('…');
    }
    text
}

/// How the cells are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Square cells in rows and columns.
    Grid,
    /// Round pits in rows and columns (mancala games).
    Pits,
    /// Hexagons; each row starts `shift` cells further right than the one above (0.5: the rhombus of Hex).
    Hex,
}

/// The kind of place on a board: a click names one, and `board.moves` says which kind a move's number counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A cell of the grid (`draw`'s list).
    Cell,
    /// A line between two points (`draw`'s `edges`).
    Edge,
    /// A point (`draw`'s `points`).
    Point,
}

impl Kind {
    /// The word a script reads and writes: `"cell"`, `"edge"`, `"point"`.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Cell => "cell",
            Kind::Edge => "edge",
            Kind::Point => "point",
        }
    }
}

/// A place a click named: its kind and its number (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    /// A cell, an edge or a point.
    pub kind: Kind,
    /// Its number in `draw`'s list of that kind, from 1.
    pub index: usize,
}

/// The labels along the board's edges: one per column (above and below it) and one per row (beside it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coordinates {
    /// One label per column, left to right.
    pub columns: Vec<String>,
    /// One label per row, top to bottom.
    pub rows: Vec<String>,
}

impl Coordinates {
    /// `coordinates = true`: columns a, b, c … (1, 2, 3 … past 26 columns) and rows 1, 2, 3 … from the top, as
    /// Hex and Othello name their cells.
    fn letters_and_numbers(width: usize, height: usize) -> Coordinates {
        let columns = (0..width)
            .map(|c| if width <= 26 { char::from(b'a' + c as u8).to_string() } else { (c + 1).to_string() })
            .collect();
        Coordinates { columns, rows: (1..=height).map(|r| r.to_string()).collect() }
    }

    /// `coordinates = true`, or `{ columns = {…}, rows = {…} }` with one short label per column and per row.
    fn read(value: LuaValue, width: usize, height: usize) -> Result<Option<Coordinates>, String> {
        let table = match value {
            LuaValue::Nil | LuaValue::Boolean(false) => return Ok(None),
            LuaValue::Boolean(true) => return Ok(Some(Coordinates::letters_and_numbers(width, height))),
            LuaValue::Table(t) => t,
            other => {
                return Err(format!(
                    "`board.coordinates` is {}, but it must be true or {{ columns = {{…}}, rows = {{…}} }}",
                    other.type_name()
                ));
            }
        };
        let list = |key: &str, count: usize| -> Result<Vec<String>, String> {
            let wrong = || {
                format!("`board.coordinates.{key}` must list {count} labels of at most {COORDINATE_CHARS} characters")
            };
            let list = match table.raw_get::<LuaValue>(key) {
                Ok(LuaValue::Table(list)) if list.raw_len() == count => list,
                _ => return Err(wrong()),
            };
            (1..=count)
                .map(|i| match list.raw_get::<LuaValue>(i) {
                    Ok(LuaValue::String(s)) => short_text(&s, COORDINATE_CHARS).map_err(|_| wrong()),
                    Ok(LuaValue::Integer(n)) => Ok(n.to_string()),
                    _ => Err(wrong()),
                })
                .collect()
        };
        Ok(Some(Coordinates { columns: list("columns", width)?, rows: list("rows", height)? }))
    }
}

/// The board's shape, from the script's `board = { shape = "grid", width = 3, height = 3 }`.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardShape {
    /// Squares, pits or hexagons (`shape`).
    pub layout: Layout,
    /// Cells in each row, 1 to 64.
    pub width: usize,
    /// Rows, 1 to 64.
    pub height: usize,
    /// How far right each row starts relative to the row above, in cells (`shift = 0.5` by default for hex).
    pub shift: f64,
    /// The labels along the edges (`coordinates`), if the script asks for them.
    pub coordinates: Option<Coordinates>,
    /// `moves = "cells" | "edges" | "points"`: move *n* is that kind's place *n*. The window then marks the last
    /// move and dots the legal ones itself, and without a `click` function a click on place *n* plays move *n*.
    pub moves: Option<Kind>,
    /// The legal moves' places are dotted (`dots = false` turns it off: where every empty place is legal, as in
    /// Hex, the dots say nothing).
    pub dots: bool,
}

impl BoardShape {
    /// Reads the `board` table, or says what is wrong with it.
    pub fn read(table: &Table) -> Result<BoardShape, String> {
        let layout = match table.raw_get::<Option<String>>("shape").ok().flatten().as_deref() {
            None | Some("grid") => Layout::Grid,
            Some("pits") => Layout::Pits,
            Some("hex") => Layout::Hex,
            Some(other) => {
                return Err(format!("`board.shape` is {other:?}, but it must be \"grid\", \"pits\" or \"hex\""));
            }
        };
        let size = |key: &str| match table.raw_get::<LuaValue>(key) {
            Ok(LuaValue::Integer(n @ 1..=64)) => Ok(n as usize),
            _ => Err(format!("`board.{key}` must be a whole number from 1 to 64")),
        };
        let (width, height) = (size("width")?, size("height")?);
        let shift = match table.raw_get::<LuaValue>("shift") {
            Ok(LuaValue::Nil) => {
                if layout == Layout::Hex {
                    0.5
                } else {
                    0.0
                }
            }
            Ok(LuaValue::Integer(n)) if n.abs() <= 4 => n as f64,
            Ok(LuaValue::Number(x)) if x.is_finite() && x.abs() <= 4.0 => x,
            _ => return Err("`board.shift` must be a number of cells from -4 to 4, such as 0.5".into()),
        };
        let coordinates = Coordinates::read(table.raw_get("coordinates").unwrap_or(LuaValue::Nil), width, height)?;
        let moves = match table.raw_get::<LuaValue>("moves") {
            Ok(LuaValue::Nil) => None,
            Ok(LuaValue::String(s)) if s.as_bytes().as_ref() == b"cells" => Some(Kind::Cell),
            Ok(LuaValue::String(s)) if s.as_bytes().as_ref() == b"edges" => Some(Kind::Edge),
            Ok(LuaValue::String(s)) if s.as_bytes().as_ref() == b"points" => Some(Kind::Point),
            _ => return Err("`board.moves` must be \"cells\", \"edges\" or \"points\" (what move n is)".into()),
        };
        let dots = !matches!(table.raw_get::<LuaValue>("dots"), Ok(LuaValue::Boolean(false)));
        Ok(BoardShape { layout, width, height, shift, coordinates, moves, dots })
    }

    /// How many cells the board has, hidden ones included.
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// How wide the board is, in cells: its width, plus what the rows' shift adds.
    pub fn span(&self) -> f64 {
        self.width as f64 + self.shift.abs() * self.height.saturating_sub(1) as f64
    }
}

/// A colour, `"#rrggbb"` or one of a few names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colour(pub [u8; 3]);

impl Colour {
    /// The colour a script names: `"#rrggbb"`, or black, white, red, yellow, blue, green, brown, grey (gray),
    /// orange, purple, wood.
    pub fn parse(text: &str) -> Option<Colour> {
        if let Some(hex) = text.strip_prefix('#') {
            if hex.len() != 6 {
                return None;
            }
            let byte = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
            return Some(Colour([byte(0)?, byte(2)?, byte(4)?]));
        }
        Some(Colour(match text {
            "black" => [20, 20, 20],
            "white" => [240, 240, 240],
            "red" => [200, 40, 40],
            "yellow" => [235, 200, 40],
            "blue" => [40, 90, 200],
            "green" => [40, 150, 70],
            "brown" => [120, 80, 40],
            "grey" | "gray" => [150, 150, 150],
            "orange" => [230, 130, 30],
            "purple" => [130, 60, 160],
            "wood" => [222, 184, 135],
            _ => return None,
        }))
    }
}

/// A chess piece's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChessMan {
    /// `K`, `k`.
    King,
    /// `Q`, `q`.
    Queen,
    /// `R`, `r`.
    Rook,
    /// `B`, `b`.
    Bishop,
    /// `N`, `n`.
    Knight,
    /// `P`, `p`.
    Pawn,
}

/// What sits on a cell or a point.
#[derive(Clone, Debug, PartialEq)]
pub enum Piece {
    /// A short text drawn large: `"X"`, `"♞"`.
    Glyph(String),
    /// A round stone of a colour (`stone = "red"`, or `piece = "stone"`).
    Stone(Colour),
    /// A chess piece by its letter in FEN (`piece = "N"` a white knight, `"n"` a black one), drawn from the set
    /// the chess board uses.
    Chess {
        /// White (an upper-case letter) or black.
        white: bool,
        /// Which piece.
        man: ChessMan,
    },
    /// A draughts man (`piece = "man"`) or king (`"king"`, crowned) of a colour.
    Man {
        /// Its colour (`colour = …`, black if not given).
        colour: Colour,
        /// A king carries a crown.
        king: bool,
    },
    /// A flat counter of a colour (`piece = "counter"`); the cell's `label` is written on it.
    Counter(Colour),
    /// A die showing a face from 1 to 6 (`piece = "die1"` … `"die6"`).
    Die(u8),
}

/// The names `piece = …` takes, for messages.
pub const PIECE_NAMES: &str = "K Q R B N P (white chess pieces), k q r b n p (black), man, king, stone, counter, \
                               die1 … die6";

impl Piece {
    /// The piece called `name` from the bundled set, in `colour` where it has one (black if `None`).
    pub fn named(name: &str, colour: Option<Colour>) -> Option<Piece> {
        let colour = colour.unwrap_or(Colour([20, 20, 20]));
        let chess = |c: char| {
            let man = match c.to_ascii_uppercase() {
                'K' => ChessMan::King,
                'Q' => ChessMan::Queen,
                'R' => ChessMan::Rook,
                'B' => ChessMan::Bishop,
                'N' => ChessMan::Knight,
                'P' => ChessMan::Pawn,
                _ => return None,
            };
            Some(Piece::Chess { white: c.is_ascii_uppercase(), man })
        };
        match name {
            "man" => Some(Piece::Man { colour, king: false }),
            "king" => Some(Piece::Man { colour, king: true }),
            "stone" => Some(Piece::Stone(colour)),
            "counter" => Some(Piece::Counter(colour)),
            _ => {
                if let Some(face) = name.strip_prefix("die") {
                    return face.parse().ok().filter(|f| (1..=6).contains(f)).map(Piece::Die);
                }
                let mut letters = name.chars();
                match (letters.next(), letters.next()) {
                    (Some(c), None) => chess(c),
                    _ => None,
                }
            }
        }
    }
}

/// One cell of the board as drawn.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Cell {
    /// `false` in the script's list: nothing is drawn here (a corner of a mancala board).
    pub hidden: bool,
    /// The glyph, stone or piece on the cell, if any.
    pub piece: Option<Piece>,
    /// A small text on the cell or its stone: a count of seeds, a number.
    pub label: Option<String>,
    /// The cell's own colour instead of the board's (a highlighted square, a player's store).
    pub background: Option<Colour>,
    /// The side that owns the cell (`owner = 1 | 2`): it is filled in that side's colour, as a box won in Dots and
    /// Boxes.
    pub owner: Option<u8>,
    /// A small text at the cell's foot, under its label: a pit's number as its moves are named.
    pub note: Option<String>,
    /// The cell also takes the place of the one below it (which the script leaves `false`): a mancala's store.
    pub tall: bool,
    /// The cell is ringed: where the last move was played.
    pub marked: bool,
}

/// The whole board as the script's `draw` describes the current position.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// The layout the script declared in its `board` table.
    pub shape: BoardShape,
    /// `shape.cells()` cells, row by row from the top left.
    pub cells: Vec<Cell>,
    /// The points (`points = {…}`), at most [`MAX_POINTS`].
    pub points: Vec<Point>,
    /// The lines between points (`edges = {…}`), at most [`MAX_EDGES`].
    pub edges: Vec<Edge>,
    /// A line of text for under the board ("Turn total: 12"), if the script gives one.
    pub caption: Option<String>,
    /// The legal moves, when the board says what they are (`board.moves`) and a side is to choose one: the window
    /// dots their places.
    pub legal: Vec<i64>,
}

impl Board {
    /// Reads what `draw` returned: a list of cells, each `false` (no cell), `{}` or nil (an empty cell), a string
    /// (a glyph), or a table `{ glyph = "X" | stone = "red" | piece = "N", colour = "red", label = "4",
    /// background = "#f0d9b5", owner = 1, note = "pit 3", tall = true, marked = true }`; the list may carry
    /// `points = {…}`, `edges = {…}` (see `script/graph.rs`) and `caption = "…"`.
    pub fn read(shape: &BoardShape, value: LuaValue) -> Result<Board, String> {
        let table = match value {
            LuaValue::Table(t) => t,
            other => return Err(format!("draw returned {}, but it must return a list of cells", other.type_name())),
        };
        let mut cells = Vec::with_capacity(shape.cells());
        for index in 1..=shape.cells() {
            let value: LuaValue = table.raw_get(index).map_err(|e| e.to_string())?;
            cells.push(read_cell(value).map_err(|what| format!("draw: cell {index} {what}"))?);
        }
        if let Some(stray) = stray_cells(&table, shape) {
            return Err(stray);
        }
        let points = super::graph::read_points(shape, table.raw_get("points").unwrap_or(LuaValue::Nil))?;
        let edges = super::graph::read_edges(points.len(), table.raw_get("edges").unwrap_or(LuaValue::Nil))?;
        let caption = match table.raw_get::<LuaValue>("caption") {
            Ok(LuaValue::String(s)) => Some(cut_text(&s, CAPTION_CHARS)),
            _ => None,
        };
        Ok(Board { shape: shape.clone(), cells, points, edges, caption, legal: Vec::new() })
    }

    /// How many places of `kind` the board has.
    pub fn count(&self, kind: Kind) -> usize {
        match kind {
            Kind::Cell => self.cells.len(),
            Kind::Edge => self.edges.len(),
            Kind::Point => self.points.len(),
        }
    }
}

/// The text under `key`, at most `max` characters (a number is written out): `Err` says how long it was.
pub(super) fn text_field(t: &Table, key: &str, max: usize) -> Result<Option<String>, String> {
    Ok(match t.raw_get::<LuaValue>(key).ok() {
        Some(LuaValue::String(s)) => Some(
            short_text(&s, max)
                .map_err(|bytes| format!("has a {key} of {bytes} bytes: at most {max} characters fit in a cell"))?,
        ),
        Some(LuaValue::Integer(n)) => Some(n.to_string()),
        Some(LuaValue::Number(x)) => Some(x.to_string()),
        _ => None,
    })
}

/// The colour under `key`, if any.
pub(super) fn colour_field(t: &Table, key: &str) -> Result<Option<Colour>, String> {
    match text_field(t, key, 16)? {
        None => Ok(None),
        Some(name) => Colour::parse(&name).map(Some).ok_or_else(|| format!("has {key} = {name:?}, not a colour")),
    }
}

/// True when `key` is `true`.
pub(super) fn flag(t: &Table, key: &str) -> bool {
    matches!(t.raw_get::<LuaValue>(key), Ok(LuaValue::Boolean(true)))
}

/// What sits on a cell or point: `glyph = "X"`, `stone = colour`, or `piece = name` (in `colour`).
pub(super) fn piece_field(t: &Table) -> Result<Option<Piece>, String> {
    if let Some(glyph) = text_field(t, "glyph", GLYPH_CHARS)? {
        return Ok(Some(Piece::Glyph(glyph)));
    }
    if let Some(colour) = colour_field(t, "stone")? {
        return Ok(Some(Piece::Stone(colour)));
    }
    let Some(name) = text_field(t, "piece", 8)? else { return Ok(None) };
    let colour = colour_field(t, "colour")?;
    Piece::named(&name, colour)
        .map(Some)
        .ok_or_else(|| format!("has piece = {name:?}, which is not one of {PIECE_NAMES}"))
}

/// What is wrong when `draw`'s list has cells at numbers the board has none for (0, or past its last cell): the
/// window would drop them without a word, and they are most often a list numbered from 0 or sized for another board.
fn stray_cells(table: &Table, shape: &BoardShape) -> Option<String> {
    let listed = table.raw_len();
    let has = |index: usize| !matches!(table.raw_get::<LuaValue>(index), Ok(LuaValue::Nil) | Err(_));
    if has(0) {
        return Some("draw: the list has a cell 0, but cells are numbered from 1".into());
    }
    (listed > shape.cells() || has(shape.cells() + 1)).then(|| {
        format!(
            "draw returned {} cells, but the board has {} ({} × {})",
            listed.max(shape.cells() + 1),
            shape.cells(),
            shape.width,
            shape.height
        )
    })
}

fn read_cell(value: LuaValue) -> Result<Cell, String> {
    match value {
        LuaValue::Nil => Ok(Cell::default()),
        LuaValue::Boolean(false) => Ok(Cell { hidden: true, ..Cell::default() }),
        LuaValue::String(s) => Ok(Cell { piece: Some(Piece::Glyph(glyph(&s)?)), ..Cell::default() }),
        LuaValue::Table(t) => {
            let owner = match t.raw_get::<LuaValue>("owner") {
                Ok(LuaValue::Nil) => None,
                Ok(LuaValue::Integer(side @ 1..=2)) => Some(side as u8),
                _ => return Err("has an owner that is not 1 or 2 (the side whose colour fills it)".into()),
            };
            Ok(Cell {
                hidden: false,
                piece: piece_field(&t)?,
                label: text_field(&t, "label", LABEL_CHARS)?,
                background: colour_field(&t, "background")?,
                owner,
                note: text_field(&t, "note", LABEL_CHARS)?,
                tall: flag(&t, "tall"),
                marked: flag(&t, "marked"),
            })
        }
        other => Err(format!("is {}, but it must be false, a string or a table", other.type_name())),
    }
}

/// A cell given as a string: its glyph.
fn glyph(s: &mlua::LuaString) -> Result<String, String> {
    short_text(s, GLYPH_CHARS)
        .map_err(|bytes| format!("is a glyph of {bytes} bytes: at most {GLYPH_CHARS} characters fit in a cell"))
}

/// What a click on a cell, edge or point means, as the script's `click(position, index, from, kind)` says.
#[derive(Clone, Debug, PartialEq)]
pub enum Click {
    /// Play this move.
    Move(i64),
    /// The place starts a move (a piece to move): the next click on a place of the same kind gets `from` set to
    /// this one's number.
    Select,
    /// Nothing to play there, and why.
    Refused(String),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::any::AnyGame;

    /// A shipped script's game after the moves named `moves`, and its board.
    fn board_after(id: &str, moves: &[&str]) -> Board {
        let path = crate::games::registry::shipped_dir().join(format!("{id}.lua"));
        let script = crate::games::script::Script::load(&path).expect("the script loads");
        let mut game = AnyGame::new(script.new_game().expect("it starts"));
        for name in moves {
            let mv = game.find_move(name).expect(name);
            game.try_play(mv).expect(name);
        }
        game.downcast_ref::<crate::games::script::ScriptGame>().expect("a script").board().expect("it draws")
    }

    /// Kalah's pits are numbered as its moves are named, its stores are drawn as stores (each
    /// as tall as both rows), the pit last sown from is ringed, and an extra turn is said.
    #[test]
    fn kalah_numbers_its_pits_draws_its_stores_and_says_an_extra_turn() {
        // South's pit 3 sows its 4 seeds into pits 4, 5, 6 and its store: an extra turn.
        let board = board_after("kalah", &["3"]);
        let (north_store, south_store) = (&board.cells[0], &board.cells[7]);
        assert!(north_store.tall && south_store.tall, "stores span both rows");
        assert!(board.cells[8].hidden && board.cells[15].hidden, "the places the stores cover");
        assert_eq!(south_store.label.as_deref(), Some("1"));
        // South's row, left to right, is pits 1–6; North's, left to right, 6–1 (numbered from North's left).
        let notes: Vec<_> = board.cells[9..15].iter().map(|c| c.note.clone().unwrap_or_default()).collect();
        assert_eq!(notes, ["pit 1", "pit 2", "pit 3", "pit 4", "pit 5", "pit 6"]);
        assert_eq!(board.cells[1].note.as_deref(), Some("pit 6"));
        let marked: Vec<usize> = (0..board.cells.len()).filter(|&i| board.cells[i].marked).collect();
        assert_eq!(marked, [11], "South's pit 3 is ringed");
        let caption = board.caption.unwrap_or_default();
        assert!(caption.contains("South sowed pit 3: last seed in the store, extra turn"), "{caption}");
        // North's pit 1 (the rightmost of its row) after South's 3 and 1.
        let board = board_after("kalah", &["3", "1", "1"]);
        assert!(board.cells[6].marked, "North's pit 1 is ringed: {:?}", board.cells[6]);
    }

    /// Pig shows the die it last rolled, and says a 1 lost the turn's points.
    #[test]
    fn pig_shows_the_die() {
        let before = board_after("pig", &[]);
        assert_eq!((before.cells[7].label.as_deref(), before.cells[7].piece.as_ref()), (Some("–"), None));
        let board = board_after("pig", &["roll", "die 4"]);
        assert_eq!(board.cells[7].piece, Some(Piece::Die(4)), "the die drawn with its pips");
        assert_eq!(board.cells[1].piece, Some(Piece::Counter(Colour([0xd6, 0x30, 0x31]))), "the score on a counter");
        assert_eq!(board.cells[3].label.as_deref(), Some("+4"));
        assert!(board.caption.unwrap_or_default().starts_with("First rolled 4."));
        let board = board_after("pig", &["roll", "die 4", "roll", "die 1"]);
        assert_eq!(board.cells[7].piece, Some(Piece::Die(1)));
        let caption = board.caption.unwrap_or_default();
        assert!(caption.starts_with("First rolled a 1 and lost the turn's points. Second to play"), "{caption}");
    }

    /// Hex names its coordinates as its moves (a–g across, 1–7 down) and says its moves are its
    /// cells, so the window rings the last stone, without dots on every empty cell.
    #[test]
    fn hex_has_coordinates_and_its_moves_are_its_cells() {
        let board = board_after("hex", &["d4"]);
        let coordinates = board.shape.coordinates.expect("coordinates");
        assert_eq!(coordinates.columns, ["a", "b", "c", "d", "e", "f", "g"]);
        assert_eq!(coordinates.rows, ["1", "2", "3", "4", "5", "6", "7"]);
        assert_eq!((board.shape.moves, board.shape.dots), (Some(Kind::Cell), false));
        assert!(board.legal.is_empty(), "no dots: the legal moves are not asked for");
        assert_eq!(board.cells[24].piece, Some(Piece::Stone(Colour::parse("red").unwrap())), "d4 is cell 25");
    }

    /// A `board` table's new fields: their own labels, and each wrong value refused with what to write instead.
    #[test]
    fn the_board_tables_coordinates_and_moves_are_checked() {
        let shape = |fields: &str| {
            let lua = mlua::Lua::new();
            let table: Table = lua.load(format!("return {{ width = 2, height = 3, {fields} }}")).eval().unwrap();
            BoardShape::read(&table)
        };
        let own = shape("coordinates = { columns = {'x', 'y'}, rows = {'III', 'II', 1} }, moves = 'points'").unwrap();
        let coordinates = own.coordinates.expect("coordinates");
        assert_eq!(
            (coordinates.columns, coordinates.rows),
            (vec!["x".into(), "y".into()], vec!["III".into(), "II".into(), "1".into()])
        );
        assert_eq!((own.moves, own.dots), (Some(Kind::Point), true));
        assert_eq!(shape("").unwrap().coordinates, None);
        let wide = Coordinates::letters_and_numbers(30, 1);
        assert_eq!((wide.columns[0].as_str(), wide.columns[29].as_str()), ("1", "30"), "past z, numbers");
        for (fields, expected) in [
            (
                "coordinates = { columns = {'x'}, rows = {'1', '2', '3'} }",
                "`board.coordinates.columns` must list 2 labels",
            ),
            (
                "coordinates = { columns = {'x', 'y'}, rows = {'1', '2', '3', '4'} }",
                "`board.coordinates.rows` must list 3",
            ),
            ("coordinates = { columns = {'x', ('y'):rep(1e6)}, rows = {1, 2, 3} }", "of at most 6 characters"),
            ("coordinates = { columns = {'x', {}}, rows = {1, 2, 3} }", "`board.coordinates.columns` must list"),
            ("coordinates = 'yes'", "`board.coordinates` is string, but it must be true or"),
            ("moves = 'squares'", "`board.moves` must be \"cells\", \"edges\" or \"points\""),
            ("shift = 0/0", "`board.shift` must be a number of cells"),
            ("shift = 1e300", "`board.shift` must be"),
            ("shift = math.maxinteger", "`board.shift` must be"),
        ] {
            let message = shape(fields).expect_err(fields);
            assert!(message.contains(expected), "{fields}: {message}");
        }
    }
}
