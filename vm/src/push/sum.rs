//! `sum` in push mode.

use malachite_bigint::BigInt;
use num_traits::ToPrimitive;
use rustpython_vm::builtins::{PyFloat, PyInt, PyList, PyTuple};
use rustpython_vm::function::{Callee, FuncArgs};
use rustpython_vm::protocol::PyIterReturn;
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyResult, VirtualMachine};

use super::Sink;
use crate::generator;

/// `sum`'s running total. Python's `+` on exact ints and floats, computed
/// directly: ints in i64 until they overflow, then as Python ints.
enum Total {
    Int(i64),
    /// An exact int outside i64.
    Big(PyObjectRef),
    Float(f64),
}

impl Total {
    fn of(vm: &VirtualMachine, o: &PyObject) -> Option<Total> {
        match crate::exact::exact_int(vm, o) {
            Some(i) => Some(super::int_i64(o, i).map_or_else(|| Total::Big(o.to_owned()), Total::Int)),
            None => crate::exact::exact_float(vm, o).map(Total::Float),
        }
    }

    fn into_object(self, vm: &VirtualMachine) -> PyObjectRef {
        match self {
            Total::Int(i) => vm.ctx.new_int(i).into(),
            Total::Big(o) => o,
            Total::Float(x) => vm.ctx.new_float(x).into(),
        }
    }
}

struct SumSink {
    /// None only between the consumer taking it and putting it back.
    total: Option<Total>,
}

impl SumSink {
    /// The total as a Python int, if it is one.
    fn int_total(&self) -> Option<BigInt> {
        match &self.total {
            Some(Total::Int(a)) => Some(BigInt::from(*a)),
            Some(Total::Big(a)) => Some(a.downcast_ref::<PyInt>().expect("an int").as_bigint().clone()),
            _ => None,
        }
    }

    fn set_int(&mut self, vm: &VirtualMachine, s: BigInt) {
        self.total = Some(match s.to_i64() {
            Some(i) => Total::Int(i),
            None => Total::Big(vm.ctx.new_int(s).into()),
        });
    }

    /// Add `b`: in place while the total is an int that does not overflow
    /// (every value of a sum of small ints), otherwise `add_int_other`.
    #[inline]
    fn add_int(&mut self, vm: &VirtualMachine, b: i64) -> bool {
        if let Some(Total::Int(a)) = &mut self.total {
            if let Some(s) = a.checked_add(b) {
                *a = s;
                return true;
            }
        }
        self.add_int_other(vm, b)
    }

    #[cold]
    #[inline(never)]
    fn add_int_other(&mut self, vm: &VirtualMachine, b: i64) -> bool {
        match self.total {
            Some(Total::Int(a)) if a.checked_add(b).is_some() => self.total = Some(Total::Int(a + b)),
            Some(Total::Float(a)) => self.total = Some(Total::Float(a + b as f64)),
            _ => match self.int_total() {
                Some(a) => self.set_int(vm, a + b),
                None => return false,
            },
        }
        true
    }

    fn add_float(&mut self, x: f64) -> bool {
        match self.total {
            Some(Total::Int(a)) => self.total = Some(Total::Float(a as f64 + x)),
            Some(Total::Float(a)) => self.total = Some(Total::Float(a + x)),
            // A huge int plus a float may overflow: the generic path raises.
            _ => return false,
        }
        true
    }
}

impl Sink for SumSink {
    fn take(&mut self, vm: &VirtualMachine, v: &PyObject) -> bool {
        let cls = v.class();
        if cls.is(vm.ctx.types.int_type) || cls.is(vm.ctx.types.bool_type) {
            let Some(i) = v.downcast_ref::<PyInt>() else { return false };
            // (a bool's value by RustPython's conversion: the probed
            // layout is an exact int's)
            let small = if cls.is(vm.ctx.types.int_type) { super::int_i64(v, i) } else { i.as_bigint().to_i64() };
            if let Some(b) = small {
                return self.add_int(vm, b);
            }
            let b = i.as_bigint();
            // A float plus a huge int may overflow: the generic path raises.
            match self.int_total() {
                Some(a) => self.set_int(vm, a + b),
                None => return false,
            }
            true
        } else if cls.is(vm.ctx.types.float_type) {
            v.downcast_ref::<PyFloat>().is_some_and(|f| self.add_float(f.to_f64()))
        } else {
            false
        }
    }

    fn take_int(&mut self, vm: &VirtualMachine, v: i64) -> bool {
        self.add_int(vm, v)
    }

    fn take_float(&mut self, _vm: &VirtualMachine, v: f64) -> bool {
        self.add_float(v)
    }
}

