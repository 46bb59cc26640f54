//! The transposition table several search threads share (Lazy SMP, see [`super::smp`]), lock-free.
//!
//! Design: each slot is four `AtomicU64` words — a *check* word, the value's `f64` bits, a *meta* word (depth,
//! bound, the search's generation, whether a move is kept, a presence bit) and the move's bits — written and read
//! with relaxed atomics, never a lock. The check word is the salted key xor-ed with a hash of the other three
//! (Hyatt's key-xor-data trick, the data hashed because it spans three words, see `digest`): a reader accepts a slot
//! only if its check word xor-ed with the hash of the three words it read gives back the key it probes. Two stores
//! racing on one slot can leave words of both; such a torn slot fails the check (short of an xor coincidence, the
//! 2⁻⁶⁴ risk every 64-bit key already takes) and reads as empty, so a torn write is never believed — it is only a
//! lost entry, which the search tolerates as it tolerates a replaced one.
//!
//! Moves: the table is generic over the move type `M` only through [`MoveBits`], a 64-bit encoding the game gives
//! (every rule family's [`Playable::encode`](crate::games::any::Playable::encode) already packs its moves into 64
//! bits, so games need nothing new). A move that does not decode is dropped: it is only an ordering hint.
//!
//! Values are kept as whole `f64` bits (not narrowed), so a value read back is the value stored, and searches over
//! this table find the same values as over [`TranspositionTable`](super::tt::TranspositionTable).
//!
//! Replacement: slots come in buckets of two, one cache line (64 bytes) each, so a probe reads both for one memory
//! access. A position is stored where its bucket already holds it; otherwise the slot whose entry is worth less
//! gives way: an empty slot first, then an entry from an earlier search (every search and every clear starts a new
//! generation, kept in 8 bits of the entry), then the shallower entry (a final value counting as depth 0, see
//! `worth`), a bound before an exact value of the same depth. So the deep entries of the main thread's last
//! iterations are not overwritten by a helper's shallow ones, and what a finished search left behind gives way to
//! the next. Clearing draws a new salt. The engine's one-thread table keeps always replacing, so that every
//! `threads = 1` search, node count and ladder game replays as before.

use super::observer::Bound;
use super::tt::{Entry, FINAL_DEPTH, Table, huge_pages};
use crate::engine::hash::splitmix64;
use std::marker::PhantomData;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// How a game's moves are packed into, and read back from, the 64 bits a shared table keeps.
pub trait MoveBits<M> {
    /// The move's bits.
    fn to_bits(mv: M) -> u64;
    /// The move `to_bits` made, or `None` for bits that name no move.
    fn from_bits(bits: u64) -> Option<M>;
}

/// One slot: `[check, value bits, meta, move bits]` (see the module's doc).
type Slot = [AtomicU64; 4];

/// The slots of one bucket.
const WAYS: usize = 2;

/// Two slots in one cache line (see the module's doc on replacement).
#[derive(Debug, Default)]
#[repr(align(64))]
struct Bucket([Slot; WAYS]);

/// The meta word's presence bit: an all-zero (never written) slot has none, so it never matches any key.
const PRESENT: u64 = 1 << 63;
/// The meta word's bit saying a move is kept.
const HAS_MOVE: u64 = 1 << 62;
/// Where the meta word keeps the bound (2 bits, see `bound_bits`); the depth is its low 16 bits.
const BOUND_SHIFT: u32 = 16;
/// Where the meta word keeps the generation of the search that stored the entry (8 bits).
const GENERATION_SHIFT: u32 = 24;

/// The three data words of a slot hashed into one, for its check word. A hash, not their plain xor: the words are
/// structured (a depth and a move differing in the same low bits), and the xor of a mix of two stores' words often
/// equals the xor of one store's — depth 5 with move 3 and depth 6 with move 0 xor alike — so a plain xor would pass
/// torn slots (the stress test below caught exactly that). Through SplitMix64's finaliser, a mix passes only by a
/// 64-bit coincidence.
#[inline]
fn digest(value: u64, meta: u64, mv: u64) -> u64 {
    splitmix64(value ^ splitmix64(meta ^ splitmix64(mv)))
}

