//! The work behind the numpy module's functions: argument handling for
//! ufuncs and creation functions, and the functions that are compositions
//! of graph ops (diff, gradient, clip, dot) or eager (unique, nonzero).
use crate::numpy::args::{bind, given, unsupported, OrRaise};
use crate::numpy::convert::{self, node_of, wrap, wrap_array};
use crate::numpy::ndarray::PyNdArray;
use crate::numpy::ops;
use hipy_lazy::graph::{self, BinaryOp, UnaryOp};
use hipy_lazy::layout::{shape_str, BasicIndex, Layout};
use hipy_lazy::runtime;
use hipy_lazy::{Array, Buffer, DType, Node, NodeRef, Scalar, WeakScalar};
use rustpython_vm::builtins::{PyList, PyTuple};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObject, PyObjectRef, PyPayload, PyResult, VirtualMachine};

/// A unary ufunc call `f(x, out=None)`.
pub fn unary_ufunc(vm: &VirtualMachine, op: UnaryOp, name: &'static str, args: FuncArgs) -> PyResult {
    let [x, out] = bind(vm, name, args, ["x", "out"], 1)?;
    let x = x.as_ref().unwrap();
    let operand = match node_of(vm, x) {
        Ok(n) => n,
        // A datetime operand: datetimes.py's timedelta ufuncs or NumPy's error.
        Err(e) => match crate::numpy::datetimes::unary(vm, x, graph::unary_ufunc_name(op))? {
            Some(r) if out.is_none() => return Ok(r),
            _ => return Err(e),
        },
    };
    let node = graph::unary(op, &operand).or_raise(vm)?;
    finish_ufunc(vm, node, out, graph::unary_ufunc_name(op))
}

/// A binary ufunc call `f(x1, x2, out=None)`.
pub fn binary_ufunc(vm: &VirtualMachine, op: BinaryOp, name: &'static str, args: FuncArgs) -> PyResult {
    let [a, b, out] = bind(vm, name, args, ["x1", "x2", "out"], 2)?;
    let (x, y) = (a.as_ref().unwrap(), b.as_ref().unwrap());
    let node = match ops::binary_node(vm, x, y, op) {
        Ok(n) => n,
        // A str operand: strings.py's comparisons, concatenation or NumPy's error.
        Err(e) => match crate::numpy::strings_native::binary(vm, x, y, &format!("{op:?}"))? {
            Some(r) if out.is_none() => return Ok(r),
            _ => return Err(e),
        },
    };
    finish_ufunc(vm, node, out, graph::binary_ufunc_name(op))
}

pub(crate) fn out_array(vm: &VirtualMachine, out: &PyObjectRef) -> PyResult<PyObjectRef> {
    let target = if let Some(t) = out.downcast_ref::<PyTuple>() {
        match t.as_slice() {
            [one] => one.clone(),
            _ => return Err(vm.new_value_error("The 'out' tuple must have exactly one entry per ufunc output")),
        }
    } else {
        out.clone()
    };
    if target.downcast_ref::<PyNdArray>().is_none() {
        return Err(vm.new_type_error("return arrays must be of ArrayType"));
    }
    Ok(target)
}

pub(crate) fn finish_ufunc(vm: &VirtualMachine, node: NodeRef, out: Option<PyObjectRef>, ufunc: &str) -> PyResult {
    match given(&out, vm) {
        None => wrap(vm, node),
        Some(out) => {
            let target = out_array(vm, &out)?;
            let arr = target.downcast_ref::<PyNdArray>().unwrap();
            ops::store_result(vm, arr, node, ufunc)?;
            Ok(target)
        }
    }
}

/// `dtype=` for creation functions.
pub(crate) fn dtype_arg(vm: &VirtualMachine, d: &Option<PyObjectRef>, default: DType) -> PyResult<DType> {
    match given(d, vm) {
        Some(d) => Ok(convert::parse_dtype(vm, &d)?.unwrap_or(default)),
        None => Ok(default),
    }
}

/// The scalar (and dtype) of a fill value.
pub(crate) fn fill_value(vm: &VirtualMachine, v: &PyObject, dtype: Option<DType>) -> PyResult<Scalar> {
    let node = node_of(vm, v)?;
    let s = runtime::force(&runtime::settle(node));
    if s.size() != 1 {
        return Err(unsupported(vm, "full with an array fill value"));
    }
    let value = s.get_flat(0);
    Ok(match dtype {
        Some(d) => value.cast(d),
        None => value,
    })
}

