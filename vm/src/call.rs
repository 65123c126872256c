//! Calls: CALL / CALL_KW / CALL_FUNCTION_EX, binding arguments into a new
//! frame (with CPython's error messages), and instantiating Python classes.

use rustpython_vm::builtins::{PyDict, PyFunction, PyStr, PyStrRef, PyTuple, PyType};
use rustpython_vm::bytecode::CodeFlags;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::types::PyTypeFlags;
use rustpython_vm::{AsObject, Py, PyObject, PyObjectRef, PyResult, VirtualMachine};

use crate::code::{info_for, Borrowed, CallBinding, CodeInfo, Op, SiteCache, NO_SLOT};
use crate::eval::Flow;
use crate::frame::{Continuation, Frame};
use crate::{builtin_calls, generator, layout};

/// Keyword arguments of one call: names and values, in call order.
pub type Kwargs = Vec<(PyStrRef, PyObjectRef)>;

/// CALL argc / CALL_KW argc. Stack: callable, self_or_null, args...[, kwnames popped].
pub fn call(vm: &VirtualMachine, f: &mut Frame, op: Op, argc: usize, kwnames: Option<PyObjectRef>) -> PyResult<Flow> {
    if let Some(flow) = fast_call(vm, f, op, argc, kwnames.as_ref())? {
        return Ok(flow);
    }
    let nkw = match &kwnames {
        Some(k) => k
            .downcast_ref::<PyTuple>()
            .ok_or_else(|| vm.new_system_error("CALL_KW names are not a tuple"))?
            .len(),
        None => 0,
    };
    let base = f.slots.len() - argc - 2;
    let callable = f.slots[base].take().expect("callable on stack");
    let self_or_null = f.slots[base + 1].take();
    let npos = argc - nkw;
    let mut positional: Vec<PyObjectRef> = Vec::with_capacity(npos + 1);
    positional.extend(self_or_null);
    let mut args = f.slots.drain(base + 2..);
    positional.extend(args.by_ref().take(npos).map(|v| v.expect("argument on stack")));
    let kwvalues: Vec<PyObjectRef> = args.map(|v| v.expect("argument on stack")).collect();
    f.slots.truncate(base);
    let kwargs: Kwargs = match &kwnames {
        Some(names) => {
            let names = names.downcast_ref::<PyTuple>().unwrap();
            names
                .as_slice()
                .iter()
                .zip(kwvalues)
                .map(|(n, v)| (n.clone().downcast::<PyStr>().expect("kwnames are str"), v))
                .collect()
        }
        None => Vec::new(),
    };
    dispatch(vm, f, callable, positional, kwargs)
}

/// The decoded code of `func`, through the call site's inline cache; the
/// site's current callee is then `func`'s code (what `binding_of` reads).
fn callee_info(f: &Frame, op: Op, func: &Py<PyFunction>) -> std::rc::Rc<CodeInfo> {
    if let Some(cell) = f.code.cache(op) {
        let ptr = layout::function_code_addr(func);
        // SAFETY: per-thread cache, not borrowed across any call out.
        let cache = unsafe { &mut *cell.get() };
        if let SiteCache::Callee { code, info, bind, others } = cache {
            if *code == ptr {
                return info.clone();
            }
            // An earlier callee becomes the current one, the current one
            // an earlier one.
            if let Some(way) = others.iter_mut().find(|w| w.code == ptr) {
                std::mem::swap(code, &mut way.code);
                std::mem::swap(info, &mut way.info);
                std::mem::swap(bind, &mut way.bind);
                return info.clone();
            }
        }
        let code = layout::function_code(func);
        let info = info_for(&code);
        drop(code);
        // SAFETY: as above (`function_code` and `info_for` run no Python code).
        let cache = unsafe { &mut *cell.get() };
        let fresh = SiteCache::Callee { code: ptr, info: info.clone(), bind: None, others: Vec::new() };
        if let SiteCache::Callee { code, info, bind, mut others } = std::mem::replace(cache, fresh) {
            if others.len() + 1 >= crate::code::CALLEE_WAYS {
                others.remove(0);
            }
            others.push(crate::code::CalleeWay { code, info, bind });
            if let SiteCache::Callee { others: o, .. } = cache {
                *o = others;
            }
        }
        return info;
    }
    let code = layout::function_code(func);
    info_for(&code)
}

