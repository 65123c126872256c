//! `_hipy_pandas.Plan`: a node of the lazy table plan. DataFrames and
//! Series hold one; every operation returns a new one; `collect` runs the
//! optimized plan.

use crate::pandas::column_obj::PyColumn;
use crate::pandas::convert::{self, names_of};
use crate::pandas::errors::OrRaise;
use crate::pandas::expr_obj::PyExpr;
use crate::pandas::objects;
use hipy_lazy::table::{self, Agg, AggOp, JoinHow, Plan, PlanRef, SortAlgo, SortKey};
use rustpython_vm::builtins::PyStrRef;
use rustpython_vm::function::OptionalArg;
use rustpython_vm::{pyclass, Py, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine};

#[pyclass(module = "_hipy_pandas", name = "Plan")]
#[derive(Debug, PyPayload)]
pub struct PyPlan {
    pub plan: PlanRef,
}

impl PyPlan {
    /// A new plan node for Python; with `HIPY_LAZY=off` it runs at once
    /// (every operation eager, through the same optimizer and kernels).
    pub fn built(vm: &VirtualMachine, plan: PlanRef) -> PyResult<PyPlan> {
        if !hipy_lazy::runtime::config().lazy && plan.cached().is_none() {
            objects::with_vm(vm, || table::collect(&plan, &plan.names())).or_raise(vm)?;
        }
        Ok(PyPlan { plan })
    }
}

fn bools(vm: &VirtualMachine, o: &PyObjectRef) -> PyResult<Vec<bool>> {
    convert::items_of(vm, o)?.into_iter().map(|x| x.try_to_bool(vm)).collect()
}

#[pyclass]
impl PyPlan {
    /// Same node, same rows.
    #[pygetset]
    fn id(zelf: &Py<Self>) -> u64 {
        zelf.plan.id()
    }

    #[pymethod]
    fn names(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        vm.ctx.new_list(zelf.plan.names().iter().map(|n| vm.ctx.new_str(&**n).into()).collect()).into()
    }

    /// Static dtype names (`None` where the data decides).
    #[pymethod]
    fn types(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        let items = zelf
            .plan
            .schema
            .iter()
            .map(|(_, t)| match t {
                Some(t) => vm.ctx.new_str(t.name()).into(),
                None => vm.ctx.none(),
            })
            .collect();
        vm.ctx.new_list(items).into()
    }

    /// The dtype of every column (computing the plan if needed).
    #[pymethod]
    fn resolve_types(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        let t = objects::with_vm(vm, || table::resolve_types(&zelf.plan)).or_raise(vm)?;
        Ok(vm.ctx.new_list(t.iter().map(|(_, t)| vm.ctx.new_str(t.name()).into()).collect()).into())
    }

    #[pymethod]
    fn known_rows(zelf: &Py<Self>) -> Option<usize> {
        zelf.plan.known_rows()
    }