pub(crate) fn creation(vm: &VirtualMachine, shape: &PyObject, value: Scalar) -> PyResult {
    let shape = convert::shape_of(vm, shape)?;
    wrap_array(vm, graph::full(&shape, value))
}

pub(crate) fn like_shape(vm: &VirtualMachine, a: &PyObject) -> PyResult<(Vec<usize>, DType)> {
    let n = node_of(vm, a)?;
    Ok((n.shape.to_vec(), n.dtype))
}

pub(crate) fn number(vm: &VirtualMachine, obj: &PyObject) -> PyResult<Scalar> {
    if let Some(w) = convert::weak_of(vm, obj)? {
        return Ok(match w {
            WeakScalar::Bool(b) => Scalar::I64(b as i64),
            WeakScalar::Int(i) => Scalar::I64(i64::try_from(i).map_err(|_| vm.new_overflow_error("int too large"))?),
            WeakScalar::Float(f) => Scalar::F64(f),
        });
    }
    let n = node_of(vm, obj)?;
    let a = runtime::force(&runtime::settle(n));
    if a.size() != 1 {
        return Err(vm.new_type_error("expected a number"));
    }
    Ok(a.get_flat(0))
}

/// `np.arange(start, stop, step, dtype)` with NumPy's length and dtype rules.
pub fn arange_node(vm: &VirtualMachine, args: FuncArgs) -> PyResult<NodeRef> {
    let [a, b, c, dtype] = bind(vm, "arange", args, ["start", "stop", "step", "dtype"], 0)?;
    let a = given(&a, vm);
    let b = given(&b, vm);
    let (start, stop) = match (a, b) {
        (Some(s), Some(e)) => (number(vm, &s)?, number(vm, &e)?),
        (Some(e), None) => (Scalar::I64(0), number(vm, &e)?),
        _ => return Err(vm.new_type_error("arange() requires stop to be specified.")),
    };
    let step = match given(&c, vm) {
        Some(s) => number(vm, &s)?,
        None => Scalar::I64(1),
    };
    let float = [start, stop, step].iter().any(|s| s.dtype().is_float());
    let natural = if float { DType::Float64 } else { DType::Int64 };
    let dtype = dtype_arg(vm, &dtype, natural)?;
    let count = if float {
        let (s, e, d) = (start.as_f64(), stop.as_f64(), step.as_f64());
        if d == 0.0 {
            return Err(vm.new_exception_msg(vm.ctx.exceptions.zero_division_error.to_owned(), "division by zero".into()));
        }
        let n = ((e - s) / d).ceil();
        if n.is_nan() {
            return Err(vm.new_value_error("arange: cannot compute length"));
        }
        if n >= 9.223372036854775807e18 {
            return Err(vm.new_value_error("Maximum allowed size exceeded"));
        }
        n.max(0.0) as usize
    } else {
        let (s, e, d) = (start.as_i64() as i128, stop.as_i64() as i128, step.as_i64() as i128);
        if d == 0 {
            return Err(vm.new_exception_msg(vm.ctx.exceptions.zero_division_error.to_owned(), "division by zero".into()));
        }
        let n = if d > 0 { (e - s + d - 1).div_euclid(d) } else { (s - e + (-d) - 1).div_euclid(-d) };
        n.max(0) as usize
    };
    Ok(graph::arange(start, step, count, dtype))
}

pub fn argsort_impl(vm: &VirtualMachine, x: NodeRef, axis: Option<PyObjectRef>) -> PyResult {
    let node = match axis {
        Some(a) if vm.is_none(&a) => {
            let flat = flatten_node(vm, &x)?;
            graph::argsort(&flat, -1).or_raise(vm)?
        }
        Some(a) => graph::argsort(&x, convert::index_of(vm, &a)?).or_raise(vm)?,
        None => graph::argsort(&x, -1).or_raise(vm)?,
    };
    wrap_array(vm, node)
}

/// A node with the flattened (C order) contents of `x`.
pub fn flatten_node(_vm: &VirtualMachine, x: &NodeRef) -> PyResult<NodeRef> {
    let a = runtime::force(x).to_contiguous();
    let n = a.size();
    Ok(Node::source(Array::new(a.buffer, Layout::contiguous(&[n]))))
}

