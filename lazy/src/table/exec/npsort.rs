//! NumPy's `argsort(kind="quicksort")`, step for step, so that tied values
//! come out in the order NumPy leaves them (pandas sorts one key this way:
//! `sort_values`, `value_counts`, `nlargest` ties all depend on it).
//!
//! - int64 and float64 (without NaN): NumPy 2.x hands these to Intel's
//!   x86-simd-sort, AVX-512 variant on CPUs with AVX-512 (the machine the
//!   outputs were recorded on). It is a quicksort whose partitions run 8
//!   lanes at a time (unrolled 4x), with a median-of-8 pivot, bitonic
//!   sorting networks for partitions of at most 256 elements, an early exit
//!   for sorted input, and `std::sort` (libstdc++'s introsort) when the
//!   recursion gets too deep. The vector steps are emulated here on
//!   scalars: a compare-exchange swaps two lanes only when the second key
//!   is strictly smaller, which is what the min/max/mask-move sequences do.
//! - other dtypes (bool): NumPy's own introsort (`aquicksort_`): median of
//!   three, insertion sort below 16 elements, heapsort past the depth limit.

use std::cmp::Ordering;

pub trait NpKey: Copy + PartialOrd + std::fmt::Debug {
    /// The padding value of partial vectors (the dtype's maximum).
    const MAX: Self;
    const MIN: Self;
    fn total(&self, other: &Self) -> Ordering {
        self.partial_cmp(other).unwrap_or(Ordering::Equal)
    }
}

impl NpKey for i64 {
    const MAX: i64 = i64::MAX;
    const MIN: i64 = i64::MIN;
}

impl NpKey for f64 {
    const MAX: f64 = f64::INFINITY;
    const MIN: f64 = f64::NEG_INFINITY;
}

const LANES: usize = 8;
const UNROLL: usize = 4;
const NETWORK_MAX: usize = 256;

/// The permutation NumPy's quicksort argsort returns for `v` (no NaN).
pub fn argsort<T: NpKey>(v: &[T]) -> Vec<usize> {
    let n = v.len();
    let mut arg: Vec<usize> = (0..n).collect();
    if n <= 1 {
        return arg;
    }
    // Early exit for sorted input: the identity.
    if v.windows(2).all(|w| !(w[1] < w[0])) {
        return arg;
    }
    let max_iters = 2 * ((n as f64).log2() as usize);
    argsort_rec(v, &mut arg, 0, n - 1, max_iters);
    arg
}

fn argsort_rec<T: NpKey>(v: &[T], arg: &mut [usize], left: usize, right: usize, max_iters: usize) {
    if max_iters == 0 {
        std_sort(v, &mut arg[left..=right]);
        return;
    }
    if right + 1 - left <= NETWORK_MAX {
        argsort_n(v, &mut arg[left..=right]);
        return;
    }
    let pivot = get_pivot(v, arg, left, right);
    let mut smallest = T::MAX;
    let mut biggest = T::MIN;
    let pi = partition_unrolled(v, arg, left, right + 1, pivot, &mut smallest, &mut biggest);
    if pivot != smallest {
        argsort_rec(v, arg, left, pi - 1, max_iters - 1);
    }
    if pivot != biggest {
        argsort_rec(v, arg, pi, right, max_iters - 1);
    }
}

/// The median of 8 samples (the 5th smallest).
fn get_pivot<T: NpKey>(v: &[T], arg: &[usize], left: usize, right: usize) -> T {
    if right - left >= LANES {
        let size = (right - left) / 8;
        let mut s: Vec<T> = (1..=8).map(|k| v[arg[left + k * size]]).collect();
        s.sort_by(|a, b| a.total(b));
        s[4]
    } else {
        v[arg[right]]
    }
}

/// One vector's partition: lanes below the pivot to `l_store` onward, the
/// others to the end of `..r_end`, each group in lane order.
fn partition_vec<T: NpKey>(
    v: &[T],
    arg: &mut [usize],
    l_store: usize,
    r_end: usize,
    lanes: &[usize; LANES],
    pivot: T,
    smallest: &mut T,
    biggest: &mut T,
) -> usize {
    let ge: Vec<bool> = lanes.iter().map(|&a| v[a] >= pivot).collect();
    let amount = ge.iter().filter(|&&g| g).count();
    let (mut l, mut r) = (l_store, r_end - amount);
    for (k, &a) in lanes.iter().enumerate() {
        let x = v[a];
        if x < *smallest {
            *smallest = x;
        }
        if x > *biggest {
            *biggest = x;
        }
        if ge[k] {
            arg[r] = a;
            r += 1;
        } else {
            arg[l] = a;
            l += 1;
        }
    }
    amount
}

