//! CPython 3.11's messages for arguments of the wrong type.
//!
//! RustPython reports any failed `str` conversion as "Expected type 'str'
//! but 'int' found.", without saying which argument. These checks know the
//! parameters: method checks run before the original (cheap type tests),
//! constructor checks run on the error path over a copy of the arguments
//! that `calls` keeps only for these constructors.

use rustpython_vm::builtins::{PyBaseExceptionRef, PyDict, PyStr, PyTuple, PyType};
use rustpython_vm::function::{FuncArgs, VectorArgs};
use rustpython_vm::{AsObject, Py, PyObject, PyObjectRef, PyResult, VirtualMachine};

use super::{messages, modules, wrap};

/// Positional arguments and keyword `(name, value)` pairs of a call.
pub struct Args<'a> {
    pub positional: &'a [PyObjectRef],
    pub keywords: Vec<(String, &'a PyObjectRef)>,
}

impl<'a> Args<'a> {
    pub fn from_funcargs(args: &'a FuncArgs) -> Self {
        Args {
            positional: &args.args,
            keywords: args.kwargs.iter().map(|(k, v)| (k.to_string(), v)).collect(),
        }
    }

    /// The argument for parameter `pos` or keyword `name`.
    fn get(&self, pos: usize, name: &str) -> Option<&'a PyObjectRef> {
        self.positional
            .get(pos)
            .or_else(|| self.keywords.iter().find(|(k, _)| k == name).map(|(_, v)| *v))
    }
}

fn is_str(vm: &VirtualMachine, obj: &PyObject) -> bool {
    obj.fast_isinstance(vm.ctx.types.str_type)
}

fn type_name(obj: &PyObject) -> String {
    obj.class().name().to_string()
}

/// Clinic's "f() argument 'name' must be str, not int" for optional
/// str parameters at `positions` (the instance counts as position 0).
fn str_params(vm: &VirtualMachine, func: &str, args: &Args, params: &[(usize, &str)]) -> Option<PyBaseExceptionRef> {
    for &(pos, name) in params {
        if let Some(v) = args.get(pos, name) {
            if !is_str(vm, v) {
                return Some(vm.new_type_error(format!("{func}() argument '{name}' must be str, not {}", type_name(v))));
            }
        }
    }
    None
}

/// The checks on methods of the builtin types (shared by all interpreters).
pub fn install_methods(vm: &VirtualMachine) {
    let t = &vm.ctx.types;
    for (typ, name) in [(t.str_type, "encode"), (t.bytes_type, "decode"), (t.bytearray_type, "decode")] {
        wrap::method(vm, typ, name, move |vm, args, callee, original| {
            let view = Args::from_funcargs(&args);
            if let Some(e) = str_params(vm, name, &view, &[(1, "encoding"), (2, "errors")]) {
                return Err(e);
            }
            let encoding = view.get(1, "encoding").cloned();
            original(vm, args, callee).map_err(|e| modules::unknown_encoding(vm, e, encoding.as_ref()))
        });
    }
    wrap::precheck(vm, t.str_type, "replace", |vm, a| {
        if !a.kwargs.is_empty() {
            return None;
        }
        for i in 1..a.args.len().min(3) {
            if !is_str(vm, &a.args[i]) {
                let found = type_name(&a.args[i]);
                return Some(vm.new_type_error(format!("replace() argument {i} must be str, not {found}")));
            }
        }
        None
    });
}

/// The checks on functions of this interpreter's `builtins`.
pub fn install_functions(vm: &VirtualMachine) -> rustpython_vm::PyResult<()> {
    let builtins = vm.builtins.clone();
    wrap::function_with_fastcall(vm, builtins.as_object(), "print", |vm, args, callee, original| {
        if !args.kwargs.is_empty() {
            for name in ["sep", "end"] {
                if let Some(v) = args.kwargs.get(name) {
                    if !vm.is_none(v) && !is_str(vm, v) {
                        let msg = format!("{name} must be None or a string, not {}", type_name(v));
                        return Err(vm.new_type_error(msg));
                    }
                }
            }
        }
        original(vm, args, callee)
    }, Some(&print_fastcall))?;
    // RustPython's `reversed` is a function; 3.11's a type whose error names
    // the argument's type.
    wrap::function(vm, builtins.as_object(), "reversed", |vm, args, callee, original| {
        let first = args.args.first().cloned();
        original(vm, args, callee).map_err(|e| match first {
            Some(first) if messages::exception_message(&e).as_deref() == Some("argument to reversed() must be a sequence") => {
                vm.new_type_error(format!("'{}' object is not reversible", type_name(&first)))
            }
            _ => e,
        })
    })?;
    Ok(())
}

