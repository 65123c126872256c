//! Leaving compiled code: rebuild the interpreter's frames from the failing
//! guard's snapshot. The loop frame (the top of the stack when the loop was
//! entered) gets its slots and pc back; every inlined callee becomes a real
//! frame again, pushed on the same stack, so the interpreter continues at the
//! exact instruction. Unboxed values are boxed; object references the trace
//! owned move into the frames, the rest are shared; the guard's drop list is
//! released.


use hipy_optimizer::{Operand, SnapshotKind, Source, Type, ValueId, VirtualObj};
use rustpython_vm::builtins::PyFunction;
use rustpython_vm::{AsObject, PyObject, PyObjectRef, VirtualMachine};

use super::{helpers, CompiledTrace, InputKind, TracePart};
use crate::eval::Raised;
use crate::frame::{Continuation, Frame};
use crate::{layout, runtime};

struct Exit<'a> {
    part: &'a TracePart,
    info: &'a hipy_jit::ExitInfo,
    buf: &'a [u64],
    owned: &'a [ValueId],
    /// Owned values already moved into a frame (a snapshot may name one
    /// twice; the second gets a new reference). Few per exit: a Vec.
    taken: Vec<ValueId>,
    /// The objects allocation removal kept virtual, which the exit allocates,
    /// and each one once made (every slot naming it shares it).
    virtuals: &'a [VirtualObj],
    made: Vec<Option<PyObjectRef>>,
}

impl Exit<'_> {
    fn bits(&self, v: ValueId) -> u64 {
        self.info.value_of(self.buf, v).expect("exit buffer holds every snapshot value")
    }

    fn object(&mut self, vm: &VirtualMachine, o: Operand) -> PyObjectRef {
        match o {
            Operand::Value(v) => match self.part.trace.value_type(v) {
                Some(Type::I64) => vm.ctx.new_int(self.bits(v) as i64).into(),
                Some(Type::F64) => vm.ctx.new_float(f64::from_bits(self.bits(v))).into(),
                _ => {
                    let p = self.bits(v) as *const PyObject;
                    if self.owned.contains(&v) && !self.taken.contains(&v) {
                        self.taken.push(v);
                        // SAFETY: the trace owned this reference; it moves here.
                        unsafe { helpers::adopt(p) }
                    } else {
                        // SAFETY: a live object the trace or a frame holds.
                        unsafe { &*p }.to_owned()
                    }
                }
            },
            Operand::Int(k) => vm.ctx.new_int(k).into(),
            Operand::Float(b) => vm.ctx.new_float(f64::from_bits(b)).into(),
            Operand::Obj(c) => {
                let addr = self.part.trace.consts[c.index()].addr as *const PyObject;
                // SAFETY: constants are kept alive by the compiled trace.
                unsafe { &*addr }.to_owned()
            }
        }
    }

    fn boolean(&self, vm: &VirtualMachine, o: Operand) -> PyObjectRef {
        let b = match o {
            Operand::Value(v) => self.bits(v) != 0,
            Operand::Int(k) => k != 0,
            _ => true,
        };
        vm.ctx.new_bool(b).into()
    }

    /// The value of one slot source; `None` in the outer Option means
    /// "unchanged".
    fn source(&mut self, vm: &VirtualMachine, s: &Source) -> Option<Option<PyObjectRef>> {
        match *s {
            Source::Unchanged => None,
            Source::Null => Some(None),
            Source::Val(o) => Some(Some(self.object(vm, o))),
            Source::Bool(o) => Some(Some(self.boolean(vm, o))),
            Source::Virtual(k) => Some(Some(self.materialize(vm, k as usize))),
        }
    }

    /// Virtual object `k` as a real one: an instance of its class (allocated
    /// as `object.__new__` would) with its fields stored into its `__dict__`
    /// in order; made once per exit.
    fn materialize(&mut self, vm: &VirtualMachine, k: usize) -> PyObjectRef {
        if let Some(Some(o)) = self.made.get(k) {
            return o.clone();
        }
        let v = &self.virtuals[k];
        let class = self.object(vm, Operand::Obj(v.class));
        if class.is(vm.ctx.types.function_type) {
            let fields: Vec<PyObjectRef> = v.fields.clone().iter().map(|s| self.source(vm, s).flatten().unwrap_or_else(|| vm.ctx.none())).collect();
            let obj = made_function(vm, fields);
            if self.made.len() <= k {
                self.made.resize(k + 1, None);
            }
            self.made[k] = Some(obj.clone());
            return obj;
        }
        let obj = new_virtual(vm, &class);
        if self.made.len() <= k {
            self.made.resize(k + 1, None);
        }
        self.made[k] = Some(obj.clone());
        for (name, field) in v.names.iter().zip(&v.fields) {
            let name = self.object(vm, Operand::Obj(*name));
            if let Some(Some(value)) = self.source(vm, field) {
                set_virtual_field(vm, &obj, &name, value);
            }
        }
        obj
    }
}