pub fn dot_impl(vm: &VirtualMachine, a: &PyObject, b: &PyObject) -> PyResult {
    let x = node_of(vm, a)?;
    let y = node_of(vm, b)?;
    if x.ndim() == 0 || y.ndim() == 0 {
        return ops::binary(vm, a, b, BinaryOp::Mul);
    }
    if x.ndim() > 2 || y.ndim() > 2 {
        return Err(unsupported(vm, "dot of arrays with more than 2 dimensions"));
    }
    let ka = x.shape[x.ndim() - 1];
    let (kb, kb_dim) = if y.ndim() == 1 { (y.shape[0], 0) } else { (y.shape[y.ndim() - 2], 0) };
    if ka != kb {
        return Err(vm.new_value_error(format!(
            "shapes {} and {} not aligned: {} (dim {}) != {} (dim {})",
            shape_str(&x.shape),
            shape_str(&y.shape),
            ka,
            x.ndim() - 1,
            kb,
            kb_dim
        )));
    }
    wrap(vm, graph::matmul(&x, &y).or_raise(vm)?)
}

pub fn clip_impl(vm: &VirtualMachine, a: &PyObject, lo: Option<PyObjectRef>, hi: Option<PyObjectRef>) -> PyResult {
    let lo = given(&lo, vm);
    let hi = given(&hi, vm);
    if lo.is_none() && hi.is_none() {
        let n = node_of(vm, a)?;
        return wrap(vm, graph::astype(&n, n.dtype));
    }
    let mut cur: PyObjectRef = a.to_owned();
    if let Some(lo) = lo {
        cur = ops::binary(vm, &cur, &lo, BinaryOp::Maximum)?;
    }
    if let Some(hi) = hi {
        cur = ops::binary(vm, &cur, &hi, BinaryOp::Minimum)?;
    }
    Ok(cur)
}

/// The items of a sequence argument (list, tuple, or an array's rows).
pub(crate) fn sequence_items(vm: &VirtualMachine, obj: &PyObject) -> PyResult<Vec<PyObjectRef>> {
    if let Some(l) = obj.downcast_ref::<PyList>() {
        return Ok(l.borrow_vec().to_vec());
    }
    if let Some(t) = obj.downcast_ref::<PyTuple>() {
        return Ok(t.as_slice().to_vec());
    }
    let it = obj.get_iter(vm)?;
    let mut out = Vec::new();
    while let rustpython_vm::protocol::PyIterReturn::Return(x) = it.next(vm)? {
        out.push(x);
    }
    Ok(out)
}

pub fn concat_nodes(vm: &VirtualMachine, nodes: &[NodeRef], axis: isize) -> PyResult<NodeRef> {
    if let Some(first) = nodes.first() {
        for (i, n) in nodes.iter().enumerate().skip(1) {
            if n.ndim() != first.ndim() {
                return Err(vm.new_value_error(format!(
                    "all the input arrays must have same number of dimensions, but the array at index 0 has {} dimension(s) and the array at index {i} has {} dimension(s)",
                    first.ndim(),
                    n.ndim()
                )));
            }
        }
    }
    graph::concat(nodes, axis).or_raise(vm)
}

/// A node viewing `x` through a basic index (forces `x`).
pub(crate) fn view_node(vm: &VirtualMachine, x: &NodeRef, items: &[BasicIndex]) -> PyResult<NodeRef> {
    let a = runtime::force(x);
    let l = hipy_lazy::layout::basic_index(&a.layout, items).or_raise(vm)?;
    Ok(Node::source(Array::new(a.buffer, l)))
}

pub(crate) fn along(axis: usize, item: BasicIndex) -> Vec<BasicIndex> {
    let mut v = vec![BasicIndex::Slice { start: None, stop: None, step: None }; axis];
    v.push(item);
    v
}

pub(crate) fn slice(start: Option<isize>, stop: Option<isize>) -> BasicIndex {
    BasicIndex::Slice { start, stop, step: None }
}

pub(crate) fn diff_once(vm: &VirtualMachine, x: &NodeRef, axis: usize) -> PyResult<NodeRef> {
    let hi = view_node(vm, x, &along(axis, slice(Some(1), None)))?;
    let lo = view_node(vm, x, &along(axis, slice(None, Some(-1))))?;
    let op = if x.dtype == DType::Bool { BinaryOp::Ne } else { BinaryOp::Sub };
    graph::binary(op, &hi, &lo).or_raise(vm)
}

