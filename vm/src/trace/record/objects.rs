//! Objects the trace allocates, for allocation removal (`hipy_optimizer::virtualize`).
//!
//! An instance of a plain Python class created in the trace is recorded as `new`,
//! and its attribute stores as `setfield_gc`. While no recorded op lets it escape,
//! the recorder knows its attributes itself: a load of one pushes the recorded
//! value and emits nothing. The first op that uses the object any other way (a
//! residual call, a store into a container, an attribute access the recorder does
//! not model...) marks it escaped; from there on it is an ordinary object whose
//! attributes are read and written through helpers (the optimizer allocates it
//! for real at that op).
//!
//! A function MAKE_FUNCTION makes from a code constant is recorded the same way:
//! `new function` and its five constructor arguments as fields (`FUNCTION_FIELDS`),
//! made by MAKE_FUNCTION's helper where it escapes. Its attributes are not
//! modeled (`tracked` does not return it); a generator the trace runs without
//! making it (`consume_unmade`) reads its closure from the fields.

use rustpython_vm::builtins::{PyStrInterned, PyType};
use rustpython_vm::types::PyTypeFlags;

use super::*;

/// An object the trace allocated.
pub(super) struct NewObject {
    /// Attribute values in the order they were first set (the `__dict__`
    /// order). Object values are borrowed from the object.
    fields: Vec<(&'static PyStrInterned, Sh)>,
    escaped: bool,
    /// A function (`new_function_object`), not an instance.
    function: bool,
}

/// The fields of a function the trace made, in the order MAKE_FUNCTION's
/// helper takes them (`hipy_optimizer::AllocFuncs::make_function`).
pub(super) const FUNCTION_FIELDS: [&str; 5] = ["__code__", "__globals__", "__defaults__", "__closure__", "__kwdefaults__"];

impl NewObject {
    fn field(&self, name: &PyStrInterned) -> Option<Sh> {
        self.fields.iter().find(|(n, _)| n.as_str() == name.as_str()).map(|(_, s)| *s)
    }
}

/// Whether instances of `cls` can stay virtual: a plain Python class (heap type,
/// metaclass `type`, object's `__new__`, `__setattr__`, `__getattribute__` and
/// `__delattr__`), without `__del__` (its timing would change). Its attributes
/// live in a `__dict__` or in `__slots__`. The caller guards the class's
/// identity and version, so none of this can change under the trace.
pub(super) fn virtualizable(vm: &VirtualMachine, cls: &Py<PyType>) -> bool {
    if !cls.slots.flags.has_feature(PyTypeFlags::HEAPTYPE) {
        return false;
    }
    if !cls.class().is(vm.ctx.types.type_type) || cls.get_attr(vm.ctx.intern_str("__del__")).is_some() {
        return false;
    }
    // An abstract class's `object.__new__` raises.
    if !crate::call::allocates_plainly(vm, cls) {
        return false;
    }
    let object = vm.ctx.types.object_type;
    ["__new__", "__setattr__", "__getattribute__", "__delattr__"].iter().all(|name| {
        let name = vm.ctx.intern_str(*name);
        match (cls.get_attr(name), object.get_attr(name)) {
            (Some(a), Some(b)) => a.is(&b),
            _ => false,
        }
    })
}

/// Whether `o.name = v` on an instance of `cls` (checked `virtualizable`) is a
/// plain store: into a `__slots__` member, or into the `__dict__` when the class
/// has no data descriptor (property...) of that name.
fn plain_store(vm: &VirtualMachine, cls: &Py<PyType>, name: &'static PyStrInterned) -> bool {
    let has_dict = cls.slots.flags.has_feature(PyTypeFlags::HAS_DICT);
    match cls.get_attr(name) {
        Some(attr) if attr.class().is(vm.ctx.types.member_descriptor_type) => true,
        Some(attr) => has_dict && attr.class().slots.descr_set.load().is_none(),
        None => has_dict,
    }
}

impl Recorder {
    /// `new cls`: the instance the interpreter is about to allocate for a call
    /// of `cls` (its `__init__` inlined next). Owned.
    pub(super) fn new_object(&mut self, vm: &VirtualMachine, class: ConstId) -> ValueId {
        if self.objects.is_empty() {
            let alloc = hipy_optimizer::AllocFuncs {
                new_instance: self.func(Helper::MaterializeInstance),
                set_attr: self.func(Helper::InstanceSet),
                box_int: self.func(Helper::BoxInt),
                box_float: self.func(Helper::BoxFloat),
                incref: self.func(Helper::Incref),
                decref: self.func(Helper::Decref),
                get_attr: self.func(Helper::GetattrHinted),
                get_attr_any: self.func(Helper::Getattr),
                has_attr: self.func(Helper::HasDictAttrHinted),
                unbox_int: self.func(Helper::UnboxInt),
                int_type: self.type_const(vm, vm.ctx.types.int_type),
                float_type: self.type_const(vm, vm.ctx.types.float_type),
                make_function: Some((self.func(Helper::MakeFunctionMade), self.type_const(vm, vm.ctx.types.function_type))),
            };
            self.b.set_alloc(alloc);
        }
        let v = self.b.new_object(class);
        self.object_of.insert(v, self.objects.len());
        self.objects.push(NewObject { fields: Vec::new(), escaped: false, function: false });
        v
    }

