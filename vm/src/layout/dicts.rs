//! Where a dict keeps its keys-version stamp and its entry array (both
//! crate-private in RustPython 0.6), found by probing real dicts made through
//! the public API (the stamp by letting RustPython's own specializer assign
//! one) and checked several ways. `globals_cache` reads them.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;

use rustpython_vm::builtins::{PyDict, PyStrInterned};
use rustpython_vm::object::payload_offset;
use rustpython_vm::{AsObject, Py, PyObject, PyObjectRef, PyResult, VirtualMachine};

use super::addr;

/// Where a dict's stamp and entries are, in bytes from the object's start.
#[derive(Clone, Copy, Debug)]
pub struct DictLayout {
    /// The `u32` keys-version stamp.
    pub stamp: usize,
    /// The entry array's data pointer.
    pub entries: usize,
    /// The entry array's length.
    pub len: usize,
    /// Size of one entry and the key / value offsets inside it.
    pub stride: usize,
    pub key: usize,
    pub value: usize,
}

static LAYOUT: OnceLock<Option<DictLayout>> = OnceLock::new();

pub fn layout() -> Option<DictLayout> {
    *LAYOUT.get().unwrap_or(&None)
}

/// Probe the layout. Must run before hipy takes over function calls: the
/// probe calls a function through RustPython's own interpreter.
pub fn probe(vm: &VirtualMachine) {
    LAYOUT.get_or_init(|| probe_layout(vm).ok().flatten());
}

fn obj_words(o: &PyObject, n: usize) -> Vec<usize> {
    let base = o as *const PyObject as *const usize;
    // SAFETY: reading the object's own bytes as words, within its size.
    (0..n).map(|i| unsafe { *base.add(i) }).collect()
}


/// Words from the object start to the end of a `PyDict` payload.
fn dict_words() -> usize {
    (payload_offset::<PyDict>() + std::mem::size_of::<PyDict>()) / 8
}

fn probe_layout(vm: &VirtualMachine) -> PyResult<Option<DictLayout>> {
    let Some(vec) = probe_vec() else { return Ok(None) };
    let Some((entries, len, stride, key, value)) = probe_entries(vm, vec)? else { return Ok(None) };
    if !check_len(vm, len)? {
        return Ok(None);
    }
    let Some(stamp) = probe_stamp(vm)? else { return Ok(None) };
    let l = DictLayout { stamp, entries, len, stride, key, value };
    Ok(verify(vm, &l)?.then_some(l))
}

/// Word positions of (pointer, length, capacity) inside a `Vec`.
fn probe_vec() -> Option<(usize, usize, usize)> {
    let mut v: Vec<usize> = Vec::with_capacity(11);
    v.extend([1, 2, 3]);
    // SAFETY: a Vec is three words.
    let raw: [usize; 3] = unsafe { std::mem::transmute_copy(&v) };
    let ptr = raw.iter().position(|&w| w == v.as_ptr() as usize)?;
    let len = raw.iter().position(|&w| w == 3)?;
    let cap = raw.iter().position(|&w| w == v.capacity())?;
    (ptr != len && len != cap && ptr != cap).then_some((ptr, len, cap))
}

