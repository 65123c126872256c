//! Binary operators implemented in Python, run in hipy's loop.
//!
//! `a + b` where `a`'s class defines `__add__` as a plain Python function pushes a
//! frame for `a.__add__(b)` (so the JIT can inline it) instead of calling it from
//! Rust. The frame returns into `Continuation::Binary`: `NotImplemented` then tries
//! `b.__radd__(a)` and raises CPython's TypeError if that fails too. When `b`'s
//! class is a strict subclass of `a`'s, Python tries the reflected method first:
//! that case (and in-place operators) take the generic path.

use std::rc::Rc;

use rustpython_vm::builtins::{PyFunction, PyStrInterned, PyType};
use rustpython_vm::{AsObject, Py, PyObject, PyObjectRef, PyResult, VirtualMachine};

use crate::code::CodeInfo;
use crate::frame::{Continuation, Frame};

/// `(method, reflected method, symbol)` by BINARY_OP argument (the
/// non-in-place operators, NB_ADD .. NB_XOR).
const OPS: [(&str, &str, &str); 13] = [
    ("__add__", "__radd__", "+"),
    ("__and__", "__rand__", "&"),
    ("__floordiv__", "__rfloordiv__", "//"),
    ("__lshift__", "__rlshift__", "<<"),
    ("__matmul__", "__rmatmul__", "@"),
    ("__mul__", "__rmul__", "*"),
    ("__mod__", "__rmod__", "%"),
    ("__or__", "__ror__", "|"),
    ("__pow__", "__rpow__", "** or pow()"),
    ("__rshift__", "__rrshift__", ">>"),
    ("__sub__", "__rsub__", "-"),
    ("__truediv__", "__rtruediv__", "/"),
    ("__xor__", "__rxor__", "^"),
];

/// The Python function `a op b` calls first, when it is run as a frame: `a`'s
/// class (a Python class) defines the method as a function of exactly two
/// positional parameters, and `b`'s class is not a strict subclass of it.
pub fn binary_method(vm: &VirtualMachine, a: &PyObject, b: &PyObject, op: u32) -> Option<PyObjectRef> {
    binary_method_code(vm, a, b, op).map(|(method, _)| method)
}

/// `binary_method` with the method's decoded code.
fn binary_method_code(vm: &VirtualMachine, a: &PyObject, b: &PyObject, op: u32) -> Option<(PyObjectRef, Rc<CodeInfo>)> {
    let name = method_name(vm, op)?;
    let ta = a.class();
    let tb = b.class();
    if !python_class(ta, vm) || !plain_operand(tb, vm) || (!tb.is(ta) && tb.fast_issubclass(ta)) {
        return None;
    }
    let method = ta.get_attr(name)?;
    let func = method.downcast_ref::<PyFunction>().filter(|_| method.class().is(vm.ctx.types.function_type))?;
    let code = crate::layout::function_code(func);
    let info = crate::code::info_for(&code);
    (info.simple_args && info.argcount == 2).then_some((method, info))
}

/// The interned name of the method of BINARY_OP `op` (`OPS`' first column).
fn method_name(vm: &VirtualMachine, op: u32) -> Option<&'static PyStrInterned> {
    let n = &vm.ctx.names;
    Some(match op {
        0 => n.__add__,
        1 => n.__and__,
        2 => n.__floordiv__,
        3 => n.__lshift__,
        4 => n.__matmul__,
        5 => n.__mul__,
        6 => n.__mod__,
        7 => n.__or__,
        8 => n.__pow__,
        9 => n.__rshift__,
        10 => n.__sub__,
        11 => n.__truediv__,
        12 => n.__xor__,
        _ => return None,
    })
}

/// A class defined in Python with no builtin base but `object`: its operators
/// are exactly its Python methods (a builtin base such as `str` or `list` adds
/// sequence concatenation and repetition, which only the generic path models).
fn python_class(t: &Py<PyType>, vm: &VirtualMachine) -> bool {
    t.mro.read().iter().all(|c| {
        c.is(vm.ctx.types.object_type) || crate::exact::type_has(c, rustpython_vm::types::PyTypeFlags::HEAPTYPE)
    })
}

/// The right operand's class leaves `b.__rop__(a)` as CPython's whole fallback:
/// a Python class, or a number (`'x' * v` instead goes through str's sequence
/// repetition and its own error message).
fn plain_operand(t: &Py<PyType>, vm: &VirtualMachine) -> bool {
    let types = &vm.ctx.types;
    [types.int_type, types.float_type, types.bool_type, types.complex_type, types.none_type].iter().any(|n| t.is(*n))
        || python_class(t, vm)
}

/// BINARY_OP: the frame of the operator's Python method, with `a` and `b`
/// popped, or None (the generic path runs).
#[inline(always)]
pub fn push_binary(vm: &VirtualMachine, f: &mut Frame, op: u32) -> PyResult<Option<Box<Frame>>> {
    // Only a class defined in Python (a heap type) has Python operator
    // methods: ints, floats and strs leave at this flag test.
    if !crate::exact::type_has(f.peek(1).class(), rustpython_vm::types::PyTypeFlags::HEAPTYPE) {
        return Ok(None);
    }
    push_python_binary(vm, f, op)
}

#[inline(never)]
fn push_python_binary(vm: &VirtualMachine, f: &mut Frame, op: u32) -> PyResult<Option<Box<Frame>>> {
    let Some((method, info)) = binary_method_code(vm, f.peek(1), f.peek(0), op) else { return Ok(None) };
    let func = method.downcast_ref::<PyFunction>().expect("checked");
    // SAFETY: the frame holds `method`, which keeps these alive.
    let (globals, builtins, closure) = unsafe { crate::layout::frame_refs(vm, func)? };
    let b = f.pop();
    let a = f.pop();
    // Two plain positional parameters (checked): `a` and `b` bind to them.
    let mut frame = Frame::new(info, globals, builtins, None, Some(method));
    frame.closure = closure;
    frame.slots[0] = Some(a.clone());
    frame.slots[1] = Some(b.clone());
    frame.ret = Continuation::Binary { a, b, op };
    Ok(Some(frame))
}

/// After `a.__op__(b)` returned NotImplemented: `b.__rop__(a)` if `b`'s class
/// differs, else (or if that too is NotImplemented) CPython's TypeError.
pub fn binary_fallback(vm: &VirtualMachine, a: &PyObjectRef, b: &PyObjectRef, op: u32) -> PyResult {
    let (_, rname, symbol) = OPS[op as usize];
    let tb: &Py<PyType> = b.class();
    if !tb.is(a.class()) {
        if let Some(reflected) = tb.get_attr(vm.ctx.intern_str(rname)) {
            let r = reflected.call((b.clone(), a.clone()), vm)?;
            if !r.is(vm.ctx.not_implemented.as_object()) {
                return Ok(r);
            }
        }
    }
    Err(vm.new_type_error(format!(
        "unsupported operand type(s) for {symbol}: '{}' and '{}'",
        a.class().name(),
        tb.name()
    )))
}
