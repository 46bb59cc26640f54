//! The arithmetic of a match result: score, Elo difference with its 95 % interval, likelihood of superiority, and
//! the sequential probability ratio test (SPRT) that stops a match once it is decided. Plain functions of the
//! counts, each tested against known values.
//!
//! - Elo difference of a score s: −400 log₁₀(1/s − 1) (Elo's logistic model).
//! - Its 95 % interval: s ± 1.96 standard errors, the per-game variance of the score taken from the games played
//!   (wins count 1, draws ½, losses 0), each end turned into Elo.
//! - Likelihood of superiority (LOS): ½ (1 + erf((W − L) / √(2 (W + L)))), draws carrying no information.
//! - SPRT as OpenBench and Cute Chess compute it: the hypotheses elo0 and elo1 are BayesElo differences (Rémi
//!   Coulom's model with a draw Elo estimated from the games so far), and the log-likelihood ratio of the
//!   trinomial counts is compared with ln(β/(1−α)) and ln((1−β)/α).

/// Wins, draws and losses of one player (player A in a match).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

/// The 97.5th percentile of the standard normal distribution: a 95 % two-sided interval.
const Z_95: f64 = 1.959_963_984_540_054;

impl Counts {
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Points per game, 0–1 (`None` before any game).
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (self.wins as f64 + self.draws as f64 / 2.0) / n as f64)
    }

    /// The Elo difference the score implies (infinite for a clean sweep either way).
    pub fn elo(&self) -> Option<f64> {
        self.score().map(elo_of_score)
    }

    /// The 95 % interval of the Elo difference, (low, high); `None` before two games.
    pub fn elo_interval(&self) -> Option<(f64, f64)> {
        let n = self.games() as f64;
        let s = self.score()?;
        if n < 2.0 {
            return None;
        }
        let (w, d, l) = (self.wins as f64 / n, self.draws as f64 / n, self.losses as f64 / n);
        let variance = w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * (0.0 - s).powi(2);
        let margin = Z_95 * (variance / n).sqrt();
        Some((elo_of_score(s - margin), elo_of_score(s + margin)))
    }

    /// The likelihood that player A is the stronger, 0–1 (`None` when every game was drawn).
    pub fn los(&self) -> Option<f64> {
        let decisive = (self.wins + self.losses) as f64;
        (decisive > 0.0).then(|| 0.5 * (1.0 + erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt())))
    }
}

/// −400 log₁₀(1/s − 1), ±∞ at the ends.
pub fn elo_of_score(score: f64) -> f64 {
    let s = score.clamp(0.0, 1.0);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The error function, by Abramowitz and Stegun's formula 7.1.26 (absolute error below 1.5 × 10⁻⁷, plenty for a
/// percentage).
pub fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly =
        t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 { -y } else { y }
}

/// An SPRT's hypotheses (BayesElo) and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What the SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// H1 accepted: A is at least elo1 stronger.
    H1,
    /// H0 accepted: A is at most elo0 stronger.
    H0,
    Continue,
}

