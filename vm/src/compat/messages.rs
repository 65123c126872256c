//! Rewording RustPython's exception messages as CPython 3.11 words them,
//! where the callable (or nothing at all) is enough to know the 3.11 text.

use rustpython_vm::builtins::{PyBaseExceptionRef, PyStr};
use rustpython_vm::{AsObject, VirtualMachine};

/// The message of an exception raised with a single string argument.
pub fn exception_message(e: &PyBaseExceptionRef) -> Option<String> {
    let args = e.args();
    match args.as_slice() {
        // A str that is valid UTF-8 is copied as it is (formatting a WTF-8
        // string goes code point by code point).
        [msg] => msg.downcast_ref::<PyStr>().map(|s| s.to_str().map_or_else(|| s.as_wtf8().to_string(), str::to_owned)),
        _ => None,
    }
}

/// `(expected, found)` of RustPython's "Expected type 'str' but 'int' found."
fn expected_type(msg: &str) -> Option<(&str, &str)> {
    let rest = msg.strip_prefix("Expected type '")?;
    let (expected, rest) = rest.split_once("' but '")?;
    let found = rest.strip_suffix("' found.")?;
    Some((expected, found))
}

/// The method part of a table key (`str.split` -> `split`).
fn method_name(key: &str) -> &str {
    key.rsplit_once('.').map_or(key, |(_, m)| m)
}

/// The 3.11 message for an exception of class `class` with message `msg`
/// raised by a call of `key`, when it differs.
fn after_call_message(key: &str, class: &str, msg: &str) -> Option<String> {
    let name = method_name(key);
    if let Some((expected, found)) = expected_type(msg) {
        return match (key, expected) {
            ("str.removeprefix" | "str.removesuffix", "str") => Some(format!("{name}() argument must be str, not {found}")),
            ("str.find" | "str.rfind" | "str.index" | "str.rindex" | "str.count" | "str.partition" | "str.rpartition", "str") => {
                Some(format!("must be str, not {found}"))
            }
            ("str.find" | "str.rfind" | "str.index" | "str.rindex" | "str.count", "int") => {
                Some("slice indices must be integers or None or have an __index__ method".to_owned())
            }
            ("str.split" | "str.rsplit", "str") => Some(format!("must be str or None, not {found}")),
            ("str.strip" | "str.lstrip" | "str.rstrip", "str") => Some(format!("{name} arg must be None or str")),
            ("str.center" | "str.ljust" | "str.rjust", "str") => {
                Some(format!("The fill character must be a unicode character, not {found}"))
            }
            ("BaseException.add_note", "str") => Some(format!("note must be a str, not '{found}'")),
            _ => None,
        };
    }
    match (key, class) {
        ("bytearray.__setitem__", "ValueError") => {
            let rest = msg.strip_prefix("attempt to assign sequence of size ")?;
            Some(format!("attempt to assign bytes of size {rest}"))
        }
        ("bytes.index" | "bytes.rindex" | "bytearray.index" | "bytearray.rindex", "ValueError") if msg == "substring not found" => {
            Some("subsection not found".to_owned())
        }
        ("str.splitlines" | "bytes.splitlines" | "bytearray.splitlines", "TypeError") => {
            let found = msg.strip_prefix("Expected type bool, not ")?;
            Some(format!("'{found}' object cannot be interpreted as an integer"))
        }
        ("bytes.fromhex" | "bytearray.fromhex", "TypeError") => {
            let found = msg.strip_prefix("fromhex() argument must be str or bytes-like, not ")?;
            Some(format!("fromhex() argument must be str, not {found}"))
        }
        ("BaseExceptionGroup()", "TypeError") if msg.starts_with("argument ") => Some(format!("BaseExceptionGroup.__new__() {msg}")),
        ("range.index", "ValueError") if msg.ends_with(" not in range") && !msg.contains(" is not in range") => {
            Some("sequence.index(x): x not in sequence".to_owned())
        }
        ("map()", "TypeError") if msg.starts_with("map expected ") => Some("map() must have at least two arguments.".to_owned()),
        ("complex()", "TypeError") => {
            if let Some(found) = msg.strip_prefix("complex() argument must be a string or a number, not ") {
                return Some(format!("complex() first argument must be a string or a number, not '{found}'"));
            }
            let found = msg.strip_prefix("__complex__ returned non-complex (type '")?.strip_suffix("')")?;
            Some(format!("__complex__ returned non-complex (type {found})"))
        }
        ("date.fromisocalendar" | "datetime.fromisocalendar", "ValueError") => {
            let year = msg.strip_prefix("year ")?.strip_suffix(" is out of range")?;
            Some(format!("Year is out of range: {year}"))
        }
        ("max" | "min", "ValueError") if msg == format!("{key}() iterable argument is empty") => {
            Some(format!("{key}() arg is an empty sequence"))
        }
        ("math.fsum", "ValueError") if msg == "math domain error" => Some("-inf + inf in fsum".to_owned()),
        ("math.fsum", "OverflowError") if msg == "math range error" => Some("intermediate overflow in fsum".to_owned()),
        ("math.trunc", "TypeError") => {
            let rest = msg.strip_prefix("type '")?;
            let (typ, rest) = rest.split_once("' doesn't define '")?;
            let method = rest.strip_suffix("' method")?;
            Some(format!("type {typ} doesn't define {method} method"))
        }
        // 3.12+ explains math domain errors ("expected a positive input");
        // 3.11 says only this.
        (_, "ValueError") if key.starts_with("math.") && msg.starts_with("expected ") => Some("math domain error".to_owned()),
        _ => None,
    }
}

