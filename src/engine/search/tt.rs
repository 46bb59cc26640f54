//! The transposition table: what earlier searches learned about positions, keyed by position hash.
//!
//! Replacement policy: **always replace**. Each position maps to one slot; a store overwrites whatever is there.
//! It is the simplest policy, never keeps stale deep entries from blocking fresh ones, and is what Pons' Connect
//! Four solver uses. The full 64-bit key is kept, so a slot holding another position is never mistaken for this
//! one; only a true 64-bit hash collision could mislead, which is the accepted risk of every such table.

use super::observer::Bound;
use crate::engine::game::Value;

/// What the table remembers of one position, from the point of view of the player to move there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry<M> {
    pub key: u64,
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
    /// A table of (at most) `mib` MiB; at least one slot.
    pub fn with_mib(mib: usize) -> Self {
        let slot_size = std::mem::size_of::<Option<Entry<M>>>().max(1);
        Self::with_slots((mib << 20) / slot_size)
    }

    /// A table of exactly `slots` slots (at least one).
    pub fn with_slots(slots: usize) -> Self {
        TranspositionTable { slots: vec![None; slots.max(1)] }
    }

    pub fn slot_count(&self) -> usize {
        self.slots.len()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.fill(None);
    }

    /// Maps a hash onto a slot by multiply-shift, which uses the hash's high bits and needs no power-of-two size.
    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// The entry for `key`, if the table holds one.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.slots[self.index(key)].filter(|e| e.key == key)
    }

    /// Remembers an entry, replacing whatever the slot held.
    #[inline]
    pub fn store(&mut self, entry: Entry<M>) {
        let index = self.index(entry.key);
        self.slots[index] = Some(entry);
    }

    /// How many slots hold an entry (for statistics; walks the whole table).
    pub fn occupied(&self) -> usize {
        self.slots.iter().filter(|s| s.is_some()).count()
    }
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
        assert_eq!(tt.occupied(), 0);
    }

    #[test]
    fn sizes_by_mib() {
        let tt = TranspositionTable::<u32>::with_mib(1);
        let slot = std::mem::size_of::<Option<Entry<u32>>>();
        assert_eq!(tt.slot_count(), (1 << 20) / slot);
    }
}
