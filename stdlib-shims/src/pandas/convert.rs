//! Between Python values and table columns: pandas' dtype inference for
//! lists of values, and the values of a column back as Python objects
//! (native ones for `tolist` and iteration, NumPy scalars for element
//! access, as pandas returns them).

use crate::numpy::scalar::{self, PyNpScalar};
use crate::pandas::objects;
use hipy_lazy::table::column::{ColType, Column, Name};
use hipy_lazy::table::expr::Lit;
use hipy_lazy::Scalar;
use arrow_array::builder::{ListBuilder, StringBuilder};
use arrow_array::cast::AsArray;
use arrow_array::Array;
use rustpython_vm::builtins::{PyFloat, PyInt, PyList, PyStr, PyTuple};
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyResult, VirtualMachine};
use std::sync::Arc;

/// The Python value of row `i` (missing values are float NaN).
pub fn value_to_py(vm: &VirtualMachine, c: &Column, i: usize) -> PyObjectRef {
    match c {
        Column::Object(_) => objects::items(c).unwrap()[i].clone(),
        Column::Arrow(a) => match c.col_type() {
            ColType::Int64 => vm.ctx.new_int(c.i64s().unwrap().value(i)).into(),
            ColType::Float64 => vm.ctx.new_float(c.f64s().unwrap().value(i)).into(),
            ColType::Bool => vm.ctx.new_bool(c.bools().unwrap().value(i)).into(),
            ColType::Str => {
                let s = c.strs().unwrap();
                if s.is_null(i) {
                    objects::nan_object()
                } else {
                    vm.ctx.new_str(s.value(i)).into()
                }
            }
            ColType::StrList => {
                let l = a.as_list::<i32>();
                if l.is_null(i) {
                    return objects::nan_object();
                }
                let v = l.value(i);
                let s = v.as_string::<i32>();
                let items =
                    (0..s.len()).map(|k| if s.is_null(k) { vm.ctx.none() } else { vm.ctx.new_str(s.value(k)).into() }).collect();
                vm.ctx.new_list(items).into()
            }
            ColType::Object => unreachable!(),
        },
    }
}

/// Row `i` as pandas returns a single element: NumPy scalars for numbers.
pub fn value_to_np(vm: &VirtualMachine, c: &Column, i: usize) -> PyObjectRef {
    match c.col_type() {
        ColType::Int64 => scalar::from_value(vm, Scalar::I64(c.i64s().unwrap().value(i))),
        ColType::Float64 => scalar::from_value(vm, Scalar::F64(c.f64s().unwrap().value(i))),
        ColType::Bool => scalar::from_value(vm, Scalar::Bool(c.bools().unwrap().value(i))),
        _ => value_to_py(vm, c, i),
    }
}

/// Python strings for the values of a string array, one object per
/// distinct value while there are few of them (columns of categories,
/// split words): far fewer allocations than one string per row.
struct StrCache {
    map: std::collections::HashMap<String, PyObjectRef>,
}

impl StrCache {
    const LIMIT: usize = 4096;

    fn new() -> StrCache {
        StrCache { map: std::collections::HashMap::new() }
    }

    fn get(&mut self, vm: &VirtualMachine, s: &str) -> PyObjectRef {
        if let Some(o) = self.map.get(s) {
            return o.clone();
        }
        let o: PyObjectRef = vm.ctx.new_str(s).into();
        if self.map.len() < Self::LIMIT {
            self.map.insert(s.to_string(), o.clone());
        }
        o
    }
}

pub fn column_to_list(vm: &VirtualMachine, c: &Column) -> PyObjectRef {
    let n = c.len();
    let items: Vec<PyObjectRef> = match c.col_type() {
        ColType::Float64 => c.f64s().unwrap().values().iter().map(|&v| vm.ctx.new_float(v).into()).collect(),
        ColType::Int64 => c.i64s().unwrap().values().iter().map(|&v| vm.ctx.new_int(v).into()).collect(),
        ColType::Str => {
            let s = c.strs().unwrap();
            let mut cache = StrCache::new();
            (0..n).map(|i| if s.is_null(i) { objects::nan_object() } else { cache.get(vm, s.value(i)) }).collect()
        }
        ColType::StrList => {
            let Column::Arrow(a) = c else { unreachable!() };
            let l = a.as_list::<i32>();
            let mut cache = StrCache::new();
            (0..n)
                .map(|i| {
                    if l.is_null(i) {
                        return objects::nan_object();
                    }
                    let v = l.value(i);
                    let s = v.as_string::<i32>();
                    let items = (0..s.len())
                        .map(|k| if s.is_null(k) { vm.ctx.none() } else { cache.get(vm, s.value(k)) })
                        .collect();
                    vm.ctx.new_list(items).into()
                })
                .collect()
        }
        _ => (0..n).map(|i| value_to_py(vm, c, i)).collect(),
    };
    vm.ctx.new_list(items).into()
}