/// A table of slots shared between threads (behind an `Arc`); searches use it through a [`SharedView`].
#[derive(Debug)]
pub struct SharedTable {
    buckets: Vec<Bucket>,
    /// Xor-ed into every stored key; a clear draws a new one.
    salt: AtomicU64,
    clears: AtomicU64,
    /// The current search's generation (its low 8 bits are stored in each entry).
    generation: AtomicU64,
}

impl SharedTable {
    /// A table of (at most) `mib` MiB, as [`TranspositionTable::try_with_mib`](super::tt::TranspositionTable) sizes
    /// its own (held to [`TABLE_MIB`](super::ranges::TABLE_MIB), refused when the memory is not there); at least one
    /// bucket.
    pub fn try_with_mib(mib: usize) -> Result<Self, String> {
        let count = Self::slots_for_mib(mib) / WAYS;
        let bytes = count.saturating_mul(size_of::<Bucket>());
        super::tt::check_available(bytes)?;
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(count).map_err(|e| format!("{} MiB cannot be allocated: {e}", bytes >> 20))?;
        huge_pages::advise(&mut buckets);
        buckets.resize_with(count, Bucket::default);
        Ok(Self::over(buckets))
    }

    /// The slots of a table of `mib` MiB (see [`Self::try_with_mib`]): whole buckets, at least one.
    pub fn slots_for_mib(mib: usize) -> usize {
        ((mib.min(*super::ranges::TABLE_MIB.end()) << 20) / size_of::<Bucket>()).max(1) * WAYS
    }

    /// A table of (at least) `slots` slots in whole buckets: small tables for tests, where slots collide often.
    pub fn with_slots(slots: usize) -> Self {
        Self::over((0..slots.div_ceil(WAYS).max(1)).map(|_| Bucket::default()).collect())
    }

    fn over(buckets: Vec<Bucket>) -> Self {
        let zero = || AtomicU64::new(0);
        SharedTable { buckets, salt: AtomicU64::new(splitmix64(0)), clears: zero(), generation: zero() }
    }

    /// How many positions the table can hold at once.
    pub fn slot_count(&self) -> usize {
        self.buckets.len() * WAYS
    }

    /// Forgets everything: entries stored before can no longer match, and give way first. Meant for between
    /// searches; a search running meanwhile only loses what it stored.
    pub fn clear(&self) {
        let clears = self.clears.fetch_add(1, Relaxed) + 1;
        self.salt.store(splitmix64(clears), Relaxed);
        self.new_search();
    }

    /// Starts a new generation: what earlier searches stored gives way before what the next one stores.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[((key as u128 * self.buckets.len() as u128) >> 64) as usize]
    }

    /// The raw words for `key` if a slot of its bucket holds a whole entry for it: `(value bits, meta, move bits)`.
    #[inline]
    fn probe_words(&self, key: u64) -> Option<(u64, u64, u64)> {
        let salted = key ^ self.salt.load(Relaxed);
        let found = self.bucket(key).0.iter().map(read).find(|words| holds(words, salted));
        found.map(|[_, value, meta, mv]| (value, meta, mv))
    }

    /// Stores the words of an entry for `key` in the slot of its bucket that gives way (see the module's doc): the
    /// data first, the check word last (the order matters to no reader, which checks all four, but keeps a lone
    /// writer's slot whole the soonest).
    #[inline]
    fn store_words(&self, key: u64, value: u64, meta: u64, mv: u64) {
        let salted = key ^ self.salt.load(Relaxed);
        let generation = self.generation.load(Relaxed) & 0xFF;
        let meta = meta | generation << GENERATION_SHIFT;
        let bucket = &self.bucket(key).0;
        let words = bucket.each_ref().map(read);
        let way = words
            .iter()
            .position(|w| holds(w, salted))
            .unwrap_or_else(|| (0..WAYS).min_by_key(|&i| worth(&words[i], generation)).unwrap_or(0));
        let slot = &bucket[way];
        slot[1].store(value, Relaxed);
        slot[2].store(meta, Relaxed);
        slot[3].store(mv, Relaxed);
        slot[0].store(salted ^ digest(value, meta, mv), Relaxed);
    }

    #[inline]
    fn prefetch(&self, key: u64) {
        super::tt::prefetch_address(self.bucket(key));
    }
}

