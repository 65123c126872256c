//! Function objects: MAKE_FUNCTION / SET_FUNCTION_ATTRIBUTE, and the hook that
//! makes every call of a Python function run in hipy's loop.
//!
//! Functions are real RustPython `function` objects (so `types.FunctionType`,
//! `inspect` and decorators keep working), built directly by the patched
//! crate's `PyFunction::new_ref_made` (what CPython's MAKE_FUNCTION does; no
//! argument parsing). Since the closure is given at construction,
//! MAKE_FUNCTION looks ahead at the SET_FUNCTION_ATTRIBUTE instructions that
//! follow it and takes their values from the stack at once.

use rustpython_vm::builtins::{PyCode, PyDict, PyFunction, PyTuple, PyTypeRef};
use rustpython_vm::bytecode::Instruction;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine};

use crate::call::{self, Kwargs};
use crate::eval::{self, Resume};
use crate::frame::Frame;
use crate::generator;

const DEFAULTS: u32 = 0x01;
const KWDEFAULTS: u32 = 0x02;
const ANNOTATIONS: u32 = 0x04;
const CLOSURE: u32 = 0x08;
const ANNOTATE: u32 = 0x10;
const TYPE_PARAMS: u32 = 0x20;

pub fn make_function(vm: &VirtualMachine, f: &mut Frame) -> PyResult<()> {
    let code = f.pop();
    if code.downcast_ref::<PyCode>().is_none() {
        return Err(vm.new_system_error("MAKE_FUNCTION without a code object"));
    }
    // The attribute values sit below the code object, in the order the
    // following SET_FUNCTION_ATTRIBUTE instructions consume them.
    let mut attrs: Vec<(u32, PyObjectRef)> = Vec::new();
    let mut pc = f.pc as usize;
    let code_info = f.code.clone();
    while let Some(op) = code_info.ops.get(pc) {
        if !matches!(op.kind, Instruction::SetFunctionAttribute { .. }) {
            break;
        }
        attrs.push((op.arg, f.pop()));
        pc += 1 + op.ncache as usize;
    }
    f.pc = pc as u32;
    let get = |flag: u32| attrs.iter().find(|(k, _)| *k == flag).map(|(_, v)| v.clone());
    let builtins = || Some(f.builtins.to_ref().into());
    let func = new_function(vm, code, f.globals.clone().into(), get(DEFAULTS), get(CLOSURE), get(KWDEFAULTS), builtins)?;
    if let Some(v) = get(ANNOTATIONS) {
        func.set_attr("__annotations__", v, vm)?;
    }
    if let Some(v) = get(ANNOTATE) {
        func.set_attr("__annotate__", v, vm)?;
    }
    if let Some(v) = get(TYPE_PARAMS) {
        func.set_attr("__type_params__", v, vm)?;
    }
    f.push(func);
    Ok(())
}

/// The attributes MAKE_FUNCTION takes from the SET_FUNCTION_ATTRIBUTE
/// instructions that follow it and gives to the function's constructor
/// (`new_function`); the others are set afterwards.
pub const CONSTRUCTOR_ATTRIBUTES: u32 = DEFAULTS | KWDEFAULTS | CLOSURE;
pub const ATTRIBUTE_DEFAULTS: u32 = DEFAULTS;
pub const ATTRIBUTE_KWDEFAULTS: u32 = KWDEFAULTS;
pub const ATTRIBUTE_CLOSURE: u32 = CLOSURE;

/// A function of `code` in `globals`, as MAKE_FUNCTION makes it.
/// `frame_builtins` gives the making frame's builtins, used when `globals`
/// has no `__builtins__` (CPython's `_PyEval_BuiltinsFromGlobals`).
pub fn new_function(
    vm: &VirtualMachine,
    code: PyObjectRef,
    globals: PyObjectRef,
    defaults: Option<PyObjectRef>,
    closure: Option<PyObjectRef>,
    kwdefaults: Option<PyObjectRef>,
    frame_builtins: impl FnOnce() -> Option<PyObjectRef>,
) -> PyResult {
    fn typed<T: PyPayload>(vm: &VirtualMachine, v: Option<PyObjectRef>, what: &str) -> PyResult<Option<PyRef<T>>> {
        v.map(|v| v.downcast::<T>().map_err(|v| vm.new_type_error(format!("{what}, not {}", v.class().name()))))
            .transpose()
    }
    let code = typed::<PyCode>(vm, Some(code), "MAKE_FUNCTION needs a code object")?.expect("given");
    let globals = typed::<PyDict>(vm, Some(globals), "function globals must be a dict")?.expect("given");
    let defaults = typed::<PyTuple>(vm, defaults, "__defaults__ must be set to a tuple object")?;
    let kwdefaults = typed::<PyDict>(vm, kwdefaults, "__kwdefaults__ must be set to a dict object")?;
    let closure = typed::<PyTuple>(vm, closure, "closure must be a tuple")?;
    let func = PyFunction::new_ref_made(code, globals, frame_builtins, defaults, kwdefaults, closure, vm)?;
    Ok(func.into())
}

