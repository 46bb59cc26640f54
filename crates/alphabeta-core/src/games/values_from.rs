//! Whose side a value is read from, wherever one is shown: the window's search panel, Telemetry's plots, ladder and
//! CSV, and the command line. A search reports every value from the side to move's point of view; this is the one
//! place that turns such a value into the convention the user chose ([`ValuesFrom::read`]), and the one place that
//! words the convention for an axis title or a column heading.

use crate::engine::game::{Side, Value};

/// The side a value's "+" favours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ValuesFrom {
    /// The first player's (White, Red, X): + is the first player ahead whoever is to move, as chess sites read.
    #[default]
    FirstPlayer,
    /// The side to move's, as the search reports it: + is the side to move ahead.
    SideToMove,
}

impl ValuesFrom {
    /// Both conventions, the default first.
    pub const ALL: [ValuesFrom; 2] = [ValuesFrom::FirstPlayer, ValuesFrom::SideToMove];

    /// `value`, a search's score from the point of view of `mover` (the side to move in the position searched),
    /// read from this convention's side. A win keeps its size, only its sign follows the side; −0 reads as 0.
    pub fn read(self, value: Value, mover: Side) -> Value {
        let flip = self == ValuesFrom::FirstPlayer && mover == Side::Min;
        (if flip { -value } else { value }) + 0.0
    }

    /// The side whose advantage is "+", in a position where `mover` is to move.
    pub fn plus_side(self, mover: Side) -> Side {
        match self {
            ValuesFrom::FirstPlayer => Side::Max,
            ValuesFrom::SideToMove => mover,
        }
    }

    /// The name the command line's `--values` takes and its `--json` states: `first-player`, `side-to-move`.
    pub fn name(self) -> &'static str {
        match self {
            ValuesFrom::FirstPlayer => "first-player",
            ValuesFrom::SideToMove => "side-to-move",
        }
    }

    /// The choice as the Settings menu offers it, `first` being the first player's name: "the first player
    /// (White)", "the side to move".
    pub fn choice(self, first: &str) -> String {
        match self {
            ValuesFrom::FirstPlayer => format!("the first player ({first})"),
            ValuesFrom::SideToMove => "the side to move".to_string(),
        }
    }

    /// Who "+" favours, for an axis title or a line of output: "White" (the first player's name, `first`), or
    /// "the side to move".
    pub fn plus_name(self, first: &str) -> String {
        match self {
            ValuesFrom::FirstPlayer => first.to_string(),
            ValuesFrom::SideToMove => "the side to move".to_string(),
        }
    }

    /// A value's column heading for a CSV file: `value_<unit>_<side>`, the unit and the first player's name (or
    /// `side_to_move`) in lower case with anything but letters and digits made `_`: `value_pawns_white`,
    /// `value_threats_side_to_move`. A name with no letter or digit reads `first_player`.
    pub fn column(self, unit: &str, first: &str) -> String {
        let side = match self {
            ValuesFrom::FirstPlayer => slug(first).unwrap_or_else(|| "first_player".to_string()),
            ValuesFrom::SideToMove => "side_to_move".to_string(),
        };
        match slug(unit) {
            Some(unit) => format!("value_{unit}_{side}"),
            None => format!("value_{side}"),
        }
    }
}

impl std::str::FromStr for ValuesFrom {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        ValuesFrom::ALL.into_iter().find(|v| v.name() == text).ok_or_else(|| {
            format!("'{}' is not a side to read values from: first-player or side-to-move", text.escape_debug())
        })
    }
}

/// `text` in lower case, each run of characters other than ASCII letters and digits one `_`, none at either end;
/// `None` when nothing is left.
fn slug(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
    (!words.is_empty()).then(|| words.join("_"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_searched_for_the_second_player_flips_only_for_the_first_players_view() {
        // Black to move, Black ahead by 0.62: White's view reads −0.62.
        assert_eq!(ValuesFrom::FirstPlayer.read(0.62, Side::Min), -0.62);
        assert_eq!(ValuesFrom::SideToMove.read(0.62, Side::Min), 0.62);
        // White to move: both views agree.
        assert_eq!(ValuesFrom::FirstPlayer.read(-3.0, Side::Max), -3.0);
        assert_eq!(ValuesFrom::SideToMove.read(-3.0, Side::Max), -3.0);
        // A win keeps its size; a draw never reads −0.
        assert_eq!(ValuesFrom::FirstPlayer.read(f64::INFINITY, Side::Min), f64::NEG_INFINITY);
        let zero = ValuesFrom::FirstPlayer.read(0.0, Side::Min);
        assert!(zero == 0.0 && zero.is_sign_positive());
        assert_eq!(ValuesFrom::FirstPlayer.plus_side(Side::Min), Side::Max);
        assert_eq!(ValuesFrom::SideToMove.plus_side(Side::Min), Side::Min);
    }

    #[test]
    fn the_convention_names_its_side_and_unit() {
        assert_eq!(ValuesFrom::default(), ValuesFrom::FirstPlayer);
        assert_eq!(ValuesFrom::FirstPlayer.column("pawns", "White"), "value_pawns_white");
        assert_eq!(ValuesFrom::SideToMove.column("pawns", "White"), "value_pawns_side_to_move");
        assert_eq!(ValuesFrom::FirstPlayer.column("", "Player 1"), "value_player_1");
        assert_eq!(ValuesFrom::FirstPlayer.column("stones (net)", "★"), "value_stones_net_first_player");
        assert_eq!(ValuesFrom::FirstPlayer.plus_name("Red"), "Red");
        assert_eq!(ValuesFrom::SideToMove.plus_name("Red"), "the side to move");
        assert_eq!(ValuesFrom::FirstPlayer.choice("X"), "the first player (X)");
        for from in ValuesFrom::ALL {
            assert_eq!(from.name().parse::<ValuesFrom>(), Ok(from));
        }
        assert_eq!(
            "white".parse::<ValuesFrom>(),
            Err("'white' is not a side to read values from: first-player or side-to-move".to_string())
        );
    }
}
