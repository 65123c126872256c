//! The logical graph: nodes for deferred array operations.
//!
//! A node knows its dtype and shape as soon as it is built (so `.shape`,
//! `.dtype` and `len()` never force). Its state is either pending (an op and
//! its input nodes) or done (a materialized [`Array`]). Nodes are shared by
//! `Arc`; when Python drops the last array that refers to a pending node and
//! no other pending node reads it, the node is freed and never computed.
//!
//! The constructors here apply NumPy's dtype and shape rules and return the
//! error NumPy would raise. They do not decide *when* to run anything; that
//! is the runtime's job (`runtime.rs`).

use crate::buffer::Array;
use crate::exec::kernels::Operand;
use crate::dtype::{DType, Error, Result, Scalar};
use crate::layout::{broadcast_shapes, compose, normalize_axis, shape_str, size_of, Layout, Shape};
use smallvec::SmallVec;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

pub type NodeRef = Arc<Node>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    Neg,
    Abs,
    Sqrt,
    Square,
    Reciprocal,
    Exp,
    Log,
    Log10,
    Log2,
    Sin,
    Cos,
    Tan,
    Arcsin,
    Arccos,
    Arctan,
    Floor,
    Ceil,
    Rint,
    Trunc,
    Sign,
    IsNan,
    IsFinite,
    IsInf,
    LogicalNot,
    Invert,
    Radians,
    Degrees,
    Copy,
    Sinh,
    Cosh,
    Tanh,
    Arcsinh,
    Arccosh,
    Arctanh,
    Expm1,
    Log1p,
    Exp2,
    Cbrt,
    /// Float-only absolute value (`np.fabs`).
    Fabs,
    Signbit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    FloorDiv,
    Mod,
    Pow,
    Maximum,
    Minimum,
    Arctan2,
    Hypot,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    Xor,
    LogicalAnd,
    LogicalOr,
    LogicalXor,
    LeftShift,
    RightShift,
    /// C's remainder: the dividend's sign (`np.fmod`).
    Fmod,
    CopySign,
    /// Maximum and minimum that ignore NaN (`np.fmax`, `np.fmin`).
    Fmax,
    Fmin,
    LogAddExp,
    LogAddExp2,
    Gcd,
    Lcm,
    Heaviside,
}

impl BinaryOp {
    pub fn is_comparison(self) -> bool {
        use BinaryOp::*;
        matches!(self, Eq | Ne | Lt | Le | Gt | Ge)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReduceOp {
    Sum,
    Prod,
    Min,
    Max,
    ArgMin,
    ArgMax,
    Any,
    All,
    Mean,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CumOp {
    Sum,
    Prod,
    /// `np.maximum.accumulate`.
    Max,
    /// `np.minimum.accumulate`.
    Min,
}

/// What a pending node computes.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// `np.arange`: element 0 is `start`, element 1 is `second` (NumPy
    /// computes it as `start + step`) and element i >= 2 is `start + i*delta`.
    Arange { start: Scalar, second: Scalar, delta: Scalar },
    /// `np.linspace` with NumPy's arithmetic, see [`linspace_value`].
    Linspace { start: f64, stop: f64, num: usize, endpoint: bool },
    /// Every element equal (`zeros`, `ones`, `full`).
    Full(Scalar),
    Unary(UnaryOp),
    Binary(BinaryOp),
    /// `np.where(cond, x, y)`.
    Where,
    /// Conversion of the input to this node's dtype.
    Cast,
    /// Reduction over `axes` (sorted, distinct).
    Reduce { op: ReduceOp, axes: SmallVec<[usize; 4]>, keepdims: bool },
    /// `np.matmul` for 1-D and 2-D operands.
    MatMul,
    Sort { axis: usize },
    /// `np.partition` along `axis`: the elements at the `kth` sorted
    /// positions (ascending, distinct) in place, smaller ones before them
    /// and larger ones after, by selection rather than a full sort.
    Partition { axis: usize, kth: Positions },
    ArgSort { axis: usize },
    /// Running sum/product along `axis`, or over the flattened input.
    Cumulative { op: CumOp, axis: Option<usize> },
    Concat { axis: usize },
    /// A strided view of the input: `layout` indexes the input's elements
    /// as if they were C-contiguous (basic slicing, transposes, reshapes,
    /// broadcasts of a pending array). Zero-copy when the input is stored.
    View { layout: Layout },
    /// Elements of the input picked by C-order flat index (boolean-mask and
    /// integer-array reads; the positions are known when the node is built).
    Gather { positions: Positions },
}

/// The flat indices a [`Op::Gather`] reads, shared, compared by identity.
#[derive(Clone)]
pub struct Positions(pub Arc<Vec<usize>>);

impl PartialEq for Positions {
    fn eq(&self, other: &Positions) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl std::fmt::Debug for Positions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Positions({:p}; {})", Arc::as_ptr(&self.0), self.0.len())
    }
}

impl Op {
    /// Elementwise ops can be fused into one chunked loop.
    pub fn is_elementwise(&self) -> bool {
        matches!(self, Op::Unary(_) | Op::Binary(_) | Op::Where | Op::Cast)
    }

