//! The trace IR: typed SSA values, operands, opcodes, ops, snapshots and the `Trace`.
//!
//! A trace is one iteration of a hot loop: `inputs` (the loop-header values), a linear
//! list of ops, and a final `jump` whose arguments become the next iteration's inputs.
//! Values are numbered `v0, v1, ...` in definition order. Optimized traces keep the
//! numbers of the values they keep, so the numbering may have gaps.
//!
//! Constants are operands, not ops: an operand is a value, an `i64` or `f64` literal, or
//! an object constant from the trace's constant pool (`c0`, ...). Function pointers for
//! residual calls live in the trace's function table (`f0`, ...) with their signature and
//! flags.

use smallvec::SmallVec;
use std::fmt;

/// The type of an SSA value. Booleans are `I64` holding 0 or 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    I64,
    F64,
    /// A pointer-sized object reference, opaque to the optimizer and backend.
    Obj,
    /// The "type" of ops without a result.
    Void,
}

impl Type {
    pub fn name(self) -> &'static str {
        match self {
            Type::I64 => "i64",
            Type::F64 => "f64",
            Type::Obj => "obj",
            Type::Void => "void",
        }
    }

    pub fn from_name(s: &str) -> Option<Type> {
        Some(match s {
            "i64" => Type::I64,
            "f64" => Type::F64,
            "obj" => Type::Obj,
            "void" => Type::Void,
            _ => return None,
        })
    }
}

macro_rules! id_type {
    ($name:ident, $prefix:literal) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);
        impl $name {
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

id_type!(ValueId, "v");
id_type!(ConstId, "c");
id_type!(FuncId, "f");
id_type!(SnapId, "s");

/// An operand of an op: an SSA value or a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    Value(ValueId),
    Int(i64),
    /// An `f64` constant, stored as its IEEE bits so operands compare and hash exactly.
    Float(u64),
    /// An object constant from the trace's pool.
    Obj(ConstId),
}

impl Operand {
    pub fn float(x: f64) -> Operand {
        Operand::Float(x.to_bits())
    }
    pub fn as_value(self) -> Option<ValueId> {
        match self {
            Operand::Value(v) => Some(v),
            _ => None,
        }
    }
    pub fn as_int(self) -> Option<i64> {
        match self {
            Operand::Int(i) => Some(i),
            _ => None,
        }
    }
    pub fn as_float(self) -> Option<f64> {
        match self {
            Operand::Float(b) => Some(f64::from_bits(b)),
            _ => None,
        }
    }
    pub fn is_const(self) -> bool {
        !matches!(self, Operand::Value(_))
    }
}

impl From<ValueId> for Operand {
    fn from(v: ValueId) -> Operand {
        Operand::Value(v)
    }
}
impl From<i64> for Operand {
    fn from(i: i64) -> Operand {
        Operand::Int(i)
    }
}
impl From<f64> for Operand {
    fn from(x: f64) -> Operand {
        Operand::float(x)
    }
}
impl From<ConstId> for Operand {
    fn from(c: ConstId) -> Operand {
        Operand::Obj(c)
    }
}

/// An object constant: an address the vm keeps alive for the trace's lifetime.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjConst {
    pub addr: u64,
    /// A readable name for logs (e.g. `float`, `None`).
    pub name: String,
    /// For type objects: instances of this type can never change their class
    /// (`__class__` assignment is impossible), so class knowledge about them survives
    /// calls that may run arbitrary code.
    pub sealed: bool,
}

/// How a helper behaves, as far as the optimizer and ownership rules care.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FuncFlags {
    /// No side effects; the result depends only on the arguments. May be removed if unused.
    pub pure: bool,
    /// Returns an owned object reference.
    pub owned: bool,
    /// Returns 0/null on error with an exception pending in the vm.
    pub can_raise: bool,
    /// The helper is the incref helper: `vB = call incref(vA)` returns its argument, owned.
    pub incref: bool,
    /// The helper is the decref helper: `call decref(vA)` consumes its argument.
    pub decref: bool,
    /// The helper writes no memory but reference counts and runs no Python code (an
    /// incref whose result is not an owned IR value).
    pub refcounts_only: bool,
    /// The helper writes one word of an item buffer (or, in place, the payload of the
    /// float object stored there) and releases the item it replaces. It returns
    /// nonzero when that release may have run Python code (the item was not an exact
    /// float), and the trace guards that result false right after the call (the
    /// verifier checks), so past the guard it wrote only the item.
    pub item_store: bool,
}