/// CALL / CALL_KW (`kwnames`: the names of the last arguments) of a
/// plain Python function: move the arguments from the caller's stack
/// straight into the new frame.
fn fast_call(vm: &VirtualMachine, f: &mut Frame, op: Op, argc: usize, kwnames: Option<&PyObjectRef>) -> PyResult<Option<Flow>> {
    let base = f.slots.len() - argc - 2;
    // A bound method with no explicit self: unpack it in place.
    if f.slots[base + 1].is_none() {
        if let Some((func, obj)) = f.slots[base].as_ref().and_then(|c| layout::unbind_method(vm, c)) {
            drop(f.slots[base].replace(func));
            f.slots[base + 1] = Some(obj);
        }
    }
    let has_self = f.slots[base + 1].is_some();
    let Some(callable) = f.slots[base].as_ref() else {
        return Ok(None);
    };
    // A Python function (the commonest callee of Python code) first.
    let Some(func) = exact_function(vm, callable) else {
        if kwnames.is_some() {
            if !has_self && callable.class().is(vm.ctx.types.type_type) {
                return fast_instantiate(vm, f, op, base, argc, kwnames);
            }
            return Ok(None);
        }
        if let Some(frame) = crate::push::consume::on_stack(vm, callable, f.slots[base + 1].as_ref(), &f.slots[base + 2..]) {
            f.truncate_release(base);
            return Ok(Some(Flow::Push(frame)));
        }
        if let Some(result) = builtin_calls::call(vm, callable, f.slots[base + 1].as_ref(), &f.slots[base + 2..]) {
            let value = result?;
            f.truncate_release(base);
            f.push(value);
            return Ok(Some(Flow::Next));
        }
        if is_native(vm, callable) {
            // What `dispatch` ends in for these, without its checks.
            let callable = f.slots[base].take().expect("callable on stack");
            let args: Vec<PyObjectRef> = f.slots.drain(base + 1..).flatten().collect();
            f.slots.truncate(base);
            let value = call_object(vm, &callable, args, Vec::new())?;
            f.push(value);
            return Ok(Some(Flow::Next));
        }
        if !has_self && callable.class().is(vm.ctx.types.type_type) {
            return fast_instantiate(vm, f, op, base, argc, None);
        }
        return Ok(None);
    };
    let info = callee_info(f, op, func);
    if kwnames.is_some() || !info.plain_params || info.argcount != argc + usize::from(has_self) {
        return match bind_call(vm, f, op, base, argc, kwnames, info)? {
            Some(Flow::Push(frame)) => begin(vm, f, frame).map(Some),
            other => Ok(other),
        };
    }
    // SAFETY: the frame holds `func_obj`, which keeps these alive.
    let (globals, builtins, closure) = unsafe { layout::frame_refs(vm, func)? };
    let func_obj = f.slots[base].take();
    let mut frame = Frame::new(info, globals, builtins, None, func_obj);
    frame.closure = closure;
    let start = if has_self { base + 1 } else { base + 2 };
    f.move_args(base, start, &mut frame, 0);
    begin(vm, f, frame).map(Some)
}

/// A frame whose arguments are bound starts: pushed to run, or for
/// generator code (its prologue run) wrapped in a new generator that goes
/// on the caller's stack.
#[inline(always)]
fn begin(vm: &VirtualMachine, f: &mut Frame, frame: Box<Frame>) -> PyResult<Flow> {
    if !frame.code.is_generator_like() {
        return Ok(Flow::Push(frame));
    }
    begin_generator(vm, f, frame)
}

/// `begin` for generator code.
#[inline(never)]
fn begin_generator(vm: &VirtualMachine, f: &mut Frame, mut frame: Box<Frame>) -> PyResult<Flow> {
    if let Err(e) = generator::prepare_frame(vm, &mut frame) {
        frame.recycle(vm);
        return Err(e);
    }
    f.push(generator::new_generator(vm, frame));
    Ok(Flow::Next)
}

/// A callee that `bind_call` can bind: optimized, no `*args` or
/// `**kwargs`, at most 64 parameters.
fn binds_plainly(info: &CodeInfo) -> bool {
    info.flags.contains(CodeFlags::OPTIMIZED)
        && !info.flags.intersects(CodeFlags::VARARGS | CodeFlags::VARKEYWORDS)
        && info.argcount + info.kwonlyargcount <= 64
}

/// Where a call site keeps its `CallBinding`: beside a Python callee, or
/// beside a class's `__init__`.
fn binding_of(cache: &mut SiteCache) -> Option<&mut Option<Box<CallBinding>>> {
    match cache {
        SiteCache::Callee { bind, .. } | SiteCache::Init { bind, .. } => Some(bind),
        _ => None,
    }
}

