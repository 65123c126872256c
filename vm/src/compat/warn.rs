//! `warnings.warn` attributing the warning to the caller's frame.
//!
//! RustPython's `_warnings.warn` looks for the caller among RustPython's
//! own frames, which hipy's loop does not create, and so reports
//! `<sys>:0`. This `warn` finds the frame through `sys._getframe` (hipy's)
//! the way CPython 3.11's does (skipping importlib's bootstrap frames
//! when `stacklevel` > 1) and passes the context to `warn_explicit`.
//! Warnings RustPython raises from Rust code are not affected.
//!
//! A DeprecationWarning (or pending one) that the stdlib raises keeps
//! RustPython's handling, which the default filters hide: RustPython's
//! stdlib is 3.14's, whose deprecations (`asyncio.iscoroutinefunction`,
//! `datetime.utcnow`...) 3.11 never reports. Deprecated modules' warnings
//! at import (`sre_compile`, `sre_constants`, `sre_parse`), which 3.11
//! raises too, are attributed as CPython does.

use rustpython_vm::builtins::{PyDict, PyStr, PyType};
use rustpython_vm::function::{FuncArgs, KwArgs};
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use super::wrap;

pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    let raw = vm.import("_warnings", 0)?;
    // Held, not imported at each call: a warning raised while the
    // interpreter shuts down (a ResourceWarning from a `__del__`) finds
    // `_warnings` gone from sys.modules.
    let warn_explicit = raw.get_attr("warn_explicit", vm)?;
    wrap::function(vm, &raw, "warn", move |vm, args, callee, original| {
        if is_stdlib_deprecation(vm, &args) {
            return original(vm, args, callee);
        }
        warn(vm, args, &warn_explicit)
    })?;
    if let Ok(warnings) = vm.sys_module.get_attr("modules", vm)?.get_item("warnings", vm) {
        warnings.set_attr("warn", raw.get_attr("warn", vm)?, vm)?;
    }
    Ok(())
}

/// `warn(message, category=None, stacklevel=1, source=None)`.
fn warn(vm: &VirtualMachine, args: FuncArgs, warn_explicit: &PyObjectRef) -> PyResult {
    let arg = |pos: usize, name: &str| args.args.get(pos).or_else(|| args.kwargs.get(name)).cloned();
    let Some(message) = arg(0, "message") else {
        return Err(vm.new_type_error("warn() missing required argument 'message' (pos 1)"));
    };
    let warning = vm.ctx.exceptions.warning;
    let category = match arg(1, "category") {
        _ if message.fast_isinstance(warning) => message.class().to_owned().into(),
        Some(c) if !vm.is_none(&c) => c,
        _ => vm.ctx.exceptions.user_warning.to_owned().into(),
    };
    let is_warning_class = category.downcast_ref::<PyType>().is_some_and(|t| t.fast_issubclass(warning));
    if !is_warning_class {
        return Err(vm.new_type_error(format!(
            "category must be a Warning subclass, not '{}'",
            category.class().name()
        )));
    }
    let stacklevel: isize = match arg(2, "stacklevel") {
        Some(level) => level.try_to_value(vm)?,
        None => 1,
    };
    let source = arg(3, "source").unwrap_or_else(|| vm.ctx.none());

    let (globals, filename, lineno) = match caller_frame(vm, stacklevel)? {
        Some(frame) => (
            frame.get_attr("f_globals", vm)?,
            frame.get_attr("f_code", vm)?.get_attr("co_filename", vm)?,
            frame.get_attr("f_lineno", vm)?,
        ),
        None => (vm.sys_module.dict().into(), vm.ctx.new_str("sys").into(), vm.ctx.new_int(1).into()),
    };
    let globals_dict = globals.downcast_ref::<PyDict>();
    let module: PyObjectRef = match globals_dict.map(|g| g.get_item_opt("__name__", vm)).transpose()?.flatten() {
        Some(name) => name,
        None => vm.ctx.new_str("<string>").into(),
    };
    let registry = match globals_dict {
        Some(g) => match g.get_item_opt("__warningregistry__", vm)? {
            Some(r) => r,
            None => {
                let r: PyObjectRef = vm.ctx.new_dict().into();
                g.set_item("__warningregistry__", r.clone(), vm)?;
                r
            }
        },
        None => vm.ctx.none(),
    };
    let kwargs = KwArgs::from_iter([("source".to_owned(), source)]);
    let positional = vec![message, category, filename, lineno, module, registry, vm.ctx.none()];
    warn_explicit.call(FuncArgs::new(positional, kwargs), vm)
}

