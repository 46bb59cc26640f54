//! The Play view's side of the background search: starting the AI's searches and hints, reading the worker's
//! reports as they come, playing or showing what a search found, keeping its record for the telemetry, and the
//! background tree counts. The UI thread never searches: everything here sends requests or reads replies.

use super::engines::Engines;
use super::*;

impl Play {
    /// Reads every waiting report of the worker.
    pub(super) fn poll(&mut self) {
        self.poll_counts();
        while let Some((seat, report)) = self.engines.as_ref().and_then(|e| e.try_report()) {
            let id = report.id();
            // Reports of a search this view has moved on from are dropped.
            let Some(search) = self.search.as_mut().filter(|s| s.seat == seat && s.id == id && !s.finished) else {
                continue;
            };
            match report {
                Report::Iteration { iteration, .. } => {
                    search.figures.add(&iteration);
                    // A cut-short iteration's value may be a bare bound (even −∞): keep the last complete one.
                    if iteration.complete || search.latest.is_none() {
                        search.latest = Some(iteration);
                    }
                }
                Report::Done { thought, .. } => {
                    search.finished = true;
                    search.figures = SearchFigures::of(&thought);
                    if let Some(last) = thought.iterations.last().cloned().or_else(|| thought.partial.clone()) {
                        search.latest = Some(last);
                    }
                    search.shortfall = crate::engine::telemetry::searches::shortfall(&search.config, &thought);
                    let purpose = search.purpose;
                    search.searched_best = thought.searched_best;
                    if matches!(purpose, Purpose::Move(_)) {
                        search.played = thought.best_move;
                        search.mistake_of = thought.deliberate_mistake();
                    }
                    let (position, config) = (search.position.clone(), search.config.clone());
                    self.finished(purpose, thought.best_move);
                    self.keep_record(purpose, position, config, thought);
                }
                Report::Failed { message, .. } => {
                    search.finished = true;
                    let what = match search.purpose {
                        Purpose::Hint => "The hint's search failed",
                        Purpose::Move(_) => {
                            // Paused, not retried at once: a search that fails would fail again every frame.
                            self.paused = true;
                            "The AI's search failed (press Resume to try again)"
                        }
                    };
                    self.say(format!("{what}: {message}"), true);
                }
            }
        }
    }

    /// Keeps the record of a finished search with the game — an AI's only if its move was played — and asks for
    /// the count of the tree it searched.
    pub(super) fn keep_record(
        &mut self,
        purpose: Purpose,
        position: AnyGame,
        config: EngineConfig,
        thought: Thought<AnyMove>,
    ) {
        let ply = self.history.ply_of(&position);
        let kind = match purpose {
            Purpose::Move(_) if self.history.moves().len() != ply + 1 => return,
            Purpose::Move(_) => SearchKind::Move,
            Purpose::Hint => SearchKind::Hint,
        };
        let side = position.side_to_move();
        let record = SearchRecord { id: 0, ply, side, kind, config, thought, tree: None };
        let depth = record.depth_reached();
        let id = self.history.note(record);
        if let (Some(counter), Some(depth)) = (&self.counter, depth) {
            // Past 64 plies only a game that ends sooner can be counted, and the count stops there by itself.
            counter.request(id, position, depth.min(64));
        }
    }

    /// Fills in the tree counts that have arrived.
    pub(super) fn poll_counts(&mut self) {
        while let Some((id, profile)) = self.counter.as_ref().and_then(|c| c.try_result()) {
            self.history.telemetry_mut().fill_tree(id, profile);
        }
    }

    /// A search ended with `best`: play it (the AI's move) or show it (a hint).
    pub(super) fn finished(&mut self, purpose: Purpose, best: Option<AnyMove>) {
        let Some(mv) = best else { return };
        match purpose {
            Purpose::Hint => self.show_hint(mv),
            Purpose::Move(_) => {
                self.last_move_at = Instant::now();
                if let Err(e) = self.history.try_play(mv) {
                    self.say(format!("The AI chose an illegal move: {e}"), true);
                    self.paused = true;
                }
                self.forget_stale_hint();
            }
        }
    }