/// A residual-call target: an `extern "C"` function pointer with its signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FuncDesc {
    pub addr: u64,
    pub name: String,
    pub args: Vec<Type>,
    pub ret: Type,
    pub flags: FuncFlags,
    /// Bit i set: the helper takes ownership of argument i.
    pub consumes: u32,
    /// The class of the returned object, if the helper always returns instances of one
    /// class (a box op such as "box a float").
    pub result_class: Option<ConstId>,
}

impl FuncDesc {
    pub fn consumes_arg(&self, i: usize) -> bool {
        i < 32 && self.consumes & (1 << i) != 0
    }
}

/// Every operation of the IR, with the name of each in the text form. The enum,
/// `ALL_OPCODES` and `Opcode::name` all come from this one list.
macro_rules! opcodes {
    ($($(#[$doc:meta])* $op:ident = $name:literal,)*) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Opcode {
            $($(#[$doc])* $op,)*
        }

        /// All opcodes, in declaration order (for the parser and for tests).
        pub const ALL_OPCODES: &[Opcode] = &[$(Opcode::$op,)*];

        impl Opcode {
            pub fn name(self) -> &'static str {
                match self {
                    $(Opcode::$op => $name,)*
                }
            }
        }
    };
}

opcodes! {
    // i64 arithmetic without checks (wrapping).
    IntAdd = "int_add",
    IntSub = "int_sub",
    IntMul = "int_mul",
    IntAnd = "int_and",
    IntOr = "int_or",
    IntXor = "int_xor",
    // i64 arithmetic with Python semantics that exits through its snapshot when the
    // result does not fit in an i64 (or, for shifts, when the count is negative).
    IntAddOvf = "int_add_ovf",
    IntSubOvf = "int_sub_ovf",
    IntMulOvf = "int_mul_ovf",
    IntNegOvf = "int_neg_ovf",
    IntLshiftOvf = "int_lshift_ovf",
    /// `a >> b`, arithmetic; counts >= 64 act like 63. Exits on a negative count.
    IntRshift = "int_rshift",
    /// Python `//`: floor division. Exits on a zero divisor and on `MIN // -1`.
    IntFloorDiv = "int_floordiv",
    /// Python `%`: the result has the sign of the divisor. Exits on a zero divisor.
    IntMod = "int_mod",
    // i64 compares, producing 0/1.
    IntLt = "int_lt",
    IntLe = "int_le",
    IntEq = "int_eq",
    IntNe = "int_ne",
    IntGt = "int_gt",
    IntGe = "int_ge",
    IntToF64 = "int_to_f64",
    /// 1 if the operand is 0, else 0.
    BoolNot = "bool_not",
    // f64 arithmetic (IEEE, as Python floats).
    FloatAdd = "float_add",
    FloatSub = "float_sub",
    FloatMul = "float_mul",
    /// Exits on a zero divisor (Python raises ZeroDivisionError).
    FloatDiv = "float_div",
    /// Python `//` on floats. Exits on a zero divisor.
    FloatFloorDiv = "float_floordiv",
    /// Python `%` on floats. Exits on a zero divisor.
    FloatMod = "float_mod",
    FloatNeg = "float_neg",
    FloatAbs = "float_abs",
    // f64 compares with Python semantics: any comparison with NaN is false, except `!=`.
    FloatLt = "float_lt",
    FloatLe = "float_le",
    FloatEq = "float_eq",
    FloatNe = "float_ne",
    FloatGt = "float_gt",
    FloatGe = "float_ge",
    // Object identity compares, producing 0/1.
    PtrEq = "ptr_eq",
    PtrNe = "ptr_ne",
    // Guards: exit through the snapshot when the condition does not hold.
    GuardTrue = "guard_true",
    GuardFalse = "guard_false",
    GuardEqI64 = "guard_eq_i64",
    /// `guard_class obj, type`: the type pointer at `ObjLayout.type_offset` equals `type`.
    GuardClass = "guard_class",
    GuardIdentity = "guard_identity",
    GuardNonnull = "guard_nonnull",
    /// `guard_bounds idx, len`: `0 <= idx < len`.
    GuardBounds = "guard_bounds",
    /// `guard_no_interrupt`: exits when the vm asks running code to stop at its next
    /// safepoint (a signal arrived, a cycle collection is due, another thread stops
    /// the world). Placed at a loop's back-edge; it reads memory that code outside
    /// the trace changes, so no pass removes, merges or moves it.
    GuardNoInterrupt = "guard_no_interrupt",
    // Inline memory reads and writes.
    /// The type pointer of an object (at `ObjLayout.type_offset`).
    LoadType = "load_type",
    /// The f64 payload of a float object (at `ObjLayout.float_payload_offset`); only
    /// valid after a class guard proved the object is a float.
    UnboxFloat = "unbox_float",
    /// A raw word at a byte offset: `vN:ty = load_field obj, offset`.
    LoadField = "load_field",
    /// `store_field obj, offset, value`.
    StoreField = "store_field",
    /// A raw 64-bit word of an array: `vN:ty = load_indexed base, index, offset` reads
    /// the word at `base + index * 8 + offset` (`base` is a raw pointer typed `obj`,
    /// e.g. a list's item buffer read with `load_field`; `index` is an i64).
    LoadIndexed = "load_indexed",
    /// `store_indexed base, index, value, offset`: writes the word at
    /// `base + index * 8 + offset`.
    StoreIndexed = "store_indexed",
    /// `prefetch base, index`: a hint that the word at `base + index * 8` is used
    /// soon (a cache prefetch; never faults, whatever the address).
    Prefetch = "prefetch",
    // Abstract object ops, for allocation removal (the backend does not compile them).
    /// `new type_const`: a fresh instance (owned).
    New = "new",
    /// `vN:ty = getfield_gc obj, field_index`.
    GetfieldGc = "getfield_gc",
    /// `setfield_gc obj, field_index, value`.
    SetfieldGc = "setfield_gc",
    /// `call fN(args...)`: a residual call with the C ABI.
    Call = "call",
    /// Ends the trace: back to the loop head with new input values (to the `label`,
    /// when the trace has one).
    Jump = "jump",
    /// `label p.. = args..` (peeled loops): the end of the preamble, the first
    /// iteration, and the head of the loop proper, whose inputs are the params
    /// (`Trace::label`); `args` are the preamble's values for them.
    Label = "label",
    /// `exit [snapshot]`: ends the trace by leaving through its snapshot (a bridge
    /// that reaches the header of another compiled loop, which the vm enters next).
    Exit = "exit",
}



/// Where an opcode's arguments and immediate go in the text form and in `Op`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Fixed argument types, no immediate.
    Fixed(&'static [Type], Type),
    /// `op obj, imm` or `op obj, imm, value`: an object, an immediate (`Op::imm`), and
    /// for stores a value of any type. Loads take their result type from `Op::ty`.
    ObjImm { store: bool },
    /// `op base, index, imm` or `op base, index, value, imm`: an object (a raw
    /// pointer), an i64 index, for stores a value of any type, and an immediate byte
    /// offset (`Op::imm`). Loads take their result type from `Op::ty`.
    Indexed { store: bool },
    /// `call fN(args...)`, typed by the function descriptor.
    Call,
    /// `jump args...`, typed by the trace inputs.
    Jump,
}

impl Opcode {
    pub fn from_name(s: &str) -> Option<Opcode> {
        ALL_OPCODES.iter().copied().find(|op| op.name() == s)
    }

    pub fn shape(self) -> Shape {
        use Opcode::*;
        use Type::*;
        const II: &[Type] = &[I64, I64];
        const I: &[Type] = &[I64];
        const FF: &[Type] = &[F64, F64];
        const F: &[Type] = &[F64];
        const OO: &[Type] = &[Obj, Obj];
        const O: &[Type] = &[Obj];
        match self {
            IntAdd | IntSub | IntMul | IntAnd | IntOr | IntXor | IntAddOvf | IntSubOvf
            | IntMulOvf | IntLshiftOvf | IntRshift | IntFloorDiv | IntMod | IntLt | IntLe
            | IntEq | IntNe | IntGt | IntGe => Shape::Fixed(II, I64),
            IntNegOvf | BoolNot => Shape::Fixed(I, I64),
            IntToF64 => Shape::Fixed(I, F64),
            FloatAdd | FloatSub | FloatMul | FloatDiv | FloatFloorDiv | FloatMod => {
                Shape::Fixed(FF, F64)
            }
            FloatNeg | FloatAbs => Shape::Fixed(F, F64),
            FloatLt | FloatLe | FloatEq | FloatNe | FloatGt | FloatGe => Shape::Fixed(FF, I64),
            PtrEq | PtrNe => Shape::Fixed(OO, I64),
            GuardTrue | GuardFalse => Shape::Fixed(I, Void),
            GuardEqI64 | GuardBounds => Shape::Fixed(II, Void),
            GuardClass | GuardIdentity => Shape::Fixed(OO, Void),
            GuardNonnull => Shape::Fixed(O, Void),
            LoadType => Shape::Fixed(O, Obj),
            UnboxFloat => Shape::Fixed(O, F64),
            New => Shape::Fixed(O, Obj),
            LoadField | GetfieldGc => Shape::ObjImm { store: false },
            StoreField | SetfieldGc => Shape::ObjImm { store: true },
            LoadIndexed => Shape::Indexed { store: false },
            StoreIndexed => Shape::Indexed { store: true },
            Prefetch => Shape::Fixed(&[Type::Obj, Type::I64], Type::Void),
            Call => Shape::Call,
            Jump | Label => Shape::Jump,
            Exit | GuardNoInterrupt => Shape::Fixed(&[], Void),
        }
    }

    /// Pure guards: ops whose only effect is to exit when a condition fails.
    pub fn is_guard(self) -> bool {
        use Opcode::*;
        matches!(
            self,
            GuardTrue
                | GuardFalse
                | GuardEqI64
                | GuardClass
                | GuardIdentity
                | GuardNonnull
                | GuardBounds
        )
    }

    /// Ops that may exit through a snapshot (guards and guarding arithmetic).
    pub fn may_exit(self) -> bool {
        use Opcode::*;
        self.is_guard()
            || matches!(
                self,
                Exit | GuardNoInterrupt
                    | IntAddOvf
                    | IntSubOvf
                    | IntMulOvf
                    | IntNegOvf
                    | IntLshiftOvf
                    | IntRshift
                    | IntFloorDiv
                    | IntMod
                    | FloatDiv
                    | FloatFloorDiv
                    | FloatMod
            )
    }

    /// Compares producing an i64 0/1.
    pub fn is_compare(self) -> bool {
        use Opcode::*;
        matches!(
            self,
            IntLt
                | IntLe
                | IntEq
                | IntNe
                | IntGt
                | IntGe
                | FloatLt
                | FloatLe
                | FloatEq
                | FloatNe
                | FloatGt
                | FloatGe
                | PtrEq
                | PtrNe
        )
    }
}

/// Exit information of an op that may exit: its snapshot, and the ownership of the
/// object values live at the exit (filled in by `ownership::compute`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuardInfo {
    pub snapshot: SnapId,
    /// Owned object values that the snapshot references. The vm moves these
    /// references into the rebuilt frames (the first slot that uses each); every other
    /// object slot holds a borrowed reference that the vm increfs.
    pub owned: Vec<ValueId>,
    /// Owned object values live at the exit that the snapshot does not reference;
    /// the vm decrefs them.
    pub drop: Vec<ValueId>,
}

impl GuardInfo {
    pub fn new(snapshot: SnapId) -> GuardInfo {
        GuardInfo {
            snapshot,
            owned: Vec::new(),
            drop: Vec::new(),
        }
    }
}

/// One operation.
#[derive(Clone, Debug, PartialEq)]
pub struct Op {
    pub opcode: Opcode,
    /// The value this op defines, if any.
    pub result: Option<ValueId>,
    /// The result type (`Void` when there is no result).
    pub ty: Type,
    pub args: SmallVec<[Operand; 3]>,
    /// Byte offset (`load_field`/`store_field`/`load_indexed`/`store_indexed`),
    /// field index (`getfield_gc`/`setfield_gc`), or the call site of a `call`
    /// (see `TraceBuilder::call_at`); 0 otherwise.
    pub imm: i64,
    /// The callee of a `call`.
    pub func: Option<FuncId>,
    /// Snapshot and exit data for ops that may exit.
    pub guard: Option<GuardInfo>,
}

impl Op {
    pub fn snapshot(&self) -> Option<SnapId> {
        self.guard.as_ref().map(|g| g.snapshot)
    }
}

pub use crate::snapshot::{Frame, Snapshot, SnapshotKind, Source, VirtualObj};

/// What makes a trace a bridge (a side trace): it starts at a guard of another trace,
/// its inputs being that guard's exit values in exit-buffer order, and its final
/// `jump` continues at the head of the root loop.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BridgeInfo {
    /// The types of the root loop's inputs, which the final `jump` passes.
    pub loop_types: Vec<Type>,
    /// Object inputs the bridge only borrows: values the parent guard's snapshot
    /// references without owning them. Every other object input is owned.
    pub borrowed: Vec<ValueId>,
}

