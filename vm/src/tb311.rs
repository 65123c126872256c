//! Tracebacks exactly as CPython 3.11 prints them, for both engines.
//!
//! RustPython's `traceback` module and excepthook follow CPython 3.14. hipy
//! replaces them with its own Python implementation of 3.11's rules, in
//! `vm/src/tb311/`:
//! - `traceback.py` becomes the `traceback` module (3.11's traceback.py
//!   rules: `print_exc`, `format_exception`, `TracebackException`, ...);
//! - `display.py` is the uncaught-exception display (3.11's C rules, which
//!   differ in details), with `suggest.py` ("Did you mean") and `text.py`
//!   (source lines, positions and caret anchors, shared by both).
//!
//! They are compiled when hipy is built (`py_compile!`), as RustPython's
//! frozen standard library is; compiling them at run time took about 20 ms
//! (in every program whose imports touch `traceback`). Running them still
//! costs, so start-up only puts a placeholder `traceback` module into
//! `sys.modules`. Its first attribute
//! lookup (`__getattr__`, also `dir()`) runs `traceback.py` in the
//! placeholder's own dict, so the module object never changes. The built-in
//! `sys.excepthook` calls `traceback._print_exception_bltin(exc)`, which the
//! placeholder holds from the start and which loads only the display.

use rustpython_vm::builtins::{PyCode, PyDictRef};
use rustpython_vm::frozen::FrozenCodeObject;
use rustpython_vm::scope::Scope;
use rustpython_vm::{py_compile, PyObjectRef, PyResult, VirtualMachine};

use crate::placeholder;

/// The compiled code of one of `tb311/*.py` (its `co_filename` is
/// `<hipy tb311/FILE>`).
type Code = FrozenCodeObject<&'static [u8]>;

// `py_compile!` reads the files itself, which cargo does not see; these
// make cargo rebuild this crate (and so recompile them) when one changes.
const _: [&str; 4] = [
    include_str!("tb311/text.py"),
    include_str!("tb311/suggest.py"),
    include_str!("tb311/display.py"),
    include_str!("tb311/traceback.py"),
];

/// A helper module: its name in `sys.modules` and its code.
struct Part {
    name: &'static str,
    code: fn() -> Code,
}

const TEXT: Part = Part {
    name: "_hipy_tb311_text",
    code: || py_compile!(file = "tb311/text.py", module_name = "<hipy tb311/text.py>"),
};
const SUGGEST: Part = Part {
    name: "_hipy_tb311_suggest",
    code: || py_compile!(file = "tb311/suggest.py", module_name = "<hipy tb311/suggest.py>"),
};
const DISPLAY: Part = Part {
    name: "_hipy_tb311_display",
    code: || py_compile!(file = "tb311/display.py", module_name = "<hipy tb311/display.py>"),
};
/// What the display needs, in dependency order.
const DISPLAY_PARTS: [&Part; 3] = [&TEXT, &SUGGEST, &DISPLAY];

fn traceback_code() -> Code {
    py_compile!(file = "tb311/traceback.py", module_name = "<hipy tb311/traceback.py>")
}
const TRACEBACK_DOC: &str = "Extract, format and print information about Python stack traces.";

/// Put the placeholder `traceback` module into `sys.modules`. Call once at
/// start-up, before user code runs, with either engine.
pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    let dict = placeholder::install(
        vm,
        "traceback",
        Some(TRACEBACK_DOC),
        load_traceback,
        describe_traceback,
    )?;
    dict.set_item(
        "_print_exception_bltin",
        vm.new_function("_print_exception_bltin", print_exception_bltin).into(),
        vm,
    )?;
    // CPython's sys.__excepthook__ is the very object sys.excepthook starts
    // as; RustPython has two copies of the function.
    let hook = vm.sys_module.get_attr("excepthook", vm)?;
    vm.sys_module.set_attr("__excepthook__", hook, vm)
}

/// What the built-in `sys.excepthook` calls: print `exc` as 3.11's C
/// display does.
fn print_exception_bltin(exc: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
    let mut display = None;
    for part in DISPLAY_PARTS {
        display = Some(load_part(part, vm)?);
    }
    let display = display.expect("DISPLAY_PARTS is not empty");
    display.get_attr("display", vm)?.call((exc,), vm)?;
    Ok(())
}

/// The module attributes a module made by `ModuleType` has (None), which
/// `traceback` keeps: it is not imported from a file.
fn describe_traceback(module: &PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
    let dict = module.dict().ok_or_else(|| vm.new_type_error("module has no __dict__"))?;
    for key in ["__spec__", "__loader__", "__package__"] {
        dict.set_item(key, vm.ctx.none(), vm)?;
    }
    Ok(())
}

/// Run `traceback.py` in the placeholder's dict.
fn load_traceback(module: &PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
    describe_traceback(module, vm)?;
    let dict = module.dict().ok_or_else(|| vm.new_type_error("module has no __dict__"))?;
    load_part(&TEXT, vm)?;
    run_frozen(vm, traceback_code(), dict)
}

/// The helper module `part`, from `sys.modules` or freshly run.
fn load_part(part: &Part, vm: &VirtualMachine) -> PyResult {
    let modules = vm.sys_module.get_attr("modules", vm)?;
    if let Ok(existing) = modules.get_item(part.name, vm) {
        return Ok(existing);
    }
    let dict = vm.ctx.new_dict();
    let module: PyObjectRef = vm.new_module(part.name, dict.clone(), None).into();
    modules.set_item(part.name, module.clone(), vm)?;
    if let Err(err) = run_frozen(vm, (part.code)(), dict) {
        let _ = modules.del_item(part.name, vm);
        return Err(err);
    }
    Ok(module)
}

fn run_frozen(vm: &VirtualMachine, code: Code, globals: PyDictRef) -> PyResult<()> {
    let code = PyCode::new_ref_from_frozen(vm, code);
    vm.run_code_obj(code, Scope::with_builtins(None, globals, vm))?;
    Ok(())
}
