//! The `hipy` module: `hipy.evaluate(*values)` forces lazy arrays and
//! scalars (all together, in one optimized plan) and returns its argument
//! (or a tuple of them); `hipy.explain(obj)` prints the optimized plan of
//! a pandas object or a numpy array or scalar, or how a staged function
//! was staged; `hipy.stage` stages a function over lazy values. Staging
//! (shared by numpy and pandas) is Python, in `hipy_py/`, run into this
//! module's namespace when it is imported.

use crate::numpy::ndarray::PyNdArray;
use crate::numpy::scalar::PyNpScalar;
use hipy_lazy::runtime;
use rustpython_vm::builtins::PyModule;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::scope::Scope;
use rustpython_vm::{AsObject, Py, PyObjectRef, PyResult, VirtualMachine};
use std::cell::RefCell;

thread_local! {
    /// The stager's decision function while a function is being staged:
    /// `bool()` of a pending numpy scalar calls it instead of forcing.
    static BRANCH_HOOK: RefCell<Option<PyObjectRef>> = const { RefCell::new(None) };
}

/// The stager's decision function, when a function is being staged.
pub(crate) fn branch_hook() -> Option<PyObjectRef> {
    BRANCH_HOOK.with(|h| h.borrow().clone())
}

/// The graph node of a numpy array or scalar.
fn numpy_node(obj: &PyObjectRef) -> Option<hipy_lazy::graph::NodeRef> {
    if let Some(arr) = obj.downcast_ref::<PyNdArray>() {
        Some(arr.node())
    } else {
        obj.downcast_ref::<PyNpScalar>().map(|s| s.node())
    }
}

/// The Python half of the module, compiled when hipy is built, run in
/// this order into the module's namespace.
type Source = rustpython_vm::frozen::FrozenCodeObject<&'static [u8]>;

fn sources() -> [(Source, &'static str); 3] {
    [
        (rustpython_vm::py_compile!(file = "hipy_py/staging.py", module_name = "<hipy>/hipy/staging.py"), include_str!("hipy_py/staging.py")),
        (rustpython_vm::py_compile!(file = "hipy_py/stage_numpy.py", module_name = "<hipy>/hipy/stage_numpy.py"), include_str!("hipy_py/stage_numpy.py")),
        (rustpython_vm::py_compile!(file = "hipy_py/stage_loops.py", module_name = "<hipy>/hipy/stage_loops.py"), include_str!("hipy_py/stage_loops.py")),
    ]
}

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

    pub(crate) fn module_exec(vm: &VirtualMachine, module: &Py<PyModule>) -> PyResult<()> {
        __module_exec(vm, module);
        let dict = module.dict();
        for (frozen, _text) in sources() {
            // Decoded with the VM, which a frozenset constant needs.
            let code = rustpython_vm::builtins::PyCode::new_ref_from_frozen(vm, frozen);
            vm.run_code_obj(code, Scope::with_builtins(None, dict.clone(), vm))?;
        }
        Ok(())
    }

    /// Sets (a callable) or clears (None) the stager's decision function.
    #[pyfunction]
    fn _set_branch_hook(hook: PyObjectRef, vm: &VirtualMachine) {
        let hook = if vm.is_none(&hook) { None } else { Some(hook) };
        BRANCH_HOOK.with(|h| *h.borrow_mut() = hook);
    }

    /// Whether a numpy array or scalar is still to be computed.
    #[pyfunction]
    fn _pending(obj: PyObjectRef) -> bool {
        numpy_node(&obj).is_some_and(|n| !n.is_done())
    }

    /// The optimized plan that would compute a numpy array or scalar, as
    /// text ("" when it is computed), or None for anything else.
    #[pyfunction]
    fn _numpy_plan(obj: PyObjectRef) -> Option<String> {
        numpy_node(&obj).map(|n| runtime::explain(&[n]))
    }

    #[pyfunction]
    fn evaluate(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        evaluate_all(args, vm)
    }

    /// Prints the optimized plan that would compute `obj` (a pandas
    /// DataFrame or Series: what runs, in which order, after pushdown; a
    /// numpy array or scalar: the graph nodes and fused loops, and how
    /// staging went if a staged call made it), or how a staged function
    /// (`hipy.stage`, `np.vectorize`) was last staged.
    #[pyfunction]
    fn explain(obj: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        let text = if numpy_node(&obj).is_some() {
            vm.import("hipy", 0)?.get_attr("_explain_numpy", vm)?.call((obj,), vm)?
        } else {
            match vm.get_attribute_opt(&obj, "_hipy_explain")? {
                Some(f) => f.call((), vm)?,
                None => {
                    return Err(vm.new_type_error(format!(
                        "hipy.explain takes a pandas DataFrame or Series, a numpy array or scalar, \
                         or a staged function, not {}",
                        obj.class().name()
                    )))
                }
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
            ("plans_reused", s.plans_reused.load(Relaxed)),
        ] {
            d.set_item(k, vm.ctx.new_int(v).into(), vm)?;
        }
        Ok(d.into())
    }
}
