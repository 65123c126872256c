//! Builtins that read the caller's frame, re-implemented on hipy's frames:
//! `globals`, `locals`, `vars`, `dir`, `eval`, `exec`, `__build_class__`,
//! `sys._getframe`, `sys._getframemodulename`, zero-argument `super()`, and
//! `type(name, bases, dict)` (whose `__module__` comes from the caller's
//! globals).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use rustpython_vm::common::lock::PyMutex;

use rustpython_vm::builtins::{PyCode, PyDict, PyDictRef, PyStr, PyTuple, PyType};
use rustpython_vm::bytecode::{CodeFlags, CO_FAST_CELL, CO_FAST_FREE};
use rustpython_vm::class::PyClassImpl;
use rustpython_vm::types::Representable;
use rustpython_vm::function::{ArgBytesLike, FuncArgs, KwArgs, OptionalArg};
use rustpython_vm::{pyclass, AsObject, Py, PyObjectRef, PyPayload, PyRef, PyResult, TryFromObject, VirtualMachine};

use crate::code::info_for;
use crate::eval::{self, Outcome, Resume};
use crate::frame::{Frame, Held};
use crate::{call, layout, names, runtime};

fn no_frame(vm: &VirtualMachine) -> rustpython_vm::builtins::PyBaseExceptionRef {
    vm.new_system_error("hipy: no current frame")
}

/// `globals()`.
fn builtin_globals(vm: &VirtualMachine) -> PyResult<PyDictRef> {
    runtime::current_frame(|f| f.map(|f| f.globals.clone())).ok_or_else(|| no_frame(vm))
}

/// `locals()`.
fn builtin_locals(vm: &VirtualMachine) -> PyResult {
    runtime::current_frame(|f| match f {
        Some(f) => names::locals_mapping(vm, f),
        None => Err(no_frame(vm)),
    })
}

/// `vars([object])`.
fn builtin_vars(obj: OptionalArg, vm: &VirtualMachine) -> PyResult {
    match obj {
        OptionalArg::Missing => builtin_locals(vm),
        OptionalArg::Present(o) => o
            .get_attr("__dict__", vm)
            .map_err(|_| vm.new_type_error("vars() argument must have __dict__ attribute")),
    }
}

static ORIGINAL_DIR: OnceLock<PyObjectRef> = OnceLock::new();
static ORIGINAL_COMPILE: OnceLock<PyObjectRef> = OnceLock::new();

/// `dir([object])`.
fn builtin_dir(obj: OptionalArg, vm: &VirtualMachine) -> PyResult {
    match obj {
        OptionalArg::Present(o) => ORIGINAL_DIR.get().expect("dir saved").call((o,), vm),
        OptionalArg::Missing => {
            let locals = builtin_locals(vm)?;
            let keys = vm.call_method(&locals, "keys", ())?;
            let list = vm.ctx.types.list_type.as_object().call((keys,), vm)?;
            vm.call_method(&list, "sort", ())?;
            Ok(list)
        }
    }
}

/// The namespaces `eval`/`exec` run in when they are not given.
fn resolve_namespaces(
    vm: &VirtualMachine,
    globals: Option<PyObjectRef>,
    locals: Option<PyObjectRef>,
    fname: &str,
) -> PyResult<(PyDictRef, PyObjectRef)> {
    let globals = globals.filter(|g| !vm.is_none(g));
    let locals = locals.filter(|l| !vm.is_none(l));
    match globals {
        Some(g) => {
            let g = g.downcast::<PyDict>().map_err(|o| {
                vm.new_type_error(if locals.is_some() {
                    format!("{fname}() globals must be a dict, not {}", o.class().name())
                } else {
                    format!("globals must be a dict")
                })
            })?;
            let l = locals.unwrap_or_else(|| g.clone().into());
            Ok((g, l))
        }
        None => {
            let g = builtin_globals(vm)?;
            let l = match locals {
                Some(l) => l,
                None => builtin_locals(vm)?,
            };
            Ok((g, l))
        }
    }
}

fn to_code(vm: &VirtualMachine, source: PyObjectRef, mode: &str, fname: &str) -> PyResult<PyRef<PyCode>> {
    if let Ok(code) = source.clone().downcast::<PyCode>() {
        return Ok(code);
    }
    // CPython strips leading spaces and tabs from eval() sources; any
    // bytes-like object is source text, as bytes.
    let strip = |t: &[u8]| -> usize {
        if mode == "eval" { t.iter().take_while(|b| matches!(b, b' ' | b'\t')).count() } else { 0 }
    };
    let source: PyObjectRef = if let Some(s) = source.downcast_ref::<PyStr>() {
        match s.to_str() {
            Some(t) if strip(t.as_bytes()) > 0 => vm.ctx.new_str(&t[strip(t.as_bytes())..]).into(),
            _ => source,
        }
    } else if let Ok(bytes) = ArgBytesLike::try_from_object(vm, source.clone()) {
        let b = bytes.borrow_buf();
        vm.ctx.new_bytes(b[strip(&b)..].to_vec()).into()
    } else if source.get_attr("_fields", vm).is_ok() {
        source
    } else {
        return Err(vm.new_type_error(format!(
            "{fname}() arg 1 must be a string, bytes or code object"
        )));
    };
    let code = ORIGINAL_COMPILE
        .get()
        .expect("compile saved")
        .call((source, "<string>", mode), vm)?;
    code.downcast::<PyCode>()
        .map_err(|_| vm.new_type_error("compile() did not return a code object"))
}