/// A slot's four words, each read on its own (a racing store may change some between the reads).
#[inline]
fn read(slot: &Slot) -> [u64; 4] {
    slot.each_ref().map(|word| word.load(Relaxed))
}

/// True when `words` are a whole entry for the salted key `salted`.
#[inline]
fn holds(&[check, value, meta, mv]: &[u64; 4], salted: u64) -> bool {
    meta & PRESENT != 0 && check ^ digest(value, meta, mv) == salted
}

/// How much keeping a slot's entry is worth, the least giving way first: empty, then stored by an earlier
/// generation than `generation`, then by depth, a bound before an exact value of the same depth. A final value
/// (searched to the end of the game on every line) counts as depth 0: its lines ended before the depth limit, so it
/// is mostly a small subtree near the end of the game, cheap to search again, and ranking it deepest filled the
/// buckets with them (Connect Four at 1 MiB: 3.9 times the nodes, docs/benchmarks.md).
#[inline]
fn worth(&[_, _, meta, _]: &[u64; 4], generation: u64) -> (bool, bool, u16, bool) {
    let current = (meta >> GENERATION_SHIFT) & 0xFF == generation;
    let depth = if meta as u16 == FINAL_DEPTH { 0 } else { meta as u16 };
    (meta & PRESENT != 0, current, depth, bound_of(meta) == Bound::Exact)
}

/// One search thread's handle on a [`SharedTable`], reading and writing moves of type `M` with the codec `C`.
#[derive(Debug)]
pub struct SharedView<M, C> {
    table: Arc<SharedTable>,
    codec: PhantomData<fn(M) -> C>,
}

impl<M, C> Clone for SharedView<M, C> {
    fn clone(&self) -> Self {
        SharedView { table: Arc::clone(&self.table), codec: PhantomData }
    }
}

impl<M, C> SharedView<M, C> {
    /// A handle on `table`.
    pub fn new(table: Arc<SharedTable>) -> Self {
        SharedView { table, codec: PhantomData }
    }
}

fn bound_bits(bound: Bound) -> u64 {
    match bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    }
}

/// The bound a meta word keeps (the inverse of `bound_bits`).
#[inline]
fn bound_of(meta: u64) -> Bound {
    match (meta >> BOUND_SHIFT) & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    }
}

impl<M: Copy, C: MoveBits<M>> Table<M> for SharedView<M, C> {
    #[inline]
    fn probe(&self, key: u64) -> Option<Entry<M>> {
        let (value, meta, mv) = self.table.probe_words(key)?;
        let bound = bound_of(meta);
        let best_move = if meta & HAS_MOVE != 0 { C::from_bits(mv) } else { None };
        Some(Entry { key, value: f64::from_bits(value), bound, depth: meta as u16, best_move })
    }

    #[inline]
    fn store(&mut self, entry: Entry<M>) {
        let has_move = if entry.best_move.is_some() { HAS_MOVE } else { 0 };
        let meta = PRESENT | has_move | bound_bits(entry.bound) << BOUND_SHIFT | u64::from(entry.depth);
        let mv = entry.best_move.map_or(0, C::to_bits);
        self.table.store_words(entry.key, entry.value.to_bits(), meta, mv);
    }

    #[inline]
    fn prefetch(&self, key: u64) {
        self.table.prefetch(key);
    }

