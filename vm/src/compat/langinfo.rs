//! `_locale.nl_langinfo`, which RustPython 0.6 lacks (its constants are
//! there). Keys are checked against the constants `_locale` exports, as
//! CPython checks them against its table ("unsupported langinfo constant").

use std::sync::OnceLock;

use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

/// The `_locale` constants CPython accepts as `nl_langinfo` keys.
const NAMES: &[&str] = &[
    "CODESET", "D_T_FMT", "D_FMT", "T_FMT", "T_FMT_AMPM", "AM_STR", "PM_STR", "DAY_1", "DAY_2", "DAY_3", "DAY_4",
    "DAY_5", "DAY_6", "DAY_7", "ABDAY_1", "ABDAY_2", "ABDAY_3", "ABDAY_4", "ABDAY_5", "ABDAY_6", "ABDAY_7", "MON_1",
    "MON_2", "MON_3", "MON_4", "MON_5", "MON_6", "MON_7", "MON_8", "MON_9", "MON_10", "MON_11", "MON_12", "ABMON_1",
    "ABMON_2", "ABMON_3", "ABMON_4", "ABMON_5", "ABMON_6", "ABMON_7", "ABMON_8", "ABMON_9", "ABMON_10", "ABMON_11",
    "ABMON_12", "RADIXCHAR", "THOUSEP", "YESEXPR", "NOEXPR", "CRNCYSTR", "ERA", "ERA_D_FMT", "ERA_D_T_FMT",
    "ERA_T_FMT", "ALT_DIGITS",
];

static KEYS: OnceLock<Vec<i32>> = OnceLock::new();

pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    let module = vm.import("_locale", 0)?;
    if module.get_attr("nl_langinfo", vm).is_ok() {
        return Ok(());
    }
    let keys = NAMES
        .iter()
        .filter_map(|n| module.get_attr(*n, vm).ok()?.try_to_value::<i32>(vm).ok())
        .collect();
    let _ = KEYS.set(keys);
    module.set_attr("nl_langinfo", vm.new_function("nl_langinfo", nl_langinfo), vm)
}

fn nl_langinfo(key: i32, vm: &VirtualMachine) -> PyResult<PyObjectRef> {
    if !KEYS.get().is_some_and(|k| k.contains(&key)) {
        return Err(vm.new_value_error("unsupported langinfo constant"));
    }
    // SAFETY: nl_langinfo returns a NUL-terminated string (or NULL), copied
    // at once.
    let bytes = unsafe {
        let p = libc::nl_langinfo(key as libc::nl_item);
        if p.is_null() { Vec::new() } else { std::ffi::CStr::from_ptr(p).to_bytes().to_vec() }
    };
    match String::from_utf8(bytes) {
        Ok(s) => Ok(vm.ctx.new_str(s).into()),
        // CPython decodes with the locale's codec and surrogateescape.
        Err(e) => {
            let encoding = vm.import("_locale", 0)?.get_attr("getencoding", vm)?.call((), vm)?;
            let raw = vm.ctx.new_bytes(e.into_bytes());
            vm.call_method(raw.as_object(), "decode", (encoding, "surrogateescape"))
        }
    }
}
