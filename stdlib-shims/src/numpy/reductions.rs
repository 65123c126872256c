//! Reductions (`sum`, `mean`, `std`, ...), as methods and as functions.
//! They return lazy scalars (or lazy arrays with `axis=`).

use crate::numpy::args::{bind, given, unsupported, OrRaise};
use crate::numpy::convert::{self, wrap};
use hipy_lazy::graph::{self, BinaryOp, CumOp, UnaryOp};
use hipy_lazy::{DType, Node, NodeRef, ReduceOp, Scalar};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

pub fn reduce_node(
    vm: &VirtualMachine,
    x: NodeRef,
    op: ReduceOp,
    axis: Option<Vec<isize>>,
    keepdims: bool,
) -> PyResult<NodeRef> {
    graph::reduce(op, &x, axis.as_deref(), keepdims).or_raise(vm)
}

fn with_dtype(vm: &VirtualMachine, x: NodeRef, dtype: &Option<PyObjectRef>) -> PyResult<NodeRef> {
    match given(dtype, vm) {
        Some(d) => match convert::parse_dtype(vm, &d)? {
            Some(d) => Ok(graph::astype(&x, d)),
            None => Ok(x),
        },
        None => Ok(x),
    }
}

fn no_out(vm: &VirtualMachine, name: &str, out: &Option<PyObjectRef>) -> PyResult<()> {
    if given(out, vm).is_some() {
        return Err(unsupported(vm, &format!("{name}(out=...)")));
    }
    Ok(())
}

/// `a.sum(axis, dtype, out, keepdims)` and friends.
pub fn method(vm: &VirtualMachine, x: NodeRef, op: ReduceOp, name: &'static str, args: FuncArgs) -> PyResult {
    let [axis, dtype, out, keepdims] = bind(vm, name, args, ["axis", "dtype", "out", "keepdims"], 0)?;
    no_out(vm, name, &out)?;
    let asked = match given(&dtype, vm) {
        Some(d) if !matches!(op, ReduceOp::Min | ReduceOp::Max | ReduceOp::Any | ReduceOp::All) => {
            convert::parse_dtype(vm, &d)?
        }
        _ => None,
    };
    let x = match asked {
        Some(d) => graph::astype(&x, d),
        None => x,
    };
    let axis = convert::axes_of(vm, &axis)?;
    let keep = convert::truthy(vm, &keepdims)?;
    let mut r = reduce_node(vm, x, op, axis, keep)?;
    // An explicit dtype is also the result's dtype (int32 sums wrap as int32).
    if let Some(d) = asked {
        if r.dtype != d {
            r = graph::astype(&r, d);
        }
    }
    wrap(vm, r)
}

/// `np.sum(a, axis, ...)`.
pub fn function(vm: &VirtualMachine, op: ReduceOp, name: &'static str, mut args: FuncArgs) -> PyResult {
    if args.args.is_empty() {
        match args.kwargs.swap_remove("a") {
            Some(a) => args.args.push(a),
            None => return Err(vm.new_type_error(format!("{name}() missing required argument 'a' (pos 1)"))),
        }
    }
    let a = args.args.remove(0);
    let x = match convert::node_of(vm, &a) {
        Ok(x) => x,
        // NumPy calls the method of an array-like it does not know
        // (`np.amax` calls `max`).
        Err(_) if crate::numpy::strings_native::is_pylib_array(vm, &a) => {
            let method_name = name.strip_prefix('a').filter(|m| matches!(*m, "max" | "min")).unwrap_or(name);
            return vm.call_method(&a, method_name, args);
        }
        Err(e) => return Err(e),
    };
    method(vm, x, op, name, args)
}

pub fn arg_method(vm: &VirtualMachine, x: NodeRef, op: ReduceOp, name: &'static str, args: FuncArgs) -> PyResult {
    let [axis, out, keepdims] = bind(vm, name, args, ["axis", "out", "keepdims"], 0)?;
    no_out(vm, name, &out)?;
    let keep = convert::truthy(vm, &keepdims)?;
    let node = match given(&axis, vm) {
        None => {
            // Over the flattened array.
            let r = graph::reduce(op, &x, None, false).or_raise(vm)?;
            if keep {
                let ones = vec![1usize; x.ndim()];
                return crate::numpy::convert::wrap_array(vm, reshape_node(vm, r, &ones)?);
            }
            r
        }
        Some(a) => {
            let a = convert::index_of(vm, &a)?;
            graph::reduce(op, &x, Some(&[a]), keep).or_raise(vm)?
        }
    };
    wrap(vm, node)
}

pub fn arg_function(vm: &VirtualMachine, op: ReduceOp, name: &'static str, mut args: FuncArgs) -> PyResult {
    if args.args.is_empty() {
        return Err(vm.new_type_error(format!("{name}() missing required argument 'a' (pos 1)")));
    }
    let a = args.args.remove(0);
    let x = match convert::node_of(vm, &a) {
        Ok(x) => x,
        // NumPy calls the method of an array-like it does not know.
        Err(_) if crate::numpy::strings_native::is_pylib_array(vm, &a) => return vm.call_method(&a, name, args),
        Err(e) => return Err(e),
    };
    arg_method(vm, x, op, name, args)
}

