//! Module functions that behave differently from CPython 3.11.
//!
//! - `sys.unraisablehook` prints as CPython 3.11's (with the
//!   "Traceback (most recent call last):" header).
//! - `sys.exit()` / `sys.exit(None)` raise `SystemExit()` with no
//!   arguments (RustPython passes `None` along).
//! - `math.cbrt` is the C library's `cbrt`, as in CPython (RustPython's
//!   own differs in the last bit: `cbrt(27)`); `math.log(x, base)` is
//!   `log(x) / log(base)` as a float division, so base 1 raises
//!   "float division by zero"; its argument count is checked as 3.11 does.
//! - the SyntaxWarning for `return` in `finally` (3.14) is filtered out.
//! - codec lookups report the encoding name as given, not normalised
//!   ("unknown encoding: no-such-codec").
//! - `operator.length_hint(obj, default)` takes any int as the default
//!   (RustPython's refuses a negative one; click passes -1).
//! - `time.tzset()` exists (RustPython has none), and `time.timezone`,
//!   `altzone`, `daylight` and `tzname` are computed as CPython computes
//!   them with glibc (RustPython's `altzone` is `timezone - 3600` even
//!   where there is no daylight saving time).

use rustpython_vm::builtins::{PyBaseExceptionRef, PyStr};
use rustpython_vm::function::{FuncArgs, PosArgs};
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use super::{messages, wrap};

extern "C" {
    fn dlopen(filename: *const std::ffi::c_char, flags: std::ffi::c_int) -> *mut std::ffi::c_void;
    fn dlsym(handle: *mut std::ffi::c_void, symbol: *const std::ffi::c_char) -> *mut std::ffi::c_void;
}

/// The C library's `cbrt`, which CPython's `math.cbrt` calls. The binary
/// carries a `cbrt` of its own (Rust's compiler builtins) that rounds
/// differently, so the shared library's is looked up by name.
fn c_cbrt(x: f64) -> f64 {
    type CbrtFn = extern "C" fn(f64) -> f64;
    static CBRT: std::sync::OnceLock<Option<CbrtFn>> = std::sync::OnceLock::new();
    let f = CBRT.get_or_init(|| {
        const RTLD_NOW: std::ffi::c_int = 2;
        // SAFETY: dlopen/dlsym with NUL-terminated names; the symbol, when
        // found, is libm's `double cbrt(double)`.
        unsafe {
            let handle = dlopen(c"libm.so.6".as_ptr(), RTLD_NOW);
            if handle.is_null() {
                return None;
            }
            let sym = dlsym(handle, c"cbrt".as_ptr());
            (!sym.is_null()).then(|| std::mem::transmute::<*mut std::ffi::c_void, CbrtFn>(sym))
        }
    });
    match f {
        Some(f) => f(x),
        None => x.cbrt(),
    }
}

extern "C" {
    #[link_name = "tzset"]
    fn libc_tzset();
}

