//! How far apart the weakest and the strongest Pig players can be: Pig solved by value iteration (as Neller and
//! Presser solved Pig to 100, 2004), then perfect play and a few fixed strategies scored against a random mover and
//! against perfect play, exactly, each game played from both sides.
//!
//! ```sh
//! cargo run --release --example pig_span            # Pig to 30, the studio's games/pig.lua
//! cargo run --release --example pig_span -- 100     # the classic goal (a minute or two)
//! ```
//!
//! Why: the level ladder wants each of ten levels to score 55 % against the one below, 35 Elo a step,
//! 315 in all. In Pig to 30 perfect play scores 77.6 % against a random mover (216 Elo), and no player scores more
//! than 82.8 % against it (273): ten levels cannot climb from a random mover. They climb from the timid player who
//! banks every roll, which perfect play beats 90.4 % of the time (390 Elo): Pig's level 1 (`games/pig.lua`).

/// A state from the mover's side: its banked score, the other's, and the turn's total so far.
type Policy = fn(&Pig, usize, usize, usize) -> f64;

struct Pig {
    goal: usize,
    /// The mover's chance of winning under perfect play by both, per state.
    perfect: Vec<f64>,
}

impl Pig {
    fn index(&self, mine: usize, theirs: usize, total: usize) -> usize {
        (mine * self.goal + theirs) * self.goal + total
    }

    fn states(&self) -> impl Iterator<Item = (usize, usize, usize)> + use<> {
        let goal = self.goal;
        (0..goal).flat_map(move |i| (0..goal).flat_map(move |j| (0..goal - i).map(move |k| (i, j, k))))
    }

    /// The mover's chance of winning from a state, in `table`, with the finished states filled in.
    fn value(&self, table: &[f64], mine: usize, theirs: usize, total: usize) -> f64 {
        if mine + total >= self.goal {
            1.0
        } else if theirs >= self.goal {
            0.0
        } else {
            table[self.index(mine, theirs, total)]
        }
    }

    /// Rolling's and holding's worth to the mover in `table` (holding is worth −1 before the first roll).
    fn choices(&self, table: &[f64], mine: usize, theirs: usize, total: usize) -> (f64, f64) {
        let roll = (1.0 - self.value(table, theirs, mine, 0)) / 6.0
            + (2..=6).map(|face| self.value(table, mine, theirs, total + face)).sum::<f64>() / 6.0;
        let hold = if total > 0 { 1.0 - self.value(table, theirs, mine + total, 0) } else { -1.0 };
        (roll, hold)
    }

    fn solve(goal: usize) -> Pig {
        let mut pig = Pig { goal, perfect: vec![0.5; goal * goal * goal] };
        let mut table = std::mem::take(&mut pig.perfect);
        loop {
            let mut change = 0.0f64;
            for (i, j, k) in pig.states() {
                let (roll, hold) = pig.choices(&table, i, j, k);
                let slot = &mut table[pig.index(i, j, k)];
                change = change.max((roll.max(hold) - *slot).abs());
                *slot = roll.max(hold);
            }
            if change < 1e-12 {
                break;
            }
        }
        pig.perfect = table;
        pig
    }

    /// The chance that `first`, moving first, beats `second`: both players iterated together to a fixed point.
    /// `table[0]`: `first` to move; `table[1]`: `second` to move; values are `first`'s chance, states from the
    /// mover's side.
    fn duel(&self, first: Player, second: Player) -> f64 {
        let size = self.goal * self.goal * self.goal;
        let mut table = [vec![0.5; size], vec![0.5; size]];
        let goal = self.goal;
        let value = |table: &[Vec<f64>; 2], who: usize, mine: usize, theirs: usize, total: usize| {
            let first_moves = who == 0;
            if mine + total >= goal {
                if first_moves { 1.0 } else { 0.0 }
            } else if theirs >= goal {
                if first_moves { 0.0 } else { 1.0 }
            } else {
                table[who][self.index(mine, theirs, total)]
            }
        };
        loop {
            let mut change = 0.0f64;
            for who in 0..2 {
                let player = if who == 0 { first } else { second };
                for (i, j, k) in self.states() {
                    let roll = value(&table, 1 - who, j, i, 0) / 6.0
                        + (2..=6).map(|face| value(&table, who, i, j, k + face)).sum::<f64>() / 6.0;
                    let hold = value(&table, 1 - who, j, i + k, 0);
                    let new = match player {
                        Player::Fixed(policy) => {
                            let p = policy(self, i, j, k);
                            p * roll + (1.0 - p) * hold
                        }
                        Player::BestReply if k == 0 => roll,
                        Player::BestReply if who == 0 => roll.max(hold),
                        Player::BestReply => roll.min(hold),
                    };
                    let slot = &mut table[who][self.index(i, j, k)];
                    change = change.max((new - *slot).abs());
                    *slot = new;
                }
            }
            if change < 1e-12 {
                return table[0][self.index(0, 0, 0)];
            }
        }
    }

    /// `a`'s score against `b`, one game from each side.
    fn score(&self, a: Player, b: Player) -> f64 {
        (self.duel(a, b) + 1.0 - self.duel(b, a)) / 2.0
    }
}

/// A policy (each state's chance of rolling), or the best reply to the other player's.
#[derive(Clone, Copy)]
enum Player {
    Fixed(Policy),
    BestReply,
}

fn perfect(pig: &Pig, i: usize, j: usize, k: usize) -> f64 {
    let (roll, hold) = pig.choices(&pig.perfect, i, j, k);
    if roll >= hold { 1.0 } else { 0.0 }
}

/// What level 1 plays (a margin far above any difference of scores): roll or hold, even odds.
fn random(_: &Pig, _: usize, _: usize, k: usize) -> f64 {
    if k == 0 { 1.0 } else { 0.5 }
}

fn elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

fn main() {
    let goal: usize =
        std::env::args().nth(1).and_then(|a| a.parse().ok()).filter(|&g| (2..=200).contains(&g)).unwrap_or(30);
    let pig = Pig::solve(goal);
    println!("Pig to {goal}: the first player's chance under perfect play {:.4}", pig.perfect[0]);
    let (perfect, random) = (Player::Fixed(perfect), Player::Fixed(random));
    let s = pig.score(perfect, random);
    println!("perfect play v a random mover: {:.2} % ({:+.0} Elo)", 100.0 * s, elo(s));
    let s = pig.score(Player::BestReply, random);
    println!("the best reply to a random mover: {:.2} % ({:+.0} Elo), the most any player scores", 100.0 * s, elo(s));
    macro_rules! hold_at {
        ($($n:literal),*) => {$({
            fn policy(_: &Pig, _: usize, _: usize, k: usize) -> f64 { if k < $n { 1.0 } else { 0.0 } }
            let policy = Player::Fixed(policy);
            let (against_random, against_perfect) = (pig.score(policy, random), pig.score(policy, perfect));
            println!(
                "hold at {:>2}: v random {:.2} % ({:+.0}), v perfect {:.2} % ({:+.0})",
                $n, 100.0 * against_random, elo(against_random), 100.0 * against_perfect, elo(against_perfect)
            );
        })*};
    }
    hold_at!(1, 3, 5, 8, 10, 15, 20, 25);
}
