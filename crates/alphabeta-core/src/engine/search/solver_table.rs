//! The table of an exact solver: eight entries to a 64-byte bucket, four times the positions per MiB of
//! [`TranspositionTable`](super::tt::TranspositionTable), for searches with no depth limit whose values are small
//! whole numbers — Connect Four's scores, as `solve` computes them.
//!
//! An entry is one 64-bit word: the low 44 bits of the position's hash (its *check*), a 12-bit generation, the
//! bound and the value (a whole number from −32 to 31). The bucket is chosen by the hash's high bits
//! (multiply-shift); with at least 2²⁰ buckets (64 MiB) a bucket's hashes differ in their low 44 bits, so bucket and
//! check together are the whole hash and no entry is ever taken for another position. (Smaller tables take a
//! 2⁻⁴¹ risk per probe.) Pons' solver keeps partial keys the same way.
//!
//! What is not kept: entries that are not final (searched to a depth limit), values that are not small whole
//! numbers, and moves. Such a store is dropped — a lost entry, which a search tolerates as it tolerates a replaced
//! one. A Connect Four solve stores nothing else; a table move does not change its node counts by 0.5 % (measured
//! with `solve --ordering hints` against `hash,hints`).
//!
//! Replacement: a bucket keeps its entries newest first; a new position takes the place of an entry from before the
//! last clear if there is one, and otherwise of the oldest. Clearing draws the next generation, so it takes no time;
//! once in 4,095 clears the generations run out and the table is written to zero.
//!
//! Threads share it as it is (behind an `Arc`, see [`super::smp`]): an entry is one word, written and read with
//! relaxed atomics — on x86-64 the plain loads and stores one thread's table would use — so no reader can see half
//! an entry. Stores racing in one bucket can only lose an entry or keep a position twice, both harmless: every
//! entry a probe finds is one some thread stored whole, and a position's entries are all true.

use super::observer::Bound;
use super::tt::{Entry, FINAL_DEPTH, Table, check_available, huge_pages, prefetch_address};
use crate::engine::game::Value;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// One cache line of entries.
#[derive(Debug, Default)]
#[repr(C, align(64))]
struct Bucket([AtomicU64; ENTRIES]);

const ENTRIES: usize = 8;
const CHECK_BITS: u32 = 44;
const GENERATION_BITS: u32 = 12;
/// Bits 0–5 hold the value plus 32; bits 6–7 the bound; then the generation; the check on top.
const VALUE_BITS: u32 = 6;
const VALUE_OFFSET: i64 = 1 << (VALUE_BITS - 1);
const BOUND_SHIFT: u32 = VALUE_BITS;
const GENERATION_SHIFT: u32 = BOUND_SHIFT + 2;
const CHECK_SHIFT: u32 = GENERATION_SHIFT + GENERATION_BITS;
const LAST_GENERATION: u64 = (1 << GENERATION_BITS) - 1;

/// A solver's table of final entries with small whole values (see the module's doc).
#[derive(Debug)]
pub struct SolverTable {
    buckets: Vec<Bucket>,
    /// Entries of other generations are from before a clear: never matched, replaced first. Never 0, the
    /// generation of a zeroed word.
    generation: AtomicU64,
}

impl SolverTable {
    /// A table of (at most) `mib` MiB, held to [`TABLE_MIB`](super::ranges::TABLE_MIB), or why the memory is not
    /// there (tried fallibly, and refused on Linux when larger than the memory available); at least one bucket.
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
        ((mib.min(*super::ranges::TABLE_MIB.end()) << 20) / size_of::<Bucket>()).max(1)
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

    #[inline]
    fn bucket(&self, key: u64) -> &[AtomicU64; ENTRIES] {
        &self.buckets[((key as u128 * self.buckets.len() as u128) >> 64) as usize].0
    }

    /// The entry for `key`, if the table holds one.
    #[inline]
    fn probe_word(&self, key: u64) -> Option<u64> {
        let generation = self.generation.load(Relaxed);
        self.bucket(key)
            .iter()
            .map(|word| word.load(Relaxed))
            .find(|&word| word >> CHECK_SHIFT == check(key) && is_of(generation, word))
    }

