//! Play: any registered game, each side played by a person or by the AI at a chosen strength. The AI searches on a
//! background [`AnyWorker`](crate::games::any::AnyWorker); this view only sends requests and reads reports, so the
//! window never stops drawing.
//!
//! [`Play`] owns the view's state and can be driven without a window (the UI tests do). Its parts push [`Action`]s
//! while drawing; [`Play::apply`] carries them out afterwards, then [`Play::drive`] starts a search when it is an
//! AI's turn.

pub mod boards;
pub mod check_window;
pub mod help;
mod hint;
pub mod open_tree;
pub mod records_window;
pub mod reload;
pub mod review;
pub mod saved;
mod search_panel;
mod searching;
mod side;
mod status;
mod switch;

// A game's clocks, dice and engines need no window: they live in the core, named here as before.
pub use crate::play::{clocks, dice, engines};

use crate::engine::game::{Side, Turn};
use crate::engine::search::deepening::{EngineConfig, Iteration, Thought};
use crate::engine::telemetry::searches::{SearchKind, SearchRecord};
use crate::engine::worker::{Report, RequestId};
use crate::games::any::{AnyGame, AnyMove};
use crate::games::levels::{level_config, play_threads};
use crate::games::registry::{Entry, Registry};
use crate::games::values_from::ValuesFrom;
use crate::play::history::GameHistory;
use crate::play::tree_count::TreeCounter;
use eframe::egui;
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerKind {
    /// A person, by clicks on the board.
    Human,
    /// The computer, by a search.
    Ai,
}

/// One side's player and, for the AI, its strength.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// A person or the AI.
    pub kind: PlayerKind,
    /// The named level, 1–10 (used unless `custom`).
    pub level: u8,
    /// Search with `config` as set in the custom panel instead of the level's settings.
    pub custom: bool,
    /// The custom panel's search settings.
    pub config: EngineConfig,
    /// Seeds the deliberate mistakes of the weaker levels: the same seed and the same moves give the same game.
    #[serde(default = "first_seed")]
    pub seed: u64,
    /// A person's name, for the game records (PGN's White and Black); empty: the computer's login name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
}

/// A level's settings as Play searches with them: [`level_config`] on [`play_threads`] threads.
pub fn play_level_config(ai: &crate::games::registry::AiDefaults, level: u8) -> EngineConfig {
    EngineConfig { threads: play_threads(level), ..level_config(ai, level) }
}

fn first_seed() -> u64 {
    1
}

impl Player {
    fn new(kind: PlayerKind, entry: &Entry) -> Self {
        let level = entry.variant.ai.level;
        Player {
            kind,
            level,
            custom: false,
            config: level_config(&entry.variant.ai, level),
            seed: first_seed(),
            name: String::new(),
        }
    }

    /// The settings this player searches with in `entry`'s game, mistakes seeded with the player's seed; a level
    /// on the threads Play gives it ([`play_threads`]: every core but one from level 8).
    pub fn engine_config(&self, entry: &Entry) -> EngineConfig {
        let mut config =
            if self.custom { self.config.clone() } else { play_level_config(&entry.variant.ai, self.level) };
        if let Some(skill) = &mut config.skill {
            skill.seed = self.seed;
        }
        config
    }
}

/// What the user asked for while the view was drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Play another game of the list (the one on screen is kept aside).
    SelectGame(usize),
    /// Start the game on screen again.
    NewGame,
    /// Take back a move (Ctrl+Z).
    Undo,
    /// Play a move taken back again (Ctrl+Y).
    Redo,
    /// A click on the board that names a move (legal or not).
    Play(AnyMove),
    /// A click on the board that names no move, and why it does nothing.
    Refuse(String),
    /// Show the position after this many moves, read-only; `None` goes back to the game.
    View(Option<usize>),
    /// Ask the AI to play the best move it has found so far.
    MoveNow,
    /// Ask a search for a move to suggest.
    Hint,
    /// Pause or resume the AIs.
    TogglePause,
    /// New settings for player 0 (first) or 1 (second); a search started with the old ones is dropped.
    SetPlayer(usize, Box<Player>),
    /// Open the real move tree of this shape below the position on view in the Tree lab.
    OpenAsTree(crate::games::move_tree::TreeShape),
    /// Roll the die (a dice game at a chance node) with the seeded generator.
    RollDie,
    /// Enter every roll by hand (analysis), or go back to rolling.
    EnterDieByHand(bool),
    /// Turn the board round (chess, draughts: the second side at the bottom).
    Flip,
    /// Seconds to wait before an AI moves when both sides are AIs (0–5), so the game can be watched.
    SetDelay(f32),
    /// While paused, let the AI make one move (or one roll).
    Step,
    /// Replace the game with a record read from this text (File ▸ Import game…).
    Import(String),
    /// Start a game from this position text, FEN for chess and draughts (File ▸ Set up position…).
    SetUp(String),
    /// Play on clocks with this base + increment (both sides, the AI's time per move drawn from its clock), or
    /// `None` for the levels' fixed time per move. The clocks start again from the base.
    SetClock(Option<crate::engine::search::clock::TimeControl>),
    /// Read the game files again; games in progress are replayed into their new rules (see [`reload`]).
    ReloadGames,
    /// Check the chosen game's rules on a worker thread (see [`check_window`]).
    CheckGame,
    /// Review the game: judge every move (see [`review`]).
    Review(review::Action),
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The AI's move for `side`.
    Move(Side),
    /// A hint for the person to move.
    Hint,
}

