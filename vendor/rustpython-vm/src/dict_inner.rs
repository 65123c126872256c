//! Ordered dictionary implementation.
//! Inspired by: <https://morepypy.blogspot.com/2015/01/faster-more-memory-efficient-and-more.html>
//! And: <https://www.youtube.com/watch?v=p33CVV29OG8>
//! And: <http://code.activestate.com/recipes/578375/>

use crate::{
    AsObject, Py, PyExact, PyObject, PyObjectRef, PyRefExact, PyResult, VirtualMachine,
    builtins::{PyBytes, PyInt, PyStr, PyStrInterned, PyStrRef, PyUtf8Str, PyUtf8StrRef},
    convert::ToPyObject,
};
use crate::{
    common::{
        hash,
        lock::{PyRwLock, PyRwLockReadGuard, PyRwLockWriteGuard},
        wtf8::{Wtf8, Wtf8Buf},
    },
    object::{Traverse, TraverseFn},
};
use alloc::fmt;
use core::mem::size_of;
use core::ops::ControlFlow;
use core::sync::atomic::{
    AtomicU32, AtomicU8,
    Ordering::{AcqRel, Acquire, Relaxed, Release},
};
use num_traits::ToPrimitive;

// HashIndex is intended to be same size with hash::PyHash
// but it doesn't mean the values are compatible with actual PyHash value

/// hash value of an object returned by __hash__
type HashValue = hash::PyHash;
/// index calculated by resolving collision
type HashIndex = hash::PyHash;
/// index into dict.indices
type IndexIndex = usize;
/// index into dict.entries
type EntryIndex = usize;

pub(crate) struct Dict<T = PyObjectRef> {
    inner: PyRwLock<DictInner<T>>,
    /// Keys-version stamp, assigned lazily by `assign_keys_version` and
    /// reset to 0 whenever the key set changes. Value-only updates keep it.
    ///
    /// A nonzero stamp identifies either a *shape* — an exact hole-free
    /// entry sequence of interned string keys, shared by every dict with
    /// that layout — or, when no shape is derivable, this dict's key set
    /// frozen at assignment time. Either way a stamp match guarantees the
    /// entry layout is exactly the one the stamp was issued for, so entry
    /// indexes cached against a stamp stay valid wherever the stamp matches.
    keys_version: AtomicU32,
    /// hipy: how the collector treats the dict object that owns this table
    /// (`GC_TRACKED`, `GC_UNTRACKED`). Only a `PyDict`'s table is ever
    /// `GC_UNTRACKED`; sets keep `GC_TRACKED`.
    gc: AtomicU8,
}

/// The owning dict is tracked as usual.
const GC_TRACKED: u8 = 0;
/// The owning dict is an exact dict holding only objects that cannot be part
/// of a cycle, left untracked as CPython leaves it; a store of anything that
/// may be tracked tracks it again (CPython's `MAINTAIN_TRACKING`). An
/// object's `__dict__` too, as CPython 3.11's dict made from an instance's
/// values: a store that bypasses this table's methods (hipy's compiled
/// attribute stores) tells it with `track_for_stored`.
const GC_UNTRACKED: u8 = 1;

/// What a table stores as values, seen by the collector.
pub(crate) trait StoredValue {
    /// CPython's `_PyObject_GC_MAY_BE_TRACKED` of the value.
    fn may_be_tracked(&self) -> bool;
}

impl StoredValue for PyObjectRef {
    #[inline]
    fn may_be_tracked(&self) -> bool {
        self.gc_may_be_tracked()
    }
}

impl StoredValue for () {
    #[inline]
    fn may_be_tracked(&self) -> bool {
        false
    }
}

/// Source of keys-version stamps. Allocated globally so a shape stamp and a
/// dict-unique stamp can never collide.
static KEYS_VERSION: AtomicU32 = AtomicU32::new(0);

/// Allocate a new keys-version stamp. Returns 0 once the stamp space is
/// exhausted; stamps are only allocated on specialization, so exhaustion is
/// unrealistic in practice.
/// Next keys-version stamp that [`next_keys_version`] would assign.
pub(crate) fn peek_next_keys_version() -> u32 {
    KEYS_VERSION.load(Relaxed).saturating_add(1)
}

fn next_keys_version() -> u32 {
    KEYS_VERSION
        .try_update(Relaxed, Relaxed, |v| v.checked_add(1))
        .map_or(0, |v| v + 1)
}

/// Largest key count eligible for a shared shape stamp.
const SHAPE_MAX_KEYS: usize = 32;
/// Shape registry slot count (power of two).
const SHAPE_TABLE_SIZE: usize = 1 << 12;
/// Linear-probe limit before giving up on registering a shape.
const SHAPE_MAX_PROBE: usize = 8;

/// A registered shape: the ordered interned-key-pointer sequence of a
/// hole-free dict, plus the stamp shared by every dict with that layout.
/// Interned strings are never freed, so the addresses are stable identities.
struct ShapeData {
    keys: Box<[usize]>,
    stamp: u32,
}

/// Lock-free registry mapping shapes to shared stamps. Fixed-size open
/// addressing; slots are installed with CAS and never removed, so a stamp
/// permanently means "exactly this entry sequence". Registered `ShapeData`
/// is intentionally leaked (bounded by the table size). Lock-free makes the
/// registry safe across fork() without reinitialization.
static SHAPE_TABLE: std::sync::LazyLock<Box<[core::sync::atomic::AtomicPtr<ShapeData>]>> =
    std::sync::LazyLock::new(|| {
        (0..SHAPE_TABLE_SIZE)
            .map(|_| core::sync::atomic::AtomicPtr::new(core::ptr::null_mut()))
            .collect()
    });

fn shape_stamp(shape: &[usize]) -> Option<u32> {
    use core::hash::BuildHasher;
    use core::sync::atomic::AtomicPtr;
    // The hasher seed must be process-stable so equal shapes always probe
    // the same slots.
    static SHAPE_HASHER: std::sync::LazyLock<rapidhash::quality::RandomState> =
        std::sync::LazyLock::new(Default::default);
    let hash = SHAPE_HASHER.hash_one(shape) as usize;
    let mut candidate: *mut ShapeData = core::ptr::null_mut();
    let mut result = None;
    for probe in 0..SHAPE_MAX_PROBE {
        let slot: &AtomicPtr<ShapeData> = &SHAPE_TABLE[(hash + probe) & (SHAPE_TABLE_SIZE - 1)];
        let mut installed = slot.load(Acquire);
        if installed.is_null() {
            if candidate.is_null() {
                let stamp = next_keys_version();
                if stamp == 0 {
                    break;
                }
                candidate = Box::into_raw(Box::new(ShapeData {
                    keys: shape.into(),
                    stamp,
                }));
            }
            match slot.compare_exchange(core::ptr::null_mut(), candidate, AcqRel, Acquire) {
                Ok(_) => {
                    // SAFETY: candidate was just leaked into the table.
                    result = Some(unsafe { (*candidate).stamp });
                    candidate = core::ptr::null_mut();
                    break;
                }
                Err(current) => installed = current,
            }
        }
        // SAFETY: non-null slots reference leaked ShapeData, never freed.
        let data = unsafe { &*installed };
        if *data.keys == *shape {
            result = Some(data.stamp);
            break;
        }
    }
    if !candidate.is_null() {
        // SAFETY: the candidate lost the race and was never shared.
        drop(unsafe { Box::from_raw(candidate) });
    }
    result
}

unsafe impl<T: Traverse> Traverse for Dict<T> {
    fn traverse(&self, tracer_fn: &mut TraverseFn<'_>) {
        self.inner.traverse(tracer_fn);
    }
}

impl<T> fmt::Debug for Dict<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Debug").finish()
    }
}

#[derive(Debug, Copy, Clone, PartialEq, Eq)]
#[repr(transparent)]
struct IndexEntry(i64);

impl IndexEntry {
    const FREE: Self = Self(-1);
    const DUMMY: Self = Self(-2);

    /// # Safety
    /// idx must not be one of FREE or DUMMY
    const unsafe fn from_index_unchecked(idx: usize) -> Self {
        debug_assert!((idx as isize) >= 0);
        Self(idx as i64)
    }

    const fn index(self) -> Option<usize> {
        if self.0 >= 0 {
            Some(self.0 as usize)
        } else {
            None
        }
    }
}

/// hipy: log2 of the smallest index table (8 slots, CPython's `PyDict_MINSIZE`).
const MIN_LOG2: u8 = 3;
/// hipy: entries a dict's first entry array holds, unless presized or an
/// object's `__dict__` (`Dict::attach`): a dict of one or two keys stays at
/// two 24-byte entries.
const FIRST_CAPACITY: u8 = 2;
/// hipy: the 8 one-byte slots of an empty smallest table, all FREE.
const FREE_SLOTS: u64 = u64::MAX;

/// hipy: entries an index table of `size` slots may hold (CPython's
/// `USABLE_FRACTION`): the entry array never grows past it, so at least a
/// third of the slots stay FREE and every probe ends.
const fn usable(size: usize) -> usize {
    (size << 1) / 3
}

/// hipy (vendor patch 4): CPython's compact table. The index table holds
/// one slot per hash bucket, each an entry index (or FREE / DUMMY) of 1, 2,
/// 4 or 8 bytes as the table's size needs (`dk_indices`); the smallest
/// table (8 one-byte slots) lives in `inline`, without an allocation. The
/// entry array keeps insertion order; its capacity is exact and never more
/// than `usable` of the table, so a full array means it is time to grow:
/// first the array alone (a new dict gets `FIRST_CAPACITY` entries), then
/// the whole table (`make_room`). Entries are 24 bytes (hash, key, value):
/// an entry does not record its slot; `changes` tells a caller whether the
/// slot and entry index a lookup found are still where it found them.
#[derive(Clone)]
struct DictInner<T> {
    used: usize,
    /// Bumped by every change of the key set or of where entries sit
    /// (insert of a new key, deletion, resize, clear). A lookup's result is
    /// still valid under the write lock while this is unchanged (wrapping:
    /// a stale result would need 2^32 changes between a lookup and its use).
    changes: u32,
    /// log2 of the index table's size (at least `MIN_LOG2`).
    log2: u8,
    /// Entries the first entry array gets (`FIRST_CAPACITY` or more).
    first_capacity: u8,
    /// DUMMY slots whose entries `pop_back` cut off the end of `entries`
    /// (hipy patch): they fill the index table but no longer count in
    /// `entries.len()`, so the room checks add them (CPython keeps this count
    /// in `dk_usable`, which a deletion never gives back). Without them,
    /// `d[k] = v; d.popitem()` in a loop fills every slot with DUMMY and the
    /// next lookup of a missing key never ends.
    orphans: u16,
    /// The slots of the smallest table (log2 == MIN_LOG2), one byte each.
    inline: u64,
    /// The slots of a larger table (empty for the smallest).
    heap: Box<[u64]>,
    entries: Vec<Option<DictEntry<T>>>,
}