/// A Deprecation/PendingDeprecation warning raised by stdlib code: the
/// caller's file is a frozen module (named without a path) or in the
/// standard library's directory (`sys._stdlib_dir`).
fn is_stdlib_deprecation(vm: &VirtualMachine, args: &FuncArgs) -> bool {
    let exc = &vm.ctx.exceptions;
    let category = args.args.get(1).or_else(|| args.kwargs.get("category"));
    let message_class = args.args.first().map(|m| m.class().to_owned());
    let is_deprecation = |c: &PyObjectRef| {
        c.downcast_ref::<PyType>()
            .is_some_and(|t| t.fast_issubclass(exc.deprecation_warning) || t.fast_issubclass(exc.pending_deprecation_warning))
    };
    let deprecation = match (message_class, category) {
        (Some(m), _) if m.fast_issubclass(exc.warning) => is_deprecation(&m.into()),
        (_, Some(c)) => is_deprecation(c),
        _ => false,
    };
    if !deprecation || is_module_deprecation(args) {
        return false;
    }
    let Ok(frame) = vm.sys_module.get_attr("_getframe", vm).and_then(|f| f.call((0,), vm)) else { return false };
    let filename = frame
        .get_attr("f_code", vm)
        .and_then(|c| c.get_attr("co_filename", vm))
        .ok()
        .and_then(|f| f.downcast_ref::<PyStr>().map(|s| s.as_wtf8().to_string()));
    let stdlib = vm.state.config.paths.stdlib_dir.as_deref().map(|d| format!("{d}/"));
    filename.is_some_and(|f| (!f.contains('/') && !f.starts_with('<')) || stdlib.is_some_and(|d| f.starts_with(&d)))
}

/// A deprecated module's warning at its import (`module 'sre_parse' is
/// deprecated`): 3.11 raises these too, attributed to the importer.
fn is_module_deprecation(args: &FuncArgs) -> bool {
    let message = args.args.first().or_else(|| args.kwargs.get("message"));
    message.and_then(|m| m.downcast_ref::<PyStr>()).is_some_and(|m| {
        let m = m.as_wtf8().to_string();
        m.starts_with("module '") && m.ends_with("' is deprecated")
    })
}

/// importlib's bootstrap frames, which a positive stacklevel skips.
fn is_internal(vm: &VirtualMachine, frame: &PyObjectRef) -> bool {
    let filename = frame
        .get_attr("f_code", vm)
        .and_then(|c| c.get_attr("co_filename", vm))
        .ok()
        .and_then(|f| f.downcast_ref::<PyStr>().map(|s| s.as_wtf8().to_string()));
    filename.is_some_and(|f| f.contains("importlib") && f.contains("_bootstrap"))
}

fn back(vm: &VirtualMachine, frame: &PyObjectRef) -> PyResult<Option<PyObjectRef>> {
    let b = frame.get_attr("f_back", vm)?;
    Ok((!vm.is_none(&b)).then_some(b))
}

/// The frame `stacklevel` levels up from `warn`'s caller (1 = the caller).
fn caller_frame(vm: &VirtualMachine, stacklevel: isize) -> PyResult<Option<PyObjectRef>> {
    let getframe = vm.sys_module.get_attr("_getframe", vm)?;
    let Ok(mut frame) = getframe.call((0,), vm) else { return Ok(None) };
    let plain = stacklevel <= 0 || is_internal(vm, &frame);
    let mut level = stacklevel;
    while level > 1 {
        level -= 1;
        let Some(mut next) = back(vm, &frame)? else { return Ok(None) };
        if !plain {
            while is_internal(vm, &next) {
                match back(vm, &next)? {
                    Some(n) => next = n,
                    None => return Ok(None),
                }
            }
        }
        frame = next;
    }
    Ok(Some(frame))
}
