//! `decimal` on native values, with `_pydecimal` for what is not native yet.
//!
//! hipy has no `_decimal` (CPython's C module on libmpdec), so `decimal` is
//! `_pydecimal`. This module takes its place under the name `_pydecimal`:
//! it runs the frozen `_pydecimal` source into itself (without importing
//! `re` or `locale`: `stand_ins`), then
//! - makes `Decimal` and `Context` again on native base classes
//!   (`native_decimal`, `native_context`): a `Decimal` holds its value in
//!   Rust (`value`: sign, coefficient as a `u128` or base-10**9 limbs,
//!   exponent), a `Context` its fields (`context`); the Python methods
//!   still read and set `_sign`, `_int`, `_exp`, `_is_special` and the
//!   context's fields as attributes, made from the native value on demand;
//! - replaces the hot methods of `Decimal` with Rust ones (`install`):
//!   construction from an int, a Decimal or a plain numeric string, `+ - *
//!   / // %` (with their reflected forms, through `Decimal`'s number
//!   slots), unary `- + abs`, the comparison operators (its rich-comparison
//!   slot), `hash` (its hash slot), `quantize`, `to_integral_value`, `str`
//!   (also its str slot), `repr` (also its repr slot), `bool`, `_cmp`, and
//!   `getcontext`/`setcontext`.
//!
//! The Rust methods use `_pydecimal`'s algorithms (`_normalize`, exact
//! division with the "+1 if the remainder is non-zero" trick, `_fix`'s
//! rounding) on the numbers (`arith`; `limbs` for long coefficients,
//! `malachite` only for products and quotients of two long numbers), or
//! shortcuts that give the same correctly rounded result and signals
//! (`add_sticky`, `div_rounded`: fewer passes over long coefficients). They
//! take the fast path only for finite operands, `Decimal` or `int`, and
//! results that need nothing but rounding: a special value, a zero operand
//! where `_pydecimal` has special cases, a subnormal or overflowing result,
//! a clamped exponent, a trapped `Inexact`/`Rounded`, a non-empty
//! `_ignored_flags`, a subclass of `Context`, or anything else unusual
//! sends the call to the original Python method, which then does all the
//! work (no flag has been touched yet). Results and flags are therefore
//! exactly `_pydecimal`'s.

use rustpython_vm::builtins::{PyCode, PyDict, PyInt, PyModule, PyStr, PyType};
use rustpython_vm::frozen::FrozenCodeObject;
use rustpython_vm::py_compile;
use rustpython_vm::function::{Either, FuncArgs, ItemDoc, PyComparisonValue, PyFastcallFn, PyMethodDef, PyMethodFlags, VectorArgs};
use rustpython_vm::types::PyComparisonOp;
use rustpython_vm::{AsObject, Py, PyObject, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine};
use std::borrow::Cow;

mod arith;
mod context;
mod current;
mod stand_ins;
mod limbs;
mod signals;
mod value;

/// Python compiled when hipy is built (`py_compile!`), as the frozen
/// standard library is.
type Code = FrozenCodeObject<&'static [u8]>;

use arith::{cmp, fix, op_add, op_div, op_floordiv, op_mod, op_mul, op_sub, round_to, rounding, to_str, Dec, Num, Outcome, Signals};
use context::Cx;

pub(crate) use pydecimal::module_def;

#[rustpython_vm::pymodule(name = "_pydecimal")]
mod pydecimal {
    use super::*;

    pub(crate) fn module_exec(vm: &VirtualMachine, module: &Py<PyModule>) -> PyResult<()> {
        __module_exec(vm, module);
        let imp = vm.import("_imp", 0)?;
        let code = vm.call_method(&imp, "get_frozen_object", ("_pydecimal",))?;
        let dict = module.dict();
        let exec = vm.builtins.get_attr("exec", vm)?;
        stand_ins::with_stand_ins(vm, || exec.call((code, dict.clone()), vm).map(drop))?;
        // Its regular expressions are read without `re` (`stand_ins`);
        // `decimal` has no `re` (neither has CPython's C one).
        if dict.contains_key("re", vm) {
            dict.del_item("re", vm)?;
        }
        // The module's docstring is `decimal`'s, with its examples (as
        // 3.11's `_pydecimal` has; RustPython's `decimal` copies it over
        // only when it is imported as `decimal`).
        let decimal = vm.call_method(&imp, "get_frozen_object", ("decimal",))?;
        if let Ok(doc) = decimal.get_attr("co_consts", vm).and_then(|c| c.get_item(&0, vm)) {
            if doc.downcast_ref::<PyStr>().is_some() {
                dict.set_item("__doc__", doc, vm)?;
            }
        }
        use rustpython_vm::class::PyClassImpl;
        dict.set_item("_ContextBase", context::ContextBase::make_static_type().into(), vm)?;
        dict.set_item("_DecimalBase", value::DecimalBase::make_static_type().into(), vm)?;
        dict.set_item("_SignalDictMixin", signals::SignalDict::make_static_type().into(), vm)?;
        let order = signals::ORDER.iter().map(|name| dict.get_item(*name, vm)).collect::<PyResult<Vec<_>>>()?;
        dict.set_item("_SIGNALS", vm.ctx.new_tuple(order).into(), vm)?;
        exec.call((PyCode::new_ref_from_frozen(vm, native_context()), dict.clone()), vm)?;
        exec.call((PyCode::new_ref_from_frozen(vm, native_decimal()), dict.clone()), vm)?;
        install(vm, &dict)
    }
}

