//! The recorder: while a hot loop runs one iteration in the interpreter, each
//! instruction is mirrored as IR (`hipy_optimizer::TraceBuilder`) before it
//! executes, with a guard for every assumption the IR makes (operand types,
//! branch directions, callee identities, attribute layouts).
//!
//! The recorder keeps a *shadow* of every frame it follows: for each slot of
//! the frame (locals, cells, value stack) the IR operand holding its value,
//! its representation (unboxed i64/f64, an i64 0/1 bool, or an object), and
//! whether the trace owns a reference to it. Object references follow the
//! interpreter's discipline: a frame slot owns its value; a value pushed by
//! LOAD_FAST is borrowed from its slot; consuming an owned stack value
//! releases it with an explicit `decref` call, so the optimizer can compute
//! what each exit must release.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use hipy_optimizer::{
    ConstId, FuncId, Frame as SnapFrame, Opcode, Operand, SnapId, SnapshotKind,
    Source, Trace, TraceBuilder, Type, ValueId,
};
use num_traits::ToPrimitive;
use rustpython_vm::builtins::{PyFloat, PyFunction, PyInt, PyList, PyTuple, PyType};
use rustpython_vm::bytecode::Instruction;
use rustpython_vm::{AsObject, Py, PyObject, PyObjectRef, VirtualMachine};

use super::helper_table::Helper;
use super::helpers as hp;
use crate::code::{AttrKind, CodeInfo, Op, SiteCache};
use crate::frame::Frame;

/// How a shadowed value is represented in the trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repr {
    Int,
    Float,
    /// An i64 0/1 standing for a Python bool.
    Bool,
    Obj,
}

impl Repr {
    pub fn ir_type(self) -> Type {
        match self {
            Repr::Int | Repr::Bool => Type::I64,
            Repr::Float => Type::F64,
            Repr::Obj => Type::Obj,
        }
    }
}

/// The shadow of one frame slot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Sh {
    /// Empty (CPython's NULL).
    Null,
    Val { op: Operand, repr: Repr, owned: bool },
}

impl Sh {
    fn val(op: impl Into<Operand>, repr: Repr, owned: bool) -> Sh {
        Sh::Val { op: op.into(), repr, owned }
    }
}

/// How the loop frame's slot is passed into the compiled loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    Int,
    Float,
    Obj,
}

impl InputKind {
    /// The shadow representation of a value passed this way.
    pub fn repr(self) -> Repr {
        match self {
            InputKind::Int => Repr::Int,
            InputKind::Float => Repr::Float,
            InputKind::Obj => Repr::Obj,
        }
    }
}

/// What an exit needs to rebuild an inlined callee frame.
#[derive(Clone)]
pub struct FrameDesc {
    pub info: Rc<CodeInfo>,
    /// The function whose frame this is (None for the loop frame itself).
    pub func: Option<PyObjectRef>,
    /// An `__init__` frame: the instance is the last source of its snapshot.
    pub init: bool,
}

struct ShadowFrame {
    desc: u32,
    slots: Vec<Sh>,
    /// Where the interpreter resumes this frame when a callee returns (its pc
    /// after the CALL).
    resume_pc: u32,
    /// For `__init__` frames, the instance the caller receives.
    init: Option<Sh>,
}

/// Why recording stopped without a trace.
pub type Abort = String;

pub struct Recorder {
    b: TraceBuilder,
    /// The loop: its code object and header instruction.
    pub info: Rc<CodeInfo>,
    pub header: u32,
    /// The loop frame (by serial) and its position in the run's frame stack.
    pub serial: u64,
    pub base: usize,
    frames: Vec<ShadowFrame>,
    pub inputs: Vec<InputKind>,
    pub descs: Vec<FrameDesc>,
    /// Objects the trace's constants point to, kept alive with it.
    pub keep: Vec<PyObjectRef>,
    funcs: HashMap<Helper, FuncId>,
    consts: HashMap<usize, ConstId>,
    /// A callee frame prepared by CALL, waiting for the interpreter to push it.
    pending: Option<ShadowFrame>,
    expect: Expect,
    layout: super::Layout,
    /// The pc after the instruction being recorded.
    next_pc: u32,
    /// Which loop-frame slots were empty at the header (not inputs).
    header_nulls: Vec<bool>,
    /// At least one instruction has been recorded.
    recorded: bool,
    /// What the recording is for (a loop, or a bridge from an exit).
    pub target: super::Target,
    /// A generic FOR_ITER recorded but not yet executed: its result and the
    /// pc it jumps to when the iterator is exhausted.
    pending_iter: Option<(ValueId, u32, ConstId)>,
    /// Back-edges of other loops a bridge went through (each at most once).
    loops_passed: HashSet<u32>,
}

/// What the instruction being recorded must do to the frame stack.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Expect {
    Next,
    Push,
    Return,
}

const MAX_OPS: usize = 6000;
const MAX_DEPTH: usize = 8;

fn int_value(vm: &VirtualMachine, o: &PyObject) -> Option<i64> {
    if o.class().is(vm.ctx.types.int_type) {
        o.downcast_ref::<PyInt>()?.as_bigint().to_i64().filter(|v| *v != i64::MIN)
    } else {
        None
    }
}

fn float_value(vm: &VirtualMachine, o: &PyObject) -> Option<f64> {
    if o.class().is(vm.ctx.types.float_type) {
        o.downcast_ref::<PyFloat>().map(|f| f.to_f64())
    } else {
        None
    }
}

macro_rules! abort {
    ($($t:tt)*) => { return Err(format!($($t)*)) };
}

impl Recorder {
    /// Start recording at the loop header: `f` is the loop frame, at index
    /// `base` of the run's frame stack, with `f.pc == header`.
    pub fn start(vm: &VirtualMachine, f: &Frame, base: usize, layout: super::Layout) -> Result<Recorder, Abort> {
        let mut b = TraceBuilder::new(&format!("{}:{}", f.code.qualname(), f.code.line_of(f.pc).unwrap_or(0)));
        let mut slots = Vec::with_capacity(f.slots.len());
        let mut inputs = Vec::new();
        for v in &f.slots {
            match v {
                None => slots.push(Sh::Null),
                Some(o) => {
                    let (kind, repr) = if int_value(vm, o).is_some() {
                        (InputKind::Int, Repr::Int)
                    } else if float_value(vm, o).is_some() {
                        (InputKind::Float, Repr::Float)
                    } else {
                        (InputKind::Obj, Repr::Obj)
                    };
                    let v = b.input(repr.ir_type());
                    inputs.push(kind);
                    slots.push(Sh::val(v, repr, true));
                }
            }
        }
        let descs = vec![FrameDesc { info: f.code.clone(), func: None, init: false }];
        let header_nulls = slots.iter().map(|s| matches!(s, Sh::Null)).collect();
        Ok(Recorder {
            b,
            info: f.code.clone(),
            header: f.pc,
            serial: f.serial,
            base,
            frames: vec![ShadowFrame { desc: 0, slots, resume_pc: 0, init: None }],
            inputs,
            descs,
            keep: Vec::new(),
            funcs: HashMap::new(),
            consts: HashMap::new(),
            pending: None,
            expect: Expect::Next,
            layout,
            next_pc: 0,
            header_nulls,
            recorded: false,
            target: super::Target::Loop(super::LoopKey::of(f, f.lasti)),
            pending_iter: None,
            loops_passed: HashSet::new(),
        })
    }