/// What one Python value is, for inference.
enum Kind {
    Int(i64),
    Float(f64),
    Bool(bool),
    Str,
    Missing,
    StrList,
    Other,
}

fn kind_of(vm: &VirtualMachine, o: &PyObject) -> Kind {
    let cls = o.class();
    if cls.is(vm.ctx.types.float_type) {
        let f = o.downcast_ref::<PyFloat>().unwrap().to_f64();
        return if f.is_nan() { Kind::Missing } else { Kind::Float(f) };
    }
    if cls.is(vm.ctx.types.bool_type) {
        return Kind::Bool(o.is(&vm.ctx.true_value));
    }
    if cls.is(vm.ctx.types.int_type) {
        return match o.downcast_ref::<PyInt>().unwrap().try_to_primitive::<i64>(vm) {
            Ok(v) => Kind::Int(v),
            Err(_) => Kind::Other,
        };
    }
    if cls.is(vm.ctx.types.str_type) {
        return Kind::Str;
    }
    if vm.is_none(o) {
        return Kind::Missing;
    }
    if let Some(s) = o.downcast_ref::<PyNpScalar>() {
        return match s.value() {
            Scalar::F64(v) => {
                if v.is_nan() {
                    Kind::Missing
                } else {
                    Kind::Float(v)
                }
            }
            Scalar::Bool(b) => Kind::Bool(b),
            Scalar::U64(v) if v > i64::MAX as u64 => Kind::Other,
            v @ (Scalar::F32(_) | Scalar::F16(_)) => {
                let f = v.as_f64();
                if f.is_nan() {
                    Kind::Missing
                } else {
                    Kind::Float(f)
                }
            }
            v => Kind::Int(v.as_i64()),
        };
    }
    if let Some(l) = o.downcast_ref::<PyList>() {
        if l.borrow_vec().iter().all(|x| x.class().is(vm.ctx.types.str_type)) {
            return Kind::StrList;
        }
    }
    Kind::Other
}

/// A column from Python values with pandas' inference: int64, float64
/// (numbers with None/NaN), bool, str (strings with None/NaN), else object.
/// `lists_as_objects` keeps lists of strings as objects (what `Series(...)`
/// of lists does; `.str.split` results are list columns instead).
pub fn column_from_values(vm: &VirtualMachine, items: &[PyObjectRef]) -> PyResult<Column> {
    let n = items.len();
    if n == 0 {
        return Ok(objects::column(vec![]));
    }
    narrow_scalars_unsupported(vm, items)?;
    // Two passes: count the kinds (and the strings' bytes), then build the
    // column, classifying again. No per-item vector: a column of a million
    // values would hold 16 MB of kinds beside its own data.
    let (mut ints, mut floats, mut bools, mut strs, mut missing, mut other) = (0, 0, 0, 0, 0, 0);
    let mut str_bytes = 0;
    for o in items {
        match kind_of(vm, o) {
            Kind::Int(_) => ints += 1,
            Kind::Float(_) => floats += 1,
            Kind::Bool(_) => bools += 1,
            Kind::Str => {
                strs += 1;
                str_bytes += o.downcast_ref::<PyStr>().unwrap().byte_len();
            }
            Kind::Missing => missing += 1,
            Kind::StrList | Kind::Other => other += 1,
        }
    }
    let kinds = || items.iter().map(|o| kind_of(vm, o));
    if other == 0 && strs == 0 && bools == 0 && floats == 0 && missing == 0 {
        return Ok(Column::from_i64(kinds().map(|k| if let Kind::Int(v) = k { v } else { 0 }).collect()));
    }
    if other == 0 && strs == 0 && bools == 0 && (ints + floats + missing == n) && (ints + floats) > 0 {
        return Ok(Column::from_f64(
            kinds()
                .map(|k| match k {
                    Kind::Int(v) => v as f64,
                    Kind::Float(v) => v,
                    _ => f64::NAN,
                })
                .collect(),
        ));
    }
    if bools == n {
        return Ok(Column::from_bool(kinds().map(|k| matches!(k, Kind::Bool(true))).collect()));
    }
    if strs > 0 && strs + missing == n {
        let mut b = StringBuilder::with_capacity(n, str_bytes);
        for o in items {
            match o.downcast_ref::<PyStr>() {
                Some(ps) if o.class().is(vm.ctx.types.str_type) => match ps.to_str() {
                    Some(t) => b.append_value(t),
                    None => b.append_value(ps.to_string_lossy()),
                },
                _ => b.append_null(),
            }
        }
        return Ok(Column::Arrow(Arc::new(b.finish())));
    }
    if missing == n {
        // All None: object; all NaN: float64.
        if items.iter().all(|o| vm.is_none(o)) {
            return Ok(objects::column(items.to_vec()));
        }
        if items.iter().all(|o| !vm.is_none(o)) {
            return Ok(Column::from_f64(vec![f64::NAN; n]));
        }
    }
    Ok(objects::column(items.to_vec()))
}