/// A function the trace kept virtual (`record::objects`), made real from its
/// fields: MAKE_FUNCTION's arguments, as the trace's helper makes it.
fn made_function(vm: &VirtualMachine, fields: Vec<PyObjectRef>) -> PyObjectRef {
    let [code, globals, defaults, closure, kwdefaults]: [PyObjectRef; 5] = fields.try_into().expect("a function's five fields");
    let given = |o: PyObjectRef| Some(o).filter(|o| !vm.is_none(o));
    let builtins = || crate::runtime::current_frame(|f| f.map(|f| f.builtins.to_ref().into()));
    crate::function::new_function(vm, code, globals, given(defaults), given(closure), given(kwdefaults), builtins)
        .expect("a function the trace made from a code constant")
}

/// A virtual object made real: an instance of `class`, allocated as
/// `object.__new__` would (the recorder checked that the class allows it:
/// `record::objects::virtualizable`); its `__dict__`, if it has one, is made
/// by the first field stored (`set_virtual_field`).
pub(crate) fn new_virtual(vm: &VirtualMachine, class: &PyObjectRef) -> PyObjectRef {
    let cls = class.clone().downcast::<rustpython_vm::builtins::PyType>().expect("a virtual's class is a type");
    crate::call::alloc_plain(vm, cls)
}

/// Field `name` of a virtual object made real: a plain store (a slot or the
/// `__dict__`), as the recorder checked. A `__slots__` member is stored into
/// its cell directly (`slot_cells`); anything else by `object.__setattr__`.
pub(crate) fn set_virtual_field(vm: &VirtualMachine, obj: &PyObject, name: &PyObject, value: PyObjectRef) {
    if let Some(off) = slot_cells::offset(vm, obj, name) {
        // SAFETY: `off` is the cell of a member descriptor of `obj`'s class at
        // its current version, found by `object.__setattr__`'s own lookup.
        drop(unsafe { layout::instances::swap_slot(obj, off, Some(value)) });
        return;
    }
    let Some(name) = name.downcast_ref::<rustpython_vm::builtins::PyStr>() else { return };
    // Into a shaped `__dict__` (made here for the first field): appended as the
    // interpreter's STORE_ATTR appends, keeping the shape, so compiled reads
    // of the instance hit their hints.
    if let Some(l) = layout::instances::layout().filter(|_| !crate::threads::multi()) {
        // SAFETY: a plain class's instance (one thread runs Python).
        if let Some(d) = unsafe { layout::instances::dict_ref(l, obj) }.or_else(|| layout::instances::make_dict(l, vm, obj)) {
            let from = layout::instances::stamp(l, d);
            if layout::instances::is_shape(from) && layout::instances::is_exact_dict(d) {
                let len = layout::instances::shape_len(l, d);
                let to = layout::instances::shape_after(from, name.as_object());
                let value = match layout::instances::append_to_shape(vm, d, from, to, name, value) {
                    Ok(()) => {
                        layout::instances::note_attrs(obj.class(), len + 1);
                        return;
                    }
                    Err(value) => value,
                };
                let d = d.to_owned();
                if d.set_item(name, value, vm).is_ok() {
                    layout::instances::note_attrs(obj.class(), len + 1);
                    layout::instances::set_shape_after_append(l, &d, to, name.as_object(), len as u32);
                }
                return;
            }
        }
    }
    let _ = obj.generic_setattr(name, rustpython_vm::function::PySetterValue::Assign(value), vm);
}