    /// Start recording a bridge from exit `exit` of `ct`, whose frames the
    /// deoptimizer just rebuilt on `stack` (the loop frame at `base`). The
    /// shadow frames come from the exit's snapshot: each snapshot value is
    /// the bridge input of the same position in the exit buffer. `resumed`
    /// says whether the exit resumed after a FOR_ITER (and whether the
    /// deoptimizer then jumped to the loop's end, its value being the STOP
    /// marker).
    pub fn start_bridge(
        vm: &VirtualMachine,
        stack: &[Box<Frame>],
        base: usize,
        ct: Rc<super::CompiledTrace>,
        exit: u32,
        resumed: super::deopt::Resumed,
        layout: super::Layout,
    ) -> Result<Recorder, Abort> {
        let info = ct.code.exit_info(exit).ok_or("no such exit")?;
        let part = ct.part(info.trace);
        let g = part.trace.ops[info.op_index].guard.clone().ok_or("exit without a guard")?;
        let snap = part.trace.snapshot(g.snapshot).clone();
        if snap.kind != SnapshotKind::Resume {
            abort!("the exit raises or re-offers a yield");
        }
        if stack.len() != base + snap.frames.len() {
            abort!("frames differ from the exit's snapshot");
        }
        let name = format!("{} from exit {exit}", ct.name);
        let b = TraceBuilder::bridge(&name, &part.trace, info.op_index).map_err(|e| format!("bridge: {e:?}"))?;
        let input_of: HashMap<ValueId, ValueId> = info.values.iter().copied().zip(b.trace().inputs.iter().copied()).collect();
        let loop_frame = &stack[base];
        let mut r = Recorder {
            b,
            info: loop_frame.code.clone(),
            header: ct.header,
            serial: loop_frame.serial,
            base,
            frames: Vec::new(),
            inputs: ct.inputs.clone(),
            descs: part.descs.clone(),
            keep: Vec::new(),
            funcs: HashMap::new(),
            consts: HashMap::new(),
            pending: None,
            expect: Expect::Next,
            layout,
            next_pc: 0,
            header_nulls: ct.header_nulls.clone(),
            recorded: false,
            target: super::Target::Bridge(ct.clone(), exit),
            pending_iter: None,
            loops_passed: HashSet::new(),
        };
        let mut taken = HashSet::new();
        for (i, fr) in snap.frames.iter().enumerate() {
            let mut slots = Vec::with_capacity(fr.slots.len());
            for src in &fr.slots {
                let sh = match *src {
                    Source::Null => Sh::Null,
                    Source::Unchanged | Source::Virtual(_) => abort!("bridge from a snapshot with {src:?}"),
                    Source::Val(o) | Source::Bool(o) => {
                        let repr = match (src, o) {
                            (Source::Bool(_), _) => Repr::Bool,
                            (_, Operand::Value(v)) => match part.trace.value_type(v) {
                                Some(Type::I64) => Repr::Int,
                                Some(Type::F64) => Repr::Float,
                                _ => Repr::Obj,
                            },
                            (_, Operand::Int(_)) => Repr::Int,
                            (_, Operand::Float(_)) => Repr::Float,
                            (_, Operand::Obj(_)) => Repr::Obj,
                        };
                        match o {
                            Operand::Value(v) => {
                                let input = *input_of.get(&v).ok_or("snapshot value missing from the exit")?;
                                let owned = repr == Repr::Obj && g.owned.contains(&v) && taken.insert(v);
                                Sh::val(input, repr, owned)
                            }
                            Operand::Obj(c) => {
                                let k = &part.trace.consts[c.index()];
                                // SAFETY: the parent trace keeps its constants alive.
                                let obj = unsafe { &*(k.addr as *const PyObject) };
                                r.keep.push(obj.to_owned());
                                let c = r.b.const_obj(k.addr, &k.name.clone(), k.sealed);
                                r.consts.insert(k.addr as usize, c);
                                Sh::val(c, repr, false)
                            }
                            other => Sh::val(other, repr, false),
                        }
                    }
                };
                slots.push(sh);
            }
            let init = if i > 0 && part.descs[fr.code as usize].init { slots.pop() } else { None };
            r.frames.push(ShadowFrame { desc: fr.code as u32, slots, resume_pc: fr.pc, init });
        }
        // References the exit owns but no frame holds: the bridge releases them.
        for d in &g.drop {
            let v = *input_of.get(d).ok_or("drop value missing from the exit")?;
            r.release(Sh::val(v, Repr::Obj, true));
        }
        if let super::deopt::Resumed::AfterForIter { exhausted } = resumed {
            // The snapshot resumes after FOR_ITER with its value pushed. The
            // exit may not have been the STOP test failing (random exits, or
            // a later guard at the same pc), so the bridge tests the value
            // itself, in the direction the interpreter went.
            r.next_pc = snap.frames.last().map_or(0, |f| f.pc);
            let Sh::Val { op: Operand::Value(v), repr: Repr::Obj, .. } = r.pop() else {
                abort!("no FOR_ITER value on the stack")
            };
            let stop = r.constant(hp::stop_object(vm), "STOP");
            r.after_for_iter(v, stop, exhausted);
        }
        Ok(r)
    }

    pub fn depth(&self) -> usize {
        self.frames.len()
    }

    /// Whether any instruction was recorded yet.
    pub fn started(&self) -> bool {
        !self.b.is_empty() || self.recorded
    }

    pub fn header_nulls(&self) -> &[bool] {
        &self.header_nulls
    }

    // ----- building blocks -----

    fn top(&mut self) -> &mut ShadowFrame {
        self.frames.last_mut().unwrap()
    }

    fn push(&mut self, s: Sh) {
        self.top().slots.push(s);
    }

    fn pop(&mut self) -> Sh {
        self.top().slots.pop().unwrap_or(Sh::Null)
    }

    fn peek(&self, i: usize) -> Sh {
        let s = &self.frames.last().unwrap().slots;
        s[s.len() - 1 - i]
    }

    /// Release a value the interpreter is dropping.
    fn release(&mut self, s: Sh) {
        if let Sh::Val { op: Operand::Value(v), repr: Repr::Obj, owned: true } = s {
            let f = self.func(Helper::Decref);
            self.b.call(f, &[v.into()]);
        }
    }

    fn constant(&mut self, o: &PyObject, name: &str) -> ConstId {
        let addr = o as *const PyObject as usize;
        if let Some(&c) = self.consts.get(&addr) {
            return c;
        }
        self.keep.push(o.to_owned());
        let c = self.b.const_obj(addr as u64, name, false);
        self.consts.insert(addr, c);
        c
    }

    /// A type object as a constant (its object address, which is what an
    /// object's type pointer holds).
    fn type_const(&mut self, vm: &VirtualMachine, t: &Py<PyType>) -> ConstId {
        let sealed = [
            vm.ctx.types.int_type,
            vm.ctx.types.float_type,
            vm.ctx.types.list_type,
            vm.ctx.types.tuple_type,
            vm.ctx.types.bool_type,
            vm.ctx.types.str_type,
            vm.ctx.types.dict_type,
        ]
        .iter()
        .any(|b| b.is(t));
        let addr = t.as_object() as *const PyObject as usize;
        if let Some(&c) = self.consts.get(&addr) {
            return c;
        }
        self.keep.push(t.to_owned().into());
        let c = self.b.const_obj(addr as u64, &t.name(), sealed);
        self.consts.insert(addr, c);
        c
    }

    fn func(&mut self, helper: Helper) -> FuncId {
        if let Some(&f) = self.funcs.get(&helper) {
            return f;
        }
        let f = self.b.func(helper.desc());
        self.funcs.insert(helper, f);
        f
    }

    fn call(&mut self, helper: Helper, args: &[Operand]) -> Option<hipy_optimizer::ValueId> {
        let f = self.func(helper);
        self.b.call(f, args)
    }

    /// A snapshot of every shadowed frame, resuming the innermost at `pc`.
    fn snapshot(&mut self, kind: SnapshotKind, pc: u32) -> SnapId {
        let n = self.frames.len();
        let mut frames = Vec::with_capacity(n);
        for (i, fr) in self.frames.iter().enumerate() {
            let mut slots: Vec<Source> = fr
                .slots
                .iter()
                .map(|s| match *s {
                    Sh::Null => Source::Null,
                    Sh::Val { op, repr: Repr::Bool, .. } => Source::Bool(op),
                    Sh::Val { op, .. } => Source::Val(op),
                })
                .collect();
            if let Some(Sh::Val { op, .. }) = fr.init {
                slots.push(Source::Val(op));
            }
            let pc = if i + 1 == n { pc } else { fr.resume_pc };
            frames.push(SnapFrame { code: fr.desc as u64, pc, slots });
        }
        self.b.snapshot(kind, frames)
    }

    /// The value of shadow `s` (whose interpreter value is `o`) as an i64,
    /// guarding and unboxing an object that holds a small int.
    fn as_int(&mut self, vm: &VirtualMachine, s: Sh, o: &PyObject, snap: SnapId) -> Option<Operand> {
        match s {
            Sh::Val { op, repr: Repr::Int | Repr::Bool, .. } => Some(op),
            Sh::Val { op, repr: Repr::Obj, .. } => {
                int_value(vm, o)?;
                let int_cls = self.type_const(vm, vm.ctx.types.int_type);
                self.b.guard_class(op, int_cls, snap);
                let v = self.call(Helper::UnboxInt, &[op])?;
                let ok = self.b.op(Opcode::IntNe, &[v.into(), i64::MIN.into()]);
                self.b.guard_true(ok, snap);
                Some(v.into())
            }
            _ => None,
        }
    }

    /// As `as_int`, for f64 (ints convert).
    fn as_float(&mut self, vm: &VirtualMachine, s: Sh, o: &PyObject, snap: SnapId) -> Option<Operand> {
        match s {
            Sh::Val { op, repr: Repr::Float, .. } => Some(op),
            Sh::Val { op, repr: Repr::Int, .. } => Some(self.b.op(Opcode::IntToF64, &[op]).into()),
            Sh::Val { op, repr: Repr::Obj, .. } => {
                if float_value(vm, o).is_some() {
                    let cls = self.type_const(vm, vm.ctx.types.float_type);
                    self.b.guard_class(op, cls, snap);
                    Some(self.b.op(Opcode::UnboxFloat, &[op]).into())
                } else {
                    let i = self.as_int(vm, s, o, snap)?;
                    Some(self.b.op(Opcode::IntToF64, &[i]).into())
                }
            }
            _ => None,
        }
    }

    /// The value as an object reference: `(operand, temp)`, where a temp is
    /// a new reference (a boxed value) the caller must release after use.
    fn as_obj(&mut self, s: Sh) -> Option<(Operand, bool)> {
        match s {
            Sh::Val { op, repr: Repr::Obj, .. } => Some((op, false)),
            Sh::Val { op, repr: Repr::Int, .. } => Some((self.call(Helper::BoxInt, &[op])?.into(), true)),
            Sh::Val { op, repr: Repr::Float, .. } => Some((self.call(Helper::BoxFloat, &[op])?.into(), true)),
            Sh::Val { op, repr: Repr::Bool, .. } => Some((self.call(Helper::BoxBool, &[op])?.into(), true)),
            Sh::Null => None,
        }
    }

    fn release_temp(&mut self, op: Operand, temp: bool) {
        if temp {
            self.release(Sh::Val { op, repr: Repr::Obj, owned: true });
        }
    }