type NewFn = fn(PyTypeRef, FuncArgs, &VirtualMachine) -> PyResult;
static FUNCTION_NEW: std::sync::OnceLock<NewFn> = std::sync::OnceLock::new();

/// `FunctionType(code, globals, ...)`. A function whose globals have no
/// `__builtins__` takes the builtins of the frame that makes it, as in
/// CPython (`_PyEval_BuiltinsFromGlobals`). RustPython's constructor looks
/// for that frame among its own frames, which do not include hipy's, so
/// builtins other than the default reach it through the globals for the
/// length of the call.
fn function_new(cls: PyTypeRef, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    let original = *FUNCTION_NEW.get().expect("function __new__ saved at install");
    let Some(globals) = args.args.get(1).and_then(|g| g.downcast_ref::<PyDict>()).map(|g| g.to_owned()) else {
        return original(cls, args, vm);
    };
    let key = vm.ctx.names.__builtins__;
    if globals.get_item_opt(key, vm)?.is_some() {
        return original(cls, args, vm);
    }
    match crate::runtime::current_frame(|f| f.map(|f| f.builtins.to_ref())) {
        Some(builtins) if !builtins.is(&vm.builtins.dict()) => {
            globals.set_item(key, builtins.into(), vm)?;
            let made = original(cls, args, vm);
            globals.del_item(key, vm)?;
            made
        }
        _ => original(cls, args, vm),
    }
}

/// Route `FunctionType(...)` through `function_new`.
pub fn install(vm: &VirtualMachine) {
    let slots = &vm.ctx.types.function_type.slots;
    if let Some(new) = slots.new.load() {
        FUNCTION_NEW.get_or_init(|| new);
        slots.new.store(Some(function_new));
    }
}

/// A SET_FUNCTION_ATTRIBUTE that MAKE_FUNCTION did not absorb (not emitted by
/// the compiler today, but handled rather than rejected).
pub fn set_function_attribute(vm: &VirtualMachine, f: &mut Frame, flag: u32) -> PyResult<()> {
    let func = f.pop();
    let value = f.pop();
    let name = match flag {
        DEFAULTS => "__defaults__",
        KWDEFAULTS => "__kwdefaults__",
        ANNOTATIONS => "__annotations__",
        ANNOTATE => "__annotate__",
        TYPE_PARAMS => "__type_params__",
        _ => {
            return Err(vm.new_system_error(format!(
                "hipy: SET_FUNCTION_ATTRIBUTE {flag:#x} after MAKE_FUNCTION is not supported"
            )))
        }
    };
    func.set_attr(name, value, vm)?;
    f.push(func);
    Ok(())
}

fn kwargs_from(vm: &VirtualMachine, args: &mut FuncArgs) -> Kwargs {
    // Most calls from native code (a sort key, `map`, a callback) pass
    // none: no map to take apart.
    if args.kwargs.is_empty() {
        return Vec::new();
    }
    std::mem::take(&mut args.kwargs)
        .into_iter()
        .map(|(k, v)| (vm.ctx.new_str(k), v))
        .collect()
}

/// Run a Python function to completion in a nested eval loop (or make its
/// generator).
pub fn run_function(vm: &VirtualMachine, func_obj: &PyObject, mut args: FuncArgs) -> PyResult {
    let owned = func_obj.to_owned();
    let Some(func) = owned.downcast_ref::<PyFunction>() else {
        return Err(vm.new_type_error("expected a function"));
    };
    let kwargs = kwargs_from(vm, &mut args);
    let frame = call::frame_for_call(vm, &owned, func, args.args, kwargs)?;
    run_frame(vm, frame)
}

/// Run a fresh frame: generators are wrapped, others run to completion.
pub fn run_frame(vm: &VirtualMachine, frame: Box<Frame>) -> PyResult {
    if frame.code.is_generator_like() {
        return Ok(generator::new_generator(vm, frame));
    }
    let (result, frame) = eval::run(vm, frame, Resume::Start);
    frame.recycle(vm);
    eval::returned(vm, result)
}

/// `function.__call__` slot, installed in place of RustPython's.
pub fn function_call_slot(zelf: &PyObject, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    run_function(vm, zelf, args)
}

/// `function` vectorcall slot, installed in place of RustPython's.
pub fn function_vectorcall_slot(
    zelf: &PyObject,
    args: Vec<PyObjectRef>,
    nargs: usize,
    kwnames: Option<&[PyObjectRef]>,
    vm: &VirtualMachine,
) -> PyResult {
    let owned = zelf.to_owned();
    let Some(func) = owned.downcast_ref::<PyFunction>() else {
        return Err(vm.new_type_error("expected a function"));
    };
    let mut args = args;
    let kwargs: Kwargs = match kwnames {
        Some(names) if !names.is_empty() => {
            let values = args.split_off(nargs);
            names
                .iter()
                .zip(values)
                .map(|(n, v)| {
                    (
                        n.clone().downcast().unwrap_or_else(|_| vm.ctx.new_str("?")),
                        v,
                    )
                })
                .collect()
        }
        _ => {
            args.truncate(nargs);
            Vec::new()
        }
    };
    let frame = call::frame_for_call(vm, &owned, func, args, kwargs)?;
    run_frame(vm, frame)
}

