//! hipy patch: the hash table behind `set` and `frozenset`, laid out as
//! CPython's (`Objects/setobject.c`), so that sets iterate, print and pop in
//! CPython's order (`print({3, 1, 2})` shows `{1, 2, 3}`).
//!
//! One array of slots indexed by the hash: a key goes to `hash & mask`, then
//! to the next [`LINEAR_PROBES`] slots, then to a perturbed jump
//! (`i = i*5 + 1 + perturb`, `perturb >>= 5` first), and so on. A deleted key
//! leaves a dummy. The table grows when 3/5 of its slots have been used (live
//! keys and dummies), to the smallest power of two above 4x the live keys
//! (2x past 50,000). Iteration walks the slots in order.
//!
//! A key's `__eq__` may run Python code that changes the set. The table is
//! never borrowed across such a call: the probe lets go of the lock, compares,
//! takes the lock again and starts over if the table was rebuilt or the
//! compared slot changed, as CPython does.

use crate::common::hash::PyHash;
use crate::common::lock::{PyRwLock, PyRwLockWriteGuard};
use crate::dict_inner::{DictChanged, DictKey};
use crate::object::{Traverse, TraverseFn};
use crate::{AsObject, PyObject, PyObjectRef, PyResult, VirtualMachine};

/// Slots of an empty set's table (CPython's `PySet_MINSIZE`).
const MINSIZE: usize = 8;
/// Neighbouring slots looked at before a perturbed jump.
const LINEAR_PROBES: usize = 9;
const PERTURB_SHIFT: u32 = 5;
/// The hash of a dummy slot (a deleted key); a key's hash is never -1.
const DUMMY: PyHash = -1;
/// Bytes CPython counts per slot in `__sizeof__` (a key pointer and a hash).
const SLOT_BYTES: usize = 16;

/// A slot: unused (no key, hash 0), dummy (no key, hash -1) or live.
#[derive(Clone)]
struct Slot {
    hash: PyHash,
    key: Option<PyObjectRef>,
}

impl Slot {
    const UNUSED: Self = Self { hash: 0, key: None };
}

#[derive(Clone)]
struct Table {
    slots: Vec<Slot>,
    /// Live keys and dummies.
    fill: usize,
    /// Live keys.
    used: usize,
    /// Where `pop` looks first.
    finger: usize,
    /// Bumped whenever `slots` is replaced (CPython compares table pointers).
    generation: u64,
}

impl Default for Table {
    fn default() -> Self {
        Self { slots: vec![Slot::UNUSED; MINSIZE], fill: 0, used: 0, finger: 0, generation: 0 }
    }
}

/// Where a probe ended.
enum Probe {
    /// The live slot holding an equal key.
    Found(usize),
    /// The key is absent: the first unused slot on its path, and the last
    /// dummy seen before it (where `add` puts the key, as CPython does).
    Absent { unused: usize, dummy: Option<usize> },
}

impl Table {
    const fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    /// Put a key known to be absent into `slots`, which has no dummies
    /// (CPython's `set_insert_clean`).
    fn insert_clean(slots: &mut [Slot], key: PyObjectRef, hash: PyHash) {
        let mask = slots.len() - 1;
        let mut perturb = hash as u64;
        let mut i = (hash as u64 as usize) & mask;
        loop {
            if slots[i].key.is_none() {
                slots[i] = Slot { hash, key: Some(key) };
                return;
            }
            if i + LINEAR_PROBES <= mask {
                for j in i + 1..=i + LINEAR_PROBES {
                    if slots[j].key.is_none() {
                        slots[j] = Slot { hash, key: Some(key) };
                        return;
                    }
                }
            }
            perturb >>= PERTURB_SHIFT;
            i = (i.wrapping_mul(5).wrapping_add(1).wrapping_add(perturb as usize)) & mask;
        }
    }

    /// Rebuild the table at the smallest power of two above `minused`
    /// (CPython's `set_table_resize`), dropping the dummies.
    fn resize(&mut self, minused: usize) {
        let mut size = MINSIZE;
        while size <= minused {
            size <<= 1;
        }
        if size == MINSIZE && self.slots.len() == MINSIZE && self.fill == self.used {
            return;
        }
        let old = core::mem::replace(&mut self.slots, vec![Slot::UNUSED; size]);
        for slot in old {
            if let Some(key) = slot.key {
                Self::insert_clean(&mut self.slots, key, slot.hash);
            }
        }
        self.fill = self.used;
        self.generation = self.generation.wrapping_add(1);
    }

