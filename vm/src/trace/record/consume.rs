//! Container calls that consume a generator (`list(g)`, `tuple(g)`,
//! `set(g)`, `sep.join(g)`): the generator's body runs inline in the
//! caller's trace (`push::consume` on the interpreter's side), and a
//! generator made only to be consumed so is not made at all
//! (`defer_generator`, `consume_unmade`).

use super::*;

impl Recorder {
    /// `list(g)`, `tuple(g)`, `set(g)` or `sep.join(g)` (`receiver`: the
    /// separator, an exact str) of a plain generator FOR_ITER would resume
    /// on the stack (the CALL's callable `callee`, its argument `g`): the
    /// interpreter consumes it on the stack (`push::consume`) and the trace
    /// runs the generator's body inline, adding each value to the
    /// container.
    pub(super) fn consume(&mut self, vm: &VirtualMachine, callee: Operand, callable: &PyObject, receiver: Option<&PyObject>, g: &PyObject, snap: SnapId) -> Result<bool, Abort> {
        let Some(kind) = consumer_kind(vm, callable, receiver) else { return Ok(false) };
        if self.frames.len() >= MAX_DEPTH || !crate::generator::is_plain_generator(g) {
            return Ok(false);
        }
        let Some(suspended) = crate::generator::suspended_on_stack(vm, g) else { return Ok(false) };
        if !matches!(self.peek(0), Sh::Val { repr: Repr::Obj, .. }) || !self.guard_consumer(vm, callee, callable, kind, receiver.is_some(), 1, snap) {
            return Ok(false);
        }
        // The generator moves from the caller's stack into the frame, which
        // owns it.
        let arg = self.pop();
        let obj = self.own(arg);
        let acc = self.open_container(kind);
        crate::push::consume::consume_next(g);
        self.peel(vm, snap, obj, g, suspended, Some((acc, kind)))?;
        Ok(true)
    }

    /// Guard the container call's callable (`callee`, a `kind` call) and,
    /// for a join, that the separator (`depth` down the stack) is an exact
    /// str. False, with nothing recorded, when the separator is unboxed.
    #[allow(clippy::too_many_arguments)]
    fn guard_consumer(&mut self, vm: &VirtualMachine, callee: Operand, callable: &PyObject, kind: crate::push::Container, receiver: bool, depth: usize, snap: SnapId) -> bool {
        if receiver && !matches!(self.peek(depth), Sh::Val { repr: Repr::Obj, .. }) {
            return false;
        }
        let k = self.constant(callable, &format!("{kind:?}"));
        self.b.guard(Opcode::GuardIdentity, &[callee, k.into()], snap);
        // A separator the trace computes is guarded to be an exact str
        // (a constant one was checked when recorded).
        if let (true, Sh::Val { op: sep @ Operand::Value(_), .. }) = (receiver, self.peek(depth)) {
            let str_type = self.type_const(vm, vm.ctx.types.str_type);
            self.b.guard_class(sep, str_type, snap);
        }
        true
    }

    /// Pop the container call's callable and its NULL or separator (the
    /// generator is off the stack): the empty container, holding the
    /// separator first for a join.
    fn open_container(&mut self, kind: crate::push::Container) -> ValueId {
        let sep_or_null = self.pop();
        let callable_sh = self.pop();
        self.release(callable_sh);
        let acc = self.call(Helper::ConsumeNew, &[(kind as i64).into()]).expect("obj");
        if let Sh::Val { op: sep, .. } = sep_or_null {
            self.call(Helper::ConsumeTake, &[acc.into(), sep, (kind as i64).into()]);
        }
        self.release(sep_or_null);
        acc
    }

