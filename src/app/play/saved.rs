//! The Play view as a session saves it, and back. Moves are kept by name ("d3", "c1"), not by their internal
//! number, so a session file reads like a game record and survives a change in how a family encodes its moves.
//!
//! Restoring checks everything first — the game exists, every move is legal in turn — and only then replaces what
//! the view holds, so a bad file changes nothing.

use super::clocks::{Clocks, SavedClocks};
use super::dice::Dice;
use super::review::saved::{fit, to_saved};
use super::{Parked, Play, Player, start_of};
use crate::engine::telemetry::searches::Telemetry;
use crate::games::any::{AnyGame, AnyMove};
use crate::play::history::GameHistory;
use serde::{Deserialize, Serialize};

/// What a session keeps of the Play view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlaySession {
    /// The variant's id, as `alphabeta-studio games` lists it.
    pub game: String,
    /// The moves made, first to last, in the game's notation.
    pub moves: Vec<String>,
    /// Moves taken back and not replayed, the next to redo first.
    pub redo: Vec<String>,
    /// The first and the second player.
    pub players: Vec<Player>,
    /// Whether the AIs were paused.
    pub paused: bool,
    /// The earlier position on view (its number of moves), if any.
    pub viewing: Option<usize>,
    /// What every search of the game did (format 2 on; empty in older files).
    pub telemetry: Telemetry,
    /// The dice games' seed and mode, so the rolls to come are the ones that would have come.
    pub dice: Dice,
    /// The clocks, when the game is played on them (format 2 files without them: no clocks).
    pub clocks: Option<SavedClocks>,
    /// Seconds between two AI moves when both sides are AIs (format 3 on; 0 in older files).
    pub move_delay: f32,
    /// Values read from the side to move rather than the first player's side (the Settings menu's choice, for the
    /// whole window).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub scores_from_mover: bool,
    /// The game's review, so reopening shows it without analysing again (absent: none; older files have none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub review: Option<super::review::saved::SavedReview>,
    /// The games put aside when another was picked, in the game list's order (format 4 on; none in older files).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub kept: Vec<KeptGame>,
    /// The tag pairs of the record the game was imported from (PGN's Event, White, ECO…), in their order, for its
    /// exports to keep (format 5 on; none in older files and for a game played here).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<(String, String)>,
    /// The position the game started from, when it is not the usual start (a record from a set-up position, or *Set
    /// up position*), as its rules read it: FEN for chess and draughts, the moves it was set up from for the others
    /// (format 5 on; older files: the usual start).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
}

/// A game put aside while another is shown, as a session keeps it: picking it again goes on with it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KeptGame {
    /// The variant's id.
    pub game: String,
    /// The moves made, and those taken back and not replayed, as in [`PlaySession`].
    pub moves: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// Moves taken back and not replayed, the next to redo first.
    pub redo: Vec<String>,
    /// The first and the second player.
    pub players: Vec<Player>,
    /// Whether its AIs were paused.
    #[serde(default)]
    pub paused: bool,
    /// What every search of the game did.
    #[serde(default)]
    pub telemetry: Telemetry,
    /// Its review, if it was reviewed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<super::review::saved::SavedReview>,
    /// The tag pairs of the record it was imported from, as in [`PlaySession`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<(String, String)>,
    /// The position it started from, as in [`PlaySession`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
}

impl Default for PlaySession {
    /// What a field missing from a file takes: a new game's, over the built-in games (reading the games folder, or
    /// running a script, to fill a default would be wasted).
    fn default() -> Self {
        Play::new(crate::games::registry::Registry::built_in_only(None)).to_session()
    }
}

