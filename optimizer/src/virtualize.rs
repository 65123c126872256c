//! Allocation removal (PyPy's "virtuals", seed 004): an object the trace allocates
//! (`new`) stays *virtual*, a set of field values known to the optimizer, until it
//! escapes.
//!
//! - `new C` makes a virtual object of class `C`; `setfield_gc` on it records the
//!   field (in first-set order, the order of its `__dict__`); `getfield_gc` reads it.
//! - Guards and reads of its class fold (`guard_class`, `load_type`,
//!   `guard_nonnull`); identity compares with it fold (it is a fresh object).
//! - Its references are counted abstractly: `incref` makes another owner, `decref`
//!   drops one. When the last owner is dropped the object dies unseen: its field
//!   references are released, and nothing was ever allocated.
//! - A snapshot that names it describes it (`virtN = C {name: value, ...}`): the
//!   exit allocates it, in the state it has at that guard.
//! - Anything else that uses it (a residual call, a store into a real object, the
//!   loop's `jump`, a store of it into another virtual) *forces* it: the real
//!   allocation and its field stores are emitted right before that use (`alloc`
//!   helpers of the trace), and every owner becomes a real reference.
//!
//! The pass runs first: the recorder emits `new`/`setfield_gc` for objects it sees
//! created in the trace, and the backend compiles neither.

use crate::ir::*;
use crate::subst::Subst;
use hashbrown::HashMap;

/// Allocations the pass removed and the ones it had to keep (forced).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AllocStats {
    pub removed: usize,
    pub forced: usize,
    /// Forced because the loop's `jump` passes them on (peeling would keep them).
    pub forced_at_jump: usize,
}

/// What a loop-carried virtual looks like at a peeled loop's label: its class,
/// field names and field types. The loop's jump must pass one of the same shape.
#[derive(Clone, Debug, PartialEq)]
struct Shape {
    class: u64,
    names: Vec<u64>,
    types: Vec<Option<Type>>,
}

struct Virtual {
    class: ConstId,
    names: Vec<ConstId>,
    fields: Vec<Operand>,
    /// For a box (an int or float read from a virtual's field): its number.
    payload: Option<Operand>,
    /// The values that own a reference to it (the `new` result, `incref` copies).
    owners: Vec<ValueId>,
}

impl Virtual {
    /// What goes around a peeled loop in its place: a box's number, or the fields.
    fn carried(&self) -> Vec<Operand> {
        match self.payload {
            Some(x) => vec![x],
            None => self.fields.clone(),
        }
    }
}

#[derive(Default)]
struct State {
    /// Value (the `new` result or a copy) -> index in `objects`.
    of: HashMap<ValueId, usize>,
    /// `None` once the object died or was forced.
    objects: Vec<Option<Virtual>>,
    /// Values replaced by real references (forced objects and their copies).
    forced: Subst,
    /// Bumped whenever a virtual changes (snapshot rewrites are cached per version).
    version: u64,
}

impl State {
    fn virtual_of(&self, o: Operand) -> Option<usize> {
        let Operand::Value(v) = o else { return None };
        let k = *self.of.get(&v)?;
        self.objects[k].as_ref().map(|_| k)
    }
}

