//! NumPy scalars: `np.float64`, `np.float32`, `np.int64`, `np.int32` and
//! `np.bool_`, subclasses of `np.generic` made at import time.
//!
//! A scalar is either a value or a pending graph node (the result of a
//! reduction, or arithmetic on one): lazy scalars flow through arithmetic
//! and comparisons without forcing, and are forced by `float()`, `int()`,
//! `bool()` (so `if` forces), printing, formatting and hashing.

use crate::numpy::args::OrRaise;
use crate::numpy::convert::{scalar_to_py, weak_of, wrap};
use crate::numpy::format;
use crate::numpy::ops;
use hipy_lazy::graph::{self, BinaryOp, UnaryOp};
use hipy_lazy::runtime;
use hipy_lazy::{DType, Node, NodeRef, Scalar, WeakScalar};
use rustpython_vm::builtins::{PyStrRef, PyType, PyTypeRef};
use rustpython_vm::common::lock::PyRwLock;
use rustpython_vm::function::{FuncArgs, OptionalArg, PyComparisonValue};
use rustpython_vm::protocol::PyNumberMethods;
use rustpython_vm::types::{AsNumber, Comparable, Constructor, GetAttr, Hashable, PyComparisonOp, Representable};
use rustpython_vm::{
    pyclass, AsObject, Py, PyObject, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine,
};
use std::sync::OnceLock;

#[derive(Debug, Clone)]
enum ScalarState {
    Value(Scalar),
    /// A pending node, and the token telling the runtime Python holds it.
    Lazy(NodeRef, #[allow(dead_code)] std::sync::Arc<runtime::Held>),
}

#[pyclass(module = "numpy", name = "generic")]
#[derive(Debug)]
pub struct PyNpScalar {
    state: PyRwLock<ScalarState>,
}

impl PyPayload for PyNpScalar {
    /// Like CPython's numpy scalars, not tracked by the cycle collector: a
    /// scalar holds a value or a graph node and no Python object, so it is
    /// in no cycle, and tracking the scalars a Python loop makes costs more
    /// than their arithmetic. (Only `make` creates them, with no
    /// `__dict__`: the scalar types take no subclasses.)
    const NEW_REF_UNTRACKED: bool = true;

    fn class(_ctx: &rustpython_vm::Context) -> &'static Py<PyType> {
        <Self as rustpython_vm::class::StaticType>::static_type()
    }
}

const N_TYPES: usize = 12;

static TYPES: OnceLock<[PyTypeRef; N_TYPES]> = OnceLock::new();

fn type_index(d: DType) -> usize {
    ORDER.iter().position(|&o| o == d).expect("every dtype has a scalar type")
}

const ORDER: [DType; N_TYPES] = [
    DType::Float64,
    DType::Float32,
    DType::Int64,
    DType::Int32,
    DType::Bool,
    DType::Int8,
    DType::Int16,
    DType::UInt8,
    DType::UInt16,
    DType::UInt32,
    DType::UInt64,
    DType::Float16,
];

/// Creates the scalar classes (once) and returns them in `ORDER`.
pub fn types(vm: &VirtualMachine) -> &'static [PyTypeRef; N_TYPES] {
    TYPES.get_or_init(|| {
        let base = PyNpScalar::class(&vm.ctx).to_owned();
        ORDER.map(|d| {
            let name = if d == DType::Bool { "bool" } else { d.name() };
            vm.ctx.new_class(Some("numpy"), name, base.clone(), Default::default())
        })
    })
}

pub fn scalar_type(vm: &VirtualMachine, d: DType) -> PyTypeRef {
    types(vm)[type_index(d)].clone()
}

/// The dtype of one of the scalar classes.
pub fn dtype_of_type(vm: &VirtualMachine, t: &PyType) -> Option<DType> {
    types(vm).iter().position(|c| std::ptr::eq(&***c as *const PyType, t as *const PyType)).map(|k| ORDER[k])
}

fn make(vm: &VirtualMachine, dtype: DType, state: ScalarState) -> PyObjectRef {
    PyRef::new_ref(PyNpScalar { state: PyRwLock::new(state) }, scalar_type(vm, dtype), None).into()
}

pub fn from_value(vm: &VirtualMachine, s: Scalar) -> PyObjectRef {
    make(vm, s.dtype(), ScalarState::Value(s))
}