    /// Pop `n` values, call helper `name` on them as objects, let `check`
    /// guard its result while the operands are still live, then release
    /// them. Returns the helper's result.
    fn call_popped(
        &mut self,
        n: usize,
        name: Helper,
        check: impl FnOnce(&mut Recorder, ValueId),
    ) -> Result<ValueId, Abort> {
        let mut items: Vec<Sh> = (0..n).map(|_| self.pop()).collect();
        items.reverse();
        let mut ops = Vec::with_capacity(n);
        for s in &items {
            ops.push(self.as_obj(*s).ok_or_else(|| format!("{} of NULL", name.name()))?);
        }
        let args: Vec<Operand> = ops.iter().map(|(o, _)| *o).collect();
        let r = self.call(name, &args).expect("the helper returns a value");
        check(self, r);
        for (o, t) in ops {
            self.release_temp(o, t);
        }
        for s in items {
            self.release(s);
        }
        Ok(r)
    }

    /// A value stored into a frame slot: the slot must own it.
    fn own(&mut self, s: Sh) -> Sh {
        match s {
            Sh::Val { op: Operand::Value(v), repr: Repr::Obj, owned: false } => {
                let r = self.call(Helper::Incref, &[v.into()]).expect("incref returns");
                Sh::val(r, Repr::Obj, true)
            }
            Sh::Val { op, repr: Repr::Obj, owned: false } => Sh::val(op, Repr::Obj, false),
            other => other,
        }
    }

    /// Overwrite slot `i` of the top frame, releasing what it held (unless a
    /// borrowed copy of it is still on a stack, which then takes it over).
    fn store_slot(&mut self, i: usize, s: Sh) {
        let s = self.own(s);
        let old = std::mem::replace(&mut self.top().slots[i], s);
        self.drop_slot_value(old);
    }

    fn drop_slot_value(&mut self, old: Sh) {
        if let Sh::Val { op, repr: Repr::Obj, owned: true } = old {
            for fr in self.frames.iter_mut().rev() {
                let n = fr.slots.len();
                for s in fr.slots.iter_mut().take(n) {
                    if let Sh::Val { op: o, repr: Repr::Obj, owned } = s {
                        if *o == op && !*owned {
                            *owned = true;
                            return;
                        }
                    }
                }
            }
            self.release(old);
        }
    }

    // ----- recording -----