    /// The growth CPython applies after an insertion or a purge.
    fn grow(&mut self) {
        let used = self.used;
        self.resize(if used > 50_000 { used * 2 } else { used * 4 });
    }

    /// Store a key the probe found absent.
    fn place(&mut self, probe_end: (usize, Option<usize>), key: PyObjectRef, hash: PyHash) {
        let (unused, dummy) = probe_end;
        self.used += 1;
        if let Some(d) = dummy {
            self.slots[d] = Slot { hash, key: Some(key) };
            return;
        }
        self.slots[unused] = Slot { hash, key: Some(key) };
        self.fill += 1;
        if self.fill * 5 >= self.mask() * 3 {
            self.grow();
        }
    }

    fn live(&self) -> impl Iterator<Item = (usize, &PyObjectRef, PyHash)> {
        self.slots.iter().enumerate().filter_map(|(i, s)| s.key.as_ref().map(|k| (i, k, s.hash)))
    }
}

/// The contents of a set or frozenset.
#[derive(Default)]
pub(crate) struct SetTable {
    inner: PyRwLock<Table>,
}

impl Clone for SetTable {
    fn clone(&self) -> Self {
        Self { inner: PyRwLock::new(self.inner.read().clone()) }
    }
}

unsafe impl Traverse for SetTable {
    fn traverse(&self, tracer_fn: &mut TraverseFn<'_>) {
        for slot in &self.inner.read().slots {
            if let Some(key) = &slot.key {
                key.traverse(tracer_fn);
            }
        }
    }
}

/// The size an iterator remembers: CPython's iterator compares the number
/// of live keys only.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct SetSize {
    pub used: usize,
}

impl SetTable {
    /// Probe for `key` (CPython's `set_lookkey` / `set_add_entry` loop).
    /// Returns with the table locked, so the caller acts on the answer before
    /// anything else can change the table.
    fn probe<K: DictKey + ?Sized>(
        &self,
        vm: &VirtualMachine,
        key: &K,
        hash: PyHash,
    ) -> PyResult<(PyRwLockWriteGuard<'_, Table>, Probe)> {
        'restart: loop {
            let mut table = self.inner.write();
            let mut mask = table.mask();
            let mut i = (hash as u64 as usize) & mask;
            let mut perturb = hash as u64;
            let mut dummy = None;
            loop {
                let probes = if i + LINEAR_PROBES <= mask { LINEAR_PROBES } else { 0 };
                let mut j = i;
                for _ in 0..=probes {
                    let slot = &table.slots[j];
                    match &slot.key {
                        None if slot.hash == 0 => return Ok((table, Probe::Absent { unused: j, dummy })),
                        None => dummy = Some(j),
                        Some(stored) if slot.hash == hash => {
                            if key.key_is(stored) {
                                return Ok((table, Probe::Found(j)));
                            }
                            // hipy (vendor patch 32): exact str/int keys
                            // compare under the lock (no Python code runs).
                            match key.key_eq_native(vm, stored) {
                                Some(true) => return Ok((table, Probe::Found(j))),
                                Some(false) => {
                                    j += 1;
                                    continue;
                                }
                                None => {}
                            }
                            let stored = stored.clone();
                            let generation = table.generation;
                            drop(table);
                            let equal = key.key_eq(vm, &stored)?;
                            table = self.inner.write();
                            let same = table.generation == generation
                                && table.slots.get(j).and_then(|s| s.key.as_ref()).is_some_and(|k| k.is(&stored));
                            if !same {
                                continue 'restart;
                            }
                            if equal {
                                return Ok((table, Probe::Found(j)));
                            }
                            mask = table.mask();
                        }
                        Some(_) => {}
                    }
                    j += 1;
                }
                perturb >>= PERTURB_SHIFT;
                i = (i.wrapping_mul(5).wrapping_add(1).wrapping_add(perturb as usize)) & mask;
            }
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.inner.read().used
    }

    pub(crate) fn size(&self) -> SetSize {
        SetSize { used: self.len() }
    }

    /// What CPython's `__sizeof__` adds for a table outside the object.
    pub(crate) fn sizeof(&self) -> usize {
        let n = self.inner.read().slots.len();
        if n > MINSIZE { n * SLOT_BYTES } else { 0 }
    }

