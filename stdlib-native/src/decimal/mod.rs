//! `_pydecimal` with a native arithmetic core.
//!
//! hipy has no `_decimal` (CPython's C module on libmpdec), so `decimal` is
//! `_pydecimal`. This module takes its place under the name `_pydecimal`:
//! it runs the frozen `_pydecimal` source into itself, then replaces the
//! hot methods of `Decimal` with Rust ones (`install`):
//! `__add__`/`__radd__`, `__sub__`/`__rsub__`, `__mul__`/`__rmul__`,
//! `__truediv__`/`__rtruediv__`, `quantize`, `__str__`, `__bool__` and
//! `_cmp` (under the comparison operators).
//!
//! The Rust methods compute on the same representation (`_sign`, the
//! coefficient digits in `_int`, `_exp`) with the same algorithms as
//! `_pydecimal` (`_normalize`, exact division with the "+1 if the
//! remainder is non-zero" trick, `_fix`'s rounding), on `u128` while the
//! numbers fit and on base-10**9 limbs beyond (`limbs`: linear-time
//! conversion from and to the digit string; `malachite` only for products
//! and quotients of two long numbers). The digit arithmetic is in `arith`.
//! Instances of `Decimal` itself are read and built through its
//! `__slots__` descriptors directly, not by attribute lookup. They take the fast path only
//! for finite operands, `Decimal` or `int`, and results that need nothing
//! but rounding: a special value, a zero operand where `_pydecimal` has
//! special cases, a subnormal or overflowing result, a clamped exponent, a
//! trapped `Inexact`/`Rounded`, or a non-empty `_ignored_flags` sends the
//! call to the original Python method, which then does all the work (no
//! flag has been touched yet). Results and flags are therefore exactly
//! `_pydecimal`'s.

use rustpython_vm::builtins::{PyDict, PyDictRef, PyInt, PyModule, PyStr, PyType};
use rustpython_vm::function::{FuncArgs, ItemDoc, PyMethodDef, PyMethodFlags};
use rustpython_vm::builtins::descriptor::PyMemberDescriptor;
use rustpython_vm::builtins::PyStrInterned;
use rustpython_vm::function::PySetterValue;
use rustpython_vm::types::GetDescriptor;
use rustpython_vm::{AsObject, Py, PyObject, PyObjectRef, PyRef, PyResult, VirtualMachine};
use std::sync::Arc;

mod arith;
mod limbs;

use arith::{cmp, fix, op_add, op_div, op_mul, op_sub, round_to, rounding, to_str, Dec, Rounding, Signals};

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
        exec.call((code, dict.clone()), vm)?;
        // The module's docstring is `decimal`'s, with its examples (as
        // 3.11's `_pydecimal` has; RustPython's `decimal` copies it over
        // only when it is imported as `decimal`).
        let decimal = vm.call_method(&imp, "get_frozen_object", ("decimal",))?;
        if let Ok(doc) = decimal.get_attr("co_consts", vm).and_then(|c| c.get_item(&0, vm)) {
            if doc.downcast_ref::<PyStr>().is_some() {
                dict.set_item("__doc__", doc, vm)?;
            }
        }
        install(vm, &dict)
    }
}

/// What the Rust methods of one `Decimal` class need.
struct State {
    cls: PyRef<PyType>,
    slots: Slots,
    /// `_current_context_var.get`, bound once.
    context_get: PyObjectRef,
    getcontext: PyObjectRef,
    inexact: PyObjectRef,
    rounded: PyObjectRef,
    n: Names,
    /// The Python methods the Rust ones replace, in `METHODS`' order.
    originals: Vec<PyObjectRef>,
}

/// The `__slots__` member descriptors of `Decimal`, read and written
/// directly for instances of `Decimal` itself (not through attribute
/// lookup, which a subclass may change).
struct Slots {
    exp: PyObjectRef,
    int: PyObjectRef,
    sign: PyObjectRef,
    is_special: PyObjectRef,
    set: fn(&PyObject, PyObjectRef, PySetterValue, &VirtualMachine) -> PyResult<()>,
}

