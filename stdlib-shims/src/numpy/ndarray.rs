//! `numpy.ndarray`: a pending graph node, or stored data (a strided view
//! of a copy-on-write storage shared with the array's views).
//!
//! Shape and dtype never force. Reading data (printing, `tolist`, element
//! reads, iteration, `bool`, `float`, ...) forces. Taking a view forces the
//! array first, so views always share real memory with their base.

use crate::numpy::args::{bind, given, unsupported, OrRaise};
use crate::numpy::convert::{self, node_of, scalar_to_py, wrap};
use crate::numpy::dtype_obj::PyDType;
use crate::numpy::flags::ArrayFlags;
use crate::numpy::format;
use crate::numpy::index;
use crate::numpy::ops;
use crate::numpy::reductions;
use crate::numpy::scalar;
use hipy_lazy::graph::{self, BinaryOp, CumOp, UnaryOp};
use hipy_lazy::layout::{shape_str, size_of, Layout, Shape};
use hipy_lazy::runtime;
use hipy_lazy::{Array, Buffer, DType, Node, NodeRef, ReduceOp, Scalar, Storage};
use rustpython_vm::builtins::{PyStr, PyStrRef, PyTuple};
use rustpython_vm::common::lock::{PyMutex, PyRwLock, PyRwLockReadGuard, PyRwLockWriteGuard};
use rustpython_vm::function::{Either, FuncArgs, PyComparisonValue};
use rustpython_vm::protocol::{
    BufferDescriptor, BufferMethods, PyBuffer, PyMappingMethods, PyNumberMethods, PySequenceMethods,
};
use rustpython_vm::types::{
    AsBuffer, AsMapping, AsNumber, AsSequence, Comparable, Constructor, GetAttr, Iterable, PyComparisonOp,
    Representable,
};
use rustpython_vm::{
    pyclass, AsObject, Py, PyObject, PyObjectRef, PyPayload, PyRef, PyResult, TryFromObject,
    VirtualMachine,
};
use std::sync::Arc;

#[derive(Debug, Clone)]
pub enum ArrayState {
    /// A pending node, and the token telling the runtime Python holds it.
    Lazy(NodeRef, #[allow(dead_code)] Arc<runtime::Held>),
    Stored { storage: Arc<Storage>, layout: Layout },
    /// A view of an array that is still pending: `layout` indexes the
    /// base's elements as if C-contiguous. The base is shared with the
    /// array the view was taken from and its other views, so a write
    /// through any of them is seen by all, as in NumPy.
    View { base: Arc<LazyBase>, layout: Layout },
}

/// The memory a pending array shares with its views: its node until one of
/// them is forced or written, then the storage it was computed into.
#[derive(Debug)]
pub struct LazyBase {
    state: PyMutex<BaseState>,
}

#[derive(Debug, Clone)]
enum BaseState {
    Pending(NodeRef, #[allow(dead_code)] Arc<runtime::Held>),
    /// C-contiguous data starting at the layout's offset.
    Stored(Arc<Storage>, Layout),
}

impl LazyBase {
    fn pending(node: NodeRef, held: Arc<runtime::Held>) -> Arc<LazyBase> {
        Arc::new(LazyBase { state: PyMutex::new(BaseState::Pending(node, held)) })
    }

    /// The stored data and its layout (C-contiguous), computing it first.
    fn storage(&self) -> (Arc<Storage>, Layout) {
        let node = match &*self.state.lock() {
            BaseState::Stored(s, l) => return (s.clone(), l.clone()),
            BaseState::Pending(n, _) => n.clone(),
        };
        let mut a = runtime::force(&node);
        if !a.layout.is_c_contiguous() {
            a = a.to_contiguous();
        }
        let mut state = self.state.lock();
        if let BaseState::Stored(s, l) = &*state {
            return (s.clone(), l.clone());
        }
        let storage = Arc::new(Storage::new(a.buffer));
        *state = BaseState::Stored(storage.clone(), a.layout.clone());
        (storage, a.layout)
    }

    fn state(&self) -> BaseState {
        self.state.lock().clone()
    }
}

/// A view's place in stored data: its layout composed with the base's.
fn in_storage(view: &Layout, base: &Layout) -> Layout {
    hipy_lazy::layout::compose(view, base).expect("a C-contiguous base composes with any view")
}

#[pyclass(module = "numpy", name = "ndarray", unhashable = true)]
#[derive(Debug, PyPayload)]
pub struct PyNdArray {
    state: PyRwLock<ArrayState>,
    /// The bytes handed out through the buffer protocol (a read-only copy
    /// of the forced data, made at export).
    exported: PyRwLock<Vec<u8>>,
    flags: ArrayFlags,
}

impl PyNdArray {
    pub fn from_node(node: NodeRef) -> PyNdArray {
        let state = match node.done() {
            Some(a) => ArrayState::Stored { storage: Arc::new(Storage::new(a.buffer)), layout: a.layout },
            None => {
                let held = runtime::hold(&node);
                ArrayState::Lazy(node, held)
            }
        };
        PyNdArray { state: PyRwLock::new(state), exported: PyRwLock::new(Vec::new()), flags: ArrayFlags::default() }
    }

    pub fn from_array(a: Array) -> PyNdArray {
        PyNdArray {
            state: PyRwLock::new(ArrayState::Stored {
                storage: Arc::new(Storage::new(a.buffer)),
                layout: a.layout,
            }),
            exported: PyRwLock::new(Vec::new()),
            flags: ArrayFlags::default(),
        }
    }

    pub fn view(storage: Arc<Storage>, layout: Layout) -> PyNdArray {
        PyNdArray::with_state(ArrayState::Stored { storage, layout })
    }

    fn with_state(state: ArrayState) -> PyNdArray {
        PyNdArray { state: PyRwLock::new(state), exported: PyRwLock::new(Vec::new()), flags: ArrayFlags::default() }
    }

    /// The state, with a view whose base has been stored meanwhile turned
    /// into a plain view of that storage.
    fn current(&self) -> ArrayState {
        let state = self.state.read().clone();
        if let ArrayState::View { base, layout } = &state {
            if let BaseState::Stored(storage, base_layout) = base.state() {
                let stored = ArrayState::Stored { storage, layout: in_storage(layout, &base_layout) };
                *self.state.write() = stored.clone();
                return stored;
            }
        }
        state
    }

    pub fn shape(&self) -> Shape {
        match &*self.state.read() {
            ArrayState::Lazy(n, _) => n.shape.clone(),
            ArrayState::Stored { layout, .. } | ArrayState::View { layout, .. } => layout.shape.clone(),
        }
    }

