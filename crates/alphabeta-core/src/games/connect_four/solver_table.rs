//! The table of Connect Four's exact solver (`solve`): eight entries to a 64-byte bucket, four times the positions per
//! MiB of the engine's [`TranspositionTable`](crate::engine::search::tt::TranspositionTable), for searches with no
//! depth limit whose values are small whole numbers.
//!
//! An entry is one 64-bit word: a 38-bit *check*, the number of stones on its board, a 12-bit generation, the bound
//! and the value (a whole number from −32 to 31). The table reads a hash back into the position's key (`current +
//! mask`, by the inverse of the hash's finaliser), on the standard 7 × 6 board a 49-bit number, and mixes that by a
//! bijection of 49 bits: the mix's high bits choose the bucket (multiply-shift), its low 38 bits are the check. With
//! at least 2¹¹ buckets (128 KiB) bucket and check together determine the key, so no entry is ever taken for another
//! position — Pons' solver keeps partial keys the same way, with a prime table size. A hash that is not a 7 × 6
//! position's is neither kept nor found.
//!
//! What is not kept: entries that are not final (searched to a depth limit), values that are not small whole
//! numbers, and moves. Such a store is dropped — a lost entry, which a search tolerates as it tolerates a replaced
//! one. A Connect Four solve stores nothing else; a table move does not change its node counts by 0.5 % (measured
//! with `solve --ordering hints` against `hash,hints`).
//!
//! Replacement: a position's new entry takes the place of its old one, else of an entry from before the last clear,
//! else of the entry with the most stones on its board (the oldest of those): a position with fewer stones stands
//! for a larger search, so it is the dearer to lose. Entries are kept newest first. Clearing draws the next
//! generation, so it takes no time; once in 4,095 clears the generations run out and the table is written to zero.
//!
//! Threads share it as it is (behind an `Arc`, see [`crate::engine::search::smp`]): an entry is one word, written and
//! read with relaxed atomics — on x86-64 the plain loads and stores one thread's table would use — so no reader can
//! see half an entry. Stores racing in one bucket can only lose an entry or keep a position twice, both harmless:
//! every entry a probe finds is one some thread stored whole, and a position's entries are all true.

use super::unspread;
use crate::engine::game::Value;
use crate::engine::search::observer::Bound;
use crate::engine::search::ranges::TABLE_MIB;
use crate::engine::search::tt::{Entry, FINAL_DEPTH, Table, check_available, huge_pages, prefetch_address};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// One cache line of entries.
#[derive(Debug, Default)]
#[repr(C, align(64))]
struct Bucket([AtomicU64; ENTRIES]);

const ENTRIES: usize = 8;
/// The bits of a standard board's key: seven columns of seven.
const KEY_BITS: u32 = 49;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
const CHECK_BITS: u32 = 38;
const STONES_BITS: u32 = 6;
const GENERATION_BITS: u32 = 12;
/// Bits 0–5 hold the value plus 32; bits 6–7 the bound; then the generation, the stones and the check on top.
const VALUE_BITS: u32 = 6;
const VALUE_OFFSET: i64 = 1 << (VALUE_BITS - 1);
const BOUND_SHIFT: u32 = VALUE_BITS;
const GENERATION_SHIFT: u32 = BOUND_SHIFT + 2;
const STONES_SHIFT: u32 = GENERATION_SHIFT + GENERATION_BITS;
const CHECK_SHIFT: u32 = STONES_SHIFT + STONES_BITS;
const LAST_GENERATION: u64 = (1 << GENERATION_BITS) - 1;

/// Where a position is kept: its bucket, and its tag — the word's bits above the generation (its check and its
/// stones), which with the generation tell its entry from the others in the bucket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    bucket: usize,
    tag: u64,
}

/// A solver's table of final entries with small whole values (see the module's doc).
#[derive(Debug)]
pub struct SolverTable {
    buckets: Vec<Bucket>,
    /// Entries of other generations are from before a clear: never matched, replaced first. Never 0, the
    /// generation of a zeroed word.
    generation: AtomicU64,
}

