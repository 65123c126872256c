//! Shapes, strided layouts, broadcasting and basic indexing.
//!
//! Strides and offsets count elements, not bytes.

use crate::dtype::{Error, Result};
use smallvec::SmallVec;

pub type Shape = SmallVec<[usize; 4]>;
pub type Strides = SmallVec<[isize; 4]>;

/// Where each element of an n-dimensional array sits in a flat buffer:
/// element `(i0, i1, ...)` is at `offset + sum(ik * strides[k])`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    pub shape: Shape,
    pub strides: Strides,
    pub offset: usize,
}

/// A shape as NumPy's C code prints it in messages: `(3,)`, `(2,3)`, `()`.
pub fn shape_str(shape: &[usize]) -> String {
    match shape.len() {
        0 => "()".to_string(),
        1 => format!("({},)", shape[0]),
        _ => {
            let parts: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
            format!("({})", parts.join(","))
        }
    }
}

/// A shape as Python prints the tuple: `(3,)`, `(2, 3)`, `()`.
pub fn shape_tuple_str(shape: &[usize]) -> String {
    match shape.len() {
        0 => "()".to_string(),
        1 => format!("({},)", shape[0]),
        _ => {
            let parts: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
            format!("({})", parts.join(", "))
        }
    }
}

pub fn size_of(shape: &[usize]) -> usize {
    shape.iter().product()
}

/// C-order strides for a shape.
pub fn c_strides(shape: &[usize]) -> Strides {
    let mut strides: Strides = SmallVec::from_elem(0, shape.len());
    let mut step = 1isize;
    for k in (0..shape.len()).rev() {
        strides[k] = step;
        step *= shape[k].max(1) as isize;
    }
    strides
}

/// The broadcast shape of several operands, or NumPy's error message.
pub fn broadcast_shapes(shapes: &[&[usize]]) -> Result<Shape> {
    let ndim = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out: Shape = SmallVec::from_elem(1, ndim);
    for s in shapes {
        let pad = ndim - s.len();
        for (k, &d) in s.iter().enumerate() {
            let o = &mut out[pad + k];
            if *o == 1 {
                *o = d;
            } else if d != 1 && d != *o {
                let parts: Vec<String> = shapes.iter().map(|s| shape_str(s)).collect();
                return Err(Error::value(format!(
                    "operands could not be broadcast together with shapes {} ",
                    parts.join(" ")
                )));
            }
        }
    }
    Ok(out)
}

/// Normalizes a possibly negative axis.
pub fn normalize_axis(axis: isize, ndim: usize) -> Result<usize> {
    let n = ndim as isize;
    if axis < -n || axis >= n {
        return Err(Error::axis(axis, ndim));
    }
    Ok(if axis < 0 { (axis + n) as usize } else { axis as usize })
}

impl Layout {
    pub fn contiguous(shape: &[usize]) -> Layout {
        Layout { shape: shape.into(), strides: c_strides(shape), offset: 0 }
    }

    pub fn scalar() -> Layout {
        Layout::contiguous(&[])
    }

    pub fn ndim(&self) -> usize {
        self.shape.len()
    }

    pub fn size(&self) -> usize {
        size_of(&self.shape)
    }

    /// True when the elements are consecutive in C order (size-1 axes may
    /// have any stride).
    pub fn is_c_contiguous(&self) -> bool {
        let mut step = 1isize;
        for k in (0..self.shape.len()).rev() {
            let d = self.shape[k];
            if d != 1 && self.strides[k] != step {
                return self.size() == 0;
            }
            step *= d as isize;
        }
        true
    }

    /// True when the layout is a C-contiguous view of the buffer starting at 0
    /// and covering `buffer_len` elements exactly.
    pub fn is_whole(&self, buffer_len: usize) -> bool {
        self.offset == 0 && self.size() == buffer_len && self.is_c_contiguous()
    }

    /// Every element is the same one (all strides zero or size 1).
    pub fn is_splat(&self) -> bool {
        self.shape.iter().zip(&self.strides).all(|(&d, &s)| d == 1 || s == 0)
    }

