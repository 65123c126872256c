//! `a[...]` and `a[...] = v`: basic indexing makes views; boolean masks and
//! integer arrays gather (and scatter) eagerly, since a mask's result shape
//! depends on the data.

use crate::numpy::args::{unsupported, OrRaise};
use crate::numpy::convert::{self, node_of};
use crate::numpy::ndarray::{shape_text, PyNdArray};
use crate::numpy::scalar::{self, PyNpScalar};
use hipy_lazy::layout::{basic_index, BasicIndex, Layout};
use hipy_lazy::runtime;
use hipy_lazy::{Array, Buffer, DType, Scalar};
use rustpython_vm::builtins::{PyBool, PyInt, PyList, PySlice, PyTuple};
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyPayload, PyResult, VirtualMachine};

enum Item {
    Basic(BasicIndex),
    Ints(Array),
    Mask(Array),
}

fn opt_index(vm: &VirtualMachine, obj: &Option<PyObjectRef>) -> PyResult<Option<isize>> {
    match obj {
        Some(o) if !vm.is_none(o) => Ok(Some(convert::index_of(vm, o)?)),
        _ => Ok(None),
    }
}

fn not_valid(vm: &VirtualMachine) -> rustpython_vm::builtins::PyBaseExceptionRef {
    vm.new_index_error(
        "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices",
    )
}

fn parse_item(vm: &VirtualMachine, obj: &PyObject) -> PyResult<Item> {
    if vm.is_none(obj) {
        return Ok(Item::Basic(BasicIndex::NewAxis));
    }
    if obj.is(&vm.ctx.ellipsis) {
        return Ok(Item::Basic(BasicIndex::Ellipsis));
    }
    if let Some(s) = obj.downcast_ref::<PySlice>() {
        return Ok(Item::Basic(BasicIndex::Slice {
            start: opt_index(vm, &s.start.clone())?,
            stop: opt_index(vm, &Some(s.stop.clone()))?,
            step: opt_index(vm, &s.step.clone())?,
        }));
    }
    if obj.downcast_ref::<PyBool>().is_some() {
        return Err(unsupported(vm, "indexing with a Python bool"));
    }
    if obj.downcast_ref::<PyInt>().is_some() {
        return Ok(Item::Basic(BasicIndex::Int(convert::index_of(vm, obj)?)));
    }
    if let Some(s) = obj.downcast_ref::<PyNpScalar>() {
        return match s.dtype() {
            d if d.is_int() => Ok(Item::Basic(BasicIndex::Int(s.value().as_i64() as isize))),
            DType::Bool => Err(unsupported(vm, "indexing with a numpy bool scalar")),
            _ => Err(not_valid(vm)),
        };
    }
    if obj.downcast_ref::<PyNdArray>().is_some() || obj.downcast_ref::<PyList>().is_some() {
        let empty_list = obj.downcast_ref::<PyList>().is_some_and(|l| l.borrow_vec().is_empty());
        let node = node_of(vm, obj)?;
        let a = runtime::force(&runtime::settle(node));
        if empty_list {
            return Ok(Item::Ints(Array::from_buffer(Buffer::I64(vec![]), &[0])));
        }
        return match a.dtype() {
            DType::Bool => Ok(Item::Mask(a)),
            d if d.is_int() => Ok(Item::Ints(a)),
            _ => Err(vm.new_index_error("arrays used as indices must be of integer (or boolean) type")),
        };
    }
    Err(not_valid(vm))
}

fn parse(vm: &VirtualMachine, needle: &PyObject) -> PyResult<Vec<Item>> {
    if let Some(t) = needle.downcast_ref::<PyTuple>() {
        t.as_slice().iter().map(|x| parse_item(vm, x)).collect()
    } else {
        Ok(vec![parse_item(vm, needle)?])
    }
}

