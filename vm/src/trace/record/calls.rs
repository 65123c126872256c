//! Calls: Python functions and methods inlined (their frames shadowed),
//! builtins the trace computes itself, and everything else as residual calls.

use super::*;
use rustpython_vm::builtins::PyStr;
use rustpython_vm::bytecode::CodeFlags;

/// Where an inlined call's values go in the callee's slots: the arguments
/// on the stack in their order (positional, then keyword values), and the
/// defaults of the parameters the call leaves out.
pub(super) struct InlineBinding {
    arg_slots: Vec<usize>,
    defaults: Vec<(usize, Sh)>,
    /// Defaults are used: the trace guards the function's version.
    versioned: bool,
}

impl InlineBinding {
    /// `n` positional arguments into the first `n` slots.
    fn positional(n: usize) -> Self {
        Self { arg_slots: (0..n).collect(), defaults: Vec::new(), versioned: false }
    }
}

/// The `__init__` the interpreter's cache at `op` holds for the class with
/// `key` (its address and version), unless `__init__.__code__` was assigned
/// since (the interpreter then looks it up again).
fn init_hit(vm: &VirtualMachine, f: &Frame, op: Op, key: (usize, u32)) -> Option<(PyObjectRef, Rc<CodeInfo>)> {
    let hit = f.code.cache(op).and_then(|c| match unsafe { &*c.get() } {
        // SAFETY: the key matched the class being called.
        SiteCache::Init { tp, version, init, info, .. } if (*tp, *version) == key && key.1 != 0 => {
            Some((unsafe { init.get() }.to_owned(), info.clone()))
        }
        _ => None,
    })?;
    let func = crate::call::exact_function(vm, &hit.0)?;
    (crate::layout::function_code_addr(func) == crate::layout::addr(hit.1.code.as_object())).then_some(hit)
}

