//! `hash()` of an int as CPython's `long_hash` computes it, installed as the
//! `int` type's hash slot (every caller gets it: dict and set keys, `hash()`,
//! tuple hashes). An exact int of one limb is reduced modulo 2**61 - 1 from
//! the word the probed layout reads (`layout::objects::int_value`); anything
//! else (big ints, subclasses) takes RustPython's bigint hash, which gives
//! the same values.

use rustpython_vm::builtins::PyInt;
use rustpython_vm::common::hash::PyHash;
use rustpython_vm::types::Hashable;
use rustpython_vm::{AsObject, PyObject, PyResult, VirtualMachine};

/// CPython's `_PyHASH_MODULUS` on 64-bit builds.
const MODULUS: u64 = (1 << 61) - 1;

/// The hash of an int of one limb (`v` is never `i64::MIN`: see
/// `layout::objects::int_value`).
#[inline]
pub fn small_int_hash(v: i64) -> PyHash {
    let a = v.unsigned_abs();
    let m = if a < MODULUS { a } else { a % MODULUS } as i64;
    let h = if v < 0 { -m } else { m };
    if h == -1 { -2 } else { h }
}

fn int_hash(zelf: &PyObject, vm: &VirtualMachine) -> PyResult<PyHash> {
    if zelf.class().is(vm.ctx.types.int_type) {
        if let Some(v) = crate::layout::objects::int_value(zelf) {
            return Ok(small_int_hash(v));
        }
    }
    let int = zelf.downcast_ref::<PyInt>().ok_or_else(|| vm.new_type_error("int.__hash__ of a non-int"))?;
    <PyInt as Hashable>::hash(int, vm)
}

/// Makes `int_hash` the int type's hash slot (subclasses made from now on
/// inherit it).
pub fn install(vm: &VirtualMachine) {
    vm.ctx.types.int_type.slots.hash.store(Some(int_hash));
}
