//! `_heapq`'s push and pop on an exact list, with the sift loops of CPython
//! 3.11's `_heapqmodule.c`.
//!
//! RustPython's `_heapq` locks the list, copies two items out and compares
//! them through the generic protocol at every step. A comparison that hipy
//! decides natively (`exact::compare_fast`: exact int, float or str, and
//! tuples of those, the usual `(priority, seq, item)` entries) runs no
//! Python code and cannot change the list, so those steps run under one
//! lock of the list. At the first pair that needs Python code (a class with
//! `__lt__`), the sift goes on step by step as CPython's does: each
//! comparison with the list unlocked, then the check that the list did not
//! change size. Lists of other classes, and `heapify`, `nsmallest` and the
//! `_max` variants, are RustPython's.

use rustpython_vm::builtins::{PyList, PyTuple};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::types::PyComparisonOp;
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyResult, VirtualMachine};

use crate::exact::{compare_fast, order_fast};

/// `a < b` when it needs no Python code: exact ints, floats and strs, and
/// tuples whose items up to the first unequal pair are those (or the same
/// object), as `tuple_compare` decides it. None: the generic comparison.
fn native_lt(vm: &VirtualMachine, a: &PyObject, b: &PyObject) -> Option<bool> {
    let tuple = vm.ctx.types.tuple_type;
    if !(a.class().is(tuple) && b.class().is(tuple)) {
        return compare_fast(vm, a, b, PyComparisonOp::Lt);
    }
    let (v, w) = (a.downcast_ref::<PyTuple>()?.as_slice(), b.downcast_ref::<PyTuple>()?.as_slice());
    for (x, y) in v.iter().zip(w) {
        if x.is(y) {
            continue;
        }
        match order_fast(vm, x, y)? {
            Some(std::cmp::Ordering::Equal) => continue,
            o => return Some(o == Some(std::cmp::Ordering::Less)),
        }
    }
    Some(v.len() < w.len())
}

/// `newitem`'s place among its parents, from `pos` up to `startpos`
/// (`siftdown`).
fn sift_down(vm: &VirtualMachine, heap: &PyList, startpos: usize, mut pos: usize) -> PyResult<()> {
    {
        let mut items = heap.borrow_vec_mut();
        while pos > startpos {
            let parentpos = (pos - 1) >> 1;
            match native_lt(vm, &items[pos], &items[parentpos]) {
                Some(true) => {
                    items.swap(pos, parentpos);
                    pos = parentpos;
                }
                Some(false) => return Ok(()),
                None => break,
            }
        }
    }
    let size = heap.borrow_vec().len();
    while pos > startpos {
        let parentpos = (pos - 1) >> 1;
        let (newitem, parent) = pair(heap, pos, parentpos, size, vm)?;
        let lt = newitem.rich_compare_bool(&parent, PyComparisonOp::Lt, vm)?;
        let mut items = heap.borrow_vec_mut();
        if items.len() != size {
            return Err(vm.new_runtime_error("list changed size during iteration"));
        }
        if !lt {
            break;
        }
        items.swap(pos, parentpos);
        pos = parentpos;
    }
    Ok(())
}

/// Items `i` and `j` of `heap`, which had `size` items.
fn pair(heap: &PyList, i: usize, j: usize, size: usize, vm: &VirtualMachine) -> PyResult<(PyObjectRef, PyObjectRef)> {
    let items = heap.borrow_vec();
    match (items.get(i), items.get(j)) {
        (Some(a), Some(b)) if items.len() == size => Ok((a.clone(), b.clone())),
        _ => Err(vm.new_runtime_error("list changed size during iteration")),
    }
}

/// Move the smaller child up from `pos` to a leaf, then the item there up
/// to its place (`siftup`).
fn sift_up(vm: &VirtualMachine, heap: &PyList, mut pos: usize) -> PyResult<()> {
    let startpos = pos;
    let endpos = heap.borrow_vec().len();
    if pos >= endpos {
        return Err(vm.new_index_error("index out of range"));
    }
    let limit = endpos >> 1;
    {
        let mut items = heap.borrow_vec_mut();
        while pos < limit {
            let mut childpos = 2 * pos + 1;
            if childpos + 1 < endpos {
                match native_lt(vm, &items[childpos], &items[childpos + 1]) {
                    Some(lt) => childpos += usize::from(!lt),
                    None => break,
                }
            }
            items.swap(pos, childpos);
            pos = childpos;
        }
    }
    while pos < limit {
        let mut childpos = 2 * pos + 1;
        if childpos + 1 < endpos {
            let (a, b) = pair(heap, childpos, childpos + 1, endpos, vm)?;
            let lt = a.rich_compare_bool(&b, PyComparisonOp::Lt, vm)?;
            childpos += usize::from(!lt);
            if heap.borrow_vec().len() != endpos {
                return Err(vm.new_runtime_error("list changed size during iteration"));
            }
        }
        heap.borrow_vec_mut().swap(pos, childpos);
        pos = childpos;
    }
    sift_down(vm, heap, startpos, pos)
}