/// The entry array: a `Vec` in the payload (length 2, a small capacity)
/// whose data holds a fresh dict's keys and values, one entry after the
/// other. Returns (pointer offset, length offset, stride, key, value).
fn probe_entries(
    vm: &VirtualMachine,
    (vptr, vlen, vcap): (usize, usize, usize),
) -> PyResult<Option<(usize, usize, usize, usize, usize)>> {
    let keys: Vec<PyObjectRef> = (0..2).map(|i| vm.ctx.new_str(format!("hipy-probe-key-{i}")).into()).collect();
    let vals: Vec<PyObjectRef> = (0..2).map(|i| vm.ctx.new_str(format!("hipy-probe-val-{i}")).into()).collect();
    let d = vm.ctx.new_dict();
    for (k, v) in keys.iter().zip(&vals) {
        d.set_item(&**k, v.clone(), vm)?;
    }
    let words = obj_words(d.as_object(), dict_words());
    let start = payload_offset::<PyDict>() / 8;
    let mut found = None;
    for base in start..words.len().saturating_sub(2) {
        let (w, len, cap) = (words[base + vptr], words[base + vlen], words[base + vcap]);
        // Only a Vec-shaped triple holding two entries is followed.
        if len != 2 || !(2..=64).contains(&cap) || !(0x10000..0x8000_0000_0000).contains(&w) || w % 8 != 0 {
            continue;
        }
        // SAFETY: `w` is the data pointer of a Vec of at least two entries
        // of at least 24 bytes; reads stay in the first 48 bytes.
        let at = |off: usize| unsafe { *((w + off) as *const usize) };
        for stride in [24usize, 32, 40] {
            if cap * stride < 2 * stride {
                continue;
            }
            let k = (0..stride.min(24)).step_by(8).find(|&o| at(o) == addr(&keys[0]));
            let v = (0..stride.min(24)).step_by(8).find(|&o| at(o) == addr(&vals[0]));
            if let (Some(k), Some(v)) = (k, v) {
                if at(stride + k) == addr(&keys[1]) && at(stride + v) == addr(&vals[1]) {
                    if found.is_some() {
                        return Ok(None);
                    }
                    found = Some(((base + vptr) * 8, (base + vlen) * 8, stride, k, v));
                }
            }
        }
    }
    Ok(found)
}

/// The length word counts holes too: three keys with one deleted leave an
/// entry array of length 3 for 2 live keys.
fn check_len(vm: &VirtualMachine, off: usize) -> PyResult<bool> {
    let d = vm.ctx.new_dict();
    for i in 0..3 {
        d.set_item(&*vm.ctx.new_str(format!("hipy-len-probe-{i}")), vm.ctx.none(), vm)?;
    }
    d.del_item("hipy-len-probe-1", vm)?;
    let words = obj_words(d.as_object(), dict_words());
    Ok(words[off / 8] == 3 && d.__len__() == 2)
}

/// The stamp: the `u32` that RustPython's specializer turns from 0 into a
/// nonzero stamp when a function's LOAD_GLOBAL specializes on a dict whose
/// content does not change.
fn probe_stamp(vm: &VirtualMachine) -> PyResult<Option<usize>> {
    let scope = vm.new_scope_with_builtins();
    let g = scope.globals.clone();
    g.set_item("hipy_probe_value", vm.ctx.new_int(1).into(), vm)?;
    let before = obj_words(g.as_object(), dict_words());
    // Compiled when hipy is built, as `super::run_probe_code`'s probes.
    let code = rustpython_vm::builtins::PyCode::new_ref_from_frozen(
        vm,
        rustpython_vm::py_compile!(
            source = "def _hipy_probe():\n    for _ in range(200):\n        hipy_probe_value\n_hipy_probe()\n_hipy_probe()\n",
            module_name = "<hipy-probe>"
        ),
    );
    // Defining `_hipy_probe` changes the key set; the loop then specializes.
    vm.run_code_obj(code, scope.clone())?;
    let after = obj_words(g.as_object(), dict_words());
    let start = payload_offset::<PyDict>();
    let half = |w: &[usize], off: usize| (w[off / 8] >> (8 * (off % 8))) as u32;
    let candidates: Vec<usize> = (start..dict_words() * 8)
        .step_by(4)
        .filter(|&off| half(&after, off) != 0 && half(&before, off) == 0)
        .filter(|&off| off / 8 * 8 != 0)
        .collect();
    // Among the words that changed, the stamp is the one that a key-set
    // change resets to 0 while a value update keeps it.
    for off in candidates {
        let read = || unsafe { stamp_at(g.as_object(), off) };
        if read() == 0 {
            continue;
        }
        let kept = read();
        g.set_item("hipy_probe_value", vm.ctx.new_int(2).into(), vm)?;
        if read() != kept {
            continue;
        }
        g.set_item("hipy_probe_new_key", vm.ctx.none(), vm)?;
        if read() == 0 {
            return Ok(Some(off));
        }
    }
    Ok(None)
}