/// Makes `Context` again on `_ContextBase` (`context`), which keeps its
/// fields natively (`_pydecimal`'s keeps them in its `__dict__`): the class
/// from the same namespace, and the contexts the module made with the
/// first one made again with the same arguments. Every way of setting a
/// field (`Context.__setattr__`, `object.__setattr__`) stores into the
/// native storage, so nothing can be stale; like CPython's `_decimal`
/// contexts, they have no `__dict__` (so `__repr__`, which formatted
/// `vars(self)`, reads the fields by name). Their `flags` and `traps` are
/// `SignalDict`s (`signals`), made on the native `_SignalDictMixin` with
/// the signal classes in `_SIGNALS`.
fn native_context() -> Code {
    py_compile!(
        source = r#"
import _collections_abc
_SignalDict = type(_collections_abc.MutableMapping)(
    'SignalDict', (_SignalDictMixin, _collections_abc.MutableMapping), {})
del _collections_abc


def _native(cls):
    ns = {k: v for k, v in cls.__dict__.items() if k not in ('__dict__', '__weakref__')}
    ns['__slots__'] = ('__weakref__',)

    # The order in which `_decimal`'s repr lists the signals.
    repr_order = (Clamped, InvalidOperation, DivisionByZero, Inexact, FloatOperation,
                  Overflow, Rounded, Subnormal, Underflow)

    def __repr__(self):
        """Show the current context."""
        s = []
        fields = {name: getattr(self, name) for name in
                  ('prec', 'rounding', 'Emin', 'Emax', 'capitals', 'clamp')}
        s.append('Context(prec=%(prec)d, rounding=%(rounding)s, '
                 'Emin=%(Emin)d, Emax=%(Emax)d, capitals=%(capitals)d, '
                 'clamp=%(clamp)d'
                 % fields)
        names = [f.__name__ for f in repr_order if self.flags[f]]
        s.append('flags=[' + ', '.join(names) + ']')
        names = [t.__name__ for t in repr_order if self.traps[t]]
        s.append('traps=[' + ', '.join(names) + ']')
        return ', '.join(s) + ')'
    __repr__.__qualname__ = cls.__repr__.__qualname__
    ns['__repr__'] = __repr__

    # Flags and traps are `SignalDict`s; one given to `Context()` or
    # assigned is copied, as `_decimal` does.
    init = ns['__init__']

    def __init__(self, prec=None, rounding=None, Emin=None, Emax=None,
                 capitals=None, clamp=None, flags=None, traps=None,
                 _ignored_flags=None):
        if isinstance(flags, _SignalDictMixin):
            flags = flags.copy()
        if isinstance(traps, _SignalDictMixin):
            traps = traps.copy()
        init(self, prec, rounding, Emin, Emax, capitals, clamp, flags, traps, _ignored_flags)
    __init__.__qualname__ = init.__qualname__
    __init__.__doc__ = init.__doc__
    ns['__init__'] = __init__

    check_and_set = ns['_set_signal_dict']

    def _set_signal_dict(self, name, d):
        if isinstance(d, _SignalDictMixin):
            d = d.copy()
        check_and_set(self, name, d)
        object.__setattr__(self, name, _SignalDict(_SIGNALS, d))
    _set_signal_dict.__qualname__ = check_and_set.__qualname__
    ns['_set_signal_dict'] = _set_signal_dict

    def _shallow_copy(self):
        """Returns a shallow copy from self."""
        nc = Context(self.prec, self.rounding, self.Emin, self.Emax,
                     self.capitals, self.clamp, None, None,
                     self._ignored_flags)
        # The copy raises its flags in this context's.
        object.__setattr__(nc, 'flags', self.flags)
        object.__setattr__(nc, 'traps', self.traps)
        return nc
    _shallow_copy.__qualname__ = ns['_shallow_copy'].__qualname__
    ns['_shallow_copy'] = _shallow_copy
    return type(cls)(cls.__name__, (_ContextBase,), ns)
Context = _native(Context)
del _native
DefaultContext = Context(
        prec=28, rounding=ROUND_HALF_EVEN,
        traps=[DivisionByZero, Overflow, InvalidOperation],
        flags=[],
        Emax=999999,
        Emin=-999999,
        capitals=1,
        clamp=0
)
BasicContext = Context(
        prec=9, rounding=ROUND_HALF_UP,
        traps=[DivisionByZero, Overflow, InvalidOperation, Clamped, Underflow],
        flags=[],
)
ExtendedContext = Context(
        prec=9, rounding=ROUND_HALF_EVEN,
        traps=[],
        flags=[],
)
"#,
        module_name = "<hipy decimal native_context>"
    )
}

/// Makes `Decimal` again on `_DecimalBase` (`value`), which holds the
/// fields natively: the class from the same namespace without its
/// `__slots__`, with `__new__` and `_dec_from_triple` making their
/// instances by `_DecimalBase.__new__` (their code names `object`, whose
/// `__new__` would make an object without the native storage), and the
/// module's constant Decimals made again as instances of it.
fn native_decimal() -> Code {
    py_compile!(
        source = r#"
def _native(cls):
    def on_base(f):
        c = f.__code__
        assert 'object' in c.co_names, f
        f.__code__ = c.replace(co_names=tuple('_DecimalBase' if n == 'object' else n for n in c.co_names))
    ns = {k: v for k, v in cls.__dict__.items() if k not in ('__dict__', '__weakref__') + cls.__slots__}
    ns['__slots__'] = ()
    on_base(ns['__new__'].__func__ if isinstance(ns['__new__'], staticmethod) else ns['__new__'])
    on_base(_dec_from_triple)
    if getattr(DecimalTuple, '_hipy_deferred', False):
        ns['as_tuple'] = _lazy_decimal_tuple(ns['as_tuple'])
    return type(cls)(cls.__name__, (_DecimalBase,), ns)


def _lazy_decimal_tuple(original):
    # `DecimalTuple` was not made (`stand_ins`: `collections` not
    # imported): it is made, and `collections` imported, the first time the
    # module attribute is read (PEP 562 `__getattr__`) or `as_tuple` runs.
    deferred = globals().pop('DecimalTuple')
    g = globals()

    def decimal_tuple():
        cls = g.get('DecimalTuple')
        if cls is None:
            from collections import namedtuple
            cls = g['DecimalTuple'] = namedtuple(*deferred.args, **deferred.kwargs)
        return cls

    def __getattr__(name):
        if name == 'DecimalTuple':
            return decimal_tuple()
        raise AttributeError(f"module {g['__name__']!r} has no attribute {name!r}")

    def __dir__():
        return sorted(set(g) | {'DecimalTuple'})

    def as_tuple(self):
        return decimal_tuple()(self._sign, tuple(map(int, self._int)), self._exp)

    g['__getattr__'] = __getattr__
    g['__dir__'] = __dir__
    as_tuple.__doc__ = original.__doc__
    as_tuple.__qualname__ = original.__qualname__
    return as_tuple


Decimal = _native(Decimal)
del _native, _lazy_decimal_tuple
_numbers.Number.register(Decimal)
_Infinity = Decimal('Inf')
_NegativeInfinity = Decimal('-Inf')
_NaN = Decimal('NaN')
_Zero = Decimal(0)
_One = Decimal(1)
_NegativeOne = Decimal(-1)
_SignedInfinity = (_Infinity, _NegativeInfinity)
"#,
        module_name = "<hipy decimal native_decimal>"
    )
}