fn load(arg: &[usize], at: usize) -> [usize; LANES] {
    let mut r = [0usize; LANES];
    r.copy_from_slice(&arg[at..at + LANES]);
    r
}

fn scalar_prologue<T: NpKey>(
    v: &[T],
    arg: &mut [usize],
    left: &mut usize,
    right: &mut usize,
    count: usize,
    pivot: T,
    smallest: &mut T,
    biggest: &mut T,
) {
    for _ in 0..count {
        let x = v[arg[*left]];
        // std::min / std::max with `<`.
        if x < *smallest {
            *smallest = x;
        }
        if *biggest < x {
            *biggest = x;
        }
        if !(x < pivot) {
            *right -= 1;
            arg.swap(*left, *right);
        } else {
            *left += 1;
        }
    }
}

fn partition_unrolled<T: NpKey>(
    v: &[T],
    arg: &mut [usize],
    mut left: usize,
    mut right: usize,
    pivot: T,
    smallest: &mut T,
    biggest: &mut T,
) -> usize {
    if right - left <= 8 * UNROLL * LANES {
        return partition_simple(v, arg, left, right, pivot, smallest, biggest);
    }
    let count = (right - left) % (UNROLL * LANES);
    scalar_prologue(v, arg, &mut left, &mut right, count, pivot, smallest, biggest);
    if left == right {
        return left;
    }
    let vec_left: Vec<[usize; LANES]> = (0..UNROLL).map(|ii| load(arg, left + LANES * ii)).collect();
    let vec_right: Vec<[usize; LANES]> = (0..UNROLL).map(|ii| load(arg, right - LANES * (UNROLL - ii))).collect();
    let mut r_store = right - LANES;
    let mut l_store = left;
    left += UNROLL * LANES;
    right -= UNROLL * LANES;
    while right != left {
        let vecs: Vec<[usize; LANES]> = if (r_store + LANES) - right < left - l_store {
            right -= UNROLL * LANES;
            (0..UNROLL).map(|ii| load(arg, right + ii * LANES)).collect()
        } else {
            let vs = (0..UNROLL).map(|ii| load(arg, left + ii * LANES)).collect();
            left += UNROLL * LANES;
            vs
        };
        for lanes in &vecs {
            let amount = partition_vec(v, arg, l_store, r_store + LANES, lanes, pivot, smallest, biggest);
            l_store += LANES - amount;
            r_store -= amount;
        }
    }
    for lanes in vec_left.iter().chain(vec_right.iter()) {
        let amount = partition_vec(v, arg, l_store, r_store + LANES, lanes, pivot, smallest, biggest);
        l_store += LANES - amount;
        r_store -= amount;
    }
    l_store
}

/// The partition of one vector at a time (ranges of at most 256).
fn partition_simple<T: NpKey>(
    v: &[T],
    arg: &mut [usize],
    mut left: usize,
    mut right: usize,
    pivot: T,
    smallest: &mut T,
    biggest: &mut T,
) -> usize {
    let count = (right - left) % LANES;
    scalar_prologue(v, arg, &mut left, &mut right, count, pivot, smallest, biggest);
    if left == right {
        return left;
    }
    if right - left == LANES {
        let lanes = load(arg, left);
        let amount = partition_vec(v, arg, left, left + LANES, &lanes, pivot, smallest, biggest);
        return left + (LANES - amount);
    }
    let vec_left = load(arg, left);
    let vec_right = load(arg, right - LANES);
    let mut r_store = right - LANES;
    let mut l_store = left;
    left += LANES;
    right -= LANES;
    while right != left {
        let lanes = if (r_store + LANES) - right < left - l_store {
            right -= LANES;
            load(arg, right)
        } else {
            let l = load(arg, left);
            left += LANES;
            l
        };
        let amount = partition_vec(v, arg, l_store, r_store + LANES, &lanes, pivot, smallest, biggest);
        r_store -= amount;
        l_store += LANES - amount;
    }
    let amount = partition_vec(v, arg, l_store, r_store + LANES, &vec_left, pivot, smallest, biggest);
    l_store += LANES - amount;
    let amount = partition_vec(v, arg, l_store, l_store + LANES, &vec_right, pivot, smallest, biggest);
    l_store += LANES - amount;
    l_store
}