/// A scalar for a 0-d node: a value when computed, lazy otherwise.
pub fn from_node(vm: &VirtualMachine, node: NodeRef) -> PyObjectRef {
    let state = match node.done() {
        Some(a) => ScalarState::Value(a.get_flat(0)),
        None => ScalarState::Lazy(node.clone(), runtime::hold(&node)),
    };
    make(vm, node.dtype, state)
}

impl PyNpScalar {
    pub fn dtype(&self) -> DType {
        match &*self.state.read() {
            ScalarState::Value(v) => v.dtype(),
            ScalarState::Lazy(n, _) => n.dtype,
        }
    }

    pub fn node(&self) -> NodeRef {
        match &*self.state.read() {
            ScalarState::Value(v) => Node::constant(*v),
            ScalarState::Lazy(n, _) => n.clone(),
        }
    }

    /// Whether the value is still to be computed.
    pub fn is_pending(&self) -> bool {
        match &*self.state.read() {
            ScalarState::Value(_) => false,
            ScalarState::Lazy(n, _) => !n.is_done(),
        }
    }

    /// The value, forcing a lazy scalar.
    pub fn value(&self) -> Scalar {
        let node = match &*self.state.read() {
            ScalarState::Value(v) => return *v,
            ScalarState::Lazy(n, _) => n.clone(),
        };
        let v = runtime::force(&node).get_flat(0);
        *self.state.write() = ScalarState::Value(v);
        v
    }

    fn py_value(&self, vm: &VirtualMachine) -> PyObjectRef {
        scalar_to_py(vm, self.value())
    }
}

fn downcast(obj: &PyObject) -> &PyNpScalar {
    obj.downcast_ref::<PyNpScalar>().expect("numpy scalar slot on a numpy scalar")
}

impl Constructor for PyNpScalar {
    type Args = FuncArgs;

    fn slot_new(cls: PyTypeRef, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let Some(dtype) = dtype_of_type(vm, &cls) else {
            return Err(vm.new_type_error("cannot create 'numpy.generic' instances"));
        };
        let value = args.args.first().cloned();
        let Some(value) = value else {
            return Ok(from_value(vm, Scalar::I64(0).cast(dtype)));
        };
        if let Some(w) = weak_of(vm, &value)? {
            let s = match w {
                WeakScalar::Int(i) if dtype.is_int() => {
                    hipy_lazy::dtype::weak_to_scalar(w, dtype).or_raise(vm).map_err(|_| {
                        vm.new_overflow_error(format!("Python integer {i} out of bounds for {dtype}"))
                    })?
                }
                WeakScalar::Float(f) if dtype.is_int() && !f.is_finite() => {
                    return Err(if f.is_nan() {
                        vm.new_value_error("cannot convert float NaN to integer")
                    } else {
                        vm.new_overflow_error("cannot convert float infinity to integer")
                    })
                }
                _ => hipy_lazy::dtype::weak_to_scalar(w, hipy_lazy::dtype::weak_default_dtype(w))
                    .or_raise(vm)?
                    .cast(dtype),
            };
            return Ok(from_value(vm, s));
        }
        if let Some(s) = value.downcast_ref::<PyNpScalar>() {
            return Ok(from_value(vm, s.value().cast(dtype)));
        }
        if let Some(s) = value.downcast_ref::<rustpython_vm::builtins::PyStr>() {
            let owned = s.to_string_lossy();
            let text = owned.trim();
            let parsed = if dtype.is_float() {
                text.parse::<f64>().ok().map(Scalar::F64)
            } else if dtype.is_int() {
                text.parse::<i64>().ok().map(Scalar::I64)
            } else {
                Some(Scalar::Bool(!text.is_empty()))
            };
            return match parsed {
                Some(v) => Ok(from_value(vm, v.cast(dtype))),
                None => Err(vm.new_value_error(format!(
                    "could not convert string to {}: '{}'",
                    if dtype.is_float() { "float" } else { "int" },
                    text
                ))),
            };
        }
        // Sequences and arrays: NumPy returns an array of this dtype.
        let node = crate::numpy::convert::array_from_object(vm, &value, Some(dtype))?;
        wrap(vm, node)
    }

    fn py_new(_cls: &Py<PyType>, _args: Self::Args, _vm: &VirtualMachine) -> PyResult<Self> {
        unreachable!("slot_new is overridden")
    }
}