/// The `__slots__` cell a plain store of `name` on an instance of its class
/// writes, remembered per thread by (class, name) under the class's version
/// tag: the stores of virtual objects made real repeat a few such pairs.
mod slot_cells {
    use std::cell::Cell;

    use rustpython_vm::{PyObject, VirtualMachine};

    /// Entries (a power of two): a program's (class, field) pairs of
    /// materialized objects; with 32 entries indexed by five address bits,
    /// scheduler's pairs collided in one build and not in another (898 K
    /// slow lookups, +7.9 % instructions), so the index now mixes all bits.
    const SLOTS: usize = 256;

    /// (class address, name address, version tag, cell offset or 0 for "no
    /// slot"); a zero class address is an empty entry.
    type Entry = (usize, usize, u32, isize);

    thread_local! {
        static CACHE: [Cell<Entry>; SLOTS] = const { [const { Cell::new((0, 0, 0, 0)) }; SLOTS] };
    }

    pub(super) fn offset(vm: &VirtualMachine, obj: &PyObject, name: &PyObject) -> Option<isize> {
        let cls = obj.class();
        let version = cls.tp_version_tag.load(std::sync::atomic::Ordering::Acquire);
        if version == 0 {
            return None;
        }
        let key = (&**cls as *const _ as usize, name as *const PyObject as usize);
        let mixed = (key.0 ^ key.1.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let k = mixed >> (usize::BITS - SLOTS.trailing_zeros());
        let e = CACHE.with(|c| c[k].get());
        if (e.0, e.1, e.2) == (key.0, key.1, version) {
            return (e.3 != 0).then_some(e.3);
        }
        let name = name.downcast_ref::<rustpython_vm::builtins::PyStr>()?;
        let off = cls
            .get_attr(vm.ctx.intern_str(name.as_wtf8()))
            .and_then(|d| crate::layout::instances::slot_offset(&d))
            .unwrap_or(0);
        CACHE.with(|c| c[k].set((key.0, key.1, version, off)));
        (off != 0).then_some(off)
    }
}

/// How one input word of the loop a transfer enters is made from the exit
/// buffer (by index) or a constant.
enum Word {
    /// A number, as it is.
    Bits(usize),
    Const(u64),
    /// A reference the exit owns: it moves.
    Moved(usize),
    /// A reference the exit does not own (or names twice): a new one.
    NewRef(usize),
    ConstRef(u64),
    /// True or False, from a 0/1 word.
    Bool(usize),
    BoolConst(bool),
}

/// How exit values become the input words of the loop a bridge transfers
/// into (made once, at the first transfer; `transfer` runs it). The words
/// are grouped by how they are made, so a transfer runs a few plain loops.
pub struct TransferPlan {
    /// The input words with the constants in place (the rest is filled in).
    template: Vec<u64>,
    /// (input, buffer index): numbers and moved references, as they are.
    copies: Vec<(usize, usize)>,
    /// (input, buffer index): references the exit does not own: a new one.
    new_refs: Vec<(usize, usize)>,
    /// Inputs holding a constant reference (in `template`): a new one.
    const_refs: Vec<usize>,
    /// (input, buffer index): True or False from a 0/1 word.
    bools: Vec<(usize, usize)>,
    bool_consts: Vec<(usize, bool)>,
    /// Buffer indices of references the exit owns but passes on to nobody.
    drop: Vec<usize>,
}

impl TransferPlan {
    fn new(words: Vec<Word>, drop: Vec<usize>) -> TransferPlan {
        let mut p = TransferPlan {
            template: vec![0; words.len()],
            copies: Vec::new(),
            new_refs: Vec::new(),
            const_refs: Vec::new(),
            bools: Vec::new(),
            bool_consts: Vec::new(),
            drop,
        };
        for (k, w) in words.into_iter().enumerate() {
            match w {
                Word::Bits(j) | Word::Moved(j) => p.copies.push((k, j)),
                Word::Const(b) => p.template[k] = b,
                Word::NewRef(j) => p.new_refs.push((k, j)),
                Word::ConstRef(a) => {
                    p.template[k] = a;
                    p.const_refs.push(k);
                }
                Word::Bool(j) => p.bools.push((k, j)),
                Word::BoolConst(b) => p.bool_consts.push((k, b)),
            }
        }
        p
    }
}

/// The plan for exit `guard` of `ct`, which ends a bridge into `next`; None
/// if the exit's snapshot does not fit `next`'s inputs.
pub fn plan_transfer(ct: &CompiledTrace, guard: u32, next: &CompiledTrace) -> Option<TransferPlan> {
    let info = ct.code.exit_info(guard)?;
    let part = ct.part(info.trace);
    let g = part.trace.ops[info.op_index].guard.as_ref()?;
    let snap = part.trace.snapshot(g.snapshot);
    let [frame] = &snap.frames[..] else { return None };
    let nulls = next.header_nulls();
    if frame.slots.len() != nulls.len() {
        return None;
    }
    let index = |v: ValueId| info.values.iter().position(|&x| x == v);
    let ty = |o: Operand| match o {
        Operand::Value(v) => part.trace.value_type(v),
        Operand::Int(_) => Some(Type::I64),
        Operand::Float(_) => Some(Type::F64),
        Operand::Obj(_) => Some(Type::Obj),
    };
    let mut taken = Vec::new();
    let mut words = Vec::with_capacity(next.inputs().len());
    let mut kinds = next.inputs().iter();
    for (s, &null) in frame.slots.iter().zip(nulls) {
        let w = match (*s, null) {
            (Source::Null, true) => continue,
            (Source::Bool(o), false) => {
                if kinds.next() != Some(&InputKind::Obj) {
                    return None;
                }
                match o {
                    Operand::Value(v) => Word::Bool(index(v)?),
                    Operand::Int(k) => Word::BoolConst(k != 0),
                    _ => Word::BoolConst(true),
                }
            }
            (Source::Val(o), false) => {
                let want = kinds.next()?.repr().ir_type();
                if ty(o) != Some(want) {
                    return None;
                }
                match o {
                    Operand::Value(v) if want != Type::Obj => Word::Bits(index(v)?),
                    Operand::Value(v) if g.owned.contains(&v) && !taken.contains(&v) => {
                        taken.push(v);
                        Word::Moved(index(v)?)
                    }
                    Operand::Value(v) => Word::NewRef(index(v)?),
                    Operand::Int(k) => Word::Const(k as u64),
                    Operand::Float(b) => Word::Const(b),
                    Operand::Obj(c) => Word::ConstRef(part.trace.consts[c.index()].addr),
                }
            }
            _ => return None,
        };
        words.push(w);
    }
    if kinds.next().is_some() {
        return None;
    }
    let drop = g.drop.iter().map(|&v| index(v)).collect::<Option<Vec<_>>>()?;
    Some(TransferPlan::new(words, drop))
}

/// Run a transfer: put the input words of the loop it enters into `words`,
/// straight from the exit buffer, leaving the interpreter's frame as it is
/// (that loop's own exits rewrite every slot of it). Numbers stay unboxed;
/// references the exit owns move, the others get a new reference; the
/// guard's drop list is released.
pub fn transfer(vm: &VirtualMachine, plan: &TransferPlan, buf: &[u64], words: &mut Vec<u64>) {
    let new_ref = |p: u64| {
        helpers::hp_incref(p as *const PyObject);
        p
    };
    let boolean = |b: bool| PyObjectRef::from(vm.ctx.new_bool(b)).into_raw().as_ptr() as u64;
    words.clear();
    words.extend_from_slice(&plan.template);
    for &(k, j) in &plan.copies {
        words[k] = buf[j];
    }
    for &(k, j) in &plan.new_refs {
        words[k] = new_ref(buf[j]);
    }
    for &k in &plan.const_refs {
        new_ref(words[k]);
    }
    for &(k, j) in &plan.bools {
        words[k] = boolean(buf[j] != 0);
    }
    for &(k, b) in &plan.bool_consts {
        words[k] = boolean(b);
    }
    for &j in &plan.drop {
        let p = buf[j] as *const PyObject;
        if !p.is_null() {
            // SAFETY: the guard's drop list holds references the trace owns.
            drop(unsafe { helpers::adopt(p) });
        }
    }
}

/// How an exit at the return of the frame that entered makes the value
/// returned: from the exit buffer (by index) or a constant.
enum Value {
    /// A reference the exit owns: it moves.
    Moved(usize),
    /// A reference the exit does not own: a new one.
    NewRef(usize),
    ConstRef(u64),
    Int(usize),
    IntConst(i64),
    Float(usize),
    FloatConst(u64),
    Bool(usize),
    BoolConst(bool),
    /// A virtual object the return allocates (index into the plan's `objects`).
    Virtual(usize),
}

/// A virtual object a return allocates: its class and its fields, in order.
struct Made {
    class: u64,
    fields: Vec<(u64, Value)>,
}

/// What an exit at `RETURN_VALUE` of the frame that entered does instead of
/// rebuilding that frame, which is about to go: make the value returned
/// (allocating the virtual objects it is or holds), release the references
/// the trace owns and passes on to nobody (made once, at the first such exit;
/// `returned` runs it).
pub struct ReturnPlan {
    value: Value,
    objects: Vec<Made>,
    drop: Vec<usize>,
}

/// Builds a return plan's values from snapshot sources.
struct Planner<'a> {
    part: &'a TracePart,
    info: &'a hipy_jit::ExitInfo,
    owned: &'a [ValueId],
    virtuals: &'a [VirtualObj],
    taken: Vec<ValueId>,
    objects: Vec<Made>,
    /// The plan object of each virtual, once planned.
    object_of: Vec<Option<usize>>,
}