/// The value of an int that fits an i64.
fn int_of(vm: &VirtualMachine, obj: &PyObjectRef) -> Option<i64> {
    obj.downcast_ref::<PyInt>()?.try_to_primitive::<i64>(vm).ok()
}

/// The sign and magnitude of an int beyond an i64.
#[inline(never)]
fn long_int(i: &PyInt) -> (bool, Num) {
    let v = i.as_bigint();
    (v.sign() == malachite_bigint::Sign::Minus, Num::from_digits(v.magnitude().to_string().as_bytes()))
}

/// What the Rust methods of one `Decimal` class need.
struct State {
    cls: PyRef<PyType>,
    /// The current context (`getcontext`, `setcontext`).
    current: current::Current,
    /// `sys.hash_info.modulus` (and the inverse of 10 modulo it).
    hash_modulus: arith::HashModulus,
    /// The module's `ROUND_*` strings, recognised by identity before by
    /// their text.
    roundings: Vec<(PyObjectRef, arith::Rounding)>,
    /// `Context` (on `_ContextBase`, see `native_context`).
    context_cls: PyRef<PyType>,
    /// The Python methods the Rust ones replace, in `METHODS`' order.
    originals: Vec<PyObjectRef>,
}

impl State {
    /// The context `arg` names, or the current one; None when it is not a
    /// plain `Context` the fast paths understand.
    fn context(&self, vm: &VirtualMachine, arg: Option<&PyObjectRef>) -> PyResult<Option<std::sync::Arc<Cx>>> {
        let current = match arg {
            Some(c) if !vm.is_none(c) => None,
            _ => match self.current.cx(vm) {
                Some(cx) => return Ok(Some(cx)),
                None => Some(context::fields_changed()),
            },
        };
        let ctx = match arg {
            Some(c) if current.is_none() => c.clone(),
            _ => self.current.get(vm)?,
        };
        // Instances of `Context` itself; a subclass (whose fields Python
        // code may compute) takes the Python methods.
        if !ctx.class().is(&self.context_cls) {
            return Ok(None);
        }
        let cx = ctx.downcast_ref::<context::ContextBase>().and_then(|c| c.cx(vm));
        if let (Some(changed), Some(cx)) = (current, &cx) {
            self.current.remember_cx(&ctx, changed, cx);
        }
        Ok(cx)
    }

    /// `f` on the context `arg` names, or the current one; None when it is
    /// not a plain `Context` the fast paths understand. (The current one
    /// as this thread last read it when it holds: `Current::with_cx`.)
    fn with_context<R>(&self, vm: &VirtualMachine, arg: Option<&PyObjectRef>, f: impl FnOnce(&Cx) -> R) -> PyResult<Option<R>> {
        let f = match arg {
            Some(c) if !vm.is_none(c) => f,
            _ => match self.current.with_cx(vm, f) {
                Ok(r) => return Ok(Some(r)),
                Err(f) => f,
            },
        };
        Ok(self.context(vm, arg)?.map(|cx| f(&cx)))
    }

    /// A finite `Decimal` (of this class or a subclass).
    fn dec<'a>(&self, vm: &VirtualMachine, obj: &'a PyObject) -> Option<Cow<'a, Dec>> {
        obj.downcast_ref::<value::DecimalBase>()?.dec(vm)
    }

    /// An operand as `_convert_other` takes it: a Decimal or an int.
    fn operand<'a>(&self, vm: &VirtualMachine, obj: &'a PyObject) -> Option<Cow<'a, Dec>> {
        if let Some(i) = obj.downcast_ref::<PyInt>() {
            let (neg, coeff) = match i.try_to_primitive::<i64>(vm) {
                Ok(v) => (v < 0, Num::Small(v.unsigned_abs() as u128)),
                Err(_) => long_int(i),
            };
            return Some(Cow::Owned(Dec { neg, coeff, exp: 0 }));
        }
        self.dec(vm, obj)
    }

    fn new_dec(&self, _vm: &VirtualMachine, d: Dec) -> PyResult {
        // `Decimal` has `__slots__ = ()`: no `__dict__`.
        Ok(PyRef::new_ref(value::DecimalBase::new(d), self.cls.clone(), None).into())
    }

    /// Records `signals` in the context's flags; None (nothing recorded)
    /// when one of them is trapped, for the Python method to raise.
    fn signal(&self, cx: &Cx, s: &Signals) -> Option<()> {
        let mask = s.mask();
        if cx.traps.any(mask) {
            return None;
        }
        cx.flags.raise_flags(mask);
        Some(())
    }

    /// A `rounding` argument: one of the `ROUND_*` strings.
    fn rounding(&self, r: &PyObject) -> Option<arith::Rounding> {
        match self.roundings.iter().find(|(s, _)| s.is(r)) {
            Some(&(_, m)) => Some(m),
            None => r.downcast_ref::<PyStr>().and_then(|s| s.to_str()).and_then(rounding),
        }
    }

    /// `_fix`, then the flags (with `signalled`, what computing `d`
    /// signalled), then the new object; None to fall back.
    fn finish(&self, vm: &VirtualMachine, cx: &Cx, mut d: Dec, signalled: Signals) -> Option<PyResult> {
        let s = fix(cx, &mut d)?;
        self.signal(cx, &s.or(signalled))?;
        Some(self.new_dec(vm, d))
    }
}