/// A search under way, or the last one, as the live panel shows it.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// The worker's number for the request.
    pub id: RequestId,
    /// The seat whose engine searches (see [`engines`]).
    pub seat: usize,
    /// An AI's move or a hint.
    pub purpose: Purpose,
    /// When it was asked for.
    pub started: Instant,
    /// The newest iteration reported.
    pub latest: Option<Iteration<AnyMove>>,
    /// True once the worker's Done (or Failed) report came, or the view dropped the search.
    pub finished: bool,
    /// The whole search's figures to its last report (every iteration's nodes, the search's own clock): what the
    /// panel shows, and at its Done report what Telemetry's record of it says.
    pub figures: SearchFigures,
    /// The position searched, to name the moves of the principal variation.
    pub position: AnyGame,
    /// The settings searched with, for the search's telemetry record.
    pub config: EngineConfig,
    /// The move the search chose to play (an AI's search, once done): a weaker level's may not be its best.
    pub played: Option<AnyMove>,
    /// The move the search judged best, once done (see `Thought::searched_best`).
    pub searched_best: Option<AnyMove>,
    /// The searched best, when the move played is a deliberate mistake (see `Thought::deliberate_mistake`).
    pub mistake_of: Option<AnyMove>,
    /// Once done: its time ceiling stopped it before its node budget (a busy machine; the level played weaker).
    pub shortfall: Option<crate::engine::telemetry::searches::Shortfall>,
}

/// A search's nodes and time as of one report, counted as Telemetry counts a search: every iteration (the cut-short
/// one and any helper threads' included) and the seconds of the search's own clock, not the time the request waited.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchFigures {
    /// Nodes visited so far, all iterations together.
    pub nodes: u64,
    /// Seconds from the search's start to its last report.
    pub seconds: f64,
}

impl SearchFigures {
    /// Adds a reported iteration: its own nodes, and the search's clock at its end.
    pub fn add(&mut self, iteration: &Iteration<AnyMove>) {
        self.nodes += iteration.stats.nodes_visited;
        if iteration.elapsed_seconds.is_finite() {
            self.seconds = iteration.elapsed_seconds;
        }
    }

    /// The figures of a whole search, from its Done report: those of its telemetry record.
    pub fn of(thought: &Thought<AnyMove>) -> SearchFigures {
        SearchFigures { nodes: thought.total_stats().nodes_visited, seconds: thought.elapsed_seconds }
    }

    /// Nodes per second of the search so far, when any time has passed.
    pub fn rate(&self) -> Option<f64> {
        (self.seconds > 0.0).then(|| self.nodes as f64 / self.seconds)
    }
}

/// A line for the user: what happened, or why a click did nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    /// The words shown.
    pub text: String,
    /// True for what went wrong (drawn in the error colour).
    pub error: bool,
}

