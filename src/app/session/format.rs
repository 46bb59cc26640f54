//! The session file: everything the window holds, as RON, with a format version. No egui here.
//!
//! ```ron
//! (
//!     program: "alphabeta-studio",
//!     format: 1,
//!     view: Play,
//!     play: (game: "connect-four", moves: ["d", "d", "c"], redo: [], players: [...], paused: false, viewing: None),
//!     tree_lab: (settings: (text: "max(min(3, 12, 8), ...)", ...), selected: Some([0, 1]), step: 12, ...),
//! )
//! ```
//!
//! Reading is strict about what it cannot use and says so: a file of another program, a newer format, a damaged
//! or an enormous file each give their own message. Older formats are read and brought up to date by [`upgrade`].

use crate::app::View;
use crate::app::play::Player;
use crate::app::play::review::saved::SavedReview;
use crate::app::play::saved::PlaySession;
use crate::app::telemetry::TelemetrySession;
use crate::app::tree_lab::examples::RandomTree;
use crate::app::tree_lab::saved::TreeSession;
use crate::app::tree_lab::steps::SPEEDS;
use crate::engine::search::deepening::check_engine_config;
use crate::engine::search::ranges::check;
use crate::engine::telemetry::searches::Telemetry;
use crate::games::levels::LEVELS;
use serde::{Deserialize, Serialize};

/// The name every session file carries, so that a RON file of something else is told apart.
pub const PROGRAM: &str = "alphabeta-studio";

/// The format this build writes. Format history:
/// 1. The view, the Play view's game and players, and the Tree lab's tree and view.
/// 2. The game's search telemetry (`play.telemetry`) and the dice games' seed (`play.dice`); a format-1 file reads
///    with no telemetry and the default seed.
/// 3. The delay between two AIs' moves (`play.move_delay`) and, in the autosave, the file the session was saved as
///    (`saved_as`), so a recovered autosave is saved back there; older files read with no delay and no name.
/// 4. The games put aside when another was picked (`play.kept`: each one's moves, players, searches and review),
///    and the Telemetry view's state (`telemetry`); older files read with none and the defaults.
/// 5. The tag pairs of the record each game was imported from (`play.tags`, `play.kept[].tags`), so its review
///    export keeps them, and the position a game started from when it is not the usual one (`play.start`,
///    `play.kept[].start`: FEN); older files read with none and the usual start.
pub const FORMAT: u32 = 5;

/// The most games a session may keep aside: far more than any game list holds, so only a hostile file meets it.
pub const MAX_KEPT: usize = 1000;

/// Files larger than this are refused before they are read: a session is kilobytes; a huge file is a mistake
/// (a wrong file picked) and reading it would stall the window.
pub const MAX_BYTES: u64 = 32 * 1024 * 1024;

/// A whole session.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Session {
    /// The program that wrote it ([`PROGRAM`]): a file of another program is refused by this.
    pub program: String,
    /// The format's version ([`FORMAT`]); an older one is brought up to date, a newer one refused.
    pub format: u32,
    /// The view on screen.
    #[serde(default)]
    pub view: View,
    /// The Play view: the game on screen, the games kept aside, players, searches, reviews.
    #[serde(default)]
    pub play: PlaySession,
    /// The Tree lab: its tree, settings, replay step, view and quiz.
    #[serde(default)]
    pub tree_lab: TreeSession,
    /// The Telemetry view's state (absent from older files: the defaults).
    #[serde(default)]
    pub telemetry: TelemetrySession,
    /// The file this work was last saved as or opened from, written in the autosave only: after a crash, the
    /// recovered session is saved back to its own file, not to the autosave.
    #[serde(default)]
    pub saved_as: Option<std::path::PathBuf>,
}

impl Session {
    /// A session of this build holding these parts.
    pub fn new(view: View, play: PlaySession, tree_lab: TreeSession) -> Session {
        let telemetry = TelemetrySession::default();
        Session { program: PROGRAM.to_string(), format: FORMAT, view, play, tree_lab, telemetry, saved_as: None }
    }

    /// True when `other` holds the same work: the same games (the one on screen and those kept aside, their
    /// starts), players, reviews, record tags and tree. The view (which tab and which game are shown, pan, zoom, selection, replay step) does not
    /// count, so looking around never asks "save changes?".
    pub fn same_work(&self, other: &Session) -> bool {
        fn games(s: &Session) -> Vec<Game<'_>> {
            let p = &s.play;
            let mut games = vec![(&p.game, &p.start, &p.moves, &p.redo, &p.players, &p.review, &p.tags)];
            games.extend(p.kept.iter().map(|k| (&k.game, &k.start, &k.moves, &k.redo, &k.players, &k.review, &k.tags)));
            games.sort_by_key(|game| game.0);
            games
        }
        type Tags = Vec<(String, String)>;
        type Game<'a> = (
            &'a String,
            &'a Option<String>,
            &'a Vec<String>,
            &'a Vec<String>,
            &'a Vec<Player>,
            &'a Option<SavedReview>,
            &'a Tags,
        );
        games(self) == games(other) && self.tree_lab.content() == other.tree_lab.content()
    }
}

/// Just enough of a file to decide whether it is ours and which format it has (empty and 0 when missing).
#[derive(Deserialize)]
struct Header {
    #[serde(default)]
    program: String,
    #[serde(default)]
    format: u32,
}