unsafe impl<T: Traverse> Traverse for DictInner<T> {
    fn traverse(&self, tracer_fn: &mut TraverseFn<'_>) {
        self.entries
            .iter()
            .map(|v| {
                if let Some(v) = v {
                    v.key.traverse(tracer_fn);
                    v.value.traverse(tracer_fn);
                }
            })
            .count();
    }
}

impl<T: Clone + StoredValue> Clone for Dict<T> {
    fn clone(&self) -> Self {
        let inner = self.read();
        if inner.used == 0 {
            return Self::default();
        }
        // Keep dense copies cheap, but do not carry mostly empty storage into
        // a new dictionary. pop_back can leave oversized indices without holes.
        let inner = if inner.used == inner.entries.len()
            && (inner.log2 == MIN_LOG2 || inner.used >= inner.table_size() / 4)
        {
            inner.clone()
        } else {
            let mut copy = inner.clone();
            copy.rebuild(table_log2_for(inner.used), inner.used);
            copy
        };
        Self {
            inner: PyRwLock::new(inner),
            keys_version: AtomicU32::new(0),
            gc: AtomicU8::new(GC_TRACKED),
        }
    }
}

impl<T> Default for DictInner<T> {
    fn default() -> Self {
        Self {
            used: 0,
            changes: 0,
            log2: MIN_LOG2,
            first_capacity: FIRST_CAPACITY,
            orphans: 0,
            inline: FREE_SLOTS,
            heap: Box::default(),
            entries: Vec::new(),
        }
    }
}

impl<T> Default for Dict<T> {
    fn default() -> Self {
        Self {
            inner: PyRwLock::new(DictInner::default()),
            keys_version: AtomicU32::new(0),
            gc: AtomicU8::new(GC_TRACKED),
        }
    }
}

#[derive(Clone)]
struct DictEntry<T> {
    hash: HashValue,
    key: PyObjectRef,
    value: T,
}
static_assertions::assert_eq_size!(DictEntry<PyObjectRef>, Option<DictEntry<PyObjectRef>>);
static_assertions::assert_eq_size!(DictEntry<PyObjectRef>, [usize; 3]);
// A dict object stays within 128 bytes (a mimalloc size class).
static_assertions::assert_eq_size!(DictInner<PyObjectRef>, [usize; 8]);

#[derive(Debug, PartialEq, Eq)]
pub struct DictSize {
    indices_size: usize,
    pub entries_size: usize,
    pub used: usize,
}

/// The dict was resized under an iterator holding an older [`DictSize`].
#[derive(Debug)]
pub(crate) struct DictChanged;

/// The slots a hash probes, in CPython's order (hipy patch): the hash's low
/// bits first, then `i = i*5 + perturb + 1` with `perturb` (the hash as an
/// unsigned word) shifted right by 5 *before* each step. The order is
/// observable: a key's `__eq__` runs against the colliding keys in it.
struct GenIndexes {
    idx: u64,
    perturb: u64,
    mask: u64,
}

impl GenIndexes {
    const fn new(hash: HashValue, mask: HashIndex) -> Self {
        Self {
            idx: hash as u64,
            perturb: hash as u64,
            mask: mask as u64,
        }
    }

    const fn next(&mut self) -> usize {
        let i = self.idx & self.mask;
        self.perturb >>= 5;
        self.idx = i.wrapping_mul(5).wrapping_add(self.perturb).wrapping_add(1);
        i as usize
    }
}

/// hipy: the log2 of the smallest table whose usable part holds `n` entries.
fn table_log2_for(n: usize) -> u8 {
    let mut log2 = MIN_LOG2;
    while usable(1 << log2) < n {
        log2 += 1;
    }
    log2
}

/// hipy: bytes per index slot for a table of 2^log2 slots: an entry index is
/// below `usable` of the size, and FREE / DUMMY are -1 / -2.
const fn slot_width(log2: u8) -> usize {
    match log2 {
        0..=7 => 1,
        8..=15 => 2,
        16..=31 => 4,
        _ => 8,
    }
}

/// Slot `i` of the index table at `slots`, `width` bytes a slot.
///
/// # Safety
/// `slots` and `width` are a table's (`DictInner::slots`, `slot_width`), and
/// `i` is below its size.
#[inline(always)]
unsafe fn read_slot(slots: *const u8, width: usize, i: usize) -> IndexEntry {
    // SAFETY: the slots are `width` bytes each, in a word-aligned buffer.
    IndexEntry(unsafe {
        match width {
            1 => *slots.cast::<i8>().add(i) as i64,
            2 => *slots.cast::<i16>().add(i) as i64,
            4 => *slots.cast::<i32>().add(i) as i64,
            _ => *slots.cast::<i64>().add(i),
        }
    })
}

impl<T> DictInner<T> {
    #[inline(always)]
    const fn table_size(&self) -> usize {
        1 << self.log2
    }

    #[inline(always)]
    fn slots(&self) -> *const u8 {
        if self.log2 == MIN_LOG2 {
            (&raw const self.inline).cast()
        } else {
            self.heap.as_ptr().cast()
        }
    }

    /// The index slot `i` (below `table_size`).
    #[inline(always)]
    fn slot(&self, i: usize) -> IndexEntry {
        debug_assert!(i < self.table_size());
        // SAFETY: `i` is below the table's size.
        unsafe { read_slot(self.slots(), slot_width(self.log2), i) }
    }

    #[inline(always)]
    fn set_slot(&mut self, i: usize, v: IndexEntry) {
        debug_assert!(i < self.table_size());
        let width = slot_width(self.log2);
        let p = self.slots().cast_mut();
        // SAFETY: as in `slot`; the value fits the width (see `slot_width`).
        unsafe {
            match width {
                1 => *p.cast::<i8>().add(i) = v.0 as i8,
                2 => *p.cast::<i16>().add(i) = v.0 as i16,
                4 => *p.cast::<i32>().add(i) = v.0 as i32,
                _ => *p.cast::<i64>().add(i) = v.0,
            }
        }
    }

    /// A FREE slot for `hash` (the key is known to be absent, and the table
    /// has no DUMMY slots on the probe path that should be reused).
    fn free_slot(&self, hash: HashValue) -> usize {
        let mut idxs = GenIndexes::new(hash, (self.table_size() - 1) as HashIndex);
        loop {
            let i = idxs.next();
            if self.slot(i) == IndexEntry::FREE {
                return i;
            }
        }
    }

    /// The slot holding entry `entry_index`, whose hash is `hash`.
    fn slot_of(&self, hash: HashValue, entry_index: usize) -> usize {
        let mut idxs = GenIndexes::new(hash, (self.table_size() - 1) as HashIndex);
        loop {
            let i = idxs.next();
            if self.slot(i).index() == Some(entry_index) {
                return i;
            }
        }
    }

    /// Rebuild the table at 2^log2 slots with the live entries, in order and
    /// without holes, in an entry array of exactly `capacity` entries
    /// (at least `used`, at most `usable` of the new size).
    fn rebuild(&mut self, log2: u8, capacity: usize) {
        let log2 = log2.max(MIN_LOG2);
        debug_assert!(capacity >= self.used && capacity <= usable(1 << log2));
        // Compact away holes left by deleted entries, which also keeps entry
        // positions dense, as the hole-free shape-stamp fast path needs.
        let mut compacted = Vec::with_capacity(capacity);
        compacted.extend(self.entries.drain(..).flatten().map(Some));
        self.entries = compacted;
        self.orphans = 0;
        self.log2 = log2;
        self.inline = FREE_SLOTS;
        self.heap = if log2 == MIN_LOG2 {
            Box::default()
        } else {
            vec![u64::MAX; ((1usize << log2) * slot_width(log2)).div_ceil(8)].into_boxed_slice()
        };
        for entry_index in 0..self.entries.len() {
            // SAFETY: compaction above removed every hole.
            let hash = unsafe { self.entries.get_unchecked(entry_index).as_ref().unwrap_unchecked().hash };
            let slot = self.free_slot(hash);
            // SAFETY: an entry index, not FREE or DUMMY.
            self.set_slot(slot, unsafe { IndexEntry::from_index_unchecked(entry_index) });
        }
        self.changes = self.changes.wrapping_add(1);
    }

    /// Make room for one more entry in a full entry array: grow the array
    /// alone while the table has usable slots left, else rebuild the table
    /// for the live entries (CPython's `GROWTH_RATE`: used * 3), which also
    /// drops the holes of deleted entries. Whether the table was rebuilt.
    fn make_room(&mut self) -> bool {
        let usable_now = usable(self.table_size());
        if self.entries.len() + usize::from(self.orphans) < usable_now {
            // A new array and a move rather than `reserve_exact`: the
            // allocator's aligned realloc takes its slow path.
            let want = if self.entries.capacity() == 0 {
                (self.first_capacity as usize).min(usable_now)
            } else {
                usable_now
            };
            let mut grown = Vec::with_capacity(want);
            grown.append(&mut self.entries);
            self.entries = grown;
            false
        } else {
            let log2 = (self.used * 3).max(8).next_power_of_two().trailing_zeros() as u8;
            self.rebuild(log2, usable(1 << log2));
            true
        }
    }

    /// Append a new entry for a key known to be absent, at `slot` (FREE or
    /// DUMMY) of the current table. Returns the entry's index.
    fn push_new(&mut self, mut slot: IndexIndex, hash: HashValue, key: PyObjectRef, value: T) -> usize {
        let limit = self.entries.capacity().min(usable(self.table_size()) - usize::from(self.orphans));
        if self.entries.len() >= limit && self.make_room() {
            slot = self.free_slot(hash);
        }
        let entry_index = self.entries.len();
        self.entries.push(Some(DictEntry { hash, key, value }));
        // SAFETY: an entry index is below `usable` of the table's size.
        self.set_slot(slot, unsafe { IndexEntry::from_index_unchecked(entry_index) });
        self.used += 1;
        self.changes = self.changes.wrapping_add(1);
        entry_index
    }

    const fn size(&self) -> DictSize {
        DictSize {
            indices_size: 1 << self.log2,
            entries_size: self.entries.len(),
            used: self.used,
        }
    }