    /// This layout read as `shape` by NumPy's broadcasting rules.
    pub fn broadcast_to(&self, shape: &[usize]) -> Result<Layout> {
        if shape.len() < self.ndim() {
            return Err(Error::value(format!(
                "input operand has more dimensions than allowed by the axis remapping"
            )));
        }
        let pad = shape.len() - self.ndim();
        let mut strides: Strides = SmallVec::from_elem(0, shape.len());
        for k in 0..self.ndim() {
            let (d, target) = (self.shape[k], shape[pad + k]);
            if d == target {
                strides[pad + k] = self.strides[k];
            } else if d == 1 {
                strides[pad + k] = 0;
            } else {
                return Err(Error::value(format!(
                    "could not broadcast input array from shape {} into shape {}",
                    shape_str(&self.shape),
                    shape_str(shape)
                )));
            }
        }
        Ok(Layout { shape: shape.into(), strides, offset: self.offset })
    }

    /// Permutes the axes (`axes[k]` is the source axis of result axis k).
    pub fn permute(&self, axes: &[usize]) -> Layout {
        Layout {
            shape: axes.iter().map(|&a| self.shape[a]).collect(),
            strides: axes.iter().map(|&a| self.strides[a]).collect(),
            offset: self.offset,
        }
    }

    pub fn transpose(&self) -> Layout {
        let axes: Vec<usize> = (0..self.ndim()).rev().collect();
        self.permute(&axes)
    }

    /// A view with a new shape when the elements allow it without copying
    /// (C-contiguous layouts always do).
    pub fn reshape_view(&self, shape: &[usize]) -> Option<Layout> {
        if self.is_c_contiguous() {
            let mut l = Layout::contiguous(shape);
            l.offset = self.offset;
            return Some(l);
        }
        // Drop and insert size-1 axes only.
        let squeeze = |s: &[usize]| s.iter().copied().filter(|&d| d != 1).collect::<Vec<_>>();
        if squeeze(&self.shape) != squeeze(shape) {
            return None;
        }
        let kept: Vec<isize> = self
            .shape
            .iter()
            .zip(&self.strides)
            .filter(|(&d, _)| d != 1)
            .map(|(_, &s)| s)
            .collect();
        let mut it = kept.into_iter();
        let strides = shape.iter().map(|&d| if d == 1 { 0 } else { it.next().unwrap() }).collect();
        Some(Layout { shape: shape.into(), strides, offset: self.offset })
    }

    /// Buffer position of the element with C-order flat index `flat`.
    pub fn position(&self, mut flat: usize) -> usize {
        let mut pos = self.offset as isize;
        for k in (0..self.ndim()).rev() {
            let d = self.shape[k];
            pos += (flat % d) as isize * self.strides[k];
            flat /= d;
        }
        pos as usize
    }

    /// Calls `f(position)` for the elements with flat indices
    /// `start..start + len`, in C order.
    pub fn for_each_position(&self, start: usize, len: usize, mut f: impl FnMut(usize)) {
        self.for_each_run(start, len, |pos, run, stride| {
            let mut p = pos;
            for _ in 0..run {
                f(p as usize);
                p += stride;
            }
        });
    }

