//! From a game's values to winning chances: the logistic scale each game's evaluation is read on.
//!
//! `P(win) = 1 / (1 + e^(−v/s))` with `s` in the game's own unit, fitted per game by `bench/fit_win_scale.py` from
//! the game's match records and kept in `win_scales.ron` beside this file with where it came from. A game without
//! a fitted scale gets [`WinScale::default_for`]. Values the search proved (a win at the game's bounds, a mate) are
//! certain: 1, ½ or 0, whatever `s` says.

use crate::engine::game::Value;
use serde::{Deserialize, Serialize};

/// How a game's values read as winning chances: `P(win) = 1 / (1 + e^(−v/s))`, and where `s` came from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WinScale {
    /// The value (in the game's unit, as its search counts) at which the side ahead wins 73 % of the time (e^1 : 1).
    pub s: f64,
    /// How many games `s` was fitted from; 0 for a default.
    pub games: usize,
    /// Where `s` came from: the fitting command and its records, or the rule that made a default.
    pub source: String,
    /// The values are expected results already (a game with dice, scored from a loss at −w to a win at +w, w the
    /// [`Certainty::win_from`]): `P(win) = (1 + v/w) / 2`, a straight line, and `s` is not used.
    #[serde(default)]
    pub expected: bool,
    /// Values are held to ± this before they are read (a found win, too, counts as the ceiling), as Lichess holds
    /// centipawns to ±1000: beyond it, how far ahead a side is says nothing more. `None`: no ceiling.
    #[serde(default)]
    pub ceiling: Option<Value>,
}

/// Where a value counts as won or lost outright rather than as an evaluation, from the player's view either way.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Certainty {
    /// A value at least this large (either sign) is a win (or a loss) the search found: chess's mates, the bounds.
    pub win_from: Value,
}

/// One game's fitted scale, as `win_scales.ron` lists it.
#[derive(Deserialize)]
struct FittedScale {
    game: String,
    s: f64,
    games: usize,
    source: String,
    #[serde(default)]
    ceiling: Option<Value>,
}

/// The fitted scales, written by `bench/fit_win_scale.py`.
const FITTED: &str = include_str!("win_scales.ron");

impl WinScale {
    /// The fitted scale of the game with this id (as the registry names it), or the default for its `certainty`;
    /// for a game with chance turns and bounded scores ([`WinScale::expected_results`]), its values as they are.
    pub fn for_game(id: &str, certainty: Certainty, has_chance: bool) -> WinScale {
        if has_chance && certainty.win_from.is_finite() && certainty.win_from > 0.0 {
            return Self::expected_results();
        }
        Self::fitted(id).unwrap_or_else(|| Self::default_for(certainty))
    }

    /// A game with dice scores expected results between its bounds (EinStein and Pig: −1…+1, the chance of winning
    /// less the chance of losing): they are winning chances already, and another logistic would stretch small
    /// differences near an even game and crush large ones near the bounds.
    pub fn expected_results() -> WinScale {
        WinScale {
            s: 1.0,
            games: 0,
            source: "expected results: P(win) = (1 + v/w) / 2 between the bounds ±w".to_string(),
            expected: true,
            ceiling: None,
        }
    }

    /// The scale `win_scales.ron` lists for the game `id`, if any.
    pub fn fitted(id: &str) -> Option<WinScale> {
        let table: Vec<FittedScale> = ron::from_str(FITTED).ok()?;
        let found = table.into_iter().find(|entry| entry.game == id)?;
        Some(WinScale { s: found.s, games: found.games, source: found.source, expected: false, ceiling: found.ceiling })
    }