    /// The entry at `idx` if the table is as a lookup that saw `changes` left it.
    #[inline]
    fn get_entry_checked(&self, idx: EntryIndex, changes: u32) -> Option<&DictEntry<T>> {
        if self.changes != changes {
            return None;
        }
        self.entries.get(idx)?.as_ref()
    }

    /// Empty the table, returning its old contents.
    fn take_all(&mut self) -> Self {
        let empty = Self {
            changes: self.changes.wrapping_add(1),
            first_capacity: self.first_capacity,
            ..Self::default()
        };
        core::mem::replace(self, empty)
    }

    /// Bytes of the index table's allocation (none for the smallest).
    fn index_bytes(&self) -> usize {
        self.heap.len() * size_of::<u64>()
    }
}

type PopInnerResult<T> = ControlFlow<Option<DictEntry<T>>>;

impl<T: Clone + StoredValue> Dict<T> {
    /// hipy: whether every key and value is an object that cannot be part of
    /// a cycle (CPython's `_PyDict_MaybeUntrack` test).
    pub(crate) fn holds_only_atoms(&self) -> bool {
        let inner = self.read();
        inner.used == 0
            || inner
                .entries
                .iter()
                .flatten()
                .all(|e| !e.key.gc_may_be_tracked() && !e.value.may_be_tracked())
    }

    /// hipy: a new dict object owns this table: leave it untracked if it
    /// holds only atoms (no other thread can store into it yet). Whether it did.
    pub(crate) fn untracked_at_birth(&self) -> bool {
        let atoms = self.holds_only_atoms();
        if atoms {
            self.gc.store(GC_UNTRACKED, Relaxed);
        }
        atoms
    }

    /// hipy: whether the owning dict is untracked now and a store of `key`
    /// and `value` must track it. Checked before the store; the tracking
    /// happens after the table's lock is released (`track_after_store`): the
    /// collector takes a generation list's lock before a table's.
    #[inline]
    fn must_track_for<K: DictKey + ?Sized>(&self, key: &K, value: &T) -> bool {
        self.gc.load(Relaxed) == GC_UNTRACKED && (key.key_may_be_tracked() || value.may_be_tracked())
    }

    /// hipy: track the owning dict again after a store `must_track_for`
    /// asked for (once, whichever thread gets there first).
    #[cold]
    fn track_after_store(&self) {
        if self
            .gc
            .compare_exchange(GC_UNTRACKED, GC_TRACKED, AcqRel, Relaxed)
            .is_ok()
        {
            unsafe { self.track_owner() };
        }
    }

    /// hipy: see `Py<PyDict>::size_for_instance`. Only before the first
    /// entry array is made.
    pub(crate) fn size_first_entries(&self, attrs: usize) {
        let mut inner = self.write();
        if inner.entries.capacity() == 0 {
            inner.first_capacity = attrs.clamp(1, usable(1 << MIN_LOG2)) as u8;
        }
    }

    /// # Safety
    /// Only for a table that was `GC_UNTRACKED` until the caller changed
    /// that: such a table is a live `PyDict`'s, whose object is untracked.
    unsafe fn track_owner(&self) {
        let owner = unsafe { crate::builtins::dict::object_of_table(self as *const Self as *const ()) };
        unsafe {
            crate::gc_state::gc_state().track_object(owner, crate::gc_state::current_owner());
        }
    }

    /// hipy: the owning dict was just left untracked (born so, or untracked
    /// by a full collection). If a store of a trackable object raced in
    /// before this mark, track it again.
    pub(crate) fn set_untracked(&self) {
        self.gc.store(GC_UNTRACKED, Release);
        if !self.holds_only_atoms() {
            self.track_after_store();
        }
    }

    /// hipy: the owning dict becomes an object's `__dict__`.
    pub(crate) fn attach(&self) {
        // An object's attributes come one store at a time: its first entry
        // array holds as many as the smallest table allows (as CPython's
        // instance dicts), so that up to 5 attributes need one allocation.
        self.write().first_capacity = usable(1 << MIN_LOG2) as u8;
    }

    /// hipy: append `key`, with `hash`, as a new entry holding `value`, and
    /// change the keys-version stamp from `from` to `to`, under one lock and
    /// without comparing keys: `from` stands for the keys the table holds
    /// (hipy's shapes), `to` for those keys then `key`. `value` comes back,
    /// nothing changed, when the stamp is not `from` or an entry has `key`'s
    /// hash (that entry may be `key`, which only a lookup can tell).
    pub(crate) fn append_new_key(&self, key: PyObjectRef, hash: HashValue, value: T, from: u32, to: u32) -> Result<usize, T> {
        let track = self.gc.load(Relaxed) == GC_UNTRACKED && value.may_be_tracked();
        let index = {
            let mut inner = self.write();
            if from == 0 || self.keys_version.load(Acquire) != from || inner.entries.iter().flatten().any(|e| e.hash == hash) {
                return Err(value);
            }
            let slot = inner.free_slot(hash);
            let index = inner.push_new(slot, hash, key, value);
            self.keys_version.store(to, Release);
            index
        };
        if track {
            self.track_after_store();
        }
        Ok(index)
    }

    /// hipy: track the owning dict if it is untracked now: a store that
    /// bypassed this table's methods put an object that may be part of a
    /// cycle in it (`PyDict::track_for_stored`).
    #[inline]
    pub(crate) fn track_if_untracked(&self) {
        if self.gc.load(Relaxed) == GC_UNTRACKED {
            self.track_after_store();
        }
    }

    /// hipy: whether the collector may leave the owning dict untracked.
    pub(crate) fn may_untrack(&self) -> bool {
        self.gc.load(Relaxed) == GC_TRACKED
    }

    /// Current keys-version stamp, or 0 if none has been assigned since the
    /// last key-set change. Equal nonzero stamps guarantee an unchanged key
    /// set (values may differ).
    pub(crate) fn keys_version(&self) -> u32 {
        self.keys_version.load(Acquire)
    }

    /// Capture a module attribute's entry index and layout stamp together.
    /// Exact string keys and an absent `__getattr__` permit direct indexed reads.
    pub(crate) fn module_attr_cache(
        &self,
        name: &PyStrInterned,
        vm: &VirtualMachine,
    ) -> Option<(u32, u16)> {
        self.assign_keys_version();
        let inner = self.read();
        // Shared shape stamps can recur after an A -> B -> A layout change.
        // Read the stamp and resolve the index under the same guard.
        let version = self.keys_version.load(Acquire);
        if version == 0 {
            return None;
        }
        let mut index = None;
        for (entry_index, entry) in inner.entries.iter().enumerate() {
            let Some(entry) = entry else { continue };
            let key = entry.key.downcast_ref_if_exact::<PyStr>(vm)?;
            if key.as_wtf8().as_bytes() == b"__getattr__" {
                return None;
            }
            if key.as_wtf8() == name.as_wtf8() {
                index = Some(u16::try_from(entry_index).ok()?);
            }
        }
        Some((version, index?))
    }

    /// Concurrent specializations can publish an index from a different layout.
    /// Validate the name as well as the stamp before reading the cached entry.
    #[inline]
    pub(crate) fn get_cached_module_attr(
        &self,
        name: &PyStrInterned,
        version: usize,
        index: usize,
        vm: &VirtualMachine,
    ) -> Option<T> {
        let inner = self.read();
        if version == 0 || self.keys_version.load(Acquire) as usize != version {
            return None;
        }
        let entry = inner.entries.get(index)?.as_ref()?;
        if !name.key_is(&entry.key) {
            let key = entry.key.downcast_ref_if_exact::<PyStr>(vm)?;
            if key.as_wtf8() != name.as_wtf8() {
                return None;
            }
        }
        Some(entry.value.clone())
    }

    /// Return the current keys-version stamp, assigning one if none is set.
    /// Returns 0 only if no stamp could be allocated.
    ///
    /// When the dict is hole-free and all keys are interned strings, the
    /// stamp is the *shared shape stamp* for that exact key sequence, so
    /// dicts with identical layouts (e.g. instances of the same class built
    /// by the same `__init__`) carry equal stamps and one cached stamp or
    /// entry index serves them all. Otherwise a dict-unique stamp is used.
    ///
    /// The shape inspection and the stamp install happen under the inner
    /// read lock. Key-set changes reset the stamp under the write lock, so
    /// an installed stamp always attests the layout it was derived from.
    pub(crate) fn assign_keys_version(&self) -> u32 {
        let version = self.keys_version.load(Acquire);
        if version != 0 {
            return version;
        }
        let inner = self.read();
        // Re-check under the lock: a concurrent assign may have won.
        let version = self.keys_version.load(Acquire);
        if version != 0 {
            return version;
        }
        let new_version = Self::derive_shape_stamp(&inner).unwrap_or_else(next_keys_version);
        if new_version == 0 {
            return 0;
        }
        // Only install over 0 so an already-valid stamp is never replaced.
        match self
            .keys_version
            .compare_exchange(0, new_version, AcqRel, Acquire)
        {
            Ok(_) => new_version,
            Err(current) => current,
        }
    }

    /// Compute the shared shape stamp for the current layout, if it
    /// qualifies: hole-free entries, bounded size, all keys interned strings.
    fn derive_shape_stamp(inner: &DictInner<T>) -> Option<u32> {
        if inner.entries.len() != inner.used || inner.used > SHAPE_MAX_KEYS {
            return None;
        }
        let shape = inner
            .entries
            .iter()
            .map(|entry| {
                let key = &entry.as_ref()?.key;
                key.is_interned()
                    .then(|| key.as_ref() as *const PyObject as usize)
            })
            .collect::<Option<Vec<usize>>>()?;
        shape_stamp(&shape)
    }

    /// Reset the keys-version stamp on a key-set change (insert of a new
    /// key, deletion, or clear). Value-only updates keep the stamp.
    ///
    /// Must be called while holding the write lock, *before* the key set is
    /// modified: a lock-free stamp reader that still observes the old stamp
    /// then provably ran before the change became visible, so acting on the
    /// old key set is linearizable. A stamp assigned concurrently (between
    /// this reset and the mutation) can only be trusted by a caller whose
    /// subsequent probe serializes after the mutation through the inner
    /// lock, which then reflects the new key set. A nonzero stamp can match
    /// again only after the exact key layout it attests has been restored.
    fn invalidate_keys_version(&self) {
        self.keys_version.store(0, Release);
    }