// ---- installing the methods ------------------------------------------------

impl State {
    /// Method `i` of `METHODS`: the Rust fast path, else the original
    /// Python method.
    fn call(&self, i: usize, vm: &VirtualMachine, a: VectorArgs<'_>) -> PyResult {
        match (METHODS[i].1)(self, vm, &a)? {
            Some(r) => Ok(r),
            None => self.originals[i].call(a.to_func_args(), vm),
        }
    }

    /// `call` for a call that arrived as `FuncArgs` (the `call` slot,
    /// not vectorcall): the arguments laid out as vectorcall passes them.
    fn call_func_args(&self, i: usize, vm: &VirtualMachine, args: FuncArgs) -> PyResult {
        let nargs = args.args.len();
        let mut values = args.args;
        let mut kwnames = Vec::with_capacity(args.kwargs.len());
        for (name, value) in args.kwargs {
            kwnames.push(vm.ctx.new_str(name).into());
            values.push(value);
        }
        self.call(i, vm, VectorArgs::new(&values, nargs, Some(&kwnames)))
    }
}

/// A Rust method's arguments (the instance first); None to fall back.
type Method = fn(&State, &VirtualMachine, &VectorArgs<'_>) -> PyResult<Option<PyObjectRef>>;

/// The arguments after the instance by the parameters they fill, `names`
/// in order (positional ones first, then by keyword); None when there are
/// more than `N`, a keyword is not one of `names` or fills a parameter a
/// positional one filled (the Python method then raises what it raises).
fn bind<'a, const N: usize>(a: &VectorArgs<'a>, names: [&str; N]) -> Option<[Option<&'a PyObjectRef>; N]> {
    let positional = a.positional().get(1..)?;
    if positional.len() > N {
        return None;
    }
    let mut bound = [None; N];
    for (slot, v) in bound.iter_mut().zip(positional) {
        *slot = Some(v);
    }
    for (k, v) in a.kwnames.iter().zip(&a.args[a.nargs..]) {
        let k = k.downcast_ref::<PyStr>()?.to_str()?;
        let i = names.iter().position(|&n| n == k)?;
        if bound[i].replace(v).is_some() {
            return None;
        }
    }
    Some(bound)
}

type BinaryOp = fn(&Cx, &Dec, &Dec) -> Outcome;

fn binary(st: &State, vm: &VirtualMachine, a: &VectorArgs<'_>, reflected: bool, op: BinaryOp) -> PyResult<Option<PyObjectRef>> {
    let (Some([Some(other), context]), Some(zelf)) = (bind(a, ["other", "context"]), a.positional().first()) else { return Ok(None) };
    binary_on(st, vm, zelf, other, context, reflected, op)
}

/// `zelf.__op__(other, context)` (`__rop__` when `reflected`) on the fast
/// path; None to fall back.
fn binary_on(st: &State, vm: &VirtualMachine, zelf: &PyObject, other: &PyObject, context: Option<&PyObjectRef>, reflected: bool, op: BinaryOp) -> PyResult<Option<PyObjectRef>> {
    let Some(x) = st.dec(vm, zelf) else { return Ok(None) };
    let Some(y) = st.operand(vm, other) else { return Ok(None) };
    let (a, b): (&Dec, &Dec) = if reflected { (&y, &x) } else { (&x, &y) };
    let done = st.with_context(vm, context, |cx| {
        let (r, signalled) = op(cx, a, b)?;
        st.finish(vm, cx, r, signalled)
    })?;
    done.flatten().transpose()
}

// ---- number slots ------------------------------------------------------------
//
// The operators reach `Decimal.__add__` and the others through the class's
// number slots. For a class with Python methods those slots look the method
// up and call it with an argument tuple at every operation; `Decimal`'s
// slots call the fast path directly instead (what looking up and calling
// `type(self).__add__` and the others would do, since those are the Rust
// methods). Subclasses that do not define the method inherit the slot, as
// they inherit the method; assigning the method on a class replaces the
// slot, as it does for any class.

/// The states of the `Decimal` classes made (one per interpreter that
/// imported `_pydecimal`; they live as long as the process, as the
/// classes' methods do); the first one is also in `FIRST`, read without a
/// lock.
static STATES: std::sync::Mutex<Vec<&'static State>> = std::sync::Mutex::new(Vec::new());
static FIRST: std::sync::OnceLock<&'static State> = std::sync::OnceLock::new();

#[inline]
fn state_of(obj: &PyObject) -> Option<&'static State> {
    match FIRST.get() {
        Some(&st) if obj.class().is(&st.cls) => Some(st),
        _ => state_of_any(obj),
    }
}

/// `state_of` for a subclass, or another interpreter's class.
#[inline(never)]
fn state_of_any(obj: &PyObject) -> Option<&'static State> {
    let of = |st: &State| obj.class().is(&st.cls) || obj.class().fast_issubclass(&st.cls);
    STATES.lock().ok()?.iter().copied().find(|&st| of(st))
}

