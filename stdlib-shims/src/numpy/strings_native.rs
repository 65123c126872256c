//! The native side of fixed-width str (`<Un`) and bytes (`Sn`) arrays.
//!
//! hipy's str arrays (`pylib/strings.py`) store their elements as NumPy
//! does: `n` code points per element (UCS4, here a uint32 array; bytes
//! arrays: `n` bytes, a uint8 array), zero-padded, in an ordinary hipy
//! array with one more, last axis of length `n`. Indexing, views,
//! reshapes, `where`, `concatenate` and comparisons are then numeric
//! operations on that array. What is native here: turning Python strings
//! into code points and back (`encode`, `encode_nested`, `decode`), the
//! stable sort of elements (`argsort`), NumPy's printing of
//! text arrays (the `format` module's layout, with Python's `repr` of each
//! shown element), and the hooks that send numpy's native entry points
//! (`np.array`, `np.dtype`, creation functions, functions given str
//! arrays) to `strings.py` (the array type) and `strings_funcs.py` (numpy's
//! functions of str arrays).

use crate::numpy::format;
use crate::numpy::ndarray::PyNdArray;
use hipy_lazy::{Array, Buffer, DType};
use rustpython_vm::builtins::{PyBytes, PyList, PyStr, PyTuple, PyType};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyPayload, PyResult, VirtualMachine};

/// The code points (or bytes) of an array of them, forced, C order, and
/// the element shape (all axes but the last) and width (the last).
fn code_points(vm: &VirtualMachine, codes: &PyObject) -> PyResult<(Vec<u32>, Vec<usize>, usize)> {
    let a = codes
        .downcast_ref::<PyNdArray>()
        .ok_or_else(|| vm.new_type_error("text array codes must be an ndarray"))?
        .array();
    let shape = a.shape().to_vec();
    let Some((&width, elems)) = shape.split_last() else {
        return Err(vm.new_value_error("text array codes need a last axis"));
    };
    let v: Vec<u32> = match a.dtype() {
        DType::UInt32 => a.to_vec::<u32>(),
        DType::UInt8 => a.to_vec::<u8>().into_iter().map(u32::from).collect(),
        d => return Err(vm.new_type_error(format!("text array codes of dtype {d}"))),
    };
    Ok((v, elems.to_vec(), width))
}

/// Element `i` (trailing zeros dropped, as NumPy reads them) as a Python
/// str, or bytes when `is_bytes`.
fn element(vm: &VirtualMachine, v: &[u32], width: usize, i: usize, is_bytes: bool) -> PyObjectRef {
    let mut run = &v[i * width..(i + 1) * width];
    while let Some((&0, rest)) = run.split_last() {
        run = rest;
    }
    if is_bytes {
        let b: Vec<u8> = run.iter().map(|&c| c as u8).collect();
        vm.ctx.new_bytes(b).into()
    } else {
        let s: String = run.iter().map(|&c| char::from_u32(c).unwrap_or('\u{fffd}')).collect();
        vm.ctx.new_str(s).into()
    }
}

#[rustpython_vm::pymodule(name = "numpy._strings_native")]
pub(crate) mod strings_native {
    use super::*;

    /// `encode(items, width, is_bytes)`: a list of str (bytes) as code
    /// points, an array of shape `(len(items), width)` (uint32; uint8 for
    /// bytes), longer items cut to `width`. `width` None: the longest
    /// item's length (at least 1), as NumPy infers it.
    #[pyfunction]
    fn encode(items: PyObjectRef, width: Option<usize>, is_bytes: bool, vm: &VirtualMachine) -> PyResult {
        let list = items
            .downcast_ref::<PyList>()
            .ok_or_else(|| vm.new_type_error("encode takes a list"))?
            .borrow_vec()
            .to_vec();
        let mut elems: Vec<Vec<u32>> = Vec::with_capacity(list.len());
        for x in &list {
            if is_bytes {
                let b = x.downcast_ref::<PyBytes>().ok_or_else(|| vm.new_type_error("bytes expected"))?;
                elems.push(b.as_bytes().iter().map(|&c| c as u32).collect());
            } else {
                let s = x.downcast_ref::<PyStr>().ok_or_else(|| vm.new_type_error("str expected"))?;
                elems.push(s.as_wtf8().code_points().map(|c| c.to_u32()).collect());
            }
        }
        let width = width.unwrap_or_else(|| elems.iter().map(Vec::len).max().unwrap_or(0).max(1));
        let n = elems.len();
        let buffer = if is_bytes {
            let mut out = vec![0u8; n * width];
            for (k, e) in elems.iter().enumerate() {
                for (j, &c) in e.iter().take(width).enumerate() {
                    out[k * width + j] = c as u8;
                }
            }
            Buffer::U8(out)
        } else {
            let mut out = vec![0u32; n * width];
            for (k, e) in elems.iter().enumerate() {
                let m = e.len().min(width);
                out[k * width..k * width + m].copy_from_slice(&e[..m]);
            }
            Buffer::U32(out)
        };
        Ok(PyNdArray::from_array(Array::from_buffer(buffer, &[n, width])).into_pyobject(vm))
    }