    pub fn dtype(&self) -> DType {
        // The base is read after the view's own lock is released.
        let base = match &*self.state.read() {
            ArrayState::Lazy(n, _) => return n.dtype,
            ArrayState::Stored { storage, .. } => return storage.dtype(),
            ArrayState::View { base, .. } => base.clone(),
        };
        match base.state() {
            BaseState::Pending(n, _) => n.dtype,
            BaseState::Stored(s, _) => s.dtype(),
        }
    }

    pub fn ndim(&self) -> usize {
        match &*self.state.read() {
            ArrayState::Lazy(n, _) => n.shape.len(),
            ArrayState::Stored { layout, .. } | ArrayState::View { layout, .. } => layout.ndim(),
        }
    }

    pub fn size(&self) -> usize {
        size_of(&self.shape())
    }

    /// The array as a graph input: a pending node (a view node over a
    /// pending base), or a snapshot of the stored data (later writes copy
    /// the buffer instead of changing it).
    pub fn node(&self) -> NodeRef {
        match self.current() {
            ArrayState::Lazy(n, _) => n,
            ArrayState::Stored { storage, layout } => Node::source(Array::new(storage.snapshot(), layout)),
            ArrayState::View { base, layout } => match base.state() {
                BaseState::Pending(n, _) => graph::view(&n, layout),
                BaseState::Stored(storage, base_layout) => {
                    Node::source(Array::new(storage.snapshot(), in_storage(&layout, &base_layout)))
                }
            },
        }
    }

    /// Forces the array into storage; returns the storage and layout.
    pub fn stored(&self) -> (Arc<Storage>, Layout) {
        let (storage, layout) = match self.current() {
            ArrayState::Stored { storage, layout } => return (storage, layout),
            ArrayState::Lazy(n, _) => {
                let a = runtime::force(&n);
                (Arc::new(Storage::new(a.buffer)), a.layout)
            }
            ArrayState::View { base, layout } => {
                let (storage, base_layout) = base.storage();
                let l = in_storage(&layout, &base_layout);
                (storage, l)
            }
        };
        *self.state.write() = ArrayState::Stored { storage: storage.clone(), layout: layout.clone() };
        (storage, layout)
    }

    /// `f` of the forced storage and layout, without cloning them when
    /// the array is stored already (the element reads of Python loops).
    pub fn with_stored<R>(&self, f: impl FnOnce(&Storage, &Layout) -> R) -> R {
        if let ArrayState::Stored { storage, layout } = &*self.state.read() {
            return f(storage, layout);
        }
        let (storage, layout) = self.stored();
        f(&storage, &layout)
    }

    /// The data, forced.
    pub fn array(&self) -> Array {
        let (storage, layout) = self.stored();
        Array::new(storage.snapshot(), layout)
    }

    /// A new array over the same memory, seen through `f(layout)`; nothing
    /// is computed (a pending array becomes the shared base of its views).
    pub fn derive_view(
        &self,
        f: impl FnOnce(&Layout) -> hipy_lazy::Result<Layout>,
    ) -> hipy_lazy::Result<PyNdArray> {
        let state = self.current();
        let (base, layout) = match state {
            ArrayState::Stored { storage, layout } => {
                let mut v = PyNdArray::view(storage, f(&layout)?);
                v.flags = self.flags.for_view();
                return Ok(v);
            }
            ArrayState::View { base, layout } => (base, layout),
            ArrayState::Lazy(n, held) => {
                let layout = Layout::contiguous(&n.shape);
                let base = LazyBase::pending(n, held);
                *self.state.write() = ArrayState::View { base: base.clone(), layout: layout.clone() };
                (base, layout)
            }
        };
        let l = f(&layout)?;
        let mut v = PyNdArray::with_state(ArrayState::View { base, layout: l });
        v.flags = self.flags.for_view();
        Ok(v)
    }

    /// The layout views are derived from, without computing anything.
    pub fn view_layout(&self) -> Layout {
        match self.current() {
            ArrayState::Lazy(n, _) => Layout::contiguous(&n.shape),
            ArrayState::Stored { layout, .. } | ArrayState::View { layout, .. } => layout,
        }
    }

    /// Makes `node` (same shape and dtype) the array's new contents: a
    /// pending array or one no view shares simply takes the node; otherwise
    /// the values are computed into the shared memory (in the loop that
    /// computes them, when they are elementwise).
    pub fn assign(&self, vm: &VirtualMachine, node: NodeRef) -> PyResult<()> {
        self.check_writeable(vm, "assignment destination")?;
        let shape = self.shape();
        let rebind = match &*self.state.read() {
            ArrayState::Lazy(..) => true,
            ArrayState::Stored { storage, layout } => {
                // Pinned data stays where its address was handed out.
                Arc::strong_count(storage) == 1 && layout.is_whole(storage.len()) && !storage.is_pinned()
            }
            ArrayState::View { base, layout } => Arc::strong_count(base) == 1 && layout.is_whole(size_of(&shape)),
        };
        if rebind {
            let node = if node.shape.as_slice() != shape.as_slice() {
                // Broadcast (e.g. `a[...] = scalar` through out=).
                let zeros = graph::full(&shape, Scalar::I64(0).cast(node.dtype));
                graph::binary(BinaryOp::Add, &zeros, &node).or_raise(vm)?
            } else {
                node
            };
            if let ArrayState::Lazy(old, _) = &*self.state.read() {
                node.inherit_recomputed(old);
            }
            let node = runtime::settle(node);
            let held = runtime::hold(&node);
            *self.state.write() = ArrayState::Lazy(node, held);
            return Ok(());
        }
        let (storage, layout) = self.stored();
        runtime::write_into(&storage, &layout, node);
        Ok(())
    }

    /// Makes the data of array `other` (a fresh one) this array's contents.
    fn take_contents(&self, vm: &VirtualMachine, other: &PyObject) -> PyResult<()> {
        let a = runtime::force(&node_of(vm, other)?);
        *self.state.write() = ArrayState::Stored { storage: Arc::new(Storage::new(a.buffer)), layout: a.layout };
        Ok(())
    }

    /// NumPy's `ValueError: {what} is read-only` for a non-writeable array.
    pub fn check_writeable(&self, vm: &VirtualMachine, what: &str) -> PyResult<()> {
        self.flags.check_writeable(vm, what)
    }