/// Whether `cls` is a `Decimal` class (not a subclass).
#[inline]
fn is_decimal_class(cls: &Py<PyType>) -> bool {
    match FIRST.get() {
        Some(&st) if cls.is(&st.cls) => true,
        _ => is_other_decimal_class(cls),
    }
}

/// `is_decimal_class` for another interpreter's class.
#[inline(never)]
fn is_other_decimal_class(cls: &Py<PyType>) -> bool {
    STATES.lock().is_ok_and(|states| states.iter().any(|st| cls.is(&st.cls)))
}

/// The slot of method `I` of `METHODS` (one of the binary operators; the
/// odd ones are the reflected `__r*__`, called with `Decimal` second).
fn number_slot<const I: usize>(a: &PyObject, b: &PyObject, vm: &VirtualMachine) -> PyResult {
    let (_, reflected, op) = BINARY[I];
    let (zelf, other) = if reflected { (b, a) } else { (a, b) };
    if let Some(st) = state_of(zelf) {
        if let Some(r) = binary_on(st, vm, zelf, other, None, reflected, op)? {
            return Ok(r);
        }
    }
    number_slot_method::<I>(zelf, other, vm)
}

/// `number_slot` off the fast path: the method of `zelf`'s class.
#[inline(never)]
fn number_slot_method<const I: usize>(zelf: &PyObject, other: &PyObject, vm: &VirtualMachine) -> PyResult {
    match state_of(zelf) {
        Some(st) => st.originals[I].call((zelf.to_owned(), other.to_owned()), vm),
        None => vm.call_special_method(zelf, vm.ctx.intern_str(BINARY[I].0), (other.to_owned(),)),
    }
}

/// The binary operators, in `METHODS`' order.
const BINARY: [(&str, bool, BinaryOp); 12] = [
    ("__add__", false, op_add),
    ("__radd__", true, op_add),
    ("__sub__", false, op_sub),
    ("__rsub__", true, op_sub),
    ("__mul__", false, op_mul),
    ("__rmul__", true, op_mul),
    ("__truediv__", false, op_div),
    ("__rtruediv__", true, op_div),
    ("__floordiv__", false, op_floordiv),
    ("__rfloordiv__", true, op_floordiv),
    ("__mod__", false, op_mod),
    ("__rmod__", true, op_mod),
];

fn install_slots(cls: &Py<PyType>) {
    let n = &cls.slots.as_number;
    n.add.store(Some(number_slot::<0>));
    n.right_add.store(Some(number_slot::<1>));
    n.subtract.store(Some(number_slot::<2>));
    n.right_subtract.store(Some(number_slot::<3>));
    n.multiply.store(Some(number_slot::<4>));
    n.right_multiply.store(Some(number_slot::<5>));
    n.true_divide.store(Some(number_slot::<6>));
    n.right_true_divide.store(Some(number_slot::<7>));
    n.floor_divide.store(Some(number_slot::<8>));
    n.right_floor_divide.store(Some(number_slot::<9>));
    n.remainder.store(Some(number_slot::<10>));
    n.right_remainder.store(Some(number_slot::<11>));
    cls.slots.richcompare.store(Some(compare_slot));
    cls.slots.hash.store(Some(hash_slot));
    cls.slots.repr.store(Some(repr_slot));
    cls.slots.str.store(Some(str_slot));
}

/// `repr()` of a `Decimal` (or a subclass that does not define
/// `__repr__`): `Decimal('...')` with `Decimal`'s own string, native for a
/// finite value, else `_pydecimal`'s `__str__` (for special values). As
/// CPython's C `decimal`: `_pydecimal`'s `__repr__` would call a
/// subclass's `__str__`.
fn repr_slot(zelf: &PyObject, vm: &VirtualMachine) -> PyResult<PyRef<PyStr>> {
    let Some(st) = state_of(zelf) else { return stringify(zelf, "__repr__", vm) };
    Ok(vm.ctx.new_str(format!("Decimal('{}')", decimal_str(st, zelf, vm)?)))
}

/// `str()` of a `Decimal` (the slot is `Decimal`'s only: a subclass calls
/// the `__str__` it finds, which may be its own).
fn str_slot(zelf: &PyObject, vm: &VirtualMachine) -> PyResult<PyRef<PyStr>> {
    let Some(st) = state_of(zelf) else { return stringify(zelf, "__str__", vm) };
    decimal_str(st, zelf, vm)
}

/// `Decimal.__str__(zelf)`: native for a finite value, else `_pydecimal`'s.
fn decimal_str(st: &State, zelf: &PyObject, vm: &VirtualMachine) -> PyResult<PyRef<PyStr>> {
    match str_of(st, vm, zelf)? {
        Some(s) => Ok(s),
        None => {
            let s = st.originals[STR].call((zelf.to_owned(),), vm)?;
            s.downcast::<PyStr>().map_err(|s| vm.new_type_error(format!("__str__ returned non-string (type {})", s.class().name())))
        }
    }
}

/// What the default `__repr__` slot does: the method's result, which must
/// be a str.
fn stringify(zelf: &PyObject, name: &'static str, vm: &VirtualMachine) -> PyResult<PyRef<PyStr>> {
    let s = vm.call_special_method(zelf, vm.ctx.intern_str(name), ())?;
    s.downcast::<PyStr>().map_err(|s| vm.new_type_error(format!("{name} returned non-string (type {})", s.class().name())))
}

