//! Traceback entries for exceptions that pass through hipy frames.
//!
//! A `traceback` object needs a real RustPython frame object. Each entry
//! gets one made for the frame's own code object and globals that never
//! runs (vendor patch 66, `FrameObject::new_detached`): it has the right code
//! (file, name, line table, positions), `f_code` is the function's
//! `__code__`, and `traceback.print_exc()` and the excepthook render it like
//! any other frame. (It was made through a generator-flagged copy of the
//! code, called and closed: about 8,000 instructions per exception and
//! frame, which made `try: d[k] except KeyError:` 5x slower than CPython.)
//!
//! Each hipy frame has one such frame (`Frame::tb_frame`), as a CPython frame
//! has one frame object. While the hipy frame runs, `tb_frame` answers with
//! the frame object `sys._getframe()` gives (`introspect`), which reads the
//! live frame; once it has ended, the stand-in holds its last instruction
//! and its locals as they were at the end (CPython's frame keeps both).

use std::sync::OnceLock;

use rustpython_vm::bytecode::CO_FAST_HIDDEN;
use rustpython_vm::builtins::{PyBaseExceptionRef, PyDict, PyTraceback, PyTypeRef};
use rustpython_vm::frame::FrameObject;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyPayload, PyRef, PyResult, VirtualMachine};

use crate::frame::Frame;
use crate::{introspect, runtime};

/// The real frame object standing for `f` in tracebacks (made once).
pub fn frame_object(vm: &VirtualMachine, f: &Frame) -> rustpython_vm::PyRef<FrameObject> {
    f.tb_frame
        .get_or_init(|| FrameObject::new_detached(f.code.code.clone(), f.globals.to_ref(), f.builtins.clone().into(), vm))
        .clone()
}

/// `f` is ending: its traceback frame keeps its last instruction and its
/// locals as they are now. One that only `f` holds (the exception was
/// handled and its traceback is gone) goes with `f`, unseen.
pub fn frame_ended(f: &Frame) {
    if let Some(frame) = f.tb_frame.get() {
        if frame.as_object().strong_count() == 1 && frame.as_object().weak_count().unwrap_or(0) == 0 {
            return;
        }
        frame.set_lasti(f.lasti + 1);
        copy_fast_locals(f, frame);
    }
}

/// Give the never-started frame `f`'s fast locals as they are when the
/// exception passes through, so that `tb_frame.f_locals` (and `traceback`'s
/// `capture_locals`) shows them: each slot goes into the frame's slot of the
/// same index (both follow the code's `co_localsplusnames`), a cell as the
/// cell itself, which the frame reads through as CPython's does (a closure
/// that rebinds the variable later shows the new value). Hidden slots are
/// not copied; module and class bodies keep a namespace mapping of their own
/// instead. (Through the frame's `f_locals` proxy, which compares each
/// name with every local's, the copy cost more than the rest of a caught
/// exception.)
fn copy_fast_locals(f: &Frame, frame: &rustpython_vm::Py<FrameObject>) {
    // (A generator frame that compiled code entered holds no slots: its
    // values are in the compiled code's registers.)
    if f.locals.is_some() || f.slots.len() < f.code.nlocalsplus {
        return;
    }
    let mut replaced = Vec::new();
    // SAFETY: the stand-in never runs, so nothing else borrows its slots;
    // the values it held are dropped after the loop (a finalizer might read
    // the frame).
    let slots = unsafe { frame.fastlocals_mut() };
    for (i, slot) in slots.iter_mut().enumerate().take(f.code.nlocalsplus) {
        if f.code.slot_kinds[i] & CO_FAST_HIDDEN == 0 {
            replaced.push(std::mem::replace(slot, f.slots[i].clone()));
        }
    }
    drop(replaced);
}