pub fn remove_allocations(trace: &mut Trace) -> Result<AllocStats, IrError> {
    let mut stats = AllocStats::default();
    if !trace.ops.iter().any(|op| op.opcode == Opcode::New) {
        return Ok(stats);
    }
    let alloc = trace
        .alloc
        .ok_or_else(|| IrError::at(0, "the trace allocates (new) but names no alloc helpers"))?;
    let ops = std::mem::take(&mut trace.ops);
    let mut out: Vec<Op> = Vec::with_capacity(ops.len());
    let mut st = State::default();
    let mut snap_cache: HashMap<SnapId, (u64, SnapId)> = HashMap::new();
    // Set at a peeled loop's label: the shape of each param.
    let mut shapes: Option<Vec<Option<Shape>>> = None;
    for (i, mut op) in ops.into_iter().enumerate() {
        st.forced.apply_to_args(&mut op);
        match op.opcode {
            Opcode::Label => {
                shapes = Some(expand_label(trace, alloc, &mut st, &mut out, &mut op, &mut stats));
                snap_cache.clear();
                out.push(op);
                continue;
            }
            Opcode::Jump if shapes.is_some() => {
                expand_jump(trace, alloc, &mut st, &mut out, &mut op, shapes.as_ref().unwrap(), &mut stats)
                    .map_err(|e| IrError::at(i, e))?;
                out.push(op);
                continue;
            }
            Opcode::New => {
                let (Some(r), Some(&Operand::Obj(class))) = (op.result, op.args.first()) else {
                    return Err(IrError::at(i, "new without a class constant"));
                };
                st.of.insert(r, st.objects.len());
                st.objects.push(Some(Virtual { class, names: Vec::new(), fields: Vec::new(), payload: None, owners: vec![r] }));
                st.version += 1;
                stats.removed += 1;
                continue;
            }
            Opcode::SetfieldGc => {
                let (obj, value, name) = (op.args[0], op.args[1], ConstId(op.imm as u32));
                if let Some(value_k) = st.virtual_of(value) {
                    // A virtual stored into an object escapes (nested virtuals are not
                    // tracked).
                    force(trace, alloc, &mut st, &mut out, value_k, &mut stats);
                    st.forced.apply_to_args(&mut op);
                }
                let value = op.args[1];
                match st.virtual_of(obj) {
                    Some(k) => {
                        let v = st.objects[k].as_mut().unwrap();
                        let old = match v.names.iter().position(|&n| trace.consts[n.index()].addr == trace.consts[name.index()].addr) {
                            Some(f) => Some(std::mem::replace(&mut v.fields[f], value)),
                            None => {
                                v.names.push(name);
                                v.fields.push(value);
                                None
                            }
                        };
                        st.version += 1;
                        if let Some(old) = old.filter(|o| trace.operand_type(*o) == Some(Type::Obj)) {
                            out.push(call(alloc.decref, &[old], None));
                        }
                    }
                    None => store_real(trace, alloc, &mut out, obj, name, value),
                }
                continue;
            }
            Opcode::GetfieldGc => {
                let name = ConstId(op.imm as u32);
                let Some(k) = st.virtual_of(op.args[0]) else {
                    return Err(IrError::at(i, "getfield_gc of an object that is not virtual"));
                };
                let v = st.objects[k].as_ref().unwrap();
                let addr = trace.consts[name.index()].addr;
                let Some(f) = v.names.iter().position(|&n| trace.consts[n.index()].addr == addr) else {
                    return Err(IrError::at(i, "getfield_gc of a field never set"));
                };
                let value = v.fields[f];
                if trace.operand_type(value) != Some(op.ty) {
                    return Err(IrError::at(i, "getfield_gc of a field of another type"));
                }
                st.forced.set(op.result.unwrap(), value);
                continue;
            }
            Opcode::GuardClass | Opcode::LoadType | Opcode::GuardNonnull => {
                if let Some(k) = st.virtual_of(op.args[0]) {
                    let class = st.objects[k].as_ref().unwrap().class;
                    match op.opcode {
                        Opcode::GuardNonnull => continue,
                        Opcode::LoadType => {
                            st.forced.set(op.result.unwrap(), Operand::Obj(class));
                            continue;
                        }
                        _ => {
                            let want = op.args[1];
                            if matches!(want, Operand::Obj(c) if trace.consts[c.index()].addr == trace.consts[class.index()].addr) {
                                continue;
                            }
                        }
                    }
                }
            }
            Opcode::UnboxFloat => {
                if let Some(k) = st.virtual_of(op.args[0]) {
                    if let Some(x) = st.objects[k].as_ref().unwrap().payload {
                        st.forced.set(op.result.unwrap(), x);
                        continue;
                    }
                }
            }
            Opcode::PtrEq | Opcode::PtrNe => {
                let (a, b) = (st.virtual_of(op.args[0]), st.virtual_of(op.args[1]));
                if a.is_some() || b.is_some() {
                    // A virtual is a fresh object: identical only to itself.
                    let same = a.is_some() && a == b;
                    let r = (same == (op.opcode == Opcode::PtrEq)) as i64;
                    st.forced.set(op.result.unwrap(), Operand::Int(r));
                    continue;
                }
            }
            Opcode::Call => {
                let flags = crate::effects::call_flags(trace, &op);
                if let Some(k) = op.args.first().and_then(|a| st.virtual_of(*a)) {
                    if read_attribute(trace, alloc, &mut st, &mut out, &op, k) {
                        continue;
                    }
                    if flags.incref && op.args.len() == 1 {
                        let r = op.result.unwrap();
                        st.of.insert(r, k);
                        st.objects[k].as_mut().unwrap().owners.push(r);
                        continue;
                    }
                    if flags.decref && op.args.len() == 1 {
                        let Operand::Value(owner) = op.args[0] else { unreachable!() };
                        let v = st.objects[k].as_mut().unwrap();
                        v.owners.retain(|&o| o != owner);
                        if v.owners.is_empty() {
                            // Died unseen: release the references its fields held.
                            let v = st.objects[k].take().unwrap();
                            for f in v.fields {
                                // (A constant field holds no reference of its own.)
                                if matches!(f, Operand::Value(_)) && trace.operand_type(f) == Some(Type::Obj) {
                                    out.push(call(alloc.decref, &[f], None));
                                }
                            }
                        }
                        st.version += 1;
                        continue;
                    }
                }
            }
            _ => {}
        }
        // Any other use of a virtual forces it first.
        let used: Vec<usize> = op.args.iter().filter_map(|a| st.virtual_of(*a)).collect();
        for k in used {
            if st.objects[k].is_some() {
                force(trace, alloc, &mut st, &mut out, k, &mut stats);
                if op.opcode == Opcode::Jump {
                    stats.forced_at_jump += 1;
                }
            }
        }
        st.forced.apply_to_args(&mut op);
        if let Some(g) = op.guard.as_mut() {
            g.snapshot = rewrite_snapshot(trace, &st, g.snapshot, &mut snap_cache);
        }
        out.push(op);
    }
    trace.ops = out;
    Ok(stats)
}