impl Planner<'_> {
    fn is_function_class(&self, class: hipy_optimizer::ConstId) -> bool {
        use rustpython_vm::class::StaticType;
        let addr = self.part.trace.consts[class.index()].addr;
        addr == PyFunction::static_type() as *const _ as *const PyObject as u64
    }

    fn index(&self, v: ValueId) -> Option<usize> {
        self.info.values.iter().position(|&x| x == v)
    }

    fn value(&mut self, src: &Source) -> Option<Value> {
        Some(match *src {
            Source::Bool(Operand::Value(v)) => Value::Bool(self.index(v)?),
            Source::Bool(Operand::Int(k)) => Value::BoolConst(k != 0),
            Source::Val(Operand::Value(v)) => match self.part.trace.value_type(v)? {
                Type::I64 => Value::Int(self.index(v)?),
                Type::F64 => Value::Float(self.index(v)?),
                Type::Obj if self.owned.contains(&v) && !self.taken.contains(&v) => {
                    self.taken.push(v);
                    Value::Moved(self.index(v)?)
                }
                Type::Obj => Value::NewRef(self.index(v)?),
                _ => return None,
            },
            Source::Val(Operand::Int(k)) => Value::IntConst(k),
            Source::Val(Operand::Float(b)) => Value::FloatConst(b),
            Source::Val(Operand::Obj(c)) => Value::ConstRef(self.part.trace.consts[c.index()].addr),
            Source::Virtual(k) => {
                let k = k as usize;
                if let Some(i) = *self.object_of.get(k)? {
                    return Some(Value::Virtual(i));
                }
                let v = self.virtuals.get(k)?;
                // (A function is made at an exit that rebuilds the frame.)
                if self.is_function_class(v.class) {
                    return None;
                }
                let i = self.objects.len();
                self.object_of[k] = Some(i);
                let class = self.part.trace.consts[v.class.index()].addr;
                self.objects.push(Made { class, fields: Vec::new() });
                for (name, field) in v.names.iter().zip(&v.fields) {
                    if matches!(field, Source::Null) {
                        continue;
                    }
                    let value = self.value(field)?;
                    self.objects[i].fields.push((self.part.trace.consts[name.index()].addr, value));
                }
                Value::Virtual(i)
            }
            _ => return None,
        })
    }
}