impl Recorder {
    pub(super) fn call_op(&mut self, vm: &VirtualMachine, f: &Frame, op: Op, pc: u32, argc: usize) -> Result<(), Abort> {
        if let Some(unmade) = self.unmade.take() {
            return self.consume_unmade(vm, f, unmade);
        }
        let base = f.slots.len() - argc - 2;
        let callable = f.slots[base].clone().ok_or("NULL callable")?;
        let self_arg = f.slots[base + 1].is_some();
        // What the recorder pushed must be what the interpreter pushed (a
        // method load that took another path would call without `self`).
        if self_arg == matches!(self.peek(argc), Sh::Null) {
            abort!("the recorded stack differs from the frame's at a call");
        }
        let nargs = argc + usize::from(self_arg);
        let s_callable = self.peek(argc + 1);
        let Sh::Val { op: callee, repr: Repr::Obj, .. } = s_callable else { abort!("callable is not an object") };
        // Compiled code keeps the loop frame's values in registers and runs
        // inlined calls without frames: what reads the caller's frame would
        // read a stale or wrong one.
        if crate::introspect::reads_caller_frame(vm, &callable) {
            abort!("call of a builtin that reads the caller's frame");
        }
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        // Arguments in order (self first when present).
        let depth = self.frames.last().unwrap().slots.len();
        let first = if self_arg { depth - argc - 1 } else { depth - argc };
        let args: Vec<Sh> = self.frames.last().unwrap().slots[first..].to_vec();

        // A Python function with its positional parameters, the last ones
        // possibly left to their defaults: inline (past the inlining depth,
        // as recursion goes, a residual call).
        let inlinable = self.frames.len() < MAX_DEPTH;
        // A function made in this trace (a lambda or closure made and called
        // in the loop) is another object at each iteration: no identity
        // guard can hold, so it is called, not inlined.
        if inlinable && callable.class().is(vm.ctx.types.function_type) && !self.made_here(s_callable) {
            let func = callable.downcast_ref::<PyFunction>().unwrap();
            let code = crate::layout::function_code(func);
            let info = crate::code::info_for(&code);
            if !info.has_loops && !self.is_inlined(&info) {
                if let Some(bind) = self.bind_inline(vm, &callable, func, &info, nargs, &[]) {
                    let k = self.constant(&callable, info.qualname());
                    self.b.guard(Opcode::GuardIdentity, &[callee, k.into()], snap);
                    self.guard_code(&callable, &info, snap);
                    if bind.versioned {
                        self.guard_function_version(k, func, snap);
                    }
                    return self.inline(&callable, info, args, bind, None, base, f);
                }
            }
        }
        // A plain Python class: allocate, then inline `__init__`.
        if inlinable && !self_arg && callable.class().is(vm.ctx.types.type_type) {
            let cls = callable.downcast_ref::<PyType>().unwrap();
            let key = (&**cls as *const PyType as usize, cls.tp_version_tag.load(std::sync::atomic::Ordering::Acquire));
            let hit = init_hit(vm, f, op, key);
            let new_only = f.code.cache(op).is_some_and(|c| {
                // SAFETY: per-thread cache, read only here.
                matches!(unsafe { &*c.get() }, SiteCache::New { tp, version } if (*tp, *version) == key && key.1 != 0)
            });
            if new_only && argc == 0 {
                // Neither `__new__` nor `__init__` defined: only an allocation.
                let k = self.constant(&callable, &cls.name());
                self.b.guard(Opcode::GuardIdentity, &[callee, k.into()], snap);
                self.guard_u32_field(k, self.layout.version_offset, key.1, snap);
                let inst = self.new_instance(vm, cls, k, pc);
                return self.finish_call(argc, Sh::val(inst, Repr::Obj, true));
            }
            if let Some((init, info)) = hit {
                if self.inline_init(vm, f, pc, &callable, callee, key.1, init, info, args.clone(), &[], base, snap)? {
                    return Ok(());
                }
            }
        }
        // `isinstance(x, C)` with C a class of metaclass `type` (no
        // __instancecheck__): fixed by x's class, which the trace guards. A
        // false answer also depends on `x.__class__`, which isinstance reads
        // when x's class is no subclass of C: fixed too while x's class
        // reads it the default way (its version guards that).
        if nargs == 2 && !self_arg && callable.is(&vm.builtins.get_attr("isinstance", vm).map_err(|_| "no isinstance")?) {
            let obj = f.slots[f.slots.len() - 2].clone().ok_or("NULL argument")?;
            let cls = f.slots[f.slots.len() - 1].clone().ok_or("NULL argument")?;
            let c = cls.downcast_ref::<PyType>().filter(|c| c.class().is(vm.ctx.types.type_type));
            let yes = c.is_some_and(|c| obj.class().fast_issubclass(c));
            if let Some(c) = c.filter(|_| yes || default_class_attribute(vm, obj.class())) {
                let k = self.constant(&callable, "isinstance");
                self.b.guard(Opcode::GuardIdentity, &[callee, k.into()], snap);
                let kc = self.constant(&cls, &c.name());
                let Sh::Val { op: co, repr: Repr::Obj, .. } = args[1] else { abort!("isinstance of an unboxed class") };
                self.b.guard(Opcode::GuardIdentity, &[co, kc.into()], snap);
                if let Sh::Val { op: oo, repr: Repr::Obj, .. } = args[0] {
                    if yes {
                        let t = self.type_const(vm, obj.class());
                        self.b.guard_class(oo, t, snap);
                    } else {
                        self.version_guard(vm, oo, obj.class(), snap);
                    }
                }
                return self.finish_call(argc, Sh::val(Operand::Int(yes as i64), Repr::Bool, false));
            }
        }
        // `len(x)`.
        if nargs == 1 && !self_arg && callable.is(&vm.builtins.get_attr("len", vm).map_err(|_| "no len")?) {
            let k = self.constant(&callable, "len");
            self.b.guard(Opcode::GuardIdentity, &[callee, k.into()], snap);
            let (x, xt) = self.as_obj(args[0]).ok_or("len of NULL")?;
            if let Some(n) = self.exact_seq_len(vm, x, f.slots.last().unwrap().as_ref().expect("argument"), snap) {
                self.release_temp(x, xt);
                return self.finish_call(argc, Sh::val(n, Repr::Int, false));
            }
            let raise = self.snapshot(SnapshotKind::RaisePending, pc);
            let n = self.call(Helper::Len, &[x]).expect("i64");
            let ok = self.b.op(Opcode::IntNe, &[n.into(), (-1i64).into()]);
            self.b.guard_true(ok, raise);
            self.release_temp(x, xt);
            return self.finish_call(argc, Sh::val(n, Repr::Int, false));
        }
        // `sum(seq)` of an exact list or tuple: the sum itself, without the
        // builtin's argument handling.
        if nargs == 1 && !self_arg && callable.is(&vm.builtins.get_attr("sum", vm).map_err(|_| "no sum")?) {
            let arg_obj = f.slots.last().unwrap().as_ref().expect("argument");
            if let Some((cls, _)) = self.exact_seq(vm, arg_obj) {
                let k = self.constant(&callable, "sum");
                self.b.guard(Opcode::GuardIdentity, &[callee, k.into()], snap);
                let (x, xt) = self.as_obj(args[0]).ok_or("sum of NULL")?;
                let c = self.type_const(vm, cls);
                self.b.guard_class(x, c, snap);
                let raise = self.snapshot(SnapshotKind::RaisePending, pc);
                let r = self.call(Helper::SumSeq, &[x]).expect("obj");
                self.b.guard_nonnull(r, raise);
                self.release_temp(x, xt);
                return self.finish_call(argc, Sh::val(r, Repr::Obj, true));
            }
        }
        // `float(i)` of an int: the conversion itself (rounded to nearest
        // even, as CPython's for ints in i64's range; a larger int fails the
        // unboxing guard).
        if nargs == 1 && !self_arg && callable.is(vm.ctx.types.float_type) {
            let arg_obj = f.slots.last().unwrap().as_ref().unwrap();
            if int_value(vm, arg_obj).is_some() {
                let k = self.constant(&callable, "float");
                self.b.guard(Opcode::GuardIdentity, &[callee, k.into()], snap);
                let i = self.as_int(vm, args[0], arg_obj, snap).ok_or("int")?;
                let x = self.b.op(Opcode::IntToF64, &[i]);
                return self.finish_call(argc, Sh::val(x, Repr::Float, false));
            }
        }
        // math functions on floats, called directly.
        if nargs == 1 && !self_arg {
            if let Some((helper, domain)) = math_function(vm, &callable) {
                let arg_obj = f.slots.last().unwrap().as_ref().unwrap();
                if float_value(vm, arg_obj).is_some() || int_value(vm, arg_obj).is_some() {
                    let k = self.constant(&callable, helper.name());
                    self.b.guard(Opcode::GuardIdentity, &[callee, k.into()], snap);
                    let x = self.as_float(vm, args[0], arg_obj, snap).ok_or("float")?;
                    match domain {
                        Domain::NonNegative => {
                            let ok = self.b.op(Opcode::FloatGe, &[x, 0.0f64.into()]);
                            self.b.guard_true(ok, snap);
                        }
                        Domain::Finite => {
                            let a = self.b.op(Opcode::FloatAbs, &[x]);
                            let ok = self.b.op(Opcode::FloatLt, &[a.into(), f64::INFINITY.into()]);
                            self.b.guard_true(ok, snap);
                        }
                        Domain::Any => {}
                    }
                    let r = self.call(helper, &[x]).expect("f64");
                    if matches!(domain, Domain::Finite) && helper == Helper::Exp {
                        let ok = self.b.op(Opcode::FloatLt, &[r.into(), f64::INFINITY.into()]);
                        self.b.guard_true(ok, snap);
                    }
                    return self.finish_call(argc, Sh::val(r, Repr::Float, false));
                }
            }
        }
        // `list.append(x)` and `list.pop([i])` of an exact list,
        // `dict.get(k[, default])` of an exact dict.
        if self_arg {
            if let Some(m) = crate::builtin_calls::method_of(&callable).filter(|m| m.takes(argc)) {
                let receiver = f.slots[base + 1].as_ref().expect("self");
                if receiver.class().is(m.receiver(vm)) {
                    return self.builtin_method(vm, f, m, callee, &args, snap, pc, argc);
                }
            }
        }
        // `list(gen(x))`, `sep.join(f(x) for x in xs)`...: a generator the
        // next instruction consumes is not made.
        if self.defer_generator(vm, f, &callable, callee, base, &args, snap)? {
            return Ok(());
        }
        // `list(g)`, `tuple(g)`, `set(g)` and `sep.join(g)` of a plain
        // generator: its body inline, its values added to the container.
        if argc == 1 {
            let arg_obj = f.slots.last().unwrap().as_ref().expect("argument");
            let receiver = if self_arg { f.slots[base + 1].as_deref() } else { None };
            if self.consume(vm, callee, &callable, receiver, arg_obj, snap)? {
                return Ok(());
            }
        }
        // `for x in range(...)` and `g(x for x in range(...))`: `range` of
        // one to three ints and the GET_ITER after it make the iterator in
        // one helper, without the range object or the call protocol.
        if !self_arg && (1..=3).contains(&argc) && callable.is(vm.ctx.types.range_type) {
            let next = f.code.ops.get(self.next_pc as usize).map(|o| o.kind);
            let bounds = &f.slots[f.slots.len() - argc..];
            if matches!(next, Some(rustpython_vm::bytecode::Instruction::GetIter))
                && bounds.iter().all(|b| b.as_ref().is_some_and(|b| int_value(vm, b).is_some()))
            {
                let k = self.constant(&callable, "range");
                self.b.guard(Opcode::GuardIdentity, &[callee, k.into()], snap);
                let mut ints = Vec::with_capacity(argc);
                for (s, o) in args.iter().zip(bounds) {
                    ints.push(self.as_int(vm, *s, o.as_ref().expect("checked"), snap).ok_or("range of a non-int")?);
                }
                let (start, stop, step) = match argc {
                    1 => (Operand::Int(0), ints[0], Operand::Int(1)),
                    2 => (ints[0], ints[1], Operand::Int(1)),
                    _ => (ints[0], ints[1], ints[2]),
                };
                let raise = self.snapshot(SnapshotKind::RaisePending, pc);
                let it = self.call(Helper::RangeIter, &[start, stop, step]).expect("obj");
                self.b.guard_nonnull(it, raise);
                self.range_iter = Some(it);
                return self.finish_call(argc, Sh::val(it, Repr::Obj, true));
            }
        }
        // Any other callable: a residual call.
        if nargs <= 4 {
            let raise = self.snapshot(SnapshotKind::RaisePending, pc);
            let mut ops = Vec::with_capacity(nargs + 1);
            ops.push((callee, false));
            for a in &args {
                ops.push(self.as_obj(*a).ok_or("NULL argument")?);
            }
            // A Python function that may get compiled code of its own is
            // called through the helper that runs that code directly; a
            // generator function with exactly its positional parameters
            // through the one that makes the generator directly.
            let info = crate::call::exact_function(vm, &callable).map(|func| crate::code::info_for(&crate::layout::function_code(func)));
            let entry = info.as_ref().is_some_and(|info| info.enters_with(nargs));
            let generator = info.as_ref().is_some_and(|info| info.is_generator_like() && info.plain_params && info.argcount == nargs);
            let names = if generator {
                [Helper::GenNew0, Helper::GenNew1, Helper::GenNew2, Helper::GenNew3, Helper::GenNew4]
            } else if entry {
                [Helper::CallPy0, Helper::CallPy1, Helper::CallPy2, Helper::CallPy3, Helper::CallPy4]
            } else {
                [Helper::Call0, Helper::Call1, Helper::Call2, Helper::Call3, Helper::Call4]
            };
            let operands: Vec<Operand> = ops.iter().map(|(o, _)| *o).collect();
            let r = self.call(names[nargs], &operands).expect("obj");
            self.b.guard_nonnull(r, raise);
            self.expect = Expect::Residual;
            for (o, t) in ops {
                self.release_temp(o, t);
            }
            return self.finish_call(argc, Sh::val(r, Repr::Obj, true));
        }
        abort!("call with {nargs} arguments")
    }

