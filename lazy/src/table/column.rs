//! Columns and tables: what the table executor reads and produces.
//!
//! A column is an Arrow array, or opaque Python objects (pandas' `object`
//! dtype) that the engine can only move around. The invariants that make
//! the Arrow arrays behave like pandas' NumPy-backed columns:
//! - `Int64`, `Float64` and `Bool` arrays have no nulls (a missing float is
//!   NaN; an int or bool column that gains missing values changes dtype);
//! - `Str` (pandas 3's default string dtype) and `StrList` (lists of
//!   strings, what `.str.split` makes) mark missing values as nulls.

use crate::table::error::{Error, Result};
use arrow_array::builder::{Float64Builder, StringBuilder};
use arrow_array::cast::AsArray;
use arrow_array::types::{Float64Type, Int64Type};
use arrow_array::{Array, ArrayRef, BooleanArray, Float64Array, Int64Array, StringArray, UInt32Array};
use arrow_schema::DataType;
use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// A column name inside a plan (the pandas layer maps its labels to these).
pub type Name = Arc<str>;

/// The dtypes a column can have, as pandas names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColType {
    Int64,
    Float64,
    Bool,
    Str,
    /// Lists of strings (shown by pandas as `object`).
    StrList,
    Object,
}

impl ColType {
    /// pandas' name of the dtype (`str(df.dtypes[...])`).
    pub fn name(self) -> &'static str {
        match self {
            ColType::Int64 => "int64",
            ColType::Float64 => "float64",
            ColType::Bool => "bool",
            ColType::Str => "str",
            ColType::StrList | ColType::Object => "object",
        }
    }

    pub fn is_numeric(self) -> bool {
        matches!(self, ColType::Int64 | ColType::Float64 | ColType::Bool)
    }

    pub fn arrow_type(self) -> Option<DataType> {
        Some(match self {
            ColType::Int64 => DataType::Int64,
            ColType::Float64 => DataType::Float64,
            ColType::Bool => DataType::Boolean,
            ColType::Str => DataType::Utf8,
            ColType::StrList => DataType::List(Arc::new(arrow_schema::Field::new("item", DataType::Utf8, true))),
            ColType::Object => return None,
        })
    }

    /// The dtype a column of this type takes when rows go missing (outer
    /// joins, reindexing): ints become floats, bools objects.
    pub fn with_missing(self) -> ColType {
        match self {
            ColType::Int64 => ColType::Float64,
            ColType::Bool => ColType::Object,
            t => t,
        }
    }
}

impl fmt::Display for ColType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Python objects held by a column; the engine moves rows without looking
/// at them. The pandas shim implements it (and keeps every call on the
/// thread that runs Python).
pub trait ObjectData: Send + Sync + fmt::Debug {
    fn len(&self) -> usize;
    /// The rows at `idx`; `None` makes a missing value (NaN).
    fn take(&self, idx: &[Option<u32>]) -> Arc<dyn ObjectData>;
    /// This column followed by `others` (all object columns).
    fn concat(&self, others: &[&Arc<dyn ObjectData>]) -> Arc<dyn ObjectData>;
    /// Which rows hold a missing value (None or NaN).
    fn is_null(&self) -> Vec<bool>;
    fn as_any(&self) -> &dyn Any;
}

/// Builds object columns out of Arrow ones (when a column must hold values
/// of several types, e.g. a bool column gaining NaN). Registered by the shim.
pub type ObjectFromArrow = fn(&ArrayRef, &[Option<u32>]) -> Arc<dyn ObjectData>;

static OBJECT_FROM_ARROW: std::sync::OnceLock<ObjectFromArrow> = std::sync::OnceLock::new();

pub fn set_object_from_arrow(f: ObjectFromArrow) {
    let _ = OBJECT_FROM_ARROW.set(f);
}

#[derive(Clone, Debug)]
pub enum Column {
    Arrow(ArrayRef),
    Object(Arc<dyn ObjectData>),
}