/// `sum(generator[, start])` with an int or float start: the generator runs
/// in push mode; a value the sink declines is added with Python's `+`
/// (which may run Python code) before the generator resumes. An exact list
/// or tuple goes through the same sink (`sum_items`). Anything else goes to
/// the original `sum`. The results are those of CPython 3.11's `sum`, whose
/// int and float fast paths compute exactly Python's `+`.
pub(super) fn sum(vm: &VirtualMachine, args: FuncArgs, callee: Callee, original: crate::compat::Original) -> PyResult {
    let start = match (&args.args[..], args.kwargs.len()) {
        ([_], 0) => None,
        ([_, s], 0) => Some(s),
        ([_], 1) if args.kwargs.contains_key("start") => args.kwargs.get("start"),
        _ => return original(vm, args, callee),
    };
    let g = &args.args[0];
    let total = match start {
        None => Some(Total::Int(0)),
        Some(s) => Total::of(vm, s),
    };
    let Some(total) = total else {
        return original(vm, args, callee);
    };
    if g.class().is(vm.ctx.types.list_type) || g.class().is(vm.ctx.types.tuple_type) {
        return sum_items(vm, g, total);
    }
    if !generator::is_plain_generator(g) {
        return original(vm, args, callee);
    }
    let mut sink = SumSink { total: Some(total) };
    loop {
        let step = generator::resume_pushing(vm, g, &mut sink).expect("a generator")?;
        let total = sink.total.take().expect("a total");
        match step {
            PyIterReturn::StopIteration(_) => return Ok(total.into_object(vm)),
            PyIterReturn::Return(v) => {
                let s = vm._add(&total.into_object(vm), &v)?;
                match Total::of(vm, &s) {
                    Some(t) => sink.total = Some(t),
                    // The total left ints and floats: the rest is generic.
                    None => return sum_generic(vm, s, || generator::iter_next(vm, g)),
                }
            }
        }
    }
}

/// `sum(seq)` of an exact list or tuple with no start: what `sum` computes
/// for it (compiled code calls it without the builtin's argument handling).
pub fn sum_sequence(vm: &VirtualMachine, seq: &PyObjectRef) -> PyResult {
    sum_items(vm, seq, Total::Int(0))
}

/// `sum` of an exact list or tuple: item by item as its iterator would go
/// (a list's length is read again at each step: an item's `__radd__` may
/// change the list), through the sink while it takes them; from the first
/// total that is not an int or float on, with `+`.
fn sum_items(vm: &VirtualMachine, seq: &PyObjectRef, total: Total) -> PyResult {
    let mut sink = SumSink { total: Some(total) };
    // The run of items the sink takes needs no lock per item: taking one
    // runs no Python code, so the list cannot change meanwhile.
    // When it takes them all, that is the sum.
    let taken = |items: &[PyObjectRef], sink: &mut SumSink| {
        let n = items.iter().take_while(|item| sink.take(vm, item)).count();
        (n, n == items.len())
    };
    let (mut i, all) = if let Some(list) = seq.downcast_ref::<PyList>().filter(|_| seq.class().is(vm.ctx.types.list_type)) {
        taken(&list.borrow_vec(), &mut sink)
    } else if let Some(tuple) = seq.downcast_ref::<PyTuple>() {
        taken(tuple.as_slice(), &mut sink)
    } else {
        (0, false)
    };
    if all {
        return Ok(sink.total.take().expect("a total").into_object(vm));
    }
    while let Some(item) = item_at(vm, seq, i) {
        i += 1;
        if sink.take(vm, &item) {
            continue;
        }
        let s = vm._add(&sink.total.take().expect("a total").into_object(vm), &item)?;
        match Total::of(vm, &s) {
            Some(t) => sink.total = Some(t),
            None => {
                return sum_generic(vm, s, || {
                    let item = item_at(vm, seq, i);
                    i += 1;
                    Ok(item.map_or(PyIterReturn::StopIteration(None), PyIterReturn::Return))
                })
            }
        }
    }
    Ok(sink.total.take().expect("a total").into_object(vm))
}

/// Item `i` of an exact list or tuple (None past the end, or for anything else).
fn item_at(vm: &VirtualMachine, seq: &PyObjectRef, i: usize) -> Option<PyObjectRef> {
    let cls = seq.class();
    if cls.is(vm.ctx.types.list_type) {
        seq.downcast_ref::<PyList>()?.borrow_vec().get(i).cloned()
    } else if cls.is(vm.ctx.types.tuple_type) {
        seq.downcast_ref::<PyTuple>()?.as_slice().get(i).cloned()
    } else {
        None
    }
}

/// The rest of a sum with Python's `+`, over the values `next` gives.
fn sum_generic(vm: &VirtualMachine, mut total: PyObjectRef, mut next: impl FnMut() -> PyResult<PyIterReturn>) -> PyResult {
    loop {
        match next()? {
            PyIterReturn::Return(v) => total = vm._add(&total, &v)?,
            PyIterReturn::StopIteration(_) => return Ok(total),
        }
    }
}