/// The helpers allocation removal calls where a virtual object escapes (entries of
/// the trace's function table, which the recorder adds with its first `new`):
/// `new_instance(class) -> obj` (owned, cannot fail), `set_attr(obj, name, value)`
/// (consumes `value`; a plain store into the fresh instance's `__dict__`), the
/// boxing of unboxed field values, and the trace's reference-count helpers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllocFuncs {
    pub new_instance: FuncId,
    pub set_attr: FuncId,
    pub box_int: FuncId,
    pub box_float: FuncId,
    pub incref: FuncId,
    pub decref: FuncId,
    /// `get_attr(obj, name) -> obj` (owned; null when the instance `__dict__` has
    /// no such key), `has_attr(obj, name) -> i64` (0/1), `unbox_int(obj) -> i64`:
    /// the recorder's attribute reads and unboxing, which fold on virtuals.
    pub get_attr: FuncId,
    /// `getattr(obj, name)` through the generic protocol (slots, properties...).
    pub get_attr_any: FuncId,
    pub has_attr: FuncId,
    pub unbox_int: FuncId,
    /// The int and float types (what a virtual box's class guard compares with).
    pub int_type: ConstId,
    pub float_type: ConstId,
    /// MAKE_FUNCTION's helper, `(code, globals, defaults, closure, kwdefaults)
    /// -> obj` (owned; its arguments not consumed), and the function type: a
    /// virtual of that class has those five fields, in that order, and is
    /// made by that helper.
    pub make_function: Option<(FuncId, ConstId)>,
}