// -- Bitonic networks over up to 256 (key, index) lanes.

/// Lanes of `nvec` registers: keys and indices.
struct Regs<T> {
    k: Vec<T>,
    i: Vec<usize>,
}

impl<T: NpKey> Regs<T> {
    /// Compare-exchange of lanes `lo` and `hi`: swapped when the key at
    /// `hi` is strictly smaller.
    #[inline]
    fn cx(&mut self, lo: usize, hi: usize) {
        if self.k[hi] < self.k[lo] {
            self.k.swap(lo, hi);
            self.i.swap(lo, hi);
        }
    }

    /// One in-register stage: lane `l` of register `r` with lane
    /// `partner(l)`, the lower lane of each pair keeping the minimum.
    fn stage(&mut self, r: usize, partner: fn(usize) -> usize) {
        let base = r * LANES;
        for l in 0..LANES {
            let p = partner(l);
            if l < p {
                self.cx(base + l, base + p);
            }
        }
    }

    fn sort_reg(&mut self, r: usize) {
        self.stage(r, |l| l ^ 1);
        self.stage(r, |l| l ^ 3);
        self.stage(r, |l| l ^ 1);
        self.stage(r, |l| 7 - l);
        self.stage(r, |l| l ^ 2);
        self.stage(r, |l| l ^ 1);
    }

    fn merge_reg(&mut self, r: usize) {
        self.stage(r, |l| l ^ 4);
        self.stage(r, |l| l ^ 2);
        self.stage(r, |l| l ^ 1);
    }

    /// COEX of two registers lane by lane (`a` keeps the minima).
    fn coex(&mut self, a: usize, b: usize) {
        for l in 0..LANES {
            self.cx(a * LANES + l, b * LANES + l);
        }
    }

    /// COEX of register `a` with the reversed register `b`.
    fn coex_reversed(&mut self, a: usize, b: usize) {
        for l in 0..LANES {
            self.cx(a * LANES + l, b * LANES + (LANES - 1 - l));
        }
    }

    /// `bitonic_merge_n_vec` over registers `base..base+n`.
    fn merge_n(&mut self, base: usize, n: usize) {
        for i in 0..n / 2 {
            self.coex_reversed(base + i, base + n - 1 - i);
        }
        let mut num = n / 2;
        while num >= 2 {
            let mut j = 0;
            while j < n {
                for i in 0..num / 2 {
                    self.coex(base + i + j, base + i + j + num / 2);
                }
                j += num;
            }
            num /= 2;
        }
        for r in 0..n {
            self.merge_reg(base + r);
        }
    }
}

/// `argsort_n<256>`: sorts `arg` (at most 256 positions) by their keys.
fn argsort_n<T: NpKey>(v: &[T], arg: &mut [usize]) {
    let n = arg.len();
    let mut nvec = NETWORK_MAX / LANES;
    while nvec > 1 && n * 2 <= nvec * LANES {
        nvec /= 2;
    }
    let lanes = nvec * LANES;
    let mut regs = Regs { k: Vec::with_capacity(lanes), i: Vec::with_capacity(lanes) };
    for p in 0..lanes {
        if p < n {
            regs.i.push(arg[p]);
            regs.k.push(v[arg[p]]);
        } else {
            regs.i.push(usize::MAX);
            regs.k.push(T::MAX);
        }
    }
    for r in 0..nvec {
        regs.sort_reg(r);
    }
    let mut per = 2;
    while per <= nvec {
        for g in 0..nvec / per {
            regs.merge_n(g * per, per);
        }
        per *= 2;
    }
    arg.copy_from_slice(&regs.i[..n]);
}

// -- libstdc++'s std::sort (introsort), the deep-recursion fallback.

fn std_sort<T: NpKey>(v: &[T], a: &mut [usize]) {
    let n = a.len();
    if n < 2 {
        return;
    }
    let lg = usize::BITS as usize - 1 - n.leading_zeros() as usize;
    introsort_loop(v, a, 0, n, lg * 2);
    final_insertion_sort(v, a);
}

