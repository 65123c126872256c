//! CALL of a few builtins without RustPython's argument machinery, as
//! CPython 3.11 specializes them (PRECALL_NO_KW_LEN, _ISINSTANCE,
//! _LIST_APPEND, _METHOD_DESCRIPTOR_NOARGS): `len` of an exact list, tuple,
//! dict or str, `isinstance` with a class whose metaclass is `type`
//! (a negative answer when `obj.__class__` is surely `type(obj)`),
//! `list.append`, `list.pop` with no index or an int index in range, the
//! character-class tests of an ASCII str (`isdigit`, `isspace`, `isalpha`,
//! `isalnum`), `lower`, `strip` and `split` of an ASCII str with ASCII
//! arguments (`ascii_str_method`), `dict.get` of an exact int or str key, and `str.format` with
//! `{}` fields (`strfmt::format_fields`), and `int` of an exact str of
//! decimal digits (`decimal_i64`), `list` of an exact list or tuple (a
//! copy), `str` of an exact int or str, and `hasattr`/`getattr` with an
//! exact str name. Everything else,
//! including every case that could raise or run Python code, goes through
//! the general call.

use std::sync::OnceLock;


use rustpython_vm::builtins::{PyDict, PyList, PyStr, PyTuple, PyType};
use rustpython_vm::{AsObject, PyObject, PyObjectRef, PyResult, VirtualMachine};

/// The builtins as they were at start-up: a call site whose callable is
/// another object (the name rebound, a wrapper) takes the general path.
struct Known {
    len: PyObjectRef,
    isinstance: PyObjectRef,
    list_append: PyObjectRef,
    list_pop: PyObjectRef,
    str_isdigit: PyObjectRef,
    str_isspace: PyObjectRef,
    str_isalpha: PyObjectRef,
    str_isalnum: PyObjectRef,
    str_lower: PyObjectRef,
    str_strip: PyObjectRef,
    str_split: PyObjectRef,
    dict_get: PyObjectRef,
    str_format: PyObjectRef,
    /// `all` and `any`: what LOAD_COMMON_CONSTANT loads (the compiler's
    /// inline loop for `all(genexpr)`/`any(genexpr)` runs only when the
    /// name still means the start-up builtin, as CPython 3.14's
    /// interpreter-wide common constants).
    all: PyObjectRef,
    any: PyObjectRef,
    getattr: PyObjectRef,
    hasattr: PyObjectRef,
    /// `object.__dict__['__class__']`.
    object_class: PyObjectRef,
}

static KNOWN: OnceLock<Option<Known>> = OnceLock::new();

/// Remembers the builtin objects; called once hipy's wrappers are in place.
pub fn install(vm: &VirtualMachine) {
    KNOWN.get_or_init(|| {
        let builtin = |name: &'static str| vm.builtins.get_attr(name, vm).ok();
        let list = vm.ctx.types.list_type.as_object();
        let str = vm.ctx.types.str_type.as_object();
        let dict = vm.ctx.types.dict_type.as_object();
        Some(Known {
            len: builtin("len")?,
            isinstance: builtin("isinstance")?,
            list_append: list.get_attr("append", vm).ok()?,
            list_pop: list.get_attr("pop", vm).ok()?,
            str_isdigit: str.get_attr("isdigit", vm).ok()?,
            str_isspace: str.get_attr("isspace", vm).ok()?,
            str_isalpha: str.get_attr("isalpha", vm).ok()?,
            str_isalnum: str.get_attr("isalnum", vm).ok()?,
            str_lower: str.get_attr("lower", vm).ok()?,
            str_strip: str.get_attr("strip", vm).ok()?,
            str_split: str.get_attr("split", vm).ok()?,
            dict_get: dict.get_attr("get", vm).ok()?,
            str_format: str.get_attr("format", vm).ok()?,
            all: builtin("all")?,
            any: builtin("any")?,
            getattr: builtin("getattr")?,
            hasattr: builtin("hasattr")?,
            object_class: vm.ctx.types.object_type.get_attr(vm.ctx.names.__class__)?,
        })
    });
}

