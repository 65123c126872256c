//! The storage of a `Context`: a native base class, `_ContextBase`.
//!
//! `Context` is made again on `_ContextBase` (see `native_context` in the
//! module). Its fields (`prec`, `rounding`, `Emin`, `Emax`, `capitals`,
//! `clamp`, `flags`, `traps`, `_ignored_flags`) are the objects Python code
//! set (`Context.__setattr__` validates them, then stores them here by
//! `object.__setattr__`); the Rust methods read them as a `Cx`, made once
//! and kept until a field is set again. `flags` and `traps` are
//! `SignalDict`s (`signals`), whose bits are read and set at each use, and
//! `_ignored_flags` is a list `_pydecimal` sets when it ignores signals (and
//! empties in place when it regards them again): a `Cx` is read only while
//! it is empty, and kept until a field is set.

use super::int_of;
use super::arith::{rounding, Rounding};
use super::signals::SignalDict;
use rustpython_vm::builtins::{PyList, PyStr, PyType};
use rustpython_vm::common::lock::PyMutex;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::object::{Traverse, TraverseFn};
use rustpython_vm::types::Constructor;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use rustpython_vm::{pyclass, Py, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine};

/// The context's fields as the arithmetic reads them.
#[derive(Clone)]
pub(super) struct Cx {
    pub(super) prec: i64,
    pub(super) rounding: Rounding,
    pub(super) emin: i64,
    pub(super) emax: i64,
    pub(super) clamp: bool,
    pub(super) capitals: bool,
    pub(super) flags: PyRef<SignalDict>,
    pub(super) traps: PyRef<SignalDict>,
}

impl Cx {
    pub(super) fn etiny(&self) -> i64 {
        self.emin - self.prec + 1
    }
    pub(super) fn etop(&self) -> i64 {
        self.emax - self.prec + 1
    }
}

#[pyclass(module = "_pydecimal", name = "_ContextBase", traverse = "manual")]
#[derive(PyPayload, Default)]
pub(crate) struct ContextBase {
    f: PyMutex<Fields>,
}

#[derive(Default)]
struct Fields {
    /// In `NAMES`' order.
    py: [Option<PyObjectRef>; 9],
    /// Shared with the operations running under it (one count to clone).
    cx: Option<Arc<Cx>>,
}

/// Counts the sets of any context's field (`current` remembers the
/// current context's `Cx` until the next one).
static FIELDS_CHANGED: AtomicU64 = AtomicU64::new(0);

pub(super) fn fields_changed() -> u64 {
    FIELDS_CHANGED.load(Ordering::Acquire)
}

const NAMES: [&str; 9] = ["prec", "rounding", "Emin", "Emax", "capitals", "clamp", "flags", "traps", "_ignored_flags"];
const IGNORED_FLAGS: usize = 8;

impl std::fmt::Debug for ContextBase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("_ContextBase")
    }
}

unsafe impl Traverse for ContextBase {
    fn traverse(&self, tracer: &mut TraverseFn<'_>) {
        if let Some(f) = self.f.try_lock() {
            for v in f.py.iter().flatten() {
                v.traverse(tracer);
            }
        }
    }
}

impl Constructor for ContextBase {
    type Args = FuncArgs;

    /// An instance with no field set; `Context.__init__` sets them.
    fn py_new(_cls: &Py<PyType>, _args: FuncArgs, _vm: &VirtualMachine) -> PyResult<Self> {
        Ok(ContextBase::default())
    }
}

impl Fields {
    fn read(&self, vm: &VirtualMachine) -> Option<Cx> {
        let [Some(prec), Some(round), Some(emin), Some(emax), Some(capitals), Some(clamp), Some(flags), Some(traps), Some(_)] = &self.py else {
            return None;
        };
        Some(Cx {
            prec: int_of(vm, prec)?,
            rounding: rounding(round.downcast_ref::<PyStr>()?.to_str()?)?,
            emin: int_of(vm, emin)?,
            emax: int_of(vm, emax)?,
            clamp: int_of(vm, clamp)? != 0,
            capitals: int_of(vm, capitals)? != 0,
            flags: flags.clone().downcast::<SignalDict>().ok()?,
            traps: traps.clone().downcast::<SignalDict>().ok()?,
        })
    }
}

