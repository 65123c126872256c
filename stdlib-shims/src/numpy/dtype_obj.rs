//! `numpy.dtype` objects: `a.dtype`, `np.dtype('float32')`.

use crate::numpy::convert::parse_dtype;
use crate::numpy::scalar;
use hipy_lazy::DType;
use rustpython_vm::builtins::{PyStrRef, PyType, PyTypeRef};
use rustpython_vm::function::{Either, FuncArgs, PyComparisonValue};
use rustpython_vm::types::{Comparable, Constructor, Hashable, PyComparisonOp, Representable};
use rustpython_vm::{pyclass, AsObject, Py, PyObject, PyObjectRef, PyPayload, PyResult, VirtualMachine};

#[pyclass(module = "numpy", name = "dtype")]
#[derive(Debug, PyPayload)]
pub struct PyDType {
    pub dtype: DType,
}

impl PyDType {
    pub fn new_object(vm: &VirtualMachine, dtype: DType) -> PyObjectRef {
        PyDType { dtype }.into_pyobject(vm)
    }
}

impl Constructor for PyDType {
    type Args = FuncArgs;

    fn slot_new(cls: rustpython_vm::builtins::PyTypeRef, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if let Some(spec) = args.args.first() {
            if let Some(d) = crate::numpy::strings_native::dtype(vm, spec)? {
                return Ok(d);
            }
        }
        let payload = Self::py_new(&cls, args, vm)?;
        payload.into_ref_with_type(vm, cls).map(Into::into)
    }

    fn py_new(_cls: &Py<PyType>, args: FuncArgs, vm: &VirtualMachine) -> PyResult<Self> {
        let Some(spec) = args.args.first() else {
            return Err(vm.new_type_error("dtype() missing required argument 'dtype' (pos 1)"));
        };
        match parse_dtype(vm, spec)? {
            Some(dtype) => Ok(PyDType { dtype }),
            None => Ok(PyDType { dtype: DType::Float64 }),
        }
    }
}

#[pyclass(with(Constructor, Comparable, Hashable, Representable))]
impl PyDType {
    #[pyslot]
    fn slot_str(zelf: &PyObject, vm: &VirtualMachine) -> PyResult<PyStrRef> {
        let d = zelf.downcast_ref::<PyDType>().expect("dtype").dtype;
        Ok(vm.ctx.new_str(d.name()))
    }

    #[pygetset]
    fn name(zelf: &Py<Self>) -> &'static str {
        zelf.dtype.name()
    }

    #[pygetset]
    fn itemsize(zelf: &Py<Self>) -> usize {
        zelf.dtype.itemsize()
    }

    #[pygetset]
    fn kind(zelf: &Py<Self>) -> String {
        zelf.dtype.kind().to_string()
    }

    #[pygetset]
    fn char(zelf: &Py<Self>) -> String {
        zelf.dtype.char().to_string()
    }

    #[pygetset(name = "str")]
    fn str_code(zelf: &Py<Self>) -> String {
        zelf.dtype.str_code()
    }

    #[pygetset]
    fn descr(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        let pair = vm.ctx.new_tuple(vec![vm.ctx.new_str("").into(), vm.ctx.new_str(zelf.dtype.str_code()).into()]);
        vm.ctx.new_list(vec![pair.into()]).into()
    }

    #[pygetset]
    fn byteorder(zelf: &Py<Self>) -> &'static str {
        if zelf.dtype.itemsize() == 1 { "|" } else { "=" }
    }

    #[pygetset]
    fn ndim(_zelf: &Py<Self>) -> usize {
        0
    }

    #[pygetset]
    fn alignment(zelf: &Py<Self>) -> usize {
        zelf.dtype.itemsize()
    }

    /// Pickling, with NumPy's reduce tuple: `dtype('f8', False, True)` and
    /// the state `(3, '<', None, None, None, -1, -1, 0)`.
    #[pymethod]
    fn __reduce__(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        let code = zelf.dtype.str_code();
        let (order, name) = code.split_at(1);
        let none = || vm.ctx.none();
        let args = vm.new_tuple((name.to_string(), false, true));
        let state = vm.ctx.new_tuple(vec![
            vm.ctx.new_int(3).into(),
            vm.ctx.new_str(order).into(),
            none(),
            none(),
            none(),
            vm.ctx.new_int(-1).into(),
            vm.ctx.new_int(-1).into(),
            vm.ctx.new_int(0).into(),
        ]);
        let cls: PyObjectRef = zelf.as_object().class().to_owned().into();
        vm.new_tuple((cls, args, state)).into()
    }

    /// The state of a pickled dtype: only native byte order and no fields,
    /// the dtypes hipy has, are accepted.
    #[pymethod]
    fn __setstate__(_zelf: &Py<Self>, state: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        let order = state.get_item(vm.ctx.new_int(1).as_object(), vm)?;
        let order = order.str(vm)?.to_string_lossy().into_owned();
        match order.as_str() {
            "<" | "|" | "=" => Ok(()),
            _ => Err(vm.new_not_implemented_error(format!("unpickling a dtype with byte order '{order}'"))),
        }
    }

    #[pygetset(name = "type")]
    fn scalar_type(zelf: &Py<Self>, vm: &VirtualMachine) -> PyTypeRef {
        scalar::scalar_type(vm, zelf.dtype)
    }
}

impl Representable for PyDType {
    fn repr_str(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<String> {
        Ok(format!("dtype('{}')", zelf.dtype.name()))
    }
}

impl Hashable for PyDType {
    fn hash(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<rustpython_vm::common::hash::PyHash> {
        vm.ctx.new_str(zelf.dtype.name()).as_object().hash(vm)
    }
}

impl Comparable for PyDType {
    fn slot_richcompare(
        zelf: &PyObject,
        other: &PyObject,
        op: PyComparisonOp,
        vm: &VirtualMachine,
    ) -> PyResult<Either<PyObjectRef, PyComparisonValue>> {
        let me = zelf.downcast_ref::<PyDType>().expect("dtype").dtype;
        if !matches!(op, PyComparisonOp::Eq | PyComparisonOp::Ne) {
            return Ok(Either::B(PyComparisonValue::NotImplemented));
        }
        // Anything `np.dtype(x)` accepts compares by dtype; the rest is unequal.
        let theirs = parse_dtype(vm, other).ok().flatten();
        let eq = theirs == Some(me);
        Ok(Either::B(PyComparisonValue::Implemented(if op == PyComparisonOp::Eq { eq } else { !eq })))
    }

    fn cmp(_: &Py<Self>, _: &PyObject, _: PyComparisonOp, _: &VirtualMachine) -> PyResult<PyComparisonValue> {
        unreachable!("slot_richcompare is overridden")
    }
}