impl SolverTable {
    /// A table of (at most) `mib` MiB, held to [`TABLE_MIB`], or why the memory is not there (tried fallibly, and
    /// refused on Linux when larger than the memory available); at least one bucket.
    pub fn try_with_mib(mib: usize) -> Result<Self, String> {
        let count = Self::buckets_for_mib(mib);
        let bytes = count * size_of::<Bucket>();
        check_available(bytes)?;
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(count).map_err(|e| format!("{} MiB cannot be allocated: {e}", bytes >> 20))?;
        huge_pages::advise(&mut buckets);
        buckets.resize_with(count, Bucket::default);
        Ok(SolverTable { buckets, generation: AtomicU64::new(1) })
    }

    /// A table of exactly `buckets` buckets (at least one): small tables for tests.
    pub fn with_buckets(buckets: usize) -> Self {
        SolverTable { buckets: (0..buckets.max(1)).map(|_| Bucket::default()).collect(), generation: AtomicU64::new(1) }
    }

    /// The buckets of a table of `mib` MiB.
    pub fn buckets_for_mib(mib: usize) -> usize {
        ((mib.min(*TABLE_MIB.end()) << 20) / size_of::<Bucket>()).max(1)
    }

    /// How many positions the table can hold at once.
    pub fn entry_count(&self) -> usize {
        self.buckets.len() * ENTRIES
    }

    /// Forgets everything: no entry stored before can match a probe again. Meant for between searches: a search
    /// running meanwhile on another thread would only lose what it stored.
    pub fn clear(&self) {
        let mut generation = self.generation.load(Relaxed);
        if generation == LAST_GENERATION {
            self.buckets.iter().flat_map(|bucket| &bucket.0).for_each(|word| word.store(0, Relaxed));
            generation = 0;
        }
        self.generation.store(generation + 1, Relaxed);
    }

    /// Where a position's entry lives, or `None` for a hash no 7 × 6 position has.
    #[inline]
    fn place_of(&self, hash: u64) -> Option<Place> {
        let key = unspread(hash);
        (key <= KEY_MASK).then(|| self.place_of_position(key, stones_of(key)))
    }

    /// The entry for `hash`, if the table holds one.
    #[inline]
    fn probe_word(&self, hash: u64) -> Option<u64> {
        self.find(self.place_of(hash)?)
    }

    /// The word of this generation at `place`, if there is one.
    #[inline(always)]
    fn find(&self, place: Place) -> Option<u64> {
        let wanted = place.tag | self.generation.load(Relaxed);
        self.buckets[place.bucket]
            .0
            .iter()
            .map(|word| word.load(Relaxed))
            .find(|&word| word >> GENERATION_SHIFT == wanted)
    }

    /// Where the 7 × 6 position whose key is `key` (`current + mask`, what
    /// [`position_hash`](crate::engine::game::Game::position_hash) spreads into its hash), with `stones` stones, is
    /// kept: for a caller that has the key itself, and reads and writes the same position more than once.
    #[inline(always)]
    pub fn place_of_position(&self, key: u64, stones: u32) -> Place {
        let mixed = mix(key);
        let check = mixed & ((1 << CHECK_BITS) - 1);
        let tag = (check << CHECK_SHIFT | u64::from(stones) << STONES_SHIFT) >> GENERATION_SHIFT;
        Place { bucket: bucket_index(mixed, self.buckets.len()), tag }
    }

    /// The value and the bound kept at `place`: [`Table::probe`] by place.
    #[inline(always)]
    pub fn probe_at(&self, place: Place) -> Option<(i32, Bound)> {
        self.find(place).map(|word| (value_of(word), bound_of(word)))
    }

    /// Keeps the value (−32 to 31) and the bound of the position at `place`, as [`Table::store`] keeps a final
    /// entry.
    #[inline(always)]
    pub fn store_at(&self, place: Place, value: i32, bound: Bound) {
        debug_assert!((-VALUE_OFFSET..VALUE_OFFSET).contains(&i64::from(value)), "{value} does not fit");
        let generation = self.generation.load(Relaxed);
        self.keep(place, pack(generation, value, bound));
    }

    /// Starts the bucket at `place` on its way into the cache.
    #[inline(always)]
    pub fn prefetch_at(&self, place: Place) {
        prefetch_address(&self.buckets[place.bucket]);
    }