fn call(f: FuncId, args: &[Operand], result: Option<ValueId>) -> Op {
    Op {
        opcode: Opcode::Call,
        result,
        ty: if result.is_some() { Type::Obj } else { Type::Void },
        args: args.iter().copied().collect(),
        imm: 0,
        func: Some(f),
        guard: None,
    }
}

/// A field value as an owned object reference: boxes unboxed numbers.
fn boxed(trace: &mut Trace, alloc: AllocFuncs, out: &mut Vec<Op>, value: Operand) -> Operand {
    let f = match trace.operand_type(value) {
        Some(Type::I64) => alloc.box_int,
        Some(Type::F64) => alloc.box_float,
        _ => return value,
    };
    let r = trace.new_value(Type::Obj);
    out.push(call(f, &[value], Some(r)));
    Operand::Value(r)
}

/// `setfield_gc` on a real object: the alloc helpers' store (which consumes the
/// value; a number is boxed first).
fn store_real(trace: &mut Trace, alloc: AllocFuncs, out: &mut Vec<Op>, obj: Operand, name: ConstId, value: Operand) {
    let value = match value {
        // A constant (None, a string): the store takes a reference of its own.
        Operand::Obj(_) => {
            let r = trace.new_value(Type::Obj);
            out.push(call(alloc.incref, &[value], Some(r)));
            Operand::Value(r)
        }
        _ => boxed(trace, alloc, out, value),
    };
    out.push(call(alloc.set_attr, &[obj, Operand::Obj(name), value], None));
}

/// Allocate virtual `k` for real before the op being processed: the instance, its
/// fields in order, and a real reference for each of its owners.
fn force(trace: &mut Trace, alloc: AllocFuncs, st: &mut State, out: &mut Vec<Op>, k: usize, stats: &mut AllocStats) {
    let v = st.objects[k].take().expect("forcing a live virtual");
    st.version += 1;
    let obj = match v.payload {
        Some(x) => {
            let Operand::Value(b) = boxed(trace, alloc, out, x) else { unreachable!("a box's payload is a number") };
            b
        }
        None if is_function(trace, alloc, &v) => {
            // A function: made by MAKE_FUNCTION's helper from its fields, whose
            // references the virtual held.
            stats.forced += 1;
            stats.removed -= 1;
            let (make, _) = alloc.make_function.expect("checked");
            let obj = trace.new_value(Type::Obj);
            out.push(call(make, &v.fields, Some(obj)));
            for f in &v.fields {
                if matches!(f, Operand::Value(_)) && trace.operand_type(*f) == Some(Type::Obj) {
                    out.push(call(alloc.decref, &[*f], None));
                }
            }
            obj
        }
        None => {
            stats.forced += 1;
            stats.removed -= 1;
            let obj = trace.new_value(Type::Obj);
            out.push(call(alloc.new_instance, &[Operand::Obj(v.class)], Some(obj)));
            for (name, value) in v.names.iter().zip(v.fields) {
                store_real(trace, alloc, out, Operand::Value(obj), *name, value);
            }
            obj
        }
    };
    let mut owners = v.owners.into_iter();
    if let Some(first) = owners.next() {
        st.forced.set(first, Operand::Value(obj));
    }
    for other in owners {
        let r = trace.new_value(Type::Obj);
        out.push(call(alloc.incref, &[Operand::Value(obj)], Some(r)));
        st.forced.set(other, Operand::Value(r));
    }
}

