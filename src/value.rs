//! Python values as plain Rust data, both ways.

use rustpython_vm::builtins::{PyBytes, PyDict, PyFloat, PyInt, PyList, PyStr, PyTuple};
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

/// A Python value copied into Rust data. Containers are converted
/// recursively; any other object is described by its type and `repr()`
/// (convert it yourself through [`crate::Runtime::with_vm`] when you need
/// more).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    None,
    Bool(bool),
    /// An `int` that fits in 64 bits.
    Int(i64),
    /// Any other `int`, in decimal.
    BigInt(String),
    Float(f64),
    Str(String),
    Bytes(Vec<u8>),
    List(Vec<Value>),
    Tuple(Vec<Value>),
    /// A `dict`'s items in iteration order.
    Dict(Vec<(Value, Value)>),
    /// An object of another type, as `(type name, repr)`. It cannot be
    /// converted back into a Python object.
    Other { type_name: String, repr: String },
}

impl Value {
    /// Copies a Python object into a `Value`.
    pub fn from_py(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Self> {
        // bool before int: bool is a subclass of int.
        if vm.is_none(obj) {
            return Ok(Self::None);
        }
        if obj.class().is(vm.ctx.types.bool_type) {
            return Ok(Self::Bool(obj.clone().try_to_bool(vm)?));
        }
        if let Some(i) = obj.downcast_ref::<PyInt>() {
            return Ok(match i64::try_from(i.as_bigint()) {
                Ok(n) => Self::Int(n),
                Err(_) => Self::BigInt(i.as_bigint().to_string()),
            });
        }
        if let Some(f) = obj.downcast_ref::<PyFloat>() {
            return Ok(Self::Float(f.to_f64()));
        }
        if let Some(s) = obj.downcast_ref::<PyStr>() {
            return Ok(Self::Str(s.as_wtf8().to_string()));
        }
        if let Some(b) = obj.downcast_ref::<PyBytes>() {
            return Ok(Self::Bytes(b.as_bytes().to_vec()));
        }
        if let Some(l) = obj.downcast_ref::<PyList>() {
            let items = l.borrow_vec().to_vec();
            return Ok(Self::List(items.iter().map(|x| Self::from_py(vm, x)).collect::<PyResult<_>>()?));
        }
        if let Some(t) = obj.downcast_ref::<PyTuple>() {
            return Ok(Self::Tuple(t.iter().map(|x| Self::from_py(vm, x)).collect::<PyResult<_>>()?));
        }
        if let Some(d) = obj.downcast_ref::<PyDict>() {
            let mut items = Vec::new();
            for (k, v) in d.items_vec() {
                items.push((Self::from_py(vm, &k)?, Self::from_py(vm, &v)?));
            }
            return Ok(Self::Dict(items));
        }
        let repr = obj.repr(vm)?.as_wtf8().to_string();
        Ok(Self::Other { type_name: obj.class().name().to_string(), repr })
    }

    /// A new Python object for this value. `Other` cannot be converted
    /// back and raises `TypeError`.
    pub fn to_py(&self, vm: &VirtualMachine) -> PyResult<PyObjectRef> {
        Ok(match self {
            Self::None => vm.ctx.none(),
            Self::Bool(b) => vm.ctx.new_bool(*b).into(),
            Self::Int(n) => vm.ctx.new_int(*n).into(),
            Self::BigInt(s) => vm.ctx.types.int_type.as_object().call((vm.ctx.new_str(s.as_str()),), vm)?,
            Self::Float(f) => vm.ctx.new_float(*f).into(),
            Self::Str(s) => vm.ctx.new_str(s.as_str()).into(),
            Self::Bytes(b) => vm.ctx.new_bytes(b.clone()).into(),
            Self::List(items) => vm.ctx.new_list(items.iter().map(|x| x.to_py(vm)).collect::<PyResult<_>>()?).into(),
            Self::Tuple(items) => vm.ctx.new_tuple(items.iter().map(|x| x.to_py(vm)).collect::<PyResult<_>>()?).into(),
            Self::Dict(items) => {
                let d = vm.ctx.new_dict();
                for (k, v) in items {
                    d.set_item(&*k.to_py(vm)?, v.to_py(vm)?, vm)?;
                }
                d.into()
            }
            Self::Other { type_name, .. } => {
                return Err(vm.new_type_error(format!("a {type_name} object described by its repr cannot be converted back")))
            }
        })
    }
}

macro_rules! value_from {
    ($($t:ty => $v:ident),* $(,)?) => {
        $(impl From<$t> for Value {
            fn from(x: $t) -> Self {
                Self::$v(x.into())
            }
        })*
    };
}

value_from!(bool => Bool, i64 => Int, i32 => Int, f64 => Float, String => Str, &str => Str);

impl From<()> for Value {
    fn from(_: ()) -> Self {
        Self::None
    }
}

impl<T: Into<Value>> From<Vec<T>> for Value {
    fn from(items: Vec<T>) -> Self {
        Self::List(items.into_iter().map(Into::into).collect())
    }
}
