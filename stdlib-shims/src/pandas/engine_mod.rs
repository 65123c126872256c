//! The `_hipy_pandas` module: the table engine as the Python half of
//! hipy's pandas sees it (plans, expressions, columns, CSV scans).

use crate::numpy::ndarray::PyNdArray;
use crate::pandas::column_obj::PyColumn;
use crate::pandas::convert;
use crate::pandas::errors::OrRaise;
use crate::pandas::expr_obj::{self, PyExpr};
use crate::pandas::objects;
use crate::pandas::plan_obj::PyPlan;
use hipy_lazy::table::column::{ColType, Name};
use hipy_lazy::table::csv::{CsvInput, CsvOptions, CsvSource};
use hipy_lazy::table::source::{Source, SourceColumn};
use hipy_lazy::table::Plan;
use rustpython_vm::builtins::PyStrRef;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObjectRef, PyPayload, PyResult, VirtualMachine};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

static NEXT_NAME: AtomicU64 = AtomicU64::new(1);

/// A plan column name no other column has: the label and a number.
pub fn fresh(label: &str) -> String {
    format!("{label}#{}", NEXT_NAME.fetch_add(1, Ordering::Relaxed))
}

#[rustpython_vm::pymodule(name = "_hipy_pandas")]
pub mod engine {
    use super::*;
    use rustpython_vm::builtins::PyModule;
    use rustpython_vm::Py;

    pub(crate) fn module_exec(vm: &VirtualMachine, module: &Py<PyModule>) -> PyResult<()> {
        {
            use rustpython_vm::class::PyClassImpl;
            let _ = PyPlan::make_static_type();
            let _ = PyExpr::make_static_type();
            let _ = PyColumn::make_static_type();
        }
        __module_exec(vm, module);
        objects::init(vm);
        let m = module.as_object();
        m.set_attr("Plan", PyPlan::class(&vm.ctx).to_owned(), vm)?;
        m.set_attr("Expr", PyExpr::class(&vm.ctx).to_owned(), vm)?;
        m.set_attr("Column", PyColumn::class(&vm.ctx).to_owned(), vm)?;
        for (name, t) in crate::pandas::errors::types(vm) {
            m.set_attr(*name, t.clone(), vm)?;
        }
        Ok(())
    }

    #[pyfunction(name = "fresh")]
    fn py_fresh(label: PyStrRef) -> String {
        fresh(label.to_string_lossy().as_ref())
    }

    /// A plan over in-memory columns: `Column`s or 1-d ndarrays (pending
    /// array expressions stay pending until the plan runs).
    #[pyfunction]
    fn source(names: PyObjectRef, columns: PyObjectRef, nrows: usize, vm: &VirtualMachine) -> PyResult<PyPlan> {
        let names = convert::names_of(vm, &names)?;
        let items = convert::items_of(vm, &columns)?;
        let mut cols = Vec::new();
        for (n, o) in names.into_iter().zip(items) {
            let c = if let Some(c) = o.downcast_ref::<PyColumn>() {
                SourceColumn::Ready(c.col.clone())
            } else if let Some(a) = o.downcast_ref::<PyNdArray>() {
                SourceColumn::Array(a.node())
            } else {
                return Err(vm.new_type_error("internal: a source column is a Column or an ndarray"));
            };
            cols.push((n, c));
        }
        let src = Source::new(nrows, cols).or_raise(vm)?;
        PyPlan::built(vm, Plan::source(Arc::new(src)))
    }

    #[pyfunction]
    fn concat(plans: PyObjectRef, vm: &VirtualMachine) -> PyResult<PyPlan> {
        let items = convert::items_of(vm, &plans)?;
        let plans = items
            .iter()
            .map(|p| p.downcast_ref::<PyPlan>().map(|p| p.plan.clone()).ok_or_else(|| vm.new_type_error("internal: expected a Plan")))
            .collect::<PyResult<Vec<_>>>()?;
        PyPlan::built(vm, Plan::concat(plans).or_raise(vm)?)
    }