/// CPython 3.11's default `sys.unraisablehook`
/// (`write_unraisable_exc_file`): "Exception ignored in: <obj>" (or the
/// message), then the traceback under its "Traceback (most recent call
/// last):" header (RustPython's hook leaves the header out), then the
/// exception. RustPython's 3.14 wordings for `__del__` and generator
/// errors become 3.11's "Exception ignored in:".
fn write_unraisable(vm: &VirtualMachine, u: &PyObjectRef) -> PyResult<()> {
    let stderr = vm.sys_module.get_attr("stderr", vm)?;
    if vm.is_none(&stderr) {
        return Ok(());
    }
    let write = |s: &str| vm.call_method(&stderr, "write", (s.to_owned(),)).map(drop);
    let field = |name: &'static str| u.get_attr(name, vm);
    let (exc_type, exc_value, tb, obj) = (field("exc_type")?, field("exc_value")?, field("exc_traceback")?, field("object")?);
    let mut err_msg = field("err_msg")?;
    if let Some(m) = err_msg.downcast_ref::<PyStr>() {
        let m = m.as_wtf8().to_string();
        if m.starts_with("Exception ignored while calling deallocator ") || m.starts_with("Exception ignored while closing generator ") {
            err_msg = vm.ctx.none();
        }
    }
    if !vm.is_none(&obj) {
        if vm.is_none(&err_msg) {
            write("Exception ignored in: ")?;
        } else {
            write(&format!("{}: ", err_msg.str(vm)?.as_wtf8()))?;
        }
        let repr = match obj.repr(vm) {
            Ok(r) => r.as_wtf8().to_string(),
            Err(_) => "<object repr() failed>".to_owned(),
        };
        write(&format!("{repr}\n"))?;
    } else if !vm.is_none(&err_msg) {
        write(&format!("{}:\n", err_msg.str(vm)?.as_wtf8()))?;
    }
    if !vm.is_none(&tb) {
        write("Traceback (most recent call last):\n")?;
        let traceback = vm.import("traceback", 0)?;
        let kwargs: rustpython_vm::function::KwArgs = std::iter::once(("file".to_owned(), stderr.clone())).collect();
        traceback.get_attr("print_tb", vm)?.call(FuncArgs::new(vec![tb], kwargs), vm)?;
    }
    if vm.is_none(&exc_type) {
        return Ok(());
    }
    let qualname = exc_type.get_attr("__qualname__", vm).and_then(|q| q.str(vm)).map(|q| q.as_wtf8().to_string());
    let module = exc_type.get_attr("__module__", vm).ok().and_then(|m| m.downcast_ref::<PyStr>().map(|m| m.as_wtf8().to_string()));
    let mut line = match module.as_deref() {
        Some("builtins") | Some("__main__") => String::new(),
        Some(m) => format!("{m}."),
        None => "<unknown>".to_owned(),
    };
    line.push_str(&qualname.unwrap_or_else(|_| "<unknown>".to_owned()));
    if !vm.is_none(&exc_value) {
        line.push_str(": ");
        match exc_value.str(vm) {
            Ok(s) => line.push_str(&s.as_wtf8().to_string()),
            Err(_) => line.push_str("<exception str() failed>"),
        }
    }
    line.push('\n');
    write(&line)?;
    let _ = vm.call_method(&stderr, "flush", ());
    Ok(())
}

/// CPython's `init_timezone` for glibc: the local offsets and names at
/// 1 January and 1 July of this year; the larger offset is standard time
/// (the southern hemisphere has DST in January).
fn set_timezone(vm: &VirtualMachine, time: &PyObjectRef) -> PyResult<()> {
    const YEAR: i64 = (365 * 24 + 6) * 3600;
    let zone = |t: i64| -> (i64, String) {
        // SAFETY: localtime_r fills the struct we own; tm_zone points to
        // a static string of the C library (or is null).
        unsafe {
            let mut tm: libc::tm = std::mem::zeroed();
            let tt = t as libc::time_t;
            if libc::localtime_r(&tt, &mut tm).is_null() {
                return (0, String::new());
            }
            let name = if tm.tm_zone.is_null() {
                String::new()
            } else {
                std::ffi::CStr::from_ptr(tm.tm_zone).to_string_lossy().chars().take(9).collect()
            };
            (-(tm.tm_gmtoff as i64), name)
        }
    };
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
    let t = now / YEAR * YEAR;
    let (jan, jan_name) = zone(t);
    let (jul, jul_name) = zone(t + YEAR / 2);
    let (std_off, dst_off, std_name, dst_name) =
        if jan < jul { (jul, jan, jul_name, jan_name) } else { (jan, jul, jan_name, jul_name) };
    time.set_attr("timezone", vm.ctx.new_int(std_off), vm)?;
    time.set_attr("altzone", vm.ctx.new_int(dst_off), vm)?;
    time.set_attr("daylight", vm.ctx.new_int(i32::from(jan != jul)), vm)?;
    let names = vm.ctx.new_tuple(vec![vm.ctx.new_str(std_name).into(), vm.ctx.new_str(dst_name).into()]);
    time.set_attr("tzname", names, vm)
}

pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    let sys = vm.sys_module.clone();
    wrap::function(vm, sys.as_object(), "unraisablehook", |vm, args, _, _| {
        let Some(unraisable) = args.args.first() else {
            return Err(vm.new_type_error("unraisablehook() takes exactly one argument (0 given)".to_owned()));
        };
        write_unraisable(vm, unraisable)?;
        Ok(vm.ctx.none())
    })?;
    let hook = sys.as_object().get_attr("unraisablehook", vm)?;
    sys.as_object().set_attr("__unraisablehook__", hook, vm)?;
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

    let time = vm.import("time", 0)?;
    set_timezone(vm, &time)?;
    let tzset = vm.new_function("tzset", |vm: &VirtualMachine| -> PyResult<()> {
        // SAFETY: tzset reads TZ and sets libc's globals; no arguments.
        unsafe { libc_tzset() };
        let time = vm.import("time", 0)?;
        set_timezone(vm, &time)
    });
    time.set_attr("tzset", tzset, vm)?;

    codecs(vm)?;
    finally_warnings(vm)?;
    Ok(())
}

/// `_operator.length_hint` (and `operator`'s copy) with CPython's checks of
/// its default.
pub(super) fn operator(vm: &VirtualMachine) -> PyResult<()> {
    // `operator` copies `_operator`'s functions when it is imported (after
    // `_operator`'s import, so after this fix); it is fixed here too if it
    // was imported already.
    let operator = vm.sys_module.get_attr("modules", vm)?.get_item("operator", vm).ok();
    for m in std::iter::once(vm.import("_operator", 0)?).chain(operator) {
        wrap::function(vm, &m, "length_hint", |vm, args, callee, original| {
            let (obj, default) = match args.args.as_slice() {
                [obj, default] if args.kwargs.is_empty() => (obj.clone(), default.clone()),
                _ => return original(vm, args, callee),
            };
            let Ok(default) = default.try_index(vm) else {
                return original(vm, args, callee);
            };
            // CPython's default is a Py_ssize_t.
            let Ok(default) = i64::try_from(default.as_bigint()) else {
                return Err(vm.new_overflow_error("Python int too large to convert to C ssize_t"));
            };
            match vm.length_hint_opt(obj)? {
                Some(n) => Ok(vm.ctx.new_int(n).into()),
                None => Ok(vm.ctx.new_int(default).into()),
            }
        })?;
    }
    Ok(())
}

/// `math.cbrt` with C's `cbrt`, `math.log(x, base)` as CPython computes it.
pub(super) fn math(vm: &VirtualMachine) -> PyResult<()> {
    let math = vm.import("math", 0)?;
    wrap::function(vm, &math, "cbrt", |vm, args, callee, original| {
        let x = match args.args.as_slice() {
            [x] if args.kwargs.is_empty() => x.clone(),
            _ => return original(vm, args, callee),
        };
        // The same conversion as every math function (`__float__`, ints).
        let value = x.try_float(vm)?.to_f64();
        Ok(vm.ctx.new_float(c_cbrt(value)).into())
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
    Ok(())
}

/// 3.14's compiler warns about `return`/`break`/`continue` in a `finally`
/// block (PEP 765); 3.11 never does. Three filters at the end of the
/// warnings filter list (the lowest priority, so a user's filters still
/// come first) ignore exactly those SyntaxWarnings; a `str` message in a
/// filter matches by equality.
fn finally_warnings(vm: &VirtualMachine) -> PyResult<()> {
    let warnings = vm.import("_warnings", 0)?;
    let filters = warnings.get_attr("filters", vm)?;
    let category: PyObjectRef = vm.ctx.exceptions.syntax_warning.to_owned().into();
    for keyword in ["return", "break", "continue"] {
        let filter = vm.ctx.new_tuple(vec![
            vm.ctx.new_str("ignore").into(),
            vm.ctx.new_str(format!("'{keyword}' in a 'finally' block")).into(),
            category.clone(),
            vm.ctx.none(),
            vm.ctx.new_int(0).into(),
        ]);
        vm.call_method(&filters, "append", (filter,))?;
    }
    vm.call_method(&warnings, "_filters_mutated_lock_held", ())?;
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