/// `hash()` of a `Decimal`: native for a finite value, else `__hash__`
/// (the Python method, for special values), as the default slot would.
fn hash_slot(zelf: &PyObject, vm: &VirtualMachine) -> PyResult<i64> {
    if let Some((st, d)) = state_of(zelf).and_then(|st| Some((st, st.dec(vm, zelf)?))) {
        return Ok(arith::hash(&d, st.hash_modulus));
    }
    let h = vm.call_special_method(zelf, vm.ctx.intern_str("__hash__"), ())?;
    if h.downcast_ref::<PyInt>().is_none() {
        return Err(vm.new_type_error("__hash__ method should return an integer".to_owned()));
    }
    // The hash of the int it returned: itself when it fits (-1 is -2).
    h.hash(vm)
}

/// The comparison operators: a finite `Decimal` against a finite `Decimal`
/// or an int compares natively (no NaN, so `_pydecimal` would return
/// `_cmp`'s answer); anything else calls the Python method of the class
/// (`__eq__`, `__lt__`, ...), as the default slot would. (A subclass
/// defining a comparison method gets the default slot for all six.)
fn compare_slot(zelf: &PyObject, other: &PyObject, op: PyComparisonOp, vm: &VirtualMachine) -> PyResult<Either<PyObjectRef, PyComparisonValue>> {
    if let Some(st) = state_of(zelf) {
        if let (Some(a), Some(b)) = (st.dec(vm, zelf), st.operand(vm, other)) {
            return Ok(Either::B(PyComparisonValue::Implemented(op.eval_ord(cmp(&a, &b)))));
        }
    }
    match zelf.class().get_attr(op.method_name(&vm.ctx)) {
        Some(method) => method.call((zelf.to_owned(), other.to_owned()), vm).map(Either::A),
        None => Ok(Either::B(PyComparisonValue::NotImplemented)),
    }
}

/// The index of `__str__` in `METHODS`.
const STR: usize = 13;

const METHODS: &[(&str, Method)] = &[
    ("__add__", |s, vm, a| binary(s, vm, a, BINARY[0].1, BINARY[0].2)),
    ("__radd__", |s, vm, a| binary(s, vm, a, BINARY[1].1, BINARY[1].2)),
    ("__sub__", |s, vm, a| binary(s, vm, a, BINARY[2].1, BINARY[2].2)),
    ("__rsub__", |s, vm, a| binary(s, vm, a, BINARY[3].1, BINARY[3].2)),
    ("__mul__", |s, vm, a| binary(s, vm, a, BINARY[4].1, BINARY[4].2)),
    ("__rmul__", |s, vm, a| binary(s, vm, a, BINARY[5].1, BINARY[5].2)),
    ("__truediv__", |s, vm, a| binary(s, vm, a, BINARY[6].1, BINARY[6].2)),
    ("__rtruediv__", |s, vm, a| binary(s, vm, a, BINARY[7].1, BINARY[7].2)),
    ("__floordiv__", |s, vm, a| binary(s, vm, a, BINARY[8].1, BINARY[8].2)),
    ("__rfloordiv__", |s, vm, a| binary(s, vm, a, BINARY[9].1, BINARY[9].2)),
    ("__mod__", |s, vm, a| binary(s, vm, a, BINARY[10].1, BINARY[10].2)),
    ("__rmod__", |s, vm, a| binary(s, vm, a, BINARY[11].1, BINARY[11].2)),
    ("quantize", quantize),
    ("__str__", str_method),
    ("__bool__", bool_method),
    ("_cmp", cmp_method),
    ("__hash__", hash_method),
    ("__repr__", repr_method),
    ("to_integral_value", to_integral_method),
    ("to_integral", to_integral_method),
    ("__neg__", |s, vm, a| unary(s, vm, a, Unary::Neg)),
    ("__pos__", |s, vm, a| unary(s, vm, a, Unary::Pos)),
    ("__abs__", |s, vm, a| unary(s, vm, a, Unary::Abs)),
    ("__new__", new_method),
];

/// `__repr__`: as `repr_slot`.
fn repr_method(_st: &State, vm: &VirtualMachine, a: &VectorArgs<'_>) -> PyResult<Option<PyObjectRef>> {
    let [x] = a.positional() else { return Ok(None) };
    if !a.kwnames.is_empty() {
        return Ok(None);
    }
    repr_slot(x, vm).map(|s| Some(s.into()))
}

/// `to_integral_value(rounding=None, context=None)` (and `to_integral`) of
/// a finite value: `_rescale(0, rounding)`, which neither rounds to the
/// context's precision nor signals.
fn to_integral_method(st: &State, vm: &VirtualMachine, a: &VectorArgs<'_>) -> PyResult<Option<PyObjectRef>> {
    let Some([rounding, context]) = bind(a, ["rounding", "context"]) else { return Ok(None) };
    let Some(d) = a.positional().first().and_then(|x| st.dec(vm, x)).map(Cow::into_owned) else { return Ok(None) };
    let mode = match rounding {
        Some(r) if !vm.is_none(r) => match st.rounding(r) {
            Some(m) => m,
            None => return Ok(None),
        },
        _ => match st.context(vm, context)? {
            Some(cx) => cx.rounding,
            None => return Ok(None),
        },
    };
    let d = if d.exp >= 0 {
        d
    } else if d.is_zero() {
        Dec { exp: 0, ..d }
    } else if d.len() + d.exp < 0 {
        // Nothing kept: `_pydecimal` rounds the coefficient '1' instead.
        Dec { coeff: round_to(mode, d.neg, &Num::Small(1), 1).0, exp: 0, ..d }
    } else {
        Dec { coeff: round_to(mode, d.neg, &d.coeff, d.exp.unsigned_abs() as usize).0, exp: 0, ..d }
    };
    st.new_dec(vm, d).map(Some)
}

#[derive(Clone, Copy)]
enum Unary {
    Neg,
    Pos,
    Abs,
}

