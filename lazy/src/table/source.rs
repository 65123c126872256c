//! In-memory scan sources: columns that are Arrow arrays already, or
//! pending nodes of the lazy array graph (a DataFrame built from NumPy
//! expressions). Array columns are computed when a plan first reads them,
//! all in one array plan, so the NumPy expressions of several columns fuse
//! into one loop; they are stored back into the source afterwards.

use crate::buffer::{Array, Buffer};
use crate::graph::NodeRef;
use crate::runtime;
use crate::table::column::{ColType, Column, Name, Table};
use crate::table::error::{Error, Result};
use crate::table::plan::Schema;
use crate::DType;
use arrow_array::{Float64Array, Int64Array};
use std::sync::{Arc, Mutex};

pub use crate::table::csv::CsvSource;

pub enum SourceColumn {
    Ready(Column),
    /// A 1-d array node (float64, int64 or bool).
    Array(NodeRef),
}

type Cell = Arc<Mutex<SourceColumn>>;

pub struct Source {
    num_rows: usize,
    columns: Vec<(Name, ColType, Cell)>,
}

/// The column type of an array dtype, if a pandas column can hold it.
pub fn col_type_of_dtype(d: DType) -> Option<ColType> {
    match d {
        DType::Float64 => Some(ColType::Float64),
        DType::Int64 => Some(ColType::Int64),
        DType::Bool => Some(ColType::Bool),
        _ => None,
    }
}

impl Source {
    pub fn new(num_rows: usize, cols: Vec<(Name, SourceColumn)>) -> Result<Source> {
        let mut columns = Vec::with_capacity(cols.len());
        for (name, c) in cols {
            let (len, t) = match &c {
                SourceColumn::Ready(col) => (col.len(), col.col_type()),
                SourceColumn::Array(node) => {
                    if node.ndim() != 1 {
                        return Err(Error::value("Per-column arrays must each be 1-dimensional"));
                    }
                    let t = col_type_of_dtype(node.dtype)
                        .ok_or_else(|| Error::unsupported(format!("DataFrame columns of dtype {}", node.dtype)))?;
                    (node.shape[0], t)
                }
            };
            if len != num_rows {
                return Err(Error::value("All arrays must be of the same length"));
            }
            columns.push((name, t, Arc::new(Mutex::new(c))));
        }
        Ok(Source { num_rows, columns })
    }

    pub fn from_table(t: Table) -> Source {
        let columns = t
            .columns
            .into_iter()
            .map(|(n, c)| {
                let ty = c.col_type();
                (n, ty, Arc::new(Mutex::new(SourceColumn::Ready(c))))
            })
            .collect();
        Source { num_rows: t.num_rows, columns }
    }

    pub fn num_rows(&self) -> usize {
        self.num_rows
    }

    pub fn schema(&self) -> Schema {
        self.columns.iter().map(|(n, t, _)| (n.clone(), Some(*t))).collect()
    }

    /// This source's columns (shared, not copied) plus `extra`.
    pub fn with_columns(&self, extra: Vec<(Name, Column)>) -> Source {
        let mut columns: Vec<(Name, ColType, Cell)> = self.columns.clone();
        for (n, c) in extra {
            let t = c.col_type();
            let cell = Arc::new(Mutex::new(SourceColumn::Ready(c)));
            match columns.iter_mut().find(|(m, _, _)| *m == n) {
                Some(slot) => *slot = (n, t, cell),
                None => columns.push((n, t, cell)),
            }
        }
        Source { num_rows: self.num_rows, columns }
    }

    /// Whether reading `names` runs array code first.
    pub fn pending_arrays(&self, names: &[Name]) -> usize {
        self.columns
            .iter()
            .filter(|(n, _, c)| names.contains(n) && matches!(*lock(c), SourceColumn::Array(_)))
            .count()
    }