    fn read(&self) -> PyRwLockReadGuard<'_, DictInner<T>> {
        self.inner.read()
    }

    fn write(&self) -> PyRwLockWriteGuard<'_, DictInner<T>> {
        self.inner.write()
    }

    /// Reserve space for known keys without changing an existing key layout.
    /// Only use on an unpublished dictionary: resizing must not race with a
    /// lookup that has already probed the old index table.
    pub(crate) fn reserve_for_empty(&self, capacity: usize) {
        // Tables past this are left to grow as keys come (a capacity that
        // large is an estimate, and the allocation could fail).
        if capacity == 0 || capacity > usable(1 << 31) {
            return;
        }
        let mut inner = self.write();
        if inner.used != 0 || !inner.entries.is_empty() {
            return;
        }
        // Every slot is FREE, so a larger table needs no rehash and leaves
        // the empty key layout and its version unchanged. The entry array
        // gets exactly `capacity` entries.
        let log2 = table_log2_for(capacity).max(inner.log2);
        if log2 > inner.log2 || inner.entries.capacity() < capacity {
            inner.rebuild(log2, capacity);
        }
    }

    /// Store a key
    pub(crate) fn insert<K>(&self, vm: &VirtualMachine, key: &K, value: T) -> PyResult<()>
    where
        K: DictKey + ?Sized,
    {
        let hash = key.key_hash(vm)?;
        self.insert_known_hash(vm, key, hash, value)
    }

    /// Store a key whose hash the caller already knows.
    ///
    /// `hash` must be computed for `key` or read from [`Self::keys_with_hashes`]
    /// or [`Self::next_entry_with_hash`] on a container holding this same key.
    /// A wrong hash lands the entry in a bucket no lookup probes, silently
    /// losing the key.
    pub(crate) fn insert_known_hash<K>(
        &self,
        vm: &VirtualMachine,
        key: &K,
        hash: HashValue,
        value: T,
    ) -> PyResult<()>
    where
        K: DictKey + ?Sized,
    {
        self.insert_known_hash_indexed(vm, key, hash, value)?;
        Ok(())
    }

    /// [`Self::insert_known_hash`], also reporting the entry index it stored to.
    ///
    /// The index doubles as a `hint` for [`Self::get_hint`] /
    /// [`Self::insert_with_hint`], so a caller that wants one gets it from the
    /// store itself instead of probing the dict a second time.
    fn insert_known_hash_indexed<K>(
        &self,
        vm: &VirtualMachine,
        key: &K,
        hash: HashValue,
        value: T,
    ) -> PyResult<usize>
    where
        K: DictKey + ?Sized,
    {
        let track = self.must_track_for(key, &value);
        let (stored_index, _removed) = loop {
            let (entry_index, index_index, changes) = self.lookup(vm, key, hash, None)?;
            let mut inner = self.write();
            if inner.changes != changes {
                // The dict was changed since we did lookup. Let's try again.
                continue;
            }
            if let Some(index) = entry_index.index() {
                // Update existing key
                // SAFETY: the lookup found a live entry there, unchanged since.
                let entry = unsafe { inner.entries.get_unchecked_mut(index).as_mut().unwrap_unchecked() };
                let removed = core::mem::replace(&mut entry.value, value);
                // defer dec RC
                break (index, Some(removed));
            } else {
                self.invalidate_keys_version();
                let stored = inner.push_new(index_index, hash, key.to_pyobject(vm), value);
                break (stored, None);
            }
        };
        if track {
            self.track_after_store();
        }
        Ok(stored_index)
    }

    pub(crate) fn contains<K: DictKey + ?Sized>(
        &self,
        vm: &VirtualMachine,
        key: &K,
    ) -> PyResult<bool> {
        let key_hash = key.key_hash(vm)?;
        self.contains_known_hash(vm, key, key_hash)
    }

    /// [`Self::contains`] with a known hash. Same contract as
    /// [`Self::insert_known_hash`].
    pub(crate) fn contains_known_hash<K: DictKey + ?Sized>(
        &self,
        vm: &VirtualMachine,
        key: &K,
        hash: HashValue,
    ) -> PyResult<bool> {
        let (entry, _, _) = self.lookup(vm, key, hash, None)?;
        Ok(entry.index().is_some())
    }

    /// Retrieve a key
    #[cfg_attr(feature = "flame-it", flame("Dict"))]
    pub(crate) fn get<K: DictKey + ?Sized>(
        &self,
        vm: &VirtualMachine,
        key: &K,
    ) -> PyResult<Option<T>> {
        let hash = key.key_hash(vm)?;
        self._get_inner(vm, key, hash)
    }

    /// `_PyDict_GetItem_KnownHash`: lookup using a caller-supplied hash.
    pub(crate) fn get_known_hash<K: DictKey + ?Sized>(
        &self,
        vm: &VirtualMachine,
        key: &K,
        hash: HashValue,
    ) -> PyResult<Option<T>> {
        self._get_inner(vm, key, hash)
    }

    /// Return a stable entry hint for `key` if present.
    ///
    /// The hint is the internal entry index and can be used with
    /// [`Self::get_hint`]. It is invalidated by dict mutations.
    pub(crate) fn hint_for_key<K: DictKey + ?Sized>(
        &self,
        vm: &VirtualMachine,
        key: &K,
    ) -> PyResult<Option<u16>> {
        let hash = key.key_hash(vm)?;
        let (entry, _, _) = self.lookup(vm, key, hash, None)?;
        let Some(index) = entry.index() else {
            return Ok(None);
        };
        Ok(u16::try_from(index).ok())
    }

    /// Retrieve a key along with its entry index, for hint caching.
    ///
    /// Same as [`Self::get`], but on a hit also returns the entry index
    /// usable as a `hint` for [`Self::get_hint`] (`None` if it doesn't fit).
    pub(crate) fn get_with_hint<K: DictKey + ?Sized>(
        &self,
        vm: &VirtualMachine,
        key: &K,
    ) -> PyResult<Option<(T, Option<u16>)>> {
        let hash = key.key_hash(vm)?;
        let ret = loop {
            let (entry, _, changes) = self.lookup(vm, key, hash, None)?;
            if let Some(index) = entry.index() {
                let inner = self.read();
                if let Some(entry) = inner.get_entry_checked(index, changes) {
                    // The dict was not changed since we did lookup
                    break Some((entry.value.clone(), u16::try_from(index).ok()));
                }
                // The dict was changed since we did lookup. Let's try again.
            } else {
                break None;
            }
        };
        Ok(ret)
    }

    /// Replace the value at entry index `hint` if that entry's key is
    /// identical to `key`, otherwise fall back to a full probing store.
    ///
    /// On a hint miss, returns a refreshed hint for the key (`None` when the
    /// hint hit or no hint is representable).
    pub(crate) fn insert_with_hint<K: DictKey + ?Sized>(
        &self,
        vm: &VirtualMachine,
        key: &K,
        hint: usize,
        value: T,
    ) -> PyResult<Option<u16>> {
        let track = self.must_track_for(key, &value);
        let value = {
            let mut inner = self.write();
            match inner.entries.get_mut(hint) {
                Some(Some(entry)) if key.key_is(&entry.key) => {
                    let removed = core::mem::replace(&mut entry.value, value);
                    drop(inner);
                    // defer dec RC until after the lock is released
                    drop(removed);
                    if track {
                        self.track_after_store();
                    }
                    return Ok(None);
                }
                _ => value,
            }
        };
        let hash = key.key_hash(vm)?;
        let stored = self.insert_known_hash_indexed(vm, key, hash, value)?;
        Ok(u16::try_from(stored).ok())
    }

    /// Fast path lookup using a cached entry index (`hint`).
    ///
    /// Returns `None` if the hint is stale or the key no longer matches.
    pub(crate) fn get_hint<K: DictKey + ?Sized>(
        &self,
        vm: &VirtualMachine,
        key: &K,
        hint: usize,
    ) -> PyResult<Option<T>> {
        let (entry_key, entry_value) = {
            let inner = self.read();
            let Some(Some(entry)) = inner.entries.get(hint) else {
                return Ok(None);
            };
            if key.key_is(&entry.key) {
                return Ok(Some(entry.value.clone()));
            }
            (entry.key.clone(), entry.value.clone())
        };
        // key_eq may run Python __eq__, so must be outside the lock.
        if key.key_eq(vm, &entry_key)? {
            Ok(Some(entry_value))
        } else {
            Ok(None)
        }
    }

    /// Read an entry directly when a cached keys-version still describes the
    /// dictionary layout. The version is rechecked while holding the read lock
    /// so the entry index and value are observed from the same key-set state.
    #[inline]
    pub(crate) fn get_index_if_keys_version(&self, version: u32, index: usize) -> Option<T> {
        let inner = self.read();
        if self.keys_version.load(Acquire) != version {
            return None;
        }
        inner
            .entries
            .get(index)
            .and_then(Option::as_ref)
            .map(|entry| entry.value.clone())
    }

    fn _get_inner<K: DictKey + ?Sized>(
        &self,
        vm: &VirtualMachine,
        key: &K,
        hash: HashValue,
    ) -> PyResult<Option<T>> {
        let ret = loop {
            let (entry, _, changes) =
                match self.lookup_extract(vm, key, hash, None, |entry| entry.value.clone())? {
                    // Read under the probe's own guard: nothing to re-check.
                    (_, Some(value)) => break Some(value),
                    (lookup, None) => lookup,
                };
            if let Some(index) = entry.index() {
                let inner = self.read();
                if let Some(entry) = inner.get_entry_checked(index, changes) {
                    // The dict was not changed since we did lookup
                    break Some(entry.value.clone());
                }

                // The dict was changed since we did lookup. Let's try again.
            } else {
                break None;
            }
        };
        Ok(ret)
    }

    pub(crate) fn get_chain<K: DictKey + ?Sized>(
        &self,
        other: &Self,
        vm: &VirtualMachine,
        key: &K,
    ) -> PyResult<Option<T>> {
        let hash = key.key_hash(vm)?;
        if let Some(x) = self._get_inner(vm, key, hash)? {
            Ok(Some(x))
        } else {
            other._get_inner(vm, key, hash)
        }
    }

    pub(crate) fn clear(&self) {
        let _removed = {
            let mut inner = self.write();
            self.invalidate_keys_version();
            // defer dec rc
            inner.take_all()
        };
    }

    /// Delete a key
    pub(crate) fn delete<K>(&self, vm: &VirtualMachine, key: &K) -> PyResult<()>
    where
        K: DictKey + ?Sized,
    {
        if self.remove_if_exists(vm, key)?.is_some() {
            Ok(())
        } else {
            Err(vm.new_key_error(key.to_pyobject(vm)))
        }
    }

    /// [`Self::delete_if_exists`] with a known hash. Same contract as
    /// [`Self::insert_known_hash`].
    pub(crate) fn delete_if_exists_known_hash<K>(
        &self,
        vm: &VirtualMachine,
        key: &K,
        hash: HashValue,
    ) -> PyResult<bool>
    where
        K: DictKey + ?Sized,
    {
        self.remove_if_known_hash(vm, key, hash, |_| Ok(true))
            .map(|opt| opt.is_some())
    }

    pub(crate) fn delete_if<K, F>(&self, vm: &VirtualMachine, key: &K, pred: F) -> PyResult<bool>
    where
        K: DictKey + ?Sized,
        F: Fn(&T) -> PyResult<bool>,
    {
        self.remove_if(vm, key, pred).map(|opt| opt.is_some())
    }

    pub(crate) fn remove_if_exists<K>(&self, vm: &VirtualMachine, key: &K) -> PyResult<Option<T>>
    where
        K: DictKey + ?Sized,
    {
        self.remove_if(vm, key, |_| Ok(true))
    }

    /// pred should be VERY CAREFUL about what it does as it is called while
    /// the dict's internal mutex is held
    pub(crate) fn remove_if<K, F>(
        &self,
        vm: &VirtualMachine,
        key: &K,
        pred: F,
    ) -> PyResult<Option<T>>
    where
        K: DictKey + ?Sized,
        F: Fn(&T) -> PyResult<bool>,
    {
        let hash = key.key_hash(vm)?;
        self.remove_if_known_hash(vm, key, hash, pred)
    }

    /// [`Self::remove_if`] with a known hash. Same contract as
    /// [`Self::insert_known_hash`].
    fn remove_if_known_hash<K, F>(
        &self,
        vm: &VirtualMachine,
        key: &K,
        hash: HashValue,
        pred: F,
    ) -> PyResult<Option<T>>
    where
        K: DictKey + ?Sized,
        F: Fn(&T) -> PyResult<bool>,
    {
        let removed = loop {
            let lookup = self.lookup(vm, key, hash, None)?;
            match self.pop_inner_if(lookup, &pred)? {
                ControlFlow::Break(entry) => break entry,
                ControlFlow::Continue(()) => continue,
            }
        };
        Ok(removed.map(|entry| entry.value))
    }

    pub(crate) fn setdefault<K, F>(&self, vm: &VirtualMachine, key: &K, default: F) -> PyResult<T>
    where
        K: DictKey + ?Sized,
        F: FnOnce() -> T,
    {
        let hash = key.key_hash(vm)?;
        let mut default = Some(default);
        loop {
            let (index_entry, index_index, changes) = self.lookup(vm, key, hash, None)?;
            if let Some(index) = index_entry.index() {
                let inner = self.read();
                if let Some(entry) = inner.get_entry_checked(index, changes) {
                    return Ok(entry.value.clone());
                }
                continue;
            }
            let mut inner = self.write();
            if inner.changes != changes {
                continue;
            }
            let value = default
                .take()
                .expect("default must only be computed on insertion")();
            let track = self.must_track_for(key, &value);
            self.invalidate_keys_version();
            inner.push_new(index_index, hash, key.to_pyobject(vm), value.clone());
            drop(inner);
            if track {
                self.track_after_store();
            }
            return Ok(value);
        }
    }

    #[allow(dead_code)]
    pub(crate) fn setdefault_entry<K, F>(
        &self,
        vm: &VirtualMachine,
        key: &K,
        default: F,
    ) -> PyResult<(PyObjectRef, T)>
    where
        K: DictKey + ?Sized,
        F: FnOnce() -> T,
    {
        let hash = key.key_hash(vm)?;
        let mut default = Some(default);
        loop {
            let (index_entry, index_index, changes) = self.lookup(vm, key, hash, None)?;
            if let Some(index) = index_entry.index() {
                let inner = self.read();
                if let Some(entry) = inner.get_entry_checked(index, changes) {
                    return Ok((entry.key.clone(), entry.value.clone()));
                }
                continue;
            }
            let mut inner = self.write();
            if inner.changes != changes {
                continue;
            }
            let value = default
                .take()
                .expect("default must only be computed on insertion")();
            let key_obj = key.to_pyobject(vm);
            let ret = (key_obj.clone(), value.clone());
            let track = self.must_track_for(key, &value);
            self.invalidate_keys_version();
            inner.push_new(index_index, hash, key_obj, value);
            drop(inner);
            if track {
                self.track_after_store();
            }
            return Ok(ret);
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.read().used
    }

    pub(crate) fn size(&self) -> DictSize {
        self.read().size()
    }

    /// Step to the first live entry at or after `position`, verifying the size
    /// against `old` under the same read guard.
    ///
    /// `project` runs under that guard, so it must not run Python or take
    /// another dict lock; it is there so an iterator clones only the field it
    /// keeps rather than both the key and the value.
    pub(crate) fn next_entry_checked<R>(
        &self,
        mut position: EntryIndex,
        old: &DictSize,
        project: impl FnOnce(&PyObject, &T) -> R,
    ) -> Result<Option<(usize, R)>, DictChanged> {
        let inner = self.read();
        if inner.size() != *old {
            return Err(DictChanged);
        }
        loop {
            let Some(entry) = inner.entries.get(position) else {
                return Ok(None);
            };
            position += 1;
            if let Some(entry) = entry {
                return Ok(Some((position, project(&entry.key, &entry.value))));
            }
        }
    }

    /// [`Self::next_entry_checked`] in reverse.
    pub(crate) fn prev_entry_checked<R>(
        &self,
        mut position: EntryIndex,
        old: &DictSize,
        project: impl FnOnce(&PyObject, &T) -> R,
    ) -> Result<Option<(usize, R)>, DictChanged> {
        let inner = self.read();
        if inner.size() != *old {
            return Err(DictChanged);
        }
        loop {
            let Some(entry) = inner.entries.get(position) else {
                return Ok(None);
            };
            if let Some(entry) = entry {
                return Ok(Some((position, project(&entry.key, &entry.value))));
            }
            if position == 0 {
                return Ok(None);
            }
            position -= 1;
        }
    }

    pub(crate) fn next_entry(&self, position: EntryIndex) -> Option<(usize, PyObjectRef, T)> {
        self.next_entry_with_hash(position)
            .map(|(position, key, value, _)| (position, key, value))
    }

    pub(crate) fn next_entry_with_hash(
        &self,
        mut position: EntryIndex,
    ) -> Option<(usize, PyObjectRef, T, HashValue)> {
        let inner = self.read();
        loop {
            let entry = inner.entries.get(position)?;
            position += 1;
            if let Some(entry) = entry {
                break Some((position, entry.key.clone(), entry.value.clone(), entry.hash));
            }
        }
    }

    pub(crate) fn prev_entry(&self, mut position: EntryIndex) -> Option<(usize, PyObjectRef, T)> {
        let inner = self.read();
        loop {
            let entry = inner.entries.get(position)?;
            if let Some(entry) = entry {
                break Some((position, entry.key.clone(), entry.value.clone()));
            }
            if position == 0 {
                break None;
            }
            position -= 1;
        }
    }

    pub(crate) fn len_from_entry_index(&self, position: EntryIndex) -> usize {
        self.read().entries.len().saturating_sub(position)
    }

    pub(crate) fn has_changed_size(&self, old: &DictSize) -> bool {
        let current = self.read().size();
        current != *old
    }

    pub(crate) fn keys(&self) -> Vec<PyObjectRef> {
        self.read()
            .entries
            .iter()
            .filter_map(|v| v.as_ref().map(|v| v.key.clone()))
            .collect()
    }

    /// All keys paired with the hash stored in their entry, for feeding
    /// [`Self::insert_known_hash`] without re-calling `__hash__`.
    pub(crate) fn keys_with_hashes(&self) -> Vec<(PyObjectRef, HashValue)> {
        self.read()
            .entries
            .iter()
            .filter_map(|v| v.as_ref().map(|v| (v.key.clone(), v.hash)))
            .collect()
    }

    pub(crate) fn values(&self) -> Vec<T> {
        self.read()
            .entries
            .iter()
            .filter_map(|v| v.as_ref().map(|v| v.value.clone()))
            .collect()
    }

    pub(crate) fn items(&self) -> Vec<(PyObjectRef, T)> {
        self.read()
            .entries
            .iter()
            .filter_map(|v| v.as_ref().map(|v| (v.key.clone(), v.value.clone())))
            .collect()
    }

    /// Lookup the index for the given key.
    #[cfg_attr(feature = "flame-it", flame("Dict"))]
    fn lookup<K: DictKey + ?Sized>(
        &self,
        vm: &VirtualMachine,
        key: &K,
        hash_value: HashValue,
        lock: Option<PyRwLockReadGuard<'_, DictInner<T>>>,
    ) -> PyResult<LookupResult> {
        let (ret, _) = self.lookup_extract(vm, key, hash_value, lock, |_| ())?;
        Ok(ret)
    }

    /// [`Self::lookup`], additionally reading the matched entry when the probe
    /// settles it by key identity.
    ///
    /// That is the common case, and it is decided while the read guard is still
    /// held — so a caller that only wants the entry's value gets it here instead
    /// of taking the lock a second time to re-find what the probe already had.
    /// `extract` therefore runs under the guard and must not run Python. It is
    /// not called when the key had to be compared with `key_eq`, which does run
    /// Python and so releases the guard first.
    #[cfg_attr(feature = "flame-it", flame("Dict"))]
    fn lookup_extract<K: DictKey + ?Sized, R>(
        &self,
        vm: &VirtualMachine,
        key: &K,
        hash_value: HashValue,
        mut lock: Option<PyRwLockReadGuard<'_, DictInner<T>>>,
        extract: impl Fn(&DictEntry<T>) -> R,
    ) -> PyResult<(LookupResult, Option<R>)> {
        let mut idxs: Option<GenIndexes> = None;
        let mut free_slot = None;
        let mut seen_changes = 0;
        let ret = 'outer: loop {
            let (entry_key, ret) = {
                let inner = lock.take().unwrap_or_else(|| self.read());
                let mask = (inner.table_size() - 1) as i64;
                let idxs = match &mut idxs {
                    // A key comparison ran Python and left the table as it was.
                    Some(idxs) if seen_changes == inner.changes => idxs,
                    // The first probe, or the table changed since: (re)start.
                    _ => {
                        free_slot = None;
                        seen_changes = inner.changes;
                        idxs.insert(GenIndexes::new(hash_value, mask))
                    }
                };
                let (slots, width) = (inner.slots(), slot_width(inner.log2));
                loop {
                    let index_index = idxs.next();
                    // SAFETY: index_index is generated within the mask.
                    let index_entry = unsafe { read_slot(slots, width, index_index) };
                    match index_entry {
                        IndexEntry::DUMMY => {
                            if free_slot.is_none() {
                                free_slot = Some(index_index);
                            }
                        }
                        IndexEntry::FREE => {
                            let idxs = match free_slot {
                                Some(free) => (IndexEntry::DUMMY, free, inner.changes),
                                None => (IndexEntry::FREE, index_index, inner.changes),
                            };
                            return Ok((idxs, None));
                        }
                        idx => {
                            let entry = unsafe {
                                // Safety: DUMMY and FREE are already handled above.
                                // i is always valid and entry always exists.
                                let i = idx.index().unwrap_unchecked();
                                inner.entries.get_unchecked(i).as_ref().unwrap_unchecked()
                            };
                            let ret = (idx, index_index, inner.changes);

                            #[expect(
                                clippy::redundant_else,
                                reason = "Keeping the empty `else` block here for documentation"
                            )]
                            if key.key_is(&entry.key) {
                                return Ok((ret, Some(extract(entry))));
                            } else if entry.hash == hash_value {
                                // hipy (vendor patch 32): keys that compare
                                // without Python code are decided here, under
                                // the guard, as CPython's `unicode_eq` in
                                // `lookdict`; only the rest leave the lock.
                                match key.key_eq_native(vm, &entry.key) {
                                    Some(true) => return Ok((ret, Some(extract(entry)))),
                                    Some(false) => {}
                                    None => break (entry.key.clone(), ret),
                                }
                            } else {
                                // entry mismatch
                            }
                        }
                    }
                    // warn!("Perturb value: {}", i);
                }
            };

            #[expect(
                clippy::redundant_else,
                reason = "Keeping the empty `else` block here for documentation"
            )]
            // This comparison needs to be done outside the lock.
            let equal = key.key_eq(vm, &entry_key)?;
            // CPython's rule (`lookdict`): the comparison ran Python, which
            // may have changed the dict. If the compared entry is still in
            // its slot with the same key object, the answer stands (and the
            // probe goes on from there); other changes do not restart the
            // lookup, which would run `__eq__` again.
            let inner = self.read();
            let (idx, index_index, _) = ret;
            let same_entry = index_index < inner.table_size()
                // SAFETY: index_index is below the table's size (checked).
                && unsafe { read_slot(inner.slots(), slot_width(inner.log2), index_index) } == idx
                && idx
                    .index()
                    .and_then(|i| inner.entries.get(i))
                    .and_then(Option::as_ref)
                    .is_some_and(|e| e.key.is(&entry_key));
            if same_entry {
                seen_changes = inner.changes;
                if equal {
                    break 'outer (idx, index_index, inner.changes);
                }
            } else {
                // The table was rebuilt or the entry replaced: start again.
                idxs = None;
            }
            drop(inner);

            // warn!("Perturb value: {}", i);
        };
        Ok((ret, None))
    }

    // returns Err(()) if changed since lookup
    fn pop_inner(&self, lookup: LookupResult) -> PopInnerResult<T> {
        self.pop_inner_if(lookup, |_| Ok::<_, core::convert::Infallible>(true))
            .unwrap_or_else(|x| match x {})
    }

    fn pop_inner_if<E>(
        &self,
        lookup: LookupResult,
        pred: impl Fn(&T) -> Result<bool, E>,
    ) -> Result<PopInnerResult<T>, E> {
        let (entry_index, index_index, changes) = lookup;
        let Some(entry_index) = entry_index.index() else {
            return Ok(ControlFlow::Break(None));
        };
        let inner = &mut *self.write();
        let Some(entry) = inner.get_entry_checked(entry_index, changes) else {
            // The dict was changed since we did lookup. Let's try again.
            return Ok(ControlFlow::Continue(()));
        };
        if !pred(&entry.value)? {
            return Ok(ControlFlow::Break(None));
        }
        self.invalidate_keys_version();
        inner.set_slot(index_index, IndexEntry::DUMMY);
        inner.used -= 1;
        inner.changes = inner.changes.wrapping_add(1);
        let removed = inner.entries[entry_index].take();
        Ok(ControlFlow::Break(removed))
    }

    /// Retrieve and delete a key
    pub(crate) fn pop<K: DictKey + ?Sized>(
        &self,
        vm: &VirtualMachine,
        key: &K,
    ) -> PyResult<Option<T>> {
        let hash_value = key.key_hash(vm)?;
        let removed = loop {
            let lookup = self.lookup(vm, key, hash_value, None)?;
            match self.pop_inner(lookup) {
                ControlFlow::Break(entry) => break entry.map(|e| e.value),
                ControlFlow::Continue(()) => continue,
            }
        };
        Ok(removed)
    }

    pub(crate) fn pop_back(&self) -> Option<(PyObjectRef, T)> {
        let inner = &mut *self.write();
        let mut cut = 0usize;
        let entry = loop {
            match inner.entries.pop() {
                Some(Some(entry)) => break entry,
                Some(None) => cut += 1,
                None => {
                    // Only holes were left: every slot they held is DUMMY.
                    if cut != 0 {
                        let log2 = inner.log2;
                        inner.rebuild(log2, 0);
                    }
                    return None;
                }
            }
        };
        cut += 1;
        self.invalidate_keys_version();
        inner.used -= 1;
        // The entry was the last one: its index is now the array's length.
        let slot = inner.slot_of(entry.hash, inner.entries.len());
        inner.set_slot(slot, IndexEntry::DUMMY);
        inner.changes = inner.changes.wrapping_add(1);
        // The holes cut with it were DUMMY already; all `cut` slots stay so.
        match u16::try_from(usize::from(inner.orphans) + cut) {
            Ok(orphans) if usize::from(orphans) + inner.entries.len() < usable(inner.table_size()) => {
                inner.orphans = orphans;
            }
            _ => {
                // Too many to count, or no FREE room left for an insert:
                // the same table again, without DUMMY slots.
                let (log2, capacity) = (inner.log2, inner.entries.capacity().max(inner.used));
                inner.rebuild(log2, capacity.min(usable(1 << log2)));
            }
        }
        Some((entry.key, entry.value))
    }

    pub(crate) fn sizeof(&self) -> usize {
        let inner = self.read();
        size_of::<Self>()
            + size_of::<DictInner<T>>()
            + inner.index_bytes()
            + inner.entries.capacity() * size_of::<DictEntry<T>>()
    }

    /// Pop all entries from the dict, returning (key, value) pairs.
    /// This is used for circular reference resolution in GC.
    /// Requires &mut self to avoid lock contention.
    pub(crate) fn drain_entries(&mut self) -> impl Iterator<Item = (PyObjectRef, T)> + '_ {
        self.keys_version.store(0, Release);
        let old = self.inner.get_mut().take_all();
        old.entries.into_iter().flatten().map(|e| (e.key, e.value))
    }
}