    /// `encode_nested(obj, width, kind)`: nested lists/tuples whose leaves
    /// are all str (kind 'U') or all bytes (kind 'S'; kind None: either)
    /// as codes of shape `shape + (width,)` (width None: the longest
    /// leaf, at least 1). None when a leaf is anything else or the nesting
    /// is ragged (the Python reader then handles them, with NumPy's errors).
    #[pyfunction]
    fn encode_nested(obj: PyObjectRef, width: Option<usize>, kind: Option<String>, vm: &VirtualMachine) -> PyResult {
        let mut shape = Vec::new();
        let mut leaves: Vec<Vec<u32>> = Vec::new();
        let mut bytes: Option<bool> = kind.as_deref().map(|k| k == "S");
        if !gather(&obj, 0, &mut shape, &mut leaves, &mut bytes) {
            return Ok(vm.ctx.none());
        }
        let is_bytes = bytes.unwrap_or(false);
        let width = width.unwrap_or_else(|| leaves.iter().map(Vec::len).max().unwrap_or(0).max(1));
        let n = leaves.len();
        let mut out = vec![0u32; n * width];
        for (k, e) in leaves.iter().enumerate() {
            let m = e.len().min(width);
            out[k * width..k * width + m].copy_from_slice(&e[..m]);
        }
        let buffer = if is_bytes { Buffer::U8(out.into_iter().map(|c| c as u8).collect()) } else { Buffer::U32(out) };
        shape.push(width);
        Ok(PyNdArray::from_array(Array::from_buffer(buffer, &shape)).into_pyobject(vm))
    }

    /// `argsort(codes)`: for codes of shape `(..., n, width)`, the stable
    /// order of the n elements of each row (NumPy's order of str/bytes:
    /// code point by code point, shorter first), int64 of shape `(..., n)`.
    #[pyfunction]
    fn argsort(codes: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let (v, shape, width) = code_points(vm, &codes)?;
        let Some((&n, rows)) = shape.split_last() else {
            return Err(vm.new_value_error("argsort needs codes with an element axis"));
        };
        let rows: usize = rows.iter().product();
        let mut out: Vec<i64> = Vec::with_capacity(rows * n);
        for r in 0..rows {
            let base = r * n * width;
            let elem = |i: usize| &v[base + i * width..base + (i + 1) * width];
            let mut idx: Vec<usize> = (0..n).collect();
            idx.sort_by(|&i, &j| elem(i).cmp(elem(j)));
            out.extend(idx.into_iter().map(|i| i as i64));
        }
        Ok(PyNdArray::from_array(Array::from_buffer(Buffer::I64(out), &shape)).into_pyobject(vm))
    }

    /// `decode(codes, is_bytes)`: the elements of a codes array, C order,
    /// as a flat list of str (bytes).
    #[pyfunction]
    fn decode(codes: PyObjectRef, is_bytes: bool, vm: &VirtualMachine) -> PyResult {
        let (v, shape, width) = code_points(vm, &codes)?;
        let n: usize = shape.iter().product();
        let items = (0..n).map(|i| element(vm, &v, width, i, is_bytes)).collect();
        Ok(vm.ctx.new_list(items).into())
    }

    /// `lengths(codes)`: the length of each element (trailing zeros not
    /// counted), an int64 array of the element shape.
    #[pyfunction]
    fn lengths(codes: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let (v, shape, width) = code_points(vm, &codes)?;
        let n: usize = shape.iter().product();
        let out: Vec<i64> = (0..n)
            .map(|i| v[i * width..(i + 1) * width].iter().rposition(|&c| c != 0).map_or(0, |p| p as i64 + 1))
            .collect();
        Ok(PyNdArray::from_array(Array::from_buffer(Buffer::I64(out), &shape)).into_pyobject(vm))
    }