fn less<T: NpKey>(v: &[T], x: usize, y: usize) -> bool {
    v[x] < v[y]
}

fn introsort_loop<T: NpKey>(v: &[T], a: &mut [usize], first: usize, mut last: usize, mut depth: usize) {
    while last - first > 16 {
        if depth == 0 {
            heap_sort(v, &mut a[first..last]);
            return;
        }
        depth -= 1;
        let mid = first + (last - first) / 2;
        move_median_to_first(v, a, first, first + 1, mid, last - 1);
        let cut = unguarded_partition(v, a, first + 1, last, first);
        introsort_loop(v, a, cut, last, depth);
        last = cut;
    }
}

fn move_median_to_first<T: NpKey>(v: &[T], a: &mut [usize], result: usize, x: usize, y: usize, z: usize) {
    let l = |p: usize, q: usize, a: &[usize]| less(v, a[p], a[q]);
    let pick = if l(x, y, a) {
        if l(y, z, a) {
            y
        } else if l(x, z, a) {
            z
        } else {
            x
        }
    } else if l(x, z, a) {
        x
    } else if l(y, z, a) {
        z
    } else {
        y
    };
    a.swap(result, pick);
}

fn unguarded_partition<T: NpKey>(v: &[T], a: &mut [usize], mut first: usize, mut last: usize, pivot: usize) -> usize {
    loop {
        while less(v, a[first], a[pivot]) {
            first += 1;
        }
        last -= 1;
        while less(v, a[pivot], a[last]) {
            last -= 1;
        }
        if first >= last {
            return first;
        }
        a.swap(first, last);
        first += 1;
    }
}

fn final_insertion_sort<T: NpKey>(v: &[T], a: &mut [usize]) {
    let n = a.len();
    if n > 16 {
        insertion_sort(v, &mut a[..16]);
        for i in 16..n {
            unguarded_linear_insert(v, a, i);
        }
    } else {
        insertion_sort(v, a);
    }
}

fn insertion_sort<T: NpKey>(v: &[T], a: &mut [usize]) {
    for i in 1..a.len() {
        if less(v, a[i], a[0]) {
            let val = a[i];
            a.copy_within(0..i, 1);
            a[0] = val;
        } else {
            unguarded_linear_insert(v, a, i);
        }
    }
}

fn unguarded_linear_insert<T: NpKey>(v: &[T], a: &mut [usize], mut last: usize) {
    let val = a[last];
    let mut next = last - 1;
    while less(v, val, a[next]) {
        a[last] = a[next];
        last = next;
        if next == 0 {
            break;
        }
        next -= 1;
    }
    a[last] = val;
}

fn heap_sort<T: NpKey>(v: &[T], a: &mut [usize]) {
    let len = a.len();
    if len >= 2 {
        let mut parent = (len - 2) / 2;
        loop {
            let value = a[parent];
            adjust_heap(v, a, parent, len, value);
            if parent == 0 {
                break;
            }
            parent -= 1;
        }
    }
    let mut last = len;
    while last > 1 {
        last -= 1;
        let value = a[last];
        a[last] = a[0];
        adjust_heap(v, a, 0, last, value);
    }
}

fn adjust_heap<T: NpKey>(v: &[T], a: &mut [usize], mut hole: usize, len: usize, value: usize) {
    let top = hole;
    let mut second = hole;
    while second < (len - 1) / 2 {
        second = 2 * (second + 1);
        if less(v, a[second], a[second - 1]) {
            second -= 1;
        }
        a[hole] = a[second];
        hole = second;
    }
    if len & 1 == 0 && second == (len - 2) / 2 {
        second = 2 * (second + 1);
        a[hole] = a[second - 1];
        hole = second - 1;
    }
    // push_heap
    let mut parent = hole.wrapping_sub(1) / 2;
    while hole > top && less(v, a[parent], value) {
        a[hole] = a[parent];
        hole = parent;
        parent = hole.wrapping_sub(1) / 2;
    }
    a[hole] = value;
}

// -- NumPy's generic introsort argsort (`aquicksort_`), for other dtypes.

const SMALL_QUICKSORT: usize = 15;