impl ContextBase {
    /// The fields, None when one is not what `Context.__setattr__` stores
    /// or some signal is being ignored (`_ignored_flags`, which the Python
    /// methods handle).
    pub(super) fn cx(&self, vm: &VirtualMachine) -> Option<Arc<Cx>> {
        let mut f = self.f.lock();
        if !f.py[IGNORED_FLAGS].as_ref()?.downcast_ref::<PyList>()?.borrow_vec().is_empty() {
            return None;
        }
        if f.cx.is_none() {
            f.cx = f.read(vm).map(Arc::new);
        }
        f.cx.clone()
    }

    fn get(&self, i: usize, vm: &VirtualMachine) -> PyResult {
        self.f.lock().py[i].clone().ok_or_else(|| vm.new_attribute_error(NAMES[i].to_owned()))
    }

    fn set(&self, i: usize, value: PyObjectRef) {
        FIELDS_CHANGED.fetch_add(1, Ordering::AcqRel);
        let (old, cx) = {
            let mut f = self.f.lock();
            (f.py[i].replace(value), f.cx.take())
        };
        // Dropped with the lock released (a finalizer may run).
        drop((old, cx));
    }
}

#[pyclass(with(Constructor), flags(BASETYPE))]
impl ContextBase {
    #[pygetset]
    fn prec(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        zelf.get(0, vm)
    }
    #[pygetset(setter)]
    fn set_prec(zelf: &Py<Self>, value: PyObjectRef) {
        zelf.set(0, value)
    }
    #[pygetset]
    fn rounding(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        zelf.get(1, vm)
    }
    #[pygetset(setter)]
    fn set_rounding(zelf: &Py<Self>, value: PyObjectRef) {
        zelf.set(1, value)
    }
    #[pygetset(name = "Emin")]
    fn emin(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        zelf.get(2, vm)
    }
    #[pygetset(name = "Emin", setter)]
    fn set_emin(zelf: &Py<Self>, value: PyObjectRef) {
        zelf.set(2, value)
    }
    #[pygetset(name = "Emax")]
    fn emax(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        zelf.get(3, vm)
    }
    #[pygetset(name = "Emax", setter)]
    fn set_emax(zelf: &Py<Self>, value: PyObjectRef) {
        zelf.set(3, value)
    }
    #[pygetset]
    fn capitals(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        zelf.get(4, vm)
    }
    #[pygetset(setter)]
    fn set_capitals(zelf: &Py<Self>, value: PyObjectRef) {
        zelf.set(4, value)
    }
    #[pygetset]
    fn clamp(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        zelf.get(5, vm)
    }
    #[pygetset(setter)]
    fn set_clamp(zelf: &Py<Self>, value: PyObjectRef) {
        zelf.set(5, value)
    }
    #[pygetset]
    fn flags(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        zelf.get(6, vm)
    }
    #[pygetset(setter)]
    fn set_flags(zelf: &Py<Self>, value: PyObjectRef) {
        zelf.set(6, value)
    }
    #[pygetset]
    fn traps(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        zelf.get(7, vm)
    }
    #[pygetset(setter)]
    fn set_traps(zelf: &Py<Self>, value: PyObjectRef) {
        zelf.set(7, value)
    }
    #[pygetset(name = "_ignored_flags")]
    fn ignored_flags(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        zelf.get(IGNORED_FLAGS, vm)
    }
    #[pygetset(name = "_ignored_flags", setter)]
    fn set_ignored_flags(zelf: &Py<Self>, value: PyObjectRef) {
        zelf.set(IGNORED_FLAGS, value)
    }
}