/// Element read or view for an index made only of basic items. A view
/// computes nothing (a pending array's views are pending too); an element
/// read forces the array.
fn basic_get(vm: &VirtualMachine, zelf: &PyNdArray, items: &[BasicIndex]) -> PyResult {
    let l = basic_index(&zelf.view_layout(), items).or_raise(vm)?;
    if l.ndim() == 0 {
        let (storage, layout) = zelf.stored();
        let l = basic_index(&layout, items).or_raise(vm)?;
        return Ok(scalar::from_value(vm, storage.read(|b| b.get(l.offset))));
    }
    Ok(zelf.derive_view(|layout| basic_index(layout, items)).or_raise(vm)?.into_pyobject(vm))
}

pub fn get_int(vm: &VirtualMachine, zelf: &PyNdArray, i: isize) -> PyResult {
    basic_get(vm, zelf, &[BasicIndex::Int(i)])
}

/// Buffer positions of the selected "rows" (the leading axes an advanced
/// index consumes), the shape of the selection, and the layout of one row.
struct Selection {
    rows: Vec<usize>,
    shape: Vec<usize>,
    row_layout: Layout,
}

fn check_index(vm: &VirtualMachine, i: i64, axis: usize, size: usize) -> PyResult<usize> {
    let n = size as i64;
    let j = if i < 0 { i + n } else { i };
    if j < 0 || j >= n {
        return Err(vm.new_index_error(format!("index {i} is out of bounds for axis {axis} with size {size}")));
    }
    Ok(j as usize)
}

fn rest_layout(layout: &Layout, from: usize) -> Layout {
    Layout {
        shape: layout.shape[from..].iter().copied().collect(),
        strides: layout.strides[from..].iter().copied().collect(),
        offset: 0,
    }
}

fn mask_selection(vm: &VirtualMachine, layout: &Layout, mask: &Array) -> PyResult<Selection> {
    let k = mask.layout.ndim();
    if k > layout.ndim() {
        return Err(vm.new_index_error(format!(
            "too many indices for array: array is {}-dimensional, but {} were indexed",
            layout.ndim(),
            k
        )));
    }
    for d in 0..k {
        if mask.layout.shape[d] != layout.shape[d] {
            return Err(vm.new_index_error(format!(
                "boolean index did not match indexed array along axis {d}; size of axis is {} but size of corresponding boolean axis is {}",
                layout.shape[d], mask.layout.shape[d]
            )));
        }
    }
    let prefix = Layout {
        shape: layout.shape[..k].iter().copied().collect(),
        strides: layout.strides[..k].iter().copied().collect(),
        offset: layout.offset,
    };
    let m = mask.to_vec::<bool>();
    let count: usize = m.iter().map(|&b| b as usize).sum();
    // Without a branch per element (masks are often random): each
    // position is written to the next slot, which only a true claims.
    let mut rows = vec![0usize; count + 1];
    let (mut flat, mut next) = (0, 0);
    prefix.for_each_run(0, prefix.size(), |pos, run, stride| {
        let mut p = pos;
        for &take in &m[flat..flat + run] {
            // Safety: `next` counts the trues before this element, at
            // most `count`, and `rows` has `count + 1` slots.
            unsafe { *rows.get_unchecked_mut(next) = p as usize };
            next += take as usize;
            p += stride;
        }
        flat += run;
    });
    rows.truncate(count);
    let mut shape = vec![rows.len()];
    shape.extend_from_slice(&layout.shape[k..]);
    Ok(Selection { rows, shape, row_layout: rest_layout(layout, k) })
}