    /// A game without a fitted scale: a tenth of the smallest value that counts as a win (the game's bound, or
    /// where its scores become wins), so that a value a tenth of the way to a win is a 73 % chance. A game whose
    /// wins lie beyond [`LARGE_WIN`] counts its evaluation in hundredths (a pawn, a man, a corner is about 100),
    /// and gets [`LARGE_SCALE`], Lichess's scale for chess rounded: 3 pawns ahead wins 75 % of the time.
    pub fn default_for(certainty: Certainty) -> WinScale {
        let reach = certainty.win_from;
        let (s, rule) = if reach.is_finite() && reach > 0.0 && reach <= LARGE_WIN {
            (reach / 10.0, "default: a tenth of the smallest win value")
        } else {
            (LARGE_SCALE, "default: 270, for an evaluation in hundredths")
        };
        WinScale { s, games: 0, source: rule.to_string(), expected: false, ceiling: None }
    }
}

/// Lichess's scale for chess (lila's `WinPercent.scala`: winning chances `2 / (1 + e^(−0.00368208·cp)) − 1`), in
/// centipawns: fitted by Lichess on rated human games.
pub const LICHESS_S: f64 = 1.0 / 0.00368208;

/// Winning chances (−1…+1) of `cp` centipawns on [`LICHESS_S`], as Lichess reads Stockfish's evaluations.
pub fn lichess_chances(cp: f64) -> f64 {
    winning_chances(1.0 / (1.0 + (-cp / LICHESS_S).exp()))
}

/// Wins scored beyond this mark a game whose evaluation counts hundredths (chess's mates near 1,000,000).
pub const LARGE_WIN: Value = 1_000.0;

/// The default scale of such a game: Lichess's chess scale (1 / 0.00368208 = 271.6 centipawns), rounded.
pub const LARGE_SCALE: f64 = 270.0;

impl Certainty {
    /// Wins from `win_from` (the game's score axis, [`crate::games::score_words::ScoreAxis::win_from`]) or at the
    /// game's `bounds`, whichever comes first. A game with chance turns scores expected results, which are not
    /// wins short of its bounds, so there only the bounds count.
    pub fn of(bounds: (Value, Value), axis_win_from: Value, has_chance: bool) -> Certainty {
        let bound = bounds.0.abs().min(bounds.1.abs());
        let bound = if bound > 0.0 { bound } else { Value::INFINITY };
        let win_from = if has_chance { bound } else { bound.min(axis_win_from) };
        Certainty { win_from }
    }
}

/// The probability that the player whose value `value` is wins: 1 or 0 for a value [`Certainty`] calls a win or a
/// loss, else the logistic of `value / s` — with the scale's ceiling, of the value held to it (a found win included).
pub fn win_probability(value: Value, scale: &WinScale, certainty: Certainty) -> f64 {
    if value.is_nan() {
        return 0.5;
    }
    let value = match scale.ceiling {
        Some(ceiling) if ceiling.is_finite() && ceiling > 0.0 => value.clamp(-ceiling, ceiling),
        _ => value,
    };
    if value.abs() >= certainty.win_from {
        return if value > 0.0 { 1.0 } else { 0.0 };
    }
    if scale.expected {
        return ((1.0 + value / certainty.win_from) / 2.0).clamp(0.0, 1.0);
    }
    let s = if scale.s > 0.0 && scale.s.is_finite() { scale.s } else { 1.0 };
    1.0 / (1.0 + (-value / s).exp())
}

/// A proven value (the search saw every line to the end): the game is won (1), drawn (½) or lost (0).
pub fn proven_probability(value: Value) -> f64 {
    if value > 0.0 {
        1.0
    } else if value < 0.0 {
        0.0
    } else {
        0.5
    }
}

