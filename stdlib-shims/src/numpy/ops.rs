//! Python operators on arrays and numpy scalars (shared by both types and
//! by the ufunc functions).

use crate::numpy::args::OrRaise;
use crate::numpy::convert::{resolve2, to_arg, weak_of, wrap, Arg};
use crate::numpy::scalar::PyNpScalar;
use crate::numpy::ndarray::PyNdArray;
use hipy_lazy::graph::{self, BinaryOp, UnaryOp};
use hipy_lazy::layout::shape_str;
use hipy_lazy::dtype::{weak_result_dtype, weak_to_scalar};
use hipy_lazy::{DType, Node, NodeRef, Scalar, WeakScalar};
use rustpython_vm::function::{Either, PyComparisonValue};
use rustpython_vm::types::PyComparisonOp;
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyResult, VirtualMachine};

/// Both operands as computed values when they are scalars and none is
/// pending: a numpy scalar's value, or a Python bool/int/float as NumPy 2
/// takes it beside the other (NEP 50). None otherwise.
fn scalar_operands(vm: &VirtualMachine, a: &PyObject, b: &PyObject) -> PyResult<Option<(Scalar, Scalar)>> {
    let value = |o: &PyObject| o.downcast_ref::<PyNpScalar>().filter(|s| !s.is_pending()).map(|s| s.value());
    let weak = |o: &PyObject, beside: Scalar| -> PyResult<Option<Scalar>> {
        let Some(w) = weak_of(vm, o)? else {
            return Ok(None);
        };
        weak_to_scalar(w, weak_result_dtype(beside.dtype(), w)).or_raise(vm).map(Some)
    };
    Ok(match (value(a), value(b)) {
        (Some(x), Some(y)) => Some((x, y)),
        (Some(x), None) => weak(b, x)?.map(|y| (x, y)),
        (None, Some(y)) => weak(a, y)?.map(|x| (x, y)),
        (None, None) => None,
    })
}

/// `a op b` of two computed scalars: the numpy scalar, computed now.
fn binary_scalar(vm: &VirtualMachine, x: Scalar, y: Scalar, op: BinaryOp) -> PyResult {
    Ok(crate::numpy::scalar::from_value(vm, graph::binary_scalar(op, x, y).or_raise(vm)?))
}

/// `a op b`; NotImplemented for operands numpy does not take.
pub fn binary(vm: &VirtualMachine, a: &PyObject, b: &PyObject, op: BinaryOp) -> PyResult {
    if let Some((x, y)) = scalar_operands(vm, a, b)? {
        return binary_scalar(vm, x, y, op);
    }
    let (Some(x), Some(y)) = (to_arg(vm, a)?, to_arg(vm, b)?) else {
        if let Some(r) = crate::numpy::strings_native::binary(vm, a, b, &format!("{op:?}"))? {
            return Ok(r);
        }
        return Ok(crate::numpy::complex_native::binary(vm, a, b, op)?.unwrap_or_else(|| vm.ctx.not_implemented()));
    };
    let (x, y) = resolve2(vm, x, y)?;
    wrap(vm, graph::binary(op, &x, &y).or_raise(vm)?)
}

/// The node of `a op b` for ufunc calls (errors instead of NotImplemented).
pub fn binary_node(vm: &VirtualMachine, a: &PyObject, b: &PyObject, op: BinaryOp) -> PyResult<NodeRef> {
    let x = crate::numpy::convert::arg_of(vm, a)?;
    let y = crate::numpy::convert::arg_of(vm, b)?;
    let (x, y) = resolve2(vm, x, y)?;
    graph::binary(op, &x, &y).or_raise(vm)
}

pub fn unary(vm: &VirtualMachine, a: &PyObject, op: UnaryOp) -> PyResult {
    let Some(x) = to_arg(vm, a)? else {
        return Ok(vm.ctx.not_implemented());
    };
    let x = match x {
        Arg::Node(n) => n,
        Arg::Weak(_) => crate::numpy::convert::node_of(vm, a)?,
    };
    wrap(vm, graph::unary(op, &x).or_raise(vm)?)
}

