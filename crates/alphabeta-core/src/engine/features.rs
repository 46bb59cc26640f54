//! The selective-search techniques of chess programs, each one switch, each counted in its own statistics field
//! (see [`super::search::stats::SearchStats`]). All are off by default: with every switch off the game search visits
//! exactly the nodes it visited before they existed, so the Tree lab, the telemetry and the comparisons with
//! minimax are untouched. Each acts only where the game offers the knowledge it needs (a hook of
//! [`crate::engine::game::Game`] whose default says "not here"), so a game that knows nothing of them is searched
//! the same with them on.
//!
//! - **Null-move pruning** (Beal 1989; Donninger 1993): let the opponent move twice; if a shallower search still
//!   fails high, so would the real one. Only where [`Game::can_null_move`] allows it (chess: not in check, and
//!   the side to move has a piece besides pawns, so zugzwang is rare).
//! - **Late-move reductions**: moves ordered late that the game calls reducible ([`Game::is_reducible`]: quiet
//!   moves) are searched one or two plies shallower with a null window, and again at full depth if they fail high.
//! - **Check extensions**: a move that gives check ([`Game::in_check`] after it) is searched one ply deeper.
//! - **Quiescence with static exchange evaluation**: at the depth limit the side to move may stand pat on the
//!   evaluation or try the game's tactical moves ([`Game::generate_tactical_moves`]), skipping captures that lose
//!   material by the exchange count ([`Game::exchange_value`]); the game may also order by that count. Near the
//!   horizon the same count prunes: in a null-window node not in check, with 1 to 3 plies left, a move after the
//!   first that loses more than 50 centipawns a ply (a quiet move) or 100 (a capture) and gives no check is not
//!   searched ("exchange pruning").
//! - **Tapered evaluation**: the game blends middlegame and endgame evaluations by the material left
//!   ([`Game::use_search_features`] tells it).
//! - **Futility pruning** (Schaeffer 1986; Heinz 1998): within three plies of the horizon, a node whose static
//!   evaluation stands the game's margin ([`Game::futility_margin`]) above β fails high at once ("reverse
//!   futility"); within two, quiet moves that do not give check are not searched from a node whose evaluation
//!   lies the margin below α. Only in null-window nodes, never in check.
//! - **Repetition draws**: below the root, a position that stood before in the game or the line searched, in a
//!   game whose rules draw repetitions ([`Game::repeats_a_position`]), is scored a draw at once, so a side that is
//!   ahead steers away from repeating and one that is behind steers towards it, instead of finding out only at
//!   the third occurrence (and, through the transposition table, sometimes not at all).
//! - **Mate-distance pruning**: a node cannot score better than a mate on the next move nor worse than being mated
//!   at once ([`Game::mate_distance_range`]); a window outside that range settles the node.
//!
//! [`Game::can_null_move`]: crate::engine::game::Game::can_null_move
//! [`Game::is_reducible`]: crate::engine::game::Game::is_reducible
//! [`Game::in_check`]: crate::engine::game::Game::in_check
//! [`Game::generate_tactical_moves`]: crate::engine::game::Game::generate_tactical_moves
//! [`Game::exchange_value`]: crate::engine::game::Game::exchange_value
//! [`Game::use_search_features`]: crate::engine::game::Game::use_search_features
//! [`Game::mate_distance_range`]: crate::engine::game::Game::mate_distance_range
//! [`Game::futility_margin`]: crate::engine::game::Game::futility_margin
//! [`Game::repeats_a_position`]: crate::engine::game::Game::repeats_a_position

use serde::{Deserialize, Serialize};