    /// `list.append(x)` / `list.pop([i])` with `args` = [list, ...], and
    /// `dict.get(k[, default])` with `args` = [dict, ...], the method
    /// `callee` guarded to be the builtin one.
    #[allow(clippy::too_many_arguments)]
    fn builtin_method(
        &mut self,
        vm: &VirtualMachine,
        f: &Frame,
        m: crate::builtin_calls::Method,
        callee: Operand,
        args: &[Sh],
        snap: SnapId,
        pc: u32,
        argc: usize,
    ) -> Result<(), Abort> {
        use crate::builtin_calls::Method;
        let Sh::Val { op: receiver, repr: Repr::Obj, .. } = args[0] else { abort!("{} of an unboxed value", m.name()) };
        let index = match (m, argc) {
            (Method::ListPop, 1) => {
                let arg = f.slots.last().unwrap().as_ref().expect("argument");
                Some(self.as_int(vm, args[1], arg, snap).ok_or("list.pop of a non-int")?)
            }
            (Method::ListPop, _) => Some(Operand::Int(i64::MIN)),
            _ => None,
        };
        let kc = self.constant(&f.slots[f.slots.len() - argc - 2].clone().expect("callable"), m.name());
        self.b.guard(Opcode::GuardIdentity, &[callee, kc.into()], snap);
        let rt = self.type_const(vm, m.receiver(vm));
        self.b.guard_class(receiver, rt, snap);
        let raise = self.snapshot(SnapshotKind::RaisePending, pc);
        let result = match (m, index) {
            (_, Some(i)) => {
                let r = self.call(Helper::ListPop, &[receiver, i]).expect("obj");
                self.b.guard_nonnull(r, raise);
                Sh::val(r, Repr::Obj, true)
            }
            (Method::DictGet, None) => {
                let (k, kt) = self.as_obj(args[1]).ok_or("dict.get of NULL")?;
                let (default, dt) = match args.get(2) {
                    Some(&a) => self.as_obj(a).ok_or("dict.get of NULL")?,
                    None => (self.constant(vm.ctx.none.as_object(), "None").into(), false),
                };
                let r = self.call(Helper::DictGet, &[receiver, k, default]).expect("obj");
                self.b.guard_nonnull(r, raise);
                self.release_temp(k, kt);
                self.release_temp(default, dt);
                Sh::val(r, Repr::Obj, true)
            }
            (_, None) => {
                let (v, vt) = self.as_obj(args[1]).ok_or("append of NULL")?;
                let r = self.call(Helper::ListAppend, &[receiver, v]).expect("i64");
                self.b.guard_eq_i64(r, 0, raise);
                self.release_temp(v, vt);
                let none = self.constant(vm.ctx.none.as_object(), "None");
                Sh::val(none, Repr::Obj, false)
            }
        };
        self.finish_call(argc, result)
    }