    pub(crate) fn contains<K: DictKey + ?Sized>(&self, vm: &VirtualMachine, key: &K) -> PyResult<bool> {
        let hash = key.key_hash(vm)?;
        self.contains_known_hash(vm, key, hash)
    }

    pub(crate) fn contains_known_hash<K: DictKey + ?Sized>(
        &self,
        vm: &VirtualMachine,
        key: &K,
        hash: PyHash,
    ) -> PyResult<bool> {
        Ok(matches!(self.probe(vm, key, hash)?.1, Probe::Found(_)))
    }

    /// Add `key` unless an equal key is there (that one stays).
    pub(crate) fn add<K: DictKey + ?Sized>(&self, vm: &VirtualMachine, key: &K) -> PyResult<()> {
        let hash = key.key_hash(vm)?;
        self.add_known_hash(vm, key, hash)
    }

    pub(crate) fn add_known_hash<K: DictKey + ?Sized>(
        &self,
        vm: &VirtualMachine,
        key: &K,
        hash: PyHash,
    ) -> PyResult<()> {
        let (mut table, probe) = self.probe(vm, key, hash)?;
        if let Probe::Absent { unused, dummy } = probe {
            table.place((unused, dummy), key.to_pyobject(vm), hash);
        }
        Ok(())
    }

    /// [`Self::add_known_hash`] that stores `key` itself (hipy, vendor
    /// patch 53: no second reference taken and the first dropped).
    pub(crate) fn add_owned_known_hash(&self, vm: &VirtualMachine, key: PyObjectRef, hash: PyHash) -> PyResult<()> {
        let (mut table, probe) = self.probe(vm, &*key, hash)?;
        if let Probe::Absent { unused, dummy } = probe {
            table.place((unused, dummy), key, hash);
        }
        Ok(())
    }

    /// Remove `key`; whether it was there. The removed key is released after
    /// the table is unlocked (its `__del__` may use the set).
    pub(crate) fn discard<K: DictKey + ?Sized>(&self, vm: &VirtualMachine, key: &K) -> PyResult<bool> {
        let hash = key.key_hash(vm)?;
        self.discard_known_hash(vm, key, hash)
    }

    pub(crate) fn discard_known_hash<K: DictKey + ?Sized>(
        &self,
        vm: &VirtualMachine,
        key: &K,
        hash: PyHash,
    ) -> PyResult<bool> {
        let (mut table, probe) = self.probe(vm, key, hash)?;
        let Probe::Found(j) = probe else { return Ok(false) };
        let old = core::mem::replace(&mut table.slots[j], Slot { hash: DUMMY, key: None });
        table.used -= 1;
        drop(table);
        drop(old);
        Ok(true)
    }

    /// Remove `key` if present, else add it (symmetric difference).
    pub(crate) fn toggle_known_hash(&self, vm: &VirtualMachine, key: &PyObject, hash: PyHash) -> PyResult<()> {
        if !self.discard_known_hash(vm, key, hash)? {
            self.add_known_hash(vm, key, hash)?;
        }
        Ok(())
    }

    /// CPython's `set_pop`: the first live slot from the finger on.
    pub(crate) fn pop(&self) -> Option<PyObjectRef> {
        let mut table = self.inner.write();
        if table.used == 0 {
            return None;
        }
        let mask = table.mask();
        let mut i = table.finger & mask;
        while table.slots[i].key.is_none() {
            i = if i == mask { 0 } else { i + 1 };
        }
        let key = core::mem::replace(&mut table.slots[i], Slot { hash: DUMMY, key: None }).key;
        table.used -= 1;
        table.finger = i + 1;
        key
    }

    /// Empty the set (back to the smallest table); the keys are released
    /// after the table is unlocked.
    pub(crate) fn clear(&self) {
        let old = {
            let mut table = self.inner.write();
            let generation = table.generation.wrapping_add(1);
            let old = core::mem::take(&mut *table);
            table.generation = generation;
            old
        };
        drop(old);
    }

    /// Take `other`'s table as this set's own, leaving `other` empty
    /// (CPython's `set_swap_bodies` with a temporary).
    pub(crate) fn take_contents(&self, other: Self) {
        let new = other.inner.into_inner();
        let old = {
            let mut table = self.inner.write();
            let generation = table.generation.wrapping_add(1);
            let old = core::mem::replace(&mut *table, new);
            table.generation = generation;
            old
        };
        drop(old);
    }