/// The slot a lookup found (the key's, or where to insert it) and the
/// table's `changes` when it did.
type LookupResult = (IndexEntry, IndexIndex, u32);

/// Types implementing this trait can be used to index
/// the dictionary. Typical use-cases are:
/// - PyObjectRef -> arbitrary python type used as key
/// - str -> string reference used as key, this is often used internally
pub trait DictKey {
    type Owned: ToPyObject;
    fn _to_owned(&self, vm: &VirtualMachine) -> Self::Owned;
    fn to_pyobject(&self, vm: &VirtualMachine) -> PyObjectRef {
        self._to_owned(vm).to_pyobject(vm)
    }
    fn key_hash(&self, vm: &VirtualMachine) -> PyResult<HashValue>;
    fn key_is(&self, other: &PyObject) -> bool;
    /// Compare the stored entry (`other_key`) with this lookup key, in that order.
    fn key_eq(&self, vm: &VirtualMachine, other_key: &PyObject) -> PyResult<bool>;
    /// hipy: [`Self::key_eq`] when it runs no Python code and cannot fail:
    /// both keys exactly `str`, or both exactly `int` (their `__eq__` cannot
    /// be overridden). `None`: `key_eq` must decide, outside the table's lock.
    #[inline(always)]
    fn key_eq_native(&self, _vm: &VirtualMachine, _other_key: &PyObject) -> Option<bool> {
        None
    }
    fn key_as_isize(&self, vm: &VirtualMachine) -> PyResult<isize>;
    /// hipy: CPython's `_PyObject_GC_MAY_BE_TRACKED` of the key once stored
    /// (false for the key types that are strings, bytes or ints).
    #[inline(always)]
    fn key_may_be_tracked(&self) -> bool {
        false
    }
}