/// A recorded (or optimized) loop trace, or a bridge (`bridge` is set).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Trace {
    pub name: String,
    /// The loop-header values, in order (for a bridge: the parent exit's values).
    /// Object inputs are owned by the trace, except a bridge's `borrowed` ones.
    pub inputs: Vec<ValueId>,
    /// The body; the last op is the `jump`.
    pub ops: Vec<Op>,
    pub consts: Vec<ObjConst>,
    pub funcs: Vec<FuncDesc>,
    pub snapshots: Vec<Snapshot>,
    /// Type of each value id; `None` for ids that are not defined (gaps).
    pub value_types: Vec<Option<Type>>,
    /// `Some` for a bridge.
    pub bridge: Option<BridgeInfo>,
    /// `Some` when the trace allocates objects (`new`).
    pub alloc: Option<AllocFuncs>,
    /// A peeled loop's params: the values its `label` op defines, which the
    /// loop's `jump` passes again (empty: no label; the jump goes to the inputs).
    pub label: Vec<ValueId>,
}

impl Trace {
    pub fn new(name: &str) -> Trace {
        Trace {
            name: name.to_string(),
            ..Trace::default()
        }
    }

    /// The type of a defined value.
    pub fn value_type(&self, v: ValueId) -> Option<Type> {
        self.value_types.get(v.index()).copied().flatten()
    }