    /// CALL_KW: a residual call with keyword names (at most 4 arguments).
    pub(super) fn call_kw(&mut self, vm: &VirtualMachine, f: &Frame, op: Op, pc: u32, argc: usize) -> Result<(), Abort> {
        // Stack: callable, self_or_null, args..., kwnames.
        let base = f.slots.len() - argc - 3;
        let callable = f.slots[base].clone().ok_or("NULL callable")?;
        if crate::introspect::reads_caller_frame(vm, &callable) {
            abort!("call of a builtin that reads the caller's frame");
        }
        if self.inline_kw(vm, f, op, pc, argc, base, &callable)? {
            return Ok(());
        }
        let kwnames = self.pop();
        let depth = self.frames.last().unwrap().slots.len();
        let self_arg = f.slots[base + 1].is_some();
        let first = if self_arg { depth - argc - 1 } else { depth - argc };
        let args: Vec<Sh> = self.frames.last().unwrap().slots[first..].to_vec();
        let helper = match args.len() {
            1 => Helper::CallKw1,
            2 => Helper::CallKw2,
            3 => Helper::CallKw3,
            4 => Helper::CallKw4,
            n => abort!("keyword call with {n} arguments"),
        };
        let raise = self.snapshot(SnapshotKind::RaisePending, pc);
        let s_callable = self.peek(argc + 1);
        let (callee, ct) = self.as_obj(s_callable).ok_or("NULL callable")?;
        let (names, nt) = self.as_obj(kwnames).ok_or("NULL keyword names")?;
        let mut ops = vec![(callee, ct), (names, nt)];
        for a in &args {
            ops.push(self.as_obj(*a).ok_or("NULL argument")?);
        }
        let operands: Vec<Operand> = ops.iter().map(|(o, _)| *o).collect();
        let r = self.call(helper, &operands).expect("obj");
        self.b.guard_nonnull(r, raise);
        self.expect = Expect::Residual;
        for (o, t) in ops {
            self.release_temp(o, t);
        }
        self.release(kwnames);
        self.finish_call(argc, Sh::val(r, Repr::Obj, true))
    }