/// hipy (vendor patch 32): `a == b` for two exact `str`s or two exact
/// `int`s, which no Python code can override; `None` for anything else.
#[inline]
fn exact_str_or_int_eq(vm: &VirtualMachine, a: &PyObject, b: &PyObject) -> Option<bool> {
    let (ca, cb) = (a.class(), b.class());
    if !ca.is(cb) {
        return None;
    }
    if ca.is(vm.ctx.types.str_type) {
        // SAFETY: both classes are exactly `str`.
        let (x, y) = unsafe { (a.downcast_unchecked_ref::<PyStr>(), b.downcast_unchecked_ref::<PyStr>()) };
        Some(x.as_wtf8() == y.as_wtf8())
    } else if ca.is(vm.ctx.types.int_type) {
        // SAFETY: both classes are exactly `int`.
        let (x, y) = unsafe { (a.downcast_unchecked_ref::<PyInt>(), b.downcast_unchecked_ref::<PyInt>()) };
        Some(x.as_bigint() == y.as_bigint())
    } else {
        None
    }
}

/// Implement trait for PyObjectRef such that we can use python objects
/// to index dictionaries.
impl DictKey for PyObject {
    type Owned = PyObjectRef;
    #[inline(always)]
    fn _to_owned(&self, _vm: &VirtualMachine) -> Self::Owned {
        self.to_owned()
    }

    #[inline(always)]
    fn key_may_be_tracked(&self) -> bool {
        self.gc_may_be_tracked()
    }

    #[inline(always)]
    fn key_hash(&self, vm: &VirtualMachine) -> PyResult<HashValue> {
        self.hash(vm)
    }

    #[inline(always)]
    fn key_is(&self, other: &PyObject) -> bool {
        self.is(other)
    }

    #[inline(always)]
    fn key_eq(&self, vm: &VirtualMachine, other_key: &PyObject) -> PyResult<bool> {
        if self.is(other_key) {
            return Ok(true);
        }
        // Fast path mirroring CPython's `lookdict`: two exact `int`s compare
        // equal by value without going through the generic rich-compare
        // dispatch (`__eq__` slot lookup, `NotImplemented` handling, etc).
        // Only applies when *both* sides are exactly `int` - a subclass may
        // override `__eq__`.
        if self.class().is(vm.ctx.types.int_type) && other_key.class().is(vm.ctx.types.int_type) {
            // SAFETY: just checked both classes are exactly `int`.
            let a = unsafe { self.downcast_unchecked_ref::<PyInt>() };
            let b = unsafe { other_key.downcast_unchecked_ref::<PyInt>() };
            return Ok(a.as_bigint() == b.as_bigint());
        }
        vm.bool_eq(other_key, self)
    }

