//! The transposition table: what earlier searches learned about positions, keyed by position hash.
//!
//! Replacement policy: **always replace**. Each position maps to one slot; a store overwrites whatever is there.
//! It is the simplest policy, never keeps stale deep entries from blocking fresh ones, and is what Pons' Connect
//! Four solver uses. The full 64-bit key is kept, so a slot holding another position is never mistaken for this
//! one; only a true 64-bit hash collision could mislead, which is the accepted risk of every such table.
//!
//! Clearing takes no time: keys are stored xor-ed with a salt, and a clear only draws a new salt, so no entry from
//! before can match a probe again (short of the same 64-bit coincidence). Pons' protocol clears a 64 MiB table
//! before each of thousands of positions; writing it out each time took 3.5 ms, against 9 µs for an End-Easy
//! search.

use super::observer::Bound;
use crate::engine::game::Value;
use crate::engine::hash::splitmix64;

/// What the table remembers of one position, from the point of view of the player to move there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry<M> {
    /// The position's 64-bit hash (stored xor-ed with the table's salt; a probe returns it plain).
    pub key: u64,
    /// The value found, from the point of view of the player to move there.
    pub value: Value,
    /// Whether `value` is exact or a bound (same meaning as a fail-soft search result).
    pub bound: Bound,
    /// The remaining depth the value was searched to, or [`FINAL_DEPTH`] when no depth limit was met below.
    pub depth: u16,
    /// The best (or refuting) move found, searched first next time.
    pub best_move: Option<M>,
}

/// A fixed-size table sized in MiB.
#[derive(Clone, Debug)]
pub struct TranspositionTable<M> {
    slots: Vec<Option<Entry<M>>>,
    /// Xor-ed into every stored key; a new one forgets every entry (see the module's doc).
    salt: u64,
    /// How many times the table was cleared: the seed of the current salt.
    clears: u64,
}

/// The stored depth of an entry whose value is final: searched to the end of the game on every line, so it holds
/// at any depth.
pub const FINAL_DEPTH: u16 = u16::MAX;

/// Saturates a search depth to what an entry stores (just below [`FINAL_DEPTH`]).
#[inline]
pub fn stored_depth(depth: u32) -> u16 {
    depth.min(FINAL_DEPTH as u32 - 1) as u16
}

impl<M: Copy> TranspositionTable<M> {
    /// A table of (at most) `mib` MiB, held to [`TABLE_MIB`](super::ranges::TABLE_MIB) so that no setting can ask
    /// for more memory than the largest table the window offers; at least one slot.
    pub fn with_mib(mib: usize) -> Self {
        Self::with_slots(Self::slots_for_mib(mib))
    }

    /// The slots of a table of `mib` MiB (see [`Self::with_mib`]).
    pub fn slots_for_mib(mib: usize) -> usize {
        let slot_size = std::mem::size_of::<Option<Entry<M>>>().max(1);
        (mib.min(*super::ranges::TABLE_MIB.end()) << 20) / slot_size
    }

    /// A table of exactly `slots` slots (at least one).
    pub fn with_slots(slots: usize) -> Self {
        let count = slots.max(1);
        let mut slots = Vec::with_capacity(count);
        huge_pages::advise(&mut slots);
        slots.resize(count, None);
        TranspositionTable { slots, salt: splitmix64(0), clears: 0 }
    }

    /// A table of (at most) `mib` MiB as [`Self::with_mib`] makes it, or why the memory is not there: the
    /// allocation is tried fallibly, and on Linux a table larger than the memory the kernel reports available is
    /// refused before it is touched (with overcommit, an allocation that succeeds may still be killed when written).
    /// Same slots, same node counts as [`Self::with_mib`].
    pub fn try_with_mib(mib: usize) -> Result<Self, String> {
        let count = Self::slots_for_mib(mib).max(1);
        let bytes = count.saturating_mul(std::mem::size_of::<Option<Entry<M>>>());
        check_available(bytes)?;
        let mut slots = Vec::new();
        slots.try_reserve_exact(count).map_err(|e| format!("{} MiB cannot be allocated: {e}", bytes >> 20))?;
        huge_pages::advise(&mut slots);
        slots.resize(count, None);
        Ok(TranspositionTable { slots, salt: splitmix64(0), clears: 0 })
    }