    /// Allocate an instance of the plain class `callable` (guarded by its
    /// `version`) and inline its `__init__` (`init`, the call site's cached
    /// one) with the values on the stack, `args` (not counting the
    /// instance) and keywords `kwnames`. Whether it was (false: the call
    /// does not bind plainly, and nothing was recorded).
    #[allow(clippy::too_many_arguments)]
    fn inline_init(
        &mut self,
        vm: &VirtualMachine,
        f: &Frame,
        pc: u32,
        callable: &PyObjectRef,
        callee: Operand,
        version: u32,
        init: PyObjectRef,
        info: Rc<CodeInfo>,
        args: Vec<Sh>,
        kwnames: &[PyObjectRef],
        base: usize,
        snap: SnapId,
    ) -> Result<bool, Abort> {
        let cls = callable.downcast_ref::<PyType>().expect("a class");
        let func = init.downcast_ref::<PyFunction>().expect("a cached __init__ is a function");
        let npos = args.len() - kwnames.len();
        let bind = if info.has_loops { None } else { self.bind_inline(vm, &init, func, &info, npos + 1, kwnames) };
        let Some(mut bind) = bind else { return Ok(false) };
        // Slot 0 is the new instance, not a value on the stack.
        bind.arg_slots.remove(0);
        let k = self.constant(callable, &cls.name());
        self.b.guard(Opcode::GuardIdentity, &[callee, k.into()], snap);
        self.guard_u32_field(k, self.layout.version_offset, version, snap);
        // Before the allocation: a failing guard runs the call again in the
        // interpreter, which allocates its own.
        self.guard_code(&init, &info, snap);
        if bind.versioned {
            let ki = self.constant(&init, info.qualname());
            self.guard_function_version(ki, func, snap);
        }
        let inst = self.new_instance(vm, cls, k, pc);
        let mut all = vec![Sh::val(inst, Repr::Obj, false)];
        all.extend(args);
        self.inline(&init, info, all, bind, Some(Sh::val(inst, Repr::Obj, true)), base, f)?;
        Ok(true)
    }

    /// CALL_KW of a plain Python function whose keywords name its
    /// parameters: inlined as CALL is, the keyword values put in the
    /// parameters' slots (`bind_inline`). Whether it was.
    fn inline_kw(&mut self, vm: &VirtualMachine, f: &Frame, op: Op, pc: u32, argc: usize, base: usize, callable: &PyObjectRef) -> Result<bool, Abort> {
        if self.frames.len() >= MAX_DEPTH {
            return Ok(false);
        }
        let Some(names) = f.slots.last().and_then(|n| n.as_ref()).and_then(|n| n.downcast_ref::<PyTuple>()) else {
            return Ok(false);
        };
        let self_arg = f.slots[base + 1].is_some();
        if !self_arg && callable.class().is(vm.ctx.types.type_type) {
            return self.instantiate_kw(vm, f, op, pc, argc, base, callable, names.as_slice());
        }
        if !callable.class().is(vm.ctx.types.function_type) {
            return Ok(false);
        }
        let nkw = names.len();
        let Some(npos) = argc.checked_sub(nkw) else { return Ok(false) };
        let nargs = npos + usize::from(self_arg);
        let func = callable.downcast_ref::<PyFunction>().unwrap();
        let info = crate::code::info_for(&crate::layout::function_code(func));
        if info.has_loops || self.is_inlined(&info) {
            return Ok(false);
        }
        let Some(bind) = self.bind_inline(vm, callable, func, &info, nargs, names.as_slice()) else {
            return Ok(false);
        };
        let Sh::Val { op: callee, repr: Repr::Obj, .. } = self.peek(argc + 2) else { return Ok(false) };
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        // The names are a constant of the code: the same at every run.
        let kwnames = self.pop();
        self.release(kwnames);
        let k = self.constant(callable, info.qualname());
        self.b.guard(Opcode::GuardIdentity, &[callee, k.into()], snap);
        self.guard_code(callable, &info, snap);
        if bind.versioned {
            self.guard_function_version(k, func, snap);
        }
        // Every value on the stack: self, positional, keyword values.
        let depth = self.frames.last().unwrap().slots.len();
        let args: Vec<Sh> = self.frames.last().unwrap().slots[depth - argc - usize::from(self_arg)..].to_vec();
        // `inline` counts the frame's stack without the names, popped here.
        self.inline(callable, info, args, bind, None, base + 1, f)?;
        Ok(true)
    }

    /// CALL_KW of a plain Python class (`Node(v, left=x)`): `inline_init`
    /// with the keywords, when the call site's cache holds the class's
    /// `__init__`.
    #[allow(clippy::too_many_arguments)]
    fn instantiate_kw(&mut self, vm: &VirtualMachine, f: &Frame, op: Op, pc: u32, argc: usize, base: usize, callable: &PyObjectRef, names: &[PyObjectRef]) -> Result<bool, Abort> {
        let cls = callable.downcast_ref::<PyType>().expect("a class");
        let key = (&**cls as *const PyType as usize, cls.tp_version_tag.load(std::sync::atomic::Ordering::Acquire));
        let Some((init, info)) = init_hit(vm, f, op, key) else { return Ok(false) };
        if names.len() > argc {
            return Ok(false);
        }
        let Sh::Val { op: callee, repr: Repr::Obj, .. } = self.peek(argc + 2) else { return Ok(false) };
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let depth = self.frames.last().unwrap().slots.len();
        // The values under the names (which stay on the stack until bound).
        let args: Vec<Sh> = self.frames.last().unwrap().slots[depth - 1 - argc..depth - 1].to_vec();
        let kwnames = self.pop();
        if self.inline_init(vm, f, pc, callable, callee, key.1, init, info, args, names, base + 1, snap)? {
            self.release(kwnames);
            return Ok(true);
        }
        self.push(kwnames);
        Ok(false)
    }