    /// Generators compute each element from its flat index.
    pub fn is_generator(&self) -> bool {
        matches!(self, Op::Arange { .. } | Op::Linspace { .. } | Op::Full(_))
    }

    pub fn name(&self) -> String {
        match self {
            Op::Arange { .. } => "arange".into(),
            Op::Linspace { .. } => "linspace".into(),
            Op::Full(_) => "full".into(),
            Op::Unary(u) => format!("{u:?}").to_lowercase(),
            Op::Binary(b) => format!("{b:?}").to_lowercase(),
            Op::Where => "where".into(),
            Op::Cast => "cast".into(),
            Op::Reduce { op, .. } => format!("{op:?}").to_lowercase(),
            Op::MatMul => "matmul".into(),
            Op::Sort { .. } => "sort".into(),
            Op::Partition { .. } => "partition".into(),
            Op::ArgSort { .. } => "argsort".into(),
            Op::Cumulative { op: CumOp::Sum, .. } => "cumsum".into(),
            Op::Cumulative { op: CumOp::Prod, .. } => "cumprod".into(),
            Op::Cumulative { op: CumOp::Max, .. } => "cummax".into(),
            Op::Cumulative { op: CumOp::Min, .. } => "cummin".into(),
            Op::Concat { .. } => "concat".into(),
            Op::View { .. } => "view".into(),
            Op::Gather { .. } => "gather".into(),
        }
    }
}

/// Element `i` of `np.linspace(start, stop, num, endpoint)`, computed the way
/// NumPy's `linspace` does it (arange, times step, plus start; last = stop).
pub fn linspace_value(start: f64, stop: f64, num: usize, endpoint: bool, i: usize) -> f64 {
    let div = if endpoint { num as f64 - 1.0 } else { num as f64 };
    let delta = stop - start;
    let y = i as f64;
    if endpoint && num > 1 && i == num - 1 {
        return stop;
    }
    let scaled = if div > 0.0 {
        let step = delta / div;
        if step == 0.0 {
            (y / div) * delta
        } else {
            y * step
        }
    } else {
        y * delta
    };
    scaled + start
}

pub enum NodeState {
    Pending { op: Op, inputs: Vec<NodeRef> },
    Done(Array),
    /// The buffer was taken for in-place reuse by a force that proved no one
    /// can read this node again.
    Consumed,
}

pub struct Node {
    pub dtype: DType,
    pub shape: Shape,
    id: u64,
    state: Mutex<NodeState>,
    /// How many forces recomputed this pending node without storing it; a
    /// value Python keeps reading in a loop gets stored after a few.
    recomputed: AtomicU32,
    /// The longest chain of pending ops ending here when it was built (0
    /// for data); see `runtime::DEPTH_LIMIT`.
    depth: u32,
}

static NEXT_ID: AtomicU64 = AtomicU64::new(0);

impl std::fmt::Debug for Node {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Node#{}({} {})", self.id, self.dtype, shape_str(&self.shape))
    }
}

impl Node {
    fn make(state: NodeState, dtype: DType, shape: Shape) -> NodeRef {
        let depth = match &state {
            NodeState::Pending { inputs, .. } => {
                1 + inputs.iter().map(|i| if i.is_done() { 0 } else { i.depth }).max().unwrap_or(0)
            }
            _ => 0,
        };
        Arc::new(Node {
            dtype,
            shape,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            state: Mutex::new(state),
            recomputed: AtomicU32::new(0),
            depth,
        })
    }

    pub fn pending(op: Op, inputs: Vec<NodeRef>, dtype: DType, shape: Shape) -> NodeRef {
        Node::make(NodeState::Pending { op, inputs }, dtype, shape)
    }

    /// A leaf holding materialized data.
    pub fn source(array: Array) -> NodeRef {
        let dtype = array.dtype();
        let shape = array.layout.shape.clone();
        Node::make(NodeState::Done(array), dtype, shape)
    }

    pub fn constant(value: Scalar) -> NodeRef {
        Node::source(Array::scalar(value))
    }