impl Play {
    /// The view's state, for a session file.
    pub fn to_session(&self) -> PlaySession {
        let history = &self.history;
        let (moves, redo) = named(history);
        let mut parked: Vec<_> = self.parked.iter().collect();
        parked.sort_by_key(|(index, _)| **index);
        let kept = parked
            .into_iter()
            .filter_map(|(&index, parked)| {
                let (moves, redo) = named(&parked.history);
                Some(KeptGame {
                    game: self.registry.entries.get(index)?.variant.id.clone(),
                    moves,
                    redo,
                    players: parked.players.to_vec(),
                    paused: parked.paused,
                    telemetry: parked.history.telemetry().clone(),
                    review: parked.review.as_ref().map(|done| to_saved(done, &parked.history)),
                    tags: parked.history.record_tags().to_vec(),
                    start: parked.history.start_text().map(str::to_owned),
                })
            })
            .collect();
        PlaySession {
            game: self.entry().variant.id.clone(),
            moves,
            redo,
            players: self.players.to_vec(),
            paused: self.paused,
            viewing: self.viewing,
            telemetry: history.telemetry().clone(),
            dice: self.dice,
            clocks: self.clocks.as_ref().map(|c| c.to_saved(std::time::Instant::now())),
            move_delay: self.move_delay,
            scores_from_mover: self.values_from == crate::games::values_from::ValuesFrom::SideToMove,
            review: self.review_to_session(),
            kept,
            tags: history.record_tags().to_vec(),
            start: history.start_text().map(str::to_owned),
        }
    }

    /// Replaces the game, players and view with `session`'s, or says what is wrong with it and changes nothing.
    pub fn restore(&mut self, session: &PlaySession) -> Result<(), String> {
        self.finish_loading();
        let (index, mut history) =
            self.replay(&session.game, session.start.as_deref(), &session.moves, &session.redo, &session.telemetry)?;
        let players = two_players(&session.players)?;
        // Games put aside are checked as the game on screen is, but one that no longer fits (its game file gone or
        // changed) is left out with the reason rather than refusing the whole session.
        let mut notes = Vec::new();
        history.set_record_tags(checked_tags(&session.game, &session.tags, &mut notes));
        let mut parked = std::collections::HashMap::new();
        for kept in &session.kept {
            match self.unpark(kept) {
                Ok((i, _)) if i == index || parked.contains_key(&i) => {
                    notes.push(format!("the {} game was kept twice: the second was left out", kept.game))
                }
                Ok((i, mut game)) => {
                    game.history.set_record_tags(checked_tags(&kept.game, &kept.tags, &mut notes));
                    parked.insert(i, game);
                }
                Err(e) => notes.push(format!("the kept {} game was left out: {e}", kept.game)),
            }
        }
        let clocks = session.clocks.as_ref().map(Clocks::from_saved).transpose()?;
        self.cancel_search();
        self.selected = index;
        self.history = history;
        self.players = players;
        self.paused = session.paused;
        self.viewing = session.viewing.filter(|&ply| ply < self.history.moves().len());
        self.hint = None;
        self.message = None;
        self.uncounted = true;
        self.dice = session.dice;
        self.move_delay = session.move_delay.clamp(0.0, 5.0);
        self.values_from = match session.scores_from_mover {
            true => crate::games::values_from::ValuesFrom::SideToMove,
            false => crate::games::values_from::ValuesFrom::FirstPlayer,
        };
        self.parked = parked;
        self.clock_control = clocks.as_ref().map(|c| c.control);
        self.clocks = clocks;
        // A game under way goes on on its clocks; one not yet begun waits for its first move.
        self.clock_armed = Some(0);
        // A review that does not fit is left out, with the reason; the game opens all the same.
        if let Err(e) = self.restore_review(session.review.as_ref()) {
            notes.insert(0, e);
        }
        if !notes.is_empty() {
            self.say(
                format!("The session opened, but {}. Saving now would save it without them.", notes.join("; ")),
                true,
            );
        }
        Ok(())
    }