/// The site's binding for calling `func` with `kwnames`, brought up to
/// date: keyword slots for these names, defaults for this function.
fn site_binding<'a>(
    vm: &VirtualMachine,
    cell: &'a std::cell::UnsafeCell<SiteCache>,
    func: &Py<PyFunction>,
    info: &CodeInfo,
    kwnames: &[PyObjectRef],
    kwnames_addr: usize,
) -> PyResult<Option<&'a CallBinding>> {
    // SAFETY: per-thread cache; `callee_info` (or `fast_instantiate`) just
    // stored this site's callee.
    let Some(bind) = binding_of(unsafe { &mut *cell.get() }) else {
        return Ok(None);
    };
    let key = (func as *const Py<PyFunction> as usize, func.func_version());
    let fresh = match bind.as_deref() {
        Some(b) => b.kwnames != kwnames_addr || b.func != key || key.1 == 0,
        None => true,
    };
    if fresh {
        let total = info.argcount + info.kwonlyargcount;
        let kw_slots = kwnames
            .iter()
            .map(|name| {
                let name = name.downcast_ref::<PyStr>();
                (info.posonlyargcount..total)
                    .find(|&j| name.is_some_and(|n| n.as_object().is(info.slot_names[j].as_object()) || n.as_wtf8() == info.slot_names[j].as_wtf8()))
                    .map_or(NO_SLOT, |j| j as u32)
            })
            .collect();
        // Read through the attributes (no Python code runs: a function's
        // getters are native).
        let func_obj: &PyObjectRef = &func.to_owned().into();
        let defaults = tuple_attr(vm, func_obj, "__defaults__")?;
        let kwdefaults = func_obj.get_attr("__kwdefaults__", vm)?.downcast::<PyDict>().ok();
        // SAFETY: as above; nothing borrowed from the cache is live.
        let Some(bind) = binding_of(unsafe { &mut *cell.get() }) else {
            return Ok(None);
        };
        // Borrowed: the function holds them, under its version (`key`).
        let defaults = defaults.as_deref().map(Borrowed::new);
        let kwdefaults = kwdefaults.as_deref().map(Borrowed::new);
        *bind = Some(Box::new(CallBinding { kwnames: kwnames_addr, kw_slots, func: key, defaults, kwdefaults }));
        return Ok(bind.as_deref());
    }
    Ok(bind.as_deref())
}

/// CALL / CALL_KW of a plain Python function whose arguments bind without
/// an error: positional ones, keywords by the slots the site found for
/// their names, defaults for the rest. None (nothing done) for anything
/// else, which the generic binding (`bind_args`) handles or reports.
fn bind_call(
    vm: &VirtualMachine,
    f: &mut Frame,
    op: Op,
    base: usize,
    argc: usize,
    kwnames: Option<&PyObjectRef>,
    info: std::rc::Rc<CodeInfo>,
) -> PyResult<Option<Flow>> {
    if !binds_plainly(&info) || crate::code::forced_miss() {
        return Ok(None);
    }
    let names: &[PyObjectRef] = match kwnames {
        Some(k) => match k.downcast_ref::<PyTuple>() {
            Some(t) => t.as_slice(),
            None => return Ok(None),
        },
        None => &[],
    };
    let has_self = f.slots[base + 1].is_some();
    let nkw = names.len();
    if nkw > argc {
        return Ok(None);
    }
    let npos = argc - nkw + usize::from(has_self);
    let n = info.argcount;
    if npos > n {
        return Ok(None);
    }
    let Some(cell) = f.code.cache(op) else { return Ok(None) };
    let Some(func) = f.slots[base].as_ref().and_then(|c| exact_function(vm, c)) else {
        return Ok(None);
    };
    let kwnames_addr = kwnames.map_or(0, |k| &**k as *const PyObject as usize);
    let Some(bind) = site_binding(vm, cell, func, &info, names, kwnames_addr)? else {
        return Ok(None);
    };
    // Which parameters the keywords fill; a keyword that names no
    // parameter, or one a positional argument filled, is an error the
    // generic path reports.
    let mut filled: u64 = 0;
    for &j in bind.kw_slots.iter() {
        if j == NO_SLOT || (j as usize) < npos {
            return Ok(None);
        }
        filled |= 1 << j;
    }
    // SAFETY: `site_binding` matched the callee's address and version.
    let defaults: &[PyObjectRef] = bind.defaults.map_or(&[], |d| unsafe { d.get() }.as_slice());
    let first_default = n - defaults.len().min(n);
    for j in npos..n {
        if filled & (1 << j) == 0 && j < first_default {
            return Ok(None);
        }
    }
    // Owned: the cache may change once Python code runs (a key's `__eq__`
    // in a replaced `__kwdefaults__`).
    // SAFETY: as above.
    let kwdefaults = bind.kwdefaults.map(|d| unsafe { d.get() }.to_owned());
    let defaults = bind.defaults.map(|d| unsafe { d.get() }.to_owned());
    let kw_slots = bind.kw_slots.clone();
    let func_obj = f.slots[base].clone().expect("callable on stack");
    let func = exact_function(vm, &func_obj).expect("checked");
    // SAFETY: the frame holds `func_obj`, which keeps these alive.
    let (globals, builtins, closure) = unsafe { layout::frame_refs(vm, func)? };
    let mut frame = Frame::new(info.clone(), globals, builtins, None, Some(func_obj.clone()));
    frame.closure = closure;
    // Defaults first: a missing keyword-only argument leaves the caller's
    // stack untouched for the generic path.
    if let Some(d) = &defaults {
        let defs = d.as_slice();
        for j in npos.max(first_default)..n {
            if filled & (1 << j) == 0 {
                frame.slots[j] = Some(defs[j - first_default].clone());
            }
        }
    }
    for j in n..n + info.kwonlyargcount {
        if filled & (1 << j) != 0 {
            continue;
        }
        let v = match &kwdefaults {
            // Exact str keys: no Python code runs.
            Some(d) => d.get_item_opt(info.slot_names[j], vm)?,
            None => None,
        };
        match v {
            Some(v) => frame.slots[j] = Some(v),
            None => {
                frame.recycle(vm);
                return Ok(None);
            }
        }
    }
    drop(func_obj);
    let start = if has_self { base + 1 } else { base + 2 };
    let mut args = f.slots.drain(start..);
    for (i, v) in args.by_ref().take(npos).enumerate() {
        frame.init_slot(i, v);
    }
    for (&j, v) in kw_slots.iter().zip(args) {
        frame.slots[j as usize] = v;
    }
    f.slots.truncate(base);
    Ok(Some(Flow::Push(frame)))
}