/// Whether virtual `v` is a function (made by MAKE_FUNCTION's helper).
fn is_function(trace: &Trace, alloc: AllocFuncs, v: &Virtual) -> bool {
    alloc.make_function.is_some_and(|(_, ty)| trace.consts[ty.index()].addr == trace.consts[v.class.index()].addr)
}

/// The recorder's attribute reads and unboxing on virtual `k` (the first argument
/// of `op`): `get_attr` of a field (a number becomes a virtual box), `has_attr`,
/// `unbox_int` of a box. False when `op` is none of those or cannot fold.
fn read_attribute(trace: &mut Trace, alloc: AllocFuncs, st: &mut State, out: &mut Vec<Op>, op: &Op, k: usize) -> bool {
    let v = st.objects[k].as_ref().unwrap();
    // A function's fields are its constructor's arguments, not its `__dict__`.
    if is_function(trace, alloc, v) {
        return false;
    }
    let field = |name: Operand| {
        let Operand::Obj(c) = name else { return None };
        let addr = trace.consts[c.index()].addr;
        v.names.iter().position(|n| trace.consts[n.index()].addr == addr).map(|f| v.fields[f])
    };
    match op.func {
        Some(f) if f == alloc.has_attr => {
            let has = field(op.args[1]).is_some() as i64;
            st.forced.set(op.result.unwrap(), Operand::Int(has));
            true
        }
        Some(f) if f == alloc.unbox_int => match v.payload {
            Some(x) if trace.operand_type(x) == Some(Type::I64) => {
                st.forced.set(op.result.unwrap(), x);
                true
            }
            _ => false,
        },
        Some(f) if f == alloc.get_attr || f == alloc.get_attr_any => {
            let Some(value) = field(op.args[1]) else { return false };
            let r = op.result.unwrap();
            match trace.operand_type(value) {
                // A new reference to the field's object.
                Some(Type::Obj) => out.push(Op { result: Some(r), ..call(alloc.incref, &[value], Some(r)) }),
                Some(ty) => {
                    let class = if ty == Type::I64 { alloc.int_type } else { alloc.float_type };
                    st.of.insert(r, st.objects.len());
                    st.objects.push(Some(Virtual { class, names: Vec::new(), fields: Vec::new(), payload: Some(value), owners: vec![r] }));
                    st.version += 1;
                }
                None => return false,
            }
            true
        }
        _ => false,
    }
}

/// The values virtual `v` passes around a peeled loop (`Virtual::carried`), each
/// a reference of its own: a constant field (None, a string), which holds none,
/// gets one here, as the label's param holds it and gives it up when the object
/// dies or is forced.
fn carried_owned(trace: &mut Trace, alloc: AllocFuncs, out: &mut Vec<Op>, v: &Virtual) -> Vec<Operand> {
    v.carried()
        .into_iter()
        .map(|f| match f {
            Operand::Obj(_) => {
                let r = trace.new_value(Type::Obj);
                out.push(call(alloc.incref, &[f], Some(r)));
                Operand::Value(r)
            }
            other => other,
        })
        .collect()
}

fn shape_of(trace: &Trace, v: &Virtual) -> Shape {
    Shape {
        class: trace.consts[v.class.index()].addr,
        names: v.names.iter().map(|n| trace.consts[n.index()].addr).collect(),
        types: v.carried().iter().map(|f| trace.operand_type(*f)).collect(),
    }
}

/// At a peeled loop's label: each virtual passed (once) becomes its fields, as new
/// params; in the loop proper its param is again a virtual whose fields are those
/// params. The preamble's other state ends here. Returns each param's shape.
fn expand_label(trace: &mut Trace, alloc: AllocFuncs, st: &mut State, out: &mut Vec<Op>, op: &mut Op, stats: &mut AllocStats) -> Vec<Option<Shape>> {
    let params = std::mem::take(&mut trace.label);
    let mut counts: HashMap<usize, usize> = HashMap::new();
    for a in &op.args {
        if let Some(k) = st.virtual_of(*a) {
            *counts.entry(k).or_default() += 1;
        }
    }
    // An object passed twice has one identity: it cannot become two sets of fields.
    for (&k, &n) in &counts {
        if n > 1 && st.objects[k].is_some() {
            force(trace, alloc, st, out, k, stats);
        }
    }
    st.forced.apply_to_args(op);
    let mut new_params = Vec::new();
    let mut new_args = smallvec::SmallVec::new();
    let mut shapes = Vec::new();
    let mut carried: Vec<(ValueId, Virtual)> = Vec::new();
    for (k, &a) in op.args.iter().enumerate() {
        match st.virtual_of(a) {
            Some(idx) => {
                let v = st.objects[idx].take().unwrap();
                shapes.push(Some(shape_of(trace, &v)));
                let mut fields = Vec::new();
                for f in carried_owned(trace, alloc, out, &v) {
                    let p = trace.new_value(trace.operand_type(f).expect("typed field"));
                    new_params.push(p);
                    new_args.push(f);
                    fields.push(Operand::Value(p));
                }
                let payload = v.payload.map(|_| fields[0]);
                let fields = if payload.is_some() { Vec::new() } else { fields };
                carried.push((params[k], Virtual { class: v.class, names: v.names, fields, payload, owners: vec![params[k]] }));
            }
            None => {
                shapes.push(None);
                new_params.push(params[k]);
                new_args.push(a);
            }
        }
    }
    trace.label = new_params;
    op.args = new_args;
    *st = State::default();
    for (p, v) in carried {
        st.of.insert(p, st.objects.len());
        st.objects.push(Some(v));
    }
    shapes
}