    /// Stops the running search, if any, and forgets it, so its reports are dropped.
    pub(super) fn cancel_search(&mut self) {
        if let Some(engines) = &self.engines {
            engines.stop();
        }
        if let Some(search) = self.search.as_mut() {
            search.finished = true;
        }
    }

    /// Starts the AI's search when it is an AI's turn and none is running.
    pub fn drive(&mut self, ctx: &egui::Context) {
        if self.engines.is_none() {
            let ctx = ctx.clone();
            self.engines = Some(Engines::new(move || ctx.request_repaint()));
        }
        self.prepare_engines();
        if self.counter.is_none() {
            let ctx = ctx.clone();
            // Without the thread the records simply keep no count; the view says so.
            self.counter = TreeCounter::spawn(move || ctx.request_repaint()).ok();
        }
        if self.uncounted
            && let Some(counter) = &self.counter
        {
            self.uncounted = false;
            for record in self.history.telemetry().records.iter().filter(|r| r.tree.is_none()) {
                if let Some(depth) = record.depth_reached() {
                    counter.request(record.id, self.history.position_at(record.ply), depth.min(64));
                }
            }
        }
        // The AI's rolls are made for it, unless every roll is entered by hand.
        let ai_rolls =
            self.at_chance() && self.players[index(self.history.position().side_to_move())].kind == PlayerKind::Ai;
        // Two AIs wait `move_delay` between moves, so the game can be watched; Step lets one move through a pause.
        let watched = self.players.iter().all(|p| p.kind == PlayerKind::Ai);
        let waited = self.last_move_at.elapsed().as_secs_f32();
        let delay_left = if watched { self.move_delay - waited } else { 0.0 };
        // The AI waits while an earlier position is on view or the player learns from the review's mistakes.
        let may_go = (!self.paused || self.step) && self.viewing.is_none() && !super::review::learn::active(self);
        // The clocks stand while two AIs wait out the delay that lets the game be watched.
        let learning = super::review::learn::active(self);
        let flagged = self.sync_clocks(!(learning || watched && delay_left > 0.0));
        if self.clocks.as_ref().is_some_and(|c| c.running().is_some()) {
            // The running clock is redrawn every tenth of a second.
            ctx.request_repaint_after(Duration::from_millis(100));
        }
        if flagged.is_some() {
            return;
        }
        if delay_left > 0.0 && may_go && (ai_rolls || self.ai_to_move()) {
            ctx.request_repaint_after(Duration::from_secs_f32(delay_left));
            return;
        }
        if ai_rolls && !self.dice.by_hand && may_go {
            self.step = false;
            self.roll_die();
            self.last_move_at = Instant::now();
            return;
        }
        let searching_move = self.search.as_ref().is_some_and(|s| !s.finished && matches!(s.purpose, Purpose::Move(_)));
        if self.ai_to_move() && may_go && !searching_move {
            self.step = false;
            let side = self.history.position().side_to_move();
            self.start_search(Purpose::Move(side));
        }
    }

    /// Builds each AI's engine ahead of its first move, once per game and players, so the first move keeps to its
    /// time instead of waiting for a fresh table.
    fn prepare_engines(&mut self) {
        let key = (self.selected, self.players.clone());
        if self.prepared.as_ref() == Some(&key) {
            return;
        }
        let game = self.history.position().clone();
        let configs: Vec<_> = (0..2)
            .filter(|&seat| self.players[seat].kind == PlayerKind::Ai)
            .map(|seat| (seat, self.players[seat].engine_config(self.entry())))
            .collect();
        let Some(engines) = self.engines.as_mut() else { return };
        for (seat, config) in configs {
            // Only a head start: a search builds what it needs itself, so a failure here is met there.
            let _ = engines.prepare(seat, &game, config);
        }
        self.prepared = Some(key);
    }