    /// MAKE_FUNCTION's function as `new function`, its fields `values` (in
    /// `FUNCTION_FIELDS` order, each an owned reference or a constant, moved
    /// into the object). Owned.
    pub(super) fn new_function_object(&mut self, vm: &VirtualMachine, values: [Sh; 5]) -> ValueId {
        let ty = self.type_const(vm, vm.ctx.types.function_type);
        let f = self.new_object(vm, ty);
        let k = self.object_of[&f];
        self.objects[k].function = true;
        for (name, value) in FUNCTION_FIELDS.iter().zip(values) {
            self.set_function_field(vm, k, f, name, value);
        }
        f
    }

    /// Object `k` is a function (a parent trace's virtual one, `bridges`).
    pub(super) fn mark_function(&mut self, k: usize) {
        self.objects[k].function = true;
    }

    /// Field `name` of function object `k` (`f`): `value`'s reference moves in.
    pub(super) fn set_function_field(&mut self, vm: &VirtualMachine, k: usize, f: ValueId, name: &str, value: Sh) {
        let name = vm.ctx.intern_str(name);
        let n = self.constant(name.as_object(), name.as_str());
        let Sh::Val { op, .. } = value else { unreachable!("a function's fields are values") };
        self.b.setfield_gc(Operand::Value(f), n.index() as u32, op);
        self.objects[k].fields.push((name, Sh::val(op, Repr::Obj, false)));
    }

    /// The allocated instance a shadow value is, while it has not escaped
    /// (functions are not: their attributes are not modeled).
    pub(super) fn tracked(&mut self, s: Sh) -> Option<usize> {
        self.made(s).filter(|&k| !self.objects[k].function)
    }

    /// The object (instance or function) a shadow value is, while it has not
    /// escaped.
    fn made(&mut self, s: Sh) -> Option<usize> {
        self.note_escapes();
        let Sh::Val { op: Operand::Value(v), repr: Repr::Obj, .. } = s else { return None };
        let k = *self.object_of.get(&v)?;
        (!self.objects[k].escaped).then_some(k)
    }

    /// Whether shadow `s` is a function this trace made (escaped or not): a
    /// new object at each run of the trace, so nothing may guard its identity.
    pub(super) fn made_here(&mut self, s: Sh) -> bool {
        self.note_escapes();
        let Sh::Val { op: Operand::Value(v), .. } = s else { return false };
        self.object_of.get(&v).is_some_and(|&k| self.objects[k].function)
    }