    /// How many positions the table can hold at once.
    pub fn slot_count(&self) -> usize {
        self.slots.len()
    }

    /// Forgets everything, at once: entries stored before can no longer match a probe.
    pub fn clear(&mut self) {
        self.clears += 1;
        // SplitMix64 is a bijection, so no two clears share a salt.
        self.salt = splitmix64(self.clears);
    }

    /// Maps a hash onto a slot by multiply-shift, which uses the hash's high bits and needs no power-of-two size.
    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// The entry for `key`, if the table holds one.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let salted = key ^ self.salt;
        self.slots[self.index(key)].filter(|e| e.key == salted).map(|e| Entry { key, ..e })
    }

    /// Starts fetching the slot of `key` into the cache, so that a probe soon after does not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch_address(&self.slots[self.index(key)]);
    }

    /// Remembers an entry, replacing whatever the slot held.
    #[inline]
    pub fn store(&mut self, entry: Entry<M>) {
        let index = self.index(entry.key);
        self.slots[index] = Some(Entry { key: entry.key ^ self.salt, ..entry });
    }
}

/// What a search needs of a table: [`TranspositionTable`] for one thread, [`SharedView`](super::shared_tt::SharedView)
/// for the threads of a Lazy SMP search. The searches are generic over it, so one thread's search is compiled
/// exactly as it was before tables were shared.
pub trait Table<M> {
    /// The entry for `key`, if the table holds one.
    fn probe(&self, key: u64) -> Option<Entry<M>>;
    /// Remembers an entry, replacing whatever its slot held.
    fn store(&mut self, entry: Entry<M>);
    /// Starts fetching the slot of `key` into the cache.
    fn prefetch(&self, key: u64);
    /// Forgets everything: no entry stored before can match a probe again.
    fn clear(&mut self);
}

impl<M: Copy> Table<M> for TranspositionTable<M> {
    #[inline(always)]
    fn probe(&self, key: u64) -> Option<Entry<M>> {
        TranspositionTable::probe(self, key)
    }
    #[inline(always)]
    fn store(&mut self, entry: Entry<M>) {
        TranspositionTable::store(self, entry);
    }
    #[inline(always)]
    fn prefetch(&self, key: u64) {
        TranspositionTable::prefetch(self, key);
    }
    fn clear(&mut self) {
        TranspositionTable::clear(self);
    }
}

/// Starts fetching the memory at `slot` into the cache, so that a probe soon after does not wait for memory.
#[inline(always)]
pub(crate) fn prefetch_address<T>(slot: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint to the cache: it never faults, reads no value into the program and
    // writes nothing; SSE, which it needs, is part of every x86-64 processor.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(slot.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = slot;
}

/// Refuses a table of `bytes` larger than the memory the kernel reports available (on Linux), before anything is
/// allocated: with overcommit, an allocation that succeeds may still be killed when written.
pub fn check_available(bytes: usize) -> Result<(), String> {
    match available_bytes() {
        Some(available) if bytes > available => {
            Err(format!("{} MiB are wanted but only {} MiB are available", bytes >> 20, available >> 20))
        }
        _ => Ok(()),
    }
}

/// The memory the kernel says can still be given out (`MemAvailable`), where it says so.
fn available_bytes() -> Option<usize> {
    #[cfg(target_os = "linux")]
    {
        let text = std::fs::read_to_string("/proc/meminfo").ok()?;
        let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
        let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib.saturating_mul(1024))
    }
    #[cfg(not(target_os = "linux"))]
    None
}

