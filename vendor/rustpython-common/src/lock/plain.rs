//! parking_lot's raw locks with plain-instruction fast paths while one
//! thread runs Python (hipy patch; see `refcount::set_plain_counts`).
//!
//! Every list, dict and set operation takes one of these locks, and an
//! uncontended parking_lot lock costs two locked read-modify-writes (a
//! compare-exchange to take it, a subtraction or another compare-exchange to
//! release it). While the embedder promises that one thread runs Python, no
//! other thread can hold or wait for such a lock, so the fast paths read the
//! lock's state word and write the next state with plain instructions. They
//! write exactly the states parking_lot's own fast paths write, so a lock
//! taken plainly can be released atomically after a second thread starts,
//! and the other way round. Anything but the simple case (a parked thread, a
//! writer waiting, a lock already held in a way that blocks) goes to
//! parking_lot unchanged, as does every operation while counts are atomic.
//!
//! The state words are parking_lot 0.12's (the version Cargo.lock pins):
//! `RawRwLock { state: AtomicUsize }` and `RawMutex { state: AtomicU8 }`.
//! `words_agree` checks that at run time, through parking_lot's own
//! operations, before plain paths are ever switched on.

use core::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use lock_api::{
    RawMutex as RawMutexTrait, RawRwLock as RawRwLockTrait, RawRwLockDowngrade,
    RawRwLockRecursive, RawRwLockUpgrade, RawRwLockUpgradeDowngrade,
};

// parking_lot 0.12's state bits (raw_rwlock.rs, raw_mutex.rs).
const RW_WRITER: usize = 0b1000;
const RW_ONE_READER: usize = 0b1_0000;
const RW_PARKED_OR_UPGRADABLE: usize = 0b0111;
const MUTEX_LOCKED: u8 = 0b01;

static PLAIN_LOCKS: core::sync::atomic::AtomicBool = core::sync::atomic::AtomicBool::new(false);

#[inline(always)]
fn plain() -> bool {
    PLAIN_LOCKS.load(Ordering::Relaxed)
}

/// Switches the plain fast paths on (only if parking_lot's state words are
/// the ones this module writes) or off. Called with the reference counts'
/// switch, under the same promise.
pub(crate) fn set_plain_locks(on: bool) {
    PLAIN_LOCKS.store(on && words_agree(), Ordering::SeqCst);
}

fn rw_word(lock: &parking_lot::RawRwLock) -> &AtomicUsize {
    const _: () = assert!(size_of::<parking_lot::RawRwLock>() == size_of::<AtomicUsize>());
    // SAFETY: parking_lot's RawRwLock is one `AtomicUsize` (the size check
    // above leaves no room for anything else); `words_agree` checks its
    // encoding before any plain path runs.
    unsafe { &*(lock as *const parking_lot::RawRwLock as *const AtomicUsize) }
}

fn mutex_word(lock: &parking_lot::RawMutex) -> &AtomicU8 {
    const _: () = assert!(size_of::<parking_lot::RawMutex>() == size_of::<AtomicU8>());
    // SAFETY: as in `rw_word`, for parking_lot's one-byte RawMutex.
    unsafe { &*(lock as *const parking_lot::RawMutex as *const AtomicU8) }
}

/// Whether parking_lot writes the states the plain paths write: checked by
/// taking and releasing a fresh lock of each kind through parking_lot.
fn words_agree() -> bool {
    let rw = <parking_lot::RawRwLock as RawRwLockTrait>::INIT;
    let w = rw_word(&rw);
    let mut ok = w.load(Ordering::Relaxed) == 0;
    rw.lock_shared();
    rw.lock_shared();
    ok &= w.load(Ordering::Relaxed) == 2 * RW_ONE_READER;
    // SAFETY: both shared locks were taken above.
    unsafe {
        rw.unlock_shared();
        rw.unlock_shared();
    }
    ok &= w.load(Ordering::Relaxed) == 0;
    rw.lock_exclusive();
    ok &= w.load(Ordering::Relaxed) == RW_WRITER;
    // SAFETY: taken above.
    unsafe { rw.unlock_exclusive() };
    ok &= w.load(Ordering::Relaxed) == 0;

    let m = <parking_lot::RawMutex as RawMutexTrait>::INIT;
    let w = mutex_word(&m);
    ok &= w.load(Ordering::Relaxed) == 0;
    m.lock();
    ok &= w.load(Ordering::Relaxed) == MUTEX_LOCKED;
    // SAFETY: taken above.
    unsafe { m.unlock() };
    ok && w.load(Ordering::Relaxed) == 0
}

/// parking_lot's `RawRwLock`, with plain fast paths (see the module).
#[repr(transparent)]
pub struct RawRwLock(parking_lot::RawRwLock);

impl RawRwLock {
    /// Takes a shared lock plainly if no writer holds or waits for it.
    #[inline(always)]
    fn plain_lock_shared(&self) -> bool {
        let w = rw_word(&self.0);
        let s = w.load(Ordering::Relaxed);
        if s & (RW_WRITER | RW_PARKED_OR_UPGRADABLE) != 0 || s > usize::MAX - RW_ONE_READER {
            return false;
        }
        w.store(s + RW_ONE_READER, Ordering::Relaxed);
        true
    }

    #[inline(always)]
    fn plain_lock_exclusive(&self) -> bool {
        let w = rw_word(&self.0);
        if w.load(Ordering::Relaxed) != 0 {
            return false;
        }
        w.store(RW_WRITER, Ordering::Relaxed);
        true
    }
}

