//! What a game file may say: the checks on a [`Variant`] and its [`AiDefaults`] beyond what RON's types already
//! enforce. Every AI setting is held to the range the window's controls offer
//! ([`crate::engine::search::ranges`]), and the texts to lengths a list can show, each refusal naming its field.

use super::family::{AiDefaults, Variant};
use super::levels::LEVELS;
use crate::engine::search::ranges::{DEPTH_PLIES, MISTAKE_MARGIN, NODES, TABLE_MIB, TIME_MS, check};

/// The longest id, in characters: ids are typed on the command line and stored in sessions.
pub const MAX_ID_CHARS: usize = 64;
/// The longest name, in characters: names head the Play view and fill a column of `games`.
pub const MAX_NAME_CHARS: usize = 100;
/// The longest description, in characters.
pub const MAX_DESCRIPTION_CHARS: usize = 4000;
/// The largest game file read: a game file is a few hundred bytes.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;

impl AiDefaults {
    /// Checks every setting against the window's ranges; the error names the field (`ai.tt_mib`).
    pub fn validate(&self) -> Result<(), String> {
        check("ai.level", self.level, &LEVELS)?;
        check("ai.depth.0", self.depth.0, &DEPTH_PLIES)?;
        check("ai.depth.1", self.depth.1, &DEPTH_PLIES)?;
        check("ai.time_ms.0", self.time_ms.0, &TIME_MS)?;
        check("ai.time_ms.1", self.time_ms.1, &TIME_MS)?;
        if let Some((low, high)) = self.nodes {
            check("ai.nodes.0", low, &NODES)?;
            check("ai.nodes.1", high, &NODES)?;
            if low > high {
                return Err(format!("ai.nodes: level 1's {low} nodes are more than level 10's {high}"));
            }
        }
        check("ai.tt_mib", self.tt_mib, &TABLE_MIB)?;
        check("ai.mistakes", self.mistakes, &MISTAKE_MARGIN)?;
        if !self.levels.is_empty() && self.levels.len() != LEVELS.len() {
            return Err(format!("ai.levels lists {} levels: list all ten, level 1 first, or none", self.levels.len()));
        }
        for (setting, level) in self.levels.iter().zip(LEVELS) {
            // Named by the level, 1–10, as the script's 1-based lists name it too.
            let field = |name: &str| format!("ai.levels[{level}].{name}");
            if let Some(depth) = setting.depth {
                check(&field("depth"), depth, &DEPTH_PLIES)?;
            }
            if let Some(nodes) = setting.nodes {
                check(&field("nodes"), nodes, &NODES)?;
            }
            if let Some(mistakes) = setting.mistakes {
                check(&field("mistakes"), mistakes, &MISTAKE_MARGIN)?;
            }
        }
        Ok(())
    }
}

impl Variant {
    /// Checks what the file says beyond its types: the rules make a game, the id and name are usable, the AI's
    /// settings are in range.
    pub fn validate(&self) -> Result<(), String> {
        if self.id.trim().is_empty() {
            return Err("the id is empty".into());
        }
        text("id", &self.id, MAX_ID_CHARS)?;
        if self.id.chars().any(char::is_whitespace) {
            return Err("id: an id may not hold spaces (it is typed on the command line)".into());
        }
        text("name", &self.name, MAX_NAME_CHARS)?;
        text("description", &self.description, MAX_DESCRIPTION_CHARS)?;
        self.rules.new_game()?;
        self.ai.validate()
    }
}

/// A text field is at most `max` characters, with no control characters (a newline or an escape sequence would
/// break the lists it is shown in). The description may hold line breaks.
fn text(field: &str, value: &str, max: usize) -> Result<(), String> {
    let count = value.chars().count();
    if count > max {
        return Err(format!("{field} is {count} characters long, more than {max}"));
    }
    let allowed = |c: char| field == "description" && matches!(c, '\n' | '\t');
    if value.chars().any(|c| c.is_control() && !allowed(c)) {
        return Err(format!("{field} holds a control character"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::registry::{Registry, Source};
    use std::path::Path;

    fn add(text: &str) -> Result<(), String> {
        Registry::load(Path::new("/nonexistent")).add(text, Source::File("x.ron".into()))
    }

    #[test]
    fn every_setting_out_of_range_is_refused_by_name() {
        let game = |ai: &str| format!(r#"(id: "m", name: "M", rules: Mnk(width: 3, height: 3, k: 3), ai: ({ai}))"#);
        assert_eq!(add(&game("level: 6, tt_mib: 4")), Ok(()));
        // Nine good levels and a last one as given.
        let ten_levels =
            |last: &str| format!("levels: [{} {last}]", "(depth: Some(1), mistakes: Some(0.5)),".repeat(9));
        assert_eq!(add(&game(&ten_levels("(nodes: Some(5000))"))), Ok(()));
        for (ai, field) in [
            ("tt_mib: 1000000000000", "ai.tt_mib is 1000000000000"),
            ("tt_mib: 0", "ai.tt_mib is 0"),
            ("level: 11", "ai.level is 11"),
            ("depth: (1, 100000)", "ai.depth.1 is 100000"),
            ("time_ms: (0, 1000)", "ai.time_ms.0 is 0"),
            ("mistakes: inf", "ai.mistakes is inf"),
            ("mistakes: NaN", "ai.mistakes is NaN"),
            ("mistakes: -1", "ai.mistakes is -1"),
            ("levels: [(depth: Some(1))]", "ai.levels lists 1 levels"),
            (&ten_levels("(depth: Some(0))"), "ai.levels[10].depth is 0"),
            (&ten_levels("(nodes: Some(10))"), "ai.levels[10].nodes is 10"),
            (&ten_levels("(mistakes: Some(-0.5))"), "ai.levels[10].mistakes is -0.5"),
        ] {
            let e = add(&game(ai)).expect_err(ai);
            assert!(e.starts_with(field), "{ai}: {e}");
        }
    }

    #[test]
    fn ids_and_names_are_held_to_what_a_list_can_show() {
        let long = "x".repeat(70_000);
        let e = add(&format!(r#"(id: "{long}", name: "M", rules: Mnk(width: 3, height: 3, k: 3))"#)).expect_err("id");
        assert!(e.starts_with("id is 70000 characters long"), "{e}");
        let e = add(&format!(r#"(id: "m", name: "{long}", rules: Mnk(width: 3, height: 3, k: 3))"#)).expect_err("name");
        assert!(e.starts_with("name is 70000 characters long"), "{e}");
        let e = add(r#"(id: "m", name: "a\nb\u{1b}[31m", rules: Mnk(width: 3, height: 3, k: 3))"#).expect_err("name");
        assert_eq!(e, "name holds a control character");
        let e = add(r#"(id: "tic tac", name: "M", rules: Mnk(width: 3, height: 3, k: 3))"#).expect_err("space");
        assert!(e.starts_with("id: an id may not hold spaces"), "{e}");
    }

    #[test]
    fn a_board_whose_cell_count_wraps_is_not_playable() {
        let e = add(r#"(id: "m", name: "M", rules: Mnk(width: 4294967296, height: 4294967296, k: 3))"#);
        assert!(e.is_err(), "{e:?}");
    }
}