    /// Keeps the entry newest in its bucket (see [`SolverTable::keep`]), or drops it when the table keeps no such
    /// entry.
    #[inline]
    fn store_entry(&self, entry: &Entry<impl Copy>) {
        let Some(place) = self.place_of(entry.key) else { return };
        let Some(data) = pack_data(self.generation.load(Relaxed), entry) else { return };
        self.keep(place, data);
    }

    /// Keeps the entry at `place` whose low bits (value, bound, generation) are `data` newest in its bucket: in
    /// place of the position's older entry, else of one from before the last clear, else of the one with the most
    /// stones (the oldest of them); the entries in front of that place move back one.
    #[inline(always)]
    fn keep(&self, place: Place, data: u64) {
        let generation = self.generation.load(Relaxed);
        let bucket = &self.buckets[place.bucket].0;
        let words = bucket.each_ref().map(|word| word.load(Relaxed));
        let place_of_old = words
            .iter()
            .position(|&old| old >> GENERATION_SHIFT == place.tag | generation)
            .or_else(|| words.iter().position(|&old| !is_of(generation, old)))
            .unwrap_or_else(|| cheapest(&words));
        for i in (0..place_of_old).rev() {
            bucket[i + 1].store(words[i], Relaxed);
        }
        bucket[0].store(place.tag << GENERATION_SHIFT | data, Relaxed);
    }
}

/// A bijection of the 49-bit keys (an xor-shift, then an odd multiplier modulo 2⁴⁹), so that the high bits, which
/// choose the bucket, depend on every column.
#[inline]
fn mix(key: u64) -> u64 {
    (key ^ (key >> 23)).wrapping_mul(0x9E37_79B9_7F4A_7C15) & KEY_MASK
}

/// The bucket of a mixed key, by its high bits. Two mixed keys with the same check differ by a multiple of 2³⁸, so
/// with at least 2¹¹ buckets they fall in different ones.
#[inline]
fn bucket_index(mixed: u64, buckets: usize) -> usize {
    ((u128::from(mixed) * buckets as u128) >> KEY_BITS) as usize
}

/// The stones on the board of a 7 × 6 key: in each column of seven bits, the stones of the player to move plus a
/// run of ones as tall as the column, so the column's height is the place of the highest bit of its value plus one.
#[inline]
fn stones_of(key: u64) -> u32 {
    (0..7).map(|column| 63 - (((key >> (7 * column)) & 0x7f) + 1).leading_zeros()).sum()
}

/// The entry to give way in a full bucket: the one with the most stones, the oldest of them.
#[inline]
fn cheapest(words: &[u64; ENTRIES]) -> usize {
    let stones = |word: u64| (word >> STONES_SHIFT) & ((1 << STONES_BITS) - 1);
    (0..ENTRIES).max_by_key(|&i| (stones(words[i]), i)).unwrap_or(ENTRIES - 1)
}

/// Whether `word` was stored in `generation` (a zeroed word is of none).
#[inline]
fn is_of(generation: u64, word: u64) -> bool {
    (word >> GENERATION_SHIFT) & LAST_GENERATION == generation
}

/// The low bits of the word an entry is kept as in `generation` (value, bound, generation), or `None` for an entry
/// this table does not keep.
#[inline]
fn pack_data(generation: u64, entry: &Entry<impl Copy>) -> Option<u64> {
    let small_whole =
        entry.value.fract() == 0.0 && (-VALUE_OFFSET as Value..VALUE_OFFSET as Value).contains(&entry.value);
    if entry.depth != FINAL_DEPTH || !small_whole {
        return None;
    }
    Some(pack(generation, entry.value as i32, entry.bound))
}

/// The low bits of the word of a final entry with a small whole `value` in `generation`.
#[inline(always)]
fn pack(generation: u64, value: i32, bound: Bound) -> u64 {
    let value = (i64::from(value) + VALUE_OFFSET) as u64 & ((1 << VALUE_BITS) - 1);
    let bound = match bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    generation << GENERATION_SHIFT | bound << BOUND_SHIFT | value
}