impl Slots {
    fn new(vm: &VirtualMachine, cls: &Py<PyType>) -> PyResult<Slots> {
        let member = |name: &str| -> PyResult {
            let d = cls.get_direct_attr(vm.ctx.intern_str(name)).ok_or_else(|| vm.new_type_error(format!("Decimal has no slot {name}")))?;
            d.downcast_ref::<PyMemberDescriptor>().ok_or_else(|| vm.new_type_error(format!("Decimal.{name} is not a slot")))?;
            Ok(d)
        };
        let set = vm.ctx.types.member_descriptor_type.slots.descr_set.load().ok_or_else(|| vm.new_type_error("member descriptors cannot be set".to_owned()))?;
        Ok(Slots { exp: member("_exp")?, int: member("_int")?, sign: member("_sign")?, is_special: member("_is_special")?, set })
    }

    fn get(&self, vm: &VirtualMachine, member: &PyObjectRef, obj: &PyObject) -> Option<PyObjectRef> {
        PyMemberDescriptor::descr_get(member, Some(obj), None, vm).ok()
    }

    fn set(&self, vm: &VirtualMachine, member: &PyObjectRef, obj: &PyObjectRef, value: PyObjectRef) -> PyResult<()> {
        (self.set)(member, obj.clone(), PySetterValue::Assign(value), vm)
    }
}

/// Attribute and key names, interned once (a `&str` name is interned
/// again at every lookup).
struct Names {
    is_special: &'static PyStrInterned,
    int: &'static PyStrInterned,
    exp: &'static PyStrInterned,
    sign: &'static PyStrInterned,
    prec: &'static PyStrInterned,
    rounding: &'static PyStrInterned,
    emin: &'static PyStrInterned,
    emax: &'static PyStrInterned,
    clamp: &'static PyStrInterned,
    capitals: &'static PyStrInterned,
    flags: &'static PyStrInterned,
    traps: &'static PyStrInterned,
    ignored_flags: &'static PyStrInterned,
}

impl Names {
    fn new(vm: &VirtualMachine) -> Self {
        let i = |s: &str| vm.ctx.intern_str(s);
        Names {
            is_special: i("_is_special"),
            int: i("_int"),
            exp: i("_exp"),
            sign: i("_sign"),
            prec: i("prec"),
            rounding: i("rounding"),
            emin: i("Emin"),
            emax: i("Emax"),
            clamp: i("clamp"),
            capitals: i("capitals"),
            flags: i("flags"),
            traps: i("traps"),
            ignored_flags: i("_ignored_flags"),
        }
    }
}

/// The context's fields, read from its `__dict__`.
struct Cx {
    prec: i64,
    rounding: Rounding,
    emin: i64,
    emax: i64,
    clamp: bool,
    capitals: bool,
    flags: PyDictRef,
    traps: PyDictRef,
}

impl Cx {
    fn etiny(&self) -> i64 {
        self.emin - self.prec + 1
    }
    fn etop(&self) -> i64 {
        self.emax - self.prec + 1
    }
}

fn int_of(vm: &VirtualMachine, obj: PyObjectRef) -> Option<i64> {
    obj.downcast_ref::<PyInt>()?.try_to_primitive::<i64>(vm).ok()
}

fn item(vm: &VirtualMachine, dict: &Py<PyDict>, key: &'static PyStrInterned) -> Option<PyObjectRef> {
    dict.get_item_opt(&**key, vm).ok().flatten()
}

impl State {
    fn current_context(&self, vm: &VirtualMachine) -> PyResult<PyObjectRef> {
        match self.context_get.call((), vm) {
            Ok(c) => Ok(c),
            Err(_) => self.getcontext.call((), vm),
        }
    }

    /// The context `arg` names, or the current one; None when it is not a
    /// plain `Context` the fast paths understand.
    fn context(&self, vm: &VirtualMachine, arg: Option<&PyObjectRef>) -> PyResult<Option<Cx>> {
        let ctx = match arg {
            Some(c) if !vm.is_none(c) => c.clone(),
            _ => self.current_context(vm)?,
        };
        let Some(d) = ctx.dict() else { return Ok(None) };
        let read = || -> Option<Cx> {
            let ignored = item(vm, &d, self.n.ignored_flags)?;
            if !ignored.downcast_ref::<rustpython_vm::builtins::PyList>()?.borrow_vec().is_empty() {
                return None;
            }
            let rounding = rounding(item(vm, &d, self.n.rounding)?.downcast_ref::<PyStr>()?.to_str()?)?;
            Some(Cx {
                prec: int_of(vm, item(vm, &d, self.n.prec)?)?,
                rounding,
                emin: int_of(vm, item(vm, &d, self.n.emin)?)?,
                emax: int_of(vm, item(vm, &d, self.n.emax)?)?,
                clamp: int_of(vm, item(vm, &d, self.n.clamp)?)? != 0,
                capitals: int_of(vm, item(vm, &d, self.n.capitals)?)? != 0,
                flags: item(vm, &d, self.n.flags)?.downcast::<PyDict>().ok()?,
                traps: item(vm, &d, self.n.traps)?.downcast::<PyDict>().ok()?,
            })
        };
        Ok(read())
    }

