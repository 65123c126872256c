//! The `hipy` module: `hipy.evaluate(*values)` forces lazy arrays and
//! scalars (all together, in one optimized plan) and returns its argument
//! (or a tuple of them); `hipy.explain(frame_or_series)` prints the
//! optimized table plan.

use crate::numpy::ndarray::PyNdArray;
use crate::numpy::scalar::PyNpScalar;
use hipy_lazy::runtime;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

fn evaluate_all(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    let mut nodes = Vec::new();
    for a in &args.args {
        if let Some(arr) = a.downcast_ref::<PyNdArray>() {
            nodes.push(arr.node());
        } else if let Some(s) = a.downcast_ref::<PyNpScalar>() {
            nodes.push(s.node());
        }
    }
    runtime::force_all(&nodes);
    // Switch the objects over to their computed values.
    for a in &args.args {
        if let Some(arr) = a.downcast_ref::<PyNdArray>() {
            arr.stored();
        } else if let Some(s) = a.downcast_ref::<PyNpScalar>() {
            s.value();
        }
    }
    let mut items: Vec<PyObjectRef> = args.args;
    Ok(match items.len() {
        0 => vm.ctx.none(),
        1 => items.pop().unwrap(),
        _ => vm.ctx.new_tuple(items).into(),
    })
}

#[rustpython_vm::pymodule(name = "hipy")]
pub mod hipy {
    use super::*;

    #[pyfunction]
    fn evaluate(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        evaluate_all(args, vm)
    }

    /// Prints the optimized plan that would compute `obj` (a pandas
    /// DataFrame or Series): what runs, in which order, after pushdown.
    #[pyfunction]
    fn explain(obj: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        let text = match vm.get_attribute_opt(&obj, "_hipy_explain")? {
            Some(f) => f.call((), vm)?,
            None => {
                return Err(vm.new_type_error(format!(
                    "hipy.explain takes a pandas DataFrame or Series, not {}",
                    obj.class().name()
                )))
            }
        };
        let print = vm.builtins.get_attr("print", vm)?;
        print.call((text,), vm)?;
        Ok(())
    }

    /// Counters of the lazy engine, as a dict (for tests and diagnostics).
    #[pyfunction]
    fn lazy_stats(vm: &VirtualMachine) -> PyResult {
        use std::sync::atomic::Ordering::Relaxed;
        let s = runtime::stats();
        let d = vm.ctx.new_dict();
        for (k, v) in [
            ("forces", s.forces.load(Relaxed)),
            ("loops", s.loops.load(Relaxed)),
            ("kernels", s.kernels.load(Relaxed)),
            ("fused_ops", s.fused_ops.load(Relaxed)),
            ("stored_arrays", s.stored_arrays.load(Relaxed)),
            ("merged", s.merged.load(Relaxed)),
            ("reused", s.reused.load(Relaxed)),
            ("co_forced", s.co_forced.load(Relaxed)),
            ("eager_ops", s.eager_ops.load(Relaxed)),
        ] {
            d.set_item(k, vm.ctx.new_int(v).into(), vm)?;
        }
        Ok(d.into())
    }
}
