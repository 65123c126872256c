//! Object layouts compiled code reads inline: the object header (type
//! pointer, reference count), float payloads, type version tags, and the
//! item pointer and length of exact lists and tuples. Probed at start-up on
//! real objects and checked against the public API; `layout()` is None, and
//! the JIT stays off, if a probe fails.

use std::sync::OnceLock;

use hipy_jit::ObjLayout;
use rustpython_vm::builtins::{PyFloat, PyType};
use rustpython_vm::object::payload_offset;
use rustpython_vm::{AsObject, PyObjectRef, VirtualMachine};

/// Object field offsets the compiled code reads inline, probed at start-up.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub obj: ObjLayout,
    /// `PyType::tp_version_tag` from the start of a type object.
    pub version_offset: i32,
    /// Where exact lists and tuples keep their item pointer and length.
    pub list: Option<SeqLayout>,
    pub tuple: Option<SeqLayout>,
    /// The reference count word, when its encoding is the one
    /// `probe_refcounts` checks (compiled code then counts inline).
    pub refcount_offset: Option<i32>,
    /// Where an exact int keeps a one-limb magnitude and its sign.
    pub int: Option<IntLayout>,
}

/// Byte offsets, from the object's start, of a small int's parts (see
/// `hipy_jit::InlineUnboxInt`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntLayout {
    /// A word equal to `tag` exactly when the magnitude is one limb.
    pub tag_offset: i32,
    pub tag: u64,
    pub limb_offset: i32,
    /// A byte, non-zero for values >= 0.
    pub sign_offset: i32,
}

/// Byte offsets, from the object's start, of a sequence's item array
/// pointer and its length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeqLayout {
    pub items: i32,
    pub len: i32,
}

/// The 8 bytes at `off` from the start of object `o`.
///
/// SAFETY: `off + 8` lies within `o`'s allocation.
#[inline]
unsafe fn word_at(o: &rustpython_vm::PyObject, off: usize) -> u64 {
    unsafe { std::ptr::read_unaligned((o as *const rustpython_vm::PyObject as *const u8).add(off) as *const u64) }
}

/// The byte at `off` from the start of object `o` (SAFETY: as `word_at`).
#[inline]
unsafe fn byte_at(o: &rustpython_vm::PyObject, off: usize) -> u8 {
    unsafe { *(o as *const rustpython_vm::PyObject as *const u8).add(off) }
}

/// The words of `o` (from its payload, `size` bytes) equal to its item
/// pointer and to its length, if each appears exactly once.
fn seq_words(o: &rustpython_vm::PyObject, payload: usize, size: usize, items: usize, len: usize) -> Option<SeqLayout> {
    // SAFETY: reading the object's own payload words.
    let words: Vec<(usize, usize)> = (payload..payload + size)
        .step_by(8)
        .map(|off| (off, unsafe { word_at(o, off) } as usize))
        .collect();
    let unique = |want: usize| {
        let mut hits = words.iter().filter(|(_, w)| *w == want);
        match (hits.next(), hits.next()) {
            (Some((off, _)), None) => Some(*off as i32),
            _ => None,
        }
    };
    Some(SeqLayout { items: unique(items)?, len: unique(len)? })
}

/// Probe list and tuple layouts on two objects of different lengths each;
/// both must agree.
fn probe_seqs(vm: &VirtualMachine) -> (Option<SeqLayout>, Option<SeqLayout>) {
    use rustpython_vm::builtins::{PyList, PyTuple};
    let item = |i: usize| -> PyObjectRef { vm.ctx.new_int(i).into() };
    let list = |n: usize| {
        let l = vm.ctx.new_list((0..n).map(item).collect());
        // One more item: the capacity then differs from the length.
        l.borrow_vec_mut().push(item(n));
        let (p, len) = {
            let v = l.borrow_vec();
            (v.as_ptr() as usize, v.len())
        };
        seq_words(l.as_object(), payload_offset::<PyList>(), std::mem::size_of::<PyList>(), p, len)
    };
    let tuple = |n: usize| {
        let t = vm.ctx.new_tuple((0..n).map(item).collect());
        let s = t.as_slice();
        seq_words(t.as_object(), payload_offset::<PyTuple>(), std::mem::size_of::<PyTuple>(), s.as_ptr() as usize, s.len())
    };
    let agree = |a: Option<SeqLayout>, b: Option<SeqLayout>| a.filter(|a| Some(*a) == b);
    (agree(list(7), list(13)), agree(tuple(7), tuple(13)))
}