    pub fn id(&self) -> u64 {
        self.id
    }

    /// The longest chain of pending ops ending here, as built.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    pub fn ndim(&self) -> usize {
        self.shape.len()
    }

    pub fn size(&self) -> usize {
        size_of(&self.shape)
    }

    pub fn state(&self) -> MutexGuard<'_, NodeState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn is_done(&self) -> bool {
        matches!(*self.state(), NodeState::Done(_))
    }

    /// The materialized value, if computed.
    pub fn done(&self) -> Option<Array> {
        match &*self.state() {
            NodeState::Done(a) => Some(a.clone()),
            NodeState::Pending { .. } => None,
            NodeState::Consumed => panic!("read of a node whose buffer was reused"),
        }
    }

    /// Runs `f` on the op and inputs of a pending node (no copies: for
    /// walks over a graph).
    pub fn with_pending<R>(&self, f: impl FnOnce(&Op, &[NodeRef]) -> R) -> Option<R> {
        match &*self.state() {
            NodeState::Pending { op, inputs } => Some(f(op, inputs)),
            NodeState::Done(_) => None,
            NodeState::Consumed => panic!("read of a node whose buffer was reused"),
        }
    }

    /// The op and inputs of a pending node.
    pub fn pending_parts(&self) -> Option<(Op, Vec<NodeRef>)> {
        match &*self.state() {
            NodeState::Pending { op, inputs } => Some((op.clone(), inputs.clone())),
            NodeState::Done(_) => None,
            NodeState::Consumed => panic!("read of a node whose buffer was reused"),
        }
    }

    /// True when this done node's data is a whole dense buffer that nobody
    /// but this node holds (so a force may write over it).
    pub fn done_buffer_is_unshared(&self) -> bool {
        match &*self.state() {
            NodeState::Done(a) => {
                a.layout.is_whole(a.buffer.len()) && Arc::strong_count(&a.buffer) == 1
            }
            _ => false,
        }
    }

    /// Takes the data out of a done node for in-place reuse.
    pub fn take_done(&self) -> Option<Array> {
        let mut state = self.state();
        match &*state {
            NodeState::Done(_) => match std::mem::replace(&mut *state, NodeState::Consumed) {
                NodeState::Done(a) => Some(a),
                _ => unreachable!(),
            },
            _ => None,
        }
    }

    /// Counts one more force that computed this node without storing it, and
    /// returns how many came before.
    pub fn note_recomputed(&self) -> u32 {
        self.recomputed.fetch_add(1, Ordering::Relaxed)
    }

    pub fn times_recomputed(&self) -> u32 {
        self.recomputed.load(Ordering::Relaxed)
    }

    /// `self` replaces `older` as an array's contents (`a += x`): it takes
    /// over the count of recomputations, so an array that a loop both
    /// updates and reads is recognized as read again and again although
    /// each update makes a new node (its chain of updates is then stored
    /// instead of recomputed at every force).
    pub fn inherit_recomputed(&self, older: &Node) {
        self.recomputed.fetch_max(older.times_recomputed(), Ordering::Relaxed);
    }

    /// Stores the result; the inputs are released (they may now be freed).
    pub fn set_done(&self, array: Array) {
        debug_assert_eq!(array.shape(), self.shape.as_slice());
        debug_assert_eq!(array.dtype(), self.dtype);
        let old = std::mem::replace(&mut *self.state(), NodeState::Done(array));
        drop(old);
    }
}

// ---------------------------------------------------------------------------
// Constructors with NumPy's typing rules.

fn cast_to(x: &NodeRef, dtype: DType) -> NodeRef {
    if x.dtype == dtype {
        return x.clone();
    }
    if let Some(NodeState::Done(a)) = Some(&*x.state()) {
        if a.size() == 1 && a.layout.ndim() == 0 {
            return Node::constant(a.get_flat(0).cast(dtype));
        }
    }
    Node::pending(Op::Cast, vec![x.clone()], dtype, x.shape.clone())
}

/// `x.astype(dtype)` (always a new node, even for the same dtype).
pub fn astype(x: &NodeRef, dtype: DType) -> NodeRef {
    if x.dtype == dtype {
        return Node::pending(Op::Unary(UnaryOp::Copy), vec![x.clone()], dtype, x.shape.clone());
    }
    Node::pending(Op::Cast, vec![x.clone()], dtype, x.shape.clone())
}

fn no_loop(ufunc: &str, dtype: DType) -> Error {
    Error::ufunc_type(format!(
        "ufunc '{ufunc}' did not contain a loop with signature matching types <class 'numpy.dtypes.{}DType'> -> None",
        dtype_class(dtype)
    ))
}