    #[pymethod]
    fn num_rows(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<usize> {
        objects::with_vm(vm, || table::num_rows(&zelf.plan)).or_raise(vm)
    }

    /// `len()` of a frame with the named columns (`table::count_rows`).
    #[pymethod]
    fn count_rows(zelf: &Py<Self>, names: PyObjectRef, vm: &VirtualMachine) -> PyResult<usize> {
        let names = names_of(vm, &names)?;
        objects::with_vm(vm, || table::count_rows(&zelf.plan, &names)).or_raise(vm)
    }

    /// Runs the plan; the named columns, computed. With `keep`, they stay
    /// on the node for later plans over it.
    #[pymethod]
    fn collect(zelf: &Py<Self>, names: PyObjectRef, keep: OptionalArg<bool>, vm: &VirtualMachine) -> PyResult {
        let names = names_of(vm, &names)?;
        let keep = keep.unwrap_or(false);
        let t = objects::with_vm(vm, || table::collect_keep(&zelf.plan, &names, keep)).or_raise(vm)?;
        let cols = t.columns.into_iter().map(|(_, c)| PyColumn::new(c).into_pyobject(vm)).collect();
        Ok(vm.ctx.new_list(cols).into())
    }

    #[pymethod]
    fn explain(zelf: &Py<Self>, names: PyObjectRef, vm: &VirtualMachine) -> PyResult<String> {
        let names = names_of(vm, &names)?;
        Ok(table::explain(&zelf.plan, &names))
    }

    #[pymethod]
    fn select(zelf: &Py<Self>, names: PyObjectRef, vm: &VirtualMachine) -> PyResult<PyPlan> {
        let names = names_of(vm, &names)?;
        PyPlan::built(vm, Plan::select(&zelf.plan, names).or_raise(vm)?)
    }

    #[pymethod]
    fn with_columns(zelf: &Py<Self>, names: PyObjectRef, exprs: PyObjectRef, vm: &VirtualMachine) -> PyResult<PyPlan> {
        let names = names_of(vm, &names)?;
        let exprs = convert::items_of(vm, &exprs)?;
        let mut pairs = Vec::new();
        for (n, e) in names.into_iter().zip(exprs) {
            let e = e.downcast_ref::<PyExpr>().ok_or_else(|| vm.new_type_error("internal: expected an Expr"))?;
            pairs.push((n, e.expr.clone()));
        }
        PyPlan::built(vm, Plan::with_columns(&zelf.plan, pairs).or_raise(vm)?)
    }

    #[pymethod]
    fn filter(zelf: &Py<Self>, predicate: PyRef<PyExpr>, vm: &VirtualMachine) -> PyResult<PyPlan> {
        PyPlan::built(vm, Plan::filter(&zelf.plan, predicate.expr.clone()).or_raise(vm)?)
    }

    #[pymethod]
    fn slice(zelf: &Py<Self>, offset: i64, len: Option<usize>, vm: &VirtualMachine) -> PyResult<PyPlan> {
        PyPlan::built(vm, Plan::slice(&zelf.plan, offset, len))
    }

    #[pymethod]
    fn sort(
        zelf: &Py<Self>,
        cols: PyObjectRef,
        descending: PyObjectRef,
        nulls_first: bool,
        stable: bool,
        vm: &VirtualMachine,
    ) -> PyResult<PyPlan> {
        let cols = names_of(vm, &cols)?;
        let desc = bools(vm, &descending)?;
        let keys = cols
            .into_iter()
            .zip(desc)
            .map(|(column, descending)| SortKey { column, descending, nulls_first })
            .collect();
        let algo = if stable { SortAlgo::Stable } else { SortAlgo::Quick };
        PyPlan::built(vm, Plan::sort(&zelf.plan, keys, algo).or_raise(vm)?)
    }

    /// Group-by: `outs[i] = ops[i](inputs[i])` per distinct `keys`.
    #[pymethod]
    #[allow(clippy::too_many_arguments)]
    fn aggregate(
        zelf: &Py<Self>,
        keys: PyObjectRef,
        outs: PyObjectRef,
        ops: PyObjectRef,
        inputs: PyObjectRef,
        ddof: i64,
        sort: bool,
        dropna: bool,
        vm: &VirtualMachine,
    ) -> PyResult<PyPlan> {
        let keys = names_of(vm, &keys)?;
        let outs = names_of(vm, &outs)?;
        let ops: Vec<String> = names_of(vm, &ops)?.iter().map(|s| s.to_string()).collect();
        let inputs = convert::items_of(vm, &inputs)?;
        let mut aggs = Vec::new();
        for ((out, op), input) in outs.into_iter().zip(ops).zip(inputs) {
            let op = AggOp::from_name(&op).ok_or_else(|| {
                vm.new_not_implemented_error(format!("pandas.core.groupby.GroupBy.{op} is not supported by hipy"))
            })?;
            let input = if vm.is_none(&input) { None } else { Some(convert::name_of(vm, &input)?) };
            aggs.push(Agg { out, op, input, ddof });
        }
        PyPlan::built(vm, Plan::aggregate(&zelf.plan, keys, aggs, sort, dropna).or_raise(vm)?)
    }

    #[pymethod]
    #[allow(clippy::too_many_arguments)]
    fn join(
        zelf: &Py<Self>,
        right: PyRef<PyPlan>,
        left_on: PyObjectRef,
        right_on: PyObjectRef,
        how: PyStrRef,
        sort: bool,
        coalesce: bool,
        vm: &VirtualMachine,
    ) -> PyResult<PyPlan> {
        let how = match how.to_string_lossy().as_ref() {
            "inner" => JoinHow::Inner,
            "left" => JoinHow::Left,
            "right" => JoinHow::Right,
            "outer" => JoinHow::Outer,
            "cross" => JoinHow::Cross,
            other => return Err(vm.new_value_error(format!("do not recognize join method {other}"))),
        };
        let plan =
            Plan::join(&zelf.plan, &right.plan, names_of(vm, &left_on)?, names_of(vm, &right_on)?, how, sort, coalesce)
                .or_raise(vm)?;
        PyPlan::built(vm, plan)
    }
}