    /// `text(codes, is_bytes, mode, dtype)`: NumPy's `repr` (mode 0) or
    /// `str` (mode 1) of the text array with these codes (at least 1-d);
    /// `dtype` is the repr's dtype text (`'<U3'`). `shown` true: the
    /// elements are the texts to show (datetime arrays render theirs), not
    /// Python's `repr` of each, right-aligned to the widest as NumPy shows
    /// datetimes and timedeltas.
    #[pyfunction]
    fn text(
        codes: PyObjectRef,
        is_bytes: bool,
        mode: i32,
        dtype: String,
        shown: rustpython_vm::function::OptionalArg<bool>,
        vm: &VirtualMachine,
    ) -> PyResult<String> {
        let (v, shape, width) = code_points(vm, &codes)?;
        let shown = shown.unwrap_or(false);
        let failed = std::cell::RefCell::new(None);
        let render = |i: usize| -> String {
            let e = element(vm, &v, width, i, is_bytes);
            if shown {
                return e.str(vm).map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            }
            match e.repr(vm) {
                Ok(s) => s.to_string_lossy().into_owned(),
                Err(e) => {
                    failed.borrow_mut().get_or_insert(e);
                    String::new()
                }
            }
        };
        let out = if mode == 0 {
            format::text_array_repr(&shape, &render, shown, &dtype)
        } else {
            format::text_array_str(&shape, &render, shown)
        };
        match failed.into_inner() {
            Some(e) => Err(e),
            None => Ok(out),
        }
    }

    /// `layout(texts, shape, mode, dtype)`: NumPy's `repr` (mode 0) or
    /// `str` (mode 1) of an array (at least 1-d) of `shape` whose elements
    /// show as `texts` (a list of str, C order), not aligned (object
    /// arrays); `dtype` is the repr's dtype text.
    #[pyfunction]
    fn layout(texts: Vec<String>, shape: Vec<usize>, mode: i32, dtype: String, vm: &VirtualMachine) -> PyResult<String> {
        if texts.len() != shape.iter().product::<usize>() {
            return Err(vm.new_value_error("layout: texts do not fill the shape"));
        }
        let render = |i: usize| -> String { texts[i].clone() };
        Ok(if mode == 0 {
            format::text_array_repr(&shape, &render, false, &dtype)
        } else {
            format::text_array_str(&shape, &render, false)
        })
    }

    /// `module()`: `strings.py`'s module (loaded on first use), for the
    /// Python files whose functions send str arrays there.
    #[pyfunction]
    fn module(vm: &VirtualMachine) -> PyResult {
        strings_module(vm)
    }

    /// `functions()`: `strings_funcs.py`'s module, numpy's functions of
    /// str arrays (`_np_<name>`).
    #[pyfunction]
    fn functions(vm: &VirtualMachine) -> PyResult {
        crate::numpy::pylib::module(vm, "strings_funcs.py")
    }

    /// `ufunc_error(message)`: numpy's UFuncTypeError (to raise).
    #[pyfunction]
    fn ufunc_error(message: String, vm: &VirtualMachine) -> PyObjectRef {
        crate::numpy::args::ufunc_type_error(vm, message).into()
    }

    /// `involved(*objs)`: whether any argument is text (a str/bytes array,
    /// a str or bytes, or a list/tuple holding one).
    #[pyfunction]
    fn involved(args: FuncArgs, vm: &VirtualMachine) -> bool {
        args.args.iter().any(|a| involves(vm, a))
    }
}

/// Walks nested lists/tuples of text for `encode_nested`: false when a
/// leaf is not text of the one kind, or the nesting is ragged.
fn gather(obj: &PyObject, depth: usize, shape: &mut Vec<usize>, leaves: &mut Vec<Vec<u32>>, bytes: &mut Option<bool>) -> bool {
    let items: Option<Vec<PyObjectRef>> = if let Some(l) = obj.downcast_ref::<PyList>() {
        Some(l.borrow_vec().to_vec())
    } else {
        obj.downcast_ref::<PyTuple>().map(|t| t.as_slice().to_vec())
    };
    if let Some(items) = items {
        if depth == shape.len() && leaves.is_empty() {
            shape.push(items.len());
        } else if depth >= shape.len() || shape[depth] != items.len() {
            return false;
        }
        if items.is_empty() && depth + 1 != shape.len() {
            return false;
        }
        return items.iter().all(|x| gather(x, depth + 1, shape, leaves, bytes));
    }
    if depth != shape.len() {
        return false;
    }
    if let Some(s) = obj.downcast_ref::<PyStr>() {
        if *bytes == Some(true) {
            return false;
        }
        *bytes = Some(false);
        leaves.push(s.as_wtf8().code_points().map(|c| c.to_u32()).collect());
        return true;
    }
    if let Some(b) = obj.downcast_ref::<PyBytes>() {
        if *bytes == Some(false) {
            return false;
        }
        *bytes = Some(true);
        leaves.push(b.as_bytes().iter().map(|&c| c as u32).collect());
        return true;
    }
    false
}