impl Sprt {
    /// `elo0,elo1` with α = β = 0.05.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let bad = || format!("--sprt '{text}': expected two Elo figures, elo0,elo1 with elo0 < elo1");
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let (elo0, elo1): (f64, f64) = (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(bad());
        }
        Ok(Sprt { elo0, elo1, alpha: 0.05, beta: 0.05 })
    }

    /// The (lower, upper) bounds of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio of H1 against H0 for these counts; 0 until there is a win, a draw and a loss (the
    /// draw Elo cannot be estimated before).
    pub fn llr(&self, counts: &Counts) -> f64 {
        let Counts { wins, draws, losses } = *counts;
        if wins == 0 || draws == 0 || losses == 0 {
            return 0.0;
        }
        let n = counts.games() as f64;
        let (w, l) = (wins as f64 / n, losses as f64 / n);
        let draw_elo = 200.0 * ((1.0 - l) / l * (1.0 - w) / w).log10();
        let probabilities = |elo: f64| {
            let win = logistic(elo - draw_elo);
            let loss = logistic(-elo - draw_elo);
            (win, 1.0 - win - loss, loss)
        };
        let (p0, p1) = (probabilities(self.elo0), probabilities(self.elo1));
        wins as f64 * (p1.0 / p0.0).ln() + draws as f64 * (p1.1 / p0.1).ln() + losses as f64 * (p1.2 / p0.2).ln()
    }

    pub fn verdict(&self, counts: &Counts) -> Verdict {
        let llr = self.llr(counts);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

/// The expected score at an Elo advantage of `elo`.
fn logistic(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(wins: u64, draws: u64, losses: u64) -> Counts {
        Counts { wins, draws, losses }
    }

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn elo_of_known_scores() {
        assert!(close(elo_of_score(0.75), 190.848, 0.001), "{}", elo_of_score(0.75));
        assert!(close(elo_of_score(0.5), 0.0, 1e-12));
        assert!(close(elo_of_score(0.25), -190.848, 0.001));
        assert!(close(elo_of_score(10.0 / 11.0), 400.0, 1e-9), "10:1 odds is 400 Elo");
        assert_eq!(elo_of_score(1.0), f64::INFINITY);
        assert_eq!(elo_of_score(0.0), f64::NEG_INFINITY);
        assert_eq!(counts(60, 20, 20).score(), Some(0.7));
        assert_eq!(Counts::default().score(), None);
    }

    #[test]
    fn the_interval_of_a_known_result() {
        // 30 wins, 40 draws, 30 losses: score ½, per-game variance 0.15, standard error √0.0015 = 0.03873.
        let (low, high) = counts(30, 40, 30).elo_interval().expect("games");
        let margin = elo_of_score(0.5 + Z_95 * 0.0015f64.sqrt());
        assert!(close(high, margin, 1e-9) && close(low, -margin, 1e-9), "{low} {high}");
        assert!(close(margin, 53.16, 0.01), "{margin}");
        assert_eq!(counts(1, 0, 0).elo_interval(), None);
    }

    #[test]
    fn likelihood_of_superiority() {
        // 60 wins, 40 losses: ½ (1 + erf(20 / √200)) = ½ (1 + erf(√2)) = 0.97725 (Φ(2)).
        let los = counts(60, 17, 40).los().expect("decisive games");
        assert!(close(los, 0.977_250, 1e-6), "{los}");
        assert!(close(counts(5, 0, 5).los().expect("decisive"), 0.5, 1e-9));
        assert_eq!(counts(0, 9, 0).los(), None);
        assert!(close(erf(1.0), 0.842_700_79, 2e-7) && close(erf(-0.5), -0.520_499_88, 2e-7));
    }

    #[test]
    fn sprt_matches_a_published_example() {
        // jw1912/SPRT's README, OpenBench's method: 4307 wins, 4063 losses, 8620 draws, [0, 3] → LLR 2.47.
        let sprt = Sprt::parse("0,3").expect("valid");
        let result = counts(4307, 8620, 4063);
        assert!(close(sprt.llr(&result), 2.4673, 0.0005), "{}", sprt.llr(&result));
        assert_eq!(sprt.verdict(&result), Verdict::Continue);
        let (lower, upper) = sprt.bounds();
        assert!(close(lower, -2.944, 0.001) && close(upper, 2.944, 0.001));
        assert_eq!(Sprt::parse("0,10").expect("valid").verdict(&counts(300, 100, 100)), Verdict::H1);
        assert_eq!(Sprt::parse("0,10").expect("valid").verdict(&counts(100, 100, 300)), Verdict::H0);
        assert_eq!(sprt.llr(&counts(10, 0, 3)), 0.0, "no draw yet: no draw Elo");
        for bad in ["", "5", "5,0", "a,b", "0,inf", "1,1"] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }
}
