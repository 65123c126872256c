//! `import decimal` without `import re`, `import locale` or `import
//! collections`.
//!
//! `_pydecimal` imports `re` for four patterns and `locale` for the `n`
//! format; CPython's C `decimal` imports neither, and here they cost 72M
//! and 18M instructions at `import decimal`. It imports `collections` for
//! `DecimalTuple` (20M instructions here, against about 3M in CPython,
//! whose C `decimal` imports it too): the class is made when it is first
//! used instead (`native_decimal`). `with_stand_ins` runs
//! `_pydecimal`'s source with stand-ins for them (`stand_ins`) in
//! `sys.modules`, each when the real one is not imported yet and no other
//! thread runs.

use rustpython_vm::builtins::PyCode;
use rustpython_vm::{py_compile, AsObject, PyResult, VirtualMachine};

/// What `_pydecimal`'s `import re` and `import locale` get while it runs
/// when they are not imported yet.
///
/// `re`: `_pydecimal` uses four patterns, all through `match`:
/// - `_parser` (`Decimal(str)` of what `arith::parse` does not read: NaN,
///   Infinity, signs, exponents, non-ASCII digits; also at import, for the
///   module's constants): `_NumberPattern`, which gives the groups the
///   regular expression would for an ASCII string, and reads other strings
///   as CPython's C `decimal` does;
/// - `_all_zeros` and `_exact_half` (the rounding of the Python methods)
///   and the format-spec parser (`__format__`): compiled by the real `re`
///   the first time they are used.
///
/// `locale` (`_pydecimal._locale`, read by the format-spec parser for the
/// `n` format only): a module whose attributes are the real `locale`'s,
/// imported the first time one is read.
///
/// `collections`: `namedtuple` keeps its arguments (`_DeferredNamedtuple`);
/// `native_decimal` makes `DecimalTuple` from them on first use.
fn stand_ins() -> super::Code {
    py_compile!(
        source = r#"
class _LazyPattern:
    __slots__ = ('_args', '_compiled')

    def __init__(self, *args):
        self._args = args
        self._compiled = None

    def match(self, string, *args):
        p = self._compiled
        if p is None:
            import re
            p = self._compiled = re.compile(*self._args)
        return p.match(string, *args)


class _Groups(dict):
    """The groups of a match of `_pydecimal`'s `_parser`, by name."""
    __slots__ = ()
    group = dict.get


class _NumberPattern:
    """`_pydecimal`'s `_parser` (sign, then digits with an optional
    fraction and exponent, Inf or Infinity, or [s]NaN with diagnostic
    digits; case-insensitive; the whole string)."""
    __slots__ = ()

    def match(self, string):
        if not string.isascii():
            # As CPython's C `decimal`: a Unicode decimal digit reads as
            # its ASCII one, any other non-ASCII character is refused
            # (`_pydecimal`'s pattern folds 'ı', 'İ' and 'ſ' into ASCII
            # letters).
            if not all(c.isascii() or c.isdecimal() for c in string):
                return None
            string = ''.join(c if c.isascii() else str(int(c)) for c in string)
        sign = string[:1]
        if sign == '+' or sign == '-':
            body = string[1:]
        else:
            sign = None
            body = string
        low = body.lower()
        if low == 'inf' or low == 'infinity':
            return _Groups(sign=sign)
        if low.startswith('nan') or low.startswith('snan'):
            signal = body[0] if low[0] == 's' else None
            diag = body[4:] if signal else body[3:]
            if diag and not diag.isdigit():
                return None
            return _Groups(sign=sign, signal=signal, diag=diag)
        mantissa, e, exp = low.partition('e')
        if e and not (exp[1:] if exp[:1] == '+' or exp[:1] == '-' else exp).isdigit():
            return None
        intpart, dot, frac = mantissa.partition('.')
        if intpart and not intpart.isdigit() or frac and not frac.isdigit():
            return None
        if not intpart and not frac:
            return None
        return _Groups(sign=sign, int=intpart, frac=frac if dot else None,
                       exp=exp if e else None)


class _Spec:
    # As a module being imported: hipy's fixes for imported modules
    # (`vm/src/compat/lazy.rs`) wait for the real `re`.
    _initializing = True


def _compile(pattern, flags=0):
    # `_parser` is the only pattern compiled with these flags.
    if flags == re.VERBOSE | re.IGNORECASE:
        return _NumberPattern()
    return _LazyPattern(pattern, flags)


import sys
re = type(sys)('re')
re.VERBOSE, re.IGNORECASE, re.DOTALL = 64, 2, 16
re.compile = _compile
re.__spec__ = _Spec


def _locale_attribute(name):
    import locale
    return getattr(locale, name)


locale = type(sys)('locale')
locale.__getattr__ = _locale_attribute
locale.__spec__ = _Spec


class _DeferredNamedtuple:
    """What `namedtuple` gives `_pydecimal` for `DecimalTuple` without
    `collections`: the arguments, for the class to be made when it is first
    used (`native_decimal`)."""
    __slots__ = ('args', 'kwargs')
    _hipy_deferred = True

    def __init__(self, *args, **kwargs):
        self.args = args
        self.kwargs = kwargs


collections = type(sys)('collections')
collections.namedtuple = _DeferredNamedtuple
collections.__spec__ = _Spec
"#,
        module_name = "<hipy decimal stand_ins>"
    )
}

/// Runs `f` (`_pydecimal`'s source) with `stand_ins`' modules in
/// `sys.modules` in place of the real ones that are not imported yet.
pub(super) fn with_stand_ins(vm: &VirtualMachine, f: impl FnOnce() -> PyResult<()>) -> PyResult<()> {
    let modules = vm.sys_module.get_attr("modules", vm)?;
    let missing: Vec<&str> = ["re", "locale", "collections"].into_iter().filter(|name| modules.get_item(*name, vm).is_err()).collect();
    // Another thread would see the stand-ins in `sys.modules` (and get a
    // `re` that can only compile `_pydecimal`'s patterns): with threads
    // running, `_pydecimal` imports the real modules. No thread can start
    // while this one is the only one.
    if missing.is_empty() || vm.import("_thread", 0)?.get_attr("_count", vm)?.call((), vm)?.try_to_value::<usize>(vm)? != 0 {
        return f();
    }
    let ns = vm.ctx.new_dict();
    ns.set_item("__name__", vm.ctx.new_str("_pydecimal").into(), vm)?;
    vm.builtins.get_attr("exec", vm)?.call((PyCode::new_ref_from_frozen(vm, stand_ins()), ns.clone()), vm)?;
    let stubs = missing.iter().map(|&name| Ok((name, ns.get_item(name, vm)?))).collect::<PyResult<Vec<_>>>()?;
    for (name, stub) in &stubs {
        modules.set_item(*name, stub.clone(), vm)?;
    }
    let result = f();
    for (name, stub) in &stubs {
        if modules.get_item(*name, vm).is_ok_and(|m| m.is(stub)) {
            modules.del_item(*name, vm)?;
        }
    }
    result
}