impl Column {
    pub fn len(&self) -> usize {
        match self {
            Column::Arrow(a) => a.len(),
            Column::Object(o) => o.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn col_type(&self) -> ColType {
        match self {
            Column::Arrow(a) => match a.data_type() {
                DataType::Int64 => ColType::Int64,
                DataType::Float64 => ColType::Float64,
                DataType::Boolean => ColType::Bool,
                DataType::Utf8 => ColType::Str,
                DataType::List(_) => ColType::StrList,
                other => panic!("column of unsupported arrow type {other}"),
            },
            Column::Object(_) => ColType::Object,
        }
    }

    pub fn arrow(&self) -> Result<&ArrayRef> {
        match self {
            Column::Arrow(a) => Ok(a),
            Column::Object(_) => Err(Error::unsupported("operations on object columns")),
        }
    }

    pub fn i64s(&self) -> Option<&Int64Array> {
        match self {
            Column::Arrow(a) => a.as_primitive_opt::<Int64Type>(),
            _ => None,
        }
    }

    pub fn f64s(&self) -> Option<&Float64Array> {
        match self {
            Column::Arrow(a) => a.as_primitive_opt::<Float64Type>(),
            _ => None,
        }
    }

    pub fn bools(&self) -> Option<&BooleanArray> {
        match self {
            Column::Arrow(a) => a.as_boolean_opt(),
            _ => None,
        }
    }

    pub fn strs(&self) -> Option<&StringArray> {
        match self {
            Column::Arrow(a) => a.as_string_opt::<i32>(),
            _ => None,
        }
    }

    pub fn slice(&self, offset: usize, len: usize) -> Column {
        match self {
            Column::Arrow(a) => Column::Arrow(a.slice(offset, len)),
            Column::Object(o) => {
                let idx: Vec<Option<u32>> = (offset..offset + len).map(|i| Some(i as u32)).collect();
                Column::Object(o.take(&idx))
            }
        }
    }

    /// Rows at the given positions.
    pub fn take(&self, idx: &[u32]) -> Result<Column> {
        match self {
            Column::Arrow(a) => {
                let indices = UInt32Array::from(idx.to_vec());
                Ok(Column::Arrow(arrow_select::take::take(a.as_ref(), &indices, None)?))
            }
            Column::Object(o) => {
                let v: Vec<Option<u32>> = idx.iter().map(|&i| Some(i)).collect();
                Ok(Column::Object(o.take(&v)))
            }
        }
    }

    /// Rows at the given positions, `None` giving a missing value; the
    /// result has type `out` (this column's type, or its `with_missing`).
    pub fn take_opt(&self, idx: &[Option<u32>], out: ColType) -> Result<Column> {
        match self {
            Column::Object(o) => Ok(Column::Object(o.take(idx))),
            Column::Arrow(a) => match (self.col_type(), out) {
                (ColType::Int64 | ColType::Float64, ColType::Float64) => {
                    let f = as_f64(a)?;
                    let mut b = Float64Builder::with_capacity(idx.len());
                    for i in idx {
                        b.append_value(match i {
                            Some(i) => f.value(*i as usize),
                            None => f64::NAN,
                        });
                    }
                    Ok(Column::Arrow(Arc::new(b.finish())))
                }
                (t, o) if t == o => {
                    let indices = UInt32Array::from(idx.to_vec());
                    Ok(Column::Arrow(arrow_select::take::take(a.as_ref(), &indices, None)?))
                }
                (_, ColType::Object) => match OBJECT_FROM_ARROW.get() {
                    Some(f) => Ok(Column::Object(f(a, idx))),
                    None => Err(Error::unsupported("object columns without the pandas module")),
                },
                (t, o) => Err(Error::value(format!("cannot take {t} rows as {o}"))),
            },
        }
    }

    /// The rows where `mask` is true.
    pub fn filter(&self, mask: &BooleanArray) -> Result<Column> {
        match self {
            Column::Arrow(a) => Ok(Column::Arrow(arrow_select::filter::filter(a.as_ref(), mask)?)),
            Column::Object(o) => {
                let idx: Vec<Option<u32>> =
                    (0..mask.len()).filter(|&i| mask.value(i)).map(|i| Some(i as u32)).collect();
                Ok(Column::Object(o.take(&idx)))
            }
        }
    }

    /// Columns of one type, one after another.
    pub fn concat(parts: &[&Column]) -> Result<Column> {
        match parts.first() {
            None => Err(Error::value("no columns to concatenate")),
            Some(Column::Object(first)) => {
                let rest: Vec<&Arc<dyn ObjectData>> = parts[1..]
                    .iter()
                    .map(|c| match c {
                        Column::Object(o) => Ok(o),
                        _ => Err(Error::value("concatenating object and typed columns")),
                    })
                    .collect::<Result<_>>()?;
                Ok(Column::Object(first.concat(&rest)))
            }
            Some(Column::Arrow(_)) => {
                let arrays: Vec<&dyn Array> =
                    parts.iter().map(|c| c.arrow().map(|a| a.as_ref())).collect::<Result<_>>()?;
                Ok(Column::Arrow(arrow_select::concat::concat(&arrays)?))
            }
        }
    }

    /// Converts to another type (`astype` and the implicit upcasts).
    pub fn cast(&self, to: ColType) -> Result<Column> {
        let from = self.col_type();
        if from == to {
            return Ok(self.clone());
        }
        crate::table::exec::cast::cast(self, to)
    }

    pub fn from_i64(v: Vec<i64>) -> Column {
        Column::Arrow(Arc::new(Int64Array::from(v)))
    }

    pub fn from_f64(v: Vec<f64>) -> Column {
        Column::Arrow(Arc::new(Float64Array::from(v)))
    }

    pub fn from_bool(v: Vec<bool>) -> Column {
        Column::Arrow(Arc::new(BooleanArray::from(v)))
    }

    pub fn from_strs<S: AsRef<str>>(v: &[Option<S>]) -> Column {
        let mut b = StringBuilder::with_capacity(v.len(), v.len() * 8);
        for s in v {
            b.append_option(s.as_ref());
        }
        Column::Arrow(Arc::new(b.finish()))
    }

    /// An empty column of type `t`.
    pub fn empty(t: ColType) -> Result<Column> {
        match t {
            ColType::Int64 => Ok(Column::from_i64(vec![])),
            ColType::Bool => Ok(Column::from_bool(vec![])),
            t => Column::nulls(t, 0),
        }
    }

    /// A column of `len` missing values of type `t`.
    pub fn nulls(t: ColType, len: usize) -> Result<Column> {
        match t {
            ColType::Float64 => Ok(Column::from_f64(vec![f64::NAN; len])),
            ColType::Str | ColType::StrList => {
                Ok(Column::Arrow(arrow_array::new_null_array(&t.arrow_type().unwrap(), len)))
            }
            ColType::Object => {
                let src: ArrayRef = Arc::new(Float64Array::from(vec![f64::NAN]));
                match OBJECT_FROM_ARROW.get() {
                    Some(f) => Ok(Column::Object(f(&src, &vec![None; len]))),
                    None => Err(Error::unsupported("object columns without the pandas module")),
                }
            }
            t => Err(Error::value(format!("a {t} column cannot hold missing values"))),
        }
    }
}

/// A numeric column as float64 values (ints and bools converted).
pub fn as_f64(a: &ArrayRef) -> Result<Float64Array> {
    Ok(match a.data_type() {
        DataType::Float64 => a.as_primitive::<Float64Type>().clone(),
        DataType::Int64 => a.as_primitive::<Int64Type>().unary(|v| v as f64),
        DataType::Boolean => {
            let b = a.as_boolean();
            Float64Array::from_iter_values((0..b.len()).map(|i| if b.value(i) { 1.0 } else { 0.0 }))
        }
        other => return Err(Error::type_error(format!("a {other} column is not numeric"))),
    })
}

/// Rows from which a table's columns are worth processing in parallel.
pub const PARALLEL_ROWS: usize = 1 << 16;

/// Materialized rows: named columns of one length.
#[derive(Clone, Debug, Default)]
pub struct Table {
    pub num_rows: usize,
    pub columns: Vec<(Name, Column)>,
}

impl Table {
    pub fn new(num_rows: usize, columns: Vec<(Name, Column)>) -> Table {
        debug_assert!(columns.iter().all(|(_, c)| c.len() == num_rows));
        Table { num_rows, columns }
    }

    pub fn get(&self, name: &str) -> Option<&Column> {
        self.columns.iter().find(|(n, _)| &**n == name).map(|(_, c)| c)
    }

    pub fn column(&self, name: &str) -> Result<&Column> {
        self.get(name).ok_or_else(|| Error::value(format!("internal: no column {name} in table")))
    }

    /// The named columns, in that order.
    pub fn select(&self, names: &[Name]) -> Result<Table> {
        let columns = names.iter().map(|n| Ok((n.clone(), self.column(n)?.clone()))).collect::<Result<_>>()?;
        Ok(Table { num_rows: self.num_rows, columns })
    }

    pub fn filter(&self, mask: &BooleanArray) -> Result<Table> {
        let keep = mask.true_count();
        if keep == self.num_rows {
            return Ok(self.clone());
        }
        // One prepared predicate for every column; the Arrow columns of a
        // large table are filtered in parallel (object columns hold Python
        // objects and stay on this thread).
        let pred = arrow_select::filter::FilterBuilder::new(mask).optimize().build();
        let arrow_one = |c: &Column| match c {
            Column::Arrow(a) => pred.filter(a.as_ref()).map(Some),
            Column::Object(_) => Ok(None),
        };
        let arrow: Vec<Option<ArrayRef>> = if self.num_rows >= PARALLEL_ROWS && self.columns.len() > 1 {
            use rayon::prelude::*;
            self.columns.par_iter().map(|(_, c)| arrow_one(c)).collect::<std::result::Result<_, _>>()?
        } else {
            self.columns.iter().map(|(_, c)| arrow_one(c)).collect::<std::result::Result<_, _>>()?
        };
        let columns = self
            .columns
            .iter()
            .zip(arrow)
            .map(|((n, c), a)| {
                let c = match a {
                    Some(a) => Column::Arrow(a),
                    None => c.filter(mask)?,
                };
                Ok((n.clone(), c))
            })
            .collect::<Result<_>>()?;
        Ok(Table { num_rows: keep, columns })
    }

    pub fn take(&self, idx: &[u32]) -> Result<Table> {
        let columns = self.columns.iter().map(|(n, c)| Ok((n.clone(), c.take(idx)?))).collect::<Result<_>>()?;
        Ok(Table { num_rows: idx.len(), columns })
    }

    pub fn slice(&self, offset: usize, len: usize) -> Table {
        let offset = offset.min(self.num_rows);
        let len = len.min(self.num_rows - offset);
        let columns = self.columns.iter().map(|(n, c)| (n.clone(), c.slice(offset, len))).collect();
        Table { num_rows: len, columns }
    }
}