/// Integer arrays for the first `arrays.len()` axes, applied pointwise.
fn int_selection(vm: &VirtualMachine, layout: &Layout, arrays: &[Array]) -> PyResult<Selection> {
    let k = arrays.len();
    if k > layout.ndim() {
        return Err(vm.new_index_error(format!(
            "too many indices for array: array is {}-dimensional, but {} were indexed",
            layout.ndim(),
            k
        )));
    }
    let shapes: Vec<&[usize]> = arrays.iter().map(|a| a.shape()).collect();
    let bshape = hipy_lazy::layout::broadcast_shapes(&shapes).map_err(|_| {
        let parts: Vec<String> = shapes.iter().map(|s| shape_text(s)).collect();
        vm.new_index_error(format!(
            "shape mismatch: indexing arrays could not be broadcast together with shapes {} ",
            parts.join(" ")
        ))
    })?;
    let n: usize = bshape.iter().product();
    // Each index array in C order over the broadcast shape: in place when
    // it already is one.
    let broadcast: Vec<Array> = arrays
        .iter()
        .map(|a| Array::new(a.buffer.clone(), a.layout.broadcast_to(&bshape).expect("broadcast checked")))
        .collect();
    let owned: Vec<Option<Vec<i64>>> =
        broadcast.iter().map(|b| b.contiguous_slice::<i64>().is_none().then(|| b.to_vec::<i64>())).collect();
    let idx: Vec<&[i64]> = broadcast
        .iter()
        .zip(&owned)
        .map(|(b, o)| o.as_deref().unwrap_or_else(|| b.contiguous_slice::<i64>().expect("contiguous")))
        .collect();
    let mut rows = vec![layout.offset; n];
    for (axis, ix) in idx.iter().enumerate() {
        // One pass per axis without a branch per element; the first bad
        // index (in result order, axes in turn) is found again for the
        // error.
        let (size, stride) = (layout.shape[axis] as i64, layout.strides[axis]);
        let mut bad = false;
        for (r, &i) in rows.iter_mut().zip(ix.iter()) {
            let j = if i < 0 { i + size } else { i };
            bad |= j < 0 || j >= size;
            *r = (*r as isize + j as isize * stride) as usize;
        }
        if bad {
            for m in 0..n {
                for (axis, ix) in idx.iter().enumerate() {
                    check_index(vm, ix[m], axis, layout.shape[axis])?;
                }
            }
        }
    }
    let mut shape: Vec<usize> = bshape.to_vec();
    shape.extend_from_slice(&layout.shape[k..]);
    Ok(Selection { rows, shape, row_layout: rest_layout(layout, k) })
}

fn as_int64(a: &Array) -> Array {
    let v: Vec<i64> = match a.dtype() {
        DType::Int64 => return a.clone(),
        _ => (0..a.size()).map(|k| a.get_flat(k).as_i64()).collect(),
    };
    Array::from_buffer(Buffer::I64(v), a.shape())
}

/// All buffer positions a selection covers, in result order, and its shape.
fn positions(sel: Selection) -> (Vec<usize>, Vec<usize>) {
    if sel.row_layout.ndim() == 0 {
        // Whole elements selected (a mask over every axis): the rows.
        return (sel.rows, sel.shape);
    }
    let per = sel.row_layout.size();
    let mut out = Vec::with_capacity(sel.rows.len() * per);
    for &r in &sel.rows {
        sel.row_layout.for_each_position(0, per, |p| out.push(r + p));
    }
    (out, sel.shape)
}


/// The advanced part of an index: a selection over the leading axes, or
/// one integer array among basic items (handled per value).
enum Advanced {
    Leading(Selection),
    Single { before: Vec<BasicIndex>, values: Array, after: Vec<BasicIndex> },
}

