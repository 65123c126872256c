//! `struct.pack` errors as CPython 3.11 reports them.
//!
//! RustPython's `_struct` miscounts the items a format takes in its
//! "pack expected N items" message ('2i' takes 2, 'x' none, '3s' one) and
//! words range errors by format character ("'h' format requires ...").
//! 3.11 checks the item count, then each item in order through its packer:
//! native and same-size little-endian packers name the C type ("short
//! format requires -32768 <= number <= 32767"), the others the format
//! character, and values that do not fit the C type they are first
//! converted to are "argument out of range".
//!
//! When a pack fails, its arguments are checked again with those rules and
//! the first failure is raised; a pack that succeeds is not touched.

use malachite_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};
use rustpython_vm::builtins::{PyBaseExceptionRef, PyBytes, PyFloat, PyInt, PyStr, PyType};
use rustpython_vm::{AsObject, Py, PyObject, PyObjectRef, PyRef, PyResult, VirtualMachine};

use super::wrap;

pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    let raw = vm.import("_struct", 0)?;
    // `pack(fmt, *values)` and `pack_into(fmt, buffer, offset, *values)`.
    for (name, skip) in [("pack", 1), ("pack_into", 3)] {
        wrap::function(vm, &raw, name, move |vm, args, callee, original| {
            let kept = args.args.clone();
            original(vm, args, callee).map_err(|e| match kept.first() {
                Some(fmt) => pack_error(vm, name, fmt, kept.get(skip..).unwrap_or_default(), e),
                None => e,
            })
        })?;
    }
    // The Struct type is static, shared by every interpreter: its methods
    // are wrapped once per process.
    static STRUCT_METHODS: std::sync::Once = std::sync::Once::new();
    if let Ok(typ) = raw.get_attr("Struct", vm)?.downcast::<PyType>() {
        STRUCT_METHODS.call_once(|| wrap_struct_methods(vm, typ));
    }
    // `struct` copied `_struct`'s functions when it was imported.
    if let Ok(module) = vm.sys_module.get_attr("modules", vm)?.get_item("struct", vm) {
        for name in ["pack", "pack_into"] {
            module.set_attr(name, raw.get_attr(name, vm)?, vm)?;
        }
    }
    Ok(())
}

fn wrap_struct_methods(vm: &VirtualMachine, typ: PyRef<PyType>) {
    // Kept alive for the process: the wrapped descriptors belong to it.
    let typ: &'static Py<PyType> = Box::leak(Box::new(typ));
    for (name, skip) in [("pack", 1), ("pack_into", 3)] {
        wrap::method(vm, typ, name, move |vm, args, callee, original| {
            let kept = args.args.clone();
            original(vm, args, callee).map_err(|e| {
                let fmt = kept.first().and_then(|s| s.get_attr("format", vm).ok());
                match fmt {
                    Some(fmt) => pack_error(vm, name, &fmt, kept.get(skip..).unwrap_or_default(), e),
                    None => e,
                }
            })
        });
    }
}

/// Byte order and size mode of a format (its first character).
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Native,
    Little,
    Big,
}

fn parse(fmt: &str) -> Option<(Mode, Vec<(usize, char)>)> {
    let mut chars = fmt.chars().peekable();
    let mode = match chars.peek() {
        Some('@') => Mode::Native,
        // This runs on little-endian machines only (x86-64).
        Some('<' | '=') => Mode::Little,
        Some('>' | '!') => Mode::Big,
        _ => Mode::Native,
    };
    if matches!(chars.peek(), Some('@' | '<' | '=' | '>' | '!')) {
        chars.next();
    }
    let mut codes = Vec::new();
    while let Some(c) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        let (count, code) = if c.is_ascii_digit() {
            let mut n = c.to_digit(10)? as usize;
            loop {
                match chars.next()? {
                    d if d.is_ascii_digit() => n = n.checked_mul(10)?.checked_add(d.to_digit(10)? as usize)?,
                    code => break (n, code),
                }
            }
        } else {
            (1, c)
        };
        // Native-only codes make the format itself invalid ("bad char").
        if mode != Mode::Native && matches!(code, 'n' | 'N' | 'P') {
            return None;
        }
        codes.push((count, code));
    }
    Some((mode, codes))
}

/// The number of values a format consumes.
fn item_count(codes: &[(usize, char)]) -> usize {
    codes
        .iter()
        .map(|&(n, c)| match c {
            'x' => 0,
            's' | 'p' => 1,
            _ => n,
        })
        .sum()
}