fn dtype_class(d: DType) -> &'static str {
    match d {
        DType::Bool => "Bool",
        DType::Int8 => "Int8",
        DType::Int16 => "Int16",
        DType::Int32 => "Int32",
        DType::Int64 => "Int64",
        DType::UInt8 => "UInt8",
        DType::UInt16 => "UInt16",
        DType::UInt32 => "UInt32",
        DType::UInt64 => "UInt64",
        DType::Float16 => "Float16",
        DType::Float32 => "Float32",
        DType::Float64 => "Float64",
    }
}

pub fn unary_ufunc_name(op: UnaryOp) -> &'static str {
    use UnaryOp::*;
    match op {
        Neg => "negative",
        Abs => "absolute",
        Sqrt => "sqrt",
        Square => "square",
        Reciprocal => "reciprocal",
        Exp => "exp",
        Log => "log",
        Log10 => "log10",
        Log2 => "log2",
        Sin => "sin",
        Cos => "cos",
        Tan => "tan",
        Arcsin => "arcsin",
        Arccos => "arccos",
        Arctan => "arctan",
        Floor => "floor",
        Ceil => "ceil",
        Rint => "rint",
        Trunc => "trunc",
        Sign => "sign",
        IsNan => "isnan",
        IsFinite => "isfinite",
        IsInf => "isinf",
        LogicalNot => "logical_not",
        Invert => "invert",
        Radians => "radians",
        Degrees => "degrees",
        Copy => "positive",
        Sinh => "sinh",
        Cosh => "cosh",
        Tanh => "tanh",
        Arcsinh => "arcsinh",
        Arccosh => "arccosh",
        Arctanh => "arctanh",
        Expm1 => "expm1",
        Log1p => "log1p",
        Exp2 => "exp2",
        Cbrt => "cbrt",
        Fabs => "fabs",
        Signbit => "signbit",
    }
}

pub fn binary_ufunc_name(op: BinaryOp) -> &'static str {
    use BinaryOp::*;
    match op {
        Add => "add",
        Sub => "subtract",
        Mul => "multiply",
        Div => "divide",
        FloorDiv => "floor_divide",
        Mod => "remainder",
        Pow => "power",
        Maximum => "maximum",
        Minimum => "minimum",
        Arctan2 => "arctan2",
        Hypot => "hypot",
        Eq => "equal",
        Ne => "not_equal",
        Lt => "less",
        Le => "less_equal",
        Gt => "greater",
        Ge => "greater_equal",
        And => "bitwise_and",
        Or => "bitwise_or",
        Xor => "bitwise_xor",
        LogicalAnd => "logical_and",
        LogicalOr => "logical_or",
        LogicalXor => "logical_xor",
        LeftShift => "left_shift",
        RightShift => "right_shift",
        Fmod => "fmod",
        CopySign => "copysign",
        Fmax => "fmax",
        Fmin => "fmin",
        LogAddExp => "logaddexp",
        LogAddExp2 => "logaddexp2",
        Gcd => "gcd",
        Lcm => "lcm",
        Heaviside => "heaviside",
    }
}

/// The dtype a unary op computes in, and its output dtype.
fn unary_types(op: UnaryOp, d: DType) -> Result<(DType, DType)> {
    use UnaryOp::*;
    let float_of = |d: DType| -> Result<DType> { Ok(d.float_for()) };
    Ok(match op {
        Neg => {
            if d == DType::Bool {
                return Err(Error::type_error(
                    "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead.",
                ));
            }
            (d, d)
        }
        Sign => {
            if d == DType::Bool {
                return Err(no_loop("sign", d));
            }
            (d, d)
        }
        Abs | Copy | Floor | Ceil | Rint | Trunc => (d, d),
        // NumPy has no bool loop for square: booleans square as int8.
        Square if d == DType::Bool => (DType::Int8, DType::Int8),
        Square => (d, d),
        Reciprocal => (d, d),
        Sqrt | Exp | Log | Log10 | Log2 | Sin | Cos | Tan | Arcsin | Arccos | Arctan | Radians
        | Degrees | Sinh | Cosh | Tanh | Arcsinh | Arccosh | Arctanh | Expm1 | Log1p | Exp2 | Cbrt
        | Fabs => {
            let f = float_of(d)?;
            (f, f)
        }
        IsNan | IsFinite | IsInf => (d, DType::Bool),
        Signbit => (d.float_for(), DType::Bool),
        LogicalNot => (DType::Bool, DType::Bool),
        Invert => {
            if d.is_float() {
                return Err(Error::type_error(
                    "ufunc 'invert' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''",
                ));
            }
            (d, d)
        }
    })
}