/// Builds the native module (attached to `numpy` as `_strings_native`).
pub fn make_module(vm: &VirtualMachine) -> PyResult<rustpython_vm::PyRef<rustpython_vm::builtins::PyModule>> {
    let def = strings_native::module_def(&vm.ctx);
    let m = def.create_module(vm)?;
    m.__init_methods(vm)?;
    strings_native::module_exec(vm, &m)?;
    Ok(m)
}

/// Whether `obj` is an array numpy's Python modules hold (str/bytes,
/// datetime or object): numpy's methods of the same name serve its functions.
pub fn is_pylib_array(vm: &VirtualMachine, obj: &PyObject) -> bool {
    is_text_array(vm, obj) || crate::numpy::datetimes::is_array(vm, obj) || crate::numpy::objects::is_array(vm, obj)
}

/// Whether `obj` is a hipy str/bytes array.
pub fn is_text_array(vm: &VirtualMachine, obj: &PyObject) -> bool {
    obj.downcast_ref::<PyNdArray>().is_none() && obj.class().get_attr(vm.ctx.intern_str("_hipy_str")).is_some()
}

/// Whether `obj` is a str array, a str or bytes (np.str_ / np.bytes_ too).
pub fn is_text_value(vm: &VirtualMachine, obj: &PyObject) -> bool {
    if obj.downcast_ref::<PyStr>().is_some() || obj.downcast_ref::<PyBytes>().is_some() {
        return true;
    }
    // The common numbers answer without a class attribute lookup.
    let cls = obj.class();
    let types = &vm.ctx.types;
    if cls.is(types.float_type) || cls.is(types.int_type) || cls.is(types.bool_type) {
        return false;
    }
    is_text_array(vm, obj)
}

/// Whether `obj` is text or a (nested) list/tuple holding text.
pub fn involves(vm: &VirtualMachine, obj: &PyObject) -> bool {
    crate::numpy::convert::nested_any(obj, &|x| x.downcast_ref::<PyNdArray>().is_none() && is_text_value(vm, x))
}

/// Whether a `dtype=` argument names a str or bytes type (`str`, `'U5'`,
/// `'<U'`, `'S3'`, `np.str_`, `np.bytes_`, a str dtype object).
pub fn is_text_dtype(vm: &VirtualMachine, obj: &PyObject) -> bool {
    let name = |name: &str| {
        if matches!(name, "str" | "str_" | "unicode" | "bytes" | "bytes_" | "U" | "S") {
            return true;
        }
        let mut chars = name.chars();
        matches!(chars.next(), Some('U' | 'S')) && chars.as_str().bytes().all(|b| b.is_ascii_digit())
    };
    let of_type = |t: &rustpython_vm::Py<PyType>| {
        t.is(vm.ctx.types.str_type) || t.is(vm.ctx.types.bytes_type) || t.get_attr(vm.ctx.intern_str("_hipy_str_scalar")).is_some()
    };
    crate::numpy::convert::names_kind(vm, obj, &name, &of_type, "_hipy_str_dtype")
}

fn strings_module(vm: &VirtualMachine) -> PyResult<PyObjectRef> {
    crate::numpy::pylib::module(vm, "strings.py")
}

/// Calls `strings.py`'s `_np_<name>(*args, **kwargs)`, numpy's function
/// `name` for str arrays, when one of its data parameters (`params`, in
/// their positional order; option strings such as `side='left'` are not
/// data) is text, or its `dtype` parameter names a str type; None
/// otherwise. A datetime argument or dtype goes to `datetime_funcs.py`
/// instead (`datetimes::forward`).
pub fn forward(vm: &VirtualMachine, name: &str, args: &FuncArgs, params: &[&str]) -> PyResult<Option<PyObjectRef>> {
    // A datetime argument decides first (`np.full_like(dates, '2024-01-01')`).
    if let Some(r) = crate::numpy::datetimes::forward(vm, name, args, params)? {
        return Ok(Some(r));
    }
    let text = |param: &str, obj: &PyObject| if param == "dtype" { is_text_dtype(vm, obj) } else { involves(vm, obj) };
    if !crate::numpy::convert::any_data_argument(args, params, &text) {
        return Ok(None);
    }
    let f = crate::numpy::pylib::module(vm, "strings_funcs.py")?.get_attr(&*vm.ctx.new_str(format!("_np_{name}")), vm)?;
    f.call(args.clone(), vm).map(Some)
}

