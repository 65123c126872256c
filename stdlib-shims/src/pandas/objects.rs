//! Object columns: Python objects in a column (pandas' `object` dtype),
//! which the table engine moves without looking at them.
//!
//! The engine only takes, concatenates and tests such columns for missing
//! values, always on the thread that runs Python (reference counts of
//! Python objects must not change on other threads).

use hipy_lazy::table::column::{set_object_from_arrow, Column, ObjectData};
use rustpython_vm::builtins::PyFloat;
use rustpython_vm::{AsObject, PyObjectRef, VirtualMachine};
use std::any::Any;
use std::sync::{Arc, OnceLock};

#[derive(Debug)]
pub struct PyObjects {
    pub items: Vec<PyObjectRef>,
}

/// The float NaN object that missing entries hold.
static NAN: OnceLock<PyObjectRef> = OnceLock::new();

pub fn nan_object() -> PyObjectRef {
    NAN.get().expect("pandas module initialized").clone()
}

pub fn is_missing(o: &PyObjectRef) -> bool {
    if let Some(f) = o.downcast_ref::<PyFloat>() {
        return f.to_f64().is_nan();
    }
    NONE.get().is_some_and(|n| o.is(n))
}

static NONE: OnceLock<PyObjectRef> = OnceLock::new();

impl ObjectData for PyObjects {
    fn len(&self) -> usize {
        self.items.len()
    }

    fn take(&self, idx: &[Option<u32>]) -> Arc<dyn ObjectData> {
        let items = idx
            .iter()
            .map(|i| match i {
                Some(i) => self.items[*i as usize].clone(),
                None => nan_object(),
            })
            .collect();
        Arc::new(PyObjects { items })
    }

    fn concat(&self, others: &[&Arc<dyn ObjectData>]) -> Arc<dyn ObjectData> {
        let mut items = self.items.clone();
        for o in others {
            let o = o.as_any().downcast_ref::<PyObjects>().expect("object columns are PyObjects");
            items.extend(o.items.iter().cloned());
        }
        Arc::new(PyObjects { items })
    }

    fn is_null(&self) -> Vec<bool> {
        self.items.iter().map(is_missing).collect()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

thread_local! {
    /// The interpreter of the thread running Python (to create objects
    /// when an Arrow column turns into an object column).
    static VM: std::cell::Cell<*const VirtualMachine> = const { std::cell::Cell::new(std::ptr::null()) };
}

/// Runs `f` with `vm` registered as the thread's interpreter.
pub fn with_vm<R>(vm: &VirtualMachine, f: impl FnOnce() -> R) -> R {
    let prev = VM.with(|c| c.replace(vm as *const _));
    let r = f();
    VM.with(|c| c.set(prev));
    r
}

fn object_from_arrow(a: &arrow_array::ArrayRef, idx: &[Option<u32>]) -> Arc<dyn ObjectData> {
    if idx.is_empty() {
        // No objects to create: fine on any thread (a CSV with a header
        // and no rows types its columns on worker threads).
        return Arc::new(PyObjects { items: vec![] });
    }
    let vm_ptr = VM.with(|c| c.get());
    assert!(!vm_ptr.is_null(), "object columns are built on the Python thread");
    // Safety: set by `with_vm` for the duration of a call from Python on
    // this thread.
    let vm = unsafe { &*vm_ptr };
    let col = Column::Arrow(a.clone());
    let items = idx
        .iter()
        .map(|i| match i {
            Some(i) => crate::pandas::convert::value_to_py(vm, &col, *i as usize),
            None => nan_object(),
        })
        .collect();
    Arc::new(PyObjects { items })
}

/// Registers the object-column hooks (once, at import).
pub fn init(vm: &VirtualMachine) {
    let _ = NAN.set(vm.ctx.new_float(f64::NAN).into());
    let _ = NONE.set(vm.ctx.none());
    set_object_from_arrow(object_from_arrow);
}

/// An object column of these items.
pub fn column(items: Vec<PyObjectRef>) -> Column {
    Column::Object(Arc::new(PyObjects { items }))
}

pub fn items(c: &Column) -> Option<&[PyObjectRef]> {
    match c {
        Column::Object(o) => o.as_any().downcast_ref::<PyObjects>().map(|p| p.items.as_slice()),
        _ => None,
    }
}