pub fn unary(op: UnaryOp, x: &NodeRef) -> Result<NodeRef> {
    let (compute, out) = unary_types(op, x.dtype)?;
    let input = cast_to(x, compute);
    Ok(Node::pending(Op::Unary(op), vec![input], out, x.shape.clone()))
}

fn not_safe(op: BinaryOp) -> Error {
    Error::type_error(format!(
        "ufunc '{}' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''",
        binary_ufunc_name(op)
    ))
}

/// The dtype a binary op computes in (both inputs are cast to it), and its
/// output dtype.
fn binary_types(op: BinaryOp, a: DType, b: DType) -> Result<(DType, DType)> {
    use BinaryOp::*;
    let p = a.promote(b);
    Ok(match op {
        Add | Mul | Maximum | Minimum => (p, p),
        Sub => {
            if p == DType::Bool {
                return Err(Error::type_error(
                    "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.",
                ));
            }
            (p, p)
        }
        Div => {
            let f = if p.is_float() { p } else { DType::Float64 };
            (f, f)
        }
        // No bool loops: booleans divide and raise as int8.
        FloorDiv | Mod | Pow if p == DType::Bool => (DType::Int8, DType::Int8),
        FloorDiv | Mod | Pow => (p, p),
        Arctan2 | Hypot => {
            let f = p.float_for();
            (f, f)
        }
        Eq | Ne | Lt | Le | Gt | Ge => (p, DType::Bool),
        And | Or | Xor => {
            if p.is_float() {
                return Err(not_safe(op));
            }
            (p, p)
        }
        LogicalAnd | LogicalOr | LogicalXor => (DType::Bool, DType::Bool),
        LeftShift | RightShift | Gcd | Lcm => {
            if p.is_float() {
                return Err(not_safe(op));
            }
            // No bool loops: booleans shift as int8.
            let i = if p == DType::Bool { DType::Int8 } else { p };
            (i, i)
        }
        Fmod if p == DType::Bool => (DType::Int8, DType::Int8),
        Fmod | Fmax | Fmin => (p, p),
        CopySign | LogAddExp | LogAddExp2 | Heaviside => {
            let f = p.float_for();
            (f, f)
        }
    })
}

/// The loop `a op b` runs on operands of dtypes `a` and `b`: the op (on
/// booleans `+` is logical or, `*` logical and), the dtype it computes in,
/// and the result's dtype.
fn binary_loop(op: BinaryOp, a: DType, b: DType) -> Result<(BinaryOp, DType, DType)> {
    let (compute, out) = binary_types(op, a, b)?;
    let op = match (op, compute) {
        (BinaryOp::Add, DType::Bool) => BinaryOp::Or,
        (BinaryOp::Mul, DType::Bool) => BinaryOp::And,
        (op, _) => op,
    };
    Ok((op, compute, out))
}

/// NumPy's error for integer powers with a negative exponent among `e`.
fn check_int_power(op: BinaryOp, compute: DType, mut e: impl Iterator<Item = Scalar>) -> Result<()> {
    if op == BinaryOp::Pow && compute.is_int() && e.any(|v| v.as_i64() < 0) {
        return Err(Error::value("Integers to negative integer powers are not allowed."));
    }
    Ok(())
}

pub fn binary(op: BinaryOp, a: &NodeRef, b: &NodeRef) -> Result<NodeRef> {
    let shape = broadcast_shapes(&[&a.shape, &b.shape])?;
    let (op, compute, out) = binary_loop(op, a.dtype, b.dtype)?;
    if let Some(NodeState::Done(e)) = Some(&*b.state()) {
        check_int_power(op, compute, (0..e.size()).map(|i| e.get_flat(i)))?;
    }
    let inputs = vec![cast_to(a, compute), cast_to(b, compute)];
    Ok(Node::pending(Op::Binary(op), inputs, out, shape))
}

/// `a op b` of two computed scalars, now: the value `binary` of their 0-d
/// nodes computes, without building nodes (the scalar arithmetic of
/// Python loops).
pub fn binary_scalar(op: BinaryOp, a: Scalar, b: Scalar) -> Result<Scalar> {
    let (op, compute, out) = binary_loop(op, a.dtype(), b.dtype())?;
    check_int_power(op, compute, std::iter::once(b))?;
    let (x, y) = (Operand::Splat(a.cast(compute)), Operand::Splat(b.cast(compute)));
    let mut buffer = crate::buffer::Buffer::zeros(out, 1);
    crate::exec::kernels::binary(op, &x, &y, buffer.range_mut(0, 1));
    Ok(buffer.get(0))
}