/// `-x`, `+x` and `abs(x)` (`__neg__(context=None)`, `__pos__(context=None)`,
/// `__abs__(round=True, context=None)`) of a non-zero finite value: the
/// sign, then `_fix` under the context. (Zero, whose sign depends on the
/// rounding mode, and `round` other than True fall back.)
fn unary(st: &State, vm: &VirtualMachine, a: &VectorArgs<'_>, op: Unary) -> PyResult<Option<PyObjectRef>> {
    let bound = match op {
        Unary::Abs => bind(a, ["round", "context"]).map(|[round, context]| (round, context)),
        _ => bind(a, ["context"]).map(|[context]| (None, context)),
    };
    let Some((round, context)) = bound else { return Ok(None) };
    if round.is_some_and(|r| !r.is(&vm.ctx.true_value)) {
        return Ok(None);
    }
    let Some(mut d) = a.positional().first().and_then(|x| st.dec(vm, x)).map(Cow::into_owned) else { return Ok(None) };
    if d.is_zero() {
        return Ok(None);
    }
    match op {
        Unary::Neg => d.neg = !d.neg,
        Unary::Pos => {}
        Unary::Abs => d.neg = false,
    }
    let Some(cx) = st.context(vm, context)? else { return Ok(None) };
    st.finish(vm, &cx, d, Signals::default()).transpose()
}

/// `Decimal(value="0", context=None)` for `Decimal` itself (not a
/// subclass) from an int, a finite Decimal or a plainly written finite
/// number (`arith::parse`).
fn new_method(st: &State, vm: &VirtualMachine, a: &VectorArgs<'_>) -> PyResult<Option<PyObjectRef>> {
    let (Some(cls), Some([Some(value), _])) = (a.positional().first(), bind(a, ["value", "context"])) else { return Ok(None) };
    if !cls.is(&st.cls) {
        return Ok(None);
    }
    let d = match value.downcast_ref::<PyStr>() {
        Some(s) => s.to_str().and_then(arith::parse),
        None => st.operand(vm, value).map(Cow::into_owned),
    };
    d.map(|d| st.new_dec(vm, d)).transpose()
}

/// `__hash__` of a finite value.
fn hash_method(st: &State, vm: &VirtualMachine, a: &VectorArgs<'_>) -> PyResult<Option<PyObjectRef>> {
    let [x] = a.positional() else { return Ok(None) };
    if !a.kwnames.is_empty() {
        return Ok(None);
    }
    Ok(st.dec(vm, x).map(|d| vm.ctx.new_int(arith::hash(&d, st.hash_modulus)).into()))
}

/// `quantize(exp, rounding=None, context=None)`.
fn quantize(st: &State, vm: &VirtualMachine, args: &VectorArgs<'_>) -> PyResult<Option<PyObjectRef>> {
    let Some([Some(exp), rounding, context]) = bind(args, ["exp", "rounding", "context"]) else { return Ok(None) };
    let Some(a) = args.positional().first().and_then(|x| st.dec(vm, x)) else { return Ok(None) };
    let Some(e) = st.operand(vm, exp) else { return Ok(None) };
    let mode = match rounding {
        Some(r) if !vm.is_none(r) => match st.rounding(r) {
            Some(m) => Some(m),
            None => return Ok(None),
        },
        _ => None,
    };
    let done = st.with_context(vm, context, |cx| {
        let (d, s) = arith::quantize(cx, &a, e.exp, mode.unwrap_or(cx.rounding))?;
        st.signal(cx, &s)?;
        Some(st.new_dec(vm, d))
    })?;
    done.flatten().transpose()
}

fn str_method(st: &State, vm: &VirtualMachine, a: &VectorArgs<'_>) -> PyResult<Option<PyObjectRef>> {
    let [x] = a.positional() else { return Ok(None) };
    if !a.kwnames.is_empty() {
        return Ok(None);
    }
    Ok(str_of(st, vm, x)?.map(Into::into))
}

/// `__str__` of a finite value; None to fall back.
fn str_of(st: &State, vm: &VirtualMachine, obj: &PyObject) -> PyResult<Option<PyRef<PyStr>>> {
    let Some(d) = st.dec(vm, obj) else { return Ok(None) };
    let mut failed = None;
    let s = to_str(&d, || match st.with_context(vm, None, |cx| cx.capitals) {
        Ok(Some(capitals)) => capitals,
        Ok(None) => {
            failed = Some(None);
            true
        }
        Err(e) => {
            failed = Some(Some(e));
            true
        }
    });
    match failed {
        Some(Some(e)) => Err(e),
        Some(None) => Ok(None),
        // Safety: `to_str` writes ASCII only.
        None => Ok(Some(unsafe { PyStr::new_ascii_unchecked(s) }.into_ref(&vm.ctx))),
    }
}

fn bool_method(st: &State, vm: &VirtualMachine, a: &VectorArgs<'_>) -> PyResult<Option<PyObjectRef>> {
    let [x] = a.positional() else { return Ok(None) };
    if !a.kwnames.is_empty() {
        return Ok(None);
    }
    Ok(st.dec(vm, x).map(|d| vm.ctx.new_bool(!d.is_zero()).into()))
}

/// `_cmp(other)`, which the Python comparison methods call once they have
/// converted `other` (the operators on finite values do not reach them:
/// `compare_slot`).
fn cmp_method(st: &State, vm: &VirtualMachine, args: &VectorArgs<'_>) -> PyResult<Option<PyObjectRef>> {
    let [x, y] = args.positional() else { return Ok(None) };
    if !args.kwnames.is_empty() {
        return Ok(None);
    }
    let (Some(a), Some(b)) = (st.dec(vm, x), st.dec(vm, y)) else { return Ok(None) };
    Ok(Some(vm.ctx.new_int(cmp(&a, &b) as i8).into()))
}