    /// Clears the table every view shares.
    fn clear(&mut self) {
        self.table.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Moves are `u32`s kept as they are; bits above 32 name no move.
    struct Plain;
    impl MoveBits<u32> for Plain {
        fn to_bits(mv: u32) -> u64 {
            u64::from(mv)
        }
        fn from_bits(bits: u64) -> Option<u32> {
            u32::try_from(bits).ok()
        }
    }

    fn entry(key: u64, value: f64, bound: Bound, depth: u16, best_move: Option<u32>) -> Entry<u32> {
        Entry { key, value, bound, depth, best_move }
    }

    #[test]
    fn stores_probes_and_clears_like_the_private_table() {
        let mut view = SharedView::<u32, Plain>::new(Arc::new(SharedTable::with_slots(1)));
        assert_eq!(view.probe(0), None, "an empty slot matches no key, not even 0");
        let first = entry(42, -1.5, Bound::Lower, 7, Some(3));
        view.store(first);
        assert_eq!(view.probe(42), Some(first));
        assert_eq!(view.probe(43), None, "another key in the same bucket");
        let again = entry(42, 2.5, Bound::Exact, 2, None);
        view.store(again);
        assert_eq!(view.probe(42), Some(again), "a position is stored over itself, however shallow");
        let second = entry(43, f64::NEG_INFINITY, Bound::Upper, u16::MAX, None);
        view.store(second);
        assert_eq!((view.probe(42), view.probe(43)), (Some(again), Some(second)), "one bucket holds two");
        view.table.clear();
        assert_eq!((view.probe(42), view.probe(43)), (None, None), "cleared");
        let third = entry(43, 0.25, Bound::Exact, 0, Some(u32::MAX));
        view.store(third);
        assert_eq!(view.probe(43), Some(third));
    }

    /// A full bucket gives way where keeping the entry is worth least — an earlier search's entry
    /// first, then the shallower, then a bound before an exact value — and keeps the other. (Always replacing, as
    /// the table did before, loses the deep entry.)
    #[test]
    fn a_full_bucket_gives_way_to_the_older_then_the_shallower_entry() {
        let mut view = SharedView::<u32, Plain>::new(Arc::new(SharedTable::with_slots(2)));
        let at = |key, bound, depth| entry(key, key as f64, bound, depth, Some(key as u32));
        let held = |view: &SharedView<u32, Plain>, keys: [u64; 3]| keys.map(|k| view.probe(k).is_some());
        let (deep, shallow, shallowest) = (at(1, Bound::Lower, 9), at(2, Bound::Lower, 3), at(3, Bound::Upper, 1));
        view.store(deep);
        view.store(shallow);
        view.store(shallowest);
        assert_eq!(held(&view, [1, 2, 3]), [true, false, true], "the shallower gave way");
        view.table.new_search();
        view.store(shallow);
        assert_eq!(held(&view, [1, 2, 3]), [true, true, false], "of two earlier entries, the shallower");
        view.store(shallowest);
        assert_eq!(held(&view, [1, 2, 3]), [false, true, true], "an earlier search's, however deep, before this one's");
        let (bound, exact) = (at(4, Bound::Upper, 12), at(5, Bound::Exact, 12));
        view.store(bound);
        view.store(exact);
        view.store(at(6, Bound::Lower, 12));
        assert_eq!(held(&view, [4, 5, 6]), [false, true, true], "a bound before an exact value of the same depth");
        assert_eq!(view.probe(5), Some(exact));
        let final_value = at(7, Bound::Exact, FINAL_DEPTH);
        view.store(final_value);
        view.store(at(8, Bound::Upper, 2));
        view.store(at(9, Bound::Upper, 2));
        assert_eq!(held(&view, [7, 8, 9]), [false, false, true], "a final value ranks as depth 0, before depth 2");
    }

    /// What every writer stores for `key` at variant `v`: each field derived from both, so a slot mixing words of
    /// two stores (of one key or of two) is inconsistent with whatever key and variant it claims.
    fn derived(key: u64, v: u16) -> Entry<u32> {
        let bound = [Bound::Exact, Bound::Lower, Bound::Upper][usize::from(v % 3)];
        let value = (key % 1_000_003) as f64 * 0.5 + f64::from(v);
        entry(key, value, bound, v, (!v.is_multiple_of(5)).then_some((key as u32).wrapping_mul(31) ^ u32::from(v)))
    }

    /// Two threads store entries of four keys, all in one slot, as fast as they can, while two
    /// others probe it; every entry a probe returns must be one some store wrote whole — its fields consistent with
    /// its key and depth — never a mix of two stores.
    #[test]
    fn racing_writers_never_let_a_torn_entry_be_read() {
        let table = Arc::new(SharedTable::with_slots(1));
        let keys: Vec<u64> = (1..=4u64).map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15)).collect();
        let writes: Vec<Entry<u32>> =
            (0..4096u64).map(|i| derived(keys[(i % 4) as usize], (i * 7 % 1000) as u16)).collect();
        let (done, keys, writes) = (&AtomicU64::new(0), &keys, &writes);
        let checked: u64 = std::thread::scope(|scope| {
            for _ in 0..2 {
                let mut view = SharedView::<u32, Plain>::new(Arc::clone(&table));
                scope.spawn(move || {
                    for round in 0..5_000 {
                        for &entry in writes {
                            view.store(entry);
                        }
                        if round == 4_999 {
                            done.fetch_add(1, Relaxed);
                        }
                    }
                });
            }
            let readers: Vec<_> = (0..2)
                .map(|_| {
                    let view = SharedView::<u32, Plain>::new(Arc::clone(&table));
                    scope.spawn(move || {
                        let mut hits = 0u64;
                        while done.load(Relaxed) < 2 {
                            for &key in keys {
                                if let Some(found) = view.probe(key) {
                                    assert_eq!(found, derived(key, found.depth), "a torn entry was read");
                                    hits += 1;
                                }
                            }
                        }
                        hits
                    })
                })
                .collect();
            readers.into_iter().map(|t| t.join().expect("no torn entry")).sum()
        });
        assert!(checked > 1_000, "only {checked} probes found an entry to check");
    }

    /// Every mix of the four words of two stores to one slot (of one key, or of two keys) that is neither store
    /// reads as empty: the check word covers every word, so no field of another store is believed. The pairs
    /// differ in every way entries do: depth, bound and move together (`derived`), and one field alone — the value's
    /// sign bit, the move's highest bit, a move kept or not.
    #[test]
    fn a_slot_mixing_the_words_of_two_stores_reads_as_empty() {
        let mut pairs: Vec<(Entry<u32>, Entry<u32>)> = Vec::new();
        for v in 0..60 {
            for w in (0..60).filter(|&w| w != v) {
                pairs.push((derived(7, v), derived(7, w)));
            }
            pairs.push((derived(7, v), derived(9, v)));
        }
        let base = entry(7, 3.5, Bound::Lower, 4, Some(1 << 31));
        for other in [
            Entry { value: -3.5, ..base },
            Entry { best_move: Some(1), ..base },
            Entry { best_move: None, ..base },
            Entry { value: -3.5, best_move: None, ..base },
            Entry { bound: Bound::Upper, depth: 5, ..base },
        ] {
            pairs.push((base, other));
        }
        for (first, second) in pairs {
            let words = |entry| {
                let mut view = SharedView::<u32, Plain>::new(Arc::new(SharedTable::with_slots(1)));
                view.store(entry);
                read(&view.table.buckets[0].0[0])
            };
            let (x, y) = (words(first), words(second));
            for mask in 1..15 {
                let mixed: [u64; 4] = std::array::from_fn(|i| if mask & (1 << i) != 0 { y[i] } else { x[i] });
                if mixed == x || mixed == y {
                    continue; // the two stores share the words swapped: this is one of them, whole
                }
                let view = SharedView::<u32, Plain>::new(Arc::new(SharedTable::with_slots(1)));
                for (word, &bits) in view.table.buckets[0].0[0].iter().zip(&mixed) {
                    word.store(bits, Relaxed);
                }
                assert_eq!((view.probe(first.key), view.probe(second.key)), (None, None), "words mixed by {mask:04b}");
            }
        }
    }

    #[test]
    fn sizes_by_mib() {
        let table = SharedTable::try_with_mib(1).expect("1 MiB");
        assert_eq!(table.slot_count(), (1 << 20) / 32);
        assert_eq!(size_of::<Bucket>(), 64, "a bucket is one cache line");
        assert_eq!(table.buckets.as_ptr() as usize % 64, 0, "and starts at one");
    }
}