    /// A finite `Decimal` (of this class or a subclass).
    fn dec(&self, vm: &VirtualMachine, obj: &PyObject) -> Option<Dec> {
        let [is_special, digits, exp, sign] = if obj.class().is(&self.cls) {
            let m = &self.slots;
            [&m.is_special, &m.int, &m.exp, &m.sign].map(|member| self.slots.get(vm, member, obj))
        } else if obj.class().fast_issubclass(&self.cls) {
            [self.n.is_special, self.n.int, self.n.exp, self.n.sign].map(|name| obj.get_attr(name, vm).ok())
        } else {
            return None;
        };
        if !is_special?.is(&vm.ctx.false_value) {
            return None;
        }
        let digits = digits?;
        let digits = digits.downcast_ref::<PyStr>()?.to_str()?.as_bytes();
        // What Python code stored; the arithmetic needs ASCII digits.
        if !limbs::all_digits(digits) {
            return None;
        }
        let digits = digits.to_vec();
        let exp = int_of(vm, exp?)?;
        let neg = int_of(vm, sign?)? != 0;
        // Exponents this large are left to Python's unbounded ints.
        (exp.abs() < 1 << 60 && !digits.is_empty()).then_some(Dec { neg, digits, exp })
    }

    /// An operand as `_convert_other` takes it: a Decimal or an int.
    fn operand(&self, vm: &VirtualMachine, obj: &PyObject) -> Option<Dec> {
        if let Some(i) = obj.downcast_ref::<PyInt>() {
            let (neg, digits) = match i.try_to_primitive::<i64>(vm) {
                Ok(v) => (v < 0, v.unsigned_abs().to_string().into_bytes()),
                Err(_) => {
                    let v = i.as_bigint();
                    (v.sign() == malachite_bigint::Sign::Minus, v.magnitude().to_string().into_bytes())
                }
            };
            return Some(Dec { neg, digits, exp: 0 });
        }
        self.dec(vm, obj)
    }

    fn new_dec(&self, vm: &VirtualMachine, d: Dec) -> PyResult {
        // `object.__new__(Decimal)`: `Decimal` has `__slots__`, no
        // `__dict__` and no abstract methods.
        let obj = vm.ctx.new_base_object(self.cls.clone(), None);
        let m = &self.slots;
        m.set(vm, &m.sign, &obj, vm.ctx.new_int(d.neg as u8).into())?;
        // Digits are ASCII.
        m.set(vm, &m.int, &obj, vm.ctx.new_str(String::from_utf8(d.digits).unwrap_or_default()).into())?;
        m.set(vm, &m.exp, &obj, vm.ctx.new_int(d.exp).into())?;
        m.set(vm, &m.is_special, &obj, vm.ctx.new_bool(false).into())?;
        Ok(obj)
    }

    /// Records `signals` in the context's flags; None (nothing recorded)
    /// when one of them is trapped, for the Python method to raise.
    fn signal(&self, vm: &VirtualMachine, cx: &Cx, s: &Signals) -> Option<()> {
        let raised = [(s.inexact, &self.inexact), (s.rounded, &self.rounded)];
        for (on, sig) in raised {
            if on {
                let trap = cx.traps.get_item_opt(&**sig, vm).ok().flatten()?;
                if trap.try_to_bool(vm).ok()? {
                    return None;
                }
            }
        }
        for (on, sig) in raised {
            if on {
                cx.flags.set_item(&**sig, vm.ctx.new_int(1).into(), vm).ok()?;
            }
        }
        Some(())
    }

    /// `_fix`, then the flags, then the new object; None to fall back.
    fn finish(&self, vm: &VirtualMachine, cx: &Cx, d: Dec) -> Option<PyResult> {
        let (d, s) = fix(cx, d)?;
        self.signal(vm, cx, &s)?;
        Some(self.new_dec(vm, d))
    }
}

// ---- installing the methods ------------------------------------------------

impl State {
    /// Method `i` of `METHODS`: the Rust fast path, else the original
    /// Python method.
    fn call(&self, i: usize, vm: &VirtualMachine, args: FuncArgs) -> PyResult {
        match (METHODS[i].1)(self, vm, &args)? {
            Some(r) => Ok(r),
            None => self.originals[i].call(args, vm),
        }
    }
}