/// The result of `callable(*args)` (with `self_arg` first when the call is a
/// method call), or None when the general call must make it.
pub fn call(vm: &VirtualMachine, callable: &PyObject, self_arg: Option<&PyObjectRef>, args: &[Option<PyObjectRef>]) -> Option<PyResult> {
    let known = KNOWN.get()?.as_ref()?;
    // A method descriptor called with its object as the first argument
    // (`str.isdigit(c)`, or compiled code's residual call of a method) is
    // the method call.
    if self_arg.is_none() && callable.class().is(vm.ctx.types.method_descriptor_type) {
        if let [Some(s), rest @ ..] = args {
            return call(vm, callable, Some(s), rest);
        }
    }
    match (self_arg, args) {
        (None, [Some(obj)]) if callable.is(&known.len) => exact_len(vm, obj).map(|n| Ok(vm.ctx.new_int(n).into())),
        // `str(n)` of an exact int that fits in i64 (its digits straight
        // from the value), `str(s)` of an exact str (s itself).
        (None, [Some(x)]) if callable.is(vm.ctx.types.str_type) && !crate::code::forced_miss() => {
            if x.class().is(vm.ctx.types.str_type) {
                return Some(Ok(x.clone()));
            }
            let n = crate::exact::exact_i64(vm, x)?;
            Some(Ok(vm.ctx.new_str(n.to_string()).into()))
        }
        (None, [Some(s)]) if callable.is(vm.ctx.types.int_type) => {
            let s = crate::exact::exact_str(vm, s)?;
            if crate::code::forced_miss() {
                return None;
            }
            decimal_i64(s.as_wtf8().as_bytes()).map(|n| Ok(vm.ctx.new_int(n).into()))
        }
        // hasattr(obj, name), getattr(obj, name[, default]) with an exact
        // str name: the lookup without the argument vector; errors worded
        // as the call slot words them.
        (None, [Some(obj), Some(name)] | [Some(obj), Some(name), _])
            if callable.is(&known.hasattr) && args.len() == 2 || callable.is(&known.getattr) =>
        {
            let name = name.downcast_ref::<PyStr>().filter(|_| name.class().is(vm.ctx.types.str_type))?;
            if crate::code::forced_miss() {
                return None;
            }
            let r = match args {
                [_, _] if callable.is(&known.hasattr) => vm.get_attribute_opt(obj, name).map(|v| vm.ctx.new_bool(v.is_some()).into()),
                [_, _] => obj.get_attr(name, vm),
                [_, _, Some(default)] => vm.get_attribute_opt(obj, name).map(|v| v.unwrap_or_else(|| default.clone())),
                _ => return None,
            };
            Some(r.map_err(|e| crate::compat::native_call_error(vm, callable, args.len(), e)))
        }
        (None, [Some(obj), Some(cls)]) if callable.is(&known.isinstance) => {
            is_plain_instance(vm, known, obj, cls).map(|b| Ok(vm.ctx.new_bool(b).into()))
        }
        // `list(seq)` of an exact list or tuple: a copy of its items.
        (None, [Some(seq)]) if callable.is(vm.ctx.types.list_type) && !crate::code::forced_miss() => {
            let items: Vec<PyObjectRef> = if seq.class().is(vm.ctx.types.list_type) {
                seq.downcast_ref::<PyList>()?.borrow_vec().to_vec()
            } else if seq.class().is(vm.ctx.types.tuple_type) {
                seq.downcast_ref::<PyTuple>()?.as_slice().to_vec()
            } else {
                return None;
            };
            Some(Ok(vm.ctx.new_list(items).into()))
        }
        // `list(generator)` & co.: the generator in push mode.
        (None, [Some(g)]) if crate::generator::is_plain_generator(g) => {
            let container = crate::push::Container::of(vm, callable)?;
            Some(crate::push::build(vm, container, g))
        }
        (Some(list), [Some(item)]) if callable.is(&known.list_append) => {
            let list = list.downcast_ref::<PyList>()?;
            list.borrow_vec_mut().push(item.clone());
            Some(Ok(vm.ctx.none()))
        }
        (Some(list), [] | [Some(_)]) if callable.is(&known.list_pop) => {
            let index = match args {
                [Some(i)] => Some(crate::exact::exact_i64(vm, i)?),
                _ => None,
            };
            let mut items = list.downcast_ref::<PyList>()?.borrow_vec_mut();
            let len = items.len() as i64;
            let at = index.map_or(len - 1, |i| if i < 0 { i + len } else { i });
            // An empty list or an index out of range: the general call raises.
            (0..len).contains(&at).then(|| Ok(items.remove(at as usize)))
        }
        (Some(s), _) if callable.is(&known.str_format) => crate::strfmt::format_fields(vm, s, args),
        (Some(s), [] | [Some(_)])
            if callable.is(&known.str_lower) || callable.is(&known.str_strip) || callable.is(&known.str_split) =>
        {
            ascii_str_method(vm, known, callable, s, args)
        }
        (Some(s), []) if callable.class().is(vm.ctx.types.method_descriptor_type) => {
            let class: fn(&u8) -> bool = if callable.is(&known.str_isdigit) {
                u8::is_ascii_digit
            } else if callable.is(&known.str_isspace) {
                is_ascii_space
            } else if callable.is(&known.str_isalpha) {
                u8::is_ascii_alphabetic
            } else if callable.is(&known.str_isalnum) {
                u8::is_ascii_alphanumeric
            } else {
                return None;
            };
            let s = crate::exact::exact_str(vm, s)?;
            if !crate::exact::is_ascii(s) || crate::code::forced_miss() {
                return None;
            }
            let bytes = s.as_wtf8().as_bytes();
            Some(Ok(vm.ctx.new_bool(!bytes.is_empty() && bytes.iter().all(class)).into()))
        }
        (Some(d), [Some(key)] | [Some(key), Some(_)]) if callable.is(&known.dict_get) => {
            if !d.class().is(vm.ctx.types.dict_type) || crate::code::forced_miss() {
                return None;
            }
            let kc = key.class();
            if !kc.is(vm.ctx.types.str_type) && !kc.is(vm.ctx.types.int_type) {
                return None;
            }
            let found = d.downcast_ref::<PyDict>()?.get_item_opt(&**key, vm).ok()?;
            Some(Ok(match (found, args) {
                (Some(v), _) => v,
                (None, [_, Some(default)]) => default.clone(),
                (None, _) => vm.ctx.none(),
            }))
        }
        _ => None,
    }
}

