//! Text building from exact builtin values without RustPython's general
//! machinery: `str % args` with the plain conversions, `str.format` with
//! `{}` fields, and the f-string pieces (FORMAT_SIMPLE of an int,
//! BUILD_STRING's join). The `%`, `format` and FORMAT_SIMPLE forms answer
//! None wherever the answer is not certain
//! (another type, a flag, width or precision, a mapping key, a wrong
//! argument count, text with lone surrogates, an int beyond i64), and the
//! caller takes RustPython's full implementation, which also raises
//! CPython's errors. In the random-miss test mode (`HIPY_CACHE_RANDOM_MISS`)
//! they also answer None at random, so the corpus runs both paths.

use rustpython_vm::builtins::{PyStr, PyTuple};
use rustpython_vm::common::wtf8::Wtf8Buf;
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyRef, PyResult, VirtualMachine};

use crate::code::forced_miss;
use crate::exact::{exact_i64, exact_str};

/// A value the plain conversions format: an exact str without lone
/// surrogates, or an exact int that fits an i64.
enum Plain<'a> {
    Str(&'a str),
    Int(i64),
}

fn plain<'a>(vm: &VirtualMachine, o: &'a PyObject) -> Option<Plain<'a>> {
    match exact_str(vm, o) {
        Some(s) => s.to_str().map(Plain::Str),
        None => exact_i64(vm, o).map(Plain::Int),
    }
}

impl Plain<'_> {
    /// The length of its text (`str()` of it) in bytes.
    fn text_len(&self) -> usize {
        match self {
            Plain::Str(s) => s.len(),
            Plain::Int(n) => decimal_len(*n),
        }
    }

    /// Append its text to `out`.
    fn push_text(&self, out: &mut String) {
        match self {
            Plain::Str(s) => out.push_str(s),
            Plain::Int(n) => out.push_str(itoa::Buffer::new().format(*n)),
        }
    }
}

/// `fmt % args` (BINARY_OP `%`) for an exact str `fmt` whose conversions
/// are all `%s`, `%r`, `%d`, `%i` (no mapping key, flag, width or
/// precision) or `%%`, with `args` an exact tuple of, or a single, exact
/// str or int: `%s` and `%r` of an int and `%d`, `%i` are its decimal
/// text, `%s` of a str is the str, `%r` its repr. The arguments must match
/// the conversions one to one. Formatting one of these runs no Python code,
/// so deciding midway to answer None is safe.
pub fn percent(vm: &VirtualMachine, fmt: &PyObject, args: &PyObject) -> Option<PyResult> {
    let fmt = exact_str(vm, fmt)?.to_str()?;
    let tuple = if args.class().is(vm.ctx.types.tuple_type) { args.downcast_ref::<PyTuple>() } else { None };
    let arg = |i: usize| -> &PyObject {
        match tuple {
            Some(t) => &t.as_slice()[i],
            None => args,
        }
    };
    let count = tuple.map_or(1, |t| t.len());
    // The exact length when each argument has a two-character conversion
    // and there is no `%r` or `%%` (the text is not reallocated).
    let mut capacity = fmt.len().checked_sub(2 * count)?;
    for i in 0..count {
        capacity += plain(vm, arg(i))?.text_len();
    }
    if forced_miss() {
        return None;
    }
    let mut out = String::with_capacity(capacity);
    let mut used = 0;
    let mut rest = fmt;
    // A byte search: format strings are short, and `%` is ASCII.
    while let Some(at) = rest.bytes().position(|b| b == b'%') {
        out.push_str(&rest[..at]);
        let conversion = *rest.as_bytes().get(at + 1)?;
        match conversion {
            b'%' => out.push('%'),
            b's' | b'r' | b'd' | b'i' if used < count => {
                let value = arg(used);
                used += 1;
                match (plain(vm, value)?, conversion) {
                    (p @ Plain::Int(_), _) | (p @ Plain::Str(_), b's') => p.push_text(&mut out),
                    (Plain::Str(_), b'r') => match value.repr(vm) {
                        Ok(r) => out.push_str(r.to_str()?),
                        Err(e) => return Some(Err(e)),
                    },
                    _ => return None,
                }
            }
            _ => return None,
        }
        // The conversion character is ASCII, so this is a char boundary.
        rest = &rest[at + 2..];
    }
    out.push_str(rest);
    (used == count).then(|| Ok(vm.ctx.new_str(out).into()))
}