/// [`forward`] for a function of positional arguments.
pub fn forward_objs(vm: &VirtualMachine, name: &str, objs: &[&PyObjectRef]) -> PyResult<Option<PyObjectRef>> {
    if let Some(r) = crate::numpy::datetimes::forward_objs(vm, name, objs)? {
        return Ok(Some(r));
    }
    if !objs.iter().any(|a| involves(vm, a)) {
        return Ok(None);
    }
    let f = crate::numpy::pylib::module(vm, "strings_funcs.py")?.get_attr(&*vm.ctx.new_str(format!("_np_{name}")), vm)?;
    f.call(FuncArgs::from(objs.iter().map(|&o| o.clone()).collect::<Vec<_>>()), vm).map(Some)
}

/// `np.array(obj, dtype)` / `np.asarray` when the dtype is text or `obj`
/// is a str array or a str: a str array; None otherwise (lists holding
/// str are left to [`array_after_error`], so reading numbers pays no scan).
pub fn array(vm: &VirtualMachine, obj: &PyObject, dtype: Option<PyObjectRef>) -> PyResult<Option<PyObjectRef>> {
    // An object dtype decides first (`np.array('abc', dtype=object)`).
    if dtype.as_ref().is_some_and(|d| crate::numpy::objects::is_dtype(vm, d)) {
        return crate::numpy::objects::array(vm, obj, dtype);
    }
    let text_dtype = dtype.as_ref().is_some_and(|d| is_text_dtype(vm, d));
    if !text_dtype && !is_text_value(vm, obj) {
        return crate::numpy::datetimes::array(vm, obj, dtype);
    }
    array_of_text(vm, obj, dtype).map(Some)
}

/// `np.array(obj, dtype)` after numpy's native reader failed: a str array
/// when `obj` holds text (the reader stops at a str); None otherwise.
pub fn array_after_error(vm: &VirtualMachine, obj: &PyObject, dtype: &Option<PyObjectRef>) -> PyResult<Option<PyObjectRef>> {
    if !involves(vm, obj) {
        return Ok(None);
    }
    array_of_text(vm, obj, dtype.clone()).map(Some)
}

fn array_of_text(vm: &VirtualMachine, obj: &PyObject, dtype: Option<PyObjectRef>) -> PyResult {
    let f = strings_module(vm)?.get_attr("_array", vm)?;
    f.call((obj.to_owned(), dtype.unwrap_or_else(|| vm.ctx.none())), vm)
}

/// `np.zeros` / `ones` / `empty` / `full` of a str dtype or with a str
/// fill value: a str array; None otherwise.
pub fn creation(vm: &VirtualMachine, c: &crate::numpy::convert::Creation) -> PyResult<Option<PyObjectRef>> {
    if c.dtype.as_ref().is_some_and(|d| crate::numpy::objects::is_dtype(vm, d)) {
        return crate::numpy::objects::creation(vm, c);
    }
    let text_dtype = c.dtype.as_ref().is_some_and(|d| is_text_dtype(vm, d));
    let text_fill = c.fill.as_ref().is_some_and(|f| involves(vm, f));
    if !text_dtype && !text_fill {
        return crate::numpy::datetimes::creation(vm, c);
    }
    c.make(vm, strings_module(vm)?)
}

/// `np.dtype(spec)` for a str/bytes spec: the str dtype object.
pub fn dtype(vm: &VirtualMachine, spec: &PyObject) -> PyResult<Option<PyObjectRef>> {
    if !is_text_dtype(vm, spec) {
        return crate::numpy::datetimes::dtype(vm, spec);
    }
    strings_module(vm)?.get_attr("_dtype", vm)?.call((spec.to_owned(),), vm).map(Some)
}

/// `a.astype(dtype)` of a numeric array to a str dtype.
pub fn astype(vm: &VirtualMachine, a: &PyObject, dtype: PyObjectRef) -> PyResult {
    strings_module(vm)?.get_attr("_from_numeric", vm)?.call((a.to_owned(), dtype), vm)
}

/// `a op b` where an operand is a str array or a str and numpy's native
/// ops declined it; None when no operand is text.
pub fn binary(vm: &VirtualMachine, a: &PyObject, b: &PyObject, op: &str) -> PyResult<Option<PyObjectRef>> {
    // An object array decides first (`str_array + object_array`).
    if let Some(r) = crate::numpy::objects::binary(vm, a, b, op)? {
        return Ok(Some(r));
    }
    if !is_text_value(vm, a) && !is_text_value(vm, b) {
        return crate::numpy::datetimes::binary(vm, a, b, op);
    }
    let f = strings_module(vm)?.get_attr("_native_binary", vm)?;
    f.call((op.to_owned(), a.to_owned(), b.to_owned()), vm).map(Some)
}