#[inline(always)]
fn bound_of(word: u64) -> Bound {
    match (word >> BOUND_SHIFT) & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    }
}

#[inline(always)]
fn value_of(word: u64) -> i32 {
    ((word & ((1 << VALUE_BITS) - 1)) as i64 - VALUE_OFFSET) as i32
}

fn unpack<M>(key: u64, word: u64) -> Entry<M> {
    Entry { key, value: Value::from(value_of(word)), bound: bound_of(word), depth: FINAL_DEPTH, best_move: None }
}

/// A search uses the table through an `Arc`, whether it searches alone or threads share the table.
impl<M: Copy> Table<M> for Arc<SolverTable> {
    #[inline]
    fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.probe_word(key).map(|word| unpack(key, word))
    }

    #[inline]
    fn store(&mut self, entry: Entry<M>) {
        self.store_entry(&entry);
    }

    #[inline]
    fn prefetch(&self, key: u64) {
        if let Some(place) = self.place_of(key) {
            self.prefetch_at(place);
        }
    }

    fn clear(&mut self) {
        SolverTable::clear(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Game;
    use crate::games::connect_four::{ConnectFour, spread};

    fn entry(key: u64, value: Value, bound: Bound) -> Entry<u8> {
        Entry { key: spread(key), value, bound, depth: FINAL_DEPTH, best_move: None }
    }

    fn probe(table: &Arc<SolverTable>, key: u64) -> Option<Entry<u8>> {
        Table::<u8>::probe(table, spread(key))
    }

    fn store(table: &mut Arc<SolverTable>, entry: Entry<u8>) {
        Table::<u8>::store(table, entry);
    }

    /// A key with `stones` in the first column, told apart by `colouring` (which of them are the mover's).
    fn key_with(stones: u32, colouring: u64) -> u64 {
        (1 << stones) - 1 + colouring
    }

    #[test]
    fn keeps_final_small_whole_values_with_their_bounds() {
        let mut table = Arc::new(SolverTable::with_buckets(4));
        for (key, value, bound) in [(1, -32.0, Bound::Lower), (2, 31.0, Bound::Upper), (3, 0.0, Bound::Exact)] {
            store(&mut table, entry(key, value, bound));
            assert_eq!(probe(&table, key), Some(entry(key, value, bound)));
        }
        assert_eq!(probe(&table, 4), None);
    }

    #[test]
    fn drops_what_it_cannot_keep_exactly() {
        let mut table = Arc::new(SolverTable::with_buckets(4));
        for value in [32.0, -33.0, 0.5, Value::INFINITY, Value::NAN] {
            store(&mut table, entry(7, value, Bound::Exact));
            assert_eq!(probe(&table, 7), None, "{value}");
        }
        store(&mut table, Entry { depth: 12, ..entry(7, 1.0, Bound::Exact) });
        assert_eq!(probe(&table, 7), None, "a depth-limited entry");
        store(&mut table, entry(1 << 60, 1.0, Bound::Exact));
        assert_eq!(probe(&table, 1 << 60), None, "a hash no 7 × 6 position has");
    }

    #[test]
    fn counts_the_stones_of_a_position_from_its_hash() {
        let samples = (0..10_000u64).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i);
        assert!(samples.clone().all(|x| unspread(spread(x)) == x && spread(unspread(x)) == x), "inverses");
        for (moves, stones) in [("", 0), ("4", 1), ("4453", 4), ("1111112222223333334", 19)] {
            let position = ConnectFour::from_moves(moves).expect("legal");
            assert_eq!(stones_of(unspread(position.position_hash())), stones, "{moves:?}");
        }
    }

    #[test]
    fn a_full_bucket_gives_way_where_the_most_stones_are_the_oldest_first() {
        let mut table = Arc::new(SolverTable::with_buckets(1));
        let keys = [(3, 0), (1, 0), (5, 0), (2, 0), (5, 1), (0, 0), (4, 0), (1, 1)].map(|(s, c)| key_with(s, c));
        for key in keys {
            store(&mut table, entry(key, 1.0, Bound::Exact));
        }
        store(&mut table, entry(key_with(2, 1), 1.0, Bound::Exact));
        let kept = |table: &Arc<SolverTable>| keys.map(|key| probe(table, key).is_some());
        assert_eq!(kept(&table), [true, true, false, true, true, true, true, true], "the older of the two fives went");
        store(&mut table, entry(keys[1], -1.0, Bound::Upper));
        assert_eq!(probe(&table, keys[1]).map(|e| e.value), Some(-1.0), "updated in place, not doubled");
        store(&mut table, entry(key_with(3, 1), 1.0, Bound::Exact));
        assert_eq!(kept(&table), [true, true, false, true, false, true, true, true], "then the other five");
        assert!(probe(&table, key_with(2, 1)).is_some() && probe(&table, key_with(3, 1)).is_some());
    }

    #[test]
    fn a_clear_forgets_and_frees_every_place_even_when_the_generations_run_out() {
        let mut table = Arc::new(SolverTable::with_buckets(1));
        for clears in 0..2 * LAST_GENERATION {
            store(&mut table, entry(clears, 1.0, Bound::Exact));
            SolverTable::clear(&table);
            assert_eq!(probe(&table, clears), None, "after clear {clears}");
        }
        for key in 0..8 {
            store(&mut table, entry(1000 + key, 2.0, Bound::Lower));
        }
        assert!((0..8).all(|key| probe(&table, 1000 + key).is_some()), "entries of old generations gave way first");
    }

    /// Exactness: keys whose mixes share the check differ by multiples of 2³⁸, and from 2¹¹ buckets on each falls in
    /// a bucket of its own, so bucket and check together name one key.
    #[test]
    fn keys_sharing_a_check_fall_in_different_buckets() {
        for buckets in [1 << 11, 1 << 14, (1 << 20) + 12_345] {
            for low in [0, 12_345_678_901, (1 << CHECK_BITS) - 1] {
                let indices: std::collections::HashSet<usize> = (0..1u64 << (KEY_BITS - CHECK_BITS))
                    .map(|k| bucket_index(low + (k << CHECK_BITS), buckets))
                    .collect();
                assert_eq!(indices.len(), 1 << (KEY_BITS - CHECK_BITS), "{buckets} buckets");
            }
        }
        assert!((0..100_000u64).all(|key| bucket_index(mix(key), 1 << 20) < 1 << 20 && mix(key) <= KEY_MASK));
    }

    /// Threads storing and probing positions of one bucket as fast as they can never read an entry that
    /// no thread stored whole: each key's value and bound follow from the key, so a mixed entry would show.
    #[test]
    fn racing_threads_read_only_entries_stored_whole() {
        let table = Arc::new(SolverTable::with_buckets(1));
        let derived = |key: u64| {
            let bound = [Bound::Exact, Bound::Lower, Bound::Upper][(key % 3) as usize];
            entry(key, (key % 64) as Value - 32.0, bound)
        };
        let keys: Vec<u64> = (1..=24u64).map(|k| k.wrapping_mul(0x9E37_79B9) & KEY_MASK).collect();
        let hits: usize = std::thread::scope(|scope| {
            for _ in 0..2 {
                let (mut view, keys) = (Arc::clone(&table), &keys);
                scope.spawn(move || {
                    for round in 0..20_000 {
                        Table::<u8>::store(&mut view, derived(keys[round % keys.len()]));
                    }
                });
            }
            let readers: Vec<_> = (0..2)
                .map(|_| {
                    let (view, keys) = (Arc::clone(&table), &keys);
                    scope.spawn(move || {
                        let mut hits = 0;
                        for round in 0..20_000 {
                            let key = keys[round % keys.len()];
                            if let Some(found) = probe(&view, key) {
                                assert_eq!(found, derived(key), "a torn or foreign entry");
                                hits += 1;
                            }
                        }
                        hits
                    })
                })
                .collect();
            readers.into_iter().map(|r| r.join().expect("reader")).sum()
        });
        assert!(hits > 0, "the readers found entries");
    }

    #[test]
    fn sixty_four_mib_hold_eight_million_positions() {
        assert_eq!(SolverTable::buckets_for_mib(64), 1 << 20);
        assert_eq!(SolverTable::try_with_mib(64).map(|t| t.entry_count()), Ok(8 << 20));
    }
}
