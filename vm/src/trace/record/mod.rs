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
use rustpython_vm::builtins::{PyDict, PyFloat, PyFunction, PyList, PyTuple, PyType};
use rustpython_vm::bytecode::Instruction;
use rustpython_vm::{AsObject, Py, PyObject, PyObjectRef, PyRef, VirtualMachine};

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
    /// A binary operator's method frame (`dunder`): the operator; its two
    /// operands are the last sources of its snapshot.
    pub binary: Option<u32>,
    /// A generator's frame resumed by its consumer's FOR_ITER (peeled): the
    /// generator is the last source of its snapshot.
    pub generator: bool,
    /// A generator's frame run by a container call (`push::consume`): the
    /// container is the source before the generator.
    pub consume: Option<crate::push::Container>,
    /// A consumed generator the trace never made (`consume_unmade`): the
    /// generator's function stands where the generator would be, and an
    /// exit makes the generator (`generator::made_for_exit`).
    pub unmade: bool,
    /// The frame's globals and builtins (for the frames a frame walk shows
    /// during a residual call, `sites`).
    pub namespace: (PyRef<PyDict>, PyRef<PyDict>),
}

/// The globals and builtins a frame of function `func` runs with
/// (`builtins`: the dict that stands for a builtins module).
fn namespace_of(func: &PyObject, builtins: PyRef<PyDict>) -> Result<(PyRef<PyDict>, PyRef<PyDict>), Abort> {
    let Some(func) = func.downcast_ref::<PyFunction>() else { return Err("inlined callee is not a function".into()) };
    let own = func.builtins_ref().clone().downcast::<PyDict>().unwrap_or(builtins);
    Ok((func.globals_ref().clone(), own))
}

/// What a trace keeps alive: the objects its constants point to and the
/// call sites its residual calls write (`sites`).
#[derive(Default)]
pub struct Keep {
    pub objects: Vec<PyObjectRef>,
    pub sites: Vec<Box<super::sites::Site>>,
}

impl Keep {
    pub fn push(&mut self, o: PyObjectRef) {
        self.objects.push(o);
    }
}

struct ShadowFrame {
    desc: u32,
    slots: Vec<Sh>,
    /// Where the interpreter resumes this frame when a callee returns (its pc
    /// after the CALL).
    resume_pc: u32,
    /// The instruction that called the frame above (the CALL, FOR_ITER...).
    call_pc: u32,
    /// For `__init__` frames, the instance the caller receives.
    init: Option<Sh>,
    /// For binary operator frames, the operands the continuation holds (its
    /// own references).
    binary: Option<(Sh, Sh)>,
    /// For peeled generator frames, the generator.
    gen: Option<GenFrame>,
}

/// A generator whose frame the trace runs (`record::iteration`): the object
/// (borrowed from its consumer's stack) and its slot buffer, once known.
#[derive(Clone, Copy)]
struct GenFrame {
    obj: Sh,
    buf: Option<ValueId>,
    /// Run by a container call (`consume`): the container (owned) and its
    /// kind; the frame owns `obj` then.
    consume: Option<(ValueId, crate::push::Container)>,
}

/// A call of a plain generator function whose generator the next
/// instruction, a container call, consumes (`Recorder::defer_generator`):
/// what the generator's frame starts with. The caller's stack holds the
/// function (borrowed) where the generator would be.
struct Unmade {
    info: Rc<CodeInfo>,
    /// The function (owned) and the arguments (owned).
    func: Sh,
    args: Vec<Sh>,
    kind: crate::push::Container,
}

/// Why recording stopped without a trace.
pub type Abort = String;

