//! `json`'s scanner (RustPython's `_json`, from CPython 3.13) rejects a
//! trailing comma as "Illegal trailing comma before end of array/object",
//! at the comma. CPython 3.11 reports what it expected after the comma
//! ("Expecting value", "Expecting property name enclosed in double
//! quotes"), where it expected it: after the whitespace that follows. The
//! scanner's call slot rewrites that `JSONDecodeError` in place (no frame of
//! a wrapper in its traceback).

use std::sync::OnceLock;

use rustpython_vm::builtins::{PyBaseExceptionRef, PyStr, PyType};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObject, PyResult, VirtualMachine};

type CallSlot = fn(&PyObject, FuncArgs, &VirtualMachine) -> PyResult;

/// The scanner's own call slot, once replaced (once per process).
static ORIGINAL: OnceLock<CallSlot> = OnceLock::new();

pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    if ORIGINAL.get().is_some() {
        return Ok(());
    }
    let scanner = match vm.import("_json", 0).and_then(|m| m.get_attr("make_scanner", vm)) {
        Ok(scanner) => scanner,
        // Another thread's import has put `_json` in `sys.modules` and is
        // still making it: again after the next import.
        Err(_) => {
            super::lazy::register(&[("_json", install)]);
            return Ok(());
        }
    };
    let Some(typ) = scanner.downcast_ref::<PyType>() else { return Ok(()) };
    if let Some(call) = typ.slots.call.load() {
        if ORIGINAL.set(call).is_ok() {
            typ.slots.call.store(Some(scan_311));
            // Calls go through the call slot.
            typ.slots.vectorcall.store(None);
        }
    }
    Ok(())
}

fn scan_311(zelf: &PyObject, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    let doc = args.args.first().cloned();
    let call = ORIGINAL.get().expect("installed with the slot");
    call(zelf, args, vm).map_err(|e| match doc.as_ref().and_then(|d| d.downcast_ref::<PyStr>()) {
        Some(doc) => rewrite(vm, e, doc),
        None => e,
    })
}

/// The 3.11 form of a trailing-comma error; any other error as it is.
fn rewrite(vm: &VirtualMachine, e: PyBaseExceptionRef, doc: &PyStr) -> PyBaseExceptionRef {
    let exc = e.as_object();
    let msg = exc.get_attr("msg", vm).ok();
    let expected = match msg.as_ref().and_then(|m| m.downcast_ref::<PyStr>()).map(|m| m.as_wtf8().to_string()) {
        Some(m) if m == "Illegal trailing comma before end of array" => "Expecting value",
        Some(m) if m == "Illegal trailing comma before end of object" => "Expecting property name enclosed in double quotes",
        _ => return e,
    };
    let Some(comma) = exc.get_attr("pos", vm).ok().and_then(|p| p.try_to_value::<usize>(vm).ok()) else { return e };
    let Some(text) = doc.to_str() else { return e };
    // 3.11 skips the whitespace after the comma, then fails there.
    let chars: Vec<char> = text.chars().collect();
    let mut pos = comma + 1;
    while pos < chars.len() && matches!(chars[pos], ' ' | '\t' | '\n' | '\r') {
        pos += 1;
    }
    let before = &chars[..pos.min(chars.len())];
    let lineno = before.iter().filter(|&&c| c == '\n').count() + 1;
    let colno = match before.iter().rposition(|&c| c == '\n') {
        Some(nl) => pos - nl,
        None => pos + 1,
    };
    let errmsg = format!("{expected}: line {lineno} column {colno} (char {pos})");
    let set = |name: &'static str, value: rustpython_vm::PyObjectRef| exc.set_attr(name, value, vm);
    let done = set("msg", vm.ctx.new_str(expected).into())
        .and_then(|()| set("pos", vm.ctx.new_int(pos).into()))
        .and_then(|()| set("lineno", vm.ctx.new_int(lineno).into()))
        .and_then(|()| set("colno", vm.ctx.new_int(colno).into()))
        .and_then(|()| set("args", vm.ctx.new_tuple(vec![vm.ctx.new_str(errmsg).into()]).into()));
    match done {
        Ok(()) => e,
        Err(other) => other,
    }
}