/// The plan for exit `guard` of `ct`, if it is the exit that ends its trace
/// at the return of the frame that entered. The virtual objects the returned
/// value is or holds are allocated; a virtual that only a dying slot holds
/// makes the exit rebuild the frame instead.
pub fn plan_return(ct: &CompiledTrace, guard: u32) -> Option<ReturnPlan> {
    let info = ct.code.exit_info(guard)?;
    let part = ct.part(info.trace);
    let g = part.trace.ops[info.op_index].guard.as_ref()?;
    let snap = part.trace.snapshot(g.snapshot);
    let [frame] = &snap.frames[..] else { return None };
    let code = &part.descs.first()?.info;
    let returns = matches!(code.ops.get(frame.pc as usize)?.kind, rustpython_vm::bytecode::Instruction::ReturnValue);
    if !returns || snap.kind != SnapshotKind::Resume {
        return None;
    }
    let mut p = Planner {
        part: &part,
        info,
        owned: &g.owned,
        virtuals: &snap.virtuals,
        taken: Vec::new(),
        objects: Vec::new(),
        object_of: vec![None; snap.virtuals.len()],
    };
    let (last, rest) = frame.slots.split_last()?;
    let value = p.value(last)?;
    let mut drop = Vec::new();
    for s in rest {
        match *s {
            Source::Val(Operand::Value(v)) if g.owned.contains(&v) && !p.taken.contains(&v) => {
                p.taken.push(v);
                drop.push(p.index(v)?);
            }
            Source::Virtual(k) if p.object_of.get(k as usize).copied().flatten().is_none() => return None,
            _ => {}
        }
    }
    for &v in &g.drop {
        drop.push(p.index(v)?);
    }
    Some(ReturnPlan { value, objects: p.objects, drop })
}