/// Probe how ints hold one-limb magnitudes: on values of both signs up to
/// 2^63 - 1, one payload word is the same (the tag) and differs on
/// multi-limb values, one word is the magnitude, and one byte is 1 exactly
/// for the values >= 0. Each must be the only one of its kind.
fn probe_ints(vm: &VirtualMachine) -> Option<IntLayout> {
    use rustpython_vm::builtins::PyInt;
    let payload = payload_offset::<PyInt>();
    let size = std::mem::size_of::<PyInt>();
    let small: [i64; 11] = [0, 1, 7, 12345, (1 << 40) + 3, 1 << 62, i64::MAX, -1, -5, -(1 << 40), -i64::MAX];
    let small: Vec<(PyObjectRef, i64)> = small.iter().map(|&v| (vm.ctx.new_int(v).into(), v)).collect();
    let big: Vec<(PyObjectRef, bool)> = [(1i128 << 64) + 1, -(1i128 << 70), 1i128 << 100]
        .iter()
        .map(|&v| (vm.ctx.new_int(v).into(), v >= 0))
        .collect();
    // SAFETY: reading the objects' own payload bytes and words.
    let byte = |o: &PyObjectRef, off: usize| unsafe { byte_at(o, off) };
    let word = |o: &PyObjectRef, off: usize| unsafe { word_at(o, off) };
    let words = (payload..payload + size - 7).step_by(8);
    let only = |mut hits: Vec<usize>| if hits.len() == 1 { hits.pop() } else { None };
    // A word a small int leaves unused (a multi-limb value's length) can
    // also be the same on every small int (zero, in fresh memory) and
    // differ on the big ones; the tag is the candidate that is not zero
    // when there are several (the probe failed, and every int was read
    // through RustPython's conversion, whenever memory came fresh).
    let candidates: Vec<usize> = words
        .clone()
        .filter(|&off| {
            let tag = word(&small[0].0, off);
            small.iter().all(|(o, _)| word(o, off) == tag) && big.iter().all(|(o, _)| word(o, off) != tag)
        })
        .collect();
    let tag_offset = match candidates[..] {
        [off] => off,
        _ => only(candidates.into_iter().filter(|&off| word(&small[0].0, off) != 0).collect())?,
    };
    let limb_offset = only(words.filter(|&off| small.iter().all(|(o, v)| word(o, off) == v.unsigned_abs())).collect())?;
    let sign_offset = only(
        (payload..payload + size)
            .filter(|&off| {
                small.iter().all(|(o, v)| byte(o, off) == u8::from(*v >= 0)) && big.iter().all(|(o, pos)| byte(o, off) == u8::from(*pos))
            })
            .collect(),
    )?;
    Some(IntLayout { tag_offset: tag_offset as i32, tag: word(&small[0].0, tag_offset), limb_offset: limb_offset as i32, sign_offset: sign_offset as i32 })
}

static LAYOUT: OnceLock<Option<Layout>> = OnceLock::new();

/// Probe the object layout; the JIT stays off if any probe disagrees with
/// the public API.
pub fn probe(vm: &VirtualMachine) {
    LAYOUT.get_or_init(|| probe_layout(vm));
}

fn probe_layout(vm: &VirtualMachine) -> Option<Layout> {
    // SAFETY: header words and the float payload, within each object.
    let word = |o: &rustpython_vm::PyObject, off: usize| unsafe { word_at(o, off) } as usize;
    // The type pointer: the header word equal to the class's address, the
    // same on several objects of different types.
    let samples: Vec<PyObjectRef> = vec![
        vm.ctx.new_float(1.5).into(),
        vm.ctx.new_int(7).into(),
        vm.ctx.new_list(vec![]).into(),
        vm.ctx.new_str("x").into(),
    ];
    let head = rustpython_vm::object::SIZEOF_PYOBJECT_HEAD;
    let type_offset = (0..head).step_by(8).find(|&off| {
        samples
            .iter()
            .all(|o| word(o, off) == o.class().as_object() as *const rustpython_vm::PyObject as usize)
    })?;
    let fpo = payload_offset::<PyFloat>();
    for x in [1.5f64, -0.0, 1e300] {
        let o: PyObjectRef = vm.ctx.new_float(x).into();
        if word(&o, fpo) as u64 != x.to_bits() {
            return None;
        }
    }
    let version_offset = payload_offset::<PyType>() + std::mem::offset_of!(PyType, tp_version_tag);
    let t = vm.ctx.types.int_type;
    let v = t.tp_version_tag.load(std::sync::atomic::Ordering::Acquire);
    let read = unsafe { *((t.as_object() as *const rustpython_vm::PyObject as *const u8).add(version_offset) as *const u32) };
    if read != v {
        return None;
    }
    let (list, tuple) = probe_seqs(vm);
    Some(Layout {
        obj: ObjLayout { type_offset: type_offset as i32, float_payload_offset: fpo as i32 },
        version_offset: version_offset as i32,
        list,
        tuple,
        refcount_offset: probe_refcounts(vm),
        int: probe_ints(vm),
    })
}