/// `np.where(cond, x, y)`.
pub fn where_(cond: &NodeRef, x: &NodeRef, y: &NodeRef) -> Result<NodeRef> {
    let shape = broadcast_shapes(&[&cond.shape, &x.shape, &y.shape])?;
    let d = x.dtype.promote(y.dtype);
    let inputs = vec![cast_to(cond, DType::Bool), cast_to(x, d), cast_to(y, d)];
    Ok(Node::pending(Op::Where, inputs, d, shape))
}

/// Normalizes an `axis=` argument into sorted distinct axes (None = all).
pub fn reduction_axes(axis: Option<&[isize]>, ndim: usize) -> Result<SmallVec<[usize; 4]>> {
    let mut axes: SmallVec<[usize; 4]> = match axis {
        None => (0..ndim).collect(),
        Some(list) => {
            let mut v = SmallVec::new();
            for &a in list {
                let n = normalize_axis(a, ndim)?;
                if v.contains(&n) {
                    return Err(Error::value("duplicate value in 'axis'"));
                }
                v.push(n);
            }
            v
        }
    };
    axes.sort_unstable();
    Ok(axes)
}

fn reduce_dtype(op: ReduceOp, d: DType) -> DType {
    match op {
        ReduceOp::Sum | ReduceOp::Prod => d.accumulator(),
        ReduceOp::Min | ReduceOp::Max => d,
        ReduceOp::ArgMin | ReduceOp::ArgMax => DType::Int64,
        ReduceOp::Any | ReduceOp::All => DType::Bool,
        ReduceOp::Mean => {
            if d.is_float() {
                d
            } else {
                DType::Float64
            }
        }
    }
}

pub fn reduce(
    op: ReduceOp,
    x: &NodeRef,
    axis: Option<&[isize]>,
    keepdims: bool,
) -> Result<NodeRef> {
    let axes = reduction_axes(axis, x.ndim())?;
    if matches!(op, ReduceOp::ArgMin | ReduceOp::ArgMax) && axis.is_some_and(|a| a.len() > 1) {
        return Err(Error::type_error("'tuple' object cannot be interpreted as an integer"));
    }
    let empty_along = axes.iter().any(|&a| x.shape[a] == 0) || (x.size() == 0);
    if empty_along {
        let name = match op {
            ReduceOp::Min => Some("minimum"),
            ReduceOp::Max => Some("maximum"),
            ReduceOp::ArgMin => Some("argmin"),
            ReduceOp::ArgMax => Some("argmax"),
            _ => None,
        };
        if let Some(name) = name {
            return Err(Error::value(match op {
                ReduceOp::ArgMin | ReduceOp::ArgMax => {
                    format!("attempt to get {name} of an empty sequence")
                }
                _ => format!(
                    "zero-size array to reduction operation {name} which has no identity"
                ),
            }));
        }
    }
    let mut shape = Shape::new();
    for (k, &d) in x.shape.iter().enumerate() {
        if axes.contains(&k) {
            if keepdims {
                shape.push(1);
            }
        } else {
            shape.push(d);
        }
    }
    let input = match op {
        ReduceOp::Any | ReduceOp::All => cast_to(x, DType::Bool),
        ReduceOp::Sum | ReduceOp::Prod | ReduceOp::Mean => cast_to(x, reduce_dtype(op, x.dtype)),
        _ => x.clone(),
    };
    let dtype = reduce_dtype(op, x.dtype);
    Ok(Node::pending(Op::Reduce { op, axes, keepdims }, vec![input], dtype, shape))
}

/// `np.matmul` for 1-D and 2-D operands, with NumPy's error text.
pub fn matmul(a: &NodeRef, b: &NodeRef) -> Result<NodeRef> {
    if a.ndim() == 0 || b.ndim() == 0 {
        return Err(Error::value(
            "matmul: Input operand does not have enough dimensions (has 0, gufunc core with signature (n?,k),(k,m?)->(n?,m?) requires 1)",
        ));
    }
    if a.ndim() > 2 || b.ndim() > 2 {
        return Err(Error::not_implemented(
            "numpy.matmul of arrays with more than 2 dimensions is not supported by hipy",
        ));
    }
    let k_a = *a.shape.last().unwrap();
    let k_b = if b.ndim() == 1 { b.shape[0] } else { b.shape[0] };
    if k_a != k_b {
        return Err(Error::value(format!(
            "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size {k_b} is different from {k_a})"
        )));
    }
    let mut shape = Shape::new();
    if a.ndim() == 2 {
        shape.push(a.shape[0]);
    }
    if b.ndim() == 2 {
        shape.push(b.shape[1]);
    }
    let d = a.dtype.promote(b.dtype);
    let inputs = vec![cast_to(a, d), cast_to(b, d)];
    Ok(Node::pending(Op::MatMul, inputs, d, shape))
}

