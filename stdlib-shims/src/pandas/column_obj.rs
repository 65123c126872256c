//! `_hipy_pandas.Column`: computed column values, as the pandas layer
//! holds them once a Series is forced (for printing, element access,
//! iteration, reductions, UDFs).

use crate::numpy::ndarray::PyNdArray;
use crate::numpy::scalar;
use crate::pandas::convert::{self, column_to_list, value_to_np, value_to_py};
use crate::pandas::errors::OrRaise;
use crate::pandas::objects;
use hipy_lazy::table::column::{ColType, Column};
use hipy_lazy::table::exec::reduce::{self, Reduce, Value};
use hipy_lazy::table::source::array_of_column;
use hipy_lazy::Scalar;
use arrow_array::Array;
use rustpython_vm::builtins::PyStrRef;
use rustpython_vm::protocol::PySequenceMethods;
use rustpython_vm::types::AsSequence;
use rustpython_vm::atomic_func;
use rustpython_vm::{pyclass, Py, PyObjectRef, PyPayload, PyResult, VirtualMachine};

#[pyclass(module = "_hipy_pandas", name = "Column")]
#[derive(Debug, PyPayload)]
pub struct PyColumn {
    pub col: Column,
}

impl PyColumn {
    pub fn new(col: Column) -> PyColumn {
        PyColumn { col }
    }
}

fn index(vm: &VirtualMachine, n: usize, i: isize) -> PyResult<usize> {
    let j = if i < 0 { i + n as isize } else { i };
    if j < 0 || j >= n as isize {
        return Err(vm.new_index_error(format!("index {i} is out of bounds for axis 0 with size {n}")));
    }
    Ok(j as usize)
}

pub fn value_obj(vm: &VirtualMachine, v: Value, np: bool) -> PyObjectRef {
    match v {
        Value::Int(i) if np => scalar::from_value(vm, Scalar::I64(i)),
        Value::Float(f) if np => scalar::from_value(vm, Scalar::F64(f)),
        Value::Bool(b) if np => scalar::from_value(vm, Scalar::Bool(b)),
        Value::Int(i) => vm.ctx.new_int(i).into(),
        Value::Float(f) => vm.ctx.new_float(f).into(),
        Value::Bool(b) => vm.ctx.new_bool(b).into(),
        Value::Str(s) => vm.ctx.new_str(s).into(),
        Value::Missing if np => scalar::from_value(vm, Scalar::F64(f64::NAN)),
        Value::Missing => vm.ctx.new_float(f64::NAN).into(),
    }
}

#[pyclass(with(AsSequence))]
impl PyColumn {
    #[pymethod]
    fn length(zelf: &Py<Self>) -> usize {
        zelf.col.len()
    }