/// Run a return plan: the value the frame returns.
pub fn returned(vm: &VirtualMachine, plan: &ReturnPlan, buf: &[u64]) -> PyObjectRef {
    let value = plain_value(vm, &plan.value, buf).unwrap_or_else(|_| plan_value(vm, plan, &plan.value, buf, &mut Vec::new()));
    for &j in &plan.drop {
        let p = buf[j] as *const PyObject;
        if !p.is_null() {
            // SAFETY: references the trace owns and passes on to nobody.
            drop(unsafe { helpers::adopt(p) });
        }
    }
    value
}

/// A value that is not a virtual object; Err: virtual object `i`.
#[inline]
fn plain_value(vm: &VirtualMachine, value: &Value, buf: &[u64]) -> Result<PyObjectRef, usize> {
    // SAFETY (both): a live object the trace owns (moved) or a frame holds.
    let object = |p: u64| unsafe { &*(p as *const PyObject) }.to_owned();
    Ok(match *value {
        Value::Moved(j) => unsafe { helpers::adopt(buf[j] as *const PyObject) },
        Value::NewRef(j) => object(buf[j]),
        Value::ConstRef(a) => object(a),
        Value::Int(j) => vm.ctx.new_int(buf[j] as i64).into(),
        Value::IntConst(k) => vm.ctx.new_int(k).into(),
        Value::Float(j) => vm.ctx.new_float(f64::from_bits(buf[j])).into(),
        Value::FloatConst(b) => vm.ctx.new_float(f64::from_bits(b)).into(),
        Value::Bool(j) => vm.ctx.new_bool(buf[j] != 0).into(),
        Value::BoolConst(b) => vm.ctx.new_bool(b).into(),
        Value::Virtual(i) => return Err(i),
    })
}