fn advanced(vm: &VirtualMachine, layout: &Layout, items: Vec<Item>) -> PyResult<Advanced> {
    let n_adv = items.iter().filter(|i| !matches!(i, Item::Basic(_))).count();
    if items.len() == 1 {
        if let Some(Item::Mask(m)) = items.first() {
            return Ok(Advanced::Leading(mask_selection(vm, layout, m)?));
        }
    }
    if n_adv == items.len() {
        let arrays: Vec<Array> = items
            .into_iter()
            .map(|i| match i {
                Item::Ints(a) => Ok(as_int64(&a)),
                Item::Mask(m) if m.layout.ndim() == 1 => {
                    let v = m.to_vec::<bool>();
                    let idx: Vec<i64> = (0..v.len()).filter(|&k| v[k]).map(|k| k as i64).collect();
                    let n = idx.len();
                    Ok(Array::from_buffer(Buffer::I64(idx), &[n]))
                }
                _ => Err(unsupported(vm, "indexing with multi-dimensional boolean arrays inside a tuple")),
            })
            .collect::<PyResult<_>>()?;
        return Ok(Advanced::Leading(int_selection(vm, layout, &arrays)?));
    }
    if n_adv == 1 {
        let pos = items.iter().position(|i| !matches!(i, Item::Basic(_))).unwrap();
        let mut before = Vec::new();
        let mut after = Vec::new();
        let mut values = None;
        for (k, it) in items.into_iter().enumerate() {
            match it {
                Item::Basic(b) if k < pos => before.push(b),
                Item::Basic(b) => after.push(b),
                Item::Ints(a) => values = Some(as_int64(&a)),
                Item::Mask(m) if m.layout.ndim() == 1 => {
                    let v = m.to_vec::<bool>();
                    let idx: Vec<i64> = (0..v.len()).filter(|&k| v[k]).map(|k| k as i64).collect();
                    let n = idx.len();
                    values = Some(Array::from_buffer(Buffer::I64(idx), &[n]));
                }
                Item::Mask(_) => return Err(unsupported(vm, "multi-dimensional boolean index mixed with slices")),
            }
        }
        if before.iter().any(|b| matches!(b, BasicIndex::Ellipsis | BasicIndex::NewAxis))
            || after.iter().any(|b| matches!(b, BasicIndex::NewAxis))
        {
            return Err(unsupported(vm, "advanced indexing combined with ellipsis or newaxis before it"));
        }
        return Ok(Advanced::Single { before, values: values.unwrap(), after });
    }
    Err(unsupported(vm, "indexing with several integer arrays mixed with slices"))
}

/// For `Single`: the basic layout for each index value, the result shape,
/// and buffer positions in result order.
fn single_positions(
    vm: &VirtualMachine,
    layout: &Layout,
    before: &[BasicIndex],
    values: &Array,
    after: &[BasicIndex],
) -> PyResult<(Vec<usize>, Vec<usize>)> {
    let vals = values.to_vec::<i64>();
    let axis = before.len();
    if axis >= layout.ndim() {
        return Err(vm.new_index_error(format!(
            "too many indices for array: array is {}-dimensional, but {} were indexed",
            layout.ndim(),
            axis + 1
        )));
    }
    let mut pieces = Vec::with_capacity(vals.len());
    let mut piece_shape: Option<Vec<usize>> = None;
    // Layout of an index 0 at `axis` tells the shapes around it.
    for &v in &vals {
        let j = check_index(vm, v, axis, layout.shape[axis])?;
        let mut items: Vec<BasicIndex> = before.to_vec();
        items.push(BasicIndex::Int(j as isize));
        items.extend_from_slice(after);
        let l = basic_index(layout, &items).or_raise(vm)?;
        piece_shape = Some(l.shape.to_vec());
        let mut p = Vec::with_capacity(l.size());
        l.for_each_position(0, l.size(), |q| p.push(q));
        pieces.push(p);
    }
    let piece_shape = match piece_shape {
        Some(s) => s,
        None => {
            let mut items: Vec<BasicIndex> = before.to_vec();
            items.push(BasicIndex::Slice { start: Some(0), stop: Some(0), step: None });
            items.extend_from_slice(after);
            let l = basic_index(layout, &items).or_raise(vm)?;
            let mut s = l.shape.to_vec();
            s.remove(before.iter().filter(|b| matches!(b, BasicIndex::Slice { .. })).count());
            s
        }
    };
    // The result puts the index's axes where the basic items before it end.
    let kept_before = before.iter().filter(|b| matches!(b, BasicIndex::Slice { .. })).count();
    let b_size: usize = piece_shape[..kept_before].iter().product();
    let a_size: usize = piece_shape[kept_before..].iter().product();
    let m = vals.len();
    let mut out = Vec::with_capacity(b_size * m * a_size);
    for b in 0..b_size {
        for piece in &pieces {
            out.extend_from_slice(&piece[b * a_size..(b + 1) * a_size]);
        }
    }
    let mut shape: Vec<usize> = piece_shape[..kept_before].to_vec();
    shape.extend_from_slice(values.shape());
    shape.extend_from_slice(&piece_shape[kept_before..]);
    Ok((out, shape))
}

