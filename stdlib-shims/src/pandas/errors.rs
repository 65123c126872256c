//! pandas' exception classes (`pandas.errors`) and the mapping of table
//! engine errors onto Python exceptions.

use hipy_lazy::table::{Error, Kind};
use rustpython_vm::builtins::{PyBaseExceptionRef, PyTypeRef};
use rustpython_vm::VirtualMachine;
use std::sync::OnceLock;

/// The classes of `pandas.errors` that hipy raises, by name.
pub const CLASSES: &[(&str, &str)] = &[
    ("ParserError", "ValueError"),
    ("EmptyDataError", "ValueError"),
    ("IntCastingNaNError", "ValueError"),
    ("MergeError", "ValueError"),
    ("IndexingError", "Exception"),
    ("InvalidIndexError", "Exception"),
    ("DataError", "Exception"),
    ("SpecificationError", "Exception"),
];

static TYPES: OnceLock<Vec<(&'static str, PyTypeRef)>> = OnceLock::new();

pub fn types(vm: &VirtualMachine) -> &'static [(&'static str, PyTypeRef)] {
    TYPES.get_or_init(|| {
        CLASSES
            .iter()
            .map(|(name, base)| {
                let base = match *base {
                    "ValueError" => vm.ctx.exceptions.value_error.to_owned(),
                    _ => vm.ctx.exceptions.exception_type.to_owned(),
                };
                (*name, vm.ctx.new_exception_type("pandas.errors", name, Some(vec![base])))
            })
            .collect()
    })
}

pub fn class(vm: &VirtualMachine, name: &str) -> PyTypeRef {
    types(vm).iter().find(|(n, _)| *n == name).map(|(_, t)| t.clone()).expect("known pandas error class")
}

pub fn raise(vm: &VirtualMachine, e: Error) -> PyBaseExceptionRef {
    match e.kind {
        Kind::Value => vm.new_value_error(e.message),
        Kind::Type => vm.new_type_error(e.message),
        Kind::Key => vm.new_key_error(vm.ctx.new_str(e.message).into()),
        Kind::Parser => vm.new_exception_msg(class(vm, "ParserError"), e.message.into()),
        Kind::EmptyData => vm.new_exception_msg(class(vm, "EmptyDataError"), e.message.into()),
        Kind::IntCast => vm.new_exception_msg(class(vm, "IntCastingNaNError"), e.message.into()),
        Kind::Io => {
            if e.message.starts_with("[Errno 2]") {
                vm.new_exception_msg(vm.ctx.exceptions.file_not_found_error.to_owned(), e.message.into())
            } else {
                vm.new_os_error(e.message)
            }
        }
        Kind::NotImplemented => vm.new_not_implemented_error(e.message),
    }
}

/// `Result<T, table::Error>` to `PyResult<T>`.
pub trait OrRaise<T> {
    fn or_raise(self, vm: &VirtualMachine) -> rustpython_vm::PyResult<T>;
}

impl<T> OrRaise<T> for Result<T, Error> {
    fn or_raise(self, vm: &VirtualMachine) -> rustpython_vm::PyResult<T> {
        self.map_err(|e| raise(vm, e))
    }
}