pub struct Recorder {
    b: TraceBuilder,
    /// The loop's header instruction.
    pub header: u32,
    /// The loop frame (by serial) and its position in the run's frame stack.
    pub serial: u64,
    pub base: usize,
    frames: Vec<ShadowFrame>,
    pub inputs: Vec<InputKind>,
    pub descs: Vec<FrameDesc>,
    /// What the trace keeps alive.
    pub keep: Keep,
    funcs: HashMap<Helper, FuncId>,
    consts: HashMap<usize, ConstId>,
    /// A callee frame prepared by CALL, waiting for the interpreter to push it.
    pending: Option<ShadowFrame>,
    expect: Expect,
    layout: super::Layout,
    /// The instruction being recorded, and the pc after it.
    pc: u32,
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
    /// The iterator a `range(...)` call made for the GET_ITER after it
    /// (which then has nothing to do).
    range_iter: Option<ValueId>,
    /// A generator call the trace did not make, for the container call
    /// after it to consume (`defer_generator`).
    unmade: Option<Unmade>,
    /// Back-edges of other loops a bridge (each at most once) or a
    /// function's entry trace went through, and how often.
    loops_passed: HashMap<u32, u32>,
    /// FOR_ITERs of the loop frame that resumed a peeled generator
    /// (`for_iter`): their loops (`any(x for x in xs)` as 3.14 compiles it)
    /// are followed value by value (`PEELED_LOOP_PASSES`).
    peeled_loops: HashSet<u32>,
    /// Objects the trace allocated (`objects`), and which IR values refer to
    /// each; ops up to `scanned` were checked for escapes.
    objects: Vec<objects::NewObject>,
    object_of: HashMap<ValueId, usize>,
    scanned: usize,
    /// The callee of a residual call is running (unrecorded) above the
    /// recorded frames.
    residual: bool,
    /// A BUILD_SLICE fused with the `[]` at this pc, and the slice it took
    /// (`slices`).
    fused_slice: Option<(u32, ValueId)>,
}

/// What the instruction being recorded must do to the frame stack.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Expect {
    Next,
    Push,
    Return,
    /// A call recorded as a residual call: the interpreter may push a frame
    /// for the callee, which then runs unrecorded (`in_residual_call`).
    Residual,
}

const MAX_OPS: usize = 6000;
const MAX_DEPTH: usize = 8;
/// Back-edges of one loop a function's entry trace may follow.
const ENTRY_LOOP_PASSES: u32 = 4;
/// Back-edges a trace follows of an inner loop of the loop frame whose
/// FOR_ITER resumes a peeled generator (each pass is one value).
const PEELED_LOOP_PASSES: u32 = 64;