/// `a ** b`, with NumPy's fast paths for arrays and Python exponents
/// (`x**2` is `square(x)`, `x**0.5` is `sqrt(x)`, ...).
pub fn power_node(vm: &VirtualMachine, a: &PyObject, b: &PyObject) -> PyResult<Option<NodeRef>> {
    let (Some(x), Some(y)) = (to_arg(vm, a)?, to_arg(vm, b)?) else {
        return Ok(None);
    };
    if let (Arg::Node(base), Arg::Weak(w), true) = (&x, &y, a.downcast_ref::<PyNdArray>().is_some()) {
        let e = match w {
            WeakScalar::Int(i) => Some(*i as f64),
            WeakScalar::Float(f) => Some(*f),
            WeakScalar::Bool(_) => None,
        };
        if let Some(e) = e {
            let fast = if base.dtype.is_float() {
                match e {
                    _ if e == 1.0 => Some(UnaryOp::Copy),
                    _ if e == -1.0 => Some(UnaryOp::Reciprocal),
                    _ if e == 0.5 => Some(UnaryOp::Sqrt),
                    _ if e == 2.0 => Some(UnaryOp::Square),
                    _ => None,
                }
            } else if e == 2.0 && base.dtype.is_int() {
                Some(UnaryOp::Square)
            } else {
                None
            };
            if let Some(u) = fast {
                return graph::unary(u, base).or_raise(vm).map(Some);
            }
            if e == 0.0 && base.dtype.is_float() {
                let ones = graph::full(&base.shape, Scalar::F64(1.0).cast(base.dtype));
                return Ok(Some(ones));
            }
        }
    }
    let (x, y) = resolve2(vm, x, y)?;
    graph::binary(BinaryOp::Pow, &x, &y).or_raise(vm).map(Some)
}

pub fn power(vm: &VirtualMachine, a: &PyObject, b: &PyObject, modulo: &PyObject) -> PyResult {
    if !vm.is_none(modulo) {
        return Err(crate::numpy::args::unsupported(vm, "power with a modulus"));
    }
    match power_node(vm, a, b)? {
        Some(n) => wrap(vm, n),
        None => Ok(vm.ctx.not_implemented()),
    }
}

pub fn divmod(vm: &VirtualMachine, a: &PyObject, b: &PyObject) -> PyResult {
    let q = binary(vm, a, b, BinaryOp::FloorDiv)?;
    if q.is(&vm.ctx.not_implemented) {
        return Ok(q);
    }
    let r = binary(vm, a, b, BinaryOp::Mod)?;
    Ok(vm.ctx.new_tuple(vec![q, r]).into())
}

pub fn matmul(vm: &VirtualMachine, a: &PyObject, b: &PyObject) -> PyResult {
    let (Some(x), Some(y)) = (to_arg(vm, a)?, to_arg(vm, b)?) else {
        return Ok(vm.ctx.not_implemented());
    };
    let (x, y) = resolve2(vm, x, y)?;
    if x.ndim() == 0 || y.ndim() == 0 {
        return Err(vm.new_value_error(
            "matmul: Input operand 0 does not have enough dimensions (has 0, gufunc core with signature (n?,k),(k,m?)->(n?,m?) requires 1)",
        ));
    }
    if x.ndim() > 2 || y.ndim() > 2 {
        // Stacks of matrices: one 2-D product per matrix, in Python.
        let contract = crate::numpy::pylib::module(vm, "contract.py")?;
        let (xa, ya) = (crate::numpy::convert::wrap_array(vm, x)?, crate::numpy::convert::wrap_array(vm, y)?);
        return contract.get_attr("_matmul_stacked", vm)?.call((xa, ya), vm);
    }
    wrap(vm, graph::matmul(&x, &y).or_raise(vm)?)
}

pub fn richcompare(
    vm: &VirtualMachine,
    a: &PyObject,
    b: &PyObject,
    op: PyComparisonOp,
) -> PyResult<Either<PyObjectRef, PyComparisonValue>> {
    let bop = match op {
        PyComparisonOp::Eq => BinaryOp::Eq,
        PyComparisonOp::Ne => BinaryOp::Ne,
        PyComparisonOp::Lt => BinaryOp::Lt,
        PyComparisonOp::Le => BinaryOp::Le,
        PyComparisonOp::Gt => BinaryOp::Gt,
        _ => BinaryOp::Ge,
    };
    if let Some((x, y)) = scalar_operands(vm, a, b)? {
        return Ok(Either::A(binary_scalar(vm, x, y, bop)?));
    }
    let (Some(x), Some(y)) = (to_arg(vm, a)?, to_arg(vm, b)?) else {
        if let Some(r) = crate::numpy::strings_native::binary(vm, a, b, &format!("{bop:?}"))? {
            return Ok(Either::A(r));
        }
        return Ok(Either::B(PyComparisonValue::NotImplemented));
    };
    let (x, y) = resolve2(vm, x, y)?;
    match graph::binary(bop, &x, &y) {
        Ok(n) => Ok(Either::A(wrap(vm, n)?)),
        // `a == b` of mismatched shapes: NumPy raises for arrays.
        Err(e) => Err(crate::numpy::args::engine_error(vm, e)),
    }
}

/// An in-place operator (`a += b`): the result is cast to `a`'s dtype under
/// 'same_kind' casting and stored into `a`; returns `a`.
pub fn inplace(vm: &VirtualMachine, a: &PyObject, b: &PyObject, op: BinaryOp) -> PyResult {
    let Some(target) = a.downcast_ref::<PyNdArray>() else {
        return Ok(vm.ctx.not_implemented());
    };
    let node = match op {
        BinaryOp::Pow => match power_node(vm, a, b)? {
            Some(n) => n,
            None => return Ok(vm.ctx.not_implemented()),
        },
        _ => {
            let Some(y) = to_arg(vm, b)? else {
                return Ok(vm.ctx.not_implemented());
            };
            let (x, y) = resolve2(vm, Arg::Node(target.node()), y)?;
            graph::binary(op, &x, &y).or_raise(vm)?
        }
    };
    store_result(vm, target, node, graph::binary_ufunc_name(op))?;
    Ok(a.to_owned())
}

