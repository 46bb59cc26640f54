//! The race each side runs to its corner, with the opponent left out: how many of its own turns a side needs to
//! bring a stone home if every die roll moves the stone it allows that brings the finish soonest. Each stone stands
//! 0–4 steps from the corner (a step may be diagonal, so the distance is the larger of the row and column
//! distances) or is gone; that makes 6⁶ = 46,656 races per side, whose chances of finishing on each turn are worked
//! out once (a few milliseconds) and looked up by the evaluation.
//!
//! The model leaves out captures, which the search sees: what it gives the evaluation is what the plain distances
//! miss — that a lone stone moves on every roll, and that a side whose dice scatter over many stones is slow.

use super::movable_bits;
use std::sync::OnceLock;

/// The distance that stands for a stone no longer on the board.
pub const NO_STONE: u8 = 5;

/// The most turns a race can take: six stones four steps out can take three steps each before one arrives.
const LONGEST: usize = 19;

/// Where each number 1–6 stands: the distance from the corner, or [`NO_STONE`] (index 0 unused).
pub type Distances = [u8; 7];

/// For each race, the chance that its first stone arrives on the side's `t`-th turn from now, `t` = 0 …
/// [`LONGEST`] (`t` = 0 when a stone is already home; all zero when no stone is left).
type Arrival = [f32; LONGEST + 1];

fn index(distances: &Distances) -> usize {
    distances[1..].iter().rev().fold(0, |index, &d| index * 6 + usize::from(d))
}

fn table() -> &'static [Arrival] {
    static TABLE: OnceLock<Vec<Arrival>> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// Every race's arrival chances, shortest races first so that each one's successors (one step less) are known.
fn build() -> Vec<Arrival> {
    let mut order: Vec<Distances> = (0..6usize.pow(6))
        .map(|mut i| {
            let mut d = [NO_STONE; 7];
            for slot in d.iter_mut().skip(1) {
                *slot = (i % 6) as u8;
                i /= 6;
            }
            d
        })
        .collect();
    let steps = |d: &Distances| d[1..].iter().filter(|&&x| x != NO_STONE).map(|&x| u32::from(x)).sum::<u32>();
    order.sort_by_key(steps);
    let mut arrival = vec![[0.0f32; LONGEST + 1]; order.len()];
    let mut expected = vec![f32::INFINITY; order.len()];
    for d in order {
        let here = index(&d);
        let on_board = (1..=6u8).filter(|&n| d[n as usize] != NO_STONE).fold(0u8, |bits, n| bits | 1 << n);
        if on_board == 0 {
            continue;
        }
        if d[1..].contains(&0) {
            arrival[here][0] = 1.0;
            expected[here] = 0.0;
            continue;
        }
        let mut chances = [0.0f32; LONGEST + 1];
        for face in 1..=6u8 {
            let movable = movable_bits(on_board, face);
            let next = (1..=6u8)
                .filter(|&n| movable & 1 << n != 0)
                .map(|n| {
                    let mut after = d;
                    after[n as usize] -= 1;
                    index(&after)
                })
                .min_by(|&a, &b| expected[a].total_cmp(&expected[b]))
                .expect("a face always moves a stone that is on the board");
            for t in 1..=LONGEST {
                chances[t] += arrival[next][t - 1] / 6.0;
            }
        }
        expected[here] = chances.iter().enumerate().map(|(t, p)| t as f32 * p).sum();
        arrival[here] = chances;
    }
    arrival
}

/// The chance that the side about to roll (`mover`) brings a stone home before the other side does, each running
/// its race alone: the mover arriving on its `t`-th turn wins if the other has not arrived in its first `t − 1`.
pub fn mover_wins(mover: &Distances, other: &Distances) -> f64 {
    let (mine, theirs) = (&table()[index(mover)], &table()[index(other)]);
    let mut other_not_yet = 1.0f64;
    let mut wins = 0.0f64;
    for t in 0..=LONGEST {
        wins += f64::from(mine[t]) * other_not_yet;
        other_not_yet -= f64::from(theirs[t]);
    }
    wins.clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn race(stones: &[(usize, u8)]) -> Distances {
        let mut d = [NO_STONE; 7];
        for &(n, distance) in stones {
            d[n] = distance;
        }
        d
    }

    #[test]
    fn a_lone_stone_arrives_in_as_many_turns_as_it_has_steps() {
        let arrival = &table()[index(&race(&[(3, 4)]))];
        assert_eq!(arrival[4], 1.0);
        assert!(arrival.iter().enumerate().all(|(t, &p)| t == 4 || p == 0.0));
    }

    #[test]
    fn every_race_with_a_stone_arrives_within_the_longest() {
        for (i, arrival) in table().iter().enumerate() {
            let total: f32 = arrival.iter().sum();
            assert!(total == 0.0 || (total - 1.0).abs() < 1e-4, "race {i}: {total}");
        }
        let empty = race(&[]);
        assert_eq!(table()[index(&empty)].iter().sum::<f32>(), 0.0);
    }

    #[test]
    fn two_stones_one_step_out_arrive_on_the_first_turn_whatever_the_die() {
        // Stones 1 and 6: faces 2–5 let either move; face 1 moves 1 and face 6 moves 6.
        let arrival = &table()[index(&race(&[(1, 1), (6, 1)]))];
        assert_eq!(arrival[1], 1.0);
    }

    #[test]
    fn a_stone_moved_by_one_face_in_six_is_slower_than_a_lone_one() {
        // Stone 1 one step out and stone 2 far: only a roll of 1 moves stone 1; the others move stone 2.
        let split = &table()[index(&race(&[(1, 1), (2, 4)]))];
        assert!((split[1] - 1.0 / 6.0).abs() < 1e-6, "{}", split[1]);
    }

    #[test]
    fn the_mover_of_two_equal_lone_stones_wins_and_a_race_against_nobody_is_won() {
        let one = race(&[(1, 2)]);
        assert_eq!(mover_wins(&one, &one), 1.0);
        assert_eq!(mover_wins(&race(&[(1, 3)]), &race(&[(2, 2)])), 0.0);
        assert_eq!(mover_wins(&one, &race(&[])), 1.0);
    }
}