/// A builtin function or a builtin type's method descriptor (`list.pop`):
/// called through RustPython's vectorcall, with `self` as the first argument.
fn is_native(vm: &VirtualMachine, callable: &PyObjectRef) -> bool {
    let class = callable.class();
    class.is(vm.ctx.types.builtin_function_or_method_type) || class.is(vm.ctx.types.method_descriptor_type)
}

/// What CALL of class `cls` does, when it is a plain Python class: None
/// unless its metaclass is `type`, it inherits `object.__new__`, and its
/// `__init__` is a Python function.
fn init_target(vm: &VirtualMachine, cls: &PyType) -> Option<PyObjectRef> {
    if !crate::exact::type_has(cls, PyTypeFlags::HEAPTYPE) {
        return None;
    }
    let new_name = vm.ctx.intern_str("__new__");
    match (cls.get_attr(new_name), vm.ctx.types.object_type.get_attr(new_name)) {
        (Some(a), Some(b)) if a.is(&b) => {}
        _ => return None,
    }
    let init = cls.get_attr(vm.ctx.intern_str("__init__"))?;
    exact_function(vm, &init)?;
    Some(init)
}

/// `object.__new__(cls)` through the type's `tp_new` slot.
pub fn new_instance(vm: &VirtualMachine, cls: &PyObjectRef) -> PyResult {
    let tp = cls.clone().downcast::<PyType>().map_err(|_| vm.new_type_error("expected a type"))?;
    match tp.slots.new.load() {
        Some(new) => new(tp, FuncArgs::default(), vm),
        None => Err(vm.new_type_error(format!("cannot create '{}' instances", tp.name()))),
    }
}

/// Whether `object.__new__(cls)` (without arguments) is only an
/// allocation: the class's `tp_new` slot is `object`'s and the class is not
/// abstract (`IS_ABSTRACT`, what `object.__new__` checks). Valid while the
/// class's version is unchanged.
pub(crate) fn allocates_plainly(vm: &VirtualMachine, cls: &PyType) -> bool {
    let same_new = match (cls.slots.new.load(), vm.ctx.types.object_type.slots.new.load()) {
        (Some(a), Some(b)) => std::ptr::fn_addr_eq(a, b),
        _ => false,
    };
    same_new && !crate::exact::type_has(cls, PyTypeFlags::IS_ABSTRACT)
}

/// What `object.__new__(cls)` makes when `allocates_plainly(cls)`: an
/// object whose instance dict, if the class has one, is made by the first
/// attribute store or `__dict__` read (`layout::instances::make_dict`).
pub(crate) fn alloc_plain(_vm: &VirtualMachine, cls: rustpython_vm::builtins::PyTypeRef) -> PyObjectRef {
    rustpython_vm::PyRef::new_ref(rustpython_vm::builtins::PyBaseObject, cls, None).into()
}

/// Whether CALL of `cls` is `object.__new__` then `object.__init__`: a
/// plain Python class that defines neither (its metaclass is `type`, which
/// the caller checked). Valid while the class's version is unchanged.
fn new_only(vm: &VirtualMachine, cls: &PyType) -> bool {
    if !crate::exact::type_has(cls, PyTypeFlags::HEAPTYPE) || !allocates_plainly(vm, cls) {
        return false;
    }
    let object = vm.ctx.types.object_type;
    ["__new__", "__init__"].iter().all(|name| {
        let name = vm.ctx.intern_str(*name);
        matches!((cls.get_attr(name), object.get_attr(name)), (Some(a), Some(b)) if a.is(&b))
    })
}