/// The Play view's state.
pub struct Play {
    /// Every game the list offers.
    pub registry: Registry,
    /// Index into `registry.entries`.
    selected: usize,
    history: GameHistory,
    /// First player (MAX), second player (MIN).
    pub players: [Player; 2],
    paused: bool,
    /// The number of moves of the position on view, when it is not the current one.
    viewing: Option<usize>,
    search: Option<SearchInfo>,
    hint: Option<hint::Hint>,
    message: Option<Message>,
    /// One engine per seat, started on the first frame.
    engines: Option<engines::Engines>,
    /// The game and players the engines were last prepared for (see `prepare_engines`).
    prepared: Option<(usize, [Player; 2])>,
    /// The time control chosen for both sides, if any.
    pub clock_control: Option<crate::engine::search::clock::TimeControl>,
    /// The game's clocks, when a time control is chosen (see [`clocks`]).
    clocks: Option<clocks::Clocks>,
    /// The number of moves the game had when the clocks were set: no clock runs until a move is played after it,
    /// as over the board (`None` until the first frame with the clocks set reads it).
    clock_armed: Option<usize>,
    /// Counts the minimax tree below each searched position, for the pruning ratio of its record.
    counter: Option<TreeCounter>,
    /// Records that came without their tree count (from a session file) and wait for the counter.
    uncounted: bool,
    /// A move tree for the Tree lab and the note that says what it shows, waiting for the shell to hand it over.
    pub tree_for_lab: Option<(crate::tree::model::Tree, String)>,
    actions: Vec<Action>,
    /// How the dice games' die is rolled (see [`dice`]).
    pub dice: dice::Dice,
    /// The board turned round.
    pub flipped: bool,
    /// Whose side every value the window shows is read from (the Settings menu): the search panel, Telemetry's
    /// plots, ladder and CSV.
    pub values_from: ValuesFrom,
    /// Seconds between two AI moves when both sides are AIs.
    pub move_delay: f32,
    /// One AI move allowed while paused.
    step: bool,
    /// When the last move was played, for the delay.
    last_move_at: Instant,
    /// The Import / Set up window.
    pub records_window: records_window::RecordsWindow,
    /// The Open as a tree window.
    pub tree_window: open_tree::TreeWindow,
    /// The Check this game window.
    pub check_window: check_window::CheckWindow,
    /// The side panel's share of the window, kept when the window grows.
    side_share: crate::app::panel_share::PanelShare,
    /// Each game's state while another is shown, by registry index, so switching loses nothing.
    parked: std::collections::HashMap<usize, Parked>,
    /// The games folder as it was when last read, to see when the window regains focus whether it changed.
    games_seen: crate::games::registry::Fingerprint,
    /// The games folder being read on a worker thread, until its games join the list.
    loading: Option<reload::Loading>,
    /// The game's review: its dialog, its worker and the last one finished.
    pub review: review::ReviewState,
    /// The view's help window is open (F1).
    pub help_open: bool,
}

/// A game put aside when another is chosen: its moves (with its searches' telemetry), players, whether it was
/// paused, and its review. A session saves every one of them (see [`saved::KeptGame`]).
struct Parked {
    history: GameHistory,
    players: [Player; 2],
    paused: bool,
    review: Option<review::Reviewed>,
}

impl Default for Play {
    fn default() -> Self {
        Play::new(Registry::standard())
    }
}

impl Play {
    /// The view over `registry`, its first game that starts ready: a person against the AI. The message names the
    /// games before it that could not start (a script's `start` failing on this run). A registry with no game that
    /// starts falls back to the built-in ones.
    pub fn new(mut registry: Registry) -> Self {
        let games_seen = registry.dir.as_deref().map(crate::games::registry::Fingerprint::of).unwrap_or_default();
        let (mut found, failed) = first_start(&registry);
        if found.is_none() {
            registry.entries = Registry::built_in_only(None).entries;
            found = first_start(&registry).0;
        }
        // The built-in games are compiled rules and data: no script, file or machine's load can keep them from
        // starting, and the registry's tests start every one.
        let Some((selected, start)) = found else { unreachable!("the built-in games start") };
        let message = (!failed.is_empty()).then(|| Message { text: failed.join(" "), error: true });
        let history = GameHistory::new(start);
        let entry = &registry.entries[selected];
        let players = [Player::new(PlayerKind::Human, entry), Player::new(PlayerKind::Ai, entry)];
        Play {
            registry,
            selected,
            history,
            players,
            paused: false,
            viewing: None,
            search: None,
            hint: None,
            message,
            engines: None,
            prepared: None,
            clock_control: None,
            clocks: None,
            clock_armed: None,
            counter: None,
            uncounted: false,
            tree_for_lab: None,
            actions: Vec::new(),
            dice: dice::Dice::default(),
            flipped: false,
            values_from: ValuesFrom::default(),
            move_delay: 0.0,
            step: false,
            last_move_at: Instant::now(),
            records_window: records_window::RecordsWindow::default(),
            tree_window: open_tree::TreeWindow::default(),
            check_window: check_window::CheckWindow::default(),
            side_share: crate::app::panel_share::PanelShare::new(0.24),
            parked: std::collections::HashMap::new(),
            games_seen,
            loading: None,
            review: review::ReviewState::default(),
            help_open: false,
        }
    }