/// The builtins namespace a `__builtins__` value in exec's globals gives: a
/// dict, or a module's dict. CPython looks names up in any other value with
/// `obj[name]`; hipy's frames hold a dict, so a value that cannot be
/// subscripted fails here as its first lookup would, and other mappings
/// are not supported.
fn exec_builtins(vm: &VirtualMachine, b: &PyObjectRef) -> PyResult<PyDictRef> {
    if let Ok(d) = b.clone().downcast::<PyDict>() {
        return Ok(d);
    }
    if let Some(m) = b.downcast_ref::<rustpython_vm::builtins::PyModule>() {
        return Ok(m.dict());
    }
    if b.class().get_attr(vm.ctx.intern_str("__getitem__")).is_none() {
        return Err(vm.new_type_error(format!("'{}' object is not subscriptable", b.class().name())));
    }
    Err(vm.new_not_implemented_error(format!(
        "hipy: __builtins__ of type '{}' (only a dict or a module)",
        b.class().name()
    )))
}

/// Run a code object with explicit namespaces in hipy's loop.
pub fn run_code(
    vm: &VirtualMachine,
    code: PyRef<PyCode>,
    globals: PyDictRef,
    locals: Option<PyObjectRef>,
    closure: Option<PyRef<PyTuple>>,
) -> PyResult {
    let builtins_key = vm.ctx.intern_str("__builtins__");
    let builtins = match globals.get_item_opt(builtins_key, vm)? {
        Some(b) => exec_builtins(vm, &b)?,
        None => {
            // As CPython's exec and eval: the caller's builtins dict.
            let b = runtime::current_frame(|f| f.map(|f| f.builtins.to_ref())).unwrap_or_else(|| vm.builtins.dict());
            globals.set_item(builtins_key, b.clone().into(), vm)?;
            b
        }
    };
    let builtins = Held::owned(builtins);
    let info = info_for(&code);
    let nfree = code.code.freevars.len();
    if nfree > 0 && closure.as_ref().map_or(0, |c| c.len()) != nfree {
        return Err(vm.new_type_error(format!(
            "code object requires a closure of exactly length {nfree}"
        )));
    }
    let mut frame = Frame::new(info, Held::owned(globals), builtins, locals, None);
    frame.closure = closure.map(Held::owned);
    if frame.code.is_generator_like() {
        crate::generator::prepare_frame(vm, &mut frame)?;
        return Ok(crate::generator::new_generator(vm, frame));
    }
    let (result, frame) = eval::run(vm, frame, Resume::Start);
    frame.recycle(vm);
    match result {
        Ok(Outcome::Return(v)) => Ok(v),
        Ok(Outcome::Yield(_)) => Err(vm.new_system_error("hipy: module code yielded")),
        Err(e) => Err(e),
    }
}

fn builtin_eval(mut args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    if !args.kwargs.is_empty() {
        // eval() takes no keyword arguments in 3.11 except globals/locals in 3.13.
        if let Some(g) = args.kwargs.swap_remove("globals") {
            args.args.push(g);
        }
        if let Some(l) = args.kwargs.swap_remove("locals") {
            if args.args.len() < 2 {
                args.args.push(vm.ctx.none());
            }
            args.args.push(l);
        }
    }
    let mut it = args.args.into_iter();
    let Some(source) = it.next() else {
        return Err(vm.new_type_error("eval expected at least 1 argument, got 0"));
    };
    let (g, l) = resolve_namespaces(vm, it.next(), it.next(), "eval")?;
    let code = to_code(vm, source, "eval", "eval")?;
    if !code.code.freevars.is_empty() {
        return Err(vm.new_type_error("code object passed to eval() may not contain free variables"));
    }
    run_code(vm, code, g, Some(l), None)
}

fn builtin_exec(mut args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    let closure = args.kwargs.swap_remove("closure");
    let mut it = std::mem::take(&mut args.args).into_iter();
    let Some(source) = it.next() else {
        return Err(vm.new_type_error("exec expected at least 1 argument, got 0"));
    };
    let g = it.next().or_else(|| args.kwargs.swap_remove("globals"));
    let l = it.next().or_else(|| args.kwargs.swap_remove("locals"));
    let (g, l) = resolve_namespaces(vm, g, l, "exec")?;
    let is_code = source.downcast_ref::<PyCode>().is_some();
    let code = to_code(vm, source, "exec", "exec")?;
    let closure = exec_closure(vm, closure.filter(|c| !vm.is_none(c)), is_code, code.code.freevars.len())?;
    run_code(vm, code, g, Some(l), closure)?;
    Ok(vm.ctx.none())
}

/// `exec`'s `closure` argument, checked as CPython 3.11 checks it.
fn exec_closure(
    vm: &VirtualMachine,
    closure: Option<PyObjectRef>,
    is_code: bool,
    nfree: usize,
) -> PyResult<Option<PyRef<PyTuple>>> {
    let Some(closure) = closure else { return Ok(None) };
    if !is_code {
        return Err(vm.new_type_error("closure can only be used when source is a code object"));
    }
    if nfree == 0 {
        return Err(vm.new_type_error("cannot use a closure with this code object"));
    }
    let cells = closure
        .downcast_exact::<PyTuple>(vm)
        .ok()
        .map(|t| t.into_pyref())
        .filter(|t| t.len() == nfree && t.iter().all(|c| c.class().is(vm.ctx.types.cell_type)));
    match cells {
        Some(t) => Ok(Some(t)),
        None => Err(vm.new_type_error(format!("code object requires a closure of exactly length {nfree}"))),
    }
}