    /// A CSV scan: `(plan, labels)`; the plan's columns are named by
    /// `fresh(label)`.
    /// `read_csv(path, sep, header, nrows, skiprows, na_values,
    /// keep_default_na, dtypes, data)`.
    #[pyfunction]
    fn read_csv(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let a = args.args;
        if a.len() != 9 {
            return Err(vm.new_type_error("internal: read_csv takes 9 arguments"));
        }
        let path: PyStrRef = a[0].clone().try_into_value(vm)?;
        let sep: PyStrRef = a[1].clone().try_into_value(vm)?;
        let header: bool = a[2].clone().try_into_value(vm)?;
        let nrows: Option<usize> = if vm.is_none(&a[3]) { None } else { Some(a[3].clone().try_into_value(vm)?) };
        let skiprows: usize = a[4].clone().try_into_value(vm)?;
        let na_values = a[5].clone();
        let keep_default_na: bool = a[6].clone().try_into_value(vm)?;
        let dtypes = a[7].clone();
        let data: Option<rustpython_vm::builtins::PyBytesRef> =
            if vm.is_none(&a[8]) { None } else { Some(a[8].clone().try_into_value(vm)?) };
        let mut opts = CsvOptions::default();
        let sep_text = sep.to_string_lossy();
        let sep: &str = sep_text.as_ref();
        if sep.len() != 1 {
            return Err(vm.new_not_implemented_error("pandas.read_csv with a separator of several characters is not supported by hipy"));
        }
        opts.delimiter = sep.as_bytes()[0];
        opts.header = header;
        opts.nrows = nrows;
        opts.skip_rows = skiprows;
        if !keep_default_na {
            opts.na_values.clear();
        }
        if !vm.is_none(&na_values) {
            for v in convert::items_of(vm, &na_values)? {
                opts.na_values.insert(v.str(vm)?.to_string_lossy().as_ref().to_string());
            }
        }
        for pair in convert::items_of(vm, &dtypes)? {
            let p = convert::items_of(vm, &pair)?;
            let pos: usize = p[0].clone().try_into_value(vm)?;
            let t: PyStrRef = p[1].clone().try_into_value(vm)?;
            opts.dtypes.push((pos, convert::col_type_of_name(vm, t.to_string_lossy().as_ref())?));
        }
        let input = match data {
            Some(b) => CsvInput::Bytes(Arc::new(b.as_bytes().to_vec())),
            None => CsvInput::Path(path.to_string_lossy().as_ref().into()),
        };
        let csv = CsvSource::open(input, opts, &mut |label| Name::from(fresh(label))).or_raise(vm)?;
        let labels: Vec<String> = csv.labels().to_vec();
        let plan = Plan::csv(csv.shared());
        let labels_obj = vm.ctx.new_list(labels.iter().map(|l| vm.ctx.new_str(l.as_str()).into()).collect());
        Ok(vm.ctx.new_tuple(vec![PyPlan::built(vm, plan)?.into_pyobject(vm), labels_obj.into()]).into())
    }

    /// Before `to_csv` writes `path`: scans of that file parse the columns
    /// no plan has read yet (they keep the data `read_csv` read).
    #[pyfunction]
    fn before_write(path: PyStrRef, vm: &VirtualMachine) -> PyResult<()> {
        hipy_lazy::table::csv::before_write(std::path::Path::new(path.to_string_lossy().as_ref())).or_raise(vm)
    }

    #[pyfunction]
    fn col(name: PyStrRef) -> PyExpr {
        expr_obj::col(name)
    }

    #[pyfunction]
    fn lit(value: PyObjectRef, vm: &VirtualMachine) -> PyResult<PyExpr> {
        expr_obj::lit(vm, value)
    }

    #[pyfunction]
    fn data(c: rustpython_vm::PyRef<PyColumn>) -> PyExpr {
        expr_obj::data(&c)
    }

    #[pyfunction]
    fn element() -> PyExpr {
        expr_obj::element()
    }

    #[pyfunction]
    fn row_index(start: i64, step: i64) -> PyExpr {
        expr_obj::row_index(start, step)
    }

    /// A column from Python values, with pandas' inference (or the given
    /// dtype).
    #[pyfunction]
    fn column(values: PyObjectRef, dtype: Option<PyStrRef>, vm: &VirtualMachine) -> PyResult<PyColumn> {
        let items = convert::items_of(vm, &values)?;
        let c = convert::column_from_values(vm, &items)?;
        let c = match dtype {
            None => c,
            Some(d) => {
                let t = convert::col_type_of_name(vm, d.to_string_lossy().as_ref())?;
                if t == ColType::Object {
                    objects::column(items)
                } else if items.is_empty() {
                    objects::with_vm(vm, || hipy_lazy::table::column::Column::empty(t)).or_raise(vm)?
                } else {
                    objects::with_vm(vm, || c.cast(t)).or_raise(vm)?
                }
            }
        };
        Ok(PyColumn::new(c))
    }

    /// A column of lists of strings (`.str.split`-like), when every value
    /// is one (or missing).
    #[pyfunction]
    fn str_list_column(values: PyObjectRef, vm: &VirtualMachine) -> PyResult<Option<PyColumn>> {
        let items = convert::items_of(vm, &values)?;
        Ok(convert::str_list_column(vm, &items).map(PyColumn::new))
    }

    /// A column of the elements of a 1-d ndarray.
    #[pyfunction]
    fn column_from_array(a: rustpython_vm::PyRef<PyNdArray>, vm: &VirtualMachine) -> PyResult<PyColumn> {
        let arr = a.array();
        Ok(PyColumn::new(hipy_lazy::table::source::column_of_array(&arr).or_raise(vm)?))
    }

    #[pyfunction]
    fn stats(vm: &VirtualMachine) -> PyResult {
        let s = hipy_lazy::table::stats();
        let d = vm.ctx.new_dict();
        for (k, v) in [
            ("collects", s.collects.load(Ordering::Relaxed)),
            ("pushed_filters", s.pushed_filters.load(Ordering::Relaxed)),
            ("pushed_limits", s.pushed_limits.load(Ordering::Relaxed)),
            ("pruned_columns", s.pruned_columns.load(Ordering::Relaxed)),
            ("merged_nodes", s.merged_nodes.load(Ordering::Relaxed)),
        ] {
            d.set_item(k, vm.ctx.new_int(v).into(), vm)?;
        }
        Ok(d.into())
    }
}
