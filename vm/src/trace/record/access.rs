//! Loads and stores: globals and builtins (under dict version stamps),
//! attributes (by the inline caches' layouts), list and tuple items, stores
//! into containers, and unpacking.

use super::*;

thread_local! {
    /// Globals (globals dict, name) by how many bridges began at an identity
    /// guard on their value. A module-level loop that assigns a variable a
    /// generator expression or a function reads (`for vec in perms: ...
    /// set(vec[i] for i in cols)`) would make one more bridge, guarding on
    /// the new value, per iteration; from `CHANGING_AFTER` bridges on, the
    /// global is read from its dict entry instead. A global replaced once
    /// (set after the first trace was made) stays a constant.
    static GLOBAL_CHANGES: std::cell::RefCell<HashMap<(usize, usize), u32>> = std::cell::RefCell::new(HashMap::new());
}

const CHANGING_AFTER: u32 = 2;

fn global_key(globals: &PyObject, name: &rustpython_vm::builtins::PyStrInterned) -> (usize, usize) {
    (globals as *const PyObject as usize, name as *const _ as usize)
}

/// A bridge starts at an identity guard's exit of a frame at `pc`: when the
/// instruction there loads a global, the global's value changed.
pub(super) fn note_changing_global(desc: &FrameDesc, pc: u32) {
    use rustpython_vm::bytecode::Instruction;
    let Some(op) = desc.info.ops.get(pc as usize) else { return };
    let index = match op.kind {
        Instruction::LoadGlobal { .. } => op.arg >> 1,
        Instruction::LoadName { .. } => op.arg,
        _ => return,
    };
    let Some(name) = desc.info.names.get(index as usize) else { return };
    let key = global_key(desc.namespace.0.as_object(), name);
    GLOBAL_CHANGES.with(|c| *c.borrow_mut().entry(key).or_default() += 1);
}

fn is_changing_global(globals: &PyObject, name: &rustpython_vm::builtins::PyStrInterned) -> bool {
    GLOBAL_CHANGES.with(|c| c.borrow().get(&global_key(globals, name)).is_some_and(|&n| n >= CHANGING_AFTER))
}