/// `print`'s vectorcall entry (no keyword map): the calls whose `sep` and
/// `end` are None or a str, which the wrapper above lets through; the
/// others go to it, to raise its error.
fn print_fastcall(vm: &VirtualMachine, a: VectorArgs<'_>) -> Option<PyResult> {
    if !a.keywords_among(&["sep", "end", "file", "flush"]) {
        return None;
    }
    let text = |name| match a.keyword(name) {
        Some(v) if !vm.is_none(v) => v.clone().downcast::<PyStr>().ok().map(Some),
        _ => Some(None),
    };
    let (sep, end) = (text("sep")?, text("end")?);
    let flush = match a.keyword("flush") {
        Some(v) => match v.clone().try_to_bool(vm) {
            Ok(b) => b,
            Err(e) => return Some(Err(e)),
        },
        None => false,
    };
    let file = a.keyword("file").cloned();
    Some(rustpython_vm::stdlib::builtins::print_objects(a.positional(), sep, end, file, flush, vm).map(|()| vm.ctx.none()))
}

/// Whether a failed call of class `cls` with this many arguments needs the
/// arguments kept for `constructor_error`.
pub fn keeps_arguments(vm: &VirtualMachine, cls: &Py<PyType>, nargs: usize, has_keywords: bool) -> bool {
    let t = &vm.ctx.types;
    if cls.is(t.str_type) || cls.is(t.bytes_type) || cls.is(t.bytearray_type) {
        nargs >= 2 || has_keywords
    } else if cls.is(t.type_type) {
        nargs == 3
    } else {
        cls.is(t.super_type) && nargs >= 1
    }
}

/// 3.11's error for a call of class `cls` that failed with `e`, when an
/// argument has a type 3.11 rejects while parsing, or names an unknown
/// encoding.
pub fn constructor_error(vm: &VirtualMachine, cls: &Py<PyType>, args: &Args, e: PyBaseExceptionRef) -> PyBaseExceptionRef {
    let t = &vm.ctx.types;
    let name = cls.name().to_string();
    if cls.is(t.str_type) || cls.is(t.bytes_type) || cls.is(t.bytearray_type) {
        let params = [(1, "encoding"), (2, "errors")];
        return match str_params(vm, &name, args, &params) {
            Some(e) => e,
            None => modules::unknown_encoding(vm, e, args.get(1, "encoding")),
        };
    }
    argument_type_error(vm, cls, args).unwrap_or(e)
}

fn argument_type_error(vm: &VirtualMachine, cls: &Py<PyType>, args: &Args) -> Option<PyBaseExceptionRef> {
    let t = &vm.ctx.types;
    if cls.is(t.type_type) {
        let want: [(&str, fn(&PyObject) -> bool); 3] = [
            ("str", |o| o.downcast_ref::<PyStr>().is_some()),
            ("tuple", |o| o.downcast_ref::<PyTuple>().is_some()),
            ("dict", |o| o.downcast_ref::<PyDict>().is_some()),
        ];
        for (i, (typ, ok)) in want.iter().enumerate() {
            let arg = args.positional.get(i)?;
            if !ok(arg) {
                let msg = format!("type.__new__() argument {} must be {typ}, not {}", i + 1, type_name(arg));
                return Some(vm.new_type_error(msg));
            }
        }
        return None;
    }
    let first = args.positional.first()?;
    if cls.is(t.super_type) && first.downcast_ref::<PyType>().is_none() {
        return Some(vm.new_type_error(format!("super() argument 1 must be a type, not {}", type_name(first))));
    }
    None
}
