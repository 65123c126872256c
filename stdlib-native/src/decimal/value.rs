//! The storage of a `Decimal`: a native base class, `_DecimalBase`.
//!
//! `_pydecimal`'s `Decimal` keeps `_sign`, `_int` (the coefficient's
//! digits as a str), `_exp` and `_is_special` in `__slots__`. Here
//! `Decimal` is made again on `_DecimalBase` (see `native_decimal` in the
//! module), whose instances hold the value natively: a finite value the
//! Rust methods made is one object with its `Dec` inside, and the four
//! Python fields are made from it only when Python code reads them (the
//! methods still written in Python do). Values Python code made (its
//! `__new__`, `_dec_from_triple`) are stored as the four objects it set,
//! and read into a `Dec` once, the first time a Rust method needs it.
//!
//! The native value is read without a lock. Every set of a field from
//! Python after it is known first turns it into the four objects, then
//! marks it stale (the value is then read from the fields at each use), so
//! the two forms never disagree.

use super::int_of;
use super::arith::{Dec, Num};
use super::limbs;
use rustpython_vm::builtins::{PyStr, PyType, PyTypeRef};
use rustpython_vm::gc_state::{current_owner, gc_state};
use rustpython_vm::common::lock::PyMutex;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::object::{FreeList, Traverse, TraverseFn};
use rustpython_vm::types::Constructor;
use rustpython_vm::class::StaticType;
use rustpython_vm::{pyclass, AsObject, Context, Py, PyObject, PyObjectRef, PyPayload, PyResult, VirtualMachine};
use std::borrow::Cow;
use std::cell::{Cell, UnsafeCell};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU8, Ordering};

#[pyclass(module = "_pydecimal", name = "_DecimalBase", traverse = "manual")]
pub(crate) struct DecimalBase {
    /// The finite value (None: not finite, or not `_pydecimal`'s fields),
    /// valid while `state` is `KNOWN`: set when a Rust method makes the
    /// object, or under `f`'s lock the first time one reads the fields
    /// Python code set, and never written again.
    value: UnsafeCell<Option<Dec>>,
    state: AtomicU8,
    f: PyMutex<Fields>,
}

/// `state`: `value` not read yet.
const UNKNOWN: u8 = 0;
/// `value` holds (read without a lock).
const KNOWN: u8 = 1;
/// A field was set after `value` was known: the value is read from the
/// fields at each use.
const STALE: u8 = 2;

// Safety: `value` is written only while `state` is `UNKNOWN`, under `f`'s
// lock, before `state` becomes `KNOWN` (release); it is read only after
// `state` was seen `KNOWN` (acquire), and never written after.
unsafe impl Sync for DecimalBase {}

impl Default for DecimalBase {
    fn default() -> Self {
        DecimalBase { value: UnsafeCell::new(None), state: AtomicU8::new(UNKNOWN), f: PyMutex::default() }
    }
}

thread_local! {
    static FREE: Cell<FreeList<DecimalBase>> = const { Cell::new(FreeList::new()) };
}

impl PyPayload for DecimalBase {
    /// Like CPython's `_decimal` values, not tracked by the cycle
    /// collector: a value holds ints and a str, which make no cycle, and
    /// the collections its allocations would set off cost more than the
    /// arithmetic. (Instances of subclasses with a `__dict__` are tracked,
    /// by `slot_new`.)
    const NEW_REF_UNTRACKED: bool = true;

    /// The objects of `Decimal` itself (a heap type without a prefix) are
    /// kept for reuse when freed, as CPython keeps floats: an operation
    /// makes one and a loop frees one at nearly every step.
    const HAS_FREELIST: bool = true;
    const FREELIST_HEAP_TYPES: bool = true;
    const MAX_FREELIST: usize = 256;