// SAFETY: the plain paths run only while one thread can touch the lock, and
// write the states parking_lot's fast paths write (checked by `words_agree`);
// everything else forwards to parking_lot.
unsafe impl RawRwLockTrait for RawRwLock {
    #[allow(clippy::declare_interior_mutable_const, reason = "raw lock initializer")]
    const INIT: Self = Self(<parking_lot::RawRwLock as RawRwLockTrait>::INIT);

    type GuardMarker = <parking_lot::RawRwLock as RawRwLockTrait>::GuardMarker;

    #[inline]
    fn lock_shared(&self) {
        if !(plain() && self.plain_lock_shared()) {
            self.0.lock_shared();
        }
    }

    #[inline]
    fn try_lock_shared(&self) -> bool {
        (plain() && self.plain_lock_shared()) || self.0.try_lock_shared()
    }

    #[inline]
    unsafe fn unlock_shared(&self) {
        if plain() {
            let w = rw_word(&self.0);
            let s = w.load(Ordering::Relaxed);
            if s & (RW_WRITER | RW_PARKED_OR_UPGRADABLE) == 0 && s >= RW_ONE_READER {
                w.store(s - RW_ONE_READER, Ordering::Relaxed);
                return;
            }
        }
        unsafe { self.0.unlock_shared() }
    }

    #[inline]
    fn lock_exclusive(&self) {
        if !(plain() && self.plain_lock_exclusive()) {
            self.0.lock_exclusive();
        }
    }

    #[inline]
    fn try_lock_exclusive(&self) -> bool {
        (plain() && self.plain_lock_exclusive()) || self.0.try_lock_exclusive()
    }

    #[inline]
    unsafe fn unlock_exclusive(&self) {
        if plain() {
            let w = rw_word(&self.0);
            if w.load(Ordering::Relaxed) == RW_WRITER {
                w.store(0, Ordering::Relaxed);
                return;
            }
        }
        unsafe { self.0.unlock_exclusive() }
    }

    #[inline]
    fn is_locked(&self) -> bool {
        self.0.is_locked()
    }

    #[inline]
    fn is_locked_exclusive(&self) -> bool {
        self.0.is_locked_exclusive()
    }
}

// SAFETY: as above; a recursive shared lock is a shared lock when no writer
// holds or waits for the lock, and parking_lot's otherwise.
unsafe impl RawRwLockRecursive for RawRwLock {
    #[inline]
    fn lock_shared_recursive(&self) {
        if !(plain() && self.plain_lock_shared()) {
            self.0.lock_shared_recursive();
        }
    }

    #[inline]
    fn try_lock_shared_recursive(&self) -> bool {
        (plain() && self.plain_lock_shared()) || self.0.try_lock_shared_recursive()
    }
}

// SAFETY: forwards to parking_lot (the word's states are parking_lot's).
unsafe impl RawRwLockDowngrade for RawRwLock {
    #[inline]
    unsafe fn downgrade(&self) {
        unsafe { self.0.downgrade() }
    }
}

// SAFETY: forwards to parking_lot.
unsafe impl RawRwLockUpgrade for RawRwLock {
    #[inline]
    fn lock_upgradable(&self) {
        self.0.lock_upgradable()
    }

    #[inline]
    fn try_lock_upgradable(&self) -> bool {
        self.0.try_lock_upgradable()
    }

    #[inline]
    unsafe fn unlock_upgradable(&self) {
        unsafe { self.0.unlock_upgradable() }
    }

    #[inline]
    unsafe fn upgrade(&self) {
        unsafe { self.0.upgrade() }
    }

    #[inline]
    unsafe fn try_upgrade(&self) -> bool {
        unsafe { self.0.try_upgrade() }
    }
}

// SAFETY: forwards to parking_lot.
unsafe impl RawRwLockUpgradeDowngrade for RawRwLock {
    #[inline]
    unsafe fn downgrade_upgradable(&self) {
        unsafe { self.0.downgrade_upgradable() }
    }

    #[inline]
    unsafe fn downgrade_to_upgradable(&self) {
        unsafe { self.0.downgrade_to_upgradable() }
    }
}

/// parking_lot's `RawMutex`, with plain fast paths (see the module).
#[repr(transparent)]
pub struct RawMutex(parking_lot::RawMutex);

impl RawMutex {
    #[inline(always)]
    fn plain_lock(&self) -> bool {
        let w = mutex_word(&self.0);
        if w.load(Ordering::Relaxed) != 0 {
            return false;
        }
        w.store(MUTEX_LOCKED, Ordering::Relaxed);
        true
    }
}

// SAFETY: as for `RawRwLock`.
unsafe impl RawMutexTrait for RawMutex {
    #[allow(clippy::declare_interior_mutable_const, reason = "raw lock initializer")]
    const INIT: Self = Self(<parking_lot::RawMutex as RawMutexTrait>::INIT);

    type GuardMarker = <parking_lot::RawMutex as RawMutexTrait>::GuardMarker;

    #[inline]
    fn lock(&self) {
        if !(plain() && self.plain_lock()) {
            self.0.lock();
        }
    }

    #[inline]
    fn try_lock(&self) -> bool {
        (plain() && self.plain_lock()) || self.0.try_lock()
    }

    #[inline]
    unsafe fn unlock(&self) {
        if plain() {
            let w = mutex_word(&self.0);
            if w.load(Ordering::Relaxed) == MUTEX_LOCKED {
                w.store(0, Ordering::Relaxed);
                return;
            }
        }
        unsafe { self.0.unlock() }
    }

    #[inline]
    fn is_locked(&self) -> bool {
        self.0.is_locked()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parking_lot_words_agree() {
        assert!(words_agree());
    }
}