/// Probes land on random slots, so a table larger than the cache misses the TLB on nearly every probe; with 4 KiB
/// pages that miss (a page walk, doubled under virtualisation) cost more than the rest of a Connect Four node. Asking
/// the kernel for 2 MiB pages makes the same 64 MiB table cost 32 TLB entries instead of 16,384.
pub(crate) mod huge_pages {
    /// Asks the kernel to back the (still untouched) spare capacity of `slots` with transparent huge pages. Must be
    /// called before the memory is first written, which is when pages are chosen. Only advice: where the kernel
    /// declines (or on other systems) nothing changes but speed.
    #[cfg(target_os = "linux")]
    pub fn advise<T>(slots: &mut Vec<T>) {
        const HUGE_PAGE: usize = 2 << 20;
        let bytes = slots.capacity() * std::mem::size_of::<T>();
        if bytes < 2 * HUGE_PAGE {
            return;
        }
        // madvise wants a page-aligned start; the kernel itself uses huge pages only on 2 MiB-aligned stretches.
        let start = slots.as_mut_ptr() as usize;
        let aligned = start.next_multiple_of(HUGE_PAGE);
        let length = (start + bytes - aligned) / HUGE_PAGE * HUGE_PAGE;
        // SAFETY: [aligned, aligned + length) lies inside the allocation `slots` owns; MADV_HUGEPAGE changes how
        // the kernel backs those pages, never their contents or the mapping, so no Rust reference can observe it.
        unsafe {
            libc::madvise(aligned as *mut libc::c_void, length, libc::MADV_HUGEPAGE);
        }
    }

    #[cfg(not(target_os = "linux"))]
    pub fn advise<T>(_slots: &mut Vec<T>) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_probes_and_replaces() {
        let mut tt = TranspositionTable::<u8>::with_slots(1);
        let entry = |key, value| Entry { key, value, bound: Bound::Exact, depth: 3, best_move: Some(1) };
        tt.store(entry(42, 1.0));
        assert_eq!(tt.probe(42).map(|e| e.value), Some(1.0));
        assert_eq!(tt.probe(43), None, "another key in the same slot is not this position");
        tt.store(entry(43, 2.0));
        assert_eq!(tt.probe(42), None, "always replace");
        assert_eq!(tt.probe(43).map(|e| e.value), Some(2.0));
        tt.clear();
        assert_eq!(tt.probe(43), None, "cleared");
        tt.store(entry(43, 3.0));
        assert_eq!(tt.probe(43).map(|e| (e.key, e.value)), Some((43, 3.0)), "stored again after the clear");
        tt.clear();
        tt.clear();
        assert_eq!(tt.probe(43), None, "every clear forgets");
    }

    #[test]
    fn a_table_is_never_larger_than_the_largest_setting() {
        // 2^44 MiB is 2^64 bytes: shifted into bytes it wraps to 0 (a one-slot table) unless held to the range.
        let slot = std::mem::size_of::<Option<Entry<u32>>>();
        let largest = (*super::super::ranges::TABLE_MIB.end() << 20) / slot;
        for mib in [1 << 44, usize::MAX, 1_000_000_000] {
            assert_eq!(TranspositionTable::<u32>::slots_for_mib(mib), largest, "{mib} MiB");
        }
    }

    #[test]
    fn the_fallible_table_has_the_same_slots_or_says_why_not() {
        let tried = TranspositionTable::<u32>::try_with_mib(2).expect("2 MiB are there");
        assert_eq!(tried.slot_count(), TranspositionTable::<u32>::with_mib(2).slot_count());
        if let Some(available) = available_bytes() {
            // More than the machine has: refused before anything is allocated.
            let too_big = (available >> 20) + 1;
            if too_big <= *super::super::ranges::TABLE_MIB.end() {
                let why = TranspositionTable::<u32>::try_with_mib(too_big).expect_err("refused");
                assert!(why.contains("available"), "{why}");
            }
        }
    }

    #[test]
    fn sizes_by_mib() {
        let tt = TranspositionTable::<u32>::with_mib(1);
        let slot = std::mem::size_of::<Option<Entry<u32>>>();
        assert_eq!(tt.slot_count(), (1 << 20) / slot);
    }
}