/// Which techniques are on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct SearchFeatures {
    /// Null-move pruning: a pass followed by a shallower search that still fails high cuts off.
    pub null_move: bool,
    /// Late-move reductions: quiet moves ordered late are searched shallower first.
    pub late_move_reductions: bool,
    /// Check extensions: a move that gives check is searched one ply deeper.
    pub check_extensions: bool,
    /// Stand-pat quiescence with losing captures skipped by the static exchange count, and exchange-aware ordering.
    pub exchange_quiescence: bool,
    /// Tapered evaluation: the game blends its middlegame and endgame evaluations by the material left.
    pub tapered_eval: bool,
    /// Mate-distance pruning: a window no mate from here can reach settles the node.
    pub mate_distance: bool,
    /// Futility and reverse-futility pruning near the horizon, by the game's margin.
    pub futility: bool,
    /// Repetition draws: a position repeated in the game or the line is scored a draw at once.
    pub repetition: bool,
}

impl SearchFeatures {
    /// Every technique off: the search as the textbooks write it.
    pub const NONE: SearchFeatures = SearchFeatures {
        null_move: false,
        late_move_reductions: false,
        check_extensions: false,
        exchange_quiescence: false,
        tapered_eval: false,
        mate_distance: false,
        futility: false,
        repetition: false,
    };

    /// Every technique on (the top levels).
    pub const ALL: SearchFeatures = SearchFeatures {
        null_move: true,
        late_move_reductions: true,
        check_extensions: true,
        exchange_quiescence: true,
        tapered_eval: true,
        mate_distance: true,
        futility: true,
        repetition: true,
    };

    /// The names the command line and the settings use, with the switch each names.
    pub const NAMES: [&'static str; 8] = ["null", "lmr", "check", "see", "tapered", "mate", "futility", "rep"];

    /// The switch called `name` (see [`SearchFeatures::NAMES`]).
    pub fn switch(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "null" => &mut self.null_move,
            "lmr" => &mut self.late_move_reductions,
            "check" => &mut self.check_extensions,
            "see" => &mut self.exchange_quiescence,
            "tapered" => &mut self.tapered_eval,
            "mate" => &mut self.mate_distance,
            "futility" => &mut self.futility,
            "rep" => &mut self.repetition,
            _ => return None,
        })
    }

    /// Reads a list such as `null+lmr+see`, `all` or `none`.
    pub fn parse(text: &str) -> Result<SearchFeatures, String> {
        let mut features = SearchFeatures::NONE;
        for name in text.split('+').map(str::trim).filter(|n| !n.is_empty()) {
            match name {
                "all" => features = SearchFeatures::ALL,
                "none" => features = SearchFeatures::NONE,
                _ => {
                    let switch = features.switch(name).ok_or_else(|| {
                        format!("unknown search feature '{name}' (all, none or {})", SearchFeatures::NAMES.join(", "))
                    })?;
                    *switch = true;
                }
            }
        }
        Ok(features)
    }

    /// The switches that are on, as [`SearchFeatures::parse`] reads them (`none` when none is).
    pub fn describe(&self) -> String {
        let mut copy = *self;
        let on: Vec<&str> = SearchFeatures::NAMES.into_iter().filter(|&n| copy.switch(n).is_some_and(|s| *s)).collect();
        if on.is_empty() { "none".into() } else { on.join("+") }
    }

    /// True when any technique is on.
    pub fn any(&self) -> bool {
        *self != SearchFeatures::NONE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_bad_names_are_refused() {
        assert_eq!(SearchFeatures::parse("all"), Ok(SearchFeatures::ALL));
        assert_eq!(SearchFeatures::parse("none"), Ok(SearchFeatures::NONE));
        let some = SearchFeatures::parse("null+see").expect("valid");
        assert!(some.null_move && some.exchange_quiescence && !some.late_move_reductions);
        assert_eq!(some.describe(), "null+see");
        assert_eq!(SearchFeatures::ALL.describe(), "null+lmr+check+see+tapered+mate+futility+rep");
        assert_eq!(SearchFeatures::parse(&SearchFeatures::ALL.describe()), Ok(SearchFeatures::ALL));
        assert_eq!(SearchFeatures::NONE.describe(), "none");
        let error = SearchFeatures::parse("null+fast").expect_err("unknown");
        assert!(error.contains("'fast'"), "{error}");
    }
}