pub(crate) fn gradient_axis(vm: &VirtualMachine, f: &NodeRef, axis: usize, dx: f64) -> PyResult<NodeRef> {
    if f.shape[axis] < 2 {
        return Err(vm.new_value_error(
            "Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) elements are required.",
        ));
    }
    let c = |v: f64| Node::constant(Scalar::F64(v).cast(f.dtype));
    let sub = |a: &NodeRef, b: &NodeRef| graph::binary(BinaryOp::Sub, a, b).or_raise(vm);
    let div = |a: &NodeRef, b: f64| graph::binary(BinaryOp::Div, a, &c(b)).or_raise(vm);
    let mut pieces = Vec::new();
    let first = sub(&view_node(vm, f, &along(axis, slice(Some(1), Some(2))))?, &view_node(vm, f, &along(axis, slice(Some(0), Some(1))))?)?;
    pieces.push(div(&first, dx)?);
    if f.shape[axis] > 2 {
        let mid = sub(&view_node(vm, f, &along(axis, slice(Some(2), None)))?, &view_node(vm, f, &along(axis, slice(None, Some(-2))))?)?;
        pieces.push(div(&mid, 2.0 * dx)?);
    }
    let last = sub(&view_node(vm, f, &along(axis, slice(Some(-1), None)))?, &view_node(vm, f, &along(axis, slice(Some(-2), Some(-1))))?)?;
    pieces.push(div(&last, dx)?);
    let pieces: Vec<NodeRef> = pieces.into_iter().map(runtime::settle).collect();
    graph::concat(&pieces, axis as isize).or_raise(vm)
}

/// `np.gradient` along `axis` with sample coordinates: evenly spaced ones
/// reduce to the scalar case, as in NumPy; uneven ones use NumPy's
/// second-order interior formula (1-D only here).
pub(crate) fn gradient_coords(vm: &VirtualMachine, f: &NodeRef, axis: usize, coords: &Array) -> PyResult<NodeRef> {
    if coords.layout.ndim() != 1 || coords.size() != f.shape[axis] {
        return Err(vm.new_value_error("when 1d, distances must match the length of the corresponding dimension"));
    }
    let c: Vec<f64> = (0..coords.size()).map(|i| coords.get_flat(i).as_f64()).collect();
    let dx: Vec<f64> = c.windows(2).map(|w| w[1] - w[0]).collect();
    if dx.iter().all(|&d| d == dx[0]) {
        return gradient_axis(vm, f, axis, dx[0]);
    }
    if f.ndim() != 1 {
        return Err(unsupported(vm, "gradient with uneven coordinates on arrays of more than 1 dimension"));
    }
    let a = runtime::force(f);
    let v: Vec<f64> = (0..a.size()).map(|i| a.get_flat(i).as_f64()).collect();
    let n = v.len();
    let mut out = vec![0.0; n];
    for i in 1..n - 1 {
        let (d1, d2) = (dx[i - 1], dx[i]);
        let ca = -d2 / (d1 * (d1 + d2));
        let cb = (d2 - d1) / (d1 * d2);
        let cc = d1 / (d2 * (d1 + d2));
        out[i] = ca * v[i - 1] + cb * v[i] + cc * v[i + 1];
    }
    out[0] = (v[1] - v[0]) / dx[0];
    out[n - 1] = (v[n - 1] - v[n - 2]) / dx[n - 2];
    let node = Node::source(Array::from_buffer(Buffer::F64(out), &[n]));
    Ok(if f.dtype == DType::Float64 { node } else { graph::astype(&node, f.dtype) })
}

pub(crate) fn unique_impl(vm: &VirtualMachine, a: &PyObject, counts: bool) -> PyResult {
    let x = node_of(vm, a)?;
    let arr = runtime::force(&runtime::settle(x)).to_contiguous();
    let (values, cnts) = hipy_lazy::with_dtype!(arr.dtype(), T => {
        let mut v: Vec<T> = arr.to_vec::<T>();
        v.sort_by(|a, b| {
            #[allow(clippy::eq_op)]
            match (a != a, b != b) {
                (true, true) => std::cmp::Ordering::Equal,
                (true, false) => std::cmp::Ordering::Greater,
                (false, true) => std::cmp::Ordering::Less,
                _ => a.partial_cmp(b).unwrap(),
            }
        });
        let mut out: Vec<T> = Vec::new();
        let mut cnt: Vec<i64> = Vec::new();
        for x in v {
            #[allow(clippy::eq_op)]
            let same = out.last().is_some_and(|&l| l == x || (l != l && x != x));
            if same {
                *cnt.last_mut().unwrap() += 1;
            } else {
                out.push(x);
                cnt.push(1);
            }
        }
        (<T as hipy_lazy::Element>::wrap(out), cnt)
    });
    let n = values.len();
    let u = PyNdArray::from_array(Array::from_buffer(values, &[n])).into_pyobject(vm);
    if counts {
        let c = PyNdArray::from_array(Array::from_buffer(Buffer::I64(cnts), &[n])).into_pyobject(vm);
        return Ok(vm.ctx.new_tuple(vec![u, c]).into());
    }
    Ok(u)
}