    /// Mirror instruction `op` (at `f.lasti == pc`) of the innermost recorded
    /// frame `f`, before the interpreter executes it.
    pub fn record(&mut self, vm: &VirtualMachine, f: &Frame, op: Op, pc: u32) -> Result<(), Abort> {
        if self.b.len() > MAX_OPS {
            abort!("trace too long");
        }
        self.expect = Expect::Next;
        self.recorded = true;
        self.next_pc = pc + 1 + u32::from(op.ncache);
        let arg = op.arg;
        let conc = |i: usize| -> &PyObjectRef {
            f.slots[f.slots.len() - 1 - i].as_ref().expect("value on stack")
        };
        match op.kind {
            Instruction::Nop | Instruction::NotTaken | Instruction::Resume { .. } | Instruction::ExtendedArg => {}
            Instruction::JumpForward { .. } => {}
            Instruction::JumpBackward { .. } => {
                if self.frames.len() != 1 {
                    abort!("loop in an inlined call");
                }
                // The interpreter's safepoint at the back-edge: on a signal, a
                // due collection or a stop-the-world request, leave and let the
                // interpreter run this jump (and its poll) itself.
                let snap = self.snapshot(SnapshotKind::Resume, pc);
                self.b.guard_no_interrupt(snap);
                if arg != self.header {
                    // A bridge may run to the end of an enclosing loop and back
                    // into the inner one, not around another loop.
                    let bridge = matches!(self.target, super::Target::Bridge(..));
                    if !bridge {
                        abort!("inner loop");
                    }
                    if !self.loops_passed.insert(pc) {
                        abort!("bridge goes around another loop");
                    }
                }
            }
            Instruction::ListAppend { .. } | Instruction::SetAdd { .. } | Instruction::MapAdd { .. } => {
                // Comprehension appends: a helper call on the container
                // `arg` slots below the popped operands.
                let (name, n) = match op.kind {
                    Instruction::ListAppend { .. } => (Helper::ListAppend, 1),
                    Instruction::SetAdd { .. } => (Helper::SetAdd, 1),
                    _ => (Helper::MapAdd, 2),
                };
                let raise = self.snapshot(SnapshotKind::RaisePending, pc);
                let mut args = Vec::with_capacity(3);
                for depth in std::iter::once(arg as usize + n - 1).chain((0..n).rev()) {
                    let s = self.peek(depth);
                    args.push(self.as_obj(s).ok_or_else(|| format!("{} of NULL", name.name()))?);
                }
                let ops: Vec<Operand> = args.iter().map(|(o, _)| *o).collect();
                let r = self.call(name, &ops).expect("i64");
                self.b.guard_eq_i64(r, 0, raise);
                for (o, t) in args {
                    self.release_temp(o, t);
                }
                for _ in 0..n {
                    let s = self.pop();
                    self.release(s);
                }
            }
            Instruction::LoadConst { .. } => {
                let c = &f.code.consts[arg as usize];
                let s = if let Some(i) = int_value(vm, c) {
                    Sh::val(i, Repr::Int, false)
                } else if let Some(x) = float_value(vm, c) {
                    Sh::val(x, Repr::Float, false)
                } else {
                    Sh::val(self.constant(c, "const"), Repr::Obj, false)
                };
                self.push(s);
            }
            Instruction::LoadSmallInt { .. } => self.push(Sh::val(arg as i64, Repr::Int, false)),
            Instruction::LoadFast { .. } | Instruction::LoadFastBorrow { .. } | Instruction::LoadFastCheck { .. } => {
                self.load_fast(arg as usize)?
            }
            Instruction::LoadFastLoadFast { .. } | Instruction::LoadFastBorrowLoadFastBorrow { .. } => {
                self.load_fast((arg >> 4) as usize)?;
                self.load_fast((arg & 15) as usize)?;
            }
            Instruction::StoreFast { .. } => {
                let v = self.pop();
                self.store_slot(arg as usize, v);
            }
            Instruction::LoadFastAndClear { .. } => {
                // An inlined comprehension saves the outer variable (maybe
                // unbound): the value, and its ownership, move to the stack.
                let v = std::mem::replace(&mut self.top().slots[arg as usize], Sh::Null);
                self.push(v);
            }
            Instruction::StoreFastLoadFast { .. } => {
                let v = self.pop();
                self.store_slot((arg >> 4) as usize, v);
                self.load_fast((arg & 15) as usize)?;
            }
            Instruction::StoreFastStoreFast { .. } => {
                let a = self.pop();
                let b = self.pop();
                self.store_slot((arg >> 4) as usize, a);
                self.store_slot((arg & 15) as usize, b);
            }
            Instruction::PopTop | Instruction::EndFor | Instruction::PopIter => {
                let v = self.pop();
                self.release(v);
            }
            Instruction::PushNull => self.push(Sh::Null),
            Instruction::Copy { .. } => {
                let v = self.peek(arg as usize - 1);
                let v = match v {
                    Sh::Val { op, repr, .. } => Sh::val(op, repr, false),
                    Sh::Null => Sh::Null,
                };
                self.push(v);
            }
            Instruction::Swap { .. } => {
                let t = self.top();
                let n = t.slots.len();
                t.slots.swap(n - 1, n - arg as usize);
            }
            Instruction::LoadGlobal { .. } => self.load_global(vm, f, pc, arg)?,
            Instruction::BinaryOp { .. } => self.binary_op(vm, f, pc, arg, conc(1), conc(0))?,
            Instruction::CompareOp { .. } => self.compare(vm, pc, arg, conc(1), conc(0))?,
            Instruction::IsOp { .. } => {
                let b = self.pop();
                let a = self.pop();
                let r = match (a, b) {
                    (Sh::Val { op: x, repr: Repr::Obj, .. }, Sh::Val { op: y, repr: Repr::Obj, .. }) => {
                        let opc = if arg == 1 { Opcode::PtrNe } else { Opcode::PtrEq };
                        Operand::from(self.b.op(opc, &[x, y]))
                    }
                    _ => abort!("identity test of an unboxed value"),
                };
                self.release(a);
                self.release(b);
                self.push(Sh::val(r, Repr::Bool, false));
            }
            Instruction::ToBool => self.to_bool(vm, pc, conc(0))?,
            Instruction::UnaryNot => match self.pop() {
                Sh::Val { op, repr: Repr::Bool, .. } => {
                    let r = self.b.op(Opcode::BoolNot, &[op]);
                    self.push(Sh::val(r, Repr::Bool, false));
                }
                _ => abort!("not of a non-bool"),
            },
            Instruction::UnaryNegative => {
                let s = self.peek(0);
                let snap = self.snapshot(SnapshotKind::Resume, pc);
                match s {
                    Sh::Val { op, repr: Repr::Int, .. } => {
                        self.pop();
                        let r = self.b.op_exit(Opcode::IntNegOvf, &[op], snap);
                        self.push(Sh::val(r, Repr::Int, false));
                    }
                    Sh::Val { op, repr: Repr::Float, .. } => {
                        self.pop();
                        let r = self.b.op(Opcode::FloatNeg, &[op]);
                        self.push(Sh::val(r, Repr::Float, false));
                    }
                    _ => {
                        let int_object = int_value(vm, conc(0)).is_some();
                        if let Some(x) = self.as_int(vm, s, conc(0), snap).filter(|_| int_object) {
                            self.pop();
                            self.release(s);
                            let r = self.b.op_exit(Opcode::IntNegOvf, &[x], snap);
                            self.push(Sh::val(r, Repr::Int, false));
                        } else if let Some(x) = self.as_float(vm, s, conc(0), snap).filter(|_| float_value(vm, conc(0)).is_some()) {
                            self.pop();
                            self.release(s);
                            let r = self.b.op(Opcode::FloatNeg, &[x]);
                            self.push(Sh::val(r, Repr::Float, false));
                        } else {
                            abort!("unary minus of an object");
                        }
                    }
                }
            }
            Instruction::PopJumpIfFalse { .. } | Instruction::PopJumpIfTrue { .. } => {
                let taken_if = matches!(op.kind, Instruction::PopJumpIfTrue { .. });
                let s = self.peek(0);
                let truth = conc(0).clone().try_to_bool(vm).map_err(|_| "truth test raised".to_owned())?;
                let snap = self.snapshot(SnapshotKind::Resume, pc);
                match s {
                    Sh::Val { op, repr: Repr::Bool, .. } => {
                        if truth {
                            self.b.guard_true(op, snap)
                        } else {
                            self.b.guard_false(op, snap)
                        }
                    }
                    _ => abort!("branch on a non-bool"),
                }
                let _ = taken_if;
                self.pop();
            }
            Instruction::PopJumpIfNone { .. } | Instruction::PopJumpIfNotNone { .. } => {
                let s = self.peek(0);
                let is_none = vm.is_none(conc(0));
                let snap = self.snapshot(SnapshotKind::Resume, pc);
                if let Sh::Val { op, repr: Repr::Obj, .. } = s {
                    let none = self.constant(vm.ctx.none.as_object(), "None");
                    let eq = self.b.op(Opcode::PtrEq, &[op, none.into()]);
                    if is_none {
                        self.b.guard_true(eq, snap)
                    } else {
                        self.b.guard_false(eq, snap)
                    }
                }
                let v = self.pop();
                self.release(v);
            }
            Instruction::ForIter { .. } => self.for_iter(vm, f, pc, arg, conc(0))?,
            Instruction::LoadAttr { .. } => self.load_attr(vm, f, op, pc, conc(0))?,
            Instruction::StoreAttr { .. } => {
                let snap = self.snapshot(SnapshotKind::RaisePending, pc);
                let obj = self.pop();
                let val = self.pop();
                let name = f.code.names[arg as usize];
                let n = self.constant(name.as_object(), name.as_str());
                let (o, ot) = self.as_obj(obj).ok_or("store to NULL")?;
                let (v, vt) = self.as_obj(val).ok_or("store of NULL")?;
                let r = self.call(Helper::Setattr, &[o, n.into(), v]).expect("int result");
                self.b.guard_eq_i64(r, 0, snap);
                self.release_temp(o, ot);
                self.release_temp(v, vt);
                self.release(obj);
                self.release(val);
            }
            Instruction::StoreSubscr => self.store_subscr(vm, pc, conc(1), conc(0))?,
            Instruction::UnpackSequence { .. } => self.unpack(vm, pc, arg as usize, conc(0))?,
            Instruction::BuildTuple { .. } if (1..=3).contains(&arg) => {
                let r = self.call_popped(arg as usize, [Helper::Tuple1, Helper::Tuple2, Helper::Tuple3][arg as usize - 1], |_, _| {})?;
                self.push(Sh::val(r, Repr::Obj, true));
            }
            Instruction::BuildList { .. } if arg <= 3 => {
                let r = self.call_popped(arg as usize, [Helper::List0, Helper::List1, Helper::List2, Helper::List3][arg as usize], |_, _| {})?;
                self.push(Sh::val(r, Repr::Obj, true));
            }
            Instruction::BuildSet { .. } | Instruction::BuildMap { .. } if arg == 0 => {
                let name = if matches!(op.kind, Instruction::BuildSet { .. }) { Helper::Set0 } else { Helper::Dict0 };
                let r = self.call(name, &[]).expect("obj");
                self.push(Sh::val(r, Repr::Obj, true));
            }
            Instruction::Call { .. } => self.call_op(vm, f, op, pc, arg as usize)?,
            Instruction::BuildSlice { .. } => {
                let n = if arg == 3 { 3 } else { 2 };
                let r = self.call_popped(n, if n == 2 { Helper::Slice2 } else { Helper::Slice3 }, |_, _| {})?;
                self.push(Sh::val(r, Repr::Obj, true));
            }
            Instruction::BinarySlice => {
                let raise = self.snapshot(SnapshotKind::RaisePending, pc);
                let r = self.call_popped(3, Helper::GetSlice, |rec, r| rec.b.guard_nonnull(r, raise))?;
                self.push(Sh::val(r, Repr::Obj, true));
            }
            Instruction::StoreSlice => {
                let raise = self.snapshot(SnapshotKind::RaisePending, pc);
                self.call_popped(4, Helper::SetSlice, |rec, r| rec.b.guard_eq_i64(r, 0, raise))?;
            }
            Instruction::GetIter => {
                let raise = self.snapshot(SnapshotKind::RaisePending, pc);
                let s = self.pop();
                let (o, t) = self.as_obj(s).ok_or("iter of NULL")?;
                let r = self.call(Helper::GetIter, &[o]).expect("obj");
                self.b.guard_nonnull(r, raise);
                self.release_temp(o, t);
                self.release(s);
                self.push(Sh::val(r, Repr::Obj, true));
            }
            Instruction::ReturnValue => {
                if self.frames.len() == 1 {
                    abort!("return from the loop frame");
                }
                let mut r = self.pop();
                let mut done = self.frames.pop().unwrap();
                // A value returned from a local (`return self`) takes over
                // that slot's reference before the frame's slots go.
                if let Sh::Val { op, repr: Repr::Obj, owned: false } = r {
                    let owner = done.slots.iter_mut().find(|s| matches!(**s, Sh::Val { op: o, repr: Repr::Obj, owned: true } if o == op));
                    if let Some(slot) = owner {
                        *slot = Sh::Null;
                        r = Sh::val(op, Repr::Obj, true);
                    }
                }
                for s in done.slots {
                    self.release(s);
                }
                match done.init {
                    Some(inst) => {
                        if !vm.is_none(conc(0)) {
                            abort!("__init__ returned a value");
                        }
                        self.release(r);
                        self.push(inst);
                    }
                    None => self.push(r),
                }
                self.expect = Expect::Return;
            }
            Instruction::CopyFreeVars { .. } => {
                let Some(closure) = &f.closure else { abort!("no closure") };
                let cells: Vec<PyObjectRef> = closure.as_slice().iter().take(arg as usize).cloned().collect();
                let start = f.code.nlocalsplus - arg as usize;
                for (i, c) in cells.iter().enumerate() {
                    let k = self.constant(c, "cell");
                    self.top().slots[start + i] = Sh::val(k, Repr::Obj, false);
                }
            }
            Instruction::LoadDeref { .. } => {
                let cell = match self.frames.last().unwrap().slots[arg as usize] {
                    Sh::Val { op, repr: Repr::Obj, .. } => op,
                    _ => abort!("deref of a non-cell"),
                };
                let snap = self.snapshot(SnapshotKind::Resume, pc);
                let r = self.call(Helper::CellGet, &[cell]).expect("obj");
                self.b.guard_nonnull(r, snap);
                self.push(Sh::val(r, Repr::Obj, true));
            }
            Instruction::StoreDeref { .. } => {
                let cell = match self.frames.last().unwrap().slots[arg as usize] {
                    Sh::Val { op, repr: Repr::Obj, .. } => op,
                    _ => abort!("deref of a non-cell"),
                };
                let raise = self.snapshot(SnapshotKind::RaisePending, pc);
                let s = self.peek(0);
                let (v, vt) = self.as_obj(s).ok_or("store of NULL")?;
                let r = self.call(Helper::CellSet, &[cell, v]).expect("i64");
                self.b.guard_eq_i64(r, 0, raise);
                self.release_temp(v, vt);
                let s = self.pop();
                self.release(s);
            }
            Instruction::YieldValue { .. } => self.offer(vm, f, pc, arg)?,
            other => abort!("{:?} is not recorded", other),
        }
        Ok(())
    }

    /// A plain yield in the loop frame of a push-mode generator (`crate::
    /// push`): offer the value to the consumer; the frame goes on as if
    /// resumed with None. If the consumer declines, the exit re-executes the
    /// yield, which is declined again and suspends the frame.
    fn offer(&mut self, vm: &VirtualMachine, f: &Frame, pc: u32, arg: u32) -> Result<(), Abort> {
        if !(f.push && arg == 0 && self.frames.len() == 1) {
            abort!("yield outside a push-mode loop frame");
        }
        let s = self.peek(0);
        let snap = self.snapshot(SnapshotKind::Reoffer, pc);
        let taken = match s {
            Sh::Val { op, repr: Repr::Int, .. } => self.call(Helper::OfferInt, &[op]),
            Sh::Val { op, repr: Repr::Float, .. } => self.call(Helper::OfferFloat, &[op]),
            _ => {
                let (o, t) = self.as_obj(s).ok_or("yield of NULL")?;
                let r = self.call(Helper::Offer, &[o]);
                self.release_temp(o, t);
                r
            }
        };
        self.b.guard_true(taken.expect("i64"), snap);
        let s = self.pop();
        self.release(s);
        let none = self.constant(vm.ctx.none.as_object(), "None");
        self.push(Sh::val(none, Repr::Obj, false));
        Ok(())
    }

    /// After the interpreter executed the instruction: check the frame stack
    /// moved as recorded, and track pushed callee frames.
    pub fn after(&mut self, pushed: bool, returned: bool, now_pc: u32) -> Result<(), Abort> {
        if let Some((r, target, stop)) = self.pending_iter.take() {
            self.after_for_iter(r, stop, now_pc == target && target != self.next_pc);
        }
        match self.expect {
            Expect::Push if pushed => {
                let fr = self.pending.take().expect("pending frame");
                if self.frames.len() >= MAX_DEPTH {
                    abort!("inlining too deep");
                }
                self.frames.push(fr);
                Ok(())
            }
            Expect::Return if returned => Ok(()),
            Expect::Next if !pushed && !returned => Ok(()),
            _ => abort!("frame change differs from the recording"),
        }
    }

