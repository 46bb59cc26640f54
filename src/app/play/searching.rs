//! The Play view's side of the background search: starting the AI's searches and hints, reading the worker's
//! reports as they come, playing or showing what a search found, keeping its record for the telemetry, and the
//! background tree counts. The UI thread never searches: everything here sends requests or reads replies.

use super::*;

impl Play {
    /// Reads every waiting report of the worker.
    pub(super) fn poll(&mut self) {
        self.poll_counts();
        while let Some(report) = self.worker.as_ref().and_then(|w| w.try_report()) {
            let id = report.id();
            // Reports of a search this view has moved on from are dropped.
            let Some(search) = self.search.as_mut().filter(|s| s.id == id && !s.finished) else {
                continue;
            };
            match report {
                Report::Iteration { iteration, .. } => {
                    // A cut-short iteration's value may be a bare bound (even −∞): keep the last complete one.
                    if iteration.complete || search.latest.is_none() {
                        search.latest = Some(iteration);
                    }
                }
                Report::Done { thought, .. } => {
                    search.finished = true;
                    search.took = Some(search.started.elapsed().as_secs_f64());
                    if let Some(last) = thought.iterations.last().cloned().or_else(|| thought.partial.clone()) {
                        search.latest = Some(last);
                    }
                    let purpose = search.purpose;
                    if matches!(purpose, Purpose::Move(_)) {
                        search.played = thought.best_move;
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
        let ply = self.record.ply_of(&position);
        let kind = match purpose {
            Purpose::Move(_) if self.record.moves().len() != ply + 1 => return,
            Purpose::Move(_) => SearchKind::Move,
            Purpose::Hint => SearchKind::Hint,
        };
        let side = position.side_to_move();
        let record = SearchRecord { id: 0, ply, side, kind, config, thought, tree: None };
        let depth = record.depth_reached();
        let id = self.record.note(record);
        if let (Some(counter), Some(depth)) = (&self.counter, depth) {
            // Past 64 plies only a game that ends sooner can be counted, and the count stops there by itself.
            counter.request(id, position, depth.min(64));
        }
    }

    /// Fills in the tree counts that have arrived.
    pub(super) fn poll_counts(&mut self) {
        while let Some((id, profile)) = self.counter.as_ref().and_then(|c| c.try_result()) {
            self.record.telemetry_mut().fill_tree(id, profile);
        }
    }

    /// A search ended with `best`: play it (the AI's move) or show it (a hint).
    pub(super) fn finished(&mut self, purpose: Purpose, best: Option<AnyMove>) {
        let Some(mv) = best else { return };
        match purpose {
            Purpose::Hint => {
                self.hint = Some(mv);
                self.say(format!("Hint: {}", self.record.position().move_name(mv)), false);
            }
            Purpose::Move(_) => {
                self.last_move_at = Instant::now();
                if let Err(e) = self.record.try_play(mv) {
                    self.say(format!("The AI chose an illegal move: {e}"), true);
                    self.paused = true;
                }
            }
        }
    }

    /// Stops the running search, if any, and forgets it, so its reports are dropped.
    pub(super) fn cancel_search(&mut self) {
        if let Some(worker) = &self.worker {
            worker.stop();
        }
        if let Some(search) = self.search.as_mut() {
            search.finished = true;
        }
    }

    /// Starts the AI's search when it is an AI's turn and none is running.
    pub fn drive(&mut self, ctx: &egui::Context) {
        if self.worker.is_none() {
            let ctx = ctx.clone();
            self.worker = Some(AnyWorker::new(move || ctx.request_repaint()));
        }
        if self.counter.is_none() {
            let ctx = ctx.clone();
            // Without the thread the records simply keep no count; the view says so.
            self.counter = TreeCounter::spawn(move || ctx.request_repaint()).ok();
        }
        if self.uncounted
            && let Some(counter) = &self.counter
        {
            self.uncounted = false;
            for record in self.record.telemetry().records.iter().filter(|r| r.tree.is_none()) {
                if let Some(depth) = record.depth_reached() {
                    counter.request(record.id, self.record.position_at(record.ply), depth.min(64));
                }
            }
        }
        // The AI's rolls are made for it, unless every roll is entered by hand.
        let ai_rolls =
            self.at_chance() && self.players[index(self.record.position().side_to_move())].kind == PlayerKind::Ai;
        // Two AIs wait `move_delay` between moves, so the game can be watched; Step lets one move through a pause.
        let watched = self.players.iter().all(|p| p.kind == PlayerKind::Ai);
        let waited = self.last_move_at.elapsed().as_secs_f32();
        let delay_left = if watched { self.move_delay - waited } else { 0.0 };
        let may_go = (!self.paused || self.step) && self.viewing.is_none();
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
            let side = self.record.position().side_to_move();
            self.start_search(Purpose::Move(side));
        }
    }

    pub(super) fn start_search(&mut self, purpose: Purpose) {
        let game = self.record.position().clone();
        if game.outcome().is_some() {
            return;
        }
        let config = match purpose {
            Purpose::Move(side) => self.players[index(side)].engine_config(self.entry()),
            // A hint is the game's strongest level: it should be worth asking for.
            Purpose::Hint => level_config(&self.entry().variant.ai, 10),
        };
        let Some(worker) = self.worker.as_mut() else { return };
        match worker.think(&game, config.clone()) {
            Ok(id) => {
                let started = Instant::now();
                self.search = Some(SearchInfo {
                    id,
                    purpose,
                    started,
                    latest: None,
                    finished: false,
                    took: None,
                    position: game,
                    config,
                    played: None,
                });
            }
            Err(e) => {
                self.paused = true;
                self.say(format!("Cannot start the search thread: {e}"), true);
            }
        }
    }
}