    /// The named columns, computing pending array columns together.
    pub fn read(&self, names: &[Name]) -> Result<Table> {
        let cells: Vec<&Cell> = names
            .iter()
            .map(|n| {
                self.columns
                    .iter()
                    .find(|(m, _, _)| m == n)
                    .map(|(_, _, c)| c)
                    .ok_or_else(|| Error::value(format!("internal: no source column {n}")))
            })
            .collect::<Result<_>>()?;
        let wanted_pending = cells.iter().any(|c| matches!(&*lock(c), SourceColumn::Array(_)));
        if wanted_pending {
            // All pending array columns of the source run together: they
            // usually share work (a frame built from expressions of one
            // array), which one fused loop does once.
            let all: Vec<&Cell> = self.columns.iter().map(|(_, _, c)| c).collect();
            let pending: Vec<NodeRef> = all
                .iter()
                .filter_map(|c| match &*lock(c) {
                    SourceColumn::Array(n) => Some(n.clone()),
                    _ => None,
                })
                .collect();
            runtime::force_all(&pending);
            for c in &all {
                let mut g = lock(c);
                if let SourceColumn::Array(node) = &*g {
                    let array = runtime::force(node);
                    *g = SourceColumn::Ready(column_of_array(&array)?);
                }
            }
        }
        let columns = names
            .iter()
            .zip(cells)
            .map(|(n, c)| match &*lock(c) {
                SourceColumn::Ready(col) => (n.clone(), col.clone()),
                SourceColumn::Array(_) => unreachable!("computed above"),
            })
            .collect();
        Ok(Table::new(self.num_rows, columns))
    }
}

fn lock(c: &Cell) -> std::sync::MutexGuard<'_, SourceColumn> {
    c.lock().unwrap_or_else(|e| e.into_inner())
}

/// A 1-d array's elements as an Arrow column. Contiguous float64 and
/// int64 elements are shared, not copied: the column holds the array's
/// buffer, which the array's storage copies before any later write
/// ([`crate::buffer::Storage::write`]), so the column never sees one.
pub fn column_of_array(a: &Array) -> Result<Column> {
    if a.layout.ndim() == 1 {
        match a.dtype() {
            DType::Float64 => {
                if let Some(v) = a.contiguous_slice::<f64>() {
                    return Ok(Column::Arrow(Arc::new(Float64Array::new(shared(&a.buffer, v), None))));
                }
            }
            DType::Int64 => {
                if let Some(v) = a.contiguous_slice::<i64>() {
                    return Ok(Column::Arrow(Arc::new(Int64Array::new(shared(&a.buffer, v), None))));
                }
            }
            _ => {}
        }
    }
    Ok(match a.dtype() {
        DType::Float64 => Column::from_f64(a.to_vec::<f64>()),
        DType::Int64 => Column::from_i64(a.to_vec::<i64>()),
        DType::Bool => Column::from_bool(a.to_vec::<bool>()),
        d => return Err(Error::unsupported(format!("DataFrame columns of dtype {d}"))),
    })
}

/// An Arrow buffer over `v`, a run of `owner`'s elements, keeping `owner`
/// alive.
fn shared<T: arrow_buffer::ArrowNativeType>(owner: &Arc<Buffer>, v: &[T]) -> arrow_buffer::ScalarBuffer<T> {
    let ptr = std::ptr::NonNull::new(v.as_ptr() as *mut u8).expect("a slice's pointer is not null");
    let owner: Arc<dyn arrow_buffer::alloc::Allocation> = owner.clone();
    // Safety: the bytes lie in `owner`'s memory, which the buffer keeps
    // alive and nobody writes while it is shared (see above).
    let b = unsafe { arrow_buffer::Buffer::from_custom_allocation(ptr, std::mem::size_of_val(v), owner) };
    arrow_buffer::ScalarBuffer::new(b, 0, v.len())
}

/// An Arrow numeric column as an array (for `to_numpy`).
pub fn array_of_column(c: &Column) -> Result<Array> {
    let n = c.len();
    if let Some(a) = c.f64s() {
        return Ok(Array::from_buffer(Buffer::F64(a.values().to_vec()), &[n]));
    }
    if let Some(a) = c.i64s() {
        return Ok(Array::from_buffer(Buffer::I64(a.values().to_vec()), &[n]));
    }
    if let Some(a) = c.bools() {
        return Ok(Array::from_buffer(Buffer::Bool((0..n).map(|i| a.value(i)).collect()), &[n]));
    }
    Err(Error::unsupported(format!("to_numpy of {} columns", c.col_type())))
}