    fn first_axis_len(&self, vm: &VirtualMachine) -> PyResult<usize> {
        self.shape().first().copied().ok_or_else(|| vm.new_type_error("len() of unsized object"))
    }
}

/// The format module's view of an array.
pub fn format_view(a: &Array) -> format::ArrayView<'_> {
    let data = match &*a.buffer {
        Buffer::F64(v) => format::Data::Float64(v),
        Buffer::F32(v) => format::Data::Float32(v),
        Buffer::I64(v) => format::Data::Int64(v),
        Buffer::I32(v) => format::Data::Int32(v),
        Buffer::Bool(v) => format::Data::Bool(v),
        Buffer::I8(v) => format::Data::Int8(v),
        Buffer::I16(v) => format::Data::Int16(v),
        Buffer::U8(v) => format::Data::UInt8(v),
        Buffer::U16(v) => format::Data::UInt16(v),
        Buffer::U32(v) => format::Data::UInt32(v),
        Buffer::U64(v) => format::Data::UInt64(v),
        Buffer::F16(v) => format::Data::Float16(v),
    };
    format::ArrayView::strided(data, &a.layout.shape, &a.layout.strides, a.layout.offset)
        .expect("layouts stay inside their buffers")
}

fn downcast(obj: &PyObject) -> &PyNdArray {
    obj.downcast_ref::<PyNdArray>().expect("ndarray slot on an ndarray")
}

/// Nested Python lists of an array's elements.
pub fn tolist(vm: &VirtualMachine, a: &Array) -> PyObjectRef {
    fn go(vm: &VirtualMachine, a: &Array, dim: usize, base: isize) -> PyObjectRef {
        let l = &a.layout;
        if dim == l.ndim() {
            return scalar_to_py(vm, a.buffer.get(base as usize));
        }
        let items = (0..l.shape[dim])
            .map(|i| go(vm, a, dim + 1, base + i as isize * l.strides[dim]))
            .collect();
        vm.ctx.new_list(items).into()
    }
    go(vm, a, 0, a.layout.offset as isize)
}

pub fn shape_tuple(vm: &VirtualMachine, shape: &[usize]) -> PyObjectRef {
    vm.ctx.new_tuple(shape.iter().map(|&d| vm.ctx.new_int(d).into()).collect()).into()
}

/// `a.reshape(...)` arguments: ints or one sequence, one `-1` allowed.
pub fn new_shape(vm: &VirtualMachine, size: usize, args: &[PyObjectRef]) -> PyResult<Vec<usize>> {
    let dims: Vec<isize> = if args.len() == 1 {
        if let Some(t) = args[0].downcast_ref::<PyTuple>() {
            t.as_slice().iter().map(|x| convert::index_of(vm, x)).collect::<PyResult<_>>()?
        } else if let Some(l) = args[0].downcast_ref::<rustpython_vm::builtins::PyList>() {
            l.borrow_vec().iter().map(|x| convert::index_of(vm, x)).collect::<PyResult<_>>()?
        } else {
            vec![convert::index_of(vm, &args[0])?]
        }
    } else {
        args.iter().map(|x| convert::index_of(vm, x)).collect::<PyResult<_>>()?
    };
    let unknown: Vec<usize> = (0..dims.len()).filter(|&k| dims[k] == -1).collect();
    if unknown.len() > 1 {
        return Err(vm.new_value_error("can only specify one unknown dimension"));
    }
    if dims.iter().any(|&d| d < -1) {
        return Err(vm.new_value_error("negative dimensions not allowed"));
    }
    let known: usize = dims.iter().filter(|&&d| d >= 0).map(|&d| d as usize).product();
    let mut shape: Vec<usize> = dims.iter().map(|&d| d.max(0) as usize).collect();
    // NumPy's convert_shape_to_string: leading unknowns dropped, later ones
    // shown as "newaxis", and a trailing comma only for one dimension.
    let display = |dims: &[isize]| {
        let first = dims.iter().position(|&d| d >= 0);
        match first {
            None => "()".to_string(),
            Some(f) => {
                let mut text = dims[f].to_string();
                for &d in &dims[f + 1..] {
                    if d < 0 {
                        text.push_str(",newaxis");
                    } else {
                        text.push_str(&format!(",{d}"));
                    }
                }
                if dims.len() == 1 { format!("({text},)") } else { format!("({text})") }
            }
        }
    };
    if let Some(&k) = unknown.first() {
        if known == 0 || size % known != 0 {
            return Err(vm.new_value_error(format!(
                "cannot reshape array of size {size} into shape {}",
                display(&dims)
            )));
        }
        shape[k] = size / known;
    } else if known != size {
        return Err(vm.new_value_error(format!("cannot reshape array of size {size} into shape {}", display(&dims))));
    }
    Ok(shape)
}

impl PyNdArray {
    /// `a.reshape(shape)`: a view when the data allows it, else a copy.
    pub fn reshaped(zelf: &Py<Self>, vm: &VirtualMachine, shape: &[usize]) -> PyResult<PyObjectRef> {
        if zelf.view_layout().reshape_view(shape).is_some() {
            let v = zelf
                .derive_view(|l| Ok(l.reshape_view(shape).expect("checked above")))
                .or_raise(vm)?;
            return Ok(v.into_pyobject(vm));
        }
        let n = zelf.node();
        let copy = graph::astype(&n, n.dtype);
        convert::wrap_array(vm, graph::view(&copy, Layout::contiguous(shape)))
    }

    pub fn transposed(zelf: &Py<Self>, vm: &VirtualMachine, axes: Option<Vec<usize>>) -> PyObjectRef {
        let v = zelf
            .derive_view(|layout| {
                Ok(match axes {
                    Some(ax) => layout.permute(&ax),
                    None => layout.transpose(),
                })
            })
            .expect("permutations of a layout always succeed");
        v.into_pyobject(vm)
    }
}

fn axes_arg(vm: &VirtualMachine, ndim: usize, args: &[PyObjectRef]) -> PyResult<Option<Vec<usize>>> {
    let raw: Vec<isize> = match args {
        [] => return Ok(None),
        [one] if vm.is_none(one) => return Ok(None),
        [one] => match one.downcast_ref::<PyTuple>() {
            Some(t) => t.as_slice().iter().map(|x| convert::index_of(vm, x)).collect::<PyResult<_>>()?,
            None => match one.downcast_ref::<rustpython_vm::builtins::PyList>() {
                Some(l) => l.borrow_vec().iter().map(|x| convert::index_of(vm, x)).collect::<PyResult<_>>()?,
                None => match convert::index_of(vm, one) {
                    Ok(axis) => vec![axis],
                    // Any other sequence of ints: an integer array, a range.
                    Err(not_int) => match Vec::<PyObjectRef>::try_from_object(vm, one.clone()) {
                        Ok(items) => items.iter().map(|x| convert::index_of(vm, x)).collect::<PyResult<_>>()?,
                        Err(_) => return Err(not_int),
                    },
                },
            },
        },
        many => many.iter().map(|x| convert::index_of(vm, x)).collect::<PyResult<_>>()?,
    };
    if raw.len() != ndim {
        return Err(vm.new_value_error("axes don't match array"));
    }
    let mut axes = Vec::with_capacity(ndim);
    for a in raw {
        let n = hipy_lazy::layout::normalize_axis(a, ndim).or_raise(vm)?;
        if axes.contains(&n) {
            return Err(vm.new_value_error("repeated axis in transpose"));
        }
        axes.push(n);
    }
    Ok(Some(axes))
}

impl Constructor for PyNdArray {
    type Args = FuncArgs;