pub(crate) fn nonzero_impl(vm: &VirtualMachine, a: &PyObject) -> PyResult {
    let x = node_of(vm, a)?;
    if x.shape.is_empty() {
        return Err(vm.new_value_error(
            "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead.",
        ));
    }
    let b = graph::astype(&x, DType::Bool);
    let arr = runtime::force(&runtime::settle(b)).to_contiguous();
    let shape = arr.shape().to_vec();
    let flags = arr.to_vec::<bool>();
    let mut idx: Vec<Vec<i64>> = vec![Vec::new(); shape.len()];
    for (flat, &f) in flags.iter().enumerate() {
        if f {
            let mut rest = flat;
            for d in (0..shape.len()).rev() {
                idx[d].push((rest % shape[d]) as i64);
                rest /= shape[d];
            }
        }
    }
    let items = idx
        .into_iter()
        .map(|v| {
            let n = v.len();
            PyNdArray::from_array(Array::from_buffer(Buffer::I64(v), &[n])).into_pyobject(vm)
        })
        .collect();
    Ok(vm.ctx.new_tuple(items).into())
}


/// Where `v`'s elements go in the sorted 1-D `a` (the first position for
/// `right == false`, after equal elements otherwise), as an int64 array of
/// `v`'s shape. Both come in one dtype (the caller promotes them); NaN
/// sorts after every number, as in NumPy's sort.
pub(crate) fn searchsorted_impl(vm: &VirtualMachine, a: &PyObject, v: &PyObject, right: bool) -> PyResult {
    let (an, vn) = (node_of(vm, a)?, node_of(vm, v)?);
    let shape = vn.shape.to_vec();
    let values = |n: &NodeRef, to: DType| {
        let n = if n.dtype == to { n.clone() } else { graph::astype(n, to) };
        runtime::force(&runtime::settle(n))
    };
    let positions = match an.dtype {
        DType::Float16 | DType::Float32 | DType::Float64 => {
            let lt = |x: &f64, y: &f64| x < y || (y.is_nan() && !x.is_nan());
            insertion_points(&values(&an, DType::Float64).to_vec::<f64>(), &values(&vn, DType::Float64).to_vec::<f64>(), right, lt)
        }
        DType::UInt64 => {
            let lt = |x: &u64, y: &u64| x < y;
            insertion_points(&values(&an, DType::UInt64).to_vec::<u64>(), &values(&vn, DType::UInt64).to_vec::<u64>(), right, lt)
        }
        _ => {
            let lt = |x: &i64, y: &i64| x < y;
            insertion_points(&values(&an, DType::Int64).to_vec::<i64>(), &values(&vn, DType::Int64).to_vec::<i64>(), right, lt)
        }
    };
    Ok(PyNdArray::from_array(Array::from_buffer(Buffer::I64(positions), &shape)).into_pyobject(vm))
}

/// Entries `lo..hi` of the full convolution of `a` and `v`: entry i is
/// `0.0 + a[i]*v[0] + a[i-1]*v[1] + ...` over the `a` indices in range,
/// each product rounded before it is added (no fused multiply-add).
/// Entries whose window lies wholly inside `a` are computed `LANES` at a
/// time: each keeps its own sum in that order, the sums side by side (so
/// the compiler can put them in vector lanes), which gives the same bits.
pub(crate) fn convolve_f64(a: &[f64], v: &[f64], lo: usize, hi: usize) -> Vec<f64> {
    const LANES: usize = 8;
    let (n, m) = (a.len(), v.len());
    let entry = |i: usize| {
        let first = (i + 1).saturating_sub(n); // the smallest j with i - j < n
        let last = i.min(m - 1);
        let mut acc = 0.0f64;
        for j in first..=last {
            let p = a[i - j] * v[j];
            acc += p;
        }
        acc
    };
    let mut out = Vec::with_capacity(hi.saturating_sub(lo));
    let mut i = lo;
    while i < hi {
        if i + 1 >= m && i + LANES <= n.min(hi) {
            let mut acc = [0.0f64; LANES];
            for (j, &vj) in v.iter().enumerate() {
                let window: &[f64; LANES] = a[i - j..i - j + LANES].try_into().expect("LANES elements");
                for (s, &x) in acc.iter_mut().zip(window) {
                    *s += x * vj;
                }
            }
            out.extend_from_slice(&acc);
            i += LANES;
        } else {
            out.push(entry(i));
            i += 1;
        }
    }
    out
}