/// The builtin methods the trace recorder calls directly.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Method {
    ListAppend,
    ListPop,
    DictGet,
}

impl Method {
    /// Its name, as `--jit-stats` and aborts show it.
    pub fn name(self) -> &'static str {
        match self {
            Method::ListAppend => "list.append",
            Method::ListPop => "list.pop",
            Method::DictGet => "dict.get",
        }
    }

    /// Whether a call with `argc` arguments (besides the object) is one the
    /// recorder makes directly (the others raise TypeError in the general call).
    pub fn takes(self, argc: usize) -> bool {
        match self {
            Method::ListAppend => argc == 1,
            Method::ListPop => argc <= 1,
            Method::DictGet => argc == 1 || argc == 2,
        }
    }

    /// The exact type of object it is recorded for.
    pub fn receiver(self, vm: &VirtualMachine) -> &'static rustpython_vm::Py<PyType> {
        match self {
            Method::ListAppend | Method::ListPop => vm.ctx.types.list_type,
            Method::DictGet => vm.ctx.types.dict_type,
        }
    }
}

/// The builtin `all` (`want_any` false) or `any` as it was at start-up.
pub fn start_up_all_any(want_any: bool) -> Option<&'static PyObjectRef> {
    let known = KNOWN.get()?.as_ref()?;
    Some(if want_any { &known.any } else { &known.all })
}

/// Which of `list.append`, `list.pop` and `dict.get` (as they were at
/// start-up) `callable` is.
pub fn method_of(callable: &PyObject) -> Option<Method> {
    let known = KNOWN.get()?.as_ref()?;
    if callable.is(&known.list_append) {
        Some(Method::ListAppend)
    } else if callable.is(&known.list_pop) {
        Some(Method::ListPop)
    } else if callable.is(&known.dict_get) {
        Some(Method::DictGet)
    } else {
        None
    }
}

/// `list.pop(index)` of an exact list (`index` None: the last item), or
/// the general call's error.
pub fn list_pop(vm: &VirtualMachine, list: &PyObjectRef, index: Option<i64>) -> PyResult {
    // An exact list: CPython's `list.pop` itself (its checks and messages
    // in its order), without the method call.
    if let Some(l) = list.downcast_ref::<rustpython_vm::builtins::PyList>().filter(|_| list.class().is(vm.ctx.types.list_type)) {
        let mut items = l.borrow_vec_mut();
        let n = items.len() as i64;
        if n == 0 {
            return Err(vm.new_index_error("pop from empty list"));
        }
        let i = match index {
            None => n - 1,
            Some(i) if i < 0 => i.saturating_add(n),
            Some(i) => i,
        };
        if !(0..n).contains(&i) {
            return Err(vm.new_index_error("pop index out of range"));
        }
        return Ok(items.remove(i as usize));
    }
    let args: Vec<Option<PyObjectRef>> = index.map(|i| Some(vm.ctx.new_int(i).into())).into_iter().collect();
    let known = KNOWN.get().and_then(Option::as_ref).expect("builtins known");
    if let Some(r) = call(vm, &known.list_pop, Some(list), &args) {
        return r;
    }
    let args: Vec<PyObjectRef> = std::iter::once(list.clone()).chain(args.into_iter().flatten()).collect();
    known.list_pop.call(args, vm)
}

/// CPython's whitespace among ASCII characters: `\t\n\x0b\x0c\r`, the
/// separators `\x1c`-`\x1f`, and space.
fn is_ascii_space(b: &u8) -> bool {
    matches!(b, b' ' | b'\t'..=b'\r' | 0x1c..=0x1f)
}