/// Prints a session as the file holds it.
pub fn to_ron(session: &Session) -> String {
    let config = ron::ser::PrettyConfig::new().depth_limit(6).struct_names(false).compact_arrays(true);
    // Every part of a session is plain data: serialising it cannot fail.
    ron::ser::to_string_pretty(session, config).unwrap_or_default()
}

/// Reads a session file's text, or says why it cannot be used.
pub fn parse(text: &str) -> Result<Session, String> {
    let header: Header = ron::from_str(text).map_err(|e| {
        if text.contains(PROGRAM) {
            format!("the session file is damaged or cut short ({})", describe(&e))
        } else {
            format!("this is not a session file ({})", describe(&e))
        }
    })?;
    match header.program.as_str() {
        PROGRAM => {}
        "" => return Err("this is not a session file (it does not name Alpha-Beta Studio)".into()),
        other => return Err(format!("this file was written by '{other}', not by Alpha-Beta Studio")),
    }
    let format = header.format;
    if format == 0 {
        return Err("the session file has no format version".into());
    }
    if format > FORMAT {
        return Err(format!(
            "this session was saved by a newer Alpha-Beta Studio (format {format}; this one reads formats 1 to \
             {FORMAT}): update the studio to open it"
        ));
    }
    let session: Session =
        ron::from_str(text).map_err(|e| format!("the session file is damaged ({})", describe(&e)))?;
    check_settings(&session).map_err(|e| format!("a setting in the session file is out of range: {e}"))?;
    Ok(upgrade(session))
}

/// Checks every setting a session holds against the ranges of the window's controls, naming the first bad one
/// by its place in the file (`play.players[0].config.tt_mib`): a table size or a depth no control could have set
/// would otherwise reach the engine, which would try to allocate or search it.
pub fn check_settings(session: &Session) -> Result<(), String> {
    for (i, player) in session.play.players.iter().enumerate() {
        check(&format!("play.players[{i}].level"), player.level, &LEVELS)?;
        check_engine_config(&format!("play.players[{i}].config"), &player.config)?;
    }
    let play = &session.play;
    check_telemetry("play.telemetry", &play.telemetry, 1 + play.moves.len() + play.redo.len())?;
    if play.kept.len() > MAX_KEPT {
        return Err(format!("play.kept holds {} games, more than the {MAX_KEPT} a session keeps", play.kept.len()));
    }
    for (k, kept) in play.kept.iter().enumerate() {
        for (i, player) in kept.players.iter().enumerate() {
            check(&format!("play.kept[{k}].players[{i}].level"), player.level, &LEVELS)?;
            check_engine_config(&format!("play.kept[{k}].players[{i}].config"), &player.config)?;
        }
        let positions = 1 + kept.moves.len() + kept.redo.len();
        check_telemetry(&format!("play.kept[{k}].telemetry"), &kept.telemetry, positions)?;
    }
    check("play.move_delay", session.play.move_delay, &(0.0..=5.0))?;
    let settings = &session.tree_lab.settings;
    check("tree_lab.settings.speed", settings.speed, &SPEEDS)?;
    let random = &settings.random;
    check("tree_lab.settings.random.branching", random.branching, &(1..=RandomTree::MAX_BRANCHING))?;
    check("tree_lab.settings.random.depth", random.depth, &(1..=RandomTree::MAX_DEPTH))?;
    check("tree_lab.settings.random.leaf_probability", random.leaf_probability, &(0.0..=1.0))?;
    Ok(())
}

/// Checks a game's search records, at `place` in the file: each is of one of the game's `positions` (the start, a
/// move played, or one that can be redone) and has settings the controls could have set.
fn check_telemetry(place: &str, telemetry: &Telemetry, positions: usize) -> Result<(), String> {
    for (list, records) in [("records", &telemetry.records), ("undone", &telemetry.undone)] {
        for (i, record) in records.iter().enumerate() {
            check_engine_config(&format!("{place}.{list}[{i}].config"), &record.config)?;
            record.check(&format!("{place}.{list}[{i}]"), positions)?;
        }
    }
    Ok(())
}

/// Brings a session of an older format up to this build's. Each format so far only added fields with defaults,
/// which reading already filled in.
pub fn upgrade(mut session: Session) -> Session {
    session.format = FORMAT;
    session
}

/// A RON error with its line and column, as an editor shows them (without RON's advice to programmers).
fn describe(error: &ron::error::SpannedError) -> String {
    crate::messages::ron_error(error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let session = Session::new(View::Play, PlaySession::default(), TreeSession::default());
        assert_eq!(parse(&to_ron(&session)), Ok(session));
    }

    #[test]
    fn each_kind_of_bad_file_has_its_own_message() {
        let good = to_ron(&Session::new(View::TreeLab, PlaySession::default(), TreeSession::default()));
        let cases = [
            ("", "not a session file"),
            ("garbage {", "not a session file"),
            ("(name: \"x\")", "does not name Alpha-Beta Studio"),
            ("(program: \"other-tool\", format: 1)", "written by 'other-tool'"),
            ("(program: \"alphabeta-studio\")", "no format version"),
            ("(program: \"alphabeta-studio\", format: 99)", "newer Alpha-Beta Studio"),
            (&good[..good.len() / 2], "damaged or cut short"),
        ];
        for (text, expected) in cases {
            let error = parse(text).expect_err(text);
            assert!(error.contains(expected), "{text:?} gave {error:?}");
        }
    }
}