    /// Calls `f(position, count, stride)` for each run of consecutive flat
    /// indices in `start..start + len` that lie along the innermost axis
    /// (inner axes that step as one count as one axis): the run's elements
    /// are at `position + i * stride` for `i < count`.
    pub fn for_each_run(&self, start: usize, len: usize, mut f: impl FnMut(isize, usize, isize)) {
        if len == 0 {
            return;
        }
        // The common small cases first (a call per row or element is usual).
        match self.ndim() {
            0 => return f(self.offset as isize, 1, 0),
            1 => return f(self.offset as isize + start as isize * self.strides[0], len, self.strides[0]),
            _ => {}
        }
        // Axes of length 1 dropped and neighbours that step as one merged
        // (the flat order is unchanged; runs get longer), on the stack.
        const STACK: usize = 8;
        let nd = self.ndim();
        let mut shape_st = [0usize; STACK];
        let mut strides_st = [0isize; STACK];
        let mut idx_st = [0usize; STACK];
        let (mut shape_heap, mut strides_heap, mut idx_heap);
        let (shape, strides, idx): (&mut [usize], &mut [isize], &mut [usize]) = if nd <= STACK {
            (&mut shape_st, &mut strides_st, &mut idx_st)
        } else {
            shape_heap = vec![0usize; nd];
            strides_heap = vec![0isize; nd];
            idx_heap = vec![0usize; nd];
            (&mut shape_heap, &mut strides_heap, &mut idx_heap)
        };
        let mut m = 0;
        for (&d, &s) in self.shape.iter().zip(&self.strides) {
            if d == 1 {
                continue;
            }
            if m > 0 && strides[m - 1] == s * d as isize {
                shape[m - 1] *= d;
                strides[m - 1] = s;
            } else {
                shape[m] = d;
                strides[m] = s;
                m += 1;
            }
        }
        if m == 0 {
            shape[0] = 1;
            m = 1;
        }
        runs(&shape[..m], &strides[..m], &mut idx[..m], self.offset as isize, start, len, f);
    }

    /// True when no two elements share a position (a view made by basic
    /// indexing, a transpose or a reshape of one; not a broadcast).
    pub fn is_injective(&self) -> bool {
        self.size() <= 1 || self.shape.iter().zip(&self.strides).all(|(&d, &s)| d <= 1 || s != 0)
    }
}

/// The odometer behind [`Layout::for_each_run`], over axes of non-zero
/// length (`idx` is scratch space of the same length).
fn runs(
    shape: &[usize],
    strides: &[isize],
    idx: &mut [usize],
    offset: isize,
    start: usize,
    len: usize,
    mut f: impl FnMut(isize, usize, isize),
) {
    let nd = shape.len();
    let mut rest = start;
    for k in (0..nd).rev() {
        idx[k] = rest % shape[k];
        rest /= shape[k];
    }
    let mut pos = offset;
    for k in 0..nd {
        pos += idx[k] as isize * strides[k];
    }
    let inner = nd - 1;
    let (inner_len, inner_stride) = (shape[inner], strides[inner]);
    let mut remaining = len;
    loop {
        let run = (inner_len - idx[inner]).min(remaining);
        f(pos, run, inner_stride);
        remaining -= run;
        if remaining == 0 {
            return;
        }
        // Carry into the outer axes.
        pos += (run as isize) * inner_stride;
        idx[inner] += run;
        let mut k = inner;
        while idx[k] == shape[k] {
            pos -= shape[k] as isize * strides[k];
            idx[k] = 0;
            k -= 1;
            idx[k] += 1;
            pos += strides[k];
        }
    }
}

/// Composes two layouts: `view` indexes a C-contiguous array of shape
/// `inner.shape` (its offset and strides count that array's elements) and
/// `inner` places that array's elements in a buffer. The result places the
/// view's elements in the buffer directly.
///
/// Exact when every axis of `view` walks along one axis of the array
/// without wrapping into the next (basic indexing, transposes, broadcasts
/// and reshapes that only split or join whole axes); `None` otherwise.
pub fn compose(view: &Layout, inner: &Layout) -> Option<Layout> {
    let nd = inner.ndim();
    if view.size() == 0 {
        return Some(Layout {
            shape: view.shape.clone(),
            strides: SmallVec::from_elem(0, view.ndim()),
            offset: inner.offset,
        });
    }
    if inner.is_c_contiguous() {
        return Some(Layout {
            shape: view.shape.clone(),
            strides: view.strides.clone(),
            offset: inner.offset + view.offset,
        });
    }
    let cs = c_strides(&inner.shape);
    // The view's first element as a multi-index of the array.
    let mut origin: SmallVec<[isize; 4]> = SmallVec::from_elem(0, nd);
    let mut rest = view.offset;
    for m in 0..nd {
        let c = cs[m] as usize;
        origin[m] = (rest / c) as isize;
        rest %= c;
    }
    if rest != 0 || (0..nd).any(|m| origin[m] >= inner.shape[m].max(1) as isize) {
        return None;
    }
    let mut lo = origin.clone();
    let mut hi = origin.clone();
    let mut strides: Strides = SmallVec::from_elem(0, view.ndim());
    for k in 0..view.ndim() {
        let (n, s) = (view.shape[k], view.strides[k]);
        if n <= 1 || s == 0 {
            continue;
        }
        // The outermost array axis whose step divides the view's stride.
        let m = (0..nd).find(|&m| inner.shape[m] > 1 && cs[m] <= s.abs())?;
        if s % cs[m] != 0 {
            return None;
        }
        let q = s / cs[m];
        let reach = q * (n as isize - 1);
        if reach < 0 {
            lo[m] += reach;
        } else {
            hi[m] += reach;
        }
        strides[k] = q * inner.strides[m];
    }
    if (0..nd).any(|m| lo[m] < 0 || hi[m] >= inner.shape[m] as isize) {
        return None;
    }
    let offset = inner.offset as isize + (0..nd).map(|m| origin[m] * inner.strides[m]).sum::<isize>();
    if offset < 0 {
        return None;
    }
    Some(Layout { shape: view.shape.clone(), strides, offset: offset as usize })
}