    #[pygetset]
    fn dtype(zelf: &Py<Self>) -> &'static str {
        zelf.col.col_type().name()
    }

    /// The engine's type name (`str_list` for lists of strings).
    #[pygetset]
    fn kind(zelf: &Py<Self>) -> &'static str {
        match zelf.col.col_type() {
            ColType::StrList => "str_list",
            t => t.name(),
        }
    }

    #[pymethod]
    fn tolist(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        column_to_list(vm, &zelf.col)
    }

    /// Element `i` as Python's own type.
    #[pymethod]
    fn item(zelf: &Py<Self>, i: isize, vm: &VirtualMachine) -> PyResult {
        let i = index(vm, zelf.col.len(), i)?;
        Ok(value_to_py(vm, &zelf.col, i))
    }

    /// Element `i` as pandas returns one (NumPy scalars for numbers).
    #[pymethod]
    fn get(zelf: &Py<Self>, i: isize, vm: &VirtualMachine) -> PyResult {
        let i = index(vm, zelf.col.len(), i)?;
        Ok(value_to_np(vm, &zelf.col, i))
    }

    #[pymethod]
    fn take(zelf: &Py<Self>, idx: PyObjectRef, vm: &VirtualMachine) -> PyResult<PyColumn> {
        let n = zelf.col.len();
        let items = convert::items_of(vm, &idx)?;
        let mut v = Vec::with_capacity(items.len());
        for it in items {
            let i: isize = it.try_into_value(vm)?;
            v.push(index(vm, n, i)? as u32);
        }
        Ok(PyColumn::new(objects::with_vm(vm, || zelf.col.take(&v)).or_raise(vm)?))
    }

    #[pymethod]
    fn slice(zelf: &Py<Self>, start: usize, stop: usize) -> PyColumn {
        let n = zelf.col.len();
        let start = start.min(n);
        let stop = stop.clamp(start, n);
        PyColumn::new(zelf.col.slice(start, stop - start))
    }

    #[pymethod]
    fn isna(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        let m = hipy_lazy::table::exec::expr::is_null(&zelf.col).or_raise(vm)?;
        Ok(vm.ctx.new_list(m.into_iter().map(|b| vm.ctx.new_bool(b).into()).collect()).into())
    }

    /// A hipy ndarray of the values (numbers and bools).
    #[pymethod]
    fn to_numpy(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        let a = array_of_column(&zelf.col).or_raise(vm)?;
        Ok(PyNdArray::from_array(a).into_pyobject(vm))
    }

    /// A whole-column reduction (`sum`, `mean`, ...), as a NumPy scalar
    /// when `np` (Series reductions) or Python's own type.
    #[pymethod]
    fn reduce(zelf: &Py<Self>, op: PyStrRef, ddof: i64, min_count: usize, np: bool, vm: &VirtualMachine) -> PyResult {
        let name = op.as_wtf8().to_string();
        let r = Reduce::from_name(&name)
            .ok_or_else(|| vm.new_not_implemented_error(format!("pandas.Series.{name} is not supported by hipy")))?;
        let v = reduce::reduce(&zelf.col, r, ddof, min_count).or_raise(vm)?;
        Ok(value_obj(vm, v, np))
    }

    #[pymethod]
    fn quantile(zelf: &Py<Self>, q: f64, vm: &VirtualMachine) -> PyResult {
        let v = reduce::quantile(&zelf.col, q).or_raise(vm)?;
        Ok(value_obj(vm, v, true))
    }

    #[pymethod]
    fn unique(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<PyColumn> {
        Ok(PyColumn::new(objects::with_vm(vm, || reduce::unique(&zelf.col, true)).or_raise(vm)?))
    }

    /// Whether two columns hold the same values (NaN equal to NaN).
    #[pymethod]
    fn equals(zelf: &Py<Self>, other: rustpython_vm::PyRef<PyColumn>, vm: &VirtualMachine) -> PyResult<bool> {
        let (a, b) = (&zelf.col, &other.col);
        if a.len() != b.len() || a.col_type() != b.col_type() {
            return Ok(false);
        }
        Ok(match a.col_type() {
            ColType::Int64 => a.i64s().unwrap().values() == b.i64s().unwrap().values(),
            ColType::Float64 => a
                .f64s()
                .unwrap()
                .values()
                .iter()
                .zip(b.f64s().unwrap().values())
                .all(|(x, y)| x == y || (x.is_nan() && y.is_nan())),
            ColType::Bool => a.bools().unwrap() == b.bools().unwrap(),
            ColType::Str => {
                let (x, y) = (a.strs().unwrap(), b.strs().unwrap());
                (0..x.len()).all(|i| x.is_null(i) == y.is_null(i) && (x.is_null(i) || x.value(i) == y.value(i)))
            }
            _ => {
                let (x, y) = (column_to_list(vm, a), column_to_list(vm, b));
                vm.bool_eq(&x, &y)?
            }
        })
    }

    /// For a column of lists of strings without missing rows: the fewest
    /// and the most elements of a row, and the most bytes of an element
    /// (bounds for staging UDFs over the lists); else None.
    #[pymethod]
    fn list_shape(zelf: &Py<Self>) -> Option<(usize, usize, usize)> {
        use arrow_array::cast::AsArray;
        let list = zelf.col.arrow().ok()?.as_list_opt::<i32>()?;
        if list.null_count() > 0 {
            return None;
        }
        let strs = list.values().as_string_opt::<i32>()?;
        let lens = (0..list.len()).map(|i| list.value_length(i) as usize);
        let (lo, hi) = lens.fold((usize::MAX, 0), |(lo, hi), n| (lo.min(n), hi.max(n)));
        let widest = strs.offsets().windows(2).map(|w| (w[1] - w[0]) as usize).max().unwrap_or(0);
        Some((if list.is_empty() { 0 } else { lo }, hi, widest))
    }

    /// The column with another type (`astype`).
    #[pymethod]
    fn cast(zelf: &Py<Self>, to: PyStrRef, vm: &VirtualMachine) -> PyResult<PyColumn> {
        let t = convert::col_type_of_name(vm, to.to_string_lossy().as_ref())?;
        if t == ColType::Object {
            let idx: Vec<Option<u32>> = (0..zelf.col.len() as u32).map(Some).collect();
            return Ok(PyColumn::new(
                objects::with_vm(vm, || zelf.col.take_opt(&idx, ColType::Object)).or_raise(vm)?,
            ));
        }
        Ok(PyColumn::new(zelf.col.cast(t).or_raise(vm)?))
    }
}

impl AsSequence for PyColumn {
    fn as_sequence() -> &'static PySequenceMethods {
        static AS_SEQUENCE: PySequenceMethods = PySequenceMethods {
            length: atomic_func!(|seq, _vm| Ok(PyColumn::sequence_downcast(seq).col.len())),
            ..PySequenceMethods::NOT_IMPLEMENTED
        };
        &AS_SEQUENCE
    }
}