/// Attributes numpy scalars share with arrays (`x.round(2)`, `x.any()`,
/// `x.reshape(1)`, ...): looked up on the equivalent 0-d array.
impl GetAttr for PyNpScalar {
    fn getattro(zelf: &Py<Self>, name: &Py<rustpython_vm::builtins::PyStr>, vm: &VirtualMachine) -> PyResult {
        if let Some(v) = zelf.as_object().generic_getattr_opt(name, None, vm)? {
            return Ok(v);
        }
        if name.to_string_lossy().starts_with("__") {
            return Err(vm.new_no_attribute_error(zelf.to_owned().into(), name.to_owned()));
        }
        let array = crate::numpy::ndarray::PyNdArray::from_node(zelf.node()).into_pyobject(vm);
        array.get_attr(name, vm)
    }
}

#[pyclass(flags(BASETYPE), with(Constructor, AsNumber, Comparable, Hashable, Representable, GetAttr))]
impl PyNpScalar {
    #[pyslot]
    fn slot_str(zelf: &PyObject, vm: &VirtualMachine) -> PyResult<PyStrRef> {
        Ok(vm.ctx.new_str(format::scalar_str(to_format(downcast(zelf).value()))))
    }

    #[pygetset(name = "dtype")]
    fn py_dtype(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        crate::numpy::dtype_obj::PyDType::new_object(vm, PyNpScalar::dtype(zelf))
    }

    #[pygetset]
    fn shape(_zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        vm.ctx.new_tuple(vec![]).into()
    }

    #[pygetset]
    fn ndim(_zelf: &Py<Self>) -> usize {
        0
    }

    #[pygetset]
    fn size(_zelf: &Py<Self>) -> usize {
        1
    }

    #[pygetset]
    fn itemsize(zelf: &Py<Self>) -> usize {
        PyNpScalar::dtype(zelf).itemsize()
    }

    #[pymethod]
    fn item(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        zelf.py_value(vm)
    }

    #[pymethod]
    fn tolist(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        zelf.py_value(vm)
    }

    #[pymethod]
    fn astype(zelf: &Py<Self>, dtype: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let d = crate::numpy::convert::parse_dtype(vm, &dtype)?.unwrap_or(DType::Float64);
        wrap(vm, graph::astype(&zelf.node(), d))
    }

    #[pymethod]
    fn is_integer(zelf: &Py<Self>) -> bool {
        let v = zelf.value().as_f64();
        v.is_finite() && v == v.trunc()
    }

    #[pymethod]
    fn __format__(zelf: PyRef<Self>, spec: PyStrRef, vm: &VirtualMachine) -> PyResult {
        // NumPy formats the equivalent Python scalar.
        let v = zelf.py_value(vm);
        vm.call_method(&v, "__format__", (spec,))
    }

    #[pymethod]
    fn __round__(zelf: PyRef<Self>, ndigits: OptionalArg<PyObjectRef>, vm: &VirtualMachine) -> PyResult {
        match ndigits.into_option().filter(|n| !vm.is_none(n)) {
            None => {
                let v = zelf.value();
                match v {
                    Scalar::F64(_) | Scalar::F32(_) | Scalar::F16(_) => {
                        let r = v.as_f64().round_ties_even();
                        let f = vm.ctx.new_float(r);
                        vm.call_method(f.as_object(), "__int__", ())
                    }
                    other => Ok(scalar_to_py(vm, other)),
                }
            }
            Some(n) => {
                let d = crate::numpy::convert::index_of(vm, &n)?;
                let node = ops::round_node(vm, zelf.node(), d)?;
                wrap(vm, node)
            }
        }
    }