type Method = fn(&State, &VirtualMachine, &FuncArgs) -> PyResult<Option<PyObjectRef>>;

fn arg(args: &FuncArgs, i: usize) -> Option<&PyObjectRef> {
    args.args.get(i)
}

/// The context argument: positional `pos` or `context=`.
fn context_arg(args: &FuncArgs, pos: usize) -> Option<&PyObjectRef> {
    args.args.get(pos).or_else(|| args.kwargs.get("context"))
}

fn binary(st: &State, vm: &VirtualMachine, args: &FuncArgs, reflected: bool, op: fn(&Cx, &Dec, &Dec) -> Option<Dec>) -> PyResult<Option<PyObjectRef>> {
    if args.args.len() < 2 || args.args.len() > 3 || args.kwargs.keys().any(|k| k.as_str() != Ok("context")) {
        return Ok(None);
    }
    let Some(x) = st.dec(vm, &args.args[0]) else { return Ok(None) };
    let Some(y) = st.operand(vm, &args.args[1]) else { return Ok(None) };
    let (a, b) = if reflected { (y, x) } else { (x, y) };
    let Some(cx) = st.context(vm, context_arg(args, 2))? else { return Ok(None) };
    let Some(r) = op(&cx, &a, &b) else { return Ok(None) };
    st.finish(vm, &cx, r).transpose()
}

const METHODS: &[(&str, Method)] = &[
    ("__add__", |s, vm, a| binary(s, vm, a, false, op_add)),
    ("__radd__", |s, vm, a| binary(s, vm, a, true, op_add)),
    ("__sub__", |s, vm, a| binary(s, vm, a, false, op_sub)),
    ("__rsub__", |s, vm, a| binary(s, vm, a, true, op_sub)),
    ("__mul__", |s, vm, a| binary(s, vm, a, false, op_mul)),
    ("__rmul__", |s, vm, a| binary(s, vm, a, true, op_mul)),
    ("__truediv__", |s, vm, a| binary(s, vm, a, false, op_div)),
    ("__rtruediv__", |s, vm, a| binary(s, vm, a, true, op_div)),
    ("quantize", quantize),
    ("__str__", str_method),
    ("__bool__", bool_method),
    ("_cmp", cmp_method),
];

/// `quantize(exp, rounding=None, context=None)`.
fn quantize(st: &State, vm: &VirtualMachine, args: &FuncArgs) -> PyResult<Option<PyObjectRef>> {
    if args.args.len() < 2 || args.args.len() > 4 || args.kwargs.keys().any(|k| k.as_str() != Ok("rounding") && k.as_str() != Ok("context")) {
        return Ok(None);
    }
    let Some(a) = st.dec(vm, &args.args[0]) else { return Ok(None) };
    let Some(e) = st.operand(vm, &args.args[1]) else { return Ok(None) };
    let Some(cx) = st.context(vm, context_arg(args, 3))? else { return Ok(None) };
    let mode = match arg(args, 2).or_else(|| args.kwargs.get("rounding")) {
        Some(r) if !vm.is_none(r) => match r.downcast_ref::<PyStr>().and_then(|s| s.to_str()).and_then(rounding) {
            Some(m) => m,
            None => return Ok(None),
        },
        _ => cx.rounding,
    };
    if !(cx.etiny() <= e.exp && e.exp <= cx.emax) || a.is_zero() {
        return Ok(None);
    }
    if a.adjusted() > cx.emax || a.adjusted() - e.exp + 1 > cx.prec {
        return Ok(None);
    }
    // _rescale
    let (digits, changed) = if a.exp >= e.exp {
        let mut d = a.digits.clone();
        d.extend(std::iter::repeat(b'0').take((a.exp - e.exp) as usize));
        (d, 0)
    } else {
        let keep = a.digits.len() as i64 + a.exp - e.exp;
        if keep < 0 {
            round_to(mode, a.neg, b"1", 0)
        } else {
            round_to(mode, a.neg, &a.digits, keep as usize)
        }
    };
    let ans = Dec { neg: a.neg, digits, exp: e.exp };
    if ans.adjusted() > cx.emax || ans.digits.len() as i64 > cx.prec {
        return Ok(None);
    }
    if !ans.is_zero() && ans.adjusted() < cx.emin {
        return Ok(None);
    }
    let mut s = Signals::default();
    if e.exp > a.exp {
        s.inexact = changed != 0;
        s.rounded = true;
    }
    let Some((ans, more)) = fix(&cx, ans) else { return Ok(None) };
    s.inexact |= more.inexact;
    s.rounded |= more.rounded;
    if st.signal(vm, &cx, &s).is_none() {
        return Ok(None);
    }
    st.new_dec(vm, ans).map(Some)
}