    /// CALL of a plain generator function (`callable`, its arguments
    /// `args`, `base` its stack index) whose generator the next instruction
    /// consumes: `list(gen(x))`, `sep.join(f(x) for x in xs)`. The trace
    /// makes no generator: the consuming call runs its body inline
    /// (`consume_unmade`) from the function and the arguments, and an exit
    /// inside it makes the generator then. False when the call is not such
    /// a call (nothing recorded).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn defer_generator(&mut self, vm: &VirtualMachine, f: &Frame, callable: &PyObjectRef, callee: Operand, base: usize, args: &[Sh], snap: SnapId) -> Result<bool, Abort> {
        use rustpython_vm::bytecode::CodeFlags;
        let Some(func) = crate::call::exact_function(vm, callable) else { return Ok(false) };
        let info = crate::code::info_for(&crate::layout::function_code(func));
        let plain = info.flags.contains(CodeFlags::GENERATOR)
            && !info.flags.intersects(CodeFlags::COROUTINE | CodeFlags::ASYNC_GENERATOR | CodeFlags::ITERABLE_COROUTINE);
        if !plain || !info.plain_params || info.argcount != args.len() || self.frames.len() >= MAX_DEPTH || base < 2 || !prologue_copies_only(&info) {
            return Ok(false);
        }
        let next = f.code.ops.get(self.next_pc as usize);
        if !next.is_some_and(|o| matches!(o.kind, Instruction::Call { .. }) && o.arg == 1) {
            return Ok(false);
        }
        let Some(consumer) = f.slots[base - 2].as_ref() else { return Ok(false) };
        let receiver = f.slots[base - 1].as_deref();
        let Some(kind) = consumer_kind(vm, consumer, receiver) else { return Ok(false) };
        let argc = f.slots.len() - base - 2;
        let Sh::Val { op: consumer_op, repr: Repr::Obj, .. } = self.peek(argc + 3) else { return Ok(false) };
        if receiver.is_none() != matches!(self.peek(argc + 2), Sh::Null) {
            return Ok(false);
        }
        if !self.guard_consumer(vm, consumer_op, consumer, kind, receiver.is_some(), argc + 2, snap) {
            return Ok(false);
        }
        // The function runs the recorded code (known for one the trace made).
        let made_code = self.made_function_field(self.peek(argc + 1), "__code__");
        let code_addr = info.code.as_object() as *const PyObject as u64;
        let known = matches!(made_code, Some(Sh::Val { op: Operand::Obj(c), .. }) if self.b.trace().consts[c.index()].addr == code_addr);
        if !known {
            let function_type = self.type_const(vm, vm.ctx.types.function_type);
            self.b.guard_class(callee, function_type, snap);
            let code = self.b.load_field(callee, PyFunction::code_field_offset() as i32, Type::I64);
            self.b.guard_eq_i64(code, code_addr as i64, snap);
        }
        // The arguments (self first when present) and the function move
        // into the frame-to-be; the function stands in for the generator.
        let mut popped: Vec<Sh> = (0..=argc).map(|_| self.pop()).collect();
        popped.reverse();
        let self_or_null = popped.remove(0);
        let mut owned_args = Vec::with_capacity(args.len());
        if !matches!(self_or_null, Sh::Null) {
            owned_args.push(self.own(self_or_null));
        }
        for a in popped {
            owned_args.push(self.own(a));
        }
        let func_sh = self.pop();
        let func_sh = self.own(func_sh);
        let Sh::Val { op: func_op, .. } = func_sh else { abort!("a generator function of NULL") };
        self.push(Sh::val(func_op, Repr::Obj, false));
        self.unmade = Some(Unmade { info, func: func_sh, args: owned_args, kind });
        Ok(true)
    }

    /// The container call after `defer_generator`: the interpreter consumes
    /// the generator it made on the stack (`push::consume`), and the trace
    /// runs the body inline in a frame it starts as the generator's
    /// prologue would: the arguments, and the cells of the function's
    /// closure.
    pub(super) fn consume_unmade(&mut self, vm: &VirtualMachine, f: &Frame, u: Unmade) -> Result<(), Abort> {
        let g = f.slots.last().and_then(|v| v.as_ref()).ok_or("no generator to consume")?;
        if !crate::generator::is_plain_generator(g) {
            abort!("the deferred call made no plain generator");
        }
        let Some((info, _, nulls)) = crate::generator::suspended_on_stack(vm, g) else {
            abort!("a deferred generator that cannot run on the stack")
        };
        if !Rc::ptr_eq(&info, &u.info) {
            abort!("the deferred generator runs other code");
        }
        let _stand_in = self.pop();
        let acc = self.open_container(u.kind);
        let Sh::Val { op: func, .. } = u.func else { abort!("a generator function of NULL") };
        let free = info.code.freevars.len();
        let first_free = info.nlocalsplus - free;
        // The closure of a function the trace made: the tuple it built.
        let closure = match self.made_function_field(u.func, "__closure__") {
            Some(Sh::Val { op: c @ Operand::Value(_), .. }) => Some(c),
            _ => None,
        };
        let mut args = u.args.into_iter();
        let mut slots = Vec::with_capacity(nulls.len() + 1);
        for (i, &empty) in nulls.iter().enumerate() {
            slots.push(if empty {
                Sh::Null
            } else if i < info.argcount {
                args.next().ok_or("a missing argument")?
            } else if (first_free..info.nlocalsplus).contains(&i) {
                let cell = match closure {
                    Some(c) => self.call(Helper::TupleItem, &[c, ((i - first_free) as i64).into()]),
                    None => self.call(Helper::FuncCell, &[func, ((i - first_free) as i64).into()]),
                };
                Sh::val(cell.expect("obj"), Repr::Obj, true)
            } else {
                abort!("a generator slot its prologue sets")
            });
        }
        // Resumed by the container call: the value sent in is None.
        let none = self.constant(vm.ctx.none.as_object(), "None");
        slots.push(Sh::val(none, Repr::Obj, false));
        let namespace = crate::generator::namespace(g).ok_or("a generator without its frame")?;
        crate::push::consume::consume_next(g);
        self.push_generator_frame(info, slots, GenFrame { obj: u.func, buf: None, consume: Some((acc, u.kind)) }, namespace, true);
        Ok(())
    }

    /// A plain yield in a generator a container call consumes: the value
    /// goes into the container and the frame goes on as if resumed with
    /// None. A value the container declines (the interpreter would suspend
    /// the generator and run Python code) exits at the yield.
    pub(super) fn consume_yield(&mut self, vm: &VirtualMachine, f: &Frame, pc: u32, acc: ValueId, kind: crate::push::Container) -> Result<(), Abort> {
        let v = f.slots.last().and_then(|v| v.as_ref()).ok_or("yield of NULL")?;
        if !crate::push::consume::takes(vm, kind, v) {
            abort!("a value the container call declines");
        }
        let s = self.peek(0);
        let snap = self.snapshot(SnapshotKind::Reoffer, pc);
        let (o, t) = self.as_obj(s).ok_or("yield of NULL")?;
        let taken = self.call(Helper::ConsumeTake, &[acc.into(), o, (kind as i64).into()]).expect("i64");
        self.b.guard_true(taken, snap);
        self.release_temp(o, t);
        let s = self.pop();
        self.release(s);
        let none = self.constant(vm.ctx.none.as_object(), "None");
        self.push(Sh::val(none, Repr::Obj, false));
        Ok(())
    }
}

/// The container a call of `callable` (on `receiver`, if any) collects a
/// generator into when the recorder runs it inline: list, tuple, set, or a
/// join on an exact str.
fn consumer_kind(vm: &VirtualMachine, callable: &PyObject, receiver: Option<&PyObject>) -> Option<crate::push::Container> {
    use crate::push::Container;
    match receiver {
        None => Container::of(vm, callable).filter(|k| *k != Container::FrozenSet),
        Some(sep) => crate::push::consume::joins(vm, callable, sep).then_some(Container::Join),
    }
}

/// Whether a generator's code does nothing before RETURN_GENERATOR but
/// copy its free variables (no cells to make).
fn prologue_copies_only(info: &CodeInfo) -> bool {
    for op in &info.ops {
        match op.kind {
            Instruction::ReturnGenerator => return true,
            Instruction::CopyFreeVars { .. } | Instruction::Nop | Instruction::ExtendedArg => {}
            _ => return false,
        }
    }
    false
}