fn update_bases(vm: &VirtualMachine, bases: &[PyObjectRef]) -> PyResult<Option<Vec<PyObjectRef>>> {
    let mut out: Option<Vec<PyObjectRef>> = None;
    let bases_tuple: PyObjectRef = vm.ctx.new_tuple(bases.to_vec()).into();
    for (i, base) in bases.iter().enumerate() {
        if base.downcast_ref::<PyType>().is_some() {
            if let Some(o) = &mut out {
                o.push(base.clone());
            }
            continue;
        }
        let Some(meth) = vm.get_attribute_opt(&base, "__mro_entries__")? else {
            if let Some(o) = &mut out {
                o.push(base.clone());
            }
            continue;
        };
        let new = meth.call((bases_tuple.clone(),), vm)?;
        let new = new
            .downcast::<PyTuple>()
            .map_err(|_| vm.new_type_error("__mro_entries__ must return a tuple"))?;
        let o = out.get_or_insert_with(|| bases[..i].to_vec());
        o.extend(new.as_slice().iter().cloned());
    }
    Ok(out)
}

fn calculate_metaclass(vm: &VirtualMachine, meta: PyObjectRef, bases: &[PyObjectRef]) -> PyResult {
    let Some(mut winner) = meta.clone().downcast::<PyType>().ok() else {
        return Ok(meta);
    };
    for base in bases {
        let t = base.class().to_owned();
        if winner.fast_issubclass(&t) {
            continue;
        }
        if t.fast_issubclass(&winner) {
            winner = t;
            continue;
        }
        return Err(vm.new_type_error(
            "metaclass conflict: the metaclass of a derived class must be a (non-strict) subclass of the metaclasses of all its bases",
        ));
    }
    Ok(winner.into())
}

/// `__build_class__(func, name, *bases, metaclass=None, **kwds)`.
fn builtin_build_class(mut args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    if args.args.len() < 2 {
        return Err(vm.new_type_error("__build_class__: not enough arguments"));
    }
    let mut positional = std::mem::take(&mut args.args).into_iter();
    let func = positional.next().unwrap();
    let name = positional.next().unwrap();
    if call::exact_function(vm, &func).is_none() {
        return Err(vm.new_type_error("__build_class__: func must be a function"));
    }
    if !name.class().fast_issubclass(vm.ctx.types.str_type) {
        return Err(vm.new_type_error("__build_class__: name is not a string"));
    }
    let orig_bases: Vec<PyObjectRef> = positional.collect();
    let updated = update_bases(vm, &orig_bases)?;
    let bases = updated.clone().unwrap_or_else(|| orig_bases.clone());
    let mut kwargs = args.kwargs;
    let explicit_meta = kwargs.swap_remove("metaclass");
    let meta = match explicit_meta {
        Some(m) => m,
        None => match bases.first() {
            Some(b) => b.class().to_owned().into(),
            None => vm.ctx.types.type_type.to_owned().into(),
        },
    };
    let is_type = meta.downcast_ref::<PyType>().is_some();
    let meta = if is_type { calculate_metaclass(vm, meta, &bases)? } else { meta };
    let bases_tuple: PyObjectRef = vm.ctx.new_tuple(bases.clone()).into();
    let ns = match vm.get_attribute_opt(&meta, "__prepare__")? {
        Some(prepare) => prepare.call(
            FuncArgs::new(vec![name.clone(), bases_tuple.clone()], KwArgs::new(kwargs.clone().into_iter().collect())),
            vm,
        )?,
        None => vm.ctx.new_dict().into(),
    };
    if ns.class().get_attr(vm.ctx.intern_str("__getitem__")).is_none() {
        let meta_name = match meta.downcast_ref::<PyType>() {
            Some(t) => t.name().to_string(),
            None => "<metaclass>".to_owned(),
        };
        return Err(vm.new_type_error(format!(
            "{meta_name}.__prepare__() must return a mapping, not {}",
            ns.class().name()
        )));
    }
    // Run the class body with `ns` as its locals.
    let body = call::exact_function(vm, &func).unwrap();
    let code = layout::function_code(body);
    let info = info_for(&code);
    // SAFETY: the frame holds `func`, which keeps these alive.
    let (globals, builtins, closure) = unsafe { layout::frame_refs(vm, body)? };
    let mut frame = Frame::new(info, globals, builtins, Some(ns.clone()), Some(func.clone()));
    frame.closure = closure;
    let (result, frame) = eval::run(vm, frame, Resume::Start);
    frame.recycle(vm);
    let cell = match result {
        Ok(Outcome::Return(v)) => v,
        Ok(Outcome::Yield(_)) => return Err(vm.new_system_error("hipy: class body yielded")),
        Err(e) => return Err(e),
    };
    if updated.is_some() {
        ns.set_item("__orig_bases__", vm.ctx.new_tuple(orig_bases).into(), vm)?;
    }
    let cls = meta.call(
        FuncArgs::new(vec![name, bases_tuple, ns], KwArgs::new(kwargs.into_iter().collect())),
        vm,
    )?;
    if cls.downcast_ref::<PyType>().is_some() && cell.class().is(vm.ctx.types.cell_type) {
        let cell_cls = layout::cell_get(&cell, vm)?;
        match cell_cls {
            None => {
                return Err(vm.new_runtime_error(format!(
                    "__class__ not set defining {} as {}. Was __classcell__ propagated to type.__new__?",
                    cls.repr(vm)?.as_wtf8(),
                    cls.repr(vm)?.as_wtf8()
                )))
            }
            Some(c) if !c.is(&cls) => {
                return Err(vm.new_type_error(format!(
                    "__class__ set to {} defining {} as {}",
                    c.repr(vm)?.as_wtf8(),
                    cls.repr(vm)?.as_wtf8(),
                    cls.repr(vm)?.as_wtf8()
                )))
            }
            _ => {}
        }
    }
    Ok(cls)
}