    fn py_new(_cls: &Py<rustpython_vm::builtins::PyType>, args: FuncArgs, vm: &VirtualMachine) -> PyResult<Self> {
        let [shape, dtype] = bind(vm, "ndarray", args, ["shape", "dtype"], 1)?;
        let shape = convert::shape_of(vm, shape.as_ref().unwrap())?;
        let dtype = match given(&dtype, vm) {
            Some(d) => convert::parse_dtype(vm, &d)?.unwrap_or(DType::Float64),
            None => DType::Float64,
        };
        Ok(PyNdArray::from_array(Array::from_buffer(Buffer::zeros(dtype, size_of(&shape)), &shape)))
    }
}

#[pyclass(
    flags(BASETYPE),
    with(Constructor, AsNumber, AsMapping, AsSequence, AsBuffer, Comparable, Iterable, Representable, GetAttr)
)]
impl PyNdArray {
    #[pyslot]
    fn slot_str(zelf: &PyObject, vm: &VirtualMachine) -> PyResult<PyStrRef> {
        let a = downcast(zelf).array();
        Ok(vm.ctx.new_str(format::array_str(&format_view(&a))))
    }

    #[pygetset(name = "shape")]
    fn py_shape(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        shape_tuple(vm, &PyNdArray::shape(zelf))
    }

    #[pygetset(name = "ndim")]
    fn py_ndim(zelf: &Py<Self>) -> usize {
        PyNdArray::ndim(zelf)
    }

    #[pygetset(name = "size")]
    fn py_size(zelf: &Py<Self>) -> usize {
        PyNdArray::size(zelf)
    }

    #[pygetset(name = "dtype")]
    fn py_dtype(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        PyDType::new_object(vm, PyNdArray::dtype(zelf))
    }

    #[pygetset]
    fn itemsize(zelf: &Py<Self>) -> usize {
        PyNdArray::dtype(zelf).itemsize()
    }

    #[pygetset]
    fn nbytes(zelf: &Py<Self>) -> usize {
        PyNdArray::dtype(zelf).itemsize() * PyNdArray::size(zelf)
    }