    /// CALL_FUNCTION_EX (`f(*args, **kwargs)`): a residual call.
    pub(super) fn call_ex(&mut self, vm: &VirtualMachine, f: &Frame, pc: u32) -> Result<(), Abort> {
        // Stack: callable, self_or_null, args, kwargs_or_null.
        let n = f.slots.len();
        let callable = f.slots[n - 4].clone().ok_or("NULL callable")?;
        if f.slots[n - 3].is_some() {
            abort!("CALL_FUNCTION_EX with self");
        }
        if crate::introspect::reads_caller_frame(vm, &callable) {
            abort!("call of a builtin that reads the caller's frame");
        }
        let raise = self.snapshot(SnapshotKind::RaisePending, pc);
        let kwargs = self.pop();
        let args = self.pop();
        let null = self.pop();
        let s_callable = self.pop();
        let (callee, ct) = self.as_obj(s_callable).ok_or("NULL callable")?;
        let (a, at) = self.as_obj(args).ok_or("NULL arguments")?;
        let (k, kt) = match kwargs {
            Sh::Null => (Operand::from(self.constant(vm.ctx.none.as_object(), "None")), false),
            s => self.as_obj(s).ok_or("NULL keywords")?,
        };
        let r = self.call(Helper::CallEx, &[callee, a, k]).expect("obj");
        self.b.guard_nonnull(r, raise);
        self.expect = Expect::Residual;
        self.release_temp(callee, ct);
        self.release_temp(a, at);
        self.release_temp(k, kt);
        for s in [kwargs, args, null, s_callable] {
            self.release(s);
        }
        self.push(Sh::val(r, Repr::Obj, true));
        Ok(())
    }

    /// Pop the callable, self_or_null and `argc` arguments, push the result.
    /// `object.__new__(cls)` of a class the trace guards (`k`, its version):
    /// a virtual object when allocation removal may keep it so.
    fn new_instance(&mut self, vm: &VirtualMachine, cls: &Py<PyType>, k: ConstId, pc: u32) -> ValueId {
        if objects::virtualizable(vm, cls) {
            return self.new_object(vm, k);
        }
        let raise = self.snapshot(SnapshotKind::RaisePending, pc);
        let inst = self.call(Helper::NewInstance, &[k.into()]).expect("obj");
        self.b.guard_nonnull(inst, raise);
        inst
    }

    pub(super) fn finish_call(&mut self, argc: usize, result: Sh) -> Result<(), Abort> {
        for _ in 0..argc + 2 {
            let s = self.pop();
            self.release(s);
        }
        self.push(result);
        Ok(())
    }

    /// Prepare the shadow of a callee frame the interpreter is about to push.
    /// Whether a frame of `info` is already inlined in the trace: a
    /// recursive call, made a residual call. Inlining recursion unrolls it
    /// into a bridge per path and depth (a tree insertion made 46 bridges
    /// and 1 MB of code, compiled in 144 ms), for no gain in speed.
    fn is_inlined(&self, info: &Rc<CodeInfo>) -> bool {
        self.frames.iter().any(|fr| Rc::ptr_eq(&self.descs[fr.desc as usize].info, info))
    }

    /// How a call of the plain Python function `func` with `nargs`
    /// positional arguments and keywords `kwnames` fills its parameters,
    /// leaving the rest to `__defaults__` (the trace's constants). None
    /// (a residual call) for a function with `*args`/`**kwargs`, a
    /// generator, and a call that would raise or that leaves a keyword-only
    /// parameter to `__kwdefaults__` (a dict, changeable in place).
    fn bind_inline(
        &mut self,
        vm: &VirtualMachine,
        callable: &PyObjectRef,
        func: &Py<PyFunction>,
        info: &CodeInfo,
        nargs: usize,
        kwnames: &[PyObjectRef],
    ) -> Option<InlineBinding> {
        let plain = info.flags.contains(CodeFlags::OPTIMIZED)
            && !info.flags.intersects(CodeFlags::VARARGS | CodeFlags::VARKEYWORDS)
            && !info.is_generator_like();
        let total = info.argcount + info.kwonlyargcount;
        if !plain || nargs > info.argcount {
            return None;
        }
        let mut bind = InlineBinding::positional(nargs);
        let mut filled = vec![false; total];
        filled[..nargs].fill(true);
        for name in kwnames {
            let name = name.downcast_ref::<PyStr>()?.as_wtf8();
            let j = (info.posonlyargcount..total).find(|&j| info.slot_names[j].as_wtf8() == name)?;
            if std::mem::replace(&mut filled[j], true) {
                return None;
            }
            bind.arg_slots.push(j);
        }
        let missing: Vec<usize> = (0..total).filter(|&j| !filled[j]).collect();
        if missing.is_empty() {
            return Some(bind);
        }
        if missing.iter().any(|&j| j >= info.argcount) {
            return None;
        }
        // A function's getter runs no Python code.
        let defaults = callable.get_attr("__defaults__", vm).ok()?;
        let defaults = defaults.downcast_ref::<PyTuple>()?;
        let first_default = info.argcount.checked_sub(defaults.len())?;
        if missing[0] < first_default || func.get_version_for_current_state() == 0 {
            return None;
        }
        for j in missing {
            let v = self.constant_value(vm, &defaults.as_slice()[j - first_default]);
            bind.defaults.push((j, v));
        }
        bind.versioned = true;
        Some(bind)
    }

    /// Guard that `func` (the constant `k`) keeps the version it has now:
    /// assigning its `__defaults__`, `__kwdefaults__` or `__code__` resets it.
    fn guard_function_version(&mut self, k: ConstId, func: &Py<PyFunction>, snap: SnapId) {
        self.guard_u32_field(k, PyFunction::func_version_offset() as i32, func.func_version(), snap);
    }