    fn load_fast(&mut self, i: usize) -> Result<(), Abort> {
        match self.top().slots[i] {
            Sh::Null => abort!("read of an unbound local"),
            Sh::Val { op, repr, .. } => self.push(Sh::val(op, repr, false)),
        }
        Ok(())
    }

    fn load_global(&mut self, vm: &VirtualMachine, f: &Frame, pc: u32, arg: u32) -> Result<(), Abort> {
        let name = f.code.names[(arg >> 1) as usize];
        let value = crate::names::load_global(vm, f, name).map_err(|_| "global lookup raises".to_owned())?;
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let g = self.constant(f.globals.as_object(), "globals");
        let bi = self.constant(f.builtins.as_object(), "builtins");
        let k = self.constant(&value, name.as_str());
        let slot = crate::globals_cache::locate(vm, &f.globals, f.builtins.as_object(), name);
        match (slot, crate::globals_cache::layout()) {
            (Some(slot), Some(l)) if l.stamp % 4 == 0 => {
                // The dicts' key sets are as recorded (stamps), so the entry
                // is where it was: read it and check it is the same object.
                self.stamp_guard(g, &l, slot.globals_stamp, snap);
                let d = match slot.builtins_stamp {
                    None => g,
                    Some(stamp) => {
                        self.stamp_guard(bi, &l, stamp, snap);
                        bi
                    }
                };
                let entries = self.b.load_field(d, l.entries as i32, Type::Obj);
                let off = slot.index as usize * l.stride + l.value;
                let v = self.b.load_field(entries, i32::try_from(off).map_err(|_| "global entry too far")?, Type::Obj);
                self.b.guard(Opcode::GuardIdentity, &[v.into(), k.into()], snap);
            }
            _ => {
                let snap_raise = self.snapshot(SnapshotKind::RaisePending, pc);
                let n = self.constant(name.as_object(), name.as_str());
                let r = self.call(Helper::LoadGlobal, &[g.into(), bi.into(), n.into()]).expect("obj");
                self.b.guard_nonnull(r, snap_raise);
                self.b.guard(Opcode::GuardIdentity, &[r.into(), k.into()], snap);
                self.release(Sh::val(r, Repr::Obj, true));
            }
        }
        let s = if let Some(i) = int_value(vm, &value) {
            Sh::val(i, Repr::Int, false)
        } else if let Some(x) = float_value(vm, &value) {
            Sh::val(x, Repr::Float, false)
        } else {
            Sh::val(k, Repr::Obj, false)
        };
        self.push(s);
        if arg & 1 != 0 {
            self.push(Sh::Null);
        }
        Ok(())
    }

    /// Item `i` of an exact list or tuple `seq` (borrowed), guarding
    /// `0 <= i < len`.
    fn seq_item(&mut self, seq: Operand, i: Operand, l: super::SeqLayout, snap: SnapId) -> ValueId {
        let items = self.seq_items(seq, i, l, snap);
        self.b.load_indexed(items, i, 0, Type::Obj)
    }

    /// The item array of an exact list or tuple `seq`, guarding
    /// `0 <= i < len`.
    fn seq_items(&mut self, seq: Operand, i: Operand, l: super::SeqLayout, snap: SnapId) -> ValueId {
        let len = self.b.load_field(seq, l.len, Type::I64);
        self.b.guard_bounds(i, len, snap);
        self.b.load_field(seq, l.items, Type::Obj)
    }

    /// Guard that dict `d`'s keys-version stamp (a u32 at a probed,
    /// 4-aligned offset) is `stamp`.
    fn stamp_guard(&mut self, d: ConstId, l: &crate::globals_cache::DictLayout, stamp: u32, snap: SnapId) {
        let word = self.b.load_field(d, (l.stamp & !7) as i32, Type::I64);
        let word = if l.stamp % 8 == 4 {
            self.b.op(Opcode::IntRshift, &[word.into(), 32i64.into()])
        } else {
            word
        };
        let low = self.b.op(Opcode::IntAnd, &[word.into(), 0xffff_ffffi64.into()]);
        self.b.guard_eq_i64(low, i64::from(stamp), snap);
    }

    fn binary_op(&mut self, vm: &VirtualMachine, _f: &Frame, pc: u32, arg: u32, a: &PyObjectRef, b: &PyObjectRef) -> Result<(), Abort> {
        let (sa, sb) = (self.peek(1), self.peek(0));
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let base_op = if (13..=25).contains(&arg) { arg - 13 } else { arg };
        let ints = int_value(vm, a).is_some() && int_value(vm, b).is_some();
        let floats = !ints
            && (float_value(vm, a).is_some() || int_value(vm, a).is_some())
            && (float_value(vm, b).is_some() || int_value(vm, b).is_some());
        if ints && base_op != 8 && base_op != 4 {
            let x = self.as_int(vm, sa, a, snap).ok_or("int operand")?;
            let y = self.as_int(vm, sb, b, snap).ok_or("int operand")?;
            let (r, repr): (Operand, Repr) = match base_op {
                0 => (self.b.op_exit(Opcode::IntAddOvf, &[x, y], snap).into(), Repr::Int),
                10 => (self.b.op_exit(Opcode::IntSubOvf, &[x, y], snap).into(), Repr::Int),
                5 => (self.b.op_exit(Opcode::IntMulOvf, &[x, y], snap).into(), Repr::Int),
                2 => (self.b.op_exit(Opcode::IntFloorDiv, &[x, y], snap).into(), Repr::Int),
                6 => (self.b.op_exit(Opcode::IntMod, &[x, y], snap).into(), Repr::Int),
                1 => (self.b.op(Opcode::IntAnd, &[x, y]).into(), Repr::Int),
                7 => (self.b.op(Opcode::IntOr, &[x, y]).into(), Repr::Int),
                12 => (self.b.op(Opcode::IntXor, &[x, y]).into(), Repr::Int),
                3 => (self.b.op_exit(Opcode::IntLshiftOvf, &[x, y], snap).into(), Repr::Int),
                9 => (self.b.op_exit(Opcode::IntRshift, &[x, y], snap).into(), Repr::Int),
                11 => {
                    let nz = self.b.op(Opcode::IntNe, &[y, 0i64.into()]);
                    self.b.guard_true(nz, snap);
                    (self.call(Helper::IntTruediv, &[x, y]).expect("f64").into(), Repr::Float)
                }
                _ => abort!("int binary op {arg}"),
            };
            self.finish_binary(sa, sb, Sh::val(r, repr, false));
            return Ok(());
        }
        if floats && matches!(base_op, 0 | 10 | 5 | 11 | 8) {
            let x = self.as_float(vm, sa, a, snap).ok_or("float operand")?;
            let y = self.as_float(vm, sb, b, snap).ok_or("float operand")?;
            let r: Operand = match base_op {
                0 => self.b.op(Opcode::FloatAdd, &[x, y]).into(),
                10 => self.b.op(Opcode::FloatSub, &[x, y]).into(),
                5 => self.b.op(Opcode::FloatMul, &[x, y]).into(),
                11 => self.b.op_exit(Opcode::FloatDiv, &[x, y], snap).into(),
                _ => {
                    // x ** y without CPython's error cases: x > 0 and a finite result.
                    let pos = self.b.op(Opcode::FloatGt, &[x, 0.0f64.into()]);
                    self.b.guard_true(pos, snap);
                    let r = self.call(Helper::Pow, &[x, y]).expect("f64");
                    let fin = self.b.op(Opcode::FloatLt, &[r.into(), f64::INFINITY.into()]);
                    self.b.guard_true(fin, snap);
                    r.into()
                }
            };
            self.finish_binary(sa, sb, Sh::val(r, Repr::Float, false));
            return Ok(());
        }
        if base_op == 26 && int_value(vm, b).is_some() {
            let helper = if a.class().is(vm.ctx.types.list_type) {
                Some((Helper::ListGet, vm.ctx.types.list_type, self.layout.list))
            } else if a.class().is(vm.ctx.types.tuple_type) {
                Some((Helper::TupleGet, vm.ctx.types.tuple_type, self.layout.tuple))
            } else {
                None
            };
            if let (Some((name, cls, seq_layout)), Sh::Val { op: seq, repr: Repr::Obj, .. }) = (helper, sa) {
                let c = self.type_const(vm, cls);
                self.b.guard_class(seq, c, snap);
                let i = self.as_int(vm, sb, b, snap).ok_or("index")?;
                let r = match seq_layout {
                    // A non-negative index: read the item inline.
                    Some(l) if int_value(vm, b).is_some_and(|k| k >= 0) => {
                        let item = self.seq_item(seq, i, l, snap);
                        self.call(Helper::Incref, &[item.into()]).expect("incref")
                    }
                    _ => {
                        let r = self.call(name, &[seq, i]).expect("obj");
                        self.b.guard_nonnull(r, snap);
                        r
                    }
                };
                self.finish_binary(sa, sb, Sh::val(r, Repr::Obj, true));
                return Ok(());
            }
        }
        // Anything else: the generic operation as a residual call.
        let raise = self.snapshot(SnapshotKind::RaisePending, pc);
        let (x, xt) = self.as_obj(sa).ok_or("NULL operand")?;
        let (y, yt) = self.as_obj(sb).ok_or("NULL operand")?;
        let r = self.call(Helper::Binop, &[x, y, (arg as i64).into()]).expect("obj");
        self.b.guard_nonnull(r, raise);
        self.release_temp(x, xt);
        self.release_temp(y, yt);
        self.finish_binary(sa, sb, Sh::val(r, Repr::Obj, true));
        Ok(())
    }