/// `a @= b`: the product stored into `a`, as NumPy's `matmul(a, b, out=a)`
/// (so it must have `a`'s shape, and cast to its dtype under 'same_kind').
pub fn inplace_matmul(vm: &VirtualMachine, a: &PyObject, b: &PyObject) -> PyResult {
    let Some(target) = a.downcast_ref::<PyNdArray>() else {
        return Ok(vm.ctx.not_implemented());
    };
    let b_ndim = match b.downcast_ref::<PyNdArray>() {
        Some(y) => y.shape().len(),
        None => match to_arg(vm, b)? {
            Some(y) => resolve2(vm, Arg::Node(target.node()), y)?.1.ndim(),
            None => return Ok(vm.ctx.not_implemented()),
        },
    };
    if target.shape().is_empty() || b_ndim < 2 {
        return Err(vm.new_value_error(
            "inplace matrix multiplication requires the first operand to have at least one and the second at least two dimensions.",
        ));
    }
    let product = matmul(vm, a, b)?;
    if product.is(&vm.ctx.not_implemented) {
        return Ok(product);
    }
    let node = crate::numpy::convert::node_of(vm, &product)?;
    let shape = target.shape();
    let core_start = shape.len() - shape.len().min(2);
    let differs = (0..shape.len()).rev().find(|&i| node.shape.len() == shape.len() && node.shape[i] != shape[i]);
    if let Some(axis) = differs.filter(|&i| i >= core_start) {
        let core = axis - core_start;
        return Err(vm.new_value_error(format!(
            "matmul: Output operand 0 has a mismatch in its core dimension {core}, with gufunc signature \
             (n?,k),(k,m?)->(n?,m?) (size {} is different from {})",
            shape[axis], node.shape[axis]
        )));
    }
    store_result(vm, target, node, "matmul")?;
    Ok(a.to_owned())
}

/// Stores `node` into `out` the way a ufunc's `out=` does.
pub fn store_result(vm: &VirtualMachine, out: &PyNdArray, node: NodeRef, ufunc: &str) -> PyResult<()> {
    out.check_writeable(vm, "output array")?;
    let (shape, dtype) = (out.shape(), out.dtype());
    if node.shape.as_slice() != shape.as_slice() {
        let ok = hipy_lazy::layout::broadcast_shapes(&[&node.shape, &shape])
            .is_ok_and(|s| s.as_slice() == shape.as_slice());
        if !ok {
            return Err(vm.new_value_error(format!(
                "non-broadcastable output operand with shape {} doesn't match the broadcast shape {}",
                shape_str(&shape),
                shape_str(&hipy_lazy::layout::broadcast_shapes(&[&node.shape, &shape]).map(|s| s.to_vec()).unwrap_or(node.shape.to_vec()))
            )));
        }
    }
    if !node.dtype.can_cast_same_kind(dtype) {
        return Err(crate::numpy::args::ufunc_type_error(vm, format!(
            "Cannot cast ufunc '{ufunc}' output from dtype('{}') to dtype('{}') with casting rule 'same_kind'",
            node.dtype, dtype
        )));
    }
    let node = if node.dtype != dtype { graph::astype(&node, dtype) } else { node };
    out.assign(vm, node)
}

/// `np.round(x, decimals)` as NumPy computes it: scale, round half to even,
/// unscale.
pub fn round_node(vm: &VirtualMachine, x: NodeRef, decimals: isize) -> PyResult<NodeRef> {
    if x.dtype.is_int() || x.dtype == DType::Bool {
        if decimals >= 0 {
            return Ok(graph::astype(&x, x.dtype));
        }
        let f = graph::astype(&x, DType::Float64);
        let r = round_node(vm, f, decimals)?;
        return Ok(graph::astype(&r, x.dtype));
    }
    if decimals == 0 {
        return graph::unary(UnaryOp::Rint, &x).or_raise(vm);
    }
    let factor = Node::constant(Scalar::F64(10f64.powi(decimals.unsigned_abs() as i32)).cast(x.dtype));
    let (first, second) = if decimals >= 0 { (BinaryOp::Mul, BinaryOp::Div) } else { (BinaryOp::Div, BinaryOp::Mul) };
    let y = graph::binary(first, &x, &factor).or_raise(vm)?;
    let y = graph::unary(UnaryOp::Rint, &y).or_raise(vm)?;
    graph::binary(second, &y, &factor).or_raise(vm)
}