    /// Guard that the `u32` at `offset` in constant object `k` (a class's or
    /// a function's version) is still `value`: a word load, masked.
    pub(super) fn guard_u32_field(&mut self, k: ConstId, offset: i32, value: u32, snap: SnapId) {
        let word = self.b.load_field(k, offset, Type::I64);
        let v = self.b.op(Opcode::IntAnd, &[word.into(), 0xffff_ffffi64.into()]);
        self.b.guard_eq_i64(v, value as i64, snap);
    }

    /// Guard that function `func` still runs the code the trace inlines:
    /// assigning `__code__` changes neither the function's identity nor
    /// its class's version, which are what the other guards check.
    fn guard_code(&mut self, func: &PyObject, info: &CodeInfo, snap: SnapId) {
        let k = self.constant(func, info.qualname());
        let offset = PyFunction::code_field_offset() as i32;
        let code = self.b.load_field(k, offset, Type::I64);
        let addr = info.code.as_object() as *const PyObject as i64;
        self.b.guard_eq_i64(code, addr, snap);
    }

    pub(super) fn inline(
        &mut self,
        func: &PyObjectRef,
        info: Rc<CodeInfo>,
        args: Vec<Sh>,
        bind: InlineBinding,
        init: Option<Sh>,
        base: usize,
        f: &Frame,
    ) -> Result<(), Abort> {
        if self.frames.len() >= MAX_DEPTH {
            abort!("inlining too deep");
        }
        // The caller's stack loses the callable, self_or_null and arguments;
        // the arguments move into the callee's slots.
        let caller_depth = self.frames.last().unwrap().slots.len();
        let keep = caller_depth - (f.slots.len() - base);
        let mut moved: Vec<Sh> = Vec::new();
        let n_args = args.len();
        let popped: Vec<Sh> = self.top().slots.split_off(keep);
        // popped = [callable, self_or_null, args...]; the last `n_args` (or all
        // but the callable and a NULL self) are the arguments.
        let arg_start = popped.len() - n_args + usize::from(init.is_some());
        for (i, s) in popped.into_iter().enumerate() {
            if i >= arg_start {
                moved.push(s);
            } else {
                self.release(s);
            }
        }
        let mut slots = vec![Sh::Null; info.nlocalsplus];
        if let Some(Sh::Val { op, .. }) = init {
            // slot 0 holds its own reference to the new instance.
            slots[0] = self.own(Sh::val(op, Repr::Obj, false));
        }
        let placed = bind.arg_slots.iter().copied().zip(moved).chain(bind.defaults);
        for (j, s) in placed {
            slots[j] = self.own(s);
        }
        let namespace = super::namespace_of(func, f.builtins.to_ref())?;
        self.descs.push(FrameDesc { info, func: Some(func.clone()), init: init.is_some(), binary: None, generator: false, consume: None, unmade: false, namespace });
        self.keep.push(func.clone());
        let desc = (self.descs.len() - 1) as u32;
        // The caller resumes after the CALL (its pc is already past it).
        let (next, pc) = (self.next_pc, self.pc);
        if let Some(caller) = self.frames.last_mut() {
            caller.resume_pc = next;
            caller.call_pc = pc;
        }
        self.pending = Some(ShadowFrame { desc, slots, resume_pc: 0, call_pc: 0, init, binary: None, gen: None });
        self.expect = Expect::Push;
        Ok(())
    }

    /// BINARY_OP whose left operand's class defines the operator in Python
    /// (`dunder::binary_method`, `method`): the interpreter pushes that
    /// method's frame, and the trace inlines it. Guards: the left operand's
    /// class and version (the same method is found), the right one's class
    /// (not a subclass that would go first).
    pub(super) fn inline_binary(&mut self, vm: &VirtualMachine, method: PyObjectRef, pc: u32, op: u32, a: &PyObjectRef, b: &PyObjectRef) -> Result<(), Abort> {
        if self.frames.len() >= MAX_DEPTH {
            abort!("inlining too deep");
        }
        let func = method.downcast_ref::<PyFunction>().ok_or("operator method is not a function")?;
        let code = crate::layout::function_code(func);
        let info = crate::code::info_for(&code);
        if info.has_loops {
            abort!("operator method with a loop");
        }
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        self.guard_code(&method, &info, snap);
        let sb = self.pop();
        let sa = self.pop();
        let Sh::Val { op: oa, repr: Repr::Obj, .. } = sa else { abort!("operand of a Python class is not an object") };
        self.version_guard(vm, oa, a.class(), snap);
        if let Sh::Val { op: ob, repr: Repr::Obj, .. } = sb {
            let c = self.type_const(vm, b.class());
            self.b.guard_class(ob, c, snap);
        }
        let borrowed = |s: Sh| match s {
            Sh::Val { op, repr, .. } => Sh::val(op, repr, false),
            Sh::Null => Sh::Null,
        };
        let cont = (self.own(borrowed(sa)), self.own(borrowed(sb)));
        let mut slots = vec![Sh::Null; info.nlocalsplus];
        slots[0] = self.own(sa);
        slots[1] = self.own(sb);
        let namespace = super::namespace_of(&method, vm.builtins.dict())?;
        self.descs.push(FrameDesc { info, func: Some(method.clone()), init: false, binary: Some(op), generator: false, consume: None, unmade: false, namespace });
        self.keep.push(method);
        let desc = (self.descs.len() - 1) as u32;
        let (next, pc) = (self.next_pc, self.pc);
        if let Some(caller) = self.frames.last_mut() {
            caller.resume_pc = next;
            caller.call_pc = pc;
        }
        self.pending = Some(ShadowFrame { desc, slots, resume_pc: 0, call_pc: 0, init: None, binary: Some(cont), gen: None });
        self.expect = Expect::Push;
        Ok(())
    }
}