/// Materializes `r` with a new shape (a small result, e.g. keepdims).
fn reshape_node(vm: &VirtualMachine, r: NodeRef, shape: &[usize]) -> PyResult<NodeRef> {
    let a = hipy_lazy::runtime::force(&hipy_lazy::runtime::settle(r));
    let l = a.layout.reshape_view(shape).ok_or_else(|| vm.new_value_error("cannot reshape"))?;
    Ok(Node::source(hipy_lazy::Array::new(a.buffer, l)))
}

/// NumPy's `_var`: mean with keepdims, squared deviations, their sum over
/// `max(n - ddof, 0)`; `std` is its square root.
pub fn var_node(
    vm: &VirtualMachine,
    x: NodeRef,
    axis: Option<Vec<isize>>,
    ddof: f64,
    keepdims: bool,
    std: bool,
) -> PyResult<NodeRef> {
    let axes = graph::reduction_axes(axis.as_deref(), x.ndim()).or_raise(vm)?;
    let count: usize = axes.iter().map(|&a| x.shape[a]).product();
    let x = if x.dtype.is_float() { x } else { graph::astype(&x, DType::Float64) };
    let mean_sum = reduce_node(vm, x.clone(), ReduceOp::Sum, axis.clone(), true)?;
    let n = Node::constant(Scalar::F64(count as f64).cast(x.dtype));
    let mean = graph::binary(BinaryOp::Div, &mean_sum, &n).or_raise(vm)?;
    let d = graph::binary(BinaryOp::Sub, &x, &mean).or_raise(vm)?;
    let sq = graph::binary(BinaryOp::Mul, &d, &d).or_raise(vm)?;
    let total = reduce_node(vm, sq, ReduceOp::Sum, axis, keepdims)?;
    let div = Node::constant(Scalar::F64((count as f64 - ddof).max(0.0)).cast(x.dtype));
    let var = graph::binary(BinaryOp::Div, &total, &div).or_raise(vm)?;
    if std {
        graph::unary(UnaryOp::Sqrt, &var).or_raise(vm)
    } else {
        Ok(var)
    }
}

pub fn var_method(vm: &VirtualMachine, x: NodeRef, std: bool, name: &'static str, args: FuncArgs) -> PyResult {
    let [axis, dtype, out, ddof, keepdims] =
        bind(vm, name, args, ["axis", "dtype", "out", "ddof", "keepdims"], 0)?;
    no_out(vm, name, &out)?;
    let x = with_dtype(vm, x, &dtype)?;
    let ddof = match given(&ddof, vm) {
        Some(d) => d.try_float(vm)?.to_f64(),
        None => 0.0,
    };
    let axis = convert::axes_of(vm, &axis)?;
    let keep = convert::truthy(vm, &keepdims)?;
    wrap(vm, var_node(vm, x, axis, ddof, keep, std)?)
}

pub fn var_function(vm: &VirtualMachine, std: bool, name: &'static str, mut args: FuncArgs) -> PyResult {
    if args.args.is_empty() {
        return Err(vm.new_type_error(format!("{name}() missing required argument 'a' (pos 1)")));
    }
    let a = args.args.remove(0);
    let x = match convert::node_of(vm, &a) {
        Ok(x) => x,
        // NumPy calls the method of an array-like it does not know.
        Err(_) if crate::numpy::strings_native::is_pylib_array(vm, &a) => return vm.call_method(&a, name, args),
        Err(e) => return Err(e),
    };
    var_method(vm, x, std, name, args)
}

pub fn cumulative(vm: &VirtualMachine, x: NodeRef, op: CumOp, name: &'static str, args: FuncArgs) -> PyResult {
    let [axis, dtype, out] = bind(vm, name, args, ["axis", "dtype", "out"], 0)?;
    no_out(vm, name, &out)?;
    let x = with_dtype(vm, x, &dtype)?;
    let axis = match given(&axis, vm) {
        Some(a) => Some(convert::index_of(vm, &a)?),
        None => None,
    };
    crate::numpy::convert::wrap_array(vm, graph::cumulative(op, &x, axis).or_raise(vm)?)
}

pub fn cumulative_function(vm: &VirtualMachine, op: CumOp, name: &'static str, mut args: FuncArgs) -> PyResult {
    if args.args.is_empty() {
        return Err(vm.new_type_error(format!("{name}() missing required argument 'a' (pos 1)")));
    }
    let a = args.args.remove(0);
    let x = match convert::node_of(vm, &a) {
        Ok(x) => x,
        // NumPy calls the method of an array-like it does not know.
        Err(_) if crate::numpy::strings_native::is_pylib_array(vm, &a) => return vm.call_method(&a, name, args),
        Err(e) => return Err(e),
    };
    cumulative(vm, x, op, name, args)
}