/// The exception a failed call of `key` raises in 3.11, given what
/// RustPython raised.
pub fn after_call(vm: &VirtualMachine, key: &str, e: PyBaseExceptionRef) -> PyBaseExceptionRef {
    let e = normalize(vm, e);
    let Some(msg) = exception_message(&e) else { return e };
    let class = e.class().name().to_string();
    match after_call_message(key, &class, &msg) {
        Some(new) => vm.new_exception_msg(e.class().to_owned(), new.into()),
        None => e,
    }
}

/// 3.11's argument-count message for `key` where its builtin words it
/// its own way rather than as its argument parser would.
pub fn own_arity_message(key: &str, msg: String) -> String {
    match key {
        // enumerate's vectorcall names no position.
        "enumerate()" => msg.strip_suffix(" (pos 1)").map_or(msg.clone(), str::to_owned),
        _ => msg,
    }
}

/// RustPython (like 3.13+) adds the note "Cannot convert dictionary update
/// sequence element #N to a sequence" to a TypeError from an element of
/// `dict(seq)` / `dict.update(seq)`; 3.11 replaces any TypeError from
/// making the element a sequence with "cannot convert ...".
fn dict_sequence_error(vm: &VirtualMachine, e: &PyBaseExceptionRef) -> Option<PyBaseExceptionRef> {
    let notes = e.as_object().get_attr("__notes__", vm).ok()?;
    let notes: Vec<String> = notes.try_to_value::<Vec<rustpython_vm::PyObjectRef>>(vm).ok()?
        .iter()
        .filter_map(|n| n.downcast_ref::<PyStr>().map(|s| s.as_wtf8().to_string()))
        .collect();
    let [note] = notes.as_slice() else { return None };
    let rest = note.strip_prefix("Cannot convert dictionary update sequence element #")?;
    Some(vm.new_type_error(format!("cannot convert dictionary update sequence element #{rest}")))
}

/// 3.11's text for a ValueError message RustPython words like 3.12+.
fn value_error_message(msg: &str) -> Option<String> {
    // int(): CPython formats the argument with %.200R (its repr cut to 200
    // code points); RustPython shows all of it.
    if let Some((base, repr)) = msg.strip_prefix("invalid literal for int() with base ").and_then(|r| r.split_once(": ")) {
        if repr.chars().count() > 200 {
            let cut: String = repr.chars().take(200).collect();
            return Some(format!("invalid literal for int() with base {base}: {cut}"));
        }
    }
    if msg == "slice step cannot be zero." {
        return Some("slice step cannot be zero".to_owned());
    }
    // datetime: 3.12+ appends the offending value.
    if let Some(year) = msg.strip_prefix("year must be in 1..9999, not ") {
        return Some(format!("year {year} is out of range"));
    }
    if msg.starts_with("day ") && msg.contains(" must be in range 1..") && msg.contains(" for month ") {
        return Some("day is out of range for month".to_owned());
    }
    for field in ["month must be in 1..12", "hour must be in 0..23", "minute must be in 0..59", "second must be in 0..59", "microsecond must be in 0..999999", "fold must be either 0 or 1"] {
        if msg.strip_prefix(field).is_some_and(|rest| rest.starts_with(", not ")) {
            return Some(field.to_owned());
        }
    }
    if let Some(rest) = msg.strip_prefix("Invalid weekday: ") {
        return Some(format!("Invalid day: {rest}"));
    }
    if msg.starts_with("offset must be a timedelta strictly between ") && !msg.ends_with('.') {
        return Some(format!("{msg}."));
    }
    None
}