    /// The seat (0 first, 1 second) whose flag fell: that side lost on time.
    pub fn flag_fallen(&self) -> Option<usize> {
        self.clocks.as_ref().and_then(|c| c.flagged())
    }

    /// `seat`'s clock, when the game is played on clocks: milliseconds left and whether it is running.
    pub fn clock_reading(&self, seat: usize) -> Option<(u64, bool)> {
        let clocks = self.clocks.as_ref()?;
        Some((clocks.remaining_ms(seat, Instant::now()), clocks.running() == Some(seat)))
    }

    /// Plays on clocks with `control` from now on (both clocks at the base again), or without clocks.
    pub(super) fn set_clock(&mut self, control: Option<crate::engine::search::clock::TimeControl>) {
        self.clock_control = control;
        self.clocks = control.map(super::clocks::Clocks::new);
        self.clock_armed = None;
        // A search timed by the old setting is stopped and asked again.
        self.cancel_search();
    }

    /// Runs the clock of the side to move (when `may_run` and the game goes on, unpaused, at a decision, and a move
    /// was played since the clocks were set) and stops the other's, crediting a move played since. When a flag falls
    /// the search is stopped and the view says so; returns the seat whose flag fell.
    fn sync_clocks(&mut self, may_run: bool) -> Option<usize> {
        let ply = self.history.moves().len();
        // The clocks start with the first move, not when the clock is ticked or the game begins.
        let armed = *self.clock_armed.get_or_insert(ply);
        let game = self.history.position();
        let live = game.outcome().is_none() && game.turn() != Turn::Chance && !self.paused && may_run && ply > armed;
        let to_move = live.then(|| index(game.side_to_move()));
        let was = self.flag_fallen();
        let flagged = self.clocks.as_mut()?.sync(to_move, ply, Instant::now());
        if let (Some(seat), None) = (flagged, was) {
            self.cancel_search();
            let side = self.history.position().side_name(if seat == 0 { Side::Max } else { Side::Min }).to_string();
            self.say(format!("{side}'s flag fell."), false);
        }
        flagged
    }

    /// Engines built so far by `seat`'s worker: one for a whole game while the player's settings stay the same.
    pub fn engines_built(&self, seat: usize) -> u64 {
        self.engines.as_ref().map_or(0, |e| e.engines_built(seat))
    }

    pub(super) fn start_search(&mut self, purpose: Purpose) {
        let game = self.history.position().clone();
        if game.outcome().is_some() {
            return;
        }
        let config = match purpose {
            Purpose::Move(side) => {
                let mut config = self.players[index(side)].engine_config(self.entry());
                // On a clock, the time manager sets the move's time (the level's depth limit still holds).
                if let Some(clocks) = &self.clocks {
                    config.limits.time_ms = Some(clocks.budget_ms(index(side), Instant::now()));
                }
                config
            }
            // A hint is the game's strongest level: it should be worth asking for.
            Purpose::Hint => level_config(&self.entry().variant.ai, 10),
        };
        // The seat's own engine: a hint is for the person to move, whose seat's engine is otherwise idle.
        let seat = index(game.side_to_move());
        let Some(engines) = self.engines.as_mut() else { return };
        match engines.think(seat, &game, config.clone()) {
            Ok(id) => {
                let started = Instant::now();
                self.search = Some(SearchInfo {
                    id,
                    seat,
                    purpose,
                    started,
                    latest: None,
                    finished: false,
                    figures: SearchFigures::default(),
                    position: game,
                    config,
                    played: None,
                    searched_best: None,
                    mistake_of: None,
                    shortfall: None,
                });
            }
            Err(e) => {
                self.paused = true;
                self.say(format!("Cannot start the search thread: {e}"), true);
            }
        }
    }
}