pub fn getitem(vm: &VirtualMachine, zelf: &PyNdArray, needle: &PyObject) -> PyResult {
    if let Some(v) = get_one(vm, zelf, needle) {
        return Ok(v);
    }
    let items = parse(vm, needle)?;
    if items.iter().all(|i| matches!(i, Item::Basic(_))) {
        let basic: Vec<BasicIndex> = items
            .into_iter()
            .map(|i| match i {
                Item::Basic(b) => b,
                _ => unreachable!(),
            })
            .collect();
        return basic_get(vm, zelf, &basic);
    }
    // Positions as C-order flat indices of the array: a gather node over
    // it, which computes nothing now.
    let logical = Layout::contiguous(&zelf.shape());
    let (pos, shape) = match advanced(vm, &logical, items)? {
        Advanced::Leading(sel) => positions(sel),
        Advanced::Single { before, values, after } => single_positions(vm, &logical, &before, &values, &after)?,
    };
    convert::wrap_array(vm, hipy_lazy::graph::gather(&zelf.node(), pos, &shape))
}

/// The value to store, broadcast to `shape`, as scalars in C order.
fn values_for(vm: &VirtualMachine, value: &PyObject, shape: &[usize]) -> PyResult<Vec<Scalar>> {
    let node = node_of(vm, value)?;
    let v = runtime::force(&runtime::settle(node));
    let l = v.layout.broadcast_to(shape).map_err(|_| {
        vm.new_value_error(format!(
            "could not broadcast input array from shape {} into shape {}",
            shape_text(v.shape()),
            shape_text(shape)
        ))
    })?;
    let n = l.size();
    let mut out = Vec::with_capacity(n);
    l.for_each_position(0, n, |p| out.push(v.buffer.get(p)));
    Ok(out)
}

/// Up to this many Python int indices take the one-element fast paths.
const MAX_ONE: usize = 8;

/// `needle` as Python ints when it is a Python int or a tuple of them (at
/// most `MAX_ONE`): the indices and their count. None for anything else.
fn int_indices(vm: &VirtualMachine, needle: &PyObject) -> Option<([isize; MAX_ONE], usize)> {
    let int_type = vm.ctx.types.int_type;
    let one = [needle.to_owned()];
    let items: &[PyObjectRef] = if needle.class().is(int_type) {
        &one
    } else if let Some(t) = needle.downcast_ref::<PyTuple>() {
        t.as_slice()
    } else {
        return None;
    };
    if items.len() > MAX_ONE {
        return None;
    }
    let mut out = [0isize; MAX_ONE];
    for (k, i) in items.iter().enumerate() {
        if !i.class().is(int_type) {
            return None;
        }
        out[k] = i.downcast_ref::<PyInt>()?.try_to_primitive::<isize>(vm).ok()?;
    }
    Some((out, items.len()))
}

/// The buffer position of the element at `indices` (one per axis), None
/// when one is out of bounds (the general path raises the IndexError).
fn element_position(indices: &[isize], layout: &Layout) -> Option<usize> {
    let mut pos = layout.offset as isize;
    for (k, &i) in indices.iter().enumerate() {
        let n = layout.shape[k] as isize;
        let i = if i < 0 { i + n } else { i };
        if i < 0 || i >= n {
            return None;
        }
        pos += i * layout.strides[k];
    }
    Some(pos as usize)
}

/// `a[i]` or `a[i, j, ...]` naming one element: its scalar, read straight
/// from the (forced, as NumPy computes it) buffer without building layouts
/// or nodes: the scalar-sized read of a Python loop. None for any other
/// index.
fn get_one(vm: &VirtualMachine, zelf: &PyNdArray, needle: &PyObject) -> Option<PyObjectRef> {
    let (indices, n) = int_indices(vm, needle)?;
    if n != zelf.ndim() {
        return None;
    }
    let value = zelf.with_stored(|storage, layout| {
        let pos = element_position(&indices[..n], layout)?;
        Some(storage.read(|b| b.get(pos)))
    })?;
    Some(scalar::from_value(vm, value))
}