    fn class(_ctx: &Context) -> &'static Py<PyType> {
        <Self as StaticType>::static_type()
    }

    unsafe fn freelist_push(obj: *mut PyObject) -> bool {
        // Only `Decimal`'s: a husk keeps its class alive.
        // Safety: `obj` is a valid object (its payload dropped).
        let cls = unsafe { (*obj).class() };
        super::is_decimal_class(cls) && FreeList::push(&FREE, obj)
    }

    unsafe fn freelist_pop(_payload: &Self) -> Option<NonNull<PyObject>> {
        FreeList::pop(&FREE)
    }
}

/// `_sign`, `_int`, `_exp`, `_is_special`, as Python code set them or as
/// made from the native value.
/// (Boxed, and made only when Python code sets or reads one: most values
/// are made and read by the Rust methods alone.)
#[derive(Default)]
struct Fields {
    py: Option<Box<[Option<PyObjectRef>; 4]>>,
}

const SIGN: usize = 0;
const INT: usize = 1;
const EXP: usize = 2;
const IS_SPECIAL: usize = 3;
const NAMES: [&str; 4] = ["_sign", "_int", "_exp", "_is_special"];

impl std::fmt::Debug for DecimalBase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("_DecimalBase")
    }
}

unsafe impl Traverse for DecimalBase {
    fn traverse(&self, tracer: &mut TraverseFn<'_>) {
        // The fields are ints, strs and bools as `_pydecimal` sets them,
        // or whatever Python code stored; visit them all.
        if let Some(f) = self.f.try_lock() {
            for v in f.py.iter().flat_map(|py| py.iter()).flatten() {
                v.traverse(tracer);
            }
        }
    }
}

impl Constructor for DecimalBase {
    type Args = FuncArgs;

    /// `_DecimalBase.__new__(cls)`: an instance with no field set, which
    /// `_pydecimal`'s `Decimal.__new__` and `_dec_from_triple` then set;
    /// tracked by the cycle collector when it has a `__dict__`.
    fn slot_new(cls: PyTypeRef, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let obj: PyObjectRef = Self::py_new(&cls, args, vm)?.into_ref_with_type(vm, cls)?.into();
        if obj.dict().is_some() {
            // Safety: a new object, not tracked (`NEW_REF_UNTRACKED`).
            unsafe { gc_state().track_object(std::ptr::NonNull::from(&*obj), current_owner()) };
        }
        Ok(obj)
    }

    fn py_new(_cls: &Py<PyType>, _args: FuncArgs, _vm: &VirtualMachine) -> PyResult<Self> {
        Ok(DecimalBase::default())
    }
}

impl Fields {
    /// Makes the Python fields from the native value `native`.
    fn materialize(&mut self, native: Option<&Dec>, vm: &VirtualMachine) {
        if let Some(d) = native {
            if self.py.as_ref().is_none_or(|py| py.iter().any(Option::is_none)) {
                // Digits are ASCII.
                let digits = String::from_utf8(d.coeff.to_digits()).unwrap_or_default();
                self.py = Some(Box::new([
                    Some(vm.ctx.new_int(d.neg as u8).into()),
                    Some(vm.ctx.new_str(digits).into()),
                    Some(vm.ctx.new_int(d.exp).into()),
                    Some(vm.ctx.new_bool(false).into()),
                ]));
            }
        }
    }

    /// The finite value of the Python fields, None when they are a special
    /// value, unset, or not what `_pydecimal` stores.
    fn read(&self, vm: &VirtualMachine) -> Option<Dec> {
        let [Some(sign), Some(digits), Some(exp), Some(is_special)] = &**self.py.as_ref()? else { return None };
        if !is_special.is(vm.ctx.false_value.as_object()) {
            return None;
        }
        let digits = digits.downcast_ref::<PyStr>()?.to_str()?.as_bytes();
        // What Python code stored; the arithmetic needs ASCII digits
        // without leading zeros (as `_pydecimal` keeps them).
        if digits.is_empty() || !limbs::all_digits(digits) || (digits.len() > 1 && digits[0] == b'0') {
            return None;
        }
        let exp = int_of(vm, exp)?;
        let neg = match int_of(vm, sign)? {
            0 => false,
            1 => true,
            _ => return None,
        };
        // Exponents this large are left to Python's unbounded ints.
        (exp.abs() < 1 << 60).then(|| Dec { neg, coeff: Num::from_digits(digits), exp })
    }
}