/// The frame `depth` levels above the caller (0 = the caller).
fn frame_at<R>(depth: usize, f: impl FnOnce(Option<&Frame>) -> R) -> R {
    let mut n = 0;
    let mut found: Option<*const Frame> = None;
    runtime::walk_frames(|fr| {
        if n == depth {
            found = Some(fr as *const Frame);
            return true;
        }
        n += 1;
        false
    });
    // SAFETY: the frame belongs to a running eval loop that outlives this call.
    f(found.map(|p| unsafe { &*p }))
}

fn sys_getframe(depth: OptionalArg<isize>, vm: &VirtualMachine) -> PyResult {
    let depth = depth.unwrap_or(0).max(0) as usize;
    let mut found: Option<*const Frame> = None;
    let mut n = 0;
    runtime::walk_frames(|fr| {
        if n == depth {
            found = Some(fr as *const Frame);
            return true;
        }
        n += 1;
        false
    });
    match found {
        // SAFETY: as in `frame_at`.
        Some(p) => frame_object(vm, unsafe { &*p }),
        None => Err(vm.new_value_error("call stack is not deep enough")),
    }
}

/// The innermost running frame as a frame object (None outside any frame).
pub fn current_frame_object(vm: &VirtualMachine) -> PyResult {
    let mut any = false;
    runtime::walk_frames(|_| {
        any = true;
        true
    });
    if any {
        sys_getframe(OptionalArg::Present(0), vm)
    } else {
        Ok(vm.ctx.none())
    }
}

fn sys_getframemodulename(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    let depth = match args.args.first().or_else(|| args.kwargs.get("depth")) {
        Some(d) => d.try_to_value::<isize>(vm)?.max(0) as usize,
        None => 0,
    };
    frame_at(depth, |f| match f {
        Some(f) => Ok(f.globals.get_item_opt("__name__", vm)?.unwrap_or_else(|| vm.ctx.none())),
        None => Ok(vm.ctx.none()),
    })
}

