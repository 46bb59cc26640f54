//! The transposition table several search threads share (Lazy SMP, see [`super::smp`]), lock-free.
//!
//! Design: each slot is four `AtomicU64` words — a *check* word, the value's `f64` bits, a *meta* word (depth,
//! bound, whether a move is kept, a presence bit) and the move's bits — written and read with relaxed atomics, never
//! a lock. The check word is the salted key xor-ed with a hash of the other three (Hyatt's key-xor-data trick, the
//! data hashed because it spans three words, see `digest`): a reader accepts a slot only if its check word xor-ed
//! with the hash of the three words it read gives back the key it probes. Two
//! stores racing on one slot can leave words of both; such a torn slot fails the check (short of an xor
//! coincidence, the 2⁻⁶⁴ risk every 64-bit key already takes) and reads as empty, so a torn write is never
//! believed — it is only a lost entry, which the search tolerates as it tolerates a replaced one.
//!
//! Moves: the table is generic over the move type `M` only through [`MoveBits`], a 64-bit encoding the game gives
//! (every rule family's [`Playable::encode`](crate::games::any::Playable::encode) already packs its moves into 64
//! bits, so games need nothing new). A move that does not decode is dropped: it is only an ordering hint.
//!
//! Values are kept as whole `f64` bits (not narrowed), so a value read back is the value stored, and searches over
//! this table find the same values as over [`TranspositionTable`](super::tt::TranspositionTable). Replacement is
//! the same as there: always replace; clearing draws a new salt.

use super::observer::Bound;
use super::tt::{Entry, Table, huge_pages};
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

/// The meta word's presence bit: an all-zero (never written) slot has none, so it never matches any key.
const PRESENT: u64 = 1 << 63;
/// The meta word's bit saying a move is kept.
const HAS_MOVE: u64 = 1 << 62;

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
    slots: Vec<Slot>,
    /// Xor-ed into every stored key; a clear draws a new one.
    salt: AtomicU64,
    clears: AtomicU64,
}

impl SharedTable {
    /// A table of (at most) `mib` MiB, as [`TranspositionTable::try_with_mib`](super::tt::TranspositionTable) sizes
    /// its own (held to [`TABLE_MIB`](super::ranges::TABLE_MIB), refused when the memory is not there); at least one
    /// slot.
    pub fn try_with_mib(mib: usize) -> Result<Self, String> {
        let count = Self::slots_for_mib(mib);
        super::tt::check_available(count.saturating_mul(size_of::<Slot>()))?;
        let mut slots = Vec::new();
        let bytes = count * size_of::<Slot>();
        slots.try_reserve_exact(count).map_err(|e| format!("{} MiB cannot be allocated: {e}", bytes >> 20))?;
        huge_pages::advise(&mut slots);
        slots.resize_with(count, Slot::default);
        Ok(SharedTable { slots, salt: AtomicU64::new(splitmix64(0)), clears: AtomicU64::new(0) })
    }

    /// The slots of a table of `mib` MiB (see [`Self::try_with_mib`]).
    pub fn slots_for_mib(mib: usize) -> usize {
        ((mib.min(*super::ranges::TABLE_MIB.end()) << 20) / size_of::<Slot>()).max(1)
    }

    /// A table of exactly `slots` slots (at least one): small tables for tests, where slots collide often.
    pub fn with_slots(slots: usize) -> Self {
        let slots = (0..slots.max(1)).map(|_| Slot::default()).collect();
        SharedTable { slots, salt: AtomicU64::new(splitmix64(0)), clears: AtomicU64::new(0) }
    }

    /// How many positions the table can hold at once.
    pub fn slot_count(&self) -> usize {
        self.slots.len()
    }