    #[inline]
    fn key_eq_native(&self, vm: &VirtualMachine, other_key: &PyObject) -> Option<bool> {
        exact_str_or_int_eq(vm, self, other_key)
    }

    #[inline]
    fn key_as_isize(&self, vm: &VirtualMachine) -> PyResult<isize> {
        self.try_index(vm)?.try_to_primitive(vm)
    }
}

impl DictKey for Py<PyStr> {
    type Owned = PyStrRef;
    #[inline(always)]
    fn _to_owned(&self, _vm: &VirtualMachine) -> Self::Owned {
        self.to_owned()
    }

    #[inline]
    fn key_hash(&self, vm: &VirtualMachine) -> PyResult<HashValue> {
        Ok(self.hash(vm))
    }

    #[inline(always)]
    fn key_is(&self, other: &PyObject) -> bool {
        self.is(other)
    }

    fn key_eq(&self, vm: &VirtualMachine, other_key: &PyObject) -> PyResult<bool> {
        if self.is(other_key) {
            Ok(true)
        } else if let Some(pystr) = other_key.downcast_ref_if_exact::<PyStr>(vm) {
            Ok(self.as_wtf8() == pystr.as_wtf8())
        } else {
            vm.bool_eq(other_key, self.as_object())
        }
    }

    #[inline]
    fn key_eq_native(&self, vm: &VirtualMachine, other_key: &PyObject) -> Option<bool> {
        exact_str_or_int_eq(vm, self.as_object(), other_key)
    }

    #[inline(always)]
    fn key_as_isize(&self, vm: &VirtualMachine) -> PyResult<isize> {
        self.as_object().key_as_isize(vm)
    }
}

impl DictKey for Py<PyUtf8Str> {
    type Owned = PyUtf8StrRef;
    #[inline(always)]
    fn _to_owned(&self, _vm: &VirtualMachine) -> Self::Owned {
        self.to_owned()
    }

    #[inline]
    fn key_hash(&self, vm: &VirtualMachine) -> PyResult<HashValue> {
        self.as_pystr().key_hash(vm)
    }

    #[inline(always)]
    fn key_is(&self, other: &PyObject) -> bool {
        self.as_pystr().key_is(other)
    }

    fn key_eq(&self, vm: &VirtualMachine, other_key: &PyObject) -> PyResult<bool> {
        self.as_pystr().key_eq(vm, other_key)
    }

    #[inline(always)]
    fn key_eq_native(&self, vm: &VirtualMachine, other_key: &PyObject) -> Option<bool> {
        self.as_pystr().key_eq_native(vm, other_key)
    }

    #[inline(always)]
    fn key_as_isize(&self, vm: &VirtualMachine) -> PyResult<isize> {
        self.as_pystr().key_as_isize(vm)
    }
}

impl DictKey for PyStrInterned {
    type Owned = PyRefExact<PyStr>;

    #[inline]
    fn _to_owned(&self, _vm: &VirtualMachine) -> Self::Owned {
        let zelf: &'static Self = unsafe { &*(self as *const _) };
        zelf.to_exact()
    }

    #[inline]
    fn key_hash(&self, vm: &VirtualMachine) -> PyResult<HashValue> {
        (**self).key_hash(vm)
    }

    #[inline]
    fn key_is(&self, other: &PyObject) -> bool {
        (**self).key_is(other)
    }

    #[inline]
    fn key_eq(&self, vm: &VirtualMachine, other_key: &PyObject) -> PyResult<bool> {
        (**self).key_eq(vm, other_key)
    }

    #[inline(always)]
    fn key_eq_native(&self, vm: &VirtualMachine, other_key: &PyObject) -> Option<bool> {
        (**self).key_eq_native(vm, other_key)
    }

    #[inline]
    fn key_as_isize(&self, vm: &VirtualMachine) -> PyResult<isize> {
        (**self).key_as_isize(vm)
    }
}

impl DictKey for PyExact<PyStr> {
    type Owned = PyRefExact<PyStr>;

    #[inline]
    fn _to_owned(&self, _vm: &VirtualMachine) -> Self::Owned {
        self.to_owned()
    }

    #[inline(always)]
    fn key_hash(&self, vm: &VirtualMachine) -> PyResult<HashValue> {
        (**self).key_hash(vm)
    }

    #[inline(always)]
    fn key_is(&self, other: &PyObject) -> bool {
        (**self).key_is(other)
    }

    #[inline(always)]
    fn key_eq(&self, vm: &VirtualMachine, other_key: &PyObject) -> PyResult<bool> {
        (**self).key_eq(vm, other_key)
    }

    #[inline(always)]
    fn key_eq_native(&self, vm: &VirtualMachine, other_key: &PyObject) -> Option<bool> {
        (**self).key_eq_native(vm, other_key)
    }

    #[inline(always)]
    fn key_as_isize(&self, vm: &VirtualMachine) -> PyResult<isize> {
        (**self).key_as_isize(vm)
    }
}

// AsRef<str> fit this case but not possible in rust 1.46

/// Implement trait for the str type, so that we can use strings
/// to index dictionaries.
impl DictKey for str {
    type Owned = String;

    #[inline(always)]
    fn _to_owned(&self, _vm: &VirtualMachine) -> Self::Owned {
        self.to_owned()
    }

    #[inline]
    fn key_hash(&self, _vm: &VirtualMachine) -> PyResult<HashValue> {
        // follow a similar route as the hashing of PyStrRef
        Ok(crate::vm::hash_secret().hash_str(self))
    }

    #[inline(always)]
    fn key_is(&self, _other: &PyObject) -> bool {
        // No matter who the other pyobject is, we are never the same thing, since
        // we are a str, not a pyobject.
        false
    }

    fn key_eq(&self, vm: &VirtualMachine, other_key: &PyObject) -> PyResult<bool> {
        if let Some(pystr) = other_key.downcast_ref_if_exact::<PyStr>(vm) {
            Ok(pystr.as_wtf8() == self)
        } else {
            // Fall back to PyObjectRef implementation.
            let s = vm.ctx.new_str(self);
            s.key_eq(vm, other_key)
        }
    }

    #[inline]
    fn key_eq_native(&self, vm: &VirtualMachine, other_key: &PyObject) -> Option<bool> {
        other_key.downcast_ref_if_exact::<PyStr>(vm).map(|pystr| pystr.as_wtf8() == self)
    }

    fn key_as_isize(&self, vm: &VirtualMachine) -> PyResult<isize> {
        Err(vm.new_type_error("'str' object cannot be interpreted as an integer"))
    }
}

impl DictKey for String {
    type Owned = Self;

    #[inline]
    fn _to_owned(&self, _vm: &VirtualMachine) -> Self::Owned {
        self.clone()
    }

    fn key_hash(&self, vm: &VirtualMachine) -> PyResult<HashValue> {
        self.as_str().key_hash(vm)
    }

    fn key_is(&self, other: &PyObject) -> bool {
        self.as_str().key_is(other)
    }

    fn key_eq(&self, vm: &VirtualMachine, other_key: &PyObject) -> PyResult<bool> {
        self.as_str().key_eq(vm, other_key)
    }

    fn key_as_isize(&self, vm: &VirtualMachine) -> PyResult<isize> {
        self.as_str().key_as_isize(vm)
    }
}

impl DictKey for Wtf8 {
    type Owned = Wtf8Buf;

    #[inline(always)]
    fn _to_owned(&self, _vm: &VirtualMachine) -> Self::Owned {
        self.to_owned()
    }

    #[inline]
    fn key_hash(&self, _vm: &VirtualMachine) -> PyResult<HashValue> {
        // follow a similar route as the hashing of PyStrRef
        Ok(crate::vm::hash_secret().hash_bytes(self.as_bytes()))
    }

    #[inline(always)]
    fn key_is(&self, _other: &PyObject) -> bool {
        // No matter who the other pyobject is, we are never the same thing, since
        // we are a str, not a pyobject.
        false
    }

    fn key_eq(&self, vm: &VirtualMachine, other_key: &PyObject) -> PyResult<bool> {
        if let Some(pystr) = other_key.downcast_ref_if_exact::<PyStr>(vm) {
            Ok(pystr.as_wtf8() == self)
        } else {
            // Fall back to PyObjectRef implementation.
            let s = vm.ctx.new_str(self);
            s.key_eq(vm, other_key)
        }
    }

    #[inline]
    fn key_eq_native(&self, vm: &VirtualMachine, other_key: &PyObject) -> Option<bool> {
        other_key.downcast_ref_if_exact::<PyStr>(vm).map(|pystr| pystr.as_wtf8() == self)
    }

    fn key_as_isize(&self, vm: &VirtualMachine) -> PyResult<isize> {
        Err(vm.new_type_error("'str' object cannot be interpreted as an integer"))
    }
}

impl DictKey for Wtf8Buf {
    type Owned = Self;

    #[inline]
    fn _to_owned(&self, _vm: &VirtualMachine) -> Self::Owned {
        self.clone()
    }

    fn key_hash(&self, vm: &VirtualMachine) -> PyResult<HashValue> {
        (**self).key_hash(vm)
    }

    fn key_is(&self, other: &PyObject) -> bool {
        (**self).key_is(other)
    }

    fn key_eq(&self, vm: &VirtualMachine, other_key: &PyObject) -> PyResult<bool> {
        (**self).key_eq(vm, other_key)
    }

    fn key_as_isize(&self, vm: &VirtualMachine) -> PyResult<isize> {
        (**self).key_as_isize(vm)
    }
}

impl DictKey for [u8] {
    type Owned = Vec<u8>;

    #[inline(always)]
    fn _to_owned(&self, _vm: &VirtualMachine) -> Self::Owned {
        self.to_owned()
    }

    #[inline]
    fn key_hash(&self, _vm: &VirtualMachine) -> PyResult<HashValue> {
        // follow a similar route as the hashing of PyStrRef
        Ok(crate::vm::hash_secret().hash_bytes(self))
    }

    #[inline(always)]
    fn key_is(&self, _other: &PyObject) -> bool {
        // No matter who the other pyobject is, we are never the same thing, since
        // we are a str, not a pyobject.
        false
    }