    #[pygetset(name = "T")]
    fn t(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyObjectRef {
        PyNdArray::transposed(&zelf, vm, None)
    }

    #[pymethod]
    fn transpose(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let axes = axes_arg(vm, zelf.ndim(), &args.args)?;
        Ok(PyNdArray::transposed(&zelf, vm, axes))
    }

    #[pymethod]
    fn reshape(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if !args.kwargs.is_empty() {
            return Err(unsupported(vm, "ndarray.reshape keyword arguments"));
        }
        let shape = new_shape(vm, zelf.size(), &args.args)?;
        PyNdArray::reshaped(&zelf, vm, &shape)
    }

    #[pymethod]
    fn ravel(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyResult {
        let n = zelf.size();
        PyNdArray::reshaped(&zelf, vm, &[n])
    }

    #[pymethod]
    fn flatten(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyResult {
        let n = zelf.node();
        let copy = graph::astype(&n, n.dtype);
        convert::wrap_array(vm, graph::view(&copy, Layout::contiguous(&[n.size()])))
    }

    #[pymethod]
    fn squeeze(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyResult {
        let shape: Vec<usize> = zelf.shape().iter().copied().filter(|&d| d != 1).collect();
        PyNdArray::reshaped(&zelf, vm, &shape)
    }

    #[pymethod]
    fn copy(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        let n = zelf.node();
        convert::wrap_array(vm, graph::astype(&n, n.dtype))
    }

    #[pymethod]
    fn astype(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [dtype, order, casting, _subok, copy] =
            bind(vm, "ndarray.astype", args, ["dtype", "order", "casting", "subok", "copy"], 1)?;
        let dtype = dtype.unwrap();
        if let Some(order) = order {
            match order.downcast_ref::<PyStr>().map(|s| s.to_string_lossy().into_owned()).as_deref() {
                Some("K" | "A" | "C" | "k" | "a" | "c") => {}
                Some("F" | "f") => return Err(unsupported(vm, "ndarray.astype(order='F')")),
                _ => {
                    let got = order.repr(vm)?;
                    return Err(vm.new_value_error(format!("order must be one of 'C', 'F', 'A', or 'K' (got {got})")));
                }
            }
        }
        let rule = match casting {
            Some(c) => crate::numpy::args::casting_rule(vm, &Some(c), ", 'same_value'")?,
            None => "unsafe".to_string(),
        };
        if crate::numpy::strings_native::is_text_dtype(vm, &dtype) {
            return crate::numpy::strings_native::astype(vm, zelf.as_object(), dtype);
        }
        if crate::numpy::datetimes::is_dtype(vm, &dtype) {
            return crate::numpy::datetimes::astype(vm, zelf.as_object(), dtype, &rule);
        }
        if crate::numpy::objects::is_dtype(vm, &dtype) {
            return crate::numpy::objects::astype(vm, zelf.as_object());
        }
        if crate::numpy::complex_native::is_complex_dtype(vm, &dtype) {
            if rule != "unsafe" {
                return Err(unsupported(vm, "ndarray.astype(casting=...) to a complex dtype"));
            }
            return crate::numpy::complex_native::array(vm, zelf.as_object(), Some(dtype));
        }
        let d = convert::parse_dtype(vm, &dtype)?.unwrap_or(DType::Float64);
        let from = zelf.dtype();
        if !from.can_cast_by(d, &rule) {
            return Err(vm.new_type_error(format!(
                "Cannot cast array data from dtype('{}') to dtype('{}') according to the rule '{rule}'",
                from.name(),
                d.name()
            )));
        }
        if d == from && copy.is_some() && !convert::truthy(vm, &copy)? {
            return Ok(zelf.to_owned().into());
        }
        convert::wrap_array(vm, graph::astype(&zelf.node(), d))
    }

    #[pymethod]
    fn tolist(zelf: &Py<Self>, vm: &VirtualMachine) -> PyObjectRef {
        tolist(vm, &zelf.array())
    }

    #[pymethod]
    fn item(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let a = zelf.array();
        let flat = match args.args.as_slice() {
            [] => {
                if a.size() != 1 {
                    return Err(vm.new_value_error("can only convert an array of size 1 to a Python scalar"));
                }
                0
            }
            [i] => {
                let i = convert::index_of(vm, i)?;
                let n = a.size() as isize;
                let j = if i < 0 { i + n } else { i };
                if j < 0 || j >= n {
                    return Err(vm.new_index_error("index out of bounds"));
                }
                j as usize
            }
            many => {
                let mut items = Vec::new();
                for x in many {
                    items.push(hipy_lazy::layout::BasicIndex::Int(convert::index_of(vm, x)?));
                }
                let l = hipy_lazy::layout::basic_index(&a.layout, &items).or_raise(vm)?;
                return Ok(scalar_to_py(vm, a.buffer.get(l.offset)));
            }
        };
        Ok(scalar_to_py(vm, a.get_flat(flat)))
    }

    #[pymethod]
    fn fill(zelf: &Py<Self>, value: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        let v = node_of(vm, &value)?;
        let v = runtime::force(&v).get_flat(0);
        let node = graph::full(&zelf.shape(), v.cast(zelf.dtype()));
        zelf.assign(vm, node)
    }

    #[pymethod]
    fn sort(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult<()> {
        let [axis, kind, order] = bind(vm, "ndarray.sort", args, ["axis", "kind", "order"], 0)?;
        crate::numpy::args::check_sort_kind(vm, &kind)?;
        if given(&order, vm).is_some() {
            return Err(unsupported(vm, "ndarray.sort(order=...)"));
        }
        let axis = match given(&axis, vm) {
            Some(a) => convert::index_of(vm, &a)?,
            None => -1,
        };
        zelf.check_writeable(vm, "sort array")?;
        let sorted = graph::sort(&zelf.node(), Some(axis)).or_raise(vm)?;
        zelf.assign(vm, sorted)
    }

    #[pymethod]
    fn argsort(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [axis, kind, order] = bind(vm, "ndarray.argsort", args, ["axis", "kind", "order"], 0)?;
        crate::numpy::args::check_sort_kind(vm, &kind)?;
        if given(&order, vm).is_some() {
            return Err(unsupported(vm, "ndarray.argsort(order=...)"));
        }
        crate::numpy::functions::argsort_impl(vm, zelf.node(), axis)
    }

    #[pymethod]
    fn sum(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        reductions::method(vm, zelf.node(), ReduceOp::Sum, "sum", args)
    }

    #[pymethod]
    fn prod(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        reductions::method(vm, zelf.node(), ReduceOp::Prod, "prod", args)
    }

    #[pymethod]
    fn mean(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        reductions::method(vm, zelf.node(), ReduceOp::Mean, "mean", args)
    }

    #[pymethod]
    fn min(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        reductions::method(vm, zelf.node(), ReduceOp::Min, "min", args)
    }

    #[pymethod]
    fn max(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        reductions::method(vm, zelf.node(), ReduceOp::Max, "max", args)
    }

    #[pymethod]
    fn any(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        reductions::method(vm, zelf.node(), ReduceOp::Any, "any", args)
    }

    #[pymethod]
    fn all(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        reductions::method(vm, zelf.node(), ReduceOp::All, "all", args)
    }

    #[pymethod]
    fn argmin(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        reductions::arg_method(vm, zelf.node(), ReduceOp::ArgMin, "argmin", args)
    }

    #[pymethod]
    fn argmax(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        reductions::arg_method(vm, zelf.node(), ReduceOp::ArgMax, "argmax", args)
    }

    #[pymethod]
    fn std(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        reductions::var_method(vm, zelf.node(), true, "std", args)
    }

    #[pymethod]
    fn var(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        reductions::var_method(vm, zelf.node(), false, "var", args)
    }

    #[pymethod]
    fn cumsum(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        reductions::cumulative(vm, zelf.node(), CumOp::Sum, "cumsum", args)
    }

    #[pymethod]
    fn cumprod(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        reductions::cumulative(vm, zelf.node(), CumOp::Prod, "cumprod", args)
    }

    #[pymethod]
    fn dot(zelf: PyRef<Self>, other: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        crate::numpy::functions::dot_impl(vm, zelf.as_object(), &other)
    }

    #[pymethod]
    fn clip(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [lo, hi] = bind(vm, "ndarray.clip", args, ["min", "max"], 0)?;
        crate::numpy::functions::clip_impl(vm, zelf.as_object(), lo, hi)
    }

    #[pymethod]
    fn round(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [decimals] = bind(vm, "ndarray.round", args, ["decimals"], 0)?;
        let d = match given(&decimals, vm) {
            Some(d) => convert::index_of(vm, &d)?,
            None => 0,
        };
        wrap(vm, ops::round_node(vm, zelf.node(), d)?)
    }

    #[pymethod]
    fn __round__(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        PyNdArray::round(zelf, args, vm)
    }

    #[pymethod]
    fn __array__(zelf: PyRef<Self>) -> PyRef<Self> {
        zelf
    }

    #[pymethod]
    fn __format__(zelf: PyRef<Self>, spec: PyStrRef, vm: &VirtualMachine) -> PyResult {
        if spec.to_string_lossy().is_empty() {
            return Ok(zelf.as_object().str(vm)?.into());
        }
        if zelf.ndim() == 0 {
            let v = scalar_to_py(vm, zelf.array().get_flat(0));
            return vm.call_method(&v, "__format__", (spec,));
        }
        Err(vm.new_type_error("unsupported format string passed to numpy.ndarray.__format__"))
    }

    // Methods that are the numpy function of the same name (the Python-level
    // library's, or a native one) applied to the array.
    #[pymethod]
    fn nonzero(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult { delegate(vm, "nonzero", zelf, args) }
    #[pymethod]
    fn take(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult { delegate(vm, "take", zelf, args) }
    #[pymethod]
    fn repeat(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult { delegate(vm, "repeat", zelf, args) }
    #[pymethod]
    fn swapaxes(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult { delegate(vm, "swapaxes", zelf, args) }
    #[pymethod]
    fn diagonal(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult { delegate(vm, "diagonal", zelf, args) }
    #[pymethod]
    fn trace(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult { delegate(vm, "trace", zelf, args) }
    #[pymethod]
    fn searchsorted(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult { delegate(vm, "searchsorted", zelf, args) }
    #[pymethod]
    fn argpartition(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult { delegate(vm, "argpartition", zelf, args) }
    #[pymethod]
    fn choose(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult { delegate(vm, "choose", zelf, args) }
    #[pymethod]
    fn compress(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        // ndarray.compress(condition, axis): the array is the second operand.
        let mut args = args;
        let cond = if args.args.is_empty() {
            args.kwargs.swap_remove("condition").ok_or_else(|| vm.new_type_error("compress() missing required argument 'condition' (pos 1)"))?
        } else {
            args.args.remove(0)
        };
        args.args.insert(0, zelf.into());
        args.args.insert(0, cond);
        vm.import("numpy", 0)?.get_attr("compress", vm)?.call(args, vm)
    }
    #[pymethod]
    fn tobytes(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let mut args = args;
        args.args.insert(0, zelf.into());
        let io = crate::numpy::pylib::module(vm, "io.py")?;
        io.get_attr("_tobytes", vm)?.call(args, vm)
    }
    /// `a.resize(shape)`: in place, the data cut or padded with zeros.
    #[pymethod]
    fn resize(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult<()> {
        // Memory handed out through `ctypes` is referenced elsewhere.
        let refcheck = match args.kwargs.get("refcheck") {
            Some(v) => v.clone().try_to_bool(vm)?,
            None => true,
        };
        let pinned = matches!(zelf.current(), ArrayState::Stored { storage, .. } if storage.is_pinned());
        if refcheck && pinned {
            return Err(vm.new_value_error(
                "cannot resize an array that references or is referenced\nby another object in this way.\n\
                 Use the np.resize function to get a new resized copy or\n set refcheck=False to disable this check",
            ));
        }
        let misc = crate::numpy::pylib::module(vm, "misc.py")?;
        let mut args = args;
        args.args.insert(0, zelf.clone().into());
        let r = misc.get_attr("_ndarray_resize", vm)?.call(args, vm)?;
        zelf.take_contents(vm, &r)
    }
    /// Pickling (`pickle.dumps(a)`, `a.dumps()`): NumPy's reduce tuple, so
    /// the pickle names `numpy._core.multiarray._reconstruct` as NumPy's does.
    #[pymethod]
    fn __reduce__(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyResult {
        let io = crate::numpy::pylib::module(vm, "io.py")?;
        io.get_attr("_ndarray_reduce", vm)?.call((zelf,), vm)
    }
    #[pymethod]
    fn __setstate__(zelf: PyRef<Self>, state: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        let io = crate::numpy::pylib::module(vm, "io.py")?;
        let r = io.get_attr("_ndarray_from_state", vm)?.call((state,), vm)?;
        zelf.take_contents(vm, &r)
    }
    #[pymethod]
    fn dumps(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyResult {
        let io = crate::numpy::pylib::module(vm, "io.py")?;
        io.get_attr("_dumps", vm)?.call((zelf,), vm)
    }
    #[pymethod]
    fn dump(zelf: PyRef<Self>, file: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let io = crate::numpy::pylib::module(vm, "io.py")?;
        io.get_attr("_dump", vm)?.call((zelf, file), vm)
    }
    #[pymethod]
    fn getfield(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let mut args = args;
        args.args.insert(0, zelf.into());
        crate::numpy::pylib::module(vm, "misc.py")?.get_attr("_getfield", vm)?.call(args, vm)
    }
    #[pymethod]
    fn setfield(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let mut args = args;
        args.args.insert(0, zelf.into());
        crate::numpy::pylib::module(vm, "misc.py")?.get_attr("_setfield", vm)?.call(args, vm)
    }
    #[pymethod]
    fn setflags(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult<()> {
        let [write, align, uic] = bind(vm, "ndarray.setflags", args, ["write", "align", "uic"], 0)?;
        let flag = |v: Option<PyObjectRef>| -> PyResult<Option<bool>> {
            match given(&v, vm) {
                Some(v) => Ok(Some(v.try_to_bool(vm)?)),
                None => Ok(None),
            }
        };
        zelf.flags.set(vm, flag(write)?, flag(align)?, flag(uic)?)
    }
    #[pygetset]
    fn strides(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyObjectRef {
        let (_, layout) = zelf.stored();
        let size = zelf.dtype().itemsize() as isize;
        vm.ctx.new_tuple(layout.strides.iter().map(|&s| vm.ctx.new_int(s * size).into()).collect()).into()
    }
    #[pygetset]
    fn real(zelf: PyRef<Self>) -> PyRef<Self> {
        zelf
    }
    #[pygetset]
    fn imag(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyResult {
        wrap_array_obj(vm, graph::full(&zelf.shape(), Scalar::I64(0).cast(zelf.dtype())))
    }
    #[pygetset(name = "mT")]
    fn m_t(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyResult {
        delegate(vm, "matrix_transpose", zelf, FuncArgs::default())
    }
    #[pygetset]
    fn base(_zelf: PyRef<Self>, vm: &VirtualMachine) -> PyObjectRef {
        vm.ctx.none()
    }
    #[pygetset]
    fn device(_zelf: PyRef<Self>) -> &'static str {
        "cpu"
    }
    #[pymethod]
    fn to_device(zelf: PyRef<Self>, _device: PyObjectRef) -> PyRef<Self> {
        zelf
    }
    #[pygetset]
    fn flat(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyResult {
        let n = zelf.size();
        PyNdArray::reshaped(&zelf, vm, &[n])
    }
    /// `a.view()` / `a.view(same dtype)`: a new array over the same memory.
    #[pymethod(name = "view")]
    fn py_view(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [dtype, kind] = bind(vm, "ndarray.view", args, ["dtype", "type"], 0)?;
        if given(&kind, vm).is_some() {
            return Err(unsupported(vm, "ndarray.view(type=...)"));
        }
        if let Some(d) = given(&dtype, vm) {
            if convert::parse_dtype(vm, &d)? != Some(zelf.dtype()) {
                return Err(unsupported(vm, "ndarray.view with another dtype"));
            }
        }
        Ok(zelf.derive_view(|l| Ok(l.clone())).or_raise(vm)?.into_pyobject(vm))
    }
    #[pymethod]
    fn tofile(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let mut args = args;
        args.args.insert(0, zelf.into());
        let io = crate::numpy::pylib::module(vm, "io.py")?;
        io.get_attr("_tofile", vm)?.call(args, vm)
    }
    #[pygetset]
    fn flags(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyResult {
        let (storage, layout) = zelf.stored();
        let c = layout.is_c_contiguous();
        let f = layout.transpose().is_c_contiguous();
        let own = layout.is_whole(storage.len());
        let misc = crate::numpy::pylib::module(vm, "misc.py")?;
        let (w, a) = (zelf.flags.writeable(), zelf.flags.aligned());
        misc.get_attr("_Flags", vm)?.call((zelf, c, f, own, w, a), vm)
    }
    /// `a.ctypes`: the data's address as ctypes sees it (`pin`).
    #[pygetset]
    fn ctypes(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyResult {
        let lib = crate::numpy::pylib::module(vm, "ctypeslib.py")?;
        lib.get_attr("_ctypes", vm)?.call((zelf,), vm)
    }
    #[pygetset]
    fn data(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyResult {
        vm.ctx.types.memoryview_type.as_object().call((zelf,), vm)
    }
    #[pymethod]
    fn byteswap(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let mut args = args;
        args.args.insert(0, zelf.into());
        let misc = crate::numpy::pylib::module(vm, "misc.py")?;
        misc.get_attr("_byteswap", vm)?.call(args, vm)
    }
    #[pymethod]
    fn put(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult { delegate(vm, "put", zelf, args) }
    #[pymethod]
    fn partition(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult<()> {
        zelf.check_writeable(vm, "partition array")?;
        let sorted = delegate(vm, "partition", zelf.clone(), args)?;
        zelf.assign(vm, node_of(vm, &sorted)?)
    }
    #[pymethod]
    fn conj(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyResult { wrap(vm, graph::astype(&zelf.node(), zelf.dtype())) }
    #[pymethod]
    fn conjugate(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyResult { wrap(vm, graph::astype(&zelf.node(), zelf.dtype())) }

    #[pymethod]
    fn __copy__(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
        PyNdArray::copy(zelf, vm)
    }

    #[pymethod]
    fn __deepcopy__(zelf: &Py<Self>, _memo: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        PyNdArray::copy(zelf, vm)
    }
}

fn wrap_array_obj(vm: &VirtualMachine, node: NodeRef) -> PyResult {
    convert::wrap_array(vm, node)
}

/// `a.name(*args)` as `numpy.name(a, *args)`.
fn delegate(vm: &VirtualMachine, name: &str, zelf: PyRef<PyNdArray>, args: FuncArgs) -> PyResult {
    let mut args = args;
    args.args.insert(0, zelf.into());
    let name = vm.ctx.new_str(name);
    vm.import("numpy", 0)?.get_attr(&name, vm)?.call(args, vm)
}

/// The buffer protocol (`memoryview(a)`, `bytes(a)`): forces the array and
/// exports a read-only C-ordered copy of its elements.
impl AsBuffer for PyNdArray {
    fn as_buffer(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<PyBuffer> {
        let a = zelf.array().to_contiguous();
        let (bytes, format): (Vec<u8>, &'static str) = match &*a.buffer {
            Buffer::F64(v) => (v.iter().flat_map(|x| x.to_ne_bytes()).collect(), "d"),
            Buffer::F32(v) => (v.iter().flat_map(|x| x.to_ne_bytes()).collect(), "f"),
            Buffer::I64(v) => (v.iter().flat_map(|x| x.to_ne_bytes()).collect(), "l"),
            Buffer::I32(v) => (v.iter().flat_map(|x| x.to_ne_bytes()).collect(), "i"),
            Buffer::Bool(v) => (v.iter().map(|&b| b as u8).collect(), "?"),
            Buffer::I8(v) => (v.iter().flat_map(|x| x.to_ne_bytes()).collect(), "b"),
            Buffer::I16(v) => (v.iter().flat_map(|x| x.to_ne_bytes()).collect(), "h"),
            Buffer::U8(v) => (v.clone(), "B"),
            Buffer::U16(v) => (v.iter().flat_map(|x| x.to_ne_bytes()).collect(), "H"),
            Buffer::U32(v) => (v.iter().flat_map(|x| x.to_ne_bytes()).collect(), "I"),
            Buffer::U64(v) => (v.iter().flat_map(|x| x.to_ne_bytes()).collect(), "L"),
            Buffer::F16(v) => (v.iter().flat_map(|x| x.to_ne_bytes()).collect(), "e"),
        };
        let itemsize = a.dtype().itemsize();
        let len = bytes.len();
        *zelf.exported.write() = bytes;
        let shape = a.shape().to_vec();
        let mut dim_desc = Vec::with_capacity(shape.len());
        let mut stride = itemsize as isize;
        for &d in shape.iter().rev() {
            dim_desc.push((d, stride, 0));
            stride *= d.max(1) as isize;
        }
        dim_desc.reverse();
        let desc = BufferDescriptor {
            len,
            offset: 0,
            readonly: true,
            itemsize,
            format: std::borrow::Cow::Borrowed(format),
            dim_desc,
        };
        Ok(PyBuffer::new(zelf.to_owned().into(), desc, &BUFFER_METHODS))
    }
}

static BUFFER_METHODS: BufferMethods = BufferMethods {
    obj_bytes: |buffer| {
        PyRwLockReadGuard::map(buffer.obj_as::<PyNdArray>().exported.read(), |v| v.as_slice()).into()
    },
    obj_bytes_mut: |buffer| {
        PyRwLockWriteGuard::map(buffer.obj_as::<PyNdArray>().exported.write(), |v| v.as_mut_slice()).into()
    },
    release: |_| {},
    retain: |_| {},
};

impl Representable for PyNdArray {
    fn repr_str(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<String> {
        let a = zelf.array();
        Ok(format::array_repr(&format_view(&a)))
    }
}

impl GetAttr for PyNdArray {
    fn getattro(zelf: &Py<Self>, name: &Py<PyStr>, vm: &VirtualMachine) -> PyResult {
        match zelf.as_object().generic_getattr_opt(name, None, vm)? {
            Some(v) => Ok(v),
            None => {
                let n = name.to_string_lossy();
                if crate::numpy::public_names::has("ndarray", &n) {
                    Err(unsupported(vm, &format!("ndarray.{n}")))
                } else {
                    Err(vm.new_no_attribute_error(zelf.to_owned().into(), name.to_owned()))
                }
            }
        }
    }
}

impl Comparable for PyNdArray {
    fn slot_richcompare(
        zelf: &PyObject,
        other: &PyObject,
        op: PyComparisonOp,
        vm: &VirtualMachine,
    ) -> PyResult<Either<PyObjectRef, PyComparisonValue>> {
        ops::richcompare(vm, zelf, other, op)
    }

    fn cmp(_: &Py<Self>, _: &PyObject, _: PyComparisonOp, _: &VirtualMachine) -> PyResult<PyComparisonValue> {
        unreachable!("slot_richcompare is overridden")
    }
}

impl Iterable for PyNdArray {
    fn iter(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyResult {
        if zelf.ndim() == 0 {
            return Err(vm.new_type_error("iteration over a 0-d array"));
        }
        let n = zelf.shape()[0];
        let items: Vec<PyObjectRef> = (0..n)
            .map(|i| index::get_int(vm, &zelf, i as isize))
            .collect::<PyResult<_>>()?;
        let list = vm.ctx.new_list(items);
        list.as_object().get_iter(vm).map(|i| i.into())
    }
}

impl AsMapping for PyNdArray {
    fn as_mapping() -> &'static PyMappingMethods {
        static AS_MAPPING: PyMappingMethods = PyMappingMethods {
            length: Some(|m, vm| PyNdArray::mapping_downcast(m).first_axis_len(vm)),
            subscript: Some(|m, needle, vm| {
                let zelf = PyNdArray::mapping_downcast(m);
                index::getitem(vm, zelf, needle)
            }),
            ass_subscript: Some(|m, needle, value, vm| {
                let zelf = PyNdArray::mapping_downcast(m);
                match value {
                    Some(v) => index::setitem(vm, zelf, needle, &v),
                    None => Err(vm.new_value_error("cannot delete array elements")),
                }
            }),
        };
        &AS_MAPPING
    }
}

impl AsSequence for PyNdArray {
    fn as_sequence() -> &'static PySequenceMethods {
        static AS_SEQUENCE: PySequenceMethods = PySequenceMethods {
            length: Some(|s, vm| PyNdArray::sequence_downcast(s).first_axis_len(vm)),
            contains: Some(|s, target, vm| {
                let zelf = PyNdArray::sequence_downcast(s);
                let eq = ops::binary(vm, zelf.as_object(), target, BinaryOp::Eq)?;
                let any = reductions::reduce_node(vm, node_of(vm, &eq)?, ReduceOp::Any, None, false)?;
                Ok(runtime::force(&runtime::settle(any)).get_flat(0).as_bool())
            }),
            ..PySequenceMethods::NOT_IMPLEMENTED
        };
        &AS_SEQUENCE
    }
}

fn truth(vm: &VirtualMachine, a: &PyNdArray) -> PyResult<bool> {
    if a.size() != 1 {
        return Err(vm.new_value_error(
            "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()",
        ));
    }
    Ok(a.array().get_flat(0).as_bool())
}

fn only_scalar(vm: &VirtualMachine, a: &PyNdArray) -> PyResult<Scalar> {
    if a.ndim() != 0 {
        return Err(vm.new_type_error("only 0-dimensional arrays can be converted to Python scalars"));
    }
    Ok(a.array().get_flat(0))
}

impl AsNumber for PyNdArray {
    fn as_number() -> &'static PyNumberMethods {
        static AS_NUMBER: PyNumberMethods = PyNumberMethods {
            add: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::Add)),
            subtract: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::Sub)),
            multiply: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::Mul)),
            remainder: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::Mod)),
            divmod: Some(|a, b, vm| ops::divmod(vm, a, b)),
            power: Some(|a, b, c, vm| ops::power(vm, a, b, c)),
            negative: Some(|n, vm| ops::unary(vm, n.obj, UnaryOp::Neg)),
            positive: Some(|n, vm| ops::unary(vm, n.obj, UnaryOp::Copy)),
            absolute: Some(|n, vm| ops::unary(vm, n.obj, UnaryOp::Abs)),
            boolean: Some(|n, vm| truth(vm, downcast(n.obj))),
            invert: Some(|n, vm| ops::unary(vm, n.obj, UnaryOp::Invert)),
            and: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::And)),
            xor: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::Xor)),
            or: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::Or)),
            lshift: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::LeftShift)),
            rshift: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::RightShift)),
            inplace_lshift: Some(|a, b, vm| ops::inplace(vm, a, b, BinaryOp::LeftShift)),
            inplace_rshift: Some(|a, b, vm| ops::inplace(vm, a, b, BinaryOp::RightShift)),
            int: Some(|n, vm| scalar::scalar_int(vm, only_scalar(vm, downcast(n.obj))?)),
            float: Some(|n, vm| Ok(vm.ctx.new_float(only_scalar(vm, downcast(n.obj))?.as_f64()).into())),
            index: Some(|n, vm| {
                let a = downcast(n.obj);
                if a.ndim() != 0 || !(a.dtype().is_int() || a.dtype() == DType::Bool) {
                    return Err(vm.new_type_error(
                        "only integer scalar arrays can be converted to a scalar index",
                    ));
                }
                Ok(scalar_to_py(vm, a.array().get_flat(0)))
            }),
            floor_divide: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::FloorDiv)),
            true_divide: Some(|a, b, vm| ops::binary(vm, a, b, BinaryOp::Div)),
            matrix_multiply: Some(|a, b, vm| ops::matmul(vm, a, b)),
            inplace_matrix_multiply: Some(|a, b, vm| ops::inplace_matmul(vm, a, b)),
            inplace_add: Some(|a, b, vm| ops::inplace(vm, a, b, BinaryOp::Add)),
            inplace_subtract: Some(|a, b, vm| ops::inplace(vm, a, b, BinaryOp::Sub)),
            inplace_multiply: Some(|a, b, vm| ops::inplace(vm, a, b, BinaryOp::Mul)),
            inplace_remainder: Some(|a, b, vm| ops::inplace(vm, a, b, BinaryOp::Mod)),
            inplace_power: Some(|a, b, _c, vm| ops::inplace(vm, a, b, BinaryOp::Pow)),
            inplace_and: Some(|a, b, vm| ops::inplace(vm, a, b, BinaryOp::And)),
            inplace_xor: Some(|a, b, vm| ops::inplace(vm, a, b, BinaryOp::Xor)),
            inplace_or: Some(|a, b, vm| ops::inplace(vm, a, b, BinaryOp::Or)),
            inplace_floor_divide: Some(|a, b, vm| ops::inplace(vm, a, b, BinaryOp::FloorDiv)),
            inplace_true_divide: Some(|a, b, vm| ops::inplace(vm, a, b, BinaryOp::Div)),
            ..PyNumberMethods::NOT_IMPLEMENTED
        };
        &AS_NUMBER
    }
}

/// Shape text helper re-exported for error messages.
pub fn shape_text(shape: &[usize]) -> String {
    shape_str(shape)
}
