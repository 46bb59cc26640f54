//! The values every search setting may take — one definition, used by the window's controls and by every check of
//! a setting read from a file (a game file's AI defaults, a session's players) or from the command line. A value
//! outside its range is refused with the field named, so no file can ask for a table the machine cannot allocate
//! or a search that never ends.

use std::ops::RangeInclusive;

/// Depth limits, in plies.
pub const DEPTH_PLIES: RangeInclusive<u32> = 1..=64;
/// Time limits per move, in milliseconds (10 ms to 10 minutes).
pub const TIME_MS: RangeInclusive<u64> = 10..=600_000;
/// Node limits.
pub const NODES: RangeInclusive<u64> = 1_000..=u64::MAX;
/// Transposition-table sizes, in MiB.
pub const TABLE_MIB: RangeInclusive<usize> = 1..=4096;
/// Search threads (Lazy SMP): more than any desktop has cores; each thread beyond the first costs a copy of the
/// position and a few KiB.
pub const THREADS: RangeInclusive<usize> = 1..=256;
/// How far below the best a deliberately weaker move may score, in the game's evaluation units.
pub const MISTAKE_MARGIN: RangeInclusive<f64> = 0.0..=1000.0;
/// Half-widths of an aspiration window, in the game's evaluation units.
pub const ASPIRATION: RangeInclusive<f64> = 0.0..=1.0e9;

/// The most nodes one search of an explicit tree may visit, in the Tree lab and in the `tree` command: far more
/// than any tree a person draws needs (a million-leaf tree takes a few million), and few enough to end in seconds
/// when MTD(f) makes one pass per value on a long line of ascending leaves (n passes of n leaves).
pub const TREE_SEARCH_NODES: u64 = 200_000_000;

/// `value` if it lies in `range`, else a message naming `field`, the value and the range.
pub fn check<T: PartialOrd + std::fmt::Display>(field: &str, value: T, range: &RangeInclusive<T>) -> Result<T, String> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(format!("{field} is {value}, outside {}..={}", range.start(), range.end()))
    }
}