    /// The game chosen.
    pub fn entry(&self) -> &Entry {
        &self.registry.entries[self.selected]
    }

    /// The game in progress.
    pub fn history(&self) -> &GameHistory {
        &self.history
    }

    /// The earlier position on view, as the number of moves played to reach it; `None` when the game itself is.
    pub fn viewing(&self) -> Option<usize> {
        self.viewing
    }

    /// The latest message, if any.
    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    /// True while a search is running.
    pub fn thinking(&self) -> bool {
        self.search.as_ref().is_some_and(|s| !s.finished)
    }

    /// Does what `action` asks at once, as if the user had asked while the view was drawn.
    pub fn act(&mut self, action: Action) {
        self.actions.push(action);
        self.apply();
    }

    /// Selects a game by id and starts it; false when no game has that id.
    pub fn select(&mut self, id: &str) -> bool {
        match self.registry.entries.iter().position(|e| e.variant.id == id) {
            Some(index) => {
                self.actions.push(Action::SelectGame(index));
                self.apply();
                true
            }
            None => false,
        }
    }

    /// Draws the view and runs what it asked for.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        self.poll();
        let width = ui.available_width();
        let (narrowest, widest) = side_width_range(width);
        let panel = self.side_share.panel(egui::Panel::left("play_side"), width, narrowest..=widest);
        // While the exercise runs the game's controls rest: nothing may change the game under it.
        let learning = review::learn::active(self);
        let shown = panel.show(ui, |ui| ui.add_enabled_ui(!learning, |ui| side::show(self, ui))).response.rect.width();
        self.side_share.shown(shown, width);
        if learning {
            review::learn::panel::side(self, ui, width);
        } else if review::panel::wanted(self) {
            review::panel::side(self, ui, width);
        }
        // The search panel's height is reserved, the same with no search, a search or a hint, so the board never
        // moves when one starts (five lines: the heading, two rows of figures, two for rows that wrap in a narrow
        // window; more scrolls).
        let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        egui::Panel::bottom("play_search").resizable(false).exact_size(5.0 * line + 16.0).show(ui, |ui| {
            egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| search_panel::show(self, ui))
        });
        egui::CentralPanel::default().show(ui, |ui| {
            self.status_line(ui);
            boards::show(self, ui);
        });
        records_window::window(self, ui.ctx());
        open_tree::window(self, ui.ctx());
        check_window::window(self, ui.ctx());
        review::window(self, ui.ctx());
        help::window(self, ui.ctx());
        if learning {
            review::learn::keys(self, ui.ctx());
        } else {
            side::keys(self, ui.ctx());
        }
        self.apply();
        self.drive(ui.ctx());
        review::drive(self, ui.ctx());
        review::learn::drive(self, ui.ctx());
        if self.thinking() {
            // The elapsed time keeps moving between reports.
            ui.ctx().request_repaint_after(Duration::from_millis(100));
        }
    }

    /// The game as a record in its family's format, with the file extension, or why it cannot be written: with
    /// the players, the date, how it ended and what the AI's searches found where the format has room (PGN).
    pub fn export_record(&self) -> Result<(String, &'static str), String> {
        self.history.position_at(0).write_noted_record(self.history.moves(), &self.record_notes())
    }

    /// The position on view in the family's position notation (FEN), or the moves that lead to it.
    pub fn position_text(&self) -> String {
        let ply = self.viewing.unwrap_or(self.history.moves().len());
        let position = self.history.position_at(ply);
        position
            .position_text()
            .unwrap_or_else(|| self.history.position_at(0).line_names(&self.history.moves()[..ply]).join(","))
    }

    /// Keeps the game going while another view is shown: reads reports and counts, and starts the AI's searches.
    pub fn tick(&mut self, ctx: &egui::Context) {
        self.poll();
        self.apply();
        self.drive(ctx);
        review::drive(self, ctx);
        review::learn::drive(self, ctx);
        if self.thinking() {
            ctx.request_repaint_after(Duration::from_millis(100));
        }
    }

    /// The position after the first `ply` moves of the game.
    pub fn position_at(&self, ply: usize) -> AnyGame {
        self.history.position_at(ply)
    }

    /// The hint on the board, if one is shown.
    pub fn hint(&self) -> Option<AnyMove> {
        self.hint.as_ref().map(|h| h.mv)
    }

    /// Shows `text` under the board (`error`: in the error colour) until the next message.
    pub fn say(&mut self, text: String, error: bool) {
        self.message = Some(Message { text, error });
    }

    /// Carries out the actions pushed while drawing.
    pub fn apply(&mut self) {
        for action in std::mem::take(&mut self.actions) {
            match action {
                Action::SelectGame(index) if index < self.registry.entries.len() && index != self.selected => {
                    self.switch_game(index)
                }
                Action::SelectGame(_) => {}
                Action::NewGame => self.new_game(),
                Action::Undo => self.undo(),
                Action::Redo => self.redo(),
                Action::Play(mv) => self.human_move(mv),
                Action::Refuse(why) => self.say(why, false),
                Action::View(ply) => self.viewing = ply.filter(|&p| p < self.history.moves().len()),
                Action::MoveNow => {
                    // The worker answers a stop with Done and the best move found so far, which `poll` plays.
                    if let Some(engines) = &self.engines {
                        engines.stop();
                    }
                }
                Action::Hint if self.history.position().turn() == Turn::Chance => {
                    self.say("Roll the die first: the hint is for a move.".into(), false)
                }
                Action::Hint => self.start_search(Purpose::Hint),
                Action::RollDie => self.roll_die(),
                Action::EnterDieByHand(by_hand) => self.dice.by_hand = by_hand,
                Action::Flip => self.flipped = !self.flipped,
                Action::SetDelay(seconds) => self.move_delay = seconds.clamp(0.0, 5.0),
                Action::Step => self.step = true,
                Action::Import(text) => self.import(&text),
                Action::SetUp(text) => self.set_up(&text),
                Action::ReloadGames => self.reload_games(),
                Action::CheckGame => match self.entry().variant.rules.new_game() {
                    Ok(start) => self.check_window.start(self.entry().variant.name.clone(), start),
                    Err(why) => self.say(why, true),
                },
                Action::TogglePause => {
                    self.paused = !self.paused;
                    if self.paused && matches!(self.search.as_ref().map(|s| s.purpose), Some(Purpose::Move(_))) {
                        self.cancel_search();
                    }
                }
                Action::OpenAsTree(shape) => self.open_as_tree(shape),
                Action::Review(action) => review::apply(self, action),
                Action::SetClock(control) => self.set_clock(control),
                Action::SetPlayer(i, player) => {
                    if let Some(slot) = self.players.get_mut(i) {
                        *slot = *player;
                        self.cancel_search();
                    }
                }
            }
        }
        self.forget_stale_hint();
    }

    /// The move tree of `shape` below the position on view, for the Tree lab: there α-β shows which of the game's
    /// real moves it prunes.
    fn open_as_tree(&mut self, shape: crate::games::move_tree::TreeShape) {
        let position =
            self.viewing.map_or_else(|| self.history.position().clone(), |ply| self.history.position_at(ply));
        match position.move_tree(shape) {
            Ok(tree) => {
                let depth = shape.depth;
                self.say(
                    format!("Opened the move tree, {depth} plies deep, in the Tree lab (moves are the labels)."),
                    false,
                );
                let note = "The move tree from Play: each node is labelled with its move.".to_string();
                self.tree_for_lab = Some((tree, note));
            }
            Err(e) => self.say(format!("No move tree: {e}."), true),
        }
    }

    /// A new game of the game selected; when its rules cannot make one now (a script's `start` failing on this
    /// run), the game in progress stays and the message says why.
    fn new_game(&mut self) {
        match start_of(self.entry()) {
            Ok(start) => self.begin(GameHistory::new(start)),
            Err(why) => self.say(why, true),
        }
    }

    /// Makes `history` the game on the board, with no search, view, hint, message or pause left from the last one.
    fn begin(&mut self, history: GameHistory) {
        self.cancel_search();
        // The last search was of another game: the live panel starts empty.
        self.search = None;
        self.history = history;
        self.viewing = None;
        self.hint = None;
        self.message = None;
        self.paused = false;
        self.clocks = self.clock_control.map(clocks::Clocks::new);
        self.clock_armed = None;
    }

    fn human_move(&mut self, mv: AnyMove) {
        let game = self.history.position();
        if self.viewing.is_some() {
            return self.say("This is an earlier position: go back to the game to play.".into(), false);
        }
        // A die entered by hand is welcome whoever rolls; a move only from the person to move.
        let rolling = game.turn() == Turn::Chance;
        if let Some(seat) = self.flag_fallen() {
            let side = game.side_name(if seat == 0 { Side::Max } else { Side::Min });
            return self.say(format!("{side} lost on time: start a new game."), false);
        }
        if game.outcome().is_none() && !rolling && self.players[index(game.side_to_move())].kind == PlayerKind::Ai {
            return self.say("It is the AI's turn: wait, or press Move now.".into(), false);
        }
        match self.history.try_play(mv) {
            Ok(()) => {
                self.cancel_search();
                self.hint = None;
                self.message = None;
            }
            Err(e) => self.say(format!("{e}."), false),
        }
    }

    /// Takes back one move, and more until a person is to move (when one plays), so undo against the AI returns to
    /// the person's last turn; die rolls are taken back too, so the person returns to a decision of their own.
    /// With two AIs it takes back one move and pauses.
    fn undo(&mut self) {
        self.cancel_search();
        self.viewing = None;
        self.hint = None;
        self.message = None;
        if self.history.undo().is_none() {
            return;
        }
        if self.players.iter().all(|p| p.kind == PlayerKind::Ai) {
            self.paused = true;
            return;
        }
        while (self.ai_to_move() || self.at_chance()) && self.history.undo().is_some() {}
    }

    /// The mirror of [`Play::undo`].
    fn redo(&mut self) {
        self.cancel_search();
        self.viewing = None;
        if self.history.redo().is_none() {
            return;
        }
        while (self.ai_to_move() || self.at_chance()) && self.history.can_redo() {
            self.history.redo();
        }
    }

    /// True when the AI is to make a decision (a roll is not searched: see [`Play::roll_die`]).
    fn ai_to_move(&self) -> bool {
        let game = self.history.position();
        game.outcome().is_none()
            && game.turn() != Turn::Chance
            && self.players[index(game.side_to_move())].kind == PlayerKind::Ai
            && self.flag_fallen().is_none()
    }

    /// True when the game goes on with a roll of the die.
    fn at_chance(&self) -> bool {
        let game = self.history.position();
        game.outcome().is_none() && game.turn() == Turn::Chance
    }

    /// Rolls the die with the seeded generator and plays the roll as a move, if the game is at a roll.
    fn roll_die(&mut self) {
        if !self.at_chance() || self.viewing.is_some() {
            return;
        }
        match dice::roll(self.dice.seed, self.history.moves(), self.history.position()) {
            Some(mv) => {
                if let Err(e) = self.history.try_play(mv) {
                    self.say(format!("The roll could not be played: {e}"), true);
                }
                self.hint = None;
            }
            None => self.say("This position has no chance outcome to roll.".into(), true),
        }
    }
}