    fn finish_binary(&mut self, sa: Sh, sb: Sh, result: Sh) {
        self.pop();
        self.pop();
        self.release(sa);
        self.release(sb);
        self.push(result);
    }

    fn compare(&mut self, vm: &VirtualMachine, pc: u32, arg: u32, a: &PyObjectRef, b: &PyObjectRef) -> Result<(), Abort> {
        let (sa, sb) = (self.peek(1), self.peek(0));
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let which = arg >> 5;
        if int_value(vm, a).is_some() && int_value(vm, b).is_some() {
            let x = self.as_int(vm, sa, a, snap).ok_or("int")?;
            let y = self.as_int(vm, sb, b, snap).ok_or("int")?;
            let opc = [Opcode::IntLt, Opcode::IntLe, Opcode::IntEq, Opcode::IntNe, Opcode::IntGt, Opcode::IntGe][which as usize];
            let r = self.b.op(opc, &[x, y]);
            self.finish_binary(sa, sb, Sh::val(r, Repr::Bool, false));
            return Ok(());
        }
        let num = |o: &PyObjectRef| float_value(vm, o).is_some() || int_value(vm, o).is_some();
        if num(a) && num(b) {
            let x = self.as_float(vm, sa, a, snap).ok_or("float")?;
            let y = self.as_float(vm, sb, b, snap).ok_or("float")?;
            let opc = [Opcode::FloatLt, Opcode::FloatLe, Opcode::FloatEq, Opcode::FloatNe, Opcode::FloatGt, Opcode::FloatGe][which as usize];
            let r = self.b.op(opc, &[x, y]);
            self.finish_binary(sa, sb, Sh::val(r, Repr::Bool, false));
            return Ok(());
        }
        let raise = self.snapshot(SnapshotKind::RaisePending, pc);
        let (x, xt) = self.as_obj(sa).ok_or("NULL operand")?;
        let (y, yt) = self.as_obj(sb).ok_or("NULL operand")?;
        let r = self.call(Helper::Compare, &[x, y, (arg as i64).into()]).expect("obj");
        self.b.guard_nonnull(r, raise);
        self.release_temp(x, xt);
        self.release_temp(y, yt);
        self.finish_binary(sa, sb, Sh::val(r, Repr::Obj, true));
        Ok(())
    }

    fn to_bool(&mut self, vm: &VirtualMachine, pc: u32, o: &PyObjectRef) -> Result<(), Abort> {
        let s = self.peek(0);
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let r: Operand = match s {
            Sh::Val { repr: Repr::Bool, .. } => return Ok(()),
            Sh::Val { op, repr: Repr::Int, .. } => self.b.op(Opcode::IntNe, &[op, 0i64.into()]).into(),
            Sh::Val { op, repr: Repr::Float, .. } => self.b.op(Opcode::FloatNe, &[op, 0.0f64.into()]).into(),
            Sh::Val { op, repr: Repr::Obj, .. } if o.class().is(vm.ctx.types.bool_type) => {
                let c = self.type_const(vm, vm.ctx.types.bool_type);
                self.b.guard_class(op, c, snap);
                let t = self.constant(vm.ctx.true_value.as_object(), "True");
                self.b.op(Opcode::PtrEq, &[op, t.into()]).into()
            }
            Sh::Val { op, repr: Repr::Obj, .. } => {
                let raise = self.snapshot(SnapshotKind::RaisePending, pc);
                let t = self.call(Helper::Truthy, &[op]).expect("i64");
                let ok = self.b.op(Opcode::IntNe, &[t.into(), (-1i64).into()]);
                self.b.guard_true(ok, raise);
                t.into()
            }
            Sh::Null => abort!("truth of NULL"),
        };
        self.pop();
        self.release(s);
        self.push(Sh::val(r, Repr::Bool, false));
        Ok(())
    }

    fn for_iter(&mut self, vm: &VirtualMachine, f: &Frame, pc: u32, target: u32, it: &PyObjectRef) -> Result<(), Abort> {
        let s = self.peek(0);
        let Sh::Val { op: iter, repr: Repr::Obj, .. } = s else { abort!("iterator is not an object") };
        let _ = f;
        // Every exit must be right whether or not its guard's condition
        // held (random-exit mode fails guards at will), so exhaustion exits
        // re-execute FOR_ITER rather than jump to the loop's end.
        if let Some(range) = it.downcast_ref::<crate::range::RangeIter>() {
            let exhausted = range.remaining.load(std::sync::atomic::Ordering::Relaxed) <= 0;
            let snap = self.snapshot(SnapshotKind::Resume, pc);
            let cls = self.type_const(vm, it.class());
            self.b.guard_class(iter, cls, snap);
            let (cur_off, rem_off, step_off) = crate::range::field_offsets();
            let rem = self.b.load_field(iter, rem_off, Type::I64);
            let more = self.b.op(Opcode::IntGt, &[rem.into(), 0i64.into()]);
            if exhausted {
                // The interpreter jumps to the loop's end, leaving the iterator.
                self.b.guard_false(more, snap);
                return Ok(());
            }
            self.b.guard_true(more, snap);
            let cur = self.b.load_field(iter, cur_off, Type::I64);
            let step = self.b.load_field(iter, step_off, Type::I64);
            let rem1 = self.b.op(Opcode::IntSub, &[rem.into(), 1i64.into()]);
            self.b.store_field(iter, rem_off, rem1);
            let next = self.b.op(Opcode::IntAdd, &[cur.into(), step.into()]);
            self.b.store_field(iter, cur_off, next);
            self.push(Sh::val(cur, Repr::Int, false));
            return Ok(());
        }
        if let (Some(li), Some(seq)) = (it.downcast_ref::<crate::list_iter::ListIter>(), self.layout.list) {
            // Inline: guard the index against the list's current length.
            let index = li.index.load(std::sync::atomic::Ordering::Relaxed);
            let exhausted = usize::try_from(index).map_or(true, |i| i >= li.list.borrow_vec().len());
            let snap = self.snapshot(SnapshotKind::Resume, pc);
            let cls = self.type_const(vm, it.class());
            self.b.guard_class(iter, cls, snap);
            let (list_off, index_off) = crate::list_iter::field_offsets();
            let i = self.b.load_field(iter, index_off, Type::I64);
            let list = self.b.load_field(iter, list_off, Type::Obj);
            let len = self.b.load_field(list, seq.len, Type::I64);
            let more = self.b.op(Opcode::IntLt, &[i.into(), len.into()]);
            if exhausted {
                // The interpreter marks the iterator exhausted and jumps to
                // the loop's end, leaving the iterator.
                self.b.guard_false(more, snap);
                self.b.store_field(iter, index_off, Operand::Int(crate::list_iter::EXHAUSTED));
                return Ok(());
            }
            self.b.guard_true(more, snap);
            let items = self.b.load_field(list, seq.items, Type::Obj);
            let item = self.b.load_indexed(items, i, 0, Type::Obj);
            let item = self.call(Helper::Incref, &[item.into()]).expect("incref");
            let next = self.b.op(Opcode::IntAdd, &[i.into(), 1i64.into()]);
            self.b.store_field(iter, index_off, next);
            self.push(Sh::val(item, Repr::Obj, true));
            return Ok(());
        }
        let raise = self.snapshot(SnapshotKind::RaisePending, pc);
        let r = self.call(Helper::IterNext, &[iter]).expect("obj");
        self.b.guard_nonnull(r, raise);
        // Whether the iterator is exhausted shows once the interpreter has
        // run FOR_ITER (`after_for_iter`).
        let stop = self.constant(hp::stop_object(vm), "STOP");
        self.pending_iter = Some((r, target, stop));
        Ok(())
    }

    /// The guard after a generic FOR_ITER, on the direction the interpreter
    /// took. The value (or the private STOP object) is already taken from
    /// the iterator: the exit resumes after FOR_ITER with it pushed, and the
    /// deoptimizer turns a pushed STOP into the jump to the loop's end.
    fn after_for_iter(&mut self, r: ValueId, stop: ConstId, exhausted: bool) {
        self.push(Sh::val(r, Repr::Obj, true));
        let after = self.snapshot(SnapshotKind::Resume, self.next_pc);
        let is_stop = self.b.op(Opcode::PtrEq, &[r.into(), stop.into()]);
        if exhausted {
            self.b.guard_true(is_stop, after);
            let s = self.pop();
            self.release(s);
        } else {
            self.b.guard_false(is_stop, after);
        }
    }

    fn version_guard(&mut self, vm: &VirtualMachine, obj: Operand, cls: &Py<PyType>, snap: SnapId) {
        let c = self.type_const(vm, cls);
        self.b.guard_class(obj, c, snap);
        let version = cls.tp_version_tag.load(std::sync::atomic::Ordering::Acquire) as i64;
        let word = self.b.load_field(c, self.layout.version_offset, Type::I64);
        let v = self.b.op(Opcode::IntAnd, &[word.into(), 0xffff_ffffi64.into()]);
        self.b.guard_eq_i64(v, version, snap);
    }