/// At a peeled loop's jump: an argument whose label param was expanded must be a
/// virtual of the same shape, passed as its fields; the others as at any jump.
fn expand_jump(trace: &mut Trace, alloc: AllocFuncs, st: &mut State, out: &mut Vec<Op>, op: &mut Op, shapes: &[Option<Shape>], stats: &mut AllocStats) -> Result<(), String> {
    let mut new_args = smallvec::SmallVec::new();
    let mut taken: Vec<usize> = Vec::new();
    for (k, &a) in op.args.clone().iter().enumerate() {
        match &shapes[k] {
            Some(shape) => {
                let idx = st.virtual_of(a).filter(|idx| !taken.contains(idx)).ok_or("a loop-carried object escapes in the loop")?;
                let v = st.objects[idx].as_ref().unwrap();
                if shape_of(trace, v) != *shape {
                    return Err("a loop-carried object changes shape in the loop".into());
                }
                taken.push(idx);
                new_args.extend(carried_owned(trace, alloc, out, v));
            }
            None => {
                if let Some(idx) = st.virtual_of(a) {
                    force(trace, alloc, st, out, idx, stats);
                    stats.forced_at_jump += 1;
                }
                new_args.push(st.forced.get(a));
            }
        }
    }
    for idx in taken {
        st.objects[idx] = None;
    }
    op.args = new_args;
    Ok(())
}

/// The snapshot a guard at this point needs: forced values replaced, virtual
/// objects described. Shared snapshots are copied when the state they describe
/// differs from the one an earlier guard saw.
fn rewrite_snapshot(trace: &mut Trace, st: &State, s: SnapId, cache: &mut HashMap<SnapId, (u64, SnapId)>) -> SnapId {
    let touches = |snap: &Snapshot| {
        snap.sources().any(|src| match *src {
            Source::Val(Operand::Value(v)) | Source::Bool(Operand::Value(v)) => {
                st.of.contains_key(&v) || st.forced.get(Operand::Value(v)) != Operand::Value(v)
            }
            _ => false,
        })
    };
    if !touches(trace.snapshot(s)) {
        return s;
    }
    if let Some(&(version, copy)) = cache.get(&s) {
        if version == st.version {
            return copy;
        }
    }
    let mut snap = trace.snapshot(s).clone();
    let mut virtual_index: HashMap<usize, u32> = HashMap::new();
    let mut described: Vec<VirtualObj> = Vec::new();
    for src in snap.frames.iter_mut().flat_map(|f| f.slots.iter_mut()) {
        st.forced.apply_to_source(src);
        if let Source::Val(o) = *src {
            if let Some(k) = st.virtual_of(o) {
                if let Some(x) = st.objects[k].as_ref().unwrap().payload {
                    // A box is its number (the exit boxes it).
                    *src = Source::Val(st.forced.get(x));
                    continue;
                }
                let idx = *virtual_index.entry(k).or_insert_with(|| {
                    let v = st.objects[k].as_ref().unwrap();
                    described.push(VirtualObj {
                        class: v.class,
                        names: v.names.clone(),
                        fields: v.fields.iter().map(|f| Source::Val(st.forced.get(*f))).collect(),
                    });
                    (snap.virtuals.len() + described.len() - 1) as u32
                });
                *src = Source::Virtual(idx);
            }
        }
    }
    snap.virtuals.extend(described);
    trace.snapshots.push(snap);
    let copy = SnapId(trace.snapshots.len() as u32 - 1);
    cache.insert(s, (st.version, copy));
    copy
}