/// `searchsorted(a, v[, side])` of one key in a 1-D float64 or int64
/// array that takes it as it is (`convert::plain_scalar`): the insertion
/// point as an int64 scalar, found in the stored data without building
/// arrays (the scalar-sized call of a Python loop). None for any other
/// call, which the general version in search.py takes.
pub(crate) fn searchsorted_one(vm: &VirtualMachine, args: &FuncArgs) -> Option<PyObjectRef> {
    let side = match (args.args.as_slice(), args.kwargs.len()) {
        ([_, _], 0) => None,
        ([_, _], 1) => Some(args.kwargs.get("side")?),
        ([_, _, side], 0) => Some(side),
        _ => return None,
    };
    let right = match side {
        None => false,
        Some(s) => match s.downcast_ref::<rustpython_vm::builtins::PyStr>()?.to_str()? {
            "left" => false,
            "right" => true,
            _ => return None,
        },
    };
    let a = args.args[0].downcast_ref::<PyNdArray>()?;
    if a.ndim() != 1 {
        return None;
    }
    let key = convert::plain_scalar(vm, &args.args[1], a.dtype())?;
    let sorted = runtime::force(&runtime::settle(a.node()));
    fn point<T: hipy_lazy::Element>(sorted: &Array, key: T, right: bool, lt: impl Fn(&T, &T) -> bool) -> i64 {
        let at = |v: &[T]| insertion_points(v, &[key], right, &lt)[0];
        match sorted.contiguous_slice::<T>() {
            Some(v) => at(v),
            None => at(&sorted.to_vec::<T>()),
        }
    }
    let p = match key {
        Scalar::F64(k) => point(&sorted, k, right, |x: &f64, y: &f64| x < y || (y.is_nan() && !x.is_nan())),
        Scalar::I64(k) => point(&sorted, k, right, |x: &i64, y: &i64| x < y),
        _ => return None,
    };
    Some(crate::numpy::scalar::from_value(vm, Scalar::I64(p)))
}

fn insertion_points<T>(sorted: &[T], keys: &[T], right: bool, lt: impl Fn(&T, &T) -> bool) -> Vec<i64> {
    keys.iter()
        .map(|k| {
            let p = if right { sorted.partition_point(|e| !lt(k, e)) } else { sorted.partition_point(|e| lt(e, k)) };
            p as i64
        })
        .collect()
}

/// `ufunc.at` for a binary op that keeps the dtype: applies `op` to the
/// elements of `a` at the flat C-order `positions` (int64, inside `a`) with
/// `values` (one per position), in order, and writes `a` back in place.
pub(crate) fn ufunc_at_impl(vm: &VirtualMachine, a: &PyNdArray, positions: &PyObject, values: &PyObject, op: &str) -> PyResult<()> {
    let op = match op {
        "add" => BinaryOp::Add,
        "subtract" => BinaryOp::Sub,
        "multiply" => BinaryOp::Mul,
        "maximum" => BinaryOp::Maximum,
        "minimum" => BinaryOp::Minimum,
        "fmax" => BinaryOp::Fmax,
        "fmin" => BinaryOp::Fmin,
        "bitwise_and" => BinaryOp::And,
        "bitwise_or" => BinaryOp::Or,
        "bitwise_xor" => BinaryOp::Xor,
        other => return Err(vm.new_value_error(format!("no native ufunc.at for {other}"))),
    };
    let current = runtime::force(&runtime::settle(a.node())).to_contiguous();
    let shape = current.shape().to_vec();
    let positions = runtime::force(&runtime::settle(node_of(vm, positions)?)).to_vec::<i64>();
    let values = runtime::force(&runtime::settle(graph::astype(&node_of(vm, values)?, current.dtype())));
    let size = current.size();
    if values.size() != positions.len() || positions.iter().any(|&p| p < 0 || p as usize >= size) {
        return Err(vm.new_index_error("ufunc.at positions outside the array"));
    }
    let positions: Vec<usize> = positions.into_iter().map(|p| p as usize).collect();
    let mut data = (*current.buffer).clone();
    hipy_lazy::exec::scatter::apply(op, &mut data, &positions, &values);
    a.assign(vm, Node::source(Array::from_buffer(data, &shape)))
}