/// `s.lower()`, `s.strip()`, `s.strip(chars)` and `s.split(sep)` (a
/// non-empty `sep`) when `s` and the argument are exact ASCII strs: what
/// CPython computes, without RustPython's argument parsing. `strip` returns
/// `s` itself when nothing is stripped, as CPython does.
fn ascii_str_method(
    vm: &VirtualMachine,
    known: &Known,
    method: &PyObject,
    s: &PyObjectRef,
    args: &[Option<PyObjectRef>],
) -> Option<PyResult> {
    let text = crate::exact::exact_str(vm, s)?;
    let arg = match args {
        [Some(a)] => Some(crate::exact::exact_str(vm, a)?),
        _ => None,
    };
    if !crate::exact::is_ascii(text) || arg.is_some_and(|a| !crate::exact::is_ascii(a)) || crate::code::forced_miss() {
        return None;
    }
    let (text, arg) = (text.to_str()?, arg.map(|a| a.to_str()).unwrap_or(Some(""))?);
    let has_arg = !args.is_empty();
    let new_str = |t: &str| -> PyObjectRef { vm.ctx.new_str(t).into() };
    if method.is(&known.str_lower) {
        return (!has_arg).then(|| Ok(new_str(&text.to_ascii_lowercase())));
    }
    let bytes = text.as_bytes();
    if method.is(&known.str_strip) {
        let strip = |b: &u8| if has_arg { arg.as_bytes().contains(b) } else { is_ascii_space(b) };
        let start = bytes.iter().position(|b| !strip(b)).unwrap_or(bytes.len());
        let end = bytes.iter().rposition(|b| !strip(b)).map_or(start, |i| i + 1);
        return Some(Ok(if end - start == bytes.len() { s.clone() } else { new_str(&text[start..end]) }));
    }
    if arg.is_empty() {
        return None;
    }
    // A one-character separator (the common `line.split(",")`) is searched
    // for as a char (memchr), not as a substring (a two-way searcher).
    let parts: Vec<PyObjectRef> = match *arg.as_bytes() {
        [sep] => text.split(char::from(sep)).map(new_str).collect(),
        _ => text.split(arg).map(new_str).collect(),
    };
    Some(Ok(vm.ctx.new_list(parts).into()))
}

/// The value of `int(s)` when `s` is an optional sign and 1 to 18 ASCII
/// digits (so it fits an i64); None for everything else (whitespace,
/// underscores, other digits, errors), which the general call parses.
fn decimal_i64(bytes: &[u8]) -> Option<i64> {
    let (negative, digits) = match bytes.split_first()? {
        (b'-', rest) => (true, rest),
        (b'+', rest) => (false, rest),
        _ => (false, bytes),
    };
    if digits.is_empty() || digits.len() > 18 {
        return None;
    }
    let mut n: i64 = 0;
    for &b in digits {
        if !b.is_ascii_digit() {
            return None;
        }
        n = n * 10 + i64::from(b - b'0');
    }
    Some(if negative { -n } else { n })
}

/// `len(obj)` for the exact builtin containers, whose length cannot fail.
fn exact_len(vm: &VirtualMachine, obj: &PyObjectRef) -> Option<usize> {
    let t = &vm.ctx.types;
    let class = obj.class();
    if class.is(t.list_type) {
        Some(obj.downcast_ref::<PyList>()?.borrow_vec().len())
    } else if class.is(t.tuple_type) {
        Some(obj.downcast_ref::<PyTuple>()?.len())
    } else if class.is(t.dict_type) {
        Some(obj.downcast_ref::<PyDict>()?.__len__())
    } else if class.is(t.str_type) {
        Some(obj.downcast_ref::<PyStr>()?.char_len())
    } else {
        None
    }
}

/// `isinstance(obj, cls)` when `cls` is a class whose metaclass is `type`
/// (so no `__instancecheck__`): true when `type(obj)` is a subclass of it.
/// Otherwise CPython asks `obj.__class__`; the answer is false without
/// asking when that is `type(obj)` for sure: the type's getattr is the
/// generic one and its `__class__` is object's own descriptor (a data
/// descriptor, which no instance dict shadows). Anything else (a
/// `__class__` property, as mocks have, a class attribute, a custom
/// `__getattribute__`) takes the general path.
fn is_plain_instance(vm: &VirtualMachine, known: &Known, obj: &PyObjectRef, cls: &PyObjectRef) -> Option<bool> {
    if !cls.class().is(vm.ctx.types.type_type) {
        return None;
    }
    let cls = cls.downcast_ref::<PyType>()?;
    let t = obj.class();
    if t.fast_issubclass(cls.as_object()) {
        return Some(true);
    }
    if crate::code::forced_miss() || !crate::attr::uses_generic_getattr(vm, t) {
        return None;
    }
    t.get_attr(vm.ctx.names.__class__)?.is(&known.object_class).then_some(false)
}