    /// The registry index of `game` and its history: `moves` played from `start` (the usual start when `None`),
    /// `redo` left to redo, and the searches' `telemetry`; or what is wrong: the game, the start, or which move.
    fn replay(
        &self,
        game: &str,
        start: Option<&str>,
        moves: &[String],
        redo: &[String],
        telemetry: &Telemetry,
    ) -> Result<(usize, GameHistory), String> {
        let index = self
            .registry
            .entries
            .iter()
            .position(|e| e.variant.id == game)
            .ok_or_else(|| format!("the game '{game}' is not among this studio's games (see the games/ folder)"))?;
        let entry = &self.registry.entries[index];
        let given = start;
        let start = match start {
            None => start_of(entry)?,
            // Checked before it is read: a position's notation is a line, a hostile one need not be.
            Some(text) if text.chars().count() > MAX_START => {
                let most = crate::messages::thousands(MAX_START as u64);
                return Err(format!("its start position is longer than the {most} characters a position takes"));
            }
            Some(text) => entry.variant.rules.read_position(text).map_err(|e| {
                let shown: String = text.chars().take(80).collect();
                format!("its start position '{}' cannot be read: {e}", crate::messages::escape_controls(&shown))
            })?,
        };
        let mut history = GameHistory::new(start);
        if let Some(text) = given {
            history.set_up_from(text);
        }
        for (ply, name) in moves.iter().enumerate() {
            let mv = find_move(history.position(), name).ok_or_else(|| {
                format!("move {} ('{name}') is not legal in the position it was played from", ply + 1)
            })?;
            history.try_play(mv).map_err(|e| format!("move {} ('{name}'): {e}", ply + 1))?;
        }
        // Redo moves are replayed on a copy and taken back, which leaves them on the history's redo stack.
        let mut redone = 0;
        for name in redo {
            match find_move(history.position(), name) {
                Some(mv) if history.try_play(mv).is_ok() => redone += 1,
                _ => break,
            }
        }
        for _ in 0..redone {
            history.undo();
        }
        // Set last: replaying the moves above moved records about as undo and redo do.
        *history.telemetry_mut() = telemetry.clone();
        Ok((index, history))
    }

    /// A kept game of a session as the view parks it, with its registry index.
    fn unpark(&self, kept: &KeptGame) -> Result<(usize, Parked), String> {
        let (index, history) =
            self.replay(&kept.game, kept.start.as_deref(), &kept.moves, &kept.redo, &kept.telemetry)?;
        let players = two_players(&kept.players)?;
        let review = kept.review.as_ref().map(|saved| fit(saved, &kept.game, &history)).transpose()?;
        Ok((index, Parked { history, players, paused: kept.paused, review }))
    }
}

/// A game's moves and the moves left to redo, by name. The redo stack holds the next move to redo last; each is
/// named in the position it would be played in.
fn named(history: &GameHistory) -> (Vec<String>, Vec<String>) {
    let moves = (0..history.moves().len()).map(|ply| history.move_name(ply)).collect();
    let mut redo = Vec::new();
    let mut game = history.position().clone();
    for &mv in history.redo_moves().iter().rev() {
        redo.push(game.move_name(mv));
        if game.try_play(mv).is_err() {
            break;
        }
    }
    (moves, redo)
}

/// The longest start position a session may name: a FEN is under 100 characters, the moves to a set-up position of
/// a family without a notation of its own a few thousand at most.
const MAX_START: usize = 20_000;

/// A game's record tags as a session holds them, when they are tags a record could have given
/// ([`check_tags`](crate::games::records::movetext::check_tags)); otherwise none, and why in `notes`: a hand-edited
/// or hostile file loses the tags, not the game.
fn checked_tags(game: &str, tags: &[(String, String)], notes: &mut Vec<String>) -> Vec<(String, String)> {
    match crate::games::records::movetext::check_tags(tags) {
        Ok(()) => tags.to_vec(),
        Err(e) => {
            notes.push(format!("the {game} game's record tags were left out ({e})"));
            Vec::new()
        }
    }
}

/// The two players a session names, or how many it names instead.
fn two_players(players: &[Player]) -> Result<[Player; 2], String> {
    match players {
        [first, second] => Ok([first.clone(), second.clone()]),
        other => Err(format!("a game has two players, this session names {}", other.len())),
    }
}

/// The legal move of `game` called `name`.
fn find_move(game: &AnyGame, name: &str) -> Option<AnyMove> {
    game.find_move(name)
}
