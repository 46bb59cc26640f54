//! A level played directly against Stockfish 15.1 at several `UCI_Elo` settings, at the level's own node budget
//! (`bench/anchor.sh`), and the one rating that fits all those games.
//!
//! The ladder places every level by summing self-play steps from one anchored level, and steps measured between
//! neighbours overstate the gaps an outside opponent sees (level 6 by the ladder: 1452; played directly: 1836). A
//! direct anchor needs no sum: the level's rating `R` is the one at which its expected points against the settings
//! it met equal the points it scored (the maximum-likelihood estimate of the logistic Elo model), and the 95 %
//! interval comes from the model's Fisher information at `R`.

use super::{Run, Step};

/// A level's direct matches against Stockfish.
#[derive(Clone, Debug, PartialEq)]
pub struct DirectAnchor {
    /// The level that played.
    pub level: u8,
    /// The nodes each side searched a move (the level's budget; Stockfish heard `go nodes N`).
    pub nodes: u64,
    /// One match per `UCI_Elo` setting: the setting and the level's wins, draws and losses.
    pub matches: Vec<(i32, Step)>,
    /// How the matches were played.
    pub run: Run,
}

/// A fitted rating with its 95 % interval, on Stockfish's `UCI_Elo` scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The maximum-likelihood rating.
    pub elo: f64,
    /// The lower end of the 95 % interval.
    pub low: f64,
    /// The upper end of the 95 % interval.
    pub high: f64,
}

/// Elo's expected score of a player rated `rating` against one rated `opponent`.
fn expected(rating: f64, opponent: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((opponent - rating) / 400.0))
}

impl DirectAnchor {
    /// The games played in all the matches.
    pub fn games(&self) -> u32 {
        self.matches.iter().map(|(_, step)| step.games()).sum()
    }

    /// The rating that fits every match at once, or `None` when the level won or lost every game (the estimate is
    /// then infinite) or played none. The expected points fall steadily as the rating falls, so bisection finds the
    /// one root between −1000 and 5000.
    pub fn rating(&self) -> Option<Rating> {
        let points: f64 = self.matches.iter().map(|(_, step)| step.score() * f64::from(step.games())).sum();
        let games = f64::from(self.games());
        if games == 0.0 || points <= 0.0 || points >= games {
            return None;
        }
        let surplus = |rating: f64| {
            points
                - self
                    .matches
                    .iter()
                    .map(|&(elo, step)| f64::from(step.games()) * expected(rating, f64::from(elo)))
                    .sum::<f64>()
        };
        let (mut low, mut high) = (-1000.0, 5000.0);
        for _ in 0..60 {
            let middle = (low + high) / 2.0;
            if surplus(middle) > 0.0 { low = middle } else { high = middle }
        }
        let elo = (low + high) / 2.0;
        // Fisher information of the logistic model at `elo`: games × p(1 − p) × (ln 10 / 400)².
        let slope = std::f64::consts::LN_10 / 400.0;
        let information: f64 = self
            .matches
            .iter()
            .map(|&(opponent, step)| {
                let p = expected(elo, f64::from(opponent));
                f64::from(step.games()) * p * (1.0 - p) * slope * slope
            })
            .sum();
        let half = 1.96 / information.sqrt();
        Some(Rating { elo, low: elo - half, high: elo + half })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn anchor(matches: Vec<(i32, Step)>) -> DirectAnchor {
        DirectAnchor { level: 6, nodes: 46_416, matches, run: Run::default() }
    }

    /// Level 6's three matches (docs/strength.md): the fit and its interval as an independent computation (Python,
    /// bisection on the same score equation and the Fisher information) gave them: 1835.85 ± 48.42.
    #[test]
    fn level_sixs_matches_fit_the_published_rating() {
        let level_six = anchor(vec![(1350, Step(96, 1, 3)), (1700, Step(68, 2, 30)), (1950, Step(30, 3, 67))]);
        let rating = level_six.rating().expect("a rating");
        assert!((rating.elo - 1835.85).abs() < 0.01, "{rating:?}");
        assert!((rating.high - rating.elo - 48.42).abs() < 0.01, "{rating:?}");
        assert_eq!(level_six.games(), 300);
    }

    /// One match at an even score puts the level at the opponent's rating; 75 % puts it 190.85 above (Elo's
    /// table), whatever the number of games, which only narrows the interval.
    #[test]
    fn one_match_gives_elos_own_difference() {
        let even = anchor(vec![(2000, Step(10, 20, 10))]).rating().expect("a rating");
        assert!((even.elo - 2000.0).abs() < 1e-6, "{even:?}");
        let small = anchor(vec![(2000, Step(30, 0, 10))]).rating().expect("a rating");
        let large = anchor(vec![(2000, Step(300, 0, 100))]).rating().expect("a rating");
        assert!((small.elo - 2190.85).abs() < 0.01 && (large.elo - 2190.85).abs() < 0.01);
        assert!(large.high - large.low < (small.high - small.low) / 3.0);
    }

    #[test]
    fn a_clean_sweep_or_no_games_has_no_rating() {
        assert_eq!(anchor(vec![(2000, Step(10, 0, 0))]).rating(), None);
        assert_eq!(anchor(vec![(2000, Step(0, 0, 10))]).rating(), None);
        assert_eq!(anchor(vec![]).rating(), None);
    }
}