    /// The type of an operand (`None` for an undefined value).
    pub fn operand_type(&self, o: Operand) -> Option<Type> {
        match o {
            Operand::Value(v) => self.value_type(v),
            Operand::Int(_) => Some(Type::I64),
            Operand::Float(_) => Some(Type::F64),
            Operand::Obj(_) => Some(Type::Obj),
        }
    }

    /// One more than the largest value id in use.
    pub fn num_value_ids(&self) -> usize {
        self.value_types.len()
    }

    /// Defines a new value of type `ty` and returns its id.
    pub fn new_value(&mut self, ty: Type) -> ValueId {
        let v = ValueId(self.value_types.len() as u32);
        self.value_types.push(Some(ty));
        v
    }

    /// Defines value `v` (used by the parser, which keeps the numbers it reads).
    pub fn define_value(&mut self, v: ValueId, ty: Type) -> bool {
        if self.value_types.len() <= v.index() {
            self.value_types.resize(v.index() + 1, None);
        }
        if self.value_types[v.index()].is_some() {
            return false;
        }
        self.value_types[v.index()] = Some(ty);
        true
    }

    /// Forgets the types of value ids that no input or op defines any more (after
    /// passes removed ops), so that equal traces compare equal.
    pub fn prune_value_types(&mut self) {
        let mut defined = vec![false; self.value_types.len()];
        for &v in self.inputs.iter().chain(&self.label) {
            defined[v.index()] = true;
        }
        for op in &self.ops {
            if let Some(r) = op.result {
                defined[r.index()] = true;
            }
        }
        for (ty, d) in self.value_types.iter_mut().zip(defined) {
            if !d {
                *ty = None;
            }
        }
        while self.value_types.last() == Some(&None) {
            self.value_types.pop();
        }
    }