    fn load_attr(&mut self, vm: &VirtualMachine, f: &Frame, op: Op, pc: u32, o: &PyObjectRef) -> Result<(), Abort> {
        let method = op.arg & 1 != 0;
        let name = f.code.names[(op.arg >> 1) as usize];
        let n = self.constant(name.as_object(), name.as_str());
        let s = self.peek(0);
        let (obj, ot) = self.as_obj(s).ok_or("attribute of NULL")?;
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let cls = o.class();
        let key = (&**cls as *const PyType as usize, cls.tp_version_tag.load(std::sync::atomic::Ordering::Acquire));
        let cached = f.code.cache(op).and_then(|c| match unsafe { &*c.get() } {
            SiteCache::Attr(entries) => entries.iter().find(|e| (e.tp, e.version) == key).map(|e| e.kind.clone()),
            _ => None,
        });
        // A method load: a Python method the interpreter's cache knows, or
        // a builtin one (`list.append`); either way the interpreter pushes
        // the unbound function and the object.
        let unbound = match &cached {
            Some(AttrKind::Method(func)) if method && key.1 != 0 => Some(func.clone()),
            None if method && key.1 != 0 => crate::attr::builtin_method(vm, o, name),
            _ => None,
        };
        if let Some(func) = unbound {
            self.version_guard(vm, obj, cls, snap);
            if o.dict().is_some() {
                // The instance dict must not shadow the method.
                let shadowed = self.call(Helper::HasDictAttr, &[obj, n.into()]).expect("i64");
                self.b.guard_false(shadowed, snap);
            }
            let k = self.constant(&func, "method");
            self.pop();
            self.push(Sh::val(k, Repr::Obj, false));
            // The object stays on the stack as `self` (same ownership).
            self.push(s);
            self.release_temp(obj, ot);
            return Ok(());
        }
        if let Some(AttrKind::InstanceDict) = cached.filter(|_| key.1 != 0) {
            self.version_guard(vm, obj, cls, snap);
            self.attr_by_helper(Helper::GetattrDict, (obj, ot), s, n.into(), snap);
            if method {
                self.push(Sh::Null);
            }
            return Ok(());
        }
        if method {
            abort!("uncached method load");
        }
        let raise = self.snapshot(SnapshotKind::RaisePending, pc);
        self.attr_by_helper(Helper::Getattr, (obj, ot), s, n.into(), raise);
        Ok(())
    }

    /// Replace the object on top of the stack (shadow `s`, as the object
    /// operand `obj`) by attribute `name` as `helper` gets it, guarded
    /// non-null through `snap`.
    fn attr_by_helper(&mut self, helper: Helper, (obj, temp): (Operand, bool), s: Sh, name: Operand, snap: SnapId) {
        let r = self.call(helper, &[obj, name]).expect("obj");
        self.b.guard_nonnull(r, snap);
        self.pop();
        self.release_temp(obj, temp);
        self.release(s);
        self.push(Sh::val(r, Repr::Obj, true));
    }

    fn store_subscr(&mut self, vm: &VirtualMachine, pc: u32, container: &PyObjectRef, key: &PyObjectRef) -> Result<(), Abort> {
        let sk = self.peek(0);
        let sc = self.peek(1);
        let sv = self.peek(2);
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        if container.class().is(vm.ctx.types.list_type) && int_value(vm, key).is_some() {
            let Sh::Val { op: l, repr: Repr::Obj, .. } = sc else { abort!("list is not an object") };
            let c = self.type_const(vm, vm.ctx.types.list_type);
            self.b.guard_class(l, c, snap);
            let i = self.as_int(vm, sk, key, snap).ok_or("index")?;
            match self.layout.list {
                Some(layout) if int_value(vm, key).is_some_and(|k| k >= 0) => {
                    let items = self.seq_items(l, i, layout, snap);
                    if let Sh::Val { op: x, repr: Repr::Float, .. } = sv {
                        // An unboxed float: the helper reuses the old item's
                        // box when nothing but the list can see it. Nor can
                        // the trace: it holds no uncounted reference to a
                        // float across a call (items it reads are increfed,
                        // globals are constants it keeps alive, and an
                        // incref/decref pair cancels only with no call that
                        // may release objects, like this one, between them).
                        // Its result says whether releasing the old item
                        // may have run Python code: then the trace leaves,
                        // after the store.
                        let ran_code = self.call(Helper::StoreFloatItem, &[items.into(), i, x]).expect("i64");
                        let popped = [self.pop(), self.pop(), self.pop()];
                        let after = self.snapshot(SnapshotKind::Resume, self.next_pc);
                        self.b.guard_false(ran_code, after);
                        for s in popped {
                            self.release(s);
                        }
                        return Ok(());
                    } else {
                        // Inline: the list takes a reference to the value
                        // and releases the item it replaces.
                        let (v, vt) = self.as_obj(sv).ok_or("store of NULL")?;
                        let old = self.b.load_indexed(items, i, 0, Type::Obj);
                        let stored = self.call(Helper::IncrefStored, &[v]).expect("incref");
                        self.b.store_indexed(items, i, stored, 0);
                        self.call(Helper::DecrefReplaced, &[old.into()]);
                        self.release_temp(v, vt);
                    }
                    for _ in 0..3 {
                        let s = self.pop();
                        self.release(s);
                    }
                    return Ok(());
                }
                _ => {
                    let (v, vt) = self.as_obj(sv).ok_or("store of NULL")?;
                    let r = self.call(Helper::ListSet, &[l, i, v]).expect("i64");
                    self.b.guard_eq_i64(r, 0, snap);
                    self.release_temp(v, vt);
                }
            }
        } else {
            let (v, vt) = self.as_obj(sv).ok_or("store of NULL")?;
            let raise = self.snapshot(SnapshotKind::RaisePending, pc);
            let (c, ct) = self.as_obj(sc).ok_or("NULL container")?;
            let (k, kt) = self.as_obj(sk).ok_or("NULL key")?;
            let r = self.call(Helper::Setitem, &[c, k, v]).expect("i64");
            self.b.guard_eq_i64(r, 0, raise);
            self.release_temp(c, ct);
            self.release_temp(k, kt);
            self.release_temp(v, vt);
        }
        for _ in 0..3 {
            let s = self.pop();
            self.release(s);
        }
        Ok(())
    }

    fn unpack(&mut self, vm: &VirtualMachine, pc: u32, n: usize, seq: &PyObjectRef) -> Result<(), Abort> {
        let s = self.peek(0);
        let Sh::Val { op: t, repr: Repr::Obj, .. } = s else { abort!("unpack of a non-object") };
        let (getter, cls, len, layout) = if seq.class().is(vm.ctx.types.tuple_type) {
            (Helper::TupleGet, vm.ctx.types.tuple_type, seq.downcast_ref::<PyTuple>().unwrap().len(), self.layout.tuple)
        } else if seq.class().is(vm.ctx.types.list_type) {
            let len = seq.downcast_ref::<PyList>().unwrap().borrow_vec().len();
            (Helper::ListGet, vm.ctx.types.list_type, len, self.layout.list)
        } else {
            abort!("unpack of a {}", seq.class().name());
        };
        if len != n {
            abort!("unpack raises");
        }
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let c = self.type_const(vm, cls);
        self.b.guard_class(t, c, snap);
        let mut items = Vec::with_capacity(n);
        if let Some(l) = layout {
            // Inline: the length guard, then each item read and given a
            // reference of its own (the sequence is released below).
            let len = self.b.load_field(t, l.len, Type::I64);
            self.b.guard_eq_i64(len, n as i64, snap);
            let base = self.b.load_field(t, l.items, Type::Obj);
            for i in 0..n {
                let item = self.b.load_field(base, (i * 8) as i32, Type::Obj);
                items.push(self.call(Helper::Incref, &[item.into()]).expect("incref"));
            }
        } else {
            let l = self.call(Helper::Len, &[t]).expect("i64");
            self.b.guard_eq_i64(l, n as i64, snap);
            for i in 0..n {
                let r = self.call(getter, &[t, (i as i64).into()]).expect("obj");
                self.b.guard_nonnull(r, snap);
                items.push(r);
            }
        }
        self.pop();
        self.release(s);
        for r in items.into_iter().rev() {
            self.push(Sh::val(r, Repr::Obj, true));
        }
        Ok(())
    }

