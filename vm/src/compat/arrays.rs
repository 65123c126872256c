//! The `array` module as CPython 3.11 shows it.
//!
//! - `repr` of a `'f'` array shows its items as Python floats
//!   (`0.10000000149011612`), as `tolist()` returns them.
//! - storing an int that does not fit: 3.11 converts through C types and
//!   names them ("signed char is greater than maximum", "Python int too
//!   large to convert to C long"); RustPython names its Rust target type.
//!   The value is known where one item is stored (`append`, `insert`,
//!   `a[i] = v`) or scanned from a list or tuple (constructor, `extend`,
//!   `fromlist`).
//! - other messages: the typecode list without 3.13's `w`, "array index
//!   out of range", "arg must be list", the typecode argument.

use std::sync::OnceLock;

use malachite_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};
use rustpython_vm::builtins::{PyBaseExceptionRef, PyInt, PyList, PyStr, PyStrRef, PyTuple, PyType, PyTypeRef};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::protocol::PyMapping;
use rustpython_vm::{AsObject, Py, PyObject, PyObjectRef, PyResult, VirtualMachine};

use super::{messages, wrap};
use wrap::save_store;

type ReprFn = fn(&PyObject, &VirtualMachine) -> PyResult<PyStrRef>;
type NewFn = fn(PyTypeRef, FuncArgs, &VirtualMachine) -> PyResult;
type Subscript = fn(PyMapping<'_>, &PyObject, &VirtualMachine) -> PyResult;
type AssSubscript = fn(PyMapping<'_>, &PyObject, Option<PyObjectRef>, &VirtualMachine) -> PyResult<()>;

static REPR: OnceLock<ReprFn> = OnceLock::new();
static NEW: OnceLock<NewFn> = OnceLock::new();
static SUBSCRIPT: OnceLock<Subscript> = OnceLock::new();
static ASS_SUBSCRIPT: OnceLock<AssSubscript> = OnceLock::new();

pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    static DONE: std::sync::Once = std::sync::Once::new();
    wrap::once_per_process(&DONE, vm, install_type)
}

fn install_type(vm: &VirtualMachine) -> PyResult<()> {
    let module = vm.import("array", 0)?;
    let Ok(typ) = module.get_attr("array", vm)?.downcast::<PyType>() else { return Ok(()) };
    // A reference kept for the life of the process: the descriptors and
    // slot wrappers below belong to this type.
    let typ: &'static Py<PyType> = Box::leak(Box::new(typ));
    let slots = &typ.slots;
    save_store!(REPR, slots.repr, array_repr as ReprFn);
    // Explicit dunder calls and Python subclasses use these by name rather
    // than through the slots.
    let arity = |vm: &VirtualMachine, args: &FuncArgs, n: usize| {
        vm.new_type_error(format!("expected {n} argument{}, got {}", if n == 1 { "" } else { "s" }, args.args.len().saturating_sub(1)))
    };
    wrap::define_method(vm, typ, "__repr__", move |vm, args| match args.args.as_slice() {
        [zelf] if args.kwargs.is_empty() => array_repr(zelf, vm).map(Into::into),
        _ => Err(arity(vm, &args, 0)),
    });
    wrap::define_method(vm, typ, "__getitem__", move |vm, args| match args.args.as_slice() {
        [zelf, key] if args.kwargs.is_empty() => array_subscript(PyMapping { obj: zelf }, key, vm),
        _ => Err(arity(vm, &args, 1)),
    });
    wrap::define_method(vm, typ, "__setitem__", move |vm, args| match args.args.as_slice() {
        [zelf, key, value] if args.kwargs.is_empty() => {
            array_ass_subscript(PyMapping { obj: zelf }, key, Some(value.clone()), vm).map(|()| vm.ctx.none())
        }
        _ => Err(arity(vm, &args, 2)),
    });
    save_store!(NEW, slots.new, array_new as NewFn);
    save_store!(SUBSCRIPT, slots.as_mapping.subscript, array_subscript as Subscript);
    save_store!(ASS_SUBSCRIPT, slots.as_mapping.ass_subscript, array_ass_subscript as AssSubscript);

    for (name, value_pos) in [("append", 1), ("insert", 2)] {
        wrap::method(vm, typ, name, move |vm, args, callee, original| {
            let zelf = args.args.first().cloned();
            let value = args.args.get(value_pos).cloned();
            original(vm, args, callee).map_err(|e| match (zelf, value) {
                (Some(zelf), Some(value)) => item_error(vm, &zelf, &value).unwrap_or(e),
                _ => e,
            })
        });
    }
    for name in ["extend", "fromlist"] {
        wrap::method(vm, typ, name, move |vm, args, callee, original| {
            let zelf = args.args.first().cloned();
            let items = args.args.get(1).cloned();
            original(vm, args, callee).map_err(|e| {
                let msg = messages::exception_message(&e).unwrap_or_default();
                if name == "fromlist" && msg.starts_with("Expected type 'list' but '") {
                    return vm.new_type_error("arg must be list");
                }
                match (zelf, items) {
                    (Some(zelf), Some(items)) => first_item_error(vm, &zelf, &items).unwrap_or(e),
                    _ => e,
                }
            })
        });
    }
    wrap::method(vm, typ, "tounicode", |vm, args, callee, original| {
        original(vm, args, callee).map_err(|e| match messages::exception_message(&e) {
            Some(m) if m.ends_with(" ('u' or 'w')") => messages::reworded(vm, &e, m.trim_end_matches(" ('u' or 'w')").to_owned()),
            _ => e,
        })
    });
    Ok(())
}

fn typecode(vm: &VirtualMachine, array: &PyObject) -> Option<char> {
    let tc = array.get_attr("typecode", vm).ok()?;
    tc.downcast_ref::<PyStr>()?.as_wtf8().as_str().ok()?.chars().next()
}

fn array_repr(zelf: &PyObject, vm: &VirtualMachine) -> PyResult<PyStrRef> {
    let original = REPR.get().expect("saved");
    if typecode(vm, zelf) != Some('f') {
        return original(zelf, vm);
    }
    let name = zelf.class().name().to_string();
    let items = vm.call_method(zelf, "tolist", ())?;
    let empty = items.downcast_ref::<PyList>().is_some_and(|l| l.borrow_vec().is_empty());
    let text = if empty {
        format!("{name}('f')")
    } else {
        format!("{name}('f', {})", items.repr(vm)?.as_wtf8())
    };
    Ok(vm.ctx.new_str(text))
}

fn array_new(cls: PyTypeRef, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    let original = NEW.get().expect("saved");
    let kept = args.args.clone();
    original(cls, args, vm).map_err(|e| constructor_error(vm, &kept, e))
}

fn constructor_error(vm: &VirtualMachine, args: &[PyObjectRef], e: PyBaseExceptionRef) -> PyBaseExceptionRef {
    let Some(msg) = messages::exception_message(&e) else { return e };
    if let Some(rest) = msg.strip_prefix("bad typecode (must be ") {
        return messages::reworded(vm, &e, format!("bad typecode (must be {}", rest.replace("u, w, ", "u, ")));
    }
    let Some(tc) = args.first() else { return e };
    let one_char = tc.downcast_ref::<PyStr>().is_some_and(|s| s.char_len() == 1);
    if !one_char {
        let found = tc.class().name().to_string();
        return vm.new_type_error(format!("array() argument 1 must be a unicode character, not {found}"));
    }
    let code = tc.downcast_ref::<PyStr>().and_then(|s| s.as_wtf8().as_str().ok()?.chars().next());
    match (code, args.get(1)) {
        (Some(code), Some(items)) => items_error(vm, code, items).unwrap_or(e),
        _ => e,
    }
}

fn array_subscript(m: PyMapping<'_>, key: &PyObject, vm: &VirtualMachine) -> PyResult {
    let original = SUBSCRIPT.get().expect("saved");
    original(m, key, vm).map_err(|e| {
        if e.class().is(vm.ctx.exceptions.index_error) && messages::exception_message(&e).as_deref() == Some("index out of range") {
            vm.new_index_error("array index out of range")
        } else {
            e
        }
    })
}

fn array_ass_subscript(m: PyMapping<'_>, key: &PyObject, value: Option<PyObjectRef>, vm: &VirtualMachine) -> PyResult<()> {
    let original = ASS_SUBSCRIPT.get().expect("saved");
    let array = m.obj.to_owned();
    let item = value.clone();
    original(m, key, value, vm).map_err(|e| {
        let msg = messages::exception_message(&e);
        if e.class().is(vm.ctx.exceptions.index_error) && matches!(msg.as_deref(), Some("index out of range" | "assignment index out of range")) {
            return vm.new_index_error("array assignment index out of range");
        }
        match item {
            Some(item) if key.downcast_ref::<PyInt>().is_some() => item_error(vm, &array, &item).unwrap_or(e),
            _ => e,
        }
    })
}

/// 3.11's error for storing `value` in `array`, when it rejects it.
fn item_error(vm: &VirtualMachine, array: &PyObject, value: &PyObject) -> Option<PyBaseExceptionRef> {
    item_error_for(vm, typecode(vm, array)?, value)
}

fn first_item_error(vm: &VirtualMachine, array: &PyObject, items: &PyObject) -> Option<PyBaseExceptionRef> {
    items_error(vm, typecode(vm, array)?, items)
}

/// The error of the first item of a list or tuple 3.11 rejects (other
/// iterables cannot be read again).
fn items_error(vm: &VirtualMachine, code: char, items: &PyObject) -> Option<PyBaseExceptionRef> {
    let items: Vec<PyObjectRef> = if let Some(list) = items.downcast_ref::<PyList>() {
        list.borrow_vec().to_vec()
    } else {
        items.downcast_ref::<PyTuple>()?.as_slice().to_vec()
    };
    items.iter().find_map(|item| item_error_for(vm, code, item))
}

/// 3.11's conversion of one item for typecode `code`: ints go through C
/// `long` (or `unsigned long`, `long long`) and then the item's C type,
/// each step with its own message.
fn item_error_for(vm: &VirtualMachine, code: char, value: &PyObject) -> Option<PyBaseExceptionRef> {
    if code == 'u' {
        let ok = value.downcast_ref::<PyStr>().is_some_and(|s| s.char_len() == 1);
        return (!ok).then(|| vm.new_type_error("array item must be unicode character"));
    }
    let n: &BigInt = value.downcast_ref::<PyInt>()?.as_bigint();
    let overflow = |msg: &str| Some(vm.new_overflow_error(msg.to_owned()));
    let c_long = "Python int too large to convert to C long";
    let range = |n: &BigInt, lo: i64, hi: i64, what: &str| -> Option<String> {
        let v = n.to_i64()?;
        if v > hi {
            Some(format!("{what} is greater than maximum"))
        } else if v < lo {
            Some(format!("{what} is less than minimum"))
        } else {
            None
        }
    };
    let fits_long = n.to_i64().is_some();
    let msg = match code {
        'b' | 'B' | 'h' | 'H' | 'i' | 'l' if !fits_long => Some(c_long.to_owned()),
        'b' => range(n, -32768, 32767, "signed short integer").or_else(|| range(n, -128, 127, "signed char")),
        'B' => range(n, 0, 255, "unsigned byte integer"),
        'h' => range(n, -32768, 32767, "signed short integer"),
        'H' => range(n, i32::MIN.into(), i32::MAX.into(), "signed integer").or_else(|| range(n, 0, 65535, "unsigned short")),
        'i' => range(n, i32::MIN.into(), i32::MAX.into(), "signed integer"),
        'I' | 'L' if n.is_negative() => Some("can't convert negative value to unsigned int".to_owned()),
        'I' | 'L' if n.to_u64().is_none() => Some("Python int too large to convert to C unsigned long".to_owned()),
        'I' if n.to_u32().is_none() => Some("unsigned int is greater than maximum".to_owned()),
        'q' if !fits_long => Some("int too big to convert".to_owned()),
        'Q' if n.is_negative() => Some("can't convert negative int to unsigned".to_owned()),
        'Q' if n.to_u64().is_none() => Some("int too big to convert".to_owned()),
        _ => None,
    };
    overflow(&msg?)
}