/// # Safety
/// `off` is the probed stamp offset and `d` a dict.
pub(crate) unsafe fn stamp_at(d: &PyObject, off: usize) -> u32 {
    let p = (d as *const PyObject as *const u8).add(off) as *const AtomicU32;
    (*p).load(Ordering::Acquire)
}

/// Checks the whole layout on a new dict: stamping, reading by index, and
/// the stamp's reset on a key-set change.
fn verify(vm: &VirtualMachine, l: &DictLayout) -> PyResult<bool> {
    let d = vm.ctx.new_dict();
    let names: Vec<&'static PyStrInterned> =
        (0..5).map(|i| vm.ctx.intern_str(format!("hipy_verify_{i}"))).collect();
    for (i, n) in names.iter().enumerate() {
        d.set_item(*n, vm.ctx.new_int(i).into(), vm)?;
    }
    let s = stamp_with(l, &d);
    if s == 0 {
        return Ok(false);
    }
    for (i, n) in names.iter().enumerate() {
        let Some(idx) = index_with(l, &d, n) else { return Ok(false) };
        let v = unsafe { value_with(l, &d, idx) };
        if !v.is(&d.get_item(*n, vm)?) || idx != i {
            return Ok(false);
        }
    }
    d.set_item(names[2], vm.ctx.new_int(99).into(), vm)?;
    if stamp_with(l, &d) != s || !unsafe { value_with(l, &d, 2) }.is(&d.get_item(names[2], vm)?) {
        return Ok(false);
    }
    d.del_item(names[4], vm)?;
    Ok(unsafe { stamp_at(d.as_object(), l.stamp) } == 0)
}

// ----- reading a dict through its layout -----

/// Stamps hipy hands out; RustPython's own counter starts at 1 and would
/// need three billion specializations to get here.
static NEXT_STAMP: AtomicU32 = AtomicU32::new(0xC000_0000);

pub(crate) fn stamp_with(l: &DictLayout, d: &Py<PyDict>) -> u32 {
    let p = unsafe { &*((d.as_object() as *const PyObject as *const u8).add(l.stamp) as *const AtomicU32) };
    let s = p.load(Ordering::Acquire);
    if s != 0 {
        return s;
    }
    let new = NEXT_STAMP.fetch_add(1, Ordering::Relaxed);
    if new == 0 {
        return 0;
    }
    match p.compare_exchange(0, new, Ordering::AcqRel, Ordering::Acquire) {
        Ok(_) => new,
        Err(cur) => cur,
    }
}

pub(crate) fn word(d: &Py<PyDict>, off: usize) -> usize {
    // SAFETY: `off` is a probed word offset inside the dict object.
    unsafe { *((d.as_object() as *const PyObject as *const u8).add(off) as *const usize) }
}

pub(crate) fn index_with(l: &DictLayout, d: &Py<PyDict>, key: &PyStrInterned) -> Option<usize> {
    let ptr = word(d, l.entries);
    let len = word(d, l.len);
    let want = key.as_object() as *const PyObject as usize;
    // SAFETY: `ptr` / `len` are the entry array's; a hole reads a null key.
    (0..len).find(|&i| unsafe { *((ptr + i * l.stride + l.key) as *const usize) } == want)
}

/// # Safety
/// `idx` was found by `index_with` under the dict's current stamp.
pub(crate) unsafe fn value_with<'a>(l: &DictLayout, d: &'a Py<PyDict>, idx: usize) -> &'a PyObject {
    let ptr = word(d, l.entries);
    &*(*((ptr + idx * l.stride + l.value) as *const *const PyObject))
}