    fn key_eq(&self, vm: &VirtualMachine, other_key: &PyObject) -> PyResult<bool> {
        if let Some(pystr) = other_key.downcast_ref_if_exact::<PyBytes>(vm) {
            Ok(pystr.as_bytes() == self)
        } else {
            // Fall back to PyObjectRef implementation.
            let s = vm.ctx.new_bytes(self.to_vec());
            s.as_object().key_eq(vm, other_key)
        }
    }

    fn key_as_isize(&self, vm: &VirtualMachine) -> PyResult<isize> {
        Err(vm.new_type_error("'str' object cannot be interpreted as an integer"))
    }
}

impl DictKey for Vec<u8> {
    type Owned = Self;

    #[inline]
    fn _to_owned(&self, _vm: &VirtualMachine) -> Self::Owned {
        self.clone()
    }

    fn key_hash(&self, vm: &VirtualMachine) -> PyResult<HashValue> {
        self.as_slice().key_hash(vm)
    }

    fn key_is(&self, other: &PyObject) -> bool {
        self.as_slice().key_is(other)
    }

    fn key_eq(&self, vm: &VirtualMachine, other_key: &PyObject) -> PyResult<bool> {
        self.as_slice().key_eq(vm, other_key)
    }

    fn key_as_isize(&self, vm: &VirtualMachine) -> PyResult<isize> {
        self.as_slice().key_as_isize(vm)
    }
}

impl DictKey for usize {
    type Owned = Self;

    #[inline]
    fn _to_owned(&self, _vm: &VirtualMachine) -> Self::Owned {
        *self
    }

    fn key_hash(&self, _vm: &VirtualMachine) -> PyResult<HashValue> {
        Ok(hash::hash_usize(*self))
    }

    fn key_is(&self, _other: &PyObject) -> bool {
        false
    }

    fn key_eq(&self, vm: &VirtualMachine, other_key: &PyObject) -> PyResult<bool> {
        if let Some(int) = other_key.downcast_ref_if_exact::<PyInt>(vm) {
            if let Some(i) = int.as_bigint().to_usize() {
                Ok(i == *self)
            } else {
                Ok(false)
            }
        } else {
            let int = vm.ctx.new_int(*self);
            vm.bool_eq(other_key, int.as_ref())
        }
    }

    fn key_as_isize(&self, _vm: &VirtualMachine) -> PyResult<isize> {
        Ok(*self as isize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Interpreter, common::ascii};

    #[test]
    fn clone_compacts_deleted_entries() {
        Interpreter::without_stdlib(Default::default()).enter(|vm| {
            let dict = Dict::default();
            for key in 0..128usize {
                dict.insert(vm, &key, key).unwrap();
            }
            for key in 0..120usize {
                dict.delete(vm, &key).unwrap();
            }
            let version = dict.assign_keys_version();
            let copied = dict.clone();
            assert_eq!(copied.keys_version(), 0);
            assert_eq!(dict.keys_version(), version);
            {
                let source = dict.read();
                let result = copied.read();
                assert_eq!(source.entries.len(), 128);
                assert_eq!(result.entries.len(), result.used);
                assert!(result.table_size() < source.table_size());
                assert!(result.entries.capacity() < source.entries.capacity());
            }
            assert_eq!(copied.values(), (120..128).collect::<Vec<_>>());
            for key in 120..128usize {
                assert_eq!(copied.get(vm, &key).unwrap(), Some(key));
            }
            copied.insert(vm, &0usize, 0).unwrap();
            assert!(!dict.contains(vm, &0usize).unwrap());
        });
    }

    #[test]
    fn clone_shrinks_indices_after_pop_back() {
        Interpreter::without_stdlib(Default::default()).enter(|vm| {
            let dict = Dict::default();
            for key in 0..128usize {
                dict.insert(vm, &key, ()).unwrap();
            }
            for _ in 0..124 {
                dict.pop_back().unwrap();
            }
            let copied = dict.clone();
            assert_eq!(copied.len(), 4);
            assert!(copied.read().table_size() < dict.read().table_size());
            for key in 0..4usize {
                assert!(copied.contains(vm, &key).unwrap());
                dict.delete(vm, &key).unwrap();
            }
            let empty = dict.clone();
            assert_eq!(dict.len(), 0);
            assert_eq!(empty.len(), 0);
            assert_eq!(
                empty.read().table_size(),
                Dict::<()>::default().read().table_size()
            );
            assert_eq!(empty.read().entries.capacity(), 0);
        });
    }

    #[test]
    fn module_attr_cache_rejects_mixed_entries_and_unsafe_layouts() {
        Interpreter::without_stdlib(Default::default()).enter(|vm| {
            let name = vm.ctx.intern_str("target");
            let padding = vm.ctx.intern_str("padding");
            let first: Dict<i32> = Dict::default();
            let second: Dict<i32> = Dict::default();
            first.insert(vm, name, 10).unwrap();
            first.insert(vm, padding, 20).unwrap();
            second.insert(vm, padding, 30).unwrap();
            second.insert(vm, name, 40).unwrap();
            let (first_version, first_index) = first.module_attr_cache(name, vm).unwrap();
            let (second_version, second_index) = second.module_attr_cache(name, vm).unwrap();
            assert_ne!(first_version, second_version);
            assert_ne!(first_index, second_index);
            assert_eq!(
                first.get_cached_module_attr(name, first_version as usize, first_index.into(), vm),
                Some(10)
            );
            // These pairs model cache fields published by different writers.
            assert_eq!(
                first.get_cached_module_attr(name, first_version as usize, second_index.into(), vm),
                None
            );
            assert_eq!(
                second.get_cached_module_attr(
                    name,
                    second_version as usize,
                    first_index.into(),
                    vm
                ),
                None
            );

            let foreign_key: PyObjectRef = vm.ctx.new_int(7).into();
            first.insert(vm, &*foreign_key, 50).unwrap();
            assert!(first.module_attr_cache(name, vm).is_none());
            assert_eq!(
                first.get_cached_module_attr(name, first_version as usize, first_index.into(), vm),
                None
            );
            first.delete(vm, &*foreign_key).unwrap();
            first
                .insert(vm, vm.ctx.intern_str("__getattr__"), 60)
                .unwrap();
            assert!(first.module_attr_cache(name, vm).is_none());

            let noninterned: Dict<i32> = Dict::default();
            noninterned
                .insert(vm, &*vm.ctx.new_str("target"), 70)
                .unwrap();
            let (version, index) = noninterned.module_attr_cache(name, vm).unwrap();
            assert_eq!(
                noninterned.get_cached_module_attr(name, version as usize, index.into(), vm),
                Some(70)
            );
        });
    }

    #[test]
    fn insert_basic() {
        Interpreter::without_stdlib(Default::default()).enter(|vm| {
            let dict = Dict::default();
            assert_eq!(0, dict.len());

            let key1 = vm.new_pyobj(true);
            let value1 = vm.new_pyobj(ascii!("abc"));
            dict.insert(vm, &*key1, value1).unwrap();
            assert_eq!(1, dict.len());

            let key2 = vm.new_pyobj(ascii!("x"));
            let value2 = vm.new_pyobj(ascii!("def"));
            dict.insert(vm, &*key2, value2.clone()).unwrap();
            assert_eq!(2, dict.len());

            dict.insert(vm, &*key1, value2.clone()).unwrap();
            assert_eq!(2, dict.len());

            dict.delete(vm, &*key1).unwrap();
            assert_eq!(1, dict.len());

            dict.insert(vm, &*key1, value2.clone()).unwrap();
            assert_eq!(2, dict.len());

            assert!(dict.contains(vm, &*key1).unwrap());
            assert!(dict.contains(vm, "x").unwrap());

            let val = dict.get(vm, "x").unwrap().unwrap();
            vm.bool_eq(&val, &value2)
                .expect("retrieved value must be equal to inserted value.");
        })
    }

    #[test]
    fn reserve_empty_avoids_growth() {
        Interpreter::without_stdlib(Default::default()).enter(|vm| {
            let dict = Dict::default();
            dict.reserve_for_empty(usize::MAX);
            assert_eq!(dict.read().table_size(), 8);
            assert_eq!(dict.read().entries.capacity(), 0);

            let version = dict.assign_keys_version();
            let count = 1000;
            dict.reserve_for_empty(count);
            assert_eq!(dict.keys_version(), version);
            let capacity = {
                let inner = dict.read();
                (inner.table_size(), inner.entries.capacity())
            };
            for key in 0..count {
                dict.insert(vm, &key, vm.ctx.none()).unwrap();
                let inner = dict.read();
                assert_eq!((inner.table_size(), inner.entries.capacity()), capacity);
            }
            assert_eq!(dict.len(), count);
            assert!(dict.contains(vm, &(count - 1)).unwrap());

            // Existing and tombstoned layouts are left intact.
            dict.reserve_for_empty(count * 4);
            {
                let inner = dict.read();
                assert_eq!((inner.table_size(), inner.entries.capacity()), capacity);
            }
            for key in 0..count {
                dict.delete(vm, &key).unwrap();
            }
            let old_size = dict.read().size();
            dict.reserve_for_empty(count * 4);
            assert_eq!(dict.read().size(), old_size);
        })
    }

    macro_rules! hash_tests {
        ($($name:ident: $example_hash:expr,)*) => {
            $(
                #[test]
                fn $name() {
                    check_hash_equivalence($example_hash);
                }
            )*
        }
    }

    hash_tests! {
        abc: "abc",
        x: "x",
    }

    fn check_hash_equivalence(text: &str) {
        Interpreter::without_stdlib(Default::default()).enter(|vm| {
            let value1 = text;
            let value2 = vm.new_pyobj(value1.to_owned());

            let hash1 = value1.key_hash(vm).expect("Hash should not fail.");
            let hash2 = value2.key_hash(vm).expect("Hash should not fail.");
            assert_eq!(hash1, hash2);
        })
    }

    #[test]
    fn replace_contents_invalidates_cached_indices() {
        Interpreter::without_stdlib(Default::default()).enter(|vm| {
            let dict = Dict::default();
            dict.insert(vm, &1usize, ()).unwrap();
            let old_version = dict.assign_keys_version();
            assert_ne!(old_version, 0);

            let replacement = Dict::default();
            replacement.insert(vm, &2usize, ()).unwrap();
            assert_ne!(replacement.assign_keys_version(), 0);
            dict.replace_contents(replacement);

            assert_eq!(dict.keys_version(), 0);
            assert_eq!(dict.get_index_if_keys_version(old_version, 0), None);
            assert!(!dict.contains(vm, &1usize).unwrap());
            assert!(dict.contains(vm, &2usize).unwrap());
        });
    }
}