/// Winning chances on Lichess's −1…+1 scale (`2·P(win) − 1`), the scale its move classes are measured on.
pub fn winning_chances(probability: f64) -> f64 {
    2.0 * probability - 1.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(s: f64) -> WinScale {
        WinScale { s, games: 0, source: String::new(), expected: false, ceiling: None }
    }

    const NONE: Certainty = Certainty { win_from: f64::INFINITY };

    /// Lichess's own scale for chess is `50 + 50 · (2 / (1 + e^(−0.00368208 · cp)) − 1)`, a logistic with
    /// s = 1 / 0.00368208 = 271.59 centipawns: at +300 that is 75.11 %.
    #[test]
    fn the_logistic_is_lichess_s_at_its_scale() {
        let lichess = |cp: f64| 50.0 + 50.0 * (2.0 / (1.0 + (-0.00368208 * cp).exp()) - 1.0);
        let scale = plain(1.0 / 0.00368208);
        for cp in [-900.0, -300.0, 0.0, 35.0, 300.0] {
            assert!((100.0 * win_probability(cp, &scale, NONE) - lichess(cp)).abs() < 1e-9, "{cp}");
        }
        assert!((lichess(300.0) - 75.11).abs() < 0.01);
        assert!((winning_chances(win_probability(0.0, &scale, NONE))).abs() < 1e-12);
    }

    /// Chess is read as Lichess reads it: centipawns held to ±1000 and a mate counted as the ceiling, so 12 pawns
    /// ahead, 10 and a mate are the same chance (lila's `Eval.Cp.ceiled`).
    #[test]
    fn a_ceiling_holds_values_and_found_wins_to_it() {
        let chess = WinScale::fitted("chess").expect("chess has a scale");
        assert_eq!(chess.ceiling, Some(1000.0));
        let certainty = Certainty::of((-1e6, 1e6), 990_000.0, false);
        let logistic = |value: f64| 1.0 / (1.0 + (-value / chess.s).exp());
        for (value, held) in [(1200.0, 1000.0), (999_990.0, 1000.0), (-4000.0, -1000.0), (-999_990.0, -1000.0)] {
            assert_eq!(win_probability(value, &chess, certainty), logistic(held), "{value}");
        }
        assert_eq!(win_probability(700.0, &chess, certainty), logistic(700.0));
        let hostile = WinScale { ceiling: Some(f64::NAN), ..chess };
        assert_eq!(win_probability(999_990.0, &hostile, certainty), 1.0, "a ceiling that is no number holds nothing");
    }

    #[test]
    fn wins_the_search_found_are_certain() {
        let certainty = Certainty::of((-48.0, 48.0), f64::INFINITY, false);
        assert_eq!(certainty.win_from, 48.0);
        assert_eq!(win_probability(48.0, &plain(4.8), certainty), 1.0);
        assert_eq!(win_probability(-50.0, &plain(4.8), certainty), 0.0);
        let chess = Certainty::of((-1e6, 1e6), 990_000.0, false);
        assert_eq!(win_probability(-999_990.0, &plain(270.0), chess), 0.0);
        assert_eq!(proven_probability(0.0), 0.5);
        // With chance turns an expected result short of the bounds is not a win.
        assert_eq!(Certainty::of((-1.0, 1.0), 0.5, true).win_from, 1.0);
    }

    /// EinStein's −1…+1: an expected result of +0.13 is a 56.5 % chance, one of −0.087 a 45.65 %: a loss of 0.217
    /// winning chances, the difference of the two values, not the 0.98 a logistic of s = 0.1 made of it.
    #[test]
    fn expected_results_are_winning_chances_already() {
        let certainty = Certainty::of((-1.0, 1.0), 0.5, true);
        let scale = WinScale::for_game("einstein", certainty, true);
        assert!(scale.expected);
        let (before, after) = (win_probability(0.13, &scale, certainty), win_probability(-0.087, &scale, certainty));
        assert!((before - 0.565).abs() < 1e-12 && (after - 0.4565).abs() < 1e-12, "{before} {after}");
        assert!((winning_chances(before) - winning_chances(after) - 0.217).abs() < 1e-12);
        assert_eq!(win_probability(1.0, &scale, certainty), 1.0);
        assert!(!WinScale::for_game("kalah", Certainty::of((-48.0, 48.0), 48.0, false), false).expected);
    }

    #[test]
    fn every_listed_scale_reads_and_is_positive() {
        let table: Vec<FittedScale> = ron::from_str(FITTED).expect("win_scales.ron reads");
        for entry in &table {
            assert!(entry.s > 0.0 && entry.s.is_finite(), "{}: s = {}", entry.game, entry.s);
            assert!(!entry.source.is_empty(), "{}", entry.game);
        }
    }
}