/// Whether instances of `cls` answer `x.__class__` with `cls` itself:
/// `__class__` and `__getattribute__` are `object`'s, and the class has a
/// version that a guard can hold it to.
fn default_class_attribute(vm: &VirtualMachine, cls: &Py<PyType>) -> bool {
    let object = vm.ctx.types.object_type;
    let same = |name: &'static rustpython_vm::builtins::PyStrInterned| match (cls.get_attr(name), object.get_attr(name)) {
        (Some(a), Some(b)) => a.is(&b),
        _ => false,
    };
    cls.tp_version_tag.load(std::sync::atomic::Ordering::Acquire) != 0
        && same(rustpython_vm::identifier!(vm, __class__))
        && same(rustpython_vm::identifier!(vm, __getattribute__))
}

#[derive(Clone, Copy)]
enum Domain {
    Any,
    NonNegative,
    Finite,
}

/// `math.sqrt` & co: the helper computing it, and the argument domain in
/// which the result equals CPython's without an exception.
fn math_function(vm: &VirtualMachine, callable: &PyObjectRef) -> Option<(Helper, Domain)> {
    let math = vm.sys_module.get_attr("modules", vm).ok()?.get_item("math", vm).ok()?;
    for (name, helper, domain) in [
        ("sqrt", Helper::Sqrt, Domain::NonNegative),
        ("sin", Helper::Sin, Domain::Finite),
        ("cos", Helper::Cos, Domain::Finite),
        ("exp", Helper::Exp, Domain::Finite),
        ("fabs", Helper::Fabs, Domain::Any),
    ] {
        if let Ok(f) = math.get_attr(name, vm) {
            if f.is(callable) {
                return Some((helper, domain));
            }
        }
    }
    None
}

impl Recorder {
    /// MAKE_FUNCTION with the SET_FUNCTION_ATTRIBUTE instructions that follow
    /// it (the interpreter runs them as one step, `function::make_function`):
    /// a function built by a helper from the code object, the frame's globals
    /// and the defaults, closure and keyword defaults on the stack.
    pub(super) fn make_function(&mut self, vm: &VirtualMachine, f: &Frame, pc: u32, op: Op) -> Result<(), Abort> {
        use crate::function::{ATTRIBUTE_CLOSURE, ATTRIBUTE_DEFAULTS, ATTRIBUTE_KWDEFAULTS, CONSTRUCTOR_ATTRIBUTES};
        let mut flags = Vec::new();
        let mut p = (pc + 1 + u32::from(op.ncache)) as usize;
        while let Some(next) = f.code.ops.get(p).filter(|o| matches!(o.kind, Instruction::SetFunctionAttribute { .. })) {
            if next.arg & !CONSTRUCTOR_ATTRIBUTES != 0 {
                abort!("function annotations or type parameters");
            }
            flags.push(next.arg);
            p += 1 + next.ncache as usize;
        }
        // A code constant and arguments the trace holds as objects: the
        // function stays virtual until it escapes (`record::objects`).
        let code_const = matches!(self.peek(0), Sh::Val { op: Operand::Obj(_), .. });
        let objects = (1..=flags.len()).all(|i| matches!(self.peek(i), Sh::Val { repr: Repr::Obj, .. }));
        if code_const && objects {
            let code = self.pop();
            let values: Vec<(u32, Sh)> = flags.iter().map(|&flag| (flag, self.pop())).collect();
            let none = Sh::val(self.constant(vm.ctx.none.as_object(), "None"), Repr::Obj, false);
            let globals = Sh::val(self.constant(f.globals.as_object(), "globals"), Repr::Obj, false);
            let field = |flag: u32, r: &mut Self| match values.iter().find(|(k, _)| *k == flag) {
                Some((_, s)) => r.own(*s),
                None => none,
            };
            let fields = [code, globals, field(ATTRIBUTE_DEFAULTS, self), field(ATTRIBUTE_CLOSURE, self), field(ATTRIBUTE_KWDEFAULTS, self)];
            let r = self.new_function_object(vm, fields);
            self.push(Sh::val(r, Repr::Obj, true));
            return Ok(());
        }
        let raise = self.snapshot(SnapshotKind::RaisePending, pc);
        let code = self.pop();
        let values: Vec<(u32, Sh)> = flags.iter().map(|&flag| (flag, self.pop())).collect();
        let none: Operand = self.constant(vm.ctx.none.as_object(), "None").into();
        let mut args = vec![self.as_obj(code).ok_or("code of NULL")?];
        args.push((self.constant(f.globals.as_object(), "globals").into(), false));
        for flag in [ATTRIBUTE_DEFAULTS, ATTRIBUTE_CLOSURE, ATTRIBUTE_KWDEFAULTS] {
            match values.iter().find(|(k, _)| *k == flag) {
                Some((_, s)) => args.push(self.as_obj(*s).ok_or("function attribute of NULL")?),
                None => args.push((none, false)),
            }
        }
        let operands: Vec<Operand> = args.iter().map(|(o, _)| *o).collect();
        let r = self.call(Helper::MakeFunction, &operands).expect("obj");
        self.b.guard_nonnull(r, raise);
        for (o, t) in args {
            self.release_temp(o, t);
        }
        self.release(code);
        for (_, s) in values {
            self.release(s);
        }
        self.push(Sh::val(r, Repr::Obj, true));
        Ok(())
    }
}