/// Prepend an entry for `f` (at its current instruction) to `exc`'s traceback.
pub fn add_entry(vm: &VirtualMachine, exc: &PyBaseExceptionRef, f: &Frame) {
    // An instruction the line table gives no line (a code object whose
    // `co_linetable` was replaced) takes the compiler's position for it:
    // a traceback entry has a line, and the frame's `f_lineno` says None.
    let line = f.code.line_of(f.lasti).and_then(|l| ruff_source_file::OneIndexed::new(l as usize));
    let Some(lineno) = line.or_else(|| f.code.code.code.locations.get(f.lasti as usize).map(|l| l.0.line)) else {
        return;
    };
    let frame = frame_object(vm, f);
    // RustPython's lasti is the index after the instruction running.
    frame.set_lasti(f.lasti + 1);
    // A generator's frame may be suspended, where nothing reads it
    // live, or dropped without ending: it keeps its locals now. A
    // function's frame is read live while it runs and keeps its
    // locals when it ends (`frame_ended`), so values it drops
    // meanwhile are not held.
    if f.code.is_generator_like() {
        copy_fast_locals(f, &frame);
    }
    let tb = PyTraceback::new(exc.traceback(), frame, (f.lasti * 2) as i32, lineno);
    exc.set_traceback(Some(tb.into_ref(&vm.ctx)));
}

/// `tb.tb_frame`: for a frame still running, the frame object that
/// `sys._getframe()` gives, which reads it live (`tb.tb_frame is
/// sys._getframe()` in the frame that caught the exception); for one that
/// has ended, its stand-in.
fn tb_frame(tb: PyRef<PyTraceback>, vm: &VirtualMachine) -> PyResult {
    let mut running: Option<*const Frame> = None;
    runtime::walk_frames(|f| {
        let found = f.tb_frame.get().is_some_and(|t| t.is(&tb.frame));
        if found {
            running = Some(f as *const Frame);
        }
        found
    });
    match running {
        // SAFETY: the frame belongs to a running eval loop that outlives
        // this call (as in `introspect`).
        Some(p) => introspect::frame_object(vm, unsafe { &*p }),
        None => Ok(tb.frame.clone().into()),
    }
}

type NewSlot = fn(PyTypeRef, FuncArgs, &VirtualMachine) -> PyResult;
static TRACEBACK_NEW: OnceLock<NewSlot> = OnceLock::new();

/// `types.TracebackType(tb_next, tb_frame, tb_lasti, tb_lineno)`, whose
/// frame may be one of hipy's frame objects (`sys._getframe()`): the entry
/// takes that frame's stand-in, and `tb_frame` gives the object back.
fn traceback_new(cls: PyTypeRef, mut args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    let original = *TRACEBACK_NEW.get().expect("traceback __new__ saved at install");
    if let Some(frame) = args.args.get_mut(1) {
        if introspect::is_frame_object(frame) {
            let made = match introspect::with_running_frame(frame, |f| frame_object(vm, f)) {
                Some(made) => made,
                // A frame that has returned: a stand-in with its code,
                // globals and last instruction.
                None => {
                    let (code, globals, lasti) = introspect::ended_frame_parts(frame)
                        .ok_or_else(|| vm.new_system_error("hipy: a frame object without its code"))?;
                    let globals = globals
                        .downcast::<PyDict>()
                        .map_err(|_| vm.new_system_error("hipy: a frame's globals are not a dict"))?;
                    let made = FrameObject::new_detached(code, globals, vm.builtins.dict().into(), vm);
                    made.set_lasti(lasti + 1);
                    made
                }
            };
            *frame = made.into();
        } else if frame.downcast_ref::<FrameObject>().is_none() {
            return Err(vm.new_type_error(format!(
                "TracebackType() argument 'tb_frame' must be frame, not {}",
                frame.class().name()
            )));
        }
    }
    original(cls, args, vm)
}

/// Route `tb_frame` and `types.TracebackType()` through hipy's frames.
pub fn install(vm: &VirtualMachine) {
    let tb_type = vm.ctx.types.traceback_type;
    let getter = vm.ctx.new_readonly_getset("tb_frame", tb_type, tb_frame);
    tb_type.set_attr(vm.ctx.intern_str("tb_frame"), getter.into());
    if let Some(new) = tb_type.slots.new.load() {
        TRACEBACK_NEW.get_or_init(|| new);
        tb_type.slots.new.store(Some(traceback_new));
    }
}