pub fn sort(x: &NodeRef, axis: Option<isize>) -> Result<NodeRef> {
    match axis {
        None => Err(Error::not_implemented("numpy.sort with axis=None is not supported by hipy")),
        Some(a) => {
            if x.ndim() == 0 {
                return Err(Error::axis(a, 0));
            }
            let axis = normalize_axis(a, x.ndim())?;
            Ok(Node::pending(Op::Sort { axis }, vec![x.clone()], x.dtype, x.shape.clone()))
        }
    }
}

/// The partition of `x` along `axis` around the sorted positions `kth`
/// (each within the axis; negative ones count from its end).
pub fn partition(x: &NodeRef, kth: &[isize], axis: isize) -> Result<NodeRef> {
    if x.ndim() == 0 {
        return Err(Error::axis(axis, 0));
    }
    let axis = normalize_axis(axis, x.ndim())?;
    let n = x.shape[axis] as isize;
    let mut ks = Vec::with_capacity(kth.len());
    for &k in kth {
        if k >= n || k < -n {
            return Err(Error::value(format!("kth(={k}) out of bounds ({n})")));
        }
        ks.push(if k < 0 { k + n } else { k } as usize);
    }
    ks.sort_unstable();
    ks.dedup();
    Ok(Node::pending(Op::Partition { axis, kth: Positions(Arc::new(ks)) }, vec![x.clone()], x.dtype, x.shape.clone()))
}

pub fn argsort(x: &NodeRef, axis: isize) -> Result<NodeRef> {
    if x.ndim() == 0 {
        return Err(Error::axis(axis, 0));
    }
    let axis = normalize_axis(axis, x.ndim())?;
    Ok(Node::pending(Op::ArgSort { axis }, vec![x.clone()], DType::Int64, x.shape.clone()))
}

pub fn cumulative(op: CumOp, x: &NodeRef, axis: Option<isize>) -> Result<NodeRef> {
    let dtype = match op {
        CumOp::Sum | CumOp::Prod => x.dtype.accumulator(),
        CumOp::Max | CumOp::Min => x.dtype,
    };
    let input = cast_to(x, dtype);
    match axis {
        None => {
            let shape: Shape = smallvec::smallvec![x.size()];
            Ok(Node::pending(Op::Cumulative { op, axis: None }, vec![input], dtype, shape))
        }
        Some(a) => {
            let axis = normalize_axis(a, x.ndim())?;
            Ok(Node::pending(Op::Cumulative { op, axis: Some(axis) }, vec![input], dtype, x.shape.clone()))
        }
    }
}

/// `np.concatenate(xs, axis)`; all inputs already have the same ndim.
pub fn concat(xs: &[NodeRef], axis: isize) -> Result<NodeRef> {
    if xs.is_empty() {
        return Err(Error::value("need at least one array to concatenate"));
    }
    let nd = xs[0].ndim();
    if nd == 0 {
        return Err(Error::value("zero-dimensional arrays cannot be concatenated"));
    }
    let axis = normalize_axis(axis, nd)?;
    let mut shape = xs[0].shape.clone();
    let mut dtype = xs[0].dtype;
    for (i, x) in xs.iter().enumerate().skip(1) {
        if x.ndim() != nd {
            return Err(Error::value(format!(
                "all the input array dimensions except for the concatenation axis must match exactly, but along dimension 0, the array at index 0 has {} dimension(s) and the array at index {i} has {} dimension(s)",
                nd,
                x.ndim()
            )));
        }
        for k in 0..nd {
            if k != axis && x.shape[k] != xs[0].shape[k] {
                return Err(Error::value(format!(
                    "all the input array dimensions except for the concatenation axis must match exactly, but along dimension {k}, the array at index 0 has size {} and the array at index {i} has size {}",
                    xs[0].shape[k], x.shape[k]
                )));
            }
        }
        shape[axis] += x.shape[axis];
        dtype = dtype.promote(x.dtype);
    }
    let inputs = xs.iter().map(|x| cast_to(x, dtype)).collect();
    Ok(Node::pending(Op::Concat { axis }, inputs, dtype, shape))
}