/// CALL of a plain Python class with exactly `__init__`'s positional
/// parameters: allocate the instance and push the `__init__` frame.
fn fast_instantiate(
    vm: &VirtualMachine,
    f: &mut Frame,
    op: Op,
    base: usize,
    argc: usize,
    kwnames: Option<&PyObjectRef>,
) -> PyResult<Option<Flow>> {
    let cls_obj = f.slots[base].as_ref().expect("callable").clone();
    let cls = cls_obj.downcast_ref::<PyType>().expect("a type");
    let key = (
        &**cls as *const PyType as usize,
        cls.tp_version_tag.load(std::sync::atomic::Ordering::Acquire),
    );
    let code = f.code.clone();
    let cell = code.cache(op);
    // SAFETY: per-thread cache; the borrow ends before any call out.
    let hit = cell.and_then(|c| match unsafe { &*c.get() } {
        // SAFETY: the key matched the class being called.
        SiteCache::Init { tp, version, init, info, plain, .. } if (*tp, *version) == key && key.1 != 0 => {
            Some((unsafe { init.get() }.to_owned(), info.clone(), *plain))
        }
        _ => None,
    });
    // Assigning `__init__.__code__` leaves the class's version as it was.
    let hit = hit.filter(|(init, info, _)| {
        exact_function(vm, init).is_some_and(|func| layout::function_code_addr(func) == layout::addr(info.code.as_object()))
    });
    if hit.is_none() && cell.is_some_and(|c| matches!(unsafe { &*c.get() }, SiteCache::New { tp, version } if (*tp, *version) == key && key.1 != 0)) {
        return new_only_call(vm, f, None, key, base, argc, kwnames);
    }
    let (init, info, plain) = match hit {
        Some(h) => h,
        None => {
            let Some(init) = init_target(vm, cls) else {
                return new_only_call(vm, f, cell, key, base, argc, kwnames);
            };
            let func = exact_function(vm, &init).expect("checked");
            let code_obj = layout::function_code(func);
            let info = info_for(&code_obj);
            let plain = allocates_plainly(vm, cls);
            let version = cls.tp_version_tag.load(std::sync::atomic::Ordering::Acquire);
            if let Some(c) = cell {
                if version != 0 {
                    unsafe {
                        *c.get() = SiteCache::Init { tp: key.0, version, init: Borrowed::new(&*init), info: info.clone(), plain, bind: None }
                    };
                }
            }
            (init, info, plain)
        }
    };
    let exact = kwnames.is_none() && info.simple_args && info.argcount == argc + 1;
    // (A generator `__init__` is the generic path's TypeError.)
    if !exact && (!binds_plainly(&info) || info.is_generator_like()) {
        return Ok(None);
    }
    let alloc = |vm: &VirtualMachine| {
        if plain && !crate::code::forced_miss() {
            Ok(alloc_plain(vm, cls_obj.clone().downcast::<PyType>().expect("a type")))
        } else {
            new_instance(vm, &cls_obj)
        }
    };
    if !exact {
        // Keywords or defaults: bind as a call of `__init__`, the class
        // standing in for self; anything else is left to the generic path,
        // with the stack as it was. The instance is made once the arguments
        // bound: one made for nothing would run its `__del__`.
        f.slots[base] = Some(init);
        f.slots[base + 1] = Some(cls_obj.clone());
        return match bind_call(vm, f, op, base, argc, kwnames, info) {
            Ok(Some(Flow::Push(mut frame))) => {
                let instance = match alloc(vm) {
                    Ok(i) => i,
                    Err(e) => {
                        frame.recycle(vm);
                        return Err(e);
                    }
                };
                frame.slots[0] = Some(instance.clone());
                frame.ret = Continuation::Init(instance);
                Ok(Some(Flow::Push(frame)))
            }
            Ok(Some(_)) => unreachable!("bind_call pushes a frame or does nothing"),
            other => {
                f.slots[base] = Some(cls_obj.clone());
                f.slots[base + 1] = None;
                other.map(|_| None)
            }
        };
    }
    let instance = alloc(vm)?;
    let func = exact_function(vm, &init).expect("cached __init__ is a function");
    // SAFETY: the frame holds `init`, which keeps these alive.
    let (globals, builtins, closure) = unsafe { layout::frame_refs(vm, func)? };
    let mut frame = Frame::new(info, globals, builtins, None, Some(init));
    frame.closure = closure;
    frame.init_slot(0, Some(instance.clone()));
    let cls_slot = f.slots[base].take();
    f.move_args(base, base + 2, &mut frame, 1);
    drop(cls_slot);
    drop(cls_obj);
    frame.ret = Continuation::Init(instance);
    Ok(Some(Flow::Push(frame)))
}