fn str_method(st: &State, vm: &VirtualMachine, args: &FuncArgs) -> PyResult<Option<PyObjectRef>> {
    if args.args.len() != 1 || !args.kwargs.is_empty() {
        return Ok(None);
    }
    let Some(d) = st.dec(vm, &args.args[0]) else { return Ok(None) };
    let mut failed = None;
    let s = to_str(&d, || match st.context(vm, None) {
        Ok(Some(cx)) => cx.capitals,
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
        None => Ok(Some(vm.ctx.new_str(s).into())),
    }
}

fn bool_method(st: &State, vm: &VirtualMachine, args: &FuncArgs) -> PyResult<Option<PyObjectRef>> {
    if args.args.len() != 1 || !args.kwargs.is_empty() {
        return Ok(None);
    }
    Ok(st.dec(vm, &args.args[0]).map(|d| vm.ctx.new_bool(!d.is_zero()).into()))
}

/// `_cmp(other)`, which the comparison operators call once they have
/// converted `other` (the operators themselves stay Python: RustPython's
/// rich-comparison slot of a subclass does not follow a replaced `__eq__`).
fn cmp_method(st: &State, vm: &VirtualMachine, args: &FuncArgs) -> PyResult<Option<PyObjectRef>> {
    if args.args.len() != 2 || !args.kwargs.is_empty() {
        return Ok(None);
    }
    let (Some(a), Some(b)) = (st.dec(vm, &args.args[0]), st.dec(vm, &args.args[1])) else { return Ok(None) };
    Ok(Some(vm.ctx.new_int(cmp(&a, &b) as i8).into()))
}

/// Replaces the methods of `Decimal` in the module namespace `ns`.
fn install(vm: &VirtualMachine, ns: &Py<PyDict>) -> PyResult<()> {
    let get = |name: &str| ns.get_item(name, vm);
    let cls = get("Decimal")?.downcast::<PyType>().map_err(|_| vm.new_type_error("Decimal is not a class".to_owned()))?;
    let originals = METHODS.iter().map(|&(name, _)| cls.as_object().get_attr(name, vm)).collect::<PyResult<Vec<_>>>()?;
    let st = Arc::new(State {
        originals,
        slots: Slots::new(vm, &cls)?,
        cls: cls.clone(),
        context_get: get("_current_context_var")?.get_attr("get", vm)?,
        getcontext: get("getcontext")?,
        inexact: get("Inexact")?,
        rounded: get("Rounded")?,
        n: Names::new(vm),
    });
    let setattr = vm.builtins.get_attr("setattr", vm)?;
    for (i, &(name, _)) in METHODS.iter().enumerate() {
        // The docstring stays (test_decimal runs the doctests in it).
        let doc: Option<&'static str> = st.originals[i]
            .get_attr("__doc__", vm)
            .ok()
            .and_then(|d| d.downcast_ref::<PyStr>().and_then(|s| s.to_str()).map(|s| &*Box::leak(s.to_owned().into_boxed_str())));
        let state = st.clone();
        let f = move |vm: &VirtualMachine, args: FuncArgs| -> PyResult { state.call(i, vm, args) };
        let def = PyMethodDef {
            name,
            func: Box::leak(Box::new(move |vm: &VirtualMachine, args: FuncArgs, _: rustpython_vm::function::Callee| f(vm, args))),
            flags: PyMethodFlags::METHOD,
            doc,
            ..PyMethodDef::new_raw_const("", |_: &VirtualMachine, _: FuncArgs, _: rustpython_vm::function::Callee| unreachable!(), PyMethodFlags::empty(), ItemDoc::NONE)
        };
        let def: &'static PyMethodDef = Box::leak(Box::new(def));
        // The class lives as long as the process keeps the definition.
        let typ: &'static Py<PyType> = Box::leak(Box::new(cls.clone()));
        let method = PyRef::new_ref(def.to_method(typ, &vm.ctx), vm.ctx.types.method_descriptor_type.to_owned(), None);
        setattr.call((cls.clone(), name, method), vm)?;
    }
    Ok(())
}
