//! `AppendOnly<T>`: a list that grows through a shared reference and whose elements
//! never move, so references handed out by `get` stay valid while elements are added.
//! `CompiledLoop` keeps its traces and exits in it: the vm holds `&ExitInfo` while it
//! may attach a bridge (`attach_bridge(&self, ..)`).

use std::cell::UnsafeCell;
use std::ptr::NonNull;

pub struct AppendOnly<T> {
    /// Each element in its own heap allocation (from `Box::into_raw`), freed on drop.
    /// Only `push` and `get` touch the vector, neither calls out while doing so, and
    /// `UnsafeCell` makes the type `!Sync`, so no two accesses ever overlap.
    items: UnsafeCell<Vec<NonNull<T>>>,
}

impl<T> AppendOnly<T> {
    pub fn new() -> AppendOnly<T> {
        AppendOnly {
            items: UnsafeCell::new(Vec::new()),
        }
    }

    /// Adds an element; returns its index.
    pub fn push(&self, x: T) -> usize {
        let p = NonNull::from(Box::leak(Box::new(x)));
        // SAFETY: no other reference to the vector exists during this call (see
        // `items`); references to elements point into their own allocations.
        let items = unsafe { &mut *self.items.get() };
        items.push(p);
        items.len() - 1
    }

    pub fn get(&self, i: usize) -> Option<&T> {
        // SAFETY: as in `push`; the element lives as long as `self` and is never
        // mutated after `push`.
        let items = unsafe { &*self.items.get() };
        items.get(i).map(|p| unsafe { p.as_ref() })
    }

    pub fn len(&self) -> usize {
        // SAFETY: as in `push`.
        unsafe { &*self.items.get() }.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn iter(&self) -> impl Iterator<Item = &T> + '_ {
        (0..self.len()).filter_map(move |i| self.get(i))
    }
}

// SAFETY: the list owns its elements like a `Vec<Box<T>>` does.
unsafe impl<T: Send> Send for AppendOnly<T> {}

impl<T> Default for AppendOnly<T> {
    fn default() -> AppendOnly<T> {
        AppendOnly::new()
    }
}

impl<T> Drop for AppendOnly<T> {
    fn drop(&mut self) {
        for p in self.items.get_mut().drain(..) {
            // SAFETY: each pointer came from `Box::leak` and is freed once, here.
            drop(unsafe { Box::from_raw(p.as_ptr()) });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::AppendOnly;

    #[test]
    fn references_survive_growth() {
        let list = AppendOnly::new();
        list.push(String::from("first"));
        let first = list.get(0).unwrap();
        for k in 0..1000 {
            list.push(k.to_string());
        }
        assert_eq!(first, "first");
        assert_eq!(list.len(), 1001);
        assert_eq!(list.get(1000).map(String::as_str), Some("999"));
        assert!(list.get(1001).is_none());
        assert_eq!(list.iter().count(), 1001);
    }
}