fn plan_value(vm: &VirtualMachine, plan: &ReturnPlan, value: &Value, buf: &[u64], made: &mut Vec<Option<PyObjectRef>>) -> PyObjectRef {
    let i = match plain_value(vm, value, buf) {
        Ok(v) => return v,
        Err(i) => i,
    };
    if let Some(Some(o)) = made.get(i) {
        return o.clone();
    }
    let m = &plan.objects[i];
    // SAFETY: the trace keeps the class alive.
    let obj = new_virtual(vm, &unsafe { &*(m.class as *const PyObject) }.to_owned());
    if made.len() <= i {
        made.resize(i + 1, None);
    }
    made[i] = Some(obj.clone());
    for (name, field) in &m.fields {
        let value = plan_value(vm, plan, field, buf, made);
        // SAFETY: the trace keeps its constants (the field names) alive.
        set_virtual_field(vm, &obj, unsafe { &*(*name as *const PyObject) }, value);
    }
    obj
}

/// A caller frame of an inlined call (or of a peeled generator) resumes
/// after its CALL (FOR_ITER); tracebacks and handlers read `lasti`, which
/// must name that instruction itself: the first one ending at `pc` (a cache
/// unit just before `pc` ends there too).
fn call_before(code: &crate::code::CodeInfo, pc: u32) -> u32 {
    (pc.saturating_sub(8)..pc)
        .find(|&k| k + 1 + u32::from(code.ops[k as usize].ncache) == pc)
        .unwrap_or(pc)
}

/// Where an exit resumed the innermost frame.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Resumed {
    /// At the snapshot's pc.
    Plain,
    /// Just after a FOR_ITER, whose value the exit pushed; if the iterator was
    /// exhausted, the frame continues at the loop's end instead.
    AfterForIter { exhausted: bool },
}

/// The exhaustion target of the FOR_ITER just before `f.pc`, if any.
fn follows_for_iter(f: &Frame) -> Option<u32> {
    let at = (f.pc as usize).checked_sub(2)?;
    let op = f.code.ops.get(at)?;
    matches!(op.kind, rustpython_vm::bytecode::Instruction::ForIter { .. }).then_some(op.arg)
}

