//! How a scripted game looks, as plain data for a painter: the board's shape (declared once, `board = {…}`), and
//! for each position the cells the script's `draw` returns. Also what a click means (the script's `click`).
//!
//! Cells are numbered from 1, row by row from the top left, as a Lua list is.

use mlua::{Table, Value as LuaValue};

/// The most characters a glyph may have: it is drawn large, to fill its cell.
pub const GLYPH_CHARS: usize = 8;
/// The most characters a cell's label may have.
pub const LABEL_CHARS: usize = 24;
/// The most characters of a caption that are shown: a longer one is cut, ending in "…".
pub const CAPTION_CHARS: usize = 200;

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
            Ok(LuaValue::Integer(n)) => n as f64,
            Ok(LuaValue::Number(x)) if x.is_finite() && x.abs() <= 4.0 => x,
            _ => return Err("`board.shift` must be a number of cells, such as 0.5".into()),
        };
        Ok(BoardShape { layout, width, height, shift })
    }

    /// How many cells the board has, hidden ones included.
    pub fn cells(&self) -> usize {
        self.width * self.height
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

/// What sits on a cell.
#[derive(Clone, Debug, PartialEq)]
pub enum Piece {
    /// A short text drawn large: `"X"`, `"♞"`.
    Glyph(String),
    /// A round stone of a colour.
    Stone(Colour),
}

/// One cell of the board as drawn.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Cell {
    /// `false` in the script's list: nothing is drawn here (a corner of a mancala board).
    pub hidden: bool,
    /// The glyph or stone on the cell, if any.
    pub piece: Option<Piece>,
    /// A small text on the cell or its stone: a count of seeds, a number.
    pub label: Option<String>,
    /// The cell's own colour instead of the board's (a highlighted square, a player's store).
    pub background: Option<Colour>,
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
    /// A line of text for under the board ("Turn total: 12"), if the script gives one.
    pub caption: Option<String>,
}

impl Board {
    /// Reads what `draw` returned: a list of cells, each `false` (no cell), `{}` or nil (an empty cell), a string
    /// (a glyph), or a table `{ glyph = "X" | stone = "red", label = "4", background = "#f0d9b5", note = "pit 3",
    /// tall = true, marked = true }`; the list may carry `caption = "…"`.
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
        let caption = match table.raw_get::<LuaValue>("caption") {
            Ok(LuaValue::String(s)) => Some(cut_text(&s, CAPTION_CHARS)),
            _ => None,
        };
        Ok(Board { shape: shape.clone(), cells, caption })
    }
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
            let text = |key: &str, max: usize| -> Result<Option<String>, String> {
                Ok(match t.raw_get::<LuaValue>(key).ok() {
                    Some(LuaValue::String(s)) => Some(short_text(&s, max).map_err(|bytes| {
                        format!("has a {key} of {bytes} bytes: at most {max} characters fit in a cell")
                    })?),
                    Some(LuaValue::Integer(n)) => Some(n.to_string()),
                    Some(LuaValue::Number(x)) => Some(x.to_string()),
                    _ => None,
                })
            };
            let colour = |key: &str| -> Result<Option<Colour>, String> {
                match text(key, 16)? {
                    None => Ok(None),
                    Some(name) => {
                        Colour::parse(&name).map(Some).ok_or_else(|| format!("has {key} = {name:?}, not a colour"))
                    }
                }
            };
            let piece = match (text("glyph", GLYPH_CHARS)?, colour("stone")?) {
                (Some(glyph), _) => Some(Piece::Glyph(glyph)),
                (None, Some(colour)) => Some(Piece::Stone(colour)),
                (None, None) => None,
            };
            let flag = |key: &str| matches!(t.raw_get::<LuaValue>(key), Ok(LuaValue::Boolean(true)));
            Ok(Cell {
                hidden: false,
                piece,
                label: text("label", LABEL_CHARS)?,
                background: colour("background")?,
                note: text("note", LABEL_CHARS)?,
                tall: flag("tall"),
                marked: flag("marked"),
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

/// What a click on a cell means, as the script's `click(position, cell, from)` says.
#[derive(Clone, Debug, PartialEq)]
pub enum Click {
    /// Play this move.
    Move(i64),
    /// The cell starts a move (a piece to move): the next click, with `from` set to this cell, says where to.
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

    /// Issue 43, point 20: Kalah's pits are numbered as its moves are named, its stores are drawn as stores (each
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

    /// Issue 43, point 20: Pig shows the die it last rolled, and says a 1 lost the turn's points.
    #[test]
    fn pig_shows_the_die() {
        let before = board_after("pig", &[]);
        assert_eq!(before.cells[7].label.as_deref(), Some("die –"));
        let board = board_after("pig", &["roll", "die 4"]);
        assert_eq!(board.cells[7].piece, Some(Piece::Glyph("4".into())));
        assert!(board.caption.unwrap_or_default().starts_with("First rolled 4."));
        let board = board_after("pig", &["roll", "die 4", "roll", "die 1"]);
        assert_eq!(board.cells[7].piece, Some(Piece::Glyph("1".into())));
        let caption = board.caption.unwrap_or_default();
        assert!(caption.starts_with("First rolled a 1 and lost the turn's points. Second to play"), "{caption}");
    }
}