/// `a[i] = x` or `a[i, j, ...] = x`: one element, in-bounds Python int
/// indices, a value of the array's own float64/int64 dtype. Written in
/// place (copying a buffer a pending node still reads, as every write
/// does) without building nodes: the scalar-sized store of a Python loop.
/// False when it is any other case, which the general path takes.
fn set_one(vm: &VirtualMachine, zelf: &PyNdArray, needle: &PyObject, value: &PyObject) -> bool {
    let Some(v) = convert::plain_scalar(vm, value, zelf.dtype()) else {
        return false;
    };
    let Some((indices, n)) = int_indices(vm, needle) else {
        return false;
    };
    if n != zelf.ndim() {
        return false;
    }
    zelf.with_stored(|storage, layout| {
        let Some(pos) = element_position(&indices[..n], layout) else {
            return false;
        };
        storage.write(|buf| buf.set(pos, v));
        true
    })
}

pub fn setitem(vm: &VirtualMachine, zelf: &PyNdArray, needle: &PyObject, value: &PyObject) -> PyResult<()> {
    zelf.check_writeable(vm, "assignment destination")?;
    if set_one(vm, zelf, needle, value) {
        return Ok(());
    }
    // A Python int the integer dtype cannot hold: NumPy 2's OverflowError.
    if let Some(w @ hipy_lazy::WeakScalar::Int(_)) = convert::weak_of(vm, value)? {
        if zelf.dtype().is_int() {
            hipy_lazy::dtype::weak_to_scalar(w, zelf.dtype()).or_raise(vm)?;
        }
    }
    let items = parse(vm, needle)?;
    if items.iter().all(|i| matches!(i, Item::Basic(_))) {
        let basic: Vec<BasicIndex> = items
            .into_iter()
            .map(|i| match i {
                Item::Basic(b) => b,
                _ => unreachable!(),
            })
            .collect();
        // A slice assignment writes through the view, computing a pending
        // value straight into it (runtime::write_into).
        let node = node_of(vm, value)?;
        let (storage, layout) = zelf.stored();
        let region = basic_index(&layout, &basic).or_raise(vm)?;
        // NumPy drops leading size-1 axes of a value with more axes than
        // the region, then broadcasts it.
        let extra = node.shape.len().saturating_sub(region.ndim());
        let fits = node.shape[..extra].iter().all(|&d| d == 1)
            && Layout::contiguous(&node.shape[extra..]).broadcast_to(&region.shape).is_ok();
        if !fits {
            return Err(vm.new_value_error(format!(
                "could not broadcast input array from shape {} into shape {}",
                shape_text(&node.shape),
                shape_text(&region.shape)
            )));
        }
        let node = if extra > 0 {
            hipy_lazy::graph::view(&node, Layout::contiguous(&node.shape[extra..]))
        } else {
            node
        };
        runtime::write_into(&storage, &region, node);
        return Ok(());
    }
    let (storage, layout) = zelf.stored();
    let (pos, shape) = {
        let mask_count = match items.first() {
            Some(Item::Mask(m)) if items.len() == 1 && m.layout.ndim() == layout.ndim() => {
                Some(m.to_vec::<bool>().iter().filter(|&&b| b).count())
            }
            _ => None,
        };
        let (pos, shape) = match advanced(vm, &layout, items)? {
            Advanced::Leading(sel) => positions(sel),
            Advanced::Single { before, values, after } => single_positions(vm, &layout, &before, &values, &after)?,
        };
        if let Some(count) = mask_count {
            // NumPy's message when the values do not fit the mask.
            let v = runtime::force(&runtime::settle(node_of(vm, value)?));
            if v.size() != 1 && v.size() != count && v.layout.ndim() <= 1 {
                return Err(vm.new_value_error(format!(
                    "NumPy boolean array indexing assignment cannot assign {} input values to the {} output values where the mask is true",
                    v.size(),
                    count
                )));
            }
        }
        (pos, shape)
    };
    let values = values_for(vm, value, &shape)?;
    storage.write(|buf| {
        for (p, v) in pos.iter().zip(values) {
            buf.set(*p, v);
        }
    });
    Ok(())
}
