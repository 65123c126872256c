//! Traceback entries for exceptions that pass through hipy frames.
//!
//! A `traceback` object needs a real RustPython frame object, whose
//! constructor is crate-private. We obtain one through the public API: a copy
//! of the code object flagged as a generator, called via `PyFunction::invoke`
//! (RustPython's own call path, not hipy's hook), yields a generator whose
//! `gi_frame` is a real, never-started frame with the right code (file, name,
//! line table, positions) and globals. `traceback.print_exc()` and the
//! excepthook then render it like any other frame.

use rustpython_vm::builtins::{PyBaseExceptionRef, PyFunction, PyTraceback};
use rustpython_vm::frame::FrameObject;
use rustpython_vm::function::{FuncArgs, KwArgs};
use rustpython_vm::{AsObject, PyObjectRef, PyPayload, PyResult, VirtualMachine};

use crate::code::CodeInfo;
use crate::frame::Frame;

/// CO_VARARGS | CO_VARKEYWORDS | CO_COROUTINE | CO_ITERABLE_COROUTINE | CO_ASYNC_GENERATOR
const STRIP_FLAGS: u32 = 0x04 | 0x08 | 0x80 | 0x100 | 0x200;
const GENERATOR: u32 = 0x20;

fn frame_code(vm: &VirtualMachine, info: &CodeInfo) -> PyResult<PyObjectRef> {
    if let Some(c) = info.frame_code.borrow().as_ref() {
        return Ok(c.clone());
    }
    let code: PyObjectRef = info.code.clone().into();
    let flags = (info.flags.bits() | GENERATOR) & !STRIP_FLAGS;
    let kwargs = KwArgs::from_iter([
        ("co_flags".to_owned(), vm.ctx.new_int(flags).into()),
        ("co_argcount".to_owned(), vm.ctx.new_int(0).into()),
        ("co_posonlyargcount".to_owned(), vm.ctx.new_int(0).into()),
        ("co_kwonlyargcount".to_owned(), vm.ctx.new_int(0).into()),
    ]);
    let replaced = code
        .get_attr("replace", vm)?
        .call(FuncArgs::new(Vec::new(), kwargs), vm)?;
    *info.frame_code.borrow_mut() = Some(replaced.clone());
    Ok(replaced)
}

/// A real frame object standing for `f` in a traceback.
fn frame_object(vm: &VirtualMachine, f: &Frame) -> PyResult<rustpython_vm::PyRef<FrameObject>> {
    let code = frame_code(vm, &f.code)?;
    let nfree = f.code.code.code.freevars.len();
    let closure: PyObjectRef = if nfree == 0 {
        vm.ctx.none()
    } else {
        let cells: PyResult<Vec<PyObjectRef>> =
            (0..nfree).map(|_| crate::layout::new_cell(None, vm)).collect();
        vm.ctx.new_tuple(cells?).into()
    };
    let func = vm.ctx.types.function_type.as_object().call(
        (code, f.globals.clone(), vm.ctx.new_str(f.code.name()), vm.ctx.none(), closure),
        vm,
    )?;
    let func = func
        .downcast::<PyFunction>()
        .map_err(|_| vm.new_system_error("hipy: FunctionType did not make a function"))?;
    // RustPython's own call path: builds its generator without running it.
    let gen = func.invoke(FuncArgs::default(), vm)?;
    let frame = gen.get_attr("gi_frame", vm)?;
    let frame = frame
        .downcast::<FrameObject>()
        .map_err(|_| vm.new_system_error("hipy: gi_frame is not a frame"))?;
    copy_fast_locals(vm, f, &frame)?;
    Ok(frame)
}

/// Give the never-started frame the values of `f`'s fast locals, as they are
/// when the exception passes through, so that `tb_frame.f_locals` (and
/// `traceback`'s `capture_locals`) shows them. Writes go through the frame's
/// write-through locals proxy (RustPython's PEP 667 `f_locals`). Module and
/// class bodies keep a namespace mapping of their own instead (not copied).
fn copy_fast_locals(vm: &VirtualMachine, f: &Frame, frame: &rustpython_vm::Py<FrameObject>) -> PyResult<()> {
    if f.locals.is_some() {
        return Ok(());
    }
    let mut proxy = None;
    crate::names::for_each_fast_local(vm, f, |name, value| {
        let proxy = match &proxy {
            Some(proxy) => proxy,
            None => proxy.insert(frame.f_locals(vm)?),
        };
        proxy.set_item(name, value, vm)
    })?;
    Ok(())
}

/// Prepend an entry for `f` (at its current instruction) to `exc`'s traceback.
pub fn add_entry(vm: &VirtualMachine, exc: &PyBaseExceptionRef, f: &Frame) {
    let Some(line) = f.code.line_of(f.lasti) else {
        return;
    };
    match frame_object(vm, f) {
        Ok(frame) => {
            let Some(lineno) = ruff_source_file::OneIndexed::new(line as usize) else {
                return;
            };
            let tb = PyTraceback::new(exc.traceback(), frame, (f.lasti * 2) as i32, lineno);
            exc.set_traceback(Some(tb.into_ref(&vm.ctx)));
        }
        Err(e) => {
            // Should not happen; a missing line in a traceback is better than
            // replacing the user's exception.
            if std::env::var_os("HIPY_DEBUG").is_some() {
                eprintln!("hipy: could not build traceback frame: {:?}", e.as_object().repr(vm).ok());
            }
        }
    }
}