    /// Field `name` (of `FUNCTION_FIELDS`) of the function shadow `s` is,
    /// while the trace made it and it has not escaped (borrowed).
    pub(super) fn made_function_field(&mut self, s: Sh, name: &str) -> Option<Sh> {
        let k = self.made(s).filter(|&k| self.objects[k].function)?;
        self.objects[k].fields.iter().find(|(n, _)| n.as_str() == name).map(|(_, v)| *v)
    }

    /// Mark escaped every tracked object that an op recorded since the last
    /// look uses in a way the optimizer does not model; follow the copies
    /// `incref` makes.
    pub(super) fn note_escapes(&mut self) {
        let ops = &self.b.trace().ops;
        if self.scanned >= ops.len() || self.object_of.is_empty() {
            self.scanned = ops.len();
            return;
        }
        let incref = self.funcs.get(&Helper::Incref).copied();
        let decref = self.funcs.get(&Helper::Decref).copied();
        let mut copies = Vec::new();
        let mut escaped = Vec::new();
        for op in &ops[self.scanned..] {
            for (i, a) in op.args.iter().enumerate() {
                let Operand::Value(v) = a else { continue };
                let Some(&k) = self.object_of.get(v) else { continue };
                let harmless = match op.opcode {
                    Opcode::Call if op.func.is_some() && op.func == incref => {
                        copies.push((op.result.expect("incref returns"), k));
                        true
                    }
                    Opcode::Call => op.func.is_some() && op.func == decref,
                    Opcode::GuardClass | Opcode::LoadType | Opcode::GuardNonnull | Opcode::PtrEq | Opcode::PtrNe => true,
                    Opcode::SetfieldGc => i == 0,
                    _ => false,
                };
                if !harmless {
                    escaped.push(k);
                }
            }
        }
        self.scanned = ops.len();
        for (v, k) in copies {
            self.object_of.insert(v, k);
        }
        for k in escaped {
            self.objects[k].escaped = true;
        }
    }

    /// STORE_ATTR on tracked object `k` (shadow `obj`, of class `cls`): a
    /// `setfield_gc`, the value's reference moving into the object. False
    /// (nothing recorded) when the store is not a plain one.
    pub(super) fn store_field(&mut self, vm: &VirtualMachine, k: usize, obj: Sh, cls: &Py<PyType>, name: &'static PyStrInterned, val: Sh) -> bool {
        if !plain_store(vm, cls, name) {
            return false;
        }
        let Sh::Val { op: target, .. } = obj else { return false };
        let (value, field) = match val {
            Sh::Val { op, repr: repr @ (Repr::Int | Repr::Float), .. } => (op, Sh::val(op, repr, false)),
            Sh::Val { repr: Repr::Obj, .. } => {
                let Sh::Val { op, .. } = self.own(val) else { return false };
                (op, Sh::val(op, Repr::Obj, false))
            }
            Sh::Val { repr: Repr::Bool, .. } => {
                let Some((op, _temp)) = self.as_obj(val) else { return false };
                (op, Sh::val(op, Repr::Obj, false))
            }
            Sh::Null => return false,
        };
        let n = self.constant(name.as_object(), name.as_str());
        self.b.setfield_gc(target, n.index() as u32, value);
        let fields = &mut self.objects[k].fields;
        match fields.iter_mut().find(|(f, _)| f.as_str() == name.as_str()) {
            Some(slot) => slot.1 = field,
            None => fields.push((name, field)),
        }
        self.release(obj);
        true
    }

    /// LOAD_ATTR (not a method load) of attribute `name` of tracked object `k`:
    /// the recorded value, as a new reference (the object may die next).
    pub(super) fn load_field(&mut self, k: usize, name: &PyStrInterned) -> bool {
        let Some(field) = self.objects[k].field(name) else { return false };
        let obj = self.pop();
        let value = self.own(field);
        self.push(value);
        self.release(obj);
        true
    }

    /// Whether tracked object `k` has an attribute `name` of its own (its
    /// `__dict__` would shadow a class attribute of that name).
    pub(super) fn has_field(&self, k: usize, name: &PyStrInterned) -> bool {
        self.objects[k].field(name).is_some()
    }
}