    fn call_op(&mut self, vm: &VirtualMachine, f: &Frame, op: Op, pc: u32, argc: usize) -> Result<(), Abort> {
        let base = f.slots.len() - argc - 2;
        let callable = f.slots[base].clone().ok_or("NULL callable")?;
        let self_arg = f.slots[base + 1].is_some();
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

        // A Python function with exactly its positional parameters: inline.
        if callable.class().is(vm.ctx.types.function_type) {
            let func = callable.downcast_ref::<PyFunction>().unwrap();
            let code = crate::layout::function_code(func, vm).map_err(|_| "no code".to_owned())?;
            let info = crate::code::info_for(&code);
            if info.simple_args && info.argcount == nargs {
                let k = self.constant(&callable, info.qualname());
                self.b.guard(Opcode::GuardIdentity, &[callee, k.into()], snap);
                return self.inline(&callable, info, args, None, base, f);
            }
        }
        // A plain Python class: allocate, then inline `__init__`.
        if !self_arg && callable.class().is(vm.ctx.types.type_type) {
            let hit = f.code.cache(op).and_then(|c| match unsafe { &*c.get() } {
                SiteCache::Init { tp, version, init, info } => Some((*tp, *version, init.clone(), info.clone())),
                _ => None,
            });
            let cls = callable.downcast_ref::<PyType>().unwrap();
            let key = (&**cls as *const PyType as usize, cls.tp_version_tag.load(std::sync::atomic::Ordering::Acquire));
            if let Some((tp, version, init, info)) = hit {
                if (tp, version) == key && version != 0 && info.simple_args && info.argcount == argc + 1 {
                    let k = self.constant(&callable, &cls.name());
                    self.b.guard(Opcode::GuardIdentity, &[callee, k.into()], snap);
                    let word = self.b.load_field(k, self.layout.version_offset, Type::I64);
                    let v = self.b.op(Opcode::IntAnd, &[word.into(), 0xffff_ffffi64.into()]);
                    self.b.guard_eq_i64(v, version as i64, snap);
                    let raise = self.snapshot(SnapshotKind::RaisePending, pc);
                    let inst = self.call(Helper::NewInstance, &[k.into()]).expect("obj");
                    self.b.guard_nonnull(inst, raise);
                    let mut all = vec![Sh::val(inst, Repr::Obj, false)];
                    all.extend(args);
                    return self.inline(&init, info, all, Some(Sh::val(inst, Repr::Obj, true)), base, f);
                }
            }
        }
        // `len(x)`.
        if nargs == 1 && !self_arg && callable.is(&vm.builtins.get_attr("len", vm).map_err(|_| "no len")?) {
            let k = self.constant(&callable, "len");
            self.b.guard(Opcode::GuardIdentity, &[callee, k.into()], snap);
            let raise = self.snapshot(SnapshotKind::RaisePending, pc);
            let (x, xt) = self.as_obj(args[0]).ok_or("len of NULL")?;
            let n = self.call(Helper::Len, &[x]).expect("i64");
            let ok = self.b.op(Opcode::IntNe, &[n.into(), (-1i64).into()]);
            self.b.guard_true(ok, raise);
            self.release_temp(x, xt);
            return self.finish_call(argc, Sh::val(n, Repr::Int, false));
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
        // Any other callable: a residual call.
        if nargs <= 4 {
            let raise = self.snapshot(SnapshotKind::RaisePending, pc);
            let mut ops = Vec::with_capacity(nargs + 1);
            ops.push((callee, false));
            for a in &args {
                ops.push(self.as_obj(*a).ok_or("NULL argument")?);
            }
            let names = [Helper::Call0, Helper::Call1, Helper::Call2, Helper::Call3, Helper::Call4];
            let operands: Vec<Operand> = ops.iter().map(|(o, _)| *o).collect();
            let r = self.call(names[nargs], &operands).expect("obj");
            self.b.guard_nonnull(r, raise);
            for (o, t) in ops {
                self.release_temp(o, t);
            }
            return self.finish_call(argc, Sh::val(r, Repr::Obj, true));
        }
        abort!("call with {nargs} arguments")
    }

    /// Pop the callable, self_or_null and `argc` arguments, push the result.
    fn finish_call(&mut self, argc: usize, result: Sh) -> Result<(), Abort> {
        for _ in 0..argc + 2 {
            let s = self.pop();
            self.release(s);
        }
        self.push(result);
        Ok(())
    }

    /// Prepare the shadow of a callee frame the interpreter is about to push.
    fn inline(
        &mut self,
        func: &PyObjectRef,
        info: Rc<CodeInfo>,
        args: Vec<Sh>,
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
        let mut k = 0;
        if let Some(Sh::Val { op, .. }) = init {
            // slot 0 holds its own reference to the new instance.
            slots[0] = self.own(Sh::val(op, Repr::Obj, false));
            k = 1;
        }
        for s in moved {
            slots[k] = self.own(s);
            k += 1;
        }
        self.descs.push(FrameDesc { info, func: Some(func.clone()), init: init.is_some() });
        self.keep.push(func.clone());
        let desc = (self.descs.len() - 1) as u32;
        // The caller resumes after the CALL (its pc is already past it).
        let next = self.next_pc;
        if let Some(caller) = self.frames.last_mut() {
            caller.resume_pc = next;
        }
        let _ = f;
        self.pending = Some(ShadowFrame { desc, slots, resume_pc: 0, init });
        self.expect = Expect::Push;
        Ok(())
    }

    /// Bring the loop frame's values into the representation of a loop's
    /// inputs (`inputs`, for the slots not empty in `header_nulls`): unbox
    /// objects that hold a number, box numbers held where the loop takes an
    /// object. Guards resume at `pc`. What cannot be converted stays, and the
    /// caller rejects it.
    fn convert_to_inputs(&mut self, vm: &VirtualMachine, f: &Frame, pc: u32, inputs: &[InputKind], header_nulls: &[bool]) {
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let mut replaced = Vec::new();
        let mut k = 0;
        for i in 0..f.slots.len() {
            let Sh::Val { repr, .. } = self.frames[0].slots[i] else { continue };
            if header_nulls.get(i) != Some(&false) || k >= inputs.len() {
                continue;
            }
            let want = inputs[k];
            k += 1;
            let s = self.frames[0].slots[i];
            let Some(o) = f.slots[i].clone() else { continue };
            let converted = match (want, repr) {
                (InputKind::Int, Repr::Obj) => self.as_int(vm, s, &o, snap).map(|v| Sh::val(v, Repr::Int, false)),
                (InputKind::Float, Repr::Obj) if float_value(vm, &o).is_some() => {
                    self.as_float(vm, s, &o, snap).map(|v| Sh::val(v, Repr::Float, false))
                }
                (InputKind::Obj, Repr::Int | Repr::Float | Repr::Bool) => {
                    self.as_obj(s).map(|(v, _)| Sh::val(v, Repr::Obj, true))
                }
                _ => None,
            };
            if let Some(c) = converted {
                replaced.push(std::mem::replace(&mut self.frames[0].slots[i], c));
            }
        }
        // Released only now: the conversions' guards share `snap`, which
        // names the values they replace.
        for old in replaced {
            self.release(old);
        }
    }

    /// Close the trace at the loop header: jump back with every input's
    /// current value.
    pub fn close(mut self, vm: &VirtualMachine, f: &Frame) -> Result<(Trace, Vec<InputKind>, Vec<FrameDesc>, Vec<PyObjectRef>), Abort> {
        if self.frames.len() != 1 {
            abort!("closed inside a callee");
        }
        if f.slots.len() != self.frames[0].slots.len() {
            abort!("stack depth changed around the loop");
        }
        let (inputs, header_nulls) = (self.inputs.clone(), self.header_nulls.clone());
        self.convert_to_inputs(vm, f, self.header, &inputs, &header_nulls);
        let slots = self.frames[0].slots.clone();
        let mut jump = Vec::with_capacity(self.inputs.len());
        let mut k = 0;
        for (i, s) in slots.iter().enumerate() {
            if k >= self.inputs.len() {
                break;
            }
            match *s {
                // Unbound at the header and still unbound: not a loop input.
                Sh::Null if self.header_nulls.get(i) == Some(&true) => {}
                Sh::Null => abort!("a loop variable became unbound"),
                Sh::Val { op, repr, owned } => {
                    let want = self.inputs[k].repr();
                    if repr != want {
                        abort!("type of a loop variable changes ({repr:?} -> {want:?})");
                    }
                    let v = if repr == Repr::Obj && !owned {
                        // The jump consumes: hand it a reference of its own.
                        match op {
                            Operand::Value(v) => self.call(Helper::Incref, &[v.into()]).expect("incref").into(),
                            other => {
                                let o = other;
                                let r = self.call(Helper::Incref, &[o]).expect("incref");
                                r.into()
                            }
                        }
                    } else {
                        op
                    };
                    jump.push(v);
                    k += 1;
                }
            }
        }
        if k != self.inputs.len() || slots.len() != self.header_nulls.len() {
            abort!("stack depth changed around the loop");
        }
        if slots.iter().zip(&self.header_nulls).any(|(s, was_null)| *was_null && !matches!(s, Sh::Null)) {
            abort!("a variable unbound at the loop header is bound in the loop");
        }
        let trace = self.b.finish_with_jump(&jump).map_err(|e| format!("invalid trace: {e:?}"))?;
        Ok((trace, self.inputs, self.descs, self.keep))
    }

    /// Close a bridge at the header of another compiled loop of the same
    /// frame (`target`, whose header `f` is at): the bridge ends with an
    /// `exit` whose snapshot holds exactly `target`'s inputs, in their
    /// representation, so the vm can enter `target` with them directly.
    pub fn close_transfer(
        mut self,
        vm: &VirtualMachine,
        f: &Frame,
        target: &super::CompiledTrace,
    ) -> Result<(Trace, Vec<FrameDesc>, Vec<PyObjectRef>), Abort> {
        if self.frames.len() != 1 {
            abort!("transfer inside a callee");
        }
        let nulls = target.header_nulls();
        if f.slots.len() != self.frames[0].slots.len() || f.slots.len() != nulls.len() {
            abort!("stack depth differs from the other loop's header");
        }
        self.convert_to_inputs(vm, f, f.pc, target.inputs(), nulls);
        let mut kinds = target.inputs().iter();
        for (s, &null) in self.frames[0].slots.iter().zip(nulls) {
            match (s, null) {
                (Sh::Null, true) => {}
                (Sh::Val { repr, .. }, false) => {
                    let Some(want) = kinds.next().map(|k| k.repr()) else {
                        abort!("more values than the other loop's inputs")
                    };
                    if *repr != want {
                        abort!("a value does not fit the other loop's input ({repr:?} -> {want:?})");
                    }
                }
                _ => abort!("a variable's boundness differs from the other loop's header"),
            }
        }
        if kinds.next().is_some() {
            abort!("fewer values than the other loop's inputs");
        }
        let snap = self.snapshot(SnapshotKind::Resume, f.pc);
        let trace = self.b.finish_with_exit(snap).map_err(|e| format!("invalid trace: {e:?}"))?;
        Ok((trace, self.descs, self.keep))
    }
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