/// `fmt.format(*args)` for an exact str `fmt` whose fields are all `{}`
/// (automatic numbering, no name, index, conversion or spec), `{{` and
/// `}}` escapes aside, with exact str and int arguments: each field is the
/// next argument as `format(arg, "")` gives it (a str itself, an int its
/// decimal text). Unused arguments are allowed, as in CPython; too few
/// answer None (the general call raises IndexError).
pub fn format_fields(vm: &VirtualMachine, fmt: &PyObject, args: &[Option<PyObjectRef>]) -> Option<PyResult> {
    let fmt = exact_str(vm, fmt)?.to_str()?;
    let mut capacity = fmt.len();
    for a in args {
        capacity += plain(vm, a.as_deref()?)?.text_len();
    }
    if forced_miss() {
        return None;
    }
    let mut out = String::with_capacity(capacity);
    let mut used = 0;
    let mut rest = fmt;
    while let Some(at) = rest.bytes().position(|b| b == b'{' || b == b'}') {
        out.push_str(&rest[..at]);
        let pair = (rest.as_bytes()[at], *rest.as_bytes().get(at + 1)?);
        match pair {
            (b'{', b'{') => out.push('{'),
            (b'}', b'}') => out.push('}'),
            (b'{', b'}') => {
                plain(vm, args.get(used)?.as_deref()?)?.push_text(&mut out);
                used += 1;
            }
            _ => return None,
        }
        // Both bytes are ASCII, so this is a char boundary.
        rest = &rest[at + 2..];
    }
    out.push_str(rest);
    Some(Ok(vm.ctx.new_str(out).into()))
}

/// The length of `n`'s decimal text.
fn decimal_len(n: i64) -> usize {
    let digits = n.unsigned_abs().checked_ilog10().map_or(1, |d| d as usize + 1);
    digits + usize::from(n < 0)
}

/// FORMAT_SIMPLE (`f"{v}"`, `format(v, "")`) of an exact str (itself) or
/// an exact int that fits an i64 (its decimal text).
pub fn format_simple(vm: &VirtualMachine, v: &PyObject) -> Option<PyObjectRef> {
    if v.class().is(vm.ctx.types.str_type) {
        return Some(v.to_owned());
    }
    if forced_miss() {
        return None;
    }
    exact_i64(vm, v).map(|n| int_text(vm, n).into())
}

/// The decimal text of `n`, as `str(n)` gives it.
pub fn int_text(vm: &VirtualMachine, n: i64) -> PyRef<PyStr> {
    vm.ctx.new_str(itoa::Buffer::new().format(n))
}

/// BUILD_STRING: the parts (each a str) joined, the text allocated once at
/// its final length.
pub fn join<'a>(vm: &VirtualMachine, parts: impl Iterator<Item = &'a PyObject> + Clone) -> PyResult<PyRef<PyStr>> {
    let mut len = 0;
    let mut utf8 = true;
    for p in parts.clone() {
        let s = p.downcast_ref::<PyStr>().ok_or_else(|| vm.new_system_error("BUILD_STRING of a non-str"))?;
        len += s.as_bytes().len();
        utf8 &= s.to_str().is_some();
    }
    let strs = parts.map(|p| p.downcast_ref::<PyStr>().expect("checked above"));
    if utf8 {
        let mut out = String::with_capacity(len);
        for s in strs {
            out.push_str(s.to_str().expect("checked above"));
        }
        Ok(vm.ctx.new_str(out))
    } else {
        let mut out = Wtf8Buf::with_capacity(len);
        for s in strs {
            out.push_wtf8(s.as_wtf8());
        }
        Ok(vm.ctx.new_str(out))
    }
}