/// Rewrites that need no context: the message alone says what 3.11 says.
pub fn normalize(vm: &VirtualMachine, e: PyBaseExceptionRef) -> PyBaseExceptionRef {
    let exc = &vm.ctx.exceptions;
    if e.class().is(exc.attribute_error) {
        if let Some(msg) = exception_message(&e) {
            if let Some(short) = msg.strip_suffix(" and no __dict__ for setting new attributes") {
                // Keep `name` and `obj`, which AttributeError carries.
                let new = vm.new_exception_msg(e.class().to_owned(), short.to_owned().into());
                for attr in ["name", "obj"] {
                    if let Ok(v) = e.as_object().get_attr(attr, vm) {
                        let _ = new.as_object().set_attr(attr, v, vm);
                    }
                }
                return new;
            }
        }
        return e;
    }
    if e.class().is(exc.overflow_error) {
        // RustPython names its Rust target type; CPython the C type.
        let Some(msg) = exception_message(&e) else { return e };
        let c_type = match msg.strip_prefix("Python int too large to convert to Rust ") {
            Some("isize") => "ssize_t",
            Some("i64") => "long",
            Some("i32") => "int",
            _ => return e,
        };
        return vm.new_overflow_error(format!("Python int too large to convert to C {c_type}"));
    }
    if e.class().is(exc.value_error) {
        let Some(msg) = exception_message(&e) else { return e };
        return match value_error_message(&msg) {
            Some(new) => vm.new_value_error(new),
            None => e,
        };
    }
    if !e.class().is(exc.type_error) {
        return e;
    }
    if let Some(e) = dict_sequence_error(vm, &e) {
        return e;
    }
    let Some(msg) = exception_message(&e) else { return e };
    if let Some(rest) = msg.strip_prefix("%c requires an int or a unicode character, not ") {
        let _ = rest;
        return vm.new_type_error("%c requires int or char");
    }
    if msg.starts_with("%c requires an integer in range(256) or a single byte, not ") {
        return vm.new_type_error("%c requires an integer in range(256) or a single byte");
    }
    if let Some(found) = msg
        .strip_prefix("sequence indices be integers or slices or classes that override __index__ operator, not '")
        .and_then(|r| r.strip_suffix('\''))
    {
        // Only range words its index error this way.
        return vm.new_type_error(format!("range indices must be integers or slices, not {found}"));
    }
    // "can only concatenate tuple (not 'str') to tuple": 3.11 quotes with ".
    if let Some(rest) = msg.strip_prefix("can only concatenate ") {
        if let Some((kind, tail)) = rest.split_once(" (not '") {
            if let Some((found, end)) = tail.split_once("') to ") {
                return vm.new_type_error(format!("can only concatenate {kind} (not \"{found}\") to {end}"));
            }
        }
    }
    if msg == "multiple bases have instance layout conflict" {
        return vm.new_type_error("multiple bases have instance lay-out conflict");
    }
    if let Some(bases) = msg.strip_prefix("Cannot create a consistent method resolution order (MRO) for bases ") {
        return vm.new_type_error(format!("Cannot create a consistent method resolution\norder (MRO) for bases {bases}"));
    }
    // 3.13+ wraps a set element's hash error; 3.11 raises it as it is.
    if msg.starts_with("cannot use '") && msg.contains("' as a set element (") {
        if let Some(cause) = e.__cause__() {
            return cause;
        }
    }
    if let Some(typ) = msg
        .strip_prefix("argument of type '")
        .and_then(|r| r.strip_suffix("' is not a container or iterable"))
    {
        return vm.new_type_error(format!("argument of type '{typ}' is not iterable"));
    }
    if let Some(other) = msg.strip_prefix("Cannot add list and ") {
        return vm.new_type_error(format!("can only concatenate list (not \"{other}\") to list"));
    }
    e
}

/// A new exception of `e`'s class with message `msg`.
pub fn reworded(vm: &VirtualMachine, e: &PyBaseExceptionRef, msg: String) -> PyBaseExceptionRef {
    vm.new_exception_msg(e.class().to_owned(), msg.into())
}