/// One item of a basic (view-producing) index.
#[derive(Clone, Debug, PartialEq)]
pub enum BasicIndex {
    Int(isize),
    Slice { start: Option<isize>, stop: Option<isize>, step: Option<isize> },
    NewAxis,
    Ellipsis,
}

/// Python's `slice.indices(len)`: returns (start, step, count).
pub fn slice_indices(
    start: Option<isize>,
    stop: Option<isize>,
    step: Option<isize>,
    len: usize,
) -> Result<(isize, isize, usize)> {
    let len = len as isize;
    let step = step.unwrap_or(1);
    if step == 0 {
        return Err(Error::value("slice step cannot be zero"));
    }
    let (lower, upper) = if step < 0 { (-1, len - 1) } else { (0, len) };
    let clamp = |v: isize| {
        if v < 0 {
            (v + len).max(lower)
        } else {
            v.min(upper)
        }
    };
    let start = start.map(clamp).unwrap_or(if step < 0 { upper } else { lower });
    let stop = stop.map(clamp).unwrap_or(if step < 0 { lower } else { upper });
    let count = if step > 0 {
        if stop > start { (stop - start + step - 1) / step } else { 0 }
    } else if start > stop {
        (start - stop + (-step) - 1) / (-step)
    } else {
        0
    };
    Ok((start, step, count as usize))
}