    /// Forgets everything: entries stored before can no longer match. Meant for between searches; a search
    /// running meanwhile only loses what it stored.
    pub fn clear(&self) {
        let clears = self.clears.fetch_add(1, Relaxed) + 1;
        self.salt.store(splitmix64(clears), Relaxed);
    }

    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        &self.slots[((key as u128 * self.slots.len() as u128) >> 64) as usize]
    }

    /// The raw words for `key` if the slot holds a whole entry for it: `(value bits, meta, move bits)`.
    #[inline]
    fn probe_words(&self, key: u64) -> Option<(u64, u64, u64)> {
        let slot = self.slot(key);
        let [check, value, meta, mv] = [0, 1, 2, 3].map(|i| slot[i].load(Relaxed));
        let salted = key ^ self.salt.load(Relaxed);
        (meta & PRESENT != 0 && check ^ digest(value, meta, mv) == salted).then_some((value, meta, mv))
    }

    /// Stores the words of an entry for `key`: the data first, the check word last (the order matters to no
    /// reader, which checks all four, but keeps a lone writer's slot whole the soonest).
    #[inline]
    fn store_words(&self, key: u64, value: u64, meta: u64, mv: u64) {
        let slot = self.slot(key);
        let salted = key ^ self.salt.load(Relaxed);
        slot[1].store(value, Relaxed);
        slot[2].store(meta, Relaxed);
        slot[3].store(mv, Relaxed);
        slot[0].store(salted ^ digest(value, meta, mv), Relaxed);
    }

    #[inline]
    fn prefetch(&self, key: u64) {
        super::tt::prefetch_address(self.slot(key));
    }
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

impl<M: Copy, C: MoveBits<M>> Table<M> for SharedView<M, C> {
    #[inline]
    fn probe(&self, key: u64) -> Option<Entry<M>> {
        let (value, meta, mv) = self.table.probe_words(key)?;
        let bound = match (meta >> 16) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        let best_move = if meta & HAS_MOVE != 0 { C::from_bits(mv) } else { None };
        Some(Entry { key, value: f64::from_bits(value), bound, depth: meta as u16, best_move })
    }

    #[inline]
    fn store(&mut self, entry: Entry<M>) {
        let has_move = if entry.best_move.is_some() { HAS_MOVE } else { 0 };
        let meta = PRESENT | has_move | bound_bits(entry.bound) << 16 | u64::from(entry.depth);
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
    fn stores_probes_replaces_and_clears_like_the_private_table() {
        let mut view = SharedView::<u32, Plain>::new(Arc::new(SharedTable::with_slots(1)));
        assert_eq!(view.probe(0), None, "an empty slot matches no key, not even 0");
        let first = entry(42, -1.5, Bound::Lower, 7, Some(3));
        view.store(first);
        assert_eq!(view.probe(42), Some(first));
        assert_eq!(view.probe(43), None, "another key in the same slot");
        let second = entry(43, f64::NEG_INFINITY, Bound::Upper, u16::MAX, None);
        view.store(second);
        assert_eq!((view.probe(42), view.probe(43)), (None, Some(second)), "always replace");
        view.table.clear();
        assert_eq!(view.probe(43), None, "cleared");
        let third = entry(43, 0.25, Bound::Exact, 0, Some(u32::MAX));
        view.store(third);
        assert_eq!(view.probe(43), Some(third));
    }

    /// What every writer stores for `key` at variant `v`: each field derived from both, so a slot mixing words of
    /// two stores (of one key or of two) is inconsistent with whatever key and variant it claims.
    fn derived(key: u64, v: u16) -> Entry<u32> {
        let bound = [Bound::Exact, Bound::Lower, Bound::Upper][usize::from(v % 3)];
        let value = (key % 1_000_003) as f64 * 0.5 + f64::from(v);
        entry(key, value, bound, v, (!v.is_multiple_of(5)).then_some((key as u32).wrapping_mul(31) ^ u32::from(v)))
    }

    /// Issue 46, point 3: two threads store entries of four keys, all in one slot, as fast as they can, while two
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
                view.table.slots[0].each_ref().map(|w| w.load(Relaxed))
            };
            let (x, y) = (words(first), words(second));
            for mask in 1..15 {
                let mixed: [u64; 4] = std::array::from_fn(|i| if mask & (1 << i) != 0 { y[i] } else { x[i] });
                if mixed == x || mixed == y {
                    continue; // the two stores share the words swapped: this is one of them, whole
                }
                let view = SharedView::<u32, Plain>::new(Arc::new(SharedTable::with_slots(1)));
                for (word, &bits) in view.table.slots[0].iter().zip(&mixed) {
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
    }
}