    #[pymethod]
    fn __reduce__(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyResult {
        let v = zelf.py_value(vm);
        Ok(vm.ctx.new_tuple(vec![zelf.class().to_owned().into(), vm.ctx.new_tuple(vec![v]).into()]).into())
    }
}

pub fn to_format(s: Scalar) -> format::Scalar {
    match s {
        Scalar::F64(v) => format::Scalar::Float64(v),
        Scalar::F32(v) => format::Scalar::Float32(v),
        Scalar::I64(v) => format::Scalar::Int64(v),
        Scalar::I32(v) => format::Scalar::Int32(v),
        Scalar::Bool(v) => format::Scalar::Bool(v),
        Scalar::I8(v) => format::Scalar::Int8(v),
        Scalar::I16(v) => format::Scalar::Int16(v),
        Scalar::U8(v) => format::Scalar::UInt8(v),
        Scalar::U16(v) => format::Scalar::UInt16(v),
        Scalar::U32(v) => format::Scalar::UInt32(v),
        Scalar::U64(v) => format::Scalar::UInt64(v),
        Scalar::F16(v) => format::Scalar::Float16(v),
    }
}

impl Representable for PyNpScalar {
    fn repr_str(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<String> {
        Ok(format::scalar_repr(to_format(zelf.value())))
    }
}

impl Hashable for PyNpScalar {
    fn hash(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<rustpython_vm::common::hash::PyHash> {
        zelf.py_value(vm).hash(vm)
    }
}

impl Comparable for PyNpScalar {
    fn slot_richcompare(
        zelf: &PyObject,
        other: &PyObject,
        op: PyComparisonOp,
        vm: &VirtualMachine,
    ) -> PyResult<rustpython_vm::function::Either<PyObjectRef, PyComparisonValue>> {
        ops::richcompare(vm, zelf, other, op)
    }

    fn cmp(_: &Py<Self>, _: &PyObject, _: PyComparisonOp, _: &VirtualMachine) -> PyResult<PyComparisonValue> {
        unreachable!("slot_richcompare is overridden")
    }
}

impl AsNumber for PyNpScalar {
    fn as_number() -> &'static PyNumberMethods {
        static AS_NUMBER: PyNumberMethods = PyNumberMethods {
            add: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::Add)),
            subtract: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::Sub)),
            multiply: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::Mul)),
            remainder: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::Mod)),
            divmod: Some(|a, b, vm| ops::divmod(vm, a, b)),
            power: Some(|a, b, c, vm| ops::power(vm, a, b, c)),
            negative: Some(|n, vm| ops::unary(vm, n.obj, UnaryOp::Neg)),
            positive: Some(|n, vm| ops::unary(vm, n.obj, UnaryOp::Copy)),
            absolute: Some(|n, vm| ops::unary(vm, n.obj, UnaryOp::Abs)),
            boolean: Some(|n, vm| {
                // In a function being staged, a branch on a pending value
                // is decided by the stager (which runs both ways).
                let s = downcast(n.obj);
                if s.is_pending() {
                    if let Some(hook) = crate::hipy_mod::branch_hook() {
                        return hook.call((n.obj.to_owned(),), vm)?.try_to_bool(vm);
                    }
                }
                Ok(s.value().as_bool())
            }),
            invert: Some(|n, vm| ops::unary(vm, n.obj, UnaryOp::Invert)),
            and: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::And)),
            xor: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::Xor)),
            or: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::Or)),
            lshift: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::LeftShift)),
            rshift: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::RightShift)),
            int: Some(|n, vm| scalar_int(vm, downcast(n.obj).value())),
            float: Some(|n, vm| Ok(vm.ctx.new_float(downcast(n.obj).value().as_f64()).into())),
            floor_divide: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::FloorDiv)),
            true_divide: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::Div)),
            index: Some(|n, vm| {
                let v = downcast(n.obj).value();
                match v {
                    v if v.dtype().is_int() => Ok(scalar_to_py(vm, v)),
                    _ => Err(vm.new_type_error(format!(
                        "'numpy.{}' object cannot be interpreted as an integer",
                        v.dtype().name()
                    ))),
                }
            }),
            matrix_multiply: Some(|a, b, vm| ops::matmul(vm, a, b)),
            ..PyNumberMethods::NOT_IMPLEMENTED
        };
        &AS_NUMBER
    }
}

/// `int(x)` of a numpy scalar, with Python's errors for nan and inf.
pub fn scalar_int(vm: &VirtualMachine, v: Scalar) -> PyResult {
    match v {
        Scalar::F64(_) | Scalar::F32(_) | Scalar::F16(_) => {
            let f = v.as_f64();
            if f.is_nan() {
                return Err(vm.new_value_error("cannot convert float NaN to integer"));
            }
            if f.is_infinite() {
                return Err(vm.new_overflow_error("cannot convert float infinity to integer"));
            }
            let obj = vm.ctx.new_float(f);
            vm.call_method(obj.as_object(), "__int__", ())
        }
        Scalar::Bool(b) => Ok(vm.ctx.new_int(b as i64).into()),
        other => Ok(scalar_to_py(vm, other)),
    }
}