/// The starting position of a registered game. The registry kept only variants whose rules made a game once, but
/// a script runs its `start` again for every game, under a time budget a busy machine can exhaust: the error is
/// the message to show ("Could not start Nim: …").
fn start_of(entry: &Entry) -> Result<AnyGame, String> {
    entry.variant.rules.new_game().map_err(|why| format!("Could not start {}: {why}", entry.variant.name))
}

/// The first game of `registry` that starts, its index and start, and the messages of those before it that did not.
fn first_start(registry: &Registry) -> (Option<(usize, AnyGame)>, Vec<String>) {
    let mut failed = Vec::new();
    for (index, entry) in registry.entries.iter().enumerate() {
        match start_of(entry) {
            Ok(start) => return (Some((index, start)), failed),
            Err(why) => failed.push(why),
        }
    }
    (None, failed)
}

/// The side panel's narrowest and widest sizes in a window `width` wide: a fifth of the window at least (so a panel
/// squeezed in a small window grows back with it), never under 230 points, at most 45 %.
pub fn side_width_range(width: f32) -> (f32, f32) {
    let widest = (width * 0.45).max(230.0);
    ((width * 0.2).clamp(230.0, 400.0).min(widest), widest)
}

/// 0 for the first player, 1 for the second.
fn index(side: Side) -> usize {
    match side {
        Side::Max => 0,
        Side::Min => 1,
    }
}

/// How the window names a side of `game`: by the family's side names ("White", "Red", "X").
fn name_in(game: &AnyGame, side: Side) -> &str {
    game.side_name(side)
}

/// How the window names a player's seat (the first or the second to move), whatever the game.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Max => "First player",
        Side::Min => "Second player",
    }
}