/// pandas builds a column of NumPy scalars only (no Python values among
/// them) with NumPy's promotion, so `[np.int32(1), np.int32(2)]` is an
/// int32 column and `[np.uint8(1), np.int8(2)]` an object one; hipy's
/// columns are int64, float64, bool, str or object, so such lists are
/// refused rather than given a different dtype. Unsigned scalars are
/// refused anywhere (`[np.uint8(200), 1]` is a uint64 column in pandas).
fn narrow_scalars_unsupported(vm: &VirtualMachine, items: &[PyObjectRef]) -> PyResult<()> {
    let mut all_np = true;
    let mut narrow = None;
    for o in items {
        match o.downcast_ref::<PyNpScalar>() {
            Some(s) => {
                let v = s.value();
                if matches!(v, Scalar::U8(_) | Scalar::U16(_) | Scalar::U32(_) | Scalar::U64(_)) {
                    narrow = Some(v.dtype());
                    all_np = true;
                    break;
                }
                if !matches!(v, Scalar::F64(_) | Scalar::I64(_) | Scalar::Bool(_)) {
                    narrow.get_or_insert(v.dtype());
                }
            }
            None => all_np = false,
        }
    }
    match narrow {
        Some(d) if all_np => Err(vm.new_not_implemented_error(format!(
            "pandas columns of numpy {d} scalars are not supported by hipy"
        ))),
        _ => Ok(()),
    }
}

/// A list column of lists of strings (what `.str.split` results hold).
pub fn str_list_column(vm: &VirtualMachine, items: &[PyObjectRef]) -> Option<Column> {
    let mut b = ListBuilder::new(StringBuilder::new());
    for o in items {
        if vm.is_none(o) || o.downcast_ref::<PyFloat>().is_some_and(|f| f.to_f64().is_nan()) {
            b.append_null();
            continue;
        }
        let l = o.downcast_ref::<PyList>()?;
        for x in l.borrow_vec().iter() {
            b.values().append_value(x.downcast_ref::<PyStr>()?.as_wtf8().to_string());
        }
        b.append(true);
    }
    Some(Column::Arrow(Arc::new(b.finish())))
}

/// The items of a list, tuple or other iterable.
pub fn items_of(vm: &VirtualMachine, obj: &PyObject) -> PyResult<Vec<PyObjectRef>> {
    if let Some(l) = obj.downcast_ref::<PyList>() {
        return Ok(l.borrow_vec().to_vec());
    }
    if let Some(t) = obj.downcast_ref::<PyTuple>() {
        return Ok(t.as_slice().to_vec());
    }
    let iter = obj.to_owned().get_iter(vm)?;
    let mut v = Vec::new();
    while let rustpython_vm::protocol::PyIterReturn::Return(x) = iter.next(vm)? {
        v.push(x);
    }
    Ok(v)
}

pub fn names_of(vm: &VirtualMachine, obj: &PyObject) -> PyResult<Vec<Name>> {
    items_of(vm, obj)?
        .iter()
        .map(|o| match o.downcast_ref::<PyStr>() {
            Some(s) => Ok(Name::from(s.as_wtf8().to_string())),
            None => Err(vm.new_type_error("internal: column names are strings")),
        })
        .collect()
}

pub fn name_of(vm: &VirtualMachine, obj: &PyObject) -> PyResult<Name> {
    match obj.downcast_ref::<PyStr>() {
        Some(s) => Ok(Name::from(s.as_wtf8().to_string())),
        None => Err(vm.new_type_error("internal: a column name is a string")),
    }
}

/// A literal from a Python scalar.
pub fn lit_of(vm: &VirtualMachine, o: &PyObject) -> PyResult<Lit> {
    Ok(match kind_of(vm, o) {
        Kind::Int(v) => Lit::Int(v),
        Kind::Float(v) => Lit::Float(v),
        Kind::Bool(b) => Lit::Bool(b),
        Kind::Str => Lit::Str(o.downcast_ref::<PyStr>().unwrap().as_wtf8().to_string().into()),
        Kind::Missing => Lit::Null,
        _ => {
            return Err(vm.new_not_implemented_error(format!(
                "pandas operations with a {} operand are not supported by hipy",
                o.class().name()
            )))
        }
    })
}

pub fn col_type_of_name(vm: &VirtualMachine, s: &str) -> PyResult<ColType> {
    Ok(match s {
        "int64" => ColType::Int64,
        "float64" => ColType::Float64,
        "bool" => ColType::Bool,
        "str" => ColType::Str,
        "object" => ColType::Object,
        other => return Err(vm.new_not_implemented_error(format!("pandas dtype {other} is not supported by hipy"))),
    })
}