fn pack_error(vm: &VirtualMachine, func: &str, fmt: &PyObject, values: &[PyObjectRef], e: PyBaseExceptionRef) -> PyBaseExceptionRef {
    let fmt = match (fmt.downcast_ref::<PyStr>(), fmt.downcast_ref::<PyBytes>()) {
        (Some(s), _) => s.as_wtf8().to_string(),
        (_, Some(b)) => String::from_utf8_lossy(b.as_bytes()).into_owned(),
        _ => return e,
    };
    let Some((mode, codes)) = parse(&fmt) else { return e };
    let Ok(error) = vm.import("_struct", 0).and_then(|m| m.get_attr("error", vm)) else { return e };
    let Ok(error) = error.downcast::<PyType>() else { return e };
    let struct_error = |msg: String| vm.new_exception_msg(error.clone(), msg.into());
    let expected = item_count(&codes);
    if expected != values.len() {
        return struct_error(format!("{func} expected {expected} items for packing (got {})", values.len()));
    }
    let mut values = values.iter();
    for &(count, code) in &codes {
        let n = match code {
            'x' => 0,
            's' | 'p' => 1,
            _ => count,
        };
        for value in values.by_ref().take(n) {
            if let Some(Failure::Struct(msg)) = check_item(vm, mode, code, value) {
                return struct_error(msg);
            }
        }
    }
    e
}

/// A value 3.11 rejects, with its `struct.error` message.
enum Failure {
    Struct(String),
}

/// 3.11's check of one value for format character `code`.
fn check_item(vm: &VirtualMachine, mode: Mode, code: char, value: &PyObject) -> Option<Failure> {
    let fail = |m: &str| Some(Failure::Struct(m.to_owned()));
    match code {
        'c' => {
            let ok = value.downcast_ref::<PyBytes>().is_some_and(|b| b.as_bytes().len() == 1);
            return (!ok).then(|| Failure::Struct("char format requires a bytes object of length 1".to_owned()));
        }
        's' | 'p' => {
            let ok = value.downcast_ref::<PyBytes>().is_some() || value.fast_isinstance(vm.ctx.types.bytearray_type);
            return (!ok).then(|| Failure::Struct(format!("argument for '{code}' must be a bytes object")));
        }
        '?' | 'x' | 'P' => return None,
        'e' | 'f' | 'd' => {
            let float_like = value.downcast_ref::<PyFloat>().is_some() || value.downcast_ref::<PyInt>().is_some();
            if !float_like && value.class().slots.as_number.float.load().is_none() && value.try_index_opt(vm).is_none() {
                return fail("required argument is not a float");
            }
            if code == 'e' {
                if let Some(i) = value.downcast_ref::<PyInt>() {
                    // Rounds to infinity in binary16.
                    if i.as_bigint().abs() >= BigInt::from(65520) {
                        return fail("int too large to convert");
                    }
                }
            }
            return None;
        }
        _ => {}
    }
    let n: BigInt = match value.try_index_opt(vm) {
        Some(Ok(i)) => i.as_bigint().clone(),
        Some(Err(_)) | None => return fail("required argument is not an integer"),
    };
    let out_of_range = "argument out of range";
    let as_long = n.to_i64();
    let as_ulong = if n.is_negative() { None } else { n.to_u64() };
    let range = |lo: i128, hi: i128, what: String| -> Option<Failure> {
        let v = n.to_i128()?;
        (v < lo || v > hi).then(|| Failure::Struct(format!("{what} format requires {lo} <= number <= {hi}")))
    };
    let quoted = |c: char| format!("'{c}'");
    match (mode, code) {
        (_, 'b') => as_long.map_or_else(|| fail(out_of_range), |_| range(-128, 127, "byte".into())),
        (_, 'B') => as_long.map_or_else(|| fail(out_of_range), |_| range(0, 255, "ubyte".into())),
        (Mode::Native | Mode::Little, 'h') => as_long.map_or_else(|| fail(out_of_range), |_| range(-32768, 32767, "short".into())),
        (Mode::Native | Mode::Little, 'H') => as_long.map_or_else(|| fail(out_of_range), |_| range(0, 65535, "ushort".into())),
        (Mode::Big, 'h') => as_long.map_or_else(|| fail(out_of_range), |_| range(-32768, 32767, quoted('h'))),
        (Mode::Big, 'H') => as_ulong.map_or_else(|| fail(out_of_range), |_| range(0, 65535, quoted('H'))),
        (_, 'i') => as_long.map_or_else(|| fail(out_of_range), |_| range(i32::MIN.into(), i32::MAX.into(), quoted('i'))),
        (_, 'I') => as_ulong.map_or_else(|| fail(out_of_range), |_| range(0, u32::MAX.into(), quoted('I'))),
        (Mode::Native, 'l' | 'q' | 'n') => as_long.is_none().then(|| Failure::Struct(out_of_range.into())),
        (Mode::Native, 'L' | 'Q' | 'N') => as_ulong.is_none().then(|| Failure::Struct(out_of_range.into())),
        (_, 'l') => as_long.map_or_else(|| fail(out_of_range), |_| range(i32::MIN.into(), i32::MAX.into(), quoted('l'))),
        (_, 'L') => as_ulong.map_or_else(|| fail(out_of_range), |_| range(0, u32::MAX.into(), quoted('L'))),
        (Mode::Little, 'q') => as_long.is_none().then(|| Failure::Struct(out_of_range.into())),
        (Mode::Little, 'Q') => as_ulong.is_none().then(|| Failure::Struct(out_of_range.into())),
        (Mode::Big, 'q') => as_long.is_none().then(|| Failure::Struct("int too large to convert".into())),
        (Mode::Big, 'Q') => as_ulong.is_none().then(|| Failure::Struct("int too large to convert".into())),
        _ => None,
    }
}