impl Recorder {
    pub(super) fn load_global(&mut self, vm: &VirtualMachine, f: &Frame, pc: u32, arg: u32) -> Result<(), Abort> {
        let name = f.code.names[(arg >> 1) as usize];
        // A global the function itself assigns is a variable, not a
        // constant, and so is one seen changing.
        let assigned = f.code.ops.iter().any(|op| {
            matches!(op.kind, rustpython_vm::bytecode::Instruction::StoreGlobal { .. }) && op.arg == arg >> 1
        });
        if (assigned || is_changing_global(f.globals.as_object(), name)) && self.load_module_variable(vm, f, pc, name)? {
            if arg & 1 != 0 {
                self.push(Sh::Null);
            }
            return Ok(());
        }
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

    /// LOAD_NAME in a module-level loop (the frame's locals are its globals):
    /// a variable of the module read from its dict entry each time (under the
    /// dict's stamp), or a builtin read as LOAD_GLOBAL reads it.
    pub(super) fn load_name(&mut self, vm: &VirtualMachine, f: &Frame, pc: u32, arg: u32) -> Result<(), Abort> {
        if !f.locals.as_ref().is_some_and(|l| l.is(f.globals.as_object())) {
            abort!("LOAD_NAME outside a module's top level");
        }
        let name = f.code.names[arg as usize];
        if self.load_module_variable(vm, f, pc, name)? {
            return Ok(());
        }
        self.load_global(vm, f, pc, arg << 1)
    }

    /// A variable of the module (in its globals dict, not a builtin), read
    /// from its dict entry each time under the dict's stamp, as a reference
    /// of the trace's own (a store later in the iteration may replace the
    /// dict's). False when the name is not in the globals dict.
    fn load_module_variable(&mut self, vm: &VirtualMachine, f: &Frame, pc: u32, name: &'static rustpython_vm::builtins::PyStrInterned) -> Result<bool, Abort> {
        let slot = crate::globals_cache::locate(vm, &f.globals, f.builtins.as_object(), name);
        let (Some(slot), Some(l)) = (slot, crate::globals_cache::layout()) else {
            abort!("a global the dicts do not locate");
        };
        if slot.builtins_stamp.is_some() || l.stamp % 4 != 0 {
            return Ok(false);
        }
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let g = self.constant(f.globals.as_object(), "globals");
        self.stamp_guard(g, &l, slot.globals_stamp, snap);
        let entries = self.b.load_field(g, l.entries as i32, Type::Obj);
        let off = slot.index as usize * l.stride + l.value;
        let v = self.b.load_field(entries, i32::try_from(off).map_err(|_| "module entry too far")?, Type::Obj);
        let v = self.call(Helper::Incref, &[v.into()]).expect("incref returns");
        self.push(Sh::val(v, Repr::Obj, true));
        Ok(true)
    }

    /// STORE_NAME in a module-level loop: the module dict's item.
    pub(super) fn store_name(&mut self, f: &Frame, pc: u32, arg: u32) -> Result<(), Abort> {
        if !f.locals.as_ref().is_some_and(|l| l.is(f.globals.as_object())) {
            abort!("STORE_NAME outside a module's top level");
        }
        // The module's namespace is its globals dict.
        self.store_global(f, pc, arg)
    }

    /// STORE_GLOBAL: the globals dict's item.
    pub(super) fn store_global(&mut self, f: &Frame, pc: u32, arg: u32) -> Result<(), Abort> {
        let snap = self.snapshot(SnapshotKind::RaisePending, pc);
        let s = self.pop();
        let name = f.code.names[arg as usize];
        let (v, vt) = self.as_obj(s).ok_or("store of NULL")?;
        let g = self.constant(f.globals.as_object(), "globals");
        let n = self.constant(name.as_object(), name.as_str());
        let r = self.call(Helper::Setitem, &[g.into(), n.into(), v]).expect("int result");
        self.b.guard_eq_i64(r, 0, snap);
        self.release_temp(v, vt);
        self.release(s);
        Ok(())
    }

    /// LOAD_SPECIAL (`with`): the special method as the interpreter pushes it,
    /// a method (the attribute, then the object as `self`) looked up on the
    /// object's class, guarded by its identity and version.
    pub(super) fn load_special(&mut self, vm: &VirtualMachine, pc: u32, arg: u32, o: &PyObjectRef) -> Result<(), Abort> {
        let cls = o.class();
        let name = vm.ctx.intern_str(crate::attr::special_name(arg));
        let Some(attr) = cls.get_attr(name) else { abort!("LOAD_SPECIAL raises") };
        if !attr.class().slots.flags.has_feature(rustpython_vm::types::PyTypeFlags::METHOD_DESCRIPTOR) {
            abort!("LOAD_SPECIAL of a descriptor that binds");
        }
        if cls.tp_version_tag.load(std::sync::atomic::Ordering::Acquire) == 0 {
            abort!("LOAD_SPECIAL on a class without a version");
        }
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let s = self.pop();
        let (obj, ot) = self.as_obj(s).ok_or("LOAD_SPECIAL of NULL")?;
        self.version_guard(vm, obj, cls, snap);
        self.release_temp(obj, ot);
        let k = self.constant(&attr, name.as_str());
        self.push(Sh::val(k, Repr::Obj, false));
        self.push(s);
        Ok(())
    }

    /// Item `i` of an exact list or tuple `seq` (borrowed), guarding
    /// `0 <= i < len`.
    pub(super) fn seq_item(&mut self, seq: Operand, i: Operand, l: crate::trace::SeqLayout, snap: SnapId) -> ValueId {
        let items = self.seq_items(seq, i, l, snap);
        self.b.load_indexed(items, i, 0, Type::Obj)
    }

    /// The item array of an exact list or tuple `seq`, guarding
    /// `0 <= i < len`.
    pub(super) fn seq_items(&mut self, seq: Operand, i: Operand, l: crate::trace::SeqLayout, snap: SnapId) -> ValueId {
        let len = self.b.load_field(seq, l.len, Type::I64);
        self.b.guard_bounds(i, len, snap);
        self.b.load_field(seq, l.items, Type::Obj)
    }

    /// The class and probed layout of `o` when it is an exact list or tuple.
    pub(super) fn exact_seq(&self, vm: &VirtualMachine, o: &PyObject) -> Option<(&'static Py<PyType>, Option<crate::trace::SeqLayout>)> {
        let t = &vm.ctx.types;
        if o.class().is(t.list_type) {
            Some((t.list_type, self.layout.list))
        } else if o.class().is(t.tuple_type) {
            Some((t.tuple_type, self.layout.tuple))
        } else {
            None
        }
    }

    /// The length of `seq` read inline when `o` (its value) is an exact list
    /// or tuple of a probed layout, under a guard on its class; None (nothing
    /// recorded) for anything else.
    pub(super) fn exact_seq_len(&mut self, vm: &VirtualMachine, seq: Operand, o: &PyObject, snap: SnapId) -> Option<ValueId> {
        let (cls, Some(l)) = self.exact_seq(vm, o)? else { return None };
        let c = self.type_const(vm, cls);
        self.b.guard_class(seq, c, snap);
        Some(self.b.load_field(seq, l.len, Type::I64))
    }

    /// Guard that dict `d`'s keys-version stamp (a u32 at a probed,
    /// 4-aligned offset) is `stamp`.
    pub(super) fn stamp_guard(&mut self, d: ConstId, l: &crate::globals_cache::DictLayout, stamp: u32, snap: SnapId) {
        let word = self.b.load_field(d, (l.stamp & !7) as i32, Type::I64);
        let word = if l.stamp % 8 == 4 {
            self.b.op(Opcode::IntRshift, &[word.into(), 32i64.into()])
        } else {
            word
        };
        let low = self.b.op(Opcode::IntAnd, &[word.into(), 0xffff_ffffi64.into()]);
        self.b.guard_eq_i64(low, i64::from(stamp), snap);
    }

    pub(super) fn version_guard(&mut self, vm: &VirtualMachine, obj: Operand, cls: &Py<PyType>, snap: SnapId) {
        let c = self.type_const(vm, cls);
        self.b.guard_class(obj, c, snap);
        let version = cls.tp_version_tag.load(std::sync::atomic::Ordering::Acquire);
        self.guard_u32_field(c, self.layout.version_offset, version, snap);
    }

    /// STORE_ATTR into a `__slots__` member of an object of a plain class
    /// (`slot_offset`), under the class's version. False (nothing recorded)
    /// otherwise.
    pub(super) fn store_slot_attr(&mut self, vm: &VirtualMachine, pc: u32, name: &'static rustpython_vm::builtins::PyStrInterned, o: &PyObjectRef) -> Result<bool, Abort> {
        let cls = o.class();
        let version = cls.tp_version_tag.load(std::sync::atomic::Ordering::Acquire);
        let Some(offset) = slot_offset(vm, cls, name, "__setattr__").filter(|_| version != 0) else { return Ok(false) };
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let (obj, val) = (self.pop(), self.pop());
        let (o_op, ot) = self.as_obj(obj).ok_or("store to NULL")?;
        self.version_guard(vm, o_op, cls, snap);
        let (v, vt) = self.as_obj(val).ok_or("store of NULL")?;
        // The cell takes a reference of its own.
        let v = if vt { v } else { self.call(Helper::Incref, &[v]).expect("incref returns").into() };
        self.call(Helper::SlotStore, &[o_op, i64::from(offset).into(), v]);
        self.release_temp(o_op, ot);
        self.release(obj);
        self.release(val);
        Ok(true)
    }

    pub(super) fn load_attr(&mut self, vm: &VirtualMachine, f: &Frame, op: Op, pc: u32, o: &PyObjectRef) -> Result<(), Abort> {
        let method = op.arg & 1 != 0;
        let name = f.code.names[(op.arg >> 1) as usize];
        let tracked = self.tracked(self.peek(0));
        if let Some(k) = tracked.filter(|_| !method) {
            if self.load_field(k, name) {
                return Ok(());
            }
        }
        let n = self.constant(name.as_object(), name.as_str());
        let s = self.peek(0);
        let (obj, ot) = self.as_obj(s).ok_or("attribute of NULL")?;
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let cls = o.class();
        let key = (&**cls as *const PyType as usize, cls.tp_version_tag.load(std::sync::atomic::Ordering::Acquire));
        let (cached, hint) = site_entry(f, op, key).unzip();
        if self.load_module_attr(vm, f, o, (obj, ot), s, name, method, snap)? {
            return Ok(());
        }
        if let Some(offset) = slot_offset(vm, cls, name, "__getattribute__").filter(|_| !method && key.1 != 0) {
            // A `__slots__` member: its cell, read inline under the class's
            // version (an unset member exits: the interpreter raises).
            self.version_guard(vm, obj, cls, snap);
            let v = self.b.load_field(obj, offset, Type::Obj);
            self.b.guard_nonnull(v, snap);
            let r = self.call(Helper::Incref, &[v.into()]).expect("incref returns");
            self.replace_object(s, (obj, ot), Sh::val(r, Repr::Obj, true));
            return Ok(());
        }
        // A method load: a Python method the interpreter's cache knows, or
        // a builtin one (`list.append`); either way the interpreter pushes
        // the unbound function and the object.
        let unbound = match &cached {
            // SAFETY: `site_entry` matched the receiver's type and version.
            Some(AttrKind::Method(func)) if method && key.1 != 0 => Some(unsafe { func.get() }.to_owned()),
            None if method && key.1 != 0 => crate::attr::builtin_method(vm, o, name),
            _ => None,
        };
        if let Some(func) = unbound {
            self.version_guard(vm, obj, cls, snap);
            self.guard_not_shadowed(vm, o, obj, tracked, name, n, hint, snap)?;
            let k = self.constant(&func, "method");
            self.pop();
            self.push(Sh::val(k, Repr::Obj, false));
            // The object stays on the stack as `self` (same ownership).
            self.push(s);
            self.release_temp(obj, ot);
            return Ok(());
        }
        if let Some(AttrKind::InstanceDict) = cached.as_ref().filter(|_| key.1 != 0) {
            self.version_guard(vm, obj, cls, snap);
            let r = self.call(Helper::GetattrHinted, &[obj, n.into(), pack_hint(hint.unwrap_or_default()).into()]).expect("obj");
            self.b.guard_nonnull(r, snap);
            self.replace_object(s, (obj, ot), Sh::val(r, Repr::Obj, true));
            if method {
                self.push(Sh::Null);
            }
            return Ok(());
        }
        if let Some(AttrKind::ClassAttr(value)) = cached.as_ref().filter(|_| key.1 != 0 && !method) {
            // A class attribute that is no descriptor: a constant under the
            // class's version, unless the instance dict shadows it.
            self.version_guard(vm, obj, cls, snap);
            self.guard_not_shadowed(vm, o, obj, tracked, name, n, hint, snap)?;
            // SAFETY: `site_entry` matched the receiver's type and version.
            let k = self.constant(unsafe { value.get() }, name.as_str());
            self.replace_object(s, (obj, ot), Sh::val(k, Repr::Obj, false));
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
    pub(super) fn attr_by_helper(&mut self, helper: Helper, (obj, temp): (Operand, bool), s: Sh, name: Operand, snap: SnapId) {
        let r = self.call(helper, &[obj, name]).expect("obj");
        self.b.guard_nonnull(r, snap);
        self.replace_object(s, (obj, temp), Sh::val(r, Repr::Obj, true));
    }

    /// `module.name` for an exact module whose dict holds `name` (a name the
    /// module type itself does not define): the module is guarded to be the
    /// one seen while recording, its dict's entry is read under the dict's
    /// stamp: a function, class or module is guarded to be the same object,
    /// which the trace then uses as a constant (as LOAD_GLOBAL does:
    /// `math.sqrt` is `math.sqrt`); any other value is read each time.
    #[allow(clippy::too_many_arguments)]
    fn load_module_attr(
        &mut self,
        vm: &VirtualMachine,
        f: &Frame,
        o: &PyObjectRef,
        (obj, ot): (Operand, bool),
        s: Sh,
        name: &'static rustpython_vm::builtins::PyStrInterned,
        method: bool,
        snap: SnapId,
    ) -> Result<bool, Abort> {
        let module_type = vm.ctx.types.module_type;
        if !o.class().is(module_type) || module_type.get_attr(name).is_some() {
            return Ok(false);
        }
        let Some(d) = o.dict() else { return Ok(false) };
        let (Some(slot), Some(l)) = (crate::globals_cache::locate(vm, &d, f.builtins.as_object(), name), crate::globals_cache::layout()) else {
            return Ok(false);
        };
        if slot.builtins_stamp.is_some() || l.stamp % 4 != 0 {
            return Ok(false);
        }
        let Ok(Some(value)) = d.get_item_opt(name, vm) else { return Ok(false) };
        let m = self.constant(o, "module");
        self.b.guard(Opcode::GuardIdentity, &[obj, m.into()], snap);
        let dc = self.constant(d.as_object(), "module dict");
        self.stamp_guard(dc, &l, slot.globals_stamp, snap);
        let entries = self.b.load_field(dc, l.entries as i32, Type::Obj);
        let off = slot.index as usize * l.stride + l.value;
        let v = self.b.load_field(entries, i32::try_from(off).map_err(|_| "module entry too far")?, Type::Obj);
        let read = if value.is_callable() || value.class().is(module_type) {
            let k = self.constant(&value, name.as_str());
            self.b.guard(Opcode::GuardIdentity, &[v.into(), k.into()], snap);
            Sh::val(k, Repr::Obj, false)
        } else {
            // A module variable (a counter, a setting) may change between
            // iterations: read each time, as a reference of the trace's own.
            let r = self.call(Helper::Incref, &[v.into()]).expect("incref returns");
            Sh::val(r, Repr::Obj, true)
        };
        self.replace_object(s, (obj, ot), read);
        if method {
            self.push(Sh::Null);
        }
        Ok(true)
    }

    /// Replace the object on top of the stack (shadow `s`, as the operand
    /// `obj`) by `value`, one of its attributes.
    fn replace_object(&mut self, s: Sh, (obj, temp): (Operand, bool), value: Sh) {
        self.pop();
        self.release_temp(obj, temp);
        self.release(s);
        self.push(value);
    }

    /// An attribute the class provides (a method, a class attribute) must not
    /// be shadowed by the instance: an object the trace allocated has exactly
    /// the fields it recorded; another object's dict is checked under `snap`.
    #[allow(clippy::too_many_arguments)]
    fn guard_not_shadowed(
        &mut self,
        vm: &VirtualMachine,
        o: &PyObjectRef,
        obj: Operand,
        tracked: Option<usize>,
        name: &'static rustpython_vm::builtins::PyStrInterned,
        n: ConstId,
        hint: Option<(u32, u32)>,
        snap: SnapId,
    ) -> Result<(), Abort> {
        if tracked.is_some_and(|k| self.has_field(k, name)) {
            abort!("instance attribute shadows a class attribute");
        }
        // The object being recorded must not be shadowed itself: the
        // interpreter then loads the instance attribute.
        if o.dict().is_some_and(|d| d.get_item_opt(name, vm).ok().flatten().is_some()) {
            abort!("instance attribute shadows a class attribute");
        }
        // A dict made later (a function's, made when first used) could
        // shadow it too: guard whenever the class gives instances a dict.
        let may_have_dict = o.class().slots.flags.has_feature(rustpython_vm::types::PyTypeFlags::HAS_DICT);
        if (may_have_dict || o.dict().is_some()) && tracked.is_none() {
            let shape = hint.filter(|h| crate::layout::instances::is_shape(h.0)).unwrap_or_default();
            let shadowed = self.call(Helper::HasDictAttrHinted, &[obj, n.into(), pack_hint(shape).into()]).expect("i64");
            self.b.guard_false(shadowed, snap);
        }
        Ok(())
    }

    /// STORE_ATTR as a helper call: into the instance dict through the
    /// hint of the site's cache (`attr_helpers`) under the class version
    /// for which the cache found a plain instance-dict store; `setattr`
    /// otherwise.
    pub(super) fn store_attr_call(&mut self, vm: &VirtualMachine, f: &Frame, op: Op, pc: u32, o: &PyObjectRef) -> Result<(), Abort> {
        let cls = o.class();
        let key = (&**cls as *const PyType as usize, cls.tp_version_tag.load(std::sync::atomic::Ordering::Acquire));
        let hint = match site_entry(f, op, key) {
            Some((AttrKind::InstanceDict, h)) if key.1 != 0 && h.0 != 0 => Some(h),
            _ => None,
        };
        let name = f.code.names[op.arg as usize];
        let snap = self.snapshot(SnapshotKind::Resume, pc);
        let raise = self.snapshot(SnapshotKind::RaisePending, pc);
        let obj = self.pop();
        let val = self.pop();
        let n = self.constant(name.as_object(), name.as_str());
        let (o_op, ot) = self.as_obj(obj).ok_or("store to NULL")?;
        let (v, vt) = self.as_obj(val).ok_or("store of NULL")?;
        let r = match hint {
            Some(h) => {
                self.version_guard(vm, o_op, cls, snap);
                self.call(Helper::SetattrHinted, &[o_op, n.into(), v, pack_hint(h).into()])
            }
            None => self.call(Helper::Setattr, &[o_op, n.into(), v]),
        };
        self.b.guard_eq_i64(r.expect("int result"), 0, raise);
        self.release_temp(o_op, ot);
        self.release_temp(v, vt);
        self.release(obj);
        self.release(val);
        Ok(())
    }

    pub(super) fn store_subscr(&mut self, vm: &VirtualMachine, pc: u32, container: &PyObjectRef, key: &PyObjectRef) -> Result<(), Abort> {
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

    pub(super) fn unpack(&mut self, vm: &VirtualMachine, pc: u32, n: usize, seq: &PyObjectRef) -> Result<(), Abort> {
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
}

/// The byte offset of the `__slots__` cell that `obj.name` reads or writes on
/// an instance of `cls`: a plain Python class (metaclass `type`, object's
/// `access`: `__getattribute__` or `__setattr__`) whose attribute `name` is a
/// slot's member descriptor (a data descriptor: it wins over any instance dict).
pub(super) fn slot_offset(
    vm: &VirtualMachine,
    cls: &Py<PyType>,
    name: &'static rustpython_vm::builtins::PyStrInterned,
    access: &'static str,
) -> Option<i32> {
    use rustpython_vm::builtins::descriptor::{MemberKind, PyMemberDescriptor};
    if !cls.class().is(vm.ctx.types.type_type) {
        return None;
    }
    let access = vm.ctx.intern_str(access);
    let (ours, object) = (cls.get_attr(access)?, vm.ctx.types.object_type.get_attr(access)?);
    if !ours.is(&object) {
        return None;
    }
    let attr = cls.get_attr(name)?;
    let member = attr.downcast_ref::<PyMemberDescriptor>().filter(|_| attr.class().is(vm.ctx.types.member_descriptor_type))?;
    matches!(member.member.kind, MemberKind::ObjectEx).then_some(member.member.offset).and_then(|o| i32::try_from(o).ok())
}

/// The interpreter's cache entry of attribute site `op` for the class key
/// `key` (type address, version): its kind and its hint.
fn site_entry(f: &Frame, op: Op, key: (usize, u32)) -> Option<(AttrKind, (u32, u32))> {
    let e = crate::attr::cached(f.code.cache(op)?, key)?;
    Some((e.kind.clone(), e.hint.get()))
}

/// A site cache's hint as the hinted helpers take it: `(stamp << 32) | index`.
fn pack_hint((stamp, index): (u32, u32)) -> i64 {
    ((u64::from(stamp) << 32) | u64::from(index)) as i64
}
