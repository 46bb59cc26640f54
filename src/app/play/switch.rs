//! Picking another game in the list. Nothing is dropped: the game in progress is parked, with its players and its
//! pause, and comes back as it was when picked again — the view says so, as switching views keeps a game. Two AIs
//! never start on their own in the game picked: it opens paused, to be watched from Resume.

use super::{Parked, Play, Player, PlayerKind};
use crate::games::any::AnyGame;
use crate::play::history::GameHistory;

/// The game a switch shows: the one left there, or a new one.
enum Shown {
    Kept(Box<Parked>),
    New(AnyGame),
}

impl Play {
    /// Parks the game in progress and shows game `index` (the one left there, or a new one). When game `index` has
    /// none left there and cannot start one now, the game in progress stays on the board and the message says why.
    pub(super) fn switch_game(&mut self, index: usize) {
        // The game left there, or a new one, which must start before anything changes.
        let shown = match self.parked.remove(&index) {
            Some(parked) => Shown::Kept(Box::new(parked)),
            None => match super::start_of(&self.registry.entries[index]) {
                Ok(start) => Shown::New(start),
                Err(why) => return self.say(why, true),
            },
        };
        self.cancel_search();
        let left = self.entry().variant.name.clone();
        let played = self.history.moves().len();
        // As the move list numbers it: "move 53" of a chess game of 105 plies.
        let at_move = self.history.turns().last().map_or(0, |t| t.round);
        let mut said = Vec::new();
        // A review under way is of the game left, whose moves it holds: it goes on, and its result joins that game
        // when it is done (see `review::drive`), so nothing needs saying.
        let id = self.entry().variant.id.clone();
        let review = self.review.done.take_if(|done| done.game == id);
        let parked =
            Parked { history: self.history.clone(), players: self.players.clone(), paused: self.paused, review };
        self.parked.insert(self.selected, parked);
        self.selected = index;
        let resumed = matches!(shown, Shown::Kept(_));
        match shown {
            Shown::Kept(parked) => {
                let Parked { history, players, paused, review } = *parked;
                self.begin(history);
                self.players = players;
                self.paused = paused;
                self.uncounted = true;
                if review.is_some() {
                    self.review.done = review;
                }
            }
            Shown::New(start) => {
                let entry = &self.registry.entries[index];
                let kinds = self.players.each_ref().map(|p| p.kind);
                self.players = kinds.map(|kind| Player::new(kind, entry));
                self.begin(GameHistory::new(start));
            }
        }
        let watched = self.players.iter().all(|p| p.kind == PlayerKind::Ai);
        let over = self.history.position().outcome().is_some();
        if watched && !over {
            self.paused = true;
        }
        if played > 0 {
            said.push(format!("The {left} game (at move {at_move}) is kept: pick {left} again to go on with it."));
        }
        if resumed {
            said.push(format!("Back to the {} game as it was left.", self.entry().variant.name));
        }
        if watched && !over {
            said.push("Two AIs: press Resume to watch them play.".to_string());
        }
        if !said.is_empty() {
            self.say(said.join(" "), false);
        }
    }
}