/// RustPython 0.6's count word: the count in the low 60 bits, then the
/// IMMORTAL, LEAKED, PUBLISHED and DESTRUCTED flags (bits 60 to 63).
pub(crate) const COUNT_MASK: u64 = (1 << 60) - 1;
pub(crate) const IMMORTAL: u64 = 1 << 60;
/// LEAKED and DESTRUCTED: the helper decides.
pub(crate) const SLOW_FLAGS: u64 = (1 << 61) | (1 << 63);

/// The offset of the reference count word in the object header: the one
/// word that follows `strong_count` as references come and go, with no flag
/// set, and that gains the IMMORTAL bit when the object is made immortal.
fn probe_refcounts(vm: &VirtualMachine) -> Option<i32> {
    let head = rustpython_vm::object::SIZEOF_PYOBJECT_HEAD;
    let words = |o: &PyObjectRef| -> Vec<u64> {
        (0..head / 8)
            // SAFETY: reading the object's header words, within its size.
            .map(|i| unsafe { *((o.as_object() as *const rustpython_vm::PyObject as *const u64).add(i)) })
            .collect()
    };
    let o: PyObjectRef = vm.ctx.new_float(2.5).into();
    let one = words(&o);
    let o2 = o.clone();
    let two = words(&o);
    let changed: Vec<usize> = (0..one.len()).filter(|&i| one[i] != two[i]).collect();
    let [i] = changed[..] else { return None };
    let counts_ok = one[i] & !(1 << 62) == 1 && two[i] & !(1 << 62) == 2 && o.strong_count() == 2;
    drop(o2);
    if !counts_ok || words(&o)[i] != one[i] {
        return None;
    }
    let forever: PyObjectRef = vm.ctx.new_float(3.5).into();
    forever.make_immortal();
    let w = words(&forever)[i];
    (forever.is_immortal() && w & IMMORTAL != 0 && w & SLOW_FLAGS == 0).then_some((i * 8) as i32)
}

/// The value of exact int `o` when it fits an i64 other than `i64::MIN`
/// (the JIT's unboxed ints; `i64::MIN` is its "does not fit" value). Reads
/// a one-limb value through the probed layout, as compiled code does.
pub fn exact_small_int(vm: &VirtualMachine, o: &rustpython_vm::PyObject) -> Option<i64> {
    if !o.class().is(vm.ctx.types.int_type) {
        return None;
    }
    int_value(o)
}

/// The value of `o`, which the caller has checked is an exact int, when it
/// fits an i64 other than `i64::MIN`: one read of its magnitude word
/// through the probed layout (RustPython's conversion walks the bigint).
/// RustPython's conversion answers when the layout was not probed or the
/// magnitude is not one limb.
#[inline]
pub fn int_value(o: &rustpython_vm::PyObject) -> Option<i64> {
    if let Some(int) = LAYOUT.get().and_then(|l| l.as_ref()).and_then(|l| l.int.as_ref()) {
        // SAFETY: `o` is an exact int; the offsets were probed on ints.
        let (tag, limb) = unsafe { (word_at(o, int.tag_offset as usize), word_at(o, int.limb_offset as usize)) };
        if tag == int.tag {
            if limb > i64::MAX as u64 {
                return None;
            }
            // SAFETY: as above.
            let sign = unsafe { byte_at(o, int.sign_offset as usize) };
            return Some(if sign != 0 { limb as i64 } else { -(limb as i64) });
        }
    }
    int_value_slow(o)
}

#[cold]
#[inline(never)]
fn int_value_slow(o: &rustpython_vm::PyObject) -> Option<i64> {
    use num_traits::ToPrimitive;
    o.downcast_ref::<rustpython_vm::builtins::PyInt>()?.as_bigint().to_i64().filter(|v| *v != i64::MIN)
}

pub fn layout() -> Option<Layout> {
    *LAYOUT.get().unwrap_or(&None)
}