    /// Add every key of `other` (CPython's `set_merge`).
    pub(crate) fn merge(&self, vm: &VirtualMachine, other: &Self) -> PyResult<()> {
        for (key, hash) in self.merge_without_compares(other) {
            self.add_known_hash(vm, &*key, hash)?;
        }
        Ok(())
    }

    /// A new table holding `other`'s keys (CPython's `set_copy`: a merge into
    /// an empty set, which never compares keys).
    pub(crate) fn copy_of(other: &Self) -> Self {
        let copy = Self::default();
        let rest = copy.merge_without_compares(other);
        debug_assert!(rest.is_empty());
        copy
    }

    /// The part of `set_merge` that needs no comparison: one resize up front,
    /// then, into an empty table, a slot-for-slot copy (same size, no
    /// dummies) or clean inserts. Returns the keys left to add one by one
    /// (all of them when this table was not empty).
    fn merge_without_compares(&self, other: &Self) -> Vec<(PyObjectRef, PyHash)> {
        if core::ptr::eq(self, other) {
            return Vec::new();
        }
        let (other_mask, other_fill, other_used, entries) = {
            let o = other.inner.read();
            let entries: Vec<(usize, PyObjectRef, PyHash)> = o.live().map(|(i, k, h)| (i, k.clone(), h)).collect();
            (o.mask(), o.fill, o.used, entries)
        };
        if other_used == 0 {
            return Vec::new();
        }
        let mut table = self.inner.write();
        if (table.fill + other_used) * 5 >= table.mask() * 3 {
            let minused = (table.used + other_used) * 2;
            table.resize(minused);
        }
        if table.fill != 0 {
            return entries.into_iter().map(|(_, k, h)| (k, h)).collect();
        }
        if table.mask() == other_mask && other_fill == other_used {
            for (i, key, hash) in entries {
                table.slots[i] = Slot { hash, key: Some(key) };
            }
        } else {
            for (_, key, hash) in entries {
                Table::insert_clean(&mut table.slots, key, hash);
            }
        }
        table.fill = other_used;
        table.used = other_used;
        Vec::new()
    }

    /// Make room for `n` more keys about to be added (CPython's presizing in
    /// `set_update_internal` for a dict).
    pub(crate) fn reserve_for(&self, n: usize) {
        let mut table = self.inner.write();
        if (table.fill + n) * 5 >= table.mask() * 3 {
            let minused = (table.used + n) * 2;
            table.resize(minused);
        }
    }

    /// After removals: rebuild when more than a quarter of the slots are
    /// dummies (end of CPython's `set_difference_update_internal`).
    pub(crate) fn purge_dummies(&self) {
        let mut table = self.inner.write();
        if table.fill - table.used > table.mask() / 4 {
            table.grow();
        }
    }

    /// Live keys in table order.
    pub(crate) fn keys(&self) -> Vec<PyObjectRef> {
        self.inner.read().live().map(|(_, k, _)| k.clone()).collect()
    }

    pub(crate) fn keys_with_hashes(&self) -> Vec<(PyObjectRef, PyHash)> {
        self.inner.read().live().map(|(_, k, h)| (k.clone(), h)).collect()
    }

    /// Live keys from slot `position` on.
    pub(crate) fn keys_from(&self, position: usize) -> Vec<PyObjectRef> {
        self.inner.read().live().filter(|(i, _, _)| *i >= position).map(|(_, k, _)| k.clone()).collect()
    }

    pub(crate) fn fold_hashes<Acc>(&self, init: Acc, f: impl Fn(Acc, PyHash) -> Acc) -> Acc {
        self.inner.read().live().fold(init, |acc, (_, _, h)| f(acc, h))
    }

    /// The next live key at or after slot `position`, with the position to
    /// continue from; `DictChanged` when the number of keys is not `size`'s.
    pub(crate) fn next_entry_checked(
        &self,
        position: usize,
        size: &SetSize,
    ) -> Result<Option<(usize, PyObjectRef)>, DictChanged> {
        let table = self.inner.read();
        if table.used != size.used {
            return Err(DictChanged);
        }
        Ok(table.slots.iter().enumerate().skip(position).find_map(|(i, s)| s.key.as_ref().map(|k| (i + 1, k.clone()))))
    }

    /// Live keys from slot `position` on (an iterator's length hint).
    pub(crate) fn count_from(&self, position: usize) -> usize {
        self.inner.read().slots.iter().skip(position).filter(|s| s.key.is_some()).count()
    }

}