/// CALL of a class for which `new_only` holds (checked now, or by the
/// site's `SiteCache::New` under the class's version `key.1`, `cell` None
/// then): with no arguments, the instance is only an allocation. With
/// arguments, the generic path raises `object`'s TypeError.
fn new_only_call(
    vm: &VirtualMachine,
    f: &mut Frame,
    cell: Option<&std::cell::UnsafeCell<SiteCache>>,
    key: (usize, u32),
    base: usize,
    argc: usize,
    kwnames: Option<&PyObjectRef>,
) -> PyResult<Option<Flow>> {
    let cls_obj = f.slots[base].as_ref().expect("callable");
    let cls = cls_obj.downcast_ref::<PyType>().expect("a type");
    if let Some(c) = cell {
        if key.1 == 0 || !new_only(vm, cls) {
            return Ok(None);
        }
        // SAFETY: per-thread cache, no borrow of it is live.
        unsafe { *c.get() = SiteCache::New { tp: key.0, version: key.1 } };
    }
    if argc != 0 || kwnames.is_some() || crate::code::forced_miss() {
        return Ok(None);
    }
    let instance = alloc_plain(vm, cls.to_owned());
    f.truncate_release(base);
    f.push(instance);
    Ok(Some(Flow::Next))
}

/// Call `callable`: push a frame when it is Python code we run ourselves,
/// otherwise call it through RustPython and push the result.
fn dispatch(
    vm: &VirtualMachine,
    f: &mut Frame,
    callable: PyObjectRef,
    mut positional: Vec<PyObjectRef>,
    kwargs: Kwargs,
) -> PyResult<Flow> {
    let (target, self_arg) = match layout::unbind_method(vm, &callable) {
        Some((func, obj)) => (func, Some(obj)),
        None => (callable, None),
    };
    if let Some(obj) = self_arg {
        positional.insert(0, obj);
    }
    if let Some(func) = exact_function(vm, &target) {
        let frame = frame_for_call(vm, &target, func, positional, kwargs)?;
        return Ok(start(vm, f, frame));
    }
    if let Some(flow) = instantiate(vm, f, &target, &positional, &kwargs)? {
        return Ok(flow);
    }
    let result = call_object(vm, &target, positional, kwargs)?;
    f.push(result);
    Ok(Flow::Next)
}

/// Push a started frame, or for generator code wrap it in a generator.
fn start(vm: &VirtualMachine, f: &mut Frame, frame: Box<Frame>) -> Flow {
    if frame.code.is_generator_like() {
        f.push(generator::new_generator(vm, frame));
        Flow::Next
    } else {
        Flow::Push(frame)
    }
}

pub fn exact_function<'a>(vm: &VirtualMachine, obj: &'a PyObjectRef) -> Option<&'a Py<PyFunction>> {
    if obj.class().is(vm.ctx.types.function_type) {
        obj.downcast_ref::<PyFunction>()
    } else {
        None
    }
}

/// Call any object through RustPython's protocol: a vectorcall, whose
/// keyword names stay the str objects they are (no copy of a name into a
/// map here, and a native callable's error wording reads them only when the
/// call fails).
pub fn call_object(vm: &VirtualMachine, callable: &PyObjectRef, positional: Vec<PyObjectRef>, kwargs: Kwargs) -> PyResult {
    let nargs = positional.len();
    if kwargs.is_empty() {
        return callable.vectorcall(positional, nargs, None, vm);
    }
    let mut args = positional;
    args.reserve_exact(kwargs.len());
    let mut names: Vec<PyObjectRef> = Vec::with_capacity(kwargs.len());
    for (name, value) in kwargs {
        names.push(name.into());
        args.push(value);
    }
    callable.vectorcall(args, nargs, Some(&names), vm)
}

/// CALL_FUNCTION_EX. Stack: callable, self_or_null, args tuple, kwargs dict or NULL.
pub fn call_function_ex(vm: &VirtualMachine, f: &mut Frame) -> PyResult<Flow> {
    let kwargs_obj = f.pop_opt();
    let args_obj = f.pop();
    let self_or_null = f.pop_opt();
    let callable = f.pop();
    let mut positional: Vec<PyObjectRef> = Vec::new();
    positional.extend(self_or_null);
    if let Some(t) = args_obj.downcast_ref::<PyTuple>() {
        positional.extend(t.as_slice().iter().cloned());
    } else {
        let items: Vec<PyObjectRef> = args_obj.try_to_value(vm).map_err(|_| {
            vm.new_type_error(format!(
                "{} argument after * must be an iterable, not {}",
                crate::ops::function_str(vm, &callable),
                args_obj.class().name()
            ))
        })?;
        positional.extend(items);
    }
    let mut kwargs: Kwargs = Vec::new();
    if let Some(kw) = kwargs_obj {
        let dict = kw
            .downcast_ref::<PyDict>()
            .ok_or_else(|| vm.new_system_error("CALL_FUNCTION_EX kwargs is not a dict"))?;
        for (k, v) in dict.items_vec() {
            let k = k
                .downcast::<PyStr>()
                .map_err(|_| vm.new_type_error("keywords must be strings"))?;
            kwargs.push((k, v));
        }
    }
    dispatch(vm, f, callable, positional, kwargs)
}