fn int_value(vm: &VirtualMachine, o: &PyObject) -> Option<i64> {
    crate::layout::objects::exact_small_int(vm, o)
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

// The recorder by instruction family (after `abort!`, which they use).
mod access;
mod arithmetic;
mod bridges;
mod calls;
mod consume;
mod iteration;
mod objects;
mod slices;

impl Recorder {
    /// Start recording at the loop header: `f` is the loop frame, at index
    /// `base` of the run's frame stack, with `f.pc == header`. A function's
    /// entry trace (`boxed`) takes every value as the object it is: its
    /// callers hold them boxed, and it often passes them on (a recursive
    /// call), where an unboxed input would be boxed again at every call.
    pub fn start(vm: &VirtualMachine, f: &Frame, base: usize, layout: super::Layout, boxed: bool) -> Result<Recorder, Abort> {
        let mut b = TraceBuilder::new(&format!("{}:{}", f.code.qualname(), f.code.line_of(f.pc).unwrap_or(0)));
        let mut slots = Vec::with_capacity(f.slots.len());
        let mut inputs = Vec::new();
        for v in &f.slots {
            match v {
                None => slots.push(Sh::Null),
                Some(o) => {
                    let (kind, repr) = if boxed {
                        (InputKind::Obj, Repr::Obj)
                    } else if int_value(vm, o).is_some() {
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
        let namespace = (f.globals.to_ref(), f.builtins.to_ref());
        let descs = vec![FrameDesc { info: f.code.clone(), func: None, init: false, binary: None, generator: false, consume: None, unmade: false, namespace }];
        let header_nulls = slots.iter().map(|s| matches!(s, Sh::Null)).collect();
        Ok(Recorder {
            b,
            header: f.pc,
            serial: f.serial,
            base,
            frames: vec![ShadowFrame { desc: 0, slots, resume_pc: 0, call_pc: 0, init: None, binary: None, gen: None }],
            inputs,
            descs,
            keep: Keep::default(),
            funcs: HashMap::new(),
            consts: HashMap::new(),
            pending: None,
            expect: Expect::Next,
            layout,
            pc: f.pc,
            next_pc: 0,
            header_nulls,
            recorded: false,
            target: super::Target::Loop(super::LoopKey::of(f, f.lasti)),
            pending_iter: None,
            range_iter: None,
            unmade: None,
            loops_passed: HashMap::new(),
            peeled_loops: HashSet::new(),
            objects: Vec::new(),
            object_of: HashMap::new(),
            scanned: 0,
            residual: false,
            fused_slice: None,
        })
    }

    /// Whether the interpreter is running the callee of a residual call
    /// (frames above the recorded ones); false once it has returned.
    pub fn in_residual_call(&mut self, stack_len: usize, pc: u32) -> Result<bool, Abort> {
        if !self.residual {
            return Ok(false);
        }
        if stack_len > self.base + self.depth() {
            return Ok(true);
        }
        self.residual = false;
        if pc != self.next_pc {
            abort!("the callee of a residual call raised while recording");
        }
        Ok(false)
    }

    /// Whether the top of a frame stack `stack_len` deep is inside a
    /// function the recording calls as a residual call.
    pub fn in_callee(&self, stack_len: usize) -> bool {
        self.residual && stack_len > self.base + self.depth()
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

    /// Release a value the interpreter is dropping. If a borrowed copy of
    /// it is still in a frame (`COPY`, or an argument passed on to an inlined
    /// call while the caller keeps it), that copy takes the reference over.
    fn release(&mut self, s: Sh) {
        let Sh::Val { op, repr: Repr::Obj, owned: true } = s else { return };
        for fr in self.frames.iter_mut().rev() {
            for slot in fr.slots.iter_mut() {
                if let Sh::Val { op: o, repr: Repr::Obj, owned } = slot {
                    if *o == op && !*owned {
                        *owned = true;
                        return;
                    }
                }
            }
        }
        if let Operand::Value(v) = op {
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

    /// A value the trace takes as fixed (a code constant, a default):
    /// unboxed when it is an int or a float, else the object.
    fn constant_value(&mut self, vm: &VirtualMachine, c: &PyObject) -> Sh {
        if let Some(i) = int_value(vm, c) {
            Sh::val(i, Repr::Int, false)
        } else if let Some(x) = float_value(vm, c) {
            Sh::val(x, Repr::Float, false)
        } else {
            Sh::val(self.constant(c, "const"), Repr::Obj, false)
        }
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
        let site = if helper.runs_code() { self.site() } else { 0 };
        self.b.call_at(f, args, site)
    }

    /// The call site of a residual call at the instruction being recorded:
    /// every shadowed frame's code and instruction (`sites`), kept with the
    /// trace; its address.
    fn site(&mut self) -> i64 {
        let n = self.frames.len();
        let levels = self
            .frames
            .iter()
            .enumerate()
            .map(|(i, fr)| {
                let d = &self.descs[fr.desc as usize];
                super::sites::Level {
                    code: d.info.clone(),
                    lasti: if i + 1 == n { self.pc } else { fr.call_pc },
                    globals: d.namespace.0.clone(),
                    builtins: d.namespace.1.clone(),
                }
            })
            .collect();
        let site = Box::new(super::sites::Site { levels });
        let addr = &*site as *const super::sites::Site as i64;
        self.keep.sites.push(site);
        addr
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
            let acc = fr.gen.and_then(|g| g.consume).map(|(acc, _)| Sh::val(acc, Repr::Obj, true));
            let extra = fr.binary.map(|(a, b)| [a, b]).into_iter().flatten().chain(acc).chain(fr.gen.map(|g| g.obj));
            for s in extra {
                slots.push(match s {
                    Sh::Null => Source::Null,
                    Sh::Val { op, repr: Repr::Bool, .. } => Source::Bool(op),
                    Sh::Val { op, .. } => Source::Val(op),
                });
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

    /// As `as_float`, for a comparison: an int also guarded to convert
    /// exactly (|i| <= 2**53).
    fn as_exact_float(&mut self, vm: &VirtualMachine, s: Sh, o: &PyObject, snap: SnapId) -> Option<Operand> {
        if float_value(vm, o).is_some() {
            return self.as_float(vm, s, o, snap);
        }
        let i = self.as_int(vm, s, o, snap)?;
        const EXACT: i64 = 1 << 53;
        let low = self.b.op(Opcode::IntGe, &[i, (-EXACT).into()]);
        self.b.guard_true(low, snap);
        let high = self.b.op(Opcode::IntLe, &[i, EXACT.into()]);
        self.b.guard_true(high, snap);
        Some(self.b.op(Opcode::IntToF64, &[i]).into())
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
        self.call_popped_with(n, &[], name, check)
    }

    /// `call_popped`, with `extra` operands after the popped ones.
    fn call_popped_with(
        &mut self,
        n: usize,
        extra: &[Operand],
        name: Helper,
        check: impl FnOnce(&mut Recorder, ValueId),
    ) -> Result<ValueId, Abort> {
        let mut items: Vec<Sh> = (0..n).map(|_| self.pop()).collect();
        items.reverse();
        let mut ops = Vec::with_capacity(n);
        for s in &items {
            ops.push(self.as_obj(*s).ok_or_else(|| format!("{} of NULL", name.name()))?);
        }
        let args: Vec<Operand> = ops.iter().map(|(o, _)| *o).chain(extra.iter().copied()).collect();
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
        self.release(old);
    }



    /// Mirror instruction `op` (at `f.lasti == pc`) of the innermost recorded
    /// frame `f`, before the interpreter executes it.
    pub fn record(&mut self, vm: &VirtualMachine, f: &Frame, op: Op, pc: u32) -> Result<(), Abort> {
        if self.b.len() > MAX_OPS {
            abort!("trace too long");
        }
        self.expect = Expect::Next;
        self.recorded = true;
        self.pc = pc;
        self.next_pc = pc + 1 + u32::from(op.ncache);
        if self.fused_slice.is_some() && !matches!(op.kind, Instruction::BinaryOp { .. }) {
            abort!("a fused slice was not indexed at once");
        }
        self.note_escapes();
        let arg = op.arg;
        let conc = |i: usize| -> &PyObjectRef {
            f.slots[f.slots.len() - 1 - i].as_ref().expect("value on stack")
        };
        match op.kind {
            Instruction::Nop | Instruction::NotTaken | Instruction::Resume { .. } | Instruction::ExtendedArg => {}
            Instruction::JumpForward { .. } => {}
            Instruction::JumpBackward { .. } => {
                // A peeled generator's loop is only a jump in its frame.
                let in_generator = self.frames.last().unwrap().gen.is_some();
                if self.frames.len() != 1 && !in_generator {
                    abort!("loop in an inlined call");
                }
                // The interpreter's safepoint at the back-edge: on a signal, a
                // due collection or a stop-the-world request, leave and let the
                // interpreter run this jump (and its poll) itself.
                let snap = self.snapshot(SnapshotKind::Resume, pc);
                self.b.guard_no_interrupt(snap);
                if arg != self.header && !in_generator {
                    // A bridge may run to the end of an enclosing loop and back
                    // into the inner one, not around another loop. A
                    // function's entry trace follows a short loop's
                    // iterations (a longer one gets its own trace).
                    let (limit, too_many) = match self.target {
                        _ if self.peeled_loops.contains(&arg) => (PEELED_LOOP_PASSES, "a loop over a peeled generator ran more times than the trace follows"),
                        super::Target::Bridge(..) => (1, "bridge goes around another loop"),
                        super::Target::Entry(_) => (ENTRY_LOOP_PASSES, "a loop in a function's entry trace ran more times than the trace follows"),
                        _ => abort!("inner loop"),
                    };
                    let passes = self.loops_passed.entry(pc).or_default();
                    *passes += 1;
                    if *passes > limit {
                        abort!("{too_many}");
                    }
                }
            }
            Instruction::ListAppend { .. }
            | Instruction::SetAdd { .. }
            | Instruction::MapAdd { .. }
            | Instruction::ListExtend { .. }
            | Instruction::SetUpdate { .. }
            | Instruction::DictUpdate { .. } => {
                // Comprehension appends and display unpacking: a helper call
                // on the container `arg` slots below the popped operands.
                let (name, n) = match op.kind {
                    Instruction::ListAppend { .. } => (Helper::ListAppend, 1),
                    Instruction::SetAdd { .. } => (Helper::SetAdd, 1),
                    Instruction::ListExtend { .. } => (Helper::ListExtend, 1),
                    Instruction::SetUpdate { .. } => (Helper::SetUpdate, 1),
                    Instruction::DictUpdate { .. } => (Helper::DictUpdate, 1),
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
                let s = self.constant_value(vm, &f.code.consts[arg as usize]);
                self.push(s);
            }
            Instruction::LoadSmallInt { .. } => self.push(Sh::val(arg as i64, Repr::Int, false)),
            Instruction::LoadCommonConstant { .. } => {
                // Objects fixed at start-up (`all`, `any`, `tuple`...).
                let c = crate::ops::common_constant(vm, arg).map_err(|_| format!("unknown common constant {arg}"))?;
                let c = self.constant(&c, "common constant");
                self.push(Sh::val(c, Repr::Obj, false));
            }
            Instruction::LoadSuperAttr { .. } => {
                // `super().name`: a residual lookup (`attr::super_attr`);
                // the method form gets the bound method and a NULL.
                let name = f.code.names[(arg >> 2) as usize];
                let name = self.constant(name.as_object(), "name");
                let raise = self.snapshot(SnapshotKind::RaisePending, pc);
                let r = self.call_popped_with(3, &[name.into()], Helper::SuperAttr, |rec, r| rec.b.guard_nonnull(r, raise))?;
                self.push(Sh::val(r, Repr::Obj, true));
                if arg & 1 != 0 {
                    self.push(Sh::Null);
                }
            }
            Instruction::CallIntrinsic1 { .. } if arg == 6 => {
                // INTRINSIC_LIST_TO_TUPLE (`tuple(genexpr)`'s inline loop).
                let raise = self.snapshot(SnapshotKind::RaisePending, pc);
                let r = self.call_popped(1, Helper::ListToTuple, |rec, r| rec.b.guard_nonnull(r, raise))?;
                self.push(Sh::val(r, Repr::Obj, true));
            }
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
                // One store at a time, as the interpreter does: the second
                // value may borrow the slot the first store replaces.
                let a = self.pop();
                self.store_slot((arg >> 4) as usize, a);
                let b = self.pop();
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
            Instruction::LoadName { .. } => self.load_name(vm, f, pc, arg)?,
            Instruction::StoreGlobal { .. } => self.store_global(f, pc, arg)?,
            Instruction::DeleteSubscr => {
                let raise = self.snapshot(SnapshotKind::RaisePending, pc);
                self.call_popped(2, Helper::Delitem, |rec, r| rec.b.guard_eq_i64(r, 0, raise))?;
            }
            Instruction::ContainsOp { .. } => self.contains(pc, arg)?,
            Instruction::DictMerge { .. } => {
                // Stack: callable, self_or_null, args, dict, ..., source.
                let raise = self.snapshot(SnapshotKind::RaisePending, pc);
                let source = self.pop();
                let dict = self.peek(arg as usize - 1);
                let callable = self.peek(arg as usize + 2);
                let (d, dt) = self.as_obj(dict).ok_or("merge into NULL")?;
                let (s, st) = self.as_obj(source).ok_or("merge of NULL")?;
                let (c, ct) = self.as_obj(callable).ok_or("NULL callable")?;
                let r = self.call(Helper::DictMerge, &[d, s, c]).expect("i64");
                self.b.guard_eq_i64(r, 0, raise);
                for (o, t) in [(d, dt), (s, st), (c, ct)] {
                    self.release_temp(o, t);
                }
                self.release(source);
            }
            Instruction::UnaryInvert => self.invert(vm, pc, conc(0))?,
            Instruction::FormatSimple if conc(0).class().is(vm.ctx.types.str_type) => {
                // A str formats as itself (the interpreter pushes it back).
                let cls = self.type_const(vm, vm.ctx.types.str_type);
                let snap = self.snapshot(SnapshotKind::Resume, pc);
                let (o, t) = self.as_obj(self.peek(0)).ok_or("format of NULL")?;
                self.b.guard_class(o, cls, snap);
                self.release_temp(o, t);
            }
            Instruction::FormatSimple if matches!(self.peek(0), Sh::Val { repr: Repr::Int, .. }) => {
                // An unboxed int: its decimal text, without boxing it.
                let Sh::Val { op, .. } = self.pop() else { unreachable!("matched above") };
                let r = self.call(Helper::IntStr, &[op]).expect("obj");
                self.push(Sh::val(r, Repr::Obj, true));
            }
            Instruction::FormatSimple => {
                let raise = self.snapshot(SnapshotKind::RaisePending, pc);
                let empty = self.constant(vm.ctx.empty_str.as_object(), "''");
                self.push(Sh::val(empty, Repr::Obj, false));
                let r = self.call_popped(2, Helper::Format, |rec, r| rec.b.guard_nonnull(r, raise))?;
                self.push(Sh::val(r, Repr::Obj, true));
            }
            Instruction::FormatWithSpec => {
                let raise = self.snapshot(SnapshotKind::RaisePending, pc);
                let r = self.call_popped(2, Helper::Format, |rec, r| rec.b.guard_nonnull(r, raise))?;
                self.push(Sh::val(r, Repr::Obj, true));
            }
            Instruction::ConvertValue { .. } => {
                let raise = self.snapshot(SnapshotKind::RaisePending, pc);
                let s = self.pop();
                let (o, t) = self.as_obj(s).ok_or("conversion of NULL")?;
                let r = self.call(Helper::Convert, &[o, i64::from(arg).into()]).expect("obj");
                self.b.guard_nonnull(r, raise);
                self.release_temp(o, t);
                self.release(s);
                self.push(Sh::val(r, Repr::Obj, true));
            }
            Instruction::BuildString { .. } if arg >= 1 => {
                let raise = self.snapshot(SnapshotKind::RaisePending, pc);
                // The parts stay alive until the end: the exits name them.
                let mut parts: Vec<Sh> = (0..arg).map(|_| self.pop()).collect();
                parts.reverse();
                // Joined six at a time, each join after the first starting
                // from the previous one's result.
                const JOIN: [Helper; 5] = [Helper::JoinStr2, Helper::JoinStr3, Helper::JoinStr4, Helper::JoinStr5, Helper::JoinStr6];
                let mut acc: Option<Sh> = None;
                let mut rest = &parts[1..];
                while !rest.is_empty() {
                    let (chunk, tail) = rest.split_at(rest.len().min(JOIN.len()));
                    let (a, _) = self.as_obj(acc.unwrap_or(parts[0])).ok_or("string part of NULL")?;
                    let mut args = vec![a];
                    let mut temps = Vec::with_capacity(chunk.len());
                    for &p in chunk {
                        let (b, bt) = self.as_obj(p).ok_or("string part of NULL")?;
                        args.push(b);
                        temps.push((b, bt));
                    }
                    let r = self.call(JOIN[chunk.len() - 1], &args).expect("obj");
                    self.b.guard_nonnull(r, raise);
                    for (b, bt) in temps {
                        self.release_temp(b, bt);
                    }
                    if let Some(old) = acc.replace(Sh::val(r, Repr::Obj, true)) {
                        self.release(old);
                    }
                    rest = tail;
                }
                let result = match acc {
                    Some(r) => r,
                    None => self.own(parts[0]),
                };
                for &p in &parts[usize::from(arg == 1)..] {
                    self.release(p);
                }
                self.push(result);
            }
            Instruction::LoadSpecial { .. } => self.load_special(vm, pc, arg, conc(0))?,
            Instruction::CallKw { .. } => self.call_kw(vm, f, op, pc, arg as usize)?,
            Instruction::CallFunctionEx => self.call_ex(vm, f, pc)?,
            Instruction::StoreName { .. } => self.store_name(f, pc, arg)?,
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
                            // The overflow exit's snapshot still holds the operand.
                            let r = self.b.op_exit(Opcode::IntNegOvf, &[x], snap);
                            self.pop();
                            self.release(s);
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
                if !matches!(self.peek(0), Sh::Val { repr: Repr::Bool, .. }) {
                    // No TO_BOOL before the jump: the truth test is the jump's own.
                    self.to_bool(vm, pc, conc(0))?;
                }
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
                let name = f.code.names[arg as usize];
                if let Some(k) = self.tracked(self.peek(0)) {
                    let (obj, val) = (self.peek(0), self.peek(1));
                    let cls = conc(0).class().to_owned();
                    if self.store_field(vm, k, obj, &cls, name, val) {
                        self.pop();
                        self.pop();
                        return Ok(());
                    }
                }
                if !self.store_slot_attr(vm, pc, name, conc(0))? {
                    self.store_attr_call(vm, f, op, pc, conc(0))?;
                }
            }
            Instruction::StoreSubscr => self.store_subscr(vm, pc, conc(1), conc(0))?,
            Instruction::UnpackSequence { .. } => self.unpack(vm, pc, arg as usize, conc(0))?,
            Instruction::BuildTuple { .. } if (1..=6).contains(&arg) => {
                let helpers = [Helper::Tuple1, Helper::Tuple2, Helper::Tuple3, Helper::Tuple4, Helper::Tuple5, Helper::Tuple6];
                let r = self.call_popped(arg as usize, helpers[arg as usize - 1], |_, _| {})?;
                self.push(Sh::val(r, Repr::Obj, true));
            }
            Instruction::BuildList { .. } if arg <= 6 => {
                let helpers =
                    [Helper::List0, Helper::List1, Helper::List2, Helper::List3, Helper::List4, Helper::List5, Helper::List6];
                let r = self.call_popped(arg as usize, helpers[arg as usize], |_, _| {})?;
                self.push(Sh::val(r, Repr::Obj, true));
            }
            Instruction::BuildSet { .. } | Instruction::BuildMap { .. } => {
                // An empty container, then each item added in order as the
                // interpreter adds them (hashing can raise).
                let set = matches!(op.kind, Instruction::BuildSet { .. });
                let (empty, add, per) = if set { (Helper::Set0, Helper::SetAdd, 1) } else { (Helper::Dict0, Helper::MapAdd, 2) };
                let n = arg as usize * per;
                let raise = (n > 0).then(|| self.snapshot(SnapshotKind::RaisePending, pc));
                let r = self.call(empty, &[]).expect("obj");
                for first in (0..n).step_by(per) {
                    let mut args = vec![(Operand::from(r), false)];
                    for depth in (n - per - first..n - first).rev() {
                        let s = self.peek(depth);
                        args.push(self.as_obj(s).ok_or_else(|| format!("{} of NULL", add.name()))?);
                    }
                    let ops: Vec<Operand> = args.iter().map(|(o, _)| *o).collect();
                    let status = self.call(add, &ops).expect("i64");
                    self.b.guard_eq_i64(status, 0, raise.expect("items to add"));
                    for (o, t) in args {
                        self.release_temp(o, t);
                    }
                }
                for _ in 0..n {
                    let s = self.pop();
                    self.release(s);
                }
                self.push(Sh::val(r, Repr::Obj, true));
            }
            Instruction::Call { .. } => self.call_op(vm, f, op, pc, arg as usize)?,
            Instruction::BuildSlice { .. } => self.build_slice(vm, f, pc, if arg == 3 { 3 } else { 2 })?,
            Instruction::BinarySlice => self.binary_slice(vm, f, pc)?,
            Instruction::StoreSlice => self.store_slice(vm, f, pc)?,
            // A generator is its own iterator: its class guarded, no call.
            Instruction::GetIter if crate::generator::is_plain_generator(conc(0)) && matches!(self.peek(0), Sh::Val { repr: Repr::Obj, .. }) => {
                let snap = self.snapshot(SnapshotKind::Resume, pc);
                let Sh::Val { op: g, .. } = self.peek(0) else { unreachable!("checked") };
                let cls = self.type_const(vm, conc(0).class());
                self.b.guard_class(g, cls, snap);
            }
            Instruction::GetIter if matches!((self.peek(0), self.range_iter.take()), (Sh::Val { op: Operand::Value(v), .. }, Some(r)) if v == r) => {}
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
                if self.frames.last().unwrap().gen.is_some() {
                    return self.gen_return();
                }
                // A binary operator's method must not have returned
                // NotImplemented (the interpreter would try the reflected one):
                // a guard that resumes at this return.
                let binary_snap = match self.frames.last().unwrap().binary {
                    Some(_) if conc(0).is(vm.ctx.not_implemented.as_object()) => abort!("operator method returned NotImplemented"),
                    Some(_) => Some(self.snapshot(SnapshotKind::Resume, pc)),
                    None => None,
                };
                let mut r = self.pop();
                if let (Some(snap), Sh::Val { op, repr: Repr::Obj, .. }) = (binary_snap, r) {
                    let ni = self.constant(vm.ctx.not_implemented.as_object(), "NotImplemented");
                    let ne = self.b.op(Opcode::PtrNe, &[op, ni.into()]);
                    self.b.guard_true(ne, snap);
                }
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
                if let Some((a, b)) = done.binary {
                    self.release(a);
                    self.release(b);
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
            Instruction::YieldValue { .. } if self.frames.last().unwrap().gen.is_some() => self.gen_yield(vm, f, pc, arg)?,
            Instruction::YieldValue { .. } => self.offer(vm, f, pc, arg)?,
            Instruction::MakeFunction => self.make_function(vm, f, pc, op)?,
            other => abort!("{:?} is not recorded", other),
        }
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
            Expect::Next | Expect::Residual if !pushed && !returned => Ok(()),
            Expect::Residual if pushed => {
                self.residual = true;
                Ok(())
            }
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

    /// Close the trace at the loop header: jump back with every input's
    /// current value.
    pub fn close(mut self, vm: &VirtualMachine, f: &Frame) -> Result<(Trace, Vec<InputKind>, Vec<FrameDesc>, Keep), Abort> {
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
}