impl DecimalBase {
    /// A finite value made by the Rust methods.
    pub(super) fn new(d: Dec) -> Self {
        DecimalBase { value: UnsafeCell::new(Some(d)), state: AtomicU8::new(KNOWN), f: PyMutex::default() }
    }

    /// The value while it holds (the fields are made from it).
    fn known(&self) -> Option<&Option<Dec>> {
        // Safety: see `value`.
        (self.state.load(Ordering::Acquire) == KNOWN).then(|| unsafe { &*self.value.get() })
    }

    /// The finite value, None for a special value or fields Python code
    /// set to something `_pydecimal` would not.
    #[inline]
    pub(super) fn dec(&self, vm: &VirtualMachine) -> Option<Cow<'_, Dec>> {
        match self.known() {
            Some(v) => v.as_ref().map(Cow::Borrowed),
            None => self.dec_of_fields(vm),
        }
    }

    /// `dec` when the value is not known: read from the fields (once, when
    /// no field was set after it was known).
    #[inline(never)]
    fn dec_of_fields(&self, vm: &VirtualMachine) -> Option<Cow<'_, Dec>> {
        let f = self.f.lock();
        let v = f.read(vm);
        if self.state.load(Ordering::Acquire) == UNKNOWN {
            // Safety: `UNKNOWN`, under the lock (see `value`).
            unsafe { *self.value.get() = v.clone() };
            self.state.store(KNOWN, Ordering::Release);
        }
        v.map(Cow::Owned)
    }

    fn get(&self, i: usize, vm: &VirtualMachine) -> PyResult {
        let mut f = self.f.lock();
        f.materialize(self.known().and_then(Option::as_ref), vm);
        f.py.as_ref().and_then(|py| py[i].clone()).ok_or_else(|| vm.new_attribute_error(NAMES[i].to_owned()))
    }

    fn set(&self, i: usize, value: PyObjectRef, vm: &VirtualMachine) {
        let old = {
            let mut f = self.f.lock();
            f.materialize(self.known().and_then(Option::as_ref), vm);
            if self.state.load(Ordering::Acquire) == KNOWN {
                self.state.store(STALE, Ordering::Release);
            }
            f.py.get_or_insert_default()[i].replace(value)
        };
        // Dropped with the lock released (a finalizer may run).
        drop(old);
    }
}

#[pyclass(with(Constructor), flags(BASETYPE))]
impl DecimalBase {
    #[pygetset(name = "_sign")]
    fn sign(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        zelf.get(SIGN, vm)
    }
    #[pygetset(name = "_sign", setter)]
    fn set_sign(zelf: &Py<Self>, value: PyObjectRef, vm: &VirtualMachine) {
        zelf.set(SIGN, value, vm)
    }
    #[pygetset(name = "_int")]
    fn int(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        zelf.get(INT, vm)
    }
    #[pygetset(name = "_int", setter)]
    fn set_int(zelf: &Py<Self>, value: PyObjectRef, vm: &VirtualMachine) {
        zelf.set(INT, value, vm)
    }
    #[pygetset(name = "_exp")]
    fn exp(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        zelf.get(EXP, vm)
    }
    #[pygetset(name = "_exp", setter)]
    fn set_exp(zelf: &Py<Self>, value: PyObjectRef, vm: &VirtualMachine) {
        zelf.set(EXP, value, vm)
    }
    #[pygetset(name = "_is_special")]
    fn is_special(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        zelf.get(IS_SPECIAL, vm)
    }
    #[pygetset(name = "_is_special", setter)]
    fn set_is_special(zelf: &Py<Self>, value: PyObjectRef, vm: &VirtualMachine) {
        zelf.set(IS_SPECIAL, value, vm)
    }
}
