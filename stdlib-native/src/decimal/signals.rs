//! `Context.flags` and `Context.traps` as CPython's `_decimal` has them: a
//! mapping from the nine signal classes to bools, its values kept as bits.
//!
//! `_pydecimal` keeps them in plain dicts of ints, which the native
//! operations read and wrote by hashing the signal classes (four lookups
//! per inexact result). Here they are `SignalDict`s, as in CPython: a
//! `MutableMapping` (made in Python over the native `SignalDictMixin`,
//! `native_context` in the module) whose values are bools, which iterates
//! in `_decimal`'s order, prints as `_decimal` prints it, and refuses keys
//! other than the signals and deletions. The native operations test and
//! set the bits directly (`trapped`, `raise_flags`).
//!
//! Python code reads and sets them by key (`_raise_error`, `clear_flags`,
//! user code); a context shares them only with its `_shallow_copy`
//! (whose operations raise flags in the original), and assigning one, or
//! passing one to `Context()`, copies its values, as `_decimal` does.

use rustpython_vm::builtins::{PyDict, PyDictRef, PyTupleRef, PyType};
use rustpython_vm::object::{Traverse, TraverseFn};
use rustpython_vm::protocol::PyMappingMethods;
use rustpython_vm::types::{AsMapping, Comparable, Constructor, Iterable, PyComparisonOp, Representable};
use rustpython_vm::function::PyComparisonValue;
use rustpython_vm::{atomic_func, pyclass, AsObject, Py, PyObject, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine};
use std::sync::atomic::{AtomicU32, Ordering};

/// The signals in `_decimal`'s order (iteration, `repr`); a signal's bit is
/// its index here.
pub(super) const ORDER: [&str; 9] =
    ["InvalidOperation", "FloatOperation", "DivisionByZero", "Overflow", "Underflow", "Subnormal", "Inexact", "Rounded", "Clamped"];
pub(super) const INEXACT: u32 = 1 << 6;
pub(super) const ROUNDED: u32 = 1 << 7;

#[pyclass(module = "decimal", name = "SignalDictMixin", traverse = "manual", unhashable = true)]
#[derive(PyPayload)]
pub(crate) struct SignalDict {
    bits: AtomicU32,
    /// The signal classes, in `ORDER`.
    signals: PyTupleRef,
}

impl std::fmt::Debug for SignalDict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SignalDict({:#x})", self.bits())
    }
}

unsafe impl Traverse for SignalDict {
    fn traverse(&self, tracer: &mut TraverseFn<'_>) {
        self.signals.traverse(tracer);
    }
}

impl Constructor for SignalDict {
    type Args = (PyTupleRef, PyDictRef);

    /// `SignalDictMixin(signals, values)`: the nine signal classes in
    /// `ORDER`, and a dict giving each a value (true or false).
    fn py_new(_cls: &Py<PyType>, (signals, values): Self::Args, vm: &VirtualMachine) -> PyResult<Self> {
        if signals.len() != ORDER.len() {
            return Err(vm.new_value_error("invalid signal dict".to_owned()));
        }
        let mut bits = 0;
        for (i, s) in signals.iter().enumerate() {
            if let Some(v) = values.get_item_opt(&**s, vm)? {
                if v.try_to_bool(vm)? {
                    bits |= 1 << i;
                }
            }
        }
        Ok(SignalDict { bits: AtomicU32::new(bits), signals })
    }
}

impl SignalDict {
    pub(super) fn bits(&self) -> u32 {
        self.bits.load(Ordering::Relaxed)
    }

    /// Whether one of the signals in `mask` is set.
    pub(super) fn any(&self, mask: u32) -> bool {
        self.bits() & mask != 0
    }

    /// Sets the signals in `mask`.
    pub(super) fn raise_flags(&self, mask: u32) {
        if self.bits() & mask != mask {
            self.bits.fetch_or(mask, Ordering::Relaxed);
        }
    }

    fn index(&self, key: &PyObject, vm: &VirtualMachine) -> PyResult<usize> {
        self.signals.iter().position(|s| s.is(key)).ok_or_else(|| {
            let msg = "valid values for signals are:\n  [InvalidOperation, FloatOperation, DivisionByZero,\n   Overflow, Underflow, Subnormal, Inexact, Rounded,\n   Clamped]";
            vm.new_key_error(vm.ctx.new_str(msg).into())
        })
    }