/// Rebuild the frames for exit `guard`.
pub fn rebuild(
    vm: &VirtualMachine,
    stack: &mut Vec<Box<Frame>>,
    ct: &CompiledTrace,
    guard: u32,
    buf: &[u64],
) -> Result<Resumed, Raised> {
    let info = ct.code.exit_info(guard).expect("exit number of this loop");
    let part = ct.part(info.trace);
    let op = &part.trace.ops[info.op_index];
    let g = op.guard.as_ref().expect("exiting op has a snapshot");
    let snap = part.trace.snapshot(g.snapshot);
    let mut exit = Exit {
        part: &part,
        info,
        buf,
        owned: &g.owned,
        taken: Vec::new(),
        virtuals: &snap.virtuals,
        made: Vec::new(),
    };
    for (i, fr) in snap.frames.iter().enumerate() {
        if i == 0 {
            // Rewrite the loop frame's slots in place: unchanged ones stay,
            // slots past the snapshot's stack depth go.
            let f = stack.last_mut().unwrap();
            let n = fr.slots.len();
            if f.slots.len() < n {
                f.slots.resize(n, None);
            }
            for (i, s) in fr.slots.iter().enumerate() {
                if let Some(v) = exit.source(vm, s) {
                    f.slots[i] = v;
                }
            }
            f.slots.truncate(n);
            f.pc = fr.pc;
            f.lasti = if i + 1 < snap.frames.len() { call_before(&f.code, fr.pc) } else { fr.pc };
            continue;
        }
        let desc = &part.descs[fr.code as usize];
        if desc.generator {
            let (g, rest) = fr.slots.split_last().expect("generator source");
            let gen = exit.source(vm, g).flatten().expect("a generator");
            let gen = if desc.unmade { crate::generator::made_for_exit(vm, &gen).map_err(Raised::from)? } else { gen };
            // A generator a container call consumes: the container is the
            // source before the generator.
            let (ret, rest) = match desc.consume {
                Some(kind) => {
                    let (acc, rest) = rest.split_last().expect("container source");
                    let acc = exit.source(vm, acc).flatten().expect("a container");
                    (Continuation::Consume { gen: gen.clone(), acc, kind }, rest)
                }
                None => {
                    let exhausted = follows_for_iter(stack.last().unwrap()).expect("a generator resumed by FOR_ITER");
                    (Continuation::Generator { gen: gen.clone(), exhausted }, rest)
                }
            };
            let values: Vec<Option<PyObjectRef>> =
                rest.iter().map(|s| exit.source(vm, s).expect("generator slots are never unchanged")).collect();
            let mut nf = crate::generator::frame_for_exit(&gen);
            debug_assert!(nf.slots.is_empty());
            nf.slots.extend(values);
            nf.ret = ret;
            nf.pc = fr.pc;
            nf.lasti = if i + 1 < snap.frames.len() { call_before(&nf.code, fr.pc) } else { fr.pc };
            runtime::set_depth(runtime::depth() + 1);
            stack.push(nf);
            continue;
        }
        let func = desc.func.clone().expect("callee frames have a function");
        let pf = func.downcast_ref::<PyFunction>().expect("a function");
        // SAFETY: the frame holds `func`.
        let (globals, builtins, closure) = unsafe { layout::frame_refs(vm, pf) }.map_err(Raised::from)?;
        let mut nf = Frame::new(desc.info.clone(), globals, builtins, None, Some(func.clone()));
        nf.closure = closure;
        let mut sources: &[Source] = &fr.slots;
        if let Some(op) = desc.binary {
            let (b, rest) = sources.split_last().expect("operand source");
            let (a, rest) = rest.split_last().expect("operand source");
            let a = exit.source(vm, a).flatten().expect("an operand");
            let b = exit.source(vm, b).flatten().expect("an operand");
            nf.ret = Continuation::Binary { a, b, op };
            sources = rest;
        }
        if desc.init {
            let (inst, rest) = sources.split_last().expect("instance source");
            let inst = exit.source(vm, inst).flatten().expect("an instance");
            nf.ret = Continuation::Init(inst);
            sources = rest;
        }
        nf.slots.clear();
        for s in sources {
            let v = exit.source(vm, s).expect("callee slots are never unchanged");
            nf.slots.push(v);
        }
        nf.pc = fr.pc;
        nf.lasti = if i + 1 < snap.frames.len() { call_before(&nf.code, fr.pc) } else { fr.pc };
        runtime::set_depth(runtime::depth() + 1);
        stack.push(nf);
    }
    // An exit just after FOR_ITER whose iterator was exhausted: FOR_ITER's
    // jump to the loop's end (see the recorder's `for_iter`).
    let mut resumed = Resumed::Plain;
    if let Some(f) = stack.last_mut() {
        if let Some(target) = follows_for_iter(f) {
            let stop = helpers::stop_object(vm);
            let exhausted = f.slots.last().is_some_and(|v| v.as_ref().is_some_and(|v| v.is(stop)));
            if exhausted {
                f.slots.pop();
                f.pc = target;
                f.lasti = target;
            }
            resumed = Resumed::AfterForIter { exhausted };
        }
    }
    for &v in &g.drop {
        let p = exit.bits(v) as *const PyObject;
        if !p.is_null() {
            // SAFETY: the guard's drop list holds references the trace owns.
            drop(unsafe { helpers::adopt(p) });
        }
    }
    match snap.kind {
        SnapshotKind::Resume | SnapshotKind::Reoffer => Ok(resumed),
        SnapshotKind::RaisePending => {
            let exc = helpers::take_pending()
                .unwrap_or_else(|| vm.new_system_error("hipy JIT: an exit expected a pending exception"));
            Err(Raised::from(exc))
        }
    }
}