    /// The types the final `jump` passes: the inputs' types for a loop, the root
    /// loop's input types for a bridge.
    pub fn loop_types(&self) -> Vec<Type> {
        match &self.bridge {
            Some(b) => b.loop_types.clone(),
            None => self
                .inputs
                .iter()
                .map(|&v| self.value_type(v).unwrap_or(Type::Void))
                .collect(),
        }
    }

    /// The types the trace's `jump` passes: its label's params when it has one, else
    /// `loop_types`.
    pub fn jump_types(&self) -> Vec<Type> {
        if self.label.is_empty() {
            self.loop_types()
        } else {
            self.label.iter().map(|&v| self.value_type(v).unwrap_or(Type::Void)).collect()
        }
    }

    /// The index of the `label` op, if any.
    pub fn label_index(&self) -> Option<usize> {
        self.ops.iter().position(|op| op.opcode == Opcode::Label)
    }

    /// The object inputs the trace owns (all of them, except a bridge's borrowed ones).
    pub fn owned_inputs(&self) -> Vec<ValueId> {
        self.inputs
            .iter()
            .copied()
            .filter(|&v| self.value_type(v) == Some(Type::Obj))
            .filter(|v| !self.bridge.as_ref().is_some_and(|b| b.borrowed.contains(v)))
            .collect()
    }

    /// How a bridge from the exit of op `op_index` starts: the types of its inputs
    /// (the exit values, in exit-buffer order), and which of them are borrowed
    /// objects (in the snapshot but in neither exit list of the guard). `None` if the
    /// op cannot exit.
    pub fn bridge_start(&self, op_index: usize) -> Option<(Vec<Type>, Vec<bool>)> {
        let op = self.ops.get(op_index)?;
        let g = op.guard.as_ref()?;
        let values = self.exit_values(op);
        let types = values
            .iter()
            .map(|&v| self.value_type(v).unwrap_or(Type::Void))
            .collect();
        let borrowed = values
            .iter()
            .map(|v| {
                self.value_type(*v) == Some(Type::Obj)
                    && !g.owned.contains(v)
                    && !g.drop.contains(v)
            })
            .collect();
        Some((types, borrowed))
    }

    pub fn func(&self, f: FuncId) -> &FuncDesc {
        &self.funcs[f.index()]
    }

    pub fn snapshot(&self, s: SnapId) -> &Snapshot {
        &self.snapshots[s.index()]
    }

    /// Indexes of the ops that may exit, in order: the position in this list is the
    /// op's exit number, used by the backend and in exit statistics.
    pub fn exit_ops(&self) -> Vec<usize> {
        (0..self.ops.len())
            .filter(|&i| self.ops[i].guard.is_some())
            .collect()
    }

    /// The values an exit hands to the vm, in the order of the exit buffer: the
    /// distinct values of the snapshot (see [`Snapshot::values`]) followed by the
    /// guard's drop list.
    pub fn exit_values(&self, op: &Op) -> Vec<ValueId> {
        match &op.guard {
            None => Vec::new(),
            Some(g) => {
                let mut vals = self.snapshot(g.snapshot).values();
                for &d in &g.drop {
                    if !vals.contains(&d) {
                        vals.push(d);
                    }
                }
                vals
            }
        }
    }
}

/// An error found in a trace (by the verifier, the parser or a pass).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IrError {
    /// Index of the op concerned, if any.
    pub op: Option<usize>,
    pub message: String,
}

impl IrError {
    pub fn at(op: usize, message: impl Into<String>) -> IrError {
        IrError {
            op: Some(op),
            message: message.into(),
        }
    }
    pub fn general(message: impl Into<String>) -> IrError {
        IrError {
            op: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for IrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.op {
            Some(i) => write!(f, "op {}: {}", i, self.message),
            None => write!(f, "{}", self.message),
        }
    }
}

impl std::error::Error for IrError {}
