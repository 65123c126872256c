//! Module functions that behave differently from CPython 3.11.
//!
//! - `sys.exit()` / `sys.exit(None)` raise `SystemExit()` with no
//!   arguments (RustPython passes `None` along).
//! - `math.cbrt` is the C library's `cbrt`, as in CPython (RustPython's
//!   own differs in the last bit, `cbrt(27)`); `math.log(x, base)` is
//!   `log(x) / log(base)` as a float division, so base 1 raises
//!   "float division by zero"; its argument count is checked as 3.11 does.
//! - codec lookups report the encoding name as given, not normalised
//!   ("unknown encoding: no-such-codec").

use rustpython_vm::builtins::{PyBaseExceptionRef, PyStr};
use rustpython_vm::function::{FuncArgs, PosArgs};
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use super::{messages, wrap};

extern "C" {
    /// The C library's cube root, which CPython's `math.cbrt` calls.
    fn cbrt(x: f64) -> f64;
}

pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    let sys = vm.sys_module.clone();
    wrap::function(vm, sys.as_object(), "exit", |vm, args, callee, original| {
        let no_status = args.kwargs.is_empty() && args.args.first().is_none_or(|s| vm.is_none(s)) && args.args.len() <= 1;
        original(vm, args, callee).map_err(|e| {
            if no_status && e.class().is(vm.ctx.exceptions.system_exit) {
                vm.new_exception(vm.ctx.exceptions.system_exit.to_owned(), vec![])
            } else {
                e
            }
        })
    })?;

    let math = vm.import("math", 0)?;
    wrap::function(vm, &math, "cbrt", |vm, args, callee, original| {
        let x = match args.args.as_slice() {
            [x] if args.kwargs.is_empty() => x.clone(),
            _ => return original(vm, args, callee),
        };
        // The same conversion as every math function (`__float__`, ints).
        let value = x.try_float(vm)?.to_f64();
        // SAFETY: `cbrt` is a pure function of the C math library.
        Ok(vm.ctx.new_float(unsafe { cbrt(value) }).into())
    })?;
    wrap::function(vm, &math, "log", |vm, args, callee, original| {
        if !args.kwargs.is_empty() {
            return original(vm, args, callee);
        }
        match args.args.len() {
            1 => original(vm, args, callee),
            2 => {
                let mut it = args.args.into_iter();
                let (x, base) = (it.next().expect("two"), it.next().expect("two"));
                let num = original(vm, FuncArgs::from(PosArgs::new(vec![x])), callee)?;
                let den = original(vm, FuncArgs::from(PosArgs::new(vec![base])), callee)?;
                vm._truediv(&num, &den)
            }
            _ => Err(vm.new_type_error("math.log requires 1 to 2 arguments")),
        }
    })?;

    codecs(vm)?;
    Ok(())
}

/// `_codecs.lookup/encode/decode` (also bound in `codecs`) report the
/// encoding as given.
fn codecs(vm: &VirtualMachine) -> PyResult<()> {
    let raw = vm.import("_codecs", 0)?;
    wrap::function(vm, &raw, "lookup", |vm, args, callee, original| {
        let encoding = args.args.first().cloned();
        original(vm, args, callee).map_err(|e| unknown_encoding(vm, e, encoding.as_ref()))
    })?;
    for name in ["encode", "decode"] {
        wrap::function(vm, &raw, name, |vm, args, callee, original| {
            let encoding = args.args.get(1).or_else(|| args.kwargs.get("encoding")).cloned();
            original(vm, args, callee).map_err(|e| unknown_encoding(vm, e, encoding.as_ref()))
        })?;
    }
    if let Ok(codecs) = vm.import("codecs", 0) {
        for name in ["lookup", "encode", "decode"] {
            codecs.set_attr(name, raw.get_attr(name, vm)?, vm)?;
        }
    }
    Ok(())
}

/// RustPython's "unknown encoding: no_such_codec" with the name as the
/// caller wrote it (`encoding`, when it is a str).
pub fn unknown_encoding(vm: &VirtualMachine, e: PyBaseExceptionRef, encoding: Option<&PyObjectRef>) -> PyBaseExceptionRef {
    let Some(given) = encoding.and_then(|s| s.downcast_ref::<PyStr>()) else { return e };
    if !e.class().is(vm.ctx.exceptions.lookup_error) {
        return e;
    }
    match messages::exception_message(&e) {
        Some(msg) if msg.starts_with("unknown encoding: ") => {
            vm.new_lookup_error(format!("unknown encoding: {}", given.as_wtf8()))
        }
        _ => e,
    }
}