    fn get(&self, key: &PyObject, vm: &VirtualMachine) -> PyResult {
        let i = self.index(key, vm)?;
        Ok(vm.ctx.new_bool(self.bits() & (1 << i) != 0).into())
    }

    fn set(&self, key: &PyObject, value: Option<PyObjectRef>, vm: &VirtualMachine) -> PyResult<()> {
        let Some(value) = value else {
            return Err(vm.new_value_error("signal keys cannot be deleted".to_owned()));
        };
        let bit = 1 << self.index(key, vm)?;
        if value.try_to_bool(vm)? {
            self.bits.fetch_or(bit, Ordering::Relaxed);
        } else {
            self.bits.fetch_and(!bit, Ordering::Relaxed);
        }
        Ok(())
    }

    /// The bits of a dict that has exactly the nine signals as keys; None
    /// for any other dict.
    fn bits_of(&self, d: &Py<PyDict>, vm: &VirtualMachine) -> PyResult<Option<u32>> {
        if d.__len__() != ORDER.len() {
            return Ok(None);
        }
        let mut bits = 0;
        for (i, s) in self.signals.iter().enumerate() {
            let Some(v) = d.get_item_opt(&**s, vm)? else { return Ok(None) };
            if v.try_to_bool(vm)? {
                bits |= 1 << i;
            }
        }
        Ok(Some(bits))
    }
}

#[pyclass(with(Constructor, AsMapping, Iterable, Representable, Comparable), flags(BASETYPE))]
impl SignalDict {
    /// A dict of the signals and their values.
    #[pymethod]
    fn copy(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<PyDictRef> {
        let d = vm.ctx.new_dict();
        for (i, s) in zelf.signals.iter().enumerate() {
            d.set_item(&**s, vm.ctx.new_bool(zelf.bits() & (1 << i) != 0).into(), vm)?;
        }
        Ok(d)
    }
}

impl AsMapping for SignalDict {
    fn as_mapping() -> &'static PyMappingMethods {
        static AS_MAPPING: PyMappingMethods = PyMappingMethods {
            length: atomic_func!(|_mapping, _vm| Ok(ORDER.len())),
            subscript: atomic_func!(|mapping, key, vm| SignalDict::mapping_downcast(mapping).get(key, vm)),
            ass_subscript: atomic_func!(|mapping, key, value, vm| SignalDict::mapping_downcast(mapping).set(key, value, vm)),
        };
        &AS_MAPPING
    }
}

impl Iterable for SignalDict {
    fn iter(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyResult {
        zelf.signals.as_object().get_iter(vm).map(Into::into)
    }
}

impl Representable for SignalDict {
    /// `{<class 'decimal.InvalidOperation'>:False, ...}`, as `_decimal`.
    fn repr_str(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<String> {
        let mut out = String::from("{");
        for (i, s) in zelf.signals.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(&s.repr(vm)?.to_string());
            out.push_str(if zelf.bits() & (1 << i) != 0 { ":True" } else { ":False" });
        }
        out.push('}');
        Ok(out)
    }
}

impl Comparable for SignalDict {
    /// Equal to a `SignalDict` with the same values, or to a dict of the
    /// nine signals with the same truth values; any other dict is not
    /// equal. (`_decimal` raises `ValueError` for an empty dict, by reading
    /// the dict as if it were a `SignalDict`; not copied.)
    fn cmp(zelf: &Py<Self>, other: &PyObject, op: PyComparisonOp, vm: &VirtualMachine) -> PyResult<PyComparisonValue> {
        op.eq_only(|| {
            let theirs = if let Some(o) = other.downcast_ref::<SignalDict>() {
                Some(o.bits())
            } else if let Some(d) = other.downcast_ref::<PyDict>() {
                zelf.bits_of(d, vm)?
            } else {
                None
            };
            Ok(match theirs {
                Some(bits) => PyComparisonValue::Implemented(zelf.bits() == bits),
                None => PyComparisonValue::NotImplemented,
            })
        })
    }
}