/// A method descriptor of `cls` named `name` that calls `f` (`fast` when
/// called by vectorcall).
fn native_method(vm: &VirtualMachine, cls: &PyRef<PyType>, name: &'static str, doc: Option<&'static str>, f: impl Fn(&VirtualMachine, FuncArgs) -> PyResult + Send + Sync + 'static, fast: Option<&'static PyFastcallFn>) -> PyObjectRef {
    let def = PyMethodDef {
        name,
        func: Box::leak(Box::new(move |vm: &VirtualMachine, args: FuncArgs, _: rustpython_vm::function::Callee| f(vm, args))),
        fastcall: fast,
        flags: PyMethodFlags::METHOD,
        doc,
        ..PyMethodDef::new_raw_const("", |_: &VirtualMachine, _: FuncArgs, _: rustpython_vm::function::Callee| unreachable!(), PyMethodFlags::empty(), ItemDoc::NONE)
    };
    let def: &'static PyMethodDef = Box::leak(Box::new(def));
    // The class lives as long as the process keeps the definition.
    let typ: &'static Py<PyType> = Box::leak(Box::new(cls.clone()));
    PyRef::new_ref(def.to_method(typ, &vm.ctx), vm.ctx.types.method_descriptor_type.to_owned(), None).into()
}

/// A function named `name` that calls `f` (`fast` when called by
/// vectorcall).
fn native_function(vm: &VirtualMachine, name: &'static str, doc: Option<&'static str>, f: impl Fn(&VirtualMachine, FuncArgs) -> PyResult + Send + Sync + 'static, fast: Option<&'static PyFastcallFn>) -> PyObjectRef {
    let def = PyMethodDef {
        name,
        func: Box::leak(Box::new(move |vm: &VirtualMachine, args: FuncArgs, _: rustpython_vm::function::Callee| f(vm, args))),
        fastcall: fast,
        flags: PyMethodFlags::empty(),
        doc,
        ..PyMethodDef::new_raw_const("", |_: &VirtualMachine, _: FuncArgs, _: rustpython_vm::function::Callee| unreachable!(), PyMethodFlags::empty(), ItemDoc::NONE)
    };
    let def: &'static PyMethodDef = Box::leak(Box::new(def));
    def.build_function(&vm.ctx).into()
}

/// The docstring of `f`, kept for the method replacing it (test_decimal
/// runs the doctests in them).
fn doc_of(vm: &VirtualMachine, f: &PyObject) -> Option<&'static str> {
    f.get_attr("__doc__", vm)
        .ok()
        .and_then(|d| d.downcast_ref::<PyStr>().and_then(|s| s.to_str()).map(|s| &*Box::leak(s.to_owned().into_boxed_str())))
}

/// Replaces the methods of `Decimal` in the module namespace `ns`.
fn install(vm: &VirtualMachine, ns: &Py<PyDict>) -> PyResult<()> {
    assert_eq!(METHODS[STR].0, "__str__");
    let get = |name: &str| ns.get_item(name, vm);
    let class = |name: &str| get(name)?.downcast::<PyType>().map_err(|_| vm.new_type_error(format!("{name} is not a class")));
    let cls = class("Decimal")?;
    let context_cls = class("Context")?;
    let originals = METHODS.iter().map(|&(name, _)| cls.as_object().get_attr(name, vm)).collect::<PyResult<Vec<_>>>()?;
    let st: &'static State = Box::leak(Box::new(State {
        originals,
        cls: cls.clone(),
        current: current::Current::new(vm, ns)?,
        hash_modulus: arith::HashModulus::new(get("_PyHASH_MODULUS")?.try_into_value(vm)?),
        roundings: ["ROUND_DOWN", "ROUND_HALF_UP", "ROUND_HALF_EVEN", "ROUND_CEILING", "ROUND_FLOOR", "ROUND_UP", "ROUND_HALF_DOWN", "ROUND_05UP"]
            .into_iter()
            .map(|name| Ok((get(name)?, rounding(name).ok_or_else(|| vm.new_value_error(format!("{name} is no rounding mode")))?)))
            .collect::<PyResult<_>>()?,
        context_cls,
    }));
    let setattr = vm.builtins.get_attr("setattr", vm)?;
    for (i, &(name, _)) in METHODS.iter().enumerate() {
        let doc = doc_of(vm, &st.originals[i]);
        let call = move |vm: &VirtualMachine, args| st.call_func_args(i, vm, args);
        let fast: &'static PyFastcallFn = Box::leak(Box::new(move |vm: &VirtualMachine, a: VectorArgs<'_>| Some(st.call(i, vm, a))));
        let method = if name == "__new__" {
            // A static method, as `__new__` is, of the class's module (where
            // doctest looks for the examples in its docstring).
            let f = native_function(vm, name, doc, call, Some(fast));
            f.set_attr("__module__", cls.as_object().get_attr("__module__", vm)?, vm)?;
            vm.ctx.types.staticmethod_type.as_object().call((f,), vm)?
        } else {
            native_method(vm, &cls, name, doc, call, Some(fast))
        };
        setattr.call((cls.clone(), name, method), vm)?;
    }
    install_slots(&cls);
    for (name, f) in [
        ("getcontext", Box::new(move |vm: &VirtualMachine, args: FuncArgs| -> PyResult {
            let () = args.bind(vm)?;
            st.current.get(vm)
        }) as Box<dyn Fn(&VirtualMachine, FuncArgs) -> PyResult + Send + Sync>),
        ("setcontext", Box::new(move |vm: &VirtualMachine, args: FuncArgs| -> PyResult {
            let (context,): (PyObjectRef,) = args.bind(vm)?;
            st.current.set(vm, context).map(|()| vm.ctx.none())
        })),
    ] {
        let doc = doc_of(vm, &*get(name)?);
        ns.set_item(name, native_function(vm, name, doc, f, None), vm)?;
    }
    STATES.lock().map_err(|_| vm.new_runtime_error("decimal: state registry poisoned".to_owned()))?.push(st);
    let _ = FIRST.set(st);
    Ok(())
}