/// The exact list `args` starts with, when there are `n` positional
/// arguments and no keywords.
fn exact_list<'a>(vm: &VirtualMachine, args: &'a FuncArgs, n: usize) -> Option<&'a PyList> {
    if args.args.len() != n || !args.kwargs.is_empty() || !args.args[0].class().is(vm.ctx.types.list_type) {
        return None;
    }
    args.args[0].downcast_ref::<PyList>().map(|l| &**l)
}

fn heappush(vm: &VirtualMachine, heap: &PyList, item: PyObjectRef) -> PyResult<()> {
    let n = {
        let mut items = heap.borrow_vec_mut();
        items.push(item);
        items.len()
    };
    sift_down(vm, heap, 0, n - 1)
}

fn heappop(vm: &VirtualMachine, heap: &PyList) -> PyResult {
    let top = {
        let mut items = heap.borrow_vec_mut();
        let Some(last) = items.pop() else {
            return Err(vm.new_index_error("index out of range"));
        };
        match items.first_mut() {
            Some(first) => std::mem::replace(first, last),
            None => return Ok(last),
        }
    };
    sift_up(vm, heap, 0)?;
    Ok(top)
}

/// Replace the smallest item by `item`; the smallest item.
fn replace_top(vm: &VirtualMachine, heap: &PyList, item: PyObjectRef) -> PyResult {
    let top = {
        let mut items = heap.borrow_vec_mut();
        let Some(first) = items.first_mut() else {
            return Err(vm.new_index_error("index out of range"));
        };
        std::mem::replace(first, item)
    };
    sift_up(vm, heap, 0)?;
    Ok(top)
}

fn heappushpop(vm: &VirtualMachine, heap: &PyList, item: PyObjectRef) -> PyResult {
    let Some(top) = heap.borrow_vec().first().cloned() else {
        return Ok(item);
    };
    let lt = match native_lt(vm, &top, &item) {
        Some(lt) => lt,
        None => top.rich_compare_bool(&item, PyComparisonOp::Lt, vm)?,
    };
    if !lt {
        return Ok(item);
    }
    replace_top(vm, heap, item)
}

/// CPython's message for bad positional arguments of function `name`
/// (which takes `n`), where it differs from RustPython's; None otherwise.
fn bad_arguments(vm: &VirtualMachine, name: &str, args: &FuncArgs, n: usize) -> Option<PyResult> {
    if !args.kwargs.is_empty() {
        return None;
    }
    if args.args.len() != n {
        // `heappop` takes one object (METH_O); the others report their
        // counts as RustPython does.
        return (n == 1).then(|| Err(vm.new_type_error(format!("_heapq.{name}() takes exactly one argument ({} given)", args.args.len()))));
    }
    let heap = &args.args[0];
    // A one-argument function's message has no argument number.
    let which = if n == 1 { "argument" } else { "argument 1" };
    (!heap.class().fast_issubclass(vm.ctx.types.list_type))
        .then(|| Err(vm.new_type_error(format!("{name}() {which} must be list, not {}", heap.class().name()))))
}

/// Route `_heapq`'s functions through the sifts above for exact lists,
/// when `_heapq` is first imported.
pub fn install() {
    crate::compat::lazy::register(&[("_heapq", wrap)]);
}

fn wrap(vm: &VirtualMachine) -> PyResult<()> {
    let m = vm.import("_heapq", 0)?;
    crate::compat::wrap_function(vm, &m, "heappush", |vm, args, callee, original| match exact_list(vm, &args, 2) {
        Some(heap) => heappush(vm, heap, args.args[1].clone()).map(|()| vm.ctx.none()),
        None => bad_arguments(vm, "heappush", &args, 2).unwrap_or_else(|| original(vm, args, callee)),
    })?;
    crate::compat::wrap_function(vm, &m, "heappop", |vm, args, callee, original| match exact_list(vm, &args, 1) {
        Some(heap) => heappop(vm, heap),
        None => bad_arguments(vm, "heappop", &args, 1).unwrap_or_else(|| original(vm, args, callee)),
    })?;
    crate::compat::wrap_function(vm, &m, "heapreplace", |vm, args, callee, original| match exact_list(vm, &args, 2) {
        Some(heap) => replace_top(vm, heap, args.args[1].clone()),
        None => bad_arguments(vm, "heapreplace", &args, 2).unwrap_or_else(|| original(vm, args, callee)),
    })?;
    crate::compat::wrap_function(vm, &m, "heappushpop", |vm, args, callee, original| match exact_list(vm, &args, 2) {
        Some(heap) => heappushpop(vm, heap, args.args[1].clone()),
        None => bad_arguments(vm, "heappushpop", &args, 2).unwrap_or_else(|| original(vm, args, callee)),
    })
}