/// A view of `x`: `layout` indexes `x`'s elements as if they were
/// C-contiguous. Stored data gets a source over the same buffer, a view of
/// a pending view is folded into one, and anything else is a `View` node.
pub fn view(x: &NodeRef, layout: Layout) -> NodeRef {
    if layout.shape == x.shape && layout.is_whole(x.size()) {
        return x.clone();
    }
    match &*x.state() {
        NodeState::Done(a) => {
            if let Some(l) = compose(&layout, &a.layout) {
                return Node::source(Array::new(a.buffer.clone(), l));
            }
        }
        NodeState::Pending { op: Op::View { layout: inner }, inputs } => {
            if let Some(l) = compose(&layout, inner) {
                let shape = l.shape.clone();
                return Node::pending(Op::View { layout: l }, inputs.clone(), x.dtype, shape);
            }
        }
        _ => {}
    }
    let shape = layout.shape.clone();
    Node::pending(Op::View { layout }, vec![x.clone()], x.dtype, shape)
}

/// `x` broadcast to `shape` (a view), or NumPy's error.
pub fn broadcast_to(x: &NodeRef, shape: &[usize]) -> Result<NodeRef> {
    let l = Layout::contiguous(&x.shape).broadcast_to(shape)?;
    Ok(view(x, l))
}

/// The elements of `x` at C-order flat indices `positions`, shaped `shape`.
pub fn gather(x: &NodeRef, positions: Vec<usize>, shape: &[usize]) -> NodeRef {
    debug_assert_eq!(positions.len(), size_of(shape));
    Node::pending(Op::Gather { positions: Positions(Arc::new(positions)) }, vec![x.clone()], x.dtype, shape.into())
}

/// `np.arange` for a dtype; `count` elements from `start` by `step`.
pub fn arange(start: Scalar, step: Scalar, count: usize, dtype: DType) -> NodeRef {
    let start_t = start.cast(dtype);
    let second = match dtype {
        DType::Float16 | DType::Float32 | DType::Float64 => Scalar::F64(start.as_f64() + step.as_f64()).cast(dtype),
        _ => Scalar::I64(start.as_i64().wrapping_add(step.as_i64())).cast(dtype),
    };
    let delta = match dtype {
        DType::Float32 => Scalar::F32(
            match second {
                Scalar::F32(v) => v,
                _ => unreachable!(),
            } - match start_t {
                Scalar::F32(v) => v,
                _ => unreachable!(),
            },
        ),
        DType::Float64 => Scalar::F64(second.as_f64() - start_t.as_f64()),
        DType::Float16 => Scalar::F64(second.as_f64() - start_t.as_f64()).cast(dtype),
        _ => Scalar::I64(second.as_i64().wrapping_sub(start_t.as_i64())).cast(dtype),
    };
    let shape: Shape = smallvec::smallvec![count];
    Node::pending(Op::Arange { start: start_t, second, delta }, vec![], dtype, shape)
}

pub fn linspace(start: f64, stop: f64, num: usize, endpoint: bool) -> NodeRef {
    let shape: Shape = smallvec::smallvec![num];
    Node::pending(Op::Linspace { start, stop, num, endpoint }, vec![], DType::Float64, shape)
}

pub fn full(shape: &[usize], value: Scalar) -> NodeRef {
    Node::pending(Op::Full(value), vec![], value.dtype(), shape.into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::buffer::Buffer;

    fn src(v: Vec<f64>) -> NodeRef {
        let n = v.len();
        Node::source(Array::from_buffer(Buffer::F64(v), &[n]))
    }

    #[test]
    fn shapes_and_dtypes_are_eager() {
        let a = src(vec![1.0, 2.0, 3.0]);
        let i = Node::source(Array::from_buffer(Buffer::I32(vec![1, 2, 3]), &[3]));
        let s = binary(BinaryOp::Add, &a, &i).unwrap();
        assert_eq!(s.dtype, DType::Float64);
        assert_eq!(s.shape.as_slice(), &[3]);
        let d = binary(BinaryOp::Div, &i, &i).unwrap();
        assert_eq!(d.dtype, DType::Float64);
        let r = reduce(ReduceOp::Sum, &i, None, false).unwrap();
        assert_eq!(r.dtype, DType::Int64);
        assert!(r.shape.is_empty());
        let bad = binary(BinaryOp::Add, &a, &src(vec![1.0; 4])).unwrap_err();
        assert_eq!(bad.message, "operands could not be broadcast together with shapes (3,) (4,) ");
    }
}