/// Applies a basic index (ints, slices, newaxis, one ellipsis) to a layout.
pub fn basic_index(layout: &Layout, items: &[BasicIndex]) -> Result<Layout> {
    let consumed = items
        .iter()
        .filter(|i| matches!(i, BasicIndex::Int(_) | BasicIndex::Slice { .. }))
        .count();
    if items.iter().filter(|i| matches!(i, BasicIndex::Ellipsis)).count() > 1 {
        return Err(Error::index("an index can only have a single ellipsis ('...')"));
    }
    if consumed > layout.ndim() {
        return Err(Error::index(format!(
            "too many indices for array: array is {}-dimensional, but {} were indexed",
            layout.ndim(),
            consumed
        )));
    }
    let mut shape = Shape::new();
    let mut strides = Strides::new();
    let mut offset = layout.offset as isize;
    let mut axis = 0;
    for item in items {
        match item {
            BasicIndex::Int(i) => {
                let d = layout.shape[axis] as isize;
                let j = if *i < 0 { i + d } else { *i };
                if j < 0 || j >= d {
                    return Err(Error::index(format!(
                        "index {i} is out of bounds for axis {axis} with size {d}"
                    )));
                }
                offset += j * layout.strides[axis];
                axis += 1;
            }
            BasicIndex::Slice { start, stop, step } => {
                let (s, st, n) = slice_indices(*start, *stop, *step, layout.shape[axis])?;
                if n > 0 {
                    offset += s * layout.strides[axis];
                }
                shape.push(n);
                strides.push(st * layout.strides[axis]);
                axis += 1;
            }
            BasicIndex::NewAxis => {
                shape.push(1);
                strides.push(0);
            }
            BasicIndex::Ellipsis => {
                let skip = layout.ndim() - consumed;
                for _ in 0..skip {
                    shape.push(layout.shape[axis]);
                    strides.push(layout.strides[axis]);
                    axis += 1;
                }
            }
        }
    }
    while axis < layout.ndim() {
        shape.push(layout.shape[axis]);
        strides.push(layout.strides[axis]);
        axis += 1;
    }
    Ok(Layout { shape, strides, offset: offset.max(0) as usize })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broadcast_message() {
        let e = broadcast_shapes(&[&[3], &[4]]).unwrap_err();
        assert_eq!(e.message, "operands could not be broadcast together with shapes (3,) (4,) ");
        assert_eq!(broadcast_shapes(&[&[2, 1], &[3]]).unwrap().as_slice(), &[2, 3]);
    }

    #[test]
    fn positions_follow_c_order() {
        let l = Layout::contiguous(&[2, 3]).transpose();
        let mut got = vec![];
        l.for_each_position(1, 4, |p| got.push(p));
        assert_eq!(got, vec![3, 1, 4, 2]);
        for (k, &p) in got.iter().enumerate() {
            assert_eq!(l.position(k + 1), p);
        }
    }

    /// Every element of `compose(view, inner)` is where reading `view`
    /// through a C-contiguous copy of `inner` finds it.
    fn check_compose(view: &Layout, inner: &Layout) {
        let c = compose(view, inner).expect("composable");
        let mut flat_of_inner = vec![];
        inner.for_each_position(0, inner.size(), |p| flat_of_inner.push(p));
        let mut want = vec![];
        view.for_each_position(0, view.size(), |f| want.push(flat_of_inner[f]));
        let mut got = vec![];
        c.for_each_position(0, c.size(), |p| got.push(p));
        assert_eq!(got, want, "{view:?} over {inner:?}");
    }

    #[test]
    fn composing_views() {
        let s = |a, b, c| BasicIndex::Slice { start: a, stop: b, step: c };
        let base = Layout::contiguous(&[6, 5]);
        let t = base.transpose();
        let sliced = basic_index(&base, &[s(Some(1), Some(-1), None), s(None, None, Some(-2))]).unwrap();
        for inner in [t.clone(), sliced.clone()] {
            let logical = Layout::contiguous(&inner.shape);
            let views = [
                basic_index(&logical, &[s(None, None, Some(2)), BasicIndex::Int(1)]).unwrap(),
                basic_index(&logical, &[BasicIndex::Ellipsis, s(None, None, Some(-1))]).unwrap(),
                basic_index(&logical, &[BasicIndex::NewAxis, s(Some(1), None, None)]).unwrap(),
                logical.transpose(),
                logical.reshape_view(&[1, inner.shape[0], 1, inner.shape[1]]).unwrap(),
                logical.broadcast_to(&[2, inner.shape[0], inner.shape[1]]).unwrap(),
            ];
            for v in &views {
                check_compose(v, &inner);
            }
        }
        // Joining two axes of a transposed array cannot be a strided view.
        assert!(compose(&Layout::contiguous(&[30]), &t).is_none());
        // Splitting one axis can.
        let split = Layout::contiguous(&[30]).reshape_view(&[5, 6]).unwrap();
        check_compose(&split, &basic_index(&Layout::contiguous(&[60]), &[s(None, None, Some(2))]).unwrap());
    }

    #[test]
    fn slicing() {
        let l = Layout::contiguous(&[10]);
        let v = basic_index(&l, &[BasicIndex::Slice { start: None, stop: None, step: Some(-2) }])
            .unwrap();
        assert_eq!(v.shape.as_slice(), &[5]);
        assert_eq!(v.offset, 9);
        assert_eq!(v.strides.as_slice(), &[-2]);
    }
}