pub fn argsort_generic<T: PartialOrd + Copy>(v: &[T]) -> Vec<usize> {
    let n = v.len();
    let mut a: Vec<usize> = (0..n).collect();
    if n < 2 {
        return a;
    }
    let lt = |x: usize, y: usize| v[x] < v[y];
    let mut stack: Vec<(usize, usize, i64)> = Vec::new();
    let (mut pl, mut pr) = (0usize, n - 1);
    let mut cdepth: i64 = 2 * (usize::BITS as i64 - 1 - n.leading_zeros() as i64);
    loop {
        let mut done = false;
        if cdepth < 0 {
            aheapsort(v, &mut a[pl..=pr]);
            done = true;
        }
        if !done {
            while pr - pl > SMALL_QUICKSORT {
                let pm = pl + ((pr - pl) >> 1);
                if lt(a[pm], a[pl]) {
                    a.swap(pm, pl);
                }
                if lt(a[pr], a[pm]) {
                    a.swap(pr, pm);
                }
                if lt(a[pm], a[pl]) {
                    a.swap(pm, pl);
                }
                let vp = a[pm];
                let mut pi = pl;
                let mut pj = pr - 1;
                a.swap(pm, pj);
                loop {
                    loop {
                        pi += 1;
                        if !lt(a[pi], vp) {
                            break;
                        }
                    }
                    loop {
                        pj -= 1;
                        if !lt(vp, a[pj]) {
                            break;
                        }
                    }
                    if pi >= pj {
                        break;
                    }
                    a.swap(pi, pj);
                }
                let pk = pr - 1;
                a.swap(pi, pk);
                cdepth -= 1;
                if pi - pl < pr - pi {
                    stack.push((pi + 1, pr, cdepth));
                    pr = pi - 1;
                } else {
                    stack.push((pl, pi - 1, cdepth));
                    pl = pi + 1;
                }
            }
            // insertion sort
            for pi in pl + 1..=pr {
                let vi = a[pi];
                let mut pj = pi;
                while pj > pl && lt(vi, a[pj - 1]) {
                    a[pj] = a[pj - 1];
                    pj -= 1;
                }
                a[pj] = vi;
            }
        }
        match stack.pop() {
            None => break,
            Some((l, r, d)) => {
                pl = l;
                pr = r;
                cdepth = d;
            }
        }
    }
    a
}

fn aheapsort<T: PartialOrd + Copy>(v: &[T], t: &mut [usize]) {
    let mut n = t.len();
    // 1-based heap over t.
    let get = |t: &[usize], k: usize| t[k - 1];
    let lt = |x: usize, y: usize| v[x] < v[y];
    let mut l = n >> 1;
    while l > 0 {
        let tmp = get(t, l);
        let (mut i, mut j) = (l, l << 1);
        while j <= n {
            if j < n && lt(get(t, j), get(t, j + 1)) {
                j += 1;
            }
            if lt(tmp, get(t, j)) {
                t[i - 1] = get(t, j);
                i = j;
                j += j;
            } else {
                break;
            }
        }
        t[i - 1] = tmp;
        l -= 1;
    }
    while n > 1 {
        let tmp = get(t, n);
        t[n - 1] = get(t, 1);
        n -= 1;
        let (mut i, mut j) = (1, 2);
        while j <= n {
            if j < n && lt(get(t, j), get(t, j + 1)) {
                j += 1;
            }
            if lt(tmp, get(t, j)) {
                t[i - 1] = get(t, j);
                i = j;
                j += j;
            } else {
                break;
            }
        }
        t[i - 1] = tmp;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_sorted<T: NpKey>(v: &[T], order: &[usize]) {
        let mut seen = vec![false; v.len()];
        for &i in order {
            assert!(!seen[i]);
            seen[i] = true;
        }
        for w in order.windows(2) {
            assert!(!(v[w[1]] < v[w[0]]), "not sorted");
        }
    }

    #[test]
    fn sorts_are_permutations_in_order() {
        let mut x: u64 = 7;
        for n in [0usize, 1, 2, 7, 8, 9, 31, 64, 100, 255, 256, 257, 1000, 5000] {
            let v: Vec<i64> = (0..n)
                .map(|_| {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    ((x >> 33) % 10) as i64
                })
                .collect();
            check_sorted(&v, &argsort(&v));
            check_sorted(&v, &argsort_generic(&v));
            let mut a: Vec<usize> = (0..n).collect();
            std_sort(&v, &mut a);
            check_sorted(&v, &a);
        }
    }
}