/// Build the frame for calling Python function `func_obj` with these arguments.
pub fn frame_for_call(
    vm: &VirtualMachine,
    func_obj: &PyObjectRef,
    func: &Py<PyFunction>,
    positional: Vec<PyObjectRef>,
    kwargs: Kwargs,
) -> PyResult<Box<Frame>> {
    let code = layout::function_code(func);
    let info = info_for(&code);
    // SAFETY: the frame holds `func_obj`, which keeps these alive.
    let (globals, builtins, closure) = unsafe { layout::frame_refs(vm, func)? };
    let locals = if info.flags.contains(CodeFlags::NEWLOCALS) || info.flags.contains(CodeFlags::OPTIMIZED) {
        None
    } else {
        Some(globals.to_ref().into())
    };
    let mut frame = Frame::new(info, globals, builtins, locals, Some(func_obj.clone()));
    frame.closure = closure;
    bind_args(vm, func_obj, &mut frame, positional, kwargs)?;
    if frame.code.is_generator_like() {
        // Skip RETURN_GENERATOR (+ its POP_TOP runs on the first send).
        generator::prepare_frame(vm, &mut frame)?;
    }
    Ok(frame)
}

pub fn builtins_dict(vm: &VirtualMachine, b: &PyObjectRef) -> PyResult<rustpython_vm::builtins::PyDictRef> {
    if let Ok(d) = b.clone().downcast::<PyDict>() {
        return Ok(d);
    }
    if let Some(m) = b.downcast_ref::<rustpython_vm::builtins::PyModule>() {
        return Ok(m.dict());
    }
    Ok(vm.builtins.dict())
}

fn qualname(vm: &VirtualMachine, func: &PyObjectRef, code: &CodeInfo) -> String {
    match func.get_attr("__qualname__", vm) {
        Ok(q) => match q.downcast_ref::<PyStr>() {
            Some(s) => s.as_wtf8().to_string(),
            None => code.qualname().to_owned(),
        },
        Err(_) => code.qualname().to_owned(),
    }
}

fn format_names(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    match quoted.len() {
        0 => String::new(),
        1 => quoted[0].clone(),
        2 => format!("{} and {}", quoted[0], quoted[1]),
        n => format!("{}, and {}", quoted[..n - 1].join(", "), quoted[n - 1]),
    }
}