/// A frame object as Python code sees it from `sys._getframe()`, `gi_frame`
/// or a trace function: one per hipy frame (cached in `Frame::obj`), reading
/// the live frame while it runs and what it last saw once it has ended.
#[pyclass(module = false, name = "frame")]
#[derive(Debug, PyPayload)]
pub struct FrameSnapshot {
    /// The hipy frame this stands for, found again by address + serial while
    /// it is alive, so `f_lineno` and `f_locals` are current.
    addr: usize,
    serial: u64,
    code: PyObjectRef,
    globals: PyObjectRef,
    builtins: PyObjectRef,
    /// (locals, line, lasti) as of creation, refreshed when the frame ends.
    dead: PyMutex<(PyObjectRef, Option<u32>, u32)>,
    /// The cells of an ended frame's cell and free variables, by name:
    /// its `f_locals` reads them at each read, as CPython's frame does (a
    /// closure may still rebind them).
    dead_cells: PyMutex<Vec<(&'static rustpython_vm::builtins::PyStrInterned, PyObjectRef)>>,
    /// `f_trace`: the frame's local trace function.
    pub(crate) trace: PyMutex<Option<PyObjectRef>>,
    pub(crate) trace_lines: AtomicBool,
    pub(crate) trace_opcodes: AtomicBool,
    /// A jump the trace function asked for (`f_lineno = n`), made by the
    /// interpreter when the hook returns (see `jump`).
    pub(crate) jump: PyMutex<Option<crate::jump::Jump>>,
    /// `f_back` as it was when the frame ended (CPython's frame keeps it).
    back: PyMutex<Option<PyObjectRef>>,
    /// The generator or coroutine whose frame this is (weakly: the
    /// generator holds its frame), which `clear()` finalizes.
    generator: PyMutex<Option<PyRef<rustpython_vm::builtins::PyWeak>>>,
    /// A frame compiled code runs inline (`Frame::inlined`).
    inlined: bool,
}

#[pyclass(with(Representable))]
impl FrameSnapshot {
    #[pygetset]
    fn f_code(zelf: &Py<Self>) -> PyObjectRef {
        zelf.code.clone()
    }
    #[pygetset]
    fn f_globals(zelf: &Py<Self>) -> PyObjectRef {
        zelf.globals.clone()
    }
    #[pygetset]
    fn f_builtins(zelf: &Py<Self>) -> PyObjectRef {
        zelf.builtins.clone()
    }
    #[pygetset]
    fn f_locals(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        if zelf.inlined || zelf.live(crate::trace::sites::runs_compiled) == Some(true) {
            return Err(vm.new_not_implemented_error(format!(
                "hipy: the local variables of {}() are not available: the JIT runs this frame \
                 in compiled code (HIPY_JIT=off shows them)",
                zelf.code.downcast_ref::<PyCode>().map_or_else(|| "?".to_owned(), |c| c.code.obj_name.to_string())
            )));
        }
        match zelf.live(|f| (names::locals_mapping(vm, f), f.locals.is_some())) {
            Some((r, true)) => r,
            // A function frame: one dict, refreshed from the frame at each
            // read (CPython's PyFrame_FastToLocals), so what a debugger
            // stores in it (`__return__`) stays.
            Some((r, false)) => {
                let fresh = r?;
                let mut cache = zelf.dead.lock();
                let cached = cache.0.clone();
                match (cached.downcast_ref::<PyDict>(), fresh.downcast_ref::<PyDict>()) {
                    (Some(c), Some(n)) if !c.is(n) => {
                        for (k, v) in n.items_vec() {
                            c.set_item(&*k, v, vm)?;
                        }
                        Ok(cached)
                    }
                    _ => {
                        cache.0 = fresh.clone();
                        Ok(fresh)
                    }
                }
            }
            None => {
                let locals = zelf.dead.lock().0.clone();
                let cells = zelf.dead_cells.lock().clone();
                if let Some(d) = locals.downcast_ref::<PyDict>() {
                    for (name, cell) in cells {
                        match crate::layout::cell_get(&cell, vm)? {
                            Some(v) => d.set_item(name, v, vm)?,
                            None => {
                                let _ = d.del_item(name, vm);
                            }
                        }
                    }
                }
                Ok(locals)
            }
        }
    }
    #[pygetset]
    fn f_lineno(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        let line = match *zelf.jump.lock() {
            Some(j) => zelf.live(|f| f.code.line_of(j.target)),
            None => zelf.live(|f| f.line()),
        };
        match line.unwrap_or_else(|| zelf.dead.lock().1) {
            Some(l) => vm.ctx.new_int(l).into(),
            None => vm.ctx.none(),
        }
    }
    /// `f_lineno = n` (only from a trace function; see `jump`).
    #[pygetset(setter)]
    fn set_f_lineno(zelf: &Py<Self>, value: rustpython_vm::function::PySetterValue, vm: &VirtualMachine) -> PyResult<()> {
        use crate::hooks::Event;
        let rustpython_vm::function::PySetterValue::Assign(value) = value else {
            return Err(vm.new_attribute_error("cannot delete attribute"));
        };
        if !value.class().is(vm.ctx.types.int_type) {
            return Err(vm.new_value_error("lineno must be an integer"));
        }
        let not_traced = || vm.new_value_error("f_lineno can only be set by a trace function");
        let line_only = || vm.new_value_error("can only jump from a 'line' trace event");
        // As CPython 3.11: the event last reported on this thread first
        // (even when no hook runs now), then the frame's trace function.
        let what = crate::hooks::reporting();
        match crate::hooks::last_event() {
            Event::Call => {
                return Err(vm.new_value_error("can't jump from the 'call' trace event of a new frame"));
            }
            Event::Line => {}
            Event::Return if what.is_some_and(|w| w.yielding) => {}
            _ => return Err(line_only()),
        }
        if zelf.trace.lock().is_none() {
            return Err(not_traced());
        }
        let Some(what) = what else {
            return Err(not_traced());
        };
        let line = value
            .try_to_value::<i32>(vm)
            .map_err(|_| vm.new_value_error("lineno out of range"))?;
        // Only the frame whose event is being handled stands at an
        // instruction boundary; its callers are inside a call.
        if (zelf.addr, zelf.serial) != what.frame {
            return Err(line_only());
        }
        let Some((code, lasti, depth)) = zelf.live(|f| (f.code.clone(), f.lasti, f.stack_len())) else {
            return Err(line_only());
        };
        let pending = *zelf.jump.lock();
        let plan = match pending {
            // A second assignment in the same hook starts where the first
            // one leads.
            Some(p) => crate::jump::plan(&code, p.target, line.into(), false).map(|j| crate::jump::Jump {
                target: j.target,
                pops: p.pops + j.pops,
                from: p.from,
            }),
            None => crate::jump::plan(&code, lasti, line.into(), what.yielding),
        };
        let plan = plan.map_err(|m| vm.new_value_error(m))?;
        if pending.is_none() && crate::jump::depth(plan.from) as usize != depth {
            return Err(vm.new_system_error(format!(
                "hipy: the value stack of {} holds {depth} values where its code implies {}; cannot jump",
                code.qualname(),
                crate::jump::depth(plan.from)
            )));
        }
        *zelf.jump.lock() = Some(plan);
        Ok(())
    }
    /// The byte offset of the frame's instruction in `co_code`. A frame at
    /// a `yield` (suspended, or reporting the yield's `return` event) stands
    /// at the `RESUME` after it, as in CPython 3.13+, whose bytecode and
    /// `sys.version_info` hipy reports: tools such as coverage.py read the
    /// instruction at `f_lasti` with the running version's rules to tell a
    /// yield from a return.
    #[pygetset]
    fn f_lasti(zelf: &Py<Self>) -> u32 {
        if let Some(j) = *zelf.jump.lock() {
            return j.target * 2;
        }
        let lasti = zelf.live(|f| f.lasti).unwrap_or_else(|| zelf.dead.lock().2);
        let at_yield = zelf.code.downcast_ref::<PyCode>().is_some_and(|c| {
            c.code
                .instructions
                .get(lasti as usize)
                .is_some_and(|u| matches!(u.op, rustpython_vm::bytecode::Instruction::YieldValue { .. }))
        });
        (lasti + u32::from(at_yield)) * 2
    }
    #[pygetset]
    fn f_back(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        let mut seen = false;
        let mut back: Option<*const Frame> = None;
        runtime::walk_frames(|fr| {
            if seen {
                back = Some(fr as *const Frame);
                return true;
            }
            if fr as *const Frame as usize == zelf.addr && fr.serial == zelf.serial {
                seen = true;
            }
            false
        });
        match back {
            // SAFETY: the frame belongs to a running eval loop.
            Some(p) => frame_object(vm, unsafe { &*p }),
            None if !seen => Ok(zelf.back.lock().clone().unwrap_or_else(|| vm.ctx.none())),
            None => Ok(vm.ctx.none()),
        }
    }
    #[pygetset]
    fn f_trace(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        zelf.trace.lock().clone().unwrap_or_else(|| vm.ctx.none())
    }
    #[pygetset(setter)]
    fn set_f_trace(zelf: &Py<Self>, value: rustpython_vm::function::PySetterValue, vm: &VirtualMachine) {
        let v = match value {
            rustpython_vm::function::PySetterValue::Assign(v) if !vm.is_none(&v) => Some(v),
            _ => None,
        };
        *zelf.trace.lock() = v;
    }
    #[pygetset]
    fn f_trace_lines(zelf: &Py<Self>) -> bool {
        zelf.trace_lines.load(Relaxed)
    }
    #[pygetset(setter)]
    fn set_f_trace_lines(zelf: &Py<Self>, value: bool) {
        zelf.trace_lines.store(value, Relaxed);
    }
    #[pygetset]
    fn f_trace_opcodes(zelf: &Py<Self>) -> bool {
        zelf.trace_opcodes.load(Relaxed)
    }
    #[pygetset(setter)]
    fn set_f_trace_opcodes(zelf: &Py<Self>, value: bool) {
        zelf.trace_opcodes.store(value, Relaxed);
    }
    #[pymethod]
    fn clear(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<()> {
        if zelf.live(|_| ()).is_some() {
            return Err(vm.new_runtime_error("cannot clear an executing frame"));
        }
        *zelf.trace.lock() = None;
        let generator = zelf.generator.lock().as_ref().and_then(|g| g.upgrade());
        match generator {
            Some(g) => crate::generator::clear_frame(vm, &g),
            None => Ok(()),
        }
    }
    /// The frame type of tracebacks (`types.FrameType`), so that
    /// `isinstance(frame, types.FrameType)` and `inspect.isframe` hold for
    /// hipy's frames too (isinstance consults `__class__`).
    #[pygetset(name = "__class__")]
    fn frame_type(_zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        vm.ctx.types.frame_type.to_owned().into()
    }
}

impl Representable for FrameSnapshot {
    fn repr_str(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<String> {
        let code = zelf.code.downcast_ref::<PyCode>().map(|c| (c.code.source_path.as_str().to_owned(), c.code.obj_name.as_str().to_owned()));
        let (file, name) = code.unwrap_or_default();
        let file = vm.ctx.new_str(file).as_object().repr(vm)?;
        let line = Self::f_lineno(zelf, vm);
        Ok(format!(
            "<frame at {:#x}, file {}, line {}, code {}>",
            zelf.as_object() as *const _ as *const u8 as usize,
            file.as_wtf8(),
            line.str(vm)?.as_wtf8(),
            name
        ))
    }
}

impl FrameSnapshot {
    /// Run `g` on the live frame this object stands for, if it still runs.
    fn live<R>(&self, g: impl FnOnce(&Frame) -> R) -> Option<R> {
        let mut found: Option<*const Frame> = None;
        runtime::walk_frames(|fr| {
            if fr as *const Frame as usize == self.addr && fr.serial == self.serial {
                found = Some(fr as *const Frame);
                return true;
            }
            false
        });
        // SAFETY: the frame belongs to a running eval loop.
        found.map(|p| g(unsafe { &*p }))
    }
}

/// The frame object of `f` (made on first request, then the same object).
pub fn frame_object(vm: &VirtualMachine, f: &Frame) -> PyResult<PyObjectRef> {
    if let Some(o) = f.obj.get() {
        return Ok(o.clone());
    }
    let o: PyObjectRef = FrameSnapshot {
        addr: f as *const Frame as usize,
        serial: f.serial,
        code: f.code.code.clone().into(),
        globals: f.globals.clone().into(),
        builtins: f.builtins.clone().into(),
        // A function frame's locals are read when asked for (and kept when
        // it ends), not copied now: a copy would keep values alive that the
        // frame drops meanwhile.
        dead: PyMutex::new((
            match f.locals {
                Some(_) => names::locals_mapping(vm, f)?,
                None => vm.ctx.new_dict().into(),
            },
            f.line(),
            f.lasti,
        )),
        dead_cells: PyMutex::new(Vec::new()),
        trace: PyMutex::new(None),
        trace_lines: AtomicBool::new(true),
        trace_opcodes: AtomicBool::new(false),
        jump: PyMutex::new(None),
        back: PyMutex::new(None),
        generator: PyMutex::new(None),
        inlined: f.inlined,
    }
    .into_ref(&vm.ctx)
    .into();
    let _ = f.obj.set(o.clone());
    Ok(o)
}

/// The jump a trace function asked for in `f` (`f_lineno = n`), taken.
pub fn take_jump(f: &Frame) -> Option<crate::jump::Jump> {
    existing_frame_object(f).and_then(|o| o.jump.lock().take())
}

/// Run `g` on the running hipy frame that the frame object `obj` stands
/// for (None if `obj` is not one of hipy's frame objects, or its frame has
/// ended or is a suspended generator's).
pub fn with_running_frame<R>(obj: &rustpython_vm::PyObject, g: impl FnOnce(&Frame) -> R) -> Option<R> {
    obj.downcast_ref::<FrameSnapshot>()?.live(g)
}

/// The code, globals and last instruction of the frame that the frame
/// object `obj` stood for, once that frame has ended.
pub fn ended_frame_parts(obj: &rustpython_vm::PyObject) -> Option<(PyRef<PyCode>, PyObjectRef, u32)> {
    let snapshot = obj.downcast_ref::<FrameSnapshot>()?;
    let code = snapshot.code.clone().downcast::<PyCode>().ok()?;
    Some((code, snapshot.globals.clone(), snapshot.dead.lock().2))
}

/// Whether `obj` is one of hipy's frame objects.
pub fn is_frame_object(obj: &rustpython_vm::PyObject) -> bool {
    obj.downcast_ref::<FrameSnapshot>().is_some()
}

/// The frame object of `f`, if one was made (no allocation otherwise).
#[inline]
pub fn existing_frame_object(f: &Frame) -> Option<&Py<FrameSnapshot>> {
    f.obj.get().and_then(|o| o.downcast_ref::<FrameSnapshot>())
}

/// `f` is ending: its frame object keeps what it last saw.
pub fn frame_ended(vm: &VirtualMachine, f: &Frame) {
    if let Some(o) = existing_frame_object(f) {
        let locals = names::locals_mapping(vm, f).unwrap_or_else(|_| vm.ctx.new_dict().into());
        let mut d = o.dead.lock();
        let keep = match (d.0.downcast_ref::<PyDict>(), locals.downcast_ref::<PyDict>()) {
            (Some(c), Some(n)) if f.locals.is_none() && !c.is(n) => {
                for (k, v) in n.items_vec() {
                    let _ = c.set_item(&*k, v, vm);
                }
                d.0.clone()
            }
            _ => locals,
        };
        *d = (keep, f.line(), f.lasti);
        drop(d);
        if f.locals.is_none() {
            *o.dead_cells.lock() = names::cells_of(vm, f);
        }
        // A generator's frame off the stack (suspended, or done) has no
        // f_back, as in CPython.
        use rustpython_vm::bytecode::CodeFlags;
        if f.code.flags.intersects(CodeFlags::GENERATOR | CodeFlags::COROUTINE | CodeFlags::ASYNC_GENERATOR) {
            *o.back.lock() = None;
            return;
        }
        // The frame has left its stack: the innermost running frame is the
        // one it returns to.
        let mut caller: Option<*const Frame> = None;
        runtime::walk_frames(|fr| {
            if !(fr as *const Frame as usize == f as *const Frame as usize && fr.serial == f.serial) {
                caller = Some(fr as *const Frame);
            }
            true
        });
        // SAFETY: the frame belongs to a running eval loop.
        let back = caller.and_then(|p| frame_object(vm, unsafe { &*p }).ok());
        *o.back.lock() = back;
    }
}

/// The frame object of `generator`'s frame `f`.
pub fn generator_frame_object(vm: &VirtualMachine, f: &Frame, generator: &rustpython_vm::PyObject) -> PyResult<PyObjectRef> {
    let o = frame_object(vm, f)?;
    if let Some(s) = o.downcast_ref::<FrameSnapshot>() {
        let mut g = s.generator.lock();
        if g.is_none() {
            *g = Some(generator.downgrade(None, vm)?);
        }
    }
    Ok(o)
}

type InitFunc = fn(&rustpython_vm::PyObject, FuncArgs, &VirtualMachine) -> PyResult<()>;
static SUPER_INIT: OnceLock<InitFunc> = OnceLock::new();

/// `super.__init__` with zero-argument support read from hipy's frame.
fn super_init(zelf: &rustpython_vm::PyObject, args: FuncArgs, vm: &VirtualMachine) -> PyResult<()> {
    let original = *SUPER_INIT.get().expect("super init saved");
    if !args.args.is_empty() || !args.kwargs.is_empty() {
        return original(zelf, args, vm);
    }
    let (cls, obj) = runtime::current_frame(|f| -> PyResult<(PyObjectRef, PyObjectRef)> {
        let Some(f) = f else {
            return Err(vm.new_runtime_error("super(): no current frame"));
        };
        let code = &f.code;
        if code.argcount == 0 && !code.flags.contains(CodeFlags::VARARGS) {
            return Err(vm.new_runtime_error("super(): no arguments"));
        }
        let mut obj = f.slots[0].clone();
        if code.slot_kinds[0] & CO_FAST_CELL != 0 {
            if let Some(c) = &obj {
                if c.class().is(vm.ctx.types.cell_type) {
                    obj = layout::cell_get(c, vm)?;
                }
            }
        }
        let Some(obj) = obj else {
            return Err(vm.new_runtime_error("super(): arg[0] deleted"));
        };
        let idx = (0..code.nlocalsplus).find(|&i| {
            code.slot_kinds[i] & CO_FAST_FREE != 0 && code.slot_names[i].as_str() == "__class__"
        });
        let Some(idx) = idx else {
            return Err(vm.new_runtime_error("super(): __class__ cell not found"));
        };
        let cell = f.slots[idx].clone().ok_or_else(|| vm.new_runtime_error("super(): __class__ cell not found"))?;
        let cls = layout::cell_get(&cell, vm)?.ok_or_else(|| vm.new_runtime_error("super(): empty __class__ cell"))?;
        if cls.downcast_ref::<PyType>().is_none() {
            return Err(vm.new_runtime_error(format!(
                "super(): __class__ is not a type ({})",
                cls.class().name()
            )));
        }
        Ok((cls, obj))
    })?;
    original(zelf, FuncArgs::from(vec![cls, obj]), vm)
}

/// The builtins `install` made, which read their caller's frame (and
/// `super`, whose zero-argument form does). Shared by every thread.
static FRAME_READERS: std::sync::OnceLock<Vec<PyObjectRef>> = std::sync::OnceLock::new();

/// Whether calling `callable` reads the caller's frame: its locals, globals,
/// line or the frames below it (`locals()`, `sys._getframe()`, `super()`...).
pub fn reads_caller_frame(vm: &VirtualMachine, callable: &rustpython_vm::PyObject) -> bool {
    callable.is(vm.ctx.types.super_type) || FRAME_READERS.get().is_some_and(|r| r.iter().any(|f| f.is(callable)))
}

/// Replace the frame-reading builtins.
pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    let _ = FrameSnapshot::make_static_type();
    let b = vm.builtins.as_object();
    ORIGINAL_DIR.get_or_init(|| b.get_attr("dir", vm).expect("builtins.dir"));
    ORIGINAL_COMPILE.get_or_init(|| b.get_attr("compile", vm).expect("builtins.compile"));
    let sys = vm.sys_module.as_object();
    let readers: [(&rustpython_vm::PyObject, &'static str, PyObjectRef); 9] = [
        (b, "globals", vm.new_function("globals", builtin_globals).into()),
        (b, "locals", vm.new_function("locals", builtin_locals).into()),
        (b, "vars", vm.new_function("vars", builtin_vars).into()),
        (b, "dir", vm.new_function("dir", builtin_dir).into()),
        (b, "eval", vm.new_function("eval", builtin_eval).into()),
        (b, "exec", vm.new_function("exec", builtin_exec).into()),
        (b, "__build_class__", vm.new_function("__build_class__", builtin_build_class).into()),
        (sys, "_getframe", vm.new_function("_getframe", sys_getframe).into()),
        (sys, "_getframemodulename", vm.new_function("_getframemodulename", sys_getframemodulename).into()),
    ];
    let mut made = Vec::with_capacity(readers.len());
    for (module, name, f) in readers {
        module.set_attr(name, f.clone(), vm)?;
        made.push(f);
    }
    let _ = FRAME_READERS.set(made);
    let super_slots = &vm.ctx.types.super_type.slots;
    if let Some(init) = super_slots.init.load() {
        SUPER_INIT.get_or_init(|| init);
        super_slots.init.store(Some(super_init));
    }
    let type_slots = &vm.ctx.types.type_type.slots;
    if let Some(new) = type_slots.new.load() {
        TYPE_NEW.get_or_init(|| new);
        type_slots.new.store(Some(type_new));
    }
    Ok(())
}

/// A copy of a class namespace in the order its own iteration gives, as
/// CPython's `PyDict_Copy` makes it (an `OrderedDict` keeps its order).
fn namespace_copy(vm: &VirtualMachine, obj: &PyObjectRef, ns: &PyDict) -> PyResult<PyDictRef> {
    if obj.class().is(vm.ctx.types.dict_type) {
        return Ok(ns.copy().into_ref(&vm.ctx));
    }
    let copy = vm.ctx.new_dict();
    let keys = vm.call_method(obj, "keys", ())?;
    for key in keys.get_iter(vm)?.iter::<PyObjectRef>(vm)? {
        let key = key?;
        copy.set_item(&*key, obj.get_item(&*key, vm)?, vm)?;
    }
    Ok(copy)
}

type NewSlot = fn(rustpython_vm::builtins::PyTypeRef, FuncArgs, &VirtualMachine) -> PyResult;
static TYPE_NEW: OnceLock<NewSlot> = OnceLock::new();

/// `type.__new__(meta, name, bases, ns, **kw)`: like CPython, a namespace without
/// `__module__` gets the caller's `__name__`. RustPython reads it from its
/// own frame chain, which does not hold hipy's frames, so set it here from
/// the innermost hipy frame (a copy of the namespace: the caller's dict is
/// left as it was, as CPython copies it too).
fn type_new(cls: rustpython_vm::builtins::PyTypeRef, mut args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    let original = *TYPE_NEW.get().expect("type_new installed with its original");
    if args.args.len() == 3 {
        if let Some(ns) = args.args[2].downcast_ref::<PyDict>() {
            let module_key = vm.ctx.intern_str("__module__");
            if ns.get_item_opt(module_key, vm)?.is_none() {
                let name = runtime::current_frame(|f| f.map(|f| f.globals.clone()))
                    .map(|g| g.get_item_opt(vm.ctx.intern_str("__name__"), vm))
                    .transpose()?
                    .flatten();
                if let Some(name) = name {
                    let copy = namespace_copy(vm, &args.args[2], ns)?;
                    copy.set_item(module_key, name, vm)?;
                    args.args[2] = copy.into();
                }
            }
        }
    }
    original(cls, args, vm)
}