    /// Keeps the entry newest in its bucket: in place of the position's older entry, else of one from before the
    /// last clear, else of the oldest; the entries in front of that place move back one.
    #[inline]
    fn store_entry(&self, entry: &Entry<impl Copy>) {
        let generation = self.generation.load(Relaxed);
        let Some(word) = pack(generation, entry) else { return };
        let bucket = self.bucket(entry.key);
        let words = bucket.each_ref().map(|word| word.load(Relaxed));
        let place = words
            .iter()
            .position(|&old| old >> CHECK_SHIFT == check(entry.key) && is_of(generation, old))
            .or_else(|| words.iter().position(|&old| !is_of(generation, old)))
            .unwrap_or(ENTRIES - 1);
        for i in (0..place).rev() {
            bucket[i + 1].store(words[i], Relaxed);
        }
        bucket[0].store(word, Relaxed);
    }
}

/// Whether `word` was stored in `generation` (a zeroed word is of none).
#[inline]
fn is_of(generation: u64, word: u64) -> bool {
    (word >> GENERATION_SHIFT) & LAST_GENERATION == generation
}

/// The word an entry is kept as in `generation`, or `None` for an entry this table does not keep.
#[inline]
fn pack(generation: u64, entry: &Entry<impl Copy>) -> Option<u64> {
    let small_whole =
        entry.value.fract() == 0.0 && (-VALUE_OFFSET as Value..VALUE_OFFSET as Value).contains(&entry.value);
    if entry.depth != FINAL_DEPTH || !small_whole {
        return None;
    }
    let value = (entry.value as i64 + VALUE_OFFSET) as u64;
    let bound = match entry.bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    Some(check(entry.key) << CHECK_SHIFT | generation << GENERATION_SHIFT | bound << BOUND_SHIFT | value)
}

/// The part of a hash an entry keeps.
#[inline]
fn check(key: u64) -> u64 {
    key & ((1 << CHECK_BITS) - 1)
}

fn unpack<M>(key: u64, word: u64) -> Entry<M> {
    let bound = match (word >> BOUND_SHIFT) & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    };
    let value = ((word & ((1 << VALUE_BITS) - 1)) as i64 - VALUE_OFFSET) as Value;
    Entry { key, value, bound, depth: FINAL_DEPTH, best_move: None }
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
        prefetch_address(self.bucket(key));
    }

    fn clear(&mut self) {
        SolverTable::clear(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, value: Value, bound: Bound) -> Entry<u8> {
        Entry { key, value, bound, depth: FINAL_DEPTH, best_move: None }
    }

    fn probe(table: &Arc<SolverTable>, key: u64) -> Option<Entry<u8>> {
        Table::<u8>::probe(table, key)
    }

    fn store(table: &mut Arc<SolverTable>, entry: Entry<u8>) {
        Table::<u8>::store(table, entry);
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
    }

    #[test]
    fn a_bucket_keeps_the_newest_eight_and_updates_in_place() {
        let mut table = Arc::new(SolverTable::with_buckets(1));
        for key in 1..=9 {
            store(&mut table, entry(key, key as Value, Bound::Exact));
        }
        assert_eq!(probe(&table, 1), None, "the oldest went");
        assert!((2..=9).all(|key| probe(&table, key).is_some()));
        store(&mut table, entry(5, -5.0, Bound::Upper));
        assert_eq!(probe(&table, 5).map(|e| e.value), Some(-5.0), "updated, not doubled");
        store(&mut table, entry(10, 10.0, Bound::Exact));
        assert!((3..=10).all(|key| probe(&table, key).is_some()), "the update made 5 newest: 2 went");
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

    #[test]
    fn positions_sharing_a_bucket_and_check_bits_are_told_apart_by_the_bucket() {
        // With 2^20 buckets or more, two hashes with the same low 44 bits fall in different buckets.
        let table = SolverTable::with_buckets(1 << 20);
        let (a, b) = (0x0000_1234_5678_9abc_u64, 0xfff0_1234_5678_9abc_u64);
        assert_eq!(check(a), check(b));
        assert!(!std::ptr::eq(table.bucket(a), table.bucket(b)));
    }

    /// Issue 46: threads storing and probing positions of one bucket as fast as they can never read an entry that
    /// no thread stored whole: each key's value and bound follow from the key, so a mixed entry would show.
    #[test]
    fn racing_threads_read_only_entries_stored_whole() {
        let table = Arc::new(SolverTable::with_buckets(1));
        let derived = |key: u64| {
            let bound = [Bound::Exact, Bound::Lower, Bound::Upper][(key % 3) as usize];
            entry(key, (key % 64) as Value - 32.0, bound)
        };
        let keys: Vec<u64> = (1..=24u64).map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15)).collect();
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
                            if let Some(found) = Table::<u8>::probe(&view, key) {
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