/// Fill the argument slots of `frame` (CPython's `initialize_locals`).
pub fn bind_args(
    vm: &VirtualMachine,
    func: &PyObjectRef,
    frame: &mut Frame,
    positional: Vec<PyObjectRef>,
    kwargs: Kwargs,
) -> PyResult<()> {
    let code = frame.code.clone();
    let n = code.argcount;
    let total = n + code.kwonlyargcount;
    let has_varargs = code.flags.contains(CodeFlags::VARARGS);
    let has_varkw = code.flags.contains(CodeFlags::VARKEYWORDS);
    let varkw_slot = total + usize::from(has_varargs);
    let slots = &mut frame.slots;

    let kwdict = if has_varkw {
        let d = vm.ctx.new_dict();
        slots[varkw_slot] = Some(d.clone().into());
        Some(d)
    } else {
        None
    };

    let given = positional.len();
    let mut extra: Vec<PyObjectRef> = Vec::new();
    for (i, v) in positional.into_iter().enumerate() {
        if i < n {
            slots[i] = Some(v);
        } else {
            extra.push(v);
        }
    }
    if has_varargs {
        slots[total] = Some(vm.ctx.new_tuple(extra.clone()).into());
    }

    let mut posonly_as_kw: Vec<&str> = Vec::new();
    for (name, value) in kwargs {
        let key = name.as_wtf8();
        let found = (code.posonlyargcount..total).find(|&j| code.slot_names[j].as_wtf8() == key);
        match found {
            Some(j) => {
                if slots[j].is_some() {
                    return Err(vm.new_type_error(format!(
                        "{}() got multiple values for argument '{}'",
                        qualname(vm, func, &code),
                        key
                    )));
                }
                slots[j] = Some(value);
            }
            None => match &kwdict {
                Some(d) => d.set_item(&*name, value, vm)?,
                None => {
                    if let Some(j) = (0..code.posonlyargcount).find(|&j| code.slot_names[j].as_wtf8() == key) {
                        posonly_as_kw.push(code.slot_names[j].as_str());
                        continue;
                    }
                    return Err(vm.new_type_error(format!(
                        "{}() got an unexpected keyword argument '{}'",
                        qualname(vm, func, &code),
                        key
                    )));
                }
            },
        }
    }
    if !posonly_as_kw.is_empty() {
        return Err(vm.new_type_error(format!(
            "{}() got some positional-only arguments passed as keyword arguments: '{}'",
            qualname(vm, func, &code),
            posonly_as_kw.join(", ")
        )));
    }

    if given > n && !has_varargs {
        let defaults = tuple_attr(vm, func, "__defaults__")?;
        let ndef = defaults.as_ref().map_or(0, |d| d.len());
        let kwonly_given = (n..total).filter(|&j| slots[j].is_some()).count();
        let sig = if ndef > 0 {
            format!("from {} to {}", n - ndef, n)
        } else {
            format!("{n}")
        };
        let kwonly_sig = if kwonly_given > 0 {
            format!(
                " positional argument{} (and {} keyword-only argument{})",
                if given != 1 { "s" } else { "" },
                kwonly_given,
                if kwonly_given != 1 { "s" } else { "" }
            )
        } else {
            String::new()
        };
        return Err(vm.new_type_error(format!(
            "{}() takes {} positional argument{} but {}{} {} given",
            qualname(vm, func, &code),
            sig,
            if n == 1 { "" } else { "s" },
            given,
            kwonly_sig,
            if given == 1 && kwonly_given == 0 { "was" } else { "were" }
        )));
    }

    // Defaults for missing positional parameters.
    if (0..n).any(|j| slots[j].is_none()) {
        let defaults = tuple_attr(vm, func, "__defaults__")?;
        let defs: &[PyObjectRef] = defaults.as_ref().map_or(&[], |d| d.as_slice());
        let first_default = n - defs.len().min(n);
        let mut missing: Vec<&str> = Vec::new();
        for j in 0..n {
            if slots[j].is_none() {
                if j >= first_default {
                    slots[j] = Some(defs[j - first_default].clone());
                } else {
                    missing.push(code.slot_names[j].as_str());
                }
            }
        }
        if !missing.is_empty() {
            return Err(vm.new_type_error(format!(
                "{}() missing {} required positional argument{}: {}",
                qualname(vm, func, &code),
                missing.len(),
                if missing.len() == 1 { "" } else { "s" },
                format_names(&missing)
            )));
        }
    }
    // Keyword-only parameters.
    if (n..total).any(|j| slots[j].is_none()) {
        let kwdefaults = func.get_attr("__kwdefaults__", vm)?;
        let kwdefaults = kwdefaults.downcast_ref::<PyDict>();
        let mut missing: Vec<&str> = Vec::new();
        for j in n..total {
            if slots[j].is_none() {
                let name = code.slot_names[j];
                match kwdefaults.map(|d| d.get_item_opt(name, vm)).transpose()?.flatten() {
                    Some(v) => slots[j] = Some(v),
                    None => missing.push(name.as_str()),
                }
            }
        }
        if !missing.is_empty() {
            return Err(vm.new_type_error(format!(
                "{}() missing {} required keyword-only argument{}: {}",
                qualname(vm, func, &code),
                missing.len(),
                if missing.len() == 1 { "" } else { "s" },
                format_names(&missing)
            )));
        }
    }
    Ok(())
}

fn tuple_attr(vm: &VirtualMachine, func: &PyObjectRef, name: &'static str) -> PyResult<Option<rustpython_vm::PyRef<PyTuple>>> {
    let v = func.get_attr(name, vm)?;
    if vm.is_none(&v) {
        return Ok(None);
    }
    Ok(v.downcast::<PyTuple>().ok())
}

/// Instantiate a plain Python class in our loop: `object.__new__(cls)`, then
/// push the `__init__` frame with a continuation that checks its result and
/// leaves the instance on the stack. Returns None when the class needs the
/// general path (custom metaclass, `__new__`, or a non-Python `__init__`).
fn instantiate(
    vm: &VirtualMachine,
    f: &mut Frame,
    target: &PyObjectRef,
    positional: &[PyObjectRef],
    kwargs: &Kwargs,
) -> PyResult<Option<Flow>> {
    let Some(cls) = target.downcast_ref::<PyType>() else {
        return Ok(None);
    };
    if !target.class().is(vm.ctx.types.type_type) {
        return Ok(None);
    }
    let Some(init) = init_target(vm, cls) else {
        return Ok(None);
    };
    let init_func = exact_function(vm, &init).expect("checked");
    let instance = new_instance(vm, target)?;
    let mut args = Vec::with_capacity(positional.len() + 1);
    args.push(instance.clone());
    args.extend(positional.iter().cloned());
    let mut frame = frame_for_call(vm, &init, init_func, args, kwargs.clone())?;
    if frame.code.is_generator_like() {
        // `__init__` written as a generator returns a generator, not None.
        let g = generator::new_generator(vm, frame);
        return Err(vm.new_type_error(format!(
            "__init__() should return None, not '{}'",
            g.class().name()
        )));
    }
    frame.ret = Continuation::Init(instance);
    let _ = f;
    Ok(Some(Flow::Push(frame)))
}
